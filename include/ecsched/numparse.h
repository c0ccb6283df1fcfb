/*
 * ecsched: strict number parsing shared by every reader.
 *
 * Every parser takes the whole string (no leading space, no trailing
 * garbage, no empty string) in the C locale, whatever the process's
 * LC_NUMERIC, and returns:
 *   ECS_OK      *out holds the value;
 *   ECS_EPARSE  the text is not one number of that kind;
 *   ECS_ELIMIT  it is one, but it does not fit (overflow, too many
 *               decimals).
 * *out is untouched on failure.  These are building blocks: they write no
 * diagnostic, because only the caller knows the file, line, column or
 * option a number came from (and says so in its own ecs_diag).
 */
#ifndef ECSCHED_NUMPARSE_H
#define ECSCHED_NUMPARSE_H

#include <stddef.h>

#include "ecsched/result.h"

/* A decimal number held exactly: value = mantissa / 10^scale. */
typedef struct ecs_decimal {
    long long mantissa;
    int scale; /* 0..9 */
} ecs_decimal;

/* Parse a base-10 integer (optional sign) into *out. */
ecs_result ecs_parse_long(const char *s, long *out);

/*
 * Parse a finite floating-point number into *out: digits, one decimal
 * point, an optional sign and exponent ("-1.5e3"); no hex, inf or nan.
 * ELIMIT when the value overflows or underflows a double.
 */
ecs_result ecs_parse_double(const char *s, double *out);

/*
 * Parse "12", "-0.25", "1.5" exactly (no exponent).  ELIMIT for more than
 * 9 decimals or a mantissa beyond long long.
 */
ecs_result ecs_parse_decimal(const char *s, ecs_decimal *out);

/* Like ecs_parse_long, on the len bytes at s (need not be NUL-terminated;
 * at most 31 bytes, else EPARSE). */
ecs_result ecs_parse_long_n(const char *s, size_t len, long *out);

/* Value of a decimal as a double. */
double ecs_decimal_value(ecs_decimal d);

/*
 * floor(base * (1 + ext)) computed exactly, for base >= 0 and ext >= 0:
 * ECS_OK, EINVAL if base or ext is negative, ELIMIT if the result
 * overflows a long.
 */
ecs_result ecs_decimal_extend(long base, ecs_decimal ext, long *out);

#endif
