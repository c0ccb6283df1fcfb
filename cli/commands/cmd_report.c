/* ecsched report results.jsonl...: heuristic versus optimum, savings and
 * runtimes over batch results, as aligned text, Markdown or CSV. */
#include "run/cli.h"
#include "run/args.h"
#include "run/output.h"
#include "commands/commands.h"
#include "report/report.h"
#include "report/plots.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *CMD = "report";

/* Read every landscape file once before anything is printed, so that a bad
 * one stops the command with nothing half-done. */
static ecs_result check_landscapes(const char *const *land, size_t nland,
                                   ecs_diag *diag)
{
    for (size_t i = 0; i < nland; i++) {
        tool_landscape l;
        ecs_result rc = tool_landscape_read(land[i], &l, diag);
        if (rc != ECS_OK)
            return rc;
        tool_landscape_release(&l);
    }
    return ECS_OK;
}

int tool_cmd_report(int argc, char **argv);

const tool_command tool_command_report = {
    "report", "statistics over batch results (cost over optimum, savings, runtimes)",
    "Usage: ecsched report RESULTS.jsonl... [--markdown | --csv | --json]\n"
    "                      [--strict] [--plots DIR [--landscape FILE.csv]...]\n"
    "\n"
    "Reads the JSON lines of one or more batch runs (shards may be given\n"
    "together; a case found twice counts once) and prints:\n"
    "  cases         per method and status\n"
    "  instances     (graph, P, E, prices, model) with a proven optimum or not\n"
    "  ratio         heuristic cost over the proven optimum: n, mean, median,\n"
    "                max by method, overall and by P, E and price schedule\n"
    "  ratio_unproven  cost over the best MILP bound where the optimum is NOT\n"
    "                proven (an upper bound on the ratio), the same breakdown\n"
    "  gap           the MILP's and solve's own gap, (cost - bound) / cost,\n"
    "                where the optimum is NOT proven, the same breakdown\n"
    "  saving        (base cost - cost) / base cost (a fraction) by method,\n"
    "                overall and by P, E and price schedule\n"
    "  runtime       seconds per case by method, base search included\n"
    "Rows that differ in any other setting (frequencies, power, price file\n"
    "content, loader options, method parameters, version) are never pooled:\n"
    "every table gets one column per setting that differs (short values:\n"
    "prices=FILE's base name; a price file's hash only with --json and\n"
    "--strict).\n"
    "\n"
    "  --markdown     Markdown tables\n"
    "  --csv          one CSV table:\n"
    "                 table,method,setting,by,value,n,mean,median,max,total\n"
    "  --json         the same as one JSON document (tool, version, axes: the\n"
    "                 grid's axes by column name, axis_paths, stats)\n"
    "  --strict       refuse rows of more than one ecsched version (exit 2);\n"
    "                 tables show the price files' hashes\n"
    "  --plots DIR    also draw SVG plots into DIR: saving_vs_extension.svg\n"
    "                 (paper Fig. 2), heuristic_over_optimal.svg (by price\n"
    "                 schedule and E), solver_time.svg (by instance size),\n"
    "                 landscape.svg (paper Fig. 3, from --landscape files)\n"
    "  --landscape FILE.csv  a budget landscape of `ecsched heuristic\n"
    "                 --landscape` (repeatable)\n",
    tool_cmd_report};

enum { FMT_TEXT, FMT_MARKDOWN, FMT_CSV, FMT_JSON };

static const struct {
    const char *table, *title;
} titles[] = {
    {"cases", "Cases by method and status"},
    {"instances", "Instances (graph, P, E, prices) by optimum"},
    {"ratio", "Cost over proven optimum (instances with a proven optimum only)"},
    {"ratio_unproven", "Cost over best bound where the optimum is NOT proven "
                       "(upper bound on cost/optimum)"},
    {"gap", "Solver gap (cost - bound) / cost where the optimum is NOT proven"},
    {"ratio_undefined", "Cost over optimum undefined (optimum <= 0)"},
    {"saving", "Saving over the base schedule, (base - cost) / base"},
    {"runtime", "Runtime per case in seconds, base search included"},
    {"kwh", "Energy per case in kWh, idle included (extended platforms)"},
    {"green_share", "Green share of the energy (extended platforms with sources)"},
};

static const char *title_of(const char *table)
{
    for (size_t k = 0; k < sizeof titles / sizeof *titles; k++)
        if (strcmp(titles[k].table, table) == 0)
            return titles[k].title;
    return table;
}

#define NCOL 9
static const char *const heads[NCOL] = {"method", "setting", "by", "value", "n",
                                        "mean", "median", "max", "total"};
/* Columns left of the numbers (left-aligned). */
#define NTEXT 4

/* Axis k's short value in stat s (its cols), into buf. */
static void axis_value(const tool_report_stat *s, size_t k, char *buf, size_t n)
{
    const char *p = s->cols;
    for (size_t i = 0; i < k && p != NULL; i++) {
        p = strchr(p, '\x1f');
        p = p ? p + 1 : NULL;
    }
    if (p == NULL) {
        snprintf(buf, n, "-");
        return;
    }
    const char *e = strchr(p, '\x1f');
    snprintf(buf, n, "%.*s", (int)(e ? (size_t)(e - p) : strlen(p)), p);
}

/* Whether axis k is shown: a file hash only with --strict. */
static int axis_shown(const tool_report *r, size_t k, int strict)
{
    return strict || !r->axis_hidden[k];
}

/* "prices=two.csv sigma=1.0": the shown axes' short values (the CSV's
 * setting column). */
static void short_label(const tool_report *r, const tool_report_stat *s,
                        int strict, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < r->naxes && len < n; k++) {
        if (!axis_shown(r, k, strict))
            continue;
        char v[256];
        axis_value(s, k, v, sizeof v);
        if (strcmp(v, "-") == 0)
            continue; /* not a setting of this method */
        int w = snprintf(buf + len, n - len, "%s%s=%s", len ? " " : "",
                         r->axis_name[k], v);
        len += w > 0 ? (size_t)w : 0;
    }
}

static int g_strict; /* --strict: file hashes in the tables too */

static void cells(const tool_report *r, const tool_report_stat *s,
                  char c[NCOL][300], int csv)
{
    snprintf(c[0], 300, "%s", s->method);
    short_label(r, s, g_strict, c[1], 300);
    snprintf(c[2], 300, "%s", s->by);
    snprintf(c[3], 300, "%s", s->value);
    snprintf(c[4], 300, "%zu", s->n);
    const double v[4] = {s->mean, s->median, s->max, s->total};
    for (int k = 0; k < 4; k++) {
        if (!isfinite(v[k]))
            snprintf(c[5 + k], 300, "%s", csv ? "" : "-");
        else
            snprintf(c[5 + k], 300, csv ? "%.9g" : "%.4f", v[k]);
    }
}

/* Columns a table shows: counts only, or the statistics (total: runtime). */
static int ncols(const char *table)
{
    if (strcmp(table, "cases") == 0 || strcmp(table, "instances") == 0 ||
        strcmp(table, "ratio_undefined") == 0)
        return 5;
    return strcmp(table, "runtime") == 0 ? 9 : 8;
}

/* The columns of a text or Markdown table: method, one per shown axis
 * (its short name and values), then by, value and the numbers. */
#define MAXCOL (NCOL + TOOL_REPORT_MAX_AXES)

static int table_cols(const tool_report *r, const tool_report_stat *s, int nc,
                      const char *head[MAXCOL], char c[MAXCOL][300], int *ntext)
{
    char base[NCOL][300];
    cells(r, s, base, 0);
    int n = 0;
    head[n] = heads[0];
    snprintf(c[n++], 300, "%s", base[0]);
    for (size_t k = 0; k < r->naxes; k++) {
        if (!axis_shown(r, k, g_strict))
            continue;
        head[n] = r->axis_name[k];
        axis_value(s, k, c[n++], 300);
    }
    for (int k = 2; k < nc; k++) {
        head[n] = heads[k];
        snprintf(c[n++], 300, "%s", base[k]);
    }
    *ntext = n - (nc - NTEXT); /* the text columns end before n */
    return n;
}

static void print_table(const tool_report *r, size_t from, size_t to, int fmt)
{
    const char *table = r->stat[from].table;
    int nc = ncols(table);
    int w[MAXCOL], n = 0, ntext = 0;
    const char *head[MAXCOL];
    static char c[MAXCOL][300];
    n = table_cols(r, &r->stat[from], nc, head, c, &ntext);
    for (int k = 0; k < n; k++)
        w[k] = (int)strlen(head[k]);
    for (size_t i = from; i < to; i++) {
        table_cols(r, &r->stat[i], nc, head, c, &ntext);
        for (int k = 0; k < n; k++)
            if ((int)strlen(c[k]) > w[k])
                w[k] = (int)strlen(c[k]);
    }
    if (fmt == FMT_MARKDOWN) {
        printf("### %s\n\n|", title_of(table));
        for (int k = 0; k < n; k++)
            printf(" %s |", head[k]);
        printf("\n|");
        for (int k = 0; k < n; k++)
            printf("%s|", k < ntext ? "---" : "---:");
        printf("\n");
    } else {
        printf("%s\n ", title_of(table));
        for (int k = 0; k < n; k++)
            printf(k < ntext ? " %-*s" : " %*s", w[k], head[k]);
        printf("\n");
    }
    for (size_t i = from; i < to; i++) {
        table_cols(r, &r->stat[i], nc, head, c, &ntext);
        printf(fmt == FMT_MARKDOWN ? "|" : " ");
        for (int k = 0; k < n; k++) {
            if (fmt == FMT_MARKDOWN)
                printf(" %s |", c[k]);
            else
                printf(k < ntext ? " %-*s" : " %*s", w[k], c[k]);
        }
        printf("\n");
    }
    printf("\n");
}

static void csv_field(const char *s)
{
    if (strpbrk(s, ",\"\n") == NULL) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

static void print_csv(const tool_report *r)
{
    printf("table");
    for (int k = 0; k < NCOL; k++)
        printf(",%s", heads[k]);
    printf("\n");
    char c[NCOL][300];
    for (size_t i = 0; i < r->n; i++) {
        cells(r, &r->stat[i], c, 1);
        csv_field(r->stat[i].table);
        for (int k = 0; k < NCOL; k++) {
            putchar(',');
            csv_field(c[k]);
        }
        printf("\n");
    }
}

static json_t *num_or_null(double v)
{
    return isfinite(v) ? ecs_json_num(v) : json_null();
}

/* The report as one JSON document on stdout. */
static int print_json(const tool_report_rows *rows, const tool_report *r,
                      char *const *files, size_t nfiles)
{
    json_t *d = json_object(), *fa = json_array(), *axes = json_array(),
           *stats = json_array();
    int bad = d == NULL || fa == NULL || axes == NULL || stats == NULL;
    for (size_t k = 0; !bad && k < nfiles; k++)
        bad = json_array_append_new(fa, json_string(files[k])) != 0;
    /* the grid's axes by their column names (a file hash follows its file:
     * not an axis of its own); every varying setting's path in axis_paths */
    json_t *paths = json_array();
    bad = bad || paths == NULL;
    for (size_t k = 0; !bad && k < r->naxes; k++)
        bad = (!r->axis_hidden[k] &&
               json_array_append_new(axes, json_string(r->axis_name[k])) != 0) ||
              json_array_append_new(paths, json_string(r->axis[k])) != 0;
    for (size_t i = 0; !bad && i < r->n; i++) {
        const tool_report_stat *s = &r->stat[i];
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:o, s:o, s:o, s:o}",
                              "table", s->table, "method", s->method, "setting",
                              s->setting, "by", s->by, "value", s->value, "n",
                              (json_int_t)s->n, "mean", num_or_null(s->mean), "median",
                              num_or_null(s->median), "max", num_or_null(s->max),
                              "total", num_or_null(s->total));
        bad = o == NULL || json_array_append_new(stats, o) != 0;
    }
    bad = bad || json_object_set_new(d, "tool", json_string("ecsched")) ||
          json_object_set_new(d, "version", json_string(ECS_VERSION)) ||
          json_object_set_new(d, "command", json_string(CMD)) ||
          json_object_set(d, "files", fa) ||
          json_object_set_new(d, "cases", json_integer((json_int_t)rows->n)) ||
          json_object_set_new(d, "duplicates", json_integer((json_int_t)rows->duplicates)) ||
          json_object_set_new(d, "partial", json_integer((json_int_t)rows->partial)) ||
          json_object_set(d, "axes", axes) ||
          json_object_set(d, "axis_paths", paths) || json_object_set(d, "stats", stats);
    json_decref(paths);
    ecs_diag diag;
    ecs_result rc = bad ? ECS_ENOMEM : tool_write_json("-", d, &diag);
    json_decref(fa);
    json_decref(axes);
    json_decref(stats);
    json_decref(d);
    if (rc != ECS_OK) {
        tool_errorf(CMD, "cannot write the JSON report");
        return -1;
    }
    return 0;
}

/* --strict: the rows' versions ("none" for rows without one); 0 when
 * there is one, else -1 after saying which. */
static int one_version(const tool_report_rows *rows)
{
    const char *first = NULL;
    for (size_t i = 0; i < rows->n; i++) {
        json_t *v = json_object_get(rows->row[i], "version");
        const char *ver = json_is_string(v) ? json_string_value(v) : "none";
        if (first == NULL)
            first = ver;
        else if (strcmp(first, ver) != 0) {
            tool_errorf(CMD, "--strict: the rows mix ecsched versions (%s and %s)",
                           first, ver);
            return -1;
        }
    }
    return 0;
}

static void print_report(const tool_report_rows *rows, const tool_report *r,
                         size_t nfiles, int fmt)
{
    if (fmt == FMT_CSV) {
        print_csv(r);
        return;
    }
    printf("%zu cases from %zu file%s", rows->n, nfiles, nfiles == 1 ? "" : "s");
    if (rows->duplicates > 0)
        printf(" (%zu duplicate line%s ignored)", rows->duplicates,
               rows->duplicates == 1 ? "" : "s");
    if (rows->partial > 0)
        printf(" (%zu unfinished last line%s skipped)", rows->partial,
               rows->partial == 1 ? "" : "s");
    printf("\n");
    if (r->naxes > 0) {
        printf("settings that differ (tables split by them):");
        for (size_t k = 0; k < r->naxes; k++)
            if (axis_shown(r, k, g_strict))
                printf(" %s", r->axis_name[k]);
        printf("\n");
    }
    printf("\n");
    for (size_t i = 0; i < r->n;) {
        size_t j = i;
        while (j < r->n && strcmp(r->stat[j].table, r->stat[i].table) == 0)
            j++;
        print_table(r, i, j, fmt);
        i = j;
    }
}

typedef struct report_args {
    int fmt, strict;
    const char *plots;
    const char *land[256];
    size_t nland;
} report_args;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    report_args *a = ctx;
    (void)word;
    switch (c) {
    case 'm': a->fmt = FMT_MARKDOWN; return 0;
    case 'c': a->fmt = FMT_CSV; return 0;
    case 'j': a->fmt = FMT_JSON; return 0;
    case 's': a->strict = 1; return 0;
    case 'P': a->plots = arg; return 0;
    case 'L':
        if (a->nland == sizeof a->land / sizeof a->land[0])
            return tool_usage_error(CMD, "at most 256 --landscape files");
        a->land[a->nland++] = arg;
        return 0;
    default: return TOOL_NOT_OWN;
    }
}

/* The defaults, then the command line (--help at once): 0 to go on with
 * the files from argv[*first], -1 for --help, else an exit code. */
static int parse_args(report_args *a, int argc, char **argv, int *first)
{
    static const struct option opts[] = {{"markdown", no_argument, 0, 'm'},
                                         {"csv", no_argument, 0, 'c'},
                                         {"json", no_argument, 0, 'j'},
                                         {"strict", no_argument, 0, 's'},
                                         {"plots", required_argument, 0, 'P'},
                                         {"landscape", required_argument, 0, 'L'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    a->fmt = FMT_TEXT;
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, NULL, own_option, a);
    spec.shortopts = "h";
    spec.help_now = 1;
    int pr = tool_parse_args(&spec, argc, argv, first);
    if (pr != 0)
        return pr;
    if (*first >= argc)
        return tool_usage_error(CMD, "needs at least one RESULTS.jsonl");
    if (a->nland > 0 && a->plots == NULL)
        return tool_usage_error(CMD, "--landscape needs --plots DIR");
    return 0;
}

int tool_cmd_report(int argc, char **argv)
{
    report_args a;
    int first, pr = parse_args(&a, argc, argv, &first);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    tool_report_rows rows;
    tool_report rep;
    size_t nfiles = (size_t)(argc - first);
    ecs_result rc = check_landscapes(a.land, a.nland, &diag);
    if (rc == ECS_OK)
        rc = tool_report_load((const char *const *)argv + first, nfiles, &rows,
                             &diag);
    if (rc == ECS_OK) {
        rc = tool_report_compute(&rows, &rep, &diag);
        if (rc != ECS_OK)
            tool_report_rows_release(&rows);
    }
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    if (a.strict && one_version(&rows) != 0) {
        tool_report_release(&rep);
        tool_report_rows_release(&rows);
        return TOOL_EXIT_USAGE;
    }
    g_strict = a.strict;
    int bad_out = 0;
    if (a.fmt == FMT_JSON)
        bad_out = print_json(&rows, &rep, argv + first, nfiles) != 0;
    else
        print_report(&rows, &rep, nfiles, a.fmt);
    tool_report_release(&rep);
    if (bad_out) {
        tool_report_rows_release(&rows);
        return TOOL_EXIT_INTERNAL;
    }
    if (a.plots) {
        tool_report_plots_result pl;
        rc = tool_report_plots_write(rows.row, rows.n, a.plots, a.land, a.nland, &pl,
                                    &diag);
        for (size_t i = 0; rc == ECS_OK && a.fmt != FMT_CSV && a.fmt != FMT_JSON && i < pl.n; i++)
            printf("plot  %s/%-28s %s\n", a.plots, pl.plot[i].file,
                   pl.plot[i].note);
    }
    tool_report_rows_release(&rows);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    return TOOL_EXIT_OK;
}
