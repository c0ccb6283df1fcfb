/* ecsched generate: random task graphs in the standard STG layout. */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "commands/commands.h"

#include "ecsched/stg.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "generate";

int tool_cmd_generate(int argc, char **argv);

const tool_command tool_command_generate = {
    "generate", "write a random task graph (STG standard layout)",
    "Usage: ecsched generate --tasks N --seed S\n"
    "                        [--method sameprob|layered|forkjoin]\n"
    "                        [--max-work W] [--avg-preds A]\n"
    "                        [--chain LO:HI] [-o FILE]\n"
    "\n"
    "Writes a random task graph of N tasks in the standard STG layout (dummy\n"
    "entry 0 and exit N+1, tasks 1..N in topological order, a '#' block with\n"
    "CP Length and Parallelism), like the random graphs of the STG set.\n"
    "The same arguments give the same file on every machine.\n"
    "\n"
    "  --tasks N        number of tasks, 1..50000\n"
    "  --seed S         random seed, 0..18446744073709551615\n"
    "  --method M       sameprob (default): every pair i < j is an edge with\n"
    "                   the same probability 2A/(N-1);\n"
    "                   layered: round(N/10) layers (at least 2) of random\n"
    "                   width, edges only from earlier to later layers;\n"
    "                   forkjoin: a pipeline of stages, each one fork task,\n"
    "                   10..60 parallel tasks and one join task before the\n"
    "                   next stage's fork (the last stage takes the rest)\n"
    "  --chain LO:HI    forkjoin: each parallel branch is a chain of LO..HI\n"
    "                   tasks (uniform; 1 <= LO <= HI <= 100; LO alone\n"
    "                   means LO:LO; default 1:1, single tasks)\n"
    "  --max-work W     work uniform in 1..W (default 10)\n"
    "  --avg-preds A    average predecessors per task (default 2, or\n"
    "                   (N-1)/2 when N is small); at most (N-1)/2;\n"
    "                   forkjoin ignores it\n"
    "  -o, --out FILE   write FILE atomically (default: standard output)\n"
    "\n"
    "Exit 0: written; 2: bad arguments or the file cannot be written.\n",
    tool_cmd_generate};

enum { OPT_TASKS = TOOL_OPT_COMMAND_BASE, OPT_SEED, OPT_METHOD, OPT_MAX_WORK,
       OPT_AVG_PREDS, OPT_CHAIN };

typedef struct generate_job {
    ecs_gen_params gp;
    int tasks_given, seed_given, avg_given;
    const char *avg_text; /* --avg-preds as given */
    const char *out_path;
} generate_job;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    generate_job *j = ctx;
    (void)word;
    long v;
    uint64_t seed;
    switch (c) {
    case OPT_TASKS:
        if (ecs_parse_long(arg, &v) != 0 || v < 1 || v > ECS_GEN_MAX_TASKS)
            return tool_usage_error(CMD, "--tasks must be 1..%d, not '%s'",
                                       ECS_GEN_MAX_TASKS, arg);
        j->gp.tasks = (size_t)v;
        j->tasks_given = 1;
        return 0;
    case OPT_SEED:
        if (tool_parse_seed(arg, &seed) != 0)
            return tool_usage_error(
                CMD, "--seed must be an integer 0..18446744073709551615, not "
                     "'%s'", arg);
        j->gp.seed = seed;
        j->seed_given = 1;
        return 0;
    case OPT_METHOD:
        if (ecs_gen_method_parse(arg, &j->gp.method, NULL) != ECS_OK)
            return tool_usage_error(
                CMD, "--method must be sameprob, layered or forkjoin, not "
                     "'%s'", arg);
        return 0;
    case OPT_MAX_WORK:
        if (ecs_parse_long(arg, &v) != 0 || v < 1 || v > ECS_GEN_MAX_WORK)
            return tool_usage_error(CMD,
                                       "--max-work must be 1..%ld, not '%s'",
                                       (long)ECS_GEN_MAX_WORK, arg);
        j->gp.max_work = v;
        return 0;
    case OPT_AVG_PREDS:
        if (ecs_parse_double(arg, &j->gp.avg_preds) != 0 ||
            j->gp.avg_preds < 0)
            return tool_usage_error(
                CMD, "--avg-preds must be a number >= 0, not '%s'", arg);
        j->avg_given = 1;
        j->avg_text = arg;
        return 0;
    case OPT_CHAIN: {
        long lo, hi;
        char head[32];
        const char *colon = strchr(arg, ':');
        size_t hl = colon ? (size_t)(colon - arg) : strlen(arg);
        int bad = hl >= sizeof head;
        if (!bad) {
            memcpy(head, arg, hl);
            head[hl] = '\0';
            bad = ecs_parse_long(head, &lo) != 0 ||
                  ecs_parse_long(colon ? colon + 1 : head, &hi) != 0;
        }
        if (bad || lo < 1 || hi < lo || hi > ECS_GEN_FJ_MAX_CHAIN)
            return tool_usage_error(
                CMD, "--chain must be LO:HI with 1 <= LO <= HI <= %d, not "
                     "'%s'", ECS_GEN_FJ_MAX_CHAIN, arg);
        j->gp.chain_min = (size_t)lo;
        j->gp.chain_max = (size_t)hi;
        return 0;
    }
    case 'o':
        j->out_path = arg;
        return 0;
    default:
        return TOOL_NOT_OWN;
    }
}

/* The job's defaults, then the command line: 0 to go on, -1 for --help,
 * else an exit code. */
static int parse_args(generate_job *j, int argc, char **argv)
{
    memset(j, 0, sizeof *j);
    ecs_gen_params_init(&j->gp);
    static const struct option opts[] = {
        {"tasks", required_argument, 0, OPT_TASKS},
        {"seed", required_argument, 0, OPT_SEED},
        {"method", required_argument, 0, OPT_METHOD},
        {"max-work", required_argument, 0, OPT_MAX_WORK},
        {"avg-preds", required_argument, 0, OPT_AVG_PREDS},
        {"chain", required_argument, 0, OPT_CHAIN},
        {"out", required_argument, 0, 'o'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, NULL, own_option, j);
    spec.shortopts = ":o:h";
    int pr = tool_parse_none(&spec, argc, argv);
    if (pr != 0)
        return pr;
    if (!j->tasks_given || !j->seed_given)
        return tool_usage_error(CMD, "needs --tasks N and --seed S");
    if (j->gp.chain_max > 1 && j->gp.method != ECS_GEN_FORKJOIN)
        return tool_usage_error(CMD, "--chain is for --method forkjoin only");
    double most = ((double)j->gp.tasks - 1) / 2;
    if (!j->avg_given && j->gp.avg_preds > most)
        j->gp.avg_preds = most;
    return 0;
}

/* The graph as STG text, with the command line that makes it again. */
static ecs_result render(FILE *f, const ecs_graph *g, const void *ctx,
                         ecs_diag *diag)
{
    const generate_job *j = ctx;
    (void)diag;
    char comment[512], avg[64], chain[64] = "";
    if (j->avg_text)
        snprintf(avg, sizeof avg, "%.40s", j->avg_text);
    else
        snprintf(avg, sizeof avg, "%.17g", j->gp.avg_preds);
    if (j->gp.chain_max > 1)
        snprintf(chain, sizeof chain, " --chain %zu:%zu", j->gp.chain_min,
                 j->gp.chain_max);
    snprintf(comment, sizeof comment,
             "Random task graph written by ecsched %s:\n"
             "ecsched generate --tasks %zu --seed %lu --method %s "
             "--max-work %ld --avg-preds %s%s",
             ECS_VERSION, j->gp.tasks, j->gp.seed,
             ecs_gen_method_name(j->gp.method), j->gp.max_work, avg, chain);
    return ecs_stg_write(f, g, comment, NULL);
}

int tool_cmd_generate(int argc, char **argv)
{
    generate_job j;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_graph *g = NULL;
    ecs_result rc = ecs_stg_generate(&j.gp, &g, &diag);
    if (rc == ECS_EINVAL) {
        ecs_graph_free(g);
        return tool_usage_error(CMD, "%s", diag.msg);
    }
    int code = tool_graph_output(CMD, rc, g, render, &j, j.out_path, &diag);
    ecs_graph_free(g);
    return code;
}
