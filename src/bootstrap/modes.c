/* The table of bootstrap modes, one row per mode_<name>.c. Flag modes are
 * listed in the order aclshmemx_init_attr's messages name them; for
 * shmem_init the first mode whose detect says yes wins, so self, which
 * always does, comes last; the launcher's
 * variables win over PMIx's (mishmemrun under mpirun). A new mode is its file and its row here. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bootstrap/mode.h"
#include "util/log.h"

#define MISHMEM_BOOTSTRAP_MODES(X) \
    X(tcp)                         \
    X(uid)                         \
    X(launcher)                    \
    X(mpi)                         \
    X(pmix)                        \
    X(self)

#define DECLARE_MODE(name) extern const struct mishmem_bootstrap_mode mishmem_bootstrap_mode_##name;
MISHMEM_BOOTSTRAP_MODES(DECLARE_MODE)
#undef DECLARE_MODE

static const struct mishmem_bootstrap_mode *const modes[] = {
#define MODE_ROW(name) &mishmem_bootstrap_mode_##name,
    MISHMEM_BOOTSTRAP_MODES(MODE_ROW)
#undef MODE_ROW
};

#define N_MODES (sizeof modes / sizeof modes[0])

const struct mishmem_bootstrap_mode *mishmem_bootstrap_mode_for_flag(int flags)
{
    for (size_t i = 0; i < N_MODES; i++)
        if (modes[i]->flag_name && modes[i]->flag == flags)
            return modes[i];
    return NULL;
}

const struct mishmem_bootstrap_mode *mishmem_bootstrap_mode_from_env(void)
{
    for (size_t i = 0; i < N_MODES; i++)
        if (modes[i]->detect && modes[i]->detect())
            return modes[i];
    return NULL; /* not reached: self always detects */
}

void mishmem_bootstrap_mode_flag_names(char *out, size_t size)
{
    size_t total = 0, seen = 0, used = 0;
    for (size_t i = 0; i < N_MODES; i++)
        total += modes[i]->flag_name != NULL;
    if (size)
        out[0] = '\0';
    for (size_t i = 0; i < N_MODES && used < size; i++) {
        if (!modes[i]->flag_name)
            continue;
        const char *separator = seen == 0 ? "" : seen + 1 == total ? " or " : ", ";
        int n = snprintf(out + used, size - used, "%s%s", separator, modes[i]->flag_name);
        used += n > 0 ? (size_t)n : 0;
        seen++;
    }
}

void mishmem_bootstrap_config_init(struct mishmem_bootstrap_config *config,
                                   const struct mishmem_bootstrap_mode *mode)
{
    memset(config, 0, sizeof *config);
    config->listen_fd = -1;
    config->mode = mode;
}

int mishmem_bootstrap_open(const struct mishmem_bootstrap_config *config, struct mishmem_bootstrap **out)
{
    if (config->n_pes == 1 || !config->mode) {
        if (config->listen_fd >= 0)
            close(config->listen_fd);
        if (config->n_pes == 1)
            return mishmem_bootstrap_self_open(out); /* nobody to meet, whatever the mode */
        MISHMEM_ERROR("bootstrap: no mode to open PE %d of %d with", config->my_pe, config->n_pes);
        return ACLSHMEM_INNER_ERROR;
    }
    return config->mode->open(config, out);
}
