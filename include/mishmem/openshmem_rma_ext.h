/* OpenSHMEM RMA beyond openshmem.h: strided iput/iget, the 1.6 block
 * transfers ibput/ibget and signal add/set, typed and sized put-with-signal, and the forms of every RMA call that take a
 * context first (they act on the context's instance). Declarations expand
 * from the type table. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_RMA_EXT_H
#define MISHMEM_OPENSHMEM_RMA_EXT_H

#include <stddef.h>
#include <stdint.h>

#include <mishmem/handles.h>
#include <mishmem/type_tables.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Strided and signalling forms without a context. */
#define MISHMEM_DECLARE_SHMEM_RMA_EXT(T, N)                                                       \
    void shmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                          int pe);                                                                \
    void shmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                          int pe);                                                                \
    void shmem_##N##_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,      \
                                uint64_t signal, int sig_op, int pe);                             \
    void shmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,  \
                                    uint64_t signal, int sig_op, int pe);
MISHMEM_RMA_TYPES(MISHMEM_DECLARE_SHMEM_RMA_EXT)
#undef MISHMEM_DECLARE_SHMEM_RMA_EXT

#define MISHMEM_DECLARE_SHMEM_SIZED_EXT(B)                                                            \
    void shmem_iput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                       int pe);                                                                       \
    void shmem_iget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                       int pe);                                                                       \
    void shmem_put##B##_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,     \
                               uint64_t signal, int sig_op, int pe);                                  \
    void shmem_put##B##_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, \
                                   uint64_t signal, int sig_op, int pe);
MISHMEM_SIZED_RMA(MISHMEM_DECLARE_SHMEM_SIZED_EXT)
#undef MISHMEM_DECLARE_SHMEM_SIZED_EXT

/* Context forms: untyped. */
void shmem_ctx_putmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_putmem_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);

/* Context forms: typed. */
#define MISHMEM_DECLARE_SHMEM_CTX_RMA(T, N)                                                         \
    void shmem_ctx_##N##_put(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);     \
    void shmem_ctx_##N##_get(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);     \
    void shmem_ctx_##N##_put_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe); \
    void shmem_ctx_##N##_get_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe); \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe);                              \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe);                                  \
    void shmem_ctx_##N##_iput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,             \
                              ptrdiff_t sst, size_t nelems, int pe);                                \
    void shmem_ctx_##N##_iget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,             \
                              ptrdiff_t sst, size_t nelems, int pe);                                \
    void shmem_ctx_##N##_put_signal(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,       \
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);       \
    void shmem_ctx_##N##_put_signal_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,   \
                                        uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
MISHMEM_RMA_TYPES(MISHMEM_DECLARE_SHMEM_CTX_RMA)
#undef MISHMEM_DECLARE_SHMEM_CTX_RMA

/* Context forms: sized (B bits per element). */
#define MISHMEM_DECLARE_SHMEM_CTX_SIZED(B)                                                          \
    void shmem_ctx_put##B(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);  \
    void shmem_ctx_get##B(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);  \
    void shmem_ctx_put##B##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,     \
                                int pe);                                                            \
    void shmem_ctx_get##B##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,     \
                                int pe);                                                            \
    void shmem_ctx_iput##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,          \
                           ptrdiff_t sst, size_t nelems, int pe);                                   \
    void shmem_ctx_iget##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,          \
                           ptrdiff_t sst, size_t nelems, int pe);                                   \
    void shmem_ctx_put##B##_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,  \
                                   uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);        \
    void shmem_ctx_put##B##_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,             \
                                       size_t nelems, uint64_t *sig_addr, uint64_t signal,          \
                                       int sig_op, int pe);
MISHMEM_SIZED_RMA(MISHMEM_DECLARE_SHMEM_CTX_SIZED)
#undef MISHMEM_DECLARE_SHMEM_CTX_SIZED

/* OpenSHMEM 1.6 interleaved blocks: nblocks blocks of bsize contiguous
 * elements, block b at dst * b elements into dest and sst * b into source
 * (strides >= 1). Typed, sized, and with a context first. */
#define MISHMEM_DECLARE_SHMEM_BLOCKS(T, N)                                                           \
    void shmem_##N##_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,     \
                           size_t nblocks, int pe);                                                  \
    void shmem_##N##_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,     \
                           size_t nblocks, int pe);                                                  \
    void shmem_ctx_##N##_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,             \
                               ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);                 \
    void shmem_ctx_##N##_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst,             \
                               ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
MISHMEM_RMA_TYPES(MISHMEM_DECLARE_SHMEM_BLOCKS)
#undef MISHMEM_DECLARE_SHMEM_BLOCKS
#define MISHMEM_DECLARE_SHMEM_SIZED_BLOCKS(B)                                                        \
    void shmem_ibput##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,  \
                        size_t nblocks, int pe);                                                     \
    void shmem_ibget##B(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,  \
                        size_t nblocks, int pe);                                                     \
    void shmem_ctx_ibput##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,          \
                            ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);                    \
    void shmem_ctx_ibget##B(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,          \
                            ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
MISHMEM_SIZED_RMA(MISHMEM_DECLARE_SHMEM_SIZED_BLOCKS)
#undef MISHMEM_DECLARE_SHMEM_SIZED_BLOCKS

/* OpenSHMEM 1.6 signal updates without data (SHMEM_SIGNAL_ADD / _SET on
 * PE pe's sig_addr, atomic with the other signal operations). In C11
 * shmem_signal_add(ctx, sig_addr, signal, pe) also takes a context first
 * (openshmem_generic_rma.h); C++ has the overload. */
void shmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);

#ifdef __cplusplus
}
#endif

#include <mishmem/openshmem_generic_rma.h>

#endif
