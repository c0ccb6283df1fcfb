/* ecsched milp GRAPH -p P: cost-optimal schedules with GLPK (milp.h). */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "commands/commands.h"
#include "run/methods.h"
#include "run/outcome.h"
#include "ecsched/problem.h"
#include "ecsched/units.h"
#include "run/notes.h"
#include "run/progress.h"

#include "ecsched/heuristic.h"
#include "ecsched/method.h"
#include "ecsched/milp.h"
#include "ecsched/solve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "milp";

int tool_cmd_milp(int argc, char **argv);

const tool_command tool_command_milp = {
    "milp", "cost-optimal schedule by mixed-integer programming (GLPK)",
    "Usage: ecsched milp GRAPH -p P [--prices SPEC] [--extension E | --deadline N]\n"
    "                    [--freqs LIST] [--power MODEL] [--formulation strong|paper]\n"
    "                    [--time-limit S] [--makespan-limit S] [--gap G]\n"
    "                    [--effort N]\n"
    "                    [--no-warm-start]\n"
    "                    [--write-lp FILE] [--write-mps FILE] [--max-nonzeros N]\n"
    "                    [--verbose] [-o FILE] [--json]\n"
    "\n"
    "Minimises the electricity cost of GRAPH on P PEs under the deadline\n"
    "D' = floor(M (1 + E)) (M: the base schedule's makespan) or --deadline N.\n"
    "The local heuristic's schedule (from the budget heuristic's, from the\n"
    "base: makespan-optimal, or --base FILE; within a fifth of the limit)\n"
    "is the first incumbent when the base meets D'.  Status: optimal\n"
    "(proven), feasible (the time limit was reached; bound and gap say how\n"
    "far from optimal it may be: GLPK's bound, or the fluid bound when GLPK\n"
    "has none or a lower one),\n"
    "infeasible (no schedule meets D': exit 1), no_solution (the limit was\n"
    "reached with nothing found: exit 3).\n"
    "\n"
    "  --formulation F    strong (default): one column per task interval with\n"
    "                     its exact cost, PEs assigned after the solve;\n"
    "                     paper: the paper's x_{i,j,k,l} model, corrected\n"
    "  --extension E      deadline extension (default 0)\n"
    "  --deadline N       D' directly (slots 0..N-1)\n"
    "  --time-limit S     seconds for the whole command, base search\n"
    "                     included (default: 60 for the solver after the\n"
    "                     base search)\n"
    "  --makespan-limit S the base search alone (default 10, or the time\n"
    "                     limit when smaller)\n"
    "  --gap G            stop at relative gap G (default 0: proven optimal)\n"
    "  --effort N         at most N branch-and-bound nodes, in one tree (the\n"
    "                     same result on any machine while --time-limit does\n"
    "                     not bind)\n"
    "  --no-warm-start    do not give the solver a heuristic's schedule\n"
    "  --write-lp FILE    export the model (CPLEX LP format)\n"
    "  --write-mps FILE   export the model (free MPS format)\n"
    "  --max-nonzeros N   refuse larger models (default 5e7)\n"
    "  --verbose          GLPK's own log on stderr\n"
    "  --base FILE        base schedule (JSON tasks with id, pe, start, stop)\n"
    "  -o FILE            write the schedule document (JSON)\n"
    "  --json             print the schedule document instead of the summary\n"
    "\n" TOOL_MODEL_FLAGS_HELP,
    tool_cmd_milp};

enum {
    OPT_WRITE_LP = TOOL_OPT_COMMAND_BASE,
    OPT_WRITE_MPS,
    OPT_MAX_NZ,
    OPT_VERBOSE
};

typedef struct milp_job {
    tool_model m;
    ecs_milp_params prm;
    tool_param_grid grid;
    tool_method_params mp;   /* the command's parameters (grid point 0) */
    double t0, c0;
    int no_warm;
    const char *graph_path;
    ecs_problem pb;
    int have_pb;
    ecs_milp_result res;
    ecs_solve_result start; /* the warm start: local's schedule, or the
                              sweep's, or the base (method "none" when not
                              given) */
} milp_job;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    milp_job *j = ctx;
    (void)word;
    double v;
    int pr = tool_param_option(CMD, &j->grid, c, arg, 0);
    if (pr != TOOL_NOT_OWN)
        return pr;
    switch (c) {
    case OPT_WRITE_LP:
        j->prm.write_lp = arg;
        return 0;
    case OPT_WRITE_MPS:
        j->prm.write_mps = arg;
        return 0;
    case OPT_MAX_NZ:
        if (ecs_parse_double(arg, &v) != 0 || !(v >= 1.0) || !isfinite(v))
            return tool_usage_error(CMD, "--max-nonzeros needs a number "
                                            ">= 1, not '%s'", arg);
        j->prm.max_nonzeros = v;
        return 0;
    case OPT_VERBOSE:
        j->prm.verbose = 1;
        return 0;
    default:
        return TOOL_NOT_OWN;
    }
}

/* The job's defaults, then the command line: 0 to go on, -1 for --help,
 * else an exit code. */
static int parse_args(milp_job *j, int argc, char **argv)
{
    memset(j, 0, sizeof *j);
    tool_model_init(&j->m);
    ecs_milp_params_init(&j->prm);
    tool_param_grid_init(&j->grid);
    static const struct option opts[] = {
        {"formulation", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_FORMULATION},
        {"time-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_TIME_LIMIT},
        {"makespan-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_MAKESPAN_LIMIT},
        {"gap", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_GAP},
        {"effort", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_EFFORT},
        {"warm-start", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_WARM_START},
        {"no-warm-start", no_argument, 0, TOOL_OPT_NO_WARM_START},
        {"write-lp", required_argument, 0, OPT_WRITE_LP},
        {"write-mps", required_argument, 0, OPT_WRITE_MPS},
        {"max-nonzeros", required_argument, 0, OPT_MAX_NZ},
        {"verbose", no_argument, 0, OPT_VERBOSE},
        TOOL_MODEL_LONGOPTS,
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    return tool_parse_one(&spec, argc, argv, "needs one GRAPH", &j->graph_path);
}


static void print_num_line(const char *key, double v)
{
    if (!isnan(v))
        printf("%-12s %.6f\n", key, v);
}

static void print_human(const tool_outcome *o, const ecs_check_report *rep)
{
    const milp_job *j = o->job;
    const ecs_milp_result *r = &j->res;
    tool_outcome_print_problem(o);
    printf("%-12s %s (warm start: %s", "formulation",
           ecs_milp_formulation_name(j->prm.formulation),
           ecs_found_by_name(j->start.start_by));
    if (!isnan(j->start.start_cost))
        printf(", cost %.6f", j->start.start_cost);
    printf(")\n");
    printf("%-12s %ld rows, %ld columns, %ld non-zeros\n", "model", r->rows,
           r->cols, r->nonzeros);
    tool_outcome_print_solution(o, rep);
    if (!isnan(r->bound))
        printf("%-12s %.6f (%s)\n", "bound", r->bound,
               ecs_bound_method_name(r->bound_method));
    if (!isnan(r->gap))
        printf("%-12s %.4f%%\n", "gap", 100.0 * r->gap);
    print_num_line("root bound", r->root_bound);
    printf("%-12s %llu\n", "nodes", r->nodes);
    printf("%-12s %.3f s\n", "runtime", r->runtime_s);
}

static int add_milp_keys(json_t *d, const void *job)
{
    const milp_job *j = job;
    const ecs_milp_result *r = &j->res;
    return json_object_set_new(d, "formulation",
                               json_string(ecs_milp_formulation_name(
                                   j->prm.formulation))) ||
           tool_outcome_add_bound(d, r->status, r->bound, r->gap) ||
           json_object_set_new(d, "bound_method", json_string(ecs_bound_method_name(
                                                     r->bound_method))) ||
           json_object_set_new(d, "root_bound", ecs_json_num(r->root_bound)) ||
           json_object_set_new(d, "nodes", json_integer((json_int_t)r->nodes)) ||
           json_object_set_new(d, "rows", json_integer(r->rows)) ||
           json_object_set_new(d, "cols", json_integer(r->cols)) ||
           json_object_set_new(d, "nonzeros", json_integer(r->nonzeros)) ||
           json_object_set_new(d, "warm_start",
                               json_string(ecs_found_by_name(j->start.start_by))) ||
           json_object_set_new(d, "warm_start_cost",
                               ecs_json_num(j->start.start_cost));
}

int tool_cmd_milp(int argc, char **argv)
{
    milp_job j;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    j.t0 = ecs_clock_now();
    j.c0 = ecs_clock_cpu();
    tool_param_grid_point(&j.grid, 0, &j.mp);
    j.prm.formulation = j.mp.milp.formulation;
    j.prm.mip_gap = j.mp.milp.mip_gap;
    j.prm.max_nodes = j.mp.milp.max_nodes;
    j.no_warm = !j.mp.warm_start;
    if (j.prm.verbose)
        j.prm.log = tool_log_stderr;
    if (tool_progress_on() && !j.prm.verbose)
        j.prm.progress = tool_milp_progress;
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = tool_work_unit_auto(CMD, &j.m, j.graph_path, &diag);
    if (rc == ECS_OK)
        rc = ecs_problem_load(&j.m, j.graph_path, tool_base_limit(&j.mp),
                                  &j.pb, &diag);
    if (rc == ECS_OK) {
        j.have_pb = 1;
        tool_note_repeated(CMD, &j.pb.prices);
        tool_note_green(CMD, &j.m, &j.pb.ext);
        tool_note_rounding(CMD, &j.m, j.graph_path, j.pb.raw);
        /* a model the formulation does not handle (the method table says
         * so), then the size guard before the warm start: nothing large
         * for a model that would be refused */
        const ecs_instance *inst = &j.pb.inst;
        rc = ecs_method_require(ecs_method_find(j.prm.formulation == ECS_MILP_PAPER
                                                    ? "milp_paper"
                                                    : "milp"),
                                ecs_instance_model(inst), &diag);
        if (rc == ECS_OK)
            rc = ecs_milp_check_size(inst, &j.prm, &diag);
    }
    if (rc == ECS_OK) {
        /* --time-limit covers the whole command, the warm start included:
         * the solver gets the rest */
        double limit = j.mp.time_limit_given
                           ? tool_budget_left(j.t0 + j.mp.time_limit_s)
                           : j.mp.time_limit_s;
        double t1 = ecs_clock_now();
        /* the engine's start phase (solve.h), as solve's */
        ecs_solve_params sp;
        ecs_solve_params_init(&sp);
        sp.time_limit_s = limit;
        sp.base = j.pb.base;
        sp.local = j.mp.local;
        sp.effort = j.mp.solve.effort; /* a start by counted work too */
        ecs_diag ignored;
        if (j.no_warm ||
            ecs_solve_start(&j.pb.inst,
                            &sp, &j.start, &ignored) != ECS_OK)
            ecs_solve_result_release(&j.start);
        if (j.start.schedule == NULL) {
            j.start.start_by = ECS_FOUND_BY_NONE;
            j.start.start_cost = NAN;
        }
        j.prm.warm_start = j.start.schedule;
        j.prm.time_limit_s = limit - (ecs_clock_now() - t1);
        if (j.prm.time_limit_s < TOOL_MIN_TIME_LIMIT_S)
            j.prm.time_limit_s = TOOL_MIN_TIME_LIMIT_S;
        rc = ecs_milp_solve(&j.pb.inst, &j.prm, &j.res, &diag);
        tool_progress_done();
    }
    tool_outcome o = {CMD, &j.m, &j.pb, j.res.schedule, j.res.status,
                     j.res.runtime_s, {TOOL_METHOD_MILP, &j.mp, j.t0, j.c0},
                     add_milp_keys, print_human, &j};
    int code = tool_outcome_exit(&o, rc, &diag);
    ecs_milp_result_release(&j.res);
    ecs_solve_result_release(&j.start);
    if (j.have_pb)
        ecs_problem_release(&j.pb);
    return code;
}
