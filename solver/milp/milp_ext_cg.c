/* Column generation for the extended model (docs/MODEL.md "Column
 * generation, extended model"): columns are (task, class, interval,
 * frequency profile); the master LP has the strong model's rows (one,
 * capacity per class and slot, precedence per edge and slot) and the
 * cover and cap rows of every site and slot, in which a column's energy
 * above idle appears slot by slot.  Pricing is exact: for every task and
 * class one DP over (slot, started, work done) finds the column of least
 * reduced cost over every interval and profile.  When no column prices
 * out, the master's value is the LP bound of the profile formulation (a
 * bound on every schedule); the MILP over the columns generated gives
 * schedules. */
#include "milp_internal.h"

#include "ecsched/check.h"
#include "ecsched/bound.h"
#include "core/glpk_guard.h"
#include "ecsched/clock.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct cg_col {
    size_t task;
    int cls;
    long s, e;
    unsigned char *prof; /* e - s + 1 frequency indices */
} cg_col;

typedef struct cg_row_prec {
    size_t a, b; /* edge a -> b */
    long l;      /* b started by l only if a stopped by l - 1 */
} cg_row_prec;

typedef struct cg {
    const ecs_instance *inst;
    const ecs_platform *p;
    const ecs_graph *g;
    const ecs_windows *w;
    long D;
    size_t n, nc;
    int nsite;
    glp_prob *lp;
    int r_one, r_cap, r_prec, r_cov, r_pcap; /* first rows (1-based) */
    size_t nprec;
    cg_row_prec *prec;   /* in the order of b: b's rows are in_off[b] ..
                            in_off[b+1]-1 */
    size_t *in_off;      /* n + 1 */
    size_t *out_off;     /* n + 1: a's rows are out_row[out_off[a] ..
                            out_off[a+1]-1] */
    size_t *out_row;
    int *pcap_row; /* site * D + l -> row or 0 */
    int c_fixed;   /* columns before the task columns */
    int c_art;     /* the first of n artificial columns (1-based), one per
                      task's row "one", fixed at 0 except while probing */
    unsigned char *ban; /* n * nc: 1 where task i may not run on class k
                           (probing) */
    unsigned char *flo, *fhi; /* n * D or NULL: task i runs in slot l at a
                                 frequency index in flo..fhi (all unless a
                                 split shrinks it) */
    long *emin, *emax;  /* n * nc: task i stops on class k in emin..emax
                           (its window unless a split shrinks it) */
    long *smin, *smax;  /* n * nc: task i starts on class k in smin..smax
                           (its window unless probing shrinks it) */
    cg_col *col;
    size_t ncol, capcol;
    /* duals */
    double *u, *mu, *pi, *kappa, *yp;
    /* pricing work space */
    double *pin, *pout;
    double *val;          /* (len + 1) * (W + 1) */
    unsigned char *bk;    /* choices */
    int purge;            /* ecs_milp_params.ext_purge */
    double t_hi, t_lo;    /* a probe's thresholds (NAN: none): cg_loop
                             stops once the bound is above t_hi or the
                             master's value is not above t_lo */
    double *rub;          /* when not NULL (probing): the best cost known,
                             lowered by the probe LPs' roundings, whose
                             schedules go to rout->schedule */
    struct milp_ext_cg_result *rout;
    double smooth;         /* the duals' smoothing (0: none) */
    size_t prec_rows_max;  /* precedence rows at most (0: all) */
    long stride;           /* the precedence rows kept: every stride-th
                              slot of a task's window */
    /* the probes' class split of the largest bound (probe): task sp_task
     * (n: none) on class sp_cls alone, LP bound sp_on, or off it,
     * sp_off; the splits start from it (split_tree) */
    size_t sp_task;
    int sp_cls;
    double sp_on, sp_off;
} cg;

static double extra(const ecs_platform *p, int c, size_t k)
{
    return p->cls[c].power_of[k] - p->cls[c].idle;
}

/* Add column q's coefficients to the master. */
static int add_col(cg *c, size_t q)
{
    const cg_col *cl = &c->col[q];
    const ecs_platform *p = c->p;
    long len = cl->e - cl->s + 1;
    size_t cap = 4 + 3 * (size_t)len + 2 * c->nprec;
    int *ind = malloc((cap + 1) * sizeof *ind);
    double *val = malloc((cap + 1) * sizeof *val);
    if (ind == NULL || val == NULL) {
        free(ind);
        free(val);
        return -1;
    }
    int nz = 0;
    ind[++nz] = c->r_one + (int)cl->task;
    val[nz] = 1;
    int site = p->cls[cl->cls].site;
    for (long l = cl->s; l <= cl->e; l++) {
        ind[++nz] = c->r_cap + (int)((size_t)cl->cls * (size_t)c->D +
                                     (size_t)l);
        val[nz] = 1;
        double d = extra(p, cl->cls, cl->prof[l - cl->s]);
        if (d != 0.0) {
            size_t at = (size_t)site * (size_t)c->D + (size_t)l;
            ind[++nz] = c->r_cov + (int)at;
            val[nz] = -d;
            if (c->pcap_row[at] > 0) {
                ind[++nz] = c->pcap_row[at];
                val[nz] = d;
            }
        }
    }
    for (size_t r = c->in_off[cl->task]; r < c->in_off[cl->task + 1]; r++)
        if (cl->s <= c->prec[r].l) {
            ind[++nz] = c->r_prec + (int)r;
            val[nz] = 1;
        }
    for (size_t o = c->out_off[cl->task]; o < c->out_off[cl->task + 1]; o++) {
        size_t r = c->out_row[o];
        if (cl->e <= c->prec[r].l - 1) {
            ind[++nz] = c->r_prec + (int)r;
            val[nz] = -1;
        }
    }
    int j = glp_add_cols(c->lp, 1);
    glp_set_col_bnds(c->lp, j, GLP_DB, 0, 1);
    glp_set_mat_col(c->lp, j, nz, ind, val);
    free(ind);
    free(val);
    return 0;
}

static int push_col(cg *c, size_t task, int cls, long s, long e,
                    const unsigned char *prof)
{
    if (c->ncol == c->capcol) {
        size_t nc = c->capcol ? 2 * c->capcol : 256;
        cg_col *nw = realloc(c->col, nc * sizeof *nw);
        if (nw == NULL)
            return -1;
        c->col = nw;
        c->capcol = nc;
    }
    cg_col *cl = &c->col[c->ncol];
    cl->task = task;
    cl->cls = cls;
    cl->s = s;
    cl->e = e;
    cl->prof = malloc((size_t)(e - s + 1));
    if (cl->prof == NULL)
        return -1;
    memcpy(cl->prof, prof, (size_t)(e - s + 1));
    c->ncol++;
    return add_col(c, c->ncol - 1);
}

/* 1 when build_master keeps the precedence row of b's predecessors at
 * slot l: every c->stride-th slot of b's window (every slot when the
 * stride is 1).  Any subset of the rows is a relaxation of the profile
 * formulation, so its LP and Lagrangian bounds stay lower bounds
 * (docs/MODEL.md "Column generation, extended model", "At scale"). */
static int keep_prec(const cg *c, size_t b, long l)
{
    return c->stride <= 1 || (l - c->w->es[b]) % c->stride == 0;
}

static int build_master(cg *c)
{
    const ecs_platform *p = c->p;
    const ecs_graph *g = c->g;
    long D = c->D;
    size_t n = c->n, nc = c->nc;
    /* precedence rows: all of them, or every stride-th slot's where
     * they would be more than prec_rows_max */
    size_t np = 0;
    c->stride = 1;
    for (int pass = 0; pass < 2; pass++) {
        np = 0;
        for (size_t b = 0; b < n; b++)
            for (size_t q = g->pred_off[b]; q < g->pred_off[b + 1]; q++) {
                size_t a = g->pred[q];
                for (long l = c->w->es[b]; l <= c->w->lf[b]; l++)
                    if (l - 1 < c->w->lf[a] && keep_prec(c, b, l))
                        np++;
            }
        if (pass > 0 || c->prec_rows_max == 0 || np <= c->prec_rows_max)
            break;
        c->stride = (long)((np + c->prec_rows_max - 1) / c->prec_rows_max);
    }
    c->prec = malloc((np ? np : 1) * sizeof *c->prec);
    c->pcap_row = calloc((size_t)c->nsite * (size_t)D, sizeof *c->pcap_row);
    c->in_off = calloc(n + 1, sizeof *c->in_off);
    c->out_off = calloc(n + 2, sizeof *c->out_off);
    c->out_row = malloc((np ? np : 1) * sizeof *c->out_row);
    if (c->prec == NULL || c->pcap_row == NULL || c->in_off == NULL ||
        c->out_off == NULL || c->out_row == NULL)
        return -1;
    for (size_t b = 0; b < n; b++)
        for (size_t q = g->pred_off[b]; q < g->pred_off[b + 1]; q++) {
            size_t a = g->pred[q];
            for (long l = c->w->es[b]; l <= c->w->lf[b]; l++)
                if (l - 1 < c->w->lf[a] && keep_prec(c, b, l)) {
                    c->prec[c->nprec].a = a;
                    c->prec[c->nprec].b = b;
                    c->prec[c->nprec].l = l;
                    c->nprec++;
                    c->in_off[b + 1] = c->nprec;
                    c->out_off[a + 2]++;
                }
        }
    for (size_t i = 0; i < n; i++) /* b without rows */
        if (c->in_off[i + 1] < c->in_off[i])
            c->in_off[i + 1] = c->in_off[i];
    for (size_t i = 0; i < n; i++) /* counting sort of the rows by a */
        c->out_off[i + 2] += c->out_off[i + 1];
    for (size_t r = 0; r < c->nprec; r++)
        c->out_row[c->out_off[c->prec[r].a + 1]++] = r;
    c->r_one = glp_add_rows(c->lp, (int)n);
    for (size_t i = 0; i < n; i++)
        glp_set_row_bnds(c->lp, c->r_one + (int)i, GLP_FX, 1, 1);
    c->r_cap = glp_add_rows(c->lp, (int)(nc * (size_t)D));
    for (size_t q = 0; q < nc; q++)
        for (long l = 0; l < D; l++)
            glp_set_row_bnds(c->lp, c->r_cap + (int)(q * (size_t)D + (size_t)l),
                             GLP_UP, 0, p->cls[q].count);
    if (c->nprec > 0) {
        c->r_prec = glp_add_rows(c->lp, (int)c->nprec);
        for (size_t r = 0; r < c->nprec; r++)
            glp_set_row_bnds(c->lp, c->r_prec + (int)r, GLP_UP, 0, 0);
    }
    c->r_cov = glp_add_rows(c->lp, c->nsite * (int)D);
    for (int s = 0; s < c->nsite; s++) {
        double idle = 0.0;
        for (size_t q = 0; q < nc; q++)
            if (p->cls[q].site == s)
                idle += p->cls[q].count * p->cls[q].idle;
        for (long l = 0; l < D; l++) {
            size_t at = (size_t)s * (size_t)D + (size_t)l;
            glp_set_row_bnds(c->lp, c->r_cov + (int)at, GLP_FX, idle, idle);
            double cap = ecs_instance_cap(c->inst, s, l);
            if (isfinite(cap)) {
                int r = glp_add_rows(c->lp, 1);
                glp_set_row_bnds(c->lp, r, GLP_UP, 0, cap - idle);
                c->pcap_row[at] = r;
            }
            int j = glp_add_cols(c->lp, 1); /* the grid */
            glp_set_col_bnds(c->lp, j, GLP_LO, 0, 0);
            glp_set_obj_coef(c->lp, j, ecs_instance_price(c->inst, s, l));
            int ind[2] = {0, c->r_cov + (int)at};
            double v[2] = {0, 1};
            glp_set_mat_col(c->lp, j, 1, ind, v);
        }
    }
    for (size_t q = 0; q < c->inst->nsource; q++) {
        const ecs_source *src = &c->inst->source[q];
        for (long l = 0; l < D; l++) {
            int j = glp_add_cols(c->lp, 1);
            if (src->volume[l] > 0.0)
                glp_set_col_bnds(c->lp, j, GLP_DB, 0, src->volume[l]);
            else
                glp_set_col_bnds(c->lp, j, GLP_FX, 0, 0);
            glp_set_obj_coef(c->lp, j, src->price);
            int ind[2] = {0, c->r_cov + (int)((size_t)src->site * (size_t)D +
                                              (size_t)l)};
            double v[2] = {0, 1};
            glp_set_mat_col(c->lp, j, 1, ind, v);
        }
    }
    /* artificial columns (probing): task i "done" at a price, so that a
     * master whose columns a probe forbids stays feasible */
    c->c_art = glp_add_cols(c->lp, (int)n);
    for (size_t i = 0; i < n; i++) {
        int ind[2] = {0, c->r_one + (int)i};
        double v[2] = {0, 1};
        glp_set_col_bnds(c->lp, c->c_art + (int)i, GLP_FX, 0, 0);
        glp_set_mat_col(c->lp, c->c_art + (int)i, 1, ind, v);
    }
    c->c_fixed = glp_get_num_cols(c->lp);
    return 0;
}

static void read_duals(cg *c)
{
    for (size_t i = 0; i < c->n; i++)
        c->u[i] = glp_get_row_dual(c->lp, c->r_one + (int)i);
    for (size_t q = 0; q < c->nc * (size_t)c->D; q++) {
        double y = glp_get_row_dual(c->lp, c->r_cap + (int)q);
        c->mu[q] = y < 0.0 ? y : 0.0;
    }
    for (size_t r = 0; r < c->nprec; r++) {
        double y = glp_get_row_dual(c->lp, c->r_prec + (int)r);
        c->yp[r] = y < 0.0 ? y : 0.0;
    }
    for (size_t q = 0; q < (size_t)c->nsite * (size_t)c->D; q++) {
        c->pi[q] = glp_get_row_dual(c->lp, c->r_cov + (int)q);
        c->kappa[q] = 0.0;
        if (c->pcap_row[q] > 0) {
            double y = glp_get_row_dual(c->lp, c->pcap_row[q]);
            c->kappa[q] = y < 0.0 ? y : 0.0;
        }
    }
}

/* The Lagrangian (Farley) bound at the duals read, without the tasks'
 * least reduced costs (docs/MODEL.md "Column generation, extended
 * model"): y^T b, plus V min(0, d) of every source column; the grid's
 * columns are in the master, so their reduced costs are >= 0 at its
 * optimum (clamped here: a negative one gives no bound). */
static double lagrangian_base(const cg *c)
{
    double v = 0.0;
    for (size_t i = 0; i < c->n; i++)
        v += c->u[i];
    for (size_t k = 0; k < c->nc; k++)
        for (long l = 0; l < c->D; l++)
            v += c->mu[k * (size_t)c->D + (size_t)l] * c->p->cls[k].count;
    for (int s = 0; s < c->nsite; s++) {
        double idle = 0.0;
        for (size_t k = 0; k < c->nc; k++)
            if (c->p->cls[k].site == s)
                idle += c->p->cls[k].count * c->p->cls[k].idle;
        for (long l = 0; l < c->D; l++) {
            size_t at = (size_t)s * (size_t)c->D + (size_t)l;
            v += c->pi[at] * idle;
            if (c->pcap_row[at] > 0)
                v += c->kappa[at] *
                     (ecs_instance_cap(c->inst, s, l) - idle);
            if (ecs_instance_price(c->inst, s, l) - c->pi[at] < -1e-9)
                return -HUGE_VAL;
        }
    }
    for (size_t j = 0; j < c->inst->nsource; j++) {
        const ecs_source *src = &c->inst->source[j];
        for (long l = 0; l < c->D; l++) {
            double d = src->price -
                       c->pi[(size_t)src->site * (size_t)c->D + (size_t)l];
            if (d < 0.0)
                v += d * src->volume[l];
        }
    }
    return v;
}

/* pin(s) = -sum of y over rows (a -> i, l >= s); pout(e) = + sum of y
 * over rows (i -> b, l >= e + 1), for task i at the duals read */
static void prec_duals(cg *c, size_t i)
{
    long es = c->w->es[i], lf = c->w->lf[i], len = lf - es + 1;
    for (long l = 0; l <= len; l++)
        c->pin[l] = c->pout[l] = 0.0;
    /* each row's dual at its last start (end), then sums from the right */
    for (size_t r = c->in_off[i]; r < c->in_off[i + 1]; r++) {
        long at = c->prec[r].l < lf ? c->prec[r].l : lf;
        if (at >= es)
            c->pin[at - es] -= c->yp[r];
    }
    for (size_t q = c->out_off[i]; q < c->out_off[i + 1]; q++) {
        size_t r = c->out_row[q];
        long at = c->prec[r].l - 1 < lf ? c->prec[r].l - 1 : lf;
        if (at >= es)
            c->pout[at - es] += c->yp[r];
    }
    for (long l = len - 2; l >= 0; l--) {
        c->pin[l] += c->pin[l + 1];
        c->pout[l] += c->pout[l + 1];
    }
}

/* The column of least reduced cost of task i on class k; returns it in
 * *d (HUGE_VAL: none) with its interval and profile in prof. */
static void price(cg *c, size_t i, int k, double *d, long *bs, long *be,
                  unsigned char *prof)
{
    const ecs_platform *p = c->p;
    long es = c->w->es[i], lf = c->w->lf[i];
    size_t W = (size_t)(c->g->work[i] * p->grid) + 1;
    int site = p->cls[k].site;
    prec_duals(c, i);
    /* val[l][v]: least cost of being started, v steps done, after slot l
     * (row l - es); bk: the frequency and whether it started there */
    double *val = c->val;
    unsigned char *bk = c->bk;
    double best = HUGE_VAL;
    long best_e = -1;
    for (long l = es; l <= lf; l++) {
        size_t at = (size_t)(l - es) * W;
        size_t cell = (size_t)site * (size_t)c->D + (size_t)l;
        double mu = c->mu[(size_t)k * (size_t)c->D + (size_t)l];
        double pk = c->pi[cell] - c->kappa[cell];
        for (size_t v = 0; v < W; v++) {
            val[at + v] = HUGE_VAL;
            bk[(at + v) * 2] = 0;
            bk[(at + v) * 2 + 1] = 0;
        }
        size_t f_lo = 0, f_hi = p->nfreq - 1;
        if (c->flo != NULL) {
            f_lo = c->flo[i * (size_t)c->D + (size_t)l];
            f_hi = c->fhi[i * (size_t)c->D + (size_t)l];
        }
        for (size_t f = f_lo; f <= f_hi && f < p->nfreq; f++) {
            double sc = extra(p, k, f) * pk - mu;
            size_t q = (size_t)p->cls[k].speed_q[f];
            /* start here */
            size_t to = q < W - 1 ? q : W - 1;
            double x = c->pin[l - es] + sc;
            if (l >= c->smin[i * c->nc + (size_t)k] &&
                l <= c->smax[i * c->nc + (size_t)k] && x < val[at + to]) {
                val[at + to] = x;
                bk[(at + to) * 2] = (unsigned char)f;
                bk[(at + to) * 2 + 1] = 1;
            }
            if (l == es)
                continue;
            const double *prev = val + at - W;
            for (size_t v = 0; v < W; v++) {
                if (prev[v] == HUGE_VAL)
                    continue;
                size_t t2 = v + q < W - 1 ? v + q : W - 1;
                double y = prev[v] + sc;
                if (y < val[at + t2]) {
                    val[at + t2] = y;
                    bk[(at + t2) * 2] = (unsigned char)f;
                    bk[(at + t2) * 2 + 1] = 0;
                }
            }
        }
        if (val[at + W - 1] != HUGE_VAL &&
            l >= c->emin[i * c->nc + (size_t)k] &&
            l <= c->emax[i * c->nc + (size_t)k] &&
            val[at + W - 1] + c->pout[l - es] < best) {
            best = val[at + W - 1] + c->pout[l - es];
            best_e = l;
        }
    }
    *d = best == HUGE_VAL ? HUGE_VAL : best - c->u[i];
    if (best_e < 0)
        return;
    /* back: from (best_e, W - 1) to the start */
    size_t v = W - 1;
    long l = best_e;
    for (;;) {
        size_t at = (size_t)(l - es) * W + v;
        size_t f = bk[at * 2];
        int started = bk[at * 2 + 1];
        prof[l - es] = (unsigned char)f;
        if (started) {
            *bs = l;
            break;
        }
        /* the predecessor: a state u with val[u] + sc = val[v] */
        size_t q = (size_t)p->cls[k].speed_q[f];
        size_t cell = (size_t)site * (size_t)c->D + (size_t)l;
        double sc = extra(p, k, f) * (c->pi[cell] - c->kappa[cell]) -
                    c->mu[(size_t)k * (size_t)c->D + (size_t)l];
        const double *prev = val + (size_t)(l - 1 - es) * W;
        size_t pick = W;
        double err = HUGE_VAL;
        for (size_t u = 0; u < W; u++) {
            size_t t2 = u + q < W - 1 ? u + q : W - 1;
            if (t2 != v || prev[u] == HUGE_VAL)
                continue;
            double e2 = fabs(prev[u] + sc - val[(size_t)(l - es) * W + v]);
            if (e2 < err) {
                err = e2;
                pick = u;
            }
        }
        if (pick == W) { /* cannot happen: a start ends the walk */
            *d = HUGE_VAL;
            return;
        }
        v = pick;
        l--;
    }
    *be = best_e;
    /* shift the profile to start at 0 */
    memmove(prof, prof + (*bs - es), (size_t)(best_e - *bs + 1));
}

/* The least reduced cost of task i on class k in every interval s..e of
 * its window at the duals read: out[(s - es) * len + (e - es)] (HUGE_VAL:
 * no profile of the work fits), by price()'s DP from every start. */
static void price_intervals(cg *c, size_t i, int k, double *out)
{
    const ecs_platform *p = c->p;
    long es = c->w->es[i], lf = c->w->lf[i], len = lf - es + 1;
    size_t W = (size_t)(c->g->work[i] * p->grid) + 1;
    int site = p->cls[k].site;
    prec_duals(c, i);
    double *cur = c->val, *nxt = c->val + W;
    for (long s = es; s <= lf; s++) {
        double *row = out + (size_t)(s - es) * (size_t)len;
        for (long e = es; e <= lf; e++)
            row[e - es] = HUGE_VAL;
        if (s < c->smin[i * c->nc + (size_t)k] ||
            s > c->smax[i * c->nc + (size_t)k])
            continue; /* no schedule below ub starts there */
        for (long l = s; l <= lf; l++) {
            size_t cell = (size_t)site * (size_t)c->D + (size_t)l;
            double mu = c->mu[(size_t)k * (size_t)c->D + (size_t)l];
            double pk = c->pi[cell] - c->kappa[cell];
            for (size_t v = 0; v < W; v++)
                nxt[v] = HUGE_VAL;
            for (size_t f = 0; f < p->nfreq; f++) {
                double sc = extra(p, k, f) * pk - mu;
                size_t q = (size_t)p->cls[k].speed_q[f];
                if (l == s) {
                    size_t to = q < W - 1 ? q : W - 1;
                    if (c->pin[s - es] + sc < nxt[to])
                        nxt[to] = c->pin[s - es] + sc;
                    continue;
                }
                for (size_t v = 0; v < W; v++) {
                    if (cur[v] == HUGE_VAL)
                        continue;
                    size_t t2 = v + q < W - 1 ? v + q : W - 1;
                    if (cur[v] + sc < nxt[t2])
                        nxt[t2] = cur[v] + sc;
                }
            }
            if (nxt[W - 1] != HUGE_VAL)
                row[l - es] = nxt[W - 1] + c->pout[l - es] - c->u[i];
            double *t = cur;
            cur = nxt;
            nxt = t;
        }
    }
}

/* ivb (milp_ext_cg_result) at the duals read: the Lagrangian bound at
 * them with task i's least reduced cost replaced by its interval's
 * (docs/MODEL.md "Column generation, extended model").  0; 1 when the
 * duals give no bound; -1 out of memory. */
static int interval_bounds(cg *c, milp_ext_cg_result *out)
{
    double lagr = lagrangian_base(c);
    if (!isfinite(lagr))
        return 1;
    size_t total = 0;
    out->ivb_off = malloc((c->n ? c->n : 1) * sizeof *out->ivb_off);
    double *dmin = malloc((c->n ? c->n : 1) * sizeof *dmin);
    if (out->ivb_off == NULL || dmin == NULL) {
        free(dmin);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        size_t len = (size_t)(c->w->lf[i] - c->w->es[i] + 1);
        out->ivb_off[i] = total;
        total += c->nc * len * len;
    }
    out->ivb = malloc((total ? total : 1) * sizeof *out->ivb);
    if (out->ivb == NULL) {
        free(dmin);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        size_t len = (size_t)(c->w->lf[i] - c->w->es[i] + 1);
        dmin[i] = HUGE_VAL;
        for (size_t k = 0; k < c->nc; k++) {
            double *t = out->ivb + out->ivb_off[i] + k * len * len;
            if (c->ban[i * c->nc + k]) { /* no schedule below ub there */
                for (size_t q = 0; q < len * len; q++)
                    t[q] = HUGE_VAL;
                continue;
            }
            price_intervals(c, i, (int)k, t);
            for (size_t q = 0; q < len * len; q++)
                if (t[q] < dmin[i])
                    dmin[i] = t[q];
        }
        lagr += dmin[i];
    }
    for (size_t i = 0; i < c->n && isfinite(lagr); i++) {
        size_t len = (size_t)(c->w->lf[i] - c->w->es[i] + 1);
        double *t = out->ivb + out->ivb_off[i];
        for (size_t q = 0; q < c->nc * len * len; q++)
            if (t[q] != HUGE_VAL)
                t[q] += lagr - dmin[i];
    }
    free(dmin);
    if (!isfinite(lagr)) {
        free(out->ivb);
        free(out->ivb_off);
        out->ivb = NULL;
        out->ivb_off = NULL;
        return 1;
    }
    return 0;
}

/* Columns of the schedule s (its intervals and profiles). */
static int seed_columns(cg *c, const ecs_schedule *s)
{
    for (size_t i = 0; i < c->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        int k = ecs_platform_pe_class(c->p, t->pe);
        if (k < 0 || t->start < c->w->es[i] || t->stop > c->w->lf[i])
            return 1; /* not usable */
        if (push_col(c, i, k, t->start, t->stop, t->freq) != 0)
            return -1;
    }
    return 0;
}

static double ms_left(double t_end)
{
    double left = (t_end - ecs_clock_now()) * 1000.0;
    if (left < 1.0)
        return 1.0;
    return left > 1e9 ? 1e9 : left;
}

/* The schedule of the MILP's columns (x: column values of the task
 * columns). */
static ecs_schedule *to_schedule(const cg *c, const double *x)
{
    ecs_schedule *s = ecs_schedule_new(c->n);
    long *free_at = malloc((size_t)c->p->pes * sizeof *free_at);
    size_t *ord = malloc((c->n ? c->n : 1) * sizeof *ord);
    size_t *pick = malloc((c->n ? c->n : 1) * sizeof *pick);
    int ok = s != NULL && free_at != NULL && ord != NULL && pick != NULL;
    for (size_t i = 0; ok && i < c->n; i++)
        pick[i] = (size_t)-1;
    for (size_t q = 0; ok && q < c->ncol; q++)
        if (x[q] > 0.5)
            pick[c->col[q].task] = q;
    for (size_t i = 0; ok && i < c->n; i++) {
        if (pick[i] == (size_t)-1) {
            ok = 0;
            break;
        }
        const cg_col *cl = &c->col[pick[i]];
        s->task[i].start = cl->s;
        s->task[i].stop = cl->e;
        s->task[i].freq = malloc((size_t)(cl->e - cl->s + 1));
        if (s->task[i].freq == NULL) {
            ok = 0;
            break;
        }
        memcpy(s->task[i].freq, cl->prof, (size_t)(cl->e - cl->s + 1));
        ord[i] = i;
    }
    for (size_t a = 1; ok && a < c->n; a++)
        for (size_t b = a; b > 0 && s->task[ord[b - 1]].start >
                                        s->task[ord[b]].start;
             b--) {
            size_t t = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = t;
        }
    for (int q = 0; ok && q < c->p->pes; q++)
        free_at[q] = -1;
    for (size_t a = 0; ok && a < c->n; a++) {
        size_t i = ord[a];
        const ecs_pe_class *k = &c->p->cls[c->col[pick[i]].cls];
        int pe = -1;
        for (int q = k->first_pe; q < k->first_pe + k->count; q++)
            if (free_at[q] < s->task[i].start) {
                pe = q;
                break;
            }
        if (pe < 0) {
            ok = 0;
            break;
        }
        s->task[i].pe = pe;
        free_at[pe] = s->task[i].stop;
    }
    free(free_at);
    free(ord);
    free(pick);
    if (!ok) {
        ecs_schedule_free(s);
        return NULL;
    }
    return s;
}

/* Task i's columns free where its bans and start ranges allow them,
 * fixed at 0 elsewhere. */
static void sync_task(cg *c, size_t i)
{
    for (size_t q = 0; q < c->ncol; q++)
        if (c->col[q].task == i) {
            size_t at = i * c->nc + (size_t)c->col[q].cls;
            int ok = !c->ban[at] && c->col[q].s >= c->smin[at] &&
                     c->col[q].s <= c->smax[at] &&
                     c->col[q].e >= c->emin[at] && c->col[q].e <= c->emax[at];
            for (long l = c->col[q].s; ok && c->flo != NULL && l <= c->col[q].e;
                 l++) {
                size_t fl = i * (size_t)c->D + (size_t)l;
                unsigned f = c->col[q].prof[l - c->col[q].s];
                ok = f >= c->flo[fl] && f <= c->fhi[fl];
            }
            glp_set_col_bnds(c->lp, c->c_fixed + 1 + (int)q,
                             ok ? GLP_DB : GLP_FX, 0, ok ? 1 : 0);
        }
}

/* The column purge (docs/MODEL.md "Column generation, extended model",
 * "Purge"): once the master holds more than PURGE_HI times as
 * many task columns as it has rows, its task columns nonbasic at 0 leave
 * it but for the PURGE_KEEP times its rows of least reduced cost
 * (and the start's columns, the first n).  Pricing is exact over every
 * column, so a column that leaves comes back whenever it prices out: the
 * bounds stay those of the full master, and its LPs stay small.  The
 * probes' and the splits' LPs change the columns' bounds all the time and
 * each added columns that stayed: on mix P = 4 g04 the master grew from
 * 773 to 5,152 task columns and a master LP took 35 ms, 9 ms with the
 * purge (bench/results/ext37.md, "Fourteenth round: exact").  Counted,
 * not timed: the same columns on any machine. */
#define PURGE_HI 3.0
#define PURGE_KEEP 1.0

static int by_dual(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* (c->purge 2: at every call, every such column; 0 never.)  0; -1 out of
 * memory. */
static int purge_cols(cg *c)
{
    size_t rows = (size_t)glp_get_num_rows(c->lp);
    if (c->purge == 0 ||
        (c->purge == 1 && (double)c->ncol <= PURGE_HI * (double)rows))
        return 0;
    size_t keep = c->purge == 2 ? 0 : (size_t)(PURGE_KEEP * (double)rows);
    size_t m = 0;
    double *d = malloc(c->ncol * sizeof *d);
    double *srt = malloc(c->ncol * sizeof *srt);
    int *del = malloc((c->ncol + 1) * sizeof *del);
    if (d == NULL || srt == NULL || del == NULL) {
        free(d);
        free(srt);
        free(del);
        return -1;
    }
    for (size_t q = 0; q < c->ncol; q++) {
        int j = c->c_fixed + 1 + (int)q, st = glp_get_col_stat(c->lp, j);
        d[q] = HUGE_VAL; /* stays */
        if (q >= c->n && (st == GLP_NL || st == GLP_NS)) {
            d[q] = glp_get_col_dual(c->lp, j);
            srt[m++] = d[q];
        }
    }
    if (m > keep) {
        qsort(srt, m, sizeof *srt, by_dual);
        double cut = srt[keep];
        int nd = 0;
        size_t w = 0;
        for (size_t q = 0; q < c->ncol; q++) {
            if (d[q] != HUGE_VAL && d[q] >= cut) {
                del[++nd] = c->c_fixed + 1 + (int)q;
                free(c->col[q].prof);
            } else {
                c->col[w++] = c->col[q];
            }
        }
        /* nonbasic columns only: the basis stays valid */
        if (nd > 0)
            glp_del_cols(c->lp, nd, del);
        c->ncol = w;
    }
    free(d);
    free(srt);
    free(del);
    return 0;
}

/* Master LPs and pricing (over the classes not banned) until no column
 * prices out or t_end, or the bound is above c->t_hi or the master's
 * value is not above c->t_lo (NAN: no such stop): 1 when converged, 0
 * not, -1 out of memory.
 * *bound: the best Lagrangian bound seen, and the LP value when
 * converged, if higher (left as it is when neither); *lpv: the last LP's
 * value; *rounds counts the LPs. */
/* The duals of the master (u, mu, yp, pi, kappa) as one vector: their
 * sizes. */
static size_t dual_len(const cg *c)
{
    return c->n + c->nc * (size_t)c->D + c->nprec +
           2 * (size_t)c->nsite * (size_t)c->D;
}

/* Copy the duals read to v (to = 1) or v to the duals (to = 0). */
static void dual_io(cg *c, double *v, int to)
{
    double *part[5] = {c->u, c->mu, c->yp, c->pi, c->kappa};
    size_t len[5] = {c->n, c->nc * (size_t)c->D, c->nprec,
                     (size_t)c->nsite * (size_t)c->D,
                     (size_t)c->nsite * (size_t)c->D};
    size_t at = 0;
    for (int j = 0; j < 5; j++) {
        if (to)
            memcpy(v + at, part[j], len[j] * sizeof *v);
        else
            memcpy(part[j], v + at, len[j] * sizeof *v);
        at += len[j];
    }
}

/* Price every task at the duals set: the Lagrangian bound there (-inf:
 * none) and the columns of negative reduced cost added (*added); -1 out
 * of memory. */
static int price_all(cg *c, unsigned char *prof, double lpv, double *lagr,
                     size_t *added)
{
    double v = lagrangian_base(c);
    *added = 0;
    for (size_t i = 0; i < c->n; i++) {
        double dmin = HUGE_VAL;
        for (size_t k = 0; k < c->nc; k++) {
            if (c->ban[i * c->nc + k])
                continue;
            double d;
            long s = -1, e = -1;
            price(c, i, (int)k, &d, &s, &e, prof);
            if (d < dmin)
                dmin = d;
            if (d < -1e-9 * (1.0 + fabs(lpv)) && s >= 0 && e >= s) {
                if (push_col(c, i, (int)k, s, e, prof) != 0)
                    return -1;
                (*added)++;
            }
        }
        v += dmin; /* HUGE_VAL: the task has no column at all */
    }
    *lagr = v;
    return 0;
}

static int cg_loop(cg *c, double t_end, unsigned char *prof, double *bound,
                   double *lpv, unsigned *rounds)
{
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.meth = GLP_PRIMAL;
    int converged = 0;
    if (purge_cols(c) != 0)
        return -1;
    double alpha = c->smooth;
    size_t dl = dual_len(c);
    double *ctr = NULL, *mst = NULL;
    if (alpha > 0.0) {
        ctr = malloc(dl * sizeof *ctr);
        mst = malloc(dl * sizeof *mst);
        if (ctr == NULL || mst == NULL) {
            free(ctr);
            free(mst);
            return -1;
        }
    }
    double cval = -HUGE_VAL; /* the Lagrangian bound at the centre */
    double last_lpv = HUGE_VAL; /* the master's value the round before */
    while (ecs_clock_now() < t_end) {
        sm.tm_lim = (int)ms_left(t_end);
        int ret = glp_simplex(c->lp, &sm);
        if (ret != 0 || glp_get_status(c->lp) != GLP_OPT)
            break;
        (*rounds)++;
        *lpv = glp_get_obj_val(c->lp);
        /* the master has fewer columns than the LP: the LP's value is at
         * most *lpv, so no bound above the target will come */
        if (*lpv <= c->t_lo)
            break;
        read_duals(c);
        size_t added = 0, added_s = 0;
        double lagr;
        int smoothed = ctr != NULL && isfinite(cval);
        if (smoothed) {
            dual_io(c, mst, 1);
            double *sm_d = malloc(dl * sizeof *sm_d);
            if (sm_d == NULL) {
                free(ctr);
                free(mst);
                return -1;
            }
            for (size_t j = 0; j < dl; j++)
                sm_d[j] = alpha * ctr[j] + (1.0 - alpha) * mst[j];
            dual_io(c, sm_d, 0);
            free(sm_d);
        }
        if (price_all(c, prof, *lpv, &lagr, &added) != 0) {
            free(ctr);
            free(mst);
            return -1;
        }
        if (ctr != NULL && isfinite(lagr) && lagr > cval) {
            cval = lagr;
            dual_io(c, ctr, 1);
        }
        if (isfinite(lagr) && (isnan(*bound) || lagr > *bound))
            *bound = lagr;
        if (smoothed && (added == 0 || !(*lpv < last_lpv - 1e-9 *
                                                        (1.0 + fabs(*lpv))))) {
            /* nothing at the smoothed duals, or the master did not move
             * (their columns may be in it already): the master's own
             * duals price too, and decide convergence */
            dual_io(c, mst, 0);
            added_s = added;
            if (price_all(c, prof, *lpv, &lagr, &added) != 0) {
                free(ctr);
                free(mst);
                return -1;
            }
            if (isfinite(lagr) && lagr > cval) {
                cval = lagr;
                dual_io(c, ctr, 1);
            }
            if (isfinite(lagr) && (isnan(*bound) || lagr > *bound))
                *bound = lagr;
        }
        if (*bound > c->t_hi)
            break; /* above t_hi: the probe's answer is known */
        if (added == 0) {
            converged = 1;
            /* the smoothed duals' columns came after the master's
             * optimum: solved again (its value stays the LP's), for the
             * MILP over the columns */
            if (added_s > 0)
                glp_simplex(c->lp, &sm);
            break;
        }
        last_lpv = *lpv;
    }
    free(ctr);
    free(mst);
    if (converged && (isnan(*bound) || *lpv > *bound))
        *bound = *lpv;
    return converged;
}

/* Task i's bans and start ranges, kept while a probe changes them. */
typedef struct task_lim {
    unsigned char *ban;
    long *smin, *smax;
} task_lim;

static void lim_copy(cg *c, size_t i, task_lim *t, int save)
{
    size_t at = i * c->nc, nb = c->nc;
    if (save) {
        memcpy(t->ban, c->ban + at, nb);
        memcpy(t->smin, c->smin + at, nb * sizeof *t->smin);
        memcpy(t->smax, c->smax + at, nb * sizeof *t->smax);
    } else {
        memcpy(c->ban + at, t->ban, nb);
        memcpy(c->smin + at, t->smin, nb * sizeof *t->smin);
        memcpy(c->smax + at, t->smax, nb * sizeof *t->smax);
        sync_task(c, i);
    }
}

static int round_lp(cg *c, double *ub, milp_ext_cg_result *out,
                    double *cost);

/* The profile LP's bound with task i's restrictions as they are now
 * (NAN: none), then task i's saved ones again.  -1 out of memory. */
static int probe_lp(cg *c, size_t i, task_lim *saved, double t_end,
                    unsigned char *prof, double *b)
{
    sync_task(c, i);
    unsigned rounds = 0;
    double lpv = NAN;
    *b = NAN;
    int r = cg_loop(c, t_end, prof, b, &lpv, &rounds);
    double rc;
    if (r >= 0 && rounds > 0 && c->rub != NULL &&
        round_lp(c, c->rub, c->rout, &rc) < 0)
        r = -1;
    lim_copy(c, i, saved, 0);
    return r < 0 ? -1 : 0;
}

/* ub + 1e-7 relative after a probe LP's rounding lowered *c->rub, else
 * above */
static double probe_above(const cg *c, double above)
{
    if (c->rub == NULL)
        return above;
    double a = *c->rub + 1e-7 * (1.0 + fabs(*c->rub));
    return a < above ? a : above;
}

/* Probing (docs/MODEL.md "Column generation, extended model").  Classes:
 * for task i and class k, the profile LP without i on k; when its bound is
 * above ub (the cost of a known schedule), every schedule that does not
 * run i on k is dearer, and i's other classes are banned; else the LP with
 * i on k alone bans k when its bound is above ub.  Starts: for i on k, the
 * longest first (last) part of its start range whose LP, i on k alone, is
 * above ub, by bisection, leaves the range.  Restrictions hold in the
 * later probes.  The task's artificial column (price above ub) keeps a
 * master feasible while a probe forbids its columns.  Every probe LP's
 * rounding (round_lp) that is cheaper than ub lowers it (c->rub) for the
 * probes after it.  Until t_end; returns the restrictions made, -1 out
 * of memory. */
static long probe(cg *c, double ub, double t_end, unsigned char *prof,
                  double *split)
{
    double above = ub + 1e-7 * (1.0 + fabs(ub));
    double big = 2.0 * (fabs(ub) + 1.0);
    size_t nc = c->nc;
    long made = 0;
    task_lim sv;
    sv.ban = malloc(nc);
    sv.smin = malloc(nc * sizeof *sv.smin);
    sv.smax = malloc(nc * sizeof *sv.smax);
    if (sv.ban == NULL || sv.smin == NULL || sv.smax == NULL) {
        made = -1;
        goto out;
    }
    for (size_t i = 0; i < c->n; i++) {
        glp_set_obj_coef(c->lp, c->c_art + (int)i, big);
        glp_set_col_bnds(c->lp, c->c_art + (int)i, GLP_LO, 0, 0);
    }
    for (size_t i = 0; i < c->n; i++)
        for (size_t k = 0; k < nc && ecs_clock_now() < t_end; k++) {
            unsigned char *bn = c->ban + i * nc;
            size_t left = 0;
            for (size_t q = 0; q < nc; q++)
                left += bn[q] == 0;
            if (left < 2)
                break;
            if (bn[k])
                continue;
            /* each probe runs until its answer is known: above ub (a
             * ban), or neither above ub nor, with the other probe, above
             * the split bound so far (NAN: any value raises it) */
            double off, on;
            lim_copy(c, i, &sv, 1);
            bn[k] = 1;
            c->t_hi = above;
            c->t_lo = *split < above ? *split : isnan(*split) ? NAN : above;
            int r = probe_lp(c, i, &sv, t_end, prof, &off);
            above = probe_above(c, above);
            c->t_hi = c->t_lo = NAN;
            if (r < 0)
                goto oom;
            if (off > above) { /* i runs on k in every cheaper schedule */
                for (size_t q = 0; q < nc; q++)
                    bn[q] = q != k;
                sync_task(c, i);
                made += (long)left - 1;
                break;
            }
            lim_copy(c, i, &sv, 1);
            for (size_t q = 0; q < nc; q++)
                bn[q] = q != k;
            c->t_hi = above;
            c->t_lo = isnan(off) || off <= *split ? above
                      : *split < above            ? *split
                      : isnan(*split)             ? NAN
                                                  : above;
            r = probe_lp(c, i, &sv, t_end, prof, &on);
            above = probe_above(c, above);
            c->t_hi = c->t_lo = NAN;
            if (r < 0)
                goto oom;
            /* every schedule runs i on k or not */
            double both = off < on ? off : on;
            if (!isnan(off) && !isnan(on) && !(both <= *split)) {
                *split = both;
                c->sp_task = i;
                c->sp_cls = (int)k;
                c->sp_on = on;
                c->sp_off = off;
            }
            if (on > above) { /* i runs on k in no cheaper schedule */
                bn[k] = 1;
                sync_task(c, i);
                made++;
            }
        }
    for (size_t i = 0; i < c->n; i++)
        for (size_t k = 0; k < nc && ecs_clock_now() < t_end; k++) {
            size_t at = i * nc + k;
            if (c->ban[at])
                continue;
            for (int side = 0; side < 2; side++) {
                /* side 0: the largest m with starts smin..m above ub;
                 * side 1: the least m with starts m..smax above ub */
                long lo = c->smin[at] + side, hi = c->smax[at] - 1 + side;
                long found = side ? c->smax[at] + 1 : c->smin[at] - 1;
                while (lo <= hi && ecs_clock_now() < t_end) {
                    long mid = lo + (hi - lo) / 2;
                    double b;
                    lim_copy(c, i, &sv, 1);
                    for (size_t q = 0; q < nc; q++)
                        c->ban[i * nc + q] = q != k;
                    if (side)
                        c->smin[at] = mid;
                    else
                        c->smax[at] = mid;
                    /* only whether the bound is above ub counts here */
                    c->t_hi = c->t_lo = above;
                    int r = probe_lp(c, i, &sv, t_end, prof, &b);
                    above = probe_above(c, above);
                    c->t_hi = c->t_lo = NAN;
                    if (r < 0)
                        goto oom;
                    if (b > above && side == 0) {
                        found = mid;
                        lo = mid + 1;
                    } else if (b > above) {
                        found = mid;
                        hi = mid - 1;
                    } else if (side == 0) {
                        hi = mid - 1;
                    } else {
                        lo = mid + 1;
                    }
                }
                if (side == 0 && found >= c->smin[at]) {
                    c->smin[at] = found + 1;
                    made++;
                } else if (side == 1 && found <= c->smax[at]) {
                    c->smax[at] = found - 1;
                    made++;
                }
                if (c->smin[at] > c->smax[at])
                    c->ban[at] = 1;
                sync_task(c, i);
                if (c->ban[at])
                    break;
            }
        }
    goto out;
oom:
    made = -1;
out:
    for (size_t i = 0; i < c->n; i++)
        glp_set_col_bnds(c->lp, c->c_art + (int)i, GLP_FX, 0, 0);
    free(sv.ban);
    free(sv.smin);
    free(sv.smax);
    return made;
}

/* Branch and price after probing (docs/MODEL.md "Column generation,
 * extended model", "Splits"): best first over nodes, each a copy of the
 * tasks' bans and start ranges (probing's, narrowed), stop and frequency
 * ranges; a node's bound is
 * its profile LP's, or its parent's until that LP is solved.  The node of
 * least bound is split on the task whose LP weight is most spread over
 * the classes, one child per class it may use; when every task is on one
 * class there, on the task whose starts or stops are most spread, at their
 * mean (up to it, and after it); when those are one per task too, on the
 * slot of a task whose frequency indices are most spread, at their mean.
 * A node whose bound is above ub is dropped (no cheaper schedule is in
 * it).  Every node's LP is rounded (round_lp): a schedule cheaper than
 * ub lowers *ubp (and goes to out->schedule); one that costs the node's
 * bound closes the node (nothing in it is cheaper), its bound kept in the
 * least bound returned.  Until t_end, or until the least node is one whose LP has a single
 * class, start, stop and profile per task (no split raises it), or until the least bound has not risen over the
 * last max(SPLIT_STALL_NODES per class, node LPs to its last rise) node
 * LPs.  Returns the least bound over the open nodes (ub when
 * none is left: no schedule is cheaper than ub), NAN when no LP was
 * solved; *lps counts the node LPs; *oom set when out of memory. */
#define SPLIT_NODES 512
/* frequency splits where tasks x slots are at most this many (two bytes
 * each per node) */
#define SPLIT_FREQ_CELLS 16384
/* the probes' share of the time between the column MILP and mip_end; the
 * splits get the rest */
#define PROBE_SHARE 0.5
/* the splits stop when the least bound has not risen over this many node
 * LPs per class, or over as many as they took to its last rise if more:
 * the tree gets the rest.  Counted in LPs, not seconds: the siblings of a
 * split leave the least bound flat until each is solved, however long
 * their LPs take on a loaded machine (bench/results/ext37.md, "Tenth
 * round: exact") */
#define SPLIT_STALL_NODES 4
/* a node's LP gets at most this many times the mean time of the node LPs
 * before it, and at least SPLIT_NODE_MIN_S */
#define SPLIT_NODE_X 20.0
#define SPLIT_NODE_MIN_S 1.0
typedef struct split_node {
    unsigned char *ban;
    long *smin, *smax, *emin, *emax;
    unsigned char *flo, *fhi; /* n * D, or NULL: no frequency splits */
    double bound;
    int leaf; /* its LP has one class, start, stop and profile per task */
} split_node;

static void split_load(cg *c, const split_node *x, size_t nb, int save)
{
    if (save) {
        memcpy(x->ban, c->ban, nb);
        memcpy(x->smin, c->smin, nb * sizeof *x->smin);
        memcpy(x->smax, c->smax, nb * sizeof *x->smax);
        memcpy(x->emin, c->emin, nb * sizeof *x->emin);
        memcpy(x->emax, c->emax, nb * sizeof *x->emax);
        if (x->flo != NULL) {
            memcpy(x->flo, c->flo, c->n * (size_t)c->D);
            memcpy(x->fhi, c->fhi, c->n * (size_t)c->D);
        }
        return;
    }
    memcpy(c->ban, x->ban, nb);
    memcpy(c->smin, x->smin, nb * sizeof *x->smin);
    memcpy(c->smax, x->smax, nb * sizeof *x->smax);
    memcpy(c->emin, x->emin, nb * sizeof *x->emin);
    memcpy(c->emax, x->emax, nb * sizeof *x->emax);
    if (x->flo != NULL) {
        memcpy(c->flo, x->flo, c->n * (size_t)c->D);
        memcpy(c->fhi, x->fhi, c->n * (size_t)c->D);
    }
    for (size_t i = 0; i < c->n; i++)
        sync_task(c, i);
}

static void split_copy(split_node *to, const split_node *from, size_t nb,
                       size_t nf)
{
    if (nf > 0) {
        memcpy(to->flo, from->flo, nf);
        memcpy(to->fhi, from->fhi, nf);
    }
    memcpy(to->ban, from->ban, nb);
    memcpy(to->smin, from->smin, nb * sizeof *to->smin);
    memcpy(to->smax, from->smax, nb * sizeof *to->smax);
    memcpy(to->emin, from->emin, nb * sizeof *to->emin);
    memcpy(to->emax, from->emax, nb * sizeof *to->emax);
    to->bound = from->bound;
    to->leaf = from->leaf;
}

/* The master LP's solution rounded: every task on its column of most
 * weight, its PEs as to_schedule's.  When the checker passes it and it is
 * cheaper than *ub, it replaces out->schedule and *ub is its cost: 1;
 * 0 when not; -1 out of memory.  *cost: its cost when feasible, else
 * HUGE_VAL. */
static int round_lp(cg *c, double *ub, milp_ext_cg_result *out, double *cost)
{
    *cost = HUGE_VAL;
    double *x = calloc(c->ncol + 1, sizeof *x);
    size_t *best = malloc((c->n + 1) * sizeof *best);
    double *bw = malloc((c->n + 1) * sizeof *bw);
    if (x == NULL || best == NULL || bw == NULL) {
        free(x);
        free(best);
        free(bw);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        best[i] = (size_t)-1;
        bw[i] = 1e-9;
    }
    for (size_t q = 0; q < c->ncol; q++) {
        double v = glp_get_col_prim(c->lp, c->c_fixed + 1 + (int)q);
        size_t i = c->col[q].task;
        if (v > bw[i]) {
            bw[i] = v;
            best[i] = q;
        }
    }
    int ok = 1;
    for (size_t i = 0; i < c->n && ok; i++)
        if (best[i] == (size_t)-1)
            ok = 0;
        else
            x[best[i]] = 1.0;
    ecs_schedule *s = ok ? to_schedule(c, x) : NULL;
    free(x);
    free(best);
    free(bw);
    ecs_check_report rep;
    int r = 0;
    if (s != NULL &&
        ecs_check_schedule(c->inst, s, &rep, NULL) == ECS_OK) {
        *cost = rep.cost;
        if (rep.cost < *ub) {
            *ub = rep.cost;
            ecs_schedule_free(out->schedule);
            out->schedule = s;
            out->rounded++;
            s = NULL;
            r = 1;
        }
    }
    ecs_schedule_free(s);
    return r;
}

static double split_tree(cg *c, double *ubp, double t_end,
                         unsigned char *prof, milp_ext_cg_result *out,
                         long *lps, int *oom)
{
    double ub = *ubp;
    double above = ub + 1e-7 * (1.0 + fabs(ub));
    double big = 2.0 * (fabs(ub) + 1.0);
    /* the least bound of the nodes closed by their LP's rounding */
    double closed = HUGE_VAL;
    size_t nb = c->n * c->nc, nn = 0, cap = SPLIT_NODES + 1;
    size_t nf = c->flo != NULL ? c->n * (size_t)c->D : 0;
    split_node *nd = calloc(cap, sizeof *nd);
    double *wt = malloc((5 * nb + 1) * sizeof *wt);
    /* per task and slot: the LP weight of its columns there, and the sums
     * of their frequency indices and squares (frequency splits) */
    double *fw = nf > 0 ? malloc(3 * nf * sizeof *fw) : NULL;
    double result = NAN;
    *oom = nd == NULL || wt == NULL || (nf > 0 && fw == NULL);
    for (size_t q = 0; !*oom && q < cap; q++) {
        nd[q].ban = malloc(nb + 1);
        nd[q].smin = malloc((nb + 1) * sizeof *nd[q].smin);
        nd[q].smax = malloc((nb + 1) * sizeof *nd[q].smax);
        nd[q].emin = malloc((nb + 1) * sizeof *nd[q].emin);
        nd[q].emax = malloc((nb + 1) * sizeof *nd[q].emax);
        *oom = !nd[q].ban || !nd[q].smin || !nd[q].smax || !nd[q].emin ||
               !nd[q].emax;
        if (nf > 0) {
            nd[q].flo = malloc(nf);
            nd[q].fhi = malloc(nf);
            *oom = *oom || !nd[q].flo || !nd[q].fhi;
        }
    }
    if (*oom)
        goto out;
    /* nd[cap - 1]: the restrictions before the splits, put back at the end */
    split_load(c, &nd[cap - 1], nb, 1);
    split_load(c, &nd[0], nb, 1);
    nd[0].bound = -HUGE_VAL;
    nd[0].leaf = 0;
    nn = 1;
    if (c->sp_task < c->n) {
        /* the probes' split of the largest bound first, its two sides at
         * the probes' bounds (valid for the schedules of each side that
         * keep to the later restrictions too: fewer schedules); a side
         * the later probes banned is no node, the other is the root */
        size_t i = c->sp_task, k = (size_t)c->sp_cls;
        int on_ok = !nd[0].ban[i * c->nc + k], off_ok = 0;
        for (size_t q = 0; q < c->nc; q++)
            off_ok |= q != k && !nd[0].ban[i * c->nc + q];
        if (on_ok && off_ok) {
            split_copy(&nd[1], &nd[0], nb, nf);
            for (size_t q = 0; q < c->nc; q++)
                nd[1].ban[i * c->nc + q] = q != k;
            nd[1].bound = c->sp_on;
            nd[0].ban[i * c->nc + k] = 1;
            nd[0].bound = c->sp_off;
            nn = 2;
        } else {
            nd[0].bound = on_ok ? c->sp_on : c->sp_off;
        }
    }
    for (size_t i = 0; i < c->n; i++) {
        glp_set_obj_coef(c->lp, c->c_art + (int)i, big);
        glp_set_col_bnds(c->lp, c->c_art + (int)i, GLP_LO, 0, 0);
    }
    /* the least bound, and when it last rose */
    double least = -HUGE_VAL;
    long solved = 0, at_gain = 0;
    double t_first = ecs_clock_now();
    long stall = SPLIT_STALL_NODES * (long)c->nc;
    while (nn > 0 && ecs_clock_now() < t_end) {
        size_t at = 0;
        for (size_t q = 1; q < nn; q++)
            if (nd[q].bound < nd[at].bound)
                at = q;
        if (nd[at].leaf)
            break; /* the least bound cannot rise by splits */
        /* (from -HUGE_VAL, the first node's, the test below would be
         * -inf > NaN: never a rise) */
        if (isfinite(nd[at].bound) &&
            (!isfinite(least) ||
             nd[at].bound > least + 1e-9 * (1.0 + fabs(least)))) {
            least = nd[at].bound;
            at_gain = solved;
        } else if (solved - at_gain > (at_gain > stall ? at_gain : stall)) {
            break; /* no gain over as many LPs as to the last one */
        }
        split_load(c, &nd[at], nb, 0);
        double b = NAN, lpv = NAN;
        unsigned rounds = 0;
        /* a node's LP gets at most SPLIT_NODE_X times the mean so far (and
         * SPLIT_NODE_MIN_S): one that does not converge in that keeps its
         * Lagrangian bound and is split by its master's solution (the
         * choice of a split needs no optimum; the children's bounds are
         * their parent's until solved) */
        double t_node = ecs_clock_now();
        double node_end = t_node + (solved > 0 ? SPLIT_NODE_X * (t_node - t_first) /
                                                     (double)solved
                                               : HUGE_VAL);
        if (node_end < t_node + SPLIT_NODE_MIN_S)
            node_end = t_node + SPLIT_NODE_MIN_S;
        if (node_end > t_end)
            node_end = t_end;
        int r = cg_loop(c, node_end, prof, &b, &lpv, &rounds);
        if (r < 0) {
            *oom = 1;
            break;
        }
        (*lps)++;
        solved++;
        if (r == 0 && ecs_clock_now() >= t_end)
            break; /* out of time: the nodes' bounds stand */
        if (b > nd[at].bound)
            nd[at].bound = b;
        /* the LP's rounding: a cheaper schedule lowers ub; one that costs
         * the node's bound closes the node */
        double rc = HUGE_VAL;
        if (r > 0 && nd[at].bound <= above) {
            int rr = round_lp(c, &ub, out, &rc);
            if (rr < 0) {
                *oom = 1;
                break;
            }
            if (rr > 0) {
                above = ub + 1e-7 * (1.0 + fabs(ub));
            }
        }
        if (rc <= nd[at].bound + 1e-9 * (1.0 + fabs(nd[at].bound))) {
            if (nd[at].bound < closed)
                closed = nd[at].bound;
            split_copy(&nd[at], &nd[--nn], nb, nf);
            continue;
        }
        if (nd[at].bound > above) { /* infeasible or dearer than ub */
            split_copy(&nd[at], &nd[--nn], nb, nf);
            continue;
        }
        /* the LP's weight of task i on class k (wt), and the sums of its
         * starts and squared starts there */
        memset(wt, 0, 5 * nb * sizeof *wt);
        for (size_t q = 0; q < c->ncol; q++) {
            double v = glp_get_col_prim(c->lp, c->c_fixed + 1 + (int)q);
            size_t ik = c->col[q].task * c->nc + (size_t)c->col[q].cls;
            double s = (double)c->col[q].s, e = (double)c->col[q].e;
            if (v > 1e-9) {
                wt[ik] += v;
                wt[nb + ik] += v * s;
                wt[2 * nb + ik] += v * s * s;
                wt[3 * nb + ik] += v * e;
                wt[4 * nb + ik] += v * e * e;
            }
        }
        size_t bi = c->n, bk = 0;
        double spread = 1e-6;
        for (size_t i = 0; i < c->n; i++) {
            double mx = 0.0;
            for (size_t k = 0; k < c->nc; k++)
                if (wt[i * c->nc + k] > mx)
                    mx = wt[i * c->nc + k];
            if (1.0 - mx > spread) {
                spread = 1.0 - mx;
                bi = i;
            }
        }
        int by_start = bi == c->n, by_end = 0;
        double mean = 0.0;
        if (by_start) { /* the starts' or stops' variance on the task's
                           one class */
            spread = 1e-6;
            for (size_t ik = 0; ik < nb; ik++) {
                if (wt[ik] < 0.5)
                    continue;
                for (int se = 0; se < 2; se++) {
                    double m = wt[(1 + 2 * se) * nb + ik] / wt[ik];
                    double var = wt[(2 + 2 * se) * nb + ik] / wt[ik] - m * m;
                    if (var > spread) {
                        spread = var;
                        bi = ik / c->nc;
                        bk = ik % c->nc;
                        mean = m;
                        by_end = se;
                    }
                }
            }
        }
        /* one class, start and stop per task: the frequency in a slot
         * whose index is most spread over the task's columns */
        int by_freq = 0;
        long fl_at = 0;
        if (bi == c->n && nf > 0) {
            /* one pass over the columns (in their order, as the sums
             * per slot were before: the same values) */
            memset(fw, 0, 3 * nf * sizeof *fw);
            for (size_t q = 0; q < c->ncol; q++) {
                const cg_col *cl = &c->col[q];
                double v = glp_get_col_prim(c->lp, c->c_fixed + 1 + (int)q);
                if (v <= 1e-9)
                    continue;
                for (long l = cl->s; l <= cl->e; l++) {
                    size_t fl = cl->task * (size_t)c->D + (size_t)l;
                    double f = (double)cl->prof[l - cl->s];
                    fw[fl] += v;
                    fw[nf + fl] += v * f;
                    fw[2 * nf + fl] += v * f * f;
                }
            }
            spread = 1e-6;
            for (size_t i = 0; i < c->n; i++) {
                long es = c->w->es[i], lf = c->w->lf[i];
                for (long l = es; l <= lf; l++) {
                    size_t fl = i * (size_t)c->D + (size_t)l;
                    double s0 = fw[fl], s1 = fw[nf + fl], s2 = fw[2 * nf + fl];
                    if (s0 < 0.5)
                        continue;
                    double m = s1 / s0, var = s2 / s0 - m * m;
                    if (var > spread) {
                        spread = var;
                        bi = i;
                        fl_at = l;
                        mean = m;
                        by_freq = 1;
                    }
                }
            }
        }
        if (bi == c->n) { /* one class, start, stop and profile per task */
            nd[at].leaf = 1;
            continue;
        }
        if (nn + c->nc > SPLIT_NODES)
            break;
        size_t made = 0;
        if (by_freq) {
            size_t fi = bi * (size_t)c->D + (size_t)fl_at;
            long m = (long)floor(mean);
            if (m < nd[at].flo[fi])
                m = nd[at].flo[fi];
            if (m >= nd[at].fhi[fi])
                m = nd[at].fhi[fi] - 1;
            for (int side = 0; side < 2; side++) {
                split_node *ch = &nd[nn + made++];
                split_copy(ch, &nd[at], nb, nf);
                if (side == 0)
                    ch->fhi[fi] = (unsigned char)m;
                else
                    ch->flo[fi] = (unsigned char)(m + 1);
            }
        } else if (by_start) {
            size_t ik = bi * c->nc + bk;
            long m = (long)floor(mean);
            long lo = by_end ? nd[at].emin[ik] : nd[at].smin[ik];
            if (m < lo)
                m = lo;
            for (int side = 0; side < 2; side++) {
                split_node *ch = &nd[nn + made++];
                split_copy(ch, &nd[at], nb, nf);
                long *mx = by_end ? ch->emax : ch->smax;
                long *mn = by_end ? ch->emin : ch->smin;
                if (side == 0)
                    mx[ik] = m;
                else
                    mn[ik] = m + 1;
                if (mn[ik] > mx[ik])
                    ch->ban[ik] = 1;
            }
        } else {
            for (size_t k = 0; k < c->nc; k++) {
                if (nd[at].ban[bi * c->nc + k])
                    continue;
                split_node *ch = &nd[nn + made++];
                split_copy(ch, &nd[at], nb, nf);
                for (size_t q = 0; q < c->nc; q++)
                    ch->ban[bi * c->nc + q] = q != k;
            }
        }
        nn += made;
        /* the parent's place to the last node */
        split_copy(&nd[at], &nd[--nn], nb, nf);
    }
    if (!*oom && nn == 0)
        result = ub;
    else if (!*oom)
        for (size_t q = 0; q < nn; q++)
            if (isnan(result) || nd[q].bound < result)
                result = nd[q].bound;
    if (result == -HUGE_VAL)
        result = NAN;
    if (!isnan(result) && closed < result)
        result = closed;
    *ubp = ub;
    for (size_t i = 0; i < c->n; i++)
        glp_set_col_bnds(c->lp, c->c_art + (int)i, GLP_FX, 0, 0);
    split_load(c, &nd[cap - 1], nb, 0);
out:
    for (size_t q = 0; nd != NULL && q < cap; q++) {
        free(nd[q].ban);
        free(nd[q].smin);
        free(nd[q].smax);
        free(nd[q].emin);
        free(nd[q].emax);
        free(nd[q].flo);
        free(nd[q].fhi);
    }
    free(nd);
    free(wt);
    free(fw);
    return result;
}

/* Probing pays wherever the converged profile LP is below the best
 * schedule known: at 4 to 8 % (mix at P = 4) it raises the bound, at 0.02
 * to 3 % (solar at P = 4, mix at P = 8) its bans and ranges fix enough of
 * the tree's columns that it proves in seconds what stayed open at 60 s
 * (bench/results/ext37.md, "Seventh round: exact"). */
static int open_gap(double bound, double ub)
{
    return !ecs_gap_reached(ub, bound, 0.0);
}

/* The MILP over the columns generated until mip_end: its schedule in
 * out->schedule (the caller checks it).  0; -1 out of memory. */
static int column_milp(cg *c, double mip_end, milp_ext_cg_result *out)
{
    if (ecs_clock_now() >= mip_end || glp_get_status(c->lp) != GLP_OPT)
        return 0;
    for (size_t q = 0; q < c->ncol; q++)
        glp_set_col_kind(c->lp, c->c_fixed + 1 + (int)q, GLP_BV);
    glp_iocp io;
    glp_init_iocp(&io);
    io.msg_lev = GLP_MSG_OFF;
    io.tm_lim = (int)ms_left(mip_end);
    int ret = glp_intopt(c->lp, &io);
    int st = glp_mip_status(c->lp);
    for (size_t q = 0; q < c->ncol; q++)
        glp_set_col_kind(c->lp, c->c_fixed + 1 + (int)q, GLP_CV);
    if ((ret == 0 || ret == GLP_ETMLIM) && (st == GLP_OPT || st == GLP_FEAS)) {
        double *x = malloc((c->ncol ? c->ncol : 1) * sizeof *x);
        if (x == NULL)
            return -1;
        for (size_t q = 0; q < c->ncol; q++)
            x[q] = glp_mip_col_val(c->lp, c->c_fixed + 1 + (int)q);
        out->schedule = to_schedule(c, x);
        free(x);
    }
    return 0;
}

static ecs_result run(cg *c, const ecs_schedule *start, double t_end,
                      double mip_end, int want_ivb, double ub,
                      milp_ext_cg_result *out)
{
    if (build_master(c) != 0)
        return ECS_ENOMEM;
    int seeded = seed_columns(c, start);
    if (seeded != 0)
        return seeded < 0 ? ECS_ENOMEM : ECS_OK;
    size_t maxlen = 1, maxw = 1;
    for (size_t i = 0; i < c->n; i++) {
        size_t len = (size_t)(c->w->lf[i] - c->w->es[i] + 1);
        size_t W = (size_t)(c->g->work[i] * c->p->grid) + 1;
        if (len > maxlen)
            maxlen = len;
        if (W > maxw)
            maxw = W;
    }
    size_t cells = (size_t)c->nsite * (size_t)c->D;
    c->u = malloc(c->n * sizeof *c->u);
    c->mu = malloc(c->nc * (size_t)c->D * sizeof *c->mu);
    c->yp = malloc((c->nprec ? c->nprec : 1) * sizeof *c->yp);
    c->pi = malloc(cells * sizeof *c->pi);
    c->kappa = malloc(cells * sizeof *c->kappa);
    c->pin = malloc((maxlen + 1) * sizeof *c->pin);
    c->pout = malloc((maxlen + 1) * sizeof *c->pout);
    c->val = malloc((maxlen < 2 ? 2 : maxlen) * maxw * sizeof *c->val);
    c->bk = malloc(maxlen * maxw * 2);
    unsigned char *prof = malloc(maxlen);
    if (!c->u || !c->mu || !c->yp || !c->pi || !c->kappa || !c->pin ||
        !c->pout || !c->val || !c->bk || !prof) {
        free(prof);
        return ECS_ENOMEM;
    }
    int converged = cg_loop(c, t_end, prof, &out->bound, &out->lp_value,
                            &out->rounds);
    if (converged < 0) {
        free(prof);
        return ECS_ENOMEM;
    }
    int probing = want_ivb && converged && isfinite(ub) &&
                  open_gap(out->bound, ub);
    if (probing) {
        /* the MILP over the columns first, for a better ub */
        double now = ecs_clock_now();
        if (column_milp(c, now + 0.5 * (mip_end - now), out) < 0) {
            free(prof);
            return ECS_ENOMEM;
        }
        ecs_check_report rep;
        if (out->schedule != NULL &&
            ecs_check_schedule(c->inst, out->schedule, &rep, NULL) ==
                ECS_OK &&
            rep.cost < ub)
            ub = rep.cost;
        probing = open_gap(out->bound, ub);
    }
    if (probing) {
        double now = ecs_clock_now(), split = NAN;
        /* the probe LPs' roundings lower ub (bench/results/ext37.md,
         * "Eleventh round: exact") */
        c->rub = &ub;
        c->rout = out;
        long made = probe(c, ub, now + PROBE_SHARE * (mip_end - now), prof,
                          &split);
        c->rub = NULL;
        c->rout = NULL;
        double b = NAN, lpv = NAN;
        int fin = made < 0 ? -1 : cg_loop(c, mip_end, prof, &b, &lpv,
                                          &out->rounds);
        if (fin < 0) {
            free(prof);
            return ECS_ENOMEM;
        }
        if (fin > 0) {
            /* the rest until mip_end: splits */
            int oom = 0;
            double tb = split_tree(c, &ub, mip_end, prof, out,
                                   &out->split_nodes, &oom);
            /* the LP with the probes' restrictions again: its duals give
             * the intervals' bounds below (at most a second past
             * mip_end) */
            double lpv2 = NAN, b2 = NAN;
            double t2 = ecs_clock_now() + 1.0;
            if (!oom && out->split_nodes > 0 &&
                cg_loop(c, t2 > mip_end ? t2 : mip_end, prof, &b2, &lpv2,
                        &out->rounds) < 0)
                oom = 1;
            if (oom) {
                free(prof);
                return ECS_ENOMEM;
            }
            if (!isnan(tb) && !(tb <= b))
                b = tb;
        }
        out->banned = made;
        out->probed = 1;
        /* with bans, a bound on the schedules not dearer than ub */
        if (!isnan(split) && !(split <= b))
            b = split;
        if (!isnan(b) && b > ub)
            b = ub;
        if (!isnan(b) && b > out->bound)
            out->bound = b;
    }
    free(prof);
    out->columns = c->ncol;
    if (!isnan(out->bound))
        out->bound -= 1e-10 * (1.0 + fabs(out->bound));
    if (want_ivb && out->rounds > 0 && interval_bounds(c, out) < 0)
        return ECS_ENOMEM;
    if (out->schedule == NULL && column_milp(c, mip_end, out) < 0)
        return ECS_ENOMEM;
    return ECS_OK;
}

ecs_result milp_ext_colgen(const ecs_instance *inst,
                               const ecs_platform *p, const ecs_graph *g,
                               const ecs_windows *w,
                               const ecs_schedule *start, double t_end,
                               double mip_end, int want_ivb, double ub,
                               int purge, double smooth,
                               size_t prec_rows_max,
                               milp_ext_cg_result *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->bound = NAN;
    out->lp_value = NAN;
    if (start == NULL)
        return ECS_OK;
    glpk_guard gd;
    ecs_result rc = glpk_guard_begin(&gd, 0, diag);
    if (rc != ECS_OK)
        return rc;
    cg *c = calloc(1, sizeof *c);
    if (c == NULL) {
        glpk_guard_end(&gd);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    c->inst = inst;
    c->p = p;
    c->g = g;
    c->w = w;
    c->D = inst->deadline;
    c->n = g->n;
    c->nc = p->nclass;
    c->nsite = p->nsite < 1 ? 1 : p->nsite;
    c->t_hi = c->t_lo = NAN;
    c->purge = purge;
    c->smooth = smooth > 0.0 && smooth < 1.0 ? smooth : 0.0;
    c->prec_rows_max = prec_rows_max;
    c->stride = 1;
    c->sp_task = c->n;
    c->ban = calloc(c->n * c->nc + 1, 1);
    c->smin = malloc((c->n * c->nc + 1) * sizeof *c->smin);
    c->smax = malloc((c->n * c->nc + 1) * sizeof *c->smax);
    c->emin = malloc((c->n * c->nc + 1) * sizeof *c->emin);
    c->emax = malloc((c->n * c->nc + 1) * sizeof *c->emax);
    if (c->n * (size_t)c->D <= SPLIT_FREQ_CELLS && p->nfreq <= 255) {
        c->flo = calloc(c->n * (size_t)c->D + 1, 1);
        c->fhi = malloc(c->n * (size_t)c->D + 1);
        if (c->flo == NULL || c->fhi == NULL) {
            free(c->flo);
            free(c->fhi);
            c->flo = c->fhi = NULL; /* no frequency splits */
        } else {
            memset(c->fhi, (int)(p->nfreq - 1), c->n * (size_t)c->D + 1);
        }
    }
    if (c->ban == NULL || c->smin == NULL || c->smax == NULL ||
        c->emin == NULL || c->emax == NULL) {
        free(c->ban);
        free(c->smin);
        free(c->smax);
        free(c->emin);
        free(c->emax);
        free(c);
        glpk_guard_end(&gd);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t i = 0; i < c->n; i++)
        for (size_t k = 0; k < c->nc; k++) {
            c->smin[i * c->nc + k] = w->es[i];
            c->smax[i * c->nc + k] = w->lf[i];
            c->emin[i * c->nc + k] = w->es[i];
            c->emax[i * c->nc + k] = w->lf[i];
        }
    if (setjmp(gd.jb) != 0) {
        rc = glpk_guard_failed(&gd, diag);
        c->lp = NULL; /* GLPK's, in its error state */
    } else {
        glpk_guard_arm(&gd);
        c->lp = glp_create_prob();
        glp_set_obj_dir(c->lp, GLP_MIN);
        rc = run(c, start, t_end, mip_end, want_ivb, ub, out);
        glp_delete_prob(c->lp);
        c->lp = NULL;
        glpk_guard_end(&gd);
        if (rc != ECS_OK)
            rc = ecs_diag_set(diag, rc, NULL, 0, "out of memory");
    }
    for (size_t q = 0; q < c->ncol; q++)
        free(c->col[q].prof);
    free(c->col);
    free(c->prec);
    free(c->in_off);
    free(c->out_off);
    free(c->out_row);
    free(c->pcap_row);
    free(c->u);
    free(c->mu);
    free(c->yp);
    free(c->pi);
    free(c->kappa);
    free(c->pin);
    free(c->pout);
    free(c->val);
    free(c->bk);
    free(c->ban);
    free(c->smin);
    free(c->smax);
    free(c->emin);
    free(c->emax);
    free(c->flo);
    free(c->fhi);
    free(c);
    return rc;
}
