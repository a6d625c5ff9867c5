#include "transport/shm/wait.h"

#include "transport/shm/shm_state.h"

#include <poll.h>
#include <stdlib.h>
#include <time.h>

#include "util/log.h"

uint64_t mishmem_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

int mishmem_find_dead_peer(struct mishmem_instance *inst)
{
    /* A pidfd polls readable once its process has exited. */
    struct pollfd probes[64];
    int owners[64];
    for (int first = 0; first < inst->n_pes; first += 64) {
        int count = 0;
        for (int pe = first; pe < inst->n_pes && pe < first + 64; pe++) {
            const struct mishmem_control *control = mishmem_shm_control_of(inst, pe);
            if (inst->peers[pe].pidfd < 0 || !control ||
                atomic_load_explicit(&control->departed.value, memory_order_acquire))
                continue; /* finalized, then left: not a failure */
            probes[count].fd = inst->peers[pe].pidfd;
            probes[count].events = POLLIN;
            probes[count].revents = 0;
            owners[count++] = pe;
        }
        if (count == 0 || poll(probes, (nfds_t)count, 0) <= 0)
            continue;
        for (int i = 0; i < count; i++)
            if (probes[i].revents & (POLLIN | POLLHUP | POLLERR))
                return owners[i];
    }
    return -1;
}

_Noreturn void mishmem_peer_died(struct mishmem_waiter *w, int dead_pe)
{
    mishmem_fatal("PE %d (pid %d) of instance %llu exited while PE %d waited in %s; aborting", dead_pe,
                  (int)w->inst->peers[dead_pe].pid, (unsigned long long)w->inst->id, w->inst->my_pe,
                  w->operation);
}
