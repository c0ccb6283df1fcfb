/*
 * ecsched command line: the plumbing every command shares (cli/run/).
 *
 * Layout of cli/ (tests/check_layers.sh enforces the arrows; every folder
 * includes only itself, those to its right and the library):
 *   cli/main.c      main(), nothing else          -> commands
 *   cli/commands/   one file per command, cmd_NAME.c, defining
 *                   `const tool_command tool_command_NAME` (name, summary,
 *                   usage, `int tool_cmd_NAME(int argc, char **argv)`,
 *                   argv[0] = the command name), listed once in
 *                   TOOL_COMMAND_LIST (commands.h); commands.c dispatches
 *                                                 -> report, batch, run
 *   cli/report/     statistics and tables over batch rows, the report plots,
 *                   the reproduction runner and report        -> batch, run
 *   cli/batch/      the batch engine: plan, worker processes, the
 *                   loss-free results store                      -> run
 *   cli/run/        this header (exit codes, messages) and its neighbours,
 *                   each included by the files that need it: the model
 *                   flags (model.h: model_opts.c, price_flags.c, limits.c),
 *                   the option loop (args.h: args.c), writing files and
 *                   documents (output.h: output.c), the methods behind
 *                   one dispatch (methods.h), result rows (results.h),
 *                   the end of a scheduling command (outcome.h), what
 *                   commands tell people about their inputs (notes.h),
 *                   growing arrays (grow.h), items grouped by key
 *                   (keyed.h), exit codes and messages (exit.c).  The
 *                   problem, the platform file and the schedule document
 *                   are the library's set-up (setup/: ecsched/setup.h,
 *                   problem.h, platform_file.h, document.h), which Python
 *                   shares; the SVG writer, charts and the Gantt chart
 *                   are the library's render/ (ecsched/svg.h, chart.h,
 *                   gantt.h)
 *
 * Conventions for a command `ecsched NAME`:
 * - every command parses its options through tool_parse_args() (or
 *   tool_parse_one() / tool_parse_none() for one / no positional
 *   argument), its own options in an tool_own_fn; the model
 *   flags shared by all scheduling commands come from
 *   TOOL_MODEL_LONGOPTS and are handled by tool_model_option();
 *   numbers are parsed with the strict parsers of ecsched/numparse.h;
 * - people get a short aligned summary on stdout, programs get JSON
 *   (`--json` on stdout, `-o FILE` written atomically);
 * - errors go to stderr as "ecsched NAME: file:line: problem" through
 *   tool_error(), and the exit code comes from tool_exit_code().
 */
#ifndef ECSCHED_CLI_H
#define ECSCHED_CLI_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "ecsched.h" /* ECS_VERSION */
#include "ecsched/check.h"
#include "ecsched/clock.h"
#include "ecsched/graph.h"
#include "ecsched/graphio.h"
#include "ecsched/limits.h"
#include "ecsched/numparse.h"
#include "ecsched/platform.h"
#include "ecsched/prices.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"
#include "ecsched/document.h"
#include "ecsched/setup.h"

/* Exit codes of the command (docs/reference.md "Exit codes"). */
typedef enum tool_exit {
    TOOL_EXIT_OK = 0,         /* done; schedule feasible and meets the deadline */
    TOOL_EXIT_INFEASIBLE = 1, /* infeasible, deadline missed, violation found */
    TOOL_EXIT_USAGE = 2,      /* bad input or usage */
    TOOL_EXIT_INTERNAL = 3,   /* internal or solver failure */
    TOOL_EXIT_INTERRUPTED = 130 /* SIGINT or SIGTERM (batch) */
} tool_exit;

/* Exit code for a library result (a switch without default). */
int tool_exit_code(ecs_result r);

/* Print "ecsched CMD: <diag>" on stderr. */
void tool_error(const char *cmd, const ecs_diag *d);

/* Print "ecsched CMD: <printf message>" on stderr. */
void tool_errorf(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Usage error: message, hint to --help, returns TOOL_EXIT_USAGE. */
int tool_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Print the help text of a command on f; returns 0, or -1 if unknown. */
int tool_print_help(const char *cmd, FILE *f);

/*
 * fopen(path, "r") for a reader that goes line by line: NULL with diag EIO
 * "cannot read: REASON", or "is a directory" (which fopen accepts).
 */
FILE *tool_fopen_read(const char *path, ecs_diag *diag);

#endif
