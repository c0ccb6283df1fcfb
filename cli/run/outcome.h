/*
 * The end of the scheduling commands: their schedule document, and for
 * the exact commands (milp, solve) one way to check a schedule, write its
 * document, print it and choose the exit code (cli/run/outcome.c).
 */
#ifndef ECSCHED_CLI_OUTCOME_H
#define ECSCHED_CLI_OUTCOME_H

#include "run/methods.h"
#include "run/model.h"
#include "ecsched/problem.h"

#include "ecsched/milp.h"

/* A command's own keys, appended to its document after the head; 0, or
 * non-zero when out of memory. */
typedef int (*tool_outcome_keys_fn)(json_t *doc, const void *job);

/* What ran: the method and its parameters (the document's "params" and
 * the base search's limit) and the command's start (ecs_clock_now,
 * ecs_clock_cpu: the "context"). */
typedef struct tool_outcome_run {
    tool_method method;
    const tool_method_params *mp;
    double t0, c0;
} tool_outcome_run;

/*
 * A scheduling command's whole document: the library's
 * ecs_document_problem with the command's keys (keys(obj, job)) and its
 * method's params (head->problem, head->model and head->schedule set).
 * NULL when out of memory.
 */
json_t *tool_outcome_doc(const ecs_doc_info *head, const tool_outcome_run *run,
                        tool_outcome_keys_fn keys, const void *job);

struct tool_outcome;

/* Prints the command's summary for people (o->job, the checker's report). */
typedef void (*tool_outcome_print_fn)(const struct tool_outcome *o,
                                     const ecs_check_report *rep);

typedef struct tool_outcome {
    const char *cmd;
    const tool_model *m;      /* -o, --json, the platform */
    const ecs_problem *pb;   /* graph, prices, D' */
    const ecs_schedule *schedule; /* or NULL (none found) */
    ecs_milp_status status;
    double runtime_s;
    tool_outcome_run run;
    tool_outcome_keys_fn keys;
    tool_outcome_print_fn print;
    const void *job;
} tool_outcome;

/*
 * Run the checker on the schedule (a schedule that breaks the model is an
 * internal error), write the document (tool_outcome_doc with the head of
 * ecs_problem_doc_info, the status and runtime; cost, makespan and
 * meets_deadline null without a schedule) to -o and --json, print the
 * summary unless --json, say on stderr why there is no schedule, and
 * return the exit code of the status: 0 optimal or feasible, 1
 * infeasible, 3 no solution within the limit.
 */
int tool_outcome_finish(const tool_outcome *o);

/* The end of an exact command: when rc is not ECS_OK, diag's message on
 * stderr and rc's exit code; else tool_outcome_finish(o). */
int tool_outcome_exit(const tool_outcome *o, ecs_result rc, const ecs_diag *diag);

/* The keys every exact command's document has: "optimal" (status is
 * optimal), "bound" and "gap" (null when unknown); 0, or -1 when out of
 * memory. */
int tool_outcome_add_bound(json_t *doc, ecs_milp_status status, double bound,
                          double gap);

/* The summary lines every exact command prints: graph, pes and deadline
 * (with the base makespan); status, then cost (with the saving over the
 * base) and makespan when there is a schedule. */
void tool_outcome_print_problem(const tool_outcome *o);
void tool_outcome_print_solution(const tool_outcome *o, const ecs_check_report *rep);

#endif
