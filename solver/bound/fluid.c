/* The fluid bound (bound.h; docs/MODEL.md "Cost lower bounds").
 *
 * Forget which task does which work: the machine must do W = sum w_i work
 * units in slots 0..D-1, each slot with P PEs that each run at one
 * frequency or are off.  One PE in slot l at f_k does f_k units for
 * r_l power(f_k); mixing points is allowed (the relaxation), so a PE's cost
 * of doing x units in slot l is the lower convex envelope h_l(x) of the
 * points (0, 0) and (f_k, r_l power(f_k)), and the fluid problem is
 *   min sum_l P h_l(x_l / P)  s.t.  sum_l x_l >= W,  0 <= x_l <= P.
 * Every schedule is a point of it (its cost is at least the fluid cost of
 * its work), so its optimum is a lower bound.  The envelopes are convex and
 * piecewise linear: the optimum takes every segment of negative slope and
 * then the cheapest slopes until W is reached (greedy by slope).
 *
 * The LP dual gives the bound actually returned, so that it is valid for
 * whatever floating-point rounding the greedy suffers:
 *   max  lambda W - P sum_l mu_l,  mu_l = max(0, max_k (lambda f_k - c_lk))
 * for any lambda >= 0 (weak duality).  The mu_l are the prices of PE
 * capacity in slot l; they start the Lagrangian relaxation of the capacity
 * rows in colgen.c, whose value at them is at least this one. */
#include "bound_internal.h"
#include "ecsched/check.h"

#include <math.h>
#include <stdlib.h>

typedef struct seg {
    double slope; /* cost per work unit on this piece */
    double width; /* work units per PE */
} seg;

size_t bnd_envelope(const ecs_platform *p, double price, long *hull,
                    double *slope, double *width)
{
    /* lower convex hull of (0,0) and the points, by increasing f; the
     * index K stands for the origin */
    size_t K = p->nfreq, nh = 0, np = 0;
    hull[nh++] = (long)K;
    for (size_t j = K; j-- > 0;) {
        double fx = (double)p->freq_q[j] / (double)p->grid;
        double fy = price * p->power_of[j];
        if (fx <= 0.0)
            continue; /* f = 0: the origin already */
        while (nh >= 2) {
            long a = hull[nh - 2], b = hull[nh - 1];
            double ax = a == (long)K ? 0.0
                                     : (double)p->freq_q[a] / (double)p->grid;
            double ay = a == (long)K ? 0.0 : price * p->power_of[a];
            double bx = b == (long)K ? 0.0
                                     : (double)p->freq_q[b] / (double)p->grid;
            double by = b == (long)K ? 0.0 : price * p->power_of[b];
            /* drop b when it lies on or above the chord a -> j */
            if ((by - ay) * (fx - ax) >= (fy - ay) * (bx - ax))
                nh--;
            else
                break;
        }
        hull[nh++] = (long)j;
    }
    for (size_t h = 1; h < nh; h++) {
        long a = hull[h - 1], b = hull[h];
        double ax = a == (long)K ? 0.0
                                 : (double)p->freq_q[a] / (double)p->grid;
        double ay = a == (long)K ? 0.0 : price * p->power_of[a];
        double bx = (double)p->freq_q[b] / (double)p->grid;
        double by = price * p->power_of[b];
        slope[np] = (by - ay) / (bx - ax);
        width[np] = bx - ax;
        np++;
    }
    return np;
}

static int by_slope(const void *a, const void *b)
{
    double x = ((const seg *)a)->slope, y = ((const seg *)b)->slope;
    return (x > y) - (x < y);
}

/* The dual value at lambda; fills mu when it is not NULL. */
static double dual_value(const ecs_platform *p, const double *price, long D,
                         double work, double lambda, double *mu)
{
    double v = lambda * work;
    for (long l = 0; l < D; l++) {
        double m = 0.0;
        for (size_t k = 0; k < p->nfreq; k++) {
            double f = (double)p->freq_q[k] / (double)p->grid;
            double t = lambda * f - price[l] * p->power_of[k];
            if (t > m)
                m = t;
        }
        if (mu != NULL)
            mu[l] = m;
        v -= (double)p->pes * m;
    }
    return v;
}

ecs_result ecs_bound_fluid(const ecs_platform *p, const double *price,
                           size_t nprice, long D, double work, double *mu,
                           double *value, ecs_diag *diag)
{
    if (value != NULL)
        *value = -HUGE_VAL;
    if (p == NULL || price == NULL || value == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    if (p->pes < 1 || p->nfreq < 1 || p->grid < 1 || p->freq_q[0] != p->grid)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the platform is not initialised");
    if (!(work >= 0.0) || !isfinite(work))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the work must be a finite number >= 0");
    if (D < 1) {
        if (work > 0.0)
            return ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                                "no slot before the deadline");
        *value = 0.0;
        return ECS_OK;
    }
    ecs_result rc = ecs_check_prices(price, nprice, D, diag);
    if (rc != ECS_OK)
        return rc;
    if (work > (double)p->pes * (double)D)
        return ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                            "%.17g work units do not fit into %ld slots of "
                            "%d PEs", work, D, p->pes);
    size_t K = p->nfreq;
    seg *s = malloc((size_t)D * K * sizeof *s);
    long *hull = malloc((K + 1) * sizeof *hull);
    if (s == NULL || hull == NULL) {
        free(s);
        free(hull);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    size_t ns = 0;
    for (long l = 0; l < D; l++) {
        double slope[ECS_MAX_FREQS], width[ECS_MAX_FREQS];
        size_t np = bnd_envelope(p, price[l], hull, slope, width);
        for (size_t h = 0; h < np; h++) {
            s[ns].slope = slope[h];
            s[ns].width = width[h];
            ns++;
        }
    }
    qsort(s, ns, sizeof *s, by_slope);
    double left = work, lambda = 0.0;
    for (size_t i = 0; i < ns; i++) {
        if (s[i].slope >= 0.0 && left <= 0.0)
            break;
        left -= s[i].width * (double)p->pes;
        if (s[i].slope > 0.0)
            lambda = s[i].slope;
    }
    free(s);
    free(hull);
    *value = dual_value(p, price, D, work, lambda, mu);
    return ECS_OK;
}

/* Slots of different lengths: the fluid problem forgets tasks, so a slot
 * of m units is m slots of one unit at its price (docs/MODEL.md "Slots of
 * different lengths"): the bound of the uniform grid of the units.  mu
 * (per slot) is not defined there: EUNSUPPORTED when asked for. */
static ecs_result fluid_lengths(const ecs_instance *inst, double *mu,
                                double *value, ecs_diag *diag)
{
    if (mu != NULL)
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                            "the fluid bound's slot prices are for slots of one length only");
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK)
        return rc;
    long units = 0;
    for (long l = 0; l < inst->deadline; l++)
        units += inst->slot_len[l];
    double *unit_price = malloc((size_t)units * sizeof *unit_price);
    if (unit_price == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    long u = 0;
    for (long l = 0; l < inst->deadline; l++)
        for (int k = 0; k < inst->slot_len[l]; k++)
            unit_price[u++] = inst->price[l];
    double work = 0.0;
    for (size_t i = 0; i < inst->graph->n; i++)
        work += (double)inst->graph->work[i];
    rc = ecs_bound_fluid(inst->platform, unit_price, (size_t)units, units,
                         work, NULL, value, diag);
    free(unit_price);
    return rc;
}

ecs_result ecs_bound_fluid_instance(const ecs_instance *inst, double *mu, double *value,
                                 ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    const ecs_graph *g = inst->graph;
    if (inst->slot_len != NULL)
        return fluid_lengths(inst, mu, value, diag);
    if (ecs_instance_extended(inst)) {
        if (mu != NULL)
            return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                                "the fluid bound's slot prices are for the paper's platform only");
        return ecs_bound_fluid_ext(inst, value, diag);
    }
    double work = 0.0;
    for (size_t i = 0; i < g->n; i++)
        work += (double)g->work[i];
    return ecs_bound_fluid(inst->platform, inst->price, inst->nprice,
                           inst->deadline, work, mu, value, diag);
}
