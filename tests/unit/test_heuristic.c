/*
 * The budget heuristic (heuristic.h): hand-computed cases of 3 to 5 tasks
 * (the derivations are in the comments), negative prices, the fall-back,
 * parameters, and the guarantees over the shared STG graphs.
 *
 * Notation: F = {1, .8, .6, .4, .2, 0} (grid 5) unless a case says
 * otherwise; quadratic power f^2; "per" is the slot budget b / D'; "rem_l"
 * the remaining budget of slot l; need is the work left.
 */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/heuristic.h"
#include "ecsched/makespan.h"
#include "ecsched/numparse.h"
#include "ecsched/prices.h"
#include "ecsched/stg.h"

#include <dirent.h>

/* ---- helpers ---- */

typedef struct hcase {
    ecs_graph *g;
    ecs_platform p;
    ecs_schedule *base;
} hcase;

/* Tasks with ids 1..n and the given work; edges as (from id, to id). */
static void build(hcase *c, size_t n, const long *work, size_t m,
                  const long (*edge)[2], int pes, const char *freqs)
{
    long id[8];
    ecs_edge e[16];
    for (size_t i = 0; i < n; i++)
        id[i] = (long)i + 1;
    for (size_t k = 0; k < m; k++) {
        e[k].from = (size_t)edge[k][0] - 1;
        e[k].to = (size_t)edge[k][1] - 1;
        e[k].comm = 0;
    }
    ecs_diag d;
    assert_int_equal(ecs_graph_build(n, id, work, NULL, m, e, 0, &c->g, &d),
                     ECS_OK);
    ecs_platform_init(&c->p);
    assert_int_equal(ecs_platform_set_pes(&c->p, pes, &d), ECS_OK);
    if (freqs)
        assert_int_equal(ecs_platform_set_freqs(&c->p, freqs, &d), ECS_OK);
    c->base = ecs_schedule_new(n);
    assert_non_null(c->base);
}

/* Base placement of task id at f = 1. */
static void base_at(hcase *c, long id, int pe, long start)
{
    size_t i = (size_t)id - 1;
    assert_int_equal(ecs_schedule_place(c->base, i, pe, start,
                                        start + c->g->work[i] - 1, NULL, 0),
                     ECS_OK);
}

static void hcase_free(hcase *c)
{
    ecs_schedule_free(c->base);
    ecs_graph_free(c->g);
}

/* Task id is on pe over [start, stop] with these frequencies. */
static void expect_task(const hcase *c, const ecs_schedule *s, long id, int pe,
                        long start, long stop, const double *f)
{
    const ecs_sched_task *t = &s->task[id - 1];
    if (t->pe != pe || t->start != start || t->stop != stop) {
        print_error("task %ld: got pe %d [%ld, %ld], want pe %d [%ld, %ld]\n",
                    id, t->pe, t->start, t->stop, pe, start, stop);
        fail();
    }
    for (long l = start; l <= stop; l++)
        assert_close(c->p.freq[t->freq[l - start]], f[l - start], 1e-12);
}

/* The checker accepts s with deadline D' and its cost is `cost`. */
static void expect_checked(const hcase *c, const double *price, size_t np,
                           long deadline, const ecs_schedule *s, double cost)
{
    ecs_check_report r;
    ecs_result rc = ecs_check_schedule(ECS_INSTANCE_BORROW(c->g, &c->p, price, np, deadline), s, &r, NULL);
    if (rc != ECS_OK)
        print_error("checker: %s\n", r.msg);
    assert_int_equal(rc, ECS_OK);
    assert_close(r.cost, cost, 1e-9);
}

static void run_mode(const hcase *c, const double *price, size_t np,
                     long deadline, ecs_heur_mode mode, long steps,
                     ecs_heur_result *r)
{
    ecs_heur_params prm;
    ecs_heur_params_init(&prm);
    prm.mode = mode;
    prm.steps = steps;
    ecs_diag d;
    ecs_result rc = ecs_heur_run(ECS_INSTANCE_BORROW(c->g, &c->p, price, np, deadline), c->base,
                                 &prm, r, &d);
    if (rc != ECS_OK)
        print_error("ecs_heur_run: %s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
}

/* ---- case 1: three tasks, two PEs, flat prices ----
 *
 * Tasks 1 (work 2), 2 (work 1), 3 (work 1); edges 1->3, 2->3.  Base at
 * f = 1: task 1 on PE 0 in slots 0-1, task 2 on PE 1 in slot 0, task 3 on
 * PE 1 in slot 2; M = 3.  D' = 4, prices (1, 1, 1, 1).
 * Cm = 4 (four work units at power 1), C+ = 4, B = 2 * 4 = 8.
 * Order: 1 (start 0, PE 0), 2 (start 0, PE 1), 3 (start 2).
 *
 * Sweep, I = 4: b = 2, 4, 6, 8; per = 0.5, 1, 1.5, 2.
 * b = 2 (per .5):  task 1: slot 0 need 2 > 1 unit: highest f^2 <= .5 is .6
 *   (.36), rem_0 .14; slot 1 .6 again; slot 2 need .4: f_suff .8 costs .64
 *   > .5, so .6 (need .2 left); slot 3 f_suff .2 (.04) -> slots 0..3.
 *   Task 2: slot 0 rem .14: f_suff 1 no, .4 (.16) no, .2 yes; the same in
 *   slots 1, 2 (f_suff .8, .6 unaffordable); slot 3 rem .46: f_suff .4 ->
 *   slots 0..3.  Task 3 would start in slot 4 = D': infeasible.
 * b = 4 (per 1):  task 1: slot 0 f = 1 (rem_0 = 0), slot 1 f_suff 1.
 *   Task 2: slots 0, 1 have rem 0: only f = 0 (waits in place); slot 2
 *   f_suff 1 -> slots 0..2 at (0, 0, 1).  Task 3: after task 2 -> slot 3,
 *   f_suff 1.  Cost 4, makespan 4.
 * b = 6 (per 1.5):  task 1: (1, 1), rem .5, .5.  Task 2: slot 0: f_suff 1
 *   costs 1 > .5, highest .6 (.36), need .4; slot 1: f_suff .4 (.16) ->
 *   slots 0..1 at (.6, .4).  Task 3: slot 2 at f_suff 1.  Cost 2 + .36 +
 *   .16 + 1 = 3.52, makespan 3.
 * b = 8 (per 2):  everything at f = 1 as in the base: cost 4.
 * Sweep wins with b = 6, cost 3.52.
 *
 * Binary: lo 0, hi 8, stop when hi - lo < .008.  b = 4 feasible (cost 4),
 * hi = 4; every b < 4 is infeasible: per < 1 keeps task 1 below f = 1 in
 * slot 0, so it needs three slots, task 3 starts in slot 3 and must finish
 * there at f = 1, which costs 1 > per.  Candidates 4, 2, 3, 3.5, ...:
 * widths 4, 2, 1, .5, .25, .125, .0625, .03125, .015625, .0078125 -> 10
 * candidates, 1 feasible; cost 4 = Cm is kept (not more than the base).
 */
static void case1(hcase *c)
{
    static const long work[] = {2, 1, 1};
    static const long edges[][2] = {{1, 3}, {2, 3}};
    build(c, 3, work, 2, edges, 2, NULL);
    base_at(c, 1, 0, 0);
    base_at(c, 2, 1, 0);
    base_at(c, 3, 1, 2);
}

static const double flat4[] = {1, 1, 1, 1};

static void test_case1_map(void **state)
{
    (void)state;
    hcase c;
    case1(&c);
    ecs_schedule *s = ecs_schedule_new(3);
    int feasible = -1;
    ecs_diag d;
    assert_int_equal(ecs_heur_map(ECS_INSTANCE_BORROW(c.g, &c.p, flat4, 4, 4), c.base, 4.0, s,
                                  &feasible, &d), ECS_OK);
    assert_int_equal(feasible, 1);
    expect_task(&c, s, 1, 0, 0, 1, (const double[]){1, 1});
    expect_task(&c, s, 2, 1, 0, 2, (const double[]){0, 0, 1});
    expect_task(&c, s, 3, 1, 3, 3, (const double[]){1});
    expect_checked(&c, flat4, 4, 4, s, 4.0);

    assert_int_equal(ecs_heur_map(ECS_INSTANCE_BORROW(c.g, &c.p, flat4, 4, 4), c.base, 2.0, s,
                                  &feasible, &d), ECS_OK);
    assert_int_equal(feasible, 0);
    expect_task(&c, s, 1, 0, 0, 3, (const double[]){.6, .6, .6, .2});
    expect_task(&c, s, 2, 1, 0, 3, (const double[]){.2, .2, .2, .4});
    assert_int_equal(s->task[2].pe, -1); /* task 3 not placed */

    double range = 0;
    assert_int_equal(ecs_heur_budget_range(ECS_INSTANCE_BORROW(c.g, &c.p, flat4, 4, 4), c.base,
                                           2.0, &range, &d), ECS_OK);
    assert_close(range, 8.0, 0);
    ecs_schedule_free(s);
    hcase_free(&c);
}

static void test_case1_sweep(void **state)
{
    (void)state;
    hcase c;
    case1(&c);
    ecs_heur_result r;
    run_mode(&c, flat4, 4, 4, ECS_HEUR_SWEEP, 4, &r);
    assert_int_equal(r.ncand, 4);
    assert_int_equal(r.nfeasible, 3);
    const double want_b[] = {2, 4, 6, 8};
    const int want_f[] = {0, 1, 1, 1};
    const double want_c[] = {0, 4, 3.52, 4};
    for (size_t k = 0; k < 4; k++) {
        assert_close(r.cand[k].budget, want_b[k], 0);
        assert_int_equal(r.cand[k].feasible, want_f[k]);
        if (want_f[k])
            assert_close(r.cand[k].cost, want_c[k], 1e-12);
    }
    assert_close(r.base_cost, 4.0, 1e-12);
    assert_close(r.range, 8.0, 0);
    assert_int_equal(r.fallback, 0);
    assert_close(r.budget, 6.0, 0);
    assert_close(r.cost, 3.52, 1e-12);
    assert_int_equal(r.makespan, 3);
    expect_task(&c, r.schedule, 1, 0, 0, 1, (const double[]){1, 1});
    expect_task(&c, r.schedule, 2, 1, 0, 1, (const double[]){.6, .4});
    expect_task(&c, r.schedule, 3, 1, 2, 2, (const double[]){1});
    expect_checked(&c, flat4, 4, 4, r.schedule, r.cost);
    ecs_heur_result_release(&r);
    hcase_free(&c);
}

static void test_case1_binary(void **state)
{
    (void)state;
    hcase c;
    case1(&c);
    ecs_heur_result r;
    run_mode(&c, flat4, 4, 4, ECS_HEUR_BINARY, 100, &r);
    assert_int_equal(r.ncand, 10);
    assert_int_equal(r.nfeasible, 1);
    const double want_b[] = {4, 2, 3, 3.5, 3.75};
    for (size_t k = 0; k < 5; k++)
        assert_close(r.cand[k].budget, want_b[k], 0);
    assert_int_equal(r.fallback, 0);
    assert_close(r.budget, 4.0, 0);
    assert_close(r.cost, 4.0, 1e-12);
    expect_task(&c, r.schedule, 2, 1, 0, 2, (const double[]){0, 0, 1});
    expect_checked(&c, flat4, 4, 4, r.schedule, r.cost);
    ecs_heur_result_release(&r);
    hcase_free(&c);
}

/* ---- case 2: five tasks, F = {1, .5, 0}, a price peak ----
 *
 * F = {1, .5, 0}: grid 2, power 1, .25, 0.  Tasks 1 (w 1), 2 (w 2), 3 (w 1),
 * 4 (w 1), 5 (w 1); edges 1->3, 1->4, 2->5, 3->5, 4->5.  Base: 1 on PE 0
 * slot 0, 2 on PE 1 slots 0-1, 3 on PE 0 slot 1, 4 on PE 0 slot 2, 5 on
 * PE 1 slot 3; M = 4.  D' = 6, prices (1, 1, 4, 1, 1, 1).
 * Cm = 1 + 2 + 1 + 4 + 1 = 9, B = 18.  Order 1, 2, 3, 4, 5.
 *
 * Sweep, I = 6: b = 3i, per = .5i.
 * b = 3 (per .5): 1: slot 0 f_suff 1 no, .5 (rem .25); slot 1 f_suff .5
 *   -> 0..1.  2: slots 0, 1 at .5 (rem 0, 0); slot 2 (price 4): .5 costs 1
 *   -> waits; slots 3, 4 at .5 -> 0..4.  3 starts at 2: waits, then .5, .5
 *   in slots 3, 4 -> 2..4.  4 starts at 5, .5 only: needs slot 6: infeasible.
 * b = 6 (per 1): 1: slot 0 f_suff 1 (rem 0).  2: waits in slot 0; slot 1 at
 *   1; slot 2: .5 costs 1 <= 1; slot 3 f_suff .5 -> 0..3.  3 starts at 1:
 *   waits in 1, 2 (rem 0); slot 3 (rem .75): .5; slot 4 f_suff .5 -> 1..4.
 *   4 in slot 5; 5 would start at 6: infeasible.
 * b = 9 (per 1.5): 1: slot 0 at 1 (rem .5).  2: slot 0 .5 (rem .25), slot
 *   1 at 1 (rem .5), slot 2 f_suff .5 costs 1 <= 1.5 -> 0..2 at
 *   (.5, 1, .5).  3: slot 1 (rem .5): .5 (rem .25); slot 2 (rem .5): .5
 *   costs 1 -> waits; slot 3 f_suff .5 -> 1..3 at (.5, 0, .5).  4: slot 4
 *   at 1.  5: after 4 -> slot 5 at 1.  Cost 1 + 2.25 + .5 + 1 + 1 = 5.75.
 * b = 12 (per 2): 1 at 1 (rem 1); 2: slot 0 at 1 (rem 0), slot 1 at 1; 3:
 *   slot 1 (rem 1) at 1; 4: slot 2 (price 4): .5 (cost 1), slot 3 .5; 5:
 *   slot 4 at 1.  Cost 1 + 2 + 1 + 1.25 + 1 = 6.25.  b = 15, 18: the same
 *   (4 at f = 1 in slot 2 costs 4 > 2.5, 3).
 * Sweep wins with b = 9, cost 5.75, makespan 6.
 *
 * Binary (hi - lo < .018): 9 feasible (5.75, hi 9); 4.5 (per .75) as b = 3:
 * 4 runs out of slots; 6.75 (per 1.125): as b = 6, 5 runs out; 7.875 (per
 * 1.3125): as b = 9, cost 5.75 (a tie: b = 9 stays); then 7.3125, 7.59375,
 * 7.453125, 7.5234375, 7.48828125, 7.505859375.  Feasible iff per >= 1.25
 * (task 2 needs .25 left in slot 0 after task 1), i.e. b >= 7.5, each
 * feasible one costs 5.75.  10 candidates, 5 feasible; b = 9 wins.
 */
static void case2(hcase *c)
{
    static const long work[] = {1, 2, 1, 1, 1};
    static const long edges[][2] = {{1, 3}, {1, 4}, {2, 5}, {3, 5}, {4, 5}};
    build(c, 5, work, 5, edges, 2, "1,0.5,0");
    base_at(c, 1, 0, 0);
    base_at(c, 2, 1, 0);
    base_at(c, 3, 0, 1);
    base_at(c, 4, 0, 2);
    base_at(c, 5, 1, 3);
}

static const double peak6[] = {1, 1, 4, 1, 1, 1};

static void test_case2_sweep(void **state)
{
    (void)state;
    hcase c;
    case2(&c);
    ecs_heur_result r;
    run_mode(&c, peak6, 6, 6, ECS_HEUR_SWEEP, 6, &r);
    const int want_f[] = {0, 0, 1, 1, 1, 1};
    const double want_c[] = {0, 0, 5.75, 6.25, 6.25, 6.25};
    assert_int_equal(r.ncand, 6);
    for (size_t k = 0; k < 6; k++) {
        assert_close(r.cand[k].budget, 3.0 * (double)(k + 1), 0);
        assert_int_equal(r.cand[k].feasible, want_f[k]);
        if (want_f[k])
            assert_close(r.cand[k].cost, want_c[k], 1e-12);
    }
    assert_close(r.base_cost, 9.0, 0);
    assert_close(r.budget, 9.0, 0);
    assert_close(r.cost, 5.75, 0);
    assert_int_equal(r.makespan, 6);
    expect_task(&c, r.schedule, 1, 0, 0, 0, (const double[]){1});
    expect_task(&c, r.schedule, 2, 1, 0, 2, (const double[]){.5, 1, .5});
    expect_task(&c, r.schedule, 3, 0, 1, 3, (const double[]){.5, 0, .5});
    expect_task(&c, r.schedule, 4, 0, 4, 4, (const double[]){1});
    expect_task(&c, r.schedule, 5, 1, 5, 5, (const double[]){1});
    expect_checked(&c, peak6, 6, 6, r.schedule, 5.75);

    /* b = 6: task 5 runs out of slots; the others as derived above */
    ecs_schedule *s = ecs_schedule_new(5);
    int feasible = -1;
    ecs_diag d;
    assert_int_equal(ecs_heur_map(ECS_INSTANCE_BORROW(c.g, &c.p, peak6, 6, 6), c.base, 6.0, s,
                                  &feasible, &d), ECS_OK);
    assert_int_equal(feasible, 0);
    expect_task(&c, s, 2, 1, 0, 3, (const double[]){0, 1, .5, .5});
    expect_task(&c, s, 3, 0, 1, 4, (const double[]){0, 0, .5, .5});
    expect_task(&c, s, 4, 0, 5, 5, (const double[]){1});
    assert_int_equal(s->task[4].pe, -1);
    ecs_schedule_free(s);
    ecs_heur_result_release(&r);
    hcase_free(&c);
}

static void test_case2_binary(void **state)
{
    (void)state;
    hcase c;
    case2(&c);
    ecs_heur_result r;
    run_mode(&c, peak6, 6, 6, ECS_HEUR_BINARY, 100, &r);
    const double want_b[] = {9, 4.5, 6.75, 7.875, 7.3125, 7.59375, 7.453125,
                             7.5234375, 7.48828125, 7.505859375};
    const int want_f[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 1};
    assert_int_equal(r.ncand, 10);
    assert_int_equal(r.nfeasible, 5);
    for (size_t k = 0; k < 10; k++) {
        assert_close(r.cand[k].budget, want_b[k], 0);
        assert_int_equal(r.cand[k].feasible, want_f[k]);
        if (want_f[k])
            assert_close(r.cand[k].cost, 5.75, 0);
    }
    assert_close(r.budget, 9.0, 0);
    assert_close(r.cost, 5.75, 0);
    expect_task(&c, r.schedule, 3, 0, 1, 3, (const double[]){.5, 0, .5});
    expect_checked(&c, peak6, 6, 6, r.schedule, 5.75);
    ecs_heur_result_release(&r);
    hcase_free(&c);
}

/* ---- case 3: negative prices ----
 *
 * Tasks a = 1 (w 2), b = 2 (w 1), c = 3 (w 1); edges 1->3, 2->3.  Base: 1 on
 * PE 0 slots 0-1, 2 on PE 1 slot 0, 3 on PE 0 slot 2; M = 3.  D' = 4,
 * prices (2, -1, 1, 1).  Cm = (2 - 1) + 2 + 1 = 4; C+ = (2 + 1) + 2 + 1 = 6,
 * B = 12.  Sweep, I = 3: b = 4, 8, 12; per 1, 2, 3.
 * b = 4 (per 1): 1: slot 0: 2 f^2 <= 1 -> .6 (cost .72, rem .28); slot 1
 *   (price -1): f = 1 costs -1 <= 1: rem becomes 2; slot 2: need .4, f_suff
 *   .4 (.16) -> 0..2 at (.6, 1, .4).  2: slot 0 (rem .28): 1 costs 2, .4
 *   costs .32, .2 costs .08 -> .2 (need .8); slot 1 (rem 2): f_suff .8
 *   costs -.64 -> 0..1 at (.2, .8) (the paper's f_suff, though f = 1 would
 *   earn more).  3: slot 3 at 1.  Cost (.72 - 1 + .16) + (.08 - .64) + 1
 *   = .32.
 * b = 8 (per 2): 1 at (1, 1) (rem 0, 3); 2 waits in slot 0, slot 1 f_suff 1
 *   (cost -1); 3 in slot 2 at 1.  Cost 1 - 1 + 1 = 1.
 * b = 12 (per 3): 1 at (1, 1) (rem 1, 4); 2: slot 0: .6 (.72), slot 1
 *   f_suff .4 (-.16); 3 in slot 2.  Cost 1 + .56 + 1 = 2.56.
 * Sweep wins with b = 4, cost .32 (saving 92 %).
 */
static void case3(hcase *c)
{
    static const long work[] = {2, 1, 1};
    static const long edges[][2] = {{1, 3}, {2, 3}};
    build(c, 3, work, 2, edges, 2, NULL);
    base_at(c, 1, 0, 0);
    base_at(c, 2, 1, 0);
    base_at(c, 3, 0, 2);
}

static void test_negative_prices(void **state)
{
    (void)state;
    static const double price[] = {2, -1, 1, 1};
    hcase c;
    case3(&c);
    ecs_heur_result r;
    run_mode(&c, price, 4, 4, ECS_HEUR_SWEEP, 3, &r);
    assert_close(r.base_cost, 4.0, 1e-12);
    assert_close(r.range, 12.0, 1e-12);
    assert_int_equal(r.nfeasible, 3);
    assert_close(r.cand[0].cost, 0.32, 1e-12);
    assert_close(r.cand[1].cost, 1.0, 1e-12);
    assert_close(r.cand[2].cost, 2.56, 1e-12);
    assert_close(r.budget, 4.0, 1e-12);
    assert_close(r.cost, 0.32, 1e-12);
    expect_task(&c, r.schedule, 1, 0, 0, 2, (const double[]){.6, 1, .4});
    expect_task(&c, r.schedule, 2, 1, 0, 1, (const double[]){.2, .8});
    expect_task(&c, r.schedule, 3, 0, 3, 3, (const double[]){1});
    expect_checked(&c, price, 4, 4, r.schedule, 0.32);
    ecs_heur_result_release(&r);

    /* Binary on the same case: every candidate must keep the guarantees. */
    run_mode(&c, price, 4, 4, ECS_HEUR_BINARY, 100, &r);
    assert_true(r.cost <= r.base_cost);
    expect_checked(&c, price, 4, 4, r.schedule, r.cost);
    ecs_heur_result_release(&r);
    hcase_free(&c);
}

/* All prices negative: Cm = -4 < 0, C+ = 4, B = 8 > 0.  Every frequency is
 * affordable everywhere (cost <= 0 <= rem), so every candidate is the base
 * itself (f = 1, f_suff = 1): cost -4, not more than the base. */
static void test_all_negative(void **state)
{
    (void)state;
    static const double price[] = {-1, -1, -1, -1};
    hcase c;
    case3(&c);
    ecs_heur_result r;
    run_mode(&c, price, 4, 4, ECS_HEUR_SWEEP, 10, &r);
    assert_close(r.base_cost, -4.0, 1e-12);
    assert_close(r.range, 8.0, 1e-12);
    assert_int_equal(r.nfeasible, 10);
    assert_int_equal(r.fallback, 0);
    assert_close(r.cost, -4.0, 1e-12);
    assert_close(r.budget, 0.8, 1e-12); /* the first of equal costs */
    expect_task(&c, r.schedule, 1, 0, 0, 1, (const double[]){1, 1});
    expect_checked(&c, price, 4, 4, r.schedule, -4.0);
    ecs_heur_result_release(&r);
    hcase_free(&c);
}

/* All prices 0: C+ = 0 and P * power(1) * sum |r| = 0, so B = 0 and the one
 * candidate b = 0 is tried: every f costs 0 <= 0, the mapping is the base
 * at cost 0. */
static void test_zero_prices(void **state)
{
    (void)state;
    static const double price[] = {0, 0, 0, 0, 0};
    hcase c;
    case3(&c);
    ecs_heur_mode modes[] = {ECS_HEUR_SWEEP, ECS_HEUR_BINARY};
    for (size_t k = 0; k < 2; k++) {
        ecs_heur_result r;
        run_mode(&c, price, 5, 5, modes[k], 100, &r);
        assert_close(r.range, 0.0, 0);
        assert_int_equal(r.ncand, 1);
        assert_int_equal(r.nfeasible, 1);
        assert_close(r.cost, 0.0, 0);
        assert_int_equal(r.makespan, 3);
        expect_checked(&c, price, 5, 5, r.schedule, 0.0);
        ecs_heur_result_release(&r);
    }
    hcase_free(&c);
}

/* ---- case 4: the fall-back ----
 *
 * One task (work 1); the user's base runs it in slot 1 (slot 0 idle).
 * D' = 2, prices (10, 1): Cm = 1, B = 2, per = b / 2 <= 1.  The mapper
 * starts in slot 0 (the first free slot): 10 f^2 <= per allows at most .2
 * (cost .4, needs per >= .4), so slot 1 must do the remaining .8 (f_suff .8,
 * .64 <= per) or more.  Feasible budgets (per >= .64) all map (.2, .8) at
 * cost .4 + .64 = 1.04 > Cm = 1; lower ones run out of slots.  No candidate
 * beats the base: the result is the base itself (fallback, budget NaN).
 */
static void test_fallback(void **state)
{
    (void)state;
    static const double price[] = {10, 1};
    static const long work[] = {1};
    hcase c;
    build(&c, 1, work, 0, NULL, 1, NULL);
    base_at(&c, 1, 0, 1);
    ecs_heur_result r;
    run_mode(&c, price, 2, 2, ECS_HEUR_SWEEP, 100, &r);
    assert_true(r.nfeasible >= 1);
    for (size_t k = 0; k < r.ncand; k++)
        if (r.cand[k].feasible)
            assert_close(r.cand[k].cost, 1.04, 1e-12);
    assert_int_equal(r.fallback, 1);
    assert_true(isnan(r.budget));
    assert_close(r.cost, 1.0, 0);
    expect_task(&c, r.schedule, 1, 0, 1, 1, (const double[]){1});
    expect_checked(&c, price, 2, 2, r.schedule, 1.0);
    ecs_heur_result_release(&r);
    hcase_free(&c);
}

/* Without 0 in F a task cannot wait: case 1 with F = {1, .5} at b = 4 (per
 * 1): task 2 finds rem 0 in slot 0 where .5 costs .25: infeasible.  The
 * sweep still returns a schedule (b = 8: the base itself, cost 4). */
static void test_no_zero_frequency(void **state)
{
    (void)state;
    static const long work[] = {2, 1, 1};
    static const long edges[][2] = {{1, 3}, {2, 3}};
    hcase c;
    build(&c, 3, work, 2, edges, 2, "1,0.5");
    base_at(&c, 1, 0, 0);
    base_at(&c, 2, 1, 0);
    base_at(&c, 3, 1, 2);
    ecs_schedule *s = ecs_schedule_new(3);
    int feasible = -1;
    ecs_diag d;
    assert_int_equal(ecs_heur_map(ECS_INSTANCE_BORROW(c.g, &c.p, flat4, 4, 4), c.base, 4.0, s,
                                  &feasible, &d), ECS_OK);
    assert_int_equal(feasible, 0);
    ecs_heur_result r;
    run_mode(&c, flat4, 4, 4, ECS_HEUR_SWEEP, 4, &r);
    assert_true(r.cost <= 4.0);
    expect_checked(&c, flat4, 4, 4, r.schedule, r.cost);
    ecs_heur_result_release(&r);
    ecs_schedule_free(s);
    hcase_free(&c);
}

/* ---- input checks and parameters ---- */

static void test_bad_inputs(void **state)
{
    (void)state;
    hcase c;
    case1(&c);
    ecs_heur_params prm;
    ecs_heur_params_init(&prm);
    ecs_heur_result r;
    ecs_diag d;
    /* D' = 2 < M = 3 */
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(c.g, &c.p, flat4, 4, 2), c.base, &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "below the base makespan M = 3"));
    /* too few prices */
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(c.g, &c.p, flat4, 3, 4), c.base, &prm, &r, &d),
                     ECS_EINVAL);
    /* a price that is not a number */
    double bad[] = {1, NAN, 1, 1};
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(c.g, &c.p, bad, 4, 4), c.base, &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "slot 1"));
    /* a base that breaks precedence */
    ecs_schedule_place(c.base, 2, 1, 1, 1, NULL, 0);
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(c.g, &c.p, flat4, 4, 4), c.base, &prm, &r, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "base schedule is not feasible"));
    ecs_heur_result_release(&r); /* empty after an error */
    hcase_free(&c);
}

static void test_params(void **state)
{
    (void)state;
    ecs_heur_params prm;
    ecs_diag d;
    ecs_heur_params_init(&prm);
    assert_int_equal(prm.mode, ECS_HEUR_SWEEP);
    assert_int_equal(prm.steps, 100);
    assert_close(prm.sigma, 2.0, 0);
    assert_close(prm.rel_tol, 1e-3, 0);
    assert_int_equal(prm.max_bisections, 64);
    assert_int_equal(ecs_heur_params_validate(&prm, &d), ECS_OK);
    prm.steps = 0;
    assert_int_equal(ecs_heur_params_validate(&prm, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "steps"));
    ecs_heur_params_init(&prm);
    prm.sigma = 0;
    assert_int_equal(ecs_heur_params_validate(&prm, &d), ECS_EINVAL);
    prm.sigma = NAN;
    assert_int_equal(ecs_heur_params_validate(&prm, &d), ECS_EINVAL);
    ecs_heur_params_init(&prm);
    prm.rel_tol = 1.0;
    assert_int_equal(ecs_heur_params_validate(&prm, &d), ECS_EINVAL);
    ecs_heur_params_init(&prm);
    prm.max_bisections = 0;
    assert_int_equal(ecs_heur_params_validate(&prm, &d), ECS_EINVAL);
    ecs_heur_mode m;
    assert_int_equal(ecs_heur_mode_parse("binary", &m, &d), ECS_OK);
    assert_int_equal(m, ECS_HEUR_BINARY);
    assert_int_equal(ecs_heur_mode_parse("sweep", &m, NULL), ECS_OK);
    assert_int_equal(m, ECS_HEUR_SWEEP);
    assert_int_equal(ecs_heur_mode_parse("Sweep", &m, &d), ECS_EINVAL);
    assert_int_equal(m, ECS_HEUR_SWEEP); /* untouched */
    assert_string_equal(d.msg,
                        "unknown heuristic mode 'Sweep' (sweep or binary)");
    assert_int_equal(ecs_heur_mode_parse(NULL, &m, NULL), ECS_EINVAL);
    assert_string_equal(ecs_heur_mode_name(ECS_HEUR_BINARY), "binary");
    assert_string_equal(ecs_heur_mode_name(ECS_HEUR_SWEEP), "sweep");
}

/* ---- consistency on the bundled graph (data/stg/rand0000.stg) ----
 *
 * Every candidate of a sweep is what ecs_heur_map gives at the same budget
 * (feasibility, and the checker's cost of the mapping), the winner is that
 * mapping, and with a huge budget under flat prices every task runs at
 * f = 1 as early as the base order allows: cost = Cm, makespan <= M.
 */
static double *gen_prices(size_t n, int q);

static void load_bundled(ecs_graph **g, int pes, ecs_schedule **base, long *M)
{
    ecs_graph *raw = NULL;
    ecs_diag d;
    assert_int_equal(ecs_stg_read_file("data/stg/rand0000.stg", ECS_STG_AUTO,
                                       &raw, &d), ECS_OK);
    assert_int_equal(ecs_graph_contract(raw, g, &d), ECS_OK);
    ecs_graph_free(raw);
    ecs_makespan_params mp;
    ecs_makespan_params_init(&mp);
    mp.time_limit_s = 0;
    ecs_makespan_result mr;
    assert_int_equal(ecs_makespan_solve(*g, pes, &mp, &mr, &d), ECS_OK);
    *base = mr.schedule;
    *M = mr.makespan;
}

static void test_candidates_match_mapper(void **state)
{
    (void)state;
    ecs_graph *g;
    ecs_schedule *base;
    long M;
    load_bundled(&g, 4, &base, &M);
    ecs_platform p;
    ecs_platform_init(&p);
    ecs_diag d;
    ecs_platform_set_pes(&p, 4, &d);
    long D = M + M / 5;
    double *price = gen_prices((size_t)D, 2); /* with negatives */
    ecs_heur_params prm;
    ecs_heur_params_init(&prm);
    prm.steps = 20;
    ecs_heur_result r;
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base, &prm, &r,
                                  &d), ECS_OK);
    assert_true(r.nfeasible > 0 && r.nfeasible < r.ncand);
    assert_int_equal(r.fallback, 0);
    ecs_schedule *s = ecs_schedule_new(g->n);
    for (size_t k = 0; k < r.ncand; k++) {
        int feasible = -1;
        assert_int_equal(ecs_heur_map(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base,
                                      r.cand[k].budget, s, &feasible, &d),
                         ECS_OK);
        assert_int_equal(feasible, r.cand[k].feasible);
        if (!feasible)
            continue;
        ecs_check_report rep;
        assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), s,
                                            &rep, NULL), ECS_OK);
        assert_true(rep.cost == r.cand[k].cost);
        assert_int_equal(rep.makespan, r.cand[k].makespan);
    }
    if (!r.fallback) {
        int feasible = -1;
        ecs_heur_map(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base, r.budget, s, &feasible,
                     &d);
        for (size_t i = 0; i < g->n; i++) {
            assert_int_equal(s->task[i].start, r.schedule->task[i].start);
            assert_int_equal(s->task[i].stop, r.schedule->task[i].stop);
            assert_int_equal(s->task[i].pe, r.schedule->task[i].pe);
        }
    }
    ecs_heur_result_release(&r);

    /* a huge budget, flat prices: the base compacted at f = 1 */
    for (long l = 0; l < D; l++)
        price[l] = 1.0;
    prm.steps = 1;
    prm.sigma = 1e6;
    assert_int_equal(ecs_heur_run(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D), base, &prm, &r,
                                  &d), ECS_OK);
    assert_int_equal(r.nfeasible, 1);
    assert_close(r.cost, r.base_cost, 1e-9);
    assert_true(r.makespan <= M);
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &r.schedule->task[i];
        assert_int_equal(t->stop - t->start + 1, g->work[i]);
        assert_int_equal(t->pe, base->task[i].pe);
        assert_true(t->start <= base->task[i].start);
    }
    ecs_heur_result_release(&r);
    ecs_schedule_free(s);
    free(price);
    ecs_schedule_free(base);
    ecs_graph_free(g);
}

/* ---- guarantees over the shared STG graphs ----
 *
 * Every graph of stg/50 and stg/100, P in {2, 4, 8, 16}, E in {0, .05, .2,
 * .5, 1}, quadratic and static:0.4 power, every built-in price schedule the
 * loader resolves plus the paper's increasing and alternating schedules and a
 * random one with negative prices: sweep (I = 100) and binary pass the
 * checker, cost no more than the base and meet D'; at E = .2 sweep with
 * I = 200 costs no more than with I = 100.
 */

#define MAX_PRICE_SETS 8

typedef struct price_set {
    char name[40];
    double *price;
} price_set;

/* A generated schedule: q = 0 the paper's increasing (10 for 20 slots, then
 * +10 per slot, / 100), 1 alternating (.1, 1, ...), 2 random in [-.4, 1.6)
 * (about 20 % negative). */
static double *gen_prices(size_t n, int q)
{
    double *p = malloc((n ? n : 1) * sizeof *p);
    assert_non_null(p);
    unsigned long seed = 12345;
    for (size_t l = 0; l < n; l++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        double u = (double)((seed >> 33) % 1000) / 1000.0;
        p[l] = q == 0 ? (l < 20 ? 10.0 : 10.0 * (double)(l - 18)) / 100.0
             : q == 1 ? (l % 2 ? 1.0 : 0.1)
                      : 2.0 * u - 0.4;
    }
    return p;
}

static int known_prices(const price_set *ps, size_t k, const double *p,
                        size_t n)
{
    for (size_t j = 0; j < k; j++)
        if (memcmp(ps[j].price, p, n * sizeof *p) == 0)
            return 1;
    return 0;
}

/* The built-ins the loader resolves (duplicates dropped: the interim loader
 * gives flat prices for the default), the paper's increasing and alternating
 * made here where the loader does not know them yet, and random prices
 * with negatives, over n slots. */
static size_t price_sets(size_t n, price_set *ps)
{
    static const char *builtin[] = {"flat", "increasing", "alternating",
                                    "epex-2016-10-19"};
    int have[4] = {0, 0, 0, 0};
    size_t k = 0;
    ecs_price_options opt;
    ecs_price_options_init(&opt);
    for (size_t b = 0; b < 4; b++) {
        ecs_slot_prices sp;
        ecs_diag d;
        if (ecs_prices_resolve(builtin[b], &opt, n, &sp, &d) != ECS_OK)
            continue;
        have[b] = 1;
        if (sp.n < n || known_prices(ps, k, sp.price, n)) {
            ecs_slot_prices_release(&sp);
            continue;
        }
        snprintf(ps[k].name, sizeof ps[k].name, "%s", builtin[b]);
        ps[k++].price = sp.price; /* ownership moves here */
    }
    for (int q = 0; q < 3; q++) {
        if (q < 2 && have[q + 1])
            continue;
        snprintf(ps[k].name, sizeof ps[k].name, "%s",
                 q == 0 ? "gen-increasing" : q == 1 ? "gen-alternating"
                                                    : "gen-random-negative");
        ps[k++].price = gen_prices(n, q);
    }
    return k;
}

typedef struct guarantee_stats {
    unsigned long runs, saved, fallbacks;
} guarantee_stats;

/* One run: the checker passes, cost <= base, makespan <= D'. */
static void check_run(const ecs_graph *g, const ecs_platform *p,
                      const double *price, long D, const ecs_schedule *base,
                      const ecs_heur_params *prm, ecs_heur_result *r,
                      const char *what)
{
    ecs_diag d;
    ecs_result rc = ecs_heur_run(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), base, prm, r, &d);
    if (rc != ECS_OK)
        print_error("%s: %s\n", what, d.msg);
    assert_int_equal(rc, ECS_OK);
    ecs_check_report rep;
    rc = ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), r->schedule, &rep, NULL);
    if (rc != ECS_OK || rep.cost != r->cost || !(r->cost <= r->base_cost) ||
        rep.makespan > D) {
        print_error("%s: checker %s, cost %.12g (checker %.12g), base %.12g, "
                    "makespan %ld, D' %ld\n", what, rep.msg, r->cost, rep.cost,
                    r->base_cost, rep.makespan, D);
        fail();
    }
}

/* Sweep (I = 100) and binary; with `nested`, also sweep I = 200, which
 * must never cost more than I = 100. */
static void guarantee_one(const ecs_graph *g, const ecs_platform *p,
                          const double *price, long D,
                          const ecs_schedule *base, int nested,
                          const char *what, guarantee_stats *st)
{
    ecs_heur_params prm;
    ecs_heur_params_init(&prm);
    ecs_heur_result s100, bin;
    check_run(g, p, price, D, base, &prm, &s100, what);
    prm.mode = ECS_HEUR_BINARY;
    check_run(g, p, price, D, base, &prm, &bin, what);
    st->runs += 2;
    st->saved += (s100.cost < s100.base_cost) + (bin.cost < bin.base_cost);
    st->fallbacks += (unsigned long)(s100.fallback + bin.fallback);
    if (nested) {
        ecs_heur_result s200;
        prm.mode = ECS_HEUR_SWEEP;
        prm.steps = 200;
        check_run(g, p, price, D, base, &prm, &s200, what);
        if (!(s200.cost <= s100.cost)) {
            print_error("%s: I = 200 costs %.12g > I = 100 %.12g\n", what,
                        s200.cost, s100.cost);
            fail();
        }
        /* the I = 100 budgets are the even I = 200 ones, bit for bit */
        for (size_t k = 0; k < 100; k++)
            assert_true(s100.cand[k].budget == s200.cand[2 * k + 1].budget);
        st->runs++;
        st->saved += s200.cost < s200.base_cost;
        st->fallbacks += (unsigned long)s200.fallback;
        ecs_heur_result_release(&s200);
    }
    ecs_heur_result_release(&s100);
    ecs_heur_result_release(&bin);
}

static void guarantee_graph(const char *path, guarantee_stats *st)
{
    static const int pes[] = {2, 4, 8, 16};
    static const char *ext[] = {"0", "0.05", "0.2", "0.5", "1"};
    static const char *power[] = {"quadratic", "static:0.4"};
    ecs_graph *raw = NULL, *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_stg_read_file(path, ECS_STG_AUTO, &raw, &d), ECS_OK);
    assert_int_equal(ecs_graph_contract(raw, &g, &d), ECS_OK);
    ecs_graph_free(raw);
    for (size_t ip = 0; ip < 4; ip++) {
        ecs_makespan_params mp;
        ecs_makespan_params_init(&mp);
        mp.time_limit_s = 0; /* list schedule: any feasible base will do */
        ecs_makespan_result mr;
        assert_int_equal(ecs_makespan_solve(g, pes[ip], &mp, &mr, &d), ECS_OK);
        for (size_t ie = 0; ie < 5; ie++) {
            ecs_decimal e;
            long D = 0;
            assert_int_equal(ecs_parse_decimal(ext[ie], &e), 0);
            assert_int_equal(ecs_decimal_extend(mr.makespan, e, &D), 0);
            price_set ps[MAX_PRICE_SETS];
            size_t nps = price_sets((size_t)D, ps);
            for (size_t iw = 0; iw < 2; iw++) {
                ecs_platform p;
                ecs_platform_init(&p);
                ecs_platform_set_pes(&p, pes[ip], &d);
                assert_int_equal(ecs_platform_set_power(&p, power[iw], &d),
                                 ECS_OK);
                for (size_t k = 0; k < nps; k++) {
                    char what[1200];
                    int w = snprintf(what, sizeof what, "%s P=%d E=%s %s %s",
                                     path, pes[ip], ext[ie], power[iw],
                                     ps[k].name);
                    assert_true(w > 0 && (size_t)w < sizeof what);
                    guarantee_one(g, &p, ps[k].price, D, mr.schedule,
                                  ie == 2 /* E = 0.2 */, what, st);
                }
            }
            for (size_t k = 0; k < nps; k++)
                free(ps[k].price);
        }
        ecs_makespan_result_release(&mr);
    }
    ecs_graph_free(g);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void guarantee_dir(const char *dir, guarantee_stats *st, size_t *ngraphs)
{
    DIR *dh = opendir(dir);
    if (dh == NULL)
        return;
    char *names[256];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(dh)) != NULL && n < 256)
        if (strstr(e->d_name, ".stg") != NULL)
            names[n++] = strdup(e->d_name);
    closedir(dh);
    qsort(names, n, sizeof *names, cmp_str);
    for (size_t k = 0; k < n; k++) {
        char path[1024];
        int w = snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        assert_true(w > 0 && (size_t)w < sizeof path);
        guarantee_graph(path, st);
        free(names[k]);
    }
    *ngraphs += n;
}

static void test_guarantees_shared_stg(void **state)
{
    (void)state;
    const char *data = test_shared_data();
    SKIP_WITHOUT_SHARED_DATA(data);
    guarantee_stats st = {0, 0, 0};
    size_t ngraphs = 0;
    const char *sub[] = {"stg/50", "stg/100"}; /* 100: make check */
    for (size_t k = 0; k < (tu_long() ? 2u : 1u); k++) {
        char dir[768];
        int w = snprintf(dir, sizeof dir, "%s/%s", data, sub[k]);
        assert_true(w > 0 && (size_t)w < sizeof dir);
        guarantee_dir(dir, &st, &ngraphs);
    }
    assert_true(ngraphs >= 2);
    fprintf(stderr, "guarantees: %zu graphs, %lu runs, %lu saved, %lu fell back\n",
            ngraphs, st.runs, st.saved, st.fallbacks);
    /* the heuristic is not idle: many runs save something */
    assert_true(st.saved * 3 > st.runs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_case1_map),
        cmocka_unit_test(test_case1_sweep),
        cmocka_unit_test(test_case1_binary),
        cmocka_unit_test(test_case2_sweep),
        cmocka_unit_test(test_case2_binary),
        cmocka_unit_test(test_negative_prices),
        cmocka_unit_test(test_all_negative),
        cmocka_unit_test(test_zero_prices),
        cmocka_unit_test(test_fallback),
        cmocka_unit_test(test_no_zero_frequency),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_candidates_match_mapper),
        cmocka_unit_test(test_guarantees_shared_stg),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
