/* Point-to-point waits on a local symmetric variable that peers update. */
#ifndef MISHMEM_CORE_P2P_WAIT_H
#define MISHMEM_CORE_P2P_WAIT_H

#include "progress/wait.h"
#include "mishmem/openshmem.h"

/* 1 when `value cmp target` holds, 0 when not, -1 for an unknown cmp. */
#define MISHMEM_COMPARE(cmp, value, target)                  \
    ((cmp) == SHMEM_CMP_EQ   ? (value) == (target)           \
     : (cmp) == SHMEM_CMP_NE ? (value) != (target)           \
     : (cmp) == SHMEM_CMP_GT ? (value) > (target)            \
     : (cmp) == SHMEM_CMP_LE ? (value) <= (target)           \
     : (cmp) == SHMEM_CMP_LT ? (value) < (target)            \
     : (cmp) == SHMEM_CMP_GE ? (value) >= (target)           \
                             : -1)

static inline int mishmem_cmp_valid(int cmp) { return cmp >= SHMEM_CMP_EQ && cmp <= SHMEM_CMP_GE; }

/* Waits until *ivar cmp target; cmp must be valid and ivar non-NULL. */
#define MISHMEM_WAIT_VAR(inst, operation, ivar, cmp, target)                                      \
    MISHMEM_WAIT_DATA_UNTIL(inst, operation,                                                     \
                       MISHMEM_COMPARE(cmp, __atomic_load_n(ivar, __ATOMIC_ACQUIRE), target) == 1)

#endif
