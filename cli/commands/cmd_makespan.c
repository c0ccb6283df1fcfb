/* ecsched makespan GRAPH -p P: a makespan-optimal schedule at f = 1. */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "ecsched/units.h"
#include "run/notes.h"
#include "commands/commands.h"

#include "ecsched/makespan.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *CMD = "makespan";

int tool_cmd_makespan(int argc, char **argv);

const tool_command tool_command_makespan = {
    "makespan", "makespan-optimal schedule at full speed (branch-and-bound)",
    "Usage: ecsched makespan GRAPH -p P [--time-limit S] [-o FILE] [--json]\n"
    "                        [model flags]\n"
    "\n"
    "Schedules the tasks of GRAPH on P identical PEs at f = 1 with minimal\n"
    "makespan (P|prec|Cmax): critical-path list scheduling gives the first\n"
    "schedule, a depth-first branch-and-bound improves it until the lower\n"
    "bound is met (optimal) or the time limit is reached (best schedule\n"
    "found, with the bound).  The schedule passes the checker before it is\n"
    "printed.  Prices only fill the document's price block and cost.\n"
    "Exit 0: schedule found (optimal or not); 2: bad input.\n"
    "\n"
    "  --time-limit S  seconds for the search (default 10; 0: list\n"
    "                  schedule and lower bound only)\n"
    "  -o FILE         write the schedule document (JSON) to FILE\n"
    "  --json          print the schedule document on stdout\n"
    "\n" TOOL_MODEL_FLAGS_HELP,
    tool_cmd_makespan};

enum { OPT_TIME_LIMIT = TOOL_OPT_COMMAND_BASE };

typedef struct makespan_job {
    tool_model m;
    const char *graph_path;
    double time_limit_s;
    ecs_graph *raw, *g;
    ecs_makespan_result r;
    ecs_slot_prices sp;
    int have_sp;
} makespan_job;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    makespan_job *j = ctx;
    (void)word;
    if (c != OPT_TIME_LIMIT)
        return TOOL_NOT_OWN;
    if (ecs_parse_double(arg, &j->time_limit_s) != 0 || j->time_limit_s < 0)
        return tool_usage_error(
            CMD, "--time-limit: '%s' is not a number of seconds >= 0", arg);
    return 0;
}

static int parse_args(makespan_job *j, int argc, char **argv)
{
    static const struct option opts[] = {
        {"time-limit", required_argument, 0, OPT_TIME_LIMIT},
        TOOL_MODEL_LONGOPTS,
        {0, 0, 0, 0}};
    static const int rejected[] = {TOOL_OPT_DEADLINE, TOOL_OPT_EXTENSION,
                                   TOOL_OPT_BASE, 0};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    spec.rejected = rejected;
    return tool_parse_one(&spec, argc, argv, "needs one GRAPH", &j->graph_path);
}

static void job_release(makespan_job *j)
{
    ecs_makespan_result_release(&j->r);
    ecs_graph_free(j->g);
    ecs_graph_free(j->raw);
    if (j->have_sp)
        ecs_slot_prices_release(&j->sp);
}

static void print_human(const makespan_job *j)
{
    const ecs_makespan_result *r = &j->r;
    printf("graph          %s (%zu tasks with work)\n", j->graph_path,
           j->g->n);
    printf("pes            %d\n", j->m.platform.pes);
    printf("makespan       %ld\n", r->makespan);
    printf("lower bound    %ld\n", r->lower_bound);
    printf("optimal        %s\n", r->optimal ? "yes" : "not proven");
    printf("list makespan  %ld\n", r->list_makespan);
    printf("nodes          %llu\n", r->nodes);
    printf("time           %.3f s (list %.2f ms, bound %.2f ms)\n",
           r->runtime_s, 1e3 * r->list_runtime_s, 1e3 * r->bound_runtime_s);
}

/* The schedule document: ecs_document_new's head, the search figures, tasks. */
static ecs_result write_doc(const makespan_job *j, const ecs_check_report *rep,
                            ecs_diag *diag)
{
    const ecs_makespan_result *r = &j->r;
    ecs_doc_info in;
    memset(&in, 0, sizeof in);
    in.command = CMD;
    in.graph_file = j->graph_path;
    in.raw = j->raw;
    in.platform = &j->m.platform;
    in.prices = &j->sp;
    in.deadline = r->makespan;
    in.check = rep;
    in.status = r->optimal ? "optimal" : "feasible";
    in.runtime_s = r->runtime_s;
    in.model = &j->m;
    in.schedule = r->schedule;
    json_t *d = ecs_document_new(&in);
    int bad = d == NULL ||
              json_object_set_new(d, "optimal", json_boolean(r->optimal)) ||
              json_object_set_new(d, "lower_bound",
                                  json_integer(r->lower_bound)) ||
              json_object_set_new(d, "list_makespan",
                                  json_integer(r->list_makespan)) ||
              json_object_set_new(d, "nodes",
                                  json_integer((json_int_t)r->nodes)) ||
              ecs_document_add_tasks(d, j->g, &j->m.platform, r->schedule);
    ecs_result rc = ECS_OK;
    if (bad)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == ECS_OK)
        rc = tool_write_doc(&j->m, d, diag);
    json_decref(d);
    return rc;
}

/* Progress on a terminal: one line, rewritten in place. */
static void show_progress(void *ctx, const ecs_progress *p)
{
    (void)ctx;
    fprintf(stderr, "\rmakespan %.0f, lower bound %.0f, %llu nodes, %.1f s  ",
            p->cost, p->bound, p->nodes, p->elapsed_s);
    fflush(stderr);
}

static ecs_result solve(makespan_job *j, ecs_diag *diag)
{
    ecs_result rc = tool_work_unit_auto(CMD, &j->m, j->graph_path, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_setup_load_graph(j->graph_path, &j->m, &j->raw,
                                       &j->g, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    prm.time_limit_s = j->time_limit_s;
    int tty = isatty(STDERR_FILENO);
    if (tty)
        prm.progress = show_progress;
    rc = ecs_makespan_solve(j->g, j->m.platform.pes, &prm, &j->r, diag);
    if (tty && j->r.nodes > 0 && j->r.runtime_s >= prm.progress_every_s)
        fprintf(stderr, "\r%60s\r", "");
    if (rc != ECS_OK)
        return rc;
    long n = j->r.makespan > 0 ? j->r.makespan : 1;
    rc = ecs_setup_load_prices(&j->m, (size_t)n, &j->sp, diag);
    j->have_sp = rc == ECS_OK;
    if (rc == ECS_OK)
        tool_note_repeated(CMD, &j->sp);
    return rc;
}

int tool_cmd_makespan(int argc, char **argv)
{
    makespan_job j;
    memset(&j, 0, sizeof j);
    tool_model_init(&j.m);
    ecs_makespan_params dflt;
    ecs_makespan_params_init(&dflt);
    j.time_limit_s = dflt.time_limit_s;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    if (j.m.plat.on) {
        /* P identical PEs at f = 1: no classes, idle draw, sources, caps */
        tool_errorf(CMD, "makespan schedules identical PEs at f = 1 (the "
                         "paper's platform); on an extended platform "
                         "(--platform, --watts W:IDLE, --green, --power-cap) "
                         "use milp or solve");
        return TOOL_EXIT_USAGE;
    }
    ecs_result rc = solve(&j, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        job_release(&j);
        return tool_exit_code(rc);
    }
    ecs_check_report rep;
    rc = ecs_check_schedule(ECS_INSTANCE_BORROW(j.g, &j.m.platform, j.sp.price, j.sp.n, j.r.makespan), j.r.schedule, &rep, NULL);
    if (rc != ECS_OK) {
        tool_errorf(CMD, "internal error: the schedule fails the checker: %s",
                       rep.msg);
        job_release(&j);
        return TOOL_EXIT_INTERNAL;
    }
    if (j.m.out_path || j.m.json)
        rc = write_doc(&j, &rep, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        job_release(&j);
        return tool_exit_code(rc);
    }
    if (!j.m.json)
        print_human(&j);
    job_release(&j);
    return TOOL_EXIT_OK;
}
