/*
 * ecsched: the schedule checker, the one judge of feasibility and cost
 * (docs/MODEL.md "Schedule and feasibility").  Every command runs it on
 * every schedule it emits.  It reports like the rest of the library: an
 * ecs_result and an ecs_diag (ecs_check_schedule), plus a structured
 * report.
 */
#ifndef ECSCHED_CHECK_H
#define ECSCHED_CHECK_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/* XX(ENUM_SUFFIX, "name in output", "description") */
#define ECS_VIOLATION_MAP(XX)                                                 \
    XX(NONE, "none", "no violation")                                          \
    XX(UNSCHEDULED, "unscheduled", "a task with work is not scheduled")       \
    XX(PE_RANGE, "pe_range", "PE outside 0..P-1")                             \
    XX(SLOT_RANGE, "slot_range", "negative start or stop before start")       \
    XX(FREQUENCY, "frequency", "frequency not in F")                          \
    XX(WORK, "work", "work not done")                                         \
    XX(OVERLAP, "overlap", "two tasks on one PE in the same slot")            \
    XX(PRECEDENCE, "precedence", "task starts before a predecessor stops")    \
    XX(DEADLINE, "deadline", "task runs at or after the deadline")            \
    XX(NO_PRICE, "no_price", "no price for a slot the schedule uses")       \
    XX(POWER_CAP, "power_cap", "a site draws more than its power cap")

typedef enum ecs_violation_kind {
#define ECS_VIOLATION_ENUM(name, key, desc) ECS_VIOLATION_##name,
    ECS_VIOLATION_MAP(ECS_VIOLATION_ENUM)
#undef ECS_VIOLATION_ENUM
} ecs_violation_kind;

/* Short key of a violation kind, e.g. "precedence". */
const char *ecs_violation_key(ecs_violation_kind k);

/* Description of a violation kind. */
const char *ecs_violation_desc(ecs_violation_kind k);

typedef struct ecs_violation {
    ecs_violation_kind kind;
    size_t task;       /* task index (graph order), when relevant */
    size_t other;      /* the other task (overlap, precedence), else (size_t)-1 */
    int pe;            /* PE, or -1 */
    long slot;         /* slot, or -1 */
    int site;          /* power cap: the site, else -1 */
    double draw, cap;  /* power cap: the site's draw and its cap in that
                          slot (kWh per slot), else 0 */
} ecs_violation;

typedef struct ecs_check_report {
    long makespan;       /* max stop + 1 */
    double cost;         /* sum of power(f) * price over all task slots;
                            extended model: the cost of every site's draw
                            in every slot of the horizon, sources
                            included (docs/MODEL.md "Cost") */
    int meets_deadline;  /* makespan <= deadline (1 when no deadline) */
    ecs_violation first; /* the first violation found, kind NONE if feasible */
    char msg[512];       /* the first violation in words, with STG ids */
} ecs_check_report;

/*
 * Check schedule s of the instance's graph on its platform, with price[l]
 * for slots l = 0..nprice-1 and deadline D' (<= 0: no deadline; the
 * instance is not validated, so a checker of base schedules may pass an
 * instance without a deadline).  Zero-work tasks must
 * be unscheduled; precedence passes through them.  Returns OK when the
 * schedule is feasible, EVIOLATION with report->first and report->msg set
 * otherwise, EINVAL when g and s do not match (report->msg says how),
 * ENOMEM.  Makespan is always computed; cost is computed when every used
 * slot has a price.
 *
 * diag (may be NULL), like every fallible library function: when the
 * result is not OK, its code and the report's message (the first
 * violation in words, naming the task by its STG id, the PE and the slot;
 * no file, line 0); untouched when the schedule is feasible.  The report
 * keeps the structured fields (report->first) for callers that act on
 * the kind of violation.  report is owned by the caller and always filled.
 */
ecs_result ecs_check_schedule(const ecs_instance *inst, const ecs_schedule *s,
                              ecs_check_report *report, ecs_diag *diag);

/*
 * Cost of one task's slots (no checks); slots beyond nprice cost nothing.
 */
double ecs_check_task_cost(const ecs_platform *p, const double *price,
                           size_t nprice, const ecs_sched_task *t);

/*
 * The same on slots of different lengths: slot l costs
 * power(f) * (price[l] * slot_len[l]) (docs/MODEL.md "Slots of different
 * lengths"); slot_len NULL is ecs_check_task_cost.
 */
double ecs_check_task_cost_len(const ecs_platform *p, const double *price,
                               const int *slot_len, size_t nprice,
                               const ecs_sched_task *t);

/*
 * Validate the price inputs of a scheduler before it runs: deadline D' at
 * least 1, at least D' prices, and price[l] finite for every slot l < D'.
 * Returns OK, or EINVAL with diag naming the problem (the slot of a price
 * that is not a number).
 */
ecs_result ecs_check_prices(const double *price, size_t nprice,
                            long deadline, ecs_diag *diag);

/*
 * The energy of schedule s on platform p in PE-slots at f = 1: the sum of
 * power(f) over every slot of every scheduled task (the cost with every
 * price 1).  Times the watts of one PE at f = 1 and the slot's hours, it
 * is watt-hours.  Frequency indices outside p count as 0.
 */
double ecs_check_energy(const ecs_schedule *s, const ecs_platform *p);

/* The same on slots of different lengths: power(f) * slot_len[l] per
 * slot (units at f = 1; nslot lengths, slots beyond them 1); slot_len
 * NULL is ecs_check_energy. */
double ecs_check_energy_len(const ecs_schedule *s, const ecs_platform *p,
                            const int *slot_len, size_t nslot);

/*
 * When work is done in schedule s on platform p: *first receives the first
 * slot in which some task runs at f > 0 and *end the slot after the last
 * one (a task that waits at f = 0 in its first or last slots is not yet or
 * no longer working).  1 when some task works, else 0 (*first = *end = 0).
 */
int ecs_check_work_span(const ecs_schedule *s, const ecs_platform *p,
                        long *first, long *end);

/*
 * The extended model (docs/MODEL.md "Heterogeneous platforms").
 *
 * The horizon of a schedule: slots 0 .. D'-1 under a deadline (every PE is
 * on until D'), else 0 .. makespan-1.
 */
long ecs_check_horizon(const ecs_instance *inst, const ecs_schedule *s);

/*
 * The energy drawn by every site in every slot of the horizon h:
 * draw[site * h + l], idle draw of every PE included (task slots outside
 * 0..h-1 are not counted).  The schedule is not checked (PEs and
 * frequencies out of range count as nothing).  draw holds nsite * h
 * values.
 */
void ecs_check_draw(const ecs_instance *inst, const ecs_schedule *s, long h,
                    double *draw);

/* What a schedule draws and pays, by source. */
typedef struct ecs_energy_split {
    long horizon;                     /* slots counted */
    double total;                     /* energy drawn, idle included */
    double idle;                      /* of which the PEs' idle draw */
    double grid;                      /* from the grid, all sites */
    double grid_cost;
    double source[ECS_MAX_SOURCES];   /* from each of inst->source */
    double source_cost[ECS_MAX_SOURCES];
    double cost;                      /* grid_cost + sum source_cost */
} ecs_energy_split;

/* Fill *out for schedule s (not checked) of inst: the cover of every
 * site's draw in every slot of the horizon (ecs_instance_slot_cover).
 * OK, ENOMEM. */
ecs_result ecs_check_energy_split(const ecs_instance *inst,
                                  const ecs_schedule *s,
                                  ecs_energy_split *out, ecs_diag *diag);

#endif
