/* Timestamps of price files against hand-computed UTC seconds. */
#include "testutil.h"

#include "ecsched/prices.h"

/* 2016-10-18T22:00Z: 17092 days after 1970-01-01, plus 22 hours. */
#define T_2016_10_18_22 (17092LL * 86400 + 22 * 3600)

static long long parse_ok(const char *s, int have, int off)
{
    long long t = 0;
    ecs_diag d;
    ecs_result rc = ecs_prices_time_parse(s, have, off, &t, &d);
    if (rc != ECS_OK)
        print_error("%s: %s\n", s, d.msg);
    assert_int_equal(rc, ECS_OK);
    return t;
}

static void test_iso_offsets(void **state)
{
    (void)state;
    assert_true(parse_ok("2016-10-19T00:00:00+02:00", 0, 0) == T_2016_10_18_22);
    assert_true(parse_ok("2016-10-19T00:00:00+0200", 0, 0) == T_2016_10_18_22);
    assert_true(parse_ok("2016-10-19T00:00+02", 0, 0) == T_2016_10_18_22);
    assert_true(parse_ok("2016-10-18T22:00:00Z", 0, 0) == T_2016_10_18_22);
    assert_true(parse_ok("2016-10-18 17:00:00-05:00", 0, 0) == T_2016_10_18_22);
    assert_true(parse_ok("2016-10-18T22:00:00.000Z", 0, 0) == T_2016_10_18_22);
    /* the written offset wins over --utc-offset */
    assert_true(parse_ok("2016-10-18T22:00Z", 1, 600) == T_2016_10_18_22);
}

static void test_naive_and_layouts(void **state)
{
    (void)state;
    long long t;
    ecs_diag d;
    assert_int_equal(ecs_prices_time_parse("2016-10-19 00:00", 0, 0, &t, &d),
                     ECS_EPARSE);
    assert_non_null(strstr(d.msg, "--utc-offset"));
    assert_true(parse_ok("2016-10-19 00:00", 1, 120) == T_2016_10_18_22);
    assert_true(parse_ok("2016/10/19 08:00:00", 1, 600) == T_2016_10_18_22);
    assert_true(parse_ok("19/10/2016 00:00:00", 1, 120) == T_2016_10_18_22);
    assert_true(parse_ok("19.10.2016 00:00", 1, 120) == T_2016_10_18_22);
    assert_true(parse_ok("2016-10-19", 1, 0) == T_2016_10_18_22 + 7200);
}

static void test_bad_times(void **state)
{
    (void)state;
    static const char *bad[] = {"2023-02-29T00:00Z", "2016-13-01T00:00Z",
                                "2016-10-19T24:00Z", "2016-10-19T00:00+25:00",
                                "2016-10-19T00:00 junk", "20161019", "",
                                "2016-10-19T0:00Z"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        long long t;
        ecs_diag d;
        if (ecs_prices_time_parse(bad[i], 1, 0, &t, &d) != ECS_EPARSE) {
            print_error("'%s' accepted\n", bad[i]);
            fail();
        }
    }
    /* a leap day is a date */
    assert_true(parse_ok("2024-02-29T00:00Z", 0, 0) ==
                (19782LL) * 86400);
}

static void test_format(void **state)
{
    (void)state;
    char buf[32];
    ecs_prices_time_format(T_2016_10_18_22, buf, sizeof buf);
    assert_string_equal(buf, "2016-10-18T22:00Z");
    ecs_prices_time_format(0, buf, sizeof buf);
    assert_string_equal(buf, "1970-01-01T00:00Z");
    ecs_prices_time_format(-60, buf, sizeof buf);
    assert_string_equal(buf, "1969-12-31T23:59Z");
    ecs_prices_time_format(19782LL * 86400, buf, sizeof buf);
    assert_string_equal(buf, "2024-02-29T00:00Z");
}

static void test_options(void **state)
{
    (void)state;
    ecs_price_options o;
    ecs_diag d;
    ecs_price_options_init(&o);
    assert_int_equal(o.slot_minutes, 60);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET,
                                           "-0530", &d), ECS_OK);
    assert_int_equal(o.utc_offset_minutes, -330);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET, "+1",
                                           &d), ECS_EINVAL);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_FILTER,
                                           "PriceArea=DK1", &d), ECS_OK);
    assert_string_equal(o.filter_column, "PriceArea");
    assert_string_equal(o.filter_value, "DK1");
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_FILTER, "=x", &d),
                     ECS_EINVAL);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_FILL, "linear",
                                           &d), ECS_OK);
    assert_int_equal(o.fill, ECS_PRICE_FILL_LINEAR);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_STAMP, "middle",
                                           &d), ECS_EINVAL);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_SLOT_MINUTES,
                                           "0", &d), ECS_EINVAL);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_START,
                                           "tomorrow", &d), ECS_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_iso_offsets),
        cmocka_unit_test(test_naive_and_layouts),
        cmocka_unit_test(test_bad_times),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
