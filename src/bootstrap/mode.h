/* Bootstrap modes: the ways the PEs of an instance can find each other,
 * one table (modes.c) with one file per mode (mode_<name>.c). A mode says
 * how it is recognised (an aclshmemx_init_attr flag, or the environment
 * shmem_init runs in), how to turn what the user gave into a
 * mishmem_bootstrap_config, and how to open a bootstrap from that config.
 * The init layer picks the mode here and runs its steps; adding a mode
 * (PMIx) is one mode file and one row of the table. */
#ifndef MISHMEM_BOOTSTRAP_MODE_H
#define MISHMEM_BOOTSTRAP_MODE_H

#include <stddef.h>

#include "bootstrap/bootstrap.h"
#include "mishmem/aclshmem.h"

/* What a mode is configured from. */
struct mishmem_bootstrap_source {
    /* aclshmemx_init_attr's attributes (a mode reached by its flag), or
     * NULL for shmem_init (a mode reached by detect: the environment). */
    const aclshmemx_init_attr_t *attr;
    /* An instance with this id is live already: the init is a duplicate,
     * which the init layer answers without opening anything. */
    int instance_live;
};

struct mishmem_bootstrap_mode {
    const char *name; /* "tcp", "uid", ...: for messages */
    /* Recognised by aclshmemx_init_attr(flag, ...): flag_name is the
     * flag's name for messages; 0 / NULL when no flag selects the mode. */
    int flag;
    const char *flag_name;
    /* Recognised by shmem_init: 1 when the environment calls for this
     * mode. The first mode of the table whose detect says 1 wins; NULL:
     * never chosen this way. */
    int (*detect)(void);
    /* Who the PEs are, when the mode rather than the caller knows (MPI:
     * the communicator; the launcher: its variables): sets config->my_pe
     * and n_pes. NULL: my_pe and n_pes stay as the caller set them. Runs
     * before the caller's size checks. Returns ACLSHMEM_* (logged). */
    int (*members)(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config);
    /* Where and how this PE rendezvouses: fills the rest of config
     * (config->my_pe and n_pes are set and checked), and writes into key
     * a short text that names the rendezvous, for duplicate detection.
     * Returns ACLSHMEM_* (logged). */
    int (*configure)(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *config,
                     char *key, size_t key_size);
    /* Collective: a bootstrap for config (of more than one PE; a single
     * PE never needs one, see mishmem_bootstrap_open). Returns ACLSHMEM_*. */
    int (*open)(const struct mishmem_bootstrap_config *config, struct mishmem_bootstrap **out);
};

/* The mode aclshmemx_init_attr's flags select, or NULL. */
const struct mishmem_bootstrap_mode *mishmem_bootstrap_mode_for_flag(int flags);

/* The mode the environment selects for shmem_init; never NULL (a program
 * started by nobody is a single PE). */
const struct mishmem_bootstrap_mode *mishmem_bootstrap_mode_from_env(void);

/* The names of every flag a mode answers, "A, B or C", into out. */
void mishmem_bootstrap_mode_flag_names(char *out, size_t size);

/* An empty configuration for mode: no listening socket, no secret. */
void mishmem_bootstrap_config_init(struct mishmem_bootstrap_config *config,
                                   const struct mishmem_bootstrap_mode *mode);

/* Collective: opens config through its mode, or the self bootstrap when
 * config has a single PE (whatever the mode). The caller's listening
 * socket (config->listen_fd) is used or closed, whatever the outcome. */
int mishmem_bootstrap_open(const struct mishmem_bootstrap_config *config, struct mishmem_bootstrap **out);

#endif
