/* Turning what a user gave (init attributes, or the launcher's environment)
 * into validated instance parameters. */
#ifndef MISHMEM_INSTANCE_ATTR_H
#define MISHMEM_INSTANCE_ATTR_H

#include "init/lifecycle.h"
#include "mishmem/aclshmem.h"

/* Checks attr as the seed's library does and resolves the rendezvous
 * address (port 0 + SHMEM_INSTANCE_PORT_RANGE). Returns ACLSHMEM_*. */
int mishmem_params_from_attr(aclshmemx_bootstrap_t flags, const aclshmemx_init_attr_t *attr,
                             struct mishmem_instance_params *out);

/* "tcp://HOST:PORT" or "tcp://[IPV6]:PORT" -> host and port. Returns 0 or -1. */
int mishmem_parse_ip_port(const char *url, char *host, size_t host_size, long *port);

/* The job secret: the launcher's MISHMEM_SECRET, else SHMEM_BOOTSTRAP_SECRET
 * (64 hex digits, or up to 32 bytes of text), else all zero (none). */
int mishmem_job_secret(uint8_t secret[MISHMEM_SECRET_BYTES]);

#endif
