/* The MPI bootstrap plugin (libmishmem_bootstrap_mpi.so): an instance's
 * PEs are the ranks of an MPI communicator, and the bootstrap's allgather
 * and barrier are MPI_Allgather and MPI_Barrier on a private duplicate of
 * it (so mishmem's traffic never matches the program's own messages).
 * libmishmem loads this at run time; only this file sees <mpi.h>. */
#include <limits.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/plugin.h"
#include "mishmem/aclshmem.h"

/* enum mishmem_log_level, without linking anything of mishmem. */
enum { LOG_DEBUG = 0, LOG_INFO = 1, LOG_WARN = 2, LOG_ERROR = 3 };

static const struct mishmem_plugin_host *host;

#define LOG(level, ...) host->log(level, __VA_ARGS__)

struct mpi_bootstrap {
    struct mishmem_bootstrap base; /* first: the ops get this pointer back */
    MPI_Comm comm;                 /* our duplicate; errors are returned, not fatal */
};

static int mpi_ready(const char *what)
{
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (initialized && !finalized)
        return ACLSHMEM_SUCCESS;
    LOG(LOG_ERROR, "bootstrap mpi: %s needs MPI to be running: %s", what,
        finalized ? "MPI_Finalize was already called" : "call MPI_Init first");
    return ACLSHMEM_BOOTSTRAP_ERROR;
}

static void log_mpi_error(const char *call, int err)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(err, text, &len) != MPI_SUCCESS)
        strcpy(text, "unknown error");
    LOG(LOG_ERROR, "bootstrap mpi: %s failed: %s", call, text);
}

static int mpi_allgather(struct mishmem_bootstrap *boot, const void *mine, void *all, size_t len)
{
    struct mpi_bootstrap *mb = (struct mpi_bootstrap *)boot;
    if (len > INT_MAX) {
        LOG(LOG_ERROR, "bootstrap mpi: allgather of %zu bytes per PE is above MPI's int count", len);
        return ACLSHMEM_INVALID_PARAM;
    }
    if (len && (!mine || !all))
        return ACLSHMEM_INVALID_PARAM;
    /* Only the finalize of an instance that outlived MPI_Finalize asks now
     * (its barrier before the endpoints close, across hosts): MPI forbids
     * the call, and its end was every rank's barrier already. */
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized)
        return ACLSHMEM_BOOTSTRAP_ERROR;
    int err = len ? MPI_Allgather(mine, (int)len, MPI_BYTE, all, (int)len, MPI_BYTE, mb->comm)
                  : MPI_Barrier(mb->comm);
    if (err != MPI_SUCCESS) {
        log_mpi_error(len ? "MPI_Allgather" : "MPI_Barrier", err);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    return ACLSHMEM_SUCCESS;
}

static int mpi_barrier(struct mishmem_bootstrap *boot) { return mpi_allgather(boot, NULL, NULL, 0); }

static void mpi_close(struct mishmem_bootstrap *boot)
{
    struct mpi_bootstrap *mb = (struct mpi_bootstrap *)boot;
    int finalized = 0;
    MPI_Finalized(&finalized);
    /* After MPI_Finalize the communicator is gone with MPI itself. */
    if (!finalized && mb->comm != MPI_COMM_NULL)
        MPI_Comm_free(&mb->comm);
    free(mb);
}

static const struct mishmem_bootstrap_ops mpi_ops = {mpi_allgather, mpi_barrier, mpi_close};

static MPI_Comm user_comm(void *args) { return args ? *(MPI_Comm *)args : MPI_COMM_WORLD; }

static int mpi_query(void *args, int *my_pe, int *n_pes)
{
    int rc = mpi_ready("ACLSHMEMX_INIT_WITH_MPI");
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    MPI_Comm comm = user_comm(args);
    if (comm == MPI_COMM_NULL) {
        LOG(LOG_ERROR, "bootstrap mpi: comm_args points to MPI_COMM_NULL (this rank is in no group "
            "of the split?)");
        return ACLSHMEM_INVALID_PARAM;
    }
    if (MPI_Comm_rank(comm, my_pe) != MPI_SUCCESS || MPI_Comm_size(comm, n_pes) != MPI_SUCCESS) {
        LOG(LOG_ERROR, "bootstrap mpi: comm_args is not a usable communicator");
        return ACLSHMEM_INVALID_PARAM;
    }
    return ACLSHMEM_SUCCESS;
}

/* Every rank must create the same instance: compare ids. */
static int agree_on_instance(struct mpi_bootstrap *mb, uint64_t instance_id)
{
    uint64_t *ids = calloc((size_t)mb->base.n_pes, sizeof *ids);
    if (!ids)
        return ACLSHMEM_MALLOC_FAILED;
    int rc = mpi_allgather(&mb->base, &instance_id, ids, sizeof instance_id);
    for (int pe = 0; rc == ACLSHMEM_SUCCESS && pe < mb->base.n_pes; pe++)
        if (ids[pe] != instance_id) {
            LOG(LOG_ERROR, "bootstrap mpi: rank %d creates instance %llu, this rank %llu: every rank "
                "of the communicator must pass the same instance_id", pe,
                (unsigned long long)ids[pe], (unsigned long long)instance_id);
            rc = ACLSHMEM_BOOTSTRAP_ERROR;
        }
    free(ids);
    return rc;
}

static int mpi_open(void *args, const struct mishmem_bootstrap_config *config,
                    struct mishmem_bootstrap **out)
{
    int my_pe, n_pes;
    int rc = mpi_query(args, &my_pe, &n_pes);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    if (my_pe != config->my_pe || n_pes != config->n_pes) {
        LOG(LOG_ERROR, "bootstrap mpi: the communicator changed: rank %d of %d, expected %d of %d",
            my_pe, n_pes, config->my_pe, config->n_pes);
        return ACLSHMEM_INVALID_PARAM;
    }
    struct mpi_bootstrap *mb = calloc(1, sizeof *mb);
    if (!mb)
        return ACLSHMEM_MALLOC_FAILED;
    mb->base.ops = &mpi_ops;
    mb->base.my_pe = my_pe;
    mb->base.n_pes = n_pes;
    mb->comm = MPI_COMM_NULL;
    int err = MPI_Comm_dup(user_comm(args), &mb->comm);
    if (err != MPI_SUCCESS) {
        log_mpi_error("MPI_Comm_dup", err);
        free(mb);
        return ACLSHMEM_BOOTSTRAP_ERROR;
    }
    MPI_Comm_set_errhandler(mb->comm, MPI_ERRORS_RETURN);
    rc = agree_on_instance(mb, config->instance_id);
    if (rc != ACLSHMEM_SUCCESS) {
        mpi_close(&mb->base);
        return rc;
    }
    LOG(LOG_INFO, "bootstrap mpi: rank %d of %d joined instance %llu", my_pe, n_pes,
        (unsigned long long)config->instance_id);
    *out = &mb->base;
    return ACLSHMEM_SUCCESS;
}

static const struct mishmem_bootstrap_plugin mpi_plugin = {
    .abi = MISHMEM_BOOTSTRAP_PLUGIN_ABI,
    .name = "mpi",
    .query = mpi_query,
    .open = mpi_open,
};

__attribute__((visibility("default"))) const struct mishmem_bootstrap_plugin *
mishmem_bootstrap_plugin_entry(uint32_t abi, const struct mishmem_plugin_host *lender)
{
    if (abi != MISHMEM_BOOTSTRAP_PLUGIN_ABI || !lender || !lender->log)
        return NULL;
    host = lender;
    return &mpi_plugin;
}
