/* The exact dynamic program over order ideals (solve_internal.h,
 * docs/MODEL.md "The dynamic program over order ideals").
 *
 * A state at the boundary before slot t is (I, R): I the tasks started
 * before t (predecessor-closed: an order ideal), R the running ones, those
 * of I whose last slot e is t or later, with e.  A task's cost depends on
 * its interval alone, so the cheapest completion of a state depends on the
 * state alone: the states of slot t + 1 are made from those of slot t by
 * starting, in slot t, any set of tasks whose predecessors have all
 * stopped, at most P - |R| of them, each with one of its kept intervals
 * [t, e]; equal states keep the cheaper cost.  Time runs forward one slot
 * per layer, so the first state with every task started and none running
 * is a complete schedule.  Every state is pruned against the incumbent by
 * a lower bound on its completion: the chains of a fixed chain
 * decomposition, each scheduled alone from t (the started prefix of a
 * chain is a prefix, since I is an ideal), with the slots priced by
 * Lagrangian multipliers mu >= 0 of the capacity.
 */
#include "search_internal.h"
#include "core/stateset.h"

#include "ecsched/limits.h"
#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/dp.h"
#include "ecsched/clock.h"
#include "ecsched/profile.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void ecs_dp_params_init(ecs_dp_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 60.0;
    prm->max_bytes = (size_t)1 << 30;
    prm->ub = HUGE_VAL;
}

ecs_result ecs_dp_params_validate(const ecs_dp_params *prm, ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (ecs_check_time_limit(prm->time_limit_s, diag) != ECS_OK)
        return ECS_EINVAL;
    if (ecs_check_gap(prm->gap, diag) != ECS_OK)
        return ECS_EINVAL;
    if (isnan(prm->ub))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the upper bound is not a number");
    return ECS_OK;
}

void ecs_dp_result_release(ecs_dp_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

static int popcount64(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* ---- counting ideals ---- */

/* A visited ideal (W 64-bit words) into the state set, as 2W 32-bit
 * words (key: room for them): 1 new, 0 seen before, -1 out of memory. */
static int add_ideal(core_stateset *s, const uint64_t *I, size_t W,
                     uint32_t *key)
{
    size_t before = s->count;
    memcpy(key, I, W * sizeof *I);
    int seen = core_stateset_visit(s, key, 2 * W);
    if (seen)
        return 0;
    return s->count > before ? 1 : -1;
}

size_t ecs_dp_count_ideals(const ecs_graph *g, size_t cap)
{
    size_t n = g->n, W = (n + 63) / 64;
    if (W == 0)
        return 1;
    uint64_t *pred = calloc(n * W, sizeof *pred);
    uint64_t *fifo = malloc((cap + 1) * W * sizeof *fifo);
    uint64_t *cur = malloc(W * sizeof *cur);
    uint32_t *key = malloc(W * sizeof *cur);
    core_stateset s;
    int have_set = core_stateset_init(&s, SIZE_MAX) == 0;
    size_t count = cap + 1;
    if (pred == NULL || fifo == NULL || cur == NULL || key == NULL ||
        !have_set)
        goto done;
    for (size_t i = 0; i < n; i++)
        for (size_t q = g->pred_off[i]; q < g->pred_off[i + 1]; q++)
            pred[i * W + g->pred[q] / 64] |= 1ull << (g->pred[q] % 64);
    memset(fifo, 0, W * sizeof *fifo);
    if (add_ideal(&s, fifo, W, key) < 0)
        goto done;
    /* breadth first from the empty ideal: add one task whose
     * predecessors are all in */
    for (size_t head = 0; head < s.count; head++) {
        const uint64_t *I = fifo + head * W;
        for (size_t i = 0; i < n; i++) {
            if (I[i / 64] >> (i % 64) & 1)
                continue;
            size_t q = 0;
            while (q < W && (pred[i * W + q] & ~I[q]) == 0)
                q++;
            if (q < W)
                continue;
            memcpy(cur, I, W * sizeof *cur);
            cur[i / 64] |= 1ull << (i % 64);
            int r = add_ideal(&s, cur, W, key);
            if (r < 0)
                goto done;
            if (r == 1) {
                if (s.count > cap)
                    goto done;
                memcpy(fifo + (s.count - 1) * W, cur, W * sizeof *cur);
            }
        }
    }
    count = s.count;
done:
    free(pred);
    free(fifo);
    free(cur);
    free(key);
    if (have_set)
        core_stateset_release(&s);
    return count;
}

/* ---- the problem ---- */

typedef struct dp {
    const ecs_graph *g;
    const core_ivals *iv;
    size_t n, W, KW;  /* tasks, 64-bit words of a set, 32-bit key words */
    int P;
    long D;
    uint64_t *pred;   /* n * W */
    size_t *first;    /* n * (D + 1): first interval of task i with s >= t */
    /* chains */
    size_t nch;
    size_t *ch_off, *ch_task; /* nch + 1 offsets, tasks in order */
    uint64_t *ch_mask;        /* nch * W */
    size_t *chain_of, *pos_in; /* each task's chain and position */
    size_t *F_off;            /* per chain: offset of its table */
    double *F, *F0;           /* (len + 1) * (D + 1) per chain: with mu, 0 */
    double *mu, *pre;         /* D multipliers, D + 1 prefix sums */
} dp;

static void dp_release(dp *d)
{
    free(d->pred);
    free(d->first);
    free(d->ch_off);
    free(d->ch_task);
    free(d->ch_mask);
    free(d->chain_of);
    free(d->pos_in);
    free(d->F_off);
    free(d->F);
    free(d->F0);
    free(d->mu);
    free(d->pre);
}

/* Chains: repeatedly the path of most work through the tasks not yet in a
 * chain (consecutive tasks joined by an edge). */
static int make_chains(dp *d)
{
    const ecs_graph *g = d->g;
    size_t n = d->n;
    long *best = malloc(n * sizeof *best);
    size_t *next = malloc(n * sizeof *next);
    unsigned char *used = calloc(n, 1);
    d->ch_off = malloc((n + 1) * sizeof *d->ch_off);
    d->ch_task = malloc(n * sizeof *d->ch_task);
    d->chain_of = malloc(n * sizeof *d->chain_of);
    d->pos_in = malloc(n * sizeof *d->pos_in);
    if (best == NULL || next == NULL || used == NULL || d->ch_off == NULL ||
        d->ch_task == NULL || d->chain_of == NULL || d->pos_in == NULL) {
        free(best);
        free(next);
        free(used);
        return -1;
    }
    size_t placed = 0;
    d->nch = 0;
    d->ch_off[0] = 0;
    while (placed < n) {
        for (size_t q = n; q-- > 0;) {
            size_t i = g->topo[q];
            if (used[i])
                continue;
            best[i] = g->work[i];
            next[i] = (size_t)-1;
            for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
                size_t j = g->succ[k];
                if (!used[j] && g->work[i] + best[j] > best[i]) {
                    best[i] = g->work[i] + best[j];
                    next[i] = j;
                }
            }
        }
        size_t h = (size_t)-1;
        for (size_t q = 0; q < n; q++) {
            size_t i = g->topo[q];
            if (!used[i] && (h == (size_t)-1 || best[i] > best[h]))
                h = i;
        }
        for (size_t i = h; i != (size_t)-1; i = next[i]) {
            used[i] = 1;
            d->chain_of[i] = d->nch;
            d->pos_in[i] = placed - d->ch_off[d->nch];
            d->ch_task[placed++] = i;
        }
        d->ch_off[++d->nch] = placed;
    }
    free(best);
    free(next);
    free(used);
    d->ch_mask = calloc(d->nch * d->W, sizeof *d->ch_mask);
    d->F_off = malloc((d->nch + 1) * sizeof *d->F_off);
    if (d->ch_mask == NULL || d->F_off == NULL)
        return -1;
    d->F_off[0] = 0;
    for (size_t c = 0; c < d->nch; c++) {
        for (size_t q = d->ch_off[c]; q < d->ch_off[c + 1]; q++) {
            size_t i = d->ch_task[q];
            d->ch_mask[c * d->W + i / 64] |= 1ull << (i % 64);
        }
        size_t len = d->ch_off[c + 1] - d->ch_off[c];
        d->F_off[c + 1] = d->F_off[c] + (len + 1) * (size_t)(d->D + 1);
    }
    d->F = malloc(d->F_off[d->nch] * sizeof *d->F);
    d->F0 = malloc(d->F_off[d->nch] * sizeof *d->F0);
    return d->F == NULL || d->F0 == NULL ? -1 : 0;
}

/* F[c][j][s]: the least cost, intervals priced by mu (prefix sums pre),
 * of chain c's tasks j.. one after the other, the first starting at s or
 * later (HUGE_VAL when they do not fit by D). */
static void chain_tables(dp *d, const double *pre, double *F)
{
    long D = d->D;
    for (size_t c = 0; c < d->nch; c++) {
        size_t len = d->ch_off[c + 1] - d->ch_off[c];
        double *T = F + d->F_off[c];
        for (long s = 0; s <= D; s++)
            T[len * (size_t)(D + 1) + (size_t)s] = 0.0;
        for (size_t j = len; j-- > 0;) {
            size_t i = d->ch_task[d->ch_off[c] + j];
            double *row = T + j * (size_t)(D + 1);
            const double *nxt = row + (D + 1);
            row[D] = HUGE_VAL;
            for (long s = D - 1; s >= 0; s--) {
                double v = row[s + 1];
                for (size_t k = d->first[i * (size_t)(D + 1) + (size_t)s];
                     k < d->first[i * (size_t)(D + 1) + (size_t)s + 1]; k++) {
                    const core_interval *x = &d->iv->iv[k];
                    double z = x->cost + pre[x->e + 1] - pre[s] + nxt[x->e + 1];
                    if (z < v)
                        v = z;
                }
                row[s] = v;
            }
        }
    }
}

static void prefix(const double *mu, long D, double *pre)
{
    pre[0] = 0.0;
    for (long l = 0; l < D; l++)
        pre[l + 1] = pre[l] + mu[l];
}

/* The Lagrangian value at the root for d->mu (tables in F), and the
 * subgradient (slots used by the chains' minimisers minus P) in grad. */
static double root_value(dp *d, const double *pre, const double *F,
                         double *grad)
{
    long D = d->D;
    double v = -(double)d->P * pre[D];
    for (long l = 0; l < D; l++)
        grad[l] = -(double)d->P;
    for (size_t c = 0; c < d->nch; c++) {
        size_t len = d->ch_off[c + 1] - d->ch_off[c];
        const double *T = F + d->F_off[c];
        v += T[0];
        long s = 0;
        for (size_t j = 0; j < len && s < D;) {
            const double *row = T + j * (size_t)(D + 1);
            if (row[s] == row[s + 1]) {
                s++;
                continue;
            }
            size_t i = d->ch_task[d->ch_off[c] + j];
            const double *nxt = row + (D + 1);
            long e = -1;
            for (size_t k = d->first[i * (size_t)(D + 1) + (size_t)s];
                 k < d->first[i * (size_t)(D + 1) + (size_t)s + 1]; k++) {
                const core_interval *x = &d->iv->iv[k];
                if (x->cost + pre[x->e + 1] - pre[s] + nxt[x->e + 1] ==
                    row[s]) {
                    e = x->e;
                    break;
                }
            }
            if (e < 0)
                break; /* cannot happen: row[s] came from such an interval */
            for (long l = s; l <= e; l++)
                grad[l] += 1.0;
            s = e + 1;
            j++;
        }
    }
    return v;
}

/* Multipliers by subgradient steps (Polyak, towards target) from mu0,
 * until t_end or a few hundred steps; the best in d->mu, tables in d->F. */
static int choose_mu(dp *d, const double *mu0, double target, double t_end,
                     double *root)
{
    long D = d->D;
    double *mu = malloc((size_t)D * sizeof *mu);
    double *grad = malloc((size_t)D * sizeof *grad);
    double *pre = malloc((size_t)(D + 1) * sizeof *pre);
    if (mu == NULL || grad == NULL || pre == NULL) {
        free(mu);
        free(grad);
        free(pre);
        return -1;
    }
    for (long l = 0; l < D; l++)
        mu[l] = mu0 != NULL && mu0[l] > 0.0 ? mu0[l] : 0.0;
    double best = -HUGE_VAL, step = 1.0;
    int stall = 0;
    for (int it = 0; it < 300; it++) {
        prefix(mu, D, pre);
        chain_tables(d, pre, d->F);
        double v = root_value(d, pre, d->F, grad);
        if (v > best) {
            best = v;
            memcpy(d->mu, mu, (size_t)D * sizeof *mu);
            stall = 0;
        } else if (++stall >= 20) {
            step *= 0.5;
            stall = 0;
        }
        double nn = 0.0;
        for (long l = 0; l < D; l++)
            if (mu[l] > 0.0 || grad[l] > 0.0)
                nn += grad[l] * grad[l];
        if (nn == 0.0 || !isfinite(v) || step < 1e-4 ||
            ecs_clock_now() > t_end)
            break;
        double goal = isfinite(target) && target > v ? target : v + 1.0;
        double a = step * (goal - v) / nn;
        for (long l = 0; l < D; l++) {
            mu[l] += a * grad[l];
            if (mu[l] < 0.0)
                mu[l] = 0.0;
        }
    }
    prefix(d->mu, D, d->pre);
    chain_tables(d, d->pre, d->F);
    *root = best;
    free(mu);
    free(grad);
    free(pre);
    return 0;
}

static ecs_result dp_init(dp *d, const ecs_graph *g, const ecs_platform *p,
                          long D, const core_ivals *iv,
                          const ecs_dp_params *prm, double *root,
                          ecs_diag *diag)
{
    memset(d, 0, sizeof *d);
    d->g = g;
    d->iv = iv;
    d->n = g->n;
    d->W = (g->n + 63) / 64;
    d->P = p->pes;
    d->D = D;
    size_t n = d->n, D1 = (size_t)D + 1;
    d->pred = calloc(n * d->W + 1, sizeof *d->pred);
    d->first = malloc((n ? n : 1) * D1 * sizeof *d->first);
    d->mu = calloc(D1, sizeof *d->mu);
    d->pre = calloc(D1, sizeof *d->pre);
    double *pre0 = calloc(D1, sizeof *pre0);
    if (d->pred == NULL || d->first == NULL || d->mu == NULL ||
        d->pre == NULL || pre0 == NULL) {
        free(pre0);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t q = g->pred_off[i]; q < g->pred_off[i + 1]; q++)
            d->pred[i * d->W + g->pred[q] / 64] |= 1ull << (g->pred[q] % 64);
        size_t k = iv->off[i];
        for (long t = 0; t <= D; t++) {
            while (k < iv->off[i + 1] && iv->iv[k].s < t)
                k++;
            d->first[i * D1 + (size_t)t] = k;
        }
    }
    if (make_chains(d) != 0) {
        free(pre0);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    chain_tables(d, pre0, d->F0);
    free(pre0);
    if (choose_mu(d, prm->mu0, prm->ub,
                  ecs_clock_now() + 0.1 * prm->time_limit_s, root) != 0)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    return ECS_OK;
}

/* ---- states ---- */

/* A key: W set words as 2W 32-bit words, then |R|, then (task, e) pairs
 * sorted by task. */
typedef struct label {
    double cost;
    uint32_t parent;  /* label index in the previous slot, or UINT32_MAX */
    uint32_t key_off; /* in the key arena; its length is there too */
} label;

typedef struct store {
    label *lab;
    size_t nlab, cap_lab;
    uint32_t *keys;
    size_t nkeys, cap_keys;
    uint32_t *table; /* label index + 1, 0 = empty */
    uint32_t *stamp; /* layer that filled the slot */
    size_t cap_table, in_table;
    size_t max_bytes;
} store;

static size_t key_len(const dp *d, size_t nrun)
{
    return 2 * d->W + 1 + 2 * nrun;
}

static uint64_t hash_key(const uint32_t *k, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t q = 0; q < len; q++) {
        h ^= k[q];
        h *= 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

static size_t store_bytes(const store *s)
{
    return s->cap_lab * sizeof *s->lab + s->cap_keys * sizeof *s->keys +
           s->cap_table * 2 * sizeof *s->table;
}

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t nc = *cap ? *cap : 1024;
    while (nc < need)
        nc *= 2;
    void *q = realloc(*p, nc * size);
    if (q == NULL)
        return -1;
    *p = q;
    *cap = nc;
    return 0;
}

/* Rehash the labels of layer `layer` (indices lo .. nlab-1) into a table
 * of nc slots. */
static int rehash(store *s, size_t nc, uint32_t layer, size_t lo)
{
    uint32_t *t = calloc(nc, sizeof *t), *st = calloc(nc, sizeof *st);
    if (t == NULL || st == NULL) {
        free(t);
        free(st);
        return -1;
    }
    for (size_t i = lo; i < s->nlab; i++) {
        const uint32_t *k = s->keys + s->lab[i].key_off;
        if (s->lab[i].cost == HUGE_VAL)
            continue; /* a complete state: never in the table */
        size_t j = hash_key(k + 1, k[0]) & (nc - 1);
        while (st[j] == layer && t[j] != 0)
            j = (j + 1) & (nc - 1);
        t[j] = (uint32_t)i + 1;
        st[j] = layer;
    }
    free(s->table);
    free(s->stamp);
    s->table = t;
    s->stamp = st;
    s->cap_table = nc;
    return 0;
}

/* Add or improve the state key (len words) of layer `layer` (its labels
 * from lo on); 0, 1 over the memory budget, -1 out of memory. */
static int store_put(store *s, const uint32_t *key, size_t len, double cost,
                     uint32_t parent, uint32_t layer, size_t lo)
{
    if (2 * (s->in_table + 1) > s->cap_table) {
        size_t nc = s->cap_table ? 2 * s->cap_table : 1u << 16;
        if (rehash(s, nc, layer, lo) != 0)
            return -1;
    }
    size_t j = hash_key(key, len) & (s->cap_table - 1);
    while (s->stamp[j] == layer && s->table[j] != 0) {
        label *L = &s->lab[s->table[j] - 1];
        const uint32_t *k = s->keys + L->key_off;
        if (k[0] == len && memcmp(k + 1, key, len * sizeof *key) == 0) {
            if (cost < L->cost) {
                L->cost = cost;
                L->parent = parent;
            }
            return 0;
        }
        j = (j + 1) & (s->cap_table - 1);
    }
    if (s->nlab >= UINT32_MAX - 1 || s->nkeys + len + 1 >= UINT32_MAX ||
        store_bytes(s) > s->max_bytes)
        return 1;
    if (grow((void **)&s->lab, &s->cap_lab, s->nlab + 1, sizeof *s->lab) ||
        grow((void **)&s->keys, &s->cap_keys, s->nkeys + len + 1,
             sizeof *s->keys))
        return -1;
    label *L = &s->lab[s->nlab];
    L->cost = cost;
    L->parent = parent;
    L->key_off = (uint32_t)s->nkeys;
    s->keys[s->nkeys] = (uint32_t)len;
    memcpy(s->keys + s->nkeys + 1, key, len * sizeof *key);
    s->nkeys += len + 1;
    s->table[j] = (uint32_t)s->nlab + 1;
    s->stamp[j] = layer;
    s->nlab++;
    s->in_table++;
    return 0;
}

/* The completion bound of state (I, R) at slot t: the chains from t (a
 * chain whose last started task runs to e from e + 1), priced by mu,
 * less the capacity left, P - |R| in slots reached by running tasks;
 * or, with mu = 0, the chains alone. */
static double completion_bound(const dp *d, const uint32_t *key, long t)
{
    size_t W = d->W, D1 = (size_t)d->D + 1;
    const uint32_t *R = key + 2 * W;
    size_t nrun = R[0];
    double v = 0.0, v0 = 0.0;
    for (size_t c = 0; c < d->nch; c++) {
        size_t j = 0;
        for (size_t q = 0; q < W; q++) {
            uint64_t w = (uint64_t)key[2 * q] | (uint64_t)key[2 * q + 1] << 32;
            j += (size_t)popcount64(w & d->ch_mask[c * W + q]);
        }
        size_t len = d->ch_off[c + 1] - d->ch_off[c];
        if (j == len)
            continue;
        long s = t;
        if (j > 0) { /* the chain's last started task may still run */
            size_t prev = d->ch_task[d->ch_off[c] + j - 1];
            for (size_t r = 0; r < nrun; r++)
                if (R[1 + 2 * r] == prev && (long)R[2 + 2 * r] + 1 > s)
                    s = (long)R[2 + 2 * r] + 1;
        }
        if (s > d->D)
            return HUGE_VAL;
        v += d->F[d->F_off[c] + j * D1 + (size_t)s];
        v0 += d->F0[d->F_off[c] + j * D1 + (size_t)s];
    }
    double cap = (double)d->P * (d->pre[d->D] - d->pre[t]);
    for (size_t r = 0; r < nrun; r++)
        cap -= d->pre[R[2 + 2 * r] + 1] - d->pre[t];
    v -= cap;
    return v > v0 ? v : v0;
}

/* ---- the search ---- */

typedef struct search {
    dp *d;
    store st;
    const ecs_dp_params *prm;
    double t_end;       /* monotonic seconds */
    double ub, thr;     /* incumbent, prune at thr */
    double pruned;      /* least cost plus completion bound pruned */
    uint32_t best_lab;  /* complete label of the incumbent found */
    long t;             /* the slot being decided */
    size_t lo;          /* first label of the next layer */
    int stop;           /* 1 budget, -1 out of memory */
    unsigned long ticks;
    /* the state being expanded */
    uint32_t parent;
    double cost;
    uint64_t *I;        /* W words */
    uint32_t *run;      /* 2 * nrun: (task, e) */
    size_t nrun;
    size_t *avail, navail;
    uint32_t *pick;     /* 2 * P: (task, e) chosen */
    uint32_t *key;      /* scratch */
} search;

static double threshold(double ub, double gap)
{
    if (!isfinite(ub))
        return HUGE_VAL;
    double tol = gap * fabs(ub);
    double tiny = 1e-10 * (1.0 + fabs(ub)); /* within solve's 1e-9 */
    return ub - (tol > tiny ? tol : tiny);
}

/* Build the key of the state reached by starting pick[0..np-1] at t. */
static size_t child_key(search *S, size_t np, int *complete)
{
    dp *d = S->d;
    size_t W = d->W;
    uint64_t allin = 1;
    for (size_t q = 0; q < W; q++) {
        uint64_t w = S->I[q];
        for (size_t k = 0; k < np; k++)
            if (S->pick[2 * k] / 64 == q)
                w |= 1ull << (S->pick[2 * k] % 64);
        S->key[2 * q] = (uint32_t)w;
        S->key[2 * q + 1] = (uint32_t)(w >> 32);
        uint64_t fullw = q + 1 < W || d->n % 64 == 0
                             ? ~0ull
                             : (1ull << (d->n % 64)) - 1;
        allin &= w == fullw;
    }
    /* merge running and picked by task, keeping e > t */
    uint32_t *R = S->key + 2 * W;
    size_t m = 0, a = 0, b = 0;
    while (a < S->nrun || b < np) {
        int froma = b >= np || (a < S->nrun && S->run[2 * a] < S->pick[2 * b]);
        const uint32_t *x = froma ? S->run + 2 * a++ : S->pick + 2 * b++;
        if ((long)x[1] > S->t) {
            R[1 + 2 * m] = x[0];
            R[2 + 2 * m] = x[1];
            m++;
        }
    }
    R[0] = (uint32_t)m;
    *complete = allin && m == 0;
    return key_len(d, m);
}

static void reached(search *S, size_t np, double cost)
{
    int complete;
    size_t len = child_key(S, np, &complete);
    if (complete) {
        if (cost < S->ub) {
            /* keep the complete state as a label outside the table */
            store *st = &S->st;
            if (grow((void **)&st->lab, &st->cap_lab, st->nlab + 1,
                     sizeof *st->lab) ||
                grow((void **)&st->keys, &st->cap_keys, st->nkeys + len + 1,
                     sizeof *st->keys)) {
                S->stop = -1;
                return;
            }
            label *L = &st->lab[st->nlab];
            L->cost = HUGE_VAL; /* never expanded */
            L->parent = S->parent;
            L->key_off = (uint32_t)st->nkeys;
            st->keys[st->nkeys] = (uint32_t)len;
            memcpy(st->keys + st->nkeys + 1, S->key, len * sizeof *S->key);
            st->nkeys += len + 1;
            S->best_lab = (uint32_t)st->nlab++;
            S->ub = cost;
            S->thr = threshold(cost, S->prm->gap);
        }
        return;
    }
    if (S->t + 1 >= S->d->D)
        return; /* the horizon ends with tasks left */
    double f = cost + completion_bound(S->d, S->key, S->t + 1);
    if (f >= S->thr) {
        if (f < S->pruned)
            S->pruned = f;
        return;
    }
    int r = store_put(&S->st, S->key, len, cost, S->parent,
                      (uint32_t)(S->t + 2), S->lo);
    if (r != 0)
        S->stop = r;
}

/* Start picks from avail[from..] (np chosen so far, cost so far). */
static void enumerate(search *S, size_t from, size_t np, double cost)
{
    if (S->stop)
        return;
    if ((++S->ticks & 1023) == 0 && ecs_clock_now() > S->t_end) {
        S->stop = 1;
        return;
    }
    reached(S, np, cost);
    if ((int)(S->nrun + np) >= S->d->P)
        return;
    const dp *d = S->d;
    size_t D1 = (size_t)d->D + 1;
    for (size_t a = from; a < S->navail && !S->stop; a++) {
        size_t i = S->avail[a];
        size_t k0 = d->first[i * D1 + (size_t)S->t];
        size_t k1 = d->first[i * D1 + (size_t)S->t + 1];
        for (size_t k = k0; k < k1 && !S->stop; k++) {
            S->pick[2 * np] = (uint32_t)i;
            S->pick[2 * np + 1] = (uint32_t)d->iv->iv[k].e;
            enumerate(S, a + 1, np + 1, cost + d->iv->iv[k].cost);
        }
    }
}

/* Expand label li of layer t. */
static void expand(search *S, uint32_t li)
{
    dp *d = S->d;
    size_t W = d->W, D1 = (size_t)d->D + 1;
    label L = S->st.lab[li];
    const uint32_t *k = S->st.keys + L.key_off + 1;
    double f = L.cost + completion_bound(d, k, S->t);
    if (!(f < S->thr)) {
        if (f < S->pruned)
            S->pruned = f;
        return;
    }
    for (size_t q = 0; q < W; q++)
        S->I[q] = (uint64_t)k[2 * q] | (uint64_t)k[2 * q + 1] << 32;
    S->nrun = k[2 * W];
    memcpy(S->run, k + 2 * W + 1, 2 * S->nrun * sizeof *S->run);
    /* stopped = I without the running tasks */
    uint64_t *done = S->I + W; /* scratch after I */
    memcpy(done, S->I, W * sizeof *done);
    for (size_t r = 0; r < S->nrun; r++)
        done[S->run[2 * r] / 64] &= ~(1ull << (S->run[2 * r] % 64));
    S->navail = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (S->I[i / 64] >> (i % 64) & 1)
            continue;
        if (d->first[i * D1 + (size_t)S->t] ==
            d->first[i * D1 + (size_t)S->t + 1])
            continue; /* no kept interval starts at t */
        size_t q = 0;
        while (q < W && (d->pred[i * W + q] & ~done[q]) == 0)
            q++;
        if (q == W)
            S->avail[S->navail++] = i;
    }
    S->parent = li;
    S->cost = L.cost;
    enumerate(S, 0, 0, L.cost);
}

typedef struct rank {
    double f;
    uint32_t lab;
} rank;

static int by_f(const void *a, const void *b)
{
    double x = ((const rank *)a)->f, y = ((const rank *)b)->f;
    return x < y ? -1 : x > y;
}

/* Beam: keep the `beam` labels of the layer [lo, nlab) of least cost plus
 * completion bound; the others are marked dead (cost HUGE_VAL). */
static int cut_beam(search *S, long t)
{
    store *st = &S->st;
    size_t m = st->nlab - S->lo;
    if (m <= S->prm->beam)
        return 0;
    rank *r = malloc(m * sizeof *r);
    if (r == NULL)
        return -1;
    for (size_t q = 0; q < m; q++) {
        const label *L = &st->lab[S->lo + q];
        r[q].lab = (uint32_t)(S->lo + q);
        r[q].f = L->cost + completion_bound(S->d, st->keys + L->key_off + 1, t);
    }
    qsort(r, m, sizeof *r, by_f);
    for (size_t q = S->prm->beam; q < m; q++)
        st->lab[r[q].lab].cost = HUGE_VAL;
    free(r);
    return 0;
}

/* The schedule of the complete label: every task's interval from the
 * labels on its path, profiles by DP, PEs greedily. */
static ecs_result rebuild(search *S, const ecs_platform *p,
                          const double *price, ecs_schedule **out,
                          double *cost, ecs_diag *diag)
{
    dp *d = S->d;
    size_t W = d->W, n = d->n;
    long *s = malloc((n ? n : 1) * sizeof *s);
    long *e = malloc((n ? n : 1) * sizeof *e);
    if (s == NULL || e == NULL) {
        free(s);
        free(e);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t i = 0; i < n; i++)
        s[i] = e[i] = -1;
    /* walk back: a label at depth t (state before slot t); the tasks in
     * its set but not in its parent's started at t - 1 */
    uint32_t li = S->best_lab;
    long t = S->t + 1;
    while (li != UINT32_MAX && t > 0) {
        const label *L = &S->st.lab[li];
        const uint32_t *k = S->st.keys + L->key_off + 1;
        const uint32_t *pk = L->parent == UINT32_MAX
                                 ? NULL
                                 : S->st.keys + S->st.lab[L->parent].key_off + 1;
        for (size_t i = 0; i < n; i++) {
            int in = k[2 * (i / 64) + (i % 64 >= 32)] >> (i % 32) & 1;
            int pin = pk != NULL &&
                      (pk[2 * (i / 64) + (i % 64 >= 32)] >> (i % 32) & 1);
            if (in && !pin) {
                s[i] = t - 1;
                e[i] = t - 1; /* unless still running below */
                const uint32_t *R = k + 2 * W;
                for (size_t r = 0; r < R[0]; r++)
                    if (R[1 + 2 * r] == i)
                        e[i] = (long)R[2 + 2 * r];
            }
        }
        li = L->parent;
        t--;
    }
    ecs_schedule *sc = ecs_schedule_new(n);
    ecs_result rc = sc ? ECS_OK : ECS_ENOMEM;
    double total = 0.0;
    for (size_t i = 0; i < n && rc == ECS_OK; i++) {
        if (s[i] < 0) {
            rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                              "the dynamic program lost task %ld",
                              d->g->id[i]);
            break;
        }
        unsigned char *f = malloc((size_t)(e[i] - s[i] + 1));
        double c = 0.0;
        rc = f ? ecs_profile_cheapest(p, price, d->g->work[i], s[i], e[i], f,
                                      &c)
               : ECS_ENOMEM;
        if (rc == ECS_OK)
            rc = ecs_schedule_place(sc, i, 0, s[i], e[i], f, 0);
        free(f);
        total += c;
    }
    if (rc == ECS_OK && ecs_schedule_assign_pes(sc, d->P) != ECS_OK)
        rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                          "the dynamic program ran more than P tasks");
    free(s);
    free(e);
    if (rc != ECS_OK) {
        ecs_schedule_free(sc);
        if (rc == ECS_ENOMEM)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        return rc;
    }
    *out = sc;
    *cost = total;
    return ECS_OK;
}

static ecs_result dp_run(const ecs_graph *g, const ecs_platform *p,
                         const double *price, long deadline,
                         const core_ivals *iv, const ecs_dp_params *prm,
                         ecs_dp_result *out, ecs_diag *diag)
{
    dp d;
    double root = -HUGE_VAL;
    ecs_result rc = dp_init(&d, g, p, deadline, iv, prm, &root, diag);
    if (rc != ECS_OK) {
        dp_release(&d);
        return rc;
    }
    out->root_bound = root;
    search S;
    memset(&S, 0, sizeof S);
    S.d = &d;
    S.prm = prm;
    S.ub = prm->ub;
    S.thr = threshold(prm->ub, prm->gap);
    S.pruned = HUGE_VAL;
    S.best_lab = UINT32_MAX;
    S.st.max_bytes = prm->max_bytes;
    S.t_end = ecs_clock_now() + prm->time_limit_s;
    size_t W = d.W;
    S.I = malloc(2 * W * sizeof *S.I);
    S.run = malloc(2 * (size_t)d.P * sizeof *S.run);
    S.pick = malloc(2 * (size_t)d.P * sizeof *S.pick);
    S.key = malloc(key_len(&d, (size_t)d.P) * sizeof *S.key);
    S.avail = malloc(d.n * sizeof *S.avail);
    if (S.I == NULL || S.run == NULL || S.pick == NULL || S.key == NULL ||
        S.avail == NULL)
        S.stop = -1;
    /* the root: nothing started */
    if (!S.stop) {
        memset(S.key, 0, key_len(&d, 0) * sizeof *S.key);
        if (store_put(&S.st, S.key, key_len(&d, 0), 0.0, UINT32_MAX, 1, 0))
            S.stop = -1;
    }
    size_t layer_lo = 0;
    long t = 0;
    for (; t < deadline && !S.stop; t++) {
        size_t layer_hi = S.st.nlab;
        S.t = t;
        S.lo = layer_hi;
        S.st.in_table = 0;
        for (size_t li = layer_lo; li < layer_hi && !S.stop; li++)
            if (S.st.lab[li].cost != HUGE_VAL)
                expand(&S, (uint32_t)li);
        if (S.stop)
            break;
        if (prm->beam > 0 && cut_beam(&S, t + 1) != 0)
            S.stop = -1;
        layer_lo = layer_hi;
        if (layer_hi == S.st.nlab)
            break; /* nothing left to expand */
    }
    out->states = S.st.nlab;
    if (S.stop == -1)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == ECS_OK && S.best_lab != UINT32_MAX) {
        /* the complete label's depth: its parent's layer + 1 */
        uint32_t li = S.st.lab[S.best_lab].parent;
        long depth = 1;
        while (li != UINT32_MAX && S.st.lab[li].parent != UINT32_MAX) {
            li = S.st.lab[li].parent;
            depth++;
        }
        S.t = depth - 1;
        rc = rebuild(&S, p, price, &out->schedule, &out->cost, diag);
    }
    if (rc == ECS_OK && !S.stop && prm->beam == 0) {
        out->finished = 1;
        /* every schedule is the incumbent, one the search reached at no
         * less than the incumbent of its time, or one below a pruned
         * state, whose cost plus completion bound was at least the
         * threshold of its time (>= S.thr: the threshold only falls); with
         * gap 0, S.thr is the incumbent less a rounding tolerance, and the
         * bound is reported as the incumbent */
        out->bound = prm->gap > 0.0 && S.pruned < S.ub ? S.pruned : S.ub;
        if (out->schedule != NULL && out->cost < out->bound)
            out->bound = out->cost;
    }
    free(S.I);
    free(S.run);
    free(S.pick);
    free(S.key);
    free(S.avail);
    free(S.st.lab);
    free(S.st.keys);
    free(S.st.table);
    free(S.st.stamp);
    dp_release(&d);
    return rc;
}

ecs_result ecs_dp_solve(const ecs_instance *inst, const ecs_dp_params *prm, ecs_dp_result *out,
                        ecs_diag *diag)
{
    /* the reduction when the instance is prepared (fewer edges, the same
     * schedules), and its windows */
    double t0 = ecs_clock_now();
    memset(out, 0, sizeof *out);
    out->cost = NAN;
    out->bound = -HUGE_VAL;
    out->root_bound = -HUGE_VAL;
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_paper(inst, "the dynamic program", diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "the dynamic program", diag);
    if (rc == ECS_OK)
        rc = ecs_dp_params_validate(prm, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = ecs_instance_solver_graph(inst);
    const ecs_platform *p = inst->platform;
    const double *price = inst->price;
    long deadline = inst->deadline;
    if (g->n == 0 || g->n > 512)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the dynamic program takes 1 to 512 tasks, "
                            "not %zu", g->n);
    ecs_windows w;
    memset(&w, 0, sizeof w);
    const ecs_windows *wp = &w;
    int empty = 0;
    if (inst->windows.es != NULL && inst->windows.n == g->n) {
        wp = &inst->windows;
        empty = inst->windows_empty;
    } else if ((rc = ecs_windows_compute(g, p->pes, deadline, &w, &empty,
                                         diag)) != ECS_OK) {
        return rc;
    }
    if (empty) { /* no schedule meets D': nothing costs less than +inf */
        ecs_windows_release(&w);
        out->finished = 1;
        out->bound = HUGE_VAL;
        out->runtime_s = ecs_clock_now() - t0;
        return ECS_OK;
    }
    core_ivals iv;
    rc = core_ivals_compute(g, p, price, NULL, wp, t0 + prm->time_limit_s, &iv,
                           diag);
    ecs_windows_release(&w);
    if (rc == ECS_ELIMIT) { /* out of time while costing the intervals */
        ecs_diag_clear(diag);
        out->runtime_s = ecs_clock_now() - t0;
        return ECS_OK;
    }
    if (rc != ECS_OK)
        return rc;
    ecs_dp_params left = *prm;
    left.time_limit_s = prm->time_limit_s - (ecs_clock_now() - t0);
    if (left.time_limit_s < 1e-3)
        left.time_limit_s = 1e-3;
    rc = dp_run(g, p, price, deadline, &iv, &left, out, diag);
    core_ivals_release(&iv);
    if (rc == ECS_OK && out->schedule != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(inst, out->schedule,
                               &rep, NULL) != ECS_OK) {
            ecs_dp_result_release(out);
            return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                "the dynamic program's schedule breaks the "
                                "model: %s",
                                rep.msg);
        }
        out->cost = rep.cost;
    }
    out->runtime_s = ecs_clock_now() - t0;
    return rc;
}
