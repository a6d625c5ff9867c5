/* Every transport of this build, in order of preference (shared memory
 * first). A new transport is a folder and a line in table.c. */
#ifndef MISHMEM_TRANSPORT_TABLE_H
#define MISHMEM_TRANSPORT_TABLE_H

#include "transport/transport.h"

extern const struct mishmem_transport *const mishmem_transport_table[];
extern const int mishmem_transport_count;

#endif
