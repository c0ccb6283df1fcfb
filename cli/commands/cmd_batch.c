/* ecsched batch GRAPHS... : every combination of P, E, prices and method,
 * on worker processes, into a resumable JSON-lines file. */
#include "batch/batch.h"
#include "run/model.h"
#include "run/args.h"
#include "commands/commands.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *CMD = "batch";

int tool_cmd_batch(int argc, char **argv);

const tool_command tool_command_batch = {
    "batch", "run many cases (graphs x P x E x prices x methods) into JSON lines",
    "Usage: ecsched batch GRAPHS... -p LIST [--extension LIST] [--prices LIST]\n"
    "                     [--methods LIST] [--time-limit LIST] [-j N] [--shard K/N]\n"
    "                     [--sigma LIST] [--steps LIST] [--formulation LIST]\n"
    "                     [--gap LIST] [--warm-start on,off] [--seed LIST]\n"
    "                       [--effort LIST]\n"
    "                     --out FILE\n"
    "\n"
    "Runs every combination of graph, P, extension E, price schedule, method\n"
    "and method parameters and appends one JSON line per case to FILE.  The\n"
    "base schedule of a graph and P is computed once; the heuristic\n"
    "warm-starts the MILP.  Every line records the model (frequencies, power,\n"
    "price source with a hash of the file's content and the loader options),\n"
    "the method's parameters, the version and the run context; the case key\n"
    "covers them, so the same command again runs only the cases that are\n"
    "missing, and a command with other settings runs its cases beside the old\n"
    "ones.  Killed at any moment (Ctrl-C, kill -9) the file holds whole lines.\n"
    "\n"
    "  -p LIST            PEs, e.g. 2,4,8,16\n"
    "  --extension LIST   E values, e.g. 0,0.05,0.2 (default 0)\n"
    "  --prices LIST      price schedules (built-in names or CSV files;\n"
    "                     default epex-2016-10-19)\n"
    "  --methods LIST     of base,sweep,binary,local,milp,solve (default:\n"
    "                     all available but solve)\n"
    "  --time-limit LIST  MILP and solve time limit per case, local's when\n"
    "                     given (default 60)\n"
    "  --sigma LIST, --steps LIST  the heuristic's (default 2, 100)\n"
    "  --formulation LIST, --gap LIST, --warm-start on,off, --no-warm-start\n"
    "                     the MILP's (default strong, 0, on); --gap and\n"
    "                     --warm-start are solve's too\n"
    "  --seed LIST        local's random order, solve's neighbourhoods\n"
    "  --effort LIST      counted-work budgets (local's moves, the MILP's\n"
    "                     nodes, solve's effort): results that do not\n"
    "                     depend on the machine's speed or load\n"    "                     (default 1)\n"
    "                     A list is an axis of the grid; a case is run once\n"
    "                     for the values its method uses.\n"
    "  --makespan-limit S base schedule search per graph and P (default 10)\n"
    "  --kill-after S     watchdog per case (default 2 x the longest time\n"
    "                     limit + makespan limit + 30): a case over it is\n"
    "                     recorded as timeout\n"
    "  -j N               worker processes (default: the CPUs this process\n"
    "                     may use, its affinity mask)\n"
    "  --shard K/N        run only shard K of N (by a hash of graph and P)\n"
    "  -o, --out FILE     the results file (JSON lines), required\n"
    "\n"
    "Progress on stderr when it is a terminal.  Exit 0: every case of this run\n"
    "recorded without failure; 3: some case failed (error, crashed, timeout;\n"
    "recorded as such); 130: interrupted; 2: bad input.\n"
    "\n"
    "Model flags: --freqs, --power, --format, --slot-minutes, --no-repeat,\n"
    "--work-unit, --watts W[:IDLE], --platform FILE (every case on its\n"
    "classes and sites; -p then not), --green FILE, --green-column C,\n"
    "--green-price X, --power-cap KW and the price loader flags (as for\n"
    "compare).\n",
    tool_cmd_batch};

enum { OPT_METHODS = TOOL_OPT_COMMAND_BASE, OPT_SHARD, OPT_KILL_AFTER };

static int seconds(const char *flag, const char *arg, double *out)
{
    if (ecs_parse_double(arg, out) != 0 || *out <= 0)
        return tool_usage_error(CMD, "%s needs seconds > 0, not '%s'", flag, arg);
    return 0;
}

static int own_option(tool_batch_plan *plan, int c, const char *arg, int *jobs,
                      ecs_diag *diag)
{
    long v;
    switch (c) {
    case TOOL_OPT_PES:
        return tool_batch_parse_pes(plan, arg, diag) == 0 ? 0 : -1;
    case TOOL_OPT_EXTENSION:
        return tool_batch_parse_ext(plan, arg, diag) == 0 ? 0 : -1;
    case TOOL_OPT_PRICES:
        return tool_batch_parse_prices(plan, arg, diag) == 0 ? 0 : -1;
    case OPT_METHODS:
        return tool_batch_parse_methods(plan, arg, diag) == 0 ? 0 : -1;
    case OPT_SHARD:
        return tool_batch_parse_shard(plan, arg, diag) == 0 ? 0 : -1;
    case 'j':
        if (ecs_parse_long(arg, &v) != 0 || v < 1 || v > 1024)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "-j needs a number of workers 1..1024, not '%s'", arg),
                   -1;
        *jobs = (int)v;
        return 0;
    default:
        return 1;
    }
}

typedef struct batch_args {
    tool_batch_plan *plan;
    int *jobs;
} batch_args;

/* The options of batch, the lists that replace model flags (-p, --extension,
 * --prices), and the model flags that do not apply to batch. */
static int batch_option(void *ctx, int c, const char *arg, const char *word)
{
    batch_args *a = ctx;
    tool_batch_plan *plan = a->plan;
    if (c == OPT_KILL_AFTER)
        return seconds(word, arg, &plan->kill_after_s) != 0 ? TOOL_EXIT_USAGE : 0;
    ecs_diag diag;
    int pr = tool_param_grid_option(&plan->grid, c, arg, 1, &diag);
    if (pr < 0)
        return tool_usage_error(CMD, "%s", diag.msg);
    if (pr > 0 && plan->grid.n[TOOL_PARAM_MAKESPAN_LIMIT] > 1)
        return tool_usage_error(CMD, "--makespan-limit takes one value (the base "
                                        "is shared by the cases of a graph and P)");
    if (pr > 0)
        return 0;
    int r = own_option(plan, c, arg, a->jobs, &diag);
    if (r < 0)
        return tool_usage_error(CMD, "%s", diag.msg);
    if (r == 0)
        return 0;
    if (c == TOOL_OPT_DEADLINE || c == TOOL_OPT_BASE || c == TOOL_OPT_JSON)
        return tool_usage_error(CMD, "option '%s' does not apply to batch",
                                   word);
    return TOOL_NOT_OWN;
}

static int parse_args(tool_batch_plan *plan, int *jobs, int argc, char **argv)
{
    static const struct option opts[] = {
        {"methods", required_argument, 0, OPT_METHODS},
        {"shard", required_argument, 0, OPT_SHARD},
        {"kill-after", required_argument, 0, OPT_KILL_AFTER},
        TOOL_PARAM_LONGOPTS,
        TOOL_MODEL_LONGOPTS, {0, 0, 0, 0}};
    batch_args a = {plan, jobs};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &plan->model, batch_option, &a);
    spec.shortopts = TOOL_MODEL_SHORTOPTS "j:";
    int first, pr = tool_parse_args(&spec, argc, argv, &first);
    if (pr != 0)
        return pr;
    if (argc - first < 1)
        return tool_usage_error(CMD, "needs at least one GRAPH");
    if (plan->model.out_path == NULL)
        return tool_usage_error(CMD, "needs --out FILE");
    if (plan->model.platform_path != NULL && plan->model.plat.site[0].has_prices) {
        /* the sites' own prices: the rows name site 0's, and no list */
        if (plan->nprices > 0)
            return tool_usage_error(CMD, "the platform's sites have their own "
                                         "prices: give no --prices");
        ecs_diag d;
        if (tool_batch_parse_prices(plan, plan->model.plat.site[0].prices.spec, &d) != 0)
            return tool_usage_error(CMD, "%s", d.msg);
    }
    if (plan->model.platform_path != NULL) {
        /* the platform file has the PEs */
        if (plan->npes > 0)
            return tool_usage_error(CMD, "give -p or --platform, not both (the "
                                         "platform file has the PEs)");
        plan->npes = 1;
        plan->pes[0] = plan->model.platform.pes;
    }
    if (plan->npes == 0)
        return tool_usage_error(CMD, "needs -p LIST");
    plan->graph = argv + first;
    plan->ngraph = (size_t)(argc - first);
    return 0;
}

static void summary(const tool_batch_plan *plan, const char *path,
                    const tool_batch_stats *s)
{
    printf("batch: %zu cases", s->total);
    if (plan->shard_n > 1)
        printf(" in shard %ld/%ld", plan->shard_k, plan->shard_n);
    printf(": %zu run now, %zu already in %s", s->run, s->already, path);
    if (s->failed > 0)
        printf("; %zu failed (%zu error, %zu crashed, %zu timeout)", s->failed,
               s->error, s->crashed, s->timeout);
    printf("; %.1f s\n", s->elapsed_s);
    if (s->interrupted)
        printf("batch: interrupted with %zu cases missing; run the same command "
               "again to continue\n",
               s->total - s->already - s->run);
}

int tool_cmd_batch(int argc, char **argv)
{
    tool_batch_plan plan;
    tool_batch_plan_init(&plan);
    int jobs = 0;
    int pr = parse_args(&plan, &jobs, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    tool_batch_plan_complete(&plan);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    tool_batch_fault fault;
    tool_batch_fault_parse(getenv("ECSCHED_BATCH_FAULT"), &fault);
    tool_batch_stats stats;
    ecs_result rc = tool_batch_execute(&plan, plan.model.out_path, jobs, &fault,
                                      &stats, &diag);
    if (stats.truncated > 0)
        fprintf(stderr, "ecsched batch: %s: cut a partial last line (%zu bytes) "
                        "left by an interrupted run\n",
                plan.model.out_path, stats.truncated);
    tool_batch_plan_release(&plan);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    summary(&plan, plan.model.out_path, &stats);
    if (stats.interrupted)
        return TOOL_EXIT_INTERRUPTED;
    return stats.failed > 0 ? TOOL_EXIT_INTERNAL : TOOL_EXIT_OK;
}
