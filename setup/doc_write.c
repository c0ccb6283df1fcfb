/* The JSON schedule document: writing (docs/reference.md "JSON schedule"). */
#include "ecsched/document.h"
#include "ecsched/platform_file.h"
#include "ecsched/problem.h"
#include "ecsched/units.h"
#include "ecsched/version.h"

#include "ecsched/text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

static json_t *graph_obj(const ecs_doc_info *in)
{
    json_t *g = json_object();
    ecs_graph_stats st;
    ecs_graph_stats_compute(in->raw, &st);
    if (g == NULL ||
        set(g, "file", ecs_json_text(in->graph_file ? in->graph_file : "")) ||
        set(g, "tasks", json_integer((json_int_t)st.tasks)) ||
        set(g, "edges", json_integer((json_int_t)st.edges))) {
        json_decref(g);
        return NULL;
    }
    return g;
}

static json_t *freqs_arr(const ecs_platform *p)
{
    json_t *a = json_array();
    for (size_t k = 0; a && k < p->nfreq; k++)
        if (json_array_append_new(a, ecs_json_num(p->freq[k])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* UTC start of slot 0 as ISO 8601, null for the synthetic built-ins. */
static json_t *first_slot_utc(const ecs_slot_prices *sp)
{
    if (sp->first_utc == 0)
        return json_null();
    char buf[64];
    ecs_prices_time_format(sp->first_utc, buf, sizeof buf);
    return json_string(buf);
}

static json_t *prices_obj(const ecs_slot_prices *sp)
{
    json_t *o = json_object(), *per = json_array();
    if (o == NULL || per == NULL) {
        json_decref(o);
        json_decref(per);
        return NULL;
    }
    for (size_t l = 0; l < sp->n; l++)
        if (json_array_append_new(per, ecs_json_num(sp->price[l])) != 0) {
            json_decref(o);
            json_decref(per);
            return NULL;
        }
    if (set(o, "source", ecs_json_text(sp->source)) ||
        set(o, "slot_minutes", json_integer(sp->slot_minutes)) ||
        set(o, "repeated", json_boolean(sp->repeated)) ||
        set(o, "normalized_by", ecs_json_num(sp->normalized_by)) ||
        set(o, "unit", ecs_json_text(sp->unit)) ||
        set(o, "cycle", json_integer((json_int_t)sp->cycle)) ||
        set(o, "first_slot_utc", first_slot_utc(sp)) ||
        set(o, "per_slot", per)) {
        json_decref(o);
        return NULL;
    }
    if (sp->slot_len == NULL)
        return o;
    /* slots of different lengths: each slot's minutes */
    json_t *len = json_array();
    for (size_t l = 0; len != NULL && l < sp->n; l++)
        if (json_array_append_new(len, json_integer((json_int_t)sp->slot_len[l] *
                                                    sp->slot_minutes)) != 0) {
            json_decref(len);
            len = NULL;
        }
    if (set(o, "per_slot_minutes", len)) {
        json_decref(o);
        return NULL;
    }
    return o;
}

int ecs_document_money(const ecs_slot_prices *sp, double cost, double *money,
                  char *unit, size_t size)
{
    size_t n = sp ? strlen(sp->unit) : 0;
    if (n <= 4 || strcmp(sp->unit + n - 4, "/MWh") != 0 || !isfinite(cost))
        return 0;
    *money = cost * sp->normalized_by * (double)sp->slot_minutes / 60.0;
    snprintf(unit, size, "%.*s", (int)(n - 4), sp->unit);
    return 1;
}

json_t *ecs_document_new(const ecs_doc_info *in)
{
    json_t *d = json_object();
    if (d == NULL)
        return NULL;
    const ecs_check_report *c = in->check;
    int bad = set(d, "tool", json_string("ecsched")) ||
              set(d, "version", json_string(ECS_VERSION)) ||
              set(d, "command", json_string(in->command)) ||
              set(d, "graph", graph_obj(in)) ||
              set(d, "pes", json_integer(in->platform->pes)) ||
              set(d, "freqs", freqs_arr(in->platform)) ||
              set(d, "power", json_string(in->platform->power_text)) ||
              set(d, "prices", in->prices ? prices_obj(in->prices)
                                          : json_null()) ||
              set(d, "deadline", in->deadline > 0
                                     ? json_integer(in->deadline)
                                     : json_null()) ||
              /* no schedule (infeasible, nothing found): null, not 0 */
              set(d, "makespan", c ? json_integer(c->makespan) : json_null()) ||
              set(d, "meets_deadline", c ? json_boolean(c->meets_deadline)
                                         : json_null()) ||
              set(d, "cost", c ? ecs_json_num(c->cost) : json_null());
    ecs_energy e;
    memset(&e, 0, sizeof e);
    if (c != NULL && in->model != NULL && in->schedule != NULL)
        ecs_energy_of_problem(in->problem, in->model, in->schedule, c->cost, &e);
    if (!bad)
        bad = set(d, "cost_money", e.has_money ? ecs_json_num(e.money) : json_null()) ||
              set(d, "money_unit", e.has_money ? json_string(e.currency) : json_null());
    if (!bad)
        bad = ecs_document_add_units(d, in);
    if (!bad && in->problem != NULL && in->problem->ext.on && in->model != NULL)
        bad = set(d, "platform", ecs_plat_json(in->model)) ||
              set(d, "energy_split",
                  c != NULL && in->schedule != NULL
                      ? ecs_ext_split_json(&in->problem->inst,
                                            &in->problem->ext, in->prices, in->schedule)
                      : json_null()) ||
              set(d, "sites_per_slot",
                  ecs_ext_slots_json(&in->problem->inst,
                                      &in->problem->ext, in->schedule));
    if (!bad && in->has_base_cost)
        bad = set(d, "base_cost", ecs_json_num(in->base_cost));
    if (!bad)
        bad = set(d, "status", json_string(in->status ? in->status : "")) ||
              set(d, "runtime_s",
                  ecs_json_num(round(in->runtime_s * 1e6) / 1e6));
    if (bad) {
        json_decref(d);
        return NULL;
    }
    return d;
}

int ecs_document_add_tasks(json_t *doc, const ecs_graph *g, const ecs_platform *p,
                      const ecs_schedule *s)
{
    json_t *tasks = json_array();
    if (tasks == NULL)
        return -1;
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (g->work[i] == 0 || t->pe < 0)
            continue;
        json_t *o = json_object(), *f = json_array();
        int bad = o == NULL || f == NULL;
        for (long l = t->start; !bad && l <= t->stop; l++) {
            unsigned char k = t->freq[l - t->start];
            bad = json_array_append_new(
                      f, ecs_json_num(k < p->nfreq ? p->freq[k] : NAN)) != 0;
        }
        if (!bad) {
            bad = set(o, "id", json_integer(g->id[i])) ||
                  set(o, "work", json_integer(g->work[i])) ||
                  set(o, "pe", json_integer(t->pe)) ||
                  set(o, "start", json_integer(t->start)) ||
                  set(o, "stop", json_integer(t->stop));
            if (bad)
                json_decref(f);
            else
                bad = set(o, "freqs", f);
        } else {
            json_decref(f);
        }
        if (bad || json_array_append_new(tasks, o) != 0) {
            if (bad)
                json_decref(o);
            json_decref(tasks);
            return -1;
        }
    }
    return set(doc, "tasks", tasks);
}

json_t *ecs_document_problem(const ecs_doc_info *head, json_t *keys,
                             json_t *params, double makespan_limit_s,
                             double t0, double c0)
{
    const ecs_problem *pb = head->problem;
    json_t *d = ecs_document_new(head);
    int bad = d == NULL || pb == NULL || head->model == NULL;
    const char *k;
    json_t *v;
    if (!bad && keys != NULL)
        json_object_foreach(keys, k, v) {
            if (json_object_set(d, k, v) != 0) {
                bad = 1;
                break;
            }
        }
    json_decref(keys);
    if (bad) {
        json_decref(params);
        json_decref(d);
        return NULL;
    }
    if (ecs_document_add_record(d, pb, head->model, params, makespan_limit_s,
                                t0, c0) != 0 ||
        (head->schedule != NULL
             ? ecs_document_add_tasks(d, pb->g, head->platform, head->schedule)
             : json_object_set_new(d, "tasks", json_array())) != 0) {
        json_decref(d);
        return NULL;
    }
    return d;
}

/* A JSON object from text (NULL text: NULL, no error). */
static ecs_result object_of(const char *text, const char *what, json_t **out,
                            ecs_diag *diag)
{
    *out = NULL;
    if (text == NULL)
        return ECS_OK;
    json_error_t err;
    json_t *o = json_loads(text, JSON_REJECT_DUPLICATES, &err);
    if (o == NULL || !json_is_object(o)) {
        json_decref(o);
        return ecs_diag_set(diag, ECS_EPARSE, NULL, 0,
                            "%s: not a JSON object%s%s", what,
                            o == NULL ? ": " : "", o == NULL ? err.text : "");
    }
    *out = o;
    return ECS_OK;
}

ecs_result ecs_document_problem_text(const ecs_problem *pb,
                                     const ecs_setup *m,
                                     const ecs_doc_request *rq, char **text,
                                     ecs_diag *diag)
{
    *text = NULL;
    ecs_check_report rep;
    memset(&rep, 0, sizeof rep);
    if (rq->schedule != NULL &&
        ecs_check_schedule(&pb->inst, rq->schedule, &rep, NULL) != ECS_OK)
        return ecs_diag_set(diag, ECS_EVIOLATION, NULL, 0,
                            "the schedule breaks the model: %s", rep.msg);
    json_t *keys, *params;
    ecs_result rc = object_of(rq->keys_json, "the method's keys", &keys, diag);
    if (rc != ECS_OK)
        return rc;
    rc = object_of(rq->params_json, "params", &params, diag);
    if (rc != ECS_OK) {
        json_decref(keys);
        return rc;
    }
    ecs_doc_info head;
    ecs_problem_doc_info(pb, m, rq->command, &head);
    head.check = rq->schedule != NULL ? &rep : NULL;
    head.status = rq->status;
    head.runtime_s = rq->runtime_s;
    head.schedule = rq->schedule;
    json_t *d = ecs_document_problem(&head, keys, params, rq->makespan_limit_s,
                                     rq->t0, rq->c0);
    if (d != NULL && rq->advice) {
        ecs_makespan_advice adv;
        ecs_diag ad;
        if (ecs_problem_advice(pb, m->platform.pes, &adv, &ad) == ECS_OK &&
            json_object_set_new(d, "advice",
                                ecs_advice_json(&adv, &pb->prices)) != 0) {
            json_decref(d);
            d = NULL;
        }
    }
    *text = d != NULL ? ecs_document_text(d) : NULL;
    json_decref(d);
    if (*text == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    return ECS_OK;
}
