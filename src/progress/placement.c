/* Balancing waiting PEs over the CPUs (placement.h). */
#include "progress/placement.h"

#include <sched.h>
#include <string.h>

#include "progress/ring.h"

/* CPUs counted; PEs on CPUs beyond this are not balanced. */
#define MAX_BALANCED_CPUS 1024

/* NULL for a peer on another host. */
static struct mishmem_placement *placement_of(struct mishmem_instance *inst, int pe)
{
    struct mishmem_segment_header *control = mishmem_header_mapped_here(inst, pe);
    return control ? &control->placement : NULL;
}

/* Moves this thread to `cpu` and back under `allowed`: the kernel keeps a
 * task where it is when its mask grows again. */
static void move_to(int cpu, const cpu_set_t *allowed)
{
    cpu_set_t only;
    CPU_ZERO(&only);
    CPU_SET(cpu, &only);
    if (sched_setaffinity(0, sizeof only, &only) == 0)
        sched_setaffinity(0, sizeof *allowed, allowed);
}

void mishmem_balance_slow(struct mishmem_instance *inst, uint64_t now)
{
    atomic_store_explicit(&inst->next_balance_ns, now + MISHMEM_BALANCE_PERIOD_NS, memory_order_relaxed);
    int mine = sched_getcpu();
    if (mine < 0 || mine >= MAX_BALANCED_CPUS)
        return;
    atomic_store_explicit(&placement_of(inst, inst->my_pe)->cpu_plus_one, mine + 1, memory_order_relaxed);

    uint16_t awake[MAX_BALANCED_CPUS]; /* on the stack: thread-local storage this size breaks dlopen */
    memset(awake, 0, sizeof awake);
    int highest_here = inst->my_pe;
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_placement *p = placement_of(inst, pe);
        if (!p)
            continue;
        int cpu = atomic_load_explicit(&p->cpu_plus_one, memory_order_relaxed) - 1;
        if (cpu < 0 || cpu >= MAX_BALANCED_CPUS || atomic_load_explicit(&p->asleep, memory_order_relaxed))
            continue;
        if (awake[cpu] < UINT16_MAX)
            awake[cpu]++;
        if (cpu == mine && pe > highest_here)
            highest_here = pe;
    }
    atomic_store_explicit(&inst->alone_on_cpu, awake[mine] <= 1, memory_order_relaxed);
    /* Of the PEs that share a CPU, only the highest-numbered moves, so two
     * never leave at once (partners, or the PEs of a crowded CPU). */
    if (awake[mine] < 2 || highest_here != inst->my_pe)
        return;
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return;
    /* The least crowded allowed CPU, if moving there evens things out
     * (3 + 1 PEs on two CPUs become 2 + 2; 2 + 0 become 1 + 1). */
    int target = -1;
    for (int cpu = 0; cpu < MAX_BALANCED_CPUS && cpu < CPU_SETSIZE; cpu++)
        if (cpu != mine && CPU_ISSET(cpu, &allowed) && (target < 0 || awake[cpu] < awake[target]))
            target = cpu;
    if (target < 0 || awake[target] + 2 > awake[mine])
        return;
    move_to(target, &allowed);
    atomic_store_explicit(&placement_of(inst, inst->my_pe)->cpu_plus_one, target + 1, memory_order_relaxed);
}
