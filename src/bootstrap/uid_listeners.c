#include "bootstrap/uid_listeners.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/tcp_wire.h"
#include "mishmem/aclshmem.h"
#include "util/log.h"

struct kept_listener {
    int fd; /* -1: free slot */
    uint64_t nonce;
    uint8_t secret[MISHMEM_SECRET_BYTES];
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;
static struct kept_listener table[MISHMEM_UID_MAX_LISTENERS];
static int kept; /* slots in use */

/* fork: the lock is held across it, so the child gets a consistent
 * table, which it then empties. */
static void before_fork(void) { pthread_mutex_lock(&table_lock); }
static void after_fork_parent(void) { pthread_mutex_unlock(&table_lock); }
static void after_fork_child(void)
{
    for (int i = 0; i < MISHMEM_UID_MAX_LISTENERS; i++)
        if (table[i].fd >= 0) {
            close(table[i].fd);
            table[i].fd = -1;
        }
    kept = 0;
    pthread_mutex_unlock(&table_lock);
}

static void table_init(void)
{
    for (int i = 0; i < MISHMEM_UID_MAX_LISTENERS; i++)
        table[i].fd = -1;
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

static struct kept_listener *find_locked(uint64_t nonce, const uint8_t secret[MISHMEM_SECRET_BYTES])
{
    for (int i = 0; i < MISHMEM_UID_MAX_LISTENERS; i++)
        if (table[i].fd >= 0 && table[i].nonce == nonce &&
            mishmem_tcp_secret_equal(table[i].secret, secret))
            return &table[i];
    return NULL;
}

int mishmem_uid_listener_keep(uint64_t nonce, const uint8_t secret[MISHMEM_SECRET_BYTES], int fd)
{
    pthread_once(&table_once, table_init);
    pthread_mutex_lock(&table_lock);
    struct kept_listener *slot = NULL;
    for (int i = 0; i < MISHMEM_UID_MAX_LISTENERS && !slot; i++)
        if (table[i].fd < 0)
            slot = &table[i];
    if (slot) {
        slot->fd = fd;
        slot->nonce = nonce;
        memcpy(slot->secret, secret, MISHMEM_SECRET_BYTES);
        kept++;
    }
    pthread_mutex_unlock(&table_lock);
    if (slot)
        return ACLSHMEM_SUCCESS;
    MISHMEM_ERROR("aclshmemx_get_uniqueid: this process already holds %d unique ids that no "
                  "aclshmemx_init_attr has used yet; use some first", MISHMEM_UID_MAX_LISTENERS);
    return ACLSHMEM_INNER_ERROR;
}

int mishmem_uid_listener_take(uint64_t nonce, const uint8_t secret[MISHMEM_SECRET_BYTES])
{
    pthread_once(&table_once, table_init);
    pthread_mutex_lock(&table_lock);
    struct kept_listener *slot = find_locked(nonce, secret);
    int fd = -1;
    if (slot) {
        fd = slot->fd;
        slot->fd = -1;
        kept--;
    }
    pthread_mutex_unlock(&table_lock);
    return fd;
}

int mishmem_uid_listener_held(uint64_t nonce, const uint8_t secret[MISHMEM_SECRET_BYTES])
{
    pthread_once(&table_once, table_init);
    pthread_mutex_lock(&table_lock);
    int held = find_locked(nonce, secret) != NULL;
    pthread_mutex_unlock(&table_lock);
    return held;
}

int mishmem_uid_listener_count(void)
{
    pthread_once(&table_once, table_init);
    pthread_mutex_lock(&table_lock);
    int count = kept;
    pthread_mutex_unlock(&table_lock);
    return count;
}
