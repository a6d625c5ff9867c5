/* Older programs: start_pes, _my_pe, _num_pes, shmalloc & co. and the
 * cache no-ops behave like their modern twins; zero-length transfers and
 * the other edge cases the standard allows; version and name queries. */
#include <shmem.h>
#include <stdint.h>
#include <string.h>

#include "test_util.h"

static void check_identity(void)
{
    CHECK(_my_pe() == shmem_my_pe(), "_my_pe %d, shmem_my_pe %d", _my_pe(), shmem_my_pe());
    CHECK(_num_pes() == shmem_n_pes(), "_num_pes %d, shmem_n_pes %d", _num_pes(), shmem_n_pes());
}

static void check_legacy_heap(int me, int npes)
{
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    long *values = shmalloc(8 * sizeof *values);
    CHECK(values != NULL, "shmalloc failed");
    for (int i = 0; i < 8; i++)
        values[i] = -1;
    shmem_barrier_all();
    long mine[8];
    for (int i = 0; i < 8; i++)
        mine[i] = me * 10 + i;
    shmem_long_put(values, mine, 8, right);
    shmem_barrier_all();
    for (int i = 0; i < 8; i++)
        CHECK(values[i] == left * 10 + i, "values[%d] = %ld", i, values[i]);

    long *grown = shrealloc(values, 4096 * sizeof *grown);
    CHECK(grown != NULL, "shrealloc failed");
    for (int i = 0; i < 8; i++)
        CHECK(grown[i] == left * 10 + i, "shrealloc lost grown[%d] = %ld", i, grown[i]);
    grown[4095] = me;
    shmem_barrier_all();
    CHECK(shmem_long_g(&grown[4095], right) == right, "put into the grown block");
    shmem_barrier_all();

    void *aligned = shmemalign(4096, 100);
    CHECK(aligned != NULL && (uintptr_t)aligned % 4096 == 0, "shmemalign gave %p", aligned);
    shfree(aligned);
    shfree(grown);
    shfree(NULL);
    CHECK(shmalloc(0) == NULL, "shmalloc(0) is not NULL");
}

static void check_cache_noops(void)
{
    long x = 3;
    shmem_clear_cache_inv();
    shmem_set_cache_inv();
    shmem_clear_cache_line_inv(&x);
    shmem_set_cache_line_inv(&x);
    shmem_udcflush();
    shmem_udcflush_line(&x);
    CHECK(x == 3, "a cache no-op changed memory");
}

static void check_zero_length(int me, int npes)
{
    int right = (me + 1) % npes;
    long local = 9;
    shmem_putmem(NULL, NULL, 0, right);
    shmem_getmem(NULL, NULL, 0, right);
    shmem_putmem_nbi(NULL, NULL, 0, right);
    shmem_getmem_nbi(NULL, NULL, 0, right);
    shmem_long_put(NULL, NULL, 0, right);
    shmem_long_get(NULL, NULL, 0, right);
    shmem_put64(NULL, NULL, 0, right);
    shmem_get32(NULL, NULL, 0, right);
    /* Any pointer: a local, non-symmetric one too. */
    shmem_long_put(&local, &local, 0, right);
    shmem_getmem(&local, (void *)(uintptr_t)0x10, 0, right);
    shmem_quiet();
    CHECK(local == 9, "a zero-length get wrote");
    CHECK(shmem_malloc(0) == NULL, "shmem_malloc(0) is not NULL");
    CHECK(shmem_calloc(0, 8) == NULL, "shmem_calloc(0, 8) is not NULL");
    shmem_free(NULL);
}

static void check_version(void)
{
    int major = -1, minor = -1;
    shmem_info_get_version(&major, &minor);
    CHECK(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION, "version %d.%d", major, minor);
    CHECK(SHMEM_MAJOR_VERSION == 1 && SHMEM_MINOR_VERSION == 6, "the macros say %d.%d",
          SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION);
    CHECK(_SHMEM_MAJOR_VERSION == 1 && _SHMEM_MINOR_VERSION == 6, "legacy version macros");
    char name[SHMEM_MAX_NAME_LEN];
    memset(name, 'x', sizeof name);
    shmem_info_get_name(name);
    CHECK(memchr(name, '\0', sizeof name) != NULL, "the name is not terminated");
    CHECK(strcmp(name, SHMEM_VENDOR_STRING) == 0, "name '%s', vendor string '%s'", name,
          SHMEM_VENDOR_STRING);
    CHECK(strlen(SHMEM_VENDOR_STRING) < SHMEM_MAX_NAME_LEN, "vendor string too long");
}

int main(void)
{
    start_pes(0);
    start_pes(123); /* again: a no-op, as with shmem_init */
    int me = shmem_my_pe(), npes = shmem_n_pes();
    check_identity();
    check_legacy_heap(me, npes);
    check_cache_noops();
    check_zero_length(me, npes);
    check_version();
    shmem_barrier_all();
    shmem_finalize();
    if (me == 0)
        printf("legacy: %d PEs OK\n", npes);
    return 0;
}
