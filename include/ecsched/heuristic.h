/*
 * ecsched: the budgeted frequency-scaling heuristic of Gerhards and Keller
 * (docs/MODEL.md "Heuristic"), on top of a base schedule at f = 1.
 *
 * The base schedule fixes each task's PE and the per-PE order; a candidate
 * budget b gives every slot l < D' the budget b / D'; the greedy mapper
 * places tasks in base start order (ties: lower PE, then lower STG id) at
 * the highest affordable frequency per slot (last-slot rule f_suff, waits
 * in place at f = 0).  Sweep mode tries b = B/I, 2B/I, ..., B; binary mode
 * bisects [0, B].  The result never costs more than the base and always
 * meets D' (the base itself is the fall-back).
 *
 * Decisions taken where the paper leaves room (docs/MODEL.md "Heuristic"
 * states them as part of the model):
 * - Budget range.  B = sigma * C+, where C+ = sum over the base schedule's
 *   slots of power(f) * |r_l|.  Without negative prices in the slots the
 *   base uses, C+ = cost(base) = Cm and B = sigma * Cm as in the paper; with
 *   negative prices (Cm may then be <= 0) B stays positive.  If C+ = 0 (the
 *   base only uses slots priced 0), C+ = P * power(1) * sum_{l < D'} |r_l|;
 *   if that is 0 too (every slot is free), B = 0 and the single candidate
 *   b = 0 is evaluated (in both modes).
 * - Negative prices.  A slot's remaining budget starts at b / D' >= 0 and
 *   is reduced by power(f) * r_l of every slot placed in it; a negative
 *   price therefore adds to it.  Any frequency is affordable in a slot with
 *   r_l <= 0, so the remaining budget never drops below 0.  The last-slot
 *   rule is kept as the paper states it (the lowest f that finishes).
 * - Ties.  Sweep keeps the first (lowest) budget among equally cheap
 *   feasible mappings; binary keeps the first one found.
 * - Fall-back.  The best feasible mapping is returned when its cost is
 *   <= cost(base), else the base schedule itself (fallback = 1).  Costs are
 *   summed exactly as the checker sums them (task by task, slot by slot),
 *   so the checker's cost of the result is result.cost, bit for bit.
 * - Wait in place.  A task starts in the first slot free on its PE after
 *   all its predecessors, even when it can only wait there at f = 0: its
 *   interval may begin with f = 0 slots.
 *
 * Work is counted on the platform's integer frequency grid (freq_q), never
 * with floating-point tolerances; costs and budgets are doubles.
 */
#ifndef ECSCHED_HEURISTIC_H
#define ECSCHED_HEURISTIC_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

typedef enum ecs_heur_mode {
    ECS_HEUR_SWEEP = 0, /* b = B/I .. B in I steps */
    ECS_HEUR_BINARY     /* bisection of [0, B] */
} ecs_heur_mode;

/* "sweep" / "binary" */
const char *ecs_heur_mode_name(ecs_heur_mode m);

/*
 * Parse a mode name ("sweep", "binary") into *out.  ECS_OK, or ECS_EINVAL
 * with diag (may be NULL) naming the value and the accepted names; *out is
 * untouched then.
 */
ecs_result ecs_heur_mode_parse(const char *name, ecs_heur_mode *out,
                               ecs_diag *diag);

/* Largest number of sweep steps accepted. */
#define ECS_HEUR_MAX_STEPS 1000000L

typedef struct ecs_heur_params {
    ecs_heur_mode mode;  /* default sweep */
    long steps;          /* I, default 100 (sweep only), 1..ECS_HEUR_MAX_STEPS */
    double sigma;        /* B = sigma * C+ (see above), default 2, > 0 */
    double rel_tol;      /* binary: stop when hi - lo < rel_tol * B (1e-3), in (0, 1) */
    int max_bisections;  /* binary: at most this many steps (64), 1..1000 */
} ecs_heur_params;

/* Fill params with the defaults. */
void ecs_heur_params_init(ecs_heur_params *prm);

/* EINVAL (diag says which) for steps < 1, sigma <= 0, and the like. */
ecs_result ecs_heur_params_validate(const ecs_heur_params *prm,
                                    ecs_diag *diag);

/* One evaluated budget (the paper's search landscape, Figure 3). */
typedef struct ecs_heur_candidate {
    double budget;   /* b */
    int feasible;    /* the mapping met D' */
    double cost;     /* its cost (when feasible, else NAN) */
    long makespan;   /* its makespan (when feasible, else -1) */
} ecs_heur_candidate;

typedef struct ecs_heur_result {
    ecs_schedule *schedule;     /* the best schedule (the base if no candidate won) */
    double cost;                /* its cost */
    double base_cost;           /* cost(base) = Cm */
    double budget;              /* the winning b; NAN when the base was kept */
    int fallback;               /* 1 when the base schedule itself is returned */
    size_t ncand;               /* candidates evaluated */
    ecs_heur_candidate *cand;   /* all of them, in evaluation order */
    /* what was searched, and the makespans */
    double range;               /* B, the budget range searched */
    size_t nfeasible;           /* feasible candidates */
    long makespan;              /* makespan of the result (<= D') */
    long base_makespan;         /* makespan of the base */
} ecs_heur_result;

/*
 * Run the heuristic on graph g (contracted) with base schedule `base` (f = 1
 * everywhere), prices price[0..nprice-1] (nprice >= deadline) and deadline
 * D' (>= makespan(base)).  EINVAL when the inputs do not fit (diag says
 * which: a task without work, a base schedule the checker rejects, a
 * deadline below the base makespan, a price that is not finite, too few
 * prices), ENOMEM.  Release *out with ecs_heur_result_release (also after
 * an error: *out is then empty).
 */
ecs_result ecs_heur_run(const ecs_instance *inst, const ecs_schedule *base, const ecs_heur_params *prm,
                        ecs_heur_result *out, ecs_diag *diag);

/*
 * The greedy mapper alone, at budget b (finite): fills *out (a schedule of
 * g's n tasks, overwritten) and sets *feasible.  When the mapping is
 * infeasible, *out holds the tasks placed before the one that failed and
 * the rest unscheduled.  Same input checks as ecs_heur_run.  Exposed for
 * tests and for the landscape.
 */
ecs_result ecs_heur_map(const ecs_instance *inst, const ecs_schedule *base, double budget,
                        ecs_schedule *out, int *feasible, ecs_diag *diag);

/*
 * B for these inputs (see "Budget range" above), with the same input checks
 * as ecs_heur_run.
 */
ecs_result ecs_heur_budget_range(const ecs_instance *inst, const ecs_schedule *base,
                                 double sigma, double *range, ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_heur_result_release(ecs_heur_result *r);

#endif
