/* The greedy mapper of the budget heuristic (docs/MODEL.md "Heuristic"): input
 * checks, the workspace, one mapping at one budget. */
#include "heur_internal.h"

#include "ecsched/check.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static ecs_result check_graph(const ecs_graph *g, const ecs_platform *p,
                              const ecs_schedule *base, ecs_diag *diag)
{
    if (base->n != g->n)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the base schedule has %zu tasks, the graph %zu",
                            base->n, g->n);
    for (size_t i = 0; i < g->n; i++) {
        if (g->work[i] <= 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: the heuristic needs a "
                                "contracted graph", g->id[i]);
        if (g->work[i] > LONG_MAX / p->grid)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld: work %ld is too large", g->id[i],
                                g->work[i]);
    }
    return ECS_OK;
}

/* The base must pass the checker with deadline D'. */
static ecs_result check_base(const ecs_instance *inst,
                             const ecs_schedule *base, double *cost,
                             ecs_diag *diag)
{
    ecs_check_report rep;
    ecs_result rc = ecs_check_schedule(inst, base, &rep, NULL);
    if (rc == ECS_OK) {
        *cost = rep.cost;
        return ECS_OK;
    }
    if (rc == ECS_EVIOLATION && rep.first.kind == ECS_VIOLATION_DEADLINE)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the deadline D' = %ld is below the base makespan "
                            "M = %ld: the heuristic keeps the base's PEs and "
                            "order and cannot meet it",
                            inst->deadline, rep.makespan);
    return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                        "the base schedule is not feasible: %s", rep.msg);
}

/* C+ (heuristic.h, "Budget range"). */
static double budget_base(const ecs_graph *g, const ecs_platform *p,
                          const double *price, long deadline,
                          const ecs_schedule *base)
{
    double plus = 0.0;
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &base->task[i];
        for (long l = t->start; l <= t->stop; l++)
            plus += p->power_of[t->freq[l - t->start]] * fabs(price[l]);
    }
    if (plus > 0.0)
        return plus;
    double all = 0.0;
    for (long l = 0; l < deadline; l++)
        all += fabs(price[l]);
    return (double)p->pes * p->power_of[0] * all;
}

ecs_result heur_check_inputs(const ecs_instance *inst,
                             const ecs_schedule *base, double *base_cost,
                             double *plus, ecs_diag *diag)
{
    if (inst == NULL || inst->graph == NULL || inst->platform == NULL ||
        inst->price == NULL || base == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "graph, platform, prices and base are required");
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    const double *price = inst->price;
    long deadline = inst->deadline;
    double cost = 0.0;
    ecs_result rc = check_graph(g, p, base, diag);
    if (rc == ECS_OK)
        rc = ecs_check_prices(price, inst->nprice, deadline, diag);
    if (rc == ECS_OK)
        rc = check_base(inst, base, &cost, diag);
    if (rc != ECS_OK)
        return rc;
    if (base_cost != NULL)
        *base_cost = cost;
    if (plus != NULL)
        *plus = budget_base(g, p, price, deadline, base);
    return ECS_OK;
}

typedef struct order_key {
    long start;
    int pe;
    long id;
    size_t i;
} order_key;

static int order_cmp(const void *a, const void *b)
{
    const order_key *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->pe != y->pe)
        return x->pe < y->pe ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

/* The greedy order: base start, then PE, then STG id.  Every predecessor
 * (graph or PE) starts earlier in the base, so the first unplaced task in
 * this order is always ready and is the ready task that docs/MODEL.md
 * "Heuristic" picks. */
static ecs_result make_order(heur_ws *ws, const ecs_schedule *base)
{
    size_t n = ws->g->n;
    order_key *k = malloc((n ? n : 1) * sizeof *k);
    if (k == NULL)
        return ECS_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        k[i].start = base->task[i].start;
        k[i].pe = base->task[i].pe;
        k[i].id = ws->g->id[i];
        k[i].i = i;
        ws->pe[i] = base->task[i].pe;
    }
    qsort(k, n, sizeof *k, order_cmp);
    for (size_t i = 0; i < n; i++)
        ws->order[i] = k[i].i;
    free(k);
    return ECS_OK;
}

static int buf_alloc(heur_map_buf *m, size_t n, size_t cells)
{
    m->start = calloc(n ? n : 1, sizeof *m->start);
    m->stop = calloc(n ? n : 1, sizeof *m->stop);
    m->freq = calloc(cells ? cells : 1, 1);
    return m->start && m->stop && m->freq ? 0 : -1;
}

static void buf_free(heur_map_buf *m)
{
    free(m->start);
    free(m->stop);
    free(m->freq);
}

ecs_result heur_ws_init(heur_ws *ws, const ecs_instance *inst,
                        const ecs_schedule *base, ecs_diag *diag)
{
    const ecs_graph *g = inst->graph;
    long deadline = inst->deadline;
    memset(ws, 0, sizeof *ws);
    ws->g = g;
    ws->p = inst->platform;
    ws->price = inst->price;
    ws->deadline = deadline;
    int used = ecs_schedule_pes_used(base);
    ws->rows = (size_t)(used > 0 ? used : 1);
    size_t n = g->n, D = (size_t)deadline;
    if (D > SIZE_MAX / ws->rows)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                            "%zu PEs x %ld slots is too large", ws->rows,
                            deadline);
    ws->order = malloc((n ? n : 1) * sizeof *ws->order);
    ws->pe = malloc((n ? n : 1) * sizeof *ws->pe);
    ws->rem = malloc(D * sizeof *ws->rem);
    ws->row_free = malloc(ws->rows * sizeof *ws->row_free);
    int bad = ws->order == NULL || ws->pe == NULL || ws->rem == NULL ||
              ws->row_free == NULL || buf_alloc(&ws->cur, n, ws->rows * D) ||
              buf_alloc(&ws->best, n, ws->rows * D);
    if (bad || make_order(ws, base) != ECS_OK) {
        heur_ws_release(ws);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    return ECS_OK;
}

void heur_ws_release(heur_ws *ws)
{
    if (ws == NULL)
        return;
    free(ws->order);
    free(ws->pe);
    free(ws->rem);
    free(ws->row_free);
    buf_free(&ws->cur);
    buf_free(&ws->best);
    memset(ws, 0, sizeof *ws);
}

/*
 * The frequency for one slot: with `need` grid steps of work left, price r
 * and remaining slot budget `avail`.  Where the rest fits in one slot, the
 * lowest f that finishes it (f_suff) if affordable; else the highest f with
 * power(f) * r <= avail (0 = wait in place); -1 if none is affordable.
 */
static int pick_freq(const ecs_platform *p, long need, double r, double avail)
{
    if (need <= p->grid) {
        int ks = (int)p->nfreq - 1;
        while (p->freq_q[ks] < need)
            ks--; /* ends: freq_q[0] = grid >= need */
        if (p->power_of[ks] * r <= avail)
            return ks;
    }
    for (int k = 0; k < (int)p->nfreq; k++)
        if (p->power_of[k] * r <= avail)
            return k;
    return -1;
}

/* Place task i; 0 when it cannot finish before D' (the budget fails). */
static int place_task(heur_ws *ws, size_t i)
{
    const ecs_graph *g = ws->g;
    const ecs_platform *p = ws->p;
    int row = ws->pe[i];
    long s = ws->row_free[row], D = ws->deadline;
    for (size_t e = g->pred_off[i]; e < g->pred_off[i + 1]; e++) {
        long after = ws->cur.stop[g->pred[e]] + 1;
        if (after > s)
            s = after;
    }
    unsigned char *f = ws->cur.freq + (size_t)row * (size_t)D;
    long need = g->work[i] * p->grid, l = s;
    while (need > 0) {
        if (l >= D)
            return 0;
        double r = ws->price[l];
        int k = pick_freq(p, need, r, ws->rem[l]);
        if (k < 0)
            return 0;
        f[l] = (unsigned char)k;
        ws->rem[l] -= p->power_of[k] * r;
        need -= p->freq_q[k];
        l++;
    }
    ws->cur.start[i] = s;
    ws->cur.stop[i] = l - 1;
    ws->row_free[row] = l;
    return 1;
}

/* A task of a mapping buffer as the checker sees it. */
static ecs_sched_task task_view(const heur_ws *ws, const heur_map_buf *m,
                                size_t i)
{
    ecs_sched_task t;
    t.pe = ws->pe[i];
    t.start = m->start[i];
    t.stop = m->stop[i];
    t.freq = m->freq + (size_t)ws->pe[i] * (size_t)ws->deadline +
             (size_t)m->start[i];
    return t;
}

void heur_ws_map(heur_ws *ws, double b, int *feasible, double *cost,
                 long *makespan)
{
    size_t n = ws->g->n;
    double per = b / (double)ws->deadline;
    for (long l = 0; l < ws->deadline; l++)
        ws->rem[l] = per;
    for (size_t r = 0; r < ws->rows; r++)
        ws->row_free[r] = 0;
    for (size_t i = 0; i < n; i++)
        ws->cur.stop[i] = -1;
    *feasible = 0;
    for (size_t k = 0; k < n; k++)
        if (!place_task(ws, ws->order[k]))
            return;
    *feasible = 1;
    double c = 0.0;
    long ms = 0;
    for (size_t i = 0; i < n; i++) {
        ecs_sched_task t = task_view(ws, &ws->cur, i);
        c += ecs_check_task_cost(ws->p, ws->price, (size_t)ws->deadline, &t);
        if (t.stop + 1 > ms)
            ms = t.stop + 1;
    }
    *cost = c;
    *makespan = ms;
}

void heur_ws_keep(heur_ws *ws)
{
    heur_map_buf t = ws->cur;
    ws->cur = ws->best;
    ws->best = t;
}

ecs_result heur_ws_export(const heur_ws *ws, const heur_map_buf *m,
                          ecs_schedule *s, ecs_diag *diag)
{
    for (size_t i = 0; i < ws->g->n; i++) {
        if (m->stop[i] < 0) {
            ecs_schedule_unplace(s, i);
            continue;
        }
        ecs_sched_task t = task_view(ws, m, i);
        if (ecs_schedule_place(s, i, t.pe, t.start, t.stop, t.freq, 0) !=
            ECS_OK)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    return ECS_OK;
}

ecs_result ecs_heur_map(const ecs_instance *inst, const ecs_schedule *base, double budget,
                        ecs_schedule *out, int *feasible, ecs_diag *diag)
{
    ecs_result rc = ecs_instance_require_paper(inst, "the paper's heuristic",
                                               diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "the paper's heuristic", diag);
    if (rc == ECS_OK)
        rc = heur_check_inputs(inst, base, NULL, NULL, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    if (out == NULL || feasible == NULL || out->n != g->n)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the output schedule must have the graph's %zu tasks",
                            g->n);
    if (!isfinite(budget))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the budget must be a finite number");
    heur_ws ws;
    rc = heur_ws_init(&ws, inst, base, diag);
    if (rc != ECS_OK)
        return rc;
    double cost = 0.0;
    long ms = 0;
    heur_ws_map(&ws, budget, feasible, &cost, &ms);
    rc = heur_ws_export(&ws, &ws.cur, out, diag);
    heur_ws_release(&ws);
    return rc;
}
