/* The one piece of state the point-to-point set scans keep: where each
 * thread's next *_any scan starts (see p2p_set.h). */
#include "core/p2p_set.h"

_Thread_local size_t mishmem_p2p_any_start;
