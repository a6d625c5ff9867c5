/* A barrier after a broadcast is still a barrier. When PEs outnumber
 * cores the barrier that follows a broadcast lets the broadcast's root
 * out first (core/team/barrier.c); nobody may leave before every member
 * has arrived, whoever the root was and whichever team.
 * Each round: a broadcast from a rotating root (checked), then every
 * member puts the round number into its own slot on every member, one
 * member (another than the root) sleeps 2 ms before the barrier, and
 * after the barrier every member must see the round (or a later one, if
 * that member has gone on) in every slot. The
 * world, the reversed world (world PEs are not team ranks) and the odd
 * PEs, with barrier_all, team_sync and a broadcast on another team
 * between (whose root must not lead the world's barrier), and back-to-back
 * barriers with no broadcast before them.
 * Run: test_coll_release_first */
#include <time.h>
#include <unistd.h>

#include "coll/coll_util.h"

#define ROUNDS 60
#define MAX_PES 64

static long seen[MAX_PES];
static long value_dest, value_source;
static long last_round; /* rounds count on across the phases: a slot never holds the next one */

static void sleep_us(long us)
{
    struct timespec pause = {.tv_sec = 0, .tv_nsec = us * 1000L};
    nanosleep(&pause, NULL);
}

/* Every member's slot on every member, then the barrier, then the check. */
static void announce_and_sync(shmem_team_t team, long round, int sleeper, int use_barrier_all, const char *what)
{
    int me = shmem_team_my_pe(team), n = shmem_team_n_pes(team);
    int my_world = shmem_my_pe();
    for (int member = 0; member < n; member++)
        shmem_long_p(&seen[my_world], round, shmem_team_translate_pe(team, member, SHMEM_TEAM_WORLD));
    if (me == sleeper)
        sleep_us(2000);
    if (use_barrier_all) {
        shmem_barrier_all();
    } else {
        shmem_quiet();
        shmem_team_sync(team);
    }
    for (int member = 0; member < n; member++) {
        int world = shmem_team_translate_pe(team, member, SHMEM_TEAM_WORLD);
        CHECK(seen[world] >= round, "%s round %ld: after the barrier, member %d (PE %d) has not arrived "
              "(slot holds %ld; sleeper %d)", what, round, member, world, seen[world], sleeper);
    }
}

static void broadcast_then_barrier(shmem_team_t team, int use_barrier_all, const char *what)
{
    int n = shmem_team_n_pes(team), me = shmem_team_my_pe(team);
    for (int i = 0; i < ROUNDS; i++) {
        long round = ++last_round;
        int root = (int)(round % n), sleeper = (root + 1 + (int)(round / n) % (n > 1 ? n - 1 : 1)) % n;
        value_source = me == root ? 1000 * round + root : -1;
        value_dest = -2;
        CHECK(shmem_long_broadcast(team, &value_dest, &value_source, 1, root) == 0, "%s broadcast", what);
        CHECK(value_dest == 1000 * round + root, "%s round %ld: broadcast from %d gave %ld", what, round, root,
              value_dest);
        announce_and_sync(team, round, n > 1 ? sleeper : -1, use_barrier_all, what);
    }
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n <= MAX_PES, "at most %d PEs", MAX_PES);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (me == 0)
        printf("%d PEs on %ld CPUs: %s\n", n, cpus,
               n > cpus ? "barriers after broadcasts release the root first" : "PEs have a core each");

    broadcast_then_barrier(SHMEM_TEAM_WORLD, 1, "world, barrier_all");
    broadcast_then_barrier(SHMEM_TEAM_WORLD, 0, "world, team_sync");

    shmem_team_t reversed;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &reversed) == 0, "reversed");
    broadcast_then_barrier(reversed, 0, "reversed world");

    shmem_team_t odd = SHMEM_TEAM_INVALID;
    if (n >= 3) {
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd) == 0, "odd split");
        if (odd != SHMEM_TEAM_INVALID)
            broadcast_then_barrier(odd, 0, "odd PEs");
        else
            last_round += ROUNDS; /* the same numbers as the members */
        /* A broadcast on the odd team from its last member, then the
         * world's barrier: the world's barrier has no root to release. */
        for (int i = 0; i < ROUNDS; i++) {
            long round = ++last_round;
            if (odd != SHMEM_TEAM_INVALID) {
                int root = shmem_team_n_pes(odd) - 1;
                value_source = shmem_team_my_pe(odd) == root ? round : -1;
                CHECK(shmem_long_broadcast(odd, &value_dest, &value_source, 1, root) == 0, "odd broadcast");
                CHECK(value_dest == round, "odd round %ld: broadcast gave %ld", round, value_dest);
            }
            announce_and_sync(SHMEM_TEAM_WORLD, round, (int)(round % n), 1, "world after an odd broadcast");
        }
    }
    /* Barriers alone, back to back. */
    for (int i = 0; i < ROUNDS; i++) {
        long round = ++last_round;
        announce_and_sync(SHMEM_TEAM_WORLD, round, (int)(round % n), 1, "world, barriers alone");
    }

    if (odd != SHMEM_TEAM_INVALID)
        shmem_team_destroy(odd);
    shmem_team_destroy(reversed);
    if (me == 0)
        printf("test_coll_release_first: %ld rounds passed\n", last_round);
    shmem_finalize();
    return 0;
}
