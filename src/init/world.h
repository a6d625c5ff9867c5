/* The world that shmem_init builds from the launcher's environment (or a
 * single PE without a launcher), as instance SHMEM_WORLD_INSTANCE_ID. */
#ifndef MISHMEM_INIT_WORLD_H
#define MISHMEM_INIT_WORLD_H

/* Returns ACLSHMEM_* and logs why on failure; the world becomes current. */
int mishmem_world_init(void);

#endif
