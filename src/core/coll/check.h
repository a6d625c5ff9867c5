/* Argument checks shared by the collectives. Each returns ACLSHMEM_*; with
 * MISHMEM_ABORT a failure prints its message and ends the process, with
 * MISHMEM_RETURN_ERROR it is logged and the code returned. */
#ifndef MISHMEM_CORE_COLL_CHECK_H
#define MISHMEM_CORE_COLL_CHECK_H

#include <stddef.h>

#include "core/coll/group.h"
#include "core/on_error.h"

/* Reports "<call>: <message> (PE p of instance i)"; returns INVALID_PARAM. */
int mishmem_coll_fail(const struct mishmem_coll_group *g, enum mishmem_on_error on_error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* *bytes = nelems * elem_size * factor, refused when it overflows. */
int mishmem_coll_bytes(const struct mishmem_coll_group *g, size_t nelems, size_t elem_size, size_t factor,
                       size_t *bytes, enum mishmem_on_error on_error);

/* [addr, addr + len) must be symmetric: heap, or global data in the
 * shmem_init world (len 0 is always fine). */
int mishmem_coll_check_symmetric(const struct mishmem_coll_group *g, const char *what, const void *addr,
                                 size_t len, enum mishmem_on_error on_error);

/* dest and source must not overlap; identical_ok also accepts the very
 * same buffer (in-place reductions, broadcast). */
int mishmem_coll_check_disjoint(const struct mishmem_coll_group *g, const void *dest, size_t dest_len,
                                const void *source, size_t source_len, int identical_ok,
                                enum mishmem_on_error on_error);

/* dest and source symmetric (dest checked first) and disjoint, the very same
 * buffer accepted where identical_ok (in-place broadcast and reductions; never
 * for alltoall(s) and fcollect). */
int mishmem_coll_check_buffers(const struct mishmem_coll_group *g, const void *dest, size_t dest_len,
                               const void *source, size_t source_len, int identical_ok,
                               enum mishmem_on_error on_error);

#endif
