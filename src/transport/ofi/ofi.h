/* The libfabric transport: peers on other hosts. One fabric and domain per
 * process (shared by every instance, reference-counted); per instance an
 * RDM endpoint, an address vector, a completion counter for quiet and an
 * error queue; the whole segment and the static data registered with
 * random 64-bit keys of this instance. Opened only when an instance spans
 * hosts, so a single-host program never calls libfabric. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_H
#define MISHMEM_TRANSPORT_OFI_OFI_H

#include "transport/transport.h"

extern const struct mishmem_transport mishmem_ofi_transport;

#endif
