/* The shapes of point-to-point synchronization, written once for both
 * faces: the waits and tests over a set of ivars (wait_until_all/any/some,
 * test_all/any/some and their _vector forms), test, and the wait on one
 * ivar, wait_until. shmem_p2p.c instantiates them for the OpenSHMEM face,
 * aclshmem_p2p.c for the aclshmem face. F and PRE are those of face.h;
 * T, N the C type and its name in the type table. The face's hooks:
 *   P2P_<F>_INSTANCE(inst, call, rc, failed_rc)  declares inst, the current
 *       instance; without one the call ends (OpenSHMEM: message and exit;
 *       aclshmem: returns rc, or failed_rc when the instance has failed);
 *   P2P_<F>_MISUSE(rc, name, ptr, cmp, what)  reports a bad argument
 *       (OpenSHMEM: message and exit; aclshmem: logged, returns rc);
 *   P2P_<F>_CHECKED(expr)  a check's code: an error ends the call;
 *   P2P_<F>_END(inst, rc)  ends a wait with its code (aclshmem: a peer
 *       that failed meanwhile turns it into ACLSHMEMX_PEER_FAILED). */
#ifndef MISHMEM_API_P2P_FORMS_H
#define MISHMEM_API_P2P_FORMS_H

#include <stdint.h>

#include "api/face.h"
#include "core/p2p_check.h"
#include "core/p2p_set.h"
#include "core/p2p_wait.h"

#define P2P_STR(x) P2P_STR_(x)
#define P2P_STR_(x) #x

#define P2P_SHMEM_INSTANCE(inst, call, rc, failed_rc) struct mishmem_instance *inst = mishmem_shmem_instance(call)
#define P2P_SHMEM_MISUSE(rc, name, ptr, cmp, what) mishmem_fatal(name "(%p, %d): %s", (void *)(ptr), cmp, what)
#define P2P_SHMEM_CHECKED(expr) (void)(expr)
#define P2P_SHMEM_END(inst, rc) (void)(rc)

#define P2P_ACL_INSTANCE(inst, call, rc, failed_rc) ACL_LIVE_INSTANCE_OR_RETURN(inst, call, rc, failed_rc)
#define P2P_ACL_MISUSE(rc, name, ptr, cmp, what) \
    do {                                         \
        MISHMEM_ERROR(name ": %s", what);        \
        return rc;                               \
    } while (0)
#define P2P_ACL_CHECKED(expr)                \
    do {                                     \
        int rc_ = (expr);                    \
        if (rc_ != ACLSHMEM_SUCCESS)         \
            return rc_;                      \
    } while (0)
#define P2P_ACL_END(inst, rc) return ACL_STATUS(inst, rc)

/* The forms over a set; VALUE_PARAM / VALUES / STRIDE tell one comparison
 * value (T cmp_value) from one per element (T *cmp_values, the _vector
 * forms). A wait with no usable instance answers SIZE_MAX (_any) or 0
 * (_some) on the aclshmem face. */
#define P2P_SET_FORMS(F, PRE, T, N, SUFFIX, VALUE_PARAM, VALUES, STRIDE)                                   \
    FACE_RESULT(F) PRE##N##_wait_until_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,    \
                                                  VALUE_PARAM)                                             \
    {                                                                                                      \
        const char *call = P2P_STR(PRE##N##_wait_until_all##SUFFIX);                                       \
        P2P_##F##_INSTANCE(inst, call, ACLSHMEM_NOT_INITED, ACLSHMEMX_PEER_FAILED);                        \
        int rc = mishmem_p2p_##N##_wait_all(inst, call, ivars, nelems, status, cmp, VALUES, STRIDE,        \
                                            FACE_POLICY(F));                                               \
        P2P_##F##_END(inst, rc);                                                                           \
    }                                                                                                      \
    size_t PRE##N##_wait_until_any##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp,            \
                                           VALUE_PARAM)                                                    \
    {                                                                                                      \
        const char *call = P2P_STR(PRE##N##_wait_until_any##SUFFIX);                                       \
        P2P_##F##_INSTANCE(inst, call, SIZE_MAX, SIZE_MAX);                                                \
        return mishmem_p2p_##N##_wait_any(inst, call, ivars, nelems, status, cmp, VALUES, STRIDE,          \
                                          FACE_POLICY(F));                                                 \
    }                                                                                                      \
    size_t PRE##N##_wait_until_some##SUFFIX(T *ivars, size_t nelems, size_t *indices, const int *status,   \
                                            int cmp, VALUE_PARAM)                                          \
    {                                                                                                      \
        const char *call = P2P_STR(PRE##N##_wait_until_some##SUFFIX);                                      \
        P2P_##F##_INSTANCE(inst, call, 0, 0);                                                              \
        return mishmem_p2p_##N##_wait_some(inst, call, ivars, nelems, indices, status, cmp, VALUES,        \
                                           STRIDE, FACE_POLICY(F));                                        \
    }                                                                                                      \
    int PRE##N##_test_all##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp, VALUE_PARAM)        \
    {                                                                                                      \
        return mishmem_p2p_##N##_test_all(P2P_STR(PRE##N##_test_all##SUFFIX), ivars, nelems, status, cmp,  \
                                          VALUES, STRIDE, FACE_POLICY(F));                                 \
    }                                                                                                      \
    size_t PRE##N##_test_any##SUFFIX(T *ivars, size_t nelems, const int *status, int cmp, VALUE_PARAM)     \
    {                                                                                                      \
        return mishmem_p2p_##N##_test_any(P2P_STR(PRE##N##_test_any##SUFFIX), ivars, nelems, status, cmp,  \
                                          VALUES, STRIDE, FACE_POLICY(F));                                 \
    }                                                                                                      \
    size_t PRE##N##_test_some##SUFFIX(T *ivars, size_t nelems, size_t *indices, const int *status, int cmp, \
                                      VALUE_PARAM)                                                         \
    {                                                                                                      \
        return mishmem_p2p_##N##_test_some(P2P_STR(PRE##N##_test_some##SUFFIX), ivars, nelems, indices,    \
                                           status, cmp, VALUES, STRIDE, FACE_POLICY(F));                   \
    }

/* The set forms with one value and per element, and test. */
#define P2P_SET_FAMILY(F, PRE, T, N)                                                                   \
    P2P_SET_FORMS(F, PRE, T, N, , T cmp_value, &cmp_value, 0)                                          \
    P2P_SET_FORMS(F, PRE, T, N, _vector, T *cmp_values, cmp_values, 1)                                 \
    int PRE##N##_test(T *ivar, int cmp, T cmp_value)                                                   \
    {                                                                                                  \
        return mishmem_p2p_##N##_test_all(P2P_STR(PRE##N##_test), ivar, 1, NULL, cmp, &cmp_value, 0,   \
                                          FACE_POLICY(F));                                             \
    }

/* wait_until on one ivar: the inline wait of core/p2p_wait.h. */
#define P2P_WAIT_UNTIL(F, PRE, T, N)                                                                \
    FACE_RESULT(F) PRE##N##_wait_until(T *ivar, int cmp, T cmp_value)                               \
    {                                                                                               \
        P2P_##F##_INSTANCE(inst, P2P_STR(PRE##N##_wait_until), ACLSHMEM_NOT_INITED,                 \
                           ACLSHMEMX_PEER_FAILED);                                                  \
        if (!ivar || !mishmem_cmp_valid(cmp))                                                       \
            P2P_##F##_MISUSE(ACLSHMEM_INVALID_PARAM, P2P_STR(PRE##N##_wait_until), ivar, cmp,       \
                             !ivar ? "ivar is NULL" : "unknown comparison");                        \
        P2P_##F##_CHECKED(mishmem_p2p_check_symmetric(inst, P2P_STR(PRE##N##_wait_until), ivar,     \
                                                      sizeof *ivar, FACE_POLICY(F)));               \
        MISHMEM_WAIT_VAR(inst, P2P_STR(PRE##N##_wait_until), ivar, cmp, cmp_value);                 \
        P2P_##F##_END(inst, ACLSHMEM_SUCCESS);                                                      \
    }

#endif
