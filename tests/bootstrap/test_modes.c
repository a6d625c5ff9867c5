/* The table of bootstrap modes (src/bootstrap/modes.c): which mode a flag
 * or the environment selects, the flag list aclshmemx_init_attr's message
 * names, the steps of the launcher and tcp modes, and a single PE opening
 * the self bootstrap whatever its mode. One process, no rendezvous. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/mode.h"
#include "test_util.h"
#include "util/params.h"

/* The library reads the environment at each instance init (util/params.h);
 * this test calls the bootstrap directly, so it re-reads it as an init would. */
static void set_env(const char *name, const char *value)
{
    setenv(name, value, 1);
    mishmem_params_load();
}

static void unset_env(const char *name)
{
    unsetenv(name);
    mishmem_params_load();
}

static void test_flags(void)
{
    CHECK(strcmp(mishmem_bootstrap_mode_for_flag(ACLSHMEMX_INIT_WITH_DEFAULT)->name, "tcp") == 0, "DEFAULT");
    CHECK(strcmp(mishmem_bootstrap_mode_for_flag(ACLSHMEMX_INIT_WITH_UNIQUEID)->name, "uid") == 0, "UNIQUEID");
    CHECK(strcmp(mishmem_bootstrap_mode_for_flag(ACLSHMEMX_INIT_WITH_MPI)->name, "mpi") == 0, "MPI");
    CHECK(strcmp(mishmem_bootstrap_mode_for_flag(ACLSHMEMX_INIT_WITH_PMIX)->name, "pmix") == 0, "PMIX");
    CHECK(mishmem_bootstrap_mode_for_flag(0) == NULL, "flag 0 selects nothing");
    CHECK(mishmem_bootstrap_mode_for_flag(ACLSHMEMX_INIT_WITH_DEFAULT | ACLSHMEMX_INIT_WITH_MPI) == NULL,
          "two flags select nothing");
    char names[256];
    mishmem_bootstrap_mode_flag_names(names, sizeof names);
    CHECK(strcmp(names, "ACLSHMEMX_INIT_WITH_DEFAULT, ACLSHMEMX_INIT_WITH_UNIQUEID, "
                        "ACLSHMEMX_INIT_WITH_MPI or ACLSHMEMX_INIT_WITH_PMIX") == 0,
          "flag names: \"%s\"", names);
    char small[12];
    mishmem_bootstrap_mode_flag_names(small, sizeof small);
    CHECK(strcmp(small, "ACLSHMEMX_I") == 0, "truncated flag names: \"%s\"", small);
}

static void test_env_detection(void)
{
    unset_env("MISHMEM_PE");
    CHECK(strcmp(mishmem_bootstrap_mode_from_env()->name, "self") == 0, "no launcher: self");
    set_env("MISHMEM_PE", "0");
    CHECK(strcmp(mishmem_bootstrap_mode_from_env()->name, "launcher") == 0, "MISHMEM_PE: launcher");
    set_env("PMIX_RANK", "0");
    set_env("PMIX_NAMESPACE", "ns");
    CHECK(strcmp(mishmem_bootstrap_mode_from_env()->name, "launcher") == 0,
          "MISHMEM_PE and PMIX_*: the launcher wins");
    unset_env("MISHMEM_PE");
    CHECK(strcmp(mishmem_bootstrap_mode_from_env()->name, "pmix") == 0, "PMIX_RANK, PMIX_NAMESPACE: pmix");
    unset_env("PMIX_NAMESPACE");
    CHECK(strcmp(mishmem_bootstrap_mode_from_env()->name, "self") == 0, "PMIX_RANK alone: self");
    unset_env("PMIX_RANK");
}

static void test_launcher(void)
{
    const struct mishmem_bootstrap_mode *mode;
    struct mishmem_bootstrap_source src = {0};
    struct mishmem_bootstrap_config config;
    char key[64];
    set_env("MISHMEM_PE", "2");
    set_env("MISHMEM_NPES", "4");
    set_env("MISHMEM_RDV_ADDR", "tcp://127.0.0.1:4321");
    mode = mishmem_bootstrap_mode_from_env();
    mishmem_bootstrap_config_init(&config, mode);
    CHECK(config.listen_fd == -1 && config.mode == mode, "config_init");
    CHECK_RC(mode->members(&src, &config), ACLSHMEM_SUCCESS);
    CHECK(config.my_pe == 2 && config.n_pes == 4, "PE %d of %d", config.my_pe, config.n_pes);
    CHECK_RC(mode->configure(&src, &config, key, sizeof key), ACLSHMEM_SUCCESS);
    CHECK(strcmp(config.host, "127.0.0.1") == 0 && config.port == 4321, "%s:%u", config.host,
          (unsigned)config.port);
    CHECK(strcmp(key, "tcp://127.0.0.1:4321") == 0, "key \"%s\"", key);
    CHECK(config.listen_fd == -1, "a client holds no listener");

    set_env("MISHMEM_PE", "4");
    CHECK_RC(mode->members(&src, &config), ACLSHMEM_INVALID_VALUE);
    set_env("MISHMEM_PE", "1");
    set_env("MISHMEM_RDV_ADDR", "tcp://127.0.0.1:0");
    CHECK_RC(mode->configure(&src, &config, key, sizeof key), ACLSHMEM_INVALID_VALUE);
    unset_env("MISHMEM_PE");
    unset_env("MISHMEM_NPES");
    unset_env("MISHMEM_RDV_ADDR");
}

static void test_tcp(void)
{
    const struct mishmem_bootstrap_mode *mode = mishmem_bootstrap_mode_for_flag(ACLSHMEMX_INIT_WITH_DEFAULT);
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.my_pe = 1;
    attr.n_pes = 2;
    attr.instance_id = 3;
    attr.ip_port = "tcp://[::1]:0";
    struct mishmem_bootstrap_source src = {.attr = &attr};
    struct mishmem_bootstrap_config config;
    char key[64];
    mishmem_bootstrap_config_init(&config, mode);
    config.my_pe = attr.my_pe;
    config.n_pes = attr.n_pes;
    CHECK(mode->members == NULL, "the caller says who the PEs are");
    CHECK_RC(mode->configure(&src, &config, key, sizeof key), ACLSHMEM_INVALID_VALUE); /* no range */
    set_env("SHMEM_INSTANCE_PORT_RANGE", "30000:30010");
    CHECK_RC(mode->configure(&src, &config, key, sizeof key), ACLSHMEM_SUCCESS);
    CHECK(strcmp(config.host, "::1") == 0 && config.port == 30003, "%s:%u", config.host,
          (unsigned)config.port);
    CHECK(strcmp(key, "tcp://[::1]:0") == 0, "key \"%s\"", key);
    attr.ip_port = "tcp://::1:5";
    CHECK_RC(mode->configure(&src, &config, key, sizeof key), ACLSHMEM_INVALID_PARAM);
    unset_env("SHMEM_INSTANCE_PORT_RANGE");
}

static void test_single_pe_open(void)
{
    struct mishmem_bootstrap_config config;
    mishmem_bootstrap_config_init(&config, mishmem_bootstrap_mode_for_flag(ACLSHMEMX_INIT_WITH_DEFAULT));
    config.my_pe = 0;
    config.n_pes = 1;
    config.listen_fd = dup(STDERR_FILENO);
    CHECK(config.listen_fd >= 0, "dup: %s", strerror(errno));
    struct mishmem_bootstrap *boot = NULL;
    CHECK_RC(mishmem_bootstrap_open(&config, &boot), ACLSHMEM_SUCCESS);
    CHECK(fcntl(config.listen_fd, F_GETFD) == -1 && errno == EBADF, "the unused listener is closed");
    CHECK(boot && boot->my_pe == 0 && boot->n_pes == 1, "a self bootstrap");
    long mine = 42, all = 0;
    CHECK_RC(mishmem_bootstrap_allgather(boot, &mine, &all, sizeof mine), ACLSHMEM_SUCCESS);
    CHECK(all == 42, "allgather of one");
    mishmem_bootstrap_close(boot);
}

int main(void)
{
    test_flags();
    test_env_detection();
    test_launcher();
    test_tcp();
    test_single_pe_open();
    printf("bootstrap modes: ok\n");
    return 0;
}
