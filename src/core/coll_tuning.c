#include "core/coll_tuning.h"

/* On one host every member reads its peers directly. Below 16 PEs one
 * flat round (n posts, n reads) beats log2 n dependent rounds, all the
 * more when PEs outnumber cores and each round waits for a peer to be
 * scheduled. */
struct mishmem_coll_tuning mishmem_coll_tuning = {
    .log_depth_min_pes = 16,
    .chunk_min_bytes = 1024,
    .stage_small_bytes = 4096,
    .stage_max_bytes = (size_t)256 << 10, /* MISHMEM_STAGE_BYTES */
    .stage_alltoall_bytes = (size_t)32 << 10,
};
