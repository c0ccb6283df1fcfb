/* Local search on the extended model (heuristic/local_ext.c; docs/MODEL.md
 * "Heterogeneous platforms", "Local heuristic"), the heterogeneous list
 * scheduler (ecs_listsched_platform) and the brute-force oracle of the
 * extended model (testutil.c tu_brute_force_ext). */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/listsched.h"

#include <string.h>
#include "ecsched/local.h"

/* The platform of docs/MODEL.md's worked examples: F = {1, 0.5, 0};
 * fast (speeds 2, 1; powers 4, 1.5; idle 0.5) and slow (speeds 1, 0.5;
 * powers 1, 0.4; idle 0.2), nfast and nslow PEs. */
static void model_platform(ecs_platform *p, int nfast, int nslow)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5,0", NULL), ECS_OK);
    tu_add_class(p, "fast", nfast, 0, (const double[]){2, 1, 0},
              (const double[]){4, 1.5, 0}, 0.5);
    tu_add_class(p, "slow", nslow, 0, (const double[]){1, 0.5, 0},
              (const double[]){1, 0.4, 0}, 0.2);
}

/* ---- the oracle on the worked examples ---- */

/* docs/MODEL.md "Heterogeneous platforms", its worked example (classes):
 * one task of work 2, D' = 2, price 1: slow at f = 1 for 2 slots,
 * 2 (0.7 + 0.8) = 3.0. */
static void test_bf_worked_classes(void **state)
{
    (void)state;
    ecs_platform p;
    model_platform(&p, 1, 1);
    assert_int_equal(p.grid, 2);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    double price[2] = {1, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    assert_close(tu_brute_force_ext(&inst), 3.0, 1e-12);
    /* D' = 1: only fast at f = 1 finishes, 4.2 */
    inst.deadline = 1;
    assert_close(tu_brute_force_ext(&inst), 4.2, 1e-12);
    ecs_graph_free(g);
}

/* "Worked example (sources and cap)": a free source of 1.0 per slot:
 * slow at f = 1 costs 2 g(1.5) = 1.0; a cap of 1.6 keeps it; a cap of 1.4
 * leaves nothing (slow at f = 1 draws 1.5, fast more). */
static void test_bf_worked_sources_cap(void **state)
{
    (void)state;
    ecs_platform p;
    model_platform(&p, 1, 1);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    double price[2] = {1, 1}, vol[2] = {1, 1}, cap[2] = {1.6, 1.6};
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    ecs_site site = {.price = NULL, .cap = NULL};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    inst.source = &src;
    inst.nsource = 1;
    assert_close(tu_brute_force_ext(&inst), 1.0, 1e-12);
    inst.site = &site;
    site.cap = cap;
    assert_close(tu_brute_force_ext(&inst), 1.0, 1e-12);
    cap[0] = cap[1] = 1.4;
    assert_true(tu_brute_force_ext(&inst) == HUGE_VAL);
    ecs_graph_free(g);
}

/* On the paper's platform the extended oracle is the paper's: both
 * enumerate every schedule, with different arithmetic. */
static void test_bf_paper_agrees(void **state)
{
    (void)state;
    uint64_t seed = 2611;
    int finite = 0;
    for (int rep = 0; rep < 60; rep++) {
        size_t n = (size_t)tu_rng_int(&seed, 1, 3);
        ecs_graph *g = tu_random_graph(&seed, n, 2, 0.4);
        ecs_platform p;
        tu_platform(&p, (int)tu_rng_int(&seed, 1, 2), "1,0.5,0",
                    rep % 2 ? "quadratic" : "static:0.4");
        long T = tu_rng_int(&seed, 2, n == 3 ? 4 : 5);
        double price[TU_BFX_MAXT];
        tu_random_prices(&seed, price, T, 0.3);
        ecs_instance inst;
        ecs_instance_init(&inst, g, &p, price, (size_t)T, T);
        double a = tu_brute_force_ext(&inst);
        double b = tu_brute_force(g, &p, price, T);
        if (b == HUGE_VAL)
            assert_true(a == HUGE_VAL);
        else
            assert_close(a, b, 1e-9);
        finite += b != HUGE_VAL;
        ecs_graph_free(g);
    }
    assert_true(finite >= 30); /* most draws have a schedule */
}

/* ---- ecs_listsched_platform ---- */

/* fast: 1 PE at speed 2 (a task of work 4 takes 2 slots), slow: 1 PE at
 * speed 1 (4 slots).  Three independent tasks of work 4: the first on
 * fast [0, 1]; the second finishes at 4 on fast and on slow, the tie goes
 * to the lower class: fast [2, 3]; the third finishes at 6 on fast, at 4
 * on slow: slow [0, 3].  Makespan 4, every slot at f = 1. */
static void test_listsched_hand(void **state)
{
    (void)state;
    ecs_platform p;
    model_platform(&p, 1, 1);
    ecs_graph *g = tu_graph(3, (const long[]){4, 4, 4}, 0, NULL);
    ecs_schedule *s = NULL;
    assert_int_equal(ecs_listsched_platform(g, &p, &s, NULL), ECS_OK);
    long want[3][3] = {{0, 0, 1}, {0, 2, 3}, {1, 0, 3}};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(s->task[i].pe, want[i][0]);
        assert_int_equal(s->task[i].start, want[i][1]);
        assert_int_equal(s->task[i].stop, want[i][2]);
        for (long l = s->task[i].start; l <= s->task[i].stop; l++)
            assert_int_equal(s->task[i].freq[l - s->task[i].start], 0);
    }
    assert_int_equal(ecs_schedule_makespan(s), 4);
    ecs_schedule_free(s);
    /* a chain 0 -> 1 -> 2 of work 3: 2 slots each on fast (ceil(3 / 2)),
     * 3 on slow: all on fast, makespan 6; the bottom level orders them */
    ecs_graph_free(g);
    g = tu_graph(3, (const long[]){3, 3, 3}, 2,
                 (const ecs_edge[]){{1, 2, 0}, {0, 1, 0}});
    assert_int_equal(ecs_listsched_platform(g, &p, &s, NULL), ECS_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(s->task[i].pe, 0);
        assert_int_equal(s->task[i].start, 2 * i);
        assert_int_equal(s->task[i].stop, 2 * i + 1);
    }
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* The paper's platform: exactly ecs_listsched_run. */
static void test_listsched_paper(void **state)
{
    (void)state;
    uint64_t seed = 77;
    ecs_graph *g = tu_random_graph(&seed, 30, 6, 0.1);
    ecs_platform p;
    tu_platform(&p, 3, "1,0.5,0", "quadratic");
    ecs_schedule *a = NULL, *b = NULL;
    assert_int_equal(ecs_listsched_platform(g, &p, &a, NULL), ECS_OK);
    assert_int_equal(ecs_listsched_run(g, 3, &b, NULL), ECS_OK);
    for (size_t i = 0; i < g->n; i++) {
        assert_int_equal(a->task[i].pe, b->task[i].pe);
        assert_int_equal(a->task[i].start, b->task[i].start);
        assert_int_equal(a->task[i].stop, b->task[i].stop);
    }
    ecs_schedule_free(a);
    ecs_schedule_free(b);
    ecs_graph_free(g);
}

/* Random graphs on two classes: the checker accepts every schedule (no
 * deadline), each task runs its duration on its class at f = 1, and the
 * makespan is at least the critical path at the fastest speed. */
static void test_listsched_random(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    double price[4096];
    for (int l = 0; l < 4096; l++)
        price[l] = 1.0;
    for (int rep = 0; rep < 40; rep++) {
        ecs_graph *g = tu_random_graph(&seed, (size_t)tu_rng_int(&seed, 1, 40),
                                       9, tu_rng_unit(&seed) * 0.3);
        ecs_platform p;
        model_platform(&p, (int)tu_rng_int(&seed, 1, 3),
                       (int)tu_rng_int(&seed, 1, 5));
        ecs_schedule *s = NULL;
        assert_int_equal(ecs_listsched_platform(g, &p, &s, NULL), ECS_OK);
        ecs_check_report rep_;
        ecs_diag d;
        ecs_diag_clear(&d);
        ecs_result rc = ecs_check_schedule(
            ECS_INSTANCE_BORROW(g, &p, price, 4096, 0), s, &rep_, &d);
        if (rc != ECS_OK)
            print_error("%s\n", d.msg);
        assert_int_equal(rc, ECS_OK);
        long cp = 0, bl[64];
        for (size_t k = g->n; k-- > 0;) {
            size_t v = g->topo[k];
            long b = 0;
            for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
                if (bl[g->succ[e]] > b)
                    b = bl[g->succ[e]];
            bl[v] = (g->work[v] + 1) / 2 + b; /* fast: speed 2 */
            if (bl[v] > cp)
                cp = bl[v];
        }
        assert_true(rep_.makespan >= cp);
        for (size_t i = 0; i < g->n; i++) {
            int c = ecs_platform_pe_class(&p, s->task[i].pe);
            long v = c == 0 ? 2 : 1;
            assert_int_equal(s->task[i].stop - s->task[i].start + 1,
                             (g->work[i] + v - 1) / v);
        }
        ecs_schedule_free(s);
        ecs_graph_free(g);
    }
}

/* ---- ecs_listsched_platform_capped (docs/MODEL.md "Base schedule") ---- */

/* The hand example above under caps: idle 0.5 + 0.2 = 0.7; fast adds 3.5
 * at f = 1, slow 0.8.  Cap 4.5: fast alone (4.2) fits, fast with slow
 * (5.0) does not.  Task 0: fast [0, 1].  Task 1: fast [2, 3] ends at 4;
 * slow cannot run beside fast in slots 0-1, so from 2 until 6: fast.
 * Task 2: fast [4, 5] ends at 6, slow from 6 (slots 0-5 hold fast) until
 * 10: fast.  Makespan 6 against 4 without the cap.  Cap 1.6: fast never
 * fits; all three on slow, one after the other: makespan 12. */
static void test_listsched_capped_hand(void **state)
{
    (void)state;
    ecs_platform p;
    model_platform(&p, 1, 1);
    ecs_graph *g = tu_graph(3, (const long[]){4, 4, 4}, 0, NULL);
    double cap[16], price[16];
    for (int l = 0; l < 16; l++) {
        cap[l] = 4.5;
        price[l] = 1;
    }
    const double *caps[1] = {cap};
    ecs_schedule *s = NULL;
    assert_int_equal(ecs_listsched_platform_capped(g, &p, caps, 16, &s, NULL), ECS_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(s->task[i].pe, 0);
        assert_int_equal(s->task[i].start, 2 * i);
        assert_int_equal(s->task[i].stop, 2 * i + 1);
    }
    ecs_site site = {NULL, cap};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 16, 6);
    inst.site = &site;
    ecs_check_report r;
    assert_int_equal(ecs_check_schedule(&inst, s, &r, NULL), ECS_OK);
    ecs_schedule_free(s);
    for (int l = 0; l < 16; l++)
        cap[l] = 1.6;
    assert_int_equal(ecs_listsched_platform_capped(g, &p, caps, 16, &s, NULL), ECS_OK);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(s->task[i].pe, 1);
        assert_int_equal(s->task[i].stop - s->task[i].start, 3);
    }
    assert_int_equal(ecs_schedule_makespan(s), 12);
    inst.deadline = 12;
    assert_int_equal(ecs_check_schedule(&inst, s, &r, NULL), ECS_OK);
    ecs_schedule_free(s);
    /* within 11 slots the third task has no room */
    ecs_diag d;
    assert_int_equal(ecs_listsched_platform_capped(g, &p, caps, 11, &s, &d),
                     ECS_EINFEASIBLE);
    assert_null(s);
    assert_non_null(strstr(d.msg, "task"));
    /* the idle draw alone above the cap: no schedule */
    for (int l = 0; l < 16; l++)
        cap[l] = 0.6;
    assert_int_equal(ecs_listsched_platform_capped(g, &p, caps, 16, &s, &d),
                     ECS_EINFEASIBLE);
    assert_non_null(strstr(d.msg, "when idle"));
    ecs_graph_free(g);
}

/* Random graphs: under a cap that admits slow alone, every schedule
 * passes the checker under that cap; under a cap at the peak draw (every
 * PE busy at f = 1) the schedule is the uncapped one, slot for slot. */
static void test_listsched_capped_random(void **state)
{
    (void)state;
    uint64_t seed = 9090;
    enum { H = 4096 };
    static double price[H], cap[H];
    for (int l = 0; l < H; l++)
        price[l] = 1.0;
    for (int rep = 0; rep < 40; rep++) {
        ecs_graph *g = tu_random_graph(&seed, (size_t)tu_rng_int(&seed, 1, 30),
                                       9, tu_rng_unit(&seed) * 0.3);
        int nf = (int)tu_rng_int(&seed, 1, 3), ns = (int)tu_rng_int(&seed, 1, 4);
        ecs_platform p;
        model_platform(&p, nf, ns);
        double idle = 0.5 * nf + 0.2 * ns, peak = 4.0 * nf + 1.0 * ns;
        /* between slow alone and the peak */
        double k = idle + 0.8 + tu_rng_unit(&seed) * (peak - idle - 0.8);
        for (int l = 0; l < H; l++)
            cap[l] = k;
        const double *caps[1] = {cap};
        ecs_schedule *s = NULL, *u = NULL;
        assert_int_equal(ecs_listsched_platform_capped(g, &p, caps, H, &s, NULL), ECS_OK);
        ecs_site site = {NULL, cap};
        ecs_instance inst;
        ecs_instance_init(&inst, g, &p, price, H, ecs_schedule_makespan(s));
        inst.site = &site;
        ecs_check_report r;
        ecs_diag d;
        ecs_result rc = ecs_check_schedule(&inst, s, &r, &d);
        if (rc != ECS_OK)
            print_error("rep %d: %s\n", rep, r.msg);
        assert_int_equal(rc, ECS_OK);
        ecs_schedule_free(s);
        for (int l = 0; l < H; l++)
            cap[l] = peak;
        assert_int_equal(ecs_listsched_platform_capped(g, &p, caps, H, &s, NULL), ECS_OK);
        assert_int_equal(ecs_listsched_platform(g, &p, &u, NULL), ECS_OK);
        for (size_t i = 0; i < g->n; i++) {
            assert_int_equal(s->task[i].pe, u->task[i].pe);
            assert_int_equal(s->task[i].start, u->task[i].start);
            assert_int_equal(s->task[i].stop, u->task[i].stop);
        }
        ecs_schedule_free(s);
        ecs_schedule_free(u);
        ecs_graph_free(g);
    }
}

/* ---- local search on the extended model ---- */

/* Local search on inst from start (may be NULL); its result passes the
 * checker, which the test runs itself too.  Returns the result code. */
static ecs_result run_local(const ecs_instance *inst,
                            const ecs_schedule *start, uint64_t seed,
                            ecs_local_result *r)
{
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    prm.seed = seed;
    prm.max_stall = 30;
    prm.time_limit_s = 60; /* never binds on these sizes */
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_local_run(inst, start, &prm, r, &d);
    if (rc != ECS_OK && rc != ECS_EINFEASIBLE)
        print_error("%s\n", d.msg);
    if (rc == ECS_OK) {
        ecs_check_report rep;
        ecs_result c = ecs_check_schedule(inst, r->schedule, &rep, &d);
        if (c != ECS_OK)
            print_error("%s\n", d.msg);
        assert_int_equal(c, ECS_OK);
        assert_close(rep.cost, r->cost, 1e-12);
        assert_true(rep.makespan <= inst->deadline);
    }
    return rc;
}

/* The worked examples by local search: 3.0; with the source 1.0, with the
 * cap 1.6 still 1.0; with the cap 1.4 no schedule (EINFEASIBLE). */
static void test_local_worked(void **state)
{
    (void)state;
    ecs_platform p;
    model_platform(&p, 1, 1);
    ecs_graph *g = tu_graph(1, (const long[]){2}, 0, NULL);
    double price[2] = {1, 1}, vol[2] = {1, 1}, cap[2] = {1.6, 1.6};
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    ecs_site site = {.price = NULL, .cap = NULL};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    ecs_local_result r;
    assert_int_equal(run_local(&inst, NULL, 1, &r), ECS_OK);
    assert_close(r.cost, 3.0, 1e-12);
    assert_int_equal(ecs_platform_pe_class(&p, r.schedule->task[0].pe), 1);
    ecs_local_result_release(&r);
    inst.source = &src;
    inst.nsource = 1;
    assert_int_equal(run_local(&inst, NULL, 1, &r), ECS_OK);
    assert_close(r.cost, 1.0, 1e-12);
    ecs_local_result_release(&r);
    inst.site = &site;
    site.cap = cap;
    assert_int_equal(run_local(&inst, NULL, 1, &r), ECS_OK);
    assert_close(r.cost, 1.0, 1e-12);
    ecs_local_result_release(&r);
    cap[0] = cap[1] = 1.4;
    assert_int_equal(run_local(&inst, NULL, 1, &r), ECS_EINFEASIBLE);
    ecs_local_result_release(&r);
    ecs_graph_free(g);
}

/* A feasible start is never made dearer, and a start the checker rejects
 * (here: on the wrong PE count) is replaced by a built one. */
static void test_local_start(void **state)
{
    (void)state;
    ecs_platform p;
    model_platform(&p, 1, 1);
    ecs_graph *g = tu_graph(2, (const long[]){2, 2}, 1,
                            (const ecs_edge[]){{0, 1, 0}});
    double price[4] = {1, 0.2, 0.3, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 4, 4);
    ecs_schedule *base = NULL;
    assert_int_equal(ecs_listsched_platform(g, &p, &base, NULL), ECS_OK);
    ecs_local_result r;
    assert_int_equal(run_local(&inst, base, 3, &r), ECS_OK);
    assert_true(r.cost <= r.start_cost);
    double bf = tu_brute_force_ext(&inst);
    assert_close(r.cost, bf, 1e-9);
    ecs_local_result_release(&r);
    base->task[1].pe = 7; /* not a PE */
    assert_int_equal(run_local(&inst, base, 3, &r), ECS_OK);
    assert_close(r.cost, bf, 1e-9);
    ecs_local_result_release(&r);
    ecs_schedule_free(base);
    ecs_graph_free(g);
}

/* Two sites, east and west, one PE each (class e, then w): f = 1 at
 * power 1, no idle. */
static void east_west(ecs_platform *p)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0", NULL), ECS_OK);
    int east = 0, west = 0;
    assert_int_equal(ecs_platform_add_site(p, "east", &east, NULL), ECS_OK);
    assert_int_equal(ecs_platform_add_site(p, "west", &west, NULL), ECS_OK);
    tu_add_class(p, "e", 1, east, (const double[]){1, 0},
                 (const double[]){1, 0}, 0.0);
    tu_add_class(p, "w", 1, west, (const double[]){1, 0},
                 (const double[]){1, 0}, 0.0);
}

/* A move across sites from a start at the wrong ones (hand-derived): two
 * sites, one PE each (speed 1, F = {1, 0}, 1 kWh per busy slot, no
 * idle), a chain a -> b of work 1 and a task c of work 2, D' = 3, prices
 * east [0, 4, 4], west [4, 0, 0].  4 work units, and only 3 of the 6
 * PE-slots are free (east 0, west 1 and 2), so every schedule costs at
 * least 4: a at east 0, c at west 1..2, b at east 1 cost 4.  The start
 * puts a at west 0 and b at east 1 (c at west 1..2): 8.  The search must
 * bring a to the other site; every seed reaches 4, which brute force
 * confirms, and the checker accepts every result. */
static void test_local_cross_site(void **state)
{
    (void)state;
    ecs_platform p;
    east_west(&p);
    ecs_graph *g = tu_graph(3, (const long[]){1, 1, 2}, 1,
                            (const ecs_edge[]){{0, 1, 0}});
    double pe[3] = {0, 4, 4}, pw[3] = {4, 0, 0};
    ecs_site site[2] = {{.price = NULL, .cap = NULL}, {.price = pw, .cap = NULL}};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, pe, 3, 3);
    inst.site = site;
    assert_close(tu_brute_force_ext(&inst), 4.0, 1e-12);
    ecs_schedule *start = ecs_schedule_new(3);
    assert_non_null(start);
    const unsigned char f1[2] = {0, 0}; /* index 0: f = 1 */
    assert_int_equal(ecs_schedule_place(start, 0, 1, 0, 0, f1, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(start, 1, 0, 1, 1, f1, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(start, 2, 1, 1, 2, f1, 0), ECS_OK);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        ecs_local_result r;
        assert_int_equal(run_local(&inst, start, seed, &r), ECS_OK);
        assert_close(r.start_cost, 8.0, 1e-12);
        assert_close(r.cost, 4.0, 1e-12);
        /* a ran first, at east slot 0 */
        assert_int_equal(r.schedule->task[0].pe, 0);
        assert_int_equal(r.schedule->task[0].start, 0);
        ecs_local_result_release(&r);
    }
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

/* A coordinated exchange across two sites (issue 37): east (2 PEs) has
 * price -1 in slots 0..3 and 2 after, west (2 PEs) 1 throughout, D' = 8;
 * speeds 1, 0.5 at powers 1, 0.3, no idle; 8 independent tasks of work 2.
 * East's 8 negative PE-slots give at most -1 each (power 1 at most), and
 * the 8 work units left cost at least 0.6 each (0.3 / 0.5 at price 1 or
 * more): the optimum is -8 + 4.8 = -3.2, with four tasks at full speed in
 * east's negative hours and four at half speed over all of west's slots.
 * From the start with all eight at full speed on west (16) no single task
 * can move alone: west holds four tasks at half speed only when the other
 * four have left, and east's hours take four at full speed.  Every seed,
 * from that start and from nothing, reaches -3.2; the checker accepts
 * every schedule (run_local). */
/* The exchange of test_local_exchange_sites at scale k: 2k tasks, D' = 2k,
 * east's negative slots 0..k-1; the bound of that test gives
 * -2k + 2k 0.6 = -0.8k, reached with k tasks at full speed on east in its
 * negative hours and k at half speed over all of west's slots; the start
 * puts all 2k at full speed on west (4k). */
static void exchange_sites(int k, uint64_t seeds)
{
    ecs_platform p;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_freqs(&p, "1,0.5,0", NULL), ECS_OK);
    int east = 0, west = 0;
    assert_int_equal(ecs_platform_add_site(&p, "east", &east, NULL), ECS_OK);
    assert_int_equal(ecs_platform_add_site(&p, "west", &west, NULL), ECS_OK);
    tu_add_class(&p, "e", 2, east, (const double[]){1, 0.5, 0},
                 (const double[]){1, 0.3, 0}, 0.0);
    tu_add_class(&p, "w", 2, west, (const double[]){1, 0.5, 0},
                 (const double[]){1, 0.3, 0}, 0.0);
    size_t n = 2 * (size_t)k;
    long work[16];
    assert_true(n <= 16);
    for (size_t i = 0; i < n; i++)
        work[i] = 2;
    ecs_graph *g = tu_graph(n, work, 0, NULL);
    double pe[16], pw[16];
    for (int l = 0; l < 2 * k; l++) {
        pe[l] = l < k ? -1.0 : 2.0;
        pw[l] = 1.0;
    }
    ecs_site site[2] = {{.price = NULL, .cap = NULL}, {.price = pw, .cap = NULL}};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, pe, n, (long)n);
    inst.site = site;
    ecs_schedule *start = ecs_schedule_new(n);
    assert_non_null(start);
    const unsigned char f1[2] = {0, 0}; /* index 0: f = 1 */
    for (size_t i = 0; i < n; i++)
        assert_int_equal(ecs_schedule_place(start, i, 2 + (int)(i / (size_t)k),
                                            2 * (long)(i % (size_t)k),
                                            2 * (long)(i % (size_t)k) + 1, f1, 0),
                         ECS_OK);
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        for (int from = 0; from < 2; from++) {
            ecs_local_result r;
            assert_int_equal(run_local(&inst, from ? start : NULL, seed, &r),
                             ECS_OK);
            if (from)
                assert_close(r.start_cost, 4.0 * k, 1e-12);
            assert_close(r.cost, -0.8 * k, 1e-9);
            ecs_local_result_release(&r);
        }
    }
    ecs_schedule_free(start);
    ecs_graph_free(g);
}

static void test_local_exchange_sites(void **state)
{
    (void)state;
    exchange_sites(4, 4);
}

/* The same at 16 tasks on 16 slots (optimum -6.4): each window of 6 to
 * 12 tasks has more columns per task than the window LP starts with, so
 * the optimum needs the columns its reduced costs bring in. */
static void test_local_exchange_sites16(void **state)
{
    (void)state;
    exchange_sites(8, 2);
}

/* Recombination (ecs_local_mix): east and west one PE each (power 1 at
 * f = 1, no idle), D' = 3, east's prices 1 1 5, west's 6 1 1; three
 * tasks of work 1, task 0 before task 2.  A puts all three on east in
 * slots 0, 1, 2 (1 + 1 + 5 = 7), B all three on west (6 + 1 + 1 = 8); the
 * optimum 3 (brute force) takes tasks 0 and 1 from A, task 2 from B: the
 * mix finds it (it has no other move: without the recombination the
 * result is A).  The checker accepts it (its cost and the edge); a single
 * schedule comes back as it is; no feasible schedule and a paper instance
 * are EINVAL. */
static void test_local_mix(void **state)
{
    (void)state;
    ecs_platform p;
    east_west(&p);
    ecs_graph *g = tu_graph(3, (const long[]){1, 1, 1}, 1,
                            (const ecs_edge[]){{0, 2, 0}});
    double pe[3] = {1, 1, 5}, pw[3] = {6, 1, 1};
    ecs_site site[2] = {{.price = NULL, .cap = NULL}, {.price = pw, .cap = NULL}};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, pe, 3, 3);
    inst.site = site;
    assert_close(tu_brute_force_ext(&inst), 3.0, 1e-12);
    const unsigned char f1[1] = {0}; /* index 0: f = 1 */
    ecs_schedule *a = ecs_schedule_new(3), *b = ecs_schedule_new(3),
                 *bad = ecs_schedule_new(3);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(bad);
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(ecs_schedule_place(a, i, 0, (long)i, (long)i, f1, 0), ECS_OK);
        assert_int_equal(ecs_schedule_place(b, i, 1, (long)i, (long)i, f1, 0), ECS_OK);
        /* task 2 before task 0: the edge broken */
        assert_int_equal(ecs_schedule_place(bad, i, 0, 2 - (long)i, 2 - (long)i, f1, 0),
                         ECS_OK);
    }
    const ecs_schedule *both[3] = {bad, b, a};
    ecs_local_result r;
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_local_mix(&inst, both, 3, &r, &d), ECS_OK);
    assert_close(r.start_cost, 7.0, 1e-12);
    assert_close(r.cost, 3.0, 1e-12);
    assert_int_equal(r.kept_start, 0);
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&inst, r.schedule, &rep, &d), ECS_OK);
    assert_close(rep.cost, 3.0, 1e-12);
    assert_int_equal(r.schedule->task[0].pe, 0);
    assert_int_equal(r.schedule->task[2].pe, 1);
    ecs_local_result_release(&r);
    /* one schedule: itself */
    assert_int_equal(ecs_local_mix(&inst, both + 1, 1, &r, &d), ECS_OK);
    assert_close(r.cost, 8.0, 1e-12);
    assert_int_equal(r.kept_start, 1);
    ecs_local_result_release(&r);
    /* none feasible; the paper model */
    assert_int_equal(ecs_local_mix(&inst, both, 1, &r, &d), ECS_EINVAL);
    ecs_local_result_release(&r);
    ecs_instance paper;
    ecs_platform pp;
    ecs_platform_init(&pp);
    ecs_instance_init(&paper, g, &pp, pe, 3, 3);
    assert_int_equal(ecs_local_mix(&paper, both + 2, 1, &r, &d), ECS_EINVAL);
    ecs_schedule_free(a);
    ecs_schedule_free(b);
    ecs_schedule_free(bad);
    ecs_graph_free(g);
}

/* The instance of two_sites_seeded and ruin_start_sites (described
 * there); x must stay where it is while x->inst is used. */
enum { TS_T = 16 };
typedef struct two_sites {
    ecs_platform p;
    ecs_graph *g;
    double pe[TS_T], pw[TS_T], vol[TS_T], cap[TS_T];
    ecs_site site[2];
    ecs_source src;
    ecs_instance inst;
} two_sites;

static void two_sites_load(two_sites *x, int source)
{
    tu_slow_east_fast_west(&x->p);
    uint64_t seed = 37;
    x->g = tu_random_graph(&seed, 12, 4, 0.3);
    tu_opposite_prices(x->pe, x->pw, TS_T, TS_T / 2);
    for (int l = 0; l < TS_T; l++) {
        x->vol[l] = 2.4 * tu_rng_unit(&seed);
        x->cap[l] = 4.5;
    }
    x->site[0] = (ecs_site){.price = NULL, .cap = NULL};
    x->site[1] = (ecs_site){.price = x->pw, .cap = source ? x->cap : NULL};
    x->src = (ecs_source){.name = "solar", .site = 0, .price = 0.0, .volume = x->vol};
    ecs_instance_init(&x->inst, x->g, &x->p, x->pe, TS_T, TS_T);
    x->inst.site = x->site;
    if (source) {
        x->inst.source = &x->src;
        x->inst.nsource = 1;
    }
}

/* Two sites (two slow PEs east, two fast ones west) with cheap hours in
 * opposite halves of D' = 16, a random graph of 12 tasks; with `source`
 * also a free source of 0 to 2.4 kWh per slot (seeded) at the east site
 * and a cap of 4.5 kW in the west (the slot cost not linear in the draw:
 * the window's and the recombination's columns are priced on the draw of
 * their other tasks where they are, local_ext.c lx_seen): the search from
 * the list schedule and from nothing is never dearer than from its start,
 * every result passes the checker (run_local), and the same seed gives
 * the same schedule, task by task (determinism of the ruins, shifts,
 * windows and acceptance). */
static void two_sites_seeded(int source)
{
    two_sites x;
    two_sites_load(&x, source);
    ecs_graph *g = x.g;
    const ecs_instance *inst = &x.inst;
    ecs_schedule *base = NULL;
    assert_int_equal(ecs_listsched_platform(g, &x.p, &base, NULL), ECS_OK);
    ecs_local_result a, b, c;
    assert_int_equal(run_local(inst, base, 7, &a), ECS_OK);
    assert_true(a.cost <= a.start_cost + 1e-12);
    assert_int_equal(run_local(inst, base, 7, &b), ECS_OK);
    assert_close(a.cost, b.cost, 0.0);
    tu_assert_same_schedule(a.schedule, b.schedule);
    assert_int_equal(run_local(inst, NULL, 8, &c), ECS_OK);
    assert_true(c.cost <= c.start_cost + 1e-12);
    ecs_local_result_release(&a);
    ecs_local_result_release(&b);
    ecs_local_result_release(&c);
    ecs_schedule_free(base);
    ecs_graph_free(g);
}

static void test_local_two_sites_seeded(void **state)
{
    (void)state;
    two_sites_seeded(0);
}

static void test_local_source_seeded(void **state)
{
    (void)state;
    two_sites_seeded(1);
}

/* ruin_start (solve's local phase's restarts, engine/solve.c by_local):
 * the two sites of two_sites_seeded, with and without the source and the
 * cap; the start is local search's own result (a local optimum, cost a).
 * From it with ruin_start 0 the search begins at a itself (start_cost a).
 * With ruin_start 1 to 4 and no kicks (max_stall 0: the ruined start's
 * descent only), over seeds: every result passes the checker (its cost
 * the checker's), is never dearer than the ruined start it reports
 * (start_cost), and some ruined starts are dearer than a (the ruins ran:
 * without them, or with start_cost left at a, this fails); the same seed
 * gives the same costs. */
static ecs_result run_ruined(const ecs_instance *inst,
                             const ecs_schedule *start, uint64_t seed,
                             unsigned ruins, ecs_local_result *r)
{
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    prm.seed = seed;
    prm.max_stall = 0;
    prm.scratch_start = 0;
    prm.ruin_start = ruins;
    prm.time_limit_s = 60; /* never binds on these sizes */
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_local_run(inst, start, &prm, r, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    if (rc == ECS_OK) {
        ecs_check_report rep;
        ecs_result c = ecs_check_schedule(inst, r->schedule, &rep, &d);
        if (c != ECS_OK)
            print_error("%s\n", d.msg);
        assert_int_equal(c, ECS_OK);
        assert_close(rep.cost, r->cost, 1e-12);
        assert_true(rep.makespan <= inst->deadline);
    }
    return rc;
}

static void ruin_start_sites(int source)
{
    two_sites x;
    two_sites_load(&x, source);
    ecs_graph *g = x.g;
    const ecs_instance *inst = &x.inst;
    ecs_local_result a, r, r2;
    assert_int_equal(run_local(inst, NULL, 5, &a), ECS_OK);
    assert_int_equal(run_ruined(inst, a.schedule, 1, 0, &r), ECS_OK);
    assert_close(r.start_cost, a.cost, 1e-9);
    assert_true(r.cost <= a.cost + 1e-12);
    ecs_local_result_release(&r);
    int dearer = 0;
    for (uint64_t sd = 1; sd <= 24; sd++) {
        unsigned k = 1 + (unsigned)(sd % 4);
        assert_int_equal(run_ruined(inst, a.schedule, sd, k, &r), ECS_OK);
        assert_true(r.cost <= r.start_cost + 1e-9);
        dearer += r.start_cost > a.cost + 1e-9;
        assert_int_equal(run_ruined(inst, a.schedule, sd, k, &r2), ECS_OK);
        assert_close(r.cost, r2.cost, 0.0);
        assert_close(r.start_cost, r2.start_cost, 0.0);
        ecs_local_result_release(&r);
        ecs_local_result_release(&r2);
    }
    assert_true(dearer >= 3);
    ecs_local_result_release(&a);
    ecs_graph_free(g);
}

static void test_local_ruin_start(void **state)
{
    (void)state;
    ruin_start_sites(0);
}

static void test_local_ruin_start_source(void **state)
{
    (void)state;
    ruin_start_sites(1);
}

/* The interval-cost tables of a linear slot cost (no source, no cap:
 * local_ext.c lx_tab, built when they fit in cache_mb) change no
 * schedule: two sites, 12 tasks, D' = 96, prices turning every 6 slots
 * (tables above 1 MB): the
 * search with them (default cache_mb) and without (cache_mb 1, every
 * placement by its DP) gives the same schedule, task by task (PE, interval,
 * profile), at the same cost to the bit, and with them runs fewer DPs
 * (3,012 against 23,473 rows). */
static void test_local_tables_same(void **state)
{
    (void)state;
    ecs_platform p;
    tu_slow_east_fast_west(&p);
    uint64_t seed = 41;
    ecs_graph *g = tu_random_graph(&seed, 12, 4, 0.3);
    enum { T = 96 };
    double pe[T], pw[T];
    tu_opposite_prices(pe, pw, T, 6);
    ecs_site site[2] = {{.price = NULL, .cap = NULL}, {.price = pw, .cap = NULL}};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, pe, T, T);
    inst.site = site;
    ecs_local_result r[2];
    for (int k = 0; k < 2; k++) {
        ecs_local_params prm;
        ecs_local_params_init(&prm);
        prm.seed = 5;
        prm.max_stall = 10;
        prm.time_limit_s = 60; /* never binds */
        if (k == 1)
            prm.cache_mb = 1;
        ecs_diag d;
        ecs_diag_clear(&d);
        assert_int_equal(ecs_local_run(&inst, NULL, &prm, &r[k], &d), ECS_OK);
        ecs_check_report rep;
        assert_int_equal(ecs_check_schedule(&inst, r[k].schedule, &rep, &d), ECS_OK);
        assert_close(rep.cost, r[k].cost, 1e-12);
    }
    assert_close(r[0].cost, r[1].cost, 0.0);
    tu_assert_same_schedule(r[0].schedule, r[1].schedule);
    assert_int_equal(r[0].kicks, r[1].kicks);
    assert_true(r[0].rows < r[1].rows);
    ecs_local_result_release(&r[0]);
    ecs_local_result_release(&r[1]);
    ecs_graph_free(g);
}

/* The tables change no schedule where a pair move decides (heuristic/
 * local_ext.c lx_pair: the second task's least read from the tables before
 * its DP; bench/results/local_ext.md "Tenth round"): the descent alone
 * (max_stall 0: no kicks, no window) from the built start on random
 * 10-task graphs on two sites with opposite prices, with the tables and
 * without (cache_mb 1), to the bit. */
static void test_local_tables_same_descent(void **state)
{
    (void)state;
    ecs_platform p;
    tu_slow_east_fast_west(&p);
    enum { T = 64 };
    double pe[T], pw[T];
    tu_opposite_prices(pe, pw, T, 4);
    ecs_site site[2] = {{.price = NULL, .cap = NULL}, {.price = pw, .cap = NULL}};
    int differ = 0;
    for (uint64_t gs = 1; gs <= 40; gs++) {
        uint64_t seed = gs;
        ecs_graph *g = tu_random_graph(&seed, 10, 3, 0.3);
        ecs_instance inst;
        ecs_instance_init(&inst, g, &p, pe, T, T);
        inst.site = site;
        ecs_local_result r[2];
        for (int k = 0; k < 2; k++) {
            ecs_local_params prm;
            ecs_local_params_init(&prm);
            prm.seed = gs;
            prm.max_stall = 0;
            prm.scratch_start = 0;
            prm.time_limit_s = 60; /* never binds */
            if (k == 1)
                prm.cache_mb = 1;
            ecs_diag d;
            ecs_diag_clear(&d);
            assert_int_equal(ecs_local_run(&inst, NULL, &prm, &r[k], &d), ECS_OK);
        }
        if (r[0].cost != r[1].cost)
            differ++;
        ecs_local_result_release(&r[0]);
        ecs_local_result_release(&r[1]);
        ecs_graph_free(g);
    }
    assert_int_equal(differ, 0);
}

/* A random tiny instance of the extended model: 1..3 tasks, two classes
 * (fast: speeds 2, 1; slow: 1, 0.5; random powers and idle), T slots,
 * prices with negative ones; by variant: no source, a source of volume 0,
 * a source covering everything, random volumes with a cap that often
 * binds, two sites with their own prices (a source at one, a cap at the
 * other). */
typedef struct xtiny {
    ecs_graph *g;
    ecs_platform p;
    long T;
    double price[TU_BFX_MAXT], price2[TU_BFX_MAXT];
    double vol[TU_BFX_MAXT], cap[TU_BFX_MAXT];
    ecs_source src;
    ecs_site site[2];
    ecs_instance inst;
} xtiny;

static void xtiny_draw(uint64_t *seed, int variant, xtiny *x)
{
    memset(x, 0, sizeof *x);
    size_t n = (size_t)tu_rng_int(seed, 1, 3);
    x->g = tu_random_graph(seed, n, 3, 0.4);
    ecs_platform *p = &x->p;
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5,0", NULL), ECS_OK);
    int two = variant == 4, s1 = 0;
    if (two) {
        assert_int_equal(ecs_platform_add_site(p, "east", &s1, NULL), ECS_OK);
        assert_int_equal(ecs_platform_add_site(p, "west", &s1, NULL), ECS_OK);
    }
    double fi = 0.1 + tu_rng_unit(seed), si = 0.1 * tu_rng_unit(seed);
    double f0 = fi + 1.5 + 3 * tu_rng_unit(seed);
    double f1 = fi + 0.3 + (f0 - fi) * 0.5 * tu_rng_unit(seed);
    double w0 = si + 0.4 + tu_rng_unit(seed);
    double w1 = si + 0.1 + (w0 - si) * 0.6 * tu_rng_unit(seed);
    int nf = (int)tu_rng_int(seed, 1, 2), ns = n == 3 ? 1 : 3 - nf;
    tu_add_class(p, "fast", nf, 0, (const double[]){2, 1, 0},
              (const double[]){f0, f1, 0}, fi);
    tu_add_class(p, "slow", ns, two ? s1 : 0, (const double[]){1, 0.5, 0},
              (const double[]){w0, w1, 0}, si);
    x->T = tu_rng_int(seed, 2, n == 3 && x->g->nedges < 2 ? 4 : 5);
    tu_random_prices(seed, x->price, x->T, 0.3);
    tu_random_prices(seed, x->price2, x->T, 0.3);
    ecs_instance_init(&x->inst, x->g, p, x->price, (size_t)x->T, x->T);
    snprintf(x->src.name, sizeof x->src.name, "solar");
    x->src.volume = x->vol;
    x->src.price = variant == 2 ? 0.3 * tu_rng_unit(seed) : 0.0;
    double base = nf * fi + (two ? 0 : ns * si);
    for (long l = 0; l < x->T; l++) {
        x->vol[l] = variant == 1 ? 0.0
                    : variant == 2 ? 100.0
                                   : 3 * tu_rng_unit(seed);
        x->cap[l] = base + 1.0 + 4 * tu_rng_unit(seed);
    }
    if (variant >= 1) {
        x->inst.source = &x->src;
        x->inst.nsource = 1;
    }
    if (variant == 3) {
        x->site[0].cap = x->cap;
        x->inst.site = x->site;
    }
    if (two) {
        x->site[1].price = x->price2;
        x->site[1].cap = x->cap;
        for (long l = 0; l < x->T; l++)
            x->cap[l] = ns * si + 0.5 + 1.5 * tu_rng_unit(seed);
        x->inst.site = x->site;
    }
}

/* One task, three sources at its site in a random index order with
 * prices 0, 0.2 and 0.45 and random volumes of 0 to 0.6 per slot (the
 * slot cost takes them cheapest first, then the grid: local_ext.c tables
 * their order per slot, lx_slot), random prices, D' of 3 to 5: the
 * search's DP places one task exactly, so local = brute force on every
 * instance (30 of them). */
static void test_local_sources_order(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    for (int rep = 0; rep < 30; rep++) {
        ecs_graph *g = tu_random_graph(&seed, 1, 4, 0.0);
        ecs_platform p;
        model_platform(&p, 1, 1);
        long T = tu_rng_int(&seed, 3, 5);
        double price[8], vol[3][8];
        tu_random_prices(&seed, price, T, 0.3);
        const double sp[3] = {0.0, 0.2, 0.45};
        int perm = (int)tu_rng_int(&seed, 0, 5);
        const int order[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                 {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        ecs_source src[3];
        for (int j = 0; j < 3; j++) {
            memset(&src[j], 0, sizeof src[j]);
            snprintf(src[j].name, sizeof src[j].name, "s%d", j);
            src[j].site = 0;
            src[j].price = sp[order[perm][j]];
            src[j].volume = vol[j];
            for (long l = 0; l < T; l++)
                vol[j][l] = 0.6 * tu_rng_unit(&seed);
        }
        ecs_instance inst;
        ecs_instance_init(&inst, g, &p, price, (size_t)T, T);
        inst.source = src;
        inst.nsource = 3;
        double bf = tu_brute_force_ext(&inst);
        ecs_local_result r;
        ecs_result rc = run_local(&inst, NULL, (uint64_t)rep + 1, &r);
        if (bf == HUGE_VAL) {
            assert_int_equal(rc, ECS_EINFEASIBLE);
        } else {
            assert_int_equal(rc, ECS_OK);
            assert_close(r.cost, bf, 1e-9 * (1.0 + fabs(bf)));
            ecs_local_result_release(&r);
        }
        ecs_graph_free(g);
    }
}

/* Local search against brute force on random tiny instances of every
 * variant: never cheaper, never feasible where brute force finds nothing,
 * equal on at least 90 %; half of the runs start from the list schedule
 * (when it is feasible), half from nothing. */
static void vs_brute_force(uint64_t seed, int runs)
{
    int equal = 0, finite = 0, binding = 0;
    for (int rep = 0; rep < runs; rep++) {
        xtiny x;
        xtiny_draw(&seed, rep % 5, &x);
        double bf = tu_brute_force_ext(&x.inst);
        ecs_schedule *base = NULL;
        if (rep % 2)
            assert_int_equal(ecs_listsched_platform(x.g, &x.p, &base, NULL),
                             ECS_OK);
        ecs_local_result r;
        ecs_result rc = run_local(&x.inst, base, (uint64_t)rep + 1, &r);
        if (bf == HUGE_VAL) {
            assert_int_equal(rc, ECS_EINFEASIBLE);
        } else {
            finite++;
            assert_int_equal(rc, ECS_OK);
            if (rc == ECS_OK) {
                assert_true(r.cost >= bf - 1e-9 * (1.0 + fabs(bf)));
                equal += r.cost <= bf + 1e-9 * (1.0 + fabs(bf));
            }
        }
        if ((rep % 5 == 3 || rep % 5 == 4) && bf != HUGE_VAL) {
            /* the cap binds when lifting it makes the optimum cheaper */
            ecs_site keep[2] = {x.site[0], x.site[1]};
            x.site[0].cap = x.site[1].cap = NULL;
            binding += tu_brute_force_ext(&x.inst) < bf - 1e-9;
            x.site[0] = keep[0];
            x.site[1] = keep[1];
        }
        ecs_local_result_release(&r);
        ecs_schedule_free(base);
        ecs_graph_free(x.g);
    }
    print_message("local = brute force on %d of %d feasible instances "
                  "(%d with a binding cap)\n", equal, finite, binding);
    assert_true(finite >= runs / 2);
    assert_true(binding >= 5);
    assert_true(equal * 10 >= finite * 9);
}

static void test_local_vs_brute_force(void **state)
{
    (void)state;
    vs_brute_force(260026, 150);
}

static void test_local_vs_brute_force_long(void **state)
{
    (void)state;
    vs_brute_force(9026, 2000);
}

/* The paper's platform in the extended code: an instance of the paper's
 * model made extended by an empty site table (nothing changes: one price,
 * no cap) and the same platform as one class (speeds f, powers f^2, no
 * idle) give the same local search, cost for cost, at least the brute
 * force; and the paper model's own local search (nclass = 0, a different
 * search, started from the extended one's schedule) gives the same cost
 * within 1e-9 on every instance. */
static void test_local_one_class(void **state)
{
    (void)state;
    uint64_t seed = 1126;
    int runs = 60, feasible = 0;
    for (int rep = 0; rep < runs; rep++) {
        size_t n = (size_t)tu_rng_int(&seed, 1, 3);
        ecs_graph *g = tu_random_graph(&seed, n, 2, 0.4);
        int pes = (int)tu_rng_int(&seed, 1, 2);
        ecs_platform pp, pc;
        tu_platform(&pp, pes, "1,0.5,0", "quadratic");
        ecs_platform_init(&pc);
        assert_int_equal(ecs_platform_set_freqs(&pc, "1,0.5,0", NULL),
                         ECS_OK);
        tu_add_class(&pc, "one", pes, 0, (const double[]){1, 0.5, 0},
                  pp.power_of, 0.0);
        assert_int_equal(pc.grid, pp.grid);
        long T = tu_rng_int(&seed, 3, n == 3 ? 4 : 5);
        double price[TU_BFX_MAXT];
        tu_random_prices(&seed, price, T, 0.3);
        ecs_site site[1] = {{NULL, NULL}};
        ecs_instance a, b, paper;
        ecs_instance_init(&a, g, &pp, price, (size_t)T, T);
        a.site = site;
        ecs_instance_init(&b, g, &pc, price, (size_t)T, T);
        ecs_instance_init(&paper, g, &pp, price, (size_t)T, T);
        assert_true(ecs_instance_extended(&a) && ecs_instance_extended(&b));
        double bf = tu_brute_force(g, &pp, price, T);
        ecs_local_result ra, rb, rp;
        ecs_result ca = run_local(&a, NULL, 5, &ra);
        ecs_result cb = run_local(&b, NULL, 5, &rb);
        assert_int_equal(ca, cb);
        if (bf == HUGE_VAL) {
            assert_int_equal(ca, ECS_EINFEASIBLE);
        } else {
            assert_int_equal(ca, ECS_OK);
            assert_close(ra.cost, rb.cost, 1e-9);
            assert_true(ra.cost >= bf - 1e-9);
            /* the paper model's local needs a feasible start: the
             * extended run's schedule is one */
            ecs_schedule *s0 = ecs_schedule_copy(ra.schedule);
            assert_non_null(s0);
            assert_int_equal(run_local(&paper, s0, 5, &rp), ECS_OK);
            assert_true(rp.cost >= bf - 1e-9);
            assert_close(rp.cost, ra.cost, 1e-9);
            feasible++;
            ecs_local_result_release(&rp);
            ecs_schedule_free(s0);
        }
        ecs_local_result_release(&ra);
        ecs_local_result_release(&rb);
        ecs_graph_free(g);
    }
    assert_true(feasible >= runs / 2);
}

/* The stall (ecs_local_params max_stall): on 16 independent tasks of work
 * 1 with 16 slow PEs, D' = 2 at price 1, each task's cheapest place is its
 * own slow PE at f = 0.5 for both slots (2 x 0.4 = 0.8 against 1 at f = 1
 * or 1.5 on the fast PE), which the start's descent reaches; no kick
 * finds a cheaper schedule, so the search stops after exactly max_stall
 * kicks (graphs of 13 to 32 tasks stopped after half of it before the
 * ninth round of bench/results/local_ext.md). */
static void test_local_stall(void **state)
{
    (void)state;
    ecs_platform p;
    model_platform(&p, 1, 16);
    long work[16];
    for (int i = 0; i < 16; i++)
        work[i] = 1;
    ecs_graph *g = tu_graph(16, work, 0, NULL);
    double price[2] = {1, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    ecs_local_result r;
    assert_int_equal(run_local(&inst, NULL, 1, &r), ECS_OK);
    for (size_t i = 0; i < 16; i++) {
        const ecs_sched_task *t = &r.schedule->task[i];
        assert_int_equal(ecs_platform_pe_class(&p, t->pe), 1);
        assert_int_equal(t->stop - t->start, 1);
    }
    assert_int_equal(r.kicks_improved, 0);
    assert_int_equal(r.kicks, 30); /* run_local's max_stall */
    ecs_local_result_release(&r);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_bf_worked_classes),
        cmocka_unit_test(test_bf_worked_sources_cap),
        cmocka_unit_test(test_bf_paper_agrees),
        cmocka_unit_test(test_listsched_hand),
        cmocka_unit_test(test_listsched_paper),
        cmocka_unit_test(test_listsched_random),
        cmocka_unit_test(test_listsched_capped_hand),
        cmocka_unit_test(test_listsched_capped_random),
        cmocka_unit_test(test_local_worked),
        cmocka_unit_test(test_local_start),
        cmocka_unit_test(test_local_cross_site),
        cmocka_unit_test(test_local_exchange_sites),
        cmocka_unit_test(test_local_exchange_sites16),
        cmocka_unit_test(test_local_mix),
        cmocka_unit_test(test_local_two_sites_seeded),
        cmocka_unit_test(test_local_source_seeded),
        cmocka_unit_test(test_local_ruin_start),
        cmocka_unit_test(test_local_ruin_start_source),
        cmocka_unit_test(test_local_tables_same),
        cmocka_unit_test(test_local_tables_same_descent),
        cmocka_unit_test(test_local_vs_brute_force),
        cmocka_unit_test(test_local_sources_order),
        cmocka_unit_test(test_local_one_class),
        cmocka_unit_test(test_local_stall),
    };
    const struct CMUnitTest slow[] = {
        cmocka_unit_test(test_local_vs_brute_force_long),
    };
    return TU_RUN(quick, slow);
}
