/* Result rows: the row, its writer, the case key, the JSON-lines reader
 * (cli/run/rows.h). */
#include "run/rows.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void tool_row_init(tool_row *row, const char *graph, long pes, double extension,
                  const char *prices, const char *method)
{
    memset(row, 0, sizeof *row);
    row->graph = graph;
    row->pes = pes;
    row->extension = extension;
    row->prices = prices;
    row->method = method;
    row->cost = row->base_cost = row->optimum = row->bound = row->gap = NAN;
    row->base_runtime_s = NAN;
    row->status = "error";
    row->tasks = row->makespan = row->deadline = row->base_makespan = -1;
    row->meets_deadline = row->base_makespan_optimal = -1;
}

void tool_row_release(tool_row *row)
{
    json_decref(row->model);
    json_decref(row->params);
    json_decref(row->context);
    json_decref(row->energy_split);
    row->model = row->params = row->context = row->energy_split = NULL;
}

static json_t *obj_or_null(json_t *v)
{
    return v != NULL ? json_incref(v) : json_null();
}

static json_t *num_or_null(double v)
{
    return isfinite(v) ? ecs_json_num(v) : json_null();
}

static json_t *long_or_null(long v)
{
    return v >= 0 ? json_integer(v) : json_null();
}

static json_t *bool_or_null(int v)
{
    return v >= 0 ? json_boolean(v) : json_null();
}

json_t *tool_row_json(const tool_row *r)
{
    ecs_json_kv kv[] = {
        {"tool", json_string("ecsched")},
        {"version", json_string(ECS_VERSION)},
        {"graph", json_string(r->graph)},
        {"tasks", long_or_null(r->tasks)},
        {"pes", json_integer(r->pes)},
        {"extension", ecs_json_num(r->extension)},
        {"prices", json_string(r->prices)},
        {"method", json_string(r->method)},
        {"model", obj_or_null(r->model)},
        {"params", obj_or_null(r->params)},
        {"status", json_string(r->status)},
        {"cost", num_or_null(r->cost)},
        {"base_cost", num_or_null(r->base_cost)},
        {"optimum", num_or_null(r->optimum)},
        {"bound", num_or_null(r->bound)},
        {"gap", num_or_null(r->gap)},
        {"bound_method", r->bound_method ? json_string(r->bound_method) : json_null()},
        {"found_by", r->found_by ? json_string(r->found_by) : json_null()},
        {"makespan", long_or_null(r->makespan)},
        {"deadline", long_or_null(r->deadline)},
        {"meets_deadline", bool_or_null(r->meets_deadline)},
        {"runtime_s", ecs_json_num(round(r->runtime_s * 1e6) / 1e6)},
        {"base_makespan", long_or_null(r->base_makespan)},
        {"base_status", r->base_status ? json_string(r->base_status) : json_null()},
        {"base_makespan_optimal", bool_or_null(r->base_makespan_optimal)},
        {"base_runtime_s", num_or_null(round(r->base_runtime_s * 1e6) / 1e6)},
        {"error", r->error ? json_string(r->error) : json_null()},
        {"energy_split", r->energy_split ? json_incref(r->energy_split) : NULL},
        {"context", obj_or_null(r->context)},
    };
    size_t n = sizeof kv / sizeof *kv;
    if (r->energy_split == NULL) { /* absent for the paper's platform */
        kv[n - 2] = kv[n - 1];
        n--;
    }
    return ecs_json_object_kv(kv, n);
}

char *tool_row_line(const tool_row *r)
{
    json_t *o = tool_row_json(r);
    char *line = ecs_json_dumps_line(o, JSON_COMPACT | JSON_PRESERVE_ORDER |
                                            JSON_REAL_PRECISION(12));
    json_decref(o);
    return line;
}

char *tool_json_canonical(const json_t *v)
{
    if (v == NULL)
        return strdup("null");
    return json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY |
                             JSON_REAL_PRECISION(12));
}

static char *make_key(const json_t *row, int with_method)
{
    json_t *g = json_object_get(row, "graph"), *p = json_object_get(row, "pes"),
           *e = json_object_get(row, "extension"), *r = json_object_get(row, "prices"),
           *m = json_object_get(row, "method");
    if (!json_is_string(g) || !json_is_integer(p) || !json_is_number(e) ||
        !json_is_string(r) || !json_is_string(m))
        return NULL;
    char *model = tool_json_canonical(json_object_get(row, "model"));
    char *params = with_method ? tool_json_canonical(json_object_get(row, "params"))
                               : strdup("");
    char *k = NULL;
    if (model != NULL && params != NULL) {
        const char *gs = json_string_value(g), *rs = json_string_value(r),
                   *ms = with_method ? json_string_value(m) : "";
        size_t n = strlen(gs) + strlen(rs) + strlen(ms) + strlen(model) +
                   strlen(params) + 80;
        k = malloc(n);
        if (k != NULL)
            snprintf(k, n, "%s\x1f%lld\x1f%.12g\x1f%s\x1f%s\x1f%s\x1f%s", gs,
                     (long long)json_integer_value(p), json_number_value(e), rs, ms,
                     model, params);
    }
    free(model);
    free(params);
    return k;
}

char *tool_row_key(const json_t *row)
{
    return make_key(row, 1);
}

char *tool_row_instance_key(const json_t *row)
{
    return make_key(row, 0);
}

size_t tool_rows_whole(const char *buf, size_t len)
{
    size_t whole = len;
    while (whole > 0 && buf[whole - 1] != '\n')
        whole--;
    if (whole < len) { /* a last line that lacks only its newline counts */
        json_t *row = json_loadb(buf + whole, len - whole, 0, NULL);
        char *key = json_is_object(row) ? tool_row_key(row) : NULL;
        json_decref(row);
        free(key);
        if (key != NULL)
            return len;
    }
    return whole;
}

static ecs_result push(tool_rows *out, json_t *row, const char *path,
                       ecs_diag *diag)
{
    /* capacity: the next power of two at or above n */
    size_t n = out->n;
    if (n == 0 || (n & (n - 1)) == 0) {
        size_t cap = n ? 2 * n : 1;
        json_t **rr = realloc(out->row, cap * sizeof *rr);
        if (rr == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
        out->row = rr;
    }
    out->row[out->n++] = row;
    return ECS_OK;
}

ecs_result tool_rows_parse(const char *buf, size_t len, const char *path,
                          tool_rows *out, ecs_diag *diag)
{
    size_t whole = tool_rows_whole(buf, len);
    out->partial += len > whole;
    long line = 0;
    for (size_t at = 0; at < whole;) {
        const char *nl = memchr(buf + at, '\n', whole - at);
        size_t end = nl != NULL ? (size_t)(nl - buf) : whole; /* a complete last row */
        line++;
        size_t blank = at;
        while (blank < end && strchr(" \t\r", buf[blank]) != NULL)
            blank++;
        if (blank < end) {
            json_error_t err;
            json_t *row = json_loadb(buf + at, end - at, 0, &err);
            char *key = json_is_object(row) ? tool_row_key(row) : NULL;
            if (key == NULL) {
                json_decref(row);
                return ecs_diag_set(diag, ECS_EPARSE, path, line,
                                    row ? "not a batch result line (graph, pes, "
                                          "extension, prices, method)"
                                        : "not JSON: %s",
                                    err.text);
            }
            free(key);
            ecs_result rc = push(out, row, path, diag);
            if (rc != ECS_OK) {
                json_decref(row);
                return rc;
            }
        }
        at = end + 1;
    }
    return ECS_OK;
}

ecs_result tool_rows_read(const char *path, int missing_ok, tool_rows *out,
                         ecs_diag *diag)
{
    if (missing_ok && access(path, F_OK) != 0 && errno == ENOENT)
        return ECS_OK;
    FILE *f = tool_fopen_read(path, diag); /* "is a directory" too */
    if (f == NULL)
        return ECS_EIO;
    size_t cap = 65536, len = 0;
    char *buf = malloc(cap);
    ecs_result rc = buf ? ECS_OK : ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    while (rc == ECS_OK) {
        if (len == cap) {
            char *nb = realloc(buf, 2 * cap);
            if (nb == NULL) {
                rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f))
                rc = ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read: %s",
                                  strerror(errno));
            break;
        }
    }
    fclose(f);
    if (rc == ECS_OK)
        rc = tool_rows_parse(buf, len, path, out, diag);
    free(buf);
    return rc;
}

void tool_rows_release(tool_rows *r)
{
    if (r == NULL)
        return;
    for (size_t k = 0; k < r->n; k++)
        json_decref(r->row[k]);
    free(r->row);
    memset(r, 0, sizeof *r);
}
