/*
 * ecsched: Standard Task Graph (STG) files: reader, writer, generators.
 */
#ifndef ECSCHED_STG_H
#define ECSCHED_STG_H

#include <stdio.h>

#include "ecsched/graph.h"

/*
 * Read an STG file.  format ECS_STG_AUTO detects the layout.  The reader
 * works on tokens (any line length, CRLF, no final newline, records in any
 * order) and fails with EIO (cannot open) or EPARSE (diag names file, line
 * and problem: truncated file, count mismatch, unknown or duplicate id,
 * cycle, negative cost, garbage token).  The graph keeps every record,
 * dummies included (dummy[] marks them).
 */
ecs_result ecs_stg_read_file(const char *path, ecs_stg_format format,
                             ecs_graph **out, ecs_diag *diag);

/* Same, on a buffer of len bytes; name is used in diagnostics. */
ecs_result ecs_stg_read_buffer(const char *buf, size_t len, const char *name,
                               ecs_stg_format format, ecs_graph **out,
                               ecs_diag *diag);

/*
 * Write g in the standard layout: header n, dummy entry 0 and exit n+1
 * (added unless g already has them), tasks renumbered 1..n in topological
 * order, and a "#" block with CP Length and Parallelism.
 */
ecs_result ecs_stg_write(FILE *f, const ecs_graph *g, const char *comment);

/* Random graph generators of the STG set. */
typedef enum ecs_gen_method {
    ECS_GEN_SAMEPROB, /* every edge i<j with the same probability */
    ECS_GEN_LAYERED   /* tasks in layers, edges from earlier layers */
} ecs_gen_method;

typedef struct ecs_gen_params {
    size_t tasks;          /* number of real tasks, >= 1 */
    ecs_gen_method method;
    unsigned long seed;
    long max_work;         /* work uniform in 1..max_work (default 10) */
    double avg_preds;      /* target average predecessors (default 2) */
} ecs_gen_params;

/* Fill params with defaults. */
void ecs_gen_params_init(ecs_gen_params *p);

/* Generate a graph (with dummy entry and exit, ids 0..n+1). */
ecs_result ecs_stg_generate(const ecs_gen_params *p, ecs_graph **out,
                            ecs_diag *diag);

#endif
