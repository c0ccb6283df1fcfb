/* Text encodings of untrusted input (see include/ecsched/text.h). */
#include "ecsched/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s[0..len), 0 if none. */
static size_t seq_len(const unsigned char *s, size_t len)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t n;
    unsigned min;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (len < n)
        return 0;
    unsigned cp = c & (0x7F >> n);
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

int ecs_utf8_valid(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = seq_len(p + i, len - i);
        if (n == 0)
            return 0;
        i += n;
    }
    return 1;
}

/* Code points of 0x80..0x9F in Windows-1252 (the five unassigned bytes
 * are taken as the C1 controls, as Latin-1 has them). */
static const unsigned short CP1252[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

char *ecs_cp1252_to_utf8(const char *s, size_t len, size_t *out_len)
{
    char *out = malloc(3 * len + 1);
    if (out == NULL)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned c = (unsigned char)s[i];
        unsigned cp = c >= 0x80 && c < 0xA0 ? CP1252[c - 0x80] : c;
        if (cp < 0x80) {
            out[o++] = (char)cp;
        } else if (cp < 0x800) {
            out[o++] = (char)(0xC0 | cp >> 6);
            out[o++] = (char)(0x80 | (cp & 0x3F));
        } else {
            out[o++] = (char)(0xE0 | cp >> 12);
            out[o++] = (char)(0x80 | (cp >> 6 & 0x3F));
            out[o++] = (char)(0x80 | (cp & 0x3F));
        }
    }
    out[o] = '\0';
    if (out_len != NULL)
        *out_len = o;
    return out;
}

char *ecs_utf8_escape(const char *s)
{
    size_t len = strlen(s);
    char *out = malloc(4 * len + 1);
    if (out == NULL)
        return NULL;
    const unsigned char *p = (const unsigned char *)s;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        size_t n = seq_len(p + i, len - i);
        if (n == 0) {
            snprintf(out + o, 5, "\\x%02X", p[i]);
            o += 4;
            i++;
        } else {
            memcpy(out + o, p + i, n);
            o += n;
            i += n;
        }
    }
    out[o] = '\0';
    return out;
}
