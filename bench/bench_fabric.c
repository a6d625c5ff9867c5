/* The bare libfabric probe: what the provider that mishmem's ofi transport
 * uses allows between two processes, without any SHMEM library. Like
 * bench_hw it measures the machine (here: the fabric), so that every
 * cross-host SHMEM figure can be read as a fraction of it.
 *
 * Provider selection as src/transport/ofi/ofi_domain.c: MISHMEM_OFI_PROVIDER
 * (default tcp;ofi_rxm), FI_EP_RDM, FI_RMA | FI_ATOMIC, mr_mode 0 (own
 * keys, offsets from the registration's start; else the provider's keys
 * and virtual addresses), FI_PROGRESS_AUTO, FI_THREAD_SAFE,
 * FI_DELIVERY_COMPLETE, queues of 256, the same rxm buffer defaults
 * (FI_OFI_RXM_MSG_RX_SIZE=128, FI_OFI_RXM_BUFFER_SIZE=4096 unless set),
 * the domain MISHMEM_OFI_DOMAIN names, else the first non-loopback IPv4
 * one. Per process one endpoint, an AV table, a counter with a wait object
 * for writes, reads and atomics, a completion queue that only gets errors.
 *
 * Figures (the names and meanings of bench_rma, bench_amo and
 * bench_collectives, so that bench/compare puts them side by side):
 *
 *   put_latency  8 B ping-pong, one way = half a round trip: fi_write of
 *                the 8-byte sequence number into the peer's flag word,
 *                the peer waits on its flag (--wait) and writes the number back.
 *                The loop does not wait for each write's completion (the
 *                peer's answer shows it arrived); completions are only
 *                collected to keep the queue below its depth.
 *   get_latency  8 B fi_read from the peer's buffer, waiting for the
 *                counter (a blocking get).
 *   get_latency_own_completion  the same with fi_readmsg(FI_COMPLETION),
 *                waiting for its completion queue entry (mishmem's way).
 *   fetch_add    fi_fetch_atomic FI_SUM on a 64-bit word of the peer,
 *                waiting for the counter (a blocking fetch-add).
 *   put_bw       windows of 64 fi_write of `size` bytes, then waiting for
 *                the counter (like put_nbi x 64 + quiet); every size of
 *                --sizes (or the sweep) of at least 4 KiB.
 *   barrier      both processes write the round number into the other's
 *                barrier word at once and wait until their own word has
 *                it: a 2-process barrier with one message each way.
 *
 * The process that listens is the initiator and decides every operation
 * count (the calibration of bench_hw and bench_shmem.h); it tells the
 * other over the TCP connection that carried the addresses, which also
 * separates the samples. One-sided figures: the passive side waits for
 * the next command meanwhile as it waits for a word (--wait), driving the
 * provider.
 *
 * Run:
 *   bench_fabric [--quick ...]             both processes here (a fork), over
 *                                          the first non-loopback interface
 *   bench_fabric --listen IP:PORT [...]    one side (the initiator, prints)
 *   bench_fabric --connect IP:PORT [...]   the other side (retries 20 s)
 *   --wait progress|poll|yield|spin        how a side waits for the peer
 *                                          (see wait_step)
 * as in bench/compare --cross-host, one process in each network namespace.
 * Output: RESULT lines with impl=fabric. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fnmatch.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <rdma/fabric.h>
#include <rdma/fi_atomic.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"

#define BW_WINDOW 64
#define QUEUE_DEPTH 256
#define RING 128 /* outstanding writes of a ping-pong before completions are collected */
#define DEFAULT_MAX_SIZE (4 * BENCH_MIB)
#define FLAG_WORD 0
#define BARRIER_WORD 16
#define ATOMIC_WORD 32
#define WORDS 64

static void die(const char *what, int rc)
{
    fprintf(stderr, "bench_fabric: %s: %s\n", what, rc ? fi_strerror(-rc) : strerror(errno));
    exit(1);
}

/* ------------------------------------------------------------ fabric */

struct fabric {
    struct fi_info *info;
    struct fid_fabric *fabric;
    struct fid_domain *domain;
    struct fid_ep *ep;
    struct fid_av *av;
    struct fid_cq *cq;
    struct fid_cntr *cntr;
    struct fid_mr *mr;
    int virt_addr, prov_key;
    uint64_t issued, errors_seen;
    fi_addr_t peer;
    uint64_t peer_key, peer_base; /* base: the peer's address for offset 0 */
    /* Registered: WORDS words of flags (own cache lines), then the data. */
    _Atomic int64_t *words;
    char *data;
    size_t data_size;
    char *source;     /* private: what put_bw sends */
    int64_t ring[RING]; /* private: ping-pong values, stable until complete */
    int64_t fetched;
    int64_t operand;
};

/* The hints of ofi_domain.c's make_hints(). */
static struct fi_info *hints_for(const char *provider, int mr_mode)
{
    struct fi_info *hints = fi_allocinfo();
    if (!hints)
        die("fi_allocinfo", -FI_ENOMEM);
    hints->caps = FI_RMA | FI_ATOMIC;
    hints->mode = 0;
    hints->ep_attr->type = FI_EP_RDM;
    hints->domain_attr->mr_mode = mr_mode;
    hints->domain_attr->data_progress = FI_PROGRESS_AUTO;
    hints->domain_attr->threading = FI_THREAD_SAFE;
    hints->tx_attr->op_flags = FI_DELIVERY_COMPLETE;
    hints->tx_attr->size = QUEUE_DEPTH;
    hints->rx_attr->size = QUEUE_DEPTH;
    hints->fabric_attr->prov_name = strdup(provider);
    return hints;
}

/* ofi_domain.c's choose(): MISHMEM_OFI_DOMAIN, else the first non-loopback
 * IPv4 domain, else any non-loopback one, else the loopback. */
static struct fi_info *choose(struct fi_info *list)
{
    const char *wanted = getenv("MISHMEM_OFI_DOMAIN");
    struct fi_info *loopback = NULL, *other = NULL;
    for (struct fi_info *i = list; i; i = i->next) {
        const char *name = i->domain_attr->name ? i->domain_attr->name : "";
        if (wanted && *wanted) {
            if (fnmatch(wanted, name, 0) == 0)
                return i;
            continue;
        }
        int is_lo = strcmp(name, "lo") == 0;
        if (is_lo && !loopback)
            loopback = i;
        if (!is_lo && i->addr_format == FI_SOCKADDR_IN)
            return i;
        if (!is_lo && !other)
            other = i;
    }
    return other ? other : loopback;
}

static void fabric_open(struct fabric *f, size_t data_size, int verbose)
{
    setenv("FI_OFI_RXM_MSG_RX_SIZE", "128", 0);
    setenv("FI_OFI_RXM_BUFFER_SIZE", "4096", 0);
    const char *provider = getenv("MISHMEM_OFI_PROVIDER");
    if (!provider || !*provider)
        provider = "tcp;ofi_rxm";
    static const int modes[] = {0, FI_MR_VIRT_ADDR | FI_MR_PROV_KEY | FI_MR_ALLOCATED | FI_MR_ENDPOINT};
    struct fi_info *list = NULL;
    int rc = -FI_ENODATA;
    for (size_t m = 0; m < 2 && !list; m++) {
        struct fi_info *hints = hints_for(provider, modes[m]);
        rc = fi_getinfo(FI_VERSION(1, 14), NULL, NULL, 0, hints, &list);
        fi_freeinfo(hints);
        if (rc != 0)
            list = NULL;
    }
    struct fi_info *chosen = list ? choose(list) : NULL;
    if (!chosen) {
        fprintf(stderr, "bench_fabric: no RDM endpoint with RMA and atomics for provider \"%s\" (%s)\n",
                provider, rc ? fi_strerror(-rc) : "no matching domain");
        exit(1);
    }
    f->info = fi_dupinfo(chosen);
    fi_freeinfo(list);
    if ((rc = fi_fabric(f->info->fabric_attr, &f->fabric, NULL)) != 0)
        die("fi_fabric", rc);
    if ((rc = fi_domain(f->fabric, f->info, &f->domain, NULL)) != 0)
        die("fi_domain", rc);
    int mode = f->info->domain_attr->mr_mode;
    f->virt_addr = (mode & FI_MR_VIRT_ADDR) != 0;
    f->prov_key = (mode & FI_MR_PROV_KEY) != 0;
    if (verbose)
        printf("# fabric: provider %s, domain %s, mr_mode 0x%x\n", f->info->fabric_attr->prov_name,
               f->info->domain_attr->name, mode);

    struct fi_av_attr av_attr = {.type = FI_AV_TABLE, .count = 2};
    struct fi_cq_attr cq_attr = {.format = FI_CQ_FORMAT_CONTEXT, .size = 64, .wait_obj = FI_WAIT_NONE};
    /* fi_cntr_wait on a counter with the default attributes fails (-38). */
    struct fi_cntr_attr cntr_attr = {.events = FI_CNTR_EVENTS_COMP, .wait_obj = FI_WAIT_UNSPEC};
    if ((rc = fi_endpoint(f->domain, f->info, &f->ep, NULL)) != 0)
        die("fi_endpoint", rc);
    if ((rc = fi_av_open(f->domain, &av_attr, &f->av, NULL)) != 0)
        die("fi_av_open", rc);
    if ((rc = fi_cq_open(f->domain, &cq_attr, &f->cq, NULL)) != 0)
        die("fi_cq_open", rc);
    if ((rc = fi_cntr_open(f->domain, &cntr_attr, &f->cntr, NULL)) != 0)
        die("fi_cntr_open", rc);
    if ((rc = fi_ep_bind(f->ep, &f->av->fid, 0)) != 0)
        die("binding the AV", rc);
    if ((rc = fi_ep_bind(f->ep, &f->cq->fid, FI_TRANSMIT | FI_RECV | FI_SELECTIVE_COMPLETION)) != 0)
        die("binding the CQ", rc);
    if ((rc = fi_ep_bind(f->ep, &f->cntr->fid, FI_WRITE | FI_READ)) != 0)
        die("binding the counter", rc);
    if ((rc = fi_enable(f->ep)) != 0)
        die("fi_enable", rc);

    size_t words = WORDS * sizeof(int64_t);
    size_t total = (words + data_size + 4095) / 4096 * 4096;
    char *region = aligned_alloc(4096, total);
    f->source = aligned_alloc(4096, (data_size + 4095) / 4096 * 4096);
    if (!region || !f->source)
        die("out of memory", -FI_ENOMEM);
    memset(region, 0, total);
    memset(f->source, 1, data_size);
    f->words = (_Atomic int64_t *)region;
    f->data = region + words;
    f->data_size = data_size;
    uint64_t key = 0;
    while (key == 0)
        if (getrandom(&key, sizeof key, 0) != sizeof key)
            key = 0x9e3779b97f4a7c15ull;
    size_t key_size = f->info->domain_attr->mr_key_size;
    if (key_size < 8)
        key &= ((uint64_t)1 << (8 * key_size)) - 1;
    if ((rc = fi_mr_reg(f->domain, region, total, FI_REMOTE_READ | FI_REMOTE_WRITE, 0, key, 0, &f->mr, NULL)) != 0)
        die("fi_mr_reg", rc);
    if (mode & FI_MR_ENDPOINT) {
        if ((rc = fi_mr_bind(f->mr, &f->ep->fid, 0)) != 0 || (rc = fi_mr_enable(f->mr)) != 0)
            die("binding the registration", rc);
    }
}

static void fabric_close(struct fabric *f)
{
    fi_close(&f->ep->fid);
    fi_close(&f->mr->fid);
    fi_close(&f->cntr->fid);
    fi_close(&f->cq->fid);
    fi_close(&f->av->fid);
    fi_close(&f->domain->fid);
    fi_close(&f->fabric->fid);
    fi_freeinfo(f->info);
    free(f->words);
    free(f->source);
}

static void check_errors(struct fabric *f)
{
    uint64_t errors = fi_cntr_readerr(f->cntr);
    if (errors == f->errors_seen)
        return;
    struct fi_cq_err_entry entry = {0};
    char text[256] = "";
    if (fi_cq_readerr(f->cq, &entry, 0) > 0)
        fi_cq_strerror(f->cq, entry.prov_errno, entry.err_data, text, sizeof text);
    fprintf(stderr, "bench_fabric: an operation failed: %s%s%s\n", fi_strerror(entry.err ? entry.err : FI_EOTHER),
            text[0] ? ": " : "", text);
    exit(1);
}

/* Retries -FI_EAGAIN (queue full, connection being set up) with progress. */
static void issue(struct fabric *f, ssize_t (*op)(struct fabric *, void *), void *arg, const char *what)
{
    ssize_t rc;
    unsigned tries = 0;
    while ((rc = op(f, arg)) == -FI_EAGAIN) {
        struct fi_cq_entry entry;
        (void)fi_cq_read(f->cq, &entry, 0);
        if (++tries % 64 == 0)
            sched_yield();
    }
    if (rc != 0)
        die(what, (int)rc);
    f->issued++;
}

static void wait_step(struct fabric *f, unsigned looks);

/* Waits until `target` operations completed, looking at the counter the
 * way --wait says (wait_step): with the default, every look also reads the
 * completion queue, which drives the provider from this thread. (Sleeping
 * in fi_cntr_wait after a short spin, as a SHMEM quiet may, left it to the
 * provider's thread and made fetch_add 2-4x slower than mishmem's.) */
static void wait_for(struct fabric *f, uint64_t target)
{
    for (unsigned looks = 1; fi_cntr_read(f->cntr) < target; looks++) {
        check_errors(f);
        wait_step(f, looks);
    }
    check_errors(f);
}

static uint64_t remote(const struct fabric *f, const void *local_in_own_region)
{
    /* The peer's region has the layout of ours. */
    uint64_t offset = (uint64_t)((const char *)local_in_own_region - (const char *)f->words);
    return f->peer_base + offset;
}

struct write_args {
    void *buf;
    size_t len;
    uint64_t to;
};

static ssize_t do_write(struct fabric *f, void *arg)
{
    struct write_args *w = arg;
    return fi_write(f->ep, w->buf, w->len, NULL, f->peer, w->to, f->peer_key, NULL);
}

static ssize_t do_read(struct fabric *f, void *arg)
{
    struct write_args *r = arg;
    return fi_read(f->ep, r->buf, r->len, NULL, f->peer, r->to, f->peer_key, NULL);
}

static ssize_t do_fetch_add(struct fabric *f, void *arg)
{
    uint64_t to = *(uint64_t *)arg;
    return fi_fetch_atomic(f->ep, &f->operand, 1, NULL, &f->fetched, NULL, f->peer, to, f->peer_key, FI_INT64,
                           FI_SUM, NULL);
}

/* Writes `value` into the peer's word `word` without waiting for it. */
static void post_word(struct fabric *f, int word, int64_t value)
{
    if (f->issued - fi_cntr_read(f->cntr) >= RING - 1)
        wait_for(f, f->issued - RING / 2);
    int64_t *slot = &f->ring[f->issued % RING];
    *slot = value;
    struct write_args w = {slot, sizeof *slot, remote(f, (const void *)&f->words[word])};
    issue(f, do_write, &w, "fi_write");
}

/* How a process waits (--wait), for a word the peer writes and, on the
 * passive side, for the next command while the peer's one-sided
 * operations are served:
 *   progress  (default) read the completion queue at every look, so that
 *             this thread drives the provider too (as a SHMEM wait or
 *             barrier that calls progress does), and yield the CPU after
 *             64 looks (on 2 shared cores a pure spin measured 2 ms per
 *             ping-pong, spinning with yields 48 us)
 *   poll      read the completion queue at every look, never yield
 *   yield     look at memory only (the provider's thread does the work),
 *             yield after 64 looks
 *   spin      look at memory only, with the pause hint
 * A passive side that slept in recv() instead made get and fetch_add 2-3x
 * slower than mishmem's, whose target waits in a barrier. */
enum wait_policy { WAIT_PROGRESS, WAIT_POLL, WAIT_YIELD, WAIT_SPIN };
static enum wait_policy wait_policy = WAIT_PROGRESS;
static const char *const wait_names[] = {"progress", "poll", "yield", "spin"};
#define N_WAIT_POLICIES 4

static void wait_step(struct fabric *f, unsigned looks)
{
    if (wait_policy == WAIT_PROGRESS || wait_policy == WAIT_POLL) {
        struct fi_cq_entry entry;
        (void)fi_cq_read(f->cq, &entry, 0);
    }
    if ((wait_policy == WAIT_PROGRESS || wait_policy == WAIT_YIELD) && looks > 64)
        sched_yield();
    else
        bench_cpu_relax();
}

static void await_word(struct fabric *f, int word, int64_t value)
{
    for (unsigned looks = 1; atomic_load_explicit(&f->words[word], memory_order_acquire) < value; looks++)
        wait_step(f, looks);
}

/* Until the control connection has something to read. */
static void await_readable(struct fabric *f, int fd)
{
    for (unsigned looks = 1;; looks++) {
        struct pollfd ready = {fd, POLLIN, 0};
        if (poll(&ready, 1, 0) != 0)
            return;
        wait_step(f, looks);
    }
}

/* ------------------------------------------------------------ control connection */

struct hello {
    uint32_t addr_len;
    uint8_t addr[120];
    uint64_t key;
    uint64_t base;
};

struct command {
    int32_t figure; /* index into figures[], -1: done */
    int32_t pad;
    int64_t iters;
    int64_t size;
};

static void send_all(int fd, const void *buf, size_t len)
{
    const char *at = buf;
    while (len) {
        ssize_t n = send(fd, at, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            die("control connection (send)", 0);
        at += n;
        len -= (size_t)n;
    }
}

static void recv_all(int fd, void *buf, size_t len)
{
    char *at = buf;
    while (len) {
        ssize_t n = recv(fd, at, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n == 0) {
            fprintf(stderr, "bench_fabric: the other side closed the control connection\n");
            exit(1);
        }
        if (n < 0)
            die("control connection (recv)", 0);
        at += n;
        len -= (size_t)n;
    }
}

static int parse_address(const char *text, struct sockaddr_in *addr)
{
    char host[64];
    const char *colon = strrchr(text, ':');
    if (!colon || (size_t)(colon - text) >= sizeof host)
        return -1;
    memcpy(host, text, (size_t)(colon - text));
    host[colon - text] = '\0';
    memset(addr, 0, sizeof *addr);
    addr->sin_family = AF_INET;
    addr->sin_port = htons((uint16_t)atoi(colon + 1));
    return inet_pton(AF_INET, host, &addr->sin_addr) == 1 ? 0 : -1;
}

static int listen_on(const struct sockaddr_in *addr, uint16_t *port)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (fd < 0 || bind(fd, (const struct sockaddr *)addr, sizeof *addr) != 0 || listen(fd, 1) != 0)
        die("listening for the other side", 0);
    struct sockaddr_in bound;
    socklen_t len = sizeof bound;
    getsockname(fd, (struct sockaddr *)&bound, &len);
    *port = ntohs(bound.sin_port);
    return fd;
}

static int accept_one(int listener)
{
    int fd = accept(listener, NULL, NULL);
    if (fd < 0)
        die("accepting the other side", 0);
    close(listener);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static int connect_to(const struct sockaddr_in *addr)
{
    for (int tries = 0; tries < 200; tries++) {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            die("socket", 0);
        if (connect(fd, (const struct sockaddr *)addr, sizeof *addr) == 0) {
            int one = 1;
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            return fd;
        }
        close(fd);
        usleep(100000);
    }
    die("connecting to the other side (20 s)", 0);
    return -1;
}

/* Swaps endpoint addresses and keys; inserts the peer into the AV. */
static void exchange(struct fabric *f, int fd)
{
    struct hello mine = {0}, theirs;
    size_t len = sizeof mine.addr;
    int rc = fi_getname(&f->ep->fid, mine.addr, &len);
    if (rc != 0)
        die("fi_getname", rc);
    mine.addr_len = (uint32_t)len;
    mine.key = fi_mr_key(f->mr);
    mine.base = f->virt_addr ? (uint64_t)(uintptr_t)f->words : 0;
    send_all(fd, &mine, sizeof mine);
    recv_all(fd, &theirs, sizeof theirs);
    if (theirs.addr_len > sizeof theirs.addr) {
        fprintf(stderr, "bench_fabric: bad address from the other side\n");
        exit(1);
    }
    if (fi_av_insert(f->av, theirs.addr, 1, &f->peer, 0, NULL) != 1)
        die("fi_av_insert", -FI_EINVAL);
    f->peer_key = theirs.key;
    f->peer_base = theirs.base;
}

/* ------------------------------------------------------------ figures */

struct run {
    struct fabric *f;
    int initiator;
    size_t size;
    int64_t sequence; /* ping-pong and barrier rounds, the same on both sides */
};

/* Each kernel runs `iters` operations of its side and returns the seconds
 * they took. */
static double put_pingpong(struct run *r, long iters)
{
    struct fabric *f = r->f;
    double start = bench_now();
    for (long i = 0; i < iters; i++) {
        int64_t sequence = ++r->sequence;
        if (!r->initiator)
            await_word(f, FLAG_WORD, sequence);
        post_word(f, FLAG_WORD, sequence);
        if (r->initiator)
            await_word(f, FLAG_WORD, sequence);
    }
    double took = bench_now() - start;
    wait_for(f, f->issued);
    return took;
}

static double barrier(struct run *r, long iters)
{
    struct fabric *f = r->f;
    double start = bench_now();
    for (long i = 0; i < iters; i++) {
        int64_t sequence = ++r->sequence;
        post_word(f, BARRIER_WORD, sequence);
        await_word(f, BARRIER_WORD, sequence);
    }
    double took = bench_now() - start;
    wait_for(f, f->issued);
    return took;
}

/* The seconds `iters` operations take when each one is waited for before
 * the next is issued: the latency of one blocking operation. */
static double time_one_at_a_time(struct fabric *f, long iters, ssize_t (*op)(struct fabric *, void *),
                                 void *arg, const char *what)
{
    double start = bench_now();
    for (long i = 0; i < iters; i++) {
        issue(f, op, arg, what);
        wait_for(f, f->issued);
    }
    return bench_now() - start;
}

static double get_blocking(struct run *r, long iters)
{
    struct fabric *f = r->f;
    if (!r->initiator)
        return 0;
    struct write_args g = {f->source, 8, remote(f, f->data)};
    return time_one_at_a_time(f, iters, do_read, &g, "fi_read");
}

/* The same get, waiting for its own completion queue entry (FI_COMPLETION)
 * instead of the counter, as mishmem's ofi transport does so that threads
 * posting at once cannot stand in for each other: the cost of that choice. */
static double get_own_completion(struct run *r, long iters)
{
    struct fabric *f = r->f;
    if (!r->initiator)
        return 0;
    struct iovec iov = {.iov_base = f->source, .iov_len = 8};
    struct fi_rma_iov rma = {.addr = remote(f, f->data), .len = 8, .key = f->peer_key};
    struct fi_msg_rma msg = {.msg_iov = &iov, .iov_count = 1, .addr = f->peer, .rma_iov = &rma,
                             .rma_iov_count = 1, .context = &msg};
    struct fi_cq_entry entry;
    while (fi_cq_read(f->cq, &entry, 1) == 1) /* earlier figures' (below) */
        ;
    double start = bench_now();
    for (long i = 0; i < iters; i++) {
        ssize_t rc;
        unsigned tries = 0;
        while ((rc = fi_readmsg(f->ep, &msg, FI_COMPLETION)) == -FI_EAGAIN)
            wait_step(f, ++tries);
        if (rc != 0)
            die("fi_readmsg", (int)rc);
        f->issued++;
        /* Its own entry only: libfabric 1.17's net also queues an entry
         * for each write posted without FI_COMPLETION (put_latency's),
         * and taking those for the gets' let the gets overlap: 10.5 us a
         * "get" after put_latency, 19-20 us alone. */
        entry.op_context = NULL;
        for (unsigned looks = 1; fi_cq_read(f->cq, &entry, 1) != 1 || entry.op_context != &msg; looks++) {
            check_errors(f);
            if (looks > 64)
                sched_yield();
        }
    }
    wait_for(f, f->issued);
    return bench_now() - start;
}

static int has_fetch_add(struct fabric *f)
{
    size_t count = 0;
    return fi_query_atomic(f->domain, FI_INT64, FI_SUM, &(struct fi_atomic_attr){0}, FI_FETCH_ATOMIC) == 0 &&
           fi_fetch_atomicvalid(f->ep, FI_INT64, FI_SUM, &count) == 0 && count > 0;
}

static double fetch_add(struct run *r, long iters)
{
    struct fabric *f = r->f;
    if (!r->initiator)
        return 0;
    uint64_t to = remote(f, (const void *)&f->words[ATOMIC_WORD]);
    f->operand = 1;
    return time_one_at_a_time(f, iters, do_fetch_add, &to, "fi_fetch_atomic");
}

static double put_stream(struct run *r, long iters)
{
    struct fabric *f = r->f;
    if (!r->initiator)
        return 0;
    struct write_args w = {f->source, r->size, remote(f, f->data)};
    double start = bench_now();
    for (long i = 0; i < iters; i++) {
        for (int k = 0; k < BW_WINDOW; k++)
            issue(f, do_write, &w, "fi_write");
        wait_for(f, f->issued);
    }
    return bench_now() - start;
}

/* figures[]' order: the latency ones first, each of 8 bytes. */
enum {
    FIG_PUT_LATENCY,
    FIG_GET_LATENCY,
    FIG_GET_OWN_COMPLETION,
    FIG_FETCH_ADD,
    FIG_PUT_BW,
    FIG_BARRIER,
    N_LATENCY_FIGURES = FIG_PUT_BW,
};

static const struct figure {
    const char *bench, *name;
    double (*kernel)(struct run *, long);
    int two_sided; /* both sides take part (else the passive one waits for the next command) */
} figures[] = {
    [FIG_PUT_LATENCY] = {"rma", "put_latency", put_pingpong, 1},
    [FIG_GET_LATENCY] = {"rma", "get_latency", get_blocking, 0},
    [FIG_GET_OWN_COMPLETION] = {"rma", "get_latency_own_completion", get_own_completion, 0},
    [FIG_FETCH_ADD] = {"amo", "fetch_add", fetch_add, 0},
    [FIG_PUT_BW] = {"rma", "put_bw", put_stream, 0},
    [FIG_BARRIER] = {"collectives", "barrier", barrier, 1},
};

/* The passive side: runs what the initiator asks until told to stop. */
static void serve(struct run *r, int fd)
{
    for (;;) {
        struct command command;
        await_readable(r->f, fd);
        recv_all(fd, &command, sizeof command);
        if (command.figure < 0)
            return;
        const struct figure *fig = &figures[command.figure];
        r->size = (size_t)command.size;
        if (fig->two_sided)
            fig->kernel(r, command.iters);
        char done = 1;
        send_all(fd, &done, 1);
    }
}

/* One run of `iters` on both sides; the initiator's seconds. */
static double both(struct run *r, int fd, int figure, long iters)
{
    struct command command = {figure, 0, iters, (int64_t)r->size};
    send_all(fd, &command, sizeof command);
    double took = figures[figure].kernel(r, iters);
    char done;
    recv_all(fd, &done, 1);
    return took;
}

/* bench_hw's calibration, every run done by both sides. */
static long measure(const struct bench_options *options, struct run *r, int fd, int figure, double *seconds)
{
    long iters = 1;
    double elapsed;
    for (;;) {
        elapsed = both(r, fd, figure, iters);
        if (!bench_warm_more(options, iters, elapsed))
            break;
        iters = iters * 4 < options->max_iters ? iters * 4 : options->max_iters;
    }
    iters = bench_fill(options, iters, elapsed);
    for (int s = 0; s < options->samples; s++)
        seconds[s] = both(r, fd, figure, iters) / (double)iters;
    return iters;
}

static void emit(const struct bench_options *options, int figure, size_t size, const char *unit, double scale,
                 const double *seconds, long iters, const char *extra)
{
    double values[BENCH_MAX_SAMPLES];
    for (int s = 0; s < options->samples; s++)
        values[s] = strcmp(unit, "ns") == 0 ? seconds[s] * 1e9 * scale
                                            : (seconds[s] > 0 ? scale / seconds[s] / 1e9 : 0);
    bench_report("fabric", figures[figure].bench, figures[figure].name, size, 2, unit, values, options->samples,
                 iters, extra);
}

static void initiate(const struct bench_options *options, struct run *r, int fd, const char *extra)
{
    double seconds[BENCH_MAX_SAMPLES];
    r->size = 8;
    for (int figure = 0; figure < N_LATENCY_FIGURES; figure++) {
        if (!bench_wanted(options, figures[figure].name))
            continue;
        if (figure == FIG_FETCH_ADD && !has_fetch_add(r->f)) {
            /* net lists FI_ATOMIC in its caps and answers ENOSYS. */
            printf("# fabric: fetch_add skipped: the provider has no fetching 64-bit sum\n");
            continue;
        }
        long iters = measure(options, r, fd, figure, seconds);
        emit(options, figure, 8, "ns", figure == FIG_PUT_LATENCY ? 0.5 : 1.0, seconds, iters, extra);
    }
    if (bench_wanted(options, "put_bw"))
        for (int i = 0; i < options->nsizes; i++) {
            if (options->sizes[i] < 4096)
                continue;
            r->size = options->sizes[i];
            long iters = measure(options, r, fd, FIG_PUT_BW, seconds);
            emit(options, FIG_PUT_BW, r->size, "GB/s", (double)r->size * BW_WINDOW, seconds, iters, extra);
        }
    if (bench_wanted(options, "barrier")) {
        long iters = measure(options, r, fd, FIG_BARRIER, seconds);
        emit(options, FIG_BARRIER, 0, "ns", 1.0, seconds, iters, extra);
    }
    struct command stop = {-1, 0, 0, 0};
    send_all(fd, &stop, sizeof stop);
}

/* Takes --listen / --connect out of argv (the rest is bench_parse's). */
static int take_option(int *argc, char **argv, const char *name, const char **value)
{
    for (int i = 1; i < *argc; i++)
        if (strcmp(argv[i], name) == 0) {
            if (i + 1 >= *argc) {
                fprintf(stderr, "bench_fabric: %s needs a value\n", name);
                exit(2);
            }
            *value = argv[i + 1];
            memmove(&argv[i], &argv[i + 2], (size_t)(*argc - i - 1) * sizeof *argv);
            *argc -= 2;
            return 1;
        }
    return 0;
}

int main(int argc, char **argv)
{
    const char *listen_at = NULL, *connect_at = NULL;
    const char *wait_name = NULL;
    take_option(&argc, argv, "--listen", &listen_at);
    take_option(&argc, argv, "--connect", &connect_at);
    take_option(&argc, argv, "--wait", &wait_name);
    if (wait_name) {
        size_t w = 0;
        while (w < N_WAIT_POLICIES && strcmp(wait_name, wait_names[w]) != 0)
            w++;
        if (w == N_WAIT_POLICIES) {
            fprintf(stderr, "bench_fabric: --wait progress|poll|yield|spin, not '%s'\n", wait_name);
            return 2;
        }
        wait_policy = (enum wait_policy)w;
    }
    struct bench_options options;
    bench_parse(argc, argv, &options, DEFAULT_MAX_SIZE, 4,
                "bare libfabric probe (mishmem's ofi provider selection): 8 B put ping-pong, get, fetch-add, "
                "put bandwidth, 2-process barrier. Both sides here (fork), or one side each with "
                "--listen IP:PORT (prints) and --connect IP:PORT; --wait progress|poll|yield|spin: how a side "
                "waits for the peer (default progress)");
    if (listen_at && connect_at) {
        fprintf(stderr, "bench_fabric: --listen or --connect, not both\n");
        return 2;
    }
    size_t largest = bench_largest_size(&options, 8);

    struct sockaddr_in addr;
    int fd, initiator;
    pid_t child = -1;
    char extra[160];
    if (connect_at) {
        if (parse_address(connect_at, &addr) != 0) {
            fprintf(stderr, "bench_fabric: bad address '%s' (want IPv4:PORT)\n", connect_at);
            return 2;
        }
        fd = connect_to(&addr);
        initiator = 0;
        snprintf(extra, sizeof extra, "peer=%s", connect_at);
    } else {
        uint16_t port;
        if (listen_at) {
            if (parse_address(listen_at, &addr) != 0) {
                fprintf(stderr, "bench_fabric: bad address '%s' (want IPv4:PORT)\n", listen_at);
                return 2;
            }
        } else {
            memset(&addr, 0, sizeof addr);
            addr.sin_family = AF_INET;
            addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        }
        int listener = listen_on(&addr, &port);
        if (!listen_at) {
            /* Both sides here: the child connects and serves. */
            fflush(stdout);
            child = fork();
            if (child < 0)
                die("fork", 0);
            if (child == 0) {
                close(listener);
                addr.sin_port = htons(port);
                fd = connect_to(&addr);
                struct fabric f = {0};
                fabric_open(&f, largest, 0);
                exchange(&f, fd);
                struct run r = {&f, 0, 8, 0};
                serve(&r, fd);
                char bye = 0;
                send_all(fd, &bye, 1);
                recv_all(fd, &bye, 1);
                close(fd);
                fabric_close(&f);
                _exit(0);
            }
        }
        fd = accept_one(listener);
        initiator = 1;
        snprintf(extra, sizeof extra, "where=%s wait=%s", listen_at ? "listen" : "fork", wait_names[wait_policy]);
    }

    struct fabric f = {0};
    fabric_open(&f, largest, initiator);
    exchange(&f, fd);
    struct run r = {&f, initiator, 8, 0};
    if (initiator) {
        printf("# fabric: samples=%d sample_ms=%g%s\n", options.samples, options.sample_s * 1e3,
               options.quick ? " quick" : "");
        fflush(stdout);
        initiate(&options, &r, fd, extra);
    } else {
        serve(&r, fd);
    }
    /* Neither side closes its endpoint before the other is done with it. */
    char bye = 0;
    send_all(fd, &bye, 1);
    recv_all(fd, &bye, 1);
    close(fd);
    fabric_close(&f);
    if (child > 0) {
        int status = 0;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "bench_fabric: the forked side failed (status 0x%x)\n", status);
            return 1;
        }
    }
    return 0;
}
