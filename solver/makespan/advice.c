/* ecs_makespan_advise (makespan.h): what would make a deadline feasible. */
#include "ecsched/listsched.h"
#include "ecsched/makespan.h"

#include <string.h>

/* The list schedule's makespan of g on pes PEs into *out. */
static ecs_result list_makespan(const ecs_graph *g, int pes, long *out,
                                ecs_diag *diag)
{
    ecs_schedule *s = NULL;
    ecs_result rc = ecs_listsched_run(g, pes, &s, diag);
    if (rc == ECS_OK)
        *out = ecs_schedule_makespan(s);
    ecs_schedule_free(s);
    return rc;
}

ecs_result ecs_makespan_advise(const ecs_graph *g, int pes, long deadline,
                               long makespan, int proven, long lower_bound,
                               ecs_makespan_advice *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    if (g == NULL || pes < 1 || deadline < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "advice needs a graph, at least 1 PE and a "
                            "deadline of at least 1 slot");
    out->deadline = deadline;
    out->critical_path = ecs_graph_critical_path(g);
    ecs_result rc = ECS_OK;
    if (makespan <= 0) {
        rc = list_makespan(g, pes, &makespan, diag);
        if (rc != ECS_OK)
            return rc;
        lower_bound = ecs_makespan_lower_bound(g, pes);
        proven = makespan <= lower_bound;
    }
    out->least_deadline = makespan;
    out->least_proven = proven;
    out->lower_bound = proven ? makespan : lower_bound;
    if (deadline < out->critical_path || makespan <= deadline)
        return ECS_OK;
    long work = 0;
    for (size_t i = 0; i < g->n; i++)
        work += g->work[i];
    /* fewer than ceil(W / D') PEs cannot hold the work; with one PE a task
     * (n) every task starts at its earliest: the makespan is the critical
     * path, which is <= D' here */
    long lo = (work + deadline - 1) / deadline;
    if (lo < pes + 1)
        lo = pes + 1;
    long hi = (long)g->n > lo ? (long)g->n : lo;
    if (hi > 100000)
        hi = 100000;
    long ms = 0;
    rc = list_makespan(g, (int)hi, &ms, diag);
    if (rc != ECS_OK)
        return rc;
    if (ms > deadline)
        return ECS_OK; /* cannot happen for hi >= n; kept for safety */
    /* the least P in [lo, hi] where the list schedule meets D', as far as
     * bisection finds it (list makespans are not monotone in P) */
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        rc = list_makespan(g, (int)mid, &ms, diag);
        if (rc != ECS_OK)
            return rc;
        if (ms <= deadline)
            hi = mid;
        else
            lo = mid + 1;
    }
    out->pes_needed = (int)hi;
    out->pes_needed_proven =
        hi - 1 <= pes ? proven || lower_bound > deadline
                      : ecs_makespan_lower_bound(g, (int)(hi - 1)) > deadline;
    return ECS_OK;
}
