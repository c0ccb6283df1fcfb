/* Hardening (issue 17): size limits, bounded file reads, text encodings,
 * non-finite price figures, the output file writer. */
#include "testutil.h"

#include "ecsched/limits.h"
#include "ecsched/prices.h"
#include "ecsched/text.h"
#include "run/cli.h"
#include "run/output.h"

#include <fcntl.h>
#include <unistd.h>

static void test_limits_parse(void **state)
{
    (void)state;
    long long v = 0;
    assert_int_equal(ecs_limits_parse("10M", &v), 0);
    assert_true(v == 10000000LL);
    assert_int_equal(ecs_limits_parse("1Ki", &v), 0);
    assert_true(v == 1024);
    assert_int_equal(ecs_limits_parse("256Mi", &v), 0);
    assert_true(v == 256LL << 20);
    assert_int_equal(ecs_limits_parse("7", &v), 0);
    assert_true(v == 7);
    v = 42;
    assert_int_equal(ecs_limits_parse("0", &v), -1);
    assert_int_equal(ecs_limits_parse("-5", &v), -1);
    assert_int_equal(ecs_limits_parse("1x", &v), -1);
    assert_int_equal(ecs_limits_parse("1Mx", &v), -1);
    assert_int_equal(ecs_limits_parse("", &v), -1);
    assert_int_equal(ecs_limits_parse("99999999999999999999", &v), -1);
    assert_int_equal(ecs_limits_parse("9000000000G", &v), -1);
    assert_true(v == 42); /* untouched on failure */
}

static void test_limits_check(void **state)
{
    (void)state;
    ecs_limits l;
    ecs_limits_init(&l);
    assert_int_equal(ecs_limits_validate(&l, NULL), ECS_OK);
    ecs_diag d;
    assert_int_equal(ecs_limits_check(&l, ECS_LIMIT_SLOTS, (double)l.max_slots,
                                      NULL, 0, "x", &d),
                     ECS_OK);
    assert_int_equal(ecs_limits_check(&l, ECS_LIMIT_WORK, 3e9, "g.stg", 4,
                                      "task 1 has work", &d),
                     ECS_EINVAL);
    assert_string_equal(d.file, "g.stg");
    assert_int_equal(d.line, 4);
    assert_non_null(strstr(d.msg, "task 1 has work 3000000000"));
    assert_non_null(strstr(d.msg, "--max-work"));
    l.max_tasks = 0;
    assert_int_equal(ecs_limits_validate(&l, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "--max-tasks"));
}

static void test_read_file(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 7;
    ecs_diag d;
    assert_int_equal(ecs_read_file("tests/fixtures", 1000, &text, &len, &d),
                     ECS_EIO);
    assert_string_equal(d.msg, "is a directory");
    assert_null(text);
    assert_int_equal(ecs_read_file("/dev/zero", 100000, &text, &len, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "--max-input-bytes"));
    assert_null(text);
    assert_int_equal(ecs_read_file("tests/fixtures/tiny.stg", 1 << 20, &text,
                                   &len, &d),
                     ECS_OK);
    struct stat sb;
    assert_int_equal(stat("tests/fixtures/tiny.stg", &sb), 0);
    assert_int_equal(len, (size_t)sb.st_size);
    assert_int_equal(text[len], '\0');
    free(text);
    /* exactly at the limit passes, one byte less fails */
    assert_int_equal(ecs_read_file("tests/fixtures/tiny.stg", sb.st_size,
                                   &text, &len, &d),
                     ECS_OK);
    free(text);
    assert_int_equal(ecs_read_file("tests/fixtures/tiny.stg", sb.st_size - 1,
                                   &text, &len, &d),
                     ECS_EINVAL);
    assert_int_equal(ecs_read_file("no/such/file", 10, &text, &len, &d),
                     ECS_EIO);
}

static void test_utf8(void **state)
{
    (void)state;
    assert_true(ecs_utf8_valid("Preis (\xE2\x82\xAC/MWh)", 14));
    assert_true(ecs_utf8_valid("\xF0\x9F\x98\x80", 4));
    assert_false(ecs_utf8_valid("\x80", 1));          /* stray continuation */
    assert_false(ecs_utf8_valid("\xC0\x80", 2));      /* overlong NUL */
    assert_false(ecs_utf8_valid("\xE0\x80\x80", 3));  /* overlong */
    assert_false(ecs_utf8_valid("\xED\xA0\x80", 3));  /* surrogate */
    assert_false(ecs_utf8_valid("\xF4\x90\x80\x80", 4)); /* > U+10FFFF */
    assert_false(ecs_utf8_valid("\xE2\x82", 2));      /* truncated */
    size_t n = 0;
    char *u = ecs_cp1252_to_utf8("\x80 \xE9\x9F\x81", 5, &n);
    assert_non_null(u);
    /* U+20AC, space, U+00E9, U+0178, U+0081 */
    assert_string_equal(u, "\xE2\x82\xAC \xC3\xA9\xC5\xB8\xC2\x81");
    assert_int_equal(n, strlen(u));
    assert_true(ecs_utf8_valid(u, n));
    free(u);
    char *e = ecs_utf8_escape("t\xE9st\xE2\x82\xAC");
    assert_string_equal(e, "t\\xE9st\xE2\x82\xAC");
    free(e);
    json_t *j = ecs_json_text("a\xFF");
    assert_non_null(j);
    assert_string_equal(json_string_value(j), "a\\xFF");
    json_decref(j);
}

static void test_price_figures_finite(void **state)
{
    (void)state;
    double v[3] = {1e308, 1e308, 1e308};
    ecs_price_stats st;
    ecs_prices_stats(v, 3, &st);
    assert_true(isfinite(st.mean));
    assert_close(st.mean / 1e308, 1.0, 1e-12);
    double w[2] = {1.0, 3.0}; /* the ordinary path is unchanged */
    ecs_prices_stats(w, 2, &st);
    assert_close(st.mean, 2.0, 0.0);
    /* normalising -1e308 by 1e-300 overflows: an error naming the file */
    const char *csv = "time,price\n2016-01-01T00:00Z,-1e308\n"
                      "2016-01-01T01:00Z,1e-300\n";
    ecs_price_options o;
    ecs_price_options_init(&o);
    ecs_price_series s;
    ecs_diag d;
    assert_int_equal(ecs_prices_read_buffer(csv, strlen(csv), "n.csv", &o, &s,
                                            &d),
                     ECS_OK);
    ecs_price_resampled r;
    assert_int_equal(ecs_prices_resample(&s, &o, 2, &r, &d), ECS_OK);
    ecs_slot_prices sp;
    assert_int_equal(ecs_prices_slots(&s, &r, &o, 2, &sp, &d), ECS_EINVAL);
    assert_string_equal(d.file, "n.csv");
    assert_non_null(strstr(d.msg, "not a finite number"));
    assert_null(sp.price);
    ecs_price_resampled_release(&r);
    ecs_price_series_release(&s);
}

static void test_write_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/ecs_harden_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], link[128];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    ecs_diag d;
    assert_int_equal(tool_write_file(path, "one\n", &d), ECS_OK);
    assert_int_equal(chmod(path, 0604), 0);
    assert_int_equal(tool_write_file(path, "two\n", &d), ECS_OK);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0604);
    assert_int_equal(sb.st_size, 4);
    /* a symlink to /dev/null: written through, neither replaced */
    snprintf(link, sizeof link, "%s/null", dir);
    assert_int_equal(symlink("/dev/null", link), 0);
    assert_int_equal(tool_write_file(link, "x\n", &d), ECS_OK);
    assert_int_equal(lstat(link, &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    assert_int_equal(stat("/dev/null", &sb), 0);
    assert_true(S_ISCHR(sb.st_mode));
    assert_int_equal(tool_write_file(dir, "x\n", &d), ECS_EIO);
    assert_string_equal(d.msg, "is a directory");
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limits_parse),
        cmocka_unit_test(test_limits_check),
        cmocka_unit_test(test_read_file),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_price_figures_finite),
        cmocka_unit_test(test_write_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
