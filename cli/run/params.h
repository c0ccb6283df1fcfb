/*
 * ecsched: the parameters of the methods and of the base search, as the
 * commands take them (cli/run/params.c).  One table (ECS_PARAM_MAP) drives
 * the options of milp, heuristic, compare and batch, their parsing, the
 * grid axes of batch and compare (a list such as `--sigma 1,2,4` is an
 * axis) and the "params" object of rows and documents.
 */
#ifndef ECSCHED_CLI_PARAMS_H
#define ECSCHED_CLI_PARAMS_H

#include <stddef.h>

#include "run/cli.h"

#include "ecsched/heuristic.h"
#include "ecsched/local.h"
#include "ecsched/milp.h"
#include "ecsched/solve.h"

/* XX(ID, "flag", kind): kind D_POS (seconds or number > 0), LONG_POS
 * (whole number >= 1), GAP ([0, 1)), FORM (strong|paper), BOOL (on|off),
 * SEED (whole number >= 0). */
#define ECS_PARAM_MAP(XX)                                                     \
    XX(TIME_LIMIT, "time-limit", D_POS)         /* MILP / whole command */    \
    XX(MAKESPAN_LIMIT, "makespan-limit", D_POS) /* base search alone */       \
    XX(SIGMA, "sigma", D_POS)                   /* heuristic budget range */  \
    XX(STEPS, "steps", LONG_POS)                /* heuristic sweep steps */   \
    XX(FORMULATION, "formulation", FORM)        /* MILP formulation */        \
    XX(GAP, "gap", GAP)                         /* MILP, solve rel. gap */    \
    XX(WARM_START, "warm-start", BOOL)          /* MILP, solve first incumb. */ \
    XX(SEED, "seed", SEED)                      /* local's order, solve's */ \
    XX(EFFORT, "effort", SEED)                  /* counted-work budget */

typedef enum ecs_param_id {
#define ECS_PARAM_ENUM(id, flag, kind) ECS_PARAM_##id,
    ECS_PARAM_MAP(ECS_PARAM_ENUM)
#undef ECS_PARAM_ENUM
    ECS_PARAM_COUNT
} ecs_param_id;

/* getopt_long ids of the parameter options: ECS_OPT_PARAM + id. */
#define ECS_OPT_PARAM 1300
#define ECS_OPT_NO_WARM_START (ECS_OPT_PARAM + ECS_PARAM_COUNT)

/* getopt_long entries of every parameter option, --no-warm-start included. */
#define ECS_CLI_PARAM_LONGOPTS                                               \
    {"time-limit", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_TIME_LIMIT}, \
    {"makespan-limit", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_MAKESPAN_LIMIT}, \
    {"sigma", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_SIGMA},        \
    {"steps", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_STEPS},        \
    {"formulation", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_FORMULATION}, \
    {"gap", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_GAP},            \
    {"warm-start", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_WARM_START}, \
    {"seed", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_SEED},          \
    {"effort", required_argument, 0, ECS_OPT_PARAM + ECS_PARAM_EFFORT},      \
    {"no-warm-start", no_argument, 0, ECS_OPT_NO_WARM_START}

/* Every parameter of one case or command. */
typedef struct ecs_method_params {
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
} ecs_method_params;

/* The defaults, all from the library's _init functions. */
void ecs_method_params_init(ecs_method_params *p);

/* The smallest time limit a solver is given when the budget is spent: it
 * still returns what it has (the warm start, or no solution). */
#define ECS_MIN_TIME_LIMIT_S 0.01

/* Seconds left until the ecs_clock_now() time end, at least
 * ECS_MIN_TIME_LIMIT_S. */
double ecs_budget_left(double end);

/* Value lists of the parameters: one grid axis per list. */
typedef struct ecs_param_grid {
    double v[ECS_PARAM_COUNT][64];
    size_t n[ECS_PARAM_COUNT];   /* 0: not given (the default) */
} ecs_param_grid;

void ecs_param_grid_init(ecs_param_grid *g);

/*
 * Handle option opt (a parameter option or --no-warm-start) with its
 * argument: 1 handled, 0 not a parameter option, -1 bad value (diag).
 * Lists ("1,2,4") are accepted only when lists is set; each value once.
 */
int ecs_param_grid_option(ecs_param_grid *g, int opt, const char *arg,
                          int lists, ecs_diag *diag);

/*
 * The parameter options in a command's own-option function: ECS_CLI_NOT_OWN
 * when opt is no parameter option, 0 when handled, else the exit code of
 * the usage error printed for command cmd.
 */
int ecs_cli_param_option(const char *cmd, ecs_param_grid *g, int opt,
                         const char *arg, int lists);

/* Points of the grid: the product of the list lengths (at least 1). */
size_t ecs_param_grid_size(const ecs_param_grid *g);

/* The parameters of grid point k (0 <= k < size), first axis slowest. */
void ecs_param_grid_point(const ecs_param_grid *g, size_t k, ecs_method_params *p);

/* Name of the parameter whose list has more than one value, for the
 * report's axes; NULL when id is out of range. */
const char *ecs_param_name(ecs_param_id id);

#endif
