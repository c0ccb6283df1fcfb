/* Zero-half cuts (milp_zerohalf.h): the elimination modulo 2 of Koster,
 * Zymolka and Kutschka ("Algorithms to separate {0,1/2}-Chvatal-Gomory
 * cuts", Algorithmica 55, 2009), in its plain form: the rows of slack
 * below 1 at the LP point, as bit vectors over the fractional columns
 * (each moved to its nearer bound) with the right-hand side's parity;
 * columns met by one row alone folded into that row's slack; Gaussian
 * elimination, the tightest row as the pivot of each column; every row
 * left with an odd right-hand side and a small enough slack plus odd
 * columns' distance is a combination whose cut is violated. */
#include "milp_zerohalf.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EPS_FRAC 1e-6 /* a column this close to a bound is at it */

void milp_cuts_init(milp_cuts *c)
{
    memset(c, 0, sizeof *c);
}

void milp_cuts_release(milp_cuts *c)
{
    if (c == NULL)
        return;
    free(c->off);
    free(c->col);
    free(c->val);
    free(c->rhs);
    free(c->viol);
    memset(c, 0, sizeof *c);
}

/* Grow *p (elements of size sz) to cap elements; 0 or -1. */
static int grow(void *p, size_t cap, size_t sz)
{
    void **pp = p, *q = realloc(*pp, cap * sz);
    if (q == NULL)
        return -1;
    *pp = q;
    return 0;
}

/* Append a cut of len terms; 0 or -1. */
static int cuts_add(milp_cuts *c, const size_t *col, const double *val,
                    size_t len, double rhs, double viol)
{
    if (c->n + 1 >= c->cap_n) {
        size_t cap = c->cap_n ? 2 * c->cap_n : 64;
        if (grow(&c->off, cap + 1, sizeof *c->off) ||
            grow(&c->rhs, cap, sizeof *c->rhs) ||
            grow(&c->viol, cap, sizeof *c->viol))
            return -1;
        if (c->n == 0)
            c->off[0] = 0;
        c->cap_n = cap;
    }
    if (c->nnz + len > c->cap_nnz) {
        size_t cap = c->cap_nnz ? 2 * c->cap_nnz : 1024;
        while (cap < c->nnz + len)
            cap *= 2;
        if (grow(&c->col, cap, sizeof *c->col) ||
            grow(&c->val, cap, sizeof *c->val))
            return -1;
        c->cap_nnz = cap;
    }
    memcpy(c->col + c->nnz, col, len * sizeof *col);
    memcpy(c->val + c->nnz, val, len * sizeof *val);
    c->nnz += len;
    c->rhs[c->n] = rhs;
    c->viol[c->n] = viol;
    c->n++;
    c->off[c->n] = c->nnz;
    return 0;
}

static int is_int(double v)
{
    return isfinite(v) && v == floor(v);
}

typedef struct zh {
    const milp_model *m;
    const milp_rows *r;
    const double *x;
    double *near;        /* ncols: the nearer bound */
    double *dist;        /* ncols: |x - near| */
    long *fcol;          /* ncols: index among the fractional columns, -1 */
    double *fdist;       /* nf: the fractional columns' distances */
    size_t nf;           /* fractional columns */
    /* the kept rows */
    size_t nk;
    size_t *krow;        /* model row */
    double *ksign;       /* +1, or -1 for a >= row */
    double *kslack;      /* slack, plus the distance of folded columns */
    size_t wc, wo;       /* words of a column vector, of an origin vector */
    uint64_t *bits;      /* nk * wc: odd fractional columns */
    unsigned char *odd;  /* nk: right-hand side's parity */
    uint64_t *orig;      /* nk * wo: the kept rows combined */
    /* cut assembly */
    double *acc;         /* ncols */
    unsigned char *mark; /* ncols: in touched */
    size_t *touched, *ccol;
    double *cval;
} zh;

/* Row i of the model usable (integer data, integer-valued columns with
 * integer bounds)? */
static int usable_row(const zh *z, size_t i)
{
    const milp_model *m = z->m;
    if (!is_int(m->rhs[i]))
        return 0;
    for (size_t k = z->r->row_off[i]; k < z->r->row_off[i + 1]; k++) {
        size_t j = z->r->row_col[k];
        if (!is_int(z->r->row_val[k]) || m->integer[j] == MILP_COL_CONT ||
            !is_int(m->lb[j]) || !is_int(m->ub[j]))
            return 0;
    }
    return 1;
}

/* Slack of row i in its <= orientation (sign) at x. */
static double row_slack(const zh *z, size_t i, double *sign)
{
    double act = 0.0;
    for (size_t k = z->r->row_off[i]; k < z->r->row_off[i + 1]; k++)
        act += z->r->row_val[k] * z->x[z->r->row_col[k]];
    switch (z->m->sense[i]) {
    case MILP_ROW_GE:
        *sign = -1.0;
        return act - z->m->rhs[i];
    case MILP_ROW_LE:
        *sign = 1.0;
        return z->m->rhs[i] - act;
    default:
        *sign = 1.0;
        return fabs(z->m->rhs[i] - act) > 1e-6 ? HUGE_VAL : 0.0;
    }
}

static int bit(const uint64_t *v, size_t k)
{
    return (int)((v[k / 64] >> (k % 64)) & 1u);
}

static void flip(uint64_t *v, size_t k)
{
    v[k / 64] ^= (uint64_t)1 << (k % 64);
}

/* The rows of slack below 1, their parity vectors; 0 or -1. */
static int collect(zh *z, size_t max_rows, double max_slack)
{
    const milp_model *m = z->m;
    size_t cand = 0;
    double *sl = malloc((m->nrows ? m->nrows : 1) * sizeof *sl);
    double *sg = malloc((m->nrows ? m->nrows : 1) * sizeof *sg);
    size_t *idx = malloc((m->nrows ? m->nrows : 1) * sizeof *idx);
    if (sl == NULL || sg == NULL || idx == NULL) {
        free(sl), free(sg), free(idx);
        return -1;
    }
    for (size_t i = 0; i < m->nrows; i++) {
        if (!usable_row(z, i))
            continue;
        int any = 0; /* a fractional column: else no use in a combination */
        for (size_t k = z->r->row_off[i]; k < z->r->row_off[i + 1] && !any; k++)
            any = z->fcol[z->r->row_col[k]] >= 0 &&
                  ((long)fabs(z->r->row_val[k]) & 1L);
        double s = row_slack(z, i, &sg[i]);
        if (!any || !(s < 1.0 - EPS_FRAC) || !(s <= max_slack + EPS_FRAC))
            continue;
        sl[i] = s > 0.0 ? s : 0.0;
        idx[cand++] = i;
    }
    /* the tightest max_rows: the candidates by slack (shell sort) */
    for (size_t gap = cand / 2; gap > 0; gap /= 2)
        for (size_t a = gap; a < cand; a++)
            for (size_t b = a; b >= gap && sl[idx[b - gap]] > sl[idx[b]];
                 b -= gap) {
                size_t t = idx[b];
                idx[b] = idx[b - gap];
                idx[b - gap] = t;
            }
    z->nk = cand < max_rows ? cand : max_rows;
    z->wc = (z->nf + 63) / 64 + 1;
    z->wo = (z->nk + 63) / 64 + 1;
    z->krow = malloc((z->nk + 1) * sizeof *z->krow);
    z->ksign = malloc((z->nk + 1) * sizeof *z->ksign);
    z->kslack = malloc((z->nk + 1) * sizeof *z->kslack);
    z->odd = calloc(z->nk + 1, 1);
    z->bits = calloc((z->nk + 1) * z->wc, sizeof *z->bits);
    z->orig = calloc((z->nk + 1) * z->wo, sizeof *z->orig);
    int bad = z->krow == NULL || z->ksign == NULL || z->kslack == NULL ||
              z->odd == NULL || z->bits == NULL || z->orig == NULL;
    for (size_t q = 0; !bad && q < z->nk; q++) {
        size_t i = idx[q];
        z->krow[q] = i;
        z->ksign[q] = sg[i];
        z->kslack[q] = sl[i];
        /* parity of rhs - sum a near (orientation keeps parity) */
        double b = m->rhs[i];
        for (size_t k = z->r->row_off[i]; k < z->r->row_off[i + 1]; k++) {
            size_t j = z->r->row_col[k];
            long a = (long)fabs(z->r->row_val[k]);
            b -= z->r->row_val[k] * z->near[j];
            if ((a & 1L) && z->fcol[j] >= 0)
                flip(z->bits + q * z->wc, (size_t)z->fcol[j]);
        }
        z->odd[q] = (unsigned char)((long long)fabs(b) & 1LL);
        flip(z->orig + q * z->wo, q);
    }
    free(sl), free(sg), free(idx);
    return bad ? -1 : 0;
}

/* Fold each fractional column that one kept row alone has odd into that
 * row's slack (any combination with the row pays its distance). */
static void fold_singletons(zh *z, size_t *count, size_t *owner)
{
    memset(count, 0, z->nf * sizeof *count);
    for (size_t q = 0; q < z->nk; q++)
        for (size_t k = 0; k < z->nf; k++)
            if (bit(z->bits + q * z->wc, k)) {
                count[k]++;
                owner[k] = q;
            }
    for (size_t j = 0; j < z->m->ncols; j++) {
        long k = z->fcol[j];
        if (k >= 0 && count[k] == 1) {
            size_t q = owner[k];
            z->kslack[q] += z->dist[j];
            flip(z->bits + q * z->wc, (size_t)k);
        }
    }
}

/* The cut of the kept rows in origin vector o; 0 when added or not
 * violated enough, -1 when out of memory. */
static int make_cut(zh *z, const uint64_t *o, double min_viol,
                    size_t max_len, int by_eff, milp_cuts *out)
{
    const milp_model *m = z->m;
    size_t nt = 0;
    double beta = 0.0;
    for (size_t q = 0; q < z->nk; q++) {
        if (!bit(o, q))
            continue;
        size_t i = z->krow[q];
        double s = z->ksign[q];
        beta += s * m->rhs[i];
        for (size_t k = z->r->row_off[i]; k < z->r->row_off[i + 1]; k++) {
            size_t j = z->r->row_col[k];
            if (!z->mark[j]) {
                z->mark[j] = 1;
                z->touched[nt++] = j;
            }
            z->acc[j] += s * z->r->row_val[k];
        }
    }
    /* y_j = x_j - lb_j or ub_j - x_j, whichever is nearer at x */
    size_t len = 0;
    double rhs, lhs = 0.0;
    double bprime = beta;
    for (size_t t = 0; t < nt; t++) {
        size_t j = z->touched[t];
        bprime -= z->acc[j] * z->near[j];
    }
    rhs = floor(bprime / 2.0 + 1e-9);
    for (size_t t = 0; t < nt; t++) {
        size_t j = z->touched[t];
        double a = z->acc[j];
        z->acc[j] = 0.0;
        z->mark[j] = 0;
        if (a == 0.0)
            continue;
        int at_ub = z->near[j] == m->ub[j] && m->ub[j] != m->lb[j];
        double ap = at_ub ? -a : a;   /* coefficient of y_j */
        double g = floor(ap / 2.0 + 1e-9);
        if (g == 0.0)
            continue;
        /* g y_j = g (x_j - lb) or g (ub - x_j) */
        double coef = at_ub ? -g : g;
        if (at_ub)
            rhs -= g * m->ub[j]; /* g (ub - x_j): g ub moves right */
        else
            rhs += g * m->lb[j]; /* g (x_j - lb): -g lb moves right */
        z->ccol[len] = j;
        z->cval[len] = coef;
        lhs += coef * z->x[j];
        len++;
    }
    double viol = lhs - rhs;
    if (len == 0 || !(viol > min_viol) || (max_len > 0 && len > max_len))
        return 0;
    double nrm = 0.0;
    for (size_t t = 0; t < len; t++)
        nrm += z->cval[t] * z->cval[t];
    /* the score it is kept by (the violation is recomputed on output) */
    return cuts_add(out, z->ccol, z->cval, len, rhs,
                    by_eff ? viol / sqrt(nrm) : viol);
}

/* Elimination, each column's pivot the tightest row that has it. */
static void elim_columns(zh *z, unsigned char *used)
{
    for (size_t k = 0; k < z->nf; k++) {
        size_t piv = z->nk;
        for (size_t q = 0; q < z->nk; q++)
            if (!used[q] && bit(z->bits + q * z->wc, k) &&
                (piv == z->nk || z->kslack[q] < z->kslack[piv]))
                piv = q;
        if (piv == z->nk)
            continue;
        used[piv] = 1;
        const uint64_t *pb = z->bits + piv * z->wc, *po = z->orig + piv * z->wo;
        for (size_t q = 0; q < z->nk; q++) {
            if (q == piv || !bit(z->bits + q * z->wc, k))
                continue;
            uint64_t *qb = z->bits + q * z->wc, *qo = z->orig + q * z->wo;
            for (size_t w = 0; w < z->wc; w++)
                qb[w] ^= pb[w];
            for (size_t w = 0; w < z->wo; w++)
                qo[w] ^= po[w];
            z->odd[q] ^= z->odd[piv];
        }
    }
}

/* XOR row piv into row q. */
static void add_row(zh *z, size_t q, size_t piv)
{
    uint64_t *qb = z->bits + q * z->wc, *qo = z->orig + q * z->wo;
    const uint64_t *pb = z->bits + piv * z->wc, *po = z->orig + piv * z->wo;
    for (size_t w = 0; w < z->wc; w++)
        qb[w] ^= pb[w];
    for (size_t w = 0; w < z->wo; w++)
        qo[w] ^= po[w];
    z->odd[q] ^= z->odd[piv];
}

/* Elimination as SCIP's zero-half separator does it (Koster et al.'s
 * Proposition 5): every row of slack 0 (after the fold), in the order of
 * the rows, is the pivot of its odd column of the largest distance, which
 * it eliminates from every other row; the pivot keeps it (its own cut
 * pays that distance) and pivots no more.  Adding a row of slack 0 leaves
 * every row's slack as it was. */
static void elim_zero_slack(zh *z, unsigned char *used)
{
    for (size_t q = 0; q < z->nk; q++) {
        if (z->kslack[q] > EPS_FRAC)
            continue;
        const uint64_t *qb = z->bits + q * z->wc;
        long best = -1;
        double bd = -1.0;
        for (size_t w = 0; w < z->wc; w++)
            for (uint64_t v = qb[w]; v != 0; v &= v - 1) {
                size_t k = 64 * w + (size_t)__builtin_ctzll(v);
                if (k < z->nf && z->fdist[k] > bd) {
                    bd = z->fdist[k];
                    best = (long)k;
                }
            }
        if (best < 0)
            continue;
        used[q] = 1;
        for (size_t p = 0; p < z->nk; p++)
            if (p != q && bit(z->bits + p * z->wc, (size_t)best))
                add_row(z, p, q);
    }
}

static void zh_release(zh *z)
{
    free(z->near);
    free(z->dist);
    free(z->fcol);
    free(z->fdist);
    free(z->krow);
    free(z->ksign);
    free(z->kslack);
    free(z->bits);
    free(z->odd);
    free(z->orig);
    free(z->acc);
    free(z->mark);
    free(z->touched);
    free(z->ccol);
    free(z->cval);
}

long milp_zerohalf(const milp_model *m, const milp_rows *r, const double *x,
                   size_t max_rows, size_t max_cuts, double min_viol,
                   milp_cuts *out)
{
    milp_zh_opts o = {max_rows, max_cuts, min_viol, 1.0, 0, 2.0, 0, 0};
    return milp_zerohalf_opts(m, r, x, &o, out);
}

/* Cosine of cuts a and b of c; sc is zero on entry and on return. */
static double cosine(const milp_cuts *c, size_t a, size_t b, double *sc)
{
    double na = 0.0, nb = 0.0, d = 0.0;
    for (size_t k = c->off[a]; k < c->off[a + 1]; k++) {
        sc[c->col[k]] = c->val[k];
        na += c->val[k] * c->val[k];
    }
    for (size_t k = c->off[b]; k < c->off[b + 1]; k++) {
        d += sc[c->col[k]] * c->val[k];
        nb += c->val[k] * c->val[k];
    }
    for (size_t k = c->off[a]; k < c->off[a + 1]; k++)
        sc[c->col[k]] = 0.0;
    return na > 0.0 && nb > 0.0 ? fabs(d) / sqrt(na * nb) : 0.0;
}

long milp_zerohalf_opts(const milp_model *m, const milp_rows *r,
                        const double *x, const milp_zh_opts *opt,
                        milp_cuts *out)
{
    size_t max_rows = opt->max_rows, max_cuts = opt->max_cuts;
    double min_viol = opt->min_viol;
    zh z;
    memset(&z, 0, sizeof z);
    z.m = m;
    z.r = r;
    z.x = x;
    size_t n = m->ncols ? m->ncols : 1;
    z.near = malloc(n * sizeof *z.near);
    z.dist = malloc(n * sizeof *z.dist);
    z.fcol = malloc(n * sizeof *z.fcol);
    z.acc = calloc(n, sizeof *z.acc);
    z.mark = calloc(n, 1);
    z.touched = malloc(n * sizeof *z.touched);
    z.ccol = malloc(n * sizeof *z.ccol);
    z.cval = malloc(n * sizeof *z.cval);
    long added = -1;
    size_t *count = NULL, *owner = NULL;
    if (z.near == NULL || z.dist == NULL || z.fcol == NULL ||
        z.acc == NULL || z.mark == NULL || z.touched == NULL || z.ccol == NULL ||
        z.cval == NULL)
        goto done;
    for (size_t j = 0; j < m->ncols; j++) {
        double lo = x[j] - m->lb[j], hi = m->ub[j] - x[j];
        z.near[j] = lo <= hi ? m->lb[j] : m->ub[j];
        z.dist[j] = lo <= hi ? (lo > 0.0 ? lo : 0.0) : (hi > 0.0 ? hi : 0.0);
        z.fcol[j] = z.dist[j] > EPS_FRAC ? (long)z.nf++ : -1;
    }
    z.fdist = malloc((z.nf ? z.nf : 1) * sizeof *z.fdist);
    if (z.fdist == NULL)
        goto done;
    for (size_t j = 0; j < m->ncols; j++)
        if (z.fcol[j] >= 0)
            z.fdist[z.fcol[j]] = z.dist[j];
    if (collect(&z, max_rows, opt->max_slack) != 0)
        goto done;
    count = malloc((z.nf ? z.nf : 1) * sizeof *count);
    owner = malloc((z.nf ? z.nf : 1) * sizeof *owner);
    if (count == NULL || owner == NULL)
        goto done;
    fold_singletons(&z, count, owner);
    unsigned char *used = calloc(z.nk + 1, 1);
    if (used == NULL)
        goto done;
    if (opt->elim == 1)
        elim_zero_slack(&z, used);
    else
        elim_columns(&z, used);
    free(used);
    /* rows left with an odd right-hand side: slack of the combination
     * plus the distance of its odd columns below 1 */
    milp_cuts found;
    milp_cuts_init(&found);
    for (size_t q = 0; q < z.nk; q++) {
        if (!z.odd[q])
            continue;
        double s = 0.0;
        const uint64_t *o = z.orig + q * z.wo;
        for (size_t p = 0; p < z.nk && s < 1.0; p++)
            if (bit(o, p))
                s += z.kslack[p];
        if (opt->elim == 1) /* (and the odd columns it keeps) */
            for (size_t k = 0; k < z.nf && s < 1.0; k++)
                if (bit(z.bits + q * z.wc, k))
                    s += z.fdist[k];
        if (!(s < 1.0 - 2.0 * min_viol))
            continue;
        if (make_cut(&z, o, min_viol, opt->max_len, opt->by_efficacy,
                     &found) != 0) {
            milp_cuts_release(&found);
            goto done;
        }
    }
    /* the most violated max_cuts */
    added = 0;
    size_t *kept = malloc((max_cuts ? max_cuts : 1) * sizeof *kept);
    if (kept == NULL) {
        milp_cuts_release(&found);
        added = -1;
        goto done;
    }
    while ((size_t)added < max_cuts) {
        size_t best = found.n;
        for (size_t q = 0; q < found.n; q++)
            if (found.viol[q] > 0.0 &&
                (best == found.n || found.viol[q] > found.viol[best]))
                best = q;
        if (best == found.n)
            break;
        found.viol[best] = 0.0;
        int par = 0; /* (z.acc is zero between uses) */
        for (long u = 0; u < added && !par && opt->max_parallel < 1.0; u++)
            par = cosine(&found, kept[u], best, z.acc) > opt->max_parallel;
        if (par)
            continue;
        size_t a = found.off[best], b = found.off[best + 1];
        double v = -found.rhs[best];
        for (size_t k = a; k < b; k++)
            v += found.val[k] * x[found.col[k]];
        if (cuts_add(out, found.col + a, found.val + a, b - a,
                     found.rhs[best], v) != 0) {
            added = -1;
            break;
        }
        kept[added++] = best;
    }
    free(kept);
    milp_cuts_release(&found);
done:
    free(count);
    free(owner);
    zh_release(&z);
    return added;
}
