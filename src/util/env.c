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

/* The fraction of "1.5G" after the point, in bytes of a unit of 2^shift:
 * at most 6 digits are used (later ones only add less than a byte per
 * KiB), so digits * 2^40 stays within 64 bits. Rounds down. */
static int parse_fraction(const char *text, unsigned shift, uint64_t *out)
{
    uint64_t digits = 0, scale = 1;
    const char *p = text;
    for (; isdigit((unsigned char)*p); p++) {
        if (scale < 1000000) {
            digits = digits * 10 + (uint64_t)(*p - '0');
            scale *= 10;
        }
    }
    if (p == text)
        return -1; /* "1.G": a point needs a digit after it */
    *out = (digits << shift) / scale;
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
    /* A fraction, as Sandia OpenSHMEM takes: 1.5G is 1536M. */
    const char *fraction = NULL, *suffix = end;
    if (*end == '.') {
        fraction = end + 1;
        suffix = fraction;
        while (isdigit((unsigned char)*suffix))
            suffix++;
    }
    unsigned shift = 0;
    switch (toupper((unsigned char)*suffix)) {
    case '\0': break;
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case 'T': shift = 40; break;
    default: return -1;
    }
    if (*suffix && suffix[1] != '\0' && !(toupper((unsigned char)suffix[1]) == 'B' && suffix[2] == '\0'))
        return -1;
    if (shift && value > (UINT64_MAX >> shift))
        return -1;
    uint64_t part = 0;
    if (fraction && parse_fraction(fraction, shift, &part) != 0)
        return -1;
    uint64_t whole = (uint64_t)value << shift;
    if (whole > UINT64_MAX - part)
        return -1;
    *out = whole + part;
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
