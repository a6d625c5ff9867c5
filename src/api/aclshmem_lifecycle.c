/* aclshmem face: creating, selecting and finalizing instances, the
 * unique-id mode, queries and exit, logging controls, and introspection
 * of a multi-instance program (mishmem's own: the live instances, each
 * one's counters, its heap's use; the arguments are checked here, the
 * instance layer reads, instance/introspect.h). */
#include <stdio.h>
#include <string.h>

#include "api/face.h"
#include "bootstrap/uid.h"
#include "init/attr.h"
#include "init/lifecycle.h"
#include "instance/introspect.h"
#include "mishmem/aclshmem.h"
#include "mishmem/aclshmem_log.h"
#include "mishmem/aclshmem_uid.h"
#include "mishmem/openshmem.h"
#include "util/log.h"
#include "util/params.h"

int aclshmemx_init_attr(aclshmemx_bootstrap_t flags, aclshmemx_init_attr_t *attr)
{
    struct mishmem_instance_params params;
    int rc = mishmem_params_from_attr(flags, attr, &params);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    return mishmem_instance_init(&params, NULL);
}

int aclshmemx_init_status(void)
{
    return mishmem_current() ? ACLSHMEM_STATUS_IS_INITIALIZED : ACLSHMEM_STATUS_NOT_INITIALIZED;
}

int aclshmem_finalize(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_finalize", ACLSHMEM_NOT_INITED);
    return mishmem_instance_finalize(inst, "aclshmem_finalize");
}

int aclshmemx_finalize(uint64_t instance_id)
{
    /* Acts on the instance directly: the caller's current instance is
     * untouched unless it is the one being finalized. */
    struct mishmem_instance *inst = mishmem_instance_lookup(instance_id);
    if (!inst) {
        MISHMEM_ERROR("aclshmemx_finalize(%llu): no live instance has this id; nothing finalized",
                      (unsigned long long)instance_id);
        return instance_id > ACLSHMEM_MAX_INSTANCE_ID ? ACLSHMEM_INVALID_VALUE : ACLSHMEM_INVALID_PARAM;
    }
    return mishmem_instance_finalize(inst, "aclshmemx_finalize");
}

int aclshmemx_instance_ctx_set(uint64_t instance_id) { return mishmem_set_process_current(instance_id); }

aclshmem_instance_ctx *aclshmemx_instance_ctx_get(void)
{
    struct mishmem_instance *inst = mishmem_current();
    return inst ? &inst->public_ctx : NULL;
}

int aclshmemx_instance_thread_set(uint64_t instance_id) { return mishmem_set_thread_current(instance_id); }

int aclshmemx_instance_thread_clear(void)
{
    mishmem_clear_thread_current();
    return ACLSHMEM_SUCCESS;
}

/* Unique-id mode. */
int aclshmemx_get_uniqueid(aclshmemx_uniqueid_t *uid)
{
    if (!uid) {
        MISHMEM_ERROR("aclshmemx_get_uniqueid: uid is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    mishmem_params_load(); /* SHMEM_UID_* as the program set them now */
    return mishmem_uid_create(uid);
}

int aclshmemx_set_attr_uniqueid_args(int my_pe, int n_pes, int64_t local_mem_size,
                                     aclshmemx_uniqueid_t *uid, aclshmemx_init_attr_t *attr)
{
    if (!uid || !attr) {
        MISHMEM_ERROR("aclshmemx_set_attr_uniqueid_args: %s is NULL", uid ? "attr" : "uid");
        return ACLSHMEM_INVALID_PARAM;
    }
    /* The seed library's checks; aclshmemx_init_attr checks the rest. */
    if (my_pe < 0 || my_pe >= ACLSHMEM_MAX_PES || n_pes <= 0 || n_pes > ACLSHMEM_MAX_PES ||
        local_mem_size <= 0 || (uint64_t)local_mem_size > ACLSHMEM_MAX_LOCAL_SIZE) {
        MISHMEM_ERROR("aclshmemx_set_attr_uniqueid_args: my_pe %d / n_pes %d / local_mem_size %lld: "
                      "my_pe must be in 0..%d, n_pes in 1..%d and local_mem_size in 1..%llu",
                      my_pe, n_pes, (long long)local_mem_size, ACLSHMEM_MAX_PES - 1, ACLSHMEM_MAX_PES,
                      (unsigned long long)ACLSHMEM_MAX_LOCAL_SIZE);
        return ACLSHMEM_INVALID_VALUE;
    }
    if (uid->version != ACLSHMEM_UNIQUEID_VERSION) {
        MISHMEM_ERROR("aclshmemx_set_attr_uniqueid_args: uid has version %d, expected %d (start "
                      "from ACLSHMEM_UNIQUEID_INITIALIZER or aclshmemx_get_uniqueid)",
                      (int)uid->version, (int)ACLSHMEM_UNIQUEID_VERSION);
        return ACLSHMEM_INVALID_PARAM;
    }
    attr->my_pe = my_pe;
    attr->n_pes = n_pes;
    attr->local_mem_size = (uint64_t)local_mem_size;
    attr->comm_args = uid;
    return ACLSHMEM_SUCCESS;
}

/* Queries and exit. */
int aclshmem_my_pe(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_my_pe", ACLSHMEM_NOT_INITED);
    return inst->my_pe;
}

int aclshmem_n_pes(void)
{
    ACL_INSTANCE_OR_RETURN(inst, "aclshmem_n_pes", ACLSHMEM_NOT_INITED);
    return inst->n_pes;
}

int aclshmem_info_get_version(int *major, int *minor)
{
    if (!major || !minor)
        return ACLSHMEM_INVALID_PARAM;
    *major = SHMEM_MAJOR_VERSION;
    *minor = SHMEM_MINOR_VERSION;
    return ACLSHMEM_SUCCESS;
}

int aclshmem_info_get_name(char *name)
{
    if (!name)
        return ACLSHMEM_INVALID_PARAM;
    snprintf(name, SHMEM_MAX_NAME_LEN, "%s", SHMEM_VENDOR_STRING);
    return ACLSHMEM_SUCCESS;
}

void aclshmem_global_exit(int status) { mishmem_global_exit(status); }

/* Logging controls. */
_Static_assert(ACLSHMEM_LOG_DEBUG == (int)MISHMEM_LOG_DEBUG && ACLSHMEM_LOG_FATAL == (int)MISHMEM_LOG_FATAL,
               "public and internal log levels must match");

int aclshmemx_set_log_level(int level)
{
    if (mishmem_log_set_threshold(level) != 0) {
        MISHMEM_ERROR("aclshmemx_set_log_level(%d): level must be 0 (DEBUG) .. 4 (FATAL)", level);
        return ACLSHMEM_INVALID_VALUE;
    }
    return ACLSHMEM_SUCCESS;
}

int aclshmemx_set_extern_logger(void (*func)(int level, const char *msg))
{
    mishmem_log_set_sink(func);
    return ACLSHMEM_SUCCESS;
}

/* Introspection. */
/* Version 1's size: what every caller passes at least. */
#define STATS_V1_SIZE sizeof(aclshmemx_instance_stats_t)

static int no_instance(const char *call, uint64_t instance_id, int rc)
{
    MISHMEM_ERROR("%s(%llu): no live instance has this id", call, (unsigned long long)instance_id);
    return rc;
}

int aclshmemx_instance_list(uint64_t *ids, size_t capacity, size_t *count)
{
    if (!count || (!ids && capacity > 0)) {
        MISHMEM_ERROR("aclshmemx_instance_list(%p, %zu, %p): %s", (void *)ids, capacity, (void *)count,
                      count ? "ids is NULL" : "count is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    *count = mishmem_live_instance_ids(ids, capacity);
    /* ids NULL (capacity 0) asks only how many. */
    return !ids || *count <= capacity ? ACLSHMEM_SUCCESS : ACLSHMEM_INVALID_VALUE;
}

int aclshmemx_instance_stats(uint64_t instance_id, aclshmemx_instance_stats_t *stats)
{
    if (!stats || stats->size < STATS_V1_SIZE) {
        MISHMEM_ERROR("aclshmemx_instance_stats(%llu): %s", (unsigned long long)instance_id,
                      stats ? "stats->size is smaller than sizeof(aclshmemx_instance_stats_t) version 1"
                            : "stats is NULL");
        return ACLSHMEM_INVALID_PARAM;
    }
    aclshmemx_instance_stats_t mine;
    int rc = mishmem_instance_stats_read(instance_id, &mine);
    if (rc != ACLSHMEM_SUCCESS)
        return no_instance("aclshmemx_instance_stats", instance_id, rc);
    /* A caller built against a later version gets our fields, zeros after. */
    uint32_t size = stats->size;
    memset(stats, 0, size);
    memcpy(stats, &mine, sizeof mine);
    stats->size = size;
    return ACLSHMEM_SUCCESS;
}

static int heap_usage(const char *call, uint64_t instance_id, size_t *bytes, int want_used)
{
    if (!bytes) {
        MISHMEM_ERROR("%s(%llu): bytes is NULL", call, (unsigned long long)instance_id);
        return ACLSHMEM_INVALID_PARAM;
    }
    uint64_t used, unused;
    int rc = mishmem_instance_heap_usage(instance_id, &used, &unused);
    if (rc != ACLSHMEM_SUCCESS)
        return no_instance(call, instance_id, rc);
    *bytes = (size_t)(want_used ? used : unused);
    return rc;
}

int aclshmemx_heap_used(uint64_t instance_id, size_t *bytes)
{
    return heap_usage("aclshmemx_heap_used", instance_id, bytes, 1);
}

int aclshmemx_heap_free(uint64_t instance_id, size_t *bytes)
{
    return heap_usage("aclshmemx_heap_free", instance_id, bytes, 0);
}
