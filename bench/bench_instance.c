/* Multi-instance costs, on the aclshmem face (mishmem only):
 *
 *   ctx_set             aclshmemx_instance_ctx_set between two live instances
 *   thread_set          aclshmemx_instance_thread_set + _thread_clear, per call
 *   instance_create     aclshmemx_init_attr of a 1 MiB instance over all PEs
 *   instance_finalize   aclshmemx_finalize of it
 *   instance_create_finalize  both (the slowest PE's time, per round)
 *   fds_per_instance    descriptors per live instance (PE 0, the rendezvous server)
 *   rss_per_instance    resident KiB per live instance (PE 0; heaps untouched)
 *
 * Interference: instance A (the world) measures put bandwidth (PE 0 to
 * PE n/2, windows of 16 shmem_putmem_nbi of 1 MiB + shmem_quiet) and
 * barrier latency (shmem_barrier_all) in three phases, taken in turn
 * (alone, control, B, alone, ..., 9 rounds) so that they share the
 * machine's noise:
 *
 *   alone       nothing else runs;
 *   control     every PE runs a second thread that copies 64 KiB with
 *               memcpy in a loop into the next PE's buffer in instance B,
 *               through shmem_ptr: the same CPU load and the same cache
 *               traffic between the cores as below, without SHMEM calls
 *               (into a private buffer where shmem_ptr gives NULL);
 *   instance_b  every PE runs a second thread bound to instance B with
 *               aclshmemx_instance_thread_set, putting 64 KiB to the next
 *               PE in B with shmem_putmem in a loop (shmem_quiet every 16).
 *
 * instance_b / alone is the whole slowdown; instance_b / control is the
 * part that SHMEM instance B adds beyond taking CPU time and memory
 * bandwidth (on a machine with fewer cores than threads, the first is
 * mostly CPU sharing). --only picks groups: instance_create, ctx_set,
 * thread_set, fds_per_instance (with rss), interference.
 * Run: mishmemrun -n 2 bench_instance [--quick]. */
#define _GNU_SOURCE
#define BENCH_THREAD_MULTIPLE 1
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "bench_shmem.h"

#define LIVE_INSTANCES 50
#define A_PUT_SIZE BENCH_MIB
#define A_PUT_WINDOW 16
#define B_PUT_SIZE (64 * BENCH_KIB)

static int create(struct bench *bench, uint64_t id, uint64_t heap)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.my_pe = bench->me;
    attr.n_pes = bench->npes;
    attr.local_mem_size = heap;
    attr.ip_port = "tcp://127.0.0.1:0";
    attr.instance_id = id;
    int status = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
    if (status != ACLSHMEM_SUCCESS) {
        fprintf(stderr, "bench_instance: PE %d: creating instance %llu failed (%d)\n", bench->me,
                (unsigned long long)id, status);
        shmem_global_exit(1);
    }
    return status;
}

/* The next instance id that is not the world and not in `avoid`. */
static uint64_t free_id(uint64_t world, uint64_t after, uint64_t avoid)
{
    uint64_t id = after + 1;
    while (id == world || id == avoid)
        id++;
    return id;
}

/* ---- switching ---- */

struct switching {
    uint64_t a, b;
};

static void ctx_set_pairs(void *state, long iters)
{
    struct switching *sw = state;
    for (long i = 0; i < iters; i++) {
        aclshmemx_instance_ctx_set(sw->a);
        aclshmemx_instance_ctx_set(sw->b);
    }
}

static void thread_set_pairs(void *state, long iters)
{
    struct switching *sw = state;
    for (long i = 0; i < iters; i++) {
        aclshmemx_instance_thread_set(sw->a);
        aclshmemx_instance_thread_clear();
    }
}

/* ---- interference ---- */

enum phase { ALONE, CONTROL, INSTANCE_B, PHASES };
static const char *const phase_names[PHASES] = { "alone", "control", "instance_b" };

struct load {
    enum phase phase;
    uint64_t b;           /* instance B's id */
    char *b_buffer;       /* symmetric in B */
    char *source;         /* private, B_PUT_SIZE */
    char *copy;           /* the control's target: B's buffer on b_peer, or private */
    int b_peer;
    atomic_int stop;
    long rounds;          /* what the thread got done, for the log */
};

static void *load_thread(void *arg)
{
    struct load *load = arg;
    if (load->phase == INSTANCE_B && aclshmemx_instance_thread_set(load->b) != ACLSHMEM_SUCCESS) {
        fprintf(stderr, "bench_instance: aclshmemx_instance_thread_set(%llu) failed\n",
                (unsigned long long)load->b);
        return NULL;
    }
    long rounds = 0;
    while (!atomic_load_explicit(&load->stop, memory_order_relaxed)) {
        if (load->phase == INSTANCE_B) {
            shmem_putmem(load->b_buffer, load->source, B_PUT_SIZE, load->b_peer);
            if (++rounds % 16 == 0)
                shmem_quiet();
        } else {
            memcpy(load->copy, load->source, B_PUT_SIZE);
            __asm__ __volatile__("" : : "r"(load->copy) : "memory");
            rounds++;
        }
    }
    if (load->phase == INSTANCE_B) {
        shmem_quiet();
        aclshmemx_instance_thread_clear();
    }
    load->rounds = rounds;
    return NULL;
}

struct a_traffic {
    struct bench_pair pair;
    char *buffer;  /* symmetric in A, A_PUT_SIZE */
    char *source;  /* private */
};

static void a_put_stream(void *state, long iters)
{
    struct a_traffic *a = state;
    if (!a->pair.active || !a->pair.initiator)
        return;
    for (long i = 0; i < iters; i++) {
        for (int w = 0; w < A_PUT_WINDOW; w++)
            shmem_putmem_nbi(a->buffer, a->source, A_PUT_SIZE, a->pair.peer);
        shmem_quiet();
    }
}

static void a_barrier(void *state, long iters)
{
    (void)state;
    for (long i = 0; i < iters; i++)
        shmem_barrier_all();
}

static void interference(struct bench *bench, uint64_t world, uint64_t b_id)
{
    /* Under load a 4-PE barrier on 2 cores is a chain of sleeps and wakes
     * that the scheduler orders: with 3 rounds the control and the B
     * phase's medians drifted apart by -70 % to +42 % in runs of one
     * build; with 9 they agree within 8 %. */
    int rounds = bench->options.quick ? 1 : 9;
    int samples = bench->options.samples;
    if (rounds * samples > BENCH_MAX_SAMPLES)
        rounds = BENCH_MAX_SAMPLES / samples;

    create(bench, b_id, 4 * BENCH_MIB);
    int b_peer = (bench->me + 1) % bench->npes;
    aclshmemx_instance_ctx_set(b_id);
    char *b_buffer = shmem_malloc(B_PUT_SIZE);
    char *b_peer_buffer = b_buffer ? shmem_ptr(b_buffer, b_peer) : NULL;
    aclshmemx_instance_ctx_set(world);
    struct a_traffic a = { .pair = bench_pairing(bench) };
    a.buffer = shmem_malloc(A_PUT_SIZE);
    a.source = malloc(A_PUT_SIZE);
    char *source = malloc(B_PUT_SIZE), *copy = malloc(B_PUT_SIZE);
    if (!b_buffer || !a.buffer || !a.source || !source || !copy) {
        fprintf(stderr, "bench_instance: out of memory\n");
        shmem_global_exit(1);
    }
    memset(a.source, 5, A_PUT_SIZE);
    memset(source, 6, B_PUT_SIZE);
    memset(copy, 0, B_PUT_SIZE);

    static double put_bw[PHASES][BENCH_MAX_SAMPLES], barrier[PHASES][BENCH_MAX_SAMPLES];
    long put_iters[PHASES] = { 0 }, barrier_iters[PHASES] = { 0 }, load_rounds[PHASES] = { 0 };
    double seconds[BENCH_MAX_SAMPLES];
    for (int r = 0; r < rounds; r++)
        for (int p = 0; p < PHASES; p++) {
            struct load load = { .phase = (enum phase)p, .b = b_id, .b_buffer = b_buffer,
                                 .source = source, .copy = b_peer_buffer ? b_peer_buffer : copy,
                                 .b_peer = b_peer };
            pthread_t thread;
            shmem_barrier_all();
            if (p != ALONE && pthread_create(&thread, NULL, load_thread, &load) != 0) {
                fprintf(stderr, "bench_instance: pthread_create failed\n");
                shmem_global_exit(1);
            }
            shmem_barrier_all();
            put_iters[p] = bench_measure(bench, a_put_stream, &a, seconds);
            for (int s = 0; s < samples; s++)
                put_bw[p][r * samples + s] = (double)A_PUT_SIZE * A_PUT_WINDOW / seconds[s] / 1e9;
            barrier_iters[p] = bench_measure(bench, a_barrier, NULL, seconds);
            for (int s = 0; s < samples; s++)
                barrier[p][r * samples + s] = seconds[s] * 1e9;
            if (p != ALONE) {
                atomic_store(&load.stop, 1);
                pthread_join(thread, NULL);
                load_rounds[p] += load.rounds;
            }
        }
    shmem_barrier_all();

    if (bench->me == 0) {
        double medians[2][PHASES];
        for (int p = 0; p < PHASES; p++) {
            char extra[96];
            snprintf(extra, sizeof extra, "phase=%s load_rounds=%ld", phase_names[p], load_rounds[p]);
            char name[64];
            snprintf(name, sizeof name, "interference_put_bw_%s", phase_names[p]);
            bench_report(bench->impl, bench->name, name, A_PUT_SIZE, bench->npes, "GB/s", put_bw[p],
                         rounds * samples, put_iters[p], extra);
            medians[0][p] = bench_quantile(put_bw[p], rounds * samples, 0.5);
            snprintf(name, sizeof name, "interference_barrier_%s", phase_names[p]);
            bench_report(bench->impl, bench->name, name, 0, bench->npes, "ns", barrier[p],
                         rounds * samples, barrier_iters[p], extra);
            medians[1][p] = bench_quantile(barrier[p], rounds * samples, 0.5);
        }
        printf("# interference on A: put bandwidth %.2f GB/s alone, %.2f with control load, %.2f "
               "with instance B traffic (%+.1f %% vs alone, %+.1f %% vs control)\n",
               medians[0][ALONE], medians[0][CONTROL], medians[0][INSTANCE_B],
               (medians[0][ALONE] / medians[0][INSTANCE_B] - 1) * 100,
               (medians[0][CONTROL] / medians[0][INSTANCE_B] - 1) * 100);
        printf("# interference on A: barrier %.0f ns alone, %.0f with control load, %.0f with "
               "instance B traffic (%+.1f %% vs alone, %+.1f %% vs control)\n",
               medians[1][ALONE], medians[1][CONTROL], medians[1][INSTANCE_B],
               (medians[1][INSTANCE_B] / medians[1][ALONE] - 1) * 100,
               (medians[1][INSTANCE_B] / medians[1][CONTROL] - 1) * 100);
        fflush(stdout);
    }
    free(copy);
    free(source);
    free(a.source);
    shmem_free(a.buffer);
    aclshmemx_instance_ctx_set(b_id);
    shmem_free(b_buffer);
    aclshmemx_instance_ctx_set(world);
    aclshmemx_finalize(b_id);
    shmem_barrier_all();
}

int main(int argc, char **argv)
{
    if (!getenv("SHMEM_INSTANCE_PORT_RANGE"))
        setenv("SHMEM_INSTANCE_PORT_RANGE", "31000:31254", 1);
    struct bench bench;
    bench_start(&bench, argc, argv, "multi-instance costs and interference");
    bench_select(&bench, argc, argv, "instance", 0, 2, 1);
    const struct bench_options *options = &bench.options;
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    uint64_t first = free_id(world, 0, world);
    double seconds[BENCH_MAX_SAMPLES];

    /* Create + finalize, each timed on every PE between world barriers;
     * a round's value is the slowest PE's. */
    if (bench_wanted(options, "instance_create")) {
        int rounds = options->quick ? 3 : 30;
        if (rounds > BENCH_MAX_SAMPLES)
            rounds = BENCH_MAX_SAMPLES;
        static double create_ns[BENCH_MAX_SAMPLES], finalize_ns[BENCH_MAX_SAMPLES],
            both_ns[BENCH_MAX_SAMPLES];
        for (int r = 0; r < rounds; r++) {
            shmem_barrier_all();
            double t0 = bench_now();
            create(&bench, first, BENCH_MIB);
            double t1 = bench_now();
            aclshmemx_finalize(first);
            double t2 = bench_now();
            create_ns[r] = bench_max_on_0(&bench, t1 - t0) * 1e9;
            finalize_ns[r] = bench_max_on_0(&bench, t2 - t1) * 1e9;
            both_ns[r] = bench_max_on_0(&bench, t2 - t0) * 1e9;
        }
        if (bench.me == 0) {
            bench_report(bench.impl, bench.name, "instance_create", BENCH_MIB, bench.npes, "ns",
                         create_ns, rounds, 1, "heap=1MiB");
            bench_report(bench.impl, bench.name, "instance_finalize", BENCH_MIB, bench.npes, "ns",
                         finalize_ns, rounds, 1, "heap=1MiB");
            bench_report(bench.impl, bench.name, "instance_create_finalize", BENCH_MIB, bench.npes,
                         "ns", both_ns, rounds, 1, "heap=1MiB");
        }
    }

    /* Switching between two live instances; every PE ends on the world. */
    create(&bench, first, BENCH_MIB);
    struct switching sw = { first, world };
    if (bench_wanted(options, "ctx_set")) {
        long iters = bench_measure(&bench, ctx_set_pairs, &sw, seconds);
        bench_emit(&bench, "ctx_set", 0, "ns", 0.5, seconds, iters, "");
    }
    if (bench_wanted(options, "thread_set")) {
        long iters = bench_measure(&bench, thread_set_pairs, &sw, seconds);
        bench_emit(&bench, "thread_set", 0, "ns", 0.5, seconds, iters, "set+clear/2");
    }
    aclshmemx_instance_ctx_set(world);
    aclshmemx_finalize(first);

    /* Memory and descriptors per live instance (PE 0 serves every
     * rendezvous, so it holds the most). */
    if (bench_wanted(options, "fds_per_instance")) {
        int wanted = options->quick ? 4 : LIVE_INSTANCES;
        shmem_barrier_all();
        int fds_before = bench_count_entries("/proc/self/fd");
        long rss_before = bench_rss_kib();
        uint64_t id = 0;
        for (int live = 0; live < wanted; live++) {
            id = free_id(world, id, world);
            create(&bench, id, BENCH_MIB);
        }
        double fds = (double)(bench_count_entries("/proc/self/fd") - fds_before) / wanted;
        double rss = (double)(bench_rss_kib() - rss_before) / wanted;
        id = 0;
        for (int live = 0; live < wanted; live++) {
            id = free_id(world, id, world);
            aclshmemx_finalize(id);
        }
        shmem_barrier_all();
        if (bench.me == 0) {
            char extra[64];
            snprintf(extra, sizeof extra, "live=%d", wanted);
            bench_report(bench.impl, bench.name, "fds_per_instance", 0, bench.npes, "count", &fds, 1,
                         1, extra);
            bench_report(bench.impl, bench.name, "rss_per_instance", BENCH_MIB, bench.npes, "KiB",
                         &rss, 1, 1, extra);
        }
    }

    if (bench_wanted(options, "interference") && bench.npes >= 2)
        interference(&bench, world, free_id(world, first, world));

    bench_stop(&bench);
    return 0;
}
