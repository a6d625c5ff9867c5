/* Unique-id mode (ACLSHMEMX_INIT_WITH_UNIQUEID): attr->comm_args points
 * to a unique id from aclshmemx_get_uniqueid (uid_create.c); its bytes
 * become a tcp bootstrap configuration, enforcing "the creator is PE 0",
 * who serves the tcp rendezvous on the socket made with the unique id. */
#include <stdio.h>
#include <string.h>

#include "bootstrap/mode.h"
#include "bootstrap/uid_codec.h"
#include "bootstrap/uid_listeners.h"
#include "util/log.h"

static int decode(const aclshmemx_uniqueid_t *uid, struct mishmem_uid_info *info)
{
    if (!uid) {
        MISHMEM_ERROR("unique-id mode: comm_args is NULL; it must point to the aclshmemx_uniqueid_t "
                      "(aclshmemx_set_attr_uniqueid_args sets it)");
        return ACLSHMEM_INVALID_PARAM;
    }
    if (uid->version != ACLSHMEM_UNIQUEID_VERSION) {
        MISHMEM_ERROR("unique-id mode: comm_args has version %d, expected %d: it is not an "
                      "aclshmemx_uniqueid_t of this library", (int)uid->version,
                      (int)ACLSHMEM_UNIQUEID_VERSION);
        return ACLSHMEM_INVALID_PARAM;
    }
    if (mishmem_uid_decode(uid->internal, info) != 0) {
        MISHMEM_ERROR("unique-id mode: comm_args does not hold a unique id made by "
                      "aclshmemx_get_uniqueid (never filled in, or damaged on the way)");
        return ACLSHMEM_INVALID_PARAM;
    }
    return ACLSHMEM_SUCCESS;
}

/* PE 0 takes the listener; everybody else must not hold it. */
static int claim_listener(const struct mishmem_uid_info *info, int instance_live,
                          struct mishmem_bootstrap_config *boot)
{
    boot->listen_fd = -1;
    if (boot->my_pe != 0) {
        if (!mishmem_uid_listener_held(info->nonce, info->secret))
            return ACLSHMEM_SUCCESS;
        MISHMEM_ERROR("unique id %016llx was made by this process, which must therefore be PE 0 "
                      "of its instance (asked to be PE %d)", (unsigned long long)info->nonce,
                      boot->my_pe);
        return ACLSHMEM_INVALID_PARAM;
    }
    boot->listen_fd = mishmem_uid_listener_take(info->nonce, info->secret);
    if (boot->listen_fd >= 0 || instance_live)
        return ACLSHMEM_SUCCESS;
    MISHMEM_ERROR("unique id %016llx: PE 0 must be the process that made it with "
                  "aclshmemx_get_uniqueid (pid %u), and a unique id serves one init; this process "
                  "holds no unused listener for it", (unsigned long long)info->nonce,
                  (unsigned)info->creator_pid);
    return ACLSHMEM_INVALID_PARAM;
}

/* Fills boot's host, port and secret from uid (boot->my_pe is set). On
 * PE 0 it also takes this process's listening socket for uid into
 * boot->listen_fd; the unique id is used up from then on. PE 0 must be the
 * process that made uid, and nobody else may be: INVALID_PARAM otherwise,
 * except that with instance_live (a duplicate init, answered by the init
 * layer) a used-up unique id is accepted with listen_fd -1. */
static int uid_configure(const struct mishmem_bootstrap_source *src, struct mishmem_bootstrap_config *boot,
                         char *key, size_t key_size)
{
    struct mishmem_uid_info info;
    int rc = decode(src->attr->comm_args, &info);
    if (rc != ACLSHMEM_SUCCESS)
        return rc;
    mishmem_uid_host_text(&info, boot->host, sizeof boot->host);
    boot->port = info.port;
    memcpy(boot->secret, info.secret, MISHMEM_SECRET_BYTES);
    snprintf(key, key_size, "uid %016llx", (unsigned long long)info.nonce);
    return claim_listener(&info, src->instance_live, boot);
}

const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_uid = {
    .name = "uid",
    .flag = ACLSHMEMX_INIT_WITH_UNIQUEID,
    .flag_name = "ACLSHMEMX_INIT_WITH_UNIQUEID",
    .configure = uid_configure,
    .open = mishmem_bootstrap_tcp_open,
};
