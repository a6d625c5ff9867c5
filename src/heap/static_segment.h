/* The executable's global and static data (.data + .bss) as a shared
 * segment, so that `shmem_long_p(&global_x, v, pe)` works as the standard
 * allows. At shmem_init the writable pages are replaced, in place and with
 * their contents, by a memfd mapping that local peers map like a heap.
 * Symmetric in the shmem_init world only; other instances have no ranges. */
#ifndef MISHMEM_HEAP_STATIC_SEGMENT_H
#define MISHMEM_HEAP_STATIC_SEGMENT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* An executable rarely has more than one writable range outside RELRO. */
#define MISHMEM_STATIC_MAX_RANGES 4

struct mishmem_static_range {
    uintptr_t base;       /* page-aligned, in this process */
    uint64_t size;        /* page multiple */
    uint64_t file_offset; /* where the range lives in the memfd */
};

struct mishmem_static_data {
    int n_ranges;         /* 0: no static data is symmetric here */
    int n_pes;
    struct mishmem_static_range ranges[MISHMEM_STATIC_MAX_RANGES];
    uint64_t size;        /* bytes of the memfd: all ranges back to back */
    int fd;               /* open until every peer has imported it, then -1 */
    char **peer_maps;     /* n_pes entries: each peer's memfd mapped here; NULL for me */
    uintptr_t *deltas;    /* [pe * n_ranges + r]: peer's address = mine + delta */
};

/* Finds the executable's writable ranges (outside RELRO) and prepares the
 * bookkeeping for n_pes peers (all deltas 0: every address is mine); maps
 * nothing. Returns ACLSHMEM_*. */
int mishmem_static_find(struct mishmem_static_data *data, int n_pes);

/* Copies the ranges into a new memfd and maps it over them, so that the
 * program's own accesses are unchanged. Returns ACLSHMEM_*. */
int mishmem_static_share(struct mishmem_static_data *data);

/* Maps a descriptor of peer pe's memfd (consumed) and records where each
 * of its ranges lives. Returns ACLSHMEM_*. */
int mishmem_static_map_peer(struct mishmem_static_data *data, int pe, int fd, pid_t pid);

/* Closes the memfd once every peer has mapped it; the mappings stay. */
void mishmem_static_close_fd(struct mishmem_static_data *data);

/* Drops the peers' mappings and the bookkeeping. The program keeps its own
 * data where it is (now a private-to-this-process shared mapping). */
void mishmem_static_release(struct mishmem_static_data *data);

/* The range holding [addr, addr + len), or -1. */
static inline int mishmem_static_range_of(const struct mishmem_static_data *data, const void *addr,
                                          uint64_t len)
{
    for (int r = 0; r < data->n_ranges; r++) {
        uint64_t offset = (uintptr_t)addr - data->ranges[r].base;
        if (offset < data->ranges[r].size && len <= data->ranges[r].size - offset)
            return r;
    }
    return -1;
}

/* Where the static address addr lives on pe, or NULL when it is not static
 * data. Always inlined: it is the second half of mishmem_translate on every
 * RMA/AMO fast path, and whether GCC inlines a plain static inline
 * function depends on how many callers its translation unit has (an API
 * file holding more forms would get a slower put). */
static inline __attribute__((always_inline)) void *mishmem_static_translate(const struct mishmem_static_data *data, const void *addr,
                                             int pe)
{
    int r = mishmem_static_range_of(data, addr, 1);
    if (r < 0)
        return NULL;
    return (void *)((uintptr_t)addr + data->deltas[pe * data->n_ranges + r]);
}

#endif
