/* One misuse of teams or collectives per run (argv[1] names it); the
 * OpenSHMEM face must end the job with a clear message. teams_misuse.sh
 * runs every case and checks the exit status and the message. */
#include <string.h>

#include "instance/instance_util.h"

static long psync[SHMEM_BARRIER_SYNC_SIZE];

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    shmem_init();
    int n = shmem_n_pes();
    long *buf = shmem_calloc(64, sizeof(long));
    long local[4] = {0};
    shmem_team_t team;
    if (strcmp(mode, "destroyed") == 0) {
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &team) == 0, "split");
        shmem_team_destroy(team);
        shmem_team_sync(team);
    } else if (strcmp(mode, "foreign") == 0) {
        uint64_t world_id = aclshmemx_instance_ctx_get()->id, other = world_id == 9 ? 10 : 9;
        int all[64];
        for (int pe = 0; pe < n; pe++)
            all[pe] = pe;
        test_choose_port_range(16);
        CHECK_RC(test_create(other, all, n, 1 << 20), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmemx_instance_ctx_set(other), ACLSHMEM_SUCCESS);
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &team) == 0, "split in %llu",
              (unsigned long long)other);
        CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
        shmem_long_sum_reduce(team, &buf[0], &buf[1], 1);
    } else if (strcmp(mode, "invalid_team") == 0) {
        shmem_long_sum_reduce(SHMEM_TEAM_INVALID, &buf[0], &buf[1], 1);
    } else if (strcmp(mode, "overlap_reduce") == 0) {
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &buf[1], &buf[0], 4);
    } else if (strcmp(mode, "overlap_fcollect") == 0) {
        shmem_long_fcollect(SHMEM_TEAM_WORLD, buf, buf, 2);
    } else if (strcmp(mode, "root") == 0) {
        shmem_long_broadcast(SHMEM_TEAM_WORLD, &buf[0], &buf[8], 1, n);
    } else if (strcmp(mode, "not_symmetric") == 0) {
        shmem_long_max_reduce(SHMEM_TEAM_WORLD, buf, local, 4);
    } else if (strcmp(mode, "not_in_set") == 0) {
        if (shmem_my_pe() != 0)
            shmem_barrier(0, 0, 1, psync);
    } else if (strcmp(mode, "set_range") == 0) {
        shmem_long_sum_to_all(&buf[0], &buf[4], 1, 0, 0, n + 1, &buf[8], psync);
    } else if (strcmp(mode, "destroy_world") == 0) {
        shmem_team_destroy(SHMEM_TEAM_WORLD);
    } else if (strcmp(mode, "strides") == 0) {
        shmem_long_alltoalls(SHMEM_TEAM_WORLD, &buf[0], &buf[32], 0, 1, 1);
    } else if (strcmp(mode, "null_handle") == 0) {
        shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, NULL);
    } else {
        fprintf(stderr, "unknown mode \"%s\"\n", mode);
        return 2;
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0; /* the misuse went unnoticed */
}
