/*
 * Internal pieces shared by the DOT and WfFormat readers and writers (not
 * public API): a table of task names, ids from names, work rounding, and
 * building the graph with messages that name tasks as the file does.
 */
#ifndef ECSCHED_GRAPHIO_INTERNAL_H
#define ECSCHED_GRAPHIO_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "ecsched/graph.h"

/* Task names in the order first seen, with a hash index. */
typedef struct gio_names {
    size_t n, cap;
    char **name;   /* NUL-terminated copies */
    long *line;    /* line where first seen (0 if unknown) */
    size_t *slot;  /* open addressing: index + 1, 0 = empty */
    size_t nslot;  /* power of two */
} gio_names;

void gio_names_free(gio_names *t);

/* Index of the name s[0..len), or (size_t)-1. */
size_t gio_names_find(const gio_names *t, const char *s, size_t len);

/* Add s[0..len) if new.  *idx gets its index.  1 if new, 0 if it was
 * there, -1 out of memory. */
int gio_names_add(gio_names *t, const char *s, size_t len, long line,
                  size_t *idx);

/* Ids: the names as whole numbers 0..10^15 if all are, else 1..n. */
void gio_ids(const gio_names *t, long *id);

/* ceil(v / unit) with a 1e-9 tolerance, at least 1 when v > 0; -1 if
 * v < 0, not finite, or the result exceeds ECS_GRAPHIO_MAX_WORK. */
int gio_round_work(double v, double unit, long *out);

/*
 * Build the graph: edges by task index (comm in e[].comm), duplicates
 * merged when merge_dups (the first kept) or an error naming both tasks;
 * a self-loop or a cycle is an error naming a task on it (and the line
 * where it was first seen).  Sets format and meta.work_unit/file_work.
 */
ecs_result gio_build(const char *file, const gio_names *t, const long *work,
                     ecs_edge *e, size_t m, int has_comm, int merge_dups,
                     ecs_stg_format fmt, double work_unit, double file_work,
                     ecs_graph **out, ecs_diag *diag);

/* Is task i a layout dummy that is a source or a sink (left out by the
 * writers)? */
int gio_skip_task(const ecs_graph *g, size_t i);

#endif
