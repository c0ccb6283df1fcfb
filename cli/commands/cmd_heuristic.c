/* ecsched heuristic GRAPH -p P: the budgeted frequency-scaling heuristic
 * (docs/MODEL.md "Heuristic") on the base schedule, with its search
 * landscape; --mode local goes on from its schedule with the local
 * heuristic (include/ecsched/local.h). */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "run/cawosched_cli.h"
#include "commands/commands.h"
#include "run/landscape.h"
#include "run/methods.h"
#include "run/outcome.h"
#include "ecsched/problem.h"
#include "ecsched/units.h"
#include "run/notes.h"
#include "run/progress.h"

#include "ecsched/heuristic.h"
#include "ecsched/local.h"
#include "ecsched/method.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "heuristic";

int tool_cmd_heuristic(int argc, char **argv);

const tool_command tool_command_heuristic = {
    "heuristic", "scale a base schedule's frequencies under a budget (sweep/binary), or map and scale (local)",
    "Usage: ecsched heuristic GRAPH -p P [--prices SPEC]\n"
    "                         [--extension E | --deadline N]\n"
    "                         [--mode sweep|binary|local] [--steps I] [--sigma S]\n"
    "                         [--seed N] [--effort N]\n"
    "                         [--base FILE.json] [--landscape FILE.csv]\n"
    "                         [--time-limit S] [--makespan-limit S]\n"
    "                         [-o FILE] [--json] [model flags]\n"
    "       ecsched heuristic GRAPH.dot --mode local --mapping FILE\n"
    "                         --platform SETUP [--time-limit S] [--json]\n"
    "       ecsched heuristic GRAPH.dot --mode local --platform SETUP --remap\n"
    "                         [--mapping FILE] [--freqs LIST] [--seed S]\n"
    "                         [--mapping-out FILE] [--time-limit S] [--json]\n"
    "\n"
    "Gerhards and Keller's heuristic: keeps the base schedule's PEs and\n"
    "per-PE order and, for a budget b, gives every slot l < D' the budget\n"
    "b / D'; tasks take the highest affordable frequency per slot (the\n"
    "lowest that finishes in their last slot) and wait in place at f = 0.\n"
    "The cheapest feasible budget wins; the base schedule is the fall-back,\n"
    "so the result never costs more than the base and always meets D'.\n"
    "--mode local (ours, not the paper's) starts from the sweep's schedule\n"
    "and searches: any task to any PE and interval, its frequencies by the\n"
    "exact interval cost, chains, PEs and trees of tasks re-timed together,\n"
    "random kicks; never dearer than the sweep.  On slots of different\n"
    "lengths (--slot-minutes prices) it starts from the base schedule.\n"
    "With --mapping and CaWoSched's setup as --platform, --mode local runs\n"
    "CaWoSched's fixed-mapping problem with ecsched's scheduler alone\n"
    "(docs/cawosched.md; no bound: see solve); --time-limit then has no\n"
    "default (none); with --remap the mapping search too (default 10 s).\n"
    "Exit 0: schedule found; 1: D' is below the base makespan; 2: bad input.\n"
    "\n"
    "  --extension E     D' = floor(M (1 + E)), M = base makespan (default 0)\n"
    "  --deadline N      D' = N directly\n"
    "  --mode M          sweep (b = B/I, 2B/I, .., B; default) or binary\n"
    "                    (bisection of [0, B] down to B/1000), or local\n"
    "                    (the sweep, then local search from its schedule)\n"
    "  --seed N          local: seed of its random choices (default 1); the\n"
    "                    same seed gives the same schedule\n"
    "  --effort N        local: stop after N moves (default: none); with a\n"
    "                    time limit that does not bind, the same schedule on\n"
    "                    any machine and load\n"
    "  --steps I         sweep steps (default 100)\n"
    "  --sigma S         budget range B = S * cost(base) (default 2; with\n"
    "                    negative prices, S * the base's cost at |price|)\n"
    "  --time-limit S    the whole command: caps the base search (default:\n"
    "                    the base search's 10 s, then the heuristic); local\n"
    "                    gets all that is left of it (without it, 10 s)\n"
    "  --makespan-limit S  the base search alone (default 10)\n"
    "  --base FILE.json  base schedule {tasks: [{id, pe, start, stop}]} at\n"
    "                    f = 1 (default: the makespan solver's)\n"
    "  --landscape FILE  every evaluated budget as CSV:\n"
    "                    budget,feasible,cost,makespan\n"
    "  -o FILE           the schedule document (JSON), written atomically\n"
    "  --json            the schedule document on stdout\n"
    "\n" TOOL_MODEL_FLAGS_HELP,
    tool_cmd_heuristic};

enum { OPT_MODE = TOOL_OPT_COMMAND_BASE, OPT_LANDSCAPE };

typedef struct heur_job {
    tool_model m;
    ecs_heur_params prm;
    tool_param_grid grid;
    tool_method_params mp;   /* the command's parameters */
    double c0;
    const char *graph_path;
    const char *landscape_path;
    ecs_problem pb;
    int have_pb;
    ecs_heur_result res;
    ecs_check_report rep;
    double t0, runtime_s;
    double heur_s;          /* ecs_heur_run alone */
    int local;              /* --mode local */
    ecs_local_params lprm;
    ecs_local_result lres;
    double local_s;         /* ecs_local_run alone */
    char base_bad[512];     /* why the base is not a schedule here (a
                               --base above a cap), else "" */
    ecs_instance_view view; /* pb.inst without what cannot bind */
    int view_paper;         /* an extended platform whose view is the
                               paper's: the paper's route (sweep, local) */
} heur_job;

/* The schedule the command reports: local's or the heuristic's. */
static const ecs_schedule *result_schedule(const heur_job *j)
{
    return j->local ? j->lres.schedule : j->res.schedule;
}

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    heur_job *j = ctx;
    (void)word;
    int pr = tool_param_option(CMD, &j->grid, c, arg, 0);
    if (pr != TOOL_NOT_OWN)
        return pr;
    switch (c) {
    case OPT_MODE:
        j->local = strcmp(arg, "local") == 0;
        if (j->local)
            j->prm.mode = ECS_HEUR_SWEEP; /* local starts from the sweep */
        else if (ecs_heur_mode_parse(arg, &j->prm.mode, NULL) != ECS_OK)
            return tool_usage_error(CMD, "--mode must be sweep, binary or local, not '%s'",
                                       arg);
        return 0;
    case OPT_LANDSCAPE:
        j->landscape_path = arg;
        return 0;
    default:
        return TOOL_NOT_OWN;
    }
}

/* The job's defaults, then the command line: 0 to go on, -1 for --help,
 * else an exit code. */
static int parse_args(heur_job *j, int argc, char **argv)
{
    memset(j, 0, sizeof *j);
    tool_model_init(&j->m);
    ecs_heur_params_init(&j->prm);
    tool_param_grid_init(&j->grid);
    static const struct option opts[] = {
        {"mode", required_argument, 0, OPT_MODE},
        {"steps", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_STEPS},
        {"sigma", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_SIGMA},
        {"time-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_TIME_LIMIT},
        {"makespan-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_MAKESPAN_LIMIT},
        {"seed", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_SEED},
        {"effort", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_EFFORT},
        {"landscape", required_argument, 0, OPT_LANDSCAPE},
        TOOL_MODEL_LONGOPTS,
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    spec.cws = 1;
    int pr = tool_parse_one(&spec, argc, argv, "needs one GRAPH", &j->graph_path);
    if (pr != 0)
        return pr;
    if (tool_cws_active(&j->m)) {
        /* CaWoSched's fixed mapping: only local's scheduler honours it */
        if (!j->local) {
            /* the method table's words for the mode asked for */
            ecs_diag why;
            ecs_diag_clear(&why);
            ecs_method_require(ecs_method_find(ecs_heur_mode_name(j->prm.mode)),
                               j->m.remap ? ECS_MODEL_FREEMAP
                                          : ECS_MODEL_FIXEDMAP,
                               &why);
            return tool_usage_error(CMD, "%s needs --mode local (the "
                                         "sweep and binary modes scale "
                                         "frequencies, which CaWoSched's "
                                         "problem does not have): %s",
                                    j->m.remap ? "--remap" : "--mapping",
                                    why.msg);
        }
        static const tool_param_id no[] = {
            TOOL_PARAM_STEPS, TOOL_PARAM_SIGMA, TOOL_PARAM_MAKESPAN_LIMIT,
            TOOL_PARAM_SEED, TOOL_PARAM_EFFORT};
        for (size_t k = 0; k < sizeof no / sizeof *no; k++)
            if (j->grid.n[no[k]] > 0 &&
                !(no[k] == TOOL_PARAM_SEED && j->m.remap)) /* the search's */
                return tool_usage_error(CMD, "--%s does not apply to "
                                             "CaWoSched's problem (--mapping)",
                                        tool_param_name(no[k]));
        if (j->landscape_path != NULL)
            return tool_usage_error(CMD, "--landscape does not apply to "
                                         "CaWoSched's problem (--mapping)");
    }
    if (j->m.deadline > 0 && j->m.extension_given)
        return tool_usage_error(CMD, "give --extension or --deadline, not both");
    if (j->grid.n[TOOL_PARAM_SEED] > 0 && !j->local)
        return tool_usage_error(CMD, "--seed applies to --mode local only");
    if (j->grid.n[TOOL_PARAM_EFFORT] > 0 && !j->local)
        return tool_usage_error(CMD, "--effort applies to --mode local only");
    return 0;
}

/* --mode local from the base, no sweep: on an extended platform (unless
 * what makes it extended cannot bind: ecs_instance_view_make) or on slots
 * of different lengths (the sweep handles neither). */
static int local_from_base(const heur_job *j)
{
    return j->local && ((j->pb.ext.on && !j->view_paper) ||
                        j->pb.inst.slot_len != NULL);
}

static double saving_pct(const heur_job *j)
{
    double base = j->res.base_cost;
    if (j->base_bad[0])
        return NAN; /* nothing to save against */
    if (base == 0.0)
        return 0.0;
    return 100.0 * (base - j->rep.cost) / fabs(base);
}

static void print_human(const heur_job *j)
{
    const ecs_heur_result *r = &j->res;
    const ecs_problem *pb = &j->pb;
    printf("graph       %s (%zu tasks with work)\n", j->graph_path, pb->g->n);
    printf("pes         %d\n", j->m.platform.pes);
    char info[256];
    ecs_fmt_slot_info(&j->m, &pb->prices, info, sizeof info);
    char src[1200];
    tool_fmt_price_sources(&j->m, pb, src, sizeof src);
    printf("prices      %s (%s)\n", src, info);
    int ext = local_from_base(j); /* local from the base: no sweep */
    if (ext)
        printf("mode        local (seed %llu, limit %g s), from the base "
               "(%s: no sweep)\n",
               (unsigned long long)j->lprm.seed, j->lprm.time_limit_s,
               pb->ext.on ? "an extended platform"
                          : "slots of different lengths");
    else if (j->local)
        printf("mode        local (seed %llu, limit %g s), from the sweep "
               "(%ld steps, sigma %g)\n",
               (unsigned long long)j->lprm.seed, j->lprm.time_limit_s,
               j->prm.steps, j->prm.sigma);
    else if (j->prm.mode == ECS_HEUR_SWEEP)
        printf("mode        sweep (%ld steps, sigma %g)\n", j->prm.steps,
               j->prm.sigma);
    else
        printf("mode        binary (sigma %g)\n", j->prm.sigma);
    if (!ext) {
        printf("candidates  %zu (%zu feasible)\n", r->ncand, r->nfeasible);
        if (r->fallback)
            printf("budget      none (B = %.6f): the base schedule is kept\n",
                   r->range);
        else
            printf("budget      %.6f (B = %.6f)\n", r->budget, r->range);
    }
    if (j->base_bad[0])
        printf("base cost   %.6f (not a schedule here: %s)\n", r->base_cost,
               j->base_bad);
    else
        printf("base cost   %.6f\n", r->base_cost);
    char bmk[64];
    ecs_fmt_slots(&pb->prices, pb->base_makespan, bmk, sizeof bmk);
    char how[160];
    ecs_problem_base_text(pb, how, sizeof how);
    printf("base        makespan %s, %s\n", bmk, how);
    if (j->local) {
        const ecs_local_result *l = &j->lres;
        printf("%s  %.6f\n", ext ? "start cost" : "sweep cost", l->start_cost);
        printf("search      %s: %ld rounds, %lu of %lu kicks better%s\n",
               ecs_local_stop_name(l->stop), l->rounds, l->kicks_improved,
               l->kicks,
               !l->kept_start ? ""
               : ext          ? "; the base schedule kept"
                              : "; the sweep's schedule kept");
    }
    ecs_energy e;
    char text[160], mk[64], bm[64], dl[64];
    ecs_energy_of_problem(pb, &j->m, result_schedule(j), j->rep.cost, &e);
    ecs_fmt_energy(&j->m, &e, text, sizeof text);
    printf("cost        %.6f (normalised)\n", j->rep.cost);
    printf("energy      %s\n", text);
    if (j->base_bad[0])
        printf("saving      n/a (the base is not a schedule here)\n");
    else
        printf("saving      %.2f %%\n", saving_pct(j));
    ecs_fmt_slots(&pb->prices, j->rep.makespan, mk, sizeof mk);
    ecs_fmt_slots(&pb->prices, pb->base_makespan, bm, sizeof bm);
    ecs_fmt_slots(&pb->prices, pb->deadline, dl, sizeof dl);
    printf("makespan    %s (base %s)\n", mk, bm);
    printf("deadline    %s (%s)\n", dl, j->rep.meets_deadline ? "met" : "missed");
    tool_print_clock(&j->m, &pb->prices, result_schedule(j), pb->deadline, 11);
    if (ext)
        printf("runtime     %.1f ms (local %.1f ms)\n", j->runtime_s * 1e3,
               j->local_s * 1e3);
    else if (j->local)
        printf("runtime     %.1f ms (sweep %.1f ms, local %.1f ms)\n",
               j->runtime_s * 1e3, j->heur_s * 1e3, j->local_s * 1e3);
    else
        printf("runtime     %.1f ms (heuristic %.1f ms)\n",
               j->runtime_s * 1e3, j->heur_s * 1e3);
}

/* local's own keys: null unless --mode local. */
static int add_local_keys(json_t *d, const heur_job *j)
{
    const ecs_local_result *l = &j->lres;
    int on = j->local;
    return json_object_set_new(d, "start_cost", on ? ecs_json_num(l->start_cost)
                                                   : json_null()) ||
           json_object_set_new(d, "local_stop",
                               on ? json_string(ecs_local_stop_name(l->stop)) : json_null()) ||
           json_object_set_new(d, "local_rounds", on ? json_integer(l->rounds) : json_null()) ||
           json_object_set_new(d, "local_kicks",
                               on ? json_integer((json_int_t)l->kicks) : json_null()) ||
           json_object_set_new(d, "local_s",
                               on ? ecs_json_num(round(j->local_s * 1e6) / 1e6) : json_null());
}

static int add_keys(json_t *d, const void *job)
{
    const heur_job *j = job;
    const ecs_heur_result *r = &j->res;
    /* the sweep's keys: null where no sweep ran (local on an extended
     * platform starts from the base) */
    int sw = !local_from_base(j);
    return json_object_set_new(d, "mode",
                               json_string(j->local ? "local"
                                                    : ecs_heur_mode_name(j->prm.mode))) ||
           json_object_set_new(d, "steps", sw && j->prm.mode == ECS_HEUR_SWEEP
                                               ? json_integer(j->prm.steps)
                                               : json_null()) ||
           json_object_set_new(d, "sigma", sw ? ecs_json_num(j->prm.sigma) : json_null()) ||
           json_object_set_new(d, "budget_range", sw ? ecs_json_num(r->range) : json_null()) ||
           json_object_set_new(d, "budget", !sw || r->fallback
                                                ? json_null()
                                                : ecs_json_num(r->budget)) ||
           json_object_set_new(d, "saving_pct", ecs_json_num(saving_pct(j))) ||
           json_object_set_new(d, "saving_over_base", ecs_json_num(saving_pct(j) / 100.0)) ||
           json_object_set_new(d, "candidates",
                               sw ? json_integer((json_int_t)r->ncand) : json_null()) ||
           json_object_set_new(d, "feasible_candidates",
                               sw ? json_integer((json_int_t)r->nfeasible) : json_null()) ||
           json_object_set_new(d, "fallback", sw ? json_boolean(r->fallback) : json_null()) ||
           json_object_set_new(d, "base_makespan",
                               json_integer(j->pb.base_makespan)) ||
           json_object_set_new(d, "heuristic_s",
                               ecs_json_num(round(j->heur_s * 1e6) / 1e6)) ||
           add_local_keys(d, j);
}

static json_t *make_doc(const heur_job *j)
{
    ecs_doc_info in;
    ecs_problem_doc_info(&j->pb, &j->m, CMD, &in);
    in.check = &j->rep;
    in.base_cost = j->res.base_cost;
    in.status = "feasible";
    in.runtime_s = j->runtime_s;
    in.schedule = result_schedule(j);
    tool_method m = j->local ? TOOL_METHOD_LOCAL
                   : j->prm.mode == ECS_HEUR_SWEEP ? TOOL_METHOD_SWEEP : TOOL_METHOD_BINARY;
    tool_outcome_run run = {m, &j->mp, j->t0, j->c0};
    return tool_outcome_doc(&in, &run, add_keys, j);
}

static ecs_result write_outputs(const heur_job *j, ecs_diag *diag)
{
    ecs_result rc = ECS_OK;
    if (j->m.out_path != NULL || j->m.json) {
        json_t *d = make_doc(j);
        if (d == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                                "cannot build the JSON document");
        rc = tool_write_doc(&j->m, d, diag);
        json_decref(d);
    }
    if (rc == ECS_OK && j->landscape_path != NULL) {
        char *csv = tool_landscape_csv(&j->res);
        if (csv == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        rc = tool_write_file(j->landscape_path, csv, diag);
        free(csv);
    }
    return rc;
}

/* The deadline must not lie below the base makespan: exit 1. */
static int deadline_reachable(const heur_job *j)
{
    if (j->pb.deadline >= j->pb.base_makespan)
        return 1;
    ecs_makespan_advice adv;
    ecs_diag ad;
    char text[512] = "";
    if (ecs_problem_advice(&j->pb, j->m.platform.pes, &adv, &ad) == ECS_OK)
        ecs_advice_text(&adv, j->m.platform.pes, &j->pb.prices, text,
                        sizeof text);
    tool_errorf(CMD,
                   "infeasible: the deadline D' = %ld is below the base "
                   "makespan M = %ld (the heuristic keeps the base schedule's "
                   "PEs and order)%s%s",
                   j->pb.deadline, j->pb.base_makespan, text[0] ? ": " : "",
                   text);
    return 0;
}

/* Run the heuristic and the checker on its result. */
static ecs_result solve(heur_job *j, ecs_diag *diag)
{
    const ecs_problem *pb = &j->pb;
    double t = ecs_clock_now();
    ecs_result rc = ECS_OK;
    const ecs_schedule *start = NULL;
    if (local_from_base(j)) {
        /* the sweep scales the paper's single price curve of slots of one
         * length: on an extended platform and on slots of different
         * lengths local starts from the base schedule (on lengths the
         * makespan search's, fitted: ecs_schedule_fit_lengths) */
        j->res.base_cost = pb->base_cost;
        j->res.fallback = 1;
        start = pb->base;
    } else {
        /* a model the heuristic does not handle: the method table says so
         * (local's row first: --mode local names local search) */
        const ecs_instance *inst = j->view_paper ? &j->view.inst : &pb->inst;
        if (j->local)
            rc = ecs_method_require(ecs_method_find("local"),
                                    ecs_instance_model(inst), diag);
        if (rc == ECS_OK)
            rc = ecs_method_require(
                ecs_method_find(ecs_heur_mode_name(j->prm.mode)),
                ecs_instance_model(inst), diag);
        if (rc == ECS_OK)
            rc = ecs_heur_run(inst, pb->base, &j->prm, &j->res, diag);
        start = j->res.schedule;
    }
    j->heur_s = ecs_clock_now() - t;
    if (rc == ECS_OK && j->local) {
        /* --time-limit covers the whole command: local gets all that is
         * left of it (without it, local's own default) */
        if (j->mp.time_limit_given)
            j->lprm.time_limit_s = tool_budget_left(j->t0 + j->mp.time_limit_s);
        t = ecs_clock_now();
        if (tool_progress_on())
            j->lprm.progress = tool_local_progress;
        rc = ecs_local_run(&pb->inst, start,
                           &j->lprm, &j->lres, diag);
        tool_progress_done();
        j->local_s = ecs_clock_now() - t;
    }
    j->runtime_s = ecs_clock_now() - j->t0;
    if (rc != ECS_OK)
        return rc;
    rc = ecs_check_schedule(&pb->inst, result_schedule(j),
                            &j->rep, NULL);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                            "the heuristic's schedule fails the checker: %s",
                            j->rep.msg);
    /* never dearer than a feasible base (a --base may break a cap: then
     * there is nothing to compare with); equal costs summed in another
     * order may differ in the last bits */
    ecs_check_report brep;
    double b = j->res.base_cost;
    if (ecs_check_schedule(&pb->inst, pb->base, &brep,
                           NULL) != ECS_OK)
        snprintf(j->base_bad, sizeof j->base_bad, "%s", brep.msg);
    else if (j->rep.cost > b + 1e-9 * (1.0 + fabs(b)))
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                            "the heuristic's schedule costs %.17g, more than "
                            "the base's %.17g", j->rep.cost, b);
    return ECS_OK;
}

static int run_job(heur_job *j)
{
    ecs_diag diag;
    ecs_diag_clear(&diag);
    j->t0 = ecs_clock_now();
    j->c0 = ecs_clock_cpu();
    ecs_result rc = tool_work_unit_auto(CMD, &j->m, j->graph_path, &diag);
    if (rc == ECS_OK)
        rc = ecs_problem_load(&j->m, j->graph_path, tool_base_limit(&j->mp),
                                  &j->pb, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    j->have_pb = 1;
    rc = ecs_instance_view_make(&j->pb.inst, &j->view, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    j->view_paper = j->pb.ext.on && j->view.paper;
    tool_note_repeated(CMD, &j->pb.prices);
    tool_note_green(CMD, &j->m, &j->pb.ext);
    tool_note_rounding(CMD, &j->m, j->graph_path, j->pb.raw);
    if (!deadline_reachable(j))
        return TOOL_EXIT_INFEASIBLE;
    rc = solve(j, &diag);
    if (rc == ECS_OK)
        rc = write_outputs(j, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    if (!j->m.json)
        print_human(j);
    return TOOL_EXIT_OK;
}

int tool_cmd_heuristic(int argc, char **argv)
{
    heur_job j;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    tool_param_grid_point(&j.grid, 0, &j.mp);
    if (tool_cws_active(&j.m)) {
        tool_cws_opts co = {TOOL_CWS_LOCAL,
                            j.mp.time_limit_given ? j.mp.time_limit_s : 0, 0,
                            j.grid.n[TOOL_PARAM_SEED] > 0 ? j.mp.local.seed : 1};
        return tool_cws_run(CMD, &j.m, j.graph_path, &co);
    }
    j.prm.steps = j.mp.heur.steps;
    j.prm.sigma = j.mp.heur.sigma;
    j.lprm = j.mp.local;
    int code = run_job(&j);
    ecs_heur_result_release(&j.res);
    ecs_local_result_release(&j.lres);
    ecs_instance_view_release(&j.view);
    if (j.have_pb)
        ecs_problem_release(&j.pb);
    return code;
}
