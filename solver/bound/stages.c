/* The bound by stages (bound_internal.h; docs/MODEL.md "The bound by
 * stages").
 *
 * A bottleneck task is comparable with every other task: each other task
 * is its ancestor or its descendant.  In a fork-join pipeline every fork
 * and every join is one.  In every schedule a bottleneck b runs alone on
 * the machine, and the tasks between two consecutive bottlenecks b and b'
 * (descendants of b and ancestors of b': a stage) run inside the slots
 * strictly between b's last slot and b''s first.  So
 *   cost >= sum_j c(b_j, s_j, e_j) + sum_stages fluid(stage work, slots between)
 * for the intervals [s_j, e_j] the schedule gives the bottlenecks (each in
 * its window, e_j < s_{j+1}), and the least right-hand side over all such
 * intervals, a dynamic program over the bottlenecks' last slots, is a lower
 * bound.  The stage's tasks are covered by paths (bnd_stage_paths: the
 * branches of a pipeline whose branches are chains); the tasks of a path
 * never share a slot, so no more than min(P, paths) of the stage's tasks
 * run at once.  fluid(W, a..b) is the fluid bound (fluid.c) of W units
 * inside slots a..b with min(P, paths) PEs: +inf when they do not fit, or
 * when the stage's longest path is longer than b - a + 1 slots; and at
 * least the sum over the paths of the fluid bound of one PE for each
 * path's work (a path does at most one unit a slot): the larger of the
 * two.
 *
 * The fluid of every slot range a..b is the greedy over the pieces of the
 * slots' cost envelopes, cheapest slope first; a Fenwick tree over the
 * pieces in slope order answers "the cheapest X units among the slots
 * inserted" in O(log), and a sweep inserts the slots a, a+1, ... one by
 * one, so all ranges from one a cost O(len K log(D K)).
 */
#include "bound_internal.h"
#include "ecsched/clock.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

size_t bnd_bottlenecks(const ecs_graph *g, size_t *out)
{
    size_t n = g->n, m = 0;
    if (n == 0)
        return 0;
    size_t *pos = malloc(n * sizeof *pos);
    size_t *pre = malloc(n * sizeof *pre);
    if (pos == NULL || pre == NULL) {
        free(pos);
        free(pre);
        return (size_t)-1;
    }
    for (size_t q = 0; q < n; q++)
        pos[g->topo[q]] = q;
    /* pre[q]: the largest, over the tasks before position q, of their
     * first successor's position (n for none).  The tasks before q all
     * reach topo[q] iff each has a successor at q or before (following
     * such successors never leaves the positions <= q). */
    size_t run = 0;
    for (size_t q = 0; q < n; q++) {
        pre[q] = run;
        size_t v = g->topo[q], ms = n;
        for (size_t k = g->succ_off[v]; k < g->succ_off[v + 1]; k++)
            if (pos[g->succ[k]] < ms)
                ms = pos[g->succ[k]];
        if (ms > run)
            run = ms;
    }
    /* and, mirrored, every task after q has a predecessor at q or later */
    long suf = LONG_MAX;
    for (size_t q = n; q-- > 0;) {
        size_t v = g->topo[q];
        if (pre[q] <= q && suf >= (long)q)
            pre[q] = SIZE_MAX; /* mark: a bottleneck */
        long mp = -1;
        for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++)
            if ((long)pos[g->pred[k]] > mp)
                mp = (long)pos[g->pred[k]];
        if (mp < suf)
            suf = mp;
    }
    for (size_t q = 0; q < n; q++)
        if (pre[q] == SIZE_MAX)
            out[m++] = q;
    free(pos);
    free(pre);
    return m;
}

size_t ecs_bound_bottlenecks(const ecs_graph *g, unsigned char *is_bn)
{
    if (g == NULL || is_bn == NULL)
        return 0;
    size_t *pos = malloc((g->n ? g->n : 1) * sizeof *pos);
    if (pos == NULL)
        return (size_t)-1;
    size_t m = bnd_bottlenecks(g, pos);
    if (m != (size_t)-1) {
        memset(is_bn, 0, g->n);
        for (size_t j = 0; j < m; j++)
            is_bn[g->topo[pos[j]]] = 1;
    }
    free(pos);
    return m;
}

int bnd_stage_paths(const ecs_graph *g, const size_t *bp, size_t m,
                    size_t *next, unsigned char *first)
{
    size_t n = g->n;
    size_t *stage_of = malloc((n ? n : 1) * sizeof *stage_of);
    double *pw = malloc((n ? n : 1) * sizeof *pw); /* its path's work so far */
    unsigned char *open = calloc(n ? n : 1, 1);   /* ends its path so far */
    if (stage_of == NULL || pw == NULL || open == NULL) {
        free(stage_of);
        free(pw);
        free(open);
        return -1;
    }
    for (size_t j = 0, q = 0; j <= m; j++) {
        size_t hi = j < m ? bp[j] : n;
        for (; q < hi; q++)
            stage_of[g->topo[q]] = j;
        if (j < m)
            stage_of[g->topo[hi]] = SIZE_MAX; /* a bottleneck */
        q = hi + 1;
    }
    for (size_t q = 0; q < n; q++) {
        size_t v = g->topo[q], best = SIZE_MAX;
        next[v] = SIZE_MAX;
        first[v] = 0;
        if (stage_of[v] == SIZE_MAX)
            continue;
        for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
            size_t a = g->pred[k];
            if (stage_of[a] == stage_of[v] && open[a] &&
                (best == SIZE_MAX || pw[a] > pw[best]))
                best = a;
        }
        if (best != SIZE_MAX) {
            next[best] = v;
            open[best] = 0;
            pw[v] = pw[best] + (double)g->work[v];
        } else {
            first[v] = 1;
            pw[v] = (double)g->work[v];
        }
        open[v] = 1;
    }
    free(stage_of);
    free(pw);
    free(open);
    return 0;
}

/* The sweep's state: the envelope pieces of every slot (capacity P *
 * width) in the shared sweep (bound_internal.h, bnd_sweep: a Fenwick tree
 * by slope where the slots of one price share ranks, so repeated or
 * rounded prices keep the tree small), and the platform. */
typedef struct sweep {
    bnd_sweep b;
    const ecs_platform *p;
} sweep;

static void sweep_free(sweep *z)
{
    bnd_sweep_free(&z->b);
}

static int sweep_init(sweep *z, const ecs_platform *p, const double *price,
                      long D)
{
    memset(z, 0, sizeof *z);
    z->p = p;
    size_t K = p->nfreq, most = (size_t)D * K + 1;
    long hull[ECS_MAX_FREQS + 1];
    size_t *off = malloc(((size_t)D + 1) * sizeof *off);
    double *slope = malloc(most * sizeof *slope);
    double *cap = malloc(most * sizeof *cap);
    int rc = -1;
    if (off != NULL && slope != NULL && cap != NULL) {
        size_t np = 0;
        for (long l = 0; l < D; l++) {
            double sl[ECS_MAX_FREQS], wd[ECS_MAX_FREQS];
            size_t k = bnd_envelope(p, price[l], hull, sl, wd);
            off[l] = np;
            for (size_t h = 0; h < k; h++, np++) {
                slope[np] = sl[h];
                cap[np] = wd[h] * (double)p->pes;
            }
        }
        off[D] = np;
        rc = bnd_sweep_init(&z->b, D, off, slope, cap);
    }
    free(off);
    free(slope);
    free(cap);
    return rc;
}

static void sweep_reset(sweep *z)
{
    bnd_sweep_reset(&z->b);
}

static void sweep_insert_slot(sweep *z, long l)
{
    bnd_sweep_add_slot(&z->b, l, 1.0);
}

static void sweep_window(sweep *z, long a, long b)
{
    bnd_sweep_window(&z->b, a, b);
}

/* The fluid cost of W units among the inserted slots (bnd_sweep_query).
 * The caller has checked in integers that W fits (the pieces' widths are
 * sums of decimal fractions: a range that W fills exactly may hold a hair
 * less in floating point), so at most everything inserted is taken: never
 * more than the exact value, a lower bound still. */
static double sweep_query(const sweep *z, double W)
{
    return bnd_sweep_query(&z->b, W);
}

/* The stages: bottleneck positions bp[0..m-1] in g->topo; stage j holds
 * the tasks between bp[j-1] and bp[j] (bp[-1] = -1, bp[m] = n), covered by
 * the paths of bnd_stage_paths.  The per-path sums look at this many
 * distinct path works at most (more are rounded down to that many: the
 * fluid of fewer units costs no more). */
#define STAGE_MAX_WORKS 64
/* The first pass prices the stages' first slots in this many blocks per
 * bottleneck window (stages_pass). */
#define STAGES_FIRST_BLOCKS 16

typedef struct stage {
    double work;
    long longest;                   /* the longest path inside, by work */
    size_t tasks;
    size_t paths;                   /* the paths covering it */
    size_t nw;                      /* distinct path works (rounded) */
    long wv[STAGE_MAX_WORKS];       /* and how many paths have each */
    size_t wc[STAGE_MAX_WORKS];
    double alpha; /* min(P, paths) / P: the PEs the stage can use at once */
    long need;    /* the slots the stage schedule's dealing needs: the
                     longest PE's work when its paths go whole, longest
                     first, each to the least loaded PE (stagesched.c) */
} stage;

static int by_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* Stage j's path works pw[0..k-1] (sorted here) as at most
 * STAGE_MAX_WORKS values with counts, each rounded down to the least
 * of its group. */
static void stage_group_works(stage *st, long *pw, size_t k)
{
    qsort(pw, k, sizeof *pw, by_long);
    st->nw = 0;
    size_t groups = k < STAGE_MAX_WORKS ? k : STAGE_MAX_WORKS;
    for (size_t q = 0; q < groups; q++) {
        size_t lo = q * k / groups, hi = (q + 1) * k / groups;
        if (st->nw > 0 && st->wv[st->nw - 1] == pw[lo]) {
            st->wc[st->nw - 1] += hi - lo;
        } else {
            st->wv[st->nw] = pw[lo];
            st->wc[st->nw] = hi - lo;
            st->nw++;
        }
    }
}

/* The largest load when the works pw[0..k-1] go whole to P PEs, longest
 * first, each to the least loaded (the stage schedule's dealing,
 * stagesched.c; ties change no load); load holds min(P, k) longs.  With
 * k <= P every work has a PE of its own. */
static long stage_dealt(const long *pw, size_t k, int P, long *load)
{
    long most = 0;
    if (k <= (size_t)P) {
        for (size_t q = 0; q < k; q++)
            if (pw[q] > most)
                most = pw[q];
        return most;
    }
    long *w = malloc(k * sizeof *w);
    if (w == NULL)
        return LONG_MAX; /* no schedule claimed */
    memcpy(w, pw, k * sizeof *w);
    qsort(w, k, sizeof *w, by_long);
    /* a binary min-heap of the P loads */
    size_t h = (size_t)P;
    for (size_t q = 0; q < h; q++)
        load[q] = 0;
    for (size_t q = k; q-- > 0;) {
        load[0] += w[q];
        if (load[0] > most)
            most = load[0];
        for (size_t x = 0;;) { /* sift down */
            size_t l = 2 * x + 1, r = l + 1, s = x;
            if (l < h && load[l] < load[s])
                s = l;
            if (r < h && load[r] < load[s])
                s = r;
            if (s == x)
                break;
            long t = load[x];
            load[x] = load[s];
            load[s] = t;
            x = s;
        }
    }
    free(w);
    return most;
}

/* The stages' sizes, longest paths and path works from the paths of
 * bnd_stage_paths: 0, or -1 when out of memory. */
static int stages_describe(const ecs_graph *g, int P, const size_t *bp,
                           size_t m, stage *st)
{
    size_t n = g->n;
    size_t *next = malloc(n * sizeof *next);
    unsigned char *first = malloc(n);
    long *dist = malloc(n * sizeof *dist), *pw = malloc(n * sizeof *pw);
    long *load = malloc(n * sizeof *load); /* min(P, paths) PEs' loads */
    unsigned char *in = calloc(n, 1); /* in the stage being described */
    int rc = -1;
    if (!next || !first || !dist || !pw || !load || !in ||
        bnd_stage_paths(g, bp, m, next, first) != 0)
        goto out;
    for (size_t j = 0, q = 0; j <= m; j++) {
        size_t hi = j < m ? bp[j] : n, k = 0, q0 = q;
        for (; q < hi; q++)
            in[g->topo[q]] = 1;
        for (q = q0; q < hi; q++) {
            size_t v = g->topo[q];
            dist[v] = bnd_stage_pred_dist(g, v, in, dist) + g->work[v];
            if (dist[v] > st[j].longest)
                st[j].longest = dist[v];
            st[j].work += (double)g->work[v];
            st[j].tasks++;
            if (first[v]) {
                long w = 0;
                for (size_t u = v; u != SIZE_MAX; u = next[u])
                    w += g->work[u];
                pw[k++] = w;
            }
        }
        for (q = q0; q < hi; q++)
            in[g->topo[q]] = 0;
        st[j].paths = k;
        st[j].need = stage_dealt(pw, k, P, load);
        stage_group_works(&st[j], pw, k);
        st[j].alpha = k < (size_t)P ? (double)k / (double)P : 1.0;
        q = hi + 1;
    }
    rc = 0;
out:
    free(next);
    free(first);
    free(dist);
    free(pw);
    free(load);
    free(in);
    return rc;
}

/* The stage's terms among the inserted slots (stage_query): */
enum { TERM_BOTH, TERM_FLUID, TERM_PATHS };

/* The stage's fluid among the inserted slots: with alpha P PEs instead of
 * P every capacity scales by alpha, so the cost of W units is alpha times
 * the cost of W / alpha units with P (TERM_FLUID); and each path alone,
 * at most one unit a slot (its tasks never share a slot): the fluid bound
 * of one PE (every capacity times 1 / P) for its work, summed over the
 * paths (TERM_PATHS); TERM_BOTH: the larger of the two. */
static double stage_query_term(const sweep *z, const stage *st, int term)
{
    double v = -HUGE_VAL, sum = -HUGE_VAL;
    if (term != TERM_PATHS)
        v = st->alpha * sweep_query(z, st->work / st->alpha);
    if (term != TERM_FLUID) {
        double P = (double)z->p->pes;
        sum = 0.0;
        for (size_t k = 0; k < st->nw; k++)
            sum += (double)st->wc[k] * sweep_query(z, P * (double)st->wv[k]) /
                   P;
    }
    return sum > v ? sum : v;
}

static double stage_query(const sweep *z, const stage *st)
{
    return stage_query_term(z, st, TERM_BOTH);
}

/* Whether the stage fits into len slots, in integers: its longest path,
 * and its work on min(P, paths) PEs; for the stage schedule (sched) the
 * slots its dealing needs. */
static int stage_fits(const sweep *z, const stage *st, long len, int sched)
{
    size_t pes = st->paths < (size_t)z->p->pes ? st->paths : (size_t)z->p->pes;
    return len >= st->longest &&
           st->work <= (double)pes * (double)len && /* exact: integers */
           (!sched || len >= st->need);
}

/* Whether the schedule's fit is the bound's for every stage (then the
 * exact pass of the stage schedule is the bound by stages). */
static int stages_same_fit(const stage *st, size_t m, int P)
{
    for (size_t j = 0; j <= m; j++) {
        if (st[j].work <= 0.0)
            continue;
        long pes = st[j].paths < (size_t)P ? (long)st[j].paths : P;
        long w = (long)st[j].work, fit = (w + pes - 1) / pes;
        if (st[j].longest > fit)
            fit = st[j].longest;
        if (st[j].need > fit)
            return 0;
    }
    return 1;
}

/* out[b - a + 1] = the stage's term inside a..b, for b = a-1 .. bmax
 * (a-1: no slot). */
static void stage_sweep_term(sweep *z, const stage *st, long a, long bmax,
                             int sched, int term, double *out)
{
    out[0] = st->work > 0.0 ? HUGE_VAL : 0.0;
    if (st->work <= 0.0) {
        for (long b = a; b <= bmax; b++)
            out[b - a + 1] = 0.0;
        return;
    }
    sweep_reset(z);
    for (long b = a; b <= bmax; b++) {
        sweep_insert_slot(z, b);
        out[b - a + 1] = stage_fits(z, st, b - a + 1, sched)
                             ? stage_query_term(z, st, term)
                             : HUGE_VAL;
    }
    z->b.lo = a;
    z->b.hi = bmax;
}

static void stage_sweep(sweep *z, const stage *st, long a, long bmax,
                        int sched, double *out)
{
    stage_sweep_term(z, st, a, bmax, sched, TERM_BOTH, out);
}

/* The monotone sweep (ECS_STAGES_SWEEP_MONOTONE): H[s] = min over the
 * candidates e = E[0..] < s of F[e] + the stage's term inside e+1 .. s-1,
 * with the argument in arg[s] when arg is not NULL.  The term is Monge in
 * (e, s) (docs/MODEL.md), so the leftmost best candidate of s never
 * decreases with s: divide and conquer over s, the candidates of the
 * middle s deciding those of each half, one sliding window of slots in
 * the tree (sweep_window).  O((S + E) log S) ranges for S ends. */
typedef struct dc {
    sweep *z;
    const stage *st;
    const double *F;
    const long *E;
    int term, sched;
    double *H;
    long *arg;
} dc;

static double dc_eval(dc *x, long e, long s)
{
    long len = s - 1 - e;
    if (len < 0)
        return HUGE_VAL;
    if (x->st->work <= 0.0)
        return x->F[e];
    if (!stage_fits(x->z, x->st, len, x->sched))
        return HUGE_VAL;
    sweep_window(x->z, e + 1, s - 1);
    return x->F[e] + stage_query_term(x->z, x->st, x->term);
}

static void dc_solve(dc *x, long sl, long sr, size_t ol, size_t oh)
{
    while (sl <= sr) {
        long s = sl + (sr - sl) / 2;
        double best = HUGE_VAL;
        size_t bi = ol;
        for (size_t i = ol; i <= oh && x->E[i] < s; i++) {
            double v = dc_eval(x, x->E[i], s);
            if (v < best) {
                best = v;
                bi = i;
            }
        }
        x->H[s] = best;
        if (x->arg != NULL)
            x->arg[s] = x->E[bi];
        /* the left half recursively, the right one by the loop */
        if (sl < s)
            dc_solve(x, sl, s - 1, ol, bi);
        sl = s + 1;
        ol = bi;
    }
}

int bnd_stage_trace_alloc(const cg *c, const size_t *bp, size_t m,
                          size_t max_cells, bnd_stage_trace *tr)
{
    tr->off = malloc((m + 1) * sizeof *tr->off);
    tr->es = malloc((m ? m : 1) * sizeof *tr->es);
    if (tr->off == NULL || tr->es == NULL) {
        bnd_stage_trace_free(tr);
        return -1;
    }
    tr->off[0] = 0;
    for (size_t j = 0; j < m; j++) {
        size_t b = c->g->topo[bp[j]];
        long es = c->wp->es[b], lf = c->wp->lf[b];
        tr->es[j] = es;
        tr->off[j + 1] = tr->off[j] + (size_t)(lf >= es ? lf - es + 1 : 0);
    }
    if (tr->off[m] > max_cells) {
        bnd_stage_trace_free(tr);
        return -1;
    }
    size_t cells = tr->off[m] ? tr->off[m] : 1;
    tr->arg_s = malloc(cells * sizeof *tr->arg_s);
    tr->arg_e = malloc(cells * sizeof *tr->arg_e);
    if (tr->arg_s == NULL || tr->arg_e == NULL) {
        bnd_stage_trace_free(tr);
        return -1;
    }
    return 0;
}

void bnd_stage_trace_free(bnd_stage_trace *tr)
{
    free(tr->arg_s);
    free(tr->arg_e);
    free(tr->off);
    free(tr->es);
    tr->arg_s = tr->arg_e = NULL;
    tr->off = NULL;
    tr->es = NULL;
}

static int stage_by_terms(int mode, long len1, long len2);

/* The sweeps of a pass of nb blocks: one per block of every bottleneck's
 * window (at least 1); in the exact pass about 2 (log2 L + 1) for a
 * window of L slots the monotone sweep prices (two terms, each range
 * priced once on each level of its divide and conquer). */
static double stages_sweeps(const cg *c, const size_t *bp, size_t m, long nb)
{
    double n = 1.0;
    for (size_t j = 0; j < m; j++) {
        size_t b = c->g->topo[bp[j]];
        long len = c->wp->lf[b] - c->wp->es[b] + 1;
        long len2 = len;
        if (j + 1 < m) {
            size_t b2 = c->g->topo[bp[j + 1]];
            len2 = c->wp->lf[b2] - c->wp->es[b2] + 1;
        }
        if (nb >= len && stage_by_terms(c->stages_sweep, len, len2))
            n += 2.0 * (log2((double)len + 1.0) + 1.0);
        else
            n += (double)(len < nb ? len : nb);
    }
    return n;
}

/* The first pass: the exact one where it costs at most STAGES_EXACT_FIRST
 * times the first coarse pass (its sweeps; a coarse pass of the schedule
 * prices two finishes a block).  The monotone sweep's exact pass costs
 * about 2 (log2 L + 1) sweeps a window, so from windows of about 128 slots
 * on a coarse pass saves little and its bound is weak: on 30,000
 * fork-join tasks at P = 64 the 16-block pass took 20 s and stayed below
 * the fluid bound, and no finer pass fitted in the time left. */
#define STAGES_EXACT_FIRST 2.0
static long stages_first_blocks(const cg *c, const size_t *bp, size_t m,
                                long max_blocks, int sched)
{
    long all = c->D + 1;
    if (max_blocks > 0 && all > max_blocks)
        return STAGES_FIRST_BLOCKS;
    double coarse = stages_sweeps(c, bp, m, STAGES_FIRST_BLOCKS) *
                    (sched ? 2.0 : 1.0);
    return stages_sweeps(c, bp, m, all) <= STAGES_EXACT_FIRST * coarse
               ? all
               : STAGES_FIRST_BLOCKS;
}

double bnd_stages(cg *c, double t_end, long max_blocks)
{
    return bnd_stages_trace(c, t_end, max_blocks, NULL);
}

/* One pass's work space. */
typedef struct stages_ws {
    cg *c;
    const size_t *bp;
    size_t m;
    const stage *st;
    sweep *z;
    double *G, *F, *out, *cur, *nxt;
    long *sv, *svn;
    double *H1, *H2; /* the exact pass's terms by s (stage_exact) */
    long *E, *arg;   /* its candidate e; the choice by s */
    int chosen;      /* a pass's choices came from the monotone sweep of
                        both terms at once (no bound: see stage_exact) */
} stages_ws;

/* Whether the exact pass prices the stage between windows of len1 and
 * len2 slots by stage_exact (the two terms apart for the bound), not by
 * the old sweep per e of both terms at once. */
static int stage_by_terms(int mode, long len1, long len2)
{
    if (mode == ECS_STAGES_SWEEP_AUTO)
        return len1 > ECS_STAGES_QUADRATIC_MAX ||
               len2 > ECS_STAGES_QUADRATIC_MAX;
    return 1;
}

/* The exact pass over the stage sj between bottleneck j's last slot e
 * (es .. lf) and bottleneck j+1's first s (es2 .. last2): G[s] from F[e]
 * by the monotone sweep (dc_solve) or, ECS_STAGES_SWEEP_QUADRATIC, by one
 * sweep per e.  Only the e whose F is below every earlier one's can be
 * best (an earlier e of no more cost leaves the stage more slots).  For
 * the bound the fluid and the paths' sum go apart and G[s] is the larger
 * of their minima (at most the minimum of the larger: a bound; the larger
 * of two Monge terms need not be Monge).  For the schedule (tr) both
 * terms at once by dc_solve: a feasible choice whose G[s] is the price of
 * the e it chose, not a bound (w->chosen). */
static void stage_exact(stages_ws *w, const stage *sj, long es, long lf,
                        long es2, long last2, bnd_stage_trace *tr, size_t j)
{
    const double *F = w->F;
    double *G = w->G;
    size_t ne = 0;
    double before = HUGE_VAL;
    for (long e = es; e <= lf && e < last2; e++)
        if (F[e] < before) {
            before = F[e];
            w->E[ne++] = e;
        }
    if (ne == 0)
        return;
    long slo = es2 > w->E[0] + 1 ? es2 : w->E[0] + 1;
    if (slo > last2)
        return;
    int quad = w->c->stages_sweep == ECS_STAGES_SWEEP_QUADRATIC;
    dc x = {w->z, sj, F, w->E, TERM_BOTH, tr != NULL, w->H1,
            tr != NULL ? w->arg : NULL};
    sweep_reset(w->z);
    if (tr != NULL) {
        dc_solve(&x, slo, last2, 0, ne - 1);
        for (long s = slo; s <= last2; s++)
            if (w->H1[s] < G[s]) {
                G[s] = w->H1[s];
                tr->arg_e[bnd_trace_at(tr, j + 1, s)] = w->arg[s];
            }
        w->chosen = 1;
        return;
    }
    for (int t = 0; t < 2; t++) {
        double *H = t == 0 ? w->H1 : w->H2;
        x.term = t == 0 ? TERM_FLUID : TERM_PATHS;
        x.H = H;
        if (!quad) {
            dc_solve(&x, slo, last2, 0, ne - 1);
            continue;
        }
        for (long s = slo; s <= last2; s++)
            H[s] = HUGE_VAL;
        for (size_t i = 0; i < ne; i++) {
            long e = w->E[i];
            stage_sweep_term(w->z, sj, e + 1, last2 - 1, 0, x.term, w->out);
            for (long s = slo > e + 1 ? slo : e + 1; s <= last2; s++)
                if (F[e] + w->out[s - e - 1] < H[s])
                    H[s] = F[e] + w->out[s - e - 1];
        }
    }
    for (long s = slo; s <= last2; s++) {
        double v = w->H1[s] > w->H2[s] ? w->H1[s] : w->H2[s];
        if (v < G[s])
            G[s] = v;
    }
}

/* The block of a pass: the first slots of a stage (e + 1 over a window of
 * len values) in blocks of ceil(len / nb) slots, at least 1. */
static long stages_block(long len, long nb)
{
    long b = (len + nb - 1) / nb;
    return b < 1 ? 1 : b;
}

/* One pass of the DP, the stages' first slots in blocks of nb per window
 * (stages_block): every range of a block is priced from the block's first
 * slot, a superset of its slots, so the value is a bound for any nb and the
 * exact DP when every block is one slot (*exact set then).  With tr (the
 * choices wanted for a schedule) a block stands for two of its e instead,
 * its e of least F and its first e of finite F, and the stage is priced
 * from each e + 1: the DP restricted to those e, whose choices give every
 * stage the slots it was priced with (its value is no bound unless
 * exact).  Its first e of finite F keeps it feasible: every bottleneck
 * can finish at its earliest finish the exact DP reaches, which leaves
 * the most slots after it.  The value, or -HUGE_VAL when
 * nothing fits; *late when the time ran out (no value). */
static double stages_pass(stages_ws *w, long nb, double t_end,
                          bnd_stage_trace *tr, int *late, int *exact)
{
    cg *c = w->c;
    const ecs_graph *g = c->g;
    const ecs_platform *p = c->p;
    const size_t *bp = w->bp;
    const stage *st = w->st;
    size_t m = w->m;
    long D = c->D;
    double *G = w->G, *F = w->F, *out = w->out, *cur = w->cur,
           *nxt = w->nxt;
    long *sv = w->sv, *svn = w->svn;
    double result = -HUGE_VAL;
    *late = 0;
    *exact = 1;
    /* G: the least cost of everything before bottleneck j, by its first
     * slot s; stage 0 runs inside 0..s-1 */
    for (long l = 0; l <= D; l++)
        G[l] = F[l] = HUGE_VAL;
    {
        size_t b = g->topo[bp[0]];
        long es = c->wp->es[b], last = c->wp->lf[b] - g->work[b] + 1;
        if (last >= es) {
            stage_sweep(w->z, &st[0], 0, last - 1, tr != NULL, out);
            for (long s = es; s <= last; s++)
                G[s] = out[s];
        }
    }
    for (size_t j = 0; j < m; j++) {
        if (ecs_clock_now() >= t_end)
            goto late;
        size_t b = g->topo[bp[j]];
        long es = c->wp->es[b], lf = c->wp->lf[b];
        /* F: everything up to bottleneck j, by its last slot e */
        for (long l = 0; l <= D; l++)
            F[l] = HUGE_VAL;
        /* min_s G(s) + c(b, s, e) for every e in one pricing DP over the
         * window: a start at s enters work 0 at cost G(s) */
        long W = g->work[b] * p->grid;
        for (long v = 0; v <= W; v++)
            cur[v] = HUGE_VAL;
        for (long l = es; l <= lf; l++) {
            if (G[l] < cur[0]) {
                cur[0] = G[l];
                sv[0] = l;
            }
            bnd_dp_step(p, W, c->price[l], 0.0, &cur, &sv, &nxt, &svn);
            F[l] = cur[W];
            if (tr != NULL && cur[W] != HUGE_VAL)
                tr->arg_s[bnd_trace_at(tr, j, l)] = sv[W];
        }
        for (long l = 0; l <= D; l++)
            G[l] = HUGE_VAL;
        const stage *sj = &st[j + 1];
        long blk = stages_block(lf - es + 1, nb);
        if (blk > 1)
            *exact = 0;
        if (j + 1 == m && blk == 1) {
            /* the exact pass: the last stage inside e+1 .. D-1 for every
             * e, one sweep from D-1 down */
            sweep_reset(w->z);
            long a = D;
            for (long e = lf; e >= es; e--) {
                if (F[e] == HUGE_VAL)
                    continue;
                if (sj->work > 0.0)
                    for (; a > e + 1; a--)
                        sweep_insert_slot(w->z, a - 1);
                double v = sj->work <= 0.0 ? 0.0
                           : stage_fits(w->z, sj, D - e - 1, tr != NULL)
                               ? stage_query(w->z, sj)
                               : HUGE_VAL;
                if (F[e] + v < result || result == -HUGE_VAL ||
                    (F[e] + v == result && tr != NULL)) {
                    result = F[e] + v;
                    if (tr != NULL)
                        tr->last_e = e;
                }
            }
            break;
        }
        if (j + 1 == m) {
            /* the last stage inside e+1 .. D-1, priced from a0 - 1 = the
             * block's first e */
            for (long a0 = es + 1; a0 <= lf + 1; a0 += blk) {
                long ehi = a0 + blk - 2 < lf ? a0 + blk - 2 : lf, eb = -1;
                long ef = -1;
                for (long e = a0 - 1; e <= ehi; e++)
                    if (F[e] != HUGE_VAL) {
                        if (ef < 0)
                            ef = e;
                        if (eb < 0 || F[e] < F[eb])
                            eb = e;
                    }
                if (eb < 0)
                    continue;
                if (ecs_clock_now() >= t_end)
                    goto late; /* a minimum over some e only: no bound */
                /* with tr the block's candidates (stages_pass) */
                for (int ci = 0; ci < (tr != NULL && ef != eb ? 2 : 1); ci++) {
                if (ci == 1)
                    eb = ef;
                double fb = F[eb];
                long a = tr != NULL ? eb + 1 : a0; /* the choice's own */
                double v;
                if (sj->work <= 0.0) {
                    v = 0.0;
                } else {
                    sweep_reset(w->z);
                    for (long l = a; l < D; l++)
                        sweep_insert_slot(w->z, l);
                    v = stage_fits(w->z, sj, D - a, tr != NULL)
                            ? stage_query(w->z, sj)
                                                    : HUGE_VAL;
                }
                if (fb + v < result || result == -HUGE_VAL) {
                    result = fb + v;
                    if (tr != NULL)
                        tr->last_e = eb;
                }
                }
            }
            break;
        }
        size_t b2 = g->topo[bp[j + 1]];
        long es2 = c->wp->es[b2], last2 = c->wp->lf[b2] - g->work[b2] + 1;
        /* (the schedule's under ECS_STAGES_SWEEP_QUADRATIC: the sweep
         * per e below) */
        if (blk == 1 &&
            stage_by_terms(c->stages_sweep, lf - es + 1, last2 - es2 + 1) &&
            !(tr != NULL && c->stages_sweep == ECS_STAGES_SWEEP_QUADRATIC)) {
            stage_exact(w, sj, es, lf, es2, last2, tr, j);
            continue;
        }
        double before = HUGE_VAL; /* the least F(e) of the blocks before */
        for (long a0 = es + 1; a0 <= lf + 1 && a0 <= last2; a0 += blk) {
            long elo = a0 - 1, ehi = a0 + blk - 2 < lf ? a0 + blk - 2 : lf;
            long e, eb = -1, ef = -1;
            for (e = elo; e <= ehi; e++)
                if (F[e] != HUGE_VAL) {
                    if (ef < 0)
                        ef = e;
                    if (eb < 0 || F[e] < F[eb])
                        eb = e;
                }
            /* an earlier e of no more cost leaves the stage more slots:
             * the block cannot give any s a smaller G */
            if (eb < 0 || F[eb] >= before)
                continue;
            double fmin = F[eb];
            if (ecs_clock_now() >= t_end)
                goto late;
            /* with tr the block's candidates: its e of least F, and its
             * first e of finite F (the most slots after it: the
             * restricted DP then has a schedule wherever the exact one
             * has, see stages_pass) unless dominated */
            for (int ci = 0; ci < (tr != NULL && ef != eb ? 2 : 1); ci++) {
            if (ci == 1) {
                if (F[ef] >= before)
                    break;
                eb = ef;
            }
            /* the stage inside a..s-1 for every s, then the least F(e)
             * over the block's e < s (a running minimum); with tr the
             * candidate alone */
            long a = a0;
            if (tr != NULL) {
                a = eb + 1;
                elo = ehi = eb;
            }
            stage_sweep(w->z, sj, a, last2 - 1, tr != NULL, out);
            double pm = HUGE_VAL;
            long pe = -1, ne = elo;
            for (long s2 = es2 > a ? es2 : a; s2 <= last2; s2++) {
                for (; ne <= ehi && ne <= s2 - 1; ne++)
                    if (F[ne] < pm) {
                        pm = F[ne];
                        pe = ne;
                    }
                if (pm == HUGE_VAL)
                    continue;
                double v = pm + out[s2 - a];
                if (v < G[s2]) {
                    G[s2] = v;
                    if (tr != NULL)
                        tr->arg_e[bnd_trace_at(tr, j + 1, s2)] = pe;
                }
            }
            }
            before = fmin;
        }
    }
    if (result == HUGE_VAL)
        result = -HUGE_VAL; /* nothing fits: claim nothing */
    else if (result != -HUGE_VAL)
        result -= 1e-10 * (1.0 + fabs(result)); /* the sums' rounding */
    return result;
late:
    *late = 1;
    return -HUGE_VAL;
}

double bnd_stages_trace(cg *c, double t_end, long max_blocks,
                        bnd_stage_trace *tr)
{
    const ecs_graph *g = c->g;
    const ecs_platform *p = c->p;
    long D = c->D;
    size_t n = g->n;
    if (n == 0 || D < 1)
        return -HUGE_VAL;
    size_t *bp = malloc(n * sizeof *bp);
    if (bp == NULL)
        return -HUGE_VAL;
    size_t m = bnd_bottlenecks(g, bp);
    if (m == 0 || m == (size_t)-1) {
        free(bp);
        return -HUGE_VAL;
    }
    stage *st = calloc(m + 1, sizeof *st);
    long maxw = 1;
    for (size_t j = 0; j < m; j++)
        if (g->work[g->topo[bp[j]]] > maxw)
            maxw = g->work[g->topo[bp[j]]];
    size_t D1 = (size_t)D + 1;
    double *G = malloc(D1 * sizeof *G);
    double *F = malloc(D1 * sizeof *F);
    double *out = malloc((D1 + 1) * sizeof *out);
    size_t W1 = (size_t)(maxw * p->grid) + 1;
    double *cur = malloc(W1 * sizeof *cur), *nxt = malloc(W1 * sizeof *nxt);
    long *sv = malloc(W1 * sizeof *sv), *svn = malloc(W1 * sizeof *svn);
    double *H1 = malloc(D1 * sizeof *H1), *H2 = malloc(D1 * sizeof *H2);
    long *E = malloc(D1 * sizeof *E), *arg = malloc(D1 * sizeof *arg);
    /* a pass's choices, kept by the caller's trace when it is the best */
    bnd_stage_trace pt = {NULL, NULL, NULL, NULL, -1, -HUGE_VAL};
    int pt_bad = tr != NULL && bnd_stage_trace_alloc(c, bp, m, SIZE_MAX, &pt);
    sweep z;
    int zok = 0;
    double result = -HUGE_VAL;
    if (!st || !G || !F || !out || !cur || !nxt || !sv || !svn || !H1 ||
        !H2 || !E || !arg || pt_bad)
        goto done;
    if (sweep_init(&z, p, c->price, D) != 0)
        goto done;
    zok = 1;
    if (stages_describe(g, p->pes, bp, m, st) != 0)
        goto done;
    stages_ws w = {c,  bp,  m,  st, &z, G,   F,  out, cur,
                   nxt, sv, svn, H1, H2, E, arg, 0};
    /* coarse to fine: 16 blocks a window, then 4 times more each pass
     * (straight to the exact pass once it can end in time), until the
     * exact pass or the time; the largest value is the bound.  The
     * schedule (tr) takes the choices of the pass of least value (the DP
     * over some e of each window, or over all of them: the exact pass) */
    if (tr != NULL)
        tr->exact = -HUGE_VAL;
    for (long nb = stages_first_blocks(c, bp, m, max_blocks, tr != NULL);;) {
        int late, exact;
        w.chosen = 0;
        double tp = ecs_clock_now();
        double v = stages_pass(&w, nb, t_end, tr ? &pt : NULL, &late, &exact);
        tp = ecs_clock_now() - tp;
        if (late)
            break;
        if (v != -HUGE_VAL &&
            (result == -HUGE_VAL || (tr != NULL ? v < result : v > result))) {
            result = v;
            if (tr != NULL) {
                memcpy(tr->arg_s, pt.arg_s, pt.off[m] * sizeof *pt.arg_s);
                memcpy(tr->arg_e, pt.arg_e, pt.off[m] * sizeof *pt.arg_e);
                tr->last_e = pt.last_e;
            }
        }
        if (exact && tr != NULL && !w.chosen &&
            stages_same_fit(st, m, p->pes))
            tr->exact = v; /* the bound's DP too */
        if (exact || nb > D)
            break;
        /* a pass costs about one sweep per block: straight to the exact
         * pass when it can end in the time left, else 4 times finer; one
         * that cannot end is not begun (its time is the caller's) */
        double left = t_end - ecs_clock_now(),
               per = tp / stages_sweeps(c, bp, m, nb);
        long next = 4 * nb;
        if ((max_blocks == 0 || D + 1 <= max_blocks) &&
            per * stages_sweeps(c, bp, m, D + 1) <= left)
            next = D + 1;
        if ((max_blocks > 0 && next > max_blocks) ||
            per * stages_sweeps(c, bp, m, next) > left)
            break;
        nb = next;
    }
done:
    if (zok)
        sweep_free(&z);
    bnd_stage_trace_free(&pt);
    free(bp);
    free(st);
    free(G);
    free(F);
    free(out);
    free(cur);
    free(nxt);
    free(sv);
    free(svn);
    free(H1);
    free(H2);
    free(E);
    free(arg);
    return result;
}
