/* ecsched convert GRAPH --to FORMAT: task graphs between STG, DOT and
 * WfFormat. */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "run/cawosched_cli.h"
#include "commands/commands.h"

#include "ecsched/graphio.h"
#include "ecsched/stg.h"

#include <stdlib.h>
#include <string.h>

static const char *CMD = "convert";

int tool_cmd_convert(int argc, char **argv);

const tool_command tool_command_convert = {
    "convert", "convert a task graph between STG, DOT and WfFormat",
    "Usage: ecsched convert GRAPH [--to stg|dot|wfformat] [-o FILE]\n"
    "                       [--format F] [--work-unit U] [--slot-minutes M]\n"
    "                       [--platform SETUP --platform-out FILE.json\n"
    "                        [--mapping FILE]]\n"
    "\n"
    "Reads GRAPH in any format ('-' is standard input) and writes it in\n"
    "another: the STG standard layout (tasks renumbered 1..n in a\n"
    "topological order, dummy entry and exit), Graphviz DOT (`strict\n"
    "digraph`, node [weight=WORK], edge [size=COMM]) or WfFormat 1.5 JSON\n"
    "(task ids as strings, runtimeInSeconds = work * work unit).  Work is\n"
    "in work units: reading divides by the work unit and rounds up, writing\n"
    "WfFormat multiplies by it (so converting back with the same flags gives\n"
    "the same work).  Zero-work tasks are kept.\n"
    "\n"
    "  --to F           output format: stg, dot, wfformat (default: from\n"
    "                   the extension of -o: .stg, .dot/.gv, .json)\n"
    "  -o, --out FILE   write FILE atomically (default: standard output)\n"
    "  --format F       input format: auto (by content, default), standard,\n"
    "                   proto, comm, dot, wfformat\n"
    "  --work-unit U    file units per work unit: seconds for WfFormat\n"
    "                   (default: the slot length), weights for STG and\n"
    "                   DOT (default 1)\n"
    "  --slot-minutes M the slot length (default 60)\n"
    "  --platform SETUP CaWoSched's setup file, written with --platform-out\n"
    "                   as ecsched's platform (JSON, with FILE.prices.csv\n"
    "                   and FILE.green.csv beside it): one site, the grid\n"
    "                   at the brown cost, the green budget as a source,\n"
    "                   one class per (idle, work) power pair; one slot =\n"
    "                   one time unit (docs/cawosched.md)\n"
    "  --platform-out FILE  where to write that platform\n"
    "  --mapping FILE   also FILE.base.json: the fixed mapping's schedule\n"
    "                   (transfers dropped), a --base for solve on it\n"
    "\n"
    "Exit 0: written; 2: bad input or arguments, or the file cannot be\n"
    "written.\n",
    tool_cmd_convert};

enum { OPT_TO = TOOL_OPT_COMMAND_BASE, OPT_PLATFORM_OUT };

typedef enum out_format { OUT_NONE, OUT_STG, OUT_DOT, OUT_WF } out_format;

typedef struct convert_job {
    tool_model m;
    out_format to;
    const char *in; /* -o: m.out_path */
    const char *platform_out; /* --platform-out */
} convert_job;

static int parse_to(const char *s, out_format *to)
{
    if (strcmp(s, "stg") == 0 || strcmp(s, "standard") == 0)
        *to = OUT_STG;
    else if (strcmp(s, "dot") == 0)
        *to = OUT_DOT;
    else if (strcmp(s, "wfformat") == 0)
        *to = OUT_WF;
    else
        return -1;
    return 0;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    convert_job *j = ctx;
    (void)word;
    switch (c) {
    case OPT_TO:
        if (parse_to(arg, &j->to) != 0)
            return tool_usage_error(
                CMD, "--to must be stg, dot or wfformat, not '%s'", arg);
        return 0;
    case OPT_PLATFORM_OUT:
        j->platform_out = arg;
        return 0;
    default:
        return TOOL_NOT_OWN;
    }
}

/* The job's defaults, then the command line: 0 to go on, -1 for --help,
 * else an exit code. */
static int parse_args(convert_job *j, int argc, char **argv)
{
    memset(j, 0, sizeof *j);
    tool_model_init(&j->m);
    static const struct option opts[] = {
        {"to", required_argument, 0, OPT_TO},
        {"out", required_argument, 0, 'o'},
        {"format", required_argument, 0, TOOL_OPT_FORMAT},
        {"work-unit", required_argument, 0, TOOL_OPT_WORK_UNIT},
        {"slot-minutes", required_argument, 0, TOOL_OPT_SLOT_MINUTES},
        {"platform", required_argument, 0, TOOL_OPT_PLATFORM},
        {"mapping", required_argument, 0, TOOL_OPT_MAPPING},
        {"platform-out", required_argument, 0, OPT_PLATFORM_OUT},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    spec.shortopts = ":ho:";
    spec.cws = 2;
    int pr = tool_parse_one(&spec, argc, argv, "needs exactly one GRAPH file", &j->in);
    if (pr != 0)
        return pr;
    if (j->m.platform_path != NULL)
        return tool_usage_error(CMD, "--platform %s is ecsched's own platform: "
                                     "convert reads CaWoSched's setup only",
                                j->m.platform_path);
    if ((j->m.cws_setup_path != NULL) != (j->platform_out != NULL))
        return tool_usage_error(CMD, "give --platform SETUP (CaWoSched's) and "
                                     "--platform-out FILE.json together");
    if (j->to == OUT_NONE && j->m.out_path != NULL) {
        if (ends_with(j->m.out_path, ".stg"))
            j->to = OUT_STG;
        else if (ends_with(j->m.out_path, ".dot") || ends_with(j->m.out_path, ".gv"))
            j->to = OUT_DOT;
        else if (ends_with(j->m.out_path, ".json"))
            j->to = OUT_WF;
    }
    if (j->to == OUT_NONE)
        return tool_usage_error(CMD, "give --to stg|dot|wfformat (or -o "
                                        "FILE ending in .stg, .dot or .json)");
    return 0;
}

/* The graph's name in DOT and WfFormat: the input's base name. */
static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return strcmp(path, "-") == 0 ? "G" : s ? s + 1 : path;
}

static ecs_result render(FILE *f, const ecs_graph *g, const void *ctx,
                         ecs_diag *diag)
{
    const convert_job *j = ctx;
    char comment[512];
    snprintf(comment, sizeof comment, "Converted by ecsched %s from %s (%s)",
             ECS_VERSION, j->in, ecs_stg_format_name(g->format));
    ecs_graph_read_params p;
    ecs_setup_graph_params(&j->m, &p);
    double unit = p.work_unit > 0 ? p.work_unit : p.default_runtime_unit;
    switch (j->to) {
    case OUT_STG:
        return ecs_stg_write(f, g, comment, NULL);
    case OUT_DOT:
        return ecs_dot_write(f, g, base_name(j->in), comment, diag);
    case OUT_WF:
        return ecs_wfformat_write(f, g, base_name(j->in), unit, diag);
    case OUT_NONE:
        return ECS_EINTERNAL;
    }
    return ECS_EINTERNAL;
}

int tool_cmd_convert(int argc, char **argv)
{
    convert_job j;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_graph *g = NULL;
    ecs_result rc = ecs_setup_read_graph(j.in, &j.m, &g, &diag);
    int code = tool_graph_output(CMD, rc, g, render, &j, j.m.out_path, &diag);
    ecs_graph_free(g);
    if (code == TOOL_EXIT_OK && j.platform_out != NULL)
        code = tool_cws_convert_platform(CMD, &j.m, j.in, j.platform_out);
    return code;
}
