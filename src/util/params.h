/* The parameters of params_table.h, parsed from the environment into one
 * typed struct. The environment is read when the library first needs a
 * value and again at each instance init (mishmem_params_load), so a
 * program may change a variable between instances; between those points
 * every reader sees the same snapshot. Nobody else reads the environment. */
#ifndef MISHMEM_UTIL_PARAMS_H
#define MISHMEM_UTIL_PARAMS_H

#include <stdint.h>
#include <stdio.h>

#include "util/params_table.h"

enum mishmem_param_id {
#define MISHMEM_PARAM_ENUM(name, type, def, min, max, category, meaning) MISHMEM_PARAM_##name,
    MISHMEM_PARAM_TABLE(MISHMEM_PARAM_ENUM)
#undef MISHMEM_PARAM_ENUM
    MISHMEM_PARAM_COUNT
};

enum mishmem_param_type { MISHMEM_PARAM_BOOL, MISHMEM_PARAM_LONG, MISHMEM_PARAM_SIZE, MISHMEM_PARAM_STRING };
enum mishmem_param_source { MISHMEM_PARAM_FROM_DEFAULT, MISHMEM_PARAM_FROM_ENVIRONMENT };

/* One row of the table, as declared (mishmem-info and the doc read it). */
struct mishmem_param_row {
    const char *name;
    enum mishmem_param_type type;
    const char *fallback; /* the default as text; NULL: none */
    long long min, max;
    const char *category;
    const char *meaning;
};

typedef int mishmem_param_BOOL_t;
typedef long mishmem_param_LONG_t;
typedef uint64_t mishmem_param_SIZE_t;
typedef const char *mishmem_param_STRING_t;

/* A snapshot: never changed once published, so readers need no lock. */
struct mishmem_params {
#define MISHMEM_PARAM_FIELD(name, type, def, min, max, category, meaning) mishmem_param_##type##_t name;
    MISHMEM_PARAM_TABLE(MISHMEM_PARAM_FIELD)
#undef MISHMEM_PARAM_FIELD
    const char *text[MISHMEM_PARAM_COUNT]; /* the value as given, else the default (NULL: none) */
    unsigned char source[MISHMEM_PARAM_COUNT];
    /* The text parses and is within min..max, or there is none (BOOL, STRING: 1). */
    unsigned char valid[MISHMEM_PARAM_COUNT];
};

/* The current snapshot (the first call reads the environment). */
const struct mishmem_params *mishmem_params(void);
/* Reads the environment again: at each instance init and unique id. */
void mishmem_params_load(void);
/* Unsets a variable that is used once (an inherited descriptor). */
void mishmem_param_consume(enum mishmem_param_id id);

const struct mishmem_param_row *mishmem_param_row(enum mishmem_param_id id);
const char *mishmem_param_name(enum mishmem_param_id id);
const char *mishmem_param_type_name(enum mishmem_param_type type);
const char *mishmem_param_source_name(enum mishmem_param_source source);
/* Set (non-empty) in the environment. */
int mishmem_param_is_set(enum mishmem_param_id id);
/* Set in the environment and valid. */
int mishmem_param_given(enum mishmem_param_id id);

/* A LONG within the table's range, else a logged error naming the
 * variable and ACLSHMEM_INVALID_VALUE (ACLSHMEM_SUCCESS when fine);
 * _upto narrows the range's top to high (known only at run time). */
int mishmem_param_long(enum mishmem_param_id id, long *out);
int mishmem_param_long_upto(enum mishmem_param_id id, long high, long *out);
/* A SIZE within the table's range, else a logged error likewise. */
int mishmem_param_size(enum mishmem_param_id id, uint64_t *out);

/* Parses a size with an optional K/M/G/T suffix (powers of 1024) and an
 * optional fraction (1.5G), rounded down to a byte. */
int mishmem_parse_size(const char *text, uint64_t *out);
/* Writes a byte count as the shortest of 40G, 512M, 4K or 1000. */
void mishmem_format_size(uint64_t bytes, char *buf, size_t size);

/* SHMEM_INFO: one line per parameter: name, value, where it came from, meaning. */
void mishmem_params_print(FILE *out);

#endif
