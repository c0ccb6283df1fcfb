/*
 * Critical-path list scheduling at f = 1 (listsched.h): CP/MISF priority
 * (bottom level, then more successors, then lower index), non-delay, two
 * binary heaps (ready tasks by priority, waiting tasks by ready time) and a
 * heap of PE free times.  O((n + E) log n).
 */
#include "ecsched/listsched.h"
#include "ecsched/instance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A binary min-heap of task (or PE) indices under a caller's order. */
typedef struct heap {
    size_t *a;
    size_t len;
    const long *key;  /* primary key, smaller first */
    const long *key2; /* secondary key, smaller first, or NULL */
} heap;

static int heap_less(const heap *h, size_t x, size_t y)
{
    if (h->key[x] != h->key[y])
        return h->key[x] < h->key[y];
    if (h->key2 && h->key2[x] != h->key2[y])
        return h->key2[x] < h->key2[y];
    return x < y;
}

static void heap_push(heap *h, size_t v)
{
    size_t i = h->len++;
    h->a[i] = v;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!heap_less(h, h->a[i], h->a[p]))
            break;
        size_t t = h->a[i];
        h->a[i] = h->a[p];
        h->a[p] = t;
        i = p;
    }
}

static size_t heap_pop(heap *h)
{
    size_t top = h->a[0];
    h->a[0] = h->a[--h->len];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->len && heap_less(h, h->a[l], h->a[m]))
            m = l;
        if (r < h->len && heap_less(h, h->a[r], h->a[m]))
            m = r;
        if (m == i)
            break;
        size_t t = h->a[i];
        h->a[i] = h->a[m];
        h->a[m] = t;
        i = m;
    }
    return top;
}

typedef struct ls_work {
    long *negbl;    /* -bottom level: priority key */
    long *negsucc;  /* -number of successors: tie key */
    long *ready;    /* time all predecessors are done */
    long *finish;   /* finish time (exclusive) */
    size_t *left;   /* predecessors not yet scheduled */
    long *pe_free;  /* per PE */
    size_t *buf;    /* heap storage: 2n + pes */
} ls_work;

static void ls_work_free(ls_work *w)
{
    free(w->negbl);
    free(w->negsucc);
    free(w->ready);
    free(w->finish);
    free(w->left);
    free(w->pe_free);
    free(w->buf);
}

static int ls_work_alloc(ls_work *w, size_t n, int pes)
{
    size_t m = n ? n : 1;
    w->negbl = malloc(m * sizeof *w->negbl);
    w->negsucc = malloc(m * sizeof *w->negsucc);
    w->ready = calloc(m, sizeof *w->ready);
    w->finish = calloc(m, sizeof *w->finish);
    w->left = malloc(m * sizeof *w->left);
    w->pe_free = calloc((size_t)pes, sizeof *w->pe_free);
    w->buf = malloc((2 * m + (size_t)pes) * sizeof *w->buf);
    return w->negbl && w->negsucc && w->ready && w->finish && w->left &&
           w->pe_free && w->buf;
}

/* A task's predecessors are all placed: it waits until its ready time. */
static void release_task(const ecs_graph *g, ls_work *w, heap *waiting,
                         size_t v)
{
    long r = 0;
    for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
        if (w->finish[g->pred[e]] > r)
            r = w->finish[g->pred[e]];
    w->ready[v] = r;
    heap_push(waiting, v);
}

/* The list-scheduling loop; fills s. */
static ecs_result ls_run(const ecs_graph *g, int pes, ls_work *w,
                         ecs_schedule *s)
{
    size_t n = g->n;
    heap avail = {w->buf, 0, w->negbl, w->negsucc};
    heap waiting = {w->buf + n, 0, w->ready, NULL};
    heap pe = {w->buf + 2 * n, 0, w->pe_free, NULL};
    for (int q = 0; q < pes; q++)
        heap_push(&pe, (size_t)q);
    for (size_t v = 0; v < n; v++) {
        w->left[v] = g->pred_off[v + 1] - g->pred_off[v];
        if (w->left[v] == 0)
            release_task(g, w, &waiting, v);
    }
    long now = 0; /* the scheduling clock never goes back */
    for (size_t done = 0; done < n; done++) {
        size_t q = heap_pop(&pe);
        long t = w->pe_free[q] > now ? w->pe_free[q] : now;
        if (avail.len == 0 && w->ready[waiting.a[0]] > t)
            t = w->ready[waiting.a[0]];
        now = t;
        while (waiting.len > 0 && w->ready[waiting.a[0]] <= t)
            heap_push(&avail, heap_pop(&waiting));
        size_t v = heap_pop(&avail);
        w->finish[v] = t + g->work[v];
        w->pe_free[q] = w->finish[v];
        heap_push(&pe, q);
        ecs_result rc = ecs_schedule_place(s, v, (int)q, t, w->finish[v] - 1,
                                           NULL, 0);
        if (rc != ECS_OK)
            return rc;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            if (--w->left[g->succ[e]] == 0)
                release_task(g, w, &waiting, g->succ[e]);
    }
    return ECS_OK;
}

ecs_result ecs_listsched_run(const ecs_graph *g, int pes, ecs_schedule **out,
                             ecs_diag *diag)
{
    *out = NULL;
    if (pes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "list scheduling needs at least 1 PE, got %d", pes);
    for (size_t v = 0; v < g->n; v++)
        if (g->work[v] <= 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: contract the graph first",
                                g->id[v]);
    ls_work w = {0};
    ecs_schedule *s = ecs_schedule_new(g->n);
    if (s == NULL || !ls_work_alloc(&w, g->n, pes)) {
        ls_work_free(&w);
        ecs_schedule_free(s);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    ecs_graph_bottom_levels(g, w.negbl);
    for (size_t v = 0; v < g->n; v++) {
        w.negbl[v] = -w.negbl[v];
        w.negsucc[v] = -(long)(g->succ_off[v + 1] - g->succ_off[v]);
    }
    ecs_result rc = ls_run(g, pes, &w, s);
    ls_work_free(&w);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return ecs_diag_set(diag, rc, NULL, 0, "list scheduling: %s",
                            ecs_strerror(rc));
    }
    *out = s;
    return ECS_OK;
}

/* ---- heterogeneous classes: HEFT-like, at the top frequency ---- */

typedef struct hk {
    long bl;
    long nsucc;
    size_t i;
} hk;

static int cmp_hk(const void *a, const void *b)
{
    const hk *x = a, *y = b;
    if (x->bl != y->bl)
        return x->bl > y->bl ? -1 : 1;
    if (x->nsucc != y->nsucc)
        return x->nsucc > y->nsucc ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

static long ceil_div(long a, long b)
{
    return (a + b - 1) / b;
}

/* The base's order on classes: dur[v] the fastest duration
 * ceil(w G / vmax), bl[v] the bottom level with these durations (in
 * reverse topological order), order the tasks by bottom level, then more
 * successors, then lower index. */
static void base_order(const ecs_graph *g, const ecs_platform *p, long vmax,
                       long *dur, long *bl, hk *order)
{
    size_t n = g->n;
    for (size_t v = 0; v < n; v++)
        dur[v] = ceil_div(g->work[v] * p->grid, vmax);
    for (size_t k = n; k-- > 0;) {
        size_t v = g->topo[k];
        long best = 0;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            if (bl[g->succ[e]] > best)
                best = bl[g->succ[e]];
        bl[v] = dur[v] + best;
    }
    for (size_t v = 0; v < n; v++)
        order[v] = (hk){bl[v], (long)(g->succ_off[v + 1] - g->succ_off[v]),
                        v};
    qsort(order, n, sizeof *order, cmp_hk);
}

/* The site draws of the capped base: idle[s] of every PE of site s, use
 * of the tasks placed (over ncap slots), the caps. */
typedef struct capctx {
    const double *const *cap; /* nsite arrays of ncap, or NULL */
    size_t ncap;
    double idle[ECS_MAX_SITES];
    double *use;               /* nsite * ncap */
} capctx;

/* The most a site may draw in slot l, with the checker's tolerance. */
static double cap_at(const capctx *k, int s, long l)
{
    double c = k->cap[s] != NULL ? k->cap[s][l] : HUGE_VAL;
    return c + 1e-9 * (1.0 + fabs(c));
}

/* The earliest start >= st at which a task drawing extra at site s fits
 * for dur slots under the cap; -1 if none within the caps' slots. */
static long cap_fit(const capctx *k, int s, double extra, long st, long dur)
{
    const double *u = k->use + (size_t)s * k->ncap;
    for (long l = st; l + dur <= (long)k->ncap; l++) {
        long bad = -1;
        for (long t = l + dur - 1; t >= l; t--)
            if (k->idle[s] + u[t] + extra > cap_at(k, s, t)) {
                bad = t;
                break;
            }
        if (bad < 0)
            return l;
        l = bad; /* no start at or before bad fits */
    }
    return -1;
}

ecs_result ecs_listsched_platform(const ecs_graph *g, const ecs_platform *p,
                                  ecs_schedule **out, ecs_diag *diag)
{
    return ecs_listsched_platform_capped(g, p, NULL, 0, out, diag);
}

ecs_result ecs_listsched_platform_capped(const ecs_graph *g,
                                         const ecs_platform *p,
                                         const double *const *cap,
                                         size_t ncap, ecs_schedule **out,
                                         ecs_diag *diag)
{
    *out = NULL;
    if (p == NULL || p->pes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "list scheduling needs a platform with PEs");
    capctx ck = {cap, ncap, {0}, NULL};
    int capped = 0;
    if (cap != NULL)
        for (int q = 0; q < p->nsite && q < ECS_MAX_SITES; q++)
            capped |= cap[q] != NULL;
    if (capped && ncap == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "list scheduling under caps needs their slots");
    if (p->nclass == 0 && !capped)
        return ecs_listsched_run(g, p->pes, out, diag);
    if (p->nclass == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "caps need a platform of classes and sites");
    if (capped) {
        ck.use = calloc((size_t)p->nsite * ncap, sizeof *ck.use);
        if (ck.use == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        for (size_t c = 0; c < p->nclass; c++)
            ck.idle[p->cls[c].site] += p->cls[c].count * p->cls[c].idle;
        /* every PE is on from slot 0: the idle draw must fit */
        for (int q = 0; q < p->nsite; q++)
            if (ck.idle[q] > cap_at(&ck, q, 0)) {
                free(ck.use);
                return ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                                    "site %s draws %.6g in slot 0 when idle, "
                                    "above its cap of %.6g: no schedule "
                                    "meets the cap",
                                    p->site_name[q][0] ? p->site_name[q] : "0",
                                    ck.idle[q], cap[q][0]);
            }
    }
    long vmax = 0;
    for (size_t c = 0; c < p->nclass; c++)
        if (p->cls[c].speed_q[0] > vmax)
            vmax = p->cls[c].speed_q[0];
    size_t n = g->n, m = n ? n : 1, nc = p->nclass;
    for (size_t v = 0; v < n; v++)
        if (g->work[v] <= 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: contract the graph first",
                                g->id[v]);
    ecs_schedule *s = ecs_schedule_new(n);
    long *dur = malloc(m * sizeof *dur), *bl = malloc(m * sizeof *bl);
    long *finish = malloc(m * sizeof *finish);
    hk *order = malloc(m * sizeof *order);
    long *pe_free = calloc((size_t)p->pes, sizeof *pe_free);
    size_t *buf = malloc((size_t)p->pes * sizeof *buf);
    heap *hc = malloc(nc * sizeof *hc);
    ecs_result rc = ECS_OK;
    if (!s || !dur || !bl || !finish || !order || !pe_free || !buf || !hc) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    base_order(g, p, vmax, dur, bl, order);
    /* one heap of PEs by free time per class */
    for (size_t c = 0; c < nc; c++) {
        hc[c] = (heap){buf + p->cls[c].first_pe, 0, pe_free, NULL};
        for (int q = 0; q < p->cls[c].count; q++)
            heap_push(&hc[c], (size_t)(p->cls[c].first_pe + q));
    }
    for (size_t k = 0; k < n && rc == ECS_OK; k++) {
        size_t v = order[k].i;
        long ready = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
            if (finish[g->pred[e]] > ready)
                ready = finish[g->pred[e]];
        size_t bc = 0;
        long bs = 0, bf = -1;
        for (size_t c = 0; c < nc; c++) {
            long fr = pe_free[hc[c].a[0]];
            long st = fr > ready ? fr : ready;
            long d = ceil_div(g->work[v] * p->grid, p->cls[c].speed_q[0]);
            if (capped) {
                const ecs_pe_class *pc = &p->cls[c];
                st = cap_fit(&ck, pc->site, pc->power_of[0] - pc->idle, st, d);
                if (st < 0)
                    continue;
            }
            long fin = st + d;
            if (bf < 0 || fin < bf) {
                bf = fin;
                bs = st;
                bc = c;
            }
        }
        if (bf < 0) {
            rc = ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                              "task %ld fits under the power cap on no "
                              "class at f = 1 within %zu slots (its draw "
                              "there with every PE idle is above the cap)",
                              g->id[v], ncap);
            break;
        }
        if (capped) {
            const ecs_pe_class *pc = &p->cls[bc];
            double *u = ck.use + (size_t)pc->site * ncap;
            for (long l = bs; l < bf; l++)
                u[l] += pc->power_of[0] - pc->idle;
        }
        size_t q = heap_pop(&hc[bc]);
        pe_free[q] = bf;
        heap_push(&hc[bc], q);
        finish[v] = bf;
        rc = ecs_schedule_place(s, v, (int)q, bs, bf - 1, NULL, 0);
        if (rc != ECS_OK)
            rc = ecs_diag_set(diag, rc, NULL, 0, "list scheduling: %s",
                              ecs_strerror(rc));
    }
done:
    free(ck.use);
    free(dur);
    free(bl);
    free(finish);
    free(order);
    free(pe_free);
    free(buf);
    free(hc);
    if (rc != ECS_OK)
        ecs_schedule_free(s);
    else
        *out = s;
    return rc;
}

/* ---- the cheapest-fit list schedule (extended model) ---- */

/* One class as the extended model sees it (the paper's platform: one
 * class of every PE at site 0, no idle draw). */
typedef struct cf_class {
    int count, first_pe, site;
    double idle;
} cf_class;

static cf_class cf_class_of(const ecs_platform *p, size_t c)
{
    if (p->nclass == 0)
        return (cf_class){p->pes, 0, 0, 0.0};
    const ecs_pe_class *pc = &p->cls[c];
    return (cf_class){pc->count, pc->first_pe, pc->site, pc->idle};
}

/* ---- the profile search (ecs_listsched_cheapest_profiles) ---- */

/* The most DP steps (slots x grid steps x frequencies, summed over the PEs)
 * of the profile search over all tasks: each task's slots are cut so that
 * it takes its n-th part (about a second; fork-join 1,000 tasks on 8 PEs
 * over 1,948 slots keeps a window of some hundred slots per task). */
#define PF_MAX_STEPS 3e8

/* The buffers of one task's profile search. */
typedef struct pf_buf {
    long H, W;          /* slots and grid steps they are sized for */
    double *mk;         /* nfreq x H marginal costs (HUGE_VAL: over the cap) */
    double *C, *Cn;     /* W: the least cost of s steps done */
    unsigned char *bk;  /* H x W: the frequency that reached s in slot t */
    unsigned char *fq;  /* H: the best profile so far */
    unsigned char *tmp; /* H: a profile being traced */
} pf_buf;

static void pf_free(pf_buf *b)
{
    free(b->mk);
    free(b->C);
    free(b->bk);
    free(b->fq);
    b->mk = b->C = NULL;
    b->bk = b->fq = NULL;
}

/* Room for H slots and W steps; 0, or -1 when out of memory. */
static int pf_reserve(pf_buf *b, size_t nfreq, long H, long W)
{
    if (H <= b->H && W <= b->W)
        return 0;
    if (H < b->H)
        H = b->H;
    if (W < b->W)
        W = b->W;
    pf_free(b);
    b->mk = malloc(nfreq * (size_t)H * sizeof *b->mk);
    b->C = malloc(2 * (size_t)W * sizeof *b->C);
    b->bk = malloc((size_t)H * (size_t)W);
    b->fq = malloc(2 * (size_t)H);
    if (!b->mk || !b->C || !b->bk || !b->fq) {
        pf_free(b);
        b->H = b->W = 0;
        return -1;
    }
    b->Cn = b->C + W;
    b->tmp = b->fq + H;
    b->H = H;
    b->W = W;
    return 0;
}

/* The best profile found for a task. */
typedef struct pf_best {
    int found, q;
    long start, stop;
    double cost;
} pf_best;

/* One PE q of class c over slots a .. a+H-1 (the marginal costs in
 * b->mk): the least cost of W grid steps in consecutive slots of q, a
 * frequency per slot (f = 0, where F has it, waits and costs what its
 * draw adds; never in the first slot), q free in all of them; a start
 * enters 0 steps at cost 0 in any free slot.  Improves *best (ties: the
 * earlier stop), its profile in b->fq from its start. */
static void pf_pe(const ecs_platform *p, int c, int q, const unsigned char *busy,
                  long a, long H, long W, pf_buf *b, pf_best *best)
{
    double *C = b->C, *Cn = b->Cn;
    size_t K = p->nfreq;
    for (long s = 0; s < W; s++)
        C[s] = HUGE_VAL;
    for (long u = 0; u < H; u++) {
        if (busy[a + u]) {
            for (long s = 0; s < W; s++)
                C[s] = HUGE_VAL;
            continue;
        }
        C[0] = 0.0; /* a start in slot a + u */
        for (long s = 0; s < W; s++)
            Cn[s] = HUGE_VAL;
        unsigned char *bk = b->bk + (size_t)u * (size_t)W;
        for (long s = 0; s < W; s++) {
            if (C[s] == HUGE_VAL)
                continue;
            for (size_t k = 0; k < K; k++) {
                long qk = ecs_platform_speed_q(p, c, k);
                double mc = b->mk[k * (size_t)H + (size_t)u];
                if ((qk <= 0 && s == 0) || mc == HUGE_VAL)
                    continue;
                double v = C[s] + mc;
                if (s + qk < W) {
                    if (v < Cn[s + qk]) {
                        Cn[s + qk] = v;
                        bk[s + qk] = (unsigned char)k;
                    }
                    continue;
                }
                double tol = 1e-12 * (1.0 + fabs(best->cost));
                if (best->found &&
                    (v > best->cost + tol ||
                     (v >= best->cost - tol && a + u >= best->stop)))
                    continue;
                /* trace it back to its start */
                long t = u, st = s;
                b->tmp[t] = (unsigned char)k;
                while (st > 0) {
                    t--;
                    unsigned char kk = b->bk[(size_t)t * (size_t)W + (size_t)st];
                    b->tmp[t] = kk;
                    st -= ecs_platform_speed_q(p, c, kk);
                }
                memcpy(b->fq, b->tmp + t, (size_t)(u - t + 1));
                *best = (pf_best){1, q, a + t, a + u, v};
            }
        }
        double *x = C;
        C = Cn;
        Cn = x;
    }
}

/* The profile search of task v with W grid steps over slots a .. a+H-1 on
 * every PE: the marginal costs per class (the margin of the site's cover
 * above its draw so far, HUGE_VAL where the cap does not hold), then
 * pf_pe.  use: the sites' draws of the tasks placed, idle: every PE's. */
static void pf_task(const ecs_instance *inst, const unsigned char *busy,
                    const double *use, const double *idle, long a, long H,
                    long W, pf_buf *b, pf_best *best)
{
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1, K = p->nfreq;
    for (size_t c = 0; c < nc; c++) {
        cf_class cl = cf_class_of(p, c);
        const double *su = use + (size_t)cl.site * (size_t)D;
        for (size_t k = 0; k < K; k++) {
            double x = ecs_platform_power(p, (int)c, k) - cl.idle;
            double *mk = b->mk + k * (size_t)H;
            for (long u = 0; u < H; u++) {
                long t = a + u;
                double e0 = idle[cl.site] + su[t];
                double cap = ecs_instance_cap(inst, cl.site, t);
                mk[u] = e0 + x <= cap + 1e-9 * (1.0 + fabs(cap))
                            ? ecs_instance_slot_cost(inst, cl.site, t,
                                                     e0 + x) -
                                  ecs_instance_slot_cost(inst, cl.site, t, e0)
                            : HUGE_VAL;
            }
        }
        for (int q = cl.first_pe; q < cl.first_pe + cl.count; q++)
            pf_pe(p, (int)c, q, busy + (size_t)q * (size_t)D, a, H, W, b,
                  best);
    }
}

static ecs_result cheapest_core(const ecs_instance *inst, const long *lo,
                                const long *hi, int profiles,
                                ecs_schedule **out, ecs_diag *diag);


ecs_result ecs_listsched_cheapest(const ecs_instance *inst, ecs_schedule **out,
                                  ecs_diag *diag)
{
    return cheapest_core(inst, NULL, NULL, 0, out, diag);
}

ecs_result ecs_listsched_cheapest_within(const ecs_instance *inst,
                                         const long *lo, const long *hi,
                                         ecs_schedule **out, ecs_diag *diag)
{
    return cheapest_core(inst, lo, hi, 0, out, diag);
}

ecs_result ecs_listsched_cheapest_profiles(const ecs_instance *inst,
                                           const long *lo, const long *hi,
                                           ecs_schedule **out, ecs_diag *diag)
{
    if (out != NULL)
        *out = NULL;
    if ((lo == NULL) != (hi == NULL))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the profile list schedule needs both ranges "
                            "or neither");
    return cheapest_core(inst, lo, hi, 1, out, diag);
}

static ecs_result cheapest_core(const ecs_instance *inst, const long *lo,
                                const long *hi, int profiles,
                                ecs_schedule **out, ecs_diag *diag)
{
    *out = NULL;
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL ||
        inst->deadline < 1 || inst->platform->pes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the cheapest-fit list schedule needs an "
                            "instance with PEs and a deadline");
    ecs_result rc = ecs_instance_require_uniform(inst, "the cheapest-fit "
                                                       "list schedule",
                                                 diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "the cheapest-fit list "
                                               "schedule",
                                         diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    size_t n = g->n, m = n ? n : 1;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    long D = inst->deadline;
    for (size_t v = 0; v < n; v++)
        if (g->work[v] <= 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: contract the graph first",
                                g->id[v]);
    long vmax = 0;
    for (size_t c = 0; c < nc; c++)
        if (ecs_platform_speed_q(p, (int)c, 0) > vmax)
            vmax = ecs_platform_speed_q(p, (int)c, 0);
    if (vmax <= 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "no class works at f = 1");
    double idle[ECS_MAX_SITES] = {0};
    for (size_t c = 0; c < nc; c++) {
        cf_class k = cf_class_of(p, c);
        idle[k.site] += k.count * k.idle;
    }
    ecs_schedule *s = ecs_schedule_new(n);
    long *dur = malloc(m * sizeof *dur), *bl = malloc(m * sizeof *bl);
    long *finish = malloc(m * sizeof *finish);
    hk *order = malloc(m * sizeof *order);
    unsigned char *busy = calloc((size_t)p->pes * (size_t)D, 1);
    long *freerun = malloc((size_t)p->pes * (size_t)D * sizeof *freerun);
    double *use = calloc((size_t)nsite * (size_t)D, sizeof *use);
    double *marg = malloc((size_t)D * sizeof *marg);
    double *win = malloc(((size_t)D + 1) * sizeof *win);
    long *capok = malloc(((size_t)D + 1) * sizeof *capok);
    if (!s || !dur || !bl || !finish || !order || !busy || !freerun || !use ||
        !marg || !win || !capok) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    base_order(g, p, vmax, dur, bl, order);
    pf_buf pb = {0, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    /* each task's share of the profile search's steps, per PE and step of
     * work and frequency: its most slots */
    double pf_slots = PF_MAX_STEPS / ((double)m * (double)p->pes *
                                      (double)p->nfreq);
    for (size_t o = 0; o < n && rc == ECS_OK; o++) {
        size_t v = order[o].i;
        long ready = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
            if (finish[g->pred[e]] > ready)
                ready = finish[g->pred[e]];
        /* the free run of every PE from every slot in [ready, D) */
        for (int q = 0; q < p->pes; q++) {
            const unsigned char *b = busy + (size_t)q * (size_t)D;
            long *fr = freerun + (size_t)q * (size_t)D;
            long run = 0;
            for (long t = D - 1; t >= ready; t--) {
                run = b[t] ? 0 : run + 1;
                fr[t] = run;
            }
        }
        int found = 0, bq = -1;
        size_t bk = 0;
        long bs = 0, bd = 0;
        double bcost = HUGE_VAL;
        /* stop by D' less the successors' tail, else by D'; within the
         * task's range first (from lo[v] and by hi[v], by as much more as
         * its predecessors pushed it past lo[v]) */
        long tail = D - (bl[v] - dur[v]);
        long lims[4] = {tail, tail, tail, D}, from[4] = {ready, ready,
                                                         ready, ready};
        int first = 2;
        if (lo != NULL && hi != NULL) {
            long push = ready > lo[v] ? ready - lo[v] : 0;
            from[0] = ready > lo[v] ? ready : lo[v];
            lims[0] = hi[v] + 1 < tail ? hi[v] + 1 : tail;
            lims[1] = hi[v] + 1 + push < tail ? hi[v] + 1 + push : tail;
            first = 0;
        }
        for (int pass = first; pass < 4 && !found; pass++) {
            long lim = lims[pass];
            if (pass == 3 && lims[2] == D)
                break;
            if (pass > first && lim == lims[pass - 1] &&
                from[pass] == from[pass - 1])
                continue;
            for (size_t c = 0; c < nc; c++) {
                cf_class cl = cf_class_of(p, c);
                const double *su = use + (size_t)cl.site * (size_t)D;
                double cap_idle = idle[cl.site];
                for (size_t k = 0; k < p->nfreq; k++) {
                    long q_k = ecs_platform_speed_q(p, (int)c, k);
                    if (q_k <= 0)
                        continue;
                    long d = ceil_div(g->work[v] * p->grid, q_k);
                    if (from[pass] + d > lim)
                        continue;
                    double x = ecs_platform_power(p, (int)c, k) - cl.idle;
                    /* the margin of every slot, its window sums, and the
                     * slots from which the cap holds for d slots */
                    long run = 0;
                    for (long t = lim - 1; t >= from[pass]; t--) {
                        double e0 = cap_idle + su[t];
                        double cap = ecs_instance_cap(inst, cl.site, t);
                        int ok = e0 + x <= cap + 1e-9 * (1.0 + fabs(cap));
                        run = ok ? run + 1 : 0;
                        capok[t] = run;
                        marg[t] = ok ? ecs_instance_slot_cost(inst, cl.site,
                                                              t, e0 + x) -
                                           ecs_instance_slot_cost(
                                               inst, cl.site, t, e0)
                                     : 0.0;
                    }
                    win[lim] = 0.0;
                    for (long t = lim - 1; t >= from[pass]; t--)
                        win[t] = win[t + 1] + marg[t];
                    for (int q = cl.first_pe; q < cl.first_pe + cl.count;
                         q++) {
                        const long *fr = freerun + (size_t)q * (size_t)D;
                        for (long t = from[pass]; t + d <= lim; t++) {
                            if (fr[t] < d || capok[t] < d)
                                continue;
                            double cost = win[t] - win[t + d];
                            double tol = 1e-12 * (1.0 + fabs(bcost));
                            if (!found || cost < bcost - tol ||
                                (cost <= bcost + tol && t + d < bs + bd)) {
                                found = 1;
                                bcost = cost;
                                bq = q;
                                bk = k;
                                bs = t;
                                bd = d;
                            }
                        }
                    }
                }
            }
            /* a frequency per slot over the pass's first slots, where
             * that is cheaper (ties: the earlier stop) */
            long W = g->work[v] * p->grid;
            long H = lim - from[pass];
            double hmax = pf_slots / (double)W;
            if (hmax < (double)H)
                H = hmax < 1.0 ? 1 : (long)hmax;
            if (profiles && H > 0) {
                if (pf_reserve(&pb, p->nfreq, H, W) != 0) {
                    rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                                      "out of memory");
                    break;
                }
                pf_best pf = {found, -1, 0, found ? bs + bd - 1 : 0,
                              found ? bcost : HUGE_VAL};
                pf_task(inst, busy, use, idle, from[pass], H, W, &pb, &pf);
                if (pf.q >= 0) { /* cheaper, or as cheap and earlier */
                    found = 2;
                    bcost = pf.cost;
                    bq = pf.q;
                    bs = pf.start;
                    bd = pf.stop - pf.start + 1;
                }
            }
        }
        if (rc != ECS_OK)
            break;
        if (!found) {
            rc = ecs_diag_set(diag, ECS_EINFEASIBLE, NULL, 0,
                              "task %ld fits on no PE between slot %ld and "
                              "the deadline %ld (its predecessors, the PEs' "
                              "tasks and the caps leave no room)",
                              g->id[v], ready, D);
            break;
        }
        int bc = p->nclass > 0 ? ecs_platform_pe_class(p, bq) : 0;
        cf_class cl = cf_class_of(p, (size_t)bc);
        for (long t = bs; t < bs + bd; t++) {
            size_t kt = found == 2 ? pb.fq[t - bs] : bk;
            busy[(size_t)bq * (size_t)D + (size_t)t] = 1;
            use[(size_t)cl.site * (size_t)D + (size_t)t] +=
                ecs_platform_power(p, bc, kt) - cl.idle;
        }
        finish[v] = bs + bd;
        rc = ecs_schedule_place(s, v, bq, bs, bs + bd - 1,
                                found == 2 ? pb.fq : NULL, (unsigned char)bk);
        if (rc != ECS_OK)
            rc = ecs_diag_set(diag, rc, NULL, 0, "list scheduling: %s",
                              ecs_strerror(rc));
    }
    pf_free(&pb);
done:
    free(dur);
    free(bl);
    free(finish);
    free(order);
    free(busy);
    free(freerun);
    free(use);
    free(marg);
    free(win);
    free(capok);
    if (rc != ECS_OK)
        ecs_schedule_free(s);
    else
        *out = s;
    return rc;
}
