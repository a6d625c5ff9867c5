#include "util/env.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mishmem/aclshmem.h"
#include "util/log.h"

struct env_entry {
    const char *name;
    const char *fallback;
    const char *meaning;
};

static const struct env_entry env_table[MISHMEM_ENV_COUNT] = {
#define MISHMEM_ENV_ROW(name, def, meaning) {#name, def, meaning},
    MISHMEM_ENV_TABLE(MISHMEM_ENV_ROW)
#undef MISHMEM_ENV_ROW
};

const char *mishmem_env_name(enum mishmem_env_id id) { return env_table[id].name; }

int mishmem_env_is_set(enum mishmem_env_id id)
{
    const char *value = getenv(env_table[id].name);
    return value != NULL && value[0] != '\0';
}

const char *mishmem_env_string(enum mishmem_env_id id)
{
    const char *value = getenv(env_table[id].name);
    return (value && value[0]) ? value : env_table[id].fallback;
}

int mishmem_env_bool(enum mishmem_env_id id)
{
    const char *value = mishmem_env_string(id);
    if (!value)
        return 0;
    return strcmp(value, "1") == 0 || strcasecmp(value, "y") == 0 || strcasecmp(value, "yes") == 0 ||
           strcasecmp(value, "true") == 0 || strcasecmp(value, "on") == 0;
}

int mishmem_env_long(enum mishmem_env_id id, long *out)
{
    const char *value = mishmem_env_string(id);
    if (!value)
        return -1;
    char *end;
    errno = 0;
    long parsed = strtol(value, &end, 10);
    if (errno || end == value || *end != '\0')
        return -1;
    *out = parsed;
    return 0;
}

int mishmem_parse_size(const char *text, uint64_t *out)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return -1;
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno)
        return -1;
    unsigned shift = 0;
    switch (toupper((unsigned char)*end)) {
    case '\0': break;
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case 'T': shift = 40; break;
    default: return -1;
    }
    if (*end && end[1] != '\0' && !(toupper((unsigned char)end[1]) == 'B' && end[2] == '\0'))
        return -1;
    if (shift && value > (UINT64_MAX >> shift))
        return -1;
    *out = (uint64_t)value << shift;
    return 0;
}

int mishmem_env_size(enum mishmem_env_id id, uint64_t *out)
{
    return mishmem_parse_size(mishmem_env_string(id), out);
}

void mishmem_env_print(FILE *out)
{
    for (int i = 0; i < MISHMEM_ENV_COUNT; i++) {
        const char *value = getenv(env_table[i].name);
        if (value && strstr(env_table[i].name, "SECRET"))
            value = "(set, not shown)"; /* SHMEM_INFO output must not leak the job's secret */
        fprintf(out, "  %-28s = %-12s (default %s) %s\n", env_table[i].name, value ? value : "(unset)",
                env_table[i].fallback ? env_table[i].fallback : "none", env_table[i].meaning);
    }
}

int mishmem_env_long_in(enum mishmem_env_id id, long low, long high, long *out)
{
    if (mishmem_env_long(id, out) != 0 || *out < low || *out > high) {
        MISHMEM_ERROR("%s=\"%s\" must be an integer in %ld..%ld", mishmem_env_name(id),
                      mishmem_env_string(id) ? mishmem_env_string(id) : "", low, high);
        return ACLSHMEM_INVALID_VALUE;
    }
    return ACLSHMEM_SUCCESS;
}
