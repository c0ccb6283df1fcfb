/* Growing arrays of the command side (cli/run/grow.h): a full array
 * doubles from its first capacity, keeps its elements, and an impossible
 * size fails without touching the array. */
#include "testutil.h"

#include "run/grow.h"
#include "report/sample.h"

static void test_doubles_and_keeps(void **state)
{
    (void)state;
    long *a = NULL;
    size_t n = 0, cap = 0;
    for (long i = 0; i < 1000; i++) {
        size_t before = cap;
        assert_int_equal(tool_grow(&a, n, &cap, sizeof *a, 8), 0);
        /* grows only when full: 8, 16, 32, ... */
        if (n < before)
            assert_int_equal(cap, before);
        else
            assert_int_equal(cap, before ? 2 * before : 8);
        assert_true(n < cap);
        a[n++] = i * i;
    }
    assert_int_equal(cap, 1024);
    for (long i = 0; i < 1000; i++)
        assert_true(a[i] == i * i);
    free(a);
}

static void test_overflow_leaves_array(void **state)
{
    (void)state;
    double *v = malloc(4 * sizeof *v);
    assert_non_null(v);
    v[3] = 2.5;
    double *keep = v;
    assert_int_equal(tool_resize(&v, SIZE_MAX / 2, sizeof *v), -1);
    assert_ptr_equal(v, keep);
    size_t cap = SIZE_MAX / 2 + 1; /* doubling would overflow the bytes */
    assert_int_equal(tool_grow(&v, cap, &cap, sizeof *v, 8), -1);
    assert_int_equal(cap, SIZE_MAX / 2 + 1);
    assert_ptr_equal(v, keep);
    assert_true(v[3] == 2.5);
    free(v);
}

/* The one statistics module on top of it: mean and median by hand. */
static void test_sample(void **state)
{
    (void)state;
    tool_sample s;
    memset(&s, 0, sizeof s);
    assert_true(isnan(tool_sample_mean(&s)));
    for (int i = 100; i >= 1; i--)
        assert_int_equal(tool_sample_add(&s, (double)i), 0);
    assert_int_equal(s.n, 100);
    assert_close(tool_sample_sum(&s), 5050.0, 1e-9);
    assert_close(tool_sample_mean(&s), 50.5, 1e-12);
    assert_close(tool_sample_max(&s), 100.0, 0);
    assert_close(tool_sample_median(&s), 50.5, 1e-12); /* (50 + 51) / 2 */
    tool_sample_release(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doubles_and_keeps),
        cmocka_unit_test(test_overflow_leaves_array),
        cmocka_unit_test(test_sample),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
