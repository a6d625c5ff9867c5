#include "transport/locality.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "util/params.h"
#include "util/log.h"

static void read_boot_id(char out[40])
{
    memset(out, 0, 40);
    int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, out, 39);
        (void)n;
        close(fd);
    }
}

/* Expands "%p" to the PE number, "%Np" (N a positive decimal) to the PE
 * number divided by N (so "h%2p" puts PEs 0,1 on one host, 2,3 on the
 * next: hosts on one machine for tests) and "%%" to "%". */
static int expand_host_id(const char *pattern, int pe, char *out, size_t size)
{
    size_t used = 0;
    for (const char *c = pattern; *c; c++) {
        char piece[16] = {*c, 0};
        int digits = 0;
        long divisor = 0;
        while (c[0] == '%' && c[1 + digits] >= '0' && c[1 + digits] <= '9' && divisor < 100000)
            divisor = divisor * 10 + (c[1 + digits++] - '0');
        if (c[0] == '%' && c[1] == 'p') {
            snprintf(piece, sizeof piece, "%d", pe);
            c++;
        } else if (digits > 0 && divisor > 0 && c[1 + digits] == 'p') {
            snprintf(piece, sizeof piece, "%ld", pe / divisor);
            c += digits + 1;
        } else if (c[0] == '%' && c[1] == '%') {
            c++;
        }
        size_t len = strlen(piece);
        if (used + len >= size)
            return -1;
        memcpy(out + used, piece, len);
        used += len;
    }
    out[used] = 0;
    return 0;
}

int mishmem_host_identity_read(int pe, struct mishmem_host_identity *out)
{
    memset(out, 0, sizeof *out);
    read_boot_id(out->boot_id);
    struct stat ns;
    if (stat("/proc/self/ns/pid", &ns) == 0) {
        out->pidns_dev = (uint64_t)ns.st_dev;
        out->pidns_ino = (uint64_t)ns.st_ino;
    }
    struct utsname uts;
    if (uname(&uts) == 0)
        snprintf(out->nodename, sizeof out->nodename, "%s", uts.nodename);
    const char *pattern = mishmem_params()->MISHMEM_HOST_ID;
    if (pattern && expand_host_id(pattern, pe, out->host_id, sizeof out->host_id) != 0) {
        MISHMEM_ERROR("MISHMEM_HOST_ID=\"%s\" is longer than %zu bytes once expanded", pattern,
                      sizeof out->host_id - 1);
        return ACLSHMEM_INVALID_VALUE;
    }
    return ACLSHMEM_SUCCESS;
}

int mishmem_same_kernel(const struct mishmem_host_identity *a, const struct mishmem_host_identity *b)
{
    return memcmp(a->boot_id, b->boot_id, sizeof a->boot_id) == 0;
}

int mishmem_same_host(const struct mishmem_host_identity *a, const struct mishmem_host_identity *b, char *why,
                      size_t why_size)
{
    if (strncmp(a->host_id, b->host_id, sizeof a->host_id) != 0)
        snprintf(why, why_size, "MISHMEM_HOST_ID \"%.63s\" here, \"%.63s\" there", a->host_id, b->host_id);
    else if (!mishmem_same_kernel(a, b))
        snprintf(why, why_size, "another kernel (boot id)");
    else if (a->pidns_dev != b->pidns_dev || a->pidns_ino != b->pidns_ino)
        snprintf(why, why_size, "another PID namespace");
    else
        return 1;
    return 0;
}
