/* The transitive reduction (graph.h, taskgraphs/reduce.c): by hand, and on
 * random DAGs against its definition checked by brute force (the same
 * reachability as the graph, and every kept edge needed for it); tasks kept
 * index for index; the size limit; and the MILP, which works on the
 * reduction, on the densest shared 50-task graph (953 edges), its schedule
 * checked against every edge. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/stg.h"

static ecs_graph *build(size_t n, const long *work, size_t m,
                        const ecs_edge *e, int comm)
{
    long id[64];
    for (size_t i = 0; i < n; i++)
        id[i] = 10 * (long)i + 3; /* ids that are not indices */
    ecs_graph *g = NULL;
    assert_int_equal(ecs_graph_build(n, id, work, NULL, m, e, comm, &g, NULL),
                     ECS_OK);
    return g;
}

static int has_edge(const ecs_graph *g, size_t a, size_t b)
{
    for (size_t k = g->succ_off[a]; k < g->succ_off[a + 1]; k++)
        if (g->succ[k] == b)
            return 1;
    return 0;
}

/* reach[a * n + b] = 1 when a path a -> ... -> b exists (Floyd-Warshall),
 * skipping the edge (skip_a, skip_b) when skip_a < n. */
static void closure(const ecs_graph *g, unsigned char *reach, size_t skip_a,
                    size_t skip_b)
{
    size_t n = g->n;
    memset(reach, 0, n * n);
    for (size_t a = 0; a < n; a++)
        for (size_t k = g->succ_off[a]; k < g->succ_off[a + 1]; k++)
            if (!(a == skip_a && g->succ[k] == skip_b))
                reach[a * n + g->succ[k]] = 1;
    for (size_t k = 0; k < n; k++)
        for (size_t a = 0; a < n; a++)
            if (reach[a * n + k])
                for (size_t b = 0; b < n; b++)
                    if (reach[k * n + b])
                        reach[a * n + b] = 1;
}

/* a -> b -> c, a -> c, b -> d, a -> d, c -> d with comm costs: only
 * a -> b, b -> c, c -> d stay, with their own costs; tasks, ids and work
 * unchanged, index for index. */
static void test_by_hand(void **state)
{
    (void)state;
    long work[4] = {1, 2, 3, 4};
    ecs_edge e[6] = {{0, 1, 11}, {1, 2, 12}, {0, 2, 13},
                     {1, 3, 14}, {0, 3, 15}, {2, 3, 16}};
    ecs_graph *g = build(4, work, 6, e, 1);
    ecs_graph *r = NULL;
    assert_int_equal(ecs_graph_transitive_reduction(g, &r, NULL), ECS_OK);
    assert_int_equal(r->n, 4);
    assert_int_equal(r->nedges, 3);
    assert_true(has_edge(r, 0, 1) && has_edge(r, 1, 2) && has_edge(r, 2, 3));
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(r->id[i], g->id[i]);
        assert_int_equal(r->work[i], g->work[i]);
    }
    assert_non_null(r->pred_comm);
    /* the predecessor of task 2 is 1, with cost 12; of 3 is 2, cost 16 */
    assert_int_equal(r->pred[r->pred_off[2]], 1);
    assert_int_equal(r->pred_comm[r->pred_off[2]], 12);
    assert_int_equal(r->pred[r->pred_off[3]], 2);
    assert_int_equal(r->pred_comm[r->pred_off[3]], 16);
    ecs_graph_free(r);
    ecs_graph_free(g);
}

/* 300 random DAGs of 1 to 14 tasks, edge density 0.1 to 0.9, tasks in a
 * shuffled order: the reduction has the graph's reachability, keeps only
 * edges of the graph, and none of them is implied by the others. */
static void test_random(void **state)
{
    (void)state;
    uint64_t s = 4242;
    for (int t = 0; t < 300; t++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        size_t n = 1 + (size_t)(s >> 33) % 14;
        double dens = 0.1 + 0.8 * (double)((s >> 20) % 1000) / 1000.0;
        size_t perm[14];
        for (size_t i = 0; i < n; i++)
            perm[i] = i;
        for (size_t i = n; i-- > 1;) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t j = (size_t)(s >> 33) % (i + 1), x = perm[i];
            perm[i] = perm[j];
            perm[j] = x;
        }
        long work[14];
        ecs_edge e[91];
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            work[i] = 1 + (long)i % 3;
            for (size_t j = i + 1; j < n; j++) {
                s = s * 6364136223846793005ULL + 1442695040888963407ULL;
                if ((double)((s >> 33) % 1000) / 1000.0 < dens) {
                    e[m].from = perm[i];
                    e[m].to = perm[j];
                    e[m].comm = 0;
                    m++;
                }
            }
        }
        ecs_graph *g = build(n, work, m, e, 0);
        ecs_graph *r = NULL;
        assert_int_equal(ecs_graph_transitive_reduction(g, &r, NULL), ECS_OK);
        unsigned char rg[196], rr[196], rk[196];
        closure(g, rg, n, n);
        closure(r, rr, n, n);
        assert_memory_equal(rg, rr, n * n);
        for (size_t a = 0; a < n; a++)
            for (size_t k = r->succ_off[a]; k < r->succ_off[a + 1]; k++) {
                size_t b = r->succ[k];
                assert_true(has_edge(g, a, b));
                closure(r, rk, a, b); /* without a -> b: b out of reach */
                assert_int_equal(rk[a * n + b], 0);
            }
        ecs_graph_free(r);
        ecs_graph_free(g);
    }
}

/* Above ECS_GRAPH_REDUCE_MAX_TASKS tasks: ELIMIT and no graph. */
static void test_limit(void **state)
{
    (void)state;
    size_t n = ECS_GRAPH_REDUCE_MAX_TASKS + 1;
    long *id = malloc(n * sizeof *id), *work = malloc(n * sizeof *work);
    assert_non_null(id);
    assert_non_null(work);
    for (size_t i = 0; i < n; i++) {
        id[i] = (long)i;
        work[i] = 1;
    }
    ecs_graph *g = NULL, *r = NULL;
    assert_int_equal(ecs_graph_build(n, id, work, NULL, 0, NULL, 0, &g, NULL),
                     ECS_OK);
    ecs_diag d;
    assert_int_equal(ecs_graph_transitive_reduction(g, &r, &d), ECS_ELIMIT);
    assert_null(r);
    assert_non_null(strstr(d.msg, "16385 tasks"));
    ecs_graph_free(g);
    free(id);
    free(work);
}

/* The densest shared 50-task graph (rand0093: 953 edges) reduces to far
 * fewer, and the MILP (which works on the reduction) proves an optimum
 * whose schedule the checker accepts against all 953 edges of the graph
 * (P = 16, deadline 58, a second or so). */
static void test_milp_checked(void **state)
{
    (void)state;
    const char *dir = test_shared_data();
    if (dir == NULL) {
        print_message("shared data absent: skipped\n");
        skip();
    }
    char path[512];
    snprintf(path, sizeof path, "%s/stg/50/rand0093.stg", dir);
    ecs_graph *raw = NULL, *g = NULL, *r = NULL;
    assert_int_equal(ecs_stg_read_file(path, ECS_STG_AUTO, &raw, NULL), ECS_OK);
    assert_int_equal(ecs_graph_contract(raw, &g, NULL), ECS_OK);
    assert_int_equal(ecs_graph_transitive_reduction(g, &r, NULL), ECS_OK);
    assert_int_equal(g->nedges, 953);
    assert_true(r->nedges < 400);
    ecs_platform p;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, 16, NULL), ECS_OK);
    double price[58];
    for (int l = 0; l < 58; l++)
        price[l] = 0.2 + (double)((l * 7) % 11) / 10.0;
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 60;
    ecs_milp_result a;
    assert_int_equal(ecs_milp_solve(ECS_INSTANCE_BORROW(g, &p, price, 58, 58), &prm, &a, NULL),
                     ECS_OK);
    assert_int_equal(a.status, ECS_MILP_OPTIMAL);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, 58, 58), a.schedule,
                                        &rep, NULL),
                     ECS_OK);
    assert_close(rep.cost, a.cost, 1e-9 * (1.0 + fabs(a.cost)));
    ecs_milp_result_release(&a);
    ecs_graph_free(raw);
    ecs_graph_free(g);
    ecs_graph_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_limit),
        cmocka_unit_test(test_milp_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
