/* The fluid bound of the extended model (docs/MODEL.md "Fluid bound,
 * extended model"): forget the tasks, keep the machine: z_{c,l,k} PEs of
 * class c at f_k in slot l, at most n_c per class and slot, together at
 * least the total work; the draw of every site and slot covered by its
 * sources and the grid, under its cap.  One LP, solved by GLPK's simplex. */
#include "core/glpk_guard.h"
#include "ecsched/bound.h"
#include "ecsched/check.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One class per platform without classes. */
static void class_of(const ecs_platform *p, size_t c, int *count, int *site,
                     const long **speed_q, const double **power,
                     double *idle)
{
    if (p->nclass == 0) {
        *count = p->pes;
        *site = 0;
        *speed_q = p->freq_q;
        *power = p->power_of;
        *idle = 0.0;
        return;
    }
    *count = p->cls[c].count;
    *site = p->cls[c].site;
    *speed_q = p->cls[c].speed_q;
    *power = p->cls[c].power_of;
    *idle = p->cls[c].idle;
}

/* What the windows say about slot l and the prefix and suffix of the
 * horizon (docs/MODEL.md "Fluid bound, extended model"): act[l] tasks
 * may run in slot l; pre[t] grid steps of work must be done in slots
 * 0..t and suf[t] in t..D-1 (each task's work less what it can do at the
 * top speed outside). */
static void window_rows(const ecs_instance *inst, const ecs_windows *w,
                        double *act, double *pre, double *suf)
{
    const ecs_platform *p = inst->platform;
    const ecs_graph *g = inst->graph;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    double top = 0.0;
    for (size_t c = 0; c < nc; c++) {
        double v = p->nclass > 0 ? (double)p->cls[c].speed_q[0]
                                 : (double)p->freq_q[0];
        if (v > top)
            top = v;
    }
    for (long l = 0; l < D; l++)
        act[l] = pre[l] = suf[l] = 0.0;
    for (size_t i = 0; i < g->n; i++) {
        long es = w->es[i] < 0 ? 0 : w->es[i];
        long lf = w->lf[i] >= D ? D - 1 : w->lf[i];
        double need = (double)g->work[i] * (double)p->grid;
        for (long l = es; l <= lf; l++) {
            act[l] += 1.0;
            double after = need - top * (double)(lf - l);  /* l+1..lf */
            double before = need - top * (double)(l - es); /* es..l-1 */
            if (after > 0.0)
                pre[l] += after;
            if (before > 0.0)
                suf[l] += before;
        }
        for (long l = lf + 1; l < D; l++)
            pre[l] += need;
        for (long l = 0; l < es; l++)
            suf[l] += need;
    }
}

static ecs_result build_and_solve(const ecs_instance *inst,
                                  const ecs_windows *w, glp_prob *lp,
                                  double *value, int *infeasible)
{
    const ecs_platform *p = inst->platform;
    const ecs_graph *g = inst->graph;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    double work_q = 0.0;
    for (size_t i = 0; i < g->n; i++)
        work_q += (double)g->work[i] * (double)p->grid;
    /* rows: capacity (class, slot), work, cover (site, slot), cap; with
     * the windows: tasks that may run per slot, work done by slot t
     * (A_t = A_{t-1} + work of slot t) and from slot t on (B_t alike) */
    size_t ncap = nc * (size_t)D, ncov = (size_t)nsite * (size_t)D;
    int r_cap = glp_add_rows(lp, (int)ncap);
    int r_work = glp_add_rows(lp, 1);
    int r_cov = glp_add_rows(lp, (int)ncov);
    int r_pc = glp_add_rows(lp, (int)ncov);
    int r_act = 0, r_a = 0, r_b = 0;
    if (w != NULL) {
        double *act = malloc(3 * (size_t)D * sizeof *act);
        if (act == NULL)
            return ECS_ENOMEM;
        double *pre = act + D, *suf = pre + D;
        window_rows(inst, w, act, pre, suf);
        r_act = glp_add_rows(lp, (int)D);
        r_a = glp_add_rows(lp, (int)D);
        r_b = glp_add_rows(lp, (int)D);
        for (long l = 0; l < D; l++) {
            glp_set_row_bnds(lp, r_act + (int)l, GLP_UP, 0, act[l]);
            glp_set_row_bnds(lp, r_a + (int)l, GLP_FX, 0, 0);
            glp_set_row_bnds(lp, r_b + (int)l, GLP_FX, 0, 0);
            /* A_l: -A_l + A_{l-1} + work(l) = 0, A_l >= pre[l] */
            int j = glp_add_cols(lp, 2);
            glp_set_col_bnds(lp, j, GLP_LO, pre[l], 0);
            glp_set_col_bnds(lp, j + 1, GLP_LO, suf[l], 0);
            int ind[3];
            double val[3];
            int n = 0;
            ind[++n] = r_a + (int)l;
            val[n] = -1;
            if (l + 1 < D) {
                ind[++n] = r_a + (int)l + 1;
                val[n] = 1;
            }
            glp_set_mat_col(lp, j, n, ind, val);
            n = 0;
            ind[++n] = r_b + (int)l;
            val[n] = -1;
            if (l > 0) {
                ind[++n] = r_b + (int)l - 1;
                val[n] = 1;
            }
            glp_set_mat_col(lp, j + 1, n, ind, val);
        }
        free(act);
    }
    for (size_t c = 0; c < nc; c++) {
        int count, site;
        const long *sq;
        const double *pw;
        double idle;
        class_of(p, c, &count, &site, &sq, &pw, &idle);
        for (long l = 0; l < D; l++)
            glp_set_row_bnds(lp, r_cap + (int)(c * (size_t)D + (size_t)l),
                             GLP_UP, 0, count);
    }
    glp_set_row_bnds(lp, r_work, GLP_LO, work_q, 0);
    for (int s = 0; s < nsite; s++) {
        double idle_s = 0.0;
        for (size_t c = 0; c < nc; c++) {
            int count, site;
            const long *sq;
            const double *pw;
            double idle;
            class_of(p, c, &count, &site, &sq, &pw, &idle);
            if (site == s)
                idle_s += count * idle;
        }
        for (long l = 0; l < D; l++) {
            int r = (int)((size_t)s * (size_t)D + (size_t)l);
            glp_set_row_bnds(lp, r_cov + r, GLP_FX, idle_s, idle_s);
            double cap = ecs_instance_cap(inst, s, l);
            if (isfinite(cap))
                glp_set_row_bnds(lp, r_pc + r, GLP_UP, 0, cap - idle_s);
            else
                glp_set_row_bnds(lp, r_pc + r, GLP_FR, 0, 0);
        }
    }
    /* columns: z (class, slot, k), y (site, slot), x (source, slot) */
    for (size_t c = 0; c < nc; c++) {
        int count, site;
        const long *sq;
        const double *pw;
        double idle;
        class_of(p, c, &count, &site, &sq, &pw, &idle);
        for (long l = 0; l < D; l++)
            for (size_t k = 0; k < p->nfreq; k++) {
                if (sq[k] <= 0)
                    continue;
                int j = glp_add_cols(lp, 1);
                glp_set_col_bnds(lp, j, GLP_LO, 0, 0);
                int ind[8];
                double val[8];
                int n = 0;
                int rc = (int)((size_t)site * (size_t)D + (size_t)l);
                ind[++n] = r_cap + (int)(c * (size_t)D + (size_t)l);
                val[n] = 1;
                ind[++n] = r_work;
                val[n] = (double)sq[k];
                if (w != NULL) {
                    ind[++n] = r_act + (int)l;
                    val[n] = 1;
                    ind[++n] = r_a + (int)l;
                    val[n] = (double)sq[k];
                    ind[++n] = r_b + (int)l;
                    val[n] = (double)sq[k];
                }
                if (pw[k] - idle != 0.0) {
                    ind[++n] = r_cov + rc;
                    val[n] = -(pw[k] - idle);
                    ind[++n] = r_pc + rc;
                    val[n] = pw[k] - idle;
                }
                glp_set_mat_col(lp, j, n, ind, val);
            }
    }
    for (int s = 0; s < nsite; s++)
        for (long l = 0; l < D; l++) {
            int j = glp_add_cols(lp, 1);
            glp_set_col_bnds(lp, j, GLP_LO, 0, 0);
            glp_set_obj_coef(lp, j, ecs_instance_price(inst, s, l));
            int ind[2] = {0, r_cov + (int)((size_t)s * (size_t)D + (size_t)l)};
            double val[2] = {0, 1};
            glp_set_mat_col(lp, j, 1, ind, val);
        }
    for (size_t q = 0; q < inst->nsource; q++) {
        const ecs_source *src = &inst->source[q];
        for (long l = 0; l < D; l++) {
            int j = glp_add_cols(lp, 1);
            double v = src->volume[l];
            if (v > 0.0)
                glp_set_col_bnds(lp, j, GLP_DB, 0, v);
            else
                glp_set_col_bnds(lp, j, GLP_FX, 0, 0);
            glp_set_obj_coef(lp, j, src->price);
            int ind[2] = {0, r_cov + (int)((size_t)src->site * (size_t)D +
                                           (size_t)l)};
            double val[2] = {0, 1};
            glp_set_mat_col(lp, j, 1, ind, val);
        }
    }
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.presolve = GLP_ON;
    int ret = glp_simplex(lp, &sm);
    if (ret == GLP_ENOPFS) {
        *infeasible = 1;
        return ECS_OK;
    }
    if (ret != 0)
        return ECS_ESOLVER;
    int st = glp_get_status(lp);
    if (st == GLP_NOFEAS) {
        *infeasible = 1;
        return ECS_OK;
    }
    if (st != GLP_OPT)
        return ECS_ESOLVER;
    double v = glp_get_obj_val(lp);
    /* the simplex's tolerances: keep the bound at or below the optimum */
    *value = v - 1e-10 * (1.0 + fabs(v));
    return ECS_OK;
}

ecs_result ecs_bound_fluid_ext(const ecs_instance *inst, double *value,
                               ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL ||
        value == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    if (inst->deadline < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no deadline");
    /* the windows: the instance's when prepared, else derived here (none
     * when they cannot be: the bound without them) */
    ecs_windows own;
    memset(&own, 0, sizeof own);
    const ecs_windows *w = NULL;
    int empty = 0;
    if (inst->windows.es != NULL && inst->windows.n == inst->graph->n)
        w = &inst->windows;
    else if (ecs_windows_compute_platform(inst->graph, inst->platform,
                                          inst->deadline, &own, &empty,
                                          NULL) == ECS_OK)
        w = &own;
    if (w != NULL && (empty || inst->windows_empty)) {
        ecs_windows_release(&own);
        *value = HUGE_VAL; /* the critical path exceeds D' */
        return ECS_OK;
    }
    glpk_guard gd;
    ecs_result rc = glpk_guard_begin(&gd, 0, diag);
    if (rc != ECS_OK) {
        ecs_windows_release(&own);
        return rc;
    }
    glp_prob *volatile lp = NULL;
    if (setjmp(gd.jb) != 0) {
        ecs_windows_release(&own);
        return glpk_guard_failed(&gd, diag);
    }
    glpk_guard_arm(&gd);
    lp = glp_create_prob();
    int infeasible = 0;
    *value = NAN;
    rc = build_and_solve(inst, w, lp, value, &infeasible);
    glp_delete_prob(lp);
    glpk_guard_end(&gd);
    ecs_windows_release(&own);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, NULL, 0,
                            "GLPK could not solve the fluid LP");
    if (infeasible)
        *value = HUGE_VAL; /* no schedule at all: every cost is above */
    return ECS_OK;
}
