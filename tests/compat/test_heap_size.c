/* SHMEM_SYMMETRIC_SIZE sets the heap of shmem_init's world.
 *   test_heap_size SIZE:ok|full ...
 * allocates each SIZE (K/M/G suffixes) on every PE, checks that it fits or
 * that shmem_malloc reports a full heap (NULL), touches the first and last
 * byte of what fits, and frees it. */
#include <shmem.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static size_t parse_size(const char *text)
{
    char *end;
    unsigned long long value = strtoull(text, &end, 10);
    switch (*end) {
    case 'K': value <<= 10; break;
    case 'M': value <<= 20; break;
    case 'G': value <<= 30; break;
    default: break;
    }
    return (size_t)value;
}

int main(int argc, char **argv)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    for (int i = 1; i < argc; i++) {
        size_t size = parse_size(argv[i]);
        const char *expect = strchr(argv[i], ':');
        CHECK(expect && size > 0, "bad argument '%s'", argv[i]);
        char *block = shmem_malloc(size);
        if (strcmp(expect + 1, "full") == 0) {
            CHECK(block == NULL, "shmem_malloc(%zu) fit; expected a full heap", size);
            continue;
        }
        CHECK(block != NULL, "shmem_malloc(%zu) failed", size);
        block[0] = (char)me;
        shmem_char_p(block + size - 1, (char)me, (me + 1) % npes);
        shmem_barrier_all();
        CHECK(block[size - 1] == (char)((me + npes - 1) % npes), "last byte of a %zu-byte block", size);
        shmem_free(block);
    }
    shmem_finalize();
    if (me == 0)
        printf("heap size: OK\n");
    return 0;
}
