/* The libfabric transport's data path. Every operation is counted on the
 * instance's counter; quiet waits until the counter has them all, so a
 * blocking call is an NBI call and a wait for its own completion, except
 * where an operation is copied out at once (fi_inject: small puts, atomics
 * without a result), which only the next quiet completes. */
#ifndef MISHMEM_TRANSPORT_OFI_OFI_OPS_H
#define MISHMEM_TRANSPORT_OFI_OFI_OPS_H

#include "transport/ofi/ofi_state.h"

int mishmem_ofi_put(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                    enum mishmem_completion completion);
int mishmem_ofi_get(void *state, int pe, void *dest, struct mishmem_remote_addr from, size_t len,
                    enum mishmem_completion completion);
int mishmem_ofi_amo(void *state, int pe, struct mishmem_remote_addr at, enum mishmem_amo_op op,
                    enum mishmem_datatype type, const void *operand, const void *cond, void *fetched);
int mishmem_ofi_put_signal(void *state, int pe, struct mishmem_remote_addr to, const void *source, size_t len,
                           struct mishmem_remote_addr signal_at, uint64_t signal, enum mishmem_signal_op op,
                           enum mishmem_completion completion);
int mishmem_ofi_quiet(void *state);
/* Orders earlier writes before later ones: nothing to do where the provider orders them. */
int mishmem_ofi_fence(void *state);
void mishmem_ofi_progress(void *state);
/* Reads the completion queue, marking the tickets it names complete (and
 * driving a provider with manual progress). */
void mishmem_ofi_drain(struct mishmem_ofi_state *ofi);

/* Between refusals (-FI_EAGAIN) of a post: drives progress, yields now and
 * then; -FI_ETIMEDOUT once the refusals have lasted the peer timeout
 * (*since: 0 before the first look at the clock), else -FI_EAGAIN.
 * nested: called while a completion is being handled, so the endpoint is
 * driven without taking entries off the queue. */
ssize_t mishmem_ofi_refused(struct mishmem_ofi_state *ofi, unsigned tries, uint64_t *since, int nested);
/* A new ticket, for an operation whose caller waits for its own completion. */
uint64_t mishmem_ofi_take_ticket(struct mishmem_ofi_state *ofi);
/* A ticket's completion looked at, and its slot given back once its
 * waiter has read the answer (or given up): ticket t's slot serves
 * t + OFI_TICKETS only after that. */
int mishmem_ofi_ticket_done(struct mishmem_ofi_state *ofi, uint64_t ticket);
void mishmem_ofi_ticket_release(struct mishmem_ofi_state *ofi, uint64_t ticket);
/* 1 while ticket's slot waits for its completion (no answer recorded, not
 * given up on). */
int mishmem_ofi_ticket_awaited(struct mishmem_ofi_state *ofi, uint64_t ticket);
/* Ticket's status (and, with atomics as messages, its value), stored and
 * marked complete only while the ticket is awaited. */
void mishmem_ofi_ticket_answer(struct mishmem_ofi_state *ofi, uint64_t ticket, int status, uint64_t value);
/* Waits until ticket is complete (rc: the post's answer, returned as is
 * unless ACLSHMEM_SUCCESS); ACLSHMEMX_PEER_FAILED after the peer timeout
 * plus the time len bytes take at a crawl. */
int mishmem_ofi_wait_own(struct mishmem_ofi_state *ofi, int rc, uint64_t ticket, size_t len);

#endif
