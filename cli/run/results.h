/*
 * ecsched: reading batch result rows (docs/reference.md "batch") for
 * reports, plots and reproduce.
 */
#ifndef ECSCHED_CLI_RESULTS_H
#define ECSCHED_CLI_RESULTS_H

#include <stddef.h>

#include <jansson.h>

/* The string value of key, or NULL. */
const char *tool_row_str(const json_t *row, const char *key);

/* 1 and *out set when key holds a finite number, else 0. */
int tool_row_num(const json_t *row, const char *key, double *out);

/* A finished case: an object whose "error" is absent or null. */
int tool_row_ok(const json_t *row);

/* method is a heuristic (neither "base" nor "milp"). */
int tool_row_is_heuristic(const char *method);

/* Proven optima: the "milp" rows keyed by graph, pes, extension and
 * prices, with their cost when the status is "optimal". */
typedef struct tool_optima tool_optima;

/* NULL on out of memory. */
tool_optima *tool_optima_new(json_t *const *rows, size_t n);

void tool_optima_free(tool_optima *o);

/* The proven optimum of row's case: its own "optimum" when a positive
 * number, else the matching optimal milp row's cost.  1 when found, 0 when
 * the case has a MILP result without proof, -1 when the case has no MILP
 * at all (not a comparison case). */
int tool_optima_find(const tool_optima *o, const json_t *row, double *opt);

#endif
