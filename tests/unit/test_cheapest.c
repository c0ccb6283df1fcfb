/* The cheapest-fit list schedule of the extended model
 * (solver/makespan/listsched.c ecs_listsched_cheapest; docs/MODEL.md
 * "Cheapest-fit list schedule"): costs computed by hand on one- and
 * two-task examples with sources and caps, and on tiny random instances
 * against the brute-force oracle (testutil.c tu_brute_force_ext) with the
 * checker on every schedule; the fluid bound of the extended model
 * (ecs_bound_fluid_ext) and its greedy without the windows
 * (ecs_bound_fluid_ext_greedy) by hand and never above that oracle's
 * optimum. */
#include "testutil.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/listsched.h"
#include "ecsched/solve.h"

#include <math.h>
#include <string.h>

/* docs/MODEL.md's worked platform: F = {1, 0.5, 0}; fast (speeds 2, 1;
 * powers 4, 1.5; idle 0.5) and slow (speeds 1, 0.5; powers 1, 0.4; idle
 * 0.2), one PE each.  Grid 2: a task of work 2 is 4 grid steps, so fast
 * at f = 1 takes 1 slot (adds 3.5 to the idle draw), fast at 0.5 2 slots
 * (adds 1.0 each), slow at 1 2 slots (0.8 each), slow at 0.5 4 slots
 * (0.2 each). */

/* Run the cheapest-fit list schedule (within lo .. hi when given; with
 * profiles: ecs_listsched_cheapest_profiles), check the schedule (the
 * checker judges caps too) and return its cost; HUGE_VAL when it finds
 * none. */
static double listsched_cost(const ecs_instance *inst, int profiles,
                             const long *lo, const long *hi,
                             ecs_schedule **keep)
{
    ecs_schedule *s = NULL;
    ecs_diag d;
    ecs_result rc =
        profiles ? ecs_listsched_cheapest_profiles(inst, lo, hi, &s, &d)
                 : ecs_listsched_cheapest_within(inst, lo, hi, &s, &d);
    if (rc == ECS_EINFEASIBLE) {
        assert_null(s);
        return HUGE_VAL;
    }
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    ecs_check_report r;
    rc = ecs_check_schedule(inst, s, &r, &d);
    if (rc != ECS_OK)
        print_error("%s\n", r.msg);
    assert_int_equal(rc, ECS_OK);
    if (keep != NULL)
        *keep = s;
    else
        ecs_schedule_free(s);
    return r.cost;
}

static double cheapest(const ecs_instance *inst, ecs_schedule **keep)
{
    return listsched_cost(inst, 0, NULL, NULL, keep);
}

/* One task of work 2 at price 1.  D' = 4: slow at 0.5 over slots 0..3
 * adds the least (0.8); cost 4 x 0.7 idle + 0.8 = 3.6.  D' = 2: slow at
 * 1 (1.6 against 2.0 and 3.5); 2 x 0.7 + 1.6 = 3.0 (docs/MODEL.md's worked
 * example). */
static void test_hand_one_task(void **state)
{
    (void)state;
    ecs_platform p;
    tu_worked_platform(&p);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    double price[4] = {1, 1, 1, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 4, 4);
    ecs_schedule *s = NULL;
    assert_close(cheapest(&inst, &s), 3.6, 1e-12);
    assert_int_equal(s->task[0].pe, 1);
    assert_int_equal(s->task[0].start, 0);
    assert_int_equal(s->task[0].stop, 3);
    assert_int_equal(s->task[0].freq[0], 1);
    ecs_schedule_free(s);
    inst.deadline = 2;
    assert_close(cheapest(&inst, &s), 3.0, 1e-12);
    assert_int_equal(s->task[0].pe, 1);
    assert_int_equal(s->task[0].stop - s->task[0].start, 1);
    assert_int_equal(s->task[0].freq[0], 0);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* A chain A -> B of work 2 each, D' = 4, price 1: A must stop by slot 2
 * (B's slot at the fastest duration after it), so slow at 1 over 0..1
 * (1.6; slow at 0.5 would need 4 slots), then B slow at 1 over 2..3:
 * 4 x 0.7 + 3.2 = 6.0, the optimum (brute force). */
static void test_hand_chain(void **state)
{
    (void)state;
    ecs_platform p;
    tu_worked_platform(&p);
    ecs_graph *g = tu_graph(2, (const long[]){2, 2}, 1,
                            (const ecs_edge[]){{0, 1, 0}});
    double price[4] = {1, 1, 1, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 4, 4);
    ecs_schedule *s = NULL;
    assert_close(cheapest(&inst, &s), 6.0, 1e-12);
    assert_int_equal(s->task[0].start, 0);
    assert_int_equal(s->task[0].stop, 1);
    assert_int_equal(s->task[1].start, 2);
    assert_int_equal(s->task[1].stop, 3);
    assert_close(tu_brute_force_ext(&inst), 6.0, 1e-12);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* A free source of 1.5 in slots 2 and 3 only (none in 0 and 1), one task
 * of work 2, D' = 4, price 1: slow at 1 over 2..3 draws 0.7 + 0.8 = 1.5
 * there, all of it from the source: it adds 0 (slow at 0.5 over 0..3
 * would add 0.4 from the grid in slots 0 and 1, the least energy but not
 * the least money).  Cost: the idle draw of slots 0 and 1, 1.4.  With a
 * cap of 1.0 in every slot only slow at 0.5 fits beside the idle 0.7
 * (0.9): over 0..3, the grid gives 0.9 in slots 0 and 1, the source the
 * rest: 1.8; at D' = 3 nothing fits. */
static void test_hand_source_cap(void **state)
{
    (void)state;
    ecs_platform p;
    tu_worked_platform(&p);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    double price[4] = {1, 1, 1, 1}, vol[4] = {0, 0, 1.5, 1.5};
    double cap[4] = {1.0, 1.0, 1.0, 1.0};
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    ecs_site site = {.price = NULL, .cap = NULL};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 4, 4);
    inst.source = &src;
    inst.nsource = 1;
    ecs_schedule *s = NULL;
    assert_close(cheapest(&inst, &s), 1.4, 1e-12);
    assert_int_equal(s->task[0].pe, 1);
    assert_int_equal(s->task[0].start, 2);
    assert_int_equal(s->task[0].stop, 3);
    assert_int_equal(s->task[0].freq[0], 0);
    ecs_schedule_free(s);
    site.cap = cap;
    inst.site = &site;
    assert_close(cheapest(&inst, &s), 1.8, 1e-12);
    assert_int_equal(s->task[0].start, 0);
    assert_int_equal(s->task[0].stop, 3);
    assert_int_equal(s->task[0].freq[0], 1);
    ecs_schedule_free(s);
    inst.deadline = 3;
    ecs_diag d;
    assert_int_equal(ecs_listsched_cheapest(&inst, &s, &d), ECS_EINFEASIBLE);
    assert_null(s);
    assert_non_null(strstr(d.msg, "task"));
    ecs_graph_free(g);
}

/* Tiny random instances (1-3 tasks, D' 2-5, prices with negative ones, a
 * source in half, a cap in a third): the schedule passes the checker (cap
 * included) and is never cheaper than brute force, never found where
 * brute force finds none; the fluid bound is never above brute force's
 * optimum.  The cheapest-fit is a heuristic: it is feasible on most
 * instances brute force solves, not all (a greedy order). */
static void test_vs_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 3737;
    int solved = 0, found = 0, runs = 300;
    for (int rep = 0; rep < runs; rep++) {
        tu_ext_case k;
        tu_ext_case_random(&k, &seed, rep, 0.4, 0.3);
        const ecs_instance *inst = &k.inst;
        long T = inst->deadline;
        const double *price = k.price;
        double opt = tu_brute_force_ext(inst);
        double c = cheapest(inst, NULL);
        double fl = NAN, gr = NAN;
        assert_int_equal(ecs_bound_fluid_ext(inst, &fl, NULL), ECS_OK);
        ecs_result grc = ecs_bound_fluid_ext_greedy(inst, &gr, NULL);
        int neg = 0;
        for (long l = 0; l < T; l++)
            neg |= price[l] < 0.0;
        assert_int_equal(grc, neg ? ECS_EUNSUPPORTED : ECS_OK);
        /* the LP without the windows' rows: never above the LP with them */
        if (!neg)
            assert_true(gr <= fl + 1e-9 * (1 + fabs(fl)) || !isfinite(fl));
        if (isfinite(opt)) {
            solved++;
            assert_true(fl <= opt + 1e-9 * (1 + fabs(opt)));
            if (isfinite(c)) {
                found++;
                assert_true(c >= opt - 1e-9 * (1 + fabs(opt)));
            }
        } else {
            assert_false(isfinite(c));
        }
        tu_ext_case_free(&k);
    }
    /* most instances brute force solves have a cheapest-fit schedule */
    assert_true(solved > runs / 2);
    assert_true(found * 10 >= solved * 8);
}

/* The profile list schedule (ecs_listsched_cheapest_profiles): one task
 * of work 2 (4 grid steps), prices 1, 10, 1, D' = 3.  Every schedule pays
 * the idle draw, 0.7 x 12 = 8.4.  One frequency throughout: fast at 1 in
 * slot 0 adds 3.5 (fast at 0.5 or slow at 1 over two slots would pay the
 * dear slot: 11.0, 8.8): 11.9.  A frequency per slot: slow at 1 in slot 0
 * (+0.8), waiting at f = 0 through the dear slot 1 (its idle draw only),
 * slow at 1 in slot 2 (+0.8): 10.0, the optimum (brute force); fast at
 * 0.5, 0, 0.5 would add 2.0. */
static void test_profiles_hand(void **state)
{
    (void)state;
    ecs_platform p;
    tu_worked_platform(&p);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    double price[3] = {1, 10, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 3, 3);
    assert_close(cheapest(&inst, NULL), 11.9, 1e-12);
    ecs_schedule *s = NULL;
    assert_int_equal(ecs_listsched_cheapest_profiles(&inst, NULL, NULL, &s,
                                                     NULL),
                     ECS_OK);
    ecs_check_report r;
    assert_int_equal(ecs_check_schedule(&inst, s, &r, NULL), ECS_OK);
    assert_close(r.cost, 10.0, 1e-12);
    assert_close(tu_brute_force_ext(&inst), 10.0, 1e-12);
    assert_int_equal(s->task[0].pe, 1);
    assert_int_equal(s->task[0].start, 0);
    assert_int_equal(s->task[0].stop, 2);
    assert_int_equal(s->task[0].freq[0], 0);
    assert_int_equal(s->task[0].freq[1], 2); /* f = 0 */
    assert_int_equal(s->task[0].freq[2], 0);
    ecs_schedule_free(s);
    /* the same price everywhere: one frequency throughout, slow at 1
     * over 0..1 (+1.6; slow at 0.5 needs 4 slots); a frequency per slot,
     * slow at 1, 0.5, 0.5 (2 + 1 + 1 steps, +0.8 + 0.2 + 0.2): 2.1 + 1.2,
     * the optimum */
    price[1] = 1;
    assert_close(cheapest(&inst, NULL), 2.1 + 1.6, 1e-12);
    assert_int_equal(ecs_listsched_cheapest_profiles(&inst, NULL, NULL, &s,
                                                     NULL),
                     ECS_OK);
    assert_int_equal(ecs_check_schedule(&inst, s, &r, NULL), ECS_OK);
    assert_close(r.cost, 2.1 + 1.2, 1e-12);
    assert_close(tu_brute_force_ext(&inst), 2.1 + 1.2, 1e-12);
    assert_int_equal(s->task[0].stop, 2);
    ecs_schedule_free(s);
    long lo = 0;
    ecs_diag d;
    assert_int_equal(ecs_listsched_cheapest_profiles(&inst, &lo, NULL, &s, &d),
                     ECS_EINVAL);
    assert_null(s);
    ecs_graph_free(g);
}

/* The profile list schedule on the tiny random instances of
 * test_vs_brute_force, with and without ranges: every schedule passes the
 * checker and is never cheaper than brute force; found on most instances
 * brute force solves; on one task never dearer than one frequency
 * throughout (its search holds every such placement). */
static void test_profiles_vs_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 3738;
    int solved = 0, found = 0, single = 0, runs = 150;
    for (int rep = 0; rep < runs; rep++) {
        tu_ext_case k;
        tu_ext_case_random(&k, &seed, rep, 0.4, 0.3);
        const ecs_instance *inst = &k.inst;
        size_t n = inst->graph->n;
        long lo[8], hi[8];
        for (size_t i = 0; i < n && i < 8; i++) {
            lo[i] = tu_rng_int(&seed, 0, (int)inst->deadline - 1);
            hi[i] = lo[i] + tu_rng_int(&seed, 0, 2);
        }
        double opt = tu_brute_force_ext(inst);
        double c = cheapest(inst, NULL);
        for (int ranged = 0; ranged < 2 && n <= 8; ranged++) {
            double pc = listsched_cost(inst, 1, ranged ? lo : NULL,
                                       ranged ? hi : NULL, NULL);
            if (!isfinite(pc))
                continue;
            assert_true(isfinite(opt));
            assert_true(pc >= opt - 1e-9 * (1 + fabs(opt)));
            if (!ranged) {
                found++;
                if (n == 1 && isfinite(c)) {
                    single++;
                    assert_true(pc <= c + 1e-9 * (1 + fabs(c)));
                }
            }
        }
        solved += isfinite(opt);
        tu_ext_case_free(&k);
    }
    assert_true(solved > runs / 2);
    assert_true(found * 10 >= solved * 7);
    assert_true(single > 10);
}

/* The fluid bound by hand on the worked platform, one task of work 2
 * (4 grid steps), D' = 2, price 1.  Per slot and PE, the least extra
 * energy per step (the lower hull of the frequencies): slow 0.2 for its
 * first step, 0.6 for its second; fast 0.5 for two, then 1.25 for two.
 * Without the windows' rows (the greedy) the two slots' cheapest 4 steps
 * are 0.2 twice and 0.5 twice: 1.4, plus the idle draw 2 x 0.7: 2.8.  The
 * windows let one PE work per slot (one task), so 2 steps per slot by one
 * PE: slow at 1 (0.8): 1.6 + 1.4 = 3.0, the optimum.  With a free source
 * of 1.0 per slot the idle draw is free and leaves 0.3 per slot: the
 * greedy takes 1.2 steps per slot free (slow's step, 0.2 steps of fast's
 * first piece) and 1.6 more at 0.5: 0.8; the LP one slow PE at 1 per
 * slot, 0.5 from the grid each: 1.0, the optimum.  A negative price:
 * the greedy does not apply. */
static void test_fluid_greedy_hand(void **state)
{
    (void)state;
    ecs_platform p;
    tu_worked_platform(&p);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    double price[2] = {1, 1}, vol[2] = {1, 1}, v = NAN;
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    assert_int_equal(ecs_bound_fluid_ext_greedy(&inst, &v, NULL), ECS_OK);
    assert_close(v, 2.8, 1e-9);
    assert_int_equal(ecs_bound_fluid_ext(&inst, &v, NULL), ECS_OK);
    assert_close(v, 3.0, 1e-9);
    assert_close(tu_brute_force_ext(&inst), 3.0, 1e-12);
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    inst.source = &src;
    inst.nsource = 1;
    assert_int_equal(ecs_bound_fluid_ext_greedy(&inst, &v, NULL), ECS_OK);
    assert_close(v, 0.8, 1e-9);
    assert_int_equal(ecs_bound_fluid_ext(&inst, &v, NULL), ECS_OK);
    assert_close(v, 1.0, 1e-9);
    assert_close(tu_brute_force_ext(&inst), 1.0, 1e-12);
    price[1] = -1;
    assert_int_equal(ecs_bound_fluid_ext_greedy(&inst, &v, NULL),
                     ECS_EUNSUPPORTED);
    ecs_graph_free(g);
}

/* Beyond 12,000 LP columns (2 classes x 3,000 slots x 3 frequencies)
 * ecs_bound_fluid_ext is the greedy: on one task of work 2 at price 1,
 * slots 0 and 1 dearer (2): the cheapest step of four cheap slots (slow's
 * first, 0.2 each): 0.8, plus the idle draw 0.7 over the 3,000 slots at
 * their prices (2,998 + 2 x 2).  (The LP's windows would keep the task's
 * 4 steps within one PE per slot.) */
static void test_fluid_greedy_at_scale(void **state)
{
    (void)state;
    enum { T = 3000 };
    ecs_platform p;
    tu_worked_platform(&p);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    static double price[T];
    for (int l = 0; l < T; l++)
        price[l] = l < 2 ? 2 : 1;
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, T, T);
    double v = NAN, w = NAN;
    assert_int_equal(ecs_bound_fluid_ext(&inst, &v, NULL), ECS_OK);
    assert_int_equal(ecs_bound_fluid_ext_greedy(&inst, &w, NULL), ECS_OK);
    assert_true(v == w);
    assert_close(v, 0.7 * (T - 2 + 2 * 2) + 0.8, 1e-6); /* less 1e-10 relative */
    ecs_graph_free(g);
}


/* One solve of test_solve_plan_at_scale: the phases run are `trace` and
 * the MILP (the third step) is granted `share` of the time left; with a
 * share below 1 local search follows unless the MILP proves.  The schedule
 * passes the checker at the cost reported. */
static void assert_milp_plan(const ecs_instance *inst, const ecs_solve_params *prm,
                             const char *trace, double share)
{
    ecs_solve_result r;
    char t[128];
    assert_int_equal(ecs_solve(inst, NULL, prm, &r, NULL), ECS_OK);
    tu_solve_trace(&r, t, sizeof t);
    if (share >= 1) {
        assert_string_equal(t, trace);
    } else {
        char with_local[128];
        snprintf(with_local, sizeof with_local, "%s,local", trace);
        assert_true(strcmp(t, trace) == 0 || strcmp(t, with_local) == 0);
        if (r.status != ECS_SOLVE_OPTIMAL)
            assert_string_equal(t, with_local);
    }
    assert_close(r.steps[2].granted_s, share * r.steps[2].left_s, 1e-9);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(inst, r.schedule, &rep, NULL), ECS_OK);
    assert_close(rep.cost, r.cost, 1e-9);
    ecs_solve_result_release(&r);
}

/* solve's plan on the extended model beyond the MILP's size (a limit of
 * one non-zero): column generation (phase bound) then local search up to
 * colgen_max_tasks tasks and colgen_max_task_slots tasks x D', local
 * search alone above; within it, the MILP
 * with all of the time left up to milp_all_max_tasks tasks, milp_share of
 * it above and local search after it.  On the one-task
 * example under the source the start is the cheapest-fit schedule, cost
 * 1.4 (test_hand_source_cap), which local search keeps or matches. */
static void test_solve_plan_at_scale(void **state)
{
    (void)state;
    ecs_platform p;
    tu_worked_platform(&p);
    uint64_t seed = 37;
    ecs_graph *g = tu_random_graph(&seed, 8, 3, 0.3);
    double price[40], vol[40];
    for (int l = 0; l < 40; l++) {
        price[l] = 1 + (l % 5);
        vol[l] = l % 3 == 0 ? 1.5 : 0.0;
    }
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 40, 40);
    inst.source = &src;
    inst.nsource = 1;
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    ecs_solve_params prm;
    ecs_solve_params_init(&prm);
    prm.time_limit_s = 1.0;
    prm.milp_max_nonzeros = 1.0;
    ecs_solve_result r;
    char t[128];
    assert_int_equal(ecs_solve(&inst, NULL, &prm, &r, NULL), ECS_OK);
    tu_solve_trace(&r, t, sizeof t);
    assert_string_equal(t, "start,fluid,bound,local");
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&inst, r.schedule, &rep, NULL), ECS_OK);
    assert_close(rep.cost, r.cost, 1e-9);
    ecs_solve_result_release(&r);
    prm.colgen_max_tasks = 7; /* fewer than the graph's 8 */
    assert_int_equal(ecs_solve(&inst, NULL, &prm, &r, NULL), ECS_OK);
    tu_solve_trace(&r, t, sizeof t);
    assert_string_equal(t, "start,fluid,local");
    assert_int_equal(ecs_check_schedule(&inst, r.schedule, &rep, NULL), ECS_OK);
    assert_close(rep.cost, r.cost, 1e-9);
    assert_true(r.bound <= r.cost + 1e-9);
    ecs_solve_result_release(&r);
    /* and only up to colgen_max_task_slots tasks x D' (8 x 40 = 320) */
    prm.colgen_max_tasks = 500;
    prm.colgen_max_task_slots = 319;
    assert_int_equal(ecs_solve(&inst, NULL, &prm, &r, NULL), ECS_OK);
    tu_solve_trace(&r, t, sizeof t);
    assert_string_equal(t, "start,fluid,local");
    assert_int_equal(ecs_check_schedule(&inst, r.schedule, &rep, NULL), ECS_OK);
    ecs_solve_result_release(&r);
    prm.colgen_max_task_slots = 320;
    assert_int_equal(ecs_solve(&inst, NULL, &prm, &r, NULL), ECS_OK);
    tu_solve_trace(&r, t, sizeof t);
    assert_string_equal(t, "start,fluid,bound,local");
    ecs_solve_result_release(&r);
    /* within the MILP's size: all of the time left up to
     * milp_all_max_tasks tasks, milp_share of it above, then local */
    ecs_solve_params_init(&prm);
    prm.time_limit_s = 0.5;
    assert_milp_plan(&inst, &prm, "start,fluid,milp", 1);
    prm.milp_all_max_tasks = 7;
    assert_milp_plan(&inst, &prm, "start,fluid,milp", prm.milp_share);
    /* where a source (or a cap) can bind, the MILP alone only up to two
     * thirds of milp_all_max_tasks: 12 -> 8, the graph's 8 tasks (all of
     * the time left); 11 -> 7 (milp_share); without the source 11 keeps
     * all of it */
    prm.milp_all_max_tasks = 12;
    assert_milp_plan(&inst, &prm, "start,fluid,milp", 1);
    prm.milp_all_max_tasks = 11;
    assert_milp_plan(&inst, &prm, "start,fluid,milp", prm.milp_share);
    ecs_instance_release(&inst);
    ecs_instance_init(&inst, g, &p, price, 40, 40); /* no source */
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    assert_milp_plan(&inst, &prm, "start,fluid,milp", 1);
    ecs_instance_release(&inst);
    /* a source of zero volume cannot bind: solve's view drops it, and the
     * plan is the one without a source (all of the time left at 11) */
    double vol0[40] = {0};
    ecs_source src0 = {.name = "solar", .site = 0, .price = 0, .volume = vol0};
    ecs_instance_init(&inst, g, &p, price, 40, 40);
    inst.source = &src0;
    inst.nsource = 1;
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    assert_milp_plan(&inst, &prm, "start,fluid,milp", 1);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
    /* the one-task example: the cheapest-fit start */
    g = tu_graph(1, (const long[]){2}, 0, NULL);
    double pr4[4] = {1, 1, 1, 1}, v4[4] = {0, 0, 1.5, 1.5};
    ecs_source s4 = {.name = "solar", .site = 0, .price = 0, .volume = v4};
    ecs_instance_init(&inst, g, &p, pr4, 4, 4);
    inst.source = &s4;
    inst.nsource = 1;
    assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
    prm.local.time_limit_s = 0.01;
    assert_int_equal(ecs_solve_start(&inst, &prm, &r, NULL), ECS_OK);
    assert_close(r.cost, 1.4, 1e-9);
    assert_true(r.found_by == ECS_FOUND_BY_CHEAPEST_FIT || r.found_by == ECS_FOUND_BY_LOCAL);
    ecs_solve_result_release(&r);
    ecs_instance_release(&inst);
    ecs_graph_free(g);
}

/* The list schedules within a base stretched to D' (solve's other starts
 * of the local phase; ranges computed here: floor(s D' / M) .. ceil((e + 1)
 * D' / M) - 1) on 20 random graphs with a list schedule at f = 1 as the
 * base and D' = 1.5 M: both are found on every one and pass the checker;
 * solve (column generation and local search, a second) with that base
 * gives a checked schedule never dearer than its start. */
static void test_stretched_starts(void **state)
{
    (void)state;
    ecs_platform p;
    tu_worked_platform(&p);
    for (uint64_t k = 0; k < 20; k++) {
        uint64_t seed = 41 + k;
        ecs_graph *g = tu_random_graph(&seed, 10, 3, 0.3);
        double price[60];
        for (int l = 0; l < 60; l++)
            price[l] = 1 + ((l + (long)k) * 7 % 5);
        ecs_schedule *base = NULL;
        assert_int_equal(ecs_listsched_platform(g, &p, &base, NULL), ECS_OK);
        long M = ecs_schedule_makespan(base), D = M + M / 2;
        ecs_instance inst;
        ecs_instance_init(&inst, g, &p, price, D, D);
        assert_int_equal(ecs_instance_prepare(&inst, NULL), ECS_OK);
        long lo[10], hi[10];
        for (size_t i = 0; i < g->n; i++) {
            lo[i] = base->task[i].start * D / M;
            hi[i] = ((base->task[i].stop + 1) * D + M - 1) / M - 1;
        }
        assert_true(isfinite(listsched_cost(&inst, 0, lo, hi, NULL)));
        assert_true(isfinite(listsched_cost(&inst, 1, lo, hi, NULL)));
        if (k < 2) {
            ecs_solve_params prm;
            ecs_solve_params_init(&prm);
            prm.base = base;
            prm.time_limit_s = 0.3;
            prm.milp_max_nonzeros = 1.0;
            ecs_solve_result r;
            assert_int_equal(ecs_solve(&inst, NULL, &prm, &r, NULL), ECS_OK);
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(&inst, r.schedule, &rep, NULL),
                             ECS_OK);
            assert_close(rep.cost, r.cost, 1e-9);
            assert_true(r.cost <= r.start_cost + 1e-9);
            ecs_solve_result_release(&r);
        }
        ecs_schedule_free(base);
        ecs_instance_release(&inst);
        ecs_graph_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_hand_one_task),
        cmocka_unit_test(test_hand_chain),
        cmocka_unit_test(test_hand_source_cap),
        cmocka_unit_test(test_vs_brute_force),
        cmocka_unit_test(test_profiles_hand),
        cmocka_unit_test(test_profiles_vs_brute_force),
        cmocka_unit_test(test_fluid_greedy_hand),
        cmocka_unit_test(test_fluid_greedy_at_scale),
        cmocka_unit_test(test_solve_plan_at_scale),
        cmocka_unit_test(test_stretched_starts),
    };
    return tu_run(quick, sizeof quick / sizeof *quick, NULL, 0);
}
