/*
 * ecsched: the `local` heuristic (heuristic/local_*.c): maps tasks to any PE
 * and any interval as well as it scales their frequencies, by local search
 * from a feasible start (the paper heuristic's schedule).  Ours, not the
 * paper's.
 *
 * The model it searches (docs/MODEL.md "MILP, strong formulation"): PEs are
 * identical and a task occupies one contiguous interval, so a schedule is
 * one interval [s_i, e_i] per task with at most P tasks in every slot,
 * precedence e_a < s_b and e_i < D'; PEs are assigned at the end, greedily
 * by start slot (interval graphs are perfect).  Once an interval is fixed,
 * the task's cheapest frequency profile is exact (profile.h), so the search
 * only chooses intervals.
 *
 * The move: re-place a sequence of tasks t_1 .. t_k (a "chain", taken in an
 * order that respects the precedence among them) optimally, with every
 * other task fixed, by dynamic programming over (position in the chain,
 * last slot): t_j starts after t_{j-1} ends and after its other
 * predecessors, ends before its other successors, and uses only slots where
 * fewer than P other tasks run.  The chains tried:
 * - a task alone (to any interval and, implicitly, any PE);
 * - a stretch of a PE's tasks in their order (re-time a PE; from the start,
 *   every PE whole: the other PEs leave at most P - 1 tasks in any slot);
 * - the "tight" chain through a task: back through the tasks that end right
 *   before each one starts (a predecessor preferred), forward through the
 *   successors that start right after (shift a chain);
 * - two tasks that overlap in time, in the swapped order (swap).
 * A tree move re-places a task with the predecessors that end right before
 * it and the successors that start right after it, and theirs (up to 16
 * tasks whose precedence edges form a tree), by DP from the leaves; it is
 * kept when the joint load fits P (siblings may share a slot).
 * A move is taken when it lowers the cost.  A task none of whose moves pays
 * is not tried again until a move changes one of its slots' neighbourhood,
 * a predecessor or a successor ("don't look bits"); the search stops at a
 * local optimum.
 *
 * Decisions:
 * - Start.  The given start schedule (any feasible schedule of g meeting
 *   D', e.g. the sweep's), its tasks re-profiled by the exact DP on their
 *   own intervals (never dearer).  With scratch_start, a second start built
 *   from scratch (tasks by latest start, each in its cheapest interval that
 *   leaves its descendants their critical path) is searched too; the
 *   cheaper is kept.
 * - Iterated local search.  From the best schedule: 1 to 3 random tasks are
 *   moved to a random interval with room, or shrunk to their work at f = 1
 *   (at one end of their interval); or (30 % of the kicks, graphs of at
 *   most 200 tasks) the whole schedule is rebuilt at f = 1 by serial
 *   schedule generation, tasks in the order of their starts plus a random
 *   delay of up to 1..D'/2 slots.  Then the search; the result is kept if
 *   cheaper.  The kicks stop after max_stall kicks in a row without a
 *   cheaper schedule; above 100 tasks max_stall is scaled by 100 / n (at
 *   least 5), since a kick there gains less and costs more.
 * - Interval lengths.  A task of work w considers intervals of at most
 *   Lmax(w) = min(D', 2 w / f_min + 8, 4096) slots (f_min the smallest
 *   positive frequency): longer ones only wait at f = 0 or run at f_min,
 *   and this keeps the cost tables linear in (distinct works) x D'.  The
 *   start's own intervals are kept whatever their length.
 * - Costs.  Interval costs come from ecs_profile_costs_from, cached per
 *   (distinct work, first slot) and computed on first use; the cache is
 *   dropped and refilled when it exceeds cache_mb.
 * - Never worse.  The result is checked by ecs_check_schedule; if it were
 *   dearer than the start by the checker's own sum (it cannot be by the
 *   DP's), the start itself is returned (kept_start = 1).
 * - Randomness.  Every random choice comes from a splitmix64 stream
 *   (rng.h) seeded with `seed`: the same inputs and seed give the same
 *   schedule, unless the time limit cuts the search short (on the
 *   extended model up to 100 tasks the GLPK runs inside the window and
 *   the recombination stop at work limits, not at a clock, so the load
 *   does not change the schedule either; docs/MODEL.md "Local heuristic").
 * - Time.  The limit is wall-clock (CLOCK_MONOTONIC), checked between
 *   moves; the best schedule found by then is returned.
 * - Slots of different lengths (instance.h slot_len; docs/MODEL.md "Slots
 *   of different lengths"), on the paper's platform: interval costs are
 *   the profile DP on the lengths (ecs_profile_costs_from_len), and where
 *   the uniform grid says "w slots" (a task's shortest interval, the
 *   chains' and trees' bounds, the cut's, the kicks, the shrink, serial
 *   generation) the search uses the fewest slots from a first slot, or to
 *   a last one, whose lengths hold the work at f = 1.  The scratch start
 *   takes the instance's windows (ecs_windows_compute_instance) as latest
 *   finishes.  Without lengths none of this runs: the uniform grid's
 *   arithmetic and results are unchanged.  With the extended platform,
 *   lengths are refused (EUNSUPPORTED).
 *
 * The extended model (heuristic/local_ext.c; docs/MODEL.md "Heterogeneous
 * platforms"), entered when ecs_instance_extended(inst): PE classes, idle
 * draw, sites, limited sources, caps.  A slot's cost g(E) is convex in the
 * site's draw E and shared by every task running there, so interval costs
 * are no longer separable; the search prices every candidate by its exact
 * marginal cost on the current draw of all the other tasks and re-prices
 * after every move (nothing is cached).
 * - State.  Every task's class, PE, interval and frequency profile; the
 *   draw of every site and slot (idle of every PE over 0 .. D'-1 plus busy
 *   minus idle), summed in the checker's order, and its cost
 *   sum g_{s,l}(E_{s,l}) (ecs_instance_slot_cost).
 * - Single move.  Task i is taken off (the others' draw E), and every PE's
 *   free stretch inside its room (after its predecessors, before its
 *   successors, inside its time window) on every class is searched by a
 *   DP over (slot, work done on the class's grid, capped at the need): a
 *   slot at f_k costs g(E + P_{c,k} - I_c) - g(E), a frequency that would
 *   break the site's cap is excluded, a wait at f = 0 costs 0 (also after
 *   the work is done: extra work where a slot earns is allowed), the start
 *   is any slot.  This is the exact optimum over every PE, interval and
 *   profile for task i with the others fixed.  It is taken when it is
 *   cheaper than the task's own marginal cost and the whole cost, summed
 *   again, falls.
 * - Pair move.  Two tasks (neighbours in the graph or within one slot of
 *   each other in time; up to 6 partners per task) taken off together and
 *   put back one after the other, each at its exact best, both orders.
 * - Chain move.  The tight chain through a task (predecessors ending right
 *   before, successors starting right after; up to 6 tasks) taken off and
 *   put back jointly: their intervals are disjoint, so their marginal
 *   costs on the others' draw add up, and a DP over (position, last slot)
 *   from the exact costs of every start and end finds their joint optimum.
 * - Don't-look bits: a task whose moves found nothing is tried again only
 *   after a kept move changed slots within one slot of its interval or
 *   moved a graph neighbour.
 * - Start.  The start given if the checker accepts it (deadline and caps
 *   included); else (or also, with scratch_start) one built: tasks by
 *   latest start (their window's last slot less their fastest duration),
 *   each placed where it costs least on the draw of those already placed,
 *   inside its window (which leaves its descendants their critical path
 *   and load); if that leaves a task without room under the caps, the
 *   same placing where it ends earliest, where it draws least energy, then
 *   up to 32 random topological orders and random choices among the three;
 *   then phase 1: a placing that ignores the caps, searched (the moves
 *   below and up to 200 kicks) on the draw above the caps until it is 0.
 *   If none is found: EINFEASIBLE (on the tests' tiny instances this happens
 *   only where brute force finds no schedule either).  `start` may be
 *   NULL.
 * - Window moves (an exact sub-problem; 60 % of the kicks try one first):
 *   6 to 12 tasks (those nearest a random slot on every class, or a graph
 *   neighbourhood) taken off and put back by a small MILP on GLPK over
 *   their columns (PE, interval, cheapest profile on the others' draw),
 *   their precedences and PEs kept, its LP by column generation (from
 *   each task's cheapest columns; ended when its bound is not below the
 *   window's cost now), at most 200 nodes (no clock); kept when the
 *   total falls.  GLPK runs silenced with an error hook; after a
 *   GLPK error (GLPK's error state) no window move is tried again.
 * - Kicks, each followed by the search: an ejection (10 %, graphs up to
 *   100 tasks: a random task
 *   given the whole of its room on a random PE, the tasks there inside it
 *   taken off, it put back first at its exact best, then they, each at
 *   its exact best), a ruin and recreate (40 %, 50 % above 100 tasks: 2 to
 *   60 % of the tasks, those nearest a random slot on one class or all,
 *   a graph neighbourhood, or any, taken off, half of the time sent to
 *   another class, and put back by latest start, in a random topological
 *   order or by regret, each at its exact best), a block shift (15 %: the
 *   tasks inside a random stretch of time moved 1 to 4 slots together), a
 *   new build (20 %, graphs up to 200 tasks: a random topological order,
 *   a random placement rule per task), else 1 to 3 random tasks moved to
 *   a random free stretch at the top frequency where the caps allow.
 *   Acceptance by record-to-record travel: a result less than 2 % of the
 *   best (scaled down to 0 over a stall) above the best becomes the
 *   current schedule; the best is kept.  With two sites or more (graphs
 *   up to 100 tasks) each stall is followed by 30 kicks from the best
 *   (a window move, 60 %, or else a site exchange: 1 to 3 tasks of one
 *   site near a random slot against the tasks of another near it closest
 *   in work, up to 8 tasks around them re-timed), kept only when cheaper
 *   than the best (a new best restarts these 30, not the stall).
 *   Stop, effort, seed and time limit
 *   as above, but a stall here is max_stall kicks without a new best up
 *   to 100 tasks, max_stall x 100 / n above (at least 5).  The result is
 *   checked by ecs_check_schedule; it is never dearer than a feasible
 *   start (else the start is returned, kept_start = 1); start_cost is the
 *   cost of the start searched from (given or built).  `rows` counts the
 *   profile DPs run.  Where the slot cost is linear in the draw (no
 *   source, no cap) each task's interval costs per class are tabled once
 *   when they fit in cache_mb (8 bytes x 2 x classes x window length
 *   squared per task); the tables change no schedule, only the DPs run.
 */
#ifndef ECSCHED_LOCAL_H
#define ECSCHED_LOCAL_H

#include <stddef.h>
#include <stdint.h>

#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/platform.h"
#include "ecsched/progress.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/* XX(ENUM_SUFFIX, "name in output") */
#define ECS_LOCAL_STOP_MAP(XX)                                                \
    XX(CONVERGED, "converged")   /* a whole round found no better move */     \
    XX(TIME_LIMIT, "time_limit") /* the time limit ran out */                 \
    XX(ROUND_LIMIT, "round_limit") /* max_rounds rounds were run */       \
    XX(EFFORT, "effort")         /* max_moves moves were tried */

typedef enum ecs_local_stop {
#define ECS_LOCAL_STOP_ENUM(name, key) ECS_LOCAL_##name,
    ECS_LOCAL_STOP_MAP(ECS_LOCAL_STOP_ENUM)
#undef ECS_LOCAL_STOP_ENUM
} ecs_local_stop;

/* "converged", "time_limit", "round_limit", "effort". */
const char *ecs_local_stop_name(ecs_local_stop s);

/* Largest accepted time limit (s) and round limit. */
#define ECS_LOCAL_MAX_TIME_S 1e7
#define ECS_LOCAL_MAX_ROUNDS 100000000L

typedef struct ecs_local_params {
    double time_limit_s; /* wall clock, default 10; > 0 */
    uint64_t seed;       /* order of the moves, default 1 */
    long max_rounds;     /* rounds of moves per search, default 1000 */
    int scratch_start;   /* also search from a schedule built from scratch
                            (default 1) */
    long max_stall;      /* kicks in a row without a better schedule before
                            the search stops (see above), default 100;
                            0: no kicks */
    double cache_mb;     /* interval-cost cache size, default 256 MB; >= 1 */
    unsigned long max_moves; /* the effort budget: stop once this many
                            moves were tried (default 0: none).  Nothing
                            else in the search depends on the clock, so
                            with a time limit that does not bind, the same
                            start, seed and max_moves give the same
                            schedule on any machine and load. */
    unsigned ruin_start; /* the extended model with a feasible start
                            only (ignored elsewhere): ruin and recreate
                            (the kick above) the start this many times
                            before the search, which then returns a
                            schedule no dearer than that ruined start
                            (start_cost its cost; the start itself when
                            the checker finds the result dearer), not
                            than the start: a restart near the start
                            (solve's local phase).  Default 0 */
    ecs_progress_fn progress; /* called about every progress_every_s
                            seconds (phase "local", elapsed_s, cost: the
                            cost of the schedule under search, nodes: the
                            rounds run); NULL (default): never.  It
                            changes nothing in the search. */
    void *progress_ctx;
    double progress_every_s; /* default 1; > 0 */
} ecs_local_params;

/* Fill params with the defaults. */
void ecs_local_params_init(ecs_local_params *prm);

/* EINVAL (diag says which) for a time limit <= 0 or above the maximum,
 * max_rounds < 1, and the like. */
ecs_result ecs_local_params_validate(const ecs_local_params *prm,
                                     ecs_diag *diag);

typedef struct ecs_local_result {
    ecs_schedule *schedule; /* the result (a copy of the start if kept) */
    double cost;            /* its cost by the checker */
    double start_cost;      /* the start's cost by the checker */
    long makespan;          /* its makespan (<= D') */
    int kept_start;         /* 1 when the start itself is returned */
    ecs_local_stop stop;    /* why the (last) search stopped */
    long rounds;            /* rounds run, over all starts */
    unsigned long moves;    /* chains re-placed (tried) */
    unsigned long improved; /* of which lowered the cost */
    unsigned long rows;     /* interval-cost rows computed by DP */
    unsigned long kicks;    /* perturbations tried */
    unsigned long kicks_improved; /* of which led to a cheaper schedule */
    int from_scratch;       /* 1 when the winner came from the scratch start */
    double runtime_s;
} ecs_local_result;

/*
 * Run the local heuristic on graph g (contracted: every task has work) on
 * platform p with prices price[0..nprice-1] (nprice >= deadline, finite)
 * and deadline D', from `start`, a schedule of g that the checker accepts
 * with deadline D'.  The result is feasible, meets D' and costs no more
 * than the start (by the checker).  EINVAL when the inputs do not fit (diag
 * says which: a task without work, a start the checker rejects, bad
 * prices, bad params), ENOMEM, EINTERNAL if its own schedule failed the
 * checker (a bug; diag says how).  On an extended instance (see above)
 * start may be NULL or infeasible; EINFEASIBLE when no schedule was found
 * (a window shorter than its task, an idle draw above a cap, or no start
 * built), ELIMIT above 2^25 PE-slots or 2^27 slot-work states.  The route
 * is chosen on what can bind (ecs_instance_view_make, instance.h): an
 * extended instance whose sources and caps cannot bind runs as its view
 * (the paper's search where the view is the paper's platform, given a
 * start), with the same result and speed as without them.  Release *out with
 * ecs_local_result_release (also after an error: *out is then empty).
 */
ecs_result ecs_local_run(const ecs_instance *inst, const ecs_schedule *start,
                         const ecs_local_params *prm, ecs_local_result *out,
                         ecs_diag *diag);

/*
 * Recombination on an extended instance (ecs_instance_extended; the step
 * the extended local search takes between its kicks, docs/MODEL.md "Local
 * heuristic"): the cheapest mix of the k schedules sched[0..k-1] (NULL or
 * infeasible ones skipped) by an exact MILP in which every task takes its
 * interval in one of them, on any PE of the class it has there, or one of
 * its cheapest intervals anywhere, its profile the cheapest on that
 * interval, with the precedences and one task per PE-slot kept.  out gets
 * the mix when it is cheaper than the cheapest schedule given (by the
 * checker), else a copy of that schedule (kept_start 1); start_cost its
 * cost.  The columns are priced exactly where the slot cost is linear in
 * the draw (no source, no cap); elsewhere the mix is placed on the real
 * draw and kept only when it is cheaper.  EINVAL when the instance is not
 * extended, is not uniform or no schedule given is feasible; ENOMEM;
 * EINTERNAL as ecs_local_run.  Release *out with ecs_local_result_release.
 */
ecs_result ecs_local_mix(const ecs_instance *inst,
                         const ecs_schedule *const *sched, size_t k,
                         ecs_local_result *out, ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_local_result_release(ecs_local_result *r);

#endif
