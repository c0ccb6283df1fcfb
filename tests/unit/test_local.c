/* The local heuristic (local.h): hand-computed optima; brute force over
 * every interval, PE and frequency vector on tiny instances; the MILP's
 * proven optima on small random instances (static power, negative prices,
 * no f = 0), how often local finds them; never above the paper heuristic,
 * never below an optimum; the checker on every schedule; determinism for a
 * seed; bad input. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/heuristic.h"
#include "ecsched/local.h"
#include "ecsched/makespan.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"

#define MAXN 16

/* The checker's cost of a schedule that must be feasible. */
static double checked_cost(const ecs_graph *g, const ecs_platform *p,
                           const double *price, long D, const ecs_schedule *s)
{
    ecs_check_report rep;
    ecs_result rc = ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), s, &rep, NULL);
    if (rc != ECS_OK)
        print_error("checker: %s\n", rep.msg);
    assert_int_equal(rc, ECS_OK);
    assert_true(rep.meets_deadline);
    return rep.cost;
}

/* Run local from `start` and check the result: feasible, its cost the
 * checker's, never above the start's. */
static double run_local(const ecs_graph *g, const ecs_platform *p,
                        const double *price, long D, const ecs_schedule *start,
                        uint64_t seed, ecs_schedule **keep)
{
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    prm.seed = seed;
    ecs_local_result r;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_local_run(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), start, &prm, &r,
                                  &d);
    if (rc != ECS_OK)
        print_error("local: %s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    double c = checked_cost(g, p, price, D, r.schedule);
    assert_true(c == r.cost);
    assert_true(r.cost <= checked_cost(g, p, price, D, start));
    assert_true(r.cost <= r.start_cost);
    assert_true(r.makespan <= D);
    if (keep != NULL) {
        *keep = r.schedule;
        r.schedule = NULL;
    }
    ecs_local_result_release(&r);
    return c;
}

/* The sweep's schedule from the makespan-optimal base (D' >= M). */
static ecs_schedule *sweep_schedule(const ecs_graph *g, const ecs_platform *p,
                                    const double *price, long D,
                                    const ecs_schedule *base, double *cost)
{
    ecs_heur_params hp;
    ecs_heur_params_init(&hp);
    ecs_heur_result hr;
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), base, &hp, &hr,
                                  NULL),
                     ECS_OK);
    ecs_schedule *s = hr.schedule;
    hr.schedule = NULL;
    *cost = checked_cost(g, p, price, D, s);
    ecs_heur_result_release(&hr);
    return s;
}

/* Proven optimum by the MILP (warm-started with `warm`); NAN if not
 * proven. */
static double milp_optimum(const ecs_graph *g, const ecs_platform *p,
                           const double *price, long D,
                           const ecs_schedule *warm)
{
    ecs_milp_result r;
    tu_milp(g, p, price, D, ECS_MILP_STRONG, warm, &r);
    double c = r.status == ECS_MILP_OPTIMAL ? r.cost : NAN;
    if (r.status == ECS_MILP_OPTIMAL)
        assert_close(checked_cost(g, p, price, D, r.schedule), c, 1e-9);
    ecs_milp_result_release(&r);
    return c;
}

/* A schedule of g with every task at f = 1 on PE 0 from slot 0 on, one
 * after the other in index order (a feasible start for tests whose graphs
 * are in topological index order). */
static ecs_schedule *serial_start(const ecs_graph *g)
{
    ecs_schedule *s = ecs_schedule_new(g->n);
    assert_non_null(s);
    long t = 0;
    for (size_t i = 0; i < g->n; i++) {
        assert_int_equal(ecs_schedule_place(s, i, 0, t, t + g->work[i] - 1,
                                            NULL, 0),
                         ECS_OK);
        t += g->work[i];
    }
    return s;
}

/* ---- hand-computed cases ---- */

/* One task of work 1 over prices (1, 0.5), F default: 0.4 then 0.6 costs
 * 0.16 + 0.18 = 0.34 (0.6/0.4: 0.44; 0.2/0.8: 0.36; 0/1: 0.5), from a
 * start at f = 1 in slot 0 (cost 1). */
static void test_hand_one_task(void **state)
{
    (void)state;
    long work[] = {1};
    ecs_graph *g = tu_graph(1, work, 0, NULL);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    double price[] = {1.0, 0.5};
    ecs_schedule *start = serial_start(g), *res = NULL;
    assert_close(checked_cost(g, &p, price, 2, start), 1.0, 1e-12);
    assert_close(run_local(g, &p, price, 2, start, 1, &res), 0.34, 1e-12);
    assert_int_equal(res->task[0].start, 0);
    assert_int_equal(res->task[0].stop, 1);
    ecs_schedule_free(res);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* Two independent tasks of work 1, flat prices, D' = 2.  One PE: each
 * takes one slot at f = 1, cost 2.  Two PEs: each spreads over both slots
 * at 0.6 + 0.4, cost 2 * 0.52 = 1.04: the second task moves to the idle
 * PE, which the paper heuristic cannot do. */
static void test_hand_spread_to_idle_pe(void **state)
{
    (void)state;
    long work[] = {1, 1};
    ecs_graph *g = tu_graph(2, work, 0, NULL);
    double price[] = {1.0, 1.0};
    ecs_platform p;
    tu_platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    ecs_schedule *start = serial_start(g);
    assert_close(run_local(g, &p, price, 2, start, 1, NULL), 2.0, 1e-12);
    tu_platform(&p, 2, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    ecs_schedule *res = NULL;
    assert_close(run_local(g, &p, price, 2, start, 1, &res), 1.04, 1e-12);
    assert_true(res->task[0].pe != res->task[1].pe);
    ecs_schedule_free(res);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* A chain 1 -> 2 of work 1 each, D' = 4, one PE.  Flat prices: each gets
 * two slots at 0.6 + 0.4: 1.04 (3 + 1 slots: 0.36 + 1).  Prices
 * (1, 1, 0.5, 0.5): task 1 over slots 0-2 at 0.2, 0.2, 0.6 (0.04 + 0.04 +
 * 0.18 = 0.26) and task 2 at f = 1 in slot 3 (0.5): 0.76, below the even
 * split 0.52 + 0.26 = 0.78.  Prices (0.1, 1, 1, 0.1): f = 1 in the two
 * cheap slots, 0.2. */
static void test_hand_chain(void **state)
{
    (void)state;
    long work[] = {1, 1};
    ecs_edge e[] = {{0, 1, 0}};
    ecs_graph *g = tu_graph(2, work, 1, e);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    ecs_schedule *start = serial_start(g);
    double flat[] = {1, 1, 1, 1}, late[] = {1, 1, 0.5, 0.5},
           ends[] = {0.1, 1, 1, 0.1};
    assert_close(run_local(g, &p, flat, 4, start, 1, NULL), 1.04, 1e-12);
    assert_close(run_local(g, &p, late, 4, start, 1, NULL), 0.76, 1e-12);
    assert_close(run_local(g, &p, ends, 4, start, 1, NULL), 0.2, 1e-12);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* Static power 0.4 and F = {1, 0.5} (no f = 0): power(0.5) = 0.475.  One
 * task of work 1, flat prices, D' = 3: two slots at 0.5 (0.95) beat one at
 * 1 (1); three slots must all run (no 0), 1.425. */
static void test_hand_static_no_zero(void **state)
{
    (void)state;
    long work[] = {1};
    ecs_graph *g = tu_graph(1, work, 0, NULL);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5", "static:0.4");
    double price[] = {1, 1, 1};
    ecs_schedule *start = serial_start(g), *res = NULL;
    assert_close(run_local(g, &p, price, 3, start, 1, &res), 0.95, 1e-12);
    assert_int_equal(res->task[0].stop - res->task[0].start, 1);
    ecs_schedule_free(res);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* ---- brute force (tu_brute_force) ---- */

#define BF_T 6 /* the slots this file enumerates at most */

/* Tiny instances (up to 4 tasks, 6 slots): local never below the brute
 * force optimum, and equal to it in most cases. */
static void test_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 1313;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.5,0",
                           "1,0.75,0.5,0.25"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4",
                           "static:0.2"};
    int runs = 0, hits = 0;
    for (int t = 0; t < 40; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 2, 4);
        ecs_graph *g = tu_random_graph(&seed, n, 2, 0.35);
        int pes = (int)tu_rng_int(&seed, 1, n < 4 ? 3 : 2);
        ecs_platform p;
        tu_platform(&p, pes, freqs[t % 4], power[t % 4]);
        ecs_schedule *base = tu_base_schedule(g, pes);
        long M = ecs_schedule_makespan(base);
        long T = M + tu_rng_int(&seed, 0, 2);
        if (T > BF_T) { /* too large to enumerate */
            ecs_schedule_free(base);
            ecs_graph_free(g);
            continue;
        }
        double price[BF_T];
        tu_random_prices(&seed, price, T, t % 2 ? 0.3 : 0.0);
        double opt = tu_brute_force(g, &p, price, T);
        assert_true(opt != HUGE_VAL); /* the base meets T */
        double got = run_local(g, &p, price, T, base, (uint64_t)t, NULL);
        assert_true(got >= opt - 1e-9);
        runs++;
        if (got <= opt + 1e-9)
            hits++;
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
    fprintf(stderr, "brute force: local optimal in %d of %d tiny cases\n",
            hits, runs);
    assert_true(runs >= 25);
    assert_true(hits * 10 >= runs * 8); /* measured: see the report */
}

/* ---- against the MILP and the paper heuristic ---- */

typedef struct variant {
    const char *freqs, *power;
    double neg;    /* share of negative prices */
    uint64_t seed; /* of the instances */
} variant;

/* Random instances of up to 12 tasks with the MILP's proven optimum:
 * local is never below it and never above the sweep; the MILP proves at
 * least 25 of 30 cases and local finds the optimum (within 1e-6) in 60% of
 * them at least. */
static void against_milp(const variant *v)
{
    uint64_t seed = v->seed;
    int hits = 0, runs = 0;
    const int cases = 30;
    double worst = 1.0;
    for (int t = 0; t < cases; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 4, 12);
        ecs_graph *g = tu_random_graph(&seed, n, 5, 0.3);
        int pes = (int)tu_rng_int(&seed, 1, 4);
        ecs_platform p;
        tu_platform(&p, pes, v->freqs, v->power);
        ecs_schedule *base = tu_base_schedule(g, pes);
        long M = ecs_schedule_makespan(base);
        long D = M + M * tu_rng_int(&seed, 0, 4) / 10; /* E = 0 .. 0.4 */
        double price[512], sweep_cost;
        tu_random_prices(&seed, price, D, v->neg);
        ecs_schedule *sw = sweep_schedule(g, &p, price, D, base, &sweep_cost);
        double got = run_local(g, &p, price, D, sw, (uint64_t)t + 1, NULL);
        assert_true(got <= sweep_cost);
        double opt = milp_optimum(g, &p, price, D, sw);
        if (!isnan(opt)) {
            runs++;
            assert_true(got >= opt - 1e-7 * (1.0 + fabs(opt)));
            if (got <= opt + 1e-6 * (1.0 + fabs(opt)))
                hits++;
            double r = opt > 0 ? got / opt : 1.0;
            if (r > worst)
                worst = r;
        }
        ecs_schedule_free(sw);
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
    fprintf(stderr, "%s %s neg %.2f: local optimal in %d of %d, worst "
                    "cost/opt %.4f\n",
            v->freqs, v->power, v->neg, hits, runs, worst);
    assert_true(runs >= 25);
    assert_true(hits * 10 >= runs * 6);
}

/* against_milp on a variant (the cmocka state: see main). */
static void test_against_milp(void **state)
{
    const variant *v = *state;
    against_milp(v);
}

/* Larger random graphs (up to 16 tasks, E = 0.2): never above the sweep,
 * never above the base, the checker on every result. */
static void test_never_above_sweep(void **state)
{
    (void)state;
    uint64_t seed = 555;
    for (int t = 0; t < 60; t++) {
        size_t n = (size_t)tu_rng_int(&seed, 2, MAXN);
        ecs_graph *g = tu_random_graph(&seed, n, 10, tu_rng_unit(&seed) * 0.5);
        int pes = (int)tu_rng_int(&seed, 1, 8);
        ecs_platform p;
        tu_platform(&p, pes, t % 3 ? "1,0.8,0.6,0.4,0.2,0" : "1,0.5",
                 t % 4 == 1 ? "static:0.3" : "quadratic");
        ecs_schedule *base = tu_base_schedule(g, pes);
        long M = ecs_schedule_makespan(base), D = M + M / 5;
        double price[1024], sweep_cost;
        tu_random_prices(&seed, price, D, t % 5 == 0 ? 0.4 : 0.0);
        double base_cost = checked_cost(g, &p, price, D, base);
        ecs_schedule *sw = sweep_schedule(g, &p, price, D, base, &sweep_cost);
        assert_true(sweep_cost <= base_cost);
        double got = run_local(g, &p, price, D, sw, (uint64_t)t, NULL);
        assert_true(got <= sweep_cost);
        /* from the base too (a start at f = 1) */
        double from_base = run_local(g, &p, price, D, base, (uint64_t)t, NULL);
        assert_true(from_base <= base_cost);
        ecs_schedule_free(sw);
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
}

/* The same seed gives the same schedule, task by task. */
static void test_deterministic(void **state)
{
    (void)state;
    uint64_t seed = 99;
    for (int t = 0; t < 6; t++) {
        ecs_graph *g = tu_random_graph(&seed, MAXN, 9, 0.2);
        int pes = 2 + t % 3;
        ecs_platform p;
        tu_platform(&p, pes, "1,0.8,0.6,0.4,0.2,0", "quadratic");
        ecs_schedule *base = tu_base_schedule(g, pes);
        long M = ecs_schedule_makespan(base), D = M + M / 4;
        double price[1024];
        tu_random_prices(&seed, price, D, 0.0);
        ecs_schedule *a = NULL, *b = NULL;
        double ca = run_local(g, &p, price, D, base, 7, &a);
        double cb = run_local(g, &p, price, D, base, 7, &b);
        assert_true(ca == cb);
        for (size_t i = 0; i < g->n; i++) {
            assert_int_equal(a->task[i].pe, b->task[i].pe);
            assert_int_equal(a->task[i].start, b->task[i].start);
            assert_int_equal(a->task[i].stop, b->task[i].stop);
            assert_memory_equal(a->task[i].freq, b->task[i].freq,
                                (size_t)(a->task[i].stop - a->task[i].start + 1));
        }
        ecs_schedule_free(a);
        ecs_schedule_free(b);
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
}

/* A tiny time limit stops the search early; the result is still checked
 * and no dearer than the start. */
static void test_time_limit(void **state)
{
    (void)state;
    uint64_t seed = 8;
    ecs_graph *g = tu_random_graph(&seed, MAXN, 10, 0.2);
    ecs_platform p;
    tu_platform(&p, 3, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    ecs_schedule *base = tu_base_schedule(g, 3);
    long M = ecs_schedule_makespan(base), D = M + M / 5;
    double price[1024];
    tu_random_prices(&seed, price, D, 0.0);
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    prm.time_limit_s = 1e-9;
    ecs_local_result r;
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base, &prm, &r,
                                   NULL),
                     ECS_OK);
    assert_int_equal(r.stop, ECS_LOCAL_TIME_LIMIT);
    assert_true(checked_cost(g, &p, price, D, r.schedule) <= r.start_cost);
    ecs_local_result_release(&r);
    /* one round only: one start, no kicks */
    prm.time_limit_s = 10;
    prm.max_rounds = 1;
    prm.scratch_start = 0;
    prm.max_stall = 0;
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base, &prm, &r,
                                   NULL),
                     ECS_OK);
    assert_int_equal(r.rounds, 1);
    assert_int_equal(r.kicks, 0);
    assert_true(r.stop == ECS_LOCAL_ROUND_LIMIT ||
                r.stop == ECS_LOCAL_CONVERGED);
    assert_true(checked_cost(g, &p, price, D, r.schedule) <= r.start_cost);
    ecs_local_result_release(&r);
    ecs_schedule_free(base);
    ecs_graph_free(g);
}

/* ---- parameters and bad input ---- */

static void no_progress(void *ctx, const ecs_progress *p)
{
    (void)ctx;
    (void)p;
}

static void test_params(void **state)
{
    (void)state;
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    assert_close(prm.time_limit_s, 10.0, 0);
    assert_true(prm.seed == 1);
    assert_int_equal(ecs_local_params_validate(&prm, NULL), ECS_OK);
    ecs_diag d;
    prm.time_limit_s = 0;
    assert_int_equal(ecs_local_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "time limit"));
    prm.time_limit_s = NAN;
    assert_int_equal(ecs_local_params_validate(&prm, &d), ECS_EINVAL);
    ecs_local_params_init(&prm);
    prm.max_rounds = 0;
    assert_int_equal(ecs_local_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "max_rounds"));
    ecs_local_params_init(&prm);
    prm.cache_mb = 0.5;
    assert_int_equal(ecs_local_params_validate(&prm, &d), ECS_EINVAL);
    /* progress: every second by default; an interval <= 0 with a callback */
    ecs_local_params_init(&prm);
    assert_null(prm.progress);
    assert_close(prm.progress_every_s, 1.0, 0);
    prm.progress = no_progress;
    prm.progress_every_s = 0;
    assert_int_equal(ecs_local_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "progress_every_s"));
    prm.progress_every_s = 0.5;
    assert_int_equal(ecs_local_params_validate(&prm, &d), ECS_OK);
    assert_int_equal(ecs_local_params_validate(NULL, &d), ECS_EINVAL);
    assert_string_equal(ecs_local_stop_name(ECS_LOCAL_CONVERGED), "converged");
    assert_string_equal(ecs_local_stop_name(ECS_LOCAL_TIME_LIMIT),
                        "time_limit");
}

static void test_bad_input(void **state)
{
    (void)state;
    long work[] = {2, 1};
    ecs_edge e[] = {{0, 1, 0}};
    ecs_graph *g = tu_graph(2, work, 1, e);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    double price[] = {1, 1, 1, 1};
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    ecs_local_result r;
    ecs_diag d;
    ecs_schedule *start = serial_start(g);
    /* deadline below the start's makespan 3 */
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, 4, 2), start, &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "start schedule is not feasible"));
    assert_null(r.schedule);
    /* too few prices */
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, 2, 4), start, &prm, &r, &d),
                     ECS_EINVAL);
    /* a price that is not a number */
    double bad[] = {1, NAN, 1, 1};
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, bad, 4, 4), start, &prm, &r, &d),
                     ECS_EINVAL);
    /* precedence broken in the start */
    ecs_schedule *wrong = ecs_schedule_new(2);
    assert_int_equal(ecs_schedule_place(wrong, 0, 0, 1, 2, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(wrong, 1, 0, 0, 0, NULL, 0), ECS_OK);
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), wrong, &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "predecessor"));
    /* bad params, no result pointer, wrong task count */
    prm.max_rounds = -1;
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), start, &prm, &r, &d),
                     ECS_EINVAL);
    ecs_local_params_init(&prm);
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), start, &prm, NULL, &d),
                     ECS_EINVAL);
    ecs_schedule *small = ecs_schedule_new(1);
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, 4, 4), small, &prm, &r, &d),
                     ECS_EINVAL);
    /* a graph with a zero-work task is not contracted */
    long zw[] = {0, 1};
    ecs_graph *gz = tu_graph(2, zw, 1, e);
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(gz, &p, price, 4, 4), start, &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "no work"));
    ecs_graph_free(gz);
    ecs_schedule_free(small);
    ecs_schedule_free(wrong);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* The four variants against the MILP, each its own test. */
static variant quadratic = {"1,0.8,0.6,0.4,0.2,0", "quadratic", 0.0, 101};
static variant negative_prices = {"1,0.8,0.6,0.4,0.2,0", "quadratic", 0.3,
                                  202};
static variant static_power = {"1,0.8,0.6,0.4,0.2,0", "static:0.4", 0.0, 303};
static variant no_zero = {"1,0.75,0.5,0.25", "quadratic", 0.1, 404};
#define AGAINST_MILP(name, v) {#name, test_against_milp, NULL, NULL, &v}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_one_task),
        cmocka_unit_test(test_hand_spread_to_idle_pe),
        cmocka_unit_test(test_hand_chain),
        cmocka_unit_test(test_hand_static_no_zero),
        cmocka_unit_test(test_brute_force),
        AGAINST_MILP(test_milp_quadratic, quadratic),
        AGAINST_MILP(test_milp_negative_prices, negative_prices),
        AGAINST_MILP(test_milp_static_power, static_power),
        AGAINST_MILP(test_milp_no_zero, no_zero),
        cmocka_unit_test(test_never_above_sweep),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
