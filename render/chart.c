/* Line/scatter and grouped bar charts on the SVG writer. */
#include "ecsched/chart.h"

#include "ecsched/svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CH_W 760.0
#define CH_ML 78.0
#define CH_MR 24.0
#define CH_PLOT_H 300.0
#define CH_BOTTOM 64.0

int ecs_chart_series_add(ecs_chart_series *s, double x, double y)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        if (cap > ((size_t)-1) / 2 / sizeof *s->x)
            return -1;
        double *nx = realloc(s->x, cap * sizeof *nx);
        if (nx == NULL)
            return -1;
        s->x = nx;
        double *ny = realloc(s->y, cap * sizeof *ny);
        if (ny == NULL)
            return -1;
        s->y = ny;
        s->cap = cap;
    }
    s->x[s->n] = x;
    s->y[s->n] = y;
    s->n++;
    return 0;
}

void ecs_chart_series_release(ecs_chart_series *s)
{
    free(s->x);
    free(s->y);
    s->x = s->y = NULL;
    s->n = s->cap = 0;
}

void ecs_chart_series_sort(ecs_chart_series *s)
{
    for (size_t a = 1; a < s->n; a++)
        for (size_t b = a; b > 0 && s->x[b] < s->x[b - 1]; b--) {
            double t = s->x[b];
            s->x[b] = s->x[b - 1];
            s->x[b - 1] = t;
            t = s->y[b];
            s->y[b] = s->y[b - 1];
            s->y[b - 1] = t;
        }
}

void ecs_chart_init(ecs_chart *c)
{
    memset(c, 0, sizeof *c);
}

/* ---- shared: title, legend ---- */

static void draw_y_axis(ecs_svg *s, ecs_svg_scale sy, double step,
                        const char *label, const char *suffix)
{
    ecs_svg_axis ax;
    ecs_svg_axis_init(&ax);
    ax.scale = sy;
    ax.vertical = 1;
    ax.pos = CH_ML;
    ax.step = step;
    ax.label = label;
    ax.suffix = suffix;
    ax.grid_len = CH_W - CH_MR - CH_ML;
    ecs_svg_axis_draw(s, &ax);
}

/* The legend under the titles, wrapped to the plot's width. */
static void legend_init(ecs_svg_legend *lg)
{
    ecs_svg_legend_init(lg);
    lg->left = CH_ML;
    lg->right = CH_W - CH_MR;
    lg->y = 50 + 12;
}

static void draw_titles(ecs_svg *s, const char *title, const char *subtitle)
{
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = 15;
    f.bold = 1;
    f.cls = "title";
    ecs_svg_text(s, CH_ML, 24, title ? title : "", &f);
    if (subtitle) {
        f.size = 11;
        f.bold = 0;
        f.fill = "#555";
        f.cls = "subtitle";
        ecs_svg_text(s, CH_ML, 42, subtitle, &f);
    }
}

/* ---- line / scatter chart ---- */

static int usable(double v, int log)
{
    return isfinite(v) && (!log || v > 0);
}

static void data_range(const ecs_chart *c, int axis_y, double *lo,
                       double *hi)
{
    int log = axis_y ? c->ylog : c->xlog;
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t k = 0; k < c->nseries; k++)
        for (size_t i = 0; i < c->series[k].n; i++) {
            double x = c->series[k].x[i], y = c->series[k].y[i];
            double v = axis_y ? y : x;
            if (!usable(x, c->xlog) || !usable(y, c->ylog))
                continue;
            *lo = v < *lo ? v : *lo;
            *hi = v > *hi ? v : *hi;
        }
    if (!(*lo <= *hi)) {
        *lo = log ? 1 : 0;
        *hi = log ? 10 : 1;
    }
    if ((axis_y ? c->y_from_zero : c->x_from_zero) && !log) {
        *lo = *lo > 0 ? 0 : *lo;
        *hi = *hi < 0 ? 0 : *hi;
    }
}

static void log_domain(double lo, double hi, double *nlo, double *nhi)
{
    *nlo = pow(10, floor(log10(lo)));
    *nhi = pow(10, ceil(log10(hi)));
    if (*nhi <= *nlo)
        *nhi = *nlo * 10;
}

static void make_scale(const ecs_chart *c, int axis_y, double r0, double r1,
                       ecs_svg_scale *sc, double *step)
{
    double lo, hi;
    data_range(c, axis_y, &lo, &hi);
    sc->log = axis_y ? c->ylog : c->xlog;
    sc->r0 = r0;
    sc->r1 = r1;
    *step = 0;
    if (sc->log)
        log_domain(lo, hi, &sc->d0, &sc->d1);
    else
        ecs_svg_nice_domain(lo, hi, axis_y ? 6 : 8, &sc->d0, &sc->d1, step);
}

static void draw_series(ecs_svg *s, const ecs_chart *c, size_t k,
                        const ecs_svg_scale *sx, const ecs_svg_scale *sy)
{
    const ecs_chart_series *se = &c->series[k];
    const char *color = se->color ? se->color : ecs_svg_series_color(k);
    ecs_svg_group_begin(s, "series", se->name[0] ? se->name : NULL);
    ecs_svg_style st;
    ecs_svg_style_init(&st);
    st.stroke = color;
    st.stroke_width = se->width > 0 ? se->width : 2;
    if (se->line) {
        double *x = malloc((se->n + 1) * sizeof *x);
        double *y = malloc((se->n + 1) * sizeof *y);
        size_t m = 0;
        for (size_t i = 0; x && y && i <= se->n; i++) {
            int ok = i < se->n && usable(se->x[i], c->xlog) &&
                     usable(se->y[i], c->ylog);
            if (ok) {
                x[m] = ecs_svg_map(sx, se->x[i]);
                y[m++] = ecs_svg_map(sy, se->y[i]);
            } else { /* a gap or the end: flush */
                ecs_svg_polyline(s, x, y, m, &st);
                m = 0;
            }
        }
        free(x);
        free(y);
    }
    if (se->markers) {
        ecs_svg_style_init(&st);
        st.fill = color;
        st.stroke = "#fff";
        st.stroke_width = 0.8;
        for (size_t i = 0; i < se->n; i++) {
            if (!usable(se->x[i], c->xlog) || !usable(se->y[i], c->ylog))
                continue;
            char tip[192], a[32], b[32];
            snprintf(tip, sizeof tip, "%s: %s%s, %s%s", se->name,
                     ecs_svg_num(a, sizeof a, se->x[i], 4),
                     c->xsuffix ? c->xsuffix : "",
                     ecs_svg_num(b, sizeof b, se->y[i], 4),
                     c->ysuffix ? c->ysuffix : "");
            ecs_svg_group_begin(s, "point", tip);
            ecs_svg_circle(s, ecs_svg_map(sx, se->x[i]),
                           ecs_svg_map(sy, se->y[i]), se->n > 60 ? 2 : 3.5,
                           &st);
            ecs_svg_group_end(s);
        }
    }
    ecs_svg_group_end(s);
}

char *ecs_chart_lines_svg(const ecs_chart *c)
{
    ecs_svg_legend_item *le = calloc(c->nseries + 1, sizeof *le);
    if (le == NULL)
        return NULL;
    size_t nl = 0;
    for (size_t k = 0; k < c->nseries; k++)
        if (c->series[k].name[0]) {
            le[nl].text = c->series[k].name;
            le[nl].color = c->series[k].color ? c->series[k].color
                                              : ecs_svg_series_color(k);
            le[nl++].line = 1;
        }
    ecs_svg_legend lg;
    legend_init(&lg);
    size_t rows = ecs_svg_legend_rows(&lg, le, nl);
    double top = 56 + 18.0 * (double)rows + 14;
    double H = top + CH_PLOT_H + CH_BOTTOM;
    ecs_svg *s = ecs_svg_new(CH_W, H, c->title);
    draw_titles(s, c->title, c->subtitle);
    ecs_svg_legend_draw(s, &lg, le, nl);
    free(le);
    ecs_svg_scale sx, sy;
    double xstep, ystep;
    make_scale(c, 0, CH_ML, CH_W - CH_MR, &sx, &xstep);
    make_scale(c, 1, top + CH_PLOT_H, top, &sy, &ystep);
    draw_y_axis(s, sy, ystep, c->ylabel, c->ysuffix);
    ecs_svg_axis ax;
    ecs_svg_axis_init(&ax);
    ax.scale = sx;
    ax.pos = top + CH_PLOT_H;
    ax.step = xstep;
    ax.label = c->xlabel;
    ax.suffix = c->xsuffix;
    ax.grid_len = CH_PLOT_H;
    ecs_svg_axis_draw(s, &ax);
    for (size_t k = 0; k < c->nseries; k++)
        draw_series(s, c, k, &sx, &sy);
    return ecs_svg_finish(s);
}

/* ---- grouped bars ---- */

static void bar_range(const ecs_bar_chart *c, double *lo, double *hi)
{
    *lo = 0;
    *hi = 0;
    for (size_t i = 0; i < c->ngroups * c->nbars; i++)
        if (isfinite(c->value[i])) {
            *lo = c->value[i] < *lo ? c->value[i] : *lo;
            *hi = c->value[i] > *hi ? c->value[i] : *hi;
        }
    if (*hi == *lo)
        *hi = *lo + 1;
}

static void draw_bar(ecs_svg *s, const ecs_bar_chart *c, size_t g, size_t b,
                     double x, double w, const ecs_svg_scale *sy)
{
    double v = c->value[g * c->nbars + b];
    if (!isfinite(v))
        return;
    char tip[256], num[32], lab[64];
    ecs_svg_num(num, sizeof num, v, c->value_decimals);
    snprintf(lab, sizeof lab, "%s%s", num, c->ysuffix ? c->ysuffix : "");
    if (c->count)
        snprintf(tip, sizeof tip, "%s, %s: %s (%ld case%s)", c->group[g],
                 c->bar[b], lab, c->count[g * c->nbars + b],
                 c->count[g * c->nbars + b] == 1 ? "" : "s");
    else
        snprintf(tip, sizeof tip, "%s, %s: %s", c->group[g], c->bar[b], lab);
    ecs_svg_group_begin(s, "bar", tip);
    double y0 = ecs_svg_map(sy, 0), y1 = ecs_svg_map(sy, v);
    ecs_svg_style st;
    ecs_svg_style_init(&st);
    st.fill = ecs_svg_series_color(b);
    ecs_svg_rect(s, x, y0 < y1 ? y0 : y1, w, fabs(y1 - y0), &st);
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = w >= 34 ? 10 : 8;
    f.anchor = ECS_SVG_MIDDLE;
    if (ecs_svg_text_width(lab, f.size) <= w + 8)
        ecs_svg_text(s, x + w / 2, (v >= 0 ? y1 - 4 : y1 + 12), lab, &f);
    ecs_svg_group_end(s);
}

/* A group name under its bars: one line if it fits, else split after its
 * last ", " into two lines; never wider than w (the font shrinks to 7 px,
 * below that the name is left out). */
static void group_label(ecs_svg *s, const char *name, double x, double y,
                        double w)
{
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.anchor = ECS_SVG_MIDDLE;
    f.cls = "group";
    char a[128], b[128] = "";
    snprintf(a, sizeof a, "%s", name);
    if (ecs_svg_text_width(a, 11) > w) {
        char *cut = strstr(a, ", ");
        for (char *p = cut; p; p = strstr(p + 1, ", "))
            cut = p;
        if (cut) {
            snprintf(b, sizeof b, "%s", cut + 2);
            *cut = '\0';
        }
    }
    double need = ecs_svg_text_width(a, 1);
    if (ecs_svg_text_width(b, 1) > need)
        need = ecs_svg_text_width(b, 1);
    f.size = need > 0 && w / need < 11 ? w / need : 11;
    if (f.size < 7)
        return;
    ecs_svg_text(s, x, y, a, &f);
    if (b[0])
        ecs_svg_text(s, x, y + f.size + 3, b, &f);
}

char *ecs_chart_bars_svg(const ecs_bar_chart *c)
{
    ecs_svg_legend_item *le = calloc(c->nbars + 1, sizeof *le);
    if (le == NULL)
        return NULL;
    for (size_t b = 0; b < c->nbars; b++) {
        le[b].text = c->bar[b];
        le[b].color = ecs_svg_series_color(b);
        le[b].line = 0;
    }
    ecs_svg_legend lg;
    legend_init(&lg);
    size_t rows = ecs_svg_legend_rows(&lg, le, c->nbars);
    double top = 56 + 18.0 * (double)rows + 20;
    double H = top + CH_PLOT_H + CH_BOTTOM;
    ecs_svg *s = ecs_svg_new(CH_W, H, c->title);
    draw_titles(s, c->title, c->subtitle);
    ecs_svg_legend_draw(s, &lg, le, c->nbars);
    free(le);
    double lo, hi, step;
    bar_range(c, &lo, &hi);
    ecs_svg_scale sy = {0, 1, top + CH_PLOT_H, top, 0};
    ecs_svg_nice_domain(lo, hi * 1.08, 6, &sy.d0, &sy.d1, &step);
    draw_y_axis(s, sy, step, c->ylabel, c->ysuffix);
    double pw = CH_W - CH_ML - CH_MR;
    double gw = c->ngroups ? pw / (double)c->ngroups : pw;
    double bw = c->nbars ? gw * 0.8 / (double)c->nbars : 0;
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = 11;
    f.anchor = ECS_SVG_MIDDLE;
    f.cls = "group";
    for (size_t g = 0; g < c->ngroups; g++) {
        double gx = CH_ML + gw * (double)g;
        for (size_t b = 0; b < c->nbars; b++)
            draw_bar(s, c, g, b, gx + gw * 0.1 + bw * (double)b, bw, &sy);
        group_label(s, c->group[g], gx + gw / 2, top + CH_PLOT_H + 18,
                    gw - 4);
    }
    ecs_svg_style st;
    ecs_svg_style_init(&st);
    st.stroke = "#444";
    double y0 = ecs_svg_map(&sy, 0);
    ecs_svg_line(s, CH_ML, y0, CH_W - CH_MR, y0, &st);
    return ecs_svg_finish(s);
}
