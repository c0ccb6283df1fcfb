/* Re-planning from slot `now` under new prices (replan.h): the fixed
 * prefix kept, the rest optimised on a sub-instance with stand-ins for
 * the running tasks. */
#include "ecsched/replan.h"

#include "ecsched/check.h"
#include "ecsched/clock.h"
#include "ecsched/local.h"
#include "ecsched/method.h"
#include "ecsched/milp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ecs_replan_method_name(ecs_replan_method m)
{
    switch (m) {
#define ECS_REPLAN_METHOD_NAME(name, key) case ECS_REPLAN_##name: return key;
        ECS_REPLAN_METHOD_MAP(ECS_REPLAN_METHOD_NAME)
#undef ECS_REPLAN_METHOD_NAME
    }
    return "?";
}

const char *ecs_replan_change_name(ecs_replan_change c)
{
    switch (c) {
#define ECS_REPLAN_CHANGE_NAME(name, key) case ECS_CHANGE_##name: return key;
        ECS_REPLAN_CHANGE_MAP(ECS_REPLAN_CHANGE_NAME)
#undef ECS_REPLAN_CHANGE_NAME
    case ECS_CHANGE_COUNT:
        break;
    }
    return "?";
}

ecs_result ecs_replan_method_parse(const char *name, ecs_replan_method *out,
                                   ecs_diag *diag)
{
    static const ecs_replan_method all[] = {
#define ECS_REPLAN_METHOD_ALL(n_, key) ECS_REPLAN_##n_,
        ECS_REPLAN_METHOD_MAP(ECS_REPLAN_METHOD_ALL)
#undef ECS_REPLAN_METHOD_ALL
    };
    for (size_t k = 0; name != NULL && k < sizeof all / sizeof all[0]; k++)
        if (strcmp(name, ecs_replan_method_name(all[k])) == 0) {
            *out = all[k];
            return ECS_OK;
        }
    if (name != NULL && ecs_method_find(name) != NULL)
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                            "replan does not run %s: it would move tasks "
                            "outside the slots a re-plan leaves them (the "
                            "fixed prefix and the running tasks); re-plan "
                            "with keep, local or milp",
                            name);
    return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                        "unknown re-plan method '%s' (keep, local, milp)",
                        name ? name : "(null)");
}

void ecs_replan_params_init(ecs_replan_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->method = ECS_REPLAN_MILP;
    prm->time_limit_s = 60.0;
    prm->local_share = 0.2;
    prm->seed = 1;
    prm->mip_gap = 0.0;
}

ecs_result ecs_replan_params_validate(const ecs_replan_params *prm,
                                      ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no params");
    if (prm->method != ECS_REPLAN_KEEP && prm->method != ECS_REPLAN_LOCAL &&
        prm->method != ECS_REPLAN_MILP)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "unknown re-plan method %d", (int)prm->method);
    if (!(prm->time_limit_s > 0.0) || prm->time_limit_s > ECS_LOCAL_MAX_TIME_S)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the time limit must be in (0, %g] s, not %g",
                            ECS_LOCAL_MAX_TIME_S, prm->time_limit_s);
    if (!(prm->local_share > 0.0 && prm->local_share < 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "local_share must be in (0, 1), not %g",
                            prm->local_share);
    if (!(prm->mip_gap >= 0.0 && prm->mip_gap < 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the gap must be in [0, 1), not %g", prm->mip_gap);
    return ECS_OK;
}

void ecs_replan_result_release(ecs_replan_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    free(r->change);
    r->schedule = NULL;
    r->change = NULL;
}

/* The sub-instance on slots now .. D'-1: free tasks and stand-ins for
 * the running ones, with the old remainder as its start. */
typedef struct sub {
    ecs_graph *g;
    size_t *orig;      /* sub task -> inst task */
    long *due;
    ecs_schedule *start;
    ecs_instance inst;
    double standin_cost; /* the stand-ins at f = 1 under the new prices */
} sub;

static void sub_release(sub *s)
{
    ecs_instance_release(&s->inst);
    ecs_graph_free(s->g);
    ecs_schedule_free(s->start);
    free(s->orig);
    free(s->due);
    memset(s, 0, sizeof *s);
}

static ecs_result sub_build(const ecs_instance *inst, const ecs_schedule *old,
                            long now, const unsigned char *kind, sub *s,
                            ecs_diag *diag)
{
    const ecs_graph *g = inst->graph;
    size_t n = g->n, m = 0, ne = 0;
    size_t *map = malloc((n ? n : 1) * sizeof *map);
    long *id = malloc((n ? n : 1) * sizeof *id);
    long *work = malloc((n ? n : 1) * sizeof *work);
    ecs_edge *edge = malloc((g->nedges ? g->nedges : 1) * sizeof *edge);
    s->orig = malloc((n ? n : 1) * sizeof *s->orig);
    s->due = malloc((n ? n : 1) * sizeof *s->due);
    ecs_result rc = ECS_OK;
    if (map == NULL || id == NULL || work == NULL || edge == NULL ||
        s->orig == NULL || s->due == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto out;
    }
    long D = inst->deadline - now;
    for (size_t i = 0; i < n; i++) {
        map[i] = (size_t)-1;
        if (kind[i] == ECS_CHANGE_DONE)
            continue;
        const ecs_sched_task *t = &old->task[i];
        map[i] = m;
        s->orig[m] = i;
        id[m] = g->id[i];
        if (kind[i] == ECS_CHANGE_RUNNING) {
            work[m] = t->stop - now + 1;
            s->due[m] = t->stop - now;
            for (long l = now; l <= t->stop; l++)
                s->standin_cost += inst->platform->power_of[0] * inst->price[l];
        } else {
            work[m] = g->work[i];
            s->due[m] = D - 1;
        }
        m++;
    }
    for (size_t a = 0; a < n; a++)
        for (size_t x = g->succ_off[a]; x < g->succ_off[a + 1]; x++) {
            size_t b = g->succ[x];
            if (map[a] != (size_t)-1 && map[b] != (size_t)-1)
                edge[ne++] = (ecs_edge){map[a], map[b], 0};
        }
    rc = ecs_graph_build(m, id, work, NULL, ne, edge, 0, &s->g, diag);
    if (rc != ECS_OK)
        goto out;
    s->start = ecs_schedule_new(m);
    if (s->start == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto out;
    }
    for (size_t j = 0; j < m && rc == ECS_OK; j++) {
        const ecs_sched_task *t = &old->task[s->orig[j]];
        if (kind[s->orig[j]] == ECS_CHANGE_RUNNING)
            rc = ecs_schedule_place(s->start, j, t->pe, 0, t->stop - now,
                                    NULL, 0);
        else
            rc = ecs_schedule_place(s->start, j, t->pe, t->start - now,
                                    t->stop - now, t->freq, 0);
    }
    if (rc != ECS_OK) {
        rc = ecs_diag_set(diag, rc, NULL, 0, "out of memory");
        goto out;
    }
    ecs_instance_init(&s->inst, s->g, inst->platform, inst->price + now,
                      inst->nprice - (size_t)now, D);
    s->inst.due = s->due;
    rc = ecs_instance_prepare(&s->inst, diag);
out:
    free(map);
    free(id);
    free(work);
    free(edge);
    return rc;
}

/* The method on the sub-instance: *res its schedule (or NULL: keep the
 * start), *bound a lower bound on the sub-instance or NAN. */
static ecs_result sub_solve(sub *s, const ecs_replan_params *prm, double t0,
                            ecs_schedule **res, double *bound, int *optimal,
                            ecs_diag *diag)
{
    *res = NULL;
    *bound = NAN;
    *optimal = 0;
    if (prm->method == ECS_REPLAN_KEEP || s->g->n == 0)
        return ECS_OK;
    ecs_local_params lp;
    ecs_local_params_init(&lp);
    lp.seed = prm->seed;
    lp.time_limit_s = prm->time_limit_s *
                      (prm->method == ECS_REPLAN_MILP ? prm->local_share : 1.0);
    ecs_local_result lr;
    ecs_result rc = ecs_local_run(&s->inst, s->start, &lp, &lr, diag);
    if (rc != ECS_OK) {
        ecs_local_result_release(&lr);
        return rc;
    }
    *res = lr.schedule;
    lr.schedule = NULL;
    ecs_local_result_release(&lr);
    if (prm->method != ECS_REPLAN_MILP)
        return ECS_OK;
    ecs_milp_params mp;
    ecs_milp_params_init(&mp);
    mp.time_limit_s = prm->time_limit_s - (ecs_clock_now() - t0);
    if (mp.time_limit_s < 0.05)
        mp.time_limit_s = 0.05;
    mp.mip_gap = prm->mip_gap;
    mp.warm_start = *res;
    ecs_milp_result mr;
    rc = ecs_milp_solve(&s->inst, &mp, &mr, diag);
    if (rc == ECS_ELIMIT) /* too large for the MILP: local search's */
        return ECS_OK;
    if (rc != ECS_OK)
        return rc;
    *bound = mr.bound;
    *optimal = mr.status == ECS_MILP_OPTIMAL;
    if (mr.schedule != NULL) {
        ecs_check_report a, b;
        if (ecs_check_schedule(&s->inst, mr.schedule, &a, NULL) == ECS_OK &&
            ecs_check_schedule(&s->inst, *res, &b, NULL) == ECS_OK &&
            a.cost < b.cost) {
            ecs_schedule_free(*res);
            *res = mr.schedule;
            mr.schedule = NULL;
        }
    }
    ecs_milp_result_release(&mr);
    return ECS_OK;
}

/* The whole plan from the sub-instance's schedule r: fixed tasks as in
 * old, free ones shifted by now, PEs renamed so that each stand-in sits
 * on its running task's PE. */
static ecs_result merge(const ecs_instance *inst, const ecs_schedule *old,
                        long now, const unsigned char *kind, const sub *s,
                        const ecs_schedule *r, ecs_schedule **out,
                        ecs_diag *diag)
{
    int P = inst->platform->pes;
    int *perm = malloc((size_t)P * sizeof *perm);
    unsigned char *taken = calloc((size_t)P, 1);
    ecs_schedule *res = ecs_schedule_copy(old);
    ecs_result rc = ECS_OK;
    if (perm == NULL || taken == NULL || res == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto out;
    }
    for (int q = 0; q < P; q++)
        perm[q] = -1;
    for (size_t j = 0; j < r->n; j++)
        if (kind[s->orig[j]] == ECS_CHANGE_RUNNING) {
            int q = r->task[j].pe, p = old->task[s->orig[j]].pe;
            if (q < 0 || q >= P || perm[q] >= 0 || taken[p]) {
                rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                  "re-plan: two running tasks share a PE");
                goto out;
            }
            perm[q] = p;
            taken[p] = 1;
        }
    for (int q = 0, p = 0; q < P; q++) {
        if (perm[q] >= 0)
            continue;
        while (taken[p])
            p++;
        perm[q] = p;
        taken[p] = 1;
    }
    for (size_t j = 0; j < r->n && rc == ECS_OK; j++) {
        size_t i = s->orig[j];
        if (kind[i] == ECS_CHANGE_RUNNING)
            continue;
        const ecs_sched_task *t = &r->task[j];
        rc = ecs_schedule_place(res, i, perm[t->pe], t->start + now,
                                t->stop + now, t->freq, 0);
    }
    if (rc != ECS_OK)
        rc = ecs_diag_set(diag, rc, NULL, 0, "out of memory");
out:
    free(perm);
    free(taken);
    if (rc != ECS_OK)
        ecs_schedule_free(res);
    else
        *out = res;
    return rc;
}

/* What each free task became. */
static ecs_replan_change what_changed(const ecs_sched_task *a,
                                      const ecs_sched_task *b)
{
    if (a->start != b->start || a->stop != b->stop)
        return ECS_CHANGE_MOVED;
    if (memcmp(a->freq, b->freq, (size_t)(a->stop - a->start + 1)) != 0)
        return ECS_CHANGE_FREQ;
    return a->pe != b->pe ? ECS_CHANGE_PE : ECS_CHANGE_SAME;
}

/* Cost of the slots of t before now, and of t whole. */
static void task_costs(const ecs_instance *inst, const ecs_sched_task *t,
                       long now, double *before, double *whole)
{
    const ecs_platform *p = inst->platform;
    for (long l = t->start; l <= t->stop; l++) {
        double c = p->power_of[t->freq[l - t->start]] * inst->price[l];
        *whole += c;
        if (l < now)
            *before += c;
    }
}

ecs_result ecs_replan(const ecs_instance *inst, const ecs_schedule *old,
                      long now, const ecs_replan_params *prm,
                      ecs_replan_result *out, ecs_diag *diag)
{
    double t0 = ecs_clock_now();
    if (out == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no result");
    memset(out, 0, sizeof *out);
    out->bound = NAN;
    ecs_result rc = ecs_replan_params_validate(prm, diag);
    if (rc == ECS_OK)
        rc = ecs_instance_validate(inst, diag);
    if (rc == ECS_OK && inst->due != NULL)
        rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                          "the instance of a re-plan has no due slots of its "
                          "own (they are the re-plan's)");
    if (rc == ECS_OK && ecs_instance_extended(inst))
        rc = ecs_diag_set(diag, ECS_EUNSUPPORTED, NULL, 0,
                          "replan handles the paper's platform only: on an "
                          "extended platform a running task's draw shares "
                          "each slot's cost with the others");
    if (rc == ECS_OK && (old == NULL || old->n != inst->graph->n))
        rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                          "the old plan has %zu tasks, the graph %zu",
                          old ? old->n : 0, inst->graph->n);
    ecs_check_report rep;
    if (rc == ECS_OK && ecs_check_schedule(inst, old, &rep, NULL) != ECS_OK)
        rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                          "the old plan is not feasible under the new terms: "
                          "%s", rep.msg);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    size_t n = g->n;
    if (now < 0)
        now = 0;
    out->now = now;
    out->keep_cost = rep.cost;
    long last_start = -1;
    for (size_t i = 0; i < n; i++)
        if (old->task[i].start > last_start)
            last_start = old->task[i].start;
    if (last_start < now)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "nothing to re-plan: every task has started by "
                            "slot %ld (the last starts in slot %ld, the plan "
                            "ends with slot %ld)",
                            now, last_start, rep.makespan - 1);
    out->change = malloc(n ? n : 1);
    if (out->change == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const ecs_sched_task *t = &old->task[i];
        out->change[i] = t->stop < now    ? ECS_CHANGE_DONE
                         : t->start < now ? ECS_CHANGE_RUNNING
                                          : ECS_CHANGE_SAME;
        if (out->change[i] != ECS_CHANGE_SAME)
            task_costs(inst, t, now, &out->spent, &out->fixed_cost);
    }
    sub s;
    memset(&s, 0, sizeof s);
    rc = sub_build(inst, old, now, out->change, &s, diag);
    ecs_schedule *r = NULL;
    double bound = NAN;
    if (rc == ECS_OK)
        rc = sub_solve(&s, prm, t0, &r, &bound, &out->optimal, diag);
    out->sub_tasks = s.g ? s.g->n : 0;
    double standin = s.standin_cost;
    if (rc == ECS_OK)
        rc = merge(inst, old, now, out->change, &s, r ? r : s.start,
                   &out->schedule, diag);
    ecs_schedule_free(r);
    sub_release(&s);
    if (rc == ECS_OK &&
        ecs_check_schedule(inst, out->schedule, &rep, NULL) != ECS_OK)
        rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                          "the re-plan fails the checker: %s", rep.msg);
    if (rc != ECS_OK) {
        ecs_replan_result_release(out);
        return rc;
    }
    out->cost = rep.cost;
    if (out->cost > out->keep_cost) { /* never dearer than keeping */
        ecs_schedule_free(out->schedule);
        out->schedule = ecs_schedule_copy(old);
        if (out->schedule == NULL) {
            ecs_replan_result_release(out);
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        }
        out->cost = out->keep_cost;
        out->kept = 1;
    }
    if (!isnan(bound))
        out->bound = out->fixed_cost + bound - standin;
    for (size_t i = 0; i < n; i++) {
        if (out->change[i] == ECS_CHANGE_SAME)
            out->change[i] = (unsigned char)what_changed(&old->task[i],
                                                         &out->schedule->task[i]);
        out->count[out->change[i]]++;
    }
    out->runtime_s = ecs_clock_now() - t0;
    return ECS_OK;
}
