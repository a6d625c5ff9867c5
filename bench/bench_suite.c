/* All the standard-API benchmarks in one program, so that one launch (one
 * library start-up, which takes seconds for some libraries) runs them all:
 * bench_rma, bench_amo, bench_signal and bench_collectives, in that order,
 * each with its own default sizes. --benches a,b picks some of them
 * (names rma, amo, signal, collectives); the other options are those of
 * the single programs. bench/compare --quick uses it.
 * Run: mishmemrun -n 2 bench_suite [--quick] [--benches rma,amo]. */
#define _GNU_SOURCE
#define BENCH_SUITE 1

#include "bench_rma.c"
#include "bench_amo.c"
#include "bench_signal.c"
#include "bench_collectives.c"

int main(int argc, char **argv)
{
    struct bench bench;
    bench_start(&bench, argc, argv, "rma, amo, signal and collectives benchmarks in one run");
    const char *benches = bench.options.benches;
    if (bench_in_list(benches, "rma"))
        rma_main(&bench, argc, argv);
    if (bench_in_list(benches, "amo"))
        amo_main(&bench, argc, argv);
    if (bench_in_list(benches, "signal"))
        signal_main(&bench, argc, argv);
    if (bench_in_list(benches, "collectives"))
        coll_main(&bench, argc, argv);
    bench_stop(&bench);
    return 0;
}
