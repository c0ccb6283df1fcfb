/* Time windows and interval costs c(i,s,e) for the strong formulation
 * (docs/MODEL.md "MILP, strong formulation"): the cheapest frequency profile of
 * a task over a fixed interval is a multiple-choice knapsack, solved exactly
 * by dynamic programming on the integer frequency grid (profile.h). */
#include "milp_internal.h"
#include "ecsched/clock.h"

#include "ecsched/profile.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Total work of the ancestors (up = 1) or descendants (up = 0) of every
 * task, by bit sets closed along a topological order; -1 when out of
 * memory. */
static int closure_work(const ecs_graph *g, int up, long *sum)
{
    size_t n = g->n, words = (n + 63) / 64;
    uint64_t *set = calloc(n * words + 1, sizeof *set);
    if (set == NULL)
        return -1;
    for (size_t q = 0; q < n; q++) {
        size_t i = g->topo[up ? q : n - 1 - q];
        const size_t *nb = up ? g->pred : g->succ;
        const size_t *off = up ? g->pred_off : g->succ_off;
        uint64_t *si = set + i * words;
        for (size_t k = off[i]; k < off[i + 1]; k++) {
            size_t j = nb[k];
            const uint64_t *sj = set + j * words;
            for (size_t b = 0; b < words; b++)
                si[b] |= sj[b];
            si[j / 64] |= (uint64_t)1 << (j % 64);
        }
        long total = 0;
        for (size_t j = 0; j < n; j++)
            if (si[j / 64] >> (j % 64) & 1)
                total += g->work[j];
        sum[i] = total;
    }
    free(set);
    return 0;
}

/* Raise es and lower lf by the load bounds and propagate along edges. */
static int tighten(const ecs_graph *g, int pes, long deadline,
                   ecs_milp_windows *w)
{
    size_t n = g->n ? g->n : 1;
    long *anc = malloc(n * sizeof *anc), *desc = malloc(n * sizeof *desc);
    int bad = anc == NULL || desc == NULL || closure_work(g, 1, anc) != 0 ||
              closure_work(g, 0, desc) != 0;
    for (size_t q = 0; !bad && q < g->n; q++) {
        size_t i = g->topo[q];
        long b = (anc[i] + pes - 1) / pes;
        if (b > w->es[i])
            w->es[i] = b;
        for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++) {
            size_t j = g->pred[k];
            if (w->es[j] + g->work[j] > w->es[i])
                w->es[i] = w->es[j] + g->work[j];
        }
    }
    for (size_t q = g->n; !bad && q-- > 0;) {
        size_t i = g->topo[q];
        long b = deadline - 1 - (desc[i] + pes - 1) / pes;
        if (b < w->lf[i])
            w->lf[i] = b;
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
            size_t j = g->succ[k];
            if (w->lf[j] - g->work[j] < w->lf[i])
                w->lf[i] = w->lf[j] - g->work[j];
        }
    }
    free(anc);
    free(desc);
    return bad ? -1 : 0;
}

ecs_result ecs_milp_windows_compute(const ecs_graph *g, int pes,
                                    long deadline, ecs_milp_windows *w,
                                    int *empty, ecs_diag *diag)
{
    size_t n = g->n ? g->n : 1;
    long *bl = malloc(n * sizeof *bl);
    w->n = g->n;
    w->es = malloc(n * sizeof *w->es);
    w->lf = malloc(n * sizeof *w->lf);
    if (bl == NULL || w->es == NULL || w->lf == NULL) {
        free(bl);
        ecs_milp_windows_release(w);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    ecs_graph_top_levels(g, w->es);
    ecs_graph_bottom_levels(g, bl);
    for (size_t i = 0; i < g->n; i++)
        w->lf[i] = deadline - 1 - (bl[i] - g->work[i]);
    free(bl);
    if (tighten(g, pes > 0 ? pes : 1, deadline, w) != 0) {
        ecs_milp_windows_release(w);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    *empty = 0;
    for (size_t i = 0; i < g->n; i++)
        if (w->es[i] + g->work[i] - 1 > w->lf[i])
            *empty = 1;
    return ECS_OK;
}

void ecs_milp_windows_release(ecs_milp_windows *w)
{
    if (w == NULL)
        return;
    free(w->es);
    free(w->lf);
    w->es = w->lf = NULL;
}

/* Intervals of length >= work inside a window of L slots. */
static double window_intervals(long L, long work)
{
    double k = (double)(L - work + 1);
    return k > 0 ? k * (k + 1) / 2 : 0.0;
}

double ecs_milp_windows_intervals(const ecs_graph *g,
                                  const ecs_milp_windows *w)
{
    double total = 0.0;
    for (size_t i = 0; i < g->n; i++)
        total += window_intervals(w->lf[i] - w->es[i] + 1, g->work[i]);
    return total;
}

double ecs_milp_dp_ops(const ecs_graph *g, const ecs_platform *p,
                       const ecs_milp_windows *w)
{
    double total = 0.0;
    for (size_t i = 0; i < g->n; i++) {
        double L = (double)(w->lf[i] - w->es[i] + 1);
        if (L > 0)
            total += L * (L + 1) / 2 * (double)p->nfreq *
                     ((double)g->work[i] * (double)p->grid + 1);
    }
    return total;
}

/* Tolerance under which two interval costs count as equal. */
static double cost_tol(double c)
{
    return 1e-9 * (fabs(c) > 1.0 ? fabs(c) : 1.0);
}

typedef struct ival_buf {
    ecs_milp_interval *iv;
    size_t n, cap;
} ival_buf;

static int buf_push(ival_buf *b, long s, long e, double cost)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        ecs_milp_interval *nv = realloc(b->iv, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        b->iv = nv;
        b->cap = cap;
    }
    b->iv[b->n].s = s;
    b->iv[b->n].e = e;
    b->iv[b->n].cost = cost;
    b->n++;
    return 0;
}

/* Keep the intervals strictly cheaper than every interval inside them;
 * m holds the minimum over each interval's sub-intervals. */
static int keep_undominated(long es, long L, const double *c, double *m,
                            ival_buf *b)
{
    for (long len = 1; len <= L; len++)
        for (long s = 0; s + len <= L; s++) {
            long e = s + len - 1;
            size_t q = (size_t)s * (size_t)L + (size_t)e;
            double sub = HUGE_VAL;
            if (len > 1) {
                double a = m[q + (size_t)L], d = m[q - 1];
                sub = a < d ? a : d;
            }
            m[q] = c[q] < sub ? c[q] : sub;
            if (c[q] != HUGE_VAL && c[q] < sub - cost_tol(c[q]))
                if (buf_push(b, es + s, es + e, c[q]) != 0)
                    return -1;
        }
    return 0;
}

static int cmp_interval(const void *a, const void *b)
{
    const ecs_milp_interval *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return x->e < y->e ? -1 : x->e > y->e;
}

static int past(double t_end)
{
    return t_end > 0.0 && ecs_clock_now() >= t_end;
}

ecs_result ecs_milp_ivals_compute(const ecs_graph *g, const ecs_platform *p,
                                  const double *price,
                                  const ecs_milp_windows *w, double t_end,
                                  ecs_milp_ivals *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->n = g->n;
    out->off = calloc(g->n + 1, sizeof *out->off);
    long maxL = 1, maxW = 1;
    for (size_t i = 0; i < g->n; i++) {
        long L = w->lf[i] - w->es[i] + 1;
        if (L > maxL)
            maxL = L;
        if (g->work[i] * p->grid > maxW)
            maxW = g->work[i] * p->grid;
    }
    double *c = malloc((size_t)maxL * (size_t)maxL * sizeof *c);
    double *m = malloc((size_t)maxL * (size_t)maxL * sizeof *m);
    double *dp = malloc(2 * ((size_t)maxW + 1) * sizeof *dp);
    ival_buf b = {NULL, 0, 0};
    int bad = out->off == NULL || c == NULL || m == NULL || dp == NULL;
    int late = 0;
    for (size_t i = 0; !bad && !late && i < g->n; i++) {
        if (past(t_end)) {
            late = 1;
            break;
        }
        long L = w->lf[i] - w->es[i] + 1;
        size_t first = b.n;
        if (L >= g->work[i]) {
            ecs_profile_window(p, price, g->work[i], w->es[i], L, c, dp);
            bad = keep_undominated(w->es[i], L, c, m, &b) != 0;
        }
        if (!bad)
            qsort(b.iv + first, b.n - first, sizeof *b.iv, cmp_interval);
        out->off[i + 1] = b.n;
    }
    free(c);
    free(m);
    free(dp);
    if (bad || late) {
        free(b.iv);
        ecs_milp_ivals_release(out);
        if (late)
            return ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                                "the time limit ran out while costing "
                                "intervals");
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                            "out of memory while costing intervals");
    }
    out->iv = b.iv;
    return ECS_OK;
}

void ecs_milp_ivals_release(ecs_milp_ivals *iv)
{
    if (iv == NULL)
        return;
    free(iv->off);
    free(iv->iv);
    iv->off = NULL;
    iv->iv = NULL;
}

size_t ecs_milp_ivals_best_inside(const ecs_milp_ivals *iv, size_t i, long s,
                                  long e)
{
    size_t best = (size_t)-1;
    for (size_t v = iv->off[i]; v < iv->off[i + 1]; v++) {
        const ecs_milp_interval *x = &iv->iv[v];
        if (x->s >= s && x->e <= e &&
            (best == (size_t)-1 || x->cost < iv->iv[best].cost))
            best = v;
    }
    return best;
}
