/*
 * Node bounds and state keys of the makespan search (makespan_bb.h).
 *
 * After a task is appended, every unscheduled task starts at t0 or later
 * (t0 = max(last start, earliest PE free time)).  Bounds, each compared with
 * the incumbent:
 * - path: earliest starts through the unscheduled part plus bottom levels;
 * - tail load: the tasks with tail >= q all end by C - q and none starts
 *   before the earliest head among them, on the PE availability profile;
 * - head load: the tasks with earliest start >= h leave at least the
 *   smallest tail among them;
 * - energetic reasoning for makespan best - 1 (deep nodes only, where few
 *   tasks are left and it is cheap): the work that must fall into an
 *   interval from one of the smallest earliest starts to a deadline
 *   exceeds what the PEs offer there.
 * The state key is complete: the scheduled set, t0, the last rank where it
 * still constrains, the PE free times and the finish times of the
 * scheduled tasks that have unscheduled successors, each exact where it can
 * still matter (see ecs_bb_state_key).
 */
#include "makespan_bb.h"

#include <stdlib.h>
#include <string.h>

/* Interval starts (smallest earliest starts) tried by energetic reasoning. */
#define ENERGETIC_STARTS 4

static long ceil_div(long a, long b) { return a <= 0 ? 0 : (a + b - 1) / b; }

/*
 * Smallest T with sum_q max(0, T - max(avail[q], h)) >= w, avail sorted
 * ascending.
 */
static long fill_time(const long *avail, int pes, long h, long w)
{
    long sum = 0;
    for (int m = 1; m <= pes; m++) {
        long a = avail[m - 1] > h ? avail[m - 1] : h;
        sum += a;
        long t = ceil_div(w + sum, m);
        if (m == pes)
            return t;
        long next = avail[m] > h ? avail[m] : h;
        if (t <= next)
            return t;
    }
    return h; /* not reached */
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int ecs_bb_cmp_cand_desc(const void *a, const void *b)
{
    const cand *x = a, *y = b;
    if (x->start != y->start)
        return (x->start < y->start) - (x->start > y->start);
    return (x->v > y->v) - (x->v < y->v);
}

/* Earliest starts of the unscheduled tasks; returns the path bound. */
static long path_bound(bb *b, long t0)
{
    const ecs_graph *g = b->g;
    long lb = b->cur_ms;
    for (size_t k = 0; k < b->n; k++) {
        size_t v = g->topo[k];
        if (b->done[v])
            continue;
        long e = t0;
        if (e == b->s_last && b->rank[v] < b->r_last)
            e = b->s_last + 1;
        for (size_t x = g->pred_off[v]; x < g->pred_off[v + 1]; x++) {
            size_t u = g->pred[x];
            long f = b->done[u] ? b->fin[u] : b->est[u] + g->work[u];
            if (f > e)
                e = f;
        }
        b->est[v] = e;
        if (e + b->bl[v] > lb)
            lb = e + b->bl[v];
    }
    return lb;
}

/* Tail side: tasks with tail >= q all end by C - q, none starts before the
 * earliest head among them. */
static long tail_load_bound(const bb *b)
{
    long lb = 0, w = 0, hmin = -1;
    for (size_t k = 0; k < b->n; k++) {
        size_t v = b->by_tail[k];
        if (b->done[v])
            continue;
        w += b->g->work[v];
        if (hmin < 0 || b->est[v] < hmin)
            hmin = b->est[v];
        long c = fill_time(b->avail, b->pes, hmin, w) + b->tail[v];
        if (c > lb)
            lb = c;
    }
    return lb;
}

/* Head side: tasks with est >= h all start at h or later and leave at least
 * the smallest tail among them. */
static long head_load_bound(bb *b)
{
    size_t m = 0;
    for (size_t v = 0; v < b->n; v++)
        if (!b->done[v]) {
            b->heads[m].v = v;
            b->heads[m].start = b->est[v];
            m++;
        }
    qsort(b->heads, m, sizeof *b->heads, ecs_bb_cmp_cand_desc);
    long lb = 0, w = 0, qmin = -1;
    for (size_t k = 0; k < m; k++) {
        size_t v = b->heads[k].v;
        w += b->g->work[v];
        if (qmin < 0 || b->tail[v] < qmin)
            qmin = b->tail[v];
        long c = fill_time(b->avail, b->pes, b->heads[k].start, w) + qmin;
        if (c > lb)
            lb = c;
    }
    return lb;
}

/* Time from which every unscheduled task starts, and the sorted profile. */
long ecs_bb_node_t0(bb *b)
{
    long mf = b->pe_free[0];
    for (int q = 1; q < b->pes; q++)
        if (b->pe_free[q] < mf)
            mf = b->pe_free[q];
    long t0 = b->s_last > mf ? b->s_last : mf;
    for (int q = 0; q < b->pes; q++)
        b->avail[q] = b->pe_free[q] > t0 ? b->pe_free[q] : t0;
    qsort(b->avail, (size_t)b->pes, sizeof *b->avail, cmp_long);
    return t0;
}

/* PE time available inside [a, e) on the profile b->avail. */
static long capacity(const bb *b, long a, long e)
{
    long cap = 0;
    for (int q = 0; q < b->pes; q++) {
        long from = b->avail[q] > a ? b->avail[q] : a;
        if (e > from)
            cap += e - from;
    }
    return cap;
}

/*
 * Energetic reasoning for makespan c = best - 1: every unscheduled task
 * lies in [est, c - tail]; 1 if some interval [a, e) between a head and a
 * deadline must hold more work than the PEs offer there.  Uses b->heads as
 * left by head_load_bound (sorted by decreasing est).
 */
static int energetic_cut(const bb *b, size_t m)
{
    long c = b->best - 1;
    int tried = 0;
    for (size_t i = m; i-- > 0 && tried < ENERGETIC_STARTS;) {
        long a = b->heads[i].start;
        if (i + 1 < m && a == b->heads[i + 1].start)
            continue;
        tried++;
        long last_e = -1;
        for (size_t k = 0; k < b->n; k++) {
            size_t u = b->by_tail[k];
            if (b->done[u])
                continue;
            long e = c - b->tail[u];
            if (e <= a || e == last_e)
                continue;
            last_e = e;
            long cap = capacity(b, a, e), need = 0;
            for (size_t j = 0; j < m && need <= cap; j++) {
                size_t v = b->heads[j].v;
                long w = b->g->work[v], f = w;
                long left = b->est[v] + w - a;
                long right = e - (c - b->tail[v] - w);
                if (e - a < f)
                    f = e - a;
                if (left < f)
                    f = left;
                if (right < f)
                    f = right;
                if (f > 0)
                    need += f;
            }
            if (need > cap)
                return 1;
        }
    }
    return 0;
}

/* 1 if the current node cannot lead to a schedule better than best. */
int ecs_bb_node_cut(bb *b, long t0)
{
    if (path_bound(b, t0) >= b->best)
        return 1;
    if (tail_load_bound(b) >= b->best)
        return 1;
    if (head_load_bound(b) >= b->best)
        return 1;
    size_t m = b->n - b->ndone;
    return b->energetic && m * 2 <= b->n && energetic_cut(b, m);
}

size_t ecs_bb_state_key(bb *b, long t0)
{
    /*
     * A task may start only when max(ready, earliest PE free) reaches the
     * last start.  Values at or above lo are kept exactly; those below it
     * can never matter beyond "below", so they all become lo.  While some
     * PE is free before the last start, "below the last start" and "at the
     * last start" differ (lo = last start - 1); otherwise nothing starts
     * before t0 (lo = t0).
     */
    long mf = b->pe_free[0];
    for (int q = 1; q < b->pes; q++)
        if (b->pe_free[q] < mf)
            mf = b->pe_free[q];
    long lo = mf < b->s_last ? b->s_last - 1 : t0;
    uint32_t *k = b->key;
    memset(k, 0, b->nwords * sizeof *k);
    for (size_t v = 0; v < b->n; v++)
        if (b->done[v])
            k[v / 32] |= (uint32_t)1 << (v % 32);
    size_t len = b->nwords;
    k[len++] = (uint32_t)t0;
    k[len++] = (uint32_t)(t0 == b->s_last ? b->r_last + 1 : 0);
    for (int q = 0; q < b->pes; q++)
        b->avail[q] = b->pe_free[q] > lo ? b->pe_free[q] : lo;
    qsort(b->avail, (size_t)b->pes, sizeof *b->avail, cmp_long);
    for (int q = 0; q < b->pes; q++)
        k[len++] = (uint32_t)b->avail[q];
    const ecs_graph *g = b->g;
    for (size_t v = 0; v < b->n; v++) {
        if (!b->done[v])
            continue;
        for (size_t x = g->succ_off[v]; x < g->succ_off[v + 1]; x++)
            if (!b->done[g->succ[x]]) {
                k[len++] = (uint32_t)(b->fin[v] > lo ? b->fin[v] : lo);
                break;
            }
    }
    return len;
}

int ecs_bb_cmp_cand_asc(const void *a, const void *b)
{
    const cand *x = a, *y = b;
    if (x->start != y->start)
        return (x->start > y->start) - (x->start < y->start);
    return (x->v > y->v) - (x->v < y->v);
}

