/* Preprocessed through mishmemcc -E: proves the wrapper finds <shmem.h>. */
#include <shmem.h>
