/*
 * ecsched: result rows (docs/reference.md "batch"), the one source of truth for
 * them (cli/run/rows.c): the row, its writer in a fixed key order, the case
 * key, and the JSON-lines reader.  batch, report, plots and reproduce all
 * go through here.
 *
 * JSON lines: one row per line, each ending in '\n'.  The one rule for a
 * partial last line (a batch still writing, or killed): text after the
 * last '\n' is not a row; readers skip it and count it (tool_rows.partial),
 * the batch store cuts it on open.
 */
#ifndef ECSCHED_CLI_ROWS_H
#define ECSCHED_CLI_ROWS_H

#include <stddef.h>

#include "run/cli.h"

/* One result line: one method on one case.  model, params and context
 * are owned JSON objects (NULL: null), released by tool_row_release. */
typedef struct tool_row {
    const char *graph;
    long tasks;                             /* < 0: null */
    long pes;
    double extension;
    const char *prices;
    const char *method;
    json_t *model;      /* run/record.h: freqs, power, deadline rule, price source */
    json_t *params;     /* tool_method_params_json of the method */
    const char *status;
    double cost, base_cost, optimum, bound; /* NAN: null */
    double gap;                             /* NAN: null */
    const char *bound_method;               /* solve: how the bound was
                                               proven; NULL: null */
    const char *found_by;                   /* solve: who found the
                                               schedule; NULL: null */
    long makespan, deadline;                /* < 0: null */
    int meets_deadline;                     /* < 0: null */
    double runtime_s;                       /* the method (batch: the case) */
    long base_makespan;                     /* < 0: null */
    const char *base_status;                /* NULL: null (ecs_record_base_status) */
    int base_makespan_optimal;              /* < 0: null */
    double base_runtime_s;                  /* NAN: null; the base search */
    const char *error;                      /* NULL: null */
    json_t *energy_split; /* an extended platform's kWh by source and
                             money (ecs_ext_split_json); NULL: the key
                             is absent (rows of the paper's platform) */
    json_t *context;    /* host, cpu_model, workers, wall_s, cpu_s */
} tool_row;

/* A row of case (graph, pes, extension, prices, method) with every
 * outcome null and status "error". */
void tool_row_init(tool_row *row, const char *graph, long pes, double extension,
                  const char *prices, const char *method);

/* Release model, params and context. */
void tool_row_release(tool_row *row);

/* The row as a JSON object in the fixed key order (tool, version, graph,
 * tasks, pes, extension, prices, method, model, params, status, cost,
 * base_cost, optimum, bound, gap, bound_method, found_by, makespan,
 * deadline, meets_deadline,
 * runtime_s, base_makespan, base_status, base_makespan_optimal,
 * base_runtime_s, error, energy_split (only when set), context); NULL
 * when out of
 * memory. */
json_t *tool_row_json(const tool_row *row);

/* The row as one compact JSON line with its final '\n' (malloc); NULL
 * when out of memory. */
char *tool_row_line(const tool_row *row);

/* The case key of a row object (malloc): graph, pes, extension, prices,
 * method, and the model and params objects (canonical JSON, keys sorted;
 * "null" when absent, as in rows of older versions): every input that
 * changes the result.  NULL when a key field is missing or has the wrong
 * type (not a result row) or out of memory. */
char *tool_row_key(const json_t *row);

/* The instance key (malloc): graph, pes, extension, prices and model, so
 * that the methods of one problem meet (optima, ratios). */
char *tool_row_instance_key(const json_t *row);

/* Canonical JSON of v (compact, keys sorted; "null" for NULL) (malloc). */
char *tool_json_canonical(const json_t *v);

/* Length of the whole lines of buf[0..len-1]: up to the last '\n', or
 * all of it when the text after the last '\n' is a complete row (a result
 * line that lacks only its newline, as a full disk or an editor leaves it).
 * The one rule for a partial last line, for every reader. */
size_t tool_rows_whole(const char *buf, size_t len);

/* Rows read from JSON lines. */
typedef struct tool_rows {
    json_t **row;       /* n row objects (owned) */
    size_t n;
    size_t partial;     /* partial last lines skipped (one per file at most) */
} tool_rows;

/*
 * Parse the whole lines of buf[0..len-1] (path names it in messages) and
 * append their rows to out.  Empty lines are skipped; a whole line that is
 * not a result row is EPARSE with the line number.  ENOMEM.
 */
ecs_result tool_rows_parse(const char *buf, size_t len, const char *path,
                          tool_rows *out, ecs_diag *diag);

/*
 * Read a JSON-lines file and append its rows to out.  A missing file is
 * EIO unless missing_ok (then nothing is added).  EPARSE as above.
 */
ecs_result tool_rows_read(const char *path, int missing_ok, tool_rows *out,
                         ecs_diag *diag);

void tool_rows_release(tool_rows *r);

#endif
