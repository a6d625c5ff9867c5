/* The last way to share segment descriptors: each PE hands its descriptor
 * to every peer over a Unix socket (SCM_RIGHTS). Works where the kernel
 * refuses pidfd_getfd and /proc/PID/fd (ptrace restrictions). */
#ifndef MISHMEM_HEAP_FD_EXCHANGE_H
#define MISHMEM_HEAP_FD_EXCHANGE_H

#include <stdint.h>
#include <sys/types.h>

#include "bootstrap/bootstrap.h"

/* Collective over the bootstrap's PEs. tokens[pe] names PE pe's socket
 * (random, exchanged beforehand); pids[pe] is who may connect. On success
 * peer_fds[pe] holds PE pe's descriptor (-1 for this PE). Returns ACLSHMEM_*. */
int mishmem_fd_exchange(struct mishmem_bootstrap *boot, int my_fd, const uint64_t *tokens, const pid_t *pids,
                        uint32_t timeout_ms, int *peer_fds);

#endif
