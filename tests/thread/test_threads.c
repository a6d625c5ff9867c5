/* SHMEM_THREAD_MULTIPLE: 4 threads per PE at once, each with its own
 * context and its own slots, doing puts, gets, strided and signalling
 * puts to every PE through its context, the default context and the
 * plain calls; contexts are created and destroyed concurrently too.
 * Every value is verified after the threads are joined. */
#include <pthread.h>
#include <shmem.h>
#include <string.h>

#include "test_util.h"

#define THREADS 4
#define ROUNDS 200
#define CELLS 16

static int me, npes;
static long *cells;       /* [thread][sender][CELLS] on every PE */
static long *published;   /* [CELLS] per PE, read by gets */
static uint64_t *signals; /* [thread] on every PE */

static long *cell(int thread, int sender) { return cells + ((size_t)thread * npes + (size_t)sender) * CELLS; }
static long value(int thread, int sender, int target, int i)
{
    return 1000000L * thread + 1000L * sender + 10L * target + i;
}

static void *work(void *arg)
{
    int thread = (int)(intptr_t)arg;
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx) == 0, "thread %d: ctx_create", thread);
    long local[CELLS];
    for (int round = 0; round < ROUNDS; round++) {
        for (int target = 0; target < npes; target++) {
            for (int i = 0; i < CELLS; i++)
                local[i] = value(thread, me, target, i);
            long *dest = cell(thread, me);
            switch ((round + target) % 4) {
            case 0: shmem_ctx_long_put(ctx, dest, local, CELLS, target); break;
            case 1: shmem_long_put_nbi(dest, local, CELLS, target); break;
            case 2: shmem_ctx_long_iput(SHMEM_CTX_DEFAULT, dest, local, 1, 1, CELLS, target); break;
            default:
                shmem_ctx_long_put_signal(ctx, dest, local, CELLS, &signals[thread], 1, SHMEM_SIGNAL_ADD,
                                          target);
                break;
            }
            long fetched[CELLS];
            shmem_ctx_long_get(ctx, fetched, published, CELLS, target);
            for (int i = 0; i < CELLS; i++)
                CHECK(fetched[i] == 77L * target + i, "thread %d: get from PE %d element %d: %ld", thread, target,
                      i, fetched[i]);
            CHECK(shmem_long_g(published + round % CELLS, target) == 77L * target + round % CELLS,
                  "thread %d: g", thread);
        }
        if (round % 20 == 0) { /* context churn while the other threads work */
            shmem_ctx_t spare;
            CHECK(shmem_ctx_create(0, &spare) == 0, "spare ctx");
            shmem_ctx_long_p(spare, cell(thread, me) + CELLS - 1, value(thread, me, 0, CELLS - 1), 0);
            shmem_ctx_destroy(spare);
        }
    }
    shmem_ctx_quiet(ctx);
    shmem_ctx_destroy(ctx);
    return NULL;
}

int main(void)
{
    int provided = -1;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "shmem_init_thread");
    CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
    int queried = -1;
    shmem_query_thread(&queried);
    CHECK(queried == SHMEM_THREAD_MULTIPLE, "query_thread %d", queried);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    cells = shmem_calloc((size_t)THREADS * npes * CELLS, sizeof(long));
    published = shmem_malloc(CELLS * sizeof(long));
    signals = shmem_calloc(THREADS, sizeof(uint64_t));
    for (int i = 0; i < CELLS; i++)
        published[i] = 77L * me + i;
    shmem_barrier_all();
    double start = test_now_s();
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&threads[t], NULL, work, (void *)(intptr_t)t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(threads[t], NULL);
    shmem_barrier_all();
    for (int t = 0; t < THREADS; t++) {
        for (int sender = 0; sender < npes; sender++)
            for (int i = 0; i < CELLS; i++)
                CHECK(cell(t, sender)[i] == value(t, sender, me, i) ||
                          (i == CELLS - 1 && me == 0 && cell(t, sender)[i] == value(t, sender, 0, i)),
                      "thread %d from PE %d: cell %d is %ld", t, sender, i, cell(t, sender)[i]);
        /* Each sender signals each target once every 4 rounds per target. */
        uint64_t expected = 0;
        for (int sender = 0; sender < npes; sender++)
            for (int round = 0; round < ROUNDS; round++)
                expected += (round + me) % 4 == 3;
        CHECK(signals[t] == expected, "thread %d: %llu signals, expected %llu", t,
              (unsigned long long)signals[t], (unsigned long long)expected);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("threads: %d PEs x %d threads x %d rounds verified in %.2f s\n", npes, THREADS, ROUNDS,
               test_now_s() - start);
    shmem_free(signals);
    shmem_free(published);
    shmem_free(cells);
    shmem_finalize();
    return 0;
}
