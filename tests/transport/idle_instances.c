/* Instances that span hosts leave each other alone: while the world
 * exchanges messages, the driver threads of other, idle instances (named
 * mishmem-ofi-<id>, src/transport/ofi/ofi_driver.c) stay parked. When
 * they shared the world's libfabric domain, every message woke each of
 * them (the provider's progress, and so its wait object, is the domain's).
 * Counted in context switches of those threads, against the messages. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instance/instance_util.h"

#define IDLE 16
#define ROUNDS 3000
#define HEAP_BYTES (256 * 1024)

/* Context switches of this process's threads named mishmem-ofi-<id>, for
 * every id but `skip`; *threads counts them. */
static long idle_switches(uint64_t skip, int *threads)
{
    char skip_name[32];
    snprintf(skip_name, sizeof skip_name, "mishmem-ofi-%llu\n", (unsigned long long)skip);
    long total = 0;
    *threads = 0;
    DIR *dir = opendir("/proc/self/task");
    CHECK(dir != NULL, "cannot list /proc/self/task");
    for (struct dirent *entry; (entry = readdir(dir));) {
        if (entry->d_name[0] == '.')
            continue;
        char path[300], line[128];
        snprintf(path, sizeof path, "/proc/self/task/%s/comm", entry->d_name);
        FILE *comm = fopen(path, "r");
        if (!comm)
            continue; /* the thread has ended */
        int ours = fgets(line, sizeof line, comm) && strncmp(line, "mishmem-ofi-", 12) == 0 &&
                   strcmp(line, skip_name) != 0;
        fclose(comm);
        if (!ours)
            continue;
        snprintf(path, sizeof path, "/proc/self/task/%s/status", entry->d_name);
        FILE *status = fopen(path, "r");
        if (!status)
            continue;
        while (fgets(line, sizeof line, status)) {
            long n;
            if (sscanf(line, "voluntary_ctxt_switches: %ld", &n) == 1 ||
                sscanf(line, "nonvoluntary_ctxt_switches: %ld", &n) == 1)
                total += n;
        }
        fclose(status);
        (*threads)++;
    }
    closedir(dir);
    return total;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs");
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    test_choose_port_range(IDLE + 1);
    static const int both[] = {0, 1};
    /* Idle instances, each with its connection made (one put). */
    int made = 0;
    for (uint64_t id = 0; made < IDLE; id++) {
        if (id == world)
            continue;
        CHECK_RC(test_create(id, both, 2, HEAP_BYTES), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmemx_instance_ctx_set(id), ACLSHMEM_SUCCESS);
        long *box = aclshmem_malloc(sizeof *box);
        CHECK(box != NULL, "malloc in instance %llu", (unsigned long long)id);
        CHECK_RC(aclshmem_long_p(box, me, 1 - me), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
        CHECK(*box == 1 - me, "instance %llu: %ld arrived", (unsigned long long)id, *box);
        made++;
    }
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    long *ball = shmem_calloc(1, sizeof *ball);
    shmem_barrier_all();

    int threads;
    long before = idle_switches(world, &threads);
    CHECK(threads == IDLE, "%d driver threads of idle instances found, expected %d (none: the transport is "
          "not driven here)", threads, IDLE);
    /* Ping-pong in the world: ROUNDS messages in all. */
    double start = test_now_s();
    for (long r = 1; r <= ROUNDS; r++) {
        if ((r % 2 == 1) == (me == 0)) {
            shmem_long_p(ball, r, 1 - me);
            shmem_quiet();
        } else {
            shmem_long_wait_until(ball, SHMEM_CMP_GE, r);
        }
    }
    long woke = idle_switches(world, &threads) - before;
    double seconds = test_now_s() - start;
    double per_thread = (double)woke / IDLE;
    printf("PE %d: %d messages in the world in %.2f s, idle instances' driver threads switched %.1f times each\n",
           me, ROUNDS, seconds, per_thread);
    /* Parked, a driver looks every 100 ms (ofi_driver.c): allowed twice
     * that rate however long the loop took on a loaded machine, plus a
     * tenth of the messages; woken by each message, it switches more. */
    double allowed = ROUNDS / 10.0 + 20.0 * seconds;
    CHECK(per_thread < allowed, "PE %d: each idle instance's driver thread switched %.1f times (allowed %.0f) "
          "during %d messages of another instance", me, per_thread, allowed, ROUNDS);
    shmem_barrier_all();
    for (uint64_t id = 0, left = IDLE; left > 0; id++)
        if (id != world) {
            CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
            left--;
        }
    shmem_barrier_all();
    if (me == 0)
        printf("idle instances stayed idle: PASS\n");
    shmem_finalize();
    return 0;
}
