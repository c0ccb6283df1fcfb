/*
 * The scheduling methods that compare and batch run, behind one dispatch
 * (cli/run/methods.c): base schedule, heuristic sweep and binary search,
 * the local heuristic (from the sweep's schedule), MILP.  Every schedule a method returns has been through the checker.
 */
#ifndef ECSCHED_CLI_BATCH_METHODS_H
#define ECSCHED_CLI_BATCH_METHODS_H

#include "run/params.h"
#include "ecsched/problem.h"

/* XX(ENUM_SUFFIX, "name") in the order compare and batch run them. */
#define TOOL_METHOD_MAP(XX)                                                   \
    XX(BASE, "base")     /* the base schedule at f = 1 */                    \
    XX(SWEEP, "sweep")   /* heuristic, budget sweep */                       \
    XX(BINARY, "binary") /* heuristic, budget bisection */                   \
    XX(LOCAL, "local")   /* local search from the sweep's schedule */        \
    XX(MILP, "milp")     /* exact, GLPK (strong formulation) */           \
    XX(SOLVE, "solve")   /* ecs_solve: MILP or bound + search, gap */

typedef enum tool_method {
#define TOOL_METHOD_ENUM(name, key) TOOL_METHOD_##name,
    TOOL_METHOD_MAP(TOOL_METHOD_ENUM)
#undef TOOL_METHOD_ENUM
    TOOL_METHOD_COUNT
} tool_method;

/* "base", "sweep", "binary", "local", "milp", "solve". */
const char *tool_method_name(tool_method m);

/* Parse a method name: 0, or -1 when unknown. */
int tool_method_parse(const char *name, tool_method *out);

/* 1 if this build can run method m. */
int tool_method_available(tool_method m);

/* 1 if compare and batch run method m when --methods is not given: every
 * available method but solve (which takes its whole time limit). */
int tool_method_default(tool_method m);

/* What a method is given. */
typedef struct tool_method_ctx {
    const ecs_problem *pb;      /* graph, base, D', prices, base cost */
    const ecs_platform *platform;
    const ecs_schedule *warm_start; /* MILP's first incumbent, solve's
                                       start, or NULL */
    const char *warm_start_method;  /* who made warm_start ("sweep", ...) */
    double time_limit_s;            /* MILP and solve time limit (what is
                                       left of the command's budget) */
    double deadline_s;              /* > 0: the command's budget ends at this
                                       ecs_clock_now() time; the local
                                       search gets an even share of what is
                                       left with each exact method still
                                       to run, the MILP and solve share
                                       the rest */
    const tool_method_params *params; /* sigma, steps, formulation, gap, warm
                                        start; NULL: the defaults */
} tool_method_ctx;

/* The parameters method m uses, as the "params" object of rows and
 * documents (part of a row's case key): makespan_limit_s for every method
 * (the base), sigma and steps for the heuristics, time_limit_s,
 * formulation, gap, warm_start for the MILP, time_limit_s, gap, seed,
 * warm_start for solve.  NULL when out of memory. */
json_t *tool_method_params_json(tool_method m, const tool_method_params *p);

/* What a method gives. */
typedef struct tool_method_out {
    ecs_schedule *schedule; /* checked schedule, or NULL */
    ecs_check_report check; /* checker's report on it (cost, makespan) */
    char status[24];        /* "feasible", "fallback", "optimal", ... */
    int optimal;            /* the cost is proven optimal */
    double bound;           /* proven lower bound on the cost, NAN if none */
    double gap;             /* MILP or solve relative gap, NAN if none */
    const char *bound_method; /* solve: "milp", "lp_colgen", ...; else NULL */
    const char *found_by;   /* solve: "milp", "lns" or the start's method */
    double runtime_s;
    double cpu_s;           /* CPU time of this process during the method */
} tool_method_out;

/*
 * Run method m on ctx.  OK with out filled (out->schedule may be NULL when
 * the MILP found none: status says why); EVIOLATION when the checker
 * rejects the method's schedule (a bug, diag says which); other codes from
 * the method (diag filled).  Release out with tool_method_out_release.
 */
ecs_result tool_method_run(tool_method m, const tool_method_ctx *ctx,
                          tool_method_out *out, ecs_diag *diag);

void tool_method_out_release(tool_method_out *out);

/* Several methods on one problem (one graph, P, E and price schedule). */
typedef struct tool_method_set {
    int want[TOOL_METHOD_COUNT];       /* in: which methods to run */
    ecs_result rc[TOOL_METHOD_COUNT];  /* out: per method */
    ecs_diag diag[TOOL_METHOD_COUNT];
    tool_method_out out[TOOL_METHOD_COUNT];
} tool_method_set;

/* Called before each method starts (batch workers report progress). */
typedef void (*tool_method_hook)(tool_method m, void *arg);

/*
 * Run the wanted methods in the order of TOOL_METHOD_MAP.  The MILP and
 * solve are warm-started with the cheapest heuristic schedule (the sweep is
 * run for it, unrecorded, when no heuristic method is wanted); solve's
 * start is the local heuristic's schedule (run unrecorded within a fifth of
 * solve's limit when local is not wanted), falling back to the sweep's, and
 * its time limit covers that start.  before may be NULL.
 */
void tool_methods_run(const tool_method_ctx *ctx, tool_method_set *set,
                     tool_method_hook before, void *arg);

/* Release every output of a set. */
void tool_method_set_release(tool_method_set *set);

/* The instance's best bound and proven optimum from the exact methods of
 * set that ran (MILP, solve): *bound rises to a larger finite bound,
 * *optimum becomes a proven optimum's cost; both left as they are
 * otherwise (NAN start: none yet). */
void tool_method_set_best(const tool_method_set *set, double *bound,
                         double *optimum);

#endif
