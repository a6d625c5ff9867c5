/* A host program that does not link libmishmem: it loads the library with
 * dlopen() at run time (as ctypes, cffi, Julia or a profiler host do), finds
 * the calls with dlsym() and runs a ring over the PEs of the launcher's world.
 * Catches a library whose thread-local storage does not fit glibc's reserve
 * for libraries loaded at run time ("cannot allocate memory in static TLS
 * block").
 *   mishmemrun -n N dlopen_ring /path/to/libmishmem.so.0 */
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define FAIL(...)                                    \
    do {                                             \
        fprintf(stderr, "dlopen_ring: " __VA_ARGS__); \
        fputc('\n', stderr);                         \
        exit(1);                                     \
    } while (0)

static void *lib;

static void *must_find(const char *name)
{
    void *sym = dlsym(lib, name);
    if (!sym)
        FAIL("dlsym(%s): %s", name, dlerror());
    return sym;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        FAIL("usage: dlopen_ring LIBRARY");
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        FAIL("dlopen(%s): %s", argv[1], dlerror());

    void (*init)(void) = (void (*)(void))must_find("shmem_init");
    int (*my_pe)(void) = (int (*)(void))must_find("shmem_my_pe");
    int (*n_pes)(void) = (int (*)(void))must_find("shmem_n_pes");
    void *(*alloc)(size_t) = (void *(*)(size_t))must_find("shmem_malloc");
    void (*put)(void *, const void *, size_t, int) =
        (void (*)(void *, const void *, size_t, int))must_find("shmem_putmem");
    void (*barrier_all)(void) = (void (*)(void))must_find("shmem_barrier_all");
    void (*release)(void *) = (void (*)(void *))must_find("shmem_free");
    void (*finalize)(void) = (void (*)(void))must_find("shmem_finalize");

    init();
    int me = my_pe(), n = n_pes();
    long *slot = alloc(2 * sizeof *slot);
    if (!slot)
        FAIL("PE %d: shmem_malloc returned NULL", me);
    slot[0] = slot[1] = -1;
    barrier_all();
    /* Each PE writes (its number, a value only it knows) to the next one. */
    long mine[2] = {me, 1000L * me + 7};
    put(slot, mine, sizeof mine, (me + 1) % n);
    barrier_all();
    int left = (me + n - 1) % n;
    if (slot[0] != left || slot[1] != 1000L * left + 7)
        FAIL("PE %d of %d: got (%ld, %ld) from PE %d, expected (%d, %ld)", me, n, slot[0], slot[1], left,
             left, 1000L * left + 7);
    printf("PE %d of %d: ring ok\n", me, n);
    release(slot);
    finalize();
    dlclose(lib);
    return 0;
}
