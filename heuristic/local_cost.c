/* Interval costs of the local heuristic: one row of costs per (distinct
 * work, first slot), computed by the exact DP (profile.h) on first use and
 * kept in an arena that is dropped when it outgrows its budget. */
#include "local_internal.h"

#include "ecsched/profile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Doubles per arena block. */
#define LH_BLOCK ((size_t)1 << 18)

/* Absolute cap on the interval lengths costed (local.h). */
#define LH_LMAX_CAP 4096L

double lh_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int lh_cmp_key(const void *a, const void *b)
{
    const lh_key *x = a, *y = b;
    if (x->k1 != y->k1)
        return x->k1 < y->k1 ? -1 : 1;
    if (x->k2 != y->k2)
        return x->k2 < y->k2 ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* Smallest positive frequency on the grid. */
static long q_min(const ecs_platform *p)
{
    long q = p->grid;
    for (size_t k = 0; k < p->nfreq; k++)
        if (p->freq_q[k] > 0 && p->freq_q[k] < q)
            q = p->freq_q[k];
    return q;
}

static long lmax_of(const ecs_platform *p, long work, long D)
{
    long qm = q_min(p);
    /* 2 w / f_min + 8, computed without overflow for sane works */
    double L = 2.0 * (double)work * (double)p->grid / (double)qm + 8.0;
    if (L > (double)LH_LMAX_CAP)
        L = (double)LH_LMAX_CAP;
    long lm = (long)L;
    if (lm < work)
        lm = work;
    return lm < D ? lm : D;
}

int lh_cache_init(lh_cache *c, const ecs_graph *g, const ecs_platform *p,
                  const double *price, long D, double max_bytes,
                  size_t **cls)
{
    memset(c, 0, sizeof *c);
    c->p = p;
    c->price = price;
    c->D = D;
    size_t n = g->n ? g->n : 1;
    long *w = malloc(n * sizeof *w);
    *cls = malloc(n * sizeof **cls);
    if (w == NULL || *cls == NULL) {
        free(w);
        return -1;
    }
    memcpy(w, g->work, g->n * sizeof *w);
    qsort(w, g->n, sizeof *w, cmp_long);
    size_t m = 0;
    for (size_t i = 0; i < g->n; i++)
        if (m == 0 || w[m - 1] != w[i])
            w[m++] = w[i];
    c->ncls = m;
    c->cls_work = w;
    c->cls_lmax = malloc((m ? m : 1) * sizeof *c->cls_lmax);
    c->row = calloc((m ? m : 1) * (size_t)D, sizeof *c->row);
    long maxw = m ? w[m - 1] : 1;
    if (c->cls_lmax == NULL || c->row == NULL)
        return -1;
    for (size_t k = 0; k < m; k++)
        c->cls_lmax[k] = lmax_of(p, w[k], D);
    for (size_t i = 0; i < g->n; i++) {
        const long *hit = bsearch(&g->work[i], w, m, sizeof *w, cmp_long);
        (*cls)[i] = (size_t)(hit - w);
    }
    c->scratch = malloc(ecs_profile_scratch(p, maxw) * sizeof *c->scratch);
    c->tmp = malloc((size_t)D * sizeof *c->tmp);
    double blocks = max_bytes / ((double)LH_BLOCK * sizeof(double));
    c->max_blocks = blocks < 1.0 ? 1 : (size_t)blocks;
    return c->scratch && c->tmp ? 0 : -1;
}

void lh_cache_release(lh_cache *c)
{
    if (c == NULL)
        return;
    for (size_t b = 0; b < c->nblock; b++)
        free(c->block[b]);
    free(c->block);
    free(c->cls_work);
    free(c->cls_lmax);
    free(c->row);
    free(c->scratch);
    free(c->tmp);
    memset(c, 0, sizeof *c);
}

/* Forget every row and refill the arena from its first block. */
static void flush(lh_cache *c)
{
    memset(c->row, 0, c->ncls * (size_t)c->D * sizeof *c->row);
    c->cur_block = 0;
    c->used = 0;
}

/* Space for len doubles in the arena, or NULL. */
static double *arena_take(lh_cache *c, size_t len)
{
    if (c->nblock > 0 && c->used + len > LH_BLOCK) {
        c->cur_block++;
        c->used = 0;
    }
    if (c->cur_block >= c->max_blocks)
        flush(c);
    if (c->cur_block == c->nblock) {
        if (c->nblock == c->cap_block) {
            size_t cap = c->cap_block ? 2 * c->cap_block : 16;
            double **nb = realloc(c->block, cap * sizeof *nb);
            if (nb == NULL)
                return NULL;
            c->block = nb;
            c->cap_block = cap;
        }
        c->block[c->nblock] = malloc(LH_BLOCK * sizeof(double));
        if (c->block[c->nblock] == NULL)
            return NULL;
        c->nblock++;
        c->used = 0;
    }
    double *r = c->block[c->cur_block] + c->used;
    c->used += len;
    return r;
}

const double *lh_row(lh_cache *c, size_t cls, long s, long *len)
{
    long L = c->D - s;
    if (L > c->cls_lmax[cls])
        L = c->cls_lmax[cls];
    *len = L;
    double **slot = &c->row[cls * (size_t)c->D + (size_t)s];
    if (*slot != NULL)
        return *slot;
    if (c->t_end > 0.0 && lh_now() >= c->t_end) {
        c->late = 1;
        return NULL;
    }
    double *r = arena_take(c, (size_t)L);
    if (r == NULL)
        return NULL;
    slot = &c->row[cls * (size_t)c->D + (size_t)s]; /* after a flush */
    ecs_profile_costs_from_len(c->p, c->price, c->len, c->cls_work[cls], s,
                               L, r, c->scratch);
    c->computed++;
    *slot = r;
    return r;
}

double lh_cost(lh_cache *c, size_t cls, long s, long e)
{
    long len;
    if (e - s < c->cls_lmax[cls]) {
        double t_end = c->t_end;
        c->t_end = 0.0; /* a placed task's cost is always needed */
        const double *r = lh_row(c, cls, s, &len);
        c->t_end = t_end;
        if (r == NULL)
            return NAN;
        if (e - s < len)
            return r[e - s];
    }
    ecs_profile_costs_from_len(c->p, c->price, c->len, c->cls_work[cls], s,
                               e - s + 1, c->tmp, c->scratch);
    return c->tmp[e - s];
}
