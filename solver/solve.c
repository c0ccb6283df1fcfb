/* ecs_solve (solve.h): the exact MILP where the model is small enough,
 * else the column-generation bound and large-neighbourhood search, within
 * one wall-clock budget. */
#include "solve_internal.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/dp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void ecs_solve_params_init(ecs_solve_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 60.0;
    prm->gap = 0.0;
    prm->seed = 1;
    prm->milp_max_nonzeros = 2e6;
    prm->milp_share = 0.5;
    prm->bound_share = 0.5;
    prm->dp_max_ideals = 5000;
    prm->dp_share = 0.5;
    prm->dp_max_bytes = (size_t)1 << 30;
    prm->start_method = "start";
}

ecs_result ecs_solve_params_validate(const ecs_solve_params *prm,
                                     ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (!(prm->time_limit_s > 0.0) || !isfinite(prm->time_limit_s))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "time limit must be a positive number of seconds");
    if (!(prm->gap >= 0.0) || !(prm->gap < 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "relative gap must be in [0, 1)");
    if (!(prm->milp_max_nonzeros >= 0.0) ||
        !isfinite(prm->milp_max_nonzeros))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the MILP size limit must be a non-negative "
                            "number");
    if (!(prm->milp_share > 0.0) || !(prm->milp_share <= 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the MILP's share of the limit must be in "
                            "(0, 1]");
    if (!(prm->bound_share > 0.0) || !(prm->bound_share <= 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the bound's share of the limit must be in "
                            "(0, 1]");
    if (!(prm->dp_share > 0.0) || !(prm->dp_share <= 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the dynamic program's share of the limit must "
                            "be in (0, 1]");
    if (prm->start_method == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the start method needs a name");
    return ECS_OK;
}

void ecs_solve_result_release(ecs_solve_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double rel_gap(double cost, double bound)
{
    if (isnan(cost) || isnan(bound) || !isfinite(bound))
        return NAN;
    double den = fabs(cost) > 1e-9 ? fabs(cost) : 1e-9;
    double gp = (cost - bound) / den;
    return gp > 0.0 ? gp : 0.0;
}

/* The gap is reached: (cost - bound) / |cost| <= gap, as the final status
 * judges it (and GLPK's mip_gap). */
static int gap_reached(double cost, double bound, double gap)
{
    double gp = rel_gap(cost, bound);
    return !isnan(gp) && gp <= gap + 1e-9;
}

/* Nothing is left to do: the instance is infeasible or the gap reached. */
static int settled(const ecs_solve_result *out, double gap)
{
    return out->status == ECS_MILP_INFEASIBLE ||
           gap_reached(out->cost, out->bound, gap);
}

/* The dearest cost that reaches the gap over bound: (c - bound) <= gap |c|,
 * so c <= bound / (1 - gap) for bound >= 0 and bound / (1 + gap) below. */
static double cost_target(double bound, double gap)
{
    return bound >= 0.0 ? bound / (1.0 - gap) : bound / (1.0 + gap);
}

typedef struct driver {
    const ecs_solve_params *prm;
    ecs_solve_result *out;
    double t0;
} driver;

static void report(const driver *d, const char *phase)
{
    if (d->prm->progress == NULL)
        return;
    ecs_solve_progress pr;
    pr.elapsed_s = now_s() - d->t0;
    pr.cost = d->out->cost;
    pr.bound = isnan(d->out->bound) ? -HUGE_VAL : d->out->bound;
    pr.gap = rel_gap(d->out->cost, d->out->bound);
    pr.phase = phase;
    d->prm->progress(&pr, d->prm->progress_ctx);
}

static void lns_improved(ecs_lns *L)
{
    driver *d = L->ctx;
    d->out->cost = L->cost;
    d->out->found_by = "lns";
    report(d, "lns");
}

static ecs_result validate(const ecs_graph *g, const ecs_platform *p,
                           const double *price, size_t nprice, long deadline,
                           const ecs_schedule *start,
                           const ecs_solve_params *prm, double *start_cost,
                           ecs_diag *diag)
{
    if (g == NULL || p == NULL || price == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    ecs_result rc = ecs_solve_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_check_prices(price, nprice, deadline, diag);
    if (rc != ECS_OK)
        return rc;
    for (size_t i = 0; i < g->n; i++)
        if (g->work[i] < 1)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: contract the graph first",
                                g->id[i]);
    if (start != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(g, p, price, nprice, deadline, start, &rep) !=
            ECS_OK)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "the start schedule is not feasible: %s",
                                rep.msg);
        *start_cost = rep.cost;
    }
    return ECS_OK;
}

/* The dynamic program over order ideals (solve_dp.c) with dp_share of the
 * time left: first a beam of it for a schedule, then the exact run, pruned
 * by the best schedule; when the exact run finishes its bound is the
 * optimum (within the gap).  A better schedule replaces out->schedule. */
static ecs_result by_dp(const ecs_graph *g, const ecs_platform *p,
                        const double *price, size_t nprice, long deadline,
                        driver *d, ecs_diag *diag)
{
    ecs_solve_result *out = d->out;
    const ecs_solve_params *prm = d->prm;
    double t_end = now_s() + prm->dp_share * (d->t0 + prm->time_limit_s -
                                              now_s());
    double *mu = malloc((size_t)deadline * sizeof *mu);
    if (mu == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    double fl;
    ecs_dp_params dp;
    ecs_dp_params_init(&dp);
    dp.max_bytes = prm->dp_max_bytes;
    dp.gap = prm->gap;
    if (ecs_bound_fluid_graph(g, p, price, nprice, deadline, mu, &fl,
                              diag) == ECS_OK)
        dp.mu0 = mu;
    ecs_diag_clear(diag);
    ecs_result rc = ECS_OK;
    for (int pass = 0; pass < 2 && rc == ECS_OK; pass++) {
        /* pass 0: a beam of 1000 states a slot, a tenth of the time */
        dp.beam = pass == 0 ? 1000 : 0;
        dp.time_limit_s = (pass == 0 ? 0.1 : 1.0) * (t_end - now_s());
        if (dp.time_limit_s < 0.01)
            break;
        dp.ub = isnan(out->cost) ? HUGE_VAL : out->cost;
        ecs_dp_result r;
        rc = ecs_dp_solve(g, p, price, nprice, deadline, &dp, &r, diag);
        if (rc != ECS_OK)
            break;
        out->dp_states += r.states;
        if (r.schedule != NULL &&
            (isnan(out->cost) ||
             r.cost < out->cost - 1e-9 * (1 + fabs(out->cost)))) {
            ecs_schedule_free(out->schedule);
            out->schedule = r.schedule;
            r.schedule = NULL;
            out->cost = r.cost;
            out->found_by = "dp";
            out->status = ECS_MILP_FEASIBLE;
        }
        if (r.finished && isinf(r.bound) && r.bound > 0)
            out->status = ECS_MILP_INFEASIBLE;
        else if (r.finished && !(r.bound <= out->bound)) {
            out->bound = r.bound;
            out->bound_method = "dp";
        }
        if (r.finished)
            out->mode = "dp";
        ecs_dp_result_release(&r);
        report(d, "dp");
        if (settled(out, prm->gap))
            break;
    }
    free(mu);
    return rc;
}

/* The exact MILP with `share` of the time left; out->schedule (if any) is
 * its warm start and is replaced by a better schedule. */
static ecs_result by_milp(const ecs_graph *g, const ecs_platform *p,
                          const double *price, size_t nprice, long deadline,
                          double share, driver *d, ecs_diag *diag)
{
    ecs_solve_result *out = d->out;
    const ecs_schedule *start = out->schedule;
    ecs_milp_params mp;
    ecs_milp_params_init(&mp);
    mp.time_limit_s = share * (d->prm->time_limit_s - (now_s() - d->t0));
    if (mp.time_limit_s < 0.01)
        mp.time_limit_s = 0.01;
    mp.mip_gap = d->prm->gap;
    mp.warm_start = start;
    mp.max_nonzeros = d->prm->milp_max_nonzeros > 1.0
                          ? 2.0 * d->prm->milp_max_nonzeros
                          : 2.0;
    ecs_milp_result mr;
    ecs_result rc = ecs_milp_solve(g, p, price, nprice, deadline, &mp, &mr,
                                   diag);
    if (rc != ECS_OK)
        return rc;
    out->mode = "milp";
    if (mr.status == ECS_MILP_INFEASIBLE)
        out->status = ECS_MILP_INFEASIBLE;
    if (mr.schedule != NULL &&
        (start == NULL || mr.cost < out->cost - 1e-9 * (1 + fabs(out->cost)))) {
        ecs_schedule_free(out->schedule);
        out->schedule = mr.schedule;
        mr.schedule = NULL;
        out->found_by = "milp";
        out->cost = mr.cost;
        out->status = ECS_MILP_FEASIBLE;
    }
    if (!isnan(mr.bound) && !(mr.bound <= out->bound)) {
        out->bound = mr.bound;
        out->bound_method = mr.bound_method;
    }
    ecs_milp_result_release(&mr);
    report(d, "milp");
    return ECS_OK;
}

/* The bound of bound.h within bound_share of the time left, unless the
 * MILP already gave one (its root LP is at least as strong); then the
 * search from out->schedule until the gap or the limit. */
static ecs_result by_lns(const ecs_graph *g, const ecs_platform *p,
                         const double *price, size_t nprice, long deadline,
                         driver *d, ecs_diag *diag)
{
    ecs_solve_result *out = d->out;
    const ecs_solve_params *prm = d->prm;
    const ecs_schedule *start = out->schedule;
    double t_end = d->t0 + prm->time_limit_s;
    ecs_result rc = ECS_OK;
    if (strcmp(out->bound_method, "milp") == 0) {
        out->mode = "milp+lns";
    } else {
        out->mode = "bound+lns";
        ecs_bound_params bp;
        ecs_bound_params_init(&bp);
        bp.start = start;
        /* no need to go on once the start is within the gap */
        if (isfinite(out->cost))
            bp.stop_at = out->cost - prm->gap * fabs(out->cost);
        bp.time_limit_s = prm->bound_share * (t_end - now_s());
        /* column generation a quarter of it: where it has not solved the
         * LP by then, the Lagrangian relaxation (edges priced) gets as far
         * in less time (100/rand0005 P = 16, 100/rand0019 P = 4, montage
         * 748 tasks P = 4: the same bound within 0.05% with or without
         * column generation's half of 30 s) */
        bp.colgen_share = 0.25;
        if (bp.time_limit_s < 0.01)
            bp.time_limit_s = 0.01;
        ecs_bound_result br;
        double tb = now_s();
        rc = ecs_bound_compute(g, p, price, nprice, deadline, &bp, &br, diag);
        out->bound_time_s += now_s() - tb;
        if (rc != ECS_OK)
            return rc;
        if (br.status == ECS_BOUND_INFEASIBLE) {
            out->status = ECS_MILP_INFEASIBLE;
            return ECS_OK;
        }
        if (isfinite(br.bound) && !(br.bound <= out->bound)) {
            out->bound = br.bound;
            out->bound_method = br.method;
        }
        report(d, "bound");
    }
    if (start == NULL)
        return ECS_OK; /* nothing to improve on: no_solution */
    if (gap_reached(out->cost, out->bound, prm->gap))
        return ECS_OK; /* the gap is reached already */
    ecs_lns L;
    memset(&L, 0, sizeof L);
    L.g = g;
    L.p = p;
    L.price = price;
    L.D = deadline;
    L.rng = prm->seed;
    L.want = 30;
    L.sub_limit = 10.0;
    L.on_improve = lns_improved;
    L.ctx = d;
    L.cost = out->cost;
    L.incumbent = ecs_schedule_copy(start);
    int empty = 0;
    if (L.incumbent == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    rc = ecs_milp_windows_compute(g, p->pes, deadline, &L.win, &empty, diag);
    if (rc != ECS_OK) {
        ecs_schedule_free(L.incumbent);
        return rc;
    }
    double target = -HUGE_VAL;
    if (!isnan(out->bound) && isfinite(out->bound))
        target = cost_target(out->bound, prm->gap);
    rc = ecs_lns_run(&L, t_end, target, diag);
    out->lns_rounds = L.rounds;
    out->lns_improved = L.improved;
    ecs_milp_windows_release(&L.win);
    if (rc == ECS_OK && L.improved > 0) {
        ecs_schedule_free(out->schedule);
        out->schedule = L.incumbent;
        out->cost = L.cost;
        L.incumbent = NULL;
    }
    ecs_schedule_free(L.incumbent);
    return rc;
}

ecs_result ecs_solve(const ecs_graph *g, const ecs_platform *p,
                     const double *price, size_t nprice, long deadline,
                     const ecs_schedule *start, const ecs_solve_params *prm,
                     ecs_solve_result *out, ecs_diag *diag)
{
    driver d = {prm, out, now_s()};
    memset(out, 0, sizeof *out);
    out->status = ECS_MILP_NO_SOLUTION;
    out->cost = out->bound = out->gap = NAN;
    out->bound_method = "none";
    out->found_by = "none";
    out->mode = "none";
    double start_cost = NAN;
    ecs_result rc = validate(g, p, price, nprice, deadline, start, prm,
                             &start_cost, diag);
    if (rc != ECS_OK)
        return rc;
    if (start != NULL) {
        out->schedule = ecs_schedule_copy(start);
        if (out->schedule == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        out->cost = start_cost;
        out->found_by = prm->start_method;
        out->status = ECS_MILP_FEASIBLE;
    }
    /* the solvers work on the transitive reduction (fewer precedence
     * rows, the same schedules); the final check is on g itself */
    ecs_graph *red = NULL;
    const ecs_graph *gs = ecs_solver_graph(g, &red);
    ecs_milp_windows w;
    int empty = 0;
    rc = ecs_milp_windows_compute(gs, p->pes, deadline, &w, &empty, diag);
    if (rc != ECS_OK) {
        ecs_graph_free(red);
        ecs_solve_result_release(out);
        return rc;
    }
    double est = ecs_milp_strong_estimate(gs, &w, deadline);
    double ops = ecs_milp_dp_ops(gs, p, &w);
    ecs_milp_windows_release(&w);
    if (empty) {
        out->status = ECS_MILP_INFEASIBLE;
    } else {
        /* the fluid bound, immediate: every route has at least this one */
        double fl;
        rc = ecs_bound_fluid_graph(gs, p, price, nprice, deadline, NULL, &fl,
                                   diag);
        if (rc == ECS_EINFEASIBLE) {
            ecs_diag_clear(diag);
            out->status = ECS_MILP_INFEASIBLE;
        } else if (rc == ECS_OK && isfinite(fl)) {
            out->bound = fl;
            out->bound_method = "fluid";
        }
    }
    if (rc == ECS_OK && out->status != ECS_MILP_INFEASIBLE) {
        int fits = est <= prm->milp_max_nonzeros &&
                   ops <= 200.0 * prm->milp_max_nonzeros;
        int reached = gap_reached(out->cost, out->bound, prm->gap);
        if (reached)
            out->mode = "bound"; /* the start is within the gap already */
        if (!reached && prm->dp_max_ideals > 0 && gs->n <= 512 &&
            ecs_dp_count_ideals(gs, prm->dp_max_ideals) <=
                prm->dp_max_ideals) {
            rc = by_dp(gs, p, price, nprice, deadline, &d, diag);
            reached = rc == ECS_OK && settled(out, prm->gap);
        }
        if (rc == ECS_OK && fits && !reached) {
            rc = by_milp(gs, p, price, nprice, deadline, prm->milp_share, &d,
                         diag);
            if (rc == ECS_ELIMIT) { /* the model was larger than estimated */
                ecs_diag_clear(diag);
                rc = ECS_OK;
            }
            reached = rc == ECS_OK && settled(out, prm->gap);
        }
        if (rc == ECS_OK && !reached && now_s() < d.t0 + prm->time_limit_s)
            rc = by_lns(gs, p, price, nprice, deadline, &d, diag);
    }
    ecs_graph_free(red);
    if (rc != ECS_OK) {
        ecs_solve_result_release(out);
        return rc;
    }
    if (out->status == ECS_MILP_INFEASIBLE) {
        ecs_schedule_free(out->schedule);
        out->schedule = NULL;
        out->cost = out->bound = out->gap = NAN;
    } else if (out->schedule != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(g, p, price, nprice, deadline, out->schedule,
                               &rep) != ECS_OK) {
            ecs_solve_result_release(out);
            return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                "the solve schedule breaks the model: %s",
                                rep.msg);
        }
        out->cost = rep.cost;
        if (!isnan(out->bound) && out->bound > out->cost)
            out->bound = out->cost; /* rounding: a bound never exceeds */
        out->gap = rel_gap(out->cost, out->bound);
        if (gap_reached(out->cost, out->bound, prm->gap))
            out->status = ECS_MILP_OPTIMAL;
        else
            out->status = ECS_MILP_FEASIBLE;
    }
    out->runtime_s = now_s() - d.t0;
    report(&d, "done");
    return ECS_OK;
}
