/* mishmem: the one public include. Both API faces act on the current
 * instance: the calling thread's override if set, else the process-wide one. */
#ifndef MISHMEM_SHMEM_H
#define MISHMEM_SHMEM_H

#include <mishmem/aclshmem.h>
#include <mishmem/openshmem.h>

#endif
