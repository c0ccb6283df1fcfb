/* Large-neighbourhood search for ecs_solve (solve.h): free the tasks of a
 * time window or of a group of neighbouring tasks, keep every other task's
 * interval, and solve the strong MILP over the freed tasks plus the fixed
 * tasks that share the window's slots (those keep their interval or a
 * sub-interval of it) on GLPK, warm-started with the incumbent.
 *
 * Why the sub-model's solutions are feasible for the whole problem:
 * - a freed task's window is the neighbourhood's span [t0, t1] cut by the
 *   incumbent intervals of its fixed predecessors and successors, so
 *   precedence with fixed tasks holds;
 * - every fixed task that meets [t0, t1] is in the sub-model ("pinned":
 *   its window is its own interval), so the capacity rows count every task
 *   in the slots of [t0, t1]; outside [t0, t1] only pinned tasks of the
 *   sub-model run, inside their old intervals, so no slot gets more tasks
 *   than in the incumbent;
 * - PEs are then reassigned greedily by start slot (interval graphs are
 *   perfect), and the checker has the last word. */
#include "solve_internal.h"

#include "ecsched/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct span_task {
    size_t task;
    long s, e;
} span_task;

static int cmp_start(const void *a, const void *b)
{
    const span_task *x = a, *y = b;
    if (x->s != y->s)
        return x->s < y->s ? -1 : 1;
    return x->task < y->task ? -1 : x->task > y->task;
}

int ecs_solve_assign_pes(ecs_schedule *s, int pes)
{
    size_t n = s->n, k = 0;
    span_task *v = malloc((n ? n : 1) * sizeof *v);
    long *last = malloc((size_t)pes * sizeof *last);
    if (v == NULL || last == NULL) {
        free(v);
        free(last);
        return -2;
    }
    for (size_t i = 0; i < n; i++)
        if (s->task[i].pe >= 0) {
            v[k].task = i;
            v[k].s = s->task[i].start;
            v[k].e = s->task[i].stop;
            k++;
        }
    qsort(v, k, sizeof *v, cmp_start);
    for (int q = 0; q < pes; q++)
        last[q] = -1;
    int rc = 0;
    for (size_t t = 0; t < k && rc == 0; t++) {
        int q = 0;
        while (q < pes && last[q] >= v[t].s)
            q++;
        if (q == pes) {
            rc = -1;
            break;
        }
        last[q] = v[t].e;
        s->task[v[t].task].pe = q;
    }
    free(v);
    free(last);
    return rc;
}

/* The neighbourhood: free[i] = 1 for freed tasks; [*t0, *t1] its span. */
static size_t pick_window(const ecs_graph *g, const ecs_schedule *inc,
                          long D, size_t want, uint64_t *rng,
                          unsigned char *freed, long *t0, long *t1)
{
    long a = (long)(rng_next(rng) % (uint64_t)D), b = a;
    size_t k = 0;
    memset(freed, 0, g->n);
    /* widen [a, b] until it contains `want` tasks or the horizon */
    while (k < want && (a > 0 || b < D - 1)) {
        if (b < D - 1)
            b++;
        if ((k < want / 2 || b == D - 1) && a > 0)
            a--;
        k = 0;
        for (size_t i = 0; i < g->n; i++)
            k += inc->task[i].start >= a && inc->task[i].stop <= b;
    }
    k = 0;
    for (size_t i = 0; i < g->n; i++)
        if (inc->task[i].start >= a && inc->task[i].stop <= b) {
            freed[i] = 1;
            k++;
        }
    *t0 = a;
    *t1 = b;
    return k;
}

static size_t pick_group(const ecs_graph *g, const ecs_schedule *inc,
                         size_t want, uint64_t *rng, unsigned char *freed,
                         size_t *queue, long *t0, long *t1)
{
    memset(freed, 0, g->n);
    size_t head = 0, tail = 0;
    size_t seed = (size_t)(rng_next(rng) % (uint64_t)g->n);
    queue[tail++] = seed;
    freed[seed] = 1;
    while (head < tail && tail < want) {
        size_t i = queue[head++];
        /* neighbours in random order of kind: predecessors, successors */
        for (int side = 0; side < 2 && tail < want; side++) {
            const size_t *off = side ? g->succ_off : g->pred_off;
            const size_t *nb = side ? g->succ : g->pred;
            for (size_t q = off[i]; q < off[i + 1] && tail < want; q++)
                if (!freed[nb[q]]) {
                    freed[nb[q]] = 1;
                    queue[tail++] = nb[q];
                }
        }
        if (head == tail && tail < want) { /* component done: jump */
            size_t j = (size_t)(rng_next(rng) % (uint64_t)g->n);
            if (!freed[j]) {
                freed[j] = 1;
                queue[tail++] = j;
            }
        }
    }
    long a = -1, b = -1;
    for (size_t q = 0; q < tail; q++) {
        const ecs_sched_task *t = &inc->task[queue[q]];
        if (a < 0 || t->start < a)
            a = t->start;
        if (t->stop > b)
            b = t->stop;
    }
    *t0 = a;
    *t1 = b;
    return tail;
}

/* One sub-problem; *improved set when the incumbent was replaced. */
static ecs_result solve_sub(ecs_lns *L, const unsigned char *freed, long t0,
                            long t1, double t_end, int *improved,
                            int *proved, ecs_diag *diag)
{
    const ecs_graph *g = L->g;
    ecs_schedule *inc = L->incumbent;
    size_t n = g->n, m = 0;
    size_t *sub = malloc((n ? n : 1) * sizeof *sub);
    long *map = malloc((n ? n : 1) * sizeof *map);
    if (sub == NULL || map == NULL) {
        free(sub);
        free(map);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        const ecs_sched_task *t = &inc->task[i];
        map[i] = -1;
        if (freed[i] || (t->stop >= t0 && t->start <= t1)) {
            map[i] = (long)m;
            sub[m++] = i;
        }
    }
    long *id = malloc((m ? m : 1) * sizeof *id);
    long *work = malloc((m ? m : 1) * sizeof *work);
    size_t ne = 0, cap = 0;
    for (size_t q = 0; q < m; q++)
        cap += g->succ_off[sub[q] + 1] - g->succ_off[sub[q]];
    ecs_edge *ed = malloc((cap ? cap : 1) * sizeof *ed);
    ecs_milp_windows w = {m, malloc((m ? m : 1) * sizeof(long)),
                          malloc((m ? m : 1) * sizeof(long))};
    ecs_graph *sg = NULL;
    ecs_schedule *ws = ecs_schedule_new(m);
    ecs_result rc = ECS_OK;
    if (id == NULL || work == NULL || ed == NULL || w.es == NULL ||
        w.lf == NULL || ws == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t q = 0; rc == ECS_OK && q < m; q++) {
        size_t i = sub[q];
        const ecs_sched_task *t = &inc->task[i];
        id[q] = g->id[i];
        work[q] = g->work[i];
        rc = ecs_schedule_place(ws, q, t->pe, t->start, t->stop, t->freq, 0);
        if (!freed[i]) { /* pinned: its own interval */
            w.es[q] = t->start;
            w.lf[q] = t->stop;
            continue;
        }
        long es = t0 > L->win.es[i] ? t0 : L->win.es[i];
        long lf = t1 < L->win.lf[i] ? t1 : L->win.lf[i];
        for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
            if (!freed[g->pred[k]] && inc->task[g->pred[k]].stop + 1 > es)
                es = inc->task[g->pred[k]].stop + 1;
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
            size_t b = g->succ[k];
            if (!freed[b] && inc->task[b].start - 1 < lf)
                lf = inc->task[b].start - 1;
            else if (freed[b]) {
                ed[ne].from = q;
                ed[ne].to = (size_t)map[b];
                ed[ne].comm = 0;
                ne++;
            }
        }
        w.es[q] = es;
        w.lf[q] = lf;
    }
    if (rc == ECS_OK)
        rc = ecs_graph_build(m, id, work, NULL, ne, ed, 0, &sg, diag);
    ecs_milp_ivals iv;
    memset(&iv, 0, sizeof iv);
    ecs_milp_model mod;
    ecs_milp_model_init(&mod, 0);
    ecs_milp_strong_map smap;
    memset(&smap, 0, sizeof smap);
    ecs_milp_rounder rnd;
    int have_rnd = 0;
    double *warm = NULL;
    ecs_milp_run run;
    memset(&run, 0, sizeof run);
    if (rc == ECS_OK)
        rc = ecs_milp_ivals_compute(sg, L->p, L->price, &w, t_end, &iv, diag);
    if (rc == ECS_OK)
        rc = ecs_milp_strong_build(sg, L->p, L->D, &w, &iv, &mod, &smap,
                                   diag);
    if (rc == ECS_OK) {
        warm = ecs_milp_strong_from_schedule(sg, &iv, &smap, mod.ncols, ws);
        rc = ecs_milp_rounder_init(&rnd, sg, L->p, L->D, &iv, &smap,
                                   mod.ncols);
        have_rnd = rc == ECS_OK;
    }
    if (rc == ECS_OK) {
        run.model = &mod;
        run.warm = warm;
        run.t_end = t_end;
        run.mip_gap = 0.0;
        run.round = ecs_milp_round;
        run.round_ctx = &rnd;
        run.pcost = 1; /* as the whole model's (milp.c) */
        rc = ecs_milp_glpk_solve(&run, diag);
    }
    double warm_obj = 0.0;
    if (warm != NULL)
        for (size_t j = 0; j < mod.ncols; j++)
            warm_obj += mod.obj[j] * warm[j];
    *proved = rc == ECS_OK && run.mip_status == 1;
    ecs_schedule *got = NULL;
    if (rc == ECS_OK && run.x != NULL &&
        run.obj < warm_obj - 1e-9 * (1.0 + fabs(warm_obj)))
        rc = ecs_milp_strong_extract(sg, L->p, L->price, &iv, &smap, run.x,
                                     &got, diag);
    if (rc == ECS_OK && got != NULL) {
        ecs_schedule *cand = ecs_schedule_copy(inc);
        int ok = cand != NULL;
        for (size_t q = 0; ok && q < m; q++) {
            const ecs_sched_task *t = &got->task[q];
            ok = ecs_schedule_place(cand, sub[q], 0, t->start, t->stop,
                                    t->freq, 0) == ECS_OK;
        }
        ecs_check_report rep;
        if (ok && ecs_solve_assign_pes(cand, L->p->pes) == 0 &&
            ecs_check_schedule(g, L->p, L->price, (size_t)L->D, L->D, cand,
                               &rep) == ECS_OK &&
            rep.cost < L->cost - 1e-9 * (1.0 + fabs(L->cost))) {
            ecs_schedule_free(L->incumbent);
            L->incumbent = cand;
            L->cost = rep.cost;
            *improved = 1;
            cand = NULL;
        }
        ecs_schedule_free(cand);
    }
    ecs_schedule_free(got);
    free(run.x);
    free(warm);
    if (have_rnd)
        ecs_milp_rounder_release(&rnd);
    ecs_milp_strong_map_release(&smap);
    ecs_milp_model_release(&mod);
    ecs_milp_ivals_release(&iv);
    ecs_graph_free(sg);
    ecs_schedule_free(ws);
    ecs_milp_windows_release(&w);
    free(ed);
    free(id);
    free(work);
    free(sub);
    free(map);
    if (rc == ECS_ELIMIT) { /* the time ran out while costing intervals */
        ecs_diag_clear(diag);
        rc = ECS_OK;
    }
    return rc;
}

ecs_result ecs_lns_run(ecs_lns *L, double t_end, double target_cost,
                       ecs_diag *diag)
{
    const ecs_graph *g = L->g;
    unsigned char *freed = malloc(g->n ? g->n : 1);
    size_t *queue = malloc((g->n ? g->n : 1) * sizeof *queue);
    if (freed == NULL || queue == NULL) {
        free(freed);
        free(queue);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    ecs_result rc = ECS_OK;
    while (rc == ECS_OK && now_s() < t_end && L->cost > target_cost) {
        long t0, t1;
        size_t k = (L->rounds & 1)
                       ? pick_group(g, L->incumbent, L->want, &L->rng, freed,
                                    queue, &t0, &t1)
                       : pick_window(g, L->incumbent, L->D, L->want, &L->rng,
                                     freed, &t0, &t1);
        if (k == 0) {
            L->rounds++;
            continue;
        }
        double left = t_end - now_s();
        double cap = left < L->sub_limit ? left : L->sub_limit;
        double t_start = now_s();
        int improved = 0, proved = 0;
        rc = solve_sub(L, freed, t0, t1, t_start + cap, &improved, &proved,
                       diag);
        L->rounds++;
        L->improved += improved;
        /* adapt the neighbourhood: grow while sub-problems are proved
         * quickly, shrink when they run out of time */
        double took = now_s() - t_start;
        if (proved && took < 0.25 * L->sub_limit && L->want < g->n)
            L->want += L->want / 5 + 1;
        else if (!proved && L->want > 4)
            L->want -= L->want / 4;
        if (improved && L->on_improve != NULL)
            L->on_improve(L);
    }
    free(freed);
    free(queue);
    return rc;
}
