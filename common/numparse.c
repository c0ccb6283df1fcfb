/* Strict number parsing in the C locale (see include/ecsched/numparse.h). */
#include "ecsched/numparse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

ecs_result ecs_parse_long(const char *s, long *out)
{
    if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
        return ECS_EPARSE;
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0')
        return ECS_EPARSE;
    if (errno == ERANGE)
        return ECS_ELIMIT;
    if (errno != 0)
        return ECS_EPARSE;
    *out = v;
    return ECS_OK;
}

ecs_result ecs_parse_long_n(const char *s, size_t len, long *out)
{
    char buf[32];
    if (s == NULL || len == 0 || len >= sizeof buf)
        return ECS_EPARSE;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return ecs_parse_long(buf, out);
}

ecs_result ecs_parse_double(const char *s, double *out)
{
    if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
        return ECS_EPARSE;
    /* Only plain decimal notation with an optional exponent.  strtod reads
     * the decimal point of LC_NUMERIC: translate '.' into it, so that "0.5"
     * is one half under every locale and "0,5" never is. */
    char buf[128];
    size_t n = strlen(s);
    if (n >= sizeof buf)
        return ECS_EPARSE;
    const char *point = localeconv()->decimal_point;
    for (size_t i = 0; i <= n; i++) {
        char c = s[i];
        if (c != '\0' && !(isdigit((unsigned char)c) || c == '.' ||
                           c == '-' || c == '+' || c == 'e' || c == 'E'))
            return ECS_EPARSE;
        buf[i] = c == '.' && point[0] != '\0' && point[1] == '\0' ? point[0]
                                                                 : c;
    }
    char *end = NULL;
    errno = 0;
    double v = strtod(buf, &end);
    if (end == buf || *end != '\0')
        return ECS_EPARSE;
    if (errno == ERANGE || !isfinite(v))
        return ECS_ELIMIT;
    if (errno != 0)
        return ECS_EPARSE;
    *out = v;
    return ECS_OK;
}

ecs_result ecs_parse_decimal(const char *s, ecs_decimal *out)
{
    if (s == NULL || *s == '\0')
        return ECS_EPARSE;
    const char *p = s;
    int neg = 0;
    if (*p == '+' || *p == '-') {
        neg = (*p == '-');
        p++;
    }
    long long m = 0;
    int scale = 0, digits = 0, seen_point = 0, too_big = 0;
    for (; *p; p++) {
        if (*p == '.') {
            if (seen_point)
                return ECS_EPARSE;
            seen_point = 1;
            continue;
        }
        if (!isdigit((unsigned char)*p))
            return ECS_EPARSE;
        if (m > (LLONG_MAX - 9) / 10)
            too_big = 1;
        else
            m = m * 10 + (*p - '0');
        digits++;
        if (seen_point && ++scale > 9)
            too_big = 1;
    }
    if (digits == 0)
        return ECS_EPARSE;
    if (too_big)
        return ECS_ELIMIT;
    out->mantissa = neg ? -m : m;
    out->scale = scale;
    return ECS_OK;
}

double ecs_decimal_value(ecs_decimal d)
{
    double v = (double)d.mantissa;
    for (int i = 0; i < d.scale; i++)
        v /= 10.0;
    return v;
}

ecs_result ecs_decimal_extend(long base, ecs_decimal ext, long *out)
{
    if (base < 0 || ext.mantissa < 0 || ext.scale < 0 || ext.scale > 9)
        return ECS_EINVAL;
    long long pow10 = 1;
    for (int i = 0; i < ext.scale; i++)
        pow10 *= 10;
    /* base * (pow10 + mantissa) / pow10, with overflow checks. */
    long long factor = pow10 + ext.mantissa;
    if (factor < pow10 || (base != 0 && factor > LLONG_MAX / base))
        return ECS_ELIMIT;
    long long v = (long long)base * factor / pow10;
    if (v > LONG_MAX)
        return ECS_ELIMIT;
    *out = (long)v;
    return ECS_OK;
}
