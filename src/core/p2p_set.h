/* Point-to-point waits and tests over an array of ivars (OpenSHMEM 1.5
 * wait_until_all/any/some, test_all/any/some and their _vector forms),
 * generated per type from MISHMEM_P2P_SYNC_TYPES and, for the aclshmem
 * face, the seed's further types (char, float, int8, ...: MISHMEM_P2P_
 * ACL_EXTRA_TYPES). Element i is in the set
 * when status is NULL or status[i] is 0, and holds when
 * ivars[i] cmp values[i * stride] (stride 0: one value for every element,
 * the non-vector forms). A poll is one scan of the set; waits poll through
 * MISHMEM_WAIT_UNTIL (spin, yield, peer liveness). Arguments are checked
 * first: misuse is reported and answered with the error result named at
 * each function. */
#ifndef MISHMEM_CORE_P2P_SET_H
#define MISHMEM_CORE_P2P_SET_H

#include <stddef.h>
#include <stdint.h>

#include "core/p2p_check.h"
#include "core/p2p_wait.h"
#include "core/rma/rma.h"
#include "util/type_lists.h"

/* Where this thread's next *_any scan starts: just after the element it
 * found last, so that an element that keeps holding is found by repeated
 * calls even while a lower one holds too (the spec's progress rule). */
extern _Thread_local size_t mishmem_p2p_any_start;

#define MISHMEM_P2P_IN_SET(status, i) ((status) == NULL || (status)[i] == 0)

static inline int mishmem_p2p_set_empty(size_t nelems, const int *status)
{
    for (size_t i = 0; i < nelems; i++)
        if (MISHMEM_P2P_IN_SET(status, i))
            return 0;
    return 1;
}

#define MISHMEM_DEFINE_P2P_SET(T, N)                                                                     \
    static inline int mishmem_p2p_##N##_holds(T *ivars, size_t i, int cmp, const T *values,              \
                                              size_t stride)                                             \
    {                                                                                                    \
        T value; /* the generic load takes float too, unlike _n */                                       \
        __atomic_load(&ivars[i], &value, __ATOMIC_ACQUIRE);                                              \
        return MISHMEM_COMPARE(cmp, value, values[i * stride]) == 1;                                     \
    }                                                                                                    \
                                                                                                         \
    /* The arguments, and that the ivars are symmetric (a wait on anything else would never end). */    \
    static inline __attribute__((always_inline)) int                                                     \
    mishmem_p2p_##N##_check_set(struct mishmem_instance *inst, const char *call, T *ivars, size_t nelems, \
                                int cmp, const T *values, enum mishmem_on_error on_error)                \
    {                                                                                                    \
        int rc = mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error);                          \
        if (rc != ACLSHMEM_SUCCESS || nelems == 0)                                                       \
            return rc;                                                                                   \
        return mishmem_p2p_check_symmetric(inst, call, ivars, mishmem_elems_bytes(nelems, sizeof(T)),    \
                                           on_error);                                                    \
    }                                                                                                    \
                                                                                                         \
    /* A test reads the ivars once and returns: it cannot hang, so the symmetric check costs it nothing  \
     * unless SHMEM_DEBUG=1 (an address off every mapping faults, and the fault handler names the call). */\
    static inline __attribute__((always_inline)) int                                                     \
    mishmem_p2p_##N##_check_test(const char *call, T *ivars, size_t nelems, int cmp, const T *values,    \
                                 enum mishmem_on_error on_error)                                         \
    {                                                                                                    \
        int rc = mishmem_p2p_check(call, ivars, nelems, cmp, values, on_error);                          \
        if (rc != ACLSHMEM_SUCCESS || nelems == 0 || __builtin_expect(!mishmem_rma_debug_on(), 1))       \
            return rc;                                                                                   \
        return mishmem_p2p_debug_symmetric(call, ivars, mishmem_elems_bytes(nelems, sizeof(T)), on_error); \
    }                                                                                                    \
                                                                                                         \
    /* 1 when every element of the set holds (so also when it is empty). */                              \
    static inline int mishmem_p2p_##N##_scan_all(T *ivars, size_t nelems, const int *status, int cmp,    \
                                                 const T *values, size_t stride)                         \
    {                                                                                                    \
        for (size_t i = 0; i < nelems; i++)                                                              \
            if (MISHMEM_P2P_IN_SET(status, i) &&                                                         \
                !mishmem_p2p_##N##_holds(ivars, i, cmp, values, stride))                                 \
                return 0;                                                                                \
        return 1;                                                                                        \
    }                                                                                                    \
                                                                                                         \
    /* One element of the set that holds, or SIZE_MAX. */                                                \
    static inline size_t mishmem_p2p_##N##_scan_any(T *ivars, size_t nelems, const int *status, int cmp, \
                                                    const T *values, size_t stride)                      \
    {                                                                                                    \
        size_t i = nelems ? mishmem_p2p_any_start % nelems : 0;                                          \
        for (size_t seen = 0; seen < nelems; seen++, i = i + 1 == nelems ? 0 : i + 1)                    \
            if (MISHMEM_P2P_IN_SET(status, i) &&                                                         \
                mishmem_p2p_##N##_holds(ivars, i, cmp, values, stride)) {                                \
                mishmem_p2p_any_start = i + 1;                                                           \
                return i;                                                                                \
            }                                                                                            \
        return SIZE_MAX;                                                                                 \
    }                                                                                                    \
                                                                                                         \
    /* The elements of the set that hold, into indices; their count. */                                  \
    static inline size_t mishmem_p2p_##N##_scan_some(T *ivars, size_t nelems, size_t *indices,           \
                                                     const int *status, int cmp, const T *values,        \
                                                     size_t stride)                                      \
    {                                                                                                    \
        size_t count = 0;                                                                                \
        for (size_t i = 0; i < nelems; i++)                                                              \
            if (MISHMEM_P2P_IN_SET(status, i) &&                                                         \
                mishmem_p2p_##N##_holds(ivars, i, cmp, values, stride))                                  \
                indices[count++] = i;                                                                    \
        return count;                                                                                    \
    }                                                                                                    \
                                                                                                         \
    /* 1 or 0; ACLSHMEM_INVALID_PARAM on misuse. */                                                      \
    static inline int mishmem_p2p_##N##_test_all(const char *call, T *ivars, size_t nelems,              \
                                                 const int *status, int cmp, const T *values,            \
                                                 size_t stride, enum mishmem_on_error on_error)          \
    {                                                                                                    \
        int rc = mishmem_p2p_##N##_check_test(call, ivars, nelems, cmp, values, on_error);               \
        if (rc != ACLSHMEM_SUCCESS)                                                                      \
            return rc;                                                                                   \
        return mishmem_p2p_##N##_scan_all(ivars, nelems, status, cmp, values, stride);                   \
    }                                                                                                    \
                                                                                                         \
    /* An index, or SIZE_MAX (none holds, or misuse). */                                                 \
    static inline size_t mishmem_p2p_##N##_test_any(const char *call, T *ivars, size_t nelems,           \
                                                    const int *status, int cmp, const T *values,         \
                                                    size_t stride, enum mishmem_on_error on_error)       \
    {                                                                                                    \
        if (mishmem_p2p_##N##_check_test(call, ivars, nelems, cmp, values, on_error) != ACLSHMEM_SUCCESS)                                  \
            return SIZE_MAX;                                                                             \
        return mishmem_p2p_##N##_scan_any(ivars, nelems, status, cmp, values, stride);                   \
    }                                                                                                    \
                                                                                                         \
    /* The number of indices written (0 on misuse). */                                                   \
    static inline size_t mishmem_p2p_##N##_test_some(const char *call, T *ivars, size_t nelems,          \
                                                     size_t *indices, const int *status, int cmp,        \
                                                     const T *values, size_t stride,                     \
                                                     enum mishmem_on_error on_error)                     \
    {                                                                                                    \
        if (mishmem_p2p_##N##_check_test(call, ivars, nelems, cmp, values, on_error) != ACLSHMEM_SUCCESS ||                                \
            mishmem_p2p_check_indices(call, indices, nelems, on_error) != ACLSHMEM_SUCCESS)              \
            return 0;                                                                                    \
        return mishmem_p2p_##N##_scan_some(ivars, nelems, indices, status, cmp, values, stride);         \
    }                                                                                                    \
                                                                                                         \
    /* ACLSHMEM_SUCCESS once every element of the set holds. */                                          \
    static inline int mishmem_p2p_##N##_wait_all(struct mishmem_instance *inst, const char *call,        \
                                                 T *ivars, size_t nelems, const int *status, int cmp,    \
                                                 const T *values, size_t stride,                         \
                                                 enum mishmem_on_error on_error)                         \
    {                                                                                                    \
        int rc = mishmem_p2p_##N##_check_set(inst, call, ivars, nelems, cmp, values,                    \
                                             on_error);                                                 \
        if (rc != ACLSHMEM_SUCCESS)                                                                      \
            return rc;                                                                                   \
        MISHMEM_WAIT_DATA_UNTIL(inst, call,                                                              \
                           mishmem_p2p_##N##_scan_all(ivars, nelems, status, cmp, values, stride));      \
        return ACLSHMEM_SUCCESS;                                                                         \
    }                                                                                                    \
                                                                                                         \
    /* The index of an element that holds; SIZE_MAX for an empty set or misuse. */                       \
    static inline size_t mishmem_p2p_##N##_wait_any(struct mishmem_instance *inst, const char *call,     \
                                                    T *ivars, size_t nelems, const int *status, int cmp, \
                                                    const T *values, size_t stride,                      \
                                                    enum mishmem_on_error on_error)                      \
    {                                                                                                    \
        if (mishmem_p2p_##N##_check_set(inst, call, ivars, nelems, cmp, values,                         \
                                        on_error) != ACLSHMEM_SUCCESS ||                                \
            mishmem_p2p_set_empty(nelems, status))                                                       \
            return SIZE_MAX;                                                                             \
        size_t found;                                                                                    \
        MISHMEM_WAIT_DATA_UNTIL(inst, call,                                                              \
                           (found = mishmem_p2p_##N##_scan_any(ivars, nelems, status, cmp, values,       \
                                                               stride)) != SIZE_MAX);                    \
        return found;                                                                                    \
    }                                                                                                    \
                                                                                                         \
    /* The number of indices written once at least one holds; 0 for an empty set or misuse. */           \
    static inline size_t mishmem_p2p_##N##_wait_some(struct mishmem_instance *inst, const char *call,    \
                                                     T *ivars, size_t nelems, size_t *indices,           \
                                                     const int *status, int cmp, const T *values,        \
                                                     size_t stride, enum mishmem_on_error on_error)      \
    {                                                                                                    \
        if (mishmem_p2p_##N##_check_set(inst, call, ivars, nelems, cmp, values,                         \
                                        on_error) != ACLSHMEM_SUCCESS ||                                \
            mishmem_p2p_check_indices(call, indices, nelems, on_error) != ACLSHMEM_SUCCESS ||            \
            mishmem_p2p_set_empty(nelems, status))                                                       \
            return 0;                                                                                    \
        size_t count;                                                                                    \
        MISHMEM_WAIT_DATA_UNTIL(inst, call,                                                              \
                           (count = mishmem_p2p_##N##_scan_some(ivars, nelems, indices, status, cmp,     \
                                                                values, stride)) > 0);                   \
        return count;                                                                                    \
    }
/* Table 7's types, then the seed's types that table 7 lacks. */
MISHMEM_P2P_SYNC_TYPES(MISHMEM_DEFINE_P2P_SET)
MISHMEM_P2P_ACL_EXTRA_TYPES(MISHMEM_DEFINE_P2P_SET)
#undef MISHMEM_DEFINE_P2P_SET

#endif
