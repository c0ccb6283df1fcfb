/* The local heuristic's state (one interval per task, tasks per slot) and
 * its one move: re-place a chain of tasks optimally by dynamic programming
 * over (position in the chain, last slot), every other task fixed. */
#include "local_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int lh_state_init(lh_state *st, const ecs_graph *g, const ecs_platform *p,
                  long D, lh_cache *cache, const size_t *cls)
{
    memset(st, 0, sizeof *st);
    st->g = g;
    st->p = p;
    st->D = D;
    st->P = p->pes;
    st->n = g->n;
    st->cache = cache;
    st->cls = cls;
    size_t n = g->n ? g->n : 1;
    st->s = malloc(n * sizeof *st->s);
    st->e = malloc(n * sizeof *st->e);
    st->c = calloc(n, sizeof *st->c);
    st->pos = calloc(n, sizeof *st->pos);
    st->load = calloc((size_t)D, sizeof *st->load);
    st->nb = malloc(((size_t)D + 1) * sizeof *st->nb);
    st->dirty = calloc(n, 1);
    st->os = malloc(n * sizeof *st->os);
    st->oe = malloc(n * sizeof *st->oe);
    st->touch = malloc(((size_t)D + 2) * sizeof *st->touch);
    if (st->s == NULL || st->e == NULL || st->c == NULL || st->pos == NULL ||
        st->load == NULL || st->nb == NULL || st->dirty == NULL ||
        st->os == NULL || st->oe == NULL || st->touch == NULL)
        return -1;
    for (size_t i = 0; i < g->n; i++)
        st->s[i] = st->e[i] = -1;
    return 0;
}

/* Units before slot l (slots outside 0..D-1 count one). */
static long cum_at(const lh_state *st, long l)
{
    if (l < 0)
        return l;
    if (l > st->D)
        return st->cum[st->D] + (l - st->D);
    return st->cum[l];
}

long lh_end_len(const lh_state *st, size_t t, long s)
{
    long w = st->g->work[t], a = s, b = s + w - 1; /* b holds it */
    long base = cum_at(st, s);
    while (a < b) {
        long m = a + (b - a) / 2;
        if (cum_at(st, m + 1) - base >= w)
            b = m;
        else
            a = m + 1;
    }
    return b;
}

long lh_begin_len(const lh_state *st, size_t t, long e)
{
    long w = st->g->work[t], a = e - w + 1, b = e; /* a holds it */
    long top = cum_at(st, e + 1);
    while (a < b) {
        long m = b - (b - a) / 2;
        if (top - cum_at(st, m) >= w)
            a = m;
        else
            b = m - 1;
    }
    return a;
}

void lh_state_release(lh_state *st)
{
    if (st == NULL)
        return;
    free(st->s);
    free(st->e);
    free(st->c);
    free(st->pos);
    free(st->load);
    free(st->nb);
    free(st->dirty);
    free(st->os);
    free(st->oe);
    free(st->touch);
    free(st->lo);
    free(st->hi);
    free(st->off);
    free(st->ns);
    free(st->ne);
    free(st->F);
    free(st->G);
    free(st->A);
    free(st->GA);
    free(st->tlo);
    free(st->thi);
    free(st->tns);
    free(st->tne);
    free(st->toff);
    free(st->tV);
    free(st->tH);
    free(st->tVA);
    free(st->tHA);
    memset(st, 0, sizeof *st);
}

void lh_state_copy(lh_state *dst, const lh_state *src)
{
    size_t n = src->n;
    memcpy(dst->s, src->s, n * sizeof *dst->s);
    memcpy(dst->e, src->e, n * sizeof *dst->e);
    memcpy(dst->c, src->c, n * sizeof *dst->c);
    memcpy(dst->load, src->load, (size_t)src->D * sizeof *dst->load);
}

void lh_state_clear(lh_state *st)
{
    for (size_t i = 0; i < st->n; i++) {
        st->s[i] = st->e[i] = -1;
        st->c[i] = 0.0;
    }
    memset(st->load, 0, (size_t)st->D * sizeof *st->load);
}

void lh_state_set(lh_state *st, size_t i, long s, long e)
{
    st->s[i] = s;
    st->e[i] = e;
    st->c[i] = lh_cost(st->cache, st->cls[i], s, e);
    if (isnan(st->c[i]))
        st->oom = 1;
    for (long l = s; l <= e; l++)
        st->load[l]++;
}

double lh_state_total(const lh_state *st)
{
    double t = 0.0;
    for (size_t i = 0; i < st->n; i++)
        t += st->c[i];
    return t;
}

void lh_moved(lh_state *st, const size_t *set, size_t k)
{
    const ecs_graph *g = st->g;
    long D = st->D;
    memset(st->touch, 0, ((size_t)D + 2) * sizeof *st->touch);
    for (size_t j = 0; j < k; j++) {
        size_t t = set[j];
        long a = st->os[j] < st->s[t] ? st->os[j] : st->s[t];
        long b = st->oe[j] > st->e[t] ? st->oe[j] : st->e[t];
        a = a > 0 ? a - 1 : 0;
        b = b + 1 < D ? b + 1 : D - 1;
        st->touch[a]++;
        st->touch[b + 1]--;
        st->dirty[t] = 1;
        for (size_t x = g->pred_off[t]; x < g->pred_off[t + 1]; x++)
            st->dirty[g->pred[x]] = 1;
        for (size_t x = g->succ_off[t]; x < g->succ_off[t + 1]; x++)
            st->dirty[g->succ[x]] = 1;
    }
    /* touch[l] = number of touched slots in [0, l) */
    long run = 0, count = 0;
    for (long l = 0; l <= D; l++) {
        long here = run + st->touch[l];
        st->touch[l] = count;
        run = here;
        if (l < D && run > 0)
            count++;
    }
    for (size_t i = 0; i < st->n; i++)
        if (st->s[i] >= 0 && st->touch[st->e[i] + 1] > st->touch[st->s[i]])
            st->dirty[i] = 1;
}

static int ensure_chain(lh_state *st, size_t k)
{
    if (k <= st->chain_cap)
        return 0;
    size_t cap = k > 2 * st->chain_cap ? k : 2 * st->chain_cap;
    long *lo = realloc(st->lo, cap * sizeof *lo);
    if (lo != NULL)
        st->lo = lo;
    long *hi = realloc(st->hi, cap * sizeof *hi);
    if (hi != NULL)
        st->hi = hi;
    size_t *off = realloc(st->off, (cap + 1) * sizeof *off);
    if (off != NULL)
        st->off = off;
    long *ns = realloc(st->ns, cap * sizeof *ns);
    if (ns != NULL)
        st->ns = ns;
    long *ne = realloc(st->ne, cap * sizeof *ne);
    if (ne != NULL)
        st->ne = ne;
    if (lo == NULL || hi == NULL || off == NULL || ns == NULL || ne == NULL) {
        st->oom = 1;
        return -1;
    }
    st->chain_cap = cap;
    return 0;
}

static int ensure_dp(lh_state *st, size_t cells)
{
    if (cells <= st->dp_cap)
        return 0;
    size_t cap = cells > 2 * st->dp_cap ? cells : 2 * st->dp_cap;
    double *F = realloc(st->F, cap * sizeof *F);
    if (F != NULL)
        st->F = F;
    double *G = realloc(st->G, cap * sizeof *G);
    if (G != NULL)
        st->G = G;
    long *A = realloc(st->A, cap * sizeof *A);
    if (A != NULL)
        st->A = A;
    long *GA = realloc(st->GA, cap * sizeof *GA);
    if (GA != NULL)
        st->GA = GA;
    if (F == NULL || G == NULL || A == NULL || GA == NULL) {
        st->oom = 1;
        return -1;
    }
    st->dp_cap = cap;
    return 0;
}

void lh_load_add(lh_state *st, long s, long e, int d)
{
    for (long l = s; l <= e; l++)
        st->load[l] += d;
}

void lh_prefix_min(const double *v, long R, long lo, double *m, long *arg)
{
    m[0] = v[0];
    arg[0] = lo;
    for (long x = 1; x < R; x++) {
        if (v[x] < m[x - 1]) {
            m[x] = v[x];
            arg[x] = lo + x;
        } else {
            m[x] = m[x - 1];
            arg[x] = arg[x - 1];
        }
    }
}

/* Bounds of every chain position from the tasks outside the chain and the
 * chain's own order; 0 when the order contradicts a precedence or some
 * position has no room. */
static int chain_bounds(lh_state *st, const size_t *ch, size_t k)
{
    const ecs_graph *g = st->g;
    for (size_t j = 0; j < k; j++) {
        size_t t = ch[j];
        long lo = 0, hi = lh_last(st, t);
        for (size_t x = g->pred_off[t]; x < g->pred_off[t + 1]; x++) {
            size_t q = g->pred[x];
            if (st->pos[q] != 0) {
                if ((size_t)st->pos[q] - 1 > j)
                    return 0;
            } else if (st->e[q] + 1 > lo) {
                lo = st->e[q] + 1;
            }
        }
        for (size_t x = g->succ_off[t]; x < g->succ_off[t + 1]; x++) {
            size_t q = g->succ[x];
            if (st->pos[q] != 0) {
                if ((size_t)st->pos[q] - 1 < j)
                    return 0;
            } else if (st->s[q] - 1 < hi) {
                hi = st->s[q] - 1;
            }
        }
        st->lo[j] = lo;
        st->hi[j] = hi;
    }
    for (size_t j = 1; j < k; j++)
        if (lh_end(st, ch[j - 1], st->lo[j - 1]) + 1 > st->lo[j])
            st->lo[j] = lh_end(st, ch[j - 1], st->lo[j - 1]) + 1;
    for (size_t j = k - 1; j-- > 0;)
        if (lh_begin(st, ch[j + 1], st->hi[j + 1]) - 1 < st->hi[j])
            st->hi[j] = lh_begin(st, ch[j + 1], st->hi[j + 1]) - 1;
    size_t total = 0;
    for (size_t j = 0; j < k; j++) {
        if (lh_end(st, ch[j], st->lo[j]) > st->hi[j])
            return 0;
        st->off[j] = total;
        total += (size_t)(st->hi[j] - st->lo[j] + 1);
    }
    st->off[k] = total;
    return 1;
}

/* nb[l] = the first slot >= l that is full (P tasks), over [lo, hi]. */
/* The next blocked slot (load >= P) at or after each slot of lo..hi. */
static void next_blocked(lh_state *st, long lo, long hi)
{
    st->nb[hi + 1] = hi + 1;
    for (long l = hi; l >= lo; l--)
        st->nb[l] = st->load[l] >= st->P ? l : st->nb[l + 1];
}

double lh_lift(lh_state *st, const size_t *t, size_t k, const long *lo,
               const long *hi)
{
    double old = 0.0;
    long L0 = st->D, H0 = -1;
    for (size_t j = 0; j < k; j++) {
        old += st->c[t[j]];
        lh_load_add(st, st->s[t[j]], st->e[t[j]], -1);
        if (lo[j] < L0)
            L0 = lo[j];
        if (hi[j] > H0)
            H0 = hi[j];
    }
    next_blocked(st, L0, H0);
    return old;
}

void lh_commit(lh_state *st, const size_t *t, size_t k, const long *ns,
               const long *ne)
{
    for (size_t j = 0; j < k; j++) {
        st->os[j] = st->s[t[j]];
        st->oe[j] = st->e[t[j]];
        lh_state_set(st, t[j], ns[j], ne[j]);
    }
    lh_moved(st, t, k);
    st->improved++;
}

void lh_putback(lh_state *st, const size_t *t, size_t k)
{
    for (size_t j = 0; j < k; j++)
        lh_load_add(st, st->s[t[j]], st->e[t[j]], 1);
}

/* The DP of chain position j; 0 when out of memory. */
static int dp_position(lh_state *st, const size_t *ch, size_t j)
{
    size_t t = ch[j];
    long lo = st->lo[j], hi = st->hi[j];
    long R = hi - lo + 1;
    double *F = st->F + st->off[j], *G = st->G + st->off[j];
    long *A = st->A + st->off[j], *GA = st->GA + st->off[j];
    const double *Gp = j > 0 ? st->G + st->off[j - 1] : NULL;
    long plo = j > 0 ? st->lo[j - 1] : 0, phi = j > 0 ? st->hi[j - 1] : 0;
    for (long x = 0; x < R; x++)
        F[x] = HUGE_VAL;
    for (long s = lo, e0; (e0 = lh_end(st, t, s)) <= hi; s++) {
        if (st->nb[s] <= e0)
            continue; /* a full slot within the shortest interval */
        double gp = 0.0;
        if (j > 0) {
            long x = s - 1;
            if (x < plo)
                continue;
            if (x > phi)
                x = phi;
            gp = Gp[x - plo];
            if (gp == HUGE_VAL)
                continue;
        }
        long len;
        const double *row = lh_row(st->cache, st->cls[t], s, &len);
        if (row == NULL)
            return 0;
        long emax = s + len - 1;
        if (emax > hi)
            emax = hi;
        if (emax > st->nb[s] - 1)
            emax = st->nb[s] - 1;
        for (long e = e0; e <= emax; e++) {
            double v = gp + row[e - s];
            if (v < F[e - lo]) {
                F[e - lo] = v;
                A[e - lo] = s;
            }
        }
    }
    lh_prefix_min(F, R, lo, G, GA);
    return 1;
}

int lh_chain(lh_state *st, const size_t *ch, size_t k)
{
    if (k == 0 || ensure_chain(st, k) != 0)
        return 0;
    st->moves++;
    for (size_t j = 0; j < k; j++)
        st->pos[ch[j]] = (int)j + 1;
    int moved = 0;
    double old = 0.0;
    if (!chain_bounds(st, ch, k) || ensure_dp(st, st->off[k]) != 0)
        goto out;
    old = lh_lift(st, ch, k, st->lo, st->hi);
    int ok = 1;
    for (size_t j = 0; ok && j < k; j++)
        ok = dp_position(st, ch, j);
    if (!ok && !st->cache->late)
        st->oom = 1; /* late: the time is up, the move is dropped */
    double best = ok ? st->G[st->off[k] - 1] : HUGE_VAL;
    if (ok && best < old - lh_tol(old)) {
        long x = st->hi[k - 1];
        for (size_t j = k; j-- > 0;) {
            if (x > st->hi[j])
                x = st->hi[j];
            long e = st->GA[st->off[j] + (size_t)(x - st->lo[j])];
            long s = st->A[st->off[j] + (size_t)(e - st->lo[j])];
            st->ns[j] = s;
            st->ne[j] = e;
            x = s - 1;
        }
        lh_commit(st, ch, k, st->ns, st->ne);
        moved = 1;
    } else {
        lh_putback(st, ch, k);
    }
out:
    for (size_t j = 0; j < k; j++)
        st->pos[ch[j]] = 0;
    return moved;
}

int lh_place_all(lh_state *st, const size_t *order, const long *lf)
{
    const ecs_graph *g = st->g;
    for (size_t q = 0; q < st->n; q++) {
        size_t t = order[q];
        long lo = 0, hi = lf[t];
        for (size_t x = g->pred_off[t]; x < g->pred_off[t + 1]; x++)
            if (st->e[g->pred[x]] + 1 > lo)
                lo = st->e[g->pred[x]] + 1;
        if (hi > lh_last(st, t))
            hi = lh_last(st, t);
        if (lh_end(st, t, lo) > hi)
            return -1;
        next_blocked(st, lo, hi);
        double best = HUGE_VAL;
        long bs = -1, be = -1;
        for (long s = lo, e0; (e0 = lh_end(st, t, s)) <= hi; s++) {
            if (st->nb[s] <= e0)
                continue;
            long len;
            const double *row = lh_row(st->cache, st->cls[t], s, &len);
            if (row == NULL) {
                st->oom = !st->cache->late;
                return -1;
            }
            long emax = s + len - 1;
            if (emax > hi)
                emax = hi;
            if (emax > st->nb[s] - 1)
                emax = st->nb[s] - 1;
            for (long e = e0; e <= emax; e++)
                if (row[e - s] != HUGE_VAL &&
                    (bs < 0 || row[e - s] < best - lh_tol(best) ||
                     (row[e - s] <= best && e < be))) {
                    best = row[e - s];
                    bs = s;
                    be = e;
                }
        }
        if (bs < 0)
            return -1;
        lh_state_set(st, t, bs, be);
    }
    return 0;
}

int lh_kick(lh_state *st, size_t t, uint64_t r1, uint64_t r2)
{
    const ecs_graph *g = st->g;
    long lo = 0, hi = lh_last(st, t);
    for (size_t x = g->pred_off[t]; x < g->pred_off[t + 1]; x++)
        if (st->e[g->pred[x]] + 1 > lo)
            lo = st->e[g->pred[x]] + 1;
    for (size_t x = g->succ_off[t]; x < g->succ_off[t + 1]; x++)
        if (st->s[g->succ[x]] - 1 < hi)
            hi = st->s[g->succ[x]] - 1;
    lh_load_add(st, st->s[t], st->e[t], -1);
    next_blocked(st, lo, hi);
    /* the starts with room for the work, counted, then the r1-th taken */
    long starts = 0;
    for (long s = lo, e0; (e0 = lh_end(st, t, s)) <= hi; s++)
        if (st->nb[s] > e0)
            starts++;
    long pick = starts > 0 ? (long)(r1 % (uint64_t)starts) : -1;
    for (long s = lo, e0; pick >= 0 && (e0 = lh_end(st, t, s)) <= hi; s++) {
        if (st->nb[s] <= e0 || pick-- > 0)
            continue;
        long len;
        if (lh_row(st->cache, st->cls[t], s, &len) == NULL) {
            st->oom = !st->cache->late;
            break;
        }
        long emax = s + len - 1;
        if (emax > hi)
            emax = hi;
        if (emax > st->nb[s] - 1)
            emax = st->nb[s] - 1;
        long e = e0 + (long)(r2 % (uint64_t)(emax - e0 + 1));
        st->os[0] = st->s[t];
        st->oe[0] = st->e[t];
        lh_state_set(st, t, s, e);
        lh_moved(st, &t, 1);
        return 1;
    }
    lh_load_add(st, st->s[t], st->e[t], 1);
    return 0;
}

int lh_shrink(lh_state *st, size_t t, int late)
{
    long s = late ? lh_begin(st, t, st->e[t]) : st->s[t];
    long e = late ? st->e[t] : lh_end(st, t, st->s[t]);
    if (s <= st->s[t] && e >= st->e[t])
        return 0;
    st->os[0] = st->s[t];
    st->oe[0] = st->e[t];
    lh_load_add(st, st->s[t], st->e[t], -1);
    lh_state_set(st, t, s, e);
    lh_moved(st, &t, 1);
    return 1;
}

/* ---- PEs by start slot ---- */

/* A binary min-heap of longs keyed by key[] (or by value when key is
 * NULL), ties by value. */
typedef struct lheap {
    long *a;
    size_t len;
    const long *key;
} lheap;

static int lheap_less(const lheap *h, long x, long y)
{
    long kx = h->key ? h->key[x] : x, ky = h->key ? h->key[y] : y;
    return kx != ky ? kx < ky : x < y;
}

static void lheap_push(lheap *h, long v)
{
    size_t i = h->len++;
    h->a[i] = v;
    while (i > 0 && lheap_less(h, h->a[i], h->a[(i - 1) / 2])) {
        long t = h->a[i];
        h->a[i] = h->a[(i - 1) / 2];
        h->a[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static long lheap_pop(lheap *h)
{
    long top = h->a[0];
    h->a[0] = h->a[--h->len];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->len && lheap_less(h, h->a[l], h->a[m]))
            m = l;
        if (r < h->len && lheap_less(h, h->a[r], h->a[m]))
            m = r;
        if (m == i)
            break;
        long t = h->a[i];
        h->a[i] = h->a[m];
        h->a[m] = t;
        i = m;
    }
    return top;
}

int lh_serial(lh_state *st, const long *prio, size_t *order)
{
    const ecs_graph *g = st->g;
    size_t n = st->n;
    long *indeg = malloc((n ? n : 1) * sizeof *indeg);
    long *heap_a = malloc((n ? n : 1) * sizeof *heap_a);
    if (indeg == NULL || heap_a == NULL) {
        free(indeg);
        free(heap_a);
        st->oom = 1;
        return -1;
    }
    lheap h = {heap_a, 0, prio};
    for (size_t i = 0; i < n; i++) {
        indeg[i] = (long)(g->pred_off[i + 1] - g->pred_off[i]);
        if (indeg[i] == 0)
            lheap_push(&h, (long)i);
    }
    size_t k = 0;
    int rc = 0;
    while (h.len > 0) {
        size_t t = (size_t)lheap_pop(&h);
        order[k++] = t;
        for (size_t x = g->succ_off[t]; x < g->succ_off[t + 1]; x++)
            if (--indeg[g->succ[x]] == 0)
                lheap_push(&h, (long)g->succ[x]);
    }
    for (size_t q = 0; q < n && rc == 0; q++) {
        size_t t = order[q];
        long lo = 0, w = g->work[t];
        for (size_t x = g->pred_off[t]; x < g->pred_off[t + 1]; x++)
            if (st->e[g->pred[x]] + 1 > lo)
                lo = st->e[g->pred[x]] + 1;
        /* run: units of free slots in a row before l */
        long run = 0, l = lo;
        for (; l < st->D && run < w; l++)
            run = st->load[l] < st->P
                      ? run + (st->cum ? st->cum[l + 1] - st->cum[l] : 1)
                      : 0;
        if (run < w || l - 1 > lh_last(st, t))
            rc = -1;
        else
            lh_state_set(st, t, lh_begin(st, t, l - 1), l - 1);
    }
    free(indeg);
    free(heap_a);
    return rc;
}

int lh_assign_pes(const lh_state *st, int *pe, size_t *rows, size_t *row_off,
                  size_t *order)
{
    size_t n = st->n, P = (size_t)st->P;
    int rc = 0;
    ecs_result a = ecs_assign_pes(n, st->s, st->e, st->P, pe, order);
    if (a != ECS_OK) {
        rc = a == ECS_ENOMEM ? -2 : -1;
        goto out;
    }
    for (size_t k = 0; k <= P; k++)
        row_off[k] = 0;
    for (size_t i = 0; i < n; i++)
        row_off[pe[i] + 1]++;
    for (size_t k = 0; k < P; k++)
        row_off[k + 1] += row_off[k];
    /* order is by start: filling in that order keeps rows by start */
    {
        size_t *fill = calloc(P + 1, sizeof *fill);
        if (fill == NULL) {
            rc = -2;
            goto out;
        }
        for (size_t q = 0; q < n; q++) {
            size_t i = order[q];
            rows[row_off[pe[i]] + fill[pe[i]]++] = i;
        }
        free(fill);
    }
out:
    return rc;
}
