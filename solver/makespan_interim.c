/* Interim makespan module: a plain list schedule in topological order, so
 * that the commands run until the makespan issue lands (replaced by it). */
#include "ecsched/makespan.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

void ecs_makespan_params_init(ecs_makespan_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 10.0;
}

void ecs_makespan_result_release(ecs_makespan_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

ecs_result ecs_makespan_solve(const ecs_graph *g, int pes,
                              const ecs_makespan_params *prm,
                              ecs_makespan_result *out, ecs_diag *diag)
{
    (void)prm;
    memset(out, 0, sizeof *out);
    if (pes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "needs at least 1 PE");
    ecs_schedule *s = ecs_schedule_new(g->n);
    long *free_at = calloc((size_t)pes, sizeof *free_at);
    long *finish = calloc(g->n ? g->n : 1, sizeof *finish);
    if (s == NULL || free_at == NULL || finish == NULL) {
        ecs_schedule_free(s);
        free(free_at);
        free(finish);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t k = 0; k < g->n; k++) {
        size_t i = g->topo[k];
        long ready = 0;
        for (size_t e = g->pred_off[i]; e < g->pred_off[i + 1]; e++)
            if (finish[g->pred[e]] > ready)
                ready = finish[g->pred[e]];
        int best = 0;
        for (int q = 1; q < pes; q++)
            if ((free_at[q] > ready ? free_at[q] : ready) <
                (free_at[best] > ready ? free_at[best] : ready))
                best = q;
        long start = free_at[best] > ready ? free_at[best] : ready;
        finish[i] = start + g->work[i];
        free_at[best] = finish[i];
        if (g->work[i] > 0 &&
            ecs_schedule_place(s, i, best, start, finish[i] - 1, NULL, 0) !=
                ECS_OK) {
            ecs_schedule_free(s);
            free(free_at);
            free(finish);
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        }
    }
    free(free_at);
    free(finish);
    out->schedule = s;
    out->makespan = ecs_schedule_makespan(s);
    out->list_makespan = out->makespan;
    out->lower_bound = ecs_graph_critical_path(g);
    out->optimal = out->makespan == out->lower_bound;
    return ECS_OK;
}
