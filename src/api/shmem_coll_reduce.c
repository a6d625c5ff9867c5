/* OpenSHMEM face: team reductions, generated from the reduction tables. */
#include "api/shmem_coll_face.h"
#include "mishmem/openshmem_coll.h"
#include "util/type_lists.h"

#define DEFINE_SHMEM_REDUCE(T, N, OP)                                                                   \
    int shmem_##N##_##OP##_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce)         \
    {                                                                                                   \
        struct mishmem_coll_group group = mishmem_shmem_team_group(team, "shmem_" #N "_" #OP "_reduce"); \
        return mishmem_shmem_result(                                                                    \
            mishmem_reduce(&group, &MISHMEM_REDUCE_OP_NAME(N, OP), dest, source, nreduce, MISHMEM_ABORT)); \
    }
#define DEFINE_AND(T, N, W) DEFINE_SHMEM_REDUCE(T, N, and)
#define DEFINE_OR(T, N, W) DEFINE_SHMEM_REDUCE(T, N, or)
#define DEFINE_XOR(T, N, W) DEFINE_SHMEM_REDUCE(T, N, xor)
#define DEFINE_MAX(T, N, W) DEFINE_SHMEM_REDUCE(T, N, max)
#define DEFINE_MIN(T, N, W) DEFINE_SHMEM_REDUCE(T, N, min)
#define DEFINE_SUM(T, N, W) DEFINE_SHMEM_REDUCE(T, N, sum)
#define DEFINE_PROD(T, N, W) DEFINE_SHMEM_REDUCE(T, N, prod)
MISHMEM_REDUCE_BITWISE_TYPES(DEFINE_AND)
MISHMEM_REDUCE_BITWISE_TYPES(DEFINE_OR)
MISHMEM_REDUCE_BITWISE_TYPES(DEFINE_XOR)
MISHMEM_REDUCE_MINMAX_TYPES(DEFINE_MAX)
MISHMEM_REDUCE_MINMAX_TYPES(DEFINE_MIN)
MISHMEM_REDUCE_ARITH_TYPES(DEFINE_SUM)
MISHMEM_REDUCE_ARITH_TYPES(DEFINE_PROD)
