/* The MILP of the extended model (docs/MODEL.md "MILP, extended model"):
 * time-indexed, with the class and the frequency of every slot explicit,
 * the draw of every site and slot covered by its sources and the grid, and
 * the caps.  Built as a solver-neutral model (milp_model.c), solved by the
 * GLPK driver (milp_glpk.c); the schedule is read back, its PEs assigned
 * greedily per class, and checked by the checker. */
#include "milp_internal.h"

#include "ecsched/bound.h"
#include "ecsched/check.h"
#include "ecsched/clock.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Column layout of one task: per class c, its intervals [s, e] inside
 * the window (e - s + 1 slots at least the class's shortest duration),
 * then the cumulative S_{i,c,l} ("started on c by l") and C_{i,c,l}
 * ("stopped on c by l"), then the frequencies u_{i,c,l,k}. */
typedef struct ext_task {
    long es, lf, len;              /* window and its length */
    size_t x0[ECS_MAX_CLASSES + 1]; /* intervals of class c: x0[c] .. x0[c+1]-1 */
    long *iv;                      /* interval column j: first slot
                                      iv[2 (j - x0[0])], last the next */
    long dmin[ECS_MAX_CLASSES];    /* shortest interval on class c */
    size_t s0, c0;                 /* S: s0 + c * len + (l - es); C alike */
    size_t u0[ECS_MAX_CLASSES];    /* u of a class with frequency columns:
                                      u0[c] + (l - es) * nk + kk */
} ext_task;

typedef struct ext_map {
    size_t n, nclass, nk, nsite;
    int lin[ECS_MAX_CLASSES]; /* class c's site has no source and no cap:
                                 its cost is linear in its draw, so its
                                 intervals carry their cheapest profile's
                                 cost (the strong model's way) and it has
                                 no frequency columns */
    long D;
    size_t kidx[ECS_MAX_FREQS]; /* the frequencies with f > 0 */
    ext_task *t;
    size_t y0;  /* y_{s,l}: y0 + s * D + l */
    size_t x0;  /* x_{j,l}: x0 + j * D + l */
} ext_map;

static size_t u_col(const ext_map *mp, size_t i, size_t c, long l, size_t kk)
{
    const ext_task *t = &mp->t[i];
    return t->u0[c] + (size_t)(l - t->es) * mp->nk + kk;
}

static size_t s_col(const ext_map *mp, size_t i, size_t c, long l)
{
    const ext_task *t = &mp->t[i];
    return t->s0 + c * (size_t)t->len + (size_t)(l - t->es);
}

static size_t c_col(const ext_map *mp, size_t i, size_t c, long l)
{
    const ext_task *t = &mp->t[i];
    return t->c0 + c * (size_t)t->len + (size_t)(l - t->es);
}

/* Interval column j of task t: its first and last slot. */
static void iv_of(const ext_task *t, size_t j, long *s, long *e)
{
    *s = t->iv[2 * (j - t->x0[0])];
    *e = t->iv[2 * (j - t->x0[0]) + 1];
}

static double energy_extra(const ecs_platform *p, size_t c, size_t k)
{
    return p->cls[c].power_of[k] - p->cls[c].idle;
}

/* The cheapest profiles of `need` grid steps of work on class c from slot
 * a, at its site's prices (the draw above idle times the price), by DP
 * over (slot, work done, capped at need): val[(l - a) * (need + 1) + v]
 * is the least cost of slots a..l ending with v steps done (HUGE_VAL for
 * none); the interval a..e costs val[(e - a) * (need + 1) + need].  NULL
 * when out of memory. */
static double *cheapest(const ecs_instance *inst, const ecs_platform *p,
                        size_t c, long need, long a, long b)
{
    size_t W = (size_t)need + 1, len = (size_t)(b - a + 1);
    double *val = malloc(len * W * sizeof *val);
    if (val == NULL)
        return NULL;
    int site = p->cls[c].site;
    for (long l = a; l <= b; l++) {
        double r = ecs_instance_price(inst, site, l);
        double *nx = val + (size_t)(l - a) * W;
        for (size_t v = 0; v < W; v++)
            nx[v] = HUGE_VAL;
        for (size_t v = 0; v < W; v++) {
            double from = l == a ? (v == 0 ? 0.0 : HUGE_VAL) : (nx - W)[v];
            if (from == HUGE_VAL)
                continue;
            for (size_t k = 0; k < p->nfreq; k++) {
                size_t to = v + (size_t)p->cls[c].speed_q[k];
                if (to > W - 1)
                    to = W - 1;
                double x = from + energy_extra(p, c, k) * r;
                if (x < nx[to])
                    nx[to] = x;
            }
        }
    }
    return val;
}

/* The profile of the cheapest interval a..b out of cheapest()'s table. */
static void profile_of(const ecs_instance *inst, const ecs_platform *p,
                       size_t c, long need, long a, long b, const double *val,
                       unsigned char *prof)
{
    size_t W = (size_t)need + 1, v = W - 1;
    int site = p->cls[c].site;
    for (long l = b; l >= a; l--) {
        double r = ecs_instance_price(inst, site, l);
        const double *cur = val + (size_t)(l - a) * W;
        size_t pick_k = 0, pick_u = 0;
        double best = HUGE_VAL;
        for (size_t u = 0; u < W; u++) {
            double from = l == a ? (u == 0 ? 0.0 : HUGE_VAL) : (cur - W)[u];
            if (from == HUGE_VAL)
                continue;
            for (size_t k = 0; k < p->nfreq; k++) {
                size_t to = u + (size_t)p->cls[c].speed_q[k];
                if (to > W - 1)
                    to = W - 1;
                double x = from + energy_extra(p, c, k) * r;
                if (to == v && x < best) {
                    best = x;
                    pick_k = k;
                    pick_u = u;
                }
            }
        }
        prof[l - a] = (unsigned char)pick_k;
        v = pick_u;
    }
}

/* A platform without classes (sites, sources or caps only) is one class. */
static void as_classes(const ecs_platform *p, ecs_platform *out)
{
    *out = *p;
    if (p->nclass > 0)
        return;
    ecs_pe_class c;
    memset(&c, 0, sizeof c);
    snprintf(c.name, sizeof c.name, "pe");
    c.count = p->pes;
    c.site = 0;
    c.first_pe = 0;
    for (size_t k = 0; k < p->nfreq; k++) {
        c.speed[k] = p->freq[k];
        c.speed_q[k] = p->freq_q[k];
        c.power_of[k] = p->power_of[k];
    }
    out->nclass = 1;
    out->cls[0] = c;
}

/* Add the column of interval s..e of task t on class c at cost `cost`. */
static void iv_col(ext_task *t, milp_model *m, double cost, long id,
                   size_t c, long s, long e)
{
    size_t q = m->ncols - t->x0[0];
    t->iv[2 * q] = s;
    t->iv[2 * q + 1] = e;
    milp_model_col(m, 0, 1, MILP_COL_INT, cost, "x_%ld_%zu_%ld_%ld", id, c,
                       s, e);
}

/* Tolerance under which two interval costs count as equal. */
static double cost_tol(double c)
{
    return 1e-9 * (fabs(c) > 1.0 ? fabs(c) : 1.0);
}

/*
 * The intervals of task i on the linear class c (docs/MODEL.md "MILP,
 * extended model"), each at its cheapest profile's cost, as the strong
 * model keeps them: only those strictly cheaper than every interval inside
 * them.  A schedule that runs i on a dominated interval runs it as cheaply
 * on one inside it, which occupies a subset of its slots, starts no
 * earlier and ends no later.  0, or -1 when out of memory.
 */
static int lin_intervals(const ecs_instance *inst, const ecs_platform *p,
                         const ecs_graph *g, size_t i, size_t c,
                         ext_task *t, milp_model *m)
{
    size_t len = (size_t)t->len;
    long need = g->work[i] * p->grid, dm = t->dmin[c];
    /* cost[a * len + b]: slots es + a .. es + b; low[]: the least over
     * the intervals inside, row a + 1 first */
    double *cost = malloc(len * len * sizeof *cost);
    double *low = malloc(len * len * sizeof *low);
    if (cost == NULL || low == NULL) {
        free(cost);
        free(low);
        return -1;
    }
    for (size_t a = len; a-- > 0;) {
        long s = t->es + (long)a;
        double *val = NULL;
        if (s + dm - 1 <= t->lf) {
            val = cheapest(inst, p, c, need, s, t->lf);
            if (val == NULL) {
                free(cost);
                free(low);
                return -1;
            }
        }
        for (size_t b = a; b < len; b++) {
            double x = val != NULL && (long)(b - a) + 1 >= dm
                           ? val[(b - a) * (size_t)(need + 1) + (size_t)need]
                           : HUGE_VAL;
            double sub = HUGE_VAL;
            if (b > a) {
                double u = low[(a + 1) * len + b], v = low[a * len + b - 1];
                sub = u < v ? u : v;
            }
            cost[a * len + b] = x;
            low[a * len + b] = x < sub ? x : sub;
        }
        free(val);
    }
    for (size_t a = 0; a < len; a++)
        for (size_t b = a; b < len; b++) {
            double x = cost[a * len + b], sub = HUGE_VAL;
            if (b > a) {
                double u = low[(a + 1) * len + b], v = low[a * len + b - 1];
                sub = u < v ? u : v;
            }
            if (x != HUGE_VAL && x < sub - cost_tol(x))
                iv_col(t, m, x, g->id[i], c, t->es + (long)a,
                       t->es + (long)b);
        }
    free(cost);
    free(low);
    return 0;
}

static ecs_result build(const ecs_instance *inst, const ecs_platform *p,
                        const ecs_graph *g, const ecs_windows *w,
                        int names, milp_model *m, ext_map *mp,
                        ecs_diag *diag)
{
    size_t n = g->n, nc = p->nclass;
    long D = inst->deadline;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    int zero = ecs_platform_has_zero(p);
    memset(mp, 0, sizeof *mp);
    milp_model_init(m, names);
    mp->n = n;
    mp->nclass = nc;
    mp->nsite = (size_t)nsite;
    mp->D = D;
    for (size_t k = 0; k < p->nfreq; k++)
        if (p->freq_q[k] > 0)
            mp->kidx[mp->nk++] = k;
    for (size_t c = 0; c < nc; c++) {
        int s = p->cls[c].site;
        mp->lin[c] = inst->site == NULL || inst->site[s].cap == NULL;
        for (size_t j = 0; j < inst->nsource; j++)
            if (inst->source[j].site == s)
                mp->lin[c] = 0;
    }
    mp->t = calloc(n ? n : 1, sizeof *mp->t);
    if (mp->t == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    /* columns */
    for (size_t i = 0; i < n; i++) {
        ext_task *t = &mp->t[i];
        t->es = w->es[i];
        t->lf = w->lf[i];
        t->len = t->lf - t->es + 1;
        size_t most = nc * (size_t)t->len * (size_t)(t->len + 1) / 2;
        t->iv = malloc(2 * (most ? most : 1) * sizeof *t->iv);
        if (t->iv == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        t->x0[0] = m->ncols;
        for (size_t c = 0; c < nc; c++) {
            long top = p->cls[c].speed_q[0];
            t->dmin[c] = (g->work[i] * p->grid + top - 1) / top;
            t->x0[c] = m->ncols;
            if (mp->lin[c]) {
                if (lin_intervals(inst, p, g, i, c, t, m) != 0)
                    return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                                        "out of memory");
                continue;
            }
            for (long s = t->es; s <= t->lf; s++)
                for (long e = s + t->dmin[c] - 1; e <= t->lf; e++)
                    iv_col(t, m, 0.0, g->id[i], c, s, e);
        }
        t->x0[nc] = m->ncols;
        t->s0 = m->ncols;
        for (size_t c = 0; c < nc; c++)
            for (long l = t->es; l <= t->lf; l++)
                milp_model_col(m, 0, 1, MILP_COL_IMPLIED, 0, "S_%ld_%zu_%ld",
                                   g->id[i], c, l);
        t->c0 = m->ncols;
        for (size_t c = 0; c < nc; c++)
            for (long l = t->es; l <= t->lf; l++)
                milp_model_col(m, 0, 1, MILP_COL_IMPLIED, 0, "C_%ld_%zu_%ld",
                                   g->id[i], c, l);
        for (size_t c = 0; c < nc; c++) {
            t->u0[c] = m->ncols;
            for (long l = t->es; !mp->lin[c] && l <= t->lf; l++)
                for (size_t kk = 0; kk < mp->nk; kk++)
                    milp_model_col(m, 0, 1, MILP_COL_INT, 0,
                                       "u_%ld_%zu_%ld_%zu", g->id[i], c, l,
                                       mp->kidx[kk]);
        }
    }
    mp->y0 = m->ncols;
    for (int s = 0; s < nsite; s++)
        for (long l = 0; l < D; l++)
            milp_model_col(m, 0, HUGE_VAL, MILP_COL_CONT,
                               ecs_instance_price(inst, s, l), "y_%d_%ld", s,
                               l);
    mp->x0 = m->ncols;
    for (size_t j = 0; j < inst->nsource; j++)
        for (long l = 0; l < D; l++)
            milp_model_col(m, 0, inst->source[j].volume[l], MILP_COL_CONT,
                               inst->source[j].price, "g_%zu_%ld", j, l);
    if (m->oom)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    /* rows of every task */
    for (size_t i = 0; i < n; i++) {
        const ext_task *t = &mp->t[i];
        long id = g->id[i];
        size_t r = milp_model_row(m, MILP_ROW_EQ, 1, "one_%ld", id);
        for (size_t j = t->x0[0]; j < t->x0[nc]; j++)
            milp_model_nz(m, r, j, 1);
        for (size_t c = 0; c < nc; c++) {
            /* S_{c,l} - S_{c,l-1} = sum of x starting at l; C alike */
            size_t rs0 = m->nrows;
            for (long l = t->es; l <= t->lf; l++) {
                r = milp_model_row(m, MILP_ROW_EQ, 0, "sd_%ld_%zu_%ld", id,
                                       c, l);
                milp_model_nz(m, r, s_col(mp, i, c, l), 1);
                if (l > t->es)
                    milp_model_nz(m, r, s_col(mp, i, c, l - 1), -1);
            }
            size_t rc0 = m->nrows;
            for (long l = t->es; l <= t->lf; l++) {
                r = milp_model_row(m, MILP_ROW_EQ, 0, "cd_%ld_%zu_%ld", id,
                                       c, l);
                milp_model_nz(m, r, c_col(mp, i, c, l), 1);
                if (l > t->es)
                    milp_model_nz(m, r, c_col(mp, i, c, l - 1), -1);
            }
            for (size_t j = t->x0[c]; j < t->x0[c + 1]; j++) {
                long s, e;
                iv_of(t, j, &s, &e);
                milp_model_nz(m, rs0 + (size_t)(s - t->es), j, -1);
                milp_model_nz(m, rc0 + (size_t)(e - t->es), j, -1);
            }
            /* frequencies only while occupied on c */
            for (long l = t->es; !mp->lin[c] && l <= t->lf; l++) {
                r = milp_model_row(m, zero ? MILP_ROW_LE : MILP_ROW_EQ, 0,
                                       "occ_%ld_%zu_%ld", id, c, l);
                for (size_t kk = 0; kk < mp->nk; kk++)
                    milp_model_nz(m, r, u_col(mp, i, c, l, kk), 1);
                milp_model_nz(m, r, s_col(mp, i, c, l), -1);
                if (l > t->es)
                    milp_model_nz(m, r, c_col(mp, i, c, l - 1), 1);
            }
        }
        int freq_cols = 0; /* else every interval does the work */
        for (size_t c = 0; c < nc; c++)
            freq_cols |= !mp->lin[c];
        if (!freq_cols)
            continue;
        r = milp_model_row(m, MILP_ROW_GE, (double)(g->work[i] * p->grid),
                               "work_%ld", id);
        for (size_t c = 0; c < nc; c++) {
            if (mp->lin[c]) { /* its intervals' profiles do the work */
                for (size_t j = t->x0[c]; j < t->x0[c + 1]; j++)
                    milp_model_nz(m, r, j,
                                      (double)(g->work[i] * p->grid));
                continue;
            }
            for (long l = t->es; l <= t->lf; l++)
                for (size_t kk = 0; kk < mp->nk; kk++)
                    milp_model_nz(m, r, u_col(mp, i, c, l, kk),
                                      (double)p->cls[c].speed_q[mp->kidx[kk]]);
        }
    }
    /* precedence: b started by l only if a stopped by l - 1 */
    for (size_t b = 0; b < n; b++)
        for (size_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
            size_t a = g->pred[e];
            const ext_task *ta = &mp->t[a], *tb = &mp->t[b];
            for (long l = tb->es; l <= tb->lf; l++) {
                if (l - 1 >= ta->lf)
                    break; /* a has surely stopped */
                size_t r = milp_model_row(m, MILP_ROW_LE, 0, "p_%ld_%ld_%ld",
                                              g->id[a], g->id[b], l);
                for (size_t c = 0; c < nc; c++) {
                    milp_model_nz(m, r, s_col(mp, b, c, l), 1);
                    if (l - 1 >= ta->es)
                        milp_model_nz(m, r, c_col(mp, a, c, l - 1), -1);
                }
            }
        }
    /* capacity per class and slot */
    for (long l = 0; l < D; l++)
        for (size_t c = 0; c < nc; c++) {
            size_t r = milp_model_row(m, MILP_ROW_LE, p->cls[c].count,
                                          "cap_%zu_%ld", c, l);
            for (size_t i = 0; i < n; i++) {
                const ext_task *t = &mp->t[i];
                if (l < t->es || l > t->lf)
                    continue;
                milp_model_nz(m, r, s_col(mp, i, c, l), 1);
                if (l > t->es)
                    milp_model_nz(m, r, c_col(mp, i, c, l - 1), -1);
            }
        }
    /* draw, cover and power cap per site and slot */
    for (int s = 0; s < nsite; s++) {
        double idle = 0.0;
        for (size_t c = 0; c < nc; c++)
            if (p->cls[c].site == s)
                idle += p->cls[c].count * p->cls[c].idle;
        for (long l = 0; l < D; l++) {
            size_t r = milp_model_row(m, MILP_ROW_EQ, idle, "cover_%d_%ld",
                                          s, l);
            milp_model_nz(m, r, mp->y0 + (size_t)s * (size_t)D + (size_t)l,
                              1);
            for (size_t j = 0; j < inst->nsource; j++)
                if (inst->source[j].site == s)
                    milp_model_nz(m, r, mp->x0 + j * (size_t)D + (size_t)l,
                                      1);
            double cap = ecs_instance_cap(inst, s, l);
            size_t rc = (size_t)-1;
            if (isfinite(cap))
                rc = milp_model_row(m, MILP_ROW_LE, cap - idle,
                                        "pcap_%d_%ld", s, l);
            for (size_t i = 0; i < n; i++) {
                const ext_task *t = &mp->t[i];
                if (l < t->es || l > t->lf)
                    continue;
                for (size_t c = 0; c < nc; c++) {
                    if (p->cls[c].site != s || mp->lin[c])
                        continue;
                    for (size_t kk = 0; kk < mp->nk; kk++) {
                        double d = energy_extra(p, c, mp->kidx[kk]);
                        if (d == 0.0)
                            continue;
                        milp_model_nz(m, r, u_col(mp, i, c, l, kk), -d);
                        if (rc != (size_t)-1)
                            milp_model_nz(m, rc, u_col(mp, i, c, l, kk),
                                              d);
                    }
                }
            }
        }
    }
    if (m->oom)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    return ECS_OK;
}

/* Task i on class c in interval column j of x: x_j and its S and C. */
static void set_interval(const ext_map *mp, size_t i, size_t c, size_t j,
                         double *x)
{
    const ext_task *t = &mp->t[i];
    long a, b;
    iv_of(t, j, &a, &b);
    x[j] = 1;
    for (long l = t->es; l <= t->lf; l++) {
        x[s_col(mp, i, c, l)] = l >= a;
        x[c_col(mp, i, c, l)] = l >= b;
    }
}

static void map_release(ext_map *mp)
{
    for (size_t i = 0; mp->t != NULL && i < mp->n; i++)
        free(mp->t[i].iv);
    free(mp->t);
    mp->t = NULL;
}

/* The column values of a feasible schedule s (for the warm start). */
static double *from_schedule(const ecs_instance *inst, const ecs_platform *p,
                             const ecs_graph *g, const ext_map *mp,
                             const milp_model *m, const ecs_schedule *s)
{
    double *x = calloc(m->ncols ? m->ncols : 1, sizeof *x);
    int nsite = (int)mp->nsite;
    long D = mp->D;
    double *draw = malloc((size_t)nsite * (size_t)D * sizeof *draw);
    if (x == NULL || draw == NULL) {
        free(x);
        free(draw);
        return NULL;
    }
    for (size_t i = 0; i < g->n; i++) {
        const ext_task *t = &mp->t[i];
        const ecs_sched_task *st = &s->task[i];
        int c = ecs_platform_pe_class(p, st->pe);
        if (c < 0 || st->start < t->es || st->stop > t->lf ||
            st->stop - st->start + 1 < t->dmin[c]) {
            free(x);
            free(draw);
            return NULL; /* outside the windows: not usable */
        }
        /* its interval's column; on a linear class the cheapest kept
         * inside it (lin_intervals), which does the work as cheaply */
        size_t pick = (size_t)-1;
        for (size_t j = t->x0[c]; j < t->x0[c + 1]; j++) {
            long s0, e0;
            iv_of(t, j, &s0, &e0);
            if (s0 == st->start && e0 == st->stop) {
                pick = j;
                break;
            }
            if (mp->lin[c] && s0 >= st->start && e0 <= st->stop &&
                (pick == (size_t)-1 || m->obj[j] < m->obj[pick]))
                pick = j;
        }
        if (pick == (size_t)-1) {
            free(x);
            free(draw);
            return NULL;
        }
        set_interval(mp, i, (size_t)c, pick, x);
        for (long l = st->start; l <= st->stop && !mp->lin[c]; l++) {
            size_t k = st->freq[l - st->start];
            for (size_t kk = 0; kk < mp->nk; kk++)
                if (mp->kidx[kk] == k)
                    x[u_col(mp, i, (size_t)c, l, kk)] = 1;
        }
    }
    ecs_instance ext = *inst;
    ext.platform = p;
    ecs_check_draw(&ext, s, D, draw);
    /* a linear class's draw above idle is in its intervals' costs, not in
     * its site's cover row (build) */
    for (size_t i = 0; i < g->n; i++) {
        int c = ecs_platform_pe_class(p, s->task[i].pe);
        if (!mp->lin[c])
            continue;
        const ecs_sched_task *st = &s->task[i];
        int q = p->cls[c].site;
        for (long l = st->start; l <= st->stop; l++)
            draw[(size_t)q * (size_t)D + (size_t)l] -=
                energy_extra(p, (size_t)c, st->freq[l - st->start]);
    }
    for (int q = 0; q < nsite; q++)
        for (long l = 0; l < D; l++) {
            double from[ECS_MAX_SOURCES], grid = 0.0;
            ecs_instance_slot_cover(inst, q, l, draw[(size_t)q * (size_t)D +
                                                     (size_t)l],
                                    from, &grid);
            x[mp->y0 + (size_t)q * (size_t)D + (size_t)l] = grid;
            for (size_t j = 0; j < inst->nsource; j++)
                if (inst->source[j].site == q)
                    x[mp->x0 + j * (size_t)D + (size_t)l] = from[j];
        }
    free(draw);
    return x;
}

/* The schedule of an integer solution x. */
static ecs_result extract(const ecs_instance *inst, const ecs_platform *p,
                          const ecs_graph *g,
                          const ext_map *mp, const double *x,
                          ecs_schedule **out, ecs_diag *diag)
{
    size_t n = g->n;
    ecs_schedule *s = ecs_schedule_new(n);
    int *cls = malloc((n ? n : 1) * sizeof *cls);
    size_t *ord = malloc((n ? n : 1) * sizeof *ord);
    long *free_at = malloc((size_t)(p->pes > 0 ? p->pes : 1) *
                           sizeof *free_at);
    if (s == NULL || cls == NULL || ord == NULL || free_at == NULL) {
        ecs_schedule_free(s);
        free(cls);
        free(ord);
        free(free_at);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    int zero = ecs_platform_has_zero(p);
    ecs_result rc = ECS_OK;
    for (size_t i = 0; i < n && rc == ECS_OK; i++) {
        const ext_task *t = &mp->t[i];
        long start = -1, stop = -1;
        cls[i] = 0;
        for (size_t c = 0; c < mp->nclass; c++)
            for (size_t j = t->x0[c]; j < t->x0[c + 1]; j++)
                if (x[j] > 0.5) {
                    cls[i] = (int)c;
                    iv_of(t, j, &start, &stop);
                }
        if (start < 0) {
            rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                              "the MILP left task %ld without an interval",
                              g->id[i]);
            break;
        }
        ecs_sched_task *st = &s->task[i];
        st->start = start;
        st->stop = stop;
        st->freq = malloc((size_t)(stop - start + 1));
        if (st->freq == NULL) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            break;
        }
        if (mp->lin[cls[i]]) {
            long need = g->work[i] * p->grid;
            double *val = cheapest(inst, p, (size_t)cls[i], need, start, stop);
            if (val == NULL) {
                rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
                break;
            }
            profile_of(inst, p, (size_t)cls[i], need, start, stop, val,
                       st->freq);
            free(val);
            ord[i] = i;
            continue;
        }
        for (long l = start; l <= stop; l++) {
            int k = zero ? (int)p->nfreq - 1 : -1;
            for (size_t kk = 0; kk < mp->nk; kk++)
                if (x[u_col(mp, i, (size_t)cls[i], l, kk)] > 0.5)
                    k = (int)mp->kidx[kk];
            if (k < 0) {
                rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                  "the MILP left task %ld without a frequency in slot %ld",
                                  g->id[i], l);
                break;
            }
            st->freq[l - start] = (unsigned char)k;
        }
        ord[i] = i;
    }
    /* PEs: per class, tasks by start, each on a PE of its class free by
     * then (at most count overlap: one is) */
    for (size_t a = 1; a < n; a++) /* insertion sort by start */
        for (size_t b = a; b > 0 && s->task[ord[b - 1]].start >
                                        s->task[ord[b]].start;
             b--) {
            size_t tmp = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = tmp;
        }
    for (int q = 0; q < p->pes; q++)
        free_at[q] = -1;
    for (size_t a = 0; a < n && rc == ECS_OK; a++) {
        size_t i = ord[a];
        const ecs_pe_class *c = &p->cls[cls[i]];
        int pe = -1;
        for (int q = c->first_pe; q < c->first_pe + c->count; q++)
            if (free_at[q] < s->task[i].start) {
                pe = q;
                break;
            }
        if (pe < 0) {
            rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                              "the MILP put more tasks on class %s than it has PEs",
                              c->name);
            break;
        }
        s->task[i].pe = pe;
        free_at[pe] = s->task[i].stop;
    }
    free(cls);
    free(ord);
    free(free_at);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return rc;
    }
    *out = s;
    return ECS_OK;
}

/* Restarts after probing (docs/MODEL.md "Column generation, extended
 * model"): at most EXT_RESTARTS, each when the tree finds a schedule below the probes'
 * best by EXT_RESTART_GAIN of the gap between it and the probed bound. */
#define EXT_RESTARTS 4
#define EXT_RESTART_GAIN 0.1

/* Reduced-cost fixing (docs/MODEL.md "MILP, extended model"): an
 * interval column whose bound ivb (milp_ext_cg_result) is above the best
 * schedule's cost ub is set to 0: every schedule that uses it is dearer
 * than one known.  Returns the columns fixed. */
static long fix_intervals(const ext_map *mp, const ecs_graph *g,
                          const double *ivb, const size_t *ivb_off, double ub,
                          milp_model *m)
{
    long fixed = 0;
    double above = ub + 1e-7 * (1.0 + fabs(ub));
    for (size_t i = 0; i < g->n; i++) {
        const ext_task *t = &mp->t[i];
        size_t len = (size_t)t->len;
        for (size_t c = 0; c < mp->nclass; c++)
            for (size_t j = t->x0[c]; j < t->x0[c + 1]; j++) {
                long s, e;
                iv_of(t, j, &s, &e);
                double b = ivb[ivb_off[i] + (c * len + (size_t)(s - t->es)) *
                                                len +
                               (size_t)(e - t->es)];
                if (b > above && m->ub[j] > 0.0) {
                    m->ub[j] = 0.0;
                    fixed++;
                }
            }
    }
    return fixed;
}

double milp_ext_estimate(const ecs_instance *inst, const ecs_graph *g,
                             const ecs_windows *w)
{
    const ecs_platform *p = inst->platform;
    double nc = p->nclass > 0 ? (double)p->nclass : 1.0, nk = 0.0, nz = 0.0;
    for (size_t k = 0; k < p->nfreq; k++)
        nk += p->freq_q[k] > 0;
    for (size_t i = 0; i < g->n; i++) {
        double len = (double)(w->lf[i] - w->es[i] + 1);
        nz += nc * (len * (len + 1.0) + len * (8.0 + 4.0 * nk));
    }
    return nz + (double)g->nedges * 4.0 * (double)inst->deadline;
}

ecs_result ecs_milp_colgen(const ecs_instance *inst, const ecs_schedule *start,
                           double time_limit_s, ecs_milp_colgen_result *out,
                           ecs_diag *diag)
{
    ecs_milp_colgen_params prm = {time_limit_s, 0.0, 0, 0};
    return ecs_milp_colgen_ex(inst, start, &prm, out, diag);
}

ecs_result ecs_milp_colgen_ex(const ecs_instance *inst,
                              const ecs_schedule *start,
                              const ecs_milp_colgen_params *prm,
                              ecs_milp_colgen_result *out, ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    double time_limit_s = prm->time_limit_s;
    memset(out, 0, sizeof *out);
    out->bound = out->lp_value = out->cost = NAN;
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_check_report rep;
    if (start == NULL || ecs_check_schedule(inst, start, &rep, NULL) != ECS_OK)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "column generation needs a feasible start schedule");
    if (!(time_limit_s >= 0.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the time limit must be a number >= 0");
    if (!(prm->smooth >= 0.0 && prm->smooth < 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the smoothing must be in [0, 1)");
    ecs_platform p;
    as_classes(inst->platform, &p);
    ecs_instance ext = *inst;
    ext.platform = &p;
    ecs_graph *red = NULL;
    const ecs_graph *g = ecs_instance_solver_graph(inst);
    ecs_windows own;
    memset(&own, 0, sizeof own);
    const ecs_windows *w = &inst->windows;
    if (inst->reduced == NULL || inst->windows.es == NULL) {
        g = core_solver_graph(inst->graph, &red);
        int empty = 0;
        rc = ecs_windows_compute_platform(g, inst->platform, inst->deadline,
                                          &own, &empty, diag);
        if (rc != ECS_OK) {
            ecs_graph_free(red);
            return rc;
        }
        w = &own;
    }
    milp_ext_cg_result cr;
    /* no_mip: the pricing until the limit, no MILP after it */
    double t_end = t0 + (prm->no_mip ? 1.0 : 0.7) * time_limit_s;
    double mip_end = prm->no_mip ? t0 : t0 + time_limit_s;
    rc = milp_ext_colgen(&ext, &p, g, w, start, t_end, mip_end, 0, NAN, 1,
                         prm->smooth, prm->prec_rows_max, &cr, diag);
    if (rc == ECS_OK) {
        out->bound = cr.bound;
        out->lp_value = cr.lp_value;
        out->columns = cr.columns;
        out->rounds = cr.rounds;
        if (cr.schedule != NULL &&
            ecs_check_schedule(inst, cr.schedule, &rep, NULL) == ECS_OK) {
            out->schedule = cr.schedule;
            out->cost = rep.cost;
        } else {
            ecs_schedule_free(cr.schedule);
        }
    }
    ecs_windows_release(&own);
    ecs_graph_free(red);
    out->runtime_s = ecs_clock_now() - t0;
    return rc;
}

void ecs_milp_colgen_result_release(ecs_milp_colgen_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

ecs_result milp_ext_solve(const ecs_instance *inst, const ecs_graph *g,
                              const ecs_windows *w,
                              const ecs_milp_params *prm, double t0,
                              ecs_milp_result *out, ecs_diag *diag)
{
    ecs_platform p;
    as_classes(inst->platform, &p);
    ecs_instance ext = *inst;
    ext.platform = &p;
    milp_model m;
    ext_map mp;
    int export = prm->write_lp != NULL || prm->write_mps != NULL;
    double t_end = t0 + prm->time_limit_s;
    ecs_result rc = build(&ext, &p, g, w, export, &m, &mp, diag);
    /* the best schedule so far: the warm start, or column generation's */
    const ecs_schedule *warm_s = prm->warm_start;
    ecs_schedule *cg_best = NULL;
    double best_cost = NAN, cg_bound = NAN, *ivb = NULL;
    size_t *ivb_off = NULL;
    ecs_check_report rep;
    if (warm_s != NULL && ecs_check_schedule(inst, warm_s, &rep, NULL) ==
                              ECS_OK)
        best_cost = rep.cost;
    /* a source or a cap can bind: some class has frequency columns */
    int binds = 0;
    for (size_t c = 0; rc == ECS_OK && c < mp.nclass; c++)
        binds |= !mp.lin[c];
    double *warm = NULL, tree_bound = NAN;
    unsigned long long nodes = 0;
    long fixed = 0;
    int settled = 0;
    milp_run run;
    memset(&run, 0, sizeof run);
    for (int restarts = 0;; restarts++) {
        double cg_t0 = ecs_clock_now();
        int probed = 0;
        if (rc == ECS_OK && warm_s != NULL && !export &&
            prm->max_nodes == 0) {
            /* the profile formulation's LP bound and its columns'
             * schedules first (docs/MODEL.md "Column generation, extended
             * model"), with probing where a source or a cap can bind;
             * where every class is linear its LP is this model's (the
             * intervals carry their cheapest profiles): only the
             * schedules of the MILP over its columns, in a share of the
             * time, and the tree below gets the rest */
            double now = ecs_clock_now(), left = t_end - now;
            double cg_share = binds ? 0.4 : 0.1,
                   mip_share = binds ? 0.9 : 0.15;
            milp_ext_cg_result cr;
            rc = milp_ext_colgen(&ext, &p, g, w, warm_s,
                                 now + cg_share * left, now + mip_share * left,
                                 1, binds ? best_cost : NAN, prm->ext_purge,
                                 0.0, 0, &cr, diag);
            ivb = cr.ivb;
            ivb_off = cr.ivb_off;
            if (cr.banned > out->banned)
                out->banned = cr.banned;
            out->split_nodes += cr.split_nodes;
            out->rounded += cr.rounded;
            probed = cr.probed;
            if (rc == ECS_OK) {
                if (!isnan(cr.bound) &&
                    (isnan(cg_bound) || cr.bound > cg_bound))
                    cg_bound = cr.bound;
                if (restarts == 0)
                    out->root_bound = cr.lp_value;
                if (cr.schedule != NULL &&
                    ecs_check_schedule(inst, cr.schedule, &rep, NULL) ==
                        ECS_OK &&
                    !(rep.cost >= best_cost)) {
                    ecs_schedule_free(cg_best);
                    cg_best = cr.schedule;
                    best_cost = rep.cost;
                    warm_s = cg_best;
                } else {
                    ecs_schedule_free(cr.schedule);
                }
            }
        }
        settled = !isnan(cg_bound) && !isnan(best_cost) &&
                  ecs_gap_reached(best_cost, cg_bound, prm->mip_gap);
        if (rc == ECS_OK && ivb != NULL && !settled && isfinite(best_cost))
            fixed += fix_intervals(&mp, g, ivb, ivb_off, best_cost, &m);
        free(ivb);
        free(ivb_off);
        ivb = NULL;
        ivb_off = NULL;
        if (rc == ECS_OK && warm_s != NULL && !settled)
            warm = from_schedule(&ext, &p, g, &mp, &m, warm_s);
        milp_run_init(&run, &m, warm, prm, t0, t_end);
        /* a source or a cap binds: GLPK's MIR and Gomory cuts, and one
         * tree that branches on the cumulative S and C by pseudo-costs
         * (docs/MODEL.md "MILP, extended model") */
        for (size_t c = 0; c < mp.nclass; c++)
            run.cuts |= !mp.lin[c];
        if (run.cuts && prm->max_nodes == 0)
            run.pcost = MILP_PCOST_ONE_TREE;
        /* every class linear: the strong model's reduced-cost fixing at
         * the root from the warm start and its dive (docs/MODEL.md "MILP,
         * extended model") */
        run.rcfix = !binds;
        run.dive = !binds;
        /* the probes used best_cost: a tree's schedule clearly cheaper
         * makes more restrictions valid, so the tree stops there while
         * twice the probes' time is left, and column generation probes
         * again before a new tree (docs/MODEL.md "Column generation,
         * extended model") */
        if (probed && restarts < EXT_RESTARTS && isfinite(best_cost) &&
            isfinite(cg_bound)) {
            run.stop_below = best_cost - EXT_RESTART_GAIN *
                                             (best_cost - cg_bound);
            run.stop_by = t_end - 2.0 * (ecs_clock_now() - cg_t0);
        }
        if (rc == ECS_OK && !settled)
            rc = milp_glpk_solve(&run, diag);
        nodes += run.nodes;
        if (rc != ECS_OK || settled || !run.stopped || run.x == NULL)
            break;
        /* the tree's incumbent, as the best schedule of the next round */
        ecs_schedule *ns = NULL;
        rc = extract(&ext, &p, g, &mp, run.x, &ns, diag);
        if (rc == ECS_OK &&
            ecs_check_schedule(inst, ns, &rep, NULL) == ECS_OK &&
            rep.cost < best_cost) {
            ecs_schedule_free(cg_best);
            cg_best = ns;
            best_cost = rep.cost;
            warm_s = cg_best;
        } else {
            ecs_schedule_free(ns);
        }
        if (!isnan(run.bound) && (isnan(tree_bound) || run.bound > tree_bound))
            tree_bound = run.bound;
        free(run.x);
        run.x = NULL;
        free(warm);
        warm = NULL;
        if (rc != ECS_OK)
            break;
        out->restarts++;
    }
    /* a stopped tree's bound holds for the model as it was then, whose
     * restrictions every later one keeps */
    if (rc == ECS_OK && !isnan(tree_bound) &&
        (isnan(run.bound) || tree_bound > run.bound) &&
        run.mip_status != 1)
        run.bound = tree_bound;
    run.nodes = nodes;
    run.fixed += fixed;
    if (rc == ECS_OK) {
        out->rows = (long)m.nrows;
        out->cols = (long)m.ncols;
        out->nonzeros = (long)m.nnz;
    }
    if (rc == ECS_OK) {
        if (isnan(out->root_bound))
            out->root_bound = run.root_bound;
        out->nodes = run.nodes;
        out->fixed = run.fixed;
        out->warm_used = run.warm_valid;
        if (run.x != NULL) {
            rc = extract(&ext, &p, g, &mp, run.x, &out->schedule, diag);
            if (rc == ECS_OK)
                out->status = run.mip_status == 1 ? ECS_MILP_OPTIMAL
                                                  : ECS_MILP_FEASIBLE;
        } else if (!settled && (run.mip_status == 3 || run.lp_infeasible)) {
            out->status = ECS_MILP_INFEASIBLE;
        } else if (warm_s != NULL) {
            out->schedule = ecs_schedule_copy(warm_s);
            if (out->schedule == NULL)
                rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            out->status = settled ? ECS_MILP_OPTIMAL : ECS_MILP_FEASIBLE;
        } else {
            out->status = ECS_MILP_NO_SOLUTION;
        }
    }
    if (rc == ECS_OK && out->schedule != NULL) {
        if (ecs_check_schedule(inst, out->schedule, &rep, NULL) != ECS_OK)
            rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                              "the MILP schedule breaks the model: %s",
                              rep.msg);
        else
            out->cost = rep.cost;
        /* the MILP's incumbent may be its warm start's columns at a higher
         * profile cost: never worse than the best schedule it was given */
        if (rc == ECS_OK && warm_s != NULL && out->cost > best_cost) {
            ecs_schedule *cp = ecs_schedule_copy(warm_s);
            if (cp != NULL) {
                ecs_schedule_free(out->schedule);
                out->schedule = cp;
                out->cost = best_cost;
            }
        }
    }
    if (rc == ECS_OK) {
        out->bound = run.bound;
        if (!isnan(out->bound))
            out->bound_method = ECS_BOUND_BY_MILP;
        if (!isnan(cg_bound) && (isnan(out->bound) || cg_bound > out->bound)) {
            out->bound = cg_bound;
            out->bound_method = ECS_BOUND_BY_LP_COLGEN;
        }
        if (out->status == ECS_MILP_OPTIMAL && prm->mip_gap == 0.0 &&
            !settled)
            out->bound = out->cost;
        if (out->status == ECS_MILP_FEASIBLE ||
            out->status == ECS_MILP_NO_SOLUTION) {
            double fl;
            if (ecs_bound_fluid_instance(inst, NULL, &fl, NULL) == ECS_OK &&
                isfinite(fl) && (isnan(out->bound) || fl > out->bound)) {
                out->bound = fl;
                out->bound_method = ECS_BOUND_BY_FLUID;
            }
        }
        if (!isnan(out->bound) && !isnan(out->cost)) {
            if (out->bound > out->cost)
                out->bound = out->cost;
            out->gap = ecs_gap_rel(out->cost, out->bound);
            if (out->status == ECS_MILP_FEASIBLE &&
                ecs_gap_reached(out->cost, out->bound, prm->mip_gap))
                out->status = ECS_MILP_OPTIMAL;
        }
        if (out->status == ECS_MILP_OPTIMAL && prm->mip_gap == 0.0 &&
            !settled)
            out->gap = 0.0;
    }
    ecs_schedule_free(cg_best);
    free(run.x);
    free(warm);
    map_release(&mp);
    milp_model_release(&m);
    return rc;
}
