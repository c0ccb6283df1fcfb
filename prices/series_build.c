/* Rows of a price table -> checked, ascending, gap-free points. */
#include "internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct raw_pt {
    long long start;  /* UTC seconds; for date;period: UTC midnight until placed */
    int minutes;      /* 0 until known */
    long period;      /* date;period layout: 1-based index */
    double price;
    int empty;
    long line;
    long long alt;    /* the later reading of an ambiguous local time */
    int has_zone;     /* the time was written with a UTC offset ... */
    int zone_min;     /* ... of this many minutes */
} raw_pt;

static const char *cell(const px_csv_table *t, size_t r, long c)
{
    return c >= 0 && (size_t)c < t->nfields[r] ? t->field[r][c] : "";
}

static int same_trimmed(const char *a, const char *b)
{
    while (isspace((unsigned char)*a))
        a++;
    size_t n = strlen(a);
    while (n > 0 && isspace((unsigned char)a[n - 1]))
        n--;
    return strlen(b) == n && strncmp(a, b, n) == 0;
}

/* A naive local time through --utc-offset (an offset or a zone). */
static ecs_result local_utc(long long local, const char *text,
                            const char *file, long line,
                            const ecs_price_options *opt, long long *out,
                            long long *alt, ecs_diag *diag)
{
    long long a;
    if (alt == NULL)
        alt = &a;
    if (px_price_local_to_utc(opt, local, out, alt) != 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, line,
                            "local time '%s' does not exist in %s (skipped by "
                            "a daylight-saving change)", text, opt->utc_zone);
    return ECS_OK;
}

/* UTC seconds of a written time, or an error naming the line. */
static ecs_result to_utc(const px_ts *ts, const char *text, const char *file,
                         long line, const ecs_price_options *opt,
                         const ecs_price_series *s, long long *out,
                         long long *alt, ecs_diag *diag)
{
    if (alt != NULL)
        *alt = 0;
    if (ts->has_offset)
        *out = ts->local - 60LL * ts->offset_min;
    else if (opt->utc_offset_given)
        return local_utc(ts->local, text, file, line, opt, out, alt, diag);
    else if (s->naive_time_utc)
        *out = ts->local;
    else
        return ecs_diag_set(diag, ECS_EPARSE, file, line,
                            "time '%s' in column '%s' has no UTC offset: give "
                            "--utc-offset (e.g. +01:00, or Europe/Berlin for "
                            "local times across a daylight-saving change), or "
                            "--time-column for a UTC column",
                            text, s->time_column);
    if (alt != NULL)
        *alt = *out;
    return ECS_OK;
}

static ecs_result stamp_time(const px_csv_table *t, size_t r,
                             const px_columns *k, const char *file,
                             const ecs_price_options *opt,
                             const ecs_price_series *s, raw_pt *p,
                             ecs_diag *diag)
{
    const char *txt = cell(t, r, k->time_col);
    size_t n = strlen(txt);
    px_ts a, b;
    long long end;
    if (px_ts_scan_interval(txt, n, &a, &b) == 0) {
        p->has_zone = a.has_offset;
        p->zone_min = a.offset_min;
        ecs_result rc = to_utc(&a, txt, file, p->line, opt, s, &p->start,
                               NULL, diag);
        if (rc == ECS_OK)
            rc = to_utc(&b, txt, file, p->line, opt, s, &end, NULL, diag);
        if (rc != ECS_OK)
            return rc;
        if (end <= p->start)
            return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                                "interval '%s' ends %s it starts", txt,
                                end == p->start ? "when" : "before");
        if ((end - p->start) % 60 != 0 ||
            end - p->start > 60LL * PX_PRICE_MAX_MINUTES)
            return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                                "interval '%s' does not end whole minutes "
                                "(at most 31 days) after it starts", txt);
        p->minutes = (int)((end - p->start) / 60);
        return ECS_OK;
    }
    if (px_ts_scan(txt, n, &a) != 0 || a.date_only)
        return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                            "'%s' in column '%s' is not a time", txt,
                            s->time_column);
    p->has_zone = a.has_offset;
    p->zone_min = a.offset_min;
    return to_utc(&a, txt, file, p->line, opt, s, &p->start, &p->alt, diag);
}

/* A date column and a time of day or an hour range beside it. */
static ecs_result clock_time(const px_csv_table *t, size_t r,
                             const px_columns *k, const char *file,
                             const ecs_price_options *opt,
                             const ecs_price_series *s, raw_pt *p,
                             ecs_diag *diag)
{
    const char *dt = cell(t, r, k->time_col), *ct = cell(t, r, k->clock_col);
    px_ts a;
    long c0, c1;
    if (px_ts_scan(dt, strlen(dt), &a) != 0 || !a.date_only)
        return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                            "'%s' in column '%s' is not a date", dt,
                            s->time_column);
    int kind = px_ts_scan_clock(ct, strlen(ct), &c0, &c1);
    if (kind < 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                            "'%s' is not a time of day (00:00) or an hour "
                            "range (00 - 01)", ct);
    char text[160];
    snprintf(text, sizeof text, "%s %s", dt, ct);
    a.local += c0;
    ecs_result rc = to_utc(&a, text, file, p->line, opt, s, &p->start, &p->alt,
                           diag);
    if (rc == ECS_OK && kind == 2) {
        /* the length in local time: an hour range lasts what it says, also
         * on a daylight-saving day */
        if ((c1 - c0) % 60 != 0)
            return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                                "hour range '%s' is not whole minutes", ct);
        p->minutes = (int)((c1 - c0) / 60);
    }
    return rc;
}

/* Rows without dates: a time of day or hour range (or nothing), in turn. */
static ecs_result seq_time(const px_csv_table *t, size_t r,
                           const px_columns *k, const char *file,
                           const ecs_price_options *opt, raw_pt *p,
                           long long *clock, ecs_diag *diag)
{
    if (k->time_col < 0) {
        p->start = *clock;
        p->minutes = opt->slot_minutes;
        *clock += 60LL * opt->slot_minutes;
        return ECS_OK;
    }
    const char *ct = cell(t, r, k->time_col);
    long c0, c1;
    int kind = px_ts_scan_clock(ct, strlen(ct), &c0, &c1);
    if (kind < 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                            "'%s' is not a time of day (00:00) or an hour "
                            "range (00 - 01)", ct);
    p->start = c0; /* seconds of the day; placed by place_sequence */
    p->minutes = kind == 2 ? (int)((c1 - c0) / 60) : 0;
    return ECS_OK;
}

/* Times of day in turn -> times from the base (a day later whenever the
 * time of day does not advance). */
static void place_sequence(raw_pt *p, size_t n, long long base)
{
    long long day = 0, first = n ? p[0].start : 0, prev = -1;
    for (size_t i = 0; i < n; i++) {
        long long tod = p[i].start;
        if (i > 0 && tod <= prev)
            day += 86400;
        prev = tod;
        p[i].start = base + day + tod - first;
        p[i].alt = p[i].start;
    }
}

static ecs_result period_time(const px_csv_table *t, size_t r,
                              const px_columns *k, const char *file,
                              const ecs_price_options *opt,
                              const ecs_price_series *s, raw_pt *p,
                              ecs_diag *diag)
{
    long ymd[3];
    long long day;
    if (k->time_col >= 0) {
        px_ts a;
        const char *txt = cell(t, r, k->time_col);
        if (px_ts_scan(txt, strlen(txt), &a) != 0 || !a.date_only)
            return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                                "'%s' is not a date", txt);
        day = a.local;
    } else {
        for (int i = 0; i < 3; i++) {
            const char *f = cell(t, r, k->ymd_col[i]);
            if (ecs_parse_long_n(f, strlen(f), &ymd[i]) != 0)
                return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                                    "'%s' is not a %s", f,
                                    i == 0 ? "year" : i == 1 ? "month" : "day");
        }
        /* every field range-checked before any arithmetic on it */
        if (ymd[0] < 1 || ymd[0] > 9999 || ymd[1] < 1 || ymd[1] > 12 ||
            ymd[2] < 1 || ymd[2] > px_ts_month_days(ymd[0], (int)ymd[1]))
            return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                                "%ld-%ld-%ld is not a date (year 1..9999, "
                                "month 1..12, a day of that month)",
                                ymd[0], ymd[1], ymd[2]);
        day = px_ts_days(ymd[0], (int)ymd[1], (int)ymd[2]) * 86400LL;
    }
    const char *pf = cell(t, r, k->period_col);
    if (ecs_parse_long_n(pf, strlen(pf), &p->period) != 0 || p->period < 1 ||
        p->period > 25 * 60)
        return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                            "period '%s' is not a number from 1 to 1500 "
                            "(a day has at most 25 hours of 1-minute periods)",
                            pf);
    if (opt->utc_offset_given) {
        char text[64];
        snprintf(text, sizeof text, "%s 00:00", cell(t, r, k->time_col >= 0
                                                               ? k->time_col
                                                               : 0));
        return local_utc(day, text, file, p->line, opt, &p->start, NULL, diag);
    } else if (s->naive_time_utc)
        p->start = day;
    else
        return ecs_diag_set(diag, ECS_EPARSE, file, p->line,
                            "dates with period numbers need --utc-offset "
                            "(the UTC offset at local midnight, e.g. +01:00, "
                            "or a time zone such as Europe/Berlin)");
    return ECS_OK;
}

/* Period length from the number of periods of each day (23-25 hours). */
static ecs_result place_periods(raw_pt *p, size_t n, const char *file,
                                ecs_diag *diag)
{
    static const int len[] = {60, 30, 15, 10, 5, 1};
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        long maxp = 0;
        while (j < n && p[j].start == p[i].start) {
            if (p[j].period > maxp)
                maxp = p[j].period;
            j++;
        }
        int m = 0;
        for (size_t q = 0; q < sizeof len / sizeof *len && !m; q++)
            for (long h = 23; h <= 25; h++)
                if (maxp * len[q] == h * 60)
                    m = len[q];
        if (m == 0)
            return ecs_diag_set(diag, ECS_EPARSE, file, p[i].line,
                                "%ld periods in a day: cannot tell their "
                                "length (a day has 23, 24 or 25 hours)", maxp);
        for (size_t q = i; q < j; q++) {
            p[q].start += (p[q].period - 1) * m * 60LL;
            p[q].minutes = m;
        }
        i = j;
    }
    return ECS_OK;
}

static ecs_result read_rows(const px_csv_table *t, const px_columns *k,
                            const char *file, const ecs_price_options *opt,
                            ecs_price_series *s, raw_pt *p, size_t *np,
                            ecs_diag *diag)
{
    size_t n = 0;
    long long clock = 0;
    for (size_t r = k->first_data; r < t->nrows; r++) {
        if (k->filter_col >= 0 &&
            !same_trimmed(cell(t, r, k->filter_col), opt->filter_value)) {
            s->rows_filtered++;
            continue;
        }
        raw_pt *q = &p[n];
        memset(q, 0, sizeof *q);
        q->line = t->line[r];
        const char *pf = cell(t, r, k->price_col);
        int pr = px_price_number(pf, strlen(pf), &q->price);
        if (pr < 0)
            return ecs_diag_set(diag, ECS_EPARSE, file, q->line,
                                "price '%s' in column '%s' is not one number",
                                pf, s->price_column);
        q->empty = pr == 1;
        ecs_result rc = ECS_OK;
        switch (k->layout) {
        case PX_TIME_STAMP:
            rc = stamp_time(t, r, k, file, opt, s, q, diag);
            break;
        case PX_TIME_DATE_PERIOD:
            rc = period_time(t, r, k, file, opt, s, q, diag);
            break;
        case PX_TIME_DATE_CLOCK:
            rc = clock_time(t, r, k, file, opt, s, q, diag);
            break;
        case PX_TIME_SEQUENCE:
            rc = seq_time(t, r, k, file, opt, q, &clock, diag);
            break;
        }
        if (rc != ECS_OK)
            return rc;
        n++;
    }
    *np = n;
    if (n > 0 && p[0].has_zone) { /* the file's zone, for clock times */
        s->zone_known = 1;
        s->zone_minutes = p[0].zone_min;
    }
    if (n == 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            s->rows_filtered ? "no row matches --filter"
                                             : "no data rows");
    return ECS_OK;
}

/* Rows must be in time order, ascending or newest first (then reversed). */
static ecs_result order_rows(raw_pt *p, size_t n, const char *file,
                             ecs_price_series *s, ecs_diag *diag)
{
    int dir = 0;
    for (size_t i = 1; i < n; i++) {
        char a[32], b[32];
        /* the repeated hour of a DST change: the later row is the later
         * hour (newest first: the earlier row is) */
        if (p[i].start == p[i - 1].start) {
            if (dir < 0 && p[i - 1].alt > p[i - 1].start)
                p[i - 1].start = p[i - 1].alt;
            else if (p[i].alt > p[i].start)
                p[i].start = p[i].alt;
        }
        if (p[i].start == p[i - 1].start) {
            ecs_prices_time_format(p[i].start, a, sizeof a);
            return ecs_diag_set(diag, ECS_EPARSE, file, p[i].line,
                                "repeated interval %s (also on line %ld): several "
                                "areas need --filter, a daylight-saving hour in "
                                "local time needs --utc-offset with a time zone "
                                "(e.g. Europe/Berlin) or a UTC column", a,
                                p[i - 1].line);
        }
        int d = p[i].start > p[i - 1].start ? 1 : -1;
        if (dir == 0)
            dir = d;
        if (d != dir) {
            ecs_prices_time_format(p[i].start, a, sizeof a);
            ecs_prices_time_format(p[i - 1].start, b, sizeof b);
            return ecs_diag_set(diag, ECS_EPARSE, file, p[i].line,
                                "time %s is out of order after %s on line %ld "
                                "(rows must be in time order, oldest or newest "
                                "first)",
                                a, b, p[i - 1].line);
        }
    }
    if (dir < 0) {
        for (size_t i = 0; i < n / 2; i++) {
            raw_pt x = p[i];
            p[i] = p[n - 1 - i];
            p[n - 1 - i] = x;
        }
        s->sorted = 1;
    }
    return ECS_OK;
}

/* Point stamps under --slot-minutes prices: a point lasts until the next
 * stamp (stamps of starts) or from the previous one (stamps of ends); the
 * last (first) point lasts as long as its neighbour, a lone point
 * opt->slot_minutes. */
static ecs_result stamp_periods(raw_pt *p, size_t n, const char *file,
                                const ecs_price_options *opt, ecs_diag *diag)
{
    for (size_t i = 1; i < n; i++) {
        long long d = p[i].start - p[i - 1].start;
        if (d % 60 != 0)
            return ecs_diag_set(diag, ECS_EPARSE, file, p[i].line,
                                "times are not whole minutes apart");
        if (d > 60LL * PX_PRICE_MAX_MINUTES)
            return ecs_diag_set(diag, ECS_EPARSE, file, p[i].line,
                                "times are %lld minutes apart: intervals "
                                "longer than 31 days are not supported",
                                d / 60);
    }
    int end = opt->stamp == ECS_PRICE_STAMP_END;
    for (size_t i = 0; i < n; i++) {
        if (p[i].minutes != 0)
            continue;
        long long d = 60LL * opt->slot_minutes;
        if (n > 1 && !end)
            d = i + 1 < n ? p[i + 1].start - p[i].start
                          : p[i].start - p[i - 1].start;
        else if (n > 1)
            d = i > 0 ? p[i].start - p[i - 1].start : p[1].start - p[0].start;
        p[i].minutes = (int)(d / 60);
    }
    for (size_t i = 0; end && i < n; i++)
        p[i].start -= p[i].minutes * 60LL;
    return ECS_OK;
}

/* Point stamps: every point lasts the smallest step between stamps. */
static ecs_result point_lengths(raw_pt *p, size_t n, const char *file,
                                const ecs_price_options *opt, ecs_diag *diag)
{
    if (opt->slots_from_prices)
        return stamp_periods(p, n, file, opt, diag);
    long long step = 0;
    for (size_t i = 1; i < n; i++) {
        long long d = p[i].start - p[i - 1].start;
        if (step == 0 || d < step)
            step = d;
    }
    if (n == 1)
        step = 60LL * opt->slot_minutes;
    if (step % 60 != 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, p[1].line,
                            "times are not whole minutes apart");
    if (step > 60LL * PX_PRICE_MAX_MINUTES)
        return ecs_diag_set(diag, ECS_EPARSE, file, p[1].line,
                            "times are %lld minutes apart: intervals longer "
                            "than 31 days are not supported", step / 60);
    for (size_t i = 0; i < n; i++) {
        if (p[i].minutes == 0)
            p[i].minutes = (int)(step / 60);
        if (opt->stamp == ECS_PRICE_STAMP_END)
            p[i].start -= p[i].minutes * 60LL;
    }
    return ECS_OK;
}

static ecs_result push(ecs_price_series *s, size_t *cap, long long start,
                       int minutes, double price, long line)
{
    if (s->n == *cap) {
        size_t c = *cap ? *cap * 2 : 64;
        ecs_price_point *q = realloc(s->pt, c * sizeof *q);
        if (q == NULL)
            return ECS_ENOMEM;
        s->pt = q;
        *cap = c;
    }
    ecs_price_point *x = &s->pt[s->n++];
    x->start = start;
    x->minutes = minutes;
    x->price = price;
    x->row = line;
    return ECS_OK;
}

/* Gap between a (last kept point) and b: an error, or filled. */
static ecs_result gap(ecs_price_series *s, size_t *cap, const raw_pt *b,
                      long prev_line, const char *file,
                      const ecs_price_options *opt, ecs_diag *diag)
{
    const ecs_price_point a = s->pt[s->n - 1];
    long long end = a.start + a.minutes * 60LL;
    char t1[32], t2[32];
    ecs_prices_time_format(end, t1, sizeof t1);
    ecs_prices_time_format(b->start, t2, sizeof t2);
    if (b->start < end)
        return ecs_diag_set(diag, ECS_EPARSE, file, b->line,
                            "interval starting %s overlaps the one on line %ld "
                            "(which ends %s)",
                            t2, prev_line, t1);
    long long len = a.minutes * 60LL, missing = b->start - end;
    if (opt->fill == ECS_PRICE_FILL_NONE)
        return ecs_diag_set(diag, ECS_EPARSE, file, b->line,
                            "missing interval: no price from %s to %s (after "
                            "line %ld); --fill previous|linear fills gaps",
                            t1, t2, prev_line);
    if (missing % len != 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, b->line,
                            "gap from %s to %s is not a whole number of "
                            "%d-minute intervals", t1, t2, a.minutes);
    long long k = missing / len;
    ecs_limits def;
    ecs_limits_init(&def);
    const ecs_limits *lim = opt->limits ? opt->limits : &def;
    if ((double)k + (double)s->n > (double)lim->max_slots)
        return ecs_diag_set(diag, ECS_EPARSE, file, b->line,
                            "gap from %s to %s is too long to fill (more "
                            "than %lld points; %s N raises the limit)", t1, t2,
                            lim->max_slots, ecs_limit_flag(ECS_LIMIT_SLOTS));
    for (long long i = 1; i <= k; i++) {
        double w = (double)i / (double)(k + 1);
        double v = opt->fill == ECS_PRICE_FILL_PREVIOUS
                       ? a.price
                       : a.price * (1.0 - w) + b->price * w;
        if (!isfinite(v))
            return ecs_diag_set(diag, ECS_EPARSE, file, b->line,
                                "filling the gap before this line gives a "
                                "price that is not a finite number");
        if (push(s, cap, end + (i - 1) * len, a.minutes, v, 0) != ECS_OK)
            return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
        s->gaps_filled++;
    }
    return ECS_OK;
}

static int most_common_length(const ecs_price_point *p, size_t n)
{
    int len[16];
    size_t count[16], k = 0, best = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < k && len[j] != p[i].minutes)
            j++;
        if (j == k && k < 16) {
            len[k] = p[i].minutes;
            count[k++] = 0;
        }
        if (j < k)
            count[j]++;
    }
    for (size_t j = 1; j < k; j++)
        if (count[j] > count[best])
            best = j;
    return k ? len[best] : 0;
}

static ecs_result emit(const raw_pt *p, size_t n, const char *file,
                       const ecs_price_options *opt, ecs_price_series *s,
                       ecs_diag *diag)
{
    size_t lo = 0, hi = n, cap = 0;
    while (lo < hi && p[lo].empty)
        lo++;
    while (hi > lo && p[hi - 1].empty)
        hi--;
    s->empty_skipped = n - (hi - lo);
    if (lo == hi)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "column '%s' has no prices", s->price_column);
    long prev_line = 0;
    for (size_t i = lo; i < hi; i++) {
        if (p[i].empty)
            continue;
        s->points_read++;
        ecs_result rc = ECS_OK;
        if (s->n > 0 &&
            p[i].start != s->pt[s->n - 1].start + s->pt[s->n - 1].minutes * 60LL)
            rc = gap(s, &cap, &p[i], prev_line, file, opt, diag);
        if (rc == ECS_OK && push(s, &cap, p[i].start, p[i].minutes, p[i].price,
                                 p[i].line) != ECS_OK)
            rc = ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
        if (rc != ECS_OK)
            return rc;
        prev_line = p[i].line;
    }
    s->resolution_minutes = most_common_length(s->pt, s->n);
    return ECS_OK;
}

/* The base of a sequence without dates: --start, else 0 (untimed). */
static ecs_result sequence_base(const char *file, const ecs_price_options *opt,
                                ecs_price_series *s, long long *base,
                                ecs_diag *diag)
{
    *base = 0;
    if (opt->start[0] == '\0')
        return ECS_OK;
    ecs_diag inner;
    if (px_price_opt_time(opt, opt->start, base, &inner) != ECS_OK)
        return ecs_diag_set(diag, ECS_EINVAL, file, 0, "--start: %s",
                            inner.msg);
    s->untimed = 0;
    return ECS_OK;
}

ecs_result px_series_build(const px_csv_table *t, const px_columns *k,
                            const char *file, const ecs_price_options *opt,
                            ecs_price_series *s, ecs_diag *diag)
{
    raw_pt *p = malloc((t->nrows ? t->nrows : 1) * sizeof *p);
    if (p == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    size_t n = 0;
    long long base = 0;
    ecs_result rc = ECS_OK;
    if (k->layout == PX_TIME_SEQUENCE)
        rc = sequence_base(file, opt, s, &base, diag);
    int zone = opt->utc_zone[0] != '\0';
    if (zone)
        px_tz_begin(opt->utc_zone);
    if (rc == ECS_OK)
        rc = read_rows(t, k, file, opt, s, p, &n, diag);
    if (rc == ECS_OK && k->layout == PX_TIME_DATE_PERIOD)
        rc = place_periods(p, n, file, diag);
    if (rc == ECS_OK && k->layout == PX_TIME_SEQUENCE)
        place_sequence(p, n, base);
    if (zone)
        px_tz_end();
    if (rc == ECS_OK)
        rc = order_rows(p, n, file, s, diag);
    if (rc == ECS_OK && k->layout != PX_TIME_DATE_PERIOD)
        rc = point_lengths(p, n, file, opt, diag);
    if (rc == ECS_OK)
        rc = emit(p, n, file, opt, s, diag);
    free(p);
    return rc;
}

