/* ecsched replan DOC --prices NEW --now TIME: re-plan the rest of a
 * schedule under new prices (the library's ecs_replan_document). */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "run/params.h"
#include "commands/commands.h"
#include "ecsched/replan.h"
#include "ecsched/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "replan";

int tool_cmd_replan(int argc, char **argv);

const tool_command tool_command_replan = {
    "replan", "re-plan the rest of a schedule when new prices arrive",
    "Usage: ecsched replan DOC --prices NEW --now TIME [-o OUT] [--json]\n"
    "                      [--method keep|local|milp] [--time-limit S]\n"
    "                      [--seed N] [--gap G] [--price-column C]\n"
    "                      [--time-column C] [--filter COL=VALUE]\n"
    "                      [--unit U] [--utc-offset Z] [--watts W]\n"
    "\n"
    "DOC is a schedule document a command wrote on the paper's platform.\n"
    "What ran before TIME stays as it ran: every task that started before\n"
    "it keeps its PE, start, stop and frequencies (a task running at TIME\n"
    "too); the other tasks are scheduled again under the prices NEW, from\n"
    "TIME to the document's deadline, with its graph, PEs, frequencies and\n"
    "power.  NEW is read with the document's slot length and zone from the\n"
    "document's first slot on, never repeated: it must cover the horizon.\n"
    "The new document records both plans (\"replan\".\"old\"), TIME, what\n"
    "changed, the cost of keeping the old plan and of the new one under NEW,\n"
    "and the cost spent before TIME; validate judges it under NEW.\n"
    "\n"
    "  --prices NEW     the new price series (file or built-in); required\n"
    "  --now TIME       a slot number (12), a clock time on the day of slot 0\n"
    "                   in the document's zone (12:00), or a time stamp\n"
    "                   (2016-10-19T12:00+02:00; without zone: the\n"
    "                   document's); inside a slot: the next slot; required\n"
    "  --method M       milp (default: local search for a fifth of the time,\n"
    "                   then the MILP from its schedule), local (local\n"
    "                   search), keep (the old plan, re-priced)\n"
    "  --time-limit S   seconds for the re-plan (default 60)\n"
    "  --seed N         local search's seed (default 1)\n"
    "  --gap G          the MILP's relative gap to stop at (default 0)\n"
    "  -o, --out FILE   write the new document to FILE\n"
    "  --json           print the new document on stdout\n"
    "  --watts W        watts of a PE at f = 1 (default: the document's)\n"
    "  --price-column, --time-column, --filter, --unit, --utc-offset:\n"
    "                   how to read NEW (see ecsched prices)\n"
    "\n"
    "Exit 0: re-planned; 2: bad input (a missing file, a document of another\n"
    "model or of an extended platform, prices that do not cover the horizon,\n"
    "nothing left to re-plan), nothing written; 3: internal error.\n",
    tool_cmd_replan};

enum { OPT_NOW = TOOL_OPT_COMMAND_BASE, OPT_METHOD };

typedef struct replan_args {
    tool_model m;
    const char *doc, *now;
    ecs_replan_params prm;
    tool_param_grid grid; /* --time-limit, --seed, --gap (params.h) */
} replan_args;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    replan_args *a = ctx;
    (void)word;
    ecs_diag d;
    switch (c) {
    case OPT_NOW: a->now = arg; return 0;
    case OPT_METHOD:
        if (ecs_replan_method_parse(arg, &a->prm.method, &d) != ECS_OK)
            return tool_usage_error(CMD, "--method: %s", d.msg);
        return 0;
    case TOOL_OPT_PARAM + TOOL_PARAM_TIME_LIMIT:
    case TOOL_OPT_PARAM + TOOL_PARAM_SEED:
    case TOOL_OPT_PARAM + TOOL_PARAM_GAP:
        return tool_param_option(CMD, &a->grid, c, arg, 0);
    default: return TOOL_NOT_OWN;
    }
}

static int parse_args(replan_args *a, int argc, char **argv)
{
    static const struct option opts[] = {
        {"now", required_argument, 0, OPT_NOW},
        {"method", required_argument, 0, OPT_METHOD},
        {"time-limit", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_TIME_LIMIT},
        {"seed", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_SEED},
        {"gap", required_argument, 0, TOOL_OPT_PARAM + TOOL_PARAM_GAP},
        TOOL_MODEL_LONGOPTS,
        {0, 0, 0, 0}};
    /* the document gives the model: only how to read NEW applies */
    static const int rejected[] = {
        TOOL_OPT_PES, TOOL_OPT_FREQS, TOOL_OPT_POWER, TOOL_OPT_DEADLINE,
        TOOL_OPT_EXTENSION, TOOL_OPT_FORMAT, TOOL_OPT_BASE,
        TOOL_OPT_SLOT_MINUTES, TOOL_OPT_NO_REPEAT, TOOL_OPT_START,
        TOOL_OPT_WORK_UNIT, TOOL_OPT_PLATFORM, TOOL_OPT_GREEN,
        TOOL_OPT_GREEN_PRICE, TOOL_OPT_POWER_CAP, TOOL_OPT_MAPPING,
        TOOL_OPT_REMAP, TOOL_OPT_MAPPING_OUT, TOOL_OPT_GREEN_COLUMN,
        TOOL_OPT_ROUNDING_TOLERANCE, 0};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &a->m, own_option, a);
    spec.rejected = rejected;
    int pr = tool_parse_one(&spec, argc, argv, "needs one DOC", &a->doc);
    if (pr != 0)
        return pr;
    tool_method_params mp;
    tool_param_grid_point(&a->grid, 0, &mp);
    if (mp.time_limit_given)
        a->prm.time_limit_s = mp.time_limit_s;
    if (a->grid.n[TOOL_PARAM_SEED])
        a->prm.seed = mp.local.seed;
    if (a->grid.n[TOOL_PARAM_GAP])
        a->prm.mip_gap = mp.milp.mip_gap;
    if (a->m.prices_spec == NULL)
        return tool_usage_error(CMD, "needs --prices NEW (the new prices)");
    if (a->now == NULL)
        return tool_usage_error(CMD, "needs --now TIME (where the plan stands)");
    return 0;
}

static void print_human(const replan_args *a, const ecs_replan_run *run)
{
    const ecs_replan_result *r = &run->res;
    const ecs_slot_prices *sp = &run->pb.prices;
    char dur[48], info[256];
    printf("document   %s (%s, %zu tasks with work)\n", a->doc,
           run->old_command[0] ? run->old_command : "?", run->pb.g->n);
    ecs_fmt_slot_info(&run->m, sp, info, sizeof info);
    printf("prices     %s (%s)\n", sp->source, info);
    if (run->now_asked < 0)
        printf("now        before slot 0: every task is planned afresh\n");
    else if (ecs_has_clock(sp)) {
        ecs_zone z;
        char t[64];
        ecs_zone_of(&run->m, sp, &z);
        ecs_fmt_clock(&z, sp, r->now, 0, t, sizeof t);
        printf("now        slot %ld = %s\n", r->now, t);
    }
    else
        printf("now        slot %ld\n", r->now);
    ecs_fmt_slots(sp, run->pb.deadline, dur, sizeof dur);
    printf("deadline   %s (as recorded)\n", dur);
    size_t nfree = r->count[ECS_CHANGE_SAME] + r->count[ECS_CHANGE_PE] +
                   r->count[ECS_CHANGE_FREQ] + r->count[ECS_CHANGE_MOVED];
    printf("kept       %zu done, %zu running (as they ran)\n",
           r->count[ECS_CHANGE_DONE], r->count[ECS_CHANGE_RUNNING]);
    printf("replanned  %zu task%s: %zu moved, %zu other frequencies, %zu "
           "other PE, %zu unchanged\n",
           nfree, nfree == 1 ? "" : "s", r->count[ECS_CHANGE_MOVED],
           r->count[ECS_CHANGE_FREQ], r->count[ECS_CHANGE_PE],
           r->count[ECS_CHANGE_SAME]);
    double pct = r->keep_cost != 0 ? 100.0 * (r->cost - r->keep_cost) /
                                         fabs(r->keep_cost)
                                   : 0.0;
    printf("cost       %.6f (keeping the old plan: %.6f, %+.2f%%; "
           "normalised, under NEW)\n", r->cost, r->keep_cost, pct);
    printf("spent      %.6f before now; the kept tasks %.6f in all\n",
           r->spent, r->fixed_cost);
    ecs_energy e;
    ecs_energy_of(&run->m, sp, r->schedule, r->cost, &e);
    if (e.has_money) {
        ecs_energy k;
        ecs_energy_of(&run->m, sp, run->old, r->keep_cost, &k);
        printf("money      %.2f %s, %.3g %s less than keeping the old plan; "
               "%.1f kWh\n",
               e.money, e.currency, k.money - e.money, e.currency, e.kwh);
    }
    if (!isnan(r->bound))
        printf("bound      %.6f (gap %.4f%%)\n", r->bound,
               100.0 * (r->cost - r->bound) / fmax(fabs(r->cost), 1e-9));
    printf("method     %s, %s%s\n", ecs_replan_method_name(a->prm.method),
           r->optimal ? "optimal" : "not proven optimal",
           r->kept ? " (the old plan kept: nothing cheaper)" : "");
    printf("runtime    %.3f s\n", r->runtime_s);
}

int tool_cmd_replan(int argc, char **argv)
{
    replan_args a;
    memset(&a, 0, sizeof a);
    tool_model_init(&a.m);
    ecs_replan_params_init(&a.prm);
    tool_param_grid_init(&a.grid);
    int pr = parse_args(&a, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_replan_run run;
    ecs_result rc = ecs_replan_document(a.doc, a.m.prices_spec, a.now, &a.m,
                                        &a.prm, &run, &diag);
    if (rc == ECS_OK && a.m.out_path != NULL)
        rc = tool_write_json(a.m.out_path, run.doc, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        ecs_replan_run_release(&run);
        return tool_exit_code(rc);
    }
    if (a.m.json)
        rc = tool_write_json("-", run.doc, &diag);
    else
        print_human(&a, &run);
    ecs_replan_run_release(&run);
    return tool_exit_code(rc);
}
