/* Every bad attribute gets the seed library's code, nothing is created or
 * leaked, and an unreachable or silent rendezvous times out in bounds. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "instance/instance_util.h"

static aclshmemx_init_attr_t good_attr(void)
{
    aclshmemx_init_attr_t attr = ACLSHMEMX_INIT_ATTR_INITIALIZER;
    attr.my_pe = 0;
    attr.n_pes = 1;
    attr.local_mem_size = 1 << 20;
    attr.ip_port = "tcp://127.0.0.1:0";
    attr.instance_id = 3;
    return attr;
}

static int init_with(aclshmemx_init_attr_t attr) { return aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, &attr); }

static void test_attribute_checks(void)
{
    setenv("SHMEM_INSTANCE_PORT_RANGE", "40000:40254", 1);
    aclshmemx_init_attr_t attr;
    CHECK_RC(aclshmemx_init_attr(ACLSHMEMX_INIT_WITH_DEFAULT, NULL), ACLSHMEM_INVALID_PARAM);
    attr = good_attr(); attr.my_pe = -1;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.n_pes = 0;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.n_pes = -4;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.n_pes = ACLSHMEM_MAX_PES + 1;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.local_mem_size = 0;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.local_mem_size = ACLSHMEM_MAX_LOCAL_SIZE + 1;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.my_pe = 1;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_PARAM);
    attr = good_attr(); attr.instance_id = 255;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.instance_id = UINT64_MAX;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    static const char *const bad_urls[] = {"", "127.0.0.1:0", "udp://127.0.0.1:0", "tcp://127.0.0.1",
                                           "tcp://:5", "tcp://127.0.0.1:x", "tcp://127.0.0.1:70000",
                                           "tcp://::1:5", "tcp://[::1]5", "tcp://127.0.0.1:-1"};
    for (size_t i = 0; i < sizeof bad_urls / sizeof *bad_urls; i++) {
        attr = good_attr(); attr.ip_port = bad_urls[i];
        CHECK_RC(init_with(attr), ACLSHMEM_INVALID_PARAM);
    }
    attr = good_attr(); attr.ip_port = NULL;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_PARAM);
    CHECK(aclshmemx_instance_ctx_get() == NULL, "a failed init left a current instance");
    printf("attribute checks: ok\n");
}

static void test_port_range_errors(void)
{
    aclshmemx_init_attr_t attr = good_attr();
    unsetenv("SHMEM_INSTANCE_PORT_RANGE");
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE); /* port 0 without a range */
    static const char *const bad_ranges[] = {"abc", "40000", "40000:", ":40010", "40010:40000",
                                             "0:10", "40000:70000", "40000:40001x"};
    for (size_t i = 0; i < sizeof bad_ranges / sizeof *bad_ranges; i++) {
        setenv("SHMEM_INSTANCE_PORT_RANGE", bad_ranges[i], 1);
        CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    }
    setenv("SHMEM_INSTANCE_PORT_RANGE", "40000:40002", 1);
    attr.instance_id = 3; /* beyond end - start */
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    attr = good_attr(); attr.ip_port = "tcp://127.0.0.1:40001"; /* non-zero port with a range */
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_VALUE);
    CHECK(aclshmemx_instance_ctx_get() == NULL, "a failed init left a current instance");
    printf("port range errors: ok\n");
}

static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    CHECK(bind(fd, (struct sockaddr *)&addr, sizeof addr) == 0, "bind");
    getsockname(fd, (struct sockaddr *)&addr, &len);
    close(fd);
    return ntohs(addr.sin_port);
}

static int timed_client_init(int port, double *elapsed)
{
    char url[64];
    snprintf(url, sizeof url, "tcp://127.0.0.1:%d", port);
    aclshmemx_init_attr_t attr = good_attr();
    attr.my_pe = 1;
    attr.n_pes = 2;
    attr.ip_port = url;
    attr.option_attr.shm_init_timeout = 1;
    attr.option_attr.control_operation_timeout = 1;
    double start = test_now_s();
    int rc = init_with(attr);
    *elapsed = test_now_s() - start;
    return rc;
}

static void test_rendezvous_timeouts(void)
{
    unsetenv("SHMEM_INSTANCE_PORT_RANGE");
    int fds_before = count_open_fds();
    double elapsed;
    CHECK_RC(timed_client_init(free_port(), &elapsed), ACLSHMEM_TIMEOUT_ERROR);
    /* At the timeout, not before; "not far after" is bounded loosely (a
     * loaded machine), the ctest watchdog catches a hang. */
    CHECK(elapsed >= 0.9 && elapsed < 20.0, "unreachable rendezvous took %.2f s (timeout 1 s)", elapsed);
    printf("unreachable rendezvous: TIMEOUT_ERROR after %.2f s\n", elapsed);

    /* A listener that never accepts nor answers: the kernel completes the
     * connection, the hello is never answered. */
    int silent = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    CHECK(bind(silent, (struct sockaddr *)&addr, sizeof addr) == 0 && listen(silent, 8) == 0, "listen");
    getsockname(silent, (struct sockaddr *)&addr, &len);
    CHECK_RC(timed_client_init(ntohs(addr.sin_port), &elapsed), ACLSHMEM_TIMEOUT_ERROR);
    CHECK(elapsed >= 0.9 && elapsed < 20.0, "silent rendezvous took %.2f s (timeout 1 s)", elapsed);
    close(silent);
    printf("silent rendezvous: TIMEOUT_ERROR after %.2f s\n", elapsed);
    CHECK(count_open_fds() == fds_before, "failed inits leaked descriptors: %d -> %d", fds_before,
          count_open_fds());
}

static void test_without_instance(void)
{
    CHECK(aclshmemx_instance_ctx_get() == NULL, "no instance expected");
    CHECK_RC(aclshmemx_init_status(), ACLSHMEM_STATUS_NOT_INITIALIZED);
    CHECK_RC(aclshmem_my_pe(), ACLSHMEM_NOT_INITED);
    CHECK(aclshmem_malloc(64) == NULL, "malloc without an instance");
    CHECK_RC(aclshmemx_instance_ctx_set(1), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_instance_ctx_set(300), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_finalize(1), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_finalize(), ACLSHMEM_NOT_INITED);
    CHECK_RC(aclshmemx_instance_thread_set(9), ACLSHMEM_INVALID_PARAM);
    int value = 0;
    CHECK_RC(aclshmem_int_p(&value, 1, 0), ACLSHMEM_NOT_INITED);
    printf("calls without an instance: ok\n");
}

static void test_single_pe_instance(void)
{
    setenv("SHMEM_INSTANCE_PORT_RANGE", "40000:40254", 1);
    int fds_before = count_open_fds();
    aclshmemx_init_attr_t attr = good_attr();
    CHECK_RC(init_with(attr), ACLSHMEM_SUCCESS);
    aclshmem_instance_ctx *ctx = aclshmemx_instance_ctx_get();
    CHECK(ctx && ctx->id == 3 && ctx->my_pe == 0 && ctx->n_pes == 1, "first instance becomes current");
    CHECK_RC(aclshmemx_init_status(), ACLSHMEM_STATUS_IS_INITIALIZED);
    /* Duplicate init: same attributes -> SUCCESS, different -> INVALID_PARAM. */
    CHECK_RC(init_with(attr), ACLSHMEM_SUCCESS);
    attr.local_mem_size *= 2;
    CHECK_RC(init_with(attr), ACLSHMEM_INVALID_PARAM);
    int *box = aclshmem_malloc(sizeof *box);
    CHECK(box != NULL, "malloc");
    CHECK_RC(aclshmem_int_p(box, 42, 0), ACLSHMEM_SUCCESS);
    CHECK(*box == 42, "p to self");
    int local = 0;
    CHECK_RC(aclshmem_int_p(&local, 1, 0), ACLSHMEM_INVALID_PARAM); /* not symmetric */
    CHECK_RC(aclshmem_int_p(box, 1, 1), ACLSHMEM_INVALID_PARAM);    /* PE out of range */
    CHECK_RC(aclshmem_putmem(box, NULL, 4, 0), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmem_putmem(NULL, NULL, 0, 0), ACLSHMEM_SUCCESS);  /* zero length */
    aclshmem_free(box);
    CHECK_RC(aclshmem_finalize(), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get() == NULL, "no current instance after finalizing the only one");
    CHECK(count_open_fds() == fds_before, "instance leaked descriptors: %d -> %d", fds_before,
          count_open_fds());
    printf("single-PE instance: ok\n");
}

int main(void)
{
    test_without_instance();
    test_attribute_checks();
    test_port_range_errors();
    test_rendezvous_timeouts();
    test_single_pe_instance();
    printf("bad_attr: all checks passed\n");
    return 0;
}
