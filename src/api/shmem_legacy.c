/* OpenSHMEM face: the pre-1.3 names older programs still call. Each acts
 * like its modern twin but names itself in messages. */
#include "api/face.h"
#include "core/heap.h"
#include "mishmem/openshmem.h"
#include "mishmem/openshmem_legacy.h"

void start_pes(int npes)
{
    (void)npes; /* the launcher decides the number of PEs */
    shmem_init();
}

int _my_pe(void) { return mishmem_shmem_instance("_my_pe")->my_pe; }

int _num_pes(void) { return mishmem_shmem_instance("_num_pes")->n_pes; }

void *shmalloc(size_t size)
{
    return mishmem_heap_alloc(mishmem_shmem_instance("shmalloc"), "shmalloc", size, 0);
}

void *shmemalign(size_t alignment, size_t size)
{
    return mishmem_heap_alloc(mishmem_shmem_instance("shmemalign"), "shmemalign", size, alignment);
}

void *shrealloc(void *ptr, size_t size)
{
    return mishmem_heap_realloc(mishmem_shmem_instance("shrealloc"), "shrealloc", ptr, size);
}

void shfree(void *ptr)
{
    if (mishmem_heap_free(mishmem_shmem_instance("shfree"), "shfree", ptr) != ACLSHMEM_SUCCESS)
        mishmem_fatal("shfree(%p): not a block returned by shmalloc", ptr);
}

/* Caches are coherent on every CPU this library runs on. */
void shmem_clear_cache_inv(void) {}
void shmem_set_cache_inv(void) {}
void shmem_clear_cache_line_inv(void *dest) { (void)dest; }
void shmem_set_cache_line_inv(void *dest) { (void)dest; }
void shmem_udcflush(void) {}
void shmem_udcflush_line(void *dest) { (void)dest; }
