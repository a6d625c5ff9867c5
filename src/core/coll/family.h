/* Which family of barriers and collectives a group uses: the portable one
 * (core/coll/portable.h) when a member is not mapped or
 * MISHMEM_COLL_PORTABLE=1, else the pointer-based one. */
#ifndef MISHMEM_CORE_COLL_FAMILY_H
#define MISHMEM_CORE_COLL_FAMILY_H

#include "instance/instance.h"

/* Whether a team of these members must use the portable family; size 0
 * asks for the instance's active sets (any peer not mapped). */
int mishmem_coll_needs_portable(const struct mishmem_instance *inst, int start, int stride, int size);
/* MISHMEM_COLL_PORTABLE=1: every team plain portable (no hierarchy either). */
int mishmem_coll_forced_portable(void);

#endif
