/* Reading a schedule document into the Gantt chart's data. */
#include "gantt_data.h"

#include "ecsched/prices.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GANTT_MAX_SLOTS 1000000L
#define GANTT_MAX_PES 4096L

void rd_gantt_data_release(rd_gantt_data *d)
{
    if (d == NULL)
        return;
    for (size_t i = 0; i < d->ntask; i++)
        free(d->task[i].f);
    free(d->task);
    free(d->price);
    free(d->slot_pos);
    for (size_t q = 0; q < d->nsite; q++) {
        free(d->site[q].price);
        free(d->site[q].cap);
        free(d->site[q].draw);
        free(d->site[q].green);
    }
    memset(d, 0, sizeof *d);
}

/* "file: tasks[i]: msg" */
static ecs_result bad(ecs_diag *diag, const char *file, const char *msg,
                      size_t i)
{
    return ecs_diag_set(diag, ECS_EPARSE, file, 0, "tasks[%zu]: %s", i, msg);
}

/* An integer key of a task; -1 (diag set) when absent or ill-typed. */
static int task_int(const json_t *t, const char *key, long lo, long hi,
                    long *out, const char *file, size_t i, ecs_diag *diag)
{
    json_t *v = json_object_get(t, key);
    char msg[160];
    if (!json_is_integer(v)) {
        snprintf(msg, sizeof msg, "\"%s\" is %s", key,
                 v ? "not an integer" : "missing");
        bad(diag, file, msg, i);
        return -1;
    }
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        snprintf(msg, sizeof msg, "\"%s\" %lld is outside %ld..%ld", key,
                 (long long)x, lo, hi);
        bad(diag, file, msg, i);
        return -1;
    }
    *out = (long)x;
    return 0;
}

static ecs_result read_task(const json_t *t, long pes, const char *file,
                            size_t i, rd_gantt_task *gt, ecs_diag *diag)
{
    if (!json_is_object(t))
        return bad(diag, file, "is not an object", i);
    if (task_int(t, "id", 0, 0x7fffffffL, &gt->id, file, i, diag) ||
        task_int(t, "pe", 0, pes - 1, &gt->pe, file, i, diag) ||
        task_int(t, "start", 0, GANTT_MAX_SLOTS - 1, &gt->start, file, i,
                 diag) ||
        task_int(t, "stop", gt->start, GANTT_MAX_SLOTS - 1, &gt->stop, file, i,
                 diag))
        return ECS_EPARSE;
    gt->work = -1;
    json_t *w = json_object_get(t, "work");
    if (json_is_integer(w))
        gt->work = (long)json_integer_value(w);
    size_t len = (size_t)(gt->stop - gt->start + 1);
    gt->f = malloc(len * sizeof *gt->f);
    if (gt->f == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    json_t *fr = json_object_get(t, "freqs");
    if (fr == NULL || json_is_null(fr)) {
        for (size_t k = 0; k < len; k++)
            gt->f[k] = 1;
        return ECS_OK;
    }
    char msg[160];
    if (!json_is_array(fr) || json_array_size(fr) != len) {
        snprintf(msg, sizeof msg,
                 "\"freqs\" must list %zu frequencies (slots %ld..%ld)", len,
                 gt->start, gt->stop);
        return bad(diag, file, msg, i);
    }
    for (size_t k = 0; k < len; k++) {
        json_t *x = json_array_get(fr, k);
        double v = json_is_number(x) ? json_number_value(x) : -1;
        if (!(v >= 0 && v <= 1)) {
            snprintf(msg, sizeof msg, "freqs[%zu] is not a number in [0, 1]", k);
            return bad(diag, file, msg, i);
        }
        gt->f[k] = v;
    }
    return ECS_OK;
}

static long max_pe(const json_t *tasks)
{
    long m = -1;
    size_t i;
    json_t *t;
    json_array_foreach(tasks, i, t)
    {
        json_t *p = json_object_get(t, "pe");
        if (json_is_integer(p) && json_integer_value(p) > m &&
            json_integer_value(p) < GANTT_MAX_PES)
            m = (long)json_integer_value(p);
    }
    return m;
}

static ecs_result read_head(const json_t *doc, const char *file,
                            rd_gantt_data *d, ecs_diag *diag)
{
    json_t *tasks = json_object_get(doc, "tasks");
    if (!json_is_array(tasks))
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "\"tasks\" is %s", tasks ? "not an array" : "missing");
    if (json_array_size(tasks) == 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0, "no tasks to plot");
    json_t *v = json_object_get(doc, "pes");
    if (v == NULL || json_is_null(v)) {
        d->pes = max_pe(tasks) + 1;
        if (d->pes < 1)
            d->pes = 1;
    } else if (!json_is_integer(v) || json_integer_value(v) < 1 ||
               json_integer_value(v) > GANTT_MAX_PES) {
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "\"pes\" must be an integer in 1..%ld",
                            GANTT_MAX_PES);
    } else {
        d->pes = (long)json_integer_value(v);
    }
    d->deadline = -1;
    v = json_object_get(doc, "deadline");
    if (v && !json_is_null(v)) {
        if (!json_is_integer(v) || json_integer_value(v) < 1 ||
            json_integer_value(v) > GANTT_MAX_SLOTS)
            return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                                "\"deadline\" must be an integer in 1..%ld",
                                GANTT_MAX_SLOTS);
        d->deadline = (long)json_integer_value(v);
    }
    d->now = -1;
    v = json_object_get(json_object_get(doc, "replan"), "now");
    if (v && !json_is_null(v)) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > GANTT_MAX_SLOTS)
            return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                                "\"replan\".\"now\" must be an integer in "
                                "0..%ld", GANTT_MAX_SLOTS);
        d->now = (long)json_integer_value(v);
    }
    return ECS_OK;
}

static ecs_result read_prices(const json_t *doc, const char *file,
                              rd_gantt_data *d, ecs_diag *diag)
{
    json_t *pr = json_object_get(doc, "prices");
    if (!json_is_object(pr))
        return ECS_OK;
    json_t *src = json_object_get(pr, "source");
    if (json_is_string(src))
        snprintf(d->price_source, sizeof d->price_source, "%s",
                 json_string_value(src));
    json_t *nb = json_object_get(pr, "normalized_by"), *un = json_object_get(pr, "unit"),
           *sm = json_object_get(pr, "slot_minutes"), *fu = json_object_get(pr, "first_slot_utc");
    if (json_is_number(nb) && json_number_value(nb) > 0)
        d->normalized_by = json_number_value(nb);
    if (json_is_string(un))
        snprintf(d->unit, sizeof d->unit, "%s", json_string_value(un));
    if (json_is_integer(sm) && json_integer_value(sm) > 0 && json_integer_value(sm) <= 1440)
        d->slot_minutes = (long)json_integer_value(sm);
    ecs_diag ignored;
    if (json_is_string(fu) && d->slot_minutes > 0 &&
        ecs_prices_time_parse(json_string_value(fu), 0, 0, &d->first_utc, &ignored) == ECS_OK)
        d->has_clock = 1;
    /* the zone of the clock times: the document's */
    json_t *zn = json_object_get(doc, "zone"), *st = json_object_get(doc, "start_time");
    snprintf(d->zone, sizeof d->zone, "%s", json_is_string(zn) ? json_string_value(zn) : "UTC");
    long long local;
    if (d->has_clock && json_is_string(st) &&
        ecs_prices_time_parse(json_string_value(st), 0, 0, &local, &ignored) == ECS_OK) {
        /* "2016-10-19T00:00+02:00": its wall clock read as UTC, minus the
         * instant, is the offset */
        char naive[32];
        snprintf(naive, sizeof naive, "%.16s", json_string_value(st));
        long long wall;
        if (ecs_prices_time_parse(naive, 1, 0, &wall, &ignored) == ECS_OK &&
            llabs(wall - local) < 86400)
            d->zone_minutes = (int)((wall - local) / 60);
    }
    json_t *per = json_object_get(pr, "per_slot");
    if (per == NULL || json_is_null(per))
        return ECS_OK;
    if (!json_is_array(per))
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "\"prices.per_slot\" is not an array");
    size_t n = json_array_size(per);
    if (n > (size_t)GANTT_MAX_SLOTS)
        n = (size_t)GANTT_MAX_SLOTS;
    if (n == 0)
        return ECS_OK;
    d->price = malloc(n * sizeof *d->price);
    if (d->price == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    for (size_t l = 0; l < n; l++) {
        json_t *x = json_array_get(per, l);
        if (!json_is_number(x) || !isfinite(json_number_value(x)))
            return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                                "prices.per_slot[%zu] is not a number", l);
        d->price[l] = json_number_value(x);
    }
    d->nprice = n;
    json_t *pm = json_object_get(pr, "per_slot_minutes");
    if (pm == NULL || json_is_null(pm) || d->slot_minutes < 1)
        return ECS_OK;
    if (!json_is_array(pm) || json_array_size(pm) < n)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "\"prices.per_slot_minutes\" is not an array "
                            "of one length per price");
    d->slot_pos = malloc((n + 1) * sizeof *d->slot_pos);
    if (d->slot_pos == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    d->slot_pos[0] = 0;
    for (size_t l = 0; l < n; l++) {
        json_t *x = json_array_get(pm, l);
        json_int_t v = json_is_integer(x) ? json_integer_value(x) : 0;
        if (v < 1 || v % d->slot_minutes != 0)
            return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                                "prices.per_slot_minutes[%zu] is not a "
                                "multiple of prices.slot_minutes", l);
        d->slot_pos[l + 1] = d->slot_pos[l] + (long)(v / d->slot_minutes);
    }
    return ECS_OK;
}

double rd_gantt_pos(const rd_gantt_data *d, long l)
{
    if (d->slot_pos == NULL || l <= 0)
        return (double)l;
    if ((size_t)l <= d->nprice)
        return (double)d->slot_pos[l];
    return (double)(d->slot_pos[d->nprice] + (l - (long)d->nprice));
}

/* Frequencies for the legend: the document's "freqs", else those used. */
static void read_freqs(const json_t *doc, rd_gantt_data *d)
{
    json_t *fr = json_object_get(doc, "freqs");
    size_t k;
    json_t *x;
    if (json_is_array(fr))
        json_array_foreach(fr, k, x)
        {
            double v = json_is_number(x) ? json_number_value(x) : -1;
            if (v >= 0 && v <= 1 && d->nfreq < RD_GANTT_MAX_FREQS)
                d->freq[d->nfreq++] = v;
        }
    if (d->nfreq > 0)
        return;
    for (size_t i = 0; i < d->ntask; i++) {
        const rd_gantt_task *t = &d->task[i];
        for (long l = 0; l <= t->stop - t->start; l++) {
            size_t j = 0;
            while (j < d->nfreq && fabs(d->freq[j] - t->f[l]) > 1e-9)
                j++;
            if (j == d->nfreq && d->nfreq < RD_GANTT_MAX_FREQS)
                d->freq[d->nfreq++] = t->f[l];
        }
    }
    /* decreasing, like F */
    for (size_t a = 1; a < d->nfreq; a++)
        for (size_t b = a; b > 0 && d->freq[b] > d->freq[b - 1]; b--) {
            double tmp = d->freq[b];
            d->freq[b] = d->freq[b - 1];
            d->freq[b - 1] = tmp;
        }
}

static void read_info(const json_t *doc, rd_gantt_data *d)
{
    json_t *v = json_object_get(doc, "command");
    if (json_is_string(v))
        snprintf(d->command, sizeof d->command, "%s", json_string_value(v));
    v = json_object_get(doc, "graph");
    if (json_is_object(v))
        v = json_object_get(v, "file");
    if (json_is_string(v)) {
        const char *g = json_string_value(v), *slash = strrchr(g, '/');
        snprintf(d->graph, sizeof d->graph, "%s", slash ? slash + 1 : g);
    }
    v = json_object_get(doc, "cost");
    d->has_cost = json_is_number(v);
    d->cost = d->has_cost ? json_number_value(v) : 0;
    v = json_object_get(doc, "base_cost");
    d->has_base_cost = json_is_number(v);
    d->base_cost = d->has_base_cost ? json_number_value(v) : 0;
}

/* A list of n numbers (n = its length, at most max), malloc'ed; NULL
 * when v is no such list. */
static double *num_array(const json_t *v, size_t *n)
{
    if (!json_is_array(v))
        return NULL;
    size_t m = json_array_size(v);
    if (m > (size_t)GANTT_MAX_SLOTS)
        m = (size_t)GANTT_MAX_SLOTS;
    double *a = malloc((m ? m : 1) * sizeof *a);
    for (size_t k = 0; a && k < m; k++) {
        json_t *x = json_array_get(v, k);
        a[k] = json_is_number(x) ? json_number_value(x) : NAN;
    }
    *n = m;
    return a;
}

/* The extended platform's classes and series, where the document has
 * them (what it lacks or has ill-typed is left out: the chart is drawn
 * without it). */
static void read_platform(const json_t *doc, rd_gantt_data *d)
{
    json_t *cls = json_object_get(json_object_get(doc, "platform"), "classes");
    size_t i;
    json_t *c;
    json_array_foreach(cls, i, c) {
        if (d->nclass >= sizeof d->cls / sizeof *d->cls)
            break;
        json_t *nm = json_object_get(c, "name"), *f = json_object_get(c, "first_pe"),
               *n = json_object_get(c, "count");
        if (!json_is_string(nm) || !json_is_integer(f) || !json_is_integer(n))
            continue;
        struct rd_gantt_class *k = &d->cls[d->nclass++];
        snprintf(k->name, sizeof k->name, "%s", json_string_value(nm));
        k->first = (long)json_integer_value(f);
        k->count = (long)json_integer_value(n);
    }
    json_t *sites = json_object_get(doc, "sites_per_slot");
    json_t *st;
    json_array_foreach(sites, i, st) {
        if (d->nsite >= sizeof d->site / sizeof *d->site)
            break;
        struct rd_gantt_site *q = &d->site[d->nsite];
        size_t np = 0, nc = 0, nd = 0;
        json_t *nm = json_object_get(st, "name");
        snprintf(q->name, sizeof q->name, "%s", json_is_string(nm) ? json_string_value(nm) : "?");
        q->price = num_array(json_object_get(st, "price_per_slot"), &np);
        q->draw = num_array(json_object_get(st, "draw_kwh_per_slot"), &nd);
        q->cap = num_array(json_object_get(st, "cap_kwh_per_slot"), &nc);
        if (q->price == NULL || q->draw == NULL || np != nd ||
            (q->cap != NULL && nc != np)) {
            free(q->price);
            free(q->draw);
            free(q->cap);
            memset(q, 0, sizeof *q);
            continue;
        }
        q->n = np;
        q->green = calloc(np ? np : 1, sizeof *q->green);
        size_t j;
        json_t *u;
        json_array_foreach(json_object_get(st, "sources"), j, u) {
            size_t nv = 0;
            double *v = num_array(json_object_get(u, "kwh_per_slot"), &nv);
            for (size_t l = 0; v && q->green && l < nv && l < np; l++)
                q->green[l] += v[l];
            q->has_green |= v != NULL;
            free(v);
        }
        d->nsite++;
    }
}

ecs_result rd_gantt_data_read(const json_t *doc, const char *file,
                               rd_gantt_data *d, ecs_diag *diag)
{
    memset(d, 0, sizeof *d);
    if (!json_is_object(doc))
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "not a schedule document (a JSON object)");
    ecs_result rc = read_head(doc, file, d, diag);
    if (rc == ECS_OK)
        rc = read_prices(doc, file, d, diag);
    if (rc != ECS_OK)
        return rc;
    json_t *tasks = json_object_get(doc, "tasks");
    size_t n = json_array_size(tasks);
    d->task = calloc(n, sizeof *d->task);
    if (d->task == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    d->makespan = 0;
    for (size_t i = 0; i < n; i++) {
        rc = read_task(json_array_get(tasks, i), d->pes, file, i, &d->task[i],
                       diag);
        d->ntask = i + 1; /* so that release frees this task's f */
        if (rc != ECS_OK)
            return rc;
        if (d->task[i].stop + 1 > d->makespan)
            d->makespan = d->task[i].stop + 1;
    }
    read_freqs(doc, d);
    read_info(doc, d);
    read_platform(doc, d);
    return ECS_OK;
}
