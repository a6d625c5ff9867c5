/* OpenSHMEM face: the symmetric heap, and its pre-1.3 names (shmalloc,
 * shmemalign, shrealloc, shfree), which act like their modern twins but
 * name themselves in messages. */
#include "api/face.h"
#include "core/heap.h"

void *shmem_malloc(size_t size)
{
    return mishmem_heap_alloc(mishmem_shmem_instance("shmem_malloc"), "shmem_malloc", size, 0);
}

void *shmem_malloc_with_hints(size_t size, long hints)
{
    (void)hints; /* a block here is as good for atomics and signals as any */
    return mishmem_heap_alloc(mishmem_shmem_instance("shmem_malloc_with_hints"),
                              "shmem_malloc_with_hints", size, 0);
}

void *shmem_calloc(size_t count, size_t size)
{
    return mishmem_heap_calloc(mishmem_shmem_instance("shmem_calloc"), "shmem_calloc", count, size);
}

void *shmem_align(size_t alignment, size_t size)
{
    struct mishmem_instance *inst = mishmem_shmem_instance("shmem_align");
    /* An alignment of 0 is undefined in the standard; NULL, as in the other
     * libraries (the core would read 0 as "the default"). Every PE passes
     * the same arguments, so none waits in a barrier for the others. */
    if (alignment == 0) {
        MISHMEM_ERROR("shmem_align(0, %zu): the alignment must be a power of two; returning NULL", size);
        return NULL;
    }
    return mishmem_heap_alloc(inst, "shmem_align", size, alignment);
}

void *shmem_realloc(void *ptr, size_t size)
{
    return mishmem_heap_realloc(mishmem_shmem_instance("shmem_realloc"), "shmem_realloc", ptr, size);
}

void shmem_free(void *ptr)
{
    if (mishmem_heap_free(mishmem_shmem_instance("shmem_free"), "shmem_free", ptr) != ACLSHMEM_SUCCESS)
        mishmem_fatal("shmem_free(%p): not a block returned by shmem_malloc", ptr);
}

/* The pre-1.3 names. */
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
