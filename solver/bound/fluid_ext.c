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

static ecs_result build_and_solve(const ecs_instance *inst, glp_prob *lp,
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
    /* rows: capacity (class, slot), work, cover (site, slot), cap */
    size_t ncap = nc * (size_t)D, ncov = (size_t)nsite * (size_t)D;
    int r_cap = glp_add_rows(lp, (int)ncap);
    int r_work = glp_add_rows(lp, 1);
    int r_cov = glp_add_rows(lp, (int)ncov);
    int r_pc = glp_add_rows(lp, (int)ncov);
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
                int ind[5];
                double val[5];
                int n = 0;
                int rc = (int)((size_t)site * (size_t)D + (size_t)l);
                ind[++n] = r_cap + (int)(c * (size_t)D + (size_t)l);
                val[n] = 1;
                ind[++n] = r_work;
                val[n] = (double)sq[k];
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
    glpk_guard gd;
    ecs_result rc = glpk_guard_begin(&gd, 0, diag);
    if (rc != ECS_OK)
        return rc;
    glp_prob *volatile lp = NULL;
    if (setjmp(gd.jb) != 0)
        return glpk_guard_failed(&gd, diag);
    glpk_guard_arm(&gd);
    lp = glp_create_prob();
    int infeasible = 0;
    *value = NAN;
    rc = build_and_solve(inst, lp, value, &infeasible);
    glp_delete_prob(lp);
    glpk_guard_end(&gd);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, NULL, 0,
                            "GLPK could not solve the fluid LP");
    if (infeasible)
        *value = HUGE_VAL; /* no schedule at all: every cost is above */
    return ECS_OK;
}
