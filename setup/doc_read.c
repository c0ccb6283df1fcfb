/* The JSON schedule document: reading (validate, --base, plots). */
#include "ecsched/document.h"
#include "ecsched/record.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ecs_doc_model_release(ecs_doc_model *dm)
{
    if (dm == NULL)
        return;
    free(dm->price);
    dm->price = NULL;
    free(dm->slot_len);
    dm->slot_len = NULL;
    dm->nprice = 0;
}

/* ---- the type of every key (docs/reference.md "JSON schedule") ---- */

enum {
    T_STR = 1, T_INT = 2, T_REAL = 4, T_BOOL = 8, T_NULL = 16, T_ARR = 32,
    T_OBJ = 64,
    T_NUM = T_INT | T_REAL
};

typedef struct key_type {
    const char *key;
    int types;   /* T_* mask */
    long min;    /* integers: smallest value allowed */
    const char *what;
} key_type;

/* Keys of the document; others (a command's own, e.g. "gap") are free. */
static const key_type ROOT_KEYS[] = {
    {"tool", T_STR, 0, "a string"},
    {"version", T_STR, 0, "a string"},
    {"command", T_STR, 0, "a string"},
    {"graph", T_OBJ | T_NULL, 0, "an object"},
    {"pes", T_INT, 1, "a whole number >= 1"},
    {"freqs", T_ARR, 0, "an array of numbers"},
    {"power", T_STR, 0, "a string such as \"quadratic\" or \"static:0.3\""},
    {"prices", T_OBJ | T_NULL, 0, "an object"},
    {"deadline", T_INT | T_NULL, 1, "a whole number of slots >= 1, or null"},
    {"makespan", T_INT, 0, "a whole number >= 0"},
    {"meets_deadline", T_BOOL, 0, "true or false"},
    {"cost", T_NUM | T_NULL, 0, "a number or null"},
    {"base_cost", T_NUM | T_NULL, 0, "a number or null"},
    {"status", T_STR, 0, "a string"},
    {"runtime_s", T_NUM | T_NULL, 0, "a number or null"},
    {"tasks", T_ARR, 0, "an array of task objects"},
};

static const key_type GRAPH_KEYS[] = {
    {"file", T_STR, 0, "a string"},
    {"tasks", T_INT, 0, "a whole number >= 0"},
    {"edges", T_INT, 0, "a whole number >= 0"},
};

static const key_type PRICE_KEYS[] = {
    {"source", T_STR, 0, "a string"},
    {"slot_minutes", T_INT, 1, "a whole number >= 1"},
    {"repeated", T_BOOL, 0, "true or false"},
    {"normalized_by", T_NUM | T_NULL, 0, "a number or null"},
    {"unit", T_STR, 0, "a string"},
    {"cycle", T_INT, 0, "a whole number >= 0"},
    {"first_slot_utc", T_STR | T_NULL, 0, "a time string or null"},
    {"per_slot", T_ARR, 0, "an array of numbers"},
    {"per_slot_minutes", T_ARR, 0, "an array of whole numbers >= 1"},
};

static const key_type TASK_KEYS[] = {
    {"id", T_INT, LONG_MIN, "a whole number"},
    {"work", T_INT, 0, "a whole number >= 0"},
    {"pe", T_INT, 0, "a whole number >= 0"},
    {"start", T_INT, 0, "a whole number >= 0"},
    {"stop", T_INT, 0, "a whole number >= 0"},
    {"freqs", T_ARR | T_NULL, 0, "an array of numbers"},
};

static int type_of(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_STRING: return T_STR;
    case JSON_INTEGER: return T_INT;
    case JSON_REAL: return T_REAL;
    case JSON_TRUE:
    case JSON_FALSE: return T_BOOL;
    case JSON_NULL: return T_NULL;
    case JSON_ARRAY: return T_ARR;
    case JSON_OBJECT: return T_OBJ;
    }
    return 0;
}

/* Every key of table present in o has its type; prefix names the object
 * in the message ("", "prices.", "tasks[3].").  Numbers in arrays of
 * numbers are checked where the arrays are read. */
static ecs_result check_keys(const char *path, const json_t *o,
                             const key_type *table, size_t n,
                             const char *prefix, ecs_diag *diag)
{
    for (size_t k = 0; k < n; k++) {
        const json_t *v = json_object_get(o, table[k].key);
        if (v == NULL)
            continue;
        int t = type_of(v);
        int bad = (t & table[k].types) == 0;
        if (!bad && t == T_INT &&
            (json_integer_value(v) < (json_int_t)table[k].min ||
             json_integer_value(v) > (json_int_t)LONG_MAX ||
             json_integer_value(v) < (json_int_t)LONG_MIN))
            bad = 1;
        if (bad) {
            char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
            ecs_result rc = ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                         "\"%s%s\" must be %s, not %.60s",
                                         prefix, table[k].key, table[k].what,
                                         text ? text : "this");
            free(text);
            return rc;
        }
    }
    return ECS_OK;
}

#define CHECK_KEYS(path, o, table, prefix, diag)                             \
    check_keys(path, o, table, sizeof table / sizeof *table, prefix, diag)

/* s into buf (n bytes) if v is a string that fits; 0, else -1. */
static int copy_str(const json_t *v, char *buf, size_t n)
{
    if (!json_is_string(v) || json_string_length(v) >= n)
        return -1;
    snprintf(buf, n, "%s", json_string_value(v));
    return 0;
}

static double num_or(const json_t *v, double dflt)
{
    return json_is_number(v) ? json_number_value(v) : dflt;
}

/* The terms of a document made by a command: model.deadline_rule,
 * model.price_source, model.platform (ecs_plat_json). */
static ecs_result read_terms(const char *path, json_t *root, json_t *mo,
                             ecs_doc_model *dm, ecs_diag *diag)
{
    dm->has_model = 1;
    dm->plat_cap_kw = -1;
    copy_str(json_object_get(mo, "deadline_rule"), dm->deadline_rule,
             sizeof dm->deadline_rule);
    json_t *ps = json_object_get(mo, "price_source");
    ecs_price_options_init(&dm->price_opt);
    if (json_is_object(ps) &&
        copy_str(json_object_get(ps, "spec"), dm->price_spec,
                 sizeof dm->price_spec) == 0) {
        dm->has_price_source = 1;
        ecs_diag d;
        if (ecs_record_price_options_read(json_object_get(ps, "options"),
                                          &dm->price_opt, &d) != ECS_OK)
            return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                "model.price_source.options: %s", d.msg);
    }
    json_t *pl = json_object_get(mo, "platform");
    if (!json_is_object(pl))
        pl = json_object_get(root, "platform");
    if (!json_is_object(pl))
        return ECS_OK;
    dm->has_platform = 1;
    copy_str(json_object_get(pl, "file"), dm->plat_file, sizeof dm->plat_file);
    copy_str(json_object_get(pl, "hash"), dm->plat_hash, sizeof dm->plat_hash);
    json_t *sm = json_object_get(pl, "slot_minutes");
    if (json_is_integer(sm) && json_integer_value(sm) >= 1 &&
        json_integer_value(sm) <= 1440)
        dm->plat_slot_minutes = (int)json_integer_value(sm);
    json_t *cls = json_object_get(pl, "classes"), *sites = json_object_get(pl, "sites");
    dm->plat_nclass = json_is_array(cls) ? (int)json_array_size(cls) : 0;
    dm->plat_nsite = json_is_array(sites) ? (int)json_array_size(sites) : 0;
    json_t *c0 = json_array_get(cls, 0), *s0 = json_array_get(sites, 0);
    if (json_is_object(c0)) {
        json_t *cnt = json_object_get(c0, "count");
        if (json_is_integer(cnt) && json_integer_value(cnt) >= 1 &&
            json_integer_value(cnt) <= INT_MAX)
            dm->plat_count = (int)json_integer_value(cnt);
        dm->plat_watts = num_or(json_array_get(json_object_get(c0, "watts"), 0), 0);
        dm->plat_idle_watts = num_or(json_object_get(c0, "idle_watts"), 0);
    }
    size_t k;
    json_t *st;
    json_array_foreach(sites, k, st)
    {
        json_t *src = json_object_get(st, "sources");
        dm->plat_nsource += json_is_array(src) ? (int)json_array_size(src) : 0;
    }
    if (json_is_object(s0)) {
        dm->plat_cap_kw = num_or(json_object_get(s0, "power_cap_kw"), -1);
        json_t *cf = json_object_get(s0, "power_cap_file");
        dm->plat_cap_file = cf != NULL && !json_is_null(cf);
        json_t *u = json_array_get(json_object_get(s0, "sources"), 0);
        if (json_is_object(u)) {
            dm->plat_green_price = num_or(json_object_get(u, "price_per_mwh"), 0);
            json_t *vol = json_object_get(u, "volume");
            json_t *src = json_is_object(vol) ? json_object_get(vol, "source") : NULL;
            copy_str(json_is_object(src) ? json_object_get(src, "spec") : NULL,
                     dm->plat_green, sizeof dm->plat_green);
        }
    }
    return ECS_OK;
}

/* prices.per_slot_minutes: one length per price, each a multiple of
 * prices.slot_minutes, into dm->slot_len (in units of slot_minutes). */
static ecs_result read_lengths(const char *path, const json_t *pm,
                               ecs_doc_model *dm, ecs_diag *diag)
{
    if (json_array_size(pm) != dm->nprice)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "prices.per_slot_minutes has %zu lengths for %zu "
                            "prices", json_array_size(pm), dm->nprice);
    if (dm->slot_minutes < 1)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "prices.per_slot_minutes needs prices.slot_minutes");
    dm->slot_len = malloc(dm->nprice * sizeof *dm->slot_len);
    if (dm->slot_len == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    for (size_t l = 0; l < dm->nprice; l++) {
        json_t *x = json_array_get(pm, l);
        json_int_t v = json_is_integer(x) ? json_integer_value(x) : 0;
        if (v < 1 || v % dm->slot_minutes != 0 ||
            v / dm->slot_minutes > ECS_SLOT_LEN_MAX)
            return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                "prices.per_slot_minutes[%zu] is not a "
                                "multiple of prices.slot_minutes (%d) from 1 "
                                "to %d of them",
                                l, dm->slot_minutes, ECS_SLOT_LEN_MAX);
        dm->slot_len[l] = (int)(v / dm->slot_minutes);
    }
    return ECS_OK;
}

/* The offset of a clock time "2016-10-19T00:00+02:00" in minutes (0 for
 * "Z", null or anything else). */
static int zone_of(const json_t *v)
{
    const char *s = json_is_string(v) ? json_string_value(v) : "";
    size_t n = strlen(s);
    if (n < 6 || (s[n - 6] != '+' && s[n - 6] != '-') || s[n - 3] != ':')
        return 0;
    int h = atoi(s + n - 5), m = atoi(s + n - 2);
    return (s[n - 6] == '-' ? -1 : 1) * (h * 60 + m);
}

static ecs_result read_model(const char *path, json_t *root, ecs_doc_model *dm,
                             ecs_diag *diag)
{
    memset(dm, 0, sizeof *dm);
    dm->pes = -1;
    dm->deadline = -1;
    ecs_result rc = CHECK_KEYS(path, root, ROOT_KEYS, "", diag);
    if (rc != ECS_OK)
        return rc;
    json_t *g = json_object_get(root, "graph");
    if (json_is_object(g) &&
        (rc = CHECK_KEYS(path, g, GRAPH_KEYS, "graph.", diag)) != ECS_OK)
        return rc;
    if (json_is_object(g))
        copy_str(json_object_get(g, "file"), dm->graph_file,
                 sizeof dm->graph_file);
    dm->zone_minutes = zone_of(json_object_get(root, "start_time"));
    json_t *v = json_object_get(root, "pes");
    if (json_is_integer(v)) {
        if (json_integer_value(v) > INT_MAX)
            return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                "\"pes\" %" JSON_INTEGER_FORMAT
                                " is out of range (at most %d)",
                                json_integer_value(v), INT_MAX);
        dm->pes = (long)json_integer_value(v);
    }
    v = json_object_get(root, "deadline");
    if (json_is_integer(v))
        dm->deadline = (long)json_integer_value(v);
    v = json_object_get(root, "power");
    if (json_is_string(v)) {
        if (json_string_length(v) >= sizeof dm->power)
            return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                "\"power\" is too long");
        snprintf(dm->power, sizeof dm->power, "%s", json_string_value(v));
    }
    v = json_object_get(root, "freqs");
    if (json_is_array(v)) {
        size_t k;
        json_t *f;
        size_t len = 0;
        json_array_foreach(v, k, f)
        {
            if (!json_is_number(f))
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "freqs[%zu] is not a number", k);
            int w = snprintf(dm->freqs + len, sizeof dm->freqs - len, "%s%.9g",
                             k ? "," : "", json_number_value(f));
            if (w < 0 || (size_t)w >= sizeof dm->freqs - len)
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "freqs: list too long");
            len += (size_t)w;
        }
    }
    json_t *pr = json_object_get(root, "prices");
    if (json_is_object(pr) &&
        (rc = CHECK_KEYS(path, pr, PRICE_KEYS, "prices.", diag)) != ECS_OK)
        return rc;
    json_t *sm = json_is_object(pr) ? json_object_get(pr, "slot_minutes") : NULL;
    if (json_is_integer(sm) && json_integer_value(sm) >= 1 &&
        json_integer_value(sm) <= 1440)
        dm->slot_minutes = (int)json_integer_value(sm);
    json_t *fs = json_is_object(pr) ? json_object_get(pr, "first_slot_utc") : NULL;
    /* a time the loader reads, else none (the documents' other readers
     * never needed it) */
    if (json_is_string(fs) &&
        ecs_prices_time_parse(json_string_value(fs), 0, 0, &dm->first_slot_utc,
                              NULL) == ECS_OK)
        dm->has_first_slot = 1;
    /* the work unit the schedule was made with (docs/reference.md "JSON schedule") */
    json_t *mo = json_object_get(root, "model");
    json_t *wu = json_is_object(mo) ? json_object_get(mo, "work_unit_s") : NULL;
    if (json_is_number(wu) && json_number_value(wu) >= 1e-6 &&
        json_number_value(wu) <= 1e9)
        dm->work_unit_s = json_number_value(wu);
    if (json_is_object(mo) &&
        (rc = read_terms(path, root, mo, dm, diag)) != ECS_OK)
        return rc;
    /* CaWoSched's problem: what it was made with (its setup and mapping) */
    v = json_object_get(root, "problem");
    if (json_is_string(v))
        snprintf(dm->problem, sizeof dm->problem, "%s", json_string_value(v));
    const char *sub[2] = {"setup", "mapping"};
    char *dst[2] = {dm->setup_file, dm->mapping_file};
    for (int q = 0; q < 2; q++) {
        json_t *o = json_object_get(root, sub[q]);
        json_t *f = json_is_object(o) ? json_object_get(o, "file") : NULL;
        if (json_is_string(f))
            snprintf(dst[q], sizeof dm->setup_file, "%s", json_string_value(f));
    }
    json_t *per = json_is_object(pr) ? json_object_get(pr, "per_slot") : NULL;
    if (json_is_array(per) && json_array_size(per) > 0) {
        dm->nprice = json_array_size(per);
        dm->price = malloc(dm->nprice * sizeof *dm->price);
        if (dm->price == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
        for (size_t l = 0; l < dm->nprice; l++) {
            json_t *x = json_array_get(per, l);
            if (!json_is_number(x))
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "prices.per_slot[%zu] is not a number", l);
            dm->price[l] = json_number_value(x);
        }
        json_t *pm = json_object_get(pr, "per_slot_minutes");
        if (pm != NULL) {
            ecs_result lrc = read_lengths(path, pm, dm, diag);
            if (lrc != ECS_OK)
                return lrc;
        }
        json_t *src = json_object_get(pr, "source");
        if (json_is_string(src))
            snprintf(dm->price_source, sizeof dm->price_source, "%s",
                     json_string_value(src));
    }
    return ECS_OK;
}

static int get_int(json_t *o, const char *key, long *out)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v))
        return -1;
    *out = (long)json_integer_value(v);
    return 0;
}

static ecs_result read_task(const char *path, const ecs_limits *lim,
                            size_t k, json_t *t, const ecs_graph *g,
                            const ecs_platform *p, ecs_schedule *s,
                            ecs_diag *diag)
{
    long id, pe, start, stop, work;
    if (!json_is_object(t))
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] is not an object", k);
    char prefix[48];
    snprintf(prefix, sizeof prefix, "tasks[%zu].", k);
    ecs_result trc = CHECK_KEYS(path, t, TASK_KEYS, prefix, diag);
    if (trc != ECS_OK)
        return trc;
    if (get_int(t, "id", &id) != 0)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: \"id\" missing or not an integer", k);
    const char *miss = get_int(t, "pe", &pe) != 0        ? "pe"
                       : get_int(t, "start", &start) != 0 ? "start"
                       : get_int(t, "stop", &stop) != 0   ? "stop"
                                                          : NULL;
    if (miss)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] (task %ld): \"%s\" missing or not an integer",
                            k, id, miss);
    size_t i = ecs_graph_find(g, id);
    if (i == (size_t)-1)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: the graph has no task %ld with work", k,
                            id);
    if (s->task[i].pe >= 0)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: task %ld is listed twice", k, id);
    if (get_int(t, "work", &work) == 0 && work != g->work[i])
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: task %ld has work %ld here but %ld in the graph (another graph?)",
                            k, id, work, g->work[i]);
    if (pe < 0 || pe > INT_MAX || start < 0 || stop < start)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] (task %ld): pe %ld, slots %ld..%ld are not a valid placement",
                            k, id, pe, start, stop);
    char what[96];
    snprintf(what, sizeof what, "tasks[%zu] (task %ld, stop %ld)", k, id, stop);
    /* the slots up to stop: stop + 1, which LONG_MAX has not (found by
     * fuzzing: tests/fixtures/harden/stop_max.json) */
    long long need = stop < LONG_MAX ? (long long)stop + 1 : (long long)stop;
    ecs_result lrc = ecs_check_slots(lim, need, path, what, diag);
    if (lrc != ECS_OK)
        return lrc;
    size_t len = (size_t)(stop - start + 1);
    json_t *f = json_object_get(t, "freqs");
    unsigned char *idx = malloc(len);
    if (idx == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    if (f == NULL || json_is_null(f)) {
        memset(idx, 0, len); /* f = 1 in every slot */
    } else if (!json_is_array(f) || json_array_size(f) != len) {
        free(idx);
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] (task %ld): \"freqs\" must list %zu frequencies, one per slot %ld..%ld",
                            k, id, len, start, stop);
    } else {
        for (size_t l = 0; l < len; l++) {
            json_t *x = json_array_get(f, l);
            if (!json_is_number(x)) {
                free(idx);
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "tasks[%zu] (task %ld): freqs[%zu] is not a number",
                                    k, id, l);
            }
            int ki = ecs_platform_freq_index(p, json_number_value(x));
            idx[l] = ki < 0 ? (unsigned char)255 : (unsigned char)ki;
        }
    }
    ecs_result rc = ecs_schedule_place(s, i, (int)pe, start, stop, idx, 0);
    free(idx);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, path, 0, "tasks[%zu] (task %ld): %s", k,
                            id, ecs_strerror(rc));
    return ECS_OK;
}

ecs_result ecs_document_read_tasks(const json_t *tasks, const char *path,
                                   const ecs_limits *lim, const ecs_graph *g,
                                   const ecs_platform *p, ecs_schedule **out,
                                   ecs_diag *diag)
{
    *out = NULL;
    ecs_limits def;
    if (lim == NULL) {
        ecs_limits_init(&def);
        lim = &def;
    }
    if (!json_is_array(tasks))
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "\"tasks\" missing or not an array");
    ecs_schedule *s = ecs_schedule_new(g->n);
    if (s == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    size_t k;
    json_t *t;
    json_array_foreach(tasks, k, t)
    {
        ecs_result rc = read_task(path, lim, k, (json_t *)t, g, p, s, diag);
        if (rc != ECS_OK) {
            ecs_schedule_free(s);
            return rc;
        }
    }
    *out = s;
    return ECS_OK;
}

ecs_result ecs_document_read(const char *path, const ecs_limits *lim,
                        const ecs_graph *g, const ecs_platform *p,
                        ecs_schedule **out, ecs_doc_model *dm,
                        ecs_diag *diag)
{
    *out = NULL;
    ecs_limits def;
    if (lim == NULL) {
        ecs_limits_init(&def);
        lim = &def;
    }
    json_t *root = NULL;
    ecs_result rc = ecs_json_load(path, lim, &root, diag);
    if (rc != ECS_OK) {
        if (dm != NULL)
            memset(dm, 0, sizeof *dm);
        return rc;
    }
    ecs_doc_model local;
    ecs_doc_model *m = dm ? dm : &local;
    ecs_schedule *s = NULL;
    json_t *tasks = json_object_get(root, "tasks");
    if (!json_is_object(root)) {
        rc = ecs_diag_set(diag, ECS_EPARSE, path, 0,
                          "not a schedule document (expected an object)");
        memset(m, 0, sizeof *m);
        goto done;
    }
    rc = read_model(path, root, m, diag);
    if (rc != ECS_OK)
        goto done;
    rc = ecs_document_read_tasks(tasks, path, lim, g, p, &s, diag);
done:
    json_decref(root);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        ecs_doc_model_release(m);
        return rc;
    }
    if (dm == NULL)
        ecs_doc_model_release(&local);
    *out = s;
    return ECS_OK;
}

ecs_result ecs_document_read_model(const char *path, const ecs_limits *lim,
                              ecs_doc_model *dm, ecs_diag *diag)
{
    memset(dm, 0, sizeof *dm);
    json_t *root = NULL;
    ecs_result rc = ecs_json_load(path, lim, &root, diag);
    if (rc != ECS_OK)
        return rc;
    rc = json_is_object(root)
                        ? read_model(path, root, dm, diag)
                        : ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                       "not a schedule document (expected an object)");
    json_decref(root);
    if (rc != ECS_OK)
        ecs_doc_model_release(dm);
    return rc;
}

ecs_result ecs_document_pick_method(const json_t *doc, const char *file,
                                    const char *name, json_t **out,
                                    ecs_diag *diag)
{
    *out = NULL;
    json_t *methods = json_object_get(doc, "methods");
    if (!json_is_array(methods)) {
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "--method needs a compare document (with \"methods\")");
    }
    size_t i;
    json_t *m;
    json_array_foreach(methods, i, m)
    {
        json_t *n = json_object_get(m, "method");
        if (!json_is_string(n) || strcmp(json_string_value(n), name) != 0)
            continue;
        if (!json_is_array(json_object_get(m, "tasks"))) {
            const char *st = json_string_value(json_object_get(m, "status"));
            return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                                "method %s has no schedule (%s)", name,
                                st ? st : "no status");
        }
        json_t *d = json_deep_copy(doc);
        if (d == NULL || json_object_del(d, "methods") != 0 ||
            json_object_update(d, m) != 0 ||
            json_object_set_new(d, "command", json_string(name)) != 0) {
            json_decref(d);
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        }
        *out = d;
        return ECS_OK;
    }
    return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                        "no method '%s' in this compare document", name);
}

ecs_result ecs_doc_model_slot_offsets(const ecs_doc_model *dm, const char *path,
                                size_t n, long long **out, ecs_diag *diag)
{
    *out = NULL;
    if (dm->slot_minutes <= 0)
        return ecs_diag_set(diag, ECS_EINVAL, path, 0,
                            "the document gives no slot length "
                            "(prices.slot_minutes)");
    long long *b = malloc((n ? n : 1) * sizeof *b);
    if (b == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    for (size_t l = 0; l < n; l++)
        b[l] = (long long)l * dm->slot_minutes * 60;
    *out = b;
    return ECS_OK;
}
