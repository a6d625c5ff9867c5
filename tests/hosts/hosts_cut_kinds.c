/* The program of the lasting-cut loop (cut_loop.sh, issue 27 item 1): 4
 * PEs, 0,1 on one host and 2,3 on the other, each spending its time in
 * ONE kind of call that needs a peer across the cut, until the cut ends
 * the job (it never ends by itself).
 *   hosts_cut_kinds KIND
 * KIND: put get amo nbi fence barrier coll_pointer coll_portable
 *       coll_hier wait_until signal_wait lock team finalize
 * (coll_portable wants MISHMEM_COLL_PORTABLE=1 in the environment).
 * Prints "PE k running" once its first call has completed, so that the
 * script cuts while every PE is inside its loop. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"

#define BLOCK 65536 /* above any inject size: a blocking put waits for delivery */

static unsigned char remote_block[BLOCK];
static unsigned char local_block[BLOCK];
static long counter, flag, lock_word;
static uint64_t signal_word;
static long sum_in, sum_out;

static int me, n, across; /* across: the PE in the same place on the other host */

static void running(long round)
{
    if (round == 0) {
        printf("PE %d running\n", me);
        fflush(stdout);
    }
}

static void loop_put(long round)
{
    memset(local_block, (int)round, BLOCK);
    shmem_putmem(remote_block, local_block, BLOCK, across);
}

static void loop_get(long round)
{
    (void)round;
    shmem_getmem(local_block, remote_block, 4096, across);
}

static void loop_amo(long round)
{
    (void)round;
    CHECK(shmem_long_atomic_fetch_add(&counter, 1, across) >= 0, "fetch_add fetched a negative count");
}

static void loop_nbi(long round)
{
    (void)round;
    for (int k = 0; k < 4; k++)
        shmem_putmem_nbi(remote_block + k * (BLOCK / 4), local_block, BLOCK / 4, across);
    shmem_quiet();
}

static void loop_fence(long round)
{
    shmem_long_p(&counter, round, across);
    shmem_fence();
}

static void loop_barrier(long round)
{
    (void)round;
    shmem_barrier_all();
}

/* A sum over the world team: hierarchical across the two hosts, or
 * portable with MISHMEM_COLL_PORTABLE=1. */
static void loop_world_reduce(long round)
{
    sum_in = me + round;
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum_out, &sum_in, 1);
    CHECK(sum_out == (long)n * (n - 1) / 2 + (long)n * round, "round %ld: sum %ld", round, sum_out);
}

/* The pointer family serves only teams whose PEs all map each other: the
 * team of this host. The cut reaches it through a member: the odd PE of
 * each host also reads across it before each reduction, so the even one
 * waits in the pointer-family collective when the cut comes. */
static shmem_team_t host_team;

static void loop_pointer(long round)
{
    if (me % 2)
        shmem_getmem(local_block, remote_block, 8, across);
    sum_in = me + round;
    shmem_long_sum_reduce(host_team, &sum_out, &sum_in, 1);
    long base = me - me % 2;
    CHECK(sum_out == 2 * base + 1 + 2 * round, "round %ld: host sum %ld", round, sum_out);
}

/* Ping-pong with the PE across: host a's PE writes first. */
static void loop_wait_until(long round)
{
    if (me < across) {
        shmem_long_p(&flag, round + 1, across);
        shmem_long_wait_until(&flag, SHMEM_CMP_GE, round + 1);
    } else {
        shmem_long_wait_until(&flag, SHMEM_CMP_GE, round + 1);
        shmem_long_p(&flag, round + 1, across);
    }
}

static void loop_signal_wait(long round)
{
    uint64_t value = (uint64_t)round + 1;
    if (me < across) {
        shmem_putmem_signal(remote_block, local_block, 64, &signal_word, value, SHMEM_SIGNAL_SET, across);
        shmem_signal_wait_until(&signal_word, SHMEM_CMP_GE, value);
    } else {
        shmem_signal_wait_until(&signal_word, SHMEM_CMP_GE, value);
        shmem_putmem_signal(remote_block, local_block, 64, &signal_word, value, SHMEM_SIGNAL_SET, across);
    }
}

/* The lock's word lives on PE 0 (host a): every PE contends for it. */
static void loop_lock(long round)
{
    (void)round;
    shmem_set_lock(&lock_word);
    shmem_clear_lock(&lock_word);
}

static void loop_team(long round)
{
    shmem_team_t team;
    int start = (int)(round % 2); /* PEs 0,2 or 1,3: across the hosts */
    shmem_team_split_strided(SHMEM_TEAM_WORLD, start, 2, 2, NULL, 0, &team);
    if (team != SHMEM_TEAM_INVALID)
        shmem_team_destroy(team);
}

/* Host b's PEs stay out of the library (computing, as far as host a's PEs
 * know) while host a's wait in finalize's barrier for them. */
static void finalize_kind(void)
{
    running(0);
    if (me >= 2)
        for (;;)
            sleep(1);
    shmem_finalize();
    fprintf(stderr, "PE %d: finalize returned across a lasting cut\n", me);
    exit(3);
}

static const struct {
    const char *name;
    void (*round)(long round);
} kinds[] = {
    {"put", loop_put},
    {"get", loop_get},
    {"amo", loop_amo},
    {"nbi", loop_nbi},
    {"fence", loop_fence},
    {"barrier", loop_barrier},
    {"coll_pointer", loop_pointer},
    {"coll_portable", loop_world_reduce},
    {"coll_hier", loop_world_reduce},
    {"wait_until", loop_wait_until},
    {"signal_wait", loop_signal_wait},
    {"lock", loop_lock},
    {"team", loop_team},
};

int main(int argc, char **argv)
{
    const char *kind = argc > 1 ? argv[1] : "";
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    CHECK(n == 4, "wants 4 PEs (2 on each host), has %d", n);
    across = (me + 2) % n;
    if (strcmp(kind, "coll_pointer") == 0)
        shmem_team_split_strided(SHMEM_TEAM_WORLD, me - me % 2, 1, 2, NULL, 0, &host_team);
    shmem_barrier_all();
    if (strcmp(kind, "finalize") == 0)
        finalize_kind();
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        if (strcmp(kind, kinds[k].name) != 0)
            continue;
        for (long round = 0;; round++) {
            kinds[k].round(round);
            running(round);
        }
    }
    fprintf(stderr, "hosts_cut_kinds: unknown kind '%s'\n", kind);
    return 2;
}
