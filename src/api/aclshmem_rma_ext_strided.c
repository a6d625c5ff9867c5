/* aclshmem face: strided iput/iget (typed and sized) on the current instance, returning
 * ACLSHMEM_* codes; generated from the type table. */
#include "api/face.h"
#include "core/rma/strided.h"
#include "mishmem/aclshmem_rma_ext.h"
#include "util/type_lists.h"

#define DEFINE_ACL_STRIDED(T, N)                                                                     \
    int aclshmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                            int pe)                                                                  \
    {                                                                                                \
        return mishmem_iput(mishmem_current(), "aclshmem_" #N "_iput", dest, source, dst, sst,       \
                            nelems, sizeof(T), pe, MISHMEM_RETURN_ERROR);                            \
    }                                                                                                \
    int aclshmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                            int pe)                                                                  \
    {                                                                                                \
        return mishmem_iget(mishmem_current(), "aclshmem_" #N "_iget", dest, source, dst, sst,       \
                            nelems, sizeof(T), pe, MISHMEM_RETURN_ERROR);                            \
    }
MISHMEM_RMA_TYPES(DEFINE_ACL_STRIDED)

/* Sized forms: elements of B bits. */
#define DEFINE_ACL_SIZED_STRIDED(B)                                                                \
    int aclshmem_iput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,             \
                         size_t nelems, int pe)                                                    \
    {                                                                                              \
        return mishmem_iput(mishmem_current(), "aclshmem_iput" #B, dest, source, dst, sst, nelems, \
                            (B) / 8, pe, MISHMEM_RETURN_ERROR);                                    \
    }                                                                                              \
    int aclshmem_iget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,             \
                         size_t nelems, int pe)                                                    \
    {                                                                                              \
        return mishmem_iget(mishmem_current(), "aclshmem_iget" #B, dest, source, dst, sst, nelems, \
                            (B) / 8, pe, MISHMEM_RETURN_ERROR);                                    \
    }
MISHMEM_SIZED_RMA(DEFINE_ACL_SIZED_STRIDED)
