/*
 * ecsched: Standard Task Graph (STG) files: reader, writer, generators.
 */
#ifndef ECSCHED_STG_H
#define ECSCHED_STG_H

#include <stdio.h>

#include <stdint.h>

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
 * Write g in the standard layout: header n, dummy entry 0 and exit n+1,
 * tasks renumbered 1..n in topological order, one record per line, and a
 * "#" block with the comment (each of its lines prefixed "# "), the
 * generator (g->meta.generator, where set), task and edge counts, CP Length
 * and Parallelism (total work / CP Length), as the STG files have it.
 *
 * The tasks written are all tasks of g except layout dummies (dummy[]) that
 * are a source or a sink; the entry and exit dummies are made afresh (entry
 * before every task without predecessors, exit after every task without
 * successors).  The renumbering is the topological order that takes the
 * smallest STG id first among the ready tasks, so a graph whose ids already
 * follow a topological order keeps its ids.  Communication costs are not
 * written (the standard layout has none; a "#" line says so).  Reading the
 * file back with ecs_stg_read_file gives the same graph under that
 * renumbering.  Fails with EIO when writing fails, ENOMEM (diag, which may
 * be NULL, says which, as for every writer).
 */
ecs_result ecs_stg_write(FILE *f, const ecs_graph *g, const char *comment,
                         ecs_diag *diag);

/* Random graph generators of the STG set. */
typedef enum ecs_gen_method {
    ECS_GEN_SAMEPROB, /* every edge i<j with the same probability */
    ECS_GEN_LAYERED,  /* tasks in layers, edges from earlier layers */
    ECS_GEN_FORKJOIN  /* a pipeline of fork-join stages */
} ecs_gen_method;

/* Name of a method: "sameprob", "layered", "forkjoin". */
const char *ecs_gen_method_name(ecs_gen_method m);

/*
 * Parse a method name ("sameprob", "layered", "forkjoin") into *out.  ECS_OK, or
 * ECS_EINVAL with diag (may be NULL) naming the value and the accepted
 * names; *out is untouched then.
 */
ecs_result ecs_gen_method_parse(const char *name, ecs_gen_method *out,
                                ecs_diag *diag);

/* Limits of the generators (time is quadratic in the tasks for sameprob
 * and layered, linear for forkjoin). */
#define ECS_GEN_MAX_TASKS 50000
#define ECS_GEN_MAX_WORK 1000000000L
#define ECS_GEN_MAX_EDGES 4000000

typedef struct ecs_gen_params {
    size_t tasks;          /* number of real tasks, 1..ECS_GEN_MAX_TASKS
                              (default 50) */
    ecs_gen_method method; /* default ECS_GEN_SAMEPROB */
    uint64_t seed;         /* default 1 */
    long max_work;         /* work uniform in 1..max_work (default 10) */
    double avg_preds;      /* target average predecessors (default 2),
                              0..(tasks - 1) / 2; forkjoin ignores it */
    size_t chain_min;      /* forkjoin: each parallel branch a chain of */
    size_t chain_max;      /* chain_min..chain_max tasks, 1..ECS_GEN_FJ_MAX_CHAIN
                              (default 1..1: single tasks); other methods
                              need 1..1 */
} ecs_gen_params;

/* Fill params with defaults. */
void ecs_gen_params_init(ecs_gen_params *p);

/* EINVAL (diag says which) for tasks outside 1..ECS_GEN_MAX_TASKS, an
 * unknown method, max_work outside 1..ECS_GEN_MAX_WORK, avg_preds not in
 * 0..(tasks - 1) / 2 or more edges than ECS_GEN_MAX_EDGES; what
 * ecs_stg_generate checks first. */
ecs_result ecs_gen_params_validate(const ecs_gen_params *p, ecs_diag *diag);

/* Number of layers the layered method uses for `tasks` tasks:
 * round(tasks / 10) (the STG set's average width of 10), at least 2 (at
 * most tasks). */
size_t ecs_gen_layers(size_t tasks);

/* The fork-join pipeline's stage widths: each stage is one fork task,
 * ECS_GEN_FJ_MIN_WIDTH..ECS_GEN_FJ_MAX_WIDTH parallel tasks and one join. */
#define ECS_GEN_FJ_MIN_WIDTH 10
#define ECS_GEN_FJ_MAX_WIDTH 60
/* The longest chain a fork-join branch may be (ecs_gen_params.chain_max). */
#define ECS_GEN_FJ_MAX_CHAIN 100

/*
 * Generate a graph with dummy entry 0 and exit n+1 (ids 0..n+1, dummy[]
 * set, entry before every source, exit after every sink), real tasks 1..n
 * with work uniform in 1..max_work, ids in a topological order.
 *
 * sameprob: every pair i < j is an edge with probability
 * p = 2 avg_preds / (n - 1), so a task has avg_preds predecessors on average.
 * layered: ecs_gen_layers(n) layers, each with one task and the remaining
 * tasks dealt to layers uniformly at random, numbered layer by layer; every
 * pair from an earlier to a later layer is an edge with probability
 * p = avg_preds n / (number of such pairs), capped at 1.
 * forkjoin: stages of one fork, ECS_GEN_FJ_MIN_WIDTH..ECS_GEN_FJ_MAX_WIDTH
 * parallel branches and one join before the next stage's fork; each branch
 * is a chain of chain_min..chain_max tasks (uniform; the branch count is
 * drawn first, then the lengths), the last stage takes the tasks left (its
 * branches may be more, and its last one shorter).  With chains of 1 the
 * graph is the one earlier versions made from the same seed.
 * meta.generator is "sameprob", "layrprob" (the STG set's names) or
 * "forkjoin".
 *
 * Deterministic: a splitmix64 stream seeded with seed, no global state, no
 * floating point in the draws; the same parameters give the same graph on
 * every machine.  Fails with EINVAL (diag says which parameter) or ENOMEM.
 */
ecs_result ecs_stg_generate(const ecs_gen_params *p, ecs_graph **out,
                            ecs_diag *diag);

#endif
