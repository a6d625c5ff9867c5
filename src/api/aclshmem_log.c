/* aclshmem face: logging controls. */
#include "mishmem/aclshmem.h"
#include "mishmem/aclshmem_log.h"
#include "util/log.h"

_Static_assert(ACLSHMEM_LOG_DEBUG == (int)MISHMEM_LOG_DEBUG && ACLSHMEM_LOG_FATAL == (int)MISHMEM_LOG_FATAL,
               "public and internal log levels must match");

int aclshmemx_set_log_level(int level)
{
    if (mishmem_log_set_threshold(level) != 0) {
        MISHMEM_ERROR("aclshmemx_set_log_level(%d): level must be 0 (DEBUG) .. 4 (FATAL)", level);
        return ACLSHMEM_INVALID_VALUE;
    }
    return ACLSHMEM_SUCCESS;
}

int aclshmemx_set_extern_logger(void (*func)(int level, const char *msg))
{
    mishmem_log_set_sink(func);
    return ACLSHMEM_SUCCESS;
}
