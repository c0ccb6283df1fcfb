/* The granular bound of the extended model (docs/MODEL.md "Granular
 * bound, extended model"): the fluid bound, told that a task runs whole
 * slots on one PE.
 *
 * The fluid LP (fluid_ext.c) lets one PE do several tasks' work in one
 * slot.  In a schedule a PE runs one task in a slot, so a slot of class
 * c at f_k does at most min(q_{c,k}, W_i) of task i's W_i = w_i G grid
 * steps; task i keeps its PE busy in at least d_i = ceil(W_i / v) slots
 * (v = max_c q_{c,0}) and draws at least e_i above idle, the least
 * extra energy of any profile of whole slots that does W_i on some class
 * (a covering knapsack over the class's speeds, a dynamic program over
 * steps).  The tasks go into groups: by time window (on the classes)
 * and work where that fits, else at most 8 buckets by work
 * (consecutive distinct values) over the whole horizon; y_{j,c,k,l} >=
 * 0, the PE-slots of group j's tasks on class c at f_k in slot l of its
 * window.  Every schedule's counts satisfy
 *   sum_{c,k,l} min(q_{c,k}, Wmax_j) y_{j,c,k,l} >= sum_{i in j} W_i
 *   sum_{c,k,l} y_{j,c,k,l} >= sum_{i in j} d_i
 *   sum_{c,k,l} (P_{c,k} - I_c) y_{j,c,k,l} >= sum_{i in j} e_i
 *   sum_{c,k} y_{j,c,k,l} <= n_j  (its tasks, one PE each)
 *   sum_{j,k} y_{j,c,k,l} <= n_c
 * and its extra draw, covered slot by slot by the pieces left after the
 * idle draw (sources cheaper than the grid by price, then the grid,
 * under the cap), whose cheapest fill of E costs g(idle + E) - g(idle)
 * exactly: the LP's optimum plus the idle draw's cost is a lower bound.
 * On graphs of many short tasks (the shared montage: 748 tasks of one
 * unit, a fast PE does two units a slot) it is well above the fluid.
 * Groups (or as many buckets as) keep the PE columns within
 * GRANULAR_MAX_COLS; none fit: no claim.  GLPK's simplex under a time limit; no optimum, no
 * claim. */
#include "core/glpk_guard.h"
#include "bound_internal.h"
#include "ecsched/bound.h"
#include "ecsched/clock.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most PE columns (buckets x classes x frequencies x slots). */
#define GRANULAR_MAX_COLS 24000.0

/* The most buckets of tasks by work (make_buckets). */
#define GRANULAR_MAX_BUCKETS 8

/* The dynamic program's steps (in the gcd of the class's speeds) above
 * which a task's least energy is its fluid share instead. */
#define GRANULAR_MAX_DP 20000

static long gcd_l(long a, long b)
{
    while (b != 0) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The least extra energy of W grid steps on class cl over whole slots:
 * min sum_k n_k (P_k - I) over n_k >= 0 with sum_k n_k q_k >= W (a slot at
 * f = 0 adds nothing and does nothing).  An unbounded covering knapsack
 * over the steps in units of the speeds' gcd; beyond GRANULAR_MAX_DP
 * units, W times the least energy per step (a lower bound).  f (scratch)
 * holds GRANULAR_MAX_DP + 1. */
static double least_energy(const bnd_ext_class *cl, size_t nfreq, long W, double *f)
{
    long g = 0;
    double ratio = HUGE_VAL;
    for (size_t k = 0; k < nfreq; k++)
        if (cl->sq[k] > 0) {
            g = gcd_l(g, cl->sq[k]);
            double r = (cl->pw[k] - cl->idle) / (double)cl->sq[k];
            if (r < ratio)
                ratio = r;
        }
    if (g == 0)
        return HUGE_VAL;
    long n = (W + g - 1) / g;
    if (n > GRANULAR_MAX_DP)
        return ratio * (double)W;
    f[0] = 0.0;
    for (long x = 1; x <= n; x++) {
        double best = HUGE_VAL;
        for (size_t k = 0; k < nfreq; k++) {
            if (cl->sq[k] <= 0)
                continue;
            long q = cl->sq[k] / g, from = x - q < 0 ? 0 : x - q;
            double v = f[from] + (cl->pw[k] - cl->idle);
            if (v < best)
                best = v;
        }
        f[x] = best;
    }
    return f[n];
}

/* A group of tasks: those of one window and one work (window mode), or
 * of consecutive distinct works over the whole horizon (bucket mode);
 * wmax the largest work (grid steps), n how many. */
typedef struct gbucket {
    long es, lf;
    double wmax, work, busy, energy, n; /* work in units */
} gbucket;

/* A task with work: its window and its grid steps. */
typedef struct gtask {
    long es, lf, W;
} gtask;

static int cmp_task(const void *a, const void *b)
{
    const gtask *x = a, *y = b;
    if (x->es != y->es)
        return (x->es > y->es) - (x->es < y->es);
    if (x->lf != y->lf)
        return (x->lf > y->lf) - (x->lf < y->lf);
    return (x->W > y->W) - (x->W < y->W);
}

/* The groups into *out (malloc'd), how many in *nbk: by window and work
 * where their PE columns (nf per slot of each window) fit in
 * GRANULAR_MAX_COLS (w not NULL), else at most GRANULAR_MAX_BUCKETS
 * buckets by work over the whole horizon, as many as fit; *nbk 0 when
 * none does.  Per group the largest work, the work, sum_i d_i and sum_i
 * e_i of the header.  -1 when out of memory. */
static int make_groups(const ecs_instance *inst, const ecs_windows *w,
                       size_t nf, gbucket **out, size_t *nbk)
{
    const ecs_platform *p = inst->platform;
    const ecs_graph *g = inst->graph;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    *out = NULL;
    *nbk = 0;
    double *f = malloc((GRANULAR_MAX_DP + 1) * sizeof *f);
    gtask *ts = malloc((g->n + 1) * sizeof *ts);
    gbucket *bk = malloc((g->n + 1) * sizeof *bk);
    if (f == NULL || ts == NULL || bk == NULL) {
        free(f);
        free(ts);
        free(bk);
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < g->n; i++)
        if (g->work[i] > 0) {
            long es = w == NULL || w->es[i] < 0 ? 0 : w->es[i];
            long lf = w == NULL || w->lf[i] >= D ? D - 1 : w->lf[i];
            ts[n++] = (gtask){es, lf, g->work[i] * p->grid};
        }
    qsort(ts, n, sizeof *ts, cmp_task);
    double cols = 0.0;
    for (size_t j = 0; j < n; j++)
        if (j == 0 || cmp_task(&ts[j], &ts[j - 1]) != 0)
            cols += (double)nf * (double)(ts[j].lf - ts[j].es + 1);
    size_t per = 0; /* bucket mode: distinct works per bucket */
    if (w == NULL || cols > GRANULAR_MAX_COLS) {
        double per_bucket = (double)nf * (double)D;
        size_t kmax = per_bucket > GRANULAR_MAX_COLS
                          ? 0
                          : (size_t)(GRANULAR_MAX_COLS / per_bucket);
        if (kmax > GRANULAR_MAX_BUCKETS)
            kmax = GRANULAR_MAX_BUCKETS;
        if (kmax == 0 || n == 0) {
            free(f);
            free(ts);
            free(bk);
            return 0;
        }
        for (size_t j = 0; j < n; j++) {
            ts[j].es = 0;
            ts[j].lf = D - 1;
        }
        qsort(ts, n, sizeof *ts, cmp_task);
        size_t nd = 0;
        for (size_t j = 0; j < n; j++)
            nd += j == 0 || ts[j].W != ts[j - 1].W;
        per = (nd + kmax - 1) / kmax;
    }
    long v = 0;
    for (size_t c = 0; c < nc; c++)
        if (bnd_ext_class_of(p, c).sq[0] > v)
            v = bnd_ext_class_of(p, c).sq[0];
    size_t d = 0;
    double e = HUGE_VAL;
    for (size_t j = 0; j < n; j++) {
        int neww = j == 0 || ts[j].W != ts[j - 1].W;
        int start = per == 0 ? j == 0 || cmp_task(&ts[j], &ts[j - 1]) != 0
                             : neww && d++ % per == 0;
        if (start)
            bk[(*nbk)++] = (gbucket){ts[j].es, ts[j].lf, 0, 0, 0, 0, 0};
        if (neww || start) {
            e = HUGE_VAL; /* the least energy of this work */
            for (size_t c = 0; c < nc; c++) {
                bnd_ext_class cl = bnd_ext_class_of(p, c);
                double x = least_energy(&cl, p->nfreq, ts[j].W, f);
                if (x < e)
                    e = x;
            }
        }
        gbucket *b = &bk[*nbk - 1];
        b->wmax = (double)ts[j].W;
        b->work += (double)ts[j].W / (double)p->grid;
        b->busy += (double)((ts[j].W + v - 1) / v);
        b->n += 1.0;
        if (isfinite(e) && e > 0.0)
            b->energy += e;
    }
    free(f);
    free(ts);
    *out = bk;
    return 0;
}

/* Build and solve the LP of the header; work in
 * units (grid steps over G) for the LP's scaling.  *st: 0 optimum in
 * *value (the LP's, without the idle draw's cost), 1 no solution, 2 no
 * claim (the time ran out).  *base: the idle draw's cost.  en holds
 * nsource + 1 pieces. */
static ecs_result solve_lp(glp_prob *lp, const ecs_instance *inst,
                           const gbucket *bk, size_t nbk, double time_limit_s,
                           bnd_fpiece *en, double *value, double *base,
                           int *st)
{
    const ecs_platform *p = inst->platform;
    long D = inst->deadline, nb = D;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    double G = (double)p->grid;
    *st = 2;
    *base = 0.0;
    /* rows: per bucket its work, busy PE-slots, extra energy; PEs per
     * class and slot; draw and cap per site and slot */
    int r_w = glp_add_rows(lp, (int)(3 * nbk));
    size_t nt = 0; /* rows: at most n_j of group j's tasks in a slot */
    for (size_t j = 0; j < nbk; j++)
        nt += (size_t)(bk[j].lf - bk[j].es + 1);
    int r_t = glp_add_rows(lp, (int)nt);
    int r_c = glp_add_rows(lp, (int)(nc * (size_t)nb));
    int r_e = glp_add_rows(lp, (int)((size_t)nsite * (size_t)nb));
    int r_k = glp_add_rows(lp, (int)((size_t)nsite * (size_t)D));
    for (size_t j = 0; j < nbk; j++) {
        glp_set_row_bnds(lp, r_w + (int)(3 * j), GLP_LO, bk[j].work, 0);
        glp_set_row_bnds(lp, r_w + (int)(3 * j) + 1, GLP_LO, bk[j].busy, 0);
        glp_set_row_bnds(lp, r_w + (int)(3 * j) + 2, GLP_LO, bk[j].energy, 0);
    }
    for (size_t c = 0; c < nc; c++)
        for (long b = 0; b < nb; b++)
            glp_set_row_bnds(lp, r_c + (int)(c * (size_t)nb + (size_t)b),
                             GLP_UP, 0, (double)bnd_ext_class_of(p, c).count);
    for (int s = 0; s < nsite; s++)
        for (long b = 0; b < nb; b++)
            glp_set_row_bnds(lp, r_e + (int)((size_t)s * (size_t)nb +
                                             (size_t)b),
                             GLP_FX, 0, 0);
    int ind[7];
    double val[7];
    /* y: PE-slots of bucket j's tasks on class c at f_k in slot b; a
     * PE-slot does at most min(q_{c,k}, wmax_j) of their work */
    for (size_t j = 0, t0 = 0; j < nbk; t0 += (size_t)(bk[j].lf - bk[j].es + 1), j++) {
        for (long b = bk[j].es; b <= bk[j].lf; b++)
            glp_set_row_bnds(lp, r_t + (int)(t0 + (size_t)(b - bk[j].es)),
                             GLP_UP, 0, bk[j].n);
        for (size_t c = 0; c < nc; c++) {
            bnd_ext_class cl = bnd_ext_class_of(p, c);
            for (long b = bk[j].es; b <= bk[j].lf; b++)
                for (size_t k = 0; k < p->nfreq; k++) {
                    if (cl.sq[k] <= 0)
                        continue;
                    int col = glp_add_cols(lp, 1);
                    glp_set_col_bnds(lp, col, GLP_LO, 0, 0);
                    double e = cl.pw[k] - cl.idle;
                    double q = (double)cl.sq[k];
                    int n = 0;
                    ind[++n] = r_w + (int)(3 * j);
                    val[n] = (q < bk[j].wmax ? q : bk[j].wmax) / G;
                    ind[++n] = r_w + (int)(3 * j) + 1;
                    val[n] = 1.0;
                    ind[++n] = r_t + (int)(t0 + (size_t)(b - bk[j].es));
                    val[n] = 1.0;
                    ind[++n] = r_c + (int)(c * (size_t)nb + (size_t)b);
                    val[n] = 1.0;
                    if (e != 0.0) {
                        ind[++n] = r_w + (int)(3 * j) + 2;
                        val[n] = e;
                        ind[++n] = r_e + (int)((size_t)cl.site * (size_t)nb +
                                               (size_t)b);
                        val[n] = e;
                    }
                    glp_set_mat_col(lp, col, n, ind, val);
                }
        }
    }
    for (int s = 0; s < nsite; s++) {
        double idle = bnd_ext_site_idle(p, s);
        for (long l = 0; l < D; l++) {
            double room;
            int ne = bnd_ext_energy_pieces(inst, s, l, idle, en, &room);
            double cap = ecs_instance_cap(inst, s, l);
            if (room < -1e-9 * (1.0 + fabs(cap))) {
                *st = 1; /* a cap below the idle draw */
                return ECS_OK;
            }
            *base += ecs_instance_slot_cost(inst, s, l, idle);
            int rk = r_k + (int)((size_t)s * (size_t)D + (size_t)l);
            if (isfinite(room))
                glp_set_row_bnds(lp, rk, GLP_UP, 0, room > 0.0 ? room : 0.0);
            else
                glp_set_row_bnds(lp, rk, GLP_FR, 0, 0);
            for (int q = 0; q < ne; q++) {
                int col = glp_add_cols(lp, 1);
                if (isfinite(en[q].amount))
                    glp_set_col_bnds(lp, col, GLP_DB, 0, en[q].amount);
                else
                    glp_set_col_bnds(lp, col, GLP_LO, 0, 0);
                glp_set_obj_coef(lp, col, en[q].rate);
                ind[1] = r_e + (int)((size_t)s * (size_t)nb + (size_t)l);
                val[1] = -1.0;
                ind[2] = rk;
                val[2] = 1.0;
                glp_set_mat_col(lp, col, 2, ind, val);
            }
        }
    }
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.presolve = GLP_ON;
    double ms = time_limit_s * 1000.0;
    sm.tm_lim = ms < 1.0 ? 1 : ms > 2e9 ? 2000000000 : (int)ms;
    int ret = glp_simplex(lp, &sm);
    if (ret == GLP_ENOPFS) {
        *st = 1;
        return ECS_OK;
    }
    if (ret == GLP_ETMLIM || ret == GLP_EITLIM || ret == GLP_ENODFS)
        return ECS_OK;
    if (ret != 0)
        return ECS_ESOLVER;
    int s = glp_get_status(lp);
    if (s == GLP_NOFEAS) {
        *st = 1;
    } else if (s == GLP_OPT) {
        *st = 0;
        *value = glp_get_obj_val(lp);
    }
    return ECS_OK;
}

/* solve_lp inside the GLPK guard (core/glpk_guard.h), when time is
 * left (else *st 2: no claim). */
static ecs_result guarded_lp(const ecs_instance *inst,
                             const gbucket *bk, size_t nbk,
                             double time_limit_s,
                             bnd_fpiece *en, double *value, double *base,
                             int *st, ecs_diag *diag)
{
    *st = 2;
    if (!(time_limit_s > 0.0))
        return ECS_OK;
    glpk_guard gd;
    ecs_result rc = glpk_guard_begin(&gd, 0, diag);
    if (rc != ECS_OK)
        return rc;
    glp_prob *volatile lp = NULL;
    if (setjmp(gd.jb) != 0)
        return glpk_guard_failed(&gd, diag);
    glpk_guard_arm(&gd);
    lp = glp_create_prob();
    rc = solve_lp(lp, inst, bk, nbk, time_limit_s, en, value, base, st);
    glp_delete_prob(lp);
    glpk_guard_end(&gd);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, NULL, 0,
                            "GLPK could not solve the LP of the granular "
                            "bound");
    return ECS_OK;
}

ecs_result ecs_bound_granular_ext(const ecs_instance *inst,
                                  double time_limit_s, double *value,
                                  ecs_diag *diag)
{
    ecs_result rc = bnd_ext_check_input(inst, value, diag);
    if (rc != ECS_OK)
        return rc;
    double t_end = ecs_clock_now() + time_limit_s;
    *value = -HUGE_VAL;
    if (inst->slot_len != NULL)
        return ECS_OK; /* slots of different lengths: no claim */
    const ecs_platform *p = inst->platform;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    for (size_t c = 0; c < nc; c++) {
        bnd_ext_class cl = bnd_ext_class_of(p, c);
        for (size_t k = 0; k < p->nfreq; k++)
            if (cl.sq[k] > 0 && cl.pw[k] < cl.idle)
                return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                                    "the granular bound needs powers at "
                                    "least the idle draw");
    }
    size_t nf = 0;
    for (size_t c = 0; c < nc; c++)
        for (size_t k = 0; k < p->nfreq; k++)
            nf += bnd_ext_class_of(p, c).sq[k] > 0;
    ecs_windows own;
    const ecs_windows *w = NULL;
    int empty = 0;
    if (bnd_ext_windows(inst, &own, &w, &empty) != ECS_OK)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (w != NULL && empty) {
        ecs_windows_release(&own);
        *value = HUGE_VAL; /* the critical path exceeds D' */
        return ECS_OK;
    }
    /* by window and work where that fits, else buckets by work over the
     * horizon, as many as fit; none: no claim (slots merged into blocks
     * pooled their prices and caps and fell below the fluid bound at
     * 1,000 tasks) */
    gbucket *bk = NULL;
    size_t nbk = 0;
    int mrc = make_groups(inst, w, nf, &bk, &nbk);
    ecs_windows_release(&own);
    bnd_fpiece *en = malloc((inst->nsource + 1) * sizeof *en);
    if (en == NULL || mrc != 0) {
        free(en);
        free(bk);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    if (nbk == 0) {
        free(en);
        free(bk);
        return ECS_OK;
    }
    int st = 2;
    double lpv = NAN, base = 0.0;
    rc = guarded_lp(inst, bk, nbk, t_end - ecs_clock_now(), en, &lpv,
                    &base, &st, diag);
    free(en);
    free(bk);
    if (rc != ECS_OK)
        return rc;
    if (st == 1) {
        *value = HUGE_VAL; /* no schedule meets D' under the caps */
    } else if (st == 0) {
        double x = base + lpv;
        /* the simplex's tolerances, the sums' rounding */
        *value = x - 1e-9 * (1.0 + fabs(x));
    }
    return ECS_OK;
}
