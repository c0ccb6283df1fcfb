/* ecsched report results.jsonl...: heuristic versus optimum, savings and
 * runtimes over batch results, as aligned text, Markdown or CSV. */
#include "run/cli.h"
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
        ecs_landscape l;
        ecs_result rc = ecs_landscape_read(land[i], &l, diag);
        if (rc != ECS_OK)
            return rc;
        ecs_landscape_release(&l);
    }
    return ECS_OK;
}

int ecs_cmd_report(int argc, char **argv);

const ecs_command ecs_command_report = {
    "report", "statistics over batch results (cost over optimum, savings, runtimes)",
    "Usage: ecsched report RESULTS.jsonl... [--markdown | --csv]\n"
    "                      [--plots DIR [--landscape FILE.csv]...]\n"
    "\n"
    "Reads the JSON lines of one or more batch runs (shards may be given\n"
    "together; a case found twice counts once) and prints:\n"
    "  cases         per method and status\n"
    "  instances     (graph, P, E, prices) with a proven optimum or not\n"
    "  ratio         heuristic cost over the proven optimum: n, mean, median,\n"
    "                max by method, overall and by P, E and price schedule\n"
    "  ratio_unproven  cost over the best MILP bound where the optimum is NOT\n"
    "                proven (an upper bound on the ratio), counted apart\n"
    "  saving        (base cost - cost) / base cost by method and E\n"
    "  runtime       seconds per case by method\n"
    "\n"
    "  --markdown     Markdown tables\n"
    "  --csv          one CSV table: table,method,by,value,n,mean,median,max,total\n"
    "  --plots DIR    also draw SVG plots into DIR: saving_vs_extension.svg\n"
    "                 (paper Fig. 2), heuristic_over_optimal.svg (by price\n"
    "                 schedule and E), solver_time.svg (by instance size),\n"
    "                 landscape.svg (paper Fig. 3, from --landscape files)\n"
    "  --landscape FILE.csv  a budget landscape of `ecsched heuristic\n"
    "                 --landscape` (repeatable)\n",
    ecs_cmd_report};

enum { FMT_TEXT, FMT_MARKDOWN, FMT_CSV };

static const struct {
    const char *table, *title;
} titles[] = {
    {"cases", "Cases by method and status"},
    {"instances", "Instances (graph, P, E, prices) by optimum"},
    {"ratio", "Cost over proven optimum (instances with a proven optimum only)"},
    {"ratio_unproven", "Cost over best bound where the optimum is NOT proven "
                       "(upper bound on cost/optimum)"},
    {"ratio_undefined", "Cost over optimum undefined (optimum <= 0)"},
    {"saving", "Saving over the base schedule, (base - cost) / base, by E"},
    {"runtime", "Runtime per case in seconds"},
};

static const char *title_of(const char *table)
{
    for (size_t k = 0; k < sizeof titles / sizeof *titles; k++)
        if (strcmp(titles[k].table, table) == 0)
            return titles[k].title;
    return table;
}

#define NCOL 8
static const char *const heads[NCOL] = {"method", "by", "value", "n",
                                        "mean", "median", "max", "total"};

static void cells(const ecs_report_stat *s, char c[NCOL][300], int csv)
{
    snprintf(c[0], 300, "%s", s->method);
    snprintf(c[1], 300, "%s", s->by);
    snprintf(c[2], 300, "%s", s->value);
    snprintf(c[3], 300, "%zu", s->n);
    const double v[4] = {s->mean, s->median, s->max, s->total};
    for (int k = 0; k < 4; k++) {
        if (!isfinite(v[k]))
            snprintf(c[4 + k], 300, "%s", csv ? "" : "-");
        else
            snprintf(c[4 + k], 300, csv ? "%.9g" : "%.4f", v[k]);
    }
}

/* Columns a table shows: counts only, or the statistics (total: runtime). */
static int ncols(const char *table)
{
    if (strcmp(table, "cases") == 0 || strcmp(table, "instances") == 0 ||
        strcmp(table, "ratio_undefined") == 0)
        return 4;
    return strcmp(table, "runtime") == 0 ? 8 : 7;
}

static void print_table(const ecs_report *r, size_t from, size_t to, int fmt)
{
    const char *table = r->stat[from].table;
    int nc = ncols(table);
    int w[NCOL];
    for (int k = 0; k < NCOL; k++)
        w[k] = (int)strlen(heads[k]);
    char c[NCOL][300];
    for (size_t i = from; i < to; i++) {
        cells(&r->stat[i], c, 0);
        for (int k = 0; k < nc; k++)
            if ((int)strlen(c[k]) > w[k])
                w[k] = (int)strlen(c[k]);
    }
    if (fmt == FMT_MARKDOWN) {
        printf("### %s\n\n|", title_of(table));
        for (int k = 0; k < nc; k++)
            printf(" %s |", heads[k]);
        printf("\n|");
        for (int k = 0; k < nc; k++)
            printf("%s|", k < 3 ? "---" : "---:");
        printf("\n");
    } else {
        printf("%s\n ", title_of(table));
        for (int k = 0; k < nc; k++)
            printf(k < 3 ? " %-*s" : " %*s", w[k], heads[k]);
        printf("\n");
    }
    for (size_t i = from; i < to; i++) {
        cells(&r->stat[i], c, 0);
        printf(fmt == FMT_MARKDOWN ? "|" : " ");
        for (int k = 0; k < nc; k++) {
            if (fmt == FMT_MARKDOWN)
                printf(" %s |", c[k]);
            else
                printf(k < 3 ? " %-*s" : " %*s", w[k], c[k]);
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

static void print_csv(const ecs_report *r)
{
    printf("table");
    for (int k = 0; k < NCOL; k++)
        printf(",%s", heads[k]);
    printf("\n");
    char c[NCOL][300];
    for (size_t i = 0; i < r->n; i++) {
        cells(&r->stat[i], c, 1);
        csv_field(r->stat[i].table);
        for (int k = 0; k < NCOL; k++) {
            putchar(',');
            csv_field(c[k]);
        }
        printf("\n");
    }
}

static void print_report(const ecs_report_rows *rows, const ecs_report *r,
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
    printf("\n\n");
    for (size_t i = 0; i < r->n;) {
        size_t j = i;
        while (j < r->n && strcmp(r->stat[j].table, r->stat[i].table) == 0)
            j++;
        print_table(r, i, j, fmt);
        i = j;
    }
}

int ecs_cmd_report(int argc, char **argv)
{
    static const struct option opts[] = {{"markdown", no_argument, 0, 'm'},
                                         {"csv", no_argument, 0, 'c'},
                                         {"plots", required_argument, 0, 'P'},
                                         {"landscape", required_argument, 0, 'L'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int fmt = FMT_TEXT, c;
    const char *plots = NULL;
    const char *land[256];
    size_t nland = 0;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'm':
            fmt = FMT_MARKDOWN;
            break;
        case 'c':
            fmt = FMT_CSV;
            break;
        case 'P':
            plots = optarg;
            break;
        case 'L':
            if (nland == sizeof land / sizeof land[0])
                return ecs_cli_usage_error(CMD, "at most 256 --landscape files");
            land[nland++] = optarg;
            break;
        case 'h':
            ecs_cli_print_help(CMD, stdout);
            return ECS_EXIT_OK;
        default:
            return ecs_cli_usage_error(CMD, "bad option '%s'", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return ecs_cli_usage_error(CMD, "needs at least one RESULTS.jsonl");
    if (nland > 0 && plots == NULL)
        return ecs_cli_usage_error(CMD, "--landscape needs --plots DIR");
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_report_rows rows;
    ecs_report rep;
    size_t nfiles = (size_t)(argc - optind);
    ecs_result rc = check_landscapes(land, nland, &diag);
    if (rc == ECS_OK)
        rc = ecs_report_load((const char *const *)argv + optind, nfiles, &rows,
                             &diag);
    if (rc == ECS_OK) {
        rc = ecs_report_compute(&rows, &rep, &diag);
        if (rc != ECS_OK)
            ecs_report_rows_release(&rows);
    }
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    print_report(&rows, &rep, nfiles, fmt);
    ecs_report_release(&rep);
    if (plots) {
        ecs_report_plots_result pr;
        rc = ecs_report_plots_write(rows.row, rows.n, plots, land, nland, &pr,
                                    &diag);
        for (size_t i = 0; rc == ECS_OK && fmt != FMT_CSV && i < pr.n; i++)
            printf("plot  %s/%-28s %s\n", plots, pr.plot[i].file,
                   pr.plot[i].note);
    }
    ecs_report_rows_release(&rows);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    return ECS_EXIT_OK;
}
