/* OpenSHMEM face: the RMA extensions (rma_ext_forms.h) on the current
 * instance and through a context: strided iput/iget, the 1.6 interleaved
 * blocks ibput/ibget, put-with-signal and the 1.6 signal updates without
 * data (shmem_signal_add / _set), untyped, typed and sized, generated from
 * the type table. Misuse aborts with a message naming the call. */
#include "api/rma_ext_forms.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

#define PLAIN SHMEM, shmem_, FACE_NO_CTX, FACE_CURRENT
/* The blocks and the signal updates report a missing instance here. */
#define PLAIN_OR_EXIT SHMEM, shmem_, FACE_NO_CTX, FACE_CURRENT_OR_EXIT
#define CTX SHMEM, shmem_ctx_, FACE_CTX_PARAM, FACE_CTX_TARGET
#define SHAPE(KIND, ...) RMA_##KIND(__VA_ARGS__)

SHAPE(PUT_SIGNAL, PLAIN, putmem_signal, void, nelems)
SHAPE(PUT_SIGNAL, CTX, putmem_signal, void, nelems)
SHAPE(SIGNAL_UPDATE, PLAIN_OR_EXIT, signal_add, SHMEM_SIGNAL_ADD)
SHAPE(SIGNAL_UPDATE, PLAIN_OR_EXIT, signal_set, SHMEM_SIGNAL_SET)
SHAPE(SIGNAL_UPDATE, CTX, signal_add, SHMEM_SIGNAL_ADD)
SHAPE(SIGNAL_UPDATE, CTX, signal_set, SHMEM_SIGNAL_SET)

#define DEFINE_TYPED(T, N)                                                       \
    SHAPE(EXT_TYPED_FORMS, PLAIN, T, N)                                          \
    SHAPE(EXT_TYPED_FORMS, CTX, T, N)                                            \
    SHAPE(BLOCKS, PLAIN_OR_EXIT, N##_ibput, N##_ibget, T, sizeof(T))             \
    SHAPE(BLOCKS, CTX, N##_ibput, N##_ibget, T, sizeof(T))
MISHMEM_RMA_TYPES(DEFINE_TYPED)

#define DEFINE_SIZED(B)                                                          \
    SHAPE(EXT_SIZED_FORMS, PLAIN, B)                                             \
    SHAPE(EXT_SIZED_FORMS, CTX, B)                                               \
    SHAPE(BLOCKS, PLAIN_OR_EXIT, ibput##B, ibget##B, void, B / 8)                \
    SHAPE(BLOCKS, CTX, ibput##B, ibget##B, void, B / 8)
MISHMEM_SIZED_RMA(DEFINE_SIZED)
