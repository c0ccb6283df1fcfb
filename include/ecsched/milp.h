/*
 * ecsched: cost-optimal schedules as mixed-integer programs on GLPK
 * (solver/; docs/MODEL.md "MILP, strong formulation" and "MILP, paper
 * formulation").
 *
 * GLPK never aborts the process (glp_error_hook) and prints nothing unless
 * verbose.  Inputs are validated before GLPK is called.
 *
 * The GLPK environment is the program's: ecs_milp_solve works in the
 * calling thread's environment, deletes every GLPK object it made before it
 * returns (GLPK's memory use is back where it was) and never calls
 * glp_free_env(), so the program's own GLPK objects survive it.  A program
 * that wants GLPK's per-thread memory back calls glp_free_env() itself,
 * when it holds no GLPK object.  During the call ecs_milp_solve installs its
 * own glp_error_hook and afterwards removes it (GLPK cannot tell it the
 * program's: a program with its own hook installs it again).  After a GLPK
 * error (ESOLVER; GLPK's error state, glp_at_error()), the problem object is
 * left to the environment and every solve in that thread fails with ESOLVER
 * until the program has called glp_free_env().
 */
#ifndef ECSCHED_MILP_H
#define ECSCHED_MILP_H

#include <stddef.h>

#include "ecsched/bound.h"
#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/platform.h"
#include "ecsched/progress.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

typedef enum ecs_milp_formulation {
    ECS_MILP_STRONG = 0, /* one column per kept interval, PEs after the solve */
    ECS_MILP_PAPER       /* x_{i,j,k,l}, constraints (1)-(12) corrected */
} ecs_milp_formulation;

/* "strong" / "paper" */
const char *ecs_milp_formulation_name(ecs_milp_formulation f);

/*
 * Parse a formulation name ("strong", "paper") into *out.  ECS_OK, or
 * ECS_EINVAL with diag (may be NULL) naming the value and the accepted
 * names; *out is untouched then.
 */
ecs_result ecs_milp_formulation_parse(const char *name,
                                      ecs_milp_formulation *out,
                                      ecs_diag *diag);

/* XX(ENUM_SUFFIX, "name in output") */
#define ECS_MILP_STATUS_MAP(XX)                                              \
    XX(OPTIMAL, "optimal")         /* proven optimal (within the gap) */     \
    XX(FEASIBLE, "feasible")       /* a limit was reached; bound and gap */  \
    XX(INFEASIBLE, "infeasible")   /* no schedule meets the deadline */      \
    XX(NO_SOLUTION, "no_solution") /* a limit was reached, nothing found */

typedef enum ecs_milp_status {
#define ECS_MILP_STATUS_ENUM(name, key) ECS_MILP_##name,
    ECS_MILP_STATUS_MAP(ECS_MILP_STATUS_ENUM)
#undef ECS_MILP_STATUS_ENUM
} ecs_milp_status;

/* The status as written in output, e.g. "no_solution". */
const char *ecs_milp_status_name(ecs_milp_status s);

typedef struct ecs_milp_params {
    ecs_milp_formulation formulation; /* default strong */
    double time_limit_s;        /* default 60 */
    double mip_gap;             /* relative gap to stop at, default 0 */
    const ecs_schedule *warm_start; /* first incumbent, or NULL */
    int verbose;                /* GLPK's own output (see log) */
    /* With verbose: GLPK's log text goes to log(log_ctx, text) when log is
     * not NULL (default NULL: GLPK's default, stdout). */
    void (*log)(void *ctx, const char *text);
    void *log_ctx;
    /* Called from branch and bound about every progress_every_s seconds
     * (default 0.5) when not NULL (default NULL); ctx passed through.  It
     * is told phase "milp", cost = the incumbent's (NAN if none), the
     * best bound (NAN if unknown), the gap and the nodes. */
    ecs_progress_fn progress;
    void *progress_ctx;
    double progress_every_s;
    double max_nonzeros;        /* refuse larger models (default 5e7) */
    unsigned long long max_nodes; /* the effort budget: branch-and-bound
                                   nodes at most (default 0: none).  With
                                   it GLPK branches by its default rule in
                                   one tree (the two trees of the strong
                                   model split the time), so that the run
                                   depends on no clock but the limit's */
    const char *write_lp;       /* export the model (CPLEX LP), or NULL */
    const char *write_mps;      /* export the model (free MPS), or NULL */
    int zero_half;              /* strong model: 1 adds rounds of zero-half
                                   cuts at the root before branch and bound
                                   (docs/MODEL.md "MILP, strong
                                   formulation": SCIP's choices, at most 20
                                   rounds of 20); 2 as 1 on models of more
                                   than 25,000 columns; 0 (default) none:
                                   on the shared 50-task graphs at P = 4
                                   they lift rand0001 (E = 0.2) by 0.16 at
                                   120 s, lower rand0008 (E = 0.05) by
                                   0.01, rand0093 (E = 0.2) by 0.27 and
                                   cost rand0064 (E = 0.2) its proof
                                   (bench/results/peers40.md,
                                   "Thirteenth round") */
    int sb_probe;               /* strong model: 1 (default) probes the
                                   fractional columns of the root LP by
                                   strong branching before branch and bound
                                   with a share of the time, where the root
                                   gap to the warm start is at least 0.5 %:
                                   the bound the children prove, the
                                   columns whose child costs more than the
                                   best schedule fixed (docs/MODEL.md);
                                   2: at any root gap; 0: none */
    int restart;                /* strong model: 0 (default) none; 2
                                   restarts at the root after reduced-cost
                                   fixing, on the model without the
                                   columns fixed at 0 (docs/MODEL.md "MILP,
                                   strong formulation"), whenever a column
                                   is; 1 only
                                   where they are at least a fifth of the
                                   columns, the root gap to the warm start
                                   is at least 0.5 % and four root LPs'
                                   time is left; 3 as 1 on models of more
                                   than 25,000 and at most 60,000
                                   columns.  Off: on the
                                   shared 50-task graphs at P = 4 it
                                   raised no bound, and on paper32 it cost
                                   nodes (solve sets 3 with restart_plain
                                   and restart_reruns where nothing after
                                   the MILP raises the bound) */
    int node_cuts;              /* strong model: 2 separates zero-half cuts
                                   at the nodes of branch and bound too
                                   (docs/MODEL.md "MILP, strong
                                   formulation"), within a fifth of the
                                   tree's time; 1 only once a tree has run
                                   5 s; 3 (default) as 1 on models of at
                                   most 12,000 columns (on larger ones the
                                   node LPs with the cuts get slow), else
                                   none; 0 none */
    int best_first;             /* strong model: the trees' node selection.
                                   1 (default): once the gap to the
                                   incumbent is within 1 %, the active
                                   node of the lowest bound before every
                                   node (no dive after a branching), which
                                   raises the bound soonest (docs/MODEL.md
                                   "MILP, strong formulation"); 2 from the
                                   first node; 0 GLPK's (dive into a child,
                                   best local bound on backtracking) */
    double split_limit_s;       /* strong model: the two trees split the
                                   time as if the limit were this many
                                   seconds (from the call), the second
                                   tree then having the rest of
                                   time_limit_s: solve's larger grant
                                   where nothing after the MILP raises the
                                   bound keeps the second tree's start
                                   (and its proofs) where milp_share puts
                                   it.  0 (default): the time limit */
    int restart_plain;          /* strong model, with restart: 1 solves the
                                   smaller model by one tree of GLPK's own
                                   (its default branching rule with the
                                   cumulative columns integer too, best
                                   local bound on backtracking, its Gomory,
                                   MIR, cover and clique cuts; no probes,
                                   no pseudo-costs, no node selection or
                                   cuts of ours).  0 (default): as the
                                   whole model.  solve sets it, with
                                   restart 1 or 3, through its
                                   milp_restart_plain (2 by default: restart
                                   3 and two reruns) where nothing after the
                                   MILP raises the bound (docs/MODEL.md "MILP,
                                   strong formulation", "The solve plan") */
    int ext_purge;              /* extended model, column generation: 1
                                   (default) purges the master at the start
                                   of every probe and split LP once it
                                   holds more than 3 times as many task
                                   columns as rows, down to as many as rows
                                   of least reduced cost (docs/MODEL.md
                                   "Column generation, extended model",
                                   "Purge"); 2 at every column generation,
                                   every task column nonbasic at 0 but the
                                   start's (for tests: the bounds and the
                                   optimum are the same); 0 never */
    int restart_reruns;         /* strong model, with restart: at most
                                   this many more restarts (default 0,
                                   at most 8): the smaller model's tree
                                   stops at the first schedule that
                                   closes a quarter of the room between
                                   the incumbent and the root LP, the
                                   fixing runs again with it and the
                                   model restarts without the columns it
                                   fixes at 0 (docs/MODEL.md "MILP, strong
                                   formulation": in solve, rand0001 at
                                   P = 4, E = 0.2 proven in 33-61 s where
                                   the one restart left 167.98 at 120 s) */
} ecs_milp_params;

/* Fill params with the defaults. */
void ecs_milp_params_init(ecs_milp_params *prm);

/* EINVAL (diag says which) for a negative limit, and the like. */
ecs_result ecs_milp_params_validate(const ecs_milp_params *prm,
                                    ecs_diag *diag);

typedef struct ecs_milp_result {
    ecs_milp_status status;
    ecs_schedule *schedule;  /* best schedule found, NULL if none */
    double cost;             /* its cost (NAN if none) */
    double bound;            /* best proven lower bound on the cost: GLPK's
                                (root LP or branch and bound), or the fluid
                                bound (bound.h) when that is higher or GLPK
                                has none; NAN if neither */
    ecs_bound_method bound_method; /* MILP, FLUID or NONE */
    double gap;              /* (cost - bound) / max(|cost|, 1e-9); 0 if optimal */
    double root_bound;       /* LP relaxation at the root */
    long rows, cols;         /* model size */
    long nonzeros;
    unsigned long long nodes; /* branch-and-bound nodes */
    long fixed;              /* interval columns set to 0 before branch
                                and bound because every schedule that uses
                                them costs more than the best one known
                                (extended model: column generation's
                                reduced costs; strong model: the root LP's
                                reduced costs, with the columns that bound
                                propagation tightens then; docs/MODEL.md) */
    unsigned long cuts;      /* strong model: zero-half cuts added at the
                                root (ecs_milp_params.zero_half;
                                docs/MODEL.md) */
    long banned;             /* extended model: (task, class) pairs ruled
                                out before branch and bound by probing: every
                                schedule that runs the task there costs more
                                than the best one known (docs/MODEL.md
                                "Column generation, extended model") */
    int restarts;            /* extended model: trees ended at a schedule
                                clearly cheaper than the one the probes
                                used, each followed by new probes and a
                                new tree (docs/MODEL.md "Column
                                generation, extended model") */
    long split_nodes;        /* extended model: nodes whose profile LP the
                                splits after probing solved (branch and
                                price on the classes and starts;
                                docs/MODEL.md "Column generation,
                                extended model", "Splits") */
    long rounded;            /* extended model: schedules cheaper than the
                                best known that column generation found
                                by rounding the LPs of its probes and
                                splits (every task on its column of most
                                weight; docs/MODEL.md "Column generation,
                                extended model", "Roundings") */
    int warm_used;           /* 1 when the warm start (or, on the extended
                                model, a cheaper schedule found before the
                                tree) satisfied every row of the model and
                                was given to branch and bound as its first
                                incumbent; 0 when none was given, or it was
                                not a solution of the model */
    double runtime_s;
} ecs_milp_result;

/*
 * Minimise the cost of a schedule of g (contracted) on platform p with
 * prices price[0..nprice-1] (nprice >= deadline) and deadline D'.
 * Returns OK with out->status set for every solver outcome (infeasible
 * included); EINVAL for bad input, ELIMIT when the model would exceed
 * max_nonzeros (diag gives the estimate and the flag that raises it),
 * ESOLVER when GLPK fails, ENOMEM.  Release *out with
 * ecs_milp_result_release.
 */
ecs_result ecs_milp_solve(const ecs_instance *inst, const ecs_milp_params *prm, ecs_milp_result *out,
                          ecs_diag *diag);

/*
 * The size guard of ecs_milp_solve, alone and cheap enough to run before
 * anything costly (a warm start, the prices): ELIMIT (diag names
 * --max-nonzeros) when the graph is too large for the time windows'
 * quadratic closure (tasks^2 > 20 max_nonzeros, checked first) or the
 * model would exceed max_nonzeros; EINVAL for bad params.  OK otherwise,
 * also when no schedule can meet the deadline (the solve says so).
 */
ecs_result ecs_milp_check_size(const ecs_instance *inst,
                               const ecs_milp_params *prm, ecs_diag *diag);

/* The strong model's estimated non-zeros and the dynamic-programming
 * steps its interval costs take, without building it (the instance's
 * windows when prepared).  OK, EINVAL, ENOMEM. */
ecs_result ecs_milp_estimate(const ecs_instance *inst, double *nonzeros,
                             double *dp_ops, ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_milp_result_release(ecs_milp_result *r);

typedef struct ecs_milp_colgen_result {
    double bound;           /* the profile formulation's LP bound when the
                               pricing converged (less 1e-10 relative), else
                               NAN */
    double lp_value;        /* the last master LP's value, NAN if none */
    size_t columns;         /* columns generated */
    unsigned rounds;        /* master LPs solved */
    ecs_schedule *schedule; /* the MILP over the columns' schedule when it
                               found one (checked), else NULL */
    double cost;            /* its cost, NAN if none */
    double runtime_s;
} ecs_milp_colgen_result;

/*
 * The column generation of the extended model alone (docs/MODEL.md
 * "Column generation, extended model"), also on the paper's: from the
 * columns of start (a feasible schedule of inst), price until no column
 * has a negative reduced cost (70 % of time_limit_s at most), then the
 * MILP over the columns generated until the limit.  A bound for instances
 * whose MILP is too large, and schedules.  OK (out->bound NAN when the
 * pricing did not converge or start left the windows); EINVAL for an
 * invalid instance or start; ESOLVER; ENOMEM.  Release *out with
 * ecs_milp_colgen_result_release.
 */
ecs_result ecs_milp_colgen(const ecs_instance *inst, const ecs_schedule *start,
                           double time_limit_s, ecs_milp_colgen_result *out,
                           ecs_diag *diag);

/*
 * ecs_milp_colgen's options.  smooth in [0, 1): the pricing's duals are
 * smooth times those of the best Lagrangian bound so far (the centre)
 * plus 1 - smooth times the master's; where no column prices out there
 * or the master's value did not fall, the master's own duals are priced
 * too, and only they declare convergence (0: the master's duals only).  prec_rows_max > 0: the precedence rows of
 * every k-th slot of a task's window only, k the least that keeps them
 * at most prec_rows_max (0: every row).  Both keep the bound valid
 * (docs/MODEL.md "Column generation, extended model", "At scale").
 */
typedef struct ecs_milp_colgen_params {
    double time_limit_s;
    double smooth;         /* 0 */
    size_t prec_rows_max;  /* 0 */
    int no_mip;            /* 1: no MILP over the columns (no schedule):
                              the pricing has all of the time and the call
                              returns once it converges (0) */
} ecs_milp_colgen_params;

/* ecs_milp_colgen with options (ecs_milp_colgen is this with smooth 0,
 * every precedence row and the MILP over the columns). */
ecs_result ecs_milp_colgen_ex(const ecs_instance *inst,
                              const ecs_schedule *start,
                              const ecs_milp_colgen_params *prm,
                              ecs_milp_colgen_result *out, ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_milp_colgen_result_release(ecs_milp_colgen_result *r);

#endif
