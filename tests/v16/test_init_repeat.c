/* OpenSHMEM 1.6 initialization: shmem_init / shmem_init_thread may be
 * called several times; each must be matched by a shmem_finalize, only
 * the last of which releases the library (the others act as
 * shmem_barrier_all), and shmem_query_initialized tells which state the
 * library is in. After the last finalize, shmem_init starts the library
 * again at once (under the launcher: on the same rendezvous port), and
 * data moves between the PEs in every round. Run: test_init_repeat ROUNDS */
#include <shmem.h>
#include <stdlib.h>

#include "test_util.h"

static long global_word; /* symmetric in every round of the world */

static void check_initialized(int expected, const char *when)
{
    int initialized = -1;
    shmem_query_initialized(&initialized);
    CHECK(!!initialized == expected, "%s: shmem_query_initialized gave %d, expected %d", when, initialized,
          expected);
}

static void ring(int round)
{
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *x = shmem_malloc(sizeof *x);
    CHECK(x, "shmem_malloc in round %d", round);
    shmem_long_p(x, 1000L * round + me, (me + 1) % n);
    shmem_long_p(&global_word, 7L * round + me, (me + 1) % n);
    shmem_barrier_all();
    int left = (me + n - 1) % n;
    CHECK(*x == 1000L * round + left, "round %d: heap word %ld, expected %ld", round, *x, 1000L * round + left);
    CHECK(global_word == 7L * round + left, "round %d: global word %ld", round, global_word);
    shmem_free(x);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    check_initialized(0, "before shmem_init");
    for (int round = 1; round <= rounds; round++) {
        double start = test_now_s();
        shmem_init();
        double took = test_now_s() - start;
        /* A fresh start after a finalize must not wait for a port. */
        CHECK(took < 20.0, "round %d: shmem_init took %.1f s", round, took);
        check_initialized(1, "after shmem_init");
        int provided = -1;
        CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "nested shmem_init_thread");
        CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
        shmem_init(); /* a third, nested */
        ring(round);
        shmem_finalize(); /* inner: a barrier, the library stays */
        check_initialized(1, "after an inner shmem_finalize");
        ring(round + 100);
        shmem_finalize();
        check_initialized(1, "after the second shmem_finalize");
        shmem_finalize(); /* the last: the library goes */
        check_initialized(0, "after the last shmem_finalize");
    }
    shmem_finalize(); /* one too many: nothing happens */
    check_initialized(0, "after an extra shmem_finalize");
    printf("%d rounds passed\n", rounds);
    return 0;
}
