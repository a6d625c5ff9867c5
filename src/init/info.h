/* What an instance init tells the user: SHMEM_VERSION and SHMEM_INFO
 * (the parameters, once per job) and SHMEM_DEBUG's lines on how the
 * instance was built (bootstrap mode, transport per peer, heap layout);
 * and at finalize, under SHMEM_INFO, its counters. */
#ifndef MISHMEM_INIT_INFO_H
#define MISHMEM_INIT_INFO_H

#include <stdint.h>

struct mishmem_bootstrap_config;
struct mishmem_instance;

/* Before the instance is built: what it will be made from. */
void mishmem_info_init_start(uint64_t id, const struct mishmem_bootstrap_config *boot, uint64_t heap_size);
/* Once it is ready: its layout (SHMEM_DEBUG) and, from the job's PE 0,
 * the first time only, the version and the parameters. */
void mishmem_info_init_done(const struct mishmem_instance *inst);
/* At finalize, after the last collective: this PE's counters of the
 * instance under SHMEM_INFO (init/info_stats.c). */
void mishmem_info_finalize(const struct mishmem_instance *inst);

#endif
