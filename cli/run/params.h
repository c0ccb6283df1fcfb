/*
 * ecsched: the parameters of the methods and of the base search, as the
 * commands take them (cli/run/params.c).  One table (TOOL_PARAM_MAP) drives
 * the options of milp, heuristic, compare and batch, their parsing, the
 * grid axes of batch and compare (a list such as `--sigma 1,2,4` is an
 * axis) and the "params" object of rows and documents.
 */
#ifndef ECSCHED_CLI_PARAMS_H
#define ECSCHED_CLI_PARAMS_H

#include <stddef.h>

#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"

#include "ecsched/heuristic.h"
#include "ecsched/local.h"
#include "ecsched/milp.h"
#include "ecsched/solve.h"

/* XX(ID, "flag", kind): kind D_POS (seconds or number > 0), LONG_POS
 * (whole number >= 1), GAP ([0, 1)), FORM (strong|paper), BOOL (on|off),
 * SEED (whole number >= 0). */
#define TOOL_PARAM_MAP(XX)                                                     \
    XX(TIME_LIMIT, "time-limit", D_POS)         /* MILP / whole command */    \
    XX(MAKESPAN_LIMIT, "makespan-limit", D_POS) /* base search alone */       \
    XX(SIGMA, "sigma", D_POS)                   /* heuristic budget range */  \
    XX(STEPS, "steps", LONG_POS)                /* heuristic sweep steps */   \
    XX(FORMULATION, "formulation", FORM)        /* MILP formulation */        \
    XX(GAP, "gap", GAP)                         /* MILP, solve rel. gap */    \
    XX(WARM_START, "warm-start", BOOL)          /* MILP, solve first incumb. */ \
    XX(SEED, "seed", SEED)                      /* local's order, solve's */ \
    XX(EFFORT, "effort", SEED)                  /* counted-work budget */

typedef enum tool_param_id {
#define TOOL_PARAM_ENUM(id, flag, kind) TOOL_PARAM_##id,
    TOOL_PARAM_MAP(TOOL_PARAM_ENUM)
#undef TOOL_PARAM_ENUM
    TOOL_PARAM_COUNT
} tool_param_id;

/* getopt_long ids of the parameter options: TOOL_OPT_PARAM + id. */
#define TOOL_OPT_PARAM 1300
#define TOOL_OPT_NO_WARM_START (TOOL_OPT_PARAM + TOOL_PARAM_COUNT)

/* getopt_long entries of every parameter option, --no-warm-start included. */
#define TOOL_PARAM_LONGOPTS                                               \
    {"time-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_TIME_LIMIT}, \
    {"makespan-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_MAKESPAN_LIMIT}, \
    {"sigma", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_SIGMA},        \
    {"steps", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_STEPS},        \
    {"formulation", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_FORMULATION}, \
    {"gap", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_GAP},            \
    {"warm-start", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_WARM_START}, \
    {"seed", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_SEED},          \
    {"effort", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_EFFORT},      \
    {"no-warm-start", no_argument, 0, TOOL_OPT_NO_WARM_START}

/* Every parameter of one case or command. */
typedef struct tool_method_params {
    double time_limit_s;      /* MILP limit (batch: per case; the other
                                 commands: the whole command) */
    int time_limit_given;
    double makespan_limit_s;  /* base search limit */
    int makespan_limit_given;
    ecs_heur_params heur;     /* sigma, steps (mode: per method) */
    ecs_milp_params milp;     /* formulation, mip_gap (time limit above) */
    int warm_start;           /* MILP and solve start from the best
                                 heuristic schedule */
    ecs_local_params local;   /* seed; its time limit is time_limit_s when
                                 given, else local's own default */
    ecs_solve_params solve;   /* gap, seed (time limit above) */
} tool_method_params;

/* The defaults, all from the library's _init functions. */
void tool_method_params_init(tool_method_params *p);

/* The smallest time limit a solver is given when the budget is spent: it
 * still returns what it has (the warm start, or no solution). */
#define TOOL_MIN_TIME_LIMIT_S 0.01

/* Seconds left until the ecs_clock_now() time end, at least
 * TOOL_MIN_TIME_LIMIT_S. */
double tool_budget_left(double end);

/* Value lists of the parameters: one grid axis per list. */
typedef struct tool_param_grid {
    double v[TOOL_PARAM_COUNT][64];
    size_t n[TOOL_PARAM_COUNT];   /* 0: not given (the default) */
} tool_param_grid;

void tool_param_grid_init(tool_param_grid *g);

/*
 * Handle option opt (a parameter option or --no-warm-start) with its
 * argument: 1 handled, 0 not a parameter option, -1 bad value (diag).
 * Lists ("1,2,4") are accepted only when lists is set; each value once.
 */
int tool_param_grid_option(tool_param_grid *g, int opt, const char *arg,
                          int lists, ecs_diag *diag);

/*
 * The parameter options in a command's own-option function: TOOL_NOT_OWN
 * when opt is no parameter option, 0 when handled, else the exit code of
 * the usage error printed for command cmd.
 */
int tool_param_option(const char *cmd, tool_param_grid *g, int opt,
                         const char *arg, int lists);

/* Points of the grid: the product of the list lengths (at least 1). */
size_t tool_param_grid_size(const tool_param_grid *g);

/* The parameters of grid point k (0 <= k < size), first axis slowest. */
void tool_param_grid_point(const tool_param_grid *g, size_t k, tool_method_params *p);

/* Name of the parameter whose list has more than one value, for the
 * report's axes; NULL when id is out of range. */
const char *tool_param_name(tool_param_id id);

/* The base search's limit under the command's budget p (docs/reference.md
 * "milp"): --makespan-limit when given, else the makespan search's
 * default capped by --time-limit when that is given (the time limit
 * covers the whole command). */
double tool_base_limit(const tool_method_params *p);


#endif
