#include "core/coll_tuning.h"

/* On one host every member reads its peers directly. Below 16 PEs one
 * flat round (n posts, n reads) beats log2 n dependent rounds, all the
 * more when PEs outnumber cores and each round waits for a peer to be
 * scheduled. */
struct mishmem_coll_tuning mishmem_coll_tuning = {
    .log_depth_min_pes = 16,
    .chunk_min_bytes = 1024,
    /* With a core per PE a staged block crosses between the cores twice
     * (the writer's stores invalidate the reader's copy of the area, then
     * the reader fetches it); read in place from the source it crosses
     * once, and the "done" round costs less than that from 2 KiB on
     * (2 PEs, 2 KiB: broadcast 498-525 ns staged, 183-338 read in place;
     * sum 570-591 against 416-441). */
    .stage_small_bytes = 1024,
    .stage_max_bytes = (size_t)256 << 10, /* MISHMEM_STAGE_BYTES */
};
