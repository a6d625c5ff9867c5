/* OpenSHMEM face: the typed atomics (amo_forms.h) on the current instance
 * (shmem_<T>_atomic_*), through a context (shmem_ctx_<T>_atomic_*), and the
 * AMO names of OpenSHMEM 1.3 (deprecated since 1.4, still used by older
 * programs). A created context acts on the instance it was made in,
 * whatever instance is current; SHMEM_CTX_DEFAULT on the current one.
 * Misuse (an unusable context included) aborts with a message naming the
 * call, the PE and the address. */
#include "api/amo_forms.h"
#include "mishmem/openshmem_amo.h"
#include "util/type_lists.h"

#define PLAIN SHMEM, shmem_, FACE_NO_CTX, FACE_CURRENT
#define CTX SHMEM, shmem_ctx_, FACE_CTX_PARAM, FACE_CTX_TARGET
#define FAMILY(KIND, FORM, T, N) AMO_##KIND##_FAMILY(FORM, T, N)

#define DEFINE_EXTENDED(T, N) FAMILY(EXTENDED, PLAIN, T, N) FAMILY(EXTENDED, CTX, T, N)
#define DEFINE_STANDARD(T, N) FAMILY(STANDARD, PLAIN, T, N) FAMILY(STANDARD, CTX, T, N)
#define DEFINE_BITWISE(T, N) FAMILY(BITWISE, PLAIN, T, N) FAMILY(BITWISE, CTX, T, N)
MISHMEM_AMO_STANDARD_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_STANDARD_TYPES(DEFINE_STANDARD)
MISHMEM_AMO_BITWISE_TYPES(DEFINE_BITWISE)

/* 1.3: fetch, set, swap (int, long, long long, float, double); cswap,
 * finc, inc, fadd, add (int, long, long long). */
#define SHAPE(KIND, FORM, ...) AMO_##KIND(FORM, __VA_ARGS__)
#define DEFINE_DEPRECATED_EXTENDED(T, N)                         \
    SHAPE(FETCH, PLAIN, T, N, fetch)                             \
    SHAPE(UPDATE, PLAIN, T, N, set, MISHMEM_AMO_SET)             \
    SHAPE(FETCHING, PLAIN, T, N, swap, MISHMEM_AMO_SWAP)
#define DEFINE_DEPRECATED(T, N)                                  \
    DEFINE_DEPRECATED_EXTENDED(T, N)                             \
    SHAPE(COMPARE_SWAP, PLAIN, T, N, cswap)                      \
    SHAPE(FETCH_INC, PLAIN, T, N, finc)                          \
    SHAPE(INC, PLAIN, T, N, inc)                                 \
    SHAPE(FETCHING, PLAIN, T, N, fadd, MISHMEM_AMO_FETCH_ADD)    \
    SHAPE(UPDATE, PLAIN, T, N, add, MISHMEM_AMO_FETCH_ADD)
MISHMEM_AMO_DEPRECATED_TYPES(DEFINE_DEPRECATED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(DEFINE_DEPRECATED_EXTENDED)

/* Parenthesized: shmem_swap is also the C11 generic macro. */
long(shmem_swap)(long *dest, long value, int pe)
{
    long old = 0;
    AMO_CALL(SHMEM, FACE_CURRENT, FACE_DROP, shmem_swap, MISHMEM_AMO_SWAP, long, dest, &value, NULL, &old, pe);
    return old;
}
