/* OpenSHMEM face: the AMO names of OpenSHMEM 1.3, deprecated since 1.4 but
 * still used by older programs. Each reports misuse under its own name. */
#include "api/face.h"
#include "api/shmem_amo_forms.h"
#include "util/type_lists.h"

#define CURRENT_INSTANCE(call, pe_ptr) mishmem_current()
#define OLD_AMO(NAME, op, T, target, operand, cond, fetched, pe) \
    SHMEM_AMO_CALL(CURRENT_INSTANCE, NAME, op, T, target, operand, cond, fetched, pe)

/* fetch, set, swap: int, long, long long, float, double. */
#define DEFINE_DEPRECATED_EXTENDED(T, N)                                                  \
    T shmem_##N##_fetch(const T *source, int pe)                                          \
    {                                                                                     \
        T old = 0;                                                                        \
        OLD_AMO(shmem_##N##_fetch, MISHMEM_AMO_FETCH, T, source, NULL, NULL, &old, pe);   \
        return old;                                                                       \
    }                                                                                     \
    void shmem_##N##_set(T *dest, T value, int pe)                                        \
    {                                                                                     \
        T discarded;                                                                      \
        OLD_AMO(shmem_##N##_set, MISHMEM_AMO_SET, T, dest, &value, NULL, &discarded, pe); \
    }                                                                                     \
    T shmem_##N##_swap(T *dest, T value, int pe)                                          \
    {                                                                                     \
        T old = 0;                                                                        \
        OLD_AMO(shmem_##N##_swap, MISHMEM_AMO_SWAP, T, dest, &value, NULL, &old, pe);     \
        return old;                                                                       \
    }

/* cswap, finc, inc, fadd, add: int, long, long long. */
#define DEFINE_DEPRECATED(T, N)                                                                 \
    DEFINE_DEPRECATED_EXTENDED(T, N)                                                            \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe)                                       \
    {                                                                                           \
        T old = 0;                                                                              \
        OLD_AMO(shmem_##N##_cswap, MISHMEM_AMO_COMPARE_SWAP, T, dest, &value, &cond, &old, pe); \
        return old;                                                                             \
    }                                                                                           \
    T shmem_##N##_finc(T *dest, int pe)                                                         \
    {                                                                                           \
        T one = 1, old = 0;                                                                     \
        OLD_AMO(shmem_##N##_finc, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, &old, pe);        \
        return old;                                                                             \
    }                                                                                           \
    void shmem_##N##_inc(T *dest, int pe)                                                       \
    {                                                                                           \
        T one = 1, discarded;                                                                   \
        OLD_AMO(shmem_##N##_inc, MISHMEM_AMO_FETCH_ADD, T, dest, &one, NULL, &discarded, pe);   \
    }                                                                                           \
    T shmem_##N##_fadd(T *dest, T value, int pe)                                                \
    {                                                                                           \
        T old = 0;                                                                              \
        OLD_AMO(shmem_##N##_fadd, MISHMEM_AMO_FETCH_ADD, T, dest, &value, NULL, &old, pe);      \
        return old;                                                                             \
    }                                                                                           \
    void shmem_##N##_add(T *dest, T value, int pe)                                              \
    {                                                                                           \
        T discarded;                                                                            \
        OLD_AMO(shmem_##N##_add, MISHMEM_AMO_FETCH_ADD, T, dest, &value, NULL, &discarded, pe); \
    }

MISHMEM_AMO_DEPRECATED_TYPES(DEFINE_DEPRECATED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(DEFINE_DEPRECATED_EXTENDED)

/* Parenthesized: shmem_swap is also the C11 generic macro. */
long(shmem_swap)(long *dest, long value, int pe)
{
    long old = 0;
    OLD_AMO(shmem_swap, MISHMEM_AMO_SWAP, long, dest, &value, NULL, &old, pe);
    return old;
}
