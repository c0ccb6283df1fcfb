/* The pair move's bound where the slot cost is not linear in the draw
 * (heuristic/local_ext.c lx_pair_lb; bench/results/local_ext.md "Twelfth
 * round"): once the first task a of a pair is placed, the second task b
 * costs at least its best with both off plus, over a's slots, the least
 * change a's draw makes to any of b's slot costs there.  This binary
 * includes local_ext.c itself (its functions are static), so that the
 * bound is checked against the exact DP of b (lx_best) on the draw with a
 * placed: on 400 random tiny instances with a source and (half of them) a
 * cap, for every ordered pair of tasks and a placed where it costs least,
 * ends earliest and draws least (4,533 checks; in 2,288 of them a's draw
 * made b dearer than its best with both off), the bound is never above
 * b's exact best.  It fails with the bound made wrong on purpose: the
 * least change per slot taken over b's working frequencies only (not 0:
 * as if b had to run in each of a's slots). */
#include "testutil.h"

#include "../../heuristic/local_ext.c"

/* A random tiny instance: 2 or 3 tasks (random edges), F = {1, 0.5, 0},
 * one fast PE (speeds 2, 1; idle fi) and two slow ones (speeds 1, 0.5;
 * idle si), T = 4 to 6 slots of prices with negative ones, a source of random volume and
 * price, and (half of the time) a cap. */
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
    long T = tu_rng_int(seed, 4, 6);
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

static void test_pair_bound_valid(void **state)
{
    (void)state;
    unsigned long checks = 0, matters = 0, none = 0;
    uint64_t seed = 97;
    for (int rep = 0; rep < 400; rep++) {
        pcase c;
        pcase_draw(&seed, &c);
        ecs_local_params prm;
        ecs_local_params_init(&prm);
        lx x;
        ecs_windows own = {0};
        ecs_diag d;
        ecs_diag_clear(&d);
        ecs_result rc = lx_open(&x, &c.inst, &prm, &own, &d);
        int b = rc == ECS_OK ? lx_build(&x, 0) : 1;
        if (b > 0 && rc == ECS_OK)
            b = lx_build(&x, 2);
        assert_true(b >= 0);
        size_t n = x.n, D = (size_t)x.D;
        unsigned char fa[8];
        for (size_t a = 0; b == 0 && a < n; a++)
            for (size_t t = 0; t < n; t++) {
                if (t == a)
                    continue;
                lx_save(&x);
                lx_unplace(&x, a);
                lx_unplace(&x, t);
                lx_fill(&x, (size_t)-1);
                memcpy(x.pair_e0, x.draw, (size_t)x.nsite * D * sizeof *x.draw);
                lx_place p0, pa, pb;
                if (lx_best(&x, t, 0, &p0) == 0) {
                    for (int mode = 0; mode < 3; mode++) {
                        lx_fill(&x, (size_t)-1);
                        if (lx_best(&x, a, mode, &pa) != 0)
                            continue;
                        memcpy(fa, x.best_fq + pa.s, (size_t)(pa.e - pa.s + 1));
                        double lb;
                        int has = lx_pair_lb(&x, &pa, fa, p0.cost, &lb);
                        lx_put(&x, a, &pa, fa);
                        lx_fill(&x, (size_t)-1);
                        int rb = lx_best(&x, t, 0, &pb);
                        assert_true(rb >= 0);
                        if (!has)
                            none++;
                        if (has && rb == 0) {
                            checks++;
                            assert_true(lb <= pb.cost + 1e-9 * (1.0 + fabs(pb.cost)));
                            if (pb.cost > p0.cost + 1e-9)
                                matters++;
                        }
                        lx_unplace(&x, a);
                    }
                }
                lx_restore(&x);
            }
        lx_release(&x);
        ecs_windows_release(&own);
        ecs_graph_free(c.g);
    }
    /* the bound was checked, and on cases where a's draw made b cheaper
     * than its best with both off (where b's best alone is no bound) */
    assert_true(checks > 200);
    assert_true(matters > 10);
    (void)none;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_bound_valid),
    };
    return tu_run(tests, sizeof tests / sizeof tests[0], NULL, 0);
}
