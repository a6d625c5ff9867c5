#include "core/coll/check.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "util/log.h"

int mishmem_coll_fail(const struct mishmem_coll_group *g, enum mishmem_on_error on_error, const char *fmt, ...)
{
    char what[320];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s: %s (PE %d of instance %llu)", g->call, what, g->inst->my_pe,
                      (unsigned long long)g->inst->id);
    MISHMEM_ERROR("%s: %s (PE %d of instance %llu)", g->call, what, g->inst->my_pe,
                  (unsigned long long)g->inst->id);
    return ACLSHMEM_INVALID_PARAM;
}

int mishmem_coll_bytes(const struct mishmem_coll_group *g, size_t nelems, size_t elem_size, size_t factor,
                       size_t *bytes, enum mishmem_on_error on_error)
{
    size_t one;
    if (__builtin_mul_overflow(nelems, elem_size, &one) || __builtin_mul_overflow(one, factor, bytes))
        return mishmem_coll_fail(g, on_error, "%zu elements of %zu bytes (x%zu) overflow the address space",
                                 nelems, elem_size, factor);
    return ACLSHMEM_SUCCESS;
}

int mishmem_coll_check_symmetric(const struct mishmem_coll_group *g, const char *what, const void *addr,
                                 size_t len, enum mishmem_on_error on_error)
{
    if (len == 0 || mishmem_in_heap(g->inst, addr, len))
        return ACLSHMEM_SUCCESS;
    struct mishmem_instance *inst = g->inst;
    return mishmem_coll_fail(g, on_error, "%s %p (+%zu bytes) is not symmetric: not in the symmetric heap "
                             "of instance %llu [%p, %p) nor in the program's global data", what, addr, len,
                             (unsigned long long)inst->id, (void *)inst->heap_base,
                             (void *)(inst->heap_base + inst->heap_size));
}

int mishmem_coll_check_disjoint(const struct mishmem_coll_group *g, const void *dest, size_t dest_len,
                                const void *source, size_t source_len, int identical_ok,
                                enum mishmem_on_error on_error)
{
    uintptr_t d = (uintptr_t)dest, s = (uintptr_t)source;
    if (dest_len == 0 || source_len == 0 || d + dest_len <= s || s + source_len <= d)
        return ACLSHMEM_SUCCESS;
    if (identical_ok && d == s && dest_len == source_len)
        return ACLSHMEM_SUCCESS;
    return mishmem_coll_fail(g, on_error, "dest %p (+%zu bytes) and source %p (+%zu bytes) overlap%s", dest,
                             dest_len, source, source_len,
                             identical_ok ? "; they must be the same buffer or disjoint" : "");
}

int mishmem_coll_check_buffers(const struct mishmem_coll_group *g, const void *dest, size_t dest_len,
                               const void *source, size_t source_len, int identical_ok,
                               enum mishmem_on_error on_error)
{
    int rc = mishmem_coll_check_symmetric(g, "dest", dest, dest_len, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_symmetric(g, "source", source, source_len, on_error);
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_coll_check_disjoint(g, dest, dest_len, source, source_len, identical_ok, on_error);
    return rc;
}
