/* Teams on the aclshmem face in an instance other than the world (the seed
 * library answers NOT_SUPPORTED there): splits, 2D splits, translation,
 * configs, barriers with data, and the error codes. The instance numbers
 * its PEs in reverse world order. */
#include "instance/instance_util.h"

static int me, n;
static long *slots; /* symmetric, one per team: allocated by every PE, outside the team calls */

/* The value is the same on every PE of even number. */
static void check_same_on_even(int value, const char *what)
{
    int *mine = aclshmem_calloc(1, sizeof(int)), *all = aclshmem_calloc((size_t)n, sizeof(int));
    *mine = value;
    CHECK(shmem_int_fcollect(SHMEM_TEAM_WORLD, all, mine, 1) == 0, "fcollect");
    for (int pe = 0; pe < n; pe += 2)
        CHECK(all[pe] == all[0], "%s: %d on PE %d, %d on PE 0", what, all[pe], pe, all[0]);
    aclshmem_free(all);
    aclshmem_free(mine);
}

/* Every member puts its number to the next one, then a team barrier. */
static void barrier_with_data(aclshmem_team_t team, int rounds, long *slot)
{
    int size = aclshmem_team_n_pes(team), rank = aclshmem_team_my_pe(team);
    int next = aclshmem_team_translate_pe(team, (rank + 1) % size, ACLSHMEM_TEAM_WORLD);
    for (int round = 1; round <= rounds; round++) {
        CHECK_RC(aclshmem_long_p(slot, round * 100 + rank, next), ACLSHMEM_SUCCESS);
        CHECK_RC(round % 2 ? aclshmem_barrier(team) : aclshmem_sync(team), ACLSHMEM_SUCCESS);
        CHECK(*slot == round * 100 + (rank + size - 1) % size, "round %d: %ld", round, *slot);
        CHECK_RC(aclshmem_barrier(team), ACLSHMEM_SUCCESS); /* nobody overwrites before all checked */
    }
}

static void teams(void)
{
    CHECK(aclshmem_team_my_pe(ACLSHMEM_TEAM_WORLD) == me && aclshmem_team_n_pes(ACLSHMEM_TEAM_WORLD) == n, "world");
    aclshmem_team_t even, x_team, y_team;
    int half = (n + 1) / 2;
    CHECK_RC(aclshmem_team_split_strided(ACLSHMEM_TEAM_WORLD, 0, 2, half, &even), ACLSHMEM_SUCCESS);
    CHECK((even != ACLSHMEM_TEAM_INVALID) == (me % 2 == 0), "even membership");
    check_same_on_even(even, "even team id"); /* ids agree on the members */
    if (even != ACLSHMEM_TEAM_INVALID) {
        CHECK(aclshmem_team_my_pe(even) == me / 2 && aclshmem_team_n_pes(even) == half, "even team");
        CHECK(aclshmem_team_translate_pe(even, me / 2, ACLSHMEM_TEAM_WORLD) == me, "even -> world");
        aclshmem_team_config_t config;
        CHECK_RC(aclshmem_team_get_config(even, &config), ACLSHMEM_SUCCESS);
        CHECK(config.uniqueid == (uint64_t)even && config.num_contexts == 0, "config");
        barrier_with_data(even, 50, &slots[0]);
    }
    CHECK(aclshmem_team_translate_pe(ACLSHMEM_TEAM_WORLD, 1, even) == -1, "PE 1 is not in the even team");
    CHECK_RC(aclshmem_team_split_2d(ACLSHMEM_TEAM_WORLD, 2, &x_team, &y_team), ACLSHMEM_SUCCESS);
    CHECK(aclshmem_team_my_pe(x_team) == me % 2 && aclshmem_team_my_pe(y_team) == me / 2, "2D coordinates");
    CHECK(aclshmem_team_n_pes(y_team) == (n - me % 2 + 1) / 2, "2D column size");
    barrier_with_data(x_team, 20, &slots[1]);
    barrier_with_data(y_team, 20, &slots[2]);
    CHECK_RC(aclshmem_team_destroy(x_team), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_team_destroy(y_team), ACLSHMEM_SUCCESS);
    if (even != ACLSHMEM_TEAM_INVALID) {
        CHECK_RC(aclshmem_team_destroy(even), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_barrier(even), ACLSHMEM_INVALID_PARAM); /* destroyed */
    }
}

static void errors(void)
{
    aclshmem_team_t team = 5;
    aclshmem_team_config_t config;
    CHECK(aclshmem_team_my_pe(ACLSHMEM_TEAM_INVALID) == -1 && aclshmem_team_n_pes(4000) == -1, "invalid ids");
    CHECK_RC(aclshmem_barrier(ACLSHMEM_TEAM_INVALID), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_sync(123456), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_team_split_strided(ACLSHMEM_TEAM_WORLD, 0, 1, n + 1, &team), ACLSHMEM_INVALID_PARAM);
    CHECK(team == ACLSHMEM_TEAM_INVALID, "failed split leaves ACLSHMEM_TEAM_INVALID");
    CHECK_RC(aclshmem_team_split_strided(ACLSHMEM_TEAM_INVALID, 0, 1, 1, &team), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_team_split_strided(ACLSHMEM_TEAM_WORLD, 0, 1, 1, NULL), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_team_split_2d(ACLSHMEM_TEAM_WORLD, 0, &team, &team), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_team_destroy(ACLSHMEM_TEAM_WORLD), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_team_destroy(ACLSHMEM_TEAM_INVALID), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_team_get_config(ACLSHMEM_TEAM_WORLD, NULL), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_team_get_config(77, &config), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmem_team_translate_pe(ACLSHMEM_TEAM_WORLD, n, ACLSHMEM_TEAM_WORLD) == -1, "PE past the end");
    CHECK(aclshmem_team_translate_pe(ACLSHMEM_TEAM_WORLD, 0, 99) == -1, "to an unknown team");
}

int main(void)
{
    shmem_init();
    int world_pe = shmem_my_pe(), world_n = shmem_n_pes();
    uint64_t world_id = aclshmemx_instance_ctx_get()->id, id = world_id == 9 ? 10 : 9;
    int reversed[64];
    CHECK(world_n <= 64, "at most 64 PEs");
    for (int pe = 0; pe < world_n; pe++)
        reversed[pe] = world_n - 1 - pe;
    test_choose_port_range(16);
    CHECK_RC(test_create(id, reversed, world_n, 4 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
    me = aclshmem_my_pe();
    n = aclshmem_n_pes();
    CHECK(me == world_n - 1 - world_pe && n == world_n, "instance %llu numbering", (unsigned long long)id);
    slots = aclshmem_calloc(3, sizeof(long));
    teams();
    errors();
    aclshmem_free(slots);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    if (world_pe == 0)
        printf("aclshmem teams in instance %llu (%d PEs): ok\n", (unsigned long long)id, world_n);
    shmem_finalize();
    return 0;
}
