/* How the PEs of one instance find each other and exchange small blobs
 * during init and finalize. One interface, one file per implementation:
 * self (a single PE), tcp (PE 0 serves a rendezvous store; unique-id mode
 * is tcp on a socket made by aclshmemx_get_uniqueid), and plugins loaded at
 * run time (mpi, pmix: plugin.h). Which one an instance uses, and how its
 * configuration is made, is the business of the bootstrap modes (mode.h).
 * All calls are collective over the instance's PEs and return ACLSHMEM_*. */
#ifndef MISHMEM_BOOTSTRAP_BOOTSTRAP_H
#define MISHMEM_BOOTSTRAP_BOOTSTRAP_H

#include <stddef.h>
#include <stdint.h>

#define MISHMEM_SECRET_BYTES 32

struct mishmem_bootstrap;
struct mishmem_bootstrap_mode;
struct mishmem_bootstrap_plugin;

struct mishmem_bootstrap_ops {
    /* all receives n_pes * len bytes, PE i's contribution at i * len. */
    int (*allgather)(struct mishmem_bootstrap *boot, const void *mine, void *all, size_t len);
    int (*barrier)(struct mishmem_bootstrap *boot);
    /* Releases sockets and memory; no traffic. */
    void (*close)(struct mishmem_bootstrap *boot);
};

struct mishmem_bootstrap {
    const struct mishmem_bootstrap_ops *ops;
    int my_pe;
    int n_pes;
};

/* Where and how to rendezvous. */
struct mishmem_bootstrap_config {
    char host[256];                 /* numeric IPv4/IPv6 address or host name */
    uint16_t port;
    int listen_fd;                  /* >= 0: PE 0 serves on this listening socket */
    int my_pe;
    int n_pes;
    uint64_t instance_id;
    uint8_t secret[MISHMEM_SECRET_BYTES]; /* all zero when the job has none */
    uint32_t init_timeout_ms;       /* connect + first exchange */
    uint32_t op_timeout_ms;         /* each later exchange */
    /* A plugin mode's (mode_mpi.c, mode_pmix.c): the run-time plugin to
     * open through, and what to hand it (MPI: the user's MPI_Comm *, NULL
     * for the world; PMIx: an aclshmemx_pmix_group_t *, NULL for the job). */
    const struct mishmem_bootstrap_plugin *plugin;
    void *plugin_args;
    /* The mode that made this configuration and opens it (mode.h); last,
     * so that plugins built against the fields above are not disturbed. */
    const struct mishmem_bootstrap_mode *mode;
    /* 1: the PEs are mishmemrun's, numbered as it numbers them (launcher
     * mode): a rendezvous stops as soon as the launcher's board
     * (job_board.h) says a PE it waits for has exited. */
    int job_board;
};

int mishmem_bootstrap_self_open(struct mishmem_bootstrap **out);
int mishmem_bootstrap_tcp_open(const struct mishmem_bootstrap_config *config,
                               struct mishmem_bootstrap **out);

static inline int mishmem_bootstrap_allgather(struct mishmem_bootstrap *boot, const void *mine,
                                              void *all, size_t len)
{
    return boot->ops->allgather(boot, mine, all, len);
}

static inline int mishmem_bootstrap_barrier(struct mishmem_bootstrap *boot)
{
    return boot->ops->barrier(boot);
}

static inline void mishmem_bootstrap_close(struct mishmem_bootstrap *boot)
{
    if (boot)
        boot->ops->close(boot);
}

#endif
