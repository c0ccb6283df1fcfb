/* Slots of different lengths (docs/MODEL.md "Slots of different lengths"):
 * the worked example by hand, the checker, the profiles, brute force over
 * every schedule of tiny instances against milp and solve, the uniform
 * grid's identity, and the methods that refuse lengths. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/local.h"
#include "ecsched/method.h"
#include "ecsched/prices.h"
#include "ecsched/profile.h"
#include "ecsched/solve.h"

/* The worked example of docs/MODEL.md "Slots of different lengths":
 * F = {1, 0.5, 0}, quadratic power, one PE, slots of 60, 30, 30 minutes with a unit of 30 minutes (lengths 2, 1, 1),
 * prices 1, 4, 1 per energy unit, one task of 2 units, D' = 3.  Slot 0 at
 * f = 0.5 does 0.5 x 2 = 1 unit for 0.25 x 1 x 2 = 0.5; slot 1 waits;
 * slot 2 at f = 1 does 1 unit for 1 x 1 x 1 = 1: cost 1.5, the optimum
 * (f = 1 in slot 0 alone costs 2; 0.5 in all three costs
 * 0.5 + 0.25 x 4 + 0.25 = 1.75 and does 2 units). */
static const double ex_price[3] = {1.0, 4.0, 1.0};
static const int ex_len[3] = {2, 1, 1};

/* One PE of F = {1, 0.5, 0} under power, one task of `work` units, and
 * (when s is not NULL) its schedule on slots start .. start + n - 1 at
 * the frequency indices f[0 .. n-1]. */
static ecs_graph *one_task(ecs_platform *p, const char *power, long work,
                           ecs_schedule **s, long start,
                           const unsigned char *f, long n)
{
    tu_platform(p, 1, "1,0.5,0", power);
    ecs_graph *g = tu_graph(1, &work, 0, NULL);
    if (s != NULL) {
        *s = ecs_schedule_new(1);
        assert_int_equal(ecs_schedule_place(*s, 0, 0, start, start + n - 1,
                                            f, 0),
                         ECS_OK);
    }
    return g;
}

static void test_worked_example(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_schedule *s;
    const unsigned char f[3] = {1, 2, 0}; /* 0.5, 0, 1 */
    ecs_graph *g = one_task(&p, "quadratic", 2, &s, 0, f, 3);
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, ex_price, 3, 3);
    inst.slot_len = ex_len;
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&inst, s, &rep, NULL), ECS_OK);
    assert_close(rep.cost, 1.5, 1e-12);
    /* the same schedule on the uniform grid does 1.5 units: too little */
    inst.slot_len = NULL;
    assert_int_equal(ecs_check_schedule(&inst, s, &rep, NULL),
                     ECS_EVIOLATION);
    assert_int_equal(rep.first.kind, ECS_VIOLATION_WORK);
    /* f = 1 in slot 0 alone: one slot holds the task under the lengths */
    ecs_schedule *one = ecs_schedule_new(1);
    unsigned char f1[1] = {0};
    assert_int_equal(ecs_schedule_place(one, 0, 0, 0, 0, f1, 0), ECS_OK);
    inst.slot_len = ex_len;
    assert_int_equal(ecs_check_schedule(&inst, one, &rep, NULL), ECS_OK);
    assert_close(rep.cost, 2.0, 1e-12);
    /* the profile DP finds the optimum and the checker's double */
    unsigned char best[3];
    double c = 0.0;
    assert_int_equal(ecs_profile_cheapest_len(&p, ex_price, ex_len, 2, 0, 2,
                                              best, &c),
                     ECS_OK);
    assert_close(c, 1.5, 1e-12);
    assert_int_equal(best[0], 1);
    assert_int_equal(best[2], 0);
    /* the MILP and solve agree */
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 60;
    ecs_milp_result r;
    assert_int_equal(ecs_milp_solve(&inst, &prm, &r, NULL), ECS_OK);
    assert_int_equal(r.status, ECS_MILP_OPTIMAL);
    assert_close(r.cost, 1.5, 1e-9);
    ecs_milp_result_release(&r);
    ecs_schedule_free(one);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* Cost under lengths is power x price x length, slot by slot, summed as
 * the checker sums: ecs_check_task_cost_len by hand. */
static void test_task_cost_len(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_schedule *s;
    const unsigned char f[2] = {0, 1}; /* 1 then 0.5 */
    ecs_graph *g = one_task(&p, "static:0.4", 3, &s, 0, f, 2);
    double price[2] = {0.5, -1.0};
    int len[2] = {1, 4};
    /* power(1) = 1, power(0.5) = 0.4 + 0.6 / 8 = 0.475:
     * 1 x 0.5 x 1 + 0.475 x -1 x 4 = 0.5 - 1.9 = -1.4 */
    assert_close(ecs_check_task_cost_len(&p, price, len, 2, &s->task[0]),
                 -1.4, 1e-12);
    ecs_check_report rep;
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    inst.slot_len = len; /* 1 + 0.5 x 4 = 3 units: exactly the work */
    assert_int_equal(ecs_check_schedule(&inst, s, &rep, NULL), ECS_OK);
    assert_close(rep.cost, -1.4, 1e-12);
    len[1] = 3; /* 1 + 1.5: short of 3 */
    assert_int_equal(ecs_check_schedule(&inst, s, &rep, NULL),
                     ECS_EVIOLATION);
    assert_int_equal(rep.first.kind, ECS_VIOLATION_WORK);
    len[1] = 0;
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_instance_validate(&inst, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "slot 1 has length 0"));
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* Local search from the base fitted to inst's lengths (the method table's
 * base row), its moves bounded so that the run does not depend on the
 * clock; *lr holds the result.  0 when the base misses D' (no start). */
static int local_from_base(const ecs_instance *inst, ecs_local_result *lr)
{
    ecs_method_args a;
    ecs_method_args_init(&a);
    a.inst = inst;
    a.time_limit_s = 10;
    ecs_method_out b;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_method_run(ecs_method_find("base"), &a, &b, &d);
    if (rc == ECS_EVIOLATION) { /* the checker: D' missed */
        assert_int_equal(b.check.first.kind, ECS_VIOLATION_DEADLINE);
        ecs_method_out_release(&b);
        return 0;
    }
    assert_int_equal(rc, ECS_OK);
    assert_non_null(b.schedule);
    ecs_local_params lp;
    ecs_local_params_init(&lp);
    lp.time_limit_s = 60;
    lp.max_moves = 3000;
    rc = ecs_local_run(inst, b.schedule, &lp, lr, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    ecs_method_out_release(&b);
    return 1;
}

/* Local search on lengths where its move is forced by a long cheap slot:
 * one PE, F = {1, 0.5, 0}, quadratic power, a -> b of 2 units each,
 * lengths (1, 1, 1, 1, 4), prices (1, 1, 1, 1, 0.1), D' = 5.  The base
 * fitted to the lengths runs a in slots 0..1 and b in 2..3 at f = 1:
 * cost 2 + 2 = 4.  In the long slot f = 0.5 does 0.5 x 4 = 2 units for
 * 0.25 x 0.1 x 4 = 0.1, so b moves there alone (a span that no slot of one
 * unit allows), and a spreads over slots 0..3 at f = 0.5 (4 x 0.25 = 1),
 * a's least on the unit slots: 1.1, the optimum (a cannot use slot 4,
 * which b needs after it). */
static void test_local_long_slot(void **state)
{
    (void)state;
    long work[2] = {2, 2};
    ecs_edge e[1] = {{0, 1, 0}};
    ecs_graph *g = tu_graph(2, work, 1, e);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    const double price[5] = {1, 1, 1, 1, 0.1};
    const int len[5] = {1, 1, 1, 1, 4};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 5, 5);
    inst.slot_len = len;
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    ecs_local_result lr;
    assert_int_equal(local_from_base(&inst, &lr), 1);
    assert_close(lr.start_cost, 4.0, 1e-12);
    assert_close(lr.cost, 1.1, 1e-12);
    const ecs_schedule *s = lr.schedule;
    assert_int_equal(s->task[0].start, 0);
    assert_int_equal(s->task[0].stop, 3);
    for (int l = 0; l < 4; l++)
        assert_int_equal(s->task[0].freq[l], 1);
    assert_int_equal(s->task[1].start, 4);
    assert_int_equal(s->task[1].stop, 4);
    assert_int_equal(s->task[1].freq[0], 1);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&inst, s, &rep, NULL), ECS_OK);
    assert_close(rep.cost, 1.1, 1e-12);
    /* brute force agrees that 1.1 is the optimum */
    assert_close(tu_brute_force_len(g, &p, price, len, 5), 1.1, 1e-12);
    ecs_local_result_release(&lr);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
}

/* Local search on the tiny instances with lengths 1..3: its cost is never
 * below the optimum by enumeration nor above its start, the checker
 * accepts every schedule; with every length 1 it gives the uniform grid's
 * schedule and cost, bit for bit. */
static void test_local_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 3939;
    int compared = 0, optimal = 0, below_start = 0;
    for (int rep = 0; rep < 40; rep++) {
        tu_tiny x;
        tu_tiny_draw(&seed, "1,0.5,0", "quadratic", 5, 0.2, &x);
        int len[TU_BF_MAXT], ones[TU_BF_MAXT];
        for (long l = 0; l < x.T; l++) {
            len[l] = (int)tu_rng_int(&seed, 1, 3);
            ones[l] = 1;
        }
        double opt = tu_brute_force_len(x.g, &x.p, x.price, len, x.T);
        ecs_instance inst;
        ecs_instance_init(&inst, x.g, &x.p, x.price, (size_t)x.T, x.T);
        inst.slot_len = len;
        assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
        ecs_local_result lr;
        if (local_from_base(&inst, &lr)) {
            assert_true(opt != HUGE_VAL); /* a feasible start */
            ecs_check_report cr;
            assert_int_equal(ecs_check_schedule(&inst, lr.schedule, &cr, NULL),
                             ECS_OK);
            assert_true(cr.cost == lr.cost);
            assert_true(lr.cost >= opt - tu_tol(opt));
            assert_true(lr.cost <= lr.start_cost);
            compared++;
            optimal += lr.cost <= opt + tu_tol(opt);
            below_start += lr.cost < lr.start_cost - tu_tol(lr.start_cost);
            ecs_local_result_release(&lr);
        }
        ecs_instance_release(&inst);
        /* lengths all 1 against no lengths: the same search */
        ecs_instance_init(&inst, x.g, &x.p, x.price, (size_t)x.T, x.T);
        assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
        ecs_local_result a, b;
        if (local_from_base(&inst, &a)) {
            inst.slot_len = ones;
            assert_int_equal(local_from_base(&inst, &b), 1);
            assert_true(a.cost == b.cost);
            assert_true(a.start_cost == b.start_cost);
            for (size_t i = 0; i < x.g->n; i++) {
                const ecs_sched_task *ta = &a.schedule->task[i],
                                     *tb = &b.schedule->task[i];
                assert_int_equal(ta->pe, tb->pe);
                assert_int_equal(ta->start, tb->start);
                assert_int_equal(ta->stop, tb->stop);
                assert_memory_equal(ta->freq, tb->freq,
                                    (size_t)(ta->stop - ta->start + 1));
            }
            ecs_local_result_release(&a);
            ecs_local_result_release(&b);
        }
        ecs_instance_release(&inst);
        ecs_graph_free(x.g);
    }
    print_message("local on lengths: %d compared, %d optimal, %d below "
                  "their start\n", compared, optimal, below_start);
    assert_true(compared >= 20);
    assert_true(below_start >= 5); /* the search moves on lengths */
}

/* Tiny random instances with lengths 1..3: the optimum by enumeration of
 * every schedule (testutil's own arithmetic) against milp and solve; the
 * lengths all 1 against the uniform grid, bit for bit. */
static void test_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 39;
    int compared = 0, differs = 0;
    for (int rep = 0; rep < 40; rep++) {
        tu_tiny x;
        tu_tiny_draw(&seed, "1,0.5,0", "quadratic", 5, 0.2, &x);
        int len[TU_BF_MAXT];
        for (long l = 0; l < x.T; l++)
            len[l] = (int)tu_rng_int(&seed, 1, 3);
        double opt = tu_brute_force_len(x.g, &x.p, x.price, len, x.T);
        double uni = tu_brute_force(x.g, &x.p, x.price, x.T);
        ecs_instance inst;
        ecs_instance_init(&inst, x.g, &x.p, x.price, (size_t)x.T, x.T);
        inst.slot_len = len;
        assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 60;
        ecs_milp_result r;
        ecs_diag d;
        ecs_diag_clear(&d);
        ecs_result rc = ecs_milp_solve(&inst, &prm, &r, &d);
        if (rc != ECS_OK)
            print_error("%s\n", d.msg);
        assert_int_equal(rc, ECS_OK);
        if (opt == HUGE_VAL) {
            assert_int_equal(r.status, ECS_MILP_INFEASIBLE);
        } else {
            assert_int_equal(r.status, ECS_MILP_OPTIMAL);
            assert_close(r.cost, opt, tu_tol(opt));
            compared++;
        }
        ecs_milp_result_release(&r);
        ecs_solve_params sp;
        ecs_solve_params_init(&sp);
        sp.time_limit_s = 30;
        ecs_solve_result sr;
        rc = ecs_solve(&inst, NULL, &sp, &sr, &d);
        if (rc != ECS_OK)
            print_error("%s\n", d.msg);
        assert_int_equal(rc, ECS_OK);
        if (opt != HUGE_VAL && sr.schedule != NULL) {
            assert_int_equal(sr.status, ECS_SOLVE_OPTIMAL);
            assert_close(sr.cost, opt, tu_tol(opt));
            ecs_check_report cr;
            assert_int_equal(ecs_check_schedule(&inst, sr.schedule, &cr, NULL),
                             ECS_OK);
        }
        if (opt == HUGE_VAL)
            assert_null(sr.schedule);
        ecs_solve_result_release(&sr);
        if (opt != uni)
            differs++;
        /* every length 1: the uniform grid, the same double */
        int ones[TU_BF_MAXT];
        for (long l = 0; l < x.T; l++)
            ones[l] = 1;
        ecs_instance_release(&inst);
        ecs_instance_init(&inst, x.g, &x.p, x.price, (size_t)x.T, x.T);
        ecs_milp_result a, b;
        assert_int_equal(ecs_milp_solve(&inst, &prm, &a, NULL), ECS_OK);
        inst.slot_len = ones;
        assert_int_equal(ecs_milp_solve(&inst, &prm, &b, NULL), ECS_OK);
        assert_int_equal(a.status, b.status);
        if (a.status == ECS_MILP_OPTIMAL) {
            assert_true(a.cost == b.cost);
            assert_close(a.cost, uni, tu_tol(uni));
        }
        ecs_milp_result_release(&a);
        ecs_milp_result_release(&b);
        ecs_graph_free(x.g);
    }
    assert_true(compared >= 20);
    assert_true(differs >= 10); /* the lengths matter on most draws */
}

/* The table's rows decide: base, local, milp, fluid and solve handle
 * lengths; the others refuse with EUNSUPPORTED naming the model. */
static void test_methods_refuse(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_graph *g = one_task(&p, "quadratic", 2, NULL, 0, NULL, 0);
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, ex_price, 3, 3);
    inst.slot_len = ex_len;
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    assert_int_equal(ecs_instance_model(&inst), ECS_MODEL_SLOTS);
    size_t n;
    const ecs_method *t = ecs_methods(&n);
    ecs_method_args a;
    ecs_method_args_init(&a);
    a.inst = &inst;
    a.time_limit_s = 10;
    int ran = 0;
    for (size_t k = 0; k < n; k++) {
        ecs_method_out out;
        ecs_diag d;
        ecs_diag_clear(&d);
        ecs_result rc = ecs_method_run(&t[k], &a, &out, &d);
        if (ecs_method_handles(&t[k], ECS_MODEL_SLOTS)) {
            if (rc != ECS_OK)
                print_error("%s: %s\n", t[k].name, d.msg);
            assert_int_equal(rc, ECS_OK);
            if (t[k].role == ECS_ROLE_BOUND) {
                /* the fluid bound by hand: slot 0 is two units at price 1;
                 * 1.5 units at f = 0.5 in the three units at price 1
                 * cost 0.75, the last 0.5 at slope 1.5 costs 0.75 */
                assert_close(out.bound, 1.5, 1e-9);
            } else {
                assert_non_null(out.schedule);
                if (strcmp(t[k].name, "base") != 0)
                    assert_close(out.cost, 1.5, 1e-9);
            }
            ran++;
        } else {
            assert_int_equal(rc, ECS_EUNSUPPORTED);
            assert_non_null(strstr(d.msg, "slots of different lengths"));
        }
        ecs_method_out_release(&out);
    }
    assert_int_equal(ran, 5);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
}

/* Merging by hand: prices (1, 1, 2, 2, 2, 1) with D' = 4 merge into
 * (1 | 2 | 2 | 1) of lengths (2, 2, 1, 1): the run of 2s is cut at D'. A
 * schedule of the merged slots goes back on the fine ones with the same
 * work and cost. */
static void test_merge_by_hand(void **state)
{
    (void)state;
    ecs_slot_prices in;
    memset(&in, 0, sizeof in);
    double price[6] = {1, 1, 2, 2, 2, 1};
    in.n = 6;
    in.price = price;
    in.slot_minutes = 15;
    ecs_slot_prices out;
    size_t *first = NULL;
    assert_int_equal(ecs_slot_prices_merge(&in, 4, &out, &first, NULL), ECS_OK);
    assert_int_equal(out.n, 4);
    assert_int_equal(out.slot_minutes, 15);
    const int want_len[4] = {2, 2, 1, 1};
    const size_t want_first[5] = {0, 2, 4, 5, 6};
    for (size_t j = 0; j < 4; j++) {
        assert_int_equal(out.slot_len[j], want_len[j]);
        assert_close(out.price[j], price[want_first[j]], 0);
    }
    for (size_t j = 0; j <= 4; j++)
        assert_int_equal(first[j], want_first[j]);
    /* one task of 2 units on merged slots 1..2 at (1, 0.5), doing
     * 2 + 0.5 units: fine slots 2..4 at (1, 1, 0.5) */
    ecs_platform p;
    ecs_schedule *s;
    const unsigned char f[2] = {0, 1};
    ecs_graph *g = one_task(&p, "quadratic", 2, &s, 1, f, 2);
    ecs_schedule *fine = ecs_schedule_unmerge(s, first, out.n);
    assert_non_null(fine);
    assert_int_equal(fine->task[0].start, 2);
    assert_int_equal(fine->task[0].stop, 4);
    assert_int_equal(fine->task[0].freq[0], 0);
    assert_int_equal(fine->task[0].freq[1], 0);
    assert_int_equal(fine->task[0].freq[2], 1);
    ecs_check_report a, b;
    ecs_instance mi, fi;
    ecs_instance_init(&mi, g, &p, out.price, out.n, 4);
    mi.slot_len = out.slot_len;
    ecs_instance_init(&fi, g, &p, price, 6, 6);
    assert_int_equal(ecs_check_schedule(&mi, s, &a, NULL), ECS_OK);
    assert_int_equal(ecs_check_schedule(&fi, fine, &b, NULL), ECS_OK);
    /* 1 x 2 x 2 + 0.25 x 2 x 1 = 4.5 on both grids */
    assert_close(a.cost, 4.5, 1e-12);
    assert_close(b.cost, 4.5, 1e-12);
    /* nothing to merge: no lengths, the same slots */
    double flat[3] = {1, 2, 1};
    in.n = 3;
    in.price = flat;
    ecs_slot_prices same;
    size_t *f2 = NULL;
    assert_int_equal(ecs_slot_prices_merge(&in, 3, &same, &f2, NULL), ECS_OK);
    assert_int_equal(same.n, 3);
    assert_null(same.slot_len);
    ecs_slot_prices_release(&same);
    free(f2);
    ecs_schedule_free(fine);
    ecs_schedule_free(s);
    ecs_graph_free(g);
    ecs_slot_prices_release(&out);
    free(first);
}

/* The base replayed on lengths (2, 2, 1, 1, ...): a chain of works 3 and
 * 1 takes slots 0..1 (4 units for 3) and slot 2; a task on the same PE
 * after them starts at slot 3. */
static void test_fit_lengths_by_hand(void **state)
{
    (void)state;
    long work[3] = {3, 1, 2};
    ecs_edge e[1] = {{0, 1, 0}};
    ecs_graph *g = tu_graph(3, work, 1, e);
    ecs_schedule *base = ecs_schedule_new(3);
    assert_int_equal(ecs_schedule_place(base, 0, 0, 0, 2, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(base, 1, 0, 3, 3, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(base, 2, 0, 4, 5, NULL, 0), ECS_OK);
    const int len[6] = {2, 2, 1, 1, 1, 1};
    ecs_schedule *s = ecs_schedule_fit_lengths(g, base, len, 6);
    assert_non_null(s);
    assert_int_equal(s->task[0].start, 0);
    assert_int_equal(s->task[0].stop, 1);
    assert_int_equal(s->task[1].start, 2);
    assert_int_equal(s->task[1].stop, 2);
    assert_int_equal(s->task[2].start, 3);
    assert_int_equal(s->task[2].stop, 4);
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    double price[6] = {1, 1, 1, 1, 1, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 6, 5);
    inst.slot_len = len;
    ecs_check_report r;
    assert_int_equal(ecs_check_schedule(&inst, s, &r, NULL), ECS_OK);
    assert_int_equal(r.makespan, 5);
    ecs_schedule_free(s);
    ecs_schedule_free(base);
    ecs_graph_free(g);
}

/* --slot-minutes prices on stamps at irregular steps: 00:00, 01:00, 01:15,
 * 01:30 (UTC) last 60, 15, 15 and 15 minutes (the last as its
 * neighbour): a unit of 15 minutes, lengths (4, 1, 1, 1); repeated to 6
 * slots the pass starts again at 105 minutes. */
static void test_prices_by_periods(void **state)
{
    (void)state;
    const char *csv = "timestamp,price\n"
                      "2025-10-01T00:00Z,40\n"
                      "2025-10-01T01:00Z,80\n"
                      "2025-10-01T01:15Z,20\n"
                      "2025-10-01T01:30Z,40\n";
    ecs_price_options o;
    ecs_price_options_init(&o);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_SLOT_MINUTES,
                                           "prices", NULL),
                     ECS_OK);
    ecs_price_series s;
    assert_int_equal(ecs_prices_read_buffer(csv, strlen(csv), "t.csv", &o, &s,
                                            NULL),
                     ECS_OK);
    ecs_price_resampled r;
    assert_int_equal(ecs_prices_resample(&s, &o, 6, &r, NULL), ECS_OK);
    assert_int_equal(r.m, 4);
    assert_int_equal(r.slot_minutes, 15);
    assert_non_null(r.len);
    const int want[4] = {4, 1, 1, 1};
    for (size_t l = 0; l < 4; l++)
        assert_int_equal(r.len[l], want[l]);
    ecs_slot_prices sp;
    assert_int_equal(ecs_prices_slots(&s, &r, &o, 6, &sp, NULL), ECS_OK);
    assert_int_equal(sp.repeated, 1);
    /* slots 4 and 5 repeat the pass: lengths 4 and 1, prices 40 and 80
     * over the largest, 80 */
    assert_int_equal(sp.slot_len[4], 4);
    assert_int_equal(sp.slot_len[5], 1);
    assert_close(sp.price[4], 0.5, 0);
    assert_close(sp.price[5], 1.0, 0);
    /* slot boundaries in minutes: 0, 60, 75, 90, 105, 165, 180 */
    const long long at[7] = {0, 60, 75, 90, 105, 165, 180};
    for (long l = 0; l <= 6; l++)
        assert_int_equal(ecs_slot_prices_minutes_to(&sp, l), at[l]);
    ecs_slot_prices_release(&sp);
    ecs_price_resampled_release(&r);
    ecs_price_series_release(&s);
    /* periods of one length: the uniform grid of that length, no lengths */
    const char *hourly = "timestamp,price\n2025-10-01T00:00Z,1\n"
                         "2025-10-01T01:00Z,2\n2025-10-01T02:00Z,3\n";
    assert_int_equal(ecs_prices_read_buffer(hourly, strlen(hourly), "h.csv",
                                            &o, &s, NULL),
                     ECS_OK);
    assert_int_equal(ecs_prices_resample(&s, &o, 3, &r, NULL), ECS_OK);
    assert_int_equal(r.slot_minutes, 60);
    assert_null(r.len);
    ecs_price_resampled_release(&r);
    ecs_price_series_release(&s);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_worked_example),
        cmocka_unit_test(test_task_cost_len),
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_local_long_slot),
        cmocka_unit_test(test_local_brute_force),
        cmocka_unit_test(test_methods_refuse),
        cmocka_unit_test(test_merge_by_hand),
        cmocka_unit_test(test_fit_lengths_by_hand),
        cmocka_unit_test(test_prices_by_periods),
    };
    const struct CMUnitTest slow[] = {0};
    return TU_RUN(quick, slow);
}
