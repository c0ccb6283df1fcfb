/* The fluid pieces of a window of slots in a Fenwick tree by slope: the
 * cheapest-W query of the bounds by stages (bound_internal.h, bnd_sweep;
 * docs/MODEL.md "The bound by stages"). */
#include "bound_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct piece {
    double slope;
    size_t at; /* index in slot order */
} piece;

static int by_slope(const void *a, const void *b)
{
    const piece *x = a, *y = b;
    if (x->slope != y->slope)
        return (x->slope > y->slope) - (x->slope < y->slope);
    return (x->at > y->at) - (x->at < y->at);
}

void bnd_sweep_free(bnd_sweep *z)
{
    free(z->slot_off);
    free(z->rank);
    free(z->slope);
    free(z->cap);
    free(z->fcap);
    free(z->fcost);
    free(z->touched);
    free(z->mark);
    memset(z, 0, sizeof *z);
}

int bnd_sweep_init(bnd_sweep *z, long D, const size_t *slot_off,
                   const double *slope, const double *cap)
{
    memset(z, 0, sizeof *z);
    size_t np = slot_off[D];
    piece *pc = malloc((np + 1) * sizeof *pc);
    z->slot_off = malloc(((size_t)D + 1) * sizeof *z->slot_off);
    z->rank = malloc((np + 1) * sizeof *z->rank);
    z->slope = malloc((np + 1) * sizeof *z->slope);
    z->cap = malloc((np + 1) * sizeof *z->cap);
    z->fcap = calloc(np + 1, sizeof *z->fcap);
    z->fcost = calloc(np + 1, sizeof *z->fcost);
    z->mark = calloc(np + 1, 1);
    z->touched = malloc((np + 1) * sizeof *z->touched);
    if (!pc || !z->slot_off || !z->rank || !z->slope || !z->cap ||
        !z->fcap || !z->fcost || !z->mark || !z->touched) {
        free(pc);
        bnd_sweep_free(z);
        return -1;
    }
    memcpy(z->slot_off, slot_off, ((size_t)D + 1) * sizeof *z->slot_off);
    for (size_t q = 0; q < np; q++)
        pc[q] = (piece){slope[q], q};
    qsort(pc, np, sizeof *pc, by_slope);
    size_t nr = 0;
    for (size_t r = 0; r < np; r++) {
        if (r == 0 || pc[r].slope != pc[r - 1].slope)
            z->slope[nr++] = pc[r].slope;
        z->rank[pc[r].at] = nr - 1;
        z->cap[pc[r].at] = cap[pc[r].at];
    }
    z->npc = nr;
    z->hi = -1;
    free(pc);
    return 0;
}

void bnd_sweep_reset(bnd_sweep *z)
{
    for (size_t t = 0; t < z->ntouched; t++) {
        size_t x = z->touched[t];
        z->fcap[x] = z->fcost[x] = 0.0;
        z->mark[x] = 0;
    }
    z->ntouched = 0;
    z->negcap = z->total = 0.0;
    z->lo = 0;
    z->hi = -1;
}

void bnd_sweep_add_slot(bnd_sweep *z, long l, double sign)
{
    for (size_t q = z->slot_off[l]; q < z->slot_off[l + 1]; q++) {
        size_t r = z->rank[q];
        double cp = sign * z->cap[q], co = z->slope[r] * cp;
        for (size_t x = r + 1; x <= z->npc; x += x & (~x + 1)) {
            z->fcap[x] += cp;
            z->fcost[x] += co;
            if (!z->mark[x]) {
                z->mark[x] = 1;
                z->touched[z->ntouched++] = x;
            }
        }
        if (z->slope[r] < 0.0)
            z->negcap += cp;
        z->total += cp;
    }
}

void bnd_sweep_window(bnd_sweep *z, long a, long b)
{
    long move = labs(z->lo - a) + labs(z->hi - b);
    if (z->hi < z->lo || b < z->lo || a > z->hi || move > b - a + 1) {
        bnd_sweep_reset(z);
        for (long l = a; l <= b; l++)
            bnd_sweep_add_slot(z, l, 1.0);
        z->lo = a;
        z->hi = b;
        return;
    }
    for (; z->lo > a; z->lo--)
        bnd_sweep_add_slot(z, z->lo - 1, 1.0);
    for (; z->hi < b; z->hi++)
        bnd_sweep_add_slot(z, z->hi + 1, 1.0);
    for (; z->lo < a; z->lo++)
        bnd_sweep_add_slot(z, z->lo, -1.0);
    for (; z->hi > b; z->hi--)
        bnd_sweep_add_slot(z, z->hi, -1.0);
}

double bnd_sweep_query(const bnd_sweep *z, double W)
{
    double X = W > z->negcap ? W : z->negcap;
    if (X <= 0.0)
        return 0.0;
    if (X > z->total)
        X = z->total;
    size_t pos = 0, step = 1;
    while (step * 2 <= z->npc)
        step *= 2;
    double rem = X, acc = 0.0;
    for (; step > 0; step /= 2)
        if (pos + step <= z->npc && z->fcap[pos + step] < rem) {
            pos += step;
            rem -= z->fcap[pos];
            acc += z->fcost[pos];
        }
    /* the piece of rank pos (0-based) takes the rest */
    if (pos >= z->npc)
        return acc; /* rounding: everything inserted is taken */
    return acc + rem * z->slope[pos];
}
