/* The PMIx bootstrap plugin (libmishmem_bootstrap_pmix.so): the PEs of an
 * instance are the processes of this PMIx job (started by Open MPI's
 * mpirun, Slurm's srun --mpi=pmix, or any PMIx server), PE number = PMIx
 * rank, PE count = job size. An allgather is PMIx_Put of this PE's bytes
 * under a key that names the instance, how many times this process opened
 * a bootstrap for that instance id, and the allgather's sequence number
 * (so neither instances nor repeated allgathers ever collide), then
 * PMIx_Commit, a data-collecting PMIx_Fence over the job and one PMIx_Get
 * per PE; a barrier is a fence without data. Every fence and get carries
 * PMIX_TIMEOUT, so a PE that never comes, or a server that is gone, ends
 * in an error, not a hang. libmishmem loads this at run time; only this
 * file sees <pmix.h>. */
#include <pmix.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/plugin.h"
#include "mishmem/aclshmem.h"

/* enum mishmem_log_level, without linking anything of mishmem. */
enum { LOG_DEBUG = 0, LOG_INFO = 1, LOG_WARN = 2, LOG_ERROR = 3 };

static const struct mishmem_plugin_host *host;

#define LOG(level, ...) host->log(level, __VA_ARGS__)

/* PMIx is initialized once per process, on first use, and finalized at
 * exit: PMIx 4.2 cannot be initialized again after PMIx_Finalize (fences
 * then fail), and a process that ends without PMIx_Finalize is reported
 * by mpirun as having exited improperly. */
static pthread_mutex_t pmix_lock = PTHREAD_MUTEX_INITIALIZER;
static int pmix_state;        /* 0 not tried, 1 up, -1 failed (guarded by pmix_lock) */
static pmix_status_t pmix_init_status;
static pmix_proc_t myself;    /* namespace and rank, valid when pmix_state == 1 */
static uint32_t job_size;
/* How many bootstraps this process opened per instance id: part of every
 * key, so that an instance id made again after a finalize never reads
 * the data of its previous life. Every member opens an instance the same
 * number of times, so the members agree. */
static uint32_t opens[ACLSHMEM_MAX_INSTANCE_ID + 1];

struct pmix_bootstrap {
    struct mishmem_bootstrap base; /* first: the ops get this pointer back */
    uint64_t instance_id;
    uint32_t open_number;
    uint64_t sequence;             /* allgathers so far; collective, so the same on every PE */
    int timeout_s;                 /* PMIX_TIMEOUT of every fence and get */
};

static void finalize_at_exit(void)
{
    pthread_mutex_lock(&pmix_lock);
    if (pmix_state == 1) {
        PMIx_Finalize(NULL, 0);
        pmix_state = 0;
    }
    pthread_mutex_unlock(&pmix_lock);
}

static int pmix_up(void)
{
    pthread_mutex_lock(&pmix_lock);
    if (pmix_state == 0) {
        pmix_proc_t me;
        pmix_init_status = PMIx_Init(&me, NULL, 0);
        pmix_state = -1;
        if (pmix_init_status == PMIX_SUCCESS) {
            pmix_proc_t wildcard;
            PMIX_LOAD_PROCID(&wildcard, me.nspace, PMIX_RANK_WILDCARD);
            pmix_value_t *value = NULL;
            pmix_status_t rc = PMIx_Get(&wildcard, PMIX_JOB_SIZE, NULL, 0, &value);
            if (rc == PMIX_SUCCESS && value && value->type == PMIX_UINT32 && value->data.uint32 > 0) {
                myself = me;
                job_size = value->data.uint32;
                pmix_state = 1;
                atexit(finalize_at_exit);
            } else {
                LOG(LOG_ERROR, "bootstrap pmix: PMIx_Get(PMIX_JOB_SIZE) of namespace %s failed: %s",
                    me.nspace, rc == PMIX_SUCCESS ? "not a positive uint32" : PMIx_Error_string(rc));
                PMIx_Finalize(NULL, 0);
            }
            if (value)
                PMIX_VALUE_RELEASE(value);
        }
    }
    int state = pmix_state;
    pthread_mutex_unlock(&pmix_lock);
    if (state == 1)
        return ACLSHMEM_SUCCESS;
    if (pmix_init_status != PMIX_SUCCESS)
        LOG(LOG_ERROR, "bootstrap pmix: PMIx_Init failed: %s (PMIX_RANK and PMIX_NAMESPACE are set, but "
            "no PMIx server answers: is the launcher (mpirun, srun --mpi=pmix) still running? Unset "
            "the PMIX_* variables to run without it)", PMIx_Error_string(pmix_init_status));
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

/* args: NULL, the whole job (the only group this plugin knows so far). */
static int pmix_query(void *args, int *my_pe, int *n_pes)
{
    if (args) {
        LOG(LOG_ERROR, "bootstrap pmix: instances over part of the job are not supported yet "
            "(comm_args must be NULL: the whole job)");
        return ACLSHMEM_NOT_SUPPORTED;
    }
    int rc = pmix_up();
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if (job_size > ACLSHMEM_MAX_PES || myself.rank >= job_size) {
        LOG(LOG_ERROR, "bootstrap pmix: rank %u of a job of %u processes (at most %d PEs)", myself.rank,
            job_size, ACLSHMEM_MAX_PES);
        return ACLSHMEM_INVALID_VALUE;
    }
    *my_pe = (int)myself.rank;
    *n_pes = (int)job_size;
    return ACLSHMEM_SUCCESS;
}

static void make_key(const struct pmix_bootstrap *pb, char *key)
{
    /* PMIX_MAX_KEYLEN is 511: "mishmem.i254.o4294967295.s18446744073709551615" fits. */
    snprintf(key, PMIX_MAX_KEYLEN, "mishmem.i%llu.o%u.s%llu", (unsigned long long)pb->instance_id,
             pb->open_number, (unsigned long long)pb->sequence);
}

static int fence(struct pmix_bootstrap *pb, bool collect, const char *what)
{
    pmix_proc_t job;
    PMIX_LOAD_PROCID(&job, myself.nspace, PMIX_RANK_WILDCARD);
    pmix_info_t info[2];
    PMIX_INFO_LOAD(&info[0], PMIX_TIMEOUT, &pb->timeout_s, PMIX_INT);
    PMIX_INFO_LOAD(&info[1], PMIX_COLLECT_DATA, &collect, PMIX_BOOL);
    pmix_status_t rc = PMIx_Fence(&job, 1, info, 2);
    PMIX_INFO_DESTRUCT(&info[0]);
    PMIX_INFO_DESTRUCT(&info[1]);
    if (rc == PMIX_SUCCESS)
        return ACLSHMEM_SUCCESS;
    LOG(LOG_ERROR, "bootstrap pmix: %s of instance %llu: PMIx_Fence over the %u processes of namespace %s "
        "failed: %s%s", what, (unsigned long long)pb->instance_id, job_size, myself.nspace,
        PMIx_Error_string(rc), rc == PMIX_ERR_TIMEOUT ? " (some PE did not reach it within the init "
        "timeout; is every process of the job creating this instance?)" : "");
    return rc == PMIX_ERR_TIMEOUT ? ACLSHMEM_TIMEOUT_ERROR : ACLSHMEM_BOOTSTRAP_ERROR;
}

static int get_one(struct pmix_bootstrap *pb, const char *key, uint32_t rank, void *out, size_t len)
{
    pmix_proc_t peer;
    PMIX_LOAD_PROCID(&peer, myself.nspace, rank);
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, PMIX_TIMEOUT, &pb->timeout_s, PMIX_INT);
    pmix_value_t *value = NULL;
    pmix_status_t rc = PMIx_Get(&peer, key, &info, 1, &value);
    PMIX_INFO_DESTRUCT(&info);
    int result = ACLSHMEM_SUCCESS;
    if (rc != PMIX_SUCCESS) {
        LOG(LOG_ERROR, "bootstrap pmix: PMIx_Get of %s from rank %u failed: %s (every process of the "
            "job must create instance %llu, in the same order)", key, rank, PMIx_Error_string(rc),
            (unsigned long long)pb->instance_id);
        result = rc == PMIX_ERR_TIMEOUT ? ACLSHMEM_TIMEOUT_ERROR : ACLSHMEM_BOOTSTRAP_ERROR;
    } else if (!value || value->type != PMIX_BYTE_OBJECT || value->data.bo.size != len) {
        LOG(LOG_ERROR, "bootstrap pmix: rank %u gave %zu bytes under %s, this PE expected %zu (do all PEs "
            "run the same program?)", rank, value && value->type == PMIX_BYTE_OBJECT ?
            value->data.bo.size : 0, key, len);
        result = ACLSHMEM_BOOTSTRAP_ERROR;
    } else if (len) {
        memcpy(out, value->data.bo.bytes, len);
    }
    if (value)
        PMIX_VALUE_RELEASE(value);
    return result;
}

static int pmix_allgather(struct mishmem_bootstrap *boot, const void *mine, void *all, size_t len)
{
    struct pmix_bootstrap *pb = (struct pmix_bootstrap *)boot;
    if (len == 0)
        return fence(pb, false, "barrier");
    if (!mine || !all)
        return ACLSHMEM_INVALID_PARAM;
    char key[PMIX_MAX_KEYLEN + 1];
    make_key(pb, key);
    pb->sequence++;
    pmix_value_t value;
    PMIX_VALUE_CONSTRUCT(&value);
    value.type = PMIX_BYTE_OBJECT;
    value.data.bo.bytes = (char *)(uintptr_t)mine; /* PMIx_Put copies it */
    value.data.bo.size = len;
    pmix_status_t rc = PMIx_Put(PMIX_GLOBAL, key, &value);
    if (rc == PMIX_SUCCESS)
        rc = PMIx_Commit();
    if (rc != PMIX_SUCCESS) {
        LOG(LOG_ERROR, "bootstrap pmix: PMIx_Put/Commit of %s (%zu bytes) failed: %s", key, len,
            PMIx_Error_string(rc));
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    int result = fence(pb, true, "allgather");
    for (int pe = 0; result == ACLSHMEM_SUCCESS && pe < pb->base.n_pes; pe++) {
        char *slot = (char *)all + (size_t)pe * len;
        if ((uint32_t)pe == myself.rank)
            memmove(slot, mine, len);
        else
            result = get_one(pb, key, (uint32_t)pe, slot, len);
    }
    return result;
}

static int pmix_barrier(struct mishmem_bootstrap *boot) { return pmix_allgather(boot, NULL, NULL, 0); }

/* No traffic; PMIx itself stays up until exit (see pmix_state). */
static void pmix_close(struct mishmem_bootstrap *boot) { free(boot); }

static const struct mishmem_bootstrap_ops pmix_ops = {pmix_allgather, pmix_barrier, pmix_close};

/* Every PE must create the same instance: compare ids, under a key of
 * its own so that a PE making another instance fails here, clearly. */
static int agree_on_instance(struct pmix_bootstrap *pb)
{
    uint64_t *ids = calloc((size_t)pb->base.n_pes, sizeof *ids);
    if (!ids)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = pmix_allgather(&pb->base, &pb->instance_id, ids, sizeof pb->instance_id);
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < pb->base.n_pes; pe++)
        if (ids[pe] != pb->instance_id) {
            LOG(LOG_ERROR, "bootstrap pmix: rank %d creates instance %llu, this rank %llu: every process "
                "of the job must pass the same instance id", pe, (unsigned long long)ids[pe],
                (unsigned long long)pb->instance_id);
            rc = ACLSHMEM_BOOTSTRAP_ERROR;
        }
    free(ids);
    return rc;
}

static int timeout_seconds(uint32_t ms)
{
    uint32_t s = ms / 1000u + (ms % 1000u != 0);
    return s == 0 ? 1 : s > 86400u ? 86400 : (int)s;
}

static int pmix_open(void *args, const struct mishmem_bootstrap_config *config,
                     struct mishmem_bootstrap **out)
{
    int my_pe, n_pes;
    int rc = pmix_query(args, &my_pe, &n_pes);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if (my_pe != config->my_pe || n_pes != config->n_pes) {
        LOG(LOG_ERROR, "bootstrap pmix: the job is rank %d of %d, expected PE %d of %d", my_pe, n_pes,
            config->my_pe, config->n_pes);
        return ACLSHMEM_INVALID_PARAM;
    }
    if (config->instance_id > ACLSHMEM_MAX_INSTANCE_ID)
        return ACLSHMEM_INVALID_VALUE;
    struct pmix_bootstrap *pb = calloc(1, sizeof *pb);
    if (!pb)
        return ACLSHMEM_MALLOC_FAILED;
    pb->base.ops = &pmix_ops;
    pb->base.my_pe = my_pe;
    pb->base.n_pes = n_pes;
    pb->instance_id = config->instance_id;
    /* The init timeout bounds every fence: the core's exchanges are all
     * part of creating or finalizing the instance. */
    pb->timeout_s = timeout_seconds(config->init_timeout_ms);
    pthread_mutex_lock(&pmix_lock);
    pb->open_number = opens[config->instance_id]++;
    pthread_mutex_unlock(&pmix_lock);
    rc = agree_on_instance(pb);
    if (rc != ACLSHMEM_SUCCESS) {
        pmix_close(&pb->base);
        return rc;
    }
    LOG(LOG_INFO, "bootstrap pmix: rank %d of %d (namespace %s) joined instance %llu", my_pe, n_pes,
        myself.nspace, (unsigned long long)config->instance_id);
    *out = &pb->base;
    return ACLSHMEM_SUCCESS;
}

static const struct mishmem_bootstrap_plugin pmix_plugin = {
    .abi = MISHMEM_BOOTSTRAP_PLUGIN_ABI,
    .name = "pmix",
    .query = pmix_query,
    .open = pmix_open,
};

__attribute__((visibility("default"))) const struct mishmem_bootstrap_plugin *
mishmem_bootstrap_plugin_entry(uint32_t abi, const struct mishmem_plugin_host *lender)
{
    if (abi != MISHMEM_BOOTSTRAP_PLUGIN_ABI || !lender || !lender->log)
        return NULL;
    host = lender;
    return &pmix_plugin;
}
