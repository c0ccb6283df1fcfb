/* The pair move's bound where the slot cost is not linear in the draw
 * (heuristic/local_ext.c lx_pair_lb; docs/MODEL.md "Local heuristic";
 * bench/results/local_ext.md "Twelfth round"): once the first task a of a
 * pair is placed, the second task b costs at least its best with both off
 * plus, over a's slots, the least change a's draw makes to b's slot costs
 * there (0 included); an order that cannot beat the whole cost now runs
 * no second DP.  The descent alone (max_stall 0: single, pair and chain
 * moves, no kicks) from the built start, on random tiny instances with a
 * source and (half of them) a cap: of the first 3,000, it reaches the
 * brute-force optimum on 2,562; the six below are instances where only
 * an exact pair move gets there.  With the bound made wrong on purpose
 * (the least change per slot taken over b's working frequencies only,
 * not 0, in every slot of a: as if b had to run in each of them) the
 * descent stays 2 to 34 % above the optimum on all six (2,556 of the
 * 3,000 reached); with the skip's tolerance loosened to 10 % of the cost
 * the test fails too. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/local.h"

#include <string.h>

typedef struct pcase {
    ecs_graph *g;
    ecs_platform p;
    double price[8], vol[8], cap[8];
    ecs_source src;
    ecs_site site;
    ecs_instance inst;
} pcase;

static void pcase_draw(uint64_t *seed, pcase *c)
{
    memset(c, 0, sizeof *c);
    size_t n = (size_t)tu_rng_int(seed, 2, 3);
    c->g = tu_random_graph(seed, n, 3, 0.3);
    ecs_platform *p = &c->p;
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5,0", NULL), ECS_OK);
    double fi = 0.1 + 0.5 * tu_rng_unit(seed), si = 0.3 + 0.5 * tu_rng_unit(seed);
    double f0 = fi + 1.5 + 2 * tu_rng_unit(seed), f1 = fi + 0.2 + tu_rng_unit(seed);
    double w0 = si + 0.3 + tu_rng_unit(seed);
    double w1 = si + 0.05 + 0.3 * tu_rng_unit(seed);
    tu_add_class(p, "fast", 1, 0, (const double[]){2, 1, 0},
                 (const double[]){f0, f1, 0}, fi);
    tu_add_class(p, "slow", 2, 0, (const double[]){1, 0.5, 0},
                 (const double[]){w0, w1, 0}, si);
    long T = tu_rng_int(seed, 3, 5);
    tu_random_prices(seed, c->price, T, 0.3);
    int capped = tu_rng_unit(seed) < 0.5;
    double base = fi + 2 * si;
    for (long l = 0; l < T; l++) {
        c->vol[l] = base + 2 * tu_rng_unit(seed) - 1.0;
        if (c->vol[l] < 0)
            c->vol[l] = 0;
        c->cap[l] = base + 1.0 + 3 * tu_rng_unit(seed);
    }
    c->src = (ecs_source){.name = "solar", .site = 0,
                          .price = 0.3 * tu_rng_unit(seed), .volume = c->vol};
    c->site = (ecs_site){.price = NULL, .cap = capped ? c->cap : NULL};
    ecs_instance_init(&c->inst, c->g, p, c->price, (size_t)T, T);
    c->inst.source = &c->src;
    c->inst.nsource = 1;
    c->inst.site = &c->site;
}

static void test_pair_bound_descent(void **state)
{
    (void)state;
    static const int pick[] = {142, 457, 863, 1376, 1842, 2596};
    size_t np = sizeof pick / sizeof pick[0], at = 0;
    uint64_t seed = 97;
    for (int rep = 0; at < np; rep++) {
        pcase c;
        pcase_draw(&seed, &c);
        if (rep == pick[at]) {
            at++;
            double bf = tu_brute_force_ext(&c.inst);
            assert_true(bf < HUGE_VAL);
            ecs_local_params prm;
            ecs_local_params_init(&prm);
            prm.max_stall = 0;
            prm.scratch_start = 0;
            prm.time_limit_s = 60; /* never binds */
            ecs_local_result r;
            ecs_diag d;
            ecs_diag_clear(&d);
            assert_int_equal(ecs_local_run(&c.inst, NULL, &prm, &r, &d), ECS_OK);
            ecs_check_report rep_c;
            assert_int_equal(ecs_check_schedule(&c.inst, r.schedule, &rep_c, &d), ECS_OK);
            assert_close(r.cost, bf, 1e-9 * (1.0 + fabs(bf)));
            ecs_local_result_release(&r);
        }
        ecs_graph_free(c.g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_bound_descent),
    };
    return tu_run(tests, sizeof tests / sizeof tests[0], NULL, 0);
}
