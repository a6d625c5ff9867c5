/* ACLSHMEMX_INIT_WITH_MPI when the MPI plugin cannot be had: nothing in
 * MISHMEM_PLUGIN_DIR (an empty directory), none next to the program (it
 * links libmishmem statically, so "libmishmem's directory" is this test's
 * own), none on the default search path (checked first: if one is
 * installed there, the test cannot make it unfindable and is skipped);
 * then a file of the right name without the entry function, and one from
 * another plugin ABI. Each gives ACLSHMEM_DL_FUNC_FAILED, a message that
 * says what was searched, and no instance. Needs no MPI. */
#include <dlfcn.h>
#include <limits.h>
#include <shmemx.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log/log_capture.h"

#define PLUGIN_FILE "libmishmem_bootstrap_mpi.so"
#define SKIP_CODE 77

static int init_mpi_mode(void)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER; /* my_pe, n_pes: from the communicator */
    attr.local_mem_size = 1 << 20;
    attr.instance_id = 3;
    attr.comm_args = NULL; /* MPI_COMM_WORLD */
    return aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_MPI, &attr);
}

static void expect_failure(const char *what, const char *const *texts, int n_texts)
{
    capture_clear();
    CHECK_RC(init_mpi_mode(), ACLSHMEM_DL_FUNC_FAILED);
    for (int i = 0; i < n_texts; i++)
        CHECK(capture_find(ACLSHMEM_LOG_ERROR, texts[i]), "%s: no error line mentions \"%s\"", what, texts[i]);
    CHECK(aclshmemx_instance_ctx_get() == NULL, "%s: an instance was left current", what);
    printf("%s: ACLSHMEM_DL_FUNC_FAILED, the message names what was searched: ok\n", what);
}

int main(int argc, char **argv)
{
    CHECK(argc == 3, "usage: test_plugin_missing NOSYM_DIR ABI_DIR");
    void *installed = dlopen(PLUGIN_FILE, RTLD_NOW | RTLD_LOCAL);
    if (installed) {
        printf("SKIPPED: an installed %s is on the dynamic linker's default search path, so this "
               "test cannot make the plugin unfindable\n", PLUGIN_FILE);
        return SKIP_CODE;
    }
    char self[PATH_MAX], beside_me[PATH_MAX + 64];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    CHECK(len > 0, "readlink /proc/self/exe");
    self[len] = '\0';
    *strrchr(self, '/') = '\0';
    snprintf(beside_me, sizeof beside_me, "%s/%s", self, PLUGIN_FILE);
    struct stat st;
    CHECK(stat(beside_me, &st) != 0, "%s exists: the test must live where the plugin is not", beside_me);

    CHECK_RC(aclshmemx_set_extern_logger(capture_logger), ACLSHMEM_SUCCESS);
    char empty[] = "/tmp/mishmem-no-plugin-XXXXXX";
    CHECK(mkdtemp(empty), "mkdtemp");
    char in_empty[PATH_MAX + 64];
    snprintf(in_empty, sizeof in_empty, "MISHMEM_PLUGIN_DIR: %s/%s", empty, PLUGIN_FILE);
    char in_mine[PATH_MAX + 128];
    snprintf(in_mine, sizeof in_mine, "libmishmem's directory: %s", beside_me);

    setenv("MISHMEM_PLUGIN_DIR", empty, 1);
    const char *searched_all[] = {in_empty, in_mine, "the dynamic linker's search path: " PLUGIN_FILE,
                                  "set MISHMEM_PLUGIN_DIR"};
    expect_failure("empty MISHMEM_PLUGIN_DIR", searched_all, 4);
    capture_clear();
    CHECK_RC(shmemx_init_attr(SHMEMX_INIT_WITH_MPI, &(shmemx_init_attr_t)SHMEMX_INIT_ATTR_INITIALIZER),
             ACLSHMEM_DL_FUNC_FAILED);

    unsetenv("MISHMEM_PLUGIN_DIR");
    const char *searched_two[] = {in_mine, "the dynamic linker's search path: " PLUGIN_FILE};
    expect_failure("no MISHMEM_PLUGIN_DIR", searched_two, 2);
    CHECK(!capture_find(ACLSHMEM_LOG_ERROR, "MISHMEM_PLUGIN_DIR:"), "an unset MISHMEM_PLUGIN_DIR was searched");

    setenv("MISHMEM_PLUGIN_DIR", argv[1], 1);
    const char *no_entry[] = {"has no function mishmem_bootstrap_plugin_entry"};
    expect_failure("a plugin file without the entry function", no_entry, 1);

    setenv("MISHMEM_PLUGIN_DIR", argv[2], 1);
    const char *other_abi[] = {"does not speak plugin ABI"};
    expect_failure("a plugin of another ABI", other_abi, 1);

    rmdir(empty);
    return 0;
}
