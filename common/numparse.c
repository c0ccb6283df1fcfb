/* Strict number parsing in the C locale (see include/ecsched/numparse.h). */
#include "ecsched/numparse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int ecs_parse_long(const char *s, long *out)
{
    if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
        return -1;
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0')
        return -1;
    *out = v;
    return 0;
}

int ecs_parse_long_n(const char *s, size_t len, long *out)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return ecs_parse_long(buf, out);
}

int ecs_parse_double(const char *s, double *out)
{
    if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
        return -1;
    /* Only plain decimal notation with an optional exponent. */
    for (const char *p = s; *p; p++) {
        if (!(isdigit((unsigned char)*p) || *p == '.' || *p == '-' ||
              *p == '+' || *p == 'e' || *p == 'E'))
            return -1;
    }
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno != 0 || end == s || *end != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int ecs_parse_decimal(const char *s, ecs_decimal *out)
{
    if (s == NULL || *s == '\0')
        return -1;
    const char *p = s;
    int neg = 0;
    if (*p == '+' || *p == '-') {
        neg = (*p == '-');
        p++;
    }
    long long m = 0;
    int scale = 0, digits = 0, seen_point = 0;
    for (; *p; p++) {
        if (*p == '.') {
            if (seen_point)
                return -1;
            seen_point = 1;
            continue;
        }
        if (!isdigit((unsigned char)*p))
            return -1;
        if (m > (LLONG_MAX - 9) / 10)
            return -1;
        m = m * 10 + (*p - '0');
        digits++;
        if (seen_point && ++scale > 9)
            return -1;
    }
    if (digits == 0)
        return -1;
    out->mantissa = neg ? -m : m;
    out->scale = scale;
    return 0;
}

double ecs_decimal_value(ecs_decimal d)
{
    double v = (double)d.mantissa;
    for (int i = 0; i < d.scale; i++)
        v /= 10.0;
    return v;
}

int ecs_decimal_extend(long base, ecs_decimal ext, long *out)
{
    if (base < 0 || ext.mantissa < 0)
        return -1;
    long long pow10 = 1;
    for (int i = 0; i < ext.scale; i++)
        pow10 *= 10;
    /* base * (pow10 + mantissa) / pow10, with overflow checks. */
    long long factor = pow10 + ext.mantissa;
    if (factor < pow10 || (base != 0 && factor > LLONG_MAX / base))
        return -1;
    long long v = (long long)base * factor / pow10;
    if (v > LONG_MAX)
        return -1;
    *out = (long)v;
    return 0;
}
