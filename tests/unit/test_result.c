/* Result codes and diagnostics (include/ecsched/result.h): every code has
 * its own name and message, unknown codes are named as such, and a
 * diagnostic formats as "file:line: problem". */
#include "testutil.h"

#include "ecsched/result.h"

/* Every code, from the one list that defines them. */
static const ecs_result ALL[] = {
#define ALL_CODES(name, msg) ECS_##name,
    ECS_RESULT_MAP(ALL_CODES)
#undef ALL_CODES
};
#define NALL (sizeof ALL / sizeof *ALL)

static void test_names_and_messages(void **state)
{
    (void)state;
    assert_true(NALL >= 2);
    assert_int_equal(ECS_OK, 0); /* callers test `!= ECS_OK` and `!= 0` */
    for (size_t i = 0; i < NALL; i++) {
        const char *name = ecs_result_name(ALL[i]);
        const char *msg = ecs_strerror(ALL[i]);
        assert_non_null(name);
        assert_non_null(msg);
        assert_true(strlen(name) > 1);
        assert_true(strlen(msg) > 3);
        assert_string_not_equal(name, "UNKNOWN");
        assert_string_not_equal(msg, "unknown error");
        /* names are upper case: OK or E... */
        for (const char *p = name; *p; p++)
            assert_true(*p >= 'A' && *p <= 'Z');
        /* messages read as one lower-case clause without a final period */
        assert_true(msg[0] >= 'a' && msg[0] <= 'z');
        assert_true(msg[strlen(msg) - 1] != '.');
        for (size_t j = 0; j < i; j++) {
            assert_int_not_equal(ALL[i], ALL[j]);
            assert_string_not_equal(name, ecs_result_name(ALL[j]));
            assert_string_not_equal(msg, ecs_strerror(ALL[j]));
        }
    }
    /* a few by hand, as the commands print them */
    assert_string_equal(ecs_result_name(ECS_OK), "OK");
    assert_string_equal(ecs_strerror(ECS_OK), "success");
    assert_string_equal(ecs_result_name(ECS_EPARSE), "EPARSE");
    assert_string_equal(ecs_strerror(ECS_EPARSE), "malformed input");
    assert_string_equal(ecs_result_name(ECS_EINFEASIBLE), "EINFEASIBLE");
    assert_string_equal(ecs_strerror(ECS_ELIMIT),
                        "a size or time limit was reached");
}

static void test_unknown_codes(void **state)
{
    (void)state;
    const int odd[] = {-1, (int)NALL, (int)NALL + 1, 1000, -1000};
    for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
        assert_string_equal(ecs_result_name((ecs_result)odd[i]), "UNKNOWN");
        assert_string_equal(ecs_strerror((ecs_result)odd[i]),
                            "unknown error");
    }
}

static void test_diag(void **state)
{
    (void)state;
    ecs_diag d;
    char buf[ECS_DIAG_MSG_MAX + 300];
    assert_int_equal(ecs_diag_set(&d, ECS_EPARSE, "g.stg", 12,
                                  "task %d: %s", 7, "bad work"),
                     ECS_EPARSE);
    ecs_diag_format(&d, buf, sizeof buf);
    assert_string_equal(buf, "g.stg:12: task 7: bad work");
    /* no line, no file */
    ecs_diag_set(&d, ECS_EIO, "x.csv", 0, "cannot open");
    ecs_diag_format(&d, buf, sizeof buf);
    assert_string_equal(buf, "x.csv: cannot open");
    ecs_diag_set(&d, ECS_EINVAL, NULL, 5, "no file");
    ecs_diag_format(&d, buf, sizeof buf);
    assert_string_equal(buf, "no file");
    /* clear */
    ecs_diag_clear(&d);
    assert_string_equal(d.file, "");
    assert_int_equal(d.line, 0);
    assert_string_equal(d.msg, "");
    ecs_diag_format(&d, buf, sizeof buf);
    assert_string_equal(buf, "");
    /* NULL diagnostics are accepted and the code still comes back */
    ecs_diag_clear(NULL);
    assert_int_equal(ecs_diag_set(NULL, ECS_ENOMEM, NULL, 0, "x"),
                     ECS_ENOMEM);
    ecs_diag_format(NULL, buf, sizeof buf);
    assert_string_equal(buf, "");
    /* long messages and file names are cut, never overflow */
    char longname[600];
    memset(longname, 'a', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    ecs_diag_set(&d, ECS_EPARSE, longname, 3, "%s", longname);
    assert_int_equal(strlen(d.file), sizeof d.file - 1);
    assert_int_equal(strlen(d.msg), sizeof d.msg - 1);
    char small[8];
    ecs_diag_format(&d, small, sizeof small);
    assert_int_equal(strlen(small), 7);
    ecs_diag_format(&d, small, 0); /* size 0: nothing written */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_messages),
        cmocka_unit_test(test_unknown_codes),
        cmocka_unit_test(test_diag),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
