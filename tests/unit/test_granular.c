/* The granular bound of the extended model (solver/bound/granular_ext.c,
 * ecs_bound_granular_ext; docs/MODEL.md "Granular bound, extended
 * model"): by hand on three tasks that the fluid bound packs two to a
 * PE-slot, never above the brute-force optimum (testutil.c
 * tu_brute_force_ext) on tiny random instances with sources, caps and
 * negative prices, never below the fluid greedy where prices are >= 0,
 * infeasibility only where brute force finds no schedule; solve's fluid
 * phase reports it. */
#include "testutil.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/method.h"
#include "ecsched/solve.h"

#include <math.h>
#include <string.h>

/* The worked platform (tu_worked_platform): fast (speeds 2, 1; powers 4,
 * 1.5; idle 0.5) and slow (speeds 1, 0.5; powers 1, 0.4; idle 0.2), one
 * PE each, grid 2.  Three independent tasks of work 1 (2 grid steps),
 * D' = 2, prices 1 and 100; the idle draw 0.7 a slot costs 70.7.
 *
 * The fluid takes the 6 steps in slot 0: slow 0.2 (1 step), fast 0.5 x 2,
 * slow 0.6, fast 1.25 x 2 = 4.3: 75.0.  The granular bound: one bucket of
 * tasks of 2 steps, so a PE-slot does at most 2 of their steps (fast at
 * f = 1 no more than at 0.5); at least 3 busy PE-slots (each task one)
 * and 3 x 0.4 of extra energy (slow at 0.5 over two slots).  Slot 0 holds
 * two PE-slots: fast at 0.5 (2 steps, 1.0) and slow at 1 (2 steps, 0.8):
 * 1.8; the last 2 steps in slot 1 at the least energy, slow at 0.5 (1
 * step, 0.2) and half a PE-slot of fast at 0.5 (0.5): 0.7 x 100.  70.7 +
 * 1.8 + 70 = 142.5.  With D' = 1 no schedule exists (three tasks, two
 * PEs): the fluid finds one (6 steps: fast at 1 and slow at 1), the
 * granular bound none (3 busy PE-slots in 2). */
static double hand_price[2] = {1, 100};

/* test_hand's instance into inst (p and *g its platform and graph; free
 * *g after). */
static void hand_case(ecs_platform *p, ecs_graph **g, ecs_instance *inst)
{
    tu_worked_platform(p);
    *g = tu_graph(3, (const long[]){1, 1, 1}, 0, NULL);
    ecs_instance_init(inst, *g, p, hand_price, 2, 2);
}

static void test_hand(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_graph *g;
    ecs_instance inst;
    hand_case(&p, &g, &inst);
    double v = NAN, fl = NAN;
    assert_int_equal(ecs_bound_granular_ext(&inst, 10.0, &v, NULL), ECS_OK);
    assert_close(v, 142.5, 1e-6);
    assert_int_equal(ecs_bound_fluid_ext(&inst, &fl, NULL), ECS_OK);
    assert_close(fl, 75.0, 1e-6);
    double opt = tu_brute_force_ext(&inst);
    assert_true(opt >= v);
    inst.deadline = 1;
    assert_int_equal(ecs_bound_granular_ext(&inst, 10.0, &v, NULL), ECS_OK);
    assert_true(v == HUGE_VAL);
    assert_int_equal(ecs_bound_fluid_ext(&inst, &fl, NULL), ECS_OK);
    assert_true(isfinite(fl));
    assert_true(tu_brute_force_ext(&inst) == HUGE_VAL);
    /* no time: no claim */
    inst.deadline = 2;
    assert_int_equal(ecs_bound_granular_ext(&inst, 0.0, &v, NULL), ECS_OK);
    assert_true(v == -HUGE_VAL);
    assert_int_equal(ecs_bound_granular_ext(NULL, 1.0, &v, NULL), ECS_EINVAL);
    ecs_graph_free(g);
}

/* Tiny random instances (tu_ext_case_random: 1-3 tasks, D' 2-5, two
 * classes, a source in half, a cap in a third): the bound is never above
 * brute force's optimum, never below the fluid greedy (prices >= 0, one
 * block), claims no infeasibility where a schedule exists; above the
 * greedy on some (tasks shorter than a fast PE's slot are rare here).  With negative prices: never above the optimum. */
static void test_vs_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 3737;
    int runs = 300, above = 0, claimed = 0, infeasible = 0;
    for (int rep = 0; rep < runs; rep++) {
        tu_ext_case k;
        tu_ext_case_random(&k, &seed, rep, 0.4, 0.0);
        double opt = tu_brute_force_ext(&k.inst), v = NAN, gr = NAN;
        assert_int_equal(ecs_bound_granular_ext(&k.inst, 10.0, &v, NULL),
                         ECS_OK);
        assert_int_equal(ecs_bound_fluid_ext_greedy(&k.inst, &gr, NULL),
                         ECS_OK);
        assert_true(v != -HUGE_VAL);
        claimed++;
        if (v == HUGE_VAL) {
            assert_true(opt == HUGE_VAL);
            infeasible++;
            tu_ext_case_free(&k);
            continue;
        }
        if (isfinite(opt))
            assert_true(v <= opt + 1e-9 * (1 + fabs(opt)));
        if (isfinite(gr))
            assert_true(v >= gr - 1e-8 * (1 + fabs(gr)));
        if (isfinite(gr) && v > gr + 1e-6 * (1 + fabs(gr)))
            above++;
        tu_ext_case_free(&k);
    }
    assert_int_equal(claimed, runs);
    /* with this seed: above on 6, no schedule on 17 */
    assert_true(above >= 3);
    assert_true(infeasible > 0);
    int negs = 0;
    for (int rep = 0; rep < runs; rep++) {
        tu_ext_case k;
        tu_ext_case_random(&k, &seed, rep, 0.4, 0.3);
        double opt = tu_brute_force_ext(&k.inst), v = NAN;
        assert_int_equal(ecs_bound_granular_ext(&k.inst, 10.0, &v, NULL),
                         ECS_OK);
        int neg = 0;
        for (long l = 0; l < k.inst.deadline; l++)
            neg |= k.price[l] < 0.0;
        if (v == HUGE_VAL)
            assert_true(opt == HUGE_VAL);
        else if (isfinite(opt)) {
            assert_true(v <= opt + 1e-9 * (1 + fabs(opt)));
            negs += neg;
        }
        tu_ext_case_free(&k);
    }
    assert_true(negs > runs / 10);
}

/* solve's fluid phase (docs/MODEL.md "solve on the extended model") on
 * test_hand's instance without the MILP and column generation: the bound
 * it reports is the granular one, 142.5 (by hand above), and its
 * schedule passes the checker at a cost no lower. */
static void test_solve_fluid_phase(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_graph *g;
    ecs_instance inst;
    hand_case(&p, &g, &inst);
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    ecs_solve_params prm;
    ecs_solve_params_init(&prm);
    prm.effort = 1;
    prm.time_limit_s = 60.0; /* the safety stop */
    prm.milp_max_nonzeros = 1.0;
    prm.colgen_max_tasks = 0;
    ecs_solve_result r;
    assert_int_equal(ecs_solve(&inst, NULL, &prm, &r, NULL), ECS_OK);
    assert_int_equal(r.bound_method, ECS_BOUND_BY_GRANULAR);
    assert_close(r.bound, 142.5, 1e-6);
    assert_string_equal(ecs_bound_method_name(r.bound_method), "granular");
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&inst, r.schedule, &rep, NULL),
                     ECS_OK);
    assert_true(rep.cost >= 142.5);
    ecs_solve_result_release(&r);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
}

/* The method table's row `granular` on test_hand's instance: the bound
 * 142.5 (`granular`), no schedule. */
static void test_row(void **state)
{
    (void)state;
    const ecs_method *m = ecs_method_find("granular");
    assert_non_null(m);
    assert_int_equal(m->role, ECS_ROLE_BOUND);
    ecs_platform p;
    ecs_graph *g;
    ecs_instance inst;
    hand_case(&p, &g, &inst);
    ecs_method_args a;
    ecs_method_args_init(&a);
    a.inst = &inst;
    ecs_method_out out;
    ecs_diag d;
    assert_int_equal(ecs_method_run(m, &a, &out, &d), ECS_OK);
    assert_string_equal(out.bound_method, "granular");
    assert_close(out.bound, 142.5, 1e-6);
    assert_null(out.schedule);
    ecs_method_out_release(&out);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_vs_brute_force),
        cmocka_unit_test(test_solve_fluid_phase),
        cmocka_unit_test(test_row),
    };
    return tu_run(quick, sizeof quick / sizeof *quick, NULL, 0);
}
