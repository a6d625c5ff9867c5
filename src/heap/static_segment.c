#include "heap/static_segment.h"

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "heap/segment.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

struct executable {
    uintptr_t bias;
    const ElfW(Phdr) *phdr;
    int phnum;
    int found;
};

/* glibc reports the main program first. */
static int take_first_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct executable *exe = arg;
    exe->bias = info->dlpi_addr;
    exe->phdr = info->dlpi_phdr;
    exe->phnum = info->dlpi_phnum;
    exe->found = 1;
    return 1;
}

static uintptr_t page_down(uintptr_t value, uintptr_t page) { return value & ~(page - 1); }
static uintptr_t page_up(uintptr_t value, uintptr_t page) { return page_down(value + page - 1, page); }

static int add_range(struct mishmem_static_data *data, uintptr_t start, uintptr_t end)
{
    if (start >= end)
        return ACLSHMEM_SUCCESS;
    if (data->n_ranges == MISHMEM_STATIC_MAX_RANGES) {
        MISHMEM_ERROR("the executable has more than %d writable data ranges; global and static data "
                      "cannot be made symmetric", MISHMEM_STATIC_MAX_RANGES);
        return ACLSHMEM_NOT_SUPPORTED;
    }
    struct mishmem_static_range *range = &data->ranges[data->n_ranges++];
    range->base = start;
    range->size = end - start;
    range->file_offset = data->size;
    data->size += range->size;
    return ACLSHMEM_SUCCESS;
}

/* ld.so makes [page_down(start), page_down(end)) of PT_GNU_RELRO read-only
 * after relocation; those pages are never written, so they stay private. */
static void find_relro(const struct executable *exe, uintptr_t page, uintptr_t *start, uintptr_t *end)
{
    *start = *end = 0;
    for (int i = 0; i < exe->phnum; i++)
        if (exe->phdr[i].p_type == PT_GNU_RELRO) {
            uintptr_t vaddr = exe->bias + exe->phdr[i].p_vaddr;
            *start = page_down(vaddr, page);
            *end = page_down(vaddr + exe->phdr[i].p_memsz, page);
        }
}

static int collect_ranges(struct mishmem_static_data *data, const struct executable *exe)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t relro_start, relro_end;
    find_relro(exe, page, &relro_start, &relro_end);
    int rc = ACLSHMEM_SUCCESS;
    for (int i = 0; rc == ACLSHMEM_SUCCESS && i < exe->phnum; i++) {
        const ElfW(Phdr) *ph = &exe->phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W) || ph->p_memsz == 0)
            continue;
        uintptr_t start = page_down(exe->bias + ph->p_vaddr, page);
        uintptr_t end = page_up(exe->bias + ph->p_vaddr + ph->p_memsz, page);
        if (relro_start < relro_end && relro_start < end && start < relro_end) {
            /* What lies before and after the read-only part. */
            rc = add_range(data, start, relro_start > start ? relro_start : start);
            if (rc == ACLSHMEM_SUCCESS)
                rc = add_range(data, relro_end > start ? relro_end : start, end);
        } else {
            rc = add_range(data, start, end);
        }
    }
    return rc;
}

int mishmem_static_find(struct mishmem_static_data *data, int n_pes)
{
    memset(data, 0, sizeof *data);
    data->fd = -1;
    struct executable exe = {0};
    dl_iterate_phdr(take_first_object, &exe);
    if (!exe.found) {
        MISHMEM_ERROR("cannot find the executable's program headers (dl_iterate_phdr)");
        return ACLSHMEM_INNER_ERROR;
    }
    int rc = collect_ranges(data, &exe);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    data->n_pes = n_pes;
    data->peer_maps = calloc((size_t)n_pes, sizeof *data->peer_maps);
    data->deltas = calloc((size_t)n_pes * (size_t)(data->n_ranges ? data->n_ranges : 1), sizeof *data->deltas);
    if (!data->peer_maps || !data->deltas) {
        mishmem_static_release(data);
        return ACLSHMEM_MALLOC_FAILED;
    }
    return ACLSHMEM_SUCCESS;
}

/* Reads globals of every kind, redzones included, so the sanitizers must
 * not instrument it. */
__attribute__((no_sanitize_address, no_sanitize_thread)) static int page_is_zero(const uint64_t *words, size_t count)
{
    uint64_t any = 0;
    for (size_t i = 0; i < count; i++)
        any |= words[i];
    return any == 0;
}

/* Raw syscalls: libc wrappers may be intercepted by sanitizers, which would
 * check (pwrite) or unpoison (mmap) the program's globals. */
static int write_all(int fd, uintptr_t from, uint64_t len, uint64_t offset)
{
    while (len > 0) {
        long done = syscall(SYS_pwrite64, fd, (const void *)from, (size_t)len, (off_t)offset);
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0)
            return -1;
        from += (uint64_t)done;
        offset += (uint64_t)done;
        len -= (uint64_t)done;
    }
    return 0;
}

/* Copies the pages holding anything but zeros: the memfd reads as zeros
 * elsewhere, and untouched .bss then costs no memory. */
static int copy_range(int fd, const struct mishmem_static_range *range)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    size_t words = page / sizeof(uint64_t);
    for (uintptr_t at = 0; at < range->size;) {
        if (page_is_zero((const uint64_t *)(range->base + at), words)) {
            at += page;
            continue;
        }
        uintptr_t end = at + page;
        while (end < range->size && !page_is_zero((const uint64_t *)(range->base + end), words))
            end += page;
        if (write_all(fd, range->base + at, end - at, range->file_offset + at) != 0)
            return -1;
        at = end;
    }
    return 0;
}

static int map_over(int fd, const struct mishmem_static_range *range)
{
    long mapped = syscall(SYS_mmap, (void *)range->base, (size_t)range->size, PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_FIXED, fd, (off_t)range->file_offset);
    return mapped == (long)range->base ? 0 : -1;
}

int mishmem_static_share(struct mishmem_static_data *data)
{
    if (data->size == 0)
        return ACLSHMEM_SUCCESS;
    int fd = memfd_create("mishmem-static", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)data->size) != 0) {
        MISHMEM_ERROR("cannot create the %llu-byte segment for global and static data: %s",
                      (unsigned long long)data->size, strerror(errno));
        if (fd >= 0)
            close(fd);
        return ACLSHMEM_SMEM_ERROR;
    }
    /* Copy and remap back to back: a write in between, by a signal handler
     * too, would be lost. */
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &saved);
    int r = 0, failed = 0;
    for (; r < data->n_ranges && !failed; r++)
        failed = copy_range(fd, &data->ranges[r]) != 0 || map_over(fd, &data->ranges[r]) != 0;
    int error = errno;
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    if (failed) {
        const struct mishmem_static_range *range = &data->ranges[r - 1];
        MISHMEM_ERROR("cannot share global and static data [%p, %p): %s", (void *)range->base,
                      (void *)(range->base + range->size), strerror(error));
        close(fd);
        return ACLSHMEM_SMEM_ERROR;
    }
    data->fd = fd;
    return ACLSHMEM_SUCCESS;
}

int mishmem_static_map_peer(struct mishmem_static_data *data, int pe, int fd, pid_t pid)
{
    char *map;
    int rc = mishmem_segment_map_fd(fd, pid, data->size, &map);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    data->peer_maps[pe] = map;
    for (int r = 0; r < data->n_ranges; r++)
        data->deltas[pe * data->n_ranges + r] =
            (uintptr_t)map + data->ranges[r].file_offset - data->ranges[r].base;
    return ACLSHMEM_SUCCESS;
}

void mishmem_static_close_fd(struct mishmem_static_data *data)
{
    if (data->fd >= 0)
        close(data->fd);
    data->fd = -1;
}

void mishmem_static_release(struct mishmem_static_data *data)
{
    if (data->n_pes == 0) /* never set up (a zero-filled struct has fd 0) */
        return;
    for (int pe = 0; data->peer_maps && pe < data->n_pes; pe++)
        mishmem_segment_unmap(data->peer_maps[pe], data->size);
    free(data->peer_maps);
    free(data->deltas);
    mishmem_static_close_fd(data);
    memset(data, 0, sizeof *data);
    data->fd = -1;
}
