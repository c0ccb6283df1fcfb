/*
 * ecsched: the report plots (SVG) from batch results and budget
 * landscapes.
 *
 * Rows are the JSON lines of `ecsched batch` (keys graph, pes, extension,
 * prices, method, cost, base_cost, optimum, bound, status, makespan,
 * deadline, meets_deadline, runtime_s, error; docs/reference.md "batch"
 * section).  Rows with a non-null "error" are left out of every plot.  Plots written into dir:
 *
 * - saving_vs_extension.svg: mean saving over the base schedule,
 *   100 (1 - cost / base_cost) %, against the deadline extension E, one line
 *   per method (and per price schedule when there are several); the paper's
 *   Figure 2.
 * - heuristic_over_optimal.svg: mean heuristic cost over the proven optimum,
 *   100 (cost / optimum - 1) %, per price schedule and E, one bar per
 *   heuristic method.  The optimum is the row's "optimum", or else the cost
 *   of the "milp" row of the same graph, pes, extension and prices whose
 *   status is "optimal".  Cases without a proven optimum are counted in the
 *   subtitle, never mixed in.
 * - solver_time.svg: mean runtime (log scale) per method against the
 *   instance size: the row's "tasks" when every row has it, else D' slots.
 * - landscape.svg: the heuristic's budget landscape (paper Figure 3) from
 *   `--landscape` CSV files (header budget,feasible,cost,makespan): cost
 *   relative to the cheapest feasible cost of its file against the budget
 *   as a share of the largest budget of its file (B = sigma cost(base) for a
 *   sweep); one thin line per file and their mean.
 *
 * A plot without data is skipped, and the result says why.
 */
#ifndef ECSCHED_CLI_REPORT_PLOTS_H
#define ECSCHED_CLI_REPORT_PLOTS_H

#include <stddef.h>

#include <jansson.h>

#include "ecsched/result.h"

#define TOOL_REPORT_PLOTS_MAX 4

typedef struct tool_report_plot {
    char file[64];   /* e.g. "landscape.svg" */
    int written;     /* 0: skipped */
    char note[160];  /* what it shows (n cases) or why it was skipped */
} tool_report_plot;

typedef struct tool_report_plots_result {
    size_t n;
    tool_report_plot plot[TOOL_REPORT_PLOTS_MAX];
} tool_report_plots_result;

/*
 * Write the plots for rows[0..nrows-1] (JSON objects; other values are
 * ignored) and the landscape CSV files landscape[0..nland-1] into dir
 * (created if missing; files written atomically).  EIO when dir or a file
 * cannot be written, EPARSE for a bad landscape file (file:line: problem),
 * ENOMEM.
 */
ecs_result tool_report_plots_write(json_t *const *rows, size_t nrows,
                                  const char *dir,
                                  const char *const *landscape, size_t nland,
                                  tool_report_plots_result *out,
                                  ecs_diag *diag);

/* One budget landscape, as written by `ecsched heuristic --landscape`. */
typedef struct tool_landscape {
    size_t n;
    double *budget, *cost; /* cost NAN where infeasible */
    int *feasible;
    long *makespan;        /* -1 where infeasible */
} tool_landscape;

/* Read a landscape CSV (header budget,feasible,cost,makespan; feasible 0/1
 * or true/false; cost and makespan empty when infeasible).  EIO, EPARSE
 * (file:line: problem), ENOMEM. */
ecs_result tool_landscape_read(const char *path, tool_landscape *out,
                              ecs_diag *diag);

void tool_landscape_release(tool_landscape *l);

#endif
