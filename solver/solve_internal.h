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


#endif
