/*
 * Mapping and scheduling together in CaWoSched's model (remap.h;
 * docs/cawosched.md "Choosing the mapping"): the hand example, where only a
 * new mapping reaches the optimum (derived by hand below); every mapping
 * of tiny random instances enumerated, each scheduled exactly, against the
 * search (never below the optimum over all mappings, mostly at it) and the
 * bound (never above); the list schedule's mapping on a chain; parameters
 * and errors.  Every schedule returned is checked by ecs_cws_evaluate on a
 * problem rebuilt from the returned mapping.
 */
#include "testutil.h"

#include "ecsched/cawosched.h"
#include "ecsched/fixedmap.h"
#include "ecsched/fixedmap_milp.h"
#include "ecsched/graphio.h"
#include "ecsched/remap.h"

typedef struct inst {
    ecs_graph *g;
    ecs_cws_setup *s;
} inst;

static void load(inst *x, const char *dot, const char *setup)
{
    ecs_diag d;
    assert_int_equal(ecs_dot_read_buffer(dot, strlen(dot), "t.dot", 1, &x->g, &d), ECS_OK);
    assert_int_equal(ecs_cws_setup_read_buffer(setup, strlen(setup), "t.input", &x->s, &d),
                     ECS_OK);
}

static void unload(inst *x)
{
    ecs_graph_free(x->g);
    ecs_cws_setup_free(x->s);
}

/* The optimum of one mapping (text form): exact by the MILP (equal to
 * enumeration on tiny instances: test_cawosched's test_brute_force); -1
 * when the mapping has a cycle or misses the deadline. */
static long long mapping_optimum(const inst *x, const char *map)
{
    ecs_diag d;
    ecs_cws_mapping *m;
    ecs_cws_problem *p;
    assert_int_equal(ecs_cws_mapping_read_buffer(map, strlen(map), "m", &m, &d), ECS_OK);
    ecs_result rc = ecs_cws_problem_build(x->g, m, x->s, &p, &d);
    ecs_cws_mapping_free(m);
    if (rc == ECS_EINFEASIBLE)
        return -1;
    assert_int_equal(rc, ECS_OK);
    long est[32], ms[32];
    assert_true(p->n <= 32);
    long long opt = -1;
    if (ecs_cws_earliest(p, est) <= p->deadline) {
        ecs_fixedmap_milp_result mr;
        assert_int_equal(ecs_fixedmap_milp(p, NULL, 60, ms, &mr, &d), ECS_OK);
        assert_int_equal(mr.optimal, 1);
        opt = mr.cost;
    }
    ecs_cws_problem_free(p);
    return opt;
}

/* Every mapping of n tasks on P processors: task k goes into any slot of
 * any processor's list (P(P+1)...(P+n-1) mappings); the least optimum. */
static long long all_mappings(const inst *x, size_t P, size_t k, long lists[][8],
                              size_t *len, long long best, long *count)
{
    if (k == x->g->n) {
        char map[256];
        int l = snprintf(map, sizeof map, "%zu\n", P);
        for (size_t q = 0; q < P; q++) {
            for (size_t j = 0; j < len[q]; j++)
                l += snprintf(map + l, sizeof map - (size_t)l, "%ld ", lists[q][j]);
            l += snprintf(map + l, sizeof map - (size_t)l, "\n");
        }
        long long c = mapping_optimum(x, map);
        (*count)++;
        return c >= 0 && (best < 0 || c < best) ? c : best;
    }
    for (size_t q = 0; q < P; q++)
        for (size_t at = 0; at <= len[q]; at++) {
            memmove(&lists[q][at + 1], &lists[q][at], (len[q] - at) * sizeof **lists);
            lists[q][at] = x->g->id[k];
            len[q]++;
            best = all_mappings(x, P, k + 1, lists, len, best, count);
            len[q]--;
            memmove(&lists[q][at], &lists[q][at + 1], (len[q] - at) * sizeof **lists);
        }
    return best;
}

/* Run the search; check its schedule on a problem rebuilt from its mapping
 * (cost, validity, that every task is mapped); returns the cost. */
static long long search(const inst *x, const ecs_remap_params *q,
                        ecs_remap_stats *st)
{
    ecs_diag d;
    ecs_cws_mapping *m;
    ecs_cws_problem *p, *p2;
    long *s;
    assert_int_equal(ecs_remap_search(x->g, x->s, q, &m, &p, &s, st, &d), ECS_OK);
    assert_int_equal(ecs_cws_problem_build_freq(x->g, m, x->s, p->freq, p->scale, &p2, &d),
                     ECS_OK);
    assert_int_equal(p2->n, p->n);
    assert_int_equal(p->scale, q && q->freqs ? ECS_CWS_FREQ_SCALE : 1);
    ecs_cws_eval ev;
    assert_int_equal(ecs_cws_evaluate(p2, s, &ev, &d), ECS_OK);
    assert_int_equal(ev.cost, st->cost);
    assert_int_equal(m->ntasks, x->g->n);
    /* the written text reads back as the same mapping */
    char *text;
    assert_int_equal(ecs_cws_mapping_text(m, &text, &d), ECS_OK);
    ecs_cws_mapping *m2;
    assert_int_equal(ecs_cws_mapping_read_buffer(text, strlen(text), "out", &m2, &d), ECS_OK);
    assert_int_equal(m2->ntasks, m->ntasks);
    assert_memory_equal(m2->task, m->task, m->ntasks * sizeof *m->task);
    assert_memory_equal(m2->off, m->off, (m->nprocs + 1) * sizeof *m->off);
    free(text);
    ecs_cws_mapping_free(m2);
    ecs_cws_mapping_free(m);
    ecs_cws_problem_free(p);
    ecs_cws_problem_free(p2);
    free(s);
    return ev.cost;
}

/* ---- the hand example (docs/cawosched.md) ----
 *
 * Tasks 0 (2 units), 1 (1), 2 (3), 3 (1); work power 3 on processor 0, 2
 * on processor 1, 1 on each link; idle 1 1 0 0 (base 2); C = 2; D = 10;
 * budget 4 on [0, 5), 2 on [5, 10).  The given mapping (0 1 3 | 2) costs
 * 24 at best (test_cawosched).  By hand, over every mapping: green left
 * for work is 2 a unit on [0, 5) (10 in all) and none after; the least
 * work power is 2, so the 7 work units draw at least 14 and at least
 * 14 - 10 = 4 of it is brown: cost >= 8 whatever the mapping (that is the
 * relaxation's bound).  Every task on processor 1 in the order 0 2 1 3
 * (no transfer) reaches it: 0 at 0, 2 at 2, 1 at 5 (brown 2), 3 at 6
 * (brown 2): units 0..4 carry 2 above the base, within the budget; brown
 * 4, cost 8.  So only remapping reaches the optimum, 8 < 24.
 */
#define HAND "tests/fixtures/cawosched/"
static const char *hand_map = "2\n0 1 3\n2\n"; /* hand_mapping.txt */

/* The hand example's graph and setup from their fixtures. */
static void load_hand(inst *x, const char *setup_path)
{
    ecs_diag d;
    ecs_graph_read_params gp;
    ecs_graph_read_params_init(&gp);
    assert_int_equal(ecs_graph_read_file(HAND "hand.dot", &gp, &x->g, &d), ECS_OK);
    assert_int_equal(ecs_cws_setup_read_file(setup_path, &x->s, &d), ECS_OK);
}

static void test_hand(void **state)
{
    (void)state;
    inst x;
    load_hand(&x, HAND "hand_setup.input");
    ecs_diag d;
    assert_int_equal(mapping_optimum(&x, hand_map), 24);
    assert_int_equal(mapping_optimum(&x, "2\n\n0 2 1 3\n"), 8);
    long lists[2][8];
    size_t len[2] = {0, 0};
    long count = 0;
    assert_int_equal(all_mappings(&x, 2, 0, lists, len, -1, &count), 8);
    assert_int_equal(count, 2 * 3 * 4 * 5);
    long long lb;
    assert_int_equal(ecs_remap_bound(x.g, x.s, &lb, &d), ECS_OK);
    assert_int_equal(lb, 8);
    /* from the given mapping alone: the search leaves 24 for 8 */
    ecs_cws_mapping *given;
    assert_int_equal(ecs_cws_mapping_read_buffer(hand_map, strlen(hand_map), "m", &given, &d),
                     ECS_OK);
    ecs_remap_params q;
    ecs_remap_params_init(&q);
    q.time_limit = 0;
    q.max_evals = 2000;
    q.starts = ECS_REMAP_GIVEN;
    q.given = given;
    ecs_remap_stats st;
    assert_int_equal(search(&x, &q, &st), 8);
    assert_int_equal(st.given_cost, 24);
    assert_string_equal(st.best_start, "given");
    assert_true(st.accepted >= 1);
    /* every start: never dearer than the given mapping's schedule */
    q.starts = ECS_REMAP_ALL;
    assert_int_equal(search(&x, &q, &st), 8);
    ecs_cws_mapping_free(given);
    unload(&x);
}

/* ---- every mapping of tiny random instances ---- */

static void test_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 38;
    int cases = 0, exact = 0, below_fixed = 0;
    for (int it = 0; it < 40; it++) {
        int n = (int)tu_rng_int(&seed, 2, 4);
        char dot[1024], setup[512];
        long total = tu_cws_random_dot(&seed, n, dot, sizeof dot);
        long D = total + tu_rng_int(&seed, 0, 3);
        if (D > 10)
            D = 10;
        tu_cws_random_setup2(&seed, D, setup, sizeof setup);
        inst x;
        load(&x, dot, setup);
        long lists[2][8];
        size_t ln[2] = {0, 0};
        long count = 0;
        long long opt = all_mappings(&x, 2, 0, lists, ln, -1, &count);
        ecs_diag d;
        long long lb;
        ecs_result brc = ecs_remap_bound(x.g, x.s, &lb, &d);
        if (opt < 0) {
            /* no mapping meets the deadline: the search says so too */
            ecs_cws_mapping *m;
            ecs_cws_problem *p;
            long *s;
            assert_int_equal(ecs_remap_search(x.g, x.s, NULL, &m, &p, &s, NULL, &d),
                             ECS_EINFEASIBLE);
            assert_null(m);
            unload(&x);
            continue;
        }
        assert_int_equal(brc, ECS_OK);
        if (lb > opt) {
            print_error("bound %lld above the optimum %lld over all mappings:\n%s\n%s\n", lb,
                        opt, dot, setup);
            fail();
        }
        /* from the fixed mapping "all in index order on processor 0" */
        char given_text[64] = "2\n";
        for (int i = 0; i < n; i++)
            snprintf(given_text + strlen(given_text), 64 - strlen(given_text), "%d ", i);
        strcat(given_text, "\n\n");
        ecs_cws_mapping *given;
        assert_int_equal(ecs_cws_mapping_read_buffer(given_text, strlen(given_text), "m",
                                                     &given, &d),
                         ECS_OK);
        long long fixed = mapping_optimum(&x, given_text);
        ecs_remap_params q;
        ecs_remap_params_init(&q);
        q.time_limit = 0;
        q.max_evals = 400;
        q.given = given;
        ecs_remap_stats st;
        long long c = search(&x, &q, &st);
        if (c < opt) {
            print_error("search %lld below the optimum %lld over all mappings:\n%s\n%s\n", c,
                        opt, dot, setup);
            fail();
        }
        if (st.given_cost >= 0)
            assert_true(c <= st.given_cost); /* never dearer than its start */
        cases++;
        exact += c == opt;
        below_fixed += fixed >= 0 && opt < fixed;
        ecs_cws_mapping_free(given);
        unload(&x);
    }
    assert_true(cases >= 25);
    /* a heuristic: not every case, but nearly every tiny one is optimal */
    fprintf(stderr, "remap brute force: %d cases, %d at the optimum over all mappings, "
                    "%d where remapping beats the one-processor mapping's optimum\n",
            cases, exact, below_fixed);
    assert_true(exact * 10 >= cases * 9);
    assert_true(below_fixed > 0);
}

/* ---- the list schedule's mapping ---- */

/* A chain 0 -> 1 -> 2 with large transfers on 3 processors: every move
 * off the first processor costs a transfer, so the earliest finish keeps
 * the chain on one processor, the most frugal of the ties (work power 1 on
 * processor 2): makespan 2 + 3 + 1 = 6. */
static void test_list_mapping(void **state)
{
    (void)state;
    inst x;
    load(&x,
         "digraph { 0 [weight=2]; 1 [weight=3]; 2 [weight=1]; "
         "0 -> 1 [size=5]; 1 -> 2 [size=5]; }",
         "20\n1\n0 0 0 0 0 0 0 0 0\n3 2 1 1 1 1 1 1 1\n1\n0\n0 20\n");
    ecs_diag d;
    ecs_cws_mapping *m;
    long mk;
    assert_int_equal(ecs_remap_list_mapping(x.g, x.s, &m, &mk, &d), ECS_OK);
    assert_int_equal(mk, 6);
    assert_int_equal(m->nprocs, 3);
    assert_int_equal(m->off[2], 0);
    assert_int_equal(m->off[3], 3);
    assert_int_equal(m->task[0], 0);
    assert_int_equal(m->task[1], 1);
    assert_int_equal(m->task[2], 2);
    ecs_cws_mapping_free(m);
    /* budget 0: every unit of work is brown, the least is 6 x 1 */
    long long lb;
    assert_int_equal(ecs_remap_bound(x.g, x.s, &lb, &d), ECS_OK);
    assert_int_equal(lb, 6);
    unload(&x);
}

/* ---- frequencies (ecsched's extension) ----
 *
 * One task of weight 2 on one processor (work power 4, idle 0), budget 1
 * on [0, 4), C = 1.  At f = 1 it draws 4 for 2 units: brown 3 + 3 = 6,
 * wherever it starts.  At f = 0.5 it lasts ceil(2 / 0.5) = 4 units at
 * 4 x 0.25 = 1, all green: cost 0.  With D = 3 the slow task no longer
 * fits (4 units), so 6 is the best again.  Costs of a problem with
 * frequencies are in ten-thousandths (ECS_CWS_FREQ_SCALE). */
static void test_freqs(void **state)
{
    (void)state;
    const char *dot = "digraph {\n0 [weight=2];\n}\n";
    inst x;
    load(&x, dot, "4\n1\n0\n4\n1\n1\n0 4\n");
    ecs_remap_params q;
    ecs_remap_params_init(&q);
    q.time_limit = 0;
    q.max_evals = 50;
    ecs_remap_stats st;
    assert_int_equal(search(&x, &q, &st), 6);
    const double f2[2] = {1, 0.5};
    q.freqs = f2;
    q.nfreqs = 2;
    assert_int_equal(search(&x, &q, &st), 0);
    ecs_diag d;
    long long lb;
    assert_int_equal(ecs_remap_bound_freqs(x.g, x.s, f2, 2, &lb, &d), ECS_OK);
    assert_int_equal(lb, 0); /* least energy 4 x 0.25 x 4 = 4 = the green */
    unload(&x);
    load(&x, dot, "3\n1\n0\n4\n1\n1\n0 3\n");
    assert_int_equal(search(&x, &q, &st), 6 * ECS_CWS_FREQ_SCALE);
    /* least energy 8 at f = 1 (f = 0.5 gives 4 too but the bound does not
     * know it cannot fit), green 3: bound (4 - 3) = 1 */
    assert_int_equal(ecs_remap_bound_freqs(x.g, x.s, f2, 2, &lb, &d), ECS_OK);
    assert_int_equal(lb, 1 * ECS_CWS_FREQ_SCALE);
    assert_true(lb <= 6 * ECS_CWS_FREQ_SCALE);
    unload(&x);
    /* one frequency, 1: the same search as without, costs scaled */
    load_hand(&x, HAND "hand_setup.input");
    ecs_remap_params_init(&q);
    q.time_limit = 0;
    q.max_evals = 30;
    q.starts = ECS_REMAP_LIST;
    long long plain = search(&x, &q, &st);
    const double f1[1] = {1};
    q.freqs = f1;
    q.nfreqs = 1;
    assert_int_equal(search(&x, &q, &st), plain * ECS_CWS_FREQ_SCALE);
    /* and with {1, 0.8, 0.6} never dearer than at 1 from the same start */
    const double f3[3] = {1, 0.8, 0.6};
    q.freqs = f3;
    q.nfreqs = 3;
    q.max_evals = 400;
    assert_true(search(&x, &q, &st) <= plain * ECS_CWS_FREQ_SCALE);
    q.freqs = f2;
    q.nfreqs = 0;
    assert_int_equal(ecs_remap_params_validate(&q, &d), ECS_EINVAL);
    const double bad[1] = {1.5};
    q.freqs = bad;
    q.nfreqs = 1;
    assert_int_equal(ecs_remap_params_validate(&q, &d), ECS_EINVAL);
    unload(&x);
}

/* ---- parameters and errors ---- */

static void test_errors(void **state)
{
    (void)state;
    ecs_remap_params q;
    ecs_diag d;
    ecs_remap_params_init(&q);
    assert_int_equal(ecs_remap_params_validate(&q, &d), ECS_OK);
    q.time_limit = -1;
    assert_int_equal(ecs_remap_params_validate(&q, &d), ECS_EINVAL);
    ecs_remap_params_init(&q);
    q.time_limit = 0;
    assert_int_equal(ecs_remap_params_validate(&q, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "both 0"));
    ecs_remap_params_init(&q);
    q.starts = ECS_REMAP_GIVEN; /* but no given mapping */
    assert_int_equal(ecs_remap_params_validate(&q, &d), ECS_EINVAL);
    ecs_remap_params_init(&q);
    q.passes = 0;
    assert_int_equal(ecs_remap_params_validate(&q, &d), ECS_EINVAL);

    inst x;
    load_hand(&x, HAND "hand_setup.input");
    ecs_cws_mapping *m, *out;
    ecs_cws_problem *p;
    long *s;
    assert_int_equal(ecs_cws_mapping_read_buffer("3\n0 1\n2 3\n", 10, "m", &m, &d), ECS_OK);
    ecs_remap_params_init(&q);
    q.given = m;
    assert_int_equal(ecs_remap_search(x.g, x.s, &q, &out, &p, &s, NULL, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "3 processors"));
    ecs_cws_mapping_free(m);
    unload(&x);
    /* the critical path 2 + 3 + 1 = 6 exceeds D = 5: no mapping meets it */
    load_hand(&x, HAND "hand_setup.input");
    ecs_cws_setup_free(x.s);
    const char *d5 = "5\n1\n1 1 0 0\n3 2 1 1\n2\n4\n0 5\n";
    assert_int_equal(ecs_cws_setup_read_buffer(d5, strlen(d5), "d5", &x.s, &d), ECS_OK);
    assert_int_equal(ecs_remap_search(x.g, x.s, NULL, &out, &p, &s, NULL, &d),
                     ECS_EINFEASIBLE);
    long long lb;
    assert_int_equal(ecs_remap_bound(x.g, x.s, &lb, &d), ECS_EINFEASIBLE);
    unload(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_list_mapping),
        cmocka_unit_test(test_freqs),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
