/*
 * ecsched: task graph files in every format: STG (stg.h), Graphviz DOT and
 * WfCommons WfFormat JSON; format detection, reading from a file or
 * standard input, work units, and the writers (docs/reference.md "Input formats").
 *
 * Task ids.  STG files keep their ids.  In DOT and WfFormat files, a task
 * id that is a whole number (0..10^15) is kept when every task id of the
 * file is one; otherwise the tasks are numbered 1..n in the order the file
 * first names them (DOT) or lists them (WfFormat tasks[]).  Messages name
 * the task as the file writes it.
 *
 * Work units.  The work of a task is what the file says divided by the
 * work unit and rounded up (a quotient within 1e-9 of a whole number is
 * that number): WfFormat runtimes are seconds at f = 1, divided by
 * work_unit seconds (default: default_runtime_unit, which the command
 * line sets to the slot length); STG weights and DOT weights are divided
 * by work_unit (default 1: taken as written).  Zero stays zero (a zero-work
 * task).  meta.work_unit and meta.file_work record what was done, so the
 * rounding error is total_work * work_unit - file_work.
 */
#ifndef ECSCHED_GRAPHIO_H
#define ECSCHED_GRAPHIO_H

#include <stdio.h>

#include "ecsched/graph.h"

/* Largest work of one task after rounding, and largest total. */
#define ECS_GRAPHIO_MAX_WORK 1000000000000L      /* 1e12 */
#define ECS_GRAPHIO_MAX_TOTAL 1000000000000000.0 /* 1e15 */

typedef struct ecs_graph_read_params {
    ecs_stg_format format;       /* ECS_STG_AUTO (default): by content */
    double work_unit;            /* > 0: file units per work unit, for
                                    every format; 0 (default): the
                                    format's default below */
    double default_runtime_unit; /* seconds per work unit for WfFormat
                                    runtimes when work_unit is 0
                                    (default 3600: a 60-minute slot) */
} ecs_graph_read_params;

/* Fill params with the defaults. */
void ecs_graph_read_params_init(ecs_graph_read_params *p);

/*
 * Check params: work_unit 0 or finite in [1e-6, 1e9], default_runtime_unit
 * finite in [1e-6, 1e9].  ECS_OK or ECS_EINVAL (diag names the field and
 * the flag, --work-unit).
 */
ecs_result ecs_graph_read_params_validate(const ecs_graph_read_params *p,
                                          ecs_diag *diag);

/*
 * The format of the len bytes at buf, by content: '{' first (after
 * blanks and a UTF-8 BOM) is WfFormat; "digraph", "graph" or "strict"
 * first (after blanks and comments) is DOT; anything else is STG
 * (ECS_STG_AUTO: the STG reader picks the layout).
 */
ecs_stg_format ecs_graph_detect_format(const char *buf, size_t len);

/*
 * Read a task graph from the len bytes at buf; name is used in messages.
 * params->format forces a format (an STG layout, DOT or WfFormat), AUTO
 * detects it (ecs_graph_detect_format).  The graph's format is the one
 * read (an STG layout, ECS_STG_DOT or ECS_STG_WFFORMAT), meta.work_unit
 * and meta.file_work are set, and source is name.  Fails with EINVAL
 * (params), EPARSE (diag names file, line where known, the task id as the
 * file writes it, and the problem: malformed syntax, unknown id, parents
 * and children that disagree, duplicate task or edge, cycle, negative or
 * non-finite work, work above ECS_GRAPHIO_MAX_WORK after rounding) or
 * ENOMEM.  *out is NULL on failure; free it with ecs_graph_free.
 */
ecs_result ecs_graph_read_buffer(const char *buf, size_t len,
                                 const char *name,
                                 const ecs_graph_read_params *params,
                                 ecs_graph **out, ecs_diag *diag);

/*
 * Same, from a file; path "-" reads standard input (named "(stdin)" in
 * messages).  EIO when the file cannot be opened or read.
 */
ecs_result ecs_graph_read_file(const char *path,
                               const ecs_graph_read_params *params,
                               ecs_graph **out, ecs_diag *diag);

/*
 * The DOT reader alone (ecs_graph_read_buffer with ECS_STG_DOT):
 * `[strict] digraph [ID] { stmt; ... }` with node statements `ID
 * [weight=W]`, edge chains `A -> B -> C [size=S]`, attribute statements
 * (`graph [...]`, `node [...]`, `edge [...]`, `ID = ID`, ignored), quoted
 * IDs, comments (`//`, block comments, `#` lines).  Every node needs a
 * weight (a number >= 0) on one of its node statements; an edge's size is
 * its communication volume (kept, rounded to a whole number, ignored by
 * the cost model), default 0.  A repeated edge is an error unless the
 * graph is strict (then the first one counts).  Undirected graphs,
 * subgraphs, ports and HTML IDs are errors.  work_unit: 1 if 0.
 */
ecs_result ecs_dot_read_buffer(const char *buf, size_t len, const char *name,
                               double work_unit, ecs_graph **out,
                               ecs_diag *diag);

/*
 * The WfFormat reader alone: schema 1.5 (`workflow.specification.tasks[]`
 * with id, parents, children; runtimes in `workflow.execution.tasks[]`
 * {id, runtimeInSeconds}) and 1.4 (`workflow.tasks[]` with id, parents,
 * children, runtimeInSeconds; early 1.4 files without ids and with
 * "runtime" too); older files with `workflow.jobs[]` {name, parents,
 * runtime} too.  Parents and children refer to task ids, or (older files)
 * to the tasks' unique names.  Every child must list the task as a parent and
 * every parent the task as a child; every task needs a runtime >= 0.
 * work_unit: seconds per work unit (> 0).
 */
ecs_result ecs_wfformat_read_buffer(const char *buf, size_t len,
                                    const char *name, double work_unit,
                                    ecs_graph **out, ecs_diag *diag);

/*
 * The commands of a WfFormat file's tasks (schema 1.5
 * workflow.execution.tasks[].command, 1.4 workflow.tasks[].command):
 * "program arg arg ..." (the arguments as the file writes them, joined by
 * spaces), for the graph ecs_wfformat_read_buffer reads from the same
 * text: (*id)[k] is the graph's id of task k, (*cmd)[k] its command or
 * NULL, k < *n.  Malloc'ed: release with ecs_wfformat_commands_free.  A
 * file whose tasks have no command gives *n tasks, all NULL.  EPARSE as
 * the reader's, ENOMEM.
 */
ecs_result ecs_wfformat_commands(const char *buf, size_t len, const char *name,
                                 size_t *n, long **id, char ***cmd,
                                 ecs_diag *diag);

/* Free what ecs_wfformat_commands gave (n, *id, *cmd); NULLs accepted. */
void ecs_wfformat_commands_free(size_t n, long *id, char **cmd);

/*
 * Write g in DOT: `strict digraph "NAME" {`, one `ID [weight=W];` per task
 * (layout dummies that are a source or a sink left out, as ecs_stg_write
 * does), one `A -> B;` per edge between written tasks (`A -> B [size=C];`
 * when g has communication costs), `}`; tasks in index order.  A
 * comment line `// COMMENT` first when comment is not NULL.  Ids are the
 * graph's ids.  EIO when writing fails.
 */
ecs_result ecs_dot_write(FILE *f, const ecs_graph *g, const char *name,
                         const char *comment, ecs_diag *diag);

/*
 * Write g as WfFormat 1.5 JSON: specification.tasks[] {name, id, parents,
 * children, inputFiles [], outputFiles []} with the graph's ids as
 * strings, execution.tasks[] {id, runtimeInSeconds = work * work_unit}
 * (work_unit > 0: seconds per work unit), execution.makespanInSeconds =
 * critical path * work_unit.  Layout dummies are left out as in
 * ecs_dot_write.  EIO when writing fails, ENOMEM.
 */
ecs_result ecs_wfformat_write(FILE *f, const ecs_graph *g, const char *name,
                              double work_unit, ecs_diag *diag);

/* ---- rounding to whole work units (docs/reference.md "Input formats", work units) ---- */

/* What rounding the file's work up to whole work units did. */
typedef struct ecs_rounding {
    double work_unit;       /* file units per work unit */
    double file_work;       /* the file's total work, in file units */
    double added;           /* total work x work_unit - file_work */
    double relative;        /* added / file_work (0 when file_work is 0) */
    size_t tasks_over_half; /* tasks that gained more than half a work
                               unit (0 < file / unit - floor < 1/2) */
} ecs_rounding;

/*
 * The rounding of the graph in buf at params->work_unit (0: the format's
 * default): one read at the unit and one at half of it (a task gains more
 * than half a unit exactly when its work at half the unit is odd, one less
 * than twice its work).  Fails as ecs_graph_read_buffer.
 */
ecs_result ecs_graph_rounding(const char *buf, size_t len, const char *name,
                              const ecs_graph_read_params *params,
                              ecs_rounding *out, ecs_diag *diag);

/*
 * The coarsest work unit of the ladder 1, 2, 5 x 10^k and 15, 20, 30, 60,
 * 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 14400, 21600, 43200,
 * 86400 (from 0.001 up to the larger of the format's default unit and the
 * largest task's file work) whose rounding adds at most `tolerance` of the
 * file's work (relative); tasks_over_half is not a criterion.  Found by
 * bisection over the ladder (the rounding shrinks with the unit: it adds
 * less than one unit a task), then the next coarser rungs are tried as
 * long as they are within too: a few reads of the file, not one a rung.
 * When no rung does, the finest that can be read (out->relative >
 * tolerance then).
 * tolerance in [0, 10].  Fails as ecs_graph_read_buffer, EINVAL for a bad
 * tolerance.
 */
ecs_result ecs_graph_auto_work_unit(const char *buf, size_t len,
                                    const char *name,
                                    const ecs_graph_read_params *params,
                                    double tolerance, ecs_rounding *out,
                                    ecs_diag *diag);

#endif
