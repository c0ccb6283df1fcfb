/* The graph the solvers work on (core.h). */
#include "core.h"

#include "ecsched/graph.h"

const ecs_graph *core_solver_graph(const ecs_graph *g, ecs_graph **owned)
{
    *owned = NULL;
    if (g == NULL ||
        ecs_graph_transitive_reduction(g, owned, NULL) != ECS_OK ||
        *owned == NULL)
        return g;
    return *owned;
}
