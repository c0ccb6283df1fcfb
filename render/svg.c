/* A small SVG writer: buffer, escaping, fixed-precision numbers, axes. */
#include "ecsched/svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ecs_svg {
    char *buf;
    size_t len, cap;
    int failed;
    int depth; /* open groups */
};

/* ---- buffer ---- */

static int grow(ecs_svg *s, size_t need)
{
    if (s->len + need + 1 <= s->cap)
        return 0;
    size_t cap = s->cap ? s->cap : 4096;
    while (cap < s->len + need + 1)
        cap *= 2;
    char *b = realloc(s->buf, cap);
    if (b == NULL) {
        s->failed = 1;
        return -1;
    }
    s->buf = b;
    s->cap = cap;
    return 0;
}

static void put(ecs_svg *s, const char *text)
{
    if (s == NULL || s->failed)
        return;
    size_t n = strlen(text);
    if (grow(s, n) != 0)
        return;
    memcpy(s->buf + s->len, text, n + 1);
    s->len += n;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void putf(ecs_svg *s, const char *fmt, ...)
{
    if (s == NULL || s->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || grow(s, (size_t)n) != 0) {
        s->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    s->len += (size_t)n;
}

static void put_escaped(ecs_svg *s, const char *text)
{
    char *e = ecs_svg_escape(text ? text : "");
    if (e == NULL) {
        if (s)
            s->failed = 1;
        return;
    }
    put(s, e);
    free(e);
}

/* A coordinate (2 decimals). */
static const char *N(char *buf, double v)
{
    return ecs_svg_num(buf, 32, v, 2);
}

/* ---- document ---- */

ecs_svg *ecs_svg_new(double width, double height, const char *title)
{
    ecs_svg *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    char w[32], h[32];
    putf(s,
         "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
         "width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" "
         "font-family=\"%s\">\n",
         N(w, width), N(h, height), w, h, ECS_SVG_FONT);
    if (title) {
        put(s, "<title>");
        put_escaped(s, title);
        put(s, "</title>\n");
    }
    putf(s, "<rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\" fill=\"#fff\"/>\n",
         w, h);
    if (s->failed) {
        ecs_svg_free(s);
        return NULL;
    }
    return s;
}

void ecs_svg_free(ecs_svg *s)
{
    if (s == NULL)
        return;
    free(s->buf);
    free(s);
}

char *ecs_svg_finish(ecs_svg *s)
{
    if (s == NULL)
        return NULL;
    while (s->depth > 0)
        ecs_svg_group_end(s);
    put(s, "</svg>\n");
    char *text = s->failed ? NULL : s->buf;
    if (text == NULL)
        free(s->buf);
    free(s);
    return text;
}

/* ---- style ---- */

void ecs_svg_style_init(ecs_svg_style *st)
{
    st->fill = "none";
    st->stroke = "none";
    st->stroke_width = 1;
    st->dash = NULL;
    st->opacity = 1;
    st->cls = NULL;
}

void ecs_svg_font_init(ecs_svg_font *f)
{
    f->size = 12;
    f->anchor = ECS_SVG_START;
    f->bold = 0;
    f->fill = "#222";
    f->rotate = 0;
    f->cls = NULL;
}

static void put_style(ecs_svg *s, const ecs_svg_style *st)
{
    ecs_svg_style def;
    if (st == NULL) {
        ecs_svg_style_init(&def);
        st = &def;
    }
    char b[32];
    if (st->cls) {
        put(s, " class=\"");
        put_escaped(s, st->cls);
        put(s, "\"");
    }
    put(s, " fill=\"");
    put_escaped(s, st->fill ? st->fill : "none");
    put(s, "\"");
    if (st->opacity < 1)
        putf(s, " fill-opacity=\"%s\"", ecs_svg_num(b, sizeof b, st->opacity, 3));
    if (st->stroke && strcmp(st->stroke, "none") != 0) {
        put(s, " stroke=\"");
        put_escaped(s, st->stroke);
        putf(s, "\" stroke-width=\"%s\"", N(b, st->stroke_width));
        if (st->dash) {
            put(s, " stroke-dasharray=\"");
            put_escaped(s, st->dash);
            put(s, "\"");
        }
    }
}

/* ---- shapes ---- */

void ecs_svg_rect(ecs_svg *s, double x, double y, double w, double h,
                  const ecs_svg_style *st)
{
    char a[32], b[32], c[32], d[32];
    putf(s, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"", N(a, x),
         N(b, y), N(c, w > 0 ? w : 0), N(d, h > 0 ? h : 0));
    put_style(s, st);
    put(s, "/>\n");
}

void ecs_svg_line(ecs_svg *s, double x1, double y1, double x2, double y2,
                  const ecs_svg_style *st)
{
    char a[32], b[32], c[32], d[32];
    putf(s, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"", N(a, x1),
         N(b, y1), N(c, x2), N(d, y2));
    put_style(s, st);
    put(s, "/>\n");
}

void ecs_svg_circle(ecs_svg *s, double cx, double cy, double r,
                    const ecs_svg_style *st)
{
    char a[32], b[32], c[32];
    putf(s, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"", N(a, cx), N(b, cy),
         N(c, r));
    put_style(s, st);
    put(s, "/>\n");
}

void ecs_svg_polyline(ecs_svg *s, const double *x, const double *y, size_t n,
                      const ecs_svg_style *st)
{
    if (n < 2)
        return;
    char a[32], b[32];
    put(s, "<polyline points=\"");
    for (size_t i = 0; i < n; i++)
        putf(s, "%s%s,%s", i ? " " : "", N(a, x[i]), N(b, y[i]));
    put(s, "\"");
    put_style(s, st);
    put(s, "/>\n");
}

void ecs_svg_text(ecs_svg *s, double x, double y, const char *text,
                  const ecs_svg_font *f)
{
    ecs_svg_font def;
    if (f == NULL) {
        ecs_svg_font_init(&def);
        f = &def;
    }
    static const char *const anchor[] = {"start", "middle", "end"};
    char a[32], b[32], c[32];
    putf(s, "<text x=\"%s\" y=\"%s\" font-size=\"%s\"", N(a, x), N(b, y),
         N(c, f->size));
    if (f->cls) {
        put(s, " class=\"");
        put_escaped(s, f->cls);
        put(s, "\"");
    }
    if (f->anchor != ECS_SVG_START)
        putf(s, " text-anchor=\"%s\"", anchor[f->anchor]);
    if (f->bold)
        put(s, " font-weight=\"bold\"");
    put(s, " fill=\"");
    put_escaped(s, f->fill ? f->fill : "#222");
    put(s, "\"");
    if (f->rotate != 0)
        putf(s, " transform=\"rotate(%s %s %s)\"", N(c, f->rotate), a, b);
    put(s, ">");
    put_escaped(s, text);
    put(s, "</text>\n");
}

void ecs_svg_group_begin(ecs_svg *s, const char *cls, const char *tooltip)
{
    if (s == NULL)
        return;
    put(s, "<g");
    if (cls) {
        put(s, " class=\"");
        put_escaped(s, cls);
        put(s, "\"");
    }
    put(s, ">");
    if (tooltip) {
        put(s, "<title>");
        put_escaped(s, tooltip);
        put(s, "</title>");
    }
    put(s, "\n");
    s->depth++;
}

void ecs_svg_group_end(ecs_svg *s)
{
    if (s == NULL || s->depth == 0)
        return;
    put(s, "</g>\n");
    s->depth--;
}

/* ---- text helpers ---- */

double ecs_svg_text_width(const char *text, double size)
{
    size_t chars = 0;
    for (const unsigned char *p = (const unsigned char *)text; p && *p; p++)
        if ((*p & 0xC0) != 0x80)
            chars++;
    return (double)chars * ECS_SVG_CHAR_EM * size;
}

char *ecs_svg_escape(const char *text)
{
    size_t n = 1;
    for (const char *p = text; *p; p++)
        n += (*p == '&' || *p == '<' || *p == '>' || *p == '"' || *p == '\'')
                 ? 6
                 : 1;
    char *out = malloc(n), *o = out;
    if (out == NULL)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        const char *rep = NULL;
        switch (*p) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        case '\'': rep = "&apos;"; break;
        }
        if (rep) {
            size_t k = strlen(rep);
            memcpy(o, rep, k);
            o += k;
        } else if (*p < 0x20 && *p != '\t' && *p != '\n') {
            *o++ = ' '; /* control characters are not allowed in XML 1.0 */
        } else {
            *o++ = (char)*p;
        }
    }
    *o = '\0';
    return out;
}

char *ecs_svg_num(char *buf, size_t size, double v, int decimals)
{
    if (!isfinite(v))
        v = 0;
    if (decimals < 0)
        decimals = 0;
    if (decimals > 9)
        decimals = 9;
    snprintf(buf, size, "%.*f", decimals, v);
    if (strchr(buf, '.')) {
        char *e = buf + strlen(buf) - 1;
        while (*e == '0')
            *e-- = '\0';
        if (*e == '.')
            *e = '\0';
    }
    if (strcmp(buf, "-0") == 0)
        snprintf(buf, size, "0");
    return buf;
}

/* ---- scales and axes ---- */

double ecs_svg_map(const ecs_svg_scale *sc, double v)
{
    double a = sc->d0, b = sc->d1;
    if (sc->log) {
        double lo = a < b ? a : b;
        if (v < lo)
            v = lo;
        a = log10(a);
        b = log10(b);
        v = log10(v);
    }
    if (b == a)
        return sc->r0;
    return sc->r0 + (v - a) / (b - a) * (sc->r1 - sc->r0);
}

double ecs_svg_nice_step(double span, int max_ticks)
{
    if (!(span > 0) || !isfinite(span))
        return 1;
    if (max_ticks < 1)
        max_ticks = 1;
    double raw = span / max_ticks;
    double p = pow(10, floor(log10(raw)));
    static const double m[] = {1, 2, 5, 10};
    for (size_t i = 0; i < 4; i++)
        if (m[i] * p >= raw * (1 - 1e-9))
            return m[i] * p;
    return 10 * p;
}

int ecs_svg_step_decimals(double step)
{
    int d = 0;
    while (d < 9 && fabs(step * pow(10, d) - floor(step * pow(10, d) + 0.5)) >
                        1e-6 * step * pow(10, d))
        d++;
    return d;
}

void ecs_svg_nice_domain(double lo, double hi, int max_ticks, double *nlo,
                         double *nhi, double *step)
{
    if (!isfinite(lo) || !isfinite(hi)) {
        lo = 0;
        hi = 1;
    }
    if (hi < lo) {
        double t = lo;
        lo = hi;
        hi = t;
    }
    if (hi - lo < 1e-12 * (fabs(hi) + 1)) {
        double pad = fabs(hi) > 0 ? fabs(hi) * 0.1 : 1;
        lo -= pad;
        hi += pad;
    }
    double st = ecs_svg_nice_step(hi - lo, max_ticks);
    *nlo = floor(lo / st + 1e-9) * st;
    *nhi = ceil(hi / st - 1e-9) * st;
    *step = st;
}

void ecs_svg_axis_init(ecs_svg_axis *ax)
{
    memset(ax, 0, sizeof *ax);
    ax->scale.d1 = 1;
    ax->scale.r1 = 1;
}

/* Tick values of a log axis: powers of ten within the domain. */
static size_t log_ticks(const ecs_svg_scale *sc, double *t, size_t max)
{
    double lo = sc->d0 < sc->d1 ? sc->d0 : sc->d1;
    double hi = sc->d0 < sc->d1 ? sc->d1 : sc->d0;
    size_t n = 0;
    for (int e = (int)ceil(log10(lo) - 1e-9); n < max && pow(10, e) <= hi * (1 + 1e-9); e++)
        t[n++] = pow(10, e);
    return n;
}

static void tick_label(char *buf, size_t size, double v, int decimals,
                       const char *suffix)
{
    char num[48];
    if (decimals < 0) /* log axis: powers of ten */
        snprintf(num, sizeof num, "%g", v);
    else if (v != 0 && (fabs(v) >= 1e6 || fabs(v) < 1e-4))
        snprintf(num, sizeof num, "%.0e", v);
    else
        ecs_svg_num(num, sizeof num, v, decimals);
    snprintf(buf, size, "%s%s", num, suffix ? suffix : "");
}

void ecs_svg_axis_draw(ecs_svg *s, const ecs_svg_axis *ax)
{
    const ecs_svg_scale *sc = &ax->scale;
    double len = fabs(sc->r1 - sc->r0);
    double lo = sc->d0 < sc->d1 ? sc->d0 : sc->d1;
    double hi = sc->d0 < sc->d1 ? sc->d1 : sc->d0;
    double ticks[256];
    size_t nt = 0;
    int decimals = 0;
    /* x labels need ~60 px each, y labels ~28 px */
    int max_ticks = (int)(len / (ax->vertical ? 28 : 60));
    if (max_ticks < 2)
        max_ticks = 2;
    if (sc->log) {
        nt = log_ticks(sc, ticks, 256);
    } else {
        double st = ax->step > 0 ? ax->step : ecs_svg_nice_step(hi - lo, max_ticks);
        if (ax->integer && st < 1)
            st = 1;
        while ((hi - lo) / st > 255)
            st *= 2;
        decimals = ecs_svg_step_decimals(st);
        for (double v = ceil(lo / st - 1e-9) * st; v <= hi + st * 1e-9 && nt < 256;
             v += st)
            ticks[nt++] = fabs(v) < st * 1e-9 ? 0 : v;
    }
    ecs_svg_style line, grid;
    ecs_svg_style_init(&line);
    line.stroke = "#444";
    ecs_svg_style_init(&grid);
    grid.stroke = "#e3e3e3";
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = 11;
    f.fill = "#444";
    f.cls = "tick";
    ecs_svg_group_begin(s, ax->vertical ? "axis y" : "axis x", NULL);
    double last_end = -1e300;
    for (size_t i = 0; i < nt; i++) {
        double p = ecs_svg_map(sc, ticks[i]);
        char lab[64];
        tick_label(lab, sizeof lab, ticks[i], sc->log ? -1 : decimals,
                   ax->suffix);
        if (ax->vertical) {
            if (ax->grid_len > 0)
                ecs_svg_line(s, ax->pos, p, ax->pos + ax->grid_len, p, &grid);
            ecs_svg_line(s, ax->pos - 4, p, ax->pos, p, &line);
            f.anchor = ECS_SVG_END;
            ecs_svg_text(s, ax->pos - 6, p + 4, lab, &f);
        } else {
            if (ax->grid_len > 0)
                ecs_svg_line(s, p, ax->pos, p, ax->pos - ax->grid_len, &grid);
            ecs_svg_line(s, p, ax->pos, p, ax->pos + 4, &line);
            double w = ecs_svg_text_width(lab, f.size);
            if (p - w / 2 < last_end + 4)
                continue; /* would overlap the previous label */
            f.anchor = ECS_SVG_MIDDLE;
            ecs_svg_text(s, p, ax->pos + 16, lab, &f);
            last_end = p + w / 2;
        }
    }
    if (ax->vertical)
        ecs_svg_line(s, ax->pos, sc->r0, ax->pos, sc->r1, &line);
    else
        ecs_svg_line(s, sc->r0, ax->pos, sc->r1, ax->pos, &line);
    if (ax->label) {
        f.size = 12;
        f.fill = "#222";
        f.cls = "axis-label";
        f.anchor = ECS_SVG_MIDDLE;
        double mid = (sc->r0 + sc->r1) / 2;
        if (ax->vertical) {
            f.rotate = -90;
            ecs_svg_text(s, ax->pos - 44, mid, ax->label, &f);
        } else {
            ecs_svg_text(s, mid, ax->pos + 34, ax->label, &f);
        }
    }
    ecs_svg_group_end(s);
}

/* ---- colour ---- */

char *ecs_svg_ramp(char buf[8], double t)
{
    /* ColorBrewer Blues, light to dark */
    static const unsigned char c[][3] = {{222, 235, 247}, {198, 219, 239},
                                         {158, 202, 225}, {107, 174, 214},
                                         {66, 146, 198},  {33, 113, 181}};
    const size_t n = sizeof c / sizeof c[0];
    if (!(t > 0))
        t = 0;
    if (t > 1)
        t = 1;
    double pos = t * (double)(n - 1);
    size_t i = (size_t)floor(pos);
    if (i >= n - 1)
        i = n - 2;
    double u = pos - (double)i;
    int rgb[3];
    for (int k = 0; k < 3; k++)
        rgb[k] = (int)lround(c[i][k] + u * (c[i + 1][k] - c[i][k]));
    snprintf(buf, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
    return buf;
}

const char *ecs_svg_series_color(size_t i)
{
    static const char *const col[] = {"#1f77b4", "#d62728", "#2ca02c",
                                      "#ff7f0e", "#9467bd", "#8c564b",
                                      "#e377c2", "#17becf"};
    return col[i % 8];
}

/* ---- legends ---- */

void ecs_svg_legend_init(ecs_svg_legend *lg)
{
    lg->left = lg->right = lg->y = 0;
    lg->row_h = 18;
    lg->sample_w = 18;
    lg->box_h = 11;
    lg->box_stroke = NULL;
    lg->box_stroke_width = 0;
    lg->line_width = 2.5;
    lg->text_dx = 24;
    lg->pad = 16;
    lg->font_size = 11;
}

static double legend_item_width(const ecs_svg_legend *lg,
                                const ecs_svg_legend_item *it)
{
    return lg->text_dx + ecs_svg_text_width(it->text, lg->font_size) + lg->pad;
}

size_t ecs_svg_legend_rows(const ecs_svg_legend *lg,
                           const ecs_svg_legend_item *it, size_t n)
{
    size_t rows = 1;
    double x = 0, w = lg->right - lg->left;
    for (size_t i = 0; i < n; i++) {
        double iw = legend_item_width(lg, &it[i]);
        if (x > 0 && x + iw > w) {
            rows++;
            x = 0;
        }
        x += iw;
    }
    return rows;
}

void ecs_svg_legend_draw(ecs_svg *s, const ecs_svg_legend *lg,
                         const ecs_svg_legend_item *it, size_t n)
{
    ecs_svg_group_begin(s, "legend", NULL);
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = lg->font_size;
    double x = lg->left, y = lg->y;
    for (size_t i = 0; i < n; i++) {
        double iw = legend_item_width(lg, &it[i]);
        if (x > lg->left && x + iw > lg->right) {
            x = lg->left;
            y += lg->row_h;
        }
        ecs_svg_style st;
        ecs_svg_style_init(&st);
        if (!it[i].line) {
            st.fill = it[i].color;
            if (lg->box_stroke != NULL) {
                st.stroke = lg->box_stroke;
                st.stroke_width = lg->box_stroke_width;
            }
            ecs_svg_rect(s, x, y - 10, lg->sample_w, lg->box_h, &st);
        } else {
            st.stroke = it[i].color;
            st.stroke_width = lg->line_width;
            st.dash = it[i].dash;
            ecs_svg_line(s, x, y - 4, x + lg->sample_w, y - 4, &st);
        }
        ecs_svg_text(s, x + lg->text_dx, y, it[i].text, &f);
        x += iw;
    }
    ecs_svg_group_end(s);
}
