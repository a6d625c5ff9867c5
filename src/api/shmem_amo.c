/* OpenSHMEM face: typed atomics and their non-blocking fetching forms on
 * the current instance, generated from the AMO type tables. */
#include "api/face.h"
#include "api/shmem_amo_forms.h"
#include "util/type_lists.h"

#define NO_CTX()
#define CURRENT_INSTANCE(call, pe_ptr) mishmem_current()

#define DEFINE_EXTENDED(T, N) SHMEM_AMO_EXTENDED_FAMILY(shmem_, NO_CTX, CURRENT_INSTANCE, T, N)
#define DEFINE_STANDARD(T, N) SHMEM_AMO_STANDARD_FAMILY(shmem_, NO_CTX, CURRENT_INSTANCE, T, N)
#define DEFINE_BITWISE(T, N) SHMEM_AMO_BITWISE_FAMILY(shmem_, NO_CTX, CURRENT_INSTANCE, T, N)

MISHMEM_AMO_STANDARD_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_STANDARD_TYPES(DEFINE_STANDARD)
MISHMEM_AMO_BITWISE_TYPES(DEFINE_BITWISE)
