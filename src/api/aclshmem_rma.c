/* aclshmem face: contiguous RMA (rma_forms.h), untyped, typed and sized,
 * on the current instance, generated from the type table. Each call
 * returns an ACLSHMEM_* code, but <T>_g, which has no error channel:
 * misuse is logged and gives 0 (docs/reference/api.md), or ends the
 * process under SHMEM_DEBUG=1. */
#include "api/rma_forms.h"
#include "mishmem/aclshmem_rma_ext.h"
#include "util/type_lists.h"

#define PLAIN ACL, aclshmem_, FACE_NO_CTX, FACE_CURRENT
#define FORMS(KIND, ...) RMA_##KIND##_FORMS(__VA_ARGS__)

FORMS(MEM, PLAIN)

#define DEFINE_TYPED(T, N) FORMS(TYPED, PLAIN, T, N)
MISHMEM_RMA_TYPES(DEFINE_TYPED)

#define DEFINE_SIZED(B) FORMS(SIZED, PLAIN, B)
MISHMEM_SIZED_RMA(DEFINE_SIZED)
