/* The shapes of the RMA extensions, written once for both faces and every
 * form: strided iput/iget, the 1.6 interleaved blocks ibput/ibget,
 * put-with-signal (the data lands before the signal is seen) and the
 * signal updates without data. shmem_rma_ext.c instantiates them for the
 * OpenSHMEM face (plain and context forms), aclshmem_rma_ext.c for the
 * aclshmem face. F, PRE, HEAD and INST are those of face.h; T the element
 * type (void for the untyped and sized forms), ELEM its size and BYTES the
 * size of a put-with-signal, an expression of the function's nelems. */
#ifndef MISHMEM_API_RMA_EXT_FORMS_H
#define MISHMEM_API_RMA_EXT_FORMS_H

#include "api/face.h"
#include "core/rma/blocks.h"
#include "core/rma/strided.h"
#include "core/signal/signal.h"

#define RMA_EXT_STR(x) RMA_EXT_STR_(x)
#define RMA_EXT_STR_(x) #x

/* The instance is found first (a team context also renumbers pe), then
 * the core's op is called with the call's name, the arguments and the
 * face's policy, and its code ends the call. */
#define RMA_EXT_CALL(F, INST, NAME, op, pe, ...)                                         \
    do {                                                                                 \
        struct mishmem_instance *inst_ = INST(RMA_EXT_STR(NAME), &(pe));                 \
        FACE_RETURN(F)(op(inst_, RMA_EXT_STR(NAME), __VA_ARGS__, pe, FACE_POLICY(F)));   \
    } while (0)

/* iput and iget of ELEM-byte elements, named PUT and GET. */
#define RMA_STRIDED(F, PRE, HEAD, INST, PUT, GET, T, ELEM)                                             \
    FACE_RESULT(F) PRE##PUT(HEAD() T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, \
                            int pe)                                                                    \
    {                                                                                                  \
        RMA_EXT_CALL(F, INST, PRE##PUT, mishmem_iput, pe, dest, source, dst, sst, nelems, ELEM);       \
    }                                                                                                  \
    FACE_RESULT(F) PRE##GET(HEAD() T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, \
                            int pe)                                                                    \
    {                                                                                                  \
        RMA_EXT_CALL(F, INST, PRE##GET, mishmem_iget, pe, dest, source, dst, sst, nelems, ELEM);       \
    }

/* ibput and ibget of ELEM-byte elements, named PUT and GET. */
#define RMA_BLOCKS(F, PRE, HEAD, INST, PUT, GET, T, ELEM)                                                  \
    FACE_RESULT(F) PRE##PUT(HEAD() T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,   \
                            size_t nblocks, int pe)                                                        \
    {                                                                                                      \
        RMA_EXT_CALL(F, INST, PRE##PUT, mishmem_ibput, pe, dest, source, dst, sst, bsize, nblocks, ELEM);  \
    }                                                                                                      \
    FACE_RESULT(F) PRE##GET(HEAD() T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,   \
                            size_t nblocks, int pe)                                                        \
    {                                                                                                      \
        RMA_EXT_CALL(F, INST, PRE##GET, mishmem_ibget, pe, dest, source, dst, sst, bsize, nblocks, ELEM);  \
    }

/* put-with-signal and its _nbi form, named NAME and NAME_nbi, moving BYTES. */
#define RMA_PUT_SIGNAL(F, PRE, HEAD, INST, NAME, T, BYTES)                                                \
    FACE_RESULT(F) PRE##NAME(HEAD() T *dest, const T *source, size_t nelems, uint64_t *sig_addr,          \
                             uint64_t signal, int sig_op, int pe)                                         \
    {                                                                                                     \
        RMA_EXT_CALL(F, INST, PRE##NAME, mishmem_put_signal, pe, dest, source, BYTES, sig_addr, signal,   \
                     sig_op);                                                                             \
    }                                                                                                     \
    FACE_RESULT(F) PRE##NAME##_nbi(HEAD() T *dest, const T *source, size_t nelems, uint64_t *sig_addr,    \
                                   uint64_t signal, int sig_op, int pe)                                   \
    {                                                                                                     \
        RMA_EXT_CALL(F, INST, PRE##NAME##_nbi, mishmem_put_signal_nbi, pe, dest, source, BYTES, sig_addr, \
                     signal, sig_op);                                                                     \
    }

/* A signal update without data: OP (SHMEM_SIGNAL_SET or _ADD) on *sig_addr.
 * The name is parenthesized: it may also be a C11 generic macro. */
#define RMA_SIGNAL_UPDATE(F, PRE, HEAD, INST, NAME, OP)                                    \
    FACE_RESULT(F)(PRE##NAME)(HEAD() uint64_t * sig_addr, uint64_t signal, int pe)         \
    {                                                                                      \
        RMA_EXT_CALL(F, INST, PRE##NAME, mishmem_signal_update, pe, sig_addr, signal, OP); \
    }

/* The typed forms of type T named N. */
#define RMA_EXT_TYPED_FORMS(F, PRE, HEAD, INST, T, N)                                \
    RMA_STRIDED(F, PRE, HEAD, INST, N##_iput, N##_iget, T, sizeof(T))                \
    RMA_PUT_SIGNAL(F, PRE, HEAD, INST, N##_put_signal, T, mishmem_elems_bytes(nelems, sizeof(T)))
/* The sized forms: elements of B bits. */
#define RMA_EXT_SIZED_FORMS(F, PRE, HEAD, INST, B)                                   \
    RMA_STRIDED(F, PRE, HEAD, INST, iput##B, iget##B, void, B / 8)                   \
    RMA_PUT_SIGNAL(F, PRE, HEAD, INST, put##B##_signal, void, mishmem_elems_bytes(nelems, B / 8))

#endif
