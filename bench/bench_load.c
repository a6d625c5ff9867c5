/* Barrier rounds per second over a fixed time: the figure of a machine
 * whose CPUs other programs also want (bench/compare --under-load N starts
 * N busy loops around it). Rounds are counted, not timed one by one: under
 * load one round can take a whole scheduler slice, and bench_measure's
 * short samples would then hold one round or none.
 *
 * Every PE runs shmem_barrier_all() in a loop; PE 0 looks at the clock
 * and, once --seconds (default 2) have passed, puts the number of the next
 * round to every PE before its next barrier, so every PE sees it after that
 * barrier at the latest and all run the same rounds. --rounds N stops after N rounds instead (a fixed
 * amount of work: tests/wait/under_load.sh); --quick: 0.2 s. Standard API
 * only (builds with oshcc). Prints one RESULT line (unit rounds/s, higher is better):
 *
 *   RESULT impl=mishmem bench=load name=barrier_rate size=0 npes=4 unit=rounds/s median=... */
#define _GNU_SOURCE
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static long stop; /* symmetric (a global): PE 0 sets it to the last round on every PE */

int main(int argc, char **argv)
{
    double seconds = 2.0;
    long max_rounds = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            max_rounds = atol(argv[++i]);
        else if (strcmp(argv[i], "--quick") == 0)
            seconds = 0.2;
        else if ((strcmp(argv[i], "--samples") == 0 || strcmp(argv[i], "--max-iters") == 0 ||
                  strcmp(argv[i], "--sample-ms") == 0) && i + 1 < argc)
            i++; /* the other benchmarks' smoke options: nothing to sample here */
        else {
            fprintf(stderr, "usage: %s [--seconds S | --rounds N | --quick]\n", argv[0]);
            return 2;
        }
    }
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    char vendor[SHMEM_MAX_NAME_LEN + 1] = "";
    shmem_info_get_name(vendor);
    const char *impl = strstr(vendor, "mishmem") ? "mishmem" : "oshmem";
    shmem_barrier_all();

    double start = now_s();
    long rounds = 0;
    for (;;) {
        /* The word names the last round: a PE that reads it early (before
         * the barrier it follows) still runs that round. */
        if (me == 0 && !stop && (max_rounds > 0 ? rounds + 1 >= max_rounds : now_s() - start >= seconds))
            for (int pe = 0; pe < npes; pe++)
                shmem_long_p(&stop, rounds + 1, pe);
        shmem_barrier_all();
        rounds++;
        if (*(volatile long *)&stop == rounds)
            break;
    }
    double elapsed = now_s() - start;
    if (me == 0) {
        double rate = (double)rounds / elapsed;
        printf("RESULT impl=%s bench=load name=barrier_rate size=0 npes=%d unit=rounds/s median=%.6g "
               "p10=%.6g p90=%.6g min=%.6g max=%.6g samples=1 iters=%ld seconds=%.3f\n",
               impl, npes, rate, rate, rate, rate, rate, rounds, elapsed);
        fflush(stdout);
    }
    shmem_finalize();
    return 0;
}
