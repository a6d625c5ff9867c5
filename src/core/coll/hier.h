/* Hierarchical collectives for teams whose members span hosts: members on
 * one host synchronize and combine through the shared memory they map,
 * and only one leader per host (its lowest member) talks over the fabric,
 * to the other hosts' leaders. A team gets a hierarchy when it is created
 * (mishmem_team.hier) if it is portable (a member is not mapped), spans at
 * least two hosts, has two members on one host, its local peers are
 * mapped (MISHMEM_PEERS_UNMAPPED unset) and MISHMEM_COLL_PORTABLE does
 * not force the plain portable family. The hosts come from
 * mishmem_peer.host_first, which every PE computed from the same cards, so
 * every member decides the same.
 *
 * Words, all in the team's sync slot and all carrying barrier epochs (so
 * a later team in the slot starts above them): `arrive` (a member tells
 * its leader), `result` (a leader tells its members), `barrier[r]`
 * (dissemination among the leaders, written over the fabric). Every wait
 * has one writer, named to MISHMEM_WAIT_FOR_UNTIL. Broadcast and
 * reduction hand data between hosts through the leader's stage half of
 * the slot (by op parity; teams in the first MISHMEM_STAGE_TEAM_SLOTS
 * slots only), which a remote leader reads with one get. Everything else
 * (collect, fcollect, alltoall, scans, larger data) runs the portable
 * algorithms over the hierarchical barrier. Active sets have no team to
 * keep a hierarchy in: their barrier (and so every portable active-set
 * collective) finds the hosts at each call and is hierarchical alike. */
#ifndef MISHMEM_CORE_COLL_HIER_H
#define MISHMEM_CORE_COLL_HIER_H

#include <stddef.h>

#include "core/coll/group.h"
#include "core/coll/reduce_ops.h"

struct mishmem_hier {
    int n_hosts;
    int my_host;     /* index of this PE's host (hosts in order of their first member) */
    int leader;      /* team rank of this host's leader (its lowest member) */
    int n_local;     /* members on this host, leader included */
    int max_local;   /* members on the most populous host */
    int *local;      /* n_local team ranks, ascending: local[0] == leader */
    int *leaders;    /* n_hosts team ranks, by host */
    int *host_count; /* n_hosts */
    int *host_start; /* n_hosts: where each host's members start in the member order of hosts */
    int *host_of;    /* team size: each member's host */
    int *pos_of;     /* team size: each member's place among its host's members */
};

/* The hierarchy of a team of these members (world PEs start + i * stride),
 * or NULL when it gets none (see above) or memory ran out (the team then
 * stays plain portable on every PE: fatal, since the members must agree). */
struct mishmem_hier *mishmem_hier_make(struct mishmem_instance *inst, int start, int stride, int size, int me);
void mishmem_hier_free(struct mishmem_hier *hier);

/* Quiet included. */
void mishmem_hier_barrier(struct mishmem_team *team, const char *call);
/* 1 when done; 0 when the data does not fit the hierarchical path (the
 * caller runs the portable algorithm, every member alike). */
int mishmem_hier_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                           int root, int root_updated);
int mishmem_hier_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                        const void *source, size_t count);
/* The barrier of an active set (g->team NULL) that spans hosts with two
 * members on one: 1 when done, 0 when the set does not qualify (the same
 * answer on every member) and the caller runs the dissemination. */
int mishmem_hier_set_barrier(const struct mishmem_coll_group *g);

#endif
