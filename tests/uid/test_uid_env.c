/* Every form of SHMEM_UID_SESSION_ID and SHMEM_UID_SOCK_IFNAME (IPv4; the
 * IPv6 forms are in test_uid_ipv6.c), their precedence, the automatic
 * choice, and every malformed value. PE 0 makes the unique ids; each that
 * is made is checked for its address and then used by a real 2-PE
 * instance with PE 1. */
#include <arpa/inet.h>
#include <netinet/in.h>

#include "bootstrap/uid_codec.h"
#include "uid_util.h"

#define ANY_PORT (-1)

struct env_case {
    const char *session; /* NULL: unset */
    const char *ifname;  /* NULL: unset */
    int rc;
    const char *address; /* expected listener address, NULL: any but a wildcard */
    int port;            /* ANY_PORT: one the kernel chose */
};

static char fixed_session[64], busy_session[64];
static int fixed_port;

static const struct env_case cases[] = {
    {"127.0.0.1:0", NULL, ACLSHMEM_SUCCESS, "127.0.0.1", ANY_PORT},
    {"127.0.0.1", NULL, ACLSHMEM_SUCCESS, "127.0.0.1", ANY_PORT},
    {fixed_session, NULL, ACLSHMEM_SUCCESS, "127.0.0.1", 0 /* fixed_port */},
    {"localhost:0", NULL, ACLSHMEM_SUCCESS, NULL, ANY_PORT},
    {"localhost", NULL, ACLSHMEM_SUCCESS, NULL, ANY_PORT},
    {NULL, "lo", ACLSHMEM_SUCCESS, "127.0.0.1", ANY_PORT},
    {NULL, "lo:inet4", ACLSHMEM_SUCCESS, "127.0.0.1", ANY_PORT},
    {"127.0.0.1:0", "nosuchif0", ACLSHMEM_SUCCESS, "127.0.0.1", ANY_PORT}, /* SESSION_ID wins */
    {"", "lo:inet4", ACLSHMEM_SUCCESS, "127.0.0.1", ANY_PORT},            /* empty = unset */
    {NULL, NULL, ACLSHMEM_SUCCESS, NULL, ANY_PORT},                       /* found automatically */
    /* Malformed or meaningless. */
    {"abc:def", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"127.0.0.1:70000", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"127.0.0.1:-1", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"127.0.0.1:", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"127.0.0.1:80x", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"127.0.0.1: 80", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {":80", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"[::1", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"[::1]x", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"[::1]:", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"[]:0", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"::1:80", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"0.0.0.0:0", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"[::]:0", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {"no-such-host.invalid:0", NULL, ACLSHMEM_INVALID_VALUE, NULL, 0},
    {NULL, ":inet4", ACLSHMEM_INVALID_VALUE, NULL, 0},
    {NULL, "lo:", ACLSHMEM_INVALID_VALUE, NULL, 0},
    {NULL, "lo:inet5", ACLSHMEM_INVALID_VALUE, NULL, 0},
    {NULL, "lo:INET4", ACLSHMEM_INVALID_VALUE, NULL, 0},
    {NULL, "nosuchif0", ACLSHMEM_INVALID_VALUE, NULL, 0},
    {NULL, "nosuchif0:inet6", ACLSHMEM_INVALID_VALUE, NULL, 0},
    {NULL, "an-interface-name-far-too-long", ACLSHMEM_INVALID_VALUE, NULL, 0},
    /* Well-formed, but no socket can be made there. */
    {"203.0.113.7:0", NULL, ACLSHMEM_BOOTSTRAP_ERROR, NULL, 0}, /* not an address of this host */
    {busy_session, NULL, ACLSHMEM_BOOTSTRAP_ERROR, NULL, 0},    /* port taken */
};
#define N_CASES (int)(sizeof cases / sizeof *cases)

static void set_or_unset(const char *name, const char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

static int loopback_listener(int *port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    CHECK(fd >= 0 && bind(fd, (struct sockaddr *)&addr, len) == 0 && listen(fd, 1) == 0 &&
          getsockname(fd, (struct sockaddr *)&addr, &len) == 0, "cannot make a loopback listener");
    *port = ntohs(addr.sin_port);
    return fd;
}

static void check_address(const struct env_case *c, const aclshmemx_uniqueid_t *uid)
{
    struct mishmem_uid_info info;
    CHECK(mishmem_uid_decode(uid->internal, &info) == 0, "cannot decode the unique id");
    char host[64];
    mishmem_uid_host_text(&info, host, sizeof host);
    CHECK(strcmp(host, "0.0.0.0") != 0 && strcmp(host, "::") != 0, "wildcard address %s", host);
    if (c->address)
        CHECK(strcmp(host, c->address) == 0, "listens on %s, expected %s", host, c->address);
    if (c->session && c->session == fixed_session)
        CHECK(info.port == fixed_port, "listens on port %u, expected %d", info.port, fixed_port);
    CHECK(info.port != 0, "port 0 in the unique id");
    printf("  SESSION_ID=%s IFNAME=%s -> listens on %s port %u\n", c->session ? c->session : "(unset)",
           c->ifname ? c->ifname : "(unset)", host, info.port);
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs");
    int busy_port, busy_fd = -1;
    if (me == 0) {
        close(loopback_listener(&fixed_port)); /* free now */
        snprintf(fixed_session, sizeof fixed_session, "127.0.0.1:%d", fixed_port);
        busy_fd = loopback_listener(&busy_port); /* stays taken */
        snprintf(busy_session, sizeof busy_session, "127.0.0.1:%d", busy_port);
    }
    int made = 0, refused = 0;
    for (int i = 0; i < N_CASES; i++) {
        const struct env_case *c = &cases[i];
        aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
        if (me == 0) {
            set_or_unset("SHMEM_UID_SESSION_ID", c->session);
            set_or_unset("SHMEM_UID_SOCK_IFNAME", c->ifname);
            int rc = aclshmemx_get_uniqueid(&uid);
            CHECK(rc == c->rc, "case %d (SESSION_ID=%s IFNAME=%s): rc %d, expected %d", i,
                  c->session ? c->session : "(unset)", c->ifname ? c->ifname : "(unset)", rc, c->rc);
            if (rc == ACLSHMEM_SUCCESS)
                check_address(c, &uid);
        }
        if (c->rc != ACLSHMEM_SUCCESS) {
            refused++;
            continue;
        }
        uid_share(0, &uid);
        uint64_t id = 100 + (uint64_t)i;
        CHECK_RC(uid_join(id, &uid, me, 2), ACLSHMEM_SUCCESS);
        uid_check_exchange(id, me, 2, 2);
        CHECK_RC(aclshmemx_finalize(id), ACLSHMEM_SUCCESS);
        made++;
    }
    if (me == 0) {
        close(busy_fd);
        printf("%d forms made working instances, %d bad values refused with their codes\n", made, refused);
    }
    shmem_finalize();
    return 0;
}
