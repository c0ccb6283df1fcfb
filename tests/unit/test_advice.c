/* ecs_solve on infeasible deadlines (engine/solve.c): a deadline below the
 * proven least makespan on P PEs is reported as the status infeasible
 * (ECS_OK, no schedule), exactly as the MILP reports it, never as an
 * error; and the advice of ecs_makespan_advise (makespan.h) on the same
 * instances against brute force. */
#include "testutil.h"

#include "ecsched/graph.h"
#include "ecsched/listsched.h"
#include "ecsched/makespan.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/solve.h"

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

/* A random DAG: n tasks, work 1..maxw, edge i -> j (i < j) with
 * probability pe_pct %. */
static ecs_graph *random_graph(uint64_t *s, size_t n, long maxw, long pe_pct)
{
    long id[16], work[16];
    ecs_edge edges[120];
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        id[i] = (long)i + 1;
        work[i] = rng_int(s, 1, maxw);
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (rng_int(s, 0, 99) < pe_pct) {
                edges[m].from = i;
                edges[m].to = j;
                edges[m].comm = 0;
                m++;
            }
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_graph_build(n, id, work, NULL, m, edges, 0, &g, &d),
                     ECS_OK);
    return g;
}

static void platform(ecs_platform *p, int pes)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_pes(p, pes, NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5", NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_power(p, "quadratic", NULL), ECS_OK);
}

/* The proven least makespan of g on pes PEs. */
static long least_makespan(const ecs_graph *g, int pes)
{
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    prm.time_limit_s = 60.0;
    ecs_makespan_result r;
    ecs_diag d;
    assert_int_equal(ecs_makespan_solve(g, pes, &prm, &r, &d), ECS_OK);
    assert_true(r.optimal);
    long m = r.makespan;
    ecs_makespan_result_release(&r);
    return m;
}

/* Random instances of 4..9 tasks on 1..3 PEs with D' = M* - 1 .. M* - 3
 * (M* the proven least makespan, D' at least 1): solve returns OK with the
 * status infeasible and no schedule, and the MILP agrees.  Before the fix,
 * solve returned ECS_EINFEASIBLE with an empty message whenever the fluid
 * bound (which sees the work, not the PEs' capacity over time) found the
 * deadline infeasible. */
static void test_solve_infeasible_is_a_status(void **state)
{
    (void)state;
    uint64_t seed = 20261125;
    int cases = 0, below_cp = 0;
    for (int k = 0; k < 60; k++) {
        size_t n = (size_t)rng_int(&seed, 4, 9);
        ecs_graph *g = random_graph(&seed, n, 6, rng_int(&seed, 0, 40));
        ecs_platform p;
        platform(&p, (int)rng_int(&seed, 1, 3));
        long M = least_makespan(g, p.pes);
        long D = M - rng_int(&seed, 1, 3);
        if (D < 1)
            D = 1;
        if (D >= M) {
            ecs_graph_free(g);
            continue;
        }
        below_cp += D < ecs_graph_critical_path(g);
        double price[64];
        for (long l = 0; l < D; l++)
            price[l] = 1.0 + (double)(l % 5);
        ecs_solve_params prm;
        ecs_solve_params_init(&prm);
        prm.time_limit_s = 10.0;
        ecs_solve_result r;
        ecs_diag d;
        ecs_diag_clear(&d);
        ecs_result rc = ecs_solve(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D),
                                  NULL, &prm, &r, &d);
        if (rc != ECS_OK)
            print_error("case %d: n %zu P %d M %ld D %ld: rc %d '%s'\n", k, n,
                        p.pes, M, D, (int)rc, d.msg);
        assert_int_equal(rc, ECS_OK);
        assert_int_equal(r.status, ECS_SOLVE_INFEASIBLE);
        assert_null(r.schedule);
        assert_true(isnan(r.cost));
        ecs_solve_result_release(&r);
        ecs_milp_params mp;
        ecs_milp_params_init(&mp);
        mp.time_limit_s = 10.0;
        ecs_milp_result mr;
        assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, (size_t)D, D),
                                        &mp, &mr, &d),
                         ECS_OK);
        assert_int_equal(mr.status, ECS_MILP_INFEASIBLE);
        ecs_milp_result_release(&mr);
        cases++;
        ecs_graph_free(g);
    }
    /* both kinds: below the critical path, and between it and M* */
    assert_true(cases >= 40);
    assert_true(below_cp > 0 && below_cp < cases);
}

/* The advice on the same kind of instances against brute force (the
 * proven least makespan on every PE count): the critical path is the least
 * makespan on n PEs; the least deadline is the one passed in; pes_needed
 * PEs do meet D' (their least makespan is <= D'), no PE count does when
 * D' is below the critical path, and when pes_needed is claimed proven,
 * pes_needed - 1 PEs do not meet it. */
static void test_advice_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 77;
    int needed = 0, none = 0, proven = 0;
    for (int k = 0; k < 60; k++) {
        size_t n = (size_t)rng_int(&seed, 3, 9);
        ecs_graph *g = random_graph(&seed, n, 6, rng_int(&seed, 0, 40));
        int pes = (int)rng_int(&seed, 1, 3);
        long M = least_makespan(g, pes);
        long D = M - rng_int(&seed, 1, 4);
        if (D < 1) {
            ecs_graph_free(g);
            continue;
        }
        long cp = least_makespan(g, (int)n);
        ecs_makespan_advice a;
        ecs_diag d;
        assert_int_equal(ecs_makespan_advise(g, pes, D, M, 1, M, &a, &d),
                         ECS_OK);
        assert_int_equal(a.deadline, D);
        assert_int_equal(a.critical_path, cp);
        assert_int_equal(a.least_deadline, M);
        assert_true(a.least_proven);
        assert_int_equal(a.lower_bound, M);
        if (D < cp) {
            assert_int_equal(a.pes_needed, 0);
            none++;
        } else {
            assert_true(a.pes_needed > pes);
            assert_true(least_makespan(g, a.pes_needed) <= D);
            if (a.pes_needed_proven) {
                assert_true(least_makespan(g, a.pes_needed - 1) > D);
                proven++;
            }
            needed++;
        }
        /* without a makespan: the list schedule's, never below the proven
         * one, and the lower bound never above it */
        assert_int_equal(ecs_makespan_advise(g, pes, D, 0, 0, 0, &a, &d),
                         ECS_OK);
        assert_true(a.least_deadline >= M);
        assert_true(a.lower_bound <= M);
        ecs_graph_free(g);
    }
    assert_true(needed > 10 && none > 5 && proven > 0);
    ecs_makespan_advice a;
    ecs_diag d;
    ecs_graph *g = random_graph(&seed, 3, 2, 0);
    assert_int_equal(ecs_makespan_advise(g, 0, 3, 0, 0, 0, &a, &d),
                     ECS_EINVAL);
    assert_int_equal(ecs_makespan_advise(g, 1, 0, 0, 0, 0, &a, &d),
                     ECS_EINVAL);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_infeasible_is_a_status),
        cmocka_unit_test(test_advice_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
