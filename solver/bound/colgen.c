/* The lower bound by column generation and the Lagrangian relaxation over
 * chains (bound.h; docs/MODEL.md "Cost lower bounds").
 *
 * Master LP (the strong formulation's LP relaxation with S and C
 * substituted):
 *   min  sum c(i,s,e) x(i,s,e)
 *   one_i:    sum_{s,e} x(i,s,e)                         = 1   (dual u_i)
 *   cap_l:    sum_{i, s <= l <= e} x(i,s,e)              <= P  (dual mu_l <= 0)
 *   prec_abl: sum_{s <= l} x(b,s,e) - sum_{e <= l-1} x(a,s,e) <= 0
 *                                                              (dual nu <= 0)
 * over the intervals of each task's time window.  Only generated columns
 * and violated precedence rows are in GLPK; the rest is priced by a DP.
 * Without a start schedule, capacity rows get a slack column of cost M so
 * that the first master is feasible. */
#include "bound_internal.h"
#include "ecsched/clock.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ecsched/profile.h"

static int ms_left(const cg *c)
{
    double left = c->t_end - ecs_clock_now();
    if (left <= 0.001)
        return 1;
    if (left * 1000.0 >= (double)INT_MAX)
        return INT_MAX;
    return (int)(left * 1000.0);
}

static int reserve_col(cg *c)
{
    if (c->ncol + 2 <= c->cap_col)
        return 0;
    size_t cap = c->cap_col ? 2 * c->cap_col : 1024;
    int *t = realloc(c->col_task, cap * sizeof *t);
    if (t != NULL)
        c->col_task = t;
    long *s = realloc(c->col_s, cap * sizeof *s);
    if (s != NULL)
        c->col_s = s;
    long *e = realloc(c->col_e, cap * sizeof *e);
    if (e != NULL)
        c->col_e = e;
    if (t == NULL || s == NULL || e == NULL)
        return -1;
    c->cap_col = cap;
    return 0;
}

static int row_of_cap(const cg *c, long l)
{
    return (int)c->g->n + 1 + (int)l;
}

/* Row (edge k, l) is in the master? */
static int have_row(const cg *c, size_t k, long l)
{
    if (l < c->edge_lo[k] || l > c->edge_hi[k])
        return 0;
    return c->have[c->edge_off[k] + (size_t)(l - c->edge_lo[k])];
}

/* Add column x(i,s,e) of cost cost to the master; 0 or -1 (memory). */
static int add_column(cg *c, size_t i, long s, long e, double cost)
{
    const ecs_graph *g = c->g;
    if (reserve_col(c) != 0)
        return -1;
    size_t len = (size_t)(e - s + 1) + 2 + c->rows_in[i].n +
                 c->rows_out[i].n;
    int *ind = malloc((len + 1) * sizeof *ind);
    double *val = malloc((len + 1) * sizeof *val);
    if (ind == NULL || val == NULL) {
        free(ind);
        free(val);
        return -1;
    }
    int k = 0;
    ind[++k] = (int)i + 1;
    val[k] = 1.0;
    for (long l = s; l <= e; l++) {
        ind[++k] = row_of_cap(c, l);
        val[k] = 1.0;
    }
    /* precedence rows already in the master that contain this column */
    for (size_t q = 0; q < c->rows_in[i].n; q++) {
        size_t r = (size_t)c->rows_in[i].v[q];
        if (s <= c->row_l[r]) {
            ind[++k] = (int)(g->n + (size_t)c->D + 1 + r);
            val[k] = 1.0;
        }
    }
    for (size_t q = 0; q < c->rows_out[i].n; q++) {
        size_t r = (size_t)c->rows_out[i].v[q];
        if (e <= c->row_l[r] - 1) {
            ind[++k] = (int)(g->n + (size_t)c->D + 1 + r);
            val[k] = -1.0;
        }
    }
    int j = glp_add_cols(c->lp, 1);
    glp_set_col_bnds(c->lp, j, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(c->lp, j, cost);
    glp_set_mat_col(c->lp, j, k, ind, val);
    free(ind);
    free(val);
    if ((size_t)j >= c->cap_col)
        return -1; /* cannot happen: columns are added here only */
    c->col_task[j] = (int)i;
    c->col_s[j] = s;
    c->col_e[j] = e;
    c->ncol = (size_t)j;
    return bnd_ivec_push(&c->task_cols[i], j);
}

/* Exact interval cost c(i,s,e), by the MILP's own DP. */
static ecs_result interval_cost(cg *c, size_t i, long s, long e, double *cost)
{
    return ecs_profile_cheapest(c->p, c->price, c->g->work[i], s, e, c->fbuf,
                                cost);
}

/* Slack column of capacity row l (cost M). */
static int add_slack(cg *c, long l, double M)
{
    if (reserve_col(c) != 0)
        return -1;
    int ind[2] = {0, row_of_cap(c, l)};
    double val[2] = {0.0, -1.0};
    int j = glp_add_cols(c->lp, 1);
    glp_set_col_bnds(c->lp, j, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(c->lp, j, M);
    glp_set_mat_col(c->lp, j, 1, ind, val);
    c->col_task[j] = -1;
    c->col_s[j] = c->col_e[j] = l;
    c->ncol = (size_t)j;
    return 0;
}

/* The first master: assignment and capacity rows, the start schedule's
 * intervals, each task's earliest interval at f = 1 (precedence-feasible
 * by the windows) and, without a start, the capacity slacks. */
static ecs_result build_master(cg *c, const ecs_schedule *start, int *infeas)
{
    const ecs_graph *g = c->g;
    glp_set_obj_dir(c->lp, GLP_MIN);
    glp_add_rows(c->lp, (int)g->n + (int)c->D);
    for (size_t i = 0; i < g->n; i++)
        glp_set_row_bnds(c->lp, (int)i + 1, GLP_FX, 1.0, 1.0);
    for (long l = 0; l < c->D; l++)
        glp_set_row_bnds(c->lp, row_of_cap(c, l), GLP_UP, 0.0,
                         (double)c->p->pes);
    double maxr = 0.0, maxp = 0.0, span = 0.0;
    for (long l = 0; l < c->D; l++)
        if (fabs(c->price[l]) > maxr)
            maxr = fabs(c->price[l]);
    for (size_t k = 0; k < c->p->nfreq; k++)
        if (fabs(c->p->power_of[k]) > maxp)
            maxp = fabs(c->p->power_of[k]);
    for (size_t i = 0; i < g->n; i++) {
        span += (double)(c->wp->lf[i] - c->wp->es[i] + 1);
        long s0 = c->wp->es[i], e0 = s0 + g->work[i] - 1;
        double cost;
        ecs_result rc = interval_cost(c, i, s0, e0, &cost);
        if (rc == ECS_EINFEASIBLE) {
            *infeas = 1;
            return ECS_OK;
        }
        if (rc != ECS_OK || add_column(c, i, s0, e0, cost) != 0)
            return ECS_ENOMEM;
        if (start != NULL) {
            const ecs_sched_task *t = &start->task[i];
            if (t->start >= c->wp->es[i] && t->stop <= c->wp->lf[i] &&
                !(t->start == s0 && t->stop == e0)) {
                rc = interval_cost(c, i, t->start, t->stop, &cost);
                if (rc == ECS_OK && add_column(c, i, t->start, t->stop,
                                               cost) != 0)
                    return ECS_ENOMEM;
                if (rc != ECS_OK && rc != ECS_EINFEASIBLE)
                    return rc;
            }
        }
    }
    c->scale = 1.0 + maxr * maxp * span / (g->n ? (double)g->n : 1.0);
    if (start == NULL) {
        double M = 10.0 * (1.0 + maxr * maxp * span);
        for (long l = 0; l < c->D; l++)
            if (add_slack(c, l, M) != 0)
                return ECS_ENOMEM;
    }
    return ECS_OK;
}

/* Cumulative start and completion of the LP solution per task. */
static void lp_cumulative(cg *c)
{
    const ecs_graph *g = c->g;
    memset(c->sx, 0, c->woff[g->n] * sizeof *c->sx);
    memset(c->cx, 0, c->woff[g->n] * sizeof *c->cx);
    for (size_t j = 1; j <= c->ncol; j++) {
        int i = c->col_task[j];
        if (i < 0)
            continue;
        double x = glp_get_col_prim(c->lp, (int)j);
        if (x <= 1e-12)
            continue;
        size_t o = c->woff[i];
        c->sx[o + (size_t)(c->col_s[j] - c->wp->es[i])] += x;
        c->cx[o + (size_t)(c->col_e[j] - c->wp->es[i])] += x;
    }
    for (size_t i = 0; i < g->n; i++)
        for (size_t q = c->woff[i] + 1; q < c->woff[i + 1]; q++) {
            c->sx[q] += c->sx[q - 1];
            c->cx[q] += c->cx[q - 1];
        }
}

/* S(i,l) and C(i,l) of the LP solution, any l. */
static double S_at(const cg *c, size_t i, long l)
{
    if (l < c->wp->es[i])
        return 0.0;
    if (l > c->wp->lf[i])
        return 1.0;
    return c->sx[c->woff[i] + (size_t)(l - c->wp->es[i])];
}

static double C_at(const cg *c, size_t i, long l)
{
    if (l < c->wp->es[i])
        return 0.0;
    if (l > c->wp->lf[i])
        return 1.0;
    return c->cx[c->woff[i] + (size_t)(l - c->wp->es[i])];
}

static int reserve_prec(cg *c, size_t extra)
{
    if (c->nprec + extra <= c->cap_prec)
        return 0;
    size_t cap = c->cap_prec ? c->cap_prec : 1024;
    while (cap < c->nprec + extra)
        cap *= 2;
    int *e = realloc(c->row_edge, cap * sizeof *e);
    if (e != NULL)
        c->row_edge = e;
    long *l = realloc(c->row_l, cap * sizeof *l);
    if (l != NULL)
        c->row_l = l;
    int *ag = realloc(c->row_age, cap * sizeof *ag);
    if (ag != NULL)
        c->row_age = ag;
    if (e == NULL || l == NULL || ag == NULL)
        return -1;
    c->cap_prec = cap;
    return 0;
}

/* Add the precedence rows the LP solution violates (at most max); the
 * number added, -1 when out of memory. */
static long separate(cg *c, long max)
{
    const ecs_graph *g = c->g;
    lp_cumulative(c);
    long added = 0;
    int *ind = NULL;
    double *val = NULL;
    size_t cap = 0;
    for (size_t k = 0; k < bnd_edge_count(g) && added < max; k++) {
        size_t a = c->edge_from[k], b = g->succ[k];
        /* the most violated row of the edge only: fewer, stronger rows */
        long l = -1;
        double worst = 1e-7;
        for (long t = c->edge_lo[k]; t <= c->edge_hi[k]; t++) {
            double v = S_at(c, b, t) - C_at(c, a, t - 1);
            if (v > worst && !have_row(c, k, t)) {
                worst = v;
                l = t;
            }
        }
        if (l >= 0) {
            size_t need = c->task_cols[a].n + c->task_cols[b].n + 1;
            if (need > cap) {
                cap = 2 * need;
                int *ni = realloc(ind, cap * sizeof *ni);
                if (ni != NULL)
                    ind = ni;
                double *nv = realloc(val, cap * sizeof *nv);
                if (nv != NULL)
                    val = nv;
                if (ni == NULL || nv == NULL) {
                    free(ind);
                    free(val);
                    return -1;
                }
            }
            if (reserve_prec(c, 1) != 0) {
                free(ind);
                free(val);
                return -1;
            }
            int q = 0;
            for (size_t t = 0; t < c->task_cols[b].n; t++) {
                int j = c->task_cols[b].v[t];
                if (c->col_s[j] <= l) {
                    ind[++q] = j;
                    val[q] = 1.0;
                }
            }
            for (size_t t = 0; t < c->task_cols[a].n; t++) {
                int j = c->task_cols[a].v[t];
                if (c->col_e[j] <= l - 1) {
                    ind[++q] = j;
                    val[q] = -1.0;
                }
            }
            int r = glp_add_rows(c->lp, 1);
            glp_set_row_bnds(c->lp, r, GLP_UP, 0.0, 0.0);
            glp_set_mat_row(c->lp, r, q, ind, val);
            c->have[c->edge_off[k] + (size_t)(l - c->edge_lo[k])] = 1;
            c->row_edge[c->nprec] = (int)k;
            c->row_l[c->nprec] = l;
            c->row_age[c->nprec] = 0;
            if (bnd_ivec_push(&c->rows_in[b], (int)c->nprec) != 0 ||
                bnd_ivec_push(&c->rows_out[a], (int)c->nprec) != 0) {
                free(ind);
                free(val);
                return -1;
            }
            c->nprec++;
            added++;
        }
    }
    free(ind);
    free(val);
    return added;
}

/*
 * Least reduced cost of task i over every interval [s, e] of its window
 * and every frequency profile on it:
 *   min  pin(s) + sum_{l=s..e} (power(f_l) r_l - mu_l) + pout(e) - u_i
 * where pin(s) = -sum of the duals of the rows (a -> i, l >= s) (>= 0)
 * and pout(e) = sum of the duals of the rows (i -> b, l >= e + 1) (<= 0).
 * One pass over the window with the work done (on the frequency grid,
 * capped at the work) as the state and the start slot carried along.
 */
static double price_task(cg *c, size_t i, double u, long *bs, long *be)
{
    const ecs_platform *p = c->p;
    long es = c->wp->es[i], lf = c->wp->lf[i], W = c->g->work[i] * p->grid;
    double *cur = c->cur, *nxt = c->nxt;
    long *st = c->st, *stn = c->stn;
    const double *pin = c->pin + c->woff[i], *pout = c->pout + c->woff[i];
    for (long v = 0; v <= W; v++)
        cur[v] = HUGE_VAL;
    double best = HUGE_VAL;
    *bs = *be = -1;
    for (long l = es; l <= lf; l++) {
        double a = pin[l - es];
        if (a < cur[0]) {
            cur[0] = a;
            st[0] = l;
        }
        bnd_dp_step(p, W, c->price[l], -c->mu[l], &cur, &st, &nxt, &stn);
        if (cur[W] != HUGE_VAL && cur[W] + pout[l - es] < best) {
            best = cur[W] + pout[l - es];
            *bs = st[W];
            *be = l;
        }
    }
    return best - u;
}

/* Duals of the master, clamped to their valid signs; returns the part
 * sum_r y_r b_r of the Lagrangian bound. */
static double read_duals(cg *c, double *u)
{
    const ecs_graph *g = c->g;
    double yb = 0.0;
    for (size_t i = 0; i < g->n; i++) {
        u[i] = glp_get_row_dual(c->lp, (int)i + 1);
        yb += u[i];
    }
    for (long l = 0; l < c->D; l++) {
        double y = glp_get_row_dual(c->lp, row_of_cap(c, l));
        c->mu[l] = y < 0.0 ? y : 0.0;
        yb += c->mu[l] * (double)c->p->pes;
    }
    memset(c->pin, 0, c->woff[g->n] * sizeof *c->pin);
    memset(c->pout, 0, c->woff[g->n] * sizeof *c->pout);
    for (size_t r = 0; r < c->nprec; r++) {
        double y = glp_get_row_dual(c->lp, (int)(g->n + (size_t)c->D + 1 + r));
        if (y >= 0.0)
            continue;
        size_t k = (size_t)c->row_edge[r], a = c->edge_from[k], b = g->succ[k];
        long l = c->row_l[r];
        /* x(b,s,e), s <= l: coefficient +1; x(a,s,e), e <= l-1: -1 */
        if (l >= c->wp->es[b])
            c->pin[c->woff[b] + (size_t)((l > c->wp->lf[b] ? c->wp->lf[b] : l) -
                                         c->wp->es[b])] -= y;
        if (l - 1 >= c->wp->es[a])
            c->pout[c->woff[a] + (size_t)((l - 1 > c->wp->lf[a] ? c->wp->lf[a]
                                                               : l - 1) -
                                          c->wp->es[a])] += y;
    }
    bnd_pin_pout_sums(c);
    return yb;
}

/* Delete the precedence rows that have been slack (zero dual, positive
 * slack) for `age` rounds: the master stays small.  A deleted row may come
 * back when violated again.  -1 when out of memory. */
static int purge_rows(cg *c, int age)
{
    const ecs_graph *g = c->g;
    int base = (int)g->n + (int)c->D;
    int *num = malloc((c->nprec + 1) * sizeof *num);
    if (num == NULL)
        return -1;
    int nd = 0;
    size_t keep = 0;
    for (size_t r = 0; r < c->nprec; r++) {
        int row = base + 1 + (int)r;
        double act = glp_get_row_prim(c->lp, row);
        if (glp_get_row_stat(c->lp, row) == GLP_BS && act < -1e-6)
            c->row_age[r]++;
        else
            c->row_age[r] = 0;
        size_t k = (size_t)c->row_edge[r];
        if (c->row_age[r] >= age) {
            num[++nd] = row;
            c->have[c->edge_off[k] + (size_t)(c->row_l[r] - c->edge_lo[k])] =
                0;
            continue;
        }
        c->row_edge[keep] = c->row_edge[r];
        c->row_l[keep] = c->row_l[r];
        c->row_age[keep] = c->row_age[r];
        keep++;
    }
    if (nd > 0) {
        glp_del_rows(c->lp, nd, num);
        c->nprec = keep;
        for (size_t i = 0; i < g->n; i++)
            c->rows_in[i].n = c->rows_out[i].n = 0;
        for (size_t r = 0; r < c->nprec; r++) {
            size_t k = (size_t)c->row_edge[r];
            if (bnd_ivec_push(&c->rows_in[g->succ[k]], (int)r) != 0 ||
                bnd_ivec_push(&c->rows_out[c->edge_from[k]], (int)r) != 0) {
                free(num);
                return -1;
            }
        }
    }
    free(num);
    return 0;
}

static ecs_result colgen_body(cg *c, const ecs_bound_params *prm,
                              ecs_bound_result *out)
{
    const ecs_graph *g = c->g;
    int infeas = 0;
    ecs_result rc = build_master(c, prm->start, &infeas);
    if (rc != ECS_OK || infeas) {
        if (infeas)
            out->status = ECS_BOUND_INFEASIBLE;
        return rc;
    }
    double *u = c->u;
    long *ps = c->ps, *pe = c->pe;
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.presolve = GLP_OFF;
    glp_adv_basis(c->lp, 0);
    int rows_added = 0;
    double smooth = 0.8;
    while (out->iterations < prm->max_iterations && ecs_clock_now() < c->t_end) {
        sm.meth = rows_added ? GLP_DUALP : GLP_PRIMAL;
        sm.tm_lim = ms_left(c);
        int ret = glp_simplex(c->lp, &sm);
        if (ret == GLP_ETMLIM || ecs_clock_now() >= c->t_end)
            break;
        if (ret != 0) {
            /* a numerically troubled basis: start again from a fresh one */
            glp_adv_basis(c->lp, 0);
            sm.meth = GLP_PRIMAL;
            sm.tm_lim = ms_left(c);
            ret = glp_simplex(c->lp, &sm);
            if (ret != 0)
                break;
        }
        int st = glp_get_status(c->lp);
        if (st == GLP_NOFEAS || st == GLP_UNBND) {
            /* the precedence rows alone admit no solution in the windows */
            if (st == GLP_NOFEAS)
                out->status = ECS_BOUND_INFEASIBLE;
            break;
        }
        if (st != GLP_OPT)
            break;
        out->iterations++;
        out->lp_value = glp_get_obj_val(c->lp);
        /* Lagrangian bound at these duals; pricing */
        read_duals(c, u);
        /* the master's duals, kept to check the columns found */
        memcpy(c->u_rmp, u, g->n * sizeof *u);
        memcpy(c->mu_rmp, c->mu, (size_t)c->D * sizeof *c->mu);
        c->mu_pre[0] = 0.0;
        for (long l = 0; l < c->D; l++)
            c->mu_pre[l + 1] = c->mu_pre[l] + c->mu[l];
        /* price at a point between the best bound's duals and the
         * master's: every such point gives a valid bound */
        double alpha = c->have_center ? smooth : 0.0;
        double lb = 0.0;
        for (size_t i = 0; i < g->n; i++) {
            if (alpha > 0.0)
                u[i] = alpha * c->u_c[i] + (1.0 - alpha) * u[i];
            lb += u[i];
        }
        for (long l = 0; l < c->D; l++) {
            if (alpha > 0.0)
                c->mu[l] = alpha * c->mu_c[l] + (1.0 - alpha) * c->mu[l];
            lb += c->mu[l] * (double)c->p->pes;
        }
        int complete = 1;
        for (size_t i = 0; i < g->n; i++) {
            if ((i & 63) == 0 && ecs_clock_now() >= c->t_end) {
                complete = 0;
                break;
            }
            double d = price_task(c, i, u[i], &ps[i], &pe[i]);
            if (d == HUGE_VAL) {
                out->status = ECS_BOUND_INFEASIBLE; /* no interval fits */
                complete = 0;
                break;
            }
            lb += d < 0.0 ? d : 0.0;
            if (!(d < -1e-9 * c->scale))
                ps[i] = -1; /* nothing to add for this task */
        }
        if (out->status == ECS_BOUND_INFEASIBLE || !complete)
            break;
        if (lb > out->bound) {
            out->bound = lb;
            out->method = ECS_BOUND_BY_LP_COLGEN;
            out->status = ECS_BOUND_PARTIAL;
            memcpy(c->u_c, u, g->n * sizeof *u);
            memcpy(c->mu_c, c->mu, (size_t)c->D * sizeof *c->mu);
            c->have_center = 1;
        }
        if (out->bound >= c->stop_at)
            break;
        /* rows first, on the solution just found; then the columns */
        if (purge_rows(c, 5) != 0) {
            rc = ECS_ENOMEM;
            break;
        }
        long rows = separate(c, prm->max_rows_per_round);
        if (rows < 0) {
            rc = ECS_ENOMEM;
            break;
        }
        out->prec_rows = (long)c->nprec;
        long newcols = 0;
        for (size_t i = 0; rc == ECS_OK && i < g->n; i++) {
            if (ps[i] < 0)
                continue;
            double cost;
            rc = interval_cost(c, i, ps[i], pe[i], &cost);
            if (rc != ECS_OK)
                break;
            /* its reduced cost at the master's duals */
            size_t o = c->woff[i];
            long es = c->wp->es[i];
            double d = cost - c->u_rmp[i] -
                       (c->mu_pre[pe[i] + 1] - c->mu_pre[ps[i]]) +
                       c->pin[o + (size_t)(ps[i] - es)] +
                       c->pout[o + (size_t)(pe[i] - es)];
            if (!(d < -1e-9 * c->scale))
                continue;
            if (add_column(c, i, ps[i], pe[i], cost) != 0)
                rc = ECS_ENOMEM;
            newcols++;
        }
        if (rc != ECS_OK)
            break;
        out->columns = (long)c->ncol;
        if (rows == 0 && newcols == 0) {
            if (alpha > 0.0) {
                smooth = 0.0; /* mispriced: once at the master's duals */
                continue;
            }
            out->status = ECS_BOUND_LP_OPTIMAL;
            break;
        }
        smooth = 0.8;
        rows_added = rows > 0;
    }
    return rc;
}


/* The master's own arrays (the LP solution's cumulative starts and
 * completions per window slot, the precedence rows present per edge and
 * slot) live only while column generation runs, so that the Lagrangian
 * after it does not hold them too (the peak is the larger of the two,
 * not their sum). */
ecs_result bnd_colgen_run(cg *c, const ecs_bound_params *prm,
                          ecs_bound_result *out)
{
    size_t tot = c->woff[c->g->n] ? c->woff[c->g->n] : 1;
    c->have = calloc(c->edge_off[bnd_edge_count(c->g)] + 1, 1);
    c->sx = malloc(tot * sizeof *c->sx);
    c->cx = malloc(tot * sizeof *c->cx);
    ecs_result rc = c->have && c->sx && c->cx ? colgen_body(c, prm, out)
                                              : ECS_ENOMEM;
    free(c->have);
    free(c->sx);
    free(c->cx);
    c->have = NULL;
    c->sx = c->cx = NULL;
    return rc;
}
