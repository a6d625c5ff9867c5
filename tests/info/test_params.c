/* The parameter table (src/util/params*): typed values, where each came
 * from, the snapshot a reader holds staying as it was while the next
 * init reads the environment again, and the messages for bad values.
 * One process, no launcher. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/launch_contract.h"
#include "mishmem/aclshmem.h"
#include "mishmem/aclshmem_log.h"
#include "test_util.h"
#include "util/params.h"

static char last_line[1024];

static void keep_line(int level, const char *line)
{
    (void)level;
    snprintf(last_line, sizeof last_line, "%s", line);
}

static void expect_message(const char *want)
{
    CHECK(strstr(last_line, want), "logged \"%s\", expected \"%s\"", last_line, want);
    last_line[0] = '\0';
}

static void test_defaults(void)
{
    unsetenv("SHMEM_SYMMETRIC_SIZE");
    unsetenv("MISHMEM_OFI_PROVIDER"); /* CI's pass on a second provider sets it */
    setenv("SHMEM_INIT_TIMEOUT", "", 1); /* empty counts as unset */
    mishmem_params_load();
    const struct mishmem_params *p = mishmem_params();
    CHECK(p->SHMEM_SYMMETRIC_SIZE == 256ull << 20, "default heap %llu", (unsigned long long)p->SHMEM_SYMMETRIC_SIZE);
    CHECK(p->SHMEM_INIT_TIMEOUT == 120 && p->source[MISHMEM_PARAM_SHMEM_INIT_TIMEOUT] == MISHMEM_PARAM_FROM_DEFAULT,
          "empty SHMEM_INIT_TIMEOUT: %ld", p->SHMEM_INIT_TIMEOUT);
    CHECK(p->MISHMEM_BALANCE == 1 && p->SHMEM_DEBUG == 0, "bool defaults");
    CHECK(strcmp(p->MISHMEM_OFI_LIBRARY, "libfabric.so.1") == 0, "string default");
    CHECK(p->MISHMEM_OFI_PROVIDER == NULL, "the provider is chosen at run time unless set");
    CHECK(p->MISHMEM_AMO_PATH == NULL && !mishmem_param_is_set(MISHMEM_PARAM_MISHMEM_AMO_PATH), "no default");
    CHECK(strcmp(mishmem_param_source_name(MISHMEM_PARAM_FROM_DEFAULT), "default") == 0, "source name");
}

static void test_snapshots(void)
{
    mishmem_params_load();
    const struct mishmem_params *before = mishmem_params();
    setenv("SHMEM_SYMMETRIC_SIZE", "1.5G", 1);
    setenv("SHMEM_DEBUG", "yes", 1);
    CHECK(mishmem_params() == before, "the environment was read again before an init");
    mishmem_params_load();
    const struct mishmem_params *after = mishmem_params();
    CHECK(after != before, "a changed environment made no new snapshot");
    CHECK(before->SHMEM_SYMMETRIC_SIZE == 256ull << 20 && before->SHMEM_DEBUG == 0,
          "a reader's snapshot changed under it");
    CHECK(after->SHMEM_SYMMETRIC_SIZE == 1536ull << 20, "1.5G read as %llu", (unsigned long long)after->SHMEM_SYMMETRIC_SIZE);
    CHECK(after->SHMEM_DEBUG == 1 && after->source[MISHMEM_PARAM_SHMEM_DEBUG] == MISHMEM_PARAM_FROM_ENVIRONMENT,
          "SHMEM_DEBUG=yes");
    mishmem_params_load();
    CHECK(mishmem_params() == after, "an unchanged environment made a new snapshot");
    unsetenv("SHMEM_SYMMETRIC_SIZE");
    unsetenv("SHMEM_DEBUG");
    mishmem_params_load();
}

static void test_bad_values(void)
{
    long value;
    uint64_t size;
    setenv("SHMEM_INIT_TIMEOUT", "0", 1);
    setenv("SHMEM_SYMMETRIC_SIZE", "41G", 1);
    setenv("SHMEM_WORLD_INSTANCE_ID", "7x", 1);
    mishmem_params_load();
    const struct mishmem_params *p = mishmem_params();
    CHECK(!p->valid[MISHMEM_PARAM_SHMEM_INIT_TIMEOUT] && p->SHMEM_INIT_TIMEOUT == 120, "0 out of range");
    CHECK_RC(mishmem_param_long(MISHMEM_PARAM_SHMEM_INIT_TIMEOUT, &value), ACLSHMEM_INVALID_VALUE);
    expect_message("SHMEM_INIT_TIMEOUT=\"0\" must be an integer in 1..86400");
    CHECK_RC(mishmem_param_size(MISHMEM_PARAM_SHMEM_SYMMETRIC_SIZE, &size), ACLSHMEM_INVALID_VALUE);
    expect_message("SHMEM_SYMMETRIC_SIZE=\"41G\" must be a size in 1..40G (K/M/G/T suffixes, fractions such as 1.5G)");
    CHECK_RC(mishmem_param_long(MISHMEM_PARAM_SHMEM_WORLD_INSTANCE_ID, &value), ACLSHMEM_INVALID_VALUE);
    expect_message("SHMEM_WORLD_INSTANCE_ID=\"7x\" must be an integer in 0..254");
    /* A range known only at run time: MISHMEM_PE below MISHMEM_NPES. */
    setenv("MISHMEM_PE", "4", 1);
    mishmem_params_load();
    CHECK_RC(mishmem_param_long_upto(MISHMEM_PARAM_MISHMEM_PE, 3, &value), ACLSHMEM_INVALID_VALUE);
    expect_message("MISHMEM_PE=\"4\" must be an integer in 0..3");
    CHECK_RC(mishmem_param_long_upto(MISHMEM_PARAM_MISHMEM_PE, 4, &value), ACLSHMEM_SUCCESS);
    CHECK(value == 4, "MISHMEM_PE %ld", value);
    /* Unset without a default: the same message with an empty value. */
    unsetenv("MISHMEM_NPES");
    mishmem_params_load();
    CHECK_RC(mishmem_param_long(MISHMEM_PARAM_MISHMEM_NPES, &value), ACLSHMEM_INVALID_VALUE);
    expect_message("MISHMEM_NPES=\"\" must be an integer in 1..16384");
    unsetenv("SHMEM_INIT_TIMEOUT");
    unsetenv("SHMEM_SYMMETRIC_SIZE");
    unsetenv("SHMEM_WORLD_INSTANCE_ID");
    unsetenv("MISHMEM_PE");
    mishmem_params_load();
    CHECK_RC(mishmem_param_long(MISHMEM_PARAM_SHMEM_INIT_TIMEOUT, &value), ACLSHMEM_SUCCESS);
    CHECK(value == 120, "default timeout %ld", value);
}

static void test_consume_and_print(void)
{
    setenv("MISHMEM_RDV_FD", "9", 1);
    setenv("SHMEM_BOOTSTRAP_SECRET", "hunter2", 1);
    mishmem_params_load();
    CHECK(mishmem_param_given(MISHMEM_PARAM_MISHMEM_RDV_FD) && mishmem_params()->MISHMEM_RDV_FD == 9, "RDV_FD");
    mishmem_param_consume(MISHMEM_PARAM_MISHMEM_RDV_FD);
    CHECK(!getenv("MISHMEM_RDV_FD") && !mishmem_param_is_set(MISHMEM_PARAM_MISHMEM_RDV_FD), "not consumed");
    char text[16384] = "";
    FILE *f = fmemopen(text, sizeof text - 1, "w");
    CHECK(f, "fmemopen");
    mishmem_params_print(f);
    fclose(f);
    CHECK(!strstr(text, "hunter2") && strstr(text, "(set, not shown)"), "the secret was shown");
    CHECK(strstr(text, "  SHMEM_SYMMETRIC_SIZE         = 256M           (default)     symmetric heap"),
          "no SHMEM_SYMMETRIC_SIZE row in:\n%s", text);
    char buf[32];
    mishmem_format_size(40ull << 30, buf, sizeof buf);
    CHECK(strcmp(buf, "40G") == 0, "40G printed as %s", buf);
    mishmem_format_size(1536, buf, sizeof buf);
    CHECK(strcmp(buf, "1536") == 0 || strcmp(buf, "1.5K") == 0, "1536 printed as %s", buf);
    unsetenv("SHMEM_BOOTSTRAP_SECRET");
}

/* The table's LAUNCHER rows are the launch contract's variables, by name. */
static void test_launch_contract(void)
{
    static const struct {
        enum mishmem_param_id id;
        const char *name;
    } contract[] = {
        {MISHMEM_PARAM_MISHMEM_PE, MISHMEM_LAUNCH_PE},
        {MISHMEM_PARAM_MISHMEM_NPES, MISHMEM_LAUNCH_NPES},
        {MISHMEM_PARAM_MISHMEM_RDV_ADDR, MISHMEM_LAUNCH_RDV_ADDR},
        {MISHMEM_PARAM_MISHMEM_RDV_FD, MISHMEM_LAUNCH_RDV_FD},
        {MISHMEM_PARAM_MISHMEM_SECRET, MISHMEM_LAUNCH_SECRET},
        {MISHMEM_PARAM_MISHMEM_CTRL_FD, MISHMEM_LAUNCH_CTRL_FD},
        {MISHMEM_PARAM_MISHMEM_JOB_BOARD_FD, MISHMEM_LAUNCH_JOB_BOARD_FD},
        {MISHMEM_PARAM_MISHMEM_PORT_RANGE, MISHMEM_LAUNCH_PORT_RANGE},
        {MISHMEM_PARAM_SHMEM_INSTANCE_PORT_RANGE, MISHMEM_LAUNCH_USER_PORT_RANGE},
    };
    int n = (int)(sizeof contract / sizeof contract[0]), launcher_rows = 0;
    for (int i = 0; i < n; i++)
        CHECK(strcmp(mishmem_param_name(contract[i].id), contract[i].name) == 0, "the table says %s, the contract %s",
              mishmem_param_name(contract[i].id), contract[i].name);
    for (int i = 0; i < MISHMEM_PARAM_COUNT; i++)
        launcher_rows += strcmp(mishmem_param_row((enum mishmem_param_id)i)->category, "LAUNCHER") == 0;
    CHECK(launcher_rows == n - 1, "%d LAUNCHER rows, the contract has %d variables", launcher_rows, n - 1);
}

int main(void)
{
    CHECK_RC(aclshmemx_set_extern_logger(keep_line), ACLSHMEM_SUCCESS);
    test_defaults();
    test_snapshots();
    test_bad_values();
    test_consume_and_print();
    test_launch_contract();
    printf("params: defaults, snapshots, bad values, consume and print, launch contract ok\n");
    return 0;
}
