/* Logging controls of the aclshmem face. Every line names the instance and
 * PE the calling thread acts on. Include <shmem.h>. */
#ifndef MISHMEM_ACLSHMEM_LOG_H
#define MISHMEM_ACLSHMEM_LOG_H

#ifdef __cplusplus
extern "C" {
#endif

/* Levels, as SHMEM_LOG_LEVEL names them. */
enum {
    ACLSHMEM_LOG_DEBUG = 0,
    ACLSHMEM_LOG_INFO = 1,
    ACLSHMEM_LOG_WARN = 2,
    ACLSHMEM_LOG_ERROR = 3,
    ACLSHMEM_LOG_FATAL = 4,
};

/* Lines below level are dropped; overrides SHMEM_LOG_LEVEL. Returns
 * ACLSHMEM_SUCCESS, or ACLSHMEM_INVALID_VALUE outside 0..4. */
int aclshmemx_set_log_level(int level);

/* Sends every line to func (level, text without newline) instead of
 * stderr/stdout; NULL restores the default. func may be called from any
 * thread, concurrently. Returns ACLSHMEM_SUCCESS. */
int aclshmemx_set_extern_logger(void (*func)(int level, const char *msg));

#ifdef __cplusplus
}
#endif

#endif
