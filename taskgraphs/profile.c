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
 * v = min(W, u + q_k).  When how is non-NULL, how[v] records k and from[v]
 * the u of the best choice.  Every function of this file uses this one
 * step, so that their costs agree to the last bit.
 */
static void dp_step(const ecs_platform *p, double r, long W, const double *cur,
                    double *nxt, unsigned char *how, long *from)
{
    for (long v = 0; v <= W; v++)
        nxt[v] = HUGE_VAL;
    for (long u = 0; u <= W; u++) {
        if (cur[u] == HUGE_VAL)
            continue;
        for (size_t k = 0; k < p->nfreq; k++) {
            long v = u + p->freq_q[k];
            if (v > W)
                v = W;
            double c = cur[u] + p->power_of[k] * r;
            if (c < nxt[v]) {
                nxt[v] = c;
                if (how != NULL) {
                    how[v] = (unsigned char)k;
                    from[v] = u;
                }
            }
        }
    }
}

void ecs_profile_costs_from(const ecs_platform *p, const double *price,
                            long work, long s, long len, double *cost,
                            double *scratch)
{
    long W = work * p->grid;
    double *dp = scratch, *nx = scratch + W + 1;
    for (long v = 0; v <= W; v++)
        dp[v] = HUGE_VAL;
    dp[0] = 0.0;
    for (long t = 0; t < len; t++) {
        dp_step(p, price[s + t], W, dp, nx, NULL, NULL);
        double *tmp = dp;
        dp = nx;
        nx = tmp;
        cost[t] = dp[W];
    }
}

void ecs_profile_window(const ecs_platform *p, const double *price, long work,
                        long es, long L, double *c, double *scratch)
{
    for (size_t q = 0; q < (size_t)L * (size_t)L; q++)
        c[q] = HUGE_VAL;
    for (long a = 0; a + work <= L; a++)
        ecs_profile_costs_from(p, price, work, es + a, L - a,
                               c + (size_t)a * (size_t)L + (size_t)a, scratch);
}

ecs_result ecs_profile_cheapest(const ecs_platform *p, const double *price,
                                long work, long s, long e,
                                unsigned char *freq, double *cost)
{
    long W = work * p->grid, len = e - s + 1;
    size_t width = (size_t)W + 1;
    double *dp = malloc((size_t)(len + 1) * width * sizeof *dp);
    unsigned char *how = malloc((size_t)len * width);
    long *from = malloc((size_t)len * width * sizeof *from);
    if (dp == NULL || how == NULL || from == NULL) {
        free(dp);
        free(how);
        free(from);
        return ECS_ENOMEM;
    }
    for (long v = 0; v <= W; v++)
        dp[v] = HUGE_VAL;
    dp[0] = 0.0;
    for (long t = 0; t < len; t++)
        dp_step(p, price[s + t], W, dp + (size_t)t * width,
                dp + (size_t)(t + 1) * width, how + (size_t)t * width,
                from + (size_t)t * width);
    double best = dp[(size_t)len * width + (size_t)W];
    ecs_result rc = ECS_OK;
    if (best == HUGE_VAL) {
        rc = ECS_EINFEASIBLE;
    } else {
        long v = W;
        for (long t = len - 1; t >= 0; t--) {
            freq[t] = how[(size_t)t * width + (size_t)v];
            v = from[(size_t)t * width + (size_t)v];
        }
        *cost = best;
    }
    free(dp);
    free(how);
    free(from);
    return rc;
}
