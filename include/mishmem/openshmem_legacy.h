/* Names from OpenSHMEM 1.0-1.2 (SGI SHMEM) that older programs still use,
 * kept so that they build unchanged. New code should use the shmem_* forms
 * named beside each. Include <shmem.h>, not this file. */
#ifndef MISHMEM_OPENSHMEM_LEGACY_H
#define MISHMEM_OPENSHMEM_LEGACY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void start_pes(int npes);                         /* shmem_init; npes is ignored */
int _my_pe(void);                                 /* shmem_my_pe */
int _num_pes(void);                               /* shmem_n_pes */

void *shmalloc(size_t size);                      /* shmem_malloc */
void shfree(void *ptr);                           /* shmem_free */
void *shrealloc(void *ptr, size_t size);          /* shmem_realloc */
void *shmemalign(size_t alignment, size_t size);  /* shmem_align */

/* Cache management for machines without coherent caches: no-ops here. */
void shmem_clear_cache_inv(void);
void shmem_set_cache_inv(void);
void shmem_clear_cache_line_inv(void *dest);
void shmem_set_cache_line_inv(void *dest);
void shmem_udcflush(void);
void shmem_udcflush_line(void *dest);

#ifdef __cplusplus
}
#endif

#endif
