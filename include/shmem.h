/* mishmem: the one public include. Both API faces act on the current
 * instance: the calling thread's override if set, else the process-wide one.
 * One header per family keeps each small. */
#ifndef MISHMEM_SHMEM_H
#define MISHMEM_SHMEM_H

#include <mishmem/handles.h>

#include <mishmem/aclshmem.h>
#include <mishmem/aclshmem_amo.h>
#include <mishmem/aclshmem_coll.h>
#include <mishmem/aclshmem_log.h>
#include <mishmem/aclshmem_p2p.h>
#include <mishmem/aclshmem_rma_ext.h>
#include <mishmem/aclshmem_teams.h>
#include <mishmem/aclshmem_uid.h>

#include <mishmem/openshmem.h>
#include <mishmem/openshmem_amo.h>
#include <mishmem/openshmem_coll.h>
#include <mishmem/openshmem_ctx.h>
#include <mishmem/openshmem_lock.h>
#include <mishmem/openshmem_p2p.h>
#include <mishmem/openshmem_rma_ext.h>
#include <mishmem/openshmem_teams.h>
#include <mishmem/openshmem_thread.h>
#include <mishmem/openshmem_legacy.h>

#ifdef __cplusplus
#include <mishmem/openshmem_cxx.h> /* overloads in place of C11 _Generic */
#endif

#endif
