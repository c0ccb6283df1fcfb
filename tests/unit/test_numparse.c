/* The strict number parsers (include/ecsched/numparse.h): whole strings
 * only, C locale whatever LC_NUMERIC says, overflow reported, *out left
 * alone on failure. */
#include "testutil.h"

#include <float.h>
#include <limits.h>
#include <locale.h>

#include "ecsched/numparse.h"

static void test_long(void **state)
{
    (void)state;
    long v = 0;
    assert_int_equal(ecs_parse_long("0", &v), ECS_OK);
    assert_int_equal(v, 0);
    assert_int_equal(ecs_parse_long("42", &v), ECS_OK);
    assert_int_equal(v, 42);
    assert_int_equal(ecs_parse_long("-17", &v), ECS_OK);
    assert_int_equal(v, -17);
    assert_int_equal(ecs_parse_long("+8", &v), ECS_OK);
    assert_int_equal(v, 8);
    assert_int_equal(ecs_parse_long("007", &v), ECS_OK); /* base 10, not octal */
    assert_int_equal(v, 7);

    /* the extremes fit; one beyond is ELIMIT, not a wrapped value */
    char buf[64];
    snprintf(buf, sizeof buf, "%ld", LONG_MAX);
    assert_int_equal(ecs_parse_long(buf, &v), ECS_OK);
    assert_true(v == LONG_MAX);
    snprintf(buf, sizeof buf, "%ld", LONG_MIN);
    assert_int_equal(ecs_parse_long(buf, &v), ECS_OK);
    assert_true(v == LONG_MIN);
    v = 5;
    assert_int_equal(ecs_parse_long("99999999999999999999999", &v),
                     ECS_ELIMIT);
    assert_int_equal(ecs_parse_long("-99999999999999999999999", &v),
                     ECS_ELIMIT);
    assert_int_equal(v, 5); /* untouched */
}

static void test_long_rejects(void **state)
{
    (void)state;
    const char *bad[] = {"", " 1", "1 ", "\t1", "1\n", "12abc", "abc", "1.0",
                         "1e3", "0x10", "--1", "+", "-", "1,000", "١"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        long v = 123;
        if (ecs_parse_long(bad[i], &v) != ECS_EPARSE) {
            print_error("'%s' was not rejected\n", bad[i]);
            fail();
        }
        assert_int_equal(v, 123);
    }
    long v = 9;
    assert_int_equal(ecs_parse_long(NULL, &v), ECS_EPARSE);
    assert_int_equal(v, 9);
}

static void test_long_n(void **state)
{
    (void)state;
    long v = 0;
    /* a field that is not NUL-terminated: only len bytes are read */
    const char *field = "123456,789";
    assert_int_equal(ecs_parse_long_n(field, 6, &v), ECS_OK);
    assert_int_equal(v, 123456);
    assert_int_equal(ecs_parse_long_n(field + 7, 3, &v), ECS_OK);
    assert_int_equal(v, 789);
    v = 1;
    assert_int_equal(ecs_parse_long_n(field, 7, &v), ECS_EPARSE); /* "123456," */
    assert_int_equal(ecs_parse_long_n(field, 0, &v), ECS_EPARSE);
    assert_int_equal(v, 1);
    /* 31 bytes is the most it reads; longer is not a number it accepts */
    char longtext[40];
    memset(longtext, '0', sizeof longtext);
    longtext[30] = '5';
    assert_int_equal(ecs_parse_long_n(longtext, 31, &v), ECS_OK);
    assert_int_equal(v, 5);
    assert_int_equal(ecs_parse_long_n(longtext, 32, &v), ECS_EPARSE);
    assert_int_equal(ecs_parse_long_n(NULL, 3, &v), ECS_EPARSE);
}

static void test_double(void **state)
{
    (void)state;
    double v = 0;
    assert_int_equal(ecs_parse_double("0.5", &v), ECS_OK);
    assert_true(v == 0.5);
    assert_int_equal(ecs_parse_double("-2", &v), ECS_OK);
    assert_true(v == -2.0);
    assert_int_equal(ecs_parse_double("+1.25", &v), ECS_OK);
    assert_true(v == 1.25);
    assert_int_equal(ecs_parse_double(".5", &v), ECS_OK);
    assert_true(v == 0.5);
    assert_int_equal(ecs_parse_double("5.", &v), ECS_OK);
    assert_true(v == 5.0);
    assert_int_equal(ecs_parse_double("1e3", &v), ECS_OK);
    assert_true(v == 1000.0);
    assert_int_equal(ecs_parse_double("-1.5E-2", &v), ECS_OK);
    assert_true(v == -0.015);
    assert_int_equal(ecs_parse_double("1e+2", &v), ECS_OK);
    assert_true(v == 100.0);
    /* correctly rounded, as strtod: 0.1 is the double nearest 1/10 */
    assert_int_equal(ecs_parse_double("0.1", &v), ECS_OK);
    assert_true(v == 0.1);
    assert_int_equal(ecs_parse_double("1.7976931348623157e308", &v), ECS_OK);
    assert_true(v == DBL_MAX);
}

static void test_double_rejects(void **state)
{
    (void)state;
    const char *bad[] = {"", " 1", "1 ", "1.5x", "abc", "0x10", "0x1p3",
                         "inf", "-inf", "nan", "NAN", "infinity", "1,5",
                         "1.2.3", "e5", ".", "-", "+", "1e", "1e+",
                         "--1", "1e5e5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        double v = 7.0;
        if (ecs_parse_double(bad[i], &v) != ECS_EPARSE) {
            print_error("'%s' was not rejected as malformed\n", bad[i]);
            fail();
        }
        assert_true(v == 7.0);
    }
    double v = 7.0;
    assert_int_equal(ecs_parse_double(NULL, &v), ECS_EPARSE);
    /* numbers that do not fit a double: ELIMIT, never inf or a silent 0 */
    assert_int_equal(ecs_parse_double("1e400", &v), ECS_ELIMIT);
    assert_int_equal(ecs_parse_double("-1e400", &v), ECS_ELIMIT);
    assert_int_equal(ecs_parse_double("1e-400", &v), ECS_ELIMIT);
    assert_true(v == 7.0);
    /* a text too long to be one number of a price file */
    char longtext[200];
    memset(longtext, '1', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    assert_int_equal(ecs_parse_double(longtext, &v), ECS_EPARSE);
}

/* The decimal point is '.', whatever the locale of the process: a host that
 * embeds the library may have called setlocale(LC_ALL, ""). */
static void test_double_locale(void **state)
{
    (void)state;
    static const char *const comma_locales[] = {
        "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "de_DE",
        "nl_NL.UTF-8", "ru_RU.UTF-8"};
    const char *got = NULL;
    for (size_t i = 0; got == NULL &&
                       i < sizeof comma_locales / sizeof *comma_locales;
         i++)
        got = setlocale(LC_NUMERIC, comma_locales[i]);
    if (got == NULL || strcmp(localeconv()->decimal_point, ",") != 0) {
        setlocale(LC_NUMERIC, "C");
        fprintf(stderr, "skipped: no locale with a decimal comma installed "
                        "(e.g. de_DE.UTF-8: apt-get install locales-all)\n");
        skip();
    }
    double v = 0;
    ecs_result a = ecs_parse_double("0.5", &v);
    double va = v;
    ecs_result b = ecs_parse_double("0,5", &v);
    ecs_result c = ecs_parse_double("2.5e1", &v);
    double vc = v;
    setlocale(LC_NUMERIC, "C");
    assert_int_equal(a, ECS_OK);
    assert_true(va == 0.5);
    assert_int_equal(b, ECS_EPARSE);
    assert_int_equal(c, ECS_OK);
    assert_true(vc == 25.0);
}

static void test_decimal(void **state)
{
    (void)state;
    ecs_decimal d = {0, 0};
    assert_int_equal(ecs_parse_decimal("12", &d), ECS_OK);
    assert_true(d.mantissa == 12 && d.scale == 0);
    assert_int_equal(ecs_parse_decimal("-0.25", &d), ECS_OK);
    assert_true(d.mantissa == -25 && d.scale == 2);
    assert_int_equal(ecs_parse_decimal("+1.50", &d), ECS_OK);
    assert_true(d.mantissa == 150 && d.scale == 2); /* trailing zeros kept */
    assert_int_equal(ecs_parse_decimal(".5", &d), ECS_OK);
    assert_true(d.mantissa == 5 && d.scale == 1);
    assert_int_equal(ecs_parse_decimal("0.123456789", &d), ECS_OK);
    assert_true(d.mantissa == 123456789 && d.scale == 9);
    assert_close(ecs_decimal_value(d), 0.123456789, 1e-15);
    ecs_parse_decimal("-0.25", &d);
    assert_true(ecs_decimal_value(d) == -0.25);

    d.mantissa = 77;
    d.scale = 1;
    /* too precise or too large: ELIMIT, not a rounded value */
    assert_int_equal(ecs_parse_decimal("0.1234567891", &d), ECS_ELIMIT);
    assert_int_equal(ecs_parse_decimal("123456789012345678901234", &d),
                     ECS_ELIMIT);
    /* not a decimal at all */
    const char *bad[] = {"", ".", "-", "1.2.3", "0.2x", "1e3", " 1", "1 ",
                         "1,5", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (ecs_parse_decimal(bad[i], &d) != ECS_EPARSE) {
            print_error("'%s' was not rejected\n", bad[i]);
            fail();
        }
    assert_int_equal(ecs_parse_decimal(NULL, &d), ECS_EPARSE);
    assert_true(d.mantissa == 77 && d.scale == 1); /* untouched */
}

/* D' = floor(M (1 + E)) exactly: the cases where floating point is off. */
static void test_extend(void **state)
{
    (void)state;
    ecs_decimal e;
    long out = -1;
    assert_int_equal(ecs_parse_decimal("0.2", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(40, e, &out), ECS_OK);
    assert_int_equal(out, 48);
    /* 25 * 1.16 = 29 in decimals, 28.999999999999996 in binary floating
     * point, whose floor would be 28 */
    volatile double ext = 0.16;
    assert_true(floor(25.0 * (1.0 + ext)) == 28.0);
    assert_int_equal(ecs_parse_decimal("0.16", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(25, e, &out), ECS_OK);
    assert_int_equal(out, 29);
    /* 55 * 1.05 = 57.75 -> 57; 10 * 1.1 = 11 (11.000000000000002 in binary) */
    assert_int_equal(ecs_parse_decimal("0.05", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(55, e, &out), ECS_OK);
    assert_int_equal(out, 57);
    assert_int_equal(ecs_parse_decimal("0.1", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(10, e, &out), ECS_OK);
    assert_int_equal(out, 11);
    /* brute force against integer arithmetic: M * (1000 + e) / 1000 */
    for (long m = 0; m <= 200; m++)
        for (long k = 0; k <= 1000; k += 7) {
            char buf[48];
            snprintf(buf, sizeof buf, "%ld.%03ld", k / 1000, k % 1000);
            assert_int_equal(ecs_parse_decimal(buf, &e), ECS_OK);
            assert_int_equal(ecs_decimal_extend(m, e, &out), ECS_OK);
            assert_int_equal(out, m * (1000 + k) / 1000);
        }
    /* E = 0 keeps M; M = 0 stays 0 */
    assert_int_equal(ecs_parse_decimal("0", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(33, e, &out), ECS_OK);
    assert_int_equal(out, 33);
    /* negative inputs: EINVAL; overflow: ELIMIT; out untouched */
    out = 5;
    assert_int_equal(ecs_parse_decimal("-0.1", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(10, e, &out), ECS_EINVAL);
    assert_int_equal(ecs_parse_decimal("0.1", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(-1, e, &out), ECS_EINVAL);
    assert_int_equal(ecs_parse_decimal("1", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(LONG_MAX, e, &out), ECS_ELIMIT);
    assert_int_equal(ecs_parse_decimal("999999999", &e), ECS_OK);
    assert_int_equal(ecs_decimal_extend(LONG_MAX / 1000, e, &out),
                     ECS_ELIMIT);
    assert_int_equal(out, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long),
        cmocka_unit_test(test_long_rejects),
        cmocka_unit_test(test_long_n),
        cmocka_unit_test(test_double),
        cmocka_unit_test(test_double_rejects),
        cmocka_unit_test(test_double_locale),
        cmocka_unit_test(test_decimal),
        cmocka_unit_test(test_extend),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
