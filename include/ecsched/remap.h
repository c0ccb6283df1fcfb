/*
 * ecsched: mapping and scheduling together in CaWoSched's model
 * (cawosched.h; docs/cawosched.md "Choosing the mapping"): each task's
 * processor and its place in the processor's order are chosen as well as
 * its start, with a transfer on the link between two processors for every
 * edge that crosses, ordered on the link by CaWoSched's rule.  The result
 * is a mapping in CaWoSched's sense (ecs_cws_mapping, written by
 * ecs_cws_mapping_text) and its fixed-mapping schedule, so CaWoSched's own
 * evaluator can price it.
 *
 * Decisions:
 *  - A search over mappings, each candidate scheduled by the fixed-mapping
 *    scheduler (fixedmap.h).  Moves: one task to another processor, a
 *    chain (a task and its successors on its processor, up to 7) to
 *    another processor, a swap of two tasks' processors, and a swap of two
 *    neighbours in one processor's order.  A task's place in its new
 *    processor's order is by its start in the current schedule, so the
 *    order always agrees with the graph; candidates whose earliest
 *    schedule misses the deadline are rejected before scheduling.
 *  - Incremental evaluation: a candidate's schedule starts from the
 *    current one (graph tasks keep their starts, transfers that still
 *    cross keep theirs, new ones start when their sender ends, then one
 *    forward pass restores precedence); when that repair meets the
 *    deadline it is the scheduler's warm start, refined by a few passes of
 *    its local search, beside the forward greedy.  A candidate is taken
 *    when it is cheaper (or, now and then, equal: plateaus); the final
 *    mapping is scheduled again with every start of the scheduler.
 *  - Starts: the given mapping; a carbon-agnostic list schedule (HEFT-like:
 *    upward ranks, earliest finish time with transfers on links); and the
 *    mapping of the communication-free relaxation (the relaxation below
 *    scheduled by fixedmap.h, its tasks put in start order on the most
 *    frugal processor free at their start).  The cheapest feasible one is
 *    searched from, so the result is never dearer than the fixed-mapping
 *    schedule of any start.
 *  - The lower bound (ecs_remap_bound): every task at the least work power
 *    of any compute processor, no transfers, no processor chains and no
 *    limit on how many tasks run at once.  Every mapping's every valid
 *    schedule is, task for task, a schedule of this relaxation drawing at
 *    least as much power at every unit, and brown power never falls when
 *    the load rises; so fixedmap.h's bound of the relaxation bounds every
 *    mapping (docs/cawosched.md says it in full).
 */
#ifndef ECSCHED_REMAP_H
#define ECSCHED_REMAP_H

#include <stdint.h>

#include "ecsched/cawosched.h"
#include "ecsched/graph.h"
#include "ecsched/result.h"

/* The starts of ecs_remap_search, as bits of ecs_remap_params.starts. */
#define ECS_REMAP_GIVEN 1u /* params.given (ignored when NULL) */
#define ECS_REMAP_LIST 2u  /* the carbon-agnostic list schedule's mapping */
#define ECS_REMAP_RELAX 4u /* the communication-free relaxation's mapping */
#define ECS_REMAP_ALL 7u

typedef struct ecs_remap_params {
    double time_limit;     /* seconds for the search, starts included; 0 =
                              none, then max_evals must be set (default 10) */
    long max_evals;        /* candidate mappings scheduled by the search, 0 =
                              no limit (default 0) */
    uint64_t seed;         /* moves' random choices (default 1) */
    unsigned starts;       /* bits above, default ECS_REMAP_ALL */
    const ecs_cws_mapping *given; /* a mapping to start from, or NULL
                                     (default); its P must be the setup's */
    int passes;            /* local-search passes of the scheduler per
                              candidate (default 4) */
    long long stop_cost;   /* stop once the cost is at most this, e.g. a
                              lower bound (default 0) */
    const double *freqs;   /* frequencies a task may run at, each in
                              (0, 1] (ecsched's extension: duration
                              ceil(w / f), work power times f^2), or NULL
                              (default): every task at 1, CaWoSched's model */
    size_t nfreqs;         /* entries in freqs */
} ecs_remap_params;

void ecs_remap_params_init(ecs_remap_params *q);

/* EINVAL (diag names the field): a negative or non-finite time_limit,
 * negative max_evals, both limits 0, starts outside ECS_REMAP_ALL or with
 * no start left, passes < 1, a frequency outside (0, 1] or freqs given
 * with nfreqs 0. */
ecs_result ecs_remap_params_validate(const ecs_remap_params *q,
                                     ecs_diag *diag);

/* What a search did. */
typedef struct ecs_remap_stats {
    long long cost;          /* the returned schedule's cost (C x brown) */
    long long given_cost;    /* the given mapping's fixed-mapping cost; -1:
                                none or infeasible */
    long long list_cost;     /* the list schedule's mapping, likewise */
    long long relax_cost;    /* the relaxation's mapping, likewise */
    long list_makespan;      /* earliest makespan of the list schedule's
                                mapping under CaWoSched's rules (-1: not run) */
    const char *best_start;  /* "given", "list" or "relax" */
    long evals;              /* candidates scheduled */
    long accepted;           /* moves taken */
    long rejected;           /* candidates rejected unscheduled (cycle or
                                deadline) */
    double seconds;
} ecs_remap_stats;

/*
 * Choose mapping, order and starts for graph g on setup s (and with
 * q->freqs each task's frequency: every task starts at the highest; half
 * the search moves the mapping only, then each task tries each slower
 * frequency once, then moves of both kinds; the problem returned is built by
 * ecs_cws_problem_build_freq with ECS_CWS_FREQ_SCALE, so its costs, and
 * st's, are that many times CaWoSched's units).  On ECS_OK:
 * *map_out the mapping (ecs_cws_mapping_free), *prob_out its problem
 * (ecs_cws_problem_free), *start_out its starts (prob_out->n entries;
 * free()), valid under ecs_cws_evaluate; st (may be NULL) what it did.
 * EINFEASIBLE when no start meets the deadline (diag says which ran and
 * how late they end); EINVAL for bad params or a given mapping that does
 * not fit g and s; ENOMEM.  Deterministic for a seed when time_limit is 0.
 */
ecs_result ecs_remap_search(const ecs_graph *g, const ecs_cws_setup *s,
                            const ecs_remap_params *q,
                            ecs_cws_mapping **map_out,
                            ecs_cws_problem **prob_out, long **start_out,
                            ecs_remap_stats *st, ecs_diag *diag);

/*
 * The carbon-agnostic list schedule's mapping (HEFT-like: tasks by
 * decreasing upward rank, each on the processor where it finishes first,
 * transfers on links one at a time), and its earliest makespan under
 * CaWoSched's rules into *makespan (may be NULL).  ENOMEM.
 */
ecs_result ecs_remap_list_mapping(const ecs_graph *g, const ecs_cws_setup *s,
                                  ecs_cws_mapping **out, long *makespan,
                                  ecs_diag *diag);

/*
 * A lower bound on the cost of every valid schedule of every mapping of g
 * on s (the relaxation above, bounded by ecs_fixedmap_bound), into *bound.
 * EINFEASIBLE when even the relaxation misses the deadline (the graph's
 * critical path is longer), ENOMEM.
 */
ecs_result ecs_remap_bound(const ecs_graph *g, const ecs_cws_setup *s,
                           long long *bound, ecs_diag *diag);

/*
 * With frequencies (q->freqs of ecs_remap_search): a lower bound in units
 * of ECS_CWS_FREQ_SCALE times CaWoSched's, by energy alone: brown >=
 * sum_t max(0, base - B_t) + max(0, E - sum_t max(0, B_t - base)), where
 * E is the least work energy of every task (least work power, the
 * frequency of least energy, ceil(w / f) units).  Weaker than the
 * relaxation's; valid because every unit's brown is at least the base's
 * shortfall and at least its work power beyond the green left.  EINVAL for
 * bad frequencies.
 */
ecs_result ecs_remap_bound_freqs(const ecs_graph *g, const ecs_cws_setup *s,
                                 const double *freqs, size_t nfreqs,
                                 long long *bound, ecs_diag *diag);

#endif
