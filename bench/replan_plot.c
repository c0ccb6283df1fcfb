/*
 * The plots of bench/bench_replan.sh: the week's cost (eur) or energy
 * (kwh) per day and strategy as a grouped bar chart through the render
 * layer (ecs_chart_bars_svg).  Reads the benchmark's CSV
 * (day,graph,strategy,eur,kwh,...; strategies in the order they first
 * appear), writes the SVG to stdout.
 * Usage: replan_plot replan.csv eur|kwh > replan.svg
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecsched/chart.h"

#define MAXD 16
#define MAXS 8

int main(int argc, char **argv)
{
    int kwh = argc == 3 && strcmp(argv[2], "kwh") == 0;
    if (argc != 3 || (!kwh && strcmp(argv[2], "eur") != 0)) {
        fprintf(stderr, "usage: replan_plot FILE.csv eur|kwh\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    char line[512], day[MAXD][32], strat[MAXS][32];
    size_t nd = 0, ns = 0;
    double value[MAXD * MAXS];
    for (size_t k = 0; k < MAXD * MAXS; k++)
        value[k] = NAN;
    int first = 1;
    while (fgets(line, sizeof line, f) != NULL) {
        if (first) { /* the header */
            first = 0;
            continue;
        }
        char d[32], g[128], s[32];
        double eur, e;
        if (sscanf(line, "%31[^,],%127[^,],%31[^,],%lf,%lf", d, g, s, &eur,
                   &e) != 5)
            continue;
        size_t i = 0, j = 0;
        while (i < nd && strcmp(day[i], d) != 0)
            i++;
        while (j < ns && strcmp(strat[j], s) != 0)
            j++;
        if (i == nd && nd < MAXD)
            snprintf(day[nd++], sizeof day[0], "%s", d);
        if (j == ns && ns < MAXS)
            snprintf(strat[ns++], sizeof strat[0], "%s", s);
        if (i < nd && j < ns)
            value[i * MAXS + j] = kwh ? e : eur;
    }
    fclose(f);
    const char *groups[MAXD], *bars[MAXS];
    double v[MAXD * MAXS];
    for (size_t i = 0; i < nd; i++) {
        groups[i] = day[i];
        for (size_t j = 0; j < ns; j++)
            v[i * ns + j] = value[i * MAXS + j];
    }
    for (size_t j = 0; j < ns; j++)
        bars[j] = strat[j];
    ecs_bar_chart c = {
        .title = "A week of workflows under day-ahead prices (DE, 2016-10-23 to 29)",
        .subtitle = kwh ? "energy per day: plan once on a forecast, re-plan when "
                          "the prices arrive, as soon as possible, knowing the prices"
                        : "electricity cost per day: plan once on a forecast, re-plan "
                          "when the prices arrive, as soon as possible, knowing the prices",
        .ylabel = kwh ? "kWh" : "EUR",
        .ngroups = nd,
        .group = groups,
        .nbars = ns,
        .bar = bars,
        .value = v,
        .value_decimals = kwh ? 1 : 2,
    };
    char *svg = ecs_chart_bars_svg(&c);
    if (svg == NULL)
        return 3;
    fputs(svg, stdout);
    free(svg);
    return 0;
}
