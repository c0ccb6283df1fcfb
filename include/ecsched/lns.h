/*
 * ecsched: large-neighbourhood search from a feasible schedule
 * (solver/search/lns.c), the last phase of ecs_solve (solve.h).
 *
 * Repeatedly, all tasks but those of a time window or of a group of
 * neighbouring tasks (alternating) keep their intervals, and the strong MILP
 * over the freed tasks (with the fixed tasks that share their slots) is
 * solved on GLPK, warm-started with the incumbent; a better schedule that
 * passes the checker replaces it.  The number of tasks freed adapts: it
 * grows while sub-problems are proven quickly (within a quarter of their
 * limit) and shrinks when they run out of time.  Neighbourhoods are drawn
 * from the seed; the sub-problems' time limits may still cut differently
 * on a busy machine.  The library never prints.
 */
#ifndef ECSCHED_LNS_H
#define ECSCHED_LNS_H

#include <stddef.h>
#include <stdint.h>

#include "ecsched/instance.h"
#include "ecsched/progress.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

typedef struct ecs_lns_params {
    double time_limit_s;  /* wall-clock budget, default 60 */
    long max_rounds;      /* sub-problems at most; default 0: no limit */
    double target_cost;   /* stop once the incumbent costs this or less
                             (default -HUGE_VAL: never) */
    uint64_t seed;        /* neighbourhood choice, default 1 */
    size_t free_tasks;    /* tasks freed at first, default 30 */
    double sub_time_limit_s; /* seconds per sub-problem at most, default 10 */
    unsigned long long sub_max_nodes; /* branch-and-bound nodes per
                             sub-problem at most (default 0: none).  With
                             it, and max_rounds, the search depends on no
                             clock but its limits': the neighbourhood grows
                             after a proven sub-problem and shrinks after
                             one that ran out of nodes */
    ecs_progress_fn progress; /* told of every improvement, or NULL */
    void *progress_ctx;
} ecs_lns_params;

/* Fill params with the defaults. */
void ecs_lns_params_init(ecs_lns_params *prm);

/* EINVAL (diag says which) for a limit that is not positive, a NaN target,
 * no tasks to free, a negative round limit. */
ecs_result ecs_lns_params_validate(const ecs_lns_params *prm, ecs_diag *diag);

typedef struct ecs_lns_result {
    ecs_schedule *schedule; /* the best schedule (at least the start's
                               copy), checked */
    double cost;            /* its cost (the checker's) */
    long rounds;            /* sub-problems solved */
    long improved;          /* of which improved the incumbent */
    ecs_stop stop;          /* what ended the run */
    double runtime_s;
} ecs_lns_result;

/*
 * Improve `start` (feasible for inst) by large-neighbourhood search until
 * the target, the round limit or the time limit.  OK with out filled; EINVAL
 * for bad input (a start the checker rejects); ENOMEM; ESOLVER (GLPK).
 * Release out with ecs_lns_result_release.
 */
ecs_result ecs_lns_solve(const ecs_instance *inst, const ecs_schedule *start,
                         const ecs_lns_params *prm, ecs_lns_result *out,
                         ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_lns_result_release(ecs_lns_result *r);

#endif
