/* OpenSHMEM face: contiguous RMA (rma_forms.h), untyped, typed and sized,
 * on the current instance and through a context, generated from the type
 * table. A created context acts on the instance it was made in, whatever
 * instance is current. Misuse aborts with a message naming the call, the
 * PE and the address. */
#include "api/rma_forms.h"
#include "mishmem/openshmem_rma_ext.h"
#include "util/type_lists.h"

#define PLAIN SHMEM, shmem_, FACE_NO_CTX, FACE_CURRENT
#define CTX SHMEM, shmem_ctx_, FACE_CTX_PARAM, FACE_CTX_TARGET
#define FORMS(KIND, ...) RMA_##KIND##_FORMS(__VA_ARGS__)

FORMS(MEM, PLAIN)
FORMS(MEM, CTX)

#define DEFINE_TYPED(T, N) FORMS(TYPED, PLAIN, T, N) FORMS(TYPED, CTX, T, N)
MISHMEM_RMA_TYPES(DEFINE_TYPED)

#define DEFINE_SIZED(B) FORMS(SIZED, PLAIN, B) FORMS(SIZED, CTX, B)
MISHMEM_SIZED_RMA(DEFINE_SIZED)
