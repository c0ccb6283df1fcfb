/* The extended model (docs/MODEL.md "Heterogeneous platforms"): the
 * checker and the MILP on the worked examples by hand; the MILP against an
 * enumeration of every schedule on tiny random instances with two classes,
 * two sites, sources, caps and negative prices; the fluid bound below
 * both; the one-class platform against the paper's model. */
#include "testutil.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/instance.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/solve.h"

/* ---- the worked example: F = {1, 0.5, 0}; fast 1 PE (speeds 2, 1;
 * powers 4, 1.5; idle 0.5), slow 1 PE (speeds 1, 0.5; powers 1, 0.4;
 * idle 0.2) ---- */

static void example_platform(ecs_platform *p)
{
    tu_platform(p, 1, "1,0.5,0", "quadratic");
    tu_add_class(p, "fast", 1, 0, (double[]){2, 1, 0}, (double[]){4, 1.5, 0.5},
              0.5);
    tu_add_class(p, "slow", 1, 0, (double[]){1, 0.5, 0}, (double[]){1, 0.4, 0.2},
              0.2);
}

/* A one-task schedule on pe with frequencies k[0..len-1] from slot start. */
static ecs_schedule *one_task(int pe, long start, const unsigned char *k,
                              long len)
{
    ecs_schedule *s = ecs_schedule_new(1);
    assert_non_null(s);
    s->task[0].pe = pe;
    s->task[0].start = start;
    s->task[0].stop = start + len - 1;
    s->task[0].freq = malloc((size_t)len);
    memcpy(s->task[0].freq, k, (size_t)len);
    return s;
}

static double check_cost(const ecs_instance *inst, const ecs_schedule *s,
                         ecs_result want)
{
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(inst, s, &rep, NULL), want);
    return rep.cost;
}

static double milp_cost(const ecs_instance *inst, ecs_milp_status *st)
{
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = 120;
    ecs_milp_result r;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_milp_solve(inst, &prm, &r, &d);
    if (rc != ECS_OK) {
        print_error("%s\n", d.msg);
        fail();
    }
    *st = r.status;
    double c = r.cost;
    if (r.status == ECS_MILP_OPTIMAL) {
        assert_non_null(r.schedule);
        assert_close(check_cost(inst, r.schedule, ECS_OK), c, 1e-9);
        assert_close(r.bound, c, 1e-6);
    }
    ecs_milp_result_release(&r);
    return c;
}

static void test_worked_example_classes(void **state)
{
    (void)state;
    ecs_platform p;
    example_platform(&p);
    assert_int_equal(p.grid, 2);
    assert_int_equal(p.pes, 2);
    assert_int_equal(p.cls[0].speed_q[0], 4);
    assert_int_equal(p.cls[1].speed_q[1], 1);
    long work[] = {2};
    ecs_graph *g = tu_graph(1, work, 0, NULL);
    double price[] = {1, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    assert_true(ecs_instance_extended(&inst));
    /* by hand (docs/MODEL.md "Heterogeneous platforms") */
    ecs_schedule *s = one_task(0, 0, (unsigned char[]){0}, 1);
    assert_close(check_cost(&inst, s, ECS_OK), 4.9, 1e-12);
    ecs_schedule_free(s);
    s = one_task(0, 0, (unsigned char[]){1, 1}, 2);
    assert_close(check_cost(&inst, s, ECS_OK), 3.4, 1e-12);
    ecs_schedule_free(s);
    s = one_task(1, 0, (unsigned char[]){0, 0}, 2);
    assert_close(check_cost(&inst, s, ECS_OK), 3.0, 1e-12);
    ecs_schedule_free(s);
    /* slow at f = 0.5 does 1 of 2 units */
    s = one_task(1, 0, (unsigned char[]){1, 1}, 2);
    check_cost(&inst, s, ECS_EVIOLATION);
    ecs_schedule_free(s);
    ecs_milp_status st;
    assert_close(milp_cost(&inst, &st), 3.0, 1e-9);
    assert_int_equal(st, ECS_MILP_OPTIMAL);
    double fl;
    assert_int_equal(ecs_bound_fluid_instance(&inst, NULL, &fl, NULL), ECS_OK);
    assert_true(fl <= 3.0 + 1e-9);
    ecs_graph_free(g);
}

static void test_worked_example_sources_and_cap(void **state)
{
    (void)state;
    ecs_platform p;
    example_platform(&p);
    long work[] = {2};
    ecs_graph *g = tu_graph(1, work, 0, NULL);
    double price[] = {1, 1}, vol[] = {1, 1}, cap[] = {1.6, 1.6};
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    inst.source = &src;
    inst.nsource = 1;
    ecs_schedule *a = one_task(0, 0, (unsigned char[]){0}, 1);
    ecs_schedule *b = one_task(0, 0, (unsigned char[]){1, 1}, 2);
    ecs_schedule *c = one_task(1, 0, (unsigned char[]){0, 0}, 2);
    assert_close(check_cost(&inst, a, ECS_OK), 3.2, 1e-12);
    assert_close(check_cost(&inst, b, ECS_OK), 1.4, 1e-12);
    assert_close(check_cost(&inst, c, ECS_OK), 1.0, 1e-12);
    ecs_energy_split sp;
    assert_int_equal(ecs_check_energy_split(&inst, c, &sp, NULL), ECS_OK);
    assert_close(sp.total, 3.0, 1e-12);
    assert_close(sp.source[0], 2.0, 1e-12);
    assert_close(sp.grid, 1.0, 1e-12);
    assert_close(sp.idle, 1.4, 1e-12);
    assert_close(sp.cost, 1.0, 1e-12);
    ecs_milp_status st;
    assert_close(milp_cost(&inst, &st), 1.0, 1e-9);
    /* the cap: fast at f = 0.5 draws 1.7 > 1.6 */
    ecs_site site = {.price = NULL, .cap = cap};
    inst.site = &site;
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(&inst, b, &rep, NULL),
                     ECS_EVIOLATION);
    assert_int_equal(rep.first.kind, ECS_VIOLATION_POWER_CAP);
    assert_int_equal(rep.first.slot, 0);
    assert_close(check_cost(&inst, c, ECS_OK), 1.0, 1e-12);
    assert_close(milp_cost(&inst, &st), 1.0, 1e-9);
    /* a cap below the idle draw: no schedule */
    double low[] = {0.5, 0.5};
    site.cap = low;
    milp_cost(&inst, &st);
    assert_int_equal(st, ECS_MILP_INFEASIBLE);
    ecs_schedule_free(a);
    ecs_schedule_free(b);
    ecs_schedule_free(c);
    ecs_graph_free(g);
}

/* ---- enumeration of every schedule (its own arithmetic: no checker, no
 * ecs_instance_slot_cost) ---- */

#define BF_T 4
typedef struct bf {
    const ecs_instance *inst;
    const ecs_graph *g;
    const ecs_platform *p;
    long T;
    int pe[4];
    long st[4], sp[4];
    unsigned char k[4][BF_T];
    double best;
    double second;           /* the least cost above best (HUGE_VAL: none) */
    double worst;            /* the largest cost (-HUGE_VAL: none) */
    struct bf_keep {         /* the schedules of best, second and worst */
        int pe[4];
        long st[4], sp[4];
        unsigned char k[4][BF_T];
    } at_best, at_second, at_worst;
} bf;

static void bf_keep_now(const bf *b, struct bf_keep *to)
{
    memcpy(to->pe, b->pe, sizeof to->pe);
    memcpy(to->st, b->st, sizeof to->st);
    memcpy(to->sp, b->sp, sizeof to->sp);
    memcpy(to->k, b->k, sizeof to->k);
}

static double bf_cover(const ecs_instance *inst, int site, long l, double e)
{
    /* sources cheaper than the grid, cheapest first */
    double r = inst->site && inst->site[site].price ? inst->site[site].price[l]
                                                     : inst->price[l];
    int used[ECS_MAX_SOURCES] = {0};
    double cost = 0.0;
    for (;;) {
        int pick = -1;
        for (size_t j = 0; j < inst->nsource; j++)
            if (!used[j] && inst->source[j].site == site &&
                inst->source[j].price < r &&
                (pick < 0 || inst->source[j].price <
                                 inst->source[pick].price))
                pick = (int)j;
        if (pick < 0 || e <= 0)
            break;
        used[pick] = 1;
        double take = fmin(e, inst->source[pick].volume[l]);
        cost += take * inst->source[pick].price;
        e -= take;
    }
    return cost + e * r;
}

static void bf_leaf(bf *b)
{
    const ecs_platform *p = b->p;
    double draw[ECS_MAX_SITES][BF_T] = {{0}};
    for (size_t c = 0; c < p->nclass; c++)
        for (long l = 0; l < b->T; l++)
            draw[p->cls[c].site][l] += p->cls[c].count * p->cls[c].idle;
    for (size_t i = 0; i < b->g->n; i++) {
        int c = ecs_platform_pe_class(p, b->pe[i]);
        for (long l = b->st[i]; l <= b->sp[i]; l++)
            draw[p->cls[c].site][l] += p->cls[c].power_of[b->k[i][l]] -
                                       p->cls[c].idle;
    }
    double cost = 0.0;
    for (int s = 0; s < p->nsite; s++)
        for (long l = 0; l < b->T; l++) {
            if (b->inst->site && b->inst->site[s].cap &&
                draw[s][l] > b->inst->site[s].cap[l] + 1e-9)
                return;
            cost += bf_cover(b->inst, s, l, draw[s][l]);
        }
    double tol = 1e-6 * (1.0 + fabs(cost));
    if (cost > b->worst) {
        b->worst = cost;
        bf_keep_now(b, &b->at_worst);
    }
    if (cost < b->best - tol) {
        if (b->best != HUGE_VAL) {
            b->second = b->best;
            b->at_second = b->at_best;
        }
        b->best = cost;
        bf_keep_now(b, &b->at_best);
    } else if (cost > b->best + tol && cost < b->second - tol) {
        b->second = cost;
        bf_keep_now(b, &b->at_second);
    } else if (cost < b->best) {
        b->best = cost;
    }
}

static void bf_profiles(bf *b, size_t i, long l, long done);

static void bf_task(bf *b, size_t i)
{
    if (i == b->g->n) {
        bf_leaf(b);
        return;
    }
    for (int pe = 0; pe < b->p->pes; pe++)
        for (long s = 0; s < b->T; s++)
            for (long e = s; e < b->T; e++) {
                int ok = 1;
                for (size_t j = 0; j < i && ok; j++) {
                    if (b->pe[j] == pe && !(b->sp[j] < s || e < b->st[j]))
                        ok = 0;
                }
                for (size_t q = b->g->pred_off[i]; q < b->g->pred_off[i + 1];
                     q++)
                    if (!(b->sp[b->g->pred[q]] < s))
                        ok = 0;
                if (!ok)
                    continue;
                b->pe[i] = pe;
                b->st[i] = s;
                b->sp[i] = e;
                bf_profiles(b, i, s, 0);
            }
}

static void bf_profiles(bf *b, size_t i, long l, long done)
{
    if (l > b->sp[i]) {
        if (done >= b->g->work[i] * b->p->grid)
            bf_task(b, i + 1);
        return;
    }
    int c = ecs_platform_pe_class(b->p, b->pe[i]);
    for (size_t k = 0; k < b->p->nfreq; k++) {
        b->k[i][l] = (unsigned char)k;
        bf_profiles(b, i, l + 1, done + b->p->cls[c].speed_q[k]);
    }
}

static double brute_force_all(const ecs_instance *inst, bf *b)
{
    memset(b, 0, sizeof *b);
    b->inst = inst;
    b->g = inst->graph;
    b->p = inst->platform;
    b->T = inst->deadline;
    b->best = b->second = HUGE_VAL;
    b->worst = -HUGE_VAL;
    bf_task(b, 0);
    return b->best;
}

static double brute_force(const ecs_instance *inst)
{
    bf b;
    return brute_force_all(inst, &b);
}

/* The schedule kept in k (n tasks). */
static ecs_schedule *bf_schedule(const struct bf_keep *k, size_t n)
{
    ecs_schedule *s = ecs_schedule_new(n);
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) {
        ecs_sched_task *t = &s->task[i];
        t->pe = k->pe[i];
        t->start = k->st[i];
        t->stop = k->sp[i];
        t->freq = malloc((size_t)(t->stop - t->start + 1));
        assert_non_null(t->freq);
        for (long l = t->start; l <= t->stop; l++)
            t->freq[l - t->start] = k->k[i][l];
    }
    return s;
}

/* ---- random tiny instances ---- */

typedef struct tiny {
    ecs_graph *g;
    ecs_platform p;
    double price[2][BF_T], cap[2][BF_T], vol[2][BF_T];
    ecs_site site[2];
    ecs_source src[2];
    ecs_instance inst;
} tiny;

/* feature bits: 1 classes differ, 2 sources, 4 caps, 8 two sites,
 * 16 negative prices */
static void tiny_draw(uint64_t *seed, int features, tiny *x)
{
    memset(x, 0, sizeof *x);
    size_t n = (size_t)tu_rng_int(seed, 1, 3);
    long work[3];
    ecs_edge e[3];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        work[i] = tu_rng_int(seed, 1, 2);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (tu_rng_unit(seed) < 0.4) {
                e[m].from = i;
                e[m].comm = 0;
                e[m].to = j;
                m++;
            }
    x->g = tu_graph(n, work, m, e);
    tu_platform(&x->p, 1, "1,0.5,0", "quadratic");
    int two_sites = features & 8;
    if (two_sites) {
        int s;
        assert_int_equal(ecs_platform_add_site(&x->p, "a", &s, NULL), ECS_OK);
        assert_int_equal(ecs_platform_add_site(&x->p, "b", &s, NULL), ECS_OK);
    }
    for (int c = 0; c < 2; c++) {
        double mult = (features & 1) ? (double)tu_rng_int(seed, 1, 2) : 1.0;
        double top = (features & 1) ? 0.5 + tu_rng_unit(seed) : 1.0;
        double idle = (features & 1) ? 0.3 * tu_rng_unit(seed) : 0.0;
        double pw[3] = {idle + top, idle + top * 0.3, idle};
        tu_add_class(&x->p, c ? "slow" : "fast", 1, two_sites ? c : 0,
                  (double[]){mult, mult * 0.5, 0}, pw, idle);
    }
    long T = tu_rng_int(seed, 2, BF_T);
    for (int s = 0; s < 2; s++)
        for (long l = 0; l < T; l++) {
            x->price[s][l] = 0.1 + tu_rng_unit(seed);
            if ((features & 16) && tu_rng_unit(seed) < 0.3)
                x->price[s][l] = -tu_rng_unit(seed);
            double r = tu_rng_unit(seed);
            x->vol[s][l] = r < 0.3 ? 0.0 : r < 0.6 ? 10.0 : tu_rng_unit(seed);
            x->cap[s][l] = 0.8 + 1.5 * tu_rng_unit(seed);
        }
    ecs_instance_init(&x->inst, x->g, &x->p, x->price[0], (size_t)T, T);
    if (features & (4 | 8)) {
        for (int s = 0; s < 2; s++) {
            x->site[s].price = x->price[s];
            x->site[s].cap = (features & 4) ? x->cap[s] : NULL;
        }
        x->inst.site = x->site;
    }
    if (features & 2) {
        int ns = two_sites ? 2 : 1;
        for (int s = 0; s < ns; s++) {
            snprintf(x->src[s].name, sizeof x->src[s].name, "green%d", s);
            x->src[s].site = s;
            x->src[s].price = tu_rng_unit(seed) < 0.5 ? 0.0
                                                       : 0.2 * tu_rng_unit(seed);
            x->src[s].volume = x->vol[s];
        }
        x->inst.source = x->src;
        x->inst.nsource = (size_t)ns;
    }
}

static void run_features(int features, int rounds, uint64_t seed)
{
    int feasible = 0;
    for (int r = 0; r < rounds; r++) {
        tiny x;
        tiny_draw(&seed, features, &x);
        double want = brute_force(&x.inst);
        ecs_milp_status st;
        double got = milp_cost(&x.inst, &st);
        if (want == HUGE_VAL) {
            assert_int_equal(st, ECS_MILP_INFEASIBLE);
        } else {
            feasible++;
            assert_int_equal(st, ECS_MILP_OPTIMAL);
            if (fabs(got - want) > tu_tol(want)) {
                print_error("features %d round %d: MILP %.12g, brute force %.12g\n",
                            features, r, got, want);
                fail();
            }
            double fl;
            assert_int_equal(ecs_bound_fluid_instance(&x.inst, NULL, &fl, NULL),
                             ECS_OK);
            assert_true(fl <= want + tu_tol(want));
        }
        ecs_graph_free(x.g);
    }
    assert_true(feasible >= rounds / 3); /* the draws are not all infeasible */
}

static void test_bf_classes(void **state)
{
    (void)state;
    run_features(1, 25, 11);
}
static void test_bf_sources(void **state)
{
    (void)state;
    run_features(1 | 2, 25, 12);
}
static void test_bf_caps(void **state)
{
    (void)state;
    run_features(1 | 4, 25, 13);
}
static void test_bf_sites(void **state)
{
    (void)state;
    run_features(1 | 8, 25, 14);
}
static void test_bf_negative(void **state)
{
    (void)state;
    run_features(1 | 2 | 16, 25, 15);
}
static void test_bf_all(void **state)
{
    (void)state;
    run_features(1 | 2 | 4 | 8 | 16, 40, 16);
}

/* Where a source or a cap can bind, the tree branches on the cumulative S
 * and C by pseudo-costs (docs/MODEL.md "MILP, extended model"): on tiny
 * instances with both whose root LP is below the optimum (the tree must
 * close it), the MILP proves the brute force's optimum, its bound equals
 * it, and its schedule passes the checker at that cost. */
static void test_tree_closes_capped(void **state)
{
    (void)state;
    uint64_t seed = 17;
    int branched = 0;
    for (int r = 0; r < 60; r++) {
        tiny x;
        tiny_draw(&seed, 1 | 2 | 4, &x);
        double want = brute_force(&x.inst);
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.time_limit_s = 120;
        ecs_milp_result res;
        ecs_diag d;
        ecs_diag_clear(&d);
        assert_int_equal(ecs_milp_solve(&x.inst, &prm, &res, &d), ECS_OK);
        if (want == HUGE_VAL) {
            assert_int_equal(res.status, ECS_MILP_INFEASIBLE);
        } else {
            assert_int_equal(res.status, ECS_MILP_OPTIMAL);
            assert_close(res.cost, want, tu_tol(want));
            assert_close(res.bound, want, tu_tol(want));
            assert_close(check_cost(&x.inst, res.schedule, ECS_OK), want,
                         tu_tol(want));
            assert_true(res.root_bound <= want + tu_tol(want));
            if (res.root_bound < want - 1e-4 * (1.0 + fabs(want)) &&
                res.nodes > 1)
                branched++;
        }
        ecs_milp_result_release(&res);
        ecs_graph_free(x.g);
    }
    assert_true(branched >= 3); /* the tree had work to do */
}

/* make check: many more draws of every feature together */
static void test_bf_all_long(void **state)
{
    (void)state;
    run_features(1 | 2 | 4 | 8 | 16, 400, 99);
}

/* solve (the engine: start, fluid bound, MILP) proves the brute force's
 * optimum, and says infeasible where there is no schedule. */
static void test_solve_matches_brute_force(void **state)
{
    (void)state;
    uint64_t seed = 31;
    for (int r = 0; r < 20; r++) {
        tiny x;
        tiny_draw(&seed, 1 | 2 | 4 | 8 | 16, &x);
        double want = brute_force(&x.inst);
        ecs_solve_params prm;
        ecs_solve_params_init(&prm);
        prm.time_limit_s = 60;
        ecs_solve_result res;
        ecs_diag d;
        ecs_diag_clear(&d);
        if (ecs_solve(&x.inst, NULL, &prm, &res, &d) != ECS_OK) {
            print_error("%s\n", d.msg);
            fail();
        }
        if (want == HUGE_VAL) {
            assert_int_equal(res.status, ECS_SOLVE_INFEASIBLE);
        } else {
            assert_int_equal(res.status, ECS_SOLVE_OPTIMAL);
            assert_close(res.cost, want, tu_tol(want));
            assert_close(check_cost(&x.inst, res.schedule, ECS_OK), res.cost,
                         1e-12);
        }
        ecs_solve_result_release(&res);
        ecs_graph_free(x.g);
    }
}

/* Column generation (milp_ext_cg.c), seeded with the optimum's columns:
 * its LP bound converges and is never above the brute force's optimum; the
 * MILP warm-started with the optimum keeps it. */
static void test_colgen_bound_valid(void **state)
{
    (void)state;
    uint64_t seed = 41;
    int runs = 0, tight = 0;
    for (int r = 0; r < 40; r++) {
        tiny x;
        tiny_draw(&seed, 1 | 2 | 4 | 8 | 16, &x);
        double want = brute_force(&x.inst);
        if (want == HUGE_VAL) {
            ecs_graph_free(x.g);
            continue;
        }
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        ecs_milp_result opt;
        assert_int_equal(ecs_milp_solve(&x.inst, &prm, &opt, NULL), ECS_OK);
        assert_int_equal(opt.status, ECS_MILP_OPTIMAL);
        ecs_milp_colgen_result cr;
        assert_int_equal(ecs_milp_colgen(&x.inst, opt.schedule, 60, &cr, NULL),
                         ECS_OK);
        assert_false(isnan(cr.bound));
        assert_true(cr.bound <= want + tu_tol(want));
        tight += cr.bound >= want - tu_tol(want);
        if (cr.schedule != NULL) {
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(&x.inst, cr.schedule, &rep,
                                                NULL),
                             ECS_OK);
            assert_true(rep.cost >= want - tu_tol(want));
            assert_close(rep.cost, cr.cost, 1e-12);
        }
        ecs_milp_colgen_result_release(&cr);
        /* warm-started with the optimum: it stays */
        prm.warm_start = opt.schedule;
        ecs_milp_result again;
        assert_int_equal(ecs_milp_solve(&x.inst, &prm, &again, NULL), ECS_OK);
        assert_int_equal(again.status, ECS_MILP_OPTIMAL);
        assert_close(again.cost, want, tu_tol(want));
        ecs_milp_result_release(&again);
        ecs_milp_result_release(&opt);
        ecs_graph_free(x.g);
        runs++;
    }
    assert_true(runs >= 10);
    print_message("column generation: LP bound = optimum on %d of %d\n", tight,
                  runs);
}

/* Column generation with smoothed duals and the precedence rows of every
 * k-th slot only (ecs_milp_colgen_ex, solve's bound phase on the extended
 * model), seeded with the enumeration's second-best schedule: it
 * converges, its bound is never above the brute force's optimum, and
 * never above the bound of every row without smoothing (its LP is a
 * relaxation of that one). */
static void test_colgen_smoothed_strided_valid(void **state)
{
    (void)state;
    uint64_t seed = 43;
    int runs = 0, lower = 0;
    for (int r = 0; r < 150; r++) {
        tiny x;
        tiny_draw(&seed, 1 | 2 | 4 | 8 | 16, &x);
        bf b;
        double want = brute_force_all(&x.inst, &b);
        if (b.second == HUGE_VAL) {
            ecs_graph_free(x.g);
            continue;
        }
        ecs_schedule *warm = bf_schedule(&b.at_second, x.g->n);
        ecs_milp_colgen_params cp = {60, 0.5, 1, 0};
        ecs_milp_colgen_result cr, full;
        assert_int_equal(ecs_milp_colgen_ex(&x.inst, warm, &cp, &cr, NULL),
                         ECS_OK);
        assert_int_equal(ecs_milp_colgen(&x.inst, warm, 60, &full, NULL),
                         ECS_OK);
        assert_false(isnan(cr.bound));
        assert_false(isnan(full.bound));
        if (!(cr.bound <= want + tu_tol(want))) {
            print_error("round %d: bound %.12g above the optimum %.12g\n", r,
                        cr.bound, want);
            fail();
        }
        assert_true(cr.bound <= full.bound + tu_tol(full.bound));
        lower += cr.bound < full.bound - tu_tol(full.bound);
        if (cr.schedule != NULL) {
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(&x.inst, cr.schedule, &rep,
                                                NULL),
                             ECS_OK);
            assert_true(rep.cost >= want - tu_tol(want));
        }
        ecs_milp_colgen_result_release(&cr);
        ecs_milp_colgen_result_release(&full);
        ecs_schedule_free(warm);
        ecs_graph_free(x.g);
        runs++;
    }
    assert_true(runs >= 30);
    print_message("smoothed, strided column generation: %d runs, %d below "
                  "every row's bound\n", runs, lower);
}

/* Warm-started with the enumeration's second-best schedule on `rounds`
 * tiny instances of `features` (those with at least min_n tasks), the
 * MILP proves the brute force's optimum, its bound never above it: a
 * fixing or a probe that removed the optimum would leave the warm start.
 * Counts the runs, those where intervals were fixed and those where
 * probing restricted a task. */
static int warm_taken; /* runs whose warm start the model took */
/* runs where probing restricted a task although the profile LP was within
 * 3 % of the warm start's cost */
static int narrow_banned;
/* runs where a tree ended at a schedule cheaper than the probes' and
 * column generation probed again before a new tree */
static int restarted;
/* runs where the splits after probing solved a node's profile LP */
static int split_runs;
static int rounded_runs; /* runs whose probes or splits rounded an LP to a
                           schedule cheaper than the best known */
static int rounded_proven; /* of those, proven without a tree */
/* ecs_milp_params.ext_purge of second_best_runs' solves */
static int runs_purge = 1;

static void second_best_runs(uint64_t seed, int features, int rounds,
                             size_t min_n, unsigned long long effort,
                             int *runs, int *fixed, int *banned)
{
    *runs = *fixed = *banned = warm_taken = narrow_banned = restarted = 0;
    split_runs = rounded_runs = rounded_proven = 0;
    for (int r = 0; r < rounds; r++) {
        tiny x;
        tiny_draw(&seed, features, &x);
        bf b;
        double want = brute_force_all(&x.inst, &b);
        if (b.second == HUGE_VAL || x.g->n < min_n) {
            ecs_graph_free(x.g);
            continue;
        }
        ecs_schedule *warm = bf_schedule(&b.at_second, x.g->n);
        assert_close(check_cost(&x.inst, warm, ECS_OK), b.second,
                     tu_tol(b.second));
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.warm_start = warm;
        prm.max_nodes = effort;
        prm.ext_purge = runs_purge;
        ecs_milp_result res;
        assert_int_equal(ecs_milp_solve(&x.inst, &prm, &res, NULL), ECS_OK);
        assert_int_equal(res.status, ECS_MILP_OPTIMAL);
        if (fabs(res.cost - want) > tu_tol(want)) {
            print_error("round %d: MILP %.12g, brute force %.12g (%ld fixed, "
                        "%ld banned)\n", r, res.cost, want, res.fixed,
                        res.banned);
            fail();
        }
        assert_true(res.bound <= want + tu_tol(want));
        assert_close(check_cost(&x.inst, res.schedule, ECS_OK), res.cost,
                     1e-12);
        *fixed += res.fixed > 0;
        *banned += res.banned > 0;
        narrow_banned += res.banned > 0 && !isnan(res.root_bound) &&
                         res.root_bound >= b.second - 0.03 * fabs(b.second);
        warm_taken += res.warm_used;
        restarted += res.restarts > 0;
        split_runs += res.split_nodes > 0;
        rounded_runs += res.rounded > 0;
        rounded_proven += res.rounded > 0 && res.nodes == 0;
        ecs_milp_result_release(&res);
        ecs_schedule_free(warm);
        ecs_graph_free(x.g);
        (*runs)++;
    }
}

/* Reduced-cost fixing (milp_ext.c): the MILP fixes the intervals that
 * column generation's duals price above the warm start, and still finds
 * the brute force's optimum. */
static void test_fixing_keeps_optimum(void **state)
{
    (void)state;
    int runs, fixed, banned;
    second_best_runs(43, 1 | 2 | 4 | 8 | 16, 60, 1, 0, &runs, &fixed, &banned);
    assert_true(runs >= 10);
    assert_true(fixed >= 3); /* the fixing is exercised */
    print_message("fixing: intervals fixed on %d of %d runs\n", fixed, runs);
}

/* Probing (milp_ext_cg.c): on one site with two classes, sources and a
 * cap, column generation bans (task, class) pairs and shrinks ranges of
 * starts whose profile LP is above the warm start; the MILP still proves
 * the brute force's optimum.  It probes wherever the profile LP is below
 * the best schedule known, also within 3 % of it (where it did not
 * before: solar at P = 4 then left 0.02 to 1.4 % open at 60 s).  The
 * probes' and splits' LPs, rounded (every task on its column of most
 * weight), give schedules below the warm start that lower the cost the
 * later probes and splits use, and are kept (a rounding that lowered it
 * without keeping its schedule, or lowered it below its cost, would miss
 * the optimum above).  A tree that finds a schedule clearly below the
 * warm start ends there, and column generation probes again with it
 * before a new tree; on these tiny cases the roundings find it first. */
static void test_probing_keeps_optimum(void **state)
{
    (void)state;
    int runs, fixed, banned;
    second_best_runs(4242, 1 | 2 | 4, 240, 2, 0, &runs, &fixed, &banned);
    assert_true(runs >= 10);
    assert_true(banned >= 5); /* the probing is exercised */
    assert_true(narrow_banned >= 2); /* also at a narrow gap */
    /* the roundings find schedules below the warm start (and, where they
     * do not, trees that find one stop there and the probes run again
     * with it: a restart that lost the tree's schedule, or probed below
     * it, would miss the optimum above) */
    assert_true(rounded_runs >= 5);
    /* and prove it with the splits, no tree after them (a rounding whose
     * schedule was lost leaves the tree to find it again) */
    assert_true(rounded_proven >= 3);
    /* the splits after the probes run (their bound, never above the
     * optimum, is checked above: a split that dropped a class the
     * optimum uses would put it at the warm start's cost) */
    assert_true(split_runs >= 5);
    print_message("probing: tasks restricted on %d of %d runs (%d with the "
                  "profile LP within 3 %% of the warm start), %d restarted, "
                  "%d with splits, %d with roundings below the warm start "
                  "(%d proven without a tree)\n",
                  banned, runs, narrow_banned, restarted, split_runs,
                  rounded_runs, rounded_proven);
}

/* The column purge (milp_ext_cg.c purge_cols) at every column generation
 * (ext_purge 2: every task column nonbasic at 0 but the start's leaves the
 * master before every probe and node LP): pricing brings back what the
 * LPs need, so the draws of test_probing_keeps_optimum still prove the
 * enumeration's optimum with their bound never above it, and their
 * probes and splits still run (a purge that dropped other columns from
 * the master than from its list, or the start's, would not); with no
 * purge the same. */
static void test_purge_keeps_optimum(void **state)
{
    (void)state;
    for (int mode = 0; mode <= 2; mode += 2) {
        int runs, fixed, banned;
        runs_purge = mode;
        second_best_runs(4242, 1 | 2 | 4, 240, 2, 0, &runs, &fixed, &banned);
        runs_purge = 1;
        assert_true(runs >= 10);
        assert_true(banned >= 5);
        assert_true(split_runs >= 5);
        print_message("purge %d: %d runs, %d probed, %d with splits, %d "
                      "with roundings\n", mode, runs, banned, split_runs,
                      rounded_runs);
    }
}

/* Warm-started with the enumeration's dearest schedule (the probes' and
 * splits' best cost far above the optimum until their roundings lower
 * it), the splits start from the probes' class split of the largest
 * bound, each side at its probe's LP bound (milp_ext_cg.c split_tree):
 * every run proves the enumeration's optimum and its bound is never above
 * it (a side given the other side's bound, where that is above the
 * optimum and the optimum is on this side, puts the bound above it). */
static void test_splits_seeded_keep_optimum(void **state)
{
    (void)state;
    uint64_t seed = 4244;
    int runs = 0, splits = 0;
    for (int r = 0; r < 240; r++) {
        tiny x;
        tiny_draw(&seed, 1 | 2 | 4, &x);
        bf b;
        double want = brute_force_all(&x.inst, &b);
        if (want == HUGE_VAL || b.worst <= want + tu_tol(want) ||
            x.g->n < 2) {
            ecs_graph_free(x.g);
            continue;
        }
        ecs_schedule *warm = bf_schedule(&b.at_worst, x.g->n);
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.warm_start = warm;
        ecs_milp_result res;
        assert_int_equal(ecs_milp_solve(&x.inst, &prm, &res, NULL), ECS_OK);
        assert_int_equal(res.status, ECS_MILP_OPTIMAL);
        assert_close(res.cost, want, tu_tol(want));
        if (!(res.bound <= want + tu_tol(want))) {
            print_error("round %d: bound %.12g above the optimum %.12g\n", r,
                        res.bound, want);
            fail();
        }
        splits += res.split_nodes > 0;
        ecs_milp_result_release(&res);
        ecs_schedule_free(warm);
        ecs_graph_free(x.g);
        runs++;
    }
    assert_true(runs >= 20);
    assert_true(splits >= 5);
    print_message("splits from the dearest schedule: %d of %d runs\n", splits,
                  runs);
}

/* Warm-started with the enumeration's optimum, the probes run with its
 * cost as the best known (the tightest, where they restrict the most),
 * and the tree takes the warm start only if none of its intervals was
 * fixed: every tree that runs has it (warm_used), and the bound is never
 * above the optimum.  A probe of starts that cut the optimum's start
 * (its intervals fixed) would leave a tree without it. */
static void test_probes_keep_optimal_intervals(void **state)
{
    (void)state;
    uint64_t seed = 4243;
    int runs = 0, banned = 0, trees = 0;
    for (int r = 0; r < 120; r++) {
        tiny x;
        tiny_draw(&seed, 1 | 2 | 4, &x);
        bf b;
        double want = brute_force_all(&x.inst, &b);
        if (want == HUGE_VAL) {
            ecs_graph_free(x.g);
            continue;
        }
        ecs_schedule *opt = bf_schedule(&b.at_best, x.g->n);
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        prm.warm_start = opt;
        ecs_milp_result res;
        assert_int_equal(ecs_milp_solve(&x.inst, &prm, &res, NULL), ECS_OK);
        assert_int_equal(res.status, ECS_MILP_OPTIMAL);
        assert_close(res.cost, want, tu_tol(want));
        assert_true(res.bound <= want + tu_tol(want));
        if (res.nodes > 0 && !res.warm_used) {
            print_error("round %d: the tree did not take the optimum as its "
                        "warm start (%ld banned, %ld fixed)\n", r,
                        res.banned, res.fixed);
            fail();
        }
        trees += res.nodes > 0;
        banned += res.banned > 0;
        ecs_milp_result_release(&res);
        ecs_schedule_free(opt);
        ecs_graph_free(x.g);
        runs++;
    }
    assert_true(runs >= 20);
    assert_true(banned >= 5); /* the probes restrict */
    assert_true(trees >= 5);  /* and trees run after them */
    print_message("probes at the optimum's cost: %d of %d runs restricted, "
                  "%d trees, each with the optimum\n", banned, runs, trees);
}

/* Where every class is linear (two sites, no source, no cap), the MILP
 * keeps only the undominated intervals of each class and takes the strong
 * model's route: reduced-cost fixing at the root from the best schedule
 * (docs/MODEL.md "MILP, extended model").  Warm-started with the
 * enumeration's second-best schedule, it proves the brute force's optimum
 * (negative prices included: an interval longer than its work may be the
 * cheaper one).  With an effort limit (no column generation before the
 * tree) the warm start is a solution of the model every time (its
 * intervals' draw is in their costs, not in the sites' cover rows). */
static void test_linear_sites_keep_optimum(void **state)
{
    (void)state;
    int runs, fixed, banned;
    second_best_runs(71, 1 | 8, 80, 1, 0, &runs, &fixed, &banned);
    assert_int_equal(banned, 0); /* nothing is probed there */
    assert_true(runs >= 10);
    second_best_runs(72, 1 | 8 | 16, 80, 1, 0, &runs, &fixed, &banned);
    assert_true(runs >= 10);
    second_best_runs(73, 1 | 8 | 16, 80, 1, 100000, &runs, &fixed, &banned);
    assert_true(runs >= 10);
    assert_int_equal(warm_taken, runs); /* a solution of the model */
    assert_true(fixed >= 5); /* the root's fixing from it */
    print_message("linear sites: columns fixed at the root on %d of %d "
                  "runs\n", fixed, runs);
}

/* A one-class platform with a source of volume 0 equals the paper's model:
 * the same instance with the source and without (the view drops the
 * source and gives the paper's platform: the same route). */
static void test_one_class_equals_paper(void **state)
{
    (void)state;
    uint64_t seed = 21;
    for (int r = 0; r < 15; r++) {
        tu_tiny t;
        tu_tiny_draw(&seed, "1,0.5,0", "quadratic", 5, 0.3, &t);
        ecs_instance a;
        ecs_instance_init(&a, t.g, &t.p, t.price, (size_t)t.T, t.T);
        double zero[TU_BF_MAXT] = {0};
        ecs_source none = {.name = "none", .site = 0, .price = 0,
                           .volume = zero};
        ecs_instance b = a;
        b.source = &none;
        b.nsource = 1;
        assert_true(ecs_instance_extended(&b));
        ecs_milp_status sa, sb;
        double ca = milp_cost(&a, &sa), cb = milp_cost(&b, &sb);
        assert_int_equal(sa, sb);
        if (sa == ECS_MILP_OPTIMAL)
            assert_close(ca, cb, tu_tol(ca));
        ecs_graph_free(t.g);
    }
}

/* ---- what cannot bind (ecs_instance_view_make) ---- */

/* Every schedule costs the same on the view: the enumeration's optimum
 * on the view equals the one on the instance, over draws with sources
 * (some covering every draw: linear sites), caps and two sites. */
static void test_view_same_optimum(void **state)
{
    (void)state;
    uint64_t seed = 51;
    int changed = 0;
    for (int r = 0; r < 60; r++) {
        tiny x;
        tiny_draw(&seed, r % 2 ? (1 | 2 | 4 | 8 | 16) : (1 | 2 | 16), &x);
        ecs_instance_view v;
        assert_int_equal(ecs_instance_view_make(&x.inst, &v, NULL), ECS_OK);
        changed += v.changed;
        double a = brute_force(&x.inst), b = brute_force(&v.inst);
        if (a == HUGE_VAL)
            assert_true(b == HUGE_VAL);
        else
            assert_close(b, a, tu_tol(a));
        ecs_instance_view_release(&v);
        ecs_graph_free(x.g);
    }
    assert_true(changed >= 5); /* the draws do make views */
}

/* A source without volume (or never cheaper than the grid) and a cap
 * above the peak draw change neither the MILP's nor solve's result: the
 * same status, cost, bound and schedule as without them; the optimum is
 * the enumeration's. */
static void test_cannot_bind_same_result(void **state)
{
    (void)state;
    uint64_t seed = 61;
    for (int r = 0; r < 20; r++) {
        tiny x;
        tiny_draw(&seed, r % 2 ? 1 : (1 | 8), &x);
        double zero[BF_T] = {0}, dear[BF_T], high[2][BF_T];
        for (long l = 0; l < BF_T; l++) {
            dear[l] = 5.0;
            high[0][l] = high[1][l] = 100.0;
        }
        ecs_source none[2] = {
            {.name = "none", .site = 0, .price = 0, .volume = zero},
            {.name = "dear", .site = r % 2 ? 0 : 1, .price = 2.0,
             .volume = dear}}; /* every price is below 1.1 */
        ecs_site site[2];
        for (int s = 0; s < 2; s++) {
            site[s].price = x.inst.site ? x.inst.site[s].price : NULL;
            site[s].cap = high[s];
        }
        ecs_instance b = x.inst;
        b.source = none;
        b.nsource = 2;
        b.site = site;
        ecs_instance_view v;
        assert_int_equal(ecs_instance_view_make(&b, &v, NULL), ECS_OK);
        assert_int_equal(v.sources_dropped, 2);
        assert_int_equal(v.caps_dropped, x.p.nsite);
        assert_int_equal(v.inst.nsource, 0);
        assert_int_equal(ecs_instance_extended(&v.inst),
                         ecs_instance_extended(&x.inst));
        ecs_instance_view_release(&v);
        double want = brute_force(&x.inst);
        if (want == HUGE_VAL)
            assert_true(brute_force(&b) == HUGE_VAL);
        else
            assert_close(brute_force(&b), want, tu_tol(want));
        ecs_milp_params prm;
        ecs_milp_params_init(&prm);
        ecs_milp_result ra, rb;
        assert_int_equal(ecs_milp_solve(&x.inst, &prm, &ra, NULL), ECS_OK);
        assert_int_equal(ecs_milp_solve(&b, &prm, &rb, NULL), ECS_OK);
        assert_int_equal(ra.status, rb.status);
        if (ra.status == ECS_MILP_OPTIMAL) {
            assert_close(ra.cost, want, tu_tol(want));
            assert_true(ra.cost == rb.cost);
            assert_true(ra.bound == rb.bound);
            tu_assert_same_schedule(ra.schedule, rb.schedule);
            assert_close(check_cost(&b, rb.schedule, ECS_OK), rb.cost, 1e-12);
        }
        ecs_milp_result_release(&ra);
        ecs_milp_result_release(&rb);
        ecs_solve_params sp;
        ecs_solve_params_init(&sp);
        sp.time_limit_s = 60;
        ecs_solve_result sa, sb;
        assert_int_equal(ecs_solve(&x.inst, NULL, &sp, &sa, NULL), ECS_OK);
        assert_int_equal(ecs_solve(&b, NULL, &sp, &sb, NULL), ECS_OK);
        assert_int_equal(sa.status, sb.status);
        assert_int_equal(sa.mode, sb.mode);
        if (sa.schedule != NULL) {
            assert_true(sa.cost == sb.cost);
            tu_assert_same_schedule(sa.schedule, sb.schedule);
        }
        ecs_solve_result_release(&sa);
        ecs_solve_result_release(&sb);
        ecs_graph_free(x.g);
    }
}

/* A cap below the peak draw in one slot stays; a source of use in one
 * slot stays. */
static void test_view_keeps_what_binds(void **state)
{
    (void)state;
    ecs_platform p;
    example_platform(&p); /* peak draw 4 + 1 = 5, idle 0.7 */
    long work[] = {2, 2};
    ecs_graph *g = tu_graph(2, work, 0, NULL);
    double price[] = {1, 1, 1}, vol[] = {0, 0.5, 0}, cap[] = {5, 4.9, 5};
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    ecs_site site = {.price = NULL, .cap = cap};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 3, 3);
    inst.source = &src;
    inst.nsource = 1;
    inst.site = &site;
    ecs_instance_view v;
    assert_int_equal(ecs_instance_view_make(&inst, &v, NULL), ECS_OK);
    assert_int_equal(v.sources_dropped, 0);
    assert_int_equal(v.caps_dropped, 0);
    assert_false(v.changed);
    ecs_instance_view_release(&v);
    /* 5 covers it: the cap goes; a source of 5 at 0 covers every draw:
     * the site is linear at price 0 where it has volume */
    cap[1] = 5;
    vol[0] = vol[1] = vol[2] = 5;
    assert_int_equal(ecs_instance_view_make(&inst, &v, NULL), ECS_OK);
    assert_int_equal(v.caps_dropped, 1);
    assert_int_equal(v.sources_dropped, 1);
    assert_int_equal(v.linear_sites, 1);
    assert_null(v.inst.site[0].cap);
    assert_close(ecs_instance_price(&v.inst, 0, 1), 0.0, 0);
    ecs_instance_view_release(&v);
    ecs_graph_free(g);
}

/* The fluid bound with the windows (docs/MODEL.md "Fluid bound, extended
 * model"), by hand: a chain a -> b of one unit each in two slots priced 0
 * and 1 on the worked example's classes.  Without the windows all work
 * goes to slot 0 and only slot 1's idle 0.7 is paid; with them b does its
 * unit in slot 1, on one PE (one task may run there), cheapest slow at
 * f = 1 (0.8 above idle): 1.5, the optimum. */
static void test_fluid_windows_by_hand(void **state)
{
    (void)state;
    ecs_platform p;
    example_platform(&p);
    long work[] = {1, 1};
    ecs_edge e[] = {{.from = 0, .to = 1, .comm = 0}};
    ecs_graph *g = tu_graph(2, work, 1, e);
    double price[] = {0, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    double fl;
    assert_int_equal(ecs_bound_fluid_instance(&inst, NULL, &fl, NULL), ECS_OK);
    assert_close(fl, 1.5, 1e-8);
    ecs_milp_status st;
    assert_close(milp_cost(&inst, &st), 1.5, 1e-9);
    ecs_graph_free(g);
}

/* solve beyond the MILP's size (milp_max_nonzeros 1): column generation
 * with bound_share of the time left, then local search from the best
 * schedule unless the gap is closed; the cost is never below the
 * enumeration's optimum, the bound never above it. */
static void test_solve_colgen_then_local(void **state)
{
    (void)state;
    uint64_t seed = 71;
    int runs = 0, local = 0;
    for (int r = 0; r < 12; r++) {
        tiny x;
        tiny_draw(&seed, 1 | 2 | 4 | 8, &x);
        double want = brute_force(&x.inst);
        if (want == HUGE_VAL) {
            ecs_graph_free(x.g);
            continue;
        }
        ecs_solve_params prm;
        ecs_solve_params_init(&prm);
        prm.time_limit_s = 2.0;
        prm.milp_max_nonzeros = 1.0;
        ecs_solve_result res;
        assert_int_equal(ecs_solve(&x.inst, NULL, &prm, &res, NULL), ECS_OK);
        assert_true(res.nsteps >= 2 && res.nsteps <= 4);
        assert_int_equal(res.steps[0].phase, ECS_PHASE_START);
        assert_int_equal(res.steps[1].phase, ECS_PHASE_FLUID);
        if (res.nsteps == 2) /* the start is within the gap of the fluid bound */
            assert_true(ecs_gap_reached(res.cost, res.bound, prm.gap));
        if (res.nsteps >= 3) {
            assert_int_equal(res.steps[2].phase, ECS_PHASE_BOUND);
            assert_true(res.steps[2].granted_s <=
                        prm.bound_share * res.steps[2].left_s + 1e-9);
        }
        if (res.nsteps == 4) {
            assert_int_equal(res.steps[3].phase, ECS_PHASE_LOCAL);
            local++;
        }
        assert_true(res.cost >= want - tu_tol(want));
        assert_true(res.bound <= want + tu_tol(want));
        assert_close(check_cost(&x.inst, res.schedule, ECS_OK), res.cost,
                     1e-12);
        ecs_solve_result_release(&res);
        ecs_graph_free(x.g);
        runs++;
    }
    assert_true(runs >= 4);
    print_message("colgen then local: local ran on %d of %d\n", local, runs);
}

static void test_paper_formulation_refused(void **state)
{
    (void)state;
    ecs_platform p;
    example_platform(&p);
    long work[] = {2};
    ecs_graph *g = tu_graph(1, work, 0, NULL);
    double price[] = {1, 1};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, 2, 2);
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.formulation = ECS_MILP_PAPER;
    ecs_milp_result r;
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_milp_solve(&inst, &prm, &r, &d), ECS_EUNSUPPORTED);
    assert_non_null(strstr(d.msg, "paper formulation"));
    ecs_graph_free(g);
}

static void test_platform_errors(void **state)
{
    (void)state;
    ecs_platform p;
    tu_platform(&p, 1, "1,0.5,0", "quadratic");
    ecs_pe_class c;
    memset(&c, 0, sizeof c);
    snprintf(c.name, sizeof c.name, "x");
    c.count = 1;
    c.speed[0] = 1;
    c.speed[1] = 1; /* not decreasing */
    c.power_of[0] = 1;
    c.power_of[1] = 1;
    ecs_diag d;
    ecs_diag_clear(&d);
    assert_int_equal(ecs_platform_add_class(&p, &c, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "class x"));
    c.speed[1] = 0.5;
    c.speed[2] = 0.1; /* f = 0 must have speed 0 */
    assert_int_equal(ecs_platform_add_class(&p, &c, &d), ECS_EINVAL);
    c.speed[2] = 0;
    c.idle = 2; /* above the busy power */
    assert_int_equal(ecs_platform_add_class(&p, &c, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "idle"));
    c.idle = 0;
    c.site = 1; /* no such site */
    assert_int_equal(ecs_platform_add_class(&p, &c, &d), ECS_EINVAL);
    c.site = 0;
    c.speed[0] = 1.0000001; /* 7 decimals */
    assert_int_equal(ecs_platform_add_class(&p, &c, &d), ECS_EINVAL);
    c.speed[0] = 1.5;
    assert_int_equal(ecs_platform_add_class(&p, &c, &d), ECS_OK);
    assert_int_equal(p.grid, 2); /* 1, 0.5, 1.5: halves */
    assert_int_equal(ecs_platform_set_freqs(&p, "1,0.5", &d), ECS_EINVAL);
    assert_int_equal(ecs_platform_set_pes(&p, 4, &d), ECS_EINVAL);
    int s;
    assert_int_equal(ecs_platform_add_site(&p, "home", &s, &d), ECS_OK);
    assert_int_equal(s, 0);
    assert_int_equal(ecs_platform_add_site(&p, "home", &s, &d), ECS_EINVAL);
}

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_worked_example_classes),
        cmocka_unit_test(test_worked_example_sources_and_cap),
        cmocka_unit_test(test_bf_classes),
        cmocka_unit_test(test_bf_sources),
        cmocka_unit_test(test_bf_caps),
        cmocka_unit_test(test_bf_sites),
        cmocka_unit_test(test_bf_negative),
        cmocka_unit_test(test_bf_all),
        cmocka_unit_test(test_tree_closes_capped),
        cmocka_unit_test(test_one_class_equals_paper),
        cmocka_unit_test(test_solve_matches_brute_force),
        cmocka_unit_test(test_colgen_bound_valid),
        cmocka_unit_test(test_colgen_smoothed_strided_valid),
        cmocka_unit_test(test_fixing_keeps_optimum),
        cmocka_unit_test(test_probing_keeps_optimum),
        cmocka_unit_test(test_purge_keeps_optimum),
        cmocka_unit_test(test_probes_keep_optimal_intervals),
        cmocka_unit_test(test_splits_seeded_keep_optimum),
        cmocka_unit_test(test_linear_sites_keep_optimum),
        cmocka_unit_test(test_view_same_optimum),
        cmocka_unit_test(test_cannot_bind_same_result),
        cmocka_unit_test(test_view_keeps_what_binds),
        cmocka_unit_test(test_fluid_windows_by_hand),
        cmocka_unit_test(test_solve_colgen_then_local),
        cmocka_unit_test(test_paper_formulation_refused),
        cmocka_unit_test(test_platform_errors),
    };
    const struct CMUnitTest slow[] = {
        cmocka_unit_test(test_bf_all_long),
    };
    return TU_RUN(quick, slow);
}
