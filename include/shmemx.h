/* mishmem extensions to OpenSHMEM. */
#ifndef MISHMEM_SHMEMX_H
#define MISHMEM_SHMEMX_H

#include <shmem.h>

#endif
