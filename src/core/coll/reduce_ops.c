/* The reduction operators. Sums and products go through the table's wrap
 * type (unsigned for integers), so that integer overflow wraps instead of
 * being undefined; the bitwise and ordering operators need no such care. */
#include "core/coll/reduce_ops.h"

/* Each operator starts on a cache line, so that where the linker happens
 * to put it cannot make its vector loop straddle two lines: that alone
 * made 8 KiB-512 KiB long sums 1.35x slower after unrelated code moved
 * (bench_collectives reduce_sum, 2 PEs, A/B against 398585a). */
#define DEFINE_REDUCE_OP(T, N, OP, EXPR)                                                 \
    __attribute__((aligned(64))) static void combine_##N##_##OP(void *acc_, const void *in_, size_t count) \
    {                                                                                    \
        T *acc = acc_;                                                                   \
        const T *in = in_;                                                               \
        for (size_t i = 0; i < count; i++) {                                             \
            T a = acc[i], b = in[i];                                                     \
            acc[i] = (EXPR);                                                             \
        }                                                                                \
    }                                                                                    \
    const struct mishmem_reduce_op MISHMEM_REDUCE_OP_NAME(N, OP) = {sizeof(T), combine_##N##_##OP};

#define DEFINE_REDUCE_BITWISE(T, N, W)             \
    DEFINE_REDUCE_OP(T, N, and, (T)(a & b))        \
    DEFINE_REDUCE_OP(T, N, or, (T)(a | b))         \
    DEFINE_REDUCE_OP(T, N, xor, (T)(a ^ b))
#define DEFINE_REDUCE_MINMAX(T, N, W)              \
    DEFINE_REDUCE_OP(T, N, max, b > a ? b : a)     \
    DEFINE_REDUCE_OP(T, N, min, b < a ? b : a)
#define DEFINE_REDUCE_ARITH(T, N, W)               \
    DEFINE_REDUCE_OP(T, N, sum, (T)((W)a + (W)b))  \
    DEFINE_REDUCE_OP(T, N, prod, (T)((W)a * (W)b))

MISHMEM_REDUCE_BITWISE_TYPES(DEFINE_REDUCE_BITWISE)
MISHMEM_TO_ALL_BITWISE_TYPES(DEFINE_REDUCE_BITWISE)
MISHMEM_REDUCE_MINMAX_TYPES(DEFINE_REDUCE_MINMAX)
MISHMEM_REDUCE_ARITH_TYPES(DEFINE_REDUCE_ARITH)
