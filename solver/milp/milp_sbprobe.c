/* Strong-branching probes at the root (milp_sbprobe.h; docs/MODEL.md "MILP,
 * strong formulation", "Strong-branching probes").  SCIP lifts its root
 * bound on the shared 50-task graphs at P = 4 by strong branching at the
 * root and the fixings it yields (bench/results/peers40.md); GLPK's tree
 * has neither, so they are done here before it starts: each child LP by
 * the dual simplex from the root's basis on the one problem object (the
 * basis and the bounds put back after each), each valued by the Lagrangian
 * bound of its duals, computed from the model. */
#include "milp_sbprobe.h"

#include "core/glpk_guard.h"
#include "ecsched/clock.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FRAC_EPS 1e-6 /* a value this close to an integer is integral */
#define FULL_MAX (2 * MILP_SB_TOP) /* full probes a round at most */

typedef struct probe_ws {
    glp_prob *lp;
    const milp_model *m;
    double *lb, *ub;       /* the bounds now */
    double *clb, *cub;     /* a child's bounds */
    double *y, *d;         /* duals, reduced costs */
    int *rstat, *cstat;    /* the root's basis (1-based) */
    double *x;             /* the root LP's values (0-based) */
    double t_stop, t_end;
    int it_lim;
    long its;              /* the children's simplex iterations so far */
    long it_stop;          /* no child begun at or after this many */
} probe_ws;

static void set_bounds(glp_prob *lp, size_t j, double lb, double ub)
{
    glp_set_col_bnds(lp, (int)j + 1, lb == ub ? GLP_FX : GLP_DB, lb, ub);
}

static void save_basis(probe_ws *w)
{
    int nr = (int)w->m->nrows, nc = (int)w->m->ncols;
    for (int i = 1; i <= nr; i++)
        w->rstat[i] = glp_get_row_stat(w->lp, i);
    for (int j = 1; j <= nc; j++) {
        w->cstat[j] = glp_get_col_stat(w->lp, j);
        w->x[j - 1] = glp_get_col_prim(w->lp, j);
    }
}

static void restore_basis(probe_ws *w)
{
    int nr = (int)w->m->nrows, nc = (int)w->m->ncols;
    for (int i = 1; i <= nr; i++)
        glp_set_row_stat(w->lp, i, w->rstat[i]);
    for (int j = 1; j <= nc; j++)
        glp_set_col_stat(w->lp, j, w->cstat[j]);
}

/* Whether another child may begin: below the iteration budget (counted
 * work, the same on every run) and before the clock's t (a safety cap:
 * it binds only when the time left is short). */
static int more(const probe_ws *w, double t)
{
    return w->its < w->it_stop && ecs_clock_now() < t;
}

/* The child of column j within [nl, nu]: a lower bound on every solution
 * of the rows there; HUGE_VAL when its LP has no solution. */
static double child(probe_ws *w, size_t j, double nl, double nu)
{
    const milp_model *m = w->m;
    set_bounds(w->lp, j, nl, nu);
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.presolve = GLP_OFF;
    sm.meth = GLP_DUAL;
    sm.it_lim = w->it_lim;
    sm.tm_lim = glpk_ms_until(w->t_stop);
    int it0 = glp_get_it_cnt(w->lp);
    int ret = glp_simplex(w->lp, &sm);
    w->its += glp_get_it_cnt(w->lp) - it0;
    double z = -HUGE_VAL;
    if (ret == 0 && glp_get_prim_stat(w->lp) == GLP_NOFEAS &&
        glp_get_dual_stat(w->lp) == GLP_FEAS) {
        z = HUGE_VAL; /* the dual simplex found a dual ray */
    } else if (ret == 0 || ret == GLP_EITLIM || ret == GLP_ETMLIM) {
        /* any duals give a valid bound; the child's own are good ones */
        for (size_t r = 0; r < m->nrows; r++)
            w->y[r] = glp_get_row_dual(w->lp, (int)r + 1);
        memcpy(w->clb, w->lb, m->ncols * sizeof *w->clb);
        memcpy(w->cub, w->ub, m->ncols * sizeof *w->cub);
        w->clb[j] = nl;
        w->cub[j] = nu;
        z = milp_rc_lagrangian(m, w->y, w->clb, w->cub, w->d);
    }
    set_bounds(w->lp, j, w->lb[j], w->ub[j]);
    restore_basis(w);
    return z;
}

/* The root LP again on the bounds now (from the saved basis); 0 or -1. */
static int resolve(probe_ws *w)
{
    restore_basis(w);
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.presolve = GLP_OFF;
    sm.meth = GLP_DUALP;
    sm.tm_lim = glpk_ms_until(w->t_end);
    if (glp_simplex(w->lp, &sm) != 0 || glp_get_status(w->lp) != GLP_OPT)
        return -1;
    save_basis(w);
    return 0;
}

typedef struct cand {
    size_t j;
    double score;
} cand;

static int by_score(const void *a, const void *b)
{
    double x = ((const cand *)a)->score, z = ((const cand *)b)->score;
    if (x != z)
        return x > z ? -1 : 1;
    size_t p = ((const cand *)a)->j, q = ((const cand *)b)->j;
    return p < q ? -1 : p > q; /* the same order on every run */
}

static double frac_of(double v)
{
    return v - floor(v);
}

/* The fractional integer-valued columns, most fractional first; how
 * many. */
static size_t candidates(const probe_ws *w, cand *c)
{
    const milp_model *m = w->m;
    size_t k = 0;
    for (size_t j = 0; j < m->ncols; j++) {
        if (m->integer[j] == MILP_COL_CONT || w->lb[j] == w->ub[j])
            continue;
        double f = frac_of(w->x[j]);
        if (f > FRAC_EPS && f < 1.0 - FRAC_EPS) {
            c[k].j = j;
            c[k++].score = f < 1.0 - f ? f : 1.0 - f;
        }
    }
    qsort(c, k, sizeof *c, by_score);
    return k;
}

/* Tighten column j to [nl, nu] and propagate; the columns changed, or -1
 * when no solution of the rows is left within the bounds. */
static long tighten(probe_ws *w, const milp_rows *r, size_t j, double nl,
                    double nu)
{
    const milp_model *m = w->m;
    memcpy(w->clb, w->lb, m->ncols * sizeof *w->clb);
    memcpy(w->cub, w->ub, m->ncols * sizeof *w->cub);
    w->clb[j] = nl;
    w->cub[j] = nu;
    if (milp_propagate(m, r, w->clb, w->cub, 20 * m->nrows + 1000) < 0)
        return -1;
    long changed = 0;
    for (size_t q = 0; q < m->ncols; q++)
        if (w->clb[q] != w->lb[q] || w->cub[q] != w->ub[q]) {
            w->lb[q] = w->clb[q];
            w->ub[q] = w->cub[q];
            set_bounds(w->lp, q, w->lb[q], w->ub[q]);
            changed++;
        }
    return changed;
}

/* Column j of score s into the ranking out->top_* (its earlier entry,
 * from before a fixing moved the LP, replaced). */
static void rank(milp_sb_out *out, long j, double s, int up)
{
    int q = 0;
    while (q < out->ntop && out->top_col[q] != j)
        q++;
    if (q == out->ntop) { /* new: the last place, if it is worse */
        if (out->ntop < MILP_SB_TOP)
            out->ntop++;
        else if (!(s > out->top_score[--q]))
            return;
    }
    while (q > 0 && s > out->top_score[q - 1]) { /* up to its place */
        out->top_col[q] = out->top_col[q - 1];
        out->top_score[q] = out->top_score[q - 1];
        out->top_up[q] = out->top_up[q - 1];
        q--;
    }
    while (q + 1 < out->ntop && s < out->top_score[q + 1]) { /* or down */
        out->top_col[q] = out->top_col[q + 1];
        out->top_score[q] = out->top_score[q + 1];
        out->top_up[q] = out->top_up[q + 1];
        q++;
    }
    out->top_col[q] = j;
    out->top_score[q] = s;
    out->top_up[q] = up;
}

/* Probe column j (fractional at v) with w->it_lim iterations a child:
 * its children's minimum (its score), the bound raised, a child above the
 * cutoff ruled out.  0; 1 when nothing below the cutoff is left; -2 when
 * the root LP could not be solved again. */
static int probe(probe_ws *w, const milp_rows *r, size_t j, double v,
                 double cutoff, double *score, milp_sb_out *out)
{
    double tol = 1e-9 * (1.0 + fabs(cutoff));
    double dn = child(w, j, w->lb[j], floor(v));
    double up = more(w, w->t_stop) ? child(w, j, ceil(v), w->ub[j])
                                   : -HUGE_VAL;
    out->probed++;
    *score = dn < up ? dn : up;
    if (*score > out->bound)
        out->bound = *score;
    rank(out, (long)j, *score, up >= dn);
    int cut_dn = dn > cutoff + tol, cut_up = up > cutoff + tol;
    if (cut_dn && cut_up)
        return 1;
    if (!cut_dn && !cut_up)
        return 0;
    long ch = cut_dn ? tighten(w, r, j, ceil(v), w->ub[j])
                     : tighten(w, r, j, w->lb[j], floor(v));
    if (ch < 0)
        return 1;
    out->fixed += ch;
    return resolve(w) != 0 ? -2 : 0;
}

/* One round over the candidates c (k of them) until t; 0, 1, -2 as probe. */
static int round_over(probe_ws *w, const milp_rows *r, cand *c, size_t k,
                      double t, double cutoff, milp_sb_out *out)
{
    for (size_t q = 0; q < k && more(w, t); q++) {
        size_t j = c[q].j;
        double v = w->x[j], f = frac_of(v);
        if (w->lb[j] == w->ub[j] || f <= FRAC_EPS || f >= 1.0 - FRAC_EPS)
            continue; /* integral since a fixing moved the LP */
        int rc = probe(w, r, j, v, cutoff, &c[q].score, out);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int milp_sb_probe(glp_prob *lp, const milp_model *m, const milp_rows *r,
                  double *lb, double *ub, double cutoff, double t_stop,
                  double t_end, int it_lim, long it_budget, int passes,
                  milp_sb_out *out)
{
    out->bound = -HUGE_VAL;
    out->probed = 0;
    out->fixed = 0;
    out->iterations = 0;
    out->proved = 0;
    out->ntop = 0;
    size_t n = m->ncols;
    probe_ws w = {lp, m, lb, ub, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                  t_stop, t_end, it_lim, 0, LONG_MAX};
    w.x = malloc((n ? n : 1) * sizeof *w.x);
    w.clb = malloc((n ? n : 1) * sizeof *w.clb);
    w.cub = malloc((n ? n : 1) * sizeof *w.cub);
    w.d = malloc((n ? n : 1) * sizeof *w.d);
    w.y = malloc((m->nrows ? m->nrows : 1) * sizeof *w.y);
    w.rstat = malloc((m->nrows + 1) * sizeof *w.rstat);
    w.cstat = malloc((n + 1) * sizeof *w.cstat);
    cand *c = malloc((n ? n : 1) * sizeof *c);
    int rc = 0;
    if (!w.clb || !w.cub || !w.d || !w.y || !w.rstat || !w.cstat || !w.x ||
        !c)
        rc = -1;
    int screen_it = 40; /* measured: 0.08 s a column, 0.45 s at 1000 */
    for (int pass = 0; rc == 0 && pass < passes; pass++) {
        save_basis(&w);
        size_t k = candidates(&w, c);
            long fixed_before = out->fixed;
        double t0 = ecs_clock_now();
        /* a screen of every candidate with few iterations a child (its
         * values are bounds too) in half of the budget left (and of the
         * time), then the full probes of the FULL_MAX best screened, best
         * first */
        for (size_t q = 0; q < k; q++)
            c[q].score = -HUGE_VAL;
        w.it_lim = screen_it;
        w.t_stop = t0 + 0.5 * (t_stop - t0);
        w.it_stop = it_budget > 0 ? w.its + (it_budget - w.its) / 2 : LONG_MAX;
        if (screen_it > 0)
            rc = round_over(&w, r, c, k, w.t_stop, cutoff, out);
        w.t_stop = t_stop;
        w.it_stop = it_budget > 0 ? it_budget : LONG_MAX;
        w.it_lim = it_lim;
        if (rc == 0) {
            qsort(c, k, sizeof *c, by_score);
            rc = round_over(&w, r, c, k < FULL_MAX ? k : FULL_MAX, t_stop,
                            cutoff, out);
        }
        if (rc == 1) {
            out->proved = 1;
            rc = 0;
            break;
        }
        if (out->fixed == fixed_before || !more(&w, t_stop))
            break;
        /* the fixings moved the root LP: probe its new point */
    }
    out->iterations = w.its;
    if (rc == 0 && !out->proved) {
        restore_basis(&w);
        if (resolve(&w) != 0)
            rc = -2;
    }
    free(w.clb);
    free(w.cub);
    free(w.d);
    free(w.y);
    free(w.rstat);
    free(w.cstat);
    free(w.x);
    free(c);
    return rc;
}
