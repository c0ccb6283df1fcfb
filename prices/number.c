/* Price numbers: C locale, decimal point or decimal comma, nothing else. */
#include "internal.h"

#include "ecsched/numparse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * Thousands separators: "1.234,56", "1.234.567", no; "12.345,6" and
 * "-1,234.5" yes: groups of exactly three digits after the first group of
 * one to three, separated by the mark that is not the decimal mark, and a
 * decimal mark (the other one) after the last group.  Copies the number
 * without the separators into buf.  0 if s has that shape, -1 otherwise.
 */
static int strip_thousands(const char *s, size_t len, char *buf, size_t size)
{
    size_t i = 0, n = 0;
    if (len + 1 > size)
        return -1;
    if (s[i] == '+' || s[i] == '-')
        buf[n++] = s[i++];
    char group = 0;
    size_t d = 0;
    while (i < len && isdigit((unsigned char)s[i]) && d < 4)
        buf[n++] = s[i++], d++;
    if (d < 1 || d > 3 || i >= len || (s[i] != '.' && s[i] != ','))
        return -1;
    group = s[i];
    int groups = 0;
    while (i < len && s[i] == group) {
        i++;
        for (d = 0; d < 3; d++, i++) {
            if (i >= len || !isdigit((unsigned char)s[i]))
                return -1;
            buf[n++] = s[i];
        }
        groups++;
    }
    char dec = group == '.' ? ',' : '.';
    if (groups == 0 || i >= len || s[i] != dec)
        return -1;
    buf[n++] = s[i++];
    if (i >= len)
        return -1;
    for (; i < len; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        buf[n++] = s[i];
    }
    buf[n] = '\0';
    return 0;
}

int px_price_number(const char *s, size_t len, double *out)
{
    while (len > 0 && isspace((unsigned char)*s)) {
        s++;
        len--;
    }
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        len--;
    if (len == 0)
        return 1;
    if (len > 63)
        return -1;
    char buf[64];
    size_t i = 0, n = 0;
    int mant_digits = 0, marks = 0;
    if (s[i] == '+' || s[i] == '-')
        buf[n++] = s[i++];
    for (; i < len && (isdigit((unsigned char)s[i]) || s[i] == '.' ||
                       s[i] == ',');
         i++) {
        if (s[i] == '.' || s[i] == ',') {
            if (++marks > 1) {
                char b[64];
                if (strip_thousands(s, len, b, sizeof b) == 0)
                    return px_price_number(b, strlen(b), out);
                return -1; /* 810.219.971, 1.234,5: not one number */
            }
            buf[n++] = '.';
        } else {
            buf[n++] = s[i];
            mant_digits++;
        }
    }
    if (mant_digits == 0)
        return -1;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        buf[n++] = s[i++];
        if (i < len && (s[i] == '+' || s[i] == '-'))
            buf[n++] = s[i++];
        int exp_digits = 0;
        for (; i < len && isdigit((unsigned char)s[i]); i++, exp_digits++)
            buf[n++] = s[i];
        if (exp_digits == 0)
            return -1;
    }
    if (i != len)
        return -1;
    buf[n] = '\0';
    return ecs_parse_double(buf, out) == ECS_OK ? 0 : -1;
}
