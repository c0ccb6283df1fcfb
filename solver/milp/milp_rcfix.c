/* Reduced-cost fixing and bound propagation over a milp_model
 * (milp_rcfix.h; docs/MODEL.md "MILP, strong formulation", "Reduced-cost
 * fixing").  Nothing here depends on the formulation or on GLPK: the LP's
 * row duals come in, tightened column bounds go out. */
#include "milp_rcfix.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS_INT 1e-6 /* rounding of a bound to an integer */

static int integral(const milp_model *m, size_t j)
{
    return m->integer[j] == MILP_COL_INT || m->integer[j] == MILP_COL_IMPLIED;
}

/* Row r's range [lo, hi]. */
static void row_range(const milp_model *m, size_t r, double *lo, double *hi)
{
    *lo = m->sense[r] == MILP_ROW_LE ? -HUGE_VAL : m->rhs[r];
    *hi = m->sense[r] == MILP_ROW_GE ? HUGE_VAL : m->rhs[r];
}

double milp_rc_lagrangian(const milp_model *m, const double *y,
                          const double *lb, const double *ub, double *d)
{
    double L = 0.0;
    for (size_t j = 0; j < m->ncols; j++)
        d[j] = m->obj[j];
    for (size_t q = 1; q <= m->nnz; q++) {
        size_t r = (size_t)m->ia[q] - 1;
        double lo, hi;
        row_range(m, r, &lo, &hi);
        /* a multiplier of the wrong sign counts as 0: any multipliers
         * give a valid bound, these give a finite one */
        if ((y[r] > 0.0 && lo == -HUGE_VAL) || (y[r] < 0.0 && hi == HUGE_VAL))
            continue;
        d[m->ja[q] - 1] -= m->ar[q] * y[r];
    }
    for (size_t r = 0; r < m->nrows; r++) {
        double lo, hi;
        row_range(m, r, &lo, &hi);
        if (y[r] > 0.0 && lo != -HUGE_VAL)
            L += y[r] * lo;
        else if (y[r] < 0.0 && hi != HUGE_VAL)
            L += y[r] * hi;
    }
    for (size_t j = 0; j < m->ncols; j++) {
        if (d[j] > 0.0) {
            if (lb[j] == -HUGE_VAL)
                return -HUGE_VAL;
            L += d[j] * lb[j];
        } else if (d[j] < 0.0) {
            if (ub[j] == HUGE_VAL)
                return -HUGE_VAL;
            L += d[j] * ub[j];
        }
    }
    return L;
}

size_t milp_rc_fix(const milp_model *m, const double *d, double L,
                   double cutoff, double *lb, double *ub)
{
    double room = cutoff - L + 1e-9 * fmax(1.0, fabs(cutoff));
    if (!(room >= 0.0) || !isfinite(room))
        return 0; /* no room at all, or no bound: nothing to learn here */
    size_t changed = 0;
    for (size_t j = 0; j < m->ncols; j++) {
        if (!integral(m, j) || !(ub[j] > lb[j]))
            continue;
        double range = ub[j] - lb[j];
        if (d[j] > 0.0 && d[j] * range > room) {
            /* every unit above lb costs d_j: at most floor(room / d_j) */
            ub[j] = lb[j] + floor(room / d[j]);
            changed++;
        } else if (d[j] < 0.0 && -d[j] * range > room) {
            lb[j] = ub[j] - floor(room / -d[j]);
            changed++;
        }
    }
    return changed;
}

void milp_rows_release(milp_rows *r)
{
    if (r == NULL)
        return;
    free(r->row_off);
    free(r->row_col);
    free(r->row_val);
    free(r->col_off);
    free(r->col_row);
    memset(r, 0, sizeof *r);
}

int milp_rows_init(milp_rows *r, const milp_model *m)
{
    memset(r, 0, sizeof *r);
    r->nrows = m->nrows;
    r->ncols = m->ncols;
    size_t nz = m->nnz ? m->nnz : 1;
    r->row_off = calloc(m->nrows + 1, sizeof *r->row_off);
    r->col_off = calloc(m->ncols + 1, sizeof *r->col_off);
    r->row_col = malloc(nz * sizeof *r->row_col);
    r->row_val = malloc(nz * sizeof *r->row_val);
    r->col_row = malloc(nz * sizeof *r->col_row);
    if (r->row_off == NULL || r->col_off == NULL || r->row_col == NULL ||
        r->row_val == NULL || r->col_row == NULL) {
        milp_rows_release(r);
        return -1;
    }
    for (size_t q = 1; q <= m->nnz; q++) {
        r->row_off[m->ia[q]]++;
        r->col_off[m->ja[q]]++;
    }
    for (size_t i = 0; i < m->nrows; i++)
        r->row_off[i + 1] += r->row_off[i];
    for (size_t j = 0; j < m->ncols; j++)
        r->col_off[j + 1] += r->col_off[j];
    /* fill from the back so that the offsets end where they start */
    for (size_t q = m->nnz; q >= 1; q--) {
        size_t i = (size_t)m->ia[q] - 1, j = (size_t)m->ja[q] - 1;
        size_t a = --r->row_off[i + 1];
        r->row_col[a] = j;
        r->row_val[a] = m->ar[q];
        r->col_row[--r->col_off[j + 1]] = i;
    }
    /* row_off[i + 1] went down from row i's end to its start: shift */
    memmove(r->row_off, r->row_off + 1, m->nrows * sizeof *r->row_off);
    r->row_off[m->nrows] = m->nnz;
    memmove(r->col_off, r->col_off + 1, m->ncols * sizeof *r->col_off);
    r->col_off[m->ncols] = m->nnz;
    return 0;
}

typedef struct prop_ws {
    size_t *queue;
    unsigned char *queued, *touched;
    size_t head, count, cap;
} prop_ws;

static void push(prop_ws *w, size_t row)
{
    if (w->queued[row])
        return;
    w->queued[row] = 1;
    w->queue[(w->head + w->count) % w->cap] = row;
    w->count++;
}

/* Tighten column j to [nlo, nhi] (either may be no change); -1 when empty,
 * 1 when changed, 0 otherwise. */
static int tighten(const milp_rows *r, prop_ws *w, size_t j, double nlo,
                   double nhi, double *lb, double *ub)
{
    int changed = 0;
    if (nhi < ub[j] - EPS_INT) {
        ub[j] = nhi;
        changed = 1;
    }
    if (nlo > lb[j] + EPS_INT) {
        lb[j] = nlo;
        changed = 1;
    }
    if (lb[j] > ub[j] + EPS_INT)
        return -1;
    if (changed) {
        w->touched[j] = 1;
        for (size_t k = r->col_off[j]; k < r->col_off[j + 1]; k++)
            push(w, r->col_row[k]);
    }
    return changed;
}

/* One row: its activity range against its own range, then each integer
 * column against the room the others leave.  -1: no solution. */
static int propagate_row(const milp_model *m, const milp_rows *r,
                         prop_ws *w, size_t row, double *lb, double *ub)
{
    double lo, hi, amin = 0.0, amax = 0.0;
    int inf_min = 0, inf_max = 0;
    row_range(m, row, &lo, &hi);
    for (size_t k = r->row_off[row]; k < r->row_off[row + 1]; k++) {
        size_t j = r->row_col[k];
        double a = r->row_val[k];
        double bmin = a > 0.0 ? lb[j] : ub[j], bmax = a > 0.0 ? ub[j] : lb[j];
        if (isinf(bmin))
            inf_min = 1;
        else
            amin += a * bmin;
        if (isinf(bmax))
            inf_max = 1;
        else
            amax += a * bmax;
    }
    double tol = EPS_INT * (1.0 + fabs(m->rhs[row]));
    if ((!inf_min && amin > hi + tol) || (!inf_max && amax < lo - tol))
        return -1;
    for (size_t k = r->row_off[row]; k < r->row_off[row + 1]; k++) {
        size_t j = r->row_col[k];
        if (!integral(m, j) || !(ub[j] > lb[j]))
            continue;
        double a = r->row_val[k], nlo = -HUGE_VAL, nhi = HUGE_VAL;
        if (hi != HUGE_VAL && !inf_min) { /* a x_j <= hi - (the others' min) */
            double rest = amin - a * (a > 0.0 ? lb[j] : ub[j]);
            double v = (hi - rest) / a;
            if (a > 0.0)
                nhi = floor(v + EPS_INT);
            else
                nlo = ceil(v - EPS_INT);
        }
        if (lo != -HUGE_VAL && !inf_max) { /* a x_j >= lo - (the others' max) */
            double rest = amax - a * (a > 0.0 ? ub[j] : lb[j]);
            double v = (lo - rest) / a;
            if (a > 0.0)
                nlo = fmax(nlo, ceil(v - EPS_INT));
            else
                nhi = fmin(nhi, floor(v + EPS_INT));
        }
        if (tighten(r, w, j, nlo, nhi, lb, ub) < 0)
            return -1;
        /* amin and amax are stale now, but only looser: what follows
         * from them still holds */
    }
    return 0;
}

long milp_propagate(const milp_model *m, const milp_rows *r, double *lb,
                    double *ub, size_t budget)
{
    prop_ws w;
    memset(&w, 0, sizeof w);
    w.cap = m->nrows ? m->nrows : 1;
    w.queue = malloc(w.cap * sizeof *w.queue);
    w.queued = calloc(w.cap, 1);
    w.touched = calloc(m->ncols ? m->ncols : 1, 1);
    long out = 0;
    if (w.queue == NULL || w.queued == NULL || w.touched == NULL) {
        out = 0; /* out of memory: propagate nothing (still valid) */
        goto done;
    }
    for (size_t i = 0; i < m->nrows; i++)
        push(&w, i);
    for (size_t visits = 0; w.count > 0 && visits < budget; visits++) {
        size_t row = w.queue[w.head];
        w.head = (w.head + 1) % w.cap;
        w.count--;
        w.queued[row] = 0;
        if (propagate_row(m, r, &w, row, lb, ub) < 0) {
            out = -1;
            goto done;
        }
    }
    for (size_t j = 0; j < m->ncols; j++)
        out += w.touched[j];
done:
    free(w.queue);
    free(w.queued);
    free(w.touched);
    return out;
}
