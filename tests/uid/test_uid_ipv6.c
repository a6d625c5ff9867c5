/* Unique ids on the IPv6 loopback: SHMEM_UID_SESSION_ID=[::1]:0 (set by
 * the test's environment) for a 4-PE instance, then "[::1]" and
 * SHMEM_UID_SOCK_IFNAME=lo:inet6. Skipped (exit 77) when this host has no
 * IPv6 loopback. */
#include <netinet/in.h>

#include "bootstrap/uid_codec.h"
#include "uid_util.h"

#define SKIP_CODE 77

static int ipv6_loopback_available(void)
{
    int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in6 addr = {.sin6_family = AF_INET6, .sin6_addr = IN6ADDR_LOOPBACK_INIT};
    int ok = fd >= 0 && bind(fd, (struct sockaddr *)&addr, sizeof addr) == 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

/* PE 0 makes a unique id under the current variables; it must be on ::1. */
static void make_on_ipv6_loopback(aclshmemx_uniqueid_t *uid, const char *how)
{
    *uid = (aclshmemx_uniqueid_t)ACLSHMEM_UNIQUEID_INITIALIZER;
    if (shmem_my_pe() == 0) {
        CHECK_RC(aclshmemx_get_uniqueid(uid), ACLSHMEM_SUCCESS);
        struct mishmem_uid_info info;
        CHECK(mishmem_uid_decode(uid->internal, &info) == 0, "cannot decode the unique id");
        char host[64];
        mishmem_uid_host_text(&info, host, sizeof host);
        CHECK(strcmp(host, "::1") == 0, "%s: listens on %s, expected ::1", how, host);
        printf("%s -> listens on [%s]:%u\n", how, host, info.port);
    }
    uid_share(0, uid);
}

int main(void)
{
    if (!ipv6_loopback_available()) {
        printf("SKIPPED: this host has no IPv6 loopback (cannot bind [::1])\n");
        return SKIP_CODE;
    }
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    aclshmemx_uniqueid_t uid;
    make_on_ipv6_loopback(&uid, "SHMEM_UID_SESSION_ID=[::1]:0");
    CHECK_RC(uid_join(1, &uid, me, n), ACLSHMEM_SUCCESS);
    uid_check_exchange(1, me, n, 3);

    setenv("SHMEM_UID_SESSION_ID", "[::1]", 1);
    make_on_ipv6_loopback(&uid, "SHMEM_UID_SESSION_ID=[::1]");
    CHECK_RC(uid_join(2, &uid, me, n), ACLSHMEM_SUCCESS);
    uid_check_exchange(2, me, n, 3);

    unsetenv("SHMEM_UID_SESSION_ID");
    setenv("SHMEM_UID_SOCK_IFNAME", "lo:inet6", 1);
    make_on_ipv6_loopback(&uid, "SHMEM_UID_SOCK_IFNAME=lo:inet6");
    CHECK_RC(uid_join(3, &uid, me, n), ACLSHMEM_SUCCESS);
    uid_check_exchange(3, me, n, 3);

    for (uint64_t id = 1; id <= 3; id++)
        CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
    shmem_finalize();
    return 0;
}
