/* OpenSHMEM face: the context forms of the typed atomics
 * (shmem_ctx_<T>_atomic_*). A created context acts on the instance it was
 * made in, whatever instance is current; SHMEM_CTX_DEFAULT on the current
 * one. An unusable context (invalid, destroyed, its instance finalized)
 * aborts with a message naming the call. */
#include "api/face.h"
#include "api/shmem_amo_forms.h"
#include "core/context.h"
#include "util/type_lists.h"

#define CTX_PARAM() shmem_ctx_t ctx,
#define CTX_INSTANCE(call, pe_ptr) mishmem_ctx_target(ctx, pe_ptr, call)

#define DEFINE_EXTENDED(T, N) SHMEM_AMO_EXTENDED_FAMILY(shmem_ctx_, CTX_PARAM, CTX_INSTANCE, T, N)
#define DEFINE_STANDARD(T, N) SHMEM_AMO_STANDARD_FAMILY(shmem_ctx_, CTX_PARAM, CTX_INSTANCE, T, N)
#define DEFINE_BITWISE(T, N) SHMEM_AMO_BITWISE_FAMILY(shmem_ctx_, CTX_PARAM, CTX_INSTANCE, T, N)

MISHMEM_AMO_STANDARD_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_STANDARD_TYPES(DEFINE_STANDARD)
MISHMEM_AMO_BITWISE_TYPES(DEFINE_BITWISE)
