/*
 * ecsched command line: what the commands tell people about their inputs
 * on stdout and stderr (cli/run/notes.c): the clock lines, --work-unit
 * auto's pick and the rounding warning.  The library never prints; the
 * figures come from ecsched/units.h and the graph reader.
 */
#ifndef ECSCHED_CLI_NOTES_H
#define ECSCHED_CLI_NOTES_H

#include "run/cli.h"
#include "run/model.h"

/* The "start" and "end" lines (labels left-aligned in `width` columns):
 * slot 0 and the end of the makespan as clock times, the deadline's
 * beside the end; nothing without timestamps or makespan < 0. */
void tool_print_clock(const tool_model *m, const ecs_slot_prices *sp,
                         long makespan, long deadline, int width);

/* --work-unit auto: read the graph file at path, pick the coarsest unit
 * within m->rounding_tolerance (ecs_graph_auto_work_unit), set
 * m->work_unit to it and say so on stderr ("ecsched CMD: note: ...").
 * Nothing without auto; EINVAL for standard input. */
ecs_result tool_work_unit_auto(const char *cmd, tool_model *m,
                                  const char *path, ecs_diag *diag);

/* Warn on stderr when rounding the graph read from path (raw, as read)
 * to whole work units adds more than 10% of its work, or more than 1% with
 * some task gaining more than half a work unit (a slot at f = 1): the
 * figure and the --work-unit that keeps it under 1%. */
void tool_note_rounding(const char *cmd, const tool_model *m,
                           const char *path, const ecs_graph *raw);

#endif
