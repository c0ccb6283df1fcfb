/* The bound by stages of the extended model (docs/MODEL.md "Stages,
 * extended model").
 *
 * The bottleneck tasks b_1 .. b_m (stages.c, bnd_bottlenecks) cut every
 * schedule's horizon into consecutive ranges of slots: stage 0 before
 * b_1's first slot, b_1's own slots, stage 1 up to b_2's first slot, ...,
 * stage m after b_m.  A task of stage j descends from b_j and precedes
 * b_{j+1}, so in each range only that part's tasks draw above the idle
 * draw.  The cost of a schedule is the idle draw's cost (the same for
 * every schedule) plus, slot by slot, what its extra draw adds; in a slot
 * that adds at least the fluid greedy's cheapest pieces for the work done
 * there (fluid_ext.c, bnd_ext_pieces), every source's volume and every
 * cap of the slot going to the one part that owns it.  So
 *   cost >= base + sum_parts fluid(part's work, its range)
 * for the ranges the schedule gives the parts, and the least right-hand
 * side over all ranges (each part long enough for its longest path at
 * the top speed, each bottleneck inside its window) is a lower bound: a
 * dynamic program over the parts' boundaries, each part's term Monge in
 * (first slot, end) (stages.c, "the monotone sweep"), minimised by
 * divide and conquer over the ends with one sliding window of slots in a
 * Fenwick tree over the pieces by rate.
 */
#include "bound_internal.h"
#include "ecsched/check.h"
#include "ecsched/clock.h"
#include "ecsched/listsched.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The cheapest W grid steps among the window's pieces (bnd_sweep: every
 * rate is >= 0 here); HUGE_VAL when the window holds less than W (within
 * 1e-9 relative: then everything in it, no more than the exact value). */
static double xs_query(const bnd_sweep *z, double W)
{
    if (W <= 0.0)
        return 0.0;
    if (z->total < W - 1e-9 * (1.0 + W))
        return HUGE_VAL;
    return bnd_sweep_query(z, W);
}

/* A part: a stage (the tasks between two bottlenecks) or a bottleneck. */
typedef struct xpart {
    double work;  /* grid steps */
    long len;     /* the fewest slots: its longest path at the top speed */
    long first;   /* its first slot at the earliest (a bottleneck: es) */
    long last;    /* its last slot at the latest (a bottleneck: lf) */
} xpart;

/* The DP's divide and conquer over the ends t' of one part: Hn[t'] = min
 * over the candidate first slots t = E[i] of H[t] + the part's fluid
 * inside t .. t'-1. */
typedef struct xdc {
    bnd_sweep *z;
    const xpart *pt;
    const double *H;
    const long *E;
    double *Hn;
    long *arg; /* the best first slot by end, or NULL */
    double t_end;
    unsigned long evals;
    int late;
} xdc;

static double xdc_eval(xdc *x, long t, long te)
{
    if (te - t < x->pt->len)
        return HUGE_VAL;
    if (x->pt->work <= 0.0)
        return x->H[t];
    bnd_sweep_window(x->z, t, te - 1);
    double v = xs_query(x->z, x->pt->work);
    return v == HUGE_VAL ? HUGE_VAL : x->H[t] + v;
}

static void xdc_solve(xdc *x, long sl, long sr, size_t ol, size_t oh)
{
    while (sl <= sr && !x->late) {
        long s = sl + (sr - sl) / 2;
        double best = HUGE_VAL;
        size_t bi = ol;
        for (size_t i = ol; i <= oh && x->E[i] <= s; i++) {
            double v = xdc_eval(x, x->E[i], s);
            if (v < best) {
                best = v;
                bi = i;
            }
            if ((++x->evals & 1023) == 0 && ecs_clock_now() >= x->t_end) {
                x->late = 1;
                return;
            }
        }
        x->Hn[s] = best;
        if (x->arg != NULL && best < HUGE_VAL)
            x->arg[s] = x->E[bi];
        if (sl < s)
            xdc_solve(x, sl, s - 1, ol, bi);
        sl = s + 1;
        ol = bi;
    }
}

/* The parts in order (stage 0, b_1, stage 1, ..., b_m, stage m) from the
 * bottlenecks' positions bp[0..m-1] in g->topo, the windows w and the
 * fewest slots of every task dmin; 0, or -1 when out of memory. */
static int parts_describe(const ecs_graph *g, const size_t *bp, size_t m,
                          const ecs_windows *w, const long *dmin, long grid,
                          long D, xpart *pt)
{
    size_t n = g->n;
    long *dist = malloc(n * sizeof *dist);
    unsigned char *in = calloc(n, 1);
    if (dist == NULL || in == NULL) {
        free(dist);
        free(in);
        return -1;
    }
    for (size_t j = 0, q = 0; j <= m; j++) {
        size_t hi = j < m ? bp[j] : n, q0 = q;
        xpart *s = &pt[2 * j];
        *s = (xpart){0.0, 0, 0, D - 1};
        for (; q < hi; q++)
            in[g->topo[q]] = 1;
        for (q = q0; q < hi; q++) {
            size_t v = g->topo[q];
            dist[v] = bnd_stage_pred_dist(g, v, in, dist) + dmin[v];
            if (dist[v] > s->len)
                s->len = dist[v];
            s->work += (double)g->work[v] * (double)grid;
        }
        for (q = q0; q < hi; q++)
            in[g->topo[q]] = 0;
        if (j < m) {
            size_t b = g->topo[hi];
            pt[2 * j + 1] = (xpart){(double)g->work[b] * (double)grid,
                                    dmin[b], w->es[b] > 0 ? w->es[b] : 0,
                                    w->lf[b] < D ? w->lf[b] : D - 1};
        }
        q = hi + 1;
    }
    free(dist);
    free(in);
    return 0;
}

/* One PE of each class alone (a bottleneck's part): nc sweeps of its
 * pieces (bnd_ext_pieces_make_class) and its fewest slots per unit. */
typedef struct xone {
    size_t nc;
    bnd_sweep *z; /* nc */
    long *top;    /* nc: the class's top speed (grid steps a slot) */
} xone;

/* A bottleneck's part ends at t' in sl .. sr (x0: its divide and
 * conquer over the fluid of every PE, done): Hn[t'] becomes the larger of
 * it and the least over the classes of H[t] + the cheapest work of one
 * PE of the class alone in t .. t'-1 (both are lower bounds of the same
 * least cost: only the bottleneck works there, on one PE); Hc, Ht (D + 1
 * doubles), ac, at (D + 1 longs) are scratch.  0, or 1 when late. */
static int one_pe(const xone *o, const xdc *x0, long sl, long sr, size_t ne,
                  double *Hc, double *Ht, long *ac, long *at)
{
    for (long t = sl; t <= sr; t++)
        Hc[t] = HUGE_VAL;
    for (size_t c = 0; c < o->nc; c++) {
        if (o->top[c] <= 0)
            continue;
        xpart pc = *x0->pt;
        pc.len = (long)ceil(pc.work / (double)o->top[c] - 1e-9);
        for (long t = sl; t <= sr; t++)
            Ht[t] = HUGE_VAL;
        xdc x = {&o->z[c], &pc, x0->H, x0->E, Ht, at, x0->t_end, 0, 0};
        bnd_sweep_reset(&o->z[c]);
        xdc_solve(&x, sl, sr, 0, ne - 1);
        if (x.late)
            return 1;
        for (long t = sl; t <= sr; t++)
            if (Ht[t] < Hc[t]) {
                Hc[t] = Ht[t];
                ac[t] = at[t];
            }
    }
    for (long t = sl; t <= sr; t++)
        if (Hc[t] > x0->Hn[t]) {
            x0->Hn[t] = Hc[t];
            if (x0->arg != NULL && Hc[t] < HUGE_VAL)
                x0->arg[t] = ac[t];
        }
    return 0;
}

/* The DP over the parts' boundaries; the bound less base, HUGE_VAL when
 * no boundaries fit, -HUGE_VAL when the time ran out; *oom when out of
 * memory.  With arg (np (D + 1) cells) the best first slot of part k by
 * its end t' in arg[k (D + 1) + t'].  With o, a bottleneck's part costs
 * at least one PE's work alone (one_pe). */
static double stages_ext_dp(const xpart *pt, size_t np, bnd_sweep *z, long D,
                            const xone *o, double t_end, long *arg, int *oom)
{
    double *H = malloc(((size_t)D + 1) * sizeof *H);
    double *Hn = malloc(((size_t)D + 1) * sizeof *Hn);
    long *E = malloc(((size_t)D + 1) * sizeof *E);
    double *Hc = o != NULL ? malloc(((size_t)D + 1) * sizeof *Hc) : NULL;
    double *Ht = o != NULL ? malloc(((size_t)D + 1) * sizeof *Ht) : NULL;
    long *at = o != NULL ? malloc(((size_t)D + 1) * sizeof *at) : NULL;
    long *ac = o != NULL ? malloc(((size_t)D + 1) * sizeof *ac) : NULL;
    double result = -HUGE_VAL;
    *oom = 0;
    if (H == NULL || Hn == NULL || E == NULL ||
        (o != NULL &&
         (Hc == NULL || Ht == NULL || at == NULL || ac == NULL))) {
        *oom = 1;
        goto out;
    }
    /* H[t]: the least cost of the parts before the current one with it
     * starting at slot t (the first at slot 0) */
    for (long t = 0; t <= D; t++)
        H[t] = HUGE_VAL;
    H[0] = 0.0;
    for (size_t k = 0; k < np; k++) {
        const xpart *p = &pt[k];
        /* the ends t' (exclusive): inside the part's own slots and, for
         * a stage, at the next bottleneck's possible starts; the last
         * stage ends at D */
        long sl = p->first + p->len, sr = p->last + 1;
        if (k + 1 < np && k % 2 == 0) {
            const xpart *b = &pt[k + 1];
            sl = sl > b->first ? sl : b->first;
            sr = b->last - b->len + 1;
        }
        if (k + 1 == np)
            sl = sr = D;
        if (sr > D)
            sr = D;
        /* the candidate first slots: in the part's range, of finite H
         * below every earlier one's (an earlier start of no more cost
         * leaves the part more slots: its fluid costs no more) */
        size_t ne = 0;
        double before = HUGE_VAL;
        for (long t = p->first > 0 ? p->first : 0; t <= D && t <= sr; t++)
            if (H[t] < before) {
                before = H[t];
                E[ne++] = t;
            }
        for (long t = 0; t <= D; t++)
            Hn[t] = HUGE_VAL;
        if (ne > 0 && sl <= sr) {
            xdc x = {z, p, H, E, Hn,
                     arg != NULL ? arg + k * ((size_t)D + 1) : NULL, t_end,
                     0, 0};
            bnd_sweep_reset(z);
            xdc_solve(&x, sl, sr, 0, ne - 1);
            if (x.late)
                goto out;
            if (o != NULL && k % 2 == 1 && p->work > 0.0 &&
                one_pe(o, &x, sl, sr, ne, Hc, Ht, ac, at))
                goto out;
        }
        double *sw = H;
        H = Hn;
        Hn = sw;
    }
    result = H[D];
out:
    free(H);
    free(Hn);
    free(E);
    free(Hc);
    free(Ht);
    free(at);
    free(ac);
    return result;
}

/* Every task's range of slots in the DP's minimum: the parts' boundaries
 * traced back from D' (part k inside t_k .. t_{k+1} - 1), a stage's to
 * its tasks, a bottleneck's to it. */
static void ranges_of(const ecs_graph *g, const size_t *bp, size_t m,
                      const long *arg, long D, long *lo, long *hi)
{
    size_t np = 2 * m + 1;
    long te = D;
    size_t q = g->n; /* the tasks at topo positions below q are left */
    for (size_t k = np; k-- > 0;) {
        long t = arg[k * ((size_t)D + 1) + (size_t)te];
        size_t j = k / 2;
        if (k % 2 == 1) { /* bottleneck j */
            size_t b = g->topo[bp[j]];
            lo[b] = t;
            hi[b] = te - 1;
            q = bp[j];
        } else { /* stage j: positions bp[j-1]+1 .. q-1 */
            size_t q0 = j > 0 ? bp[j - 1] + 1 : 0;
            for (size_t r = q0; r < q; r++) {
                lo[g->topo[r]] = t;
                hi[g->topo[r]] = te - 1;
            }
        }
        te = t;
    }
}

/* The most DP cells (parts x (D' + 1)) kept for a schedule's ranges. */
#define STAGES_EXT_MAX_CELLS ((size_t)1 << 24)

/* The bound in *value (as ecs_bound_stages_ext says); with lo and hi (n
 * each) the ranges of slots of its minimum per task, when it has one
 * (*value finite): a task of a stage or a bottleneck gets that part's. */
static ecs_result stages_ext_core(const ecs_instance *inst, double t_end,
                                  double *value, long *lo, long *hi,
                                  ecs_diag *diag)
{
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    size_t n = g->n;
    *value = -HUGE_VAL;
    if (n == 0 || inst->slot_len != NULL)
        return ECS_OK; /* nothing to claim; slots of one length only */
    ecs_windows own;
    memset(&own, 0, sizeof own);
    const ecs_windows *w = &inst->windows;
    int empty = inst->windows_empty;
    if (inst->windows.es == NULL || inst->windows.n != n) {
        ecs_result rc = ecs_windows_compute_platform(g, p, D, &own, &empty,
                                                     diag);
        if (rc != ECS_OK)
            return rc;
        w = &own;
    }
    if (empty) {
        ecs_windows_release(&own);
        *value = HUGE_VAL; /* the critical path exceeds D' */
        return ECS_OK;
    }
    size_t *bp = malloc(n * sizeof *bp);
    long *dmin = malloc(n * sizeof *dmin);
    size_t m = bp != NULL ? bnd_bottlenecks(g, bp) : (size_t)-1;
    xpart *pt = m != (size_t)-1 ? malloc((2 * m + 1) * sizeof *pt) : NULL;
    bnd_ext_pieces pc;
    memset(&pc, 0, sizeof pc);
    long *arg = NULL;
    bnd_sweep z;
    int zok = 0, prc = -1;
    ecs_result rc = ECS_OK;
    if (bp == NULL || dmin == NULL || pt == NULL) {
        rc = ECS_ENOMEM;
        goto done;
    }
    if (m == 0)
        goto done; /* one stage: the fluid bound, nothing more */
    /* the fewest slots of a task: at the top speed of the fastest class */
    long top = 1;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    for (size_t c = 0; c < nc; c++) {
        long v = p->nclass > 0 ? p->cls[c].speed_q[0] : p->freq_q[0];
        if (v > top)
            top = v;
    }
    for (size_t i = 0; i < n; i++)
        dmin[i] = (g->work[i] * p->grid + top - 1) / top;
    prc = bnd_ext_pieces_make(inst, 1, &pc);
    if (prc == 1) {
        *value = HUGE_VAL; /* a cap below the idle draw */
        goto done;
    }
    if (prc != 0) {
        rc = prc == -2 ? ECS_EUNSUPPORTED : ECS_ENOMEM;
        goto done;
    }
    if (parts_describe(g, bp, m, w, dmin, p->grid, D, pt) != 0 ||
        bnd_sweep_init(&z, pc.D, pc.off, pc.rate, pc.amount) != 0) {
        rc = ECS_ENOMEM;
        goto done;
    }
    zok = 1;
    size_t np = 2 * m + 1;
    if (lo != NULL && np <= STAGES_EXT_MAX_CELLS / ((size_t)D + 1)) {
        arg = malloc(np * ((size_t)D + 1) * sizeof *arg);
        if (arg == NULL) {
            rc = ECS_ENOMEM;
            goto done;
        }
    }
    /* one PE of each class alone, for the bottlenecks */
    xone one = {nc, calloc(nc, sizeof *one.z), calloc(nc, sizeof *one.top)};
    size_t nz = 0;
    if (one.z == NULL || one.top == NULL) {
        rc = ECS_ENOMEM;
        goto one_done;
    }
    for (; nz < nc; nz++) {
        bnd_ext_pieces pk;
        int krc = bnd_ext_pieces_make_class(inst, 1, nz, &pk);
        if (krc != 0 ||
            bnd_sweep_init(&one.z[nz], pk.D, pk.off, pk.rate, pk.amount) != 0) {
            /* the pieces of every PE made no other answer than 0 */
            if (krc == 0)
                bnd_ext_pieces_free(&pk);
            rc = ECS_ENOMEM;
            goto one_done;
        }
        bnd_ext_pieces_free(&pk);
        const long *sq = p->nclass > 0 ? p->cls[nz].speed_q : p->freq_q;
        for (size_t k = 0; k < p->nfreq; k++)
            if (sq[k] > one.top[nz])
                one.top[nz] = sq[k];
    }
    int oom;
    double v = stages_ext_dp(pt, np, &z, D, &one, t_end, arg, &oom);
    if (oom)
        rc = ECS_ENOMEM;
    else if (v == HUGE_VAL)
        *value = HUGE_VAL; /* no boundaries fit: no schedule */
    else if (v != -HUGE_VAL) {
        /* the sums' rounding and the window's moves (a few ulps of the
         * tree's sums) */
        v += pc.base;
        *value = v - 1e-9 * (1.0 + fabs(v));
        if (arg != NULL)
            ranges_of(g, bp, m, arg, D, lo, hi);
    }
one_done:
    for (size_t c = 0; c < nz; c++)
        bnd_sweep_free(&one.z[c]);
    free(one.z);
    free(one.top);
done:
    free(arg);
    if (zok)
        bnd_sweep_free(&z);
    bnd_ext_pieces_free(&pc);
    ecs_windows_release(&own);
    free(bp);
    free(dmin);
    free(pt);
    if (rc == ECS_EUNSUPPORTED)
        return ecs_diag_set(diag, rc, NULL, 0,
                            "the bound by stages needs powers at least the "
                            "idle draw");
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, NULL, 0, "out of memory");
    return ECS_OK;
}

ecs_result ecs_bound_stages_ext(const ecs_instance *inst, double time_limit_s,
                                double *value, ecs_diag *diag)
{
    ecs_result rc = bnd_ext_check_input(inst, value, diag);
    if (rc != ECS_OK)
        return rc;
    if (!(time_limit_s >= 0.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "a negative time limit");
    return stages_ext_core(inst, ecs_clock_now() + time_limit_s, value, NULL,
                           NULL, diag);
}

ecs_result ecs_bound_stages_ext_schedule(const ecs_instance *inst,
                                         double time_limit_s,
                                         ecs_schedule **out, double *value,
                                         ecs_diag *diag)
{
    if (out == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    *out = NULL;
    ecs_result rc = bnd_ext_check_input(inst, value, diag);
    if (rc != ECS_OK)
        return rc;
    if (!(time_limit_s >= 0.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "a negative time limit");
    size_t n = inst->graph->n;
    long *lo = malloc((n ? n : 1) * sizeof *lo);
    long *hi = malloc((n ? n : 1) * sizeof *hi);
    if (lo == NULL || hi == NULL) {
        free(lo);
        free(hi);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t i = 0; i < n; i++)
        lo[i] = -1;
    rc = stages_ext_core(inst, ecs_clock_now() + time_limit_s, value, lo, hi,
                         diag);
    if (rc == ECS_OK && isfinite(*value) && n > 0 && lo[0] >= 0) {
        /* the cheaper of the stage builder's (by paths, stagesched.c) and
         * the cheapest-fit list schedule's within the ranges, each as the
         * checker finds it; none: the bound stands */
        ecs_diag ignored;
        ecs_schedule *sb = NULL;
        ecs_check_report ra, rb;
        if (bnd_stages_ext_build(inst, lo, hi, NULL, NULL,
                                 ecs_clock_now() + time_limit_s, &sb) != 0)
            sb = NULL;
        if (sb != NULL && ecs_check_schedule(inst, sb, &rb, NULL) != ECS_OK) {
            ecs_schedule_free(sb);
            sb = NULL;
        }
        if (ecs_listsched_cheapest_within(inst, lo, hi, out, &ignored) !=
                ECS_OK ||
            ecs_check_schedule(inst, *out, &ra, NULL) != ECS_OK) {
            ecs_schedule_free(*out);
            *out = NULL;
        }
        if (sb != NULL && (*out == NULL || rb.cost < ra.cost)) {
            ecs_schedule_free(*out);
            *out = sb;
            sb = NULL;
        }
        ecs_schedule_free(sb);
    }
    free(lo);
    free(hi);
    return rc;
}

/* The two improvements of a schedule (the stage LNS, the PE re-timing)
 * behind their public checks. */
static ecs_result improve_with(int (*how)(const ecs_instance *,
                                          const ecs_schedule *, double,
                                          double, ecs_schedule **, double *),
                               const ecs_instance *inst,
                               const ecs_schedule *start, double time_limit_s,
                               ecs_schedule **out, double *cost,
                               ecs_diag *diag)
{
    if (out == NULL || cost == NULL || start == NULL || inst == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    *out = NULL;
    *cost = NAN;
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK)
        return rc;
    if (!(time_limit_s >= 0.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "a negative time limit");
    ecs_check_report rep;
    if (inst->slot_len != NULL || inst->graph->n == 0 ||
        start->n != inst->graph->n ||
        ecs_check_schedule(inst, start, &rep, NULL) != ECS_OK)
        return ECS_OK; /* slots of one length only; a feasible start */
    if (how(inst, start, rep.cost, ecs_clock_now() + time_limit_s, out,
            cost) != 0)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    return ECS_OK;
}

ecs_result ecs_bound_stages_ext_improve(const ecs_instance *inst,
                                        const ecs_schedule *start,
                                        double time_limit_s,
                                        ecs_schedule **out, double *cost,
                                        ecs_diag *diag)
{
    return improve_with(bnd_stages_ext_improve, inst, start, time_limit_s,
                        out, cost, diag);
}

ecs_result ecs_bound_retime_ext(const ecs_instance *inst,
                                const ecs_schedule *start,
                                double time_limit_s, ecs_schedule **out,
                                double *cost, ecs_diag *diag)
{
    return improve_with(bnd_retime_pes, inst, start, time_limit_s, out, cost,
                        diag);
}
