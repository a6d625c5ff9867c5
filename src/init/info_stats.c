/* SHMEM_INFO at an instance's finalize: this PE's counters of it, one line
 * (info.h). Finalize runs this; the counters are instance/stats.h's. */
#include <stdio.h>

#include "init/info.h"
#include "instance/instance.h"
#include "instance/introspect.h"
#include "util/params.h"

void mishmem_info_finalize(const struct mishmem_instance *inst)
{
    aclshmemx_instance_stats_t s;
    if (!mishmem_params()->SHMEM_INFO || mishmem_instance_stats_read(inst->id, &s) != ACLSHMEM_SUCCESS)
        return;
    static const char *const kinds[ACLSHMEMX_STATS_KINDS] = {"put", "get", "amo", "signal", "collective"};
    static const char *const transports[ACLSHMEMX_STATS_TRANSPORTS] = {"shm", "ofi"};
    char line[1024];
    int n = snprintf(line, sizeof line, "mishmem: instance %llu PE %d of %d stats:", (unsigned long long)inst->id,
                     inst->my_pe, inst->n_pes);
    for (int k = 0; k < ACLSHMEMX_STATS_KINDS && n < (int)sizeof line; k++)
        n += snprintf(line + n, sizeof line - (size_t)n, " %s %llu ops %llu B,", kinds[k],
                      (unsigned long long)s.ops[k], (unsigned long long)s.bytes[k]);
    for (int t = 0; t < ACLSHMEMX_STATS_TRANSPORTS && n < (int)sizeof line; t++)
        n += snprintf(line + n, sizeof line - (size_t)n, " via %s %llu ops %llu B,", transports[t],
                      (unsigned long long)s.transport_ops[t], (unsigned long long)s.transport_bytes[t]);
    if (n < (int)sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, " waits %llu, sleeps %llu, asleep %.3f ms",
                 (unsigned long long)s.waits, (unsigned long long)s.sleeps, (double)s.asleep_ns / 1e6);
    printf("%s\n", line);
    fflush(stdout);
}
