/* Every method in one table (method.h): the rows, their run functions on
 * one signature, and CaWoSched's plans (the row solve on a fixed mapping
 * and with the mapping chosen). */
#include "ecsched/method.h"

#include "ecsched/bound.h"
#include "ecsched/clock.h"
#include "ecsched/dp.h"
#include "ecsched/fixedmap.h"
#include "ecsched/heuristic.h"
#include "ecsched/lns.h"
#include "ecsched/local.h"
#include "ecsched/makespan.h"
#include "ecsched/milp.h"
#include "ecsched/remap.h"
#include "ecsched/solve.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ecs_method_role_name(ecs_method_role r)
{
    switch (r) {
#define ECS_METHOD_ROLE_NAME(name, key) case ECS_ROLE_##name: return key;
        ECS_METHOD_ROLE_MAP(ECS_METHOD_ROLE_NAME)
#undef ECS_METHOD_ROLE_NAME
    }
    return "?";
}

const char *ecs_model_name(ecs_model m)
{
    switch (m) {
#define ECS_MODEL_NAME(name, bit, key) case ECS_MODEL_##name: return key;
        ECS_MODEL_MAP(ECS_MODEL_NAME)
#undef ECS_MODEL_NAME
    }
    return "?";
}

void ecs_method_args_init(ecs_method_args *a)
{
    memset(a, 0, sizeof *a);
    a->time_limit_s = 60.0;
    a->gap = 0.0;
    a->seed = 1;
}

void ecs_method_out_release(ecs_method_out *out)
{
    if (out == NULL)
        return;
    ecs_schedule_free(out->schedule);
    free(out->cws_start);
    ecs_cws_mapping_free(out->cws_map);
    ecs_cws_problem_free(out->cws_problem);
    out->schedule = NULL;
    out->cws_start = NULL;
    out->cws_map = NULL;
    out->cws_problem = NULL;
}

ecs_model ecs_instance_model(const ecs_instance *inst)
{
    if (inst != NULL && inst->platform != NULL && ecs_instance_extended(inst))
        return ECS_MODEL_EXTENDED;
    return inst != NULL && inst->slot_len != NULL ? ECS_MODEL_SLOTS
                                                  : ECS_MODEL_PAPER;
}

ecs_result ecs_instance_binding_model(const ecs_instance *inst,
                                      ecs_model *model, ecs_diag *diag)
{
    *model = ecs_instance_model(inst);
    if (*model != ECS_MODEL_EXTENDED)
        return ECS_OK;
    ecs_instance_view v;
    ecs_result rc = ecs_instance_view_make(inst, &v, diag);
    if (rc == ECS_OK)
        *model = ecs_instance_model(&v.inst);
    ecs_instance_view_release(&v);
    return rc;
}

ecs_model ecs_method_args_model(const ecs_method_args *a)
{
    return a->cws != NULL         ? ECS_MODEL_FIXEDMAP
           : a->cws_setup != NULL ? ECS_MODEL_FREEMAP
                                  : ecs_instance_model(a->inst);
}

/* ---- helpers of the run functions ---- */

static void status(ecs_method_out *out, const char *s)
{
    snprintf(out->status, sizeof out->status, "%s", s);
}

/* Move *s into out. */
static void take(ecs_method_out *out, ecs_schedule **s, const char *st)
{
    out->schedule = *s;
    *s = NULL;
    status(out, st);
}

/* take() for the exact methods: optimal when the status is, a schedule
 * exists and proof is 1 (the gap asked for is 0); the gap only with a
 * schedule. */
static void take_exact(ecs_method_out *out, ecs_schedule **s,
                       ecs_milp_status st, int proof, double bound,
                       double gap)
{
    take(out, s, ecs_milp_status_name(st));
    out->optimal = st == ECS_MILP_OPTIMAL && out->schedule != NULL && proof;
    out->bound = bound;
    out->gap = out->schedule != NULL ? gap : NAN;
}

/* The makespan search's base of the paper's model into *base (owned). */
static ecs_result own_base(const ecs_method_args *a, ecs_schedule **base,
                           ecs_diag *diag)
{
    if (ecs_instance_extended(a->inst))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the extended model's base is the caller's: give "
                            "it as the start");
    ecs_makespan_params mp;
    ecs_makespan_params_init(&mp);
    if (a->time_limit_s > 0 && a->time_limit_s < mp.time_limit_s)
        mp.time_limit_s = a->time_limit_s;
    ecs_makespan_result mr;
    memset(&mr, 0, sizeof mr);
    ecs_result rc = ecs_makespan_solve(a->inst->graph, a->inst->platform->pes,
                                       &mp, &mr, diag);
    if (rc == ECS_OK && mr.schedule == NULL)
        rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                          "the makespan search gave no schedule");
    *base = mr.schedule;
    mr.schedule = NULL;
    ecs_makespan_result_release(&mr);
    if (rc == ECS_OK && a->inst->slot_len != NULL) {
        /* on slots of different lengths: replayed on them */
        ecs_schedule *fit = ecs_schedule_fit_lengths(
            a->inst->graph, *base, a->inst->slot_len, a->inst->nprice);
        ecs_schedule_free(*base);
        *base = fit;
        if (fit == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    return rc;
}

/* ---- the rows' run functions ---- */

static ecs_result run_base(const ecs_method_args *a, ecs_method_out *out,
                           ecs_diag *diag)
{
    if (a->start != NULL) {
        out->schedule = ecs_schedule_copy(a->start);
        if (out->schedule == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    } else {
        ecs_result rc = own_base(a, &out->schedule, diag);
        if (rc != ECS_OK)
            return rc;
    }
    status(out, ecs_schedule_makespan(out->schedule) <= a->inst->deadline
                    ? "feasible"
                    : "deadline_missed");
    return ECS_OK;
}

static ecs_result run_heur(ecs_heur_mode mode, const ecs_method_args *a,
                           ecs_method_out *out, ecs_diag *diag)
{
    ecs_schedule *own = NULL;
    const ecs_schedule *base = a->start;
    ecs_result rc = ECS_OK;
    if (base == NULL && (rc = own_base(a, &own, diag)) != ECS_OK)
        return rc;
    if (base == NULL)
        base = own;
    if (ecs_schedule_makespan(base) > a->inst->deadline) {
        /* it keeps the base's PEs and order: no D' below M, an outcome */
        ecs_schedule_free(own);
        status(out, "infeasible");
        return ECS_OK;
    }
    ecs_heur_params prm;
    if (a->params != NULL)
        prm = *(const ecs_heur_params *)a->params;
    else
        ecs_heur_params_init(&prm);
    prm.mode = mode;
    ecs_heur_result r;
    memset(&r, 0, sizeof r);
    rc = ecs_heur_run(a->inst, base, &prm, &r, diag);
    if (rc == ECS_OK)
        take(out, &r.schedule, r.fallback ? "fallback" : "feasible");
    ecs_heur_result_release(&r);
    ecs_schedule_free(own);
    return rc;
}

static ecs_result run_sweep(const ecs_method_args *a, ecs_method_out *out,
                            ecs_diag *diag)
{
    return run_heur(ECS_HEUR_SWEEP, a, out, diag);
}

static ecs_result run_binary(const ecs_method_args *a, ecs_method_out *out,
                             ecs_diag *diag)
{
    return run_heur(ECS_HEUR_BINARY, a, out, diag);
}

/* The fixed mapping's scheduler (its starts, then local search): start
 * times into out->cws_start. */
static ecs_result fixedmap_local(const ecs_method_args *a, ecs_method_out *out,
                                 ecs_diag *diag)
{
    const ecs_cws_problem *p = a->cws;
    ecs_fixedmap_params q;
    if (a->params != NULL)
        q = *(const ecs_fixedmap_params *)a->params;
    else {
        ecs_fixedmap_params_init(&q);
        q.time_limit = a->time_limit_s;
        q.warm_start = a->cws_start;
    }
    out->cws_start = malloc((p->n ? p->n : 1) * sizeof *out->cws_start);
    if (out->cws_start == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_fixedmap_stats st;
    ecs_result rc = ecs_fixedmap_schedule(p, &q, out->cws_start, &st, diag);
    if (rc != ECS_OK) {
        free(out->cws_start);
        out->cws_start = NULL;
        return rc;
    }
    out->found_by = st.best_start;
    out->start_cost = (double)st.start_cost;
    status(out, "feasible");
    return ECS_OK;
}

static ecs_result run_local(const ecs_method_args *a, ecs_method_out *out,
                            ecs_diag *diag)
{
    if (a->cws != NULL)
        return fixedmap_local(a, out, diag);
    ecs_method_out sweep;
    memset(&sweep, 0, sizeof sweep);
    const ecs_schedule *start = a->start;
    ecs_result rc = ECS_OK;
    ecs_instance_view view;
    memset(&view, 0, sizeof view);
    if (start == NULL &&
        (rc = ecs_instance_view_make(a->inst, &view, diag)) != ECS_OK)
        return rc;
    if (start == NULL && ecs_instance_model(&view.inst) != ECS_MODEL_EXTENDED) {
        /* the sweep's schedule (from the makespan search's base), on the
         * view where an extended feature cannot bind; on slots of
         * different lengths, which the sweep does not handle, the base
         * fitted to them */
        ecs_method_args sa = *a;
        sa.inst = &view.inst;
        sa.params = NULL;
        rc = a->inst->slot_len != NULL ? run_base(&sa, &sweep, diag)
                                       : run_sweep(&sa, &sweep, diag);
        if (rc == ECS_OK && a->inst->slot_len != NULL &&
            sweep.schedule != NULL &&
            ecs_schedule_makespan(sweep.schedule) > a->inst->deadline) {
            /* a base past D' is no start (the sweep says so itself) */
            ecs_schedule_free(sweep.schedule);
            sweep.schedule = NULL;
            status(&sweep, "infeasible");
        }
        if (rc != ECS_OK || sweep.schedule == NULL) {
            if (rc == ECS_OK)
                status(out, sweep.status);
            ecs_method_out_release(&sweep);
            ecs_instance_view_release(&view);
            return rc;
        }
        start = sweep.schedule;
    }
    ecs_instance_view_release(&view);
    ecs_local_params prm;
    if (a->params != NULL)
        prm = *(const ecs_local_params *)a->params;
    else {
        ecs_local_params_init(&prm);
        prm.time_limit_s = a->time_limit_s;
        prm.seed = a->seed;
    }
    ecs_local_result r;
    rc = ecs_local_run(a->inst, start, &prm, &r, diag);
    if (rc == ECS_OK)
        take(out, &r.schedule, "feasible");
    ecs_local_result_release(&r);
    ecs_method_out_release(&sweep);
    return rc;
}

static ecs_result milp_with(ecs_milp_formulation f, int force,
                            const ecs_method_args *a, ecs_method_out *out,
                            ecs_diag *diag)
{
    ecs_milp_params prm;
    if (a->params != NULL)
        prm = *(const ecs_milp_params *)a->params;
    else {
        ecs_milp_params_init(&prm);
        prm.time_limit_s = a->time_limit_s;
        prm.mip_gap = a->gap;
        prm.warm_start = a->start;
        prm.progress = a->progress;
        prm.progress_ctx = a->progress_ctx;
    }
    if (force)
        prm.formulation = f;
    ecs_milp_result r;
    memset(&r, 0, sizeof r);
    ecs_result rc = ecs_milp_solve(a->inst, &prm, &r, diag);
    if (rc == ECS_OK) {
        take_exact(out, &r.schedule, r.status, 1, r.bound, r.gap);
        out->bound_method = ecs_bound_method_name(r.bound_method);
    }
    ecs_milp_result_release(&r);
    return rc;
}

static ecs_result run_milp(const ecs_method_args *a, ecs_method_out *out,
                           ecs_diag *diag)
{
    return milp_with(ECS_MILP_STRONG, 0, a, out, diag);
}

static ecs_result run_milp_paper(const ecs_method_args *a,
                                 ecs_method_out *out, ecs_diag *diag)
{
    return milp_with(ECS_MILP_PAPER, 1, a, out, diag);
}

static ecs_result run_dp(const ecs_method_args *a, ecs_method_out *out,
                         ecs_diag *diag)
{
    ecs_dp_params prm;
    if (a->params != NULL)
        prm = *(const ecs_dp_params *)a->params;
    else {
        ecs_dp_params_init(&prm);
        prm.time_limit_s = a->time_limit_s;
        prm.gap = a->gap;
    }
    ecs_dp_result r;
    memset(&r, 0, sizeof r);
    ecs_result rc = ecs_dp_solve(a->inst, &prm, &r, diag);
    if (rc == ECS_OK) {
        int done = r.finished && prm.beam == 0; /* an exact run, finished */
        const char *st = r.schedule != NULL ? (done ? "optimal" : "feasible")
                                            : (done ? "infeasible" : "no_solution");
        take(out, &r.schedule, st);
        if (done && isfinite(r.bound)) {
            out->bound = r.bound;
            out->bound_method = "dp";
        }
        out->optimal = done && prm.gap == 0.0 && out->schedule != NULL;
    }
    ecs_dp_result_release(&r);
    return rc;
}

/* The fluid bound of inst into *v; work that does not fit is an outcome
 * (HUGE_VAL), not an error. */
static ecs_result fluid_value(const ecs_instance *inst, double *v,
                              ecs_diag *diag)
{
    ecs_result rc = ecs_bound_fluid_instance(inst, NULL, v, diag);
    if (rc == ECS_EINFEASIBLE) {
        ecs_diag_clear(diag);
        *v = HUGE_VAL;
        rc = ECS_OK;
    }
    return rc;
}

/* The bound's parameters: the caller's, or the defaults with the row's
 * time limit. */
static void bound_params(const ecs_method_args *a, ecs_bound_params *prm)
{
    if (a->params != NULL)
        *prm = *(const ecs_bound_params *)a->params;
    else {
        ecs_bound_params_init(prm);
        prm->time_limit_s = a->time_limit_s;
        prm->start = a->start;
    }
}

static ecs_result run_fluid(const ecs_method_args *a, ecs_method_out *out,
                            ecs_diag *diag)
{
    double v;
    ecs_result rc = fluid_value(a->inst, &v, diag);
    if (rc != ECS_OK)
        return rc;
    out->bound = v;
    out->bound_method = "fluid";
    status(out, isinf(v) && v > 0 ? "infeasible" : "bound");
    return ECS_OK;
}

/* The instance a bound row runs on: a's, or its view without what
 * cannot bind (ecs_instance_view_make) where that is the paper's model,
 * the same result as without it; *viewed says whether view must be
 * released. */
static ecs_result bound_instance(const ecs_method_args *a,
                                 ecs_instance_view *view, int *viewed,
                                 const ecs_instance **inst, ecs_diag *diag)
{
    *inst = a->inst;
    *viewed = 0;
    if (ecs_instance_model(a->inst) != ECS_MODEL_EXTENDED)
        return ECS_OK;
    ecs_result rc = ecs_instance_view_make(a->inst, view, diag);
    if (rc != ECS_OK)
        return rc;
    *viewed = 1;
    if (ecs_instance_model(&view->inst) != ECS_MODEL_EXTENDED)
        *inst = &view->inst;
    return ECS_OK;
}

/* A bound row's result rc, *b: where it claims nothing (-HUGE_VAL), the
 * fluid bound of inst instead; bound_method says which (name or
 * "fluid"). */
static ecs_result or_fluid(ecs_result rc, const ecs_instance *inst,
                           double *b, ecs_method_out *out, const char *name,
                           ecs_diag *diag)
{
    out->bound_method = name;
    if (rc == ECS_OK && *b == -HUGE_VAL) {
        rc = fluid_value(inst, b, diag);
        out->bound_method = "fluid";
    }
    return rc;
}

/* The granular bound of the extended model (docs/MODEL.md "Granular
 * bound, extended model"), on the paper's view where what cannot bind
 * leaves the paper's model; where it claims nothing, the fluid bound, and
 * bound_method says which. */
static ecs_result run_granular(const ecs_method_args *a, ecs_method_out *out,
                              ecs_diag *diag)
{
    const ecs_instance *inst;
    ecs_instance_view view;
    int viewed;
    ecs_result rc = bound_instance(a, &view, &viewed, &inst, diag);
    if (rc != ECS_OK)
        return rc;
    double b = -HUGE_VAL;
    rc = ecs_bound_granular_ext(inst, a->time_limit_s, &b, diag);
    rc = or_fluid(rc, inst, &b, out, "granular", diag);
    if (viewed)
        ecs_instance_view_release(&view);
    if (rc != ECS_OK)
        return rc;
    out->bound = b;
    status(out, isinf(b) && b > 0 ? "infeasible" : "bound");
    return ECS_OK;
}

static ecs_result run_colgen(const ecs_method_args *a, ecs_method_out *out,
                             ecs_diag *diag)
{
    ecs_bound_params prm;
    bound_params(a, &prm);
    ecs_bound_result r;
    ecs_result rc = ecs_bound_compute(a->inst, &prm, &r, diag);
    if (rc != ECS_OK)
        return rc;
    out->bound = r.bound;
    out->bound_method = ecs_bound_method_name(r.method);
    status(out, r.status == ECS_BOUND_INFEASIBLE ? "infeasible" : "bound");
    return ECS_OK;
}

/* The bound by stages (docs/MODEL.md "The bound by stages"; on the
 * extended platform "Stages, extended model") and the schedule from its
 * minimum: where it claims nothing (no bottleneck task; on the paper's
 * platform also when no exact pass ended in the time) the fluid bound,
 * which the bound by stages is never below, and bound_method says which. */
static ecs_result run_stages(const ecs_method_args *a, ecs_method_out *out,
                             ecs_diag *diag)
{
    ecs_schedule *s = NULL;
    double cost = NAN, b = -HUGE_VAL;
    /* where what makes the instance extended cannot bind, the paper's
     * route on its view (the same result as without it) */
    const ecs_instance *inst;
    ecs_instance_view view;
    int viewed;
    ecs_result rc = bound_instance(a, &view, &viewed, &inst, diag);
    if (rc != ECS_OK)
        return rc;
    if (ecs_instance_model(inst) == ECS_MODEL_EXTENDED)
        rc = ecs_bound_stages_ext_schedule(inst, a->time_limit_s, &s, &b,
                                           diag);
    else {
        ecs_bound_params prm;
        bound_params(a, &prm);
        rc = ecs_bound_stages_schedule(inst, &prm, &s, &cost, &b, diag);
    }
    rc = or_fluid(rc, inst, &b, out, "stages", diag);
    if (viewed)
        ecs_instance_view_release(&view);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return rc;
    }
    out->bound = b;
    if (isinf(b) && b > 0) {
        ecs_schedule_free(s);
        status(out, "infeasible");
    } else if (s != NULL)
        take(out, &s, "feasible");
    else
        status(out, "bound");
    return ECS_OK;
}

static ecs_result run_lns(const ecs_method_args *a, ecs_method_out *out,
                          ecs_diag *diag)
{
    if (a->start == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "large-neighbourhood search needs a start "
                            "schedule");
    ecs_lns_params prm;
    if (a->params != NULL)
        prm = *(const ecs_lns_params *)a->params;
    else {
        ecs_lns_params_init(&prm);
        prm.time_limit_s = a->time_limit_s;
        prm.seed = a->seed;
    }
    ecs_lns_result r;
    memset(&r, 0, sizeof r);
    ecs_result rc = ecs_lns_solve(a->inst, a->start, &prm, &r, diag);
    if (rc == ECS_OK)
        take(out, &r.schedule, "feasible");
    ecs_lns_result_release(&r);
    return rc;
}

static ecs_result run_fixedmap_bound(const ecs_method_args *a,
                                     ecs_method_out *out, ecs_diag *diag)
{
    long long b;
    ecs_result rc = ecs_fixedmap_bound(a->cws, &b, diag);
    if (rc != ECS_OK)
        return rc;
    out->bound = (double)b;
    out->bound_method = "fixedmap";
    status(out, "bound");
    return ECS_OK;
}

static ecs_result run_fixedmap_milp(const ecs_method_args *a,
                                    ecs_method_out *out, ecs_diag *diag)
{
    const ecs_cws_problem *p = a->cws;
    out->cws_start = malloc((p->n ? p->n : 1) * sizeof *out->cws_start);
    if (out->cws_start == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_result rc = ecs_fixedmap_milp(p, a->cws_start, a->time_limit_s,
                                      out->cws_start, &out->milp, diag);
    if (rc != ECS_OK) {
        free(out->cws_start);
        out->cws_start = NULL;
        return rc;
    }
    out->milp_ran = 1;
    out->bound = (double)out->milp.bound;
    out->bound_method = "milp";
    out->optimal = out->milp.optimal;
    status(out, out->milp.optimal ? "optimal" : "feasible");
    return ECS_OK;
}

static double gap_of(double cost, double bound)
{
    return cost > 0 ? (cost - bound) / cost : 0.0;
}

/* The fixed mapping's plan (docs/cawosched.md): the scheduler, its bound,
 * then the MILP from the scheduler's schedule while the gap is open, the
 * problem small enough and time left. */
static ecs_result fixedmap_plan(const ecs_method_args *a, ecs_method_out *out,
                                ecs_diag *diag)
{
    const ecs_cws_problem *p = a->cws;
    double t0 = ecs_clock_now();
    ecs_result rc = fixedmap_local(a, out, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_cws_eval ev;
    if ((rc = ecs_cws_evaluate(p, out->cws_start, &ev, diag)) != ECS_OK)
        return rc;
    long long bound;
    if ((rc = ecs_fixedmap_bound(p, &bound, diag)) != ECS_OK)
        return rc;
    out->bound = (double)bound;
    out->bound_method = "fixedmap";
    double left = a->time_limit_s > 0 ? t0 + a->time_limit_s - ecs_clock_now() : 0;
    if (bound >= ev.cost)
        ; /* proven: nothing to do */
    else if (gap_of((double)ev.cost, (double)bound) <= a->gap)
        out->note = "the gap is reached";
    else if (p->n > ECS_METHOD_CWS_MILP_MAX_TASKS)
        out->note = "more than 1000 tasks and transfers";
    else if (a->time_limit_s > 0 && left < 0.1)
        out->note = "no time left";
    else {
        ecs_method_args ma = *a;
        ma.cws_start = out->cws_start;
        ma.time_limit_s = a->time_limit_s > 0 ? left : 0;
        ecs_method_out mo;
        memset(&mo, 0, sizeof mo);
        ecs_diag md;
        ecs_diag_clear(&md);
        ecs_result mrc = run_fixedmap_milp(&ma, &mo, &md);
        if (mrc == ECS_EINVAL)
            out->note = "the model is too large";
        else if (mrc != ECS_OK) {
            if (diag != NULL)
                *diag = md;
            ecs_method_out_release(&mo);
            return mrc;
        } else {
            out->milp_ran = 1;
            out->milp = mo.milp;
            if (mo.milp.cost < ev.cost) {
                memcpy(out->cws_start, mo.cws_start, p->n * sizeof *out->cws_start);
                out->found_by = "milp";
            }
            if (mo.milp.bound > bound) {
                out->bound = (double)mo.milp.bound;
                out->bound_method = "milp";
            }
        }
        ecs_method_out_release(&mo);
    }
    return ECS_OK;
}

/* ---- CaWoSched's platform with the mapping chosen (remap.h) ---- */

/* The search's params: the row's as they are, or their defaults with the
 * limit (when > 0) and seed of a; the given mapping a->cws_map when set. */
static void remap_params(const ecs_method_args *a, ecs_remap_params *q)
{
    if (a->params != NULL)
        *q = *(const ecs_remap_params *)a->params;
    else {
        ecs_remap_params_init(q);
        if (a->time_limit_s > 0)
            q->time_limit = a->time_limit_s;
        q->seed = a->seed;
    }
    if (a->cws_map != NULL)
        q->given = a->cws_map;
}

/* The mapping search with q: its mapping, problem and starts into out. */
static ecs_result remap_search(const ecs_method_args *a,
                               const ecs_remap_params *q, ecs_method_out *out,
                               ecs_diag *diag)
{
    ecs_result rc = ecs_remap_search(a->graph, a->cws_setup, q, &out->cws_map,
                                     &out->cws_problem, &out->cws_start,
                                     &out->remap, diag);
    if (rc != ECS_OK)
        return rc;
    out->remap_ran = 1;
    out->found_by = "remap";
    const long long sc[3] = {out->remap.given_cost, out->remap.list_cost,
                             out->remap.relax_cost};
    for (int k = 0; k < 3; k++)
        if (sc[k] >= 0 && !(out->start_cost <= (double)sc[k]))
            out->start_cost = (double)sc[k];
    status(out, "feasible");
    return ECS_OK;
}

static ecs_result run_remap(const ecs_method_args *a, ecs_method_out *out,
                            ecs_diag *diag)
{
    ecs_remap_params q;
    remap_params(a, &q);
    return remap_search(a, &q, out, diag);
}

/* Every mapping's bound: the relaxation's, or with frequencies the energy
 * bound (remap.h). */
static ecs_result run_remap_bound(const ecs_method_args *a,
                                  ecs_method_out *out, ecs_diag *diag)
{
    const ecs_remap_params *q = a->params;
    long long b;
    ecs_result rc =
        q != NULL && q->freqs != NULL
            ? ecs_remap_bound_freqs(a->graph, a->cws_setup, q->freqs,
                                    q->nfreqs, &b, diag)
            : ecs_remap_bound(a->graph, a->cws_setup, &b, diag);
    if (rc != ECS_OK)
        return rc;
    out->bound = (double)b;
    out->bound_method = q != NULL && q->freqs != NULL ? "energy" : "relaxation";
    status(out, "bound");
    return ECS_OK;
}

/* The plan with the mapping chosen (docs/cawosched.md): the bound, then
 * the search stopping at it, within 0.9 of the limit (the rest for the
 * caller's evaluation and document). */
static ecs_result remap_plan(const ecs_method_args *a, ecs_method_out *out,
                             ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    ecs_result rc = run_remap_bound(a, out, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_remap_params q;
    remap_params(a, &q);
    if (out->bound > (double)q.stop_cost)
        q.stop_cost = (long long)out->bound; /* nothing is cheaper */
    if (a->time_limit_s > 0) {
        q.time_limit = 0.9 * a->time_limit_s - (ecs_clock_now() - t0);
        if (q.time_limit < 0.01)
            q.time_limit = 0.01;
    }
    out->note = "the mapping is chosen (the MILP fixes it)";
    return remap_search(a, &q, out, diag);
}

static ecs_result run_solve(const ecs_method_args *a, ecs_method_out *out,
                            ecs_diag *diag)
{
    if (a->cws != NULL)
        return fixedmap_plan(a, out, diag);
    if (a->cws_setup != NULL)
        return remap_plan(a, out, diag);
    ecs_solve_params prm;
    if (a->params != NULL)
        prm = *(const ecs_solve_params *)a->params;
    else {
        ecs_solve_params_init(&prm);
        prm.time_limit_s = a->time_limit_s;
        prm.gap = a->gap;
        prm.seed = a->seed;
    }
    ecs_solve_result r;
    memset(&r, 0, sizeof r);
    ecs_result rc = ecs_solve(a->inst, a->start, &prm, &r, diag);
    if (rc == ECS_OK) {
        /* optimal with the gap 0 asked for is a proven optimum */
        take(out, &r.schedule, ecs_solve_status_name(r.status));
        out->optimal = r.status == ECS_SOLVE_OPTIMAL && out->schedule != NULL &&
                       prm.gap == 0.0;
        out->bound = r.bound;
        out->gap = out->schedule != NULL ? r.gap : NAN;
        out->bound_method = ecs_bound_method_name(r.bound_method);
        out->found_by = ecs_found_by_name(r.found_by);
    }
    ecs_solve_result_release(&r);
    return rc;
}

/* ---- the table ---- */

#define P ECS_MODEL_PAPER
#define E ECS_MODEL_EXTENDED
#define F ECS_MODEL_FIXEDMAP
#define R ECS_MODEL_FREEMAP
#define S ECS_MODEL_SLOTS

static const ecs_method table[] = {
    {"base", ECS_ROLE_START, P | E | S,
     "the base schedule (every task at f = 1, makespan-optimal)",
     "ecs_makespan_params", run_base},
    {"sweep", ECS_ROLE_START, P, "the paper's heuristic", "ecs_heur_params",
     run_sweep},
    {"binary", ECS_ROLE_START, P, "the paper's heuristic", "ecs_heur_params",
     run_binary},
    {"local", ECS_ROLE_IMPROVE, P | E | F | S, "local search",
     "ecs_local_params (fixed mapping: ecs_fixedmap_params)", run_local},
    {"milp", ECS_ROLE_EXACT, P | E | S, "the MILP (strong formulation)",
     "ecs_milp_params", run_milp},
    {"milp_paper", ECS_ROLE_EXACT, P, "the MILP in the paper's formulation",
     "ecs_milp_params", run_milp_paper},
    {"dp", ECS_ROLE_EXACT, P, "the dynamic program over order ideals",
     "ecs_dp_params", run_dp},
    {"fluid", ECS_ROLE_BOUND, P | E | S, "the fluid bound", NULL, run_fluid},
    {"colgen", ECS_ROLE_BOUND, P,
     "the column-generation and Lagrangian bound", "ecs_bound_params",
     run_colgen},
    {"stages", ECS_ROLE_BOUND, P | E,
     "the bound by stages and the schedule from its minimum",
     "ecs_bound_params (time_limit_s, stages_blocks)", run_stages},
    {"granular", ECS_ROLE_BOUND, P | E,
     "the granular bound (the fluid bound, every task in whole slots)",
     NULL, run_granular},
    {"lns", ECS_ROLE_IMPROVE, P, "large-neighbourhood search",
     "ecs_lns_params", run_lns},
    {"fixedmap_bound", ECS_ROLE_BOUND, F,
     "the fixed mapping's compulsory-part bound", NULL, run_fixedmap_bound},
    {"fixedmap_milp", ECS_ROLE_EXACT, F,
     "the fixed mapping's time-indexed MILP", NULL, run_fixedmap_milp},
    {"remap", ECS_ROLE_IMPROVE, R,
     "the mapping search (CaWoSched's platform)", "ecs_remap_params",
     run_remap},
    {"remap_bound", ECS_ROLE_BOUND, R,
     "the bound of every mapping (relaxation or energy)",
     "ecs_remap_params", run_remap_bound},
    {"solve", ECS_ROLE_EXACT, P | E | F | R | S,
     "solve (the plan of solve.h; on a fixed mapping local, its bound, "
     "then its MILP; with the mapping chosen remap_bound, then remap)",
     "ecs_solve_params (fixed mapping: ecs_fixedmap_params; mapping "
     "chosen: ecs_remap_params)",
     run_solve},
};

#undef P
#undef E
#undef F
#undef R
#undef S

const ecs_method *ecs_methods(size_t *n)
{
    *n = sizeof table / sizeof *table;
    return table;
}

const ecs_method *ecs_method_find(const char *name)
{
    for (size_t k = 0; name != NULL && k < sizeof table / sizeof *table; k++)
        if (strcmp(table[k].name, name) == 0)
            return &table[k];
    return NULL;
}

int ecs_method_handles(const ecs_method *m, ecs_model model)
{
    return m != NULL && (m->models & (unsigned)model) != 0;
}

/* The models for people, bit k's at k: their names, what they are. */
#define ECS_MODEL_COUNT(name, bit, key) +1
enum { NMODELS = 0 ECS_MODEL_MAP(ECS_MODEL_COUNT) };
#undef ECS_MODEL_COUNT
static const char *const model_long[NMODELS] = {
    "the paper's platform", "the extended platform",
    "CaWoSched's fixed mapping", "CaWoSched's platform with the mapping chosen",
    "slots of different lengths"};
static const char *const model_what[NMODELS] = {
    "identical PEs, one price, no sources, no cap",
    "PE classes, sites, sources or caps",
    "the mapping and each processor's order given",
    "the mapping and each processor's order chosen",
    "a slot does its length's work"};

/* " and "-joined names of the models in bits into buf. */
static void model_list(unsigned bits, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < NMODELS; k++)
        if (bits & (1u << k)) {
            /* "A", "A and B", "A, B and C" */
            unsigned later = bits & ~((2u << k) - 1u);
            int w = snprintf(buf + len, size - len, "%s%s",
                             len == 0 ? "" : later ? ", " : " and ",
                             model_long[k]);
            if (w < 0 || (size_t)w >= size - len)
                return;
            len += (size_t)w;
        }
}

ecs_result ecs_method_require(const ecs_method *m, ecs_model model,
                              ecs_diag *diag)
{
    if (m == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no such method");
    if (ecs_method_handles(m, model))
        return ECS_OK;
    char has[200], other[200];
    model_list(m->models, has, sizeof has);
    model_list((unsigned)model, other, sizeof other);
    size_t bit = 0;
    while (bit + 1 < NMODELS && !((unsigned)model & (1u << bit)))
        bit++;
    const char *desc = model_what[bit];
    /* the rows that do the job on the model: bounds for a bound, the
     * improving and exact methods otherwise */
    const char *alt[sizeof table / sizeof *table];
    size_t nalt = 0;
    for (size_t k = 0; k < sizeof table / sizeof *table; k++)
        if (ecs_method_handles(&table[k], model) &&
            ((m->role == ECS_ROLE_BOUND) == (table[k].role == ECS_ROLE_BOUND)) &&
            table[k].role != ECS_ROLE_START)
            alt[nalt++] = table[k].name;
    char use[200];
    size_t len = 0;
    use[0] = '\0';
    for (size_t k = 0; k < nalt; k++) {
        int w = snprintf(use + len, sizeof use - len, "%s%s",
                         k == 0 ? "; use " : k + 1 == nalt ? " or " : ", ",
                         alt[k]);
        if (w < 0 || (size_t)w >= sizeof use - len)
            break;
        len += (size_t)w;
    }
    return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                        "%s handles %s only, not %s (%s)%s", m->what, has,
                        other, desc, use);
}

ecs_result ecs_method_run(const ecs_method *m, const ecs_method_args *a,
                          ecs_method_out *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->cost = out->bound = out->gap = out->start_cost = NAN;
    if (m == NULL || a == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no method or no args");
    if ((a->inst != NULL) + (a->cws != NULL) + (a->cws_setup != NULL) != 1 ||
        (a->cws_setup != NULL) != (a->graph != NULL))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "give one problem: an instance, a fixed "
                            "mapping, or a graph and CaWoSched's setup");
    /* a row without the extended platform runs on the view when what
     * makes the instance extended cannot bind (rows with it choose their
     * route themselves) */
    ecs_model model = ecs_method_args_model(a);
    ecs_instance_view view;
    int viewed = 0;
    ecs_method_args va = *a;
    if (model == ECS_MODEL_EXTENDED && !ecs_method_handles(m, model)) {
        ecs_result vr = ecs_instance_view_make(a->inst, &view, diag);
        if (vr != ECS_OK)
            return vr;
        viewed = 1;
        if (ecs_method_handles(m, ecs_instance_model(&view.inst))) {
            model = ecs_instance_model(&view.inst);
            va.inst = &view.inst;
        }
    }
    ecs_result rc = ecs_method_require(m, model, diag);
    if (rc == ECS_OK) { /* a refused row took no time */
        double t0 = ecs_clock_now();
        rc = m->run(&va, out, diag);
        out->runtime_s = ecs_clock_now() - t0;
    }
    if (viewed)
        ecs_instance_view_release(&view);
    if (rc != ECS_OK)
        return rc;
    if (out->schedule != NULL) {
        rc = ecs_check_schedule(a->inst, out->schedule, &out->check, NULL);
        if (rc == ECS_OK)
            out->cost = out->check.cost;
        else
            return ecs_diag_set(diag, rc, NULL, 0,
                                "%s schedule rejected by the checker: %s",
                                m->name, out->check.msg);
    }
    const ecs_cws_problem *cp = a->cws != NULL ? a->cws : out->cws_problem;
    if (out->cws_start != NULL) {
        ecs_cws_eval ev;
        ecs_diag ed;
        ecs_diag_clear(&ed);
        rc = cp == NULL ? ecs_diag_set(&ed, ECS_EINTERNAL, NULL, 0,
                                       "start times without their problem")
                        : ecs_cws_evaluate(cp, out->cws_start, &ev, &ed);
        if (rc != ECS_OK)
            return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                "internal: the schedule fails the evaluator: %s",
                                ed.msg);
        out->cost = (double)ev.cost;
    }
    if (cp != NULL && !isnan(out->cost) && !isnan(out->bound)) {
        out->gap = gap_of(out->cost, out->bound);
        if (out->bound >= out->cost) {
            status(out, "optimal");
            out->optimal = 1;
        }
    }
    return ECS_OK;
}
