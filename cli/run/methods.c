/* The methods of compare and batch, behind one dispatch. */
#include "run/methods.h"

#include "run/progress.h"

#include "ecsched/local.h"
#include "ecsched/method.h"
#include "ecsched/milp.h"
#include "ecsched/solve.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const method_names[] = {
#define TOOL_METHOD_NAME(name, key) key,
    TOOL_METHOD_MAP(TOOL_METHOD_NAME)
#undef TOOL_METHOD_NAME
};

const char *tool_method_name(tool_method m)
{
    return (unsigned)m < TOOL_METHOD_COUNT ? method_names[m] : "?";
}

int tool_method_parse(const char *name, tool_method *out)
{
    for (int k = 0; k < TOOL_METHOD_COUNT; k++)
        if (strcmp(name, method_names[k]) == 0) {
            *out = (tool_method)k;
            return 0;
        }
    return -1;
}

/* The engine's row of a method of the set (ecsched/method.h). */
static const ecs_method *row_of(tool_method m)
{
    return (unsigned)m < TOOL_METHOD_COUNT ? ecs_method_find(method_names[m])
                                          : NULL;
}

int tool_method_available(tool_method m)
{
    return row_of(m) != NULL;
}

int tool_method_default(tool_method m)
{
    return m != TOOL_METHOD_SOLVE && tool_method_available(m);
}

void tool_method_out_release(tool_method_out *out)
{
    if (out == NULL)
        return;
    ecs_schedule_free(out->schedule);
    out->schedule = NULL;
}

/* The method's parameters: the context's, else the defaults in *dflt. */
static const tool_method_params *params_of(const tool_method_ctx *ctx,
                                          tool_method_params *dflt)
{
    if (ctx->params != NULL)
        return ctx->params;
    tool_method_params_init(dflt);
    return dflt;
}

/* The engine's name for a method of the set that made a start. */
static ecs_found_by found_by_of(const char *method)
{
    /* every key of solve.h's one list (a new one needs nothing here) */
#define FOUND_BY_IF(name, key)                                                \
    if (strcmp(method, key) == 0)                                              \
        return ECS_FOUND_BY_##name;
    if (method != NULL) {
        ECS_FOUND_BY_MAP(FOUND_BY_IF)
    }
#undef FOUND_BY_IF
    return ECS_FOUND_BY_START;
}

/* Run the table's row of m on the problem from `start` with the row's
 * params, into out.  The checker ran in the engine (out->check). */
static ecs_result run_row(tool_method m, const tool_method_ctx *ctx,
                          const ecs_schedule *start, const void *params,
                          tool_method_out *out, ecs_diag *diag)
{
    ecs_method_args a;
    ecs_method_args_init(&a);
    a.inst = &ctx->pb->inst;
    a.start = start;
    a.params = params;
    ecs_method_out o;
    ecs_result rc = ecs_method_run(row_of(m), &a, &o, diag);
    out->schedule = o.schedule;
    o.schedule = NULL;
    out->check = o.check;
    snprintf(out->status, sizeof out->status, "%s", o.status);
    out->optimal = o.optimal;
    out->bound = o.bound;
    out->gap = o.gap;
    out->bound_method = o.bound_method;
    out->found_by = o.found_by;
    out->runtime_s = o.runtime_s;
    ecs_method_out_release(&o);
    return rc;
}

/* The sweep (default parameters), then the local heuristic from its
 * schedule: never dearer than the sweep. */
static ecs_result run_local(const tool_method_ctx *ctx, tool_method_out *out,
                            ecs_diag *diag)
{
    const ecs_problem *pb = ctx->pb;
    tool_method_out sweep;
    /* a model local does not handle: its own row says so (not the
     * sweep's, which it starts from) */
    ecs_result rc = ecs_method_require(ecs_method_find("local"),
                                       ecs_instance_model(&pb->inst), diag);
    if (rc != ECS_OK)
        return rc;
    /* on an extended platform (where what makes it extended can bind) and
     * on slots of different lengths the sweep does not run: local starts
     * from the base */
    ecs_model route;
    rc = ecs_instance_binding_model(&pb->inst, &route, diag);
    if (rc != ECS_OK)
        return rc;
    int from_base = route != ECS_MODEL_PAPER;
    rc = tool_method_run(from_base ? TOOL_METHOD_BASE : TOOL_METHOD_SWEEP,
                         ctx, &sweep, diag);
    if (rc != ECS_OK || sweep.schedule == NULL) {
        if (rc == ECS_OK)
            snprintf(out->status, sizeof out->status, "%s", sweep.status);
        tool_method_out_release(&sweep);
        return rc;
    }
    tool_method_params dflt;
    const tool_method_params *mp = params_of(ctx, &dflt);
    ecs_local_params prm = mp->local;
    if (mp->time_limit_given)
        prm.time_limit_s = mp->time_limit_s;
    if (ctx->deadline_s > 0) /* the command's budget */
        prm.time_limit_s = tool_budget_left(ctx->deadline_s) < prm.time_limit_s
                               ? tool_budget_left(ctx->deadline_s)
                               : prm.time_limit_s;
    rc = run_row(TOOL_METHOD_LOCAL, ctx, sweep.schedule, &prm, out, diag);
    tool_method_out_release(&sweep);
    return rc;
}

/* The row's run with the command's params (what each row reads). */
static ecs_result run_method(tool_method m, const tool_method_ctx *ctx,
                             tool_method_out *out, ecs_diag *diag)
{
    const ecs_problem *pb = ctx->pb;
    tool_method_params dflt;
    const tool_method_params *mp = params_of(ctx, &dflt);
    switch (m) {
    case TOOL_METHOD_BASE: {
        ecs_result rc = run_row(m, ctx, pb->base, NULL, out, diag);
        out->runtime_s = pb->base_runtime_s;
        return rc;
    }
    case TOOL_METHOD_SWEEP:
    case TOOL_METHOD_BINARY:
        return run_row(m, ctx, pb->base, &mp->heur, out, diag);
    case TOOL_METHOD_LOCAL:
        return run_local(ctx, out, diag);
    case TOOL_METHOD_MILP: {
        ecs_milp_params prm = mp->milp;
        prm.time_limit_s = ctx->time_limit_s;
        prm.warm_start = ctx->warm_start;
        if (tool_progress_on())
            prm.progress = tool_milp_progress;
        ecs_result rc = run_row(m, ctx, ctx->warm_start, &prm, out, diag);
        tool_progress_done();
        return rc;
    }
    case TOOL_METHOD_SOLVE: {
        /* from the warm start (the cheapest heuristic schedule, or the
         * base when it meets D' and no heuristic schedule exists) */
        ecs_solve_params prm = mp->solve;
        prm.time_limit_s = ctx->time_limit_s;
        const ecs_schedule *start = ctx->warm_start;
        prm.start_by = found_by_of(ctx->warm_start_method);
        if (start == NULL && mp->warm_start && pb->base_makespan <= pb->deadline) {
            start = pb->base;
            prm.start_by = ECS_FOUND_BY_BASE;
        }
        return run_row(m, ctx, start, &prm, out, diag);
    }
    case TOOL_METHOD_COUNT:
        break;
    }
    return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                        "method '%s' is not available in this build",
                        tool_method_name(m));
}

ecs_result tool_method_run(tool_method m, const tool_method_ctx *ctx,
                          tool_method_out *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->bound = NAN;
    out->gap = NAN;
    ecs_result rc = run_method(m, ctx, out, diag);
    if (rc == ECS_EVIOLATION && m == TOOL_METHOD_BASE && out->schedule != NULL &&
        out->check.first.kind == ECS_VIOLATION_DEADLINE) {
        /* a --deadline below the base makespan: reported, not a bug; the
         * checker stopped at the violation, so take cost and makespan from
         * the problem */
        ecs_diag_clear(diag);
        out->check.meets_deadline = 0;
        out->check.cost = ctx->pb->base_cost;
        out->check.makespan = ctx->pb->base_makespan;
        rc = ECS_OK;
    } else if (rc == ECS_EVIOLATION && m == TOOL_METHOD_BASE &&
               out->schedule != NULL &&
               out->check.first.kind == ECS_VIOLATION_POWER_CAP) {
        /* the base runs every task at f = 1: above a power cap it is no
         * schedule of the instance, an outcome */
        ecs_diag_clear(diag);
        ecs_schedule_free(out->schedule);
        out->schedule = NULL;
        snprintf(out->status, sizeof out->status, "infeasible");
        rc = ECS_OK;
    }
    if (rc != ECS_OK)
        tool_method_out_release(out);
    return rc;
}

/* The cheapest heuristic schedule of the set (its method in *who), for
 * the warm start of the MILP and solve. */
static const ecs_schedule *best_heuristic(const tool_method_set *set,
                                          const char **who)
{
    const tool_method_out *best = NULL;
    for (int k = TOOL_METHOD_SWEEP; k <= TOOL_METHOD_LOCAL; k++) {
        const tool_method_out *o = &set->out[k];
        if (set->want[k] && set->rc[k] == ECS_OK && o->schedule != NULL &&
            (best == NULL || o->check.cost < best->check.cost)) {
            best = o;
            *who = tool_method_name((tool_method)k);
        }
    }
    return best ? best->schedule : NULL;
}

/* solve's start when the set has no local schedule: the local heuristic
 * from the sweep's schedule, unrecorded, within the engine's start_share
 * of the limit (solve.h; at most local's own limit); into *out (empty when
 * it fails: the caller falls back to the sweep). */
static void local_start(const tool_method_ctx *ctx, double limit,
                        tool_method_out *out)
{
    tool_method_params prm;
    if (ctx->params != NULL)
        prm = *ctx->params;
    else
        tool_method_params_init(&prm);
    prm.time_limit_given = 0; /* the share below, not the solve's limit */
    if (prm.solve.start_share * limit < prm.local.time_limit_s)
        prm.local.time_limit_s = prm.solve.start_share * limit;
    if (prm.local.time_limit_s < TOOL_MIN_TIME_LIMIT_S)
        prm.local.time_limit_s = TOOL_MIN_TIME_LIMIT_S;
    tool_method_ctx c = *ctx;
    c.params = &prm;
    ecs_diag ignored;
    if (tool_method_run(TOOL_METHOD_LOCAL, &c, out, &ignored) != ECS_OK ||
        out->schedule == NULL)
        tool_method_out_release(out);
}

/* The checked cost of schedule s, one of the set's outputs. */
static double best_cost(const tool_method_set *set, const ecs_schedule *s)
{
    for (int k = 0; k < TOOL_METHOD_COUNT; k++)
        if (set->out[k].schedule == s)
            return set->out[k].check.cost;
    return HUGE_VAL;
}

void tool_methods_run(const tool_method_ctx *ctx, tool_method_set *set,
                     tool_method_hook before, void *arg)
{
    for (int k = 0; k < TOOL_METHOD_COUNT; k++) {
        memset(&set->out[k], 0, sizeof set->out[k]);
        set->rc[k] = ECS_OK;
        ecs_diag_clear(&set->diag[k]);
    }
    tool_method_out warm, lwarm;
    memset(&warm, 0, sizeof warm);
    memset(&lwarm, 0, sizeof lwarm);
    int local_tried = 0;
    for (int k = 0; k < TOOL_METHOD_COUNT; k++) {
        if (!set->want[k])
            continue;
        tool_method_ctx c = *ctx;
        int use_warm = ctx->params == NULL || ctx->params->warm_start;
        int solver = k == TOOL_METHOD_MILP || k == TOOL_METHOD_SOLVE;
        /* solve's time limit covers its start */
        double t0 = ecs_clock_now(), c0 = ecs_clock_cpu();
        if (solver && use_warm) {
            c.warm_start = best_heuristic(set, &c.warm_start_method);
            /* milp and solve start from the local heuristic's schedule
             * (never dearer than the paper heuristic's; run once for
             * both), falling back to the sweep */
            int have_local = set->want[TOOL_METHOD_LOCAL] &&
                             set->rc[TOOL_METHOD_LOCAL] == ECS_OK &&
                             set->out[TOOL_METHOD_LOCAL].schedule != NULL;
            if (!have_local && tool_method_available(TOOL_METHOD_LOCAL)) {
                if (!local_tried) {
                    double limit = ctx->deadline_s > 0
                                       ? tool_budget_left(ctx->deadline_s)
                                       : ctx->time_limit_s;
                    local_start(ctx, limit, &lwarm);
                    local_tried = 1;
                }
                if (lwarm.schedule != NULL &&
                    (c.warm_start == NULL ||
                     lwarm.check.cost < best_cost(set, c.warm_start))) {
                    c.warm_start = lwarm.schedule;
                    c.warm_start_method = tool_method_name(TOOL_METHOD_LOCAL);
                }
            }
            if (c.warm_start == NULL && warm.schedule == NULL &&
                tool_method_available(TOOL_METHOD_SWEEP)) {
                ecs_diag ignored;
                if (tool_method_run(TOOL_METHOD_SWEEP, ctx, &warm, &ignored) != ECS_OK)
                    tool_method_out_release(&warm);
            }
            if (c.warm_start == NULL && warm.schedule != NULL) {
                c.warm_start = warm.schedule;
                c.warm_start_method = tool_method_name(TOOL_METHOD_SWEEP);
            }
        }
        if (before != NULL)
            before((tool_method)k, arg);
        if (k != TOOL_METHOD_SOLVE) {
            t0 = ecs_clock_now();
            c0 = ecs_clock_cpu();
        }
        if (k == TOOL_METHOD_LOCAL && ctx->deadline_s > 0) {
            /* the local search shares what is left of the command's
             * budget evenly with the exact methods still to run, instead
             * of taking all of it (issue 36) */
            int exact = 0;
            for (int q = k + 1; q < TOOL_METHOD_COUNT; q++)
                exact += set->want[q] &&
                         (q == TOOL_METHOD_MILP || q == TOOL_METHOD_SOLVE);
            c.deadline_s = ecs_clock_now() +
                           tool_budget_left(ctx->deadline_s) / (1 + exact);
        }
        if (solver && ctx->deadline_s > 0) {
            /* the command's budget, shared evenly by the exact methods
             * still to run (milp then solve) */
            int left = 0;
            for (int q = k; q < TOOL_METHOD_COUNT; q++)
                left += set->want[q] &&
                        (q == TOOL_METHOD_MILP || q == TOOL_METHOD_SOLVE);
            c.time_limit_s = tool_budget_left(ctx->deadline_s) /
                             (left > 0 ? left : 1);
        }
        else if (k == TOOL_METHOD_SOLVE)
            c.time_limit_s = tool_budget_left(t0 + ctx->time_limit_s);
        set->rc[k] = tool_method_run((tool_method)k, &c, &set->out[k],
                                    &set->diag[k]);
        if (set->out[k].runtime_s <= 0.0)
            set->out[k].runtime_s = ecs_clock_now() - t0;
        if (k == TOOL_METHOD_SOLVE)
            set->out[k].runtime_s = ecs_clock_now() - t0;
        set->out[k].cpu_s = ecs_clock_cpu() - c0;
    }
    tool_method_out_release(&warm);
    tool_method_out_release(&lwarm);
}

void tool_method_set_release(tool_method_set *set)
{
    for (int k = 0; k < TOOL_METHOD_COUNT; k++)
        tool_method_out_release(&set->out[k]);
}

static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

json_t *tool_method_params_json(tool_method m, const tool_method_params *p)
{
    json_t *o = json_object();
    int bad = o == NULL || set(o, "makespan_limit_s", ecs_json_num(p->makespan_limit_s));
    switch (m) {
    case TOOL_METHOD_BASE:
    case TOOL_METHOD_COUNT:
        break;
    case TOOL_METHOD_SWEEP:
        bad = bad || set(o, "sigma", ecs_json_num(p->heur.sigma)) ||
              set(o, "steps", json_integer(p->heur.steps));
        break;
    case TOOL_METHOD_BINARY:
        bad = bad || set(o, "sigma", ecs_json_num(p->heur.sigma)) ||
              set(o, "rel_tol", ecs_json_num(p->heur.rel_tol)) ||
              set(o, "max_bisections", json_integer(p->heur.max_bisections));
        break;
    case TOOL_METHOD_LOCAL:
        bad = bad || set(o, "sigma", ecs_json_num(p->heur.sigma)) ||
              set(o, "steps", json_integer(p->heur.steps)) ||
              set(o, "time_limit_s", ecs_json_num(p->time_limit_given
                                                      ? p->time_limit_s
                                                      : p->local.time_limit_s)) ||
              set(o, "seed", json_integer((json_int_t)p->local.seed)) ||
              set(o, "effort", json_integer((json_int_t)p->local.max_moves));
        break;
    case TOOL_METHOD_MILP:
        bad = bad || set(o, "time_limit_s", ecs_json_num(p->time_limit_s)) ||
              set(o, "formulation",
                  json_string(ecs_milp_formulation_name(p->milp.formulation))) ||
              set(o, "gap", ecs_json_num(p->milp.mip_gap)) ||
              set(o, "effort", json_integer((json_int_t)p->milp.max_nodes)) ||
              set(o, "warm_start", json_boolean(p->warm_start));
        break;
    case TOOL_METHOD_SOLVE:
        bad = bad || set(o, "time_limit_s", ecs_json_num(p->time_limit_s)) ||
              set(o, "gap", ecs_json_num(p->solve.gap)) ||
              set(o, "seed", json_integer((json_int_t)p->solve.seed)) ||
              set(o, "effort", json_integer((json_int_t)p->solve.effort)) ||
              set(o, "warm_start", json_boolean(p->warm_start));
        break;
    }
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

void tool_method_set_best(const tool_method_set *set, double *bound,
                         double *optimum)
{
    static const tool_method solvers[] = {TOOL_METHOD_MILP, TOOL_METHOD_SOLVE};
    for (size_t s = 0; s < sizeof solvers / sizeof *solvers; s++) {
        const tool_method_out *so = &set->out[solvers[s]];
        if (!set->want[solvers[s]] || set->rc[solvers[s]] != ECS_OK)
            continue;
        if (isfinite(so->bound) && !(so->bound <= *bound))
            *bound = so->bound;
        if (so->optimal && so->schedule != NULL)
            *optimum = so->check.cost;
    }
}
