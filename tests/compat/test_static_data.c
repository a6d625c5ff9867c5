/* Global and static variables are symmetric in the shmem_init world, as
 * the standard says: p/g, put/get, waits, signals, atomics, locks and
 * team collectives on them reach the same variable on the other PE. In an instance made by
 * aclshmemx_init_attr only the heap is symmetric: a static address is
 * refused with an error and nothing is written.
 *   test_static_data          the checks above
 *   test_static_data refuse   PE 0 calls shmem_long_p on a global in such an
 *                             instance: the job must abort with a message */
#include <stdint.h>
#include <string.h>

#include "instance/instance_util.h"
#include "test_util.h"

#ifndef ARRAY_LEN /* test_static_data_large has more */
#define ARRAY_LEN 1000
#endif
#define BIG_BSS (1 << 20)

long init_scalar = 42;             /* .data */
long zero_scalar;                  /* .bss */
static int zero_array[ARRAY_LEN];  /* .bss */
static double init_array[16] = {1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5,
                                9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5};
static char big_bss[BIG_BSS];      /* 256 pages, mostly never touched */
static int flag;
static uint64_t signal_word;
static char signalled_text[32];
static long counter;
static long lock;
static long lock_protected;
static long broadcast_source[4], broadcast_dest[4];
static long reduce_source[3], reduce_dest[3];

static int me, npes, right, left;

static int *static_in_function(void)
{
    static int local_static = 5;
    return &local_static;
}

static void check_scalars(void)
{
    shmem_long_p(&init_scalar, 1000 + me, right);
    zero_scalar = 7L * me;
    shmem_barrier_all();
    CHECK(init_scalar == 1000 + left, "init_scalar %ld, expected %d", init_scalar, 1000 + left);
    long got = shmem_long_g(&zero_scalar, right);
    CHECK(got == 7L * right, "zero_scalar of PE %d is %ld, expected %ld", right, got, 7L * right);
    CHECK(shmem_int_g(static_in_function(), right) == 5, "function-local static");
    shmem_barrier_all();
}

static void check_arrays(void)
{
    int source[ARRAY_LEN];
    for (int i = 0; i < ARRAY_LEN; i++)
        source[i] = me * 100000 + i;
    shmem_int_put(zero_array, source, ARRAY_LEN, right);

    double remote[16];
    shmem_double_get(remote, init_array, 16, left);
    for (int i = 0; i < 16; i++)
        CHECK(remote[i] == 1.5 + i, "init_array[%d] of PE %d is %g", i, left, remote[i]);

    char tail[64];
    memset(tail, 'a' + me, sizeof tail);
    shmem_putmem(big_bss + BIG_BSS - sizeof tail, tail, sizeof tail, right);
    shmem_barrier_all();

    for (int i = 0; i < ARRAY_LEN; i++)
        CHECK(zero_array[i] == left * 100000 + i, "zero_array[%d] = %d", i, zero_array[i]);
    for (size_t i = 0; i < sizeof tail; i++)
        CHECK(big_bss[BIG_BSS - sizeof tail + i] == 'a' + left, "big_bss tail byte %zu", i);
    CHECK(big_bss[0] == 0 && big_bss[BIG_BSS / 2] == 0, "untouched .bss is not zero");
    shmem_barrier_all();
}

static void check_pointers(void)
{
    long *peer = shmem_ptr(&zero_scalar, right);
    CHECK(shmem_ptr(&zero_scalar, me) == (void *)&zero_scalar, "shmem_ptr to myself moved");
    CHECK(shmem_addr_accessible(&zero_array[ARRAY_LEN - 1], right), "static array not accessible");
    long *heap_word = shmem_malloc(sizeof *heap_word);
    int right_is_local = shmem_ptr(heap_word, right) != NULL, left_is_local = shmem_ptr(heap_word, left) != NULL;
    shmem_free(heap_word);
    /* A neighbour on another host (MISHMEM_HOST_ID=h%p) is reached by RMA
     * only: no pointer to its data, as for its heap. */
    CHECK((peer != NULL) == right_is_local, "shmem_ptr(&zero_scalar, %d) is %p, its heap %s mapped", right,
          (void *)peer, right_is_local ? "is" : "is not");
    shmem_barrier_all();
    if (peer)
        *peer = -1L - me; /* a plain store through the mapping */
    shmem_barrier_all();
    CHECK(!left_is_local || zero_scalar == -1L - left, "store through shmem_ptr: %ld", zero_scalar);
    shmem_barrier_all();
}

static void check_sync(void)
{
    shmem_int_p(&flag, 1, right);
    shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);

    char text[sizeof signalled_text];
    snprintf(text, sizeof text, "from PE %d", me);
    shmem_putmem_signal(signalled_text, text, sizeof text, &signal_word, 1, SHMEM_SIGNAL_SET, right);
    shmem_signal_wait_until(&signal_word, SHMEM_CMP_EQ, 1);
    char expected[sizeof signalled_text];
    snprintf(expected, sizeof expected, "from PE %d", left);
    CHECK(strcmp(signalled_text, expected) == 0, "signalled text '%s'", signalled_text);
    shmem_barrier_all();
}

static void check_atomics_and_lock(void)
{
    long before = shmem_long_atomic_fetch_add(&counter, 1, 0);
    CHECK(before >= 0 && before < npes, "fetch_add returned %ld", before);
    for (int round = 0; round < 50; round++) {
        shmem_set_lock(&lock);
        long value = shmem_long_g(&lock_protected, 0);
        shmem_long_p(&lock_protected, value + 1, 0);
        shmem_quiet();
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0) {
        CHECK(counter == npes, "counter %ld, expected %d", counter, npes);
        CHECK(lock_protected == 50L * npes, "lock_protected %ld, expected %d", lock_protected, 50 * npes);
    }
    shmem_barrier_all();
}

/* Team collectives with their buffers in global data. */
static void check_collectives(void)
{
    for (int i = 0; i < 4; i++)
        broadcast_source[i] = me == 0 ? 50 + i : -1;
    for (int i = 0; i < 3; i++)
        reduce_source[i] = me + i;
    shmem_barrier_all();
    CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, broadcast_dest, broadcast_source, sizeof broadcast_dest, 0) == 0,
          "shmem_broadcastmem failed");
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, reduce_dest, reduce_source, 3) == 0,
          "shmem_long_sum_reduce failed");
    for (int i = 0; i < 4; i++)
        CHECK(broadcast_dest[i] == 50 + i, "broadcast_dest[%d] = %ld", i, broadcast_dest[i]);
    long pe_sum = (long)npes * (npes - 1) / 2;
    for (int i = 0; i < 3; i++)
        CHECK(reduce_dest[i] == pe_sum + (long)i * npes, "reduce_dest[%d] = %ld", i, reduce_dest[i]);
    shmem_barrier_all();
}

/* In an instance made by aclshmemx_init_attr a static address is refused. */
static uint64_t other_instance_id(uint64_t world)
{
    return world == 1 ? 2 : 1;
}

static void check_refused_in_instance(uint64_t world)
{
    test_choose_port_range(4);
    int members[64];
    for (int pe = 0; pe < npes; pe++)
        members[pe] = pe;
    uint64_t other = other_instance_id(world);
    CHECK_RC(test_create(other, members, npes, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(other), ACLSHMEM_SUCCESS);
    long value = 777;
    CHECK_RC(aclshmem_putmem(&init_scalar, &value, sizeof value, right), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_getmem(&value, &init_scalar, sizeof value, right), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmem_ptr(&init_scalar, right) == NULL, "aclshmem_ptr of a global in instance %llu",
          (unsigned long long)other);
    CHECK(!shmem_addr_accessible(&init_scalar, right), "a global is accessible in instance %llu",
          (unsigned long long)other);
    shmem_barrier_all(); /* instance `other`'s barrier */
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    CHECK(init_scalar == 1000 + left, "a refused put changed init_scalar to %ld", init_scalar);
    CHECK_RC(aclshmemx_finalize(other), ACLSHMEM_SUCCESS);
}

/* Expected to abort: the OpenSHMEM face reports misuse and ends the job. */
static void refuse_on_openshmem_face(uint64_t world)
{
    test_choose_port_range(4);
    int members[64];
    for (int pe = 0; pe < npes; pe++)
        members[pe] = pe;
    uint64_t other = other_instance_id(world);
    CHECK_RC(test_create(other, members, npes, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(other), ACLSHMEM_SUCCESS);
    if (me == 0)
        shmem_long_p(&init_scalar, 1, right);
    shmem_barrier_all();
    fprintf(stderr, "PE %d: no abort\n", me);
}

int main(int argc, char **argv)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes <= 64, "run with at most 64 PEs");
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    uint64_t world = aclshmemx_instance_ctx_get()->id;

    if (argc > 1 && strcmp(argv[1], "refuse") == 0) {
        refuse_on_openshmem_face(world);
        return 0;
    }
    check_scalars();
    check_arrays();
    check_pointers();
    check_sync();
    check_atomics_and_lock();
    check_collectives();
    check_refused_in_instance(world);
    shmem_finalize();
    /* The program's globals stay where they are after finalize. */
    init_scalar = 5;
    big_bss[1] = 1;
    CHECK(init_scalar == 5 && big_bss[1] == 1, "globals after shmem_finalize");
    if (me == 0)
        printf("static data: %d PEs in instance %llu OK\n", npes, (unsigned long long)world);
    return 0;
}
