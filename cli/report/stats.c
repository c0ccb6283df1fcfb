/* ecsched report: the statistics.  Instances are (graph, pes, extension,
 * prices); an instance's optimum is proven when a line says so. */
#include "report/report.h"
#include "run/keyed.h"
#include "run/grow.h"

#include "report/sample.h"
#include "run/methods.h"
#include "run/rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct group {
    int table;          /* index into tables[] */
    int method;         /* tool_method, or TOOL_METHOD_COUNT for none/other */
    char mname[16];
    char setting[256];  /* the row's values of the varying settings */
    char cols[256];     /* the same, short, one per axis ('\x1f') */
    int by;             /* index into bys[] */
    char value[256];
    double num;         /* numeric value for ordering (NAN: by text) */
    tool_sample s;
} group;

static const char *const tables[] = {"cases", "instances", "ratio", "ratio_unproven",
                                     "gap", "ratio_undefined", "saving", "runtime",
                                     "kwh", "green_share"};
static const char *const bys[] = {"all", "status", "optimum", "pes", "extension",
                                  "prices", "bound"};
enum { T_CASES, T_INSTANCES, T_RATIO, T_UNPROVEN, T_GAP, T_UNDEFINED, T_SAVING,
       T_RUNTIME, T_KWH, T_GREEN };
enum { B_ALL, B_STATUS, B_OPTIMUM, B_PES, B_EXT, B_PRICES, B_BOUND };

typedef struct acc {
    group *g;
    size_t n, cap;
    const char *setting; /* of the row being added */
    const char *cols;
} acc;

static int add(acc *a, int table, const char *method, int by, const char *value,
               double num, double x)
{
    tool_method m = TOOL_METHOD_COUNT;
    if (method[0] && tool_method_parse(method, &m) != 0)
        m = TOOL_METHOD_COUNT;
    group *g = NULL;
    for (size_t k = 0; k < a->n && g == NULL; k++)
        if (a->g[k].table == table && a->g[k].by == by &&
            strcmp(a->g[k].mname, method) == 0 && strcmp(a->g[k].value, value) == 0 &&
            strcmp(a->g[k].setting, a->setting) == 0)
            g = &a->g[k];
    if (g == NULL) {
        if (tool_grow(&a->g, a->n, &a->cap, sizeof *a->g, 64) != 0)
            return -1;
        g = &a->g[a->n++];
        memset(g, 0, sizeof *g);
        g->table = table;
        g->method = (int)m;
        snprintf(g->mname, sizeof g->mname, "%s", method);
        snprintf(g->setting, sizeof g->setting, "%s", a->setting);
        snprintf(g->cols, sizeof g->cols, "%s", a->cols);
        g->by = by;
        snprintf(g->value, sizeof g->value, "%s", value);
        g->num = num;
    }
    return tool_sample_add(&g->s, x);
}

/* Numbers of a row, NAN when null or absent. */
static double num(const json_t *row, const char *key)
{
    json_t *v = json_object_get(row, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

static const char *str(const json_t *row, const char *key)
{
    json_t *v = json_object_get(row, key);
    return json_is_string(v) ? json_string_value(v) : "";
}

typedef struct inst {
    char *key;
    double optimum, bound;
    int milp_seen, infeasible;
} inst;


/* A row of a method that proves bounds: the MILP, or solve. */
static int is_solver(const char *m)
{
    return strcmp(m, "milp") == 0 || strcmp(m, "solve") == 0;
}

static void learn(inst *in, const json_t *row)
{
    double opt = num(row, "optimum"), bd = num(row, "bound");
    const char *m = str(row, "method");
    int milp = is_solver(m);
    /* solve's "optimal" is a proof only when no gap was allowed */
    int proof = strcmp(m, "milp") == 0 ||
                (strcmp(m, "solve") == 0 &&
                 num(json_object_get(row, "params"), "gap") == 0.0);
    if (proof && strcmp(str(row, "status"), "optimal") == 0 && isfinite(num(row, "cost")))
        opt = num(row, "cost");
    if (isfinite(opt))
        in->optimum = opt;
    if (isfinite(bd) && !(bd <= in->bound))
        in->bound = bd;
    in->milp_seen |= milp;
    in->infeasible |= milp && strcmp(str(row, "status"), "infeasible") == 0;
}

/* Instance index of every row (sorted by key), and what each one knows. */
static inst *instances(const tool_report_rows *rows, size_t *of, size_t *ninst)
{
    size_t n = rows->n ? rows->n : 1;
    inst *in = calloc(n, sizeof *in);
    tool_keyed *k = calloc(n, sizeof *k);
    int bad = in == NULL || k == NULL;
    for (size_t r = 0; !bad && r < rows->n; r++) {
        k[r] = (tool_keyed){tool_row_instance_key(rows->row[r]), r};
        bad = k[r].key == NULL;
    }
    if (!bad)
        tool_keyed_sort(k, rows->n);
    size_t ni = 0;
    for (size_t r = 0; !bad && r < rows->n; r++) {
        if (r == 0 || strcmp(k[r].key, k[r - 1].key) != 0)
            in[ni++] = (inst){NULL, NAN, NAN, 0, 0};
        of[k[r].at] = ni - 1;
        learn(&in[ni - 1], rows->row[k[r].at]);
    }
    tool_keyed_free(k, rows->n);
    if (bad) {
        free(in);
        return NULL;
    }
    *ninst = ni;
    return in;
}

/* The group values of a row for the by-P, by-E, by-prices breakdowns. */
/* ---- settings: what differs between rows besides graph, P, E, prices ---- */

/* The leaves of v under prefix into out {path: canonical value}; arrays
 * and scalars are leaves. */
static int flatten(json_t *out, const char *prefix, const json_t *v)
{
    if (json_is_object(v)) {
        const char *key;
        json_t *x;
        json_object_foreach((json_t *)v, key, x)
        {
            char path[256];
            snprintf(path, sizeof path, "%s.%s", prefix, key);
            if (flatten(out, path, x) != 0)
                return -1;
        }
        return 0;
    }
    char *c = tool_json_canonical(v);
    int bad = c == NULL || json_object_set_new(out, prefix, json_string(c)) != 0;
    free(c);
    return bad ? -1 : 0;
}

/* The settings of a row: version ("none" in rows of old versions), model
 * and params, flattened. */
static json_t *row_settings(const json_t *row)
{
    json_t *out = json_object();
    json_t *ver = json_object_get(row, "version");
    json_t *none = json_string("none");
    int bad = out == NULL || none == NULL ||
              flatten(out, "version", json_is_string(ver) ? ver : none) != 0 ||
              flatten(out, "model", json_object_get(row, "model")) != 0 ||
              flatten(out, "params", json_object_get(row, "params")) != 0;
    json_decref(none);
    if (bad) {
        json_decref(out);
        return NULL;
    }
    return out;
}

/* An axis' column name: "prices" for the price file, "prices_hash" for
 * its hash (hidden: it follows the file), else the path's last part. */
static void axis_name(const char *path, char *name, size_t n, int *hidden)
{
    *hidden = 0;
    if (strcmp(path, "model.price_source.spec") == 0) {
        snprintf(name, n, "prices");
        return;
    }
    if (strcmp(path, "model.price_source.file_hash") == 0) {
        snprintf(name, n, "prices_hash");
        *hidden = 1;
        return;
    }
    const char *dot = strrchr(path, '.');
    snprintf(name, n, "%s", dot ? dot + 1 : path);
}

/* A value for a column: without quotes, a path's base name. */
static void short_value(const char *path, const char *val, char *buf, size_t n)
{
    size_t vl = strlen(val);
    int quoted = vl >= 2 && val[0] == '"' && val[vl - 1] == '"';
    char v[256];
    snprintf(v, sizeof v, "%.*s", (int)(quoted ? vl - 2 : vl), val + quoted);
    const char *s = v;
    if (strcmp(path, "model.price_source.spec") == 0 && strrchr(v, '/'))
        s = strrchr(v, '/') + 1;
    snprintf(buf, n, "%s", s);
}

/* The paths with more than one value over the rows (sorted), and per row
 * its label "name=value ..." over them and its short values, one per axis
 * separated by '\x1f' (both malloc). */
static int settings(const tool_report_rows *rows, tool_report *out, char **label,
                    char **cols)
{
    json_t *values = json_object(); /* path -> {value: true} */
    json_t **each = calloc(rows->n ? rows->n : 1, sizeof *each);
    int bad = values == NULL || each == NULL;
    for (size_t r = 0; !bad && r < rows->n; r++) {
        each[r] = row_settings(rows->row[r]);
        bad = each[r] == NULL;
        const char *path;
        json_t *v;
        json_object_foreach(bad ? NULL : each[r], path, v)
        {
            json_t *set = json_object_get(values, path);
            if (set == NULL) {
                set = json_object();
                bad = set == NULL || json_object_set_new(values, path, set) != 0;
            }
            bad = bad || json_object_set_new(set, json_string_value(v), json_true()) != 0;
        }
    }
    const char *path;
    json_t *set;
    json_object_foreach(bad ? NULL : values, path, set)
    {
        if (json_object_size(set) < 2 || out->naxes == TOOL_REPORT_MAX_AXES)
            continue;
        snprintf(out->axis[out->naxes++], sizeof out->axis[0], "%s", path);
    }
    for (size_t i = 1; i < out->naxes; i++) /* insertion sort: few axes */
        for (size_t k = i; k > 0 && strcmp(out->axis[k - 1], out->axis[k]) > 0; k--) {
            char t[sizeof out->axis[0]];
            memcpy(t, out->axis[k], sizeof t);
            memcpy(out->axis[k], out->axis[k - 1], sizeof t);
            memcpy(out->axis[k - 1], t, sizeof t);
        }
    int spec = 0;
    for (size_t k = 0; k < out->naxes; k++) {
        axis_name(out->axis[k], out->axis_name[k], sizeof out->axis_name[k],
                  &out->axis_hidden[k]);
        spec |= strcmp(out->axis[k], "model.price_source.spec") == 0;
    }
    for (size_t k = 0; k < out->naxes && !spec; k++)
        out->axis_hidden[k] = 0; /* one file whose content changed: shown */
    for (size_t r = 0; !bad && r < rows->n; r++) {
        char buf[256] = "";
        size_t len = 0;
        for (size_t k = 0; k < out->naxes && len < sizeof buf; k++) {
            json_t *v = json_object_get(each[r], out->axis[k]);
            if (v == NULL)
                continue;
            const char *name = strchr(out->axis[k], '.');
            name = name ? name + 1 : out->axis[k];
            const char *val = json_string_value(v);
            size_t vl = strlen(val);
            int quoted = vl >= 2 && val[0] == '"' && val[vl - 1] == '"';
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%.*s",
                                    len ? " " : "", name,
                                    (int)(quoted ? vl - 2 : vl), val + quoted);
        }
        char cb[256] = "";
        size_t cl = 0;
        for (size_t k = 0; k < out->naxes && cl < sizeof cb; k++) {
            json_t *v = json_object_get(each[r], out->axis[k]);
            char sv[256] = "-";
            if (v != NULL)
                short_value(out->axis[k], json_string_value(v), sv, sizeof sv);
            cl += (size_t)snprintf(cb + cl, sizeof cb - cl, "%s%s",
                                   k ? "\x1f" : "", sv);
        }
        label[r] = strdup(buf);
        cols[r] = strdup(cb);
        bad = label[r] == NULL || cols[r] == NULL;
    }
    for (size_t r = 0; each != NULL && r < rows->n; r++)
        json_decref(each[r]);
    free(each);
    json_decref(values);
    return bad ? -1 : 0;
}

/* A price file by its base name (the directory lives in --json's
 * settings); built-in names as they are.  Files of the same name in
 * different directories differ in the price_source setting, so groups
 * never mix them. */
static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s != NULL && s[1] != '\0' ? s + 1 : path;
}

static int add_breakdown(acc *a, int table, const json_t *row, double x)
{
    const char *m = str(row, "method");
    char pes[32], ext[32];
    snprintf(pes, sizeof pes, "%.0f", num(row, "pes"));
    snprintf(ext, sizeof ext, "%.12g", num(row, "extension"));
    return add(a, table, m, B_ALL, "", NAN, x) ||
           add(a, table, m, B_PES, pes, num(row, "pes"), x) ||
           add(a, table, m, B_EXT, ext, num(row, "extension"), x) ||
           add(a, table, m, B_PRICES, base_name(str(row, "prices")), NAN, x);
}

static int per_row(acc *a, const json_t *row, const inst *in)
{
    const char *m = str(row, "method");
    double cost = num(row, "cost"), base = num(row, "base_cost");
    int heur = strcmp(m, "milp") != 0;
    if (add(a, T_CASES, m, B_STATUS, str(row, "status"), NAN, 1))
        return -1;
    const char *st = str(row, "status");
    int failed = strcmp(st, "error") == 0 || strcmp(st, "crashed") == 0 ||
                 strcmp(st, "timeout") == 0;
    /* solver time: the method's, plus the base search it started from */
    double t = num(row, "runtime_s"), tb = num(row, "base_runtime_s");
    if (strcmp(m, "base") != 0 && isfinite(tb))
        t += tb;
    if (!failed && isfinite(t) && add(a, T_RUNTIME, m, B_ALL, "", NAN, t))
        return -1;
    if (!isfinite(cost))
        return 0;
    /* an extended platform's energy (rows with energy_split only) */
    const json_t *es = json_object_get(row, "energy_split");
    double kwh = num(es, "kwh"), share = num(es, "green_share");
    if (isfinite(kwh) && add(a, T_KWH, m, B_ALL, "", NAN, kwh))
        return -1;
    if (isfinite(share) && add(a, T_GREEN, m, B_ALL, "", NAN, share))
        return -1;
    if (strcmp(m, "base") != 0 && isfinite(base) && base > 0 &&
        add_breakdown(a, T_SAVING, row, (base - cost) / base))
        return -1;
    /* a solver's own gap to its bound where no optimum is proven */
    double gap = num(row, "gap");
    if (is_solver(m) && !isfinite(in->optimum) && isfinite(gap) &&
        add_breakdown(a, T_GAP, row, gap))
        return -1;
    if (!heur)
        return 0;
    if (isfinite(in->optimum)) {
        if (in->optimum > 0)
            return add_breakdown(a, T_RATIO, row, cost / in->optimum);
        return add(a, T_UNDEFINED, m, B_OPTIMUM, "<= 0", NAN, 1);
    }
    if (isfinite(in->bound) && in->bound > 0)
        return add_breakdown(a, T_UNPROVEN, row, cost / in->bound);
    return add(a, T_UNPROVEN, m, B_BOUND, "none", NAN, NAN);
}

static int cmp_group(const void *a, const void *b)
{
    const group *x = a, *y = b;
    if (x->table != y->table)
        return x->table - y->table;
    if (x->method != y->method)
        return x->method - y->method;
    int c = strcmp(x->mname, y->mname);
    if (c != 0)
        return c;
    c = strcmp(x->setting, y->setting);
    if (c != 0)
        return c;
    if (x->by != y->by)
        return x->by - y->by;
    if (isfinite(x->num) && isfinite(y->num) && x->num != y->num)
        return (x->num > y->num) - (x->num < y->num);
    return strcmp(x->value, y->value);
}

static void stat_of(group *g, tool_report_stat *s)
{
    memset(s, 0, sizeof *s);
    s->table = tables[g->table];
    snprintf(s->method, sizeof s->method, "%s", g->mname);
    snprintf(s->setting, sizeof s->setting, "%s", g->setting);
    snprintf(s->cols, sizeof s->cols, "%s", g->cols);
    snprintf(s->by, sizeof s->by, "%s", bys[g->by]);
    snprintf(s->value, sizeof s->value, "%s", g->value);
    s->n = g->s.n;
    s->mean = s->median = s->max = s->total = NAN;
    int counts = g->table == T_CASES || g->table == T_INSTANCES ||
                 g->table == T_UNDEFINED || g->by == B_BOUND;
    if (counts || g->s.n == 0)
        return;
    s->mean = tool_sample_mean(&g->s);
    s->median = tool_sample_median(&g->s);
    s->max = tool_sample_max(&g->s);
    if (g->table == T_RUNTIME)
        s->total = tool_sample_sum(&g->s);
}

static int add_instances(acc *a, const inst *in, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const char *what = isfinite(in[k].optimum) ? "proven"
                           : in[k].infeasible       ? "infeasible"
                           : in[k].milp_seen        ? "not_proven"
                                                    : "no_milp";
        if (add(a, T_INSTANCES, "", B_OPTIMUM, what, NAN, 1))
            return -1;
    }
    return 0;
}

ecs_result tool_report_compute(const tool_report_rows *rows, tool_report *out,
                              ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    acc a = {NULL, 0, 0, "", ""};
    size_t ninst = 0;
    size_t *of = malloc((rows->n ? rows->n : 1) * sizeof *of);
    char **label = calloc(rows->n ? rows->n : 1, sizeof *label);
    char **cols = calloc(rows->n ? rows->n : 1, sizeof *cols);
    inst *in = of && label && cols ? instances(rows, of, &ninst) : NULL;
    int bad = in == NULL || settings(rows, out, label, cols) != 0 ||
              add_instances(&a, in, ninst) != 0;
    for (size_t r = 0; !bad && r < rows->n; r++) {
        a.setting = label[r];
        a.cols = cols[r];
        bad = per_row(&a, rows->row[r], &in[of[r]]) != 0;
    }
    for (size_t r = 0; label != NULL && r < rows->n; r++)
        free(label[r]);
    for (size_t r = 0; cols != NULL && r < rows->n; r++)
        free(cols[r]);
    free(label);
    free(cols);
    if (!bad && a.n > 0) {
        qsort(a.g, a.n, sizeof *a.g, cmp_group);
        out->stat = calloc(a.n, sizeof *out->stat);
        bad = out->stat == NULL;
        for (size_t k = 0; !bad && k < a.n; k++)
            stat_of(&a.g[k], &out->stat[out->n++]);
    }
    for (size_t k = 0; k < a.n; k++)
        tool_sample_release(&a.g[k].s);
    free(a.g);
    free(in);
    free(of);
    if (bad) {
        tool_report_release(out);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    return ECS_OK;
}

void tool_report_release(tool_report *r)
{
    if (r == NULL)
        return;
    free(r->stat);
    memset(r, 0, sizeof *r);
}
