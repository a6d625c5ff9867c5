/* OpenSHMEM face: shmem_pcontrol, the profiling interface's one routine.
 * mishmem keeps no profile of its own, so there is nothing to start or
 * stop; being a weak shmem_* like every other, a profiling library's
 * shmem_pcontrol replaces it and gets the level and its arguments. */
#include "mishmem/openshmem.h"

void shmem_pcontrol(const int level, ...) { (void)level; }
