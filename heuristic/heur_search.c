/* The budget search of the heuristic: sweep and binary modes, the budget
 * range B and the fall-back to the base schedule (docs/MODEL.md "Heuristic"). */
#include "heur_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ecs_result ecs_heur_budget_range(const ecs_instance *inst, const ecs_schedule *base,
                                 double sigma, double *range, ecs_diag *diag)
{
    double plus = 0.0;
    if (!isfinite(sigma) || sigma <= 0.0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "sigma must be a number > 0, not %g", sigma);
    ecs_result rc = ecs_instance_require_paper(inst, "the paper's heuristic",
                                               diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "the paper's heuristic", diag);
    if (rc == ECS_OK)
        rc = heur_check_inputs(inst, base, NULL, &plus, diag);
    if (rc == ECS_OK)
        *range = sigma * plus;
    return rc;
}

/* The search state: the workspace, the candidates, the best so far. */
typedef struct heur_search {
    heur_ws ws;
    ecs_heur_candidate *cand;
    size_t ncand, nfeasible;
    int have_best;
    double best_cost, best_budget;
    long best_makespan;
} heur_search;

/* Map at b, record the candidate, keep the mapping if it is the cheapest
 * feasible one so far (ties: the earlier one).  Returns feasibility. */
static int evaluate(heur_search *st, double b)
{
    int feasible = 0;
    double cost = NAN;
    long ms = -1;
    heur_ws_map(&st->ws, b, &feasible, &cost, &ms);
    ecs_heur_candidate *c = &st->cand[st->ncand++];
    c->budget = b;
    c->feasible = feasible;
    c->cost = feasible ? cost : NAN;
    c->makespan = feasible ? ms : -1;
    if (!feasible)
        return 0;
    st->nfeasible++;
    if (!st->have_best || cost < st->best_cost) {
        st->have_best = 1;
        st->best_cost = cost;
        st->best_budget = b;
        st->best_makespan = ms;
        heur_ws_keep(&st->ws);
    }
    return 1;
}

/* b_i = (B * i) / I: for I' = 2I the budgets of I are reproduced bit for
 * bit ((2x) / (2I) = x / I in binary floating point), so more nested steps
 * never give a worse result. */
static void sweep(heur_search *st, double range, long steps)
{
    for (long i = 1; i <= steps; i++)
        evaluate(st, range * (double)i / (double)steps);
}

static void bisect(heur_search *st, double range, const ecs_heur_params *prm)
{
    double lo = 0.0, hi = range;
    for (int k = 0; k < prm->max_bisections; k++) {
        if (hi - lo < prm->rel_tol * range)
            break;
        double b = lo + (hi - lo) / 2.0;
        if (evaluate(st, b))
            hi = b;
        else
            lo = b;
    }
}

static size_t max_candidates(const ecs_heur_params *prm, double range)
{
    if (range <= 0.0)
        return 1;
    switch (prm->mode) {
    case ECS_HEUR_SWEEP:
        return (size_t)prm->steps;
    case ECS_HEUR_BINARY:
        return (size_t)prm->max_bisections;
    }
    return 1;
}

static void search(heur_search *st, double range, const ecs_heur_params *prm)
{
    if (range <= 0.0) {
        evaluate(st, 0.0);
        return;
    }
    switch (prm->mode) {
    case ECS_HEUR_SWEEP:
        sweep(st, range, prm->steps);
        return;
    case ECS_HEUR_BINARY:
        bisect(st, range, prm);
        return;
    }
}

/* The best mapping if it costs no more than the base, else the base. */
static ecs_result finish(heur_search *st, const ecs_schedule *base,
                         ecs_heur_result *out, ecs_diag *diag)
{
    if (st->have_best && st->best_cost <= out->base_cost) {
        out->schedule = ecs_schedule_new(st->ws.g->n);
        if (out->schedule == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        out->cost = st->best_cost;
        out->budget = st->best_budget;
        out->makespan = st->best_makespan;
        out->fallback = 0;
        return heur_ws_export(&st->ws, &st->ws.best, out->schedule, diag);
    }
    out->schedule = ecs_schedule_copy(base);
    if (out->schedule == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    out->cost = out->base_cost;
    out->budget = NAN;
    out->makespan = out->base_makespan;
    out->fallback = 1;
    return ECS_OK;
}

ecs_result ecs_heur_run(const ecs_instance *inst, const ecs_schedule *base, const ecs_heur_params *prm,
                        ecs_heur_result *out, ecs_diag *diag)
{
    if (out == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no result");
    memset(out, 0, sizeof *out);
    double plus = 0.0;
    ecs_result rc = ecs_heur_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_paper(inst, "the paper's heuristic", diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "the paper's heuristic", diag);
    if (rc == ECS_OK)
        rc = heur_check_inputs(inst, base, &out->base_cost, &plus, diag);
    if (rc != ECS_OK)
        return rc;
    out->range = prm->sigma * plus;
    out->base_makespan = ecs_schedule_makespan(base);
    heur_search st;
    memset(&st, 0, sizeof st);
    rc = heur_ws_init(&st.ws, inst, base, diag);
    if (rc != ECS_OK)
        return rc;
    st.cand = calloc(max_candidates(prm, out->range), sizeof *st.cand);
    if (st.cand == NULL) {
        heur_ws_release(&st.ws);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    search(&st, out->range, prm);
    rc = finish(&st, base, out, diag);
    heur_ws_release(&st.ws);
    out->cand = st.cand;
    out->ncand = st.ncand;
    out->nfeasible = st.nfeasible;
    if (rc != ECS_OK)
        ecs_heur_result_release(out);
    return rc;
}
