/*
 * Lower bounds on the makespan at f = 1 (listsched.h):
 * - max(critical path, ceil(total work / P));
 * - head and tail load bounds: the tasks that cannot start before h all run
 *   in [h, C - q] where q is the smallest tail among them (and the mirror
 *   image for tails);
 * - energetic reasoning, a generalisation of the Fernandez-Bussell bound:
 *   for a trial makespan C every task has a window [head, C - tail]; if the
 *   work that must fall into some interval [a, b] exceeds P (b - a), C is
 *   infeasible.  Run where the graph is small enough for its O(n^3).
 */
#include "ecsched/listsched.h"

#include <stdlib.h>

/* Above this many interval-task checks per trial C, skip energetic reasoning. */
#define ENERGETIC_MAX_OPS 40000000.0

typedef struct lb_data {
    size_t n;
    int pes;
    const long *work;
    long *head; /* earliest start (top level) */
    long *tail; /* time needed after the task ends (bottom level - work) */
    long *as;   /* distinct heads, sorted */
    long *qs;   /* distinct tails, sorted */
    size_t na, nq;
    struct keyed *ord; /* scratch */
} lb_data;

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static size_t sort_unique(long *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_long);
    size_t k = 1;
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

static long ceil_div(long a, long b) { return a <= 0 ? 0 : (a + b - 1) / b; }

/* A task with a sort key (qsort has no context argument in C11). */
typedef struct keyed {
    long key;
    size_t v;
} keyed;

static int cmp_keyed_desc(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->key != y->key)
        return (x->key < y->key) - (x->key > y->key);
    return (x->v > y->v) - (x->v < y->v);
}

/*
 * Head (by = head) or tail (by = tail) load bound: walk the tasks by
 * decreasing `by`; those seen so far all lie beyond `by` at that side and
 * leave at least the smallest `other` at the far side.
 */
static long side_load_bound(lb_data *d, const long *by, const long *other)
{
    for (size_t i = 0; i < d->n; i++) {
        d->ord[i].key = by[i];
        d->ord[i].v = i;
    }
    qsort(d->ord, d->n, sizeof *d->ord, cmp_keyed_desc);
    long best = 0, load = 0, omin = -1;
    for (size_t k = 0; k < d->n; k++) {
        size_t v = d->ord[k].v;
        load += d->work[v];
        if (omin < 0 || other[v] < omin)
            omin = other[v];
        long c = by[v] + ceil_div(load, d->pes) + omin;
        if (c > best)
            best = c;
    }
    return best;
}

/* Work task v must do inside [a, b] when its window is [head, C - tail]. */
static long forced_work(const lb_data *d, size_t v, long c, long a, long b)
{
    long w = d->work[v];
    long m = w;
    if (b - a < m)
        m = b - a;
    long left = d->head[v] + w - a;  /* pushed as early as possible */
    if (left < m)
        m = left;
    long right = b - (c - d->tail[v] - w); /* pushed as late as possible */
    if (right < m)
        m = right;
    return m > 0 ? m : 0;
}

/* 1 if makespan c is impossible by energetic reasoning. */
static int energetic_infeasible(const lb_data *d, long c)
{
    for (size_t i = 0; i < d->na; i++) {
        long a = d->as[i];
        for (size_t j = 0; j < d->nq; j++) {
            long b = c - d->qs[j];
            if (b <= a)
                continue;
            long cap = (long)d->pes * (b - a), need = 0;
            for (size_t v = 0; v < d->n && need <= cap; v++)
                need += forced_work(d, v, c, a, b);
            if (need > cap)
                return 1;
        }
    }
    return 0;
}

/* Smallest c >= lo that energetic reasoning does not rule out. */
static long energetic_bound(const lb_data *d, long lo)
{
    if (!energetic_infeasible(d, lo))
        return lo;
    long bad = lo, step = 1, good;
    for (;;) {
        good = bad + step;
        if (!energetic_infeasible(d, good))
            break;
        bad = good;
        step *= 2;
    }
    while (good - bad > 1) {
        long mid = bad + (good - bad) / 2;
        if (energetic_infeasible(d, mid))
            bad = mid;
        else
            good = mid;
    }
    return good;
}

static long simple_bound(const ecs_graph *g, int pes)
{
    long total = 0;
    for (size_t i = 0; i < g->n; i++)
        total += g->work[i];
    long cp = ecs_graph_critical_path(g);
    long avg = ceil_div(total, pes);
    return cp > avg ? cp : avg;
}

static void lb_data_free(lb_data *d)
{
    free(d->head);
    free(d->tail);
    free(d->as);
    free(d->qs);
    free(d->ord);
}

long ecs_makespan_lower_bound(const ecs_graph *g, int pes)
{
    if (pes < 1)
        pes = 1;
    long lb = simple_bound(g, pes);
    if (g->n == 0)
        return lb;
    lb_data d = {g->n, pes, g->work, NULL, NULL, NULL, NULL, 0, 0, NULL};
    size_t n = g->n;
    d.head = malloc(n * sizeof *d.head);
    d.tail = malloc(n * sizeof *d.tail);
    d.as = malloc(n * sizeof *d.as);
    d.qs = malloc(n * sizeof *d.qs);
    d.ord = malloc(n * sizeof *d.ord);
    if (!d.head || !d.tail || !d.as || !d.qs || !d.ord) {
        lb_data_free(&d);
        return lb;
    }
    ecs_graph_top_levels(g, d.head);
    ecs_graph_bottom_levels(g, d.tail);
    for (size_t v = 0; v < n; v++) {
        d.tail[v] -= g->work[v];
        d.as[v] = d.head[v];
        d.qs[v] = d.tail[v];
    }
    long h = side_load_bound(&d, d.head, d.tail);
    long t = side_load_bound(&d, d.tail, d.head);
    if (h > lb)
        lb = h;
    if (t > lb)
        lb = t;
    d.na = sort_unique(d.as, n);
    d.nq = sort_unique(d.qs, n);
    if ((double)d.na * (double)d.nq * (double)n <= ENERGETIC_MAX_OPS)
        lb = energetic_bound(&d, lb);
    lb_data_free(&d);
    return lb;
}
