/* The Lagrangian relaxation of the capacity and of the edges between
 * chains (bound_internal.h; docs/MODEL.md "Lagrangian relaxation of the
 * capacity and of the edges between chains"): a deflected subgradient
 * method from the fluid bound's slot prices. */
#include "bound_internal.h"
#include "ecsched/clock.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The subgradient method of the Lagrangian: rounds without a better value
 * before the step halves, and the weight of the last direction in the
 * next.  Chosen on five instances of 32 to 748 tasks (50/rand0090 P = 8,
 * 100/rand0005 P = 16, 300/rand0000 P = 4, both montage workflows P = 4):
 * from 10 rounds, back to the best point, no deflection, to these, the
 * bounds rose by 0.1% to 4.3% in the same 15 s (montage 748 tasks: from
 * the fluid bound 490.2 to 511.3). */
#define LAGR_STALL 50
/* The memory the multipliers of the edges between chains may take (three
 * doubles per edge and slot of its rows): on a layered graph of 30,000
 * tasks and 60,000 edges at P = 64 they were most of solve's 4.7 GB. */
#define LAGR_EDGE_BYTES ((size_t)512 << 20)
#define LAGR_DEFLECT 0.7

/* pin/pout of every task from the multipliers lam of the precedence rows
 * (edge k, l) between chains, l in [edge_lo, edge_hi]: the row
 * S(b,l) - C(a,l-1) <= 0 with lam >= 0 adds lam to b's start at s <= l and
 * takes it from a's finish at e <= l - 1 (read_duals with y = -lam). */
static void lam_to_pin_pout(cg *c, const double *lam,
                            const unsigned char *cross, const size_t *off)
{
    const ecs_graph *g = c->g;
    memset(c->pin, 0, c->woff[g->n] * sizeof *c->pin);
    memset(c->pout, 0, c->woff[g->n] * sizeof *c->pout);
    for (size_t k = 0; k < bnd_edge_count(g); k++) {
        if (!cross[k])
            continue;
        size_t a = c->edge_from[k], b = g->succ[k];
        for (long l = c->edge_lo[k]; l <= c->edge_hi[k]; l++) {
            double y = lam[off[k] + (size_t)(l - c->edge_lo[k])];
            if (y == 0.0)
                continue;
            c->pin[c->woff[b] + (size_t)((l > c->wp->lf[b] ? c->wp->lf[b] : l) -
                                         c->wp->es[b])] += y;
            if (l - 1 >= c->wp->es[a])
                c->pout[c->woff[a] +
                        (size_t)((l - 1 > c->wp->lf[a] ? c->wp->lf[a] : l - 1) -
                                 c->wp->es[a])] -= y;
        }
    }
    bnd_pin_pout_sums(c);
}

/* The Lagrangian's multipliers, their subgradients and last directions:
 * mu per slot, lam per (edge between chains, slot) as off lays out. */
typedef struct lagr {
    size_t m, nl;         /* edges; multipliers of edges */
    unsigned char *cross; /* per edge: between two chains (priced) */
    size_t *off;          /* per priced edge: its multipliers lam[off[k] +
                             l - edge_lo[k]] (only priced edges have any) */
    double *mu, *gmu, *dmu;
    double *lam, *glam, *dlam;
} lagr;

/* One evaluation: L(mu, lam) (HUGE_VAL-free; -HUGE_VAL when the time ran
 * out) and its subgradient in gmu, glam: busy_l - P and S(b,l) - C(a,l-1)
 * of the chains' minimisers. */
static double lagr_eval(cg *c, lagr *z)
{
    const ecs_graph *g = c->g;
    long D = c->D;
    double L = 0.0;
    for (long l = 0; l < D; l++) {
        c->mu[l] = -z->mu[l];
        z->gmu[l] = -(double)c->p->pes;
        L -= (double)c->p->pes * z->mu[l];
    }
    lam_to_pin_pout(c, z->lam, z->cross, z->off);
    for (size_t k = 0; k < c->nchain; k++) {
        if ((k & 15) == 0 && ecs_clock_now() >= c->t_end)
            return -HUGE_VAL;
        L += bnd_price_chain(c, k);
    }
    if (!isfinite(L))
        return -HUGE_VAL;
    for (size_t i = 0; i < g->n; i++)
        for (long l = c->ps[i]; l <= c->pe[i]; l++)
            z->gmu[l] += 1.0;
    for (size_t k = 0; k < z->m; k++) {
        if (!z->cross[k])
            continue;
        size_t a = c->edge_from[k], b = g->succ[k];
        for (long l = c->edge_lo[k]; l <= c->edge_hi[k]; l++)
            z->glam[z->off[k] + (size_t)(l - c->edge_lo[k])] =
                (c->ps[b] <= l ? 1.0 : 0.0) - (c->pe[a] <= l - 1 ? 1.0 : 0.0);
    }
    return L;
}

/* The squared norm of the subgradient (x, gx) once projected on x >= 0,
 * after mixing LAGR_DEFLECT times the last direction dx into gx (and
 * keeping the mix in dx) when deflect is set. */
static double lagr_direction(const double *x, double *gx, double *dx,
                             size_t n, int deflect)
{
    double norm = 0.0;
    for (size_t q = 0; q < n; q++) {
        if (deflect) {
            dx[q] = gx[q] + LAGR_DEFLECT * dx[q];
            gx[q] = dx[q];
        }
        if (x[q] > 0.0 || gx[q] > 0.0)
            norm += gx[q] * gx[q];
    }
    return norm;
}

/* x = max(0, x + step gx). */
static void lagr_move(double *x, const double *gx, size_t n, double step)
{
    for (size_t q = 0; q < n; q++) {
        double v = x[q] + step * gx[q];
        x[q] = v > 0.0 ? v : 0.0;
    }
}

/*
 * Lagrangian relaxation of the capacity rows and of the precedence rows
 * between chains, the tasks covered by disjoint chains (paths of the
 * graph; precedence kept inside each chain and through the time windows),
 * so its subproblem is one DP per chain, without any LP:
 *   L(mu, lam) = -P sum_l mu_l + sum_chains min [sum_{i in chain}
 *                c(i,s_i,e_i) + sum_{l=s_i..e_i} mu_l + pin_i(s_i)
 *                + pout_i(e_i) : e_i < s_next inside the windows]
 * for mu >= 0 and lam >= 0 (one per edge a -> b between two chains and slot
 * l: pin_b(s) = sum_{l >= s} lam, pout_a(e) = -sum_{l >= e+1} lam), maximised
 * by deflected subgradient steps (Polyak, towards the incumbent's cost ub,
 * then towards a lower target) from the column generation's best duals or
 * the fluid bound's prices, lam = 0.  edges 0: lam stays 0.
 */
void bnd_lagrangian(cg *c, double ub, int edges, ecs_bound_result *out)
{
    const ecs_graph *g = c->g;
    long D = c->D;
    lagr z;
    memset(&z, 0, sizeof z);
    z.m = bnd_edge_count(g);
    z.mu = c->mu_rmp;
    z.gmu = c->mu_pre;
    double theta = 1.0, bestL = -HUGE_VAL;
    long stall = 0;
    if (bnd_make_chains(c) != 0)
        return; /* out of memory: the bound so far stands */
    size_t *chain_of = malloc((g->n ? g->n : 1) * sizeof *chain_of);
    z.cross = calloc(z.m ? z.m : 1, 1);
    z.off = calloc(z.m + 1, sizeof *z.off);
    z.dmu = calloc((size_t)D + 1, sizeof *z.dmu);
    if (!chain_of || !z.cross || !z.off || !z.dmu)
        goto out; /* out of memory: the bound so far stands */
    for (size_t k = 0; k < c->nchain; k++)
        for (size_t q = c->chain_off[k]; q < c->chain_off[k + 1]; q++)
            chain_of[c->chain[q]] = k;
    /* the edges between chains get multipliers, in edge order, while
     * their three arrays stay within LAGR_EDGE_BYTES; the others are
     * dropped (a weaker bound, as valid) */
    for (size_t k = 0; k < z.m; k++) {
        size_t len = c->edge_hi[k] >= c->edge_lo[k]
                         ? (size_t)(c->edge_hi[k] - c->edge_lo[k] + 1)
                         : 0;
        z.cross[k] = edges && len > 0 &&
                     chain_of[c->edge_from[k]] != chain_of[g->succ[k]] &&
                     (z.off[k] + len) * 3 * sizeof(double) <= LAGR_EDGE_BYTES;
        z.off[k + 1] = z.off[k] + (z.cross[k] ? len : 0);
    }
    z.nl = z.off[z.m];
    size_t nl1 = z.nl ? z.nl : 1;
    z.lam = calloc(nl1, sizeof *z.lam);
    z.glam = calloc(nl1, sizeof *z.glam);
    z.dlam = calloc(nl1, sizeof *z.dlam);
    if (!z.lam || !z.glam || !z.dlam)
        goto out;
    /* start from the better of the column generation's best duals and the
     * fluid bound's prices */
    int from_cg = c->have_center && !(c->fluid >= out->bound);
    for (long l = 0; l < D; l++)
        z.mu[l] = from_cg ? -c->mu_c[l] : c->mu_fluid[l];
    for (long round = 0; ecs_clock_now() < c->t_end && isfinite(ub) &&
                         (c->lagr_max == 0 || round < c->lagr_max);
         round++) {
        double L = lagr_eval(c, &z);
        if (L == -HUGE_VAL)
            break;
        out->iterations++;
        /* (the first round always improves: -inf + 1e-9 inf is NaN) */
        if (bestL == -HUGE_VAL || L > bestL + 1e-9 * fabs(bestL)) {
            bestL = L;
            stall = 0;
        } else if (++stall >= LAGR_STALL) {
            /* the step halves, from where it is (going back to the best
             * point only repeats its steps); when it is small, the target
             * is out of reach: aim halfway to it */
            theta *= 0.5;
            stall = 0;
            if (theta < 1e-3) {
                if (!(ub - bestL > 1e-9 * (1.0 + fabs(bestL))))
                    break;
                ub = bestL + 0.5 * (ub - bestL);
                theta = 1.0;
            }
        }
        if (L > out->bound) {
            out->bound = L;
            out->method = ECS_BOUND_BY_LAGRANGIAN_CAPACITY;
            out->status = ECS_BOUND_PARTIAL;
        }
        if (out->bound >= c->stop_at)
            break;
        if (lagr_direction(z.mu, z.gmu, z.dmu, (size_t)D, 0) +
                lagr_direction(z.lam, z.glam, z.dlam, z.nl, 0) ==
            0.0)
            break; /* the relaxed solution fits: L is its optimum */
        double norm = lagr_direction(z.mu, z.gmu, z.dmu, (size_t)D, 1) +
                      lagr_direction(z.lam, z.glam, z.dlam, z.nl, 1);
        double step = theta * (ub - L) / norm;
        if (!(step > 0.0) || !isfinite(step))
            break;
        lagr_move(z.mu, z.gmu, (size_t)D, step);
        lagr_move(z.lam, z.glam, z.nl, step);
    }
out:
    free(chain_of);
    free(z.cross);
    free(z.off);
    free(z.dmu);
    free(z.lam);
    free(z.glam);
    free(z.dlam);
}

