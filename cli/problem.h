/* The problem a scheduling command starts from (cli/problem.c). */
#ifndef ECSCHED_CLI_PROBLEM_H
#define ECSCHED_CLI_PROBLEM_H

#include "cli.h"

/* D' from --deadline N, or floor(makespan * (1 + E)) exactly. */
ecs_result ecs_cli_deadline(const ecs_cli_model *m, long makespan, long *out,
                            ecs_diag *diag);

/*
 * Read a user's base schedule (--base): tasks [{id, pe, start, stop}] at
 * f = 1 (freqs optional), checked by the checker; a base that breaks the
 * model is bad input (EPARSE).
 */
ecs_result ecs_cli_read_base(const char *path, const ecs_graph *g,
                             const ecs_platform *p, ecs_schedule **out,
                             ecs_diag *diag);

#endif
