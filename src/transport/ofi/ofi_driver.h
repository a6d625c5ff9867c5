/* The endpoint's driver: with manual progress (the provider moves data
 * only inside our calls), a thread of ours serves the peers' operations
 * while no thread of the instance is in the library (a target computing
 * elsewhere must still answer a get), and while the instance's waiters
 * sleep, whom it wakes (their doorbell) when the fabric has traffic. It
 * blocks in the fabric's wait object, never spins, and keeps off the
 * endpoint while an application thread drives it: one polls at a time. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_DRIVER_H
#define MISHMEM_TRANSPORT_OFI_OFI_DRIVER_H

#include "transport/ofi/ofi_state.h"

/* Starts the driver when the domain's progress is manual or atomics are
 * messages (someone must answer them); else nothing. */
int mishmem_ofi_driver_start(struct mishmem_ofi_state *ofi);
/* Stops and joins it (before the endpoint closes). */
void mishmem_ofi_driver_stop(struct mishmem_ofi_state *ofi);
/* A waiter of the instance goes to sleep (asleep 1) or has woken (0). */
void mishmem_ofi_sleeping(void *state, int asleep);

#endif
