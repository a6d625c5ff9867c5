/* Unique-id mode: making a unique id (a listening socket, a secret and a
 * nonce). Turning one back into a tcp bootstrap configuration is the
 * mode's (mode_uid.c); the rendezvous itself is the tcp bootstrap's: the
 * creator of the unique id is PE 0 and serves on the socket made here. */
#ifndef MISHMEM_BOOTSTRAP_UID_H
#define MISHMEM_BOOTSTRAP_UID_H

#include "mishmem/aclshmem_uid.h"

/* aclshmemx_get_uniqueid's work. Returns ACLSHMEM_*. */
int mishmem_uid_create(aclshmemx_uniqueid_t *uid);

#endif
