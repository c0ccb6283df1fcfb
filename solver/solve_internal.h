/* ecsched: internals of ecs_solve (solver/solve*.c), not public. */
#ifndef ECSCHED_SOLVE_INTERNAL_H
#define ECSCHED_SOLVE_INTERNAL_H

#include <stdint.h>

#include "ecsched/solve.h"
#include "milp_internal.h"

/* The state of the large-neighbourhood search. */
typedef struct ecs_lns {
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long D;
    ecs_milp_windows win;   /* the whole problem's windows */
    ecs_schedule *incumbent; /* owned */
    double cost;            /* its checked cost */
    uint64_t rng;
    size_t want;            /* tasks to free per neighbourhood */
    double sub_limit;       /* seconds per sub-problem */
    long rounds, improved;
    void (*on_improve)(struct ecs_lns *L);
    void *ctx;
} ecs_lns;

/* Search until t_end (monotonic seconds) or until the incumbent costs
 * target_cost or less.  OK, ENOMEM, ESOLVER. */
ecs_result ecs_lns_run(ecs_lns *L, double t_end, double target_cost,
                       ecs_diag *diag);

/* Give every scheduled task of s a PE, greedily by start slot; 0, -1 when
 * some slot has more than pes tasks, -2 out of memory. */
int ecs_solve_assign_pes(ecs_schedule *s, int pes);

/* ---- the dynamic program over order ideals (solve_dp.c) ---- */

/* The order ideals (predecessor-closed task sets) of g, counted up to
 * `cap`: the count, or cap + 1 when there are more (or memory ran out).
 * At most cap * n set operations. */
size_t ecs_dp_count_ideals(const ecs_graph *g, size_t cap);

typedef struct ecs_dp_params {
    double t_end;      /* monotonic seconds: give up (ELIMIT) then */
    size_t max_bytes;  /* memory for the states; ELIMIT beyond */
    double ub;         /* a known schedule's cost, or HUGE_VAL */
    double gap;        /* prune what cannot beat ub by this relative gap */
    size_t beam;       /* 0: exact; else keep the beam best states per
                          slot (a heuristic: proves nothing) */
    const double *mu0; /* D' slot prices (>= 0) to start the capacity
                          multipliers from (the fluid bound's), or NULL */
} ecs_dp_params;

typedef struct ecs_dp_result {
    ecs_schedule *schedule; /* a schedule cheaper than ub, or NULL */
    double cost;            /* its cost (interval costs), or NAN */
    int finished;           /* 1: the exact run went through every state */
    double bound;           /* when finished: no schedule costs less
                               (-HUGE_VAL otherwise) */
    double root_bound;      /* the search's bound at the root */
    size_t states;          /* states stored */
} ecs_dp_result;

/*
 * The exact dynamic program over (slot t, set I of tasks started before
 * t, the running tasks with their last slots), docs/MODEL.md "The dynamic
 * program over order ideals".  g is the solver graph (every task with
 * work, at most 65,535 tasks), w and iv its windows and kept intervals.
 * OK with out filled, also when the time or the memory ran out
 * (finished 0; out->schedule may still hold the best schedule found);
 * ENOMEM; EINVAL.  Release out with ecs_dp_result_release.
 */
ecs_result ecs_dp_solve(const ecs_graph *g, const ecs_platform *p,
                        const double *price, long deadline,
                        const ecs_milp_ivals *iv, const ecs_dp_params *prm,
                        ecs_dp_result *out, ecs_diag *diag);
void ecs_dp_result_release(ecs_dp_result *r);

#endif
