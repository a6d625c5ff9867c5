/* OpenSHMEM face: the 1.6 scans on a team, generated from the SUM types. */
#include "api/shmem_coll_face.h"
#include "mishmem/openshmem_coll.h"
#include "util/type_lists.h"

#define DEFINE_SHMEM_SCAN(T, N, KIND, EXCLUSIVE)                                                        \
    int shmem_##N##_sum_##KIND(shmem_team_t team, T *dest, const T *source, size_t nelems)             \
    {                                                                                                   \
        struct mishmem_coll_group group = mishmem_shmem_team_group(team, "shmem_" #N "_sum_" #KIND);   \
        return mishmem_shmem_result(mishmem_scan(&group, &MISHMEM_REDUCE_OP_NAME(N, sum), dest, source, \
                                                 nelems, EXCLUSIVE, MISHMEM_ABORT));                    \
    }
#define DEFINE_SCANS(T, N, W) DEFINE_SHMEM_SCAN(T, N, inscan, 0) DEFINE_SHMEM_SCAN(T, N, exscan, 1)
MISHMEM_REDUCE_ARITH_TYPES(DEFINE_SCANS)
