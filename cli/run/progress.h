/*
 * ecsched: one-line progress of the long searches on stderr, only when
 * stderr is a terminal (cli/run/progress.c), and the solver's --verbose
 * log, which goes to stderr so that stdout stays the document.
 */
#ifndef ECSCHED_CLI_PROGRESS_H
#define ECSCHED_CLI_PROGRESS_H

#include "ecsched/makespan.h"
#include "ecsched/milp.h"

/* 1 when progress lines are printed: stderr is a terminal and nobody
 * turned them off (batch workers do: the pool has its own line). */
int tool_progress_on(void);

/* Turn progress lines off (on = 0) or back to the terminal test. */
void tool_progress_enable(int on);

/* Progress callbacks: "\rmakespan: 1.5 s, best 42, bound 40, 12345 nodes"
 * and "\rmilp: 3.0 s, incumbent 12.3, bound 11.9, gap 3.2%, 120 nodes". */
void tool_makespan_progress(void *ctx, const ecs_progress *p);
void tool_milp_progress(void *ctx, const ecs_progress *p);

/* Local search (heuristic --mode local), about every second of a long
 * run: "\rlocal: 12.0 s, cost 113.2 (the schedule under search), 450
 * rounds". */
void tool_local_progress(void *ctx, const ecs_progress *p);

/* End an open progress line (a newline on stderr), if one is open. */
void tool_progress_done(void);

/* The MILP's --verbose log: text to stderr. */
void tool_log_stderr(void *ctx, const char *text);

#endif
