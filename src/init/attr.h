/* Turning aclshmemx_init_attr's attributes into validated instance
 * parameters; the bootstrap part comes from the mode the flags select
 * (bootstrap/mode.h). shmem_init's world is read in world.c. */
#ifndef MISHMEM_INIT_ATTR_H
#define MISHMEM_INIT_ATTR_H

#include "init/lifecycle.h"
#include "mishmem/aclshmem.h"

/* Checks attr as the seed's library does and lets the mode configure the
 * rendezvous. Returns ACLSHMEM_*. */
int mishmem_params_from_attr(aclshmemx_bootstrap_t flags, const aclshmemx_init_attr_t *attr,
                             struct mishmem_instance_params *out);

#endif
