#include "heap/segment.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "mishmem/aclshmem.h"
#include "util/log.h"

#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

static char *map_shared(int fd, uint64_t size)
{
    /* NORESERVE: a 40 GiB heap costs only the pages a program touches. */
    void *base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
    return base == MAP_FAILED ? NULL : base;
}

/* Maps the owner's segment so that base + aligned_at falls on a
 * MISHMEM_SEGMENT_ADDRESS_ALIGN boundary: reserve a span with room to
 * slide, give back the slack, then map the descriptor in place. */
static char *map_owned(int fd, uint64_t size, uint64_t aligned_at)
{
    const uint64_t align = MISHMEM_SEGMENT_ADDRESS_ALIGN;
    char *span = mmap(NULL, size + align, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (span == MAP_FAILED)
        return NULL;
    uintptr_t aligned = ((uintptr_t)span + aligned_at + align - 1) & ~(uintptr_t)(align - 1);
    char *base = (char *)(aligned - aligned_at);
    if (base > span)
        munmap(span, (size_t)(base - span));
    munmap(base + size, (size_t)(span + size + align - (base + size)));
    void *mapped = mmap(base, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE | MAP_FIXED, fd, 0);
    return mapped == MAP_FAILED ? NULL : mapped;
}

int mishmem_segment_create(uint64_t size, uint64_t aligned_at, uint64_t instance_id, int pe,
                           struct mishmem_segment *out)
{
    char name[64];
    snprintf(name, sizeof name, "mishmem-i%llu-pe%d", (unsigned long long)instance_id, pe);
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) {
        MISHMEM_ERROR("memfd_create failed: %s", strerror(errno));
        return ACLSHMEM_SMEM_ERROR;
    }
    if (ftruncate(fd, (off_t)size) != 0) {
        MISHMEM_ERROR("cannot size the %llu-byte heap segment: %s", (unsigned long long)size,
                      strerror(errno));
        close(fd);
        return ACLSHMEM_SMEM_ERROR;
    }
    char *base = map_owned(fd, size, aligned_at);
    if (!base) {
        MISHMEM_ERROR("cannot map the %llu-byte heap segment: %s", (unsigned long long)size,
                      strerror(errno));
        close(fd);
        return ACLSHMEM_SMEM_ERROR;
    }
    out->base = base;
    out->size = size;
    out->fd = fd;
    return ACLSHMEM_SUCCESS;
}

void mishmem_segment_close_fd(struct mishmem_segment *segment)
{
    if (segment->fd >= 0)
        close(segment->fd);
    segment->fd = -1;
}

void mishmem_segment_destroy(struct mishmem_segment *segment)
{
    mishmem_segment_close_fd(segment);
    if (segment->base)
        munmap(segment->base, segment->size);
    segment->base = NULL;
}

int mishmem_segment_fetch_fd(int pidfd, pid_t pid, int remote_fd)
{
    int fd = (int)syscall(SYS_pidfd_getfd, pidfd, remote_fd, 0);
    if (fd >= 0)
        return fd;
    int getfd_errno = errno;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%d", (int)pid, remote_fd);
    fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd >= 0)
        return fd;
    /* Not fatal: the caller falls back to passing descriptors over sockets. */
    MISHMEM_INFO("cannot take the heap descriptor of pid %d directly (pidfd_getfd: %s; %s: %s)", (int)pid,
                 strerror(getfd_errno), path, strerror(errno));
    return -1;
}

int mishmem_segment_map_fd(int fd, pid_t pid, uint64_t size, char **base)
{
    struct stat info;
    if (fstat(fd, &info) != 0 || (uint64_t)info.st_size < size) {
        /* Mapping past its end would SIGBUS on first touch. */
        MISHMEM_ERROR("the heap of pid %d is smaller than the %llu bytes it announced", (int)pid,
                      (unsigned long long)size);
        close(fd);
        return ACLSHMEM_SMEM_ERROR;
    }
    char *mapped = map_shared(fd, size);
    int map_errno = errno;
    close(fd);
    if (!mapped) {
        MISHMEM_ERROR("cannot map the heap of pid %d: %s", (int)pid, strerror(map_errno));
        return ACLSHMEM_SMEM_ERROR;
    }
    *base = mapped;
    return ACLSHMEM_SUCCESS;
}

int mishmem_segment_import(int pidfd, pid_t pid, int remote_fd, uint64_t size, char **base)
{
    int fd = mishmem_segment_fetch_fd(pidfd, pid, remote_fd);
    if (fd < 0)
        return ACLSHMEM_SMEM_ERROR;
    return mishmem_segment_map_fd(fd, pid, size, base);
}

void mishmem_segment_unmap(char *base, uint64_t size)
{
    if (base)
        munmap(base, size);
}
