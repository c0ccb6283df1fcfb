/*
 * Task graph files in every format (graphio.h): the shared WfCommons
 * workflows against an independent reading of their JSON, the DOT reader
 * on CaWoSched's layout, error messages (task id and line), detection,
 * work units, and round trips through the writers.
 */
#include "testutil.h"

#include "ecsched/graphio.h"
#include "ecsched/stg.h"

#include <jansson.h>

static ecs_result rd(const char *text, ecs_stg_format f, double unit,
                     ecs_graph **g, ecs_diag *d)
{
    ecs_graph_read_params p;
    ecs_graph_read_params_init(&p);
    p.format = f;
    p.work_unit = unit;
    ecs_diag_clear(d);
    return ecs_graph_read_buffer(text, strlen(text), "t", &p, g, d);
}

/* The read fails with EPARSE at line (0: any) and a message holding
 * every one of the (up to 2) words. */
static void fails(const char *text, ecs_stg_format f, long line,
                  const char *w1, const char *w2)
{
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_result rc = rd(text, f, 0, &g, &d);
    if (rc != ECS_EPARSE || (line && d.line != line) ||
        (w1 && !strstr(d.msg, w1)) || (w2 && !strstr(d.msg, w2)))
        print_error("got %s at line %ld: %s\n", ecs_result_name(rc), d.line,
                    d.msg);
    assert_int_equal(rc, ECS_EPARSE);
    assert_null(g);
    if (line)
        assert_int_equal(d.line, line);
    if (w1)
        assert_non_null(strstr(d.msg, w1));
    if (w2)
        assert_non_null(strstr(d.msg, w2));
}

static size_t idx(const ecs_graph *g, long id)
{
    size_t i = ecs_graph_find(g, id);
    assert_true(i != (size_t)-1);
    return i;
}

static int has_edge(const ecs_graph *g, long a, long b)
{
    size_t v = idx(g, b), u = idx(g, a);
    for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
        if (g->pred[e] == u)
            return 1;
    return 0;
}

/* ---- DOT ---- */

static void test_dot_cawosched(void **state)
{
    (void)state;
    const char *text = "strict digraph \"G\" {\n"
                       "0 [weight=5];\n"
                       "1 [weight=3];\n"
                       "2 [weight=0];\n"
                       "3 [weight=4];\n"
                       "0 -> 1 [size=3];\n"
                       "0 -> 2 [size=1];\n"
                       "1 -> 3 [size=2];\n"
                       "2 -> 3 [size=7];\n"
                       "}\n";
    ecs_stg_format f = ecs_graph_detect_format(text, strlen(text));
    assert_int_equal(f, ECS_STG_DOT);
    ecs_graph *g;
    ecs_diag d;
    assert_int_equal(rd(text, ECS_STG_AUTO, 0, &g, &d), ECS_OK);
    assert_int_equal(g->format, ECS_STG_DOT);
    assert_int_equal(g->n, 4);
    assert_int_equal(g->nedges, 4);
    assert_int_equal(g->work[idx(g, 0)], 5);
    assert_int_equal(g->work[idx(g, 2)], 0);
    assert_true(has_edge(g, 0, 1) && has_edge(g, 2, 3) && !has_edge(g, 1, 2));
    /* edge sizes are kept as communication volumes */
    assert_non_null(g->pred_comm);
    size_t v = idx(g, 3);
    long sum = 0;
    for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
        sum += g->pred_comm[e];
    assert_int_equal(sum, 9);
    /* 5 + 3 + 4 by hand */
    assert_int_equal(ecs_graph_critical_path(g), 12);
    assert_close(g->meta.work_unit, 1, 0);
    assert_close(g->meta.file_work, 12, 0);
    ecs_graph_free(g);
    /* --work-unit 2: 3, 2, 0, 2 (rounded up) */
    assert_int_equal(rd(text, ECS_STG_AUTO, 2, &g, &d), ECS_OK);
    assert_int_equal(g->work[idx(g, 0)], 3);
    assert_int_equal(g->work[idx(g, 1)], 2);
    assert_int_equal(g->work[idx(g, 2)], 0);
    assert_int_equal(ecs_graph_critical_path(g), 7);
    ecs_graph_free(g);
}

static void test_dot_names_and_syntax(void **state)
{
    (void)state;
    ecs_graph *g;
    ecs_diag d;
    /* names that are not numbers: 1..n in order of appearance; chains,
     * comments, attribute statements, quoted ids, a node given twice */
    const char *text = "// a comment\n"
                       "digraph wf {\n"
                       "  rankdir = LR; node [shape=box];\n"
                       "  \"fetch data\" [weight=2, label=\"x\"]\n"
                       "  /* block\n comment */ split [weight=1]; b [weight=3]\n"
                       "  \"fetch data\" -> split -> b;\n"
                       "  split [color=red]\n"
                       "}\n";
    assert_int_equal(rd(text, ECS_STG_AUTO, 0, &g, &d), ECS_OK);
    assert_int_equal(g->n, 3);
    assert_true(has_edge(g, 1, 2) && has_edge(g, 2, 3));
    assert_int_equal(g->work[idx(g, 3)], 3);
    ecs_graph_free(g);
    fails("digraph { a [weight=1]; b [weight=1]; a -> b; b -> a; }",
          ECS_STG_AUTO, 1, "cycle", NULL);
    fails("digraph {\n a [weight=1];\n b [weight=1];\n c [weight=2];\n"
          " a -> b;\n b -> c;\n c -> b;\n}\n",
          ECS_STG_DOT, 0, "cycle through task 'b'", NULL);
    fails("digraph {\n a [weight=1];\n a -> b;\n}\n", ECS_STG_DOT, 3,
          "node 'b' has no weight", NULL);
    fails("graph { a -- b }", ECS_STG_DOT, 1, "undirected", NULL);
    fails("digraph { a [weight=1] a -> a }", ECS_STG_DOT, 1, "itself", NULL);
    fails("digraph {\n a [weight=-1] }", ECS_STG_DOT, 2, "not a number >= 0",
          NULL);
    fails("digraph {\n a [weight=1]; b [weight=2]\n a -> b\n a -> b\n}",
          ECS_STG_DOT, 0, "given twice", "'a' -> 'b'");
    fails("digraph {\n subgraph x { a }\n}", ECS_STG_DOT, 2, "subgraphs",
          NULL);
    fails("digraph {\n a [weight=1];\n", ECS_STG_DOT, 0, "'}' is missing",
          NULL);
    fails("digraph { a [weight=1]; } digraph { }", ECS_STG_DOT, 1,
          "one graph per file", NULL);
    /* one attribute list naming weight twice is the same conflict as two
     * statements (was: the last one taken, 7) */
    fails("digraph {\n a [weight=1, weight=7]\n}", ECS_STG_DOT, 2,
          "weight is given twice", "1 before");
    fails("digraph {\n a [weight=1][weight=7]\n}", ECS_STG_DOT, 2,
          "weight is given twice", NULL);
    fails("digraph {\n a [weight=1]; b [weight=1]\n a -> b [size=2, size=3]\n}",
          ECS_STG_DOT, 3, "size is given twice", NULL);
    /* one number grammar: no hex (strtod read 0x10 as 16), inf or nan */
    fails("digraph {\n a [weight=0x10]\n}", ECS_STG_DOT, 2,
          "'0x10' is not a number", NULL);
    fails("digraph {\n a [weight=1]; b [weight=1]\n a -> b [size=0x3]\n}",
          ECS_STG_DOT, 3, "'0x3' is not a number", NULL);
    fails("digraph {\n a [weight=inf]\n}", ECS_STG_DOT, 2, "not a number",
          NULL);
    fails("digraph {\n a [weight=\" 5\"]\n}", ECS_STG_DOT, 2, "not a number",
          NULL);
    /* the same weight twice agrees with itself; 2.5e1 is 25 */
    assert_int_equal(rd("digraph { a [weight=2.5e1, weight=25] }", ECS_STG_DOT,
                        0, &g, &d),
                     ECS_OK);
    assert_int_equal(g->work[0], 25);
    ecs_graph_free(g);
    /* strict merges a repeated edge */
    assert_int_equal(rd("strict digraph { a [weight=1]; b [weight=2]; a -> b;"
                        " a -> b }",
                        ECS_STG_DOT, 0, &g, &d),
                     ECS_OK);
    assert_int_equal(g->nedges, 1);
    ecs_graph_free(g);
}

/* ---- WfFormat ---- */

static const char *WF15 =
    "{\"name\": \"x\", \"schemaVersion\": \"1.5\", \"workflow\": {\n"
    " \"specification\": {\"tasks\": [\n"
    "  {\"name\": \"a\", \"id\": \"a_1\", \"parents\": [], \"children\": [\"b_2\", \"c_3\"]},\n"
    "  {\"name\": \"b\", \"id\": \"b_2\", \"parents\": [\"a_1\"], \"children\": [\"d_4\"]},\n"
    "  {\"name\": \"c\", \"id\": \"c_3\", \"parents\": [\"a_1\"], \"children\": [\"d_4\"]},\n"
    "  {\"name\": \"d\", \"id\": \"d_4\", \"parents\": [\"b_2\", \"c_3\"], \"children\": []}\n"
    " ]},\n"
    " \"execution\": {\"makespanInSeconds\": 1, \"tasks\": [\n"
    "  {\"id\": \"a_1\", \"runtimeInSeconds\": 3600},\n"
    "  {\"id\": \"b_2\", \"runtimeInSeconds\": 3600.5},\n"
    "  {\"id\": \"c_3\", \"runtimeInSeconds\": 0},\n"
    "  {\"id\": \"d_4\", \"runtimeInSeconds\": 7200}\n"
    " ]}}}\n";

static char *wf_with(const char *a, const char *b);

static void test_wfformat_15_and_14(void **state)
{
    (void)state;
    ecs_graph *g;
    ecs_diag d;
    assert_int_equal(ecs_graph_detect_format(WF15, strlen(WF15)),
                     ECS_STG_WFFORMAT);
    /* default unit 3600 s: 1, 2 (3600.5 rounded up), 0, 2; ids 1..4 */
    assert_int_equal(rd(WF15, ECS_STG_AUTO, 0, &g, &d), ECS_OK);
    assert_int_equal(g->format, ECS_STG_WFFORMAT);
    assert_int_equal(g->n, 4);
    assert_int_equal(g->work[idx(g, 1)], 1);
    assert_int_equal(g->work[idx(g, 2)], 2);
    assert_int_equal(g->work[idx(g, 3)], 0);
    assert_int_equal(g->work[idx(g, 4)], 2);
    assert_true(has_edge(g, 1, 2) && has_edge(g, 1, 3) && has_edge(g, 3, 4));
    assert_int_equal(ecs_graph_critical_path(g), 5);
    assert_close(g->meta.file_work, 14400.5, 1e-9);
    assert_close(g->meta.work_unit, 3600, 0);
    ecs_graph_free(g);
    /* --work-unit 1800 */
    assert_int_equal(rd(WF15, ECS_STG_WFFORMAT, 1800, &g, &d), ECS_OK);
    assert_int_equal(g->work[idx(g, 2)], 3);
    assert_int_equal(ecs_graph_critical_path(g), 2 + 3 + 4);
    ecs_graph_free(g);
    /* schema 1.4: one task list with the runtimes in it */
    const char *wf14 =
        "{\"name\": \"y\", \"schemaVersion\": \"1.4\", \"workflow\": {\n"
        " \"makespanInSeconds\": 9, \"tasks\": [\n"
        "  {\"name\": \"p\", \"id\": \"1\", \"type\": \"compute\", \"parents\": [],"
        " \"children\": [\"2\"], \"runtimeInSeconds\": 10},\n"
        "  {\"name\": \"q\", \"id\": \"2\", \"type\": \"compute\", \"parents\": [\"1\"],"
        " \"children\": [], \"runtimeInSeconds\": 25}\n"
        " ]}}\n";
    assert_int_equal(rd(wf14, ECS_STG_AUTO, 10, &g, &d), ECS_OK);
    assert_int_equal(g->work[idx(g, 1)], 1);
    assert_int_equal(g->work[idx(g, 2)], 3);
    assert_true(has_edge(g, 1, 2));
    ecs_graph_free(g);
    /* early 1.4 files: no ids, parents by name, "runtime" (13+18+9) */
    const char *wh = "{\"name\": \"h\", \"schemaVersion\": \"1.4\", \"workflow\": {\"tasks\": [\n"
                     "{\"name\": \"t1\", \"runtime\": 13, \"parents\": []},\n"
                     "{\"name\": \"t2\", \"runtime\": 18, \"parents\": [\"t1\"]},\n"
                     "{\"name\": \"t3\", \"runtime\": 11, \"parents\": [\"t1\"]},\n"
                     "{\"name\": \"t4\", \"runtime\": 9, \"parents\": [\"t2\", \"t3\"]}]}}\n";
    assert_int_equal(rd(wh, ECS_STG_AUTO, 1, &g, &d), ECS_OK);
    assert_int_equal(ecs_graph_critical_path(g), 40);
    assert_int_equal(g->nedges, 4);
    ecs_graph_free(g);
    /* ids, but parents and children by name */
    const char *wn = "{\"workflow\": {\"tasks\": [\n"
                     "{\"name\": \"a_ID1\", \"id\": \"ID1\", \"runtimeInSeconds\": 13,"
                     " \"parents\": [], \"children\": [\"b_ID2\"]},\n"
                     "{\"name\": \"b_ID2\", \"id\": \"ID2\", \"runtimeInSeconds\": 20,"
                     " \"parents\": [\"a_ID1\"], \"children\": []}]}}\n";
    assert_int_equal(rd(wn, ECS_STG_AUTO, 1, &g, &d), ECS_OK);
    assert_int_equal(ecs_graph_critical_path(g), 33);
    assert_true(has_edge(g, 1, 2));
    ecs_graph_free(g);
    /* runtimes round up: 1e-12 s of 3600 s (far below the 1e-9 tolerance
     * that keeps 3600.0000001 s at one unit) is one unit, not a zero-work
     * task; 0 stays 0 */
    char *tiny = wf_with("{\"id\": \"a_1\", \"runtimeInSeconds\": 3600}",
                         "{\"id\": \"a_1\", \"runtimeInSeconds\": 1e-12}");
    assert_int_equal(rd(tiny, ECS_STG_AUTO, 0, &g, &d), ECS_OK);
    assert_int_equal(g->work[idx(g, 1)], 1);
    assert_int_equal(g->work[idx(g, 3)], 0);
    ecs_graph_free(g);
    free(tiny);
}

/* Replace the first occurrence of a by b in WF15. */
static char *wf_with(const char *a, const char *b)
{
    const char *p = strstr(WF15, a);
    assert_non_null(p);
    size_t n = strlen(WF15) - strlen(a) + strlen(b) + 1;
    char *s = malloc(n);
    assert_non_null(s);
    snprintf(s, n, "%.*s%s%s", (int)(p - WF15), WF15, b, p + strlen(a));
    return s;
}

static void test_wfformat_errors(void **state)
{
    (void)state;
    struct {
        const char *a, *b;
        long line;
        const char *w1, *w2;
    } c[] = {
        /* b_2 forgets its child d_4: d_4 names it as a parent */
        {"\"children\": [\"d_4\"]}", "\"children\": []}", 6, "'d_4'",
         "not list it as a child"},
        {"\"parents\": [\"a_1\"], \"children\": [\"d_4\"]}",
         "\"parents\": [\"a_1\", \"a_9\"], \"children\": [\"d_4\"]}", 4,
         "unknown parent 'a_9'", "'b_2'"},
        {"{\"id\": \"c_3\", \"runtimeInSeconds\": 0}",
         "{\"id\": \"c_3\", \"runtimeInSeconds\": -1}", 5, "'c_3'",
         "negative"},
        {"{\"id\": \"c_3\", \"runtimeInSeconds\": 0},", "", 5, "'c_3'",
         "no runtime"},
        {"\"id\": \"c_3\", \"parents\"", "\"id\": \"b_2\", \"parents\"", 0,
         "'b_2'", "twice"},
        {"\"tasks\": [\n  {\"name\": \"a\"", "\"tasks\": [\n  {\"name\": \"a\",,",
         3, "not valid JSON", NULL},
        /* a_1 names a child that does not name it as a parent */
        {"\"parents\": [\"a_1\"], \"children\": [\"d_4\"]}",
         "\"parents\": [], \"children\": [\"d_4\"]}", 3, "'a_1' lists 'b_2'",
         "does not list it as a parent"},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        char *s = wf_with(c[i].a, c[i].b);
        fails(s, ECS_STG_AUTO, c[i].line, c[i].w1, c[i].w2);
        free(s);
    }
    /* a cycle: a_1 is also d_4's child (both lists agree) */
    char *s1 = wf_with("\"parents\": [], \"children\": [\"b_2\", \"c_3\"]",
                       "\"parents\": [\"d_4\"], \"children\": [\"b_2\", \"c_3\"]");
    size_t n = strlen(s1) + 16;
    char *s2 = malloc(n);
    assert_non_null(s2);
    const char *p = strstr(s1, "\"children\": []}");
    assert_non_null(p);
    snprintf(s2, n, "%.*s\"children\": [\"a_1\"]}%s", (int)(p - s1), s1,
             p + strlen("\"children\": []}"));
    fails(s2, ECS_STG_AUTO, 0, "cycle through task", NULL);
    free(s1);
    free(s2);
    /* two execution entries with different runtimes for one task: which
     * run to take is not the reader's guess (was: the later one) */
    char *s3 = wf_with("  {\"id\": \"d_4\", \"runtimeInSeconds\": 7200}\n",
                       "  {\"id\": \"d_4\", \"runtimeInSeconds\": 7200},\n"
                       "  {\"id\": \"d_4\", \"runtimeInSeconds\": 60}\n");
    fails(s3, ECS_STG_AUTO, 6, "'d_4' has two runtimes", "7200 s and 60 s");
    free(s3);
    /* the same runtime twice is one runtime */
    ecs_graph *g;
    ecs_diag d;
    s3 = wf_with("  {\"id\": \"d_4\", \"runtimeInSeconds\": 7200}\n",
                 "  {\"id\": \"d_4\", \"runtimeInSeconds\": 7200},\n"
                 "  {\"id\": \"d_4\", \"runtimeInSeconds\": 7200}\n");
    assert_int_equal(rd(s3, ECS_STG_AUTO, 0, &g, &d), ECS_OK);
    assert_int_equal(g->work[idx(g, 4)], 2);
    ecs_graph_free(g);
    free(s3);
    fails("{\"workflow\": {}}", ECS_STG_AUTO, 0, "no task list", NULL);
    fails("{\"x\": 1}", ECS_STG_WFFORMAT, 1, "no \"workflow\"", NULL);
}

/* ---- the shared workflows against an independent reading ---- */

/* Work of task i by hand: ceil(runtime / unit) (the runtimes of the
 * shared files are not within 1e-9 of a multiple unless they are one). */
static long hand_work(double rt, double unit)
{
    double q = rt / unit;
    long w = (long)q;
    return (double)w < q ? w + 1 : w;
}

/* Critical path and total work from the raw JSON: spec tasks and their
 * parents, runtimes matched by id through a linear search, longest path
 * by relaxation until nothing changes (no topological order needed). */
static void independent(json_t *root, double unit, long *cp, long *total,
                        size_t *ntasks)
{
    json_t *wf = json_object_get(root, "workflow");
    json_t *tasks = json_object_get(json_object_get(wf, "specification"), "tasks");
    json_t *exec = json_object_get(json_object_get(wf, "execution"), "tasks");
    size_t n = json_array_size(tasks), m = json_array_size(exec);
    long *w = calloc(n, sizeof *w), *fin = calloc(n, sizeof *fin);
    assert_true(w && fin);
    *total = 0;
    for (size_t i = 0; i < n; i++) {
        const char *id = json_string_value(
            json_object_get(json_array_get(tasks, i), "id"));
        for (size_t k = 0; k < m; k++) {
            json_t *x = json_array_get(exec, k);
            if (strcmp(json_string_value(json_object_get(x, "id")), id) == 0)
                w[i] = hand_work(
                    json_number_value(json_object_get(x, "runtimeInSeconds")),
                    unit);
        }
        *total += w[i];
        fin[i] = w[i];
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < n; i++) {
            json_t *par = json_object_get(json_array_get(tasks, i), "parents");
            for (size_t j = 0; j < json_array_size(par); j++) {
                const char *pid = json_string_value(json_array_get(par, j));
                for (size_t k = 0; k < n; k++)
                    if (strcmp(json_string_value(json_object_get(
                                   json_array_get(tasks, k), "id")),
                               pid) == 0 &&
                        fin[k] + w[i] > fin[i]) {
                        fin[i] = fin[k] + w[i];
                        changed = 1;
                    }
            }
        }
    }
    *cp = 0;
    for (size_t i = 0; i < n; i++)
        if (fin[i] > *cp)
            *cp = fin[i];
    *ntasks = n;
    free(w);
    free(fin);
}

static void test_shared_workflows(void **state)
{
    (void)state;
    static const char *files[] = {
        "1000genome-chameleon-2ch-100k-001.json",
        "blast-chameleon-small-001.json",
        "bwa-chameleon-small-001.json",
        "epigenomics-chameleon-hep-1seq-100k-001.json",
        "helloworld-chain-5-chameleon.json",
        "helloworld-forkjoin-10-chameleon.json",
        "montage-chameleon-2mass-01d-001.json",
        "montage-chameleon-2mass-03d-001.json",
        "rnaseq-dirt02-001.json",
        "sarek-dirt02-001.json",
        "seismology-chameleon-1000p-001.json",
        "seismology-chameleon-300p-001.json",
        "srasearch-chameleon-20a-001.json"};
    const char *data = test_shared_data();
    if (data == NULL) {
        printf("skip - shared data absent: workflows not checked\n");
        return;
    }
    static const double units[] = {3600, 60, 1, 0.1};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/workflows/%s", data, files[f]);
        json_error_t err;
        json_t *root = json_load_file(path, 0, &err);
        assert_non_null(root);
        for (size_t u = 0; u < sizeof units / sizeof *units; u++) {
            ecs_graph_read_params p;
            ecs_graph_read_params_init(&p);
            p.work_unit = units[u];
            ecs_graph *g = NULL;
            ecs_diag d;
            ecs_result rc = ecs_graph_read_file(path, &p, &g, &d);
            if (rc != ECS_OK)
                print_error("%s: %s\n", path, d.msg);
            assert_int_equal(rc, ECS_OK);
            long cp, total;
            size_t n;
            independent(root, units[u], &cp, &total, &n);
            ecs_graph_stats st;
            ecs_graph_stats_compute(g, &st);
            if (st.critical_path != cp || st.total_work != total)
                print_error("%s unit %g: cp %ld/%ld work %ld/%ld\n", files[f],
                            units[u], st.critical_path, cp, st.total_work,
                            total);
            assert_int_equal(st.tasks, n);
            assert_int_equal(st.critical_path, cp);
            assert_int_equal(st.total_work, total);
            ecs_graph_free(g);
        }
        json_decref(root);
    }
}

/* ---- round trips through the writers ---- */

static char *write_to_string(const ecs_graph *g, int dot, double unit)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    ecs_diag d;
    ecs_result rc = dot ? ecs_dot_write(f, g, "G", "a test", &d)
                        : ecs_wfformat_write(f, g, "G", unit, &d);
    assert_int_equal(rc, ECS_OK);
    assert_int_equal(fclose(f), 0);
    return buf;
}

static void same_graph(const ecs_graph *a, const ecs_graph *b)
{
    assert_int_equal(a->n, b->n);
    assert_int_equal(a->nedges, b->nedges);
    for (size_t i = 0; i < a->n; i++) {
        size_t j = idx(b, a->id[i]);
        assert_int_equal(a->work[i], b->work[j]);
        for (size_t e = a->pred_off[i]; e < a->pred_off[i + 1]; e++)
            assert_true(has_edge(b, a->id[a->pred[e]], a->id[i]));
    }
}

static void test_round_trips(void **state)
{
    (void)state;
    ecs_gen_params gp;
    ecs_gen_params_init(&gp);
    gp.tasks = 40;
    gp.seed = 5;
    ecs_graph *gen = NULL;
    ecs_diag d;
    assert_int_equal(ecs_stg_generate(&gp, &gen, &d), ECS_OK);
    /* the generated graph without its dummies, as the writers see it */
    char *dot = write_to_string(gen, 1, 1);
    ecs_graph *g1 = NULL, *g2 = NULL, *g3 = NULL;
    assert_int_equal(rd(dot, ECS_STG_AUTO, 0, &g1, &d), ECS_OK);
    assert_int_equal(g1->n, 40);
    assert_int_equal(ecs_graph_critical_path(g1), ecs_graph_critical_path(gen));
    char *wf = write_to_string(g1, 0, 90);
    assert_int_equal(rd(wf, ECS_STG_AUTO, 90, &g2, &d), ECS_OK);
    same_graph(g1, g2);
    char *dot2 = write_to_string(g2, 1, 1);
    assert_string_equal(dot, dot2);
    /* WfFormat read with the default unit: runtimes = work * 3600 */
    char *wf3 = write_to_string(g1, 0, 3600);
    assert_int_equal(rd(wf3, ECS_STG_AUTO, 0, &g3, &d), ECS_OK);
    same_graph(g1, g3);
    free(dot);
    free(dot2);
    free(wf);
    free(wf3);
    ecs_graph_free(gen);
    ecs_graph_free(g1);
    ecs_graph_free(g2);
    ecs_graph_free(g3);
}

static void test_params(void **state)
{
    (void)state;
    ecs_graph_read_params p;
    ecs_diag d;
    ecs_graph_read_params_init(&p);
    assert_int_equal(ecs_graph_read_params_validate(&p, &d), ECS_OK);
    p.work_unit = -1;
    assert_int_equal(ecs_graph_read_params_validate(&p, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "--work-unit"));
    p.work_unit = 0;
    p.default_runtime_unit = 0;
    assert_int_equal(ecs_graph_read_params_validate(&p, &d), ECS_EINVAL);
    /* STG detection stays with the STG reader; a forced wrong format fails */
    assert_int_equal(ecs_graph_detect_format("3\n0 0 0\n", 8), ECS_STG_AUTO);
    fails("3\n0 0 0\n", ECS_STG_DOT, 1, "expected 'digraph'", NULL);
    fails("digraph { }", ECS_STG_WFFORMAT, 1, "not valid JSON", NULL);
    fails("digraph { }", ECS_STG_DOT, 0, "no tasks", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dot_cawosched),
        cmocka_unit_test(test_dot_names_and_syntax),
        cmocka_unit_test(test_wfformat_15_and_14),
        cmocka_unit_test(test_wfformat_errors),
        cmocka_unit_test(test_shared_workflows),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_params),
    };
    return cmocka_run_group_tests_name("graphio", tests, NULL, NULL);
}
