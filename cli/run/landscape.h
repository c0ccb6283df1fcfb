/* The heuristic's budget landscape as CSV (cli/run/landscape.c), written by
 * `heuristic --landscape` and by reproduce. */
#ifndef ECSCHED_CLI_LANDSCAPE_H
#define ECSCHED_CLI_LANDSCAPE_H

#include "ecsched/heuristic.h"

/* "budget,feasible,cost,makespan", one row per candidate; cost and
 * makespan empty where infeasible (malloc; NULL when out of memory). */
char *tool_landscape_csv(const ecs_heur_result *r);

#endif
