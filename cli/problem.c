/* The problem every scheduling command starts from: the graph, the base
 * schedule (makespan-optimal, or the user's --base), D' and the prices. */
#include "problem.h"

#include <stdlib.h>
#include <string.h>

ecs_result ecs_cli_deadline(const ecs_cli_model *m, long makespan, long *out,
                            ecs_diag *diag)
{
    if (m->deadline > 0 && m->extension_given)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "give --extension or --deadline, not both");
    if (m->deadline > 0) {
        *out = m->deadline;
        return ECS_OK;
    }
    if (ecs_decimal_extend(makespan, m->extension, out) != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--extension is too large");
    return ECS_OK;
}

ecs_result ecs_cli_read_base(const char *path, const ecs_graph *g,
                             const ecs_platform *p, ecs_schedule **out,
                             ecs_diag *diag)
{
    ecs_schedule *s = NULL;
    ecs_result rc = ecs_doc_read(path, g, p, &s, NULL, diag);
    if (rc != ECS_OK)
        return rc;
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0)
            continue;
        int full = t->stop - t->start + 1 == g->work[i];
        for (long l = t->start; full && l <= t->stop; l++)
            full = t->freq[l - t->start] == 0;
        if (!full) {
            ecs_schedule_free(s);
            return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                "task %ld: a base schedule runs every task at f = 1 "
                                "(stop = start + work - 1 = %ld)",
                                g->id[i], t->start + g->work[i] - 1);
        }
    }
    long m = ecs_schedule_makespan(s);
    double *zero = calloc((size_t)(m > 0 ? m : 1), sizeof *zero);
    if (zero == NULL) {
        ecs_schedule_free(s);
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    }
    ecs_check_report r;
    rc = ecs_check_schedule(g, p, zero, (size_t)(m > 0 ? m : 1), 0, s, &r);
    free(zero);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "not a valid base schedule: %s", r.msg);
    }
    *out = s;
    return ECS_OK;
}
