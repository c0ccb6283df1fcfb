/*
 * ecsched reproduce: the markdown report that sets our figures beside the
 * paper's (Gerhards & Keller 2017, section 5).
 *
 * The experiments' results are batch JSON lines (docs/reference.md "batch"
 * section) in the run directory:
 *   saving.jsonl   base, sweep, binary over E = 0..1, epex prices
 *                  (saving at E = 0, Figure 2, sweep vs binary);
 *   optimal.jsonl  sweep, binary, local, milp at E = 0.05 and 0.2, epex
 *                  prices;
 *   prices.jsonl   sweep, binary, local, milp at E = 0.05, flat /
 *                  increasing / alternating prices;
 *   static.jsonl   base, sweep, binary at E = 0.2, power 0.4 + 0.6 f^3;
 *   landscape/NAME.csv  budget landscapes of the heuristic (Figure 3).
 * A missing file leaves its section saying so.  Rows with an "error" are
 * counted and left out.
 */
#ifndef ECSCHED_CLI_REPRODUCE_REPORT_H
#define ECSCHED_CLI_REPRODUCE_REPORT_H

#include <stddef.h>

#include <jansson.h>

#include "ecsched/result.h"

/* What was run, for the report's head. */
typedef struct tool_reproduce_setup {
    int quick;
    size_t ngraphs;
    const char *graphs_dir;
    const char *pes;          /* e.g. "2,4" */
    const char *extensions;   /* saving experiment, e.g. "0,0.05,0.2" */
    double time_limit_s;      /* per MILP */
    double elapsed_s;         /* < 0 when unknown (report only) */
    long cpus;                /* online CPUs when the run took place, < 1
                                 when unknown */
} tool_reproduce_setup;

/*
 * The markdown report for the run directory dir (malloc'ed in *md).
 * plots_dir, relative to dir, is where the SVG plots are linked from (NULL:
 * no links).  EPARSE for unreadable results, ENOMEM.
 */
ecs_result tool_reproduce_report(const char *dir,
                                const tool_reproduce_setup *setup,
                                const char *plots_dir, char **md,
                                ecs_diag *diag);

#endif
