/* Pseudo-cost branching for GLPK's branch and bound, in the callback, so
 * that it keeps the wall-clock limit (solver/milp/milp_pcost.c). */
#ifndef ECSCHED_MILP_PCOST_H
#define ECSCHED_MILP_PCOST_H

#include <glpk.h>

typedef struct milp_pcost milp_pcost;

/* Working data for a problem of ncols columns; NULL when out of memory. */
milp_pcost *milp_pcost_new(int ncols);

/* NULL is accepted. */
void milp_pcost_free(milp_pcost *pc);

/*
 * Call at GLP_IBRANCH: learns from the current node's LP (the degradation
 * of the objective per unit change of the variable its parent branched
 * on), then chooses the variable to branch on and which child comes
 * first, and tells GLPK (glp_ios_branch_upon).  A variable without history
 * on a side is first estimated by strong branching (the node LP with the
 * variable fixed, 30 dual simplex iterations on a copy) while the clock
 * (ecs_clock_now) is before init_until, else by the average of the
 * estimates so far.  Returns 1 when it chose, 0 when it left the choice to
 * GLPK (no candidate; out of memory).
 */
int milp_pcost_branch(milp_pcost *pc, glp_tree *T, double init_until);

#endif
