/* The out-of-line halves of face.h, shared by both faces: the message and
 * exit of an OpenSHMEM call made without a current instance, the log line
 * of an aclshmem call refused by a failed instance, and shmem_global_exit /
 * aclshmem_global_exit (the launcher told first, else every peer killed). */
#include <signal.h>
#include <unistd.h>

#include "api/face.h"
#include "util/params.h"

struct mishmem_instance *mishmem_shmem_instance_slow(const char *call)
{
    mishmem_fatal("%s: called without a current instance (call shmem_init first; or the current "
                  "instance was finalized)", call);
}

int mishmem_acl_refuse_failed(struct mishmem_instance *inst, const char *call)
{
    MISHMEM_INFO("%s: instance %llu has failed (a peer died or left); finalize it", call,
                 (unsigned long long)inst->id);
    return ACLSHMEMX_PEER_FAILED;
}

_Noreturn void mishmem_global_exit(int status)
{
    long ctrl_fd;
    if (mishmem_param_given(MISHMEM_PARAM_MISHMEM_CTRL_FD) && (ctrl_fd = mishmem_params()->MISHMEM_CTRL_FD) >= 0) {
        /* The launcher kills every PE and exits with this status. */
        int32_t code = status;
        ssize_t ignored = write((int)ctrl_fd, &code, sizeof code);
        (void)ignored;
    } else {
        struct mishmem_instance *inst = mishmem_current();
        for (int pe = 0; inst && pe < inst->n_pes; pe++)
            if (pe != inst->my_pe && inst->peers[pe].pid > 0)
                kill(inst->peers[pe].pid, SIGTERM);
    }
    _exit(status);
}
