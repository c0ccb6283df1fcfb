/* Strong-branching probes at the root of a MILP on GLPK: the bound they
 * prove and the columns they fix (solver/milp/milp_sbprobe.c; the validity
 * in docs/MODEL.md "MILP, strong formulation", "Strong-branching probes").
 * Not public. */
#ifndef ECSCHED_MILP_SBPROBE_H
#define ECSCHED_MILP_SBPROBE_H

#include <glpk.h>

#include "milp_rcfix.h"

#define MILP_SB_TOP 16

typedef struct milp_sb_out {
    double bound;  /* every solution within the bounds given costs at least
                      min(bound, cutoff) (-HUGE_VAL: nothing proved) */
    long probed;   /* columns whose two children were solved */
    long fixed;    /* columns tightened (probes and propagation) */
    long iterations; /* the children's simplex iterations */
    int proved;    /* 1: no solution cheaper than cutoff is left */
    /* the columns of the largest minima (scores), best first: ntop of at
     * most MILP_SB_TOP; up[q]: its up child has the larger bound */
    int ntop;
    long top_col[MILP_SB_TOP];
    double top_score[MILP_SB_TOP];
    int top_up[MILP_SB_TOP];
} milp_sb_out;

/*
 * Probe the integer-valued columns (MILP_COL_INT, MILP_COL_IMPLIED) that
 * are fractional in lp's optimal basis: for each, the LP with the column's
 * upper bound at floor(x_j) and with its lower bound at ceil(x_j) (its
 * children), each by the dual simplex from the root's basis, valued by
 * the Lagrangian bound of its row duals (milp_rc_lagrangian: valid for
 * any duals, so an unfinished child still counts).  First a screen of
 * every candidate at 40 iterations a child, most fractional first, in half
 * of the budget; then the 2 * MILP_SB_TOP best screened at it_lim.  A child
 * whose value is above cutoff (relative 1e-9), or whose LP has no
 * solution, is ruled out: the column is tightened to the other side,
 * propagated over the rows (rows of m, r), and the root LP solved again.
 * The best of the children's minima over the columns probed bounds every
 * solution of cost below cutoff (out->bound); the columns of the best
 * minima are ranked in out->top_*.  m is the model lp holds (rows and
 * columns in the same order), lb and ub its columns' bounds now
 * (tightened in place and in lp).  Probes while the children's simplex
 * iterations are below it_budget (counted work: the same probes on every
 * run; the screen stops at half of what is left; 0 or less: no count)
 * and the clock is before t_stop (ecs_clock_now; a safety cap); again
 * from the new root LP while a round fixes, at most passes rounds; the
 * root LP's re-solves end by t_end.  lp is left at the
 * optimum of its root LP on the tightened bounds, unless proved.  0, -1
 * out of memory, -2 when the root LP could not be solved again.
 */
int milp_sb_probe(glp_prob *lp, const milp_model *m, const milp_rows *r,
                  double *lb, double *ub, double cutoff, double t_stop,
                  double t_end, int it_lim, long it_budget, int passes,
                  milp_sb_out *out);

#endif
