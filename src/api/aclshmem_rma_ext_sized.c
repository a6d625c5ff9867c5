/* aclshmem face: sized put/get (B bits per element) on the current
 * instance, returning ACLSHMEM_* codes. */
#include "api/face.h"
#include "core/rma/rma.h"
#include "mishmem/aclshmem_rma_ext.h"
#include "util/type_lists.h"

#define ACL_SIZED(op, call, dest, source, nelems, B, pe) \
    op(mishmem_current(), call, dest, source, mishmem_elems_bytes(nelems, B / 8), pe, MISHMEM_RETURN_ERROR)

#define DEFINE_ACL_SIZED(B)                                                                         \
    int aclshmem_put##B(void *dest, const void *source, size_t nelems, int pe)                      \
    {                                                                                               \
        return ACL_SIZED(mishmem_put, "aclshmem_put" #B, dest, source, nelems, B, pe);              \
    }                                                                                               \
    int aclshmem_get##B(void *dest, const void *source, size_t nelems, int pe)                      \
    {                                                                                               \
        return ACL_SIZED(mishmem_get, "aclshmem_get" #B, dest, source, nelems, B, pe);              \
    }                                                                                               \
    int aclshmem_put##B##_nbi(void *dest, const void *source, size_t nelems, int pe)                \
    {                                                                                               \
        return ACL_SIZED(mishmem_put_nbi, "aclshmem_put" #B "_nbi", dest, source, nelems, B, pe);       \
    }                                                                                               \
    int aclshmem_get##B##_nbi(void *dest, const void *source, size_t nelems, int pe)                \
    {                                                                                               \
        return ACL_SIZED(mishmem_get_nbi, "aclshmem_get" #B "_nbi", dest, source, nelems, B, pe);       \
    }
MISHMEM_SIZED_RMA(DEFINE_ACL_SIZED)
