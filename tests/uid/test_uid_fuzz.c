/* A unique-id instance forms under attack: a hostile client (the
 * bootstrap tests' fuzz client) throws silent connections and thousands of
 * random and mutated frames at the unique id's listener on loopback while
 * a real 4-PE aclshmemx_init_attr runs. PEs 1 and 2 join during the
 * attack, PE 3 only after it, so the rendezvous cannot finish first. The
 * init must succeed everywhere, the hostile client must never be let in,
 * and PE 0's resident memory must stay bounded. */
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "bootstrap/uid_codec.h"
#include "tcp_fuzz_client.h"
#include "tcp_test_harness.h"
#include "uid_util.h"

#define ATTACK_CONNECTIONS 3000 /* at most ... */
#define ATTACK_SECONDS 8        /* ... and for at most this long */
#define BATCH 250
#define SILENT_FLOOD 100
#define RSS_GROWTH_LIMIT_KIB (16 * 1024)

/* Where the attacker says it is done; named after the launcher (every
 * PE's parent), computed before PE 0 forks the attacker. */
static char done_path[128];

/* The hostile client: a child of PE 0 that never touches mishmem. */
static void attack(const char *host, uint16_t port)
{
    alarm(30);
    int64_t stop = th_now_ms() + ATTACK_SECONDS * 1000;
    int closed = fuzz_silent_flood(host, port, SILENT_FLOOD, 300, 1);
    struct fuzz_stats total = {0};
    uint64_t first_seed = (uint64_t)th_now_ms() * 2654435761u ^ (uint64_t)getpid(), seed = first_seed;
    while (total.connections + total.refused < ATTACK_CONNECTIONS && th_now_ms() < stop) {
        struct fuzz_stats batch;
        fuzz_hostile(host, port, BATCH, seed++, &batch);
        total.connections += batch.connections;
        total.refused += batch.refused;
        total.rejects += batch.rejects;
        total.accepts += batch.accepts;
    }
    printf("  attacker: %d silent connections (%d closed by PE 0 at once), %d hostile connections "
           "(seeds from %llu): %d REJECTs, %d ACCEPTs, %d refused connects\n", SILENT_FLOOD, closed,
           total.connections, (unsigned long long)first_seed,
           total.rejects, total.accepts, total.refused);
    fflush(stdout);
    FILE *done = fopen(done_path, "w");
    if (done)
        fclose(done);
    int ok = total.accepts == 0 && total.refused == 0 && total.rejects > 0 && total.connections >= 1000;
    _exit(ok ? 0 : 1);
}

static void wait_for_attack_end(void)
{
    struct stat st;
    double deadline = test_now_s() + 25;
    while (stat(done_path, &st) != 0 && test_now_s() < deadline)
        th_sleep_ms(20);
    CHECK(stat(done_path, &st) == 0, "the attacker never finished");
    unlink(done_path); /* its only reader */
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n == 4, "run with 4 PEs");
    snprintf(done_path, sizeof done_path, "/tmp/mishmem-uid-fuzz-%d.done", (int)getppid());
    aclshmemx_uniqueid_t uid = ACLSHMEM_UNIQUEID_INITIALIZER;
    pid_t attacker = -1;
    if (me == 0) {
        CHECK_RC(aclshmemx_get_uniqueid(&uid), ACLSHMEM_SUCCESS);
        struct mishmem_uid_info info;
        CHECK(mishmem_uid_decode(uid.internal, &info) == 0, "cannot decode the unique id");
        char host[64];
        mishmem_uid_host_text(&info, host, sizeof host);
        CHECK(strcmp(host, "127.0.0.1") == 0, "the attack stays on loopback, not %s", host);
        fflush(NULL);
        attacker = fork();
        CHECK(attacker >= 0, "fork failed");
        if (attacker == 0)
            attack(host, info.port);
    }
    uid_share(0, &uid);
    if (me == 3)
        wait_for_attack_end();
    long rss_before = rss_kib();
    double start = test_now_s();
    CHECK_RC(uid_join(1, &uid, me, n), ACLSHMEM_SUCCESS);
    long growth = rss_kib() - rss_before;
    uid_check_exchange(1, me, n, 5);
    if (me == 0) {
        int status = 0;
        CHECK(waitpid(attacker, &status, 0) == attacker, "waitpid failed");
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the attacker's checks failed (status %d)",
              status);
        printf("PE 0: init completed under attack in %.2f s; RSS grew by %ld KiB (limit %d)\n",
               test_now_s() - start, growth, RSS_GROWTH_LIMIT_KIB);
        CHECK(growth < RSS_GROWTH_LIMIT_KIB, "PE 0's RSS grew by %ld KiB", growth);
    }
    CHECK_RC(aclshmemx_finalize(1), ACLSHMEM_SUCCESS);
    shmem_finalize();
    return 0;
}
