#include "core/coll/tuning.h"

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
    /* When PEs outnumber cores, larger data is read in place: a writer
     * that stages 128 KiB stores into lines the readers on the other CPU
     * still hold, and in half the runs that copy took 27-36 us against
     * 9 (4 PEs on 2 cores, broadcast 128 KiB: 12-53 us staged, 17-36
     * read in place; fcollect 128 KiB: 52-121 against 42-63). */
    .stage_max_bytes = (size_t)64 << 10,
};
