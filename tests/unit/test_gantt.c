/* The SVG writer and the Gantt chart: numbers, escaping, ticks, and the
 * chart's boxes and labels on a tiny and a 2,000-task schedule. */
#include "testutil.h"

#include <jansson.h>

#include "ecsched/gantt.h"
#include "ecsched/svg.h"

/* ---- svg.c ---- */

static void test_num_format(void **state)
{
    (void)state;
    char b[32];
    assert_string_equal(ecs_svg_num(b, sizeof b, 12, 2), "12");
    assert_string_equal(ecs_svg_num(b, sizeof b, 0.1, 2), "0.1");
    assert_string_equal(ecs_svg_num(b, sizeof b, 3.14159, 2), "3.14");
    assert_string_equal(ecs_svg_num(b, sizeof b, -0.001, 2), "0");
    assert_string_equal(ecs_svg_num(b, sizeof b, -2.5, 2), "-2.5");
    assert_string_equal(ecs_svg_num(b, sizeof b, 1e300 * 1e300, 2), "0");
    assert_string_equal(ecs_svg_num(b, sizeof b, 100, 0), "100");
}

static void test_escape(void **state)
{
    (void)state;
    char *e = ecs_svg_escape("<a & 'b' \"c\">\x01");
    assert_string_equal(e, "&lt;a &amp; &apos;b&apos; &quot;c&quot;&gt; ");
    free(e);
}

static void test_nice_steps(void **state)
{
    (void)state;
    assert_close(ecs_svg_nice_step(10, 5), 2, 1e-12);
    assert_close(ecs_svg_nice_step(7, 4), 2, 1e-12);
    assert_close(ecs_svg_nice_step(100, 4), 50, 1e-12);
    assert_close(ecs_svg_nice_step(1, 5), 0.2, 1e-12);
    assert_close(ecs_svg_nice_step(1, 10), 0.1, 1e-12);
    assert_close(ecs_svg_nice_step(0.037, 4), 0.01, 1e-12);
    assert_int_equal(ecs_svg_step_decimals(0.2), 1);
    assert_int_equal(ecs_svg_step_decimals(0.05), 2);
    assert_int_equal(ecs_svg_step_decimals(5), 0);
    double lo, hi, st;
    ecs_svg_nice_domain(0.13, 0.92, 5, &lo, &hi, &st);
    assert_close(st, 0.2, 1e-12);
    assert_close(lo, 0, 1e-12);
    assert_close(hi, 1, 1e-12);
    ecs_svg_nice_domain(3, 3, 5, &lo, &hi, &st); /* a flat series */
    assert_true(lo < 3 && hi > 3);
}

static void test_map(void **state)
{
    (void)state;
    ecs_svg_scale sc = {0, 10, 100, 200, 0};
    assert_close(ecs_svg_map(&sc, 5), 150, 1e-12);
    ecs_svg_scale lg = {0.01, 100, 0, 400, 1};
    assert_close(ecs_svg_map(&lg, 1), 200, 1e-9);
    assert_close(ecs_svg_map(&lg, 0), 0, 1e-9); /* clamped */
}

/* ---- scanning the chart ---- */

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static double attr(const char *tag, const char *name)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(tag, key);
    assert_non_null(p);
    return strtod(p + strlen(key), NULL);
}

typedef struct box {
    double x0, y0, x1, y1;
} box;

/*
 * Each task group's outline box and, if present, its label's extent
 * (width at 0.636 em per character, DejaVu Sans's digit advance, height =
 * font size).  Returns the number of labels.
 */
static size_t scan_tasks(const char *svg, box *boxes, box *labels,
                         size_t *ntask)
{
    size_t nl = 0, nt = 0;
    for (const char *g = strstr(svg, "<g class=\"task\">"); g;
         g = strstr(g + 1, "<g class=\"task\">")) {
        const char *end = strstr(g, "</g>");
        const char *r = strstr(g, "<rect x=");
        const char *b = NULL;
        while (r && r < end) { /* the last rect of the group is the box */
            const char *cls = strstr(r, "class=\"box\"");
            const char *close = strstr(r, "/>");
            if (cls && cls < close)
                b = r;
            r = strstr(r + 1, "<rect x=");
        }
        assert_non_null(b);
        box bx = {attr(b, "x"), attr(b, "y"), 0, 0};
        bx.x1 = bx.x0 + attr(b, "width");
        bx.y1 = bx.y0 + attr(b, "height");
        boxes[nt++] = bx;
        const char *t = strstr(g, "<text ");
        if (t && t < end) {
            assert_non_null(strstr(t, "class=\"label\""));
            double x = attr(t, "x"), y = attr(t, "y"), fs = attr(t, "font-size");
            const char *txt = strchr(t, '>') + 1;
            size_t len = (size_t)(strchr(txt, '<') - txt);
            double w = 0.636 * fs * (double)len;
            box lb = {x - w / 2, y - fs, x + w / 2, y};
            /* inside its own box */
            assert_true(lb.x0 >= bx.x0 && lb.x1 <= bx.x1);
            assert_true(lb.y0 >= bx.y0 - 1e-9 && lb.y1 <= bx.y1 + 1e-9);
            labels[nl++] = lb;
        }
    }
    *ntask = nt;
    return nl;
}

static int cmp_box(const void *a, const void *b)
{
    const box *p = a, *q = b;
    if (p->y0 != q->y0)
        return p->y0 < q->y0 ? -1 : 1;
    return p->x0 < q->x0 ? -1 : p->x0 > q->x0;
}

/* No two extents intersect by more than tol px (coordinates are printed
 * with 2 decimals, so boxes that share an edge may touch by 0.01). */
static void assert_no_overlap(box *lb, size_t n, double tol)
{
    qsort(lb, n, sizeof *lb, cmp_box);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n && lb[j].y0 < lb[i].y1 - tol; j++)
            assert_true(lb[j].x0 >= lb[i].x1 - tol ||
                        lb[j].x1 <= lb[i].x0 + tol);
}

static const char *TINY =
    "{\"command\": \"handmade\", \"pes\": 2, \"freqs\": [1, 0.8, 0.4, 0],"
    " \"prices\": {\"source\": \"handmade\", \"per_slot\": [1,2,3,4,5,6,7,8]},"
    " \"deadline\": 8, \"cost\": 18.4, \"base_cost\": 20,"
    " \"tasks\": ["
    "  {\"id\": 1, \"work\": 2, \"pe\": 0, \"start\": 0, \"stop\": 2,"
    "   \"freqs\": [0.8, 0.8, 0.4]},"
    "  {\"id\": 2, \"work\": 1, \"pe\": 1, \"start\": 0, \"stop\": 0},"
    "  {\"id\": 3, \"work\": 1, \"pe\": 0, \"start\": 3, \"stop\": 4,"
    "   \"freqs\": [1, 0]},"
    "  {\"id\": 5, \"work\": 2, \"pe\": 1, \"start\": 4, \"stop\": 5,"
    "   \"freqs\": [1, 1]}]}";

static void test_gantt_tiny(void **state)
{
    (void)state;
    json_error_t e;
    json_t *doc = json_loads(TINY, 0, &e);
    assert_non_null(doc);
    char *svg = NULL;
    ecs_gantt_stats st;
    ecs_diag d;
    assert_int_equal(ecs_gantt_render(doc, "tiny.json", NULL, &svg, &st, &d),
                     ECS_OK);
    json_decref(doc);
    assert_int_equal(st.tasks, 4);
    assert_int_equal(st.labels, 4);
    assert_int_equal(st.slots, 8);
    assert_int_equal(count(svg, "<g class=\"task\">"), 4);
    assert_int_equal(count(svg, "class=\"box\""), 4);
    assert_int_equal(count(svg, "class=\"label\""), 4);
    /* shading runs: task 1 has 2 (0.8 0.8 | 0.4), 2 has 1, 3 has 2, 5 has 1 */
    box boxes[4], labels[4];
    size_t nt;
    assert_int_equal(scan_tasks(svg, boxes, labels, &nt), 4);
    assert_int_equal(nt, 4);
    /* the slot axis is linear: task 1 (3 slots) is 3 times task 2 (1 slot) */
    assert_close(boxes[0].x1 - boxes[0].x0, 3 * (boxes[1].x1 - boxes[1].x0),
                 0.02);
    /* ids appear as label text */
    assert_non_null(strstr(svg, "class=\"label\" text-anchor=\"middle\" "
                                "fill=\"#000\">5</text>"));
    assert_non_null(strstr(svg, "D&apos; = 8"));
    assert_non_null(strstr(svg, "saving 8.0%"));
    free(svg);
}

/* A 2,000-task schedule on 16 PEs, deterministic (LCG), tasks back to back
 * with random works and frequencies. */
static json_t *big_doc(size_t ntask, long pes)
{
    json_t *doc = json_object(), *tasks = json_array(), *price = json_array();
    long *free_at = calloc((size_t)pes, sizeof *free_at);
    unsigned long long x = 12345;
    static const double F[] = {1, 0.8, 0.6, 0.4, 0.2, 0};
    long makespan = 0;
    for (size_t i = 0; i < ntask; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        long pe = (long)(i % (size_t)pes);
        long len = 1 + (long)((x >> 33) % 6);
        json_t *t = json_object(), *f = json_array();
        json_object_set_new(t, "id", json_integer((json_int_t)i + 1));
        json_object_set_new(t, "pe", json_integer(pe));
        json_object_set_new(t, "start", json_integer(free_at[pe]));
        json_object_set_new(t, "stop", json_integer(free_at[pe] + len - 1));
        for (long l = 0; l < len; l++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            json_array_append_new(f, json_real(F[(x >> 40) % 6]));
        }
        json_object_set_new(t, "freqs", f);
        json_array_append_new(tasks, t);
        free_at[pe] += len + (long)((x >> 20) % 2);
        if (free_at[pe] > makespan)
            makespan = free_at[pe];
    }
    for (long l = 0; l < makespan + 10; l++)
        json_array_append_new(price, json_real(0.5 + 0.5 * sin(l / 7.0)));
    json_t *pr = json_object();
    json_object_set_new(pr, "per_slot", price);
    json_object_set_new(doc, "pes", json_integer(pes));
    json_object_set_new(doc, "deadline", json_integer(makespan + 10));
    json_object_set_new(doc, "prices", pr);
    json_object_set_new(doc, "tasks", tasks);
    free(free_at);
    return doc;
}

static void check_big(size_t ntask, long pes, double width)
{
    json_t *doc = big_doc(ntask, pes);
    char *svg = NULL;
    ecs_gantt_options o;
    ecs_gantt_options_init(&o);
    o.width = width;
    ecs_gantt_stats st;
    ecs_diag d;
    assert_int_equal(ecs_gantt_render(doc, "big.json", &o, &svg, &st, &d),
                     ECS_OK);
    json_decref(doc);
    assert_int_equal(st.tasks, ntask);
    box *boxes = malloc(ntask * sizeof *boxes);
    box *labels = malloc(ntask * sizeof *labels);
    size_t nt;
    size_t nl = scan_tasks(svg, boxes, labels, &nt);
    assert_int_equal(nt, ntask);
    assert_int_equal(nl, st.labels);
    assert_true(nl > 0);         /* wide boxes keep their labels */
    assert_true(nl < ntask);     /* narrow ones drop them */
    assert_no_overlap(labels, nl, 0);
    /* task boxes never overlap either (one row per PE) */
    assert_no_overlap(boxes, nt, 0.02);
    free(boxes);
    free(labels);
    free(svg);
}

static void test_gantt_2000_tasks(void **state)
{
    (void)state;
    check_big(2000, 16, 0);
}

static void test_gantt_2000_tasks_narrow(void **state)
{
    (void)state;
    check_big(2000, 64, 800);
}

static void test_gantt_bad_input(void **state)
{
    (void)state;
    static const struct {
        const char *json, *msg;
    } cases[] = {
        {"[1]", "not a schedule document"},
        {"{\"pes\": 2}", "\"tasks\" is missing"},
        {"{\"pes\": 2, \"tasks\": []}", "no tasks to plot"},
        {"{\"pes\": 0, \"tasks\": [{}]}", "\"pes\" must be"},
        {"{\"pes\": 2, \"tasks\": [{\"id\": 1, \"pe\": 2, \"start\": 0, "
         "\"stop\": 0}]}",
         "tasks[0]: \"pe\" 2 is outside 0..1"},
        {"{\"pes\": 2, \"tasks\": [{\"id\": 1, \"pe\": 0, \"start\": 3, "
         "\"stop\": 1}]}",
         "tasks[0]: \"stop\" 1 is outside 3.."},
        {"{\"pes\": 2, \"tasks\": [{\"id\": 1, \"pe\": 0, \"start\": 0, "
         "\"stop\": 1, \"freqs\": [1]}]}",
         "tasks[0]: \"freqs\" must list 2 frequencies"},
        {"{\"pes\": 2, \"tasks\": [{\"id\": 1, \"pe\": 0, \"start\": 0, "
         "\"stop\": 0, \"freqs\": [1.5]}]}",
         "tasks[0]: freqs[0] is not a number in [0, 1]"},
        {"{\"pes\": 1, \"prices\": {\"per_slot\": [1, \"x\"]}, \"tasks\": "
         "[{\"id\": 1, \"pe\": 0, \"start\": 0, \"stop\": 0}]}",
         "prices.per_slot[1] is not a number"},
        {"{\"pes\": 1, \"tasks\": [{\"pe\": 0, \"start\": 0, \"stop\": 0}]}",
         "tasks[0]: \"id\" is missing"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_error_t e;
        json_t *doc = json_loads(cases[i].json, 0, &e);
        assert_non_null(doc);
        char *svg = (char *)1;
        ecs_diag d;
        ecs_diag_clear(&d);
        assert_int_equal(ecs_gantt_render(doc, "x.json", NULL, &svg, NULL, &d),
                         ECS_EPARSE);
        json_decref(doc);
        assert_null(svg);
        assert_string_equal(d.file, "x.json");
        if (strstr(d.msg, cases[i].msg) == NULL) {
            print_error("case %zu: '%s' lacks '%s'\n", i, d.msg, cases[i].msg);
            fail();
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_num_format),
        cmocka_unit_test(test_escape),
        cmocka_unit_test(test_nice_steps),
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_gantt_tiny),
        cmocka_unit_test(test_gantt_2000_tasks),
        cmocka_unit_test(test_gantt_2000_tasks_narrow),
        cmocka_unit_test(test_gantt_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
