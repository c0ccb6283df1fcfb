/*
 * ecsched command line: the model flags every scheduling command shares
 * (cli/run/model_opts.c, price_flags.c, limits.c): their option ids and
 * getopt table, the model they fill (the library's set-up, ecsched/setup.h),
 * the size-limit flags and the help texts.
 */
#ifndef ECSCHED_CLI_MODEL_H
#define ECSCHED_CLI_MODEL_H

#include <getopt.h>

#include "run/cli.h"

#include "ecsched/setup.h"

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
    TOOL_OPT_REMAP,
    TOOL_OPT_MAPPING_OUT,
    TOOL_OPT_GREEN_COLUMN,
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
    {"green-column", required_argument, 0, TOOL_OPT_GREEN_COLUMN},            \
    {"power-cap", required_argument, 0, TOOL_OPT_POWER_CAP},                  \
    {"mapping", required_argument, 0, TOOL_OPT_MAPPING},                      \
    {"remap", no_argument, 0, TOOL_OPT_REMAP},                                \
    {"mapping-out", required_argument, 0, TOOL_OPT_MAPPING_OUT}

/* Short options of the model flags, to prefix a command's optstring. */
#define TOOL_MODEL_SHORTOPTS "p:o:h"

#define TOOL_MAX_PRICE_OPTS 16



/* The model the flags build: the library's set-up (ecsched/setup.h). */
typedef ecs_setup tool_model;

/* Defaults: ecs_setup_init. */
void tool_model_init(tool_model *m);

/*
 * Handle one model flag returned by getopt_long.  Returns 1 if the option
 * was a model flag and valid, 0 if it is not a model flag, -1 if its value
 * is bad (diag filled).
 */
int tool_model_option(tool_model *m, int opt, const char *arg,
                         ecs_diag *diag);


/*
 * Say on stderr ("ecsched CMD: note: ...") when the prices were repeated
 * to cover the horizon; nothing otherwise.
 */
void tool_note_repeated(const char *cmd, const ecs_slot_prices *sp);

/* "ecsched CMD: note: --green FILE: the green supply ... is column 'C'"
 * on stderr when the column of --green was guessed (the file's only
 * column of numbers besides the times); nothing otherwise. */
struct ecs_ext;
void tool_note_green(const char *cmd, const tool_model *m,
                     const struct ecs_ext *ext);

/* ---- size limits (cli/run/limits.c; the library side: ecsched/limits.h) ---- */

/* Handle a --max-* flag: 1 if it was one and valid, 0 if not one, -1 bad. */
int tool_limit_option(ecs_limits *l, int opt, const char *arg,
                         ecs_diag *diag);



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
    "  --slot-minutes M     slot length for CSV prices (default 60); prices:\n" \
    "                       one slot per period of the series, as long\n"  \
    "                       (milp, solve, validate, plot)\n"               \
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
    "  --remap              with CaWoSched's setup: choose the mapping too\n" \
    "                       (solve, heuristic --mode local); --mapping is\n" \
    "                       then a start\n"                                  \
    "  --mapping-out FILE   the schedule's mapping, CaWoSched's text form\n" \
    "  --green FILE         green supply of the one site, kWh per point of\n" \
    "                       the series (any price layout; needs --watts)\n" \
    "  --green-column C     its column (name or number); without it the\n" \
    "                       file's only column of numbers, said on stderr\n" \
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
    "                       averaged over a slot, coarser ones repeated;\n"  \
    "                       prices: one slot per period, as long\n"          \
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

#endif
