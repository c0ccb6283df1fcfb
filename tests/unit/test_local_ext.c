/* Local search on the extended model (heuristic/local_ext.c; docs/MODEL.md
 * "Heterogeneous platforms", "Local heuristic"), the heterogeneous list
 * scheduler (ecs_listsched_platform) and the brute-force oracle of the
 * extended model (testutil.c tu_brute_force_ext). */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/listsched.h"
#include "ecsched/local.h"

/* A class of the extended model: speeds and powers for F, idle. */
static void add_class(ecs_platform *p, const char *name, int count, int site,
                      const double *speed, const double *power, double idle)
{
    ecs_pe_class c;
    memset(&c, 0, sizeof c);
    snprintf(c.name, sizeof c.name, "%s", name);
    c.count = count;
    c.site = site;
    for (size_t k = 0; k < p->nfreq; k++) {
        c.speed[k] = speed[k];
        c.power_of[k] = power[k];
    }
    c.idle = idle;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_platform_add_class(p, &c, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
}

/* The platform of docs/MODEL.md's worked examples: F = {1, 0.5, 0};
 * fast (speeds 2, 1; powers 4, 1.5; idle 0.5) and slow (speeds 1, 0.5;
 * powers 1, 0.4; idle 0.2), nfast and nslow PEs. */
static void model_platform(ecs_platform *p, int nfast, int nslow)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5,0", NULL), ECS_OK);
    add_class(p, "fast", nfast, 0, (const double[]){2, 1, 0},
              (const double[]){4, 1.5, 0}, 0.5);
    add_class(p, "slow", nslow, 0, (const double[]){1, 0.5, 0},
              (const double[]){1, 0.4, 0}, 0.2);
}

/* ---- the oracle on the worked examples ---- */

/* docs/MODEL.md "Worked example (classes)": one task of work 2, D' = 2,
 * price 1: slow at f = 1 for 2 slots, 2 (0.7 + 0.8) = 3.0. */
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

int main(void)
{
    const struct CMUnitTest quick[] = {
        cmocka_unit_test(test_bf_worked_classes),
        cmocka_unit_test(test_bf_worked_sources_cap),
        cmocka_unit_test(test_bf_paper_agrees),
    };
    const struct CMUnitTest slow[] = {
        cmocka_unit_test(test_bf_worked_classes),
    };
    return TU_RUN(quick, slow);
}
