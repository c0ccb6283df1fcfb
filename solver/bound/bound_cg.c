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
#include "core/core.h"
#include "ecsched/clock.h"

#include "ecsched/profile.h"
#include "ecsched/bound.h"
#include "ecsched/check.h"

#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *ecs_bound_status_name(ecs_bound_status s)
{
    switch (s) {
#define ECS_BOUND_STATUS_NAME(name, key) case ECS_BOUND_##name: return key;
        ECS_BOUND_STATUS_MAP(ECS_BOUND_STATUS_NAME)
#undef ECS_BOUND_STATUS_NAME
    }
    return "unknown";
}

const char *ecs_bound_method_name(ecs_bound_method m)
{
    switch (m) {
#define ECS_BOUND_METHOD_NAME(name, key)                                      \
    case ECS_BOUND_BY_##name:                                                 \
        return key;
        ECS_BOUND_METHOD_MAP(ECS_BOUND_METHOD_NAME)
#undef ECS_BOUND_METHOD_NAME
    }
    return "unknown";
}

void ecs_bound_params_init(ecs_bound_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 60.0;
    prm->max_iterations = 100000;
    prm->max_rows_per_round = 20000;
    prm->colgen_share = 0.5;
    prm->colgen = 1;
    prm->lagr_edges = 1;
    prm->stop_at = HUGE_VAL;
}

ecs_result ecs_bound_params_validate(const ecs_bound_params *prm,
                                     ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (!(prm->time_limit_s > 0.0) || !isfinite(prm->time_limit_s))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "time limit must be a positive number of seconds");
    if (prm->max_iterations < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the iteration limit must be at least 1");
    if (!(prm->colgen_share > 0.0) || !(prm->colgen_share <= 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the column generation share must be in (0, 1]");
    if (isnan(prm->stop_at))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the bound to stop at is not a number");
    if (prm->max_rows_per_round < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the rows per round must be at least 1");
    return ECS_OK;
}

/* A growable int vector. */
typedef struct ivec {
    int *v;
    size_t n, cap;
} ivec;

static int ivec_push(ivec *a, int x)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 8;
        int *nv = realloc(a->v, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        a->v = nv;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}

typedef struct cg {
    jmp_buf jb;
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long D;
    ecs_windows w;           /* owned windows, when not the instance's */
    const ecs_windows *wp;   /* the windows in use */
    glp_prob *lp;
    double t_end;
    /* columns (GLPK index j, 1-based): task (-1 for a slack), s, e */
    int *col_task;
    long *col_s, *col_e;
    size_t ncol, cap_col;
    ivec *task_cols; /* per task: its columns */
    ivec *rows_in, *rows_out; /* per task: precedence rows (0-based
                                 numbers) where it is b, where it is a */
    double *u;             /* duals of the assignment rows */
    long *ps, *pe;         /* priced interval per task */
    /* precedence rows: edge index (into g->succ), slot l */
    size_t *edge_off;      /* per edge: offset into have[] for l = lo */
    long *edge_lo, *edge_hi;
    size_t *edge_from;     /* task a of each edge */
    unsigned char *have;   /* the row (edge, l) is in the master */
    int *row_edge;         /* per precedence row (from row n+D+1 on) */
    int *row_age;          /* rounds the row has been slack in a row */
    long *row_l;
    size_t nprec, cap_prec;
    /* per task dense arrays over its window */
    size_t *woff;
    double *sx, *cx;       /* cumulative start / completion of the LP */
    double *pin, *pout;    /* precedence duals by slot, then suffix sums */
    /* pricing work space */
    double *cur, *nxt, *mu;
    /* dual smoothing (Wentges): the duals of the best bound so far */
    double *u_rmp, *mu_rmp, *mu_pre; /* the master's duals, prefix sums */
    double *u_c, *mu_c;
    int have_center;
    double *mu_fluid;      /* the fluid bound's capacity prices (>= 0) */
    /* the Lagrangian's chains: tasks chain[chain_off[k] .. chain_off[k+1]-1]
     * along a path of the graph; per window position of each task the
     * cheapest cost of its chain up to it finishing by that slot (cbv), the
     * slot where that finish is (cbe) and the start of a finish there
     * (cbs) */
    size_t *chain, *chain_off, nchain;
    double *cbv;
    long *cbe, *cbs;
    double fluid;          /* its value, -HUGE_VAL if none */
    double stop_at;        /* stop once the bound reaches it */
    long *st, *stn;
    unsigned char *fbuf;
    double scale;          /* magnitude of costs, for tolerances */
} cg;

static void on_error(void *info)
{
    cg *c = info;
    longjmp(c->jb, 1);
}

static int ms_left(const cg *c)
{
    double left = c->t_end - ecs_clock_now();
    if (left <= 0.001)
        return 1;
    if (left * 1000.0 >= (double)INT_MAX)
        return INT_MAX;
    return (int)(left * 1000.0);
}

static size_t edge_count(const ecs_graph *g)
{
    return g->succ_off[g->n];
}

static int alloc_all(cg *c)
{
    const ecs_graph *g = c->g;
    size_t n = g->n ? g->n : 1, m = edge_count(g) ? edge_count(g) : 1;
    c->task_cols = calloc(n, sizeof *c->task_cols);
    c->rows_in = calloc(n, sizeof *c->rows_in);
    c->rows_out = calloc(n, sizeof *c->rows_out);
    c->u = malloc(n * sizeof *c->u);
    c->ps = malloc(n * sizeof *c->ps);
    c->pe = malloc(n * sizeof *c->pe);
    if (!c->rows_in || !c->rows_out || !c->u || !c->ps || !c->pe)
        return -1;
    c->edge_off = calloc(m + 1, sizeof *c->edge_off);
    c->edge_lo = calloc(m, sizeof *c->edge_lo);
    c->edge_hi = calloc(m, sizeof *c->edge_hi);
    c->edge_from = calloc(m, sizeof *c->edge_from);
    c->woff = calloc(n + 1, sizeof *c->woff);
    if (!c->task_cols || !c->edge_off || !c->edge_lo || !c->edge_hi ||
        !c->edge_from || !c->woff)
        return -1;
    long maxW = 1, maxL = 1;
    for (size_t i = 0; i < g->n; i++) {
        long L = c->wp->lf[i] - c->wp->es[i] + 1;
        c->woff[i + 1] = c->woff[i] + (size_t)(L > 0 ? L : 0);
        if (L > maxL)
            maxL = L;
        if (g->work[i] * c->p->grid > maxW)
            maxW = g->work[i] * c->p->grid;
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
            size_t b = g->succ[k];
            /* rows where S(b,l) can be positive and C(a,l-1) below 1 */
            c->edge_from[k] = i;
            c->edge_lo[k] = c->wp->es[b];
            c->edge_hi[k] = c->wp->lf[i];
            long len = c->edge_hi[k] - c->edge_lo[k] + 1;
            c->edge_off[k + 1] = c->edge_off[k] + (size_t)(len > 0 ? len : 0);
        }
    }
    size_t tot = c->woff[g->n] ? c->woff[g->n] : 1;
    c->have = calloc(c->edge_off[edge_count(g)] + 1, 1);
    c->sx = malloc(tot * sizeof *c->sx);
    c->cx = malloc(tot * sizeof *c->cx);
    c->pin = malloc(tot * sizeof *c->pin);
    c->pout = malloc(tot * sizeof *c->pout);
    c->cur = malloc((size_t)(maxW + 1) * sizeof *c->cur);
    c->nxt = malloc((size_t)(maxW + 1) * sizeof *c->nxt);
    c->st = malloc((size_t)(maxW + 1) * sizeof *c->st);
    c->stn = malloc((size_t)(maxW + 1) * sizeof *c->stn);
    c->mu = malloc((size_t)(c->D > 0 ? c->D : 1) * sizeof *c->mu);
    c->mu_rmp = malloc((size_t)(c->D + 1) * sizeof *c->mu_rmp);
    c->mu_pre = malloc((size_t)(c->D + 1) * sizeof *c->mu_pre);
    c->mu_c = malloc((size_t)(c->D + 1) * sizeof *c->mu_c);
    c->mu_fluid = calloc((size_t)(c->D + 1), sizeof *c->mu_fluid);
    c->u_rmp = malloc(n * sizeof *c->u_rmp);
    c->u_c = malloc(n * sizeof *c->u_c);
    if (!c->mu_rmp || !c->mu_pre || !c->mu_c || !c->u_rmp || !c->u_c ||
        !c->mu_fluid)
        return -1;
    c->fbuf = malloc((size_t)maxL + 1);
    return c->have && c->sx && c->cx && c->pin && c->pout && c->cur &&
                   c->nxt && c->st && c->stn && c->mu && c->fbuf
               ? 0
               : -1;
}

static void free_all(cg *c)
{
    for (size_t i = 0; i < c->g->n; i++) {
        if (c->task_cols != NULL)
            free(c->task_cols[i].v);
        if (c->rows_in != NULL)
            free(c->rows_in[i].v);
        if (c->rows_out != NULL)
            free(c->rows_out[i].v);
    }
    free(c->task_cols);
    free(c->rows_in);
    free(c->rows_out);
    free(c->u);
    free(c->ps);
    free(c->pe);
    free(c->col_task);
    free(c->col_s);
    free(c->col_e);
    free(c->edge_off);
    free(c->edge_lo);
    free(c->edge_hi);
    free(c->edge_from);
    free(c->have);
    free(c->row_edge);
    free(c->row_l);
    free(c->row_age);
    free(c->woff);
    free(c->sx);
    free(c->cx);
    free(c->pin);
    free(c->pout);
    free(c->cur);
    free(c->nxt);
    free(c->st);
    free(c->stn);
    free(c->mu);
    free(c->mu_rmp);
    free(c->mu_pre);
    free(c->mu_c);
    free(c->mu_fluid);
    free(c->chain);
    free(c->chain_off);
    free(c->cbv);
    free(c->cbe);
    free(c->cbs);
    free(c->u_rmp);
    free(c->u_c);
    free(c->fbuf);
    ecs_windows_release(&c->w);
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
    return ivec_push(&c->task_cols[i], j);
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
    for (size_t k = 0; k < edge_count(g) && added < max; k++) {
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
            if (ivec_push(&c->rows_in[b], (int)c->nprec) != 0 ||
                ivec_push(&c->rows_out[a], (int)c->nprec) != 0) {
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
/* One slot of the pricing DP: from *cur (cheapest cost by work done on the
 * grid, capped at W; *st: the start of each) to the next row, every
 * frequency at price r plus m for the slot; the rows are swapped, so that
 * *cur and *st hold the new one after the call. */
static void dp_step(const ecs_platform *p, long W, double r, double m,
                    double **curp, long **stp, double **nxtp, long **stnp)
{
    const double *cur = *curp;
    const long *st = *stp;
    double *nxt = *nxtp;
    long *stn = *stnp;
    for (long v = 0; v <= W; v++)
        nxt[v] = HUGE_VAL;
    for (long v = 0; v <= W; v++) {
        if (cur[v] == HUGE_VAL)
            continue;
        for (size_t k = 0; k < p->nfreq; k++) {
            long t = v + p->freq_q[k];
            if (t > W)
                t = W;
            double x = cur[v] + p->power_of[k] * r + m;
            if (x < nxt[t]) {
                nxt[t] = x;
                stn[t] = st[v];
            }
        }
    }
    *nxtp = *curp;
    *curp = nxt;
    *stnp = *stp;
    *stp = stn;
}

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
        dp_step(p, W, c->price[l], -c->mu[l], &cur, &st, &nxt, &stn);
        if (cur[W] != HUGE_VAL && cur[W] + pout[l - es] < best) {
            best = cur[W] + pout[l - es];
            *bs = st[W];
            *be = l;
        }
    }
    return best - u;
}

/* pin and pout hold each row's multiplier at its slot; make them the sums
 * over the later slots: pin(s) = sum over l >= s, pout(e) = sum over
 * l - 1 >= e. */
static void pin_pout_sums(cg *c)
{
    for (size_t i = 0; i < c->g->n; i++)
        for (size_t q = c->woff[i + 1]; q-- > c->woff[i] + 1;) {
            c->pin[q - 1] += c->pin[q];
            c->pout[q - 1] += c->pout[q];
        }
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
    pin_pout_sums(c);
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
            if (ivec_push(&c->rows_in[g->succ[k]], (int)r) != 0 ||
                ivec_push(&c->rows_out[c->edge_from[k]], (int)r) != 0) {
                free(num);
                return -1;
            }
        }
    }
    free(num);
    return 0;
}

static ecs_result run(cg *c, const ecs_bound_params *prm,
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

/* Cover the tasks by disjoint paths, heaviest first: the longest path by
 * work among the tasks not yet covered, again and again.  0 or -1 (memory). */
static int make_chains(cg *c)
{
    const ecs_graph *g = c->g;
    size_t n = g->n;
    c->chain = malloc(n * sizeof *c->chain);
    c->chain_off = malloc((n + 1) * sizeof *c->chain_off);
    double *dist = malloc(n * sizeof *dist);
    size_t *from = malloc(n * sizeof *from);
    unsigned char *done = calloc(n, 1);
    size_t tot = c->woff[n] ? c->woff[n] : 1;
    c->cbv = malloc(tot * sizeof *c->cbv);
    c->cbe = malloc(tot * sizeof *c->cbe);
    c->cbs = malloc(tot * sizeof *c->cbs);
    int rc = -1;
    if (!c->chain || !c->chain_off || !dist || !from || !done || !c->cbv ||
        !c->cbe || !c->cbs)
        goto out;
    size_t covered = 0;
    c->nchain = 0;
    c->chain_off[0] = 0;
    while (covered < n) {
        size_t best = SIZE_MAX;
        for (size_t t = 0; t < n; t++) {
            size_t v = g->topo[t];
            if (done[v])
                continue;
            dist[v] = (double)g->work[v];
            from[v] = SIZE_MAX;
            for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
                size_t a = g->pred[k];
                if (!done[a] && dist[a] + (double)g->work[v] > dist[v]) {
                    dist[v] = dist[a] + (double)g->work[v];
                    from[v] = a;
                }
            }
            if (best == SIZE_MAX || dist[v] > dist[best])
                best = v;
        }
        /* the path ends at best: store it from its first task */
        size_t len = 0;
        for (size_t v = best; v != SIZE_MAX; v = from[v])
            len++;
        size_t k = covered + len;
        for (size_t v = best; v != SIZE_MAX; v = from[v]) {
            c->chain[--k] = v;
            done[v] = 1;
        }
        covered += len;
        c->chain_off[++c->nchain] = covered;
    }
    rc = 0;
out:
    free(dist);
    free(from);
    free(done);
    return rc;
}

/* The cheapest cost of chain k at the slot prices r_l + mu_l (c->mu holds
 * -mu_l), plus pin(s) for each task's start and pout(e) for its finish (the
 * precedence multipliers between chains), each task inside its window and
 * starting after the one before it finishes; sets ps/pe of its tasks to the
 * intervals of that solution.  HUGE_VAL when the chain does not fit. */
static double price_chain(cg *c, size_t k)
{
    const ecs_platform *p = c->p;
    const size_t *ch = c->chain + c->chain_off[k];
    size_t m = c->chain_off[k + 1] - c->chain_off[k];
    for (size_t j = 0; j < m; j++) {
        size_t i = ch[j];
        long es = c->wp->es[i], lf = c->wp->lf[i], W = c->g->work[i] * p->grid;
        size_t o = c->woff[i];
        /* the chain before i: its cheapest finish by slot x */
        const double *pv = j > 0 ? c->cbv + c->woff[ch[j - 1]] : NULL;
        long pes = j > 0 ? c->wp->es[ch[j - 1]] : 0;
        long plf = j > 0 ? c->wp->lf[ch[j - 1]] : 0;
        double *cur = c->cur, *nxt = c->nxt;
        long *st = c->st, *stn = c->stn;
        for (long v = 0; v <= W; v++)
            cur[v] = HUGE_VAL;
        for (long l = es; l <= lf; l++) {
            size_t at = o + (size_t)(l - es);
            double a = c->pin[at];
            if (j > 0) {
                long x = l - 1 < plf ? l - 1 : plf;
                a = x < pes ? HUGE_VAL : a + pv[x - pes];
            }
            if (a < cur[0]) {
                cur[0] = a;
                st[0] = l;
            }
            dp_step(p, W, c->price[l], -c->mu[l], &cur, &st, &nxt, &stn);
            /* finish by l: exactly at l, or the best earlier finish */
            double f = cur[W] == HUGE_VAL ? HUGE_VAL : cur[W] + c->pout[at];
            c->cbs[at] = cur[W] == HUGE_VAL ? -1 : st[W];
            if (l > es && c->cbv[at - 1] <= f) {
                c->cbv[at] = c->cbv[at - 1];
                c->cbe[at] = c->cbe[at - 1];
            } else {
                c->cbv[at] = f;
                c->cbe[at] = l;
            }
        }
    }
    size_t last = ch[m - 1];
    long by = c->wp->lf[last];
    double best = c->cbv[c->woff[last] + (size_t)(by - c->wp->es[last])];
    if (best == HUGE_VAL)
        return HUGE_VAL;
    /* back along the chain: each task finishes by the next one's start */
    for (size_t j = m; j-- > 0;) {
        size_t i = ch[j];
        size_t o = c->woff[i];
        long es = c->wp->es[i];
        if (by > c->wp->lf[i])
            by = c->wp->lf[i];
        long e = c->cbe[o + (size_t)(by - es)];
        c->pe[i] = e;
        c->ps[i] = c->cbs[o + (size_t)(e - es)];
        by = c->ps[i] - 1;
    }
    return best;
}

/* The subgradient method of the Lagrangian: rounds without a better value
 * before the step halves, and the weight of the last direction in the
 * next.  Chosen on five instances of 32 to 748 tasks (50/rand0090 P = 8,
 * 100/rand0005 P = 16, 300/rand0000 P = 4, both montage workflows P = 4):
 * from 10 rounds, back to the best point, no deflection, to these, the
 * bounds rose by 0.1% to 4.3% in the same 15 s (montage 748 tasks: from
 * the fluid bound 490.2 to 511.3). */
#define LAGR_STALL 50
#define LAGR_DEFLECT 0.7

/* pin/pout of every task from the multipliers lam of the precedence rows
 * (edge k, l) between chains, l in [edge_lo, edge_hi]: the row
 * S(b,l) - C(a,l-1) <= 0 with lam >= 0 adds lam to b's start at s <= l and
 * takes it from a's finish at e <= l - 1 (read_duals with y = -lam). */
static void lam_to_pin_pout(cg *c, const double *lam, const unsigned char *cross)
{
    const ecs_graph *g = c->g;
    memset(c->pin, 0, c->woff[g->n] * sizeof *c->pin);
    memset(c->pout, 0, c->woff[g->n] * sizeof *c->pout);
    for (size_t k = 0; k < edge_count(g); k++) {
        if (!cross[k])
            continue;
        size_t a = c->edge_from[k], b = g->succ[k];
        for (long l = c->edge_lo[k]; l <= c->edge_hi[k]; l++) {
            double y = lam[c->edge_off[k] + (size_t)(l - c->edge_lo[k])];
            if (y == 0.0)
                continue;
            c->pin[c->woff[b] + (size_t)((l > c->wp->lf[b] ? c->wp->lf[b] : l) -
                                         c->wp->es[b])] += y;
            if (l - 1 >= c->wp->es[a])
                c->pout[c->woff[a] +
                        (size_t)((l - 1 > c->wp->lf[a] ? c->wp->lf[a] : l - 1) -
                                 c->wp->es[a])] -= y;
        }
    }
    pin_pout_sums(c);
}

/* The Lagrangian's multipliers, their subgradients and last directions:
 * mu per slot, lam per (edge between chains, slot) as edge_off lays out. */
typedef struct lagr {
    size_t m, nl;         /* edges; multipliers of edges */
    unsigned char *cross; /* per edge: between two chains (priced) */
    double *mu, *gmu, *dmu;
    double *lam, *glam, *dlam;
} lagr;

/* One evaluation: L(mu, lam) (HUGE_VAL-free; -HUGE_VAL when the time ran
 * out) and its subgradient in gmu, glam: busy_l - P and S(b,l) - C(a,l-1)
 * of the chains' minimisers. */
static double lagr_eval(cg *c, lagr *z)
{
    const ecs_graph *g = c->g;
    long D = c->D;
    double L = 0.0;
    for (long l = 0; l < D; l++) {
        c->mu[l] = -z->mu[l];
        z->gmu[l] = -(double)c->p->pes;
        L -= (double)c->p->pes * z->mu[l];
    }
    lam_to_pin_pout(c, z->lam, z->cross);
    for (size_t k = 0; k < c->nchain; k++) {
        if ((k & 15) == 0 && ecs_clock_now() >= c->t_end)
            return -HUGE_VAL;
        L += price_chain(c, k);
    }
    if (!isfinite(L))
        return -HUGE_VAL;
    for (size_t i = 0; i < g->n; i++)
        for (long l = c->ps[i]; l <= c->pe[i]; l++)
            z->gmu[l] += 1.0;
    for (size_t k = 0; k < z->m; k++) {
        if (!z->cross[k])
            continue;
        size_t a = c->edge_from[k], b = g->succ[k];
        for (long l = c->edge_lo[k]; l <= c->edge_hi[k]; l++)
            z->glam[c->edge_off[k] + (size_t)(l - c->edge_lo[k])] =
                (c->ps[b] <= l ? 1.0 : 0.0) - (c->pe[a] <= l - 1 ? 1.0 : 0.0);
    }
    return L;
}

/* The squared norm of the subgradient (x, gx) once projected on x >= 0,
 * after mixing LAGR_DEFLECT times the last direction dx into gx (and
 * keeping the mix in dx) when deflect is set. */
static double lagr_direction(const double *x, double *gx, double *dx,
                             size_t n, int deflect)
{
    double norm = 0.0;
    for (size_t q = 0; q < n; q++) {
        if (deflect) {
            dx[q] = gx[q] + LAGR_DEFLECT * dx[q];
            gx[q] = dx[q];
        }
        if (x[q] > 0.0 || gx[q] > 0.0)
            norm += gx[q] * gx[q];
    }
    return norm;
}

/* x = max(0, x + step gx). */
static void lagr_move(double *x, const double *gx, size_t n, double step)
{
    for (size_t q = 0; q < n; q++) {
        double v = x[q] + step * gx[q];
        x[q] = v > 0.0 ? v : 0.0;
    }
}

/*
 * Lagrangian relaxation of the capacity rows and of the precedence rows
 * between chains, the tasks covered by disjoint chains (paths of the
 * graph; precedence kept inside each chain and through the time windows),
 * so its subproblem is one DP per chain, without any LP:
 *   L(mu, lam) = -P sum_l mu_l + sum_chains min [sum_{i in chain}
 *                c(i,s_i,e_i) + sum_{l=s_i..e_i} mu_l + pin_i(s_i)
 *                + pout_i(e_i) : e_i < s_next inside the windows]
 * for mu >= 0 and lam >= 0 (one per edge a -> b between two chains and slot
 * l: pin_b(s) = sum_{l >= s} lam, pout_a(e) = -sum_{l >= e+1} lam), maximised
 * by deflected subgradient steps (Polyak, towards the incumbent's cost ub,
 * then towards a lower target) from the column generation's best duals or
 * the fluid bound's prices, lam = 0.  edges 0: lam stays 0.
 */
static void lagrangian(cg *c, double ub, int edges, ecs_bound_result *out)
{
    const ecs_graph *g = c->g;
    long D = c->D;
    lagr z;
    memset(&z, 0, sizeof z);
    z.m = edge_count(g);
    z.nl = c->edge_off[z.m];
    z.mu = c->mu_rmp;
    z.gmu = c->mu_pre;
    double theta = 1.0, bestL = -HUGE_VAL;
    long stall = 0;
    if (make_chains(c) != 0)
        return; /* out of memory: the bound so far stands */
    size_t nl1 = z.nl ? z.nl : 1;
    size_t *chain_of = malloc((g->n ? g->n : 1) * sizeof *chain_of);
    z.cross = calloc(z.m ? z.m : 1, 1);
    z.dmu = calloc((size_t)D + 1, sizeof *z.dmu);
    z.lam = calloc(nl1, sizeof *z.lam);
    z.glam = calloc(nl1, sizeof *z.glam);
    z.dlam = calloc(nl1, sizeof *z.dlam);
    if (!chain_of || !z.cross || !z.dmu || !z.lam || !z.glam || !z.dlam)
        goto out; /* out of memory: the bound so far stands */
    for (size_t k = 0; k < c->nchain; k++)
        for (size_t q = c->chain_off[k]; q < c->chain_off[k + 1]; q++)
            chain_of[c->chain[q]] = k;
    for (size_t k = 0; k < z.m; k++)
        z.cross[k] = edges &&
                     chain_of[c->edge_from[k]] != chain_of[g->succ[k]] &&
                     c->edge_hi[k] >= c->edge_lo[k];
    /* start from the better of the column generation's best duals and the
     * fluid bound's prices */
    int from_cg = c->have_center && !(c->fluid >= out->bound);
    for (long l = 0; l < D; l++)
        z.mu[l] = from_cg ? -c->mu_c[l] : c->mu_fluid[l];
    while (ecs_clock_now() < c->t_end && isfinite(ub)) {
        double L = lagr_eval(c, &z);
        if (L == -HUGE_VAL)
            break;
        out->iterations++;
        /* (the first round always improves: -inf + 1e-9 inf is NaN) */
        if (bestL == -HUGE_VAL || L > bestL + 1e-9 * fabs(bestL)) {
            bestL = L;
            stall = 0;
        } else if (++stall >= LAGR_STALL) {
            /* the step halves, from where it is (going back to the best
             * point only repeats its steps); when it is small, the target
             * is out of reach: aim halfway to it */
            theta *= 0.5;
            stall = 0;
            if (theta < 1e-3) {
                if (!(ub - bestL > 1e-9 * (1.0 + fabs(bestL))))
                    break;
                ub = bestL + 0.5 * (ub - bestL);
                theta = 1.0;
            }
        }
        if (L > out->bound) {
            out->bound = L;
            out->method = ECS_BOUND_BY_LAGRANGIAN_CAPACITY;
            out->status = ECS_BOUND_PARTIAL;
        }
        if (out->bound >= c->stop_at)
            break;
        if (lagr_direction(z.mu, z.gmu, z.dmu, (size_t)D, 0) +
                lagr_direction(z.lam, z.glam, z.dlam, z.nl, 0) ==
            0.0)
            break; /* the relaxed solution fits: L is its optimum */
        double norm = lagr_direction(z.mu, z.gmu, z.dmu, (size_t)D, 1) +
                      lagr_direction(z.lam, z.glam, z.dlam, z.nl, 1);
        double step = theta * (ub - L) / norm;
        if (!(step > 0.0) || !isfinite(step))
            break;
        lagr_move(z.mu, z.gmu, (size_t)D, step);
        lagr_move(z.lam, z.glam, z.nl, step);
    }
out:
    free(chain_of);
    free(z.cross);
    free(z.dmu);
    free(z.lam);
    free(z.glam);
    free(z.dlam);
}

/* The fluid bound first: immediate, and its prices start the Lagrangian
 * relaxation. */
static ecs_result fluid(cg *c, ecs_bound_result *out, ecs_diag *diag)
{
    c->fluid = -HUGE_VAL;
    ecs_result rc = ecs_bound_fluid_instance(ECS_INSTANCE_BORROW(c->g, c->p, c->price, (size_t)c->D, c->D), c->mu_fluid, &c->fluid, diag);
    if (rc == ECS_EINFEASIBLE) {
        ecs_diag_clear(diag);
        out->status = ECS_BOUND_INFEASIBLE;
        return ECS_OK;
    }
    if (rc != ECS_OK)
        return rc;
    if (c->fluid > out->bound) {
        out->bound = c->fluid;
        out->method = ECS_BOUND_BY_FLUID;
        out->status = ECS_BOUND_PARTIAL;
    }
    return ECS_OK;
}

/* The GLPK part, behind the error hook. */
static ecs_result guarded(cg *c, const ecs_bound_params *prm,
                          ecs_bound_result *out, ecs_diag *diag)
{
    /* As in milp_glpk.c: the GLPK environment belongs to the program, so a
     * GLPK error leaves it in GLPK's error state (c->lp with it) for the
     * program to free; glp_free_env() here would destroy the program's own
     * GLPK objects. */
    if (glp_at_error())
        return ecs_diag_set(diag, ECS_ESOLVER, NULL, 0,
                            "GLPK is in its error state after an earlier "
                            "GLPK error; the program must call glp_free_env() "
                            "before solving again");
    int old = glp_term_out(GLP_OFF);
    if (setjmp(c->jb) != 0) {
        c->lp = NULL;
        glp_term_out(old);
        glp_error_hook(NULL, NULL);
        return ecs_diag_set(diag, ECS_ESOLVER, NULL, 0,
                            "GLPK reported an internal error (GLPK is now "
                            "in its error state: glp_free_env() before "
                            "solving again)");
    }
    glp_error_hook(on_error, c);
    c->lp = glp_create_prob();
    double t_all = c->t_end;
    if (prm->colgen_share < 1.0)
        c->t_end = ecs_clock_now() + prm->colgen_share * (t_all - ecs_clock_now());
    ecs_result rc = prm->colgen && out->bound < c->stop_at
                        ? run(c, prm, out)
                        : ECS_OK;
    glp_delete_prob(c->lp);
    c->lp = NULL;
    c->t_end = t_all;
    if (rc == ECS_OK && out->status != ECS_BOUND_LP_OPTIMAL &&
        out->status != ECS_BOUND_INFEASIBLE && prm->start != NULL &&
        out->bound < c->stop_at) {
        ecs_check_report rep;
        if (ecs_check_schedule(ECS_INSTANCE_BORROW(c->g, c->p, c->price, (size_t)c->D, c->D),
                               prm->start, &rep, NULL) == ECS_OK)
            lagrangian(c, rep.cost, prm->lagr_edges, out);
    }
    glp_term_out(old);
    glp_error_hook(NULL, NULL);
    if (rc != ECS_OK)
        rc = ecs_diag_set(diag, rc, NULL, 0,
                          rc == ECS_ENOMEM ? "out of memory"
                                           : "costing an interval failed");
    return rc;
}

ecs_result ecs_bound_compute(const ecs_instance *inst, const ecs_bound_params *prm,
                             ecs_bound_result *out, ecs_diag *diag)
{
    const ecs_graph *g = inst ? inst->graph : NULL;
    const ecs_platform *p = inst ? inst->platform : NULL;
    const double *price = inst ? inst->price : NULL;
    size_t nprice = inst ? inst->nprice : 0;
    long deadline = inst ? inst->deadline : 0;
    double t0 = ecs_clock_now();
    memset(out, 0, sizeof *out);
    out->status = ECS_BOUND_NONE;
    out->bound = -HUGE_VAL;
    out->lp_value = NAN;
    out->method = ECS_BOUND_BY_LP_COLGEN;
    if (g == NULL || p == NULL || price == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    ecs_result rc = ecs_bound_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_check_prices(price, nprice, deadline, diag);
    if (rc != ECS_OK)
        return rc;
    if (p->pes < 1 || p->nfreq < 1 || p->grid < 1 || p->freq_q[0] != p->grid)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the platform is not initialised");
    for (size_t i = 0; i < g->n; i++)
        if (g->work[i] < 1)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: contract the graph first",
                                g->id[i]);
    if (prm->start != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, price, nprice, deadline), prm->start,
                               &rep, NULL) != ECS_OK)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "the start schedule is not feasible: %s",
                                rep.msg);
    }
    if (g->n == 0) {
        out->status = ECS_BOUND_LP_OPTIMAL;
        out->bound = out->lp_value = 0.0;
        out->runtime_s = ecs_clock_now() - t0;
        return ECS_OK;
    }
    cg *c = calloc(1, sizeof *c);
    if (c == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    /* the reduction (fewer edges to price) and its windows: the
     * instance's when prepared */
    ecs_graph *red = NULL;
    c->g = inst->reduced != NULL ? inst->reduced : ecs_solver_graph(g, &red);
    c->p = p;
    c->price = price;
    c->D = deadline;
    c->t_end = t0 + prm->time_limit_s;
    c->stop_at = prm->stop_at;
    int empty = 0;
    if (inst->windows.es != NULL && inst->windows.n == c->g->n) {
        c->wp = &inst->windows;
        empty = inst->windows_empty;
    } else {
        rc = ecs_windows_compute(c->g, p->pes, deadline, &c->w, &empty,
                                 diag);
        if (rc != ECS_OK) {
            free(c);
            ecs_graph_free(red);
            return rc;
        }
        c->wp = &c->w;
    }
    if (empty) {
        out->status = ECS_BOUND_INFEASIBLE;
    } else if (alloc_all(c) != 0) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    } else {
        rc = fluid(c, out, diag);
        if (rc == ECS_OK && out->status != ECS_BOUND_INFEASIBLE)
            rc = guarded(c, prm, out, diag);
    }
    if (out->status == ECS_BOUND_INFEASIBLE)
        out->bound = HUGE_VAL; /* no schedule: every number is a bound */
    free_all(c);
    free(c);
    ecs_graph_free(red);
    out->runtime_s = ecs_clock_now() - t0;
    return rc;
}
