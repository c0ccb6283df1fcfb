/* The report plots: saving vs E, heuristic over optimal, solver time,
 * budget landscape. */
#include "report/plots.h"
#include "run/grow.h"

#include "ecsched/chart.h"
#include "run/cli.h"
#include "run/output.h"
#include "run/results.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_SERIES 16
#define MAX_GROUPS 48

/* ---- accumulators: mean of y per (series, x) ---- */

typedef struct acc {
    char series[96];
    char group[96]; /* bars: the category */
    double x;
    double sum;
    long n;
} acc;

typedef struct accs {
    acc *a;
    size_t n, cap;
    int oom;
} accs;

static void acc_add(accs *A, const char *series, const char *group, double x,
                    double y)
{
    for (size_t i = 0; i < A->n; i++)
        if (A->a[i].x == x && strcmp(A->a[i].series, series) == 0 &&
            strcmp(A->a[i].group, group) == 0) {
            A->a[i].sum += y;
            A->a[i].n++;
            return;
        }
    if (tool_grow(&A->a, A->n, &A->cap, sizeof *A->a, 64) != 0) {
        A->oom = 1;
        return;
    }
    acc *c = &A->a[A->n++];
    snprintf(c->series, sizeof c->series, "%s", series);
    snprintf(c->group, sizeof c->group, "%s", group);
    c->x = x;
    c->sum = y;
    c->n = 1;
}

/* Index of name in names[0..*n), appended if new (-1 when full). */
static int name_index(char names[][96], size_t *n, size_t max,
                      const char *name)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp(names[i], name) == 0)
            return (int)i;
    if (*n == max)
        return -1;
    snprintf(names[*n], 96, "%s", name);
    return (int)(*n)++;
}

/* Series from accumulators: one per distinct series name, points sorted. */
static size_t accs_to_series(const accs *A, ecs_chart_series *se, size_t max,
                             int *oom)
{
    char names[MAX_SERIES][96];
    size_t n = 0;
    for (size_t i = 0; i < A->n; i++) {
        int k = name_index(names, &n, max, A->a[i].series);
        if (k < 0)
            continue;
        snprintf(se[k].name, sizeof se[k].name, "%s", names[k]);
        se[k].line = 1;
        se[k].markers = 1;
        if (ecs_chart_series_add(&se[k], A->a[i].x,
                                 A->a[i].sum / (double)A->a[i].n) != 0)
            *oom = 1;
    }
    for (size_t k = 0; k < n; k++)
        ecs_chart_series_sort(&se[k]);
    return n;
}

/* ---- one row per case and method (the same case may come from several
 * result files) ---- */

typedef struct seen {
    char **key;
    size_t n, cap;
} seen;

/* 1 when row's (graph, pes, extension, prices, method) is new. */
static int seen_first(seen *S, const json_t *r)
{
    double p = -1, e = -1;
    tool_row_num(r, "pes", &p);
    tool_row_num(r, "extension", &e);
    const char *g = tool_row_str(r, "graph"), *pr = tool_row_str(r, "prices");
    const char *m = tool_row_str(r, "method");
    char k[512];
    snprintf(k, sizeof k, "%s|%.0f|%.9g|%s|%s", g ? g : "", p, e,
             pr ? pr : "", m ? m : "");
    for (size_t i = 0; i < S->n; i++)
        if (strcmp(S->key[i], k) == 0)
            return 0;
    if (tool_grow(&S->key, S->n, &S->cap, sizeof *S->key, 256) != 0)
        return 1;
    S->key[S->n] = strdup(k);
    if (S->key[S->n])
        S->n++;
    return 1;
}

static void seen_free(seen *S)
{
    for (size_t i = 0; i < S->n; i++)
        free(S->key[i]);
    free(S->key);
}

/* ---- writing ---- */

typedef struct plot_ctx {
    const char *dir;
    tool_report_plots_result *out;
    ecs_diag *diag;
} plot_ctx;

static tool_report_plot *next_plot(plot_ctx *cx, const char *file)
{
    tool_report_plot *p = &cx->out->plot[cx->out->n++];
    snprintf(p->file, sizeof p->file, "%s", file);
    p->written = 0;
    p->note[0] = '\0';
    return p;
}

static ecs_result write_svg(plot_ctx *cx, tool_report_plot *p, char *svg)
{
    if (svg == NULL)
        return ecs_diag_set(cx->diag, ECS_ENOMEM, p->file, 0, "out of memory");
    size_t n = strlen(cx->dir) + strlen(p->file) + 2;
    char *path = malloc(n);
    ecs_result rc = ECS_ENOMEM;
    if (path) {
        snprintf(path, n, "%s/%s", cx->dir, p->file);
        rc = tool_write_file(path, svg, cx->diag);
        free(path);
    } else {
        ecs_diag_set(cx->diag, ECS_ENOMEM, p->file, 0, "out of memory");
    }
    free(svg);
    p->written = rc == ECS_OK;
    return rc;
}

static void release_series(ecs_chart_series *se, size_t n)
{
    for (size_t k = 0; k < n; k++)
        ecs_chart_series_release(&se[k]);
}

/* Distinct values of a string key among usable rows. */
static size_t distinct(json_t *const *rows, size_t n, const char *key)
{
    char names[MAX_GROUPS][96];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const char *v = tool_row_ok(rows[i]) ? tool_row_str(rows[i], key) : NULL;
        if (v)
            name_index(names, &k, MAX_GROUPS, v);
    }
    return k;
}

/* ---- saving vs deadline extension (Figure 2) ---- */

static ecs_result plot_saving(plot_ctx *cx, json_t *const *rows, size_t n)
{
    tool_report_plot *p = next_plot(cx, "saving_vs_extension.svg");
    int by_prices = distinct(rows, n, "prices") > 1;
    accs A = {0};
    seen S = {0};
    long used = 0;
    for (size_t i = 0; i < n; i++) {
        const json_t *r = rows[i];
        const char *m = tool_row_str(r, "method"), *pr = tool_row_str(r, "prices");
        double e, c, b;
        if (!tool_row_ok(r) || m == NULL || strcmp(m, "base") == 0 ||
            !tool_row_num(r, "extension", &e) || !tool_row_num(r, "cost", &c) ||
            !tool_row_num(r, "base_cost", &b) || !(b > 0) || !seen_first(&S, r))
            continue;
        char name[96];
        snprintf(name, sizeof name, "%s%s%s", m, by_prices ? ", " : "",
                 by_prices ? (pr ? pr : "?") : "");
        acc_add(&A, name, "", 100 * e, 100 * (1 - c / b));
        used++;
    }
    seen_free(&S);
    if (used == 0) {
        free(A.a);
        snprintf(p->note, sizeof p->note,
                 "skipped: no rows with extension, cost and base_cost");
        return ECS_OK;
    }
    long lo = 0, hi = 0; /* cases behind a point */
    for (size_t i = 0; i < A.n; i++) {
        lo = i == 0 || A.a[i].n < lo ? A.a[i].n : lo;
        hi = A.a[i].n > hi ? A.a[i].n : hi;
    }
    ecs_chart_series se[MAX_SERIES];
    memset(se, 0, sizeof se);
    int oom = A.oom;
    size_t ns = accs_to_series(&A, se, MAX_SERIES, &oom);
    free(A.a);
    char sub[160], per[48];
    if (lo == hi)
        snprintf(per, sizeof per, "%ld", lo);
    else
        snprintf(per, sizeof per, "%ld-%ld", lo, hi);
    snprintf(sub, sizeof sub,
             "mean of 100 (1 - cost / base cost) over %s cases per point "
             "(paper: Figure 2)", per);
    ecs_chart c;
    ecs_chart_init(&c);
    c.title = "Cost saving over the base schedule vs deadline extension";
    c.subtitle = sub;
    c.xlabel = "deadline extension E";
    c.xsuffix = "%";
    c.ylabel = "saving";
    c.ysuffix = "%";
    c.y_from_zero = 1;
    c.nseries = ns;
    c.series = se;
    char *svg = oom ? NULL : ecs_chart_lines_svg(&c);
    release_series(se, ns);
    snprintf(p->note, sizeof p->note, "%ld cases, %zu series", used, ns);
    return write_svg(cx, p, svg);
}

/* ---- heuristic over optimal, by price schedule ---- */

typedef struct bars_data {
    char group[MAX_GROUPS][96];
    char bar[MAX_SERIES][96];
    size_t ng, nb;
    double sum[MAX_GROUPS * MAX_SERIES];
    long cnt[MAX_GROUPS * MAX_SERIES];
} bars_data;

static void bars_add(bars_data *B, const char *group, const char *bar,
                     double v)
{
    int g = name_index(B->group, &B->ng, MAX_GROUPS, group);
    int b = name_index(B->bar, &B->nb, MAX_SERIES, bar);
    if (g < 0 || b < 0)
        return;
    B->sum[g * MAX_SERIES + b] += v;
    B->cnt[g * MAX_SERIES + b]++;
}

static char *bars_svg(const bars_data *B, const char *sub)
{
    const char *gn[MAX_GROUPS], *bn[MAX_SERIES];
    double *val = malloc(B->ng * B->nb * sizeof *val + 1);
    long *cnt = malloc(B->ng * B->nb * sizeof *cnt + 1);
    char *svg = NULL;
    if (val && cnt) {
        for (size_t g = 0; g < B->ng; g++) {
            gn[g] = B->group[g];
            for (size_t b = 0; b < B->nb; b++) {
                long k = B->cnt[g * MAX_SERIES + b];
                val[g * B->nb + b] =
                    k ? B->sum[g * MAX_SERIES + b] / (double)k : NAN;
                cnt[g * B->nb + b] = k;
            }
        }
        for (size_t b = 0; b < B->nb; b++)
            bn[b] = B->bar[b];
        ecs_bar_chart c = {
            "Heuristic cost over the proven optimum, by price schedule", sub,
            "cost over optimum", "%", B->ng, gn, B->nb, bn, val, cnt, 1};
        svg = ecs_chart_bars_svg(&c);
    }
    free(val);
    free(cnt);
    return svg;
}

static ecs_result plot_over_optimal(plot_ctx *cx, json_t *const *rows,
                                    size_t n)
{
    tool_report_plot *p = next_plot(cx, "heuristic_over_optimal.svg");
    tool_optima *o = tool_optima_new(rows, n);
    if (o == NULL)
        return ecs_diag_set(cx->diag, ECS_ENOMEM, p->file, 0, "out of memory");
    bars_data *B = calloc(1, sizeof *B);
    if (B == NULL) {
        tool_optima_free(o);
        return ecs_diag_set(cx->diag, ECS_ENOMEM, p->file, 0, "out of memory");
    }
    long used = 0, unproven = 0;
    seen S = {0};
    for (size_t i = 0; i < n; i++) {
        const json_t *r = rows[i];
        const char *m = tool_row_str(r, "method"), *pr = tool_row_str(r, "prices");
        double c, e, opt;
        if (!tool_row_ok(r) || !tool_row_is_heuristic(m) || !tool_row_num(r, "cost", &c) ||
            !tool_row_num(r, "extension", &e))
            continue;
        int found = tool_optima_find(o, r, &opt);
        if (found < 0 || !seen_first(&S, r))
            continue;
        if (found == 0) {
            unproven++;
            continue;
        }
        char group[96];
        snprintf(group, sizeof group, "%s, E = %g", pr ? pr : "?", e);
        bars_add(B, group, m, 100 * (c / opt - 1));
        used++;
    }
    tool_optima_free(o);
    seen_free(&S);
    if (used == 0) {
        snprintf(p->note, sizeof p->note,
                 "skipped: no heuristic case with a proven optimum "
                 "(%ld without)", unproven);
        free(B);
        return ECS_OK;
    }
    char sub[160];
    snprintf(sub, sizeof sub,
             "mean of 100 (cost / optimum - 1) over %ld cases; %ld cases "
             "without a proven optimum left out", used, unproven);
    char *svg = bars_svg(B, sub);
    snprintf(p->note, sizeof p->note, "%ld cases, %ld without a proven "
             "optimum left out", used, unproven);
    free(B);
    return write_svg(cx, p, svg);
}

/* ---- solver time by instance size ---- */

static ecs_result plot_runtime(plot_ctx *cx, json_t *const *rows, size_t n)
{
    tool_report_plot *p = next_plot(cx, "solver_time.svg");
    int all_tasks = 1;
    for (size_t i = 0; i < n; i++) {
        double t;
        if (tool_row_ok(rows[i]) && !tool_row_num(rows[i], "tasks", &t))
            all_tasks = 0;
    }
    const char *xkey = all_tasks ? "tasks" : "deadline";
    accs A = {0};
    long used = 0;
    for (size_t i = 0; i < n; i++) {
        const json_t *r = rows[i];
        const char *m = tool_row_str(r, "method");
        double x, t;
        if (!tool_row_ok(r) || m == NULL || !tool_row_num(r, xkey, &x) ||
            !tool_row_num(r, "runtime_s", &t))
            continue;
        acc_add(&A, m, "", x, t > 1e-6 ? t : 1e-6);
        used++;
    }
    if (used == 0) {
        free(A.a);
        snprintf(p->note, sizeof p->note,
                 "skipped: no rows with %s and runtime_s", xkey);
        return ECS_OK;
    }
    ecs_chart_series se[MAX_SERIES];
    memset(se, 0, sizeof se);
    int oom = A.oom;
    size_t ns = accs_to_series(&A, se, MAX_SERIES, &oom);
    free(A.a);
    char sub[160];
    snprintf(sub, sizeof sub,
             "mean wall time per case over %ld cases (log scale; times "
             "below 1 us drawn at 1 us)", used);
    ecs_chart c;
    ecs_chart_init(&c);
    c.title = "Solver time by instance size";
    c.subtitle = sub;
    c.xlabel = all_tasks ? "tasks" : "deadline D' (slots)";
    c.ylabel = "time (s)";
    c.ylog = 1;
    c.nseries = ns;
    c.series = se;
    char *svg = oom ? NULL : ecs_chart_lines_svg(&c);
    release_series(se, ns);
    snprintf(p->note, sizeof p->note, "%ld cases by %s", used,
             all_tasks ? "tasks" : "D'");
    return write_svg(cx, p, svg);
}

/* ---- budget landscape (Figure 3) ---- */

/* One file's curve, normalised; the mean accumulates per budget share. */
static int landscape_series(const tool_landscape *l, ecs_chart_series *se,
                            accs *mean)
{
    double bmax = 0, cmin = INFINITY;
    for (size_t i = 0; i < l->n; i++) {
        bmax = l->budget[i] > bmax ? l->budget[i] : bmax;
        if (l->feasible[i] && l->cost[i] < cmin)
            cmin = l->cost[i];
    }
    if (!(bmax > 0) || !(cmin > 0) || !isfinite(cmin))
        return 0;
    /* in budget order, so that the line runs left to right */
    size_t *ord = malloc(l->n * sizeof *ord);
    if (ord == NULL)
        return -1;
    for (size_t i = 0; i < l->n; i++)
        ord[i] = i;
    for (size_t a = 1; a < l->n; a++)
        for (size_t b = a; b > 0 && l->budget[ord[b]] < l->budget[ord[b - 1]];
             b--) {
            size_t t = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = t;
        }
    int rc = 0;
    for (size_t k = 0; k < l->n && rc == 0; k++) {
        size_t i = ord[k];
        double x = 100 * l->budget[i] / bmax;
        double y = l->feasible[i] ? l->cost[i] / cmin : NAN;
        rc = ecs_chart_series_add(se, x, y);
        if (l->feasible[i])
            acc_add(mean, "mean", "", floor(x * 1e6 + 0.5) / 1e6, y);
    }
    free(ord);
    return rc == 0 && !mean->oom ? 1 : -1;
}

static ecs_result plot_landscape(plot_ctx *cx, const char *const *files,
                                 size_t nf)
{
    tool_report_plot *p = next_plot(cx, "landscape.svg");
    if (nf == 0) {
        snprintf(p->note, sizeof p->note, "skipped: no --landscape files");
        return ECS_OK;
    }
    ecs_chart_series *se = calloc(nf + 1, sizeof *se);
    if (se == NULL)
        return ecs_diag_set(cx->diag, ECS_ENOMEM, p->file, 0, "out of memory");
    accs mean = {0};
    size_t ns = 0;
    ecs_result rc = ECS_OK;
    for (size_t f = 0; f < nf && rc == ECS_OK; f++) {
        tool_landscape l;
        rc = tool_landscape_read(files[f], &l, cx->diag);
        if (rc != ECS_OK)
            break;
        se[ns].line = 1;
        se[ns].width = nf > 1 ? 0.8 : 2;
        se[ns].color = nf > 1 ? "#b8b8b8" : "#1f77b4";
        if (nf == 1 || ns == 0)
            snprintf(se[ns].name, sizeof se[ns].name, "%s",
                     nf == 1 ? "cost of the mapping" : "each file");
        int k = landscape_series(&l, &se[ns], &mean);
        tool_landscape_release(&l);
        if (k < 0)
            rc = ecs_diag_set(cx->diag, ECS_ENOMEM, files[f], 0,
                              "out of memory");
        ns += k > 0;
    }
    if (rc == ECS_OK && ns > 1) {
        /* the mean only where every landscape is feasible, so that it
         * averages the same set everywhere */
        size_t keep = 0;
        for (size_t i = 0; i < mean.n; i++)
            if ((size_t)mean.a[i].n == ns)
                mean.a[keep++] = mean.a[i];
        mean.n = keep;
        int oom = 0;
        accs_to_series(&mean, &se[ns], 1, &oom);
        snprintf(se[ns].name, sizeof se[ns].name,
                 "mean of %zu landscapes (where all are feasible)", ns);
        se[ns].color = "#1f77b4";
        se[ns].markers = se[ns].n <= 60; /* dots with tooltips */
        se[ns].width = 2.5;
        ns++;
        if (oom)
            rc = ecs_diag_set(cx->diag, ECS_ENOMEM, p->file, 0,
                              "out of memory");
    }
    free(mean.a);
    char *svg = NULL;
    if (rc == ECS_OK && ns > 0) {
        char sub[160];
        snprintf(sub, sizeof sub,
                 "%zu file%s; gaps: budgets whose mapping misses D' "
                 "(paper: Figure 3)", nf, nf == 1 ? "" : "s");
        ecs_chart c;
        ecs_chart_init(&c);
        c.title = "Budget landscape of the heuristic";
        c.subtitle = sub;
        c.xlabel = "budget b, share of the largest budget B";
        c.xsuffix = "%";
        c.ylabel = "cost / cheapest feasible cost";
        c.x_from_zero = 1;
        c.nseries = ns;
        c.series = se;
        svg = ecs_chart_lines_svg(&c);
        snprintf(p->note, sizeof p->note, "%zu landscape%s", nf,
                 nf == 1 ? "" : "s");
    } else if (rc == ECS_OK) {
        snprintf(p->note, sizeof p->note,
                 "skipped: no feasible budget in the landscape files");
    }
    release_series(se, nf + 1); /* calloc'ed: unused ones hold NULL */
    free(se);
    if (rc != ECS_OK || ns == 0)
        return rc;
    return write_svg(cx, p, svg);
}

/* ---- entry point ---- */

static ecs_result make_dir(const char *dir, ecs_diag *diag)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return ECS_OK;
        return ecs_diag_set(diag, ECS_EIO, dir, 0, "not a directory");
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return ecs_diag_set(diag, ECS_EIO, dir, 0, "cannot create: %s",
                            strerror(errno));
    return ECS_OK;
}

ecs_result tool_report_plots_write(json_t *const *rows, size_t nrows,
                                  const char *dir,
                                  const char *const *landscape, size_t nland,
                                  tool_report_plots_result *out,
                                  ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    plot_ctx cx = {dir, out, diag};
    ecs_result rc = make_dir(dir, diag);
    if (rc == ECS_OK)
        rc = plot_saving(&cx, rows, nrows);
    if (rc == ECS_OK)
        rc = plot_over_optimal(&cx, rows, nrows);
    if (rc == ECS_OK)
        rc = plot_runtime(&cx, rows, nrows);
    if (rc == ECS_OK)
        rc = plot_landscape(&cx, landscape, nland);
    return rc;
}
