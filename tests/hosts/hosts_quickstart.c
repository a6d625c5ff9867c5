/* The seed's quick start as a user starts it by hand on two hosts, one
 * process per PE, no launcher (hosts_quickstart_tcp / _uid):
 *   hosts_quickstart tcp   default mode: ip_port = "tcp://$MASTER_ADDR:0",
 *                          the port from SHMEM_INSTANCE_PORT_RANGE
 *   hosts_quickstart uid   unique-id mode: PE 0 makes the unique id and
 *                          writes it to $UID_FILE, the others read it there
 * The PE number and count come from the user's own RANK and WORLD_SIZE.
 * The API lines are the seed's (instance 2, set, malloc, get, finalize),
 * with data added: a ring of puts, a fetch_add from every PE to PE 0 and a
 * sum, all checked. Prints "PE k: quick start (MODE) ok". */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_util.h"

static int env_int(const char *name)
{
    const char *value = getenv(name);
    CHECK(value && *value, "set %s", name);
    return atoi(value);
}

static void share_uid(int pe_id, aclshmemx_uniqueid_t *uid)
{
    const char *path = getenv("UID_FILE");
    CHECK(path && *path, "set UID_FILE");
    if (pe_id == 0) {
        CHECK_RC(aclshmemx_get_uniqueid(uid), ACLSHMEM_SUCCESS);
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        FILE *file = fopen(tmp, "wb");
        CHECK(file && fwrite(uid, sizeof *uid, 1, file) == 1 && fclose(file) == 0, "cannot write %s", tmp);
        CHECK(rename(tmp, path) == 0, "cannot rename %s", tmp); /* readers never see half of it */
        return;
    }
    for (int tries = 0; access(path, R_OK) != 0; tries++) {
        CHECK(tries < 300, "no unique id in %s after 30 s", path);
        usleep(100000);
    }
    FILE *file = fopen(path, "rb");
    CHECK(file && fread(uid, sizeof *uid, 1, file) == 1, "cannot read %s", path);
    fclose(file);
}

int main(int argc, char **argv)
{
    CHECK(argc == 2 && (strcmp(argv[1], "tcp") == 0 || strcmp(argv[1], "uid") == 0),
          "usage: hosts_quickstart tcp|uid");
    int uid_mode = strcmp(argv[1], "uid") == 0;
    int pe_id = env_int("RANK"), pe_size = env_int("WORLD_SIZE");

    // 1. 创建实例
    aclshmemx_init_attr_t attr;
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    char ip_port[128];
    int ret;
    if (uid_mode) {
        attr = (aclshmemx_init_attr_t)ACLSHMEMX_INIT_ATTR_INITIALIZER;
        share_uid(pe_id, &uid);
        attr.instance_id = 2;
        ret = aclshmemx_set_attr_uniqueid_args(pe_id, pe_size, 1024UL * 1024UL, &uid, &attr);
        CHECK(ret == ACLSHMEM_SUCCESS, "set_attr_uniqueid_args returned %d", ret);
        ret = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr);
    } else {
        const char *master = getenv("MASTER_ADDR");
        CHECK(master && *master, "set MASTER_ADDR");
        snprintf(ip_port, sizeof ip_port, "tcp://%s:0", master);
        attr.my_pe = pe_id;
        attr.n_pes = pe_size;
        attr.local_mem_size = 1024UL * 1024UL * 1024UL;
        attr.ip_port = ip_port;                  // 端口置为0,由 SHMEM_INSTANCE_PORT_RANGE 分配
        attr.comm_args = nullptr;                // default mode
        attr.instance_id = 2;
        ret = aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr);
    }
    CHECK(ret == ACLSHMEM_SUCCESS, "init_attr returned %d", ret);

    // 2. 切换到目标实例 Context
    aclshmemx_instance_ctx_set(2);

    // 后续 SHMEM API 均作用于实例 2
    long *ptr = aclshmem_malloc(4096);
    CHECK(ptr != nullptr, "malloc in instance 2");
    CHECK(aclshmem_n_pes() == pe_size && aclshmem_my_pe() == pe_id, "instance 2 numbering");
    int next = (pe_id + 1) % pe_size, prev = (pe_id + pe_size - 1) % pe_size;
    for (int pe = 0; pe < pe_size; pe++) /* each PE in its own PID namespace: all over the fabric */
        CHECK((shmem_ptr(ptr, pe) != NULL) == (pe == pe_id), "PE %d reaches PE %d by load/store", pe_id, pe);
    for (int i = 0; i < 64; i++)
        ptr[i] = -1;
    ptr[200] = 0; /* the fetch_add counter, apart from the ring's in [0, 64) and out [64, 128) */
    shmem_barrier_all();
    for (int i = 0; i < 64; i++)
        ptr[64 + i] = 1000L * pe_id + i;
    shmem_long_put(ptr, ptr + 64, 64, next);
    shmem_long_atomic_add(ptr + 200, pe_id + 1, 0);
    shmem_barrier_all();
    for (int i = 0; i < 64; i++)
        CHECK(ptr[i] == 1000L * prev + i, "PE %d: [%d] = %ld from PE %d", pe_id, i, ptr[i], prev);
    long counter = shmem_long_atomic_fetch(ptr + 200, 0);
    CHECK(counter == (long)pe_size * (pe_size + 1) / 2, "PE %d: counter on PE 0 is %ld", pe_id, counter);
    ptr[201] = pe_id;
    CHECK_RC(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, ptr + 202, ptr + 201, 1), 0);
    CHECK(ptr[202] == (long)pe_size * (pe_size - 1) / 2, "PE %d: sum %ld", pe_id, ptr[202]);
    aclshmem_free(ptr);

    // 3. 获取当前实例
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    uint64_t cur_id = (ctx == nullptr) ? 0 : ctx->id;
    CHECK(cur_id == 2, "current id %llu", (unsigned long long)cur_id);

    // 4. 释放实例
    ret = aclshmemx_finalize(2);
    CHECK(ret == ACLSHMEM_SUCCESS, "finalize(2) returned %d", ret);
    printf("PE %d: quick start (%s) ok, data from PE %d\n", pe_id, argv[1], prev);
    return 0;
}
