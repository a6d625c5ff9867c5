/* The check of an atomic's arguments: says exactly what is wrong and
 * returns its ACLSHMEM_* code, ACLSHMEM_SUCCESS when the AMO may go on. */
#ifndef MISHMEM_CORE_AMO_CHECK_H
#define MISHMEM_CORE_AMO_CHECK_H

#include <stddef.h>

#include "core/on_error.h"
#include "instance/instance.h"

/* op on the size-byte word `target` of pe; fetch_missing: the op fetches
 * and its fetch pointer is NULL. */
int mishmem_amo_check(struct mishmem_instance *inst, const char *call, const void *target, size_t size,
                      int fetch_missing, int pe, enum mishmem_on_error on_error);

#endif
