/* ecsched compare GRAPH -p P: base, heuristic (sweep, binary), local and
 * MILP on one problem, side by side. */
#include "run/methods.h"
#include "run/cli.h"
#include "commands/commands.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "compare";

int ecs_cmd_compare(int argc, char **argv);

const ecs_command ecs_command_compare = {
    "compare", "base schedule, heuristic and MILP side by side on one graph",
    "Usage: ecsched compare GRAPH -p P [model flags] [--extension E | --deadline N]\n"
    "                       [--time-limit S] [--methods LIST] [--json] [-o FILE]\n"
    "\n"
    "Computes the base schedule (makespan-optimal at f = 1), the heuristic in\n"
    "both modes (sweep, binary), the local heuristic (from the sweep's\n"
    "schedule; heuristic --mode local) and the MILP (warm-started with the\n"
    "best heuristic schedule), checks every schedule with the checker and prints\n"
    "one aligned row per method: cost, cost over the proven optimum, saving\n"
    "versus the base, makespan, D', whether it meets D', status and time.\n"
    "\n"
    "  --extension E    D' = floor(M (1 + E)), M the base makespan (default 0)\n"
    "  --deadline N     D' directly\n"
    "  --time-limit S   MILP time limit in seconds (default 60)\n"
    "  --methods LIST   subset of base,sweep,binary,local,milp (default: all)\n"
    "  --json           the document with all schedules on stdout, no table\n"
    "  -o FILE          also write that document to FILE (atomically)\n"
    "\n"
    "Exit 0: every method ran and met D'; 1: D' cannot be met; 3: a method\n"
    "failed.\n"
    "\n" ECS_CLI_MODEL_FLAGS_HELP,
    ecs_cmd_compare};

enum { OPT_TIME_LIMIT = ECS_OPT_COMMAND_BASE, OPT_METHODS };

typedef struct compare_job {
    ecs_cli_model m;
    const char *graph_path;
    double time_limit_s;
    ecs_method_set set;
    ecs_cli_problem pb;
    double optimum; /* NAN unless the MILP proved it */
    double bound;   /* NAN unless the MILP gave one */
} compare_job;

static int parse_methods(compare_job *j, const char *list)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    memset(j->set.want, 0, sizeof j->set.want);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t != NULL;
         t = strtok_r(NULL, ",", &save)) {
        ecs_method m;
        if (ecs_method_parse(t, &m) != 0)
            return ecs_cli_usage_error(CMD, "unknown method '%s' (base, sweep, binary, local, milp)", t);
        if (!ecs_method_available(m))
            return ecs_cli_usage_error(CMD, "method '%s' is not available in this build", t);
        j->set.want[m] = 1;
    }
    return 0;
}

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    compare_job *j = ctx;
    (void)word;
    if (c == OPT_TIME_LIMIT) {
        if (ecs_parse_double(arg, &j->time_limit_s) != 0 || j->time_limit_s <= 0)
            return ecs_cli_usage_error(CMD, "--time-limit needs seconds > 0, not '%s'", arg);
        return 0;
    }
    if (c == OPT_METHODS)
        return parse_methods(j, arg);
    return ECS_CLI_NOT_OWN;
}

static int parse_args(compare_job *j, int argc, char **argv)
{
    static const struct option opts[] = {
        {"time-limit", required_argument, 0, OPT_TIME_LIMIT},
        {"methods", required_argument, 0, OPT_METHODS},
        ECS_CLI_MODEL_LONGOPTS, {0, 0, 0, 0}};
    for (int k = 0; k < ECS_METHOD_COUNT; k++)
        j->set.want[k] = ecs_method_available((ecs_method)k);
    ecs_cli_argspec spec;
    ecs_cli_argspec_init(&spec, CMD, opts, &j->m);
    spec.own = own_option;
    spec.ctx = j;
    int first, pr = ecs_cli_parse_args(&spec, argc, argv, &first);
    if (pr != 0)
        return pr;
    if (argc - first != 1)
        return ecs_cli_usage_error(CMD, "needs one GRAPH");
    j->graph_path = argv[first];
    return 0;
}

/* ---- the table ---- */

static void fmt_num(char *buf, size_t n, double v, const char *fmt)
{
    if (isfinite(v))
        snprintf(buf, n, fmt, v);
    else
        snprintf(buf, n, "-");
}

static void print_table(const compare_job *j)
{
    const ecs_cli_problem *pb = &j->pb;
    printf("graph     %s (%zu tasks with work)\n", j->graph_path, pb->g->n);
    printf("pes       %d\n", j->m.platform.pes);
    printf("base      makespan M = %ld (%s), cost %.6f\n", pb->base_makespan,
           pb->base_from_file ? "from --base"
           : pb->base_optimal ? "proven optimal"
                              : "not proven optimal",
           pb->base_cost);
    printf("deadline  D' = %ld\n", pb->deadline);
    printf("prices    %s%s\n", pb->prices.source,
           pb->prices.repeated ? " (repeated)" : "");
    printf("\n%-7s %12s %9s %8s %8s %6s %5s  %-15s %9s\n", "method", "cost",
           "cost/opt", "saving", "makespan", "D'", "meets", "status", "time_s");
    for (int k = 0; k < ECS_METHOD_COUNT; k++) {
        if (!j->set.want[k])
            continue;
        const ecs_method_out *o = &j->set.out[k];
        const char *name = ecs_method_name((ecs_method)k);
        if (j->set.rc[k] != ECS_OK) {
            printf("%-7s %12s %9s %8s %8s %6ld %5s  %-15s %9s\n", name, "-", "-",
                   "-", "-", pb->deadline, "-", "error", "-");
            continue;
        }
        char cost[32], ratio[32], saving[32], mk[32];
        int has = o->schedule != NULL;
        fmt_num(cost, sizeof cost, has ? o->check.cost : NAN, "%.6f");
        fmt_num(ratio, sizeof ratio,
                has && j->optimum > 0 ? o->check.cost / j->optimum : NAN, "%.4f");
        fmt_num(saving, sizeof saving,
                has && pb->base_cost > 0
                    ? 100.0 * (pb->base_cost - o->check.cost) / pb->base_cost
                    : NAN,
                "%.2f%%");
        fmt_num(mk, sizeof mk, has ? (double)o->check.makespan : NAN, "%.0f");
        printf("%-7s %12s %9s %8s %8s %6ld %5s  %-15s %9.3f\n", name, cost, ratio,
               saving, mk, pb->deadline,
               has ? (o->check.meets_deadline ? "yes" : "no") : "-", o->status,
               o->runtime_s);
    }
    if (j->set.want[ECS_METHOD_MILP] && j->set.rc[ECS_METHOD_MILP] == ECS_OK) {
        if (strcmp(j->set.out[ECS_METHOD_MILP].status, "infeasible") == 0)
            printf("\noptimum   none: no schedule meets D' = %ld (proven by the MILP)\n",
                   pb->deadline);
        else if (isfinite(j->optimum))
            printf("\noptimum   %.6f (proven by the MILP)\n", j->optimum);
        else if (isfinite(j->bound))
            printf("\noptimum   not proven; best bound %.6f (cost/opt left blank)\n",
                   j->bound);
        else
            printf("\noptimum   not proven, no bound (cost/opt left blank)\n");
    }
    for (int k = 0; k < ECS_METHOD_COUNT; k++) {
        if (j->set.want[k] && j->set.rc[k] != ECS_OK) {
            char buf[1024];
            ecs_diag_format(&j->set.diag[k], buf, sizeof buf);
            printf("%-7s error: %s\n", ecs_method_name((ecs_method)k), buf);
        }
    }
}

/* ---- the JSON document ---- */

static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

static ecs_doc_info doc_info(const compare_job *j, const ecs_method_out *o)
{
    ecs_doc_info in;
    ecs_cli_problem_doc_info(&j->pb, &j->m, CMD, &in);
    in.check = &o->check;
    in.status = o->status;
    in.runtime_s = o->runtime_s;
    return in;
}

static const char *const head_keys[] = {"tool",  "version", "command", "graph",  "pes",
                                        "freqs", "power",   "prices",  "deadline"};

static int is_head_key(const char *key)
{
    for (size_t k = 0; k < sizeof head_keys / sizeof *head_keys; k++)
        if (strcmp(key, head_keys[k]) == 0)
            return 1;
    return 0;
}

/* One method: its schedule document minus the shared head. */
static json_t *method_obj(const compare_job *j, int k)
{
    const ecs_method_out *o = &j->set.out[k];
    json_t *m = json_object();
    if (m == NULL || set(m, "method", json_string(ecs_method_name((ecs_method)k))))
        goto fail;
    if (j->set.rc[k] != ECS_OK) {
        char buf[1024];
        ecs_diag_format(&j->set.diag[k], buf, sizeof buf);
        if (set(m, "status", json_string("error")) || set(m, "error", json_string(buf)))
            goto fail;
        return m;
    }
    if (o->schedule == NULL) {
        if (set(m, "status", json_string(o->status)) ||
            set(m, "bound", ecs_json_num(o->bound)) ||
            set(m, "runtime_s", ecs_json_num(round(o->runtime_s * 1e6) / 1e6)))
            goto fail;
        return m;
    }
    ecs_doc_info in = doc_info(j, o);
    json_t *doc = ecs_doc_new(&in);
    if (doc == NULL)
        goto fail;
    const char *key;
    json_t *v;
    json_object_foreach(doc, key, v)
    {
        if (!is_head_key(key) && json_object_set(m, key, v) != 0) {
            json_decref(doc);
            goto fail;
        }
    }
    json_decref(doc);
    double c = o->check.cost;
    if (set(m, "optimal", json_boolean(o->optimal)) ||
        set(m, "cost_over_optimum",
            ecs_json_num(j->optimum > 0 ? c / j->optimum : NAN)) ||
        set(m, "saving_over_base",
            ecs_json_num(j->pb.base_cost > 0 ? (j->pb.base_cost - c) / j->pb.base_cost
                                             : NAN)) ||
        set(m, "bound", ecs_json_num(o->bound)) || set(m, "gap", ecs_json_num(o->gap)) ||
        ecs_doc_add_tasks(m, j->pb.g, &j->m.platform, o->schedule) != 0)
        goto fail;
    return m;
fail:
    json_decref(m);
    return NULL;
}

static json_t *build_doc(const compare_job *j)
{
    ecs_method_out base;
    memset(&base, 0, sizeof base);
    base.check.makespan = j->pb.base_makespan;
    base.check.cost = j->pb.base_cost;
    ecs_doc_info in = doc_info(j, &base);
    json_t *head = ecs_doc_new(&in), *d = json_object(), *arr = json_array();
    int bad = head == NULL || d == NULL || arr == NULL;
    for (size_t k = 0; !bad && k < sizeof head_keys / sizeof *head_keys; k++)
        bad = json_object_set(d, head_keys[k], json_object_get(head, head_keys[k])) != 0;
    json_decref(head);
    const ecs_cli_problem *pb = &j->pb;
    if (!bad)
        bad = set(d, "base_makespan", json_integer(pb->base_makespan)) ||
              set(d, "base_makespan_optimal", json_boolean(pb->base_optimal)) ||
              set(d, "base_cost", ecs_json_num(pb->base_cost)) ||
              set(d, "optimum", ecs_json_num(j->optimum)) ||
              set(d, "bound", ecs_json_num(j->bound)) ||
              set(d, "time_limit_s", ecs_json_num(j->time_limit_s));
    for (int k = 0; !bad && k < ECS_METHOD_COUNT; k++)
        if (j->set.want[k])
            bad = json_array_append_new(arr, method_obj(j, k)) != 0;
    if (!bad) {
        bad = set(d, "methods", arr);
        arr = NULL;
    }
    json_decref(arr);
    if (bad) {
        json_decref(d);
        return NULL;
    }
    return d;
}

static int exit_code(const compare_job *j)
{
    int code = ECS_EXIT_OK;
    for (int k = 0; k < ECS_METHOD_COUNT; k++) {
        if (!j->set.want[k])
            continue;
        if (j->set.rc[k] != ECS_OK)
            return ECS_EXIT_INTERNAL;
        const ecs_method_out *o = &j->set.out[k];
        if (o->schedule == NULL && strcmp(o->status, "infeasible") != 0)
            return ECS_EXIT_INTERNAL;
        if (o->schedule == NULL || !o->check.meets_deadline)
            code = ECS_EXIT_INFEASIBLE;
    }
    return code;
}

static int output(const compare_job *j)
{
    ecs_diag diag;
    if (!j->m.json)
        print_table(j);
    if (!j->m.json && j->m.out_path == NULL)
        return 0;
    json_t *d = build_doc(j);
    if (d == NULL) {
        ecs_cli_errorf(CMD, "out of memory");
        return ECS_EXIT_INTERNAL;
    }
    ecs_result rc = ecs_cli_write_doc(&j->m, d, &diag);
    json_decref(d);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    return 0;
}

int ecs_cmd_compare(int argc, char **argv)
{
    compare_job j;
    memset(&j, 0, sizeof j);
    ecs_cli_model_init(&j.m);
    j.time_limit_s = 60.0;
    j.optimum = j.bound = NAN;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return ecs_cli_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = ecs_cli_problem_load(&j.m, j.graph_path, 10.0, &j.pb, &diag);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    ecs_cli_note_repeated(CMD, &j.pb.prices);
    ecs_method_ctx ctx = {&j.pb, &j.m.platform, NULL, j.time_limit_s, 0, 0};
    ecs_methods_run(&ctx, &j.set, NULL, NULL);
    const ecs_method_out *milp = &j.set.out[ECS_METHOD_MILP];
    if (j.set.want[ECS_METHOD_MILP] && j.set.rc[ECS_METHOD_MILP] == ECS_OK) {
        j.bound = milp->bound;
        if (milp->optimal && milp->schedule != NULL)
            j.optimum = milp->check.cost;
    }
    int code = output(&j);
    if (code == 0)
        code = exit_code(&j);
    ecs_method_set_release(&j.set);
    ecs_cli_problem_release(&j.pb);
    return code;
}
