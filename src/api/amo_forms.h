/* The shapes of the typed AMOs, written once for both faces and every
 * form: shmem_amo.c instantiates them for the OpenSHMEM face (plain,
 * context and the deprecated 1.3 names), aclshmem_amo.c for the aclshmem
 * face. A shape is given by
 *   F        the face's error policy token (face.h: SHMEM or ACL);
 *   PRE      the name prefix: shmem_, shmem_ctx_ or aclshmem_;
 *   HEAD()   its leading parameters (face.h: FACE_NO_CTX or FACE_CTX_PARAM);
 *   INST(c, pe_ptr)  how a call named c finds its instance (face.h);
 *   T, N     the C type and its name in the type table; NAME the operation.
 * Fetching calls return the old value (0 after a logged error on the
 * aclshmem face); the others return FACE_RESULT(F). Misuse is reported
 * under the call's own name. */
#ifndef MISHMEM_API_AMO_FORMS_H
#define MISHMEM_API_AMO_FORMS_H

#include "api/face.h"
#include "core/amo/amo.h"

#define AMO_STR(x) AMO_STR_(x)
#define AMO_STR_(x) #x

/* The instance is found first, in its own statement: a team context also
 * renumbers pe from the team's numbering to the instance's. END ends the
 * call with the core's code (FACE_RETURN) or drops it (FACE_DROP). */
#define AMO_CALL(F, INST, END, NAME, op, T, target, operand, cond, fetched, pe)                      \
    do {                                                                                             \
        int target_pe_ = (pe);                                                                       \
        struct mishmem_instance *inst_ = INST(AMO_STR(NAME), &target_pe_);                           \
        END(mishmem_amo(inst_, AMO_STR(NAME), op, target, sizeof(T), operand, cond, fetched, target_pe_, \
                        FACE_POLICY(F)));                                                            \
    } while (0)

/* T fetch(const T *source, int pe). */
#define AMO_FETCH(F, PRE, HEAD, INST, T, N, NAME)                                              \
    T PRE##N##_##NAME(HEAD() const T *source, int pe)                                          \
    {                                                                                          \
        T old = 0;                                                                             \
        AMO_CALL(F, INST, FACE_DROP, PRE##N##_##NAME, MISHMEM_AMO_FETCH, T, source, NULL, NULL, \
                 &old, pe);                                                                    \
        return old;                                                                            \
    }
#define AMO_FETCH_NBI(F, PRE, HEAD, INST, T, N, NAME)                                                    \
    FACE_RESULT(F) PRE##N##_##NAME##_nbi(HEAD() T *fetch, const T *source, int pe)                       \
    {                                                                                                    \
        AMO_CALL(F, INST, FACE_RETURN(F), PRE##N##_##NAME##_nbi, MISHMEM_AMO_FETCH, T, source, NULL, NULL, \
                 fetch, pe);                                                                             \
    }

/* T op(T *dest, T value, int pe): swap, fetch_add, ... */
#define AMO_FETCHING(F, PRE, HEAD, INST, T, N, NAME, OP)                                         \
    T PRE##N##_##NAME(HEAD() T *dest, T value, int pe)                                           \
    {                                                                                            \
        T old = 0;                                                                               \
        AMO_CALL(F, INST, FACE_DROP, PRE##N##_##NAME, OP, T, dest, &value, NULL, &old, pe);       \
        return old;                                                                              \
    }
#define AMO_FETCHING_NBI(F, PRE, HEAD, INST, T, N, NAME, OP)                                            \
    FACE_RESULT(F) PRE##N##_##NAME##_nbi(HEAD() T *fetch, T *dest, T value, int pe)                     \
    {                                                                                                   \
        AMO_CALL(F, INST, FACE_RETURN(F), PRE##N##_##NAME##_nbi, OP, T, dest, &value, NULL, fetch, pe); \
    }

/* T fetch_inc(T *dest, int pe). */
#define AMO_FETCH_INC(F, PRE, HEAD, INST, T, N, NAME)                                                   \
    T PRE##N##_##NAME(HEAD() T *dest, int pe)                                                           \
    {                                                                                                   \
        T one = 1, old = 0;                                                                             \
        AMO_CALL(F, INST, FACE_DROP, PRE##N##_##NAME, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, &old, pe); \
        return old;                                                                                     \
    }
#define AMO_FETCH_INC_NBI(F, PRE, HEAD, INST, T, N, NAME)                                          \
    FACE_RESULT(F) PRE##N##_##NAME##_nbi(HEAD() T *fetch, T *dest, int pe)                         \
    {                                                                                              \
        T one = 1;                                                                                 \
        AMO_CALL(F, INST, FACE_RETURN(F), PRE##N##_##NAME##_nbi, MISHMEM_AMO_FETCH_ADD, T, dest, &one, \
                 NULL, fetch, pe);                                                                 \
    }

/* T compare_swap(T *dest, T cond, T value, int pe). */
#define AMO_COMPARE_SWAP(F, PRE, HEAD, INST, T, N, NAME)                                                \
    T PRE##N##_##NAME(HEAD() T *dest, T cond, T value, int pe)                                          \
    {                                                                                                   \
        T old = 0;                                                                                      \
        AMO_CALL(F, INST, FACE_DROP, PRE##N##_##NAME, MISHMEM_AMO_COMPARE_SWAP, T, dest, &value, &cond,  \
                 &old, pe);                                                                             \
        return old;                                                                                     \
    }
#define AMO_COMPARE_SWAP_NBI(F, PRE, HEAD, INST, T, N, NAME)                                           \
    FACE_RESULT(F) PRE##N##_##NAME##_nbi(HEAD() T *fetch, T *dest, T cond, T value, int pe)            \
    {                                                                                                  \
        AMO_CALL(F, INST, FACE_RETURN(F), PRE##N##_##NAME##_nbi, MISHMEM_AMO_COMPARE_SWAP, T, dest,    \
                 &value, &cond, fetch, pe);                                                            \
    }

/* op(T *dest, T value, int pe): set, add, and, or, xor. */
#define AMO_UPDATE(F, PRE, HEAD, INST, T, N, NAME, OP)                                                   \
    FACE_RESULT(F) PRE##N##_##NAME(HEAD() T *dest, T value, int pe)                                      \
    {                                                                                                    \
        T discarded;                                                                                     \
        AMO_CALL(F, INST, FACE_RETURN(F), PRE##N##_##NAME, OP, T, dest, &value, NULL, &discarded, pe);   \
    }

/* inc(T *dest, int pe). */
#define AMO_INC(F, PRE, HEAD, INST, T, N, NAME)                                                           \
    FACE_RESULT(F) PRE##N##_##NAME(HEAD() T *dest, int pe)                                                \
    {                                                                                                     \
        T one = 1, discarded;                                                                             \
        AMO_CALL(F, INST, FACE_RETURN(F), PRE##N##_##NAME, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL,    \
                 &discarded, pe);                                                                         \
    }

/* The three families (OpenSHMEM 1.5 tables 6 and 7), each call with its
 * _nbi fetching form. */
#define AMO_EXTENDED_FAMILY(F, PRE, HEAD, INST, T, N)                                \
    _Static_assert(sizeof(T) == 4 || sizeof(T) == 8, #T " is not an AMO word size"); \
    AMO_FETCH(F, PRE, HEAD, INST, T, N, atomic_fetch)                                \
    AMO_FETCH_NBI(F, PRE, HEAD, INST, T, N, atomic_fetch)                            \
    AMO_UPDATE(F, PRE, HEAD, INST, T, N, atomic_set, MISHMEM_AMO_SET)                \
    AMO_FETCHING(F, PRE, HEAD, INST, T, N, atomic_swap, MISHMEM_AMO_SWAP)            \
    AMO_FETCHING_NBI(F, PRE, HEAD, INST, T, N, atomic_swap, MISHMEM_AMO_SWAP)

#define AMO_STANDARD_FAMILY(F, PRE, HEAD, INST, T, N)                                        \
    AMO_COMPARE_SWAP(F, PRE, HEAD, INST, T, N, atomic_compare_swap)                          \
    AMO_COMPARE_SWAP_NBI(F, PRE, HEAD, INST, T, N, atomic_compare_swap)                      \
    AMO_FETCH_INC(F, PRE, HEAD, INST, T, N, atomic_fetch_inc)                                \
    AMO_FETCH_INC_NBI(F, PRE, HEAD, INST, T, N, atomic_fetch_inc)                            \
    AMO_INC(F, PRE, HEAD, INST, T, N, atomic_inc)                                            \
    AMO_FETCHING(F, PRE, HEAD, INST, T, N, atomic_fetch_add, MISHMEM_AMO_FETCH_ADD)          \
    AMO_FETCHING_NBI(F, PRE, HEAD, INST, T, N, atomic_fetch_add, MISHMEM_AMO_FETCH_ADD)      \
    AMO_UPDATE(F, PRE, HEAD, INST, T, N, atomic_add, MISHMEM_AMO_FETCH_ADD)

#define AMO_BITWISE_FAMILY(F, PRE, HEAD, INST, T, N)                                        \
    AMO_FETCHING(F, PRE, HEAD, INST, T, N, atomic_fetch_and, MISHMEM_AMO_FETCH_AND)         \
    AMO_FETCHING_NBI(F, PRE, HEAD, INST, T, N, atomic_fetch_and, MISHMEM_AMO_FETCH_AND)     \
    AMO_UPDATE(F, PRE, HEAD, INST, T, N, atomic_and, MISHMEM_AMO_FETCH_AND)                 \
    AMO_FETCHING(F, PRE, HEAD, INST, T, N, atomic_fetch_or, MISHMEM_AMO_FETCH_OR)           \
    AMO_FETCHING_NBI(F, PRE, HEAD, INST, T, N, atomic_fetch_or, MISHMEM_AMO_FETCH_OR)       \
    AMO_UPDATE(F, PRE, HEAD, INST, T, N, atomic_or, MISHMEM_AMO_FETCH_OR)                   \
    AMO_FETCHING(F, PRE, HEAD, INST, T, N, atomic_fetch_xor, MISHMEM_AMO_FETCH_XOR)         \
    AMO_FETCHING_NBI(F, PRE, HEAD, INST, T, N, atomic_fetch_xor, MISHMEM_AMO_FETCH_XOR)     \
    AMO_UPDATE(F, PRE, HEAD, INST, T, N, atomic_xor, MISHMEM_AMO_FETCH_XOR)

#endif
