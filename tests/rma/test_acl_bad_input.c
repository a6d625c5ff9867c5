/* Misuse of the aclshmem face: every RMA call returns an ACLSHMEM_* code
 * (and logs why) instead of aborting, and moves nothing; zero-length calls
 * succeed with any pointer. Also the sized aclshmem forms that work. */
#include <limits.h>

#include "instance/instance_util.h"

static uint64_t world_id;
static uint64_t id_for(int n) { return (uint64_t)n >= world_id ? (uint64_t)n + 1 : (uint64_t)n; }

int main(void)
{
    shmem_init();
    world_id = aclshmemx_instance_ctx_get()->id;
    int me = shmem_my_pe(), npes = shmem_n_pes(), next = (me + 1) % npes;
    test_choose_port_range(4);
    static const int all[] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint64_t other = id_for(1);
    CHECK_RC(test_create(other, all, npes, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(other), ACLSHMEM_SUCCESS);
    long *elsewhere = aclshmem_calloc(16, sizeof(long));
    CHECK_RC(aclshmemx_instance_ctx_set(world_id), ACLSHMEM_SUCCESS);

    long *block = aclshmem_calloc(16, sizeof(long));
    uint64_t *sig = aclshmem_calloc(1, sizeof(uint64_t));
    long local[16], on_stack = 0;
    for (int i = 0; i < 16; i++)
        local[i] = 50 + i;
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);

    /* A PE out of range, either side. */
    CHECK_RC(aclshmem_long_p(block, 1, npes), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_iput(block, local, 2, 1, 4, -1), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_int_iget((int *)local, (int *)block, 1, 1, 2, npes + 4), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_put64(block, local, 1, npes), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_get32_nbi(local, block, 1, -2), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_put_signal(block, local, 1, sig, 1, ACLSHMEM_SIGNAL_ADD, npes),
             ACLSHMEM_INVALID_PARAM);
    /* Addresses outside this instance's heap: the stack, past the end, and
     * another instance's heap. */
    CHECK_RC(aclshmem_putmem(&on_stack, local, 8, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_get8(local, block, (size_t)1 << 40, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_put(elsewhere, local, 2, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_iput(elsewhere, local, 3, 1, 2, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_iput(block, local, (ptrdiff_t)1 << 30, 1, 2, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_iget(local, block, 1, PTRDIFF_MAX / 4, 3, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_put_signal_nbi(block, local, 1, (uint64_t *)elsewhere, 1, ACLSHMEM_SIGNAL_SET,
                                          next), ACLSHMEM_INVALID_PARAM);
    /* NULL with a count. */
    CHECK_RC(aclshmem_getmem(NULL, block, 8, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_put16(NULL, local, 4, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_iget(NULL, block, 1, 1, 2, next), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_long_put_signal(block, local, 1, NULL, 1, ACLSHMEM_SIGNAL_ADD, next),
             ACLSHMEM_INVALID_PARAM);
    /* A bad signal operation. */
    CHECK_RC(aclshmem_long_put_signal(block, local, 1, sig, 1, 7, next), ACLSHMEM_INVALID_PARAM);
    /* Zero elements: a no-op whatever the pointers and PE. */
    CHECK_RC(aclshmem_long_iput(NULL, NULL, 0, 0, 0, npes + 3), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_put128_nbi(NULL, NULL, 0, -1), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_getmem(&on_stack, NULL, 0, npes), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    /* Nothing above moved a byte: a refused put-with-signal moves no data. */
    for (int i = 0; i < 16; i++)
        CHECK(block[i] == 0, "element %d changed to %ld", i, block[i]);
    CHECK(*sig == 0, "signal changed to %llu", (unsigned long long)*sig);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);

    /* The sized forms work: 8..128 bits, blocking and nbi. */
    memset(block, 0, 16 * sizeof(long));
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_put8(block, local, 3, next), ACLSHMEM_SUCCESS);                  /* bytes 0..2 */
    CHECK_RC(aclshmem_put16_nbi((char *)block + 8, local, 2, next), ACLSHMEM_SUCCESS); /* 8..11 */
    CHECK_RC(aclshmem_put32(block + 2, local, 2, next), ACLSHMEM_SUCCESS);             /* 16..23 */
    CHECK_RC(aclshmem_put64_nbi(block + 4, local, 2, next), ACLSHMEM_SUCCESS);         /* 32..47 */
    CHECK_RC(aclshmem_put128(block + 6, local, 2, next), ACLSHMEM_SUCCESS);            /* 48..79 */
    CHECK_RC(aclshmem_quiet(), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    const unsigned char *got = (const unsigned char *)block, *want = (const unsigned char *)local;
    for (int k = 0; k < 80; k++) {
        int expected = k < 3                ? want[k]
                       : k >= 8 && k < 12   ? want[k - 8]
                       : k >= 16 && k < 24  ? want[k - 16]
                       : k >= 32 && k < 48  ? want[k - 32]
                       : k >= 48            ? want[k - 48]
                                            : 0;
        CHECK(got[k] == expected, "sized put byte %d: %d, expected %d", k, got[k], expected);
    }
    long fetched[16] = {0};
    CHECK_RC(aclshmem_get64(fetched, block + 4, 2, next), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_get128_nbi(fetched + 2, block + 6, 1, next), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_get8(fetched + 4, block, 3, next), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_get16_nbi(fetched + 5, block + 1, 2, next), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_get32(fetched + 6, block + 2, 2, next), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmem_quiet(), ACLSHMEM_SUCCESS);
    CHECK(fetched[0] == 50 && fetched[1] == 51 && fetched[2] == 50 && fetched[3] == 51, "sized gets 64/128");
    CHECK(memcmp(fetched + 4, local, 3) == 0 && memcmp(fetched + 5, local, 4) == 0 &&
          memcmp(fetched + 6, local, 8) == 0, "sized gets 8/16/32");
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);

    CHECK_RC(aclshmemx_finalize(other), ACLSHMEM_SUCCESS);
    if (me == 0)
        printf("aclshmem bad input: every misuse returned its code, instance %llu\n",
               (unsigned long long)world_id);
    shmem_finalize();
    return 0;
}
