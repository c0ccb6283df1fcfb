/* Re-planning a schedule document (replan.h, ecs_replan_document): the
 * document's terms with the new prices, the re-plan, the new document. */
#include "ecsched/replan.h"

#include "ecsched/check.h"
#include "ecsched/clock.h"
#include "ecsched/document.h"
#include "ecsched/numparse.h"
#include "ecsched/units.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The base search's limit (s): the base only gives the document's
 * base_cost; the re-plan starts from the old plan. */
#define REPLAN_BASE_LIMIT_S 1.0

ecs_result ecs_replan_now_parse(const char *text, long long first_utc,
                                int slot_minutes, int zone_minutes,
                                long *slot, ecs_diag *diag)
{
    static const char forms[] =
        "a slot number, a clock time HH:MM (on the day of slot 0, in the "
        "document's zone) or a time stamp such as 2016-10-19T12:00+02:00";
    if (text == NULL || text[0] == '\0')
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--now needs %s", forms);
    long v;
    if (ecs_parse_long(text, &v) == 0) {
        if (v < 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--now %s: a slot number is >= 0", text);
        *slot = v;
        return ECS_OK;
    }
    if (first_utc == 0 || slot_minutes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--now %s: the plan's prices have no clock times "
                            "(a synthetic series): give a slot number",
                            text);
    long long t;
    int hh, mm;
    char tail;
    ecs_diag inner;
    if (sscanf(text, "%2d:%2d%c", &hh, &mm, &tail) == 2 &&
        isdigit((unsigned char)text[0]) && hh >= 0 && hh <= 24 && mm >= 0 &&
        mm < 60 && strlen(text) <= 5) {
        long long local0 = first_utc + 60LL * zone_minutes;
        long long day = local0 - ((local0 % 86400) + 86400) % 86400;
        t = day + 3600LL * hh + 60LL * mm - 60LL * zone_minutes;
    } else if (ecs_prices_time_parse(text, 1, zone_minutes, &t, &inner) !=
               ECS_OK) {
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--now %s: not %s (%s)", text, forms, inner.msg);
    }
    long long len = 60LL * slot_minutes, d = t - first_utc;
    /* the first slot boundary at or after t */
    long long q = d >= 0 ? (d + len - 1) / len : -((-d) / len);
    *slot = (long)q;
    return ECS_OK;
}

void ecs_replan_run_release(ecs_replan_run *run)
{
    if (run == NULL)
        return;
    if (run->have_pb)
        ecs_problem_release(&run->pb);
    ecs_schedule_free(run->old);
    ecs_replan_result_release(&run->res);
    json_decref(run->doc);
    memset(run, 0, sizeof *run);
}

/* The offset of a time stamp's "+HH:MM" / "Z" ending, in minutes; 0 when
 * it has none. */
static int stamp_offset(const char *s, int *minutes)
{
    size_t n = s ? strlen(s) : 0;
    if (n > 0 && s[n - 1] == 'Z') {
        *minutes = 0;
        return 1;
    }
    int h, m;
    if (n >= 6 && (s[n - 6] == '+' || s[n - 6] == '-') &&
        sscanf(s + n - 5, "%2d:%2d", &h, &m) == 2) {
        *minutes = (s[n - 6] == '-' ? -1 : 1) * (60 * h + m);
        return 1;
    }
    return 0;
}

static int synthetic(const char *spec)
{
    return strcmp(spec, "flat") == 0 || strcmp(spec, "increasing") == 0 ||
           strcmp(spec, "alternating") == 0;
}

/* The set-up of the document's terms with the new prices. */
static ecs_result doc_setup(const char *path, const json_t *doc,
                            const ecs_doc_model *dm, const char *prices_spec,
                            const ecs_setup *flags, ecs_setup *m,
                            ecs_diag *diag)
{
    ecs_setup_init(m);
    m->find_file = flags ? flags->find_file : NULL;
    if (flags != NULL)
        m->limits = flags->limits;
    ecs_diag inner;
    if (ecs_platform_set_pes(&m->platform, (int)dm->pes, &inner) != ECS_OK ||
        (dm->freqs[0] &&
         ecs_platform_set_freqs(&m->platform, dm->freqs, &inner) != ECS_OK) ||
        (dm->power[0] &&
         ecs_platform_set_power(&m->platform, dm->power, &inner) != ECS_OK))
        return ecs_diag_set(diag, ECS_EPARSE, path, 0, "the platform: %s",
                            inner.msg);
    m->pes_given = m->freqs_given = m->power_given = 1;
    m->deadline = dm->deadline;
    m->prices_spec = prices_spec;
    m->price_opt = dm->price_opt;
    ecs_price_options *o = &m->price_opt;
    o->limits = &m->limits;
    if (dm->slot_minutes > 0)
        o->slot_minutes = dm->slot_minutes;
    m->slot_minutes_given = 1;
    o->no_repeat = 1;
    /* the new file's own columns: the loader's guess unless given */
    const ecs_price_options *fo = flags ? &flags->price_opt : NULL;
    snprintf(o->price_column, sizeof o->price_column, "%s",
             fo ? fo->price_column : "");
    snprintf(o->time_column, sizeof o->time_column, "%s",
             fo ? fo->time_column : "");
    snprintf(o->filter_column, sizeof o->filter_column, "%s",
             fo ? fo->filter_column : "");
    snprintf(o->filter_value, sizeof o->filter_value, "%s",
             fo ? fo->filter_value : "");
    if (fo != NULL && fo->unit[0]) /* else the document's unit */
        snprintf(o->unit, sizeof o->unit, "%s", fo->unit);
    if (fo != NULL && fo->utc_offset_given) {
        o->utc_offset_given = 1;
        o->utc_offset_minutes = fo->utc_offset_minutes;
        snprintf(o->utc_zone, sizeof o->utc_zone, "%s", fo->utc_zone);
    }
    /* slot 0 where the document's slot 0 was, clock times in its zone */
    const json_t *pr = json_object_get(doc, "prices");
    const char *first = json_string_value(json_object_get(pr, "first_slot_utc"));
    const char *st = json_string_value(json_object_get(doc, "start_time"));
    int off;
    if (!o->utc_offset_given && stamp_offset(st, &off)) {
        o->utc_offset_given = 1;
        o->utc_offset_minutes = off;
        o->utc_zone[0] = '\0';
    }
    o->start[0] = '\0';
    if (first != NULL && !synthetic(prices_spec))
        snprintf(o->start, sizeof o->start, "%s", first);
    if (dm->work_unit_s > 0)
        m->work_unit = dm->work_unit_s;
    double w = json_number_value(json_object_get(doc, "watts"));
    m->watts = flags && flags->watts > 0 ? flags->watts : w > 0 ? w : 0;
    return ECS_OK;
}

/* The document's own terms: a command's document of the paper's model. */
static ecs_result doc_kind(const char *path, const json_t *doc,
                           const ecs_doc_model *dm, ecs_diag *diag)
{
    if (json_object_get(doc, "methods") != NULL)
        return ecs_diag_set(diag, ECS_EINVAL, path, 0,
                            "a compare document holds several schedules: "
                            "re-plan the document of one method");
    if (strcmp(dm->problem, "cawosched") == 0)
        return ecs_diag_set(diag, ECS_EINVAL, path, 0,
                            "a document of CaWoSched's fixed-mapping problem: "
                            "replan handles the paper's model");
    if (dm->has_platform)
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, path, 0,
                            "a document of an extended platform (%s): replan "
                            "handles the paper's platform only (a running "
                            "task's draw shares each slot's cost with the "
                            "others)",
                            dm->plat_file[0] ? dm->plat_file : "--watts W:IDLE, "
                                                               "--green or --power-cap");
    if (dm->slot_len != NULL || dm->price_opt.slots_from_prices)
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, path, 0,
                            "a document on slots of different lengths "
                            "(--slot-minutes prices): replan handles slots "
                            "of one length only (a running task's fixed "
                            "prefix counts one unit per slot)");
    if (!dm->has_model)
        return ecs_diag_set(diag, ECS_EINVAL, path, 0,
                            "the document has no \"model\" (written by hand): "
                            "replan needs the terms a command records");
    if (dm->pes < 1 || dm->deadline < 1)
        return ecs_diag_set(diag, ECS_EINVAL, path, 0,
                            "the document has no %s: replan keeps the "
                            "deadline it records",
                            dm->pes < 1 ? "\"pes\"" : "\"deadline\"");
    const char *gf = json_string_value(json_object_get(json_object_get(doc, "graph"), "file"));
    if (gf == NULL || gf[0] == '\0' || strcmp(gf, "-") == 0)
        return ecs_diag_set(diag, ECS_EINVAL, path, 0,
                            "the document names no graph file (graph.file)");
    return ECS_OK;
}

/* "tasks" of the old plan as the document has them, ids of each kind of
 * change, the costs. */
static json_t *replan_json(const ecs_replan_run *run, const char *doc_path,
                           const json_t *old_doc, const ecs_replan_params *prm)
{
    const ecs_replan_result *r = &run->res;
    const ecs_graph *g = run->pb.g;
    json_t *changes = json_object(), *ids[ECS_CHANGE_COUNT];
    for (int c = 0; c < ECS_CHANGE_COUNT; c++)
        ids[c] = json_array();
    for (size_t i = 0; i < g->n; i++)
        json_array_append_new(ids[r->change[i]], json_integer(g->id[i]));
    for (int c = 0; c < ECS_CHANGE_COUNT; c++)
        json_object_set_new(changes, ecs_replan_change_name((ecs_replan_change)c),
                            ids[c]);
    double saving = r->keep_cost != 0 ? (r->keep_cost - r->cost) / fabs(r->keep_cost)
                                      : 0.0;
    json_t *old = json_object();
    json_object_set_new(old, "document", ecs_json_text(doc_path));
    json_object_set_new(old, "command", json_string(run->old_command));
    json_object_set(old, "prices", json_object_get(old_doc, "prices"));
    json_object_set_new(old, "cost", isfinite(run->old_cost)
                                         ? ecs_json_num(run->old_cost)
                                         : json_null());
    json_object_set(old, "tasks", json_object_get(old_doc, "tasks"));
    ecs_json_kv kv[] = {
        {"method", json_string(ecs_replan_method_name(prm->method))},
        {"now", json_integer(r->now)},
        {"now_time", run->now_time[0] ? json_string(run->now_time) : json_null()},
        {"counts", json_pack("{s:I,s:I,s:I,s:I,s:I,s:I}",
                             "done", (json_int_t)r->count[ECS_CHANGE_DONE],
                             "running", (json_int_t)r->count[ECS_CHANGE_RUNNING],
                             "same", (json_int_t)r->count[ECS_CHANGE_SAME],
                             "pe", (json_int_t)r->count[ECS_CHANGE_PE],
                             "freq", (json_int_t)r->count[ECS_CHANGE_FREQ],
                             "moved", (json_int_t)r->count[ECS_CHANGE_MOVED])},
        {"changes", changes},
        {"cost", ecs_json_num(r->cost)},
        {"keep_cost", ecs_json_num(r->keep_cost)},
        {"saving", ecs_json_num(saving)},
        {"spent", ecs_json_num(r->spent)},
        {"fixed_cost", ecs_json_num(r->fixed_cost)},
        {"bound", isnan(r->bound) ? json_null() : ecs_json_num(r->bound)},
        {"optimal", json_boolean(r->optimal)},
        {"kept", json_boolean(r->kept)},
        {"prices_judged", json_string("new")},
        {"old", old},
    };
    return ecs_json_object_kv(kv, sizeof kv / sizeof *kv);
}

ecs_result ecs_replan_document(const char *doc_path, const char *prices_spec,
                               const char *now, const ecs_setup *flags,
                               const ecs_replan_params *prm,
                               ecs_replan_run *run, ecs_diag *diag)
{
    double t0 = ecs_clock_now(), c0 = ecs_clock_cpu();
    memset(run, 0, sizeof *run);
    run->res.bound = NAN;
    if (doc_path == NULL || prices_spec == NULL || now == NULL || prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "replan needs a document, new prices and now");
    ecs_result rc = ecs_replan_params_validate(prm, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_limits *lim = flags ? &flags->limits : NULL;
    json_t *old_doc = NULL;
    ecs_doc_model dm;
    memset(&dm, 0, sizeof dm);
    rc = ecs_json_load(doc_path, lim, &old_doc, diag);
    if (rc == ECS_OK)
        rc = ecs_document_read_model(doc_path, lim, &dm, diag);
    if (rc == ECS_OK)
        rc = doc_kind(doc_path, old_doc, &dm, diag);
    if (rc == ECS_OK)
        rc = doc_setup(doc_path, old_doc, &dm, prices_spec, flags, &run->m, diag);
    if (rc == ECS_OK) {
        snprintf(run->old_command, sizeof run->old_command, "%s",
                 json_string_value(json_object_get(old_doc, "command"))
                     ? json_string_value(json_object_get(old_doc, "command"))
                     : "");
        json_t *c = json_object_get(old_doc, "cost");
        run->old_cost = json_is_number(c) ? json_number_value(c) : NAN;
        const char *gf = json_string_value(
            json_object_get(json_object_get(old_doc, "graph"), "file"));
        ecs_diag inner;
        rc = ecs_problem_load(&run->m, gf, REPLAN_BASE_LIMIT_S, &run->pb, &inner);
        run->have_pb = rc == ECS_OK;
        if (rc != ECS_OK && strstr(inner.msg, "--start") != NULL)
            rc = ecs_diag_set(diag, ECS_EINVAL, inner.file[0] ? inner.file : NULL,
                              0, "the new prices do not cover the plan from its "
                              "first slot (%s): %s",
                              run->m.price_opt.start, inner.msg);
        else if (rc != ECS_OK)
            *diag = inner;
    }
    if (rc == ECS_OK)
        rc = ecs_document_read(doc_path, lim, run->pb.g, &run->m.platform,
                               &run->old, NULL, diag);
    if (rc == ECS_OK)
        rc = ecs_replan_now_parse(now, run->pb.prices.first_utc,
                                  run->pb.prices.slot_minutes,
                                  run->m.price_opt.utc_offset_minutes,
                                  &run->now_asked, diag);
    if (rc == ECS_OK)
        rc = ecs_replan(&run->pb.inst, run->old, run->now_asked, prm,
                        &run->res, diag);
    if (rc == ECS_OK) {
        ecs_zone z;
        ecs_zone_of(&run->m, &run->pb.prices, &z);
        ecs_fmt_clock(&z, &run->pb.prices, run->res.now, 1, run->now_time,
                      sizeof run->now_time);
        ecs_check_report rep;
        ecs_check_schedule(&run->pb.inst, run->res.schedule, &rep, NULL);
        ecs_doc_info head;
        ecs_problem_doc_info(&run->pb, &run->m, "replan", &head);
        head.check = &rep;
        head.schedule = run->res.schedule;
        head.status = run->res.optimal ? "optimal" : "feasible";
        head.runtime_s = ecs_clock_now() - t0;
        json_t *keys = json_object();
        json_object_set_new(keys, "replan", replan_json(run, doc_path, old_doc, prm));
        json_t *params = json_pack("{s:f,s:s,s:f,s:f,s:I,s:f}",
                                   "makespan_limit_s", REPLAN_BASE_LIMIT_S, "method",
                                   ecs_replan_method_name(prm->method),
                                   "time_limit_s", prm->time_limit_s,
                                   "local_share", prm->local_share, "seed",
                                   (json_int_t)prm->seed, "gap", prm->mip_gap);
        run->doc = ecs_document_problem(&head, keys, params,
                                        REPLAN_BASE_LIMIT_S, t0, c0);
        if (run->doc == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                              "out of memory (or the price file cannot be "
                              "read again)");
    }
    json_decref(old_doc);
    ecs_doc_model_release(&dm);
    return rc;
}

ecs_result ecs_replan_check(const json_t *doc, const char *path,
                            const ecs_graph *g, const ecs_platform *p,
                            const ecs_schedule *s, long *now, size_t *fixed,
                            ecs_diag *diag)
{
    *now = -1;
    *fixed = 0;
    const json_t *rp = json_object_get(doc, "replan");
    if (rp == NULL)
        return ECS_OK;
    const json_t *jn = json_object_get(rp, "now");
    const json_t *tasks = json_object_get(json_object_get(rp, "old"), "tasks");
    if (!json_is_integer(jn) || json_integer_value(jn) < 0 ||
        !json_is_array(tasks))
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "\"replan\" has no whole \"now\" >= 0 or no "
                            "\"old\".\"tasks\"");
    long t = (long)json_integer_value(jn);
    ecs_schedule *old = NULL;
    ecs_diag inner;
    ecs_result rc = ecs_document_read_tasks(tasks, path, NULL, g, p, &old,
                                            &inner);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc == ECS_ENOMEM ? rc : ECS_EPARSE, path, 0,
                            "replan.old: %s", inner.msg);
    for (size_t i = 0; i < g->n && rc == ECS_OK; i++) {
        const ecs_sched_task *a = &old->task[i], *b = &s->task[i];
        if (a->pe < 0 || b->pe < 0)
            continue;
        if (a->start < t) {
            (*fixed)++;
            if (a->pe != b->pe || a->start != b->start || a->stop != b->stop ||
                memcmp(a->freq, b->freq, (size_t)(a->stop - a->start + 1)) != 0)
                rc = ecs_diag_set(diag, ECS_EVIOLATION, path, 0,
                                  "task %ld started before now (slot %ld) in "
                                  "the old plan (PE %d, slots %ld..%ld) and "
                                  "is not kept as it ran (PE %d, slots "
                                  "%ld..%ld, or its frequencies)",
                                  g->id[i], t, a->pe, a->start, a->stop,
                                  b->pe, b->start, b->stop);
        } else if (b->start < t) {
            rc = ecs_diag_set(diag, ECS_EVIOLATION, path, 0,
                              "task %ld starts in slot %ld, before now (slot "
                              "%ld), but had not started in the old plan",
                              g->id[i], b->start, t);
        }
    }
    ecs_schedule_free(old);
    *now = t;
    return rc;
}
