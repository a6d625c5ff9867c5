/* Parsing the parameter table (params_table.h) from the environment into
 * immutable snapshots (params.h). The only file of src/ that reads the
 * environment. */
#include "util/params.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const struct mishmem_param_row rows[MISHMEM_PARAM_COUNT] = {
#define MISHMEM_PARAM_ROW(name, type, def, min, max, category, meaning)                             \
    {#name, MISHMEM_PARAM_##type, def, (long long)(min), (long long)(max), #category, meaning},
    MISHMEM_PARAM_TABLE(MISHMEM_PARAM_ROW)
#undef MISHMEM_PARAM_ROW
};

/* A snapshot and the one it replaced: replaced ones stay allocated (a
 * reader may still hold one) and reachable (no leak report). */
struct snapshot {
    struct mishmem_params params;
    struct snapshot *replaced;
    char text[]; /* the values as given, copied: setenv may free the originals */
};

static struct snapshot *_Atomic current;
static struct mishmem_params defaults_only; /* when memory runs out on the first read */

const struct mishmem_param_row *mishmem_param_row(enum mishmem_param_id id) { return &rows[id]; }
const char *mishmem_param_name(enum mishmem_param_id id) { return rows[id].name; }

static int parse_bool(const char *text)
{
    return text && (strcmp(text, "1") == 0 || strcasecmp(text, "y") == 0 || strcasecmp(text, "yes") == 0 ||
                    strcasecmp(text, "true") == 0 || strcasecmp(text, "on") == 0);
}

static int parse_long(const char *text, long *out)
{
    if (!text)
        return -1;
    char *end;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0')
        return -1;
    *out = parsed;
    return 0;
}

static void set_BOOL(int *field, struct mishmem_params *p, enum mishmem_param_id id)
{
    *field = parse_bool(p->text[id]);
    p->valid[id] = 1;
}

static void set_LONG(long *field, struct mishmem_params *p, enum mishmem_param_id id)
{
    long value = 0;
    p->valid[id] = !p->text[id] || (parse_long(p->text[id], &value) == 0 && value >= rows[id].min &&
                                    value <= rows[id].max);
    if (!p->valid[id] && parse_long(rows[id].fallback, &value) != 0)
        value = 0;
    *field = value;
}

static void set_SIZE(uint64_t *field, struct mishmem_params *p, enum mishmem_param_id id)
{
    uint64_t value = 0;
    p->valid[id] = !p->text[id] || (mishmem_parse_size(p->text[id], &value) == 0 &&
                                    value >= (uint64_t)rows[id].min && value <= (uint64_t)rows[id].max);
    if (!p->valid[id] && mishmem_parse_size(rows[id].fallback, &value) != 0)
        value = 0;
    *field = value;
}

static void set_STRING(const char **field, struct mishmem_params *p, enum mishmem_param_id id)
{
    *field = p->text[id];
    p->valid[id] = 1;
}

static void parse_all(struct mishmem_params *p)
{
#define MISHMEM_PARAM_SET(name, type, def, min, max, category, meaning)                             \
    set_##type(&p->name, p, MISHMEM_PARAM_##name);
    MISHMEM_PARAM_TABLE(MISHMEM_PARAM_SET)
#undef MISHMEM_PARAM_SET
}

/* The environment's value of each row (non-empty), NULL when unset. */
static void read_environment(const char *given[MISHMEM_PARAM_COUNT], size_t *bytes)
{
    *bytes = 0;
    for (int i = 0; i < MISHMEM_PARAM_COUNT; i++) {
        const char *value = getenv(rows[i].name);
        given[i] = value && value[0] ? value : NULL;
        if (given[i])
            *bytes += strlen(given[i]) + 1;
    }
}

static int same_as(const struct mishmem_params *p, const char *given[MISHMEM_PARAM_COUNT])
{
    for (int i = 0; i < MISHMEM_PARAM_COUNT; i++) {
        int from_env = p->source[i] == MISHMEM_PARAM_FROM_ENVIRONMENT;
        if (from_env != (given[i] != NULL) || (from_env && strcmp(p->text[i], given[i]) != 0))
            return 0;
    }
    return 1;
}

void mishmem_params_load(void)
{
    const char *given[MISHMEM_PARAM_COUNT];
    size_t bytes;
    read_environment(given, &bytes);
    struct snapshot *old = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    if (old && same_as(&old->params, given))
        return; /* nothing changed: readers keep the snapshot they have */
    struct snapshot *s = calloc(1, sizeof *s + bytes);
    if (!s)
        return; /* keep the last snapshot (or the defaults) */
    char *text = s->text;
    for (int i = 0; i < MISHMEM_PARAM_COUNT; i++) {
        s->params.text[i] = rows[i].fallback;
        s->params.source[i] = MISHMEM_PARAM_FROM_DEFAULT;
        if (given[i]) {
            size_t n = strlen(given[i]) + 1;
            s->params.text[i] = memcpy(text, given[i], n);
            s->params.source[i] = MISHMEM_PARAM_FROM_ENVIRONMENT;
            text += n;
        }
    }
    parse_all(&s->params);
    /* Two threads that load at once both publish; each keeps the other's
     * snapshot reachable. */
    s->replaced = old;
    while (!__atomic_compare_exchange_n(&current, &s->replaced, s, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        ;
}

const struct mishmem_params *mishmem_params(void)
{
    struct snapshot *s = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    if (!s) {
        mishmem_params_load();
        s = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    }
    if (s)
        return &s->params;
    if (!defaults_only.text[0]) {
        for (int i = 0; i < MISHMEM_PARAM_COUNT; i++)
            defaults_only.text[i] = rows[i].fallback;
        parse_all(&defaults_only);
    }
    return &defaults_only;
}

void mishmem_param_consume(enum mishmem_param_id id)
{
    unsetenv(rows[id].name);
    mishmem_params_load();
}

int mishmem_param_is_set(enum mishmem_param_id id)
{
    return mishmem_params()->source[id] == MISHMEM_PARAM_FROM_ENVIRONMENT;
}

int mishmem_param_given(enum mishmem_param_id id)
{
    const struct mishmem_params *p = mishmem_params();
    return p->source[id] == MISHMEM_PARAM_FROM_ENVIRONMENT && p->valid[id];
}
