/* aclshmem face: the RMA extensions (rma_ext_forms.h) on the current
 * instance: strided iput/iget, put-with-signal (aclshmemx_putmem_signal
 * untyped) and aclshmemx_signal_op, typed and sized, generated from the
 * type table. Each call returns an ACLSHMEM_* code. */
#include "api/rma_ext_forms.h"
#include "mishmem/aclshmem_rma_ext.h"
#include "util/type_lists.h"

#define PLAIN ACL, aclshmem_, FACE_NO_CTX, FACE_CURRENT
#define PLAIN_X ACL, aclshmemx_, FACE_NO_CTX, FACE_CURRENT
#define SHAPE(KIND, ...) RMA_##KIND(__VA_ARGS__)

SHAPE(PUT_SIGNAL, PLAIN_X, putmem_signal, void, nelems)

int aclshmemx_signal_op(uint64_t *sig_addr, uint64_t signal, int sig_op, int pe)
{
    RMA_EXT_CALL(ACL, FACE_CURRENT, aclshmemx_signal_op, mishmem_signal_update, pe, sig_addr, signal, sig_op);
}

#define DEFINE_TYPED(T, N) SHAPE(EXT_TYPED_FORMS, PLAIN, T, N)
MISHMEM_RMA_TYPES(DEFINE_TYPED)

#define DEFINE_SIZED(B) SHAPE(EXT_SIZED_FORMS, PLAIN, B)
MISHMEM_SIZED_RMA(DEFINE_SIZED)
