/* A primal heuristic for the strong model, run by the GLPK driver at every
 * node whose LP solution is fractional: round the LP to one interval per
 * task.  The strong model's LP is often integral or nearly so, and GLPK's
 * own search finds incumbents slowly on it. */
#include "milp_internal.h"

#include <stdlib.h>
#include <string.h>

ecs_result milp_rounder_init(milp_rounder *r, const ecs_graph *g,
                                 const ecs_platform *p, long deadline,
                                 const core_ivals *iv, const int *busy,
                                 const milp_strong_map *map, size_t ncols)
{
    memset(r, 0, sizeof *r);
    r->busy = busy;
    r->g = g;
    r->p = p;
    r->deadline = deadline;
    r->iv = iv;
    r->map = map;
    r->ncols = ncols;
    size_t n = g->n ? g->n : 1;
    r->used = malloc((size_t)deadline * sizeof *r->used);
    r->stop = malloc(n * sizeof *r->stop);
    r->pick = malloc(n * sizeof *r->pick);
    r->key = malloc(n * sizeof *r->key);
    r->done = malloc(n);
    if (!r->key || !r->done || !r->used || !r->stop || !r->pick) {
        milp_rounder_release(r);
        return ECS_ENOMEM;
    }
    return ECS_OK;
}

void milp_rounder_release(milp_rounder *r)
{
    if (r == NULL)
        return;
    free(r->used);
    free(r->stop);
    free(r->pick);
    free(r->key);
    free(r->done);
    memset(r, 0, sizeof *r);
}

/* Does interval v of task i fit after its predecessors and under P? */
static int fits(const milp_rounder *r, size_t i, size_t v)
{
    const core_interval *x = &r->iv->iv[v];
    const ecs_graph *g = r->g;
    for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
        if (r->stop[g->pred[k]] >= x->s)
            return 0;
    for (long l = x->s; l <= x->e; l++)
        if (r->used[l] >= r->p->pes)
            return 0;
    return 1;
}

static double lp_of(const milp_rounder *r, size_t i, size_t v)
{
    return r->lp[r->map->x_off[i] + (v - r->iv->off[i])];
}

/* The interval of task i: the fitting candidate with the largest LP value,
 * else the cheapest fitting one that ends no later than the LP's latest
 * end, else the fitting one that ends first (then the cheapest);
 * (size_t)-1 if none fits. */
static size_t choose(milp_rounder *r, size_t i)
{
    size_t best = (size_t)-1;
    double best_lp = 1e-6;
    long lp_end = -1;
    for (size_t v = r->iv->off[i]; v < r->iv->off[i + 1]; v++) {
        double a = lp_of(r, i, v);
        if (a > 1e-6 && r->iv->iv[v].e > lp_end)
            lp_end = r->iv->iv[v].e;
        if (a > best_lp && fits(r, i, v)) {
            best = v;
            best_lp = a;
        }
    }
    if (best != (size_t)-1)
        return best;
    for (size_t v = r->iv->off[i]; v < r->iv->off[i + 1]; v++) {
        const core_interval *x = &r->iv->iv[v];
        if (x->e <= lp_end &&
            (best == (size_t)-1 || x->cost < r->iv->iv[best].cost) &&
            fits(r, i, v))
            best = v;
    }
    if (best != (size_t)-1)
        return best;
    for (size_t v = r->iv->off[i]; v < r->iv->off[i + 1]; v++) {
        const core_interval *x = &r->iv->iv[v];
        if ((best == (size_t)-1 || x->e < r->iv->iv[best].e ||
             (x->e == r->iv->iv[best].e && x->cost < r->iv->iv[best].cost)) &&
            fits(r, i, v))
            best = v;
    }
    return best;
}

/* LP expected start of every task, into r->key. */
static void expected_starts(milp_rounder *r)
{
    for (size_t i = 0; i < r->g->n; i++) {
        double k = 0.0;
        for (size_t v = r->iv->off[i]; v < r->iv->off[i + 1]; v++)
            k += lp_of(r, i, v) * (double)r->iv->iv[v].s;
        r->key[i] = k;
    }
}

/* The ready task (every predecessor placed) with the earliest LP start. */
static size_t next_ready(const milp_rounder *r)
{
    const ecs_graph *g = r->g;
    size_t best = (size_t)-1;
    for (size_t i = 0; i < g->n; i++) {
        if (r->done[i])
            continue;
        int ready = 1;
        for (size_t k = g->pred_off[i]; ready && k < g->pred_off[i + 1]; k++)
            ready = r->done[g->pred[k]];
        if (ready && (best == (size_t)-1 || r->key[i] < r->key[best]))
            best = i;
    }
    return best;
}

int milp_round(void *ctx, const double *lp, double *x)
{
    milp_rounder *r = ctx;
    r->lp = lp;
    if (r->busy != NULL)
        memcpy(r->used, r->busy, (size_t)r->deadline * sizeof *r->used);
    else
        memset(r->used, 0, (size_t)r->deadline * sizeof *r->used);
    memset(r->done, 0, r->g->n ? r->g->n : 1);
    expected_starts(r);
    for (size_t k = 0; k < r->g->n; k++) {
        size_t i = next_ready(r);
        if (i == (size_t)-1)
            return -1;
        r->done[i] = 1;
        size_t v = choose(r, i);
        if (v == (size_t)-1)
            return -1;
        r->pick[i] = v;
        r->stop[i] = r->iv->iv[v].e;
        for (long l = r->iv->iv[v].s; l <= r->iv->iv[v].e; l++)
            r->used[l]++;
    }
    milp_strong_vector(r->iv, r->map, r->g->n, r->pick, x, r->ncols);
    return 0;
}
