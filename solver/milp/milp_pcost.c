/* Pseudo-cost branching (milp_pcost.h): GLPK's hybrid pseudo-cost rule
 * (GLP_BR_PCH, glpios09.c) redone in the callback, because GLPK's own
 * initialises every candidate by strong branching without looking at the
 * clock: on a 50-task graph at P = 4 a 2 s limit became 120 s.  Here the
 * strong branching stops at a deadline and later candidates start from the
 * average of the estimates so far.
 *
 * The rule: for each variable, the degradation of the node LP's objective
 * per unit of change, down and up, averaged over the nodes where it was
 * branched on (first estimated by strong branching); the variable of
 * largest max(down estimate x its fraction, up estimate x (1 - fraction))
 * is branched on, the child of smaller estimated degradation first.  On
 * the strong model, whose cumulative S and C columns are candidates too
 * (MILP_COL_IMPLIED), it closes in a minute what the default rule left 2%
 * open after five (docs/MODEL.md "MILP, strong formulation", Branching). */
#include "milp_pcost.h"

#include "ecsched/clock.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct milp_pcost {
    int n;
    int *dn_cnt, *up_cnt;   /* 1..n: nodes seen (0: no estimate yet) */
    double *dn_sum, *up_sum; /* sums of the per-unit degradations */
    /* per node reference number: the branching made there */
    int *br_var;             /* 0: none recorded */
    double *br_val, *lp_obj;
    int cap;
};

milp_pcost *milp_pcost_new(int ncols)
{
    milp_pcost *pc = calloc(1, sizeof *pc);
    if (pc == NULL)
        return NULL;
    pc->n = ncols;
    size_t k = (size_t)ncols + 1;
    pc->dn_cnt = calloc(k, sizeof *pc->dn_cnt);
    pc->up_cnt = calloc(k, sizeof *pc->up_cnt);
    pc->dn_sum = calloc(k, sizeof *pc->dn_sum);
    pc->up_sum = calloc(k, sizeof *pc->up_sum);
    if (!pc->dn_cnt || !pc->up_cnt || !pc->dn_sum || !pc->up_sum) {
        milp_pcost_free(pc);
        return NULL;
    }
    return pc;
}

void milp_pcost_free(milp_pcost *pc)
{
    if (pc == NULL)
        return;
    free(pc->dn_cnt);
    free(pc->up_cnt);
    free(pc->dn_sum);
    free(pc->up_sum);
    free(pc->br_var);
    free(pc->br_val);
    free(pc->lp_obj);
    free(pc);
}

/* Room for node reference number p; 0, or -1 out of memory. */
static int reserve_node(milp_pcost *pc, int p)
{
    if (p < pc->cap)
        return 0;
    int nc = pc->cap ? pc->cap : 256;
    while (nc <= p)
        nc *= 2;
    int *bv = realloc(pc->br_var, (size_t)nc * sizeof *bv);
    if (bv == NULL)
        return -1;
    pc->br_var = bv;
    double *bx = realloc(pc->br_val, (size_t)nc * sizeof *bx);
    if (bx == NULL)
        return -1;
    pc->br_val = bx;
    double *bo = realloc(pc->lp_obj, (size_t)nc * sizeof *bo);
    if (bo == NULL)
        return -1;
    pc->lp_obj = bo;
    for (int q = pc->cap; q < nc; q++)
        pc->br_var[q] = 0;
    pc->cap = nc;
    return 0;
}

/* The node LP's objective degradation with column j fixed at bnd, after at
 * most 30 dual simplex iterations on a copy (a valid lower bound on the
 * degradation when the basis is dual feasible; 0 when unknown); DBL_MAX
 * when that LP has no feasible solution. */
static double eval_degrad(glp_prob *P, int j, double bnd)
{
    glp_prob *lp = glp_create_prob();
    glp_copy_prob(lp, P, GLP_OFF);
    glp_set_col_bnds(lp, j, GLP_FX, bnd, bnd);
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.meth = GLP_DUAL;
    parm.it_lim = 30;
    parm.presolve = GLP_OFF;
    int ret = glp_simplex(lp, &parm);
    double degrad = 0.0;
    if (ret == 0 || ret == GLP_EITLIM) {
        if (glp_get_prim_stat(lp) == GLP_NOFEAS) {
            degrad = DBL_MAX;
        } else if (glp_get_dual_stat(lp) == GLP_FEAS) {
            double z0 = glp_get_obj_val(P);
            degrad = glp_get_obj_val(lp) - z0;
            if (degrad < 1e-6 * (1.0 + 0.001 * fabs(z0)))
                degrad = 0.0;
        }
    }
    glp_delete_prob(lp);
    return degrad;
}

/* The child of node p just solved: learn from its parent's branching. */
static void learn(milp_pcost *pc, glp_tree *T, glp_prob *lp, int p)
{
    int q = glp_ios_up_node(T, p);
    if (q <= 0 || q >= pc->cap || pc->br_var[q] == 0)
        return;
    int j = pc->br_var[q];
    double dx = glp_get_col_prim(lp, j) - pc->br_val[q];
    if (dx == 0.0)
        return;
    double psi = fabs((glp_get_obj_val(lp) - pc->lp_obj[q]) / dx);
    if (dx < 0.0) {
        pc->dn_cnt[j]++;
        pc->dn_sum[j] += psi;
    } else {
        pc->up_cnt[j]++;
        pc->up_sum[j] += psi;
    }
}

/* Average estimate of a side over the variables that have one (1 when
 * none has). */
static double average(const int *cnt, const double *sum, int n)
{
    double s = 0.0;
    int k = 0;
    for (int j = 1; j <= n; j++)
        if (cnt[j] > 0) {
            s += sum[j] / cnt[j];
            k++;
        }
    return k > 0 ? s / k : 1.0;
}

/* The per-unit estimate of column j on one side (down: dn = 1) at value
 * beta; DBL_MAX when that side is infeasible. */
static double estimate(milp_pcost *pc, glp_prob *lp, int j, double beta,
                       int dn, double init_until, double avg)
{
    int *cnt = dn ? pc->dn_cnt : pc->up_cnt;
    double *sum = dn ? pc->dn_sum : pc->up_sum;
    if (cnt[j] == 0) {
        if (ecs_clock_now() >= init_until)
            return avg;
        double frac = dn ? beta - floor(beta) : ceil(beta) - beta;
        double d = eval_degrad(lp, j, dn ? floor(beta) : ceil(beta));
        if (d == DBL_MAX)
            return DBL_MAX;
        cnt[j] = 1;
        sum[j] = d / frac;
    }
    return sum[j] / cnt[j];
}

int milp_pcost_branch(milp_pcost *pc, glp_tree *T, double init_until)
{
    int p = glp_ios_curr_node(T);
    glp_prob *lp = glp_ios_get_prob(T);
    if (pc == NULL || p <= 0 || reserve_node(pc, p) != 0)
        return 0;
    pc->br_var[p] = 0; /* the number may have been another node's */
    learn(pc, T, lp, p);
    double avg_dn = average(pc->dn_cnt, pc->dn_sum, pc->n);
    double avg_up = average(pc->up_cnt, pc->up_sum, pc->n);
    int best = 0, sel = GLP_NO_BRNCH;
    double dmax = -1.0, fmax = -1.0;
    int mostf = 0;
    for (int j = 1; j <= pc->n; j++) {
        if (!glp_ios_can_branch(T, j))
            continue;
        double beta = glp_get_col_prim(lp, j);
        double f = beta - floor(beta);
        double ff = f < 1.0 - f ? f : 1.0 - f;
        if (ff > fmax) {
            fmax = ff;
            mostf = j;
        }
        double pd = estimate(pc, lp, j, beta, 1, init_until, avg_dn);
        if (pd == DBL_MAX) { /* the down side is infeasible: settled */
            best = j;
            sel = GLP_DN_BRNCH;
            break;
        }
        double pu = estimate(pc, lp, j, beta, 0, init_until, avg_up);
        if (pu == DBL_MAX) {
            best = j;
            sel = GLP_UP_BRNCH;
            break;
        }
        double d1 = pd * f, d2 = pu * (ceil(beta) - beta);
        double d = d1 > d2 ? d1 : d2;
        if (d > dmax) {
            dmax = d;
            best = j;
            sel = d1 <= d2 ? GLP_DN_BRNCH : GLP_UP_BRNCH;
        }
    }
    if (best != 0 && dmax == 0.0) { /* no degradation anywhere */
        best = mostf;
        sel = GLP_NO_BRNCH;
    }
    if (best == 0)
        return 0;
    pc->br_var[p] = best;
    pc->br_val[p] = glp_get_col_prim(lp, best);
    pc->lp_obj[p] = glp_get_obj_val(lp);
    glp_ios_branch_upon(T, best, sel);
    return 1;
}
