/* A PE's shared segment: an anonymous memfd (no name in /dev/shm, so a
 * killed job leaks nothing), mapped by the owner and by every local peer. */
#ifndef MISHMEM_HEAP_SEGMENT_H
#define MISHMEM_HEAP_SEGMENT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct mishmem_segment {
    char *base;
    uint64_t size;
    int fd; /* open until every peer has imported it, then -1 */
};

/* Byte aligned_at of an owned segment (the heap's start) is mapped at an
 * address aligned to this, so an aligned heap offset is an aligned
 * address up to this alignment (shmem_align promises addresses). */
#define MISHMEM_SEGMENT_ADDRESS_ALIGN ((uint64_t)1 << 30)

/* Creates and maps a zero-filled segment with byte aligned_at on a
 * MISHMEM_SEGMENT_ADDRESS_ALIGN boundary. Returns ACLSHMEM_*. */
int mishmem_segment_create(uint64_t size, uint64_t aligned_at, uint64_t instance_id, int pe,
                           struct mishmem_segment *out);
/* Closes the descriptor; the mapping stays. */
void mishmem_segment_close_fd(struct mishmem_segment *segment);
void mishmem_segment_destroy(struct mishmem_segment *segment);

/* Takes a copy of descriptor remote_fd of process pid (pidfd_getfd, then
 * /proc/PID/fd/N). Returns it, or -1 when the kernel refuses both (e.g.
 * ptrace restrictions): callers then pass descriptors over sockets. */
int mishmem_segment_fetch_fd(int pidfd, pid_t pid, int remote_fd);
/* Maps size bytes of a peer's segment descriptor (consumed) after checking
 * its size. Returns ACLSHMEM_*. */
int mishmem_segment_map_fd(int fd, pid_t pid, uint64_t size, char **base);

/* Maps peer pid's segment, whose descriptor in that process is remote_fd.
 * pidfd is an open pidfd of that process. Tries pidfd_getfd, then
 * /proc/PID/fd/N. Returns ACLSHMEM_* and logs why on failure. */
int mishmem_segment_import(int pidfd, pid_t pid, int remote_fd, uint64_t size, char **base);
void mishmem_segment_unmap(char *base, uint64_t size);

#endif
