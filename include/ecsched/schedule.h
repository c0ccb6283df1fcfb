/*
 * ecsched: schedules (docs/MODEL.md "Schedule and feasibility").
 *
 * A schedule belongs to one graph: task i of the schedule is task i of the
 * graph.  A task with positive work has a PE, a first and a last slot
 * (inclusive) and one frequency index per slot of [start, stop].  Zero-work
 * tasks are not scheduled (pe = -1).
 */
#ifndef ECSCHED_SCHEDULE_H
#define ECSCHED_SCHEDULE_H

#include <stddef.h>

#include "ecsched/result.h"

typedef struct ecs_sched_task {
    int pe;              /* 0-based PE, -1 when not scheduled */
    long start;          /* first slot */
    long stop;           /* last slot, >= start */
    unsigned char *freq; /* stop-start+1 indices into the platform's F */
} ecs_sched_task;

typedef struct ecs_schedule {
    size_t n;             /* number of tasks (= the graph's n) */
    ecs_sched_task *task; /* n entries */
} ecs_schedule;

/* A schedule of n tasks, none scheduled; NULL when out of memory. */
ecs_schedule *ecs_schedule_new(size_t n);

/* Free a schedule; NULL is accepted. */
void ecs_schedule_free(ecs_schedule *s);

/* A deep copy; NULL when out of memory. */
ecs_schedule *ecs_schedule_copy(const ecs_schedule *s);

/*
 * Place task i on pe over [start, stop] with the given frequency indices
 * (stop-start+1 of them, copied) or, if freq is NULL, all at index fill.
 * Fails with EINVAL if i is out of range or stop < start, ENOMEM.
 */
ecs_result ecs_schedule_place(ecs_schedule *s, size_t i, int pe, long start,
                              long stop, const unsigned char *freq,
                              unsigned char fill);

/*
 * The schedule base replayed on slots of different lengths (docs/MODEL.md
 * "Slots of different lengths"): task by task in the order of base's
 * starts (then stops), each on its PE at frequency index 0 (f = 1) from the
 * first slot after its predecessors and its PE's task before, for the
 * fewest slots whose lengths (slot_len[l] units, nslot of them; 1 beyond,
 * or everywhere when slot_len is NULL) sum to its work.  Every task stops
 * no later than in base.  g is base's graph (contracted).  NULL when out
 * of memory or base does not fit g.
 */
struct ecs_graph;
ecs_schedule *ecs_schedule_fit_lengths(const struct ecs_graph *g,
                                       const ecs_schedule *base,
                                       const int *slot_len, size_t nslot);

/*
 * A schedule of merged slots on the slots they merge: merged slot j is
 * slots first[j] .. first[j+1]-1 (nmerged + 1 offsets, as
 * ecs_slot_prices_merge gives), each taking slot j's frequency.  The work
 * and the cost are the same on both grids.  NULL when out of memory or a
 * task's slot is beyond nmerged.
 */
ecs_schedule *ecs_schedule_unmerge(const ecs_schedule *s, const size_t *first,
                                   size_t nmerged);

/* Remove task i from the schedule (pe = -1). */
void ecs_schedule_unplace(ecs_schedule *s, size_t i);

/*
 * Give n tasks running in slots [start[i], stop[i]] the PEs 0..pes-1 so
 * that no two tasks of one PE overlap: by start slot (then index), each
 * takes the lowest-numbered PE that is free.  Interval graphs are perfect,
 * so this succeeds exactly when no slot has more than pes tasks.  pe[i]
 * receives task i's PE; order (n entries, or NULL) the tasks by start slot,
 * then index.  OK; EINFEASIBLE when some slot has more than pes tasks (pe
 * then partly filled); ENOMEM.  O(n log n).  The one PE assignment of the
 * library (the MILP's and the dynamic program's schedules, the search's
 * neighbourhoods, local search's chains).
 */
ecs_result ecs_assign_pes(size_t n, const long *start, const long *stop,
                          int pes, int *pe, size_t *order);

/* ecs_assign_pes on the scheduled tasks of s (pe >= 0), in place; the
 * others stay unscheduled.  OK, EINFEASIBLE, ENOMEM. */
ecs_result ecs_schedule_assign_pes(ecs_schedule *s, int pes);

/* max stop + 1 over scheduled tasks, 0 if none. */
long ecs_schedule_makespan(const ecs_schedule *s);

/* Highest PE index used + 1, 0 if none. */
int ecs_schedule_pes_used(const ecs_schedule *s);

#endif
