#include "bootstrap/uid_codec.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

/* magic | format | family | port | address | scope | nonce | pid | secret | zero padding */
#define UID_MAGIC "MUID"
#define UID_FORMAT 1
#define OFF_FORMAT 4
#define OFF_FAMILY 5
#define OFF_PORT 6
#define OFF_ADDRESS 8
#define OFF_SCOPE 24
#define OFF_NONCE 28
#define OFF_PID 36
#define OFF_SECRET 40
#define UID_USED (OFF_SECRET + MISHMEM_SECRET_BYTES)
_Static_assert(UID_USED <= ACLSHMEM_UNIQUE_ID_INNER_LEN, "unique id layout overflow");

enum { WIRE_INET4 = 4, WIRE_INET6 = 6 };

static void put_be(uint8_t *out, uint64_t value, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, value >>= 8)
        out[i] = (uint8_t)value;
}

static uint64_t get_be(const uint8_t *in, int bytes)
{
    uint64_t value = 0;
    for (int i = 0; i < bytes; i++)
        value = value << 8 | in[i];
    return value;
}

void mishmem_uid_encode(const struct mishmem_uid_info *info, char internal[ACLSHMEM_UNIQUE_ID_INNER_LEN])
{
    uint8_t *out = (uint8_t *)internal;
    memset(out, 0, ACLSHMEM_UNIQUE_ID_INNER_LEN);
    memcpy(out, UID_MAGIC, 4);
    out[OFF_FORMAT] = UID_FORMAT;
    out[OFF_FAMILY] = info->family == AF_INET6 ? WIRE_INET6 : WIRE_INET4;
    put_be(out + OFF_PORT, info->port, 2);
    memcpy(out + OFF_ADDRESS, info->address, info->family == AF_INET6 ? 16 : 4);
    put_be(out + OFF_SCOPE, info->scope_id, 4);
    put_be(out + OFF_NONCE, info->nonce, 8);
    put_be(out + OFF_PID, info->creator_pid, 4);
    memcpy(out + OFF_SECRET, info->secret, MISHMEM_SECRET_BYTES);
}

static int all_zero(const uint8_t *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (bytes[i])
            return 0;
    return 1;
}

int mishmem_uid_decode(const char internal[ACLSHMEM_UNIQUE_ID_INNER_LEN], struct mishmem_uid_info *info)
{
    const uint8_t *in = (const uint8_t *)internal;
    if (memcmp(in, UID_MAGIC, 4) != 0 || in[OFF_FORMAT] != UID_FORMAT)
        return -1;
    if (in[OFF_FAMILY] != WIRE_INET4 && in[OFF_FAMILY] != WIRE_INET6)
        return -1;
    int v6 = in[OFF_FAMILY] == WIRE_INET6;
    /* Strict about every byte, so that damage is noticed here and not as a
     * connection to a wrong address. */
    if ((!v6 && !all_zero(in + OFF_ADDRESS + 4, 12)) ||
        !all_zero(in + UID_USED, ACLSHMEM_UNIQUE_ID_INNER_LEN - UID_USED))
        return -1;
    memset(info, 0, sizeof *info);
    info->family = v6 ? AF_INET6 : AF_INET;
    info->port = (uint16_t)get_be(in + OFF_PORT, 2);
    memcpy(info->address, in + OFF_ADDRESS, 16);
    info->scope_id = (uint32_t)get_be(in + OFF_SCOPE, 4);
    info->nonce = get_be(in + OFF_NONCE, 8);
    info->creator_pid = (uint32_t)get_be(in + OFF_PID, 4);
    memcpy(info->secret, in + OFF_SECRET, MISHMEM_SECRET_BYTES);
    if (info->port == 0 || (!v6 && info->scope_id != 0))
        return -1;
    return 0;
}

void mishmem_uid_host_text(const struct mishmem_uid_info *info, char *out, size_t size)
{
    char text[INET6_ADDRSTRLEN] = "?";
    inet_ntop(info->family, info->address, text, sizeof text);
    if (info->family == AF_INET6 && info->scope_id)
        snprintf(out, size, "%s%%%u", text, (unsigned)info->scope_id);
    else
        snprintf(out, size, "%s", text);
}
