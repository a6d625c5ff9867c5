/* The check of a signal's arguments: says exactly what is wrong and
 * returns its ACLSHMEM_* code, ACLSHMEM_SUCCESS when the signal may go on
 * (in place or through the transport: not the check's to say). */
#ifndef MISHMEM_CORE_SIGNAL_CHECK_H
#define MISHMEM_CORE_SIGNAL_CHECK_H

#include <stdint.h>

#include "core/on_error.h"
#include "instance/instance.h"

int mishmem_signal_check(struct mishmem_instance *inst, const char *call, const uint64_t *sig_addr, int sig_op,
                         int pe, enum mishmem_on_error on_error);

#endif
