/* ecs_milp_solve: parameters, input validation, the size guard, and the
 * choice between the strong and the paper formulation (milp.h). */
#include "milp_internal.h"

#include "ecsched/limits.h"
#include "ecsched/bound.h"
#include "ecsched/clock.h"

#include "ecsched/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ecs_milp_formulation_name(ecs_milp_formulation f)
{
    switch (f) {
    case ECS_MILP_STRONG:
        return "strong";
    case ECS_MILP_PAPER:
        return "paper";
    }
    return "unknown";
}

ecs_result ecs_milp_formulation_parse(const char *name,
                                      ecs_milp_formulation *out,
                                      ecs_diag *diag)
{
    if (name != NULL && strcmp(name, "strong") == 0)
        *out = ECS_MILP_STRONG;
    else if (name != NULL && strcmp(name, "paper") == 0)
        *out = ECS_MILP_PAPER;
    else
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "unknown formulation '%s' (strong or paper)",
                            name ? name : "");
    return ECS_OK;
}

const char *ecs_milp_status_name(ecs_milp_status s)
{
    switch (s) {
#define ECS_MILP_STATUS_NAME(name, key) case ECS_MILP_##name: return key;
        ECS_MILP_STATUS_MAP(ECS_MILP_STATUS_NAME)
#undef ECS_MILP_STATUS_NAME
    }
    return "unknown";
}

/* restart 3: as 1 on models of more than RESTART_MIN_COLS and at most
 * RESTART_MAX_COLS columns.  On the shared 50-task graphs at P = 4 the
 * restart with reruns proves rand0001 at E = 0.2 (27,744 columns) and
 * lifts rand0008 at E = 0.05 (48,062) a little; on the models of 21,000
 * columns and less the probes' and trees' proofs came sooner without a
 * restart (rand0004 at E = 0.2, paper32's g20 and g31; twelfth round),
 * and on rand0008 at E = 0.2 (103,684) GLPK's plain tree on the smaller
 * model (still 26,000 columns) ran 12 nodes and ended below the trees of
 * the whole model (294.96-294.97 against 295.02 at 120 s;
 * bench/results/peers40.md, fourteenth round) */
#define RESTART_MIN_COLS 25000
#define RESTART_MAX_COLS 60000

/* Zero-half cuts at the nodes (node_cuts 3, the default) on models of at
 * most this many columns: with best-first selection on rand0093 at P = 4,
 * E = 0.05 (9,383 columns) they raised the bound after 400 nodes by 0.027
 * for 16 % more time; on rand0001 at E = 0.2 (27,744) the node LPs with
 * them were so slow that the bound fell (peers40.md, ninth round). */
#define NC_MAX_COLS 12000
/* zero_half 2: the root's zero-half cuts on models of more than this
 * many columns (the shared rand0001 at P = 4, E = 0.2: 27,744; the
 * proofs of rand0064 and rand0093 at E = 0.2, 21,146 and 21,378, not) */
#define ZH_MIN_COLS 25000

void ecs_milp_params_init(ecs_milp_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->formulation = ECS_MILP_STRONG;
    prm->time_limit_s = 60.0;
    prm->mip_gap = 0.0;
    prm->max_nonzeros = 5e7;
    prm->progress_every_s = 0.5;
    prm->sb_probe = 1;
    prm->restart = 0;
    prm->best_first = 1;
    prm->ext_purge = 1;
    prm->node_cuts = 3;
}

ecs_result ecs_milp_params_validate(const ecs_milp_params *prm,
                                    ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (prm->formulation != ECS_MILP_STRONG &&
        prm->formulation != ECS_MILP_PAPER)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "unknown formulation");
    if (ecs_check_time_limit(prm->time_limit_s, diag) != ECS_OK)
        return ECS_EINVAL;
    if (ecs_check_gap(prm->mip_gap, diag) != ECS_OK)
        return ECS_EINVAL;
    if (!(prm->split_limit_s >= 0.0) || !isfinite(prm->split_limit_s))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "split_limit_s must be a non-negative number");
    if (!(prm->max_nonzeros >= 1.0) || !isfinite(prm->max_nonzeros))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the non-zero limit must be at least 1");
    /* the integer switches and counts: one row each */
    const struct {
        const char *name;
        int value, lo, hi;
    } range[] = {
        {"zero_half", prm->zero_half, 0, 2},
        {"sb_probe", prm->sb_probe, 0, 2},
        {"node_cuts", prm->node_cuts, 0, 3},
        {"best_first", prm->best_first, 0, 2},
        {"restart", prm->restart, 0, 3},
        {"ext_purge", prm->ext_purge, 0, 2},
        {"restart_reruns", prm->restart_reruns, 0, 8},
        {"restart_plain", prm->restart_plain, 0, 1},
    };
    for (size_t k = 0; k < sizeof range / sizeof range[0]; k++)
        if (range[k].value < range[k].lo || range[k].value > range[k].hi)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "%s must be in %d..%d (%d)", range[k].name,
                                range[k].lo, range[k].hi, range[k].value);
    return ECS_OK;
}

void ecs_milp_result_release(ecs_milp_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

static ecs_result validate_inputs(const ecs_instance *inst,
                                  const ecs_milp_params *prm, ecs_diag *diag)
{
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc == ECS_OK)
        rc = ecs_milp_params_validate(prm, diag);
    if (rc != ECS_OK)
        return rc;
    if (prm->warm_start != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(inst, prm->warm_start, &rep, NULL) != ECS_OK)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "the warm start is not a feasible schedule: %s",
                                rep.msg);
    }
    return ECS_OK;
}

/* Refuse a model above the limit before it is built. */
static ecs_result size_guard(const ecs_instance *inst, const ecs_graph *g,
                             const ecs_platform *p, long deadline,
                             const ecs_windows *w,
                             const ecs_milp_params *prm, ecs_diag *diag)
{
    double est = ecs_instance_extended(inst)
                     ? milp_ext_estimate(inst, g, w)
                 : prm->formulation == ECS_MILP_STRONG
                     ? milp_strong_estimate(g, w, deadline)
                     : milp_paper_estimate(g, p, deadline);
    if (est > prm->max_nonzeros)
        return ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                            "the %s model would have about %.3g non-zeros, "
                            "more than the limit of %.3g; raise it with "
                            "--max-nonzeros N",
                            ecs_milp_formulation_name(prm->formulation), est,
                            prm->max_nonzeros);
    if (prm->formulation == ECS_MILP_STRONG &&
        core_ivals_dp_ops(g, p, w) > 200.0 * prm->max_nonzeros)
        return ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                            "costing the intervals would take about %.3g "
                            "steps (frequency grid 1/%ld): more than the limit "
                            "allows; raise it with --max-nonzeros N",
                            core_ivals_dp_ops(g, p, w), p->grid);
    return ECS_OK;
}

/* The time windows' closure is quadratic in the tasks (bit sets of
 * ancestors and descendants): refuse a graph too large for it before it
 * runs, by the same limit. */
static ecs_result quadratic_guard(const ecs_graph *g,
                                  const ecs_milp_params *prm, ecs_diag *diag)
{
    double n = (double)g->n;
    if (n * n > 20.0 * prm->max_nonzeros)
        return ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                            "the graph has %zu tasks: its time windows alone "
                            "would take about %.3g steps (tasks squared), "
                            "more than the limit allows (20 x %.3g); raise it "
                            "with --max-nonzeros N",
                            g->n, n * n, prm->max_nonzeros);
    return ECS_OK;
}

ecs_result ecs_milp_check_size(const ecs_instance *inst,
                               const ecs_milp_params *prm, ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL ||
        prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    long deadline = inst->deadline;
    ecs_result rc = ecs_milp_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_platform_validate(p, diag);
    if (rc == ECS_OK)
        rc = quadratic_guard(g, prm, diag);
    if (rc != ECS_OK || g->n == 0 || deadline < 1)
        return rc;
    ecs_windows w;
    int empty = 0;
    rc = ecs_windows_compute_platform(g, p, deadline, &w, &empty, diag);
    if (rc != ECS_OK)
        return rc;
    if (!empty)
        rc = size_guard(inst, g, p, deadline, &w, prm, diag);
    ecs_windows_release(&w);
    return rc;
}

ecs_result ecs_milp_estimate(const ecs_instance *inst, double *nonzeros,
                             double *dp_ops, ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    const ecs_graph *g = ecs_instance_solver_graph(inst);
    ecs_windows own;
    const ecs_windows *w = &inst->windows;
    memset(&own, 0, sizeof own);
    if (inst->windows.n != g->n || inst->windows.es == NULL) {
        int empty = 0;
        ecs_result rc = ecs_windows_compute_instance(inst, g, &own, &empty,
                                                     diag);
        if (rc != ECS_OK)
            return rc;
        w = &own;
    }
    if (ecs_instance_extended(inst)) {
        *nonzeros = milp_ext_estimate(inst, g, w);
        *dp_ops = 0.0;
        ecs_windows_release(&own);
        return ECS_OK;
    }
    *nonzeros = milp_strong_estimate(g, w, inst->deadline);
    *dp_ops = core_ivals_dp_ops(g, inst->platform, w);
    ecs_windows_release(&own);
    return ECS_OK;
}

/* What one formulation leaves for the common part. */
typedef struct built {
    milp_model m;
    core_ivals iv;
    milp_strong_map smap;
    milp_paper_map pmap;
    double *warm;
    milp_rounder rounder;
    int have_rounder;
    int no_interval; /* strong: a task has no interval at all */
    int late;        /* the time limit ran out while costing intervals */
} built;

static ecs_result build(const ecs_graph *g, const ecs_platform *p,
                        const double *price, const int *slot_len,
                        long deadline,
                        const ecs_windows *w, const ecs_milp_params *prm,
                        double t_end, built *b, ecs_diag *diag)
{
    milp_model_init(&b->m, prm->write_lp != NULL || prm->write_mps != NULL);
    if (prm->formulation == ECS_MILP_PAPER) {
        ecs_result rc = milp_paper_build(g, p, price, deadline, &b->m,
                                             &b->pmap, diag);
        if (rc == ECS_OK && prm->warm_start != NULL)
            b->warm = milp_paper_from_schedule(g, &b->pmap, b->m.ncols,
                                                   prm->warm_start);
        return rc;
    }
    ecs_result rc = core_ivals_compute(g, p, price, slot_len, w, t_end, &b->iv,
                                           diag);
    if (rc == ECS_ELIMIT) {
        b->late = 1; /* no model: the warm start, if any, is the answer */
        ecs_diag_clear(diag);
        return ECS_OK;
    }
    if (rc != ECS_OK)
        return rc;
    for (size_t i = 0; i < g->n; i++)
        if (b->iv.off[i] == b->iv.off[i + 1])
            b->no_interval = 1;
    if (b->no_interval)
        return ECS_OK;
    rc = milp_strong_build(g, p, deadline, w, &b->iv, NULL, &b->m,
                           &b->smap, diag);
    if (rc == ECS_OK) {
        rc = milp_rounder_init(&b->rounder, g, p, deadline, &b->iv, NULL,
                                   &b->smap, b->m.ncols);
        if (rc != ECS_OK)
            return ecs_diag_set(diag, rc, NULL, 0, "out of memory");
        b->have_rounder = 1;
    }
    if (rc == ECS_OK && prm->warm_start != NULL)
        b->warm = milp_strong_from_schedule(g, &b->iv, &b->smap,
                                                b->m.ncols, prm->warm_start);
    return rc;
}

static void built_release(built *b)
{
    milp_model_release(&b->m);
    core_ivals_release(&b->iv);
    milp_strong_map_release(&b->smap);
    if (b->have_rounder)
        milp_rounder_release(&b->rounder);
    free(b->warm);
}

static ecs_result extract(const ecs_graph *g, const ecs_platform *p,
                          const double *price, const int *slot_len,
                          const ecs_milp_params *prm,
                          const built *b, const double *x, ecs_schedule **out,
                          ecs_diag *diag)
{
    if (prm->formulation == ECS_MILP_PAPER)
        return milp_paper_extract(g, &b->pmap, x, out, diag);
    return milp_strong_extract(g, p, price, slot_len, &b->iv, &b->smap, x,
                               out,
                                   diag);
}

/* Status, schedule, cost, bound and gap from the run. */
static ecs_result conclude(const ecs_instance *inst, const ecs_graph *g,
                           const ecs_milp_params *prm, const built *b,
                           const milp_run *run, ecs_milp_result *out,
                           ecs_diag *diag)
{
    const ecs_platform *p = inst->platform;
    const double *price = inst->price;
    if (run->x != NULL) {
        ecs_result rc = extract(g, p, price, inst->slot_len, prm, b, run->x,
                                &out->schedule,
                                diag);
        if (rc != ECS_OK)
            return rc;
        out->status = run->mip_status == 1 ? ECS_MILP_OPTIMAL
                                           : ECS_MILP_FEASIBLE;
    } else if (run->mip_status == 3 || run->lp_infeasible) {
        out->status = ECS_MILP_INFEASIBLE;
        return ECS_OK;
    } else if (prm->warm_start != NULL) {
        out->schedule = ecs_schedule_copy(prm->warm_start);
        if (out->schedule == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        out->status = ECS_MILP_FEASIBLE;
    } else {
        out->status = ECS_MILP_NO_SOLUTION;
        out->bound = run->bound;
        return ECS_OK;
    }
    ecs_check_report rep;
    if (ecs_check_schedule(inst, out->schedule, &rep, NULL) != ECS_OK)
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                            "the MILP schedule breaks the model: %s", rep.msg);
    out->cost = rep.cost;
    out->bound = run->bound;
    if (out->status == ECS_MILP_OPTIMAL && prm->mip_gap == 0.0)
        out->bound = out->cost;
    if (!isnan(out->bound) && out->bound > out->cost)
        out->bound = out->cost;
    if (!isnan(out->bound))
        out->gap = ecs_gap_rel(out->cost, out->bound);
    if (out->status == ECS_MILP_OPTIMAL && prm->mip_gap == 0.0)
        out->gap = 0.0;
    return ECS_OK;
}

static void result_init(ecs_milp_result *out)
{
    memset(out, 0, sizeof *out);
    out->status = ECS_MILP_NO_SOLUTION;
    out->cost = NAN;
    out->bound = NAN;
    out->gap = NAN;
    out->root_bound = NAN;
    out->bound_method = ECS_BOUND_BY_NONE;
}

/* When the MILP stopped without proving: the fluid bound (immediate) if
 * GLPK has no bound or a lower one. */
static void fluid_fallback(const ecs_instance *inst, ecs_milp_result *out)
{
    if (!isnan(out->bound))
        out->bound_method = ECS_BOUND_BY_MILP;
    if (out->status != ECS_MILP_FEASIBLE &&
        out->status != ECS_MILP_NO_SOLUTION)
        return;
    double fl;
    if (ecs_bound_fluid_instance(inst, NULL, &fl, NULL) != ECS_OK ||
        !isfinite(fl) || !(isnan(out->bound) || fl > out->bound))
        return;
    out->bound = fl;
    out->bound_method = ECS_BOUND_BY_FLUID;
    if (!isnan(out->cost)) {
        if (out->bound > out->cost)
            out->bound = out->cost;
        out->gap = ecs_gap_rel(out->cost, out->bound);
    }
}

/* The paper's model of inst on g (inst's graph or its reduction) with
 * windows w. */
static ecs_result solve_model(const ecs_instance *inst, const ecs_graph *g,
                              const ecs_windows *w,
                              const ecs_milp_params *prm, double t0,
                              ecs_milp_result *out, ecs_diag *diag)
{
    const ecs_platform *p = inst->platform;
    const double *price = inst->price;
    long deadline = inst->deadline;
    built b;
    memset(&b, 0, sizeof b);
    double t_end = t0 + prm->time_limit_s; /* for the whole solve */
    int export = prm->write_lp != NULL || prm->write_mps != NULL;
    /* an export asked for is written whatever the limit */
    ecs_result rc = build(g, p, price, inst->slot_len, deadline, w, prm,
                          export ? 0.0 : t_end,
                          &b, diag);
    if (rc == ECS_OK && b.no_interval) {
        out->status = ECS_MILP_INFEASIBLE;
        built_release(&b);
        return ECS_OK;
    }
    if (rc != ECS_OK) {
        built_release(&b);
        return rc;
    }
    out->rows = (long)b.m.nrows;
    out->cols = (long)b.m.ncols;
    out->nonzeros = (long)b.m.nnz;
    milp_run run;
    milp_run_init(&run, &b.m, b.warm, prm, t0, t_end);
    if (b.have_rounder) {
        run.round = milp_round;
        run.round_ctx = &b.rounder;
        run.dive = 1;
        run.sift = 1;
        /* branching on the cumulative S and C (MILP_COL_IMPLIED) too, by
         * pseudo-costs (docs/MODEL.md "MILP, strong formulation") */
        run.pcost = prm->max_nodes == 0 ? MILP_PCOST_TWO_TREES : 0;
        run.rcfix = 1; /* reduced-cost fixing at the root (milp_rcfix.h) */
        /* (milp_zerohalf.h) 2: as 1 on models of more than ZH_MIN_COLS
         * columns (docs/MODEL.md) */
        run.zerohalf = prm->zero_half != 2 ? prm->zero_half
                       : b.m.ncols > ZH_MIN_COLS;
        /* 3: as 1 on models of at most NC_MAX_COLS columns, whose node
         * LPs stay fast with the cuts (docs/MODEL.md) */
        run.nodecuts = prm->node_cuts != 3            ? prm->node_cuts
                       : b.m.ncols <= NC_MAX_COLS ? 1
                                                    : 0;
        run.bestfirst = prm->best_first;
        /* (milp_sbprobe.h; by the clock: not under an effort budget) */
        run.sbprobe = prm->max_nodes == 0 ? prm->sb_probe : 0;
        run.sbprobe_share = 0.15;
        run.plain_restart = prm->restart_plain;
        /* (by the clock, as the probes; 3: as 1 on models of more than
         * RESTART_MIN_COLS and at most RESTART_MAX_COLS columns) */
        run.restart = prm->max_nodes != 0 ? 0
                      : prm->restart != 3 ? prm->restart
                      : b.m.ncols > RESTART_MIN_COLS &&
                              b.m.ncols <= RESTART_MAX_COLS
                          ? 3
                          : 0;
        run.reruns = prm->restart_reruns;
    }
    if (!b.late && (export || ecs_clock_now() < run.t_end)) /* else the warm start */
        rc = milp_glpk_solve(&run, diag);
    if (rc == ECS_OK) {
        out->root_bound = run.root_bound;
        out->nodes = run.nodes;
        out->fixed = run.fixed;
        out->warm_used = run.warm_valid;
        out->cuts = run.zh_cuts;
        rc = conclude(inst, g, prm, &b, &run, out, diag);
    }
    free(run.x);
    built_release(&b);
    return rc;
}

static ecs_result milp_solve_view(const ecs_instance *inst,
                                  const ecs_milp_params *prm, double t0,
                                  ecs_milp_result *out, ecs_diag *diag);

ecs_result ecs_milp_solve(const ecs_instance *inst, const ecs_milp_params *prm, ecs_milp_result *out,
                          ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    result_init(out);
    ecs_result rc = validate_inputs(inst, prm, diag);
    /* the route is chosen on what can bind (ecs_instance_view_make) */
    ecs_instance_view view;
    if (rc == ECS_OK)
        rc = ecs_instance_view_make(inst, &view, diag);
    if (rc != ECS_OK)
        return rc;
    rc = milp_solve_view(&view.inst, prm, t0, out, diag);
    ecs_instance_view_release(&view);
    return rc;
}

static ecs_result milp_solve_view(const ecs_instance *inst,
                                  const ecs_milp_params *prm, double t0,
                                  ecs_milp_result *out, ecs_diag *diag)
{
    ecs_result rc = ECS_OK;
    if (ecs_instance_extended(inst) &&
        prm->formulation != ECS_MILP_STRONG)
        rc = ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                          "the paper formulation handles the paper's platform only; the default formulation handles this one");
    if (rc == ECS_OK && inst->slot_len != NULL &&
        prm->formulation != ECS_MILP_STRONG)
        rc = ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                          "the paper formulation handles slots of one length only (its work rows count one unit per slot); the default formulation handles slots of different lengths");
    if (rc == ECS_OK && inst->due != NULL &&
        (prm->formulation != ECS_MILP_STRONG || ecs_instance_extended(inst)))
        rc = ecs_instance_require_no_due(inst, "the paper formulation and "
                                         "the extended model's MILP", diag);
    if (rc == ECS_OK && inst->due != NULL &&
        (inst->reduced == NULL || inst->windows.es == NULL))
        rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                          "an instance with due slots must be prepared "
                          "(ecs_instance_prepare) before the MILP");
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    long deadline = inst->deadline;
    rc = quadratic_guard(g, prm, diag);
    if (rc != ECS_OK)
        return rc;
    /* the reduction (fewer precedence rows) and the windows: the
     * instance's when prepared, else derived here */
    ecs_graph *red = NULL;
    ecs_windows w;
    memset(&w, 0, sizeof w);
    const ecs_windows *wp = &w;
    int empty = 0;
    if (inst->reduced != NULL && inst->windows.es != NULL) {
        g = inst->reduced;
        wp = &inst->windows;
        empty = inst->windows_empty;
    } else {
        g = core_solver_graph(g, &red);
        rc = ecs_windows_compute_instance(inst, g, &w, &empty, diag);
        if (rc != ECS_OK) {
            ecs_graph_free(red);
            return rc;
        }
    }
    if (empty) {
        out->status = ECS_MILP_INFEASIBLE; /* the critical path exceeds D' */
    } else if (g->n == 0) {
        out->schedule = ecs_schedule_new(0);
        out->status = ECS_MILP_OPTIMAL;
        out->cost = out->bound = out->gap = 0.0;
        out->bound_method = ECS_BOUND_BY_MILP;
        if (out->schedule == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    } else if (ecs_instance_extended(inst)) {
        rc = size_guard(inst, g, p, deadline, wp, prm, diag);
        if (rc == ECS_OK)
            rc = milp_ext_solve(inst, g, wp, prm, t0, out, diag);
    } else {
        rc = size_guard(inst, g, p, deadline, wp, prm, diag);
        if (rc == ECS_OK)
            rc = solve_model(inst, g, wp, prm, t0, out, diag);
        if (rc == ECS_OK)
            fluid_fallback(inst, out);
    }
    ecs_windows_release(&w);
    ecs_graph_free(red);
    if (rc != ECS_OK)
        ecs_milp_result_release(out);
    out->runtime_s = ecs_clock_now() - t0;
    return rc;
}
