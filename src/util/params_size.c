/* Sizes in parameters: "256M", "1.5G" (params.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/params.h"

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

void mishmem_format_size(uint64_t bytes, char *buf, size_t size)
{
    static const char units[] = "KMGT";
    int unit = -1;
    while (unit < 3 && bytes && bytes % 1024 == 0) {
        bytes /= 1024;
        unit++;
    }
    if (unit < 0)
        snprintf(buf, size, "%llu", (unsigned long long)bytes);
    else
        snprintf(buf, size, "%llu%c", (unsigned long long)bytes, units[unit]);
}
