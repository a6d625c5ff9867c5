/* What both API faces share: finding the instance a call acts on. */
#ifndef MISHMEM_API_FACE_H
#define MISHMEM_API_FACE_H

#include "instance/registry.h"
#include "util/log.h"

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
