/* Time windows of the tasks under a deadline on P PEs (instance.h; the
 * argument in docs/MODEL.md "Time windows"): the critical path (top and
 * bottom levels) and the load: every ancestor of a task runs before it and
 * every descendant after it, each for at least its work in slots (f <= 1)
 * on at most P PEs, so start >= ceil(ancestors' work / P) and
 * stop <= D' - 1 - ceil(descendants' work / P); both propagated along the
 * edges. */
#include "ecsched/instance.h"

#include <stdint.h>
#include <stdlib.h>

/* Total work of the ancestors (up = 1) or descendants (up = 0) of every
 * task, by bit sets closed along a topological order; -1 when out of
 * memory. */
static int closure_work(const ecs_graph *g, int up, long *sum)
{
    size_t n = g->n, words = (n + 63) / 64;
    uint64_t *set = calloc(n * words + 1, sizeof *set);
    if (set == NULL)
        return -1;
    for (size_t q = 0; q < n; q++) {
        size_t i = g->topo[up ? q : n - 1 - q];
        const size_t *nb = up ? g->pred : g->succ;
        const size_t *off = up ? g->pred_off : g->succ_off;
        uint64_t *si = set + i * words;
        for (size_t k = off[i]; k < off[i + 1]; k++) {
            size_t j = nb[k];
            const uint64_t *sj = set + j * words;
            for (size_t b = 0; b < words; b++)
                si[b] |= sj[b];
            si[j / 64] |= (uint64_t)1 << (j % 64);
        }
        long total = 0;
        for (size_t b = 0; b < words; b++)
            for (uint64_t bits = si[b]; bits != 0; bits &= bits - 1)
                total += g->work[b * 64 + (size_t)__builtin_ctzll(bits)];
        sum[i] = total;
    }
    free(set);
    return 0;
}

/* The bit sets of closure_work take n * ceil(n / 64) words: above this
 * many bytes the load bounds are left out and the windows are those of the
 * critical path alone, still valid, only wider (docs/MODEL.md "Time
 * windows"); 256 MiB is about 46,000 tasks. */
#define WINDOWS_CLOSURE_MAX_BYTES ((size_t)256 << 20)

/* Raise es and lower lf by the load bounds and propagate along edges:
 * a task takes at least dur[i] slots, and in one slot the machine does at
 * most cap_q grid steps of work (work units times grid). */
static int tighten(const ecs_graph *g, const long *dur, long grid,
                   long cap_q, long deadline, ecs_windows *w)
{
    size_t n = g->n ? g->n : 1;
    if (n > WINDOWS_CLOSURE_MAX_BYTES / sizeof(uint64_t) / ((n + 63) / 64))
        return 0;
    long *anc = malloc(n * sizeof *anc), *desc = malloc(n * sizeof *desc);
    int bad = anc == NULL || desc == NULL || closure_work(g, 1, anc) != 0 ||
              closure_work(g, 0, desc) != 0;
    for (size_t q = 0; !bad && q < g->n; q++) {
        size_t i = g->topo[q];
        long b = (anc[i] * grid + cap_q - 1) / cap_q;
        if (b > w->es[i])
            w->es[i] = b;
        for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++) {
            size_t j = g->pred[k];
            if (w->es[j] + dur[j] > w->es[i])
                w->es[i] = w->es[j] + dur[j];
        }
    }
    for (size_t q = g->n; !bad && q-- > 0;) {
        size_t i = g->topo[q];
        long b = deadline - 1 - (desc[i] * grid + cap_q - 1) / cap_q;
        if (b < w->lf[i])
            w->lf[i] = b;
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
            size_t j = g->succ[k];
            if (w->lf[j] - dur[j] < w->lf[i])
                w->lf[i] = w->lf[j] - dur[j];
        }
    }
    free(anc);
    free(desc);
    return bad ? -1 : 0;
}

/* Longest path ending at (top = 1: before) or starting at every task by
 * the durations dur. */
static void levels(const ecs_graph *g, const long *dur, int top, long *out)
{
    for (size_t q = 0; q < g->n; q++) {
        size_t i = g->topo[top ? q : g->n - 1 - q];
        const size_t *nb = top ? g->pred : g->succ;
        const size_t *off = top ? g->pred_off : g->succ_off;
        long best = 0;
        for (size_t k = off[i]; k < off[i + 1]; k++) {
            size_t j = nb[k];
            long v = out[j] + (top ? dur[j] : 0);
            if (v > best)
                best = v;
        }
        out[i] = top ? best : best + dur[i];
    }
}

static ecs_result compute(const ecs_graph *g, const long *dur, long grid,
                          long cap_q, long deadline, ecs_windows *w,
                          int *empty, ecs_diag *diag)
{
    size_t n = g->n ? g->n : 1;
    long *bl = malloc(n * sizeof *bl);
    w->n = g->n;
    w->es = malloc(n * sizeof *w->es);
    w->lf = malloc(n * sizeof *w->lf);
    if (bl == NULL || w->es == NULL || w->lf == NULL) {
        free(bl);
        ecs_windows_release(w);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    levels(g, dur, 1, w->es);
    levels(g, dur, 0, bl);
    for (size_t i = 0; i < g->n; i++)
        w->lf[i] = deadline - 1 - (bl[i] - dur[i]);
    free(bl);
    if (tighten(g, dur, grid, cap_q, deadline, w) != 0) {
        ecs_windows_release(w);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    *empty = 0;
    for (size_t i = 0; i < g->n; i++)
        if (w->es[i] + dur[i] - 1 > w->lf[i])
            *empty = 1;
    return ECS_OK;
}

ecs_result ecs_windows_compute(const ecs_graph *g, int pes,
                                    long deadline, ecs_windows *w,
                                    int *empty, ecs_diag *diag)
{
    return compute(g, g->work, 1, pes > 0 ? pes : 1, deadline, w, empty,
                   diag);
}

ecs_result ecs_windows_compute_platform(const ecs_graph *g,
                                        const ecs_platform *p, long deadline,
                                        ecs_windows *w, int *empty,
                                        ecs_diag *diag)
{
    if (p->nclass == 0)
        return ecs_windows_compute(g, p->pes, deadline, w, empty, diag);
    long fastest = 1, cap_q = 0;
    for (size_t c = 0; c < p->nclass; c++) {
        if (p->cls[c].speed_q[0] > fastest)
            fastest = p->cls[c].speed_q[0];
        cap_q += p->cls[c].count * p->cls[c].speed_q[0];
    }
    long *dur = malloc((g->n ? g->n : 1) * sizeof *dur);
    if (dur == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < g->n; i++)
        dur[i] = (g->work[i] * p->grid + fastest - 1) / fastest;
    ecs_result rc = compute(g, dur, p->grid, cap_q, deadline, w, empty, diag);
    free(dur);
    return rc;
}

void ecs_windows_release(ecs_windows *w)
{
    if (w == NULL)
        return;
    free(w->es);
    free(w->lf);
    w->es = w->lf = NULL;
}

