/* The lower bound of bound.h: parameters and names, the work space, the
 * pricing DP step, and ecs_bound_compute, which runs the fluid bound, the
 * bound by stages (stages.c), then column generation (colgen.c) behind GLPK's error hook, then the
 * Lagrangian relaxation over chains (lagrangian.c). */
#include "bound_internal.h"
#include "ecsched/limits.h"
#include "ecsched/clock.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ecsched/check.h"
#include "ecsched/profile.h"

/* The pricing DP's steps a second, reckoned low (a busy 2-core machine
 * made 4e8 to 6e8), and the share of the bound's time one round of
 * pricing every task over its window may take for column generation and
 * the Lagrangian to run at all: on a layered graph of 30,000 tasks at
 * P = 64 (windows of 3,000 slots) a round takes about a minute and the
 * arrays over every window slot several GB, for a bound no better than
 * the fluid one. */
#define BND_DP_STEPS_PER_S 3e8
#define BND_ROUND_SHARE 0.1

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
    prm->stages_share = 0.25;
    prm->stop_at = HUGE_VAL;
}

ecs_result ecs_bound_params_validate(const ecs_bound_params *prm,
                                     ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (ecs_check_time_limit(prm->time_limit_s, diag) != ECS_OK)
        return ECS_EINVAL;
    if (prm->lagr_max_iterations < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the Lagrangian's step limit must be 0 (none) "
                            "or positive");
    if (prm->max_iterations < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the iteration limit must be at least 1");
    if (!(prm->colgen_share > 0.0) || !(prm->colgen_share <= 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the column generation share must be in (0, 1]");
    if (!(prm->stages_share >= 0.0) || !(prm->stages_share <= 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the share of the bound by stages must be in "
                            "[0, 1]");
    if (prm->stages_blocks < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the blocks of the bound by stages must be 0 "
                            "(up to the exact pass) or positive");
    if (isnan(prm->stop_at))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the bound to stop at is not a number");
    if (prm->max_rows_per_round < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the rows per round must be at least 1");
    return ECS_OK;
}

static void on_error(void *info)
{
    cg *c = info;
    longjmp(c->jb, 1);
}

int bnd_alloc(cg *c, int heavy)
{
    const ecs_graph *g = c->g;
    size_t n = g->n ? g->n : 1, m = bnd_edge_count(g) ? bnd_edge_count(g) : 1;
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
    if (heavy) { /* the pricing's per window slot arrays */
        c->pin = malloc(tot * sizeof *c->pin);
        c->pout = malloc(tot * sizeof *c->pout);
        if (!c->pin || !c->pout)
            return -1;
    }
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
    return c->cur &&
                   c->nxt && c->st && c->stn && c->mu && c->fbuf
               ? 0
               : -1;
}

void bnd_free(cg *c)
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

/* One slot of the pricing DP: from *cur (cheapest cost by work done on the
 * grid, capped at W; *st: the start of each) to the next row, every
 * frequency at price r plus m for the slot; the rows are swapped, so that
 * *cur and *st hold the new one after the call. */
void bnd_dp_step(const ecs_platform *p, long W, double r, double m,
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

/* pin and pout hold each row's multiplier at its slot; make them the sums
 * over the later slots: pin(s) = sum over l >= s, pout(e) = sum over
 * l - 1 >= e. */
void bnd_pin_pout_sums(cg *c)
{
    for (size_t i = 0; i < c->g->n; i++)
        for (size_t q = c->woff[i + 1]; q-- > c->woff[i] + 1;) {
            c->pin[q - 1] += c->pin[q];
            c->pout[q - 1] += c->pout[q];
        }
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
                        ? bnd_colgen_run(c, prm, out)
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
            bnd_lagrangian(c, rep.cost, prm->lagr_edges, out);
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
    double t0 = ecs_clock_now();
    memset(out, 0, sizeof *out);
    out->status = ECS_BOUND_NONE;
    out->bound = -HUGE_VAL;
    out->lp_value = NAN;
    out->method = ECS_BOUND_BY_LP_COLGEN;
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_paper(inst, "the column-generation bound",
                                        diag);
    if (rc == ECS_OK)
        rc = ecs_bound_params_validate(prm, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    if (prm->start != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(inst, prm->start, &rep, NULL) != ECS_OK)
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
    c->price = inst->price;
    c->D = inst->deadline;
    c->t_end = t0 + prm->time_limit_s;
    c->stop_at = prm->stop_at;
    c->lagr_max = prm->lagr_max_iterations;
    int empty = 0;
    if (inst->windows.es != NULL && inst->windows.n == c->g->n) {
        c->wp = &inst->windows;
        empty = inst->windows_empty;
    } else {
        rc = ecs_windows_compute(c->g, p->pes, inst->deadline, &c->w, &empty,
                                 diag);
        if (rc != ECS_OK) {
            free(c);
            ecs_graph_free(red);
            return rc;
        }
        c->wp = &c->w;
    }
    /* column generation and the Lagrangian price every task over its whole
     * window in every round: when one round would take more than
     * BND_ROUND_SHARE of the time they are not run (nor their memory,
     * which grows with the tasks' windows: tasks x slots), and the bound
     * is the fluid one or the one by stages */
    double steps = 0.0;
    for (size_t i = 0; !empty && i < c->g->n; i++)
        steps += (double)(c->wp->lf[i] - c->wp->es[i] + 1) *
                 ((double)c->g->work[i] * (double)p->grid + 1.0) *
                 (double)p->nfreq;
    int heavy = steps / BND_DP_STEPS_PER_S <= BND_ROUND_SHARE * prm->time_limit_s;
    if (empty) {
        out->status = ECS_BOUND_INFEASIBLE;
    } else if (bnd_alloc(c, heavy) != 0) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    } else {
        rc = fluid(c, out, diag);
        if (rc == ECS_OK && out->status != ECS_BOUND_INFEASIBLE &&
            prm->stages_share > 0.0 && out->bound < c->stop_at) {
            double now = ecs_clock_now();
            double v = bnd_stages(c, now + prm->stages_share * (c->t_end - now),
                                  prm->stages_blocks);
            if (v > out->bound) {
                out->bound = v;
                out->method = ECS_BOUND_BY_STAGES;
                out->status = ECS_BOUND_PARTIAL;
            }
        }
        if (rc == ECS_OK && out->status != ECS_BOUND_INFEASIBLE && heavy)
            rc = guarded(c, prm, out, diag);
    }
    if (out->status == ECS_BOUND_INFEASIBLE)
        out->bound = HUGE_VAL; /* no schedule: every number is a bound */
    bnd_free(c);
    free(c);
    ecs_graph_free(red);
    out->runtime_s = ecs_clock_now() - t0;
    return rc;
}

