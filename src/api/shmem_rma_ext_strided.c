/* OpenSHMEM face: strided iput/iget on the current instance, generated
 * from the type table. */
#include "api/face.h"
#include "core/rma/strided.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

#define SHMEM_STRIDED(op, call, dest, source, dst, sst, nelems, elem, pe) \
    op(mishmem_current(), call, dest, source, dst, sst, nelems, elem, pe, MISHMEM_ABORT)

#define DEFINE_SHMEM_STRIDED(T, N)                                                                       \
    void shmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,         \
                          int pe)                                                                        \
    {                                                                                                    \
        SHMEM_STRIDED(mishmem_iput, "shmem_" #N "_iput", dest, source, dst, sst, nelems, sizeof(T), pe); \
    }                                                                                                    \
    void shmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,         \
                          int pe)                                                                        \
    {                                                                                                    \
        SHMEM_STRIDED(mishmem_iget, "shmem_" #N "_iget", dest, source, dst, sst, nelems, sizeof(T), pe); \
    }
MISHMEM_RMA_TYPES(DEFINE_SHMEM_STRIDED)

#define DEFINE_SHMEM_SIZED_STRIDED(B)                                                                \
    void shmem_iput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                       int pe)                                                                       \
    {                                                                                                \
        SHMEM_STRIDED(mishmem_iput, "shmem_iput" #B, dest, source, dst, sst, nelems, B / 8, pe);     \
    }                                                                                                \
    void shmem_iget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                       int pe)                                                                       \
    {                                                                                                \
        SHMEM_STRIDED(mishmem_iget, "shmem_iget" #B, dest, source, dst, sst, nelems, B / 8, pe);     \
    }
MISHMEM_SIZED_RMA(DEFINE_SHMEM_SIZED_STRIDED)
