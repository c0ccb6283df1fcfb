/*
 * The time-indexed MILP of CaWoSched's fixed-mapping problem
 * (fixedmap_milp.h), solved by GLPK: root LP by simplex, then branch and
 * bound with the warm start as the first incumbent.
 */
#include "core/glpk_guard.h"
#include "ecsched/fixedmap_milp.h"

#include "ecsched/clock.h"

#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mctx {
    double *warm1; /* 1-based column vector of the warm start, or NULL */
    int injected;
    double t_end;
} mctx;

static void on_tree(glp_tree *T, void *info)
{
    mctx *c = info;
    if (glp_ios_reason(T) == GLP_IHEUR && c->warm1 && !c->injected) {
        c->injected = 1;
        glp_ios_heur_sol(T, c->warm1);
    }
    if (ecs_clock_now() > c->t_end)
        glp_ios_terminate(T);
}

static int ms(double s)
{
    return s * 1000.0 > 2e9 ? 2000000000 : (s <= 0 ? 1 : (int)(s * 1000.0));
}

/* What the model holds, freed by ecs_fixedmap_milp also after a GLPK
 * error (on the heap: the guard's jump leaves the frames below it). */
typedef struct fm_work {
    long *est, *lst;
    size_t *first;
    int *ia, *ja;
    double *ar, *warm1;
    long long *B;
    glp_prob *lp;
} fm_work;

/* Build and solve the model, inside the GLPK guard; what it allocates goes
 * to *wk. */
static ecs_result run_model(const ecs_cws_problem *p, const long *warm,
                            double time_limit, double t0, long *start,
                            ecs_fixedmap_milp_result *r, fm_work *wk,
                            ecs_diag *diag)
{
    const size_t n = p->n;
    const long D = p->deadline;
    long *est = wk->est = malloc((n + 1) * sizeof *est);
    long *lst = wk->lst = malloc((n + 1) * sizeof *lst);
    size_t *first = wk->first = malloc((n + 1) * sizeof *first);
    if (!est || !lst || !first)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_result rc = ECS_OK;
    glp_prob *lp = NULL;
    int *ia = NULL, *ja = NULL;
    double *ar = NULL, *warm1 = NULL;
    long long *B = NULL;
    if (ecs_cws_earliest(p, est) > D) {
        rc = ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                          "the earliest schedule ends after the deadline %ld", D);
        goto done;
    }
    ecs_cws_latest(p, lst);
    /* columns: x of task v are first[v] .. first[v+1]-1 (0-based), then y_t */
    size_t nx = 0;
    for (size_t v = 0; v < n; v++) {
        first[v] = nx;
        nx += (size_t)(lst[v] - est[v] + 1);
        if (nx > ECS_FIXEDMAP_MILP_MAX_COLS) {
            rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                              "the model has more than %d start columns",
                              ECS_FIXEDMAP_MILP_MAX_COLS);
            goto done;
        }
    }
    first[n] = nx;
    const size_t ncols = 2 * nx + (size_t)D;
    const size_t zc = nx, yc = 2 * nx; /* z_{v,s} at zc + first[v] + s - est_v */
    /* nonzeros: assignment nx, z definitions 3 nx, precedence 2 per arc and
     * start of the successor, load w per x, y D */
    size_t nnz = 4 * nx, nprec = 0;
    for (size_t v = 0; v < n; v++) {
        size_t cols = first[v + 1] - first[v];
        nprec += cols * (p->pred_off[v + 1] - p->pred_off[v]);
        if (p->power[v] > 0)
            nnz += cols * (size_t)p->dur[v];
    }
    nnz += 2 * nprec + (size_t)D;
    ia = wk->ia = malloc((nnz + 1) * sizeof *ia);
    ja = wk->ja = malloc((nnz + 1) * sizeof *ja);
    ar = wk->ar = malloc((nnz + 1) * sizeof *ar);
    B = wk->B = malloc(((size_t)D + 1) * sizeof *B);
    if (!ia || !ja || !ar || !B) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (size_t k = 0; k < p->nintervals; k++)
        for (long t = p->bound[k]; t < p->bound[k + 1]; t++)
            B[t] = p->budget[k];
    lp = wk->lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MIN);
    glp_add_cols(lp, (int)ncols);
    for (size_t v = 0; v < n; v++)
        for (size_t j = first[v]; j < first[v + 1]; j++) {
            glp_set_col_kind(lp, (int)j + 1, GLP_BV);
        }
    for (size_t j = 0; j < nx; j++)
        glp_set_col_bnds(lp, (int)(zc + j) + 1, GLP_DB, 0.0, 1.0);
    for (long t = 0; t < D; t++) {
        glp_set_col_bnds(lp, (int)(yc + (size_t)t) + 1, GLP_LO, 0.0, 0.0);
        glp_set_obj_coef(lp, (int)(yc + (size_t)t) + 1, 1.0);
    }
    const int rows = (int)(n + nx + nprec + (size_t)D);
    glp_add_rows(lp, rows);
    size_t k = 0;
    int row = 0;
    for (size_t v = 0; v < n; v++) {
        row++;
        glp_set_row_bnds(lp, row, GLP_FX, 1.0, 1.0);
        for (size_t j = first[v]; j < first[v + 1]; j++) {
            k++;
            ia[k] = row, ja[k] = (int)j + 1, ar[k] = 1.0;
        }
    }
    /* z_{v,s} = z_{v,s-1} + x_{v,s}: v has started by s */
    for (size_t v = 0; v < n; v++)
        for (size_t j = first[v]; j < first[v + 1]; j++) {
            row++;
            glp_set_row_bnds(lp, row, GLP_FX, 0.0, 0.0);
            k++;
            ia[k] = row, ja[k] = (int)(zc + j) + 1, ar[k] = 1.0;
            k++;
            ia[k] = row, ja[k] = (int)j + 1, ar[k] = -1.0;
            if (j > first[v]) {
                k++;
                ia[k] = row, ja[k] = (int)(zc + j - 1) + 1, ar[k] = -1.0;
            }
        }
    /* strong precedence: v started by t => u started by t - w_u */
    for (size_t v = 0; v < n; v++)
        for (size_t e = p->pred_off[v]; e < p->pred_off[v + 1]; e++) {
            size_t u = p->pred[e];
            for (long t = est[v]; t <= lst[v]; t++) {
                long tau = t - p->dur[u];
                row++;
                k++;
                ia[k] = row, ja[k] = (int)(zc + first[v] + (size_t)(t - est[v])) + 1;
                ar[k] = 1.0;
                if (tau >= lst[u]) { /* u surely started: z_v <= 1 */
                    glp_set_row_bnds(lp, row, GLP_UP, 0.0, 1.0);
                } else if (tau < est[u]) { /* cannot start by t */
                    glp_set_row_bnds(lp, row, GLP_UP, 0.0, 0.0);
                } else {
                    glp_set_row_bnds(lp, row, GLP_UP, 0.0, 0.0);
                    k++;
                    ia[k] = row, ja[k] = (int)(zc + first[u] + (size_t)(tau - est[u])) + 1;
                    ar[k] = -1.0;
                }
            }
        }
    /* load rows: y_t - sum q x >= base - B_t */
    const int row0 = row;
    for (long t = 0; t < D; t++) {
        row++;
        glp_set_row_bnds(lp, row, GLP_LO, (double)(p->base - B[t]), 0.0);
        k++;
        ia[k] = row, ja[k] = (int)(yc + (size_t)t) + 1, ar[k] = 1.0;
    }
    for (size_t v = 0; v < n; v++) {
        if (p->power[v] == 0)
            continue;
        for (size_t j = first[v]; j < first[v + 1]; j++) {
            long s = est[v] + (long)(j - first[v]);
            for (long t = s; t < s + p->dur[v]; t++) {
                k++;
                ia[k] = row0 + (int)t + 1, ja[k] = (int)j + 1;
                ar[k] = -(double)p->power[v];
            }
        }
    }
    glp_load_matrix(lp, (int)k, ia, ja, ar);
    r->cols = ncols;
    r->rows = (size_t)rows;
    if (warm) {
        warm1 = wk->warm1 = calloc(ncols + 1, sizeof *warm1);
        if (!warm1) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            goto done;
        }
        long long *L = B; /* reuse: brown per unit */
        for (long t = 0; t < D; t++)
            L[t] = p->base - L[t];
        for (size_t v = 0; v < n; v++) {
            warm1[first[v] + (size_t)(warm[v] - est[v]) + 1] = 1.0;
            for (long s0 = warm[v]; s0 <= lst[v]; s0++)
                warm1[zc + first[v] + (size_t)(s0 - est[v]) + 1] = 1.0;
            for (long t = warm[v]; t < warm[v] + p->dur[v]; t++)
                L[t] += p->power[v];
        }
        for (long t = 0; t < D; t++)
            warm1[yc + (size_t)t + 1] = L[t] > 0 ? (double)L[t] : 0.0;
    }
    mctx c = {warm1, 0, t0 + time_limit};
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.tm_lim = ms(time_limit);
    sm.meth = GLP_DUALP;
    glp_adv_basis(lp, 0);
    int sret = glp_simplex(lp, &sm);
    if (sret != 0 || glp_get_status(lp) != GLP_OPT) {
        /* no LP in time: the warm start stands, with no bound of its own */
        if (!warm) {
            rc = ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                              "GLPK's LP relaxation did not finish within %g s",
                              time_limit);
            goto done;
        }
        memcpy(start, warm, n * sizeof *start);
        ecs_cws_eval ew;
        if ((rc = ecs_cws_evaluate(p, warm, &ew, diag)) != ECS_OK)
            goto done;
        r->cost = ew.cost;
        r->bound = 0;
        goto done;
    }
    double lpobj = glp_get_obj_val(lp);
    long long lpb = (long long)ceil(lpobj - 1e-6);
    if (lpb < 0)
        lpb = 0;
    glp_iocp io;
    glp_init_iocp(&io);
    io.msg_lev = GLP_MSG_OFF;
    io.cb_func = on_tree;
    io.cb_info = &c;
    io.tm_lim = ms(t0 + time_limit - ecs_clock_now());
    io.mip_gap = 0.0;
    int ret = glp_intopt(lp, &io);
    int st = glp_mip_status(lp);
    int have = st == GLP_OPT || st == GLP_FEAS;
    if (have) {
        for (size_t v = 0; v < n; v++) {
            start[v] = est[v];
            for (size_t j = first[v]; j < first[v + 1]; j++)
                if (glp_mip_col_val(lp, (int)j + 1) > 0.5)
                    start[v] = est[v] + (long)(j - first[v]);
        }
    } else if (warm) {
        memcpy(start, warm, n * sizeof *start);
        have = 1;
    }
    if (!have) {
        rc = ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                          "no schedule found within %g s", time_limit);
        goto done;
    }
    ecs_cws_eval ev;
    rc = ecs_cws_evaluate(p, start, &ev, diag);
    if (rc != ECS_OK) {
        char why[ECS_DIAG_MSG_MAX];
        snprintf(why, sizeof why, "%s", diag ? diag->msg : "");
        rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                          "the MILP's schedule is not valid: %s", why);
        goto done;
    }
    if (warm) {
        ecs_cws_eval ew;
        if (ecs_cws_evaluate(p, warm, &ew, NULL) == ECS_OK && ew.cost < ev.cost) {
            memcpy(start, warm, n * sizeof *start);
            ev = ew;
        }
    }
    r->cost = ev.cost;
    r->optimal = ret == 0 && st == GLP_OPT;
    r->bound = r->optimal ? ev.cost : lpb * p->brown_cost;
    if (r->bound > r->cost)
        r->bound = r->cost;
done:
    return rc;
}

ecs_result ecs_fixedmap_milp(const ecs_cws_problem *p, const long *warm,
                             double time_limit, long *start,
                             ecs_fixedmap_milp_result *r, ecs_diag *diag)
{
    memset(r, 0, sizeof *r);
    if (!(time_limit > 0) || !isfinite(time_limit))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the time limit must be a finite number > 0");
    double t0 = ecs_clock_now();
    glpk_guard gd;
    ecs_result rc = glpk_guard_begin(&gd, 0, diag);
    if (rc != ECS_OK)
        return rc;
    fm_work *wk = calloc(1, sizeof *wk);
    if (wk == NULL) {
        glpk_guard_end(&gd);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    if (setjmp(gd.jb) != 0) {
        rc = glpk_guard_failed(&gd, diag);
        wk->lp = NULL; /* GLPK's, in its error state */
    } else {
        glpk_guard_arm(&gd);
        rc = run_model(p, warm, time_limit, t0, start, r, wk, diag);
        if (wk->lp != NULL)
            glp_delete_prob(wk->lp);
        wk->lp = NULL;
        glpk_guard_end(&gd);
    }
    r->seconds = ecs_clock_now() - t0;
    free(wk->ia);
    free(wk->ja);
    free(wk->ar);
    free(wk->B);
    free(wk->warm1);
    free(wk->est);
    free(wk->lst);
    free(wk->first);
    free(wk);
    return rc;
}
