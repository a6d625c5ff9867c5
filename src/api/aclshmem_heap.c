/* aclshmem face: symmetric heap. */
#include "api/face.h"
#include "core/heap.h"
#include "core/rma.h"

void *aclshmem_malloc(size_t size)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_malloc", NULL);
    return mishmem_heap_alloc(inst, "aclshmem_malloc", size, 0);
}

void *aclshmem_calloc(size_t count, size_t size)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_calloc", NULL);
    return mishmem_heap_calloc(inst, "aclshmem_calloc", count, size);
}

void *aclshmem_align(size_t alignment, size_t size)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_align", NULL);
    return mishmem_heap_alloc(inst, "aclshmem_align", size, alignment);
}

void aclshmem_free(void *ptr)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_free", );
    mishmem_heap_free(inst, "aclshmem_free", ptr);
}

void *aclshmem_ptr(const void *ptr, int pe)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_ptr", NULL);
    if ((unsigned)pe >= (unsigned)inst->n_pes || !mishmem_in_heap(inst, ptr, 1))
        return NULL;
    return mishmem_remote_direct_address(inst, pe, ptr);
}
