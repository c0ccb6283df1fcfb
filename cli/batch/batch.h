/*
 * ecsched batch: many cases (graph x P x E x prices x method) run by worker
 * processes, results appended loss-free to a JSON-lines file.
 *
 * A case is one method on one problem; its key is (graph, pes, extension,
 * prices, method).  A unit of work is one graph and one P: its base schedule
 * is computed once, and within it the cases of one E and price schedule run
 * together so that the heuristic warm-starts the MILP.  Workers are forked
 * children that stream "S <case>" (case started) and "R <case> <json>"
 * (case done) lines through a pipe; only the parent writes the results
 * file, one whole line per write(2), and fdatasyncs after each round of
 * worker output.
 */
#ifndef ECSCHED_CLI_BATCH_H
#define ECSCHED_CLI_BATCH_H

#include <stddef.h>
#include <sys/types.h>

#include "run/methods.h"
#include "run/model.h"
#include "run/rows.h"

#define TOOL_BATCH_MAX_LIST 64

/* The watchdog per case when --kill-after is not given:
 * TOOL_BATCH_KILL_FACTOR x time limit + makespan limit + margin. */
#define TOOL_BATCH_KILL_FACTOR 2.0
#define TOOL_BATCH_KILL_MARGIN_S 30.0

/* Every list of the command line and the options that shape the cases. */
typedef struct tool_batch_plan {
    tool_model model;          /* freqs, power, format, price loader flags */
    size_t ngraph;
    char **graph;                 /* paths as given (argv) */
    size_t npes;
    long pes[TOOL_BATCH_MAX_LIST];
    size_t next;
    ecs_decimal ext[TOOL_BATCH_MAX_LIST];
    size_t nprices;
    char prices[TOOL_BATCH_MAX_LIST][256];
    size_t nmethod;
    tool_method method[TOOL_METHOD_COUNT]; /* in run order */
    tool_param_grid grid;          /* method parameters; a list is an axis */
    size_t nvariant;              /* points of the grid (set by _complete) */
    double makespan_limit_s;      /* base schedule limit per graph and P */
    double kill_after_s;          /* watchdog per case */
    json_t *price_source[TOOL_BATCH_MAX_LIST]; /* per price schedule, with
                                     its file hash (tool_batch_execute) */
    int workers;                  /* worker processes (for the rows) */
    long shard_k, shard_n;        /* this run does shard k of n (1-based) */
} tool_batch_plan;

/* Defaults: no lists, the MILP's and the makespan search's default time
 * limits (their _init), shard 1/1. */
void tool_batch_plan_init(tool_batch_plan *plan);

/* Parse "2,4,8" / "0,0.05" / "flat,FILE" / "base,sweep" into the plan;
 * -1 with diag on a bad item. */
int tool_batch_parse_pes(tool_batch_plan *plan, const char *list, ecs_diag *diag);
int tool_batch_parse_ext(tool_batch_plan *plan, const char *list, ecs_diag *diag);
int tool_batch_parse_prices(tool_batch_plan *plan, const char *list, ecs_diag *diag);
int tool_batch_parse_methods(tool_batch_plan *plan, const char *list, ecs_diag *diag);
/* "K/N" with 1 <= K <= N. */
int tool_batch_parse_shard(tool_batch_plan *plan, const char *text, ecs_diag *diag);

/* Case numbering: case = ((((unit * next + e) * nprices + r) * nvariant + v)
 * * nmethod + m), unit = graph * npes + p, v the point of the parameter
 * grid.  The methods of one (E, prices, v) run together. */
size_t tool_batch_ncases(const tool_batch_plan *plan);
size_t tool_batch_nunits(const tool_batch_plan *plan);
size_t tool_batch_cases_per_unit(const tool_batch_plan *plan);

typedef struct tool_batch_case {
    size_t graph, pes, ext, prices, variant, method; /* list indices */
} tool_batch_case;

void tool_batch_case_of(const tool_batch_plan *plan, size_t id, tool_batch_case *c);

/* 1 if unit u belongs to this run's shard (FNV-1a of "graph\x1fP"). */
int tool_batch_unit_in_shard(const tool_batch_plan *plan, size_t unit);

/* The key of a case (tool_row_key of its row; malloc). */
char *tool_batch_case_key(const tool_batch_plan *plan, size_t id);

/* A row (run/rows.h) with every outcome null, for case id of the plan:
 * its model and params objects set (release with tool_row_release). */
void tool_batch_row_init(tool_row *row, const tool_batch_plan *plan, size_t id);

/* The parameters of case id. */
void tool_batch_case_params(const tool_batch_plan *plan, size_t id,
                           tool_method_params *p);

/* Free what the plan holds (the price sources). */
void tool_batch_plan_release(tool_batch_plan *plan);

/* ---- the results file ---- */

typedef struct tool_batch_store {
    int fd;
    const char *path;
    char **keys;       /* sorted keys of the cases already in the file */
    size_t nkeys;
    size_t truncated;  /* bytes of a partial last line removed on open */
    int dirty;         /* lines written since the last sync */
} tool_batch_store;

/*
 * Open (create) the results file, lock it (one writer), cut a partial last
 * line left by a killed run, and read the keys of the cases done.  EIO
 * (locked, unreadable), EPARSE (a whole line that is not a result, diag
 * names the line).
 */
ecs_result tool_batch_store_open(const char *path, tool_batch_store *st,
                                ecs_diag *diag);

/* 1 if the case key is in the file. */
int tool_batch_store_has(const tool_batch_store *st, const char *key);

/* Append one whole line with write(2) (a line is never split between two
 * writes unless write(2) itself writes less, which a restart repairs). */
ecs_result tool_batch_store_append(tool_batch_store *st, const char *line,
                                  size_t len, ecs_diag *diag);

/* fdatasync the lines appended since the last call (the pool calls it
 * after each round of worker output, so one sync covers a whole group). */
ecs_result tool_batch_store_sync(tool_batch_store *st, ecs_diag *diag);

void tool_batch_store_close(tool_batch_store *st);

/* ---- workers ---- */

/* A test hook read from $ECSCHED_BATCH_FAULT: "crash:METHOD:P" aborts and
 * "hang:METHOD:P" sleeps in the case of that method and P. */
typedef struct tool_batch_fault {
    int action;        /* 0 none, 1 crash, 2 hang */
    tool_method method;
    long pes;
} tool_batch_fault;

void tool_batch_fault_parse(const char *text, tool_batch_fault *f);

/*
 * The worker: run the cases ids[0..n-1] (all of one unit, ascending) and
 * stream "S id" / "R id json" lines to fd.  Never returns an error: a case
 * that fails is reported as a line with status "error".
 */
void tool_batch_worker_run(const tool_batch_plan *plan, const size_t *ids,
                          size_t n, const tool_batch_fault *fault, int fd);

/* What the pool did. */
typedef struct tool_batch_stats {
    size_t total;        /* cases of this shard */
    size_t already;      /* found in the file */
    size_t run;          /* recorded by this run */
    size_t failed;       /* ... of them with status error, crashed or timeout */
    size_t crashed, timeout, error;
    size_t truncated;    /* bytes of a partial last line cut on open */
    int interrupted;     /* SIGINT or SIGTERM */
    double elapsed_s;
} tool_batch_stats;

/*
 * Run the cases ids[0..n-1] (ascending; missing from the file) on `jobs`
 * forked workers and append their lines to st.  Returns OK (also when
 * cases failed or the run was interrupted: see stats), EIO when the file
 * cannot be written.
 */
ecs_result tool_batch_pool_run(const tool_batch_plan *plan, const size_t *ids,
                              size_t n, int jobs, const tool_batch_fault *fault,
                              tool_batch_store *st, tool_batch_stats *stats,
                              ecs_diag *diag);

/* ---- the engine (cli/batch/run.c), shared by batch and reproduce ---- */

/* Worker processes by default: the CPUs of this process's affinity mask
 * (sched_getaffinity; Slurm and taskset), else the online CPUs. */
int tool_batch_default_jobs(void);

/* Fill what the command line left out: E = 0, the default prices, every
 * available method, the grid size, the base search limit, the watchdog
 * from the limits (the largest MILP limit of the grid). */
void tool_batch_plan_complete(tool_batch_plan *plan);

/*
 * Run a completed plan into the results file out_path: check every graph
 * and price schedule first (bad input: EPARSE/EIO/EINVAL before any work)
 * and record each price source with its file hash in the plan,
 * open and lock the file, run the cases it does not hold on `jobs` workers
 * (<= 0: tool_batch_default_jobs()).  OK also when cases failed or the run
 * was interrupted (see stats).
 */
ecs_result tool_batch_execute(tool_batch_plan *plan, const char *out_path,
                             int jobs, const tool_batch_fault *fault,
                             tool_batch_stats *stats, ecs_diag *diag);

#endif
