/*
 * ecsched: what every long-running method tells its caller while it runs,
 * and why it stopped (common/progress.c).  One callback shape for all of
 * them (makespan search, MILP, dynamic program, bounds, search, solve); the
 * library never prints.
 */
#ifndef ECSCHED_PROGRESS_H
#define ECSCHED_PROGRESS_H

typedef struct ecs_progress {
    const char *phase;        /* who reports: "makespan", "milp", "dp",
                                 "bound", "lns", "local", "done" (static) */
    double elapsed_s;         /* since the method was called */
    double cost;              /* the incumbent: its cost, or its makespan for
                                 the makespan search; NAN if none */
    double bound;             /* the best lower bound, NAN if none */
    double gap;               /* relative gap, NAN if unknown */
    unsigned long long nodes; /* search nodes (or rounds) so far */
} ecs_progress;

/* Called with ctx as given in the method's params; p is valid during the
 * call only. */
typedef void (*ecs_progress_fn)(void *ctx, const ecs_progress *p);

/* XX(ENUM_SUFFIX, "name in output") */
#define ECS_STOP_MAP(XX)                                                      \
    XX(DONE, "done")       /* the method finished: proved, or nothing left */\
    XX(GAP, "gap")         /* the gap asked for was reached */                \
    XX(TARGET, "target")   /* a cost target was reached */                    \
    XX(EFFORT, "effort")   /* the effort budget (counted work) ran out */     \
    XX(TIME, "time")       /* the wall-clock limit ran out */                 \
    XX(MEMORY, "memory")   /* a memory budget ran out */

/* What ended a run. */
typedef enum ecs_stop {
#define ECS_STOP_ENUM(name, key) ECS_STOP_##name,
    ECS_STOP_MAP(ECS_STOP_ENUM)
#undef ECS_STOP_ENUM
} ecs_stop;

/* The name as written in output, e.g. "time". */
const char *ecs_stop_name(ecs_stop s);

#endif
