/* The MILP leaves the GLPK environment to the program: a GLPK problem the
 * program made before ecs_milp_solve is intact after it, GLPK's memory is
 * back where it was after every solve (glp_mem_usage, over a loop of
 * solves), and every solve of the loop finds the same proven optimum with
 * either formulation. */
#include "testutil.h"

#include <glpk.h>

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"

/* A diamond 1 -> {2, 3} -> 4 with work 2, 1, 3, 1. */
static ecs_graph *diamond(void)
{
    long id[4] = {1, 2, 3, 4}, work[4] = {2, 1, 3, 1};
    ecs_edge e[4] = {{0, 1, 0}, {0, 2, 0}, {1, 3, 0}, {2, 3, 0}};
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(4, id, work, NULL, 4, e, 0, &g, NULL),
                     ECS_OK);
    return g;
}

/* The program's own LP: max x + y, x + 2y <= 4, 3x + y <= 6, x, y >= 0
 * (optimum 2.8 at x = 1.6, y = 1.2). */
static glp_prob *host_lp(void)
{
    glp_prob *lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MAX);
    glp_add_rows(lp, 2);
    glp_set_row_bnds(lp, 1, GLP_UP, 0, 4);
    glp_set_row_bnds(lp, 2, GLP_UP, 0, 6);
    glp_add_cols(lp, 2);
    for (int j = 1; j <= 2; j++) {
        glp_set_col_bnds(lp, j, GLP_LO, 0, 0);
        glp_set_obj_coef(lp, j, 1);
    }
    int ia[5] = {0, 1, 1, 2, 2}, ja[5] = {0, 1, 2, 1, 2};
    double ar[5] = {0, 1, 2, 3, 1};
    glp_load_matrix(lp, 4, ia, ja, ar);
    return lp;
}

static double host_solve(glp_prob *lp)
{
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    assert_int_equal(glp_simplex(lp, &parm), 0);
    assert_int_equal(glp_get_status(lp), GLP_OPT);
    return glp_get_obj_val(lp);
}

/* One solve of the diamond on 2 PEs, D' = 6, prices rising with the slot,
 * with formulation f; returns the proven optimum after checking it. */
static double solve_once(const ecs_graph *g, const ecs_platform *p,
                         ecs_milp_formulation f)
{
    double price[6] = {0.2, 0.4, 0.6, 0.8, 1.0, 1.2};
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.formulation = f;
    prm.time_limit_s = 20;
    ecs_milp_result r;
    ecs_diag d;
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, p, price, 6, 6), &prm, &r, &d), ECS_OK);
    assert_int_equal(r.status, ECS_MILP_OPTIMAL);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, price, 6, 6), r.schedule, &rep, NULL),
                     ECS_OK);
    assert_close(rep.cost, r.cost, 1e-9);
    double cost = r.cost;
    ecs_milp_result_release(&r);
    return cost;
}

static void test_host_objects_survive(void **state)
{
    (void)state;
    glp_prob *lp = host_lp();
    glp_set_prob_name(lp, "host");
    assert_close(host_solve(lp), 2.8, 1e-9);

    ecs_graph *g = diamond();
    ecs_platform p;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, 2, NULL), ECS_OK);
    solve_once(g, &p, ECS_MILP_STRONG);

    /* the program's problem is still there, with its data */
    assert_string_equal(glp_get_prob_name(lp), "host");
    assert_int_equal(glp_get_num_rows(lp), 2);
    assert_int_equal(glp_get_num_cols(lp), 2);
    assert_close(glp_get_obj_val(lp), 2.8, 1e-9);
    assert_close(glp_get_col_prim(lp, 1), 1.6, 1e-9);
    glp_set_row_bnds(lp, 2, GLP_UP, 0, 4); /* 3x + y <= 4: x = 0.8, y = 1.6 */
    assert_close(host_solve(lp), 2.4, 1e-9);
    glp_delete_prob(lp);
    ecs_graph_free(g);
}

static void test_memory_bounded(void **state)
{
    (void)state;
    ecs_graph *g = diamond();
    ecs_platform p;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, 2, NULL), ECS_OK);

    int count0, cpeak0, count, cpeak;
    size_t total0, tpeak0, total, tpeak;
    glp_mem_usage(&count0, &cpeak0, &total0, &tpeak0);
    double first = solve_once(g, &p, ECS_MILP_STRONG);
    /* both formulations, alternately: the same optimum (two independent
     * models), and GLPK's memory back to its level after each */
    for (int k = 0; k < 30; k++) {
        double c = solve_once(g, &p, k % 2 ? ECS_MILP_STRONG : ECS_MILP_PAPER);
        assert_close(c, first, 1e-9);
        glp_mem_usage(&count, &cpeak, &total, &tpeak);
        if (count != count0 || total != total0) {
            print_error("after solve %d GLPK holds %d blocks, %zu bytes; "
                        "before the first %d blocks, %zu bytes\n",
                        k + 2, count, total, count0, total0);
            fail();
        }
    }
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_host_objects_survive),
        cmocka_unit_test(test_memory_bounded),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    glp_free_env(); /* the program's to free, here the test's */
    return rc;
}
