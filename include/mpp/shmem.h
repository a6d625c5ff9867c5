/* Older programs include <mpp/shmem.h> (SGI SHMEM); it is <shmem.h>. */
#include <shmem.h>
