/* OpenSHMEM 1.5 point-to-point synchronization over arrays of ivars
 * (wait_until_all/any/some, test, test_all/any/some, and their _vector
 * forms with one comparison value per element), the deprecated
 * shmem_<T>_wait, and the C11 generic forms. shmem_<T>_wait_until is in
 * openshmem.h. Include <shmem.h>, not this file.
 *
 * status: optional mask of nelems ints; a non-zero element leaves the
 * corresponding ivar out of the set (NULL: all ivars are in it). */
#ifndef MISHMEM_OPENSHMEM_P2P_H
#define MISHMEM_OPENSHMEM_P2P_H

#include <stddef.h>

#include <mishmem/type_tables.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MISHMEM_DECLARE_SHMEM_P2P(T, N)                                                                  \
    void shmem_##N##_wait(T *ivar, T cmp_value);                                                         \
    void shmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);   \
    size_t shmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value); \
    size_t shmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices, const int *status,      \
                                       int cmp, T cmp_value);                                            \
    void shmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp,          \
                                           T *cmp_values);                                               \
    size_t shmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp,        \
                                             T *cmp_values);                                             \
    size_t shmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices,                  \
                                              const int *status, int cmp, T *cmp_values);                \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value);                                                 \
    int shmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);          \
    size_t shmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);       \
    size_t shmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices, const int *status, int cmp,   \
                                 T cmp_value);                                                           \
    int shmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp,                 \
                                    T *cmp_values);                                                      \
    size_t shmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp,              \
                                       T *cmp_values);                                                   \
    size_t shmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices, const int *status,     \
                                        int cmp, T *cmp_values);
MISHMEM_P2P_SYNC_TYPES(MISHMEM_DECLARE_SHMEM_P2P)
#undef MISHMEM_DECLARE_SHMEM_P2P

/* 1.3's untyped waits on a long (the C11 generic forms cover them too). */
void shmem_wait(long *ivar, long cmp_value);
void shmem_wait_until(long *ivar, int cmp, long cmp_value);

#ifdef __cplusplus
}
#endif

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
/* C11 generic forms: the typed function is picked from the ivars' type. */
#define MISHMEM_P2P_FIRST(...) MISHMEM_P2P_FIRST_(__VA_ARGS__, ~)
#define MISHMEM_P2P_FIRST_(first, ...) first
#define MISHMEM_P2P_ENTRY(T, N, OP) , T *: shmem_##N##_##OP
#define MISHMEM_P2P_GENERIC(OP, ...) \
    _Generic(MISHMEM_P2P_FIRST(__VA_ARGS__) MISHMEM_P2P_GENERIC_TYPES(MISHMEM_P2P_ENTRY, OP))(__VA_ARGS__)

#define shmem_wait_until(...) MISHMEM_P2P_GENERIC(wait_until, __VA_ARGS__)
#define shmem_wait(...) MISHMEM_P2P_GENERIC(wait, __VA_ARGS__)
#define shmem_wait_until_all(...) MISHMEM_P2P_GENERIC(wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(...) MISHMEM_P2P_GENERIC(wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(...) MISHMEM_P2P_GENERIC(wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(...) MISHMEM_P2P_GENERIC(wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(...) MISHMEM_P2P_GENERIC(wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(...) MISHMEM_P2P_GENERIC(wait_until_some_vector, __VA_ARGS__)
#define shmem_test(...) MISHMEM_P2P_GENERIC(test, __VA_ARGS__)
#define shmem_test_all(...) MISHMEM_P2P_GENERIC(test_all, __VA_ARGS__)
#define shmem_test_any(...) MISHMEM_P2P_GENERIC(test_any, __VA_ARGS__)
#define shmem_test_some(...) MISHMEM_P2P_GENERIC(test_some, __VA_ARGS__)
#define shmem_test_all_vector(...) MISHMEM_P2P_GENERIC(test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(...) MISHMEM_P2P_GENERIC(test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(...) MISHMEM_P2P_GENERIC(test_some_vector, __VA_ARGS__)
#endif

#endif
