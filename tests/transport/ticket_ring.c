/* A fetching operation's waiter must find its completion however late it
 * looks: while it is off the CPU, other threads' tickets may go round the
 * ring of OFI_TICKETS slots. Here one waiter's completion is recorded,
 * then OFI_TICKETS - 1 other tickets come and go, and a further ticket is
 * taken (in a thread: it must wait for the first waiter to release its
 * slot) and completed before the first waiter looks. No fabric: only the
 * ticket bookkeeping of a zeroed state. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "transport/ofi/ofi_ops.h"
#include "transport/ofi/ofi_state.h"

static struct mishmem_ofi_state *ofi;
static uint64_t late;

static void *take_and_complete(void *arg)
{
    (void)arg;
    late = mishmem_ofi_take_ticket(ofi);
    mishmem_ofi_ticket_answer(ofi, late, 0, 0);
    return NULL;
}

int main(void)
{
    ofi = calloc(1, sizeof *ofi);
    if (!ofi)
        return 2;
    uint64_t first = mishmem_ofi_take_ticket(ofi);
    mishmem_ofi_ticket_answer(ofi, first, 0, 0);
    for (int i = 1; i < OFI_TICKETS; i++) {
        uint64_t t = mishmem_ofi_take_ticket(ofi);
        mishmem_ofi_ticket_answer(ofi, t, 0, 0);
        if (!mishmem_ofi_ticket_done(ofi, t)) {
            fprintf(stderr, "ticket %llu not done after its completion\n", (unsigned long long)t);
            return 1;
        }
        mishmem_ofi_ticket_release(ofi, t);
    }
    pthread_t thread;
    if (pthread_create(&thread, NULL, take_and_complete, NULL) != 0)
        return 2;
    /* Time for the thread to take the first ticket's slot if it may. */
    nanosleep(&(struct timespec){.tv_nsec = 200 * 1000 * 1000}, NULL);
    int ok = mishmem_ofi_ticket_done(ofi, first);
    mishmem_ofi_ticket_release(ofi, first);
    pthread_join(thread, NULL);
    if (!ok) {
        fprintf(stderr, "ticket %llu: its completion was overwritten by ticket %llu before its waiter looked\n",
                (unsigned long long)first, (unsigned long long)late);
        return 1;
    }
    if (late != first + OFI_TICKETS || !mishmem_ofi_ticket_done(ofi, late)) {
        fprintf(stderr, "ticket %llu: not done in its slot\n", (unsigned long long)late);
        return 1;
    }
    /* A ticket given up on (released first) stays released when it completes late. */
    mishmem_ofi_ticket_release(ofi, late);
    mishmem_ofi_ticket_answer(ofi, late, 0, 0);
    if (mishmem_ofi_ticket_done(ofi, late)) {
        fprintf(stderr, "ticket %llu: a late completion took back a released slot\n", (unsigned long long)late);
        return 1;
    }
    free(ofi);
    puts("ticket ring: a late waiter finds its completion");
    return 0;
}
