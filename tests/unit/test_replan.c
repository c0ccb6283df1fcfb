/* Re-planning (replan.h): hand-computed tiny cases (which tasks stay
 * fixed, the cost, a running task's PE kept busy); brute force on tiny
 * random instances with the prefix fixed (testutil's enumeration of every
 * interval, PE and frequency profile); never dearer than keeping the old
 * plan; the fixed tasks unchanged; the checker on
 * every plan; the due slots of local search and the MILP; bad input. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/local.h"
#include "ecsched/milp.h"
#include "ecsched/replan.h"
#include "ecsched/solve.h"

/* Run ecs_replan and assert OK; the fixed tasks as in old, the checker's
 * cost, never above keeping. */
static void replan_ok(const ecs_graph *g, const ecs_platform *p,
                      const double *price, long D, const ecs_schedule *old,
                      long now, ecs_replan_method m, ecs_replan_result *r)
{
    ecs_replan_params prm;
    ecs_replan_params_init(&prm);
    prm.method = m;
    prm.time_limit_s = 10;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_instance inst;
    ecs_instance_init(&inst, g, p, price, (size_t)D, D);
    ecs_result rc = ecs_replan(&inst, old, now, &prm, r, &d);
    if (rc != ECS_OK)
        print_error("replan: %s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&inst, r->schedule, &rep, NULL), ECS_OK);
    assert_true(rep.cost == r->cost);
    assert_true(r->cost <= r->keep_cost);
    assert_int_equal(ecs_check_schedule(&inst, old, &rep, NULL), ECS_OK);
    assert_true(rep.cost == r->keep_cost);
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *a = &old->task[i], *b = &r->schedule->task[i];
        if (a->start < now) {
            assert_int_equal(a->pe, b->pe);
            assert_int_equal(a->start, b->start);
            assert_int_equal(a->stop, b->stop);
            assert_memory_equal(a->freq, b->freq, (size_t)(a->stop - a->start + 1));
        } else {
            assert_true(b->start >= now);
        }
    }
    if (!isnan(r->bound))
        assert_true(r->bound <= r->cost + tu_tol(r->cost));
}

/* A -> B (work 1 each) on one PE, F = {1, 0.5, 0}; the old plan: A in
 * slot 0, B in slot 1, at f = 1. */
static ecs_graph *chain_case(ecs_platform *p, ecs_schedule **old)
{
    long work[] = {1, 1};
    ecs_edge e[] = {{0, 1, 0}};
    ecs_graph *g = tu_graph(2, work, 1, e);
    tu_platform(p, 1, "1,0.5,0", "quadratic");
    *old = ecs_schedule_new(2);
    assert_int_equal(ecs_schedule_place(*old, 0, 0, 0, 0, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(*old, 1, 0, 1, 1, NULL, 0), ECS_OK);
    return g;
}

/* The chain case;
 * new prices 1, 1, 5, 0.2 from slot 1: A done (1), B moves to slot 3 at
 * f = 1 (0.2; slot 1 costs 1, slots 2..3 at 0.5 cost 0.25 x 5.2 = 1.3). */
static void test_replan_hand_moved(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_schedule *old;
    ecs_graph *g = chain_case(&p, &old);
    double price[] = {1, 1, 5, 0.2};
    for (int m = ECS_REPLAN_LOCAL; m <= ECS_REPLAN_MILP; m++) {
        ecs_replan_result r;
        replan_ok(g, &p, price, 4, old, 1, (ecs_replan_method)m, &r);
        assert_close(r.cost, 1.2, 1e-12);
        assert_close(r.keep_cost, 2.0, 1e-12);
        assert_close(r.spent, 1.0, 1e-12);
        assert_close(r.fixed_cost, 1.0, 1e-12);
        assert_int_equal(r.count[ECS_CHANGE_DONE], 1);
        assert_int_equal(r.count[ECS_CHANGE_MOVED], 1);
        assert_int_equal(r.change[1], ECS_CHANGE_MOVED);
        /* at f = 1 in slot 3 (waits at f = 0 before it cost nothing) */
        const ecs_sched_task *b = &r.schedule->task[1];
        assert_int_equal(b->stop, 3);
        assert_int_equal(b->freq[3 - b->start], 0);
        if (m == ECS_REPLAN_MILP) {
            assert_true(r.optimal);
            assert_close(r.bound, 1.2, 1e-6);
        }
        ecs_replan_result_release(&r);
    }
    /* keep: the old plan re-priced */
    ecs_replan_result r;
    replan_ok(g, &p, price, 4, old, 1, ECS_REPLAN_KEEP, &r);
    assert_close(r.cost, 2.0, 1e-12);
    assert_int_equal(r.count[ECS_CHANGE_SAME], 1);
    ecs_replan_result_release(&r);
    ecs_schedule_free(old);
    ecs_graph_free(g);
}

/* A running task keeps its PE busy: P = 2, A (work 2) -> C, B and D free
 * (work 1).  Old: A on PE 0 in slots 0..1, B on PE 1 in slot 1, C on PE
 * 0 in slot 2, D on PE 1 in slot 2.  now = 1, prices 1, 0.1, 3, 3: A
 * runs on (1 + 0.1), only one PE is free in slot 1, so B or D takes it
 * (0.1) and the other, like C (after A), runs over slots 2..3 at 0.5
 * (0.25 x 6 = 1.5): 1.1 + 0.1 + 1.5 + 1.5 = 4.2.  Were A's PE free in
 * slot 1, both would take it: 2.8. */
static void test_replan_hand_running(void **state)
{
    (void)state;
    long work[] = {2, 1, 1, 1};
    ecs_edge e[] = {{0, 2, 0}};
    ecs_graph *g = tu_graph(4, work, 1, e);
    ecs_platform p;
    tu_platform(&p, 2, "1,0.5,0", "quadratic");
    ecs_schedule *old = ecs_schedule_new(4);
    assert_int_equal(ecs_schedule_place(old, 0, 0, 0, 1, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(old, 1, 1, 1, 1, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(old, 2, 0, 2, 2, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(old, 3, 1, 2, 2, NULL, 0), ECS_OK);
    double price[] = {1, 0.1, 3, 3};
    for (int m = ECS_REPLAN_LOCAL; m <= ECS_REPLAN_MILP; m++) {
        ecs_replan_result r;
        replan_ok(g, &p, price, 4, old, 1, (ecs_replan_method)m, &r);
        assert_close(r.cost, 4.2, 1e-12);
        assert_close(r.keep_cost, 1.1 + 0.1 + 3 + 3, 1e-12);
        assert_close(r.spent, 1.0, 1e-12);
        assert_close(r.fixed_cost, 1.1, 1e-12);
        assert_int_equal(r.count[ECS_CHANGE_RUNNING], 1);
        assert_int_equal(r.change[0], ECS_CHANGE_RUNNING);
        assert_int_equal(r.sub_tasks, 4);
        ecs_replan_result_release(&r);
    }
    ecs_schedule_free(old);
    ecs_graph_free(g);
}

/* Tiny random instances: the old plan the MILP's optimum under one
 * series, new prices, now in 1 .. the last start (0 when every task
 * starts in slot 0): the MILP's re-plan equals brute force with the
 * prefix fixed, local's is never below it. */
static void test_replan_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 39;
    int done = 0, running = 0, fixed = 0;
    for (int trial = 0; trial < 60; trial++) {
        tu_tiny x;
        tu_tiny_draw(&seed, "1,0.5,0", "quadratic", TU_BF_MAXT, 0.2, &x);
        ecs_milp_result mr;
        tu_milp(x.g, &x.p, x.price, x.T, ECS_MILP_STRONG, NULL, &mr);
        if (mr.schedule == NULL) {
            ecs_milp_result_release(&mr);
            ecs_graph_free(x.g);
            continue;
        }
        long last = 0;
        for (size_t i = 0; i < x.g->n; i++)
            if (mr.schedule->task[i].start > last)
                last = mr.schedule->task[i].start;
        double fresh[TU_BF_MAXT];
        tu_random_prices(&seed, fresh, x.T, 0.2);
        long now = tu_rng_int(&seed, last > 0 ? 1 : 0, last);
        double opt = tu_brute_force_fixed(x.g, &x.p, fresh, x.T, mr.schedule, now);
        assert_true(opt < HUGE_VAL);
        ecs_replan_result r;
        replan_ok(x.g, &x.p, fresh, x.T, mr.schedule, now, ECS_REPLAN_MILP, &r);
        assert_close(r.cost, opt, tu_tol(opt));
        assert_true(r.optimal);
        running += r.count[ECS_CHANGE_RUNNING] > 0;
        fixed += r.count[ECS_CHANGE_DONE] + r.count[ECS_CHANGE_RUNNING] > 0;
        ecs_replan_result_release(&r);
        replan_ok(x.g, &x.p, fresh, x.T, mr.schedule, now, ECS_REPLAN_LOCAL, &r);
        assert_true(r.cost >= opt - tu_tol(opt));
        ecs_replan_result_release(&r);
        done++;
        ecs_milp_result_release(&mr);
        ecs_graph_free(x.g);
    }
    /* the cases that matter: some task fixed, some running at now */
    assert_true(done >= 30 && fixed >= 20 && running >= 12);
}

/* Random graphs of n tasks (trials of them): never dearer than keeping,
 * the prefix kept, the MILP never above local (it starts from local's
 * schedule). */
static void never_worse(uint64_t seed, int trials, size_t n)
{
    for (int trial = 0; trial < trials; trial++) {
        ecs_graph *g = tu_random_graph(&seed, n, 3, 0.2);
        ecs_platform p;
        tu_platform(&p, 3, "1,0.8,0.6,0.4,0.2,0", "quadratic");
        ecs_schedule *base = tu_base_schedule(g, 3);
        long M = ecs_schedule_makespan(base), D = M + M / 2;
        double price[256], fresh[256];
        assert_true(D <= 256);
        tu_random_prices(&seed, price, D, 0.1);
        tu_random_prices(&seed, fresh, D, 0.1);
        ecs_local_params lp;
        ecs_local_params_init(&lp);
        ecs_local_result lr;
        assert_int_equal(ecs_local_run(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D),
                                       base, &lp, &lr, NULL), ECS_OK);
        long now = tu_rng_int(&seed, 1, M / 2);
        ecs_replan_result a, b;
        replan_ok(g, &p, fresh, D, lr.schedule, now, ECS_REPLAN_LOCAL, &a);
        replan_ok(g, &p, fresh, D, lr.schedule, now, ECS_REPLAN_MILP, &b);
        assert_true(b.cost <= a.cost + tu_tol(a.cost));
        assert_true(a.spent == b.spent && a.fixed_cost == b.fixed_cost);
        ecs_replan_result_release(&a);
        ecs_replan_result_release(&b);
        ecs_local_result_release(&lr);
        ecs_schedule_free(base);
        ecs_graph_free(g);
    }
}

static void test_replan_never_worse(void **state)
{
    (void)state;
    never_worse(7, 6, 12);
}

/* make check: 20 graphs of 40 tasks */
static void test_replan_never_worse_long(void **state)
{
    (void)state;
    never_worse(11, 20, 40);
}

/* Due slots: local search and the MILP keep a task inside them; solve
 * and the paper formulation refuse them. */
static void test_due_slots(void **state)
{
    (void)state;
    long work[] = {1, 1};
    ecs_graph *g = tu_graph(2, work, 0, NULL);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    double price[] = {5, 5, 1, 1}; /* cheap late, but task 1 is due by 1 */
    long due[] = {3, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 4, 4);
    inst.due = due;
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    assert_int_equal(inst.windows.lf[1], 1);
    ecs_schedule *start = ecs_schedule_new(2);
    assert_int_equal(ecs_schedule_place(start, 0, 0, 0, 0, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(start, 1, 0, 1, 1, NULL, 0), ECS_OK);
    ecs_local_params lp;
    ecs_local_params_init(&lp);
    ecs_local_result lr;
    assert_int_equal(ecs_local_run(&inst, start, &lp, &lr, NULL), ECS_OK);
    assert_true(lr.schedule->task[1].stop <= 1);
    /* task 0 to the cheap slots at 0.5: 0.25 x 2; task 1 in 0..1 at 0.5:
     * 0.25 x 10 */
    assert_close(lr.cost, 0.5 + 2.5, 1e-12);
    ecs_local_result_release(&lr);
    ecs_milp_params mp;
    ecs_milp_params_init(&mp);
    ecs_milp_result mr;
    assert_int_equal(ecs_milp_solve(&inst, &mp, &mr, NULL), ECS_OK);
    assert_close(mr.cost, 3.0, 1e-9);
    ecs_milp_result_release(&mr);
    ecs_solve_params sp;
    ecs_solve_params_init(&sp);
    ecs_solve_result sr;
    ecs_diag d;
    assert_int_equal(ecs_solve(&inst, NULL, &sp, &sr, &d), ECS_EUNSUPPORTED);
    assert_non_null(strstr(d.msg, "latest last slot"));
    ecs_solve_result_release(&sr);
    mp.formulation = ECS_MILP_PAPER;
    assert_int_equal(ecs_milp_solve(&inst, &mp, &mr, NULL), ECS_EUNSUPPORTED);
    ecs_milp_result_release(&mr);
    long bad[] = {3, 4};
    inst.due = bad;
    assert_int_equal(ecs_instance_validate(&inst, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "due slot 4"));
    ecs_instance_release(&inst);
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* Nothing to re-plan, a plan that is not feasible, an extended platform,
 * methods that cannot re-plan; now <= 0 plans everything afresh. */
static void test_replan_errors(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_schedule *old;
    ecs_graph *g = chain_case(&p, &old);
    double price[] = {1, 1, 5, 0.2};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 4, 4);
    ecs_replan_params prm;
    ecs_replan_params_init(&prm);
    ecs_replan_result r;
    ecs_diag d;
    assert_int_equal(ecs_replan(&inst, old, 2, &prm, &r, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "nothing to re-plan"));
    ecs_replan_result_release(&r);
    /* now before the first slot: every task free; A in 0..1 at 0.5
     * (0.25 x 2) and B in slot 3 at f = 1 (0.2): 0.7 */
    replan_ok(g, &p, price, 4, old, -3, ECS_REPLAN_MILP, &r);
    assert_int_equal(r.now, 0);
    assert_close(r.cost, 0.7, 1e-9);
    assert_int_equal(r.count[ECS_CHANGE_DONE] + r.count[ECS_CHANGE_RUNNING], 0);
    ecs_replan_result_release(&r);
    /* infeasible old plan (B before A) */
    ecs_schedule *bad = ecs_schedule_new(2);
    assert_int_equal(ecs_schedule_place(bad, 0, 0, 1, 1, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(bad, 1, 0, 0, 0, NULL, 0), ECS_OK);
    assert_int_equal(ecs_replan(&inst, bad, 1, &prm, &r, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "not feasible"));
    ecs_replan_result_release(&r);
    ecs_replan_method m;
    assert_int_equal(ecs_replan_method_parse("sweep", &m, &d), ECS_EUNSUPPORTED);
    assert_int_equal(ecs_replan_method_parse("dp", &m, &d), ECS_EUNSUPPORTED);
    assert_int_equal(ecs_replan_method_parse("nope", &m, &d), ECS_EINVAL);
    assert_int_equal(ecs_replan_method_parse("local", &m, &d), ECS_OK);
    assert_int_equal(m, ECS_REPLAN_LOCAL);
    prm.time_limit_s = 0;
    assert_int_equal(ecs_replan(&inst, old, 1, &prm, &r, &d), ECS_EINVAL);
    ecs_replan_result_release(&r);
    ecs_schedule_free(bad);
    ecs_schedule_free(old);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_replan_hand_moved),
        cmocka_unit_test(test_replan_hand_running),
        cmocka_unit_test(test_replan_brute_force),
        cmocka_unit_test(test_replan_never_worse),
        cmocka_unit_test(test_due_slots),
        cmocka_unit_test(test_replan_errors),
    };
    const struct CMUnitTest slow[] = {
        cmocka_unit_test(test_replan_never_worse_long),
    };
    return TU_RUN(quick, slow);
}
