/*
 * ecsched: the engine (engine/solve.c): the best schedule of an instance
 * within a budget, with a proven lower bound; what `ecsched solve` runs.
 *
 * The plan, in this order (every share and threshold is a field of
 * ecs_solve_params below, with its default; docs/reference.md "solve" and
 * docs/MODEL.md "The solve plan" describe the same table):
 *
 *   phase   runs when                                       budget
 *   start   no start schedule is given: the base (the        -
 *           caller's, else the makespan search's), then the
 *           paper's sweep heuristic from it (heuristic.h)
 *           then local search from the sweep's schedule      start_share of
 *           (local.h); the cheapest of the three             the limit
 *   fluid   always: the fluid bound (immediate)              -
 *   dp      the gap is open, the graph has at most           dp_share of what
 *           dp_max_tasks tasks and dp_max_ideals order       is left: a beam of
 *           ideals (dp.h)                                    dp_beam states a
 *                                                            slot first within
 *                                                            dp_beam_share of
 *                                                            it, then exact
 *   milp    the gap is open and the strong model has at      milp_share of
 *           most milp_max_nonzeros estimated non-zeros and   what is left
 *           its interval costs at most                       (milp_last_share
 *           milp_dp_ops_per_nonzero * milp_max_nonzeros      where no dp
 *           DP operations (milp.h; warm-started)             follows, up to
 *                                                            milp_all_max_tasks
 *                                                            tasks and
 *                                                            milp_last_max_pes
 *                                                            PEs)
 *   bound   the gap is open and the MILP did not run         bound_share of
 *           (bound.h: column generation within colgen_share  what is left
 *           of it, then the Lagrangian)
 *   lns     the gap is still open (lns.h; lns_free_tasks     the rest
 *           tasks freed at first, lns_sub_time_limit_s a
 *           sub-problem)
 *   local   the extended model beyond the MILP's size: after   the rest
 *           its column generation (bound_share, as bound; up
 *           to colgen_max_tasks tasks and colgen_max_task_slots
 *           tasks x D'), local search from the
 *           best schedule (local.h), then from the start and
 *           fluid phases' other schedules (docs/MODEL.md "solve
 *           on the extended model"); within it, above
 *           milp_all_max_tasks tasks, after the MILP
 *           (milp_share)
 *
 * Every phase runs on the instance without what cannot bind
 * (ecs_instance_view_make, instance.h): a source of zero volume or a cap
 * above the peak draw gives the same route as the instance without it.
 *
 * "The gap is open" is ecs_gap_reached (bound.h) of the best schedule and
 * bound so far against params.gap.  The result's mode names the route.
 * A phase runs only on the models its method's row of the method table
 * handles (method.h: sweep, dp, colgen and lns the paper's platform only;
 * on the extended platform the start is the base then local search, and
 * the MILP has all of the time left, with its own column generation when
 * it cannot run; on slots of different lengths the start is the base
 * fitted to them then local search, and the MILP runs whatever its
 * estimated size, within its own limit, with all of the time left).
 *
 * Budgets.  time_limit_s is a wall-clock limit on the whole call (the
 * start included).  With an effort budget E > 0 the shares above are not
 * applied and every phase is limited by counted work instead: the base
 * search by E nodes, local search by E moves, the MILP by E
 * branch-and-bound nodes (one tree, GLPK's branching), column generation
 * by E/10 + 1 pricing rounds and the Lagrangian by E steps, the search by
 * E/100 + 1 neighbourhoods of at most 100 nodes each, the dynamic
 * program by E x 64 KiB of stored states (at most dp_max_bytes).  No decision then reads the
 * clock, so the same instance, seed and effort give the same schedule and
 * bound on any machine and load, as long as the time limit (the safety
 * stop) does not bind.  `stop` says which budget ended the run: done, gap,
 * effort or time.
 * The library never prints: progress goes to the optional callback.
 */
#ifndef ECSCHED_SOLVE_H
#define ECSCHED_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "ecsched/bound.h"
#include "ecsched/instance.h"
#include "ecsched/local.h"
#include "ecsched/milp.h"
#include "ecsched/progress.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/* The outcome of ecs_solve.  XX(ENUM_SUFFIX, "name in output"): the
 * MILP's words (milp.h), so that the documents of solve and milp read the
 * same; engine/solve.c asserts that the values agree too. */
#define ECS_SOLVE_STATUS_MAP(XX)                                              \
    XX(OPTIMAL, "optimal")         /* within the gap asked for */             \
    XX(FEASIBLE, "feasible")       /* a schedule; a limit was reached */      \
    XX(INFEASIBLE, "infeasible")   /* no schedule meets the deadline */       \
    XX(NO_SOLUTION, "no_solution") /* a limit was reached, nothing found */

typedef enum ecs_solve_status {
#define ECS_SOLVE_STATUS_ENUM(name, key) ECS_SOLVE_##name,
    ECS_SOLVE_STATUS_MAP(ECS_SOLVE_STATUS_ENUM)
#undef ECS_SOLVE_STATUS_ENUM
} ecs_solve_status;

/* The status as written in output, e.g. "no_solution". */
const char *ecs_solve_status_name(ecs_solve_status s);

/* The route the engine took.  XX(ENUM_SUFFIX, "name in output") */
#define ECS_SOLVE_MODE_MAP(XX)                                                \
    XX(NONE, "none")           /* nothing ran (infeasible at once) */         \
    XX(BOUND, "bound")         /* the fluid bound showed the start within    \
                                  the gap at once */                          \
    XX(DP, "dp")               /* the dynamic program finished */             \
    XX(MILP, "milp")           /* the MILP (after a dynamic program that     \
                                  did not finish, if any) */                  \
    XX(MILP_LNS, "milp+lns")   /* the MILP, then the search */                \
    XX(BOUND_LNS, "bound+lns") /* the bound of bound.h, then the search */

typedef enum ecs_solve_mode {
#define ECS_SOLVE_MODE_ENUM(name, key) ECS_SOLVE_MODE_##name,
    ECS_SOLVE_MODE_MAP(ECS_SOLVE_MODE_ENUM)
#undef ECS_SOLVE_MODE_ENUM
} ecs_solve_mode;

/* The mode as written in output, e.g. "milp+lns". */
const char *ecs_solve_mode_name(ecs_solve_mode m);

/* Who found a schedule.  XX(ENUM_SUFFIX, "name in output") */
#define ECS_FOUND_BY_MAP(XX)                                                  \
    XX(NONE, "none")     /* no schedule */                                    \
    XX(START, "start")   /* the caller's start schedule */                    \
    XX(BASE, "base")     /* the base schedule (f = 1) */                      \
    XX(SWEEP, "sweep")   /* the paper's sweep heuristic */                    \
    XX(BINARY, "binary") /* the paper's binary-search heuristic */            \
    XX(LOCAL, "local")   /* local search */                                   \
    XX(DP, "dp")         /* the dynamic program */                            \
    XX(MILP, "milp")     /* the MILP */                                       \
    XX(STAGES, "stages") /* the bound by stages' schedule                     \
                            (ecs_bound_stages_schedule,                       \
                            ecs_bound_stages_ext_schedule) */                 \
    XX(LNS, "lns")       /* large-neighbourhood search */                     \
    XX(CHEAPEST_FIT, "cheapest_fit") /* the cheapest-fit list schedule        \
                                        (ecs_listsched_cheapest) */           \
    XX(STAGE_LNS, "stage_lns") /* the stage LNS                               \
                                  (ecs_bound_stages_ext_improve) */           \
    XX(RETIME, "retime") /* the PE re-timing (ecs_bound_retime_ext) */

typedef enum ecs_found_by {
#define ECS_FOUND_BY_ENUM(name, key) ECS_FOUND_BY_##name,
    ECS_FOUND_BY_MAP(ECS_FOUND_BY_ENUM)
#undef ECS_FOUND_BY_ENUM
} ecs_found_by;

/* The finder as written in output, e.g. "lns". */
const char *ecs_found_by_name(ecs_found_by f);

/* The phases of the plan, as they ran.  XX(ENUM_SUFFIX, "name") */
#define ECS_SOLVE_PHASE_MAP(XX)                                               \
    XX(START, "start")       /* base, sweep, local */                         \
    XX(FLUID, "fluid")       /* the fluid bound */                            \
    XX(DP_BEAM, "dp_beam")   /* the dynamic program's beam pass */            \
    XX(DP, "dp")             /* its exact pass */                             \
    XX(MILP, "milp")                                                          \
    XX(BOUND, "bound")       /* bound.h: column generation, Lagrangian */     \
    XX(LNS, "lns")                                                            \
    XX(LOCAL, "local")       /* extended model: local search after the bound */

typedef enum ecs_solve_phase {
#define ECS_SOLVE_PHASE_ENUM(name, key) ECS_PHASE_##name,
    ECS_SOLVE_PHASE_MAP(ECS_SOLVE_PHASE_ENUM)
#undef ECS_SOLVE_PHASE_ENUM
    ECS_PHASE_COUNT
} ecs_solve_phase;

/* The phase as written in output, e.g. "dp_beam". */
const char *ecs_solve_phase_name(ecs_solve_phase ph);

/* One phase that ran: when it began (seconds since the call), the time
 * then left of the limit, how long after its beginning the plan let it
 * run (never more than left_s; 0 for the fluid bound, which is
 * immediate), and how long it took. */
typedef struct ecs_solve_step {
    ecs_solve_phase phase;
    double at_s;
    double left_s;
    double granted_s;
    double used_s;
} ecs_solve_step;

typedef struct ecs_solve_params {
    double time_limit_s;      /* wall-clock budget for the call, default 60 */
    double gap;               /* stop at this relative gap, default 0 */
    uint64_t seed;            /* neighbourhood choice, default 1 */
    long effort;              /* effort budget E (see above); 0 (default):
                                 the wall clock with the shares */
    /* the start, when ecs_solve is given none */
    int start_phase;          /* 1 (default): make one; 0: none (the plan
                                 from no schedule) */
    const ecs_schedule *base; /* base schedule at f = 1 (not copied), or
                                 NULL: the makespan search's */
    double base_time_limit_s; /* the makespan search's limit when it runs
                                 (default 10, within the budget) */
    double start_share;       /* local search's share of the limit for the
                                 start (default 0.2; at most local's own
                                 limit) */
    ecs_local_params local;   /* local search's params for the start */
    ecs_found_by start_by;    /* who made a start given to ecs_solve
                                 (default START) */
    /* the plan (the table above) */
    size_t dp_max_tasks;      /* default 512 */
    size_t dp_max_ideals;     /* default 5000; 0: no dynamic program */
    double dp_share;          /* default 0.5 */
    size_t dp_beam;           /* default 1000 states a slot */
    double dp_beam_share;     /* default 0.1 */
    size_t dp_max_bytes;      /* the dynamic program's memory, 1 GiB (64
                                 MiB at most after the MILP) */
    double milp_max_nonzeros; /* default 2e6; 0: no MILP */
    double milp_dp_ops_per_nonzero; /* default 200 */
    double milp_share;        /* default 0.5; 1: the MILP alone (the extended model: all of it up to milp_all_max_tasks tasks) */
    double milp_last_share;   /* the MILP's share instead of milp_share
                                 (when larger) where no phase after it
                                 raises the bound:
                                 the paper's model, no dynamic program to
                                 follow, at most milp_all_max_tasks tasks
                                 and milp_last_max_pes PEs (default 0.9:
                                 the shared 50-task graphs at P = 4, whose
                                 bound the MILP's trees raise with time
                                 while the LNS after them raises none;
                                 bench/results/peers40.md, eleventh
                                 round) */
    int milp_last_max_pes;    /* default 4; 0: milp_share everywhere (at
                                 P = 8 the second tree's proofs come later
                                 in a larger grant) */
    int milp_restart_plain;   /* 1: in milp_last_share's cases the MILP
                                 restarts at the root on the model without
                                 the columns reduced-cost fixing sets to 0
                                 (ecs_milp_params restart 1, restart_plain
                                 1: GLPK's own tree on it): it raised
                                 rand0001's bound (P = 4, E = 0.2, 120 s:
                                 168.03-168.13 against 167.79) but
                                 rand0004 was not proven in 120 s on a
                                 loaded machine (bench/results/peers40.md,
                                 twelfth round).  2 (default): so only on
                                 models of 25,000 to 60,000 columns
                                 (restart 3), with two reruns
                                 (restart_reruns 2): rand0001 proven in
                                 33-61 s (fourteenth round); 0: none */
    double bound_share;       /* default 0.5 */
    double colgen_share;      /* default 0.25 of the bound's time: where
                                 column generation has not solved the LP by
                                 then, the Lagrangian gets as far in less
                                 time (100/rand0005 P = 16, 100/rand0019
                                 P = 4, montage 748 tasks P = 4: the same
                                 bound within 0.05% with or without half
                                 of 30 s for column generation) */
    size_t colgen_max_tasks;  /* the extended model beyond the MILP's
                                 size: its column generation only up to
                                 this many tasks (default 500; 0: never):
                                 at 1,000 tasks it gave no bound above the
                                 fluid one and no schedule in 7.6-9 s of
                                 20 s, with 1.5-2 GB; local search used
                                 the time (bench/results/ext37.md, "Third
                                 round"); at 300 it is kept (local search
                                 alone stopped after 1.4 s of 110) */
    size_t colgen_max_task_slots; /* ... and only where tasks x D' is at
                                 most this (default 40,000; 0: never):
                                 the shared rnaseq (197 x 85), seismology
                                 300p (301 x 46) and STG 100 (100 x 189)
                                 converge in the phase and raise the
                                 bound; on layered 300 on the three sites
                                 (300 x 207) 19 master LPs in 146 s left
                                 a Lagrangian bound of 64.2 under the
                                 fluid's 85.40, on layered 1,000 on mix
                                 (1,000 x 1,831) 28 in 145 s 428.7 under
                                 685.3 with 481 MB: local search has the
                                 time (bench/results/ext37.md,
                                 "Fifteenth round: at scale") */
    size_t milp_all_max_tasks; /* the extended model: the MILP has all of
                                 the time left up to this many tasks
                                 (default 60: paper-sized graphs, where it
                                 proves; two thirds of it where a source
                                 or a cap can bind, whose frequency
                                 columns are weak: STG 50 on the mix
                                 platform, the MILP's 288 s of 300 gave
                                 nothing), milp_share of it above and local
                                 search the rest (at 100 tasks, P = 8, on
                                 three sites it gave nothing in 36 s;
                                 bench/results/ext37.md, "Third round") */
    size_t lns_free_tasks;    /* default 30 */
    double lns_sub_time_limit_s; /* default 10 */
    ecs_progress_fn progress; /* or NULL */
    void *progress_ctx;
} ecs_solve_params;

/* Fill params with the defaults. */
void ecs_solve_params_init(ecs_solve_params *prm);

/* EINVAL (diag says which) for a limit that is not positive, a gap
 * outside [0, 1), a share outside (0, 1], and the like. */
ecs_result ecs_solve_params_validate(const ecs_solve_params *prm,
                                     ecs_diag *diag);

typedef struct ecs_solve_result {
    ecs_solve_status status;  /* optimal (within the gap asked for),
                                 feasible, infeasible, no_solution */
    ecs_schedule *schedule;   /* best schedule, NULL if none */
    double cost;              /* its cost (checker), NAN if none */
    double bound;             /* best lower bound, NAN if none */
    double gap;               /* ecs_gap_rel(cost, bound), NAN if either
                                 is missing */
    ecs_bound_method bound_method;
    ecs_found_by found_by;
    ecs_solve_mode mode;
    ecs_found_by start_by;    /* who made the start (NONE: none) */
    double start_cost;        /* its cost, NAN if none */
    ecs_stop stop;            /* what ended the run */
    long lns_rounds;          /* sub-problems solved */
    long lns_improved;        /* of which improved the incumbent */
    double bound_time_s;      /* spent on the bound */
    size_t dp_states;         /* states the dynamic program stored */
    double runtime_s;         /* wall time of the whole call */
    ecs_solve_step steps[ECS_PHASE_COUNT + 1]; /* the phases that ran, in
                                                  order (the plan made
                                                  visible) */
    size_t nsteps;
    long milp_rows, milp_cols, milp_nonzeros; /* the MILP's model when it
                                                 ran, else 0 */
    double milp_estimate;     /* its estimated non-zeros (the plan's
                                 measure), NAN when not estimated */
} ecs_solve_result;

/*
 * Minimise the cost of a schedule of the instance (its graph contracted:
 * every task has work), starting from `start` (a feasible schedule, or NULL:
 * the start phase makes one).  OK with out filled for every solver outcome,
 * infeasible included; EINVAL for bad input (a start the checker rejects),
 * ENOMEM, ESOLVER.  Release *out with ecs_solve_result_release.
 */
ecs_result ecs_solve(const ecs_instance *inst, const ecs_schedule *start,
                     const ecs_solve_params *prm, ecs_solve_result *out,
                     ecs_diag *diag);

/*
 * The start phase alone (the first row of the table above), within
 * prm->time_limit_s: the base (prm->base, else the makespan search's), the
 * sweep heuristic from it and local search from the sweep's schedule
 * (start_share of the limit); out->schedule is the cheapest (NULL when no
 * base meets D'), found_by and start_by say whose, cost and start_cost its
 * cost.  The MILP's warm start in `ecsched milp`.  OK, EINVAL, ENOMEM.
 */
ecs_result ecs_solve_start(const ecs_instance *inst,
                           const ecs_solve_params *prm, ecs_solve_result *out,
                           ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_solve_result_release(ecs_solve_result *r);

#endif
