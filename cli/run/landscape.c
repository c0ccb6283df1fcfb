/* The heuristic's budget landscape as CSV (cli/run/landscape.h). */
#include "run/landscape.h"

#include <stdio.h>
#include <stdlib.h>

/* "budget,feasible,cost,makespan", one row per candidate; cost and
 * makespan empty where infeasible. */
char *tool_landscape_csv(const ecs_heur_result *r)
{
    size_t cap = 64 + r->ncand * 96, len = 0;
    char *s = malloc(cap);
    if (s == NULL)
        return NULL;
    len += (size_t)snprintf(s, cap, "budget,feasible,cost,makespan\n");
    for (size_t k = 0; k < r->ncand; k++) {
        const ecs_heur_candidate *c = &r->cand[k];
        if (c->feasible)
            len += (size_t)snprintf(s + len, cap - len, "%.12g,1,%.12g,%ld\n",
                                    c->budget, c->cost == 0.0 ? 0.0 : c->cost,
                                    c->makespan);
        else
            len += (size_t)snprintf(s + len, cap - len, "%.12g,0,,\n",
                                    c->budget);
    }
    return s;
}

