/* Cap cuts for the profile formulation of the extended model (docs/MODEL.md
 * "Column generation, extended model", "Cap cuts"): in one slot of a site
 * with a power cap, z_j counts the tasks that run on class cls[j] at the
 * frequency of item j (its draw above idle e[j] > 0).  Every schedule has
 * z in X = { z integer >= 0 : sum_{j of class c} z_j <= cnt[c],
 * sum_j e[j] z_j <= cap }; a separating inequality of conv(X) is found by
 * enumerating X and solving the LP over (a, b). */
#include "milp_internal.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct enum_ctx {
    size_t m, ncls, max_points, np;
    const int *cls;
    const double *e;
    double cap;
    int *left;   /* per class: tasks left */
    int *cur;    /* m */
    int *pts;    /* np * m */
    int over;
} enum_ctx;

static void enum_rec(enum_ctx *x, size_t j, double used)
{
    if (x->over)
        return;
    if (j == x->m) {
        if (x->np == x->max_points) {
            x->over = 1;
            return;
        }
        memcpy(x->pts + x->np * x->m, x->cur, x->m * sizeof *x->cur);
        x->np++;
        return;
    }
    int c = x->cls[j];
    for (int v = 0; v <= x->left[c]; v++) {
        double u = used + v * x->e[j];
        if (v > 0 && u > x->cap)
            break;
        x->cur[j] = v;
        x->left[c] -= v;
        enum_rec(x, j + 1, u);
        x->left[c] += v;
    }
    x->cur[j] = 0;
}

long milp_ext_cap_points(size_t m, const int *cls, const double *e,
                         size_t ncls, const int *cnt, double cap,
                         size_t max_points, int **pts)
{
    *pts = NULL;
    enum_ctx x;
    memset(&x, 0, sizeof x);
    x.m = m;
    x.ncls = ncls;
    x.cls = cls;
    x.e = e;
    /* (a schedule within the checker's tolerance of the cap stays in X) */
    x.cap = cap + 1e-9 * (1.0 + fabs(cap));
    x.max_points = max_points;
    x.left = malloc((ncls ? ncls : 1) * sizeof *x.left);
    x.cur = calloc(m ? m : 1, sizeof *x.cur);
    x.pts = malloc((max_points ? max_points : 1) * (m ? m : 1) *
                   sizeof *x.pts);
    if (x.left == NULL || x.cur == NULL || x.pts == NULL) {
        free(x.left);
        free(x.cur);
        free(x.pts);
        return -1;
    }
    for (size_t c = 0; c < ncls; c++)
        x.left[c] = cnt[c];
    enum_rec(&x, 0, 0.0);
    free(x.left);
    free(x.cur);
    if (x.over) {
        free(x.pts);
        return -2;
    }
    *pts = x.pts;
    return (long)x.np;
}

int milp_ext_cap_cut(size_t m, const int *cls, const double *e, size_t ncls,
                     const int *cnt, double cap, const double *zs,
                     size_t max_points, double tol, double *a, double *b)
{
    int *pts;
    long np = milp_ext_cap_points(m, cls, e, ncls, cnt, cap, max_points,
                                  &pts);
    if (np == -1)
        return -1;
    if (np < 0)
        return 0; /* too many points: no cut */
    /* max sum a_j zs_j - b  s.t.  a . x - b <= 0 (x in X), sum a <= 1,
     * a >= 0 (X is down-closed: facets other than z >= 0 have a >= 0) */
    glp_prob *lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MAX);
    glp_add_cols(lp, (int)m + 1);
    for (size_t j = 0; j < m; j++) {
        glp_set_col_bnds(lp, (int)j + 1, GLP_LO, 0.0, 0.0);
        glp_set_obj_coef(lp, (int)j + 1, zs[j]);
    }
    glp_set_col_bnds(lp, (int)m + 1, GLP_FR, 0.0, 0.0);
    glp_set_obj_coef(lp, (int)m + 1, -1.0);
    int *ind = malloc((m + 2) * sizeof *ind);
    double *val = malloc((m + 2) * sizeof *val);
    if (ind == NULL || val == NULL) {
        free(ind);
        free(val);
        free(pts);
        glp_delete_prob(lp);
        return -1;
    }
    int r0 = glp_add_rows(lp, (int)np + 1);
    for (long q = 0; q < np; q++) {
        int nz = 0;
        for (size_t j = 0; j < m; j++)
            if (pts[(size_t)q * m + j] != 0) {
                ind[++nz] = (int)j + 1;
                val[nz] = pts[(size_t)q * m + j];
            }
        ind[++nz] = (int)m + 1;
        val[nz] = -1.0;
        glp_set_row_bnds(lp, r0 + (int)q, GLP_UP, 0.0, 0.0);
        glp_set_mat_row(lp, r0 + (int)q, nz, ind, val);
    }
    for (size_t j = 0; j < m; j++) {
        ind[j + 1] = (int)j + 1;
        val[j + 1] = 1.0;
    }
    glp_set_row_bnds(lp, r0 + (int)np, GLP_UP, 0.0, 1.0);
    glp_set_mat_row(lp, r0 + (int)np, (int)m, ind, val);
    free(ind);
    free(val);
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    int found = 0;
    if (glp_simplex(lp, &sm) == 0 && glp_get_status(lp) == GLP_OPT &&
        glp_get_obj_val(lp) > tol) {
        for (size_t j = 0; j < m; j++) {
            double v = glp_get_col_prim(lp, (int)j + 1);
            a[j] = v > 1e-12 ? v : 0.0;
        }
        /* b: the largest a . x over X, computed again (the LP's own b
         * holds only to its tolerance) */
        double mx = 0.0;
        for (long q = 0; q < np; q++) {
            double s = 0.0;
            for (size_t j = 0; j < m; j++)
                s += a[j] * pts[(size_t)q * m + j];
            if (s > mx)
                mx = s;
        }
        *b = mx + 1e-12;
        double lhs = 0.0;
        for (size_t j = 0; j < m; j++)
            lhs += a[j] * zs[j];
        found = lhs > *b + tol;
    }
    glp_delete_prob(lp);
    free(pts);
    return found;
}

