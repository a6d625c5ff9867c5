#include "core/on_error.h"

#include "util/log.h"

int mishmem_report(enum mishmem_on_error on_error, int rc, const char *message)
{
    if (on_error == MISHMEM_ABORT)
        mishmem_fatal("%s", message);
    MISHMEM_ERROR("%s", message);
    return rc;
}
