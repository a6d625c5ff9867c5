/* The process's libfabric fabrics and domains, for the instances that
 * span hosts: one fabric for those whose every host has a CPU per PE, one
 * for the others (they rank the providers over sockets differently,
 * ofi_provider.c), each opened by the first such instance and closed at
 * exit. Instances whose own threads drive the endpoint each take a domain
 * of their own (mishmem_ofi_domain_get); the others share one. */
#include <fnmatch.h>
#include <pthread.h>
#include <rdma/fi_atomic.h>
#include <rdma/fi_errno.h>
#include <stdlib.h>
#include <string.h>

#include "transport/ofi/ofi_progress_choice.h"
#include "transport/ofi/ofi_provider.h"
#include "transport/ofi/ofi_state.h"
#include "util/params.h"
#include "util/log.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* [1]: instances whose every kernel fits its CPUs; [0]: the others, and
 * every instance when MISHMEM_OFI_PROVIDER names the provider or
 * MISHMEM_OFI_PROGRESS=auto. */
static struct mishmem_ofi_domain *shared[2];
static int users;

/* Writes (RMA and atomic) to one peer landing in issue order, and reads
 * after writes seeing them: with these, fence and put-with-signal need no
 * wait for remote completion. */
#define OFI_WRITE_ORDER                                                                              \
    (FI_ORDER_RAW | FI_ORDER_WAW | FI_ORDER_RMA_RAW | FI_ORDER_RMA_WAW | FI_ORDER_ATOMIC_RAW |      \
     FI_ORDER_ATOMIC_WAW)

/* AMOs as messages (ofi_am.h): a signal's message must also land after
 * the data written before it. */
#define OFI_MESSAGE_ORDER (OFI_WRITE_ORDER | FI_ORDER_SAW)

static struct fi_info *make_hints(const struct mishmem_ofi_lib *fi, const char *provider, int mr_mode,
                                  uint64_t msg_order, enum fi_progress progress, int messages)
{
    struct fi_info *hints = fi->dupinfo(NULL);
    if (!hints)
        return NULL;
    hints->caps = messages ? FI_RMA | FI_MSG : FI_RMA | FI_ATOMIC;
    hints->mode = 0;
    hints->ep_attr->type = FI_EP_RDM;
    hints->domain_attr->mr_mode = mr_mode;
    /* Manual (ofi_progress_choice.h): the provider's own thread no longer
     * fights the waiting thread for the endpoint (tcp;ofi_rxm: 4.7 context
     * switches per put round trip), waits drive it and ofi_driver.c serves
     * a target that makes no libfabric call; it halves cross-host latency
     * but slowed the cross-host collective tests on oversubscribed cores
     * (docs/design/transports.md). A provider that only has automatic
     * progress still matches. */
    hints->domain_attr->data_progress = progress;
    hints->domain_attr->threading = FI_THREAD_SAFE;
    hints->tx_attr->op_flags = FI_DELIVERY_COMPLETE;
    hints->tx_attr->msg_order = msg_order;
    /* Queues of this depth per endpoint: one endpoint per instance and up
     * to 255 instances, so keep each one's buffers small. */
    hints->tx_attr->size = 256;
    hints->rx_attr->size = 256;
    hints->fabric_attr->prov_name = strdup(provider);
    return hints;
}

/* Reads after writes to one peer, of any size we write, come back only
 * after the writes have landed: a quiet can then confirm delivery with one
 * read per peer written, and puts need no acknowledgement. An 8-byte put
 * ping-pong between two namespaces went from 20 to 10-15 us without them:
 * the target sent each acknowledgement (a system call) before its waiting
 * thread saw the data. */
static void choose_write_completion(struct mishmem_ofi_domain *dom)
{
    const struct fi_info *info = dom->info;
    uint64_t order = info->tx_attr->msg_order;
    size_t largest = info->ep_attr->max_msg_size && info->ep_attr->max_msg_size < OFI_PIECE_MAX
                         ? info->ep_attr->max_msg_size
                         : OFI_PIECE_MAX;
    dom->flush_reads = !mishmem_params()->MISHMEM_OFI_PUT_ACKS &&
                       (order & (FI_ORDER_RAW | FI_ORDER_RMA_RAW)) != 0 &&
                       info->ep_attr->max_order_raw_size >= largest;
    dom->write_flags = dom->flush_reads ? FI_INJECT_COMPLETE : FI_DELIVERY_COMPLETE;
    /* The default of fi_write and fi_read; atomics ask for delivery
     * explicitly (a quiet does not read after them). */
    dom->info->tx_attr->op_flags = dom->write_flags;
}

/* The domain MISHMEM_OFI_DOMAIN names (a wildcard), else the first one
 * that is not the loopback (IPv4 first), else the loopback. */
static struct fi_info *choose(struct fi_info *list)
{
    const char *wanted = mishmem_params()->MISHMEM_OFI_DOMAIN;
    struct fi_info *loopback = NULL, *other = NULL;
    for (struct fi_info *i = list; i; i = i->next) {
        const char *name = i->domain_attr->name ? i->domain_attr->name : "";
        if (wanted) {
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

/* Every atomic OpenSHMEM needs, on the 32- and 64-bit words. Said as an
 * error when the provider's atomics were asked for (MISHMEM_OFI_ATOMICS=
 * fabric), else as a note: messages then stand in. */
static int check_atomics(struct mishmem_ofi_domain *dom, int required)
{
    static const struct {
        enum fi_op op;
        uint64_t flags;
        const char *name;
    } needed[] = {
        {FI_ATOMIC_WRITE, 0, "write"},           {FI_SUM, 0, "sum"},
        {FI_ATOMIC_READ, FI_FETCH_ATOMIC, "fetch"}, {FI_ATOMIC_WRITE, FI_FETCH_ATOMIC, "swap"},
        {FI_SUM, FI_FETCH_ATOMIC, "fetch-add"},  {FI_BAND, FI_FETCH_ATOMIC, "fetch-and"},
        {FI_BOR, FI_FETCH_ATOMIC, "fetch-or"},   {FI_BXOR, FI_FETCH_ATOMIC, "fetch-xor"},
        {FI_CSWAP, FI_COMPARE_ATOMIC, "compare-swap"},
    };
    static const enum fi_datatype types[] = {FI_UINT32, FI_UINT64};
    for (size_t t = 0; t < 2; t++)
        for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++) {
            struct fi_atomic_attr attr;
            int rc = fi_query_atomic(dom->domain, types[t], needed[i].op, &attr, needed[i].flags);
            if (rc != 0 || attr.count < 1) {
                if (required)
                    MISHMEM_ERROR("libfabric provider %s cannot do a %d-bit %s atomic (%s): OpenSHMEM needs it "
                                  "(MISHMEM_OFI_ATOMICS=fabric)",
                                  dom->info->fabric_attr->prov_name, t ? 64 : 32, needed[i].name,
                                  rc ? mishmem_ofi_strerror(-rc) : "count 0");
                else
                    MISHMEM_INFO("libfabric provider %s cannot do a %d-bit %s atomic (%s): AMOs go as messages "
                                 "the target applies",
                                 dom->info->fabric_attr->prov_name, t ? 64 : 32, needed[i].name,
                                 rc ? mishmem_ofi_strerror(-rc) : "count 0");
                return ACLSHMEM_NOT_SUPPORTED;
            }
        }
    return ACLSHMEM_SUCCESS;
}

static void close_domain(struct mishmem_ofi_domain *dom)
{
    const struct mishmem_ofi_lib *fi = mishmem_ofi_lib_load();
    if (dom->domain)
        fi_close(&dom->domain->fid);
    if (dom->clone) {
        free(dom);
        return;
    }
    if (dom->fabric)
        fi_close(&dom->fabric->fid);
    if (dom->info)
        fi->freeinfo(dom->info);
    free(dom);
}

/* rxm's shared receive queue posts 4096 bounce buffers of 16 KiB per
 * endpoint by default: 69 MB for each instance (measured), and a process
 * may hold 255 instances. RMA goes to the tcp endpoints directly and an
 * atomic's messages are small: unless the user chose, post 128 buffers of
 * 4 KiB (5 MB an instance). rxm also sizes each endpoint's queue of
 * connection completions by FI_UNIVERSE_SIZE, "the most processes" (256
 * by default): 12.6 MB an endpoint in one block (heaptrack), which glibc
 * kept resident once freed, so that a soak creating and finalizing an
 * instance every cycle grew by 15-60 MB an hour. Sized by the first
 * instance across hosts instead, at least 16 (a queue of 4096, more than
 * rxm's 2048 sends and 15 peers' 128 receives): 0.8 MB, and the soak's
 * memory flat (+0.4 MB an hour at most; at least 32 still stepped up).
 * libfabric reads these when it first initializes in the process. */
#define UNIVERSE_AT_LEAST 16

static void tune_provider_defaults(int n_pes)
{
    setenv("FI_OFI_RXM_MSG_RX_SIZE", "128", 0);
    setenv("FI_OFI_RXM_BUFFER_SIZE", "4096", 0);
    char universe[16];
    snprintf(universe, sizeof universe, "%d", n_pes > UNIVERSE_AT_LEAST ? n_pes : UNIVERSE_AT_LEAST);
    setenv("FI_UNIVERSE_SIZE", universe, 0);
}

/* An error when no other provider is left to try, else a note. */
#define REPORT(loud, ...)                                                                            \
    do {                                                                                             \
        if (loud)                                                                                    \
            MISHMEM_ERROR(__VA_ARGS__);                                                              \
        else                                                                                         \
            MISHMEM_INFO(__VA_ARGS__);                                                               \
    } while (0)

/* messages: AMOs as messages (ofi_am.h), else the provider's atomics,
 * which must all be there (required: say so as an error; *lacks_atomics
 * is set when they are not). loud: failures are errors (the last provider
 * to try), else notes. */
static struct mishmem_ofi_domain *open_domain_as(int *rc, const char *provider, int messages, int required,
                                                 int *lacks_atomics, int loud,
                                                 const struct mishmem_ofi_progress_choice *choice)
{
    const struct mishmem_ofi_lib *fi = mishmem_ofi_lib_load();
    /* Messages are served by our own threads (ofi_driver.h): the
     * provider's thread would only fight them for the endpoint. */
    enum fi_progress progress = !choice->manual && !messages ? FI_PROGRESS_AUTO : FI_PROGRESS_MANUAL;
    struct mishmem_ofi_domain *dom = calloc(1, sizeof *dom);
    /* First our own random keys and offsets from the registration's start
     * (a key is all that stands between a stranger and the memory); then
     * whatever else we can serve: provider keys, virtual addresses. */
    static const int modes[] = {0, FI_MR_VIRT_ADDR | FI_MR_PROV_KEY | FI_MR_ALLOCATED | FI_MR_ENDPOINT};
    /* Ordered writes first: a provider without them still serves. */
    const uint64_t orders[] = {messages ? OFI_MESSAGE_ORDER : OFI_WRITE_ORDER, 0};
    struct fi_info *list = NULL;
    int got = -FI_ENOMEM;
    for (size_t t = 0; dom && t < 4 && !list; t++) {
        struct fi_info *hints = make_hints(fi, provider, modes[t % 2], orders[t / 2], progress, messages);
        got = hints ? fi->getinfo(MISHMEM_OFI_API, NULL, NULL, 0, hints, &list) : -FI_ENOMEM;
        if (hints)
            fi->freeinfo(hints);
        if (got != 0)
            list = NULL;
    }
    struct fi_info *chosen = got == 0 ? choose(list) : NULL;
    if (!chosen) {
        *lacks_atomics = !messages; /* with atomics asked for: messages may still match */
        /* Without atomics asked for, messages are tried next: a note. */
        REPORT(loud && (messages || required),
               "libfabric offers no RDM endpoint with RMA and %s for provider \"%s\"%s%s (%s); "
               "set MISHMEM_OFI_PROVIDER / MISHMEM_OFI_DOMAIN (see fi_info)",
               messages ? "messages" : "atomics", provider,
               mishmem_params()->MISHMEM_OFI_DOMAIN ? " and domain " : "",
               mishmem_params()->MISHMEM_OFI_DOMAIN ? mishmem_params()->MISHMEM_OFI_DOMAIN : "",
               got ? mishmem_ofi_strerror(-got) : "no matching domain");
        if (list)
            fi->freeinfo(list);
        free(dom);
        *rc = ACLSHMEM_NOT_SUPPORTED;
        return NULL;
    }
    if (strcmp(chosen->domain_attr->name ? chosen->domain_attr->name : "", "lo") == 0 &&
        !mishmem_params()->MISHMEM_OFI_DOMAIN)
        MISHMEM_WARN("libfabric: no interface but the loopback is up here; PEs on other machines cannot "
                     "reach this one (set MISHMEM_OFI_DOMAIN to choose)");
    dom->info = fi->dupinfo(chosen);
    fi->freeinfo(list);
    if (dom->info)
        choose_write_completion(dom);
    int step = dom->info ? fi->fabric(dom->info->fabric_attr, &dom->fabric, NULL) : -FI_ENOMEM;
    if (step == 0)
        step = fi_domain(dom->fabric, dom->info, &dom->domain, NULL);
    if (step != 0) {
        REPORT(loud, "libfabric: opening the %s domain failed: %s", provider, mishmem_ofi_strerror(-step));
        close_domain(dom);
        *rc = ACLSHMEM_INNER_ERROR;
        return NULL;
    }
    int mode = dom->info->domain_attr->mr_mode;
    dom->virt_addr = (mode & FI_MR_VIRT_ADDR) != 0;
    dom->prov_key = (mode & FI_MR_PROV_KEY) != 0;
    dom->mr_endpoint = (mode & FI_MR_ENDPOINT) != 0;
    size_t key_size = dom->info->domain_attr->mr_key_size;
    dom->key_mask = key_size >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * key_size)) - 1;
    dom->max_msg = dom->info->ep_attr->max_msg_size ? dom->info->ep_attr->max_msg_size : SIZE_MAX;
    dom->auto_progress = dom->info->domain_attr->data_progress == FI_PROGRESS_AUTO;
    dom->amo_messages = messages;
    dom->driven = !dom->auto_progress || messages;
    if (messages && !choice->manual)
        snprintf(dom->progress_why, sizeof dom->progress_why, "atomics as messages: our threads serve them");
    else if (dom->auto_progress == choice->manual)
        snprintf(dom->progress_why, sizeof dom->progress_why, "the only one %s offers", provider);
    else
        snprintf(dom->progress_why, sizeof dom->progress_why, "%s", choice->why);
    uint64_t order = messages ? OFI_MESSAGE_ORDER : OFI_WRITE_ORDER;
    dom->ordered_writes = (dom->info->tx_attr->msg_order & order) == order;
    dom->inject_size = dom->info->tx_attr->inject_size;
    long timeout_ms;
    *rc = mishmem_param_long(MISHMEM_PARAM_MISHMEM_PEER_TIMEOUT_MS, &timeout_ms);
    if (*rc != ACLSHMEM_SUCCESS) {
        close_domain(dom);
        return NULL;
    }
    dom->peer_timeout_ns = (uint64_t)timeout_ms * 1000000ull;
    const char *name = dom->info->fabric_attr->prov_name;
    dom->cpu_atomics = messages || strstr(name, "rxm") || strstr(name, "tcp") || strstr(name, "shm") ||
                       strstr(name, "sockets");
    *rc = messages ? ACLSHMEM_SUCCESS : check_atomics(dom, required);
    *lacks_atomics = *rc != ACLSHMEM_SUCCESS;
    if (messages && dom->inject_size < MISHMEM_OFI_AM_MESSAGE_SIZE) {
        REPORT(loud, "libfabric provider %s injects only %zu bytes: an atomic's message needs %d", name,
               dom->inject_size, MISHMEM_OFI_AM_MESSAGE_SIZE);
        *rc = ACLSHMEM_NOT_SUPPORTED;
    }
    if (*rc != ACLSHMEM_SUCCESS) {
        close_domain(dom);
        return NULL;
    }
    MISHMEM_INFO("libfabric: provider %s, domain %s, mr_mode 0x%x, atomics %s, %s progress, "
                 "writes %sordered, %s, inject up to %zu bytes",
                 name, dom->info->domain_attr->name, mode,
                 messages ? "as messages the target's CPU applies"
                          : dom->cpu_atomics ? "on the target's CPU" : "on the NIC",
                 dom->auto_progress ? "automatic" : "manual", dom->ordered_writes ? "" : "not ",
                 dom->flush_reads ? "puts unacknowledged (a quiet reads from each peer written)"
                                  : "every put acknowledged",
                 dom->inject_size);
    return dom;
}

static struct mishmem_ofi_domain *open_domain(int *rc, int pes_on_kernel, int every_kernel_fits, int n_pes)
{
    if (!mishmem_ofi_lib_load()) {
        *rc = ACLSHMEM_DL_FUNC_FAILED;
        return NULL;
    }
    tune_provider_defaults(n_pes);
    struct mishmem_ofi_progress_choice choice;
    *rc = mishmem_ofi_progress_choose(pes_on_kernel, &choice);
    if (*rc != ACLSHMEM_SUCCESS)
        return NULL;
    const char *atomics = mishmem_params()->MISHMEM_OFI_ATOMICS;
    int is_auto = strcmp(atomics, "auto") == 0;
    if (!is_auto && strcmp(atomics, "fabric") != 0 && strcmp(atomics, "message") != 0) {
        MISHMEM_ERROR("MISHMEM_OFI_ATOMICS=%s: expected auto, fabric or message", atomics);
        *rc = ACLSHMEM_INVALID_VALUE;
        return NULL;
    }
    struct mishmem_ofi_candidates candidates;
    if (mishmem_ofi_provider_candidates(mishmem_ofi_lib_load(), every_kernel_fits, &candidates) == 0) {
        MISHMEM_ERROR("libfabric offers no provider here with RDM endpoints and RMA that reaches other hosts "
                      "(fi_info -l lists the providers; MISHMEM_OFI_PROVIDER forces one)");
        *rc = ACLSHMEM_NOT_SUPPORTED;
        return NULL;
    }
    struct mishmem_ofi_domain *dom = NULL;
    for (int c = 0; c < candidates.n && !dom; c++) {
        const char *provider = candidates.name[c];
        int loud = c == candidates.n - 1;
        /* udp;ofi_rxd offers atomics only with manual progress, and its
         * fetching atomics crashed inside fi_cq_read (libfabric 1.17,
         * test_amo_forms over h%p): "auto" takes messages there, and
         * "fabric" is refused rather than left to crash. */
        int rxd = strstr(provider, "ofi_rxd") != NULL;
        if (rxd && strcmp(atomics, "fabric") == 0) {
            if (loud)
                MISHMEM_ERROR("MISHMEM_OFI_ATOMICS=fabric: the atomics of %s crash inside libfabric (fi_cq_read, "
                              "seen with libfabric 1.17); use auto or message, which send AMOs as messages",
                              provider);
            *rc = ACLSHMEM_NOT_SUPPORTED;
            continue;
        }
        /* Over the kernel's sockets a provider's own atomics run in its
         * software on the target's CPU anyway; as our messages, with our
         * threads driving the endpoint (manual progress), its puts need
         * no acknowledgement (choose_write_completion: tcp;ofi_rxm
         * promises reads after writes only without its atomics). One PE
         * per namespace host, 8 bytes: put 20 -> 11-15 us, barrier 32 ->
         * 17-24 us, fetch_add 45 -> 34 us. Where PEs outnumber CPUs the
         * provider's own progress and atomics stay (our threads would
         * compete with the PEs). */
        int messages_first = is_auto && (rxd || (choice.manual && mishmem_ofi_over_sockets(provider)));
        int lacks_atomics = 0;
        if (messages_first || strcmp(atomics, "message") == 0)
            dom = open_domain_as(rc, provider, 1, 1, &lacks_atomics, loud && (rxd || !is_auto), &choice);
        if (!dom && strcmp(atomics, "message") != 0 && !rxd) {
            dom = open_domain_as(rc, provider, 0, !is_auto, &lacks_atomics, loud, &choice);
            if (!dom && is_auto && lacks_atomics && !messages_first)
                dom = open_domain_as(rc, provider, 1, 1, &lacks_atomics, loud, &choice);
        }
        if (dom)
            dom->why = candidates.why[c];
    }
    return dom;
}

/* Another domain of the fabric and info of `first`, appended to its
 * chain. With the lock held. */
static struct mishmem_ofi_domain *clone_domain(struct mishmem_ofi_domain *first, int *rc)
{
    struct mishmem_ofi_domain *copy = malloc(sizeof *copy);
    if (!copy) {
        *rc = ACLSHMEM_MALLOC_FAILED;
        return NULL;
    }
    *copy = *first;
    copy->instances = 0;
    copy->clone = 1;
    copy->next = NULL;
    int step = fi_domain(first->fabric, first->info, &copy->domain, NULL);
    if (step != 0) {
        MISHMEM_ERROR("libfabric: opening another domain of provider %s failed: %s",
                      first->info->fabric_attr->prov_name, mishmem_ofi_strerror(-step));
        free(copy);
        *rc = ACLSHMEM_INNER_ERROR;
        return NULL;
    }
    struct mishmem_ofi_domain **at = &first->next;
    while (*at)
        at = &(*at)->next;
    *at = copy;
    return copy;
}

/* A provider's progress runs per domain (net: one epoll set holds every
 * socket of the domain, and each queue's and counter's wait object holds
 * that set). Instances sharing a domain then woke each other's driver
 * threads on every message: with 255 instances, 254 threads per message
 * in every process, and each such set can be watched by only ~500 wait
 * objects (the kernel's limit on epoll wake-up paths), which is what
 * filled net's domain at 250 instances. So an instance that our threads
 * drive takes a domain of its own: an idle one of its fabric, or a new
 * one (kept, like the first, until the process ends: opening costs
 * milliseconds and libfabric keeps some memory per opening). With
 * automatic progress the provider's threads serve every endpoint of a
 * domain anyway, and the instances share one. */
struct mishmem_ofi_domain *mishmem_ofi_domain_get(int *rc, int pes_on_kernel, int every_kernel_fits, int n_pes)
{
    /* Automatic progress asked for: net has none (its PEs serve
     * themselves), so the ranking for crowded hosts. */
    int fits = every_kernel_fits && !mishmem_params()->MISHMEM_OFI_PROVIDER &&
               strcmp(mishmem_params()->MISHMEM_OFI_PROGRESS, "auto") != 0;
    pthread_mutex_lock(&lock);
    if (!shared[fits])
        shared[fits] = open_domain(rc, pes_on_kernel, fits, n_pes);
    struct mishmem_ofi_domain *dom = shared[fits];
    if (dom && dom->driven) {
        while (dom && dom->instances > 0)
            dom = dom->next;
        if (!dom)
            dom = clone_domain(shared[fits], rc);
    }
    if (dom) {
        users++;
        dom->instances++;
    }
    pthread_mutex_unlock(&lock);
    return dom;
}

struct mishmem_ofi_domain *mishmem_ofi_domain_spill(struct mishmem_ofi_domain *full, int *rc)
{
    pthread_mutex_lock(&lock);
    struct mishmem_ofi_domain *next = NULL;
    if (full->instances > 1 && !full->next && clone_domain(full, rc))
        MISHMEM_INFO("libfabric: provider %s holds no more endpoints in a domain with %d instances: "
                     "another domain opened", full->info->fabric_attr->prov_name, full->instances - 1);
    if (full->instances > 1 && full->next) {
        full->instances--;
        next = full->next;
        next->instances++;
    }
    pthread_mutex_unlock(&lock);
    return next;
}

/* The domain outlives its last instance until the process ends: opening
 * it again costs milliseconds, and libfabric keeps some memory per opening
 * (a create/finalize loop grew by 4 MB in 500 rounds). */
void mishmem_ofi_domain_put(struct mishmem_ofi_domain *dom)
{
    if (!dom)
        return;
    pthread_mutex_lock(&lock);
    users--;
    dom->instances--;
    pthread_mutex_unlock(&lock);
}

__attribute__((destructor)) static void close_at_exit(void)
{
    pthread_mutex_lock(&lock);
    /* The last domain first: a clone's before the fabric its first owns. */
    for (int kind = 0; kind < 2; kind++)
        while (shared[kind] && users == 0) {
            struct mishmem_ofi_domain **at = &shared[kind];
            while ((*at)->next)
                at = &(*at)->next;
            close_domain(*at);
            *at = NULL;
        }
    pthread_mutex_unlock(&lock);
}
