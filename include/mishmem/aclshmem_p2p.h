/* aclshmem face: point-to-point synchronization over arrays of ivars,
 * with the OpenSHMEM 1.5 semantics (see openshmem_p2p.h). Misuse (NULL
 * arrays with nelems > 0, an unknown cmp, no current instance for a wait)
 * is logged and answered with ACLSHMEM_INVALID_PARAM / ACLSHMEM_NOT_INITED
 * from the int-returning calls, SIZE_MAX from *_any and 0 from *_some.
 * aclshmem_<T>_wait_until is in aclshmem.h. Types: the seed's (char,
 * float, int8, ...) and OpenSHMEM's table 7, MISHMEM_ACL_P2P_SYNC_TYPES.
 * Include <shmem.h>. */
#ifndef MISHMEM_ACLSHMEM_P2P_H
#define MISHMEM_ACLSHMEM_P2P_H

#include <stddef.h>

#include <mishmem/type_tables.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MISHMEM_DECLARE_ACL_P2P(T, N)                                                                    \
    int aclshmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value); \
    size_t aclshmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp,            \
                                         T cmp_value);                                                   \
    size_t aclshmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices, const int *status,   \
                                          int cmp, T cmp_value);                                         \
    int aclshmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp,        \
                                             T *cmp_values);                                             \
    size_t aclshmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp,     \
                                                T *cmp_values);                                          \
    size_t aclshmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices,               \
                                                 const int *status, int cmp, T *cmp_values);             \
    int aclshmem_##N##_test(T *ivar, int cmp, T cmp_value);                                              \
    int aclshmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);       \
    size_t aclshmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);    \
    size_t aclshmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices, const int *status,         \
                                    int cmp, T cmp_value);                                               \
    int aclshmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp,              \
                                       T *cmp_values);                                                   \
    size_t aclshmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp,           \
                                          T *cmp_values);                                                \
    size_t aclshmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices, const int *status,  \
                                           int cmp, T *cmp_values);
MISHMEM_ACL_P2P_SYNC_TYPES(MISHMEM_DECLARE_ACL_P2P)
#undef MISHMEM_DECLARE_ACL_P2P

/* Deprecated (as shmem_<T>_wait): waits until *ivar != cmp_value. The
 * seed's types only (MISHMEM_ACL_WAIT_TYPES). */
#define MISHMEM_DECLARE_ACL_WAIT_NE(T, N) int aclshmem_##N##_wait(T *ivar, T cmp_value);
MISHMEM_ACL_WAIT_TYPES(MISHMEM_DECLARE_ACL_WAIT_NE)
#undef MISHMEM_DECLARE_ACL_WAIT_NE

#ifdef __cplusplus
}
#endif

#endif
