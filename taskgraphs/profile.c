/* The cheapest frequency profile of a task over an interval (profile.h):
 * dynamic programming on the integer frequency grid. */
#include "ecsched/profile.h"

#include <math.h>
#include <stdlib.h>

size_t ecs_profile_scratch(const ecs_platform *p, long work)
{
    return 2 * ((size_t)work * (size_t)p->grid + 1);
}

/*
 * One slot of the DP: nxt[v] = min over k of cur[u] + power_k * r with
 * v = min(W, u + q_k * m), for a slot of length m (r is the slot's price
 * times m, so that m = 1 is the uniform grid's step, bit for bit).  When how is non-NULL, how[v] records k of the best
 * choice and *from_W the u of the best choice for v = W (for v < W it is
 * v - q_k).  Every function of this file uses this one step, so that their
 * costs agree to the last bit.
 */
static void dp_step(const ecs_platform *p, double r, long m, long W,
                    const double *cur, double *nxt, unsigned char *how,
                    long *from_W)
{
    for (long v = 0; v <= W; v++)
        nxt[v] = HUGE_VAL;
    for (long u = 0; u <= W; u++) {
        if (cur[u] == HUGE_VAL)
            continue;
        for (size_t k = 0; k < p->nfreq; k++) {
            long v = u + p->freq_q[k] * m;
            if (v > W)
                v = W;
            double c = cur[u] + p->power_of[k] * r;
            if (c < nxt[v]) {
                nxt[v] = c;
                if (how != NULL) {
                    how[v] = (unsigned char)k;
                    if (v == W)
                        *from_W = u;
                }
            }
        }
    }
}

/* Slot l's length (1 without lengths) and its price times its length
 * (the price itself without lengths: no arithmetic on the uniform grid). */
static long slot_m(const int *slot_len, long l)
{
    return slot_len != NULL ? slot_len[l] : 1;
}

static double slot_r(const double *price, const int *slot_len, long l)
{
    return slot_len != NULL ? price[l] * (double)slot_len[l] : price[l];
}

void ecs_profile_costs_from(const ecs_platform *p, const double *price,
                            long work, long s, long len, double *cost,
                            double *scratch)
{
    ecs_profile_costs_from_len(p, price, NULL, work, s, len, cost, scratch);
}

void ecs_profile_costs_from_len(const ecs_platform *p, const double *price,
                                const int *slot_len, long work, long s,
                                long len, double *cost, double *scratch)
{
    long W = work * p->grid;
    double *dp = scratch, *nx = scratch + W + 1;
    for (long v = 0; v <= W; v++)
        dp[v] = HUGE_VAL;
    dp[0] = 0.0;
    for (long t = 0; t < len; t++) {
        dp_step(p, slot_r(price, slot_len, s + t), slot_m(slot_len, s + t),
                W, dp, nx, NULL, NULL);
        double *tmp = dp;
        dp = nx;
        nx = tmp;
        cost[t] = dp[W];
    }
}

void ecs_profile_window(const ecs_platform *p, const double *price, long work,
                        long es, long L, double *c, double *scratch)
{
    ecs_profile_window_len(p, price, NULL, work, es, L, c, scratch);
}

void ecs_profile_window_len(const ecs_platform *p, const double *price,
                            const int *slot_len, long work, long es, long L,
                            double *c, double *scratch)
{
    for (size_t q = 0; q < (size_t)L * (size_t)L; q++)
        c[q] = HUGE_VAL;
    /* on the uniform grid a task needs at least `work` slots; with lengths
     * a single slot may hold it */
    long need = slot_len != NULL ? 1 : work;
    for (long a = 0; a + need <= L; a++)
        ecs_profile_costs_from_len(p, price, slot_len, work, es + a, L - a,
                                   c + (size_t)a * (size_t)L + (size_t)a,
                                   scratch);
}

ecs_result ecs_profile_cheapest(const ecs_platform *p, const double *price,
                                long work, long s, long e,
                                unsigned char *freq, double *cost)
{
    return ecs_profile_cheapest_len(p, price, NULL, work, s, e, freq, cost);
}

ecs_result ecs_profile_cheapest_len(const ecs_platform *p, const double *price,
                                    const int *slot_len, long work, long s,
                                    long e, unsigned char *freq, double *cost)
{
    long W = work * p->grid, len = e - s + 1;
    size_t width = (size_t)W + 1;
    double *dp = malloc(2 * width * sizeof *dp);
    unsigned char *how = malloc((size_t)len * width);
    long *from_W = malloc((size_t)len * sizeof *from_W);
    if (dp == NULL || how == NULL || from_W == NULL) {
        free(dp);
        free(how);
        free(from_W);
        return ECS_ENOMEM;
    }
    double *cur = dp, *nxt = dp + width;
    for (long v = 0; v <= W; v++)
        cur[v] = HUGE_VAL;
    cur[0] = 0.0;
    for (long t = 0; t < len; t++) {
        from_W[t] = -1;
        dp_step(p, slot_r(price, slot_len, s + t), slot_m(slot_len, s + t), W,
                cur, nxt, how + (size_t)t * width, &from_W[t]);
        double *tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
    double best = cur[W];
    ecs_result rc = ECS_OK;
    if (best == HUGE_VAL) {
        rc = ECS_EINFEASIBLE;
    } else {
        long v = W;
        for (long t = len - 1; t >= 0; t--) {
            int k = how[(size_t)t * width + (size_t)v];
            freq[t] = (unsigned char)k;
            v = v == W ? from_W[t] : v - p->freq_q[k] * slot_m(slot_len, s + t);
        }
        *cost = best;
    }
    free(dp);
    free(how);
    free(from_W);
    return rc;
}
