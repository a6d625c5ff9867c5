/* OpenSHMEM face: point-to-point synchronization over arrays of ivars
 * (wait_until_all/any/some, test, test_all/any/some, _vector forms), the
 * deprecated shmem_<T>_wait, and 1.3's untyped waits on a long. Misuse
 * aborts with a message naming the call. */
#include "api/face.h"
#include "core/p2p_set.h"
#include "mishmem/openshmem_p2p.h"
#include "util/type_lists.h"

#define ABORT MISHMEM_ABORT

/* The forms over a set; VALUE_PARAM / VALUES / STRIDE tell one comparison
 * value (T cmp_value) from one per element (T *cmp_values, the _vector forms). */
#define DEFINE_SET_FORMS(T, N, SUFFIX, VALUE_PARAM, VALUES, STRIDE)                                    \
    void shmem_##N##_wait_until_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,       \
                                            VALUE_PARAM)                                               \
    {                                                                                                  \
        const char *call = "shmem_" #N "_wait_until_all" #SUFFIX;                                      \
        mishmem_p2p_##N##_wait_all(mishmem_shmem_instance(call), call, ivars, nelems, status, cmp,     \
                                   VALUES, STRIDE, ABORT);                                             \
    }                                                                                                  \
    size_t shmem_##N##_wait_until_any##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,     \
                                              VALUE_PARAM)                                             \
    {                                                                                                  \
        const char *call = "shmem_" #N "_wait_until_any" #SUFFIX;                                      \
        return mishmem_p2p_##N##_wait_any(mishmem_shmem_instance(call), call, ivars, nelems, status,   \
                                          cmp, VALUES, STRIDE, ABORT);                                 \
    }                                                                                                  \
    size_t shmem_##N##_wait_until_some##SUFFIX(T *ivars, size_t nelems, size_t *indices,               \
                                               const int *status, int cmp, VALUE_PARAM)                \
    {                                                                                                  \
        const char *call = "shmem_" #N "_wait_until_some" #SUFFIX;                                     \
        return mishmem_p2p_##N##_wait_some(mishmem_shmem_instance(call), call, ivars, nelems, indices, \
                                           status, cmp, VALUES, STRIDE, ABORT);                        \
    }                                                                                                  \
    int shmem_##N##_test_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp, VALUE_PARAM) \
    {                                                                                                  \
        return mishmem_p2p_##N##_test_all("shmem_" #N "_test_all" #SUFFIX, ivars, nelems, status, cmp, \
                                          VALUES, STRIDE, ABORT);                                      \
    }                                                                                                  \
    size_t shmem_##N##_test_any##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,           \
                                        VALUE_PARAM)                                                   \
    {                                                                                                  \
        return mishmem_p2p_##N##_test_any("shmem_" #N "_test_any" #SUFFIX, ivars, nelems, status, cmp, \
                                          VALUES, STRIDE, ABORT);                                      \
    }                                                                                                  \
    size_t shmem_##N##_test_some##SUFFIX(T *ivars, size_t nelems, size_t *indices, const int *status,  \
                                         int cmp, VALUE_PARAM)                                         \
    {                                                                                                  \
        return mishmem_p2p_##N##_test_some("shmem_" #N "_test_some" #SUFFIX, ivars, nelems, indices,   \
                                           status, cmp, VALUES, STRIDE, ABORT);                        \
    }

#define DEFINE_SHMEM_P2P(T, N)                                                                            \
    DEFINE_SET_FORMS(T, N, , T cmp_value, &cmp_value, 0)                                                  \
    DEFINE_SET_FORMS(T, N, _vector, T *cmp_values, cmp_values, 1)                                         \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value)                                                   \
    {                                                                                                     \
        return mishmem_p2p_##N##_test_all("shmem_" #N "_test", ivar, 1, NULL, cmp, &cmp_value, 0, ABORT); \
    }                                                                                                     \
    /* Deprecated: waits until *ivar differs from cmp_value. */                                           \
    void shmem_##N##_wait(T *ivar, T cmp_value)                                                           \
    {                                                                                                     \
        const char *call = "shmem_" #N "_wait";                                                           \
        mishmem_p2p_##N##_wait_all(mishmem_shmem_instance(call), call, ivar, 1, NULL, SHMEM_CMP_NE,       \
                                   &cmp_value, 0, ABORT);                                                 \
    }
MISHMEM_P2P_SYNC_TYPES(DEFINE_SHMEM_P2P)

/* Parenthesized: both names are also C11 generic macros. */
void(shmem_wait)(long *ivar, long cmp_value)
{
    mishmem_p2p_long_wait_all(mishmem_shmem_instance("shmem_wait"), "shmem_wait", ivar, 1, NULL, SHMEM_CMP_NE,
                              &cmp_value, 0, ABORT);
}

void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    mishmem_p2p_long_wait_all(mishmem_shmem_instance("shmem_wait_until"), "shmem_wait_until", ivar, 1, NULL,
                              cmp, &cmp_value, 0, ABORT);
}
