/* The STG reader itself (include/ecsched/stg.h): the three layouts, dummy
 * tasks, comments and the "#" block, token-based reading, and every
 * malformed-input message with its line.  Graph figures are checked against
 * hand counts of the inputs here, and for the shared files against the
 * file's own header and "CP Length" (an independent source). */
#include "testutil.h"

#include "ecsched/graph.h"
#include "ecsched/stg.h"

static ecs_graph *read_ok(const char *text, ecs_stg_format fmt)
{
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_stg_read_buffer(text, strlen(text), "t.stg", fmt, &g,
                                        &d);
    if (rc != ECS_OK) {
        print_error("read failed: %s:%ld: %s\n", d.file, d.line, d.msg);
        fail();
    }
    assert_non_null(g);
    return g;
}

/* 1 if task id `a` precedes task id `b` directly. */
static int has_edge(const ecs_graph *g, long a, long b)
{
    size_t u = ecs_graph_find(g, a), v = ecs_graph_find(g, b);
    assert_true(u != (size_t)-1 && v != (size_t)-1);
    for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
        if (g->pred[e] == u)
            return 1;
    return 0;
}

static long work_of(const ecs_graph *g, long id)
{
    size_t i = ecs_graph_find(g, id);
    assert_true(i != (size_t)-1);
    return g->work[i];
}

/* Standard layout: header n, dummy entry 0 and exit n+1 with work 0. */
static void test_standard(void **state)
{
    (void)state;
    /* 1 (2) -> 2 (3), 1 -> 3 (1); CP = 2 + 3 = 5; work 6 */
    const char *text = "3\n"
                       "0 0 0\n"
                       "1 2 1 0\n"
                       "2 3 1 1\n"
                       "3 1 1 1\n"
                       "4 0 2 2 3\n"
                       "# Precedence constraints generator : sameprob\n"
                       "# CP Length : 5\n"
                       "# Parallelism : 1.2\n";
    ecs_graph *g = read_ok(text, ECS_STG_AUTO);
    assert_int_equal(g->format, ECS_STG_STANDARD);
    assert_int_equal(g->n, 5);
    assert_int_equal(g->nedges, 5);
    assert_true(g->dummy[ecs_graph_find(g, 0)]);
    assert_true(g->dummy[ecs_graph_find(g, 4)]);
    assert_false(g->dummy[ecs_graph_find(g, 2)]);
    assert_int_equal(work_of(g, 2), 3);
    assert_true(has_edge(g, 0, 1));
    assert_true(has_edge(g, 1, 3));
    assert_true(has_edge(g, 3, 4));
    assert_false(has_edge(g, 2, 3));
    assert_int_equal(g->meta.cp_length, 5);
    assert_close(g->meta.parallelism, 1.2, 1e-12);
    assert_string_equal(g->meta.generator, "sameprob");
    assert_int_equal(g->meta.header_pes, 0);
    assert_int_equal(ecs_graph_critical_path(g), 5);
    assert_string_equal(g->source, "t.stg");
    ecs_graph_free(g);
    /* the same graph forced as standard */
    g = read_ok(text, ECS_STG_STANDARD);
    assert_int_equal(g->n, 5);
    ecs_graph_free(g);
}

/* Tokens, not lines: CRLF, tabs, records split over lines, any order,
 * comments after a record, no final newline; no "#" block at all. */
static void test_tokens(void **state)
{
    (void)state;
    const char *text = "  3 \r\n"
                       "4 0 2\t2 3   # the exit, first\r\n"
                       "2 3 1\r\n 1\r\n"
                       "0 0 0\r\n"
                       "# a comment line: with a colon\r\n"
                       "\r\n"
                       "3 1 1 1\r\n"
                       "1 2 1 0";
    ecs_graph *g = read_ok(text, ECS_STG_AUTO);
    assert_int_equal(g->format, ECS_STG_STANDARD);
    assert_int_equal(g->n, 5);
    assert_int_equal(g->nedges, 5);
    assert_true(has_edge(g, 1, 2));
    assert_true(has_edge(g, 2, 4));
    assert_int_equal(g->meta.cp_length, -1); /* absent */
    assert_true(g->meta.parallelism < 0);
    assert_string_equal(g->meta.generator, "");
    assert_int_equal(ecs_graph_critical_path(g), 5);
    ecs_graph_free(g);
}

/* Proto layout: header "n P", tasks 1..n, exit n+1, entry 0 optional. */
static void test_proto(void **state)
{
    (void)state;
    const char *without_entry = "2 4\n"
                                "1 3 0\n"
                                "2 2 1 1\n"
                                "3 0 1 2\n";
    ecs_graph *g = read_ok(without_entry, ECS_STG_AUTO);
    assert_int_equal(g->format, ECS_STG_PROTO);
    assert_int_equal(g->n, 3);
    assert_int_equal(g->meta.header_pes, 4);
    assert_true(g->dummy[ecs_graph_find(g, 3)]);
    assert_false(g->dummy[ecs_graph_find(g, 1)]);
    assert_true(ecs_graph_find(g, 0) == (size_t)-1);
    assert_true(has_edge(g, 1, 2));
    assert_int_equal(ecs_graph_critical_path(g), 5);
    ecs_graph_free(g);
    const char *with_entry = "2 4\n"
                             "0 0 0\n"
                             "1 3 1 0\n"
                             "2 2 1 1\n"
                             "3 0 1 2\n";
    g = read_ok(with_entry, ECS_STG_PROTO);
    assert_int_equal(g->n, 4);
    assert_true(g->dummy[ecs_graph_find(g, 0)]);
    assert_true(has_edge(g, 0, 1));
    ecs_graph_free(g);
}

/* Comm layout: header "n P", tasks 0..n-1, no dummies, "pred cost" lines. */
static void test_comm(void **state)
{
    (void)state;
    const char *text = "3 2\n"
                       "0 5 0\n"
                       "1 4 1\n"
                       "  0 7\n"
                       "2 6 2\n"
                       "  0 1\n"
                       "  1 2\n";
    ecs_graph *g = read_ok(text, ECS_STG_AUTO);
    assert_int_equal(g->format, ECS_STG_COMM);
    assert_int_equal(g->n, 3);
    assert_int_equal(g->nedges, 3);
    assert_int_equal(g->meta.header_pes, 2);
    for (size_t i = 0; i < g->n; i++)
        assert_false(g->dummy[i]);
    assert_non_null(g->pred_comm);
    /* task 2's predecessors, sorted: 0 (cost 1) and 1 (cost 2) */
    size_t v = ecs_graph_find(g, 2);
    assert_int_equal(g->pred_off[v + 1] - g->pred_off[v], 2);
    long c0 = -1, c1 = -1;
    for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
        if (g->id[g->pred[e]] == 0)
            c0 = g->pred_comm[e];
        if (g->id[g->pred[e]] == 1)
            c1 = g->pred_comm[e];
    }
    assert_int_equal(c0, 1);
    assert_int_equal(c1, 2);
    /* communication costs do not count: CP = 5 + 4 + 6 */
    assert_int_equal(ecs_graph_critical_path(g), 15);
    ecs_graph_free(g);
}

/* Zero-work tasks: the contracted graph keeps precedence through them. */
static void test_dummies_contract(void **state)
{
    (void)state;
    /* 1 -> 2 (work 0) -> 3: contracted, 1 -> 3 */
    const char *text = "3\n"
                       "0 0 0\n"
                       "1 2 1 0\n"
                       "2 0 1 1\n"
                       "3 4 1 2\n"
                       "4 0 1 3\n";
    ecs_graph *g = read_ok(text, ECS_STG_AUTO);
    ecs_graph *c = NULL;
    ecs_diag d;
    assert_int_equal(ecs_graph_contract(g, &c, &d), ECS_OK);
    assert_int_equal(c->n, 2);
    assert_true(has_edge(c, 1, 3));
    assert_int_equal(ecs_graph_critical_path(c), 6);
    ecs_graph_free(c);
    ecs_graph_free(g);
}

/* The fixture file, read from disk. */
static void test_fixture_file(void **state)
{
    (void)state;
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_stg_read_file("tests/fixtures/tiny.stg",
                                       ECS_STG_AUTO, &g, &d),
                     ECS_OK);
    /* header 5: records 0..6, 1 and 2 before 3, 3 -> 4 (work 0) -> 5 */
    assert_int_equal(g->n, 7);
    assert_int_equal(g->meta.cp_length, 5);
    assert_int_equal(ecs_graph_critical_path(g), g->meta.cp_length);
    assert_true(has_edge(g, 1, 3));
    assert_true(has_edge(g, 2, 3));
    assert_string_equal(g->source, "tests/fixtures/tiny.stg");
    ecs_graph_free(g);
    assert_int_equal(ecs_stg_read_file("tests/fixtures/nonexistent.stg",
                                       ECS_STG_AUTO, &g, &d),
                     ECS_EIO);
    assert_null(g);
    assert_string_equal(d.file, "tests/fixtures/nonexistent.stg");
    assert_non_null(strstr(d.msg, "cannot open"));
}

/* One malformed input and what the reader must say about it. */
typedef struct bad_case {
    const char *what;
    const char *text;
    ecs_stg_format fmt;
    ecs_result rc;
    long line;
    const char *msg; /* the whole message */
} bad_case;

static const bad_case BAD[] = {
    {"empty", "", ECS_STG_AUTO, ECS_EPARSE, 0, "the file is empty"},
    {"comments only", "# just a comment\n\n  \n", ECS_STG_AUTO, ECS_EPARSE, 0,
     "the file has no task graph, only comments or blanks"},
    {"three header fields", "# head\n1 2 3\n0 0 0\n", ECS_STG_AUTO,
     ECS_EPARSE, 2,
     "the header is missing or malformed: expected the number of tasks alone "
     "(standard layout) or 'tasks processors' (proto and comm layouts) on "
     "the first line, found 3 fields"},
    {"header not a number", "x\n", ECS_STG_AUTO, ECS_EPARSE, 1,
     "header: expected the number of tasks, found 'x'"},
    {"header too large (shown cut)", "999999999999999999999999999999\n",
     ECS_STG_AUTO,
     ECS_EPARSE, 1,
     "header: expected the number of tasks, found "
     "'999999999999999999999999...' (too large)"},
    {"negative header", "-1\n", ECS_STG_AUTO, ECS_EPARSE, 1,
     "header: negative number of tasks (-1)"},
    {"zero processors", "1 0\n1 1 0\n2 0 1 1\n", ECS_STG_PROTO, ECS_EPARSE, 1,
     "header: the number of processors must be positive, not 0"},
    {"standard forced on two fields", "1 2\n", ECS_STG_STANDARD, ECS_EPARSE,
     1,
     "the standard layout has the number of tasks alone on the header line, "
     "found 2 fields (a proto or comm file?)"},
    {"proto forced on one field", "1\n", ECS_STG_PROTO, ECS_EPARSE, 1,
     "the proto layout has 'tasks processors' on the header line, found 1 "
     "field (a standard file?)"},
    {"truncated record", "2\n0 0 0\n1 3 1 0\n2 4", ECS_STG_AUTO, ECS_EPARSE,
     4,
     "the file ends inside the record of task 2: the number of predecessors "
     "is missing"},
    {"truncated predecessor list", "1\n0 0 0\n1 3 2 0", ECS_STG_AUTO,
     ECS_EPARSE, 3,
     "the file ends inside the record of task 1: predecessor 2 of 2 is "
     "missing"},
    {"garbage token", "1\n0 0 0\n1 x 1 0\n2 0 1 1\n", ECS_STG_AUTO,
     ECS_EPARSE, 3, "expected the work, found 'x'"},
    {"number too large", "1\n0 0 0\n1 99999999999999999999 1 0\n2 0 1 1\n",
     ECS_STG_AUTO, ECS_EPARSE, 3,
     "number '99999999999999999999' is too large (the work)"},
    {"negative predecessor count", "1\n0 0 0\n1 1 -1\n2 0 1 1\n",
     ECS_STG_AUTO, ECS_EPARSE, 3,
     "task 1 has a negative number of predecessors (-1)"},
    {"too many predecessors", "1\n0 0 0\n1 1 5 0 0 0 0 0\n2 0 1 1\n",
     ECS_STG_AUTO, ECS_EPARSE, 3,
     "task 1 claims 5 predecessors, more than the 2 other tasks"},
    {"record after the last", "1\n0 0 0\n1 1 1 0\n2 0 1 1\n3 0 0\n",
     ECS_STG_AUTO, ECS_EPARSE, 5,
     "unexpected '3' after the last record: the header says 1 tasks, so at "
     "most 3 records"},
    {"too few records", "2\n0 0 0\n1 1 1 0\n3 0 1 1\n", ECS_STG_AUTO,
     ECS_EPARSE, 4,
     "the file ends after 3 records, but the header says 2 tasks: 4 records "
     "(ids 0..3)"},
    {"too few proto records", "2 4\n1 1 0\n3 0 1 1\n", ECS_STG_PROTO,
     ECS_EPARSE, 3,
     "the file ends after 2 records, but the header says 2 tasks: 3 records "
     "(tasks 1..2 and the exit 3, and optionally the entry 0)"},
    {"id out of range", "1\n0 0 0\n5 1 1 0\n2 0 1 5\n", ECS_STG_AUTO,
     ECS_EPARSE, 3,
     "task id 5 is out of range: the header's 1 tasks have ids 0..2"},
    {"duplicate id", "1\n0 0 0\n1 1 1 0\n1 2 1 0\n", ECS_STG_AUTO, ECS_EPARSE,
     4, "task id 1 appears twice (also on line 3)"},
    {"missing record", "1 4\n1 1 0\n0 0 0\n", ECS_STG_PROTO, ECS_EPARSE, 1,
     "the header says 1 tasks, but task 2 has no record"},
    {"negative work", "1\n0 0 0\n1 -3 1 0\n2 0 1 1\n", ECS_STG_AUTO,
     ECS_EPARSE, 3, "task 1 has negative work (-3)"},
    {"dummy entry with work", "1\n0 2 0\n1 1 1 0\n2 0 1 1\n", ECS_STG_AUTO,
     ECS_EPARSE, 2,
     "task 0 is the dummy entry task of the standard layout and must have "
     "work 0, not 2"},
    {"dummy exit with work", "1\n0 0 0\n1 1 1 0\n2 7 1 1\n", ECS_STG_AUTO,
     ECS_EPARSE, 4,
     "task 2 is the dummy exit task of the standard layout and must have "
     "work 0, not 7"},
    {"unknown predecessor", "1\n0 0 0\n1 1 1 7\n2 0 1 1\n", ECS_STG_AUTO,
     ECS_EPARSE, 3, "task 1: predecessor 7 is not a task of the graph"},
    {"self-loop", "1\n0 0 0\n1 1 1 1\n2 0 1 1\n", ECS_STG_AUTO, ECS_EPARSE, 3,
     "task 1 lists itself as a predecessor"},
    {"predecessor twice", "2\n0 0 0\n1 1 1 0\n2 1 2 1 1\n3 0 1 2\n",
     ECS_STG_AUTO, ECS_EPARSE, 4, "task 2 lists predecessor 1 twice"},
    {"cycle", "2\n0 0 0\n1 1 2 0 2\n2 1 1 1\n3 0 1 2\n", ECS_STG_AUTO,
     ECS_EPARSE, 4, "the precedence constraints form a cycle: 2 -> 1 -> 2"},
    {"negative communication cost", "2 2\n0 1 0\n1 1 1\n0 -4\n",
     ECS_STG_COMM, ECS_EPARSE, 4,
     "edge 0 -> 1 has a negative communication cost (-4)"},
    {"neither proto nor comm", "2 2\n0 1 0\n1 1 1\n0 -4\n", ECS_STG_AUTO,
     ECS_EPARSE, 4,
     /* as proto, "-4" starts a fourth record, which ends at once */
     "neither the proto nor the comm layout fits: as proto, line 4: the "
     "file ends inside the record of task -4: the work is missing; as comm, "
     "line 4: edge 0 -> 1 has a negative communication cost (-4)"},
};

static void test_malformed(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        const bad_case *b = &BAD[i];
        ecs_graph *g = (ecs_graph *)1;
        ecs_diag d;
        ecs_diag_clear(&d);
        ecs_result rc = ecs_stg_read_buffer(b->text, strlen(b->text), "bad.stg",
                                            b->fmt, &g, &d);
        if (rc != b->rc || d.line != b->line || strcmp(d.msg, b->msg) != 0 ||
            strcmp(d.file, "bad.stg") != 0 || g != NULL) {
            print_error("%s: got %s, %s:%ld: %s\n  want %s, line %ld: %s\n",
                        b->what, ecs_result_name(rc), d.file, d.line, d.msg,
                        ecs_result_name(b->rc), b->line, b->msg);
            fail();
        }
    }
}

/* The shared benchmark files in each layout: the header's task count and
 * the file's own "CP Length" against what was read. */
static void test_shared_files(void **state)
{
    (void)state;
    const char *dir = test_shared_data();
    SKIP_WITHOUT_SHARED_DATA(dir);
    static const struct {
        const char *file;
        ecs_stg_format fmt;
        size_t records; /* header tasks + the layout's dummies */
    } files[] = {
        {"stg/50/rand0000.stg", ECS_STG_STANDARD, 52},
        {"stg/100/rand0003.stg", ECS_STG_STANDARD, 102},
        {"stg/proto/proto151.stg", ECS_STG_PROTO, 0},
        {"stg/comm/simple.stg", ECS_STG_COMM, 7},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, files[i].file);
        ecs_graph *g = NULL;
        ecs_diag d;
        ecs_result rc = ecs_stg_read_file(path, ECS_STG_AUTO, &g, &d);
        if (rc != ECS_OK) {
            print_error("%s: %s:%ld: %s\n", path, d.file, d.line, d.msg);
            fail();
        }
        assert_int_equal(g->format, files[i].fmt);
        if (files[i].records > 0)
            assert_int_equal(g->n, files[i].records);
        if (g->meta.cp_length >= 0)
            assert_int_equal(ecs_graph_critical_path(g), g->meta.cp_length);
        if (files[i].fmt != ECS_STG_STANDARD)
            assert_true(g->meta.header_pes > 0);
        /* reading it forced in its own layout gives the same graph */
        ecs_graph *h = NULL;
        assert_int_equal(ecs_stg_read_file(path, files[i].fmt, &h, &d), ECS_OK);
        assert_int_equal(h->n, g->n);
        assert_int_equal(h->nedges, g->nedges);
        ecs_graph_free(h);
        ecs_graph_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_standard),
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_proto),
        cmocka_unit_test(test_comm),
        cmocka_unit_test(test_dummies_contract),
        cmocka_unit_test(test_fixture_file),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_shared_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
