#include "core/coll/family.h"

#include "util/env.h"

int mishmem_coll_forced_portable(void)
{
    static int forced = -1; /* the environment does not change under us */
    int force = __atomic_load_n(&forced, __ATOMIC_RELAXED);
    if (force < 0) {
        force = mishmem_env_bool(MISHMEM_ENV_MISHMEM_COLL_PORTABLE);
        __atomic_store_n(&forced, force, __ATOMIC_RELAXED);
    }
    return force;
}

int mishmem_coll_needs_portable(const struct mishmem_instance *inst, int start, int stride, int size)
{
    if (mishmem_coll_forced_portable())
        return 1;
    if (size == 0) /* active sets: any peer of the instance */
        return inst->n_unmapped > 0;
    for (int i = 0; i < size; i++)
        if (!inst->peers[start + i * stride].segment)
            return 1;
    return 0;
}
