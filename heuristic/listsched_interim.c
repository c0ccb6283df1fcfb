/* Interim lower bound (replaced by the makespan issue's list scheduler). */
#include "ecsched/listsched.h"

long ecs_makespan_lower_bound(const ecs_graph *g, int pes)
{
    long total = 0;
    for (size_t i = 0; i < g->n; i++)
        total += g->work[i];
    long cp = ecs_graph_critical_path(g);
    long avg = pes > 0 ? (total + pes - 1) / pes : total;
    return cp > avg ? cp : avg;
}
