/*
 * CaWoSched's setup and mapping files, its fixed-mapping problem with
 * communication tasks, and its validity and cost (cawosched.h;
 * docs/cawosched.md).  The rules follow CaWoSched's C++ code
 * (lib/multipleProcessors/multiple_processors.cpp): setup_communication_setting
 * for the transfers and their order, is_schedule_valid, get_cost_of_schedule.
 */
#include "ecsched/cawosched.h"

#include "ecsched/limits.h"
#include "ecsched/numparse.h"

#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE ((size_t)-1)

/* ---- lines and blank-separated numbers ---- */

typedef struct lines {
    const char *p, *end;
    long line; /* number of the line last returned */
} lines;

/* The next line into [*s, *e) without its end (LF or CRLF); 0 at the end. */
static int next_line(lines *L, const char **s, const char **e)
{
    if (L->p >= L->end)
        return 0;
    const char *q = memchr(L->p, '\n', (size_t)(L->end - L->p));
    const char *stop = q ? q : L->end;
    *s = L->p;
    *e = stop;
    if (*e > *s && (*e)[-1] == '\r')
        (*e)--;
    L->p = q ? q + 1 : L->end;
    L->line++;
    return 1;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static int line_empty(const char *s, const char *e)
{
    for (; s < e; s++)
        if (!is_blank(*s))
            return 0;
    return 1;
}

/* Count the blank-separated fields of [s, e). */
static size_t count_fields(const char *s, const char *e)
{
    size_t n = 0;
    while (s < e) {
        while (s < e && is_blank(*s))
            s++;
        if (s >= e)
            break;
        n++;
        while (s < e && !is_blank(*s))
            s++;
    }
    return n;
}

/* The next field of [*s, e) as a long in [lo, hi]; ECS_OK, or EPARSE with a
 * message naming what (e.g. "idle power 3"). */
static ecs_result next_long(const char **s, const char *e, long lo, long hi,
                            const char *file, long line, const char *what,
                            size_t k, long *out, ecs_diag *diag)
{
    const char *p = *s;
    while (p < e && is_blank(*p))
        p++;
    const char *q = p;
    while (q < e && !is_blank(*q))
        q++;
    *s = q;
    long v;
    ecs_result rc = ecs_parse_long_n(p, (size_t)(q - p), &v);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, ECS_EPARSE, file, line,
                            "%s %zu: '%.*s' is not a whole number", what, k,
                            (int)((q - p) > 40 ? 40 : (q - p)), p);
    if (v < lo || v > hi)
        return ecs_diag_set(diag, ECS_EPARSE, file, line,
                            "%s %zu: %ld is out of range %ld..%ld", what, k, v,
                            lo, hi);
    *out = v;
    return ECS_OK;
}

/* Read the fields of one line into a new array of count values. */
static ecs_result line_values(const char *s, const char *e, size_t count,
                              long lo, long hi, const char *file, long line,
                              const char *what, long **out, ecs_diag *diag)
{
    *out = malloc((count ? count : 1) * sizeof **out);
    if (!*out)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    for (size_t k = 0; k < count; k++) {
        ecs_result rc = next_long(&s, e, lo, hi, file, line, what, k, &(*out)[k], diag);
        if (rc != ECS_OK) {
            free(*out);
            *out = NULL;
            return rc;
        }
    }
    return ECS_OK;
}

/* ---- setup ---- */

void ecs_cws_setup_free(ecs_cws_setup *s)
{
    if (!s)
        return;
    free(s->idle);
    free(s->work);
    free(s->budget);
    free(s->bound);
    free(s);
}

static const char *const setup_line_name[7] = {
    "the deadline", "the number of intervals", "the idle powers",
    "the work powers", "the brown cost", "the green budgets",
    "the interval bounds"};

ecs_result ecs_cws_setup_read_buffer(const char *buf, size_t len,
                                     const char *name, ecs_cws_setup **out,
                                     ecs_diag *diag)
{
    *out = NULL;
    const char *file = name ? name : "(setup)";
    ecs_cws_setup *s = calloc(1, sizeof *s);
    if (!s)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    lines L = {buf, buf + len, 0};
    const char *ls[7], *le[7];
    long ln[7];
    ecs_result rc = ECS_OK;
    for (int k = 0; k < 7; k++) {
        if (!next_line(&L, &ls[k], &le[k])) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                              "the file ends before line %d (%s); a setup has 7 lines",
                              k + 1, setup_line_name[k]);
            goto fail;
        }
        ln[k] = L.line;
    }
    const char *xs, *xe;
    while (next_line(&L, &xs, &xe))
        if (!line_empty(xs, xe)) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                              "unexpected content after the 7 lines of a setup");
            goto fail;
        }
    /* lines 1, 2, 5: one number each */
    const int single[3] = {0, 1, 4};
    for (int j = 0; j < 3; j++) {
        int k = single[j];
        if (count_fields(ls[k], le[k]) != 1) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[k],
                              "%s: expected one number, found %zu fields",
                              setup_line_name[k], count_fields(ls[k], le[k]));
            goto fail;
        }
    }
    const char *p = ls[0];
    if ((rc = next_long(&p, le[0], 1, ECS_CWS_MAX_DEADLINE, file, ln[0],
                        "deadline", 0, &s->deadline, diag)) != ECS_OK)
        goto fail;
    long K;
    p = ls[1];
    if ((rc = next_long(&p, le[1], 1, s->deadline, file, ln[1],
                        "number of intervals", 0, &K, diag)) != ECS_OK)
        goto fail;
    s->nintervals = (size_t)K;
    size_t ni = count_fields(ls[2], le[2]), nw = count_fields(ls[3], le[3]);
    size_t P = 1;
    while (P * P < ni)
        P++;
    if (ni == 0 || P * P != ni || P > ECS_CWS_MAX_PROCS) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[2],
                          "%zu idle powers: expected P^2 (P compute processors "
                          "and P(P-1) links) with P in 1..%d",
                          ni, ECS_CWS_MAX_PROCS);
        goto fail;
    }
    if (nw != ni) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[3],
                          "%zu work powers for %zu idle powers; they must match",
                          nw, ni);
        goto fail;
    }
    s->nprocs = P;
    if ((rc = line_values(ls[2], le[2], ni, 0, ECS_CWS_MAX_POWER, file, ln[2],
                          "idle power", &s->idle, diag)) != ECS_OK ||
        (rc = line_values(ls[3], le[3], nw, 0, ECS_CWS_MAX_POWER, file, ln[3],
                          "work power", &s->work, diag)) != ECS_OK)
        goto fail;
    p = ls[4];
    if ((rc = next_long(&p, le[4], 0, ECS_CWS_MAX_COST, file, ln[4],
                        "brown cost", 0, &s->brown_cost, diag)) != ECS_OK)
        goto fail;
    size_t nb = count_fields(ls[5], le[5]);
    if (nb != s->nintervals) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[5],
                          "%zu green budgets for %zu intervals", nb,
                          s->nintervals);
        goto fail;
    }
    if ((rc = line_values(ls[5], le[5], nb, 0, ECS_CWS_MAX_BUDGET, file, ln[5],
                          "green budget", &s->budget, diag)) != ECS_OK)
        goto fail;
    size_t nbd = count_fields(ls[6], le[6]);
    if (nbd != s->nintervals + 1) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[6],
                          "%zu interval bounds for %zu intervals; expected %zu "
                          "(0, ..., the deadline)",
                          nbd, s->nintervals, s->nintervals + 1);
        goto fail;
    }
    if ((rc = line_values(ls[6], le[6], nbd, 0, s->deadline, file, ln[6],
                          "interval bound", &s->bound, diag)) != ECS_OK)
        goto fail;
    if (s->bound[0] != 0) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[6],
                          "the first interval bound is %ld; it must be 0",
                          s->bound[0]);
        goto fail;
    }
    for (size_t k = 1; k <= s->nintervals; k++)
        if (s->bound[k] <= s->bound[k - 1]) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[6],
                              "interval bound %zu (%ld) is not above bound %zu "
                              "(%ld); bounds must rise",
                              k, s->bound[k], k - 1, s->bound[k - 1]);
            goto fail;
        }
    if (s->bound[s->nintervals] != s->deadline) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, ln[6],
                          "the last interval bound is %ld; it must be the "
                          "deadline, %ld",
                          s->bound[s->nintervals], s->deadline);
        goto fail;
    }
    *out = s;
    return ECS_OK;
fail:
    ecs_cws_setup_free(s);
    return rc;
}

static ecs_result read_whole(const char *path, char **buf, size_t *len,
                             ecs_diag *diag)
{
    ecs_limits lim;
    ecs_limits_init(&lim);
    return ecs_read_file(path, lim.max_input_bytes, buf, len, diag);
}

ecs_result ecs_cws_setup_read_file(const char *path, ecs_cws_setup **out,
                                   ecs_diag *diag)
{
    *out = NULL;
    char *buf = NULL;
    size_t len = 0;
    ecs_result rc = read_whole(path, &buf, &len, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_cws_setup_read_buffer(buf, len, strcmp(path, "-") ? path : "(stdin)",
                                   out, diag);
    free(buf);
    return rc;
}

/* ---- mapping ---- */

void ecs_cws_mapping_free(ecs_cws_mapping *m)
{
    if (!m)
        return;
    free(m->off);
    free(m->task);
    free(m);
}

typedef struct id_pos {
    long id;
    size_t pos;
} id_pos;

static int cmp_id_pos(const void *a, const void *b)
{
    const id_pos *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* A repeated id in m->task: its id, or -1 when there is none. */
static long repeated_id(const ecs_cws_mapping *m, ecs_diag *diag,
                        const char *file, ecs_result *rc)
{
    *rc = ECS_OK;
    if (m->ntasks < 2)
        return -1;
    id_pos *a = malloc(m->ntasks * sizeof *a);
    if (!a) {
        *rc = ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < m->ntasks; i++)
        a[i] = (id_pos){m->task[i], i};
    qsort(a, m->ntasks, sizeof *a, cmp_id_pos);
    long rep = -1;
    for (size_t i = 1; i < m->ntasks && rep < 0; i++)
        if (a[i].id == a[i - 1].id)
            rep = a[i].id;
    free(a);
    return rep;
}

static ecs_result mapping_text(const char *buf, size_t len, const char *file,
                               ecs_cws_mapping *m, ecs_diag *diag)
{
    lines L = {buf, buf + len, 0};
    const char *s, *e;
    if (!next_line(&L, &s, &e) || count_fields(s, e) != 1)
        return ecs_diag_set(diag, ECS_EPARSE, file, 1,
                            "line 1 must hold the number of processors alone");
    long P;
    ecs_result rc = next_long(&s, e, 1, ECS_CWS_MAX_PROCS, file, 1,
                              "number of processors", 0, &P, diag);
    if (rc != ECS_OK)
        return rc;
    m->nprocs = (size_t)P;
    m->off = calloc((size_t)P + 1, sizeof *m->off);
    /* at most one id per two bytes of the rest */
    size_t cap = (size_t)(L.end - L.p) / 2 + 1;
    m->task = malloc(cap * sizeof *m->task);
    if (!m->off || !m->task)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    size_t k = 0;
    while (next_line(&L, &s, &e)) {
        if (k == (size_t)P) {
            if (!line_empty(s, e))
                return ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                                    "a task list for processor %zu, but the "
                                    "file declares %ld processors (0..%ld)",
                                    k, P, P - 1);
            continue;
        }
        size_t nf = count_fields(s, e);
        for (size_t j = 0; j < nf; j++) {
            long id;
            if ((rc = next_long(&s, e, 0, 1000000000000000L, file, L.line,
                                "task id", j, &id, diag)) != ECS_OK)
                return rc;
            m->task[m->ntasks++] = id;
        }
        m->off[++k] = m->ntasks;
    }
    for (; k < (size_t)P; k++)
        m->off[k + 1] = m->ntasks;
    long rep = repeated_id(m, diag, file, &rc);
    if (rc != ECS_OK)
        return rc;
    if (rep >= 0) {
        /* name the line of its second appearance */
        size_t seen = 0, proc = 0;
        for (size_t i = 0; i < m->ntasks; i++)
            if (m->task[i] == rep && ++seen == 2) {
                while (m->off[proc + 1] <= i)
                    proc++;
                break;
            }
        return ecs_diag_set(diag, ECS_EPARSE, file, (long)proc + 2,
                            "task %ld is mapped twice", rep);
    }
    return ECS_OK;
}

typedef struct map_entry {
    long id, pe, order;
    size_t idx;
} map_entry;

static int cmp_entry(const void *a, const void *b)
{
    const map_entry *x = a, *y = b;
    if (x->pe != y->pe)
        return x->pe < y->pe ? -1 : 1;
    if (x->order != y->order)
        return x->order < y->order ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static ecs_result json_whole(json_t *v, const char *file, const char *what,
                             size_t i, long lo, long hi, long *out,
                             ecs_diag *diag)
{
    if (!v)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "mapping[%zu]: key \"%s\" is missing", i, what);
    if (!json_is_integer(v))
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "mapping[%zu].%s must be a whole number", i, what);
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "mapping[%zu].%s = %lld is out of range %ld..%ld",
                            i, what, (long long)x, lo, hi);
    *out = (long)x;
    return ECS_OK;
}

static ecs_result mapping_json(const char *buf, size_t len, const char *file,
                               ecs_cws_mapping *m, ecs_diag *diag)
{
    json_error_t err;
    json_t *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &err);
    if (!root)
        return ecs_diag_set(diag, ECS_EPARSE, file, err.line,
                            "%s (column %d)", err.text, err.column);
    ecs_result rc = ECS_OK;
    map_entry *a = NULL;
    const char *key;
    json_t *val;
    json_object_foreach(root, key, val)
    {
        if (strcmp(key, "processors") && strcmp(key, "mapping") &&
            strcmp(key, "$schema") && strcmp(key, "comment")) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                              "unknown key \"%s\" (a mapping has "
                              "\"processors\" and \"mapping\")",
                              key);
            goto done;
        }
    }
    json_t *jp = json_object_get(root, "processors");
    json_t *jm = json_object_get(root, "mapping");
    if (!json_is_integer(jp) || json_integer_value(jp) < 1 ||
        json_integer_value(jp) > ECS_CWS_MAX_PROCS) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                          "\"processors\" must be a whole number in 1..%d",
                          ECS_CWS_MAX_PROCS);
        goto done;
    }
    if (!json_is_array(jm)) {
        rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                          "\"mapping\" must be an array of {id, pe, order}");
        goto done;
    }
    m->nprocs = (size_t)json_integer_value(jp);
    size_t n = json_array_size(jm);
    a = malloc((n ? n : 1) * sizeof *a);
    m->off = calloc(m->nprocs + 1, sizeof *m->off);
    m->task = malloc((n ? n : 1) * sizeof *m->task);
    if (!a || !m->off || !m->task) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *o = json_array_get(jm, i);
        if (!json_is_object(o)) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                              "mapping[%zu] must be an object {id, pe, order}", i);
            goto done;
        }
        json_object_foreach(o, key, val)
        {
            if (strcmp(key, "id") && strcmp(key, "pe") && strcmp(key, "order")) {
                rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                                  "mapping[%zu]: unknown key \"%s\"", i, key);
                goto done;
            }
        }
        a[i].idx = i;
        if ((rc = json_whole(json_object_get(o, "id"), file, "id", i, 0,
                             1000000000000000L, &a[i].id, diag)) != ECS_OK ||
            (rc = json_whole(json_object_get(o, "pe"), file, "pe", i, 0,
                             (long)m->nprocs - 1, &a[i].pe, diag)) != ECS_OK ||
            (rc = json_whole(json_object_get(o, "order"), file, "order", i,
                             -1000000000000000L, 1000000000000000L,
                             &a[i].order, diag)) != ECS_OK)
            goto done;
    }
    qsort(a, n, sizeof *a, cmp_entry);
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && a[i].pe == a[i - 1].pe && a[i].order == a[i - 1].order) {
            size_t x = a[i - 1].idx < a[i].idx ? a[i - 1].idx : a[i].idx;
            size_t y = a[i - 1].idx < a[i].idx ? a[i].idx : a[i - 1].idx;
            rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                              "mapping[%zu] and mapping[%zu] have the same pe "
                              "%ld and order %ld",
                              x, y, a[i].pe, a[i].order);
            goto done;
        }
        m->task[i] = a[i].id;
        m->off[a[i].pe + 1]++;
    }
    m->ntasks = n;
    for (size_t k = 0; k < m->nprocs; k++)
        m->off[k + 1] += m->off[k];
    long rep = repeated_id(m, diag, file, &rc);
    if (rc == ECS_OK && rep >= 0)
        rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                          "task %ld appears twice in \"mapping\"", rep);
done:
    free(a);
    json_decref(root);
    return rc;
}

ecs_result ecs_cws_mapping_read_buffer(const char *buf, size_t len,
                                       const char *name,
                                       ecs_cws_mapping **out, ecs_diag *diag)
{
    *out = NULL;
    const char *file = name ? name : "(mapping)";
    ecs_cws_mapping *m = calloc(1, sizeof *m);
    if (!m)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    size_t i = 0;
    while (i < len && (is_blank(buf[i]) || buf[i] == '\n'))
        i++;
    ecs_result rc = (i < len && buf[i] == '{')
                        ? mapping_json(buf, len, file, m, diag)
                        : mapping_text(buf, len, file, m, diag);
    if (rc != ECS_OK) {
        ecs_cws_mapping_free(m);
        return rc;
    }
    *out = m;
    return ECS_OK;
}

ecs_result ecs_cws_mapping_text(const ecs_cws_mapping *m, char **out,
                                ecs_diag *diag)
{
    /* an id has at most 20 characters and a blank or LF after it */
    size_t cap = 24 + 22 * m->ntasks + m->nprocs + 1, len = 0;
    char *b = malloc(cap);
    *out = NULL;
    if (b == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    len += (size_t)snprintf(b, cap, "%zu\n", m->nprocs);
    for (size_t k = 0; k < m->nprocs; k++) {
        for (size_t j = m->off[k]; j < m->off[k + 1]; j++)
            len += (size_t)snprintf(b + len, cap - len, "%s%ld",
                                    j > m->off[k] ? " " : "", m->task[j]);
        len += (size_t)snprintf(b + len, cap - len, "\n");
    }
    *out = b;
    return ECS_OK;
}

ecs_result ecs_cws_mapping_read_file(const char *path, ecs_cws_mapping **out,
                                     ecs_diag *diag)
{
    *out = NULL;
    char *buf = NULL;
    size_t len = 0;
    ecs_result rc = read_whole(path, &buf, &len, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_cws_mapping_read_buffer(buf, len,
                                     strcmp(path, "-") ? path : "(stdin)", out,
                                     diag);
    free(buf);
    return rc;
}

/* ---- the problem ---- */

void ecs_cws_problem_free(ecs_cws_problem *p)
{
    if (!p)
        return;
    free(p->dur);
    free(p->proc);
    free(p->power);
    free(p->edge_from);
    free(p->edge_to);
    free(p->succ_off);
    free(p->succ);
    free(p->pred_off);
    free(p->pred);
    free(p->topo);
    free(p->budget);
    free(p->bound);
    free(p->graph_id);
    free(p->freq);
    free(p);
}

/* CaWoSched's index of the link a -> b (a != b). */
static size_t link_index(size_t P, size_t a, size_t b)
{
    return P + a * (P - 1) + b - (b > a ? 1 : 0);
}

typedef struct arc {
    size_t from, to;
} arc;

typedef struct xfer {
    size_t task;        /* problem index */
    long key1, key2;    /* EST of sender, of receiver */
    size_t link;
} xfer;

static int cmp_xfer(const void *a, const void *b)
{
    const xfer *x = a, *y = b;
    if (x->link != y->link)
        return x->link < y->link ? -1 : 1;
    if (x->key1 != y->key1)
        return x->key1 < y->key1 ? -1 : 1;
    if (x->key2 != y->key2)
        return x->key2 < y->key2 ? -1 : 1;
    return x->task < y->task ? -1 : x->task > y->task;
}

/* Kahn's order of n nodes with arcs given as CSR succ lists; returns the
 * number ordered (n when acyclic). */
static size_t kahn(size_t n, const size_t *off, const size_t *succ,
                   size_t *indeg, size_t *order)
{
    memset(indeg, 0, n * sizeof *indeg);
    for (size_t u = 0; u < n; u++)
        for (size_t k = off[u]; k < off[u + 1]; k++)
            indeg[succ[k]]++;
    size_t head = 0, tail = 0;
    for (size_t u = 0; u < n; u++)
        if (indeg[u] == 0)
            order[tail++] = u;
    while (head < tail) {
        size_t u = order[head++];
        for (size_t k = off[u]; k < off[u + 1]; k++)
            if (--indeg[succ[k]] == 0)
                order[tail++] = succ[k];
    }
    return tail;
}

/* Build CSR succ (and pred) lists from an arc array. */
static int csr(size_t n, const arc *a, size_t na, size_t **soff, size_t **s,
               size_t **poff, size_t **pr)
{
    *soff = calloc(n + 1, sizeof **soff);
    *s = malloc((na ? na : 1) * sizeof **s);
    if (poff) {
        *poff = calloc(n + 1, sizeof **poff);
        *pr = malloc((na ? na : 1) * sizeof **pr);
        if (!*poff || !*pr)
            return -1;
    }
    if (!*soff || !*s)
        return -1;
    for (size_t k = 0; k < na; k++) {
        (*soff)[a[k].from + 1]++;
        if (poff)
            (*poff)[a[k].to + 1]++;
    }
    for (size_t u = 0; u < n; u++) {
        (*soff)[u + 1] += (*soff)[u];
        if (poff)
            (*poff)[u + 1] += (*poff)[u];
    }
    size_t *fs = malloc((n + 1) * sizeof *fs), *fp = NULL;
    if (!fs)
        return -1;
    memcpy(fs, *soff, (n + 1) * sizeof *fs);
    if (poff) {
        fp = malloc((n + 1) * sizeof *fp);
        if (!fp) {
            free(fs);
            return -1;
        }
        memcpy(fp, *poff, (n + 1) * sizeof *fp);
    }
    for (size_t k = 0; k < na; k++) {
        (*s)[fs[a[k].from]++] = a[k].to;
        if (poff)
            (*pr)[fp[a[k].to]++] = a[k].from;
    }
    free(fs);
    free(fp);
    return 0;
}

void ecs_cws_task_name(const ecs_cws_problem *p, size_t i, char *buf,
                       size_t size)
{
    if (i < p->ncomp) {
        snprintf(buf, size, "task %ld", p->graph_id[i]);
        return;
    }
    size_t a = p->proc[p->edge_from[i]], b = p->proc[p->edge_to[i]];
    snprintf(buf, size, "transfer %ld->%ld on link %zu->%zu",
             p->graph_id[p->edge_from[i]], p->graph_id[p->edge_to[i]], a, b);
}

long ecs_cws_earliest(const ecs_cws_problem *p, long *est)
{
    long mk = 0;
    for (size_t i = 0; i < p->n; i++)
        est[i] = 0;
    for (size_t k = 0; k < p->n; k++) {
        size_t u = p->topo[k];
        long end = est[u] + p->dur[u];
        if (end > mk)
            mk = end;
        for (size_t j = p->succ_off[u]; j < p->succ_off[u + 1]; j++)
            if (est[p->succ[j]] < end)
                est[p->succ[j]] = end;
    }
    return mk;
}

void ecs_cws_latest(const ecs_cws_problem *p, long *lst)
{
    for (size_t i = 0; i < p->n; i++)
        lst[i] = p->deadline - p->dur[i];
    for (size_t k = p->n; k-- > 0;) {
        size_t u = p->topo[k];
        for (size_t j = p->succ_off[u]; j < p->succ_off[u + 1]; j++) {
            long v = lst[p->succ[j]] - p->dur[u];
            if (v < lst[u])
                lst[u] = v;
        }
    }
}

static int cmp_long_size(const void *a, const void *b)
{
    const id_pos *x = a, *y = b;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* Index of id in the sorted table, or NONE. */
static size_t find_id(const id_pos *tab, size_t n, long id)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tab[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (lo < n && tab[lo].id == id) ? tab[lo].pos : NONE;
}

ecs_result ecs_cws_problem_build(const ecs_graph *g, const ecs_cws_mapping *m,
                                 const ecs_cws_setup *s,
                                 ecs_cws_problem **out, ecs_diag *diag)
{
    return ecs_cws_problem_build_freq(g, m, s, NULL, 1, out, diag);
}

ecs_result ecs_cws_problem_build_freq(const ecs_graph *g,
                                      const ecs_cws_mapping *m,
                                      const ecs_cws_setup *s,
                                      const double *freq, long scale,
                                      ecs_cws_problem **out, ecs_diag *diag)
{
    *out = NULL;
    const size_t n0 = g->n, P = s->nprocs;
    if (scale < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "scale is %ld; it must be at least 1", scale);
    for (size_t i = 0; freq != NULL && i < n0; i++)
        if (!(freq[i] > 0 && freq[i] <= 1))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld: frequency %g is not in (0, 1]",
                                g->id[i], freq[i]);
    if (m->nprocs != P)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the mapping has %zu processors, the setup %zu "
                            "(its %zu powers are P^2)",
                            m->nprocs, P, P * P);
    ecs_result rc = ECS_OK;
    ecs_cws_problem *p = calloc(1, sizeof *p);
    id_pos *tab = malloc((n0 ? n0 : 1) * sizeof *tab);
    size_t *procof = malloc((n0 ? n0 : 1) * sizeof *procof);
    size_t *next = malloc((n0 ? n0 : 1) * sizeof *next);
    arc *arcs = NULL;
    xfer *xf = NULL;
    size_t *gsoff = NULL, *gs = NULL, *tmp = NULL, *gorder = NULL;
    long *gest = NULL;
    long *wk = malloc((n0 ? n0 : 1) * sizeof *wk); /* durations */
    if (!p || !tab || !procof || !next || !wk)
        goto nomem;
    for (size_t i = 0; i < n0; i++) {
        wk[i] = g->work[i];
        if (freq != NULL && freq[i] < 1) {
            /* ceil(w / f), robust to f's binary rounding */
            double d = (double)g->work[i] / freq[i];
            long c = (long)ceil(d - 1e-9);
            wk[i] = c;
        }
    }
    for (size_t i = 0; i < n0; i++) {
        tab[i] = (id_pos){g->id[i], i};
        procof[i] = NONE;
        next[i] = NONE;
    }
    qsort(tab, n0, sizeof *tab, cmp_long_size);
    for (size_t k = 0; k < P; k++)
        for (size_t j = m->off[k]; j < m->off[k + 1]; j++) {
            size_t t = find_id(tab, n0, m->task[j]);
            if (t == NONE) {
                rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                  "the mapping names task %ld (processor %zu), "
                                  "which the graph does not have",
                                  m->task[j], k);
                goto fail;
            }
            if (procof[t] != NONE) {
                rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                  "task %ld is mapped twice", m->task[j]);
                goto fail;
            }
            procof[t] = k;
            if (j + 1 < m->off[k + 1]) {
                size_t u = find_id(tab, n0, m->task[j + 1]);
                next[t] = u; /* NONE is reported when u's turn comes */
            }
        }
    for (size_t i = 0; i < n0; i++)
        if (procof[i] == NONE) {
            rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                              "task %ld of the graph is not in the mapping",
                              g->id[i]);
            goto fail;
        }

    /* The graph with the mapping's chains, no communication: the ESTs that
     * order each link's transfers (CaWoSched's compute_EST_LST before
     * setup_communication_setting moves to the enhanced graph). */
    size_t ng = g->nedges + n0;
    arcs = malloc((2 * g->nedges + n0 + 1) * sizeof *arcs);
    gorder = malloc((n0 ? n0 : 1) * sizeof *gorder);
    tmp = malloc((n0 + 1) * sizeof *tmp);
    gest = calloc(n0 ? n0 : 1, sizeof *gest);
    if (!arcs || !gorder || !tmp || !gest)
        goto nomem;
    size_t na = 0;
    for (size_t v = 0; v < n0; v++)
        for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++)
            arcs[na++] = (arc){g->pred[k], v};
    for (size_t u = 0; u < n0; u++)
        if (next[u] != NONE)
            arcs[na++] = (arc){u, next[u]};
    (void)ng;
    if (csr(n0, arcs, na, &gsoff, &gs, NULL, NULL))
        goto nomem;
    if (kahn(n0, gsoff, gs, tmp, gorder) != n0) {
        /* name a task on a cycle: one never ordered */
        size_t bad = 0;
        for (size_t u = 0; u < n0; u++)
            if (tmp[u] > 0) {
                bad = u;
                break;
            }
        rc = ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                          "the order of the mapping contradicts the graph's "
                          "precedence (task %ld is on a cycle through a "
                          "processor's order)",
                          g->id[bad]);
        goto fail;
    }
    for (size_t k = 0; k < n0; k++) {
        size_t u = gorder[k];
        for (size_t j = gsoff[u]; j < gsoff[u + 1]; j++) {
            long end = gest[u] + wk[u];
            if (gest[gs[j]] < end)
                gest[gs[j]] = end;
        }
    }

    /* Transfers: one per edge between processors with a positive size. */
    size_t nx = 0;
    for (size_t v = 0; v < n0; v++)
        for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
            size_t u = g->pred[k];
            long c = g->pred_comm ? g->pred_comm[k] : 0;
            if (procof[u] != procof[v] && c > 0)
                nx++;
        }
    const size_t n = n0 + nx;
    p->nprocs = P;
    p->ncomp = n0;
    p->n = n;
    p->dur = malloc(n * sizeof *p->dur + 1);
    p->proc = malloc(n * sizeof *p->proc + 1);
    p->power = malloc(n * sizeof *p->power + 1);
    p->edge_from = malloc(n * sizeof *p->edge_from + 1);
    p->edge_to = malloc(n * sizeof *p->edge_to + 1);
    p->topo = malloc(n * sizeof *p->topo + 1);
    p->graph_id = malloc(n0 * sizeof *p->graph_id + 1);
    xf = malloc((nx ? nx : 1) * sizeof *xf);
    free(arcs);
    /* arcs: edges (2 per transfer), processor chains, link chains */
    arcs = malloc((2 * g->nedges + n0 + nx + 1) * sizeof *arcs);
    if (!p->dur || !p->proc || !p->power || !p->edge_from || !p->edge_to ||
        !p->topo || !p->graph_id || !xf || !arcs)
        goto nomem;
    for (size_t i = 0; i < n0; i++) {
        p->dur[i] = wk[i];
        p->proc[i] = procof[i];
        p->power[i] = freq == NULL
                          ? s->work[procof[i]] * scale
                          : (long)llround((double)s->work[procof[i]] * freq[i] *
                                          freq[i] * (double)scale);
        p->edge_from[i] = p->edge_to[i] = NONE;
        p->graph_id[i] = g->id[i];
    }
    na = 0;
    size_t x = n0;
    for (size_t v = 0; v < n0; v++)
        for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
            size_t u = g->pred[k];
            long c = g->pred_comm ? g->pred_comm[k] : 0;
            if (procof[u] != procof[v] && c > 0) {
                size_t l = link_index(P, procof[u], procof[v]);
                p->dur[x] = c;
                p->proc[x] = l;
                p->power[x] = s->work[l] * scale;
                p->edge_from[x] = u;
                p->edge_to[x] = v;
                xf[x - n0] = (xfer){x, gest[u], gest[v], l};
                arcs[na++] = (arc){u, x};
                arcs[na++] = (arc){x, v};
                x++;
            } else {
                arcs[na++] = (arc){u, v};
            }
        }
    for (size_t u = 0; u < n0; u++)
        if (next[u] != NONE)
            arcs[na++] = (arc){u, next[u]};
    qsort(xf, nx, sizeof *xf, cmp_xfer);
    for (size_t k = 1; k < nx; k++)
        if (xf[k].link == xf[k - 1].link)
            arcs[na++] = (arc){xf[k - 1].task, xf[k].task};
    if (csr(n, arcs, na, &p->succ_off, &p->succ, &p->pred_off, &p->pred))
        goto nomem;
    free(tmp);
    tmp = malloc((n + 1) * sizeof *tmp);
    if (!tmp)
        goto nomem;
    if (kahn(n, p->succ_off, p->succ, tmp, p->topo) != n) {
        rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                          "the transfers' order made a cycle");
        goto fail;
    }
    p->deadline = s->deadline;
    p->base = 0;
    for (size_t k = 0; k < P * P; k++)
        p->base += s->idle[k];
    p->base *= scale;
    p->scale = scale;
    p->brown_cost = s->brown_cost;
    p->nintervals = s->nintervals;
    p->budget = malloc(s->nintervals * sizeof *p->budget);
    p->bound = malloc((s->nintervals + 1) * sizeof *p->bound);
    if (!p->budget || !p->bound)
        goto nomem;
    for (size_t k = 0; k < s->nintervals; k++)
        p->budget[k] = s->budget[k] * scale;
    if (freq != NULL) {
        if ((p->freq = malloc((n0 ? n0 : 1) * sizeof *p->freq)) == NULL)
            goto nomem;
        memcpy(p->freq, freq, n0 * sizeof *p->freq);
    }
    memcpy(p->bound, s->bound, (s->nintervals + 1) * sizeof *p->bound);
    *out = p;
    p = NULL;
    goto done;
nomem:
    rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
fail:
    ecs_cws_problem_free(p);
done:
    free(tab);
    free(procof);
    free(next);
    free(arcs);
    free(xf);
    free(gsoff);
    free(gs);
    free(tmp);
    free(gorder);
    free(gest);
    free(wk);
    return rc;
}

/* ---- evaluation ---- */

ecs_result ecs_cws_evaluate(const ecs_cws_problem *p, const long *start,
                            ecs_cws_eval *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    const long D = p->deadline;
    char a[96], b[96];
    ecs_result rc = ECS_OK;
    for (size_t i = 0; i < p->n && rc == ECS_OK; i++) {
        long end = start[i] + p->dur[i];
        if (end > out->makespan)
            out->makespan = end;
        if (start[i] < 0) {
            ecs_cws_task_name(p, i, a, sizeof a);
            rc = ecs_diag_set(diag, ECS_EVIOLATION, NULL, 0,
                              "%s starts at %ld, before 0", a, start[i]);
        } else if (start[i] > D || end > D) {
            ecs_cws_task_name(p, i, a, sizeof a);
            rc = ecs_diag_set(diag, ECS_EVIOLATION, NULL, 0,
                              "%s ends at %ld, after the deadline %ld", a,
                              start[i] > D ? start[i] : end, D);
        } else {
            for (size_t k = p->succ_off[i]; k < p->succ_off[i + 1]; k++) {
                size_t v = p->succ[k];
                if (start[v] < end) {
                    ecs_cws_task_name(p, i, a, sizeof a);
                    ecs_cws_task_name(p, v, b, sizeof b);
                    rc = ecs_diag_set(diag, ECS_EVIOLATION, NULL, 0,
                                      "%s starts at %ld, before %s ends at %ld "
                                      "(%s)",
                                      b, start[v], a, end,
                                      p->proc[i] == p->proc[v]
                                          ? "one processor's order"
                                          : "precedence");
                    break;
                }
            }
        }
    }
    /* the power of every unit: a difference array over 0..D */
    long long *d = calloc((size_t)D + 1, sizeof *d);
    if (!d)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < p->n; i++) {
        long s0 = start[i] < 0 ? 0 : start[i];
        long e0 = start[i] + p->dur[i] > D ? D : start[i] + p->dur[i];
        if (s0 >= e0)
            continue;
        d[s0] += p->power[i];
        d[e0] -= p->power[i];
    }
    long long load = p->base, brown = 0, energy = 0;
    size_t k = 0;
    for (long t = 0; t < D; t++) {
        while (t >= p->bound[k + 1])
            k++;
        load += d[t];
        energy += load;
        if (load > p->budget[k])
            brown += load - p->budget[k];
    }
    free(d);
    out->brown = brown;
    out->energy = energy;
    if (__builtin_mul_overflow(brown, (long long)p->brown_cost, &out->cost))
        return ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                            "the cost %lld x %ld overflows 64 bits", brown,
                            p->brown_cost);
    out->valid = rc == ECS_OK;
    return rc;
}

/* ---- schedules exported from CaWoSched ---- */

typedef struct edge_key {
    long from, to; /* graph ids */
    size_t task;
} edge_key;

static int cmp_edge_key(const void *a, const void *b)
{
    const edge_key *x = a, *y = b;
    if (x->from != y->from)
        return x->from < y->from ? -1 : 1;
    return x->to < y->to ? -1 : x->to > y->to;
}

ecs_result ecs_cws_starts_read_buffer(const ecs_cws_problem *p,
                                      const char *buf, size_t len,
                                      const char *name, long *start,
                                      long long *cost, ecs_diag *diag)
{
    const char *file = name ? name : "(schedule)";
    *cost = -1;
    const size_t n0 = p->ncomp, nx = p->n - p->ncomp;
    id_pos *tab = malloc((n0 ? n0 : 1) * sizeof *tab);
    edge_key *ek = malloc((nx ? nx : 1) * sizeof *ek);
    unsigned char *seen = calloc(p->n ? p->n : 1, 1);
    ecs_result rc = ECS_OK;
    if (!tab || !ek || !seen) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n0; i++)
        tab[i] = (id_pos){p->graph_id[i], i};
    qsort(tab, n0, sizeof *tab, cmp_long_size);
    for (size_t i = n0; i < p->n; i++)
        ek[i - n0] = (edge_key){p->graph_id[p->edge_from[i]],
                                p->graph_id[p->edge_to[i]], i};
    qsort(ek, nx, sizeof *ek, cmp_edge_key);
    lines L = {buf, buf + len, 0};
    const char *s, *e;
    while (next_line(&L, &s, &e)) {
        while (s < e && is_blank(*s))
            s++;
        if (s == e || *s == '#')
            continue;
        size_t nf = count_fields(s, e);
        if (nf == 2) {
            if ((size_t)(e - s) > 5 && !memcmp(s, "cost", 4) && is_blank(s[4])) {
                const char *q = s + 4;
                long c;
                if ((rc = next_long(&q, e, -1, 9000000000000000000L, file,
                                    L.line, "cost", 0, &c, diag)) != ECS_OK)
                    goto done;
                *cost = c;
            }
            continue; /* other key value lines */
        }
        if (nf != 7) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                              "expected 'ID comp|comm FROM TO PROC START "
                              "WEIGHT', found %zu fields",
                              nf);
            goto done;
        }
        long v[7];
        const char *q = s;
        int comm = 0;
        for (int f = 0; f < 7; f++) {
            if (f == 1) {
                while (q < e && is_blank(*q))
                    q++;
                if ((size_t)(e - q) >= 4 && !memcmp(q, "comm", 4))
                    comm = 1;
                else if ((size_t)(e - q) < 4 || memcmp(q, "comp", 4)) {
                    rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                                      "field 2 must be comp or comm");
                    goto done;
                }
                q += 4;
                continue;
            }
            if ((rc = next_long(&q, e, -1000000000000000L, 1000000000000000L,
                                file, L.line, "field", (size_t)f + 1, &v[f],
                                diag)) != ECS_OK)
                goto done;
        }
        size_t t;
        if (!comm) {
            t = find_id(tab, n0, v[0]);
            if (t == NONE) {
                rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                                  "task %ld is not in the graph", v[0]);
                goto done;
            }
        } else {
            edge_key key = {v[2], v[3], 0};
            edge_key *hit = nx ? bsearch(&key, ek, nx, sizeof *ek, cmp_edge_key) : NULL;
            if (!hit) {
                rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                                  "no transfer %ld->%ld in the problem", v[2],
                                  v[3]);
                goto done;
            }
            t = hit->task;
        }
        if (seen[t]) {
            rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                              "the task is given twice");
            goto done;
        }
        if (v[4] < 0 || (size_t)v[4] != p->proc[t] || v[6] != p->dur[t]) {
            char nm[96];
            ecs_cws_task_name(p, t, nm, sizeof nm);
            rc = ecs_diag_set(diag, ECS_EPARSE, file, L.line,
                              "%s: processor %ld and weight %ld, the problem "
                              "has %zu and %ld",
                              nm, v[4], v[6], p->proc[t], p->dur[t]);
            goto done;
        }
        seen[t] = 1;
        start[t] = v[5];
    }
    for (size_t i = 0; i < p->n; i++)
        if (!seen[i]) {
            char nm[96];
            ecs_cws_task_name(p, i, nm, sizeof nm);
            rc = ecs_diag_set(diag, ECS_EPARSE, file, 0,
                              "%s has no start time in the file", nm);
            goto done;
        }
done:
    free(tab);
    free(ek);
    free(seen);
    return rc;
}
