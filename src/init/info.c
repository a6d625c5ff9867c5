/* SHMEM_VERSION, SHMEM_INFO and SHMEM_DEBUG output at instance init
 * (info.h). Only init runs this: the data path never looks at it. */
#include "init/info.h"

#include <stdio.h>

#include "bootstrap/mode.h"
#include "instance/instance.h"
#include "mishmem/openshmem.h"
#include "util/log.h"
#include "util/params.h"

void mishmem_info_init_start(uint64_t id, const struct mishmem_bootstrap_config *boot, uint64_t heap_size)
{
    MISHMEM_DEBUG("init: instance %llu, PE %d of %d, bootstrap mode %s, heap %llu bytes", (unsigned long long)id,
                  boot->my_pe, boot->n_pes, boot->mode ? boot->mode->name : "?", (unsigned long long)heap_size);
}

static const char *transport_name(const struct mishmem_transport *t) { return t ? t->name : "none"; }

/* One line per run of consecutive PEs reached the same way. */
static void debug_peers(const struct mishmem_instance *inst)
{
    int first = 0;
    for (int pe = 1; pe <= inst->n_pes; pe++) {
        const struct mishmem_peer *a = &inst->peers[first];
        const struct mishmem_peer *b = pe < inst->n_pes ? &inst->peers[pe] : NULL;
        if (b && b->transport == a->transport && b->amo_transport == a->amo_transport &&
            !b->segment == !a->segment && b->same_host == a->same_host)
            continue;
        MISHMEM_DEBUG("transport: PEs %d..%d through %s (AMOs through %s), %s, %s host", first, pe - 1,
                      transport_name(a->transport), transport_name(a->amo_transport),
                      a->segment ? "mapped" : "not mapped", a->same_host ? "same" : "another");
        first = pe;
    }
}

/* The job's PE 0: the launcher's PE 0, else PE 0 of this instance. */
static int job_pe0(const struct mishmem_instance *inst)
{
    if (mishmem_param_given(MISHMEM_PARAM_MISHMEM_PE))
        return mishmem_params()->MISHMEM_PE == 0;
    return inst->my_pe == 0;
}

static void print_startup_info(void)
{
    const struct mishmem_params *p = mishmem_params();
    if (p->SHMEM_VERSION || p->SHMEM_INFO)
        printf("mishmem: OpenSHMEM %d.%d, %s %s\n", SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION,
               SHMEM_VENDOR_STRING, MISHMEM_VERSION_STRING);
    if (p->SHMEM_INFO) {
        printf("mishmem parameters (name = value (where it came from) meaning):\n");
        mishmem_params_print(stdout);
    }
    fflush(stdout);
}

void mishmem_info_init_done(const struct mishmem_instance *inst)
{
    MISHMEM_DEBUG("heap: control area at %p, symmetric heap at %p, %llu bytes", (void *)inst->segment.base,
                  (void *)inst->heap_base, (unsigned long long)inst->heap_size);
    if (mishmem_log_enabled(MISHMEM_LOG_DEBUG))
        debug_peers(inst);
    static int printed;
    if (job_pe0(inst) && !__atomic_exchange_n(&printed, 1, __ATOMIC_RELAXED))
        print_startup_info();
}
