/*
 * ecsched reproduce: the heuristic-only experiments (saving over E, static
 * power) run in-process on the library, writing rows in the batch format
 * (the README's `batch` section) plus "tasks" and "base_optimal".
 */
#ifndef ECSCHED_CLI_REPRODUCE_RUN_H
#define ECSCHED_CLI_REPRODUCE_RUN_H

#include <stddef.h>

#include "run/cli.h"

typedef struct ecs_repro_heur {
    const char *const *graphs;
    size_t ngraphs;
    const long *pes;
    size_t npes;
    const char *const *ext;   /* decimals, e.g. "0.05" */
    size_t next;
    const char *prices;       /* comma list, default epex-2016-10-19 */
    const char *power;        /* NULL: quadratic */
    double makespan_time_limit_s; /* per base schedule (default 10) */
    int with_base;            /* a "base" row per case (default 1) */
    int with_milp;            /* a "milp" row per case (default 0), warm-
                                 started with the cheaper heuristic result;
                                 its proven optimum goes into the heuristic
                                 rows' "optimum" */
    double milp_time_limit_s; /* per MILP (default 60) */
} ecs_repro_heur;

void ecs_repro_heur_init(ecs_repro_heur *h);

/*
 * For every graph, P, price schedule and E: the base schedule, the
 * heuristic in sweep and binary mode, optionally the MILP (each schedule checked by the checker), one row each, written
 * as JSON lines to out_path atomically.  A case that fails is a row with
 * "error" and the run goes on.  *ncases = rows written.  EIO, ENOMEM,
 * EINVAL (bad P, power or E).
 */
ecs_result ecs_repro_heur_run(const ecs_repro_heur *h, const char *out_path,
                              size_t *ncases, ecs_diag *diag);

#endif
