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

/* What the "prices" line names: the price source, or with several sites
 * each site's ("tallinn FILE, frankfurt FILE"). */
void tool_fmt_price_sources(const tool_model *m, const ecs_problem *pb,
                            char *buf, size_t n);

/* The "horizon", "start" and "end" lines (labels left-aligned in `width`
 * columns) as clock times: the horizon from slot 0 to the deadline, then
 * when the first task of s starts working and the last stops
 * (ecs_check_work_span); nothing without timestamps or without work. */
void tool_print_clock(const tool_model *m, const ecs_slot_prices *sp,
                      const ecs_schedule *s, long deadline, int width);

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
