/* Public calls that log one known line at each level, without disturbing
 * the launcher's world. Each returns the text to look for. */
#ifndef MISHMEM_TEST_LOG_TRIGGERS_H
#define MISHMEM_TEST_LOG_TRIGGERS_H

#include <shmem.h>

#include "test_instance_attr.h"
#include "test_util.h"

#define TRIGGER_INSTANCE 17 /* apart from the worlds CI runs in (0, 7) */

/* DEBUG: making a unique id. INFO: a 1-PE instance becoming ready (made
 * with that unique id, then finalized). */
static inline const char *trigger_debug_and_info(void)
{
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.instance_id = TRIGGER_INSTANCE;
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 1, 1 << 20, &uid, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(TRIGGER_INSTANCE), ACLSHMEM_SUCCESS);
    return "made";
}
#define INFO_TEXT "ready"

/* WARN: initializing the live world (the current instance) again, with
 * other attributes. */
static inline const char *trigger_warn(void)
{
    aclshmemx_init_attr_t attr =
        test_instance_attr(aclshmemx_instance_ctx_get()->id, 0, 1, 1 << 20, "tcp://127.0.0.1:1");
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr), ACLSHMEM_INVALID_PARAM);
    return "already exists";
}

/* ERROR: finalizing an id nobody created. */
static inline const char *trigger_error(void)
{
    CHECK_RC(aclshmemx_finalize(200), ACLSHMEM_INVALID_PARAM);
    return "no live instance";
}

/* A line the triggers log: its level and the text to look for. */
struct expected_line {
    int level;
    const char *text;
};
#define N_LEVEL_LINES 4

/* Logs one line at every level with the triggers above; lines[] gets them
 * in the order DEBUG, INFO, WARN, ERROR. */
static inline void trigger_every_level(struct expected_line lines[N_LEVEL_LINES])
{
    lines[0] = (struct expected_line){ACLSHMEM_LOG_DEBUG, trigger_debug_and_info()};
    lines[1] = (struct expected_line){ACLSHMEM_LOG_INFO, INFO_TEXT};
    lines[2] = (struct expected_line){ACLSHMEM_LOG_WARN, trigger_warn()};
    lines[3] = (struct expected_line){ACLSHMEM_LOG_ERROR, trigger_error()};
}

#endif
