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

/*
 * The separation of milp_zerohalf with the choices of SCIP's zero-half
 * separator (docs/MODEL.md "MILP, strong formulation"): only the rows of slack at
 * most max_slack at x (rather than below 1); a cut of more than
 * max_len non-zeros dropped; the cuts kept by efficacy (violation over
 * the Euclidean norm of the coefficients), each skipped when its cosine
 * with a cut kept before it exceeds max_parallel.  max_slack >= 1,
 * max_len 0 (no limit) and max_parallel >= 1 give milp_zerohalf's choice
 * but for the order (efficacy, not violation).  The work is counted
 * (rows, columns, candidates): no clock.
 */
typedef struct milp_zh_opts {
    size_t max_rows, max_cuts;
    double min_viol;
    double max_slack;    /* rows of slack at most this (1: below 1) */
    size_t max_len;      /* 0: any length */
    double max_parallel; /* >= 1: no parallelism test */
    int by_efficacy;     /* 1: kept by efficacy; 0: by violation */
    int elim;            /* 0: each column's pivot the tightest row;
                            1: SCIP's (Proposition 5) */
} milp_zh_opts;

long milp_zerohalf_opts(const milp_model *m, const milp_rows *r,
                        const double *x, const milp_zh_opts *o,
                        milp_cuts *out);

#endif
