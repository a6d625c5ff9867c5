/* The vocabulary of atomic operations, shared by the core (which issues
 * them), the CPU's atomics on a mapped word (mapped/amo_word.h) and the
 * transports (which carry them to peers they do not map). */
#ifndef MISHMEM_MAPPED_AMO_OPS_H
#define MISHMEM_MAPPED_AMO_OPS_H

#include <stddef.h>

/* Atomic operations as OpenSHMEM needs them (every one returns the old
 * value but SET). */
enum mishmem_amo_op {
    MISHMEM_AMO_FETCH,
    MISHMEM_AMO_SET,
    MISHMEM_AMO_SWAP,
    MISHMEM_AMO_COMPARE_SWAP,
    MISHMEM_AMO_FETCH_ADD,
    MISHMEM_AMO_FETCH_AND,
    MISHMEM_AMO_FETCH_OR,
    MISHMEM_AMO_FETCH_XOR,
};

/* The operand's type. OpenSHMEM's AMOs act on bits (two's complement for
 * the signed types, float and double only fetch, set and swap), so the
 * core passes the unsigned type of the operand's size; the others are for
 * a transport whose NIC wants the true type. */
enum mishmem_datatype {
    MISHMEM_DT_UINT32,
    MISHMEM_DT_UINT64,
    MISHMEM_DT_INT32,
    MISHMEM_DT_INT64,
    MISHMEM_DT_FLOAT,
    MISHMEM_DT_DOUBLE,
};

static inline size_t mishmem_datatype_size(enum mishmem_datatype type)
{
    return type == MISHMEM_DT_UINT32 || type == MISHMEM_DT_INT32 || type == MISHMEM_DT_FLOAT ? 4 : 8;
}

static inline enum mishmem_datatype mishmem_datatype_of_size(size_t size)
{
    return size == 4 ? MISHMEM_DT_UINT32 : MISHMEM_DT_UINT64;
}

/* Signal updates of put-with-signal (SHMEM_SIGNAL_SET / _ADD). */
enum mishmem_signal_op { MISHMEM_SIGNAL_SET_OP, MISHMEM_SIGNAL_ADD_OP };

#endif
