/*
 * ecsched: CaWoSched's fixed-mapping problem set up from its three files
 * and its JSON document (docs/cawosched.md, docs/schema/cawosched.schema.json),
 * one loader and one writer for the command and the Python package
 * (setup/cws_doc.c).  The document has CaWoSched's units: time units, its
 * powers, cost = brown cost x brown energy; every task and transfer with
 * its processor, start and end (start + duration, exclusive).
 */
#ifndef ECSCHED_CWS_DOC_H
#define ECSCHED_CWS_DOC_H

#include <stddef.h>

#include <jansson.h>

#include "ecsched/cawosched.h"
#include "ecsched/graph.h"
#include "ecsched/result.h"
#include "ecsched/setup.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The problem and the files it comes from (owned). */
typedef struct ecs_cws_files {
    ecs_graph *g;
    ecs_cws_mapping *map;
    ecs_cws_setup *setup;
    ecs_cws_problem *p;
} ecs_cws_files;

/*
 * Read the graph at graph_path (m->format), m->mapping_path and
 * m->cws_setup_path, and build the problem (ecs_cws_problem_build); a
 * graph above m->limits.max_tasks is ELIMIT.  A failure names the file,
 * or the three inputs.  Release with ecs_cws_files_release (also after a
 * failure).
 */
ecs_result ecs_cws_files_load(const ecs_setup *m, const char *graph_path,
                              ecs_cws_files *in, ecs_diag *d);

/* Free what in holds; NULL is accepted. */
void ecs_cws_files_release(ecs_cws_files *in);

/* A run on the problem, as the document records it. */
typedef struct ecs_cws_run {
    const char *cmd, *method;   /* "solve", "local", "validate" */
    const char *graph_path;
    const ecs_setup *m;
    const ecs_cws_files *in;
    const long *start;          /* NULL: no schedule */
    ecs_cws_eval ev;
    const char *violation;      /* validate: the first broken rule, or NULL */
    long long bound;            /* -1: none */
    const char *bound_method;   /* "fixedmap", "milp" */
    const char *status;
    const char *found_by;
    long long start_cost;       /* -1: none */
    int milp_ran, milp_optimal;
    long long milp_cost, milp_bound;
    double milp_s;
    size_t milp_cols, milp_rows;
    const char *milp_note;      /* why the MILP did not run, or NULL */
    double runtime_s;
    const struct ecs_remap_stats *remap; /* --remap: what the search did
                                            (ecsched/remap.h), or NULL */
} ecs_cws_run;

/* (cost - bound) / cost (0 for cost 0), NAN without a bound (< 0). */
double ecs_cws_gap(long long cost, long long bound);

/* A cost, energy or power of a problem built with scale (frequencies:
 * ecs_cws_problem_build_freq) in CaWoSched's units: a whole number at
 * scale 1, else a number; null when negative (none). */
json_t *ecs_cws_amount(long long v, long scale);

/* The frequencies of --remap --freqs (several), or NULL (CaWoSched's one
 * speed); *n gets their count. */
const double *ecs_cws_remap_freqs(const ecs_setup *m, size_t *n);

/* The document of r (docs/schema/cawosched.schema.json): NULL when out of
 * memory. */
json_t *ecs_cws_document(const ecs_cws_run *r);

/* Its text as ecsched writes documents (ecs_document_text), malloc'ed
 * (free), for callers without jansson; NULL when out of memory. */
char *ecs_cws_document_text(const ecs_cws_run *r);

/*
 * The start of every task and transfer of p (p->n entries into start)
 * from a schedule held as text (len bytes, name for messages): ecsched's
 * CaWoSched document (a JSON object: "tasks" by id, "transfers" by from
 * and to, each with its pe and start) or CaWoSched's own starts file
 * (ecs_cws_starts_read_buffer).  EPARSE naming name, the entry and the
 * problem (unknown task or transfer, a pe the mapping disagrees with, one
 * given twice or missing), ENOMEM.
 */
ecs_result ecs_cws_starts_read_any(const ecs_cws_problem *p, const char *buf,
                                   size_t len, const char *name, long *start,
                                   ecs_diag *d);

#ifdef __cplusplus
}
#endif

#endif
