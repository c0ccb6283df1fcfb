/*
 * ecsched report: statistics over batch result lines (cli/report/).
 *
 * The parsed lines are kept as jansson objects so that other consumers
 * (plots) can take the same array.
 */
#ifndef ECSCHED_CLI_REPORT_H
#define ECSCHED_CLI_REPORT_H

#include <stddef.h>

#include "run/cli.h"

/* The result lines of one or more files, one object per case. */
typedef struct tool_report_rows {
    json_t **row;       /* n objects (owned) */
    size_t n;
    size_t duplicates;  /* lines whose case key was seen before (dropped) */
    size_t partial;     /* unfinished last lines skipped (a running batch) */
} tool_report_rows;

/*
 * Read JSON-lines files (batch output; shards may be given together).
 * A case that occurs twice is kept once (the first).  EIO, EPARSE (diag
 * names file and line).  Release with tool_report_rows_release.
 */
ecs_result tool_report_load(const char *const *paths, size_t npaths,
                           tool_report_rows *out, ecs_diag *diag);

void tool_report_rows_release(tool_report_rows *r);

/* One line of a report table: a group and its statistics. */
typedef struct tool_report_stat {
    const char *table;  /* "cases", "ratio", "ratio_unproven", ... */
    char method[16];    /* "" when not by method */
    char setting[256];  /* "name=value ..." of the settings that differ
                           between the rows (tool_report.axis), "" if none */
    char cols[256];     /* the same values, short (a file's base name), one
                           per axis in axis order, separated by '\x1f' */
    char by[16];        /* "all", "pes", "extension", "prices", "status" */
    char value[256];    /* group value, "" for "all" */
    size_t n;           /* cases in the group */
    double mean, median, max, total; /* NAN where not applicable */
} tool_report_stat;

#define TOOL_REPORT_MAX_AXES 32

typedef struct tool_report {
    tool_report_stat *stat;
    size_t n, cap;
    /* settings that differ between the rows ("model.power",
     * "params.time_limit_s", "version", ...): every table is split by
     * them, never averaged across them */
    char axis[TOOL_REPORT_MAX_AXES][128];
    /* the grid axis each is, for columns: "prices" (price_source.spec),
     * "prices_hash" (price_source.file_hash), else the last part of the
     * path ("sigma", "power", "version") */
    char axis_name[TOOL_REPORT_MAX_AXES][48];
    /* 1 for a file hash beside a price file axis: it only follows the file
     * (shown with --json and --strict) */
    int axis_hidden[TOOL_REPORT_MAX_AXES];
    size_t naxes;
} tool_report;

/*
 * Compute every table from rows: case counts by status; instances with a
 * proven optimum; cost over optimum (proven only) by method and by P, E and
 * prices; cost over best bound for instances without a proven optimum
 * (separately, the same breakdown); saving over base by method and by P, E
 * and prices; runtimes by method, base search included.  Every group is
 * also split by the settings that differ between rows (model, params,
 * version: see tool_report.axis).
 */
ecs_result tool_report_compute(const tool_report_rows *rows, tool_report *out,
                              ecs_diag *diag);

void tool_report_release(tool_report *r);

#endif
