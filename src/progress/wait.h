/* Waiting on memory that peers write: spin briefly, then yield, then sleep
 * on the PE's doorbell (progress/ring.h), so that many PEs on few cores
 * leave the cores to those with work. Every so often check that the
 * instance's peers are alive, so a dead peer ends the wait with a clear
 * message instead of a hang: in the shmem_init world the process ends (the
 * standard's abort); any other instance is marked failed (its waits end at
 * once, the faces return ACLSHMEMX_PEER_FAILED) and the process's other
 * instances go on. A wait that knows which PE must write its word also
 * ends when that PE has entered finalize: it will never write it. */
#ifndef MISHMEM_PROGRESS_WAIT_H
#define MISHMEM_PROGRESS_WAIT_H

#include <sched.h>
#include <stdint.h>

#include "instance/registry.h"
#include "progress/failure.h"
#include "progress/fanout.h"
#include "progress/placement.h"
#include "progress/ring.h"
#include "util/clock.h"

/* The default bound of one sleep (MISHMEM_WAIT_SLEEP_MAX_US sets it). */
#define MISHMEM_SLEEP_MAX_NS 1000000ull /* 1 ms */
/* The longest sleep of a wait in an instance that spans hosts. */
#define MISHMEM_REMOTE_SLEEP_MAX_NS 1000000ull /* 1 ms */

#define MISHMEM_SPINS_BEFORE_YIELD 64
/* Waits for the library's sync words (barriers, collectives, locks) when
 * PEs outnumber cores: a pause is about 33 ns here, so 64 of them cost a
 * switch's time, and in a collective the PE that must write, or another
 * member with work, is often waiting for this CPU. A few pauses still
 * catch a writer running on another one. Waits for program data
 * (wait_until, signals) keep the 64: a ping-pong's reply comes from one
 * peer, running elsewhere, within a few hundred ns (4 PEs on 2 cores,
 * 8 B put ping-pong: 63-76 ns with 64, 100-508 ns with 4). */
#define MISHMEM_SPINS_BEFORE_YIELD_OVERSUBSCRIBED 4
/* A yield that returns sooner than this ran nobody else: a system call
 * alone costs about 2 us here (bench_hw), a switch to another thread 4 us
 * and more. */
#define MISHMEM_IDLE_YIELD_NS 3000u
/* PEs outnumber cores, but no other awake PE shares this one's CPU: spin
 * this long before yielding (a 1 MiB copy's time). */
#define MISHMEM_SPIN_ALONE_ON_CPU_NS 50000u
#define MISHMEM_LIVENESS_PERIOD_NS 50000000ull /* 50 ms */
/* A yield that took this long ran another program for its time slice
 * (about 1.5 ms with two CPUs; a PE of ours gives the CPU back at its next
 * wait). When such yields take much of the time (mishmem_note_contention),
 * the CPUs are contended: another yield would give a slice away again (4
 * busy loops on 2 CPUs: 3.8 ms per yield on average, about 110 barriers/s),
 * and spinning keeps the CPU from the PE that must write. For a while (the
 * hold) a wait then neither spins long nor yields: it sleeps on its
 * doorbell after its first pauses, and the writer's ring wakes it (a woken
 * sleeper runs soon; a yielder waits behind every busy loop). Then a wait
 * yields again to look. The first hold is short; contention seen again
 * soon after the last (within its hold and a window) doubles it, so a
 * lasting load is probed rarely (each probe costs slices) and a passing
 * one costs little. */
#define MISHMEM_CONTENDED_YIELD_NS 1000000u
#define MISHMEM_CONTENDED_SUM_NS 5000000ull      /* 5 ms */
#define MISHMEM_CONTENDED_WINDOW_NS 100000000ull /* 100 ms */
#define MISHMEM_CONTENDED_HOLD_MIN_NS 10000000ull  /* 10 ms */
#define MISHMEM_CONTENDED_HOLD_MAX_NS 640000000ull /* 0.64 s */
/* A write from another host rings no doorbell: with such peers a wait's
 * sleeps start this short and double up to the instance's bound, so a
 * wait that ends soon is seen soon, and a long one costs few wake-ups. */
#define MISHMEM_REMOTE_FIRST_SLEEP_NS 20000u
/* mishmem_wait_step's answers besides -1 (go on): sleep now; a peer has
 * failed (test the condition once more, then mishmem_wait_fail); the
 * instance had already failed (leave at once). */
#define MISHMEM_WAIT_SLEEP (-2)
#define MISHMEM_WAIT_PEER_FAILED (-3)
#define MISHMEM_WAIT_GIVE_UP (-4)

struct mishmem_waiter {
    struct mishmem_instance *inst;
    enum mishmem_wait_kind kind;
    const char *operation; /* named in the message if a peer dies */
    int awaited;           /* the world PE that must write the word, or -1: anyone */
    /* The world PE that writes the word though it is in finalize (the
     * finalize barrier's), or -1: with awaited, who a probe of peers on
     * other hosts asks (anyone when both are -1). */
    int writer;
    int next_probe;        /* where the round of probes of other hosts' peers goes on */
    /* Optional, for words that several PEs write: returns a PE that has
     * entered finalize without taking part in what this wait needs, or -1. */
    int (*left)(const void *context);
    const void *left_context;
    int culprit;           /* after MISHMEM_WAIT_PEER_FAILED: the PE, and why */
    enum mishmem_wait_failure why;
    uint64_t culprit_failed; /* MISHMEM_PEER_REPORTED: the culprit's failure word */
    unsigned spins;
    uint64_t spin_until_ns; /* end of the extended spin, 0 before it starts */
    uint64_t sleep_from_ns; /* end of the yielding, 0 before it starts */
    uint64_t next_yield_ns; /* with a core per PE: spin until then between yields */
    uint64_t next_check_ns;
    uint64_t sleep_ns; /* the next sleep's bound, set when the yielding starts */
    struct mishmem_doorbell_arming arming;
};

static inline void mishmem_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static inline void mishmem_waiter_init(struct mishmem_waiter *w, struct mishmem_instance *inst,
                                       enum mishmem_wait_kind kind, const char *operation, int awaited)
{
    w->inst = inst;
    w->kind = kind;
    w->operation = operation;
    w->awaited = awaited;
    w->writer = -1;
    w->next_probe = 0;
    w->left = NULL;
    w->left_context = NULL;
    w->culprit = -1;
    w->culprit_failed = 0;
    w->spins = !inst->spin_ns && kind == MISHMEM_WAIT_ON_SYNC
                   ? MISHMEM_SPINS_BEFORE_YIELD - MISHMEM_SPINS_BEFORE_YIELD_OVERSUBSCRIBED
                   : 0;
    w->spin_until_ns = 0;
    w->sleep_from_ns = 0;
    w->next_yield_ns = 0;
    w->next_check_ns = 0;
    w->arming.fenced = 0;
}

/* Whether a peer has failed the wait (filling w->culprit and w->why). */
int mishmem_find_failure(struct mishmem_waiter *w);
/* After MISHMEM_WAIT_PEER_FAILED: reports the culprit and the operation,
 * then ends the process (the shmem_init world) or marks the instance
 * failed and returns. Nothing to do after MISHMEM_WAIT_GIVE_UP. */
void mishmem_wait_fail(struct mishmem_waiter *w, int step);

/* How long a wait spins before it yields. With a core per PE the writer
 * is running: a while, since a yield costs more than the wait; longer when
 * this is the process's only instance (nobody else here needs the core;
 * here a yield's system call also costs the PE's next large copy its TLB,
 * about 10 % of a 1 MiB put), shorter when several instances' threads may
 * share the cores. Oversubscribed: not at all, unless this PE was the only
 * awake one on its CPU at the last look (progress/placement.h), so that
 * spinning keeps nobody of its instance from running. */
static inline uint64_t mishmem_wait_spin_ns(struct mishmem_instance *inst)
{
    if (inst->spin_ns)
        return atomic_load_explicit(&mishmem_published_instances, memory_order_relaxed) == 1 ? inst->spin_alone_ns
                                                                                               : inst->spin_ns;
    return atomic_load_explicit(&inst->alone_on_cpu, memory_order_relaxed) ? MISHMEM_SPIN_ALONE_ON_CPU_NS : 0;
}

static inline int mishmem_cpus_contended(struct mishmem_instance *inst, uint64_t now)
{
    return now < atomic_load_explicit(&inst->contended_until_ns, memory_order_relaxed);
}

/* After a long yield of `took` that ended at `now`: contended for a hold
 * (above) once long yields have taken a quarter of the time since the
 * first of them (and MISHMEM_CONTENDED_SUM_NS at least). Busy loops make
 * each yield that runs one take a slice or more; a machine busy with
 * other short jobs makes some yields long (4 or 5 in 2 s of barriers
 * here, about 1 % of the time), and there yielding still beats sleeping. */
static inline void mishmem_note_contention(struct mishmem_instance *inst, uint64_t now, uint64_t took)
{
    uint64_t first = atomic_load_explicit(&inst->long_yields_since_ns, memory_order_relaxed);
    uint64_t sum = atomic_load_explicit(&inst->long_yield_ns, memory_order_relaxed) + took;
    if (now - first > MISHMEM_CONTENDED_WINDOW_NS) { /* a new window from this yield on */
        first = now - took;
        sum = took;
        atomic_store_explicit(&inst->long_yields_since_ns, first, memory_order_relaxed);
    }
    atomic_store_explicit(&inst->long_yield_ns, sum, memory_order_relaxed);
    if (sum < MISHMEM_CONTENDED_SUM_NS || sum * 4 < now - first)
        return;
    atomic_store_explicit(&inst->long_yields_since_ns, 0, memory_order_relaxed);
    uint64_t until = atomic_load_explicit(&inst->contended_until_ns, memory_order_relaxed);
    uint64_t hold = atomic_load_explicit(&inst->contended_hold_ns, memory_order_relaxed);
    if (hold && now - until < hold + MISHMEM_CONTENDED_WINDOW_NS) /* the load went on: look less often */
        hold = hold * 2 < MISHMEM_CONTENDED_HOLD_MAX_NS ? hold * 2 : MISHMEM_CONTENDED_HOLD_MAX_NS;
    else
        hold = MISHMEM_CONTENDED_HOLD_MIN_NS;
    atomic_store_explicit(&inst->contended_hold_ns, hold, memory_order_relaxed);
    atomic_store_explicit(&inst->contended_until_ns, now + hold, memory_order_relaxed);
}

/* A yield, timed: a long one says the CPUs are contended (above). */
static inline uint64_t mishmem_timed_yield(struct mishmem_instance *inst, uint64_t before)
{
    sched_yield();
    uint64_t after = mishmem_now_ns();
    if (__builtin_expect(after - before >= MISHMEM_CONTENDED_YIELD_NS, 0))
        mishmem_note_contention(inst, after, after - before);
    return after;
}

/* One step of a wait loop whose condition was just found false.
 * Returns -1 normally, MISHMEM_WAIT_SLEEP when the caller should sleep
 * (MISHMEM_WAIT_UNTIL does), MISHMEM_WAIT_PEER_FAILED when a peer failed:
 * the caller must then test its condition once more (the peer may have
 * written before exiting) and call mishmem_wait_fail if it is still false,
 * or MISHMEM_WAIT_GIVE_UP when the instance has failed already. */
static inline int mishmem_wait_step(struct mishmem_waiter *w)
{
    if (w->spins < MISHMEM_SPINS_BEFORE_YIELD) {
        w->spins++;
        mishmem_cpu_relax();
        return -1;
    }
    uint64_t now = mishmem_now_ns();
    if (__builtin_expect(atomic_load_explicit(&w->inst->failed, memory_order_relaxed), 0))
        return MISHMEM_WAIT_GIVE_UP;
    /* Peers that are not mapped write through a transport that may need
     * driving, and do not ring the doorbell: a sleep lasts at most
     * sleep_max_ns, then this runs again. */
    if (__builtin_expect(w->inst->n_unmapped > 0, 0))
        mishmem_transports_progress(w->inst);
    /* Contended CPUs (above): neither spin nor yield, sleep from here on.
     * The first look at the clock also counts the wait (instance/stats.h). */
    if (w->spin_until_ns == 0) {
        w->spin_until_ns = now + (mishmem_cpus_contended(w->inst, now) ? 0 : mishmem_wait_spin_ns(w->inst));
        atomic_fetch_add_explicit(&w->inst->stats.waits, 1, memory_order_relaxed);
    }
    if (now < w->spin_until_ns) {
        if (!w->inst->spin_ns)
            mishmem_balance(w->inst, now); /* keeps "alone on its CPU" fresh */
        for (int i = 0; i < 16; i++)
            mishmem_cpu_relax();
        return -1;
    }
    if (w->sleep_from_ns == 0) {
        w->sleep_from_ns = now + (mishmem_cpus_contended(w->inst, now) ? 0
                                  : w->inst->n_unmapped > 0       ? w->inst->remote_yield_ns
                                                                  : w->inst->yield_ns);
        w->sleep_ns = w->inst->n_unmapped > 0 && w->inst->sleep_max_ns > MISHMEM_REMOTE_FIRST_SLEEP_NS
                          ? MISHMEM_REMOTE_FIRST_SLEEP_NS
                          : w->inst->sleep_max_ns;
    }
    int sleep = now >= w->sleep_from_ns;
    if (!sleep && !w->inst->spin_ns) {
        mishmem_balance(w->inst, now);
        mishmem_timed_yield(w->inst, mishmem_now_ns());
    } else if (!sleep && now < w->next_yield_ns) {
        for (int i = 0; i < 16; i++)
            mishmem_cpu_relax();
    } else if (!sleep) {
        /* With a core per PE, a yield that ran nobody else only cost a
         * system call, and a PE in a loop of them slows its neighbours
         * (an SMT sibling, the hypervisor): spin a while before the next
         * one. When others want the CPU, yield at every step. */
        uint64_t after = mishmem_timed_yield(w->inst, now);
        w->next_yield_ns = after - now < MISHMEM_IDLE_YIELD_NS ? after + w->inst->spin_ns : 0;
    }
    if (w->next_check_ns == 0)
        w->next_check_ns = now + MISHMEM_LIVENESS_PERIOD_NS;
    else if (now >= w->next_check_ns) {
        w->next_check_ns = now + MISHMEM_LIVENESS_PERIOD_NS;
        if (mishmem_find_failure(w))
            return MISHMEM_WAIT_PEER_FAILED;
    }
    return sleep ? MISHMEM_WAIT_SLEEP : -1;
}

/* The doorbell steps for a waiter (a macro argument named inst would
 * clash with the member in MISHMEM_WAIT_KIND_UNTIL). */
static inline uint32_t mishmem_waiter_arm(struct mishmem_waiter *w)
{
    return mishmem_doorbell_arm(w->inst, w->kind, &w->arming);
}

/* Sleeps on the doorbell until rung or w->sleep_ns pass; counted with the
 * time it took (instance/stats.h). Where the instance has peers on other
 * hosts the transports are told, so that their traffic rings the
 * doorbell. Out of line: it is a system call. */
void mishmem_waiter_sleep(struct mishmem_waiter *w, uint32_t ticket);

/* Waits until COND holds, watching the peers of INST; KIND says who rings
 * (progress/ring.h), AWAITED is the world PE that must make COND true (-1:
 * any). A sleep tests COND once more after arming, so no wake-up is lost.
 * When a peer fails (and the instance does not end the process), the wait
 * ends with COND still false: callers that can fail look at inst->failed. */
#define MISHMEM_WAIT_KIND_UNTIL(inst, kind, operation, awaited, cond) \
    MISHMEM_WAIT_CHECKED_UNTIL(inst, kind, operation, awaited, NULL, NULL, cond)

/* ... and LEFT(CONTEXT) names a PE that has entered finalize without
 * making COND true, or -1 (struct mishmem_waiter's left). */
#define MISHMEM_WAIT_CHECKED_UNTIL(inst, kind, operation, awaited, left_, context, cond) \
    MISHMEM_WAIT_FULL_UNTIL(inst, kind, operation, awaited, -1, left_, context, cond)

/* The general form: WRITER is struct mishmem_waiter's writer. */
#define MISHMEM_WAIT_FULL_UNTIL(inst, kind, operation, awaited, writer_, left_, context, cond) \
    do {                                                                          \
        if (cond)                                                                 \
            break; /* already true: nothing to set up */                          \
        struct mishmem_waiter waiter_;                                            \
        mishmem_waiter_init(&waiter_, (inst), (kind), (operation), (awaited));    \
        waiter_.writer = (writer_);                                               \
        waiter_.left = (left_);                                                   \
        waiter_.left_context = (context);                                         \
        while (!(cond)) {                                                         \
            int step_ = mishmem_wait_step(&waiter_);                              \
            if (step_ == MISHMEM_WAIT_SLEEP) {                                    \
                uint32_t ticket_ = mishmem_waiter_arm(&waiter_);                  \
                if (!(cond))                                                      \
                    mishmem_waiter_sleep(&waiter_, ticket_);                      \
            } else if (step_ <= MISHMEM_WAIT_PEER_FAILED) {                       \
                if (step_ == MISHMEM_WAIT_PEER_FAILED && (cond))                  \
                    break;                                                        \
                mishmem_wait_fail(&waiter_, step_);                               \
                break;                                                            \
            }                                                                     \
        }                                                                         \
    } while (0)

/* A wait on the library's sync words (barriers, collectives, locks). */
#define MISHMEM_WAIT_UNTIL(inst, operation, cond) \
    MISHMEM_WAIT_KIND_UNTIL(inst, MISHMEM_WAIT_ON_SYNC, operation, -1, cond)

/* ... on a sync word that only world PE `awaited` writes. */
#define MISHMEM_WAIT_FOR_UNTIL(inst, operation, awaited, cond) \
    MISHMEM_WAIT_KIND_UNTIL(inst, MISHMEM_WAIT_ON_SYNC, operation, awaited, cond)

/* ... on a sync word that world PE `writer` writes in its finalize. */
#define MISHMEM_WAIT_WRITTEN_BY_UNTIL(inst, operation, writer, cond) \
    MISHMEM_WAIT_FULL_UNTIL(inst, MISHMEM_WAIT_ON_SYNC, operation, -1, writer, NULL, NULL, cond)

/* A wait on program data that puts, AMOs and signals write. */
#define MISHMEM_WAIT_DATA_UNTIL(inst, operation, cond) \
    MISHMEM_WAIT_KIND_UNTIL(inst, MISHMEM_WAIT_ON_DATA, operation, -1, cond)

#endif
