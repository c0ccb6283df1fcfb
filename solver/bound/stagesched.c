/* A schedule from the bound by stages (bound.h ecs_bound_stages_schedule;
 * docs/MODEL.md "The bound by stages"): the DP's choice of the
 * bottlenecks' intervals, and inside each stage's slots the stage's paths
 * (bnd_stage_paths: single tasks, or the chains of a pipeline whose
 * branches are chains) dealt whole to the PEs by longest work first, each
 * PE's tasks one after the other on the intervals of least cost (a DP over
 * the PE's tasks and their last slots, each interval at its exact cheapest
 * profile).  A stage whose PEs need more slots than the DP left it pushes
 * everything after it later (the schedule fails when that passes D').
 * Only for graphs whose every edge inside a stage joins two consecutive
 * tasks of a path (fork-join pipelines, with chains as branches or not);
 * the checker has the last word. */
#include "bound_internal.h"
#include "ecsched/check.h"
#include "ecsched/clock.h"
#include "ecsched/profile.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The work space of one construction. */
typedef struct builder {
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long D;
    double t_end;
    const size_t *next; /* the stages' paths: the task after each */
    double *cost, *scratch; /* D + 1 costs; profile scratch */
    double *best, *pm;      /* per (task of the PE, slot): least cost
                               ending there; least ending by there */
    long *bs, *pme;         /* its start; the end of that least */
    unsigned char *freq;
    ecs_schedule *s;
    long topq; /* the PE's top speed in grid steps a slot (grid: paper) */
    const long *es, *lf; /* each task's earliest first and latest last
                            slot (by graph index), or NULL: none */
} builder;

static void builder_free(builder *b)
{
    ecs_schedule_free(b->s);
    free(b->cost);
    free(b->scratch);
    free(b->freq);
    free(b->best);
    free(b->pm);
    free(b->bs);
    free(b->pme);
}

/* The fewest slots of task i on the builder's PE. */
static long slots_of(const builder *b, size_t i)
{
    return (b->g->work[i] * b->p->grid + b->topq - 1) / b->topq;
}

/* Place task i on pe over [a, e] at its cheapest profile: 0 or -1. */
static int place(builder *b, size_t i, int pe, long a, long e)
{
    double c;
    if (ecs_profile_cheapest(b->p, b->price, b->g->work[i], a, e, b->freq,
                             &c) != ECS_OK)
        return -1;
    return ecs_schedule_place(b->s, i, pe, a, e, b->freq, 0) == ECS_OK ? 0
                                                                      : -1;
}

/* The tasks t[0..k-1] one after the other on pe inside [lo, hi], on the
 * intervals of least total cost (*least, when not NULL; placed unless
 * dry): 0, or -1 when they do not fit or the time ran out. */
static int place_chain(builder *b, const size_t *t, size_t k, int pe,
                       long lo, long hi, double *least, int dry)
{
    long L = hi - lo + 1;
    if (L < 1)
        return -1;
    /* with frequency 0 in F an interval costs no more than one inside it
     * (its other slots idle): the first task starts at lo (at its
     * earliest slot, with b->es) */
    int idle = b->p->freq_q[b->p->nfreq - 1] == 0;
    /* a task needs at least its work in slots: task q starts after the
     * work before it and ends before the work after it (after) */
    long after = 0, before = 0;
    for (size_t q = 0; q < k; q++)
        after += slots_of(b, t[q]);
    for (size_t q = 0; q < k; q++) {
        if (ecs_clock_now() >= b->t_end)
            return -1;
        double *row = b->best + q * (size_t)L, *pmr = b->pm + q * (size_t)L;
        long *bs = b->bs + q * (size_t)L, *pme = b->pme + q * (size_t)L;
        for (long x = 0; x < L; x++)
            row[x] = HUGE_VAL;
        long w = b->g->work[t[q]], ws = slots_of(b, t[q]);
        after -= ws;
        long last = hi - after; /* its last end that leaves the rest room */
        long a0 = lo + before;
        if (b->es != NULL) {
            if (b->es[t[q]] > a0)
                a0 = b->es[t[q]];
            if (b->lf[t[q]] < last)
                last = b->lf[t[q]];
        }
        for (long a = a0;
             a + ws - 1 <= last && (q > 0 || !idle || a == a0); a++) {
            double prev = 0.0;
            if (q > 0)
                prev = a > lo ? b->pm[(q - 1) * (size_t)L + (size_t)(a - 1 - lo)]
                              : HUGE_VAL;
            if (prev == HUGE_VAL)
                continue;
            ecs_profile_costs_from(b->p, b->price, w, a, last - a + 1,
                                   b->cost, b->scratch);
            for (long d = 0; a + d <= last; d++)
                if (prev + b->cost[d] < row[a + d - lo]) {
                    row[a + d - lo] = prev + b->cost[d];
                    bs[a + d - lo] = a;
                }
        }
        before += ws;
        for (long x = 0; x < L; x++) {
            if (x > 0 && pmr[x - 1] <= row[x]) {
                pmr[x] = pmr[x - 1];
                pme[x] = pme[x - 1];
            } else {
                pmr[x] = row[x];
                pme[x] = lo + x;
            }
        }
    }
    if (b->pm[(k - 1) * (size_t)L + (size_t)(L - 1)] == HUGE_VAL)
        return -1;
    if (least != NULL)
        *least = b->pm[(k - 1) * (size_t)L + (size_t)(L - 1)];
    if (dry)
        return 0;
    long by = hi;
    for (size_t q = k; q-- > 0;) {
        long e = b->pme[q * (size_t)L + (size_t)(by - lo)];
        long a = b->bs[q * (size_t)L + (size_t)(e - lo)];
        if (place(b, t[q], pe, a, e) != 0)
            return -1;
        by = a - 1;
    }
    return 0;
}

/* The share of the time limit for the DP's passes (the rest builds). */
#define STAGES_TRACE_SHARE 0.6

typedef struct work_of {
    long w;
    size_t i;
} work_of;

static int by_work_desc(const void *x, const void *y)
{
    const work_of *a = x, *c = y;
    if (a->w != c->w)
        return a->w > c->w ? -1 : 1;
    return a->i < c->i ? -1 : a->i > c->i;
}

/* The paths from their first tasks t[0..k-1] by work, longest first. */
static void paths_by_work(const builder *b, const size_t *t, size_t k,
                          work_of *wo)
{
    for (size_t q = 0; q < k; q++) {
        wo[q].w = 0;
        for (size_t u = t[q]; u != SIZE_MAX; u = b->next[u])
            wo[q].w += b->g->work[u];
        wo[q].i = t[q];
    }
    qsort(wo, k, sizeof *wo, by_work_desc);
}

typedef struct xbuild xbuild;
static void on_pe(builder *b, const xbuild *x, int r);

/* The paths wo[0..k-1] dealt to the PEs (pe_of, of P) placed, each PE's
 * tasks one after the other inside [lo, *hi] (place_chain; with x on the
 * PE's class), *hi raised to hold the busiest PE's `most` slots: 0 or
 * -1 (past D', or no fit). */
static int place_dealt(builder *b, const xbuild *x, const work_of *wo,
                       size_t k, const size_t *pe_of, int P, long lo,
                       long *hi, long most, size_t *tmp)
{
    if (*hi - lo + 1 < most)
        *hi = lo + most - 1;
    if (*hi >= b->D)
        return -1;
    for (int r = 0; r < P; r++) {
        size_t n = 0;
        for (size_t q = 0; q < k; q++)
            if (pe_of[q] == (size_t)r)
                for (size_t u = wo[q].i; u != SIZE_MAX; u = b->next[u])
                    tmp[n++] = u;
        if (x != NULL)
            on_pe(b, x, r);
        if (n > 0 && place_chain(b, tmp, n, r, lo, *hi, NULL, 0) != 0)
            return -1;
    }
    return 0;
}

/* The stage's paths, from their first tasks t[0..k-1], inside
 * [lo, *hi]: dealt whole to the PEs by longest work first (each to the
 * least loaded), *hi raised when a PE's work needs more slots; 0 or -1. */
static int place_stage(builder *b, size_t *t, size_t k, long lo, long *hi,
                       size_t *pe_of, long *load, size_t *tmp, work_of *wo)
{
    int P = b->p->pes;
    paths_by_work(b, t, k, wo);
    for (int q = 0; q < P; q++)
        load[q] = 0;
    long most = 0;
    for (size_t q = 0; q < k; q++) {
        int best = 0;
        for (int r = 1; r < P; r++)
            if (load[r] < load[best])
                best = r;
        pe_of[q] = (size_t)best;
        load[best] += wo[q].w;
        if (load[best] > most)
            most = load[best];
    }
    return place_dealt(b, NULL, wo, k, pe_of, P, lo, hi, most, tmp);
}

/* The stages' paths of g between the bottlenecks bp[0..m-1] (isb marks
 * them) in next and first (bnd_stage_paths): 1 when every edge inside a
 * stage joins two consecutive tasks of a path (the paths independent),
 * else 0 (or out of memory). */
static int stage_paths_ok(const ecs_graph *g, const size_t *bp, size_t m,
                          const unsigned char *isb, size_t *next,
                          unsigned char *first)
{
    if (bnd_stage_paths(g, bp, m, next, first) != 0)
        return 0;
    for (size_t i = 0; i < g->n; i++)
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++)
            if (!isb[i] && !isb[g->succ[k]] && next[i] != g->succ[k])
                return 0;
    return 1;
}

/* g's bottlenecks in bp (*m of them; isb marks them) and its stages'
 * paths in next and first: 1 when there are bottlenecks and the paths
 * are independent (stage_paths_ok), 0 when not, -1 out of memory. */
static int fj_stages(const ecs_graph *g, size_t *bp, unsigned char *isb,
                     size_t *next, unsigned char *first, size_t *m)
{
    *m = bnd_bottlenecks(g, bp);
    if (*m == (size_t)-1)
        return -1;
    if (*m == 0)
        return 0;
    for (size_t j = 0; j < *m; j++)
        isb[g->topo[bp[j]]] = 1;
    return stage_paths_ok(g, bp, *m, isb, next, first);
}

/* The chain DP's rows for `tasks` tasks over the slots lo .. D'-1: 1, or
 * 0 when out of memory. */
static int rows_alloc(builder *b, size_t tasks, long lo)
{
    size_t cells = tasks * ((size_t)(b->D - lo) + 1);
    free(b->best);
    free(b->pm);
    free(b->bs);
    free(b->pme);
    b->best = malloc(cells * sizeof *b->best);
    b->pm = malloc(cells * sizeof *b->pm);
    b->bs = malloc(cells * sizeof *b->bs);
    b->pme = malloc(cells * sizeof *b->pme);
    return b->best && b->pm && b->bs && b->pme;
}

ecs_result ecs_bound_stages_schedule(const ecs_instance *inst,
                                     const ecs_bound_params *prm,
                                     ecs_schedule **out, double *cost,
                                     double *bound, ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    *out = NULL;
    *cost = NAN;
    if (bound != NULL)
        *bound = -HUGE_VAL;
    ecs_result rc = ecs_bound_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_validate(inst, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_paper(inst, "the schedule of the bound by "
                                        "stages", diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "the schedule of the bound by "
                                         "stages", diag);
    if (rc != ECS_OK)
        return rc;
    double time_limit_s = prm->time_limit_s;
    const ecs_graph *g0 = inst->graph;
    if (g0->n == 0 || inst->deadline < 1)
        return ECS_OK;
    cg c;
    memset(&c, 0, sizeof c);
    ecs_graph *red = NULL;
    c.g = inst->reduced != NULL ? inst->reduced : core_solver_graph(g0, &red);
    c.p = inst->platform;
    c.price = inst->price;
    c.D = inst->deadline;
    c.stages_sweep = prm->stages_sweep;
    int empty = 0;
    if (inst->windows.es != NULL && inst->windows.n == c.g->n) {
        c.wp = &inst->windows;
        empty = inst->windows_empty;
    } else {
        rc = ecs_windows_compute(c.g, c.p->pes, c.D, &c.w, &empty, diag);
        if (rc != ECS_OK) {
            ecs_graph_free(red);
            return rc;
        }
        c.wp = &c.w;
    }
    const ecs_graph *g = c.g;
    size_t n = g->n, D1 = (size_t)c.D + 1;
    long maxw = 1;
    for (size_t i = 0; i < n; i++)
        if (g->work[i] > maxw)
            maxw = g->work[i];
    size_t *bp = malloc(n * sizeof *bp);
    unsigned char *isb = calloc(n, 1);
    bnd_stage_trace tr = {NULL, NULL, NULL, NULL, -1, -HUGE_VAL};
    builder b;
    memset(&b, 0, sizeof b);
    size_t *t = malloc(n * sizeof *t), *pe_of = malloc(n * sizeof *pe_of);
    size_t *tmp = malloc(n * sizeof *tmp);
    work_of *wo = malloc(n * sizeof *wo);
    long *load = malloc((size_t)c.p->pes * sizeof *load);
    long *S = NULL, *E = NULL;
    size_t *next = malloc(n * sizeof *next);
    unsigned char *first = malloc(n);
    size_t m = 0;
    if (empty || !bp || !isb || !t || !pe_of || !tmp || !wo || !load ||
        !next || !first)
        goto done;
    m = bnd_bottlenecks(g, bp);
    if (m == 0 || m == (size_t)-1)
        goto done; /* no stages */
    for (size_t j = 0; j < m; j++)
        isb[g->topo[bp[j]]] = 1;
    /* every edge inside a stage joins two consecutive tasks of a path: the
     * stages' paths are independent */
    if (!stage_paths_ok(g, bp, m, isb, next, first))
        goto done;
    /* the choices over the bottlenecks' windows (two copies of two arrays:
     * at most 512 MiB) */
    if (bnd_stage_trace_alloc(&c, bp, m, (size_t)1 << 24, &tr) != 0)
        goto done; /* out of memory, or the trace too large */
    S = malloc(m * sizeof *S);
    E = malloc(m * sizeof *E);
    if (!S || !E)
        goto done;
    double t_end = t0 + time_limit_s;
    double v = bnd_stages_trace(&c, t0 + STAGES_TRACE_SHARE * time_limit_s,
                                prm->stages_blocks, &tr);
    if (bound != NULL)
        *bound = tr.exact;
    if (v == -HUGE_VAL || tr.last_e < 0)
        goto done;
    E[m - 1] = tr.last_e;
    for (size_t j = m; j-- > 0;) {
        S[j] = tr.arg_s[bnd_trace_at(&tr, j, E[j])];
        if (j > 0)
            E[j - 1] = tr.arg_e[bnd_trace_at(&tr, j, S[j])];
    }
    /* the builder: per PE chain DP rows over the widest stage range */
    b.g = g;
    b.p = c.p;
    b.price = c.price;
    b.D = c.D;
    b.t_end = t_end;
    b.next = next;
    b.topq = c.p->grid;
    b.cost = malloc(D1 * sizeof *b.cost);
    b.scratch = malloc(ecs_profile_scratch(c.p, maxw) * sizeof *b.scratch);
    b.freq = malloc(D1);
    b.s = ecs_schedule_new(g0->n);
    if (!b.cost || !b.scratch || !b.freq || !b.s)
        goto done;
    long lo = 0, shift = 0;
    int ok = 1;
    for (size_t j = 0, q = 0; ok && j <= m; j++) {
        size_t end = j < m ? bp[j] : n, k = 0, tasks = 0;
        for (; q < end; q++, tasks++)
            if (first[g->topo[q]])
                t[k++] = g->topo[q]; /* the paths' first tasks */
        q = end + 1;
        long hi = j < m ? S[j] + shift - 1 : c.D - 1;
        if (k > 0) /* rows for the PE with the most tasks (all at most) */
            ok = rows_alloc(&b, tasks, lo) &&
                 place_stage(&b, t, k, lo, &hi, pe_of, load, tmp, wo) == 0;
        if (!ok || j == m)
            break;
        size_t bt = g->topo[bp[j]];
        long a = S[j] + shift > hi + 1 ? S[j] + shift : hi + 1;
        shift = a - S[j];
        long e = E[j] + shift;
        ok = e < c.D && place(&b, bt, 0, a, e) == 0;
        lo = e + 1;
    }
    if (ok) {
        ecs_check_report rep;
        if (ecs_check_schedule(inst, b.s, &rep, NULL) == ECS_OK) {
            *out = b.s;
            *cost = rep.cost;
            b.s = NULL;
        }
    }
done:
    builder_free(&b);
    bnd_stage_trace_free(&tr);
    free(S);
    free(E);
    free(bp);
    free(isb);
    free(t);
    free(pe_of);
    free(tmp);
    free(wo);
    free(load);
    free(next);
    free(first);
    ecs_windows_release(&c.w);
    ecs_graph_free(red);
    return ECS_OK;
}

/* ---- the extended model (bnd_stages_ext_build) ---- */

/* The classes as the profile DP sees one PE of each: F's indices at the
 * class's speeds, its powers above its idle draw (the idle draw is paid
 * in every schedule), its site's grid prices. */
struct xbuild {
    size_t nc;
    ecs_platform *cp;     /* nc */
    const double **price; /* nc: the class's site's prices, D' */
    double **own;         /* nsite price rows */
    int nsite, P;
    int *cls_of;          /* P */
    long *top;            /* nc */
    double *mean;         /* nc: the mean price over the current stage */
};

static void xbuild_free(xbuild *x)
{
    free(x->cp);
    free(x->price);
    for (int s = 0; s < x->nsite && x->own != NULL; s++)
        free(x->own[s]);
    free(x->own);
    free(x->cls_of);
    free(x->top);
    free(x->mean);
}

/* 0, or -1 when out of memory. */
static int xbuild_init(xbuild *x, const ecs_instance *inst)
{
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    memset(x, 0, sizeof *x);
    x->nc = p->nclass > 0 ? p->nclass : 1;
    x->nsite = p->nsite < 1 ? 1 : p->nsite;
    x->P = p->pes;
    x->cp = malloc(x->nc * sizeof *x->cp);
    x->price = malloc(x->nc * sizeof *x->price);
    x->own = calloc((size_t)x->nsite, sizeof *x->own);
    x->cls_of = malloc((size_t)p->pes * sizeof *x->cls_of);
    x->top = malloc(x->nc * sizeof *x->top);
    x->mean = malloc(x->nc * sizeof *x->mean);
    if (!x->cp || !x->price || !x->own || !x->cls_of || !x->top || !x->mean)
        return -1;
    for (int s = 0; s < x->nsite; s++) {
        x->own[s] = malloc((size_t)D * sizeof **x->own);
        if (x->own[s] == NULL)
            return -1;
        for (long l = 0; l < D; l++)
            x->own[s][l] = ecs_instance_price(inst, s, l);
    }
    for (size_t c = 0; c < x->nc; c++) {
        bnd_ext_class cl = bnd_ext_class_of(p, c);
        ecs_platform *cp = &x->cp[c];
        *cp = *p;
        cp->nclass = 0;
        cp->pes = 1;
        x->top[c] = 0;
        for (size_t k = 0; k < p->nfreq; k++) {
            cp->freq_q[k] = cl.sq[k];
            cp->power_of[k] = cl.pw[k] - cl.idle;
            if (cl.sq[k] > x->top[c])
                x->top[c] = cl.sq[k];
        }
        x->price[c] = x->own[cl.site];
        int first = p->nclass > 0 ? p->cls[c].first_pe : 0;
        for (int r = first; r < first + cl.count && r < p->pes; r++)
            x->cls_of[r] = (int)c;
    }
    return 0;
}

/* The builder on one PE of class c. */
static void on_class(builder *b, const xbuild *x, size_t c)
{
    b->p = &x->cp[c];
    b->price = x->price[c];
    b->topq = x->top[c];
}

/* The builder on PE r. */
static void on_pe(builder *b, const xbuild *x, int r)
{
    on_class(b, x, (size_t)x->cls_of[r]);
}

/* The least energy (above idle) of `steps` grid steps on one PE of the
 * class cp within L slots at one frequency, times price; HUGE_VAL when
 * not even the top speed does them. */
static double estimate(const ecs_platform *cp, double steps, long L,
                       double price)
{
    if (steps <= 0.0)
        return 0.0;
    double best = HUGE_VAL;
    for (size_t k = 0; k < cp->nfreq; k++)
        if (cp->freq_q[k] > 0 && (double)cp->freq_q[k] * (double)L >= steps) {
            double e = steps * cp->power_of[k] / (double)cp->freq_q[k];
            if (e < best)
                best = e;
        }
    return best == HUGE_VAL ? HUGE_VAL : best * price;
}

/* The slots of the path from u on one PE of class c at its top speed. */
static long path_slots(builder *b, const xbuild *x, size_t c, size_t u)
{
    on_class(b, x, c);
    long v = 0;
    for (; u != SIZE_MAX; u = b->next[u])
        v += slots_of(b, u);
    return v;
}

/* The least cost of PE r's paths of the deal (those q with pe_of[q] =
 * r, in wo's order) one after the other inside [lo, hi] (place_chain,
 * dry): 0 for none, HUGE_VAL when they do not fit or the time ran out. */
static double pe_cost(builder *b, const xbuild *x, const work_of *wo,
                      size_t k, const size_t *pe_of, int r, long lo, long hi,
                      size_t *tmp)
{
    size_t n = 0;
    for (size_t q = 0; q < k; q++)
        if (pe_of[q] == (size_t)r)
            for (size_t u = wo[q].i; u != SIZE_MAX; u = b->next[u])
                tmp[n++] = u;
    if (n == 0)
        return 0.0;
    on_pe(b, x, r);
    double v;
    return place_chain(b, tmp, n, r, lo, hi, &v, 1) == 0 ? v : HUGE_VAL;
}

/* The deal pe_of of the paths wo[0..k-1] inside [lo, hi] improved by
 * descent on its exact cost (the sum over the PEs of pe_cost: the stage
 * is the window, every other task stays): a path moves to the PE where
 * the sum falls most, two paths of different PEs swap, until no move
 * or swap lowers it or the clock passes t_desc.  need (slots at the top
 * speed) follows; steps (P doubles) is scratch.  Each PE's cost is the
 * exact profile DP's over the site's grid prices, so on a platform
 * without sources and caps the sum is the stage's cost above idle and
 * every accepted step lowers the schedule's cost; with them the checker
 * has the last word (the caller keeps the cheaper schedule).  0, or -1
 * when the deal does not fit (never: it starts from one that does). */
static int improve_deal(builder *b, const xbuild *x, const work_of *wo,
                        size_t k, size_t *pe_of, long lo, long hi,
                        long *need, double *steps, size_t *tmp,
                        double t_desc)
{
    int P = x->P;
    long L = hi - lo + 1;
    if (k < 2 || P < 2 || ecs_clock_now() >= t_desc)
        return 0;
    double *c = steps; /* the PEs' costs */
    for (int r = 0; r < P; r++) {
        c[r] = pe_cost(b, x, wo, k, pe_of, r, lo, hi, tmp);
        if (c[r] == HUGE_VAL)
            return 0; /* no fit or no time: the deal as it is */
    }
    for (int gain = 1; gain && ecs_clock_now() < t_desc;) {
        gain = 0;
        for (size_t q = 0; q < k && ecs_clock_now() < t_desc; q++) {
            int r = (int)pe_of[q];
            pe_of[q] = SIZE_MAX;
            double without = pe_cost(b, x, wo, k, pe_of, r, lo, hi, tmp);
            double bd = -1e-9 * (1.0 + fabs(c[r])), bw = 0.0, bo = 0.0;
            int to = -1;
            size_t with = SIZE_MAX; /* a swap's partner, or none */
            for (int r2 = 0; r2 < P && without != HUGE_VAL; r2++) {
                if (r2 == r)
                    continue;
                long sq = path_slots(b, x, (size_t)x->cls_of[r2], wo[q].i);
                if (need[r2] + sq <= L) { /* move q to r2 */
                    pe_of[q] = (size_t)r2;
                    double w2 = pe_cost(b, x, wo, k, pe_of, r2, lo, hi, tmp);
                    pe_of[q] = SIZE_MAX;
                    double d = without + w2 - c[r] - c[r2];
                    if (w2 != HUGE_VAL && d < bd) {
                        bd = d;
                        to = r2;
                        with = SIZE_MAX;
                        bw = without;
                        bo = w2;
                    }
                    continue;
                }
                /* full: swap q with a path o of r2 */
                for (size_t o = 0; o < k; o++) {
                    if (pe_of[o] != (size_t)r2 || ecs_clock_now() >= t_desc)
                        continue;
                    long so = path_slots(b, x, (size_t)x->cls_of[r2], wo[o].i);
                    long sr = path_slots(b, x, (size_t)x->cls_of[r], wo[o].i);
                    long qr = path_slots(b, x, (size_t)x->cls_of[r], wo[q].i);
                    if (need[r2] - so + sq > L || need[r] - qr + sr > L)
                        continue;
                    pe_of[q] = (size_t)r2;
                    pe_of[o] = (size_t)r;
                    double a1 = pe_cost(b, x, wo, k, pe_of, r, lo, hi, tmp);
                    double a2 = pe_cost(b, x, wo, k, pe_of, r2, lo, hi, tmp);
                    pe_of[q] = SIZE_MAX;
                    pe_of[o] = (size_t)r2;
                    double d = a1 + a2 - c[r] - c[r2];
                    if (a1 != HUGE_VAL && a2 != HUGE_VAL && d < bd) {
                        bd = d;
                        to = r2;
                        with = o;
                        bw = a1;
                        bo = a2;
                    }
                }
            }
            if (to < 0) {
                pe_of[q] = (size_t)r;
                continue;
            }
            pe_of[q] = (size_t)to;
            need[r] -= path_slots(b, x, (size_t)x->cls_of[r], wo[q].i);
            need[to] += path_slots(b, x, (size_t)x->cls_of[to], wo[q].i);
            if (with != SIZE_MAX) {
                pe_of[with] = (size_t)r;
                need[to] -= path_slots(b, x, (size_t)x->cls_of[to],
                                       wo[with].i);
                need[r] += path_slots(b, x, (size_t)x->cls_of[r], wo[with].i);
            }
            c[r] = bw;
            c[to] = bo;
            gain = 1;
        }
    }
    return 0;
}

/* The deal of schedule `from` (the stage LNS): when each of the paths
 * wo[0..k-1] runs on one PE there, pe_of its PE, wo in the order of the
 * paths' starts (each PE's paths then in their order there), need (P)
 * their slots at the top speed (wo's w then minus the start, which
 * nothing after the deal reads): 1 when every PE's fit in L slots, else
 * 0 (wo, pe_of and need then scratch: the caller sorts wo again and
 * deals). */
static int deal_of(builder *b, const xbuild *x, const ecs_schedule *from,
                   work_of *wo, size_t k, size_t *pe_of, long *need, long L)
{
    int ok = 1;
    for (size_t q = 0; q < k && ok; q++) {
        int pe = from->task[wo[q].i].pe;
        for (size_t u = wo[q].i; u != SIZE_MAX; u = b->next[u])
            ok &= from->task[u].pe == pe;
        ok &= pe >= 0 && pe < x->P;
    }
    if (!ok)
        return 0;
    /* by start: the latest start first is the least -start */
    for (size_t q = 0; q < k; q++)
        wo[q].w = -from->task[wo[q].i].start;
    qsort(wo, k, sizeof *wo, by_work_desc);
    for (int r = 0; r < x->P; r++)
        need[r] = 0;
    for (size_t q = 0; q < k; q++) {
        int r = from->task[wo[q].i].pe;
        pe_of[q] = (size_t)r;
        need[r] += path_slots(b, x, (size_t)x->cls_of[r], wo[q].i);
        ok &= need[r] <= L;
    }
    return ok;
}

/* place_stage on the extended model: each path (longest work first) to
 * the PE where it fits within [lo, *hi] at the top speed and adds the
 * least estimated cost (estimate, at the mean price of the PE's site
 * there), else to the PE it leaves the least busy (*hi raised); then each
 * PE's tasks on their cheapest intervals (place_chain).  need (P longs),
 * steps (P doubles) are scratch.  0 or -1. */
static int place_stage_ext(builder *b, const xbuild *x, size_t *t, size_t k,
                           long lo, long *hi, size_t *pe_of, long *need,
                           double *steps, size_t *tmp, work_of *wo,
                           double t_desc, const ecs_schedule *from)
{
    int P = x->P;
    paths_by_work(b, t, k, wo);
    long L = *hi - lo + 1;
    if (from != NULL && deal_of(b, x, from, wo, k, pe_of, need, L)) {
        long most = 0;
        for (int r = 0; r < P; r++)
            if (need[r] > most)
                most = need[r];
        if (improve_deal(b, x, wo, k, pe_of, lo, *hi, need, steps, tmp,
                         t_desc) != 0)
            return -1;
        return place_dealt(b, x, wo, k, pe_of, P, lo, hi, most, tmp);
    }
    if (from != NULL)
        paths_by_work(b, t, k, wo); /* deal_of left wo by start */
    for (size_t c = 0; c < x->nc; c++) {
        double sum = 0.0;
        for (long l = lo; l <= *hi; l++)
            sum += x->price[c][l];
        x->mean[c] = sum / (double)L;
    }
    for (int r = 0; r < P; r++) {
        need[r] = 0;
        steps[r] = 0.0;
    }
    long most = 0;
    for (size_t q = 0; q < k; q++) {
        double ws = (double)wo[q].w * (double)x->cp[0].grid;
        int best = -1, least = -1;
        double bd = HUGE_VAL;
        long ln = 0;
        for (int r = 0; r < P; r++) {
            size_t c = (size_t)x->cls_of[r];
            long nr = need[r] + path_slots(b, x, c, wo[q].i);
            if (least < 0 || nr < ln) {
                least = r;
                ln = nr;
            }
            if (nr > L)
                continue;
            double d = estimate(&x->cp[c], steps[r] + ws, L, x->mean[c]) -
                       estimate(&x->cp[c], steps[r], L, x->mean[c]);
            if (best < 0 || d < bd) {
                best = r;
                bd = d;
            }
        }
        int r = best >= 0 ? best : least;
        pe_of[q] = (size_t)r;
        need[r] += path_slots(b, x, (size_t)x->cls_of[r], wo[q].i);
        steps[r] += ws;
        if (need[r] > most)
            most = need[r];
    }
    if (*hi - lo + 1 < most)
        *hi = lo + most - 1;
    if (*hi >= b->D)
        return -1;
    if (improve_deal(b, x, wo, k, pe_of, lo, *hi, need, steps, tmp,
                     t_desc) != 0)
        return -1;
    return place_dealt(b, x, wo, k, pe_of, P, lo, hi, most, tmp);
}

/* The builder b on the extended model's classes x of inst, until t_end:
 * its DP's cost, frequency and profile rows (the chain rows: rows_alloc).
 * 0, or -1 out of memory (free with builder_free and xbuild_free either
 * way). */
static int builder_ext_init(builder *b, xbuild *x, const ecs_instance *inst,
                            double t_end)
{
    const ecs_graph *g = inst->graph;
    memset(b, 0, sizeof *b);
    if (xbuild_init(x, inst) != 0)
        return -1;
    long maxw = 1;
    for (size_t i = 0; i < g->n; i++)
        if (g->work[i] > maxw)
            maxw = g->work[i];
    b->g = g;
    b->D = inst->deadline;
    b->t_end = t_end;
    b->cost = malloc(((size_t)b->D + 1) * sizeof *b->cost);
    b->freq = malloc((size_t)b->D + 1);
    b->scratch = malloc(ecs_profile_scratch(&x->cp[0], maxw) *
                        sizeof *b->scratch);
    return b->cost && b->freq && b->scratch ? 0 : -1;
}

/* The share of the time left that the descents of the stages' deals
 * (improve_deal) may take, spread evenly over the stages left (the rest
 * places them). */
#define STAGES_EXT_DESCENT_SHARE 0.5

/* Until when the descent of the next of `stages` stages left may run. */
static double desc_until(double t_end, size_t stages)
{
    double now = ecs_clock_now(), l = t_end - now;
    return l > 0.0 ? now + STAGES_EXT_DESCENT_SHARE * l / (double)stages
                   : now;
}

/* The most cells of a stage's chain DP rows (tasks x slots left, 32
 * bytes each: 512 MiB); a larger stage: no schedule. */
#define STAGES_EXT_MAX_CELLS ((size_t)1 << 24)

int bnd_stages_ext_build(const ecs_instance *inst, const long *lo,
                         const long *hi, const ecs_schedule *from,
                         double *const *price, double t_end,
                         ecs_schedule **out)
{
    *out = NULL;
    const ecs_graph *g = inst->graph;
    size_t n = g->n;
    long D = inst->deadline;
    xbuild x;
    builder b;
    int rc = builder_ext_init(&b, &x, inst, t_end);
    size_t *bp = malloc((n ? n : 1) * sizeof *bp);
    unsigned char *isb = calloc(n ? n : 1, 1);
    size_t *t = malloc((n ? n : 1) * sizeof *t);
    size_t *pe_of = malloc((n ? n : 1) * sizeof *pe_of);
    size_t *tmp = malloc((n ? n : 1) * sizeof *tmp);
    work_of *wo = malloc((n ? n : 1) * sizeof *wo);
    size_t *next = malloc((n ? n : 1) * sizeof *next);
    unsigned char *first = malloc(n ? n : 1);
    long *need = x.P > 0 ? malloc((size_t)x.P * sizeof *need) : NULL;
    double *steps = x.P > 0 ? malloc((size_t)x.P * sizeof *steps) : NULL;
    b.next = next;
    b.s = ecs_schedule_new(n);
    for (int s = 0; rc == 0 && price != NULL && s < x.nsite; s++)
        memcpy(x.own[s], price[s], (size_t)D * sizeof *x.own[s]);
    if (rc != 0 || !bp || !isb || !t || !pe_of || !tmp || !wo || !next ||
        !first || !need || !steps || !b.s) {
        rc = -1;
        goto done;
    }
    size_t m = 0;
    int st = fj_stages(g, bp, isb, next, first, &m);
    if (st <= 0) {
        rc = st;
        goto done; /* no stages, or out of memory */
    }
    long cur = 0; /* the first slot after the tasks placed */
    int ok = 1;
    for (size_t j = 0, q = 0; ok && j <= m; j++) {
        size_t end = j < m ? bp[j] : n, k = 0, tasks = 0, q0 = q;
        for (; q < end; q++, tasks++)
            if (first[g->topo[q]])
                t[k++] = g->topo[q];
        q = end + 1;
        if (k > 0) {
            size_t v0 = g->topo[q0];
            long slo = lo[v0] > cur ? lo[v0] : cur;
            long shi = j < m ? hi[v0] : D - 1;
            if (shi < slo)
                shi = slo;
            ok = slo < D &&
                 tasks * (size_t)(D - slo + 1) <= STAGES_EXT_MAX_CELLS &&
                 rows_alloc(&b, tasks, slo) &&
                 place_stage_ext(&b, &x, t, k, slo, &shi, pe_of, need, steps,
                                 tmp, wo, desc_until(t_end, m - j + 1),
                                 from) == 0;
            for (size_t r = q0; ok && r < end; r++)
                if (b.s->task[g->topo[r]].stop + 1 > cur)
                    cur = b.s->task[g->topo[r]].stop + 1;
        }
        if (!ok || j == m)
            break;
        /* the bottleneck: on the class of least cost within its range
         * (every PE is free there) */
        size_t bt = g->topo[bp[j]];
        long a = lo[bt] > cur ? lo[bt] : cur, e = hi[bt], fast = D;
        for (size_t c = 0; c < x.nc; c++) {
            on_class(&b, &x, c);
            if (slots_of(&b, bt) < fast)
                fast = slots_of(&b, bt);
        }
        if (e < a + fast - 1)
            e = a + fast - 1;
        if (e >= D)
            e = D - 1;
        ok = a <= e && rows_alloc(&b, 1, a);
        double bc = HUGE_VAL;
        size_t bcl = 0;
        for (size_t c = 0; ok && c < x.nc; c++) {
            double v;
            on_class(&b, &x, c);
            if (place_chain(&b, &bt, 1, 0, a, e, &v, 1) == 0 && v < bc) {
                bc = v;
                bcl = c;
            }
        }
        if (!ok || bc == HUGE_VAL) {
            ok = 0;
            break;
        }
        on_class(&b, &x, bcl);
        int pe = inst->platform->nclass > 0
                     ? inst->platform->cls[bcl].first_pe
                     : 0;
        ok = place_chain(&b, &bt, 1, pe, a, e, NULL, 0) == 0;
        if (ok)
            cur = b.s->task[bt].stop + 1;
    }
    if (ok && m > 0) {
        *out = b.s;
        b.s = NULL;
    }
done:
    builder_free(&b);
    free(bp);
    free(isb);
    free(t);
    free(pe_of);
    free(tmp);
    free(wo);
    free(next);
    free(first);
    free(need);
    free(steps);
    xbuild_free(&x);
    return rc;
}

/* The parts of `from` (a stage's tasks, or a bottleneck) whose tasks
 * i have part[i] = k, copied into s one part at a time in time order,
 * each kept when the checker's cost of s falls (*cost: s's cost; a part
 * kept moves its frequency rows from `from` to s).  0, or -1 out of
 * memory. */
static int take_parts(const ecs_instance *inst, ecs_schedule *s,
                      double *cost, ecs_schedule *from,
                      const size_t *part, size_t nparts, double t_end)
{
    size_t n = s->n;
    ecs_sched_task *keep = malloc((n ? n : 1) * sizeof *keep);
    if (keep == NULL)
        return -1;
    for (size_t k = 0; k < nparts && ecs_clock_now() < t_end; k++) {
        int diff = 0;
        for (size_t i = 0; i < n; i++)
            if (part[i] == k) {
                const ecs_sched_task *a = &s->task[i], *c = &from->task[i];
                diff |= a->pe != c->pe || a->start != c->start ||
                        a->stop != c->stop || a->freq == NULL ||
                        c->freq == NULL ||
                        memcmp(a->freq, c->freq,
                               (size_t)(a->stop - a->start + 1)) != 0;
            }
        if (!diff)
            continue;
        /* swap the part's tasks in (their frequency rows with them) */
        for (size_t i = 0; i < n; i++)
            if (part[i] == k) {
                keep[i] = s->task[i];
                s->task[i] = from->task[i];
            }
        ecs_check_report rep;
        if (ecs_check_schedule(inst, s, &rep, NULL) == ECS_OK &&
            rep.cost < *cost - 1e-9 * (1.0 + fabs(*cost))) {
            *cost = rep.cost;
            for (size_t i = 0; i < n; i++)
                if (part[i] == k) { /* from's rows are s's now */
                    free(keep[i].freq);
                    from->task[i].freq = NULL;
                }
            continue;
        }
        for (size_t i = 0; i < n; i++)
            if (part[i] == k)
                s->task[i] = keep[i];
    }
    free(keep);
    return 0;
}

static int has_sources_or_caps(const ecs_instance *inst);

/* The prices of the stage LNS where sources or caps are (price[site][l],
 * D' each): each slot's busy draw in s (every task's above its PE's
 * idle), whose part alone runs there, at what it costs over the site's
 * idle draw through the sources and the grid, per unit; a slot without
 * busy draw at what the top extra draw of the site's largest class would
 * add. */
static void part_prices(const ecs_instance *inst, const ecs_schedule *s,
                        double *const *price)
{
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int ns = p->nsite < 1 ? 1 : p->nsite;
    for (int st = 0; st < ns; st++)
        for (long l = 0; l < D; l++)
            price[st][l] = 0.0; /* the busy draw first */
    for (size_t i = 0; i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0 || t->freq == NULL)
            continue;
        for (size_t c = 0; c < nc; c++) {
            bnd_ext_class k = bnd_ext_class_of(p, c);
            int first = p->nclass > 0 ? p->cls[c].first_pe : 0;
            if (t->pe < first || t->pe >= first + k.count)
                continue;
            for (long l = t->start; l <= t->stop && l < D; l++)
                price[k.site][l] += k.pw[t->freq[l - t->start]] - k.idle;
        }
    }
    for (int st = 0; st < ns; st++) {
        double idle = bnd_ext_site_idle(p, st), top = 0.0;
        for (size_t c = 0; c < nc; c++) {
            bnd_ext_class k = bnd_ext_class_of(p, c);
            for (size_t q = 0; q < p->nfreq && k.site == st; q++)
                if (k.pw[q] - k.idle > top)
                    top = k.pw[q] - k.idle;
        }
        for (long l = 0; l < D; l++) {
            double busy = price[st][l], g0 =
                ecs_instance_slot_cost(inst, st, l, idle);
            if (busy <= 1e-9 * (1.0 + idle))
                busy = top;
            price[st][l] =
                busy > 0.0
                    ? (ecs_instance_slot_cost(inst, st, l, idle + busy) - g0) /
                          busy
                    : ecs_instance_price(inst, st, l);
        }
    }
}

int bnd_stages_ext_improve(const ecs_instance *inst, const ecs_schedule *s,
                           double s_cost, double t_end, ecs_schedule **out,
                           double *cost)
{
    *out = NULL;
    const ecs_graph *g = inst->graph;
    size_t n = g->n, m1 = n ? n : 1;
    long D = inst->deadline;
    size_t *bp = malloc(m1 * sizeof *bp), *next = malloc(m1 * sizeof *next);
    size_t *part = malloc(m1 * sizeof *part);
    unsigned char *isb = calloc(m1, 1), *first = malloc(m1);
    long *lo = malloc(m1 * sizeof *lo), *hi = malloc(m1 * sizeof *hi);
    ecs_schedule *r = NULL, *c = NULL;
    double **pr = NULL;
    int rc = 0;
    if (!bp || !next || !part || !isb || !first || !lo || !hi) {
        rc = -1;
        goto done;
    }
    size_t m = 0;
    int st = fj_stages(g, bp, isb, next, first, &m);
    if (st <= 0) {
        rc = st;
        goto done;
    }
    /* the parts' ranges in s: a bottleneck's interval, a stage's slots
     * between its bottlenecks'; part 2j stage j, 2j + 1 bottleneck j */
    for (size_t j = 0, q = 0; j <= m; j++) {
        size_t end = j < m ? bp[j] : n;
        long a = j > 0 ? s->task[g->topo[bp[j - 1]]].stop + 1 : 0;
        long e = j < m ? s->task[g->topo[bp[j]]].start - 1 : D - 1;
        for (; q < end; q++) {
            lo[g->topo[q]] = a;
            hi[g->topo[q]] = e;
            part[g->topo[q]] = 2 * j;
        }
        if (j == m)
            break;
        size_t bt = g->topo[bp[j]];
        lo[bt] = s->task[bt].start;
        hi[bt] = s->task[bt].stop;
        part[bt] = 2 * j + 1;
        q = end + 1;
    }
    /* with sources or caps the builder prices each slot by what s's
     * draw there costs through them (the grid's prices would send work
     * to slots whose source s already uses) */
    if (has_sources_or_caps(inst)) {
        int ns = inst->platform->nsite < 1 ? 1 : inst->platform->nsite;
        pr = calloc((size_t)ns, sizeof *pr);
        for (int si = 0; pr != NULL && si < ns; si++)
            if ((pr[si] = malloc((size_t)(D > 0 ? D : 1) * sizeof **pr)) ==
                NULL) {
                rc = -1;
                goto done;
            }
        if (pr == NULL) {
            rc = -1;
            goto done;
        }
        part_prices(inst, s, pr);
    }
    if (bnd_stages_ext_build(inst, lo, hi, s, pr, t_end, &r) != 0) {
        rc = -1;
        goto done;
    }
    if (r == NULL)
        goto done;
    c = ecs_schedule_copy(s);
    if (c == NULL) {
        rc = -1;
        goto done;
    }
    double v = s_cost;
    if (take_parts(inst, c, &v, r, part, 2 * m + 1, t_end) != 0) {
        rc = -1;
        goto done;
    }
    if (v < s_cost - 1e-9 * (1.0 + fabs(s_cost))) {
        *out = c;
        *cost = v;
        c = NULL;
    }
done:
    for (int si = 0; pr != NULL && si < (inst->platform->nsite < 1
                                             ? 1
                                             : inst->platform->nsite);
         si++)
        free(pr[si]);
    free(pr);
    ecs_schedule_free(r);
    ecs_schedule_free(c);
    free(bp);
    free(next);
    free(part);
    free(isb);
    free(first);
    free(lo);
    free(hi);
    return rc;
}

/* How far the re-timing moves a task at most: its slots in the chain DP
 * from RETIME_REACH before its start to as many after its stop (the DP's
 * steps grow with the square of a task's span: without it a PE of 125
 * tasks over 1,831 slots took seconds). */
#define RETIME_REACH 48

/* PE r's tasks in s by start into t (*k of them), and each one's
 * earliest first and latest last slot: within RETIME_REACH of its slots
 * in s, after its predecessors and before its successors on the other
 * PEs (es, lf; the PE's own order keeps the rest).  tmp: n entries of
 * scratch. */
static void pe_tasks(const ecs_graph *g, const ecs_schedule *s, int r,
                     long D, size_t *t, size_t *k, long *es, long *lf,
                     work_of *tmp)
{
    size_t m = 0;
    for (size_t i = 0; i < g->n; i++)
        if (s->task[i].pe == r) {
            tmp[m].w = -s->task[i].start; /* the earliest first */
            tmp[m++].i = i;
        }
    qsort(tmp, m, sizeof *tmp, by_work_desc);
    for (size_t q = 0; q < m; q++) {
        size_t i = tmp[q].i;
        t[q] = i;
        es[i] = s->task[i].start - RETIME_REACH;
        lf[i] = s->task[i].stop + RETIME_REACH;
        if (es[i] < 0)
            es[i] = 0;
        if (lf[i] > D - 1)
            lf[i] = D - 1;
        for (size_t e = g->pred_off[i]; e < g->pred_off[i + 1]; e++) {
            const ecs_sched_task *u = &s->task[g->pred[e]];
            if (u->pe != r && u->stop + 1 > es[i])
                es[i] = u->stop + 1;
        }
        for (size_t e = g->succ_off[i]; e < g->succ_off[i + 1]; e++) {
            const ecs_sched_task *u = &s->task[g->succ[e]];
            if (u->pe != r && u->start - 1 < lf[i])
                lf[i] = u->start - 1;
        }
    }
    *k = m;
}

/* 1 when some site of inst has a source or a cap: the re-timing then
 * prices each slot through them (eff_prices). */
static int has_sources_or_caps(const ecs_instance *inst)
{
    if (inst->nsource > 0)
        return 1;
    int ns = inst->platform->nsite < 1 ? 1 : inst->platform->nsite;
    for (int st = 0; st < ns; st++)
        for (long l = 0; l < inst->deadline; l++)
            if (isfinite(ecs_instance_cap(inst, st, l)))
                return 1;
    return 0;
}

/* The prices of PE r's slots for its re-timing where sources or caps
 * are (eff, D' values; use, D' scratch): what the top extra draw of r's
 * class adds to its site's cost there over the draw of every PE's idle
 * and every task off r (its sources first, then the grid), per unit; a
 * slot where that draw passes the cap costs `block` a unit, so the DP
 * leaves it idle (at f = 0 nothing is drawn above idle). */
static void eff_prices(const ecs_instance *inst, const ecs_schedule *s,
                       int r, double *eff, double *use)
{
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int cr = 0;
    for (size_t c = 0; c < nc; c++) {
        int first = p->nclass > 0 ? p->cls[c].first_pe : 0;
        if (r >= first && r < first + bnd_ext_class_of(p, c).count)
            cr = (int)c;
    }
    bnd_ext_class kr = bnd_ext_class_of(p, (size_t)cr);
    for (long l = 0; l < D; l++)
        use[l] = 0.0;
    for (size_t i = 0; i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0 || t->pe == r || t->freq == NULL)
            continue;
        size_t c = 0;
        for (size_t q = 0; q < nc; q++) {
            int first = p->nclass > 0 ? p->cls[q].first_pe : 0;
            if (t->pe >= first && t->pe < first + bnd_ext_class_of(p, q).count)
                c = q;
        }
        bnd_ext_class k = bnd_ext_class_of(p, c);
        if (k.site != kr.site)
            continue;
        for (long l = t->start; l <= t->stop && l < D; l++)
            use[l] += k.pw[t->freq[l - t->start]] - k.idle;
    }
    double top = 0.0, most = 0.0;
    for (size_t k = 0; k < p->nfreq; k++)
        if (kr.pw[k] - kr.idle > top)
            top = kr.pw[k] - kr.idle;
    for (long l = 0; l < D; l++)
        if (fabs(ecs_instance_price(inst, kr.site, l)) > most)
            most = fabs(ecs_instance_price(inst, kr.site, l));
    double block = 1e6 * (1.0 + most), idle = bnd_ext_site_idle(p, kr.site);
    for (long l = 0; l < D; l++) {
        double e0 = idle + use[l], cap = ecs_instance_cap(inst, kr.site, l);
        if (top <= 0.0)
            eff[l] = ecs_instance_price(inst, kr.site, l);
        else if (e0 + top > cap + 1e-9 * (1.0 + fabs(cap)))
            eff[l] = block;
        else
            eff[l] = (ecs_instance_slot_cost(inst, kr.site, l, e0 + top) -
                      ecs_instance_slot_cost(inst, kr.site, l, e0)) /
                     top;
    }
}

int bnd_retime_pes(const ecs_instance *inst, const ecs_schedule *s,
                   double s_cost, double t_end, ecs_schedule **out,
                   double *cost)
{
    *out = NULL;
    const ecs_graph *g = inst->graph;
    size_t n = g->n, m1 = n ? n : 1;
    long D = inst->deadline;
    xbuild x;
    builder b;
    int rc = builder_ext_init(&b, &x, inst, t_end);
    size_t *t = malloc(m1 * sizeof *t);
    long *es = malloc(m1 * sizeof *es), *lf = malloc(m1 * sizeof *lf);
    work_of *tmp = malloc(m1 * sizeof *tmp);
    b.es = es;
    b.lf = lf;
    ecs_schedule *c = ecs_schedule_copy(s);
    int through = has_sources_or_caps(inst);
    double *eff = through ? malloc(2 * ((size_t)D + 1) * sizeof *eff) : NULL;
    if (rc != 0 || !t || !es || !lf || !tmp || !c || (through && !eff)) {
        rc = -1;
        goto done;
    }
    double v = s_cost;
    for (int gain = 1; gain && ecs_clock_now() < t_end;) {
        gain = 0;
        for (int r = 0; r < x.P && ecs_clock_now() < t_end; r++) {
            size_t k = 0;
            pe_tasks(g, c, r, D, t, &k, es, lf, tmp);
            if (k == 0 || k * ((size_t)D + 1) > STAGES_EXT_MAX_CELLS)
                continue;
            if (!rows_alloc(&b, k, 0)) {
                rc = -1;
                goto done;
            }
            b.s = ecs_schedule_copy(c);
            if (b.s == NULL) {
                rc = -1;
                goto done;
            }
            on_pe(&b, &x, r);
            if (through) {
                eff_prices(inst, c, r, eff, eff + D + 1);
                b.price = eff;
            }
            ecs_check_report rr;
            if (place_chain(&b, t, k, r, 0, D - 1, NULL, 0) == 0 &&
                ecs_check_schedule(inst, b.s, &rr, NULL) == ECS_OK &&
                rr.cost < v - 1e-9 * (1.0 + fabs(v))) {
                ecs_schedule_free(c);
                c = b.s;
                v = rr.cost;
                gain = 1;
            } else {
                ecs_schedule_free(b.s);
            }
            b.s = NULL;
        }
    }
    if (v < s_cost - 1e-9 * (1.0 + fabs(s_cost))) {
        *out = c;
        *cost = v;
        c = NULL;
    }
done:
    builder_free(&b);
    ecs_schedule_free(c);
    free(eff);
    free(t);
    free(es);
    free(lf);
    free(tmp);
    xbuild_free(&x);
    return rc;
}
