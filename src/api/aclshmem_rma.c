/* aclshmem face: RMA, generated from the type table. */
#include "api/face.h"
#include "core/rma/rma.h"
#include "util/type_lists.h"

/* Overflow-safe: a count too large for size_t fails the range check. */
#define ELEM_BYTES(nelems, T) mishmem_elems_bytes(nelems, sizeof(T))

#define ACL_RMA(call, op, dest, source, bytes, pe)                                     \
    do {                                                                               \
        struct mishmem_instance *inst_ = mishmem_current();                            \
        return op(inst_, call, dest, source, bytes, pe, MISHMEM_RETURN_ERROR);         \
    } while (0)

int aclshmem_putmem(void *dest, const void *source, size_t nbytes, int pe)
{
    ACL_RMA("aclshmem_putmem", mishmem_put, dest, source, nbytes, pe);
}

int aclshmem_getmem(void *dest, const void *source, size_t nbytes, int pe)
{
    ACL_RMA("aclshmem_getmem", mishmem_get, dest, source, nbytes, pe);
}

int aclshmem_putmem_nbi(void *dest, const void *source, size_t nbytes, int pe)
{
    ACL_RMA("aclshmem_putmem_nbi", mishmem_put_nbi, dest, source, nbytes, pe);
}

int aclshmem_getmem_nbi(void *dest, const void *source, size_t nbytes, int pe)
{
    ACL_RMA("aclshmem_getmem_nbi", mishmem_get_nbi, dest, source, nbytes, pe);
}

#define DEFINE_ACL_RMA(T, N)                                                                      \
    int aclshmem_##N##_put(T *dest, const T *source, size_t nelems, int pe)                       \
    {                                                                                             \
        ACL_RMA("aclshmem_" #N "_put", mishmem_put, dest, source, ELEM_BYTES(nelems, T), pe);     \
    }                                                                                             \
    int aclshmem_##N##_get(T *dest, const T *source, size_t nelems, int pe)                       \
    {                                                                                             \
        ACL_RMA("aclshmem_" #N "_get", mishmem_get, dest, source, ELEM_BYTES(nelems, T), pe);     \
    }                                                                                             \
    int aclshmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe)                   \
    {                                                                                             \
        ACL_RMA("aclshmem_" #N "_put_nbi", mishmem_put_nbi, dest, source, ELEM_BYTES(nelems, T), pe); \
    }                                                                                             \
    int aclshmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe)                   \
    {                                                                                             \
        ACL_RMA("aclshmem_" #N "_get_nbi", mishmem_get_nbi, dest, source, ELEM_BYTES(nelems, T), pe); \
    }                                                                                             \
    int aclshmem_##N##_p(T *dest, T value, int pe)                                                \
    {                                                                                             \
        ACL_RMA("aclshmem_" #N "_p", mishmem_put, dest, &value, sizeof(T), pe);                   \
    }                                                                                             \
    /* No error channel: misuse is logged and gives 0 (docs/reference/api.md), or ends            \
     * the process under SHMEM_DEBUG=1. */                                                        \
    T aclshmem_##N##_g(const T *source, int pe)                                                   \
    {                                                                                             \
        T value = 0;                                                                              \
        mishmem_get(mishmem_current(), "aclshmem_" #N "_g", &value, source, sizeof(T), pe,        \
                    MISHMEM_RETURN_OR_DEBUG_ABORT);                                               \
        return value;                                                                             \
    }
MISHMEM_RMA_TYPES(DEFINE_ACL_RMA)
