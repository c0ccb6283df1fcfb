/* ecsched batch GRAPHS... : every combination of P, E, prices and method,
 * on worker processes, into a resumable JSON-lines file. */
#include "batch/batch.h"
#include "commands/commands.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *CMD = "batch";

int ecs_cmd_batch(int argc, char **argv);

const ecs_command ecs_command_batch = {
    "batch", "run many cases (graphs x P x E x prices x methods) into JSON lines",
    "Usage: ecsched batch GRAPHS... -p LIST [--extension LIST] [--prices LIST]\n"
    "                     [--methods LIST] [--time-limit S] [-j N] [--shard K/N]\n"
    "                     --out FILE\n"
    "\n"
    "Runs every combination of graph, P, extension E, price schedule and\n"
    "method and appends one JSON line per case to FILE.  The base schedule of\n"
    "a graph and P is computed once; the heuristic warm-starts the MILP.\n"
    "Killed at any moment (Ctrl-C, kill -9) the file holds whole lines only;\n"
    "the same command again runs only the cases that are missing.\n"
    "\n"
    "  -p LIST            PEs, e.g. 2,4,8,16\n"
    "  --extension LIST   E values, e.g. 0,0.05,0.2 (default 0)\n"
    "  --prices LIST      price schedules (built-in names or CSV files;\n"
    "                     default epex-2016-10-19)\n"
    "  --methods LIST     of base,sweep,binary,milp (default: all available)\n"
    "  --time-limit S     MILP time limit per case (default 60)\n"
    "  --makespan-limit S base schedule search per graph and P (default 10)\n"
    "  --kill-after S     watchdog per case (default 2 x time limit + makespan\n"
    "                     limit + 30): a case over it is recorded as timeout\n"
    "  -j N               worker processes (default: number of cores)\n"
    "  --shard K/N        run only shard K of N (by a hash of graph and P)\n"
    "  -o, --out FILE     the results file (JSON lines), required\n"
    "\n"
    "Progress on stderr when it is a terminal.  Exit 0: every case of this run\n"
    "recorded without failure; 3: some case failed (error, crashed, timeout;\n"
    "recorded as such); 130: interrupted; 2: bad input.\n"
    "\n"
    "Model flags: --freqs, --power, --format, --slot-minutes, --no-repeat\n"
    "(as for compare).\n",
    ecs_cmd_batch};

enum {
    OPT_TIME_LIMIT = ECS_OPT_COMMAND_BASE,
    OPT_METHODS,
    OPT_SHARD,
    OPT_MAKESPAN_LIMIT,
    OPT_KILL_AFTER
};

static int seconds(const char *flag, const char *arg, double *out)
{
    if (ecs_parse_double(arg, out) != 0 || *out <= 0)
        return ecs_cli_usage_error(CMD, "%s needs seconds > 0, not '%s'", flag, arg);
    return 0;
}

static int own_option(ecs_batch_plan *plan, int c, const char *arg, int *jobs,
                      ecs_diag *diag)
{
    long v;
    switch (c) {
    case ECS_OPT_PES:
        return ecs_batch_parse_pes(plan, arg, diag) == 0 ? 0 : -1;
    case ECS_OPT_EXTENSION:
        return ecs_batch_parse_ext(plan, arg, diag) == 0 ? 0 : -1;
    case ECS_OPT_PRICES:
        return ecs_batch_parse_prices(plan, arg, diag) == 0 ? 0 : -1;
    case OPT_METHODS:
        return ecs_batch_parse_methods(plan, arg, diag) == 0 ? 0 : -1;
    case OPT_SHARD:
        return ecs_batch_parse_shard(plan, arg, diag) == 0 ? 0 : -1;
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
    ecs_batch_plan *plan;
    int *jobs;
} batch_args;

/* The options of batch, the lists that replace model flags (-p, --extension,
 * --prices), and the model flags that do not apply to batch. */
static int batch_option(void *ctx, int c, const char *arg, const char *word)
{
    batch_args *a = ctx;
    ecs_batch_plan *plan = a->plan;
    if (c == OPT_TIME_LIMIT || c == OPT_MAKESPAN_LIMIT || c == OPT_KILL_AFTER) {
        double *dst = c == OPT_TIME_LIMIT       ? &plan->time_limit_s
                      : c == OPT_MAKESPAN_LIMIT ? &plan->makespan_limit_s
                                                : &plan->kill_after_s;
        return seconds(word, arg, dst) != 0 ? ECS_EXIT_USAGE : 0;
    }
    ecs_diag diag;
    int r = own_option(plan, c, arg, a->jobs, &diag);
    if (r < 0)
        return ecs_cli_usage_error(CMD, "%s", diag.msg);
    if (r == 0)
        return 0;
    if (c == ECS_OPT_DEADLINE || c == ECS_OPT_BASE || c == ECS_OPT_JSON)
        return ecs_cli_usage_error(CMD, "option '%s' does not apply to batch",
                                   word);
    return ECS_CLI_NOT_OWN;
}

static int parse_args(ecs_batch_plan *plan, int *jobs, int argc, char **argv)
{
    static const struct option opts[] = {
        {"time-limit", required_argument, 0, OPT_TIME_LIMIT},
        {"methods", required_argument, 0, OPT_METHODS},
        {"shard", required_argument, 0, OPT_SHARD},
        {"makespan-limit", required_argument, 0, OPT_MAKESPAN_LIMIT},
        {"kill-after", required_argument, 0, OPT_KILL_AFTER},
        ECS_CLI_MODEL_LONGOPTS, {0, 0, 0, 0}};
    batch_args a = {plan, jobs};
    ecs_cli_argspec spec;
    ecs_cli_argspec_init(&spec, CMD, opts, &plan->model);
    spec.shortopts = ECS_CLI_MODEL_SHORTOPTS "j:";
    spec.own = batch_option;
    spec.ctx = &a;
    int first, pr = ecs_cli_parse_args(&spec, argc, argv, &first);
    if (pr != 0)
        return pr;
    if (argc - first < 1)
        return ecs_cli_usage_error(CMD, "needs at least one GRAPH");
    if (plan->model.out_path == NULL)
        return ecs_cli_usage_error(CMD, "needs --out FILE");
    if (plan->npes == 0)
        return ecs_cli_usage_error(CMD, "needs -p LIST");
    plan->graph = argv + first;
    plan->ngraph = (size_t)(argc - first);
    return 0;
}

/* Defaults for lists not given. */
static void complete(ecs_batch_plan *plan, int *jobs)
{
    ecs_diag diag;
    if (plan->next == 0)
        ecs_batch_parse_ext(plan, "0", &diag);
    if (plan->nprices == 0)
        ecs_batch_parse_prices(plan, ECS_DEFAULT_PRICES, &diag);
    if (plan->nmethod == 0)
        for (int k = 0; k < ECS_METHOD_COUNT; k++)
            if (ecs_method_available((ecs_method)k))
                plan->method[plan->nmethod++] = (ecs_method)k;
    if (plan->kill_after_s <= 0)
        plan->kill_after_s = 2 * plan->time_limit_s + plan->makespan_limit_s + 30;
    if (*jobs <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        *jobs = n > 0 ? (int)n : 1;
    }
}

/* Bad graphs and price schedules are bad input: found before any work. */
static ecs_result check_inputs(const ecs_batch_plan *plan, ecs_diag *diag)
{
    for (size_t k = 0; k < plan->ngraph; k++) {
        ecs_graph *g = NULL;
        ecs_result rc = ecs_cli_load_graph(plan->graph[k], &plan->model, NULL, &g, diag);
        ecs_graph_free(g);
        if (rc != ECS_OK)
            return rc;
    }
    for (size_t k = 0; k < plan->nprices; k++) {
        ecs_cli_model m = plan->model;
        m.prices_spec = plan->prices[k];
        m.price_opt.no_repeat = 0;
        ecs_slot_prices sp;
        ecs_result rc = ecs_cli_load_prices(&m, 1, &sp, diag);
        if (rc != ECS_OK)
            return rc;
        ecs_slot_prices_release(&sp);
    }
    return ECS_OK;
}

/* The cases of this shard that the file does not hold yet. */
static size_t *pending(const ecs_batch_plan *plan, const ecs_batch_store *st,
                       ecs_batch_stats *stats, size_t *n)
{
    size_t total = ecs_batch_ncases(plan), per = ecs_batch_cases_per_unit(plan);
    size_t *ids = malloc((total ? total : 1) * sizeof *ids);
    if (ids == NULL)
        return NULL;
    *n = 0;
    for (size_t u = 0; u < ecs_batch_nunits(plan); u++) {
        if (!ecs_batch_unit_in_shard(plan, u))
            continue;
        for (size_t id = u * per; id < (u + 1) * per; id++) {
            char *key = ecs_batch_case_key(plan, id);
            if (key == NULL) {
                free(ids);
                return NULL;
            }
            stats->total++;
            if (ecs_batch_store_has(st, key))
                stats->already++;
            else
                ids[(*n)++] = id;
            free(key);
        }
    }
    return ids;
}

static void summary(const ecs_batch_plan *plan, const ecs_batch_store *st,
                    const ecs_batch_stats *s)
{
    printf("batch: %zu cases", s->total);
    if (plan->shard_n > 1)
        printf(" in shard %ld/%ld", plan->shard_k, plan->shard_n);
    printf(": %zu run now, %zu already in %s", s->run, s->already, st->path);
    if (s->failed > 0)
        printf("; %zu failed (%zu error, %zu crashed, %zu timeout)", s->failed,
               s->error, s->crashed, s->timeout);
    printf("; %.1f s\n", s->elapsed_s);
    if (s->interrupted)
        printf("batch: interrupted with %zu cases missing; run the same command "
               "again to continue\n",
               s->total - s->already - s->run);
}

int ecs_cmd_batch(int argc, char **argv)
{
    ecs_batch_plan plan;
    ecs_batch_plan_init(&plan);
    int jobs = 0;
    int pr = parse_args(&plan, &jobs, argc, argv);
    if (pr != 0)
        return ecs_cli_parse_exit(CMD, pr);
    complete(&plan, &jobs);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = check_inputs(&plan, &diag);
    ecs_batch_store st;
    if (rc == ECS_OK)
        rc = ecs_batch_store_open(plan.model.out_path, &st, &diag);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    if (st.truncated > 0)
        fprintf(stderr, "ecsched batch: %s: cut a partial last line (%zu bytes) "
                        "left by an interrupted run\n",
                st.path, st.truncated);
    ecs_batch_stats stats;
    memset(&stats, 0, sizeof stats);
    size_t n = 0;
    size_t *ids = pending(&plan, &st, &stats, &n);
    if (ids == NULL)
        rc = ecs_diag_set(&diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_batch_fault fault;
    ecs_batch_fault_parse(getenv("ECSCHED_BATCH_FAULT"), &fault);
    if (rc == ECS_OK && n > 0)
        rc = ecs_batch_pool_run(&plan, ids, n, jobs, &fault, &st, &stats, &diag);
    free(ids);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        ecs_batch_store_close(&st);
        return ecs_cli_exit_code(rc);
    }
    summary(&plan, &st, &stats);
    ecs_batch_store_close(&st);
    if (stats.interrupted)
        return 130;
    return stats.failed > 0 ? ECS_EXIT_INTERNAL : ECS_EXIT_OK;
}
