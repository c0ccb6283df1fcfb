/* The fluid bound of the extended model (docs/MODEL.md "Fluid bound,
 * extended model"): forget the tasks, keep the machine: z_{c,l,k} PEs of
 * class c at f_k in slot l, at most n_c per class and slot, together at
 * least the total work; the draw of every site and slot covered by its
 * sources and the grid, under its cap.  One LP, solved by GLPK's simplex. */
#include "core/glpk_guard.h"
#include "bound_internal.h"
#include "ecsched/bound.h"
#include "ecsched/check.h"

#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bnd_ext_class bnd_ext_class_of(const ecs_platform *p, size_t c)
{
    if (p->nclass == 0)
        return (bnd_ext_class){p->pes, 0, p->freq_q, p->power_of, 0.0};
    const ecs_pe_class *k = &p->cls[c];
    return (bnd_ext_class){k->count, k->site, k->speed_q, k->power_of,
                           k->idle};
}

double bnd_ext_site_idle(const ecs_platform *p, int s)
{
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    double idle_s = 0.0;
    for (size_t c = 0; c < nc; c++) {
        bnd_ext_class cl = bnd_ext_class_of(p, c);
        if (cl.site == s)
            idle_s += cl.count * cl.idle;
    }
    return idle_s;
}

/* What the windows say about slot l and the prefix and suffix of the
 * horizon (docs/MODEL.md "Fluid bound, extended model"): act[l] tasks
 * may run in slot l; pre[t] grid steps of work must be done in slots
 * 0..t and suf[t] in t..D-1 (each task's work less what it can do at the
 * top speed outside). */
static void window_rows(const ecs_instance *inst, const ecs_windows *w,
                        double *act, double *pre, double *suf)
{
    const ecs_platform *p = inst->platform;
    const ecs_graph *g = inst->graph;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    double top = 0.0;
    for (size_t c = 0; c < nc; c++) {
        double v = p->nclass > 0 ? (double)p->cls[c].speed_q[0]
                                 : (double)p->freq_q[0];
        if (v > top)
            top = v;
    }
    for (long l = 0; l < D; l++)
        act[l] = pre[l] = suf[l] = 0.0;
    for (size_t i = 0; i < g->n; i++) {
        long es = w->es[i] < 0 ? 0 : w->es[i];
        long lf = w->lf[i] >= D ? D - 1 : w->lf[i];
        double need = (double)g->work[i] * (double)p->grid;
        for (long l = es; l <= lf; l++) {
            act[l] += 1.0;
            double after = need - top * (double)(lf - l);  /* l+1..lf */
            double before = need - top * (double)(l - es); /* es..l-1 */
            if (after > 0.0)
                pre[l] += after;
            if (before > 0.0)
                suf[l] += before;
        }
        for (long l = lf + 1; l < D; l++)
            pre[l] += need;
        for (long l = 0; l < es; l++)
            suf[l] += need;
    }
}

static ecs_result build_and_solve(const ecs_instance *inst,
                                  const ecs_windows *w, glp_prob *lp,
                                  double *value, int *infeasible)
{
    const ecs_platform *p = inst->platform;
    const ecs_graph *g = inst->graph;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    double work_q = 0.0;
    for (size_t i = 0; i < g->n; i++)
        work_q += (double)g->work[i] * (double)p->grid;
    /* rows: capacity (class, slot), work, cover (site, slot), cap; with
     * the windows: tasks that may run per slot, work done by slot t
     * (A_t = A_{t-1} + work of slot t) and from slot t on (B_t alike) */
    size_t ncap = nc * (size_t)D, ncov = (size_t)nsite * (size_t)D;
    int r_cap = glp_add_rows(lp, (int)ncap);
    int r_work = glp_add_rows(lp, 1);
    int r_cov = glp_add_rows(lp, (int)ncov);
    int r_pc = glp_add_rows(lp, (int)ncov);
    int r_act = 0, r_a = 0, r_b = 0;
    if (w != NULL) {
        double *act = malloc(3 * (size_t)D * sizeof *act);
        if (act == NULL)
            return ECS_ENOMEM;
        double *pre = act + D, *suf = pre + D;
        window_rows(inst, w, act, pre, suf);
        r_act = glp_add_rows(lp, (int)D);
        r_a = glp_add_rows(lp, (int)D);
        r_b = glp_add_rows(lp, (int)D);
        for (long l = 0; l < D; l++) {
            glp_set_row_bnds(lp, r_act + (int)l, GLP_UP, 0, act[l]);
            glp_set_row_bnds(lp, r_a + (int)l, GLP_FX, 0, 0);
            glp_set_row_bnds(lp, r_b + (int)l, GLP_FX, 0, 0);
            /* A_l: -A_l + A_{l-1} + work(l) = 0, A_l >= pre[l] */
            int j = glp_add_cols(lp, 2);
            glp_set_col_bnds(lp, j, GLP_LO, pre[l], 0);
            glp_set_col_bnds(lp, j + 1, GLP_LO, suf[l], 0);
            int ind[3];
            double val[3];
            int n = 0;
            ind[++n] = r_a + (int)l;
            val[n] = -1;
            if (l + 1 < D) {
                ind[++n] = r_a + (int)l + 1;
                val[n] = 1;
            }
            glp_set_mat_col(lp, j, n, ind, val);
            n = 0;
            ind[++n] = r_b + (int)l;
            val[n] = -1;
            if (l > 0) {
                ind[++n] = r_b + (int)l - 1;
                val[n] = 1;
            }
            glp_set_mat_col(lp, j + 1, n, ind, val);
        }
        free(act);
    }
    for (size_t c = 0; c < nc; c++) {
        bnd_ext_class cl = bnd_ext_class_of(p, c);
        for (long l = 0; l < D; l++)
            glp_set_row_bnds(lp, r_cap + (int)(c * (size_t)D + (size_t)l),
                             GLP_UP, 0, cl.count);
    }
    glp_set_row_bnds(lp, r_work, GLP_LO, work_q, 0);
    for (int s = 0; s < nsite; s++) {
        double idle_s = bnd_ext_site_idle(p, s);
        for (long l = 0; l < D; l++) {
            int r = (int)((size_t)s * (size_t)D + (size_t)l);
            glp_set_row_bnds(lp, r_cov + r, GLP_FX, idle_s, idle_s);
            double cap = ecs_instance_cap(inst, s, l);
            if (isfinite(cap))
                glp_set_row_bnds(lp, r_pc + r, GLP_UP, 0, cap - idle_s);
            else
                glp_set_row_bnds(lp, r_pc + r, GLP_FR, 0, 0);
        }
    }
    /* columns: z (class, slot, k), y (site, slot), x (source, slot) */
    for (size_t c = 0; c < nc; c++) {
        bnd_ext_class cl = bnd_ext_class_of(p, c);
        for (long l = 0; l < D; l++)
            for (size_t k = 0; k < p->nfreq; k++) {
                if (cl.sq[k] <= 0)
                    continue;
                int j = glp_add_cols(lp, 1);
                glp_set_col_bnds(lp, j, GLP_LO, 0, 0);
                int ind[8];
                double val[8];
                int n = 0;
                int rc = (int)((size_t)cl.site * (size_t)D + (size_t)l);
                ind[++n] = r_cap + (int)(c * (size_t)D + (size_t)l);
                val[n] = 1;
                ind[++n] = r_work;
                val[n] = (double)cl.sq[k];
                if (w != NULL) {
                    ind[++n] = r_act + (int)l;
                    val[n] = 1;
                    ind[++n] = r_a + (int)l;
                    val[n] = (double)cl.sq[k];
                    ind[++n] = r_b + (int)l;
                    val[n] = (double)cl.sq[k];
                }
                if (cl.pw[k] - cl.idle != 0.0) {
                    ind[++n] = r_cov + rc;
                    val[n] = -(cl.pw[k] - cl.idle);
                    ind[++n] = r_pc + rc;
                    val[n] = cl.pw[k] - cl.idle;
                }
                glp_set_mat_col(lp, j, n, ind, val);
            }
    }
    for (int s = 0; s < nsite; s++)
        for (long l = 0; l < D; l++) {
            int j = glp_add_cols(lp, 1);
            glp_set_col_bnds(lp, j, GLP_LO, 0, 0);
            glp_set_obj_coef(lp, j, ecs_instance_price(inst, s, l));
            int ind[2] = {0, r_cov + (int)((size_t)s * (size_t)D + (size_t)l)};
            double val[2] = {0, 1};
            glp_set_mat_col(lp, j, 1, ind, val);
        }
    for (size_t q = 0; q < inst->nsource; q++) {
        const ecs_source *src = &inst->source[q];
        for (long l = 0; l < D; l++) {
            int j = glp_add_cols(lp, 1);
            double v = src->volume[l];
            if (v > 0.0)
                glp_set_col_bnds(lp, j, GLP_DB, 0, v);
            else
                glp_set_col_bnds(lp, j, GLP_FX, 0, 0);
            glp_set_obj_coef(lp, j, src->price);
            int ind[2] = {0, r_cov + (int)((size_t)src->site * (size_t)D +
                                           (size_t)l)};
            double val[2] = {0, 1};
            glp_set_mat_col(lp, j, 1, ind, val);
        }
    }
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = GLP_MSG_OFF;
    sm.presolve = GLP_ON;
    int ret = glp_simplex(lp, &sm);
    if (ret == GLP_ENOPFS) {
        *infeasible = 1;
        return ECS_OK;
    }
    if (ret != 0)
        return ECS_ESOLVER;
    int st = glp_get_status(lp);
    if (st == GLP_NOFEAS) {
        *infeasible = 1;
        return ECS_OK;
    }
    if (st != GLP_OPT)
        return ECS_ESOLVER;
    double v = glp_get_obj_val(lp);
    /* the simplex's tolerances: keep the bound at or below the optimum */
    *value = v - 1e-10 * (1.0 + fabs(v));
    return ECS_OK;
}

/* ---- the same LP without the windows' rows, by a greedy (docs/MODEL.md
 * "Fluid bound, extended model"), where every price is >= 0 ---- */

/* A piece of a convex curve: amount (grid steps of work or energy) at a
 * rate (energy per step, cost per energy or cost per step). */
typedef bnd_fpiece fpiece;

static int cmp_piece(const void *a, const void *b)
{
    const fpiece *x = a, *y = b;
    return (x->rate > y->rate) - (x->rate < y->rate);
}

/* Whether every grid price of slots 0..D-1 and every source's price is
 * >= 0 (then drawing more never pays and the greedy is exact). */
static int prices_nonneg(const ecs_instance *inst)
{
    const ecs_platform *p = inst->platform;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    for (int s = 0; s < nsite; s++)
        for (long l = 0; l < inst->deadline; l++)
            if (!(ecs_instance_price(inst, s, l) >= 0.0))
                return 0;
    for (size_t q = 0; q < inst->nsource; q++)
        if (!(inst->source[q].price >= 0.0))
            return 0;
    return 1;
}

/* The work segments of site s: per class, the lower convex hull of (0, 0)
 * and (q_{c,k}, P_{c,k} - I_c) (the least extra energy of one PE for a
 * given work in a slot), n_c times each segment; all classes' segments
 * by energy per step (only != BND_EXT_ALL: class `only`'s, once: one
 * PE of it).  Returns how many (at most nc * nfreq), -1 when a
 * rate is negative (the greedy does not apply). */
static int work_pieces(const ecs_platform *p, int s, size_t only,
                       fpiece *out)
{
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int m = 0;
    for (size_t c = 0; c < nc; c++) {
        bnd_ext_class cl = bnd_ext_class_of(p, c);
        if (cl.site != s || (only != BND_EXT_ALL && c != only))
            continue;
        if (only != BND_EXT_ALL)
            cl.count = 1; /* one PE of class `only` */
        double hx[ECS_MAX_FREQS + 1], hy[ECS_MAX_FREQS + 1];
        int h = 0;
        hx[h] = 0.0;
        hy[h++] = 0.0;
        /* speeds rise as k falls */
        for (size_t kk = p->nfreq; kk-- > 0;) {
            if (cl.sq[kk] <= 0)
                continue;
            double x = (double)cl.sq[kk], y = cl.pw[kk] - cl.idle;
            if (h > 0 && x <= hx[h - 1]) {
                if (x == hx[h - 1] && y < hy[h - 1] && h > 1)
                    h--; /* the cheaper of two equal speeds */
                else
                    continue;
            }
            while (h >= 2 && (hx[h - 1] - hx[h - 2]) * (y - hy[h - 2]) -
                                     (hy[h - 1] - hy[h - 2]) * (x - hx[h - 2]) <=
                                 0.0)
                h--;
            hx[h] = x;
            hy[h++] = y;
        }
        for (int j = 1; j < h; j++) {
            double r = (hy[j] - hy[j - 1]) / (hx[j] - hx[j - 1]);
            if (!(r >= 0.0))
                return -1;
            out[m++] = (fpiece){r, (double)cl.count * (hx[j] - hx[j - 1])};
        }
    }
    qsort(out, (size_t)m, sizeof *out, cmp_piece);
    return m;
}

int bnd_ext_energy_pieces(const ecs_instance *inst, int s, long l,
                         double idle, fpiece *out, double *room)
{
    double r = ecs_instance_price(inst, s, l);
    int m = 0;
    for (size_t j = 0; j < inst->nsource; j++) {
        const ecs_source *src = &inst->source[j];
        if (src->site != s || !(src->price < r) || !(src->volume[l] > 0.0))
            continue;
        out[m++] = (fpiece){src->price, src->volume[l]};
    }
    qsort(out, (size_t)m, sizeof *out, cmp_piece);
    out[m++] = (fpiece){r, HUGE_VAL};
    double left = idle;
    int k = 0;
    while (left > 0.0 && k < m) {
        double take = out[k].amount < left ? out[k].amount : left;
        out[k].amount -= take;
        left -= take;
        if (out[k].amount <= 0.0)
            k++;
    }
    *room = ecs_instance_cap(inst, s, l) - idle;
    if (k > 0)
        memmove(out, out + k, (size_t)(m - k) * sizeof *out);
    return m - k;
}

void bnd_ext_pieces_free(bnd_ext_pieces *pc)
{
    free(pc->off);
    free(pc->rate);
    free(pc->amount);
    pc->off = NULL;
    pc->rate = pc->amount = NULL;
}

/* Every slot's cost of work above the idle draw is convex and piecewise
 * linear: the work pieces (work_pieces) priced through the energy pieces
 * (bnd_ext_energy_pieces), within the cap.  Slot by slot, every site's. */
/* Whether site s pays a negative price in slot l (its grid's or a
 * source's with volume there): drawing more can pay. */
static int slot_negative(const ecs_instance *inst, int s, long l)
{
    if (!(ecs_instance_price(inst, s, l) >= 0.0))
        return 1;
    for (size_t q = 0; q < inst->nsource; q++)
        if (inst->source[q].site == s && inst->source[q].volume[l] > 0.0 &&
            !(inst->source[q].price >= 0.0))
            return 1;
    return 0;
}

/* The most extra draw of site s in a slot: every PE at its largest
 * power above idle. */
static double site_max_extra(const ecs_platform *p, int s)
{
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    double most = 0.0;
    for (size_t c = 0; c < nc; c++) {
        bnd_ext_class cl = bnd_ext_class_of(p, c);
        if (cl.site != s)
            continue;
        double m = 0.0;
        for (size_t k = 0; k < p->nfreq; k++)
            if (cl.pw[k] - cl.idle > m)
                m = cl.pw[k] - cl.idle;
        most += cl.count * m;
    }
    return most;
}

/* The least cost of site s in slot l over the draws idle .. idle + most:
 * the cover is convex and piecewise linear, so its least is at an end or
 * at a breakpoint, where the sources above the idle draw (en[0..ne-1],
 * bnd_ext_energy_pieces) run out. */
static double slot_least(const ecs_instance *inst, int s, long l,
                         double idle, double most, const fpiece *en, int ne)
{
    double best = ecs_instance_slot_cost(inst, s, l, idle);
    double top = ecs_instance_slot_cost(inst, s, l, idle + most);
    if (top < best)
        best = top;
    double e = 0.0;
    for (int k = 0; k < ne && en[k].amount < HUGE_VAL; k++) {
        e += en[k].amount;
        if (e >= most)
            break;
        double v = ecs_instance_slot_cost(inst, s, l, idle + e);
        if (v < best)
            best = v;
    }
    return best;
}

int bnd_ext_pieces_make(const ecs_instance *inst, int relax,
                        bnd_ext_pieces *pc)
{
    return bnd_ext_pieces_make_class(inst, relax, BND_EXT_ALL, pc);
}

int bnd_ext_pieces_make_class(const ecs_instance *inst, int relax,
                              size_t only, bnd_ext_pieces *pc)
{
    memset(pc, 0, sizeof *pc);
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    size_t nc = p->nclass > 0 ? p->nclass : 1;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    pc->D = D;
    if (!relax && !prices_nonneg(inst))
        return -2;
    size_t per = nc * p->nfreq + inst->nsource + 1;
    size_t most = (size_t)nsite * (size_t)D * 2 * per + 1;
    pc->off = malloc(((size_t)D + 1) * sizeof *pc->off);
    pc->rate = malloc(most * sizeof *pc->rate);
    pc->amount = malloc(most * sizeof *pc->amount);
    fpiece *wk = malloc((size_t)nsite * nc * p->nfreq * sizeof *wk + 1);
    int *nw = malloc((size_t)nsite * sizeof *nw);
    double *idle = malloc((size_t)nsite * sizeof *idle);
    fpiece *en = malloc((inst->nsource + 1) * sizeof *en);
    int rc = 0;
    if (!pc->off || !pc->rate || !pc->amount || !wk || !nw || !idle || !en) {
        rc = -1;
        goto out;
    }
    for (int s = 0; s < nsite && rc == 0; s++) {
        idle[s] = bnd_ext_site_idle(p, s);
        nw[s] = work_pieces(p, s, only, wk + (size_t)s * nc * p->nfreq);
        if (nw[s] < 0)
            rc = -2;
    }
    size_t na = 0;
    for (long l = 0; l < D && rc == 0; l++) {
        pc->off[l] = na;
        for (int s = 0; s < nsite && rc == 0; s++) {
            double room;
            int ne = bnd_ext_energy_pieces(inst, s, l, idle[s], en, &room);
            double cap = ecs_instance_cap(inst, s, l);
            if (room < -1e-9 * (1.0 + fabs(cap))) {
                rc = 1;
                break;
            }
            /* a negative price (relax): the slot's least cost over every
             * draw it can make, its work free */
            int neg = relax && slot_negative(inst, s, l);
            size_t na0 = na;
            if (neg) {
                double extra = site_max_extra(p, s);
                if (room < extra)
                    extra = room > 0.0 ? room : 0.0;
                pc->base += slot_least(inst, s, l, idle[s], extra, en, ne);
            } else {
                pc->base += ecs_instance_slot_cost(inst, s, l, idle[s]);
            }
            const fpiece *ws = wk + (size_t)s * nc * p->nfreq;
            /* walk the work pieces through the energy pieces */
            int j = 0;
            double eleft = ne > 0 ? en[0].amount : 0.0;
            for (int w = 0; w < nw[s] && room > 0.0; w++) {
                double steps = ws[w].amount, r = ws[w].rate;
                while (steps > 0.0 && room > 0.0 && j < ne) {
                    if (r <= 0.0) { /* free work */
                        pc->rate[na] = 0.0;
                        pc->amount[na++] = steps;
                        steps = 0.0;
                        break;
                    }
                    double e = steps * r;
                    if (e > room)
                        e = room;
                    if (e > eleft)
                        e = eleft;
                    pc->rate[na] = r * en[j].rate;
                    pc->amount[na++] = e / r;
                    steps -= e / r;
                    room -= e;
                    eleft -= e;
                    if (eleft <= 0.0 && ++j < ne)
                        eleft = en[j].amount;
                }
            }
            if (neg)
                for (size_t q = na0; q < na; q++)
                    pc->rate[q] = 0.0;
        }
    }
    if (rc == 0)
        pc->off[D] = na;
out:
    free(wk);
    free(nw);
    free(idle);
    free(en);
    if (rc != 0)
        bnd_ext_pieces_free(pc);
    return rc;
}

/* The LP without the windows' rows: the slots are coupled by the total
 * work only, so taking the cheapest pieces (bnd_ext_pieces_make) over all
 * slots until the work is done is optimal.  With relax, a slot that pays
 * a negative price at its least cost over every draw (a lower bound, no
 * longer the LP's optimum).  OK with *value (HUGE_VAL: no solution),
 * EUNSUPPORTED when a rate is negative (or a price, unless relax),
 * ENOMEM. */
static ecs_result fluid_greedy(const ecs_instance *inst, int relax,
                               double *value)
{
    *value = NAN;
    const ecs_graph *g = inst->graph;
    double need = 0.0;
    for (size_t i = 0; i < g->n; i++)
        need += (double)g->work[i] * (double)inst->platform->grid;
    bnd_ext_pieces pc;
    int prc = bnd_ext_pieces_make(inst, relax, &pc);
    if (prc == 1) {
        *value = HUGE_VAL;
        return ECS_OK;
    }
    if (prc != 0)
        return prc == -2 ? ECS_EUNSUPPORTED : ECS_ENOMEM;
    size_t na = pc.off[pc.D];
    fpiece *all = malloc((na + 1) * sizeof *all);
    if (all == NULL) {
        bnd_ext_pieces_free(&pc);
        return ECS_ENOMEM;
    }
    for (size_t k = 0; k < na; k++)
        all[k] = (fpiece){pc.rate[k], pc.amount[k]};
    qsort(all, na, sizeof *all, cmp_piece);
    double left = need, v = pc.base;
    for (size_t k = 0; k < na && left > 0.0; k++) {
        double take = all[k].amount < left ? all[k].amount : left;
        v += take * all[k].rate;
        left -= take;
    }
    *value = left > 1e-9 * (1.0 + need) ? HUGE_VAL
                                        : v - 1e-10 * (1.0 + fabs(v));
    free(all);
    bnd_ext_pieces_free(&pc);
    return ECS_OK;
}

ecs_result bnd_ext_check_input(const ecs_instance *inst, const double *value,
                              ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL ||
        value == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "missing input");
    if (inst->deadline < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no deadline");
    return ECS_OK;
}

/* Every cost is >= 0 where every price is: a value the simplex's or the
 * greedy's margin put below 0 is 0. */
static void clamp_at_zero(const ecs_instance *inst, double *value)
{
    if (*value < 0.0 && prices_nonneg(inst))
        *value = 0.0;
}

ecs_result ecs_bound_fluid_ext_greedy(const ecs_instance *inst, double *value,
                                      ecs_diag *diag)
{
    ecs_result rc = bnd_ext_check_input(inst, value, diag);
    if (rc != ECS_OK)
        return rc;
    rc = fluid_greedy(inst, 0, value);
    if (rc == ECS_EUNSUPPORTED)
        return ecs_diag_set(diag, rc, NULL, 0,
                            "the fluid greedy needs prices >= 0 and powers "
                            "at least the idle draw");
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, NULL, 0, "out of memory");
    return ECS_OK;
}

ecs_result bnd_ext_windows(const ecs_instance *inst, ecs_windows *own,
                           const ecs_windows **w, int *empty)
{
    memset(own, 0, sizeof *own);
    *w = NULL;
    *empty = 0;
    if (inst->windows.es != NULL && inst->windows.n == inst->graph->n) {
        *w = &inst->windows;
        *empty = inst->windows_empty;
        return ECS_OK;
    }
    ecs_result rc = ecs_windows_compute_platform(
        inst->graph, inst->platform, inst->deadline, own, empty, NULL);
    if (rc == ECS_OK)
        *w = own;
    return rc == ECS_ENOMEM ? rc : ECS_OK;
}

/* The LP's columns (classes x slots x frequencies) above which the
 * windows' rows are left out and the greedy solves the LP without them
 * (docs/MODEL.md "Fluid bound, extended model"). */
#define FLUID_EXT_LP_MAX_COLUMNS 12000.0

ecs_result ecs_bound_fluid_ext(const ecs_instance *inst, double *value,
                               ecs_diag *diag)
{
    ecs_result rc = bnd_ext_check_input(inst, value, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_windows own;
    const ecs_windows *w = NULL;
    int empty = 0;
    bnd_ext_windows(inst, &own, &w, &empty);
    if (w != NULL && empty) {
        ecs_windows_release(&own);
        *value = HUGE_VAL; /* the critical path exceeds D' */
        return ECS_OK;
    }
    size_t ncl = inst->platform->nclass > 0 ? inst->platform->nclass : 1;
    if ((double)ncl * (double)inst->deadline * (double)inst->platform->nfreq >
        FLUID_EXT_LP_MAX_COLUMNS) {
        /* with a negative price the relaxed greedy: the LP at this size
         * took 31 s of a 10 s limit (fork-join, 1,000 tasks, three
         * sites) */
        ecs_result grc = fluid_greedy(inst, 1, value);
        if (grc != ECS_EUNSUPPORTED) {
            ecs_windows_release(&own);
            if (grc != ECS_OK)
                return ecs_diag_set(diag, grc, NULL, 0, "out of memory");
            clamp_at_zero(inst, value);
            return ECS_OK;
        }
    }
    glpk_guard gd;
    rc = glpk_guard_begin(&gd, 0, diag);
    if (rc != ECS_OK) {
        ecs_windows_release(&own);
        return rc;
    }
    glp_prob *volatile lp = NULL;
    if (setjmp(gd.jb) != 0) {
        ecs_windows_release(&own);
        return glpk_guard_failed(&gd, diag);
    }
    glpk_guard_arm(&gd);
    lp = glp_create_prob();
    int infeasible = 0;
    *value = NAN;
    rc = build_and_solve(inst, w, lp, value, &infeasible);
    glp_delete_prob(lp);
    glpk_guard_end(&gd);
    ecs_windows_release(&own);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, NULL, 0,
                            "GLPK could not solve the fluid LP");
    if (infeasible)
        *value = HUGE_VAL; /* no schedule at all: every cost is above */
    else
        clamp_at_zero(inst, value);
    return ECS_OK;
}
