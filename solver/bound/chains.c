/* The chain decomposition of the Lagrangian relaxation and the chains'
 * pricing (bound_internal.h; docs/MODEL.md "Lagrangian relaxation of the
 * capacity and of the edges between chains"). */
#include "bound_internal.h"
#include "ecsched/clock.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Cover the tasks by disjoint paths, heaviest first: the longest path by
 * work among the tasks not yet covered, again and again.  0 or -1 (memory). */
int bnd_make_chains(cg *c)
{
    const ecs_graph *g = c->g;
    size_t n = g->n;
    c->chain = malloc(n * sizeof *c->chain);
    c->chain_off = malloc((n + 1) * sizeof *c->chain_off);
    double *dist = malloc(n * sizeof *dist);
    size_t *from = malloc(n * sizeof *from);
    unsigned char *done = calloc(n, 1);
    size_t tot = c->woff[n] ? c->woff[n] : 1;
    c->cbv = malloc(tot * sizeof *c->cbv);
    c->cbe = malloc(tot * sizeof *c->cbe);
    c->cbs = malloc(tot * sizeof *c->cbs);
    int rc = -1;
    if (!c->chain || !c->chain_off || !dist || !from || !done || !c->cbv ||
        !c->cbe || !c->cbs)
        goto out;
    size_t covered = 0;
    c->nchain = 0;
    c->chain_off[0] = 0;
    while (covered < n) {
        size_t best = SIZE_MAX;
        for (size_t t = 0; t < n; t++) {
            size_t v = g->topo[t];
            if (done[v])
                continue;
            dist[v] = (double)g->work[v];
            from[v] = SIZE_MAX;
            for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
                size_t a = g->pred[k];
                if (!done[a] && dist[a] + (double)g->work[v] > dist[v]) {
                    dist[v] = dist[a] + (double)g->work[v];
                    from[v] = a;
                }
            }
            if (best == SIZE_MAX || dist[v] > dist[best])
                best = v;
        }
        /* the path ends at best: store it from its first task */
        size_t len = 0;
        for (size_t v = best; v != SIZE_MAX; v = from[v])
            len++;
        size_t k = covered + len;
        for (size_t v = best; v != SIZE_MAX; v = from[v]) {
            c->chain[--k] = v;
            done[v] = 1;
        }
        covered += len;
        c->chain_off[++c->nchain] = covered;
    }
    rc = 0;
out:
    free(dist);
    free(from);
    free(done);
    return rc;
}

/* The cheapest cost of chain k at the slot prices r_l + mu_l (c->mu holds
 * -mu_l), plus pin(s) for each task's start and pout(e) for its finish (the
 * precedence multipliers between chains), each task inside its window and
 * starting after the one before it finishes; sets ps/pe of its tasks to the
 * intervals of that solution.  HUGE_VAL when the chain does not fit. */
double bnd_price_chain(cg *c, size_t k)
{
    const ecs_platform *p = c->p;
    const size_t *ch = c->chain + c->chain_off[k];
    size_t m = c->chain_off[k + 1] - c->chain_off[k];
    for (size_t j = 0; j < m; j++) {
        size_t i = ch[j];
        long es = c->wp->es[i], lf = c->wp->lf[i], W = c->g->work[i] * p->grid;
        size_t o = c->woff[i];
        /* the chain before i: its cheapest finish by slot x */
        const double *pv = j > 0 ? c->cbv + c->woff[ch[j - 1]] : NULL;
        long pes = j > 0 ? c->wp->es[ch[j - 1]] : 0;
        long plf = j > 0 ? c->wp->lf[ch[j - 1]] : 0;
        double *cur = c->cur, *nxt = c->nxt;
        long *st = c->st, *stn = c->stn;
        for (long v = 0; v <= W; v++)
            cur[v] = HUGE_VAL;
        for (long l = es; l <= lf; l++) {
            size_t at = o + (size_t)(l - es);
            double a = c->pin[at];
            if (j > 0) {
                long x = l - 1 < plf ? l - 1 : plf;
                a = x < pes ? HUGE_VAL : a + pv[x - pes];
            }
            if (a < cur[0]) {
                cur[0] = a;
                st[0] = l;
            }
            bnd_dp_step(p, W, c->price[l], -c->mu[l], &cur, &st, &nxt, &stn);
            /* finish by l: exactly at l, or the best earlier finish */
            double f = cur[W] == HUGE_VAL ? HUGE_VAL : cur[W] + c->pout[at];
            c->cbs[at] = cur[W] == HUGE_VAL ? -1 : st[W];
            if (l > es && c->cbv[at - 1] <= f) {
                c->cbv[at] = c->cbv[at - 1];
                c->cbe[at] = c->cbe[at - 1];
            } else {
                c->cbv[at] = f;
                c->cbe[at] = l;
            }
        }
    }
    size_t last = ch[m - 1];
    long by = c->wp->lf[last];
    double best = c->cbv[c->woff[last] + (size_t)(by - c->wp->es[last])];
    if (best == HUGE_VAL)
        return HUGE_VAL;
    /* back along the chain: each task finishes by the next one's start */
    for (size_t j = m; j-- > 0;) {
        size_t i = ch[j];
        size_t o = c->woff[i];
        long es = c->wp->es[i];
        if (by > c->wp->lf[i])
            by = c->wp->lf[i];
        long e = c->cbe[o + (size_t)(by - es)];
        c->pe[i] = e;
        c->ps[i] = c->cbs[o + (size_t)(e - es)];
        by = c->ps[i] - 1;
    }
    return best;
}

