/* A hostile client for the rendezvous: floods of silent connections,
 * random bytes, truncated and oversized frames, wrong magic, types,
 * versions and proofs, garbage after PE 0's challenge. Used by
 * test_tcp_fuzz while a real group forms. */
#ifndef MISHMEM_TESTS_TCP_FUZZ_CLIENT_H
#define MISHMEM_TESTS_TCP_FUZZ_CLIENT_H

#include <stdint.h>

struct fuzz_stats {
    int connections;  /* made */
    int refused;      /* connects that failed: PE 0 stopped listening */
    int frames;       /* hostile frames (or bursts of garbage) sent */
    int challenges;   /* CHALLENGEs received for complete HELLOs */
    int rejects;      /* REJECT frames received for complete bad AUTHs or HELLOs */
    int leaks;        /* REJECTs that said more than the reason: must stay 0 */
    int accepts;      /* ACCEPT frames received: must stay 0 */
};

/* Opens `count` connections at once that send nothing (with half_hello,
 * every second one sends only a HELLO header), waits wait_ms, and returns how many
 * PE 0 has closed by then; closes the rest. */
int fuzz_silent_flood(const char *host, uint16_t port, int count, int wait_ms, int half_hello);
/* The same, also telling how long opening them took (*connect_ms). */
int fuzz_silent_flood_timed(const char *host, uint16_t port, int count, int wait_ms,
                            int half_hello, int *connect_ms);

/* Throws `count` hostile connections of every kind at host:port. */
void fuzz_hostile(const char *host, uint16_t port, int count, uint64_t seed,
                  struct fuzz_stats *stats);

#endif
