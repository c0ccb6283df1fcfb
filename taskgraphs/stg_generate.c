/*
 * Random task graphs like those of the STG set (stg.h): "sameprob" (every
 * pair i < j is an edge with the same probability), "layered" (the STG
 * set's "layrprob": tasks in layers, every pair from an earlier to a later
 * layer is an edge with the same probability) and "forkjoin" (a pipeline of
 * fork-join stages, like Montage or Epigenomics workflows).  Work is uniform in
 * 1..max_work.  The only source of randomness is a splitmix64 stream seeded
 * with params->seed, drawn in a fixed order (works, then layers or stage
 * widths, then edges), so the same parameters give the same graph on every machine.
 */
#include "ecsched/graph.h"
#include "ecsched/stg.h"

#include "ecsched/rng.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ecs_gen_params_init(ecs_gen_params *p)
{
    memset(p, 0, sizeof *p);
    p->tasks = 50;
    p->method = ECS_GEN_SAMEPROB;
    p->seed = 1;
    p->max_work = 10;
    p->avg_preds = 2.0;
    p->chain_min = p->chain_max = 1;
}

const char *ecs_gen_method_name(ecs_gen_method m)
{
    switch (m) {
    case ECS_GEN_SAMEPROB:
        return "sameprob";
    case ECS_GEN_LAYERED:
        return "layered";
    case ECS_GEN_FORKJOIN:
        return "forkjoin";
    }
    return "unknown";
}

ecs_result ecs_gen_method_parse(const char *name, ecs_gen_method *out,
                                ecs_diag *diag)
{
    static const ecs_gen_method all[] = {ECS_GEN_SAMEPROB, ECS_GEN_LAYERED,
                                         ECS_GEN_FORKJOIN};
    for (size_t k = 0; name != NULL && k < sizeof all / sizeof all[0]; k++)
        if (strcmp(name, ecs_gen_method_name(all[k])) == 0) {
            *out = all[k];
            return ECS_OK;
        }
    return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                        "unknown generator method '%s' (sameprob, layered "
                        "or forkjoin)",
                        name ? name : "");
}

size_t ecs_gen_layers(size_t tasks)
{
    if (tasks < 2)
        return tasks;
    size_t l = (tasks + 5) / 10; /* round(tasks / 10) */
    if (l < 2)
        l = 2;
    return l;
}

ecs_result ecs_gen_params_validate(const ecs_gen_params *p, ecs_diag *d)
{
    if (p == NULL)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0, "no parameters");
    if (p->tasks < 1 || p->tasks > ECS_GEN_MAX_TASKS)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "the number of tasks must be 1..%d, not %zu",
                            ECS_GEN_MAX_TASKS, p->tasks);
    if (p->method != ECS_GEN_SAMEPROB && p->method != ECS_GEN_LAYERED &&
        p->method != ECS_GEN_FORKJOIN)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "unknown generator method %d", (int)p->method);
    if (p->max_work < 1 || p->max_work > ECS_GEN_MAX_WORK)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "the maximum work must be 1..%ld, not %ld",
                            (long)ECS_GEN_MAX_WORK, p->max_work);
    if (p->chain_min < 1 || p->chain_max < p->chain_min ||
        p->chain_max > ECS_GEN_FJ_MAX_CHAIN)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "the branches' chain lengths must be LO..HI with "
                            "1 <= LO <= HI <= %d, not %zu..%zu",
                            ECS_GEN_FJ_MAX_CHAIN, p->chain_min, p->chain_max);
    if (p->chain_max > 1 && p->method != ECS_GEN_FORKJOIN)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "chains as branches (%zu..%zu tasks) are for the "
                            "forkjoin method only",
                            p->chain_min, p->chain_max);
    if (!isfinite(p->avg_preds) || p->avg_preds < 0)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "the average number of predecessors must be a "
                            "number >= 0");
    double most = ((double)p->tasks - 1) / 2;
    if (p->avg_preds > most)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "an average of %g predecessors is impossible with "
                            "%zu tasks: at most (tasks - 1) / 2 = %g",
                            p->avg_preds, p->tasks, most);
    if (p->avg_preds * (double)p->tasks > ECS_GEN_MAX_EDGES)
        return ecs_diag_set(d, ECS_EINVAL, NULL, 0,
                            "%zu tasks with %g predecessors on average would "
                            "be more than %d edges",
                            p->tasks, p->avg_preds, ECS_GEN_MAX_EDGES);
    return ECS_OK;
}

typedef struct edge_list {
    ecs_edge *e;
    size_t n, cap;
} edge_list;

static int add_edge(edge_list *l, size_t from, size_t to)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        ecs_edge *e = realloc(l->e, cap * sizeof *e);
        if (e == NULL)
            return -1;
        l->e = e;
        l->cap = cap;
    }
    l->e[l->n].from = from;
    l->e[l->n].to = to;
    l->e[l->n].comm = 0;
    l->n++;
    return 0;
}

/* sameprob: pair (i, j), i < j, with p = 2 avg / (n - 1), so that the
 * expected number of predecessors per task is avg. */
static int gen_sameprob(const ecs_gen_params *p, ecs_rng *r, edge_list *l)
{
    size_t n = p->tasks;
    double prob = n > 1 ? 2 * p->avg_preds / (double)(n - 1) : 0;
    uint64_t t = ecs_rng_threshold(prob);
    for (size_t j = 2; j <= n; j++)
        for (size_t i = 1; i < j; i++)
            if (ecs_rng_hit(r, t) && add_edge(l, i, j) != 0)
                return -1;
    return 0;
}

/* layered: ecs_gen_layers(n) layers, each with one task plus the others
 * dealt out uniformly at random; tasks numbered layer by layer; a pair from
 * an earlier to a later layer is an edge with p = avg n / (cross pairs),
 * capped at 1. */
static int gen_layered(const ecs_gen_params *p, ecs_rng *r, edge_list *l)
{
    size_t n = p->tasks, nl = ecs_gen_layers(n);
    size_t *width = calloc(nl + 1, sizeof *width);
    if (width == NULL)
        return -1;
    for (size_t a = 0; a < nl; a++)
        width[a] = 1;
    for (size_t k = nl; k < n; k++)
        width[ecs_rng_below(r, nl)]++;
    uint64_t sq = 0;
    for (size_t a = 0; a < nl; a++)
        sq += (uint64_t)width[a] * width[a];
    uint64_t cross = ((uint64_t)n * n - sq) / 2;
    double prob = cross > 0 ? p->avg_preds * (double)n / (double)cross : 0;
    uint64_t t = ecs_rng_threshold(prob);
    size_t first = 1; /* first task of the current layer */
    int rc = 0;
    for (size_t a = 0; a < nl && rc == 0; a++) {
        for (size_t j = first; j < first + width[a] && rc == 0; j++)
            for (size_t i = 1; i < first && rc == 0; i++)
                if (ecs_rng_hit(r, t))
                    rc = add_edge(l, i, j);
        first += width[a];
    }
    free(width);
    return rc;
}

/* Tasks 1..n as one chain (a pipeline too small for a stage): 0 or -1. */
static int add_chain(edge_list *l, size_t n)
{
    for (size_t v = 2; v <= n; v++)
        if (add_edge(l, v - 1, v) != 0)
            return -1;
    return 0;
}

/* forkjoin: stages of a fork, w parallel tasks and a join, the join before
 * the next fork (stg.h says how w is drawn). */
static int gen_forkjoin(const ecs_gen_params *p, ecs_rng *r, edge_list *l)
{
    const size_t lo = ECS_GEN_FJ_MIN_WIDTH, hi = ECS_GEN_FJ_MAX_WIDTH;
    size_t n = p->tasks, next = 1, prev_join = 0; /* 0: no stage yet */
    if (n < 3)
        return add_chain(l, n);
    while (next <= n) {
        size_t left = n - next + 1, w;
        if (left <= hi + 2) {
            w = left - 2; /* the last stage takes what is left */
        } else {
            w = lo + (size_t)ecs_rng_below(r, (uint64_t)(hi - lo + 1));
            if (left - (w + 2) < lo + 2)
                w = left - 2 - (lo + 2); /* leave one minimal stage */
        }
        size_t fork = next, join = next + w + 1;
        if (prev_join != 0 && add_edge(l, prev_join, fork) != 0)
            return -1;
        for (size_t k = fork + 1; k < join; k++)
            if (add_edge(l, fork, k) != 0 || add_edge(l, k, join) != 0)
                return -1;
        prev_join = join;
        next = join + 1;
    }
    return 0;
}

/* forkjoin with chains as branches: a stage is a fork, w branches (drawn
 * first), each a chain of chain_min..chain_max tasks (drawn next), and a
 * join; a stage after which no minimal stage would fit takes every task
 * left, in more branches or a shorter last one. */
static int gen_forkjoin_chains(const ecs_gen_params *p, ecs_rng *r,
                               edge_list *l)
{
    const size_t lo = ECS_GEN_FJ_MIN_WIDTH, hi = ECS_GEN_FJ_MAX_WIDTH;
    const size_t cmin = p->chain_min, cspan = p->chain_max - p->chain_min + 1;
    size_t n = p->tasks, next = 1, prev_join = 0, len[ECS_GEN_FJ_MAX_WIDTH];
    if (n < 3)
        return add_chain(l, n);
    while (next <= n) {
        size_t left = n - next + 1, sum = 0;
        size_t w = lo + (size_t)ecs_rng_below(r, (uint64_t)(hi - lo + 1));
        for (size_t b = 0; b < w; b++) {
            len[b] = cmin + (size_t)ecs_rng_below(r, (uint64_t)cspan);
            sum += len[b];
        }
        int last = left < 2 + sum + 2 + lo * cmin;
        size_t inner = last ? left - 2 : sum; /* left >= 3 */
        size_t fork = next, join = fork + inner + 1, v = fork + 1;
        if (prev_join != 0 && add_edge(l, prev_join, fork) != 0)
            return -1;
        for (size_t b = 0, rest = inner; rest > 0; b++) {
            size_t k = b < w ? len[b]
                             : cmin + (size_t)ecs_rng_below(r, (uint64_t)cspan);
            if (k > rest)
                k = rest;
            if (add_edge(l, fork, v) != 0)
                return -1;
            for (size_t u = v; u + 1 < v + k; u++)
                if (add_edge(l, u, u + 1) != 0)
                    return -1;
            if (add_edge(l, v + k - 1, join) != 0)
                return -1;
            v += k;
            rest -= k;
        }
        prev_join = join;
        next = join + 1;
    }
    return 0;
}

/* Entry 0 before every task without predecessors, exit n+1 after every
 * task without successors. */
static int add_dummy_edges(size_t n, edge_list *l)
{
    unsigned char *has_pred = calloc(n + 2, 1), *has_succ = calloc(n + 2, 1);
    int rc = has_pred && has_succ ? 0 : -1;
    for (size_t k = 0; rc == 0 && k < l->n; k++) {
        has_succ[l->e[k].from] = 1;
        has_pred[l->e[k].to] = 1;
    }
    for (size_t v = 1; rc == 0 && v <= n; v++)
        if (!has_pred[v])
            rc = add_edge(l, 0, v);
    for (size_t v = 1; rc == 0 && v <= n; v++)
        if (!has_succ[v])
            rc = add_edge(l, v, n + 1);
    free(has_pred);
    free(has_succ);
    return rc;
}

ecs_result ecs_stg_generate(const ecs_gen_params *p, ecs_graph **out,
                            ecs_diag *diag)
{
    *out = NULL;
    ecs_result rc = ecs_gen_params_validate(p, diag);
    if (rc != ECS_OK)
        return rc;
    size_t n = p->tasks, total = n + 2; /* n <= ECS_GEN_MAX_TASKS */
    long *id = malloc(total * sizeof *id);
    long *work = malloc(total * sizeof *work);
    unsigned char *dummy = calloc(total, 1);
    edge_list l = {NULL, 0, 0};
    if (id == NULL || work == NULL || dummy == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    ecs_rng r;
    ecs_rng_seed(&r, p->seed);
    for (size_t v = 0; v < total; v++) {
        id[v] = (long)v;
        dummy[v] = v == 0 || v == total - 1;
        work[v] = dummy[v] ? 0
                           : 1 + (long)ecs_rng_below(&r, (uint64_t)p->max_work);
    }
    int grc = 0;
    switch (p->method) {
    case ECS_GEN_SAMEPROB:
        grc = gen_sameprob(p, &r, &l);
        break;
    case ECS_GEN_LAYERED:
        grc = gen_layered(p, &r, &l);
        break;
    case ECS_GEN_FORKJOIN:
        grc = p->chain_max > 1 ? gen_forkjoin_chains(p, &r, &l)
                               : gen_forkjoin(p, &r, &l);
        break;
    }
    if (grc == 0)
        grc = add_dummy_edges(n, &l);
    if (grc != 0) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    rc = ecs_graph_build(total, id, work, dummy, l.n, l.e, 0, out, diag);
    if (rc == ECS_OK) {
        (*out)->format = ECS_STG_STANDARD;
        snprintf((*out)->meta.generator, sizeof (*out)->meta.generator, "%s",
                 p->method == ECS_GEN_LAYERED    ? "layrprob"
                 : p->method == ECS_GEN_FORKJOIN ? "forkjoin"
                                                 : "sameprob");
    }
done:
    free(id);
    free(work);
    free(dummy);
    free(l.e);
    return rc;
}
