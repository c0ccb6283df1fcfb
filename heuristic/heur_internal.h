/*
 * Internal to heuristic/: the mapper's workspace, shared by heur_map.c
 * (input checks, the greedy mapper) and heur_search.c (sweep, binary).
 */
#ifndef ECSCHED_HEUR_INTERNAL_H
#define ECSCHED_HEUR_INTERNAL_H

#include "ecsched/heuristic.h"

/* One mapping: start/stop per task and a PE-by-slot frequency grid (tasks
 * on one PE have disjoint intervals, so a task's slots are contiguous in
 * its PE's row). */
typedef struct heur_map_buf {
    long *start;          /* n */
    long *stop;           /* n, -1 when not placed */
    unsigned char *freq;  /* rows * deadline */
} heur_map_buf;

typedef struct heur_ws {
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long deadline;        /* D' */
    size_t rows;          /* PEs used by the base (max PE + 1) */
    size_t *order;        /* the tasks in base order (start, PE, STG id) */
    int *pe;              /* base PE of each task */
    double *rem;          /* remaining budget of each slot < D' */
    long *row_free;       /* first free slot of each PE */
    heur_map_buf cur, best;
} heur_ws;

/*
 * Check the inputs (see heuristic.h: the instance on the paper's model,
 * the base) and compute cost(base) and C+.  base_cost / plus may be NULL.
 */
ecs_result heur_check_inputs(const ecs_instance *inst,
                             const ecs_schedule *base, double *base_cost,
                             double *plus, ecs_diag *diag);

/* Allocate a workspace for checked inputs; ENOMEM. */
ecs_result heur_ws_init(heur_ws *ws, const ecs_instance *inst,
                        const ecs_schedule *base, ecs_diag *diag);

void heur_ws_release(heur_ws *ws);

/*
 * Map at budget b into ws->cur.  Sets *feasible; when feasible, *cost and
 * *makespan (cost summed as the checker sums it).
 */
void heur_ws_map(heur_ws *ws, double b, int *feasible, double *cost,
                 long *makespan);

/* Swap ws->cur and ws->best. */
void heur_ws_keep(heur_ws *ws);

/* Write a mapping buffer into schedule s (same n); ENOMEM. */
ecs_result heur_ws_export(const heur_ws *ws, const heur_map_buf *m,
                          ecs_schedule *s, ecs_diag *diag);

#endif
