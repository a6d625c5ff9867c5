/* A write whose target is killed while it is in flight fails in the
 * initiator's completion queue; a read from a live PE after it must still
 * complete. 3 PEs, each its own host (write_killed.sh): PE 2 stops
 * itself, PE 1 writes 1 MiB to it (the write waits on PE 2's full
 * socket), PE 0 kills PE 2, then PE 1 reads a word from PE 0 and prints
 * what it read. The job then fails naming PE 2 (and a PE that has ended
 * because of it, when another looks for it after that). */
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define BYTES (1 << 20)

static char sink[BYTES];
static long pid_of_2, posted, killed, read_done, answer = 42;

static void nap_ms(long ms)
{
    nanosleep(&(struct timespec){.tv_sec = ms / 1000, .tv_nsec = ms % 1000 * 1000000}, NULL);
}

/* Waits outside the library, where the fabric's thread delivers the
 * write: a wait inside would probe the stopped PE, which cannot answer,
 * and name it after the peer timeout. */
static void await_flag(long *flag)
{
    for (int ms = 0; __atomic_load_n(flag, __ATOMIC_ACQUIRE) == 0; ms++) {
        if (ms == 60000) {
            fprintf(stderr, "PE %d: the flag never came\n", shmem_my_pe());
            exit(6);
        }
        nap_ms(1);
    }
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    if (shmem_n_pes() != 3) {
        fprintf(stderr, "needs 3 PEs\n");
        return 2;
    }
    /* Every pair connected before anyone goes. */
    for (int pe = 0; pe < 3; pe++)
        (void)shmem_long_g(&answer, pe);
    if (me == 2)
        shmem_long_p(&pid_of_2, getpid(), 0);
    shmem_barrier_all();
    if (me == 2) {
        raise(SIGSTOP); /* its process, fabric threads included, stops */
        return 3;       /* never reached: PE 0 kills it */
    }
    if (me == 1) {
        static char source[BYTES];
        nap_ms(200); /* PE 2 has stopped */
        shmem_putmem_nbi(sink, source, BYTES, 2);
        shmem_long_p(&posted, 1, 0);
        await_flag(&killed);
        nap_ms(500); /* the provider has seen the connection reset */
        long got = shmem_long_g(&answer, 0);
        printf("PE 1 read %ld from PE 0 after the write to the killed PE failed\n", got);
        fflush(stdout);
        shmem_long_p(&read_done, 1, 0);
        shmem_quiet(); /* the write to PE 2 never completes: names PE 2 */
        return 4;
    }
    await_flag(&posted);
    nap_ms(300); /* the write is in flight, held by PE 2's full socket */
    kill((pid_t)pid_of_2, SIGKILL);
    nap_ms(200);
    shmem_long_p(&killed, 1, 1);
    await_flag(&read_done);
    shmem_barrier_all(); /* names PE 2 */
    return 5;
}
