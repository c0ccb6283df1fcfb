/*
 * ecsched command line: CaWoSched's fixed-mapping problem (docs/cawosched.md)
 * behind `--mapping FILE` and `--platform SETUP` (cli/run/cawosched_cli.c).
 *
 * Decisions:
 *  - `--platform FILE` is told apart by content: a digit first (after
 *    blanks and a UTF-8 BOM) is CaWoSched's setup (seven lines of numbers,
 *    the deadline first), anything else ecsched's JSON platform.  A setup and `--mapping` go together: one
 *    without the other is a usage error (exit 2), and so is either on a
 *    command that cannot honour a fixed mapping (only solve, heuristic
 *    --mode local and validate can; convert reads the setup to write
 *    ecsched's own files).
 *  - The setup gives the processors, powers, deadline and budget, so the
 *    model flags that would say otherwise (-p, --prices, --deadline,
 *    --extension, --power, --watts, --green, --green-price, --power-cap,
 *    --base, --work-unit, --slot-minutes) are usage errors, never ignored;
 *    --freqs may only be 1 (CaWoSched's model has one speed).
 *  - The document (docs/schema/cawosched.schema.json) has CaWoSched's units:
 *    time units, its powers, cost = brown cost x brown energy; every task
 *    and transfer with its processor, start and end (start + duration,
 *    exclusive), checked by ecs_cws_evaluate before it is written.
 */
#ifndef ECSCHED_CLI_CAWOSCHED_H
#define ECSCHED_CLI_CAWOSCHED_H

#include "run/cli.h"
#include "run/model.h"

#include <stdint.h>

/*
 * After the options are read, before the platform is resolved: move a
 * CaWoSched setup from m->platform_path to m->cws_setup_path, and check
 * that the command (cws: 1 when it runs CaWoSched's problem) and the flags
 * fit it.  0 to go on, else the exit code of the usage error printed.
 */
int tool_cws_detect(const char *cmd, tool_model *m, int cws);

/* cws: 0 the command cannot honour a mapping, 1 it runs CaWoSched's
 * problem, 2 it converts a setup (convert: a setup without --mapping). */

/* 1 when the command runs CaWoSched's problem (a setup was given). */
int tool_cws_active(const tool_model *m);

/* The rows of the method table (ecsched/method.h) run on the fixed
 * mapping. */
typedef enum tool_cws_method {
    TOOL_CWS_SOLVE, /* solve: scheduler, bound, then the MILP where small
                       enough (ECS_METHOD_CWS_MILP_MAX_TASKS) */
    TOOL_CWS_LOCAL  /* local: the scheduler (fixedmap.h) alone */
} tool_cws_method;

typedef struct tool_cws_opts {
    tool_cws_method method;
    double time_limit_s; /* whole command; 0: none */
    double gap;          /* solve: no MILP once the gap is at most this */
    uint64_t seed;       /* --remap: the search's seed (default 1) */
} tool_cws_opts;

/* Run the problem of graph_path, m->mapping_path and m->cws_setup_path;
 * prints the summary, or the document with --json, writes -o.  Returns
 * the exit code. */
int tool_cws_run(const char *cmd, const tool_model *m, const char *graph_path,
                 const tool_cws_opts *o);

/* validate GRAPH SCHEDULE with the mapping and setup: SCHEDULE is a
 * document written by tool_cws_run (JSON) or a schedule exported by
 * CaWoSched (bench/cawosched/export.patch).  Returns the exit code. */
int tool_cws_validate(const char *cmd, const tool_model *m,
                      const char *graph_path, const char *sched_path);

/*
 * convert --platform SETUP --platform-out OUT.json: CaWoSched's setup as
 * ecsched's platform file (docs/cawosched.md "Converting"): OUT.json, and
 * beside it OUT.prices.csv (the grid price per slot) and OUT.green.csv (the
 * green energy per slot).  With --mapping also OUT.base.json: ecsched's
 * fixed-mapping schedule of graph_path without its transfers, a base
 * schedule (solve --base) of the converted platform, so that a free-mapping
 * solve starts from it.  Returns the exit code.
 */
int tool_cws_convert_platform(const char *cmd, const tool_model *m,
                              const char *graph_path, const char *out);

#endif
