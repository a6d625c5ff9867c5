#include "bootstrap/tcp_hello_check.h"

#include <string.h>

static enum mishmem_tcp_verdict verdict(enum mishmem_tcp_verdict v, uint32_t reason,
                                        struct mishmem_tcp_refusal *why)
{
    why->reason = reason;
    return v;
}

enum mishmem_tcp_verdict mishmem_tcp_check_hello(const struct mishmem_tcp_hello *hello,
                                                 const struct mishmem_bootstrap_config *config,
                                                 const int *client_fds,
                                                 struct mishmem_tcp_refusal *why)
{
    memset(why, 0, sizeof *why);
    why->pe = hello->pe;
    why->n_pes_claimed = hello->n_pes;
    why->n_pes_server = (uint32_t)config->n_pes;
    why->instance_server = config->instance_id;
    why->version_server = MISHMEM_TCP_VERSION;

    /* The version decides how the rest is laid out, so it comes first. */
    if (hello->version != MISHMEM_TCP_VERSION)
        return verdict(MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_VERSION, why);
    /* An all-zero secret ("none") is compared like any other. */
    if (!mishmem_tcp_secret_equal(hello->secret, config->secret))
        return verdict(MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_WRONG_SECRET, why);
    if (hello->instance_id != config->instance_id)
        return verdict(MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_INSTANCE, why);
    /* From here on the sender knows our secret: it is one of our PEs, and
     * a PE that disagrees about the job's shape dooms the whole job. */
    if (hello->n_pes != (uint32_t)config->n_pes)
        return verdict(MISHMEM_TCP_VERDICT_FATAL, MISHMEM_TCP_REASON_N_PES, why);
    if (hello->pe < 1 || hello->pe >= (uint32_t)config->n_pes)
        return verdict(MISHMEM_TCP_VERDICT_FATAL, MISHMEM_TCP_REASON_PE_RANGE, why);
    if (client_fds[hello->pe] >= 0)
        return verdict(MISHMEM_TCP_VERDICT_REFUSE, MISHMEM_TCP_REASON_DUPLICATE, why);
    return MISHMEM_TCP_VERDICT_ACCEPT;
}
