/*
 * --bind-to core|none and --map-by core|socket: the cores of this host
 * that the launcher may use (its own CPU affinity), in the order PEs get
 * them, and pinning a PE to one. Used on one host and by every --hosts
 * helper for its own PEs.
 */
#ifndef MISHMEMRUN_BINDING_H
#define MISHMEMRUN_BINDING_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>

enum bind_policy { BIND_NONE, BIND_CORE };
enum map_policy { MAP_CORE, MAP_SOCKET };

struct core {
    int package; /* the socket */
    int core_id;
    long rank; /* its place among its socket's cores (for map socket) */
    cpu_set_t cpus; /* its hardware threads that we may use */
};

struct core_plan {
    struct core *cores; /* in the order PEs take them */
    long ncores;
};

/* Names for messages and the helper's settings line. */
const char *bind_policy_name(enum bind_policy bind);
const char *map_policy_name(enum map_policy map);
bool parse_bind_policy(const char *text, enum bind_policy *bind);
bool parse_map_policy(const char *text, enum map_policy *map);

/*
 * The cores for npes PEs of this host under map; false (with a message in
 * error) when the host has fewer usable cores than npes.
 */
bool plan_cores(enum map_policy map, long npes, struct core_plan *plan, char *error, size_t error_size);

/* In the PE's child before exec: pin it to the core of its local index. */
void bind_to_core(const struct core_plan *plan, long local_pe);

/* One line "PE N bound to core C of socket S (CPUs a,b)" on stderr. */
void print_binding(const struct core_plan *plan, long local_pe, long pe);

void free_core_plan(struct core_plan *plan);

#endif
