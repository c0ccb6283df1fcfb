/* The interval-cost DP (profile.h): hand-computed profiles, brute force over
 * every frequency vector, and the three entry points against each other
 * (bit for bit). */
#include "testutil.h"

#include "ecsched/platform.h"
#include "ecsched/profile.h"

static void platform(ecs_platform *p, const char *freqs, const char *power)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, freqs, NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_power(p, power, NULL), ECS_OK);
}

/* One unit over prices (1, 0.5), F default, quadratic: 0.4 then 0.6 costs
 * 0.16 + 0.36 * 0.5 = 0.34; 0.6/0.4 costs 0.44, 0.2/0.8 0.36, 0/1 0.5. */
static void test_hand_two_slots(void **state)
{
    (void)state;
    ecs_platform p;
    platform(&p, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    double price[] = {1.0, 0.5};
    unsigned char f[2];
    double c = -1.0;
    assert_int_equal(ecs_profile_cheapest(&p, price, 1, 0, 1, f, &c), ECS_OK);
    assert_close(c, 0.34, 1e-12);
    assert_int_equal(f[0], 3); /* 0.4 */
    assert_int_equal(f[1], 2); /* 0.6 */
    /* two units in two slots: f = 1 in both */
    assert_int_equal(ecs_profile_cheapest(&p, price, 2, 0, 1, f, &c), ECS_OK);
    assert_close(c, 1.5, 1e-12);
    /* three units cannot fit two slots */
    assert_int_equal(ecs_profile_cheapest(&p, price, 3, 0, 1, f, &c),
                     ECS_EINFEASIBLE);
}

/* A negative price pays for more work than needed: one unit over
 * (-1, 1): f = 1 in the first slot (-1), nothing in the second. */
static void test_negative_price(void **state)
{
    (void)state;
    ecs_platform p;
    platform(&p, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    double price[] = {-1.0, 1.0, -0.5};
    unsigned char f[3];
    double c = 0.0;
    assert_int_equal(ecs_profile_cheapest(&p, price, 1, 0, 2, f, &c), ECS_OK);
    assert_close(c, -1.5, 1e-12);
    assert_int_equal(f[0], 0);
    assert_int_equal(f[1], 5);
    assert_int_equal(f[2], 0);
}

/* Every frequency vector of the interval, the cheapest that finishes. */
static double brute(const ecs_platform *p, const double *price, long work,
                    long s, long e)
{
    long len = e - s + 1;
    int k[8] = {0};
    double best = HUGE_VAL;
    for (;;) {
        long done = 0;
        double c = 0.0;
        for (long t = 0; t < len; t++) {
            done += p->freq_q[k[t]];
            c += p->power_of[k[t]] * price[s + t];
        }
        if (done >= work * p->grid && c < best)
            best = c;
        long t = 0;
        while (t < len && ++k[t] == (int)p->nfreq)
            k[t++] = 0;
        if (t == len)
            return best;
    }
}

static void check_against_brute(const char *freqs, const char *power)
{
    ecs_platform p;
    platform(&p, freqs, power);
    double price[] = {0.7, -0.2, 1.0, 0.3, 0.9, 0.55};
    double scratch[2 * (4 * 100 + 1)];
    double row[6], win[36];
    for (long work = 1; work <= 3; work++) {
        assert_true(ecs_profile_scratch(&p, work) <= 2 * (4 * 100 + 1));
        ecs_profile_window(&p, price, work, 1, 5, win, scratch);
        for (long s = 0; s < 6; s++) {
            long len = 6 - s > 5 ? 5 : 6 - s;
            ecs_profile_costs_from(&p, price, work, s, len, row, scratch);
            for (long t = 0; t < len; t++) {
                double b = brute(&p, price, work, s, s + t);
                unsigned char f[6];
                double c = 0.0;
                ecs_result rc = ecs_profile_cheapest(&p, price, work, s,
                                                     s + t, f, &c);
                if (b == HUGE_VAL) {
                    assert_int_equal(rc, ECS_EINFEASIBLE);
                    assert_true(row[t] == HUGE_VAL);
                    continue;
                }
                assert_int_equal(rc, ECS_OK);
                assert_close(c, b, 1e-12);
                assert_true(c == row[t]); /* bit for bit */
                long done = 0;
                double again = 0.0;
                for (long u = 0; u <= t; u++) {
                    done += p.freq_q[f[u]];
                    again += p.power_of[f[u]] * price[s + u];
                }
                assert_true(done >= work * p.grid);
                assert_close(again, c, 1e-12);
                if (s >= 1 && s + t <= 5)
                    assert_true(win[(s - 1) * 5 + (s - 1 + t)] == row[t]);
            }
        }
        for (long a = 0; a < 5; a++)
            for (long b = 0; b < a; b++)
                assert_true(win[a * 5 + b] == HUGE_VAL);
    }
}

static void test_brute_force(void **state)
{
    (void)state;
    check_against_brute("1,0.8,0.6,0.4,0.2,0", "quadratic");
    check_against_brute("1,0.75,0.5,0.25", "static:0.4");
    check_against_brute("1,0.5,0", "static:0.2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_two_slots),
        cmocka_unit_test(test_negative_price),
        cmocka_unit_test(test_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
