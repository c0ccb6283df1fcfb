/*
 * ecsched: Gantt chart of a JSON schedule document (docs/reference.md
 * "JSON schedule") as SVG.
 *
 * One row per PE, slots on the x axis; each task is a box outlined in dark
 * grey, shaded slot by slot by its frequency (light = slow, dark = fast,
 * pale grey = waiting at f = 0) and labelled with its STG id where the label
 * fits inside the box (labels are dropped, never overlapped).  Under it, on
 * the same time axis, the per-slot price; the deadline D' and the makespan
 * are vertical lines through both panels; a legend and a two-line title
 * (command, graph, cost, saving, PEs, tasks, makespan, deadline, prices).
 *
 * SVG structure (stable, for tests and scripts): every task is a
 * <g class="task"> holding a <title> tooltip, its shading rects, one
 * <rect class="box"> outline and at most one <text class="label">.
 */
#ifndef ECSCHED_GANTT_H
#define ECSCHED_GANTT_H

#include <stddef.h>

#include <jansson.h>

#include "ecsched/result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ecs_gantt_options {
    const char *title;  /* replaces the first title line, or NULL */
    double width;       /* plot width in px; <= 0: from the slot count */
    int labels;         /* draw task labels where they fit (default 1) */
} ecs_gantt_options;

/* Defaults: no title, width from the slot count, labels on. */
void ecs_gantt_options_init(ecs_gantt_options *o);

typedef struct ecs_gantt_stats {
    size_t tasks;    /* task boxes drawn */
    size_t labels;   /* labels drawn */
    long slots;      /* slots on the time axis */
    long pes;
} ecs_gantt_stats;

/*
 * Render the schedule document `doc` (read from `file`, used in messages)
 * into *svg (malloc'ed text).  EPARSE with "file: tasks[i]: problem" when
 * the document does not describe a schedule (missing or ill-typed keys, a
 * PE outside 0..pes-1, stop < start, a "freqs" list of the wrong length or
 * outside [0, 1]); ENOMEM.  stats may be NULL.
 */
ecs_result ecs_gantt_render(const json_t *doc, const char *file,
                            const ecs_gantt_options *opt, char **svg,
                            ecs_gantt_stats *stats, ecs_diag *diag);

/*
 * The same for a schedule document held as text (len bytes, e.g. the
 * library's document writer's output, ecs_document_problem_text): parsed
 * as ecs_json_parse does (EPARSE with the line), then rendered; the SVG is
 * byte for byte the one `ecsched plot` writes for that document.
 */
ecs_result ecs_gantt_render_text(const char *text, size_t len,
                                 const char *file,
                                 const ecs_gantt_options *opt, char **svg,
                                 ecs_gantt_stats *stats, ecs_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
