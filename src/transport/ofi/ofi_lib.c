/* Loading libfabric at run time (see ofi_lib.h for why). */
#include "transport/ofi/ofi_lib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

#include "util/params.h"
#include "util/log.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct mishmem_ofi_lib lib;
static const struct mishmem_ofi_lib *loaded;

static void *resolve(void *handle, const char *path, const char *symbol, int *missing)
{
    void *fn = dlsym(handle, symbol);
    if (!fn) {
        MISHMEM_ERROR("%s has no %s: not a libfabric this mishmem can use (1.14 or newer)", path, symbol);
        *missing = 1;
    }
    return fn;
}

static void load(void)
{
    const char *path = mishmem_params()->MISHMEM_OFI_LIBRARY;
    /* libfabric's psm providers pull in libinfinipath, whose signal
     * handlers turn every crash of the process into exit status 1 and a
     * .btr file in the working directory: keep the signals ours unless the
     * user asked for its backtraces. Set before the load, which is when
     * libinfinipath reads it. */
    setenv("IPATH_NO_BACKTRACE", "1", 0);
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        MISHMEM_ERROR("cannot load %s, which reaching PEs on other hosts needs (Debian: apt-get install "
                      "libfabric1; MISHMEM_OFI_LIBRARY names another file): %s",
                      path, dlerror());
        return;
    }
    int missing = 0;
    *(void **)&lib.getinfo = resolve(handle, path, "fi_getinfo", &missing);
    *(void **)&lib.freeinfo = resolve(handle, path, "fi_freeinfo", &missing);
    *(void **)&lib.dupinfo = resolve(handle, path, "fi_dupinfo", &missing);
    *(void **)&lib.fabric = resolve(handle, path, "fi_fabric", &missing);
    *(void **)&lib.strerror = resolve(handle, path, "fi_strerror", &missing);
    if (missing) {
        dlclose(handle);
        return;
    }
    /* The handle stays open for the life of the process: providers keep
     * threads and state that must not be unmapped under them. */
    MISHMEM_DEBUG("loaded %s", path);
    loaded = &lib;
}

const struct mishmem_ofi_lib *mishmem_ofi_lib_load(void)
{
    pthread_once(&once, load);
    return loaded;
}

const char *mishmem_ofi_strerror(int errnum)
{
    return loaded ? loaded->strerror(errnum < 0 ? -errnum : errnum) : "libfabric not loaded";
}
