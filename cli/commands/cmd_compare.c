/* ecsched compare GRAPH -p P: base, heuristic (sweep, binary) and MILP on
 * one problem, side by side. */
#include "run/methods.h"
#include "ecsched/units.h"
#include "run/notes.h"
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "commands/commands.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "compare";

int tool_cmd_compare(int argc, char **argv);

const tool_command tool_command_compare = {
    "compare", "base schedule, heuristic and MILP side by side on one graph",
    "Usage: ecsched compare GRAPH -p P [model flags] [--extension E | --deadline N]\n"
    "                       [--time-limit S] [--makespan-limit S] [--methods LIST]\n"
    "                       [--sigma LIST] [--steps LIST] [--formulation LIST]\n"
    "                       [--gap LIST] [--warm-start on,off] [--seed LIST]\n"
    "                       [--effort LIST]\n"
    "                       [--json] [-o FILE]\n"
    "\n"
    "Computes the base schedule (makespan-optimal at f = 1), the heuristic in\n"
    "both modes (sweep, binary), the local heuristic (local search from the\n"
    "sweep's schedule), the MILP (warm-started with the cheapest heuristic\n"
    "schedule) and, when asked, solve; checks every schedule with the checker\n"
    "and prints one aligned row per method: cost, cost over the proven\n"
    "optimum, saving versus the base, makespan, D', whether it meets D',\n"
    "status and time.  A method that cannot run at this size (the MILP's\n"
    "model over its size limit) is skipped, with the reason on one line.\n"
    "\n"
    "  --extension E    D' = floor(M (1 + E)), M the base makespan (default 0)\n"
    "  --deadline N     D' directly\n"
    "  --time-limit S   the whole command, base search included: local\n"
    "                   gets an even share of what is left with each of\n"
    "                   milp and solve (default: the MILP's 60 s after the\n"
    "                   base search)\n"
    "  --makespan-limit S  the base search alone (default 10, or the time\n"
    "                   limit when smaller)\n"
    "  --methods LIST   subset of base,sweep,binary,local,milp,solve\n"
    "                   (default: all but solve)\n"
    "  --sigma, --steps  the heuristic's budget range and sweep steps\n"
    "  --formulation, --gap, --warm-start, --no-warm-start  the MILP's\n"
    "                   (as for `ecsched milp`); --gap is solve's too\n"
    "  --seed LIST      local's random order, solve's neighbourhoods\n"
    "  --effort LIST    counted-work budgets (local's moves, the MILP's\n"
    "                   nodes, solve's effort): results that do not\n"
    "                   depend on the machine's speed or load\n"    "                   (default 1); solve starts from the cheapest heuristic\n"
    "                   schedule\n"
    "A list (--sigma 1,2,4) runs the methods once per combination of the\n"
    "lists (a grid); each combination's MILP then gets its own time limit.\n"
    "  --json           the document with all schedules on stdout, no table\n"
    "  -o FILE          also write that document to FILE (atomically)\n"
    "\n"
    "Exit 0: every method that can run at this size ran and met D'; 1: D'\n"
    "cannot be met; 3: a method failed.\n"
    "\n" TOOL_MODEL_FLAGS_HELP,
    tool_cmd_compare};

enum { OPT_METHODS = TOOL_OPT_COMMAND_BASE };

/* Grid points of one compare (a list is an axis). */
#define COMPARE_MAX_POINTS 256

typedef struct compare_job {
    tool_model m;
    const char *graph_path;
    tool_param_grid grid;
    size_t npoint;
    tool_method_params prm[COMPARE_MAX_POINTS];
    tool_method_set sets[COMPARE_MAX_POINTS];
    int want[TOOL_METHOD_COUNT];
    tool_method_set set; /* the point being printed or written */
    tool_method_params cur;
    ecs_problem pb;
    double t0, c0;
    double optimum; /* NAN unless the MILP proved it */
    double bound;   /* NAN unless the MILP gave one */
} compare_job;

static int parse_methods(compare_job *j, const char *list)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    memset(j->want, 0, sizeof j->want);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t != NULL;
         t = strtok_r(NULL, ",", &save)) {
        tool_method m;
        if (tool_method_parse(t, &m) != 0)
            return tool_usage_error(CMD, "unknown method '%s' (base, sweep, binary, local, milp, solve)", t);
        if (!tool_method_available(m))
            return tool_usage_error(CMD, "method '%s' is not available in this build", t);
        j->want[m] = 1;
    }
    return 0;
}

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    compare_job *j = ctx;
    (void)word;
    int pr = tool_param_option(CMD, &j->grid, c, arg, 1);
    if (pr != TOOL_NOT_OWN)
        return pr;
    if (c == OPT_METHODS)
        return parse_methods(j, arg);
    return TOOL_NOT_OWN;
}

static int parse_args(compare_job *j, int argc, char **argv)
{
    static const struct option opts[] = {
        {"methods", required_argument, 0, OPT_METHODS},
        TOOL_PARAM_LONGOPTS,
        TOOL_MODEL_LONGOPTS, {0, 0, 0, 0}};
    for (int k = 0; k < TOOL_METHOD_COUNT; k++)
        j->want[k] = tool_method_default((tool_method)k);
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    int pr = tool_parse_one(&spec, argc, argv, "needs one GRAPH", &j->graph_path);
    if (pr != 0)
        return pr;
    if (j->grid.n[TOOL_PARAM_MAKESPAN_LIMIT] > 1)
        return tool_usage_error(CMD, "--makespan-limit takes one value");
    j->npoint = tool_param_grid_size(&j->grid);
    if (j->npoint > COMPARE_MAX_POINTS)
        return tool_usage_error(CMD, "the lists make %zu combinations (at most %d)",
                                   j->npoint, COMPARE_MAX_POINTS);
    return 0;
}

/* ---- the table ---- */

static void fmt_num(char *buf, size_t n, double v, const char *fmt)
{
    if (isfinite(v)) {
        snprintf(buf, n, fmt, v);
        if (buf[0] == '-') { /* "-0.00%": a rounding's sign, not a loss */
            int zero = 1;
            for (const char *c = buf + 1; *c != '\0'; c++)
                zero &= !(*c >= '1' && *c <= '9');
            if (zero)
                memmove(buf, buf + 1, strlen(buf));
        }
    } else
        snprintf(buf, n, "-");
}

/* "sigma 1, time-limit 10" for the axes of the grid. */
static void point_label(const compare_job *j, size_t k, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int id = 0; id < TOOL_PARAM_COUNT && len < size; id++) {
        if (j->grid.n[id] < 2)
            continue;
        size_t stride = 1;
        for (int q = id + 1; q < TOOL_PARAM_COUNT; q++)
            stride *= j->grid.n[q] ? j->grid.n[q] : 1;
        double v = j->grid.v[id][(k / stride) % j->grid.n[id]];
        char val[32];
        if (id == TOOL_PARAM_FORMULATION)
            snprintf(val, sizeof val, "%s", ecs_milp_formulation_name((ecs_milp_formulation)(int)v));
        else if (id == TOOL_PARAM_WARM_START)
            snprintf(val, sizeof val, "%s", v != 0 ? "on" : "off");
        else
            snprintf(val, sizeof val, "%g", v);
        len += (size_t)snprintf(buf + len, size - len, "%s%s %s", len ? ", " : "",
                                tool_param_name((tool_param_id)id), val);
    }
}

/* A method that cannot run at this size (the MILP's model over
 * --max-nonzeros: ECS_ELIMIT) or on this platform (the paper's heuristic
 * on an extended one: ECS_EUNSUPPORTED) is skipped, not failed. */
static int skipped(const tool_method_set *set, int k)
{
    return set->want[k] &&
           (set->rc[k] == ECS_ELIMIT || set->rc[k] == ECS_EUNSUPPORTED);
}

static void print_head(const compare_job *j)
{
    const ecs_problem *pb = &j->pb;
    printf("graph     %s (%zu tasks with work)\n", j->graph_path, pb->g->n);
    printf("pes       %d\n", j->m.platform.pes);
    char bm[64], dl[64], info[256], end[64];
    ecs_fmt_slots(&pb->prices, pb->base_makespan, bm, sizeof bm);
    ecs_fmt_slots(&pb->prices, pb->deadline, dl, sizeof dl);
    ecs_fmt_slot_info(&j->m, &pb->prices, info, sizeof info);
    char how[160];
    ecs_problem_base_text(pb, how, sizeof how);
    printf("base      makespan M = %s (%s), cost %.6f (normalised)\n", bm,
           how, pb->base_cost);
    ecs_zone z;
    ecs_zone_of(&j->m, &pb->prices, &z);
    if (ecs_fmt_clock(&z, &pb->prices, pb->deadline, 0, end, sizeof end))
        printf("deadline  D' = %s, at %s\n", dl, end);
    else
        printf("deadline  D' = %s\n", dl);
    char src[1200];
    tool_fmt_price_sources(&j->m, pb, src, sizeof src);
    printf("prices    %s%s (%s)\n", src,
           pb->prices.repeated ? ", repeated" : "", info);
}

/* On an extended platform: each schedule's energy by source under the
 * table (kWh and money are the table's columns). */
static void print_energy(const compare_job *j)
{
    if (!j->pb.ext.on)
        return;
    printf("\n");
    for (int k = 0; k < TOOL_METHOD_COUNT; k++) {
        const tool_method_out *o = &j->set.out[k];
        if (!j->set.want[k] || j->set.rc[k] != ECS_OK || o->schedule == NULL)
            continue;
        ecs_energy e;
        char text[160];
        ecs_energy_of_problem(&j->pb, &j->m, o->schedule, o->check.cost, &e);
        ecs_fmt_energy(&j->m, &e, text, sizeof text);
        printf("%-9s %s\n", tool_method_name((tool_method)k), text);
    }
}

static void print_table(const compare_job *j, size_t point)
{
    const ecs_problem *pb = &j->pb;
    if (j->npoint > 1) {
        char label[256];
        point_label(j, point, label, sizeof label);
        printf("\n[%s]", label);
    }
    /* kWh and money where the platform gives them (--watts, --platform):
     * the energy of every schedule, idle included, and its cost in the
     * prices' currency */
    ecs_energy en[TOOL_METHOD_COUNT];
    char money_head[32] = "";
    int units = j->m.watts > 0 || pb->ext.on;
    for (int k = 0; units && k < TOOL_METHOD_COUNT; k++) {
        const tool_method_out *o = &j->set.out[k];
        memset(&en[k], 0, sizeof en[k]);
        if (!j->set.want[k] || j->set.rc[k] != ECS_OK || o->schedule == NULL)
            continue;
        ecs_energy_of_problem(pb, &j->m, o->schedule, o->check.cost, &en[k]);
        if (en[k].has_money && !money_head[0])
            snprintf(money_head, sizeof money_head, "%s", en[k].currency);
    }
    if (units && !money_head[0])
        snprintf(money_head, sizeof money_head, "money");
    printf("\n%-7s %12s", "method", "cost");
    if (units)
        printf(" %10s %8s", "kWh", money_head);
    printf(" %9s %8s %8s %6s %5s  %-15s %9s\n", "cost/opt", "saving", "makespan",
           "D'", "meets", "status", "time_s");
    for (int k = 0; k < TOOL_METHOD_COUNT; k++) {
        if (!j->set.want[k])
            continue;
        const tool_method_out *o = &j->set.out[k];
        const char *name = tool_method_name((tool_method)k);
        char kwh[32] = "-", money[32] = "-";
        if (units && j->set.rc[k] == ECS_OK && o->schedule != NULL) {
            fmt_num(kwh, sizeof kwh, en[k].has_kwh ? en[k].kwh : NAN, "%.3f");
            fmt_num(money, sizeof money, en[k].has_money ? en[k].money : NAN, "%.2f");
        }
        printf("%-7s", name);
        if (j->set.rc[k] != ECS_OK) {
            printf(" %12s", "-");
            if (units)
                printf(" %10s %8s", "-", "-");
            printf(" %9s %8s %8s %6ld %5s  %-15s %9s\n", "-", "-", "-", pb->deadline,
                   "-", skipped(&j->set, k) ? "skipped" : "error", "-");
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
        printf(" %12s", cost);
        if (units)
            printf(" %10s %8s", kwh, money);
        printf(" %9s %8s %8s %6ld %5s  %-15s %9.3f\n", ratio, saving, mk, pb->deadline,
               has ? (o->check.meets_deadline ? "yes" : "no") : "-", o->status,
               o->runtime_s);
    }
    print_energy(j);
    int milp_ok = j->set.want[TOOL_METHOD_MILP] && j->set.rc[TOOL_METHOD_MILP] == ECS_OK;
    int solve_ok = j->set.want[TOOL_METHOD_SOLVE] && j->set.rc[TOOL_METHOD_SOLVE] == ECS_OK;
    const char *who = milp_ok ? "the MILP" : "solve";
    const tool_method_out *so = &j->set.out[milp_ok ? TOOL_METHOD_MILP : TOOL_METHOD_SOLVE];
    if (solve_ok) {
        const tool_method_out *s = &j->set.out[TOOL_METHOD_SOLVE];
        char bd[32], gp[32];
        fmt_num(bd, sizeof bd, s->bound, "%.6f");
        fmt_num(gp, sizeof gp, 100.0 * s->gap, "%.4f%%");
        printf("\nsolve     bound %s (%s), gap %s, found by %s\n", bd,
               s->bound_method ? s->bound_method : "none", gp,
               s->found_by ? s->found_by : "-");
    }
    if (milp_ok || solve_ok) {
        if (strcmp(so->status, "infeasible") == 0)
            printf("\noptimum   none: no schedule meets D' = %ld (proven by %s)\n",
                   pb->deadline, who);
        else if (isfinite(j->optimum))
            printf("\noptimum   %.6f (proven by %s)\n", j->optimum, who);
        else if (isfinite(j->bound))
            printf("\noptimum   not proven; best bound %.6f (cost/opt left blank)\n",
                   j->bound);
        else
            printf("\noptimum   not proven, no bound (cost/opt left blank)\n");
    }
    ecs_makespan_advice adv;
    ecs_diag ad;
    if (pb->deadline < pb->base_makespan &&
        ecs_problem_advice(pb, j->m.platform.pes, &adv, &ad) == ECS_OK) {
        char text[512];
        ecs_advice_text(&adv, j->m.platform.pes, &pb->prices,
                            text, sizeof text);
        printf("advice    %s\n", text);
    }
    (void)point;
    for (int k = 0; k < TOOL_METHOD_COUNT; k++) {
        if (j->set.want[k] && j->set.rc[k] != ECS_OK) {
            char buf[1024];
            ecs_diag_format(&j->set.diag[k], buf, sizeof buf);
            printf("%-7s %s: %s%s\n", tool_method_name((tool_method)k),
                   skipped(&j->set, k) ? "skipped" : "error", buf,
                   j->set.rc[k] == ECS_ELIMIT ? " (with ecsched milp; solve runs at "
                                                "any size: --methods ...,solve)"
                                              : "");
        }
    }
}

/* ---- the JSON document ---- */

static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

static ecs_doc_info doc_info(const compare_job *j, const tool_method_out *o)
{
    ecs_doc_info in;
    ecs_problem_doc_info(&j->pb, &j->m, CMD, &in);
    in.check = &o->check;
    in.status = o->status;
    in.runtime_s = o->runtime_s;
    in.schedule = o->schedule;
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
    const tool_method_out *o = &j->set.out[k];
    json_t *m = json_object();
    if (m == NULL || set(m, "method", json_string(tool_method_name((tool_method)k))) ||
        set(m, "params", tool_method_params_json((tool_method)k, &j->cur)))
        goto fail;
    if (j->set.rc[k] != ECS_OK) {
        char buf[1024];
        ecs_diag_format(&j->set.diag[k], buf, sizeof buf);
        int skip = skipped(&j->set, k);
        if (set(m, "status", json_string(skip ? "skipped" : "error")) ||
            set(m, skip ? "reason" : "error", json_string(buf)))
            goto fail;
        return m;
    }
    if (o->schedule == NULL) {
        if (set(m, "status", json_string(o->status)) ||
            set(m, "makespan", json_null()) || set(m, "meets_deadline", json_null()) ||
            set(m, "cost", json_null()) || set(m, "optimal", json_false()) ||
            set(m, "cost_over_optimum", json_null()) ||
            set(m, "saving_over_base", json_null()) ||
            set(m, "bound", ecs_json_num(o->bound)) || set(m, "gap", json_null()) ||
            set(m, "runtime_s", ecs_json_num(round(o->runtime_s * 1e6) / 1e6)))
            goto fail;
        return m;
    }
    ecs_doc_info in = doc_info(j, o);
    json_t *doc = ecs_document_new(&in);
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
        (o->bound_method != NULL &&
         set(m, "bound_method", json_string(o->bound_method))) ||
        (o->found_by != NULL && set(m, "found_by", json_string(o->found_by))) ||
        ecs_document_add_tasks(m, j->pb.g, &j->m.platform, o->schedule) != 0)
        goto fail;
    return m;
fail:
    json_decref(m);
    return NULL;
}

static json_t *build_doc(compare_job *j)
{
    tool_method_out base;
    memset(&base, 0, sizeof base);
    base.check.makespan = j->pb.base_makespan;
    base.check.cost = j->pb.base_cost;
    ecs_doc_info in = doc_info(j, &base);
    json_t *head = ecs_document_new(&in), *d = json_object(), *arr = json_array();
    int bad = head == NULL || d == NULL || arr == NULL;
    for (size_t k = 0; !bad && k < sizeof head_keys / sizeof *head_keys; k++)
        bad = json_object_set(d, head_keys[k], json_object_get(head, head_keys[k])) != 0;
    json_decref(head);
    const ecs_problem *pb = &j->pb;
    if (!bad)
        bad = set(d, "base_makespan", json_integer(pb->base_makespan)) ||
              set(d, "base_makespan_optimal", json_boolean(pb->base_optimal)) ||
              set(d, "base_cost", ecs_json_num(pb->base_cost)) ||
              set(d, "optimum", ecs_json_num(j->optimum)) ||
              set(d, "bound", ecs_json_num(j->bound)) ||
              set(d, "time_limit_s", ecs_json_num(j->prm[0].time_limit_s));
    ecs_makespan_advice adv;
    ecs_diag ad;
    if (!bad && pb->deadline < pb->base_makespan &&
        ecs_problem_advice(pb, j->m.platform.pes, &adv, &ad) == ECS_OK)
        bad = set(d, "advice", ecs_advice_json(&adv, &pb->prices));
    if (!bad)
        bad = ecs_document_add_record(d, pb, &j->m, NULL, tool_base_limit(&j->prm[0]),
                                     j->t0, j->c0) != 0;
    for (size_t p = 0; !bad && p < j->npoint; p++) {
        j->set = j->sets[p];
        j->cur = j->prm[p];
        for (int k = 0; !bad && k < TOOL_METHOD_COUNT; k++)
            if (j->set.want[k])
                bad = json_array_append_new(arr, method_obj(j, k)) != 0;
    }
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
    int code = TOOL_EXIT_OK;
    for (size_t p = 0; p < j->npoint; p++)
    for (int k = 0; k < TOOL_METHOD_COUNT; k++) {
        const tool_method_set *set = &j->sets[p];
        if (!set->want[k] || skipped(set, k))
            continue; /* cannot run at this size: said in its row */
        if (set->rc[k] != ECS_OK)
            return TOOL_EXIT_INTERNAL;
        const tool_method_out *o = &set->out[k];
        if (o->schedule == NULL && strcmp(o->status, "infeasible") != 0)
            return TOOL_EXIT_INTERNAL;
        if (o->schedule == NULL || !o->check.meets_deadline)
            code = TOOL_EXIT_INFEASIBLE;
    }
    return code;
}

static int output(compare_job *j)
{
    ecs_diag diag;
    if (!j->m.json) {
        print_head(j);
        for (size_t p = 0; p < j->npoint; p++) {
            j->set = j->sets[p];
            print_table(j, p);
        }
    }
    if (!j->m.json && j->m.out_path == NULL)
        return 0;
    json_t *d = build_doc(j);
    if (d == NULL) {
        tool_errorf(CMD, "out of memory");
        return TOOL_EXIT_INTERNAL;
    }
    ecs_result rc = tool_write_doc(&j->m, d, &diag);
    json_decref(d);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    return 0;
}

/* The grid's points one after the other; the optimum and the best bound
 * over all of them. */
static void run_points(compare_job *j)
{
    for (size_t p = 0; p < j->npoint; p++) {
        tool_method_params *prm = &j->prm[p];
        tool_method_set *set = &j->sets[p];
        memcpy(set->want, j->want, sizeof set->want);
        /* one point: --time-limit covers the whole command; a grid: each
         * point's MILP has its own limit */
        double end = j->npoint == 1 && prm->time_limit_given ? j->t0 + prm->time_limit_s : 0;
        tool_method_ctx ctx = {&j->pb, &j->m.platform, NULL, NULL, prm->time_limit_s, end, prm};
        tool_methods_run(&ctx, set, NULL, NULL);
        tool_method_set_best(set, &j->bound, &j->optimum);
    }
}

int tool_cmd_compare(int argc, char **argv)
{
    static compare_job j; /* large: the grid's method sets */
    memset(&j, 0, sizeof j);
    tool_model_init(&j.m);
    tool_param_grid_init(&j.grid);
    j.optimum = j.bound = NAN;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    j.t0 = ecs_clock_now();
    j.c0 = ecs_clock_cpu();
    for (size_t p = 0; p < j.npoint; p++)
        tool_param_grid_point(&j.grid, p, &j.prm[p]);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = tool_work_unit_auto(CMD, &j.m, j.graph_path, &diag);
    if (rc == ECS_OK)
        rc = ecs_problem_load(&j.m, j.graph_path, tool_base_limit(&j.prm[0]),
                                  &j.pb, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    tool_note_repeated(CMD, &j.pb.prices);
    tool_note_green(CMD, &j.m, &j.pb.ext);
    tool_note_rounding(CMD, &j.m, j.graph_path, j.pb.raw);
    run_points(&j);
    int code = output(&j);
    if (code == 0)
        code = exit_code(&j);
    for (size_t p = 0; p < j.npoint; p++)
        tool_method_set_release(&j.sets[p]);
    ecs_problem_release(&j.pb);
    return code;
}
