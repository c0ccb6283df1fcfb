/*
 * ecsched: CaWoSched's problem (Schweisgut, Benoit, Robert, Meyerhenke,
 * ICPP 2025; docs/cawosched.md): a workflow whose tasks are mapped and
 * ordered on P processors, communication tasks on the P(P-1) links between
 * them, a green power budget per time interval, and a carbon cost for the
 * power drawn above that budget.  This header reads CaWoSched's setup and
 * mapping files (the DOT file is read by graphio.h), builds the fixed-mapping
 * problem with its communication tasks exactly as CaWoSched's code does, and
 * evaluates a schedule (start times) to CaWoSched's validity and cost.
 *
 * Decisions (docs/cawosched.md says why, and how it differs from
 * docs/MODEL.md "Heterogeneous platforms"):
 *  - Time is whole time units 0..D-1; a task of duration w started at s
 *    occupies the units s..s+w-1 and must end by the deadline (s + w <= D).
 *  - Processors are numbered as CaWoSched numbers them: 0..P-1 compute
 *    processors, then the link a -> b (a != b) is
 *    P + a(P-1) + b - (b > a ? 1 : 0); the setup file gives idle and work
 *    power for all P^2 of them.
 *  - An edge u -> v whose tasks are on different processors becomes a
 *    communication task of duration size(u, v) on link proc(u) -> proc(v),
 *    after u and before v.  The transfers of one link run one at a time in
 *    CaWoSched's order: by earliest start of the sender, then of the
 *    receiver, computed on the graph with the mapping's chains and without
 *    communication.  An edge of size 0 is no transfer (CaWoSched would make
 *    a zero-length task and call every schedule invalid).
 *  - The power at unit t is the idle power of all P^2 processors plus the
 *    work power of each processor busy at t; its brown part is
 *    max(0, power - budget of t's interval); the cost is the brown cost
 *    times the sum of the brown parts over 0..D-1 (power x time units, in
 *    64-bit integers: CaWoSched's 32-bit sums wrap on large instances).
 */
#ifndef ECSCHED_CAWOSCHED_H
#define ECSCHED_CAWOSCHED_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/result.h"

/* Limits of the readers (they keep every sum below 2^63). */
#define ECS_CWS_MAX_PROCS 1024      /* compute processors P */
#define ECS_CWS_MAX_DEADLINE 1000000 /* time units */
#define ECS_CWS_MAX_POWER 1000000   /* one idle or work power */
#define ECS_CWS_MAX_BUDGET 1000000000000L /* one interval's green budget */
#define ECS_CWS_MAX_COST 1000000    /* brown cost per unit */

/* ---- the setup file ---- */

/*
 * CaWoSched's setup: seven lines, numbers separated by blanks,
 *   D                      deadline (time units 0..D-1), 1..ECS_CWS_MAX_DEADLINE
 *   K                      number of intervals, >= 1
 *   idle_0 ... idle_{P^2-1} idle power of every processor (P compute, then links)
 *   work_0 ... work_{P^2-1} work power (as many as idle, a square P^2)
 *   C                      brown cost per unit of brown energy
 *   g_0 ... g_{K-1}        green power budget of each interval
 *   b_0 ... b_K            interval bounds: b_0 = 0 < b_1 < ... < b_K = D
 * Interval k is the units b_k..b_{k+1}-1.  Blank lines after the seventh
 * are ignored; CRLF line ends are accepted.
 */
typedef struct ecs_cws_setup {
    long deadline;     /* D */
    size_t nprocs;     /* P (compute processors); idle and work have P^2 */
    long *idle;        /* idle power of each processor, P^2 entries */
    long *work;        /* work power, P^2 entries */
    long brown_cost;   /* C */
    size_t nintervals; /* K */
    long *budget;      /* green power budget per interval, K entries */
    long *bound;       /* K + 1 interval bounds */
} ecs_cws_setup;

/*
 * Read a setup from the len bytes at buf (name for messages).  EPARSE with
 * file, line and problem (a missing line, a count that disagrees, a value
 * out of range, bounds that do not start at 0, rise and end at D), ENOMEM.
 * *out is NULL on failure; free with ecs_cws_setup_free.  Linear time.
 */
ecs_result ecs_cws_setup_read_buffer(const char *buf, size_t len,
                                     const char *name, ecs_cws_setup **out,
                                     ecs_diag *diag);

/* Same, from a file ("-" is standard input); EIO when it cannot be read. */
ecs_result ecs_cws_setup_read_file(const char *path, ecs_cws_setup **out,
                                   ecs_diag *diag);

void ecs_cws_setup_free(ecs_cws_setup *s);

/* ---- the mapping file ---- */

/*
 * A mapping: the task ids on each compute processor in execution order.
 * Two forms, told apart by content ('{' first, after blanks: JSON):
 *  - CaWoSched's text: line 1 the number of processors P, then line k + 2
 *    the ids of processor k's tasks in order, separated by blanks (an empty
 *    or missing line: no task); at most P such lines (blank ones after).
 *  - ecsched's JSON (docs/schema/mapping.schema.json):
 *      {"processors": P, "mapping": [{"id": ID, "pe": K, "order": O}, ...]}
 *    pe in 0..P-1, order any whole number; a processor runs its tasks by
 *    increasing order, and two tasks of one processor may not share one.
 * An id may appear once only.  Ids are whole numbers >= 0.
 */
typedef struct ecs_cws_mapping {
    size_t nprocs; /* P */
    size_t ntasks; /* entries in task */
    size_t *off;   /* P + 1 offsets: processor k runs task[off[k]..off[k+1]) */
    long *task;    /* task ids, in execution order per processor */
} ecs_cws_mapping;

/*
 * Read a mapping in either form.  EPARSE with file, line (the text form;
 * the JSON form names the entry, mapping[i], and the line jansson gives for
 * syntax errors) and problem: P not in 1..ECS_CWS_MAX_PROCS, more processor
 * lines than P, a pe out of range, a repeated id or order, a malformed
 * number.  *out is NULL on failure; free with ecs_cws_mapping_free.
 */
ecs_result ecs_cws_mapping_read_buffer(const char *buf, size_t len,
                                       const char *name,
                                       ecs_cws_mapping **out, ecs_diag *diag);

ecs_result ecs_cws_mapping_read_file(const char *path, ecs_cws_mapping **out,
                                     ecs_diag *diag);

void ecs_cws_mapping_free(ecs_cws_mapping *m);

/*
 * The mapping in CaWoSched's text form, the one readMapping reads: line 1
 * P, then one line per processor with its task ids in order, separated by
 * a blank (an empty line: no task), each line ended by LF.  Into *out, a
 * NUL-terminated string (free()).  ENOMEM.
 */
ecs_result ecs_cws_mapping_text(const ecs_cws_mapping *m, char **out,
                                ecs_diag *diag);

/* ---- the fixed-mapping problem ---- */

/*
 * The problem of one graph, mapping and setup: n tasks, the graph's tasks
 * first (index i is graph task i), then the communication tasks; every task
 * has a processor, a duration and a work power, and `succ` lists the
 * precedence arcs u -> v (s_v >= s_u + dur_u): graph edges (through the
 * transfer when there is one) and the chains of each processor and link.
 */
typedef struct ecs_cws_problem {
    size_t nprocs;      /* P compute processors (P^2 with the links) */
    size_t ncomp;       /* graph tasks (indices 0..ncomp-1) */
    size_t n;           /* all tasks, communication included */
    long *dur;          /* duration, time units (>= 0) */
    size_t *proc;       /* processor 0..P^2-1 */
    long *power;        /* work power of the task's processor */
    size_t *edge_from;  /* for a transfer: the graph task indices of its */
    size_t *edge_to;    /* edge; (size_t)-1 for graph tasks */
    size_t *succ_off;   /* n + 1 offsets into succ */
    size_t *succ;       /* successors (arcs), per task */
    size_t *pred_off;   /* n + 1 offsets into pred */
    size_t *pred;       /* predecessors, per task */
    size_t *topo;       /* a topological order of the n tasks */
    long deadline;      /* D */
    long long base;     /* idle power of all P^2 processors */
    long brown_cost;    /* C */
    size_t nintervals;  /* K */
    long *budget;       /* K budgets */
    long *bound;        /* K + 1 bounds */
    long *graph_id;     /* the graph's ids (ncomp entries, copied) */
    long scale;         /* powers, budgets and the base are scale times
                           CaWoSched's (1 unless built with frequencies) */
    double *freq;       /* frequency of each graph task (ncomp), or NULL:
                           all at 1 */
} ecs_cws_problem;

/*
 * Build the problem.  The mapping must name every graph task exactly once
 * and have the setup's P; EINVAL otherwise (diag names the task or the
 * counts), and EINFEASIBLE when a processor's order contradicts the
 * graph (the arcs have a cycle; diag names a task on it).  The deadline is
 * not checked here (see ecs_cws_earliest).  O((n + m) log n).
 */
ecs_result ecs_cws_problem_build(const ecs_graph *g, const ecs_cws_mapping *m,
                                 const ecs_cws_setup *s,
                                 ecs_cws_problem **out, ecs_diag *diag);

/*
 * The same with a frequency per graph task (freq[i] in (0, 1], NULL: all
 * at 1; ecsched's extension, docs/cawosched.md "Frequencies"): task i
 * lasts ceil(w_i / f_i) units and draws the work power of its processor
 * times f_i^2; transfers run at full speed.  Every power, the base and the
 * budgets are multiplied by scale (>= 1, e.g. ECS_CWS_FREQ_SCALE) and a
 * task's scaled power is rounded to the nearest whole number (exact for
 * frequencies with at most two decimals at 10000), so a cost of this
 * problem is scale times the cost in CaWoSched's units.  The link order
 * uses the tasks' scaled durations.  EINVAL for a frequency outside
 * (0, 1] or a scale below 1, else as ecs_cws_problem_build.
 */
#define ECS_CWS_FREQ_SCALE 10000
ecs_result ecs_cws_problem_build_freq(const ecs_graph *g,
                                      const ecs_cws_mapping *m,
                                      const ecs_cws_setup *s,
                                      const double *freq, long scale,
                                      ecs_cws_problem **out, ecs_diag *diag);

void ecs_cws_problem_free(ecs_cws_problem *p);

/*
 * Earliest start of every task (as soon as possible after its
 * predecessors, from 0) into est (n entries); returns the makespan.  The
 * problem is feasible exactly when the makespan is at most the deadline.
 */
long ecs_cws_earliest(const ecs_cws_problem *p, long *est);

/*
 * Latest start of every task such that every successor can still start by
 * its latest start and every task ends by the deadline, into lst.  Some
 * are negative when the deadline cannot be met.
 */
void ecs_cws_latest(const ecs_cws_problem *p, long *lst);

/* Name of task i in messages: the graph id ("task 7") or the transfer
 * ("transfer 3->5 on link 0->2"), into buf. */
void ecs_cws_task_name(const ecs_cws_problem *p, size_t i, char *buf,
                       size_t size);

/* What an evaluation found. */
typedef struct ecs_cws_eval {
    int valid;            /* 1 when every rule holds */
    long makespan;        /* largest end time */
    long long brown;      /* sum over units of max(0, power - budget) */
    long long cost;       /* brown x brown cost (CaWoSched's cost) */
    long long energy;     /* total energy drawn (idle included) */
} ecs_cws_eval;

/*
 * Evaluate start times (n entries) under CaWoSched's rules: every start
 * >= 0, every end (start + duration) <= D, and every arc u -> v has
 * start_v >= start_u + dur_u (this covers the order on each processor and
 * link, and the transfers between their tasks).  The cost is computed for
 * any starts within 0..D-1 (units outside are not charged).  ECS_OK when
 * valid; EVIOLATION with diag naming the first broken rule and its task(s)
 * (out->valid 0, cost still filled); ELIMIT if the cost overflows 64 bits;
 * ENOMEM.  O(n + arcs + D).
 */
ecs_result ecs_cws_evaluate(const ecs_cws_problem *p, const long *start,
                            ecs_cws_eval *out, ecs_diag *diag);

/*
 * Read a schedule written by CaWoSched with bench/cawosched/export.patch:
 * "# ..." comment lines, "key value" lines (variant, valid, cost,
 * recomputed, deadline, processors, tasks), then one line per task:
 * `ID comp -1 -1 PROC START WEIGHT` or `ID comm FROM TO PROC START WEIGHT`
 * (FROM, TO: the graph ids of the edge).  Fills start (p->n entries) by
 * matching graph tasks by id and transfers by edge, and *cost with the
 * file's cost (-1 if absent).  EPARSE (file, line, problem) for malformed
 * lines, unknown tasks or edges, a processor or weight that disagrees with
 * p, a task missing or given twice.
 */
ecs_result ecs_cws_starts_read_buffer(const ecs_cws_problem *p,
                                      const char *buf, size_t len,
                                      const char *name, long *start,
                                      long long *cost, ecs_diag *diag);

#endif
