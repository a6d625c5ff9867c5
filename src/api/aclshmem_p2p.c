/* aclshmem face: point-to-point synchronization over arrays of ivars with
 * the OpenSHMEM 1.5 semantics, for the seed's types and those of table 7. Misuse is logged and answered with
 * ACLSHMEM_INVALID_PARAM (int results), SIZE_MAX (*_any) or 0 (*_some);
 * a wait without a current instance with ACLSHMEM_NOT_INITED / SIZE_MAX / 0. */
#include "api/face.h"
#include "core/p2p_set.h"
#include "mishmem/aclshmem_p2p.h"
#include "util/type_lists.h"

#define LOG MISHMEM_RETURN_ERROR

#define DEFINE_SET_FORMS(T, N, SUFFIX, VALUE_PARAM, VALUES, STRIDE)                                     \
    int aclshmem_##N##_wait_until_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,      \
                                              VALUE_PARAM)                                              \
    {                                                                                                   \
        const char *call = "aclshmem_" #N "_wait_until_all" #SUFFIX;                                    \
        ACL_LIVE_INSTANCE_OR_RETURN(inst, call, ACLSHMEM_NOT_INITED, ACLSHMEMX_PEER_FAILED);            \
        int rc = mishmem_p2p_##N##_wait_all(inst, call, ivars, nelems, status, cmp, VALUES, STRIDE, LOG); \
        return ACL_STATUS(inst, rc);                                                                    \
    }                                                                                                   \
    size_t aclshmem_##N##_wait_until_any##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,   \
                                                 VALUE_PARAM)                                           \
    {                                                                                                   \
        const char *call = "aclshmem_" #N "_wait_until_any" #SUFFIX;                                    \
        ACL_LIVE_INSTANCE_OR_RETURN(inst, call, SIZE_MAX, SIZE_MAX);                                    \
        return mishmem_p2p_##N##_wait_any(inst, call, ivars, nelems, status, cmp, VALUES, STRIDE, LOG); \
    }                                                                                                   \
    size_t aclshmem_##N##_wait_until_some##SUFFIX(T *ivars, size_t nelems, size_t *indices,             \
                                                  const int *status, int cmp, VALUE_PARAM)              \
    {                                                                                                   \
        const char *call = "aclshmem_" #N "_wait_until_some" #SUFFIX;                                   \
        ACL_LIVE_INSTANCE_OR_RETURN(inst, call, 0, 0);                                                  \
        return mishmem_p2p_##N##_wait_some(inst, call, ivars, nelems, indices, status, cmp, VALUES,     \
                                           STRIDE, LOG);                                                \
    }                                                                                                   \
    int aclshmem_##N##_test_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,            \
                                        VALUE_PARAM)                                                    \
    {                                                                                                   \
        return mishmem_p2p_##N##_test_all("aclshmem_" #N "_test_all" #SUFFIX, ivars, nelems, status,    \
                                          cmp, VALUES, STRIDE, LOG);                                    \
    }                                                                                                   \
    size_t aclshmem_##N##_test_any##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,         \
                                           VALUE_PARAM)                                                 \
    {                                                                                                   \
        return mishmem_p2p_##N##_test_any("aclshmem_" #N "_test_any" #SUFFIX, ivars, nelems, status,    \
                                          cmp, VALUES, STRIDE, LOG);                                    \
    }                                                                                                   \
    size_t aclshmem_##N##_test_some##SUFFIX(T *ivars, size_t nelems, size_t *indices,                   \
                                            const int *status, int cmp, VALUE_PARAM)                    \
    {                                                                                                   \
        return mishmem_p2p_##N##_test_some("aclshmem_" #N "_test_some" #SUFFIX, ivars, nelems,          \
                                           indices, status, cmp, VALUES, STRIDE, LOG);                  \
    }

#define DEFINE_ACL_P2P(T, N)                                                                               \
    DEFINE_SET_FORMS(T, N, , T cmp_value, &cmp_value, 0)                                                   \
    DEFINE_SET_FORMS(T, N, _vector, T *cmp_values, cmp_values, 1)                                          \
    int aclshmem_##N##_test(T *ivar, int cmp, T cmp_value)                                                 \
    {                                                                                                      \
        return mishmem_p2p_##N##_test_all("aclshmem_" #N "_test", ivar, 1, NULL, cmp, &cmp_value, 0, LOG); \
    }
MISHMEM_ACL_P2P_SYNC_TYPES(DEFINE_ACL_P2P)
