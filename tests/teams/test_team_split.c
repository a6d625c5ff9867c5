/* Team management on the OpenSHMEM face: predefined teams, strided splits
 * (positive, negative and zero stride), 2D splits for every xrange,
 * translate_pe across nested splits, configs, contexts on teams, the
 * shmem_sync macro, and the return codes of splits that cannot be made
 * (the same non-zero result on every PE, never a hang). */
#include <shmem.h>

#include "test_util.h"

static int me, n;

static void check_members(shmem_team_t team, int start, int stride, int size, const char *what)
{
    int offset = me - start, member = -1;
    if (stride == 0 ? offset == 0 : offset % stride == 0 && offset / stride >= 0 && offset / stride < size)
        member = stride == 0 ? 0 : offset / stride;
    if (member < 0) {
        CHECK(team == SHMEM_TEAM_INVALID, "%s: PE %d is not a member but got a team", what, me);
        return;
    }
    CHECK(team != SHMEM_TEAM_INVALID, "%s: PE %d is member %d but got SHMEM_TEAM_INVALID", what, me, member);
    CHECK(shmem_team_my_pe(team) == member, "%s: my_pe %d, expected %d", what, shmem_team_my_pe(team), member);
    CHECK(shmem_team_n_pes(team) == size, "%s: n_pes %d, expected %d", what, shmem_team_n_pes(team), size);
    for (int pe = 0; pe < size; pe++) {
        int world = start + pe * stride;
        CHECK(shmem_team_translate_pe(team, pe, SHMEM_TEAM_WORLD) == world, "%s: translate %d", what, pe);
        CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, world, team) == pe, "%s: translate back", what);
    }
    CHECK(shmem_team_translate_pe(team, size, SHMEM_TEAM_WORLD) == -1, "%s: PE past the end", what);
    CHECK(shmem_team_sync(team) == 0, "%s: team_sync", what);
}

static void predefined(void)
{
    CHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me && shmem_team_n_pes(SHMEM_TEAM_WORLD) == n, "world");
    /* SHMEM_TEAM_SHARED: the PEs whose memory this one maps, all of them
     * on one host (MISHMEM_HOST_ID=h%p: itself alone). */
    static long probe;
    int mapped = 0, first = -1;
    for (int pe = 0; pe < n; pe++)
        if (shmem_ptr(&probe, pe)) {
            mapped++;
            first = first < 0 ? pe : first;
        }
    CHECK(shmem_team_n_pes(SHMEM_TEAM_SHARED) == mapped && shmem_team_my_pe(SHMEM_TEAM_SHARED) == me - first,
          "shared: %d PEs, I am %d; %d mapped from PE %d", shmem_team_n_pes(SHMEM_TEAM_SHARED),
          shmem_team_my_pe(SHMEM_TEAM_SHARED), mapped, first);
    CHECK(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1 && shmem_team_n_pes(SHMEM_TEAM_INVALID) == -1, "invalid");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, 0, SHMEM_TEAM_INVALID) == -1, "translate to invalid");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_SHARED, mapped - 1, SHMEM_TEAM_WORLD) == first + mapped - 1,
          "shared to world");
    shmem_team_config_t config = {.num_contexts = 77};
    CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &config) == 0, "world config");
    CHECK(config.num_contexts == 0, "world num_contexts %d", config.num_contexts);
    CHECK(shmem_team_get_config(SHMEM_TEAM_INVALID, SHMEM_TEAM_NUM_CONTEXTS, &config) != 0, "invalid config");
    CHECK(shmem_team_sync(SHMEM_TEAM_SHARED) == 0 && shmem_sync(SHMEM_TEAM_WORLD) == 0, "syncs");
    static long psync[SHMEM_BARRIER_SYNC_SIZE];
    shmem_sync(0, 0, n, psync); /* the deprecated active-set form, picked by argument count */
    shmem_sync_all();
}

static void strided(void)
{
    shmem_team_t team;
    int half = (n + 1) / 2;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, half, NULL, 0, &team) == 0, "even split");
    check_members(team, 0, 2, half, "even PEs");
    shmem_team_destroy(team);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &team) == 0, "reversed split");
    check_members(team, n - 1, -1, n, "reversed");
    shmem_team_destroy(team);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -2, half, NULL, 0, &team) == 0, "stride -2");
    check_members(team, n - 1, -2, half, "stride -2");
    shmem_team_destroy(team);
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n / 2, 0, 1, NULL, 0, &team) == 0, "stride 0");
    check_members(team, n / 2, 0, 1, "stride 0");
    shmem_team_destroy(team);
    shmem_team_destroy(SHMEM_TEAM_INVALID); /* a no-op */
}

/* world -> even PEs -> every other of those -> ...: translations through
 * all levels, and into a sibling team where they are not members. */
static void nested(void)
{
    shmem_team_t levels[8], odd;
    int count = 0, stride = 1, size = n;
    levels[count++] = SHMEM_TEAM_WORLD;
    while (size > 1) {
        shmem_team_t parent = levels[count - 1], child = SHMEM_TEAM_INVALID;
        int child_size = (size + 1) / 2;
        if (parent != SHMEM_TEAM_INVALID)
            CHECK(shmem_team_split_strided(parent, 0, 2, child_size, NULL, 0, &child) == 0, "nested split");
        stride *= 2;
        size = child_size;
        check_members(child, 0, stride, size, "nested");
        levels[count++] = child;
    }
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2 > 0 ? n / 2 : 1, NULL, 0, &odd) == 0 || n == 1,
          "odd split");
    for (int a = 0; a < count; a++) {
        if (levels[a] == SHMEM_TEAM_INVALID)
            continue;
        for (int pe = 0; pe < shmem_team_n_pes(levels[a]); pe++) {
            int world = shmem_team_translate_pe(levels[a], pe, SHMEM_TEAM_WORLD);
            for (int b = 0; b < count; b++) {
                if (levels[b] == SHMEM_TEAM_INVALID)
                    continue;
                int stride_b = 1 << b, expected = world % stride_b == 0 ? world / stride_b : -1;
                CHECK(shmem_team_translate_pe(levels[a], pe, levels[b]) == expected,
                      "translate level %d PE %d to level %d", a, pe, b);
            }
            if (odd != SHMEM_TEAM_INVALID)
                CHECK(shmem_team_translate_pe(levels[a], pe, odd) == (world % 2 ? world / 2 : -1), "to odd");
        }
    }
    for (int a = count - 1; a > 0; a--)
        shmem_team_destroy(levels[a]);
    shmem_team_destroy(odd);
}

static void two_d(void)
{
    for (int xrange = 1; xrange <= n + 1; xrange++) {
        shmem_team_t x_team, y_team;
        shmem_team_config_t x_config = {.num_contexts = 2}, y_config = {.num_contexts = 3};
        CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, xrange, &x_config, SHMEM_TEAM_NUM_CONTEXTS, &x_team, &y_config,
                                  0, &y_team) == 0, "split_2d %d", xrange);
        int width = xrange > n ? n : xrange, x = me % width, y = me / width;
        int row_size = n - y * width < width ? n - y * width : width;
        int column_size = (n - x + width - 1) / width;
        check_members(x_team, y * width, 1, row_size, "2D x team");
        check_members(y_team, x, width, column_size, "2D y team");
        CHECK(shmem_team_my_pe(x_team) == x && shmem_team_my_pe(y_team) == y, "2D coordinates");
        shmem_team_config_t got = {.num_contexts = -5};
        CHECK(shmem_team_get_config(x_team, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 2, "x config");
        CHECK(shmem_team_get_config(y_team, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 0, "y config");
        /* OpenSHMEM 1.6: a mask of 0 reads nothing, so a NULL config is fine;
         * a NULL config with a mask to fill is refused. */
        CHECK(shmem_team_get_config(y_team, 0, NULL) == 0, "mask 0, NULL config");
        CHECK(shmem_team_get_config(y_team, SHMEM_TEAM_NUM_CONTEXTS, NULL) != 0, "NULL config");
        /* x and y teams work at the same time as their neighbours'. */
        for (int i = 0; i < 20; i++)
            CHECK(shmem_team_sync(i % 2 ? x_team : y_team) == 0, "2D syncs");
        shmem_team_destroy(x_team);
        shmem_team_destroy(y_team);
    }
}

static void contexts(void)
{
    shmem_team_t team;
    shmem_team_config_t config = {.num_contexts = 1};
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &config, SHMEM_TEAM_NUM_CONTEXTS, &team) == 0, "split");
    shmem_ctx_t ctx;
    CHECK(shmem_team_create_ctx(team, 0, &ctx) == 0 && ctx != SHMEM_CTX_INVALID, "team ctx");
    shmem_team_t got;
    CHECK(shmem_ctx_get_team(ctx, &got) == 0 && got == team, "ctx_get_team");
    CHECK(shmem_ctx_get_team(SHMEM_CTX_DEFAULT, &got) == 0 && got == SHMEM_TEAM_WORLD, "default ctx team");
    shmem_ctx_destroy(ctx);
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_WORLD, 0, &ctx) == 0, "world ctx");
    CHECK(shmem_ctx_get_team(ctx, &got) == 0 && got == SHMEM_TEAM_WORLD, "world ctx team");
    shmem_ctx_destroy(ctx);
    CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &ctx) != 0 && ctx == SHMEM_CTX_INVALID, "invalid team ctx");
    shmem_team_destroy(team);
}

/* Splits that cannot be made: non-zero and SHMEM_TEAM_INVALID on every PE. */
static void refused(void)
{
    shmem_team_t team = SHMEM_TEAM_WORLD, x, y;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n + 1, NULL, 0, &team) != 0 && team == SHMEM_TEAM_INVALID,
          "more PEs than the parent has");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n, 1, 1, NULL, 0, &team) != 0, "start past the end");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 0, NULL, 0, &team) != 0, "size 0");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, -1, 2, NULL, 0, &team) != 0, "below PE 0");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 0, 2, NULL, 0, &team) != 0, "stride 0, size 2");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 1, NULL, 1L << 5, &team) != 0, "unknown mask bit");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &team) != 0 && team == SHMEM_TEAM_INVALID,
          "invalid parent");
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 0, NULL, 0, &x, NULL, 0, &y) != 0 && x == SHMEM_TEAM_INVALID &&
          y == SHMEM_TEAM_INVALID, "xrange 0");
    /* One PE with a bad config fails the split everywhere. */
    shmem_team_config_t config = {.num_contexts = me == n - 1 ? -1 : 1};
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &config, SHMEM_TEAM_NUM_CONTEXTS, &team) != 0 &&
          team == SHMEM_TEAM_INVALID, "bad config on PE %d", n - 1);
    /* The world is still usable. */
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &team) == 0, "split after failures");
    shmem_team_destroy(team);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    predefined();
    strided();
    nested();
    two_d();
    contexts();
    refused();
    shmem_barrier_all();
    if (me == 0)
        printf("team split: %d PEs in instance %llu: ok\n", n, (unsigned long long)aclshmemx_instance_ctx_get()->id);
    shmem_finalize();
    return 0;
}
