/* Reduced-cost fixing and bound propagation over a milp_model (any
 * formulation: the strong model, the extended one), not public; the
 * validity of both is in docs/MODEL.md "MILP, strong formulation"
 * ("Reduced-cost fixing"). */
#ifndef ECSCHED_MILP_RCFIX_H
#define ECSCHED_MILP_RCFIX_H

#include <stddef.h>

#include "milp_internal.h"

/*
 * The Lagrangian bound of m at the row multipliers y (nrows values, any:
 * an LP's row duals give its value): every x within the column bounds
 * [lb, ub] that satisfies m's rows costs at least
 *   sum_r min{y_r t : t in row r's range} + sum_j min{d_j t : t in [lb_j, ub_j]}
 * with d_j = obj_j - sum_r y_r a_rj (written to d, ncols values).  -HUGE_VAL
 * when a term is unbounded (a multiplier of the wrong sign for its row, or
 * an infinite column bound with a reduced cost that points at it).
 */
double milp_rc_lagrangian(const milp_model *m, const double *y,
                          const double *lb, const double *ub, double *d);

/*
 * Reduced-cost fixing: with L the Lagrangian bound at reduced costs d and
 * cutoff the cost of a schedule known, every integer-valued column
 * (MILP_COL_INT, MILP_COL_IMPLIED) whose move by one unit away from its
 * cheap bound raises the bound above cutoff (L + |d_j| > cutoff, with a
 * relative tolerance of 1e-9) has its bounds tightened so that only
 * solutions of cost at most cutoff remain.  Returns the columns changed.
 */
size_t milp_rc_fix(const milp_model *m, const double *d, double L,
                   double cutoff, double *lb, double *ub);

/* Row-major copy of a model's matrix, for propagation. */
typedef struct milp_rows {
    size_t nrows, ncols;
    size_t *row_off;    /* nrows + 1 */
    size_t *row_col;
    double *row_val;
    size_t *col_off;    /* ncols + 1: the rows of each column */
    size_t *col_row;
} milp_rows;

/* 0, or -1 when out of memory. */
int milp_rows_init(milp_rows *r, const milp_model *m);
void milp_rows_release(milp_rows *r);

/*
 * Bound propagation (activity bounds of each row) on the integer-valued
 * columns, until nothing changes or `budget` row visits: a row whose
 * other columns cannot make up the room a column needs tightens that
 * column, rounded to an integer.  Returns the columns tightened, or -1
 * when the bounds admit no solution of the rows (then lb and ub are
 * partly tightened and must not be used).
 */
long milp_propagate(const milp_model *m, const milp_rows *r, double *lb,
                    double *ub, size_t budget);

#endif
