/* A unique id reaches the other PEs two ways — through the parent
 * instance's own memory (a put into each peer's symmetric buffer, then a
 * barrier) and through a file — and each becomes a working 4-PE instance.
 * The listener is close-on-exec, lives until the init that uses it, and
 * nothing is left open afterwards. The second instance is made through
 * the OpenSHMEM face (shmemx.h), which also makes it current. */
#include <sys/stat.h>

#include "bootstrap/uid_listeners.h"
#include "uid_util.h"

#define VIA_MEMORY 1
#define VIA_FILE 2

/* Written whole, then renamed, so a reader never sees half a unique id. */
static void write_uid_file(const char *path, const aclshmemx_uniqueid_t *uid)
{
    char tmp[256];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *file = fopen(tmp, "wb");
    CHECK(file && fwrite(uid, sizeof *uid, 1, file) == 1 && fclose(file) == 0, "cannot write %s", tmp);
    CHECK(rename(tmp, path) == 0, "cannot rename %s", tmp);
}

static void read_uid_file(const char *path, aclshmemx_uniqueid_t *uid)
{
    FILE *file = fopen(path, "rb");
    CHECK(file && fread(uid, sizeof *uid, 1, file) == 1, "cannot read %s", path);
    fclose(file);
}

static void check_listener_lifetime(int expected)
{
    int inheritable;
    int listeners = count_listeners(&inheritable);
    CHECK(listeners == expected, "%d listening sockets, expected %d", listeners, expected);
    CHECK(inheritable == 0, "%d listening sockets lack FD_CLOEXEC", inheritable);
    CHECK(mishmem_uid_listener_count() == expected, "library holds %d listeners, expected %d",
          mishmem_uid_listener_count(), expected);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    uint64_t world = aclshmemx_instance_ctx_get()->id; /* 0, or SHMEM_WORLD_INSTANCE_ID */
    int fds_before = count_open_fds();
    check_listener_lifetime(0);

    /* 1: through the world's symmetric memory. */
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    if (me == 0) {
        CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
        check_listener_lifetime(1);
    }
    uid_share(0, &uid);
    CHECK_RC(uid_join(VIA_MEMORY, &uid, me, n), ACLSHMEM_SUCCESS);
    check_listener_lifetime(0); /* PE 0's listener closed when the rendezvous ended */
    uid_check_exchange(VIA_MEMORY, me, n, 3);
    if (me == 0)
        printf("unique id through the world instance's memory: 4-PE instance %d works\n", VIA_MEMORY);

    /* 2: through a file; PE numbers reversed, except that the creator is PE 0. */
    char path[128];
    snprintf(path, sizeof path, "/tmp/mishmem-uid-test-%d.bin", (int)getppid()); /* the launcher */
    shmemx_uniqueid_t file_uid = SHMEMX_UNIQUEID_INITIALIZER;
    if (me == 0) {
        CHECK_RC(shmemx_get_uniqueid(&file_uid), ACLSHMEM_SUCCESS);
        write_uid_file(path, &file_uid);
    }
    shmem_barrier_all();
    if (me != 0)
        read_uid_file(path, &file_uid);
    shmem_barrier_all();
    if (me == 0)
        unlink(path);
    int my_pe = me == 0 ? 0 : n - me;
    shmemx_init_attr_t attr = SHMEMX_INIT_ATTR_INITIALIZER;
    attr.instance_id = VIA_FILE;
    CHECK_RC(shmemx_set_attr_uniqueid_args(my_pe, n, UID_TEST_HEAP, &file_uid, &attr), ACLSHMEM_SUCCESS);
    CHECK_RC(shmemx_init_attr(SHMEMX_INIT_WITH_UNIQUEID, &attr), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get()->id == VIA_FILE, "shmemx_init_attr did not make it current");
    CHECK(shmem_my_pe() == my_pe && shmem_n_pes() == n, "shmem_my_pe %d, expected %d", shmem_my_pe(),
          my_pe);
    uid_check_exchange(VIA_FILE, my_pe, n, 3);
    if (me == 0)
        printf("unique id through a file: 4-PE instance %d works (PE numbers reversed)\n", VIA_FILE);

    /* Both at once, then gone without a trace. */
    uid_check_exchange(VIA_MEMORY, me, n, 1);
    CHECK_RC(aclshmemx_finalize(VIA_MEMORY), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(VIA_FILE), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
    CHECK(count_open_fds() == fds_before, "%d descriptors open, %d before", count_open_fds(), fds_before);
    check_listener_lifetime(0);
    shmem_barrier_all();
    if (me == 0)
        printf("both finalized; no descriptor or listener left\n");
    shmem_finalize();
    return 0;
}
