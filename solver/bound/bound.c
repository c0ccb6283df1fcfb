/* The lower bound of bound.h: parameters and names, and
 * ecs_bound_compute, which runs the fluid bound, the bound by stages
 * (stages.c), then column generation (colgen.c) inside the GLPK guard
 * (core/glpk_guard.h), then the Lagrangian relaxation over chains
 * (lagrangian.c); the kernels they share are in kernels.c. */
#include "bound_internal.h"
#include "core/glpk_guard.h"
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
    prm->stages_value = NAN;
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
    if (prm->stages_sweep < ECS_STAGES_SWEEP_AUTO ||
        prm->stages_sweep > ECS_STAGES_SWEEP_QUADRATIC)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the sweep of the bound by stages must be 0 "
                            "(auto), 1 (monotone) or 2 (quadratic)");
    if (prm->stages_value == HUGE_VAL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the known bound by stages must be finite, "
                            "-inf or NAN (none)");
    if (isnan(prm->stop_at))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the bound to stop at is not a number");
    if (prm->max_rows_per_round < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the rows per round must be at least 1");
    return ECS_OK;
}

/* The fluid bound first: immediate, and its prices start the Lagrangian
 * relaxation. */
static ecs_result fluid(cg *c, ecs_bound_result *out, ecs_diag *diag)
{
    c->fluid = -HUGE_VAL;
    ecs_result rc = ecs_bound_fluid_instance(c->inst, c->mu_fluid, &c->fluid, diag);
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
    /* core/glpk_guard.h: a GLPK error leaves c->lp to GLPK's environment
     * (the program's to free) */
    glpk_guard gd;
    ecs_result rc = glpk_guard_begin(&gd, 0, diag);
    if (rc != ECS_OK)
        return rc;
    if (setjmp(gd.jb) != 0) {
        c->lp = NULL; /* GLPK's, in its error state */
        return glpk_guard_failed(&gd, diag);
    }
    glpk_guard_arm(&gd);
    c->lp = glp_create_prob();
    double t_all = c->t_end;
    if (prm->colgen_share < 1.0)
        c->t_end = ecs_clock_now() + prm->colgen_share * (t_all - ecs_clock_now());
    rc = prm->colgen && out->bound < c->stop_at
                        ? bnd_colgen_run(c, prm, out)
                        : ECS_OK;
    glp_delete_prob(c->lp);
    c->lp = NULL;
    c->t_end = t_all;
    if (rc == ECS_OK && out->status != ECS_BOUND_LP_OPTIMAL &&
        out->status != ECS_BOUND_INFEASIBLE && prm->start != NULL &&
        out->bound < c->stop_at) {
        ecs_check_report rep;
        if (ecs_check_schedule(c->inst, prm->start, &rep, NULL) == ECS_OK)
            bnd_lagrangian(c, rep.cost, prm->lagr_edges, out);
    }
    glpk_guard_end(&gd);
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
    c->inst = inst;
    c->g = inst->reduced != NULL ? inst->reduced : core_solver_graph(g, &red);
    c->p = p;
    c->price = inst->price;
    c->D = inst->deadline;
    c->t_end = t0 + prm->time_limit_s;
    c->stop_at = prm->stop_at;
    c->lagr_max = prm->lagr_max_iterations;
    c->stages_sweep = prm->stages_sweep;
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
            /* its share of the time; all of it where neither column
             * generation nor the Lagrangian follows */
            double now = ecs_clock_now();
            double sh = heavy ? prm->stages_share : 1.0;
            double v = !isnan(prm->stages_value)
                           ? prm->stages_value
                           : bnd_stages(c, now + sh * (c->t_end - now),
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

