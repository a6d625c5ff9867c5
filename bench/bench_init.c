/* Start-up and shut-down time of a trivial OpenSHMEM program: every PE
 * times its own shmem_init() and shmem_finalize() (CLOCK_MONOTONIC around
 * each call) and prints, after finalize, one line
 *   INIT pe=P npes=N init_ms=X finalize_ms=Y
 * (one write, so the lines of the PEs do not mix). The job's wall time is
 * for the caller to take (bench/compare --cross-host times the launcher).
 * Standard API only: builds with mishmemcc and with oshcc. */
#define _GNU_SOURCE
#include <shmem.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(void)
{
    double t0 = now_ms();
    shmem_init();
    double t1 = now_ms();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    double t2 = now_ms();
    shmem_finalize();
    double t3 = now_ms();
    char line[160];
    int length = snprintf(line, sizeof line, "INIT pe=%d npes=%d init_ms=%.3f finalize_ms=%.3f\n", me, npes,
                          t1 - t0, t3 - t2);
    if (length > 0 && write(STDOUT_FILENO, line, (size_t)length) != length)
        return 1;
    return 0;
}
