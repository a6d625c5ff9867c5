/* What the modes that meet at PE 0's tcp rendezvous store by address
 * share (mode_tcp.c: ip_port; mode_launcher.c: mishmemrun's variables):
 * reading a tcp:// address and the job secret. */
#ifndef MISHMEM_BOOTSTRAP_RENDEZVOUS_H
#define MISHMEM_BOOTSTRAP_RENDEZVOUS_H

#include <stddef.h>
#include <stdint.h>

#include "bootstrap/bootstrap.h"

/* "tcp://HOST:PORT" or "tcp://[IPV6]:PORT" -> host and port. Returns 0 or -1. */
int mishmem_parse_ip_port(const char *url, char *host, size_t host_size, long *port);

/* The job secret: the launcher's MISHMEM_SECRET, else SHMEM_BOOTSTRAP_SECRET
 * (64 hex digits, or up to 32 bytes of text), else all zero (none).
 * Returns ACLSHMEM_* (logged). */
int mishmem_job_secret(uint8_t secret[MISHMEM_SECRET_BYTES]);

#endif
