/* ecsched solve GRAPH -p P: the best schedule within a time limit with a
 * proven lower bound (solve.h). */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/cawosched_cli.h"
#include "commands/commands.h"
#include "run/methods.h"
#include "run/params.h"
#include "run/outcome.h"
#include "ecsched/problem.h"
#include "ecsched/units.h"
#include "run/notes.h"

#include "ecsched/heuristic.h"
#include "ecsched/local.h"
#include "ecsched/solve.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


/* solve's status in the words of the exact commands' outcome (the MILP's,
 * solve.h). */
static ecs_milp_status exact_status(ecs_solve_status st)
{
    switch (st) {
    case ECS_SOLVE_OPTIMAL:
        return ECS_MILP_OPTIMAL;
    case ECS_SOLVE_FEASIBLE:
        return ECS_MILP_FEASIBLE;
    case ECS_SOLVE_INFEASIBLE:
        return ECS_MILP_INFEASIBLE;
    case ECS_SOLVE_NO_SOLUTION:
        break;
    }
    return ECS_MILP_NO_SOLUTION;
}

static const char *CMD = "solve";

int tool_cmd_solve(int argc, char **argv);

const tool_command tool_command_solve = {
    "solve", "best schedule within a time limit, with a lower bound",
    "Usage: ecsched solve GRAPH -p P [--prices SPEC] [--extension E | --deadline N]\n"
    "                     [--freqs LIST] [--power MODEL] [--time-limit S]\n"
    "                     [--makespan-limit S] [--gap G] [--seed S] [--effort N]\n"
    "                     [--merge-slots] [-o FILE]\n"
    "                     [--json]\n"
    "       ecsched solve GRAPH.dot --mapping FILE --platform SETUP [--freqs 1]\n"
    "                     [--time-limit S] [--gap G] [-o FILE] [--json]\n"
    "       ecsched solve GRAPH.dot --platform SETUP --remap [--mapping FILE]\n"
    "                     [--freqs LIST] [--mapping-out FILE] [--seed S]\n"
    "                     [--time-limit S] [-o FILE] [--json]\n"
    "\n"
    "Starts from the local heuristic's schedule (from the sweep's, within a\n"
    "fifth of the limit; the sweep's if local fails) and, within\n"
    "the time limit (a wall-clock budget for the whole solve), runs the exact\n"
    "MILP with half of the time left when the model is not too large (nine\n"
    "tenths up to 60 tasks on at most 4 PEs when no dynamic program follows), the\n"
    "exact dynamic program on narrow graphs where the gap is still open,\n"
    "else a lower bound (LP relaxation\n"
    "by column generation, or a Lagrangian relaxation of the PE capacity),\n"
    "then a large-neighbourhood search that re-solves time windows and task\n"
    "groups with GLPK.  Stops at the gap or the limit.  Status: optimal (gap\n"
    "reached), feasible (limit reached: bound and gap say how far it may\n"
    "be), infeasible (exit 1), no_solution (exit 3).  Progress on stderr\n"
    "when it is a terminal.\n"
    "With --mapping and CaWoSched's setup as --platform: CaWoSched's\n"
    "fixed-mapping problem (docs/cawosched.md): its scheduler, its lower\n"
    "bound and, on at most 1000 tasks and transfers, the exact MILP (GLPK)\n"
    "within what is left of the time limit; cost in CaWoSched's units.\n"
    "With --remap it chooses the mapping too (a search over mappings from\n"
    "--mapping, a list schedule and the communication-free relaxation; the\n"
    "relaxation's bound holds for every mapping), with --freqs each task's\n"
    "frequency as well; --mapping-out writes the mapping for CaWoSched.\n"
    "\n"
    "  --extension E      deadline extension (default 0)\n"
    "  --deadline N       D' directly (slots 0..N-1)\n"
    "  --time-limit S     seconds for the whole command, base search included\n"
    "                     (default 60)\n"
    "  --makespan-limit S the base search alone (default 10, or the time\n"
    "                     limit when smaller)\n"
    "  --gap G            stop at relative gap G (default 0)\n"
    "  --seed S           neighbourhood choice (default 1)\n"
    "  --effort N         a budget of counted work instead of the time shares\n"
    "                     (solve.h: N base-search nodes, local moves, MILP\n"
    "                     nodes, Lagrangian steps; N/100 + 1 neighbourhoods):\n"
    "                     the same schedule and bound on any machine and load\n"
    "                     while --time-limit, the safety stop, does not bind\n"
    "  --merge-slots      merge runs of slots of equal price into one (a\n"
    "                     coarsening: frequencies change at merged bounds);\n"
    "                     the schedule on the fine grid, its bound beside\n"
    "  --base FILE        base schedule (JSON tasks with id, pe, start, stop)\n"
    "  -o FILE            write the schedule document (JSON)\n"
    "  --json             print the schedule document instead of the summary\n"
    "\n" TOOL_MODEL_FLAGS_HELP,
    tool_cmd_solve};

typedef struct solve_job {
    tool_model m;
    ecs_solve_params prm;
    tool_param_grid grid;    /* --time-limit, --makespan-limit, --gap, --seed */
    tool_method_params mp;   /* the grid's one point */
    double t0, c0;          /* the command's start (wall, CPU) */
    const char *graph_path;
    ecs_problem pb;
    int have_pb;
    ecs_solve_result res;
    /* --merge-slots: the coarsening and what the fine grid says */
    int merge;
    size_t merged_n;       /* slots of the merged grid before D' */
    double merged_bound;   /* solve's bound on the merged grid (NAN) */
    double fine_bound;     /* the fine grid's fluid bound (NAN) */
} solve_job;

/* --merge-slots's getopt id (beyond the parameter options) */
#define OPT_MERGE_SLOTS (TOOL_OPT_PARAM + 200)

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    solve_job *j = ctx;
    (void)word;
    if (c == OPT_MERGE_SLOTS) {
        j->merge = 1;
        return 0;
    }
    return tool_param_option(CMD, &j->grid, c, arg, 0);
}

/* The job's defaults, then the command line: 0 to go on, -1 for --help,
 * else an exit code. */
static int parse_args(solve_job *j, int argc, char **argv)
{
    memset(j, 0, sizeof *j);
    tool_model_init(&j->m);
    tool_param_grid_init(&j->grid);
    static const struct option opts[] = {
        {"time-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_TIME_LIMIT},
        {"gap", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_GAP},
        {"seed", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_SEED},
        {"effort", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_EFFORT},
        {"makespan-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_MAKESPAN_LIMIT},
        {"merge-slots", no_argument, 0, OPT_MERGE_SLOTS},
        TOOL_MODEL_LONGOPTS,
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    spec.cws = 1;
    return tool_parse_one(&spec, argc, argv, "needs one GRAPH", &j->graph_path);
}

static void on_progress(void *ctx, const ecs_progress *pr)
{
    (void)ctx;
    if (isnan(pr->cost)) /* the start phase: nothing to show yet */
        fprintf(stderr, "\r%7.1f s  %-5s%50s", pr->elapsed_s, pr->phase, "");
    else if (!isfinite(pr->bound) || !isfinite(pr->gap)) /* no bound yet */
        fprintf(stderr, "\r%7.1f s  %-5s  cost %.6f  no bound yet%22s",
                pr->elapsed_s, pr->phase, pr->cost, "");
    else
        fprintf(stderr,
                "\r%7.1f s  %-5s  cost %.6f  bound %.6f  gap %7.3f%%   ",
                pr->elapsed_s, pr->phase, pr->cost, pr->bound, 100.0 * pr->gap);
    if (strcmp(pr->phase, "done") == 0)
        fprintf(stderr, "\n");
    fflush(stderr);
}

static void print_human(const tool_outcome *o, const ecs_check_report *rep)
{
    const solve_job *j = o->job;
    const ecs_solve_result *r = &j->res;
    tool_outcome_print_problem(o);
    printf("%-12s %s (start: %s", "mode", ecs_solve_mode_name(r->mode),
           ecs_found_by_name(r->start_by));
    if (!isnan(r->start_cost))
        printf(", cost %.6f", r->start_cost);
    printf(")\n");
    tool_outcome_print_solution(o, rep);
    if (r->schedule != NULL)
        printf("%-12s %s\n", "found by", ecs_found_by_name(r->found_by));
    if (!isnan(r->bound))
        printf("%-12s %.6f (%s)\n", "bound", r->bound,
               ecs_bound_method_name(r->bound_method));
    if (!isnan(r->gap))
        printf("%-12s %.4f%%\n", "gap", 100.0 * r->gap);
    if (j->merge) {
        printf("%-12s %zu slots for the fine grid's %ld (runs of equal "
               "price merged; the schedule above on the fine grid)\n",
               "merged", j->merged_n, o->pb->deadline);
        if (!isnan(j->merged_bound))
            printf("%-12s %.6f (the merged grid's: no schedule of the "
                   "merged slots costs less)\n", "merged bound",
                   j->merged_bound);
        if (r->milp_nonzeros > 0)
            printf("%-12s %ld rows, %ld columns, %ld non-zeros (the merged "
                   "grid's MILP)\n", "merged model", r->milp_rows,
                   r->milp_cols, r->milp_nonzeros);
        else if (!isnan(r->milp_estimate))
            printf("%-12s about %.3g non-zeros estimated: the MILP did not "
                   "run\n", "merged model", r->milp_estimate);
    }
    if (r->lns_rounds > 0)
        printf("%-12s %ld neighbourhoods, %ld improved\n", "search",
               r->lns_rounds, r->lns_improved);
    /* the wall time of the whole command (base search and start
     * included), the figure the time limit bounds; the solver's own beside */
    printf("%-12s %.3f s (solve %.3f s; base search and start included)\n",
           "runtime", o->runtime_s, r->runtime_s);
}

/* "phases": the plan as it ran (solve.h's trace). */
static json_t *phases_json(const ecs_solve_result *r)
{
    json_t *a = json_array();
    for (size_t k = 0; a != NULL && k < r->nsteps; k++) {
        const ecs_solve_step *s = &r->steps[k];
        ecs_json_kv kv[] = {
            {"phase", json_string(ecs_solve_phase_name(s->phase))},
            {"at_s", ecs_json_num(s->at_s)},
            {"left_s", ecs_json_num(s->left_s)},
            {"granted_s", ecs_json_num(s->granted_s)},
            {"used_s", ecs_json_num(s->used_s)},
        };
        json_t *o = ecs_json_object_kv(kv, sizeof kv / sizeof *kv);
        if (o == NULL || json_array_append_new(a, o) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static int add_solve_keys(json_t *d, const void *job)
{
    const solve_job *j = job;
    const ecs_solve_result *r = &j->res;
    return json_object_set_new(d, "mode",
                               json_string(ecs_solve_mode_name(r->mode))) ||
           tool_outcome_add_bound(d, exact_status(r->status), r->bound, r->gap) ||
           json_object_set_new(d, "bound_method", json_string(ecs_bound_method_name(
                                                     r->bound_method))) ||
           json_object_set_new(d, "found_by",
                               json_string(ecs_found_by_name(r->found_by))) ||
           json_object_set_new(d, "start",
                               json_string(ecs_found_by_name(r->start_by))) ||
           json_object_set_new(d, "start_cost", ecs_json_num(r->start_cost)) ||
           json_object_set_new(d, "lns_rounds", json_integer(r->lns_rounds)) ||
           json_object_set_new(d, "lns_improved", json_integer(r->lns_improved)) ||
           json_object_set_new(d, "bound_time_s", ecs_json_num(r->bound_time_s)) ||
           json_object_set_new(d, "phases", phases_json(r)) ||
           json_object_set_new(d, "stop", json_string(ecs_stop_name(r->stop))) ||
           json_object_set_new(d, "solve_runtime_s",
                               ecs_json_num(round(r->runtime_s * 1e6) / 1e6)) ||
           (j->merge &&
            (json_object_set_new(d, "merged_slots",
                                 json_integer((json_int_t)j->merged_n)) ||
             json_object_set_new(d, "merged_bound",
                                 ecs_json_num(j->merged_bound)) ||
             json_object_set_new(d, "merged_milp_nonzeros",
                                 json_integer(r->milp_nonzeros)) ||
             json_object_set_new(d, "merged_milp_estimate",
                                 ecs_json_num(r->milp_estimate))));
}

/*
 * --merge-slots (docs/MODEL.md "Merging slots"): solve on the grid whose
 * runs of equal price are merged, the schedule put back on the fine grid
 * (same work, same cost); the bound and gap reported are the fine grid's
 * (its fluid bound, or the merged bound when it is also the fine one's
 * because nothing merged), the merged grid's bound beside them.
 */
static ecs_result solve_merged(solve_job *j, ecs_diag *diag)
{
    ecs_problem *pb = &j->pb;
    if (pb->ext.on)
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                            "--merge-slots handles the paper's platform only "
                            "(a source or a cap differs slot by slot)");
    ecs_slot_prices mp;
    size_t *first = NULL;
    ecs_result rc = ecs_slot_prices_merge(&pb->prices, (size_t)pb->deadline,
                                          &mp, &first, diag);
    if (rc != ECS_OK)
        return rc;
    size_t dm = 0;
    while (dm < mp.n && first[dm] < (size_t)pb->deadline)
        dm++;
    j->merged_n = dm;
    ecs_instance inst;
    ecs_instance_init(&inst, pb->g, pb->platform, mp.price, mp.n, (long)dm);
    inst.slot_len = mp.slot_len;
    rc = ecs_instance_prepare(&inst, diag);
    ecs_schedule *base = NULL;
    if (rc == ECS_OK) {
        /* the base's order on the merged slots, when it meets D' */
        base = ecs_schedule_fit_lengths(pb->g, pb->base, mp.slot_len, mp.n);
        ecs_check_report cr;
        if (base != NULL && ecs_check_schedule(&inst, base, &cr, NULL) != ECS_OK) {
            ecs_schedule_free(base);
            base = NULL;
        }
        j->prm.base = base;
        rc = ecs_solve(&inst, NULL, &j->prm, &j->res, diag);
    }
    if (rc == ECS_OK && j->res.schedule != NULL) {
        ecs_schedule *fine = ecs_schedule_unmerge(j->res.schedule, first, mp.n);
        if (fine == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        ecs_schedule_free(j->res.schedule);
        j->res.schedule = fine;
    }
    j->merged_bound = j->res.bound;
    if (rc == ECS_OK && mp.n != pb->prices.n) {
        /* the fine grid's bound: its fluid bound */
        double fl = NAN;
        ecs_diag ignored;
        if (ecs_bound_fluid_instance(&pb->inst, NULL, &fl, &ignored) != ECS_OK)
            fl = NAN;
        j->fine_bound = fl;
        j->res.bound = fl;
        j->res.bound_method = ECS_BOUND_BY_FLUID;
        if (j->res.schedule != NULL && !isnan(fl)) {
            ecs_check_report cr;
            if (ecs_check_schedule(&pb->inst, j->res.schedule, &cr, NULL) == ECS_OK) {
                j->res.cost = cr.cost;
                j->res.gap = ecs_gap_rel(cr.cost, fl);
            }
            if (j->res.status == ECS_SOLVE_OPTIMAL &&
                !ecs_gap_reached(j->res.cost, fl, j->prm.gap))
                j->res.status = ECS_SOLVE_FEASIBLE; /* optimal on the merged grid */
        }
    }
    ecs_schedule_free(base);
    j->prm.base = NULL;
    ecs_instance_release(&inst);
    ecs_slot_prices_release(&mp);
    free(first);
    return rc;
}

int tool_cmd_solve(int argc, char **argv)
{
    solve_job j;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    /* one budget: --time-limit (default: solve's) covers the base search,
     * the start and the solve, unless --makespan-limit splits it */
    tool_method_params *mp = &j.mp;
    tool_param_grid_point(&j.grid, 0, mp);
    j.prm = mp->solve;
    if (tool_cws_active(&j.m)) {
        /* CaWoSched's fixed mapping: its scheduler, bound and MILP */
        static const tool_param_id no[] = {TOOL_PARAM_MAKESPAN_LIMIT,
                                           TOOL_PARAM_SEED, TOOL_PARAM_EFFORT};
        for (size_t k = 0; k < sizeof no / sizeof *no; k++)
            if (j.grid.n[no[k]] > 0 &&
                !(no[k] == TOOL_PARAM_SEED && j.m.remap)) /* the search's */
                return tool_usage_error(CMD, "--%s does not apply to "
                                             "CaWoSched's problem (--mapping)",
                                        tool_param_name(no[k]));
        tool_cws_opts co = {TOOL_CWS_SOLVE,
                            mp->time_limit_given ? mp->time_limit_s
                                                 : j.prm.time_limit_s,
                            j.prm.gap,
                            j.grid.n[TOOL_PARAM_SEED] > 0 ? mp->local.seed : 1};
        return tool_cws_run(CMD, &j.m, j.graph_path, &co);
    }
    if (!mp->time_limit_given)
        mp->time_limit_s = j.prm.time_limit_s;
    mp->time_limit_given = 1;
    if (isatty(STDERR_FILENO))
        j.prm.progress = on_progress;
    double t0 = ecs_clock_now();
    j.t0 = t0;
    j.c0 = ecs_clock_cpu();
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = tool_work_unit_auto(CMD, &j.m, j.graph_path, &diag);
    if (rc == ECS_OK)
        rc = ecs_problem_load(&j.m, j.graph_path, tool_base_limit(mp),
                                  &j.pb, &diag);
    if (rc == ECS_OK) {
        /* the engine: the start from the base, then the plan, within
         * what is left of the budget */
        j.have_pb = 1;
        tool_note_repeated(CMD, &j.pb.prices);
        tool_note_green(CMD, &j.m, &j.pb.ext);
        tool_note_rounding(CMD, &j.m, j.graph_path, j.pb.raw);
        j.prm.base = j.pb.base;
        j.prm.local = mp->local;
        j.prm.time_limit_s = tool_budget_left(t0 + mp->time_limit_s);
        j.merged_bound = j.fine_bound = NAN;
        if (j.merge)
            rc = solve_merged(&j, &diag);
        else
            rc = ecs_solve(&j.pb.inst,
                           NULL, &j.prm, &j.res, &diag);
    }
    /* runtime_s: the command's wall time, not the solver's alone */
    tool_outcome o = {CMD, &j.m, &j.pb, j.res.schedule, exact_status(j.res.status),
                     ecs_clock_now() - t0, {TOOL_METHOD_SOLVE, &j.mp, j.t0, j.c0},
                     add_solve_keys, print_human, &j};
    int code = tool_outcome_exit(&o, rc, &diag);
    ecs_solve_result_release(&j.res);
    if (j.have_pb)
        ecs_problem_release(&j.pb);
    return code;
}
