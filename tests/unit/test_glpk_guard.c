/* The one GLPK guard (solver/core/glpk_guard.c) on every path that calls
 * GLPK: a GLPK internal error inside the library (provoked here with GLPK's
 * own memory limit, glp_mem_limit, which GLPK enforces by an error) comes
 * back as ECS_ESOLVER with a message, not as GLPK's abort(); while GLPK is
 * in its error state every guarded entry (the MILP of both models'
 * drivers, CaWoSched's fixed-mapping MILP, the column-generation bound, the
 * extended model's fluid LP) answers ESOLVER at once; after the program's
 * glp_free_env() they solve again, and give the optimum the checker
 * confirms. */
#include "testutil.h"

#include <glpk.h>

#include "ecsched/bound.h"
#include "ecsched/cawosched.h"
#include "ecsched/check.h"
#include "ecsched/fixedmap.h"
#include "ecsched/fixedmap_milp.h"
#include "ecsched/graph.h"
#include "ecsched/graphio.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"

#include <stdio.h>

#define DMAX 40

/* A random instance of n tasks on 3 PEs, D' = D: at n = 24, D' = 40 its
 * strong MILP needs more than GLPK's smallest memory limit (1 MB); at
 * n = 6, D' = 12 it solves at once. */
typedef struct big {
    ecs_graph *g;
    ecs_platform p;
    double price[DMAX];
    ecs_instance inst;
} big;

static void big_make(big *b, size_t n, long D)
{
    uint64_t s = 35;
    b->g = tu_random_graph(&s, n, 3, 0.1);
    tu_platform(&b->p, 3, "1,0.5,0", "quadratic");
    tu_random_prices(&s, b->price, D, 0.0);
    ecs_instance_init(&b->inst, b->g, &b->p, b->price, (size_t)D, D);
}

static void big_free(big *b)
{
    ecs_instance_release(&b->inst);
    ecs_graph_free(b->g);
}

static ecs_result milp(const big *b, ecs_milp_result *r, ecs_diag *d)
{
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 60;
    memset(r, 0, sizeof *r);
    return ecs_milp_solve(&b->inst, &prm, r, d);
}

/* CaWoSched's hand example (tests/fixtures/cawosched/hand.*) with its
 * deadline and intervals stretched by `scale`. */
typedef struct cws {
    ecs_graph *g;
    ecs_cws_mapping *m;
    ecs_cws_setup *s;
    ecs_cws_problem *p;
} cws;

static void cws_make(cws *x, long scale)
{
    static const char dot[] =
        "strict digraph \"G\" {\n0 [weight=2];\n1 [weight=1];\n2 [weight=3];\n"
        "3 [weight=1];\n0 -> 1 [size=1];\n0 -> 2 [size=2];\n1 -> 3 [size=1];\n"
        "2 -> 3 [size=1];\n}\n";
    static const char map[] = "2\n0 1 3\n2\n";
    char setup[256];
    snprintf(setup, sizeof setup, "%ld\n2\n1 1 0 0\n3 2 1 1\n2\n4 2\n0 %ld %ld\n",
             10 * scale, 5 * scale, 10 * scale);
    ecs_diag d;
    memset(x, 0, sizeof *x);
    assert_int_equal(ecs_dot_read_buffer(dot, strlen(dot), "t.dot", 1, &x->g, &d), ECS_OK);
    assert_int_equal(ecs_cws_mapping_read_buffer(map, strlen(map), "t.map", &x->m, &d), ECS_OK);
    assert_int_equal(ecs_cws_setup_read_buffer(setup, strlen(setup), "t.input", &x->s, &d), ECS_OK);
    assert_int_equal(ecs_cws_problem_build(x->g, x->m, x->s, &x->p, &d), ECS_OK);
}

static void cws_free(cws *x)
{
    ecs_cws_problem_free(x->p);
    ecs_cws_setup_free(x->s);
    ecs_cws_mapping_free(x->m);
    ecs_graph_free(x->g);
}

/* GLPK's error inside the MILP driver: ESOLVER, GLPK in its error state,
 * every guarded entry refuses; glp_free_env() and the MILP solves. */
static void test_error_in_milp(void **state)
{
    (void)state;
    big b, small;
    big_make(&b, 24, DMAX);
    big_make(&small, 6, 12);
    cws x;
    cws_make(&x, 1);
    ecs_diag d;
    ecs_milp_result r;
    glp_mem_limit(1);
    ecs_diag_clear(&d);
    assert_int_equal(milp(&b, &r, &d), ECS_ESOLVER);
    assert_non_null(strstr(d.msg, "GLPK reported an internal error"));
    ecs_milp_result_release(&r);
    assert_true(glp_at_error());
    /* the error state: every guarded entry says so at once */
    assert_int_equal(milp(&b, &r, &d), ECS_ESOLVER);
    assert_non_null(strstr(d.msg, "error state"));
    ecs_milp_result_release(&r);
    long start[16];
    ecs_fixedmap_milp_result mr;
    assert_int_equal(ecs_fixedmap_milp(x.p, NULL, 10, start, &mr, &d), ECS_ESOLVER);
    assert_non_null(strstr(d.msg, "error state"));
    ecs_bound_params bp;
    ecs_bound_params_init(&bp);
    bp.time_limit_s = 10;
    ecs_bound_result br;
    assert_int_equal(ecs_bound_compute(&b.inst, &bp, &br, &d), ECS_ESOLVER);
    assert_non_null(strstr(d.msg, "error state"));
    double v;
    assert_int_equal(ecs_bound_fluid_ext(&b.inst, &v, &d), ECS_ESOLVER);
    assert_non_null(strstr(d.msg, "error state"));
    /* recovery: the program frees the environment (the limit with it) */
    glp_free_env();
    assert_false(glp_at_error());
    assert_int_equal(milp(&small, &r, &d), ECS_OK);
    assert_int_equal(r.status, ECS_MILP_OPTIMAL);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&small.inst, r.schedule, &rep, &d), ECS_OK);
    assert_close(rep.cost, r.cost, tu_tol(r.cost));
    ecs_milp_result_release(&r);
    assert_int_equal(ecs_fixedmap_milp(x.p, NULL, 10, start, &mr, &d), ECS_OK);
    assert_int_equal(mr.optimal, 1);
    cws_free(&x);
    big_free(&small);
    big_free(&b);
}

/* GLPK's error inside the fixed-mapping MILP (it had no guard: GLPK's
 * abort() ended the process): ESOLVER, nothing leaked (the sanitizer
 * build), and after glp_free_env() the hand example solves to its
 * optimum. */
static void test_error_in_fixedmap_milp(void **state)
{
    (void)state;
    cws x;
    cws_make(&x, 400); /* D = 4000 slots: several MB of columns */
    cws small;
    cws_make(&small, 1);
    ecs_diag d;
    ecs_diag_clear(&d);
    long start[16];
    ecs_fixedmap_milp_result mr;
    glp_mem_limit(1);
    assert_int_equal(ecs_fixedmap_milp(x.p, NULL, 30, start, &mr, &d), ECS_ESOLVER);
    assert_non_null(strstr(d.msg, "GLPK reported an internal error"));
    assert_true(glp_at_error());
    glp_free_env();
    assert_int_equal(ecs_fixedmap_milp(small.p, NULL, 60, start, &mr, &d), ECS_OK);
    assert_int_equal(mr.optimal, 1);
    ecs_cws_eval ev;
    assert_int_equal(ecs_cws_evaluate(small.p, start, &ev, &d), ECS_OK);
    assert_int_equal(ev.cost, mr.cost);
    long long lb;
    assert_int_equal(ecs_fixedmap_bound(small.p, &lb, &d), ECS_OK);
    assert_true(lb <= mr.cost);
    cws_free(&small);
    cws_free(&x);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_error_in_milp),
        cmocka_unit_test(test_error_in_fixedmap_milp),
    };
    const struct CMUnitTest slow[] = {{0}};
    int failed = tu_run(quick, 2, slow, 0);
    glp_free_env();
    return failed;
}
