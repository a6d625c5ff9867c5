/* Which PEs share a host: the same kernel (boot id), the same PID
 * namespace (a PID names the same process only inside one), and the same
 * MISHMEM_HOST_ID when that is set ("%p" in it stands for the PE number, so
 * "h%p" makes every PE its own host). Only such peers may be mapped. */
#ifndef MISHMEM_TRANSPORT_LOCALITY_H
#define MISHMEM_TRANSPORT_LOCALITY_H

#include <stddef.h>

#include "transport/transport.h"

/* This process's identity as PE `pe`. Returns ACLSHMEM_* (INVALID_VALUE for
 * a MISHMEM_HOST_ID that is too long). */
int mishmem_host_identity_read(int pe, struct mishmem_host_identity *out);

/* Whether a and b run on one kernel (boot id), whatever their host ids:
 * namespaces and MISHMEM_HOST_ID make "hosts" that share its CPUs. */
int mishmem_same_kernel(const struct mishmem_host_identity *a, const struct mishmem_host_identity *b);

/* 1 when a and b are the same host; else 0 and `why` says what differs. */
int mishmem_same_host(const struct mishmem_host_identity *a, const struct mishmem_host_identity *b, char *why,
                      size_t why_size);

#endif
