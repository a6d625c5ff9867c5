/* The endpoint's driver thread (ofi_driver.h). */
#include "transport/ofi/ofi_driver.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <rdma/fi_eq.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "mapped/doorbell.h"
#include "transport/ofi/ofi_ops.h"
#include "util/log.h"

/* Nobody of the instance drove the endpoint for this long: it is outside
 * the library (computing), so the driver serves. Bounds how late the
 * first operation to a computing target is answered; a wake-up this often
 * costs nothing measurable. */
#define DRIVER_STANDBY_MS 1
/* One block on the fabric: the stop and the application's return end it
 * sooner (wake_fd). */
#define DRIVER_SERVE_MS 100
/* Without a wait object to poll, or when the provider has events it has
 * not yet signalled (fi_trywait): look again this soon. */
#define DRIVER_RETRY_MS 1
/* A wait object readable at once after this many serves in a row, with
 * nobody else driving, tells nothing: libfabric 1.17's `net` kept its
 * queue's own fd readable (1.6 million wake-ups in a 4-PE run that took
 * 30 s instead of 2.4 s on tcp;ofi_rxm) until the queue got a wait set
 * (fabric_may_block). Such an fd is left out; the driver
 * looks every DRIVER_RETRY_MS instead, and every NOISY_RECHECK looks
 * whether the fd has calmed down (a long stream of traffic also keeps it
 * readable, and ends). */
#define NOISY_AFTER 256
#define NOISY_RECHECK 100

static void wake(struct mishmem_ofi_state *ofi)
{
    uint64_t one = 1;
    while (write(ofi->wake_fd, &one, sizeof one) < 0 && errno == EINTR)
        ;
}

static void clear_wake(struct mishmem_ofi_state *ofi)
{
    uint64_t count;
    while (read(ofi->wake_fd, &count, sizeof count) < 0 && errno == EINTR)
        ;
}

void mishmem_ofi_driver_kick(struct mishmem_ofi_state *ofi)
{
    if (atomic_exchange_explicit(&ofi->driver_serving, 0, memory_order_seq_cst))
        wake(ofi);
}

void mishmem_ofi_sleeping(void *state, int asleep)
{
    struct mishmem_ofi_state *ofi = state;
    if (!ofi->driver_running)
        return;
    if (!asleep) {
        atomic_fetch_sub_explicit(&ofi->sleepers, 1, memory_order_seq_cst);
        return;
    }
    /* Either the driver sees the sleeper before it parks or we see it parked. */
    atomic_fetch_add_explicit(&ofi->sleepers, 1, memory_order_seq_cst);
    if (atomic_exchange_explicit(&ofi->driver_parked, 0, memory_order_seq_cst))
        wake(ofi);
}

/* Stands by, off the fabric, for at most ms (a new sleeper or the stop
 * ends it sooner). */
static void park(struct mishmem_ofi_state *ofi, int ms)
{
    atomic_store_explicit(&ofi->driver_parked, 1, memory_order_seq_cst);
    if (atomic_load_explicit(&ofi->sleepers, memory_order_seq_cst) > 0 ||
        atomic_load_explicit(&ofi->driver_stop, memory_order_seq_cst)) {
        atomic_store_explicit(&ofi->driver_parked, 0, memory_order_relaxed);
        return;
    }
    struct pollfd fd = {.fd = ofi->wake_fd, .events = POLLIN};
    if (poll(&fd, 1, ms) > 0)
        clear_wake(ofi);
    atomic_store_explicit(&ofi->driver_parked, 0, memory_order_relaxed);
}

/* Everything the peers asked of this PE moves (incoming writes land, reads
 * and atomics are answered), then this PE's sleepers look again: any of
 * it may be what they wait for. */
static void serve(struct mishmem_ofi_state *ofi)
{
    mishmem_ofi_drain(ofi);
    struct mishmem_segment_header *mine = (struct mishmem_segment_header *)ofi->ctx->segment->base;
    mishmem_doorbell_ring_bell(&mine->doorbell, MISHMEM_WAIT_ON_DATA);
    mishmem_doorbell_ring_bell(&mine->doorbell, MISHMEM_WAIT_ON_SYNC);
}

/* Whether blocking on fabric_fd now would see the next traffic: the queue
 * has a wait object and the provider has nothing pending unsignalled. A
 * wait set is asked by a look with no time, which also clears its signal:
 * libfabric 1.17's `net` answers fi_trywait without clearing it, and the
 * fd then stayed readable for good. */
static int fabric_may_block(struct mishmem_ofi_state *ofi)
{
    if (ofi->fabric_fd < 0 || atomic_load_explicit(&ofi->fabric_fd_noisy, memory_order_relaxed))
        return 0;
    if (ofi->wait_set)
        return fi_wait(ofi->wait_set, 0) == -FI_ETIMEDOUT;
    struct fid *fids[1] = {&ofi->cq->fid};
    return fi_trywait(ofi->dom->fabric, fids, 1) == 0;
}

/* Blocks until the fabric has traffic (or a bound), then serves. */
static void serve_when_ready(struct mishmem_ofi_state *ofi)
{
    if (ofi->fabric_fd < 0) {
        /* The provider's own wait drives progress while it blocks. */
        (void)fi_cntr_wait(ofi->cntr, UINT64_MAX, DRIVER_RETRY_MS);
        serve(ofi);
        return;
    }
    int noisy = atomic_load_explicit(&ofi->fabric_fd_noisy, memory_order_relaxed);
    /* That look may drive the provider (a wait set's look runs its
     * progress), and what it moves then waits for the serve below: a
     * sleeping waiter of an instance across hosts looks again within 1 ms
     * anyway (MISHMEM_REMOTE_SLEEP_MAX_NS). Serving before blocking
     * instead rang every sleeper awake each time it slept again: its look
     * kicked the driver, which served and rang it (test_wait_sleep). */
    int ms = fabric_may_block(ofi) ? DRIVER_SERVE_MS : DRIVER_RETRY_MS;
    /* A noisy fd is left out (poll ignores a negative fd). */
    struct pollfd fds[2] = {{.fd = noisy ? -1 : ofi->fabric_fd, .events = POLLIN},
                            {.fd = ofi->wake_fd, .events = POLLIN}};
    atomic_store_explicit(&ofi->driver_serving, 1, memory_order_seq_cst);
    /* The application came back between our look and the flag: it did not
     * see the flag, so do not block. Not while a waiter sleeps: its own
     * look between two sleeps is that activity, and each serve rings it
     * awake again (driver and sleeper then woke each other without end:
     * a 300 ms sleeping wait cost 210 ms of CPU, test_wait_sleep). */
    if (atomic_load_explicit(&ofi->app_activity, memory_order_seq_cst) != ofi->driver_seen &&
        atomic_load_explicit(&ofi->sleepers, memory_order_seq_cst) == 0)
        ms = 0;
    int ready = poll(fds, 2, ms);
    atomic_store_explicit(&ofi->driver_serving, 0, memory_order_relaxed);
    if (ready > 0 && (fds[1].revents & POLLIN))
        clear_wake(ofi);
    if (ms > 0 && ready > 0 && (fds[0].revents & POLLIN) && !(fds[1].revents & POLLIN)) {
        if (++ofi->readable_in_a_row == NOISY_AFTER) {
            atomic_store_explicit(&ofi->fabric_fd_noisy, 1, memory_order_relaxed);
            MISHMEM_DEBUG("instance %llu: the fabric's wait fd stays readable; the driver looks every %d ms "
                          "instead", (unsigned long long)ofi->ctx->id, DRIVER_RETRY_MS);
        }
    } else if (!noisy) {
        ofi->readable_in_a_row = 0;
    }
    serve(ofi);
    if (noisy && ++ofi->noisy_looks % NOISY_RECHECK == 0) {
        struct pollfd fabric = {.fd = ofi->fabric_fd, .events = POLLIN};
        if (poll(&fabric, 1, 0) == 0) {
            atomic_store_explicit(&ofi->fabric_fd_noisy, 0, memory_order_relaxed);
            ofi->readable_in_a_row = 0;
        }
    }
}

/* What completed while fabric_may_block looked: the counter and the
 * answered atomics. */
static uint64_t completions(struct mishmem_ofi_state *ofi)
{
    return fi_cntr_read(ofi->cntr) + atomic_load_explicit(&ofi->am_answered, memory_order_seq_cst);
}

void mishmem_ofi_await_traffic(struct mishmem_ofi_state *ofi, int ms)
{
    uint64_t before = completions(ofi);
    if (!fabric_may_block(ofi)) {
        sched_yield();
        return;
    }
    /* The look may have driven the provider to what the caller waits for,
     * which the fd then no longer shows: do not block on it. */
    if (completions(ofi) != before)
        return;
    struct pollfd fd = {.fd = ofi->fabric_fd, .events = POLLIN};
    (void)poll(&fd, 1, ms);
}

static void *drive(void *arg)
{
    struct mishmem_ofi_state *ofi = arg;
    /* Named by its instance, for top -H and ps -L (at most 15 characters). */
    char name[16];
    snprintf(name, sizeof name, "mishmem-ofi-%llu", (unsigned long long)ofi->ctx->id);
    (void)pthread_setname_np(pthread_self(), name);
    ofi->driver_seen = atomic_load_explicit(&ofi->app_activity, memory_order_seq_cst);
    while (!atomic_load_explicit(&ofi->driver_stop, memory_order_acquire)) {
        uint64_t now = atomic_load_explicit(&ofi->app_activity, memory_order_seq_cst);
        if (now != ofi->driver_seen && atomic_load_explicit(&ofi->sleepers, memory_order_seq_cst) == 0) {
            /* Serve only once the application has left it alone a while. */
            ofi->driver_seen = now;
            park(ofi, DRIVER_STANDBY_MS);
            continue;
        }
        ofi->driver_seen = now;
        serve_when_ready(ofi);
    }
    return NULL;
}

int mishmem_ofi_driver_start(struct mishmem_ofi_state *ofi)
{
    if (!ofi->dom->driven)
        return ACLSHMEM_SUCCESS;
    /* The queue's wait set (rxm's counter has none to give). */
    struct fid *waitable = ofi->wait_set ? &ofi->wait_set->fid : &ofi->cq->fid;
    if (!ofi->cq_wait_fd || fi_control(waitable, FI_GETWAIT, &ofi->fabric_fd) != 0)
        ofi->fabric_fd = -1;
    ofi->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (ofi->wake_fd < 0) {
        MISHMEM_ERROR("libfabric: no eventfd for the endpoint's progress thread: %s", strerror(errno));
        return ACLSHMEM_INNER_ERROR;
    }
    int rc = pthread_create(&ofi->driver, NULL, drive, ofi);
    if (rc != 0) {
        MISHMEM_ERROR("libfabric: cannot start the endpoint's progress thread (error %d)", rc);
        return ACLSHMEM_INNER_ERROR;
    }
    ofi->driver_running = 1;
    MISHMEM_DEBUG("instance %llu: %s, driver thread %s", (unsigned long long)ofi->ctx->id,
                  ofi->dom->amo_messages ? "atomics as messages" : "manual progress",
                  ofi->fabric_fd < 0 ? "polls the provider's wait"
                  : ofi->wait_set ? "blocks on the queue's wait set"
                                  : "blocks on the queue's wait fd");
    return ACLSHMEM_SUCCESS;
}

void mishmem_ofi_driver_stop(struct mishmem_ofi_state *ofi)
{
    if (ofi->driver_running) {
        atomic_store_explicit(&ofi->driver_stop, 1, memory_order_seq_cst);
        wake(ofi);
        pthread_join(ofi->driver, NULL);
        ofi->driver_running = 0;
    }
    if (ofi->wake_fd >= 0)
        close(ofi->wake_fd);
    ofi->wake_fd = -1;
}
