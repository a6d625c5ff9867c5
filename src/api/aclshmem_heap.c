/* aclshmem face: symmetric heap. */
#include "api/face.h"
#include "core/heap.h"
#include "core/rma/rma.h"
#include "mishmem/aclshmem.h"

void *aclshmem_malloc(size_t size)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_malloc", NULL, NULL);
    return mishmem_heap_alloc(inst, "aclshmem_malloc", size, 0);
}

void *aclshmem_calloc(size_t count, size_t size)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_calloc", NULL, NULL);
    return mishmem_heap_calloc(inst, "aclshmem_calloc", count, size);
}

void *aclshmem_align(size_t alignment, size_t size)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_align", NULL, NULL);
    return mishmem_heap_alloc(inst, "aclshmem_align", size, alignment);
}

void aclshmem_free(void *ptr)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmem_free", , );
    mishmem_heap_free(inst, "aclshmem_free", ptr);
}

void *aclshmem_ptr(const void *ptr, int pe)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_ptr", NULL);
    if ((unsigned)pe >= (unsigned)inst->n_pes || !mishmem_in_heap(inst, ptr, 1))
        return NULL;
    return mishmem_remote_direct_address(inst, pe, ptr);
}

/* The seed's aclshmemx_ heap calls with a memory side. On a CPU host and
 * device memory are one: both sides are the symmetric heap. (The names are
 * parenthesized: in C, <shmem.h> makes them macros with a default side.) */
static int aclx_side_ok(const char *call, aclshmem_mem_type_t mem_type)
{
    if (mem_type == HOST_SIDE || mem_type == DEVICE_SIDE)
        return 1;
    MISHMEM_ERROR("%s: unknown memory type %d (HOST_SIDE or DEVICE_SIDE)", call, (int)mem_type);
    return 0;
}

void *(aclshmemx_malloc)(size_t size, aclshmem_mem_type_t mem_type)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmemx_malloc", NULL, NULL);
    if (!aclx_side_ok("aclshmemx_malloc", mem_type))
        return NULL;
    return mishmem_heap_alloc(inst, "aclshmemx_malloc", size, 0);
}

void *(aclshmemx_calloc)(size_t count, size_t size, aclshmem_mem_type_t mem_type)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmemx_calloc", NULL, NULL);
    if (!aclx_side_ok("aclshmemx_calloc", mem_type))
        return NULL;
    return mishmem_heap_calloc(inst, "aclshmemx_calloc", count, size);
}

void *(aclshmemx_align)(size_t alignment, size_t size, aclshmem_mem_type_t mem_type)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmemx_align", NULL, NULL);
    if (!aclx_side_ok("aclshmemx_align", mem_type))
        return NULL;
    return mishmem_heap_alloc(inst, "aclshmemx_align", size, alignment);
}

void (aclshmemx_free)(void *ptr, aclshmem_mem_type_t mem_type)
{
    ACL_LIVE_INSTANCE_OR_RETURN(inst, "aclshmemx_free", , );
    if (!aclx_side_ok("aclshmemx_free", mem_type))
        return;
    mishmem_heap_free(inst, "aclshmemx_free", ptr);
}

void *aclshmemx_get_heap_base(aclshmem_mem_type_t mem_type)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmemx_get_heap_base", NULL);
    if (!aclx_side_ok("aclshmemx_get_heap_base", mem_type))
        return NULL;
    return inst->heap_base;
}
