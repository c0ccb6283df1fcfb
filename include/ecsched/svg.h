/*
 * ecsched: a small SVG writer (no plotting dependency).
 *
 * An ecs_svg is an in-memory document: shapes are appended in drawing order
 * and ecs_svg_finish() returns the whole text for the caller to write (the
 * command writes it atomically).  Every coordinate is printed with 2 decimals (fixed
 * precision, trailing zeros dropped, never "-0"), every text is XML-escaped,
 * so that the output is well-formed and byte-for-byte reproducible.
 *
 * Out of memory is sticky: drawing calls become no-ops and
 * ecs_svg_finish() returns NULL.
 *
 * Axes: an ecs_svg_scale maps a data interval onto a pixel interval
 * (linear or log10); ecs_svg_nice_step() picks tick steps of 1, 2 or 5
 * times a power of ten; ecs_svg_axis_draw() draws ticks, tick labels that
 * do not overlap, an optional grid and the axis title.
 */
#ifndef ECSCHED_SVG_H
#define ECSCHED_SVG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ecs_svg ecs_svg;

/* Font family of every text (DejaVu Sans is Debian's default sans). */
#define ECS_SVG_FONT "DejaVu Sans, Verdana, Arial, sans-serif"

/* Average advance of a character, in em, an upper estimate for digits
 * and lower-case text in ECS_SVG_FONT (used to avoid overlapping text). */
#define ECS_SVG_CHAR_EM 0.64

/*
 * A new document of width x height pixels with a white background and a
 * <title> (may be NULL).  NULL on out of memory.
 */
ecs_svg *ecs_svg_new(double width, double height, const char *title);

/* Close the document and return its text (malloc'ed; the caller frees
 * it); s is freed in any case.  NULL when any step ran out of memory. */
char *ecs_svg_finish(ecs_svg *s);

/* Free a document without finishing it; NULL is accepted. */
void ecs_svg_free(ecs_svg *s);

/* ---- style ---- */

typedef struct ecs_svg_style {
    const char *fill;      /* colour or "none" (default "none") */
    const char *stroke;    /* colour or "none" (default "none") */
    double stroke_width;   /* default 1 */
    const char *dash;      /* stroke-dasharray, e.g. "4 3", or NULL */
    double opacity;        /* fill-opacity, 1 = opaque (default) */
    const char *cls;       /* class attribute, or NULL */
} ecs_svg_style;

void ecs_svg_style_init(ecs_svg_style *st);

typedef enum ecs_svg_anchor {
    ECS_SVG_START = 0,
    ECS_SVG_MIDDLE,
    ECS_SVG_END
} ecs_svg_anchor;

typedef struct ecs_svg_font {
    double size;            /* px, default 12 */
    ecs_svg_anchor anchor;  /* default start */
    int bold;               /* default 0 */
    const char *fill;       /* default "#222" */
    double rotate;          /* degrees about (x, y), default 0 */
    const char *cls;        /* class attribute, or NULL */
} ecs_svg_font;

void ecs_svg_font_init(ecs_svg_font *f);

/* ---- shapes ---- */

void ecs_svg_rect(ecs_svg *s, double x, double y, double w, double h,
                  const ecs_svg_style *st);
void ecs_svg_line(ecs_svg *s, double x1, double y1, double x2, double y2,
                  const ecs_svg_style *st);
void ecs_svg_circle(ecs_svg *s, double cx, double cy, double r,
                    const ecs_svg_style *st);
/* n >= 2 points; fewer draw nothing. */
void ecs_svg_polyline(ecs_svg *s, const double *x, const double *y, size_t n,
                      const ecs_svg_style *st);
/* One line of text; baseline at y. */
void ecs_svg_text(ecs_svg *s, double x, double y, const char *text,
                  const ecs_svg_font *f);

/* <g class="cls"> (cls may be NULL) with an optional <title> tooltip. */
void ecs_svg_group_begin(ecs_svg *s, const char *cls, const char *tooltip);
void ecs_svg_group_end(ecs_svg *s);

/* ---- legends: rows of items (a sample and its text) wrapped to a width ---- */

typedef struct ecs_svg_legend_item {
    const char *text;
    const char *color;
    int line;            /* 0: a filled box, 1: a line sample */
    const char *dash;    /* the line's stroke-dasharray, or NULL */
} ecs_svg_legend_item;

typedef struct ecs_svg_legend {
    double left, right;  /* the rows start at left and wrap before right */
    double y;            /* baseline of the first row */
    double row_h;        /* baseline to baseline */
    double sample_w;     /* width of a box or line sample */
    double box_h;        /* height of a box (its top 10 px above the baseline) */
    const char *box_stroke; /* the box's outline colour, or NULL: none */
    double box_stroke_width;
    double line_width;   /* of a line sample (4 px above the baseline) */
    double text_dx;      /* from an item's left edge to its text */
    double pad;          /* after an item's text */
    double font_size;
} ecs_svg_legend;

/* Defaults: sample 18 x 11 px, no box outline, line 2.5 px, text 24 px
 * from the item's edge, 16 px after it, font 11 px, rows 18 px apart;
 * left, right and y are 0 (the caller places the legend). */
void ecs_svg_legend_init(ecs_svg_legend *lg);

/* The rows the items need (at least 1). */
size_t ecs_svg_legend_rows(const ecs_svg_legend *lg,
                           const ecs_svg_legend_item *it, size_t n);

/* Draw the items in a <g class="legend">. */
void ecs_svg_legend_draw(ecs_svg *s, const ecs_svg_legend *lg,
                         const ecs_svg_legend_item *it, size_t n);

/* ---- text helpers ---- */

/* Estimated width in px of text at a font size (UTF-8 aware). */
double ecs_svg_text_width(const char *text, double size);

/* XML-escaped copy of text (& < > " '); malloc'ed, NULL on out of memory. */
char *ecs_svg_escape(const char *text);

/*
 * v with `decimals` fixed decimals, trailing zeros and a bare "." dropped,
 * "-0" printed as "0", non-finite values as "0".  Returns buf.
 */
char *ecs_svg_num(char *buf, size_t size, double v, int decimals);

/* ---- scales and axes ---- */

typedef struct ecs_svg_scale {
    double d0, d1;   /* data interval (d0 != d1; > 0 for log) */
    double r0, r1;   /* pixel interval */
    int log;         /* log10 scale */
} ecs_svg_scale;

/* Pixel of data value v (clamped to the data interval for log <= 0). */
double ecs_svg_map(const ecs_svg_scale *sc, double v);

/* The smallest step of 1, 2 or 5 times a power of ten that covers span
 * with at most max_ticks steps (span > 0, max_ticks >= 1). */
double ecs_svg_nice_step(double span, int max_ticks);

/* Decimals needed to print multiples of step exactly (0 for step >= 1). */
int ecs_svg_step_decimals(double step);

/* Widen [lo, hi] to multiples of a nice step; lo == hi is widened. */
void ecs_svg_nice_domain(double lo, double hi, int max_ticks, double *nlo,
                         double *nhi, double *step);

typedef struct ecs_svg_axis {
    ecs_svg_scale scale;
    int vertical;      /* 0: x axis drawn at y = pos; 1: y axis at x = pos */
    double pos;
    double step;       /* tick step (linear); <= 0: chosen from the length */
    int integer;       /* ticks only at integers */
    const char *label; /* axis title, or NULL */
    const char *suffix;/* appended to tick labels (e.g. "%"), or NULL */
    double grid_len;   /* > 0: grid lines of this length into the plot */
} ecs_svg_axis;

void ecs_svg_axis_init(ecs_svg_axis *ax);

void ecs_svg_axis_draw(ecs_svg *s, const ecs_svg_axis *ax);

/* ---- colour ---- */

/* "#rrggbb" of the blues ramp at t in [0, 1] (0 light, 1 dark) into
 * buf[8]; returns buf. */
char *ecs_svg_ramp(char buf[8], double t);

/* A distinct series colour (cycles through 8). */
const char *ecs_svg_series_color(size_t i);

#ifdef __cplusplus
}
#endif

#endif
