/*
 * ecsched: the exact method for CaWoSched's fixed-mapping problem
 * (cawosched.h; docs/cawosched.md, "The exact method"): a time-indexed MILP
 * solved by GLPK, for the small instances (the ILP set of CaWoSched's paper).
 *
 * Columns x_{v,s} (task v starts at s, s in [est_v, lst_v]), z_{v,s} (v has
 * started by s: z_{v,s} = z_{v,s-1} + x_{v,s}) and y_t >= 0 (brown power
 * of unit t); rows: one start per task, the strong precedence
 * z_{v,t} <= z_{u,t-w_u} for every arc u -> v and start t of v, and
 * y_t >= base + sum q_v x_{v,s} over the starts that cover t - B_t;
 * minimise C sum y_t.  A warm start
 * (a valid schedule, e.g. ecs_fixedmap_schedule's) is given to GLPK as its
 * first incumbent.
 */
#ifndef ECSCHED_FIXEDMAP_MILP_H
#define ECSCHED_FIXEDMAP_MILP_H

#include "ecsched/cawosched.h"
#include "ecsched/result.h"

/* The largest model built: columns x (EINVAL beyond, diag says so). */
#define ECS_FIXEDMAP_MILP_MAX_COLS 2000000

typedef struct ecs_fixedmap_milp_result {
    int optimal;     /* 1 when GLPK proved the returned schedule optimal */
    long long cost;  /* cost of the returned schedule (ecs_cws_evaluate) */
    long long bound; /* a lower bound: cost when optimal, else the LP
                        relaxation's, rounded up */
    double seconds;
    size_t cols, rows;
} ecs_fixedmap_milp_result;

/*
 * Solve p within time_limit seconds (> 0).  warm: a valid schedule (p->n
 * starts) or NULL.  start receives the best schedule found (the warm one
 * if GLPK finds nothing better).  EINFEASIBLE when the deadline cannot be
 * met; ELIMIT when no schedule was found in time and there is no warm
 * start; EINVAL for a model above ECS_FIXEDMAP_MILP_MAX_COLS or a bad
 * time limit; ESOLVER when GLPK fails; ENOMEM.
 */
ecs_result ecs_fixedmap_milp(const ecs_cws_problem *p, const long *warm,
                             double time_limit, long *start,
                             ecs_fixedmap_milp_result *r, ecs_diag *diag);

#endif
