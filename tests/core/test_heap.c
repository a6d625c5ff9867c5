/* Collective allocation is deterministic (same offsets on every PE),
 * freed space is reused, realloc keeps contents, and edge cases behave. */
#include <shmem.h>
#include <stdint.h>
#include <string.h>

#include "test_util.h"

#define STEPS 200

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    uint64_t *offsets = shmem_calloc(STEPS, sizeof(uint64_t));
    char *anchor = shmem_malloc(1);
    void *live[16] = {0};
    /* The same pseudo-random sequence on every PE. */
    uint32_t state = 12345;
    for (int step = 0; step < STEPS; step++) {
        state = state * 1103515245u + 12345u;
        int slot = (int)(state >> 16) % 16;
        if (live[slot]) {
            shmem_free(live[slot]);
            live[slot] = NULL;
            offsets[step] = UINT64_MAX;
        } else {
            size_t size = 1 + (state >> 8) % 5000;
            live[slot] = (state & 1) ? shmem_malloc(size) : shmem_align((size_t)1 << (6 + state % 8), size);
            CHECK(live[slot] != NULL, "allocation %d", step);
            offsets[step] = (uint64_t)((char *)live[slot] - anchor);
        }
    }
    shmem_barrier_all();
    uint64_t theirs[STEPS];
    for (int pe = 0; pe < npes; pe++) {
        shmem_getmem(theirs, offsets, sizeof theirs, pe);
        CHECK(memcmp(theirs, offsets, sizeof theirs) == 0, "PE %d's offsets differ from PE %d's", pe, me);
    }
    for (int slot = 0; slot < 16; slot++)
        shmem_free(live[slot]);

    /* Freed space is reused: the same request lands at the same place. */
    void *first = shmem_malloc(4096);
    shmem_free(first);
    void *again = shmem_malloc(4096);
    CHECK(again == first, "freed block not reused: %p then %p", first, again);

    /* realloc keeps contents, and PEs agree on the result. */
    int *grow = shmem_realloc(again, 16 * sizeof(int));
    for (int i = 0; i < 16; i++)
        grow[i] = me * 100 + i;
    int *bigger = shmem_realloc(grow, 1 << 20);
    CHECK(bigger != NULL, "realloc to 1 MiB");
    for (int i = 0; i < 16; i++)
        CHECK(bigger[i] == me * 100 + i, "realloc lost element %d", i);
    shmem_int_p(&bigger[16], me, (me + 1) % npes);
    shmem_barrier_all();
    CHECK(bigger[16] == (me + npes - 1) % npes, "put into a realloc'ed block");
    shmem_free(bigger);

    CHECK(shmem_malloc(0) == NULL, "shmem_malloc(0) returns NULL");
    CHECK(shmem_malloc((size_t)1 << 40) == NULL, "an allocation beyond the heap returns NULL");
    int *zeroed = shmem_calloc(1000, sizeof(int));
    for (int i = 0; i < 1000; i++)
        CHECK(zeroed[i] == 0, "calloc not zeroed at %d", i);
    shmem_free(zeroed);
    shmem_free(anchor);
    shmem_free(offsets);
    if (me == 0)
        printf("heap: %d PEs agree on %d allocation steps; reuse, realloc, calloc, edge cases ok\n", npes,
               STEPS);
    shmem_finalize();
    return 0;
}
