/* A diving heuristic run once after the root LP, before branch and bound:
 * repeatedly fix the fractional integer column closest to 1 to 1 (to 0 if
 * that makes the LP infeasible), with every column at 0.9 or more, and
 * re-solve by dual simplex from the current basis, trying the rounding
 * hook at every step, until the LP is integral, infeasible or the
 * time share runs out.  The bounds and the root basis are restored
 * afterwards, so branch and bound starts from the untouched root.  GLPK's
 * own search finds incumbents slowly on the strong model, whose LP bound is
 * usually tight: a good incumbent is what closes the gap. */
#include "milp_dive.h"
#include "ecsched/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int resolve(glp_prob *lp, double t_end, int verbose)
{
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = verbose ? GLP_MSG_ERR : GLP_MSG_OFF;
    sm.presolve = GLP_OFF;
    sm.meth = GLP_DUALP; /* a bound change keeps the basis dual feasible */
    double left = t_end - ecs_clock_now();
    if (left <= 0.001)
        return -1;
    sm.tm_lim = left * 1000.0 > 2e9 ? 2000000000 : (int)(left * 1000.0);
    int ret = glp_simplex(lp, &sm);
    return ret == 0 && glp_get_status(lp) == GLP_OPT ? 0 : -1;
}

/* The fractional integer column with the largest value, or 0. */
static int pick(glp_prob *lp, const milp_model *m, const unsigned char *fixed)
{
    int best = 0;
    double bv = -1.0;
    for (size_t j = 0; j < m->ncols; j++) {
        if (m->integer[j] != MILP_COL_INT || fixed[j])
            continue;
        double v = glp_get_col_prim(lp, (int)j + 1);
        if (v > 1e-6 && v < 1.0 - 1e-6 && v > bv) {
            bv = v;
            best = (int)j + 1;
        }
    }
    return best;
}

/* Also fix every integer column at 0.9 or more: fewer re-solves. */
static void fix_near_one(glp_prob *lp, const milp_model *m,
                         unsigned char *fixed)
{
    for (size_t j = 0; j < m->ncols; j++)
        if (m->integer[j] == MILP_COL_INT && !fixed[j] &&
            glp_get_col_prim(lp, (int)j + 1) >= 0.9) {
            fixed[j] = 1;
            glp_set_col_bnds(lp, (int)j + 1, GLP_FX, 1.0, 1.0);
        }
}

/* Offer the current LP point: integral, or rounded by the hook. */
static void offer(glp_prob *lp, const milp_model *m, milp_run *run,
                  double *lpx, double *cand, double *best, double *best_obj,
                  int integral)
{
    for (size_t j = 0; j < m->ncols; j++)
        lpx[j] = glp_get_col_prim(lp, (int)j + 1);
    const double *x = lpx;
    if (!integral) {
        if (run->round == NULL || run->round(run->round_ctx, lpx, cand) != 0)
            return;
        x = cand;
    }
    double obj = 0.0;
    for (size_t j = 0; j < m->ncols; j++)
        obj += m->obj[j] * (m->integer[j] == MILP_COL_INT ? round(x[j]) : x[j]);
    if (obj < *best_obj - 1e-9) {
        *best_obj = obj;
        for (size_t j = 0; j < m->ncols; j++)
            best[j] = m->integer[j] == MILP_COL_INT ? round(x[j]) : x[j];
    }
}

int milp_dive(glp_prob *lp, milp_run *run, double t_end, double *best,
                  double *best_obj)
{
    const milp_model *m = run->model;
    size_t n = m->ncols, nr = m->nrows;
    int *rstat = malloc((nr + 1) * sizeof *rstat);
    int *cstat = malloc((n + 1) * sizeof *cstat);
    unsigned char *fixed = calloc(n + 1, 1);
    double *lpx = malloc((n + 1) * sizeof *lpx);
    double *cand = malloc((n + 1) * sizeof *cand);
    double start_obj = *best_obj;
    if (!rstat || !cstat || !fixed || !lpx || !cand) {
        free(rstat);
        free(cstat);
        free(fixed);
        free(lpx);
        free(cand);
        return -1;
    }
    for (size_t r = 0; r < nr; r++)
        rstat[r] = glp_get_row_stat(lp, (int)r + 1);
    for (size_t j = 0; j < n; j++)
        cstat[j] = glp_get_col_stat(lp, (int)j + 1);
    for (size_t step = 0; step < n && ecs_clock_now() < t_end; step++) {
        int j = pick(lp, m, fixed);
        offer(lp, m, run, lpx, cand, best, best_obj, j == 0);
        if (j == 0)
            break;
        fixed[j - 1] = 1;
        glp_set_col_bnds(lp, j, GLP_FX, 1.0, 1.0);
        fix_near_one(lp, m, fixed);
        if (resolve(lp, t_end, run->verbose) == 0)
            continue;
        glp_set_col_bnds(lp, j, GLP_FX, 0.0, 0.0);
        if (resolve(lp, t_end, run->verbose) != 0)
            break;
    }
    for (size_t j = 0; j < n; j++)
        if (fixed[j])
            glp_set_col_bnds(lp, (int)j + 1,
                             m->lb[j] == m->ub[j] ? GLP_FX : GLP_DB, m->lb[j],
                             m->ub[j]);
    for (size_t r = 0; r < nr; r++)
        glp_set_row_stat(lp, (int)r + 1, rstat[r]);
    for (size_t j = 0; j < n; j++)
        glp_set_col_stat(lp, (int)j + 1, cstat[j]);
    free(rstat);
    free(cstat);
    free(fixed);
    free(lpx);
    free(cand);
    return *best_obj < start_obj ? 1 : 0;
}
