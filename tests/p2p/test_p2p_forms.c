/* The other ways into point-to-point synchronization: the C11 generic
 * forms, 1.3's untyped waits on a long, and waits in a second instance
 * (over PEs numbered the other way round) whose ivars are set by that
 * instance's atomics while the world stays untouched. */
#include <unistd.h>

#include "instance/instance_util.h"

static int me, npes;

static void generic_forms(void)
{
    short *s = shmem_calloc((size_t)npes, sizeof *s);
    unsigned long long *u = shmem_calloc((size_t)npes, sizeof *u);
    long *l = shmem_calloc(1, sizeof *l);
    CHECK(s && u && l, "calloc");
    shmem_barrier_all();
    for (int pe = 0; pe < npes; pe++) {
        shmem_short_p(&s[me], (short)(-1 - me), pe);
        shmem_ulonglong_atomic_set(&u[me], 0x8000000000000000ull + (unsigned)me, pe);
    }
    int left = (me + npes - 1) % npes;
    shmem_long_atomic_set(l, 40 + me, (me + 1) % npes); /* the right neighbour waits for it */

    shmem_wait_until_all(s, (size_t)npes, NULL, SHMEM_CMP_LT, (short)0);
    shmem_wait_until(l, SHMEM_CMP_EQ, 40L + left);
    CHECK(shmem_test(l, SHMEM_CMP_GE, 40L) == 1 && shmem_test(&s[0], SHMEM_CMP_GT, (short)0) == 0,
          "generic shmem_test");
    unsigned long long expect[64];
    int status[64] = {0};
    size_t idx[64];
    for (int pe = 0; pe < npes; pe++)
        expect[pe] = 0x8000000000000000ull + (unsigned)pe;
    size_t seen = 0;
    while (seen < (size_t)npes) {
        size_t i = shmem_wait_until_any_vector(u, (size_t)npes, status, SHMEM_CMP_EQ, expect);
        CHECK(i < (size_t)npes && status[i] == 0, "generic wait_until_any_vector gave %zu", i);
        status[i] = 1;
        seen++;
    }
    CHECK(shmem_wait_until_any(u, (size_t)npes, status, SHMEM_CMP_NE, 0ull) == SIZE_MAX, "empty set");
    CHECK(shmem_test_all_vector(u, (size_t)npes, NULL, SHMEM_CMP_EQ, expect) == 1, "generic test_all_vector");
    CHECK(shmem_test_some(u, (size_t)npes, idx, NULL, SHMEM_CMP_GT, 0x7FFFFFFFFFFFFFFFull) == (size_t)npes,
          "generic test_some: every value is above 2^63 - 1");
    CHECK(shmem_test_any(s, (size_t)npes, NULL, SHMEM_CMP_EQ, (short)(-1 - left)) == (size_t)left,
          "generic test_any");
    CHECK(shmem_wait_until_some(s, (size_t)npes, idx, NULL, SHMEM_CMP_LE, (short)-1) == (size_t)npes,
          "generic wait_until_some");
    CHECK(shmem_test_any_vector(u, (size_t)npes, NULL, SHMEM_CMP_NE, expect) == SIZE_MAX &&
              shmem_test_some_vector(u, (size_t)npes, idx, NULL, SHMEM_CMP_NE, expect) == 0,
          "generic _vector tests");
    shmem_wait_until_all_vector(u, (size_t)npes, NULL, SHMEM_CMP_GE, expect);
    CHECK(shmem_wait_until_some_vector(u, (size_t)npes, idx, NULL, SHMEM_CMP_EQ, expect) == (size_t)npes,
          "generic wait_until_some_vector");
    shmem_wait(l, 0L); /* deprecated generic: *l differs from 0 */
    shmem_barrier_all();

    /* 1.3's untyped waits on a long (parenthesized: the generic macros
     * have the same names). */
    shmem_long_atomic_set(l, 0, (me + 1) % npes);
    shmem_barrier_all();
    shmem_long_atomic_set(l, 7, (me + 1) % npes);
    (shmem_wait)(l, 0);
    (shmem_wait_until)(l, SHMEM_CMP_EQ, 7);
    CHECK(*l == 7, "untyped waits");
    shmem_barrier_all();
    shmem_free(l);
    shmem_free(u);
    shmem_free(s);
}

/* In a second instance, rank r is world PE n - 1 - r: a wait that used the
 * world's numbers or heap would not see these updates. */
static void waits_in_another_instance(void)
{
    uint64_t world_id = aclshmemx_instance_ctx_get()->id;
    uint64_t other_id = world_id == 3 ? 4 : 3;
    test_choose_port_range(8);
    int *members = malloc(sizeof(int) * (size_t)npes);
    for (int r = 0; r < npes; r++)
        members[r] = npes - 1 - r;
    CHECK_RC(test_create(other_id, members, npes, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(other_id), ACLSHMEM_SUCCESS);
    int rank = shmem_my_pe();
    CHECK(rank == npes - 1 - me, "rank %d in instance %llu", rank, (unsigned long long)other_id);
    int *flags = shmem_calloc((size_t)npes, sizeof(int));
    size_t *idx = malloc(sizeof(size_t) * (size_t)npes);
    int *status = calloc((size_t)npes, sizeof(int));
    CHECK(flags && idx && status, "calloc");
    for (int r = 0; r < npes; r++)
        shmem_int_atomic_set(&flags[rank], 1000 + rank, r);
    size_t seen = 0;
    while (seen < (size_t)npes) {
        size_t got = aclshmem_int_wait_until_some(flags, (size_t)npes, idx, status, ACLSHMEM_CMP_GE, 1000);
        CHECK(got > 0, "wait_until_some in instance %llu", (unsigned long long)other_id);
        for (size_t j = 0; j < got; j++) {
            CHECK(flags[idx[j]] == 1000 + (int)idx[j], "flag of rank %zu", idx[j]);
            status[idx[j]] = 1;
        }
        seen += got;
    }
    shmem_int_wait_until_all(flags, (size_t)npes, NULL, SHMEM_CMP_GE, 1000);
    shmem_barrier_all();
    shmem_free(flags);
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(other_id), ACLSHMEM_SUCCESS);
    shmem_barrier_all();
    free(status);
    free(idx);
    free(members);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes <= 64, "at most 64 PEs");
    generic_forms();
    waits_in_another_instance();
    shmem_barrier_all();
    if (me == 0)
        printf("p2p_forms: %d PEs: generic, untyped and second-instance waits verified\n", npes);
    shmem_finalize();
    return 0;
}
