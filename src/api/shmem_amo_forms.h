/* The shapes of the OpenSHMEM face's typed AMOs, shared by the plain forms
 * (shmem_amo.c) and the context forms (shmem_amo_ctx.c). A form is given by
 *   PRE      the name prefix: shmem_ or shmem_ctx_;
 *   HEAD()   its leading parameters: nothing, or "shmem_ctx_t ctx,";
 *   INST(c, pe_ptr)  how a call named c finds its instance (and may
 *            renumber *pe_ptr, for team contexts).
 * (HEAD and INST are function-like so that they expand only at the end.)
 * Misuse aborts with a message naming the call, the PE and the address. */
#ifndef MISHMEM_API_SHMEM_AMO_FORMS_H
#define MISHMEM_API_SHMEM_AMO_FORMS_H

#include "core/amo/amo.h"
#include "mishmem/openshmem_amo.h"

#define SHMEM_AMO_STR(x) SHMEM_AMO_STR_(x)
#define SHMEM_AMO_STR_(x) #x

/* The instance is found first, in its own statement: a team context also
 * renumbers pe from the team's numbering to the instance's. */
#define SHMEM_AMO_CALL(INST, NAME, op, T, target, operand, cond, fetched, pe)                              \
    do {                                                                                                   \
        int target_pe_ = (pe);                                                                             \
        struct mishmem_instance *inst_ = INST(SHMEM_AMO_STR(NAME), &target_pe_);                          \
        mishmem_amo(inst_, SHMEM_AMO_STR(NAME), op, target, sizeof(T), operand, cond, fetched, target_pe_, \
                    MISHMEM_ABORT);                                                                        \
    } while (0)

/* T fetch(const T *source, int pe) and its _nbi form. */
#define SHMEM_AMO_FETCH(PRE, HEAD, INST, T, N, NAME)                                                      \
    T PRE##N##_##NAME(HEAD() const T *source, int pe)                                                     \
    {                                                                                                     \
        T old = 0;                                                                                        \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME, MISHMEM_AMO_FETCH, T, source, NULL, NULL, &old, pe);        \
        return old;                                                                                       \
    }                                                                                                     \
    void PRE##N##_##NAME##_nbi(HEAD() T *fetch, const T *source, int pe)                                  \
    {                                                                                                     \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME##_nbi, MISHMEM_AMO_FETCH, T, source, NULL, NULL, fetch, pe); \
    }

/* T op(T *dest, T value, int pe) and its _nbi form (swap, fetch_add, ...). */
#define SHMEM_AMO_FETCHING(PRE, HEAD, INST, T, N, NAME, OP)                                \
    T PRE##N##_##NAME(HEAD() T *dest, T value, int pe)                                     \
    {                                                                                      \
        T old = 0;                                                                         \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME, OP, T, dest, &value, NULL, &old, pe);        \
        return old;                                                                        \
    }                                                                                      \
    void PRE##N##_##NAME##_nbi(HEAD() T *fetch, T *dest, T value, int pe)                  \
    {                                                                                      \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME##_nbi, OP, T, dest, &value, NULL, fetch, pe); \
    }

/* T fetch_inc(T *dest, int pe) and its _nbi form. */
#define SHMEM_AMO_FETCH_INC(PRE, HEAD, INST, T, N, NAME)                                                    \
    T PRE##N##_##NAME(HEAD() T *dest, int pe)                                                               \
    {                                                                                                       \
        T one = 1, old = 0;                                                                                 \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, &old, pe);        \
        return old;                                                                                         \
    }                                                                                                       \
    void PRE##N##_##NAME##_nbi(HEAD() T *fetch, T *dest, int pe)                                            \
    {                                                                                                       \
        T one = 1;                                                                                          \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME##_nbi, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, fetch, pe); \
    }

/* T compare_swap(T *dest, T cond, T value, int pe) and its _nbi form. */
#define SHMEM_AMO_COMPARE_SWAP(PRE, HEAD, INST, T, N, NAME)                                                \
    T PRE##N##_##NAME(HEAD() T *dest, T cond, T value, int pe)                                             \
    {                                                                                                      \
        T old = 0;                                                                                         \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME, MISHMEM_AMO_COMPARE_SWAP, T, dest, &value, &cond, &old, pe); \
        return old;                                                                                        \
    }                                                                                                      \
    void PRE##N##_##NAME##_nbi(HEAD() T *fetch, T *dest, T cond, T value, int pe)                          \
    {                                                                                                      \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME##_nbi, MISHMEM_AMO_COMPARE_SWAP, T, dest, &value, &cond,      \
                       fetch, pe);                                                                         \
    }

/* void op(T *dest, T value, int pe): set, add, and, or, xor. */
#define SHMEM_AMO_UPDATE(PRE, HEAD, INST, T, N, NAME, OP)                                 \
    void PRE##N##_##NAME(HEAD() T *dest, T value, int pe)                                 \
    {                                                                                     \
        T discarded;                                                                      \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME, OP, T, dest, &value, NULL, &discarded, pe); \
    }

/* void inc(T *dest, int pe). */
#define SHMEM_AMO_INC(PRE, HEAD, INST, T, N, NAME)                                                         \
    void PRE##N##_##NAME(HEAD() T *dest, int pe)                                                           \
    {                                                                                                      \
        T one = 1, discarded;                                                                              \
        SHMEM_AMO_CALL(INST, PRE##N##_##NAME, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, &discarded, pe); \
    }

/* The three families (OpenSHMEM 1.5 tables 6 and 7). */
#define SHMEM_AMO_EXTENDED_FAMILY(PRE, HEAD, INST, T, N)                             \
    _Static_assert(sizeof(T) == 4 || sizeof(T) == 8, #T " is not an AMO word size"); \
    SHMEM_AMO_FETCH(PRE, HEAD, INST, T, N, atomic_fetch)                             \
    SHMEM_AMO_UPDATE(PRE, HEAD, INST, T, N, atomic_set, MISHMEM_AMO_SET)             \
    SHMEM_AMO_FETCHING(PRE, HEAD, INST, T, N, atomic_swap, MISHMEM_AMO_SWAP)

#define SHMEM_AMO_STANDARD_FAMILY(PRE, HEAD, INST, T, N)                               \
    SHMEM_AMO_COMPARE_SWAP(PRE, HEAD, INST, T, N, atomic_compare_swap)                 \
    SHMEM_AMO_FETCH_INC(PRE, HEAD, INST, T, N, atomic_fetch_inc)                       \
    SHMEM_AMO_INC(PRE, HEAD, INST, T, N, atomic_inc)                                   \
    SHMEM_AMO_FETCHING(PRE, HEAD, INST, T, N, atomic_fetch_add, MISHMEM_AMO_FETCH_ADD) \
    SHMEM_AMO_UPDATE(PRE, HEAD, INST, T, N, atomic_add, MISHMEM_AMO_FETCH_ADD)

#define SHMEM_AMO_BITWISE_FAMILY(PRE, HEAD, INST, T, N)                                \
    SHMEM_AMO_FETCHING(PRE, HEAD, INST, T, N, atomic_fetch_and, MISHMEM_AMO_FETCH_AND) \
    SHMEM_AMO_UPDATE(PRE, HEAD, INST, T, N, atomic_and, MISHMEM_AMO_FETCH_AND)         \
    SHMEM_AMO_FETCHING(PRE, HEAD, INST, T, N, atomic_fetch_or, MISHMEM_AMO_FETCH_OR)   \
    SHMEM_AMO_UPDATE(PRE, HEAD, INST, T, N, atomic_or, MISHMEM_AMO_FETCH_OR)           \
    SHMEM_AMO_FETCHING(PRE, HEAD, INST, T, N, atomic_fetch_xor, MISHMEM_AMO_FETCH_XOR) \
    SHMEM_AMO_UPDATE(PRE, HEAD, INST, T, N, atomic_xor, MISHMEM_AMO_FETCH_XOR)

#endif
