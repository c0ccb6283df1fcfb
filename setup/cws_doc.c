/* CaWoSched's problem from its files and its document (ecsched/cws_doc.h). */
#include "ecsched/cws_doc.h"

#include "ecsched/document.h"
#include "ecsched/graphio.h"
#include "ecsched/remap.h"
#include "ecsched/version.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the instance ---- */


void ecs_cws_files_release(ecs_cws_files *in)
{
    ecs_cws_problem_free(in->p);
    ecs_cws_setup_free(in->setup);
    ecs_cws_mapping_free(in->map);
    ecs_graph_free(in->g);
    memset(in, 0, sizeof *in);
}

ecs_result ecs_cws_files_load(const ecs_setup *m, const char *graph_path,
                            ecs_cws_files *in, ecs_diag *d)
{
    memset(in, 0, sizeof *in);
    ecs_graph_read_params gp;
    ecs_graph_read_params_init(&gp);
    gp.format = m->format;
    ecs_result rc;
    if ((rc = ecs_graph_read_file(graph_path, &gp, &in->g, d)) != ECS_OK ||
        (m->mapping_path != NULL &&
         (rc = ecs_cws_mapping_read_file(m->mapping_path, &in->map, d)) != ECS_OK) ||
        (rc = ecs_cws_setup_read_file(m->cws_setup_path, &in->setup, d)) != ECS_OK)
        return rc;
    if ((long long)in->g->n > m->limits.max_tasks)
        return ecs_diag_set(d, ECS_ELIMIT, graph_path, 0,
                            "%zu tasks, above --max-tasks %lld", in->g->n,
                            (long long)m->limits.max_tasks);
    if (in->map == NULL)
        return ECS_OK; /* --remap without a start: the search builds it */
    rc = ecs_cws_problem_build(in->g, in->map, in->setup, &in->p, d);
    if (rc != ECS_OK && d->file[0] == '\0') {
        /* name the inputs the problem comes from */
        char msg[ECS_DIAG_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", d->msg);
        ecs_diag_set(d, rc, NULL, 0, "%s (graph %s, mapping %s, setup %s)",
                     msg, graph_path, m->mapping_path, m->cws_setup_path);
    }
    return rc;
}

/* ---- the document ---- */


static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

static json_t *long_array(const long *v, size_t n)
{
    json_t *a = json_array();
    for (size_t k = 0; a != NULL && k < n; k++)
        if (json_array_append_new(a, json_integer(v[k])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* Each processor's task ids in order (the mapping as CaWoSched reads it). */
static json_t *order_lists(const ecs_cws_mapping *map)
{
    json_t *a = json_array();
    for (size_t k = 0; a != NULL && k < map->nprocs; k++)
        if (json_array_append_new(a, long_array(map->task + map->off[k],
                                                map->off[k + 1] - map->off[k])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

json_t *ecs_cws_amount(long long v, long scale)
{
    if (v < 0)
        return json_null();
    if (scale <= 1)
        return json_integer(v);
    return ecs_json_num((double)v / (double)scale);
}

const double *ecs_cws_remap_freqs(const ecs_setup *m, size_t *n)
{
    *n = 0;
    if (!m->remap || !m->freqs_given ||
        (m->platform.nfreq == 1 && m->platform.freq[0] == 1.0))
        return NULL;
    *n = m->platform.nfreq;
    return m->platform.freq;
}

/* "frequencies": the set --remap chose from, or null (one speed). */
static json_t *freqs_json(const ecs_setup *m)
{
    size_t n;
    const double *f = ecs_cws_remap_freqs(m, &n);
    if (f == NULL)
        return json_null();
    json_t *a = json_array();
    for (size_t k = 0; a != NULL && k < n; k++)
        if (json_array_append_new(a, ecs_json_num(f[k])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* "remap": the search's figures (remap.h), or null. */
static json_t *remap_json(const ecs_remap_stats *x, long scale)
{
    if (x == NULL)
        return json_null();
    json_t *o = json_object();
    if (o == NULL ||
        set(o, "best_start", json_string(x->best_start)) ||
        set(o, "given_cost", ecs_cws_amount(x->given_cost, scale)) ||
        set(o, "list_cost", ecs_cws_amount(x->list_cost, scale)) ||
        set(o, "relax_cost", ecs_cws_amount(x->relax_cost, scale)) ||
        set(o, "list_makespan", x->list_makespan >= 0 ? json_integer(x->list_makespan) : json_null()) ||
        set(o, "evaluations", json_integer(x->evals)) ||
        set(o, "accepted", json_integer(x->accepted)) ||
        set(o, "rejected", json_integer(x->rejected)) ||
        set(o, "seconds", ecs_json_num(round(x->seconds * 1e6) / 1e6))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

double ecs_cws_gap(long long cost, long long bound)
{
    if (bound < 0)
        return NAN;
    return cost > 0 ? (double)(cost - bound) / (double)cost : 0.0;
}

static json_t *sched_arrays(const ecs_cws_problem *p, const long *start,
                            json_t **transfers)
{
    json_t *tasks = json_array(), *tr = json_array();
    int bad = tasks == NULL || tr == NULL;
    size_t P = p->nprocs;
    for (size_t i = 0; !bad && i < p->n; i++) {
        json_t *o = json_object();
        bad = o == NULL;
        if (!bad && i < p->ncomp)
            bad = set(o, "id", json_integer(p->graph_id[i])) ||
                  set(o, "pe", json_integer((json_int_t)p->proc[i])) ||
                  (p->freq != NULL && set(o, "freq", ecs_json_num(p->freq[i])));
        else if (!bad) {
            /* link a -> b is P + a(P-1) + b - [b > a] */
            size_t l = p->proc[i] - P, a = l / (P - 1), b = l % (P - 1);
            if (b >= a)
                b++;
            bad = set(o, "from", json_integer(p->graph_id[p->edge_from[i]])) ||
                  set(o, "to", json_integer(p->graph_id[p->edge_to[i]])) ||
                  set(o, "pe", json_integer((json_int_t)p->proc[i])) ||
                  set(o, "link_from", json_integer((json_int_t)a)) ||
                  set(o, "link_to", json_integer((json_int_t)b));
        }
        if (!bad)
            bad = set(o, "start", json_integer(start[i])) ||
                  set(o, "end", json_integer(start[i] + p->dur[i])) ||
                  set(o, "duration", json_integer(p->dur[i]));
        if (bad)
            json_decref(o);
        else
            bad = json_array_append_new(i < p->ncomp ? tasks : tr, o) != 0;
    }
    if (bad) {
        json_decref(tasks);
        json_decref(tr);
        return NULL;
    }
    *transfers = tr;
    return tasks;
}

json_t *ecs_cws_document(const ecs_cws_run *r)
{
    const ecs_cws_problem *p = r->in->p;
    const ecs_cws_setup *s = r->in->setup;
    json_t *d = json_object(), *g = json_object(), *mp = json_object(),
           *su = json_object();
    int bad = d == NULL || g == NULL || mp == NULL || su == NULL;
    if (!bad)
        bad = set(g, "file", ecs_json_text(r->graph_path)) ||
              set(g, "tasks", json_integer((json_int_t)r->in->g->n)) ||
              set(g, "edges", json_integer((json_int_t)r->in->g->nedges)) ||
              set(mp, "file", r->m->mapping_path ? ecs_json_text(r->m->mapping_path) : json_null()) ||
              set(mp, "processors", json_integer((json_int_t)p->nprocs)) ||
              set(mp, "chosen", json_boolean(r->remap != NULL)) ||
              set(mp, "out", r->m->mapping_out_path ? ecs_json_text(r->m->mapping_out_path) : json_null()) ||
              set(mp, "order", order_lists(r->in->map)) ||
              set(su, "file", ecs_json_text(r->m->cws_setup_path)) ||
              set(su, "deadline", json_integer(s->deadline)) ||
              set(su, "brown_cost", json_integer(s->brown_cost)) ||
              set(su, "idle_power", json_integer(p->base)) ||
              set(su, "budget", long_array(s->budget, s->nintervals)) ||
              set(su, "bounds", long_array(s->bound, s->nintervals + 1));
    else {
        json_decref(g);
        json_decref(mp);
        json_decref(su);
        g = mp = su = NULL;
    }
    int has = r->start != NULL;
    if (!bad)
        bad = set(d, "tool", json_string("ecsched")) ||
              set(d, "version", json_string(ECS_VERSION)) ||
              set(d, "command", json_string(r->cmd)) ||
              set(d, "problem", json_string("cawosched")) ||
              set(d, "method", json_string(r->method)) ||
              set(d, "graph", g) || set(d, "mapping", mp) || set(d, "setup", su) ||
              set(d, "transfers_count", json_integer((json_int_t)(p->n - p->ncomp))) ||
              set(d, "deadline", json_integer(p->deadline)) ||
              set(d, "status", json_string(r->status)) ||
              set(d, "valid", has ? json_boolean(r->ev.valid) : json_null()) ||
              set(d, "violation", r->violation ? ecs_json_text(r->violation) : json_null()) ||
              set(d, "frequencies", r->remap != NULL ? freqs_json(r->m) : json_null()) ||
              set(d, "cost", has ? ecs_cws_amount(r->ev.cost, p->scale) : json_null()) ||
              set(d, "brown_energy", has ? ecs_cws_amount(r->ev.brown, p->scale) : json_null()) ||
              set(d, "energy", has ? ecs_cws_amount(r->ev.energy, p->scale) : json_null()) ||
              set(d, "makespan", has ? json_integer(r->ev.makespan) : json_null()) ||
              set(d, "meets_deadline", has ? json_boolean(r->ev.makespan <= p->deadline) : json_null()) ||
              set(d, "bound", ecs_cws_amount(r->bound, p->scale)) ||
              set(d, "bound_method", r->bound >= 0 ? json_string(r->bound_method) : json_null()) ||
              set(d, "gap", has && r->bound >= 0 ? ecs_json_num(ecs_cws_gap(r->ev.cost, r->bound)) : json_null()) ||
              set(d, "found_by", r->found_by ? json_string(r->found_by) : json_null()) ||
              set(d, "start_cost", ecs_cws_amount(r->start_cost, p->scale));
    if (!bad) {
        json_t *mo = json_null();
        if (r->milp_ran) {
            ecs_json_kv kv[] = {
                {"optimal", json_boolean(r->milp_optimal)},
                {"cost", json_integer(r->milp_cost)},
                {"bound", json_integer(r->milp_bound)},
                {"seconds", ecs_json_num(round(r->milp_s * 1e6) / 1e6)},
                {"columns", json_integer((json_int_t)r->milp_cols)},
                {"rows", json_integer((json_int_t)r->milp_rows)},
            };
            mo = ecs_json_object_kv(kv, sizeof kv / sizeof *kv);
        }
        bad = set(d, "milp", mo) || set(d, "remap", remap_json(r->remap, p->scale)) ||
              set(d, "milp_note", r->milp_note ? json_string(r->milp_note) : json_null()) ||
              set(d, "runtime_s", ecs_json_num(round(r->runtime_s * 1e6) / 1e6));
    }
    if (!bad && has) {
        json_t *tr = NULL, *ta = sched_arrays(p, r->start, &tr);
        bad = ta == NULL || set(d, "tasks", ta) || set(d, "transfers", tr);
    } else if (!bad)
        bad = set(d, "tasks", json_array()) || set(d, "transfers", json_array());
    if (bad) {
        json_decref(d);
        return NULL;
    }
    return d;
}

char *ecs_cws_document_text(const ecs_cws_run *r)
{
    json_t *d = ecs_cws_document(r);
    char *t = d != NULL ? ecs_document_text(d) : NULL;
    json_decref(d);
    return t;
}

/* ---- a schedule's starts: our document or CaWoSched's starts file ---- */

typedef struct id_key {
    long a, b;
    size_t i;
} id_key;

static int key_cmp(const void *x, const void *y)
{
    const id_key *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return 0;
}

static int get_long(const json_t *o, const char *key, long *v)
{
    const json_t *x = json_object_get(o, key);
    if (!json_is_integer(x))
        return -1;
    *v = (long)json_integer_value(x);
    return 0;
}

/* Starts from our document's "tasks" and "transfers". */
static ecs_result doc_starts(const ecs_cws_problem *p, const json_t *doc,
                             const char *name, long *start, ecs_diag *d)
{
    const json_t *ta = json_object_get(doc, "tasks"),
                 *tr = json_object_get(doc, "transfers");
    if (!json_is_array(ta) || !json_is_array(tr))
        return ecs_diag_set(d, ECS_EPARSE, name, 0,
                            "not a CaWoSched schedule document: needs "
                            "arrays \"tasks\" and \"transfers\"");
    size_t nc = p->ncomp, nt = p->n - p->ncomp;
    id_key *kc = malloc((nc ? nc : 1) * sizeof *kc),
           *kt = malloc((nt ? nt : 1) * sizeof *kt);
    unsigned char *seen = calloc(p->n ? p->n : 1, 1);
    ecs_result rc = ECS_OK;
    if (kc == NULL || kt == NULL || seen == NULL) {
        rc = ecs_diag_set(d, ECS_ENOMEM, NULL, 0, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < nc; i++)
        kc[i] = (id_key){p->graph_id[i], 0, i};
    for (size_t k = 0; k < nt; k++)
        kt[k] = (id_key){p->graph_id[p->edge_from[nc + k]],
                         p->graph_id[p->edge_to[nc + k]], nc + k};
    qsort(kc, nc, sizeof *kc, key_cmp);
    qsort(kt, nt, sizeof *kt, key_cmp);
    for (int pass = 0; pass < 2 && rc == ECS_OK; pass++) {
        const json_t *arr = pass ? tr : ta;
        const char *an = pass ? "transfers" : "tasks";
        for (size_t k = 0; k < json_array_size(arr); k++) {
            const json_t *o = json_array_get(arr, k);
            id_key key = {0, 0, 0};
            long s, pe;
            int ok = pass ? get_long(o, "from", &key.a) == 0 &&
                                get_long(o, "to", &key.b) == 0
                          : get_long(o, "id", &key.a) == 0;
            if (!ok || get_long(o, "start", &s) != 0 || get_long(o, "pe", &pe) != 0) {
                rc = ecs_diag_set(d, ECS_EPARSE, name, 0,
                                  "%s[%zu]: needs whole numbers %s, pe and start",
                                  an, k, pass ? "from, to" : "id");
                break;
            }
            const id_key *hit = bsearch(&key, pass ? kt : kc, pass ? nt : nc,
                                        sizeof key, key_cmp);
            if (hit == NULL) {
                rc = pass ? ecs_diag_set(d, ECS_EPARSE, name, 0,
                                         "transfers[%zu]: no transfer %ld->%ld "
                                         "under this mapping", k, key.a, key.b)
                          : ecs_diag_set(d, ECS_EPARSE, name, 0,
                                         "tasks[%zu]: no task %ld in the graph",
                                         k, key.a);
                break;
            }
            char nm[128];
            ecs_cws_task_name(p, hit->i, nm, sizeof nm);
            if (seen[hit->i]) {
                rc = ecs_diag_set(d, ECS_EPARSE, name, 0, "%s[%zu]: %s given twice",
                                  an, k, nm);
                break;
            }
            if (pe < 0 || (size_t)pe != p->proc[hit->i]) {
                rc = ecs_diag_set(d, ECS_EPARSE, name, 0,
                                  "%s[%zu]: %s on pe %ld, but the mapping puts "
                                  "it on %zu", an, k, nm, pe, p->proc[hit->i]);
                break;
            }
            seen[hit->i] = 1;
            start[hit->i] = s;
        }
    }
    for (size_t i = 0; rc == ECS_OK && i < p->n; i++)
        if (!seen[i]) {
            char nm[128];
            ecs_cws_task_name(p, i, nm, sizeof nm);
            rc = ecs_diag_set(d, ECS_EPARSE, name, 0, "%s has no start", nm);
        }
out:
    free(kc);
    free(kt);
    free(seen);
    return rc;
}

ecs_result ecs_cws_starts_read_any(const ecs_cws_problem *p, const char *buf,
                                   size_t len, const char *name, long *start,
                                   ecs_diag *d)
{
    size_t k = 0;
    while (k < len && strchr(" \t\r\n", buf[k]) != NULL)
        k++;
    if (k < len && buf[k] == '{') {
        json_error_t je;
        json_t *doc = json_loadb(buf, len, 0, &je);
        if (doc == NULL)
            return ecs_diag_set(d, ECS_EPARSE, name, je.line, "%s", je.text);
        ecs_result rc = doc_starts(p, doc, name, start, d);
        json_decref(doc);
        return rc;
    }
    long long theirs;
    return ecs_cws_starts_read_buffer(p, buf, len, name, start, &theirs, d);
}
