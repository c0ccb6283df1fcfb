/* The JSON schedule document: writing (docs/reference.md "JSON schedule"). */
#include "run/cli.h"
#include "setup/units.h"

#include "ecsched/text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

json_t *tool_json_text(const char *s)
{
    json_t *j = json_string(s);
    if (j != NULL || s == NULL)
        return j;
    char *esc = ecs_utf8_escape(s);
    j = esc ? json_string(esc) : NULL;
    free(esc);
    return j;
}

json_t *tool_json_num(double v)
{
    if (!isfinite(v))
        return json_null();
    if (v == 0.0)
        v = 0.0; /* no "-0.0" */
    return json_real(v);
}

json_t *tool_json_object_kv(tool_json_kv *kv, size_t n)
{
    json_t *o = json_object();
    int bad = o == NULL;
    for (size_t k = 0; k < n; k++) {
        if (bad) {
            json_decref(kv[k].v);
            continue;
        }
        /* json_object_set_new steals the value even when it fails */
        bad = kv[k].v == NULL || json_object_set_new(o, kv[k].key, kv[k].v) != 0;
    }
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

static json_t *graph_obj(const tool_doc_info *in)
{
    json_t *g = json_object();
    ecs_graph_stats st;
    ecs_graph_stats_compute(in->raw, &st);
    if (g == NULL ||
        set(g, "file", tool_json_text(in->graph_file ? in->graph_file : "")) ||
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
        if (json_array_append_new(a, tool_json_num(p->freq[k])) != 0) {
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
        if (json_array_append_new(per, tool_json_num(sp->price[l])) != 0) {
            json_decref(o);
            json_decref(per);
            return NULL;
        }
    if (set(o, "source", tool_json_text(sp->source)) ||
        set(o, "slot_minutes", json_integer(sp->slot_minutes)) ||
        set(o, "repeated", json_boolean(sp->repeated)) ||
        set(o, "normalized_by", tool_json_num(sp->normalized_by)) ||
        set(o, "unit", tool_json_text(sp->unit)) ||
        set(o, "cycle", json_integer((json_int_t)sp->cycle)) ||
        set(o, "first_slot_utc", first_slot_utc(sp)) ||
        set(o, "per_slot", per)) {
        json_decref(o);
        return NULL;
    }
    return o;
}

int tool_doc_money(const ecs_slot_prices *sp, double cost, double *money,
                  char *unit, size_t size)
{
    size_t n = sp ? strlen(sp->unit) : 0;
    if (n <= 4 || strcmp(sp->unit + n - 4, "/MWh") != 0 || !isfinite(cost))
        return 0;
    *money = cost * sp->normalized_by * (double)sp->slot_minutes / 60.0;
    snprintf(unit, size, "%.*s", (int)(n - 4), sp->unit);
    return 1;
}

json_t *tool_doc_new(const tool_doc_info *in)
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
              set(d, "cost", c ? tool_json_num(c->cost) : json_null());
    tool_energy e;
    memset(&e, 0, sizeof e);
    if (c != NULL && in->model != NULL && in->schedule != NULL)
        tool_energy_of_problem(in->problem, in->model, in->schedule, c->cost, &e);
    if (!bad)
        bad = set(d, "cost_money", e.has_money ? tool_json_num(e.money) : json_null()) ||
              set(d, "money_unit", e.has_money ? json_string(e.currency) : json_null());
    if (!bad)
        bad = tool_doc_add_units(d, in);
    if (!bad && in->problem != NULL && in->problem->ext.on && in->model != NULL)
        bad = set(d, "platform", tool_plat_json(in->model)) ||
              set(d, "energy_split",
                  c != NULL && in->schedule != NULL
                      ? tool_ext_split_json(TOOL_INSTANCE(in->problem, &in->model->platform),
                                            &in->problem->ext, in->prices, in->schedule)
                      : json_null()) ||
              set(d, "sites_per_slot",
                  tool_ext_slots_json(TOOL_INSTANCE(in->problem, &in->model->platform),
                                      &in->problem->ext, in->schedule));
    if (!bad && in->has_base_cost)
        bad = set(d, "base_cost", tool_json_num(in->base_cost));
    if (!bad)
        bad = set(d, "status", json_string(in->status ? in->status : "")) ||
              set(d, "runtime_s",
                  tool_json_num(round(in->runtime_s * 1e6) / 1e6));
    if (bad) {
        json_decref(d);
        return NULL;
    }
    return d;
}

int tool_doc_add_tasks(json_t *doc, const ecs_graph *g, const ecs_platform *p,
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
                      f, tool_json_num(k < p->nfreq ? p->freq[k] : NAN)) != 0;
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
