/* The attributes of an instance made by aclshmemx_init_attr with
 * ACLSHMEMX_INIT_WITH_DEFAULT (a TCP rendezvous), as the instance, fault,
 * hosts, log and acl tests make them: one place, so that they all start
 * from the same settings. */
#ifndef MISHMEM_TEST_INSTANCE_ATTR_H
#define MISHMEM_TEST_INSTANCE_ATTR_H

#include <shmem.h>
#include <stdint.h>

/* Instance id over n_pes PEs, this one my_pe, heap bytes of symmetric heap
 * per PE, rendezvous at ip_port ("tcp://HOST:PORT"; kept, not copied, so it
 * must last until the init). The rest stays as the initializer sets it;
 * callers change it (option_attr) before the init. */
static inline aclshmemx_init_attr_t test_instance_attr(uint64_t id, int my_pe, int n_pes, uint64_t heap,
                                                       const char *ip_port)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.my_pe = my_pe;
    attr.n_pes = n_pes;
    attr.local_mem_size = heap;
    attr.ip_port = ip_port;
    attr.instance_id = id;
    return attr;
}

#endif
