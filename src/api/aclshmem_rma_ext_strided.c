/* aclshmem face: strided iput/iget on the current instance, returning
 * ACLSHMEM_* codes; generated from the type table. */
#include "api/face.h"
#include "core/strided.h"
#include "mishmem/aclshmem_rma_ext.h"

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
