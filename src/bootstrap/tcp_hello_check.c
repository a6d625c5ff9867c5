#include "bootstrap/tcp_hello_check.h"

#include <string.h>

#include "bootstrap/tcp_auth.h"

static enum mishmem_tcp_verdict verdict(enum mishmem_tcp_verdict v, uint32_t reason,
                                        struct mishmem_tcp_refusal *why)
{
    why->reason = reason;
    return v;
}

enum mishmem_tcp_verdict mishmem_tcp_check_claim(const struct mishmem_tcp_claim *claim,
                                                 const struct mishmem_bootstrap_config *config,
                                                 const int *client_fds,
                                                 struct mishmem_tcp_refusal *why)
{
    memset(why, 0, sizeof *why);
    why->pe = claim->pe;
    why->n_pes_claimed = claim->n_pes;
    why->n_pes_server = (uint32_t)config->n_pes;
    why->instance_server = config->instance_id;
    why->version_server = MISHMEM_TCP_VERSION;

    if (claim->instance_id != config->instance_id)
        return verdict(MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_INSTANCE, why);
    /* With a secret, the sender is one of our PEs, and a PE that disagrees
     * about the job's shape dooms the whole job. */
    enum mishmem_tcp_verdict shape = mishmem_tcp_secret_is_set(config->secret)
                                         ? MISHMEM_TCP_VERDICT_FATAL
                                         : MISHMEM_TCP_VERDICT_REFUSE;
    if (claim->n_pes != (uint32_t)config->n_pes)
        return verdict(shape, MISHMEM_TCP_REASON_N_PES, why);
    if (claim->pe < 1 || claim->pe >= (uint32_t)config->n_pes)
        return verdict(shape, MISHMEM_TCP_REASON_PE_RANGE, why);
    if (client_fds[claim->pe] >= 0)
        return verdict(MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_DUPLICATE, why);
    return MISHMEM_TCP_VERDICT_ACCEPT;
}
