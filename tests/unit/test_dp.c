/* The dynamic program over order ideals (solver/search/dp.c): its optimum
 * equals the MILP's proven optimum on random small instances (static
 * power, negative prices, F with and without 0), its bound never exceeds
 * it, its schedules pass the checker, the ideal count against closed
 * forms, and solve's use of it on the shared dense graphs. */
#include "testutil.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/dp.h"
#include "ecsched/graph.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/prices.h"
#include "ecsched/solve.h"
#include "ecsched/stg.h"

/* The DP of an instance (exact when beam is 0), asserting OK. */
static void dp_of(const ecs_graph *g, const ecs_platform *p,
                  const double *price, long D, double ub, double gap,
                  size_t beam, ecs_dp_result *r)
{
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_dp_params prm;
    ecs_dp_params_init(&prm);
    prm.time_limit_s = 600.0;
    prm.max_bytes = (size_t)1 << 28;
    prm.ub = ub;
    prm.gap = gap;
    prm.beam = beam;
    double mu[64], fl;
    if (ecs_bound_fluid_instance(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), mu, &fl, &d) ==
        ECS_OK)
        prm.mu0 = mu; /* as solve starts it */
    ecs_diag_clear(&d);
    ecs_result rc = ecs_dp_solve(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), &prm, r, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
}

/* The MILP's optimum (no warm start), or HUGE_VAL when infeasible. */
static double milp_opt(const ecs_graph *g, const ecs_platform *p,
                       const double *price, long D)
{
    ecs_milp_result r;
    tu_milp(g, p, price, D, ECS_MILP_STRONG, NULL, &r);
    double v = r.status == ECS_MILP_INFEASIBLE ? HUGE_VAL : r.cost;
    if (r.status != ECS_MILP_INFEASIBLE)
        assert_int_equal(r.status, ECS_MILP_OPTIMAL);
    ecs_milp_result_release(&r);
    return v;
}

/* Random instances: 3..12 tasks, P 1..3, the deadline from tight to
 * loose; the DP's optimum (exact run, no incumbent) equals the MILP's,
 * its schedule passes the checker at that cost, and it is finished. */
static void test_dp_equals_milp(void **state)
{
    (void)state;
    const char *freqs[] = {"1,0.8,0.6,0.4,0.2,0", "1,0.5", "1,0.75,0.5,0"};
    const char *power[] = {"quadratic", "static:0.4", "quadratic"};
    uint64_t seed = 20261124;
    int cases = 0, feasible = 0, tighter = 0;
    for (int k = 0; k < 120; k++) {
        size_t n = (size_t)tu_rng_int(&seed, 3, 12);
        ecs_graph *g = tu_random_graph(&seed, n, 3, tu_rng_unit(&seed) * 0.6);
        int f = (int)tu_rng_int(&seed, 0, 2);
        ecs_platform p;
        tu_platform(&p, (int)tu_rng_int(&seed, 1, 3), freqs[f], power[f]);
        long work = 0;
        for (size_t i = 0; i < n; i++)
            work += g->work[i];
        long D = tu_rng_int(&seed, (long)(work / p.pes) + 1, work + 3);
        if (D > 24)
            D = 24;
        double price[24];
        double neg = k % 3 == 0 ? 0.3 : 0.0; /* negative hours */
        for (long l = 0; l < D; l++)
            price[l] = tu_rng_unit(&seed) < neg ? -tu_rng_unit(&seed)
                                              : 0.1 + tu_rng_unit(&seed);
        double opt = milp_opt(g, &p, price, D);
        /* the beam: a feasible schedule, never below the optimum */
        ecs_dp_result r;
        dp_of(g, &p, price, D, HUGE_VAL, 0.0, 64, &r);
        if (opt != HUGE_VAL) /* a beam proves nothing but infeasibility */
            assert_int_equal(r.finished, 0);
        if (r.schedule != NULL) {
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D),
                                                r.schedule, &rep, NULL),
                             ECS_OK);
            assert_close(rep.cost, r.cost, tu_tol(r.cost));
            assert_true(r.cost >= opt - tu_tol(opt));
        }
        ecs_dp_result_release(&r);
        /* exact: no incumbent on small graphs, else the optimum's cost
         * plus a hair, which it must then beat */
        double ub = n <= 7 || opt == HUGE_VAL ? HUGE_VAL : opt + tu_tol(opt);
        dp_of(g, &p, price, D, ub, 0.0, 0, &r);
        assert_int_equal(r.finished, 1);
        cases++;
        if (opt == HUGE_VAL) {
            assert_null(r.schedule);
        } else {
            feasible++;
            if (r.schedule == NULL || fabs(r.cost - opt) > tu_tol(opt))
                print_error("case %d: n %zu P %d D %ld: dp %.9f milp %.9f\n",
                            k, n, p.pes, D, r.cost, opt);
            assert_non_null(r.schedule);
            assert_close(r.cost, opt, tu_tol(opt));
            assert_true(r.bound <= opt + tu_tol(opt));
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D),
                                                r.schedule, &rep, NULL),
                             ECS_OK);
            assert_close(rep.cost, opt, tu_tol(opt));
            assert_true(r.root_bound <= opt + tu_tol(opt));
        }
        ecs_dp_result_release(&r);
        /* with a gap of 10% (and the same start) the bound is still below
         * the optimum and at least the final incumbent less the gap; the
         * least pruned state makes it tighter than that where the chain
         * bound is good */
        if (opt != HUGE_VAL) {
            double ub1 = ub == HUGE_VAL ? HUGE_VAL : opt + tu_tol(opt);
            dp_of(g, &p, price, D, ub1, 0.1, 0, &r);
            assert_int_equal(r.finished, 1);
            double inc = r.schedule != NULL ? r.cost : ub1;
            assert_true(isfinite(inc));
            assert_true(inc >= opt - tu_tol(opt));
            assert_true(inc <= opt + 0.1 * fabs(inc) + tu_tol(opt));
            assert_true(r.bound <= opt + tu_tol(opt));
            assert_true(r.bound >= inc - 0.1 * fabs(inc) - tu_tol(inc));
            if (r.bound > inc - 0.1 * fabs(inc) + tu_tol(inc))
                tighter++;
            ecs_dp_result_release(&r);
        }
        ecs_graph_free(g);
    }
    assert_int_equal(cases, 120);
    assert_true(feasible >= 60);
    assert_true(tighter >= feasible / 2);
}

/* Ideals against closed forms: a chain of n has n + 1, an antichain of n
 * has 2^n, two disjoint chains of a and b have (a + 1)(b + 1); the cap. */
static void test_count_ideals(void **state)
{
    (void)state;
    long id[12], work[12];
    ecs_edge e[12];
    for (size_t i = 0; i < 12; i++) {
        id[i] = (long)i + 1;
        work[i] = 1;
    }
    ecs_graph *g = NULL;
    ecs_diag d;
    for (size_t i = 0; i + 1 < 12; i++) {
        e[i].from = i;
        e[i].to = i + 1;
        e[i].comm = 0;
    }
    assert_int_equal(ecs_graph_build(12, id, work, NULL, 11, e, 0, &g, &d),
                     ECS_OK);
    assert_int_equal(ecs_dp_count_ideals(g, 1000), 13);
    assert_int_equal(ecs_dp_count_ideals(g, 5), 6); /* cap + 1 */
    ecs_graph_free(g);
    assert_int_equal(ecs_graph_build(12, id, work, NULL, 0, e, 0, &g, &d),
                     ECS_OK);
    assert_int_equal(ecs_dp_count_ideals(g, 100000), 4096);
    assert_int_equal(ecs_dp_count_ideals(g, 4095), 4096);
    ecs_graph_free(g);
    /* chains 0..4 and 5..11: 6 * 8 */
    size_t m = 0;
    for (size_t i = 0; i + 1 < 12; i++)
        if (i != 4)
            e[m++] = (ecs_edge){i, i + 1, 0};
    assert_int_equal(ecs_graph_build(12, id, work, NULL, m, e, 0, &g, &d),
                     ECS_OK);
    assert_int_equal(ecs_dp_count_ideals(g, 1000), 48);
    ecs_graph_free(g);
}

/* Bad parameters are refused up front. */
static void test_dp_params(void **state)
{
    (void)state;
    ecs_dp_params prm;
    ecs_diag d;
    ecs_dp_params_init(&prm);
    assert_int_equal(ecs_dp_params_validate(&prm, &d), ECS_OK);
    prm.gap = 1.0;
    assert_int_equal(ecs_dp_params_validate(&prm, &d), ECS_EINVAL);
    ecs_dp_params_init(&prm);
    prm.time_limit_s = 0.0;
    assert_int_equal(ecs_dp_params_validate(&prm, &d), ECS_EINVAL);
    ecs_dp_params_init(&prm);
    prm.ub = NAN;
    assert_int_equal(ecs_dp_params_validate(&prm, &d), ECS_EINVAL);
}

/* solve on the shared dense 50-task graphs at P = 2 (165 and 492 ideals;
 * the second under make check), where the MILP stayed 1.3% and 4.3% from
 * its bound for 300 s: the DP proves the local heuristic's start within
 * 0.5%, or improves it, within its share of the limit (mode "dp": nothing
 * ran after it); the schedule passes the checker. */
static void test_solve_dense(void **state)
{
    (void)state;
    const char *dir = test_shared_data();
    SKIP_WITHOUT_SHARED_DATA(dir);
    const char *names[] = {"rand0060", "rand0064"};
    for (int k = 0; k < (tu_long() ? 2 : 1); k++) {
        char path[512];
        snprintf(path, sizeof path, "%s/stg/50/%s.stg", dir, names[k]);
        ecs_graph *raw = NULL, *g = NULL;
        ecs_diag d;
        assert_int_equal(ecs_stg_read_file(path, ECS_STG_AUTO, &raw, &d),
                         ECS_OK);
        assert_int_equal(ecs_graph_contract(raw, &g, &d), ECS_OK);
        ecs_graph_free(raw);
        assert_true(ecs_dp_count_ideals(g, 5000) <= 5000);
        ecs_platform p;
        tu_platform(&p, 2, "1,0.8,0.6,0.4,0.2,0", "quadratic");
        /* D' = floor(1.2 M) with the proven makespans 165 and 142 */
        long D = k == 0 ? 198 : 170;
        ecs_price_options po;
        ecs_price_options_init(&po);
        ecs_slot_prices sp;
        assert_int_equal(ecs_prices_resolve("epex-2016-10-19", &po,
                                            (size_t)D, &sp, &d),
                         ECS_OK);
        ecs_solve_params prm;
        ecs_solve_params_init(&prm);
        prm.time_limit_s = 120.0;
        prm.gap = 0.005;
        ecs_solve_result r;
        assert_int_equal(ecs_solve(ECS_INSTANCE_BORROW(g, &p, sp.price, sp.n, D), NULL, &prm, &r,
                                   &d),
                         ECS_OK);
        assert_int_equal(r.mode, ECS_SOLVE_MODE_DP);
        assert_int_equal(r.bound_method, ECS_BOUND_BY_DP);
        assert_int_equal(r.status, ECS_SOLVE_OPTIMAL);
        assert_true(r.gap <= 0.005 + 1e-9);
        assert_true(r.bound <= r.cost);
        assert_true(r.dp_states > 0);
        ecs_check_report rep;
        assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, sp.price, sp.n, D),
                                            r.schedule, &rep, NULL),
                         ECS_OK);
        assert_close(rep.cost, r.cost, 1e-9);
        ecs_solve_result_release(&r);
        ecs_slot_prices_release(&sp);
        ecs_graph_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dp_equals_milp),
        cmocka_unit_test(test_count_ideals),
        cmocka_unit_test(test_dp_params),
        cmocka_unit_test(test_solve_dense),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
