/* OpenSHMEM face: point-to-point synchronization (p2p_forms.h) over arrays
 * of ivars (wait_until_all/any/some, test, test_all/any/some, _vector
 * forms), the deprecated shmem_<T>_wait and 1.3's untyped waits on a
 * long. The inline waits on one word (shmem_<T>_wait_until, the signal
 * waits) are in shmem_sync.c. Misuse aborts with a message naming the
 * call. */
#include "api/p2p_forms.h"
#include "mishmem/openshmem_p2p.h"
#include "util/type_lists.h"

#define DEFINE_P2P(T, N)                                                                               \
    P2P_SET_FAMILY(SHMEM, shmem_, T, N)                                                                \
    /* Deprecated: waits until *ivar differs from cmp_value. */                                        \
    void shmem_##N##_wait(T *ivar, T cmp_value)                                                        \
    {                                                                                                  \
        const char *call = "shmem_" #N "_wait";                                                        \
        mishmem_p2p_##N##_wait_all(mishmem_shmem_instance(call), call, ivar, 1, NULL, SHMEM_CMP_NE,    \
                                   &cmp_value, 0, MISHMEM_ABORT);                                      \
    }
MISHMEM_P2P_SYNC_TYPES(DEFINE_P2P)

/* Parenthesized: both names are also C11 generic macros. */
void(shmem_wait)(long *ivar, long cmp_value)
{
    mishmem_p2p_long_wait_all(mishmem_shmem_instance("shmem_wait"), "shmem_wait", ivar, 1, NULL, SHMEM_CMP_NE,
                              &cmp_value, 0, MISHMEM_ABORT);
}

void(shmem_wait_until)(long *ivar, int cmp, long cmp_value)
{
    mishmem_p2p_long_wait_all(mishmem_shmem_instance("shmem_wait_until"), "shmem_wait_until", ivar, 1, NULL,
                              cmp, &cmp_value, 0, MISHMEM_ABORT);
}
