/* The one place that chooses a collective family (core/coll/family.h). */
#include "core/coll/family.h"

#include "core/team/team.h"
#include "util/params.h"
#include "util/log.h"

/* Most preferred first; portable serves every group. */
static const struct mishmem_coll_ops *const families[] = {&mishmem_coll_pointer, &mishmem_coll_hier,
                                                          &mishmem_coll_portable};
#define N_FAMILIES (int)(sizeof families / sizeof families[0])

/* MISHMEM_COLL_PORTABLE=1: every group plain portable (no hierarchy
 * either), so that the portable family is tested on one host. */
static int forced_portable(void)
{
    static int forced = -1; /* the environment does not change under us */
    int force = __atomic_load_n(&forced, __ATOMIC_RELAXED);
    if (force < 0) {
        force = mishmem_params()->MISHMEM_COLL_PORTABLE;
        __atomic_store_n(&forced, force, __ATOMIC_RELAXED);
    }
    return force;
}

static int first_family(void)
{
    return forced_portable() ? N_FAMILIES - 1 : 0;
}

/* The last family serves every group: the loops end there at the latest. */
const struct mishmem_coll_ops *mishmem_coll_choose(struct mishmem_team *team)
{
    int f = first_family();
    while (!families[f]->team_init(team))
        f++;
    MISHMEM_DEBUG("instance %llu: team of %d PEs (start %d, stride %d) gets the %s family of collectives",
                  (unsigned long long)team->inst->id, team->size, team->start, team->stride, families[f]->name);
    return families[f];
}

const struct mishmem_coll_ops *mishmem_coll_choose_sets(const struct mishmem_instance *inst)
{
    int f = first_family();
    while (!families[f]->sets_init(inst))
        f++;
    MISHMEM_DEBUG("instance %llu: active sets get the %s family of collectives", (unsigned long long)inst->id,
                  families[f]->name);
    return families[f];
}
