/* Report plots on a hand-made batch fixture: every value shown is checked
 * against a hand computation (tests/fixtures/report/). */
#include "testutil.h"

#include <jansson.h>
#include <unistd.h>

#include "report/plots.h"

#define FIX "tests/fixtures/report/"

typedef struct fixture {
    json_t *rows[64];
    size_t n;
    char dir[64];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    FILE *fp = fopen(FIX "results.jsonl", "r");
    if (f == NULL || fp == NULL)
        return -1;
    char line[4096];
    while (fgets(line, sizeof line, fp) && f->n < 64) {
        json_error_t e;
        f->rows[f->n] = json_loads(line, 0, &e);
        if (f->rows[f->n] == NULL)
            return -1;
        f->n++;
    }
    fclose(fp);
    snprintf(f->dir, sizeof f->dir, "/tmp/ecs-plots-XXXXXX");
    if (mkdtemp(f->dir) == NULL)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    for (size_t i = 0; i < f->n; i++)
        json_decref(f->rows[i]);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    if (system(cmd) != 0)
        return -1;
    free(f);
    return 0;
}

static char *slurp(const char *dir, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, fp);
    buf[got] = '\0';
    fclose(fp);
    return buf;
}

static void expect_in(const char *svg, const char *needle)
{
    if (strstr(svg, needle) == NULL) {
        print_error("SVG lacks '%s'\n", needle);
        fail();
    }
}

/* xmllint --noout on one file (the caller made sure xmllint exists). */
static void well_formed(const char *dir, const char *name)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "xmllint --noout '%s/%s'", dir, name);
    if (system(cmd) != 0) {
        print_error("%s/%s is not well-formed XML\n", dir, name);
        fail();
    }
}

/* The four plots of the fixture's rows and both landscapes, asserting
 * that all four are planned. */
static void write_all(const fixture *f, tool_report_plots_result *res)
{
    const char *land[] = {FIX "landscape_a.csv", FIX "landscape_b.csv"};
    ecs_diag d;
    assert_int_equal(tool_report_plots_write(f->rows, f->n, f->dir, land, 2,
                                            res, &d),
                     ECS_OK);
    assert_int_equal(res->n, 4);
}

static void test_all_plots(void **state)
{
    fixture *f = *state;
    tool_report_plots_result res;
    write_all(f, &res);
    for (size_t i = 0; i < res.n; i++)
        assert_true(res.plot[i].written);

    /* saving = 100 (1 - cost/base): sweep E=0: g1 5%, g2 5%; E=0.2: 20%,
     * 25%; binary 4%, 18%; milp E=0: 10% and 7.5% (time limit, still a
     * schedule), E=0.2: 30% (the crashed case is left out) */
    char *svg = slurp(f->dir, "saving_vs_extension.svg");
    assert_non_null(svg);
    expect_in(svg, "<title>sweep: 0%, 5%</title>");
    expect_in(svg, "<title>sweep: 20%, 22.5%</title>");
    expect_in(svg, "<title>binary: 0%, 4%</title>");
    expect_in(svg, "<title>binary: 20%, 18%</title>");
    expect_in(svg, "<title>milp: 0%, 8.75%</title>");
    expect_in(svg, "<title>milp: 20%, 30%</title>");
    assert_null(strstr(svg, "base:")); /* the base saves nothing by definition */
    free(svg);

    /* cost/optimum - 1: g1 E=0 sweep 95/90 (5.6%), binary 96/90 (6.7%);
     * E=0.2 sweep mean of 80/70 (14.29%) and g2's 150/140 from its own
     * "optimum" (7.14%) = 10.7%; binary 82/70 = 17.1%; g2 E=0 has no proven
     * optimum (MILP at its time limit) */
    svg = slurp(f->dir, "heuristic_over_optimal.svg");
    assert_non_null(svg);
    expect_in(svg, "<title>flat, E = 0, sweep: 5.6% (1 case)</title>");
    expect_in(svg, "<title>flat, E = 0, binary: 6.7% (1 case)</title>");
    expect_in(svg, "<title>flat, E = 0.2, sweep: 10.7% (2 cases)</title>");
    expect_in(svg, "<title>flat, E = 0.2, binary: 17.1% (1 case)</title>");
    expect_in(svg, "over 5 cases; 1 cases without a proven optimum left out");
    free(svg);

    /* no "tasks" key: by D'; the milp at D' = 20 took 60 s */
    svg = slurp(f->dir, "solver_time.svg");
    assert_non_null(svg);
    expect_in(svg, "<title>milp: 20, 60</title>");
    expect_in(svg, "<title>sweep: 24, 0.02</title>");
    expect_in(svg, "deadline D&apos; (slots)");
    free(svg);

    /* landscapes: a (B = 6, best 25) and b (B = 60, best 40):
     * at 50% of B: 30/25 = 1.2 and 44/40 = 1.1, mean 1.15; at 100%:
     * 28/25 = 1.12 and 52/40 = 1.3, mean 1.21; at 33.33% only b is
     * feasible: no mean there */
    svg = slurp(f->dir, "landscape.svg");
    assert_non_null(svg);
    expect_in(svg, "landscapes (where all are feasible): 50%, 1.15</title>");
    expect_in(svg, "landscapes (where all are feasible): 100%, 1.21</title>");
    assert_null(strstr(svg, "feasible): 33.3333%"));
    free(svg);
}

/* Every plot is well-formed XML (xmllint, from libxml2-utils: `make deps`
 * installs it); skipped, and said so, where xmllint is absent. */
static void test_well_formed(void **state)
{
    fixture *f = *state;
    if (system("command -v xmllint >/dev/null 2>&1") != 0) {
        fprintf(stderr, "skipped: xmllint absent, the SVG plots are not "
                        "checked for well-formedness (apt-get install "
                        "libxml2-utils)\n");
        skip();
    }
    tool_report_plots_result res;
    write_all(f, &res);
    for (size_t i = 0; i < res.n; i++) {
        assert_true(res.plot[i].written);
        well_formed(f->dir, res.plot[i].file);
    }
}

static void test_skips_without_data(void **state)
{
    fixture *f = *state;
    tool_report_plots_result res;
    ecs_diag d;
    /* only the base rows and the crashed row: nothing to plot but time */
    json_t *rows[2] = {f->rows[0], f->rows[10]};
    assert_int_equal(tool_report_plots_write(rows, 2, f->dir, NULL, 0, &res, &d),
                     ECS_OK);
    assert_int_equal(res.n, 4);
    assert_false(res.plot[0].written);
    assert_false(res.plot[1].written);
    assert_true(res.plot[2].written);
    assert_false(res.plot[3].written);
    assert_non_null(strstr(res.plot[3].note, "no --landscape files"));
}

static void test_bad_landscape(void **state)
{
    fixture *f = *state;
    const char *land[] = {FIX "landscape_bad.csv"};
    tool_report_plots_result res;
    ecs_diag d;
    assert_int_equal(tool_report_plots_write(f->rows, f->n, f->dir, land, 1,
                                            &res, &d),
                     ECS_EPARSE);
    assert_string_equal(d.file, FIX "landscape_bad.csv");
    assert_int_equal(d.line, 2);
    assert_non_null(strstr(d.msg, "feasible 'maybe'"));
    tool_landscape l;
    assert_int_equal(tool_landscape_read(FIX "landscape_b.csv", &l, &d), ECS_OK);
    assert_int_equal(l.n, 6); /* CRLF lines */
    assert_false(l.feasible[0]);
    assert_close(l.cost[5], 52, 0);
    assert_int_equal(l.makespan[5], 7);
    tool_landscape_release(&l);
    assert_int_equal(tool_landscape_read(FIX "nonexistent.csv", &l, &d),
                     ECS_EIO);
    /* rows of another width name the column (issue 28: a decimal comma
     * in this comma-separated file is a fifth field) */
    static const struct {
        const char *row, *msg;
    } bad[] = {
        {"0,95,1,12,5", "5 fields here, 4 in the header"},
        {"0.95,1,12,5,", "column 5 is beyond the last"},
        {"0.95,1,12", "column 4 ('makespan') is missing"},
        {"0.95", "column 2 ('feasible') is missing"},
    };
    char path[128];
    snprintf(path, sizeof path, "%s/land.csv", f->dir);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        FILE *fp = fopen(path, "w");
        assert_non_null(fp);
        fprintf(fp, "budget,feasible,cost,makespan\n1,1,10,4\n%s\n",
                bad[i].row);
        fclose(fp);
        assert_int_equal(tool_landscape_read(path, &l, &d), ECS_EPARSE);
        assert_int_equal(d.line, 3);
        if (strstr(d.msg, bad[i].msg) == NULL)
            print_error("'%s' lacks '%s'\n", d.msg, bad[i].msg);
        assert_non_null(strstr(d.msg, bad[i].msg));
    }
}

static void test_dir_is_a_file(void **state)
{
    fixture *f = *state;
    tool_report_plots_result res;
    ecs_diag d;
    assert_int_equal(tool_report_plots_write(f->rows, f->n, FIX "results.jsonl",
                                            NULL, 0, &res, &d),
                     ECS_EIO);
    assert_non_null(strstr(d.msg, "not a directory"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_all_plots, setup, teardown),
        cmocka_unit_test_setup_teardown(test_well_formed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_skips_without_data, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_landscape, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dir_is_a_file, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
