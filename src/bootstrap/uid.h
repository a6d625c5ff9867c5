/* Unique-id mode: making a unique id (a listening socket, a secret and a
 * nonce) and turning one back into a tcp bootstrap configuration. The
 * rendezvous itself is the tcp bootstrap's: the creator of the unique id
 * is PE 0 and serves on the socket made here. */
#ifndef MISHMEM_BOOTSTRAP_UID_H
#define MISHMEM_BOOTSTRAP_UID_H

#include <stddef.h>

#include "bootstrap/bootstrap.h"
#include "mishmem/aclshmem_uid.h"

/* aclshmemx_get_uniqueid's work. Returns ACLSHMEM_*. */
int mishmem_uid_create(aclshmemx_uniqueid_t *uid);

/* Fills boot's host, port and secret from uid (boot->my_pe must be set).
 * On PE 0 it also takes this process's listening socket for uid into
 * boot->listen_fd; the unique id is used up from then on. PE 0 must be the
 * process that made uid, and nobody else may be: INVALID_PARAM otherwise,
 * except that with instance_live (a duplicate init, answered by the
 * instance layer) a used-up unique id is accepted with listen_fd -1.
 * Writes a short description of uid into key (for duplicate detection). */
int mishmem_uid_config(const aclshmemx_uniqueid_t *uid, int instance_live,
                       struct mishmem_bootstrap_config *boot, char *key, size_t key_size);

#endif
