/* The lower bound (bound.h) and the solve driver (solve.h): the bound is
 * never above a proven optimum (brute force on tiny cases with static
 * power, negative prices and F without 0; the MILP on random graphs and
 * the paper-sized graphs of data/paper32), the column generation's LP value
 * equals the full strong LP's root value (glp_simplex on the whole model),
 * no schedule costs less than the bound, and solve's schedules pass the
 * checker and say why solve stopped (the gap or the limit).  The paper
 * graphs of more than 16 tasks run under make check (test_paper32_large). */
#include "testutil.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/heuristic.h"
#include "ecsched/makespan.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/prices.h"
#include "ecsched/solve.h"
#include "ecsched/stg.h"

#include <glpk.h>

/* The bound of an instance, asserting OK; start may be NULL; colgen 0:
 * without column generation and without the bound by stages (the fluid
 * bound, then the Lagrangian relaxation over chains from the start
 * schedule's cost: what these tests look at; test_stages.c tests the
 * bound by stages); edges 0: the Lagrangian drops the edges between
 * chains instead of pricing them. */
static ecs_bound_result bound_with(const ecs_graph *g, const ecs_platform *p,
                                   const double *price, long D,
                                   const ecs_schedule *start, int colgen,
                                   int edges, double limit)
{
    ecs_bound_params prm;
    ecs_bound_params_init(&prm);
    prm.start = start;
    prm.colgen = colgen;
    if (!colgen)
        prm.stages_share = 0.0;
    prm.lagr_edges = edges;
    prm.time_limit_s = limit;
    ecs_bound_result r;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_bound_compute(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), &prm, &r, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    return r;
}

static ecs_bound_result bound_of(const ecs_graph *g, const ecs_platform *p,
                                 const double *price, long D,
                                 const ecs_schedule *start)
{
    return bound_with(g, p, price, D, start, 1, 1, 60.0);
}

static ecs_bound_result lagr_of(const ecs_graph *g, const ecs_platform *p,
                                const double *price, long D,
                                const ecs_schedule *start, double limit)
{
    return bound_with(g, p, price, D, start, 0, 1, limit);
}

/* The MILP without warm start: status, optimum, root LP value. */
static ecs_milp_status milp_of(const ecs_graph *g, const ecs_platform *p,
                               const double *price, long D, double *opt,
                               double *root, ecs_schedule **sched)
{
    ecs_milp_result r;
    tu_milp(g, p, price, D, ECS_MILP_STRONG, NULL, &r);
    *opt = r.cost;
    *root = r.root_bound;
    if (sched != NULL) {
        *sched = r.schedule;
        r.schedule = NULL;
    }
    ecs_milp_status st = r.status;
    ecs_milp_result_release(&r);
    return st;
}

/* The fluid bound of a total work: value and dual prices. */
static double fluid_of(const ecs_platform *p, const double *price, long D,
                       double work, double *mu)
{
    double v;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_bound_fluid(p, price, (size_t)D, D, work, mu, &v, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    return v;
}

/* Brute force on tiny cases: F with and without 0, static power, negative
 * prices; the bound (with and without a start) never above the optimum,
 * and "infeasible" only when brute force finds nothing. */
static void test_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 77123;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.5,0", "1,0.5"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4",
                           "static:0.4"};
    int feasible = 0, lagrangian = 0;
    for (int t = 0; t < 24; t++) {
        tu_tiny x;
        tu_tiny_draw(&seed, freqs[t % 4], power[t % 4], t % 4 == 1 ? 4 : 5,
                     0.3, &x);
        ecs_graph *g = x.g;
        const ecs_platform p = x.p;
        long T = x.T;
        const double *price = x.price;
        double opt = tu_brute_force(g, &p, price, T);
        ecs_bound_result r = bound_of(g, &p, price, T, NULL);
        if (opt == HUGE_VAL) {
            ecs_graph_free(g);
            continue;
        }
        feasible++;
        double work = 0.0;
        for (size_t i = 0; i < g->n; i++)
            work += (double)g->work[i];
        assert_true(fluid_of(&p, price, T, work, NULL) <= opt + tu_tol(opt));
        assert_true(r.status == ECS_BOUND_LP_OPTIMAL);
        if (!(r.bound <= opt + tu_tol(opt)))
            print_error("case %d: bound %.12g above the optimum %.12g\n", t,
                        r.bound, opt);
        assert_true(r.bound <= opt + tu_tol(opt));
        double o2, root;
        ecs_schedule *s = NULL;
        assert_int_equal(milp_of(g, &p, price, T, &o2, &root, &s),
                         ECS_MILP_OPTIMAL);
        assert_close(o2, opt, 1e-6);
        ecs_bound_result r2 = bound_of(g, &p, price, T, s);
        assert_true(r2.bound <= opt + tu_tol(opt));
        assert_close(r2.bound, r.bound, tu_tol(r.bound)); /* the same LP */
        ecs_bound_result r3 = lagr_of(g, &p, price, T, s, 10.0);
        if (!(r3.bound <= opt + tu_tol(opt)))
            print_error("case %d: Lagrangian %.12g above the optimum %.12g\n",
                        t, r3.bound, opt);
        assert_true(r3.bound <= opt + tu_tol(opt));
        lagrangian += r3.method == ECS_BOUND_BY_LAGRANGIAN_CAPACITY;
        ecs_schedule_free(s);
        ecs_graph_free(g);
    }
    assert_true(feasible >= 10);
    assert_true(lagrangian >= 5);
}

/* A chain (a path graph) is one chain of the Lagrangian relaxation, and on
 * one PE its capacity never binds: at mu = 0 the relaxation is the exact
 * problem, so the bound equals the brute-force optimum (static power,
 * negative prices and F without 0 included). */
static void test_chain_exact(void **state)
{
    (void)state;
    uint64_t seed = 515;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.5,0", "1,0.5"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4",
                           "static:0.4"};
    int exact = 0;
    for (int t = 0; t < 20; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 2, 4);
        long id[4], work[4];
        ecs_edge edges[3];
        for (size_t i = 0; i < n; i++) {
            id[i] = (long)i + 1;
            work[i] = tu_rng_int(&seed, 1, 2);
        }
        for (size_t i = 0; i + 1 < n; i++) {
            edges[i].from = i;
            edges[i].to = i + 1;
            edges[i].comm = 0;
        }
        ecs_graph *g = NULL;
        assert_int_equal(ecs_graph_build(n, id, work, NULL, n - 1, edges, 0,
                                         &g, NULL),
                         ECS_OK);
        ecs_platform p;
        tu_platform(&p, 1, freqs[t % 4], power[t % 4]);
        long T = tu_rng_int(&seed, 5, TU_BF_MAXT);
        double price[TU_BF_MAXT];
        tu_random_prices(&seed, price, T, 0.3);
        double opt = tu_brute_force(g, &p, price, T);
        if (opt == HUGE_VAL) {
            ecs_graph_free(g);
            continue;
        }
        double o2, root;
        ecs_schedule *s = NULL;
        assert_int_equal(milp_of(g, &p, price, T, &o2, &root, &s),
                         ECS_MILP_OPTIMAL);
        ecs_bound_result r = lagr_of(g, &p, price, T, s, 10.0);
        if (fabs(r.bound - opt) > tu_tol(opt))
            print_error("case %d: chain bound %.12g, optimum %.12g (%s)\n", t,
                        r.bound, opt, ecs_bound_method_name(r.method));
        assert_true(r.bound <= opt + tu_tol(opt));
        assert_true(r.bound >= opt - tu_tol(opt));
        exact++;
        ecs_schedule_free(s);
        ecs_graph_free(g);
    }
    assert_true(exact >= 10);
}

/* The case of test_lagrangian_edges (see there): a -> c, b -> c, work 1
 * each, F = {1}, P = 2, prices 1, 1, 0.5, 9. */
static ecs_graph *edges_case(ecs_platform *p, double price[4])
{
    long id[3] = {1, 2, 3}, work[3] = {1, 1, 1};
    ecs_edge edges[2] = {{0, 2, 0}, {1, 2, 0}};
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(3, id, work, NULL, 2, edges, 0, &g, NULL),
                     ECS_OK);
    tu_platform(p, 2, "1", "quadratic");
    const double r[4] = {1.0, 1.0, 0.5, 9.0};
    memcpy(price, r, sizeof r);
    return g;
}

/* By hand, the edges between chains: tasks a, b, c of work 1, edges
 * a -> c and b -> c, F = {1} (every task takes one slot at f = 1), P = 2,
 * D' = 4, prices 1, 1, 0.5, 9.  Windows: a, b in [0, 2], c in [1, 3].  The
 * chains are a -> c (or b -> c, the same by symmetry) and the other task
 * alone.  Dropping the edge between them, the chain takes a at 0 or 1
 * (1) and c at 2 (0.5), the lone task slot 2 (0.5): 2.0, with the lone
 * task not before c.  The optimum puts c at 2 after a and b in slots 0-1
 * (1 + 1 + 0.5 = 2.5; c at 1 costs 3, c at 3 costs 11).  A price on the
 * edge's row for slot 2 moves the lone task to slot 1: the Lagrangian
 * with the edges priced reaches 2.5 (the optimum, also by brute force), the
 * one without stays at 2.0, and the capacity (P = 2) never binds. */
static void test_lagrangian_edges(void **state)
{
    (void)state;
    ecs_platform p;
    double price[4];
    ecs_graph *g = edges_case(&p, price);
    assert_close(tu_brute_force(g, &p, price, 4), 2.5, 1e-12);
    double opt, root;
    ecs_schedule *s = NULL;
    assert_int_equal(milp_of(g, &p, price, 4, &opt, &root, &s),
                     ECS_MILP_OPTIMAL);
    assert_close(opt, 2.5, 1e-9);
    ecs_bound_result with = bound_with(g, &p, price, 4, s, 0, 1, 5.0);
    ecs_bound_result without = bound_with(g, &p, price, 4, s, 0, 0, 5.0);
    assert_int_equal(with.method, ECS_BOUND_BY_LAGRANGIAN_CAPACITY);
    assert_true(with.bound <= 2.5 + 1e-9);
    if (!(with.bound >= 2.5 - 1e-4))
        print_error("bound with the edges priced %.9g, want 2.5\n",
                    with.bound);
    assert_true(with.bound >= 2.5 - 1e-4);
    assert_close(without.bound, 2.0, 1e-9);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* stop_at: the hand case of test_lagrangian_edges, whose Lagrangian
 * rises from the fluid bound 2.0 to the optimum 2.5.  Asked to stop at
 * 2.25 it returns a bound of at least 2.25, at most 2.5, in fewer rounds
 * than the run that goes on to 2.5; asked to stop at the fluid bound or
 * below, it returns the fluid bound without a single round. */
static void test_stop_at(void **state)
{
    (void)state;
    ecs_platform p;
    double price[4];
    ecs_graph *g = edges_case(&p, price);
    double opt, root;
    ecs_schedule *s = NULL;
    assert_int_equal(milp_of(g, &p, price, 4, &opt, &root, &s),
                     ECS_MILP_OPTIMAL);
    ecs_bound_params prm;
    ecs_bound_params_init(&prm);
    prm.start = s;
    prm.colgen = 0;
    prm.stages_share = 0.0; /* (it finds 2.5 at once: test_stages.c) */
    prm.time_limit_s = 5.0;
    ecs_bound_result full, half, none;
    assert_int_equal(ecs_bound_compute(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &full, NULL),
                     ECS_OK);
    prm.stop_at = 2.25;
    assert_int_equal(ecs_bound_compute(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &half, NULL),
                     ECS_OK);
    prm.stop_at = 1.5;
    assert_int_equal(ecs_bound_compute(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &none, NULL),
                     ECS_OK);
    assert_true(full.bound >= 2.5 - 1e-4);
    assert_true(half.bound >= 2.25 && half.bound <= 2.5 + 1e-9);
    assert_true(half.iterations >= 1 && half.iterations < full.iterations);
    assert_close(none.bound, 2.0, 1e-9);
    assert_int_equal(none.method, ECS_BOUND_BY_FLUID);
    assert_int_equal(none.iterations, 0);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* The fluid LP written out for GLPK: z(l,k) PEs at frequency k in slot l,
 * sum_k z(l,k) <= P, sum f_k z(l,k) >= work; an independent method. */
static double fluid_by_glpk(const ecs_platform *p, const double *price,
                            long D, double work)
{
    glp_prob *lp = glp_create_prob();
    int K = (int)p->nfreq, n = (int)D * K;
    glp_add_rows(lp, (int)D + 1);
    glp_add_cols(lp, n);
    int *ia = malloc((size_t)(2 * n + 1) * sizeof *ia);
    int *ja = malloc((size_t)(2 * n + 1) * sizeof *ja);
    double *ar = malloc((size_t)(2 * n + 1) * sizeof *ar);
    int ne = 0;
    for (long l = 0; l < D; l++) {
        glp_set_row_bnds(lp, (int)l + 1, GLP_UP, 0.0, (double)p->pes);
        for (int k = 0; k < K; k++) {
            int j = (int)l * K + k + 1;
            glp_set_col_bnds(lp, j, GLP_LO, 0.0, 0.0);
            glp_set_obj_coef(lp, j, price[l] * p->power_of[k]);
            ne++;
            ia[ne] = (int)l + 1, ja[ne] = j, ar[ne] = 1.0;
            ne++;
            ia[ne] = (int)D + 1, ja[ne] = j;
            ar[ne] = (double)p->freq_q[k] / (double)p->grid;
        }
    }
    glp_set_row_bnds(lp, (int)D + 1, GLP_LO, work, 0.0);
    glp_load_matrix(lp, ne, ia, ja, ar);
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    assert_int_equal(glp_simplex(lp, &sm), 0);
    assert_int_equal(glp_get_status(lp), GLP_OPT);
    double v = glp_get_obj_val(lp);
    glp_delete_prob(lp);
    free(ia);
    free(ja);
    free(ar);
    return v;
}

/* By hand, one PE, F = {1, 0.5, 0}, f^2: a PE's envelope in slot l has
 * slopes 0.5 r_l (to f = 0.5) and 1.5 r_l (to f = 1).  Prices 1, 2 and one
 * work unit: half a unit in slot 0 (0.25) and half in slot 1 (0.5) = 0.75,
 * which is also the optimum of a one-task graph (f = 0.5 in both slots).
 * Prices -1, 2: slot 0 at f = 1 earns 1, so the bound is -1.  More work
 * than P D is infeasible; zero work costs nothing. */
static void test_fluid_by_hand(void **state)
{
    (void)state;
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    double price[2] = {1.0, 2.0}, mu[2];
    assert_close(fluid_of(&p, price, 2, 1.0, mu), 0.75, 1e-12);
    /* the dual prices: lambda = 1, mu_0 = max(0, 1 - 1, 0.5 - 0.25) */
    assert_close(mu[0], 0.25, 1e-12);
    assert_close(mu[1], 0.0, 1e-12);
    price[0] = -1.0;
    assert_close(fluid_of(&p, price, 2, 1.0, NULL), -1.0, 1e-12);
    assert_close(fluid_of(&p, price, 2, 0.0, NULL), -1.0, 1e-12);
    double v;
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_bound_fluid(&p, price, 2, 2, 2.5, NULL, &v, &d),
                     ECS_EINFEASIBLE);
    assert_true(strstr(d.msg, "do not fit") != NULL);
    assert_int_equal(ecs_bound_fluid(&p, price, 1, 2, 1.0, NULL, &v, &d),
                     ECS_EINVAL); /* fewer prices than slots */
    assert_int_equal(ecs_bound_fluid(&p, price, 2, 2, -1.0, NULL, &v, &d),
                     ECS_EINVAL);
    /* static power 0.4: power(0.5) = 0.4 + 0.6/8 = 0.475, power(1) = 1;
     * per unit of work 0.95 at f = 0.5, 1 at f = 1; prices 1, 1, P = 1:
     * 1.5 units cost both slots at 0.5 (0.95) plus 0.5 more units on the
     * envelope from (0.5, 0.475) to (1, 1), slope 1.05: 0.95 + 0.525 */
    tu_platform(&p, 1, "1,0.5,0", "static:0.4");
    double flat[2] = {1.0, 1.0};
    assert_close(fluid_of(&p, flat, 2, 1.5, NULL), 1.475, 1e-12);
}

/* The fluid bound equals the fluid LP solved by GLPK, on random prices
 * (negative ones included), frequency sets and power models. */
static void test_fluid_equals_lp(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    const char *freqs[] = {"1,0.8,0.6,0.4,0.2,0", "1,0.75,0.5", "1,0.5,0",
                           "1,0.9,0.3"};
    const char *power[] = {"quadratic", "static:0.4", "static:0.9",
                           "quadratic"};
    for (int t = 0; t < 40; t++) {
        ecs_platform p;
        tu_platform(&p, (int)tu_rng_int(&seed, 1, 6), freqs[t % 4],
                 power[(t / 4) % 4]);
        long D = tu_rng_int(&seed, 1, 30);
        double price[30];
        tu_random_prices(&seed, price, D, t % 3 == 0 ? 0.3 : 0.0);
        double work = tu_rng_unit(&seed) * (double)(p.pes * D);
        double v = fluid_of(&p, price, D, work, NULL);
        double lp = fluid_by_glpk(&p, price, D, work);
        if (fabs(v - lp) > 1e-7 * (1.0 + fabs(lp)))
            print_error("case %d: fluid %.12g, LP %.12g\n", t, v, lp);
        assert_close(v, lp, 1e-7 * (1.0 + fabs(lp)));
    }
}

/* Column generation's LP value = the root LP of the full strong model
 * (GLPK's simplex over every kept interval): two independent methods, on
 * random graphs of up to 12 tasks with negative prices, with and without
 * f = 0 and with static power. */
static void test_lp_equals_root(void **state)
{
    (void)state;
    uint64_t seed = 99;
    const char *freqs[] = {"1,0.8,0.6,0.4,0.2,0", "1,0.75,0.5", "1,0.5,0"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4"};
    int compared = 0;
    for (int t = 0; t < 18; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 4, 12);
        ecs_graph *g = tu_random_graph(&seed, n, 4, 0.25);
        ecs_platform p;
        tu_platform(&p, (int)tu_rng_int(&seed, 1, 3), freqs[t % 3],
                    power[t % 3]);
        long work = 0;
        for (size_t i = 0; i < n; i++)
            work += g->work[i];
        long D = work / p.pes + tu_rng_int(&seed, 2, 8);
        double *price = malloc((size_t)D * sizeof *price);
        tu_random_prices(&seed, price, D, 0.2);
        double opt, root;
        ecs_milp_status st = milp_of(g, &p, price, D, &opt, &root, NULL);
        ecs_bound_result r = bound_of(g, &p, price, D, NULL);
        if (st == ECS_MILP_OPTIMAL) {
            assert_int_equal(r.status, ECS_BOUND_LP_OPTIMAL);
            assert_true(r.bound <= opt + tu_tol(opt));
            if (!isnan(root)) {
                assert_close(r.bound, root, tu_tol(root));
                compared++;
            }
        }
        free(price);
        ecs_graph_free(g);
    }
    assert_true(compared >= 10);
}

/* A paper graph, contracted, with its base schedule, the heuristic's
 * schedule and the 2016-10-19 prices at E = 0.2. */
typedef struct inst {
    ecs_graph *g;
    ecs_platform p;
    long D;
    ecs_slot_prices sp;
    ecs_schedule *heur;
    double heur_cost;
} inst;

static void inst_load(inst *x, const char *path, int pes)
{
    ecs_graph *raw = NULL;
    ecs_diag d;
    memset(x, 0, sizeof *x);
    assert_int_equal(ecs_stg_read_file(path, ECS_STG_AUTO, &raw, &d), ECS_OK);
    assert_int_equal(ecs_graph_contract(raw, &x->g, &d), ECS_OK);
    ecs_graph_free(raw);
    ecs_makespan_params mp;
    ecs_makespan_params_init(&mp);
    mp.time_limit_s = 1.0;
    ecs_makespan_result mr;
    assert_int_equal(ecs_makespan_solve(x->g, pes, &mp, &mr, &d), ECS_OK);
    x->D = mr.makespan + mr.makespan / 5;
    ecs_price_options po;
    ecs_price_options_init(&po);
    assert_int_equal(ecs_prices_resolve("epex-2016-10-19", &po, (size_t)x->D,
                                        &x->sp, &d),
                     ECS_OK);
    tu_platform(&x->p, pes, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    ecs_heur_params hp;
    ecs_heur_params_init(&hp);
    ecs_heur_result hr;
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(x->g, &x->p, x->sp.price, x->sp.n, x->D),
                                  mr.schedule, &hp, &hr, &d),
                     ECS_OK);
    x->heur = hr.schedule;
    x->heur_cost = hr.cost;
    hr.schedule = NULL;
    ecs_heur_result_release(&hr);
    ecs_makespan_result_release(&mr);
}

/* The fluid bound of the instance's total work. */
static double inst_fluid(const inst *x)
{
    double work = 0.0;
    for (size_t i = 0; i < x->g->n; i++)
        work += (double)x->g->work[i];
    return fluid_of(&x->p, x->sp.price, x->D, work, NULL);
}

static void inst_free(inst *x)
{
    ecs_graph_free(x->g);
    ecs_slot_prices_release(&x->sp);
    ecs_schedule_free(x->heur);
}

/* The task count in the name of data/paper32/gFF_nNN.stg. */
static int ecs_test_paper32_tasks(int f)
{
    static const int n[32] = {8,  8,  9,  10, 11, 11, 12, 13, 14, 14, 15,
                              16, 17, 18, 18, 19, 20, 21, 21, 22, 23, 24,
                              25, 25, 26, 27, 28, 28, 29, 30, 31, 32};
    return n[f];
}

/* Solve (forced into bound + search) on an instance: a checked schedule
 * no dearer than the start, bound <= cost, and the stop as solve.h
 * documents it: at the gap asked for (0 here: status optimal) or on the
 * time limit (status feasible, the gap still open).  How far a run
 * overruns its limit is a benchmark's figure (bench/bench_milp.sh), not a
 * test's. */
static void check_solve(const inst *x, double limit, double milp_share,
                        double milp_max, ecs_solve_result *r)
{
    ecs_solve_params prm;
    ecs_solve_params_init(&prm);
    prm.time_limit_s = limit;
    prm.milp_share = milp_share;
    prm.milp_max_nonzeros = milp_max;
    prm.start_by = ECS_FOUND_BY_SWEEP;
    ecs_diag d;
    assert_int_equal(ecs_solve(ECS_INSTANCE_BORROW(x->g, &x->p, x->sp.price, x->sp.n, x->D),
                               x->heur, &prm, r, &d),
                     ECS_OK);
    assert_non_null(r->schedule);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(x->g, &x->p, x->sp.price, x->sp.n, x->D), r->schedule, &rep, NULL),
                     ECS_OK);
    assert_close(rep.cost, r->cost, 1e-9);
    assert_true(r->cost <= x->heur_cost + 1e-9);
    if (isnan(r->bound)) /* the MILP ran out before its root LP */
        assert_int_equal(r->bound_method, ECS_BOUND_BY_NONE);
    else
        assert_true(r->bound <= r->cost + tu_tol(r->cost));
    if (r->status == ECS_SOLVE_OPTIMAL) {
        assert_true(r->gap <= prm.gap + 1e-9);
    } else {
        assert_int_equal(r->status, ECS_SOLVE_FEASIBLE);
        assert_true(isnan(r->gap) || r->gap > prm.gap);
    }
}

/* The paper-sized graphs data/paper32/g<from>..g<to - 1> at P = 2 and
 * 4: where the MILP proves the optimum, no bound is above it (the fluid
 * bound, column generation, the Lagrangian relaxation over chains alone)
 * and column generation's LP equals the MILP's root LP; every eighth
 * graph also through solve's bound + search, whose schedule is checked and
 * never below the optimum.  The Lagrangian runs for lagr_s seconds (any
 * stop gives a valid bound). */
static void paper32(int from, int to, double lagr_s)
{
    int proved = 0, cases = 0;
    for (int f = from; f < to; f++)
        for (int pes = 2; pes <= 4; pes += 2) {
            char path[128];
            int n = ecs_test_paper32_tasks(f);
            snprintf(path, sizeof path, "data/paper32/g%02d_n%02d.stg", f, n);
            inst x;
            inst_load(&x, path, pes);
            cases++;
            double opt, root;
            ecs_milp_status st = milp_of(x.g, &x.p, x.sp.price, x.D, &opt,
                                         &root, NULL);
            ecs_bound_result b = bound_of(x.g, &x.p, x.sp.price, x.D, x.heur);
            ecs_bound_result l = lagr_of(x.g, &x.p, x.sp.price, x.D, x.heur,
                                       lagr_s);
            double fl = inst_fluid(&x);
            assert_true(b.bound <= x.heur_cost + tu_tol(x.heur_cost));
            assert_true(l.bound >= fl - tu_tol(fl)); /* never below its start */
            ecs_solve_result r;
            int with_solve = f % 8 == 0;
            if (with_solve)
                check_solve(&x, 1.0, 0.5, 0.0, &r);
            if (st == ECS_MILP_OPTIMAL) {
                proved++;
                if (!(l.bound <= opt + tu_tol(opt)))
                    print_error("%s P=%d: Lagrangian %.12g above %.12g "
                                "(%s, %ld rounds, status %d)\n",
                                path, pes, l.bound, opt,
                                ecs_bound_method_name(l.method),
                                l.iterations, (int)l.status);
                assert_true(fl <= opt + tu_tol(opt));
                assert_true(b.bound <= opt + tu_tol(opt));
                assert_true(l.bound <= opt + tu_tol(opt));
                if (with_solve) {
                    assert_true(r.bound <= opt + tu_tol(opt));
                    assert_true(r.cost >= opt - tu_tol(opt));
                }
                if (b.status == ECS_BOUND_LP_OPTIMAL && !isnan(root))
                    assert_close(b.bound, root, tu_tol(root));
            }
            if (with_solve)
                ecs_solve_result_release(&r);
            inst_free(&x);
        }
    assert_int_equal(cases, 2 * (to - from));
    assert_true(proved * 64 >= cases * 50); /* 50 of all 64 at least */
}

/* The graphs of 8 to 16 tasks (a few seconds), the Lagrangian for 0.05 s
 * (0.5 s under make check). */
static void test_paper32(void **state)
{
    (void)state;
    paper32(0, 12, tu_long() ? 0.5 : 0.05);
}

/* The graphs of 16 to 32 tasks, where the MILP needs up to a minute at
 * P = 2 (make check). */
static void test_paper32_large(void **state)
{
    (void)state;
    paper32(12, 32, 0.5);
}

/* A 50-task graph at P = 2 (a long horizon) that no route settles in
 * its limit (1 s; 3 s under make check): each route stops on it with a
 * checked schedule: the search after the bound, the MILP alone, and the
 * MILP for a share of the time followed by the search (whose bound is the
 * MILP's, at least the fluid bound's). */
static void test_solve_limit(void **state)
{
    (void)state;
    double limit = tu_long() ? 3.0 : 1.0;
    inst x;
    inst_load(&x, "data/stg/rand0000.stg", 2);
    ecs_solve_result r;
    double fluid = inst_fluid(&x), fg;
    assert_int_equal(ecs_bound_fluid_instance(ECS_INSTANCE_BORROW(x.g, &x.p, x.sp.price, x.sp.n, x.D),
                                           NULL, &fg, NULL),
                     ECS_OK);
    assert_close(fg, fluid, 1e-12 * (1.0 + fabs(fluid)));
    assert_int_equal(ecs_bound_fluid_instance(ECS_INSTANCE_BORROW(NULL, &x.p, x.sp.price, x.sp.n, x.D), NULL, &fg, NULL),
                     ECS_EINVAL);
    check_solve(&x, limit, 0.5, 0.0, &r);
    assert_int_equal(r.mode, ECS_SOLVE_MODE_BOUND_LNS);
    assert_true(r.bound >= fluid - tu_tol(fluid)); /* the fluid bound first */
    ecs_solve_result_release(&r);
    check_solve(&x, limit, 1.0, 1e9, &r); /* the MILP alone */
    assert_int_equal(r.mode, ECS_SOLVE_MODE_MILP);
    ecs_solve_result_release(&r);
    check_solve(&x, limit, 0.5, 1e9, &r);
    if (r.bound_method == ECS_BOUND_BY_MILP) { /* its root LP was solved */
        /* the search follows unless the MILP proved the optimum */
        if (r.mode == ECS_SOLVE_MODE_MILP)
            assert_int_equal(r.status, ECS_SOLVE_OPTIMAL);
        else
            assert_int_equal(r.mode, ECS_SOLVE_MODE_MILP_LNS);
    }
    else if (r.mode == ECS_SOLVE_MODE_MILP) {
        /* the MILP used the clock up (a loaded machine: it stops at its
         * grant's end, a little after): nothing ran after it */
        char t[128];
        tu_solve_trace(&r, t, sizeof t);
        size_t n = strlen(t);
        assert_true(n >= 5 && strcmp(t + n - 5, ",milp") == 0);
        assert_int_equal(r.status, ECS_SOLVE_FEASIBLE);
    } else
        assert_int_equal(r.mode, ECS_SOLVE_MODE_BOUND_LNS);
    assert_true(r.bound >= fluid - tu_tol(fluid));
    ecs_solve_result_release(&r);
    inst_free(&x);
}

/* The MILP stopped before its root LP still has a bound: the fluid one,
 * said so, never above the schedule it returns. */
static void test_milp_fluid_fallback(void **state)
{
    (void)state;
    inst x;
    inst_load(&x, "data/stg/rand0000.stg", 2);
    double fluid = inst_fluid(&x);
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 0.001;
    prm.warm_start = x.heur;
    ecs_milp_result r;
    ecs_diag d;
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(x.g, &x.p, x.sp.price, x.sp.n, x.D), &prm,
                                    &r, &d),
                     ECS_OK);
    assert_int_equal(r.status, ECS_MILP_FEASIBLE);
    if (r.bound_method == ECS_BOUND_BY_FLUID) {
        assert_close(r.bound, fluid, tu_tol(fluid));
    } else { /* GLPK was faster than the limit: its bound is the higher */
        assert_int_equal(r.bound_method, ECS_BOUND_BY_MILP);
        assert_true(r.bound >= fluid - tu_tol(fluid));
    }
    assert_true(r.bound <= r.cost + tu_tol(r.cost));
    assert_close(r.gap, (r.cost - r.bound) / r.cost, 1e-9);
    ecs_milp_result_release(&r);
    inst_free(&x);
}

/* solve without a start schedule, forced past the MILP (no model is
 * small enough) and the dynamic program: the bound runs with nothing to
 * stop at (no start cost) and the call succeeds with a bound and no
 * schedule. */
static void test_solve_no_start(void **state)
{
    (void)state;
    inst x;
    inst_load(&x, "data/paper32/g00_n08.stg", 2);
    ecs_solve_params prm;
    ecs_solve_params_init(&prm);
    prm.time_limit_s = 1.0;
    prm.milp_max_nonzeros = 1.0;
    prm.dp_max_ideals = 0; /* nor the dynamic program */
    prm.start_phase = 0;   /* nor a start of the engine's own */
    ecs_solve_result r;
    ecs_diag d;
    ecs_result rc = ecs_solve(ECS_INSTANCE_BORROW(x.g, &x.p, x.sp.price, x.sp.n, x.D), NULL, &prm,
                              &r, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    assert_null(r.schedule);
    assert_int_equal(r.status, ECS_SOLVE_NO_SOLUTION);
    assert_false(isnan(r.bound));
    ecs_solve_result_release(&r);
    inst_free(&x);
}

static void test_validation(void **state)
{
    (void)state;
    ecs_bound_params bp;
    ecs_bound_params_init(&bp);
    assert_int_equal(ecs_bound_params_validate(&bp, NULL), ECS_OK);
    bp.time_limit_s = 0;
    assert_int_equal(ecs_bound_params_validate(&bp, NULL), ECS_EINVAL);
    ecs_bound_params_init(&bp);
    bp.stop_at = NAN;
    assert_int_equal(ecs_bound_params_validate(&bp, NULL), ECS_EINVAL);
    ecs_bound_params_init(&bp);
    bp.stages_sweep = 3;
    assert_int_equal(ecs_bound_params_validate(&bp, NULL), ECS_EINVAL);
    bp.stages_sweep = -1;
    assert_int_equal(ecs_bound_params_validate(&bp, NULL), ECS_EINVAL);
    bp.stages_sweep = ECS_STAGES_SWEEP_QUADRATIC;
    assert_int_equal(ecs_bound_params_validate(&bp, NULL), ECS_OK);
    /* a bound that reaches the gap: 100 - 2.00000005 at 2% (half the
     * gap's 1e-9 taken), and one 1e-6 (1 + |cost|) below it does not */
    assert_close(ecs_gap_floor(100.0, 0.02), 100.0 - 2.00000005, 1e-12);
    const double costs[4] = {100.0, -50.0, 0.0, 3e-12};
    for (int k = 0; k < 4; k++)
        for (int q = 0; q < 2; q++) {
            double c = costs[k], gp = q ? 0.02 : 0.0;
            double f = ecs_gap_floor(c, gp);
            assert_true(ecs_gap_reached(c, f, gp));
            assert_false(ecs_gap_reached(c, f - 1e-6 * (1.0 + fabs(c)), gp));
        }
    /* solve's parameters: test_solve.c test_params */
    assert_string_equal(ecs_bound_status_name(ECS_BOUND_LP_OPTIMAL),
                        "lp_optimal");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_validation),
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_chain_exact),
        cmocka_unit_test(test_lagrangian_edges),
        cmocka_unit_test(test_stop_at),
        cmocka_unit_test(test_solve_no_start),
        cmocka_unit_test(test_fluid_by_hand),
        cmocka_unit_test(test_fluid_equals_lp),
        cmocka_unit_test(test_lp_equals_root),
        cmocka_unit_test(test_paper32),
        cmocka_unit_test(test_solve_limit),
        cmocka_unit_test(test_milp_fluid_fallback),
    };
    const struct CMUnitTest slow[] = {
        cmocka_unit_test(test_paper32_large),
    };
    return TU_RUN(tests, slow);
}
