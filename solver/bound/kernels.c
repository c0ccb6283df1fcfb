/* The kernels of the bound's parts (bound_internal.h): the work space of
 * one ecs_bound_compute (bnd_alloc, bnd_free), one slot of the pricing DP
 * (bnd_dp_step) and the multipliers' suffix sums (bnd_pin_pout_sums). */
#include "bound_internal.h"

#include <math.h>
#include <stdlib.h>

int bnd_alloc(cg *c, int heavy)
{
    const ecs_graph *g = c->g;
    size_t n = g->n ? g->n : 1, m = bnd_edge_count(g) ? bnd_edge_count(g) : 1;
    c->task_cols = calloc(n, sizeof *c->task_cols);
    c->rows_in = calloc(n, sizeof *c->rows_in);
    c->rows_out = calloc(n, sizeof *c->rows_out);
    c->u = malloc(n * sizeof *c->u);
    c->ps = malloc(n * sizeof *c->ps);
    c->pe = malloc(n * sizeof *c->pe);
    if (!c->rows_in || !c->rows_out || !c->u || !c->ps || !c->pe)
        return -1;
    c->edge_off = calloc(m + 1, sizeof *c->edge_off);
    c->edge_lo = calloc(m, sizeof *c->edge_lo);
    c->edge_hi = calloc(m, sizeof *c->edge_hi);
    c->edge_from = calloc(m, sizeof *c->edge_from);
    c->woff = calloc(n + 1, sizeof *c->woff);
    if (!c->task_cols || !c->edge_off || !c->edge_lo || !c->edge_hi ||
        !c->edge_from || !c->woff)
        return -1;
    long maxW = 1, maxL = 1;
    for (size_t i = 0; i < g->n; i++) {
        long L = c->wp->lf[i] - c->wp->es[i] + 1;
        c->woff[i + 1] = c->woff[i] + (size_t)(L > 0 ? L : 0);
        if (L > maxL)
            maxL = L;
        if (g->work[i] * c->p->grid > maxW)
            maxW = g->work[i] * c->p->grid;
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
            size_t b = g->succ[k];
            /* rows where S(b,l) can be positive and C(a,l-1) below 1 */
            c->edge_from[k] = i;
            c->edge_lo[k] = c->wp->es[b];
            c->edge_hi[k] = c->wp->lf[i];
            long len = c->edge_hi[k] - c->edge_lo[k] + 1;
            c->edge_off[k + 1] = c->edge_off[k] + (size_t)(len > 0 ? len : 0);
        }
    }
    size_t tot = c->woff[g->n] ? c->woff[g->n] : 1;
    if (heavy) { /* the pricing's per window slot arrays */
        c->pin = malloc(tot * sizeof *c->pin);
        c->pout = malloc(tot * sizeof *c->pout);
        if (!c->pin || !c->pout)
            return -1;
    }
    c->cur = malloc((size_t)(maxW + 1) * sizeof *c->cur);
    c->nxt = malloc((size_t)(maxW + 1) * sizeof *c->nxt);
    c->st = malloc((size_t)(maxW + 1) * sizeof *c->st);
    c->stn = malloc((size_t)(maxW + 1) * sizeof *c->stn);
    c->mu = malloc((size_t)(c->D > 0 ? c->D : 1) * sizeof *c->mu);
    c->mu_rmp = malloc((size_t)(c->D + 1) * sizeof *c->mu_rmp);
    c->mu_pre = malloc((size_t)(c->D + 1) * sizeof *c->mu_pre);
    c->mu_c = malloc((size_t)(c->D + 1) * sizeof *c->mu_c);
    c->mu_fluid = calloc((size_t)(c->D + 1), sizeof *c->mu_fluid);
    c->u_rmp = malloc(n * sizeof *c->u_rmp);
    c->u_c = malloc(n * sizeof *c->u_c);
    if (!c->mu_rmp || !c->mu_pre || !c->mu_c || !c->u_rmp || !c->u_c ||
        !c->mu_fluid)
        return -1;
    c->fbuf = malloc((size_t)maxL + 1);
    return c->cur &&
                   c->nxt && c->st && c->stn && c->mu && c->fbuf
               ? 0
               : -1;
}

void bnd_free(cg *c)
{
    for (size_t i = 0; i < c->g->n; i++) {
        if (c->task_cols != NULL)
            free(c->task_cols[i].v);
        if (c->rows_in != NULL)
            free(c->rows_in[i].v);
        if (c->rows_out != NULL)
            free(c->rows_out[i].v);
    }
    free(c->task_cols);
    free(c->rows_in);
    free(c->rows_out);
    free(c->u);
    free(c->ps);
    free(c->pe);
    free(c->col_task);
    free(c->col_s);
    free(c->col_e);
    free(c->edge_off);
    free(c->edge_lo);
    free(c->edge_hi);
    free(c->edge_from);
    free(c->have);
    free(c->row_edge);
    free(c->row_l);
    free(c->row_age);
    free(c->woff);
    free(c->sx);
    free(c->cx);
    free(c->pin);
    free(c->pout);
    free(c->cur);
    free(c->nxt);
    free(c->st);
    free(c->stn);
    free(c->mu);
    free(c->mu_rmp);
    free(c->mu_pre);
    free(c->mu_c);
    free(c->mu_fluid);
    free(c->chain);
    free(c->chain_off);
    free(c->cbv);
    free(c->cbe);
    free(c->cbs);
    free(c->u_rmp);
    free(c->u_c);
    free(c->fbuf);
    ecs_windows_release(&c->w);
}

/* One slot of the pricing DP: from *cur (cheapest cost by work done on the
 * grid, capped at W; *st: the start of each) to the next row, every
 * frequency at price r plus m for the slot; the rows are swapped, so that
 * *cur and *st hold the new one after the call. */
void bnd_dp_step(const ecs_platform *p, long W, double r, double m,
                    double **curp, long **stp, double **nxtp, long **stnp)
{
    const double *cur = *curp;
    const long *st = *stp;
    double *nxt = *nxtp;
    long *stn = *stnp;
    for (long v = 0; v <= W; v++)
        nxt[v] = HUGE_VAL;
    for (long v = 0; v <= W; v++) {
        if (cur[v] == HUGE_VAL)
            continue;
        for (size_t k = 0; k < p->nfreq; k++) {
            long t = v + p->freq_q[k];
            if (t > W)
                t = W;
            double x = cur[v] + p->power_of[k] * r + m;
            if (x < nxt[t]) {
                nxt[t] = x;
                stn[t] = st[v];
            }
        }
    }
    *nxtp = *curp;
    *curp = nxt;
    *stnp = *stp;
    *stp = stn;
}

/* pin and pout hold each row's multiplier at its slot; make them the sums
 * over the later slots: pin(s) = sum over l >= s, pout(e) = sum over
 * l - 1 >= e. */
void bnd_pin_pout_sums(cg *c)
{
    for (size_t i = 0; i < c->g->n; i++)
        for (size_t q = c->woff[i + 1]; q-- > c->woff[i] + 1;) {
            c->pin[q - 1] += c->pin[q];
            c->pout[q - 1] += c->pout[q];
        }
}
