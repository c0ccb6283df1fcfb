/* Cap cuts of the extended model's profile LP (solver/milp/milp_ext_cut.c,
 * docs/MODEL.md "Column generation, extended model", "Cap cuts"): every
 * cut holds on every integer point of a slot under its cap, found by an
 * enumeration of its own here, and is violated by the point it was
 * separated from; the hand example's cut is the clique it must be. */
#include "testutil.h"

#include "milp/milp_internal.h"

/* x: the items' counts; 1 when they fit the classes' counts and the cap */
static int fits(size_t m, const int *cls, const double *e, const int *cnt,
                size_t ncls, double cap, const int *x)
{
    int used[8] = {0};
    double d = 0.0;
    for (size_t j = 0; j < m; j++) {
        used[cls[j]] += x[j];
        d += e[j] * x[j];
    }
    for (size_t c = 0; c < ncls; c++)
        if (used[c] > cnt[c])
            return 0;
    return d <= cap;
}

/* The largest a . x over the integer points (odometer over 0..cnt). */
static double max_over_points(size_t m, const int *cls, const double *e,
                              const int *cnt, size_t ncls, double cap,
                              const double *a, long *npts)
{
    int x[16] = {0};
    double best = 0.0;
    *npts = 0;
    for (;;) {
        if (fits(m, cls, e, cnt, ncls, cap, x)) {
            double s = 0.0;
            for (size_t j = 0; j < m; j++)
                s += a[j] * x[j];
            if (s > best)
                best = s;
            (*npts)++;
        }
        size_t j = 0;
        while (j < m && x[j] == cnt[cls[j]])
            x[j++] = 0;
        if (j == m)
            break;
        x[j]++;
    }
    return best;
}

static double urand(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / 9007199254740992.0;
}

/* Random slots: two or three classes of one or two PEs, one to three
 * frequencies each, a cap; the point: a random LP point (each class's
 * counts a random split of at most its PEs, scaled down under the cap).
 * Every cut found holds on every integer point and cuts the point. */
static void test_cap_cut_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 37012;
    int found = 0, draws = 0;
    for (int r = 0; r < 300; r++) {
        size_t ncls = 2 + (size_t)(urand(&seed) * 2);
        int cnt[3];
        int cls[9];
        double e[9], zs[9], a[9], b;
        size_t m = 0;
        double total = 0.0;
        for (size_t c = 0; c < ncls; c++) {
            cnt[c] = 1 + (int)(urand(&seed) * 2);
            size_t nf = 1 + (size_t)(urand(&seed) * 3);
            double share = urand(&seed) * cnt[c];
            for (size_t f = 0; f < nf; f++) {
                cls[m] = (int)c;
                e[m] = 0.1 + 2.0 * urand(&seed);
                zs[m] = share / (double)nf;
                total += e[m] * zs[m];
                m++;
            }
        }
        double cap = 0.3 + 3.0 * urand(&seed);
        if (total > cap)
            for (size_t j = 0; j < m; j++)
                zs[j] *= cap / total;
        draws++;
        int rc = milp_ext_cap_cut(m, cls, e, ncls, cnt, cap, zs, 100000,
                                  1e-6, a, &b);
        assert_true(rc == 0 || rc == 1);
        if (rc == 0)
            continue;
        found++;
        long npts;
        double mx = max_over_points(m, cls, e, cnt, ncls, cap, a, &npts);
        assert_true(npts >= 1);
        if (mx > b + 1e-9) {
            print_error("draw %d: a cut removes an integer point (max %.9f "
                        "above %.9f)\n", r, mx, b);
            fail();
        }
        double lhs = 0.0;
        for (size_t j = 0; j < m; j++) {
            assert_true(a[j] >= 0.0);
            lhs += a[j] * zs[j];
        }
        assert_true(lhs > b + 1e-6);
        /* the enumeration of milp_ext_cap_points: the same points */
        int *pts;
        long np = milp_ext_cap_points(m, cls, e, ncls, cnt, cap, 100000,
                                      &pts);
        assert_int_equal(np, npts);
        free(pts);
    }
    assert_true(found >= 20); /* the cuts are exercised */
    print_message("cap cuts: %d of %d random slots cut, every cut valid\n",
                  found, draws);
}

/* By hand (mix at P = 4 in kW above idle: fast at f = 1 draws 2.0, mid at
 * f = 1 0.75, a cap of 2.13): the integer points are 0, fast alone and mid
 * alone, so the hull is z_fast + z_mid <= 1; the LP point (0.7, 0.97)
 * fits the cap (2.1275) and breaks it. */
static void test_cap_cut_by_hand(void **state)
{
    (void)state;
    int cls[2] = {0, 1}, cnt[2] = {1, 1};
    double e[2] = {2.0, 0.75}, zs[2] = {0.7, 0.97}, a[2], b;
    assert_int_equal(milp_ext_cap_cut(2, cls, e, 2, cnt, 2.13, zs, 1000, 1e-6,
                                      a, &b),
                     1);
    assert_true(a[0] > 0.0);
    assert_close(a[1], a[0], 1e-9);
    assert_close(b, a[0], 1e-9);
    /* nothing to cut at an integer point or inside the hull */
    double z2[2] = {0.5, 0.5};
    assert_int_equal(milp_ext_cap_cut(2, cls, e, 2, cnt, 2.13, z2, 1000,
                                      1e-6, a, &b),
                     0);
    /* too many points: no cut */
    assert_int_equal(milp_ext_cap_cut(2, cls, e, 2, cnt, 2.13, zs, 2, 1e-6,
                                      a, &b),
                     0);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_cap_cut_by_hand),
        cmocka_unit_test(test_cap_cut_brute_force),
    };
    return tu_run(quick, sizeof quick / sizeof *quick, NULL, 0);
}
