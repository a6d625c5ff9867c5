/* Many teams: 2048 live at once (each checked with a collective), then
 * splits until the slots run out (a clean non-zero result on every PE),
 * then 2048 rounds of split / use / destroy on disjoint sub-teams that
 * work at the same time. Slots are reused without any reset. */
#include <shmem.h>

#include "test_util.h"

#define LIVE_TEAMS 2048
#define CHURN_ROUNDS 2048

static shmem_team_t live[4096 + 2];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *value = shmem_calloc(2, sizeof(long));
    double start = test_now_s();

    /* 2048 live teams over the world (every other one reversed). */
    for (int i = 0; i < LIVE_TEAMS; i++) {
        int reversed = i % 2;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, reversed ? n - 1 : 0, reversed ? -1 : 1, n, NULL, 0,
                                       &live[i]) == 0, "split %d", i);
    }
    for (int i = 0; i < LIVE_TEAMS; i += 97) {
        int rank = shmem_team_my_pe(live[i]);
        CHECK(rank == (i % 2 ? n - 1 - me : me), "team %d: my_pe %d", i, rank);
        value[0] = rank + i;
        CHECK(shmem_long_sum_reduce(live[i], &value[1], &value[0], 1) == 0, "reduce");
        CHECK(value[1] == (long)n * (n - 1) / 2 + (long)n * i, "team %d: sum %ld", i, value[1]);
    }
    /* Keep going (2D splits: two slots each) until no slots are free on
     * every PE: all fail together. */
    int made = LIVE_TEAMS;
    while (made < 4096 &&
           shmem_team_split_2d(SHMEM_TEAM_WORLD, n, NULL, 0, &live[made], NULL, 0, &live[made + 1]) == 0)
        made += 2;
    CHECK(made < 4096 && live[made] == SHMEM_TEAM_INVALID && live[made + 1] == SHMEM_TEAM_INVALID,
          "split %d: no failure or a team on failure", made);
    value[0] = made;
    CHECK(shmem_long_max_reduce(SHMEM_TEAM_WORLD, &value[1], &value[0], 1) == 0 && value[1] == made,
          "PEs ran out of slots at different splits (%d here, max %ld)", made, value[1]);
    CHECK(shmem_team_sync(live[made - 1]) == 0, "the last team made works");
    for (int i = 0; i < made; i++)
        shmem_team_destroy(live[i]);
    double filled = test_now_s() - start;

    /* Churn: halves split from the world, used, destroyed, back to back. */
    for (int round = 0; round < CHURN_ROUNDS; round++) {
        shmem_team_t row, column;
        int xrange = round % n + 1;
        CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, xrange, NULL, 0, &row, NULL, 0, &column) == 0, "2d %d", round);
        shmem_team_t team = round % 2 ? row : column;
        value[0] = me;
        CHECK(shmem_long_sum_reduce(team, &value[1], &value[0], 1) == 0, "reduce");
        long expected = 0;
        for (int pe = 0; pe < shmem_team_n_pes(team); pe++)
            expected += shmem_team_translate_pe(team, pe, SHMEM_TEAM_WORLD);
        CHECK(value[1] == expected, "round %d: sum %ld, expected %ld", round, value[1], expected);
        shmem_team_destroy(row);
        shmem_team_destroy(column);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("team churn: %d PEs, %d teams live at once (%d before the slots ran out) in %.2f s, "
               "%d split/use/destroy rounds in %.2f s\n", n, LIVE_TEAMS, made, filled, CHURN_ROUNDS,
               test_now_s() - start - filled);
    shmem_free(value);
    shmem_finalize();
    return 0;
}
