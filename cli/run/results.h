/*
 * ecsched: reading batch result rows (docs/reference.md "batch") for
 * reports, plots and reproduce.
 */
#ifndef ECSCHED_CLI_RESULTS_H
#define ECSCHED_CLI_RESULTS_H

#include <stddef.h>

#include <jansson.h>

/* The string value of key, or NULL. */
const char *ecs_row_str(const json_t *row, const char *key);

/* 1 and *out set when key holds a finite number, else 0. */
int ecs_row_num(const json_t *row, const char *key, double *out);

/* A finished case: an object whose "error" is absent or null. */
int ecs_row_ok(const json_t *row);

/* method is a heuristic (neither "base" nor "milp"). */
int ecs_row_is_heuristic(const char *method);

/* Proven optima: the "milp" rows keyed by graph, pes, extension and
 * prices, with their cost when the status is "optimal". */
typedef struct ecs_optima ecs_optima;

/* NULL on out of memory. */
ecs_optima *ecs_optima_new(json_t *const *rows, size_t n);

void ecs_optima_free(ecs_optima *o);

/* The proven optimum of row's case: its own "optimum" when a positive
 * number, else the matching optimal milp row's cost.  1 when found, 0 when
 * the case has a MILP result without proof, -1 when the case has no MILP
 * at all (not a comparison case). */
int ecs_optima_find(const ecs_optima *o, const json_t *row, double *opt);

#endif
