/*
 * ecsched: the kernels every solver family shares (solver/core/), not public.
 *
 *   graph.c      the graph the solvers work on (transitive reduction)
 *   intervals.c  time windows and per-task interval costs c(i,s,e)
 *                (dynamic programming on the frequency grid)
 *   stateset.h   a bounded set of search states (the makespan search)
 *   glpk_guard.h the one guard around every GLPK call (output off, error
 *                hook, ESOLVER and recovery)
 *
 * Each family has its own room beside this one: makespan/ (makespan
 * search, list scheduling, its bounds), milp/ (the formulations and the GLPK
 * driver), bound/ (fluid bound, column generation, Lagrangian), search/
 * (dynamic program over order ideals, large-neighbourhood search).  A room
 * includes core/ and the rooms below it only (tests/check_layers.sh).
 */
#ifndef ECSCHED_SOLVER_CORE_H
#define ECSCHED_SOLVER_CORE_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"

/* ---- the graph the solvers work on (graph.c) ---- */

/* g's transitive reduction, kept in *owned (free it with ecs_graph_free),
 * or g itself (*owned NULL) when it cannot be made (too many tasks, out of
 * memory): the same schedules are feasible, with fewer precedence rows.
 * Schedules of the one are schedules of the other, index for index. */
const ecs_graph *core_solver_graph(const ecs_graph *g, ecs_graph **owned);

/* ---- time windows and interval costs (intervals.c) ---- */

/* Upper bound on the number of intervals the windows allow (before
 * dominance), and of the DP operations needed to cost them. */
double core_windows_intervals(const ecs_graph *g,
                                  const ecs_windows *w);
double core_ivals_dp_ops(const ecs_graph *g, const ecs_platform *p,
                       const ecs_windows *w);

typedef struct core_interval {
    long s, e;   /* first and last slot */
    double cost; /* c(i,s,e): cheapest profile finishing the work */
} core_interval;

/* The kept (non-dominated) intervals of every task. */
typedef struct core_ivals {
    size_t n;
    size_t *off;           /* n+1 offsets into iv */
    core_interval *iv; /* per task sorted by (s, e) */
} core_ivals;

/* Cost every interval of every task's window by DP and keep those that are
 * strictly cheaper than every interval inside them; slot_len as in
 * ecs_profile_window_len (NULL: the uniform grid).  ELIMIT (out empty)
 * when the monotonic clock passes t_end (seconds; 0 for no deadline). */
ecs_result core_ivals_compute(const ecs_graph *g, const ecs_platform *p,
                                  const double *price, const int *slot_len,
                                  const ecs_windows *w, double t_end,
                                  core_ivals *out, ecs_diag *diag);
void core_ivals_release(core_ivals *iv);

/* Index in iv of the cheapest kept interval of task i inside [s, e], or
 * (size_t)-1. */
size_t core_ivals_best_inside(const core_ivals *iv, size_t i, long s,
                                  long e);

#endif
