/* What both API faces share: finding the instance a call acts on, and
 * each face's error policy and forms, which the family forms headers
 * (rma_forms.h, amo_forms.h, ...) are instantiated with. */
#ifndef MISHMEM_API_FACE_H
#define MISHMEM_API_FACE_H

#include "core/context.h"
#include "core/on_error.h"
#include "instance/registry.h"
#include "util/log.h"

/* A face's error policy, named by its token F (SHMEM or ACL):
 *   FACE_RESULT(F)      the result of a call that reports only success or misuse;
 *   FACE_POLICY(F)      what the core does on misuse;
 *   FACE_RETURN(F)(rc)  the statement that ends such a call with the core's code.
 *   FACE_VALUE_POLICY(F)  the same for a call whose only result is the value
 *                       it reads (<T>_g), which has no error channel.
 * OpenSHMEM face: nothing returned, misuse aborts with a message naming the
 * call. aclshmem face: an ACLSHMEM_* code, misuse is logged and returned
 * (a value read is then 0, or the process ends under SHMEM_DEBUG=1). */
#define FACE_RESULT(F) FACE_##F##_RESULT
#define FACE_POLICY(F) FACE_##F##_POLICY
#define FACE_RETURN(F) FACE_##F##_RETURN
#define FACE_VALUE_POLICY(F) FACE_##F##_VALUE_POLICY
#define FACE_SHMEM_RESULT void
#define FACE_SHMEM_POLICY MISHMEM_ABORT
#define FACE_SHMEM_RETURN(rc) (void)(rc)
#define FACE_SHMEM_VALUE_POLICY MISHMEM_ABORT
#define FACE_ACL_RESULT int
#define FACE_ACL_POLICY MISHMEM_RETURN_ERROR
#define FACE_ACL_RETURN(rc) return (rc)
#define FACE_ACL_VALUE_POLICY MISHMEM_RETURN_OR_DEBUG_ABORT
/* A call that returns something else (a value read, an old value) drops
 * the core's code. */
#define FACE_DROP(rc) (void)(rc)

/* The forms of a typed call: its leading parameters HEAD() and how a call
 * named c finds its instance, INST(c, pe_ptr). The plain forms (shmem_,
 * aclshmem_) act on the current instance (FACE_CURRENT: the core reports
 * its absence under the face's policy; FACE_CURRENT_OR_EXIT: the face
 * does, with a message); the context forms (shmem_ctx_)
 * on the context's, whose PE numbering (a team's) INST turns into the
 * instance's in *pe_ptr. (Function-like, so that they expand only at the
 * end.) */
#define FACE_NO_CTX()
#define FACE_CURRENT(call, pe_ptr) mishmem_current()
#define FACE_CURRENT_OR_EXIT(call, pe_ptr) mishmem_shmem_instance(call)
#define FACE_CTX_PARAM() shmem_ctx_t ctx,
#define FACE_CTX_TARGET(call, pe_ptr) mishmem_ctx_target(ctx, pe_ptr, call)

/* aclshmem face: no current instance -> log and return rc. */
#define ACL_INSTANCE_OR_RETURN(inst, call, rc)                                        \
    struct mishmem_instance *inst = mishmem_current();                                \
    if (__builtin_expect(inst == NULL, 0)) {                                          \
        MISHMEM_ERROR("%s: no current instance (not initialized, or finalized)", call); \
        return rc;                                                                    \
    }

/* aclshmem face, calls that wait or allocate: a failed instance (a peer
 * died or left, progress/wait.h) answers at once with rc. */
int mishmem_acl_refuse_failed(struct mishmem_instance *inst, const char *call);
#define ACL_LIVE_INSTANCE_OR_RETURN(inst, call, rc, failed_rc)                        \
    ACL_INSTANCE_OR_RETURN(inst, call, rc)                                            \
    if (mishmem_instance_failed(inst)) {                                              \
        mishmem_acl_refuse_failed(inst, call);                                        \
        return failed_rc;                                                             \
    }

/* After a call that may wait: the instance may have failed meanwhile. */
#define ACL_STATUS(inst, rc) (mishmem_instance_failed(inst) ? ACLSHMEMX_PEER_FAILED : (rc))

/* OpenSHMEM face: no current instance -> message and abort. */
struct mishmem_instance *mishmem_shmem_instance_slow(const char *call);
static inline struct mishmem_instance *mishmem_shmem_instance(const char *call)
{
    struct mishmem_instance *inst = mishmem_current();
    return __builtin_expect(inst != NULL, 1) ? inst : mishmem_shmem_instance_slow(call);
}

/* Ends every PE of the current instance with status (launcher told first). */
_Noreturn void mishmem_global_exit(int status);

#endif
