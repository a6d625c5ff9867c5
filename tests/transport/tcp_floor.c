/* The retransmission floor on libfabric's TCP connections
 * (src/transport/ofi/ofi_tcp_tune.h), seen from inside a PE: after
 * cross-host traffic and a long wait on each side, every PE reads
 * TCP_RTO_MIN_US on each TCP socket it holds. Two PEs, each its own host
 * (MISHMEM_HOST_ID=h%p). Before shmem_init each PE opens TCP sockets of
 * its own (a listener and a connected pair on the loopback) that the
 * library must leave alone. Prints per PE
 *   PE P: F of its E established TCP sockets with the floor (W us), A of its own at the kernel's
 * and exits 1 when an own socket was changed or none has the floor, 77
 * when the kernel has no TCP_RTO_MIN_US. With argument "expect-none"
 * (MISHMEM_OFI_TCP_RTO_MIN_US=0) any floor not the kernel's is an error. */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef TCP_RTO_MIN_US
#define TCP_RTO_MIN_US 45
#endif

static int floor_of(int fd)
{
    int value = -1;
    socklen_t len = sizeof value;
    return getsockopt(fd, IPPROTO_TCP, TCP_RTO_MIN_US, &value, &len) == 0 ? value : -1;
}

/* A listener and a connected pair on the loopback: the application's. */
static void own_sockets(int fds[3])
{
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof addr;
    fds[0] = socket(AF_INET, SOCK_STREAM, 0);
    if (fds[0] < 0 || bind(fds[0], (struct sockaddr *)&addr, sizeof addr) != 0 || listen(fds[0], 1) != 0 ||
        getsockname(fds[0], (struct sockaddr *)&addr, &len) != 0) {
        perror("tcp_floor: own listener");
        exit(1);
    }
    fds[1] = socket(AF_INET, SOCK_STREAM, 0);
    if (fds[1] < 0 || connect(fds[1], (struct sockaddr *)&addr, sizeof addr) != 0 ||
        (fds[2] = accept(fds[0], NULL, NULL)) < 0) {
        perror("tcp_floor: own connection");
        exit(1);
    }
}

int main(int argc, char **argv)
{
    int expect_none = argc > 1 && strcmp(argv[1], "expect-none") == 0;
    int own[3];
    own_sockets(own);
    int kernel_default = floor_of(own[1]);
    if (kernel_default < 0 && errno == ENOPROTOOPT) {
        printf("tcp_floor: this kernel has no TCP_RTO_MIN_US (Linux 6.15+): nothing to check\n");
        return 77;
    }
    shmem_init();
    int me = shmem_my_pe(), other = 1 - me;
    if (shmem_n_pes() != 2) {
        fprintf(stderr, "tcp_floor: run with 2 PEs\n");
        shmem_global_exit(2);
    }
    long *words = shmem_calloc(64, sizeof *words);
    long *flag = shmem_calloc(1, sizeof *flag);
    /* Traffic both ways: the connections exist after this. */
    for (int i = 0; i < 64; i++) {
        shmem_long_p(&words[i], i, other);
        (void)shmem_long_g(&words[i], other);
        (void)shmem_long_atomic_fetch_add(&words[0], 1, other);
    }
    shmem_barrier_all();
    /* A long wait on each side in turn (the library looks at its
     * descriptors while waits drive the fabric, at least every 2 s). */
    for (int turn = 0; turn < 2; turn++) {
        if (me == turn) {
            shmem_long_wait_until(flag, SHMEM_CMP_EQ, turn + 1);
        } else {
            sleep(3);
            shmem_long_atomic_set(flag, turn + 1, turn);
        }
        shmem_barrier_all();
    }
    /* What the kernel makes of the wanted floor (it rounds to its ticks). */
    const char *setting = getenv("MISHMEM_OFI_TCP_RTO_MIN_US");
    int wanted = setting ? atoi(setting) : 10000, expected = -1;
    int probe = socket(AF_INET, SOCK_STREAM, 0);
    if (wanted > 0 && setsockopt(probe, IPPROTO_TCP, TCP_RTO_MIN_US, &wanted, sizeof wanted) == 0)
        expected = floor_of(probe);
    close(probe);

    int with_floor = 0, changed = 0, established = 0, own_at_default = 0, bad = 0;
    DIR *dir = opendir("/proc/self/fd");
    struct dirent *entry;
    while (dir && (entry = readdir(dir)) != NULL) {
        int fd = atoi(entry->d_name), type = 0, protocol = 0;
        socklen_t len = sizeof type;
        if (entry->d_name[0] == '.' || getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0 || type != SOCK_STREAM)
            continue;
        len = sizeof protocol;
        if (getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &protocol, &len) != 0 || protocol != IPPROTO_TCP)
            continue;
        int value = floor_of(fd);
        if (fd == own[0] || fd == own[1] || fd == own[2]) {
            own_at_default += value == kernel_default;
            continue;
        }
        struct tcp_info info;
        len = sizeof info;
        if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0 || info.tcpi_state != 1 /* ESTABLISHED */)
            continue;
        established++;
        with_floor += value == expected;
        changed += value != kernel_default;
    }
    if (dir)
        closedir(dir);
    printf("PE %d: %d of its %d established TCP sockets with the floor (%d us), %d of its own at the kernel's\n",
           me, with_floor, established, expected, own_at_default);
    if (own_at_default != 3) {
        fprintf(stderr, "PE %d: the library changed the floor of the application's own sockets\n", me);
        bad = 1;
    }
    if (established == 0) {
        fprintf(stderr, "PE %d: no established TCP socket besides its own\n", me);
        bad = 1;
    }
    if (expect_none ? changed > 0 : with_floor == 0) {
        fprintf(stderr, "PE %d: %d established TCP sockets with a floor not the kernel's, %d with %d us: %s\n", me,
                changed, with_floor, expected,
                expect_none ? "expected none (MISHMEM_OFI_TCP_RTO_MIN_US=0)" : "expected some");
        bad = 1;
    }
    shmem_barrier_all();
    shmem_free(flag);
    shmem_free(words);
    shmem_finalize();
    return bad;
}
