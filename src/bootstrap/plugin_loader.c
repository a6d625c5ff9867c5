/* Finding and loading bootstrap plugins (dlopen is part of libc). */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootstrap/plugin.h"
#include "mishmem/aclshmem.h"
#include "util/params.h"
#include "util/log.h"

#define MAX_PLUGINS 4
#define MAX_ATTEMPTS 3

struct loaded_plugin {
    char name[32];
    const struct mishmem_bootstrap_plugin *table;
};

static pthread_mutex_t loader_lock = PTHREAD_MUTEX_INITIALIZER;
static struct loaded_plugin loaded[MAX_PLUGINS]; /* guarded by loader_lock */

/* Any object inside libmishmem: dladdr on it names the library's file. */
static const char library_anchor;

static void plugin_log(int level, const char *fmt, ...)
{
    if (level < MISHMEM_LOG_DEBUG)
        level = MISHMEM_LOG_DEBUG;
    if (level > MISHMEM_LOG_ERROR)
        level = MISHMEM_LOG_ERROR; /* a plugin does not end the process */
    if (!mishmem_log_enabled((enum mishmem_log_level)level))
        return;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    mishmem_log((enum mishmem_log_level)level, "%s", text);
}

static const struct mishmem_plugin_host plugin_host = {plugin_log};

/* One place looked in, and why it did not do. */
struct attempt {
    const char *where;
    char path[PATH_MAX];
    char why[512];
};

/* The directory libmishmem (or the program it is linked into) came from. */
static int library_dir(char *out, size_t size)
{
    Dl_info info;
    if (!dladdr(&library_anchor, &info) || !info.dli_fname)
        return -1;
    /* A static libmishmem lives in the program, whose name dladdr may give
     * as a bare argv[0]. */
    const char *file = strchr(info.dli_fname, '/') ? info.dli_fname : "/proc/self/exe";
    char real[PATH_MAX];
    if (!realpath(file, real))
        return -1;
    char *slash = strrchr(real, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    if ((size_t)snprintf(out, size, "%s", real[0] ? real : "/") >= size)
        return -1;
    return 0;
}

static const struct mishmem_bootstrap_plugin *try_load(struct attempt *a)
{
    if (!a->path[0]) {
        snprintf(a->why, sizeof a->why, "the path is too long");
        return NULL;
    }
    dlerror();
    void *handle = dlopen(a->path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        size_t path_len = strlen(a->path);
        /* dlerror repeats the path: "PATH: cannot open ..." */
        if (why && strncmp(why, a->path, path_len) == 0 && strncmp(why + path_len, ": ", 2) == 0)
            why += path_len + 2;
        snprintf(a->why, sizeof a->why, "%s", why ? why : "cannot be loaded");
        return NULL;
    }
    void *symbol = dlsym(handle, MISHMEM_BOOTSTRAP_PLUGIN_ENTRY);
    mishmem_bootstrap_plugin_entry_fn entry; /* ISO C cannot cast void * to a function pointer */
    memcpy(&entry, &symbol, sizeof entry);
    const struct mishmem_bootstrap_plugin *table = NULL;
    if (!entry)
        snprintf(a->why, sizeof a->why, "loaded, but has no function %s", MISHMEM_BOOTSTRAP_PLUGIN_ENTRY);
    else if (!(table = entry(MISHMEM_BOOTSTRAP_PLUGIN_ABI, &plugin_host)) ||
             table->abi != MISHMEM_BOOTSTRAP_PLUGIN_ABI || !table->query || !table->open)
        snprintf(a->why, sizeof a->why, "loaded, but does not speak plugin ABI %u (built for another "
                 "mishmem version?)", MISHMEM_BOOTSTRAP_PLUGIN_ABI);
    if (table && table->abi == MISHMEM_BOOTSTRAP_PLUGIN_ABI && table->query && table->open)
        return table; /* stays loaded for the life of the process */
    dlclose(handle);
    return NULL;
}

static void plan_in_dir(struct attempt *a, const char *where, const char *dir, const char *file)
{
    a->where = where;
    int n = snprintf(a->path, sizeof a->path, "%s/%s", dir, file);
    if (n < 0 || (size_t)n >= sizeof a->path)
        a->path[0] = '\0'; /* too long to be a path: try_load reports it */
}

/* Fills the places to look, in order; returns how many. */
static int plan_search(const char *file, struct attempt attempts[MAX_ATTEMPTS])
{
    int n = 0;
    if (mishmem_param_is_set(MISHMEM_PARAM_MISHMEM_PLUGIN_DIR))
        plan_in_dir(&attempts[n++], "MISHMEM_PLUGIN_DIR",
                    mishmem_params()->MISHMEM_PLUGIN_DIR, file);
    char dir[PATH_MAX];
    if (library_dir(dir, sizeof dir) == 0)
        plan_in_dir(&attempts[n++], "libmishmem's directory", dir, file);
    attempts[n].where = "the dynamic linker's search path";
    snprintf(attempts[n++].path, sizeof attempts[0].path, "%s", file);
    return n;
}

static void report_failure(const char *name, const char *file, const struct attempt *attempts, int n)
{
    MISHMEM_ERROR("bootstrap plugin \"%s\" (%s) could not be loaded; searched, in order:", name, file);
    for (int i = 0; i < n; i++)
        MISHMEM_ERROR("  %s: %s: %s", attempts[i].where, attempts[i].path, attempts[i].why);
    MISHMEM_ERROR("build mishmem where the plugin's runtime is installed (for mpi: Debian's "
                  "libopenmpi-dev; for pmix: libpmix-dev), or set MISHMEM_PLUGIN_DIR to the "
                  "directory that holds %s", file);
}

static int load_locked(const char *name, const struct mishmem_bootstrap_plugin **out)
{
    struct loaded_plugin *free_slot = NULL;
    for (int i = 0; i < MAX_PLUGINS; i++) {
        if (loaded[i].table && strcmp(loaded[i].name, name) == 0) {
            *out = loaded[i].table;
            return ACLSHMEM_SUCCESS;
        }
        if (!loaded[i].table && !free_slot)
            free_slot = &loaded[i];
    }
    if (!free_slot || strlen(name) >= sizeof free_slot->name)
        return ACLSHMEM_INNER_ERROR;
    char file[64];
    snprintf(file, sizeof file, "libmishmem_bootstrap_%s.so", name);
    /* Static: a PATH_MAX per attempt is too much for small thread stacks. */
    static struct attempt attempts[MAX_ATTEMPTS];
    memset(attempts, 0, sizeof attempts);
    int n = plan_search(file, attempts);
    for (int i = 0; i < n; i++) {
        const struct mishmem_bootstrap_plugin *table = try_load(&attempts[i]);
        if (table) {
            snprintf(free_slot->name, sizeof free_slot->name, "%s", name);
            free_slot->table = table;
            MISHMEM_INFO("bootstrap plugin \"%s\" loaded from %s", name, attempts[i].path);
            *out = table;
            return ACLSHMEM_SUCCESS;
        }
    }
    report_failure(name, file, attempts, n);
    return ACLSHMEM_DL_FUNC_FAILED;
}

int mishmem_plugin_load(const char *name, const struct mishmem_bootstrap_plugin **out)
{
    pthread_mutex_lock(&loader_lock);
    int rc = load_locked(name, out);
    pthread_mutex_unlock(&loader_lock);
    return rc;
}

int mishmem_bootstrap_plugin_open(const struct mishmem_bootstrap_config *config,
                                  struct mishmem_bootstrap **out)
{
    int rc = config->plugin->open(config->plugin_args, config, out);
    if (rc != ACLSHMEM_SUCCESS)
        MISHMEM_ERROR("bootstrap %s: could not connect PE %d of %d (%d)", config->plugin->name,
                      config->my_pe, config->n_pes, rc);
    return rc;
}
