/*
 * CaWoSched's problem (cawosched.h, fixedmap.h; docs/cawosched.md): the
 * readers on hand-written files, the hand example of docs/cawosched.md
 * (costs computed by hand), the order of transfers on a link, brute force
 * on tiny random instances against the scheduler and the bound, and the
 * cost agreement with schedules CaWoSched wrote (tests/fixtures/cawosched,
 * on the shared instances; skipped without them).
 */
#include "testutil.h"

#include "ecsched/cawosched.h"
#include "ecsched/fixedmap.h"
#include "ecsched/fixedmap_milp.h"
#include "ecsched/graphio.h"
#include "ecsched/limits.h"

#include <dirent.h>

/* ---- helpers ---- */

typedef struct inst {
    ecs_graph *g;
    ecs_cws_mapping *m;
    ecs_cws_setup *s;
    ecs_cws_problem *p;
} inst;

static ecs_result load(inst *x, const char *dot, const char *map,
                       const char *setup, ecs_diag *d)
{
    memset(x, 0, sizeof *x);
    ecs_result rc = ecs_dot_read_buffer(dot, strlen(dot), "t.dot", 1, &x->g, d);
    if (rc == ECS_OK)
        rc = ecs_cws_mapping_read_buffer(map, strlen(map), "t.map", &x->m, d);
    if (rc == ECS_OK)
        rc = ecs_cws_setup_read_buffer(setup, strlen(setup), "t.input", &x->s, d);
    if (rc == ECS_OK)
        rc = ecs_cws_problem_build(x->g, x->m, x->s, &x->p, d);
    return rc;
}

static void unload(inst *x)
{
    ecs_cws_problem_free(x->p);
    ecs_cws_setup_free(x->s);
    ecs_cws_mapping_free(x->m);
    ecs_graph_free(x->g);
}

/* Index of the graph task with this id. */
static size_t task(const ecs_cws_problem *p, long id)
{
    for (size_t i = 0; i < p->ncomp; i++)
        if (p->graph_id[i] == id)
            return i;
    fail_msg("no task %ld", id);
    return 0;
}

/* Index of the transfer of edge a -> b (graph ids), or (size_t)-1. */
static size_t transfer(const ecs_cws_problem *p, long a, long b)
{
    for (size_t i = p->ncomp; i < p->n; i++)
        if (p->graph_id[p->edge_from[i]] == a && p->graph_id[p->edge_to[i]] == b)
            return i;
    return (size_t)-1;
}

/* ---- the hand example (docs/cawosched.md, "A worked example") ----
 *
 * Tasks 0 (2 units), 1 (1), 2 (3), 3 (1); edges 0->1 (size 1), 0->2 (2),
 * 1->3 (1), 2->3 (1).  P = 2: processor 0 runs 0, 1, 3; processor 1 runs 2.
 * Processors 0, 1; link 0->1 is 2 + 0*1 + 1 - 1 = 2, link 1->0 is
 * 2 + 1*1 + 0 = 3.  Edges 0->2 and 2->3 cross: transfers of 2 units on
 * link 2 and 1 unit on link 3.  Idle power 1 1 0 0 (base 2), work power
 * 3 2 1 1; brown cost 2; D = 10; intervals [0,5) budget 4, [5,10) budget 2.
 */
static const char *hand_dot =
    "strict digraph \"G\" {\n0 [weight=2];\n1 [weight=1];\n2 [weight=3];\n"
    "3 [weight=1];\n0 -> 1 [size=1];\n0 -> 2 [size=2];\n1 -> 3 [size=1];\n"
    "2 -> 3 [size=1];\n}\n";
static const char *hand_map = "2\n0 1 3\n2\n";
static const char *hand_setup = "10\n2\n1 1 0 0\n3 2 1 1\n2\n4 2\n0 5 10\n";

static void test_hand_problem(void **state)
{
    (void)state;
    inst x;
    ecs_diag d;
    assert_int_equal(load(&x, hand_dot, hand_map, hand_setup, &d), ECS_OK);
    const ecs_cws_problem *p = x.p;
    assert_int_equal(p->nprocs, 2);
    assert_int_equal(p->ncomp, 4);
    assert_int_equal(p->n, 6); /* two transfers */
    assert_int_equal(p->base, 2);
    size_t x02 = transfer(p, 0, 2), x23 = transfer(p, 2, 3);
    assert_true(x02 != (size_t)-1 && x23 != (size_t)-1);
    assert_true(transfer(p, 0, 1) == (size_t)-1); /* same processor */
    assert_int_equal(p->proc[x02], 2);
    assert_int_equal(p->proc[x23], 3);
    assert_int_equal(p->dur[x02], 2);
    assert_int_equal(p->dur[x23], 1);
    assert_int_equal(p->power[task(p, 2)], 2);
    assert_int_equal(p->power[x02], 1);
    char name[96];
    ecs_cws_task_name(p, x02, name, sizeof name);
    assert_string_equal(name, "transfer 0->2 on link 0->1");

    /* ASAP by hand: 0 at 0; 1 at 2; transfer 0->2 at 2 (2 units); 2 at 4;
     * transfer 2->3 at 7; 3 at max(3, 8) = 8; makespan 9. */
    long est[6];
    assert_int_equal(ecs_cws_earliest(p, est), 9);
    assert_int_equal(est[task(p, 0)], 0);
    assert_int_equal(est[task(p, 1)], 2);
    assert_int_equal(est[x02], 2);
    assert_int_equal(est[task(p, 2)], 4);
    assert_int_equal(est[x23], 7);
    assert_int_equal(est[task(p, 3)], 8);

    /* Power per unit (base 2): t0,1: 2+3 = 5; t2: 2+3 (task 1)+1 (link) = 6;
     * t3: 2+1 = 3; t4..6: 2+2 = 4; t7: 2+1 = 3; t8: 2+3 = 5; t9: 2.
     * Brown over budgets 4 (t < 5) and 2: 1+1+2+0+0 + 2+2+1+3+0 = 12;
     * cost 2 x 12 = 24; energy 5+5+6+3+4+4+4+3+5+2 = 41. */
    ecs_cws_eval ev;
    assert_int_equal(ecs_cws_evaluate(p, est, &ev, &d), ECS_OK);
    assert_int_equal(ev.valid, 1);
    assert_int_equal(ev.makespan, 9);
    assert_int_equal(ev.brown, 12);
    assert_int_equal(ev.cost, 24);
    assert_int_equal(ev.energy, 41);

    /* ALAP by hand (D = 10): 3 at 9; transfer 2->3 at 8; 2 at 5; transfer
     * 0->2 at 3; 1 at 8; 0 at min(8, 3) - 2 = 1.  Power: t0: 2; t1,2: 5;
     * t3,4: 3; t5..7: 4; t8: 2+3+1 = 6; t9: 5.  Brown: 0+1+1+0+0 +
     * 2+2+2+4+3 = 15, cost 30. */
    long lst[6];
    ecs_cws_latest(p, lst);
    assert_int_equal(lst[task(p, 0)], 1);
    assert_int_equal(lst[x02], 3);
    assert_int_equal(lst[task(p, 1)], 8);
    assert_int_equal(ecs_cws_evaluate(p, lst, &ev, &d), ECS_OK);
    assert_int_equal(ev.brown, 15);
    assert_int_equal(ev.cost, 30);

    /* Broken rules, each named. */
    long s[6];
    memcpy(s, est, sizeof s);
    s[task(p, 2)] = 3; /* before its transfer ends at 4 */
    assert_int_equal(ecs_cws_evaluate(p, s, &ev, &d), ECS_EVIOLATION);
    assert_int_equal(ev.valid, 0);
    assert_non_null(strstr(d.msg, "task 2 starts at 3, before transfer 0->2"));
    memcpy(s, est, sizeof s);
    s[task(p, 3)] = 9;
    s[task(p, 1)] = 9; /* after task 3 on processor 0's order, ends at 10 */
    assert_int_equal(ecs_cws_evaluate(p, s, &ev, &d), ECS_EVIOLATION);
    assert_non_null(strstr(d.msg, "one processor's order"));
    memcpy(s, est, sizeof s);
    s[task(p, 3)] = 10;
    assert_int_equal(ecs_cws_evaluate(p, s, &ev, &d), ECS_EVIOLATION);
    assert_non_null(strstr(d.msg, "task 3 ends at 11, after the deadline 10"));
    unload(&x);
}

/* The cheapest valid schedule by enumeration: every start of every task
 * in topological order from its predecessors' ends to the deadline. */
static long long brute_force(const ecs_cws_problem *p, long *s, size_t k,
                             long long best)
{
    if (k == p->n) {
        ecs_cws_eval ev;
        ecs_diag d;
        if (ecs_cws_evaluate(p, s, &ev, &d) == ECS_OK &&
            (best < 0 || ev.cost < best))
            best = ev.cost;
        return best;
    }
    size_t v = p->topo[k];
    long lo = 0;
    for (size_t j = p->pred_off[v]; j < p->pred_off[v + 1]; j++) {
        size_t u = p->pred[j];
        if (s[u] + p->dur[u] > lo)
            lo = s[u] + p->dur[u];
    }
    for (long t = lo; t + p->dur[v] <= p->deadline; t++) {
        s[v] = t;
        best = brute_force(p, s, k + 1, best);
    }
    return best;
}

static void test_hand_optimum(void **state)
{
    (void)state;
    inst x;
    ecs_diag d;
    assert_int_equal(load(&x, hand_dot, hand_map, hand_setup, &d), ECS_OK);
    long s[6];
    long long opt = brute_force(x.p, s, 0, -1);
    /* By hand: green for work is 2 a unit in [0, 5) (budget 4, base 2),
     * none after (budget 2 = base).  Task 3 (power 3) starts at 8 or 9 and
     * transfer 2->3 (power 1) at 7 or later: 3 + 1 brown whatever.  The
     * path 0 -> 0->2 -> 2 -> 2->3 -> 3 takes 9 of the 10 units, so task 2
     * (power 2) starts at 4 (units 4, 5, 6: 0 + 2 + 2 brown if alone at 4)
     * or 5 (6 brown); at 4, task 0 must run in units 0, 1 (3 > 2: 1 brown
     * each) and the transfer 0->2 in units 2, 3; task 1 (power 3) adds 2
     * beside the transfer in unit 2 or 3 (4 - 2), 3 anywhere later.  So the
     * optimum is 4 + 4 + 2 + 2 = 12 brown, cost 24: the ASAP schedule (at
     * 5 instead, 6 + 4 + 2 + 2 > 12). */
    assert_int_equal(opt, 24);
    ecs_fixedmap_stats st;
    assert_int_equal(ecs_fixedmap_schedule(x.p, NULL, s, &st, &d), ECS_OK);
    ecs_cws_eval ev;
    assert_int_equal(ecs_cws_evaluate(x.p, s, &ev, &d), ECS_OK);
    assert_int_equal(ev.cost, st.cost);
    assert_int_equal(st.cost, opt); /* ASAP is one of its starts */
    long long lb;
    assert_int_equal(ecs_fixedmap_bound(x.p, &lb, &d), ECS_OK);
    assert_true(lb <= opt);
    unload(&x);
}

/* Two transfers on one link run in CaWoSched's order: by the sender's
 * earliest start.  Processor 0 runs 0 then 1 (1 unit each), processor 1
 * runs 2 then 3; edges 0->3 and 1->2 (1 unit each) share link 0->1.  The
 * sender of 0->3 starts at 0, that of 1->2 at 1: 0->3 goes first, so 1->2
 * waits for it even though 2 comes before 3 on processor 1. */
static void test_link_order(void **state)
{
    (void)state;
    inst x;
    ecs_diag d;
    const char *dot = "digraph { 0 [weight=1]; 1 [weight=1]; 2 [weight=1]; "
                      "3 [weight=1]; 0 -> 3 [size=1]; 1 -> 2 [size=1]; }";
    assert_int_equal(load(&x, dot, "2\n0 1\n2 3\n",
                          "8\n1\n0 0 0 0\n1 1 1 1\n1\n0\n0 8\n", &d),
                     ECS_OK);
    const ecs_cws_problem *p = x.p;
    size_t a = transfer(p, 0, 3), b = transfer(p, 1, 2);
    assert_int_equal(p->proc[a], p->proc[b]);
    long est[6];
    /* 0 at 0, 1 at 1, transfer 0->3 at 1, transfer 1->2 at max(2, 2) = 2,
     * 2 at 3, 3 at 4: makespan 5 */
    assert_int_equal(ecs_cws_earliest(p, est), 5);
    assert_int_equal(est[a], 1);
    assert_int_equal(est[b], 2);
    /* swapping the two transfers breaks the link's order */
    long s[6];
    memcpy(s, est, sizeof s);
    s[b] = 1;
    s[a] = 2; /* 1->2 at 1 needs task 1 done at 2: also a precedence break */
    s[task(p, 1)] = 0;
    s[task(p, 0)] = 0;
    ecs_cws_eval ev;
    assert_int_equal(ecs_cws_evaluate(p, s, &ev, &d), ECS_EVIOLATION);
    /* every power is 1 and the budget 0: cost = energy of the work = 6
     * units of work + base 0 */
    assert_int_equal(ecs_cws_evaluate(p, est, &ev, &d), ECS_OK);
    assert_int_equal(ev.cost, 6);
    unload(&x);
}

/* An edge of size 0 is no transfer; an edge inside one processor neither. */
static void test_zero_size_edge(void **state)
{
    (void)state;
    inst x;
    ecs_diag d;
    assert_int_equal(load(&x, "digraph { 0 [weight=1]; 1 [weight=1]; 0 -> 1 [size=0]; }",
                          "2\n0\n1\n", "3\n1\n0 0 0 0\n1 1 1 1\n1\n0\n0 3\n", &d),
                     ECS_OK);
    assert_int_equal(x.p->n, 2);
    long est[2];
    assert_int_equal(ecs_cws_earliest(x.p, est), 2);
    unload(&x);
}

/* ---- the readers ---- */

static void expect_setup_error(const char *text, long line, const char *frag)
{
    ecs_cws_setup *s = (ecs_cws_setup *)1;
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_cws_setup_read_buffer(text, strlen(text), "s.input", &s, &d),
                     ECS_EPARSE);
    assert_null(s);
    assert_string_equal(d.file, "s.input");
    if (d.line != line || !strstr(d.msg, frag)) {
        print_error("line %ld: %s (wanted line %ld, '%s')\n", d.line, d.msg, line, frag);
        fail();
    }
}

static void test_setup_reader(void **state)
{
    (void)state;
    ecs_cws_setup *s;
    ecs_diag d;
    const char *ok = "10\r\n2\r\n1 1 0 0\r\n3 2 1 1\r\n2\r\n4 2\r\n0 5 10\r\n\r\n";
    assert_int_equal(ecs_cws_setup_read_buffer(ok, strlen(ok), "s", &s, &d), ECS_OK);
    assert_int_equal(s->deadline, 10);
    assert_int_equal(s->nprocs, 2);
    assert_int_equal(s->nintervals, 2);
    assert_int_equal(s->work[1], 2);
    assert_int_equal(s->budget[1], 2);
    assert_int_equal(s->bound[1], 5);
    assert_int_equal(s->brown_cost, 2);
    ecs_cws_setup_free(s);
    expect_setup_error("10\n2\n1 1 0\n3 2 1\n2\n4 2\n0 5 10\n", 3, "expected P^2");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 1\n2\n4 2\n0 5 10\n", 4, "3 work powers for 4");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 1 1\n2\n4\n0 5 10\n", 6, "1 green budgets for 2");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 1 1\n2\n4 2\n0 5 9\n", 7, "must be the deadline, 10");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 1 1\n2\n4 2\n0 5 5\n", 7, "bounds must rise");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 1 1\n2\n4 2\n1 5 10\n", 7, "must be 0");
    expect_setup_error("10\n2\n1 1 x 0\n3 2 1 1\n2\n4 2\n0 5 10\n", 3, "idle power 2: 'x'");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 -1 1\n2\n4 2\n0 5 10\n", 4, "out of range");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 1 1\n", 4, "before line 5 (the brown cost)");
    expect_setup_error("10\n2\n1 1 0 0\n3 2 1 1\n2\n4 2\n0 5 10\n7\n", 8, "unexpected content");
    expect_setup_error("0\n1\n0\n0\n1\n0\n0 0\n", 1, "deadline 0: 0 is out of range");
    expect_setup_error("", 0, "before line 1");
}

static void expect_map_error(const char *text, long line, const char *frag)
{
    ecs_cws_mapping *m = (ecs_cws_mapping *)1;
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_cws_mapping_read_buffer(text, strlen(text), "m.txt", &m, &d),
                     ECS_EPARSE);
    assert_null(m);
    if (d.line != line || !strstr(d.msg, frag)) {
        print_error("line %ld: %s (wanted line %ld, '%s')\n", d.line, d.msg, line, frag);
        fail();
    }
}

static void test_mapping_reader(void **state)
{
    (void)state;
    ecs_cws_mapping *m, *j;
    ecs_diag d;
    /* text: processor 1 empty, processor 2's line missing */
    const char *txt = "3\n5 3 4\n\n";
    assert_int_equal(ecs_cws_mapping_read_buffer(txt, strlen(txt), "m", &m, &d), ECS_OK);
    assert_int_equal(m->nprocs, 3);
    assert_int_equal(m->ntasks, 3);
    assert_int_equal(m->off[1], 3);
    assert_int_equal(m->off[2], 3);
    assert_int_equal(m->off[3], 3);
    assert_int_equal(m->task[0], 5);
    assert_int_equal(m->task[2], 4);
    /* the same in JSON, entries in any order, orders any whole numbers */
    const char *js = "{\"processors\": 3, \"mapping\": [{\"id\": 4, \"pe\": 0, "
                     "\"order\": 30}, {\"id\": 5, \"pe\": 0, \"order\": -1}, "
                     "{\"id\": 3, \"pe\": 0, \"order\": 7}]}";
    assert_int_equal(ecs_cws_mapping_read_buffer(js, strlen(js), "m.json", &j, &d), ECS_OK);
    assert_int_equal(j->nprocs, m->nprocs);
    assert_int_equal(j->ntasks, m->ntasks);
    for (size_t k = 0; k <= 3; k++)
        assert_int_equal(j->off[k], m->off[k]);
    for (size_t k = 0; k < 3; k++)
        assert_int_equal(j->task[k], m->task[k]);
    ecs_cws_mapping_free(m);
    ecs_cws_mapping_free(j);
    /* the worked example's mapping as a JSON file (docs/schema) = the text */
    assert_int_equal(ecs_cws_mapping_read_file("tests/fixtures/cawosched/hand_mapping.json", &j, &d),
                     ECS_OK);
    assert_int_equal(ecs_cws_mapping_read_buffer(hand_map, strlen(hand_map), "m", &m, &d), ECS_OK);
    assert_int_equal(j->ntasks, 4);
    for (size_t k = 0; k <= 2; k++)
        assert_int_equal(j->off[k], m->off[k]);
    for (size_t k = 0; k < 4; k++)
        assert_int_equal(j->task[k], m->task[k]);
    ecs_cws_mapping_free(m);
    ecs_cws_mapping_free(j);
    expect_map_error("2\n0 1\n2\n3\n", 4, "declares 2 processors");
    expect_map_error("2\n0 1\n2 1\n", 3, "task 1 is mapped twice");
    expect_map_error("0\n", 1, "out of range 1..");
    expect_map_error("2 3\n0\n", 1, "alone");
    expect_map_error("2\n0 a\n", 2, "task id 1: 'a'");
    expect_map_error("{\"processors\": 2, \"mapping\": [{\"id\": 0, \"pe\": 2, \"order\": 0}]}",
                     0, "mapping[0].pe = 2 is out of range 0..1");
    expect_map_error("{\"processors\": 2, \"mapping\": [{\"id\": 0, \"pe\": 1, \"order\": 0},"
                     " {\"id\": 1, \"pe\": 1, \"order\": 0}]}",
                     0, "same pe 1 and order 0");
    expect_map_error("{\"processors\": 2, \"mapping\": [{\"id\": 0, \"pe\": 1}]}", 0,
                     "\"order\" is missing");
    expect_map_error("{\"processors\": 2, \"mapping\": [{\"id\": 0, \"pe\": 1, \"order\": 0,"
                     " \"x\": 1}]}", 0, "unknown key \"x\"");
    expect_map_error("{\"processors\": 2,\n \"mapping\": [}", 2, "");
}

static void test_problem_errors(void **state)
{
    (void)state;
    inst x;
    ecs_diag d;
    const char *setup = "10\n1\n0 0 0 0\n1 1 1 1\n1\n0\n0 10\n";
    const char *dot = "digraph { 0 [weight=1]; 1 [weight=1]; 0 -> 1 [size=1]; }";
    assert_int_equal(load(&x, dot, "2\n0\n", setup, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "task 1 of the graph is not in the mapping"));
    unload(&x);
    assert_int_equal(load(&x, dot, "2\n0 1 7\n", setup, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "names task 7"));
    unload(&x);
    assert_int_equal(load(&x, dot, "3\n0\n1\n", setup, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "3 processors, the setup 2"));
    unload(&x);
    assert_int_equal(load(&x, dot, "2\n1 0\n", setup, &d), ECS_EINFEASIBLE);
    assert_non_null(strstr(d.msg, "contradicts the graph"));
    unload(&x);
    /* a deadline the mapping cannot meet */
    assert_int_equal(load(&x, dot, "2\n0\n1\n", "2\n1\n0 0 0 0\n1 1 1 1\n1\n0\n0 2\n", &d),
                     ECS_OK);
    long s[3];
    assert_int_equal(ecs_fixedmap_schedule(x.p, NULL, s, NULL, &d), ECS_EINFEASIBLE);
    assert_non_null(strstr(d.msg, "ends at 3, after the deadline 2"));
    unload(&x);
}

/* ---- brute force on tiny random instances ---- */

static void test_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 27;
    int cases = 0, exact = 0;
    for (int it = 0; it < 60; it++) {
        int n = (int)tu_rng_int(&seed, 2, 4);
        char dot[1024], map[256], setup[512];
        long total = tu_cws_random_dot(&seed, n, dot, sizeof dot);
        /* processors in index order (a topological order) */
        char l0[64] = "", l1[64] = "";
        for (int i = 0; i < n; i++) {
            char *l = tu_rng_int(&seed, 0, 1) ? l1 : l0;
            snprintf(l + strlen(l), 64 - strlen(l), "%d ", i);
        }
        snprintf(map, sizeof map, "2\n%s\n%s\n", l0, l1);
        /* deadline: room for the worst case plus slack */
        long D = total + 2 * n + tu_rng_int(&seed, 0, 3);
        if (D > 12)
            D = 12;
        tu_cws_random_setup2(&seed, D, setup, sizeof setup);
        inst x;
        ecs_diag d;
        assert_int_equal(load(&x, dot, map, setup, &d), ECS_OK);
        long est[16];
        if (ecs_cws_earliest(x.p, est) > D) {
            unload(&x);
            continue;
        }
        long s[16];
        long long opt = brute_force(x.p, s, 0, -1);
        assert_true(opt >= 0);
        ecs_fixedmap_stats st;
        assert_int_equal(ecs_fixedmap_schedule(x.p, NULL, s, &st, &d), ECS_OK);
        ecs_cws_eval ev;
        assert_int_equal(ecs_cws_evaluate(x.p, s, &ev, &d), ECS_OK);
        assert_int_equal(ev.cost, st.cost);
        assert_true(st.cost >= opt);
        long long lb;
        assert_int_equal(ecs_fixedmap_bound(x.p, &lb, &d), ECS_OK);
        if (lb > opt) {
            print_error("bound %lld above the optimum %lld:\n%s\n%s\n%s", lb, opt, dot, map, setup);
            fail();
        }
        /* the MILP proves the optimum, with and without a warm start */
        ecs_fixedmap_milp_result mr;
        long ms[16];
        assert_int_equal(ecs_fixedmap_milp(x.p, NULL, 60, ms, &mr, &d), ECS_OK);
        assert_int_equal(mr.optimal, 1);
        assert_int_equal(mr.cost, opt);
        assert_int_equal(ecs_cws_evaluate(x.p, ms, &ev, &d), ECS_OK);
        assert_int_equal(ev.cost, opt);
        assert_int_equal(ecs_fixedmap_milp(x.p, s, 60, ms, &mr, &d), ECS_OK);
        assert_int_equal(mr.cost, opt);
        assert_int_equal(mr.bound, opt);
        /* a warm start is never made dearer */
        long warm[16];
        memcpy(warm, est, sizeof warm);
        ecs_fixedmap_params q;
        ecs_fixedmap_params_init(&q);
        q.warm_start = warm;
        ecs_fixedmap_stats sw;
        assert_int_equal(ecs_fixedmap_schedule(x.p, &q, s, &sw, &d), ECS_OK);
        assert_int_equal(ecs_cws_evaluate(x.p, est, &ev, &d), ECS_OK);
        assert_true(sw.cost <= ev.cost);
        cases++;
        exact += st.cost == opt;
        unload(&x);
    }
    assert_true(cases >= 30);
    /* not asserted per case (a heuristic), but most tiny cases are exact */
    fprintf(stderr, "fixed-map brute force: %d cases, %d at the optimum\n", cases, exact);
}

/* ---- agreement with CaWoSched's own schedules (shared data) ---- */

static void test_agreement_shared(void **state)
{
    (void)state;
    const char *dir = test_shared_data();
    SKIP_WITHOUT_SHARED_DATA(dir);
    static const char *const inst_files[][4] = {
        {"bacass_72_21_3_1_3", "SchedulingGraphs/bacasss1.dot",
         "Mappings/bacass_mapping_small.txt",
         "Profiles/bacass_small/setting3_bacass_72_21_3_1_3.input"},
        {"atacseq_72_69_7_1_3", "SchedulingGraphs/atacseqs1.dot",
         "Mappings/atacseq_mapping_small.txt",
         "Profiles/atacseq_small/setting3_atacseq_72_69_7_1_3.input"},
        {"atacseq200_144_54_6_1_4", "SchedulingGraphs/atacseq200s2.dot",
         "Mappings/atacseq200_mapping_large.txt",
         "Profiles/atacseq200_large/setting4_atacseq200_144_54_6_1_4.input"},
    };
    char path[3][1024];
    int files = 0;
    for (size_t k = 0; k < sizeof inst_files / sizeof *inst_files; k++) {
        for (int f = 0; f < 3; f++)
            snprintf(path[f], sizeof path[f], "%s/cawosched/%s", dir, inst_files[k][f + 1]);
        struct stat sb;
        if (stat(path[0], &sb) != 0) {
            fprintf(stderr, "skipped: %s not found\n", path[0]);
            skip();
        }
        ecs_graph_read_params gp;
        ecs_graph_read_params_init(&gp);
        ecs_graph *g;
        ecs_cws_mapping *m;
        ecs_cws_setup *s;
        ecs_cws_problem *p;
        ecs_diag d;
        assert_int_equal(ecs_graph_read_file(path[0], &gp, &g, &d), ECS_OK);
        assert_int_equal(ecs_cws_mapping_read_file(path[1], &m, &d), ECS_OK);
        assert_int_equal(ecs_cws_setup_read_file(path[2], &s, &d), ECS_OK);
        assert_int_equal(ecs_cws_problem_build(g, m, s, &p, &d), ECS_OK);
        /* transfers: the edges between processors, counted independently */
        size_t cross = 0;
        for (size_t v = 0; v < g->n; v++)
            for (size_t j = g->pred_off[v]; j < g->pred_off[v + 1]; j++)
                cross += p->proc[g->pred[j]] != p->proc[v];
        assert_int_equal(p->n - p->ncomp, cross);
        long long best = -1;
        long *start = malloc(p->n * sizeof *start);
        char fx[512];
        snprintf(fx, sizeof fx, "tests/fixtures/cawosched/%s", inst_files[k][0]);
        DIR *dd = opendir(fx);
        assert_non_null(dd);
        struct dirent *e;
        while ((e = readdir(dd)) != NULL) {
            if (!strstr(e->d_name, ".sched"))
                continue;
            char fp[1024];
            snprintf(fp, sizeof fp, "%s/%s", fx, e->d_name);
            char *buf;
            size_t len;
            assert_int_equal(ecs_read_file(fp, 1 << 24, &buf, &len, &d), ECS_OK);
            long long theirs;
            assert_int_equal(ecs_cws_starts_read_buffer(p, buf, len, fp, start, &theirs, &d),
                             ECS_OK);
            free(buf);
            ecs_cws_eval ev;
            assert_int_equal(ecs_cws_evaluate(p, start, &ev, &d), ECS_OK);
            if (ev.cost != theirs) {
                print_error("%s: CaWoSched says %lld, ecsched %lld\n", fp, theirs, ev.cost);
                fail();
            }
            if (best < 0 || theirs < best)
                best = theirs;
            files++;
        }
        closedir(dd);
        ecs_fixedmap_stats st;
        assert_int_equal(ecs_fixedmap_schedule(p, NULL, start, &st, &d), ECS_OK);
        assert_true(st.cost <= best);
        long long lb;
        assert_int_equal(ecs_fixedmap_bound(p, &lb, &d), ECS_OK);
        assert_true(lb <= st.cost);
        free(start);
        ecs_cws_problem_free(p);
        ecs_cws_setup_free(s);
        ecs_cws_mapping_free(m);
        ecs_graph_free(g);
    }
    assert_true(files >= 20);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_hand_problem),
        cmocka_unit_test(test_hand_optimum),
        cmocka_unit_test(test_link_order),
        cmocka_unit_test(test_zero_size_edge),
        cmocka_unit_test(test_setup_reader),
        cmocka_unit_test(test_mapping_reader),
        cmocka_unit_test(test_problem_errors),
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_agreement_shared),
    };
    return cmocka_run_group_tests(quick, NULL, NULL);
}
