/* The method table (engine/method.c, include/ecsched/method.h): the table
 * of docs/MODEL.md "Which methods handle it" is the code's, row for row;
 * a method asked for a model it does not handle refuses it from its row
 * before running, naming methods that do handle it; and every row runs
 * through ecs_method_run on the models it claims, against the brute-force
 * oracles (exact rows find the optimum, bounds stay below it, the others
 * find feasible schedules no cheaper than it) on the paper's and the
 * extended model, against each other on CaWoSched's fixed mapping, and
 * against the hand-derived optimum over all mappings with the mapping
 * chosen. */
#include "testutil.h"

#include "ecsched/cawosched.h"
#include "ecsched/check.h"
#include "ecsched/graphio.h"
#include "ecsched/lns.h"
#include "ecsched/method.h"
#include "ecsched/remap.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- the table against docs/MODEL.md ---- */

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n'))
        s[--n] = '\0';
    size_t k = 0;
    while (s[k] == ' ')
        k++;
    memmove(s, s + k, n - k + 1);
}

/* The cells of a table line "| a | b | ... |" into cell[0..], at most max;
 * their count. */
static int cells(const char *line, char cell[][64], int max)
{
    int n = 0;
    const char *p = strchr(line, '|');
    while (p != NULL && n < max) {
        const char *q = strchr(p + 1, '|');
        if (q == NULL)
            break;
        size_t len = (size_t)(q - p - 1);
        if (len >= 64)
            len = 63;
        memcpy(cell[n], p + 1, len);
        cell[n][len] = '\0';
        trim(cell[n]);
        n++;
        p = q;
    }
    return n;
}

static void test_model_md_table(void **state)
{
    (void)state;
    FILE *f = fopen("docs/MODEL.md", "r");
    assert_non_null(f);
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    char line[512];
    int in = 0;
    size_t row = 0;
    static const ecs_model models[5] = {ECS_MODEL_PAPER, ECS_MODEL_EXTENDED,
                                        ECS_MODEL_FIXEDMAP, ECS_MODEL_FREEMAP,
                                        ECS_MODEL_SLOTS};
    while (fgets(line, sizeof line, f) != NULL) {
        if (strstr(line, "<!-- the method table") != NULL) {
            in = 1;
            continue;
        }
        if (!in)
            continue;
        if (line[0] != '|')
            break; /* the table's end */
        char c[8][64];
        int nc = cells(line, c, 8);
        assert_int_equal(nc, 7);
        if (strcmp(c[0], "method") == 0 || c[0][0] == '-')
            continue; /* the header */
        if (row >= n) {
            print_error("docs/MODEL.md has a row %s the code's table lacks\n", c[0]);
            fail();
        }
        char name[64];
        snprintf(name, sizeof name, "`%s`", t[row].name);
        if (strcmp(c[0], name) != 0) {
            print_error("docs/MODEL.md row %zu is %s, the code's %s\n", row, c[0], name);
            fail();
        }
        assert_string_equal(c[1], ecs_method_role_name(t[row].role));
        for (int m = 0; m < 5; m++)
            assert_string_equal(c[2 + m], ecs_method_handles(&t[row], models[m])
                                              ? "yes"
                                              : "no");
        row++;
    }
    fclose(f);
    assert_true(in);
    assert_int_equal(row, n); /* every row of the code's table */
}

static void test_table_well_formed(void **state)
{
    (void)state;
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    assert_true(n >= 10);
    for (size_t k = 0; k < n; k++) {
        assert_non_null(t[k].run);
        assert_non_null(t[k].what);
        assert_true(t[k].models != 0);
        assert_true((t[k].models & ~31u) == 0);
        assert_ptr_equal(ecs_method_find(t[k].name), &t[k]);
        for (size_t q = 0; q < k; q++)
            assert_string_not_equal(t[q].name, t[k].name);
    }
    assert_null(ecs_method_find("simplex"));
    assert_null(ecs_method_find(NULL));
    assert_string_equal(ecs_method_role_name(ECS_ROLE_IMPROVE), "improve");
    assert_string_equal(ecs_model_name(ECS_MODEL_FIXEDMAP), "fixedmap");
    assert_string_equal(ecs_model_name(ECS_MODEL_FREEMAP), "freemap");
}

/* Row name refuses model: EUNSUPPORTED, the message holding text. */
static void refuses(const char *name, ecs_model model, const char *text)
{
    ecs_diag d;
    assert_int_equal(ecs_method_require(ecs_method_find(name), model, &d),
                     ECS_EUNSUPPORTED);
    if (strstr(d.msg, text) == NULL) {
        print_error("%s: '%s' lacks '%s'\n", name, d.msg, text);
        fail();
    }
}

/* EUNSUPPORTED from the row, naming its own models and methods that
 * handle the model asked for (each of which does). */
static void test_require_says_so(void **state)
{
    (void)state;
    ecs_diag d;
    const ecs_method *sweep = ecs_method_find("sweep");
    assert_int_equal(ecs_method_require(sweep, ECS_MODEL_PAPER, &d), ECS_OK);
    assert_int_equal(ecs_method_require(sweep, ECS_MODEL_EXTENDED, &d),
                     ECS_EUNSUPPORTED);
    assert_non_null(strstr(d.msg, "the paper's heuristic handles the paper's "
                                  "platform only, not the extended platform"));
    const char *use = strstr(d.msg, "; use ");
    assert_non_null(use);
    char list[ECS_DIAG_MSG_MAX];
    snprintf(list, sizeof list, "%s", use + 6);
    int named = 0;
    for (char *tok = strtok(list, ", "); tok != NULL; tok = strtok(NULL, ", ")) {
        if (strcmp(tok, "or") == 0)
            continue;
        const ecs_method *alt = ecs_method_find(tok);
        assert_non_null(alt);
        assert_true(ecs_method_handles(alt, ECS_MODEL_EXTENDED));
        named++;
    }
    assert_true(named >= 2);
    /* a bound is offered bounds */
    refuses("colgen", ECS_MODEL_EXTENDED, "; use fluid");
    refuses("milp", ECS_MODEL_FIXEDMAP, "not CaWoSched's fixed mapping");
    refuses("milp", ECS_MODEL_FIXEDMAP, "fixedmap_milp");
    /* the mapping chosen: the search and the plan, or its bound */
    refuses("local", ECS_MODEL_FREEMAP,
            "not CaWoSched's platform with the mapping chosen (the mapping "
            "and each processor's order chosen); use remap or solve");
    refuses("fluid", ECS_MODEL_FREEMAP, "; use remap_bound");
    refuses("remap", ECS_MODEL_FIXEDMAP,
            "handles CaWoSched's platform with the mapping chosen only, not "
            "CaWoSched's fixed mapping");
}

/* ---- every row on the models it claims ---- */

/* Run row m on inst from start; asserts OK (or EUNSUPPORTED when the row
 * does not handle inst's model, then nothing ran) and checks the outcome
 * against the optimum opt (HUGE_VAL: no schedule). */
/* Run row m on inst from start (NULL: none) with a 20 s limit, into out. */
static ecs_result run_row(const ecs_method *m, const ecs_instance *inst,
                          const ecs_schedule *start, ecs_method_out *out,
                          ecs_diag *d)
{
    ecs_method_args a;
    ecs_method_args_init(&a);
    a.inst = inst;
    a.start = start;
    a.time_limit_s = 20;
    /* the search runs to its limit: a few rounds are enough here */
    ecs_lns_params lp;
    ecs_lns_params_init(&lp);
    lp.max_rounds = 5;
    if (strcmp(m->name, "lns") == 0)
        a.params = &lp;
    return ecs_method_run(m, &a, out, d);
}

static void run_on(const ecs_method *m, const ecs_instance *inst,
                   const ecs_schedule *start, double start_cost, double opt)
{
    ecs_method_out out;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = run_row(m, inst, start, &out, &d);
    ecs_model model = ecs_instance_model(inst);
    if (!ecs_method_handles(m, model)) {
        assert_int_equal(rc, ECS_EUNSUPPORTED);
        assert_null(out.schedule);
        assert_true(out.runtime_s == 0.0);
        ecs_method_out_release(&out);
        return;
    }
    if (m->role == ECS_ROLE_IMPROVE && start == NULL &&
        strcmp(m->name, "lns") == 0) {
        assert_int_equal(rc, ECS_EINVAL); /* it needs a start */
        ecs_method_out_release(&out);
        return;
    }
    if (rc == ECS_EVIOLATION && strcmp(m->name, "base") == 0) {
        /* the base at f = 1 misses D': the checker's report says so */
        assert_string_equal(out.status, "deadline_missed");
        assert_int_equal(out.check.first.kind, ECS_VIOLATION_DEADLINE);
        ecs_method_out_release(&out);
        return;
    }
    if (rc != ECS_OK)
        print_error("%s: %s\n", m->name, d.msg);
    assert_int_equal(rc, ECS_OK);
    if (out.schedule != NULL) {
        /* the engine's checker: a feasible schedule, never below the
         * optimum */
        assert_true(opt < HUGE_VAL);
        assert_close(out.cost, out.check.cost, 1e-12);
        assert_true(out.cost >= opt - tu_tol(opt));
        if (m->role == ECS_ROLE_IMPROVE && start != NULL)
            assert_true(out.cost <= start_cost + tu_tol(start_cost));
    }
    if (!isnan(out.bound) && opt < HUGE_VAL)
        assert_true(out.bound <= opt + tu_tol(opt));
    if (m->role == ECS_ROLE_EXACT) {
        if (opt == HUGE_VAL) {
            assert_null(out.schedule);
            assert_string_equal(out.status, "infeasible");
        } else {
            /* 20 s is far above what these tiny instances take */
            assert_non_null(out.schedule);
            assert_true(out.optimal);
            assert_close(out.cost, opt, tu_tol(opt));
        }
    }
    ecs_method_out_release(&out);
}

static void test_rows_on_paper(void **state)
{
    (void)state;
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    uint64_t seed = 3501;
    int feasible = 0;
    for (int rep = 0; rep < 12; rep++) {
        tu_tiny x;
        tu_tiny_draw(&seed, "1,0.5,0", rep % 2 ? "quadratic" : "static:0.4",
                     TU_BF_MAXT, 0.0, &x);
        double opt = tu_brute_force(x.g, &x.p, x.price, x.T);
        ecs_instance inst;
        ecs_instance_init(&inst, x.g, &x.p, x.price, (size_t)x.T, x.T);
        assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
        /* a start for the improving rows: the base row's, if it meets D' */
        ecs_method_args a;
        ecs_method_args_init(&a);
        a.inst = &inst;
        ecs_method_out base;
        ecs_result rc = ecs_method_run(ecs_method_find("base"), &a, &base, NULL);
        const ecs_schedule *start = rc == ECS_OK ? base.schedule : NULL;
        for (size_t k = 0; k < n; k++)
            run_on(&t[k], &inst, start, rc == ECS_OK ? base.cost : NAN, opt);
        feasible += opt < HUGE_VAL;
        ecs_method_out_release(&base);
        ecs_instance_release(&inst);
        ecs_graph_free(x.g);
    }
    assert_true(feasible >= 6);
}

/* The extended model: two classes, a free source. */
static void test_rows_on_extended(void **state)
{
    (void)state;
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    uint64_t seed = 3502;
    int feasible = 0;
    for (int rep = 0; rep < 8; rep++) {
        ecs_platform p;
        ecs_platform_init(&p);
        assert_int_equal(ecs_platform_set_freqs(&p, "1,0.5,0", NULL), ECS_OK);
        tu_add_class(&p, "fast", 1, 0, (const double[]){2, 1, 0},
                     (const double[]){4, 1.5, 0}, 0.5);
        tu_add_class(&p, "slow", 1, 0, (const double[]){1, 0.5, 0},
                     (const double[]){1, 0.4, 0}, 0.2);
        size_t nt = (size_t)tu_rng_int(&seed, 1, TU_BFX_MAXN);
        ecs_graph *g = tu_random_graph(&seed, nt, 2, 0.4);
        long T = tu_rng_int(&seed, 3, TU_BFX_MAXT);
        double price[TU_BFX_MAXT], vol[TU_BFX_MAXT];
        tu_random_prices(&seed, price, T, 0.0);
        for (long l = 0; l < T; l++)
            vol[l] = tu_rng_unit(&seed);
        ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
        ecs_instance inst;
        ecs_instance_init(&inst, g, &p, price, (size_t)T, T);
        inst.source = &src;
        inst.nsource = 1;
        assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
        assert_int_equal(ecs_instance_model(&inst), ECS_MODEL_EXTENDED);
        double opt = tu_brute_force_ext(&inst);
        /* the base is the caller's on this model: the row refuses none */
        ecs_method_args a;
        ecs_method_args_init(&a);
        a.inst = &inst;
        ecs_method_out o;
        assert_int_equal(ecs_method_run(ecs_method_find("base"), &a, &o, NULL),
                         ECS_EINVAL);
        ecs_method_out_release(&o);
        for (size_t k = 0; k < n; k++)
            if (strcmp(t[k].name, "base") != 0)
                run_on(&t[k], &inst, NULL, NAN, opt);
        feasible += opt < HUGE_VAL;
        ecs_instance_release(&inst);
        ecs_graph_free(g);
    }
    assert_true(feasible >= 4);
}

/* A row's status and cost on inst, start given (NAN cost: none). */
static void row_result(const ecs_method *m, const ecs_instance *inst,
                       const ecs_schedule *start, ecs_result *rc,
                       char *status, size_t size, double *cost)
{
    ecs_method_out out;
    *rc = run_row(m, inst, start, &out, NULL);
    snprintf(status, size, "%s", out.status);
    *cost = out.schedule != NULL ? out.cost : NAN;
    ecs_method_out_release(&out);
}

/* What cannot bind changes no row: the paper's tiny instances with a source
 * of zero volume, then with a cap above any draw, give every row of the
 * table the code, status and cost it gives without them (the rows of the
 * paper's platform only run on the view; before, they were refused). */
static void test_rows_on_view(void **state)
{
    (void)state;
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    uint64_t seed = 3503;
    int compared = 0;
    for (int rep = 0; rep < 6; rep++) {
        tu_tiny x;
        tu_tiny_draw(&seed, "1,0.5,0", "quadratic", TU_BF_MAXT, 0.0, &x);
        ecs_instance plain;
        ecs_instance_init(&plain, x.g, &x.p, x.price, (size_t)x.T, x.T);
        assert_int_equal(ecs_instance_prepare(&plain, NULL), ECS_OK);
        ecs_method_args a;
        ecs_method_args_init(&a);
        a.inst = &plain;
        ecs_method_out base;
        ecs_result brc = ecs_method_run(ecs_method_find("base"), &a, &base, NULL);
        const ecs_schedule *start = brc == ECS_OK ? base.schedule : NULL;
        double zero[TU_BF_MAXT] = {0};
        double cap[TU_BF_MAXT];
        for (long l = 0; l < x.T; l++)
            cap[l] = 1e9;
        for (int variant = 0; variant < 2; variant++) {
            ecs_platform p = x.p;
            ecs_source src = {.name = "none", .site = 0, .price = 0, .volume = zero};
            ecs_site site = {.price = NULL, .cap = cap};
            ecs_instance ext;
            ecs_instance_init(&ext, x.g, &p, x.price, (size_t)x.T, x.T);
            if (variant == 0) {
                ext.source = &src;
                ext.nsource = 1;
            } else {
                ext.site = &site;
            }
            assert_int_equal(ecs_instance_prepare(&ext, NULL), ECS_OK);
            assert_int_equal(ecs_instance_model(&ext), ECS_MODEL_EXTENDED);
            ecs_model bm;
            assert_int_equal(ecs_instance_binding_model(&ext, &bm, NULL), ECS_OK);
            assert_int_equal(bm, ECS_MODEL_PAPER);
            for (size_t k = 0; k < n; k++) {
                if (!ecs_method_handles(&t[k], ECS_MODEL_PAPER))
                    continue;
                ecs_result r0, r1;
                char s0[32], s1[32];
                double c0, c1;
                row_result(&t[k], &plain, start, &r0, s0, sizeof s0, &c0);
                row_result(&t[k], &ext, start, &r1, s1, sizeof s1, &c1);
                if (r0 != r1 || strcmp(s0, s1) != 0)
                    print_error("%s (variant %d): %d %s against %d %s\n",
                                t[k].name, variant, r0, s0, r1, s1);
                assert_int_equal(r1, r0);
                assert_string_equal(s1, s0);
                assert_int_equal(isnan(c1), isnan(c0));
                if (!isnan(c0)) {
                    assert_close(c1, c0, tu_tol(c0));
                    compared++;
                }
            }
            ecs_instance_release(&ext);
        }
        ecs_method_out_release(&base);
        ecs_instance_release(&plain);
        ecs_graph_free(x.g);
    }
    assert_true(compared >= 30);
}

/* CaWoSched's hand example (tests/fixtures/cawosched/hand.*): solve's plan
 * proves the optimum the MILP row finds, the bound row stays below it,
 * local's schedule is no cheaper, and the free mapping's rows refuse it. */
static void test_rows_on_fixedmap(void **state)
{
    (void)state;
    ecs_diag d;
    ecs_graph *g = NULL;
    ecs_cws_mapping *map = NULL;
    ecs_cws_setup *su = NULL;
    ecs_cws_problem *p = NULL;
    ecs_graph_read_params gp;
    ecs_graph_read_params_init(&gp);
    assert_int_equal(ecs_graph_read_file("tests/fixtures/cawosched/hand.dot", &gp, &g, &d), ECS_OK);
    assert_int_equal(ecs_cws_mapping_read_file("tests/fixtures/cawosched/hand_mapping.txt", &map, &d), ECS_OK);
    assert_int_equal(ecs_cws_setup_read_file("tests/fixtures/cawosched/hand_setup.input", &su, &d), ECS_OK);
    assert_int_equal(ecs_cws_problem_build(g, map, su, &p, &d), ECS_OK);
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    ecs_method_args a;
    ecs_method_args_init(&a);
    a.cws = p;
    a.time_limit_s = 20;
    double cost[32], bound[32];
    assert_true(n <= 32);
    for (size_t k = 0; k < n; k++) {
        ecs_method_out out;
        ecs_result rc = ecs_method_run(&t[k], &a, &out, &d);
        cost[k] = out.cost;
        bound[k] = out.bound;
        if (!ecs_method_handles(&t[k], ECS_MODEL_FIXEDMAP)) {
            assert_int_equal(rc, ECS_EUNSUPPORTED);
        } else {
            assert_int_equal(rc, ECS_OK);
            if (t[k].role != ECS_ROLE_BOUND) {
                assert_non_null(out.cws_start);
                ecs_cws_eval ev;
                assert_int_equal(ecs_cws_evaluate(p, out.cws_start, &ev, &d), ECS_OK);
                assert_true(ev.cost == (long long)out.cost);
            }
        }
        ecs_method_out_release(&out);
    }
    size_t ks = (size_t)(ecs_method_find("solve") - t),
           km = (size_t)(ecs_method_find("fixedmap_milp") - t),
           kb = (size_t)(ecs_method_find("fixedmap_bound") - t),
           kl = (size_t)(ecs_method_find("local") - t);
    assert_true(cost[km] == cost[ks]);   /* both proven optimal */
    assert_true(bound[ks] == cost[ks]);
    assert_true(bound[kb] <= cost[ks]);
    assert_true(cost[kl] >= cost[ks]);
    /* two problems, or none: EINVAL */
    ecs_instance inst;
    memset(&inst, 0, sizeof inst);
    a.inst = &inst;
    ecs_method_out out;
    assert_int_equal(ecs_method_run(ecs_method_find("solve"), &a, &out, &d), ECS_EINVAL);
    ecs_method_out_release(&out);
    ecs_cws_problem_free(p);
    ecs_cws_setup_free(su);
    ecs_cws_mapping_free(map);
    ecs_graph_free(g);
}

/* CaWoSched's platform with the mapping chosen, on the hand example: every
 * mapping costs at least 8 and the given one 24 at best (docs/cawosched.md
 * "Choosing the mapping", test_remap.c derives both).  Every row runs
 * through ecs_method_run; each schedule's mapping builds its problem again
 * (ecs_cws_problem_build) and the evaluator prices the starts on it. */
typedef struct cws_in {
    ecs_graph *g;
    ecs_cws_mapping *map;
    ecs_cws_setup *su;
} cws_in;

static void cws_load(cws_in *x, const char *setup)
{
    ecs_diag d;
    ecs_graph_read_params gp;
    ecs_graph_read_params_init(&gp);
    assert_int_equal(ecs_graph_read_file("tests/fixtures/cawosched/hand.dot", &gp, &x->g, &d), ECS_OK);
    assert_int_equal(ecs_cws_mapping_read_file("tests/fixtures/cawosched/hand_mapping.txt", &x->map, &d), ECS_OK);
    assert_int_equal(ecs_cws_setup_read_buffer(setup, strlen(setup), "setup", &x->su, &d), ECS_OK);
}

static void cws_unload(cws_in *x)
{
    ecs_graph_free(x->g);
    ecs_cws_mapping_free(x->map);
    ecs_cws_setup_free(x->su);
}

/* The cost of out's starts on the problem of out's mapping built again:
 * the evaluator's, which must accept them. */
static long long rebuilt_cost(const cws_in *x, const ecs_method_out *out)
{
    ecs_diag d;
    ecs_cws_problem *p;
    assert_non_null(out->cws_map);
    assert_non_null(out->cws_problem);
    assert_non_null(out->cws_start);
    assert_int_equal(ecs_cws_problem_build(x->g, out->cws_map, x->su, &p, &d), ECS_OK);
    assert_int_equal(p->n, out->cws_problem->n);
    ecs_cws_eval ev;
    assert_int_equal(ecs_cws_evaluate(p, out->cws_start, &ev, &d), ECS_OK);
    assert_true(ev.valid);
    ecs_cws_problem_free(p);
    return ev.cost;
}

/* Args of g on su with the search's params q: evals mappings, no time
 * limit of its own (deterministic). */
static void freemap_args(ecs_method_args *a, ecs_remap_params *q,
                         const ecs_graph *g, const ecs_cws_setup *su,
                         long evals)
{
    ecs_remap_params_init(q);
    q->time_limit = 0;
    q->max_evals = evals;
    ecs_method_args_init(a);
    a->graph = g;
    a->cws_setup = su;
    a->params = q;
}

static const char hand_setup[] = "10\n2\n1 1 0 0\n3 2 1 1\n2\n4 2\n0 5 10\n";

static void test_rows_on_freemap(void **state)
{
    (void)state;
    cws_in x;
    cws_load(&x, hand_setup);
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    /* the search alone runs to its limit: a fixed number of mappings */
    ecs_remap_params q;
    ecs_method_args a;
    freemap_args(&a, &q, x.g, x.su, 300);
    a.cws_map = x.map;
    a.time_limit_s = 20; /* the plan stops at its bound long before */
    assert_int_equal(ecs_method_args_model(&a), ECS_MODEL_FREEMAP);
    ecs_diag d;
    int ran = 0;
    for (size_t k = 0; k < n; k++) {
        ecs_method_out out;
        ecs_result rc = ecs_method_run(&t[k], &a, &out, &d);
        if (!ecs_method_handles(&t[k], ECS_MODEL_FREEMAP)) {
            assert_int_equal(rc, ECS_EUNSUPPORTED);
            assert_null(out.cws_start);
            ecs_method_out_release(&out);
            continue;
        }
        if (rc != ECS_OK)
            print_error("%s: %s\n", t[k].name, d.msg);
        assert_int_equal(rc, ECS_OK);
        ran++;
        if (t[k].role == ECS_ROLE_BOUND) {
            /* the relaxation's bound, 8: equal to the optimum here */
            assert_null(out.cws_start);
            assert_true(out.bound == 8);
            assert_string_equal(out.bound_method, "relaxation");
            assert_string_equal(out.status, "bound");
        } else {
            long long c = rebuilt_cost(&x, &out);
            assert_true(c == (long long)out.cost);
            assert_true(out.cost >= 8);   /* no mapping is cheaper */
            assert_true(out.cost <= 24);  /* the given mapping is a start */
            assert_true(out.remap_ran);
            assert_string_equal(out.found_by, "remap");
            assert_true(out.remap.given_cost == 24);
            assert_true(out.start_cost <= 24);
            assert_true(out.remap.cost == (long long)out.cost);
        }
        if (strcmp(t[k].name, "solve") == 0) {
            /* the bound, then the search stopping at it: proven */
            assert_true(out.cost == 8);
            assert_true(out.bound == 8);
            assert_true(out.optimal);
            assert_string_equal(out.status, "optimal");
            assert_string_equal(out.bound_method, "relaxation");
            assert_non_null(out.note);
            assert_true(out.gap == 0);
        }
        if (strcmp(t[k].name, "remap") == 0) {
            /* the row is the search with its params, nothing else: the
             * same mapping's starts for a fixed number of mappings */
            ecs_remap_params r = q;
            r.given = x.map;
            ecs_cws_mapping *m2;
            ecs_cws_problem *p2;
            long *s2;
            ecs_remap_stats st;
            assert_int_equal(ecs_remap_search(x.g, x.su, &r, &m2, &p2, &s2, &st, &d), ECS_OK);
            assert_true(st.cost == (long long)out.cost);
            assert_int_equal(st.evals, out.remap.evals);
            assert_int_equal(p2->n, out.cws_problem->n);
            assert_memory_equal(s2, out.cws_start, p2->n * sizeof *s2);
            assert_true(isnan(out.bound));
            free(s2);
            ecs_cws_problem_free(p2);
            ecs_cws_mapping_free(m2);
        }
        ecs_method_out_release(&out);
    }
    assert_int_equal(ran, 3);
    /* no params: the search's defaults, the args' limit and seed */
    a.params = NULL;
    a.time_limit_s = 0.2;
    ecs_method_out out;
    assert_int_equal(ecs_method_run(ecs_method_find("remap"), &a, &out, &d), ECS_OK);
    assert_true(rebuilt_cost(&x, &out) == (long long)out.cost);
    assert_true(out.cost >= 8 && out.cost <= 24);
    ecs_method_out_release(&out);
    /* one problem only: a graph without its setup, or two problems */
    a.cws_setup = NULL;
    assert_int_equal(ecs_method_run(ecs_method_find("solve"), &a, &out, &d), ECS_EINVAL);
    ecs_method_out_release(&out);
    a.cws_setup = x.su;
    ecs_cws_problem *p;
    assert_int_equal(ecs_cws_problem_build(x.g, x.map, x.su, &p, &d), ECS_OK);
    a.cws = p;
    assert_int_equal(ecs_method_run(ecs_method_find("solve"), &a, &out, &d), ECS_EINVAL);
    ecs_method_out_release(&out);
    ecs_cws_problem_free(p);
    cws_unload(&x);
    /* the deadline 5 below the critical path 6: no mapping meets it */
    cws_load(&x, "5\n1\n1 1 0 0\n3 2 1 1\n2\n4\n0 5\n");
    ecs_method_args b;
    ecs_method_args_init(&b);
    b.graph = x.g;
    b.cws_setup = x.su;
    b.time_limit_s = 1;
    assert_int_equal(ecs_method_run(ecs_method_find("remap_bound"), &b, &out, &d), ECS_EINFEASIBLE);
    ecs_method_out_release(&out);
    assert_int_equal(ecs_method_run(ecs_method_find("solve"), &b, &out, &d), ECS_EINFEASIBLE);
    assert_non_null(strstr(d.msg, "after the deadline 5"));
    assert_null(out.cws_start);
    ecs_method_out_release(&out);
    cws_unload(&x);
}

/* With frequencies: one task of weight 2 on one processor of work power 4,
 * a green budget of 1 a unit on [0, 4): at f = 1 it draws 4 for 2 units,
 * brown 3 + 3 = 6; at f = 0.5 it lasts 4 units at power 1, all green: 0,
 * which the energy bound (least work energy 4, green 4) proves. */
static void test_freemap_freqs(void **state)
{
    (void)state;
    ecs_diag d;
    ecs_graph *g;
    ecs_cws_setup *su;
    const char dot[] = "digraph {\n0 [weight=2];\n}\n";
    const char setup[] = "4\n1\n0\n4\n1\n1\n0 4\n";
    assert_int_equal(ecs_dot_read_buffer(dot, strlen(dot), "one.dot", 1, &g, &d), ECS_OK);
    assert_int_equal(ecs_cws_setup_read_buffer(setup, strlen(setup), "one.input", &su, &d), ECS_OK);
    const double f[2] = {1, 0.5};
    ecs_remap_params q;
    ecs_method_args a;
    freemap_args(&a, &q, g, su, 50);
    a.time_limit_s = 10;
    ecs_method_out out;
    /* one speed: 6, and the relaxation's bound cannot go above it */
    assert_int_equal(ecs_method_run(ecs_method_find("solve"), &a, &out, &d), ECS_OK);
    assert_true(out.cost == 6);
    assert_true(out.bound <= 6);
    assert_null(out.cws_problem->freq);
    ecs_method_out_release(&out);
    q.freqs = f;
    q.nfreqs = 2;
    assert_int_equal(ecs_method_run(ecs_method_find("remap_bound"), &a, &out, &d), ECS_OK);
    assert_true(out.bound == 0);
    assert_string_equal(out.bound_method, "energy");
    ecs_method_out_release(&out);
    assert_int_equal(ecs_method_run(ecs_method_find("solve"), &a, &out, &d), ECS_OK);
    assert_true(out.cost == 0);
    assert_true(out.optimal);
    assert_non_null(out.cws_problem->freq);
    assert_true(out.cws_problem->freq[0] == 0.5);
    assert_true(out.cws_problem->scale == ECS_CWS_FREQ_SCALE);
    ecs_method_out_release(&out);
    ecs_cws_setup_free(su);
    ecs_graph_free(g);
}

/* The row stages: the bound by stages and its schedule, chosen by the
 * model.  Paper: on a chain every task is a bottleneck and the bound by
 * stages is the exact problem (test_stages), so the row's bound and its
 * schedule are the brute-force optimum (bound_method "stages").
 * Extended: test_stages_ext's chain by hand on the worked platform (A ->
 * B of work 1, D' = 2, prices 1 and 3): bound 6.0 (each bottleneck on
 * one PE alone), its schedule 6.0, the optimum.  Without a bottleneck (two independent tasks) the row gives the
 * fluid bound and says so. */
static void test_stages_row(void **state)
{
    (void)state;
    const ecs_method *m = ecs_method_find("stages");
    assert_non_null(m);
    assert_int_equal(m->role, ECS_ROLE_BOUND);
    ecs_diag d;
    ecs_method_args a;
    ecs_method_out out;
    /* paper: a chain of three on one PE, F = {1, 0.5} */
    ecs_platform p;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, 1, &d), ECS_OK);
    ecs_graph *g = tu_graph(3, (const long[]){2, 1, 2}, 2,
                            (const ecs_edge[]){{0, 1, 0}, {1, 2, 0}});
    double price[8] = {3, 1, 1, 4, 2, 1, 5, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 8, 8);
    double opt = tu_brute_force(g, &p, price, 8);
    assert_true(opt < HUGE_VAL);
    ecs_method_args_init(&a);
    a.inst = &inst;
    assert_int_equal(ecs_method_run(m, &a, &out, &d), ECS_OK);
    assert_string_equal(out.bound_method, "stages");
    assert_close(out.bound, opt, tu_tol(opt));
    assert_non_null(out.schedule);
    assert_close(out.cost, opt, tu_tol(opt));
    ecs_method_out_release(&out);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
    /* extended: the worked platform's chain */
    tu_worked_platform(&p);
    g = tu_graph(2, (const long[]){1, 1}, 1, (const ecs_edge[]){{0, 1, 0}});
    double pr2[2] = {1, 3};
    ecs_instance_init(&inst, g, &p, pr2, 2, 2);
    assert_int_equal(ecs_instance_model(&inst), ECS_MODEL_EXTENDED);
    a.inst = &inst;
    assert_int_equal(ecs_method_run(m, &a, &out, &d), ECS_OK);
    assert_string_equal(out.bound_method, "stages");
    assert_close(out.bound, 6.0, 1e-8);
    assert_non_null(out.schedule);
    assert_close(out.cost, 6.0, 1e-12);
    assert_string_equal(out.status, "feasible");
    ecs_method_out_release(&out);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
    /* no bottleneck: the fluid row's bound, named fluid */
    g = tu_graph(2, (const long[]){1, 1}, 0, NULL);
    ecs_instance_init(&inst, g, &p, pr2, 2, 2);
    a.inst = &inst;
    ecs_method_out fl;
    assert_int_equal(ecs_method_run(ecs_method_find("fluid"), &a, &fl, &d),
                     ECS_OK);
    assert_int_equal(ecs_method_run(m, &a, &out, &d), ECS_OK);
    assert_string_equal(out.bound_method, "fluid");
    assert_close(out.bound, fl.bound, 1e-12);
    assert_string_equal(out.status, "bound");
    assert_null(out.schedule);
    ecs_method_out_release(&fl);
    ecs_method_out_release(&out);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_table_well_formed),
        cmocka_unit_test(test_model_md_table),
        cmocka_unit_test(test_require_says_so),
        cmocka_unit_test(test_rows_on_paper),
        cmocka_unit_test(test_rows_on_extended),
        cmocka_unit_test(test_rows_on_view),
        cmocka_unit_test(test_rows_on_fixedmap),
        cmocka_unit_test(test_rows_on_freemap),
        cmocka_unit_test(test_freemap_freqs),
        cmocka_unit_test(test_stages_row),
    };
    const struct CMUnitTest slow[] = {{0}};
    return tu_run(quick, sizeof quick / sizeof *quick, slow, 0);
}
