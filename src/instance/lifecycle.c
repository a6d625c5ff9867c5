#include "instance/lifecycle.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/sync.h"
#include "core/team_table.h"
#include "heap/allocator.h"
#include "instance/registry.h"
#include "util/log.h"

#define HEAP_GRANULE 4096u
#define HEAP_MIN_ALIGN 64u

/* What each PE tells the others about itself. */
struct peer_card {
    int32_t pid;
    int32_t segment_fd;
    uint64_t segment_size;
    char boot_id[40]; /* same value <=> same host (same kernel boot) */
};

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

static int pidfd_of(pid_t pid) { return (int)syscall(SYS_pidfd_open, pid, 0); }

static void release_peers(struct mishmem_instance *inst)
{
    if (!inst->peers)
        return;
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        if (pe != inst->my_pe)
            mishmem_segment_unmap(peer->segment, inst->segment.size);
        if (peer->pidfd >= 0)
            close(peer->pidfd);
    }
    free(inst->peers);
    inst->peers = NULL;
}

static void release_instance(struct mishmem_instance *inst)
{
    mishmem_teams_destroy(inst);
    release_peers(inst);
    if (inst->allocator)
        mishmem_allocator_destroy(inst->allocator);
    mishmem_segment_destroy(&inst->segment);
    mishmem_bootstrap_close(inst->boot);
    pthread_mutex_destroy(&inst->heap_lock);
    free(inst);
}

/* Maps every peer's segment. Returns this PE's own result; the caller
 * agrees on the outcome with all PEs. */
static int attach_peers(struct mishmem_instance *inst, const struct peer_card *cards)
{
    const struct peer_card *mine = &cards[inst->my_pe];
    for (int pe = 0; pe < inst->n_pes; pe++) {
        struct mishmem_peer *peer = &inst->peers[pe];
        const struct peer_card *card = &cards[pe];
        peer->pid = card->pid;
        if (card->segment_size != mine->segment_size) {
            MISHMEM_ERROR("PE %d has a %llu-byte heap, this PE %llu: local_mem_size must be equal on "
                          "every PE", pe, (unsigned long long)(card->segment_size - MISHMEM_CONTROL_SIZE),
                          (unsigned long long)(mine->segment_size - MISHMEM_CONTROL_SIZE));
            return ACLSHMEM_INVALID_PARAM;
        }
        if (memcmp(card->boot_id, mine->boot_id, sizeof card->boot_id) != 0) {
            MISHMEM_ERROR("PE %d runs on another host; this build reaches peers by shared memory "
                          "only", pe);
            return ACLSHMEM_NOT_SUPPORTED;
        }
        if (pe == inst->my_pe) {
            peer->segment = inst->segment.base;
            continue;
        }
        peer->pidfd = pidfd_of(card->pid);
        if (peer->pidfd < 0) {
            MISHMEM_ERROR("cannot watch PE %d (pid %d): %s", pe, card->pid, strerror(errno));
            return ACLSHMEM_SMEM_ERROR;
        }
        int rc = mishmem_segment_import(peer->pidfd, card->pid, card->segment_fd, card->segment_size,
                                        &peer->segment);
        if (rc != ACLSHMEM_SUCCESS)
            return rc;
    }
    return ACLSHMEM_SUCCESS;
}

/* Every PE learns whether all PEs succeeded; the first failure wins. */
static int agree(struct mishmem_instance *inst, int my_rc)
{
    int32_t mine = my_rc;
    int32_t *all = calloc((size_t)inst->n_pes, sizeof *all);
    if (!all)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = mishmem_bootstrap_allgather(inst->boot, &mine, all, sizeof mine);
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < inst->n_pes; pe++)
        if (all[pe] != ACLSHMEM_SUCCESS) {
            if (pe != inst->my_pe)
                MISHMEM_ERROR("PE %d failed to set up its heap (%d)", pe, all[pe]);
            rc = all[pe];
        }
    free(all);
    return rc;
}

static int build_heap(struct mishmem_instance *inst)
{
    struct peer_card mine = {.pid = getpid(), .segment_fd = inst->segment.fd,
                             .segment_size = inst->segment.size};
    read_boot_id(mine.boot_id);
    struct peer_card *cards = calloc((size_t)inst->n_pes, sizeof *cards);
    if (!cards)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = mishmem_bootstrap_allgather(inst->boot, &mine, cards, sizeof mine);
    if (rc == ACLSHMEM_SUCCESS)
        rc = agree(inst, attach_peers(inst, cards));
    free(cards);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    /* Every peer holds its own mapping now; the descriptor is no longer needed. */
    mishmem_segment_close_fd(&inst->segment);
    if (mishmem_allocator_create(inst->heap_size, HEAP_MIN_ALIGN, &inst->allocator) != 0)
        return ACLSHMEM_MALLOC_FAILED;
    return mishmem_teams_create(inst);
}

static int open_bootstrap(const struct mishmem_instance_params *params, struct mishmem_bootstrap **boot)
{
    if (params->boot.n_pes == 1) {
        if (params->boot.listen_fd >= 0)
            close(params->boot.listen_fd);
        return mishmem_bootstrap_self_open(boot);
    }
    return mishmem_bootstrap_tcp_open(&params->boot, boot);
}

static int build_instance(const struct mishmem_instance_params *params, struct mishmem_instance **out)
{
    struct mishmem_instance *inst = calloc(1, sizeof *inst);
    if (!inst)
        return ACLSHMEM_MALLOC_FAILED;
    inst->id = params->id;
    inst->my_pe = params->boot.my_pe;
    inst->n_pes = params->boot.n_pes;
    inst->key = params->key;
    inst->public_ctx = (aclshmem_instance_ctx){.id = inst->id, .my_pe = inst->my_pe, .n_pes = inst->n_pes};
    inst->heap_size = (params->heap_size + HEAP_GRANULE - 1) / HEAP_GRANULE * HEAP_GRANULE;
    inst->op_timeout_ms = params->boot.op_timeout_ms;
    inst->segment.fd = -1;
    pthread_mutex_init(&inst->heap_lock, NULL);

    int rc = ACLSHMEM_MALLOC_FAILED;
    inst->peers = calloc((size_t)inst->n_pes, sizeof *inst->peers);
    if (inst->peers) {
        for (int pe = 0; pe < inst->n_pes; pe++)
            inst->peers[pe].pidfd = -1;
        rc = open_bootstrap(params, &inst->boot);
    }
    if (rc == ACLSHMEM_SUCCESS)
        rc = mishmem_segment_create(MISHMEM_CONTROL_SIZE + inst->heap_size, inst->id, inst->my_pe,
                                    &inst->segment);
    if (rc == ACLSHMEM_SUCCESS) {
        inst->heap_base = inst->segment.base + MISHMEM_CONTROL_SIZE;
        rc = build_heap(inst);
    }
    if (rc != ACLSHMEM_SUCCESS) {
        release_instance(inst);
        return rc;
    }
    *out = inst;
    return ACLSHMEM_SUCCESS;
}

static int answer_duplicate(const struct mishmem_instance_params *params, struct mishmem_instance *live)
{
    if (live == MISHMEM_SLOT_BUILDING) {
        MISHMEM_WARN("instance %llu is being created by another thread; not creating it again",
                     (unsigned long long)params->id);
        return ACLSHMEM_INVALID_PARAM;
    }
    int same = memcmp(&live->key, &params->key, sizeof live->key) == 0;
    MISHMEM_WARN("instance %llu already exists%s; not creating it again",
                 (unsigned long long)params->id, same ? "" : " with different attributes");
    return same ? ACLSHMEM_SUCCESS : ACLSHMEM_INVALID_PARAM;
}

int mishmem_instance_init(const struct mishmem_instance_params *params, struct mishmem_instance **out)
{
    mishmem_registry_lock();
    struct mishmem_instance *live = mishmem_registry_slot_locked(params->id);
    if (live) {
        mishmem_registry_unlock();
        if (params->boot.listen_fd >= 0)
            close(params->boot.listen_fd);
        return answer_duplicate(params, live);
    }
    mishmem_registry_reserve_locked(params->id);
    mishmem_registry_unlock();

    struct mishmem_instance *inst;
    int rc = build_instance(params, &inst);
    if (rc != ACLSHMEM_SUCCESS) {
        mishmem_registry_release_slot(params->id);
        return rc;
    }
    mishmem_registry_publish(inst);
    if (out)
        *out = inst;
    MISHMEM_INFO("instance %llu ready: PE %d of %d, %llu-byte heap", (unsigned long long)inst->id,
                 inst->my_pe, inst->n_pes, (unsigned long long)inst->heap_size);
    return ACLSHMEM_SUCCESS;
}

int mishmem_instance_finalize(struct mishmem_instance *inst)
{
    /* Nobody may still be reading or writing this instance's memory. */
    mishmem_barrier_world(inst, "finalize");
    mishmem_registry_release_slot(inst->id);
    mishmem_forget_current(inst);
    release_instance(inst);
    return ACLSHMEM_SUCCESS;
}
