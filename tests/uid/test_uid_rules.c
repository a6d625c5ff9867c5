/* The rules of unique ids, on 2 PEs: argument checks; a never-filled or
 * damaged unique id is refused; the creator must be PE 0 and only the
 * creator may be; a unique id serves one init; a duplicate init of a live
 * id answers at once; a forked child does not inherit the listener; a
 * 1-PE instance needs no rendezvous; the per-process limit is enforced. */
#include <sys/wait.h>

#include "bootstrap/uid_listeners.h"
#include "uid_util.h"

static void test_argument_checks(void)
{
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    CHECK_RC(aclshmemx_get_uniqueid(NULL), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 2, UID_TEST_HEAP, NULL, &attr), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 2, UID_TEST_HEAP, &uid, NULL), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(-1, 2, UID_TEST_HEAP, &uid, &attr), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 0, UID_TEST_HEAP, &uid, &attr), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, ACLSHMEM_MAX_PES + 1, UID_TEST_HEAP, &uid, &attr),
             ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 2, 0, &uid, &attr), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 2, (int64_t)ACLSHMEM_MAX_LOCAL_SIZE + 1, &uid, &attr),
             ACLSHMEM_INVALID_VALUE);
    uid.version = 7;
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 2, UID_TEST_HEAP, &uid, &attr), ACLSHMEM_INVALID_PARAM);
    uid.version = ACLSHMEM_UNIQUEID_VERSION;

    /* set_attr fills four fields and leaves the rest alone. */
    attr.instance_id = 9;
    attr.ip_port = "left alone";
    CHECK_RC(aclshmemx_set_attr_uniqueid_args(1, 2, 4096, &uid, &attr), ACLSHMEM_SUCCESS);
    CHECK(attr.my_pe == 1 && attr.n_pes == 2 && attr.local_mem_size == 4096 && attr.comm_args == &uid &&
          attr.instance_id == 9 && strcmp(attr.ip_port, "left alone") == 0, "set_attr filled the wrong fields");

    /* A unique id that was never filled in, none at all, or damaged. */
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr), ACLSHMEM_INVALID_PARAM);
    attr.comm_args = NULL;
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr), ACLSHMEM_INVALID_PARAM);
    aclshmemx_uniqueid_t made = ACLSHMEM_UNIQUEID_INITIALIZER;
    CHECK_RC(aclshmemx_get_uniqueid(&made), ACLSHMEM_SUCCESS);
    CHECK(made.version == ACLSHMEM_UNIQUEID_VERSION, "version %d", made.version);
    static const int damaged_bytes[] = {0, 4, 5, 100, ACLSHMEM_UNIQUE_ID_INNER_LEN - 1};
    for (size_t i = 0; i < sizeof damaged_bytes / sizeof *damaged_bytes; i++) {
        aclshmemx_uniqueid_t bad = made;
        bad.internal[damaged_bytes[i]] ^= 0x5a;
        CHECK_RC(aclshmemx_set_attr_uniqueid_args(0, 2, UID_TEST_HEAP, &bad, &attr), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_UNIQUEID, &attr), ACLSHMEM_INVALID_PARAM);
    }
    /* An unknown mode. */
    attr.comm_args = &made;
    CHECK_RC(aclshmemx_init_attr((aclshmemx_bootstrap_t)(ACLSHMEMX_INIT_WITH_UNIQUEID | ACLSHMEMX_INIT_WITH_MPI),
                                 &attr), ACLSHMEM_INVALID_PARAM);
    /* A 1-PE instance: no rendezvous, and the listener is released. */
    CHECK_RC(uid_join(40 + (uint64_t)shmem_my_pe(), &made, 0, 1), ACLSHMEM_SUCCESS);
    CHECK(mishmem_uid_listener_count() == 0, "1-PE init kept its listener");
    uid_check_exchange(40 + (uint64_t)shmem_my_pe(), 0, 1, 2);
    CHECK_RC(aclshmemx_finalize(40 + (uint64_t)shmem_my_pe()), ACLSHMEM_SUCCESS);
    printf("PE %d: argument checks, damaged unique ids, 1-PE instance: ok\n", shmem_my_pe());
}

/* World PE 1 makes the unique id, so it must be PE 0 of the instance. */
static void test_creator_is_pe0(void)
{
    int me = shmem_my_pe();
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    if (me == 1)
        CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
    uid_share(1, &uid);
    /* Wrong way round: refused at once on both, nothing consumed. */
    CHECK_RC(uid_join(5, &uid, me, 2), ACLSHMEM_INVALID_PARAM);
    CHECK(mishmem_uid_listener_count() == (me == 1), "a refused init consumed the listener");
    shmem_barrier_all();
    CHECK_RC(uid_join(5, &uid, 1 - me, 2), ACLSHMEM_SUCCESS);
    uid_check_exchange(5, 1 - me, 2, 2);
    /* Duplicate init of the live id with the same unique id: SUCCESS at once. */
    CHECK_RC(uid_join(5, &uid, 1 - me, 2), ACLSHMEM_SUCCESS);
    /* ... with another one: INVALID_PARAM, and that one is used up. */
    aclshmemx_uniqueid_t other = ACLSHMEM_UNIQUEID_INITIALIZER;
    if (me == 1) {
        CHECK_RC(aclshmemx_get_uniqueid(&other), ACLSHMEM_SUCCESS);
        CHECK_RC(uid_join(5, &other, 0, 2), ACLSHMEM_INVALID_PARAM);
        CHECK(mishmem_uid_listener_count() == 0, "a duplicate init kept the listener");
    }
    shmem_barrier_all();
    CHECK_RC(aclshmemx_finalize(5), ACLSHMEM_SUCCESS);
    /* A unique id serves one init: its creator cannot serve it again. */
    if (me == 1)
        CHECK_RC(uid_join(6, &uid, 0, 2), ACLSHMEM_INVALID_PARAM);
    shmem_barrier_all();
    printf("PE %d: creator-is-PE-0 rule, duplicate init, single use: ok\n", me);
}

/* The listener belongs to the process that made it, not to its children. */
static void test_fork_does_not_inherit(void)
{
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
    int inheritable;
    CHECK(count_listeners(&inheritable) == 1 && inheritable == 0, "expected one close-on-exec listener");
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        int ok = count_listeners(&inheritable) == 0 && mishmem_uid_listener_count() == 0;
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child, "fork/wait failed");
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child inherited the listener");
    CHECK(mishmem_uid_listener_count() == 1, "the parent lost its listener");
    /* Used as a 1-PE instance, so that nothing stays open. */
    CHECK_RC(uid_join(50 + (uint64_t)shmem_my_pe(), &uid, 0, 1), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_finalize(50 + (uint64_t)shmem_my_pe()), ACLSHMEM_SUCCESS);
    printf("PE %d: a forked child holds no listener: ok\n", shmem_my_pe());
}

static void test_limit(void)
{
    int fds = count_open_fds();
    aclshmemx_uniqueid_t uid;
    for (int i = 0; i < MISHMEM_UID_MAX_LISTENERS; i++)
        CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_INNER_ERROR);
    CHECK(count_open_fds() == fds + MISHMEM_UID_MAX_LISTENERS, "the refused one leaked a descriptor");
    printf("PE %d: %d unused unique ids held, the next refused: ok\n", shmem_my_pe(),
           MISHMEM_UID_MAX_LISTENERS);
}

int main(void)
{
    setenv("SHMEM_UID_SESSION_ID", "127.0.0.1:0", 1);
    shmem_init();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs");
    test_argument_checks();
    shmem_barrier_all();
    test_creator_is_pe0();
    test_fork_does_not_inherit();
    test_limit();
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
