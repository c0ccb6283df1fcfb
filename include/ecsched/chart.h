/*
 * ecsched: line/scatter and grouped bar charts as SVG (on ecsched/svg.h), for
 * the report plots.
 *
 * A chart is described by plain structs and rendered into malloc'ed SVG
 * text: title and subtitle on top, a legend under them (wrapped to the
 * width), axes with nice ticks and a light grid.  NAN y values break a line
 * (e.g. infeasible budgets in a landscape).
 */
#ifndef ECSCHED_CHART_H
#define ECSCHED_CHART_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ecs_chart_series {
    char name[96];     /* legend text; "" = not in the legend */
    const char *color; /* NULL: a distinct colour by index */
    size_t n, cap;
    double *x, *y;
    int line;          /* join the points (in the order added) */
    int markers;       /* draw a dot at each point */
    double width;      /* line width (default 2) */
} ecs_chart_series;

/* Append a point; -1 on out of memory. */
int ecs_chart_series_add(ecs_chart_series *s, double x, double y);

void ecs_chart_series_release(ecs_chart_series *s);

/* Sort a series' points by x (for lines over an x grid). */
void ecs_chart_series_sort(ecs_chart_series *s);

typedef struct ecs_chart {
    const char *title, *subtitle;  /* subtitle may be NULL */
    const char *xlabel, *ylabel;
    const char *xsuffix, *ysuffix; /* tick label suffixes, or NULL */
    int ylog;                      /* log10 y axis (values <= 0 dropped) */
    int xlog;                      /* log10 x axis (values <= 0 dropped) */
    int y_from_zero;               /* include y = 0 */
    int x_from_zero;               /* include x = 0 */
    size_t nseries;
    ecs_chart_series *series;
} ecs_chart;

void ecs_chart_init(ecs_chart *c);

/* The chart as SVG text (malloc'ed), NULL on out of memory. */
char *ecs_chart_lines_svg(const ecs_chart *c);

typedef struct ecs_bar_chart {
    const char *title, *subtitle;
    const char *ylabel, *ysuffix;
    size_t ngroups;           /* categories on the x axis */
    const char *const *group; /* their names */
    size_t nbars;             /* bars per group (the legend) */
    const char *const *bar;   /* their names */
    const double *value;      /* [g * nbars + b]; NAN = no bar */
    const long *count;        /* [g * nbars + b] cases behind it, or NULL */
    int value_decimals;       /* decimals of the value printed on a bar */
} ecs_bar_chart;

/* The bar chart as SVG text (malloc'ed), NULL on out of memory. */
char *ecs_chart_bars_svg(const ecs_bar_chart *c);

#ifdef __cplusplus
}
#endif

#endif
