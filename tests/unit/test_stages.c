/* The bound by stages (bound.h, solver/bound/stages.c; docs/MODEL.md "The
 * bound by stages"): its bottleneck tasks against the transitive closure,
 * its value by hand, equal to the brute-force optimum on chains (every
 * task a bottleneck, nothing between: the DP is the exact problem), never
 * above the brute-force optimum on tiny fork-join graphs, never above the
 * MILP's proven optimum on generated fork-join pipelines, and never below
 * the fluid bound.  Its schedule (ecs_bound_stages_schedule, stagesched.c)
 * passes the checker at the cost it reports, is optimal on chains, never
 * below a proven optimum, and is not built where a stage holds an edge;
 * the value of its exact pass, where it gives one, is the bound by
 * stages. */
#include "testutil.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/schedule.h"
#include "ecsched/stg.h"

/* The exact pass's sweep of the calls below (ecs_bound_params.
 * stages_sweep). */
static int sweep_mode = ECS_STAGES_SWEEP_AUTO;

/* The fluid bound and the bound by stages (no column generation, no start:
 * no Lagrangian): the larger of the two, with its method. */
static ecs_bound_result stages_blocks_of(const ecs_graph *g,
                                         const ecs_platform *p,
                                         const double *price, long D,
                                         long blocks)
{
    ecs_bound_params prm;
    ecs_bound_params_init(&prm);
    prm.stages_blocks = blocks;
    prm.stages_sweep = sweep_mode;
    prm.colgen = 0;
    prm.stages_share = 1.0;
    prm.time_limit_s = 30.0;
    ecs_bound_result r;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_bound_compute(
        ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), &prm, &r, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    return r;
}

static ecs_bound_result stages_of(const ecs_graph *g, const ecs_platform *p,
                                  const double *price, long D)
{
    return stages_blocks_of(g, p, price, D, 0);
}

static double fluid_of(const ecs_graph *g, const ecs_platform *p,
                       const double *price, long D)
{
    double v;
    assert_int_equal(ecs_bound_fluid_instance(
                         ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), NULL,
                         &v, NULL),
                     ECS_OK);
    return v;
}

/* The schedule from the bound by stages, or NULL; a schedule must pass
 * the checker with the cost returned.  The exact pass's value, when it
 * gives one (its fit the bound's), is the bound by stages of
 * ecs_bound_compute: counted in sched_bounds. */
static int sched_bounds;
static ecs_schedule *stage_sched_of(const ecs_graph *g, const ecs_platform *p,
                                    const double *price, long D,
                                    double *cost)
{
    ecs_schedule *s = NULL;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_bound_params prm;
    ecs_bound_params_init(&prm);
    prm.time_limit_s = 30.0;
    prm.stages_sweep = sweep_mode;
    double sb = 0.0;
    assert_int_equal(ecs_bound_stages_schedule(
                         ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), &prm,
                         &s, cost, &sb, &d),
                     ECS_OK);
    if (sb != -HUGE_VAL) {
        ecs_bound_result r = stages_of(g, p, price, D);
        assert_true(sb <= r.bound + tu_tol(r.bound));
        if (r.method == ECS_BOUND_BY_STAGES)
            assert_close(sb, r.bound, tu_tol(r.bound));
        sched_bounds++;
    }
    if (s != NULL) {
        ecs_check_report rep;
        assert_int_equal(
            ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D),
                               s, &rep, NULL),
            ECS_OK);
        assert_close(rep.cost, *cost, 1e-12);
    }
    return s;
}

/* Bottlenecks by hand: tasks 0..n-1 (ids 1..n). */
static void check_bn(size_t n, size_t m, const ecs_edge *e, const char *want)
{
    long work[16] = {0};
    for (size_t i = 0; i < n; i++)
        work[i] = 1;
    ecs_graph *g = tu_graph(n, work, m, e);
    unsigned char bn[16];
    size_t k = ecs_bound_bottlenecks(g, bn), count = 0;
    for (size_t i = 0; i < n; i++) {
        if (bn[i] != (want[i] == '1'))
            print_error("task %zu: bottleneck %d, want %c\n", i, bn[i],
                        want[i]);
        assert_int_equal(bn[i], want[i] == '1');
        count += bn[i];
    }
    assert_int_equal(k, count);
    ecs_graph_free(g);
}

static void test_bottlenecks_by_hand(void **state)
{
    (void)state;
    /* a fork-join pipeline: 0 -> {1,2,3} -> 4 -> 5 -> {6,7} -> 8 */
    const ecs_edge fj[] = {{0, 1, 0}, {0, 2, 0}, {0, 3, 0}, {1, 4, 0},
                           {2, 4, 0}, {3, 4, 0}, {4, 5, 0}, {5, 6, 0},
                           {5, 7, 0}, {6, 8, 0}, {7, 8, 0}};
    check_bn(9, 11, fj, "100011001");
    /* two sources before a chain: 0 -> 2, 1 -> 2, 2 -> 3 */
    const ecs_edge two[] = {{0, 2, 0}, {1, 2, 0}, {2, 3, 0}};
    check_bn(4, 3, two, "0011");
    /* a diamond and a path with a transitive edge: every task of the
     * path, the diamond's ends */
    const ecs_edge dia[] = {{0, 1, 0}, {0, 2, 0}, {1, 3, 0}, {2, 3, 0}};
    check_bn(4, 4, dia, "1001");
    const ecs_edge path[] = {{0, 1, 0}, {1, 2, 0}, {0, 2, 0}};
    check_bn(3, 3, path, "111");
    /* two chains side by side: none; one task: itself */
    const ecs_edge side[] = {{0, 2, 0}, {1, 3, 0}};
    check_bn(4, 2, side, "0000");
    check_bn(1, 0, NULL, "1");
    /* 0 -> 1 -> 3, 0 -> 2, 2 -> 3 crossing over 1: 1 and 2 not
     * comparable */
    const ecs_edge cross[] = {{0, 1, 0}, {1, 3, 0}, {0, 2, 0}, {2, 3, 0},
                              {1, 4, 0}, {3, 4, 0}};
    check_bn(5, 6, cross, "10011");
}

/* On random graphs: a task is a bottleneck exactly when the transitive
 * closure (Warshall) relates it to every other task. */
static void test_bottlenecks_closure(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    int some = 0, none = 0;
    for (int t = 0; t < 300; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 1, 12);
        double pe = tu_rng_unit(&seed);
        ecs_graph *g = tu_random_graph(&seed, n, 3, pe);
        unsigned char r[12][12] = {{0}}, bn[12];
        for (size_t a = 0; a < n; a++)
            for (size_t k = g->succ_off[a]; k < g->succ_off[a + 1]; k++)
                r[a][g->succ[k]] = 1;
        for (size_t k = 0; k < n; k++)
            for (size_t a = 0; a < n; a++)
                for (size_t b = 0; b < n; b++)
                    if (r[a][k] && r[k][b])
                        r[a][b] = 1;
        size_t m = ecs_bound_bottlenecks(g, bn), count = 0;
        for (size_t v = 0; v < n; v++) {
            int all = 1;
            for (size_t u = 0; u < n; u++)
                if (u != v && !r[u][v] && !r[v][u])
                    all = 0;
            assert_int_equal(bn[v], all);
            count += bn[v];
        }
        assert_int_equal(m, count);
        some += count > 0 && count < n;
        none += count == 0;
        ecs_graph_free(g);
    }
    assert_true(some >= 30 && none >= 10); /* both kinds were drawn */
}

/* By hand (the case of test_bound.c's test_lagrangian_edges): a -> c,
 * b -> c, work 1 each, F = {1}, P = 2, prices 1, 1, 0.5, 9, D' = 4.  c is
 * the only bottleneck; a and b form the stage before it, inside slots
 * 0..s_c - 1, each slot holding 2 units at its price.  s_c = 1: 2 units in
 * slot 0 (2) + c in slot 1 (1) = 3; s_c = 2: 2 units in slots 0-1 (2) + c
 * at 0.5 = 2.5; s_c = 3: 2 units in slot 2 (1) + c at 9 = 10.  The bound
 * is 2.5, the optimum (brute force), where the fluid bound is 2.0. */
static void test_stages_by_hand(void **state)
{
    (void)state;
    long work[3] = {1, 1, 1};
    const ecs_edge e[2] = {{0, 2, 0}, {1, 2, 0}};
    ecs_graph *g = tu_graph(3, work, 2, e);
    ecs_platform p;
    tu_platform(&p, 2, "1", "quadratic");
    const double price[4] = {1.0, 1.0, 0.5, 9.0};
    assert_close(tu_brute_force(g, &p, price, 4), 2.5, 1e-12);
    assert_close(fluid_of(g, &p, price, 4), 2.0, 1e-12);
    ecs_bound_result r = stages_of(g, &p, price, 4);
    assert_int_equal(r.method, ECS_BOUND_BY_STAGES);
    assert_close(r.bound, 2.5, 1e-8);
    assert_true(r.bound <= 2.5);
    /* On one PE each slot holds one unit: s_c = 1 cannot hold the stage's
     * 2 units; s_c = 2: slots 0, 1 (2) + 0.5 = 2.5; s_c = 3: the two
     * cheapest of 1, 1, 0.5 (1.5) + 9 = 10.5.  2.5, the optimum again. */
    tu_platform(&p, 1, "1", "quadratic");
    assert_close(tu_brute_force(g, &p, price, 4), 2.5, 1e-12);
    assert_close(stages_of(g, &p, price, 4).bound, 2.5, 1e-8);
    /* On 4 PEs the stage of 2 tasks still runs on 2 at most (min(P,
     * tasks)): the same 2.5, where P = 4 alone would allow 4 units a slot
     * (no change here: the stage has only 2 units) */
    tu_platform(&p, 4, "1", "quadratic");
    assert_close(stages_of(g, &p, price, 4).bound, 2.5, 1e-8);
    ecs_graph_free(g);
    /* min(P, tasks) by hand: a -> b, a -> c, work 1 each, F = {1, 0.5, 0}
     * (quadratic), P = 4, prices 0.1, 1, 0.2, 9, D' = 4.  A PE's envelope
     * in a slot of price r: 0.5 units at 0.5 r per unit, then 0.5 more at
     * 1.5 r.  a is the bottleneck: in slot 0 (0.1), the stage {b, c} (2
     * units) in slots 1..3: on min(P, 2) = 2 PEs slot 2 holds 1 unit at 0.1
     * and 1 at 0.3: 0.4, total 0.5 (a later costs more: 0.275 + 0.4).
     * That is the optimum (b and c at f = 1 in slot 2).  With all 4 PEs
     * the stage would take 2 units at 0.1 in slot 2 (0.2; total 0.3). */
    long w2[3] = {1, 1, 1};
    const ecs_edge e2[2] = {{0, 1, 0}, {0, 2, 0}};
    g = tu_graph(3, w2, 2, e2);
    tu_platform(&p, 4, "1,0.5,0", "quadratic");
    const double pr2[4] = {0.1, 1.0, 0.2, 9.0};
    assert_close(tu_brute_force(g, &p, pr2, 4), 0.5, 1e-12);
    r = stages_of(g, &p, pr2, 4);
    assert_int_equal(r.method, ECS_BOUND_BY_STAGES);
    assert_close(r.bound, 0.5, 1e-8);
    ecs_graph_free(g);
}

/* A stage that fills its slots exactly: fork (work 1) -> b, c (work 2
 * each) -> join (work 1), P = 2, the default frequencies, prices 1, 0.1,
 * 0.1, 1, 100, D' = 5.  The optimum runs the fork in slot 0, b and c at
 * f = 1 in slots 1-2, the join in slot 3: 1 + 0.4 + 1 = 2.4 (brute
 * force).  The pieces' widths (0.2 each, as differences of decimals) may
 * sum to a hair below the 4 units the stage needs in 2 slots; the bound
 * must still count that range as fitting (it once found it infeasible and
 * went to the join in slot 4, about 100). */
static void test_stages_exact_fit(void **state)
{
    (void)state;
    long work[4] = {1, 2, 2, 1};
    const ecs_edge e[4] = {{0, 1, 0}, {0, 2, 0}, {1, 3, 0}, {2, 3, 0}};
    ecs_graph *g = tu_graph(4, work, 4, e);
    ecs_platform p;
    tu_platform(&p, 2, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    const double price[5] = {1.0, 0.1, 0.1, 1.0, 100.0};
    double opt = tu_brute_force(g, &p, price, 5);
    assert_close(opt, 2.4, 1e-12);
    ecs_bound_result r = stages_of(g, &p, price, 5);
    if (!(r.bound <= opt + tu_tol(opt)))
        print_error("bound %.12g above the optimum %.12g\n", r.bound, opt);
    assert_true(r.bound <= opt + tu_tol(opt));
    assert_true(r.bound >= opt - 1e-6); /* and here it is exact */
    double sc;
    ecs_schedule *s = stage_sched_of(g, &p, price, 5, &sc);
    assert_non_null(s);
    assert_close(sc, opt, 1e-9);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* A chain: every task is a bottleneck and no stage holds a task, so the
 * DP over the bottlenecks' intervals is the problem itself: the bound is
 * the brute-force optimum (static power, negative prices, F without 0). */
static void chain_exact(double *opts, int known)
{
    uint64_t seed = 9191;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.5,0", "1,0.5"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4",
                           "static:0.4"};
    int exact = 0;
    for (int t = 0; t < 24; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 1, 4);
        long work[4];
        ecs_edge edges[3];
        for (size_t i = 0; i < n; i++)
            work[i] = tu_rng_int(&seed, 1, 2);
        for (size_t i = 0; i + 1 < n; i++) {
            edges[i].from = i;
            edges[i].to = i + 1;
            edges[i].comm = 0;
        }
        ecs_graph *g = tu_graph(n, work, n - 1, edges);
        ecs_platform p;
        tu_platform(&p, (int)tu_rng_int(&seed, 1, 2), freqs[t % 4],
                    power[t % 4]);
        long T = tu_rng_int(&seed, 4, TU_BF_MAXT);
        double price[TU_BF_MAXT];
        tu_random_prices(&seed, price, T, 0.3);
        /* (the second sweep reads the optima the first one found) */
        double opt = known ? opts[t] : (opts[t] = tu_brute_force(g, &p, price, T));
        if (opt == HUGE_VAL) {
            ecs_graph_free(g);
            continue;
        }
        ecs_bound_result r = stages_of(g, &p, price, T);
        if (fabs(r.bound - opt) > tu_tol(opt))
            print_error("case %d: stages %.12g, optimum %.12g (%s)\n", t,
                        r.bound, opt, ecs_bound_method_name(r.method));
        assert_true(r.bound <= opt + tu_tol(opt));
        assert_true(r.bound >= opt - tu_tol(opt));
        /* and its schedule is an optimal one */
        double sc;
        ecs_schedule *s = stage_sched_of(g, &p, price, T, &sc);
        assert_non_null(s);
        assert_close(sc, opt, tu_tol(opt));
        ecs_schedule_free(s);
        exact++;
        ecs_graph_free(g);
    }
    assert_true(exact >= 12);
}

/* f by the sweep of small windows (quadratic) and by the monotone one,
 * the brute-force optima of its cases (at most 96) found once */
static void both_sweeps(void (*f)(double *, int))
{
    double opts[96];
    f(opts, 0);
    sweep_mode = ECS_STAGES_SWEEP_MONOTONE;
    f(opts, 1);
    sweep_mode = ECS_STAGES_SWEEP_AUTO;
}

static void test_stages_chain_exact(void **state)
{
    (void)state;
    both_sweeps(chain_exact);
}

/* Tiny fork-joins and joins (a -> {b, c} -> d, a -> {b, c}, {a, b} -> c,
 * a -> b -> {c, d}) and pipelines whose branches are chains (a -> {b ->
 * c, d}: the chain b -> c beside d after a; {a -> b, c} -> d: the chain
 * a -> b beside c before the join d): never above the brute-force optimum,
 * never below the fluid bound, and above it in some cases; the stage
 * schedule (chains dealt whole to the PEs) passes the checker
 * (stage_sched_of), is never below the optimum and is built in most
 * cases. */
static void brute_force(double *opts, int known)
{
    uint64_t seed = 31337;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.5,0", "1,0.5"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4",
                           "static:0.4"};
    const ecs_edge shapes[6][4] = {
        {{0, 1, 0}, {0, 2, 0}, {1, 3, 0}, {2, 3, 0}},
        {{0, 1, 0}, {0, 2, 0}},
        {{0, 2, 0}, {1, 2, 0}},
        {{0, 1, 0}, {1, 2, 0}, {1, 3, 0}},
        {{0, 1, 0}, {1, 2, 0}, {0, 3, 0}},
        {{0, 1, 0}, {1, 3, 0}, {2, 3, 0}}};
    const size_t tasks[6] = {4, 3, 3, 4, 4, 4}, nedges[6] = {4, 2, 2, 3, 3, 3};
    int checked = 0, above = 0, built = 0, chains = 0, chains_built = 0;
    for (int t = 0; t < 96; t++) {
        int sh = t % 6;
        long work[4];
        for (size_t i = 0; i < tasks[sh]; i++)
            work[i] = tu_rng_int(&seed, 1, 2);
        ecs_graph *g = tu_graph(tasks[sh], work, nedges[sh], shapes[sh]);
        ecs_platform p;
        tu_platform(&p, (int)tu_rng_int(&seed, 1, sh < 4 ? 2 : 3),
                    freqs[(t / 6) % 4], power[(t / 6) % 4]);
        long T = tu_rng_int(&seed, 4, TU_BF_MAXT);
        double price[TU_BF_MAXT];
        tu_random_prices(&seed, price, T, 0.3);
        /* (the second sweep reads the optima the first one found) */
        double opt = known ? opts[t] : (opts[t] = tu_brute_force(g, &p, price, T));
        if (opt == HUGE_VAL) {
            ecs_graph_free(g);
            continue;
        }
        ecs_bound_result r = stages_of(g, &p, price, T);
        double fl = fluid_of(g, &p, price, T);
        if (!(r.bound <= opt + tu_tol(opt)))
            print_error("case %d: stages %.12g above the optimum %.12g\n", t,
                        r.bound, opt);
        assert_true(r.bound <= opt + tu_tol(opt));
        assert_true(r.bound >= fl - tu_tol(fl));
        double sc;
        ecs_schedule *s = stage_sched_of(g, &p, price, T, &sc);
        if (s != NULL) /* (a stage may not fit in integers) */
            assert_true(sc >= opt - tu_tol(opt));
        built += s != NULL;
        chains += sh >= 4;
        chains_built += sh >= 4 && s != NULL;
        ecs_schedule_free(s);
        checked++;
        above += r.method == ECS_BOUND_BY_STAGES && r.bound > fl + tu_tol(fl);
        ecs_graph_free(g);
    }
    print_message("%d cases (%d with chain branches, %d of them with a stage "
                  "schedule), %d above the fluid bound\n",
                  checked, chains, chains_built, above);
    assert_true(checked >= 48);
    assert_true(chains >= 16);
    assert_true(above >= 16);
    assert_true(built >= checked / 2);
    assert_true(chains_built >= chains / 2);
}

static void test_stages_brute_force(void **state)
{
    (void)state;
    both_sweeps(brute_force);
}

/* A generated fork-join pipeline (contracted) and its base makespan on
 * pes PEs in *M. */
static ecs_graph *gen_pipeline(size_t tasks, uint64_t seed, long max_work,
                               size_t chain_max, int pes, long *M)
{
    ecs_gen_params gp;
    ecs_gen_params_init(&gp);
    gp.tasks = tasks;
    gp.method = ECS_GEN_FORKJOIN;
    gp.seed = seed;
    gp.max_work = max_work;
    gp.chain_max = chain_max;
    ecs_graph *raw = NULL, *g = NULL;
    assert_int_equal(ecs_stg_generate(&gp, &raw, NULL), ECS_OK);
    assert_int_equal(ecs_graph_contract(raw, &g, NULL), ECS_OK);
    ecs_graph_free(raw);
    ecs_schedule *base = tu_base_schedule(g, pes);
    *M = 0;
    for (size_t i = 0; i < g->n; i++)
        if (base->task[i].stop + 1 > *M)
            *M = base->task[i].stop + 1;
    ecs_schedule_free(base);
    return g;
}

/* Generated fork-join pipelines (two and three stages of 10..14 parallel
 * branches, work 1..3; with chain_max > 1 each branch a chain of 1..
 * chain_max tasks) on 3, 5 and 16 PEs (16: more PEs than a stage's
 * branches, where the per-path sums bind), deadline 1.2 times the base's
 * makespan, epex-like prices: never above the MILP's proven optimum,
 * never below the fluid bound; the stage schedule is built, never below
 * the optimum.  The MILP's root LP is printed beside it for comparison
 * (neither bound dominates the other). */
static void forkjoin_vs_milp(size_t chain_max, const size_t *sizes)
{
    int proven = 0;
    sched_bounds = 0;
    for (int t = 0; t < 6; t++) {
        int pes = t < 2 ? 3 : t < 4 ? 5 : 16;
        long M;
        ecs_graph *g = gen_pipeline(sizes[t % 3], (uint64_t)(t + 1), 3,
                                    chain_max, pes, &M);
        ecs_platform p;
        tu_platform(&p, pes, "1,0.8,0.6,0.4,0.2,0", "quadratic");
        long D = M + M / 5;
        double price[256];
        assert_true(D <= 256);
        for (long l = 0; l < D; l++) /* a day's shape, repeated */
            price[l] = 0.6 + 0.4 * sin(6.283185307179586 * (double)l / 24.0);
        ecs_bound_result r = stages_of(g, &p, price, D);
        double fl = fluid_of(g, &p, price, D);
        ecs_milp_result mr;
        tu_milp(g, &p, price, D, ECS_MILP_STRONG, NULL, &mr);
        if (mr.status == ECS_MILP_OPTIMAL) {
            proven++;
            print_message("fork-join %zu tasks (chains 1..%zu), P = %d, "
                          "D' = %ld: optimum "
                          "%.6f, stages %.6f, root LP %.6f, fluid %.6f\n",
                          sizes[t % 3], chain_max, pes, D, mr.cost, r.bound,
                          mr.root_bound,
                          fl);
            assert_true(r.bound <= mr.cost + tu_tol(mr.cost));
            sweep_mode = ECS_STAGES_SWEEP_MONOTONE;
            double mono = stages_of(g, &p, price, D).bound;
            sweep_mode = ECS_STAGES_SWEEP_AUTO;
            print_message("  monotone sweep %.6f\n", mono);
            assert_true(mono <= mr.cost + tu_tol(mr.cost));
        }
        double sc;
        ecs_schedule *s = stage_sched_of(g, &p, price, D, &sc);
        assert_non_null(s); /* the slack of 20% leaves every stage room */
        assert_true(sc >= r.bound);
        if (mr.status == ECS_MILP_OPTIMAL) {
            assert_true(sc >= mr.cost - tu_tol(mr.cost));
            print_message("  its schedule %.6f (%.2f%% above the optimum)\n",
                          sc, 100.0 * (sc - mr.cost) / mr.cost);
        }
        ecs_schedule_free(s);
        assert_true(r.bound >= fl - tu_tol(fl));
        assert_int_equal(r.method, ECS_BOUND_BY_STAGES);
        ecs_milp_result_release(&mr);
        ecs_graph_free(g);
    }
    assert_true(proven >= 3);
    assert_true(sched_bounds > 0); /* at P = 16 every branch has a PE */
}

/* The coarse pass (stages_blocks = 16: every stage priced from the first
 * slot of a block of ceil(window / 16) slots) on pipelines with windows of
 * 30 to 50 slots (a -> {b -> c, d} -> e and a -> {b, c, d} -> e, works
 * 1..3, P = 1..2, random prices with some negative): never above the exact
 * pass, never above the MILP's proven optimum, and below the exact pass in
 * some cases (it is coarser). */
static void test_stages_coarse_pass(void **state)
{
    (void)state;
    uint64_t seed = 2027;
    const ecs_edge shapes[2][5] = {
        {{0, 1, 0}, {1, 2, 0}, {0, 3, 0}, {2, 4, 0}, {3, 4, 0}},
        {{0, 1, 0}, {0, 2, 0}, {0, 3, 0}, {1, 4, 0}, {2, 4, 0}}};
    const size_t nedges[2] = {5, 5};
    int proven = 0, coarser = 0;
    for (int t = 0; t < 8; t++) {
        long work[6];
        for (size_t i = 0; i < 5; i++)
            work[i] = tu_rng_int(&seed, 1, 3);
        work[5] = 1;
        ecs_edge e[6];
        memcpy(e, shapes[t % 2], sizeof shapes[0]);
        size_t ne = nedges[t % 2];
        if (t % 2 == 1) /* d -> e as well */
            e[ne++] = (ecs_edge){3, 4, 0};
        ecs_graph *g = tu_graph(5, work, ne, e);
        ecs_platform p;
        tu_platform(&p, (int)tu_rng_int(&seed, 1, 2), "1,0.5,0",
                    t % 4 < 2 ? "quadratic" : "static:0.4");
        long D = tu_rng_int(&seed, 30, 50);
        double price[64];
        tu_random_prices(&seed, price, D, 0.1);
        ecs_bound_result coarse = stages_blocks_of(g, &p, price, D, 16);
        ecs_bound_result exact = stages_of(g, &p, price, D);
        assert_true(coarse.bound <= exact.bound + tu_tol(exact.bound));
        coarser += coarse.bound < exact.bound - tu_tol(exact.bound);
        ecs_milp_result mr;
        tu_milp(g, &p, price, D, ECS_MILP_STRONG, NULL, &mr);
        if (mr.status == ECS_MILP_OPTIMAL) {
            proven++;
            if (!(exact.bound <= mr.cost + tu_tol(mr.cost)))
                print_error("case %d: stages %.12g above the optimum %.12g\n",
                            t, exact.bound, mr.cost);
            assert_true(exact.bound <= mr.cost + tu_tol(mr.cost));
        }
        ecs_milp_result_release(&mr);
        ecs_graph_free(g);
    }
    print_message("coarse pass: %d of 8 below the exact pass, %d proven\n",
                  coarser, proven);
    assert_true(proven >= 6);
    assert_true(coarser >= 1);
}

/* The monotone sweep (ECS_STAGES_SWEEP_MONOTONE: divide and conquer over
 * each stage's end, the fluid and the paths' sum apart) against its
 * oracle, the same recurrence by one sweep per last slot
 * (ECS_STAGES_SWEEP_QUADRATIC): equal on generated pipelines whose
 * branches are chains of 1..3 tasks (30..50 tasks, P = 2, 4, 16, deadline
 * 1.2 to 1.8 times the base's makespan, random prices with some negative),
 * a wrong argument anywhere in the divide and conquer (a term that is not
 * Monge) shows as a larger value; never above the old sweep (both terms
 * at once: the minimum of the larger, AUTO on these small windows); and
 * the stage schedule by the monotone sweep of both terms passes the
 * checker (stage_sched_of), never below that bound. */
static void test_stages_monotone_sweep(void **state)
{
    (void)state;
    uint64_t seed = 4040;
    int lower = 0, built = 0;
    for (int t = 0; t < 12; t++) {
        int pes = t % 3 == 0 ? 2 : t % 3 == 1 ? 4 : 16;
        long M;
        size_t tasks = (size_t)tu_rng_int(&seed, 30, 50);
        ecs_graph *g = gen_pipeline(tasks, (uint64_t)(t + 11), 4, 3, pes, &M);
        ecs_platform p;
        tu_platform(&p, pes, t % 2 ? "1,0.8,0.6,0.4,0.2,0" : "1,0.5",
                    t % 4 < 2 ? "quadratic" : "static:0.4");
        long D = M + M * tu_rng_int(&seed, 2, 8) / 10;
        double price[512];
        assert_true(D <= 512);
        tu_random_prices(&seed, price, D, 0.15);
        sweep_mode = ECS_STAGES_SWEEP_QUADRATIC;
        double quad = stages_of(g, &p, price, D).bound;
        sweep_mode = ECS_STAGES_SWEEP_MONOTONE;
        double mono = stages_of(g, &p, price, D).bound;
        double sc;
        ecs_schedule *s = stage_sched_of(g, &p, price, D, &sc);
        sweep_mode = ECS_STAGES_SWEEP_AUTO;
        double old = stages_of(g, &p, price, D).bound;
        if (fabs(mono - quad) > 1e-9 * (1.0 + fabs(quad)))
            print_error("case %d: monotone %.12g, quadratic %.12g\n", t,
                        mono, quad);
        assert_true(fabs(mono - quad) <= 1e-9 * (1.0 + fabs(quad)));
        assert_true(mono <= old + tu_tol(old));
        lower += mono < old - tu_tol(old);
        if (s != NULL) {
            assert_true(sc >= old - tu_tol(old));
            built++;
        }
        ecs_schedule_free(s);
        ecs_graph_free(g);
    }
    print_message("monotone sweep: 12 equal to the quadratic, %d below both "
                  "terms at once, %d schedules\n", lower, built);
    assert_true(built >= 6);
}

static void test_stages_forkjoin_milp(void **state)
{
    (void)state;
    const size_t sizes[] = {24, 26, 36};
    forkjoin_vs_milp(1, sizes);
}

/* The same with branches that are chains of 1..3 tasks (stages of 10..14
 * chains: the graphs are larger for as many stages). */
static void test_stages_chain_branches_milp(void **state)
{
    (void)state;
    const size_t sizes[] = {30, 32, 44};
    forkjoin_vs_milp(3, sizes);
}

/* A schedule where a stage's tasks form chains (a -> {b, c}, b -> e,
 * e -> d, c -> d: the chain b -> e and c between a and d), none where a
 * stage holds an edge that no path of its cover follows (a -> {b, c, x},
 * b -> e, c -> e, e -> d, x -> d: the paths b -> e, c, x leave c -> e
 * out), and none without a bottleneck (two chains side by side). */
static void test_stage_schedule_none(void **state)
{
    (void)state;
    long work[6] = {1, 1, 1, 1, 1, 1};
    const ecs_edge e[5] = {{0, 1, 0}, {0, 2, 0}, {1, 4, 0}, {4, 3, 0},
                           {2, 3, 0}};
    ecs_graph *g = tu_graph(5, work, 5, e);
    ecs_platform p;
    tu_platform(&p, 2, "1,0.5,0", "quadratic");
    const double price[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    double sc;
    ecs_schedule *s = stage_sched_of(g, &p, price, 8, &sc);
    assert_non_null(s);
    /* b and e on one PE, in that order */
    assert_int_equal(s->task[1].pe, s->task[4].pe);
    assert_true(s->task[1].stop < s->task[4].start);
    ecs_schedule_free(s);
    ecs_graph_free(g);
    const ecs_edge e2[7] = {{0, 1, 0}, {0, 2, 0}, {0, 5, 0}, {1, 4, 0},
                            {2, 4, 0}, {4, 3, 0}, {5, 3, 0}};
    g = tu_graph(6, work, 7, e2);
    assert_null(stage_sched_of(g, &p, price, 8, &sc));
    ecs_graph_free(g);
    const ecs_edge side[2] = {{0, 2, 0}, {1, 3, 0}};
    g = tu_graph(4, work, 2, side);
    assert_null(stage_sched_of(g, &p, price, 8, &sc));
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_stage_schedule_none),
        cmocka_unit_test(test_bottlenecks_by_hand),
        cmocka_unit_test(test_bottlenecks_closure),
        cmocka_unit_test(test_stages_by_hand),
        cmocka_unit_test(test_stages_exact_fit),
        cmocka_unit_test(test_stages_chain_exact),
        cmocka_unit_test(test_stages_brute_force),
        cmocka_unit_test(test_stages_forkjoin_milp),
        cmocka_unit_test(test_stages_chain_branches_milp),
        cmocka_unit_test(test_stages_coarse_pass),
        cmocka_unit_test(test_stages_monotone_sweep),
    };
    return tu_run(quick, sizeof quick / sizeof *quick, NULL, 0);
}
