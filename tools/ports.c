/* ports.c: a free SHMEM_INSTANCE_PORT_RANGE for the job (see ports.h). */
#define _GNU_SOURCE
#include "ports.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "job.h"

enum {
    SLOT_PORTS = PORT_RANGE_IDS + 1, /* the range and its holding port */
    LOWEST_PORT = 10000,
    /* 30000 up to the ephemeral ports is left to ranges set by hand (the
     * test suite's fixed ranges live there). */
    LOWER_BAND_END = 30000,
    HIGHEST_PORT = 65535,
};

/* Bind a TCP socket to 0.0.0.0:port; -1 if that port is taken. */
static int bind_port(int port, bool reuse)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    if (reuse)
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr = {
        .sin_family = AF_INET, .sin_port = htons((uint16_t)port), .sin_addr.s_addr = htonl(INADDR_ANY)};
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* The kernel's ephemeral ports: outgoing connections take them at any time. */
static void ephemeral_ports(int *low, int *high)
{
    *low = 32768;
    *high = 60999;
    FILE *f = fopen("/proc/sys/net/ipv4/ip_local_port_range", "r");
    if (f != NULL) {
        if (fscanf(f, "%d %d", low, high) != 2) {
            *low = 32768;
            *high = 60999;
        }
        fclose(f);
    }
}

/* Slot k's first port, counting the slots below the ephemeral range first. */
static int slot_start(int k, int below, int low_of_above)
{
    return k < below ? LOWEST_PORT + k * SLOT_PORTS : low_of_above + (k - below) * SLOT_PORTS;
}

/*
 * Every port of the range can be listened on now, as PE 0 of an instance
 * would (with SO_REUSEADDR, so TIME-WAIT entries do not count).
 */
static bool range_free(int start)
{
    for (int port = start; port < start + PORT_RANGE_IDS; port++) {
        int fd = bind_port(port, true);
        if (fd < 0)
            return false;
        close(fd);
    }
    return true;
}

int reserve_port_range(char *text, size_t text_size)
{
    int low, high;
    ephemeral_ports(&low, &high);
    int below_end = low < LOWER_BAND_END ? low : LOWER_BAND_END;
    int below = below_end > LOWEST_PORT ? (below_end - LOWEST_PORT) / SLOT_PORTS : 0;
    int low_of_above = high + 1 > LOWEST_PORT ? high + 1 : LOWEST_PORT;
    int above = (HIGHEST_PORT + 1 - low_of_above) / SLOT_PORTS;
    int slots = below + (above > 0 ? above : 0);
    if (slots <= 0)
        return -1;
    /* A random first slot, so jobs started together rarely try the same one. */
    unsigned int random = 0;
    if (getrandom(&random, sizeof random, GRND_NONBLOCK) != (ssize_t)sizeof random)
        random = (unsigned int)getpid();
    for (int i = 0; i < slots; i++) {
        int start = slot_start((int)((random + (unsigned int)i) % (unsigned int)slots), below, low_of_above);
        /* Without SO_REUSEADDR nobody else can bind the holding port while we have it. */
        int hold_fd = bind_port(start + PORT_RANGE_IDS, false);
        if (hold_fd < 0)
            continue;
        if (range_free(start)) {
            snprintf(text, text_size, "%d:%d", start, start + PORT_RANGE_IDS - 1);
            return hold_fd;
        }
        close(hold_fd);
    }
    return -1;
}

int plan_port_range(void)
{
    /* An inherited plan (a launcher started inside a PE) is not ours. */
    unsetenv(MISHMEM_LAUNCH_PORT_RANGE);
    if (getenv(MISHMEM_LAUNCH_USER_PORT_RANGE) != NULL)
        return -1;
    char text[32];
    int fd = reserve_port_range(text, sizeof text);
    if (fd < 0) {
        report("warning: no free range of %d ports for SHMEM_INSTANCE_PORT_RANGE; instances "
               "made with port 0 need one set by hand",
               PORT_RANGE_IDS);
        return -1;
    }
    if (setenv(MISHMEM_LAUNCH_PORT_RANGE, text, 1) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}
