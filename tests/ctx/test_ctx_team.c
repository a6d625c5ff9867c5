/* Contexts made on a team number PEs as the team does: on the team of odd
 * world PEs (start 1, stride 2), team PE k is world PE 2k+1. Every RMA
 * form through the team context must land on the right world PE, and a
 * PE outside the team is refused (checked in bad_input.sh). */
#include <shmem.h>
#include <string.h>

#include "test_util.h"

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    CHECK(npes >= 4, "run with at least 4 PEs");
    shmem_team_t odd;
    int odd_size = npes / 2;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, odd_size, NULL, 0, &odd) == 0, "split");
    long *box = shmem_calloc(8, sizeof(long));
    uint64_t *sig = shmem_calloc(1, sizeof(uint64_t));
    long *counter = shmem_calloc(1, sizeof(long));
    if (odd != SHMEM_TEAM_INVALID) {
        int rank = shmem_team_my_pe(odd);
        CHECK(rank == (me - 1) / 2, "team rank %d of world PE %d", rank, me);
        shmem_ctx_t ctx;
        CHECK(shmem_team_create_ctx(odd, 0, &ctx) == 0, "team ctx");
        int next = (rank + 1) % odd_size;
        long values[2] = {100L + me, 200L + me};
        shmem_ctx_long_p(ctx, &box[0], values[0], next);
        shmem_ctx_long_put(ctx, &box[1], values, 2, next);
        shmem_ctx_long_iput(ctx, &box[3], values, 2, 1, 2, next);
        shmem_ctx_long_put_signal(ctx, &box[6], values + 1, 1, sig, 1, SHMEM_SIGNAL_ADD, next);
        shmem_ctx_long_atomic_add(ctx, counter, 1000L + me, next); /* atomics renumber too */
        shmem_ctx_quiet(ctx);
        /* Reads through the team context come from team PE next too. */
        shmem_ctx_long_g(ctx, &box[7], next);
        shmem_ctx_destroy(ctx);
    }
    shmem_barrier_all();
    if (me % 2 == 1 && me < 2 * odd_size) {
        int rank = (me - 1) / 2, prev_world = 2 * ((rank + odd_size - 1) % odd_size) + 1;
        long expected[8] = {100L + prev_world, 100L + prev_world, 200L + prev_world, 100L + prev_world, 0,
                            200L + prev_world, 200L + prev_world, 0};
        for (int i = 0; i < 8; i++)
            CHECK(box[i] == expected[i], "world PE %d box[%d] = %ld, expected %ld", me, i, box[i], expected[i]);
        CHECK(*sig == 1, "signal %llu", (unsigned long long)*sig);
        CHECK(*counter == 1000L + prev_world, "atomic through the team context: %ld", *counter);
    } else {
        for (int i = 0; i < 8; i++)
            CHECK(box[i] == 0, "world PE %d (not in the team) was written at %d", me, i);
        CHECK(*sig == 0, "world PE %d got a signal", me);
        CHECK(*counter == 0, "world PE %d got an atomic", me);
    }
    shmem_barrier_all();
    if (odd != SHMEM_TEAM_INVALID)
        shmem_team_destroy(odd);
    if (me == 0)
        printf("ctx team: team PEs map to world PEs through a team context (%d PEs)\n", npes);
    shmem_free(counter);
    shmem_free(sig);
    shmem_free(box);
    shmem_finalize();
    return 0;
}
