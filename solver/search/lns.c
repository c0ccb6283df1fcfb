/* Large-neighbourhood search (lns.h): free the tasks of a
 * time window or of a group of neighbouring tasks, keep every other task's
 * interval, and solve the strong MILP over the freed tasks plus the fixed
 * tasks that share the window's slots (those keep their interval or a
 * sub-interval of it) on GLPK, warm-started with the incumbent.
 *
 * Why the sub-model's solutions are feasible for the whole problem:
 * - a freed task's window is the neighbourhood's span [t0, t1] cut by the
 *   incumbent intervals of its fixed predecessors and successors, so
 *   precedence with fixed tasks holds (a group's task also stays within
 *   reach of its own interval: lns_reach);
 * - a window: every fixed task that meets [t0, t1] is in the sub-model
 *   ("pinned": its window is its own interval), so the capacity rows
 *   count every task in the slots of [t0, t1]; outside [t0, t1] only
 *   pinned tasks of the sub-model run, inside their old intervals, so no
 *   slot gets more tasks than in the incumbent;
 * - a group: the sub-model holds the freed tasks alone; every fixed task
 *   that meets a freed task's window keeps its interval and counts as a
 *   constant in the capacity rows of its slots (busy), so every slot a
 *   freed task can use counts every task there; no other slot changes;
 * - PEs are then reassigned greedily by start slot (interval graphs are
 *   perfect), and the checker has the last word. */
#include "search_internal.h"
#include "ecsched/limits.h"
#include "ecsched/clock.h"

#include "ecsched/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The neighbourhood: free[i] = 1 for freed tasks; [*t0, *t1] its span. */
static size_t pick_window(const ecs_graph *g, const ecs_schedule *inc,
                          long D, size_t want, ecs_rng *rng,
                          unsigned char *freed, long *t0, long *t1)
{
    long a = (long)ecs_rng_below(rng, (uint64_t)D), b = a;
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
                         size_t want, ecs_rng *rng, unsigned char *freed,
                         size_t *queue, long *t0, long *t1)
{
    memset(freed, 0, g->n);
    size_t head = 0, tail = 0;
    size_t seed = (size_t)ecs_rng_below(rng, (uint64_t)g->n);
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
            size_t j = (size_t)ecs_rng_below(rng, (uint64_t)g->n);
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

/* Freed task i's window in the sub-problem: its own window inside the
 * span [t0, t1], within `reach` slots of its incumbent interval when reach
 * >= 0, after its fixed predecessors and before its fixed successors. */
static void freed_window(const lns_state *L, const unsigned char *freed,
                         size_t i, long t0, long t1, long reach, long *es_out,
                         long *lf_out)
{
    const ecs_graph *g = L->g;
    const ecs_schedule *inc = L->incumbent;
    const ecs_sched_task *t = &inc->task[i];
    long es = t0 > L->win->es[i] ? t0 : L->win->es[i];
    long lf = t1 < L->win->lf[i] ? t1 : L->win->lf[i];
    if (reach >= 0) {
        if (t->start - reach > es)
            es = t->start - reach;
        if (t->stop + reach < lf)
            lf = t->stop + reach;
    }
    for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
        if (!freed[g->pred[k]] && inc->task[g->pred[k]].stop + 1 > es)
            es = inc->task[g->pred[k]].stop + 1;
    for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++)
        if (!freed[g->succ[k]] && inc->task[g->succ[k]].start - 1 < lf)
            lf = inc->task[g->succ[k]].start - 1;
    *es_out = es;
    *lf_out = lf;
}

static int by_first(const void *a, const void *b)
{
    const long *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The union of the freed tasks' windows as disjoint sorted segments
 * seg[2 k], seg[2 k + 1] (k < *nseg); seg holds 2 nfreed longs. */
static void freed_union(const lns_state *L, const unsigned char *freed,
                        const size_t *group, size_t nfreed, long t0, long t1,
                        long reach, long *seg, size_t *nseg)
{
    for (size_t q = 0; q < nfreed; q++)
        freed_window(L, freed, group[q], t0, t1, reach, &seg[2 * q],
                     &seg[2 * q + 1]);
    qsort(seg, nfreed, 2 * sizeof *seg, by_first);
    size_t k = 0;
    for (size_t q = 0; q < nfreed; q++) {
        long a = seg[2 * q], b = seg[2 * q + 1];
        if (b < a)
            continue;
        if (k > 0 && a <= seg[2 * k - 1] + 1) {
            if (b > seg[2 * k - 1])
                seg[2 * k - 1] = b;
            continue;
        }
        seg[2 * k] = a;
        seg[2 * k + 1] = b;
        k++;
    }
    *nseg = k;
}

/* Whether [a, b] meets one of the segments (freed_union). */
static int meets_union(const long *seg, size_t nseg, long a, long b)
{
    size_t lo = 0, hi = nseg; /* the first segment ending at a or later */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (seg[2 * mid + 1] < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < nseg && seg[2 * lo] <= b;
}

/* The interval columns of a sub-problem at most.  A time window's freed
 * tasks may use its whole span: their intervals grow with the square of
 * the span (the slack after the base's last task on 10,000 layered tasks
 * at P = 64: 414,000 intervals, 507,000 columns, about 300 MB with GLPK's
 * copy, for a model GLPK does not solve in its 10 s anyway). */
#define LNS_MAX_INTERVALS 100000

/* How far a group's freed tasks may move from their incumbent intervals:
 * the longest of those intervals (at least LNS_MIN_REACH slots).  A group
 * of neighbours in the graph can span the horizon (its breadth-first
 * search jumps when a component ends, and grows with `want`); with the
 * whole span to every freed task and every task that crosses it pinned,
 * its model was the graph's (10,000 layered tasks at P = 64: 9,400 tasks,
 * 700,000 columns). */
#define LNS_MIN_REACH 2
static long lns_reach(const ecs_schedule *inc, const size_t *group, size_t k)
{
    long r = LNS_MIN_REACH;
    for (size_t q = 0; q < k; q++) {
        const ecs_sched_task *t = &inc->task[group[q]];
        if (t->stop - t->start + 1 > r)
            r = t->stop - t->start + 1;
    }
    return r;
}

/* One sub-problem over the freed tasks (group[0..nfreed-1]) in the span
 * [t0, t1]: with reach < 0 (a time window) every freed task may use the
 * span and every fixed task that meets the span is pinned (in the model,
 * its window its own interval); with reach >= 0 (a group) a freed task
 * only slots within reach of its own interval, and the fixed tasks that
 * meet those slots are constants of the capacity rows (busy), so the
 * model holds the group alone.  *improved set when the incumbent was
 * replaced. */
static ecs_result solve_sub(lns_state *L, const unsigned char *freed,
                            const size_t *group, size_t nfreed, long t0,
                            long t1, long reach, double t_end, int *improved,
                            int *proved, ecs_diag *diag)
{
    const ecs_graph *g = L->g;
    ecs_schedule *inc = L->incumbent;
    size_t n = g->n, m = 0, nseg = 0;
    size_t *sub = malloc((n ? n : 1) * sizeof *sub);
    long *map = malloc((n ? n : 1) * sizeof *map);
    long *seg = reach >= 0 ? malloc((2 * nfreed + 2) * sizeof *seg) : NULL;
    int *busy = reach >= 0 ? calloc((size_t)L->D, sizeof *busy) : NULL;
    if (sub == NULL || map == NULL ||
        (reach >= 0 && (seg == NULL || busy == NULL))) {
        free(sub);
        free(map);
        free(seg);
        free(busy);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    if (reach >= 0)
        freed_union(L, freed, group, nfreed, t0, t1, reach, seg, &nseg);
    for (size_t i = 0; i < n; i++) {
        const ecs_sched_task *t = &inc->task[i];
        map[i] = -1;
        if (freed[i] || (reach < 0 && t->stop >= t0 && t->start <= t1)) {
            map[i] = (long)m;
            sub[m++] = i;
        } else if (reach >= 0 && meets_union(seg, nseg, t->start, t->stop)) {
            for (long l = t->start; l <= t->stop; l++)
                busy[l]++;
        }
    }
    free(seg);
    long *id = malloc((m ? m : 1) * sizeof *id);
    long *work = malloc((m ? m : 1) * sizeof *work);
    size_t ne = 0, cap = 0;
    for (size_t q = 0; q < m; q++)
        cap += g->succ_off[sub[q] + 1] - g->succ_off[sub[q]];
    ecs_edge *ed = malloc((cap ? cap : 1) * sizeof *ed);
    ecs_windows w = {m, malloc((m ? m : 1) * sizeof(long)),
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
        freed_window(L, freed, i, t0, t1, reach, &w.es[q], &w.lf[q]);
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++) {
            size_t b = g->succ[k];
            if (freed[b]) {
                ed[ne].from = q;
                ed[ne].to = (size_t)map[b];
                ed[ne].comm = 0;
                ne++;
            }
        }
    }
    if (rc == ECS_OK)
        rc = ecs_graph_build(m, id, work, NULL, ne, ed, 0, &sg, diag);
    core_ivals iv;
    memset(&iv, 0, sizeof iv);
    milp_model mod;
    milp_model_init(&mod, 0);
    milp_strong_map smap;
    memset(&smap, 0, sizeof smap);
    milp_rounder rnd;
    int have_rnd = 0;
    double *warm = NULL;
    milp_run run;
    memset(&run, 0, sizeof run);
    if (rc == ECS_OK)
        rc = core_ivals_compute(sg, L->p, L->price, NULL, &w, t_end, &iv, diag);
    /* a model beyond LNS_MAX_INTERVALS is not built: not proved, so the
     * next neighbourhood is smaller */
    int skip = rc == ECS_OK && iv.off[m] > LNS_MAX_INTERVALS;
    if (rc == ECS_OK && !skip)
        rc = milp_strong_build(sg, L->p, L->D, &w, &iv, busy, &mod, &smap,
                               diag);
    if (rc == ECS_OK && !skip) {
        warm = milp_strong_from_schedule(sg, &iv, &smap, mod.ncols, ws);
        rc = milp_rounder_init(&rnd, sg, L->p, L->D, &iv, busy, &smap,
                                   mod.ncols);
        have_rnd = rc == ECS_OK;
    }
    if (rc == ECS_OK && !skip) {
        run.model = &mod;
        run.warm = warm;
        run.t_end = t_end;
        run.mip_gap = 0.0;
        run.round = milp_round;
        run.round_ctx = &rnd;
        run.pcost = L->sub_nodes == 0; /* as the whole model's (milp.c) */
        run.max_nodes = L->sub_nodes;
        rc = milp_glpk_solve(&run, diag);
    }
    double warm_obj = 0.0;
    if (warm != NULL)
        for (size_t j = 0; j < mod.ncols; j++)
            warm_obj += mod.obj[j] * warm[j];
    *proved = rc == ECS_OK && run.mip_status == 1;
    ecs_schedule *got = NULL;
    if (rc == ECS_OK && run.x != NULL &&
        run.obj < warm_obj - 1e-9 * (1.0 + fabs(warm_obj)))
        rc = milp_strong_extract(sg, L->p, L->price, NULL, &iv, &smap, run.x,
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
        if (ok && ecs_schedule_assign_pes(cand, L->p->pes) == ECS_OK &&
            ecs_check_schedule(L->inst, cand, &rep, NULL) == ECS_OK &&
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
        milp_rounder_release(&rnd);
    milp_strong_map_release(&smap);
    milp_model_release(&mod);
    core_ivals_release(&iv);
    ecs_graph_free(sg);
    ecs_schedule_free(ws);
    ecs_windows_release(&w);
    free(ed);
    free(id);
    free(work);
    free(sub);
    free(map);
    free(busy);
    if (rc == ECS_ELIMIT) { /* the time ran out while costing intervals */
        ecs_diag_clear(diag);
        rc = ECS_OK;
    }
    return rc;
}

void ecs_lns_params_init(ecs_lns_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 60.0;
    prm->target_cost = -HUGE_VAL;
    prm->seed = 1;
    prm->free_tasks = 30;
    prm->sub_time_limit_s = 10.0;
}

ecs_result ecs_lns_params_validate(const ecs_lns_params *prm, ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (ecs_check_time_limit(prm->time_limit_s, diag) != ECS_OK)
        return ECS_EINVAL;
    if (!(prm->sub_time_limit_s > 0.0) || !isfinite(prm->sub_time_limit_s))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the sub-problems' time limit must be a positive "
                            "number of seconds");
    if (isnan(prm->target_cost))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the target cost is not a number");
    if (prm->free_tasks < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "a neighbourhood frees at least one task");
    if (prm->max_rounds < 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the round limit must be 0 (none) or positive");
    return ECS_OK;
}

void ecs_lns_result_release(ecs_lns_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

/* Search until t_end (monotonic seconds), the round limit, or until the
 * incumbent costs the target or less; *stop says which. */
static ecs_result run(lns_state *L, const ecs_lns_params *prm, double t0,
                      double t_end, ecs_stop *stop, ecs_diag *diag)
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
    *stop = ECS_STOP_DONE;
    while (rc == ECS_OK) {
        if (L->cost <= prm->target_cost) {
            *stop = ECS_STOP_TARGET;
            break;
        }
        if (prm->max_rounds > 0 && L->rounds >= prm->max_rounds) {
            *stop = ECS_STOP_EFFORT;
            break;
        }
        if (ecs_clock_now() >= t_end) {
            *stop = ECS_STOP_TIME;
            break;
        }
        long a, b;
        size_t k = (L->rounds & 1)
                       ? pick_group(g, L->incumbent, L->want, &L->rng, freed,
                                    queue, &a, &b)
                       : pick_window(g, L->incumbent, L->D, L->want, &L->rng,
                                     freed, &a, &b);
        if (k == 0) {
            L->rounds++;
            continue;
        }
        double left = t_end - ecs_clock_now();
        double cap = left < L->sub_limit ? left : L->sub_limit;
        double t_start = ecs_clock_now();
        int improved = 0, proved = 0;
        /* a group's tasks move within its longest interval of their own
         * (lns_reach), a window's anywhere in it */
        long reach = (L->rounds & 1) ? lns_reach(L->incumbent, queue, k) : -1;
        rc = solve_sub(L, freed, queue, k, a, b, reach, t_start + cap,
                       &improved, &proved, diag);
        L->rounds++;
        L->improved += improved;
        /* adapt the neighbourhood: grow while sub-problems are proved
         * quickly, shrink when they run out of time */
        double took = ecs_clock_now() - t_start;
        int quick = L->sub_nodes > 0 || took < 0.25 * L->sub_limit;
        if (proved && quick && L->want < g->n)
            L->want += L->want / 5 + 1;
        else if (!proved && L->want > 4)
            L->want -= L->want / 4;
        if (improved && prm->progress != NULL) {
            ecs_progress pr = {"lns", ecs_clock_now() - t0, L->cost, NAN,
                               NAN, (unsigned long long)L->rounds};
            prm->progress(prm->progress_ctx, &pr);
        }
    }
    free(freed);
    free(queue);
    return rc;
}

ecs_result ecs_lns_solve(const ecs_instance *inst, const ecs_schedule *start,
                         const ecs_lns_params *prm, ecs_lns_result *out,
                         ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    memset(out, 0, sizeof *out);
    out->cost = NAN;
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_paper(inst, "large-neighbourhood search",
                                        diag);
    if (rc == ECS_OK)
        rc = ecs_instance_require_no_due(inst, "large-neighbourhood search",
                                         diag);
    if (rc == ECS_OK)
        rc = ecs_lns_params_validate(prm, diag);
    if (rc != ECS_OK)
        return rc;
    if (start == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the search needs a start schedule");
    ecs_check_report rep;
    if (ecs_check_schedule(inst, start, &rep, NULL) != ECS_OK)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the start schedule is not feasible: %s", rep.msg);
    lns_state L;
    memset(&L, 0, sizeof L);
    ecs_graph *red = NULL;
    L.inst = inst;
    L.g = inst->reduced != NULL ? inst->reduced
                                : core_solver_graph(inst->graph, &red);
    L.p = inst->platform;
    L.price = inst->price;
    L.D = inst->deadline;
    ecs_rng_seed(&L.rng, prm->seed);
    L.want = prm->free_tasks;
    L.sub_limit = prm->sub_time_limit_s;
    L.sub_nodes = prm->sub_max_nodes;
    L.cost = rep.cost;
    L.incumbent = ecs_schedule_copy(start);
    ecs_windows own;
    memset(&own, 0, sizeof own);
    int empty = 0;
    if (L.incumbent == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    else if (inst->windows.n == L.g->n && inst->windows.es != NULL)
        L.win = &inst->windows;
    else if ((rc = ecs_windows_compute(L.g, L.p->pes, L.D, &own, &empty,
                                       diag)) == ECS_OK)
        L.win = &own;
    if (rc == ECS_OK)
        rc = run(&L, prm, t0, t0 + prm->time_limit_s, &out->stop, diag);
    ecs_windows_release(&own);
    ecs_graph_free(red);
    if (rc != ECS_OK) {
        ecs_schedule_free(L.incumbent);
        return rc;
    }
    out->schedule = L.incumbent;
    out->cost = L.cost;
    out->rounds = L.rounds;
    out->improved = L.improved;
    out->runtime_s = ecs_clock_now() - t0;
    return ECS_OK;
}
