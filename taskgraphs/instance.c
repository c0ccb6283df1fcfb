/* One scheduling problem (instance.h): what it borrows, what it derives. */
#include "ecsched/instance.h"

#include "ecsched/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ecs_deadline_rule_name(ecs_deadline_rule r)
{
    switch (r) {
    case ECS_DEADLINE_GIVEN:
        return "given";
    case ECS_DEADLINE_EXTENSION:
        return "extension";
    }
    return "unknown";
}

void ecs_instance_init(ecs_instance *inst, const ecs_graph *g,
                       const ecs_platform *p, const double *price,
                       size_t nprice, long deadline)
{
    memset(inst, 0, sizeof *inst);
    inst->graph = g;
    inst->platform = p;
    inst->price = price;
    inst->nprice = nprice;
    inst->deadline = deadline;
    inst->rule = ECS_DEADLINE_GIVEN;
}

int ecs_instance_extended(const ecs_instance *inst)
{
    return inst->platform->nclass > 0 || inst->site != NULL ||
           inst->nsource > 0;
}

ecs_result ecs_instance_require_uniform(const ecs_instance *inst,
                                        const char *method, ecs_diag *diag)
{
    if (inst == NULL || inst->slot_len == NULL)
        return ECS_OK;
    return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                        "%s handles slots of one length only (a slot does one work unit at f = 1); use milp or solve for slots of different lengths",
                        method);
}

ecs_result ecs_instance_require_paper(const ecs_instance *inst,
                                      const char *method, ecs_diag *diag)
{
    if (inst != NULL && inst->slot_len != NULL)
        return ecs_instance_require_uniform(inst, method, diag);
    if (inst == NULL || inst->platform == NULL || !ecs_instance_extended(inst))
        return ECS_OK;
    return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                        "%s handles the paper's platform only (identical PEs, one price, no sources, no cap); use milp, solve or heuristic --mode local for this platform",
                        method);
}

ecs_result ecs_instance_require_no_due(const ecs_instance *inst,
                                       const char *method, ecs_diag *diag)
{
    if (inst == NULL || inst->due == NULL)
        return ECS_OK;
    return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                        "%s does not handle tasks with a latest last slot "
                        "(a re-plan's fixed prefix); use local or milp",
                        method);
}

double ecs_instance_price(const ecs_instance *inst, int site, long l)
{
    if (inst->site != NULL && inst->site[site].price != NULL)
        return inst->site[site].price[l];
    return inst->price[l];
}

double ecs_instance_cap(const ecs_instance *inst, int site, long l)
{
    if (inst->site != NULL && inst->site[site].cap != NULL)
        return inst->site[site].cap[l];
    return INFINITY;
}

size_t ecs_instance_slot_sources(const ecs_instance *inst, int site, long l,
                                 size_t order[])
{
    double r = ecs_instance_price(inst, site, l);
    size_t m = 0;
    for (size_t j = 0; j < inst->nsource && j < ECS_MAX_SOURCES; j++) {
        const ecs_source *src = &inst->source[j];
        if (src->site != site || !(src->price < r) ||
            !(src->volume[l] > 0.0))
            continue;
        size_t q = m++; /* insertion by price, then by index */
        while (q > 0 && inst->source[order[q - 1]].price > src->price) {
            order[q] = order[q - 1];
            q--;
        }
        order[q] = j;
    }
    return m;
}

double ecs_instance_slot_cover(const ecs_instance *inst, int site, long l,
                               double e, double *from_source, double *grid)
{
    double r = ecs_instance_price(inst, site, l);
    size_t order[ECS_MAX_SOURCES];
    for (size_t j = 0; from_source != NULL && j < inst->nsource &&
                       j < ECS_MAX_SOURCES; j++)
        from_source[j] = 0.0;
    size_t m = ecs_instance_slot_sources(inst, site, l, order);
    double left = e > 0.0 ? e : 0.0, cost = 0.0;
    for (size_t q = 0; q < m && left > 0.0; q++) {
        const ecs_source *src = &inst->source[order[q]];
        double take = src->volume[l] < left ? src->volume[l] : left;
        cost += take * src->price;
        left -= take;
        if (from_source != NULL)
            from_source[order[q]] = take;
    }
    if (grid != NULL)
        *grid = left;
    return cost + left * r;
}

double ecs_instance_slot_cost(const ecs_instance *inst, int site, long l,
                              double e)
{
    if (inst->nsource == 0)
        return (e > 0.0 ? e : 0.0) * ecs_instance_price(inst, site, l);
    return ecs_instance_slot_cover(inst, site, l, e, NULL, NULL);
}

static ecs_result validate_extended(const ecs_instance *inst, ecs_diag *diag)
{
    const ecs_platform *p = inst->platform;
    long D = inst->deadline;
    if (inst->nsource > ECS_MAX_SOURCES || (inst->nsource > 0 &&
                                            inst->source == NULL))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "at most %d energy sources", ECS_MAX_SOURCES);
    for (int s = 0; inst->site != NULL && s < p->nsite; s++) {
        const char *nm = p->site_name[s][0] ? p->site_name[s] : "0";
        for (long l = 0; l < D; l++) {
            if (inst->site[s].price != NULL &&
                !isfinite(inst->site[s].price[l]))
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "site %s: the price of slot %ld is not a number",
                                    nm, l);
            if (inst->site[s].cap != NULL &&
                !(inst->site[s].cap[l] >= 0.0))
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "site %s: the power cap of slot %ld must be >= 0",
                                    nm, l);
        }
    }
    for (size_t j = 0; j < inst->nsource; j++) {
        const ecs_source *src = &inst->source[j];
        if (src->site < 0 || src->site >= p->nsite || src->volume == NULL ||
            !isfinite(src->price))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "source %s: no site, no volume or a price that is not a number",
                                src->name);
        for (long l = 0; l < D; l++)
            if (!isfinite(src->volume[l]) || src->volume[l] < 0.0)
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "source %s: the volume of slot %ld must be a number >= 0",
                                    src->name, l);
    }
    return ECS_OK;
}

ecs_result ecs_instance_validate(const ecs_instance *inst, ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL ||
        inst->price == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the instance lacks a graph, a platform or prices");
    ecs_result rc = ecs_platform_validate(inst->platform, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    for (size_t i = 0; i < g->n; i++)
        if (g->work[i] < 1)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: contract the graph first",
                                g->id[i]);
    rc = ecs_check_prices(inst->price, inst->nprice, inst->deadline, diag);
    for (size_t i = 0; rc == ECS_OK && inst->due != NULL && i < g->n; i++)
        if (inst->due[i] < g->work[i] - 1 || inst->due[i] >= inst->deadline)
            rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                              "task %ld: due slot %ld outside %ld .. %ld "
                              "(its work less 1 .. D' - 1)",
                              g->id[i], inst->due[i], g->work[i] - 1,
                              inst->deadline - 1);
    if (rc == ECS_OK && ecs_instance_extended(inst))
        rc = validate_extended(inst, diag);
    if (rc != ECS_OK || inst->slot_len == NULL)
        return rc;
    if (ecs_instance_extended(inst))
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                            "slots of different lengths are supported on the paper's platform only (identical PEs, one price, no sources, no cap)");
    if (inst->due != NULL)
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                            "slots of different lengths with tasks due by a slot (a re-plan's fixed prefix) are not supported");
    for (size_t l = 0; l < inst->nprice; l++)
        if (inst->slot_len[l] < 1 || inst->slot_len[l] > ECS_SLOT_LEN_MAX)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "slot %zu has length %d units; lengths are 1..%d",
                                l, inst->slot_len[l], ECS_SLOT_LEN_MAX);
    return ECS_OK;
}

long ecs_instance_slot_len(const ecs_instance *inst, long l)
{
    return inst->slot_len != NULL ? inst->slot_len[l] : 1;
}

ecs_result ecs_windows_compute_instance(const ecs_instance *inst,
                                        const ecs_graph *g, ecs_windows *w,
                                        int *empty, ecs_diag *diag)
{
    if (inst->slot_len == NULL)
        return ecs_windows_compute_platform(g, inst->platform, inst->deadline,
                                            w, empty, diag);
    long longest = 1;
    for (long l = 0; l < inst->deadline && (size_t)l < inst->nprice; l++)
        if (inst->slot_len[l] > longest)
            longest = inst->slot_len[l];
    /* g's structure with the fewest slots each task can take as works */
    ecs_graph h = *g;
    h.work = malloc((g->n ? g->n : 1) * sizeof *h.work);
    if (h.work == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < g->n; i++)
        h.work[i] = (g->work[i] + longest - 1) / longest;
    ecs_result rc = ecs_windows_compute_platform(&h, inst->platform,
                                                 inst->deadline, w, empty,
                                                 diag);
    free(h.work);
    return rc;
}

/* lf_i <= due[i], then lf_a <= lf_b - w_b along the edges (reverse
 * topological order); a window shorter than its work is empty.  A task
 * takes at least its work in slots only on the paper's platform, where
 * due is honoured (classes: only the clamp). */
static void windows_due(ecs_instance *inst)
{
    const ecs_graph *g = inst->reduced;
    ecs_windows *w = &inst->windows;
    int paper = !ecs_instance_extended(inst);
    for (size_t i = 0; i < g->n; i++)
        if (inst->due[i] < w->lf[i])
            w->lf[i] = inst->due[i];
    for (size_t q = g->n; paper && q-- > 0;) {
        size_t b = g->topo[q];
        for (size_t x = g->pred_off[b]; x < g->pred_off[b + 1]; x++) {
            size_t a = g->pred[x];
            if (w->lf[b] - g->work[b] < w->lf[a])
                w->lf[a] = w->lf[b] - g->work[b];
        }
    }
    for (size_t i = 0; paper && i < g->n; i++)
        if (w->lf[i] - w->es[i] + 1 < g->work[i])
            inst->windows_empty = 1;
}

ecs_result ecs_instance_prepare(ecs_instance *inst, ecs_diag *diag)
{
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK || inst->reduced != NULL)
        return rc;
    ecs_graph *red = NULL;
    if (ecs_graph_transitive_reduction(inst->graph, &red, NULL) != ECS_OK)
        red = NULL; /* too large or out of memory: the graph itself */
    rc = ecs_windows_compute_instance(inst, red ? red : inst->graph,
                                      &inst->windows, &inst->windows_empty,
                                      diag);
    if (rc != ECS_OK) {
        ecs_graph_free(red);
        return rc;
    }
    inst->reduced_owned_ = red;
    inst->reduced = red ? red : inst->graph;
    if (inst->due != NULL)
        windows_due(inst);
    return ECS_OK;
}

const ecs_graph *ecs_instance_solver_graph(const ecs_instance *inst)
{
    return inst->reduced != NULL ? inst->reduced : inst->graph;
}

void ecs_instance_release(ecs_instance *inst)
{
    if (inst == NULL)
        return;
    ecs_windows_release(&inst->windows);
    ecs_graph_free(inst->reduced_owned_);
    inst->reduced_owned_ = NULL;
    inst->reduced = NULL;
    memset(&inst->windows, 0, sizeof inst->windows);
    inst->windows_empty = 0;
}

/* ---- the view without what cannot bind (instance.h) ---- */

/* The least and the most a site draws in a slot: every PE idle, plus at
 * most min(count, tasks) PEs of each class busy at their largest draw. */
static void site_draw_range(const ecs_platform *p, size_t ntask, int site,
                            double *lo, double *hi)
{
    *lo = *hi = 0.0;
    if (p->nclass == 0) { /* the paper's platform: one site, no idle */
        double top = 0.0;
        for (size_t k = 0; k < p->nfreq; k++)
            if (p->power_of[k] > top)
                top = p->power_of[k];
        size_t busy = (size_t)p->pes < ntask ? (size_t)p->pes : ntask;
        *hi = (double)busy * top;
        return;
    }
    for (size_t c = 0; c < p->nclass; c++) {
        const ecs_pe_class *q = &p->cls[c];
        if (q->site != site)
            continue;
        double top = q->idle;
        for (size_t k = 0; k < p->nfreq; k++)
            if (q->power_of[k] > top)
                top = q->power_of[k];
        size_t busy = (size_t)q->count < ntask ? (size_t)q->count : ntask;
        *lo += q->count * q->idle;
        *hi += q->count * q->idle + (double)busy * (top - q->idle);
    }
}

/* 1 when source j is of use in some slot of 0..D-1: volume there and
 * cheaper than its site's grid. */
static int source_of_use(const ecs_instance *inst, size_t j)
{
    const ecs_source *src = &inst->source[j];
    for (long l = 0; l < inst->deadline; l++)
        if (src->volume[l] > 0.0 &&
            src->price < ecs_instance_price(inst, src->site, l))
            return 1;
    return 0;
}

/* The slope of site s's slot cost in slot l when it is linear on 0..hi
 * (the cheapest useful sources cover hi, or none is useful), else NAN. */
static double linear_slope(const ecs_instance *inst, int s, long l, double hi)
{
    double r = ecs_instance_price(inst, s, l), best = r, vol = 0.0;
    for (size_t j = 0; j < inst->nsource; j++) {
        const ecs_source *src = &inst->source[j];
        if (src->site != s || !(src->volume[l] > 0.0) || !(src->price < r))
            continue;
        if (src->price < best) {
            best = src->price;
            vol = 0.0;
        }
        if (src->price == best)
            vol += src->volume[l];
    }
    return best == r || vol >= hi ? best : NAN;
}

/* The view's sites: linear ones get their slope as price (*linear[s] = 1)
 * and sources of no use are dropped. */
static ecs_result view_sites(const ecs_instance *inst, ecs_instance_view *v,
                             int *linear, ecs_diag *diag)
{
    const ecs_platform *p = inst->platform;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    size_t ntask = inst->graph->n;
    for (int s = 0; s < nsite && s < ECS_MAX_SITES; s++) {
        double lo, hi;
        site_draw_range(p, ntask, s, &lo, &hi);
        if (inst->site != NULL)
            v->site[s] = inst->site[s];
        const double *cap = v->site[s].cap;
        int cap_binds = 0;
        for (long l = 0; cap != NULL && l < inst->deadline; l++)
            cap_binds |= cap[l] < hi;
        if (cap != NULL && !cap_binds) {
            v->site[s].cap = NULL;
            v->caps_dropped++;
        }
        int has_source = 0;
        for (size_t j = 0; j < inst->nsource; j++)
            has_source |= inst->source[j].site == s;
        linear[s] = 1;
        int same = 1;
        for (long l = 0; has_source && linear[s] && l < inst->deadline; l++) {
            double k = linear_slope(inst, s, l, hi);
            linear[s] = !isnan(k);
            same &= k == ecs_instance_price(inst, s, l);
        }
        if (!has_source || !linear[s] || same)
            continue;
        double *pr = malloc(inst->nprice * sizeof *pr);
        if (pr == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        for (size_t l = 0; l < inst->nprice; l++)
            pr[l] = (long)l < inst->deadline
                        ? linear_slope(inst, s, (long)l, hi)
                        : ecs_instance_price(inst, s, (long)l);
        v->price_owned_[s] = pr;
        v->site[s].price = pr;
        v->linear_sites++;
    }
    return ECS_OK;
}

/* One class at one site, speed f, no idle, the instance's prices and
 * nothing else: the paper's platform with the class's energies. */
static void view_paper(ecs_instance_view *v)
{
    ecs_platform *q = &v->platform;
    ecs_instance *in = &v->inst;
    if (in->nsource > 0 || q->nclass > 1 || q->nsite > 1)
        return;
    if (in->site != NULL && in->site[0].cap != NULL)
        return;
    if (q->nclass == 1) {
        const ecs_pe_class *c = &q->cls[0];
        if (c->idle != 0.0)
            return;
        for (size_t k = 0; k < q->nfreq; k++)
            if (c->speed_q[k] != q->freq_q[k])
                return;
        q->pes = c->count;
        for (size_t k = 0; k < q->nfreq; k++)
            q->power_of[k] = c->power_of[k];
        q->nclass = 0;
        memset(&q->cls[0], 0, sizeof q->cls[0]);
    }
    if (in->site != NULL && in->site[0].price != NULL)
        in->price = in->site[0].price;
    in->site = NULL;
    in->source = NULL;
    v->paper = 1;
    v->changed = 1;
}

ecs_result ecs_instance_view_make(const ecs_instance *inst,
                                  ecs_instance_view *v, ecs_diag *diag)
{
    memset(v, 0, sizeof *v);
    v->inst = *inst;
    v->inst.reduced_owned_ = NULL;
    v->platform = *inst->platform;
    v->inst.platform = &v->platform;
    if (!ecs_instance_extended(inst) || inst->graph == NULL)
        return ECS_OK;
    int linear[ECS_MAX_SITES] = {0};
    ecs_result rc = view_sites(inst, v, linear, diag);
    if (rc != ECS_OK) {
        ecs_instance_view_release(v);
        return rc;
    }
    size_t m = 0;
    for (size_t j = 0; j < inst->nsource && j < ECS_MAX_SOURCES; j++) {
        const ecs_source *src = &inst->source[j];
        if (linear[src->site] || !source_of_use(inst, j))
            v->sources_dropped++;
        else
            v->source[m++] = *src;
    }
    v->inst.source = v->source;
    v->inst.nsource = m;
    if (inst->site != NULL || v->linear_sites > 0)
        v->inst.site = v->site;
    v->changed = v->sources_dropped > 0 || v->caps_dropped > 0 ||
                 v->linear_sites > 0;
    if (v->inst.site != NULL) { /* a site with nothing of its own: none */
        int plain = 1;
        for (int s = 0; s < v->platform.nsite && s < ECS_MAX_SITES; s++)
            plain &= v->site[s].price == NULL && v->site[s].cap == NULL;
        if (plain)
            v->inst.site = NULL;
    }
    view_paper(v);
    return ECS_OK;
}

void ecs_instance_view_release(ecs_instance_view *v)
{
    if (v == NULL)
        return;
    for (int s = 0; s < ECS_MAX_SITES; s++) {
        free(v->price_owned_[s]);
        v->price_owned_[s] = NULL;
    }
}
