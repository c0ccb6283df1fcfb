/* MILP solver: the strong and the paper formulation against each other and
 * against brute-force enumeration; hand-computed optima; bounds against the
 * base schedule; infeasible deadlines; time limits; input validation. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/heuristic.h"
#include "ecsched/makespan.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"

/* Solve and check the schedule with the checker; returns the status. */
static ecs_milp_status solve(const ecs_graph *g, const ecs_platform *p,
                             const double *price, long D,
                             ecs_milp_formulation f,
                             const ecs_schedule *warm, double *cost)
{
    ecs_milp_result r;
    tu_milp(g, p, price, D, f, warm, &r);
    ecs_milp_status st = r.status;
    *cost = NAN;
    if (st == ECS_MILP_OPTIMAL) {
        ecs_check_report rep;
        assert_non_null(r.schedule);
        assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D),
                                            r.schedule, &rep, NULL),
                         ECS_OK);
        assert_close(rep.cost, r.cost, 1e-9);
        assert_close(r.bound, r.cost, 1e-6);
        assert_close(r.gap, 0.0, 1e-9);
        assert_true(r.rows > 0 && r.cols > 0 && r.nonzeros > 0);
        *cost = r.cost;
    }
    ecs_milp_result_release(&r);
    return st;
}

/* Both formulations prove the optimum `want`. */
static void expect_optimum(const ecs_graph *g, const ecs_platform *p,
                           const double *price, long D, double want)
{
    for (int f = 0; f < 2; f++) {
        double cost;
        assert_int_equal(solve(g, p, price, D, (ecs_milp_formulation)f, NULL,
                               &cost),
                         ECS_MILP_OPTIMAL);
        assert_close(cost, want, 1e-9);
    }
}

/* ---- tests ---- */

/* One task, w = 1, F = {1, 0.5, 0}, quadratic: prices (1, 0.25): f = 1 in
 * slot 1 costs 0.25; 0.5 + 0.5 would cost 0.25 + 0.0625 = 0.3125. */
static void test_hand_single_task(void **state)
{
    (void)state;
    long work[] = {1};
    ecs_graph *g = tu_graph(1, work, 0, NULL);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    double price[] = {1.0, 0.25};
    expect_optimum(g, &p, price, 2, 0.25);
    /* negative price: f = 1 in slot 0 earns 1; prices (-1, 1) */
    double neg[] = {-1.0, 1.0};
    expect_optimum(g, &p, neg, 2, -1.0);
    /* two negative slots: extra work beyond w is allowed and earns more:
     * f = 1 in both slots costs -0.5 - 0.5 = -1 */
    double neg2[] = {-0.5, -0.5};
    expect_optimum(g, &p, neg2, 2, -1.0);
    ecs_graph_free(g);
}

/* Static power s = 0.4: power(0.5) = 0.4 + 0.6/8 = 0.475.  At flat price
 * 1, a task of work 1 with 2 slots and F = {1, 0.5} (no 0) runs one slot
 * at 1 (cost 1) or two at 0.5 (cost 0.95): hand optimum 0.95. */
static void test_hand_static_power(void **state)
{
    (void)state;
    long work[] = {1};
    ecs_graph *g = tu_graph(1, work, 0, NULL);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5", "static:0.4");
    double price[] = {1.0, 1.0};
    expect_optimum(g, &p, price, 2, 0.95);
    ecs_graph_free(g);
}

/* Both formulations equal brute force on tiny instances. */
static void test_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 20261123;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.5,0"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4"};
    int infeasible = 0, feasible = 0;
    for (int t = 0; t < 12; t++) {
        tu_tiny x;
        tu_tiny_draw(&seed, freqs[t % 3], power[t % 3], t % 3 == 1 ? 4 : 5,
                     0.25, &x);
        double cost_s, cost_p, opt = tu_brute_force(x.g, &x.p, x.price, x.T);
        ecs_milp_status ss = solve(x.g, &x.p, x.price, x.T, ECS_MILP_STRONG,
                                   NULL, &cost_s);
        ecs_milp_status sp = solve(x.g, &x.p, x.price, x.T, ECS_MILP_PAPER,
                                   NULL, &cost_p);
        if (opt == HUGE_VAL) {
            infeasible++;
            assert_int_equal(ss, ECS_MILP_INFEASIBLE);
            assert_int_equal(sp, ECS_MILP_INFEASIBLE);
        } else {
            feasible++;
            assert_int_equal(ss, ECS_MILP_OPTIMAL);
            assert_int_equal(sp, ECS_MILP_OPTIMAL);
            assert_close(cost_s, opt, 1e-6);
            assert_close(cost_p, opt, 1e-6);
        }
        ecs_graph_free(x.g);
    }
    assert_true(feasible >= 6); /* the sample exercises real optima */
    (void)infeasible;
}

/* The verbose log's root LP values after rounds of zero-half cuts
 * ("zero-half at the root: round k, c cuts, LP z"): the largest. */
typedef struct root_lp {
    double max_lp;
    int rounds;
    int restarts; /* "root restart: k of n columns removed" with k > 0 */
    long cuts;    /* the rounds' cuts */
    long off;     /* those the incumbent violates (", v violated by the
                     incumbent") */
} root_lp;

static void on_log(void *ctx, const char *text)
{
    root_lp *r = ctx;
    double z;
    int round;
    long k;
    double t;
    long v;
    if (sscanf(text, "zero-half at the root: round %d, %ld cuts, LP %lf",
               &round, &k, &z) == 3) {
        r->rounds++;
        r->cuts += k;
        if (z > r->max_lp)
            r->max_lp = z;
        if (sscanf(text, "zero-half at the root: round %d, %ld cuts, LP %lf "
                         "(%lf s), %ld violated by the incumbent",
                   &round, &k, &z, &t, &v) == 5)
            r->off += v;
        else
            r->off += 1000000; /* (the line's format changed) */
    }
    if (sscanf(text, "root restart: %ld of", &k) == 1 && k > 0)
        r->restarts++;
}

/* prm's verbose log read into lp (on_log), lp cleared. */
static void log_root(ecs_milp_params *prm, root_lp *lp)
{
    *lp = (root_lp){-HUGE_VAL, 0, 0, 0, 0};
    prm->verbose = 1;
    prm->log = on_log;
    prm->log_ctx = lp;
}

/* A random graph of 8 to 12 tasks on 2 PEs (frequencies freqs, quadratic
 * power) in *p, D' a fifth above its base schedule's makespan in *D,
 * random prices (a few negative) in price[0..D). */
static ecs_graph *mid_draw(uint64_t *seed, const char *freqs,
                           ecs_platform *p, double *price, long *D)
{
    size_t n = (size_t)tu_rng_int(seed, 8, 12);
    ecs_graph *g = tu_random_graph(seed, n, 4, 0.3);
    tu_platform(p, 2, freqs, "quadratic");
    ecs_schedule *base = tu_base_schedule(g, 2);
    long M = ecs_schedule_makespan(base);
    ecs_schedule_free(base);
    *D = M + (M + 4) / 5;
    tu_random_prices(seed, price, *D, 0.15);
    return g;
}

/* A tiny draw of 3 or 4 tasks (tu_tiny_draw: up to 8 slots, quadratic
 * power, frequencies freqs) and its brute-force optimum *opt; 0 (nothing
 * drawn to free) when the draw has fewer than 3 tasks. */
static int tiny_with_opt(uint64_t *seed, const char *freqs, tu_tiny *x,
                         double *opt)
{
    tu_tiny_draw(seed, freqs, "quadratic", 8, 0.25, x);
    if (x->g->n < 3) {
        ecs_graph_free(x->g);
        return 0;
    }
    *opt = tu_brute_force(x->g, &x->p, x->price, x->T);
    return 1;
}

/* Solve tiny instance x (brute-force optimum opt, HUGE_VAL when
 * infeasible) with prm: infeasible then, else optimal at opt; 1 when
 * feasible.  r is released by the caller. */
static int solve_tiny(const tu_tiny *x, const ecs_milp_params *prm,
                      double opt, ecs_milp_result *r)
{
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(x->g, &x->p,
                                                        x->price,
                                                        (size_t)x->T, x->T),
                                    prm, r, &d),
                     ECS_OK);
    if (opt == HUGE_VAL) {
        assert_int_equal(r->status, ECS_MILP_INFEASIBLE);
        return 0;
    }
    assert_int_equal(r->status, ECS_MILP_OPTIMAL);
    assert_close(r->cost, opt, 1e-6);
    return 1;
}

/* The strong model with reduced-cost fixing (always) and zero-half cuts
 * (prm.zero_half) proves the brute-force optimum on tiny instances (those of 3
 * and 4 tasks among 1,000 drawn; smaller ones have integral root LPs),
 * every other draw with the root restart forced on (prm.restart 2: the
 * model without the columns fixed at 0 solved from its root, its schedule
 * and bound mapped back), half of those with the smaller model solved by
 * GLPK's own tree (prm.restart_plain); the sample makes all three act (columns fixed,
 * cuts added, restarts) on some of them,
 * and the root LP after each round of cuts never exceeds the optimum, so
 * that a cut that removed the optimum shows even when the optimum was
 * already known.  Two wrong cuts made on purpose failed here: the
 * right-hand side floor(beta'/2) - 1 (the status was not optimal), the
 * wrong sign for a column taken from its upper bound (a cost above the
 * optimum). */
static void test_brute_force_fix_cuts(void **state)
{
    (void)state;
    uint64_t seed = 20261128;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.75,0.5,0.25,0"};
    int fixed = 0, cut = 0, feasible = 0, lifted = 0, restarted = 0;
    int plain = 0;
    /* make test: 400 draws; make check 1,000 (about 2 s more), where a
     * round of cuts also raises the root LP (2 of the 1,000) */
    int draws = tu_long() ? 1000 : 400;
    for (int t = 0; t < draws; t++) {
        tu_tiny x;
        double opt;
        if (!tiny_with_opt(&seed, freqs[t % 3], &x, &opt))
            continue;
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 120;
        prm.zero_half = 1;
        assert_int_equal(prm.restart, 0); /* the default: off */
        prm.restart = t % 2 ? 2 : 1;
        assert_int_equal(prm.restart_plain, 0); /* the default: off */
        prm.restart_plain = t % 4 == 3;
        /* cuts at the nodes in half of the draws, either restart (trees
         * of 4 tasks offer none: see test_node_cuts) */
        prm.node_cuts = t % 4 >= 2 ? 2 : 0;
        root_lp lp;
        log_root(&prm, &lp);
        ecs_milp_result r;
        if (solve_tiny(&x, &prm, opt, &r)) {
            feasible++;
            assert_true(lp.max_lp <= opt + 1e-6);
            fixed += r.fixed > 0;
            cut += r.cuts > 0;
            lifted += lp.rounds > 0 && lp.max_lp > r.root_bound + 1e-6;
            restarted += lp.restarts > 0;
            plain += lp.restarts > 0 && prm.restart_plain;
            assert_true(r.bound <= opt + 1e-6);
        }
        ecs_milp_result_release(&r);
        ecs_graph_free(x.g);
    }
    assert_true(feasible >= draws / 10);
    assert_true(fixed >= draws / 10);
    assert_true(cut >= 3);
    assert_true(restarted >= draws / 20);
    assert_true(plain >= draws / 40);
    if (tu_long())
        assert_true(lifted >= 1); /* a round of cuts raised the root LP */
}

/* The verbose log's restarts ("root restart: k of n columns removed" with
 * k > 0) and reruns ("rerun: the tree stopped at U"). */
typedef struct rerun_log {
    int restarts, reruns;
} rerun_log;

static void on_rerun_log(void *ctx, const char *text)
{
    rerun_log *r = ctx;
    long k;
    if (sscanf(text, "root restart: %ld of", &k) == 1 && k > 0)
        r->restarts++;
    r->reruns += strncmp(text, "rerun: ", 7) == 0;
}

/* g on p over D slots with the root restart forced (restart 2, GLPK's own
 * tree on the smaller model every other call: plain), its reruns
 * (restart_reruns 2), zero-half cuts at the root (zero_half 1) and the
 * base schedule (every task at f = 1, far above the optimum) as the
 * warm start when it meets D, so that the smaller model's tree finds
 * cheaper schedules, stops at one and fixes again with it; the log into
 * lg.  Release *r. */
static void solve_reruns(const ecs_graph *g, const ecs_platform *p,
                         const double *price, long D, int plain,
                         rerun_log *lg, ecs_milp_result *r)
{
    ecs_schedule *base = tu_base_schedule(g, p->pes);
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 120;
    assert_int_equal(prm.restart_reruns, 0); /* the default: none */
    prm.restart = 2;
    prm.restart_plain = plain;
    prm.restart_reruns = 2;
    prm.zero_half = 1;
    prm.warm_start = ecs_schedule_makespan(base) <= D ? base : NULL;
    prm.verbose = 1;
    prm.log = on_rerun_log;
    prm.log_ctx = lg;
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, p, price,
                                                        (size_t)D, D),
                                    &prm, r, NULL),
                     ECS_OK);
    ecs_schedule_free(base);
}

/* The root restart with its reruns (restart_reruns) keeps the optimum:
 * tiny draws (3 and 4 tasks) end proven at their brute-force optimum,
 * draws of 8 to 12 tasks on 2 PEs at the MILP's proven optimum without
 * restart (the same cost, bound = cost), every schedule checked by the
 * checker; the bound never exceeds the optimum.  The sample makes them
 * act: restarts, and reruns whose fixing used the stopped tree's
 * schedule.  Made wrong on purpose: the rerun's fixing with a cutoff
 * below its incumbent (the stopped tree's cost less a tenth of the room
 * U - L, so that columns whose reduced cost does not exceed the true gap
 * are fixed) lost the optimum; the room of milp_rc_fix halved too. */
static void test_restart_reruns(void **state)
{
    (void)state;
    uint64_t seed = 20261129;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.75,0.5,0.25,0"};
    int feasible = 0, restarted = 0, reran = 0;
    for (int t = 0; t < (tu_long() ? 600 : 200); t++) {
        tu_tiny x;
        double opt;
        if (!tiny_with_opt(&seed, freqs[t % 3], &x, &opt))
            continue;
        rerun_log lg = {0, 0};
        ecs_milp_result r;
        solve_reruns(x.g, &x.p, x.price, x.T, t % 2, &lg, &r);
        if (opt == HUGE_VAL) {
            assert_int_equal(r.status, ECS_MILP_INFEASIBLE);
        } else {
            assert_int_equal(r.status, ECS_MILP_OPTIMAL);
            assert_close(r.cost, opt, 1e-6);
            assert_true(r.bound <= opt + 1e-6);
            feasible++;
        }
        restarted += lg.restarts > 0;
        reran += lg.reruns > 0;
        ecs_milp_result_release(&r);
        ecs_graph_free(x.g);
    }
    int mid_restarted = 0, mid_reran = 0;
    for (int t = 0; t < (tu_long() ? 40 : 12); t++) {
        ecs_platform p;
        double price[256];
        long D;
        ecs_graph *g = mid_draw(&seed, freqs[t % 3], &p, price, &D);
        double cost0;
        assert_int_equal(solve(g, &p, price, D, ECS_MILP_STRONG, NULL,
                               &cost0),
                         ECS_MILP_OPTIMAL);
        rerun_log lg = {0, 0};
        ecs_milp_result r;
        solve_reruns(g, &p, price, D, t % 2, &lg, &r);
        assert_int_equal(r.status, ECS_MILP_OPTIMAL);
        assert_close(r.cost, cost0, 1e-6);
        assert_close(r.bound, r.cost, 1e-6);
        ecs_check_report rep;
        assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price,
                                                                (size_t)D, D),
                                            r.schedule, &rep, NULL),
                         ECS_OK);
        assert_close(rep.cost, r.cost, 1e-9);
        mid_restarted += lg.restarts > 0;
        mid_reran += lg.reruns > 0;
        ecs_milp_result_release(&r);
        ecs_graph_free(g);
    }
    printf("reruns: %d feasible tiny, %d restarted, %d reran; mid %d "
           "restarted, %d reran\n",
           feasible, restarted, reran, mid_restarted, mid_reran);
    assert_true(feasible >= 20);
    assert_true(restarted >= 5 && reran >= 1);
    assert_true(mid_restarted >= 4 && mid_reran >= 2);
}

/* Every zero-half cut of the root (SCIP's choices, milp_zerohalf_opts)
 * holds at the incumbent's integer point: the root checks each cut there
 * and counts those it violates in its log ("v violated by the
 * incumbent"); none may be.  Tiny instances (3 and 4 tasks, up to 8
 * slots): the MILP with the cuts proves the brute-force optimum, no root
 * LP after a round of cuts above it.  Larger ones (8 to 12 tasks on 2
 * PEs): the warm start is the MILP's proven optimum without cuts, so
 * every cut is checked at an optimal integer solution, and the optimum
 * stays.  Made wrong on purpose (milp_zerohalf.c make_cut): one
 * coefficient of every cut lowered by 1 (the cut's first term) was
 * caught by the incumbent check; the right-hand side rounded up instead
 * of down as well. */
static void test_zerohalf_cuts_hold_at_optimum(void **state)
{
    (void)state;
    uint64_t seed = 20261129;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.75,0.5,0.25,0"};
    long cuts = 0, rounds = 0, draws = tu_long() ? 600 : 200;
    for (long t = 0; t < draws; t++) {
        tu_tiny x;
        double opt;
        if (!tiny_with_opt(&seed, freqs[t % 3], &x, &opt))
            continue;
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 120;
        assert_int_equal(prm.zero_half, 0); /* the default: off */
        prm.zero_half = 1;
        prm.sb_probe = 0; /* (the root's LP goes to the cuts) */
        root_lp lp;
        log_root(&prm, &lp);
        ecs_milp_result r;
        if (solve_tiny(&x, &prm, opt, &r)) {
            assert_true(lp.max_lp <= opt + 1e-6);
            assert_true(r.bound <= opt + 1e-6);
        }
        assert_int_equal(lp.off, 0);
        cuts += lp.cuts;
        rounds += lp.rounds;
        ecs_milp_result_release(&r);
        ecs_graph_free(x.g);
    }
    /* larger: 8 to 12 tasks on 2 PEs, the warm start the MILP's optimum
     * without cuts (proven), the same optimum with them */
    long tiny = cuts;
    for (int t = 0; t < (tu_long() ? 100 : 30); t++) {
        ecs_platform p;
        double price[256];
        long D;
        ecs_graph *g = mid_draw(&seed, freqs[t % 3], &p, price, &D);
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 120;
        prm.zero_half = 0;
        ecs_milp_result r0, r;
        assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price,
                                                            (size_t)D, D),
                                        &prm, &r0, NULL),
                         ECS_OK);
        assert_int_equal(r0.status, ECS_MILP_OPTIMAL);
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 120;
        prm.warm_start = r0.schedule;
        prm.zero_half = 1;
        prm.sb_probe = 0;
        root_lp lp;
        log_root(&prm, &lp);
        assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price,
                                                            (size_t)D, D),
                                        &prm, &r, NULL),
                         ECS_OK);
        assert_int_equal(lp.off, 0);
        assert_int_equal(r.status, ECS_MILP_OPTIMAL);
        assert_close(r.cost, r0.cost, 1e-6);
        assert_true(lp.max_lp <= r0.cost + 1e-6);
        cuts += lp.cuts;
        rounds += lp.rounds;
        ecs_milp_result_release(&r);
        ecs_milp_result_release(&r0);
        ecs_graph_free(g);
    }
    /* the sample makes them act (11 cuts on the tiny ones, 50 in all) */
    assert_true(tiny >= 5 && cuts >= 30 && rounds >= 10);
}

/* The verbose log's strong-branching probes ("strong-branching probes: k
 * columns probed, t tightened, bound b"). */
typedef struct probe_log {
    long probed, tightened;
    double bound;
    int proved;
    int restarts; /* root restarts that removed columns */
    unsigned long node_cuts; /* "node cuts: k offered" */
    unsigned long bf_nodes; /* "best-first: k nodes selected, d below */
    unsigned long bf_down;  /* the last" */
    int bf_lines;
} probe_log;

static void on_probe_log(void *ctx, const char *text)
{
    probe_log *r = ctx;
    long k, t;
    double b;
    if (sscanf(text, "strong-branching probes: %ld columns probed, %ld "
                     "tightened, bound %lf", &k, &t, &b) == 3) {
        r->probed += k;
        r->tightened += t;
        if (b > r->bound)
            r->bound = b;
        r->proved |= strstr(text, "proved") != NULL;
    }
    if (sscanf(text, "root restart: %ld of", &k) == 1 && k > 0)
        r->restarts++;
    unsigned long nc;
    if (sscanf(text, "node cuts: %lu offered", &nc) == 1)
        r->node_cuts += nc;
    unsigned long down;
    if (sscanf(text, "best-first: %lu nodes selected, %lu below", &nc,
               &down) == 2) {
        r->bf_nodes = nc; /* (the count so far, over the trees) */
        r->bf_down += down;
        r->bf_lines++;
    }
}

/* Solve g on p over D slots with prm, its verbose log into lg; asserts
 * that it proved optimality.  Release *r. */
static void solve_logged(const ecs_graph *g, const ecs_platform *p,
                         const double *price, long D, ecs_milp_params *prm,
                         probe_log *lg, ecs_milp_result *r)
{
    prm->verbose = 1;
    prm->log = on_probe_log;
    prm->log_ctx = lg;
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, p, price,
                                                        (size_t)D, D),
                                    prm, r, NULL),
                     ECS_OK);
    assert_int_equal(r->status, ECS_MILP_OPTIMAL);
}

/* The strong-branching probes at the root (ecs_milp_params.sb_probe, on
 * by default) keep the brute-force optimum on tiny instances: the bound
 * they prove never exceeds it (a child's value is the Lagrangian bound of
 * its duals, the probe's the least of its two children), and a column
 * they fix (a child above the incumbent) never removes it.  On the sample
 * the probes run on fractional root LPs, raise the bound above the root
 * LP and fix columns.  Made wrong on purpose, once each: the larger of
 * the two children as the probe's bound (the bound exceeded the optimum);
 * the column fixed to the side of the child above the incumbent (not
 * optimal). */
static void test_brute_force_probes(void **state)
{
    (void)state;
    uint64_t seed = 20261128;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.75,0.5,0.25,0"};
    int probed = 0, lifted = 0, tightened = 0, feasible = 0;
    int draws = tu_long() ? 1000 : 200;
    for (int t = 0; t < draws; t++) {
        tu_tiny x; /* 4 tasks on 2 PEs: fractional root LPs */
        x.g = tu_random_graph(&seed, TU_BF_MAXN, 2, 0.3);
        tu_platform(&x.p, 1 + t % 2, freqs[t % 3], "quadratic");
        x.T = tu_rng_int(&seed, 3, TU_BF_MAXT);
        tu_random_prices(&seed, x.price, x.T, 0.25);
        double opt = tu_brute_force(x.g, &x.p, x.price, x.T);
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 120;
        assert_int_equal(prm.sb_probe, 1); /* the default */
        prm.sb_probe = 2; /* at any root gap: tiny models have small ones */
        prm.zero_half = 0; /* (the probes alone: the cuts close some) */
        probe_log lg = {0, 0, -HUGE_VAL, 0, 0, 0, 0, 0, 0};
        prm.verbose = 1;
        prm.log = on_probe_log;
        prm.log_ctx = &lg;
        ecs_milp_result r;
        if (solve_tiny(&x, &prm, opt, &r)) {
            feasible++;
            assert_true(lg.bound <= opt + 1e-6);
            probed += lg.probed > 0;
            tightened += lg.tightened > 0;
            lifted += lg.probed > 0 && lg.bound > r.root_bound + 1e-6;
        }
        ecs_milp_result_release(&r);
        ecs_graph_free(x.g);
    }
    /* larger: 8 to 12 tasks on 2 PEs, against the MILP without probes
     * (both prove their optimum; the probes' bound is not above it) */
    int mid = 0, mid_restarts = 0;
    for (int t = 0; t < (tu_long() ? 40 : 12); t++) {
        ecs_platform p;
        double price[256];
        long D;
        ecs_graph *g = mid_draw(&seed, freqs[t % 3], &p, price, &D);
        double cost[2];
        probe_log lg = {0, 0, -HUGE_VAL, 0, 0, 0, 0, 0, 0};
        for (int on = 0; on < 2; on++) {
            ecs_milp_params prm;
            ecs_milp_params_init(&prm);
            prm.time_limit_s = 120;
            prm.sb_probe = 2 * on;
            prm.zero_half = 0;
            prm.restart = 2 * on; /* the root restart, forced, as well */
            prm.node_cuts = 2 * on; /* and cuts at the nodes */
            ecs_milp_result r;
            solve_logged(g, &p, price, D, &prm, &lg, &r);
            cost[on] = r.cost;
            if (on)
                lifted += lg.probed > 0 && lg.bound > r.root_bound + 1e-6;
            ecs_milp_result_release(&r);
            if (!on)
                assert_int_equal(lg.probed, 0);
        }
        assert_close(cost[1], cost[0], 1e-6);
        assert_true(lg.bound <= cost[0] + 1e-6);
        mid += lg.probed > 0;
        mid_restarts += lg.restarts > 0;
        tightened += lg.tightened > 0;
        ecs_graph_free(g);
    }
    assert_true(feasible >= draws / 10);
    /* the sample makes them act (200 tiny draws: 8 probed; 12 larger: 8) */
    assert_true(probed >= 3 && mid >= 4);
    assert_true(lifted >= 3 && tightened >= 5);
    assert_true(mid_restarts >= 6); /* (12 of the 12 larger ones) */
}

/* Zero-half cuts at the nodes (ecs_milp_params.node_cuts) keep the
 * optimum: random graphs of 10 to 15 tasks on 2 or 3 PEs, D a third above
 * the makespan, solved with and without them; both prove optimality at
 * the same cost and the bound with cuts is not above it: 12 draws (make
 * check: 48).  (The brute-force draws of test_brute_force_fix_cuts run
 * with them too, but the trees of 4 tasks offer no cut: no zero-half cut
 * is violated by 0.01 there.)  The sample offers cuts in 5 of the 12 (14
 * of the 48).  Made wrong on purpose once, the cuts' right-hand side 1
 * less (a cut that removes integer points): this failed (the seed is
 * one of the six of 1-8 whose 12 draws catch that, 2 and 4 do not; of
 * those, one of the two cheapest). */
static void test_node_cuts(void **state)
{
    (void)state;
    uint64_t seed = 8;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.75,0.5,0.25,0"};
    int with_cuts = 0;
    int draws = tu_long() ? 48 : 12;
    for (int t = 0; t < draws; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 10, 15);
        int pes = (int)tu_rng_int(&seed, 2, 3);
        ecs_graph *g = tu_random_graph(&seed, n, 4, 0.2);
        ecs_platform p;
        tu_platform(&p, pes, freqs[t % 3], "quadratic");
        ecs_schedule *base = tu_base_schedule(g, pes);
        long M = ecs_schedule_makespan(base), D = M + (M + 2) / 3;
        double price[256], cost[2], bound = 0.0;
        tu_random_prices(&seed, price, D, 0.15);
        probe_log lg = {0, 0, -HUGE_VAL, 0, 0, 0, 0, 0, 0};
        for (int on = 0; on < 2; on++) {
            ecs_milp_params prm;
            ecs_milp_params_init(&prm);
            assert_int_equal(prm.node_cuts, 3); /* the default: gated */
            prm.time_limit_s = 120;
            prm.node_cuts = 2 * on; /* (from the first node) */
            ecs_milp_result r;
            solve_logged(g, &p, price, D, &prm, &lg, &r);
            cost[on] = r.cost;
            bound = r.bound;
            ecs_milp_result_release(&r);
            if (!on)
                assert_int_equal(lg.node_cuts, 0);
        }
        assert_close(cost[1], cost[0], 1e-6);
        assert_true(bound <= cost[0] + 1e-6);
        with_cuts += lg.node_cuts > 0;
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
    assert_true(with_cuts >= (tu_long() ? 8 : 3)); /* (5 of 12, 14 of 48) */
}

/* Best-first node selection (ecs_milp_params.best_first) keeps the
 * optimum: random graphs of 18 to 24 tasks on 2 or 3 PEs, D a third above
 * the makespan, solved with GLPK's selection (0) and best-first from the
 * first node (2) (make check: and the default, 1, best-first within a 1 %
 * gap, which every other test runs): all prove optimality at the same
 * cost, no bound above it; 0 selects no node, 2 selects some in the
 * draws that branch (4 of the 6; make check: 24 draws), and every node
 * it selects has the lowest bound: the bounds selected never fall (the
 * driver's log counts the falls).  Made wrong on purpose, once each:
 * selecting with 0 as with 2 (the count with 0 was 4); no selection with
 * 2 (no draw selected a node); the active node after the lowest one
 * selected instead of it (14 falls). */
static void test_best_first(void **state)
{
    (void)state;
    uint64_t seed = 11;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.75,0.5,0.25,0"};
    int selected = 0;
    int draws = tu_long() ? 24 : 6, modes = tu_long() ? 3 : 2;
    for (int t = 0; t < draws; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 18, 24);
        int pes = (int)tu_rng_int(&seed, 2, 3);
        ecs_graph *g = tu_random_graph(&seed, n, 4, 0.2);
        ecs_platform p;
        tu_platform(&p, pes, freqs[t % 3], "quadratic");
        ecs_schedule *base = tu_base_schedule(g, pes);
        long M = ecs_schedule_makespan(base), D = M + (M + 2) / 3;
        double price[256], cost[3];
        tu_random_prices(&seed, price, D, 0.15);
        for (int mode = 0; mode < modes; mode++) {
            probe_log lg = {0, 0, -HUGE_VAL, 0, 0, 0, 0, 0, 0};
            ecs_milp_params prm;
            ecs_milp_params_init(&prm);
            assert_int_equal(prm.best_first, 1); /* the default */
            prm.time_limit_s = 120;
            prm.best_first = mode == 2 ? 1 : mode == 1 ? 2 : 0;
            ecs_milp_result r;
            solve_logged(g, &p, price, D, &prm, &lg, &r);
            cost[mode] = r.cost;
            assert_true(r.bound <= r.cost + 1e-6);
            ecs_milp_result_release(&r);
            assert_true(lg.bf_lines > 0); /* (a line a tree) */
            assert_int_equal(lg.bf_down, 0); /* (the lowest bound first) */
            if (mode == 0)
                assert_int_equal(lg.bf_nodes, 0);
            if (mode == 1)
                selected += lg.bf_nodes > 0;
        }
        assert_close(cost[1], cost[0], 1e-6);
        if (modes > 2)
            assert_close(cost[2], cost[0], 1e-6);
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
    assert_true(selected >= (tu_long() ? 8 : 3)); /* (4 of 6) */
}

/* The symmetry rows of interchangeable tasks (a task starts no earlier
 * than its twin: same work, predecessors, successors and intervals) keep
 * the brute-force optimum: a diamond whose two middle tasks are twins,
 * three independent tasks of equal work (a group of three), and two
 * tasks of equal work and equal windows that are not twins (A -> C,
 * B -> C, B -> D: B has one successor more), over random prices, 1 and 2
 * PEs, three frequency sets. */
static void test_brute_force_twins(void **state)
{
    (void)state;
    uint64_t seed = 4040;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.75,0.5,0.25,0"};
    const ecs_edge diamond[] = {{0, 1, 0}, {0, 2, 0}, {1, 3, 0}, {2, 3, 0}};
    const ecs_edge notwin[] = {{0, 2, 0}, {1, 2, 0}, {1, 3, 0}};
    int feasible = 0;
    int draws = tu_long() ? 300 : 30;
    for (int t = 0; t < draws; t++) {
        int shape = t % 3;
        long w = tu_rng_int(&seed, 1, 2);
        long work[4] = {1, w, w, 1}, work2[4] = {w, w, 2, 1};
        ecs_graph *g = shape == 0   ? tu_graph(4, work, 4, diamond)
                       : shape == 1 ? tu_graph(3, work + 1, 0, NULL)
                                    : tu_graph(4, work2, 3, notwin);
        tu_tiny x;
        x.g = g;
        tu_platform(&x.p, 1 + t / 3 % 2, freqs[t / 6 % 3], "quadratic");
        x.T = tu_rng_int(&seed, 5, TU_BF_MAXT);
        tu_random_prices(&seed, x.price, x.T, 0.2);
        double opt = tu_brute_force(g, &x.p, x.price, x.T);
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 120;
        ecs_milp_result r;
        feasible += solve_tiny(&x, &prm, opt, &r);
        ecs_milp_result_release(&r);
        ecs_graph_free(g);
    }
    assert_true(feasible >= draws / 2);
    /* Twins but for their successors (A -> C, B -> C, B -> D; A and B of
     * work 1, C of 3, D of 2: A's and B's windows are the same, [0, 2)),
     * on 2 PEs at f = 1 over 5 slots priced 2, 1, 1, 4, 1 (power 1 a busy
     * slot): the only optimum runs B in slot 0, A in 1, C in 2-4 and D in
     * 1-2, 11 by hand (2 + 2 + 2 + 4 + 1); A no later than B costs at
     * least 12 (both in slot 0: 4 + 1 + 2 + 4 + 1), neither in slot 0 13
     * (slot 3 twice), A before B 14.  A rule that took A and B for twins
     * (ignoring successors) would make A start no later than B and miss
     * it: made so on purpose once (same_task and the key without the
     * successors), this failed (12 instead of 11). */
    const long work3[4] = {1, 1, 3, 2};
    tu_tiny y;
    y.g = tu_graph(4, work3, 3, notwin);
    tu_platform(&y.p, 2, "1", "quadratic");
    y.T = 5;
    const double dear[5] = {2, 1, 1, 4, 1};
    memcpy(y.price, dear, sizeof dear);
    double opt = tu_brute_force(y.g, &y.p, y.price, y.T);
    assert_close(opt, 11.0, 1e-9);
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 120;
    ecs_milp_result r;
    assert_true(solve_tiny(&y, &prm, opt, &r));
    ecs_milp_result_release(&r);
    ecs_graph_free(y.g);
}

/* The two formulations reach the same optimum on random instances of up
 * to 8 tasks, with default F and negative prices among the slots: the
 * first 6 of a seeded sequence, all 20 under make check (the paper
 * formulation takes seconds on the larger ones). */
static void test_strong_equals_paper(void **state)
{
    (void)state;
    uint64_t seed = 777;
    int compared = 0, cases = tu_long() ? 20 : 6;
    for (int t = 0; t < cases; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 3, t % 2 ? 5 : 8);
        ecs_graph *g = tu_random_graph(&seed, n, 2, 0.4);
        int pes = (int)tu_rng_int(&seed, 2, 3);
        ecs_platform p;
        tu_platform(&p, pes, t % 2 ? "1,0.8,0.6,0.4,0.2,0" : "1,0.5,0",
                 t % 4 == 3 ? "static:0.4" : "quadratic");
        ecs_schedule *base = tu_base_schedule(g, pes);
        long D = ecs_schedule_makespan(base) + tu_rng_int(&seed, 0, 2);
        double price[64], cs, cp;
        tu_random_prices(&seed, price, D, 0.15);
        ecs_milp_status ss = solve(g, &p, price, D, ECS_MILP_STRONG, base, &cs);
        ecs_milp_status sp = solve(g, &p, price, D, ECS_MILP_PAPER, base, &cp);
        if (getenv("MILP_TEST_TRACE"))
            fprintf(stderr, "n=%zu P=%d D=%ld %s: %s %.6f / %s %.6f\n", n, pes,
                    D, p.freq_text[1], ecs_milp_status_name(ss), cs,
                    ecs_milp_status_name(sp), cp);
        assert_int_equal(ss, ECS_MILP_OPTIMAL);
        assert_int_equal(sp, ECS_MILP_OPTIMAL);
        assert_close(cs, cp, 1e-6);
        compared++;
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
    assert_int_equal(compared, cases);
}

/* The optimum never exceeds the base schedule's cost nor the heuristic's,
 * negative prices too; with or without either as the warm start. */
static void test_not_above_base(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    for (int t = 0; t < 8; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 6, 12);
        ecs_graph *g = tu_random_graph(&seed, n, 6, 0.25);
        int pes = (int)tu_rng_int(&seed, 2, 4);
        ecs_platform p;
        tu_platform(&p, pes, "1,0.8,0.6,0.4,0.2,0", "quadratic");
        ecs_schedule *base = tu_base_schedule(g, pes);
        long M = ecs_schedule_makespan(base), D = M + M / 5;
        double price[256], cost;
        tu_random_prices(&seed, price, D, t % 2 ? 0.3 : 0.0);
        ecs_check_report rep;
        assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base,
                                            &rep, NULL),
                         ECS_OK);
        ecs_heur_params hp;
        ecs_heur_params_init(&hp);
        ecs_heur_result hr;
        assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base, &hp,
                                      &hr, NULL),
                         ECS_OK);
        assert_true(hr.cost <= rep.cost + 1e-9);
        const ecs_schedule *warm = t % 3 == 0 ? NULL
                                   : t % 3 == 1 ? base : hr.schedule;
        ecs_milp_status st = solve(g, &p, price, D, ECS_MILP_STRONG, warm,
                                   &cost);
        assert_int_equal(st, ECS_MILP_OPTIMAL);
        assert_true(cost <= rep.cost + 1e-9);
        assert_true(cost <= hr.cost + 1e-9);
        ecs_heur_result_release(&hr);
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
}

/* A deadline below the critical path is infeasible (no model is needed);
 * a deadline that fits the critical path but not the PEs too. */
static void test_infeasible(void **state)
{
    (void)state;
    long work[] = {2, 2, 2};
    ecs_edge e[] = {{0, 1, 0}};
    ecs_graph *g = tu_graph(3, work, 1, e);
    ecs_platform p;
    tu_platform(&p, 2, "1,0.5,0", "quadratic");
    double price[8] = {1, 1, 1, 1, 1, 1, 1, 1}, cost;
    /* critical path 4 */
    for (int f = 0; f < 2; f++)
        assert_int_equal(solve(g, &p, price, 3, (ecs_milp_formulation)f, NULL,
                               &cost),
                         ECS_MILP_INFEASIBLE);
    /* one PE: 6 units of work in 5 slots */
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    for (int f = 0; f < 2; f++)
        assert_int_equal(solve(g, &p, price, 5, (ecs_milp_formulation)f, NULL,
                               &cost),
                         ECS_MILP_INFEASIBLE);
    assert_int_equal(solve(g, &p, price, 6, ECS_MILP_STRONG, NULL, &cost),
                     ECS_MILP_OPTIMAL);
    assert_close(cost, 6.0, 1e-9);
    ecs_graph_free(g);
}

/* 40 tasks of work 3..10, sparse random precedence: a large model. */
static ecs_graph *large_graph(uint64_t *seed)
{
    long id[40], work[40];
    ecs_edge edges[200];
    size_t m = 0;
    for (size_t i = 0; i < 40; i++) {
        id[i] = (long)i + 1;
        work[i] = tu_rng_int(seed, 3, 10);
        for (size_t j = 0; j < i && m < 200; j++)
            if (tu_rng_unit(seed) < 0.08)
                edges[m++] = (ecs_edge){j, i, 0};
    }
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(40, id, work, NULL, m, edges, 0, &g, NULL),
                     ECS_OK);
    return g;
}

/* The large model on 2 PEs: its base schedule, the deadline D' = M num /
 * den and random prices (10% negative). */
typedef struct large {
    ecs_graph *g;
    ecs_platform p;
    ecs_schedule *base;
    long D;
    double *price;
} large;

static void large_make(uint64_t seed, long num, long den, large *x)
{
    x->g = large_graph(&seed);
    tu_platform(&x->p, 2, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    x->base = tu_base_schedule(x->g, 2);
    x->D = ecs_schedule_makespan(x->base) * num / den;
    x->price = malloc((size_t)x->D * sizeof *x->price);
    assert_non_null(x->price);
    tu_random_prices(&seed, x->price, x->D, 0.1);
}

static void large_free(large *x)
{
    free(x->price);
    ecs_schedule_free(x->base);
    ecs_graph_free(x->g);
}

/* The load bound of the time windows, at its edge: three independent tasks
 * of work 2 before a sink of work 1, one PE.  The sink cannot start before
 * slot 6 (its ancestors' work on one PE) although its critical path is 3:
 * D' = 7 is feasible only at f = 1 throughout (cost 7 at price 1, f^2),
 * D' = 6 is not.  Both formulations (the paper's uses no windows). */
static void test_load_windows(void **state)
{
    (void)state;
    long work[] = {2, 2, 2, 1};
    ecs_edge e[] = {{0, 3, 0}, {1, 3, 0}, {2, 3, 0}};
    ecs_graph *g = tu_graph(4, work, 3, e);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    double price[8] = {1, 1, 1, 1, 1, 1, 1, 1}, cost;
    for (int f = 0; f < 2; f++) {
        assert_int_equal(solve(g, &p, price, 7, (ecs_milp_formulation)f, NULL,
                               &cost),
                         ECS_MILP_OPTIMAL);
        assert_close(cost, 7.0, 1e-9);
        assert_int_equal(solve(g, &p, price, 6, (ecs_milp_formulation)f, NULL,
                               &cost),
                         ECS_MILP_INFEASIBLE);
    }
    /* two PEs: the load bound puts the sink at slot 3 or later; D' = 4
     * would need the three tasks in slots 0..2, impossible without
     * preemption.  D' = 5: the sink in slot 4 (cost 1); one PE runs two
     * tasks back to back at f = 1 (4), the other one task at 0.5 over four
     * slots (4 * 0.25 = 1): 6 */
    tu_platform(&p, 2, "1,0.5,0", "quadratic");
    for (int f = 0; f < 2; f++) {
        assert_int_equal(solve(g, &p, price, 4, (ecs_milp_formulation)f, NULL,
                               &cost),
                         ECS_MILP_INFEASIBLE);
        assert_int_equal(solve(g, &p, price, 5, (ecs_milp_formulation)f, NULL,
                               &cost),
                         ECS_MILP_OPTIMAL);
        assert_close(cost, 6.0, 1e-9);
    }
    ecs_graph_free(g);
}

/* A tiny time limit on a large model: feasible with bound <= cost, or
 * no_solution; never a crash. */
static void test_time_limit(void **state)
{
    (void)state;
    large x;
    large_make(99, 6, 5, &x);
    for (int warm = 0; warm < 2; warm++) {
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 0.05;
        prm.warm_start = warm ? x.base : NULL;
        ecs_milp_result r;
        ecs_diag d;
        assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(x.g, &x.p, x.price, (size_t)x.D, x.D),
                                        &prm, &r, &d),
                         ECS_OK);
        if (r.status == ECS_MILP_FEASIBLE) {
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(x.g, &x.p, x.price, (size_t)x.D, x.D), r.schedule,
                                                &rep, NULL),
                             ECS_OK);
            assert_true(isnan(r.bound) || r.bound <= r.cost + 1e-9);
        } else {
            assert_int_equal(r.status, ECS_MILP_NO_SOLUTION);
            assert_int_equal(warm, 0); /* a warm start is always a solution */
            assert_null(r.schedule);
        }
        ecs_milp_result_release(&r);
    }
    large_free(&x);
}

/* The limit is a budget for the whole solve: whenever it runs out (before
 * the model is loaded, in the root LP, in the dive or in branch and bound),
 * a feasible warm start is never lost: status feasible (or optimal), a
 * schedule the checker accepts, cost no higher than the warm start's, bound
 * no higher than the cost.  Both formulations, limits from 1 ms up. */
static void test_time_budget(void **state)
{
    (void)state;
    large x;
    large_make(7, 3, 2, &x);
    ecs_check_report wrep;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(x.g, &x.p, x.price, (size_t)x.D, x.D),
                                        x.base, &wrep, NULL),
                     ECS_OK);
    const double limits[] = {1e-3, 0.02, 0.1, 0.3};
    for (int f = 0; f < 2; f++)
        for (size_t k = 0; k < sizeof limits / sizeof *limits; k++) {
            ecs_milp_params prm;
            ecs_milp_params_init(&prm);
            prm.formulation = f ? ECS_MILP_PAPER : ECS_MILP_STRONG;
            prm.time_limit_s = limits[k];
            prm.warm_start = x.base;
            ecs_milp_result r;
            ecs_diag d;
            assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(x.g, &x.p, x.price, (size_t)x.D, x.D), &prm, &r, &d),
                             ECS_OK);
            assert_true(r.status == ECS_MILP_FEASIBLE ||
                        r.status == ECS_MILP_OPTIMAL);
            assert_non_null(r.schedule);
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(x.g, &x.p, x.price, (size_t)x.D, x.D), r.schedule,
                                                &rep, NULL),
                             ECS_OK);
            assert_close(rep.cost, r.cost, 1e-9);
            assert_true(r.cost <= wrep.cost + 1e-9);
            assert_true(isnan(r.bound) || r.bound <= r.cost + 1e-9);
            assert_true(isnan(r.gap) || r.gap >= -1e-12);
            ecs_milp_result_release(&r);
        }
    large_free(&x);
}

/* Bad input is refused before GLPK is called; a model above the limit is
 * refused with its estimate and the flag that raises the limit. */
static void test_validation(void **state)
{
    (void)state;
    long work[] = {2, 0};
    ecs_graph *g = tu_graph(2, work, 0, NULL);
    ecs_platform p;
    tu_platform(&p, 2, "1,0.5,0", "quadratic");
    double price[4] = {1, 1, 1, 1};
    ecs_milp_params prm;
    ecs_milp_result r;
    ecs_diag d;
    ecs_milp_params_init(&prm);
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &r, &d),
                     ECS_EINVAL); /* zero work: not contracted */
    assert_non_null(strstr(d.msg, "no work"));
    ecs_graph_free(g);
    work[1] = 1;
    g = tu_graph(2, work, 0, NULL);
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, 3, 4), &prm, &r, &d),
                     ECS_EINVAL); /* fewer prices than slots */
    price[2] = NAN;
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &r, &d),
                     ECS_EINVAL);
    price[2] = 1.0;
    prm.time_limit_s = -1;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &r, &d),
                     ECS_EINVAL);
    ecs_milp_params_init(&prm);
    prm.mip_gap = 1.5;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    ecs_milp_params_init(&prm);
    prm.zero_half = 3;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "zero_half"));
    ecs_milp_params_init(&prm);
    prm.sb_probe = -1;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "sb_probe"));
    prm.sb_probe = 3;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    prm.sb_probe = 2;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_OK);
    prm.restart = -1;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "restart"));
    prm.restart = 4;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    prm.restart = 3;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_OK);
    prm.restart = 2;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_OK);
    prm.restart_reruns = -1;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "restart_reruns"));
    prm.restart_reruns = 9;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    prm.restart_reruns = 8;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_OK);
    ecs_milp_params_init(&prm);
    assert_true(prm.split_limit_s == 0.0); /* the default: the limit */
    prm.split_limit_s = -1.0;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "split_limit_s"));
    prm.split_limit_s = NAN;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    prm.split_limit_s = 5.0;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_OK);
    ecs_milp_params_init(&prm);
    prm.restart_plain = 2;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "restart_plain"));
    prm.restart_plain = -1;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    prm.restart_plain = 1;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_OK);
    ecs_milp_params_init(&prm);
    assert_int_equal(prm.ext_purge, 1); /* the default */
    prm.ext_purge = 3;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "ext_purge"));
    prm.ext_purge = -1;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_EINVAL);
    prm.ext_purge = 2;
    assert_int_equal(ecs_milp_params_validate(&prm, &d), ECS_OK);
    ecs_milp_params_init(&prm);
    prm.max_nonzeros = 10;
    for (int f = 0; f < 2; f++) {
        prm.formulation = (ecs_milp_formulation)f;
        assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &r, &d),
                         ECS_ELIMIT);
        assert_non_null(strstr(d.msg, "--max-nonzeros"));
        assert_null(r.schedule);
    }
    /* a warm start that breaks the model */
    ecs_milp_params_init(&prm);
    ecs_schedule *bad = ecs_schedule_new(2);
    assert_int_equal(ecs_schedule_place(bad, 0, 0, 0, 0, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(bad, 1, 1, 0, 0, NULL, 0), ECS_OK);
    prm.warm_start = bad; /* task 1 (work 2) gets one slot */
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "warm start"));
    ecs_schedule_free(bad);
    ecs_graph_free(g);
}

static void test_names(void **state)
{
    (void)state;
    ecs_milp_formulation f;
    ecs_diag d;
    assert_int_equal(ecs_milp_formulation_parse("paper", &f, &d), ECS_OK);
    assert_int_equal(f, ECS_MILP_PAPER);
    assert_int_equal(ecs_milp_formulation_parse("strong", &f, NULL), ECS_OK);
    assert_int_equal(f, ECS_MILP_STRONG);
    assert_int_equal(ecs_milp_formulation_parse("cplex", &f, &d), ECS_EINVAL);
    assert_int_equal(f, ECS_MILP_STRONG); /* untouched */
    assert_string_equal(d.msg, "unknown formulation 'cplex' (strong or paper)");
    assert_int_equal(ecs_milp_formulation_parse(NULL, &f, NULL), ECS_EINVAL);
    assert_string_equal(ecs_milp_status_name(ECS_MILP_NO_SOLUTION),
                        "no_solution");
    assert_string_equal(ecs_milp_formulation_name(ECS_MILP_PAPER), "paper");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_hand_single_task),
        cmocka_unit_test(test_hand_static_power),
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_brute_force_fix_cuts),
        cmocka_unit_test(test_zerohalf_cuts_hold_at_optimum),
        cmocka_unit_test(test_restart_reruns),
        cmocka_unit_test(test_brute_force_probes),
        cmocka_unit_test(test_brute_force_twins),
        cmocka_unit_test(test_node_cuts),
        cmocka_unit_test(test_best_first),
        cmocka_unit_test(test_strong_equals_paper),
        cmocka_unit_test(test_not_above_base),
        cmocka_unit_test(test_infeasible),
        cmocka_unit_test(test_load_windows),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_validation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
