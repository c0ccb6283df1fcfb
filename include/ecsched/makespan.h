/*
 * ecsched: makespan-optimal base schedules, P|prec|Cmax at f = 1 (solver/).
 *
 * An exact branch-and-bound in the spirit of DF/IHS, started from the list
 * schedule (listsched.h) and stopped as soon as the lower bound meets the
 * incumbent or the time limit is reached.  Graphs are contracted.
 */
#ifndef ECSCHED_MAKESPAN_H
#define ECSCHED_MAKESPAN_H

#include "ecsched/graph.h"
#include "ecsched/progress.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/*
 * Graphs with more tasks than this get the list schedule and the lower
 * bound only (the depth-first search recurses once per task).
 */
#define ECS_MAKESPAN_SEARCH_MAX_TASKS 10000

typedef struct ecs_makespan_params {
    double time_limit_s;       /* default 10; <= 0: list schedule only */
    unsigned long long node_limit; /* 0: none (default) */
    /* Search phases (tuning): a first run in CP/MISF order within
     * first_nodes nodes, then `restarts` runs of restart_nodes nodes each
     * under perturbed priorities (for a better incumbent), then the
     * complete run.  Defaults 20000, 10, 2000; first_nodes 0: the
     * complete run only. */
    unsigned long long first_nodes;
    int restarts;
    unsigned long long restart_nodes;
    /* 1 (default): energetic reasoning at nodes with at most half of the
     * tasks left to schedule; 0: critical-path and load bounds only. */
    int node_energetic;
    /* Called about every progress_every_s seconds of search (default
     * 0.5) when not NULL (default NULL); ctx is passed through.  It is
     * told phase "makespan", cost = the best makespan so far, bound = the
     * root lower bound, nodes. */
    ecs_progress_fn progress;
    void *progress_ctx;
    double progress_every_s;
} ecs_makespan_params;

/* Fill params with the defaults. */
void ecs_makespan_params_init(ecs_makespan_params *prm);

/* EINVAL (diag says which) for a time limit that is not a number, a
 * negative number of restarts, a progress interval that is not positive
 * when a callback is set; what ecs_makespan_solve checks first. */
ecs_result ecs_makespan_params_validate(const ecs_makespan_params *prm,
                                        ecs_diag *diag);

typedef struct ecs_makespan_result {
    ecs_schedule *schedule;    /* best schedule found, f = 1 everywhere */
    long makespan;             /* its makespan */
    long lower_bound;          /* proven lower bound (= makespan if optimal) */
    long list_makespan;        /* makespan of the list schedule */
    int optimal;               /* 1 if makespan == lower_bound is proven */
    unsigned long long nodes;  /* search nodes explored */
    double runtime_s;          /* whole call */
    double list_runtime_s;     /* of which the list schedule */
    double bound_runtime_s;    /* of which the root lower bound */
} ecs_makespan_result;

/*
 * Compute a makespan-optimal (or best within the limits) schedule of g on
 * `pes` PEs.  The search (solver/makespan/makespan.c) is depth first from the list
 * schedule over semi-active schedules generated in order of start time,
 * with identical PEs treated as one multiset, seen states cut (exactly, in
 * a memory-bounded set) and critical-path and load bounds; it stops when
 * the incumbent meets ecs_makespan_lower_bound(), the search is exhausted
 * (optimal either way), or at a limit (optimal = 0, lower_bound = the root
 * bound).  EINVAL for bad parameters (diag says which), ENOMEM.
 * Reaching a limit is not an error: optimal is 0 then.  Release *out with
 * ecs_makespan_result_release.
 */
ecs_result ecs_makespan_solve(const ecs_graph *g, int pes,
                              const ecs_makespan_params *prm,
                              ecs_makespan_result *out, ecs_diag *diag);

/* Free the schedule of a result; NULL is accepted. */
void ecs_makespan_result_release(ecs_makespan_result *r);

/*
 * What would make a deadline D' feasible, for a message a person can act
 * on when no schedule meets it (solver/advice.c).  At f = 1 every task runs
 * at full speed, so D' is feasible exactly when some schedule on `pes` PEs
 * has makespan <= D'.
 */
typedef struct ecs_makespan_advice {
    long deadline;        /* D' asked for */
    long critical_path;   /* no D' below it is feasible on any PE count */
    long least_deadline;  /* the least D' known feasible on `pes` PEs: the
                             best makespan known (the caller's) */
    int least_proven;     /* least_deadline is the proven least makespan */
    long lower_bound;     /* proven: no D' below it is feasible on pes */
    /* The fewest PEs found whose list schedule meets D' (bisection over
     * list schedules from max(pes + 1, ceil(total work / D')); more PEs
     * than tasks never help); 0 when no PE count can (D' below the
     * critical path) or when D' is met on `pes` already. */
    int pes_needed;
    int pes_needed_proven; /* pes_needed - 1 PEs are proven too few */
    int classes;          /* 1: a platform of PE classes (set by the
                             caller): critical_path is on the fastest class
                             at its top speed, and pes_needed is 0 */
} ecs_makespan_advice;

/*
 * Fill *out for D' = deadline on `pes` PEs, given the best makespan known
 * there (makespan, proven when `proven`, with the proven lower_bound; pass
 * makespan <= 0 to have the list schedule's and the lower bound of
 * ecs_makespan_lower_bound used instead).  O(log n) list schedules.
 * EINVAL for pes < 1 or deadline < 1, ENOMEM.
 */
ecs_result ecs_makespan_advise(const ecs_graph *g, int pes, long deadline,
                               long makespan, int proven, long lower_bound,
                               ecs_makespan_advice *out, ecs_diag *diag);

#endif
