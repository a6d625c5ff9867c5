/* Thresholds that pick a collective's algorithm. They must be equal on
 * every PE (every member has to choose the same algorithm); tests lower
 * them to run the log-depth and chunked paths on few PEs. */
#ifndef MISHMEM_CORE_COLL_TUNING_H
#define MISHMEM_CORE_COLL_TUNING_H

#include <stddef.h>

struct mishmem_coll_tuning {
    /* Groups this large synchronize in log2 rounds (dissemination) and
     * broadcast and reduce small data over binomial trees; smaller ones
     * use flat flags: every member posts, every member reads all posts. */
    int log_depth_min_pes;
    /* Reductions whose per-member share is this large run reduce-scatter
     * + allgather. */
    size_t chunk_min_bytes;
    /* Collectives of small teams staging at most this much per member run
     * staged (core/coll/stage.h): small, with one PE per core; max, when
     * PEs outnumber cores. Tests set both to 0 to run the pull algorithms
     * on small data. */
    size_t stage_small_bytes;
    size_t stage_max_bytes;
};

extern struct mishmem_coll_tuning mishmem_coll_tuning;

/* Flat reductions fold into a stack buffer of this size. */
#define MISHMEM_COLL_FLAT_MAX_BYTES 8192

static inline int mishmem_coll_log_depth(int size) { return size >= mishmem_coll_tuning.log_depth_min_pes; }

#endif
