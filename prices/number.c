/* Price numbers: C locale, decimal point or decimal comma, nothing else. */
#include "internal.h"

#include "ecsched/numparse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int ecs_price_number(const char *s, size_t len, double *out)
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
            if (++marks > 1)
                return -1; /* 810.219.971, 1.234,5: not one number */
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
