/* The diving heuristic of the GLPK driver (solver/milp/milp_dive.c), internal. */
#ifndef ECSCHED_MILP_DIVE_H
#define ECSCHED_MILP_DIVE_H

#include <glpk.h>

#include "milp_internal.h"

/*
 * Dive from the root LP optimum of lp (run->model loaded) until t_end
 * (monotonic seconds).  best (ncols values) and *best_obj hold the best
 * known solution (*best_obj = HUGE_VAL if none) and are replaced by a
 * better one.  Bounds and basis are restored; the caller re-solves the LP.
 * Returns 1 if it improved the solution, 0 if not, -1 when out of memory.
 */
int milp_dive(glp_prob *lp, milp_run *run, double t_end, double *best,
                  double *best_obj);

#endif
