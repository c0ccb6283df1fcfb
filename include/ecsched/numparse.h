/*
 * ecsched: strict number parsing shared by every reader.
 *
 * All functions parse the whole string (no trailing garbage, no empty
 * string) in the C locale and return 0 on success, -1 otherwise; *out is
 * untouched on failure.
 */
#ifndef ECSCHED_NUMPARSE_H
#define ECSCHED_NUMPARSE_H

#include <stddef.h>

/* A decimal number held exactly: value = mantissa / 10^scale. */
typedef struct ecs_decimal {
    long long mantissa;
    int scale; /* 0..9 */
} ecs_decimal;

/* Parse a base-10 integer (optional sign) into *out. */
int ecs_parse_long(const char *s, long *out);

/* Parse a finite floating-point number (no hex, no inf/nan) into *out. */
int ecs_parse_double(const char *s, double *out);

/* Parse "12", "-0.25", "1.5" exactly (at most 9 decimals, no exponent). */
int ecs_parse_decimal(const char *s, ecs_decimal *out);

/* Like ecs_parse_long, on the len bytes at s (need not be NUL-terminated). */
int ecs_parse_long_n(const char *s, size_t len, long *out);

/* Value of a decimal as a double. */
double ecs_decimal_value(ecs_decimal d);

/*
 * floor(base * (1 + ext)) computed exactly, for base >= 0 and ext >= 0.
 * Returns 0, or -1 if ext is negative or the result overflows.
 */
int ecs_decimal_extend(long base, ecs_decimal ext, long *out);

#endif
