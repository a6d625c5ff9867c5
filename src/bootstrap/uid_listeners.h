/* The listening sockets that aclshmemx_get_uniqueid opened in this
 * process, each waiting for the one aclshmemx_init_attr that uses its
 * unique id. Found by nonce and secret; thread-safe. A forked child does
 * not inherit them: it closes its copies (the unique id belongs to the
 * process that made it). */
#ifndef MISHMEM_BOOTSTRAP_UID_LISTENERS_H
#define MISHMEM_BOOTSTRAP_UID_LISTENERS_H

#include <stdint.h>

#include "bootstrap/bootstrap.h"

/* Unique ids made but not used yet, at most, per process. */
#define MISHMEM_UID_MAX_LISTENERS 256

/* Keeps fd for (nonce, secret). Returns ACLSHMEM_SUCCESS, or
 * ACLSHMEM_INNER_ERROR (logged) when the table is full; fd stays the
 * caller's then. */
int mishmem_uid_listener_keep(uint64_t nonce, const uint8_t secret[MISHMEM_SECRET_BYTES], int fd);

/* Removes and returns the listener of (nonce, secret), or -1 when this
 * process holds none. */
int mishmem_uid_listener_take(uint64_t nonce, const uint8_t secret[MISHMEM_SECRET_BYTES]);

/* 1 when this process holds the listener of (nonce, secret). */
int mishmem_uid_listener_held(uint64_t nonce, const uint8_t secret[MISHMEM_SECRET_BYTES]);

/* How many listeners this process holds. */
int mishmem_uid_listener_count(void);

#endif
