/* The cut move of the local heuristic: the tasks A that end in slot x and
 * the tasks B that start in slot x + 1 right after a predecessor in A move
 * their common boundary together (A's ends and B's starts by the same
 * delta).  Stages of a layered graph, whose tasks all wait for the whole
 * previous stage, can only trade slots this way: no chain or tree holds a
 * whole stage. */
#include "local_internal.h"

#include <math.h>

static double tol(double c)
{
    return 1e-10 * (1.0 + fabs(c));
}

/* The bounds on delta from lengths, Lmax, the deadline and the neighbours
 * outside A and B (marked in st->pos: 1 in A, 2 in B). */
static void delta_bounds(const lh_state *st, const size_t *A, size_t na,
                         const size_t *B, size_t nb, long x, long *dmin,
                         long *dmax)
{
    const ecs_graph *g = st->g;
    const lh_cache *c = st->cache;
    long lo = -(x + 1), hi = st->D - 1 - x;
    for (size_t k = 0; k < na; k++) {
        size_t i = A[k];
        long lm = c->cls_lmax[st->cls[i]];
        if (lh_end(st, i, st->s[i]) - x > lo)
            lo = lh_end(st, i, st->s[i]) - x;
        if (st->s[i] + lm - 1 - x < hi)
            hi = st->s[i] + lm - 1 - x;
        if (lh_last(st, i) - x < hi)
            hi = lh_last(st, i) - x;
        for (size_t y = g->succ_off[i]; y < g->succ_off[i + 1]; y++) {
            size_t q = g->succ[y];
            if (st->pos[q] != 2 && st->s[q] - 1 - x < hi)
                hi = st->s[q] - 1 - x;
        }
    }
    for (size_t k = 0; k < nb; k++) {
        size_t j = B[k];
        long lm = c->cls_lmax[st->cls[j]];
        if (lh_begin(st, j, st->e[j]) - (x + 1) < hi)
            hi = lh_begin(st, j, st->e[j]) - (x + 1);
        if (st->e[j] - x - lm > lo)
            lo = st->e[j] - x - lm;
        for (size_t y = g->pred_off[j]; y < g->pred_off[j + 1]; y++) {
            size_t p = g->pred[y];
            if (st->pos[p] != 1 && st->e[p] - x > lo)
                lo = st->e[p] - x;
        }
    }
    *dmin = lo;
    *dmax = hi;
}

/* Cost of A and B with the boundary moved by d; HUGE_VAL if a row is
 * refused (late or out of memory: *fail set). */
static double cost_at(lh_state *st, const size_t *A, size_t na,
                      const size_t *B, size_t nb, long x, long d, int *fail)
{
    double c = 0.0;
    long len;
    for (size_t k = 0; k < na; k++) {
        size_t i = A[k];
        const double *row = lh_row(st->cache, st->cls[i], st->s[i], &len);
        if (row == NULL || x + d - st->s[i] >= len) {
            *fail = row == NULL;
            return HUGE_VAL;
        }
        c += row[x + d - st->s[i]];
    }
    for (size_t k = 0; k < nb; k++) {
        size_t j = B[k];
        const double *row = lh_row(st->cache, st->cls[j], x + 1 + d, &len);
        if (row == NULL || st->e[j] - (x + 1 + d) >= len) {
            *fail = row == NULL;
            return HUGE_VAL;
        }
        c += row[st->e[j] - (x + 1 + d)];
    }
    return c;
}

int lh_cut(lh_state *st, const size_t *set, size_t na, size_t nb, long x)
{
    const size_t *A = set, *B = set + na;
    if (na == 0 || nb == 0)
        return 0;
    st->moves++;
    for (size_t k = 0; k < na; k++)
        st->pos[A[k]] = 1;
    for (size_t k = 0; k < nb; k++)
        st->pos[B[k]] = 2;
    long dmin, dmax;
    delta_bounds(st, A, na, B, nb, x, &dmin, &dmax);
    /* capacity: moving right, A takes the slots B leaves; moving left, B
     * takes the slots A leaves */
    long grow = (long)na - (long)nb;
    for (long d = 1; d <= dmax; d++)
        if (st->load[x + d] + grow > st->P) {
            dmax = d - 1;
            break;
        }
    for (long d = -1; d >= dmin; d--)
        if (st->load[x + d + 1] - grow > st->P) {
            dmin = d + 1;
            break;
        }
    double old = 0.0;
    for (size_t k = 0; k < na; k++)
        old += st->c[A[k]];
    for (size_t k = 0; k < nb; k++)
        old += st->c[B[k]];
    double best = old - tol(old);
    long bd = 0;
    int fail = 0;
    for (long d = dmin; d <= dmax && !fail; d++) {
        if (d == 0)
            continue;
        double c = cost_at(st, A, na, B, nb, x, d, &fail);
        if (c < best) {
            best = c;
            bd = d;
        }
    }
    if (fail && !st->cache->late)
        st->oom = 1;
    int moved = 0;
    if (bd != 0 && !fail) {
        size_t k = 0;
        for (size_t q = 0; q < na; q++, k++) {
            size_t i = A[q];
            st->os[k] = st->s[i];
            st->oe[k] = st->e[i];
            for (long l = st->s[i]; l <= st->e[i]; l++)
                st->load[l]--;
            lh_state_set(st, i, st->s[i], x + bd);
        }
        for (size_t q = 0; q < nb; q++, k++) {
            size_t j = B[q];
            st->os[k] = st->s[j];
            st->oe[k] = st->e[j];
            for (long l = st->s[j]; l <= st->e[j]; l++)
                st->load[l]--;
            lh_state_set(st, j, x + 1 + bd, st->e[j]);
        }
        lh_moved(st, set, na + nb);
        moved = 1;
        st->improved++;
    }
    for (size_t k = 0; k < na; k++)
        st->pos[A[k]] = 0;
    for (size_t k = 0; k < nb; k++)
        st->pos[B[k]] = 0;
    return moved;
}
