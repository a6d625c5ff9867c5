/* The table of transports (transport/table.h). */
#include "transport/table.h"

#include "transport/shm/shm.h"
#ifdef MISHMEM_HAVE_OFI
#include "transport/ofi/ofi.h"
#endif

const struct mishmem_transport *const mishmem_transport_table[] = {
    &mishmem_shm_transport,
#ifdef MISHMEM_HAVE_OFI
    &mishmem_ofi_transport,
#endif
};
#define N_TRANSPORTS ((int)(sizeof mishmem_transport_table / sizeof mishmem_transport_table[0]))
_Static_assert(N_TRANSPORTS <= MISHMEM_MAX_TRANSPORTS, "raise MISHMEM_MAX_TRANSPORTS");
const int mishmem_transport_count = N_TRANSPORTS;
