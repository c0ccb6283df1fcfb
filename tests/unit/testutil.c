/* The shared helpers of the cmocka unit tests (testutil.h): the seeded
 * generator, random instances, the brute-force oracle and the runner that
 * splits the quick tests from the long ones. */
#include "testutil.h"

#include "ecsched/makespan.h"
#include "ecsched/rng.h"

/* ---- seeded PRNG: the library's splitmix64 on a bare state word ---- */

uint64_t tu_rng_next(uint64_t *s)
{
    ecs_rng r;
    ecs_rng_seed(&r, *s);
    uint64_t x = ecs_rng_next(&r);
    *s = r.state;
    return x;
}

long tu_rng_int(uint64_t *s, long lo, long hi)
{
    return lo + (long)(tu_rng_next(s) % (uint64_t)(hi - lo + 1));
}

double tu_rng_unit(uint64_t *s)
{
    return (double)(tu_rng_next(s) >> 11) / 9007199254740992.0;
}

/* ---- instances ---- */

ecs_graph *tu_graph(size_t n, const long *work, size_t m,
                    const ecs_edge *edges)
{
    long *id = malloc(n * sizeof *id);
    assert_non_null(id);
    for (size_t i = 0; i < n; i++)
        id[i] = (long)i + 1;
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_graph_build(n, id, work, NULL, m, edges, 0, &g, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
    free(id);
    return g;
}

ecs_graph *tu_random_graph(uint64_t *s, size_t n, long maxw, double pe)
{
    long *work = malloc(n * sizeof *work);
    ecs_edge *edges = malloc((n * (n - 1) / 2 + 1) * sizeof *edges);
    assert_true(work != NULL && edges != NULL);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        work[i] = tu_rng_int(s, 1, maxw);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (tu_rng_unit(s) < pe)
                edges[m++] = (ecs_edge){i, j, 0};
    ecs_graph *g = tu_graph(n, work, m, edges);
    free(work);
    free(edges);
    return g;
}

void tu_random_prices(uint64_t *s, double *price, long n, double neg)
{
    for (long l = 0; l < n; l++)
        price[l] = tu_rng_unit(s) < neg ? -tu_rng_unit(s)
                                        : 0.1 + tu_rng_unit(s);
}

void tu_tiny_draw(uint64_t *seed, const char *freqs, const char *power,
                  long tmax, double neg, tu_tiny *x)
{
    size_t n = (size_t)tu_rng_int(seed, 1, 4);
    x->g = tu_random_graph(seed, n, 2, 0.4);
    tu_platform(&x->p, (int)tu_rng_int(seed, 1, 2), freqs, power);
    x->T = tu_rng_int(seed, 2, tmax);
    tu_random_prices(seed, x->price, x->T, neg);
}

void tu_platform(ecs_platform *p, int pes, const char *freqs,
                 const char *power)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_pes(p, pes, NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_freqs(p, freqs, NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_power(p, power, NULL), ECS_OK);
}

ecs_schedule *tu_base_schedule(const ecs_graph *g, int pes)
{
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    prm.time_limit_s = 1.0;
    ecs_makespan_result r;
    assert_int_equal(ecs_makespan_solve(g, pes, &prm, &r, NULL), ECS_OK);
    return r.schedule;
}

/* ---- the MILP ---- */

void tu_milp(const ecs_graph *g, const ecs_platform *p, const double *price,
             long D, ecs_milp_formulation f, const ecs_schedule *warm,
             ecs_milp_result *r)
{
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.formulation = f;
    prm.warm_start = warm;
    prm.time_limit_s = 120;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ecs_milp_solve(ECS_INSTANCE_BORROW(g, p, price, (size_t)D, D), &prm, r, &d);
    if (rc != ECS_OK)
        print_error("%s\n", d.msg);
    assert_int_equal(rc, ECS_OK);
}

/* ---- brute force (independent of the solvers' DP, windows, dominance
 * and capacity rows): every interval, every PE, every frequency profile ---- */

typedef struct bf {
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long T;
    double cost[TU_BF_MAXN][TU_BF_MAXT][TU_BF_MAXT]; /* cheapest profile */
    long s[TU_BF_MAXN], e[TU_BF_MAXN];
    int pe[TU_BF_MAXN];
    double best;
} bf;

/* Cheapest profile of `work` over [s, e] by enumerating all K^len. */
static double bf_profile(const bf *b, long work, long s, long e)
{
    long len = e - s + 1, K = (long)b->p->nfreq, total = 1;
    for (long t = 0; t < len; t++)
        total *= K;
    double best = HUGE_VAL;
    for (long code = 0; code < total; code++) {
        long c = code, q = 0;
        double cost = 0.0;
        for (long t = 0; t < len; t++, c /= K) {
            q += b->p->freq_q[c % K];
            cost += b->p->power_of[c % K] * b->price[s + t];
        }
        if (q >= work * b->p->grid && cost < best)
            best = cost;
    }
    return best;
}

/* Task i placed at [s, e] on pe after its predecessors, on a PE no
 * earlier task overlaps. */
static int bf_ok(const bf *b, size_t i)
{
    const ecs_graph *g = b->g;
    for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
        if (b->e[g->pred[k]] >= b->s[i])
            return 0;
    for (size_t j = 0; j < i; j++)
        if (b->pe[j] == b->pe[i] && !(b->e[j] < b->s[i] || b->e[i] < b->s[j]))
            return 0;
    return 1;
}

static void bf_rec(bf *b, size_t i, double acc)
{
    if (i == b->g->n) {
        if (acc < b->best)
            b->best = acc;
        return;
    }
    for (long s = 0; s < b->T; s++)
        for (long e = s; e < b->T; e++) {
            double c = b->cost[i][s][e];
            if (c == HUGE_VAL)
                continue;
            for (int q = 0; q < b->p->pes; q++) {
                b->s[i] = s;
                b->e[i] = e;
                b->pe[i] = q;
                if (bf_ok(b, i))
                    bf_rec(b, i + 1, acc + c);
            }
        }
}

double tu_brute_force(const ecs_graph *g, const ecs_platform *p,
                      const double *price, long T)
{
    assert_true(g->n <= TU_BF_MAXN && T >= 1 && T <= TU_BF_MAXT);
    bf b = {.g = g, .p = p, .price = price, .T = T, .best = HUGE_VAL};
    for (size_t i = 0; i < g->n; i++)
        for (long s = 0; s < T; s++)
            for (long e = 0; e < T; e++)
                b.cost[i][s][e] = e < s ? HUGE_VAL
                                        : bf_profile(&b, g->work[i], s, e);
    bf_rec(&b, 0, 0.0);
    return b.best;
}

/* ---- the runner ---- */

int tu_long(void)
{
    const char *v = getenv("ECS_TEST_LONG");
    return v != NULL && strcmp(v, "1") == 0;
}

int tu_run(const struct CMUnitTest *quick, size_t nquick,
           const struct CMUnitTest *slow, size_t nslow)
{
    const char *filter = getenv("ECS_TEST_FILTER");
    if (filter != NULL)
        cmocka_set_test_filter(filter);
    int failed = _cmocka_run_group_tests("quick", quick, nquick, NULL, NULL);
    if (nslow > 0 && tu_long())
        failed += _cmocka_run_group_tests("long", slow, nslow, NULL, NULL);
    return failed;
}
