/* Helpers for the collective tests: the teams every test runs over (sizes
 * 1..n as prefixes of the world, a strided team, the reversed world and
 * the rows and columns of a 2D split), and element values that stay exact
 * in every type (small integers). */
#ifndef MISHMEM_TEST_COLL_UTIL_H
#define MISHMEM_TEST_COLL_UTIL_H

#include <shmem.h>
#include <string.h>

#include "core/coll/tuning.h"
#include "test_util.h"

#define MAX_TEST_TEAMS 24

struct test_teams {
    int count;
    shmem_team_t team[MAX_TEST_TEAMS]; /* SHMEM_TEAM_INVALID where this PE is not a member */
    int full[MAX_TEST_TEAMS];          /* 1: run everything on it; 0: a sample of each family */
    char name[MAX_TEST_TEAMS][32];
};

static inline void test_teams_add(struct test_teams *teams, shmem_team_t team, int full, const char *name)
{
    CHECK(teams->count < MAX_TEST_TEAMS, "too many teams");
    teams->team[teams->count] = team;
    teams->full[teams->count] = full;
    snprintf(teams->name[teams->count], sizeof teams->name[0], "%s", name);
    teams->count++;
}

/* Collective over the current instance's world. The rows of 2D splits
 * with xrange 1..n give teams of every size, and disjoint teams that run
 * their collectives at the same time. */
static inline void test_teams_make(struct test_teams *teams)
{
    int n = shmem_n_pes();
    memset(teams, 0, sizeof *teams);
    test_teams_add(teams, SHMEM_TEAM_WORLD, 1, "world");
    shmem_team_t odd, reversed, row, column;
    if (n >= 3) {
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odd) == 0, "odd split");
        test_teams_add(teams, odd, 1, "odd PEs");
    }
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, n - 1, -1, n, NULL, 0, &reversed) == 0, "reversed");
    test_teams_add(teams, reversed, 0, "reversed world");
    for (int xrange = 1; xrange <= n; xrange++) {
        char name[32];
        CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, xrange, NULL, 0, &row, NULL, 0, &column) == 0, "2d split");
        CHECK(row != SHMEM_TEAM_INVALID && column != SHMEM_TEAM_INVALID, "2d split: not in a row and a column");
        snprintf(name, sizeof name, "2D row of %d", xrange);
        test_teams_add(teams, row, xrange == 3, name);
        snprintf(name, sizeof name, "2D column of %d", xrange);
        test_teams_add(teams, column, 0, name);
    }
}

static inline void test_teams_destroy(struct test_teams *teams)
{
    for (int i = 1; i < teams->count; i++)
        shmem_team_destroy(teams->team[i]);
}

/* Small integers, exact in every type; `who` is a team PE number. */
#define TEST_VALUE(T, who, i) ((T)((((who) + 1) * 7 + (size_t)(i) * 3) % 13 + 1))
#define TEST_POISON(T) ((T)99)

/* Runs the tree algorithms on few PEs when argv has "tree", the pull
 * algorithms on small data when it has "pull" (small data is staged
 * otherwise). Must be the same on every PE. */
static inline const char *test_choose_algorithms(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "tree") == 0) {
            mishmem_coll_tuning.log_depth_min_pes = 2;
            return "tree";
        }
        if (strcmp(argv[i], "pull") == 0) {
            mishmem_coll_tuning.stage_small_bytes = 0;
            mishmem_coll_tuning.stage_max_bytes = 0;
            return "pull";
        }
    }
    return "flat";
}

#endif
