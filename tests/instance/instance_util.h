
/* Helpers for multi-instance tests: the launcher's world (instance 0)
 * orders the steps; other instances are created with port 0 and a port
 * range that PE 0 checked to be free. */
#ifndef MISHMEM_TEST_INSTANCE_UTIL_H
#define MISHMEM_TEST_INSTANCE_UTIL_H

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <shmem.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "test_instance_attr.h"
#include "test_util.h"

static inline int port_is_free(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int ok = fd >= 0 && bind(fd, (struct sockaddr *)&addr, sizeof addr) == 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

/* Gives every PE of the world a port range for instances made with port 0.
 * Under mishmemrun that is the range the launcher planned and holds for this
 * job (MISHMEM_PORT_RANGE), so no other job can take it. Otherwise PE 0 picks
 * a range whose first `count` ports are free now, in 30000 up to the kernel's
 * ephemeral ports: below 30000 lie the ranges launchers plan (and the ports
 * they hold), above lie outgoing connections. Collective over the world. */
static inline void test_choose_port_range(int count)
{
    if (getenv("MISHMEM_PORT_RANGE") != NULL) {
        unsetenv("SHMEM_INSTANCE_PORT_RANGE");
        shmem_barrier_all();
        return;
    }
    long *base = shmem_calloc(1, sizeof *base);
    if (shmem_my_pe() == 0) {
        srand((unsigned)time(NULL) ^ (unsigned)getpid());
        long found = 0;
        for (int attempt = 0; attempt < 200 && !found; attempt++) {
            long trial = 30000 + rand() % (32768 - 30000 - 256);
            int ok = 1;
            for (int i = 0; i < count && ok; i++)
                ok = port_is_free((int)trial + i);
            if (ok)
                found = trial;
        }
        CHECK(found != 0, "no free port range of %d ports", count);
        for (int pe = 0; pe < shmem_n_pes(); pe++)
            shmem_long_p(base, found, pe);
    }
    shmem_barrier_all();
    char range[32];
    snprintf(range, sizeof range, "%ld:%ld", *base, *base + 254);
    setenv("SHMEM_INSTANCE_PORT_RANGE", range, 1);
    shmem_free(base);
}

static inline int test_rank_in(const int *members, int count, int world_pe)
{
    for (int i = 0; i < count; i++)
        if (members[i] == world_pe)
            return i;
    return -1;
}

/* aclshmemx_init_attr for instance id over the world PEs in members
 * (no-op returning SUCCESS on PEs that are not members). */
static inline int test_create(uint64_t id, const int *members, int count, uint64_t heap)
{
    int rank = test_rank_in(members, count, shmem_my_pe());
    if (rank < 0)
        return ACLSHMEM_SUCCESS;
    aclshmemx_init_attr_t attr = test_instance_attr(id, rank, count, heap, "tcp://127.0.0.1:0");
    attr.option_attr.shm_init_timeout = 30;
    return aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
}

static inline int count_open_fds(void)
{
    DIR *dir = opendir("/proc/self/fd");
    int count = 0;
    for (struct dirent *entry; dir && (entry = readdir(dir));)
        count += entry->d_name[0] != '.';
    if (dir)
        closedir(dir);
    return count - 1; /* the directory's own descriptor */
}

static inline int count_lines(const char *path)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return -1;
    int lines = 0, c;
    while ((c = fgetc(file)) != EOF)
        lines += c == '\n';
    fclose(file);
    return lines;
}

static inline int count_mappings(void) { return count_lines("/proc/self/maps"); }

static inline int count_threads(void)
{
    FILE *file = fopen("/proc/self/status", "r");
    char line[256];
    int threads = -1;
    while (file && fgets(line, sizeof line, file))
        if (sscanf(line, "Threads: %d", &threads) == 1)
            break;
    if (file)
        fclose(file);
    return threads;
}

/* Resident set size in KiB. */
static inline long rss_kib(void)
{
    FILE *file = fopen("/proc/self/status", "r");
    char line[256];
    long rss = -1;
    while (file && fgets(line, sizeof line, file))
        if (sscanf(line, "VmRSS: %ld", &rss) == 1)
            break;
    if (file)
        fclose(file);
    return rss;
}

#endif
