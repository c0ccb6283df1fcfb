/*
 * ecsched: the best schedule within a time limit, with a proven lower bound
 * (solver/solve.c, solver/solve_lns.c).
 *
 * ecs_solve starts from the caller's schedule (a heuristic's).  When the
 * strong model has up to milp_max_nonzeros estimated non-zeros it runs the
 * exact MILP (ecs_milp_solve, warm-started with the start) with milp_share
 * of the budget left: its root LP is the best bound there is, and it may
 * prove the optimum (mode "milp"); if it does not, the search below
 * continues from its best schedule with its bound (mode "milp+lns").  The
 * search is given the rest even on small models: on the shared 50-task
 * rand0090 and rand0093 at P = 4, 300 s of GLPK's branch and bound left
 * 0.84% and 0.60% between schedule and bound, 150 s of it and 150 s of
 * search 0.50% and 0.39% (better schedules, bounds 0.01% and 0.02% lower).
 * Beyond milp_max_nonzeros, it computes the lower bound of bound.h (fluid,
 * column generation, Lagrangian) within bound_share of the budget and then
 * searches (mode "bound+lns").  The search improves the schedule by
 * large-neighbourhood search: repeatedly all tasks but those of a time
 * window or of a group of neighbouring tasks keep their intervals, and the
 * strong MILP over the freed tasks (with the fixed tasks that share their
 * slots) is solved on GLPK warm-started with the incumbent; a better
 * schedule that passes the checker replaces the incumbent.  It stops at
 * the relative gap or the time limit, and always returns within the limit
 * (plus a small overrun) with the best checked schedule (at least the
 * start) and the best bound.
 * The library never prints: progress goes to the optional callback.
 */
#ifndef ECSCHED_SOLVE_H
#define ECSCHED_SOLVE_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/* What the callback is told: elapsed seconds, the incumbent's cost (NAN
 * if none), the best bound (-HUGE_VAL if none) and the gap (NAN if
 * unknown). */
typedef struct ecs_solve_progress {
    double elapsed_s;
    double cost;
    double bound;
    double gap;
    const char *phase; /* "milp", "bound", "lns" (static strings) */
} ecs_solve_progress;

typedef void (*ecs_solve_progress_fn)(const ecs_solve_progress *pr,
                                      void *ctx);

typedef struct ecs_solve_params {
    double time_limit_s;      /* wall-clock budget for the call, default 60 */
    double gap;               /* stop at this relative gap, default 0 */
    unsigned long long seed;  /* neighbourhood choice, default 1 */
    double milp_max_nonzeros; /* the MILP first up to this size (default
                                 2e6 estimated non-zeros; 0: no MILP) */
    double milp_share;        /* its share of the budget left (default
                                 0.5; 1: the MILP alone) */
    double bound_share;       /* at most this share of the limit for the
                                 bound before the search (default 0.5) */
    size_t dp_max_ideals;     /* the dynamic program over order ideals
                                 first when the graph has at most this
                                 many (default 5000; 0: never) */
    double dp_share;          /* its share of the limit (default 0.5) */
    size_t dp_max_bytes;      /* its memory for states (default 1 GiB) */
    const char *start_method; /* who made the start schedule, e.g.
                                 "sweep" (default "start"); not copied */
    ecs_solve_progress_fn progress; /* or NULL */
    void *progress_ctx;
} ecs_solve_params;

/* Fill params with the defaults. */
void ecs_solve_params_init(ecs_solve_params *prm);

/* EINVAL (diag says which) for a limit that is not positive, a gap
 * outside [0, 1), and the like. */
ecs_result ecs_solve_params_validate(const ecs_solve_params *prm,
                                     ecs_diag *diag);

typedef struct ecs_solve_result {
    ecs_milp_status status;   /* optimal (within the gap asked for),
                                 feasible, infeasible, no_solution */
    ecs_schedule *schedule;   /* best schedule, NULL if none */
    double cost;              /* its cost (checker), NAN if none */
    double bound;             /* best lower bound, NAN if none */
    double gap;               /* (cost - bound) / max(|cost|, 1e-9), NAN
                                 if either is missing */
    const char *bound_method; /* "dp", "milp", "fluid", "lp_colgen",
                                 "lagrangian_capacity" or "none" */
    const char *found_by;     /* "dp", "milp", "lns" or prm->start_method */
    const char *mode;         /* "dp", "milp", "milp+lns", "bound+lns", or
                                 "bound" when the fluid bound shows the
                                 start within the gap at once */
    long lns_rounds;          /* sub-problems solved */
    long lns_improved;        /* of which improved the incumbent */
    double bound_time_s;      /* spent on the bound */
    size_t dp_states;         /* states the dynamic program stored */
    double runtime_s;
} ecs_solve_result;

/*
 * Minimise the cost of a schedule of g (contracted) on p with prices
 * price[0..nprice-1] (nprice >= deadline) and deadline D', starting from
 * `start` (a feasible schedule, or NULL).  OK with out filled for every
 * solver outcome; EINVAL for bad input (a start the checker rejects),
 * ENOMEM, ESOLVER.  Release *out with ecs_solve_result_release.
 */
ecs_result ecs_solve(const ecs_graph *g, const ecs_platform *p,
                     const double *price, size_t nprice, long deadline,
                     const ecs_schedule *start, const ecs_solve_params *prm,
                     ecs_solve_result *out, ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_solve_result_release(ecs_solve_result *r);

#endif
