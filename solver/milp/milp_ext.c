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

/* Column layout of one task. */
typedef struct ext_task {
    long es, lf, len;    /* window and its length */
    size_t a0;           /* a_{i,c}: a0 + c */
    size_t s0, c0;       /* S_{i,l}, C_{i,l}: s0 + (l - es) */
    size_t u0;           /* u_{i,c,l,k}: u0 + ((c * len) + (l - es)) * nk + kk */
    size_t v0;           /* v_{i,c,l}: v0 + c * len + (l - es) */
} ext_task;

typedef struct ext_map {
    size_t n, nclass, nk, nsite;
    long D;
    size_t kidx[ECS_MAX_FREQS]; /* the frequencies with f > 0 */
    ext_task *t;
    size_t y0;  /* y_{s,l}: y0 + s * D + l */
    size_t x0;  /* x_{j,l}: x0 + j * D + l */
} ext_map;

static size_t u_col(const ext_map *mp, size_t i, size_t c, long l, size_t kk)
{
    const ext_task *t = &mp->t[i];
    return t->u0 + ((c * (size_t)t->len) + (size_t)(l - t->es)) * mp->nk + kk;
}

static double energy_extra(const ecs_platform *p, size_t c, size_t k)
{
    return p->cls[c].power_of[k] - p->cls[c].idle;
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

static ecs_result build(const ecs_instance *inst, const ecs_platform *p,
                        const ecs_graph *g, const ecs_windows *w,
                        int names, ecs_milp_model *m, ext_map *mp,
                        ecs_diag *diag)
{
    size_t n = g->n, nc = p->nclass;
    long D = inst->deadline;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    int zero = ecs_platform_has_zero(p);
    memset(mp, 0, sizeof *mp);
    ecs_milp_model_init(m, names);
    mp->n = n;
    mp->nclass = nc;
    mp->nsite = (size_t)nsite;
    mp->D = D;
    for (size_t k = 0; k < p->nfreq; k++)
        if (p->freq_q[k] > 0)
            mp->kidx[mp->nk++] = k;
    mp->t = calloc(n ? n : 1, sizeof *mp->t);
    if (mp->t == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    /* columns */
    for (size_t i = 0; i < n; i++) {
        ext_task *t = &mp->t[i];
        t->es = w->es[i];
        t->lf = w->lf[i];
        t->len = t->lf - t->es + 1;
        t->a0 = m->ncols;
        for (size_t c = 0; c < nc; c++)
            ecs_milp_model_col(m, 0, 1, ECS_COL_INT, 0, "a_%ld_%zu", g->id[i],
                               c);
        t->s0 = m->ncols;
        for (long l = t->es; l <= t->lf; l++)
            ecs_milp_model_col(m, 0, 1, ECS_COL_INT, 0, "S_%ld_%ld", g->id[i],
                               l);
        t->c0 = m->ncols;
        for (long l = t->es; l <= t->lf; l++)
            ecs_milp_model_col(m, l == t->lf ? 1 : 0, 1, ECS_COL_INT, 0,
                               "C_%ld_%ld", g->id[i], l);
        t->u0 = m->ncols;
        for (size_t c = 0; c < nc; c++)
            for (long l = t->es; l <= t->lf; l++)
                for (size_t kk = 0; kk < mp->nk; kk++)
                    ecs_milp_model_col(m, 0, 1, ECS_COL_INT, 0,
                                       "u_%ld_%zu_%ld_%zu", g->id[i], c, l,
                                       mp->kidx[kk]);
        t->v0 = m->ncols;
        for (size_t c = 0; c < nc; c++)
            for (long l = t->es; l <= t->lf; l++)
                ecs_milp_model_col(m, 0, 1, ECS_COL_CONT, 0, "v_%ld_%zu_%ld",
                                   g->id[i], c, l);
    }
    mp->y0 = m->ncols;
    for (int s = 0; s < nsite; s++)
        for (long l = 0; l < D; l++)
            ecs_milp_model_col(m, 0, HUGE_VAL, ECS_COL_CONT,
                               ecs_instance_price(inst, s, l), "y_%d_%ld", s,
                               l);
    mp->x0 = m->ncols;
    for (size_t j = 0; j < inst->nsource; j++)
        for (long l = 0; l < D; l++)
            ecs_milp_model_col(m, 0, inst->source[j].volume[l], ECS_COL_CONT,
                               inst->source[j].price, "x_%zu_%ld", j, l);
    if (m->oom)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    /* rows of every task */
    for (size_t i = 0; i < n; i++) {
        const ext_task *t = &mp->t[i];
        long id = g->id[i];
        size_t r = ecs_milp_model_row(m, ECS_ROW_EQ, 1, "one_%ld", id);
        for (size_t c = 0; c < nc; c++)
            ecs_milp_model_nz(m, r, t->a0 + c, 1);
        for (long l = t->es; l <= t->lf; l++) {
            size_t o = (size_t)(l - t->es);
            if (l > t->es) {
                r = ecs_milp_model_row(m, ECS_ROW_LE, 0, "sm_%ld_%ld", id, l);
                ecs_milp_model_nz(m, r, t->s0 + o - 1, 1);
                ecs_milp_model_nz(m, r, t->s0 + o, -1);
                r = ecs_milp_model_row(m, ECS_ROW_LE, 0, "cm_%ld_%ld", id, l);
                ecs_milp_model_nz(m, r, t->c0 + o - 1, 1);
                ecs_milp_model_nz(m, r, t->c0 + o, -1);
            }
            r = ecs_milp_model_row(m, ECS_ROW_LE, 0, "cs_%ld_%ld", id, l);
            ecs_milp_model_nz(m, r, t->c0 + o, 1);
            ecs_milp_model_nz(m, r, t->s0 + o, -1);
            /* frequencies only while occupied: sum u <= S_l - C_{l-1} */
            r = ecs_milp_model_row(m, zero ? ECS_ROW_LE : ECS_ROW_EQ, 0,
                                   "occ_%ld_%ld", id, l);
            for (size_t c = 0; c < nc; c++)
                for (size_t kk = 0; kk < mp->nk; kk++)
                    ecs_milp_model_nz(m, r, u_col(mp, i, c, l, kk), 1);
            ecs_milp_model_nz(m, r, t->s0 + o, -1);
            if (l > t->es)
                ecs_milp_model_nz(m, r, t->c0 + o - 1, 1);
            for (size_t c = 0; c < nc; c++) {
                r = ecs_milp_model_row(m, ECS_ROW_LE, 0, "ua_%ld_%zu_%ld", id,
                                       c, l);
                for (size_t kk = 0; kk < mp->nk; kk++)
                    ecs_milp_model_nz(m, r, u_col(mp, i, c, l, kk), 1);
                ecs_milp_model_nz(m, r, t->a0 + c, -1);
                /* v >= S_l - C_{l-1} + a - 1 */
                size_t vc = t->v0 + c * (size_t)t->len + o;
                r = ecs_milp_model_row(m, ECS_ROW_GE, -1, "vo_%ld_%zu_%ld", id,
                                       c, l);
                ecs_milp_model_nz(m, r, vc, 1);
                ecs_milp_model_nz(m, r, t->s0 + o, -1);
                if (l > t->es)
                    ecs_milp_model_nz(m, r, t->c0 + o - 1, 1);
                ecs_milp_model_nz(m, r, t->a0 + c, -1);
                /* v >= sum_k u */
                r = ecs_milp_model_row(m, ECS_ROW_GE, 0, "vu_%ld_%zu_%ld", id,
                                       c, l);
                ecs_milp_model_nz(m, r, vc, 1);
                for (size_t kk = 0; kk < mp->nk; kk++)
                    ecs_milp_model_nz(m, r, u_col(mp, i, c, l, kk), -1);
            }
        }
        r = ecs_milp_model_row(m, ECS_ROW_GE, (double)(g->work[i] * p->grid),
                               "work_%ld", id);
        for (size_t c = 0; c < nc; c++)
            for (long l = t->es; l <= t->lf; l++)
                for (size_t kk = 0; kk < mp->nk; kk++)
                    ecs_milp_model_nz(m, r, u_col(mp, i, c, l, kk),
                                      (double)p->cls[c].speed_q[mp->kidx[kk]]);
    }
    /* precedence */
    for (size_t b = 0; b < n; b++)
        for (size_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
            size_t a = g->pred[e];
            const ext_task *ta = &mp->t[a], *tb = &mp->t[b];
            for (long l = tb->es; l <= tb->lf; l++) {
                if (l - 1 >= ta->lf)
                    break; /* a has surely stopped */
                size_t r = ecs_milp_model_row(m, ECS_ROW_LE, 0, "p_%ld_%ld_%ld",
                                              g->id[a], g->id[b], l);
                ecs_milp_model_nz(m, r, tb->s0 + (size_t)(l - tb->es), 1);
                if (l - 1 >= ta->es)
                    ecs_milp_model_nz(m, r,
                                      ta->c0 + (size_t)(l - 1 - ta->es), -1);
            }
        }
    /* capacity per class and in all, per slot */
    for (long l = 0; l < D; l++) {
        size_t rall = ecs_milp_model_row(m, ECS_ROW_LE, p->pes, "capall_%ld",
                                         l);
        for (size_t i = 0; i < n; i++) {
            const ext_task *t = &mp->t[i];
            if (l < t->es || l > t->lf)
                continue;
            size_t o = (size_t)(l - t->es);
            ecs_milp_model_nz(m, rall, t->s0 + o, 1);
            if (l > t->es)
                ecs_milp_model_nz(m, rall, t->c0 + o - 1, -1);
        }
        for (size_t c = 0; c < nc; c++) {
            size_t r = ecs_milp_model_row(m, ECS_ROW_LE, p->cls[c].count,
                                          "cap_%zu_%ld", c, l);
            for (size_t i = 0; i < n; i++) {
                const ext_task *t = &mp->t[i];
                if (l >= t->es && l <= t->lf)
                    ecs_milp_model_nz(m, r,
                                      t->v0 + c * (size_t)t->len +
                                          (size_t)(l - t->es),
                                      1);
            }
        }
    }
    /* draw, cover and power cap per site and slot */
    for (int s = 0; s < nsite; s++) {
        double idle = 0.0;
        for (size_t c = 0; c < nc; c++)
            if (p->cls[c].site == s)
                idle += p->cls[c].count * p->cls[c].idle;
        for (long l = 0; l < D; l++) {
            size_t r = ecs_milp_model_row(m, ECS_ROW_EQ, idle, "cover_%d_%ld",
                                          s, l);
            ecs_milp_model_nz(m, r, mp->y0 + (size_t)s * (size_t)D + (size_t)l,
                              1);
            for (size_t j = 0; j < inst->nsource; j++)
                if (inst->source[j].site == s)
                    ecs_milp_model_nz(m, r, mp->x0 + j * (size_t)D + (size_t)l,
                                      1);
            double cap = ecs_instance_cap(inst, s, l);
            size_t rc = (size_t)-1;
            if (isfinite(cap))
                rc = ecs_milp_model_row(m, ECS_ROW_LE, cap - idle,
                                        "pcap_%d_%ld", s, l);
            for (size_t i = 0; i < n; i++) {
                const ext_task *t = &mp->t[i];
                if (l < t->es || l > t->lf)
                    continue;
                for (size_t c = 0; c < nc; c++) {
                    if (p->cls[c].site != s)
                        continue;
                    for (size_t kk = 0; kk < mp->nk; kk++) {
                        double d = energy_extra(p, c, mp->kidx[kk]);
                        if (d == 0.0)
                            continue;
                        ecs_milp_model_nz(m, r, u_col(mp, i, c, l, kk), -d);
                        if (rc != (size_t)-1)
                            ecs_milp_model_nz(m, rc, u_col(mp, i, c, l, kk),
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

/* The column values of a feasible schedule s (for the warm start). */
static double *from_schedule(const ecs_instance *inst, const ecs_platform *p,
                             const ecs_graph *g, const ext_map *mp,
                             size_t ncols, const ecs_schedule *s)
{
    double *x = calloc(ncols ? ncols : 1, sizeof *x);
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
        if (c < 0 || st->start < t->es || st->stop > t->lf) {
            free(x);
            free(draw);
            return NULL; /* outside the windows: not usable */
        }
        x[t->a0 + (size_t)c] = 1;
        for (long l = t->es; l <= t->lf; l++) {
            size_t o = (size_t)(l - t->es);
            x[t->s0 + o] = l >= st->start;
            x[t->c0 + o] = l >= st->stop;
            if (l < st->start || l > st->stop)
                continue;
            x[t->v0 + (size_t)c * (size_t)t->len + o] = 1;
            size_t k = st->freq[l - st->start];
            for (size_t kk = 0; kk < mp->nk; kk++)
                if (mp->kidx[kk] == k)
                    x[u_col(mp, i, (size_t)c, l, kk)] = 1;
        }
    }
    ecs_instance ext = *inst;
    ext.platform = p;
    ecs_check_draw(&ext, s, D, draw);
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
static ecs_result extract(const ecs_platform *p, const ecs_graph *g,
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
        cls[i] = 0;
        for (size_t c = 0; c < mp->nclass; c++)
            if (x[t->a0 + c] > 0.5)
                cls[i] = (int)c;
        long start = t->lf, stop = t->lf;
        for (long l = t->lf; l >= t->es; l--)
            if (x[t->s0 + (size_t)(l - t->es)] > 0.5)
                start = l;
        for (long l = t->lf; l >= t->es; l--)
            if (x[t->c0 + (size_t)(l - t->es)] > 0.5)
                stop = l;
        if (stop < start)
            stop = start;
        ecs_sched_task *st = &s->task[i];
        st->start = start;
        st->stop = stop;
        st->freq = malloc((size_t)(stop - start + 1));
        if (st->freq == NULL) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            break;
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

double ecs_milp_ext_estimate(const ecs_instance *inst, const ecs_graph *g,
                             const ecs_windows *w)
{
    const ecs_platform *p = inst->platform;
    double nc = p->nclass > 0 ? (double)p->nclass : 1.0, nk = 0.0, nz = 0.0;
    for (size_t k = 0; k < p->nfreq; k++)
        nk += p->freq_q[k] > 0;
    for (size_t i = 0; i < g->n; i++) {
        double len = (double)(w->lf[i] - w->es[i] + 1);
        nz += len * (10.0 + nc * (8.0 + 4.0 * nk));
    }
    return nz + (double)g->nedges * 4.0 * (double)inst->deadline;
}

ecs_result ecs_milp_ext_solve(const ecs_instance *inst, const ecs_graph *g,
                              const ecs_windows *w,
                              const ecs_milp_params *prm, double t0,
                              ecs_milp_result *out, ecs_diag *diag)
{
    ecs_platform p;
    as_classes(inst->platform, &p);
    ecs_instance ext = *inst;
    ext.platform = &p;
    ecs_milp_model m;
    ext_map mp;
    int export = prm->write_lp != NULL || prm->write_mps != NULL;
    ecs_result rc = build(&ext, &p, g, w, export, &m, &mp, diag);
    double *warm = NULL;
    if (rc == ECS_OK && prm->warm_start != NULL) {
        warm = from_schedule(&ext, &p, g, &mp, m.ncols, prm->warm_start);
    }
    ecs_milp_run run;
    memset(&run, 0, sizeof run);
    run.bound = run.root_bound = run.obj = NAN;
    if (rc == ECS_OK) {
        out->rows = (long)m.nrows;
        out->cols = (long)m.ncols;
        out->nonzeros = (long)m.nnz;
        run.model = &m;
        run.warm = warm;
        run.t_end = t0 + prm->time_limit_s;
        run.mip_gap = prm->mip_gap;
        run.verbose = prm->verbose;
        run.log = prm->log;
        run.log_ctx = prm->log_ctx;
        run.progress = prm->progress;
        run.progress_ctx = prm->progress_ctx;
        run.progress_every_s = prm->progress_every_s;
        run.t_start = t0;
        run.max_nodes = prm->max_nodes;
        run.write_lp = prm->write_lp;
        run.write_mps = prm->write_mps;
        rc = ecs_milp_glpk_solve(&run, diag);
    }
    if (rc == ECS_OK) {
        out->root_bound = run.root_bound;
        out->nodes = run.nodes;
        if (run.x != NULL) {
            /* the PEs of inst's own platform: as_classes keeps numbering */
            rc = extract(&p, g, &mp, run.x, &out->schedule, diag);
            if (rc == ECS_OK)
                out->status = run.mip_status == 1 ? ECS_MILP_OPTIMAL
                                                  : ECS_MILP_FEASIBLE;
        } else if (run.mip_status == 3 || run.lp_infeasible) {
            out->status = ECS_MILP_INFEASIBLE;
        } else if (prm->warm_start != NULL) {
            out->schedule = ecs_schedule_copy(prm->warm_start);
            if (out->schedule == NULL)
                rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            out->status = ECS_MILP_FEASIBLE;
        } else {
            out->status = ECS_MILP_NO_SOLUTION;
        }
    }
    if (rc == ECS_OK && out->schedule != NULL) {
        ecs_check_report rep;
        if (ecs_check_schedule(inst, out->schedule, &rep, NULL) != ECS_OK)
            rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                              "the MILP schedule breaks the model: %s",
                              rep.msg);
        else
            out->cost = rep.cost;
    }
    if (rc == ECS_OK) {
        out->bound = run.bound;
        if (!isnan(out->bound))
            out->bound_method = ECS_BOUND_BY_MILP;
        if (out->status == ECS_MILP_OPTIMAL && prm->mip_gap == 0.0)
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
        }
        if (out->status == ECS_MILP_OPTIMAL && prm->mip_gap == 0.0)
            out->gap = 0.0;
    }
    free(run.x);
    free(warm);
    free(mp.t);
    ecs_milp_model_release(&m);
    return rc;
}
