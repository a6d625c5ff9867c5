/* aclshmem face: point-to-point synchronization (p2p_forms.h) over arrays
 * of ivars with the OpenSHMEM 1.5 semantics, for the seed's types and
 * those of table 7. The waits on one word (wait_until, the deprecated
 * wait, the signal wait) are in aclshmem_sync.c. Misuse is logged and
 * answered with ACLSHMEM_INVALID_PARAM (int results), SIZE_MAX (*_any) or
 * 0 (*_some); a wait without a current instance with ACLSHMEM_NOT_INITED
 * / SIZE_MAX / 0. */
#include "api/p2p_forms.h"
#include "mishmem/aclshmem_p2p.h"
#include "util/type_lists.h"

#define DEFINE_SET_FAMILY(T, N) P2P_SET_FAMILY(ACL, aclshmem_, T, N)
MISHMEM_ACL_P2P_SYNC_TYPES(DEFINE_SET_FAMILY)
