/* Atomics the target executes: for a provider without the fabric atomics
 * OpenSHMEM needs (libfabric's `net`), an AMO is a small message that the
 * target's progress (a waiting thread of the target, or its driver thread,
 * ofi_driver.h) applies with the CPU's atomics on its own memory, and
 * answers with the old value. So they are atomic with the load/store AMOs
 * of the target's local peers too. Every request is answered, fetching or
 * not: a quiet waits for the answers of all requests sent before it. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_AM_H
#define MISHMEM_TRANSPORT_OFI_OFI_AM_H

#include "transport/ofi/ofi_state.h"

/* When the domain runs AMOs as messages: posts the receive buffers (the
 * endpoint is enabled) and sets the state's received, message_amo and
 * settle (ofi_state.h), which the data path calls: received when a
 * receive buffer has a message or an error, message_amo for every AMO,
 * settle (fence, quiet) to wait until every request sent before it has its
 * answer (ACLSHMEMX_PEER_FAILED when answers stop for the peer timeout). */
int mishmem_ofi_am_open(struct mishmem_ofi_state *ofi);
/* After the endpoint is closed (it owned the posted buffers). */
void mishmem_ofi_am_close(struct mishmem_ofi_state *ofi);

#endif
