/* Sleeping waits. Run with MISHMEM_WAIT_SLEEP_US=0 (sleep as soon as the
 * spin ends) and a 30 s bound on one sleep: a write that fails to wake its
 * sleeper then shows as a wait of seconds, not of milliseconds.
 *
 * 1. A PE that waits 300 ms uses little CPU time: it sleeps, it does not
 *    spin or yield all along.
 * 2. Each kind of write wakes a sleeping waiter: p, putmem, put with
 *    signal, atomic add, strided put, lock release, barrier, broadcast.
 *
 * With "rearm" (and a 2 s bound on one sleep): a waiter whose sleeps
 * ended by timeout re-arms without a new memory barrier; a write 5 s into
 * the wait (after two such re-arms) must still wake it at once, not at
 * the next timeout (6 s). The wake is timed from the write (the writer
 * sends its clock reading afterwards; both PEs share CLOCK_MONOTONIC), so
 * a loaded machine that starts the writer late cannot fail the test. */
#include <shmem.h>
#include <string.h>
#include <time.h>

#include "test_util.h"

#define ROUNDS 25
#define WRITER_DELAY_NS 2000000L /* long enough for the waiter to be asleep */
#define WAKE_BOUND_S 10.0        /* far below the 30 s a lost wake would cost */

static double thread_cpu_s(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static void pause_ns(long ns)
{
    struct timespec delay = {.tv_sec = ns / 1000000000L, .tv_nsec = ns % 1000000000L};
    nanosleep(&delay, NULL);
}

enum write_kind { BY_P, BY_PUTMEM, BY_PUT_SIGNAL, BY_ATOMIC_ADD, BY_IPUT, BY_LOCK, BY_BARRIER, BY_BROADCAST, KINDS };
static const char *const kind_names[KINDS] = {"p",  "putmem", "put_signal", "atomic_add",
                                              "iput", "lock", "barrier", "broadcast"};

static long flag;
static uint64_t signal_word;
static long data[4];
static long lock;
static long bcast_value, bcast_source;

/* PE 0 waits, PE 1 writes after a pause; the others take part only in the
 * collectives. Returns the seconds PE 0 waited (0 elsewhere). */
static double one_round(enum write_kind kind, long round)
{
    int me = shmem_my_pe();
    double waited = 0;
    if (kind == BY_LOCK) {
        if (me == 1)
            shmem_set_lock(&lock);
        shmem_barrier_all(); /* PE 1 holds the lock */
        if (me == 1) {
            pause_ns(WRITER_DELAY_NS);
            shmem_clear_lock(&lock);
        } else if (me == 0) {
            double start = test_now_s();
            shmem_set_lock(&lock);
            waited = test_now_s() - start;
            shmem_clear_lock(&lock);
        }
        shmem_barrier_all();
        return waited;
    }
    if (kind == BY_BARRIER || kind == BY_BROADCAST) {
        shmem_barrier_all();
        if (me == 1)
            pause_ns(WRITER_DELAY_NS);
        double start = test_now_s();
        if (kind == BY_BARRIER) {
            shmem_barrier_all();
        } else {
            bcast_source = round * 10;
            shmem_long_broadcast(SHMEM_TEAM_WORLD, &bcast_value, &bcast_source, 1, 1);
            CHECK(bcast_value == round * 10, "broadcast round %ld: %ld on PE %d", round, bcast_value, me);
        }
        return me == 0 ? test_now_s() - start : 0;
    }
    shmem_barrier_all();
    if (me == 1) {
        pause_ns(WRITER_DELAY_NS);
        long values[4] = {round, round, round, round};
        switch (kind) {
        case BY_P: shmem_long_p(&flag, round, 0); break;
        case BY_PUTMEM: shmem_putmem(&flag, &round, sizeof round, 0); break;
        case BY_PUT_SIGNAL: shmem_long_put_signal(data, values, 4, &signal_word, (uint64_t)round, SHMEM_SIGNAL_SET, 0); break;
        case BY_ATOMIC_ADD: shmem_long_atomic_add(&flag, 1, 0); break;
        case BY_IPUT: shmem_long_iput(data, values, 1, 1, 4, 0); break;
        default: break;
        }
    } else if (me == 0) {
        double start = test_now_s();
        switch (kind) {
        case BY_PUT_SIGNAL:
            shmem_signal_wait_until(&signal_word, SHMEM_CMP_EQ, (uint64_t)round);
            CHECK(data[3] == round, "put_signal round %ld: data %ld", round, data[3]);
            break;
        case BY_ATOMIC_ADD: shmem_long_wait_until(&flag, SHMEM_CMP_EQ, round); break;
        case BY_IPUT: shmem_long_wait_until(&data[3], SHMEM_CMP_EQ, round); break;
        default: shmem_long_wait_until(&flag, SHMEM_CMP_EQ, round); break;
        }
        waited = test_now_s() - start;
    }
    shmem_barrier_all();
    return waited;
}

static void idle_wait_uses_little_cpu(void)
{
    int me = shmem_my_pe();
    flag = 0;
    shmem_barrier_all();
    if (me == 1) {
        pause_ns(300000000L);
        shmem_long_p(&flag, 1, 0);
    } else if (me == 0) {
        double wall = test_now_s(), cpu = thread_cpu_s();
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
        wall = test_now_s() - wall;
        cpu = thread_cpu_s() - cpu;
        printf("idle wait: %.0f ms wall, %.1f ms CPU\n", wall * 1e3, cpu * 1e3);
        CHECK(wall < 0.3 + WAKE_BOUND_S, "the wait took %.2f s: the put did not wake it", wall);
        CHECK(cpu < 0.06, "waiting 300 ms cost %.1f ms of CPU: the waiter did not sleep", cpu * 1e3);
    }
    shmem_barrier_all();
}

#define REARM_WRITE_NS 5000000000L /* 2.5 sleeps of 2 s */
#define REARM_BOUND_S 0.9           /* a lost wake ends at the 6 s timeout, 1 s after the write */

static double write_time_s; /* PE 1's clock when it wrote, sent to PE 0 after the round */

static void rearmed_sleeper_wakes(void)
{
    int me = shmem_my_pe();
    for (int kind = BY_P; kind <= BY_ATOMIC_ADD; kind++) {
        flag = 0;
        signal_word = 0;
        double woken = 0;
        shmem_barrier_all();
        if (me == 1) {
            pause_ns(REARM_WRITE_NS);
            long values[4] = {7, 7, 7, 7};
            double wrote = test_now_s();
            if (kind == BY_PUT_SIGNAL)
                shmem_long_put_signal(data, values, 4, &signal_word, 7, SHMEM_SIGNAL_SET, 0);
            else if (kind == BY_ATOMIC_ADD)
                shmem_long_atomic_add(&flag, 7, 0);
            else
                shmem_long_p(&flag, 7, 0);
            shmem_double_p(&write_time_s, wrote, 0);
        } else if (me == 0) {
            if (kind == BY_PUT_SIGNAL)
                shmem_signal_wait_until(&signal_word, SHMEM_CMP_EQ, 7);
            else
                shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 7);
            woken = test_now_s();
        }
        shmem_barrier_all(); /* write_time_s has arrived */
        if (me == 0) {
            double after = woken - write_time_s;
            printf("rearm %-10s woken %.0f ms after the write\n", kind_names[kind], after * 1e3);
            CHECK(after < REARM_BOUND_S, "%s: woken %.3f s after the write: the write did not wake the waiter "
                  "re-armed after timeouts", kind_names[kind], after);
        }
        shmem_barrier_all();
    }
}

int main(int argc, char **argv)
{
    shmem_init();
    CHECK(shmem_n_pes() >= 2, "needs 2 PEs or more");
    if (argc > 1 && strcmp(argv[1], "rearm") == 0) {
        rearmed_sleeper_wakes();
        shmem_finalize();
        return 0;
    }
    idle_wait_uses_little_cpu();
    flag = 0;
    shmem_barrier_all();
    for (int kind = 0; kind < KINDS; kind++) {
        double longest = 0;
        for (long round = 1; round <= ROUNDS; round++) {
            double waited = one_round((enum write_kind)kind, round);
            if (waited > longest)
                longest = waited;
        }
        if (shmem_my_pe() == 0) {
            printf("%-10s longest wait %.2f ms\n", kind_names[kind], longest * 1e3);
            CHECK(longest < WAKE_BOUND_S, "%s: a wait took %.2f s: the write did not wake the sleeper",
                  kind_names[kind], longest);
        }
        flag = 0;
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
