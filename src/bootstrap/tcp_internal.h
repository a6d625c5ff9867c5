/* State of one tcp bootstrap and the functions its parts share.
 * PE 0 holds one connection per client; every other PE holds one
 * connection to PE 0. No thread: PE 0 serves inside the calls. */
#ifndef MISHMEM_BOOTSTRAP_TCP_INTERNAL_H
#define MISHMEM_BOOTSTRAP_TCP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/bootstrap.h"
#include "bootstrap/tcp_auth.h"
#include "bootstrap/tcp_wire.h"

struct pollfd;

/* PE 0's view of one client during one exchange. */
struct mishmem_tcp_progress {
    uint8_t header[MISHMEM_TCP_HEADER_BYTES];
    size_t header_done;
    size_t payload_done;
    uint8_t tag[MISHMEM_TCP_TAG_BYTES];     /* the tag read after the payload */
    size_t tag_done;
    uint8_t tag_out[MISHMEM_TCP_TAG_BYTES]; /* the tag of what PE 0 sends it */
    size_t sent;
    int finished;
};

struct mishmem_tcp_bootstrap {
    struct mishmem_bootstrap base; /* first: the ops get this pointer back */
    int server_fd;                 /* clients: the connection to PE 0 */
    int *client_fds;               /* PE 0: [pe] for pe in [1, n_pes); -1 when absent */
    struct mishmem_tcp_session *sessions;  /* PE 0: [pe], the key of each connection */
    struct mishmem_tcp_session session;    /* clients: the key of the connection to PE 0 */
    struct mishmem_tcp_progress *progress; /* PE 0: [pe], scratch of one exchange */
    struct pollfd *pollfds;        /* PE 0: scratch for poll, n_pes entries */
    int *poll_pes;                 /* PE 0: which PE each pollfds entry is */
    uint64_t instance_id;
    uint32_t seq;                  /* sequence number of the next exchange */
    uint32_t op_timeout_ms;
    int broken;                    /* a failed exchange left the streams out of step */
    char where[300];               /* "HOST:PORT" of the rendezvous, for messages */
};

/* PE 0: accepts and checks the n_pes - 1 clients until deadline. */
int mishmem_tcp_server_rendezvous(struct mishmem_tcp_bootstrap *tb,
                                  const struct mishmem_bootstrap_config *config, int listen_fd,
                                  int64_t deadline);
/* Clients: connects to PE 0 and passes its checks until deadline. */
int mishmem_tcp_client_rendezvous(struct mishmem_tcp_bootstrap *tb,
                                  const struct mishmem_bootstrap_config *config, int64_t deadline);

/* One allgather with the exchange number tb->seq, each side's half. */
int mishmem_tcp_server_allgather(struct mishmem_tcp_bootstrap *tb, const void *mine, void *all,
                                 size_t len, int64_t deadline);
int mishmem_tcp_client_allgather(struct mishmem_tcp_bootstrap *tb, const void *mine, void *all,
                                 size_t len, int64_t deadline);

/* PE 0: tells every connected client that the job failed, best effort
 * and briefly; skip_pe (or -1) is the client not to tell. */
void mishmem_tcp_server_abort(struct mishmem_tcp_bootstrap *tb,
                              const struct mishmem_tcp_refusal *why, int skip_pe);

#endif
