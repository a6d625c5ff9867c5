/* The PMIx bootstrap plugin (libmishmem_bootstrap_pmix.so): the PEs of an
 * instance are the processes of this PMIx job (started by Open MPI's
 * mpirun, Slurm's srun --mpi=pmix, or any PMIx server), PE number = PMIx
 * rank, PE count = job size; or, for aclshmemx_init_attr, the ranks of an
 * aclshmemx_pmix_group_t, PE i = ranks[i]. An allgather is PMIx_Put of
 * this PE's bytes under a key that names the instance, its rank list, how
 * many times this process opened that instance and the allgather's
 * sequence number (so neither instances nor repeated allgathers ever
 * collide), then PMIx_Commit, a data-collecting PMIx_Fence over the
 * instance's processes and one PMIx_Get per PE; a barrier is a fence
 * without data. Every fence and get carries PMIX_TIMEOUT, so a PE that
 * never comes ends in an error, not a hang. libmishmem loads this at run
 * time; only this file sees <pmix.h>. */
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
/* How many bootstraps this process opened per instance id and group:
 * part of every key, so that an instance made again after a finalize
 * never reads the data of its previous life. Only the members of a group
 * count its opens, and each opens it every time, so they agree (a count
 * per instance id alone would not: rank 1 in {0,1} then {1,2}). */
struct open_count {
    uint64_t instance_id;
    uint64_t group_hash;
    uint32_t count;
};
static struct open_count *opens; /* guarded by pmix_lock */
static size_t n_opens;

struct pmix_bootstrap {
    struct mishmem_bootstrap base; /* first: the ops get this pointer back */
    uint64_t group_hash;
    /* The fence's processes: the job (one wildcard entry), or PE i's rank
     * at i; and each PE's proc for PMIx_Get. */
    pmix_proc_t *fence_procs;
    size_t n_fence_procs;
    pmix_proc_t *pe_procs;
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
    pmix_status_t init_status = pmix_init_status;
    pthread_mutex_unlock(&pmix_lock);
    if (state == 1)
        return ACLSHMEM_SUCCESS;
    if (init_status != PMIX_SUCCESS)
        LOG(LOG_ERROR, "bootstrap pmix: PMIx_Init failed: %s (no PMIx server answers: was this process "
            "started by one, such as mpirun or srun --mpi=pmix, and is it still running? PMIX_* "
            "variables left from a launcher that has ended select PMIx mode: unset them to run "
            "without it)", PMIx_Error_string(init_status));
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

/* The group args names: NULL, the whole job; else an
 * aclshmemx_pmix_group_t, checked. Needs PMIx up. */
static int group_members(const aclshmemx_pmix_group_t *group, int *my_pe, int *n_pes)
{
    if (!group) {
        *my_pe = (int)myself.rank;
        *n_pes = (int)job_size;
        return ACLSHMEM_SUCCESS;
    }
    if (group->n_ranks <= 0 || (uint32_t)group->n_ranks > job_size || !group->ranks) {
        LOG(LOG_ERROR, "bootstrap pmix: the group has %d ranks%s: it needs 1..%u ranks of this job",
            group->n_ranks, group->ranks ? "" : " and no rank array", job_size);
        return ACLSHMEM_INVALID_PARAM;
    }
    int *index_of = malloc(job_size * sizeof *index_of); /* rank -> its index in the list, or -1 */
    if (!index_of)
        return ACLSHMEM_MALLOC_FAILED;
    memset(index_of, 0xff, job_size * sizeof *index_of);
    int rc = ACLSHMEM_SUCCESS;
    for (int i = 0; rc == ACLSHMEM_SUCCESS && i < group->n_ranks; i++) {
        int rank = group->ranks[i];
        if (rank < 0 || (uint32_t)rank >= job_size) {
            LOG(LOG_ERROR, "bootstrap pmix: ranks[%d] = %d is not a rank of this job (0..%u)", i, rank,
                job_size - 1);
            rc = ACLSHMEM_INVALID_PARAM;
        } else if (index_of[rank] >= 0) {
            LOG(LOG_ERROR, "bootstrap pmix: rank %d is twice in the group (ranks[%d] and [%d])", rank,
                index_of[rank], i);
            rc = ACLSHMEM_INVALID_PARAM;
        } else {
            index_of[rank] = i;
        }
    }
    *my_pe = index_of[myself.rank];
    free(index_of);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if (*my_pe < 0) {
        LOG(LOG_ERROR, "bootstrap pmix: this process (rank %u) is not in the group it creates an instance "
            "of", myself.rank);
        return ACLSHMEM_INVALID_PARAM;
    }
    *n_pes = group->n_ranks;
    return ACLSHMEM_SUCCESS;
}

static int pmix_query(void *args, int *my_pe, int *n_pes)
{
    int rc = pmix_up();
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if (job_size > ACLSHMEM_MAX_PES || myself.rank >= job_size) {
        LOG(LOG_ERROR, "bootstrap pmix: rank %u of a job of %u processes (at most %d PEs)", myself.rank,
            job_size, ACLSHMEM_MAX_PES);
        return ACLSHMEM_INVALID_VALUE;
    }
    return group_members(args, my_pe, n_pes);
}

static uint64_t group_hash(const aclshmemx_pmix_group_t *group)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a; the whole job: no ranks */
    for (int i = 0; group && i < group->n_ranks; i++) {
        h ^= (uint64_t)(uint32_t)group->ranks[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* The next open number of (instance_id, hash); UINT32_MAX without memory. */
static uint32_t next_open(uint64_t instance_id, uint64_t hash)
{
    uint32_t number = UINT32_MAX;
    pthread_mutex_lock(&pmix_lock);
    size_t i = 0;
    while (i < n_opens && (opens[i].instance_id != instance_id || opens[i].group_hash != hash))
        i++;
    if (i == n_opens) {
        struct open_count *grown = realloc(opens, (n_opens + 1) * sizeof *opens);
        if (grown) {
            opens = grown;
            opens[n_opens++] = (struct open_count){instance_id, hash, 0};
        }
    }
    if (i < n_opens)
        number = opens[i].count++;
    pthread_mutex_unlock(&pmix_lock);
    return number;
}

static void make_key(const struct pmix_bootstrap *pb, char *key)
{
    /* Well below PMIX_MAX_KEYLEN (511). */
    snprintf(key, PMIX_MAX_KEYLEN, "mishmem.i%llu.g%016llx.o%u.s%llu", (unsigned long long)pb->instance_id,
             (unsigned long long)pb->group_hash, pb->open_number, (unsigned long long)pb->sequence);
}

static int fence(struct pmix_bootstrap *pb, bool collect, const char *what)
{
    pmix_info_t info[2];
    PMIX_INFO_LOAD(&info[0], PMIX_TIMEOUT, &pb->timeout_s, PMIX_INT);
    PMIX_INFO_LOAD(&info[1], PMIX_COLLECT_DATA, &collect, PMIX_BOOL);
    pmix_status_t rc = PMIx_Fence(pb->fence_procs, pb->n_fence_procs, info, 2);
    PMIX_INFO_DESTRUCT(&info[0]);
    PMIX_INFO_DESTRUCT(&info[1]);
    if (rc == PMIX_SUCCESS)
        return ACLSHMEM_SUCCESS;
    LOG(LOG_ERROR, "bootstrap pmix: %s of instance %llu: PMIx_Fence over the %d processes of namespace %s "
        "failed: %s%s", what, (unsigned long long)pb->instance_id, pb->base.n_pes, myself.nspace,
        PMIx_Error_string(rc), rc == PMIX_ERR_TIMEOUT ? " (some PE did not reach it within the init "
        "timeout; is every process of the job creating this instance?)" : "");
    return rc == PMIX_ERR_TIMEOUT ? ACLSHMEM_TIMEOUT_ERROR : ACLSHMEM_BOOTSTRAP_ERROR;
}

static int get_one(struct pmix_bootstrap *pb, const char *key, int pe, void *out, size_t len)
{
    const pmix_proc_t *peer = &pb->pe_procs[pe];
    pmix_rank_t rank = peer->rank;
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, PMIX_TIMEOUT, &pb->timeout_s, PMIX_INT);
    pmix_value_t *value = NULL;
    pmix_status_t rc = PMIx_Get(peer, key, &info, 1, &value);
    PMIX_INFO_DESTRUCT(&info);
    int result = ACLSHMEM_SUCCESS;
    if (rc != PMIX_SUCCESS) {
        LOG(LOG_ERROR, "bootstrap pmix: PMIx_Get of %s from rank %u failed: %s (every process of the "
            "instance must create instance %llu over the same rank list, and the instances they share in "
            "the same order)", key, rank, PMIx_Error_string(rc),
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
    /* A barrier is a fence that collects data, though there is none: Slurm's
     * PMIx plugin ends a fence without data collection on each node as soon
     * as that node's processes reached it, not waiting for the other nodes
     * (its PMIxFenceBarrier, off by default). PEs of one node then left the
     * barrier after static data is registered before the other node's PEs
     * had registered theirs, and a first put to one of them was refused
     * ("unknown key"), its connection dropped with the put (slurm_sbatch,
     * issue 25). */
    if (len == 0)
        return fence(pb, true, "barrier");
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
        if (pe == pb->base.my_pe)
            memmove(slot, mine, len);
        else
            result = get_one(pb, key, pe, slot, len);
    }
    return result;
}

static int pmix_barrier(struct mishmem_bootstrap *boot) { return pmix_allgather(boot, NULL, NULL, 0); }

/* No traffic; PMIx itself stays up until exit (see pmix_state). */
static void pmix_close(struct mishmem_bootstrap *boot)
{
    struct pmix_bootstrap *pb = (struct pmix_bootstrap *)boot;
    free(pb->fence_procs);
    free(pb->pe_procs);
    free(pb);
}

static const struct mishmem_bootstrap_ops pmix_ops = {pmix_allgather, pmix_barrier, pmix_close};

/* Every PE must create the same instance over the same group: compare
 * ids and a hash of the rank list. */
struct agreement {
    uint64_t instance_id;
    uint64_t group_hash;
};

static int agree_on_instance(struct pmix_bootstrap *pb)
{
    struct agreement mine = {pb->instance_id, pb->group_hash};
    struct agreement *all = calloc((size_t)pb->base.n_pes, sizeof *all);
    if (!all)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = pmix_allgather(&pb->base, &mine, all, sizeof mine);
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < pb->base.n_pes; pe++)
        if (all[pe].instance_id != mine.instance_id || all[pe].group_hash != mine.group_hash) {
            LOG(LOG_ERROR, "bootstrap pmix: PE %d (rank %u) creates instance %llu%s, this PE instance %llu: "
                "every member must pass the same instance id and the same rank list", pe,
                pb->pe_procs[pe].rank, (unsigned long long)all[pe].instance_id,
                all[pe].group_hash != mine.group_hash ? " over another rank list" : "",
                (unsigned long long)mine.instance_id);
            rc = ACLSHMEM_BOOTSTRAP_ERROR;
        }
    free(all);
    return rc;
}

/* The fence and get targets of the group. */
static int make_procs(struct pmix_bootstrap *pb, const aclshmemx_pmix_group_t *group)
{
    size_t n = (size_t)pb->base.n_pes;
    pb->pe_procs = calloc(n, sizeof *pb->pe_procs);
    pb->n_fence_procs = group ? n : 1;
    pb->fence_procs = calloc(pb->n_fence_procs, sizeof *pb->fence_procs);
    if (!pb->pe_procs || !pb->fence_procs)
        return ACLSHMEM_MALLOC_FAILED;
    for (size_t i = 0; i < n; i++)
        PMIX_LOAD_PROCID(&pb->pe_procs[i], myself.nspace,
                         group ? (pmix_rank_t)group->ranks[i] : (pmix_rank_t)i);
    if (group)
        memcpy(pb->fence_procs, pb->pe_procs, n * sizeof *pb->pe_procs);
    else
        PMIX_LOAD_PROCID(&pb->fence_procs[0], myself.nspace, PMIX_RANK_WILDCARD);
    return ACLSHMEM_SUCCESS;
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
        LOG(LOG_ERROR, "bootstrap pmix: the group is PE %d of %d, expected PE %d of %d", my_pe, n_pes,
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
    pb->group_hash = group_hash(args);
    pb->open_number = next_open(pb->instance_id, pb->group_hash);
    rc = pb->open_number == UINT32_MAX ? ACLSHMEM_MALLOC_FAILED : make_procs(pb, args);
    if (rc == ACLSHMEM_SUCCESS)
        rc = agree_on_instance(pb);
    if (rc != ACLSHMEM_SUCCESS) {
        pmix_close(&pb->base);
        return rc;
    }
    LOG(LOG_INFO, "bootstrap pmix: rank %u (namespace %s) joined instance %llu as PE %d of %d",
        myself.rank, myself.nspace, (unsigned long long)config->instance_id, my_pe, n_pes);
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
