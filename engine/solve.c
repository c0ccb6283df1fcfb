/* The engine (solve.h): the start, then the plan of solve.h's table within
 * one budget: the fluid bound, the dynamic program, the MILP or the bound of
 * bound.h, then large-neighbourhood search.  Only public headers: the
 * engine composes the library's methods as a program would. */
#include "ecsched/limits.h"
#include "ecsched/solve.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/clock.h"
#include "ecsched/dp.h"
#include "ecsched/heuristic.h"
#include "ecsched/listsched.h"
#include "ecsched/lns.h"
#include "ecsched/local.h"
#include "ecsched/makespan.h"
#include "ecsched/method.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The least time a phase is given (a phase with less is skipped). */
#define MIN_PHASE_S 0.01

/* Under an effort budget E the dynamic program stores at most E times this
 * many bytes of states (a count, not a clock: the exact pass stops there,
 * unfinished, on any machine alike). */
#define EFFORT_DP_BYTES ((size_t)64 << 10)

/* The names of the enums of solve.h, from their X-macro maps. */
#define KEY_OF(name, key) key,

/* The plan composes from the method table (method.h): a phase runs on the
 * models its method's row handles. */
static int handles(const ecs_instance *inst, const char *method)
{
    return ecs_method_handles(ecs_method_find(method), ecs_instance_model(inst));
}

static const char *const status_names[] = {ECS_SOLVE_STATUS_MAP(KEY_OF)};
static const char *const mode_names[] = {ECS_SOLVE_MODE_MAP(KEY_OF)};
static const char *const found_by_names[] = {ECS_FOUND_BY_MAP(KEY_OF)};
static const char *const phase_names[] = {ECS_SOLVE_PHASE_MAP(KEY_OF)};
#undef KEY_OF

/* names[v], or "unknown" for a value outside the enum. */
static const char *name_in(const char *const *names, size_t n, int v)
{
    return v >= 0 && (size_t)v < n ? names[v] : "unknown";
}

/* solve's status is the MILP's, value for value (solve.h) */
_Static_assert(ECS_SOLVE_OPTIMAL == (int)ECS_MILP_OPTIMAL &&
                   ECS_SOLVE_FEASIBLE == (int)ECS_MILP_FEASIBLE &&
                   ECS_SOLVE_INFEASIBLE == (int)ECS_MILP_INFEASIBLE &&
                   ECS_SOLVE_NO_SOLUTION == (int)ECS_MILP_NO_SOLUTION,
               "ecs_solve_status and ecs_milp_status differ");

const char *ecs_solve_status_name(ecs_solve_status s)
{
    return name_in(status_names, sizeof status_names / sizeof *status_names,
                   (int)s);
}

const char *ecs_solve_mode_name(ecs_solve_mode m)
{
    return name_in(mode_names, sizeof mode_names / sizeof *mode_names, (int)m);
}

const char *ecs_found_by_name(ecs_found_by f)
{
    return name_in(found_by_names,
                   sizeof found_by_names / sizeof *found_by_names, (int)f);
}

const char *ecs_solve_phase_name(ecs_solve_phase ph)
{
    return name_in(phase_names, sizeof phase_names / sizeof *phase_names,
                   (int)ph);
}

void ecs_solve_params_init(ecs_solve_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 60.0;
    prm->gap = 0.0;
    prm->seed = 1;
    prm->start_phase = 1;
    prm->base = NULL;
    prm->base_time_limit_s = 10.0;
    prm->effort = 0;
    prm->start_share = 0.2;
    ecs_local_params_init(&prm->local);
    prm->start_by = ECS_FOUND_BY_START;
    prm->dp_max_tasks = 512;
    prm->dp_max_ideals = 5000;
    prm->dp_share = 0.5;
    prm->dp_beam = 1000;
    prm->dp_beam_share = 0.1;
    prm->dp_max_bytes = (size_t)1 << 30;
    prm->milp_max_nonzeros = 2e6;
    prm->milp_dp_ops_per_nonzero = 200.0;
    prm->milp_share = 0.5;
    prm->milp_last_share = 0.9;
    prm->milp_last_max_pes = 4;
    prm->milp_restart_plain = 2;
    prm->bound_share = 0.5;
    prm->colgen_share = 0.25;
    prm->colgen_max_tasks = 500;
    prm->colgen_max_task_slots = 40000;
    prm->milp_all_max_tasks = 60;
    prm->lns_free_tasks = 30;
    prm->lns_sub_time_limit_s = 10.0;
}

static int share_ok(double x)
{
    return x > 0.0 && x <= 1.0;
}

ecs_result ecs_solve_params_validate(const ecs_solve_params *prm,
                                     ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (ecs_check_time_limit(prm->time_limit_s, diag) != ECS_OK)
        return ECS_EINVAL;
    if (ecs_check_gap(prm->gap, diag) != ECS_OK)
        return ECS_EINVAL;
    if (prm->effort < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the effort must be 0 (none) or positive");
    if (!(prm->base_time_limit_s >= 0.0) || !isfinite(prm->base_time_limit_s))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the base search's limit must be a non-negative "
                            "number of seconds");
    if (!(prm->milp_max_nonzeros >= 0.0) ||
        !isfinite(prm->milp_max_nonzeros) ||
        !(prm->milp_dp_ops_per_nonzero >= 0.0) ||
        !isfinite(prm->milp_dp_ops_per_nonzero))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the MILP size limits must be non-negative "
                            "numbers");
    struct {
        double v;
        const char *what;
    } shares[] = {{prm->start_share, "start"},
                  {prm->milp_share, "MILP"},
                  {prm->milp_last_share, "MILP's (nothing after it)"},
                  {prm->bound_share, "bound"},
                  {prm->colgen_share, "column generation"},
                  {prm->dp_share, "dynamic program"},
                  {prm->dp_beam_share, "dynamic program's beam"}};
    for (size_t k = 0; k < sizeof shares / sizeof *shares; k++)
        if (!share_ok(shares[k].v))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "the %s share of the limit must be in (0, 1]",
                                shares[k].what);
    if (prm->lns_free_tasks < 1 || !(prm->lns_sub_time_limit_s > 0.0) ||
        !isfinite(prm->lns_sub_time_limit_s))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the search frees at least one task, for a "
                            "positive time");
    if (prm->milp_restart_plain < 0 || prm->milp_restart_plain > 2)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "milp_restart_plain must be 0, 1 or 2 (%d)",
                            prm->milp_restart_plain);
    return ecs_local_params_validate(&prm->local, diag);
}

void ecs_solve_result_release(ecs_solve_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

/* Nothing is left to do: the instance is infeasible or the gap reached. */
static int settled(const ecs_solve_result *out, double gap)
{
    return out->status == ECS_SOLVE_INFEASIBLE ||
           ecs_gap_reached(out->cost, out->bound, gap);
}

typedef struct driver {
    const ecs_instance *inst; /* prepared */
    const ecs_solve_params *prm;
    ecs_solve_result *out;
    double t0, t_end;
    ecs_bound_method fluid_by; /* who gave the fluid phase's bound: FLUID,
                                  or the extended model's STAGES or
                                  GRANULAR */
    int nalt;          /* the extended model's other starts (keep_alt) */
    ecs_schedule *alt[4];
    double alt_cost[4];
    int stall_shift; /* local search's max_stall times 2^stall_shift (the
                        extended model's local phase, by_local) */
    unsigned ruin;   /* local search's ruin_start, without its scratch
                        start (by_local's restarts); 0: none */
} driver;

/* Keep a copy of a feasible schedule of the extended model's start or
 * fluid phase (cost: its cost), for local search from it in the local
 * phase when local search from the best one stops gaining (by_local). */
static void keep_alt(driver *d, const ecs_schedule *s, double cost)
{
    int cap = (int)(sizeof d->alt / sizeof *d->alt);
    if (s == NULL || d->nalt >= cap)
        return;
    ecs_schedule *c = ecs_schedule_copy(s);
    if (c == NULL)
        return;
    d->alt[d->nalt] = c;
    d->alt_cost[d->nalt++] = cost;
}

static void drop_alts(driver *d)
{
    for (int a = 0; a < d->nalt; a++)
        ecs_schedule_free(d->alt[a]);
    d->nalt = 0;
}

static double left(const driver *d)
{
    double l = d->t_end - ecs_clock_now();
    return l > 0.0 ? l : 0.0;
}

/* A phase's share of the time: as planned, or all of it under an effort
 * budget (the time limit is then the safety stop only). */
static double share(const driver *d, double planned)
{
    return d->prm->effort > 0 ? 1.0 : planned;
}

static void report(const driver *d, const char *phase)
{
    if (d->prm->progress == NULL)
        return;
    ecs_progress pr;
    memset(&pr, 0, sizeof pr);
    pr.phase = phase;
    pr.elapsed_s = ecs_clock_now() - d->t0;
    pr.cost = d->out->cost;
    pr.bound = d->out->bound;
    pr.gap = ecs_gap_rel(d->out->cost, d->out->bound);
    d->prm->progress(d->prm->progress_ctx, &pr);
}

/* A phase begins: its step in the trace, with the time left (NULL when
 * the trace is full, which the plan never does).  Each phase then grants
 * from left_s, the one reading of the clock for it. */
static ecs_solve_step *step_begin(driver *d, ecs_solve_phase ph)
{
    ecs_solve_result *out = d->out;
    if (out->nsteps >= sizeof out->steps / sizeof *out->steps)
        return NULL;
    ecs_solve_step *s = &out->steps[out->nsteps++];
    s->phase = ph;
    s->at_s = ecs_clock_now() - d->t0;
    s->left_s = d->t_end - d->t0 - s->at_s;
    if (s->left_s < 0.0)
        s->left_s = 0.0;
    s->granted_s = 0.0;
    s->used_s = 0.0;
    /* a phase of a large instance (the start, the bound) may run for
     * minutes: the progress line says which one it is in */
    report(d, ecs_solve_phase_name(ph));
    return s;
}

/* The time left as the phase began (or now, without a step). */
static double left_at(const driver *d, const ecs_solve_step *s)
{
    return s != NULL ? s->left_s : left(d);
}

/* Grant the phase `limit` seconds from `now` (the clock reading the limit
 * was computed from, for the part of the phase that runs next): its
 * step's granted_s is how long after its beginning it may run. */
static void grant(const driver *d, ecs_solve_step *s, double now,
                  double limit)
{
    if (s == NULL)
        return;
    double until = now - d->t0 - s->at_s + limit;
    if (until > s->granted_s)
        s->granted_s = until;
}

/* The clock reading a step began with. */
static double begun(const driver *d, const ecs_solve_step *s)
{
    return s != NULL ? d->t0 + s->at_s : ecs_clock_now();
}

static void step_end(const driver *d, ecs_solve_step *s)
{
    if (s != NULL)
        s->used_s = ecs_clock_now() - d->t0 - s->at_s;
}

/* A schedule cheaper than the best so far (by more than rounding) takes
 * its place; s is taken either way. */
static void offer(ecs_solve_result *out, ecs_schedule **s, double cost,
                  ecs_found_by by)
{
    if (*s == NULL)
        return;
    if (isnan(out->cost) ||
        cost < out->cost - 1e-9 * (1 + fabs(out->cost))) {
        ecs_schedule_free(out->schedule);
        out->schedule = *s;
        out->cost = cost;
        out->found_by = by;
        out->status = ECS_SOLVE_FEASIBLE;
    } else {
        ecs_schedule_free(*s);
    }
    *s = NULL;
}

/* A bound above the best so far (NAN is none) takes its place. */
static void take_bound(ecs_solve_result *out, double bound,
                       ecs_bound_method by)
{
    if (!isnan(bound) && !(bound <= out->bound)) {
        out->bound = bound;
        out->bound_method = by;
    }
}

/* ---- the start ---- */

/* The base (the caller's or the makespan search's), the sweep heuristic
 * from it, local search from the sweep's schedule: the cheapest becomes the
 * start.  Nothing when no base meets D' (infeasible or unknown: the plan
 * decides). */
static ecs_result start_run(driver *d, ecs_solve_step *st, ecs_diag *diag);

static ecs_result make_start(driver *d, ecs_diag *diag)
{
    ecs_solve_step *st = step_begin(d, ECS_PHASE_START);
    ecs_result rc = start_run(d, st, diag);
    step_end(d, st);
    return rc;
}

/* Local search from `from` (or none) within cap seconds, or within its
 * own limit when that is smaller and whole is 0; its result in *lr. */
static ecs_result local_from(driver *d, ecs_solve_step *st,
                             const ecs_schedule *from, double now, double cap,
                             int whole, uint64_t round, ecs_local_result *lr)
{
    const ecs_solve_params *prm = d->prm;
    ecs_local_params lp = prm->local;
    lp.seed += round;
    for (int k = 0; k < d->stall_shift && lp.max_stall > 0 &&
                    lp.max_stall <= ECS_LOCAL_MAX_ROUNDS / 2;
         k++)
        lp.max_stall *= 2;
    if (d->ruin > 0) {
        lp.ruin_start = d->ruin;
        lp.scratch_start = 0;
    }
    if (whole || cap < lp.time_limit_s || prm->effort > 0)
        lp.time_limit_s = cap;
    if (prm->effort > 0)
        lp.max_moves = (unsigned long)prm->effort;
    if (lp.time_limit_s < MIN_PHASE_S)
        lp.time_limit_s = MIN_PHASE_S;
    grant(d, st, now, lp.time_limit_s);
    ecs_diag ignored;
    return ecs_local_run(d->inst, from, &lp, lr, &ignored);
}

/* Local search from out's schedule (or none) as local_from; out takes its
 * schedule when it is cheaper (offer: a tie keeps the schedule and the
 * finder that reached that cost first). */
static void run_local(driver *d, ecs_solve_step *st, double now, double cap,
                      int whole, uint64_t round)
{
    if (!handles(d->inst, "local"))
        return;
    ecs_local_result lr;
    if (local_from(d, st, d->out->schedule, now, cap, whole, round, &lr) ==
        ECS_OK) {
        offer(d->out, &lr.schedule, lr.cost, ECS_FOUND_BY_LOCAL);
        ecs_local_result_release(&lr);
    }
}

/* Local search within the start's share, from out's schedule (or none). */
static void start_local(driver *d, ecs_solve_step *st)
{
    double now = ecs_clock_now();
    double now_left = d->t_end - now > 0.0 ? d->t_end - now : 0.0;
    run_local(d, st, now, share(d, d->prm->start_share) * now_left, 0, 0);
}

/* The most steps of the cheapest-fit list schedule in the start. */
#define CHEAPEST_FIT_MAX_STEPS 1e9

/* The cheapest-fit list schedules within the base's slots stretched to
 * D' (task i first within floor(s_i D' / M) .. ceil((e_i + 1) D' / M) - 1,
 * M the base's makespan), one frequency per task and a frequency per
 * slot (listsched.h): the base's order in time keeps room for the tasks
 * after each one where the plain cheapest-fit places the first ones in
 * the cheapest slots of the horizon and leaves the last ones none (the
 * shared montage 03d on the three sites: no schedule plain, 63.79 within
 * the ranges, where local search's start was 67.32; docs/MODEL.md
 * "Cheapest-fit list schedule").  Each feasible one is kept as another
 * start of the local phase (keep_alt), not offered: local search from
 * it stopped at 55.96 on montage where from the base it reached 44.88. */
static void start_stretched(driver *d, const ecs_schedule *base)
{
    size_t n = base->n;
    long M = ecs_schedule_makespan(base), D = d->inst->deadline;
    long *lo = malloc((n ? n : 1) * sizeof *lo);
    long *hi = malloc((n ? n : 1) * sizeof *hi);
    if (lo != NULL && hi != NULL && M > 0) {
        for (size_t i = 0; i < n; i++) {
            const ecs_sched_task *t = &base->task[i];
            lo[i] = t->start * D / M;
            hi[i] = ((t->stop + 1) * D + M - 1) / M - 1;
        }
        for (int prof = 0; prof < 2; prof++) {
            ecs_schedule *cf = NULL;
            ecs_check_report rep;
            ecs_result rc =
                prof ? ecs_listsched_cheapest_profiles(d->inst, lo, hi, &cf,
                                                       NULL)
                     : ecs_listsched_cheapest_within(d->inst, lo, hi, &cf,
                                                     NULL);
            if (rc == ECS_OK &&
                ecs_check_schedule(d->inst, cf, &rep, NULL) == ECS_OK)
                keep_alt(d, cf, rep.cost);
            ecs_schedule_free(cf);
        }
    }
    free(lo);
    free(hi);
}

/* The extended model's start (docs/MODEL.md "Heterogeneous platforms"):
 * the caller's base when it is feasible, then local search, which builds
 * a start of its own when there is none; then the cheapest-fit list
 * schedule (listsched.h; it keeps the caps and looks at the sources) when
 * it is cheaper.  Local search from the base reaches cheaper schedules
 * than from the cheapest-fit one on fork-join graphs under a cap
 * (bench/results/ext37.md, "Third round"); the later local phase starts
 * from the cheaper of the two. */
static ecs_result start_extended(driver *d, ecs_solve_step *st)
{
    ecs_check_report rep;
    if (d->prm->base != NULL &&
        ecs_check_schedule(d->inst, d->prm->base, &rep, NULL) == ECS_OK) {
        ecs_schedule *b = ecs_schedule_copy(d->prm->base);
        offer(d->out, &b, rep.cost, ECS_FOUND_BY_BASE);
    }
    start_local(d, st);
    if (d->out->schedule != NULL)
        keep_alt(d, d->out->schedule, d->out->cost);
    /* its steps, n (P + |F| P) D', kept to about a second (fork-join
     * 1,000 tasks on 8 PEs over 1,948 slots: 9e7; CaWoSched's atacseq1000
     * on 72 PEs over 215 slots: 3e7) */
    const ecs_platform *p = d->inst->platform;
    double steps = (double)d->inst->graph->n * (double)p->pes *
                   (1.0 + (double)p->nfreq) * (double)d->inst->deadline;
    ecs_schedule *cf = NULL;
    if (ecs_instance_model(d->inst) != ECS_MODEL_SLOTS && d->inst->due == NULL &&
        steps <= CHEAPEST_FIT_MAX_STEPS &&
        ecs_listsched_cheapest(d->inst, &cf, NULL) == ECS_OK &&
        ecs_check_schedule(d->inst, cf, &rep, NULL) == ECS_OK) {
        keep_alt(d, cf, rep.cost);
        offer(d->out, &cf, rep.cost, ECS_FOUND_BY_CHEAPEST_FIT);
    }
    ecs_schedule_free(cf);
    if (d->prm->base != NULL && ecs_instance_model(d->inst) != ECS_MODEL_SLOTS &&
        d->inst->due == NULL && steps <= CHEAPEST_FIT_MAX_STEPS &&
        d->prm->base->n == d->inst->graph->n)
        start_stretched(d, d->prm->base);
    return ECS_OK;
}

/* The start phase (st: its step, or NULL). */
static ecs_result start_run(driver *d, ecs_solve_step *st, ecs_diag *diag)
{
    const ecs_instance *inst = d->inst;
    const ecs_solve_params *prm = d->prm;
    ecs_solve_result *out = d->out;
    ecs_makespan_result mr;
    memset(&mr, 0, sizeof mr);
    const ecs_schedule *base = prm->base;
    if (ecs_instance_extended(inst)) /* the base (given), then local */
        return start_extended(d, st);
    if (base == NULL) {
        ecs_makespan_params mp;
        ecs_makespan_params_init(&mp);
        mp.time_limit_s = prm->base_time_limit_s < left_at(d, st) &&
                                  prm->effort == 0
                              ? prm->base_time_limit_s
                              : left_at(d, st);
        mp.node_limit = (unsigned long long)prm->effort;
        grant(d, st, begun(d, st), mp.time_limit_s);
        ecs_result rc = ecs_makespan_solve(inst->graph, inst->platform->pes,
                                           &mp, &mr, diag);
        if (rc != ECS_OK)
            return rc;
        base = mr.schedule;
    }
    ecs_check_report rep;
    if (base == NULL || ecs_schedule_makespan(base) > inst->deadline ||
        ecs_check_schedule(inst, base, &rep, NULL) != ECS_OK) {
        ecs_makespan_result_release(&mr);
        return ECS_OK;
    }
    ecs_schedule *b = ecs_schedule_copy(base);
    if (b == NULL) {
        ecs_makespan_result_release(&mr);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    offer(out, &b, rep.cost, ECS_FOUND_BY_BASE);
    ecs_heur_params hp;
    ecs_heur_params_init(&hp);
    ecs_heur_result hr;
    ecs_diag ignored;
    if (handles(inst, "sweep") &&
        ecs_heur_run(inst, base, &hp, &hr, &ignored) == ECS_OK) {
        if (!hr.fallback)
            offer(out, &hr.schedule, hr.cost, ECS_FOUND_BY_SWEEP);
        ecs_heur_result_release(&hr);
    }
    ecs_makespan_result_release(&mr);
    start_local(d, st);
    return ECS_OK;
}

/* ---- the plan ---- */

/* The dynamic program's memory when it runs after the MILP: where the
 * MILP has not closed the gap the DP rarely does (the shared 50-task
 * graphs at P = 4, E = 0.2, 20 s: it ran after the MILP on one of 16,
 * rand0064, and proved nothing; at 120 s it stored 620 MB there, where
 * the MILP alone peaks at 30-110 MB).  It still proves what fits. */
#define DP_AFTER_MILP_BYTES ((size_t)64 << 20)

/* The dynamic program with dp_share of the time left: first a beam of it
 * for a schedule, then the exact run, pruned by the best schedule; when the
 * exact run finishes its bound is the optimum (within the gap).  After the
 * MILP (after_milp) its states take DP_AFTER_MILP_BYTES at most. */
static ecs_result by_dp(driver *d, int after_milp, ecs_diag *diag)
{
    const ecs_instance *inst = d->inst;
    ecs_solve_result *out = d->out;
    const ecs_solve_params *prm = d->prm;
    double t_end = ecs_clock_now() + share(d, prm->dp_share) * left(d);
    double *mu = malloc((size_t)inst->deadline * sizeof *mu);
    if (mu == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    double fl;
    ecs_dp_params dp;
    ecs_dp_params_init(&dp);
    dp.max_bytes = prm->dp_max_bytes;
    if (after_milp && dp.max_bytes > DP_AFTER_MILP_BYTES)
        dp.max_bytes = DP_AFTER_MILP_BYTES;
    if (prm->effort > 0 && (size_t)prm->effort < dp.max_bytes / EFFORT_DP_BYTES)
        dp.max_bytes = (size_t)prm->effort * EFFORT_DP_BYTES;
    dp.gap = prm->gap;
    if (ecs_bound_fluid_instance(inst, mu, &fl, NULL) == ECS_OK)
        dp.mu0 = mu;
    ecs_result rc = ECS_OK;
    for (int pass = 0; pass < 2 && rc == ECS_OK; pass++) {
        dp.beam = pass == 0 ? prm->dp_beam : 0;
        ecs_solve_step *sp =
            step_begin(d, pass == 0 ? ECS_PHASE_DP_BEAM : ECS_PHASE_DP);
        double now_end = sp != NULL ? d->t0 + sp->at_s : ecs_clock_now();
        dp.time_limit_s =
            (pass == 0 ? share(d, prm->dp_beam_share) : 1.0) *
            (t_end - now_end);
        if (dp.time_limit_s < MIN_PHASE_S) {
            if (sp != NULL)
                d->out->nsteps--; /* not run */
            break;
        }
        grant(d, sp, now_end, dp.time_limit_s);
        dp.ub = isnan(out->cost) ? HUGE_VAL : out->cost;
        ecs_dp_result r;
        rc = ecs_dp_solve(inst, &dp, &r, diag);
        step_end(d, sp);
        if (rc != ECS_OK)
            break;
        out->dp_states += r.states;
        offer(out, &r.schedule, r.cost, ECS_FOUND_BY_DP);
        if (r.finished && isinf(r.bound) && r.bound > 0)
            out->status = ECS_SOLVE_INFEASIBLE;
        else if (r.finished)
            take_bound(out, r.bound, ECS_BOUND_BY_DP);
        if (r.finished)
            out->mode = ECS_SOLVE_MODE_DP;
        ecs_dp_result_release(&r);
        report(d, "dp");
        if (settled(out, prm->gap))
            break;
    }
    free(mu);
    return rc;
}

/* The exact MILP with milp_share of the time left, warm-started with the
 * best schedule. */
/* 1 when nothing after the MILP improves a schedule on inst's model:
 * slots of different lengths, where local search runs in the start phase
 * only (no LNS, no column generation to follow the MILP): the plan then
 * gives the MILP everything. */
static int no_search(const ecs_instance *inst)
{
    return !handles(inst, "lns") &&
           ecs_instance_model(inst) == ECS_MODEL_SLOTS;
}

/* 1 when a source or a cap of inst (solve's view: what can bind) is
 * left, where the MILP prices the slots by frequency columns. */
static int limited(const ecs_instance *inst)
{
    if (inst->nsource > 0)
        return 1;
    if (inst->site != NULL && inst->platform != NULL)
        for (int s = 0; s < inst->platform->nsite; s++)
            if (inst->site[s].cap != NULL)
                return 1;
    return 0;
}

/* 1 when the MILP has all of the time left: the extended model (neither
 * the bound nor the search handles it) up to milp_all_max_tasks tasks,
 * two thirds of them (40 of 60) where a source or a cap can bind (its
 * frequency columns are weak: STG 50 on the mix platform, P = 8, 300 s:
 * the MILP's 288 s improved nothing, local search alone in 240 s went
 * from 42.84 to 37.38; paper32 cases stay the MILP's, where it proves);
 * above, it has milp_share and local search the rest (phase local). */
static int milp_alone(const ecs_instance *inst, const ecs_solve_params *prm)
{
    size_t most = limited(inst) ? prm->milp_all_max_tasks * 2 / 3
                                : prm->milp_all_max_tasks;
    return !handles(inst, "colgen") && !handles(inst, "lns") &&
           (no_search(inst) || ecs_instance_solver_graph(inst)->n <= most);
}

/* Where nothing after the MILP raises the bound: no dynamic program
 * after it, the LNS and column generation handle the model, at most
 * milp_last_max_pes PEs and milp_all_max_tasks tasks (milp_last_share's
 * grant and milp_restart_plain's cases) */
static int milp_is_last(const driver *d, int dp_after)
{
    const ecs_instance *inst = d->inst;
    const ecs_solve_params *prm = d->prm;
    return !dp_after && handles(inst, "lns") && handles(inst, "colgen") &&
           inst->platform->pes <= prm->milp_last_max_pes &&
           ecs_instance_solver_graph(inst)->n <= prm->milp_all_max_tasks;
}

/* The MILP's share of the time left when it is not alone: milp_last_share
 * where no phase after it raises the bound (the paper's model, no dynamic
 * program to follow, at most milp_all_max_tasks tasks and
 * milp_last_max_pes PEs: the LNS after it only improves the schedule)
 * when it is the larger, else milp_share.  On the shared 50-task graphs at P = 4 the trees' bound
 * rises with their time where it sits at the root's after milp_share
 * (rand0093, E = 0.2: 169.97 with 0.5, 170.29 with 0.9; docs/MODEL.md
 * "The solve plan"). */
static double milp_grant_share(const driver *d, int dp_after)
{
    const ecs_solve_params *prm = d->prm;
    if (milp_is_last(d, dp_after))
        return share(d, prm->milp_last_share > prm->milp_share
                            ? prm->milp_last_share
                            : prm->milp_share); /* (1: the MILP alone) */
    return share(d, prm->milp_share);
}

static ecs_result by_milp(driver *d, int dp_after, ecs_diag *diag)
{
    ecs_solve_result *out = d->out;
    const ecs_solve_params *prm = d->prm;
    ecs_milp_params mp;
    ecs_milp_params_init(&mp);
    ecs_solve_step *sp = step_begin(d, ECS_PHASE_MILP);
    /* nothing after the MILP where neither the bound nor the search
     * handles the model (the extended one): all of the time */
    mp.time_limit_s = (milp_alone(d->inst, prm) ? 1.0
                                                : milp_grant_share(d, dp_after)) *
                      left_at(d, sp);
    mp.max_nodes = (unsigned long long)prm->effort;
    if (mp.time_limit_s < MIN_PHASE_S)
        mp.time_limit_s = MIN_PHASE_S;
    /* the second tree starts where milp_share puts it (its proofs, as
     * rand0004 at P = 4, E = 0.2, no later); the larger grant's rest is
     * its own */
    double planned = share(d, prm->milp_share) * left_at(d, sp);
    if (!milp_alone(d->inst, prm) && planned < mp.time_limit_s)
        mp.split_limit_s = planned;
    /* where nothing after the MILP raises the bound (milp_last_share's
     * cases): the root restart on the model without the columns that
     * reduced-cost fixing sets to 0, solved by GLPK's own tree (rand0001,
     * P = 4, E = 0.2: 168.03 at 120 s against 167.79), gated (restart 1:
     * a fifth of the columns gone, a root gap of 0.5 %; forced, paper32's
     * g20 at P = 4 lost its proof; docs/MODEL.md "MILP, strong
     * formulation") */
    if (prm->milp_restart_plain == 1 && milp_is_last(d, dp_after)) {
        mp.restart = 1;
        mp.restart_plain = 1;
    }
    /* 2: on models of 25,000 to 60,000 columns (restart 3, at any root
     * gap), with two reruns (restart_reruns): the smaller model's tree
     * stops at a schedule that closes a quarter of the room, the fixing
     * removes more with it (rand0001, P = 4, E = 0.2: proven in 74 s;
     * bench/results/peers40.md, fourteenth round) */
    if (prm->milp_restart_plain == 2 && milp_is_last(d, dp_after)) {
        mp.restart = 3;
        mp.restart_plain = 1;
        mp.restart_reruns = 2;
    }
    mp.mip_gap = prm->gap;
    mp.warm_start = out->schedule;
    /* where nothing else improves a schedule (slots of different lengths:
     * neither local search nor LNS), the MILP's own limit */
    if (!no_search(d->inst))
        mp.max_nonzeros = prm->milp_max_nonzeros > 1.0
                              ? 2.0 * prm->milp_max_nonzeros
                              : 2.0;
    ecs_milp_result mr;
    grant(d, sp, begun(d, sp), mp.time_limit_s);
    ecs_result rc = ecs_milp_solve(d->inst, &mp, &mr, diag);
    step_end(d, sp);
    if (rc != ECS_OK)
        return rc;
    out->mode = ECS_SOLVE_MODE_MILP;
    out->milp_rows = mr.rows;
    out->milp_cols = mr.cols;
    out->milp_nonzeros = mr.nonzeros;
    if (mr.status == ECS_MILP_INFEASIBLE)
        out->status = ECS_SOLVE_INFEASIBLE;
    offer(out, &mr.schedule, mr.cost, ECS_FOUND_BY_MILP);
    take_bound(out, mr.bound, mr.bound_method);
    ecs_milp_result_release(&mr);
    report(d, "milp");
    return ECS_OK;
}

/* The bound phase's column generation on the extended model: its duals
 * smoothed (ecs_milp_colgen_params.smooth) and at most about this many
 * precedence rows (every k-th slot's).  STG 100 on mix at P = 8: 37,135
 * rows, 15 master LPs in 140 s, the Lagrangian bound at 47.9 where the
 * fluid bound is 73.02; with 5,000 rows (every 8th slot) and smoothing
 * 0.5, 52 master LPs in 135 s and the bound 73.11 (docs/MODEL.md "Column
 * generation, extended model", "At scale"). */
#define COLGEN_SMOOTH 0.5
#define COLGEN_PREC_ROWS 5000
/* ... and no MILP over its columns (ecs_milp_colgen_params.no_mip): the
 * phase ends when the pricing converges and local search has the rest.
 * STG 100 on mix, 590 s (locked): the pricing converged and the MILP
 * over its 10,000 columns ran past its limit, to 307.9 s of the 290 s
 * granted, and gave no schedule kept (found by local, 74.991 against
 * 74.976 with 377 s of local search before); rnaseq on mix and
 * seismology 300p on the three sites (120 s): the best schedule was
 * local search's and the stage schedule's. */

/* The extended model beyond the MILP's size: its column generation (a
 * bound; no MILP over its columns since the fourteenth round, above) with
 * bound_share of the time left, as the paper model's bound phase. */
static ecs_result by_colgen(driver *d, ecs_diag *diag)
{
    ecs_solve_result *out = d->out;
    ecs_solve_step *sp = step_begin(d, ECS_PHASE_BOUND);
    double t = share(d, d->prm->bound_share) * left_at(d, sp);
    grant(d, sp, begun(d, sp), t);
    ecs_milp_colgen_result cr;
    ecs_milp_colgen_params cp = {t, COLGEN_SMOOTH, COLGEN_PREC_ROWS, 1};
    ecs_result rc = ecs_milp_colgen_ex(d->inst, out->schedule, &cp, &cr, diag);
    step_end(d, sp);
    if (rc != ECS_OK)
        return rc;
    out->mode = ECS_SOLVE_MODE_BOUND;
    offer(out, &cr.schedule, cr.cost, ECS_FOUND_BY_MILP);
    take_bound(out, cr.bound, ECS_BOUND_BY_LP_COLGEN);
    ecs_milp_colgen_result_release(&cr);
    report(d, "bound");
    return ECS_OK;
}

/* Runs of local search in a row without a gain before the local phase
 * goes on to the other starts. */
#define LOCAL_RUNS 3

/* After the other starts, local search from the best schedule again with
 * its stall (max_stall) doubled after every run without a gain, up to
 * this many doublings (x 64), while the time lasts. */
#define LOCAL_STALL_DOUBLINGS 6

/* The share of the time left that each of the window LNS's two passes
 * may take (the stage LNS's deal descents half of it). */
#define WINDOW_LNS_SHARE 0.1

/* The window LNS on the best schedule, unless it already ran on one of
 * that cost (*at): the stage LNS (bound.h ecs_bound_stages_ext_improve;
 * fork-join pipelines, elsewhere it finds no stages at once), then the
 * PE re-timing (ecs_bound_retime_ext; any graph).  1 when either found a
 * cheaper schedule (offered), else 0. */
static int window_lns(driver *d, double *at)
{
    double before = d->out->cost;
    if (d->out->schedule == NULL || before == *at || left(d) < MIN_PHASE_S)
        return 0;
    ecs_schedule *s = NULL;
    double c = NAN;
    if (ecs_bound_stages_ext_improve(d->inst, d->out->schedule,
                                     WINDOW_LNS_SHARE * left(d), &s, &c,
                                     NULL) == ECS_OK)
        offer(d->out, &s, c, ECS_FOUND_BY_STAGE_LNS);
    ecs_schedule_free(s);
    s = NULL;
    if (ecs_bound_retime_ext(d->inst, d->out->schedule,
                             WINDOW_LNS_SHARE * left(d), &s, &c,
                             NULL) == ECS_OK)
        offer(d->out, &s, c, ECS_FOUND_BY_RETIME);
    ecs_schedule_free(s);
    *at = d->out->cost;
    return d->out->cost < before - 1e-9 * fabs(before);
}

/* The PE re-timing and local search in turn from *cur (cost *cost),
 * each result kept in *cur when cheaper, until a turn of both gains
 * nothing or the time is up; *round is the seed of the next run
 * (advanced).  0, or -1 on an error. */
static int descend_both(driver *d, ecs_solve_step *sp, ecs_schedule **cur,
                        double *cost, uint64_t *round)
{
    for (int gain = 1; gain && left(d) > MIN_PHASE_S; (*round)++) {
        gain = 0;
        ecs_schedule *s = NULL;
        double c = NAN;
        if (ecs_bound_retime_ext(d->inst, *cur, WINDOW_LNS_SHARE * left(d),
                                 &s, &c, NULL) == ECS_OK &&
            s != NULL && c < *cost - 1e-9 * (1.0 + fabs(*cost))) {
            ecs_schedule_free(*cur);
            *cur = s;
            s = NULL;
            *cost = c;
            gain = 1;
        }
        ecs_schedule_free(s);
        if (!gain || left(d) <= MIN_PHASE_S)
            break;
        gain = 0;
        ecs_local_result lr;
        if (local_from(d, sp, *cur, ecs_clock_now(), left(d), 1, *round,
                       &lr) != ECS_OK)
            return -1;
        if (lr.schedule != NULL &&
            lr.cost < *cost - 1e-9 * (1.0 + fabs(*cost))) {
            ecs_schedule_free(*cur);
            *cur = lr.schedule;
            lr.schedule = NULL;
            *cost = lr.cost;
            gain = 1;
        }
        ecs_local_result_release(&lr);
    }
    return 0;
}

/* The most ruins and recreates of a restart's start (ruin_start: 1 to
 * this many, by round). */
#define RESTART_RUINS 8

/* The extended model after its bound: local search from the best
 * schedule (column generation's when cheaper) with the rest of the time,
 * as the paper model's LNS. */
static ecs_result by_local(driver *d)
{
    if (left(d) < MIN_PHASE_S)
        return ECS_OK;
    ecs_solve_step *sp = step_begin(d, ECS_PHASE_LOCAL);
    /* local search stops by itself after max_stall kicks without a gain
     * (300 tasks on three sites: after 1.4 s of 110); again from the best
     * schedule with the next seed while the time lasts, until LOCAL_RUNS
     * runs in a row gain nothing */
    uint64_t round = 0;
    double first = d->out->cost, lns_at = NAN;
    /* the window LNS first and after every run of local search while
     * the best schedule changes: local search leaves the tasks of a PE
     * far from their cheapest times together (layered 300 on the three
     * sites: 106.51 -> 93.33 by the PE re-timing in 0.3 s) and the
     * stages of fork-join pipelines dealt as it found them */
    if (d->prm->effort == 0)
        window_lns(d, &lns_at);
    for (int idle = 0; idle < LOCAL_RUNS && left(d) > MIN_PHASE_S; round++) {
        double before = d->out->cost;
        run_local(d, sp, ecs_clock_now(), left(d), 1, round);
        if (d->prm->effort > 0)
            break; /* counted work: one run, the same on any machine */
        window_lns(d, &lns_at);
        idle = d->out->cost < before - 1e-9 * fabs(before) ? 0 : idle + 1;
    }
    /* then from every other start (the schedules of the start and fluid
     * phases it did not begin from), each again while it gains: local
     * search from the cheapest start can stop in a dearer local optimum
     * than from another (the shared montage 03d on the three sites: from
     * the cheapest-fit start within the base stretched, 55.96, where the
     * start of local search from the base reached 46.43; runs without a
     * gain had stopped it at 43 s of 120) */
    for (int a = 0; a < d->nalt && d->prm->effort == 0; a++) {
        ecs_schedule *cur = d->alt[a];
        double cost = d->alt_cost[a];
        if (fabs(cost - first) <= 1e-9 * (1.0 + fabs(first)))
            continue; /* where the runs above began */
        for (int idle = 0; idle < LOCAL_RUNS && left(d) > MIN_PHASE_S;
             round++) {
            ecs_local_result lr;
            if (local_from(d, sp, cur, ecs_clock_now(), left(d), 1, round,
                           &lr) != ECS_OK)
                break;
            int gain = lr.schedule != NULL &&
                       lr.cost < cost - 1e-9 * (1.0 + fabs(cost));
            if (gain) {
                ecs_schedule_free(cur);
                cur = lr.schedule;
                lr.schedule = NULL;
                cost = lr.cost;
                ecs_schedule *c = ecs_schedule_copy(cur);
                offer(d->out, &c, cost, ECS_FOUND_BY_LOCAL);
            }
            ecs_local_result_release(&lr);
            idle = gain ? 0 : idle + 1;
        }
        d->alt[a] = cur;
    }
    /* then the time left, which the runs above leave unused once they
     * stop gaining (fork-join 1,000 on the three sites: solve ended at
     * 86 s of 120): from the best schedule with a longer stall, doubled
     * after every run without a gain, so that local search's kicks and
     * its acceptance of slightly dearer schedules walk further from it;
     * the window LNS after each run */
    for (d->stall_shift = 1; d->stall_shift <= LOCAL_STALL_DOUBLINGS &&
                             d->prm->effort == 0 && left(d) > MIN_PHASE_S &&
                             !ecs_gap_reached(d->out->cost, d->out->bound,
                                              d->prm->gap);
         round++) {
        double before = d->out->cost;
        run_local(d, sp, ecs_clock_now(), left(d), 1, round);
        window_lns(d, &lns_at);
        if (!(d->out->cost < before - 1e-9 * fabs(before)))
            d->stall_shift++;
    }
    d->stall_shift = 0;
    /* then, while the time lasts, restarts from the best schedule: local
     * search from it ruined and recreated 1 to RESTART_RUINS times
     * (ruin_start; its result may be dearer than the best), then the PE
     * re-timing and local search in turn while they gain; a cheaper
     * schedule becomes the best, the next restart is from it */
    while (d->prm->effort == 0 && left(d) > MIN_PHASE_S &&
           d->out->schedule != NULL &&
           !ecs_gap_reached(d->out->cost, d->out->bound, d->prm->gap)) {
        ecs_local_result lr;
        d->ruin = 1 + (unsigned)(round % RESTART_RUINS);
        ecs_result rc = local_from(d, sp, d->out->schedule, ecs_clock_now(),
                                   left(d), 1, round++, &lr);
        d->ruin = 0;
        if (rc != ECS_OK)
            break;
        ecs_schedule *cur = lr.schedule;
        double cost = lr.cost;
        lr.schedule = NULL;
        ecs_local_result_release(&lr);
        int rd = cur != NULL ? descend_both(d, sp, &cur, &cost, &round) : 0;
        offer(d->out, &cur, cost, ECS_FOUND_BY_LOCAL);
        if (rd != 0)
            break;
    }
    if (d->prm->effort == 0)
        window_lns(d, &lns_at);
    step_end(d, sp);
    report(d, "local");
    return ECS_OK;
}

/* The bound of bound.h within bound_share of the time left, unless the
 * MILP gave one (its root LP is at least as strong). */
static ecs_result by_bound(driver *d, ecs_diag *diag)
{
    ecs_solve_result *out = d->out;
    const ecs_solve_params *prm = d->prm;
    ecs_bound_params bp;
    ecs_bound_params_init(&bp);
    ecs_solve_step *sp = step_begin(d, ECS_PHASE_BOUND);
    double limit = share(d, prm->bound_share) * left_at(d, sp);
    /* on fork-join pipelines the bound by stages also gives a schedule,
     * in the bound's share of the time and its own (a share each): its
     * exact pass is the bound by stages, not run again */
    ecs_schedule *ss = NULL;
    double sc = NAN, sb = -HUGE_VAL;
    if (limit * bp.stages_share >= MIN_PHASE_S) {
        bp.time_limit_s = 2.0 * limit * bp.stages_share;
        ecs_result src = ecs_bound_stages_schedule(d->inst, &bp, &ss, &sc,
                                                   &sb, diag);
        if (src != ECS_OK)
            return src;
        offer(out, &ss, sc, ECS_FOUND_BY_STAGES);
        if (sb != -HUGE_VAL)
            bp.stages_value = sb;
    }
    bp.start = out->schedule;
    /* no need to go on once the start is within the gap */
    if (isfinite(out->cost))
        bp.stop_at = ecs_gap_floor(out->cost, prm->gap);
    double now = ecs_clock_now();
    bp.time_limit_s = limit - (now - begun(d, sp));
    bp.colgen_share = share(d, prm->colgen_share);
    if (prm->effort > 0) {
        bp.max_iterations = prm->effort / 10 + 1;
        bp.lagr_max_iterations = prm->effort;
    }
    if (bp.time_limit_s < MIN_PHASE_S)
        bp.time_limit_s = MIN_PHASE_S;
    ecs_bound_result br;
    grant(d, sp, now, bp.time_limit_s);
    double tb = ecs_clock_now();
    ecs_result rc = ecs_bound_compute(d->inst, &bp, &br, diag);
    out->bound_time_s += ecs_clock_now() - tb;
    step_end(d, sp);
    if (rc != ECS_OK)
        return rc;
    if (br.status == ECS_BOUND_INFEASIBLE) {
        out->status = ECS_SOLVE_INFEASIBLE;
        return ECS_OK;
    }
    if (isfinite(br.bound))
        take_bound(out, br.bound, br.method);
    report(d, "bound");
    return ECS_OK;
}

static void lns_progress(void *ctx, const ecs_progress *p)
{
    driver *d = ctx;
    (void)p;
    report(d, "lns");
}

/* The search from the best schedule until the gap or the limit. */
static ecs_result by_lns(driver *d, ecs_diag *diag)
{
    ecs_solve_result *out = d->out;
    const ecs_solve_params *prm = d->prm;
    ecs_lns_params lp;
    ecs_lns_params_init(&lp);
    lp.time_limit_s = left(d);
    if (lp.time_limit_s < MIN_PHASE_S)
        return ECS_OK;
    ecs_solve_step *sp = step_begin(d, ECS_PHASE_LNS);
    lp.time_limit_s = left_at(d, sp);
    lp.seed = prm->seed;
    lp.free_tasks = prm->lns_free_tasks;
    lp.sub_time_limit_s = prm->lns_sub_time_limit_s;
    if (prm->effort > 0) {
        lp.max_rounds = prm->effort / 100 + 1;
        lp.sub_max_nodes = 100;
        lp.sub_time_limit_s = lp.time_limit_s;
    }
    if (!isnan(out->bound) && isfinite(out->bound))
        lp.target_cost = ecs_gap_target(out->bound, prm->gap);
    lp.progress = lns_progress;
    lp.progress_ctx = d;
    ecs_lns_result lr;
    grant(d, sp, begun(d, sp), lp.time_limit_s);
    ecs_result rc = ecs_lns_solve(d->inst, out->schedule, &lp, &lr, diag);
    step_end(d, sp);
    if (rc != ECS_OK)
        return rc;
    out->lns_rounds = lr.rounds;
    out->lns_improved = lr.improved;
    if (lr.improved > 0)
        offer(out, &lr.schedule, lr.cost, ECS_FOUND_BY_LNS);
    ecs_lns_result_release(&lr);
    return ECS_OK;
}

/* After an extended bound of the fluid phase gave v (rc its result):
 * EUNSUPPORTED is nothing; HUGE_VAL without a schedule is EINFEASIBLE;
 * a finite v above *fl becomes *fl, by `by`. */
static ecs_result raise_fluid(driver *d, double *fl, double v, ecs_result rc,
                              ecs_bound_method by, ecs_diag *diag)
{
    if (rc == ECS_EUNSUPPORTED) {
        ecs_diag_clear(diag);
        return ECS_OK;
    }
    if (rc != ECS_OK)
        return rc;
    if (v == HUGE_VAL && d->out->schedule == NULL)
        return ECS_EINFEASIBLE;
    if (isfinite(v) && (isnan(*fl) || v > *fl)) {
        *fl = v;
        d->fluid_by = by;
    }
    return ECS_OK;
}

/* The share of the time left that the extended model's bound by stages
 * may take, and its stage builder as much again (together 2.0 s of the
 * fluid phase on fork-join 1,000 on the three sites, loaded machine). */
#define STAGES_EXT_SHARE 0.1

/* The extended model's bound by stages and its schedule (bound.h,
 * ecs_bound_stages_ext_schedule) after the fluid bound *fl, in the fluid
 * phase: *fl becomes the larger (HUGE_VAL: no schedule), the schedule is
 * offered.  Where it does not apply (a negative price), nothing. */
static ecs_result stages_extended(driver *d, double *fl, ecs_diag *diag)
{
    double v = -HUGE_VAL;
    ecs_schedule *ss = NULL;
    ecs_result rc = ecs_bound_stages_ext_schedule(
        d->inst, share(d, STAGES_EXT_SHARE) * left(d), &ss, &v, diag);
    ecs_check_report rep;
    if (ss != NULL && ecs_check_schedule(d->inst, ss, &rep, NULL) == ECS_OK) {
        keep_alt(d, ss, rep.cost);
        offer(d->out, &ss, rep.cost, ECS_FOUND_BY_STAGES);
    }
    ecs_schedule_free(ss);
    return raise_fluid(d, fl, v, rc, ECS_BOUND_BY_STAGES, diag);
}

/* The share of the time left that the extended model's granular bound
 * may take (a GLPK LP of at most 24,000 PE columns; 0.1 s on montage). */
#define GRANULAR_EXT_SHARE 0.1

/* The extended model's granular bound (bound.h, ecs_bound_granular_ext)
 * after the fluid bound and the bound by stages *fl, in the fluid phase:
 * *fl becomes the larger (HUGE_VAL: no schedule). */
static ecs_result granular_extended(driver *d, double *fl, ecs_diag *diag)
{
    double v = -HUGE_VAL;
    ecs_result rc = ecs_bound_granular_ext(
        d->inst, share(d, GRANULAR_EXT_SHARE) * left(d), &v, diag);
    return raise_fluid(d, fl, v, rc, ECS_BOUND_BY_GRANULAR, diag);
}

/* The plan of solve.h's table, from the best schedule and bound so far. */
static ecs_result plan(driver *d, ecs_diag *diag)
{
    const ecs_instance *inst = d->inst;
    const ecs_solve_params *prm = d->prm;
    ecs_solve_result *out = d->out;
    const ecs_graph *gs = ecs_instance_solver_graph(inst);
    if (inst->windows_empty) {
        out->status = ECS_SOLVE_INFEASIBLE;
        return ECS_OK;
    }
    /* the fluid bound, immediate: every route has at least this one */
    double fl = NAN;
    ecs_solve_step *sp = step_begin(d, ECS_PHASE_FLUID);
    ecs_result rc = handles(inst, "fluid")
                        ? ecs_bound_fluid_instance(inst, NULL, &fl, diag)
                        : ECS_OK;
    if (rc == ECS_OK && ecs_instance_extended(inst))
        rc = stages_extended(d, &fl, diag);
    if (rc == ECS_OK && ecs_instance_extended(inst))
        rc = granular_extended(d, &fl, diag);
    step_end(d, sp);
    if (rc == ECS_EINFEASIBLE) {
        ecs_diag_clear(diag);
        out->status = ECS_SOLVE_INFEASIBLE;
        return ECS_OK;
    }
    if (rc != ECS_OK)
        return rc;
    if (isfinite(fl)) {
        out->bound = fl;
        out->bound_method =
            d->fluid_by;
    }
    if (ecs_gap_reached(out->cost, out->bound, prm->gap)) {
        out->mode = ECS_SOLVE_MODE_BOUND; /* the start is within the gap */
        return ECS_OK;
    }
    /* the dynamic program over order ideals: first on two PEs, where it
     * proves in a second what the MILP leaves open for half a minute (50
     * tasks); after the MILP on more, where the MILP proves most narrow
     * graphs at E = 0.05 in under a second and the DP's states would cost
     * seconds and hundreds of MB first (issue 40); where the MILP does not
     * prove (its LP bound weak), the DP starts from its schedule */
    int dp_ok = handles(inst, "dp") && prm->dp_max_ideals > 0 &&
                gs->n <= prm->dp_max_tasks &&
                ecs_dp_count_ideals(gs, prm->dp_max_ideals) <= prm->dp_max_ideals;
    int dp_first = dp_ok && inst->platform->pes <= 2;
    if (dp_first) {
        rc = by_dp(d, 0, diag);
        if (rc != ECS_OK || settled(out, prm->gap))
            return rc;
    }
    double nonzeros, dp_ops;
    rc = ecs_milp_estimate(inst, &nonzeros, &dp_ops, diag);
    if (rc != ECS_OK)
        return rc;
    out->milp_estimate = nonzeros;
    int milp_ran = 0;
    if (no_search(inst) ||
        (nonzeros <= prm->milp_max_nonzeros &&
         dp_ops <= prm->milp_dp_ops_per_nonzero * prm->milp_max_nonzeros)) {
        rc = by_milp(d, dp_ok && !dp_first, diag);
        if (rc == ECS_ELIMIT) { /* the model was larger than estimated */
            ecs_diag_clear(diag);
            rc = ECS_OK;
        } else {
            milp_ran = rc == ECS_OK;
        }
        if (rc != ECS_OK || settled(out, prm->gap))
            return rc;
    }
    if (dp_ok && !dp_first) {
        rc = by_dp(d, milp_ran, diag);
        if (rc != ECS_OK || settled(out, prm->gap))
            return rc;
    }
    if (!handles(inst, "colgen") || !handles(inst, "lns")) {
        /* the extended model: the MILP's own column generation when the
         * MILP did not run, in the bound's share, then local search from
         * the best schedule with the rest (as the bound and LNS phases);
         * on slots of different lengths (the MILP above its own limit)
         * local search alone: that column generation prices slots of one
         * length */
        if (out->schedule == NULL || left(d) <= MIN_PHASE_S ||
            !handles(inst, "local"))
            return ECS_OK;
        if (milp_ran) /* above milp_all_max_tasks: the rest */
            return by_local(d);
        /* column generation only where it converged in the phase
         * (colgen_max_task_slots: tasks x D'; layered 300 on the three
         * sites and layered 1,000 on mix left it far under the fluid
         * bound, bench/results/ext37.md "Fifteenth round: at scale") */
        if (ecs_instance_model(inst) != ECS_MODEL_SLOTS &&
            gs->n <= prm->colgen_max_tasks &&
            (double)gs->n * (double)inst->deadline <=
                (double)prm->colgen_max_task_slots) {
            rc = by_colgen(d, diag);
            if (rc != ECS_OK ||
                ecs_gap_reached(out->cost, out->bound, prm->gap))
                return rc;
        }
        return by_local(d);
    }
    if (left(d) <= 0.0)
        return ECS_OK;
    if (milp_ran && out->bound_method == ECS_BOUND_BY_MILP) {
        out->mode = ECS_SOLVE_MODE_MILP_LNS;
    } else {
        out->mode = ECS_SOLVE_MODE_BOUND_LNS;
        rc = by_bound(d, diag);
        if (rc != ECS_OK || out->status == ECS_SOLVE_INFEASIBLE)
            return rc;
    }
    if (out->schedule == NULL)
        return ECS_OK; /* nothing to improve on: no_solution */
    if (ecs_gap_reached(out->cost, out->bound, prm->gap))
        return ECS_OK;
    return by_lns(d, diag);
}

static void result_init(ecs_solve_result *out)
{
    memset(out, 0, sizeof *out);
    out->status = ECS_SOLVE_NO_SOLUTION;
    out->cost = out->bound = out->gap = out->start_cost = NAN;
    out->milp_estimate = NAN;
    out->bound_method = ECS_BOUND_BY_NONE;
    out->found_by = ECS_FOUND_BY_NONE;
    out->start_by = ECS_FOUND_BY_NONE;
    out->mode = ECS_SOLVE_MODE_NONE;
    out->stop = ECS_STOP_DONE;
}

ecs_result ecs_solve_start(const ecs_instance *inst,
                           const ecs_solve_params *prm, ecs_solve_result *out,
                           ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    result_init(out);
    ecs_result rc = ecs_solve_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK)
        return rc;
    /* the route is chosen on what can bind (ecs_instance_view_make) */
    ecs_instance_view view;
    rc = ecs_instance_view_make(inst, &view, diag);
    if (rc != ECS_OK)
        return rc;
    driver d = {&view.inst, prm, out, t0, t0 + prm->time_limit_s,
                ECS_BOUND_BY_FLUID, 0, {NULL}, {0}, 0, 0};
    rc = make_start(&d, diag);
    drop_alts(&d);
    ecs_instance_view_release(&view);
    if (rc != ECS_OK) {
        ecs_solve_result_release(out);
        return rc;
    }
    out->start_by = out->found_by;
    out->start_cost = out->cost;
    out->runtime_s = ecs_clock_now() - t0;
    return ECS_OK;
}

ecs_result ecs_solve(const ecs_instance *inst, const ecs_schedule *start,
                     const ecs_solve_params *prm, ecs_solve_result *out,
                     ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    result_init(out);
    ecs_result rc = ecs_solve_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_validate(inst, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "solve", diag);
    if (rc != ECS_OK)
        return rc;
    /* derive the reduction and the windows once, for every phase */
    ecs_instance own = *inst;
    own.reduced_owned_ = NULL;
    int prepared_here = inst->reduced == NULL;
    if (prepared_here) {
        rc = ecs_instance_prepare(&own, diag);
        if (rc != ECS_OK)
            return rc;
    }
    /* the route is chosen on what can bind: a source without volume or a
     * cap above the peak changes neither the result nor the time */
    ecs_instance_view view;
    rc = ecs_instance_view_make(&own, &view, diag);
    if (rc != ECS_OK) {
        if (prepared_here)
            ecs_instance_release(&own);
        return rc;
    }
    driver d = {&view.inst, prm, out, t0, t0 + prm->time_limit_s,
                ECS_BOUND_BY_FLUID, 0, {NULL}, {0}, 0, 0};
    if (start != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(inst, start, &rep, NULL) != ECS_OK) {
            rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                              "the start schedule is not feasible: %s",
                              rep.msg);
        } else {
            ecs_schedule *s = ecs_schedule_copy(start);
            if (s == NULL)
                rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            offer(out, &s, rep.cost, prm->start_by);
        }
    } else if (prm->start_phase && !own.windows_empty) {
        rc = make_start(&d, diag);
    }
    out->start_by = out->found_by;
    out->start_cost = out->cost;
    if (rc == ECS_OK)
        rc = plan(&d, diag);
    drop_alts(&d);
    ecs_instance_view_release(&view);
    if (prepared_here) /* else what it derived is the caller's */
        ecs_instance_release(&own);
    if (rc != ECS_OK) {
        ecs_solve_result_release(out);
        return rc;
    }
    if (out->status == ECS_SOLVE_INFEASIBLE) {
        ecs_schedule_free(out->schedule);
        out->schedule = NULL;
        out->cost = out->bound = out->gap = NAN;
        out->found_by = ECS_FOUND_BY_NONE;
    } else if (out->schedule != NULL) {
        /* the final word is the checker's, on the graph itself */
        ecs_check_report rep;
        if (ecs_check_schedule(inst, out->schedule, &rep, NULL) != ECS_OK) {
            ecs_solve_result_release(out);
            return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                "the solve schedule breaks the model: %s",
                                rep.msg);
        }
        out->cost = rep.cost;
        if (!isnan(out->bound) && out->bound > out->cost)
            out->bound = out->cost; /* rounding: a bound never exceeds */
        out->gap = ecs_gap_rel(out->cost, out->bound);
        out->status = ecs_gap_reached(out->cost, out->bound, prm->gap)
                          ? ECS_SOLVE_OPTIMAL
                          : ECS_SOLVE_FEASIBLE;
    }
    if (out->status == ECS_SOLVE_OPTIMAL || out->status == ECS_SOLVE_INFEASIBLE)
        out->stop = ecs_gap_reached(out->cost, out->bound, 0.0) ||
                            out->status == ECS_SOLVE_INFEASIBLE
                        ? ECS_STOP_DONE
                        : ECS_STOP_GAP;
    else if (ecs_clock_now() >= d.t_end)
        out->stop = ECS_STOP_TIME;
    else if (prm->effort > 0)
        out->stop = ECS_STOP_EFFORT;
    out->runtime_s = ecs_clock_now() - t0;
    report(&d, "done");
    return ECS_OK;
}
