/* binding.c: the cores PEs are pinned to (see binding.h). */
#define _GNU_SOURCE
#include "binding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"

const char *bind_policy_name(enum bind_policy bind)
{
    return bind == BIND_CORE ? "core" : "none";
}

const char *map_policy_name(enum map_policy map)
{
    return map == MAP_SOCKET ? "socket" : "core";
}

bool parse_bind_policy(const char *text, enum bind_policy *bind)
{
    if (strcmp(text, "core") == 0)
        *bind = BIND_CORE;
    else if (strcmp(text, "none") == 0)
        *bind = BIND_NONE;
    else
        return false;
    return true;
}

bool parse_map_policy(const char *text, enum map_policy *map)
{
    if (strcmp(text, "core") == 0)
        *map = MAP_CORE;
    else if (strcmp(text, "socket") == 0)
        *map = MAP_SOCKET;
    else
        return false;
    return true;
}

/* A number from /sys/devices/system/cpu/cpuN/topology/NAME; -1 if absent. */
static int topology_value(int cpu, const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, name);
    FILE *f = fopen(path, "r");
    int value = -1;
    if (f != NULL) {
        if (fscanf(f, "%d", &value) != 1)
            value = -1;
        fclose(f);
    }
    return value;
}

static int compare_cores(const void *a, const void *b)
{
    const struct core *x = a, *y = b;
    if (x->package != y->package)
        return (x->package > y->package) - (x->package < y->package);
    return (x->core_id > y->core_id) - (x->core_id < y->core_id);
}

/* Every core with an allowed CPU, sorted by socket then core. */
static bool find_cores(struct core_plan *plan)
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        return false;
    plan->cores = calloc((size_t)CPU_COUNT(&allowed), sizeof *plan->cores);
    if (plan->cores == NULL)
        return false;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &allowed))
            continue;
        /* Without topology files, every CPU is a core of socket 0. */
        int package = topology_value(cpu, "physical_package_id");
        int core_id = topology_value(cpu, "core_id");
        if (package < 0)
            package = 0;
        if (core_id < 0)
            core_id = cpu;
        long i = 0;
        while (i < plan->ncores && !(plan->cores[i].package == package && plan->cores[i].core_id == core_id))
            i++;
        if (i == plan->ncores) {
            plan->cores[i] = (struct core){.package = package, .core_id = core_id};
            CPU_ZERO(&plan->cores[i].cpus);
            plan->ncores++;
        }
        CPU_SET(cpu, &plan->cores[i].cpus);
    }
    qsort(plan->cores, (size_t)plan->ncores, sizeof *plan->cores, compare_cores);
    return true;
}

/* map socket: the first core of every socket, then the second of every
 * socket, ...: sort by (rank within its socket, socket). */
static int compare_round_robin(const void *a, const void *b)
{
    const struct core *x = a, *y = b;
    if (x->rank != y->rank)
        return (x->rank > y->rank) - (x->rank < y->rank);
    return (x->package > y->package) - (x->package < y->package);
}

static void order_by_socket(struct core_plan *plan)
{
    for (long i = 0; i < plan->ncores; i++)
        plan->cores[i].rank = i > 0 && plan->cores[i - 1].package == plan->cores[i].package
                                  ? plan->cores[i - 1].rank + 1
                                  : 0;
    qsort(plan->cores, (size_t)plan->ncores, sizeof *plan->cores, compare_round_robin);
}

bool plan_cores(enum map_policy map, long npes, struct core_plan *plan, char *error, size_t error_size)
{
    memset(plan, 0, sizeof *plan);
    if (!find_cores(plan)) {
        snprintf(error, error_size, "--bind-to core: cannot read this host's CPUs");
        free_core_plan(plan);
        return false;
    }
    if (map == MAP_SOCKET)
        order_by_socket(plan);
    if (npes > plan->ncores) {
        /* As Open MPI: binding more PEs than cores is refused, not overloaded. */
        snprintf(error, error_size,
                 "--bind-to core: %ld PEs on this host but only %ld cores that this launcher may "
                 "use; run fewer PEs here or use --bind-to none",
                 npes, plan->ncores);
        free_core_plan(plan);
        return false;
    }
    return true;
}

void bind_to_core(const struct core_plan *plan, long local_pe)
{
    if (local_pe < plan->ncores)
        sched_setaffinity(0, sizeof plan->cores[local_pe].cpus, &plan->cores[local_pe].cpus);
}

void print_binding(const struct core_plan *plan, long local_pe, long pe)
{
    const struct core *core = &plan->cores[local_pe];
    char cpus[256] = "";
    size_t used = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && used + 16 < sizeof cpus; cpu++)
        if (CPU_ISSET(cpu, &core->cpus))
            used += (size_t)snprintf(cpus + used, sizeof cpus - used, "%s%d", used ? "," : "", cpu);
    report("PE %ld bound to core %d of socket %d (CPUs %s)", pe, core->core_id, core->package, cpus);
}

void free_core_plan(struct core_plan *plan)
{
    free(plan->cores);
    plan->cores = NULL;
    plan->ncores = 0;
}
