/* Resampling, repetition, normalisation and the built-ins. */
#include "testutil.h"

#include "ecsched/prices.h"

static ecs_price_options opts(int slot_minutes)
{
    ecs_price_options o;
    ecs_price_options_init(&o);
    o.slot_minutes = slot_minutes;
    return o;
}

/* Series from a text fixture, resampled, then nslots slots. */
static ecs_result slots_of(const char *text, const ecs_price_options *o,
                           size_t nslots, ecs_price_resampled *r,
                           ecs_slot_prices *sp, ecs_diag *d)
{
    ecs_price_series s;
    ecs_result rc = ecs_prices_read_buffer(text, strlen(text), "fx.csv", o,
                                           &s, d);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_prices_resample(&s, o, nslots, r, d);
    if (rc == ECS_OK)
        rc = ecs_prices_slots(&s, r, o, nslots, sp, d);
    ecs_price_series_release(&s);
    return rc;
}

static const char *QUARTERS = "timestamp,price\n"
                              "2024-01-01T00:00Z,1\n2024-01-01T00:15Z,2\n"
                              "2024-01-01T00:30Z,3\n2024-01-01T00:45Z,6\n"
                              "2024-01-01T01:00Z,-4\n2024-01-01T01:15Z,0\n"
                              "2024-01-01T01:30Z,0\n2024-01-01T01:45Z,0\n";

static void test_finer_series_averaged(void **state)
{
    (void)state;
    ecs_price_options o = opts(60);
    ecs_price_resampled r;
    ecs_slot_prices sp;
    ecs_diag d;
    assert_int_equal(slots_of(QUARTERS, &o, 2, &r, &sp, &d), ECS_OK);
    assert_int_equal(r.m, 2);
    assert_close(r.value[0], 3.0, 1e-12);  /* (1+2+3+6)/4 */
    assert_close(r.value[1], -1.0, 1e-12); /* (-4+0+0+0)/4 */
    assert_close(sp.normalized_by, 3.0, 0);
    assert_close(sp.price[0], 1.0, 1e-12);
    assert_close(sp.price[1], -1.0 / 3.0, 1e-12);
    assert_false(sp.repeated);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
    /* 30-minute slots: pairs */
    o = opts(30);
    assert_int_equal(slots_of(QUARTERS, &o, 4, &r, &sp, &d), ECS_OK);
    assert_close(r.value[0], 1.5, 1e-12);
    assert_close(r.value[1], 4.5, 1e-12);
    assert_close(r.value[2], -2.0, 1e-12);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
}

static void test_coarser_series_repeated(void **state)
{
    (void)state;
    ecs_price_options o = opts(15);
    ecs_price_resampled r;
    ecs_slot_prices sp;
    ecs_diag d;
    assert_int_equal(slots_of("timestamp,price\n2024-01-01T00:00Z,8\n"
                              "2024-01-01T01:00Z,4\n",
                              &o, 8, &r, &sp, &d), ECS_OK);
    assert_int_equal(r.m, 8);
    for (int l = 0; l < 8; l++)
        assert_close(sp.price[l], l < 4 ? 1.0 : 0.5, 0);
    assert_false(sp.repeated);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
}

static void test_weighted_and_partial(void **state)
{
    (void)state;
    /* 30 min at 10, 60 min at 40: the first hour averages 10 and 40
     * by time; the last slot is half covered and averages that half. */
    ecs_price_options o = opts(60);
    ecs_price_resampled r;
    ecs_slot_prices sp;
    ecs_diag d;
    assert_int_equal(slots_of("MTU (UTC),price\n"
                              "01/01/2024 00:00:00 - 01/01/2024 00:30:00,10\n"
                              "01/01/2024 00:30:00 - 01/01/2024 01:30:00,40\n",
                              &o, 2, &r, &sp, &d), ECS_OK);
    assert_int_equal(r.m, 2);
    assert_close(r.value[0], 25.0, 1e-12);
    assert_close(r.value[1], 40.0, 1e-12);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
}

static const char *HOURS4 = "timestamp,price\n"
                            "2024-01-01T00:00Z,1\n2024-01-01T01:00Z,2\n"
                            "2024-01-01T02:00Z,3\n2024-01-01T03:00Z,4\n";

static void test_repeat_and_no_repeat(void **state)
{
    (void)state;
    ecs_price_options o = opts(60);
    ecs_price_resampled r;
    ecs_slot_prices sp;
    ecs_diag d;
    assert_int_equal(slots_of(HOURS4, &o, 10, &r, &sp, &d), ECS_OK);
    assert_true(sp.repeated);
    assert_int_equal(sp.n, 10);
    assert_int_equal(sp.cycle, 4);
    for (int l = 0; l < 10; l++)
        assert_close(sp.price[l], (l % 4 + 1) / 4.0, 1e-12);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
    /* fewer slots than the series: normalised by the whole series */
    assert_int_equal(slots_of(HOURS4, &o, 2, &r, &sp, &d), ECS_OK);
    assert_int_equal(sp.n, 2);
    assert_false(sp.repeated);
    assert_close(sp.normalized_by, 4.0, 0);
    assert_close(sp.price[1], 0.5, 0);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
    o.no_repeat = 1;
    assert_int_equal(slots_of(HOURS4, &o, 5, &r, &sp, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "--no-repeat"));
    ecs_price_resampled_release(&r);
    assert_int_equal(slots_of(HOURS4, &o, 4, &r, &sp, &d), ECS_OK);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
}

static void test_start(void **state)
{
    (void)state;
    ecs_price_options o = opts(60);
    ecs_price_resampled r;
    ecs_slot_prices sp;
    ecs_diag d;
    snprintf(o.start, sizeof o.start, "2024-01-01T03:00+01:00");
    assert_int_equal(slots_of(HOURS4, &o, 3, &r, &sp, &d), ECS_OK);
    assert_int_equal(r.m, 2); /* 02:00Z and 03:00Z */
    assert_close(r.value[0], 3, 0);
    assert_close(sp.normalized_by, 4, 0);
    assert_close(sp.price[2], 0.75, 0);
    assert_true(sp.repeated);
    ecs_price_resampled_release(&r);
    ecs_slot_prices_release(&sp);
    snprintf(o.start, sizeof o.start, "2024-01-01T04:00Z");
    assert_int_equal(slots_of(HOURS4, &o, 3, &r, &sp, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "outside the series"));
    ecs_price_resampled_release(&r);
}

static void test_norm_factor(void **state)
{
    (void)state;
    const double mixed[] = {-135.45, 170.72, 3};
    const double neg[] = {-3, -7.5, -1};
    const double zero[] = {0, 0};
    const double negzero[] = {-2, 0};
    assert_close(ecs_prices_norm_factor(mixed, 3), 170.72, 0);
    assert_close(ecs_prices_norm_factor(neg, 3), 7.5, 0);
    assert_close(ecs_prices_norm_factor(zero, 2), 1, 0);
    assert_close(ecs_prices_norm_factor(negzero, 2), 2, 0);
    assert_close(ecs_prices_norm_factor(NULL, 0), 1, 0);
    ecs_price_stats st;
    ecs_prices_stats(mixed, 3, &st);
    assert_close(st.min, -135.45, 0);
    assert_close(st.max, 170.72, 0);
    assert_close(st.mean, (-135.45 + 170.72 + 3) / 3, 1e-12);
}

static void test_synthetic_builtins(void **state)
{
    (void)state;
    ecs_price_options o = opts(60);
    ecs_slot_prices sp;
    ecs_diag d;
    assert_int_equal(ecs_prices_resolve("flat", &o, 100, &sp, &d), ECS_OK);
    for (int l = 0; l < 100; l++)
        assert_close(sp.price[l], 1, 0);
    assert_false(sp.repeated);
    assert_close(sp.normalized_by, 1, 0);
    ecs_slot_prices_release(&sp);
    /* increasing over 25 slots: 10 x 20, then 20, 30, 40, 50, 60 */
    assert_int_equal(ecs_prices_resolve("increasing", &o, 25, &sp, &d), ECS_OK);
    assert_close(sp.normalized_by, 60, 0);
    assert_close(sp.price[19], 10.0 / 60, 1e-12);
    assert_close(sp.price[20], 20.0 / 60, 1e-12);
    assert_close(sp.price[24], 1, 1e-12);
    assert_false(sp.repeated);
    ecs_slot_prices_release(&sp);
    assert_int_equal(ecs_prices_resolve("alternating", &o, 5, &sp, &d), ECS_OK);
    assert_close(sp.normalized_by, 50, 0);
    assert_close(sp.price[0], 0.1, 1e-12);
    assert_close(sp.price[1], 1, 0);
    assert_close(sp.price[4], 0.1, 1e-12);
    assert_false(sp.repeated);
    ecs_slot_prices_release(&sp);
    o.no_repeat = 1; /* periodic by definition: never "repeated" */
    assert_int_equal(ecs_prices_resolve("alternating", &o, 50, &sp, &d), ECS_OK);
    ecs_slot_prices_release(&sp);
    assert_int_equal(ecs_prices_resolve("nosuch", &o, 5, &sp, &d), ECS_EIO);
    snprintf(o.start, sizeof o.start, "2024-01-01T00:00Z");
    assert_int_equal(ecs_prices_resolve("flat", &o, 5, &sp, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "--start does not apply"));
}

/* The compiled-in day equals the bundled data file, value by value. */
static void test_epex_matches_data_file(void **state)
{
    (void)state;
    ecs_price_options o = opts(60);
    ecs_price_series b, f;
    ecs_diag d;
    assert_int_equal(ecs_prices_builtin("epex-2016-10-19", &b, &d), ECS_OK);
    assert_int_equal(ecs_prices_read_file("data/prices/de_at_lu_2016-10-19_hourly.csv",
                                          &o, &f, &d), ECS_OK);
    assert_int_equal(b.n, 24);
    assert_int_equal(f.n, 24);
    for (size_t i = 0; i < 24; i++) {
        assert_true(b.pt[i].start == f.pt[i].start);
        assert_int_equal(b.pt[i].minutes, 60);
        assert_close(b.pt[i].price, f.pt[i].price, 0);
    }
    assert_string_equal(b.unit, "EUR/MWh");
    ecs_price_series_release(&b);
    ecs_price_series_release(&f);
    /* the paper's 100 slots: the day repeated, max 49.29 */
    ecs_slot_prices sp;
    assert_int_equal(ecs_prices_resolve("epex-2016-10-19", &o, 100, &sp, &d),
                     ECS_OK);
    assert_true(sp.repeated);
    assert_close(sp.normalized_by, 49.29, 0);
    assert_close(sp.price[10], 1, 0);
    assert_close(sp.price[24 + 2], 28.95 / 49.29, 1e-12);
    assert_close(sp.price[99], 29.08 / 49.29, 1e-12); /* 99 mod 24 = 3 */
    ecs_slot_prices_release(&sp);
    /* quarter-hour slots repeat each hour four times */
    o.slot_minutes = 15;
    assert_int_equal(ecs_prices_resolve("epex-2016-10-19", &o, 96, &sp, &d),
                     ECS_OK);
    assert_false(sp.repeated);
    assert_close(sp.price[43], 1, 0);
    assert_close(sp.price[95], 31.26 / 49.29, 1e-12);
    ecs_slot_prices_release(&sp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finer_series_averaged),
        cmocka_unit_test(test_coarser_series_repeated),
        cmocka_unit_test(test_weighted_and_partial),
        cmocka_unit_test(test_repeat_and_no_repeat),
        cmocka_unit_test(test_start),
        cmocka_unit_test(test_norm_factor),
        cmocka_unit_test(test_synthetic_builtins),
        cmocka_unit_test(test_epex_matches_data_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
