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

/* ---- seeded PRNG (splitmix64) ---- */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static long rng_int(uint64_t *s, long lo, long hi) /* inclusive */
{
    return lo + (long)(rng_next(s) % (uint64_t)(hi - lo + 1));
}

static double rng_unit(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) / 9007199254740992.0;
}

#define MAXN 16

/* A random DAG: n tasks, work 1..maxw, edge i -> j (i < j) with prob pe. */
static ecs_graph *random_graph(uint64_t *s, size_t n, long maxw, double pe)
{
    long id[MAXN], work[MAXN];
    ecs_edge edges[MAXN * MAXN];
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        id[i] = (long)i + 1;
        work[i] = rng_int(s, 1, maxw);
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (rng_unit(s) < pe) {
                edges[m].from = i;
                edges[m].to = j;
                edges[m].comm = 0;
                m++;
            }
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(n, id, work, NULL, m, edges, 0, &g, NULL),
                     ECS_OK);
    return g;
}

static void random_prices(uint64_t *s, double *price, long n, double neg)
{
    for (long l = 0; l < n; l++)
        price[l] = rng_unit(s) < neg ? -rng_unit(s) : 0.1 + rng_unit(s);
}

static void platform(ecs_platform *p, int pes, const char *freqs,
                     const char *power)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_pes(p, pes, NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_freqs(p, freqs, NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_power(p, power, NULL), ECS_OK);
}

/* The makespan solver's base schedule at f = 1. */
static ecs_schedule *base_schedule(const ecs_graph *g, int pes)
{
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    prm.time_limit_s = 1.0;
    ecs_makespan_result r;
    assert_int_equal(ecs_makespan_solve(g, pes, &prm, &r, NULL), ECS_OK);
    return r.schedule;
}

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
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 60;
    prm.warm_start = warm;
    ecs_milp_result r;
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), &prm, &r, NULL),
                     ECS_OK);
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
    long id[] = {1}, work[] = {1};
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(1, id, work, NULL, 0, NULL, 0, &g, NULL),
                     ECS_OK);
    ecs_platform p;
    platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
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
    long id[] = {1, 2}, work[] = {1, 1};
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(2, id, work, NULL, 0, NULL, 0, &g, NULL),
                     ECS_OK);
    double price[] = {1.0, 1.0};
    ecs_platform p;
    platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    ecs_schedule *start = serial_start(g);
    assert_close(run_local(g, &p, price, 2, start, 1, NULL), 2.0, 1e-12);
    platform(&p, 2, "1,0.8,0.6,0.4,0.2,0", "quadratic");
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
    long id[] = {1, 2}, work[] = {1, 1};
    ecs_edge e[] = {{0, 1, 0}};
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(2, id, work, NULL, 1, e, 0, &g, NULL),
                     ECS_OK);
    ecs_platform p;
    platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
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
    long id[] = {1}, work[] = {1};
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(1, id, work, NULL, 0, NULL, 0, &g, NULL),
                     ECS_OK);
    ecs_platform p;
    platform(&p, 1, "1,0.5", "static:0.4");
    double price[] = {1, 1, 1};
    ecs_schedule *start = serial_start(g), *res = NULL;
    assert_close(run_local(g, &p, price, 3, start, 1, &res), 0.95, 1e-12);
    assert_int_equal(res->task[0].stop - res->task[0].start, 1);
    ecs_schedule_free(res);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* ---- brute force: every interval, every PE, every frequency vector ---- */

#define BF_T 6

typedef struct bf {
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long T;
    double cost[4][BF_T][BF_T];
    long s[4], e[4];
    int pe[4];
    double best;
} bf;

static double bf_profile(const bf *b, long work, long s, long e)
{
    long len = e - s + 1, K = (long)b->p->nfreq, total = 1;
    for (long t = 0; t < len; t++)
        total *= K;
    double best = HUGE_VAL;
    for (long code = 0; code < total; code++) {
        long c = code, q = 0;
        double cost = 0.0;
        for (long t = 0; t < len; t++, c /= K) {
            q += b->p->freq_q[c % K];
            cost += b->p->power_of[c % K] * b->price[s + t];
        }
        if (q >= work * b->p->grid && cost < best)
            best = cost;
    }
    return best;
}

static int bf_ok(const bf *b, size_t i)
{
    const ecs_graph *g = b->g;
    for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
        if (b->e[g->pred[k]] >= b->s[i])
            return 0;
    for (size_t j = 0; j < i; j++)
        if (b->pe[j] == b->pe[i] && !(b->e[j] < b->s[i] || b->e[i] < b->s[j]))
            return 0;
    return 1;
}

static void bf_rec(bf *b, size_t i, double acc)
{
    if (i == b->g->n) {
        if (acc < b->best)
            b->best = acc;
        return;
    }
    for (long s = 0; s < b->T; s++)
        for (long e = s; e < b->T; e++) {
            double c = b->cost[i][s][e];
            if (c == HUGE_VAL)
                continue;
            for (int q = 0; q < b->p->pes; q++) {
                b->s[i] = s;
                b->e[i] = e;
                b->pe[i] = q;
                if (bf_ok(b, i))
                    bf_rec(b, i + 1, acc + c);
            }
        }
}

static double brute_force(const ecs_graph *g, const ecs_platform *p,
                          const double *price, long T)
{
    bf b;
    memset(&b, 0, sizeof b);
    b.g = g;
    b.p = p;
    b.price = price;
    b.T = T;
    b.best = HUGE_VAL;
    for (size_t i = 0; i < g->n; i++)
        for (long s = 0; s < T; s++)
            for (long e = 0; e < T; e++)
                b.cost[i][s][e] = e < s ? HUGE_VAL
                                        : bf_profile(&b, g->work[i], s, e);
    bf_rec(&b, 0, 0.0);
    return b.best;
}

/* Tiny instances (up to 4 tasks, 6 slots): local never below the brute
 * force optimum, and equal to it in most cases. */
static void test_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 1313;
    const char *freqs[] = {"1,0.5,0", "1,0.6,0.3", "1,0.5,0", "1,0.75,0.5,0.25"};
    const char *power[] = {"quadratic", "quadratic", "static:0.4",
                           "static:0.2"};
    int runs = 0, hits = 0;
    for (int t = 0; t < 40; t++) {
        size_t n = (size_t)rng_int(&seed, 2, 4);
        ecs_graph *g = random_graph(&seed, n, 2, 0.35);
        int pes = (int)rng_int(&seed, 1, n < 4 ? 3 : 2);
        ecs_platform p;
        platform(&p, pes, freqs[t % 4], power[t % 4]);
        ecs_schedule *base = base_schedule(g, pes);
        long M = ecs_schedule_makespan(base);
        long T = M + rng_int(&seed, 0, 2);
        if (T > BF_T) { /* too large to enumerate */
            ecs_schedule_free(base);
            ecs_graph_free(g);
            continue;
        }
        double price[BF_T];
        random_prices(&seed, price, T, t % 2 ? 0.3 : 0.0);
        double opt = brute_force(g, &p, price, T);
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
    double neg; /* share of negative prices */
} variant;

/* Random instances of up to 12 tasks with the MILP's proven optimum:
 * local is never below it and never above the sweep; it finds the optimum
 * (within 1e-6) in most cases.  Returns hits; *runs counts the cases. */
static int against_milp(const variant *v, uint64_t seed, int cases, int *runs)
{
    int hits = 0;
    *runs = 0;
    double worst = 1.0;
    for (int t = 0; t < cases; t++) {
        size_t n = (size_t)rng_int(&seed, 4, 12);
        ecs_graph *g = random_graph(&seed, n, 5, 0.3);
        int pes = (int)rng_int(&seed, 1, 4);
        ecs_platform p;
        platform(&p, pes, v->freqs, v->power);
        ecs_schedule *base = base_schedule(g, pes);
        long M = ecs_schedule_makespan(base);
        long D = M + M * rng_int(&seed, 0, 4) / 10; /* E = 0 .. 0.4 */
        double price[512], sweep_cost;
        random_prices(&seed, price, D, v->neg);
        ecs_schedule *sw = sweep_schedule(g, &p, price, D, base, &sweep_cost);
        double got = run_local(g, &p, price, D, sw, (uint64_t)t + 1, NULL);
        assert_true(got <= sweep_cost);
        double opt = milp_optimum(g, &p, price, D, sw);
        if (!isnan(opt)) {
            (*runs)++;
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
            v->freqs, v->power, v->neg, hits, *runs, worst);
    return hits;
}

static void test_milp_quadratic(void **state)
{
    (void)state;
    variant v = {"1,0.8,0.6,0.4,0.2,0", "quadratic", 0.0};
    int runs, hits = against_milp(&v, 101, 30, &runs);
    assert_true(runs >= 25);
    assert_true(hits * 10 >= runs * 6);
}

static void test_milp_negative_prices(void **state)
{
    (void)state;
    variant v = {"1,0.8,0.6,0.4,0.2,0", "quadratic", 0.3};
    int runs, hits = against_milp(&v, 202, 30, &runs);
    assert_true(runs >= 25);
    assert_true(hits * 10 >= runs * 6);
}

static void test_milp_static_power(void **state)
{
    (void)state;
    variant v = {"1,0.8,0.6,0.4,0.2,0", "static:0.4", 0.0};
    int runs, hits = against_milp(&v, 303, 30, &runs);
    assert_true(runs >= 25);
    assert_true(hits * 10 >= runs * 6);
}

static void test_milp_no_zero(void **state)
{
    (void)state;
    variant v = {"1,0.75,0.5,0.25", "quadratic", 0.1};
    int runs, hits = against_milp(&v, 404, 30, &runs);
    assert_true(runs >= 25);
    assert_true(hits * 10 >= runs * 6);
}

/* Larger random graphs (up to 16 tasks, E = 0.2): never above the sweep,
 * never above the base, the checker on every result. */
static void test_never_above_sweep(void **state)
{
    (void)state;
    uint64_t seed = 555;
    for (int t = 0; t < 60; t++) {
        size_t n = (size_t)rng_int(&seed, 2, MAXN);
        ecs_graph *g = random_graph(&seed, n, 10, rng_unit(&seed) * 0.5);
        int pes = (int)rng_int(&seed, 1, 8);
        ecs_platform p;
        platform(&p, pes, t % 3 ? "1,0.8,0.6,0.4,0.2,0" : "1,0.5",
                 t % 4 == 1 ? "static:0.3" : "quadratic");
        ecs_schedule *base = base_schedule(g, pes);
        long M = ecs_schedule_makespan(base), D = M + M / 5;
        double price[1024], sweep_cost;
        random_prices(&seed, price, D, t % 5 == 0 ? 0.4 : 0.0);
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
        ecs_graph *g = random_graph(&seed, MAXN, 9, 0.2);
        int pes = 2 + t % 3;
        ecs_platform p;
        platform(&p, pes, "1,0.8,0.6,0.4,0.2,0", "quadratic");
        ecs_schedule *base = base_schedule(g, pes);
        long M = ecs_schedule_makespan(base), D = M + M / 4;
        double price[1024];
        random_prices(&seed, price, D, 0.0);
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
    ecs_graph *g = random_graph(&seed, MAXN, 10, 0.2);
    ecs_platform p;
    platform(&p, 3, "1,0.8,0.6,0.4,0.2,0", "quadratic");
    ecs_schedule *base = base_schedule(g, 3);
    long M = ecs_schedule_makespan(base), D = M + M / 5;
    double price[1024];
    random_prices(&seed, price, D, 0.0);
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
    assert_int_equal(ecs_local_params_validate(NULL, &d), ECS_EINVAL);
    assert_string_equal(ecs_local_stop_name(ECS_LOCAL_CONVERGED), "converged");
    assert_string_equal(ecs_local_stop_name(ECS_LOCAL_TIME_LIMIT),
                        "time_limit");
}

static void test_bad_input(void **state)
{
    (void)state;
    long id[] = {1, 2}, work[] = {2, 1};
    ecs_edge e[] = {{0, 1, 0}};
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(2, id, work, NULL, 1, e, 0, &g, NULL),
                     ECS_OK);
    ecs_platform p;
    platform(&p, 1, "1,0.8,0.6,0.4,0.2,0", "quadratic");
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
    ecs_graph *gz = NULL;
    assert_int_equal(ecs_graph_build(2, id, zw, NULL, 1, e, 0, &gz, NULL),
                     ECS_OK);
    assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(gz, &p, price, 4, 4), start, &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "no work"));
    ecs_graph_free(gz);
    ecs_schedule_free(small);
    ecs_schedule_free(wrong);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_one_task),
        cmocka_unit_test(test_hand_spread_to_idle_pe),
        cmocka_unit_test(test_hand_chain),
        cmocka_unit_test(test_hand_static_no_zero),
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_milp_quadratic),
        cmocka_unit_test(test_milp_negative_prices),
        cmocka_unit_test(test_milp_static_power),
        cmocka_unit_test(test_milp_no_zero),
        cmocka_unit_test(test_never_above_sweep),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
