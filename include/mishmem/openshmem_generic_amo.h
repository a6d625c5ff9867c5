/* OpenSHMEM 1.5 C11 generic AMOs: shmem_atomic_fetch_add(dest, value, pe),
 * shmem_atomic_fetch_add(ctx, dest, value, pe), ... and the deprecated
 * 1.3 generic names (shmem_fadd, shmem_swap, ...). The typed function is
 * picked from the first argument's type, or, when the first argument is a
 * context, from the second one. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_GENERIC_AMO_H
#define MISHMEM_OPENSHMEM_GENERIC_AMO_H

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

#include <mishmem/handles.h>
#include <mishmem/type_tables.h>

/* The first and second argument of a call (dummies keep the variadic part
 * non-empty, as C11 requires). */
#define MISHMEM_G_FIRST(...) MISHMEM_G_FIRST_(__VA_ARGS__, ~)
#define MISHMEM_G_FIRST_(first, ...) first
#define MISHMEM_G_SECOND(...) MISHMEM_G_SECOND_(__VA_ARGS__, ~, ~)
#define MISHMEM_G_SECOND_(first, second, ...) second

/* Never defined: a context call whose second argument has no typed form
 * selects it, and the call then fails to compile. */
void mishmem_generic_no_typed_form(void);

/* Associations ", T *: shmem_<N>_<OP>" (OP is e.g. atomic_fetch_add), with
 * "const T *" too where the target is only read. */
#define MISHMEM_G_PLAIN(T, N, OP) , T *: shmem_##N##_##OP
#define MISHMEM_G_CTX(T, N, OP) , T *: shmem_ctx_##N##_##OP
#define MISHMEM_G_PLAIN_SOURCE(T, N, OP) , T *: shmem_##N##_##OP, const T *: shmem_##N##_##OP
#define MISHMEM_G_CTX_SOURCE(T, N, OP) , T *: shmem_ctx_##N##_##OP, const T *: shmem_ctx_##N##_##OP

#define MISHMEM_G_EXTENDED_TYPES(X, OP) \
    MISHMEM_AMO_GENERIC_TYPES(X, OP) MISHMEM_AMO_GENERIC_EXTENDED_ONLY_TYPES(X, OP)

/* The typed function for a call with or without a leading context. */
#define MISHMEM_G_SELECT(TYPES, PLAIN, CTX, OP, ...)                                      \
    _Generic(MISHMEM_G_FIRST(__VA_ARGS__),                                                \
             shmem_ctx_t: _Generic(MISHMEM_G_SECOND(__VA_ARGS__),                         \
                                   default: mishmem_generic_no_typed_form TYPES(CTX, OP)) \
             TYPES(PLAIN, OP))

#define MISHMEM_G_AMO(TYPES, OP, ...) \
    MISHMEM_G_SELECT(TYPES, MISHMEM_G_PLAIN, MISHMEM_G_CTX, OP, __VA_ARGS__)(__VA_ARGS__)

/* Extended AMO types. */
#define shmem_atomic_fetch(...)                                                              \
    MISHMEM_G_SELECT(MISHMEM_G_EXTENDED_TYPES, MISHMEM_G_PLAIN_SOURCE, MISHMEM_G_CTX_SOURCE, \
                     atomic_fetch, __VA_ARGS__)(__VA_ARGS__)
#define shmem_atomic_fetch_nbi(...) MISHMEM_G_AMO(MISHMEM_G_EXTENDED_TYPES, atomic_fetch_nbi, __VA_ARGS__)
#define shmem_atomic_set(...) MISHMEM_G_AMO(MISHMEM_G_EXTENDED_TYPES, atomic_set, __VA_ARGS__)
#define shmem_atomic_swap(...) MISHMEM_G_AMO(MISHMEM_G_EXTENDED_TYPES, atomic_swap, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...) MISHMEM_G_AMO(MISHMEM_G_EXTENDED_TYPES, atomic_swap_nbi, __VA_ARGS__)

/* Standard AMO types. */
#define shmem_atomic_compare_swap(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_compare_swap, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...) MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_fetch_inc, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_inc(...) MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...) MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_fetch_add, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_add(...) MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_TYPES, atomic_add, __VA_ARGS__)

/* Bitwise AMO types. */
#define shmem_atomic_fetch_and(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_fetch_and, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_and(...) MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_fetch_or, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_or(...) MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_fetch_xor, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...) \
    MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_fetch_xor_nbi, __VA_ARGS__)
#define shmem_atomic_xor(...) MISHMEM_G_AMO(MISHMEM_AMO_GENERIC_BITWISE_TYPES, atomic_xor, __VA_ARGS__)

/* Deprecated 1.3 generic names. OpenSHMEM 1.4 deprecated each in favour of
 * the atomic_* name beside it, whose types it takes (1.3 had int, long and
 * long long, plus float and double for fetch, set and swap); SOS and OSHMPI
 * likewise make them the new generics. */
#define shmem_fetch(...) shmem_atomic_fetch(__VA_ARGS__)
#define shmem_set(...) shmem_atomic_set(__VA_ARGS__)
#define shmem_swap(...) shmem_atomic_swap(__VA_ARGS__)
#define shmem_cswap(...) shmem_atomic_compare_swap(__VA_ARGS__)
#define shmem_finc(...) shmem_atomic_fetch_inc(__VA_ARGS__)
#define shmem_inc(...) shmem_atomic_inc(__VA_ARGS__)
#define shmem_fadd(...) shmem_atomic_fetch_add(__VA_ARGS__)
#define shmem_add(...) shmem_atomic_add(__VA_ARGS__)

#endif

#endif
