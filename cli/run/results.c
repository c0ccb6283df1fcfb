/* Batch result rows: accessors and proven optima. */
#include "run/results.h"

#include "run/rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tool_row_str(const json_t *r, const char *key)
{
    json_t *v = json_object_get(r, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

int tool_row_num(const json_t *r, const char *key, double *out)
{
    json_t *v = json_object_get(r, key);
    if (!json_is_number(v))
        return 0;
    *out = json_number_value(v);
    return isfinite(*out);
}

int tool_row_ok(const json_t *r)
{
    if (!json_is_object(r))
        return 0;
    json_t *e = json_object_get(r, "error");
    return e == NULL || json_is_null(e);
}

int tool_row_is_heuristic(const char *method)
{
    return method && strcmp(method, "base") != 0 &&
           strcmp(method, "milp") != 0;
}

typedef struct opt_entry {
    char *key;
    double cost;
} opt_entry;

struct tool_optima {
    opt_entry *e;
    size_t n;
};

static int cmp_opt(const void *a, const void *b)
{
    return strcmp(((const opt_entry *)a)->key, ((const opt_entry *)b)->key);
}

tool_optima *tool_optima_new(json_t *const *rows, size_t n)
{
    tool_optima *o = calloc(1, sizeof *o);
    if (o == NULL)
        return NULL;
    o->e = malloc((n ? n : 1) * sizeof *o->e);
    if (o->e == NULL) {
        free(o);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const char *m = tool_row_str(rows[i], "method");
        const char *st = tool_row_str(rows[i], "status");
        double c;
        if (m && strcmp(m, "milp") == 0) { /* NAN: not proven */
            int proven = tool_row_ok(rows[i]) && st &&
                         strcmp(st, "optimal") == 0 &&
                         tool_row_num(rows[i], "cost", &c);
            o->e[o->n].key = tool_row_instance_key(rows[i]);
            if (o->e[o->n].key == NULL) {
                tool_optima_free(o);
                return NULL;
            }
            o->e[o->n++].cost = proven ? c : NAN;
        }
    }
    qsort(o->e, o->n, sizeof *o->e, cmp_opt);
    return o;
}

void tool_optima_free(tool_optima *o)
{
    if (o == NULL)
        return;
    for (size_t k = 0; k < o->n; k++)
        free(o->e[k].key);
    free(o->e);
    free(o);
}

int tool_optima_find(const tool_optima *o, const json_t *r, double *opt)
{
    if (tool_row_num(r, "optimum", opt) && *opt > 0)
        return 1;
    if (o == NULL || o->n == 0)
        return -1;
    opt_entry k = {tool_row_instance_key(r), 0};
    if (k.key == NULL)
        return -1;
    const opt_entry *hit = bsearch(&k, o->e, o->n, sizeof *o->e, cmp_opt);
    if (hit == NULL) {
        free(k.key);
        return -1;
    }
    /* several milp rows of one case: any proven one */
    while (hit > o->e && strcmp(hit[-1].key, k.key) == 0)
        hit--;
    int found = 0;
    for (; !found && hit < o->e + o->n && strcmp(hit->key, k.key) == 0; hit++)
        if (hit->cost > 0) {
            *opt = hit->cost;
            found = 1;
        }
    free(k.key);
    return found;
}
