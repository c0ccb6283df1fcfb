/*
 * The end of the exact commands (milp, solve): one way to check a
 * schedule, write its document, print it and choose the exit code
 * (cli/run/outcome.c).
 */
#ifndef ECSCHED_CLI_OUTCOME_H
#define ECSCHED_CLI_OUTCOME_H

#include "run/problem.h"

#include "ecsched/milp.h"

/* Builds the command's document for the checker's report (NULL: out of
 * memory) and prints its summary for people. */
typedef json_t *(*ecs_outcome_doc_fn)(const void *job, const ecs_check_report *rep);
typedef void (*ecs_outcome_print_fn)(const void *job, const ecs_check_report *rep);

typedef struct ecs_outcome {
    const char *cmd;
    const ecs_cli_model *m;      /* -o, --json, the platform */
    const ecs_cli_problem *pb;   /* graph, prices, D' */
    const ecs_schedule *schedule; /* or NULL (none found) */
    ecs_milp_status status;
    ecs_outcome_doc_fn doc;
    ecs_outcome_print_fn print;
    const void *job;
} ecs_outcome;

/*
 * Run the checker on the schedule (a schedule that breaks the model is an
 * internal error), write the document (-o, --json), print the summary
 * unless --json, say on stderr why there is no schedule, and return the
 * exit code of the status: 0 optimal or feasible, 1 infeasible, 3 no
 * solution within the limit.
 */
int ecs_outcome_finish(const ecs_outcome *o);

/* Append the "tasks" of a schedule to a document, or an empty list when
 * there is none; 0, or -1 when out of memory. */
int ecs_outcome_add_tasks(json_t *doc, const ecs_cli_problem *pb,
                          const ecs_platform *p, const ecs_schedule *s);

#endif
