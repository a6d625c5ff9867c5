/* Reduction operators, one per (type, operation), generated from the
 * reduction type tables. combine folds `count` elements of `in` into
 * `acc`: acc[i] = acc[i] OP in[i]. */
#ifndef MISHMEM_CORE_COLL_REDUCE_OPS_H
#define MISHMEM_CORE_COLL_REDUCE_OPS_H

#include <stddef.h>

#include "util/type_lists.h"

struct mishmem_reduce_op {
    size_t size; /* bytes per element */
    void (*combine)(void *acc, const void *in, size_t count);
};

#define MISHMEM_REDUCE_OP_NAME(N, OP) mishmem_reduce_##N##_##OP
#define MISHMEM_DECLARE_REDUCE_OP(T, N, OP) extern const struct mishmem_reduce_op MISHMEM_REDUCE_OP_NAME(N, OP);
#define MISHMEM_DECLARE_REDUCE_BITWISE(T, N, W) \
    MISHMEM_DECLARE_REDUCE_OP(T, N, and) MISHMEM_DECLARE_REDUCE_OP(T, N, or) MISHMEM_DECLARE_REDUCE_OP(T, N, xor)
#define MISHMEM_DECLARE_REDUCE_MINMAX(T, N, W) \
    MISHMEM_DECLARE_REDUCE_OP(T, N, max) MISHMEM_DECLARE_REDUCE_OP(T, N, min)
#define MISHMEM_DECLARE_REDUCE_ARITH(T, N, W) \
    MISHMEM_DECLARE_REDUCE_OP(T, N, sum) MISHMEM_DECLARE_REDUCE_OP(T, N, prod)
MISHMEM_REDUCE_BITWISE_TYPES(MISHMEM_DECLARE_REDUCE_BITWISE)
MISHMEM_TO_ALL_BITWISE_TYPES(MISHMEM_DECLARE_REDUCE_BITWISE)
MISHMEM_REDUCE_MINMAX_TYPES(MISHMEM_DECLARE_REDUCE_MINMAX)
MISHMEM_REDUCE_ARITH_TYPES(MISHMEM_DECLARE_REDUCE_ARITH)
#undef MISHMEM_DECLARE_REDUCE_BITWISE
#undef MISHMEM_DECLARE_REDUCE_MINMAX
#undef MISHMEM_DECLARE_REDUCE_ARITH
#undef MISHMEM_DECLARE_REDUCE_OP

#endif
