/* Linked with the test profiler before mishmem: the program's calls to
 * shmem_putmem and shmem_barrier_all go through the profiler, which counts
 * them and forwards them through pshmem_*; the data still arrives, and calls
 * the profiler does not define go straight to the library. */
#include <shmem.h>

#include <string.h>

#include "profiler.h"
#include "test_util.h"

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    long *slots = shmem_calloc(3, sizeof *slots);
    CHECK(slots != NULL, "shmem_calloc failed");
    CHECK(profiler_barrier_calls() == 0, "shmem_calloc went through the profiler's barrier");

    for (int i = 0; i < 3; i++) {
        long value = 100L * me + i;
        shmem_putmem(&slots[i], &value, sizeof value, right);
    }
    shmem_long_p(&slots[0], 100L * me, right); /* not profiled: straight to the library */
    shmem_barrier_all();
    shmem_barrier_all();
    for (int i = 0; i < 3; i++)
        CHECK(slots[i] == 100L * left + i, "slots[%d] = %ld", i, slots[i]);

    CHECK(profiler_putmem_calls() == 3, "profiler counted %ld shmem_putmem calls", profiler_putmem_calls());
    CHECK(profiler_putmem_bytes() == 3 * (long)sizeof(long), "profiler counted %ld bytes",
          profiler_putmem_bytes());
    CHECK(profiler_barrier_calls() == 2, "profiler counted %ld barriers", profiler_barrier_calls());

    /* shmem_pcontrol reaches the profiler with its arguments, and the
     * library's own, reached through pshmem_pcontrol, accepts any level. */
    CHECK(profiler_pcontrol_level() == 1, "profiling starts at level %d", profiler_pcontrol_level());
    shmem_pcontrol(2, "region");
    CHECK(profiler_pcontrol_level() == 2 && profiler_pcontrol_region() != NULL &&
              strcmp(profiler_pcontrol_region(), "region") == 0,
          "shmem_pcontrol(2, \"region\") did not reach the profiler");
    shmem_pcontrol(0);
    CHECK(profiler_pcontrol_level() == 0, "shmem_pcontrol(0) did not reach the profiler");
    shmem_free(slots);
    shmem_finalize();
    if (me == 0)
        printf("profiling: %d PEs OK\n", npes);
    return 0;
}
