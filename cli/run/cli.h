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
 *                                                 -> report, batch, plot, run
 *   cli/report/     statistics and tables over batch rows, the report plots,
 *                   the reproduction runner and report   -> batch, plot, run
 *   cli/batch/      the batch engine: plan, worker processes, the
 *                   loss-free results store                      -> run
 *   cli/plot/       SVG writer, charts, Gantt charts (knows nothing of
 *                   batch)                                       -> run
 *   cli/run/        this header and its neighbours: the model flags and the
 *                   option loop (args.c, model_opts.c, price_flags.c), the
 *                   problem a scheduling command starts from (problem.h),
 *                   the methods behind one dispatch (methods.h), schedule
 *                   documents in and out (doc_read.c, doc_write.c), result
 *                   rows (results.h), atomic output (output.c), the end
 *                   of a scheduling command (outcome.h), growing arrays
 *                   (grow.h), items grouped by key (keyed.h), exit codes,
 *                   messages and the clock (exit.c)
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


/* ---- model flags shared by the scheduling commands ---- */

enum tool_model_opt {
    TOOL_OPT_PES = 'p',
    TOOL_OPT_OUT = 'o',
    TOOL_OPT_FREQS = 1000,
    TOOL_OPT_POWER,
    TOOL_OPT_PRICES,
    TOOL_OPT_DEADLINE,
    TOOL_OPT_EXTENSION,
    TOOL_OPT_FORMAT,
    TOOL_OPT_BASE,
    TOOL_OPT_JSON,
    TOOL_OPT_SLOT_MINUTES,
    TOOL_OPT_NO_REPEAT,
    TOOL_OPT_PRICE_COLUMN,
    TOOL_OPT_FILTER,
    TOOL_OPT_UTC_OFFSET,
    TOOL_OPT_STAMP,
    TOOL_OPT_FILL,
    TOOL_OPT_START,
    TOOL_OPT_UNIT,
    TOOL_OPT_TIME_COLUMN,
    TOOL_OPT_WORK_UNIT,
    TOOL_OPT_HELP,
    TOOL_OPT_MAX_INPUT_BYTES,
    TOOL_OPT_MAX_TASKS,
    TOOL_OPT_MAX_WORK,
    TOOL_OPT_MAX_SLOTS,
    TOOL_OPT_WATTS,
    TOOL_OPT_ROUNDING_TOLERANCE,
    TOOL_OPT_PLATFORM,
    TOOL_OPT_GREEN,
    TOOL_OPT_GREEN_PRICE,
    TOOL_OPT_POWER_CAP,
    TOOL_OPT_MAPPING,
    TOOL_OPT_COMMAND_BASE = 1100 /* first id free for a command's own options */
};

/* getopt_long entries of the model flags; end a command's table with
 * TOOL_MODEL_LONGOPTS, {0, 0, 0, 0}. */
#define TOOL_MODEL_LONGOPTS                                               \
    {"pes", required_argument, 0, TOOL_OPT_PES},                              \
    {"out", required_argument, 0, TOOL_OPT_OUT},                              \
    {"freqs", required_argument, 0, TOOL_OPT_FREQS},                          \
    {"power", required_argument, 0, TOOL_OPT_POWER},                          \
    {"prices", required_argument, 0, TOOL_OPT_PRICES},                        \
    {"deadline", required_argument, 0, TOOL_OPT_DEADLINE},                    \
    {"extension", required_argument, 0, TOOL_OPT_EXTENSION},                  \
    {"format", required_argument, 0, TOOL_OPT_FORMAT},                        \
    {"base", required_argument, 0, TOOL_OPT_BASE},                            \
    {"json", no_argument, 0, TOOL_OPT_JSON},                                  \
    {"slot-minutes", required_argument, 0, TOOL_OPT_SLOT_MINUTES},            \
    {"no-repeat", no_argument, 0, TOOL_OPT_NO_REPEAT},                        \
    {"price-column", required_argument, 0, TOOL_OPT_PRICE_COLUMN},            \
    {"filter", required_argument, 0, TOOL_OPT_FILTER},                        \
    {"utc-offset", required_argument, 0, TOOL_OPT_UTC_OFFSET},                \
    {"stamp", required_argument, 0, TOOL_OPT_STAMP},                          \
    {"fill", required_argument, 0, TOOL_OPT_FILL},                            \
    {"start", required_argument, 0, TOOL_OPT_START},                          \
    {"unit", required_argument, 0, TOOL_OPT_UNIT},                            \
    {"time-column", required_argument, 0, TOOL_OPT_TIME_COLUMN},              \
    {"work-unit", required_argument, 0, TOOL_OPT_WORK_UNIT},                  \
    {"help", no_argument, 0, TOOL_OPT_HELP},                                  \
    {"max-input-bytes", required_argument, 0, TOOL_OPT_MAX_INPUT_BYTES},      \
    {"max-tasks", required_argument, 0, TOOL_OPT_MAX_TASKS},                  \
    {"max-work", required_argument, 0, TOOL_OPT_MAX_WORK},                    \
    {"max-slots", required_argument, 0, TOOL_OPT_MAX_SLOTS},                  \
    {"watts", required_argument, 0, TOOL_OPT_WATTS},                          \
    {"rounding-tolerance", required_argument, 0, TOOL_OPT_ROUNDING_TOLERANCE}, \
    {"platform", required_argument, 0, TOOL_OPT_PLATFORM},                    \
    {"green", required_argument, 0, TOOL_OPT_GREEN},                          \
    {"green-price", required_argument, 0, TOOL_OPT_GREEN_PRICE},              \
    {"power-cap", required_argument, 0, TOOL_OPT_POWER_CAP},                  \
    {"mapping", required_argument, 0, TOOL_OPT_MAPPING}

/* Short options of the model flags, to prefix a command's optstring. */
#define TOOL_MODEL_SHORTOPTS "p:o:h"

#define TOOL_MAX_PRICE_OPTS 16

/* A series of the extended platform (cli/run/platform_file.h): a price
 * SPEC (file or built-in) and its loader options, its values times
 * scale. */
#define TOOL_PLAT_PATH 512
typedef struct tool_series_spec {
    char spec[TOOL_PLAT_PATH];   /* "" = none */
    ecs_price_options opt;
    double scale;                /* default 1 */
} tool_series_spec;

/* The extended platform as given (--platform FILE, or the shortcuts
 * --watts W:IDLE, --green, --power-cap): its classes are in
 * tool_model.platform; what varies by slot is loaded per problem
 * (tool_plat_load). */
typedef struct tool_plat {
    int on;                        /* 1: an extended instance */
    int resolved;                  /* tool_plat_resolve ran */
    ecs_platform flags;            /* the platform of the flags, before the
                                      shortcuts made their class of it */
    char path[TOOL_PLAT_PATH];     /* --platform as given, "" for shortcuts */
    char hash[32];                 /* "fnv1a64:..." of the platform file,
                                      "" for shortcuts */
    int nsite;
    struct tool_plat_site {
        char name[ECS_NAME_MAX];
        int has_prices;            /* 0: the command's --prices */
        tool_series_spec prices;
        double cap_kw;             /* constant cap, -1: none */
        tool_series_spec cap;      /* cap series in kW (spec "" = none) */
    } site[ECS_MAX_SITES];
    size_t nsource;
    struct tool_plat_source {
        char name[ECS_NAME_MAX];
        int site;
        double price_mwh;          /* in the prices' currency per MWh */
        tool_series_spec volume;   /* kWh per point of the series */
    } source[ECS_MAX_SOURCES];
} tool_plat;

typedef struct tool_model {
    ecs_platform platform;
    int pes_given, freqs_given, power_given;
    const char *prices_spec;      /* NULL: the default built-in */
    ecs_price_options price_opt;
    long deadline;                /* --deadline, -1 if not given */
    ecs_decimal extension;        /* --extension, 0 if not given */
    int extension_given;
    ecs_stg_format format;        /* --format */
    double work_unit;             /* --work-unit, 0 if not given (or auto,
                                     until tool_work_unit_auto sets it) */
    int work_unit_auto;           /* --work-unit auto */
    int slot_minutes_given;       /* --slot-minutes */
    double rounding_tolerance;    /* --rounding-tolerance (default 0.01) */
    const char *base_path;        /* --base */
    const char *out_path;         /* -o */
    int json;                     /* --json */
    int help;                     /* --help / -h */
    ecs_limits limits;            /* --max-input-bytes, --max-tasks,
                                     --max-work, --max-slots */
    double watts;                 /* --watts W: one PE at f = 1, 0 if not
                                     given (no energy, no money) */
    double idle_watts;            /* --watts W:IDLE, -1 if not given;
                                     above 0: an extended instance */
    const char *platform_path;    /* --platform FILE */
    const char *green_path;       /* --green FILE (kWh per slot) */
    double green_price;           /* --green-price X per MWh (default 0) */
    int green_price_given;
    double power_cap_kw;          /* --power-cap KW, -1 if not given */
    tool_plat plat;               /* resolved by tool_plat_resolve */
    const char *mapping_path;     /* --mapping FILE (CaWoSched's problem) */
    const char *cws_setup_path;   /* --platform FILE when it is CaWoSched's
                                     setup (cli/run/cawosched_cli.h) */
} tool_model;

/* Defaults: 1 PE, default F and power, default prices, no deadline. */
void tool_model_init(tool_model *m);

/*
 * Handle one model flag returned by getopt_long.  Returns 1 if the option
 * was a model flag and valid, 0 if it is not a model flag, -1 if its value
 * is bad (diag filled).
 */
int tool_model_option(tool_model *m, int opt, const char *arg,
                         ecs_diag *diag);

/* ---- the shared option loop of the commands (cli/run/args.c) ---- */

/* Returned by an tool_own_fn for an option that is not its own. */
#define TOOL_NOT_OWN (-1)

/*
 * A command's own options.  Called for every option getopt_long returns,
 * before the model flags are looked at, with the option id, its argument
 * (or NULL) and the argv word last consumed (argv[optind - 1]).  Returns 0
 * if it handled the option, TOOL_NOT_OWN to pass it on to the model
 * flags, or an exit code after printing the usage error.
 */
typedef int (*tool_own_fn)(void *ctx, int opt, const char *arg,
                              const char *word);

typedef struct tool_argspec {
    const char *cmd;                /* command name, for messages */
    const char *shortopts;          /* default TOOL_MODEL_SHORTOPTS */
    const struct option *longopts;  /* the command's getopt_long table */
    tool_model *model;           /* filled by tool_model_option; NULL
                                       for a command without the model
                                       flags: then only -h and --help
                                       (TOOL_OPT_HELP) are handled here */
    const int *rejected;            /* model flag ids that do not apply to
                                       the command, 0-terminated; or NULL */
    tool_own_fn own;             /* the command's own options, or NULL */
    void *ctx;                      /* passed to own */
    int help_now;                   /* 1: --help ends the parsing at once
                                       (options after it are not looked
                                       at); default 0 */
    int cws;                        /* 1: the command runs CaWoSched's
                                       fixed-mapping problem (--mapping,
                                       a CaWoSched setup as --platform);
                                       2: it converts a setup (convert);
                                       default 0: those are usage errors */
} tool_argspec;

/* The command's option table, model and own options (own may be NULL:
 * none; ctx is passed to own); defaults: model short options, no rejected
 * flags, --help read like any option. */
void tool_argspec_init(tool_argspec *s, const char *cmd,
                          const struct option *longopts, tool_model *m,
                          tool_own_fn own, void *ctx);

/*
 * The option loop every scheduling command shares: resets getopt
 * (optind = 1, opterr = 0), then for each option: unknown (or a missing
 * value, unless shortopts begins with ':') -> "bad option 'WORD'"; a
 * missing value when shortopts begins with ':' -> "option 'WORD' needs a
 * value"; the command's own options; a rejected or unknown
 * model flag -> "option 'WORD' does not apply here"; a bad model flag
 * value -> its message.  Returns 0 with *first set to the index of the
 * first positional argument, -1 if --help was given, or an exit code after
 * printing the usage error (tool_usage_error).
 */
int tool_parse_args(const tool_argspec *s, int argc, char **argv,
                       int *first);

/*
 * The commands that take one positional argument (GRAPH): tool_parse_args,
 * then exactly one positional argument, stored in *arg, else the usage
 * error `need` (e.g. "needs one GRAPH").  Returns as tool_parse_args.
 */
int tool_parse_one(const tool_argspec *s, int argc, char **argv,
                      const char *need, const char **arg);

/* The commands without positional arguments: tool_parse_args, then
 * "unexpected argument 'WORD'" for the first one given.  Returns as
 * tool_parse_args. */
int tool_parse_none(const tool_argspec *s, int argc, char **argv);

/*
 * What a command returns when its argument parsing did not say "go on"
 * (pr != 0): for pr < 0 (--help) prints the help on stdout and gives
 * TOOL_EXIT_OK, else gives pr, the exit code of the usage error.
 */
int tool_parse_exit(const char *cmd, int pr);

/* A random seed: a strict unsigned decimal (no sign, no blanks) up to
 * 18446744073709551615 (--seed of generate and heuristic); 0 or -1. */
int tool_parse_seed(const char *s, uint64_t *out);

/* The default price schedule. */
#define TOOL_DEFAULT_PRICES "epex-2016-10-19"

/*
 * The graph reader's parameters from the model flags: --format,
 * --work-unit, and the slot length (--slot-minutes) as the default work
 * unit of WfFormat runtimes.
 */
void tool_graph_params(const tool_model *m, ecs_graph_read_params *p);

/* Read a task graph in any format (graphio.h; "-" is standard input). */
ecs_result tool_read_graph(const char *path, const tool_model *m,
                              ecs_graph **out, ecs_diag *diag);

/*
 * Read a task graph (tool_read_graph), refuse an absurd horizon
 * (tool_check_horizon with no deadline) and contract it.  *raw may be
 * NULL if not wanted.  Every command that takes a graph loads it here.
 * The size limits m->limits are checked: the file's bytes while reading,
 * then tasks, work per task and the critical path (against --max-slots)
 * before anything else is computed.
 */
ecs_result tool_load_graph(const char *path, const tool_model *m,
                              ecs_graph **raw, ecs_graph **work,
                              ecs_diag *diag);

/* Longest schedule horizon (slots) the commands accept. */
#define TOOL_MAX_HORIZON 20000L

/*
 * Refuse (EINVAL, with the numbers and the flag that shrinks it) a graph
 * whose makespan lower bound max(critical path, ceil(total work / P))
 * exceeds TOOL_MAX_HORIZON slots, or a deadline above it (deadline <= 0:
 * not checked); with the base makespan (> 0) the message names the
 * largest --extension (3 decimals) whose deadline fits.
 */
ecs_result tool_check_horizon(const tool_model *m, const ecs_graph *g,
                                 long deadline, long base_makespan,
                                 ecs_diag *diag);

/*
 * Say on stderr ("ecsched CMD: note: ...") when the prices were repeated
 * to cover the horizon; nothing otherwise.
 */
void tool_note_repeated(const char *cmd, const ecs_slot_prices *sp);

/*
 * fopen(path, "r") for a reader that goes line by line: NULL with diag EIO
 * "cannot read: REASON", or "is a directory" (which fopen accepts).
 */
FILE *tool_fopen_read(const char *path, ecs_diag *diag);

/* ---- size limits (cli/run/limits.c; the library side: ecsched/limits.h) ---- */

/* Handle a --max-* flag: 1 if it was one and valid, 0 if not one, -1 bad. */
int tool_limit_option(ecs_limits *l, int opt, const char *arg,
                         ecs_diag *diag);

/*
 * The one horizon check: slots (a deadline, a makespan, a schedule's last
 * slot + 1) against --max-slots; what says what asked for them, e.g.
 * "--deadline".  EINVAL with a message naming the flag.
 */
ecs_result tool_check_slots(const ecs_limits *l, long long slots,
                               const char *file, const char *what,
                               ecs_diag *diag);

/* Tasks, work per task and critical path of g against the limits. */
ecs_result tool_check_graph(const ecs_limits *l, const ecs_graph *g,
                               const char *file, ecs_diag *diag);

/*
 * Read a JSON document: at most --max-input-bytes, a directory is "is a
 * directory", a UTF-8 byte order mark is skipped (as in CSV files),
 * duplicate keys are an error.  *out is NULL on failure (EIO, EINVAL for
 * a limit, ENOMEM, EPARSE with the line).  l NULL: the default limits.
 */
ecs_result tool_load_json(const char *path, const ecs_limits *l,
                             json_t **out, ecs_diag *diag);

/*
 * Per-slot prices for nslots slots from the model's --prices and loader
 * options.
 */
ecs_result tool_load_prices(const tool_model *m, size_t nslots,
                               ecs_slot_prices *out, ecs_diag *diag);

/* Help text of the model flags, for the commands' usage texts. */
#define TOOL_MODEL_FLAGS_HELP                                                     \
    "Model flags:\n"                                                         \
    "  -p, --pes P          number of identical PEs (default 1)\n"          \
    "  --freqs LIST         frequencies, strictly decreasing from 1\n"      \
    "                       (default 1,0.8,0.6,0.4,0.2,0)\n"                \
    "  --power MODEL        quadratic (f^2, default) or static:S\n"         \
    "                       (S + (1-S) f^3 for f > 0)\n"                    \
    "  --prices SPEC        built-in (flat, increasing, alternating,\n"     \
    "                       epex-2016-10-19: default) or a CSV file\n"      \
    "  --slot-minutes M     slot length for CSV prices (default 60)\n"      \
    "  --no-repeat          error if prices are shorter than the deadline\n" \
    "  --format F           graph format: auto (by content), standard,\n"   \
    "                       proto, comm (STG layouts), dot, wfformat\n"      \
    "  --work-unit U        file units per work unit, rounded up: seconds\n" \
    "                       for WfFormat runtimes (default: the slot\n"     \
    "                       length), weights for STG and DOT (default 1);\n" \
    "                       auto: the coarsest unit whose rounding adds at\n" \
    "                       most --rounding-tolerance of the work\n"         \
    "  --rounding-tolerance T  for --work-unit auto (default 0.01: 1%)\n"   \
    "  --watts W[:IDLE]     watts of one PE at f = 1: energy in kWh and\n"  \
    "                       cost in the prices' currency; IDLE > 0: every\n" \
    "                       PE draws it while on (an extended platform)\n" \
    "  --platform FILE      PE classes, sites, green sources, power caps\n" \
    "                       (JSON, docs/schema/platform.schema.json); or\n" \
    "                       CaWoSched's setup file, told apart by content\n" \
    "  --mapping FILE       with CaWoSched's setup: its fixed mapping (its\n" \
    "                       text or JSON, docs/schema/mapping.schema.json);\n" \
    "                       solve, heuristic --mode local and validate run\n" \
    "                       CaWoSched's problem (docs/cawosched.md)\n"      \
    "  --green FILE         green supply of the one site, kWh per point of\n" \
    "                       the series (any price layout; needs --watts)\n" \
    "  --green-price X      its price per MWh in the prices' currency (0)\n" \
    "  --power-cap KW       the PEs' total draw, idle included (needs\n"   \
    "                       --watts)\n"                                      \
    "  (price CSV loader options: see 'ecsched help prices')\n"          \
    TOOL_LIMIT_FLAGS_HELP

/* Help text of the size limits (defaults: ecs_limits_init). */
#define TOOL_LIMIT_FLAGS_HELP                                              \
    "Size limits (a small file must not cost gigabytes; raise them for\n"   \
    "big inputs; N may end in k, M, G or Ki, Mi, Gi):\n"                    \
    "  --max-input-bytes N  bytes of one input file (default 256Mi)\n"      \
    "  --max-tasks N        tasks of a graph (default 1M)\n"                \
    "  --max-work N         work of one task (default 1M)\n"               \
    "  --max-slots N        slots of the horizon: deadline, makespan\n"     \
    "                       (default 1M)\n"

/* Help text of the price loader flags (docs/reference.md "Prices"). */
#define TOOL_PRICE_FLAGS_HELP                                              \
    "Price flags (also accepted by every scheduling command):\n"            \
    "  --prices SPEC        the same as the SPEC argument\n"                \
    "  --slot-minutes M     slot length (default 60); finer series are\n"    \
    "                       averaged over a slot, coarser ones repeated\n"   \
    "  --start TIME         first slot (default: the series' first point)\n" \
    "  --no-repeat          error if the series is shorter than the slots\n" \
    "  --price-column C     column name or 1-based number (default: guess\n" \
    "                       by header name, e.g. *Price*, RRP, EUR first)\n" \
    "  --time-column C      column of the times (default: first column\n"   \
    "                       holding times, one named *UTC* first); none:\n" \
    "                       one price per slot, in file order\n"           \
    "  --filter COL=VALUE   keep only rows where COL equals VALUE\n"        \
    "  --utc-offset OFF     offset of naive local times (+01:00, -0500, Z)\n" \
    "                       or a time zone (Europe/Berlin, from zoneinfo);\n" \
    "                       for date + period files: the offset at midnight\n" \
    "  --stamp start|end    times mark interval starts (default) or ends\n" \
    "  --fill previous|linear  fill missing intervals (default: an error)\n" \
    "  --unit UNIT          currency/unit when the header names none\n"                 \
    "  --max-input-bytes N  bytes of the file (default 256Mi)\n"           \
    "  --max-slots N        slots of the series (default 1M)\n"

/* ---- output ---- */

/*
 * Write text to path, the one way every command writes a file ("-" means
 * stdout).  A regular file (or a new one) is written atomically: a fresh
 * temporary in the same directory, created with O_CREAT | O_EXCL |
 * O_NOFOLLOW (a planted file or symlink is never opened), fsync'ed, then
 * renamed over the target, which keeps its permission bits; a reader never
 * sees half a file and a failed write leaves the old file.  A target that
 * is not a regular file (a device such as /dev/null, a FIFO) is written in
 * place and never replaced; a directory is an error ("is a directory").  A
 * symlink is followed to what it names.  Fails with EIO naming path.
 */
ecs_result tool_write_file(const char *path, const char *text,
                              ecs_diag *diag);

/* Writes graph g to the memory stream f (a format's writer). */
typedef ecs_result (*tool_graph_fmt)(FILE *f, const ecs_graph *g,
                                        const void *ctx, ecs_diag *diag);

/*
 * The end of the commands that write a graph (convert, generate): when rc
 * is ECS_OK, g formatted by fmt (a failure: "cannot format the graph:
 * ..."), written to path (NULL or "-": stdout; tool_write_file) and,
 * for a file, "PATH: N tasks, E edges, critical path C, total work W" on
 * stdout; any error (rc's or these) as diag's message on stderr.  Returns
 * the exit code.
 */
int tool_graph_output(const char *cmd, ecs_result rc, const ecs_graph *g,
                         tool_graph_fmt fmt, const void *ctx,
                         const char *path, ecs_diag *diag);

/*
 * Flush and close stdout once, after the command ran (as coreutils'
 * close_stdout): a write error, e.g. on a full disk, prints "ecsched: write
 * error on standard output: ..." on stderr and returns -1; a stdout that was
 * closed before anything was written to it is not an error.
 */
int tool_close_stdout(void);

/* JSON_* flags used for every document ecsched writes. */
#define TOOL_JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(12))

/* Dump a JSON document to path atomically ("-" = stdout). */
ecs_result tool_write_json(const char *path, const json_t *doc,
                              ecs_diag *diag);

/*
 * The outputs of a command's document: written to -o FILE (m->out_path)
 * if given, then to stdout if --json (m->json); stops at the first error.
 */
ecs_result tool_write_doc(const tool_model *m, const json_t *doc,
                             ecs_diag *diag);

/* ---- the schedule document (docs/reference.md "JSON schedule") ---- */

typedef struct tool_doc_info {
    const char *command;          /* e.g. "validate" */
    const char *graph_file;       /* path as given */
    const ecs_graph *raw;         /* the graph as read (tasks, edges) */
    const ecs_platform *platform;
    const ecs_slot_prices *prices;
    long deadline;                /* D', <= 0 if none */
    const ecs_check_report *check; /* makespan, cost, meets_deadline; NULL
                                      when there is no schedule (null) */
    int has_base_cost;
    double base_cost;
    const char *status;           /* e.g. "feasible", "optimal" */
    double runtime_s;
    const tool_model *model;   /* --watts, --utc-offset; NULL: none */
    const ecs_schedule *schedule; /* for the energy; NULL: none */
    const struct tool_problem *problem; /* for an extended platform's
                                           energy by source; NULL: none */
} tool_doc_info;

/*
 * The document's head: tool .. cost, cost_money and money_unit (the cost
 * in money at --watts W per PE; null without --watts or when the price
 * unit is not per MWh), the real units (energy, energy_kwh, watts,
 * idle_watts, deadline_minutes, makespan_minutes, zone, start_time,
 * deadline_time, end_time: cli/run/units.h), base_cost, status,
 * runtime_s, in a fixed order.  The command
 * may append its own keys, then tool_doc_add_tasks() appends "tasks".
 * NULL on out of memory.
 */
json_t *tool_doc_new(const tool_doc_info *info);

/* A cost in money: with prices in X/MWh, cost x normalized_by x slot
 * hours is X for a PE drawing 1 MW at f = 1.  1 with *money and unit "X"
 * set, 0 when the unit is unknown or not per MWh. */
int tool_doc_money(const ecs_slot_prices *sp, double cost, double *money,
                  char *unit, size_t size);

/* Append "tasks": [{id, work, pe, start, stop, freqs}] (positive work). */
int tool_doc_add_tasks(json_t *doc, const ecs_graph *g, const ecs_platform *p,
                      const ecs_schedule *s);

/* One key and its value, for tool_json_object_kv. */
typedef struct tool_json_kv {
    const char *key;
    json_t *v;
} tool_json_kv;

/* An object of kv[0..n-1] in this order.  Steals every value, also on
 * failure; NULL when a value is NULL (out of memory) or out of memory. */
json_t *tool_json_object_kv(tool_json_kv *kv, size_t n);
/*
 * A JSON string of text that need not be UTF-8 (file names, messages
 * quoting input): as is when valid, else with each stray byte written
 * "\xNN" (ecs_utf8_escape).  NULL on out of memory.
 */
json_t *tool_json_text(const char *s);

/* A number rounded to 1e-9 relative, so that output is stable. */
json_t *tool_json_num(double v);

/* What a schedule document says besides its tasks (for validate). */
typedef struct tool_doc_model {
    long pes;             /* -1 if absent */
    char freqs[256];      /* comma list, "" if absent */
    char power[32];       /* "" if absent */
    long deadline;        /* -1 if absent */
    size_t nprice;        /* prices.per_slot length, 0 if absent */
    double *price;        /* prices.per_slot, malloc'ed, or NULL */
    char price_source[256];
    double work_unit_s;   /* model.work_unit_s, 0 if absent or null */
    int slot_minutes;     /* prices.slot_minutes, 0 if absent */
} tool_doc_model;

void tool_doc_model_release(tool_doc_model *dm);

/*
 * Read a schedule document (tool_load_json; lim NULL: the default
 * limits; a task's slots are checked against --max-slots; every key of
 * docs/reference.md "JSON schedule" has one type, a wrong type is EPARSE naming the
 * key): the model keys into dm (may be NULL) and the tasks into a schedule
 * of graph g (contracted).  Tasks are matched by STG
 * id; "freqs" may be absent (every slot at f = 1, stop = start + work - 1
 * required, as for a user's base schedule).  A frequency that is not in F
 * is stored as an invalid index for the checker to report.  Fails with EIO
 * or EPARSE (diag names file, line or task).
 */
ecs_result tool_doc_read(const char *path, const ecs_limits *lim,
                        const ecs_graph *g, const ecs_platform *p,
                        ecs_schedule **out, tool_doc_model *dm,
                        ecs_diag *diag);

/* Read only the model keys of a schedule document. */
ecs_result tool_doc_read_model(const char *path, const ecs_limits *lim,
                              tool_doc_model *dm, ecs_diag *diag);

#endif
