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

long tu_cws_random_dot(uint64_t *s, int n, char *dot, size_t size)
{
    int len = snprintf(dot, size, "strict digraph {");
    long total = 0;
    for (int i = 0; i < n; i++) {
        long w = tu_rng_int(s, 1, 3);
        total += w;
        len += snprintf(dot + len, size - (size_t)len, " %d [weight=%ld];", i, w);
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (tu_rng_int(s, 0, 1)) {
                long c = tu_rng_int(s, 0, 2);
                len += snprintf(dot + len, size - (size_t)len, " %d -> %d [size=%ld];", i, j, c);
            }
    snprintf(dot + len, size - (size_t)len, " }");
    return total;
}

void tu_cws_random_setup2(uint64_t *s, long D, char *setup, size_t size)
{
    long b1 = tu_rng_int(s, 1, D - 1), v[11];
    static const long lo[11] = {0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0};
    static const long hi[11] = {2, 2, 1, 1, 4, 4, 2, 2, 3, 8, 8};
    for (int k = 0; k < 11; k++)
        v[k] = tu_rng_int(s, lo[k], hi[k]);
    snprintf(setup, size, "%ld\n2\n%ld %ld %ld %ld\n%ld %ld %ld %ld\n%ld\n%ld %ld\n0 %ld %ld\n",
             D, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], b1, D);
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

void tu_assert_same_schedule(const ecs_schedule *a, const ecs_schedule *b)
{
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(a->n, b->n);
    for (size_t i = 0; i < a->n; i++) {
        const ecs_sched_task *x = &a->task[i], *y = &b->task[i];
        assert_int_equal(x->pe, y->pe);
        assert_int_equal(x->start, y->start);
        assert_int_equal(x->stop, y->stop);
        for (long l = x->start; x->pe >= 0 && l <= x->stop; l++)
            assert_int_equal(x->freq[l - x->start], y->freq[l - y->start]);
    }
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
    const int *slot_len; /* or NULL: every slot 1 */
    long T;
    double cost[TU_BF_MAXN][TU_BF_MAXT][TU_BF_MAXT]; /* cheapest profile */
    long s[TU_BF_MAXN], e[TU_BF_MAXN];
    int pe[TU_BF_MAXN];
    double best;
    const ecs_schedule *old; /* tasks that start before now in it are fixed */
    long now;                /* the others start at now or later */
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
            long m = b->slot_len != NULL ? b->slot_len[s + t] : 1;
            q += b->p->freq_q[c % K] * m;
            cost += b->p->power_of[c % K] * b->price[s + t] * (double)m;
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
    const ecs_sched_task *t = b->old ? &b->old->task[i] : NULL;
    if (t != NULL && t->start < b->now) { /* fixed: as it ran */
        double c = 0.0;
        for (long l = t->start; l <= t->stop; l++)
            c += b->p->power_of[t->freq[l - t->start]] * b->price[l];
        b->s[i] = t->start;
        b->e[i] = t->stop;
        b->pe[i] = t->pe;
        if (bf_ok(b, i))
            bf_rec(b, i + 1, acc + c);
        return;
    }
    for (long s = b->old ? b->now : 0; s < b->T; s++)
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
    return tu_brute_force_fixed(g, p, price, T, NULL, 0);
}

static double bf_run(const ecs_graph *g, const ecs_platform *p,
                     const double *price, const int *slot_len, long T,
                     const ecs_schedule *old, long now);

double tu_brute_force_len(const ecs_graph *g, const ecs_platform *p,
                          const double *price, const int *slot_len, long T)
{
    return bf_run(g, p, price, slot_len, T, NULL, 0);
}

double tu_brute_force_fixed(const ecs_graph *g, const ecs_platform *p,
                            const double *price, long T,
                            const ecs_schedule *old, long now)
{
    return bf_run(g, p, price, NULL, T, old, now);
}

static double bf_run(const ecs_graph *g, const ecs_platform *p,
                     const double *price, const int *slot_len, long T,
                     const ecs_schedule *old, long now)
{
    assert_true(g->n <= TU_BF_MAXN && T >= 1 && T <= TU_BF_MAXT);
    bf b = {.g = g, .p = p, .price = price, .slot_len = slot_len, .T = T,
            .best = HUGE_VAL, .old = old, .now = now};
    for (size_t i = 0; i < g->n; i++)
        for (long s = 0; s < T; s++)
            for (long e = 0; e < T; e++)
                b.cost[i][s][e] = e < s ? HUGE_VAL
                                        : bf_profile(&b, g->work[i], s, e);
    bf_rec(&b, 0, 0.0);
    return b.best;
}

/* ---- brute force of the extended model: its own draw, cover and cap
 * arithmetic (none of the checker's or the instance's) ---- */

typedef struct bfx_opt {
    long s, e;
    double delta[TU_BFX_MAXT]; /* draw above idle in slots s..e */
} bfx_opt;

typedef struct bfx {
    const ecs_instance *inst;
    const ecs_graph *g;
    long T;
    int nsite, ncls;
    int site_of[ECS_MAX_CLASSES];
    int count[ECS_MAX_CLASSES];
    bfx_opt *opt[TU_BFX_MAXN][ECS_MAX_CLASSES];
    size_t nopt[TU_BFX_MAXN][ECS_MAX_CLASSES];
    double draw[ECS_MAX_SITES][TU_BFX_MAXT];
    int cls[TU_BFX_MAXN], pe[TU_BFX_MAXN];
    long s[TU_BFX_MAXN], e[TU_BFX_MAXN];
    int used[ECS_MAX_CLASSES]; /* highest PE index in the class used + 1 */
    double best;
} bfx;

static double bfx_price(const bfx *b, int site, long l)
{
    const ecs_instance *in = b->inst;
    if (in->site != NULL && in->site[site].price != NULL)
        return in->site[site].price[l];
    return in->price[l];
}

/* The cheapest cover of energy e at site/slot: repeatedly the cheapest
 * source left (by price, then index) while it beats the grid. */
static double bfx_cover(const bfx *b, int site, long l, double e)
{
    const ecs_instance *in = b->inst;
    double r = bfx_price(b, site, l), cost = 0.0, left = e;
    int taken[ECS_MAX_SOURCES] = {0};
    while (left > 0.0) {
        size_t pick = (size_t)-1;
        for (size_t j = 0; j < in->nsource; j++) {
            const ecs_source *src = &in->source[j];
            if (taken[j] || src->site != site || src->volume[l] <= 0.0 ||
                !(src->price < r))
                continue;
            if (pick == (size_t)-1 || src->price < in->source[pick].price)
                pick = j;
        }
        if (pick == (size_t)-1)
            break;
        taken[pick] = 1;
        double v = in->source[pick].volume[l];
        double use = left < v ? left : v;
        cost += use * in->source[pick].price;
        left -= use;
    }
    return cost + left * r;
}

static void bfx_leaf(bfx *b)
{
    const ecs_instance *in = b->inst;
    double total = 0.0;
    for (int q = 0; q < b->nsite; q++)
        for (long l = 0; l < b->T; l++) {
            double e = b->draw[q][l];
            if (in->site != NULL && in->site[q].cap != NULL) {
                double cap = in->site[q].cap[l];
                if (e > cap + 1e-9 * (1.0 + fabs(cap)))
                    return;
            }
            total += bfx_cover(b, q, l, e);
        }
    if (total < b->best)
        b->best = total;
}

static void bfx_rec(bfx *b, size_t i)
{
    const ecs_graph *g = b->g;
    if (i == g->n) {
        bfx_leaf(b);
        return;
    }
    long ready = -1; /* the latest stop of a predecessor */
    for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
        if (b->e[g->pred[k]] > ready)
            ready = b->e[g->pred[k]];
    for (int c = 0; c < b->ncls; c++) {
        int top = b->used[c] < b->count[c] ? b->used[c] : b->count[c] - 1;
        for (int q = 0; q <= top; q++)
            for (size_t o = 0; o < b->nopt[i][c]; o++) {
                const bfx_opt *x = &b->opt[i][c][o];
                if (x->s <= ready)
                    continue;
                int clash = 0;
                for (size_t j = 0; j < i && !clash; j++)
                    clash = b->cls[j] == c && b->pe[j] == q &&
                            !(b->e[j] < x->s || x->e < b->s[j]);
                if (clash)
                    continue;
                b->cls[i] = c;
                b->pe[i] = q;
                b->s[i] = x->s;
                b->e[i] = x->e;
                int before = b->used[c];
                if (q + 1 > b->used[c])
                    b->used[c] = q + 1;
                double *row = b->draw[b->site_of[c]];
                for (long l = x->s; l <= x->e; l++)
                    row[l] += x->delta[l - x->s];
                bfx_rec(b, i + 1);
                for (long l = x->s; l <= x->e; l++)
                    row[l] -= x->delta[l - x->s];
                b->used[c] = before;
            }
    }
}

/* Every profile of task i on class c over every interval: frequencies
 * whose work sum reaches w G, not waiting in the first or last slot. */
static void bfx_options(bfx *b, size_t i, int c)
{
    const ecs_platform *p = b->inst->platform;
    long K = (long)p->nfreq, need = b->g->work[i] * p->grid;
    size_t m = 0, cap = 0;
    for (long len = 1; len <= b->T; len++) {
        size_t total = 1;
        for (long t = 0; t < len; t++)
            total *= (size_t)K;
        cap += (size_t)(b->T - len + 1) * total;
    }
    bfx_opt *out = malloc(cap * sizeof *out);
    assert_non_null(out);
    for (long s = 0; s < b->T; s++)
        for (long e = s; e < b->T; e++) {
            long len = e - s + 1, total = 1;
            for (long t = 0; t < len; t++)
                total *= K;
            for (long code = 0; code < total; code++) {
                long x = code, work = 0;
                int k[TU_BFX_MAXT];
                for (long t = 0; t < len; t++, x /= K) {
                    k[t] = (int)(x % K);
                    work += p->nclass ? p->cls[c].speed_q[k[t]]
                                      : p->freq_q[k[t]];
                }
                if (work < need || p->freq_q[k[0]] == 0 ||
                    p->freq_q[k[len - 1]] == 0)
                    continue;
                out[m].s = s;
                out[m].e = e;
                for (long t = 0; t < len; t++)
                    out[m].delta[t] =
                        p->nclass ? p->cls[c].power_of[k[t]] - p->cls[c].idle
                                  : p->power_of[k[t]];
                m++;
            }
        }
    b->opt[i][c] = out;
    b->nopt[i][c] = m;
}

double tu_brute_force_ext(const ecs_instance *inst)
{
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    long T = inst->deadline;
    assert_true(g->n <= TU_BFX_MAXN && T >= 1 && T <= TU_BFX_MAXT);
    for (size_t i = 0; i < g->n; i++)
        for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
            assert_true(g->pred[k] < i); /* topological order */
    bfx *b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->inst = inst;
    b->g = g;
    b->T = T;
    b->best = HUGE_VAL;
    b->nsite = p->nsite < 1 ? 1 : p->nsite;
    b->ncls = p->nclass ? (int)p->nclass : 1;
    for (int c = 0; c < b->ncls; c++) {
        b->site_of[c] = p->nclass ? p->cls[c].site : 0;
        b->count[c] = p->nclass ? p->cls[c].count : p->pes;
        double idle = p->nclass ? p->cls[c].idle : 0.0;
        for (long l = 0; l < T; l++)
            b->draw[b->site_of[c]][l] += b->count[c] * idle;
        for (size_t i = 0; i < g->n; i++)
            bfx_options(b, i, c);
    }
    bfx_rec(b, 0);
    double best = b->best;
    for (size_t i = 0; i < g->n; i++)
        for (int c = 0; c < b->ncls; c++)
            free(b->opt[i][c]);
    free(b);
    return best;
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

void tu_add_class(ecs_platform *p, const char *name, int count, int site,
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

void tu_solve_trace(const ecs_solve_result *r, char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t k = 0; k < r->nsteps; k++) {
        if (k > 0)
            strncat(buf, ",", len - strlen(buf) - 1);
        strncat(buf, ecs_solve_phase_name(r->steps[k].phase),
                len - strlen(buf) - 1);
    }
}

void tu_ext_case_random(tu_ext_case *c, uint64_t *seed, int rep,
                        double edge_p, double neg)
{
    memset(c, 0, sizeof *c);
    size_t n = (size_t)tu_rng_int(seed, 1, 3);
    c->g = tu_random_graph(seed, n, 3, edge_p);
    ecs_platform *p = &c->p;
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5,0", NULL), ECS_OK);
    double fi = 0.1 + tu_rng_unit(seed), si = 0.1 * tu_rng_unit(seed);
    double f0 = fi + 1.5 + 3 * tu_rng_unit(seed);
    double f1 = fi + 0.3 + (f0 - fi) * 0.5 * tu_rng_unit(seed);
    double w0 = si + 0.4 + tu_rng_unit(seed);
    double w1 = si + 0.1 + (w0 - si) * 0.6 * tu_rng_unit(seed);
    tu_add_class(p, "fast", 1, 0, (const double[]){2, 1, 0},
                 (const double[]){f0, f1, 0}, fi);
    tu_add_class(p, "slow", n == 3 ? 1 : 2, 0, (const double[]){1, 0.5, 0},
                 (const double[]){w0, w1, 0}, si);
    long T = tu_rng_int(seed, 2, 5);
    tu_random_prices(seed, c->price, T, neg);
    for (long l = 0; l < T; l++) {
        c->vol[l] = 3 * tu_rng_unit(seed);
        c->cap[l] = fi + si * 2 + 0.5 + 4 * tu_rng_unit(seed);
    }
    c->src = (ecs_source){.name = "solar", .site = 0,
                          .price = 0.2 * tu_rng_unit(seed),
                          .volume = c->vol};
    c->site = (ecs_site){.price = NULL, .cap = c->cap};
    ecs_instance_init(&c->inst, c->g, p, c->price, (size_t)T, T);
    if (rep % 2 == 0) {
        c->inst.source = &c->src;
        c->inst.nsource = 1;
    }
    if (rep % 3 == 0)
        c->inst.site = &c->site;
}

void tu_ext_case_free(tu_ext_case *c)
{
    ecs_graph_free(c->g);
    c->g = NULL;
}

void tu_worked_platform(ecs_platform *p)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5,0", NULL), ECS_OK);
    tu_add_class(p, "fast", 1, 0, (const double[]){2, 1, 0},
                 (const double[]){4, 1.5, 0}, 0.5);
    tu_add_class(p, "slow", 1, 0, (const double[]){1, 0.5, 0},
                 (const double[]){1, 0.4, 0}, 0.2);
}

void tu_slow_east_fast_west(ecs_platform *p)
{
    ecs_platform_init(p);
    assert_int_equal(ecs_platform_set_freqs(p, "1,0.5,0", NULL), ECS_OK);
    int east = 0, west = 0;
    assert_int_equal(ecs_platform_add_site(p, "east", &east, NULL), ECS_OK);
    assert_int_equal(ecs_platform_add_site(p, "west", &west, NULL), ECS_OK);
    tu_add_class(p, "e", 2, east, (const double[]){1, 0.5, 0},
                 (const double[]){1, 0.3, 0}, 0.1);
    tu_add_class(p, "w", 2, west, (const double[]){2, 1, 0},
                 (const double[]){3, 1, 0}, 0.2);
}

void tu_opposite_prices(double *pe, double *pw, int T, int half)
{
    for (int l = 0; l < T; l++) {
        int cheap = (l / half) % 2 == 0;
        pe[l] = cheap ? -0.2 + 0.1 * (l % 3) : 1.0 + 0.1 * (l % 4);
        pw[l] = cheap ? 1.0 + 0.1 * (l % 4) : 0.1 * (l % 3);
    }
}
