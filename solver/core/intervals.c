/* Time windows and interval costs c(i,s,e) for the strong formulation
 * (docs/MODEL.md "MILP, strong formulation"): the cheapest frequency profile of
 * a task over a fixed interval is a multiple-choice knapsack, solved exactly
 * by dynamic programming on the integer frequency grid (profile.h). */
#include "core.h"
#include "ecsched/clock.h"

#include "ecsched/profile.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Intervals of length >= work inside a window of L slots. */
static double window_intervals(long L, long work)
{
    double k = (double)(L - work + 1);
    return k > 0 ? k * (k + 1) / 2 : 0.0;
}

double core_windows_intervals(const ecs_graph *g,
                                  const ecs_windows *w)
{
    double total = 0.0;
    for (size_t i = 0; i < g->n; i++)
        total += window_intervals(w->lf[i] - w->es[i] + 1, g->work[i]);
    return total;
}

double core_ivals_dp_ops(const ecs_graph *g, const ecs_platform *p,
                       const ecs_windows *w)
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
    core_interval *iv;
    size_t n, cap;
} ival_buf;

static int buf_push(ival_buf *b, long s, long e, double cost)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        core_interval *nv = realloc(b->iv, cap * sizeof *nv);
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

/* Keep the intervals strictly cheaper than every interval inside them:
 * the rows of the window's costs from its last first slot down, row s
 * (the costs of [s, s .. L-1], ecs_profile_costs_from) in c, m[e] the
 * minimum over the sub-intervals of [s, e] and prev[e] that of [s+1, e]
 * (the row before), so the memory is linear in L (the order of the
 * intervals pushed is sorted by the caller). */
static int keep_undominated(const ecs_platform *p, const double *price,
                            const int *slot_len, long work, long es, long L,
                            double *c, double *m, double *prev, double *dp,
                            ival_buf *b)
{
    /* on the uniform grid a task needs at least `work` slots; with lengths
     * a single slot may hold it (as ecs_profile_window_len) */
    long need = slot_len != NULL ? 1 : work;
    for (long s = L - 1; s >= 0; s--) {
        if (s + need <= L)
            ecs_profile_costs_from_len(p, price, slot_len, work, es + s,
                                       L - s, c + s, dp);
        else
            for (long e = s; e < L; e++)
                c[e] = HUGE_VAL;
        for (long e = s; e < L; e++) {
            double sub = HUGE_VAL;
            if (e > s) {
                double a = prev[e], d = m[e - 1];
                sub = a < d ? a : d;
            }
            m[e] = c[e] < sub ? c[e] : sub;
            if (c[e] != HUGE_VAL && c[e] < sub - cost_tol(c[e]))
                if (buf_push(b, es + s, es + e, c[e]) != 0)
                    return -1;
        }
        memcpy(prev + s, m + s, (size_t)(L - s) * sizeof *m);
    }
    return 0;
}

static int cmp_interval(const void *a, const void *b)
{
    const core_interval *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return x->e < y->e ? -1 : x->e > y->e;
}

static int past(double t_end)
{
    return t_end > 0.0 && ecs_clock_now() >= t_end;
}

ecs_result core_ivals_compute(const ecs_graph *g, const ecs_platform *p,
                                  const double *price, const int *slot_len,
                                  const ecs_windows *w, double t_end,
                                  core_ivals *out, ecs_diag *diag)
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
    /* one row of the window's costs at a time (keep_undominated) */
    double *c = malloc((size_t)maxL * sizeof *c);
    double *m = malloc((size_t)maxL * sizeof *m);
    double *prev = malloc((size_t)maxL * sizeof *prev);
    double *dp = malloc(2 * ((size_t)maxW + 1) * sizeof *dp);
    ival_buf b = {NULL, 0, 0};
    int bad = out->off == NULL || c == NULL || m == NULL || prev == NULL ||
              dp == NULL;
    int late = 0;
    for (size_t i = 0; !bad && !late && i < g->n; i++) {
        if (past(t_end)) {
            late = 1;
            break;
        }
        long L = w->lf[i] - w->es[i] + 1;
        size_t first = b.n;
        if (L >= g->work[i] || (slot_len != NULL && L >= 1))
            bad = keep_undominated(p, price, slot_len, g->work[i], w->es[i],
                                   L, c, m, prev, dp, &b) != 0;
        if (!bad && b.n > first)
            qsort(b.iv + first, b.n - first, sizeof *b.iv, cmp_interval);
        out->off[i + 1] = b.n;
    }
    free(c);
    free(m);
    free(prev);
    free(dp);
    if (bad || late) {
        free(b.iv);
        core_ivals_release(out);
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

void core_ivals_release(core_ivals *iv)
{
    if (iv == NULL)
        return;
    free(iv->off);
    free(iv->iv);
    iv->off = NULL;
    iv->iv = NULL;
}

size_t core_ivals_best_inside(const core_ivals *iv, size_t i, long s,
                                  long e)
{
    size_t best = (size_t)-1;
    for (size_t v = iv->off[i]; v < iv->off[i + 1]; v++) {
        const core_interval *x = &iv->iv[v];
        if (x->s >= s && x->e <= e &&
            (best == (size_t)-1 || x->cost < iv->iv[best].cost))
            best = v;
    }
    return best;
}
