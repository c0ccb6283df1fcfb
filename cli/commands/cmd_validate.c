/* ecsched validate GRAPH SCHEDULE.json: run the checker on any file. */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "run/cawosched_cli.h"
#include "commands/commands.h"
#include "ecsched/platform_file.h"
#include "ecsched/replan.h"
#include "ecsched/units.h"
#include "run/notes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "validate";

int tool_cmd_validate(int argc, char **argv);

const tool_command tool_command_validate = {
    "validate", "check a schedule and compute its cost and makespan",
    "Usage: ecsched validate GRAPH SCHEDULE.json [model flags]\n"
    "                        [--deadline N] [--json]\n"
    "       ecsched validate GRAPH.dot SCHEDULE --mapping FILE --platform SETUP\n"
    "\n"
    "Runs the checker on a schedule document: work done exactly, one task\n"
    "per PE and slot, precedence (through zero-work tasks), the deadline,\n"
    "frequencies from F, power caps.  The terms come from the document a\n"
    "command wrote: PEs, frequencies, power, the platform (its file, checked\n"
    "by hash, or the shortcuts), the prices, the slot length, the work unit\n"
    "and the deadline.  A flag that differs from the document is an error\n"
    "naming both, unless --rejudge asks to judge under the flags' terms.\n"
    "A document without \"model\" (written by hand) takes the flags.\n"
    "Exit 0: feasible (cost and makespan printed); 1: the first violation\n"
    "is named (task, PE, slot); 2: unreadable input.\n"
    "With --mapping and CaWoSched's setup: CaWoSched's rules and cost\n"
    "(docs/cawosched.md) for a document of solve/heuristic --mapping or a\n"
    "schedule exported by CaWoSched (bench/cawosched/export.patch).\n"
    "\n"
    "  --deadline N   D' (slots 0..N-1); default: the document's\n"
    "  --rejudge      judge under the flags where they differ from the\n"
    "                 document's terms (a note names each)\n"
    "  --json         the result as JSON\n"
    "\n" TOOL_MODEL_FLAGS_HELP,
    tool_cmd_validate};

typedef struct validate_job {
    tool_model m;
    const char *graph_path, *sched_path;
    ecs_graph *raw, *g;
    ecs_schedule *s;
    ecs_doc_model dm;
    ecs_slot_prices sp;
    int have_sp;
    ecs_ext ext;      /* the extended platform's series (ext.on) */
    long replan_now;  /* a re-planned document: its now, else -1 */
    size_t replan_fixed; /* the tasks it kept as they ran */
    char replan_msg[ECS_DIAG_MSG_MAX]; /* the prefix broken, else "" */
    int rejudge;      /* --rejudge */
    int differ;       /* a flag differs from the document (no --rejudge) */
} validate_job;

enum { OPT_REJUDGE = TOOL_OPT_COMMAND_BASE };

/* A flag that differs from the document: with --rejudge (or for a
 * document written by hand) "note: --FLAG V differs from the document's W
 * (KEY of FILE): checking with V", else the same as an error (j->differ:
 * exit 2 once every difference is named). */
static void differs(validate_job *j, const char *flag, const char *given,
                    const char *doc, const char *key)
{
    /* a document written by hand (no "model") states no terms to keep */
    if (j->rejudge || !j->dm.has_model)
        tool_errorf(CMD, "note: %s %s differs from the document's %s (%s of "
                         "%s): checking with %s",
                    flag, given, doc, key, j->sched_path, given);
    else
        tool_errorf(CMD, "%s %s differs from the document's %s (%s of %s): "
                         "give --rejudge to judge the schedule under %s",
                    flag, given, doc, key, j->sched_path, given);
    j->differ |= !j->rejudge && j->dm.has_model;
}

/* The flags of the shortcuts given, for messages ("" if none). */
static const char *shortcut_flag(const tool_model *m)
{
    return m->watts > 0            ? "--watts"
           : m->idle_watts >= 0    ? "--watts"
           : m->green_path != NULL ? "--green"
           : m->power_cap_kw >= 0  ? "--power-cap"
                                   : "";
}

/* The platform file the document was made on, checked by its hash:
 * --platform if given (a different hash differs), else the document's
 * platform.file. */
static ecs_result doc_platform_file(validate_job *j, ecs_diag *diag)
{
    tool_model *m = &j->m;
    const ecs_doc_model *dm = &j->dm;
    const char *sc = shortcut_flag(m);
    if (sc[0] && m->platform_path == NULL) {
        differs(j, sc, "(a platform of one class)", dm->plat_file, "platform.file");
        return ECS_OK;
    }
    const char *want = m->platform_path ? m->platform_path : dm->plat_file;
    char found[ECS_PLAT_PATH], hash[32];
    const char *path = ecs_setup_find(m, want, found, sizeof found);
    uint64_t h;
    ecs_diag d;
    if (ecs_record_fnv_file(path, &h, &d) != 0) {
        if (m->platform_path != NULL)
            return ecs_diag_set(diag, ECS_EIO, path, 0, "%s", d.msg);
        return ecs_diag_set(diag, ECS_EIO, j->sched_path, 0,
                            "the schedule was made on the platform file %s "
                            "(platform.file), which cannot be read here (%s): "
                            "give --platform FILE",
                            dm->plat_file, d.msg);
    }
    snprintf(hash, sizeof hash, "fnv1a64:%016llx", (unsigned long long)h);
    if (dm->plat_hash[0] && strcmp(hash, dm->plat_hash) != 0) {
        if (m->platform_path == NULL)
            return ecs_diag_set(diag, ECS_EINVAL, j->sched_path, 0,
                                "the platform file %s has changed since the "
                                "schedule was made (hash %s, the document's "
                                "%s): give --platform FILE --rejudge to judge "
                                "it under the file as it is",
                                path, hash, dm->plat_hash);
        char given[ECS_PLAT_PATH + 40], doc[ECS_PLAT_PATH + 40];
        snprintf(given, sizeof given, "%s (%s)", want, hash);
        snprintf(doc, sizeof doc, "%s (%s)", dm->plat_file, dm->plat_hash);
        differs(j, "--platform", given, doc, "platform.hash");
    }
    if (m->platform_path == NULL)
        m->platform_path = dm->plat_file;
    return ECS_OK;
}

/* The shortcuts' platform the document records (--watts W:IDLE, -p,
 * --green, --green-price, --power-cap): the flags given are compared, the
 * others filled in. */
static void doc_platform_shortcuts(validate_job *j)
{
    tool_model *m = &j->m;
    const ecs_doc_model *dm = &j->dm;
    char a[ECS_PLAT_PATH], b[ECS_PLAT_PATH];
    if (m->platform_path != NULL) {
        differs(j, "--platform", m->platform_path,
                "platform of --watts (one class)", "platform.file");
        return;
    }
    if (m->watts > 0 || m->idle_watts >= 0) {
        double idle = m->idle_watts > 0 ? m->idle_watts : 0;
        if (fabs(m->watts - dm->plat_watts) > 1e-9 * (1 + dm->plat_watts) ||
            fabs(idle - dm->plat_idle_watts) > 1e-9 * (1 + dm->plat_idle_watts)) {
            snprintf(a, sizeof a, "%g:%g", m->watts, idle);
            snprintf(b, sizeof b, "%g:%g", dm->plat_watts, dm->plat_idle_watts);
            differs(j, "--watts", a, b, "platform.classes[0].watts, idle_watts");
        }
    } else {
        m->watts = dm->plat_watts;
        m->idle_watts = dm->plat_idle_watts > 0 ? dm->plat_idle_watts : -1;
    }
    if (m->power_cap_kw >= 0) {
        if (fabs(m->power_cap_kw - dm->plat_cap_kw) > 1e-9 * (1 + fabs(dm->plat_cap_kw))) {
            snprintf(a, sizeof a, "%g", m->power_cap_kw);
            snprintf(b, sizeof b, "%g", dm->plat_cap_kw);
            differs(j, "--power-cap", a, dm->plat_cap_kw >= 0 ? b : "none",
                    "platform.sites[0].power_cap_kw");
        }
    } else
        m->power_cap_kw = dm->plat_cap_kw;
    if (m->green_path != NULL) {
        char found[ECS_PLAT_PATH];
        const char *path = ecs_prices_is_builtin(m->green_path)
                               ? m->green_path
                               : ecs_setup_find(m, m->green_path, found, sizeof found);
        if (strcmp(path, dm->plat_green) != 0)
            differs(j, "--green", m->green_path,
                    dm->plat_green[0] ? dm->plat_green : "none",
                    "platform.sites[0].sources[0]");
    } else if (dm->plat_green[0])
        m->green_path = dm->plat_green;
    if (m->green_price_given) {
        if (fabs(m->green_price - dm->plat_green_price) >
            1e-9 * (1 + fabs(dm->plat_green_price))) {
            snprintf(a, sizeof a, "%g", m->green_price);
            snprintf(b, sizeof b, "%g", dm->plat_green_price);
            differs(j, "--green-price", a, b, "platform.sites[0].sources[0].price_per_mwh");
        }
    } else if (dm->plat_green[0]) {
        m->green_price = dm->plat_green_price;
        m->green_price_given = 1;
    }
    if (!m->pes_given && dm->plat_count >= 1)
        ecs_platform_set_pes(&m->platform, dm->plat_count, NULL);
}

/* Before the extended platform is resolved: the platform, frequencies,
 * power and price source of a document a command wrote (docs/reference.md
 * "validate"); a document written by hand (no "model") takes the flags. */
static ecs_result apply_doc_platform(validate_job *j, ecs_diag *diag)
{
    tool_model *m = &j->m;
    const ecs_doc_model *dm = &j->dm;
    if (!dm->has_model)
        return ECS_OK;
    const char *sc = shortcut_flag(m);
    if (!dm->has_platform) {
        if (m->platform_path != NULL || sc[0])
            differs(j, m->platform_path ? "--platform" : sc,
                    m->platform_path ? m->platform_path : "(a platform of one class)",
                    "paper's platform", "no \"platform\"");
        return ECS_OK;
    }
    ecs_diag inner;
    /* F and the power model first: the shortcuts' class is made of them */
    if (!m->freqs_given && dm->freqs[0] &&
        ecs_platform_set_freqs(&m->platform, dm->freqs, &inner) != ECS_OK)
        return ecs_diag_set(diag, ECS_EPARSE, j->sched_path, 0,
                            "\"freqs\": %s", inner.msg);
    if (!m->power_given && dm->power[0] &&
        ecs_platform_set_power(&m->platform, dm->power, &inner) != ECS_OK)
        return ecs_diag_set(diag, ECS_EPARSE, j->sched_path, 0,
                            "\"power\": %s", inner.msg);
    if (dm->plat_file[0]) {
        ecs_result rc = doc_platform_file(j, diag);
        if (rc != ECS_OK)
            return rc;
    } else
        doc_platform_shortcuts(j);
    return ECS_OK;
}

/* After the platform is resolved: the sites without prices of their own
 * take the document's price source (its options too) unless --prices is
 * given. */
static void apply_doc_price_source(validate_job *j)
{
    tool_model *m = &j->m;
    const ecs_doc_model *dm = &j->dm;
    int need = 0;
    for (int s = 0; m->plat.on && s < m->plat.nsite; s++)
        need |= !m->plat.site[s].has_prices;
    if (!need || !dm->has_price_source || m->prices_spec != NULL)
        return;
    const ecs_limits *lim = m->price_opt.limits;
    int sm = m->price_opt.slot_minutes;
    m->price_opt = dm->price_opt;
    m->price_opt.limits = lim;
    m->price_opt.slot_minutes = sm;
    m->prices_spec = dm->price_spec;
}

/* --prices against the document's price source (a document a command
 * wrote; on the paper's platform its per-slot prices are used, which that
 * source made). */
static void check_doc_prices(validate_job *j)
{
    tool_model *m = &j->m;
    const ecs_doc_model *dm = &j->dm;
    if (dm->has_model && dm->has_price_source && m->prices_spec != NULL &&
        m->prices_spec != dm->price_spec) {
        char found[ECS_PLAT_PATH];
        const char *path = ecs_prices_is_builtin(m->prices_spec)
                               ? m->prices_spec
                               : ecs_setup_find(m, m->prices_spec, found, sizeof found);
        if (strcmp(path, dm->price_spec) != 0 &&
            strcmp(m->prices_spec, dm->price_spec) != 0)
            differs(j, "--prices", m->prices_spec, dm->price_spec,
                    "model.price_source.spec");
    }
}

/* The work unit and slot length the schedule was made with (the
 * document's model.work_unit_s and prices.slot_minutes), before the graph
 * is read: the flags win, with a note when they differ. */
static void apply_doc_units(validate_job *j)
{
    tool_model *m = &j->m;
    char a[64], b[64];
    if (!m->slot_minutes_given && j->dm.price_opt.slots_from_prices)
        m->price_opt.slots_from_prices = 1; /* the lengths it was made on */
    if (j->dm.slot_minutes > 0) {
        if (!m->slot_minutes_given)
            m->price_opt.slot_minutes = j->dm.slot_minutes;
        else if (m->price_opt.slot_minutes != j->dm.slot_minutes) {
            snprintf(a, sizeof a, "%d", m->price_opt.slot_minutes);
            snprintf(b, sizeof b, "%d", j->dm.slot_minutes);
            differs(j, "--slot-minutes", a, b, "prices.slot_minutes");
        }
    }
    if (j->dm.work_unit_s > 0) {
        if (m->work_unit <= 0 && !m->work_unit_auto)
            m->work_unit = j->dm.work_unit_s;
        else if (m->work_unit > 0 &&
                 fabs(m->work_unit - j->dm.work_unit_s) >
                     1e-9 * j->dm.work_unit_s) {
            snprintf(a, sizeof a, "%g", m->work_unit);
            snprintf(b, sizeof b, "%g", j->dm.work_unit_s);
            differs(j, "--work-unit", a, b, "model.work_unit_s");
        }
    }
}

/* The document's model keys fill what the flags did not give; a flag that
 * differs from the document gets a note. */
static ecs_result apply_doc_model(validate_job *j, ecs_diag *diag)
{
    tool_model *m = &j->m;
    char a[256], b[256];
    if (m->pes_given && j->dm.pes >= 1 && j->dm.pes != m->platform.pes) {
        snprintf(a, sizeof a, "%d", m->platform.pes);
        snprintf(b, sizeof b, "%ld", j->dm.pes);
        differs(j, "-p", a, b, "pes");
    }
    if (m->freqs_given && j->dm.freqs[0]) {
        size_t len = 0;
        a[0] = '\0';
        for (size_t k = 0; k < m->platform.nfreq && len < sizeof a; k++) {
            int w = snprintf(a + len, sizeof a - len, "%s%.9g", k ? "," : "",
                             m->platform.freq[k]);
            len += w > 0 ? (size_t)w : 0;
        }
        if (strcmp(a, j->dm.freqs) != 0)
            differs(j, "--freqs", a, j->dm.freqs, "freqs");
    }
    if (m->power_given && j->dm.power[0] &&
        strcmp(m->platform.power_text, j->dm.power) != 0)
        differs(j, "--power", m->platform.power_text, j->dm.power, "power");
    if (m->deadline > 0 && j->dm.deadline > 0 && m->deadline != j->dm.deadline) {
        snprintf(a, sizeof a, "%ld", m->deadline);
        snprintf(b, sizeof b, "%ld", j->dm.deadline);
        differs(j, "--deadline", a, b, "deadline");
    }
    if (m->plat.on) {
        /* the platform (file or shortcuts) says PEs, frequencies, power */
        if (!j->rejudge && j->dm.pes >= 1 && j->dm.pes != m->platform.pes)
            return ecs_diag_set(diag, ECS_EINVAL, j->sched_path, 0,
                                "the document has %ld PEs, the platform %d: "
                                "give the platform it was made on",
                                j->dm.pes, m->platform.pes);
        if (!j->rejudge && j->dm.slot_minutes > 0 &&
            j->dm.slot_minutes != m->price_opt.slot_minutes)
            return ecs_diag_set(diag, ECS_EINVAL, j->sched_path, 0,
                                "the document's slots are %d minutes, the "
                                "platform's %d: give --slot-minutes %d",
                                j->dm.slot_minutes, m->price_opt.slot_minutes,
                                j->dm.slot_minutes);
    } else if (!m->pes_given) {
        if (j->dm.pes < 1 && strcmp(j->dm.problem, "cawosched") == 0)
            return ecs_diag_set(diag, ECS_EINVAL, j->sched_path, 0,
                                "a document of CaWoSched's fixed-mapping "
                                "problem: validate it on what it was made "
                                "with, --platform %s --mapping %s",
                                j->dm.setup_file[0] ? j->dm.setup_file : "SETUP",
                                j->dm.mapping_file[0] ? j->dm.mapping_file : "MAPPING");
        if (j->dm.pes < 1)
            return ecs_diag_set(diag, ECS_EINVAL, j->sched_path, 0,
                                "the document has no \"pes\": give -p P");
        if (ecs_platform_set_pes(&m->platform, j->dm.pes, diag) != ECS_OK)
            return ECS_EPARSE;
    }
    ecs_diag inner;
    if (!m->freqs_given && !m->plat.on && j->dm.freqs[0] &&
        ecs_platform_set_freqs(&m->platform, j->dm.freqs, &inner) != ECS_OK)
        return ecs_diag_set(diag, ECS_EPARSE, j->sched_path, 0,
                            "\"freqs\": %s", inner.msg);
    if (!m->power_given && !m->plat.on && j->dm.power[0] &&
        ecs_platform_set_power(&m->platform, j->dm.power, &inner) != ECS_OK)
        return ecs_diag_set(diag, ECS_EPARSE, j->sched_path, 0,
                            "\"power\": %s", inner.msg);
    if (m->deadline < 1 && j->dm.deadline > 0) {
        ecs_result rc = ecs_check_slots(&m->limits, j->dm.deadline,
                                            j->sched_path, "\"deadline\"",
                                            diag);
        if (rc != ECS_OK)
            return rc;
        m->deadline = j->dm.deadline;
    }
    if (m->deadline > 0)
        return ecs_check_slots(&m->limits, m->deadline, NULL,
                                   "--deadline", diag);
    return ECS_OK;
}

/* Prices: --prices if given, else the document's per-slot prices, else the
 * default built-in, over max(deadline, makespan) slots. */
static ecs_result resolve_prices(validate_job *j, const double **price,
                                 size_t *nprice, const int **slot_len,
                                 ecs_diag *diag)
{
    long need = ecs_schedule_makespan(j->s);
    if (j->m.deadline > need)
        need = j->m.deadline;
    if (j->m.plat.on) {
        /* every site's prices, sources and caps from the platform */
        ecs_result rc = ecs_plat_load(&j->m, (size_t)(need > 0 ? need : 1),
                                       &j->sp, &j->ext, diag);
        if (rc != ECS_OK)
            return rc;
        j->have_sp = 1;
        tool_note_repeated(CMD, &j->sp);
        tool_note_green(CMD, &j->m, &j->ext);
        *price = j->sp.price;
        *nprice = j->sp.n;
        return ECS_OK;
    }
    if (j->m.prices_spec == NULL && j->dm.nprice > 0) {
        *price = j->dm.price;
        *nprice = j->dm.nprice;
        *slot_len = j->dm.slot_len; /* the lengths the document records */
        return ECS_OK;
    }
    ecs_result rc = ecs_setup_load_prices(&j->m, (size_t)(need > 0 ? need : 1),
                                        &j->sp, diag);
    if (rc != ECS_OK)
        return rc;
    j->have_sp = 1;
    tool_note_repeated(CMD, &j->sp);
    *price = j->sp.price;
    *nprice = j->sp.n;
    *slot_len = j->sp.slot_len;
    return ECS_OK;
}

static void print_human(const validate_job *j, const ecs_instance *inst,
                        ecs_result rc, const ecs_check_report *r)
{
    printf("schedule  %s\n", j->sched_path);
    printf("graph     %s (%zu tasks with work)\n", j->graph_path, j->g->n);
    printf("pes       %d\n", j->m.platform.pes);
    if (rc == ECS_EVIOLATION) {
        char kw[128] = "";
        double hours = j->sp.slot_minutes / 60.0;
        if (r->first.kind == ECS_VIOLATION_POWER_CAP && hours > 0) {
            char d[48];
            ecs_fmt_duration(1, j->sp.slot_minutes, d, sizeof d);
            snprintf(kw, sizeof kw, " (%.6g kW above %.6g kW, slots of %s)",
                     r->first.draw / hours, r->first.cap / hours, d);
        }
        printf("result    violation: %s%s\n", r->msg, kw);
        return;
    }
    if (j->replan_msg[0]) {
        printf("result    violation: %s\n", j->replan_msg);
        return;
    }
    printf("makespan  %ld\n", r->makespan);
    if (j->m.deadline > 0)
        printf("deadline  %ld (%s)\n", j->m.deadline,
               r->meets_deadline ? "met" : "missed");
    printf("cost      %.6f\n", r->cost);
    char text[400];
    ecs_ext_split_text(inst, &j->ext, &j->sp, j->s, text, sizeof text);
    if (text[0])
        printf("energy    %s\n", text);
    if (j->replan_now >= 0)
        printf("replan    %zu task%s as they ran before slot %ld (the whole "
               "plan judged under its new prices)\n",
               j->replan_fixed, j->replan_fixed == 1 ? "" : "s", j->replan_now);
    printf("result    feasible\n");
}

static int print_json(const validate_job *j, const ecs_instance *inst,
                      ecs_result rc, const ecs_check_report *r)
{
    json_t *d = json_object(), *v = NULL;
    json_object_set_new(d, "tool", json_string("ecsched"));
    json_object_set_new(d, "command", json_string(CMD));
    json_object_set_new(d, "schedule", ecs_json_text(j->sched_path));
    json_object_set_new(d, "graph", ecs_json_text(j->graph_path));
    json_object_set_new(d, "pes", json_integer(j->m.platform.pes));
    json_object_set_new(d, "deadline", j->m.deadline > 0
                                           ? json_integer(j->m.deadline)
                                           : json_null());
    /* judged under the document's terms, or (--rejudge) the flags' */
    json_object_set_new(d, "rejudged", json_boolean(j->rejudge));
    json_object_set_new(d, "feasible", json_boolean(rc == ECS_OK &&
                                                    !j->replan_msg[0]));
    json_object_set_new(d, "makespan", json_integer(r->makespan));
    json_object_set_new(d, "meets_deadline", json_boolean(r->meets_deadline));
    json_object_set_new(d, "cost", rc == ECS_OK ? ecs_json_num(r->cost)
                                                : json_null());
    if (rc == ECS_EVIOLATION) {
        v = json_object();
        json_object_set_new(v, "kind",
                            json_string(ecs_violation_key(r->first.kind)));
        json_object_set_new(v, "task", r->first.task < j->g->n
                                           ? json_integer(j->g->id[r->first.task])
                                           : json_null());
        json_object_set_new(v, "other", r->first.other < j->g->n
                                            ? json_integer(j->g->id[r->first.other])
                                            : json_null());
        json_object_set_new(v, "pe", r->first.pe >= 0 ? json_integer(r->first.pe)
                                                      : json_null());
        json_object_set_new(v, "slot", r->first.slot >= 0
                                           ? json_integer(r->first.slot)
                                           : json_null());
        json_object_set_new(v, "message", ecs_json_text(r->msg));
    }
    if (rc == ECS_OK && j->replan_msg[0]) {
        v = json_object();
        json_object_set_new(v, "kind", json_string("replan_prefix"));
        json_object_set_new(v, "message", ecs_json_text(j->replan_msg));
    }
    json_object_set_new(d, "violation", v ? v : json_null());
    json_object_set_new(d, "replan", j->replan_now < 0
                                         ? json_null()
                                         : json_pack("{s:I,s:I}", "now",
                                                     (json_int_t)j->replan_now,
                                                     "fixed",
                                                     (json_int_t)j->replan_fixed));
    if (j->ext.on) {
        json_object_set_new(d, "platform", ecs_plat_json(&j->m));
        json_object_set_new(d, "energy_split",
                            rc == ECS_OK ? ecs_ext_split_json(inst, &j->ext, &j->sp, j->s)
                                         : json_null());
    }
    ecs_diag diag;
    ecs_result wrc = tool_write_json("-", d, &diag);
    json_decref(d);
    return wrc == ECS_OK ? 0 : -1;
}

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    validate_job *j = ctx;
    (void)arg;
    (void)word;
    if (c != OPT_REJUDGE)
        return TOOL_NOT_OWN;
    j->rejudge = 1;
    return 0;
}

/* The job's defaults, then the command line: 0 to go on, -1 for --help,
 * else an exit code. */
static int parse_args(validate_job *j, int argc, char **argv)
{
    memset(j, 0, sizeof *j);
    tool_model_init(&j->m);
    static const struct option opts[] = {
        {"rejudge", no_argument, 0, OPT_REJUDGE}, TOOL_MODEL_LONGOPTS, {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &j->m, own_option, j);
    spec.cws = 1;
    spec.defer_plat = 1; /* after the document's terms */
    int first, pr = tool_parse_args(&spec, argc, argv, &first);
    if (pr != 0)
        return pr;
    if (argc - first != 2)
        return tool_usage_error(CMD, "needs GRAPH and SCHEDULE.json");
    j->graph_path = argv[first];
    j->sched_path = argv[first + 1];
    return 0;
}

static void job_release(validate_job *j)
{
    ecs_schedule_free(j->s);
    ecs_graph_free(j->g);
    ecs_graph_free(j->raw);
    ecs_doc_model_release(&j->dm);
    if (j->have_sp)
        ecs_slot_prices_release(&j->sp);
    ecs_ext_release(&j->ext);
}

int tool_cmd_validate(int argc, char **argv)
{
    validate_job j;
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    if (tool_cws_active(&j.m))
        return tool_cws_validate(CMD, &j.m, j.graph_path, j.sched_path);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    const double *price = NULL;
    size_t nprice = 0;
    const int *slot_len = NULL;
    /* the document's model first: its work unit decides the graph's work */
    ecs_result rc = ecs_document_read_model(j.sched_path, &j.m.limits, &j.dm, &diag);
    if (rc == ECS_OK) {
        apply_doc_units(&j);
        check_doc_prices(&j);
        rc = apply_doc_platform(&j, &diag);
    }
    if (rc == ECS_OK && j.differ) {
        job_release(&j);
        return TOOL_EXIT_USAGE;
    }
    if (rc == ECS_OK)
        rc = ecs_plat_resolve(&j.m, &diag);
    if (rc == ECS_OK)
        apply_doc_price_source(&j);
    if (rc == ECS_OK)
        rc = tool_work_unit_auto(CMD, &j.m, j.graph_path, &diag);
    if (rc == ECS_OK)
        rc = ecs_setup_load_graph(j.graph_path, &j.m, &j.raw, &j.g, &diag);
    if (rc == ECS_OK)
        rc = apply_doc_model(&j, &diag);
    if (rc == ECS_OK && j.differ) {
        job_release(&j);
        return TOOL_EXIT_USAGE;
    }
    if (rc == ECS_OK)
        rc = ecs_document_read(j.sched_path, &j.m.limits, j.g, &j.m.platform, &j.s,
                          NULL, &diag);
    if (rc == ECS_OK)
        rc = resolve_prices(&j, &price, &nprice, &slot_len, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        job_release(&j);
        return tool_exit_code(rc);
    }
    ecs_check_report rep;
    ecs_instance inst;
    ecs_instance_init(&inst, j.g, &j.m.platform, price, nprice, j.m.deadline);
    inst.slot_len = slot_len;
    ecs_ext_instance(&j.ext, &inst);
    rc = ecs_check_schedule(&inst, j.s, &rep, &diag);
    if (rc != ECS_OK && rc != ECS_EVIOLATION) {
        tool_error(CMD, &diag);
        job_release(&j);
        return tool_exit_code(rc);
    }
    if (rc == ECS_OK && !isfinite(rep.cost)) {
        if (j.have_sp)
            tool_errorf(CMD, "%s: the cost of the schedule under these "
                                "prices is not a finite number (prices too "
                                "large)", j.sp.source);
        else
            tool_errorf(CMD, "%s: the cost of the schedule under its "
                                "\"prices\".\"per_slot\" is not a finite "
                                "number (prices too large)", j.sched_path);
        job_release(&j);
        return TOOL_EXIT_USAGE;
    }
    /* a re-planned document: the prefix kept as it ran */
    j.replan_now = -1;
    if (rc == ECS_OK) {
        json_t *doc = NULL;
        ecs_result rr = ecs_json_load(j.sched_path, &j.m.limits, &doc, &diag);
        if (rr == ECS_OK)
            rr = ecs_replan_check(doc, j.sched_path, j.g, &j.m.platform, j.s,
                                  &j.replan_now, &j.replan_fixed, &diag);
        json_decref(doc);
        if (rr == ECS_EVIOLATION)
            snprintf(j.replan_msg, sizeof j.replan_msg, "%s", diag.msg);
        else if (rr != ECS_OK) {
            tool_error(CMD, &diag);
            job_release(&j);
            return tool_exit_code(rr);
        }
    }
    if (j.m.json)
        print_json(&j, &inst, rc, &rep);
    else
        print_human(&j, &inst, rc, &rep);
    int broken = rc == ECS_OK && j.replan_msg[0];
    job_release(&j);
    return tool_exit_code(broken ? ECS_EVIOLATION : rc);
}
