/*
 * ecsched: start times for CaWoSched's fixed-mapping problem (cawosched.h):
 * every task keeps its processor and its place in the processor's (or
 * link's) order; the method chooses start times before the deadline that
 * minimise the carbon cost C * sum_t max(0, power_t - budget_t).
 *
 * Decisions (docs/cawosched.md, "Our scheduler"):
 *  - Starts: the earliest schedule (ASAP), the latest (ALAP), and two
 *    greedy placements: in topological order, each task at the start in
 *    [after its placed predecessors, its latest start] that adds the least
 *    brown power to the load of the tasks placed so far; and the mirror
 *    image (reverse order, [earliest start, before its placed successors]).
 *    Both are feasible by construction (latest and earliest starts are
 *    static bounds that every successor / predecessor still meets).  A warm
 *    start (e.g. CaWoSched's own schedule) may be given as well.
 *  - Local search from each start: a task moves to the best start within
 *    its window given its neighbours (predecessors' ends, successors'
 *    starts, 0 and the deadline), priced by the marginal brown power of
 *    each unit (exact: the cost of one task's move is separable over units
 *    given the others); passes in topological and reverse order until a
 *    pass gains nothing.  Only strict gains move a task, so the result is
 *    never dearer than its start, and the best over all starts is kept.
 *  - The lower bound: compulsory parts (the units a task occupies whatever
 *    its start: [latest start, earliest end)) give a load that every
 *    schedule has at least, and the remaining energy must be drawn
 *    somewhere: brown >= sum_t max(0, C_t - B_t)
 *                      + max(0, E_rest - sum_t max(0, B_t - C_t)).
 *    (Proof in docs/cawosched.md.)
 */
#ifndef ECSCHED_FIXEDMAP_H
#define ECSCHED_FIXEDMAP_H

#include "ecsched/cawosched.h"
#include "ecsched/result.h"

/* The starts of ecs_fixedmap_schedule, as bits of ecs_fixedmap_params.starts. */
#define ECS_FIXEDMAP_ASAP 1u
#define ECS_FIXEDMAP_ALAP 2u
#define ECS_FIXEDMAP_FORWARD 4u
#define ECS_FIXEDMAP_BACKWARD 8u
#define ECS_FIXEDMAP_ALL 15u

typedef struct ecs_fixedmap_params {
    int max_passes;         /* local-search passes per start (default 50) */
    unsigned starts;        /* which starts besides the warm one (bits
                               above; default ECS_FIXEDMAP_ALL); 0 only with
                               a warm start */
    double time_limit;      /* seconds for the whole run, 0 = none (default 0);
                               checked between passes */
    const long *warm_start; /* optional start times (p->n), a valid schedule;
                               NULL (default): none */
} ecs_fixedmap_params;

void ecs_fixedmap_params_init(ecs_fixedmap_params *q);

/* EINVAL (diag names the field) for max_passes < 1, a negative or
 * non-finite time_limit, or starts with bits other than ECS_FIXEDMAP_ALL's
 * or 0 without a warm start. */
ecs_result ecs_fixedmap_params_validate(const ecs_fixedmap_params *q,
                                        ecs_diag *diag);

/* What a run did. */
typedef struct ecs_fixedmap_stats {
    long long cost;       /* the returned schedule's cost (C x brown) */
    long long start_cost; /* the best start's cost before local search */
    const char *best_start; /* "asap", "alap", "forward", "backward", "warm" */
    long long moves;      /* improving moves applied */
    int passes;           /* local-search passes, all starts */
    double seconds;
} ecs_fixedmap_stats;

/*
 * Choose start times (p->n entries into start) for p.  EINFEASIBLE when the
 * earliest schedule ends after the deadline (diag says by how much);
 * EINVAL for a warm start that is not valid (diag: the rule it breaks);
 * ENOMEM.  The result is valid (ecs_cws_evaluate says ECS_OK) and its cost
 * is in st->cost (st may be NULL).
 */
ecs_result ecs_fixedmap_schedule(const ecs_cws_problem *p,
                                 const ecs_fixedmap_params *q, long *start,
                                 ecs_fixedmap_stats *st, ecs_diag *diag);

/*
 * A lower bound on the cost of every valid schedule of p (the
 * compulsory-part bound above), into *bound.  EINFEASIBLE as above, ENOMEM.
 * O(n + arcs + D).
 */
ecs_result ecs_fixedmap_bound(const ecs_cws_problem *p, long long *bound,
                              ecs_diag *diag);

#endif
