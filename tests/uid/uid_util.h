/* Helpers for the unique-id tests: handing a unique id to other PEs
 * through the launcher's world, joining an instance with it,
 * checking a real data exchange in it, and looking at this process's
 * listening sockets. */
#ifndef MISHMEM_TEST_UID_UTIL_H
#define MISHMEM_TEST_UID_UTIL_H

#include <fcntl.h>
#include <pthread.h>
#include <shmemx.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "instance/instance_util.h"

#define UID_TEST_HEAP (1u << 20)

/* World PE `creator` sends *uid to every world PE through world symmetric
 * memory (a put into each peer's buffer, then a barrier). Collective. */
static inline void uid_share(int creator, aclshmemx_uniqueid_t *uid)
{
    aclshmemx_uniqueid_t *box = shmem_malloc(sizeof *box);
    CHECK(box != NULL, "shmem_malloc for the unique id failed");
    if (shmem_my_pe() == creator)
        for (int pe = 0; pe < shmem_n_pes(); pe++)
            shmem_putmem(box, uid, sizeof *uid, pe);
    shmem_barrier_all();
    memcpy(uid, box, sizeof *uid);
    shmem_free(box);
}

/* aclshmemx_init_attr in unique-id mode for instance id as PE my_pe of n_pes. */
static inline int uid_join(uint64_t id, aclshmemx_uniqueid_t *uid, int my_pe, int n_pes)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.instance_id = id;
    attr.option_attr.shm_init_timeout = 20;
    int rc = aclshmemx_set_attr_uniqueid_args(my_pe, n_pes, UID_TEST_HEAP, uid, &attr);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    return aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr);
}

static inline long uid_token(uint64_t id, int pe, int round) { return (long)(id * 100000 + pe * 100 + round); }

/* In instance id (through this thread's override): every PE puts a token
 * into its right neighbour, barrier, and checks what arrived; `rounds`
 * times. Collective over the instance. */
static inline void uid_check_exchange(uint64_t id, int expected_pe, int expected_n, int rounds)
{
    CHECK_RC(aclshmemx_instance_thread_set(id), ACLSHMEM_SUCCESS);
    int me = aclshmem_my_pe(), n = aclshmem_n_pes();
    CHECK(me == expected_pe && n == expected_n, "instance %llu: PE %d of %d, expected %d of %d",
          (unsigned long long)id, me, n, expected_pe, expected_n);
    CHECK(aclshmemx_instance_ctx_get()->id == id, "thread override is not instance %llu",
          (unsigned long long)id);
    long *box = aclshmem_malloc(sizeof *box);
    CHECK(box != NULL, "aclshmem_malloc in instance %llu failed", (unsigned long long)id);
    for (int round = 0; round < rounds; round++) {
        CHECK_RC(aclshmem_long_p(box, uid_token(id, me, round), (me + 1) % n), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
        int left = (me + n - 1) % n;
        CHECK(*box == uid_token(id, left, round), "instance %llu PE %d round %d: got %ld, expected %ld",
              (unsigned long long)id, me, round, *box, uid_token(id, left, round));
        CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS); /* nobody overwrites before all read */
    }
    aclshmem_free(box);
    CHECK_RC(aclshmemx_instance_thread_clear(), ACLSHMEM_SUCCESS);
}

/* Listening sockets this process holds; *inheritable counts those
 * without FD_CLOEXEC. */
static inline int count_listeners(int *inheritable)
{
    int count = 0;
    *inheritable = 0;
    DIR *dir = opendir("/proc/self/fd");
    for (struct dirent *entry; dir && (entry = readdir(dir));) {
        int fd = atoi(entry->d_name);
        if (entry->d_name[0] == '.' || fd == dirfd(dir))
            continue;
        int listening = 0;
        socklen_t len = sizeof listening;
        if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) != 0 || !listening)
            continue;
        count++;
        *inheritable += !(fcntl(fd, F_GETFD) & FD_CLOEXEC);
    }
    if (dir)
        closedir(dir);
    return count;
}

#endif
