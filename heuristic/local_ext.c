/*
 * Local search on the extended model (local.h "The extended model";
 * docs/MODEL.md "Local heuristic", "Heterogeneous platforms"): one task
 * at a time re-placed on any PE of any class, any interval of its room and
 * any frequency profile, priced exactly by its marginal cost on the draw of
 * the others, the caps kept; iterated with seeded kicks.
 */
#include "local_internal.h"

#include "ecsched/check.h"

#include <glpk.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most PE-slot cells of the occupancy table. */
#define LX_MAX_CELLS (1L << 25)

/* The most DP cells (slots x work states) of one segment. */
#define LX_MAX_DP (1L << 27)

/* Random builds tried when the three greedy ones meet no schedule. */
#define LX_BUILD_TRIES 32

/* Rebuilds: share of the kicks (%) that build a new start (a random
 * topological order, a random choice of placement per task), on graphs up
 * to this many tasks. */
#define LX_RELIST_PCT 20
#define LX_RELIST_TASKS 200

/* Kicks of phase 1 (a start under the caps), at most. */
#define LX_REPAIR_KICKS 200

/* Partners tried per task by the pair move. */
#define LX_PAIR_TRIES 6

/* Longest chain re-placed jointly (tasks), and the most DP work (slot x
 * slot x work state x frequency steps) one chain move may take. */
#define LX_CHAIN_MAX 6
#define LX_CHAIN_BUDGET 4e6

/* Record to record travel: a kick's result is accepted when it is less
 * than this share (scaled down over a stall) above the best. */
#define LX_RRT 0.02

/* Ruin and recreate: share of the kicks (%); the most tasks taken off,
 * as a share of n (%) and at most. */
#define LX_RUIN_PCT 50u
#define LX_RUIN_SHARE 60u
#define LX_RUIN_MAX 64

/* Ejection kicks (lx_eject): the share of the kicks (%), taken out of
 * the ruins' LX_RUIN_PCT, on graphs of up to LX_STALL_TASKS tasks (above,
 * in solve's local phase at scale, the ruins keep their share: not
 * measured there; bench/results/local_ext.md "Tenth round"). */
#define LX_EJECT_PCT 10u

/* Ruins tried per ruin of ruin_start (a ruin whose tasks do not all find
 * room again is undone). */
#define LX_RUIN_TRIES 8u
/* the site exchange (lx_swap; two sites or more, graphs of up to
 * LX_STALL_TASKS tasks): LX_SWAP_TRIES kicks after each stall, from the
 * best; up to LX_SWAP_MAX tasks of one site against up to LX_SWAP_MAX + 1
 * of another chosen among its LX_SWAP_POOL nearest in time, and up to
 * LX_SWAP_NEAR tasks around them re-timed */
#define LX_SWAP_TRIES 30
#define LX_SWAP_MAX 3u
#define LX_SWAP_POOL 8u
#define LX_SWAP_NEAR 8u

/* Block shifts: share of the kicks (%). */
#define LX_SHIFT_PCT 15u

/* The window move (an exact sub-problem): share of the kicks that try one
 * first (%), the tasks of a window (at least, at most), the most columns
 * of one window (built) and of one task (kept: the cheapest), the
 * branch-and-bound nodes of the window's MILP (a limit that depends on no
 * clock) and, on graphs of more than LX_STALL_TASKS tasks only, GLPK's time
 * limit on it (ms, a guard: solve's local phase at scale runs under solve's
 * clock anyway; below, the work limits LX_WIN_LP_ITS and LX_WIN_ITS). */
#define LX_WIN_PCT 60u
#define LX_WIN_MIN 6
#define LX_WIN_MAX 12
#define LX_WIN_COLS 20000
#define LX_WIN_MS 1000
#define LX_WIN_NODES 200
#define LX_WIN_KEEP 150

/* The window LP's first columns per task (the cheapest, and its place
 * now) and the most that join per task and round by their reduced costs
 * (bench/results/local_ext.md "Ninth round": 16 and 8 take 5 rounds of
 * column generation per window where 8 and 4 took 7 to 8). */
#define LX_WIN_START 16
#define LX_WIN_ADD 8
/* ... and on graphs of more than LX_STALL_TASKS tasks (solve's local
 * phase at scale, where the LP's size costs more than its rounds: montage
 * 03d, 748 tasks, three sites, `solve --time-limit 120`: 4.85 % with 16
 * and 8, 3.61 % with these; bench/results/local_ext.md "Ninth round") */
#define LX_WIN_START_LARGE 8
#define LX_WIN_ADD_LARGE 4
_Static_assert(LX_WIN_ADD_LARGE <= LX_WIN_ADD, "pick[] is sized by LX_WIN_ADD");

/* Recombination (lx_recombine): the elite's size, the kicks between two
 * recombinations (at least: only when the elite changed since), each
 * task's cheapest intervals per class among its columns (lx_rc_cheap)
 * and the most branch-and-bound nodes of its MILP (no clock). */
#define LX_ELITE 8
#define LX_RECOMB_EVERY 20
#define LX_RC_CHEAP 40
#define LX_RC_NODES 30
#define LX_RC_COLS 20000 /* the most columns of lx_rc_cheap, each counted
                            once per PE of its class: else none */
#define LX_RC_MS 10000 /* GLPK's time limit (ms): a guard, as LX_WIN_MS
                          (above LX_STALL_TASKS tasks only) */
#define LX_RC_ITS 400 /* the most simplex iterations of its branch and
                          bound (work, beside LX_RC_NODES: 30 nodes took
                          800 to 1,600 iterations and 0.2 to 0.4 s on
                          `sites3` P = 4 g28; on graphs of up to
                          LX_STALL_TASKS tasks only, as the first basis
                          and LX_WIN_START/LX_WIN_ADD: at scale the
                          eighth round's window did better, layered 300
                          on three sites at 120 s 2.06 % against 2.70 %) */
#define LX_RC_REFUSED 2 /* with a source or a cap: no recombination after
                           more than LX_RC_REFUSED x (kept + 1) refused */

/* GLPK's work limits inside the window and the recombination on graphs of
 * up to LX_STALL_TASKS tasks, in place of the clock (LX_WIN_MS, LX_RC_MS),
 * so that the same command gives the same schedule under any load: the
 * most simplex iterations of one LP solve of a window (GLPK's it_lim), of
 * one of the recombination, and of a window's branch and bound (counted
 * from the callback at each node's selection, beside LX_WIN_NODES; the
 * recombination's is LX_RC_ITS).  Sized far above what is used: over the
 * 15 cases of the development set at seed 1 (11,000 LP solves, 360
 * branch and bounds), at most 132, 670 and 1,288 iterations
 * (bench/results/local_ext.md "Eleventh round").  A window whose LP stops
 * at the limit is given up, as one whose LP is not solved. */
#define LX_WIN_LP_ITS 5000
#define LX_RC_LP_ITS 20000
#define LX_WIN_ITS 20000

/* Where the slot cost is not linear in the draw (a source, a cap), the
 * share of the draw of a window's other tasks, where they are now, that
 * its columns are priced on (lx_seen): of the window move's, of the
 * recombination's (bench/results/local_ext.md "Seventh round"). */
#define LX_WIN_SHARE 1.0
#define LX_RC_SHARE 0.5

/* Tasks kicked at once, at most. */
#define LX_KICK_TASKS 3

/* A stall ends after max_stall kicks up to LX_STALL_TASKS tasks, above
 * after max_stall x LX_STALL_TASKS / n (at least LX_STALL_MIN), as in the
 * paper model's local search.  (Up to the eighth round of
 * bench/results/local_ext.md graphs of 13 to 64 tasks stopped after half
 * of max_stall to max_stall x n / 64; the whole stall, the one lever
 * that moved the worst cases, costs 1.1 x the CPU there with the ninth
 * round's cheaper window.) */
#define LX_STALL_TASKS 100
#define LX_STALL_MIN 5

/* A free stretch of one PE inside a task's room. */
typedef struct lx_seg {
    int cls, pe;
    long a, b;
} lx_seg;

/* A column of the window move: one task of the window on PE pe over
 * [s, e] at its cheapest profile there (cost on the draw of the others). */
typedef struct lx_col {
    int pe;
    long s, e;
    double cost;
} lx_col;

/* A column of the recombination kept for the next one. */
typedef struct lx_rcp {
    size_t i;
    int cls;
    long s, e;
} lx_rcp;

/* A placement of one task. */
typedef struct lx_place {
    int cls, pe;
    long s, e;
    double cost;      /* marginal cost on the others' draw */
} lx_place;

typedef struct lx {
    const ecs_instance *inst;
    const ecs_graph *g;   /* the checker's graph */
    const ecs_graph *sg;  /* the solver graph (its reduction) */
    const ecs_platform *p;
    const ecs_local_params *prm;
    long D;
    size_t n;
    int ncls, nsite, P;
    size_t K;
    long grid;
    int site_of[ECS_MAX_CLASSES], first[ECS_MAX_CLASSES];
    int count[ECS_MAX_CLASSES];
    double idle[ECS_MAX_CLASSES];
    long q[ECS_MAX_CLASSES][ECS_MAX_FREQS]; /* speed_q / unit[c] */
    double dl[ECS_MAX_CLASSES][ECS_MAX_FREQS]; /* busy - idle */
    long unit[ECS_MAX_CLASSES];
    const long *es, *lf;  /* windows */
    /* the state */
    int *pe, *cls;        /* pe -1: not placed */
    long *s, *e;
    unsigned char *fq;    /* n * D: task i's profile at fq + i * D */
    int *occ;             /* P * D: the task on PE q in slot l, or -1 */
    double *draw;         /* nsite * D */
    double base[ECS_MAX_SITES];
    double total;
    /* a saved state */
    int *b_pe, *b_cls;
    long *b_s, *b_e;
    unsigned char *b_fq;
    double b_total;
    /* scratch */
    lx_seg *seg;
    size_t nseg, cap_seg;
    double *mc;           /* D * K marginal costs */
    double *val, *nval;   /* states */
    int *prev;            /* D * (nmax + 1) */
    unsigned char *pk;    /* D * (nmax + 1) */
    unsigned char *best_fq; /* D */
    unsigned char *cand_fq; /* D */
    unsigned char *pair_fq; /* 6 * D: two old profiles, two new ones, the
                               two first placements */
    double *pair_e0;      /* nsite * D: the pair move's draw with both off */
    /* lx_profile_from's slot costs of class pf_c over [pf_a, pf_b] on the
     * draw as it is (lx_pf_fill), read instead of computed again for each
     * start of one stretch (pf_c -1: none) */
    double *pf_mc;        /* D * K */
    int pf_c;
    long pf_a, pf_b;
    int linear;           /* no source, no cap: slot costs linear */
    double *price;        /* nsite * D: the prices (linear) */
    /* with sources: each site's and slot's sources cheaper than its price
     * and not empty, in the order ecs_instance_slot_cover takes them
     * (cov_m of them at cov_v, cov_p + (q D + l) nsource: volume,
     * price), so that lx_slot prices a draw by the same sums without
     * sorting them again (the DP's slot costs, bench/results/local_ext.md
     * "Eleventh round") */
    unsigned char *cov_m;
    double *cov_v, *cov_p;
    /* linear: each task's interval costs on each class, which then do not
     * depend on the draw (lx_tab): X(s, e) the cheapest profile started
     * in s (at f > 0) and done by e, M(a, b) the least X inside [a, b];
     * task i on class c over its window [es, lf] (L slots) at
     * tab + toff[i * ncls + c], X(s, e) at (s - es) * L + e - es, M at
     * L * L after it */
    double *tab;
    size_t *toff;
    int tab_ready;        /* built (1), not wanted or too large (-1), not yet */
    size_t *partner;      /* n */
    unsigned char *chain_fq; /* LX_CHAIN_MAX * D */
    double *chain_g, *chain_tab, *chain_tmp; /* LX_CHAIN_MAX * D, D, D */
    long *chain_s, *chain_e; /* LX_CHAIN_MAX * D */
    size_t *order;
    long nmax;
    /* don't-look bits: dirty (single moves), dirty2 (pair and chain
     * moves); the slots changed by the move under way */
    unsigned char *dirty, *dirty2;
    long chg_lo, chg_hi;
    /* ruin and recreate: the tasks taken off, their order */
    unsigned char *gone;
    lh_key *rkey;
    int *ban;             /* when not NULL: the class task i may not take */
    int *old_cls;         /* n: the classes before a ruin */
    double cls_best[ECS_MAX_CLASSES]; /* lx_best_in: the least per class */
    long *dist;
    /* the window move: its columns, its tasks' old placements */
    struct lx_col *wcol;
    size_t ncol, cap_col;
    double *wtab;         /* D * D exact-start costs of one stretch */
    int *wocc;            /* P * D: the window's PE-slot rows */
    int *wia, *wja;       /* the window MILP's matrix (from 1) */
    double *war;
    size_t nnz, cap_nz;
    void *wlp;            /* its GLPK problem while it is built */
    double *winc;         /* ncol + 1: the incumbent given to GLPK */
    size_t *wcp, *wback;  /* the window matrix by column; GLPK's columns */
    int *wri, *wgl;
    double *wcst, *wdual;
    int no_glpk;          /* GLPK failed: no window moves */
    unsigned char *wfq;   /* LX_WIN_MAX * D */
    double *wfull, *wfix; /* nsite * D: the draw with the window's (or the
                             recombination's) tasks, without them */
    unsigned char *wst;   /* P * D: where columns start and end */
    /* recombination: the elite (the cheapest distinct local optima seen,
     * LX_ELITE at most: each task's PE, start and end) */
    int *el_pe;
    long *el_s, *el_e;
    double el_total[LX_ELITE];
    int nel, el_new;      /* how many; added since the last recombination */
    size_t *rc_wt, *rc_off, *rc_best; /* n, n + 1, n */
    long *rc_last;        /* P: lx_rc_pes's last end per PE */
    struct lx_col *rc_col; /* each task's cheapest columns (lx_rc_cheap) */
    size_t *rc_coff;      /* n + 1 */
    int rc_ready;         /* rc_col built (1), too large or given up (-1),
                             not yet */
    int rc_kept, rc_refused; /* recombinations kept; found by the MILP but
                                refused by the real draw */
    int agg;              /* lx_win_milp: a column's pe is its class, the
                             class-slot rows bounded by the class's count */
    /* the recombination LP's columns at the end of its column generation
     * (task, class, start, end; up to LX_STALL_TASKS tasks its basic
     * ones), its next LP's first columns (winit) */
    struct lx_rcp *rc_prev;
    size_t nprev, cap_prev;
    unsigned char *winit;
    size_t cap_init;
    /* bookkeeping */
    ecs_rng rng;
    double t_end;
    double t0, t_report;  /* the start; the next progress report */
    int out_of_time, out_of_effort;
    unsigned long moves, improved, rows;
    long rounds;
    int oom;
    int phase1;           /* minimising the draw above the caps */
} lx;

static int lx_time_up(lx *x)
{
    if (!x->out_of_time && x->prm->max_moves > 0 &&
        x->moves >= x->prm->max_moves) {
        x->out_of_time = 1;
        x->out_of_effort = 1;
    }
    double now = x->out_of_time ? 0 : lh_now();
    if (!x->out_of_time && now >= x->t_end)
        x->out_of_time = 1;
    if (!x->out_of_time && x->prm->progress != NULL && now >= x->t_report) {
        ecs_progress pr = {"local", now - x->t0, x->phase1 ? NAN : x->total, NAN, NAN,
                           (unsigned long long)x->rounds};
        x->prm->progress(x->prm->progress_ctx, &pr);
        x->t_report = now + x->prm->progress_every_s;
    }
    return x->out_of_time;
}

static long gcd_l(long a, long b)
{
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Work states of task i on class c: ceil(w G / unit). */
static long need_of(const lx *x, size_t i, int c)
{
    long w = x->g->work[i] * x->grid;
    return (w + x->unit[c] - 1) / x->unit[c];
}

/* ---- the draw ---- */

/* The cap of site q in slot l with the internal margin (tighter than the
 * checker's 1e-9). */
static double lx_cap(const lx *x, int q, long l)
{
    double cap = ecs_instance_cap(x->inst, q, l);
    return cap + 1e-10 * (1.0 + fabs(cap));
}

/* What the search minimises in slot l of site q at draw e: the cost
 * g_{q,l}(e); in phase 1 (no start meets the caps yet) the draw above the
 * cap instead, caps not enforced. */
static double lx_slot(const lx *x, int q, long l, double e)
{
    if (x->phase1) {
        double over = e - lx_cap(x, q, l);
        return over > 0.0 ? over : 0.0;
    }
    if (x->cov_m == NULL)
        return ecs_instance_slot_cost(x->inst, q, l, e);
    /* ecs_instance_slot_cover's sums, its order of the sources read from
     * the table */
    size_t at = (size_t)q * (size_t)x->D + (size_t)l, ns = x->inst->nsource;
    const double *v = x->cov_v + at * ns, *pr = x->cov_p + at * ns;
    double left = e > 0.0 ? e : 0.0, cost = 0.0;
    for (size_t k = 0; k < x->cov_m[at] && left > 0.0; k++) {
        double take = v[k] < left ? v[k] : left;
        cost += take * pr[k];
        left -= take;
    }
    return cost + left * x->price[at];
}

/* The cap a placement must keep (none in phase 1). */
static double lx_limit(const lx *x, int q, long l)
{
    return x->phase1 ? HUGE_VAL : lx_cap(x, q, l);
}

/* The slot cost is linear in the draw: no source, no cap, and not in
 * phase 1 (whose cost is the draw above the cap).  Then a task's slot
 * costs read the prices only, never the draw of the others. */
static int lx_lin(const lx *x)
{
    return x->linear && !x->phase1;
}

/* The draw of every site and slot, task skip left out (or (size_t)-1),
 * summed as the checker sums it (idle of the classes in their order, then
 * the tasks in index order, slot by slot). */
static void lx_fill_all(lx *x, size_t skip)
{
    size_t D = (size_t)x->D;
    for (int q = 0; q < x->nsite; q++)
        for (size_t l = 0; l < D; l++)
            x->draw[(size_t)q * D + l] = x->base[q];
    for (size_t i = 0; i < x->n; i++) {
        if (i == skip || x->pe[i] < 0)
            continue;
        int c = x->cls[i];
        double *row = x->draw + (size_t)x->site_of[c] * D;
        const unsigned char *f = x->fq + i * D;
        for (long l = x->s[i]; l <= x->e[i]; l++)
            row[l] += x->dl[c][f[l - x->s[i]]];
    }
}

/* lx_fill_all where a move reads the draw: not where the slot cost is
 * linear in it (no source, no cap; not in phase 1), where the slot costs
 * (lx_slot_costs, lx_current) read the prices only and no cap is checked
 * against it (the same schedules; the draw is summed again by lx_draw). */
static void lx_fill(lx *x, size_t skip)
{
    if (!lx_lin(x))
        lx_fill_all(x, skip);
}

/* lx_fill_all and the cost of that draw. */
static double lx_draw(lx *x, size_t skip)
{
    size_t D = (size_t)x->D;
    lx_fill_all(x, skip);
    double cost = 0.0;
    for (int q = 0; q < x->nsite; q++)
        for (long l = 0; l < x->D; l++)
            cost += lx_slot(x, q, l, x->draw[(size_t)q * D + (size_t)l]);
    return cost;
}

/* ---- occupancy ---- */

static void lx_occupy(lx *x, size_t i, int who)
{
    if (x->pe[i] < 0)
        return;
    int *row = x->occ + (size_t)x->pe[i] * (size_t)x->D;
    for (long l = x->s[i]; l <= x->e[i]; l++)
        row[l] = who;
}

static void lx_rebuild_occ(lx *x)
{
    for (size_t c = 0; c < (size_t)x->P * (size_t)x->D; c++)
        x->occ[c] = -1;
    for (size_t i = 0; i < x->n; i++)
        lx_occupy(x, i, (int)i);
}

/* ---- segments: where task i may go ---- */

static int lx_add_seg(lx *x, int c, int pe, long a, long b)
{
    for (size_t k = 0; k < x->nseg; k++) {
        lx_seg *o = &x->seg[k];
        if (o->cls != c)
            continue;
        if (o->a <= a && b <= o->b)
            return 0; /* inside one we have */
        if (a <= o->a && o->b <= b) {
            *o = (lx_seg){c, pe, a, b};
            return 0;
        }
    }
    if (x->nseg == x->cap_seg) {
        size_t nc = x->cap_seg ? 2 * x->cap_seg : 64;
        lx_seg *ns = realloc(x->seg, nc * sizeof *ns);
        if (ns == NULL)
            return -1;
        x->seg = ns;
        x->cap_seg = nc;
    }
    x->seg[x->nseg++] = (lx_seg){c, pe, a, b};
    return 0;
}

/* The free stretches of the PEs of every class within [lo, hi], task i's
 * own slots counting as free; a PE free over all of [lo, hi] ends its
 * class's scan (every other stretch lies inside). */
static int lx_segments(lx *x, size_t i, long lo, long hi)
{
    x->nseg = 0;
    for (int c = 0; c < x->ncls; c++) {
        if (x->ban != NULL && x->ban[i] == c)
            continue;
        for (int k = 0; k < x->count[c]; k++) {
            int pe = x->first[c] + k;
            const int *row = x->occ + (size_t)pe * (size_t)x->D;
            int whole = 1;
            long l = lo;
            while (l <= hi) {
                while (l <= hi && row[l] >= 0 && row[l] != (int)i) {
                    whole = 0;
                    l++;
                }
                if (l > hi)
                    break;
                long a = l;
                while (l <= hi && (row[l] < 0 || row[l] == (int)i))
                    l++;
                if (lx_add_seg(x, c, pe, a, l - 1) != 0)
                    return -1;
            }
            if (whole)
                break;
        }
    }
    return 0;
}

/* ---- the profile DP ---- */

/*
 * The cost of slot l at each frequency k for a task on class c, on the
 * current draw E: g(E + P_k - I) - g(E) (mode 0, 1), the draw above idle
 * P_k - I (mode 2); 0 at f = 0, HUGE_VAL where the cap would break.  Where
 * the slot cost is linear (no source, no cap; not in phase 1) price x
 * (P_k - I), the same bits on any draw (lx_tab).
 */
static void lx_slot_costs(const lx *x, int c, long l, int mode, double *m)
{
    int site = x->site_of[c], lin = lx_lin(x);
    size_t at = (size_t)site * (size_t)x->D + (size_t)l;
    double e0 = lin ? 0.0 : x->draw[at], g0 = lin ? 0.0 : lx_slot(x, site, l, e0);
    double cap = lx_limit(x, site, l), pr = lin ? x->price[at] : 0.0;
    for (size_t k = 0; k < x->K; k++) {
        double e1 = e0 + x->dl[c][k];
        m[k] = x->q[c][k] == 0 ? 0.0
               : e1 > cap      ? HUGE_VAL
               : mode == 2     ? x->dl[c][k]
               : lin           ? pr * x->dl[c][k]
                               : lx_slot(x, site, l, e1) - g0;
    }
}

/*
 * The cheapest profile of task i on class c inside [a, b] (one PE's free
 * stretch) on the current draw (task i left out): DP over (slot, work
 * done) with slot costs g(E + busy - idle) - g(E), frequencies that break
 * a cap excluded; work beyond the need is allowed (a slot that earns pays
 * for it), waits at f = 0 too, also after the work is done (the interval
 * then goes on to a later slot that earns).  mode 0: the least cost over
 * every interval; mode 1: the
 * earliest end, then the least cost; mode 2: the least energy (draw above
 * idle), whatever the prices.  Fills *pl and cand_fq (relative to
 * pl->s); 0 if found, 1 if none, -1 if too large.
 */
static int lx_profile(lx *x, size_t i, int c, long a, long b, int mode,
                      lx_place *pl)
{
    long N = need_of(x, i, c), len = b - a + 1;
    size_t K = x->K, W = (size_t)N + 1, D = (size_t)x->D;
    if (len * (long)W > LX_MAX_DP)
        return -1;
    if (len * x->q[c][0] < N)
        return 1;
    x->rows++;
    for (long l = a; l <= b; l++)
        lx_slot_costs(x, c, l, mode, x->mc + (size_t)(l - a) * K);
    double *val = x->val, *nv = x->nval;
    for (size_t w = 0; w < W; w++)
        val[w] = HUGE_VAL;
    double best = HUGE_VAL;
    long bend = -1;
    for (long l = a; l <= b; l++) {
        const double *m = x->mc + (size_t)(l - a) * K;
        int *pv = x->prev + (size_t)(l - a) * W;
        unsigned char *pk = x->pk + (size_t)(l - a) * W;
        for (size_t w = 0; w < W; w++)
            nv[w] = HUGE_VAL;
        /* start in slot l (not at f = 0: that is a later start) */
        for (size_t k = 0; k < K; k++) {
            if (x->q[c][k] == 0 || m[k] == HUGE_VAL)
                continue;
            size_t w1 = (size_t)(x->q[c][k] < N ? x->q[c][k] : N);
            if (m[k] < nv[w1]) {
                nv[w1] = m[k];
                pv[w1] = -1;
                pk[w1] = (unsigned char)k;
            }
        }
        for (size_t w = 0; w < W; w++) {
            if (val[w] == HUGE_VAL)
                continue;
            for (size_t k = 0; k < K; k++) {
                if (m[k] == HUGE_VAL)
                    continue;
                long w1l = (long)w + x->q[c][k];
                size_t w1 = (size_t)(w1l < N ? w1l : N);
                double v = val[w] + m[k];
                if (v < nv[w1]) {
                    nv[w1] = v;
                    pv[w1] = (int)w;
                    pk[w1] = (unsigned char)k;
                }
            }
        }
        double *t = val;
        val = nv;
        nv = t;
        if (val[N] < best) {
            best = val[N];
            bend = l;
            if (mode == 1)
                break;
        }
    }
    if (bend < 0)
        return 1;
    /* walk back from (bend, N) */
    long w = N, l = bend;
    for (;;) {
        size_t r = (size_t)(l - a) * W + (size_t)w;
        x->cand_fq[l] = x->pk[r];
        int pw = x->prev[r];
        if (pw < 0)
            break;
        w = pw;
        l--;
    }
    pl->cls = c;
    pl->s = l;
    pl->e = bend;
    pl->cost = best;
    (void)D;
    return 0;
}

/* The room of task i: after its placed predecessors, before its placed
 * successors, inside its window. */
static void lx_room(const lx *x, size_t i, long *lo, long *hi)
{
    const ecs_graph *g = x->sg;
    long a = x->es[i], b = x->lf[i];
    for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++) {
        size_t u = g->pred[k];
        if (x->pe[u] >= 0 && x->e[u] + 1 > a)
            a = x->e[u] + 1;
    }
    for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
        size_t v = g->succ[k];
        if (x->pe[v] >= 0 && x->s[v] - 1 < b)
            b = x->s[v] - 1;
    }
    if (a < 0)
        a = 0;
    if (b > x->D - 1)
        b = x->D - 1;
    *lo = a;
    *hi = b;
}

/* A move begins: no slot changed yet. */
static void lx_begin(lx *x)
{
    x->chg_lo = LONG_MAX;
    x->chg_hi = LONG_MIN;
}

/* A move was kept: every task whose interval reaches within one slot of
 * the slots it changed may move again (its marginal costs, its room or
 * its PEs' free stretches changed), and so may the graph neighbours of
 * those tasks (their room changed). */
static void lx_touch(lx *x)
{
    if (x->chg_lo > x->chg_hi)
        return;
    const ecs_graph *g = x->sg;
    for (size_t t = 0; t < x->n; t++) {
        if (x->pe[t] < 0 || x->e[t] < x->chg_lo - 1 ||
            x->s[t] > x->chg_hi + 1)
            continue;
        x->dirty[t] = x->dirty2[t] = 1;
        for (size_t k = g->pred_off[t]; k < g->pred_off[t + 1]; k++)
            x->dirty[g->pred[k]] = x->dirty2[g->pred[k]] = 1;
        for (size_t k = g->succ_off[t]; k < g->succ_off[t + 1]; k++)
            x->dirty[g->succ[k]] = x->dirty2[g->succ[k]] = 1;
    }
}

/* After a kick rebuilt the schedule: its total drawn again, its changed
 * tasks and their neighbours free to move (lx_touch). */
static void lx_settle(lx *x)
{
    x->total = lx_draw(x, (size_t)-1);
    lx_touch(x);
}

static int lx_tab(lx *x);
static double lx_tab_least(const lx *x, size_t i, int c, long a, long b);

/* With the tables, task i's least cost over the segments (lx_segments
 * computed) from each one's M, the first segment of the least into *bk;
 * x->cls_best set. */
static double lx_least(lx *x, size_t i, size_t *bk)
{
    double least = HUGE_VAL;
    *bk = 0;
    for (size_t k = 0; k < x->nseg; k++) {
        const lx_seg *sg = &x->seg[k];
        double v = lx_tab_least(x, i, sg->cls, sg->a, sg->b);
        if (v < x->cls_best[sg->cls])
            x->cls_best[sg->cls] = v;
        if (v < least) {
            least = v;
            *bk = k;
        }
    }
    return least;
}

/* Task i's least cost where it may go now (its room, the free stretches;
 * left out of the draw) into *v when the tables are there: 0; 1 when they
 * are not; -1 out of memory. */
static int lx_least_of(lx *x, size_t i, double *v)
{
    int tab = lx_tab(x);
    if (tab <= 0)
        return tab < 0 ? -1 : 1;
    long lo, hi;
    lx_room(x, i, &lo, &hi);
    *v = HUGE_VAL;
    if (lo > hi)
        return 0;
    if (lo < x->es[i] || hi > x->lf[i])
        return 1;
    if (lx_segments(x, i, lo, hi) != 0)
        return -1;
    for (int c = 0; c < x->ncls; c++)
        x->cls_best[c] = HUGE_VAL;
    size_t bk;
    *v = lx_least(x, i, &bk);
    return 0;
}

/*
 * The best placement of task i (left out of the draw, which the caller
 * computed) over every segment: *pl and best_fq.  0 found, 1 none, -1 out
 * of memory or too large.  With the tables (lx_tab, mode 0) each segment's
 * least cost is read and only the first segment of the least runs its DP
 * (for the profile): the same placement as the DP on every segment; none
 * (1) when the least is not below bar (the caller would not take it).
 */
static int lx_best_below(lx *x, size_t i, long lo, long hi, int mode,
                         double bar, lx_place *pl)
{
    if (lo > hi)
        return 1;
    if (lx_segments(x, i, lo, hi) != 0)
        return -1;
    int found = 0;
    for (int c = 0; c < x->ncls; c++)
        x->cls_best[c] = HUGE_VAL;
    int tab = mode == 0 ? lx_tab(x) : 0;
    if (tab < 0)
        return -1;
    if (tab > 0 && lo >= x->es[i] && hi <= x->lf[i]) {
        size_t bk;
        double least = lx_least(x, i, &bk);
        if (least == HUGE_VAL || !(least < bar))
            return 1;
        /* its DP up to the first end where M(a, e) reaches the least: the
         * DP's first end of its least, where it stops improving */
        lx_seg sg = x->seg[bk];
        long e = sg.a;
        while (e < sg.b && lx_tab_least(x, i, sg.cls, sg.a, e) != least)
            e++;
        int rc = lx_profile(x, i, sg.cls, sg.a, e, 0, pl);
        if (rc != 0)
            return rc < 0 ? -1 : 1;
        pl->pe = sg.pe;
        memcpy(x->best_fq + pl->s, x->cand_fq + pl->s, (size_t)(pl->e - pl->s + 1));
        return 0;
    }
    for (size_t k = 0; k < x->nseg; k++) {
        lx_seg sg = x->seg[k];
        lx_place c;
        int rc = lx_profile(x, i, sg.cls, sg.a, sg.b, mode, &c);
        if (rc < 0)
            return -1;
        if (rc > 0)
            continue;
        if (c.cost < x->cls_best[sg.cls])
            x->cls_best[sg.cls] = c.cost;
        int better = !found ||
                     (mode != 1 ? c.cost < pl->cost
                                : c.e < pl->e || (c.e == pl->e && c.cost < pl->cost));
        if (better) {
            c.pe = sg.pe;
            *pl = c;
            memcpy(x->best_fq + c.s, x->cand_fq + c.s, (size_t)(c.e - c.s + 1));
            found = 1;
        }
    }
    return found ? 0 : 1;
}

static int lx_best_in(lx *x, size_t i, long lo, long hi, int mode,
                      lx_place *pl)
{
    return lx_best_below(x, i, lo, hi, mode, HUGE_VAL, pl);
}

static int lx_best(lx *x, size_t i, int mode, lx_place *pl)
{
    long lo, hi;
    lx_room(x, i, &lo, &hi);
    return lx_best_in(x, i, lo, hi, mode, pl);
}

/*
 * The costs of task i on class c started exactly in slot s (at f > 0)
 * and ended in each slot e of [s, b] (one PE's free stretch), on the
 * current draw: out[e - s], HUGE_VAL where it cannot end.  The DP of
 * lx_profile with the start fixed.  -1 if too large.
 */
static int lx_profile_from(lx *x, size_t i, int c, long s, long b,
                           double *out)
{
    long N = need_of(x, i, c);
    size_t K = x->K, W = (size_t)N + 1;
    if ((b - s + 1) * (long)W > LX_MAX_DP)
        return -1;
    x->rows++;
    double *val = x->val, *nv = x->nval;
    for (size_t w = 0; w < W; w++)
        val[w] = HUGE_VAL;
    int pre = c == x->pf_c && s >= x->pf_a && b <= x->pf_b;
    for (long l = s; l <= b; l++) {
        double mm[ECS_MAX_FREQS];
        const double *m = mm;
        if (pre)
            m = x->pf_mc + (size_t)(l - x->pf_a) * K;
        else
            lx_slot_costs(x, c, l, 0, mm);
        for (size_t w = 0; w < W; w++)
            nv[w] = HUGE_VAL;
        if (l == s) {
            for (size_t k = 0; k < K; k++) {
                if (x->q[c][k] == 0 || m[k] == HUGE_VAL)
                    continue;
                size_t w1 = (size_t)(x->q[c][k] < N ? x->q[c][k] : N);
                if (m[k] < nv[w1])
                    nv[w1] = m[k];
            }
        }
        for (size_t w = 0; w < W; w++) {
            if (val[w] == HUGE_VAL)
                continue;
            for (size_t k = 0; k < K; k++) {
                if (m[k] == HUGE_VAL)
                    continue;
                long w1l = (long)w + x->q[c][k];
                size_t w1 = (size_t)(w1l < N ? w1l : N);
                if (val[w] + m[k] < nv[w1])
                    nv[w1] = val[w] + m[k];
            }
        }
        double *t = val;
        val = nv;
        nv = t;
        out[l - s] = val[N];
    }
    return 0;
}

/* lx_profile_from's slot costs of class c over [a, b] on the draw as it
 * is, computed once for the starts of one stretch (the same values
 * lx_slot_costs gives each time; lx_pf_done before the draw changes) */
static void lx_pf_fill(lx *x, int c, long a, long b)
{
    for (long l = a; l <= b; l++)
        lx_slot_costs(x, c, l, 0, x->pf_mc + (size_t)(l - a) * x->K);
    x->pf_c = c;
    x->pf_a = a;
    x->pf_b = b;
}

static void lx_pf_done(lx *x)
{
    x->pf_c = -1;
}

/*
 * Where the slot cost is linear in the draw (no source, no cap), task i's
 * costs on class c do not depend on where the others are (lx_profile and
 * lx_profile_from price slot l at price x draw, bit for bit the same on
 * any draw): each task's table of X(s, e) (lx_profile_from from every
 * start of its window) and M(a, b) (the least X(s, e) with a <= s <= e <=
 * b: lx_profile's cost in mode 0 over [a, b], the same sums in the same
 * order) is built once, when all fit in prm->cache_mb.  1 when the tables
 * are there, 0 when not (the DPs run each time); -1 out of memory.
 */
static int lx_tab(lx *x)
{
    if (x->tab_ready)
        return x->tab_ready > 0;
    x->tab_ready = -1;
    if (!lx_lin(x))
        return 0;
    size_t n = x->n, nc = (size_t)x->ncls, need = 0;
    for (size_t i = 0; i < n; i++) {
        size_t L = (size_t)(x->lf[i] - x->es[i] + 1);
        need += nc * 2 * L * L;
    }
    if ((double)need * sizeof(double) > x->prm->cache_mb * 1048576.0)
        return 0;
    x->toff = malloc((n * nc + 1) * sizeof *x->toff);
    x->tab = malloc((need ? need : 1) * sizeof *x->tab);
    if (x->toff == NULL || x->tab == NULL)
        return -1;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        long es = x->es[i], lf = x->lf[i];
        size_t L = (size_t)(lf - es + 1);
        for (size_t c = 0; c < nc; c++) {
            x->toff[i * nc + c] = at;
            double *X = x->tab + at, *M = X + L * L;
            for (long a = es; a <= lf; a++) {
                size_t r = (size_t)(a - es) * L;
                if (lx_profile_from(x, i, (int)c, a, lf, X + r + (size_t)(a - es)) != 0)
                    return 0; /* too large for the DP: no tables */
            }
            /* M(a, b) = min(X(a, b), M(a + 1, b), M(a, b - 1)) */
            for (size_t a = L; a-- > 0;)
                for (size_t b = a; b < L; b++) {
                    double v = X[a * L + b];
                    if (a + 1 <= b && M[(a + 1) * L + b] < v)
                        v = M[(a + 1) * L + b];
                    if (b > a && M[a * L + b - 1] < v)
                        v = M[a * L + b - 1];
                    M[a * L + b] = v;
                }
            at += 2 * L * L;
        }
    }
    x->toff[n * nc] = at;
    x->tab_ready = 1;
    return 1;
}

/* M(a, b) of task i on class c (lx_tab built). */
static double lx_tab_least(const lx *x, size_t i, int c, long a, long b)
{
    size_t L = (size_t)(x->lf[i] - x->es[i] + 1);
    const double *M = x->tab + x->toff[i * (size_t)x->ncls + (size_t)c] + L * L;
    return M[(size_t)(a - x->es[i]) * L + (size_t)(b - x->es[i])];
}

/* lx_profile_from's out[] from the tables when they are there (the same
 * values), else by its DP.  0 done, 1 too large, -1 out of memory. */
static int lx_from(lx *x, size_t i, int c, long s, long b, double *out)
{
    int t = lx_tab(x);
    if (t < 0)
        return -1;
    if (t == 0 || s < x->es[i] || b > x->lf[i])
        return lx_profile_from(x, i, c, s, b, out) != 0;
    size_t L = (size_t)(x->lf[i] - x->es[i] + 1);
    const double *X = x->tab + x->toff[i * (size_t)x->ncls + (size_t)c] +
                      (size_t)(s - x->es[i]) * L + (size_t)(s - x->es[i]);
    memcpy(out, X, (size_t)(b - s + 1) * sizeof *out);
    return 0;
}

/* Put task i at pl with profile best_fq (occupancy updated). */
static void lx_put(lx *x, size_t i, const lx_place *pl, const unsigned char *f)
{
    if (x->pe[i] >= 0) {
        if (x->s[i] < x->chg_lo)
            x->chg_lo = x->s[i];
        if (x->e[i] > x->chg_hi)
            x->chg_hi = x->e[i];
    }
    if (pl->s < x->chg_lo)
        x->chg_lo = pl->s;
    if (pl->e > x->chg_hi)
        x->chg_hi = pl->e;
    lx_occupy(x, i, -1);
    x->pe[i] = pl->pe;
    x->cls[i] = pl->cls;
    x->s[i] = pl->s;
    x->e[i] = pl->e;
    memcpy(x->fq + i * (size_t)x->D, f, (size_t)(pl->e - pl->s + 1));
    lx_occupy(x, i, (int)i);
}

/* The marginal cost of task i where it is, on the draw without it. */
static double lx_current(lx *x, size_t i)
{
    int c = x->cls[i], site = x->site_of[c];
    const double *E = x->draw + (size_t)site * (size_t)x->D;
    const double *pr = x->price + (size_t)site * (size_t)x->D;
    const unsigned char *f = x->fq + i * (size_t)x->D;
    int lin = lx_lin(x);
    double m = 0.0;
    for (long l = x->s[i]; l <= x->e[i]; l++) {
        double d = x->dl[c][f[l - x->s[i]]];
        if (d != 0.0)
            m += lin ? pr[l] * d
                     : lx_slot(x, site, l, E[l] + d) - lx_slot(x, site, l, E[l]);
    }
    return m;
}

/* Re-place task i at its best placement; 1 when the total fell, 0 when
 * not, -1 out of memory. */
static int lx_move(lx *x, size_t i)
{
    x->moves++;
    lx_begin(x);
    lx_fill(x, i);
    double cur = lx_current(x, i), bar = cur - 1e-12 * (1.0 + fabs(cur));
    lx_place pl;
    long lo, hi;
    lx_room(x, i, &lo, &hi);
    int rc = lx_best_below(x, i, lo, hi, 0, bar, &pl);
    if (rc != 0)
        return rc < 0 ? -1 : 0;
    if (!(pl.cost < bar))
        return 0;
    lx_place old = {x->cls[i], x->pe[i], x->s[i], x->e[i], cur};
    memcpy(x->cand_fq, x->fq + i * (size_t)x->D, (size_t)(old.e - old.s + 1));
    lx_put(x, i, &pl, x->best_fq + pl.s);
    double t = lx_draw(x, (size_t)-1);
    if (t < x->total - 1e-12 * (1.0 + fabs(x->total))) {
        x->total = t;
        x->improved++;
        lx_touch(x);
        return 1;
    }
    lx_put(x, i, &old, x->cand_fq); /* not cheaper after all (rounding) */
    x->total = lx_draw(x, (size_t)-1);
    return 0;
}

/* Take task i off the schedule (no draw, no PE). */
static void lx_unplace(lx *x, size_t i)
{
    lx_occupy(x, i, -1);
    x->pe[i] = -1;
}

/* Take task i off the schedule, its slots counted as changed by the
 * move under way (lx_begin). */
static void lx_take_off(lx *x, size_t i)
{
    if (x->s[i] < x->chg_lo)
        x->chg_lo = x->s[i];
    if (x->e[i] > x->chg_hi)
        x->chg_hi = x->e[i];
    lx_unplace(x, i);
}

/*
 * Where the slot cost is not linear in the draw (a source, a cap; and in
 * phase 1): a lower bound on what task b can cost once task a is placed
 * at pa with profile fa, both having been off on the draw E0 (x->pair_e0),
 * given b's best on E0 (lb: the least over every placement of b with both
 * off).  Placing a can only take room from b (its PE-slots, its
 * precedences), and changes b's slot costs only in a's slots at a's site:
 * at frequency k of a class c there, by corr = [g(E0 + da + d_ck) - g(E0 +
 * da)] - [g(E0 + d_ck) - g(E0)] (exact, for any slot cost g); so every
 * placement of b costs at least lb plus, over a's slots, the least of 0
 * and every such corr.  1 with the bound in *out; 0 when there is none: a
 * frequency that a's draw lets b take under a cap where E0 did not (a's
 * draw below idle).
 */
static int lx_pair_lb(const lx *x, const lx_place *pa, const unsigned char *fa,
                      double lb, double *out)
{
    int ca = pa->cls, site = x->site_of[ca];
    size_t at0 = (size_t)site * (size_t)x->D;
    double sum = lb;
    /* the slot cost (the cheapest cover: sources by price, each below the
     * grid's, then the grid; in phase 1 the draw above the cap) is convex
     * in a draw >= 0, so where a adds draw (da >= 0) and b's working
     * frequencies add draw too, every change is >= 0 and the least is 0:
     * such slots are skipped (the platform's check keeps a working
     * frequency's power at least idle, so all are) */
    int up = 1;
    for (int c = 0; c < x->ncls && up; c++)
        for (size_t k = 0; k < x->K && up; k++)
            up = x->site_of[c] != site || x->q[c][k] == 0 || x->dl[c][k] >= 0.0;
    for (long l = pa->s; l <= pa->e; l++) {
        double da = x->dl[ca][fa[l - pa->s]];
        if (da == 0.0 || (up && da > 0.0 && x->pair_e0[at0 + (size_t)l] >= 0.0))
            continue;
        double e0 = x->pair_e0[at0 + (size_t)l], e1 = e0 + da;
        double g0 = lx_slot(x, site, l, e0), g1 = lx_slot(x, site, l, e1);
        double cap = lx_limit(x, site, l), least = 0.0;
        for (int c = 0; c < x->ncls; c++) {
            if (x->site_of[c] != site)
                continue;
            for (size_t k = 0; k < x->K; k++) {
                if (x->q[c][k] == 0)
                    continue;
                double dk = x->dl[c][k];
                int ok0 = !(e0 + dk > cap), ok1 = !(e1 + dk > cap);
                if (ok1 && !ok0)
                    return 0;
                if (!ok1)
                    continue;
                double corr = (lx_slot(x, site, l, e1 + dk) - g1) -
                              (lx_slot(x, site, l, e0 + dk) - g0);
                if (corr < least)
                    least = corr;
            }
        }
        sum += least;
    }
    *out = sum;
    return 1;
}

/*
 * The pair move: tasks i and j taken off together and put back one after
 * the other, each where it costs least on the draw of all the others
 * placed (both orders tried); kept when the total falls.  1 when it fell,
 * 0 when not, -1 out of memory.
 */
static int lx_pair(lx *x, size_t i, size_t j)
{
    size_t D = (size_t)x->D;
    unsigned char *oi = x->pair_fq, *oj = oi + D, *na = oj + D, *nb = na + D;
    unsigned char *fi = nb + D, *fj = fi + D;
    lx_place pi = {x->cls[i], x->pe[i], x->s[i], x->e[i], 0.0};
    lx_place pj = {x->cls[j], x->pe[j], x->s[j], x->e[j], 0.0};
    memcpy(oi, x->fq + i * D, (size_t)(pi.e - pi.s + 1));
    memcpy(oj, x->fq + j * D, (size_t)(pj.e - pj.s + 1));
    double old = x->total, best = old;
    /* with a linear slot cost, what the two cost now (their marginal
     * costs do not depend on the draw) */
    int lin = lx_lin(x);
    double now = lin ? lx_current(x, i) + lx_current(x, j) : 0.0;
    lx_begin(x);
    x->chg_lo = pi.s < pj.s ? pi.s : pj.s;
    x->chg_hi = pi.e > pj.e ? pi.e : pj.e;
    lx_place ba = {0}, bb = {0};
    size_t first = (size_t)-1;
    x->moves++;
    /* each one's best with both off: the first placement of each order */
    lx_unplace(x, i);
    lx_unplace(x, j);
    if (lin) { /* the skip below from the tables, without a DP */
        double vi, vj;
        int ti = lx_least_of(x, i, &vi), tj = ti == 0 ? lx_least_of(x, j, &vj) : ti;
        if (ti < 0 || tj < 0)
            return -1;
        if (ti == 0 && tj == 0 && vi < HUGE_VAL && vj < HUGE_VAL &&
            vi + vj >= now - 1e-12 * (1.0 + fabs(old))) {
            lx_put(x, i, &pi, oi);
            lx_put(x, j, &pj, oj);
            x->total = lx_draw(x, (size_t)-1);
            return 0;
        }
    }
    lx_fill(x, (size_t)-1);
    /* not linear (up to LX_STALL_TASKS tasks, as above): the draw with
     * both off and its cost, for lx_pair_lb */
    int nlb = !lin && x->n <= LX_STALL_TASKS;
    double off_total = 0.0;
    if (nlb) {
        size_t SD = (size_t)x->nsite * D;
        memcpy(x->pair_e0, x->draw, SD * sizeof *x->draw);
        for (int q = 0; q < x->nsite; q++)
            for (long l = 0; l < x->D; l++)
                off_total += lx_slot(x, q, l, x->draw[(size_t)q * D + (size_t)l]);
    }
    lx_place p1[2];
    int r1[2];
    for (int ord = 0; ord < 2; ord++) {
        size_t a = ord ? j : i;
        r1[ord] = lx_best(x, a, 0, &p1[ord]);
        if (r1[ord] < 0)
            return -1;
        if (r1[ord] == 0)
            memcpy((ord ? fj : fi) + p1[ord].s, x->best_fq + p1[ord].s,
                   (size_t)(p1[ord].e - p1[ord].s + 1));
    }
    /* not linear: an order whose second task cannot make the pair
     * cheaper than now (lx_pair_lb) is skipped before its second DP */
    int ncut[2] = {0, 0};
    for (int ord = 0; nlb && ord < 2; ord++) {
        double lb;
        if (r1[ord] == 0 && r1[1 - ord] == 0 &&
            lx_pair_lb(x, &p1[ord], (ord ? fj : fi) + p1[ord].s,
                       p1[1 - ord].cost, &lb) &&
            off_total + p1[ord].cost + lb >= old - 1e-12 * (1.0 + fabs(old)))
            ncut[ord] = 1;
    }
    /* with a linear slot cost no pair placement costs less than the two
     * bests with both off (the second has less room, the same prices):
     * none cheaper than now when their sum is not */
    int skip = (lin && r1[0] == 0 && r1[1] == 0 &&
                p1[0].cost + p1[1].cost >= now - 1e-12 * (1.0 + fabs(old))) ||
               (ncut[0] && ncut[1]);
    for (int ord = 0; ord < 2 && !skip; ord++) {
        size_t a = ord ? j : i, b = ord ? i : j;
        if (ncut[ord])
            continue;
        if (ord) {
            lx_unplace(x, i);
            lx_unplace(x, j);
        }
        lx_place pa = p1[ord], pb;
        int rc = r1[ord];
        if (rc == 0) {
            lx_put(x, a, &pa, (ord ? fj : fi) + pa.s);
            if (lin && x->n <= LX_STALL_TASKS) {
                /* b's least from the tables first (no DP): its DP only
                 * when the pair may cost less than now (up to
                 * LX_STALL_TASKS tasks, as lx_eject: at scale, in solve's
                 * local phase, not measured) */
                double vb;
                int tb = lx_least_of(x, b, &vb);
                if (tb < 0)
                    return -1;
                if (tb == 0 && !(pa.cost + vb < now - 1e-12 * (1.0 + fabs(old))))
                    rc = 1;
            }
            if (rc == 0) {
                lx_fill(x, (size_t)-1);
                rc = lx_best(x, b, 0, &pb);
            }
        }
        if (rc < 0)
            return -1;
        if (rc == 0) {
            lx_put(x, b, &pb, x->best_fq + pb.s);
            double t = lx_draw(x, (size_t)-1);
            if (t < best - 1e-12 * (1.0 + fabs(best))) {
                best = t;
                first = a;
                ba = pa;
                bb = pb;
                memcpy(na, x->fq + a * D, (size_t)(pa.e - pa.s + 1));
                memcpy(nb, x->fq + b * D, (size_t)(pb.e - pb.s + 1));
            }
        }
        lx_unplace(x, i);
        lx_unplace(x, j);
        lx_put(x, i, &pi, oi);
        lx_put(x, j, &pj, oj);
    }
    if (skip) {
        lx_put(x, i, &pi, oi);
        lx_put(x, j, &pj, oj);
    }
    if (first == (size_t)-1) {
        x->total = lx_draw(x, (size_t)-1);
        return 0;
    }
    size_t a = first, b = first == i ? j : i;
    lx_unplace(x, i);
    lx_unplace(x, j);
    lx_put(x, a, &ba, na);
    lx_put(x, b, &bb, nb);
    x->total = lx_draw(x, (size_t)-1);
    x->improved++;
    lx_touch(x);
    return 1;
}

/* Partners of task i for the pair move: its neighbours in the graph and
 * the tasks within one slot of its interval; into x->partner. */
static size_t lx_partners(lx *x, size_t i)
{
    size_t m = 0;
    for (size_t j = 0; j < x->n; j++) {
        if (j == i)
            continue;
        int near = x->e[j] + 1 >= x->s[i] && x->s[j] <= x->e[i] + 1;
        if (near)
            x->partner[m++] = j;
    }
    const ecs_graph *g = x->sg;
    for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++) {
        size_t u = g->pred[k];
        int seen = 0;
        for (size_t t = 0; t < m && !seen; t++)
            seen = x->partner[t] == u;
        if (!seen)
            x->partner[m++] = u;
    }
    for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
        size_t v = g->succ[k];
        int seen = 0;
        for (size_t t = 0; t < m && !seen; t++)
            seen = x->partner[t] == v;
        if (!seen)
            x->partner[m++] = v;
    }
    return m;
}

static void lx_shuffle(lx *x, size_t *a, size_t n)
{
    for (size_t k = n; k > 1; k--) {
        size_t j = (size_t)ecs_rng_below(&x->rng, k);
        size_t t = a[k - 1];
        a[k - 1] = a[j];
        a[j] = t;
    }
}

/* Rounds of single-task moves in random order until one finds nothing,
 * the round limit or the time.  -1 out of memory. */
static int lx_singles(lx *x, ecs_local_stop *stop)
{
    for (long r = 0; r < x->prm->max_rounds; r++) {
        if (lx_time_up(x))
            return 0;
        x->rounds++;
        for (size_t k = 0; k < x->n; k++)
            x->order[k] = k;
        lx_shuffle(x, x->order, x->n);
        int any = 0;
        for (size_t k = 0; k < x->n && !lx_time_up(x); k++) {
            size_t i = x->order[k];
            if (!x->dirty[i])
                continue;
            x->dirty[i] = 0;
            int rc = lx_move(x, i);
            if (rc < 0)
                return -1;
            any |= rc;
        }
        if (!any) {
            *stop = ECS_LOCAL_CONVERGED;
            return 0;
        }
    }
    *stop = ECS_LOCAL_ROUND_LIMIT;
    return 0;
}

/*
 * The chain move: tasks ch[0..k-1] (each before the next in every
 * schedule kept: they are placed in disjoint, increasing intervals) taken
 * off and put back jointly at least cost with all others fixed.  Their
 * intervals never share a slot, so their marginal costs on the others'
 * draw add up exactly: a DP over (position, last slot), G_j(e) = the
 * least cost of ch[0..j] with ch[j] ending by e, from the exact-start
 * costs of every start (lx_profile_from on every PE's free stretch).  The
 * tasks are then placed one by one inside the chosen intervals
 * (lx_best_in: no dearer).  Kept when the total falls: 1; 0 when not (or
 * when its DP would exceed LX_CHAIN_BUDGET); -1 out of memory or too
 * large.
 */
static int lx_chain(lx *x, const size_t *ch, size_t k)
{
    size_t D = (size_t)x->D;
    /* its DP costs about sum (window length)^2 x work states x |F| per
     * class: above LX_CHAIN_BUDGET it is not tried */
    double work = 0.0;
    for (size_t j = 0; j < k; j++) {
        double len = (double)(x->lf[ch[j]] - x->es[ch[j]] + 1);
        for (int c = 0; c < x->ncls; c++)
            work += len * len * (double)(need_of(x, ch[j], c) + 1) *
                    (double)x->K;
    }
    if (work > LX_CHAIN_BUDGET)
        return 0;
    lx_place old[LX_CHAIN_MAX];
    lx_begin(x);
    for (size_t j = 0; j < k; j++) {
        size_t i = ch[j];
        old[j] = (lx_place){x->cls[i], x->pe[i], x->s[i], x->e[i], 0.0};
        if (x->s[i] < x->chg_lo)
            x->chg_lo = x->s[i];
        if (x->e[i] > x->chg_hi)
            x->chg_hi = x->e[i];
        memcpy(x->chain_fq + j * D, x->fq + i * D,
               (size_t)(x->e[i] - x->s[i] + 1));
    }
    x->moves++;
    for (size_t j = 0; j < k; j++)
        lx_unplace(x, ch[j]);
    lx_fill(x, (size_t)-1);
    /* G[j * D + e]; from[j * D + e]: the start s and last slot of ch[j]
     * for the best G_j(e) */
    double *G = x->chain_g, *tab = x->chain_tab;
    long *bs = x->chain_s, *be = x->chain_e;
    int ok = 1, bad = 0;
    for (size_t j = 0; j < k && ok; j++) {
        size_t i = ch[j];
        long lo, hi;
        lx_room(x, i, &lo, &hi);
        for (size_t e = 0; e < D; e++) {
            tab[e] = HUGE_VAL;
            bs[j * D + e] = -1;
        }
        if (lx_segments(x, i, lo, hi) != 0) {
            bad = 1;
            break;
        }
        for (size_t q = 0; q < x->nseg && !bad; q++) {
            lx_seg sg = x->seg[q];
            if (!lx_lin(x))
                lx_pf_fill(x, sg.cls, sg.a, sg.b);
            for (long st = sg.a; st <= sg.b; st++) {
                double before = 0.0;
                if (j > 0)
                    before = st >= 1 ? G[(j - 1) * D + (size_t)(st - 1)]
                                     : HUGE_VAL;
                if (before == HUGE_VAL)
                    continue;
                if (lx_from(x, i, sg.cls, st, sg.b, x->chain_tmp) != 0) {
                    bad = 1;
                    break;
                }
                for (long e = st; e <= sg.b; e++) {
                    double v = before + x->chain_tmp[e - st];
                    if (v < tab[e]) {
                        tab[e] = v;
                        bs[j * D + (size_t)e] = st;
                    }
                }
            }
            lx_pf_done(x);
        }
        /* G_j(e) = prefix minimum; be: the last slot reaching it */
        double run = HUGE_VAL;
        long arg = -1;
        for (size_t e = 0; e < D; e++) {
            if (tab[e] < run) {
                run = tab[e];
                arg = (long)e;
            }
            G[j * D + e] = run;
            be[j * D + e] = arg;
        }
        ok = run < HUGE_VAL;
    }
    int placed = 0;
    if (ok && !bad) {
        /* walk back: the intervals of ch[k-1], ..., ch[0] */
        long lim = (long)D - 1, iv_s[LX_CHAIN_MAX], iv_e[LX_CHAIN_MAX];
        for (size_t j = k; j-- > 0;) {
            long e = be[j * D + (size_t)lim];
            iv_e[j] = e;
            iv_s[j] = bs[j * D + (size_t)e];
            lim = iv_s[j] - 1;
        }
        placed = 1;
        for (size_t j = 0; j < k && placed; j++) {
            lx_fill(x, (size_t)-1);
            lx_place pl;
            int rc = lx_best_in(x, ch[j], iv_s[j], iv_e[j], 0, &pl);
            if (rc < 0)
                bad = 1;
            placed = rc == 0;
            if (placed)
                lx_put(x, ch[j], &pl, x->best_fq + pl.s);
        }
    }
    if (placed && !bad) {
        double t = lx_draw(x, (size_t)-1);
        if (t < x->total - 1e-12 * (1.0 + fabs(x->total))) {
            x->total = t;
            x->improved++;
            lx_touch(x);
            return 1;
        }
    }
    for (size_t j = 0; j < k; j++)
        lx_unplace(x, ch[j]);
    for (size_t j = 0; j < k; j++)
        lx_put(x, ch[j], &old[j], x->chain_fq + j * D);
    x->total = lx_draw(x, (size_t)-1);
    return bad ? -1 : 0;
}

/* The tight chain through task i: back through the predecessors that end
 * right before each one starts, forward through the successors that start
 * right after each one ends (the first found, then at random), at most
 * LX_CHAIN_MAX tasks; into ch, their count returned. */
static size_t lx_tight(lx *x, size_t i, size_t *ch)
{
    const ecs_graph *g = x->sg;
    size_t back[LX_CHAIN_MAX], nb = 0, k = 0;
    size_t cur = i;
    while (nb + 1 < LX_CHAIN_MAX / 2 + 1) {
        size_t found = (size_t)-1, seen = 0;
        for (size_t t = g->pred_off[cur]; t < g->pred_off[cur + 1]; t++) {
            size_t u = g->pred[t];
            if (x->e[u] == x->s[cur] - 1 &&
                ecs_rng_below(&x->rng, ++seen) == 0)
                found = u;
        }
        if (found == (size_t)-1)
            break;
        back[nb++] = found;
        cur = found;
    }
    while (nb > 0)
        ch[k++] = back[--nb];
    ch[k++] = i;
    cur = i;
    while (k < LX_CHAIN_MAX) {
        size_t found = (size_t)-1, seen = 0;
        for (size_t t = g->succ_off[cur]; t < g->succ_off[cur + 1]; t++) {
            size_t v = g->succ[t];
            if (x->s[v] == x->e[cur] + 1 &&
                ecs_rng_below(&x->rng, ++seen) == 0)
                found = v;
        }
        if (found == (size_t)-1)
            break;
        ch[k++] = found;
        cur = found;
    }
    return k;
}

/* One pass of chain moves: the tight chain through every task (random
 * order) of 2 tasks or more.  1 when one paid, 0 when none, -1 out of
 * memory. */
static int lx_chains(lx *x)
{
    int any = 0;
    size_t ch[LX_CHAIN_MAX];
    for (size_t k = 0; k < x->n; k++)
        x->order[k] = k;
    lx_shuffle(x, x->order, x->n);
    for (size_t k = 0; k < x->n && !lx_time_up(x); k++) {
        size_t i = x->order[k];
        if (!x->dirty2[i])
            continue;
        size_t m = lx_tight(x, i, ch);
        int rc = m < 2 ? 0 : lx_chain(x, ch, m);
        if (rc < 0)
            return -1;
        if (rc == 0) { /* its pairs and its chain found nothing: nor
                          will the same chain through its other tasks */
            x->dirty2[i] = 0;
            for (size_t t = 0; t < m; t++)
                x->dirty2[ch[t]] = 0;
        }
        any |= rc;
    }
    return any;
}

/* One pass of pair moves: tasks in random order, each with at most
 * LX_PAIR_TRIES random partners.  1 when one paid, 0 when none, -1 out of
 * memory. */
static int lx_pairs(lx *x)
{
    int any = 0;
    for (size_t k = 0; k < x->n; k++)
        x->order[k] = k;
    lx_shuffle(x, x->order, x->n);
    for (size_t k = 0; k < x->n && !lx_time_up(x); k++) {
        size_t i = x->order[k];
        if (!x->dirty2[i])
            continue;
        size_t m = lx_partners(x, i);
        lx_shuffle(x, x->partner, m);
        for (size_t t = 0; t < m && t < LX_PAIR_TRIES && !lx_time_up(x);
             t++) {
            int rc = lx_pair(x, i, x->partner[t]);
            if (rc < 0)
                return -1;
            if (rc > 0) {
                any = 1;
                break;
            }
        }
    }
    return any;
}

/* Single moves to a local optimum, then pair moves, then chain moves,
 * again until none pays, the round limit or the time.  -1 out of memory. */
static int lx_descend(lx *x, ecs_local_stop *stop)
{
    for (;;) {
        if (lx_singles(x, stop) != 0)
            return -1;
        if (*stop != ECS_LOCAL_CONVERGED || lx_time_up(x))
            return 0;
        int rc = lx_pairs(x);
        if (rc == 0 && !lx_time_up(x))
            rc = lx_chains(x);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return 0;
    }
}

/* ---- save and restore ---- */

static void lx_save(lx *x)
{
    size_t n = x->n;
    memcpy(x->b_pe, x->pe, n * sizeof *x->pe);
    memcpy(x->b_cls, x->cls, n * sizeof *x->cls);
    memcpy(x->b_s, x->s, n * sizeof *x->s);
    memcpy(x->b_e, x->e, n * sizeof *x->e);
    memcpy(x->b_fq, x->fq, n * (size_t)x->D);
    x->b_total = x->total;
}

static void lx_restore(lx *x)
{
    size_t n = x->n;
    memcpy(x->pe, x->b_pe, n * sizeof *x->pe);
    memcpy(x->cls, x->b_cls, n * sizeof *x->cls);
    memcpy(x->s, x->b_s, n * sizeof *x->s);
    memcpy(x->e, x->b_e, n * sizeof *x->e);
    memcpy(x->fq, x->b_fq, n * (size_t)x->D);
    x->total = x->b_total;
    lx_rebuild_occ(x);
    /* a saved state is a local optimum (or the time is up) */
    memset(x->dirty, 0, n);
    memset(x->dirty2, 0, n);
}

/* Every task may move (a new start). */
static void lx_all_dirty(lx *x)
{
    memset(x->dirty, 1, x->n);
    memset(x->dirty2, 1, x->n);
}

/* ---- starts ---- */

/* Load schedule s (checked feasible) into the state. */
static void lx_load(lx *x, const ecs_schedule *sc)
{
    for (size_t i = 0; i < x->n; i++) {
        const ecs_sched_task *t = &sc->task[i];
        x->pe[i] = t->pe;
        x->cls[i] = x->p->nclass ? ecs_platform_pe_class(x->p, t->pe) : 0;
        x->s[i] = t->start;
        x->e[i] = t->stop;
        memcpy(x->fq + i * (size_t)x->D, t->freq,
               (size_t)(t->stop - t->start + 1));
    }
    lx_rebuild_occ(x);
    x->total = lx_draw(x, (size_t)-1);
    lx_all_dirty(x);
}


/* A random topological order of the tasks into key[].i (Kahn's, the next
 * task drawn among the ready ones).  -1 out of memory. */
static int lx_random_topo(lx *x, lh_key *key)
{
    const ecs_graph *g = x->g;
    size_t n = x->n, *left = malloc((n ? n : 1) * sizeof *left);
    size_t *ready = malloc((n ? n : 1) * sizeof *ready), nr = 0;
    if (left == NULL || ready == NULL) {
        free(left);
        free(ready);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        left[i] = g->pred_off[i + 1] - g->pred_off[i];
        if (left[i] == 0)
            ready[nr++] = i;
    }
    for (size_t k = 0; k < n && nr > 0; k++) {
        size_t r = (size_t)ecs_rng_below(&x->rng, nr), v = ready[r];
        ready[r] = ready[--nr];
        key[k].i = v;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            if (--left[g->succ[e]] == 0)
                ready[nr++] = g->succ[e];
    }
    free(left);
    free(ready);
    return 0;
}

/* Task i's key for the builds: its latest start (its window's last slot
 * less its shortest duration on the fastest class), then its earliest
 * start; an order of these keys is topological. */
static lh_key lx_key(const lx *x, size_t i)
{
    long vmax = 0;
    for (int c = 0; c < x->ncls; c++)
        if (x->q[c][0] * x->unit[c] > vmax)
            vmax = x->q[c][0] * x->unit[c];
    long dur = (x->g->work[i] * x->grid + vmax - 1) / vmax;
    return (lh_key){x->lf[i] - dur + 1, x->es[i], i};
}

/*
 * Build a start: tasks by latest start (the window's last slot less the
 * task's shortest duration; a topological order, ties by earliest start),
 * each placed, with the tasks before it fixed, where it costs least on
 * their draw (mode 0), ends earliest (mode 1) or draws least (mode 2: room
 * under the caps for the tasks after it) or, with mode -1, in a random
 * topological order, each by one of these drawn at random, inside its
 * window (which
 * leaves its descendants their critical path and load), the caps kept.
 * 0 built, 1 stuck, -1 out of memory.
 */
static int lx_build(lx *x, int mode)
{
    size_t n = x->n;
    lh_key *key = malloc((n ? n : 1) * sizeof *key);
    if (key == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        key[i] = lx_key(x, i);
        x->pe[i] = -1;
    }
    qsort(key, n, sizeof *key, lh_cmp_key);
    if (mode < 0 && lx_random_topo(x, key) != 0) {
        free(key);
        return -1;
    }
    lx_rebuild_occ(x);
    int rc = 0;
    for (size_t k = 0; k < n && rc == 0; k++) {
        size_t i = key[k].i;
        lx_fill(x, (size_t)-1);
        lx_place pl;
        int md = mode >= 0 ? mode : (int)ecs_rng_below(&x->rng, 3);
        rc = lx_best(x, i, md, &pl);
        if (rc == 0)
            lx_put(x, i, &pl, x->best_fq + pl.s);
    }
    free(key);
    if (rc == 0)
        x->total = lx_draw(x, (size_t)-1);
    lx_all_dirty(x);
    return rc;
}

/* Whether schedule sc passes the checker on the instance (its cost in
 * *cost). */
static int lx_feasible(const lx *x, const ecs_schedule *sc, double *cost)
{
    ecs_check_report rep;
    if (sc == NULL || sc->n != x->n ||
        ecs_check_schedule(x->inst, sc, &rep, NULL) != ECS_OK)
        return 0;
    *cost = rep.cost;
    return 1;
}

static ecs_schedule *lx_export(const lx *x);

/* ---- kicks ---- */

/* Move 1..LX_KICK_TASKS random tasks each to a random interval of a
 * random free stretch at the top frequency (its shortest duration on the
 * class), where the caps allow; the others stay. */
static void lx_kick(lx *x)
{
    lx_begin(x);
    size_t nk = 1 + (size_t)ecs_rng_below(&x->rng,
                                          x->n < LX_KICK_TASKS ? x->n
                                                               : LX_KICK_TASKS);
    for (size_t t = 0; t < nk; t++) {
        size_t i = (size_t)ecs_rng_below(&x->rng, x->n);
        long lo, hi;
        lx_room(x, i, &lo, &hi);
        if (lo > hi || lx_segments(x, i, lo, hi) != 0 || x->nseg == 0)
            continue;
        lx_seg sg = x->seg[ecs_rng_below(&x->rng, x->nseg)];
        int c = sg.cls;
        long dur = (need_of(x, i, c) + x->q[c][0] - 1) / x->q[c][0];
        if (sg.b - sg.a + 1 < dur)
            continue;
        long st = sg.a + (long)ecs_rng_below(&x->rng,
                                             (uint64_t)(sg.b - sg.a + 2 - dur));
        lx_fill(x, i);
        int site = x->site_of[c], ok = 1;
        for (long l = st; l < st + dur && ok; l++)
            ok = x->draw[(size_t)site * (size_t)x->D + (size_t)l] +
                     x->dl[c][0] <= lx_limit(x, site, l);
        if (!ok)
            continue;
        lx_place pl = {c, sg.pe, st, st + dur - 1, 0.0};
        memset(x->cand_fq, 0, (size_t)dur);
        lx_put(x, i, &pl, x->cand_fq);
    }
    lx_settle(x);
}

/* lx_best away from task i's class in old_cls (if it has one there and
 * finds room elsewhere), else anywhere. */
static int lx_best_ban(lx *x, size_t i, int mode, lx_place *pl)
{
    int rc = 1;
    if (x->old_cls[i] >= 0) {
        x->ban = x->old_cls;
        rc = lx_best(x, i, mode, pl);
        x->ban = NULL;
    }
    if (rc == 1)
        rc = lx_best(x, i, mode, pl);
    return rc;
}

/* Task i put at its lx_best_ban place (best_fq): 0, 1 no room, -1 out
 * of memory. */
static int lx_put_best(lx *x, size_t i, int mode)
{
    lx_place pl;
    int rc = lx_best_ban(x, i, mode, &pl);
    if (rc == 0)
        lx_put(x, i, &pl, x->best_fq + pl.s);
    return rc;
}

/* After lx_best_in: what the task loses on its second best class against
 * its best (HUGE_VAL when only one class has room, 0 with one class). */
static double lx_regret(const lx *x)
{
    double a = HUGE_VAL, b = HUGE_VAL;
    for (int c = 0; c < x->ncls; c++) {
        double v = x->cls_best[c];
        if (v < a) {
            b = a;
            a = v;
        } else if (v < b) {
            b = v;
        }
    }
    if (x->ncls < 2)
        return 0.0;
    return b == HUGE_VAL ? HUGE_VAL : b - a;
}

/*
 * Ruin and recreate (a large neighbourhood): 2 to max(4, 60 % of n)
 * tasks (LX_RUIN_SHARE; at most LX_RUIN_MAX) taken off, chosen by one of
 * three rules drawn at random: the tasks nearest in time to a random slot
 * (on one random class or on all, so that the work of a site or class in
 * a stretch of time can move to another), a random task and its
 * neighbours in the graph by breadth-first search (a chain or a subtree
 * shifted with its neighbours re-timed), or any tasks.  Half of the time
 * (two classes or more) each must go to another class than its own where
 * it finds room there (an ejection: the work of one site or class traded
 * for another's).  They are put back in one of three orders: by latest
 * start, in a random topological order, or by regret (the next is the
 * one that loses most on its second best class against its best); each
 * at its exact best on the draw of all the others placed (in the first
 * two orders now and then where it ends earliest or draws least
 * instead).  0 done, 1 a task found no room (the caller restores), -1
 * out of memory.
 */
/*
 * The tasks of a neighbourhood: k of them (fewer when fewer are near),
 * marked in x->gone and listed in x->rkey (their build keys): rule 0 the
 * tasks nearest in time to a random slot (on class cls only, or on all with
 * cls -1), rule 1 a random task and its neighbours in the graph by
 * breadth-first search, rule 2 any tasks.  Ties at random.  Their count.
 */
static size_t lx_pick(lx *x, size_t k, int rule, int cls)
{
    size_t n = x->n;
    memset(x->gone, 0, n);
    long far = x->D + 1;
    if (rule == 0) { /* nearest in time to slot t, on class cls or all */
        long t = (long)ecs_rng_below(&x->rng, (uint64_t)x->D);
        int c = cls != -2 ? cls
                : ecs_rng_below(&x->rng, 2) ? (int)ecs_rng_below(&x->rng, (uint64_t)x->ncls)
                                            : -1;
        for (size_t i = 0; i < n; i++)
            x->dist[i] = c >= 0 && x->cls[i] != c ? far
                         : t < x->s[i]            ? x->s[i] - t
                         : t > x->e[i]            ? t - x->e[i]
                                                  : 0;
    } else if (rule == 1) { /* graph neighbourhood of a random task */
        for (size_t i = 0; i < n; i++)
            x->dist[i] = far;
        size_t *q = x->order, h = 0, m = 0, r = (size_t)ecs_rng_below(&x->rng, n);
        x->dist[r] = 0;
        q[m++] = r;
        const ecs_graph *g = x->sg;
        while (h < m) {
            size_t u = q[h++];
            size_t a[2][2] = {{g->pred_off[u], g->pred_off[u + 1]},
                              {g->succ_off[u], g->succ_off[u + 1]}};
            for (int d = 0; d < 2; d++)
                for (size_t e = a[d][0]; e < a[d][1]; e++) {
                    size_t v = d ? g->succ[e] : g->pred[e];
                    if (x->dist[v] == far) {
                        x->dist[v] = x->dist[u] + 1;
                        q[m++] = v;
                    }
                }
        }
    } else {
        for (size_t i = 0; i < n; i++)
            x->dist[i] = 0;
    }
    /* the k nearest (ties at random), never one at distance far */
    for (size_t i = 0; i < n; i++)
        x->order[i] = i;
    lx_shuffle(x, x->order, n);
    size_t m = 0;
    for (long d = 0; d < far && m < k; d++)
        for (size_t t = 0; t < n && m < k; t++)
            if (x->dist[x->order[t]] == d) {
                x->gone[x->order[t]] = 1;
                x->rkey[m++] = lx_key(x, x->order[t]);
            }
    return m;
}

static int lx_ruin(lx *x)
{
    size_t n = x->n, kmax = n * LX_RUIN_SHARE / 100 < 4 ? 4 : n * LX_RUIN_SHARE / 100;
    if (kmax > LX_RUIN_MAX)
        kmax = LX_RUIN_MAX;
    if (kmax > n)
        kmax = n;
    size_t kmin = n < 2 ? n : 2;
    size_t k = kmin + (size_t)ecs_rng_below(&x->rng, kmax - kmin + 1);
    size_t m = lx_pick(x, k, (int)ecs_rng_below(&x->rng, 3), -2);
    if (m == 0)
        return 1;
    /* half of the time (with two classes or more), each task taken off
     * goes to another class than its own if it finds room there */
    int shift = x->ncls > 1 && ecs_rng_below(&x->rng, 2);
    for (size_t i = 0; i < n; i++)
        x->old_cls[i] = shift && x->gone[i] ? x->cls[i] : -1;
    lx_begin(x);
    for (size_t t = 0; t < m; t++) {
        size_t i = x->rkey[t].i;
        lx_take_off(x, i);
    }
    int how = (int)ecs_rng_below(&x->rng, 3);
    if (how != 1) {
        qsort(x->rkey, m, sizeof *x->rkey, lh_cmp_key);
    } else { /* a random topological order of the graph, these tasks */
        lh_key *all = malloc(n * sizeof *all);
        if (all == NULL || lx_random_topo(x, all) != 0) {
            free(all);
            return -1;
        }
        size_t j = 0;
        for (size_t t = 0; t < n; t++)
            if (x->gone[all[t].i])
                x->rkey[j++] = all[t];
        free(all);
    }
    for (size_t left = m; left > 0; left--) {
        /* the next task: the first in the order, or (how 2) the one that
         * loses most if it does not get its best class */
        size_t pick = m - left;
        lx_fill(x, (size_t)-1);
        lx_place pl;
        if (how == 2 && left > 1) {
            double most = -1.0;
            for (size_t t = m - left; t < m; t++) {
                int rc = lx_best_ban(x, x->rkey[t].i, 0, &pl);
                if (rc != 0)
                    return rc;
                double r = lx_regret(x);
                if (r > most) {
                    most = r;
                    pick = t;
                }
            }
            lh_key tk = x->rkey[pick];
            x->rkey[pick] = x->rkey[m - left];
            x->rkey[m - left] = tk;
            pick = m - left;
        }
        size_t i = x->rkey[pick].i;
        int md = how == 2 || ecs_rng_below(&x->rng, 4) ? 0
                                                        : (int)ecs_rng_below(&x->rng, 3);
        int rc = lx_put_best(x, i, md);
        if (rc != 0)
            return rc;
    }
    lx_settle(x);
    return 0;
}

/*
 * The put-back of lx_eject and lx_swap: lx_begin, then the tasks
 * rkey[0..m) are taken off (`first` before them unless it is (size_t)-1),
 * rkey is sorted by latest start, and `first` and then rkey's tasks are
 * put back one by one, each at its exact best on the draw of the others
 * placed (away from its class where old_cls names one: lx_best_ban).  0
 * done, 1 a task found no room (the caller restores), -1 out of memory.
 */
static int lx_reinsert(lx *x, size_t first, size_t m)
{
    lx_begin(x);
    if (first != (size_t)-1)
        lx_take_off(x, first);
    for (size_t u = 0; u < m; u++)
        lx_take_off(x, x->rkey[u].i);
    qsort(x->rkey, m, sizeof *x->rkey, lh_cmp_key);
    for (size_t u = first != (size_t)-1 ? 0 : 1; u <= m; u++) {
        lx_fill(x, (size_t)-1);
        int rc = lx_put_best(x, u == 0 ? first : x->rkey[u - 1].i, 0);
        if (rc != 0)
            return rc;
    }
    lx_settle(x);
    return 0;
}

/*
 * The ejection kick: a random task i given the whole of its room on a
 * random PE q.  The tasks on q inside i's room (none is a graph neighbour
 * of i: its room ends where they begin) are taken off with i; i is put
 * back first, at its exact best on the draw of the others (on q, now free
 * over its room, or anywhere else), then the ejected tasks by latest
 * start, each at its best.  A task whose cheapest interval is long (a
 * stretch of negative or cheap prices to draw in, across days) needs a
 * PE free over all of it, which no single move, ruin of tasks near in
 * time or window of up to LX_WIN_MAX tasks gives it when several tasks
 * sit there (bench/results/local_ext.md "Tenth round": `sites` P = 8
 * g26).  0 done, 1 no task ejected or one found no room (the caller
 * restores), -1 out of memory.
 */
static int lx_eject(lx *x)
{
    size_t n = x->n;
    size_t i = (size_t)ecs_rng_below(&x->rng, n);
    int q = (int)ecs_rng_below(&x->rng, (uint64_t)x->P);
    long lo, hi;
    lx_room(x, i, &lo, &hi);
    memset(x->gone, 0, n);
    size_t m = 0;
    for (size_t t = 0; t < n; t++)
        if (t != i && x->pe[t] == q && x->s[t] <= hi && x->e[t] >= lo) {
            x->gone[t] = 1;
            x->rkey[m++] = lx_key(x, t);
        }
    if (m == 0)
        return 1;
    x->gone[i] = 1;
    for (size_t i2 = 0; i2 < n; i2++)
        x->old_cls[i2] = -1;
    return lx_reinsert(x, i, m);
}

/*
 * The site exchange kick (two sites or more, graphs of up to
 * LX_STALL_TASKS tasks): a random slot t and two random sites a and b;
 * 1 to LX_SWAP_MAX tasks of site a drawn among the 2k nearest in time to
 * t, and the set of up to LX_SWAP_MAX + 1 tasks of site b among its
 * LX_SWAP_POOL nearest to t whose work is closest to theirs (ties: the
 * fewer tasks, then the nearer); both sets are taken off with up to
 * LX_SWAP_NEAR other tasks nearest in time to t (any site: the tasks
 * around them, to be re-timed), and all are put back by latest start,
 * each at its exact best on the draw of the others placed, the
 * exchanged ones away from their class (lx_best_ban: with one class per
 * site, at the other site; if they find no room there, anywhere).  An
 * exchange of equal work between two sites with the tasks around it
 * re-timed, which no ruin (every task away from its class, or none) and
 * no window of up to LX_WIN_MAX tasks makes (bench/results/local_ext.md
 * "Eleventh round, second part": `sites` P = 4 g21, P = 8 g28).  0 done,
 * 1 nothing to exchange or a task found no room (the caller restores),
 * -1 out of memory.
 */
static int lx_swap(lx *x)
{
    size_t n = x->n;
    int sa = (int)ecs_rng_below(&x->rng, (uint64_t)x->nsite);
    int sb = (int)ecs_rng_below(&x->rng, (uint64_t)(x->nsite - 1));
    if (sb >= sa)
        sb++;
    long t = (long)ecs_rng_below(&x->rng, (uint64_t)x->D);
    for (size_t i = 0; i < n; i++)
        x->dist[i] = t < x->s[i] ? x->s[i] - t : t > x->e[i] ? t - x->e[i] : 0;
    /* every task by distance to t, ties at random (insertion sort) */
    size_t *o = x->order;
    for (size_t i = 0; i < n; i++)
        o[i] = i;
    lx_shuffle(x, o, n);
    for (size_t a = 1; a < n; a++) {
        size_t v = o[a], b = a;
        while (b > 0 && x->dist[o[b - 1]] > x->dist[v]) {
            o[b] = o[b - 1];
            b--;
        }
        o[b] = v;
    }
    size_t ka = 1 + (size_t)ecs_rng_below(&x->rng, LX_SWAP_MAX);
    size_t pa[2 * LX_SWAP_MAX], na = 0, pb[LX_SWAP_POOL], nb = 0;
    for (size_t u = 0; u < n; u++) {
        size_t i = o[u];
        int q = x->site_of[x->cls[i]];
        if (q == sa && na < 2 * ka)
            pa[na++] = i;
        else if (q == sb && nb < LX_SWAP_POOL)
            pb[nb++] = i;
    }
    if (na == 0 || nb == 0)
        return 1;
    if (ka > na)
        ka = na;
    lx_shuffle(x, pa, na);
    long wa = 0;
    for (size_t u = 0; u < ka; u++)
        wa += x->g->work[pa[u]];
    /* site b's subset closest in work (the pool is by distance) */
    unsigned bestm = 0;
    long bestd = -1;
    size_t bestk = 0;
    for (unsigned m = 1; m < (1u << nb); m++) {
        size_t k = 0;
        long w = 0;
        for (size_t u = 0; u < nb; u++)
            if (m >> u & 1u) {
                k++;
                w += x->g->work[pb[u]];
            }
        if (k > LX_SWAP_MAX + 1)
            continue;
        long d = w > wa ? w - wa : wa - w;
        if (bestd < 0 || d < bestd || (d == bestd && k < bestk)) {
            bestd = d;
            bestm = m;
            bestk = k;
        }
    }
    memset(x->gone, 0, n);
    for (size_t i = 0; i < n; i++)
        x->old_cls[i] = -1;
    size_t m = 0;
    for (size_t u = 0; u < ka; u++) {
        x->gone[pa[u]] = 1;
        x->old_cls[pa[u]] = x->cls[pa[u]];
    }
    for (size_t u = 0; u < nb; u++)
        if (bestm >> u & 1u) {
            x->gone[pb[u]] = 1;
            x->old_cls[pb[u]] = x->cls[pb[u]];
        }
    size_t near = (size_t)ecs_rng_below(&x->rng, LX_SWAP_NEAR + 1);
    for (size_t u = 0; u < n && near > 0; u++)
        if (!x->gone[o[u]]) {
            x->gone[o[u]] = 1;
            near--;
        }
    for (size_t i = 0; i < n; i++)
        if (x->gone[i])
            x->rkey[m++] = lx_key(x, i);
    return lx_reinsert(x, (size_t)-1, m);
}

/* ---- the window move: an exact sub-problem ---- */

/* Column (pe, s, e, cost) added to the window's list.  -1 out of memory. */
static int lx_add_col(lx *x, int pe, long s, long e, double cost)
{
    if (x->ncol == x->cap_col) {
        size_t nc = x->cap_col ? 2 * x->cap_col : 256;
        lx_col *nw = realloc(x->wcol, nc * sizeof *nw);
        if (nw == NULL)
            return -1;
        x->wcol = nw;
        x->cap_col = nc;
    }
    x->wcol[x->ncol++] = (lx_col){pe, s, e, cost};
    return 0;
}

/* Columns by cost, then PE, start and end (qsort). */
static int lx_cmp_col(const void *a, const void *b)
{
    const lx_col *p = a, *q = b;
    if (p->cost != q->cost)
        return p->cost < q->cost ? -1 : 1;
    if (p->pe != q->pe)
        return p->pe < q->pe ? -1 : 1;
    if (p->s != q->s)
        return p->s < q->s ? -1 : 1;
    return (p->e > q->e) - (p->e < q->e);
}

/* lx_cmp_col's order, inline. */
static int lx_col_before(const lx_col *p, const lx_col *q)
{
    if (p->cost != q->cost)
        return p->cost < q->cost;
    if (p->pe != q->pe)
        return p->pe < q->pe;
    if (p->s != q->s)
        return p->s < q->s;
    return p->e < q->e;
}

/* The keep first of the n columns a[] by lx_cmp_col's order (a total
 * order: no two columns alike), sorted, in a[0..keep): a selection
 * (Lomuto's partition around a median of three) until the keep first are
 * in a[0..hi), then a sort of those only; the same columns in the same
 * order as a sort of all n. */
static void lx_keep_cols(lx_col *a, size_t n, size_t keep)
{
    size_t lo = 0, hi = n;
    lx_col t;
    while (keep < hi && hi - lo > 16) {
        size_t mid = lo + (hi - lo) / 2, pv = mid;
        if (lx_col_before(&a[mid], &a[lo]) != lx_col_before(&a[hi - 1], &a[lo]))
            pv = lo; /* a[lo] between the other two */
        else if (lx_col_before(&a[hi - 1], &a[mid]) != lx_col_before(&a[hi - 1], &a[lo]))
            pv = hi - 1; /* a[hi - 1] between */
        t = a[pv];
        a[pv] = a[hi - 1];
        a[hi - 1] = t;
        size_t st = lo;
        for (size_t k = lo; k + 1 < hi; k++)
            if (lx_col_before(&a[k], &a[hi - 1])) {
                t = a[k];
                a[k] = a[st];
                a[st++] = t;
            }
        t = a[st];
        a[st] = a[hi - 1];
        a[hi - 1] = t;
        /* a[lo..st) before a[st], a[st + 1..hi) after it */
        if (keep <= st)
            hi = st;
        else if (keep == st + 1)
            hi = st + 1;
        else
            lo = st + 1;
    }
    qsort(a, hi, sizeof *a, lx_cmp_col);
}

/*
 * The columns of task i (off the schedule, the draw that of the tasks
 * placed): on every PE, intervals [s, e] of every free stretch of its
 * room at its cheapest profile started in s (lx_profile_from), only those
 * cheaper than every interval inside them (any schedule that uses one of
 * the others is no dearer with the interval inside it, which frees the PE
 * and the neighbours' room).  The PEs of a
 * class with the same stretch share its costs.  0 done, 1 too large, -1
 * out of memory.
 */
static int lx_win_cols(lx *x, size_t i)
{
    long lo, hi;
    lx_room(x, i, &lo, &hi);
    size_t D = (size_t)x->D;
    double *T = x->wtab;
    for (int c = 0; c < x->ncls; c++) {
        long sa[8], sb[8];
        size_t sf[8], st[8], ns = 0;
        for (int k = 0; k < x->count[c]; k++) {
            int pe = x->first[c] + k;
            const int *row = x->occ + (size_t)pe * D;
            long l = lo;
            while (l <= hi) {
                while (l <= hi && row[l] >= 0)
                    l++;
                if (l > hi)
                    break;
                long a = l;
                while (l <= hi && row[l] < 0)
                    l++;
                long b = l - 1;
                size_t from = x->ncol, u;
                for (u = 0; u < ns && (sa[u] != a || sb[u] != b); u++)
                    ;
                if (u < ns) { /* the same stretch on another PE */
                    for (size_t j = sf[u]; j < st[u]; j++)
                        if (lx_add_col(x, pe, x->wcol[j].s, x->wcol[j].e,
                                       x->wcol[j].cost) != 0)
                            return -1;
                    continue;
                }
                if (!lx_lin(x))
                    lx_pf_fill(x, c, a, b);
                for (long s = a; s <= b; s++) {
                    int fr = lx_from(x, i, c, s, b, x->chain_tmp);
                    if (fr != 0) {
                        lx_pf_done(x);
                        return fr;
                    }
                    for (long e = s; e <= b; e++)
                        T[(size_t)(s - a) * D + (size_t)(e - a)] = x->chain_tmp[e - s];
                }
                lx_pf_done(x);
                /* T(s, e) becomes the least over the intervals inside
                 * [s, e]; a column where T(s, e) is below all of them */
                for (long s = b; s >= a; s--) {
                    for (long e = s; e <= b; e++) {
                        double *v = &T[(size_t)(s - a) * D + (size_t)(e - a)];
                        double in = HUGE_VAL;
                        if (e > s)
                            in = *(v - 1);
                        if (s < e && v[D] < in)
                            in = v[D];
                        if (*v < in - 1e-12 * (1.0 + fabs(in == HUGE_VAL ? *v : in))) {
                            if (lx_add_col(x, pe, s, e, *v) != 0)
                                return -1;
                            if (x->ncol > LX_WIN_COLS)
                                return 1;
                        } else {
                            *v = in;
                        }
                    }
                }
                if (ns < 8) {
                    sa[ns] = a;
                    sb[ns] = b;
                    sf[ns] = from;
                    st[ns++] = x->ncol;
                }
            }
        }
    }
    return 0;
}

/* GLPK inside the local search: its terminal output swallowed and its
 * error hook jumping back (the library never prints, never aborts; the
 * steps of solver/core/glpk_guard.h, which the heuristic layer cannot
 * include). */
static int lx_glpk_silence(void *info, const char *msg)
{
    (void)info;
    (void)msg;
    return 1;
}

static void lx_glpk_error(void *info)
{
    longjmp(*(jmp_buf *)info, 1);
}

/* The window MILP's callback: the window as it is given as the incumbent
 * at the root (so that the tree prunes every node whose bound is not below
 * it), and the branch and bound stopped after LX_WIN_NODES nodes (a limit
 * that depends on no clock). */
typedef struct lx_cb {
    const double *inc; /* the incumbent, from 1 */
    int given;
    int nodes;         /* the most nodes */
    int it0, its;      /* the simplex iterations at the start, the most */
} lx_cb;

static void lx_glpk_nodes(glp_tree *T, void *info)
{
    lx_cb *cb = info;
    int r = glp_ios_reason(T);
    if (r == GLP_IHEUR && !cb->given) {
        cb->given = 1;
        glp_ios_heur_sol(T, cb->inc);
    } else if (r == GLP_ISELECT) {
        int a, n, t;
        glp_ios_tree_size(T, &a, &n, &t);
        if (t > cb->nodes ||
            glp_get_it_cnt(glp_ios_get_prob(T)) - cb->it0 > cb->its)
            glp_ios_terminate(T);
    }
}

/* Entry (row, col, 1) appended to the window's matrix.  -1 out of
 * memory. */
static int lx_nz(lx *x, int row, int col)
{
    if (x->nnz + 1 >= x->cap_nz) {
        size_t nc = x->cap_nz ? 2 * x->cap_nz : 4096;
        int *ia = realloc(x->wia, nc * sizeof *ia);
        if (ia != NULL)
            x->wia = ia;
        int *ja = realloc(x->wja, nc * sizeof *ja);
        if (ja != NULL)
            x->wja = ja;
        double *ar = realloc(x->war, nc * sizeof *ar);
        if (ar != NULL)
            x->war = ar;
        if (ia == NULL || ja == NULL || ar == NULL)
            return -1;
        x->cap_nz = nc;
    }
    x->nnz++; /* GLPK counts from 1 */
    x->wia[x->nnz] = row;
    x->wja[x->nnz] = col;
    x->war[x->nnz] = 1.0;
    return 0;
}

/* Column j of the window (from 0) added to its GLPK problem at cost c
 * (bounds 0 and 1; its rows from the column-major copy).  */
static void lx_win_add(lx *x, glp_prob *lp, size_t j, double c)
{
    int k = glp_add_cols(lp, 1);
    glp_set_col_bnds(lp, k, GLP_DB, 0.0, 1.0);
    glp_set_obj_coef(lp, k, c);
    size_t a = x->wcp[j], len = x->wcp[j + 1] - a;
    /* GLPK reads ind[1..len] and val[1..len] (wri from 1, war[1..] all 1) */
    glp_set_mat_col(lp, k, (int)len, x->wri + a - 1, x->war);
    x->wgl[j] = k;
    x->wback[k] = j;
}

/*
 * The window's MILP on GLPK (inside the guard): a binary per column, each
 * task one column, each PE-slot of two tasks' columns at most one, and for
 * each edge u -> v of the window and slot t, u ending at t or later and v
 * starting at t or earlier not both.  Each task's least cost is taken out
 * of its columns (the objective's constant).  Its LP is solved by column
 * generation (a restricted master: each task's LX_WIN_START cheapest
 * columns and its place now; the columns of negative reduced cost added
 * until none is left: the LP optimum z of all columns); no solution below
 * limit when z is not (most windows end here).  Then every column whose
 * reduced cost is below limit - z joins (any solution below limit takes
 * only such columns: its cost is at least z plus the reduced cost of each
 * column it takes outside the LP's support) and the branch and bound runs
 * on them, from the window as it is (the incumbent), at most LX_WIN_NODES
 * nodes.  Its best columns into best[] (1) or none (0: no solution below
 * limit found); -1 out of memory.
 */
static int lx_win_milp(lx *x, const size_t *wt, const size_t *off, size_t m,
                       double limit, size_t *best)
{
    size_t D = (size_t)x->D, P = (size_t)x->P, nc = x->ncol;
    x->nnz = 0;
    int row = 0;
    for (size_t t = 0; t < m; t++) {
        row++;
        for (size_t j = off[t]; j < off[t + 1]; j++)
            if (lx_nz(x, row, (int)j + 1) != 0)
                return -1;
    }
    int nrow_assign = row;
    /* the PE-slots two tasks or more may take: their rows */
    int *cell = x->wocc;
    for (size_t c = 0; c < P * D; c++)
        cell[c] = 0;
    for (size_t t = 0; t < m; t++) /* 0 none, t + 1 task t's only, -1 two or more */
        for (size_t j = off[t]; j < off[t + 1]; j++) {
            const lx_col *cl = &x->wcol[j];
            for (long l = cl->s; l <= cl->e; l++) {
                int *v = &cell[(size_t)cl->pe * D + (size_t)l];
                *v = *v == 0 || *v == (int)t + 1 ? (int)t + 1 : -1;
            }
        }
    /* a PE-slot's columns lie among those of the next slot unless one
     * ends there: only those rows */
    unsigned char *st = x->wst;
    memset(st, 0, P * D);
    for (size_t j = 0; j < nc; j++)
        st[(size_t)x->wcol[j].pe * D + (size_t)x->wcol[j].e] = 1;
    for (size_t c = 0; c < P * D; c++) {
        cell[c] = cell[c] < 0 && st[c] ? ++row : 0;
    }
    for (size_t j = 0; j < nc; j++) {
        const lx_col *cl = &x->wcol[j];
        for (long l = cl->s; l <= cl->e; l++) {
            int r = cell[(size_t)cl->pe * D + (size_t)l];
            if (r > 0 && lx_nz(x, r, (int)j + 1) != 0)
                return -1;
        }
    }
    /* the window's edges */
    const ecs_graph *g = x->sg;
    for (size_t tv = 0; tv < m; tv++) {
        size_t v = wt[tv];
        for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
            size_t u = g->pred[k];
            if (!x->gone[u])
                continue;
            size_t tu = (size_t)x->dist[u];
            long a = LONG_MAX, b = LONG_MIN; /* v's first start, u's last end */
            for (size_t j = off[tv]; j < off[tv + 1]; j++)
                if (x->wcol[j].s < a)
                    a = x->wcol[j].s;
            for (size_t j = off[tu]; j < off[tu + 1]; j++)
                if (x->wcol[j].e > b)
                    b = x->wcol[j].e;
            /* row t lies inside row t + 1 unless one of u's columns
             * ends in t: only those rows */
            memset(x->wst, 0, D);
            for (size_t j = off[tu]; j < off[tu + 1]; j++)
                x->wst[x->wcol[j].e] = 1;
            for (long t = a; t <= b; t++) {
                if (!x->wst[t])
                    continue;
                row++;
                for (size_t j = off[tu]; j < off[tu + 1]; j++)
                    if (x->wcol[j].e >= t && lx_nz(x, row, (int)j + 1) != 0)
                        return -1;
                for (size_t j = off[tv]; j < off[tv + 1]; j++)
                    if (x->wcol[j].s <= t && lx_nz(x, row, (int)j + 1) != 0)
                        return -1;
            }
        }
    }
    /* the matrix by column (wcp: starts, wri: rows); the GLPK column of
     * each (wgl, 0: not in the LP) and back (wback); shifted costs (wcst);
     * the incumbent (winc) */
    size_t *cp = realloc(x->wcp, (nc + 1) * sizeof *cp);
    if (cp != NULL)
        x->wcp = cp;
    int *ri = realloc(x->wri, (x->nnz + 1) * sizeof *ri);
    if (ri != NULL)
        x->wri = ri;
    int *gl = realloc(x->wgl, (nc + 1) * sizeof *gl);
    if (gl != NULL)
        x->wgl = gl;
    size_t *bk = realloc(x->wback, (nc + 1) * sizeof *bk);
    if (bk != NULL)
        x->wback = bk;
    double *cst = realloc(x->wcst, (nc + 1) * sizeof *cst);
    if (cst != NULL)
        x->wcst = cst;
    double *inc = realloc(x->winc, (nc + 1) * sizeof *inc);
    if (inc != NULL)
        x->winc = inc;
    if (cp == NULL || ri == NULL || gl == NULL || bk == NULL || cst == NULL ||
        inc == NULL)
        return -1;
    for (size_t j = 0; j <= nc; j++)
        cp[j] = 0;
    for (size_t z = 1; z <= x->nnz; z++)
        cp[x->wja[z]]++; /* column j (wja j + 1) counted at cp[j + 1] */
    cp[0] = 1;           /* wri from 1, as GLPK reads it */
    for (size_t j = 0; j < nc; j++) {
        cp[j + 1] += cp[j];
        gl[j] = (int)cp[j]; /* the next place of column j */
    }
    for (size_t z = 1; z <= x->nnz; z++)
        ri[gl[x->wja[z] - 1]++] = x->wia[z];
    double *y = realloc(x->wdual, ((size_t)row + 1) * sizeof *y);
    if (y == NULL)
        return -1;
    x->wdual = y;
    double shift = 0.0;
    for (size_t t = 0; t < m; t++) {
        double lo = HUGE_VAL;
        for (size_t j = off[t]; j < off[t + 1]; j++)
            if (x->wcol[j].cost < lo)
                lo = x->wcol[j].cost;
        shift += lo;
        for (size_t j = off[t]; j < off[t + 1]; j++) {
            cst[j] = x->wcol[j].cost - lo;
            gl[j] = 0;
        }
    }
    double tol = 1e-10 * (1.0 + fabs(limit));
    if (shift >= limit - tol)
        return 0; /* each task at its cheapest is no cheaper */
    glp_prob *lp = x->wlp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MIN);
    glp_set_obj_coef(lp, 0, shift);
    glp_add_rows(lp, row);
    for (int r = 1; r <= row; r++)
        glp_set_row_bnds(lp, r, r <= nrow_assign ? GLP_FX : GLP_UP, 1.0, 1.0);
    for (size_t c = 0; x->agg && c < P * D; c++)
        if (cell[c] > 0)
            glp_set_row_bnds(lp, cell[c], GLP_UP, 0.0, (double)x->count[c / D]);
    const size_t wstart = x->n > LX_STALL_TASKS ? LX_WIN_START_LARGE : LX_WIN_START;
    const int wadd = x->n > LX_STALL_TASKS ? LX_WIN_ADD_LARGE : LX_WIN_ADD;
    for (size_t t = 0; t < m; t++) {
        for (size_t j = off[t]; j + 1 < off[t + 1] && j < off[t] + wstart; j++)
            lx_win_add(x, lp, j, cst[j]);
        lx_win_add(x, lp, off[t + 1] - 1, cst[off[t + 1] - 1]);
    }
    for (size_t j = 0; x->agg && x->winit != NULL && j < nc; j++)
        if (x->winit[j] && !gl[j])
            lx_win_add(x, lp, j, cst[j]);
    /* the first basis: each task's place now (its last column, in the LP
     * from the start) basic, its assignment row at its bound, every other
     * row's slack basic: the window as it is, a feasible vertex (the basis
     * matrix is triangular: a place now has one entry in the assignment
     * rows, its own), so that the primal simplex starts in its phase 2
     * instead of searching a feasible basis from the slacks */
    if (x->n <= LX_STALL_TASKS) { /* as LX_RC_ITS */
        for (int r = 1; r <= row; r++)
            glp_set_row_stat(lp, r, r <= nrow_assign ? GLP_NS : GLP_BS);
        for (size_t t = 0; t < m; t++)
            glp_set_col_stat(lp, gl[off[t + 1] - 1], GLP_BS);
    }
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    const int at_scale = x->n > LX_STALL_TASKS;
    if (at_scale)
        sm.tm_lim = m > LX_WIN_MAX ? LX_RC_MS : LX_WIN_MS;
    else /* work, not time: the same schedule under any load */
        sm.it_lim = m > LX_WIN_MAX ? LX_RC_LP_ITS : LX_WIN_LP_ITS;
    double z = HUGE_VAL;
    for (;;) {
        if (glp_simplex(lp, &sm) != 0 || glp_get_status(lp) != GLP_OPT)
            break;
        z = glp_get_obj_val(lp);
        for (int r = 1; r <= row; r++)
            y[r] = glp_get_row_dual(lp, r);
        /* each task's wadd columns of least negative reduced cost;
         * the Lagrangian bound z + sum over the tasks of their least
         * reduced cost (each task takes one column, each other row's dual
         * is <= 0 on a row <= its bound): when it is not below limit,
         * neither is the LP optimum, and no solution is */
        int added = 0;
        double lagr = z;
        for (size_t t = 0; t < m; t++) {
            size_t pick[LX_WIN_ADD];
            double pd[LX_WIN_ADD], least = 0.0;
            int np = 0;
            for (size_t j = off[t]; j < off[t + 1]; j++) {
                if (gl[j])
                    continue;
                double d = cst[j];
                for (size_t a = cp[j]; a < cp[j + 1]; a++)
                    d -= y[ri[a]];
                if (d < least)
                    least = d;
                if (d >= -1e-9)
                    continue;
                if (np == wadd && d >= pd[np - 1])
                    continue;
                int q = np < wadd ? np++ : wadd - 1;
                while (q > 0 && pd[q - 1] > d) {
                    pd[q] = pd[q - 1];
                    pick[q] = pick[q - 1];
                    q--;
                }
                pd[q] = d;
                pick[q] = j;
            }
            for (int q = 0; q < np; q++)
                lx_win_add(x, lp, pick[q], cst[pick[q]]);
            added += np;
            lagr += least;
        }
        if (added == 0)
            break;
        if (lagr >= limit - tol)
            break; /* z stays: not below limit either */
        z = HUGE_VAL;
    }
    int found = 0;
    if (x->agg) { /* the LP's columns: the next recombination's first */
        int ncl = glp_get_num_cols(lp);
        if ((size_t)ncl > x->cap_prev) {
            lx_rcp *np = realloc(x->rc_prev, (size_t)ncl * sizeof *np);
            if (np == NULL) {
                glp_delete_prob(lp);
                x->wlp = NULL;
                return -1;
            }
            x->rc_prev = np;
            x->cap_prev = (size_t)ncl;
        }
        x->nprev = 0;
        for (int k = 1; k <= ncl; k++) {
            /* its basic columns only (graphs of up to LX_STALL_TASKS
             * tasks): the next LP starts near the last one's optimum
             * without carrying every column the last one priced in
             * (about 1,700 of 3,700 on `sites3` P = 4 g30;
             * bench/results/local_ext.md "Twelfth round") */
            if (x->n <= LX_STALL_TASKS && glp_get_col_stat(lp, k) != GLP_BS)
                continue;
            size_t j = x->wback[k], t = 0;
            while (t + 1 < m && off[t + 1] <= j)
                t++;
            const lx_col *cl = &x->wcol[j];
            x->rc_prev[x->nprev++] = (lx_rcp){wt[t], cl->pe, cl->s, cl->e};
        }
    }
    if (z < limit - tol) {
        /* the columns that may take part in a solution below limit */
        int added = 0;
        for (size_t j = 0; j < nc; j++) {
            if (gl[j])
                continue;
            double d = cst[j];
            for (size_t a = cp[j]; a < cp[j + 1]; a++)
                d -= y[ri[a]];
            if (d < limit - z - tol) {
                lx_win_add(x, lp, j, cst[j]);
                added++;
            }
        }
        int ok = added == 0 || (glp_simplex(lp, &sm) == 0 &&
                                glp_get_status(lp) == GLP_OPT);
        int ncl = glp_get_num_cols(lp);
        for (int k = 1; ok && k <= ncl; k++) {
            glp_set_col_kind(lp, k, GLP_BV);
            inc[k] = 0.0;
        }
        for (size_t t = 0; ok && t < m; t++)
            inc[gl[off[t + 1] - 1]] = 1.0; /* its place now */
        lx_cb cb = {inc, 0, m > LX_WIN_MAX ? LX_RC_NODES : LX_WIN_NODES,
                    glp_get_it_cnt(lp),
                    at_scale ? INT_MAX : m > LX_WIN_MAX ? LX_RC_ITS : LX_WIN_ITS};
        glp_iocp io;
        glp_init_iocp(&io);
        io.msg_lev = GLP_MSG_OFF;
        io.br_tech = GLP_BR_MFV;
        if (at_scale)
            io.tm_lim = m > LX_WIN_MAX ? LX_RC_MS : LX_WIN_MS;
        io.cb_func = lx_glpk_nodes;
        io.cb_info = &cb;
        int ir = ok ? glp_intopt(lp, &io) : -1;
        if (ok && (ir == 0 || glp_mip_status(lp) == GLP_FEAS)) {
            int ms = glp_mip_status(lp);
            if ((ms == GLP_OPT || ms == GLP_FEAS) &&
                glp_mip_obj_val(lp) < limit - tol) {
                found = 1;
                for (size_t t = 0; t < m; t++)
                    best[t] = off[t + 1] - 1;
                for (int k = 1; k <= ncl; k++)
                    if (glp_mip_col_val(lp, k) > 0.5) {
                        size_t j = x->wback[k];
                        size_t t = 0;
                        while (t + 1 < m && off[t + 1] <= j)
                            t++;
                        best[t] = j;
                    }
            }
        }
    }
    glp_delete_prob(lp);
    x->wlp = NULL;
    return found;
}

/*
 * lx_win_milp inside the GLPK guard (its terminal silenced, its error
 * hook set): 1 found, 0 not, -1 out of memory; after a GLPK error none
 * (0) and no window move again (no_glpk).
 */
static int lx_win_solve(lx *x, const size_t *wt, const size_t *off, size_t m,
                        double limit, size_t *best)
{
    if (x->no_glpk)
        return 0;
    volatile int found = 0;
    jmp_buf jb;
    int old_term = glp_term_out(GLP_OFF);
    glp_term_hook(lx_glpk_silence, NULL);
    if (glp_at_error()) {
        x->no_glpk = 1;
    } else if (setjmp(jb) != 0) {
        x->wlp = NULL; /* GLPK's, in its error state */
        x->no_glpk = 1;
        found = 0;
    } else {
        glp_error_hook(lx_glpk_error, &jb);
        found = lx_win_milp(x, wt, off, m, limit, best);
        if (found < 0)
            glp_delete_prob(x->wlp);
        glp_error_hook(NULL, NULL);
    }
    glp_term_hook(NULL, NULL);
    glp_term_out(old_term);
    return found;
}

/*
 * The tasks wt[0..m) (off the schedule) put at the columns best[] of the
 * window, one by one at their best profile inside the chosen interval on
 * the real draw (the caps kept).  1 when all found room and the total fell
 * below old_total (x->total set, the changed slots touched); 0 when not
 * (the caller puts them back).
 */
static int lx_win_apply(lx *x, const size_t *wt, size_t m, const size_t *best,
                        double old_total)
{
    int ok = 1;
    for (size_t t = 0; t < m && ok; t++) {
        const lx_col *cl = &x->wcol[best[t]];
        int c = x->p->nclass ? ecs_platform_pe_class(x->p, cl->pe) : 0;
        lx_place pl;
        lx_fill(x, (size_t)-1);
        ok = lx_profile(x, wt[t], c, cl->s, cl->e, 0, &pl) == 0;
        if (ok) {
            pl.pe = cl->pe;
            lx_put(x, wt[t], &pl, x->cand_fq + pl.s);
        }
    }
    double tot = ok ? lx_draw(x, (size_t)-1) : HUGE_VAL;
    if (!(tot < old_total - 1e-10 * (1.0 + fabs(old_total))))
        return 0;
    x->total = tot;
    x->improved++;
    lx_touch(x);
    return 1;
}

/*
 * The draw the columns of one task of a window (or of the recombination)
 * are priced on where the slot cost is not linear in the draw (a source,
 * a cap): the draw without the window (wfix) and the share `share` of the
 * draw of the window's other tasks where they are now (wfull less the
 * task's own draw: class c over [s, e] at profile f).  On the draw
 * without the window alone, each task would count on all of a source's
 * volume left in a slot, which the others take as well: the MILP then
 * "finds" a cheaper window on nearly every try that the real draw does
 * not confirm; at share 1 a column costs what moving that task alone
 * costs (exact for one task; for several, the sum is no less than their
 * joint cost where the slot cost is convex, as a source's and a cap's
 * are).
 */
static void lx_seen(lx *x, double share, int c, long s, long e,
                    const unsigned char *f)
{
    size_t SD = (size_t)x->nsite * (size_t)x->D;
    for (size_t k = 0; k < SD; k++)
        x->draw[k] = x->wfix[k] + share * (x->wfull[k] - x->wfix[k]);
    double *row = x->draw + (size_t)x->site_of[c] * (size_t)x->D;
    for (long l = s; l <= e; l++)
        row[l] -= share * x->dl[c][f[l - s]];
}

/*
 * The window move (an exact sub-problem of a large neighbourhood): a
 * window of LX_WIN_MIN to LX_WIN_MAX tasks (the nearest in time to a
 * random slot on every class, or a task and its graph neighbours) taken
 * off and put back with all others fixed, each on any PE of any class,
 * any interval and profile, their precedences and PEs kept, by a MILP on
 * GLPK over their columns (lx_win_cols: the intervals of each free
 * stretch cheaper than every interval inside them, the LX_WIN_KEEP
 * cheapest of them and its place now, so the window as it is stays a
 * solution; each priced on the others' draw, which is exact where the
 * slot cost is linear in the draw: no source, no cap), at most
 * LX_WIN_NODES nodes.  The tasks are then placed one by one at their best
 * profile inside their chosen intervals on the real draw (the caps kept).
 * Kept when the total falls: 1; else the window restored: 0; -1 out of
 * memory.  After a GLPK error (its error state) no window is tried again.
 */
static int lx_window(lx *x)
{
    size_t n = x->n, D = (size_t)x->D;
    size_t k = LX_WIN_MIN + (size_t)ecs_rng_below(&x->rng, LX_WIN_MAX - LX_WIN_MIN + 1);
    size_t m = lx_pick(x, k < n ? k : n, (int)ecs_rng_below(&x->rng, 2), -1);
    if (m == 0)
        return 0;
    size_t wt[LX_WIN_MAX], off[LX_WIN_MAX + 1], best[LX_WIN_MAX];
    lx_place old[LX_WIN_MAX];
    /* the window in the order of its starts (topological) */
    for (size_t t = 0; t < m; t++)
        x->rkey[t] = (lh_key){x->s[x->rkey[t].i], 0, x->rkey[t].i};
    qsort(x->rkey, m, sizeof *x->rkey, lh_cmp_key);
    double old_total = x->total;
    size_t SD = (size_t)x->nsite * D;
    if (!x->linear) {
        lx_fill(x, (size_t)-1);
        memcpy(x->wfull, x->draw, SD * sizeof *x->draw);
    }
    lx_begin(x);
    for (size_t t = 0; t < m; t++) {
        size_t i = x->rkey[t].i;
        wt[t] = i;
        x->dist[i] = (long)t;
        old[t] = (lx_place){x->cls[i], x->pe[i], x->s[i], x->e[i], 0.0};
        memcpy(x->wfq + t * D, x->fq + i * D, (size_t)(x->e[i] - x->s[i] + 1));
        lx_take_off(x, i);
    }
    double fixed = lx_draw(x, (size_t)-1);
    int rc = 0;
    x->ncol = 0;
    if (!x->linear)
        memcpy(x->wfix, x->draw, SD * sizeof *x->draw);
    for (size_t t = 0; t < m && rc == 0; t++) {
        off[t] = x->ncol;
        if (!x->linear)
            lx_seen(x, LX_WIN_SHARE, old[t].cls, old[t].s, old[t].e, x->wfq + t * D);
        rc = lx_win_cols(x, wt[t]);
        if (rc == 0 && x->ncol == off[t])
            rc = 1; /* cannot happen: its old place is free */
        if (rc != 0)
            break;
        /* its cheapest LX_WIN_KEEP columns and its place now */
        lx_keep_cols(x->wcol + off[t], x->ncol - off[t], LX_WIN_KEEP);
        if (x->ncol - off[t] > LX_WIN_KEEP)
            x->ncol = off[t] + LX_WIN_KEEP;
        size_t i = wt[t];
        double cur = lx_current(x, i);
        if (lx_add_col(x, old[t].pe, old[t].s, old[t].e, cur) != 0)
            rc = -1;
    }
    off[m] = x->ncol;
    if (!x->linear)
        memcpy(x->draw, x->wfix, SD * sizeof *x->draw);
    int found = rc == 0 ? lx_win_solve(x, wt, off, m, old_total - fixed, best) : 0;
    if (found < 0)
        rc = -1;
    int kept = rc >= 0 && found > 0 && lx_win_apply(x, wt, m, best, old_total);
    if (!kept) {
        for (size_t t = 0; t < m; t++)
            lx_unplace(x, wt[t]);
        for (size_t t = 0; t < m; t++)
            lx_put(x, wt[t], &old[t], x->wfq + t * D);
        x->total = old_total;
    }
    return rc < 0 ? -1 : kept;
}

/* ---- recombination: a MILP that mixes the elite ---- */

/* The schedule in x (a local optimum) joins the elite unless one there
 * costs the same or the elite is full of ones no dearer (else the dearest
 * leaves). */
static void lx_elite_add(lx *x)
{
    size_t n = x->n;
    double tol = 1e-9 * (1.0 + fabs(x->total));
    int k = x->nel, worst = 0;
    for (int j = 0; j < x->nel; j++) {
        if (fabs(x->el_total[j] - x->total) <= tol)
            return;
        if (x->el_total[j] > x->el_total[worst])
            worst = j;
    }
    if (x->nel == LX_ELITE) {
        if (x->el_total[worst] <= x->total)
            return;
        k = worst;
    } else {
        x->nel++;
    }
    memcpy(x->el_pe + (size_t)k * n, x->pe, n * sizeof *x->pe);
    memcpy(x->el_s + (size_t)k * n, x->s, n * sizeof *x->s);
    memcpy(x->el_e + (size_t)k * n, x->e, n * sizeof *x->e);
    x->el_total[k] = x->total;
    x->el_new++;
}

/*
 * Recombination (path relinking by an exact MILP): every task taken off
 * and put back by the window's MILP (lx_win_milp, all n tasks) over the
 * columns of the elite: each task's interval in each elite schedule on
 * every PE of the class it has there (the PEs of a class are alike, so
 * parts of two schedules fit together whatever PE numbers they use), its
 * LX_RC_CHEAP cheapest intervals per class anywhere in its window
 * (lx_rc_cheap), and its place now (the last, the incumbent), at most
 * LX_RC_NODES nodes; each priced at its cheapest
 * profile on the idle draw, which is exact where the slot cost is linear
 * in the draw (no source, no cap; elsewhere the placement on the real draw
 * decides, lx_win_apply).  The MILP takes each task's place from any of
 * the schedules where the others' places allow: the coordinated exchanges
 * of many tasks between sites and hours that two good schedules differ by.
 * Called where x is its saved state (x->b_*, lx_iterate between kicks):
 * kept when the total falls (1), else restored (0); -1 out of memory.
 */
/*
 * Each task's cheapest columns with all tasks off (lx_win_cols over its
 * whole window on the idle draw, the same at every recombination: built
 * once): the LX_RC_CHEAP cheapest intervals of each class (a column per
 * class: its pe the class) into x->rc_col (task i's from x->rc_coff[i], by
 * cost).  0 done, 1 too large (a task above LX_WIN_COLS columns, or all
 * above LX_RC_COLS when each counts once per PE of its class: about 60
 * tasks on 8 PEs; its LP and tree grow with the tasks, and larger runs
 * spend their time better on windows), -1 out of memory.
 */
static int lx_rc_cheap(lx *x)
{
    size_t n = x->n, have = 0, cap = 0, per_pe = 0;
    for (size_t i = 0; i < n; i++) {
        x->rc_coff[i] = have;
        x->ncol = 0;
        int wr = lx_win_cols(x, i);
        if (wr != 0)
            return wr;
        qsort(x->wcol, x->ncol, sizeof *x->wcol, lx_cmp_col);
        size_t to = 0;
        int taken[ECS_MAX_CLASSES] = {0};
        for (size_t j = 0; j < x->ncol; j++) {
            lx_col cl = x->wcol[j];
            cl.pe = x->p->nclass ? ecs_platform_pe_class(x->p, cl.pe) : 0;
            size_t h = 0;
            while (h < to && (x->wcol[h].s != cl.s || x->wcol[h].e != cl.e ||
                              x->wcol[h].pe != cl.pe))
                h++;
            /* a new interval of its class, while the class has fewer
             * than LX_RC_CHEAP */
            if (h < to || taken[cl.pe] >= LX_RC_CHEAP)
                continue;
            taken[cl.pe]++;
            per_pe += (size_t)x->count[cl.pe];
            x->wcol[to++] = cl;
        }
        if (per_pe > LX_RC_COLS)
            return 1;
        if (have + to > cap) {
            size_t nc = 2 * (have + to);
            lx_col *nw = realloc(x->rc_col, nc * sizeof *nw);
            if (nw == NULL)
                return -1;
            x->rc_col = nw;
            cap = nc;
        }
        memcpy(x->rc_col + have, x->wcol, to * sizeof *x->rc_col);
        have += to;
    }
    x->rc_coff[n] = have;
    x->ncol = 0;
    return 0;
}

/* Column (class c, s, e, cost) of task i (its columns from `from`) unless
 * it has it or it is its place now (which comes last).  -1 out of
 * memory. */
static int lx_rc_add(lx *x, size_t i, size_t from, int c, long s, long e,
                     double cost)
{
    if (c == x->b_cls[i] && s == x->b_s[i] && e == x->b_e[i])
        return 0;
    for (size_t j = from; j < x->ncol; j++)
        if (x->wcol[j].pe == c && x->wcol[j].s == s && x->wcol[j].e == e)
            return 0;
    return lx_add_col(x, c, s, e, cost);
}

/*
 * The PEs of the recombination's columns best[] (a class each, at most
 * its count of them in any slot): in the order of their starts, each task
 * on the PE of its class that became free last before its start (an
 * interval graph is coloured so by as many colours as it has intervals
 * in a slot).  Each chosen column's pe set to it.  0 done, 1 a slot of a
 * class above its count (cannot happen).
 */
static int lx_rc_pes(lx *x, const size_t *best)
{
    size_t n = x->n;
    long *last = x->rc_last;
    for (int q = 0; q < x->P; q++)
        last[q] = -1;
    for (size_t t = 0; t < n; t++)
        x->rkey[t] = (lh_key){x->wcol[best[t]].s, 0, t};
    qsort(x->rkey, n, sizeof *x->rkey, lh_cmp_key);
    for (size_t k = 0; k < n; k++) {
        lx_col *cl = &x->wcol[best[x->rkey[k].i]];
        int c = cl->pe, q = -1;
        for (int pe = x->first[c]; pe < x->first[c] + x->count[c]; pe++)
            if (last[pe] < cl->s && (q < 0 || last[pe] > last[q]))
                q = pe;
        if (q < 0)
            return 1;
        last[q] = cl->e;
        cl->pe = q;
    }
    return 0;
}

static int lx_recombine(lx *x)
{
    size_t n = x->n, *wt = x->rc_wt, *off = x->rc_off;
    size_t SD = (size_t)x->nsite * (size_t)x->D;
    double old_total = x->total;
    if (!x->linear) {
        lx_fill(x, (size_t)-1);
        memcpy(x->wfull, x->draw, SD * sizeof *x->draw);
    }
    lx_begin(x);
    for (size_t i = 0; i < n; i++) {
        wt[i] = i;
        x->gone[i] = 1;
        x->dist[i] = (long)i;
        lx_take_off(x, i);
    }
    double fixed = lx_draw(x, (size_t)-1);
    int rc = 0;
    if (!x->rc_ready) {
        rc = lx_rc_cheap(x);
        x->rc_ready = rc == 0 ? 1 : -1; /* -1: too large, none again */
    }
    x->ncol = 0;
    x->el_new = 0;
    if (!x->linear)
        memcpy(x->wfix, x->draw, SD * sizeof *x->draw);
    for (size_t i = 0; i < n && rc == 0; i++) {
        off[i] = x->ncol;
        /* not linear: each column priced again on lx_seen's draw (the
         * tasks off the schedule keep their class, interval, profile) */
        if (!x->linear)
            lx_seen(x, LX_RC_SHARE, x->cls[i], x->s[i], x->e[i],
                    x->fq + i * (size_t)x->D);
        for (size_t j = x->rc_coff[i]; j < x->rc_coff[i + 1] && rc == 0; j++) {
            const lx_col *cl = &x->rc_col[j];
            double cost = cl->cost;
            lx_place pl;
            if (!x->linear) {
                if (lx_profile(x, i, cl->pe, cl->s, cl->e, 0, &pl) != 0)
                    continue; /* a cap left it no profile on this draw */
                cost = pl.cost;
            }
            if (lx_rc_add(x, i, off[i], cl->pe, cl->s, cl->e, cost) != 0)
                rc = -1;
        }
        /* its interval in each elite schedule on every PE of its class
         * there, then its place now */
        for (int k = 0; k <= x->nel && rc == 0; k++) {
            const int *ep = k < x->nel ? x->el_pe + (size_t)k * n : x->b_pe;
            const long *es = k < x->nel ? x->el_s + (size_t)k * n : x->b_s;
            const long *ee = k < x->nel ? x->el_e + (size_t)k * n : x->b_e;
            int c = x->p->nclass ? ecs_platform_pe_class(x->p, ep[i]) : 0;
            lx_place pl;
            int pr = lx_profile(x, i, c, es[i], ee[i], 0, &pl);
            if (pr != 0) {
                if (k == x->nel)
                    rc = 1; /* its place now has no profile: too large */
                continue;
            }
            if (k == x->nel) {
                qsort(x->wcol + off[i], x->ncol - off[i], sizeof *x->wcol, lx_cmp_col);
                if (lx_add_col(x, c, es[i], ee[i], pl.cost) != 0)
                    rc = -1;
                break;
            }
            if (lx_rc_add(x, i, off[i], c, es[i], ee[i], pl.cost) != 0)
                rc = -1;
        }
    }
    off[n] = x->ncol;
    if (!x->linear)
        memcpy(x->draw, x->wfix, SD * sizeof *x->draw);
    /* the last recombination's LP columns (its basic ones) start this one's */
    if (rc == 0 && x->ncol > x->cap_init) {
        unsigned char *ni = realloc(x->winit, x->ncol);
        if (ni == NULL)
            rc = -1;
        else {
            x->winit = ni;
            x->cap_init = x->ncol;
        }
    }
    if (rc == 0) {
        memset(x->winit, 0, x->ncol);
        for (size_t k = 0; k < x->nprev; k++) {
            const lx_rcp *q = &x->rc_prev[k];
            for (size_t j = off[q->i]; j < off[q->i + 1]; j++)
                if (x->wcol[j].pe == q->cls && x->wcol[j].s == q->s &&
                    x->wcol[j].e == q->e) {
                    x->winit[j] = 1;
                    break;
                }
        }
    }
    x->agg = 1;
    int found = rc == 0 ? lx_win_solve(x, wt, off, n, old_total - fixed, x->rc_best) : 0;
    x->agg = 0;
    if (found < 0)
        rc = -1;
    int kept = rc >= 0 && found > 0 && lx_rc_pes(x, x->rc_best) == 0 &&
               lx_win_apply(x, wt, n, x->rc_best, old_total);
    x->rc_kept += kept;
    x->rc_refused += found > 0 && !kept;
    if (!x->linear && x->rc_refused > LX_RC_REFUSED * (x->rc_kept + 1))
        x->rc_ready = -1; /* its columns' prices mislead it here */
    if (!kept)
        lx_restore(x);
    return rc < 0 ? -1 : kept;
}

/*
 * The block shift: every task inside a random stretch of time [t1, t2]
 * (a quarter to a half of D') moved by the same delta (1 to 4 slots,
 * earlier or later) on its PE with its profile, the last first (later)
 * or the first first (earlier), where its PE is free, its placed
 * neighbours allow and the caps hold; the others stay.  A section of the
 * schedule moves out of expensive slots together, its neighbours then
 * re-timed by the descent.
 */
static void lx_shift(lx *x)
{
    lx_begin(x);
    long D = x->D, len = D / 4 + (long)ecs_rng_below(&x->rng, (uint64_t)(D / 4 + 1));
    long t1 = (long)ecs_rng_below(&x->rng, (uint64_t)(D - len + 1)), t2 = t1 + len - 1;
    long d = 1 + (long)ecs_rng_below(&x->rng, 4);
    int later = (int)ecs_rng_below(&x->rng, 2);
    if (!later)
        d = -d;
    size_t m = 0;
    for (size_t i = 0; i < x->n; i++)
        if (x->s[i] >= t1 && x->e[i] <= t2)
            x->rkey[m++] = (lh_key){later ? -x->s[i] : x->s[i], 0, i};
    qsort(x->rkey, m, sizeof *x->rkey, lh_cmp_key);
    for (size_t t = 0; t < m; t++) {
        size_t i = x->rkey[t].i;
        long lo, hi, s = x->s[i] + d, e = x->e[i] + d;
        lx_room(x, i, &lo, &hi);
        if (s < lo || e > hi)
            continue;
        const int *row = x->occ + (size_t)x->pe[i] * (size_t)D;
        int ok = 1;
        for (long l = s; l <= e && ok; l++)
            ok = row[l] < 0 || row[l] == (int)i;
        if (!ok)
            continue;
        lx_fill(x, i);
        int c = x->cls[i], site = x->site_of[c];
        const unsigned char *f = x->fq + i * (size_t)D;
        for (long l = s; l <= e && ok; l++)
            ok = x->draw[(size_t)site * (size_t)D + (size_t)l] +
                     x->dl[c][f[l - s]] <= lx_limit(x, site, l);
        if (!ok)
            continue;
        lx_place pl = {c, x->pe[i], s, e, 0.0};
        memcpy(x->cand_fq, f, (size_t)(e - s + 1));
        lx_put(x, i, &pl, x->cand_fq);
    }
    lx_settle(x);
}

/*
 * Kick, descend, accept or not, until max_stall kicks in a row found no
 * schedule cheaper than the best or the time.  LX_WIN_PCT % of the kicks
 * first try a window move (lx_window);
 * a kick (when that found nothing cheaper, or without it) is an ejection
 * (LX_EJECT_PCT % of them), a ruin and recreate (LX_RUIN_PCT % less
 * those), a new build (LX_RELIST_PCT %, graphs
 * up to LX_RELIST_TASKS tasks), a block shift (LX_SHIFT_PCT %) or 1 to 3
 * tasks moved at random.  The
 * result of its descent is accepted as the current schedule when it is
 * less than LX_RRT x (1 - stall / max_stall) above the best (record to
 * record travel: a worse schedule is accepted early, none at the end of
 * a stall), else the current one is restored; the best is kept apart and
 * left in x at the end.  With two sites or more (graphs of up to
 * LX_STALL_TASKS tasks) the stall is followed by LX_SWAP_TRIES kicks from
 * the best, each a window move (LX_WIN_PCT %) or else a site exchange
 * (lx_swap), kept only when cheaper than the best (then the polish
 * starts again from it, not the stall: its CPU stays bounded): up to the
 * end of the first stall the search is what it is without them, so they
 * never leave a dearer schedule than without them (the 10 s limit
 * aside; bench/results/local_ext.md "Eleventh round, second part").  -1
 * out of memory.
 */
static int lx_iterate(lx *x, ecs_local_result *out, ecs_local_stop *stop)
{
    long stall_max = x->prm->max_stall;
    if (x->n > LX_STALL_TASKS) {
        stall_max = (long)((double)stall_max * LX_STALL_TASKS / (double)x->n);
        if (stall_max < LX_STALL_MIN)
            stall_max = x->prm->max_stall < LX_STALL_MIN ? x->prm->max_stall
                                                         : LX_STALL_MIN;
    }
    lx_save(x);
    ecs_schedule *best = lx_export(x);
    if (best == NULL)
        return -1;
    double best_total = x->total;
    int rc = 0;
    long since = 0;
    lx_elite_add(x);
    long swaps = x->nsite > 1 && x->n <= LX_STALL_TASKS && stall_max > 0 ? LX_SWAP_TRIES
                                                                         : 0;
    for (long stall = 0; x->n > 0 && stall < stall_max + swaps && !lx_time_up(x);
         stall++) {
        out->kicks++;
        if (stall >= stall_max) {
            if (stall == stall_max) { /* from the best (a local optimum) */
                lx_load(x, best);
                memset(x->dirty, 0, x->n);
                memset(x->dirty2, 0, x->n);
                lx_save(x);
            }
            if (ecs_rng_below(&x->rng, 100) < LX_WIN_PCT) {
                int wr = lx_window(x);
                if (wr < 0) {
                    rc = -1;
                    break;
                }
                if (wr > 0)
                    goto descend;
            }
            int b = lx_swap(x);
            if (b < 0) {
                rc = -1;
                break;
            }
            if (b > 0) {
                lx_restore(x);
                continue;
            }
            goto descend;
        }
        if (x->rc_ready >= 0 && x->nel >= 2 && x->el_new > 0 &&
            (++since >= LX_RECOMB_EVERY || stall == stall_max - 1)) {
            since = 0;
            int rr = lx_recombine(x);
            if (rr < 0) {
                rc = -1;
                break;
            }
            if (rr > 0)
                goto descend;
        }
        if (ecs_rng_below(&x->rng, 100) < LX_WIN_PCT) {
            int wr = lx_window(x);
            if (wr < 0) {
                rc = -1;
                break;
            }
            if (wr > 0)
                goto descend;
        }
        unsigned r = (unsigned)ecs_rng_below(&x->rng, 100);
        int relist = x->n <= LX_RELIST_TASKS && r >= LX_RUIN_PCT &&
                     r < LX_RUIN_PCT + LX_RELIST_PCT;
        if (r < LX_RUIN_PCT || relist) {
            int b = relist ? lx_build(x, -1)
                    : r < LX_EJECT_PCT && x->n <= LX_STALL_TASKS ? lx_eject(x)
                                                                  : lx_ruin(x);
            if (b < 0) {
                rc = -1;
                break;
            }
            if (b > 0) { /* a task found no room (under the caps): an
                            ordinary kick */
                lx_restore(x);
                lx_kick(x);
            }
        } else if (r < LX_RUIN_PCT + LX_RELIST_PCT + LX_SHIFT_PCT) {
            lx_shift(x);
        } else {
            lx_kick(x);
        }
    descend:;
        int dr = lx_descend(x, stop);
        if (dr != 0) {
            rc = -1;
            break;
        }
        lx_elite_add(x);
        double tol = 1e-10 * (1.0 + fabs(best_total));
        if (x->total < best_total - tol) {
            ecs_schedule *s = lx_export(x);
            if (s == NULL) {
                rc = -1;
                break;
            }
            ecs_schedule_free(best);
            best = s;
            best_total = x->total;
            lx_save(x);
            out->kicks_improved++;
            /* a new best: the stall starts again, or after a polish
             * kick the polish (LX_SWAP_TRIES - 1 kicks more) */
            stall = stall >= stall_max ? stall_max : -1;
        } else if (x->total < best_total + LX_RRT * (1.0 - (double)stall /
                                                            (double)stall_max) *
                                               fabs(best_total) -
                                  tol &&
                   x->total != x->b_total) {
            lx_save(x);
        } else {
            lx_restore(x);
        }
    }
    if (rc == 0)
        lx_load(x, best);
    ecs_schedule_free(best);
    if (rc == 0) {
        memset(x->dirty, 0, x->n);
        memset(x->dirty2, 0, x->n);
    }
    return rc;
}

/*
 * Phase 1, when no build kept the caps: a build that ignores them (each
 * task where it adds the least draw above the caps), then the search
 * (moves and up to LX_REPAIR_KICKS kicks) on the draw above the caps, until
 * it is 0: a start that keeps them.  0 found, 1 not, -1 out of memory.
 */
static int lx_repair(lx *x, ecs_local_result *out)
{
    x->phase1 = 1;
    int b = lx_build(x, 0);
    ecs_local_stop st = ECS_LOCAL_CONVERGED;
    if (b == 0 && lx_descend(x, &st) != 0)
        b = -1;
    if (b == 0) {
        lx_save(x);
        for (long k = 0; k < LX_REPAIR_KICKS && x->b_total > 0.0 &&
                         !lx_time_up(x);
             k++) {
            out->kicks++;
            lx_kick(x);
            if (lx_descend(x, &st) != 0) {
                b = -1;
                break;
            }
            if (x->total < x->b_total)
                lx_save(x);
            else
                lx_restore(x);
        }
        if (b == 0) {
            lx_restore(x);
            b = x->total > 0.0 ? 1 : 0;
        }
    }
    x->phase1 = 0;
    if (b == 0) {
        x->total = lx_draw(x, (size_t)-1);
        lx_all_dirty(x);
    }
    return b;
}

/* ---- the run ---- */

static void lx_release(lx *x)
{
    free(x->pe);
    free(x->cls);
    free(x->s);
    free(x->e);
    free(x->fq);
    free(x->occ);
    free(x->draw);
    free(x->b_pe);
    free(x->b_cls);
    free(x->b_s);
    free(x->b_e);
    free(x->b_fq);
    free(x->seg);
    free(x->mc);
    free(x->val);
    free(x->nval);
    free(x->prev);
    free(x->pk);
    free(x->best_fq);
    free(x->cand_fq);
    free(x->pair_fq);
    free(x->pair_e0);
    free(x->pf_mc);
    free(x->partner);
    free(x->chain_fq);
    free(x->chain_g);
    free(x->chain_tab);
    free(x->chain_tmp);
    free(x->chain_s);
    free(x->chain_e);
    free(x->order);
    free(x->dirty);
    free(x->dirty2);
    free(x->gone);
    free(x->old_cls);
    free(x->rkey);
    free(x->dist);
    free(x->wcol);
    free(x->wtab);
    free(x->wfull);
    free(x->wfix);
    free(x->wocc);
    free(x->wfq);
    free(x->wst);
    free(x->wia);
    free(x->winc);
    free(x->wcp);
    free(x->wback);
    free(x->wri);
    free(x->wgl);
    free(x->wcst);
    free(x->wdual);
    free(x->wja);
    free(x->war);
    free(x->el_pe);
    free(x->el_s);
    free(x->el_e);
    free(x->rc_wt);
    free(x->rc_off);
    free(x->rc_best);
    free(x->rc_last);
    free(x->rc_prev);
    free(x->winit);
    free(x->price);
    free(x->cov_m);
    free(x->cov_v);
    free(x->cov_p);
    free(x->tab);
    free(x->toff);
    free(x->rc_col);
    free(x->rc_coff);
}

static ecs_result lx_setup(lx *x, ecs_diag *diag)
{
    const ecs_platform *p = x->p;
    x->ncls = p->nclass ? (int)p->nclass : 1;
    x->nsite = p->nsite < 1 ? 1 : p->nsite;
    x->P = p->pes;
    x->K = p->nfreq;
    x->grid = p->grid;
    x->linear = x->inst->nsource == 0;
    for (int q = 0; x->inst->site != NULL && q < p->nsite; q++)
        if (x->inst->site[q].cap != NULL)
            x->linear = 0;
    for (int c = 0; c < x->ncls; c++) {
        x->site_of[c] = p->nclass ? p->cls[c].site : 0;
        x->first[c] = p->nclass ? p->cls[c].first_pe : 0;
        x->count[c] = p->nclass ? p->cls[c].count : p->pes;
        x->idle[c] = p->nclass ? p->cls[c].idle : 0.0;
        long u = 0;
        for (size_t k = 0; k < x->K; k++)
            u = gcd_l(u, ecs_platform_speed_q(p, c, k));
        x->unit[c] = u > 0 ? u : 1;
        for (size_t k = 0; k < x->K; k++) {
            x->q[c][k] = ecs_platform_speed_q(p, c, k) / x->unit[c];
            x->dl[c][k] = ecs_platform_power(p, c, k) - x->idle[c];
        }
    }
    for (int c = 0; c < x->ncls; c++)
        if (p->nclass)
            x->base[x->site_of[c]] += x->count[c] * x->idle[c];
    x->nmax = 0;
    for (size_t i = 0; i < x->n; i++) {
        if (x->g->work[i] > LONG_MAX / 4 / x->grid)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld: work %ld is too large",
                                x->g->id[i], x->g->work[i]);
        for (int c = 0; c < x->ncls; c++)
            if (need_of(x, i, c) > x->nmax)
                x->nmax = need_of(x, i, c);
    }
    if ((double)x->P * (double)x->D > (double)LX_MAX_CELLS ||
        (double)x->D * (double)(x->nmax + 1) > (double)LX_MAX_DP ||
        x->nmax > INT_MAX - 1)
        return ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                            "local search on this platform handles at most "
                            "%ld PE-slots and %ld slot-work states (here %d "
                            "PEs, %ld slots, %ld work states)",
                            LX_MAX_CELLS, LX_MAX_DP, x->P, x->D, x->nmax + 1);
    size_t n = x->n ? x->n : 1, D = (size_t)x->D, W = (size_t)x->nmax + 1;
    x->pe = malloc(n * sizeof *x->pe);
    x->cls = malloc(n * sizeof *x->cls);
    x->s = malloc(n * sizeof *x->s);
    x->e = malloc(n * sizeof *x->e);
    x->fq = calloc(n * D, 1);
    x->occ = malloc((size_t)x->P * D * sizeof *x->occ);
    x->draw = calloc((size_t)x->nsite * D, sizeof *x->draw);
    x->b_pe = malloc(n * sizeof *x->b_pe);
    x->b_cls = malloc(n * sizeof *x->b_cls);
    x->b_s = malloc(n * sizeof *x->b_s);
    x->b_e = malloc(n * sizeof *x->b_e);
    x->b_fq = calloc(n * D, 1);
    x->mc = malloc(D * x->K * sizeof *x->mc);
    x->val = malloc(W * sizeof *x->val);
    x->nval = malloc(W * sizeof *x->nval);
    x->prev = malloc(D * W * sizeof *x->prev);
    x->pk = malloc(D * W);
    x->best_fq = calloc(D, 1);
    x->cand_fq = calloc(D, 1);
    x->order = malloc(n * sizeof *x->order);
    x->pair_fq = calloc(6 * D, 1);
    x->pair_e0 = malloc((size_t)x->nsite * D * sizeof *x->pair_e0);
    x->pf_mc = malloc(D * x->K * sizeof *x->pf_mc);
    x->pf_c = -1;
    x->dirty = malloc(n);
    x->dirty2 = malloc(n);
    x->partner = malloc(n * sizeof *x->partner);
    x->chain_fq = calloc(LX_CHAIN_MAX * D, 1);
    x->chain_g = malloc(LX_CHAIN_MAX * D * sizeof *x->chain_g);
    x->chain_tab = malloc(D * sizeof *x->chain_tab);
    x->chain_tmp = malloc(D * sizeof *x->chain_tmp);
    x->chain_s = malloc(LX_CHAIN_MAX * D * sizeof *x->chain_s);
    x->chain_e = malloc(LX_CHAIN_MAX * D * sizeof *x->chain_e);
    x->gone = malloc(n);
    x->old_cls = malloc(n * sizeof *x->old_cls);
    x->rkey = malloc(n * sizeof *x->rkey);
    x->dist = malloc(n * sizeof *x->dist);
    x->wtab = malloc(D * D * sizeof *x->wtab);
    x->wocc = malloc((size_t)x->P * D * sizeof *x->wocc);
    x->wfq = calloc(LX_WIN_MAX * D, 1);
    x->wfull = malloc((size_t)x->nsite * D * sizeof *x->wfull);
    x->wfix = malloc((size_t)x->nsite * D * sizeof *x->wfix);
    x->wst = malloc((size_t)x->P * D);
    x->el_pe = malloc(LX_ELITE * n * sizeof *x->el_pe);
    x->el_s = malloc(LX_ELITE * n * sizeof *x->el_s);
    x->el_e = malloc(LX_ELITE * n * sizeof *x->el_e);
    x->rc_wt = malloc(n * sizeof *x->rc_wt);
    x->rc_off = malloc((n + 1) * sizeof *x->rc_off);
    x->rc_best = malloc(n * sizeof *x->rc_best);
    x->rc_last = malloc((size_t)x->P * sizeof *x->rc_last);
    x->price = malloc((size_t)x->nsite * D * sizeof *x->price);
    for (int q = 0; x->price != NULL && q < x->nsite; q++)
        for (size_t l = 0; l < D; l++)
            x->price[(size_t)q * D + l] = ecs_instance_price(x->inst, q, (long)l);
    size_t ns = x->inst->nsource;
    int cov_ok = 1;
    if (ns > 0 && ns <= ECS_MAX_SOURCES) {
        size_t nqd = (size_t)x->nsite * D;
        x->cov_m = malloc(nqd);
        x->cov_v = malloc(nqd * ns * sizeof *x->cov_v);
        x->cov_p = malloc(nqd * ns * sizeof *x->cov_p);
        cov_ok = x->cov_m && x->cov_v && x->cov_p && x->price;
        for (size_t at = 0; cov_ok && at < nqd; at++) {
            long l = (long)(at % D);
            size_t order[ECS_MAX_SOURCES];
            size_t m = ecs_instance_slot_sources(x->inst, (int)(at / D), l,
                                                 order);
            x->cov_m[at] = (unsigned char)m;
            for (size_t k = 0; k < m; k++) {
                x->cov_v[at * ns + k] = x->inst->source[order[k]].volume[l];
                x->cov_p[at * ns + k] = x->inst->source[order[k]].price;
            }
        }
    }
    x->rc_coff = malloc((n + 1) * sizeof *x->rc_coff);
    if (!cov_ok || !x->rc_coff || !x->el_pe || !x->el_s || !x->el_e || !x->rc_wt || !x->rc_off ||
        !x->rc_best || !x->rc_last || !x->price || !x->wfull || !x->wfix || !x->wst || !x->wtab || !x->wocc || !x->wfq ||
        !x->gone || !x->old_cls || !x->rkey || !x->dist ||
        !x->pair_fq || !x->pair_e0 || !x->pf_mc || !x->partner || !x->dirty || !x->dirty2 || !x->chain_fq || !x->chain_g ||
        !x->chain_tab || !x->chain_tmp || !x->chain_s || !x->chain_e ||
        !x->pe || !x->cls || !x->s || !x->e || !x->fq || !x->occ ||
        !x->draw || !x->b_pe || !x->b_cls || !x->b_s || !x->b_e ||
        !x->b_fq || !x->mc || !x->val || !x->nval || !x->prev || !x->pk ||
        !x->best_fq || !x->cand_fq || !x->order)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < x->n; i++)
        x->pe[i] = -1;
    return ECS_OK;
}

static ecs_schedule *lx_export(const lx *x)
{
    ecs_schedule *sc = ecs_schedule_new(x->n);
    for (size_t i = 0; sc != NULL && i < x->n; i++)
        if (ecs_schedule_place(sc, i, x->pe[i], x->s[i], x->e[i],
                               x->fq + i * (size_t)x->D, 0) != ECS_OK) {
            ecs_schedule_free(sc);
            sc = NULL;
        }
    return sc;
}

/*
 * x set up on inst (validated; its windows computed into own when the
 * instance has none, released by the caller with lx_release), prm its
 * parameters; the caps checked against the idle draw.
 */
static ecs_result lx_open(lx *x, const ecs_instance *inst,
                          const ecs_local_params *prm, ecs_windows *own,
                          ecs_diag *diag)
{
    double t0 = lh_now();
    memset(x, 0, sizeof *x);
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK)
        return rc;
    int empty = 0;
    const ecs_windows *win = &inst->windows;
    if (inst->windows.n != inst->graph->n || inst->reduced == NULL) {
        rc = ecs_windows_compute_platform(inst->graph, inst->platform,
                                          inst->deadline, own, &empty, diag);
        if (rc != ECS_OK)
            return rc;
        win = own;
    } else {
        empty = inst->windows_empty;
    }
    if (empty)
        return ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                            "no schedule meets the deadline D' = %ld: a "
                            "task's window is shorter than its work",
                            inst->deadline);
    x->inst = inst;
    x->g = inst->graph;
    x->sg = ecs_instance_solver_graph(inst);
    x->p = inst->platform;
    x->prm = prm;
    x->D = inst->deadline;
    x->n = inst->graph->n;
    x->es = win->es;
    x->lf = win->lf;
    x->t_end = t0 + prm->time_limit_s;
    x->t0 = t0;
    x->t_report = t0 + prm->progress_every_s;
    ecs_rng_seed(&x->rng, prm->seed);
    rc = lx_setup(x, diag);
    for (int q = 0; rc == ECS_OK && q < x->nsite; q++)
        for (long l = 0; l < x->D; l++)
            if (x->base[q] > lx_cap(x, q, l)) {
                rc = ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                                  "no schedule meets the caps: site %s draws "
                                  "%.6g kWh in slot %ld when idle, above its "
                                  "cap of %.6g kWh",
                                  x->p->site_name[q][0] ? x->p->site_name[q]
                                                        : "0",
                                  x->base[q], l, ecs_instance_cap(inst, q, l));
                break;
            }
    return rc;
}

/* res (freed here on failure) through the checker: its cost and
 * makespan into *rep.  EINTERNAL when it fails. */
static ecs_result lx_checked(const ecs_instance *inst, ecs_schedule *res,
                             ecs_check_report *rep, ecs_diag *diag)
{
    if (ecs_check_schedule(inst, res, rep, NULL) == ECS_OK)
        return ECS_OK;
    ecs_schedule_free(res);
    return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                        "the local heuristic's schedule fails the "
                        "checker: %s", rep->msg);
}

ecs_result lh_local_ext_mix(const ecs_instance *inst,
                            const ecs_schedule *const *sched, size_t k,
                            ecs_local_result *out, ecs_diag *diag)
{
    double t0 = lh_now();
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    lx x;
    ecs_windows own = {0};
    ecs_result rc = lx_open(&x, inst, &prm, &own, diag);
    /* each feasible schedule into the elite; the cheapest the current */
    size_t first = k;
    double least = HUGE_VAL;
    for (size_t t = 0; rc == ECS_OK && t < k; t++) {
        double c;
        if (sched[t] == NULL || !lx_feasible(&x, sched[t], &c))
            continue;
        lx_load(&x, sched[t]);
        lx_elite_add(&x);
        if (x.total < least) {
            least = x.total;
            first = t;
        }
    }
    if (rc == ECS_OK && first == k)
        rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                          "none of the %zu schedules to mix meets the "
                          "deadline, the precedences and the caps", k);
    int kept = 0;
    ecs_schedule *res = NULL;
    if (rc == ECS_OK) {
        lx_load(&x, sched[first]);
        lx_save(&x);
        out->start_cost = x.total;
        kept = x.nel >= 2 ? lx_recombine(&x) : 0;
        res = kept >= 0 ? lx_export(&x) : NULL;
        if (res == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    lx_release(&x);
    ecs_windows_release(&own);
    ecs_check_report rep;
    if (rc == ECS_OK)
        rc = lx_checked(inst, res, &rep, diag);
    if (rc != ECS_OK)
        return rc;
    out->schedule = res;
    out->cost = rep.cost;
    out->makespan = rep.makespan;
    out->kept_start = !kept;
    out->runtime_s = lh_now() - t0;
    return ECS_OK;
}

ecs_result lh_local_ext_run(const ecs_instance *inst, const ecs_schedule *start,
                            const ecs_local_params *prm, ecs_local_result *out,
                            ecs_diag *diag)
{
    double t0 = lh_now();
    lx x;
    ecs_windows own = {0};
    ecs_result rc = lx_open(&x, inst, prm, &own, diag);
    if (rc != ECS_OK && x.inst == NULL) {
        ecs_windows_release(&own);
        return rc;
    }
    ecs_local_stop stop = ECS_LOCAL_CONVERGED;
    double start_cost = 0.0;
    int have_start = rc == ECS_OK && lx_feasible(&x, start, &start_cost);
    int bad = 0;
    if (rc == ECS_OK) {
        /* the start: the given one if feasible, else built */
        int built = 0;
        if (have_start) {
            lx_load(&x, start);
            /* ruin_start ruins and recreates of the start first (each
             * kept only when every task found room): the search is then
             * from that schedule, never dearer than it, and start_cost
             * is its cost */
            unsigned done = 0;
            for (unsigned k = 0; done < prm->ruin_start && !bad &&
                                 k < LX_RUIN_TRIES * prm->ruin_start;
                 k++) {
                lx_save(&x);
                int b = lx_ruin(&x);
                bad = b < 0;
                if (b > 0)
                    lx_restore(&x);
                else
                    done++;
            }
            if (prm->ruin_start > 0) {
                lx_all_dirty(&x);
                start_cost = x.total;
            }
        } else {
            int b = lx_build(&x, 0);
            if (b > 0)
                b = lx_build(&x, 1);
            for (int t = 0; b > 0 && t <= LX_BUILD_TRIES; t++)
                b = lx_build(&x, t == 0 ? 2 : -1);
            if (b > 0)
                b = lx_repair(&x, out);
            bad = b < 0;
            built = b == 0;
            if (b > 0)
                rc = ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                                  "local search found no schedule that meets "
                                  "D' = %ld under the caps (by placement "
                                  "and by repair of the draw above the "
                                  "caps)%s",
                                  x.D, start != NULL ? "; the start given is not feasible" : "");
            out->from_scratch = built;
            start_cost = x.total;
        }
        if (rc == ECS_OK && !bad) {
            bad = lx_descend(&x, &stop) != 0;
            /* a second start built from scratch, the cheaper kept */
            if (!bad && have_start && prm->scratch_start && !lx_time_up(&x)) {
                lx_save(&x);
                int b = lx_build(&x, 0);
                if (b == 0)
                    bad = lx_descend(&x, &stop) != 0;
                if (b < 0)
                    bad = 1;
                if (!bad && b == 0 &&
                    x.total < x.b_total - 1e-10 * (1.0 + fabs(x.b_total)))
                    out->from_scratch = 1;
                else
                    lx_restore(&x);
            }
            if (!bad)
                bad = lx_iterate(&x, out, &stop) != 0;
        }
    }
    if (bad && rc == ECS_OK)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (x.out_of_time)
        stop = x.out_of_effort ? ECS_LOCAL_EFFORT : ECS_LOCAL_TIME_LIMIT;
    ecs_schedule *res = rc == ECS_OK ? lx_export(&x) : NULL;
    if (rc == ECS_OK && res == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    out->moves = x.moves;
    out->improved = x.improved;
    out->rows = x.rows;
    out->rounds = x.rounds;
    out->stop = stop;
    out->start_cost = start_cost;
    lx_release(&x);
    ecs_windows_release(&own);
    if (rc != ECS_OK)
        return rc;
    ecs_check_report rep;
    rc = lx_checked(inst, res, &rep, diag);
    if (rc != ECS_OK)
        return rc;
    if (have_start && rep.cost > start_cost) {
        ecs_schedule_free(res);
        res = ecs_schedule_copy(start);
        if (res == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        out->kept_start = 1;
        out->from_scratch = 0;
        rep.cost = start_cost;
        rep.makespan = ecs_schedule_makespan(start);
    }
    out->schedule = res;
    out->cost = rep.cost;
    out->makespan = rep.makespan;
    out->runtime_s = lh_now() - t0;
    return ECS_OK;
}
