/*
 * ecsched: the budgeted frequency-scaling heuristic of Gerhards and Keller
 * (MODEL.md "Heuristic"), on top of a base schedule at f = 1.
 *
 * The base schedule fixes each task's PE and the per-PE order; a candidate
 * budget b gives every slot l < D' the budget b / D'; the greedy mapper
 * places tasks in base start order at the highest affordable frequency per
 * slot (last-slot rule f_suff, waits in place at f = 0).  Sweep mode tries
 * b = B/I, 2B/I, ..., B; binary mode bisects [0, B]; B = sigma * cost(base).
 * The result never costs more than the base and always meets D' when the
 * base does (the base itself is the fall-back).
 */
#ifndef ECSCHED_HEURISTIC_H
#define ECSCHED_HEURISTIC_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

typedef enum ecs_heur_mode {
    ECS_HEUR_SWEEP = 0, /* b = B/I .. B in I steps */
    ECS_HEUR_BINARY     /* bisection of [0, B] */
} ecs_heur_mode;

/* "sweep" / "binary" */
const char *ecs_heur_mode_name(ecs_heur_mode m);

/* Parse a mode name; 0, or -1 when unknown. */
int ecs_heur_mode_parse(const char *name, ecs_heur_mode *out);

typedef struct ecs_heur_params {
    ecs_heur_mode mode;  /* default sweep */
    long steps;          /* I, default 100 */
    double sigma;        /* B = sigma * cost(base), default 2 */
    double rel_tol;      /* binary: stop when hi - lo < rel_tol * B (1e-3) */
    int max_bisections;  /* binary: at most this many steps (64) */
} ecs_heur_params;

/* Fill params with the defaults. */
void ecs_heur_params_init(ecs_heur_params *prm);

/* EINVAL (diag says which) for steps < 1, sigma <= 0, and the like. */
ecs_result ecs_heur_params_validate(const ecs_heur_params *prm,
                                    ecs_diag *diag);

/* One evaluated budget (the paper's search landscape, Figure 3). */
typedef struct ecs_heur_candidate {
    double budget;   /* b */
    int feasible;    /* the mapping met D' */
    double cost;     /* its cost (when feasible) */
    long makespan;   /* its makespan (when feasible) */
} ecs_heur_candidate;

typedef struct ecs_heur_result {
    ecs_schedule *schedule;     /* the best schedule (the base if no candidate won) */
    double cost;                /* its cost */
    double base_cost;           /* cost(base) */
    double budget;              /* the winning b; NAN when the base was kept */
    int fallback;               /* 1 when the base schedule itself is returned */
    size_t ncand;               /* candidates evaluated */
    ecs_heur_candidate *cand;   /* all of them, in evaluation order */
} ecs_heur_result;

/*
 * Run the heuristic on graph g (contracted) with base schedule `base` (f = 1
 * everywhere), prices price[0..nprice-1] (nprice >= deadline) and deadline
 * D' (>= makespan(base)).  EINVAL when the inputs do not fit (diag says
 * which), ENOMEM.  Release *out with ecs_heur_result_release.
 */
ecs_result ecs_heur_run(const ecs_graph *g, const ecs_platform *p,
                        const double *price, size_t nprice, long deadline,
                        const ecs_schedule *base, const ecs_heur_params *prm,
                        ecs_heur_result *out, ecs_diag *diag);

/*
 * The greedy mapper alone, at budget b: fills *out (a schedule of g's n
 * tasks, overwritten) and sets *feasible.  Exposed for tests and for the
 * landscape.
 */
ecs_result ecs_heur_map(const ecs_graph *g, const ecs_platform *p,
                        const double *price, size_t nprice, long deadline,
                        const ecs_schedule *base, double budget,
                        ecs_schedule *out, int *feasible, ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_heur_result_release(ecs_heur_result *r);

#endif
