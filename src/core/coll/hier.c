/* Hierarchical collectives for teams whose members span hosts: members on
 * one host synchronize and combine through the shared memory they map,
 * and only one leader per host (its lowest member) talks over the fabric,
 * to the other hosts' leaders. The family's table is mishmem_coll_hier
 * (core/coll/family.h): a team gets it when it is created if the pointer
 * family does not serve it (a member is not mapped), it spans at least
 * two hosts, has two members on one host, its local peers are mapped
 * (MISHMEM_PEERS_UNMAPPED unset) and MISHMEM_COLL_PORTABLE does not force
 * the plain portable family; its hosts are the team's coll_state. The
 * hosts come from mishmem_peer.host_first, which every PE computed from
 * the same cards, so every member decides the same.
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
 * algorithms (core/coll/portable.h) over the hierarchical barrier. Active
 * sets have no team to keep a hierarchy in: an instance with peers that
 * are not mapped gives its active sets this table too, whose barrier (and
 * so every active-set collective) finds the hosts at each call. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/coll/family.h"
#include "core/coll/portable.h"
#include "core/remote.h"
#include "core/quiet.h"
#include "core/team/table.h"
#include "progress/ring.h"
#include "progress/wait.h"
#include "util/params.h"
#include "util/log.h"

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
 * or NULL when it gets none (see above). Out of memory is fatal: the
 * members must all decide alike. */
static struct mishmem_hier *make(struct mishmem_instance *inst, int start, int stride, int size, int me)
{
    if (size < 3 || mishmem_params()->MISHMEM_PEERS_UNMAPPED)
        return NULL;
    /* Hosts in the order of their first member: a host's index by its
     * lowest world PE. */
    int *index_of_first = malloc((size_t)inst->n_pes * sizeof *index_of_first);
    int *host_of = malloc((size_t)size * sizeof *host_of);
    if (!index_of_first || !host_of)
        mishmem_fatal("out of memory for the hosts of a %d-PE team", size);
    for (int i = 0; i < size; i++)
        index_of_first[inst->peers[start + i * stride].host_first] = -1;
    int n_hosts = 0;
    for (int i = 0; i < size; i++) {
        int *index = &index_of_first[inst->peers[start + i * stride].host_first];
        if (*index < 0)
            *index = n_hosts++;
        host_of[i] = *index;
    }
    free(index_of_first);
    if (n_hosts < 2 || n_hosts == size) { /* one host, or one member per host: nothing to gain */
        free(host_of);
        return NULL;
    }
    struct mishmem_hier *h = calloc(1, sizeof *h + (size_t)(3 * n_hosts + 2 * size) * sizeof(int));
    if (!h)
        mishmem_fatal("out of memory for the hierarchy of a %d-PE team", size);
    int *ints = (int *)(h + 1);
    h->n_hosts = n_hosts;
    h->leaders = ints;
    h->host_count = ints + n_hosts;
    h->host_start = ints + 2 * n_hosts;
    h->host_of = ints + 3 * n_hosts;
    h->pos_of = ints + 3 * n_hosts + size;
    memcpy(h->host_of, host_of, (size_t)size * sizeof *host_of);
    free(host_of);
    for (int i = 0; i < size; i++) {
        int host = h->host_of[i];
        if (h->host_count[host] == 0)
            h->leaders[host] = i;
        h->pos_of[i] = h->host_count[host]++;
    }
    for (int host = 0, at = 0; host < n_hosts; at += h->host_count[host++]) {
        h->host_start[host] = at;
        if (h->host_count[host] > h->max_local)
            h->max_local = h->host_count[host];
    }
    h->my_host = h->host_of[me];
    h->leader = h->leaders[h->my_host];
    h->n_local = h->host_count[h->my_host];
    h->local = malloc((size_t)h->n_local * sizeof *h->local);
    if (!h->local)
        mishmem_fatal("out of memory for the hierarchy of a %d-PE team", size);
    for (int i = 0, k = 0; i < size; i++)
        if (h->host_of[i] == h->my_host) {
            h->local[k++] = i;
            /* Every member decides from the same cards and environment; a
             * local member that is not mapped means they did not agree. */
            if (!inst->peers[start + i * stride].segment)
                mishmem_fatal("PE %d of instance %llu shares this PE's host but is not mapped: set "
                              "MISHMEM_PEERS_UNMAPPED alike on every PE", start + i * stride,
                              (unsigned long long)inst->id);
        }
    MISHMEM_DEBUG("instance %llu: team of %d PEs (start %d, stride %d) over %d hosts: hierarchical collectives, "
                  "%d PEs on this host, leader PE %d", (unsigned long long)inst->id, size, start, stride, n_hosts,
                  h->n_local, start + h->leader * stride);
    return h;
}

static int team_init(struct mishmem_team *team)
{
    team->coll_state = make(team->inst, team->start, team->stride, team->size, team->my_pe);
    return team->coll_state != NULL;
}

static void team_fini(struct mishmem_team *team)
{
    struct mishmem_hier *hier = team->coll_state;
    if (hier)
        free(hier->local);
    free(hier);
    team->coll_state = NULL;
}

static const struct mishmem_hier *hier_of(const struct mishmem_team *team)
{
    return team->coll_state;
}

static struct mishmem_team_sync *my_sync(const struct mishmem_team *team)
{
    return &((struct mishmem_control *)team->inst->segment.base)->teams[team->slot];
}

/* A member tells its leader, a leader its members: a store in the
 * writer's own slot, which the readers poll through their mapping. */
static void post(const struct mishmem_team *team, struct mishmem_flag *flag, uint64_t epoch)
{
    atomic_store_explicit(&flag->value, epoch, memory_order_release);
    const struct mishmem_hier *h = hier_of(team);
    if (team->my_pe != h->leader) {
        mishmem_doorbell_ring(team->inst, mishmem_team_world_pe(team, h->leader));
        return;
    }
    for (int k = 1; k < h->n_local; k++)
        mishmem_doorbell_ring(team->inst, mishmem_team_world_pe(team, h->local[k]));
}

/* Waits until member's (a mapped member's) flag `which` reaches epoch. */
static void await_local(const struct mishmem_team *team, const char *call, int member, int which, uint64_t epoch)
{
    struct mishmem_team_sync *sync = mishmem_team_sync_of(team, member);
    _Atomic uint64_t *word = which ? &sync->result.value : &sync->arrive.value;
    MISHMEM_WAIT_FOR_UNTIL(team->inst, call, mishmem_team_world_pe(team, member),
                           atomic_load_explicit(word, memory_order_acquire) >= epoch);
}
#define ARRIVE 0
#define RESULT 1

/* A wait of this op failed (a peer died or left, and the instance is not
 * the shmem_init world, which ends the process): post nothing more, so
 * that the members waiting for this PE do not go on as if the op had
 * completed; they find the instance failed in this PE's control area. */
static int failed(const struct mishmem_instance *inst) { return mishmem_instance_failed(inst); }

/* A signal to another host may be an injected write that waits in this
 * process's queue until the fabric is driven: when the word it waits for
 * was already there, no wait drove it. Drive it once more, so that a PE
 * that leaves the op and then stops calling the library (or exits)
 * still delivers it. */
static void push_out(struct mishmem_instance *inst)
{
    if (inst->n_unmapped > 0)
        mishmem_transports_progress(inst);
}

/* The leaders' dissemination barrier (log2 of the hosts rounds, over the
 * fabric); quiet is the caller's. */
static void leaders_barrier(const struct mishmem_team *team, const char *call, uint64_t epoch)
{
    const struct mishmem_hier *h = hier_of(team);
    struct mishmem_team_sync *mine = my_sync(team);
    int n = h->n_hosts, me = h->my_host;
    for (int round = 0, distance = 1; distance < n && !failed(team->inst); round++, distance <<= 1) {
        int to = mishmem_team_world_pe(team, h->leaders[(me + distance) % n]);
        int from = mishmem_team_world_pe(team, h->leaders[(me - distance + n) % n]);
        _Atomic uint64_t *word = &mine->barrier[round].value;
        mishmem_remote_word_set(team->inst, to, word, epoch);
        MISHMEM_WAIT_FOR_UNTIL(team->inst, call, from, atomic_load_explicit(word, memory_order_acquire) >= epoch);
    }
    push_out(team->inst);
}

/* The leader waits for its members' `arrive` of epoch. */
static void gather_local(const struct mishmem_team *team, const char *call, uint64_t epoch)
{
    const struct mishmem_hier *h = hier_of(team);
    for (int k = 1; k < h->n_local && !failed(team->inst); k++)
        await_local(team, call, h->local[k], ARRIVE, epoch);
}

static void team_barrier(struct mishmem_team *team, const char *call)
{
    const struct mishmem_hier *h = hier_of(team);
    mishmem_quiet(team->inst);
    uint64_t epoch = ++team->barrier_epoch;
    struct mishmem_team_sync *mine = my_sync(team);
    if (team->my_pe != h->leader) {
        post(team, &mine->arrive, epoch);
        await_local(team, call, h->leader, RESULT, epoch);
        return;
    }
    gather_local(team, call, epoch);
    leaders_barrier(team, call, epoch);
    if (failed(team->inst))
        return;
    post(team, &mine->result, epoch);
}

/* This PE's stage half for the op of this parity: what other hosts'
 * leaders read. */
static unsigned char *my_pack(const struct mishmem_team *team, int parity)
{
    return ((struct mishmem_control *)team->inst->segment.base)->stage[team->slot].half[parity].data;
}

/* What a hierarchical broadcast or reduction takes at its start. */
struct hier_op {
    uint64_t first, last;           /* the epochs of its two hand-offs */
    int parity;                     /* the stage half it packs into */
    struct mishmem_team_sync *mine; /* this PE's flags */
};

/* Starts an op whose pack holds `bytes`, from each of a host's members
 * when every_member_packs. Returns the team's hierarchy, or NULL (nothing
 * taken) when the group is an active set, the team has no stage slot or
 * the pack would not fit: the caller then runs the portable algorithm
 * (over the hierarchical barrier), every member alike. */
static const struct mishmem_hier *hier_op_begin(const struct mishmem_coll_group *g, size_t bytes,
                                                int every_member_packs, struct hier_op *run)
{
    struct mishmem_team *team = g->team;
    if (!team || team->slot >= MISHMEM_STAGE_TEAM_SLOTS ||
        bytes > MISHMEM_STAGE_BYTES / (every_member_packs ? (size_t)hier_of(team)->max_local : 1))
        return NULL;
    run->first = ++team->barrier_epoch;
    run->last = ++team->barrier_epoch;
    run->parity = (int)(++team->op_epoch & 1);
    run->mine = my_sync(team);
    mishmem_quiet(g->inst);
    return hier_of(team);
}

/* Broadcast: the root's leader copies the root's source into its pack,
 * the leaders' barrier says it is there, every other leader gets it into
 * its own pack, and members copy from their leader's pack. The members'
 * last `arrive` tells the leader they are done with its pack. */
static int packed_broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes,
                           int root, int root_updated)
{
    struct hier_op run;
    const struct mishmem_hier *h = hier_op_begin(g, bytes, 0, &run);
    if (!h)
        return 0;
    struct mishmem_team *team = g->team;
    int me = g->me;
    if (me != h->leader) {
        if (me == root)
            post(team, &run.mine->arrive, run.first); /* my source is ready */
        await_local(team, g->call, h->leader, RESULT, run.first);
        if (failed(g->inst))
            return 1;
        if (me != root)
            memcpy(dest, mishmem_group_addr(g, my_pack(team, run.parity), h->leader), bytes);
        else if (root_updated && dest != source)
            memcpy(dest, source, bytes);
        post(team, &run.mine->arrive, run.last); /* done with the leader's dest (and it with my source) */
        return 1;
    }
    int root_host = h->host_of[root];
    if (root_host == h->my_host) {
        const void *from = source;
        if (root != me) {
            await_local(team, g->call, root, ARRIVE, run.first);
            if (failed(g->inst))
                return 1;
            from = mishmem_group_addr(g, source, root);
        }
        memcpy(my_pack(team, run.parity), from, bytes);
        if (dest != from && (root != me || root_updated))
            memcpy(dest, from, bytes);
        leaders_barrier(team, g->call, run.first);
    } else {
        leaders_barrier(team, g->call, run.first);
        int holder = h->leaders[root_host];
        if (failed(g->inst))
            return 1;
        unsigned char *pack = my_pack(team, run.parity);
        mishmem_portable_must(
            mishmem_remote_get(g->inst, mishmem_group_pe(g, holder), pack, pack, bytes, MISHMEM_BLOCKING), g, holder);
        memcpy(dest, pack, bytes);
    }
    if (failed(g->inst))
        return 1;
    post(team, &run.mine->result, run.first);
    gather_local(team, g->call, run.last);
    return 1;
}

/* Reduction: each leader packs its members' sources (member order), the
 * leaders' barrier says every pack is there, each leader gets the other
 * hosts' packs and folds all sources in member order (so every PE gets
 * the bits of the flat fold, as on one host), and members copy the result
 * from their leader's dest. */
static int packed_reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                        const void *source, size_t count)
{
    size_t bytes = count * op->size;
    struct hier_op run;
    const struct mishmem_hier *h = hier_op_begin(g, bytes, 1, &run);
    if (!h)
        return 0;
    struct mishmem_team *team = g->team;
    int me = g->me;
    if (me != h->leader) {
        post(team, &run.mine->arrive, run.first); /* my source is ready */
        await_local(team, g->call, h->leader, RESULT, run.first);
        if (failed(g->inst))
            return 1;
        memcpy(dest, mishmem_group_addr(g, dest, h->leader), bytes);
        post(team, &run.mine->arrive, run.last);
        return 1;
    }
    unsigned char *pack = my_pack(team, run.parity);
    for (int k = 0; k < h->n_local; k++) {
        int member = h->local[k];
        if (member != me)
            await_local(team, g->call, member, ARRIVE, run.first);
        if (failed(g->inst))
            return 1;
        memcpy(pack + (size_t)k * bytes, member == me ? source : mishmem_group_addr(g, source, member), bytes);
    }
    leaders_barrier(team, g->call, run.first);
    if (failed(g->inst))
        return 1;
    /* Every host's pack, by host: this host's in place, the others got. */
    unsigned char *all = malloc((size_t)g->size * bytes);
    if (!all)
        mishmem_fatal("%s: out of memory for a %zu-byte reduction over %d PEs", g->call, bytes, g->size);
    for (int host = 0; host < h->n_hosts && !failed(g->inst); host++) {
        unsigned char *to = all + (size_t)h->host_start[host] * bytes;
        size_t length = (size_t)h->host_count[host] * bytes;
        if (host == h->my_host)
            memcpy(to, pack, length);
        else
            mishmem_portable_must(mishmem_remote_get(g->inst, mishmem_group_pe(g, h->leaders[host]), to, pack,
                                                     length, MISHMEM_BLOCKING),
                                  g, h->leaders[host]);
    }
    if (failed(g->inst)) {
        free(all);
        return 1;
    }
    /* My own source was packed: dest may be it. */
    for (int member = 0; member < g->size; member++) {
        const unsigned char *in = all + (size_t)(h->host_start[h->host_of[member]] + h->pos_of[member]) * bytes;
        if (member == 0)
            memcpy(dest, in, bytes);
        else
            op->combine(dest, in, count);
    }
    free(all);
    post(team, &run.mine->result, run.first);
    gather_local(team, g->call, run.last);
    return 1;
}

/* Active sets keep no state between calls: the hosts are found at each
 * call (a fabric round costs far more), and the signals are the
 * instance's per-pair counters (core/coll/active_set.c), which stay
 * matched whatever sets two PEs share. */
static void set_signal(struct mishmem_instance *inst, int to)
{
    struct mishmem_control *mine = (struct mishmem_control *)inst->segment.base;
    mishmem_remote_word_set(inst, to, &mine->active_set_signal[inst->my_pe], ++inst->teams->active_set_sent[to]);
}

static void set_await(const struct mishmem_coll_group *g, int from)
{
    struct mishmem_instance *inst = g->inst;
    _Atomic uint64_t *word = &((struct mishmem_control *)inst->segment.base)->active_set_signal[from];
    uint64_t expected = ++inst->teams->active_set_received[from];
    MISHMEM_WAIT_FOR_UNTIL(inst, g->call, from, atomic_load_explicit(word, memory_order_acquire) >= expected);
}

/* 1 when done; 0 when the set does not span hosts with two members on
 * one (the same answer on every member) and the caller runs the
 * dissemination. */
static int set_barrier(const struct mishmem_coll_group *g)
{
    struct mishmem_instance *inst = g->inst;
    if (g->size < 3 || mishmem_params()->MISHMEM_PEERS_UNMAPPED)
        return 0;
    int *leader_of = malloc((size_t)inst->n_pes * sizeof *leader_of); /* by host_first: a member */
    int *leaders = malloc((size_t)g->size * sizeof *leaders);
    if (!leader_of || !leaders)
        mishmem_fatal("%s: out of memory for the hosts of a %d-PE active set", g->call, g->size);
    for (int i = 0; i < g->size; i++)
        leader_of[inst->peers[mishmem_group_pe(g, i)].host_first] = -1;
    int n_hosts = 0, my_host = -1, my_first = inst->peers[inst->my_pe].host_first;
    for (int i = 0; i < g->size; i++) {
        int first = inst->peers[mishmem_group_pe(g, i)].host_first;
        if (leader_of[first] < 0) {
            leader_of[first] = i;
            my_host = first == my_first ? n_hosts : my_host;
            leaders[n_hosts++] = i;
        }
    }
    int done = n_hosts >= 2 && n_hosts < g->size;
    if (done) {
        mishmem_quiet(inst);
        int leader = leader_of[my_first];
        if (g->me != leader) {
            set_signal(inst, mishmem_group_pe(g, leader));
            set_await(g, mishmem_group_pe(g, leader));
        } else {
            for (int i = 0; i < g->size && !failed(inst); i++)
                if (i != g->me && inst->peers[mishmem_group_pe(g, i)].host_first == my_first)
                    set_await(g, mishmem_group_pe(g, i));
            for (int distance = 1; distance < n_hosts && !failed(inst); distance <<= 1) {
                set_signal(inst, mishmem_group_pe(g, leaders[(my_host + distance) % n_hosts]));
                set_await(g, mishmem_group_pe(g, leaders[(my_host - distance + n_hosts) % n_hosts]));
            }
            push_out(inst);
            for (int i = 0; i < g->size && !failed(inst); i++)
                if (i != g->me && inst->peers[mishmem_group_pe(g, i)].host_first == my_first)
                    set_signal(inst, mishmem_group_pe(g, i));
        }
    }
    free(leaders);
    free(leader_of);
    return done;
}

static void barrier(const struct mishmem_coll_group *g)
{
    if (g->team)
        team_barrier(g->team, g->call);
    else if (!set_barrier(g))
        mishmem_portable_barrier(g);
}

static void broadcast(const struct mishmem_coll_group *g, void *dest, const void *source, size_t bytes, int root,
                      int root_updated)
{
    if (!packed_broadcast(g, dest, source, bytes, root, root_updated))
        mishmem_portable_broadcast(g, dest, source, bytes, root, root_updated);
}

static void reduce(const struct mishmem_coll_group *g, const struct mishmem_reduce_op *op, void *dest,
                   const void *source, size_t count)
{
    if (!packed_reduce(g, op, dest, source, count))
        mishmem_portable_reduce(g, op, dest, source, count);
}

/* Reached only when the pointer family does not serve the sets (peers
 * not mapped); set_barrier decides per set. */
static int sets_init(const struct mishmem_instance *inst)
{
    (void)inst;
    return 1;
}

const struct mishmem_coll_ops mishmem_coll_hier = {
    .name = "hierarchical",
    .team_init = team_init,
    .team_fini = team_fini,
    .sets_init = sets_init,
    .barrier = barrier,
    .broadcast = broadcast,
    .reduce = reduce,
    .fcollect = mishmem_portable_fcollect,
    .collect = mishmem_portable_collect,
    .alltoall = mishmem_portable_alltoall,
    .alltoalls = mishmem_portable_alltoalls,
    .scan_fold = mishmem_portable_scan_fold,
};
