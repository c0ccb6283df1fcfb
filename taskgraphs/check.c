/* The schedule checker (check.h): the one judge of feasibility and cost. */
#include "ecsched/check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ecs_violation_key(ecs_violation_kind k)
{
    switch (k) {
#define ECS_VIOLATION_KEY(name, key, desc) case ECS_VIOLATION_##name: return key;
        ECS_VIOLATION_MAP(ECS_VIOLATION_KEY)
#undef ECS_VIOLATION_KEY
    }
    return "unknown";
}

const char *ecs_violation_desc(ecs_violation_kind k)
{
    switch (k) {
#define ECS_VIOLATION_DESC(name, key, desc) case ECS_VIOLATION_##name: return desc;
        ECS_VIOLATION_MAP(ECS_VIOLATION_DESC)
#undef ECS_VIOLATION_DESC
    }
    return "unknown violation";
}

double ecs_check_task_cost(const ecs_platform *p, const double *price,
                           size_t nprice, const ecs_sched_task *t)
{
    return ecs_check_task_cost_len(p, price, NULL, nprice, t);
}

double ecs_check_task_cost_len(const ecs_platform *p, const double *price,
                               const int *slot_len, size_t nprice,
                               const ecs_sched_task *t)
{
    double c = 0.0;
    if (t->pe < 0 || t->freq == NULL)
        return 0.0;
    for (long l = t->start; l <= t->stop; l++) {
        unsigned char k = t->freq[l - t->start];
        if (l >= 0 && (size_t)l < nprice && k < p->nfreq)
            c += p->power_of[k] *
                 (slot_len != NULL ? price[l] * (double)slot_len[l]
                                   : price[l]);
    }
    return c;
}

static ecs_result violate(ecs_check_report *r, ecs_violation_kind kind,
                          size_t task, size_t other, int pe, long slot,
                          const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

static ecs_result violate(ecs_check_report *r, ecs_violation_kind kind,
                          size_t task, size_t other, int pe, long slot,
                          const char *fmt, ...)
{
    r->first.kind = kind;
    r->first.task = task;
    r->first.other = other;
    r->first.pe = pe;
    r->first.slot = slot;
    r->first.site = -1;
    r->first.draw = r->first.cap = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    return ECS_EVIOLATION;
}

/* Per-task checks: scheduled, PE, slots, frequencies, work. */
static ecs_result check_tasks(const ecs_graph *g, const ecs_platform *p,
                              const int *slot_len, size_t nprice,
                              const ecs_schedule *s, ecs_check_report *r)
{
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        long id = g->id[i];
        if (g->work[i] == 0)
            continue;
        if (t->pe < 0 || t->freq == NULL)
            return violate(r, ECS_VIOLATION_UNSCHEDULED, i, (size_t)-1, -1, -1,
                           "task %ld (work %ld) is not scheduled", id,
                           g->work[i]);
        if (t->pe >= p->pes)
            return violate(r, ECS_VIOLATION_PE_RANGE, i, (size_t)-1, t->pe,
                           t->start, "task %ld is on PE %d, but PEs are 0..%d",
                           id, t->pe, p->pes - 1);
        if (t->start < 0 || t->stop < t->start)
            return violate(r, ECS_VIOLATION_SLOT_RANGE, i, (size_t)-1, t->pe,
                           t->start, "task %ld has slots %ld..%ld", id,
                           t->start, t->stop);
        long done = 0;
        int cls = ecs_platform_pe_class(p, t->pe);
        for (long l = t->start; l <= t->stop; l++) {
            unsigned char k = t->freq[l - t->start];
            if (k >= p->nfreq)
                return violate(r, ECS_VIOLATION_FREQUENCY, i, (size_t)-1,
                               t->pe, l,
                               "task %ld on PE %d, slot %ld: frequency not in F",
                               id, t->pe, l);
            /* a slot of length m does m times the work; beyond the
             * prices a slot has length 1 (no_price judges it later) */
            long m = slot_len != NULL && (size_t)l < nprice ? slot_len[l] : 1;
            done += ecs_platform_speed_q(p, cls, k) * m;
        }
        if (done < g->work[i] * p->grid)
            return violate(r, ECS_VIOLATION_WORK, i, (size_t)-1, t->pe,
                           t->stop,
                           "task %ld on PE %d%s%s, slots %ld..%ld: does %.6g of its %ld work units",
                           id, t->pe, p->nclass ? " of class " : "",
                           p->nclass ? p->cls[cls].name : "", t->start,
                           t->stop,
                           (double)done / (double)p->grid, g->work[i]);
    }
    return ECS_OK;
}

typedef struct pe_span {
    int pe;
    long start, stop;
    size_t task;
} pe_span;

static int cmp_span(const void *a, const void *b)
{
    const pe_span *x = a, *y = b;
    if (x->pe != y->pe)
        return x->pe < y->pe ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return (x->task > y->task) - (x->task < y->task);
}

/* PE exclusivity: tasks on one PE, sorted by start, must not overlap. */
static ecs_result check_overlap(const ecs_graph *g, const ecs_schedule *s,
                                pe_span *span, ecs_check_report *r)
{
    size_t m = 0;
    for (size_t i = 0; i < g->n; i++)
        if (g->work[i] > 0) {
            span[m].pe = s->task[i].pe;
            span[m].start = s->task[i].start;
            span[m].stop = s->task[i].stop;
            span[m].task = i;
            m++;
        }
    qsort(span, m, sizeof *span, cmp_span);
    for (size_t k = 1; k < m; k++) {
        const pe_span *a = &span[k - 1], *b = &span[k];
        if (a->pe == b->pe && b->start <= a->stop)
            return violate(r, ECS_VIOLATION_OVERLAP, b->task, a->task, b->pe,
                           b->start,
                           "tasks %ld and %ld both use PE %d in slot %ld",
                           g->id[a->task], g->id[b->task], b->pe, b->start);
    }
    return ECS_OK;
}

/*
 * Precedence, through zero-work tasks: ready[v] is the latest stop of a
 * positive-work ancestor reached through zero-work tasks only, src[v] that
 * ancestor.
 */
static ecs_result check_precedence(const ecs_graph *g, const ecs_schedule *s,
                                   long *ready, size_t *src,
                                   ecs_check_report *r)
{
    for (size_t k = 0; k < g->n; k++) {
        size_t v = g->topo[k];
        ready[v] = -1;
        src[v] = (size_t)-1;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
            size_t u = g->pred[e];
            long t = g->work[u] > 0 ? s->task[u].stop : ready[u];
            size_t from = g->work[u] > 0 ? u : src[u];
            if (t > ready[v]) {
                ready[v] = t;
                src[v] = from;
            }
        }
        if (g->work[v] > 0 && src[v] != (size_t)-1 &&
            s->task[v].start <= ready[v])
            return violate(r, ECS_VIOLATION_PRECEDENCE, v, src[v],
                           s->task[v].pe, s->task[v].start,
                           "task %ld starts on PE %d in slot %ld, but its predecessor %ld stops in slot %ld",
                           g->id[v], s->task[v].pe, s->task[v].start,
                           g->id[src[v]], ready[v]);
    }
    return ECS_OK;
}

static ecs_result check_deadline_and_cost(const ecs_graph *g,
                                          const ecs_platform *p,
                                          const double *price,
                                          const int *slot_len, size_t nprice,
                                          long deadline, const ecs_schedule *s,
                                          ecs_check_report *r)
{
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (g->work[i] > 0 && deadline > 0 && t->stop >= deadline)
            return violate(r, ECS_VIOLATION_DEADLINE, i, (size_t)-1, t->pe,
                           t->stop,
                           "task %ld on PE %d runs until slot %ld, but the deadline D' = %ld allows slots 0..%ld",
                           g->id[i], t->pe, t->stop, deadline, deadline - 1);
    }
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (g->work[i] > 0 && (size_t)t->stop >= nprice)
            return violate(r, ECS_VIOLATION_NO_PRICE, i, (size_t)-1, t->pe,
                           t->stop,
                           "task %ld on PE %d uses slot %ld, but prices cover slots 0..%zu only",
                           g->id[i], t->pe, t->stop, nprice ? nprice - 1 : 0);
        if (g->work[i] > 0)
            r->cost += ecs_check_task_cost_len(p, price, slot_len, nprice, t);
    }
    return ECS_OK;
}

long ecs_check_horizon(const ecs_instance *inst, const ecs_schedule *s)
{
    if (inst->deadline > 0)
        return inst->deadline;
    return s != NULL ? ecs_schedule_makespan(s) : 0;
}

void ecs_check_draw(const ecs_instance *inst, const ecs_schedule *s, long h,
                    double *draw)
{
    const ecs_platform *p = inst->platform;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    double base[ECS_MAX_SITES] = {0};
    for (size_t c = 0; c < p->nclass; c++)
        base[p->cls[c].site] += p->cls[c].count * p->cls[c].idle;
    for (int q = 0; q < nsite; q++)
        for (long l = 0; l < h; l++)
            draw[(size_t)q * (size_t)h + (size_t)l] = base[q];
    for (size_t i = 0; s != NULL && i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        int c = ecs_platform_pe_class(p, t->pe);
        if (c < 0 || t->freq == NULL)
            continue;
        int site = p->nclass ? p->cls[c].site : 0;
        double idle = p->nclass ? p->cls[c].idle : 0.0;
        double *row = draw + (size_t)site * (size_t)h;
        for (long l = t->start; l <= t->stop; l++) {
            unsigned char k = t->freq[l - t->start];
            if (l >= 0 && l < h && k < p->nfreq)
                row[l] += ecs_platform_power(p, c, k) - idle;
        }
    }
}

ecs_result ecs_check_energy_split(const ecs_instance *inst,
                                  const ecs_schedule *s,
                                  ecs_energy_split *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    const ecs_platform *p = inst->platform;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    long h = ecs_check_horizon(inst, s);
    if (h > (long)inst->nprice)
        h = (long)inst->nprice;
    out->horizon = h;
    size_t cells = (size_t)nsite * (size_t)(h > 0 ? h : 1);
    double *draw = malloc(cells * sizeof *draw);
    if (draw == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_check_draw(inst, s, h, draw);
    for (size_t c = 0; c < p->nclass; c++)
        out->idle += (double)h * p->cls[c].count * p->cls[c].idle;
    for (int q = 0; q < nsite; q++)
        for (long l = 0; l < h; l++) {
            double e = draw[(size_t)q * (size_t)h + (size_t)l], grid = 0.0;
            double from[ECS_MAX_SOURCES];
            ecs_instance_slot_cover(inst, q, l, e, from, &grid);
            out->total += e;
            out->grid += grid;
            double gc = grid * ecs_instance_price(inst, q, l);
            out->grid_cost += gc;
            out->cost += gc;
            for (size_t j = 0; j < inst->nsource && j < ECS_MAX_SOURCES;
                 j++) {
                out->source[j] += from[j];
                out->source_cost[j] += from[j] * inst->source[j].price;
                out->cost += from[j] * inst->source[j].price;
            }
        }
    free(draw);
    return ECS_OK;
}

/* The extended model's cost and caps: the draw of every site and slot. */
static ecs_result check_supply(const ecs_instance *inst,
                               const ecs_schedule *s, ecs_check_report *r)
{
    const ecs_platform *p = inst->platform;
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    long h = ecs_check_horizon(inst, s);
    if (h > (long)inst->nprice)
        return violate(r, ECS_VIOLATION_NO_PRICE, 0, (size_t)-1, -1,
                       (long)inst->nprice,
                       "every PE is on until slot %ld, but prices cover slots 0..%zu only",
                       h - 1, inst->nprice ? inst->nprice - 1 : 0);
    size_t cells = (size_t)nsite * (size_t)(h > 0 ? h : 1);
    double *draw = malloc(cells * sizeof *draw);
    if (draw == NULL) {
        snprintf(r->msg, sizeof r->msg, "out of memory");
        return ECS_ENOMEM;
    }
    ecs_check_draw(inst, s, h, draw);
    ecs_result rc = ECS_OK;
    double cost = 0.0;
    for (int q = 0; q < nsite && rc == ECS_OK; q++)
        for (long l = 0; l < h; l++) {
            double e = draw[(size_t)q * (size_t)h + (size_t)l];
            double cap = ecs_instance_cap(inst, q, l);
            /* a relative tolerance: draws are sums of doubles */
            if (e > cap + 1e-9 * (1.0 + fabs(cap))) {
                rc = violate(r, ECS_VIOLATION_POWER_CAP, 0, (size_t)-1, -1, l,
                             "site %s draws %.6g kWh in slot %ld, above its "
                             "cap of %.6g kWh",
                             p->site_name[q][0] ? p->site_name[q] : "0", e, l,
                             cap);
                r->first.site = q;
                r->first.draw = e;
                r->first.cap = cap;
                break;
            }
            cost += ecs_instance_slot_cost(inst, q, l, e);
        }
    free(draw);
    if (rc == ECS_OK)
        r->cost = cost;
    return rc;
}

static ecs_result check_schedule(const ecs_graph *g, const ecs_platform *p,
                                 const double *price, const int *slot_len,
                                 size_t nprice,
                                 long deadline, const ecs_schedule *s,
                                 ecs_check_report *report)
{
    memset(report, 0, sizeof *report);
    report->first.kind = ECS_VIOLATION_NONE;
    report->first.other = (size_t)-1;
    report->first.pe = -1;
    report->first.slot = -1;
    report->first.site = -1;
    if (s->n != g->n) {
        snprintf(report->msg, sizeof report->msg,
                 "the schedule has %zu tasks, the graph %zu", s->n, g->n);
        return ECS_EINVAL;
    }
    ecs_result rc = check_tasks(g, p, slot_len, nprice, s, report);
    if (rc != ECS_OK)
        return rc;
    report->makespan = ecs_schedule_makespan(s);
    report->meets_deadline = deadline <= 0 || report->makespan <= deadline;
    size_t nn = g->n ? g->n : 1;
    pe_span *order = malloc(nn * sizeof *order);
    size_t *src = malloc(nn * sizeof *src);
    long *ready = malloc(nn * sizeof *ready);
    if (!order || !src || !ready) {
        free(order);
        free(src);
        free(ready);
        snprintf(report->msg, sizeof report->msg, "out of memory");
        return ECS_ENOMEM;
    }
    rc = check_overlap(g, s, order, report);
    if (rc == ECS_OK)
        rc = check_precedence(g, s, ready, src, report);
    if (rc == ECS_OK)
        rc = check_deadline_and_cost(g, p, price, slot_len, nprice, deadline,
                                     s, report);
    free(order);
    free(src);
    free(ready);
    return rc;
}

ecs_result ecs_check_schedule(const ecs_instance *inst, const ecs_schedule *s,
                              ecs_check_report *report, ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL) {
        memset(report, 0, sizeof *report);
        snprintf(report->msg, sizeof report->msg,
                 "the instance lacks a graph or a platform");
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "%s", report->msg);
    }
    ecs_result rc = check_schedule(inst->graph, inst->platform, inst->price,
                                   inst->slot_len, inst->nprice,
                                   inst->deadline, s, report);
    if (rc == ECS_OK && ecs_instance_extended(inst))
        rc = check_supply(inst, s, report);
    if (rc != ECS_OK)
        ecs_diag_set(diag, rc, NULL, 0, "%s", report->msg);
    return rc;
}

ecs_result ecs_check_prices(const double *price, size_t nprice,
                            long deadline, ecs_diag *diag)
{
    if (deadline < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the deadline D' must be at least 1, not %ld",
                            deadline);
    if (nprice < (size_t)deadline)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "%zu prices for a deadline of %ld slots", nprice,
                            deadline);
    for (long l = 0; l < deadline; l++)
        if (!isfinite(price[l]))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "the price of slot %ld is not a number", l);
    return ECS_OK;
}
