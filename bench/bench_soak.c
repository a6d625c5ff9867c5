/* bench_soak: a long run of mixed traffic with instances created and
 * finalized all along, reporting each PE's resident memory, descriptors
 * and threads over time (mishmem only: the aclshmem face). Meant for PEs
 * on several hosts (bench/soak.sh starts it on namespace hosts and plots
 * what it prints); it runs anywhere mishmemrun does.
 *
 *   bench_soak [--seconds S] [--every-ms MS] [--rdv IP]
 *
 * A cycle: create instance X over all PEs (rendezvous tcp://IP:0, IP
 * default 127.0.0.1), run a checked round in X, finalize X, run a checked
 * round in the world. A round: a 64 KiB ring put, an 8 B put to every PE,
 * a fetch_add on PE 0's counter by every PE, a barrier and a sum
 * reduction, each result checked. Every --every-ms (default 1000) each PE
 * prints
 *   SOAK pe=P t=SECONDS cycles=C rss_kib=R fds=F threads=T anon_kib=A
 *        shmem_kib=S file_kib=F heap_kib=H maps=M
 * where RSS splits into anonymous, shared-memory and file pages
 * (/proc/self/status), heap is what malloc has handed out and not had
 * back (mallinfo2), and maps counts /proc/self/maps lines: growth in one
 * of them says where to look. A wrong result ends the run with status 1. */
#define _GNU_SOURCE
#include <malloc.h>
#include <shmem.h>

#include "bench_util.h"
#include "mishmem/aclshmem.h"

#define RING_BYTES (64 * 1024)
#define HEAP (8u << 20)

struct round_buffers {
    char *ring;
    long *words;   /* one per PE */
    long *counter; /* on PE 0 */
    long *sum_in, *sum_out;
};

static int me, npes;

static void check(int ok, const char *what, long got, long expected)
{
    if (ok)
        return;
    fprintf(stderr, "bench_soak: PE %d: %s: got %ld, expected %ld\n", me, what, got, expected);
    exit(1);
}

/* Symmetric buffers of the current instance (world or X). */
static struct round_buffers allocate(void)
{
    struct round_buffers b = {
        .ring = aclshmem_malloc(RING_BYTES),
        .words = aclshmem_malloc(sizeof(long) * (size_t)npes),
        .counter = aclshmem_malloc(sizeof(long)),
        .sum_in = aclshmem_malloc(sizeof(long)),
        .sum_out = aclshmem_malloc(sizeof(long)),
    };
    if (!b.ring || !b.words || !b.counter || !b.sum_in || !b.sum_out) {
        fprintf(stderr, "bench_soak: PE %d: aclshmem_malloc failed\n", me);
        exit(1);
    }
    *b.counter = 0;
    aclshmem_barrier_all();
    return b;
}

static void release(struct round_buffers *b)
{
    aclshmem_free(b->sum_out);
    aclshmem_free(b->sum_in);
    aclshmem_free(b->counter);
    aclshmem_free(b->words);
    aclshmem_free(b->ring);
}

/* One checked round of the current instance; `stamp` makes each round's
 * values new. */
static void round_of_traffic(struct round_buffers *b, long stamp)
{
    int next = (me + 1) % npes, prev = (me + npes - 1) % npes;
    static char out[RING_BYTES];
    memset(out, (int)((stamp + me) & 0x7f), sizeof out);
    aclshmem_putmem(b->ring, out, sizeof out, next);
    for (int pe = 0; pe < npes; pe++)
        aclshmem_long_p(&b->words[me], stamp * 1000 + me, pe);
    long before = aclshmem_long_atomic_fetch_add(b->counter, 1, 0);
    check(before >= stamp * npes && before < (stamp + 1) * npes, "fetch_add's old value", before, stamp * npes);
    aclshmem_barrier_all();
    char want = (char)((stamp + prev) & 0x7f);
    check(b->ring[0] == want && b->ring[RING_BYTES - 1] == want, "ring byte", b->ring[0], want);
    for (int pe = 0; pe < npes; pe++)
        check(b->words[pe] == stamp * 1000 + pe, "word", b->words[pe], stamp * 1000 + pe);
    if (me == 0)
        check(*b->counter == (stamp + 1) * npes, "counter", *b->counter, (stamp + 1) * npes);
    *b->sum_in = me + stamp;
    aclshmem_barrier_all();
    int rc = shmem_long_sum_reduce(SHMEM_TEAM_WORLD, b->sum_out, b->sum_in, 1); /* the current instance's */
    long want_sum = (long)npes * (npes - 1) / 2 + stamp * npes;
    check(rc == 0 && *b->sum_out == want_sum, "sum", *b->sum_out, want_sum);
    aclshmem_barrier_all();
}

/* The value of `field` ("RssAnon:" ...) in /proc/self/status, in KiB. */
static long status_kib(const char *field)
{
    FILE *file = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    size_t n = strlen(field);
    while (file && fgets(line, sizeof line, file))
        if (strncmp(line, field, n) == 0) {
            kib = atol(line + n);
            break;
        }
    if (file)
        fclose(file);
    return kib;
}

static int count_lines(const char *path)
{
    FILE *file = fopen(path, "r");
    int lines = 0, c;
    while (file && (c = getc(file)) != EOF)
        lines += c == '\n';
    if (file)
        fclose(file);
    return lines;
}

static void report(double start, long cycles)
{
    struct mallinfo2 heap = mallinfo2();
    printf("SOAK pe=%d t=%.1f cycles=%ld rss_kib=%ld fds=%d threads=%d anon_kib=%ld shmem_kib=%ld file_kib=%ld heap_kib=%zu "
           "maps=%d\n",
           me, bench_now() - start, cycles, bench_rss_kib(), bench_count_entries("/proc/self/fd"),
           bench_count_entries("/proc/self/task"), status_kib("RssAnon:"), status_kib("RssShmem:"), status_kib("RssFile:"),
           (heap.uordblks + heap.hblkhd) / 1024, count_lines("/proc/self/maps"));
    fflush(stdout);
}

int main(int argc, char **argv)
{
    double seconds = 60, every_s = 1.0;
    const char *rdv = "127.0.0.1";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--seconds") == 0)
            seconds = atof(argv[i + 1]);
        else if (strcmp(argv[i], "--every-ms") == 0)
            every_s = atof(argv[i + 1]) / 1e3;
        else if (strcmp(argv[i], "--rdv") == 0)
            rdv = argv[i + 1];
        else {
            fprintf(stderr, "usage: bench_soak [--seconds S] [--every-ms MS] [--rdv IP]\n");
            return 2;
        }
    }
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    uint64_t x = world == 1 ? 2 : 1;
    char ip_port[80];
    snprintf(ip_port, sizeof ip_port, "tcp://%s:0", rdv);
    struct round_buffers in_world = allocate();
    double start = bench_now(), next_report = 0;
    long cycles = 0;
    report(start, cycles);
    for (int go = 1; go; cycles++) {
        aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
        attr.my_pe = me;
        attr.n_pes = npes;
        attr.local_mem_size = HEAP;
        attr.ip_port = ip_port;
        attr.instance_id = x;
        int rc = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
        check(rc == ACLSHMEM_SUCCESS, "creating the instance", rc, ACLSHMEM_SUCCESS);
        check(aclshmemx_instance_ctx_set(x) == ACLSHMEM_SUCCESS, "switching to it", 1, 0);
        struct round_buffers in_x = allocate();
        round_of_traffic(&in_x, 0);
        release(&in_x);
        check(aclshmemx_finalize(x) == ACLSHMEM_SUCCESS, "finalizing it", 1, 0);
        check(aclshmemx_instance_ctx_set(world) == ACLSHMEM_SUCCESS, "switching back", 1, 0);
        round_of_traffic(&in_world, cycles);
        /* Everyone agrees when to stop and when to report: PE 0's clock. */
        static long verdict;
        if (me == 0) {
            double t = bench_now() - start;
            verdict = t >= seconds ? 3 : t >= next_report ? 1 : 0; /* the last report too */
            if (t >= next_report)
                next_report = t + every_s;
        }
        aclshmem_barrier_all();
        long mine = 0;
        shmem_long_get(&mine, &verdict, 1, 0);
        if (mine & 1)
            report(start, cycles + 1);
        go = !(mine & 2);
        aclshmem_barrier_all(); /* nobody changes verdict before all read it */
    }
    release(&in_world);
    shmem_finalize();
    return 0;
}
