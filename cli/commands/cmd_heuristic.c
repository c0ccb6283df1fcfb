/* ecsched heuristic GRAPH -p P: the budgeted frequency-scaling heuristic
 * (docs/MODEL.md "Heuristic") on the base schedule, with its search landscape. */
#include "run/cli.h"
#include "commands/commands.h"
#include "run/problem.h"

#include "ecsched/heuristic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "heuristic";

int ecs_cmd_heuristic(int argc, char **argv);

const ecs_command ecs_command_heuristic = {
    "heuristic", "scale a base schedule's frequencies under a budget (sweep/binary)",
    "Usage: ecsched heuristic GRAPH -p P [--prices SPEC]\n"
    "                         [--extension E | --deadline N]\n"
    "                         [--mode sweep|binary] [--steps I] [--sigma S]\n"
    "                         [--base FILE.json] [--landscape FILE.csv]\n"
    "                         [-o FILE] [--json] [model flags]\n"
    "\n"
    "Gerhards and Keller's heuristic: keeps the base schedule's PEs and\n"
    "per-PE order and, for a budget b, gives every slot l < D' the budget\n"
    "b / D'; tasks take the highest affordable frequency per slot (the\n"
    "lowest that finishes in their last slot) and wait in place at f = 0.\n"
    "The cheapest feasible budget wins; the base schedule is the fall-back,\n"
    "so the result never costs more than the base and always meets D'.\n"
    "Exit 0: schedule found; 1: D' is below the base makespan; 2: bad input.\n"
    "\n"
    "  --extension E     D' = floor(M (1 + E)), M = base makespan (default 0)\n"
    "  --deadline N      D' = N directly\n"
    "  --mode M          sweep (b = B/I, 2B/I, .., B; default) or binary\n"
    "                    (bisection of [0, B] down to B/1000)\n"
    "  --steps I         sweep steps (default 100)\n"
    "  --sigma S         budget range B = S * cost(base) (default 2; with\n"
    "                    negative prices, S * the base's cost at |price|)\n"
    "  --base FILE.json  base schedule {tasks: [{id, pe, start, stop}]} at\n"
    "                    f = 1 (default: the makespan solver's)\n"
    "  --landscape FILE  every evaluated budget as CSV:\n"
    "                    budget,feasible,cost,makespan\n"
    "  -o FILE           the schedule document (JSON), written atomically\n"
    "  --json            the schedule document on stdout\n"
    "\n" ECS_CLI_MODEL_FLAGS_HELP,
    ecs_cmd_heuristic};

enum {
    OPT_MODE = ECS_OPT_COMMAND_BASE,
    OPT_STEPS,
    OPT_SIGMA,
    OPT_LANDSCAPE
};

/* Time limit of the makespan solver for the base schedule. */
#define HEUR_BASE_TIME_LIMIT_S 10.0

typedef struct heur_job {
    ecs_cli_model m;
    ecs_heur_params prm;
    const char *graph_path;
    const char *landscape_path;
    ecs_cli_problem pb;
    int have_pb;
    ecs_heur_result res;
    ecs_check_report rep;
    double t0, runtime_s;
    double heur_s;          /* ecs_heur_run alone */
} heur_job;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    heur_job *j = ctx;
    (void)word;
    double d;
    long v;
    switch (c) {
    case OPT_MODE:
        if (ecs_heur_mode_parse(arg, &j->prm.mode, NULL) != ECS_OK)
            return ecs_cli_usage_error(CMD, "--mode must be sweep or binary, not '%s'",
                                       arg);
        return 0;
    case OPT_STEPS:
        if (ecs_parse_long(arg, &v) != 0 || v < 1 || v > ECS_HEUR_MAX_STEPS)
            return ecs_cli_usage_error(CMD, "--steps needs a whole number 1..%ld, not '%s'",
                                       ECS_HEUR_MAX_STEPS, arg);
        j->prm.steps = v;
        return 0;
    case OPT_SIGMA:
        if (ecs_parse_double(arg, &d) != 0 || !(d > 0.0) || d > 1e12)
            return ecs_cli_usage_error(CMD, "--sigma needs a number > 0, not '%s'",
                                       arg);
        j->prm.sigma = d;
        return 0;
    case OPT_LANDSCAPE:
        j->landscape_path = arg;
        return 0;
    default:
        return ECS_CLI_NOT_OWN;
    }
}

/* 0 to go on, -1 for --help, else an exit code. */
static int parse_args(heur_job *j, int argc, char **argv)
{
    static const struct option opts[] = {
        {"mode", required_argument, 0, OPT_MODE},
        {"steps", required_argument, 0, OPT_STEPS},
        {"sigma", required_argument, 0, OPT_SIGMA},
        {"landscape", required_argument, 0, OPT_LANDSCAPE},
        ECS_CLI_MODEL_LONGOPTS,
        {0, 0, 0, 0}};
    ecs_cli_argspec spec;
    ecs_cli_argspec_init(&spec, CMD, opts, &j->m);
    spec.own = own_option;
    spec.ctx = j;
    int first, pr = ecs_cli_parse_args(&spec, argc, argv, &first);
    if (pr != 0)
        return pr;
    if (argc - first != 1)
        return ecs_cli_usage_error(CMD, "needs one GRAPH");
    if (j->m.deadline > 0 && j->m.extension_given)
        return ecs_cli_usage_error(CMD, "give --extension or --deadline, not both");
    j->graph_path = argv[first];
    return 0;
}

static double saving_pct(const heur_job *j)
{
    double base = j->res.base_cost;
    if (base == 0.0)
        return 0.0;
    return 100.0 * (base - j->res.cost) / fabs(base);
}

static void print_human(const heur_job *j)
{
    const ecs_heur_result *r = &j->res;
    const ecs_cli_problem *pb = &j->pb;
    printf("graph       %s (%zu tasks with work)\n", j->graph_path, pb->g->n);
    printf("pes         %d\n", j->m.platform.pes);
    printf("prices      %s\n", pb->prices.source);
    if (j->prm.mode == ECS_HEUR_SWEEP)
        printf("mode        sweep (%ld steps, sigma %g)\n", j->prm.steps,
               j->prm.sigma);
    else
        printf("mode        binary (sigma %g)\n", j->prm.sigma);
    printf("candidates  %zu (%zu feasible)\n", r->ncand, r->nfeasible);
    if (r->fallback)
        printf("budget      none (B = %.6f): the base schedule is kept\n",
               r->range);
    else
        printf("budget      %.6f (B = %.6f)\n", r->budget, r->range);
    printf("base cost   %.6f\n", r->base_cost);
    printf("cost        %.6f\n", j->rep.cost);
    printf("saving      %.2f %%\n", saving_pct(j));
    printf("makespan    %ld (base %ld)\n", j->rep.makespan, pb->base_makespan);
    printf("deadline    %ld (%s)\n", pb->deadline,
           j->rep.meets_deadline ? "met" : "missed");
    printf("runtime     %.1f ms (heuristic %.1f ms)\n", j->runtime_s * 1e3,
           j->heur_s * 1e3);
}

static int add_keys(json_t *d, const heur_job *j)
{
    const ecs_heur_result *r = &j->res;
    return json_object_set_new(d, "mode",
                               json_string(ecs_heur_mode_name(j->prm.mode))) ||
           json_object_set_new(d, "steps", j->prm.mode == ECS_HEUR_SWEEP
                                               ? json_integer(j->prm.steps)
                                               : json_null()) ||
           json_object_set_new(d, "sigma", ecs_json_num(j->prm.sigma)) ||
           json_object_set_new(d, "budget_range", ecs_json_num(r->range)) ||
           json_object_set_new(d, "budget", r->fallback
                                                ? json_null()
                                                : ecs_json_num(r->budget)) ||
           json_object_set_new(d, "saving_pct", ecs_json_num(saving_pct(j))) ||
           json_object_set_new(d, "candidates",
                               json_integer((json_int_t)r->ncand)) ||
           json_object_set_new(d, "feasible_candidates",
                               json_integer((json_int_t)r->nfeasible)) ||
           json_object_set_new(d, "fallback", json_boolean(r->fallback)) ||
           json_object_set_new(d, "base_makespan",
                               json_integer(j->pb.base_makespan)) ||
           json_object_set_new(d, "heuristic_s",
                               ecs_json_num(round(j->heur_s * 1e6) / 1e6));
}

static json_t *make_doc(const heur_job *j)
{
    ecs_doc_info in;
    ecs_cli_problem_doc_info(&j->pb, &j->m, CMD, &in);
    in.check = &j->rep;
    in.base_cost = j->res.base_cost;
    in.status = "feasible";
    in.runtime_s = j->runtime_s;
    json_t *d = ecs_doc_new(&in);
    if (d == NULL || add_keys(d, j) != 0 ||
        ecs_doc_add_tasks(d, j->pb.g, &j->m.platform, j->res.schedule) != 0) {
        json_decref(d);
        return NULL;
    }
    return d;
}

/* "budget,feasible,cost,makespan", one row per candidate; cost and
 * makespan empty where infeasible. */
static char *landscape_csv(const ecs_heur_result *r)
{
    size_t cap = 64 + r->ncand * 96, len = 0;
    char *s = malloc(cap);
    if (s == NULL)
        return NULL;
    len += (size_t)snprintf(s, cap, "budget,feasible,cost,makespan\n");
    for (size_t k = 0; k < r->ncand; k++) {
        const ecs_heur_candidate *c = &r->cand[k];
        if (c->feasible)
            len += (size_t)snprintf(s + len, cap - len, "%.12g,1,%.12g,%ld\n",
                                    c->budget, c->cost == 0.0 ? 0.0 : c->cost,
                                    c->makespan);
        else
            len += (size_t)snprintf(s + len, cap - len, "%.12g,0,,\n",
                                    c->budget);
    }
    return s;
}

static ecs_result write_outputs(const heur_job *j, ecs_diag *diag)
{
    ecs_result rc = ECS_OK;
    if (j->m.out_path != NULL || j->m.json) {
        json_t *d = make_doc(j);
        if (d == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                                "cannot build the JSON document");
        rc = ecs_cli_write_doc(&j->m, d, diag);
        json_decref(d);
    }
    if (rc == ECS_OK && j->landscape_path != NULL) {
        char *csv = landscape_csv(&j->res);
        if (csv == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        rc = ecs_cli_write_file(j->landscape_path, csv, diag);
        free(csv);
    }
    return rc;
}

/* The deadline must not lie below the base makespan: exit 1. */
static int deadline_reachable(const heur_job *j)
{
    if (j->pb.deadline >= j->pb.base_makespan)
        return 1;
    ecs_cli_errorf(CMD,
                   "infeasible: the deadline D' = %ld is below the base "
                   "makespan M = %ld (the heuristic keeps the base schedule's "
                   "PEs and order)",
                   j->pb.deadline, j->pb.base_makespan);
    return 0;
}

/* Run the heuristic and the checker on its result. */
static ecs_result solve(heur_job *j, ecs_diag *diag)
{
    const ecs_cli_problem *pb = &j->pb;
    double t = ecs_cli_now();
    ecs_result rc = ecs_heur_run(pb->g, &j->m.platform, pb->prices.price,
                                 pb->prices.n, pb->deadline, pb->base, &j->prm,
                                 &j->res, diag);
    j->heur_s = ecs_cli_now() - t;
    j->runtime_s = ecs_cli_now() - j->t0;
    if (rc != ECS_OK)
        return rc;
    rc = ecs_check_schedule(pb->g, &j->m.platform, pb->prices.price,
                            pb->prices.n, pb->deadline, j->res.schedule,
                            &j->rep);
    if (rc != ECS_OK || j->rep.cost > j->res.base_cost)
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                            "the heuristic's schedule fails the checker: %s",
                            rc != ECS_OK ? j->rep.msg : "costs more than the base");
    return ECS_OK;
}

static int run_job(heur_job *j)
{
    ecs_diag diag;
    ecs_diag_clear(&diag);
    j->t0 = ecs_cli_now();
    ecs_result rc = ecs_cli_problem_load(&j->m, j->graph_path,
                                         HEUR_BASE_TIME_LIMIT_S, &j->pb, &diag);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    j->have_pb = 1;
    if (!deadline_reachable(j))
        return ECS_EXIT_INFEASIBLE;
    rc = solve(j, &diag);
    if (rc == ECS_OK)
        rc = write_outputs(j, &diag);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    if (!j->m.json)
        print_human(j);
    return ECS_EXIT_OK;
}

int ecs_cmd_heuristic(int argc, char **argv)
{
    heur_job j;
    memset(&j, 0, sizeof j);
    ecs_cli_model_init(&j.m);
    ecs_heur_params_init(&j.prm);
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return ecs_cli_parse_exit(CMD, pr);
    int code = run_job(&j);
    ecs_heur_result_release(&j.res);
    if (j.have_pb)
        ecs_cli_problem_release(&j.pb);
    return code;
}
