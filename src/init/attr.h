/* Turning what a user gave (init attributes, or the launcher's environment)
 * into validated instance parameters. */
#ifndef MISHMEM_INSTANCE_ATTR_H
#define MISHMEM_INSTANCE_ATTR_H

#include "init/lifecycle.h"
#include "mishmem/aclshmem.h"

/* Checks attr as the seed's library does and resolves the rendezvous
 * address (port 0 + SHMEM_INSTANCE_PORT_RANGE). Returns ACLSHMEM_*. */
int mishmem_params_from_attr(aclshmemx_bootstrap_t flags, const aclshmemx_init_attr_t *attr,
                             struct mishmem_instance_params *out);

#endif
