/* Schedules: storage of PE, interval and per-slot frequencies (schedule.h). */
#include "ecsched/schedule.h"

#include "ecsched/graph.h"

#include <stdlib.h>
#include <string.h>

ecs_schedule *ecs_schedule_new(size_t n)
{
    ecs_schedule *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->n = n;
    s->task = calloc(n ? n : 1, sizeof *s->task);
    if (s->task == NULL) {
        free(s);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        s->task[i].pe = -1;
    return s;
}

void ecs_schedule_free(ecs_schedule *s)
{
    if (s == NULL)
        return;
    for (size_t i = 0; i < s->n; i++)
        free(s->task[i].freq);
    free(s->task);
    free(s);
}

ecs_schedule *ecs_schedule_copy(const ecs_schedule *s)
{
    ecs_schedule *c = ecs_schedule_new(s->n);
    if (c == NULL)
        return NULL;
    for (size_t i = 0; i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0)
            continue;
        if (ecs_schedule_place(c, i, t->pe, t->start, t->stop, t->freq, 0) !=
            ECS_OK) {
            ecs_schedule_free(c);
            return NULL;
        }
    }
    return c;
}

ecs_result ecs_schedule_place(ecs_schedule *s, size_t i, int pe, long start,
                              long stop, const unsigned char *freq,
                              unsigned char fill)
{
    if (i >= s->n || stop < start || pe < 0)
        return ECS_EINVAL;
    size_t len = (size_t)(stop - start + 1);
    unsigned char *f = malloc(len);
    if (f == NULL)
        return ECS_ENOMEM;
    if (freq)
        memcpy(f, freq, len);
    else
        memset(f, fill, len);
    ecs_sched_task *t = &s->task[i];
    free(t->freq);
    t->pe = pe;
    t->start = start;
    t->stop = stop;
    t->freq = f;
    return ECS_OK;
}

void ecs_schedule_unplace(ecs_schedule *s, size_t i)
{
    if (i >= s->n)
        return;
    free(s->task[i].freq);
    s->task[i].freq = NULL;
    s->task[i].pe = -1;
}

long ecs_schedule_makespan(const ecs_schedule *s)
{
    long m = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->task[i].pe >= 0 && s->task[i].stop + 1 > m)
            m = s->task[i].stop + 1;
    return m;
}

int ecs_schedule_pes_used(const ecs_schedule *s)
{
    int p = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->task[i].pe + 1 > p)
            p = s->task[i].pe + 1;
    return p;
}

/* ---- PE assignment (ecs_assign_pes) ---- */

typedef struct span_key {
    long s;
    size_t i;
} span_key;

static int cmp_span(const void *a, const void *b)
{
    const span_key *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

/* A binary min-heap of PEs, by key[pe] when key is set, then by PE. */
typedef struct pe_heap {
    int *a;
    size_t len;
    const long *key;
} pe_heap;

static int pe_less(const pe_heap *h, int x, int y)
{
    long kx = h->key ? h->key[x] : x, ky = h->key ? h->key[y] : y;
    return kx != ky ? kx < ky : x < y;
}

static void pe_push(pe_heap *h, int v)
{
    size_t i = h->len++;
    h->a[i] = v;
    while (i > 0 && pe_less(h, h->a[i], h->a[(i - 1) / 2])) {
        int t = h->a[i];
        h->a[i] = h->a[(i - 1) / 2];
        h->a[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static int pe_pop(pe_heap *h)
{
    int top = h->a[0];
    h->a[0] = h->a[--h->len];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->len && pe_less(h, h->a[l], h->a[m]))
            m = l;
        if (r < h->len && pe_less(h, h->a[r], h->a[m]))
            m = r;
        if (m == i)
            break;
        int t = h->a[i];
        h->a[i] = h->a[m];
        h->a[m] = t;
        i = m;
    }
    return top;
}

ecs_result ecs_assign_pes(size_t n, const long *start, const long *stop,
                          int pes, int *pe, size_t *order)
{
    if (pes < 1)
        return n == 0 ? ECS_OK : ECS_EINFEASIBLE;
    size_t cap = n < (size_t)pes ? n : (size_t)pes;
    span_key *k = malloc((n ? n : 1) * sizeof *k);
    long *end = malloc((cap ? cap : 1) * sizeof *end);
    int *busy_a = malloc((cap ? cap : 1) * sizeof *busy_a);
    int *free_a = malloc((cap ? cap : 1) * sizeof *free_a);
    ecs_result rc = ECS_OK;
    if (k == NULL || end == NULL || busy_a == NULL || free_a == NULL) {
        rc = ECS_ENOMEM;
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        k[i].s = start[i];
        k[i].i = i;
    }
    qsort(k, n, sizeof *k, cmp_span);
    pe_heap busy = {busy_a, 0, end}, fr = {free_a, 0, NULL};
    size_t used = 0;
    for (size_t q = 0; q < n; q++) {
        size_t i = k[q].i;
        if (order != NULL)
            order[q] = i;
        while (busy.len > 0 && end[busy.a[0]] < start[i])
            pe_push(&fr, pe_pop(&busy));
        int p;
        if (fr.len > 0)
            p = pe_pop(&fr);
        else if (used < cap)
            p = (int)used++;
        else {
            rc = ECS_EINFEASIBLE;
            goto out;
        }
        pe[i] = p;
        end[p] = stop[i];
        pe_push(&busy, p);
    }
out:
    free(k);
    free(end);
    free(busy_a);
    free(free_a);
    return rc;
}

ecs_result ecs_schedule_assign_pes(ecs_schedule *s, int pes)
{
    size_t n = s->n, m = 0;
    size_t *idx = malloc((n ? n : 1) * sizeof *idx);
    long *st = malloc((n ? n : 1) * sizeof *st);
    long *en = malloc((n ? n : 1) * sizeof *en);
    int *pe = malloc((n ? n : 1) * sizeof *pe);
    ecs_result rc = ECS_ENOMEM;
    if (idx != NULL && st != NULL && en != NULL && pe != NULL) {
        for (size_t i = 0; i < n; i++)
            if (s->task[i].pe >= 0) {
                idx[m] = i;
                st[m] = s->task[i].start;
                en[m] = s->task[i].stop;
                m++;
            }
        rc = ecs_assign_pes(m, st, en, pes, pe, NULL);
        for (size_t q = 0; rc == ECS_OK && q < m; q++)
            s->task[idx[q]].pe = pe[q];
    }
    free(idx);
    free(st);
    free(en);
    free(pe);
    return rc;
}

/* A task of the base by its start, then stop, then index. */
typedef struct fit_key {
    long start, stop;
    size_t i;
} fit_key;

static int cmp_fit_key(const void *a, const void *b)
{
    const fit_key *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->stop != y->stop)
        return x->stop < y->stop ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

ecs_schedule *ecs_schedule_fit_lengths(const ecs_graph *g,
                                       const ecs_schedule *base,
                                       const int *slot_len, size_t nslot)
{
    if (g == NULL || base == NULL || base->n != g->n)
        return NULL;
    size_t n = g->n ? g->n : 1;
    fit_key *order = malloc(n * sizeof *order);
    long *stop = malloc(n * sizeof *stop);
    int pes = ecs_schedule_pes_used(base);
    long *free_at = calloc((size_t)(pes > 0 ? pes : 1), sizeof *free_at);
    ecs_schedule *s = ecs_schedule_new(g->n);
    if (order == NULL || stop == NULL || free_at == NULL || s == NULL) {
        free(order);
        free(stop);
        free(free_at);
        ecs_schedule_free(s);
        return NULL;
    }
    size_t m = 0;
    for (size_t i = 0; i < g->n; i++) {
        stop[i] = -1;
        if (g->work[i] > 0 && base->task[i].pe >= 0 &&
            base->task[i].pe < pes) {
            order[m].start = base->task[i].start;
            order[m].stop = base->task[i].stop;
            order[m++].i = i;
        }
    }
    qsort(order, m, sizeof *order, cmp_fit_key);
    ecs_result rc = ECS_OK;
    for (size_t k = 0; k < m && rc == ECS_OK; k++) {
        size_t i = order[k].i;
        int pe = base->task[i].pe;
        long a = free_at[pe];
        for (size_t e = g->pred_off[i]; e < g->pred_off[i + 1]; e++)
            if (stop[g->pred[e]] + 1 > a)
                a = stop[g->pred[e]] + 1;
        long b = a, done = 0;
        for (;; b++) {
            done += (size_t)b < nslot && slot_len != NULL ? slot_len[b] : 1;
            if (done >= g->work[i])
                break;
        }
        stop[i] = b;
        free_at[pe] = b + 1;
        rc = ecs_schedule_place(s, i, pe, a, b, NULL, 0);
    }
    free(order);
    free(stop);
    free(free_at);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return NULL;
    }
    return s;
}

ecs_schedule *ecs_schedule_unmerge(const ecs_schedule *s, const size_t *first,
                                   size_t nmerged)
{
    ecs_schedule *out = s != NULL ? ecs_schedule_new(s->n) : NULL;
    for (size_t i = 0; out != NULL && i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0 || t->freq == NULL)
            continue;
        if (t->start < 0 || t->stop < t->start || (size_t)t->stop >= nmerged) {
            ecs_schedule_free(out);
            return NULL;
        }
        long a = (long)first[t->start], b = (long)first[t->stop + 1] - 1;
        unsigned char *f = malloc((size_t)(b - a + 1));
        if (f == NULL) {
            ecs_schedule_free(out);
            return NULL;
        }
        for (long j = t->start; j <= t->stop; j++)
            for (size_t l = first[j]; l < first[j + 1]; l++)
                f[l - (size_t)a] = t->freq[j - t->start];
        ecs_result rc = ecs_schedule_place(out, i, t->pe, a, b, f, 0);
        free(f);
        if (rc != ECS_OK) {
            ecs_schedule_free(out);
            return NULL;
        }
    }
    return out;
}
