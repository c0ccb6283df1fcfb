/* The end of the exact commands (cli/run/outcome.h). */
#include "run/outcome.h"

#include <math.h>
#include <string.h>

static int exit_for(ecs_milp_status s)
{
    switch (s) {
    case ECS_MILP_OPTIMAL:
    case ECS_MILP_FEASIBLE:
        return ECS_EXIT_OK;
    case ECS_MILP_INFEASIBLE:
        return ECS_EXIT_INFEASIBLE;
    case ECS_MILP_NO_SOLUTION:
        return ECS_EXIT_INTERNAL;
    }
    return ECS_EXIT_INTERNAL;
}

int ecs_outcome_add_tasks(json_t *doc, const ecs_cli_problem *pb,
                          const ecs_platform *p, const ecs_schedule *s)
{
    return s != NULL ? ecs_doc_add_tasks(doc, pb->g, p, s)
                     : json_object_set_new(doc, "tasks", json_array());
}

int ecs_outcome_finish(const ecs_outcome *o)
{
    const ecs_cli_problem *pb = o->pb;
    ecs_check_report rep;
    memset(&rep, 0, sizeof rep);
    rep.cost = NAN;
    if (o->schedule != NULL &&
        ecs_check_schedule(pb->g, &o->m->platform, pb->prices.price, pb->prices.n,
                           pb->deadline, o->schedule, &rep) != ECS_OK) {
        ecs_cli_errorf(o->cmd, "internal error: the schedule breaks the model: %s",
                       rep.msg);
        return ECS_EXIT_INTERNAL;
    }
    json_t *doc = o->doc(o->job, &rep);
    if (doc == NULL) {
        ecs_cli_errorf(o->cmd, "out of memory");
        return ECS_EXIT_INTERNAL;
    }
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = ecs_cli_write_doc(o->m, doc, &diag);
    json_decref(doc);
    if (rc != ECS_OK) {
        ecs_cli_error(o->cmd, &diag);
        return ecs_cli_exit_code(rc);
    }
    if (!o->m->json)
        o->print(o->job, &rep);
    if (o->status == ECS_MILP_INFEASIBLE)
        fprintf(stderr, "ecsched %s: no schedule meets the deadline %ld\n",
                o->cmd, pb->deadline);
    if (o->status == ECS_MILP_NO_SOLUTION)
        fprintf(stderr, "ecsched %s: the time limit was reached before any "
                        "schedule was found\n", o->cmd);
    return exit_for(o->status);
}
