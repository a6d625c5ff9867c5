/* How a face reports misuse: the aclshmem face logs and returns a code,
 * the OpenSHMEM face (whose calls return void) prints and aborts. Every
 * core call that checks its arguments takes one of these. */
#ifndef MISHMEM_CORE_ON_ERROR_H
#define MISHMEM_CORE_ON_ERROR_H

/* MISHMEM_RETURN_OR_DEBUG_ABORT: calls with no error channel (the aclshmem
 * face's typed get returns the value itself): logged and answered with
 * their documented value, but aborted under SHMEM_DEBUG=1. */
enum mishmem_on_error { MISHMEM_RETURN_ERROR, MISHMEM_ABORT, MISHMEM_RETURN_OR_DEBUG_ABORT };

/* Reports message as the face wants; returns rc (ABORT never returns). */
int mishmem_report(enum mishmem_on_error on_error, int rc, const char *message);

#endif
