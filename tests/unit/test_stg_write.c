/* The STG writer: exact text on a hand-made graph, and round trips through
 * the reader (generated graphs, the bundled file, every shared STG file),
 * compared with a renumbering computed here independently. */
#include "testutil.h"

#include "ecsched/graph.h"
#include "ecsched/stg.h"

static char *write_text(const ecs_graph *g, const char *comment)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_int_equal(ecs_stg_write(f, g, comment, NULL), ECS_OK);
    fclose(f);
    return text;
}

static ecs_graph *read_text(const char *text)
{
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_result rc =
        ecs_stg_read_buffer(text, strlen(text), "written", ECS_STG_AUTO, &g, &d);
    if (rc != ECS_OK)
        print_error("%s:%ld: %s\n", d.file, d.line, d.msg);
    assert_int_equal(rc, ECS_OK);
    return g;
}

/* Layout dummies that are sources or sinks are not written. */
static int dropped(const ecs_graph *g, size_t v)
{
    return g->dummy[v] && (g->pred_off[v] == g->pred_off[v + 1] ||
                           g->succ_off[v] == g->succ_off[v + 1]);
}

/*
 * The renumbering the writer promises, computed the slow way: repeatedly
 * take the ready task with the smallest id.  order[k] is the graph index of
 * new id k+1; returns the number of tasks written.
 */
static size_t slow_order(const ecs_graph *g, size_t *order, size_t *newid)
{
    size_t m = 0;
    for (size_t v = 0; v < g->n; v++)
        newid[v] = 0;
    for (;;) {
        size_t best = (size_t)-1;
        for (size_t v = 0; v < g->n; v++) {
            if (newid[v] || dropped(g, v))
                continue;
            int ready = 1;
            for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
                if (!dropped(g, g->pred[e]) && !newid[g->pred[e]])
                    ready = 0;
            if (ready && (best == (size_t)-1 || g->id[v] < g->id[best]))
                best = v;
        }
        if (best == (size_t)-1)
            return m;
        order[m++] = best;
        newid[best] = m;
    }
}

/* h (read back) is g renumbered by slow_order, with fresh dummies. */
static void check_round_trip(const ecs_graph *g)
{
    size_t *order = malloc((g->n + 1) * sizeof *order);
    size_t *newid = malloc((g->n + 1) * sizeof *newid);
    size_t m = slow_order(g, order, newid);
    char *text = write_text(g, "round trip");
    ecs_graph *h = read_text(text);
    assert_int_equal(h->format, ECS_STG_STANDARD);
    assert_int_equal(h->n, m + 2);
    assert_true(h->dummy[0] && h->dummy[m + 1]);
    for (size_t k = 0; k < h->n; k++)
        assert_int_equal(h->id[k], (long)k);
    size_t sinks = 0;
    for (size_t k = 1; k <= m; k++) {
        size_t v = order[k - 1];
        assert_int_equal(h->work[k], g->work[v]);
        /* the kept predecessors of v, renumbered, sorted */
        size_t want[4096], nw = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
            if (!dropped(g, g->pred[e]))
                want[nw++] = newid[g->pred[e]];
        for (size_t a = 1; a < nw; a++) /* insertion sort */
            for (size_t b = a; b > 0 && want[b - 1] > want[b]; b--) {
                size_t t = want[b];
                want[b] = want[b - 1];
                want[b - 1] = t;
            }
        size_t np = h->pred_off[k + 1] - h->pred_off[k];
        if (nw == 0) {
            assert_int_equal(np, 1);
            assert_int_equal(h->pred[h->pred_off[k]], 0);
        } else {
            assert_int_equal(np, nw);
            for (size_t i = 0; i < nw; i++)
                assert_int_equal(h->pred[h->pred_off[k] + i], want[i]);
        }
        size_t ns = 0;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            ns += !dropped(g, g->succ[e]);
        if (ns == 0) {
            sinks++;
            assert_int_equal(h->succ_off[k + 1] - h->succ_off[k], 1);
            assert_int_equal(h->succ[h->succ_off[k]], m + 1);
        }
    }
    if (m > 0)
        assert_int_equal(h->pred_off[m + 2] - h->pred_off[m + 1], sinks);
    /* the "#" block: CP Length and Parallelism of the graph */
    ecs_graph_stats sg, sh;
    ecs_graph_stats_compute(g, &sg);
    ecs_graph_stats_compute(h, &sh);
    assert_int_equal(h->meta.cp_length, sg.critical_path);
    assert_close(h->meta.parallelism, sg.parallelism, 5e-7);
    assert_int_equal(sh.critical_path, sg.critical_path);
    assert_int_equal(sh.total_work, sg.total_work);
    /* writing the read-back graph again gives the same text */
    char *again = write_text(h, "round trip");
    assert_string_equal(again, text);
    free(again);
    free(text);
    free(order);
    free(newid);
    ecs_graph_free(h);
}

/* Every id is kept and the file is exactly as in the STG files. */
static void test_exact_text(void **state)
{
    (void)state;
    /* ids not in topological order: 9 -> 3, 5 -> 3, 5 -> 7 */
    static const long id[] = {5, 3, 9, 7};
    static const long work[] = {2, 4, 1, 3};
    static const ecs_edge e[] = {{2, 1, 0}, {0, 1, 0}, {0, 3, 0}};
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_graph_build(4, id, work, NULL, 3, e, 0, &g, &d),
                     ECS_OK);
    snprintf(g->meta.generator, sizeof g->meta.generator, "handmade");
    char *text = write_text(g, "line one\n\nline three");
    /* ready first: 5 (new 1), then 7 (new 2, ready after 5, id 7 < 9),
     * then 9 (new 3), then 3 (new 4); CP = 5 -> 3 = 6; work 10 */
    const char *want =
        "          4\n"
        "          0          0          0\n"
        "          1          2          1          0\n"
        "          2          3          1          1\n"
        "          3          1          1          0\n"
        "          4          4          2          1          3\n"
        "          5          0          2          2          4\n"
        "# line one\n"
        "#\n"
        "# line three\n"
        "# Precedence constraints generator : handmade\n"
        "#   Tasks             : 4 (+dummy tasks : 2)\n"
        "#   Edges             : 3 (+dummy edges : 4)\n"
        "# CP Length           : 6\n"
        "# Parallelism         : 1.666667\n";
    assert_string_equal(text, want);
    free(text);
    check_round_trip(g);
    ecs_graph_free(g);
}

static void test_empty_and_single(void **state)
{
    (void)state;
    ecs_graph *g = NULL;
    ecs_diag d;
    long none[1] = {0};
    assert_int_equal(ecs_graph_build(0, none, none, NULL, 0, NULL, 0, &g, &d),
                     ECS_OK);
    char *text = write_text(g, NULL);
    assert_non_null(strstr(text, "          1          0          1          0\n"));
    ecs_graph *h = read_text(text);
    assert_int_equal(h->n, 2);
    assert_int_equal(h->meta.cp_length, 0);
    free(text);
    ecs_graph_free(h);
    ecs_graph_free(g);
    static const long id[] = {42};
    static const long work[] = {7};
    assert_int_equal(ecs_graph_build(1, id, work, NULL, 0, NULL, 0, &g, &d),
                     ECS_OK);
    check_round_trip(g);
    ecs_graph_free(g);
}

/* A layout dummy in the middle of a path is kept as a zero-work task, so
 * that precedence through it survives. */
static void test_middle_dummy_kept(void **state)
{
    (void)state;
    static const long id[] = {0, 1, 2, 3, 4};
    static const long work[] = {0, 3, 0, 5, 0};
    static const unsigned char dummy[] = {1, 0, 1, 0, 1};
    static const ecs_edge e[] = {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {3, 4, 0}};
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_graph_build(5, id, work, dummy, 4, e, 0, &g, &d),
                     ECS_OK);
    check_round_trip(g);
    char *text = write_text(g, NULL);
    ecs_graph *h = read_text(text);
    assert_int_equal(h->n, 5); /* 1, 2 (kept), 3 and the new dummies */
    assert_int_equal(ecs_graph_critical_path(h), 8);
    free(text);
    ecs_graph_free(h);
    ecs_graph_free(g);
}

static void test_generated(void **state)
{
    (void)state;
    for (unsigned long seed = 1; seed <= 30; seed++) {
        ecs_gen_params p;
        ecs_gen_params_init(&p);
        p.tasks = 5 + seed * 3;
        p.seed = seed;
        p.method = seed % 2 ? ECS_GEN_SAMEPROB : ECS_GEN_LAYERED;
        ecs_graph *g = NULL;
        ecs_diag d;
        assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_OK);
        check_round_trip(g);
        /* generated ids are already topological: the same graph */
        char *text = write_text(g, NULL);
        ecs_graph *h = read_text(text);
        assert_int_equal(h->n, g->n);
        assert_int_equal(h->nedges, g->nedges);
        for (size_t e = 0; e < g->nedges; e++)
            assert_int_equal(h->pred[e], g->pred[e]);
        assert_string_equal(h->meta.generator, g->meta.generator);
        free(text);
        ecs_graph_free(h);
        ecs_graph_free(g);
    }
}

static void round_trip_file(const char *path)
{
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_result rc = ecs_stg_read_file(path, ECS_STG_AUTO, &g, &d);
    if (rc != ECS_OK)
        print_error("%s:%ld: %s\n", d.file, d.line, d.msg);
    assert_int_equal(rc, ECS_OK);
    check_round_trip(g);
    /* for layouts with standard dummies, the counts survive too */
    ecs_graph_stats sg, sh;
    ecs_graph_stats_compute(g, &sg);
    char *text = write_text(g, NULL);
    ecs_graph *h = read_text(text);
    ecs_graph_stats_compute(h, &sh);
    assert_int_equal(sh.tasks, sg.tasks);
    assert_int_equal(sh.edges, sg.edges);
    if (g->pred_comm)
        assert_non_null(strstr(text, "Communication costs"));
    free(text);
    ecs_graph_free(h);
    ecs_graph_free(g);
}

static void test_bundled_files(void **state)
{
    (void)state;
    round_trip_file("data/stg/rand0000.stg");
    round_trip_file("tests/fixtures/tiny.stg");
}

/* Every file of the shared manifest (all three layouts, ids out of order). */
static void test_shared_files(void **state)
{
    (void)state;
    const char *dir = test_shared_data();
    SKIP_WITHOUT_SHARED_DATA(dir);
    char path[2048], line[512];
    snprintf(path, sizeof path, "%s/stg/manifest.csv", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int files = 0;
    assert_non_null(fgets(line, sizeof line, f)); /* header */
    while (fgets(line, sizeof line, f)) {
        char *comma = strchr(line, ',');
        if (comma == NULL)
            continue;
        *comma = '\0';
        snprintf(path, sizeof path, "%s/stg/%s", dir, line);
        round_trip_file(path);
        files++;
    }
    fclose(f);
    assert_true(files >= 40);
}

static void test_write_error(void **state)
{
    (void)state;
    FILE *f = fopen("/dev/full", "w");
    if (f == NULL)
        skip();
    ecs_graph *g = NULL;
    ecs_gen_params p;
    ecs_diag d;
    ecs_gen_params_init(&p);
    p.tasks = 2000;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_OK);
    assert_int_equal(ecs_stg_write(f, g, NULL, &d), ECS_EIO);
    assert_non_null(strstr(d.msg, "writing"));
    fclose(f);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_text),
        cmocka_unit_test(test_empty_and_single),
        cmocka_unit_test(test_middle_dummy_kept),
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_bundled_files),
        cmocka_unit_test(test_shared_files),
        cmocka_unit_test(test_write_error),
    };
    return cmocka_run_group_tests_name("stg_write", tests, NULL, NULL);
}
