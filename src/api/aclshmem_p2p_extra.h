/* Point-to-point set helpers for the types that the aclshmem face has
 * beyond OpenSHMEM's table 7 (the seed's char, float, int8, int16, uint8,
 * uint16): core/p2p_set.h generates its helpers from MISHMEM_P2P_SYNC_TYPES
 * only. These have the same names, signatures and semantics, so
 * aclshmem_p2p.c expands one macro over MISHMEM_ACL_P2P_SYNC_TYPES. Once
 * core generates from that list, delete this file. The scans are written
 * once over a per-type `holds`, which the compiler inlines (it is a
 * constant argument of a static inline function). */
#ifndef MISHMEM_API_ACLSHMEM_P2P_EXTRA_H
#define MISHMEM_API_ACLSHMEM_P2P_EXTRA_H

#include <stddef.h>
#include <stdint.h>

#include "core/p2p_set.h"
#include "mishmem/type_tables.h"

#define ACL_TT_P2P_EXTRA(F) MISHMEM_TT_AND(MISHMEM_FLAG(ap2p, F), MISHMEM_TT_NOT(MISHMEM_FLAG(p2p, F)))
#define MISHMEM_ACL_P2P_EXTRA_TYPES(X) MISHMEM_TYPES_WHERE(ACL_TT_P2P_EXTRA, MISHMEM_W1_TN, X, ~)

/* Whether element i of the set holds. */
typedef int (*acl_p2p_holds_fn)(const void *ivars, size_t i, int cmp, const void *values, size_t stride);

/* 1 when every element of the set holds (so also when it is empty). */
static inline int acl_p2p_scan_all(acl_p2p_holds_fn holds, const void *ivars, size_t nelems,
                                   const int *status, int cmp, const void *values, size_t stride)
{
    for (size_t i = 0; i < nelems; i++)
        if (MISHMEM_P2P_IN_SET(status, i) && !holds(ivars, i, cmp, values, stride))
            return 0;
    return 1;
}

/* One element of the set that holds, or SIZE_MAX; starts after the one
 * found last, as core's scans do. */
static inline size_t acl_p2p_scan_any(acl_p2p_holds_fn holds, const void *ivars, size_t nelems,
                                      const int *status, int cmp, const void *values, size_t stride)
{
    size_t i = nelems ? mishmem_p2p_any_start % nelems : 0;
    for (size_t seen = 0; seen < nelems; seen++, i = i + 1 == nelems ? 0 : i + 1)
        if (MISHMEM_P2P_IN_SET(status, i) && holds(ivars, i, cmp, values, stride)) {
            mishmem_p2p_any_start = i + 1;
            return i;
        }
    return SIZE_MAX;
}

/* The elements of the set that hold, into indices; their count. */
static inline size_t acl_p2p_scan_some(acl_p2p_holds_fn holds, const void *ivars, size_t nelems,
                                       size_t *indices, const int *status, int cmp, const void *values,
                                       size_t stride)
{
    size_t count = 0;
    for (size_t i = 0; i < nelems; i++)
        if (MISHMEM_P2P_IN_SET(status, i) && holds(ivars, i, cmp, values, stride))
            indices[count++] = i;
    return count;
}

/* The generic __atomic_load takes any type (float too, unlike _n). */
#define ACL_DEFINE_P2P_EXTRA(T, N)                                                                        \
    static inline int acl_p2p_##N##_holds(const void *ivars, size_t i, int cmp, const void *values,      \
                                          size_t stride)                                                 \
    {                                                                                                    \
        T value;                                                                                         \
        __atomic_load((const T *)ivars + i, &value, __ATOMIC_ACQUIRE);                                   \
        return MISHMEM_COMPARE(cmp, value, ((const T *)values)[i * stride]) == 1;                        \
    }                                                                                                    \
    static inline int mishmem_p2p_##N##_test_all(const char *call, T *ivars, size_t nelems,              \
                                                 const int *status, int cmp, const T *values,            \
                                                 size_t stride, enum mishmem_on_error on_error)          \
    {                                                                                                    \
        int rc = mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error);                          \
        if (rc != ACLSHMEM_SUCCESS)                                                                      \
            return rc;                                                                                   \
        return acl_p2p_scan_all(acl_p2p_##N##_holds, ivars, nelems, status, cmp, values, stride);        \
    }                                                                                                    \
    static inline size_t mishmem_p2p_##N##_test_any(const char *call, T *ivars, size_t nelems,           \
                                                    const int *status, int cmp, const T *values,         \
                                                    size_t stride, enum mishmem_on_error on_error)       \
    {                                                                                                    \
        if (mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error) != ACLSHMEM_SUCCESS)           \
            return SIZE_MAX;                                                                             \
        return acl_p2p_scan_any(acl_p2p_##N##_holds, ivars, nelems, status, cmp, values, stride);        \
    }                                                                                                    \
    static inline size_t mishmem_p2p_##N##_test_some(const char *call, T *ivars, size_t nelems,          \
                                                     size_t *indices, const int *status, int cmp,        \
                                                     const T *values, size_t stride,                     \
                                                     enum mishmem_on_error on_error)                     \
    {                                                                                                    \
        if (mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error) != ACLSHMEM_SUCCESS ||         \
            mishmem_p2p_check_indices(call, indices, nelems, on_error) != ACLSHMEM_SUCCESS)              \
            return 0;                                                                                    \
        return acl_p2p_scan_some(acl_p2p_##N##_holds, ivars, nelems, indices, status, cmp, values,       \
                                 stride);                                                                \
    }                                                                                                    \
    static inline int mishmem_p2p_##N##_wait_all(struct mishmem_instance *inst, const char *call,        \
                                                 T *ivars, size_t nelems, const int *status, int cmp,    \
                                                 const T *values, size_t stride,                         \
                                                 enum mishmem_on_error on_error)                         \
    {                                                                                                    \
        int rc = mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error);                          \
        if (rc != ACLSHMEM_SUCCESS)                                                                      \
            return rc;                                                                                   \
        MISHMEM_WAIT_DATA_UNTIL(inst, call, acl_p2p_scan_all(acl_p2p_##N##_holds, ivars, nelems, status, \
                                                             cmp, values, stride));                      \
        return ACLSHMEM_SUCCESS;                                                                         \
    }                                                                                                    \
    static inline size_t mishmem_p2p_##N##_wait_any(struct mishmem_instance *inst, const char *call,     \
                                                    T *ivars, size_t nelems, const int *status, int cmp, \
                                                    const T *values, size_t stride,                      \
                                                    enum mishmem_on_error on_error)                      \
    {                                                                                                    \
        if (mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error) != ACLSHMEM_SUCCESS ||         \
            mishmem_p2p_set_empty(nelems, status))                                                       \
            return SIZE_MAX;                                                                             \
        size_t found;                                                                                    \
        MISHMEM_WAIT_DATA_UNTIL(inst, call,                                                              \
                                (found = acl_p2p_scan_any(acl_p2p_##N##_holds, ivars, nelems, status,    \
                                                          cmp, values, stride)) != SIZE_MAX);            \
        return found;                                                                                    \
    }                                                                                                    \
    static inline size_t mishmem_p2p_##N##_wait_some(struct mishmem_instance *inst, const char *call,    \
                                                     T *ivars, size_t nelems, size_t *indices,           \
                                                     const int *status, int cmp, const T *values,        \
                                                     size_t stride, enum mishmem_on_error on_error)      \
    {                                                                                                    \
        if (mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error) != ACLSHMEM_SUCCESS ||         \
            mishmem_p2p_check_indices(call, indices, nelems, on_error) != ACLSHMEM_SUCCESS ||            \
            mishmem_p2p_set_empty(nelems, status))                                                       \
            return 0;                                                                                    \
        size_t count;                                                                                    \
        MISHMEM_WAIT_DATA_UNTIL(inst, call,                                                              \
                                (count = acl_p2p_scan_some(acl_p2p_##N##_holds, ivars, nelems, indices,  \
                                                           status, cmp, values, stride)) > 0);           \
        return count;                                                                                    \
    }
MISHMEM_ACL_P2P_EXTRA_TYPES(ACL_DEFINE_P2P_EXTRA)
#undef ACL_DEFINE_P2P_EXTRA

#endif
