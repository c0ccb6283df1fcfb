/* Gantt chart of a schedule document, with the price curve under it. */
#include "ecsched/gantt.h"

#include "ecsched/prices.h"
#include "ecsched/setup.h"

#include "gantt_data.h"
#include "ecsched/svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MARGIN_L 92.0
#define MARGIN_R 24.0
#define PRICE_H 110.0
#define LABEL_PAD 4.0  /* px a label keeps from its box's sides */
#define LABEL_MIN_FONT 7.0

#define COLOR_DEADLINE "#d62728"
#define COLOR_MAKESPAN "#222"
#define COLOR_PRICE "#e6550d"
#define COLOR_WAIT "#f2f2f2"
#define COLOR_DRAW "#8c510a"
#define COLOR_GREEN "#2ca02c"
#define COLOR_CAP "#555"
#define COLOR_NOW "#1f77b4"
#define ENERGY_H 110.0   /* one site's energy panel; 90 each for several */
#define ENERGY_GAP 60.0  /* from one site's panel to the next */

/* Site k's price colour (site 0: the price colour). */
static const char *site_color(size_t k)
{
    static const char *const c[] = {COLOR_PRICE, "#6a3d9a", "#1f78b4", "#b15928",
                                    "#e7298a", "#66a61e", "#a6761d", "#666666"};
    return c[k % (sizeof c / sizeof *c)];
}

void ecs_gantt_options_init(ecs_gantt_options *o)
{
    o->title = NULL;
    o->width = 0;
    o->labels = 1;
}

typedef struct layout {
    double W, H;
    long slots;
    double top;      /* top of the Gantt panel */
    double row_h;
    double gantt_bottom;
    double price_top, price_bottom;
    double energy_top, energy_bottom; /* 0: no energy panel; with several
                                         sites, site q's panel is
                                         energy_top + q energy_stride */
    double energy_h, energy_stride;
    double font;     /* task label size; 0: no labels */
    ecs_svg_scale x; /* slot -> px (with slot lengths: units of
                        slot_minutes since slot 0 -> px, rd_gantt_pos) */
    char axis_label[64]; /* "slot", or the unit of slot lengths */
} layout;

/* Bold text is wider than ecs_svg_text_width's estimate. */
#define BOLD_WIDTH 1.06

static void title_lines(const rd_gantt_data *d, const ecs_gantt_options *o,
                        char *line, char *sub, size_t n);

static void make_layout(const rd_gantt_data *d, const ecs_gantt_options *o,
                        size_t legend_rows, layout *L)
{
    L->slots = d->makespan;
    if (d->deadline > L->slots)
        L->slots = d->deadline;
    if (L->slots < 1)
        L->slots = 1;
    double pw = o->width > 0 ? o->width : 22.0 * (double)L->slots;
    if (o->width <= 0) {
        pw = pw < 640 ? 640 : pw > 3200 ? 3200 : pw;
        /* wide enough for the title and subtitle (a short horizon) */
        char t1[768], t2[768];
        title_lines(d, o, t1, t2, sizeof t1);
        double w1 = BOLD_WIDTH * ecs_svg_text_width(t1, 15);
        double w2 = ecs_svg_text_width(t2, 12);
        double need = (w1 > w2 ? w1 : w2) + 8 - MARGIN_R;
        if (pw < need)
            pw = need > 3200 ? 3200 : need;
    }
    L->row_h = 560.0 / (double)d->pes;
    if (L->row_h > 34)
        L->row_h = 34;
    if (L->row_h < 14)
        L->row_h = 14;
    /* the label's em box (baseline at 0.35 em below the middle) stays
     * inside the box of height row_h - 4 */
    L->font = (L->row_h - 4) / 1.3 < 11 ? (L->row_h - 4) / 1.3 : 11;
    if (L->font < LABEL_MIN_FONT || !o->labels)
        L->font = 0;
    L->W = MARGIN_L + pw + MARGIN_R;
    L->top = 64 + 20.0 * (double)legend_rows + 30;
    L->gantt_bottom = L->top + L->row_h * (double)d->pes;
    L->price_top = L->gantt_bottom + 52;
    L->price_bottom = L->price_top + PRICE_H;
    L->H = L->price_bottom + 52 + (d->has_clock ? 30 : 0); /* clock times, dates */
    L->energy_top = L->energy_bottom = 0;
    if (d->nsite > 0) { /* draw, green supply and cap per slot, a panel
                           per site */
        L->energy_h = d->nsite == 1 ? ENERGY_H : 90;
        L->energy_stride = L->energy_h + ENERGY_GAP;
        L->energy_top = L->H + (d->nsite > 1 ? 30 : 16);
        L->energy_bottom = L->energy_top +
                           L->energy_stride * (double)(d->nsite - 1) + L->energy_h;
        L->H = L->energy_bottom + 44;
    }
    L->x.d0 = 0;
    L->x.d1 = rd_gantt_pos(d, L->slots); /* slot widths to scale */
    snprintf(L->axis_label, sizeof L->axis_label, "slot");
    if (d->slot_pos != NULL)
        snprintf(L->axis_label, sizeof L->axis_label,
                 "time in units of %ld min (slots to scale)", d->slot_minutes);
    L->x.r0 = MARGIN_L;
    L->x.r1 = MARGIN_L + pw;
    L->x.log = 0;
}

static const char *freq_color(char buf[8], double f)
{
    if (f <= 0) {
        snprintf(buf, 8, "%s", COLOR_WAIT);
        return buf;
    }
    return ecs_svg_ramp(buf, f);
}

/* ---- title and legend ---- */

/* Text at (x, y) within avail px: the size shrunk down to min_size, then
 * the end cut and "..." put in its place (at a character boundary; line
 * holds size bytes). */
static void fit_text(ecs_svg *s, double x, double y, double avail,
                     char *line, size_t size, ecs_svg_font *f,
                     double min_size)
{
    while (f->size > min_size && ecs_svg_text_width(line, f->size) > avail)
        f->size -= 0.5;
    size_t n = strlen(line);
    if (ecs_svg_text_width(line, f->size) > avail && n > 3 && size > 4) {
        if (n > size - 4)
            n = size - 4;
        while (n > 0) {
            n--;
            while (n > 0 && ((unsigned char)line[n] & 0xC0) == 0x80)
                n--;
            memcpy(line + n, "...", 4);
            if (ecs_svg_text_width(line, f->size) <= avail)
                break;
        }
    }
    ecs_svg_text(s, x, y, line, f);
}

/* The title and subtitle lines (n bytes each). */
static void title_lines(const rd_gantt_data *d, const ecs_gantt_options *o,
                        char *line, char *sub, size_t n)
{
    char part[256];
    if (o->title) {
        snprintf(line, n, "%s", o->title);
    } else {
        snprintf(line, n, "%s%sschedule%s%s",
                 d->command, d->command[0] ? " " : "",
                 d->graph[0] ? " of " : "", d->graph);
        if (d->has_cost) {
            snprintf(part, sizeof part, ": cost %.4g", d->cost);
            strncat(line, part, n - strlen(line) - 1);
        }
        if (d->has_cost && d->has_base_cost && d->base_cost > 0) {
            snprintf(part, sizeof part, " (base %.4g, saving %.1f%%)",
                     d->base_cost, 100 * (1 - d->cost / d->base_cost));
            strncat(line, part, n - strlen(line) - 1);
        }
    }
    snprintf(sub, n, "%ld PE%s, %zu tasks, makespan %ld", d->pes,
             d->pes == 1 ? "" : "s", d->ntask, d->makespan);
    if (d->deadline > 0) {
        snprintf(part, sizeof part, ", deadline D' = %ld (%s)", d->deadline,
                 d->makespan <= d->deadline ? "met" : "missed");
        strncat(sub, part, n - strlen(sub) - 1);
    }
    if (d->price_source[0]) {
        snprintf(part, sizeof part, ", prices %s", d->price_source);
        strncat(sub, part, n - strlen(sub) - 1);
    }
}


static void draw_title(ecs_svg *s, const rd_gantt_data *d,
                       const ecs_gantt_options *o, const layout *L)
{
    char line[768], sub[768];
    title_lines(d, o, line, sub, sizeof line);
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = 15;
    f.bold = 1;
    f.cls = "title";
    double avail = L->W - MARGIN_L - 8;
    fit_text(s, MARGIN_L, 24, avail / BOLD_WIDTH, line, sizeof line, &f, 10);
    f.size = 12;
    f.bold = 0;
    f.fill = "#444";
    f.cls = "subtitle";
    fit_text(s, MARGIN_L, 44, avail, sub, sizeof sub, &f, 9);
}

/* The legend's texts and colours (ecs_svg_legend_item points into them). */
typedef struct legend_store {
    char text[64];
    char color[8];
} legend_store;

static void legend_add(ecs_svg_legend_item *it, legend_store *st, size_t n,
                       int line, const char *color, const char *dash)
{
    snprintf(st[n].color, sizeof st[n].color, "%s", color);
    it[n].text = st[n].text;
    it[n].color = st[n].color;
    it[n].line = line;
    it[n].dash = dash;
}

static size_t legend_items(const rd_gantt_data *d, ecs_svg_legend_item *it,
                           legend_store *st, size_t max)
{
    size_t n = 0;
    for (size_t k = 0; k < d->nfreq && n < max; k++, n++) {
        char num[32], color[8];
        ecs_svg_num(num, sizeof num, d->freq[k], 6);
        snprintf(st[n].text, sizeof st[n].text, "f = %s%s", num,
                 d->freq[k] <= 0 ? " (waits)" : "");
        freq_color(color, d->freq[k]);
        legend_add(it, st, n, 0, color, NULL);
    }
    if (d->deadline > 0 && n < max) {
        snprintf(st[n].text, sizeof st[n].text, "deadline D'");
        legend_add(it, st, n++, 1, COLOR_DEADLINE, "6 4");
    }
    if (d->now >= 0 && n < max) {
        snprintf(st[n].text, sizeof st[n].text, "now (re-planned from)");
        legend_add(it, st, n++, 1, COLOR_NOW, "2 3");
    }
    if (n < max) {
        snprintf(st[n].text, sizeof st[n].text, "makespan");
        legend_add(it, st, n++, 1, COLOR_MAKESPAN, NULL);
    }
    if (d->nprice > 0 && n < max) {
        if (d->nsite > 1)
            snprintf(st[n].text, sizeof st[n].text, "price %s", d->site[0].name);
        else
            snprintf(st[n].text, sizeof st[n].text, "price per slot");
        legend_add(it, st, n++, 1, COLOR_PRICE, NULL);
    }
    for (size_t q = 1; q < d->nsite && n < max; q++) {
        snprintf(st[n].text, sizeof st[n].text, "price %s", d->site[q].name);
        legend_add(it, st, n++, 1, site_color(q), NULL);
    }
    int green = 0, cap = 0;
    for (size_t q = 0; q < d->nsite; q++) {
        green |= d->site[q].has_green;
        cap |= d->site[q].cap != NULL;
    }
    if (d->nsite > 0 && n < max) {
        snprintf(st[n].text, sizeof st[n].text, "draw (kWh per slot)");
        legend_add(it, st, n++, 1, COLOR_DRAW, NULL);
    }
    if (green && n < max) {
        snprintf(st[n].text, sizeof st[n].text, "green supply (kWh per slot)");
        legend_add(it, st, n++, 1, COLOR_GREEN, NULL);
    }
    if (cap && n < max) {
        /* a power: kW, times the slot's hours on the kWh axis */
        char sl[32] = "";
        long sm = d->slot_minutes;
        if (sm > 0 && sm % 60 == 0)
            snprintf(sl, sizeof sl, " x %ld h", sm / 60);
        else if (sm > 0)
            snprintf(sl, sizeof sl, " x %ld min", sm);
        snprintf(st[n].text, sizeof st[n].text, "power cap (kW%s)", sl);
        legend_add(it, st, n++, 1, COLOR_CAP, "4 3");
    }
    return n;
}

/* The Gantt legend's look: 20 x 12 px boxes outlined, 2 px lines, rows
 * 20 px apart under the title. */
static void legend_init(ecs_svg_legend *lg, double W)
{
    ecs_svg_legend_init(lg);
    lg->left = MARGIN_L;
    lg->right = W - MARGIN_R;
    lg->y = 66;
    lg->row_h = 20;
    lg->sample_w = 20;
    lg->box_h = 12;
    lg->box_stroke = "#333";
    lg->box_stroke_width = 0.8;
    lg->line_width = 2;
    lg->text_dx = 26;
    lg->pad = 18;
}

/* ---- the Gantt panel ---- */

static void draw_rows(ecs_svg *s, const rd_gantt_data *d, const layout *L)
{
    ecs_svg_style st;
    ecs_svg_style_init(&st);
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.anchor = ECS_SVG_END;
    f.size = L->row_h - 2 < 12 ? L->row_h - 2 : 12;
    f.cls = "pe";
    /* label every k-th PE so that PE labels never touch */
    long every = (long)ceil((f.size + 2) / L->row_h);
    if (every < 1)
        every = 1;
    ecs_svg_group_begin(s, "rows", NULL);
    for (long p = 0; p < d->pes; p++) {
        double y = L->top + L->row_h * (double)p;
        st.fill = p % 2 ? "#f7f7f7" : "#ffffff";
        ecs_svg_rect(s, L->x.r0, y, L->x.r1 - L->x.r0, L->row_h, &st);
        if (p % every == 0) {
            char lab[64];
            snprintf(lab, sizeof lab, "PE %ld", p);
            for (size_t c = 0; c < d->nclass; c++) /* lanes by class */
                if (p >= d->cls[c].first && p < d->cls[c].first + d->cls[c].count)
                    snprintf(lab, sizeof lab, "%.31s %ld", d->cls[c].name,
                             p - d->cls[c].first);
            ecs_svg_text(s, MARGIN_L - 8, y + L->row_h / 2 + f.size * 0.35,
                         lab, &f);
        }
    }
    /* a line between classes */
    ecs_svg_style sep;
    ecs_svg_style_init(&sep);
    sep.stroke = "#888";
    sep.stroke_width = 1.2;
    sep.cls = "class-sep";
    for (size_t c = 1; c < d->nclass; c++) {
        double y = L->top + L->row_h * (double)d->cls[c].first;
        ecs_svg_line(s, MARGIN_L - 60, y, L->x.r1, y, &sep);
    }
    ecs_svg_group_end(s);
}

static void task_tooltip(const rd_gantt_task *t, char *buf, size_t size)
{
    int n = snprintf(buf, size, "task %ld", t->id);
    if (t->work >= 0)
        n += snprintf(buf + n, size - (size_t)n, " (work %ld)", t->work);
    n += snprintf(buf + n, size - (size_t)n, ": PE %ld, slots %ld..%ld, f =",
                  t->pe, t->start, t->stop);
    for (long l = 0; l <= t->stop - t->start && (size_t)n + 16 < size; l++) {
        char num[32];
        n += snprintf(buf + n, size - (size_t)n, " %s",
                      ecs_svg_num(num, sizeof num, t->f[l], 6));
    }
    if ((size_t)n + 16 >= size)
        snprintf(buf + size - 5, 5, " ...");
}

/* Draws one task; returns 1 if its label was drawn. */
static int draw_task(ecs_svg *s, const rd_gantt_data *d,
                     const rd_gantt_task *t, const layout *L)
{
    char tip[512], col[8];
    task_tooltip(t, tip, sizeof tip);
    ecs_svg_group_begin(s, "task", tip);
    double y = L->top + L->row_h * (double)t->pe + 2;
    double h = L->row_h - 4;
    ecs_svg_style st;
    ecs_svg_style_init(&st);
    long len = t->stop - t->start + 1;
    /* one rect per run of equal frequency */
    for (long a = 0; a < len;) {
        long b = a + 1;
        while (b < len && t->f[b] == t->f[a])
            b++;
        double x0 = ecs_svg_map(&L->x, rd_gantt_pos(d, t->start + a));
        double x1 = ecs_svg_map(&L->x, rd_gantt_pos(d, t->start + b));
        st.fill = freq_color(col, t->f[a]);
        ecs_svg_rect(s, x0, y, x1 - x0, h, &st);
        a = b;
    }
    double x0 = ecs_svg_map(&L->x, rd_gantt_pos(d, t->start));
    double x1 = ecs_svg_map(&L->x, rd_gantt_pos(d, t->stop + 1));
    st.fill = "none";
    st.stroke = "#333";
    st.stroke_width = x1 - x0 < 6 ? 0.5 : 1;
    st.cls = "box";
    ecs_svg_rect(s, x0, y, x1 - x0, h, &st);
    int labelled = 0;
    if (L->font > 0) {
        char id[32];
        snprintf(id, sizeof id, "%ld", t->id);
        if (ecs_svg_text_width(id, L->font) + 2 * LABEL_PAD <= x1 - x0) {
            ecs_svg_font f;
            ecs_svg_font_init(&f);
            f.size = L->font;
            f.anchor = ECS_SVG_MIDDLE;
            f.fill = "#000";
            f.cls = "label";
            ecs_svg_text(s, (x0 + x1) / 2, y + h / 2 + L->font * 0.35, id, &f);
            labelled = 1;
        }
    }
    ecs_svg_group_end(s);
    return labelled;
}

static void draw_time_axis(ecs_svg *s, const layout *L, double y,
                           double grid)
{
    ecs_svg_axis ax;
    ecs_svg_axis_init(&ax);
    ax.scale = L->x;
    ax.pos = y;
    ax.integer = 1;
    ax.label = L->axis_label;
    ax.grid_len = grid;
    ecs_svg_axis_draw(s, &ax);
}

/* ---- the price panel ---- */

/* The label step in minutes: the shortest of 15 min .. 28 days that is a
 * whole number of slots and gives at most eight labels over the span; 0
 * when none does (then every `(slots + 7) / 8` slots). */
static long clock_step(long slots, long slot_minutes)
{
    static const long steps[] = {15,   30,   60,    120,   180,   240,  360,
                                 720,  1440, 2880,  4320,  10080, 20160, 40320};
    for (size_t k = 0; k < sizeof steps / sizeof *steps; k++)
        if (steps[k] % slot_minutes == 0 && slots * slot_minutes / steps[k] <= 8)
            return steps[k];
    return 0;
}

/* Clock times under the slot axis when the prices have timestamps, in the
 * document's zone: about eight labels on whole slots at round local times,
 * the date under a label where the day changes (and under the first), the
 * zone's name left of the axis; the first label starts at the axis so that
 * nothing overlaps it. */
static void draw_clock(ecs_svg *s, const rd_gantt_data *d, const layout *L, double y)
{
    if (!d->has_clock)
        return;
    long step = clock_step((long)rd_gantt_pos(d, L->slots), d->slot_minutes);
    long every = (L->slots + 7) / 8;
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = 10;
    f.fill = "#555";
    f.cls = "clock";
    static const char *const mon[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    long last_day = -1;
    int first = 1;
    for (long l = 0; l <= L->slots; l++) {
        long long t = d->first_utc +
                      (long long)rd_gantt_pos(d, l) * d->slot_minutes * 60 +
                      60LL * d->zone_minutes; /* wall clock, read as UTC */
        long long minutes = t / 60;
        if (step > 0 ? (minutes % step != 0) : (l % every != 0))
            continue;
        time_t tt = (time_t)t;
        struct tm tm;
        if (gmtime_r(&tt, &tm) == NULL)
            continue;
        char hm[16], day[16];
        snprintf(hm, sizeof hm, "%02d:%02d", tm.tm_hour, tm.tm_min);
        f.anchor = first && l == 0 ? ECS_SVG_START : ECS_SVG_MIDDLE;
        double x = ecs_svg_map(&L->x, rd_gantt_pos(d, l));
        ecs_svg_text(s, x, y, hm, &f);
        long dayno = (long)(t / 86400);
        if (dayno != last_day) {
            snprintf(day, sizeof day, "%d %s", tm.tm_mday, mon[tm.tm_mon]);
            ecs_svg_text(s, x, y + 13, day, &f);
            last_day = dayno;
        }
        first = 0;
    }
    f.anchor = ECS_SVG_END;
    ecs_svg_text(s, L->x.r0 - 6, y, d->zone, &f);
}

static void draw_prices(ecs_svg *s, const rd_gantt_data *d, const layout *L)
{
    size_t n = d->nprice < (size_t)L->slots ? d->nprice : (size_t)L->slots;
    ecs_svg_group_begin(s, "prices", NULL);
    /* in money where the unit is known: the normalised price x normalized_by */
    int money = d->normalized_by > 0 && d->unit[0] != '\0';
    double k = money ? d->normalized_by : 1.0;
    char label[64];
    snprintf(label, sizeof label, money ? "price (%s)" : "price", d->unit);
    double lo = 0, hi = 0;
    for (size_t l = 0; l < n; l++) {
        lo = k * d->price[l] < lo ? k * d->price[l] : lo;
        hi = k * d->price[l] > hi ? k * d->price[l] : hi;
    }
    for (size_t q = 1; q < d->nsite; q++)
        for (size_t l = 0; l < d->site[q].n && l < (size_t)L->slots; l++)
            if (isfinite(d->site[q].price[l])) {
                double v = k * d->site[q].price[l];
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            }
    double nlo, nhi, step;
    ecs_svg_nice_domain(lo, hi, 4, &nlo, &nhi, &step);
    ecs_svg_axis ax;
    ecs_svg_axis_init(&ax);
    ax.scale.d0 = nlo;
    ax.scale.d1 = nhi;
    ax.scale.r0 = L->price_bottom;
    ax.scale.r1 = L->price_top;
    ax.vertical = 1;
    ax.pos = MARGIN_L;
    ax.step = step;
    ax.label = label;
    ax.grid_len = L->x.r1 - L->x.r0;
    ecs_svg_axis_draw(s, &ax);
    if (n == 0) {
        ecs_svg_font f;
        ecs_svg_font_init(&f);
        f.fill = "#888";
        ecs_svg_text(s, MARGIN_L + 10, (L->price_top + L->price_bottom) / 2,
                     "(the document has no per-slot prices)", &f);
    } else {
        double *x = malloc(2 * n * sizeof *x), *y = malloc(2 * n * sizeof *y);
        if (x && y) {
            for (size_t l = 0; l < n; l++) {
                double py = ecs_svg_map(&ax.scale, k * d->price[l]);
                x[2 * l] = ecs_svg_map(&L->x, rd_gantt_pos(d, (long)l));
                x[2 * l + 1] = ecs_svg_map(&L->x, rd_gantt_pos(d, (long)l + 1));
                y[2 * l] = y[2 * l + 1] = py;
            }
            ecs_svg_style st;
            ecs_svg_style_init(&st);
            st.stroke = COLOR_PRICE;
            st.stroke_width = 1.8;
            st.cls = "price";
            ecs_svg_polyline(s, x, y, 2 * n, &st);
        }
        free(x);
        free(y);
    }
    for (size_t q = 1; q < d->nsite; q++) { /* the other sites' prices */
        size_t m = d->site[q].n < (size_t)L->slots ? d->site[q].n : (size_t)L->slots;
        double *x = malloc(2 * (m ? m : 1) * sizeof *x), *y = malloc(2 * (m ? m : 1) * sizeof *y);
        if (x && y && m > 0) {
            for (size_t l = 0; l < m; l++) {
                x[2 * l] = ecs_svg_map(&L->x, (double)l);
                x[2 * l + 1] = ecs_svg_map(&L->x, (double)l + 1);
                y[2 * l] = y[2 * l + 1] = ecs_svg_map(&ax.scale, k * d->site[q].price[l]);
            }
            ecs_svg_style st;
            ecs_svg_style_init(&st);
            st.stroke = site_color(q);
            st.stroke_width = 1.8;
            st.cls = "price-site";
            ecs_svg_polyline(s, x, y, 2 * m, &st);
        }
        free(x);
        free(y);
    }
    draw_time_axis(s, L, L->price_bottom, 0);
    draw_clock(s, d, L, L->price_bottom + 52);
    ecs_svg_group_end(s);
}

/* A step line of v[0..n-1] over the slots on scale y. */
static void step_line(ecs_svg *s, const layout *L, const ecs_svg_scale *y,
                      const double *v, size_t n, const char *color,
                      const char *dash, const char *cls)
{
    double *px = malloc(2 * (n ? n : 1) * sizeof *px), *py = malloc(2 * (n ? n : 1) * sizeof *py);
    if (px && py && n > 0) {
        for (size_t l = 0; l < n; l++) {
            px[2 * l] = ecs_svg_map(&L->x, (double)l);
            px[2 * l + 1] = ecs_svg_map(&L->x, (double)l + 1);
            py[2 * l] = py[2 * l + 1] = ecs_svg_map(y, isfinite(v[l]) ? v[l] : 0);
        }
        ecs_svg_style st;
        ecs_svg_style_init(&st);
        st.stroke = color;
        st.stroke_width = 1.8;
        st.dash = dash;
        st.cls = cls;
        ecs_svg_polyline(s, px, py, 2 * n, &st);
    }
    free(px);
    free(py);
}

/* The energy panels of an extended platform: per site (its name inside
 * the top left when there are several), its draw (idle included), green
 * supply and cap, kWh per slot, on one scale for every site. */
static void draw_energy(ecs_svg *s, const rd_gantt_data *d, const layout *L)
{
    if (d->nsite == 0)
        return;
    ecs_svg_group_begin(s, "energy", NULL);
    double hi = 0;
    for (size_t q = 0; q < d->nsite; q++)
        for (size_t l = 0; l < d->site[q].n && l < (size_t)L->slots; l++) {
            const struct rd_gantt_site *t = &d->site[q];
            double v[3] = {t->draw[l], t->green ? t->green[l] : 0,
                           t->cap ? t->cap[l] : 0};
            for (int k = 0; k < 3; k++)
                if (isfinite(v[k]) && v[k] > hi)
                    hi = v[k];
        }
    double nlo, nhi, step;
    ecs_svg_nice_domain(0, hi > 0 ? hi : 1, d->nsite > 1 ? 3 : 4, &nlo, &nhi,
                         &step);
    for (size_t q = 0; q < d->nsite; q++) {
        const struct rd_gantt_site *t = &d->site[q];
        double top = L->energy_top + L->energy_stride * (double)q;
        double bottom = top + L->energy_h;
        ecs_svg_axis ax;
        ecs_svg_axis_init(&ax);
        ax.scale.d0 = nlo;
        ax.scale.d1 = nhi;
        ax.scale.r0 = bottom;
        ax.scale.r1 = top;
        ax.vertical = 1;
        ax.pos = MARGIN_L;
        ax.step = step;
        ax.label = "kWh per slot";
        ax.grid_len = L->x.r1 - L->x.r0;
        ecs_svg_axis_draw(s, &ax);
        size_t m = t->n < (size_t)L->slots ? t->n : (size_t)L->slots;
        if (t->has_green && t->green)
            step_line(s, L, &ax.scale, t->green, m, COLOR_GREEN, NULL, "green");
        if (t->cap)
            step_line(s, L, &ax.scale, t->cap, m, COLOR_CAP, "4 3", "cap");
        step_line(s, L, &ax.scale, t->draw, m, COLOR_DRAW, NULL, "draw");
        if (d->nsite > 1) {
            ecs_svg_font f;
            ecs_svg_font_init(&f);
            f.size = 11;
            f.bold = 1;
            f.fill = "#444";
            f.cls = "site";
            ecs_svg_text(s, L->x.r0, top - 8, t->name, &f);
        }
        draw_time_axis(s, L, bottom, 0);
    }
    ecs_svg_group_end(s);
}

/* One mark: a vertical line at slot boundary `slot` from y0 through both
 * panels, its label at height ty left of it (anchor END) or right of it
 * (START). */
typedef struct mark {
    long slot;
    const char *color, *dash, *cls;
    double width, y0, ty;
    ecs_svg_anchor anchor;
} mark;

static void draw_mark(ecs_svg *s, const rd_gantt_data *d, const layout *L,
                      const mark *m, const char *lab)
{
    ecs_svg_style st;
    ecs_svg_style_init(&st);
    st.stroke = m->color;
    st.stroke_width = m->width;
    st.dash = m->dash;
    st.cls = m->cls;
    double x = ecs_svg_map(&L->x, rd_gantt_pos(d, m->slot));
    ecs_svg_line(s, x, m->y0, x, L->price_bottom, &st);
    ecs_svg_font f;
    ecs_svg_font_init(&f);
    f.size = 11;
    f.anchor = m->anchor;
    f.fill = m->color;
    ecs_svg_text(s, m->anchor == ECS_SVG_END ? x - 4 : x + 4, m->ty, lab, &f);
}

/* Deadline and makespan: lines through both panels, labels above, the
 * makespan's one row below the deadline's so that they never collide; a
 * re-plan's now (what ran before it stays) labelled right of its line. */
static void draw_marks(ecs_svg *s, const rd_gantt_data *d, const layout *L)
{
    char lab[64];
    ecs_svg_group_begin(s, "marks", NULL);
    if (d->deadline > 0) {
        snprintf(lab, sizeof lab, "D' = %ld", d->deadline);
        draw_mark(s, d, L, &(mark){d->deadline, COLOR_DEADLINE, "6 4", "deadline",
                                2, L->top - 22, L->top - 14, ECS_SVG_END},
                  lab);
    }
    if (d->now >= 0) {
        snprintf(lab, sizeof lab, "now = %ld", d->now);
        draw_mark(s, d, L, &(mark){d->now, COLOR_NOW, "2 3", "now", 2,
                                L->top - 22, L->top - 14, ECS_SVG_START},
                  lab);
    }
    snprintf(lab, sizeof lab, "makespan %ld", d->makespan);
    draw_mark(s, d, L, &(mark){d->makespan, COLOR_MAKESPAN, NULL, "makespan", 1.5,
                            L->top - 8, L->top - 1 - (d->deadline > 0 ? 0 : 13),
                            ECS_SVG_END},
              lab);
    ecs_svg_group_end(s);
}

ecs_result ecs_gantt_render(const json_t *doc, const char *file,
                            const ecs_gantt_options *opt, char **svg,
                            ecs_gantt_stats *stats, ecs_diag *diag)
{
    ecs_gantt_options def;
    if (opt == NULL) {
        ecs_gantt_options_init(&def);
        opt = &def;
    }
    *svg = NULL;
    rd_gantt_data d;
    ecs_result rc = rd_gantt_data_read(doc, file, &d, diag);
    if (rc != ECS_OK) {
        rd_gantt_data_release(&d);
        return rc;
    }
    ecs_svg_legend_item items[RD_GANTT_MAX_FREQS + 16];
    legend_store store[RD_GANTT_MAX_FREQS + 16];
    size_t nitems = legend_items(&d, items, store, sizeof items / sizeof items[0]);
    layout L;
    make_layout(&d, opt, 1, &L);
    ecs_svg_legend lg;
    legend_init(&lg, L.W);
    size_t rows = ecs_svg_legend_rows(&lg, items, nitems);
    make_layout(&d, opt, rows, &L);

    ecs_svg *s = ecs_svg_new(L.W, L.H, "ecsched Gantt chart");
    size_t labels = 0;
    if (s) {
        draw_title(s, &d, opt, &L);
        legend_init(&lg, L.W);
        ecs_svg_legend_draw(s, &lg, items, nitems);
        draw_rows(s, &d, &L);
        draw_time_axis(s, &L, L.gantt_bottom, L.gantt_bottom - L.top);
        ecs_svg_group_begin(s, "tasks", NULL);
        for (size_t i = 0; i < d.ntask; i++)
            labels += (size_t)draw_task(s, &d, &d.task[i], &L);
        ecs_svg_group_end(s);
        draw_prices(s, &d, &L);
        draw_energy(s, &d, &L);
        draw_marks(s, &d, &L);
    }
    *svg = ecs_svg_finish(s);
    if (stats) {
        stats->tasks = d.ntask;
        stats->labels = labels;
        stats->slots = L.slots;
        stats->pes = d.pes;
    }
    rd_gantt_data_release(&d);
    if (*svg == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    return ECS_OK;
}

ecs_result ecs_gantt_render_text(const char *text, size_t len,
                                 const char *file,
                                 const ecs_gantt_options *opt, char **svg,
                                 ecs_gantt_stats *stats, ecs_diag *diag)
{
    json_t *doc = NULL;
    *svg = NULL;
    ecs_result rc = ecs_json_parse(text, len, file, &doc, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_gantt_render(doc, file, opt, svg, stats, diag);
    json_decref(doc);
    return rc;
}
