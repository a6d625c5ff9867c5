/* Introspection with two instances live, the launcher's world (7 in the
 * CTest runs) and one made here: aclshmemx_instance_list shows both and
 * drops the second after its finalize; aclshmemx_instance_stats counts
 * exactly the operations PE 0 issues in the world when they leave the
 * fast path (MISHMEM_PEERS_UNMAPPED=1: the shm transport; MISHMEM_HOST_ID
 * with %p: ofi), and none when peers are mapped, while the other instance's counters do not move; the
 * data collectives and a wait that sleeps are counted; heap used and free
 * follow an allocation and its free; bad input gets the documented codes. */
#include "instance/instance_util.h"

#define PUTS 3
#define PUT_BYTES 64
#define GETS 2
#define GET_BYTES 32
#define AMOS 4
#define PUT_SIGNAL_BYTES 16

static aclshmemx_instance_stats_t stats_of(uint64_t id)
{
    aclshmemx_instance_stats_t s = {.size = sizeof s};
    CHECK_RC(aclshmemx_instance_stats(id, &s), ACLSHMEM_SUCCESS);
    CHECK(s.version == ACLSHMEMX_INSTANCE_STATS_VERSION && s.size == sizeof s, "stats version %u size %u",
          s.version, s.size);
    return s;
}

static int env_is(const char *name, const char *value)
{
    const char *set = getenv(name);
    return set && strcmp(set, value) == 0;
}

/* Which transport slot PE 0's operations on PE 1 take, -1: none (mapped). */
static int expected_transport(void)
{
    const char *host = getenv("MISHMEM_HOST_ID");
    if (host && strstr(host, "%p"))
        return ACLSHMEMX_STATS_VIA_OFI;
    return env_is("MISHMEM_PEERS_UNMAPPED", "1") ? ACLSHMEMX_STATS_VIA_SHM : -1;
}

static void check_bad_input(uint64_t world)
{
    size_t count = 0, bytes = 0;
    uint64_t ids[2];
    CHECK_RC(aclshmemx_instance_list(NULL, 1, &count), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_instance_list(ids, 2, NULL), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_instance_stats(world, NULL), ACLSHMEM_INVALID_PARAM);
    aclshmemx_instance_stats_t small = {.size = 8};
    CHECK_RC(aclshmemx_instance_stats(world, &small), ACLSHMEM_INVALID_PARAM);
    aclshmemx_instance_stats_t s = {.size = sizeof s};
    uint64_t unknown = world == 200 ? 201 : 200;
    CHECK_RC(aclshmemx_instance_stats(unknown, &s), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_instance_stats(ACLSHMEM_MAX_INSTANCE_ID + 1, &s), ACLSHMEM_INVALID_VALUE);
    CHECK_RC(aclshmemx_heap_used(world, NULL), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_heap_free(world, NULL), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_heap_used(unknown, &bytes), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_heap_free(ACLSHMEM_MAX_INSTANCE_ID + 1, &bytes), ACLSHMEM_INVALID_VALUE);
}

static void check_list(const uint64_t *expected, size_t n)
{
    uint64_t ids[ACLSHMEM_MAX_INSTANCES];
    size_t count = 99;
    CHECK_RC(aclshmemx_instance_list(NULL, 0, &count), ACLSHMEM_SUCCESS);
    CHECK(count == n, "instance_list counts %zu instances, expected %zu", count, n);
    CHECK_RC(aclshmemx_instance_list(ids, n - 1, &count), ACLSHMEM_INVALID_VALUE);
    CHECK(count == n, "a short buffer: count %zu, expected %zu", count, n);
    CHECK_RC(aclshmemx_instance_list(ids, ACLSHMEM_MAX_INSTANCES, &count), ACLSHMEM_SUCCESS);
    CHECK(count == n, "instance_list: %zu ids, expected %zu", count, n);
    for (size_t i = 0; i < n; i++)
        CHECK(ids[i] == expected[i], "instance_list[%zu] = %llu, expected %llu", i, (unsigned long long)ids[i],
              (unsigned long long)expected[i]);
}

static void check_delta(const char *what, uint64_t before, uint64_t after, uint64_t expected)
{
    CHECK(after - before == expected, "%s: counted %llu, expected %llu", what, (unsigned long long)(after - before),
          (unsigned long long)expected);
}

/* PE 0 issues puts, gets, AMOs, a signal and a put-with-signal to PE 1. */
static void check_operations(uint64_t world, uint64_t other)
{
    long *data = aclshmem_calloc(64, sizeof(long));
    long *word = aclshmem_calloc(1, sizeof(long));
    uint64_t *sig = aclshmem_calloc(1, sizeof(uint64_t));
    CHECK(data && word && sig, "calloc");
    char local[PUT_BYTES] = "introspection";
    aclshmemx_instance_stats_t other_before = stats_of(other);
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    if (aclshmem_my_pe() == 0) {
        aclshmemx_instance_stats_t before = stats_of(world);
        for (int i = 0; i < PUTS; i++)
            CHECK_RC(aclshmem_putmem(data, local, PUT_BYTES, 1), ACLSHMEM_SUCCESS);
        for (int i = 0; i < GETS; i++)
            CHECK_RC(aclshmem_getmem(local, data, GET_BYTES, 1), ACLSHMEM_SUCCESS);
        for (int i = 0; i < AMOS; i++)
            (void)aclshmem_long_atomic_fetch_add(word, 1, 1);
        CHECK_RC(aclshmemx_signal_op(sig, 1, ACLSHMEM_SIGNAL_ADD, 1), ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmemx_putmem_signal(data, local, PUT_SIGNAL_BYTES, sig, 1, ACLSHMEM_SIGNAL_ADD, 1),
                 ACLSHMEM_SUCCESS);
        CHECK_RC(aclshmem_quiet(), ACLSHMEM_SUCCESS);
        aclshmemx_instance_stats_t after = stats_of(world);
        int via = expected_transport();
        int counted = via >= 0;
        if (!counted && env_is("SHMEM_DEBUG", "1")) {
            printf("note: SHMEM_DEBUG=1 sends RMA on mapped peers out of line; kinds not compared\n");
            memset(&after.ops, 0, sizeof after.ops), memset(&after.bytes, 0, sizeof after.bytes);
            memset(&before.ops, 0, sizeof before.ops), memset(&before.bytes, 0, sizeof before.bytes);
        }
        static const uint64_t ops[] = {PUTS, GETS, AMOS, 2, 0};
        static const uint64_t bytes[] = {PUTS * PUT_BYTES, GETS * GET_BYTES, AMOS * sizeof(long),
                                         sizeof(uint64_t) + PUT_SIGNAL_BYTES + sizeof(uint64_t), 0};
        static const char *const names[] = {"put", "get", "amo", "signal", "collective"};
        uint64_t all_ops = 0, all_bytes = 0;
        for (int k = 0; k < ACLSHMEMX_STATS_KINDS; k++) {
            char what[64];
            snprintf(what, sizeof what, "%s ops", names[k]);
            check_delta(what, before.ops[k], after.ops[k], counted ? ops[k] : 0);
            snprintf(what, sizeof what, "%s bytes", names[k]);
            check_delta(what, before.bytes[k], after.bytes[k], counted ? bytes[k] : 0);
            all_ops += ops[k];
            all_bytes += bytes[k];
        }
        for (int t = 0; t < ACLSHMEMX_STATS_TRANSPORTS; t++) {
            check_delta(t ? "ops via ofi" : "ops via shm", before.transport_ops[t], after.transport_ops[t],
                        t == via ? all_ops : 0);
            check_delta(t ? "bytes via ofi" : "bytes via shm", before.transport_bytes[t], after.transport_bytes[t],
                        t == via ? all_bytes : 0);
        }
    }
    CHECK_RC(aclshmem_barrier_all(), ACLSHMEM_SUCCESS);
    aclshmemx_instance_stats_t other_after = stats_of(other);
    CHECK(memcmp(&other_before, &other_after, sizeof other_after) == 0,
          "the other instance's counters moved while only the world worked");
    aclshmem_free(sig);
    aclshmem_free(word);
    aclshmem_free(data);
}

/* Every PE: a broadcast and a reduction are two collectives. */
static void check_collectives(uint64_t world)
{
    long *source = shmem_calloc(8, sizeof(long));
    long *dest = shmem_calloc(8, sizeof(long));
    shmem_barrier_all();
    aclshmemx_instance_stats_t before = stats_of(world);
    CHECK(shmem_broadcastmem(SHMEM_TEAM_WORLD, dest, source, 64, 0) == 0, "broadcast");
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dest, source, 4) == 0, "reduce");
    aclshmemx_instance_stats_t after = stats_of(world);
    check_delta("collective ops", before.ops[ACLSHMEMX_STATS_COLLECTIVE], after.ops[ACLSHMEMX_STATS_COLLECTIVE], 2);
    check_delta("collective bytes", before.bytes[ACLSHMEMX_STATS_COLLECTIVE],
                after.bytes[ACLSHMEMX_STATS_COLLECTIVE], 64 + 4 * sizeof(long));
    for (int k = 0; k < ACLSHMEMX_STATS_COLLECTIVE; k++)
        check_delta("a collective's program ops", before.ops[k], after.ops[k], 0);
    shmem_free(dest);
    shmem_free(source);
}

/* PE 0 waits for a word PE 1 writes 200 ms after the barrier: the wait is
 * counted and sleeps. A few rounds, in case PE 0 itself was held off the
 * CPU that long before it began waiting. */
static void check_waits(uint64_t world, uint64_t other)
{
    long *flag = shmem_calloc(1, sizeof(long));
    aclshmemx_instance_stats_t other_before = stats_of(other);
    int seen = 0;
    for (long round = 1; round <= 3; round++) {
        shmem_barrier_all();
        if (shmem_my_pe() == 1) {
            usleep(200000);
            shmem_long_p(flag, round, 0);
            continue;
        }
        aclshmemx_instance_stats_t before = stats_of(world);
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, round);
        aclshmemx_instance_stats_t after = stats_of(world);
        CHECK(after.waits >= before.waits && after.sleeps >= before.sleeps, "counters went back");
        seen |= after.waits > before.waits && after.sleeps > before.sleeps && after.asleep_ns > before.asleep_ns;
    }
    shmem_barrier_all();
    CHECK(shmem_my_pe() != 0 || seen, "a 200 ms wait_until was not counted as a wait that slept");
    aclshmemx_instance_stats_t other_after = stats_of(other);
    CHECK(memcmp(&other_before, &other_after, sizeof other_after) == 0, "the other instance's waits moved");
    shmem_free(flag);
}

static void heap_usage(uint64_t id, size_t *used, size_t *unused)
{
    CHECK_RC(aclshmemx_heap_used(id, used), ACLSHMEM_SUCCESS);
    CHECK_RC(aclshmemx_heap_free(id, unused), ACLSHMEM_SUCCESS);
}

static void check_heap(uint64_t world, uint64_t other)
{
    size_t used0, free0, used1, free1, other_used0, other_free0, other_used1, other_free1;
    heap_usage(world, &used0, &free0);
    heap_usage(other, &other_used0, &other_free0);
    void *block = aclshmem_malloc(1 << 20);
    CHECK(block, "malloc");
    heap_usage(world, &used1, &free1);
    CHECK(used1 == used0 + (1 << 20) && free1 == free0 - (1 << 20),
          "heap after a 1 MiB malloc: used %zu -> %zu, free %zu -> %zu", used0, used1, free0, free1);
    heap_usage(other, &other_used1, &other_free1);
    CHECK(other_used1 == other_used0 && other_free1 == other_free0, "the other instance's heap changed");
    aclshmem_free(block);
    heap_usage(world, &used1, &free1);
    CHECK(used1 == used0 && free1 == free0, "heap after free: used %zu (was %zu), free %zu (was %zu)", used1, used0,
          free1, free0);
    /* And in the other instance, the world's heap unchanged. */
    CHECK_RC(aclshmemx_instance_ctx_set(other), ACLSHMEM_SUCCESS);
    block = aclshmem_malloc(4096);
    CHECK(block, "malloc in the other instance");
    heap_usage(other, &other_used1, &other_free1);
    CHECK(other_used1 == other_used0 + 4096, "other instance: used %zu -> %zu", other_used0, other_used1);
    heap_usage(world, &used1, &free1);
    CHECK(used1 == used0, "the world's heap changed with the other instance's malloc");
    aclshmem_free(block);
    CHECK_RC(aclshmemx_instance_ctx_set(world), ACLSHMEM_SUCCESS);
}

int main(void)
{
    shmem_init();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs");
    uint64_t world = aclshmemx_instance_ctx_get()->id;
    test_choose_port_range(8);
    uint64_t other = world == 3 ? 4 : 3;
    static const int both[] = {0, 1};
    CHECK_RC(test_create(other, both, 2, 1 << 20), ACLSHMEM_SUCCESS);
    CHECK(aclshmemx_instance_ctx_get()->id == world, "creating an instance switched the current one");

    uint64_t two[2] = {world < other ? world : other, world < other ? other : world};
    check_list(two, 2);
    check_bad_input(world);
    check_operations(world, other);
    check_collectives(world);
    check_waits(world, other);
    check_heap(world, other);

    CHECK_RC(aclshmemx_finalize(other), ACLSHMEM_SUCCESS);
    check_list(&world, 1);
    aclshmemx_instance_stats_t s = {.size = sizeof s};
    size_t bytes;
    CHECK_RC(aclshmemx_instance_stats(other, &s), ACLSHMEM_INVALID_PARAM);
    CHECK_RC(aclshmemx_heap_used(other, &bytes), ACLSHMEM_INVALID_PARAM);
    if (shmem_my_pe() == 0)
        printf("PASS: instance list, stats and heap usage in instance %llu\n", (unsigned long long)world);
    shmem_finalize();
    return 0;
}
