/* Contexts are bound to the instance that was current when they were
 * made. Instance A (world ranks) and instance B (ranks reversed) span the
 * same 4 processes; a context made while A was current is used while B is
 * current (process-wide and through a thread override): every write must
 * land in A with A's PE numbering, and B's memory must stay untouched. */
#include <pthread.h>

#include "instance/instance_util.h"

#define COUNT 8

static int world_pe;
static uint64_t world_id;

static uint64_t id_for(int n) { return (uint64_t)n >= world_id ? (uint64_t)n + 1 : (uint64_t)n; }

struct bound {
    shmem_ctx_t ctx;
    long *a_cells;   /* in A's heap: COUNT per sender */
    uint64_t *a_sig; /* in A's heap */
    int a_rank, a_npes;
    long tag;
};

/* Writes through the context; mishmem_current() is B (or B by override). */
static void write_through(const struct bound *b)
{
    int to = (b->a_rank + 1) % b->a_npes;
    long values[COUNT];
    for (int i = 0; i < COUNT; i++)
        values[i] = b->tag + 100 * b->a_rank + i;
    long *mine = b->a_cells + COUNT * b->a_rank;
    shmem_ctx_long_put(b->ctx, mine, values, COUNT / 2, to);
    shmem_ctx_long_iput(b->ctx, mine + COUNT / 2, values + COUNT / 2, 1, 1, COUNT / 2 - 1, to);
    shmem_ctx_long_put_signal(b->ctx, mine + COUNT - 1, values + COUNT - 1, 1, b->a_sig, 1, SHMEM_SIGNAL_ADD,
                              to);
    shmem_ctx_quiet(b->ctx);
    /* Reads come from A too: the marker after the cells is 7000 + A rank. */
    CHECK(shmem_ctx_long_g(b->ctx, b->a_cells + COUNT * b->a_npes, to) == 7000 + to,
          "ctx g read the wrong instance or PE");
}

static void *write_from_thread(void *arg)
{
    const struct bound *b = arg;
    uint64_t b_id = id_for(2);
    CHECK_RC(aclshmemx_instance_thread_set(b_id), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get()->id == b_id, "override not in effect");
    write_through(b);
    CHECK_RC(aclshmemx_instance_thread_clear(), ACLSHMEM_SUCCESS);
    return NULL;
}

static void verify_a(const struct bound *b, const char *when)
{
    int from = (b->a_rank + b->a_npes - 1) % b->a_npes;
    shmem_signal_wait_until(b->a_sig, SHMEM_CMP_GE, 1);
    for (int sender = 0; sender < b->a_npes; sender++)
        for (int i = 0; i < COUNT; i++) {
            long expected = sender == from ? b->tag + 100 * from + i : 0;
            long seen = b->a_cells[COUNT * sender + i];
            CHECK(seen == expected, "%s: A cell %d of sender %d is %ld, expected %ld", when, i, sender, seen,
                  expected);
        }
}

int main(void)
{
    shmem_init();
    world_pe = shmem_my_pe();
    world_id = aclshmemx_instance_ctx_get()->id;
    CHECK(shmem_n_pes() == 4, "run with 4 PEs");
    test_choose_port_range(8);
    static const int forward[] = {0, 1, 2, 3}, reversed[] = {3, 2, 1, 0};
    uint64_t a_id = id_for(1), b_id = id_for(2);
    CHECK_RC(test_create(a_id, forward, 4, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(test_create(b_id, reversed, 4, 1 << 20), ACLSHMEM_SUCCESS);

    /* In A: memory and the bound context. */
    CHECK_RC(aclshmemx_instance_ctx_set(a_id), ACLSHMEM_SUCCESS);
    struct bound b = {.a_rank = shmem_my_pe(), .a_npes = shmem_n_pes(), .tag = 10000};
    b.a_cells = shmem_calloc(COUNT * 4 + 1, sizeof(long));
    b.a_sig = shmem_calloc(1, sizeof(uint64_t));
    b.a_cells[COUNT * 4] = 7000 + b.a_rank;
    CHECK(shmem_ctx_create(0, &b.ctx) == 0, "ctx_create in A");
    shmem_barrier_all();

    /* In B: the same amount of memory, at the same heap offsets. */
    CHECK_RC(aclshmemx_instance_ctx_set(b_id), ACLSHMEM_SUCCESS);
    int b_rank = shmem_my_pe();
    CHECK(b_rank == 3 - world_pe, "B numbers the PEs in reverse");
    long *b_cells = shmem_calloc(COUNT * 4 + 1, sizeof(long));
    uint64_t *b_sig = shmem_calloc(1, sizeof(uint64_t));
    CHECK((char *)b_cells != (char *)b.a_cells, "distinct heaps");
    b_cells[COUNT * 4] = 9000 + b_rank;
    shmem_barrier_all(); /* B's barrier */

    /* Round 1: process-wide current is B; the context still writes into A. */
    write_through(&b);
    shmem_barrier_all(); /* B */
    CHECK_RC(aclshmemx_instance_ctx_set(a_id), ACLSHMEM_SUCCESS);
    shmem_barrier_all(); /* A */
    verify_a(&b, "process-wide B current");

    /* Round 2: a thread whose override is B uses the same context. */
    memset(b.a_cells, 0, sizeof(long) * COUNT * 4);
    *b.a_sig = 0;
    b.tag = 20000;
    shmem_barrier_all(); /* A: everyone has cleared before anyone writes */
    pthread_t thread;
    pthread_create(&thread, NULL, write_from_thread, &b);
    pthread_join(thread, NULL);
    shmem_barrier_all(); /* A */
    verify_a(&b, "thread override B");

    /* B untouched by either round. */
    CHECK_RC(aclshmemx_instance_ctx_set(b_id), ACLSHMEM_SUCCESS);
    shmem_barrier_all(); /* B */
    for (int i = 0; i < COUNT * 4; i++)
        CHECK(b_cells[i] == 0, "B cell %d was written (%ld)", i, b_cells[i]);
    CHECK(*b_sig == 0 && b_cells[COUNT * 4] == 9000 + b_rank, "B's signal or marker changed");
    shmem_barrier_all(); /* B: everyone has checked before the next writes */

    /* The default context follows the current instance instead. */
    shmem_ctx_long_p(SHMEM_CTX_DEFAULT, b_cells + b_rank, 5, (b_rank + 1) % 4);
    shmem_barrier_all(); /* B */
    CHECK(b_cells[(b_rank + 3) % 4] == 5, "SHMEM_CTX_DEFAULT did not act on B");

    shmem_ctx_destroy(b.ctx);
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(b_id), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(a_id), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    if (world_pe == 0)
        printf("ctx instances: a context bound to instance %llu wrote there while %llu was current\n",
               (unsigned long long)a_id, (unsigned long long)b_id);
    shmem_finalize();
    return 0;
}
