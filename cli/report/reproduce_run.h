/*
 * ecsched reproduce: the budget landscapes (Figure 3), run in process on
 * the library (cli/report/reproduce_run.c).  The other experiments are
 * batch plans run by the batch engine (batch/batch.h).
 */
#ifndef ECSCHED_CLI_REPRODUCE_RUN_H
#define ECSCHED_CLI_REPRODUCE_RUN_H

#include "run/cli.h"

/*
 * The heuristic (sweep, `steps` budgets) on graph with P PEs at extension
 * ext (a decimal such as "0.2"), default model and prices, its landscape
 * written atomically to csv_path (budget,feasible,cost,makespan, as
 * `heuristic --landscape`).  EINVAL, EPARSE, EIO, ENOMEM with diag.
 */
ecs_result tool_repro_landscape(const char *graph, long pes, const char *ext,
                               long steps, const char *csv_path, ecs_diag *diag);

#endif
