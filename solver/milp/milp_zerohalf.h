/* {0,1/2}-Chvatal-Gomory cuts (zero-half cuts) from a milp_model's
 * all-integer rows, not public; why they are valid: docs/MODEL.md "MILP,
 * strong formulation" ("Zero-half cuts"). */
#ifndef ECSCHED_MILP_ZEROHALF_H
#define ECSCHED_MILP_ZEROHALF_H

#include <stddef.h>

#include "milp_rcfix.h"

/* Cuts sum_k val[k] x_{col[k]} <= rhs, cut q in off[q] .. off[q+1]-1. */
typedef struct milp_cuts {
    size_t n, nnz, cap_n, cap_nnz;
    size_t *off;   /* n + 1 */
    size_t *col;   /* 0-based columns */
    double *val;
    double *rhs;
    double *viol;  /* violation at the point they were separated from */
} milp_cuts;

void milp_cuts_init(milp_cuts *c);
void milp_cuts_release(milp_cuts *c);

/*
 * Separate zero-half cuts at the point x (ncols values within the model's
 * bounds): half of a sum of rows whose coefficients and right-hand sides
 * are integers and whose columns are all integer-valued (MILP_COL_INT,
 * MILP_COL_IMPLIED) with finite integer bounds, each column moved to its
 * nearer bound, rounded down (docs/MODEL.md).  The rows are combined by
 * elimination modulo 2 over the columns that are fractional at x, among
 * the rows of slack below 1 (at most max_rows of them, the tightest);
 * every cut is valid for every integer solution of the model and is
 * violated by x by more than min_viol.  At most max_cuts cuts, the most
 * violated, are added to out.  Returns the number added, or -1 when out
 * of memory.
 */
long milp_zerohalf(const milp_model *m, const milp_rows *r, const double *x,
                   size_t max_rows, size_t max_cuts, double min_viol,
                   milp_cuts *out);

#endif
