/* aclshmem face: typed and sized put-with-signal on the current instance, returning
 * ACLSHMEM_* codes; generated from the type table. */
#include "api/face.h"
#include "core/signal/signal.h"
#include "mishmem/aclshmem_rma_ext.h"
#include "util/type_lists.h"

#define ACL_PUT_SIGNAL(call, dest, source, nelems, T, sig_addr, signal, sig_op, pe)                     \
    mishmem_put_signal(mishmem_current(), call, dest, source, mishmem_elems_bytes(nelems, sizeof(T)), \
                       sig_addr, signal, sig_op, pe, MISHMEM_RETURN_ERROR)

#define DEFINE_ACL_PUT_SIGNAL(T, N)                                                                    \
    int aclshmem_##N##_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,         \
                                  uint64_t signal, int sig_op, int pe)                                 \
    {                                                                                                  \
        return ACL_PUT_SIGNAL("aclshmem_" #N "_put_signal", dest, source, nelems, T, sig_addr, signal, \
                              sig_op, pe);                                                             \
    }                                                                                                  \
    int aclshmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,     \
                                      uint64_t signal, int sig_op, int pe)                             \
    {                                                                                                  \
        return ACL_PUT_SIGNAL("aclshmem_" #N "_put_signal_nbi", dest, source, nelems, T, sig_addr,     \
                              signal, sig_op, pe);                                                     \
    }
MISHMEM_RMA_TYPES(DEFINE_ACL_PUT_SIGNAL)

/* Sized forms: elements of B bits. */
#define DEFINE_ACL_SIZED_PUT_SIGNAL(B)                                                                \
    int aclshmem_put##B##_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,   \
                                 uint64_t signal, int sig_op, int pe)                                 \
    {                                                                                                 \
        return mishmem_put_signal(mishmem_current(), "aclshmem_put" #B "_signal", dest, source,       \
                                  mishmem_elems_bytes(nelems, (B) / 8), sig_addr, signal, sig_op, pe, \
                                  MISHMEM_RETURN_ERROR);                                              \
    }                                                                                                 \
    int aclshmem_put##B##_signal_nbi(void *dest, const void *source, size_t nelems,                   \
                                     uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)         \
    {                                                                                                 \
        return mishmem_put_signal(mishmem_current(), "aclshmem_put" #B "_signal_nbi", dest, source,   \
                                  mishmem_elems_bytes(nelems, (B) / 8), sig_addr, signal, sig_op, pe, \
                                  MISHMEM_RETURN_ERROR);                                              \
    }
MISHMEM_SIZED_RMA(DEFINE_ACL_SIZED_PUT_SIGNAL)
