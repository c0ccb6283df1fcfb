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

/* Remove task i from the schedule (pe = -1). */
void ecs_schedule_unplace(ecs_schedule *s, size_t i);

/* max stop + 1 over scheduled tasks, 0 if none. */
long ecs_schedule_makespan(const ecs_schedule *s);

/* Highest PE index used + 1, 0 if none. */
int ecs_schedule_pes_used(const ecs_schedule *s);

#endif
