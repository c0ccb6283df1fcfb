/*
 * Mapping and scheduling together in CaWoSched's model (remap.h): a search
 * over mappings, each scheduled by the fixed-mapping scheduler from a
 * repair of the current schedule; starts from a given mapping, a list
 * schedule and the communication-free relaxation; the relaxation's bound.
 */
#include "ecsched/remap.h"

#include "ecsched/clock.h"
#include "ecsched/fixedmap.h"
#include "ecsched/rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NONE ((size_t)-1)

void ecs_remap_params_init(ecs_remap_params *q)
{
    q->time_limit = 10;
    q->max_evals = 0;
    q->seed = 1;
    q->starts = ECS_REMAP_ALL;
    q->given = NULL;
    q->passes = 4;
    q->stop_cost = 0;
    q->freqs = NULL;
    q->nfreqs = 0;
}

ecs_result ecs_remap_params_validate(const ecs_remap_params *q,
                                     ecs_diag *diag)
{
    if (!isfinite(q->time_limit) || q->time_limit < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "time_limit must be a finite number >= 0");
    if (q->max_evals < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "max_evals is %ld; it must be 0 or more",
                            q->max_evals);
    if (q->time_limit == 0 && q->max_evals == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "time_limit and max_evals are both 0 (no limit); "
                            "set one");
    unsigned st = q->starts & (q->given ? ECS_REMAP_ALL : ECS_REMAP_ALL & ~ECS_REMAP_GIVEN);
    if ((q->starts & ~ECS_REMAP_ALL) != 0 || st == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "starts is %#x; it must name at least one start "
                            "(ECS_REMAP_GIVEN with a given mapping, _LIST, "
                            "_RELAX)",
                            q->starts);
    if (q->passes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "passes is %d; it must be at least 1", q->passes);
    if (q->freqs != NULL && q->nfreqs == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "freqs is given with nfreqs 0");
    for (size_t k = 0; q->freqs != NULL && k < q->nfreqs; k++)
        if (!(q->freqs[k] > 0 && q->freqs[k] <= 1))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "frequency %g is not in (0, 1]", q->freqs[k]);
    return ECS_OK;
}

/* ---- mappings from processors and order keys ---- */

typedef struct ent {
    size_t proc;
    long long key;
    size_t idx;
} ent;

static int cmp_ent(const void *a, const void *b)
{
    const ent *x = a, *y = b;
    if (x->proc != y->proc)
        return x->proc < y->proc ? -1 : 1;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* The mapping that puts graph task i on proc[i], each processor's tasks by
 * increasing key; ord (n entries, may be NULL) gets the task indices in
 * that order, off (P + 1) their offsets. */
static ecs_cws_mapping *mapping_of(const ecs_graph *g, size_t P,
                                   const size_t *proc, const long long *key,
                                   size_t *ord)
{
    const size_t n = g->n;
    ecs_cws_mapping *m = calloc(1, sizeof *m);
    ent *e = malloc((n ? n : 1) * sizeof *e);
    if (m)
        m->off = calloc(P + 1, sizeof *m->off);
    if (m)
        m->task = malloc((n ? n : 1) * sizeof *m->task);
    if (!m || !e || !m->off || !m->task) {
        free(e);
        ecs_cws_mapping_free(m);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        e[i] = (ent){proc[i], key[i], i};
    qsort(e, n, sizeof *e, cmp_ent);
    m->nprocs = P;
    m->ntasks = n;
    for (size_t j = 0; j < n; j++) {
        m->task[j] = g->id[e[j].idx];
        m->off[e[j].proc + 1]++;
        if (ord)
            ord[j] = e[j].idx;
    }
    for (size_t k = 0; k < P; k++)
        m->off[k + 1] += m->off[k];
    free(e);
    return m;
}

/* proc and a key per graph task from a mapping (the key: the position). */
static ecs_result from_mapping(const ecs_graph *g, const ecs_cws_mapping *m,
                               size_t *proc, long long *key, ecs_diag *diag)
{
    for (size_t i = 0; i < g->n; i++)
        proc[i] = NONE;
    for (size_t k = 0; k < m->nprocs; k++)
        for (size_t j = m->off[k]; j < m->off[k + 1]; j++) {
            size_t i = ecs_graph_find(g, m->task[j]);
            if (i == NONE || i >= g->n)
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "the mapping names task %ld, which the "
                                    "graph does not have",
                                    m->task[j]);
            proc[i] = k;
            key[i] = (long long)j;
        }
    for (size_t i = 0; i < g->n; i++)
        if (proc[i] == NONE)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld of the graph is not in the mapping",
                                g->id[i]);
    return ECS_OK;
}

/* ---- a candidate: mapping, problem, schedule ---- */

typedef struct cand {
    double *f;      /* frequency of each graph task, or NULL */
    size_t *proc;   /* graph task -> processor */
    long long *key; /* order key on its processor */
    size_t *ord;    /* tasks by (processor, key) */
    ecs_cws_mapping *map;
    ecs_cws_problem *p;
    long *s;
    long long cost;
} cand;

static void cand_free(cand *c)
{
    free(c->f);
    free(c->proc);
    free(c->key);
    free(c->ord);
    ecs_cws_mapping_free(c->map);
    ecs_cws_problem_free(c->p);
    free(c->s);
    memset(c, 0, sizeof *c);
}

typedef struct ctx {
    const ecs_graph *g;
    const ecs_cws_setup *s;
    const ecs_remap_params *q;
    size_t P, n0;
    size_t *rank;     /* position of each graph task in g->topo */
    long *tmp;        /* scratch, starts */
    size_t tmpcap;
    long evals, rejected;
    double t_end; /* the search's end (clock), 0: none */
} ctx;

/* The repair of cur's schedule for p (see remap.h) into s; returns its
 * makespan. */
static long repair(const ctx *c, const cand *cur, const ecs_cws_problem *p,
                   long *s)
{
    const ecs_graph *g = c->g;
    const ecs_cws_problem *o = cur->p;
    for (size_t i = 0; i < c->n0; i++)
        s[i] = cur->s[i];
    /* transfers in both problems are numbered in the order of the graph's
     * edges (by receiver, then predecessor) that cross */
    size_t xo = o->ncomp, xn = p->ncomp;
    for (size_t v = 0; v < c->n0; v++)
        for (size_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
            size_t u = g->pred[k];
            int co = xo < o->n && o->edge_from[xo] == u && o->edge_to[xo] == v;
            int cn = xn < p->n && p->edge_from[xn] == u && p->edge_to[xn] == v;
            if (cn)
                s[xn] = co ? cur->s[xo] : cur->s[u] + p->dur[u];
            xo += (size_t)co;
            xn += (size_t)cn;
        }
    long mk = 0;
    for (size_t k = 0; k < p->n; k++) {
        size_t v = p->topo[k];
        for (size_t j = p->pred_off[v]; j < p->pred_off[v + 1]; j++) {
            size_t u = p->pred[j];
            if (s[u] + p->dur[u] > s[v])
                s[v] = s[u] + p->dur[u];
        }
        if (s[v] + p->dur[v] > mk)
            mk = s[v] + p->dur[v];
    }
    return mk;
}

/*
 * Build and schedule the candidate proc/key (copied into out).  full: every
 * start of the scheduler and its full search; else the repair of cur (when
 * it meets the deadline) and the forward greedy, q->passes passes each.
 * ECS_OK; ECS_EINFEASIBLE when the mapping has a cycle or misses the
 * deadline (rejected); ENOMEM.
 */
static ecs_result evaluate(ctx *c, const size_t *proc, const long long *key,
                           const double *f, const cand *cur, int full,
                           cand *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    const size_t n0 = c->n0;
    if (f != NULL) {
        if ((out->f = malloc((n0 ? n0 : 1) * sizeof *out->f)) == NULL)
            goto nomem;
        memcpy(out->f, f, n0 * sizeof *f);
    }
    out->proc = malloc((n0 ? n0 : 1) * sizeof *out->proc);
    out->key = malloc((n0 ? n0 : 1) * sizeof *out->key);
    out->ord = malloc((n0 ? n0 : 1) * sizeof *out->ord);
    if (!out->proc || !out->key || !out->ord)
        goto nomem;
    memcpy(out->proc, proc, n0 * sizeof *proc);
    memcpy(out->key, key, n0 * sizeof *key);
    out->map = mapping_of(c->g, c->P, proc, key, out->ord);
    if (!out->map)
        goto nomem;
    ecs_diag bd;
    ecs_diag_clear(&bd);
    ecs_result rc = ecs_cws_problem_build_freq(c->g, out->map, c->s, f,
                                               f ? ECS_CWS_FREQ_SCALE : 1,
                                               &out->p, &bd);
    if (rc == ECS_EINFEASIBLE) {
        c->rejected++;
        cand_free(out);
        return ECS_EINFEASIBLE;
    }
    if (rc != ECS_OK) {
        *diag = bd;
        cand_free(out);
        return rc;
    }
    const ecs_cws_problem *p = out->p;
    size_t n = p->n ? p->n : 1;
    out->s = malloc(n * sizeof *out->s);
    if (c->tmpcap < n) {
        free(c->tmp);
        c->tmp = malloc(n * sizeof *c->tmp);
        c->tmpcap = c->tmp ? n : 0;
    }
    if (!out->s || !c->tmp)
        goto nomem;
    if (ecs_cws_earliest(p, c->tmp) > p->deadline) {
        c->rejected++;
        cand_free(out);
        return ECS_EINFEASIBLE;
    }
    ecs_fixedmap_params fq;
    ecs_fixedmap_params_init(&fq);
    if (!full) {
        fq.max_passes = c->q->passes;
        fq.starts = ECS_FIXEDMAP_FORWARD;
        if (cur && repair(c, cur, p, c->tmp) <= p->deadline)
            fq.warm_start = c->tmp;
    } else if (cur && cur->p == NULL) {
        /* cur holds only starts for this very mapping: the warm start */
        fq.warm_start = cur->s;
    }
    if (full && c->t_end > 0) {
        /* a start or the final schedule: the scheduler stops between
         * passes once the search's time is up (its first start, the warm
         * one when given, always runs) */
        double left = c->t_end - ecs_clock_now();
        fq.time_limit = left > 0.05 ? left : 0.05;
    }
    ecs_fixedmap_stats fs;
    rc = ecs_fixedmap_schedule(p, &fq, out->s, &fs, diag);
    if (rc != ECS_OK) {
        cand_free(out);
        return rc == ECS_EINFEASIBLE ? ECS_EINTERNAL : rc;
    }
    out->cost = fs.cost;
    c->evals++;
    return ECS_OK;
nomem:
    cand_free(out);
    return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
}

/* ---- the relaxation: least power, graph arcs only ---- */

/* The relaxed problem (remap.h): graph tasks only, each at the least work
 * power of the compute processors, the graph's arcs, no chains. */
static ecs_result relaxed_problem(const ecs_graph *g, const ecs_cws_setup *s,
                                  ecs_cws_problem **out, ecs_diag *diag)
{
    const size_t n = g->n, m = g->nedges, P = s->nprocs;
    ecs_cws_problem *p = calloc(1, sizeof *p);
    *out = NULL;
    if (!p)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    size_t cheap = 0;
    for (size_t k = 1; k < P; k++)
        if (s->work[k] < s->work[cheap])
            cheap = k;
    size_t nn = n ? n : 1;
    p->dur = malloc(nn * sizeof *p->dur);
    p->proc = malloc(nn * sizeof *p->proc);
    p->power = malloc(nn * sizeof *p->power);
    p->edge_from = malloc(nn * sizeof *p->edge_from);
    p->edge_to = malloc(nn * sizeof *p->edge_to);
    p->succ_off = malloc((n + 1) * sizeof *p->succ_off);
    p->pred_off = malloc((n + 1) * sizeof *p->pred_off);
    p->succ = malloc((m ? m : 1) * sizeof *p->succ);
    p->pred = malloc((m ? m : 1) * sizeof *p->pred);
    p->topo = malloc(nn * sizeof *p->topo);
    p->graph_id = malloc(nn * sizeof *p->graph_id);
    p->budget = malloc(s->nintervals * sizeof *p->budget);
    p->bound = malloc((s->nintervals + 1) * sizeof *p->bound);
    if (!p->dur || !p->proc || !p->power || !p->edge_from || !p->edge_to ||
        !p->succ_off || !p->pred_off || !p->succ || !p->pred || !p->topo ||
        !p->graph_id || !p->budget || !p->bound) {
        ecs_cws_problem_free(p);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    p->nprocs = P;
    p->ncomp = p->n = n;
    for (size_t i = 0; i < n; i++) {
        p->dur[i] = g->work[i];
        p->proc[i] = cheap;
        p->power[i] = s->work[cheap];
        p->edge_from[i] = p->edge_to[i] = NONE;
        p->graph_id[i] = g->id[i];
        p->topo[i] = g->topo[i];
    }
    memcpy(p->succ_off, g->succ_off, (n + 1) * sizeof *p->succ_off);
    memcpy(p->pred_off, g->pred_off, (n + 1) * sizeof *p->pred_off);
    memcpy(p->succ, g->succ, m * sizeof *p->succ);
    memcpy(p->pred, g->pred, m * sizeof *p->pred);
    p->deadline = s->deadline;
    p->scale = 1;
    p->base = 0;
    for (size_t k = 0; k < P * P; k++)
        p->base += s->idle[k];
    p->brown_cost = s->brown_cost;
    p->nintervals = s->nintervals;
    memcpy(p->budget, s->budget, s->nintervals * sizeof *p->budget);
    memcpy(p->bound, s->bound, (s->nintervals + 1) * sizeof *p->bound);
    *out = p;
    return ECS_OK;
}

ecs_result ecs_remap_bound(const ecs_graph *g, const ecs_cws_setup *s,
                           long long *bound, ecs_diag *diag)
{
    ecs_cws_problem *p;
    ecs_result rc = relaxed_problem(g, s, &p, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_fixedmap_bound(p, bound, diag);
    ecs_cws_problem_free(p);
    return rc;
}

ecs_result ecs_remap_bound_freqs(const ecs_graph *g, const ecs_cws_setup *s,
                                 const double *freqs, size_t nfreqs,
                                 long long *bound, ecs_diag *diag)
{
    const long S = ECS_CWS_FREQ_SCALE;
    if (freqs == NULL || nfreqs == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no frequencies");
    for (size_t k = 0; k < nfreqs; k++)
        if (!(freqs[k] > 0 && freqs[k] <= 1))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "frequency %g is not in (0, 1]", freqs[k]);
    long minwork = s->work[0];
    for (size_t k = 1; k < s->nprocs; k++)
        if (s->work[k] < minwork)
            minwork = s->work[k];
    long long base = 0, E = 0, short_ = 0, green = 0;
    for (size_t k = 0; k < s->nprocs * s->nprocs; k++)
        base += s->idle[k];
    base *= S;
    for (size_t i = 0; i < g->n; i++) {
        long long best = -1;
        for (size_t k = 0; k < nfreqs; k++) {
            /* as ecs_cws_problem_build_freq rounds them */
            long long q = llround((double)minwork * freqs[k] * freqs[k] * (double)S);
            long d = freqs[k] < 1 ? (long)ceil((double)g->work[i] / freqs[k] - 1e-9)
                                  : g->work[i];
            if (best < 0 || q * d < best)
                best = q * d;
        }
        E += best;
    }
    for (size_t k = 0; k < s->nintervals; k++) {
        long long len = s->bound[k + 1] - s->bound[k], b = s->budget[k] * S;
        if (b < base)
            short_ += (base - b) * len;
        else
            green += (b - base) * len;
    }
    *bound = (short_ + (E > green ? E - green : 0)) * s->brown_cost;
    return ECS_OK;
}

/* Processors 0..P-1 by increasing work power (then index). */
static size_t *procs_by_power(const ecs_cws_setup *s)
{
    size_t P = s->nprocs, *a = malloc(P * sizeof *a);
    if (!a)
        return NULL;
    for (size_t k = 0; k < P; k++)
        a[k] = k;
    /* insertion sort: P is at most ECS_CWS_MAX_PROCS, no global state */
    for (size_t i = 1; i < P; i++) {
        size_t v = a[i], j = i;
        while (j > 0 && (s->work[a[j - 1]] > s->work[v] ||
                         (s->work[a[j - 1]] == s->work[v] && a[j - 1] > v))) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
    return a;
}

/* The relaxation's mapping: its schedule, tasks in start order each on the
 * most frugal processor free at its start (a predecessor's on ties), else
 * the one free first. */
static ecs_result relax_mapping(const ecs_graph *g, const ecs_cws_setup *s,
                                size_t *proc, long long *key, ecs_diag *diag)
{
    ecs_cws_problem *p;
    ecs_result rc = relaxed_problem(g, s, &p, diag);
    if (rc != ECS_OK)
        return rc;
    const size_t n = g->n, P = s->nprocs;
    long *st = malloc((n ? n : 1) * sizeof *st);
    long *free_at = calloc(P, sizeof *free_at);
    size_t *by = procs_by_power(s);
    ent *e = malloc((n ? n : 1) * sizeof *e);
    size_t *rank = malloc((n ? n : 1) * sizeof *rank);
    if (!st || !free_at || !by || !e || !rank) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    ecs_fixedmap_params fq;
    ecs_fixedmap_params_init(&fq);
    if ((rc = ecs_fixedmap_schedule(p, &fq, st, NULL, diag)) != ECS_OK)
        goto done;
    for (size_t k = 0; k < n; k++)
        rank[g->topo[k]] = k;
    for (size_t i = 0; i < n; i++)
        e[i] = (ent){0, (long long)st[i] * (long long)(n + 1) + (long long)rank[i], i};
    qsort(e, n, sizeof *e, cmp_ent);
    for (size_t j = 0; j < n; j++) {
        size_t v = e[j].idx, pick = NONE;
        for (size_t a = 0; a < P; a++) {
            size_t k = by[a];
            if (free_at[k] > st[v])
                continue;
            if (pick != NONE && s->work[k] > s->work[pick])
                break;
            if (pick == NONE)
                pick = k;
            for (size_t t = g->pred_off[v]; t < g->pred_off[v + 1]; t++)
                if (proc[g->pred[t]] == k) {
                    pick = k;
                    a = P;
                    break;
                }
        }
        if (pick == NONE) {
            pick = by[0];
            for (size_t a = 1; a < P; a++)
                if (free_at[by[a]] < free_at[pick])
                    pick = by[a];
        }
        long at = free_at[pick] > st[v] ? free_at[pick] : st[v];
        free_at[pick] = at + g->work[v];
        proc[v] = pick;
        key[v] = (long long)j;
    }
done:
    free(st);
    free(free_at);
    free(by);
    free(e);
    free(rank);
    ecs_cws_problem_free(p);
    return rc;
}

/* ---- the list schedule (HEFT-like, with transfers) ---- */

static size_t link_of(size_t P, size_t a, size_t b)
{
    return P + a * (P - 1) + b - (b > a ? 1 : 0);
}

/* When task v can start on processor k (free from ready on): its data
 * from every predecessor, through a transfer queued on its link when the
 * predecessor is elsewhere; commit 1 books the links. */
static long data_ready(const ecs_graph *g, size_t P, const size_t *proc,
                       const long *end, long *lfree, long ready, size_t v,
                       size_t k, int commit)
{
    for (size_t t = g->pred_off[v]; t < g->pred_off[v + 1]; t++) {
        size_t u = g->pred[t];
        long c = g->pred_comm ? g->pred_comm[t] : 0;
        long at = end[u];
        if (proc[u] != k && c > 0) {
            size_t l = link_of(P, proc[u], k);
            at = (lfree[l] > end[u] ? lfree[l] : end[u]) + c;
            if (commit)
                lfree[l] = at;
        }
        if (at > ready)
            ready = at;
    }
    return ready;
}

typedef struct lent {
    double rk;   /* upward rank */
    size_t topo; /* position in the graph's topological order */
    size_t idx;
} lent;

static int cmp_list(const void *a, const void *b)
{
    const lent *x = a, *y = b;
    if (x->rk != y->rk)
        return x->rk > y->rk ? -1 : 1;
    return x->topo < y->topo ? -1 : x->topo > y->topo;
}

static ecs_result list_mapping(const ecs_graph *g, const ecs_cws_setup *s,
                               size_t *proc, long long *key, ecs_diag *diag)
{
    const size_t n = g->n, P = s->nprocs;
    double *rk = malloc((n ? n : 1) * sizeof *rk);
    long *end = malloc((n ? n : 1) * sizeof *end);
    long *pfree = calloc(P, sizeof *pfree);
    long *lfree = calloc(P * P, sizeof *lfree);
    lent *e = malloc((n ? n : 1) * sizeof *e);
    size_t *rank = malloc((n ? n : 1) * sizeof *rank);
    ecs_result rc = ECS_OK;
    if (!rk || !end || !pfree || !lfree || !e || !rank) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    /* upward rank: work plus the heaviest path below, an edge weighing its
     * size times the chance (P-1)/P that it crosses */
    double cross = P > 1 ? (double)(P - 1) / (double)P : 0;
    for (size_t k = n; k-- > 0;) {
        size_t u = g->topo[k];
        double best = 0;
        for (size_t j = g->succ_off[u]; j < g->succ_off[u + 1]; j++) {
            size_t v = g->succ[j];
            long c = 0;
            if (g->pred_comm)
                for (size_t t = g->pred_off[v]; t < g->pred_off[v + 1]; t++)
                    if (g->pred[t] == u)
                        c = g->pred_comm[t];
            double x = cross * (double)c + rk[v];
            if (x > best)
                best = x;
        }
        rk[u] = (double)g->work[u] + best;
        rank[u] = k;
    }
    /* decreasing rank, ties in topological order: a topological order
     * (rk[u] >= work[u] + rk[v] for every edge u -> v) */
    for (size_t i = 0; i < n; i++)
        e[i] = (lent){rk[i], rank[i], i};
    qsort(e, n, sizeof *e, cmp_list);
    for (size_t j = 0; j < n; j++) {
        size_t v = e[j].idx, pick = 0;
        long best = -1;
        for (size_t k = 0; k < P; k++) {
            long fin = data_ready(g, P, proc, end, lfree, pfree[k], v, k, 0) +
                       g->work[v];
            if (best < 0 || fin < best ||
                (fin == best && s->work[k] < s->work[pick])) {
                best = fin;
                pick = k;
            }
        }
        long ready = data_ready(g, P, proc, end, lfree, pfree[pick], v, pick, 1);
        proc[v] = pick;
        key[v] = (long long)j;
        end[v] = ready + g->work[v];
        pfree[pick] = end[v];
    }
done:
    free(rk);
    free(end);
    free(pfree);
    free(lfree);
    free(e);
    free(rank);
    return rc;
}

ecs_result ecs_remap_list_mapping(const ecs_graph *g, const ecs_cws_setup *s,
                                  ecs_cws_mapping **out, long *makespan,
                                  ecs_diag *diag)
{
    *out = NULL;
    size_t n = g->n ? g->n : 1;
    size_t *proc = malloc(n * sizeof *proc);
    long long *key = malloc(n * sizeof *key);
    ecs_result rc = ECS_OK;
    if (!proc || !key)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == ECS_OK)
        rc = list_mapping(g, s, proc, key, diag);
    if (rc == ECS_OK && (*out = mapping_of(g, s->nprocs, proc, key, NULL)) == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == ECS_OK && makespan) {
        ecs_cws_problem *p = NULL;
        long *est = NULL;
        rc = ecs_cws_problem_build(g, *out, s, &p, diag);
        if (rc == ECS_OK && (est = malloc((p->n ? p->n : 1) * sizeof *est)) == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        if (rc == ECS_OK)
            *makespan = ecs_cws_earliest(p, est);
        free(est);
        ecs_cws_problem_free(p);
    }
    if (rc != ECS_OK) {
        ecs_cws_mapping_free(*out);
        *out = NULL;
    }
    free(proc);
    free(key);
    return rc;
}

/* ---- the search ---- */

/* Brown units of the current schedule: 1 where the load exceeds the
 * budget. */
static void brown_units(const cand *cur, unsigned char *hot, long long *load)
{
    const ecs_cws_problem *p = cur->p;
    const long D = p->deadline;
    memset(load, 0, ((size_t)D + 1) * sizeof *load);
    for (size_t i = 0; i < p->n; i++) {
        if (p->dur[i] <= 0)
            continue;
        load[cur->s[i]] += p->power[i];
        load[cur->s[i] + p->dur[i]] -= p->power[i];
    }
    long long l = p->base;
    size_t k = 0;
    for (long t = 0; t < D; t++) {
        while (t >= p->bound[k + 1])
            k++;
        l += load[t];
        hot[t] = l > p->budget[k];
    }
}

static int task_hot(const cand *cur, const unsigned char *hot, size_t v)
{
    for (long t = cur->s[v]; t < cur->s[v] + cur->p->dur[v]; t++)
        if (hot[t])
            return 1;
    return 0;
}

/* Keys by the current schedule: start, then topological position. */
static void keys_of(const ctx *c, const cand *cur, long long *key)
{
    for (size_t i = 0; i < c->n0; i++)
        key[i] = (long long)cur->s[i] * (long long)(c->n0 + 1) +
                 (long long)c->rank[i];
}

/* Each task in topological order tries each frequency slower than its
 * own, the mapping kept; a cheaper candidate replaces cur.  Stops with the
 * search's time (90% of the limit). */
static ecs_result freq_sweep(ctx *c, cand *cur, size_t *proc, long long *key,
                             double *fr, unsigned char *hot, long long *load,
                             double t0, ecs_diag *diag)
{
    const ecs_remap_params *q = c->q;
    for (size_t k = 0; k < c->n0; k++) {
        size_t v = c->g->topo[k];
        for (size_t j = 0; j < q->nfreqs; j++) {
            if (q->time_limit > 0 && ecs_clock_now() - t0 > 0.9 * q->time_limit)
                return ECS_OK;
            if (q->freqs[j] >= cur->f[v] || cur->cost == 0)
                continue;
            memcpy(proc, cur->proc, c->n0 * sizeof *proc);
            keys_of(c, cur, key);
            memcpy(fr, cur->f, c->n0 * sizeof *fr);
            fr[v] = q->freqs[j];
            cand nxt;
            ecs_result rc = evaluate(c, proc, key, fr, cur, 0, &nxt, diag);
            if (rc == ECS_EINFEASIBLE)
                continue;
            if (rc != ECS_OK)
                return rc;
            if (nxt.cost < cur->cost) {
                cand_free(cur);
                *cur = nxt;
                brown_units(cur, hot, load);
            } else {
                cand_free(&nxt);
            }
        }
    }
    return ECS_OK;
}

ecs_result ecs_remap_search(const ecs_graph *g, const ecs_cws_setup *s,
                            const ecs_remap_params *q,
                            ecs_cws_mapping **map_out,
                            ecs_cws_problem **prob_out, long **start_out,
                            ecs_remap_stats *st, ecs_diag *diag)
{
    *map_out = NULL;
    *prob_out = NULL;
    *start_out = NULL;
    ecs_remap_params def;
    if (!q) {
        ecs_remap_params_init(&def);
        q = &def;
    }
    ecs_result rc = ecs_remap_params_validate(q, diag);
    if (rc != ECS_OK)
        return rc;
    if (q->given && q->given->nprocs != s->nprocs)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the mapping has %zu processors, the setup %zu",
                            q->given->nprocs, s->nprocs);
    ecs_remap_stats local;
    if (!st)
        st = &local;
    memset(st, 0, sizeof *st);
    st->given_cost = st->list_cost = st->relax_cost = -1;
    st->list_makespan = -1;
    const double t0 = ecs_clock_now();
    const size_t n0 = g->n, P = s->nprocs;
    ctx c = {g, s, q, P, n0, NULL, NULL, 0, 0, 0,
             q->time_limit > 0 ? t0 + q->time_limit : 0};
    cand cur, nxt;
    memset(&cur, 0, sizeof cur);
    memset(&nxt, 0, sizeof nxt);
    size_t nn = n0 ? n0 : 1;
    size_t *proc = malloc(nn * sizeof *proc), *by = procs_by_power(s);
    long long *key = malloc(nn * sizeof *key);
    long long *load = malloc(((size_t)s->deadline + 1) * sizeof *load);
    unsigned char *hot = malloc((size_t)s->deadline + 1);
    c.rank = malloc(nn * sizeof *c.rank);
    double *fr = NULL, fmax = 0;
    if (q->freqs != NULL) {
        fr = malloc(nn * sizeof *fr);
        for (size_t k = 0; k < q->nfreqs; k++)
            if (q->freqs[k] > fmax)
                fmax = q->freqs[k];
        for (size_t i = 0; fr && i < n0; i++)
            fr[i] = fmax;
    }
    if (!proc || !by || !key || !load || !hot || !c.rank ||
        (q->freqs != NULL && !fr)) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (size_t k = 0; k < n0; k++)
        c.rank[g->topo[k]] = k;

    /* the starts, each scheduled in full */
    static const char *const sname[3] = {"given", "list", "relax"};
    long long *scost[3] = {&st->given_cost, &st->list_cost, &st->relax_cost};
    long late[3] = {-1, -1, -1};
    for (int k = 0; k < 3; k++) {
        unsigned bit = 1u << k;
        if (!(q->starts & bit) || (k == 0 && !q->given))
            continue;
        if (k == 0)
            rc = from_mapping(g, q->given, proc, key, diag);
        else if (k == 1)
            rc = list_mapping(g, s, proc, key, diag);
        else
            rc = relax_mapping(g, s, proc, key, diag);
        if (rc == ECS_EINFEASIBLE) {
            /* the relaxation misses the deadline: so does every mapping */
            goto done;
        }
        if (rc != ECS_OK)
            goto done;
        rc = evaluate(&c, proc, key, fr, NULL, 1, &nxt, diag);
        if (k == 1 || rc == ECS_EINFEASIBLE) {
            /* the start's makespan, for the stats and the message */
            ecs_cws_mapping *m = mapping_of(g, P, proc, key, NULL);
            ecs_cws_problem *pp = NULL;
            long *est = malloc(((n0 + g->nedges) ? n0 + g->nedges : 1) * sizeof *est);
            if (m && est && ecs_cws_problem_build(g, m, s, &pp, &(ecs_diag){0}) == ECS_OK) {
                long mk = ecs_cws_earliest(pp, est);
                late[k] = mk;
                if (k == 1)
                    st->list_makespan = mk;
            }
            ecs_cws_problem_free(pp);
            ecs_cws_mapping_free(m);
            free(est);
        }
        if (rc == ECS_EINFEASIBLE) {
            rc = ECS_OK;
            continue;
        }
        if (rc != ECS_OK)
            goto done;
        *scost[k] = nxt.cost;
        if (!cur.p || nxt.cost < cur.cost) {
            cand_free(&cur);
            cur = nxt;
            st->best_start = sname[k];
        } else {
            cand_free(&nxt);
        }
    }
    if (!cur.p) {
        rc = ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                          "no start mapping meets the deadline %ld "
                          "(earliest ends: given %ld, list %ld, relaxation "
                          "%ld; -1: not run or cyclic)",
                          s->deadline, late[0], late[1], late[2]);
        goto done;
    }

    /* the search */
    ecs_rng rng;
    ecs_rng_seed(&rng, q->seed);
    const uint64_t side = ecs_rng_threshold(0.2);
    long evals0 = c.evals;
    size_t ncheap = P / 3 ? P / 3 : 1;
    brown_units(&cur, hot, load);
    long iters = 0;
    int swept = 0;
    while (cur.cost > q->stop_cost && cur.cost > 0 &&
           (P > 1 || (fr != NULL && q->nfreqs > 1)) && n0 > 0) {
        if (q->max_evals > 0 && (c.evals - evals0 >= q->max_evals ||
                                 ++iters > 50 * q->max_evals))
            break;
        /* a tenth of the time for the final schedule */
        if (q->time_limit > 0 && ecs_clock_now() - t0 > 0.9 * q->time_limit)
            break;
        memcpy(proc, cur.proc, n0 * sizeof *proc);
        keys_of(&c, &cur, key);
        if (fr != NULL)
            memcpy(fr, cur.f, n0 * sizeof *fr);
        /* the task: one on a brown unit, mostly */
        size_t v = (size_t)ecs_rng_below(&rng, n0);
        if (ecs_rng_below(&rng, 10) < 6)
            for (int tr = 0; tr < 16 && !task_hot(&cur, hot, v); tr++)
                v = (size_t)ecs_rng_below(&rng, n0);
        if (fr != NULL && q->nfreqs > 1 && !swept &&
            (P == 1 || /* no mapping to choose */
             (q->time_limit > 0
                  ? ecs_clock_now() - t0 > 0.5 * q->time_limit
                  : (c.evals - evals0 >= q->max_evals / 2 ||
                     iters >= 25 * q->max_evals)))) {
            /* frequencies, phase 2: the mapping first (phase 1 moves no
             * frequency, as without --freqs), then every task tries each
             * slower frequency once, taken when cheaper */
            swept = 1;
            rc = freq_sweep(&c, &cur, proc, key, fr, hot, load, t0, diag);
            if (rc != ECS_OK)
                goto done;
            continue;
        }
        if (fr != NULL && q->nfreqs > 1 && swept && ecs_rng_below(&rng, 10) < 4) {
            /* another frequency for v, on its processor */
            double nf = q->freqs[ecs_rng_below(&rng, q->nfreqs)];
            if (nf == fr[v])
                continue;
            fr[v] = nf;
            goto eval;
        }
        /* the processor: a neighbour's, a frugal one, or any */
        size_t k = proc[v];
        for (int tr = 0; tr < 8 && k == proc[v]; tr++) {
            uint64_t r = ecs_rng_below(&rng, 10);
            size_t deg = (g->pred_off[v + 1] - g->pred_off[v]) +
                         (g->succ_off[v + 1] - g->succ_off[v]);
            if (r < 4 && deg > 0) {
                size_t j = (size_t)ecs_rng_below(&rng, deg);
                size_t np = g->pred_off[v + 1] - g->pred_off[v];
                size_t u = j < np ? g->pred[g->pred_off[v] + j]
                                  : g->succ[g->succ_off[v] + j - np];
                k = proc[u];
            } else if (r < 7) {
                k = by[ecs_rng_below(&rng, ncheap)];
            } else {
                k = (size_t)ecs_rng_below(&rng, P);
            }
        }
        if (k == proc[v])
            continue;
        uint64_t mv = ecs_rng_below(&rng, 10);
        size_t from = proc[v];
        if (mv < 5) { /* move v */
            proc[v] = k;
        } else if (mv < 7) { /* move v and its successors on its processor */
            size_t u = v;
            proc[v] = k;
            for (int len = 0; len < 6; len++) {
                size_t nx = NONE;
                for (size_t j = g->succ_off[u]; j < g->succ_off[u + 1]; j++)
                    if (proc[g->succ[j]] == from) {
                        nx = g->succ[j];
                        break;
                    }
                if (nx == NONE)
                    break;
                proc[nx] = k;
                u = nx;
            }
        } else if (mv < 9) { /* swap with a task of k */
            size_t a = cur.map->off[k], b = cur.map->off[k + 1];
            if (a == b) {
                proc[v] = k;
            } else {
                size_t u = cur.ord[a + (size_t)ecs_rng_below(&rng, b - a)];
                proc[v] = k;
                proc[u] = from;
            }
        } else { /* v and its neighbour in from's order change places */
            size_t a = cur.map->off[from], b = cur.map->off[from + 1], j = a;
            while (j < b && cur.ord[j] != v)
                j++;
            if (j + 1 >= b)
                continue;
            size_t u = cur.ord[j + 1];
            long long x = key[u];
            key[u] = key[v];
            key[v] = x;
        }
    eval:
        rc = evaluate(&c, proc, key, fr, &cur, 0, &nxt, diag);
        if (rc == ECS_EINFEASIBLE) {
            rc = ECS_OK;
            continue;
        }
        if (rc != ECS_OK)
            goto done;
        if (nxt.cost < cur.cost ||
            (nxt.cost == cur.cost && ecs_rng_hit(&rng, side))) {
            cand_free(&cur);
            cur = nxt;
            st->accepted++;
            brown_units(&cur, hot, load);
        } else {
            cand_free(&nxt);
        }
    }
    /* the final mapping with every start of the scheduler, from the
     * search's schedule */
    {
        cand warm = {0};
        warm.s = cur.s; /* the starts of cur's own mapping */
        rc = evaluate(&c, cur.proc, cur.key, cur.f, &warm, 1, &nxt, diag);
        if (rc != ECS_OK) {
            if (rc == ECS_EINFEASIBLE)
                rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                  "internal: the search's mapping became "
                                  "infeasible");
            goto done;
        }
        if (nxt.cost <= cur.cost) {
            cand_free(&cur);
            cur = nxt;
        } else {
            cand_free(&nxt);
        }
    }
    st->cost = cur.cost;
    st->evals = c.evals;
    st->rejected = c.rejected;
    *map_out = cur.map;
    *prob_out = cur.p;
    *start_out = cur.s;
    cur.map = NULL;
    cur.p = NULL;
    cur.s = NULL;
done:
    cand_free(&cur);
    free(proc);
    free(by);
    free(key);
    free(load);
    free(hot);
    free(c.rank);
    free(c.tmp);
    free(fr);
    st->seconds = ecs_clock_now() - t0;
    return rc;
}
