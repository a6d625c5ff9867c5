/* PE 0's decision on the claim of a PE that has proved the job secret (or
 * of any PE, in a job without one). Pure logic, no I/O. */
#ifndef MISHMEM_BOOTSTRAP_TCP_HELLO_CHECK_H
#define MISHMEM_BOOTSTRAP_TCP_HELLO_CHECK_H

#include "bootstrap/bootstrap.h"
#include "bootstrap/tcp_wire.h"

enum mishmem_tcp_verdict {
    MISHMEM_TCP_VERDICT_ACCEPT, /* a new PE of this job */
    MISHMEM_TCP_VERDICT_REFUSE, /* refuse and drop the newcomer; the job goes on */
    MISHMEM_TCP_VERDICT_FATAL,  /* one of ours, but the job cannot be formed */
};

/* Checks in order: instance id, n_pes, PE range, PE already connected
 * (client_fds[pe] >= 0). A disagreement about n_pes or an impossible PE
 * number is FATAL only when the job has a secret: without one, anybody
 * could send it, so it fails the newcomer alone. Fills why unless ACCEPT. */
enum mishmem_tcp_verdict mishmem_tcp_check_claim(const struct mishmem_tcp_claim *claim,
                                                 const struct mishmem_bootstrap_config *config,
                                                 const int *client_fds,
                                                 struct mishmem_tcp_refusal *why);

#endif
