/* aclshmem face: RMA beyond aclshmem.h (strided, sized, typed
 * put-with-signal). Every call returns an ACLSHMEM_* code. Include
 * <shmem.h>, not this file. */
#ifndef MISHMEM_ACLSHMEM_RMA_EXT_H
#define MISHMEM_ACLSHMEM_RMA_EXT_H

#include <stddef.h>
#include <stdint.h>

#include <mishmem/type_tables.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MISHMEM_DECLARE_ACL_RMA_EXT(T, N)                                                          \
    int aclshmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, \
                            int pe);                                                               \
    int aclshmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, \
                            int pe);                                                               \
    int aclshmem_##N##_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,     \
                                  uint64_t signal, int sig_op, int pe);                            \
    int aclshmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr, \
                                      uint64_t signal, int sig_op, int pe);
MISHMEM_RMA_TYPES(MISHMEM_DECLARE_ACL_RMA_EXT)
#undef MISHMEM_DECLARE_ACL_RMA_EXT

/* Sized forms: elements of B bits. */
#define MISHMEM_DECLARE_ACL_SIZED(B)                                                               \
    int aclshmem_put##B(void *dest, const void *source, size_t nelems, int pe);                    \
    int aclshmem_get##B(void *dest, const void *source, size_t nelems, int pe);                    \
    int aclshmem_put##B##_nbi(void *dest, const void *source, size_t nelems, int pe);              \
    int aclshmem_get##B##_nbi(void *dest, const void *source, size_t nelems, int pe);              \
    int aclshmem_iput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,             \
                         size_t nelems, int pe);                                                   \
    int aclshmem_iget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,             \
                         size_t nelems, int pe);                                                   \
    int aclshmem_put##B##_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, \
                                 uint64_t signal, int sig_op, int pe);                             \
    int aclshmem_put##B##_signal_nbi(void *dest, const void *source, size_t nelems,                \
                                     uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
MISHMEM_SIZED_RMA(MISHMEM_DECLARE_ACL_SIZED)
#undef MISHMEM_DECLARE_ACL_SIZED

#ifdef __cplusplus
}
#endif

#endif
