/*
 * Makespan at f = 1: list scheduling, lower bounds and the branch-and-bound
 * against hand-computed schedules, published optima and an independent
 * brute force on small random graphs.
 */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/listsched.h"
#include "ecsched/makespan.h"
#include "ecsched/platform.h"
#include "ecsched/schedule.h"
#include "ecsched/stg.h"

/* ---- helpers ---- */

static ecs_graph *build(size_t n, const long *work, size_t m,
                        const ecs_edge *e)
{
    long id[16];
    for (size_t i = 0; i < n; i++)
        id[i] = (long)i + 1;
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_graph_build(n, id, work, NULL, m, e, 0, &g, &d),
                     ECS_OK);
    return g;
}

/* The checker accepts s on pes PEs at f = 1; returns its makespan. */
static long checked_makespan(const ecs_graph *g, int pes, const ecs_schedule *s)
{
    ecs_platform p;
    ecs_diag d;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, pes, &d), ECS_OK);
    ecs_check_report r;
    size_t nprice = (size_t)ecs_schedule_makespan(s) + 1;
    double *price = calloc(nprice, sizeof *price);
    assert_non_null(price);
    ecs_result rc = ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, nprice, 0), s, &r, NULL);
    free(price);
    if (rc != ECS_OK)
        print_error("checker: %s\n", r.msg);
    assert_int_equal(rc, ECS_OK);
    for (size_t i = 0; i < g->n; i++) {
        assert_int_equal(s->task[i].stop - s->task[i].start + 1, g->work[i]);
        assert_int_equal(s->task[i].freq[0], 0);
    }
    return r.makespan;
}

static ecs_makespan_result solve_prm(const ecs_graph *g, int pes,
                                     const ecs_makespan_params *prm)
{
    ecs_makespan_result r;
    ecs_diag d;
    assert_int_equal(ecs_makespan_solve(g, pes, prm, &r, &d), ECS_OK);
    assert_non_null(r.schedule);
    assert_int_equal(checked_makespan(g, pes, r.schedule), r.makespan);
    assert_true(r.lower_bound <= r.makespan);
    assert_true(r.makespan <= r.list_makespan);
    if (r.optimal)
        assert_int_equal(r.lower_bound, r.makespan);
    return r;
}

static ecs_makespan_result solve(const ecs_graph *g, int pes, double limit,
                                 unsigned long long nodes)
{
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    prm.time_limit_s = limit;
    prm.node_limit = nodes;
    return solve_prm(g, pes, &prm);
}

/* ---- brute force: every semi-active schedule ---- */

/*
 * Every semi-active schedule arises from some sequence (a topological
 * order) and some PE per task, each task starting when its predecessors
 * are done and its PE is free.  Enumerate them all, cutting only partial
 * schedules that are already no better than the best (their makespan can
 * only grow) and PEs whose free time equals an earlier PE's (identical).
 */
typedef struct brute {
    const ecs_graph *g;
    int pes;
    long fin[16], pe_free[4];
    int done[16];
    long best;
} brute;

static void brute_dfs(brute *b, size_t ndone, long cur)
{
    if (cur >= b->best)
        return;
    if (ndone == b->g->n) {
        b->best = cur;
        return;
    }
    const ecs_graph *g = b->g;
    for (size_t v = 0; v < g->n; v++) {
        if (b->done[v])
            continue;
        long ready = 0;
        int ok = 1;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
            if (!b->done[g->pred[e]])
                ok = 0;
            else if (b->fin[g->pred[e]] > ready)
                ready = b->fin[g->pred[e]];
        }
        if (!ok)
            continue;
        for (int q = 0; q < b->pes; q++) {
            int twin = 0;
            for (int r = 0; r < q; r++)
                twin |= b->pe_free[r] == b->pe_free[q];
            if (twin)
                continue;
            long old = b->pe_free[q];
            long s = ready > old ? ready : old;
            b->fin[v] = s + g->work[v];
            b->pe_free[q] = b->fin[v];
            b->done[v] = 1;
            brute_dfs(b, ndone + 1, cur > b->fin[v] ? cur : b->fin[v]);
            b->done[v] = 0;
            b->pe_free[q] = old;
        }
    }
}

static long brute_force(const ecs_graph *g, int pes)
{
    brute b;
    memset(&b, 0, sizeof b);
    b.g = g;
    b.pes = pes;
    b.best = 1L << 40;
    brute_dfs(&b, 0, 0);
    return b.best;
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A random DAG on n tasks: edge i -> j (i < j) with probability pct %. */
static ecs_graph *random_graph(uint64_t *rng, size_t n, int pct, long wmax)
{
    long work[16];
    ecs_edge e[128];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        work[i] = 1 + (long)(rng_next(rng) % (uint64_t)wmax);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if ((int)(rng_next(rng) % 100) < pct) {
                e[m].from = i;
                e[m].to = j;
                e[m].comm = 0;
                m++;
            }
    return build(n, work, m, e);
}

static void test_brute_force_agrees(void **state)
{
    (void)state;
    uint64_t rng = 0x2545f4914f6cdd1dull;
    int cases = 0, nontrivial = 0;
    for (int round = 0; round < 240; round++) {
        size_t n = 1 + (size_t)(rng_next(&rng) % 8);
        int pes = 1 + (int)(rng_next(&rng) % 3);
        int pct = (int)(rng_next(&rng) % 50);
        ecs_graph *g = random_graph(&rng, n, pct, 6);
        long opt = brute_force(g, pes);
        /* default phases; tiny budgets so that the first run, the
         * restarts and the complete run all happen; the complete run only */
        ecs_makespan_params prm[3];
        for (int k = 0; k < 3; k++)
            ecs_makespan_params_init(&prm[k]);
        prm[1].first_nodes = 2;
        prm[1].restarts = 3;
        prm[1].restart_nodes = 2;
        prm[2].first_nodes = 0;
        prm[2].node_energetic = 0;
        ecs_makespan_result r;
        for (int k = 0; k < 3; k++) {
            r = solve_prm(g, pes, &prm[k]);
            if (r.makespan != opt || !r.optimal)
                print_error("round %d, params %d: n=%zu P=%d: B&B %ld "
                            "(optimal %d), brute force %ld\n",
                            round, k, n, pes, r.makespan, r.optimal, opt);
            assert_int_equal(r.makespan, opt);
            assert_true(r.optimal);
            if (k < 2)
                ecs_makespan_result_release(&r);
        }
        assert_true(ecs_makespan_lower_bound(g, pes) <= opt);
        ecs_schedule *ls = NULL;
        ecs_diag d;
        assert_int_equal(ecs_listsched_run(g, pes, &ls, &d), ECS_OK);
        long lm = checked_makespan(g, pes, ls);
        assert_int_equal(lm, r.list_makespan);
        assert_true(lm >= opt);
        nontrivial += lm > opt || ecs_makespan_lower_bound(g, pes) < opt;
        cases++;
        ecs_schedule_free(ls);
        ecs_makespan_result_release(&r);
        ecs_graph_free(g);
    }
    assert_int_equal(cases, 240);
    /* the sample must exercise the search, not only the root */
    assert_true(nontrivial >= 10);
}

/* ---- hand-computed cases ---- */

/*
 * a:1 -> d:3, b:2, c:2 on 2 PEs.  Bottom levels a 4, d 3, b 2, c 2.
 * t=0: a on one PE, b on the other; t=1: d (priority 3 over c's 2) runs
 * 1..3; t=2: c runs 2..3.  Makespan 4 (a FIFO order c-before-d gives 5).
 */
static void test_list_schedule_priority(void **state)
{
    (void)state;
    static const long w[] = {1, 2, 2, 3};
    static const ecs_edge e[] = {{0, 3, 0}};
    ecs_graph *g = build(4, w, 1, e);
    ecs_schedule *s = NULL;
    ecs_diag d;
    assert_int_equal(ecs_listsched_run(g, 2, &s, &d), ECS_OK);
    assert_int_equal(checked_makespan(g, 2, s), 4);
    assert_int_equal(s->task[0].start, 0);
    assert_int_equal(s->task[1].start, 0);
    assert_int_equal(s->task[3].start, 1);
    assert_int_equal(s->task[2].start, 2);
    ecs_schedule_free(s);
    assert_int_equal(ecs_listsched_run(g, 0, &s, &d), ECS_EINVAL);
    assert_null(s);
    ecs_graph_free(g);
}

/*
 * s:1 -> {a:2, b:2, c:2} -> t:1 on 2 PEs.  CP 4, ceil(8/2) = 4, but a, b,
 * c, t cannot start before 1 and hold 7 units: C >= 1 + ceil(7/2) = 5.
 * The optimum is 6 (two of a, b, c in 1..2, the third in 3..4, t at 5).
 */
static void test_lower_bound_fork_join(void **state)
{
    (void)state;
    static const long w[] = {1, 2, 2, 2, 1};
    static const ecs_edge e[] = {{0, 1, 0}, {0, 2, 0}, {0, 3, 0},
                                 {1, 4, 0}, {2, 4, 0}, {3, 4, 0}};
    ecs_graph *g = build(5, w, 6, e);
    assert_int_equal(ecs_graph_critical_path(g), 4);
    assert_int_equal(ecs_makespan_lower_bound(g, 2), 5);
    assert_int_equal(ecs_makespan_lower_bound(g, 3), 4);
    assert_int_equal(ecs_makespan_lower_bound(g, 1), 8);
    ecs_makespan_result r = solve(g, 2, 10.0, 0);
    assert_int_equal(r.makespan, 6);
    assert_int_equal(brute_force(g, 2), 6);
    assert_true(r.optimal);
    ecs_makespan_result_release(&r);
    ecs_graph_free(g);
}

static void test_bad_input(void **state)
{
    (void)state;
    static const long w[] = {1, 0};
    ecs_graph *g = build(2, w, 0, NULL);
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    assert_close(prm.time_limit_s, 10.0, 0);
    ecs_makespan_result r;
    ecs_diag d;
    assert_int_equal(ecs_makespan_solve(g, 2, &prm, &r, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "no work"));
    assert_null(r.schedule);
    ecs_schedule *s = NULL;
    assert_int_equal(ecs_listsched_run(g, 2, &s, &d), ECS_EINVAL);
    ecs_graph_free(g);
    static const long w1[] = {3};
    g = build(1, w1, 0, NULL);
    assert_int_equal(ecs_makespan_solve(g, 0, &prm, &r, &d), ECS_EINVAL);
    r = solve(g, 1, 10.0, 0);
    assert_int_equal(r.makespan, 3);
    ecs_makespan_result_release(&r);
    ecs_makespan_result_release(NULL);
    ecs_graph_free(g);
}

/*
 * 3,000 tasks, each with up to 3 predecessors among the 30 before it: the
 * list schedule and a short search both pass the checker and respect the
 * lower bound.
 */
static void test_large_graph(void **state)
{
    (void)state;
    size_t n = 3000;
    long *id = malloc(n * sizeof *id), *work = malloc(n * sizeof *work);
    ecs_edge *e = malloc(3 * n * sizeof *e);
    assert_true(id && work && e);
    uint64_t rng = 42;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        id[i] = (long)i + 1;
        work[i] = 1 + (long)(rng_next(&rng) % 10);
        size_t first = m;
        for (int k = 0; i > 0 && k < 3; k++) {
            size_t span = i < 30 ? i : 30;
            size_t p = i - 1 - (size_t)(rng_next(&rng) % span);
            int dup = 0;
            for (size_t x = first; x < m; x++)
                dup |= e[x].from == p;
            if (dup)
                continue;
            e[m].from = p;
            e[m].to = i;
            e[m].comm = 0;
            m++;
        }
    }
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_result rc = ecs_graph_build(n, id, work, NULL, m, e, 0, &g, &d);
    free(id);
    free(work);
    free(e);
    assert_int_equal(rc, ECS_OK);
    for (int pes = 2; pes <= 16; pes *= 2) {
        ecs_schedule *ls = NULL;
        assert_int_equal(ecs_listsched_run(g, pes, &ls, &d), ECS_OK);
        long lm = checked_makespan(g, pes, ls);
        assert_true(lm >= ecs_makespan_lower_bound(g, pes));
        ecs_schedule_free(ls);
        ecs_makespan_result r = solve(g, pes, 0.2, 0);
        assert_int_equal(r.list_makespan, lm);
        assert_true(r.lower_bound >= ecs_makespan_lower_bound(g, pes));
        ecs_makespan_result_release(&r);
    }
    ecs_graph_free(g);
}

/* ---- published optima ---- */

static ecs_graph *load_stg(const char *path)
{
    ecs_graph *raw = NULL, *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_stg_read_file(path, ECS_STG_AUTO, &raw, &d), ECS_OK);
    assert_int_equal(ecs_graph_contract(raw, &g, &d), ECS_OK);
    ecs_graph_free(raw);
    return g;
}

/* data/stg/rand0000.stg: published optima 131 (P=2), 66 (P=4), 55 (P=8);
 * its header gives CP length 55. */
static void test_bundled_optima(void **state)
{
    (void)state;
    ecs_graph *g = load_stg("data/stg/rand0000.stg");
    assert_int_equal(ecs_graph_critical_path(g), 55);
    static const int pes[] = {2, 4, 8};
    static const long opt[] = {131, 66, 55};
    for (int k = 0; k < 3; k++) {
        ecs_schedule *ls = NULL;
        ecs_diag d;
        assert_int_equal(ecs_listsched_run(g, pes[k], &ls, &d), ECS_OK);
        assert_true(checked_makespan(g, pes[k], ls) >= opt[k]);
        ecs_schedule_free(ls);
        ecs_makespan_result r = solve(g, pes[k], 10.0, 0);
        assert_int_equal(r.makespan, opt[k]);
        assert_true(r.optimal);
        assert_true(ecs_makespan_lower_bound(g, pes[k]) <= opt[k]);
        ecs_makespan_result_release(&r);
    }
    ecs_graph_free(g);
}

static void count_progress(void *ctx, const ecs_progress *p)
{
    int *calls = ctx;
    (*calls)++;
    assert_true(p->bound <= 132);
    assert_true(p->cost >= 132);
    assert_true(p->nodes > 0);
}

/*
 * 100/rand0003.stg on 4 PEs: published optimum 132, list schedule 133, so
 * the search must run.  A node limit stops it unproven; without limits it
 * proves 132, reporting progress on the way.
 */
static void test_limits(void **state)
{
    (void)state;
    const char *dir = test_shared_data();
    SKIP_WITHOUT_SHARED_DATA(dir);
    char path[1024];
    snprintf(path, sizeof path, "%s/stg/100/rand0003.stg", dir);
    ecs_graph *g = load_stg(path);
    ecs_makespan_result r = solve(g, 4, 10.0, 50);
    assert_false(r.optimal);
    assert_true(r.nodes <= 50);
    assert_true(r.makespan >= 132);
    assert_true(r.lower_bound <= 132);
    ecs_makespan_result_release(&r);
    /* progress reports during a complete search */
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    int calls = 0;
    prm.progress = count_progress;
    prm.progress_ctx = &calls;
    prm.progress_every_s = 1e-9;
    r = solve_prm(g, 4, &prm);
    assert_true(r.optimal);
    assert_int_equal(r.makespan, 132);
    assert_true(r.nodes >= 256);
    assert_true(calls > 0);
    ecs_makespan_result_release(&r);
    prm.progress_every_s = 0;
    ecs_diag d;
    assert_int_equal(ecs_makespan_solve(g, 4, &prm, &r, &d), ECS_EINVAL);
    r = solve(g, 4, 0.0, 0);
    assert_int_equal(r.nodes, 0);
    assert_int_equal(r.makespan, r.list_makespan);
    assert_true(r.makespan >= 132);
    ecs_makespan_result_release(&r);
    ecs_graph_free(g);
}

static void test_params_validate(void **state)
{
    (void)state;
    ecs_makespan_params p;
    ecs_makespan_params_init(&p);
    assert_int_equal(ecs_makespan_params_validate(&p, NULL), ECS_OK);
    p.restarts = -1;
    assert_int_equal(ecs_makespan_params_validate(&p, NULL), ECS_EINVAL);
    ecs_makespan_params_init(&p);
    p.time_limit_s = NAN;
    assert_int_equal(ecs_makespan_params_validate(&p, NULL), ECS_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params_validate),
        cmocka_unit_test(test_list_schedule_priority),
        cmocka_unit_test(test_lower_bound_fork_join),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_brute_force_agrees),
        cmocka_unit_test(test_large_graph),
        cmocka_unit_test(test_bundled_optima),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
