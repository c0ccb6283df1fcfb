/*
 * ecsched: lower bounds on the optimal energy cost that scale to thousands
 * of tasks (solver/bound/bound.c, colgen.c, chains.c, lagrangian.c, solver/bound/fluid.c; the argument in
 * docs/MODEL.md "Cost lower bounds").
 *
 * The bound is the LP relaxation of the strong formulation (docs/MODEL.md
 * "MILP, strong formulation"), solved by column generation: a restricted master
 * LP over a few interval columns x(i,s,e) on GLPK's simplex, and a pricing
 * dynamic program per task that finds its interval and frequency profile of
 * least reduced cost against the duals of the capacity and precedence rows,
 * over every interval of its time window (never enumerated).  Precedence
 * rows S(b,l) <= C(a,l-1) are added only when the master's solution
 * violates them.  After every pricing round the Lagrangian (Farley) bound
 *   sum_r y_r b_r + sum_i min_{s,e} reduced cost(i,s,e)
 * is a valid lower bound for any duals y of the right signs, so the best
 * bound seen is valid whenever the time runs out; when no column prices out
 * and no row is violated it equals the LP optimum (status "lp_optimal").
 *
 * Before it, the fluid bound (ecs_bound_fluid below) gives a bound at once,
 * and, when the graph has bottleneck tasks (comparable with every other
 * task, like the forks and joins of a fork-join pipeline), the bound by
 * stages: a DP over the bottlenecks' intervals with the fluid bound of the
 * work between each two inside the slots between (stages.c);
 * after it, when it has not solved the LP within its share of the time and
 * a start schedule is given, a Lagrangian relaxation of the capacity rows
 * and of the edges between chains, whose subproblems are chains of the
 * graph (precedence kept inside each), takes the rest, from the fluid
 * bound's slot prices.  The bound returned
 * is the largest of all, with its method.
 */
#ifndef ECSCHED_BOUND_H
#define ECSCHED_BOUND_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/* XX(ENUM_SUFFIX, "name in output") */
#define ECS_BOUND_STATUS_MAP(XX)                                             \
    XX(LP_OPTIMAL, "lp_optimal")   /* the LP relaxation solved exactly */    \
    XX(PARTIAL, "partial")         /* stopped early: a valid, weaker bound */\
    XX(INFEASIBLE, "infeasible")   /* no schedule meets the deadline */      \
    XX(NONE, "none")               /* stopped before any bound */

typedef enum ecs_bound_status {
#define ECS_BOUND_STATUS_ENUM(name, key) ECS_BOUND_##name,
    ECS_BOUND_STATUS_MAP(ECS_BOUND_STATUS_ENUM)
#undef ECS_BOUND_STATUS_ENUM
} ecs_bound_status;

/* The status as written in output, e.g. "lp_optimal". */
const char *ecs_bound_status_name(ecs_bound_status s);

/* Which method gave a lower bound.  XX(ENUM_SUFFIX, "name in output") */
#define ECS_BOUND_METHOD_MAP(XX)                                             \
    XX(NONE, "none")                 /* no bound */                          \
    XX(FLUID, "fluid")               /* the fluid bound (ecs_bound_fluid) */ \
    XX(STAGES, "stages")             /* the bound by stages between       \
                                        bottleneck tasks */                  \
    XX(LP_COLGEN, "lp_colgen")       /* column generation's LP bound */      \
    XX(LAGRANGIAN_CAPACITY, "lagrangian_capacity") /* the Lagrangian over  \
                                        chains, capacity and edges priced */ \
    XX(MILP, "milp")                 /* GLPK's branch-and-bound bound */     \
    XX(DP, "dp")                     /* a finished dynamic program */      \
    XX(GRANULAR, "granular")         /* the granular bound of the         \
                                        extended model */

typedef enum ecs_bound_method {
#define ECS_BOUND_METHOD_ENUM(name, key) ECS_BOUND_BY_##name,
    ECS_BOUND_METHOD_MAP(ECS_BOUND_METHOD_ENUM)
#undef ECS_BOUND_METHOD_ENUM
} ecs_bound_method;

/* The method as written in output, e.g. "lp_colgen". */
const char *ecs_bound_method_name(ecs_bound_method m);

/* ---- the gap between a schedule's cost and a lower bound, judged one way
 * by every method (milp, dp, solve) and as GLPK's mip_gap judges it
 * (solver/core/gap.c) ---- */

/* (cost - bound) / max(|cost|, 1e-9), at least 0, and 0 when cost - bound
 * <= 1e-9 (1 + |bound|) (rounding, also at a cost of 0); NAN when either
 * is NAN or the bound is not finite. */
double ecs_gap_rel(double cost, double bound);

/* 1 when ecs_gap_rel(cost, bound) <= gap (within 1e-9), else 0 (also when
 * the gap is unknown). */
int ecs_gap_reached(double cost, double bound, double gap);

/* A bound at or above cost - (gap + 0.5e-9) max(|cost|, 1e-9) reaches the
 * gap under cost (ecs_gap_reached, whose 1e-9 covers the rounding): e.g.
 * a bound's stop_at. */
double ecs_gap_floor(double cost, double gap);

/* The dearest cost that reaches the gap over bound: (c - bound) <= gap |c|,
 * so c <= bound / (1 - gap) for bound >= 0 and bound / (1 + gap) below. */
double ecs_gap_target(double bound, double gap);

typedef struct ecs_bound_params {
    double time_limit_s;          /* wall-clock budget, default 60 */
    long max_iterations;          /* pricing rounds, default 100000 */
    long lagr_max_iterations;     /* subgradient steps of the Lagrangian at
                                     most (the effort budget; default 0:
                                     until the time limit) */
    const ecs_schedule *start;    /* a feasible schedule whose intervals
                                     start the master, or NULL */
    long max_rows_per_round;      /* precedence rows added per round
                                     (default 20000) */
    double colgen_share;          /* share of the limit for column
                                     generation; when it has not solved the
                                     LP by then and a start is given, the
                                     Lagrangian relaxation of the capacity
                                     rows takes the rest (default 0.5) */
    int colgen;                   /* 1 (default): column generation first;
                                     0: the fluid bound and, with a start,
                                     the Lagrangian relaxation only */
    double stop_at;               /* stop as soon as the bound reaches
                                     this value (default HUGE_VAL: use
                                     the whole limit); e.g. the start's
                                     cost minus the gap wanted */
    double stages_share;          /* share of the limit the bound by stages
                                     may use at most (default 0.25; 0:
                                     not run); all of it where neither
                                     column generation nor the Lagrangian
                                     runs (a pricing round too long for
                                     the limit) */
    long stages_blocks;           /* the bound by stages' finest pass, in
                                     blocks per bottleneck window (its
                                     passes go from 16 blocks, 4 times
                                     finer each; default 0: up to the
                                     exact pass, time permitting; >= 0) */
    int stages_sweep;             /* how the bound by stages' exact pass
                                     prices a stage over its (first slot,
                                     last slot) pairs: ECS_STAGES_SWEEP_AUTO
                                     (default), _MONOTONE or _QUADRATIC
                                     (below) */
    double stages_value;          /* the bound by stages already known for
                                     this instance (ecs_bound_stages_
                                     schedule's bound), taken instead of
                                     running it; NAN (default): run it */
    int lagr_edges;               /* 1 (default): the Lagrangian relaxation
                                     also prices the edges between its
                                     chains (a multiplier per edge and
                                     slot); 0: drops them (the weaker
                                     bound of capacity prices alone) */
} ecs_bound_params;

/* The exact pass of the bound by stages (ecs_bound_params.stages_sweep;
 * docs/MODEL.md "The bound by stages"): a stage's cost over a slot range
 * is Monge (the fluid of a union and an intersection costs at least that
 * of the two ranges), so the best last slot of the bottleneck before it
 * moves monotonely with the stage's end.
 * AUTO: the quadratic sweep where both bottlenecks' windows are at most
 * ECS_STAGES_QUADRATIC_MAX slots, the monotone one elsewhere.
 * MONOTONE: divide and conquer over the stage's end (O(L log L) ranges for
 * a window of L slots instead of L^2 / 2), once for the stage's fluid on
 * min(P, paths) PEs and once for its paths' sum, the larger of the two
 * minima taken (a bound: at most the minimum of the larger term).
 * QUADRATIC: every range, the two terms apart as MONOTONE does (the test
 * oracle of MONOTONE). */
enum {
    ECS_STAGES_SWEEP_AUTO = 0,
    ECS_STAGES_SWEEP_MONOTONE = 1,
    ECS_STAGES_SWEEP_QUADRATIC = 2
};
#define ECS_STAGES_QUADRATIC_MAX 64

/* Fill params with the defaults. */
void ecs_bound_params_init(ecs_bound_params *prm);

/* EINVAL (diag says which) for a limit that is not positive. */
ecs_result ecs_bound_params_validate(const ecs_bound_params *prm,
                                     ecs_diag *diag);

typedef struct ecs_bound_result {
    ecs_bound_status status;
    double bound;        /* best valid lower bound (-HUGE_VAL if none) */
    double lp_value;     /* last restricted master LP value (NAN if none);
                            equals bound when lp_optimal, unless the bound
                            by stages is higher (method STAGES) */
    ecs_bound_method method; /* which gave the bound: FLUID, STAGES,
                                LP_COLGEN or LAGRANGIAN_CAPACITY */
    long iterations;     /* pricing rounds */
    long columns;        /* interval columns generated */
    long prec_rows;      /* precedence rows added */
    double runtime_s;
} ecs_bound_result;

/*
 * A lower bound on the cost of every feasible schedule of g (contracted:
 * every task has work) on platform p with prices price[0..nprice-1]
 * (nprice >= deadline) and deadline D'.  Returns OK with out filled for
 * every outcome (status infeasible when the time windows already show that
 * no schedule meets D'); EINVAL for bad input (a start schedule the checker
 * rejects included), ENOMEM, ESOLVER when GLPK fails.  Memory grows with
 * the columns generated, not with the intervals of the windows.  Returns
 * within the time limit plus one simplex call's overrun at most.
 */
ecs_result ecs_bound_compute(const ecs_instance *inst, const ecs_bound_params *prm,
                             ecs_bound_result *out, ecs_diag *diag);

/*
 * The fluid bound: a lower bound on the cost of doing `work` work units on
 * p in slots 0..deadline-1 at prices price[0..nprice-1] (nprice >=
 * deadline), whichever tasks they belong to: the machine's P PEs run at any
 * mixture of the frequencies of F in every slot (docs/MODEL.md
 * "Cost lower bounds", the fluid bound).  It ignores precedence and windows, so it is weak where the
 * deadline leaves PEs idle, and strong where the load fills the machine.
 * Fills *value and, when mu is not NULL, mu[0..deadline-1] >= 0 with the
 * price of a PE in each slot in the dual solution behind the value; these
 * start the Lagrangian relaxation of ecs_bound_compute, which uses this
 * bound as its first value.  Returns OK; EINFEASIBLE when the work cannot
 * fit (more than P * deadline); EINVAL for bad input; ENOMEM.
 * O(deadline |F| log(deadline |F|)) time, O(deadline |F|) memory.
 */
ecs_result ecs_bound_fluid(const ecs_platform *p, const double *price,
                           size_t nprice, long deadline, double work,
                           double *mu, double *value, ecs_diag *diag);

/* The bottleneck tasks of g, where the bound by stages cuts a schedule:
 * the tasks comparable with every other task (each other task is an
 * ancestor or a descendant), such as the forks and joins of a fork-join
 * pipeline.  Fills is_bottleneck[0..g->n-1] with 1 or 0 and returns their
 * number; ENOMEM as (size_t)-1.  O(n + edges). */
size_t ecs_bound_bottlenecks(const ecs_graph *g, unsigned char *is_bottleneck);

/*
 * A schedule from the bound by stages, for graphs whose every edge inside
 * a stage joins two consecutive tasks of one of its paths (fork-join
 * pipelines, with chains as branches or not; none otherwise): the
 * bottlenecks on the intervals of the DP's minimum (the passes coarse to
 * fine as far as half of prm->time_limit_s and prm->stages_blocks allow,
 * the choices of the pass of least value), each stage's paths dealt to the
 * PEs by longest work first and placed one after the other on each PE on
 * the intervals of least exact cost inside the stage's slots (a stage that
 * needs more slots pushes what follows later).  Reads time_limit_s and
 * stages_blocks of prm (ecs_bound_params_validate).  *out is a schedule
 * the checker accepts, with its cost in *cost, or NULL (no bottleneck, an
 * edge between two stage tasks off a path, the deadline passed, the time
 * limit reached before the first pass, out of memory).  bound (may be
 * NULL): the exact pass's value when it was reached and every stage was
 * priced by the sweep per e of both terms (windows of at most
 * ECS_STAGES_QUADRATIC_MAX slots under ECS_STAGES_SWEEP_AUTO), which is
 * then the bound by stages of ecs_bound_compute (give it as stages_value
 * there), else -HUGE_VAL (the monotone sweep's choices are a schedule's,
 * not a bound).  Returns OK, EINVAL for bad input, EUNSUPPORTED on the
 * extended model (the paper's platform only).
 */
ecs_result ecs_bound_stages_schedule(const ecs_instance *inst,
                                     const ecs_bound_params *prm,
                                     ecs_schedule **out, double *cost,
                                     double *bound, ecs_diag *diag);

/* ecs_bound_fluid for the total work of g (g may be NULL: EINVAL).  On
 * the extended model (ecs_instance_extended) ecs_bound_fluid_ext, with
 * mu not filled (it must be NULL: EUNSUPPORTED otherwise). */
ecs_result ecs_bound_fluid_instance(const ecs_instance *inst, double *mu, double *value,
                                 ecs_diag *diag);

/*
 * The fluid bound of the extended model (docs/MODEL.md "Fluid bound,
 * extended model"): an LP over the number of PEs of every class at every
 * frequency in every slot, the total work, every site's draw covered by
 * its sources and the grid under its cap; solved by GLPK's simplex in the
 * calling thread's environment (as milp.h says of GLPK), its optimum less
 * 1e-10 relative for the simplex's tolerances.  *value = HUGE_VAL when the
 * LP has no solution (no schedule meets the deadline under the caps).
 * OK; EINVAL; ESOLVER when GLPK fails.  Also valid on the paper's model.
 */
ecs_result ecs_bound_fluid_ext(const ecs_instance *inst, double *value,
                               ecs_diag *diag);

/*
 * The same LP without the windows' rows, solved by a greedy (docs/MODEL.md
 * "Fluid bound, extended model"): every slot's least cost of w grid steps
 * of work is convex and piecewise linear (per class the lower hull of its
 * frequencies' extra draw per step, priced through the site's sources and
 * grid above the idle draw, under the cap), so the cheapest pieces over
 * all slots until the total work is done are the optimum.  Never above
 * ecs_bound_fluid_ext; ecs_bound_fluid_ext uses it instead of the LP when
 * classes x slots x frequencies exceed 12,000 (the LP took 25 s at 1,948
 * slots), relaxed where a price is negative (such a slot at its least
 * cost over every draw, its work free: a lower bound).  O(D' S (|C| |F| + sources) log) time.  OK (*value HUGE_VAL when
 * the caps or the horizon leave too little work); EUNSUPPORTED when a
 * price is negative or a class draws less than idle at some f > 0;
 * EINVAL; ENOMEM.
 */
ecs_result ecs_bound_fluid_ext_greedy(const ecs_instance *inst, double *value,
                                      ecs_diag *diag);

/*
 * The bound by stages of the extended model (docs/MODEL.md "Stages,
 * extended model"): the bottleneck tasks (ecs_bound_bottlenecks) cut every
 * schedule's horizon into consecutive ranges, one per stage and one per
 * bottleneck, each holding only its own part's work above the idle draw;
 * each part priced by the fluid greedy's pieces (ecs_bound_fluid_ext_greedy)
 * inside its range, with every source's volume and cap of those slots; the
 * least sum over the ranges that fit (every part's longest path at the
 * top speed, every bottleneck in its window), by a dynamic program over
 * the boundaries.  Never below the fluid greedy, which it is without a
 * bottleneck.  time_limit_s bounds the DP (a stopped DP gives nothing).
 * *value: the bound; HUGE_VAL when no schedule meets D' (the windows or
 * the caps); -HUGE_VAL when it claims nothing (no bottleneck, slots of
 * different lengths, or the time ran out).  A slot where a site pays a
 * negative price counts its least cost over every draw its PEs can make,
 * its work free.  OK; EINVAL; EUNSUPPORTED when a class draws less than
 * idle at some f > 0; ENOMEM.  Also valid on the paper's model.
 */
ecs_result ecs_bound_stages_ext(const ecs_instance *inst, double time_limit_s,
                                double *value, ecs_diag *diag);

/*
 * The same bound, and a schedule from its minimum (docs/MODEL.md "Stages,
 * extended model"): every task within its part's range of slots there,
 * placed by the stage builder (on fork-join graphs: each stage's paths
 * dealt to the PEs where they fit and add the least estimated cost, each
 * PE's tasks on their cheapest intervals, each bottleneck on its cheapest
 * class) and by the cheapest-fit list schedule
 * (ecs_listsched_cheapest_within), the cheaper of the two as the checker
 * finds them (where a stage's whole tasks need more slots than the fluid
 * gave it, the tasks after it are pushed).  The builder has time_limit_s
 * again after the bound's DP.  *out: a new schedule (ecs_schedule_free)
 * or NULL when the bound claims nothing, the DP's choices do not fit in
 * memory (more than 2^24 cells of parts x slots) or neither finds a
 * feasible one.  *value and the errors as ecs_bound_stages_ext.
 */
ecs_result ecs_bound_stages_ext_schedule(const ecs_instance *inst,
                                         double time_limit_s,
                                         ecs_schedule **out, double *value,
                                         ecs_diag *diag);

/*
 * The stage LNS (docs/MODEL.md "Stages, extended model"): on a fork-join
 * graph (the stages' edges join consecutive tasks of paths), the parts of
 * the feasible schedule `start` (each stage's slots between its
 * bottlenecks' intervals, each bottleneck's interval) re-solved by the
 * stage builder in those ranges (paths dealt and improved by descent,
 * each PE's tasks on their cheapest intervals, each bottleneck on its
 * cheapest class), then part by part in time the rebuilt part in place of
 * start's wherever the checker's cost falls.  Within time_limit_s.
 * *out: a new schedule cheaper than start (ecs_schedule_free), *cost its
 * cost as the checker finds it; NULL (and *cost NaN) when nothing is
 * cheaper, the graph has no such stages, start is infeasible or the model
 * has slots of different lengths.  OK; EINVAL (missing input, a bad
 * instance, a negative limit); ENOMEM.
 */
ecs_result ecs_bound_stages_ext_improve(const ecs_instance *inst,
                                        const ecs_schedule *start,
                                        double time_limit_s,
                                        ecs_schedule **out, double *cost,
                                        ecs_diag *diag);

/*
 * The PE re-timing (docs/MODEL.md "Stages, extended model"): on any
 * graph, PE by PE, round after round while one gains, the PE's tasks of
 * the feasible schedule `start` kept in their order there and re-timed
 * together by the stage builder's chain DP (each task within the slots
 * its predecessors and successors on the other PEs leave it and within
 * 48 slots of its own, each interval at its cheapest profile at the
 * class's speeds and powers and the site's grid prices; with sources or
 * caps each slot priced by what the class's top draw adds through them,
 * a slot over the cap closed), kept where the checker's cost falls.  Within
 * time_limit_s.  *out, *cost and the errors as
 * ecs_bound_stages_ext_improve.
 */
ecs_result ecs_bound_retime_ext(const ecs_instance *inst,
                                const ecs_schedule *start,
                                double time_limit_s, ecs_schedule **out,
                                double *cost, ecs_diag *diag);

/*
 * The granular bound of the extended model (docs/MODEL.md "Granular
 * bound, extended model"): the fluid LP (the PEs of every class at every
 * frequency in every slot, the total work, every site's draw covered by
 * its sources and the grid under its cap) with two rows that say that a
 * task runs whole slots on one PE: the busy PE-slots are at least
 * sum_i ceil(w_i G / v) (v the top speed of any class) and the extra
 * energy at least sum_i e_i, e_i the least extra energy of any profile
 * of whole slots that does task i's work on some class.  Without the
 * windows' rows of ecs_bound_fluid_ext, so neither is above the other in
 * general; where tasks are short against a slot (the shared montage
 * graphs) it is the higher.  Slots merged into blocks where classes x
 * slots x frequencies exceed 12,000 (a relaxation).  Solved by GLPK's
 * simplex in the calling thread's environment within time_limit_s.
 * *value: the bound, the LP's optimum less 1e-9 relative; HUGE_VAL when
 * no schedule meets D' under the caps; -HUGE_VAL when it claims nothing
 * (the time ran out, slots of different lengths).  OK; EINVAL;
 * EUNSUPPORTED when a class draws less
 * than idle at some f > 0; ESOLVER; ENOMEM.  Also valid on the paper's
 * model.
 */
ecs_result ecs_bound_granular_ext(const ecs_instance *inst,
                                  double time_limit_s, double *value,
                                  ecs_diag *diag);

#endif
