/* Older programs include <mpp/shmem.h> (SGI SHMEM); it is <shmem.h>. */
#ifndef MISHMEM_MPP_SHMEM_H
#define MISHMEM_MPP_SHMEM_H
#include <shmem.h>
#endif
