/*
 * ecsched: the exact dynamic program over order ideals (solver/search/dp.c;
 * the argument in docs/MODEL.md "The dynamic program over order ideals").
 *
 * A state before slot t is the set I of tasks started (an order ideal:
 * predecessor-closed) and the running tasks with their last slots; in slot
 * t any set of tasks whose predecessors have all stopped may start, at most
 * P minus the running ones, each with a kept interval of the strong
 * formulation.  Equal states keep the cheaper path.  Every state is pruned
 * against an upper bound (a known schedule's cost) by a Lagrangian lower
 * bound on its completion (the chains of a chain decomposition, slots
 * priced by capacity multipliers).  It pays off where the graph has few
 * ideals (dense, narrow graphs: the shared 50-task rand0060 has 165,
 * rand0064 492), which is where the MILP's LP bound is weakest; elsewhere
 * the states outgrow the memory budget quickly and it stops, proving
 * nothing.  The library never prints.
 */
#ifndef ECSCHED_DP_H
#define ECSCHED_DP_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

typedef struct ecs_dp_params {
    double time_limit_s; /* wall-clock budget, default 60 */
    size_t max_bytes;    /* memory for the states, default 1 GiB; the run
                            stops (unfinished) beyond */
    double ub;           /* a known schedule's cost (default HUGE_VAL: none,
                            which prunes little: give one) */
    double gap;          /* prune what cannot beat ub by this relative gap
                            (default 0) */
    size_t beam;         /* 0 (default): exact; else keep the `beam` states
                            of least cost plus bound per slot: a heuristic
                            that proves nothing */
    const double *mu0;   /* deadline slot prices >= 0 to start the capacity
                            multipliers from (e.g. the fluid bound's), or
                            NULL (zeros) */
} ecs_dp_params;

/* Fill params with the defaults. */
void ecs_dp_params_init(ecs_dp_params *prm);

/* EINVAL (diag says which) for a limit that is not positive, a gap outside
 * [0, 1), a NaN ub. */
ecs_result ecs_dp_params_validate(const ecs_dp_params *prm, ecs_diag *diag);

typedef struct ecs_dp_result {
    ecs_schedule *schedule; /* the best schedule found below ub, or NULL */
    double cost;            /* its cost (the checker's), NAN if none */
    int finished;           /* 1: an exact run expanded every state */
    double bound;           /* when finished: no schedule costs less than
                               this (with gap 0 the optimum found, or ub;
                               else the least cost plus completion bound
                               of a pruned state, at least ub less the
                               gap, at most the best cost);
                               -HUGE_VAL otherwise */
    double root_bound;      /* the completion bound at the root */
    size_t states;          /* states stored */
    double runtime_s;
} ecs_dp_result;

/* The order ideals of g (its predecessor-closed task sets, the empty one
 * included), counted up to cap: the count, or cap + 1 when there are more
 * (or memory ran out).  At most about cap * n set operations. */
size_t ecs_dp_count_ideals(const ecs_graph *g, size_t cap);

/*
 * Run the dynamic program on g (contracted: every task has work; 1 to 512
 * tasks) on p with prices price[0..nprice-1] (nprice >= deadline) and
 * deadline D'.  OK with out filled, also when the time or the memory ran
 * out (finished 0; a schedule found by then is kept); every schedule in out
 * has passed the checker.  EINVAL for bad input, ENOMEM.  Release out with
 * ecs_dp_result_release.
 */
ecs_result ecs_dp_solve(const ecs_instance *inst, const ecs_dp_params *prm, ecs_dp_result *out,
                        ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_dp_result_release(ecs_dp_result *r);

#endif
