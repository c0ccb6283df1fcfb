/* One scheduling problem (instance.h): what it borrows, what it derives. */
#include "ecsched/instance.h"

#include "ecsched/check.h"

#include <math.h>
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
    return ecs_check_prices(inst->price, inst->nprice, inst->deadline, diag);
}

ecs_result ecs_instance_prepare(ecs_instance *inst, ecs_diag *diag)
{
    ecs_result rc = ecs_instance_validate(inst, diag);
    if (rc != ECS_OK || inst->reduced != NULL)
        return rc;
    ecs_graph *red = NULL;
    if (ecs_graph_transitive_reduction(inst->graph, &red, NULL) != ECS_OK)
        red = NULL; /* too large or out of memory: the graph itself */
    rc = ecs_windows_compute(red ? red : inst->graph, inst->platform->pes,
                             inst->deadline, &inst->windows,
                             &inst->windows_empty, diag);
    if (rc != ECS_OK) {
        ecs_graph_free(red);
        return rc;
    }
    inst->reduced_owned_ = red;
    inst->reduced = red ? red : inst->graph;
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
