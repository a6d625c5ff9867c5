/* How a face reports misuse: the aclshmem face logs and returns a code,
 * the OpenSHMEM face (whose calls return void) prints and aborts. Every
 * core call that checks its arguments takes one of these. */
#ifndef MISHMEM_CORE_ON_ERROR_H
#define MISHMEM_CORE_ON_ERROR_H

enum mishmem_on_error { MISHMEM_RETURN_ERROR, MISHMEM_ABORT };

/* Reports message as the face wants; returns rc (ABORT never returns). */
int mishmem_report(enum mishmem_on_error on_error, int rc, const char *message);

#endif
