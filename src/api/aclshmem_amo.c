/* aclshmem face: the typed atomics (amo_forms.h) on the current instance.
 * Fetching calls return the old value (0 after a logged error); the others
 * return an ACLSHMEM_* code. */
#include "api/amo_forms.h"
#include "mishmem/aclshmem_amo.h"
#include "util/type_lists.h"

#define PLAIN ACL, aclshmem_, FACE_NO_CTX, FACE_CURRENT
#define FAMILY(KIND, FORM, T, N) AMO_##KIND##_FAMILY(FORM, T, N)

#define DEFINE_EXTENDED(T, N) FAMILY(EXTENDED, PLAIN, T, N)
#define DEFINE_STANDARD(T, N) FAMILY(STANDARD, PLAIN, T, N)
#define DEFINE_BITWISE(T, N) FAMILY(BITWISE, PLAIN, T, N)
MISHMEM_AMO_STANDARD_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_EXTENDED_ONLY_TYPES(DEFINE_EXTENDED)
MISHMEM_AMO_STANDARD_TYPES(DEFINE_STANDARD)
MISHMEM_AMO_BITWISE_TYPES(DEFINE_BITWISE)
