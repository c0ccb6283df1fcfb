/*
 * ecsched: task graphs (DAGs of tasks with integer work).
 *
 * A graph keeps the STG ids of its tasks, their work (non-negative integer
 * work units, one unit = one slot on one PE at frequency 1), the precedence
 * edges with optional communication costs, and a topological order.
 * Graphs are immutable once built; every function here is reentrant.
 */
#ifndef ECSCHED_GRAPH_H
#define ECSCHED_GRAPH_H

#include <stddef.h>

#include "ecsched/result.h"

/*
 * Task graph file formats: the three STG layouts and the other formats
 * graphio.h reads and writes (docs/reference.md "Input formats").
 */
typedef enum ecs_stg_format {
    ECS_STG_AUTO = 0, /* detect from the file */
    ECS_STG_STANDARD, /* header "n", records 0..n+1 with dummy entry and exit */
    ECS_STG_PROTO,    /* header "n P", tasks 1..n (+ exit n+1, entry 0 optional) */
    ECS_STG_COMM,     /* header "n P", tasks 0..n-1, "pred cost" lines */
    ECS_STG_DOT,      /* Graphviz DOT: node [weight=W], edge [size=C] */
    ECS_STG_WFFORMAT  /* WfCommons WfFormat JSON (schema 1.4, 1.5) */
} ecs_stg_format;

/* Name of a format: "auto", "standard", "proto", "comm", "dot",
 * "wfformat". */
const char *ecs_stg_format_name(ecs_stg_format f);

/*
 * Parse a format name ("auto", "standard", "proto", "comm", "dot",
 * "wfformat") into *out.
 * ECS_OK, or ECS_EINVAL with diag (may be NULL) naming the value and the
 * accepted names; *out is untouched then.
 */
ecs_result ecs_stg_format_parse(const char *name, ecs_stg_format *out,
                                ecs_diag *diag);

/* Metadata from the STG "#" information block, where present. */
typedef struct ecs_stg_meta {
    char generator[64];  /* precedence generator, e.g. "sameprob"; "" if absent */
    long cp_length;      /* "CP Length", -1 if absent */
    double parallelism;  /* "Parallelism", -1 if absent */
    long header_pes;     /* processors in an "n P" header, 0 if none */
    double work_unit;    /* file units per work unit the reader divided the
                            file's work by (rounding up): seconds for
                            WfFormat runtimes, 1 for STG and DOT unless
                            asked; 0 for graphs built in memory */
    double file_work;    /* total work as written in the file, in file
                            units (0 for graphs built in memory) */
} ecs_stg_meta;

typedef struct ecs_graph {
    size_t n;              /* number of tasks, zero-work ones included */
    long *id;              /* STG id of each task (unique) */
    long *work;            /* work of each task, >= 0 */
    unsigned char *dummy;  /* 1 for a layout's dummy entry/exit record */
    size_t nedges;         /* number of edges */
    size_t *pred_off;      /* n+1 offsets into pred / pred_comm */
    size_t *pred;          /* predecessor task indices, sorted per task */
    long *pred_comm;       /* communication cost per predecessor edge, or NULL */
    size_t *succ_off;      /* n+1 offsets into succ */
    size_t *succ;          /* successor task indices, sorted per task */
    size_t *topo;          /* the task indices in a topological order */
    ecs_stg_format format; /* layout it was read from (AUTO if built in memory) */
    ecs_stg_meta meta;     /* "#" block of the file */
    char *source;          /* file name it was read from, or NULL */
} ecs_graph;

/* An edge list entry for ecs_graph_build. */
typedef struct ecs_edge {
    size_t from; /* task index of the predecessor */
    size_t to;   /* task index of the successor */
    long comm;   /* communication cost, 0 if none */
} ecs_edge;

/*
 * Build a graph of n tasks with the given ids and work (copied), and m edges
 * given by task index.  has_comm says whether the edges' comm values are
 * meaningful.  Fails with EINVAL (diag says which) on a duplicate id,
 * negative work, an edge index out of range, a self-loop, a duplicate edge
 * or a cycle.  dummy may be NULL (no dummies).
 */
ecs_result ecs_graph_build(size_t n, const long *id, const long *work,
                           const unsigned char *dummy, size_t m,
                           const ecs_edge *edges, int has_comm,
                           ecs_graph **out, ecs_diag *diag);

/* Free a graph; NULL is accepted. */
void ecs_graph_free(ecs_graph *g);

/*
 * The graph of the positive-work tasks only: every zero-work task is removed
 * and each of its (transitive, through zero-work tasks) positive-work
 * predecessors is made to precede each of its positive-work successors.
 * Ids, format, metadata and source are kept; communication costs are dropped
 * on edges that pass through a removed task.
 */
ecs_result ecs_graph_contract(const ecs_graph *g, ecs_graph **out,
                              ecs_diag *diag);

/* The largest graph ecs_graph_transitive_reduction takes (its memory is
 * n^2 / 8 bytes: 32 MiB here). */
#define ECS_GRAPH_REDUCE_MAX_TASKS 16384

/*
 * The transitive reduction of g: the same tasks (index for index: ids,
 * work, dummies, format, metadata, source) and only the edges a -> b that
 * no longer path a -> ... -> b implies, with their communication costs.
 * Every schedule meets the precedence of g exactly when it meets that of
 * the reduction, so the solvers work on it: fewer precedence rows, the
 * same feasible schedules and the same LP bounds.  ELIMIT beyond
 * ECS_GRAPH_REDUCE_MAX_TASKS tasks (the caller keeps g), ENOMEM.  O(n m / 64)
 * time.
 */
ecs_result ecs_graph_transitive_reduction(const ecs_graph *g, ecs_graph **out,
                                          ecs_diag *diag);

/*
 * Index of the task with STG id `id`, or (size_t)-1.  O(1) when the id is
 * the index or the index + 1 (the STG layouts), else a linear scan, O(n).
 */
size_t ecs_graph_find(const ecs_graph *g, long id);

/* Figures about a graph, as `ecsched info` shows them. */
typedef struct ecs_graph_stats {
    size_t tasks;        /* tasks that are not layout dummies */
    size_t edges;        /* edges between such tasks */
    size_t work_tasks;   /* tasks with positive work */
    long critical_path;  /* longest path by work */
    long total_work;     /* sum of work */
    double parallelism;  /* total_work / critical_path (0 if cp is 0) */
} ecs_graph_stats;

void ecs_graph_stats_compute(const ecs_graph *g, ecs_graph_stats *out);

/* Longest path by work, in work units. */
long ecs_graph_critical_path(const ecs_graph *g);

/*
 * For every task, the length of the longest path from it to a sink,
 * including its own work ("bottom level").  out has g->n entries.
 */
void ecs_graph_bottom_levels(const ecs_graph *g, long *out);

/*
 * For every task, the length of the longest path from a source to it,
 * excluding its own work ("top level", its earliest start).  out has g->n
 * entries.
 */
void ecs_graph_top_levels(const ecs_graph *g, long *out);

#endif
