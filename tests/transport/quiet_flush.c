/* A quiet completes puts at their target, also where the transport does
 * not have each put acknowledged (src/transport/ofi/ofi_ops.c: a quiet
 * then reads once from each peer written). PE 0 puts a large block and
 * some words to PE 1, quiets, then tells PE 2, which reads them from PE 1
 * at once: every byte must be there. PE 1 only waits in the barrier. Run
 * with every PE its own host, so that all of it goes over libfabric. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

#define ROUNDS 12
#define BLOCK ((size_t)(6 << 20) + 24) /* two pieces and a tail (OFI_PIECE_MAX is 4 MiB) */
#define WORDS 64

static long words[WORDS];
static long go;

static unsigned char pattern(int round, size_t at)
{
    return (unsigned char)(round * 29 + at * 7 + (at >> 12) + 1);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    CHECK(shmem_n_pes() == 3, "run with 3 PEs");
    unsigned char *block = shmem_malloc(BLOCK);
    unsigned char *mine = malloc(BLOCK);
    CHECK(block && mine, "out of memory");
    memset(block, 0, BLOCK);
    shmem_barrier_all();
    for (int round = 1; round <= ROUNDS; round++) {
        if (me == 0) {
            for (size_t at = 0; at < BLOCK; at++)
                mine[at] = pattern(round, at);
            shmem_putmem_nbi(block, mine, BLOCK, 1);
            for (int w = 0; w < WORDS; w++)
                shmem_long_p(&words[w], round * 1000L + w, 1);
            shmem_quiet();
            shmem_long_p(&go, round, 2);
        } else if (me == 2) {
            shmem_long_wait_until(&go, SHMEM_CMP_EQ, round);
            long seen[WORDS];
            shmem_getmem(seen, words, sizeof seen, 1);
            for (int w = 0; w < WORDS; w++)
                CHECK(seen[w] == round * 1000L + w, "round %d: word %d on PE 1 is %ld after PE 0's quiet", round,
                      w, seen[w]);
            shmem_getmem(mine, block, BLOCK, 1);
            for (size_t at = 0; at < BLOCK; at++)
                CHECK(mine[at] == pattern(round, at), "round %d: byte %zu of the block on PE 1 is %u, not %u, "
                      "after PE 0's quiet", round, at, mine[at], pattern(round, at));
        }
        shmem_barrier_all();
    }
    if (me == 0)
        printf("quiet_flush: %d rounds of a %zu-byte put and %d words, all there after quiet\n", ROUNDS, BLOCK,
               WORDS);
    free(mine);
    shmem_free(block);
    shmem_finalize();
    return 0;
}
