/*
 * Real units for what a person reads (cli/run/units.c): durations of slots
 * in hours and minutes, and the advice when no schedule meets a deadline.
 */
#ifndef ECSCHED_CLI_UNITS_H
#define ECSCHED_CLI_UNITS_H

#include "run/problem.h"

#include "ecsched/makespan.h"

/* slots * slot_minutes as "44 h", "1 h 30 min", "45 min" ("0 min" for 0;
 * "?" when slot_minutes < 1). */
void ecs_cli_fmt_duration(long slots, int slot_minutes, char *buf, size_t n);

/* What would make pb's deadline feasible on pes PEs: ecs_makespan_advise
 * with the base's makespan (proven when the makespan search proved it). */
ecs_result ecs_cli_advice(const ecs_cli_problem *pb, int pes,
                          ecs_makespan_advice *a, ecs_diag *diag);

/* The advice for people, one sentence after "no schedule meets the
 * deadline D'": the least deadline (in slots and hours) and what to pass,
 * the critical path, and the PE count that would do. */
void ecs_cli_advice_text(const ecs_makespan_advice *a, int pes,
                         int slot_minutes, char *buf, size_t n);

/* The advice for programs: {critical_path, least_deadline, least_proven,
 * lower_bound, pes_needed (null: none), pes_needed_proven, slot_minutes,
 * least_deadline_minutes, critical_path_minutes} (schedule.schema.json
 * "advice").  NULL when out of memory. */
json_t *ecs_cli_advice_json(const ecs_makespan_advice *a, int slot_minutes);

#endif
