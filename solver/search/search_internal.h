/* ecsched: internals of the search room (solver/search/), not public. */
#ifndef ECSCHED_SEARCH_INTERNAL_H
#define ECSCHED_SEARCH_INTERNAL_H

#include "ecsched/lns.h"
#include "ecsched/rng.h"
#include "milp/milp_internal.h"

/* The state of the large-neighbourhood search (lns.c). */
typedef struct lns_state {
    const ecs_instance *inst; /* the problem, passed down whole */
    const ecs_graph *g;      /* the solver graph (reduction) */
    const ecs_platform *p;
    const double *price;
    long D;
    const ecs_windows *win;  /* the whole problem's windows */
    ecs_schedule *incumbent; /* owned */
    double cost;             /* its checked cost */
    ecs_rng rng;
    size_t want;             /* tasks to free per neighbourhood */
    double sub_limit;        /* seconds per sub-problem */
    unsigned long long sub_nodes; /* nodes per sub-problem, 0: no limit */
    long rounds, improved;
} lns_state;

#endif
