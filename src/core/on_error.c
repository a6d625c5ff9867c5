/* Reporting misuse as the calling face wants it. */
#include "core/on_error.h"

#include "core/debug.h"
#include "util/log.h"

int mishmem_report(enum mishmem_on_error on_error, int rc, const char *message)
{
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    if (on_error == MISHMEM_RETURN_OR_DEBUG_ABORT && mishmem_rma_debug_read())
        mishmem_fatal("%s (SHMEM_DEBUG=1: this call has no error channel)", message);
    MISHMEM_ERROR("%s", message);
    return rc;
}
