/* Which columns of a price file hold the time and the price. */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Field c of row r, "" when the row is shorter. */
static const char *cell(const px_csv_table *t, size_t r, long c)
{
    return c >= 0 && (size_t)c < t->nfields[r] ? t->field[r][c] : "";
}

static int is_blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return 0;
    return 1;
}

static int is_number(const char *s)
{
    double v;
    return px_price_number(s, strlen(s), &v) == 0;
}

static int is_time(const char *s, int *date_only)
{
    px_ts a, b;
    size_t n = strlen(s);
    if (px_ts_scan_interval(s, n, &a, &b) == 0) {
        *date_only = 0;
        return 1;
    }
    if (px_ts_scan(s, n, &a) == 0) {
        *date_only = a.date_only;
        return 1;
    }
    return 0;
}

/* The shape of a date at the start (2024-02-30..., 30.02.2024...): a
 * field that is not a valid time but is no column name either. */
static int date_shaped(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    int d = 0;
    while (isdigit((unsigned char)s[d]))
        d++;
    return ((d == 4 && (s[4] == '-' || s[4] == '/')) ||
            (d == 2 && (s[2] == '/' || s[2] == '.') &&
             isdigit((unsigned char)s[3]))) &&
           isdigit((unsigned char)s[d + 1]);
}

static int is_clock(const char *s)
{
    long a, b;
    return px_ts_scan_clock(s, strlen(s), &a, &b) > 0;
}

static int is_int_in(const char *s, long lo, long hi)
{
    long v;
    return ecs_parse_long_n(s, strlen(s), &v) == 0 && v >= lo && v <= hi;
}

static size_t nonempty(const px_csv_table *t, size_t r)
{
    size_t n = 0;
    for (size_t c = 0; c < t->nfields[r]; c++)
        n += !is_blank(t->field[r][c]);
    return n;
}

static size_t width(const px_csv_table *t, size_t from)
{
    size_t w = 0;
    for (size_t r = from; r < t->nrows && r < from + 8; r++)
        if (t->nfields[r] > w)
            w = t->nfields[r];
    return w;
}

/* The name of column c for messages and output. */
static void col_name(const px_csv_table *t, const px_columns *k, long c,
                     char *buf, size_t size)
{
    if (k->has_header && !is_blank(cell(t, k->first_data - 1, c)))
        snprintf(buf, size, "%s", cell(t, k->first_data - 1, c));
    else
        snprintf(buf, size, "column %ld", c + 1);
}

/* A column named by the user: header name (any case) or 1-based number. */
static ecs_result resolve(const px_csv_table *t, const px_columns *k,
                          const char *name, const char *file, const char *what,
                          long *out, ecs_diag *diag)
{
    size_t w = width(t, k->first_data);
    if (k->has_header) {
        size_t h = k->first_data - 1;
        for (size_t c = 0; c < t->nfields[h]; c++)
            if (strcasecmp(t->field[h][c], name) == 0) {
                *out = (long)c;
                return ECS_OK;
            }
    }
    long v;
    if (ecs_parse_long(name, &v) == 0 && v >= 1 && (size_t)v <= w) {
        *out = v - 1;
        return ECS_OK;
    }
    char list[256] = "";
    size_t used = 0;
    for (size_t c = 0; c < w && used + 4 < sizeof list; c++) {
        char nm[64];
        col_name(t, k, (long)c, nm, sizeof nm);
        int n = snprintf(list + used, sizeof list - used, "%s%s",
                         c ? ", " : "", nm);
        if (n < 0 || (size_t)n >= sizeof list - used) {
            snprintf(list + sizeof list - 5, 5, "...");
            break;
        }
        used += (size_t)n;
    }
    return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                        "%s: no column '%s' (columns: %s)", what, name, list);
}

/* Title line (e.g. "MARGINALPDBC;") and header row. */
static void find_header(const px_csv_table *t, px_columns *k)
{
    size_t r = 0;
    if (t->nrows >= 2 && nonempty(t, 0) == 1 && nonempty(t, 1) > 1) {
        int d;
        if (!is_number(t->field[0][0]) && !is_time(t->field[0][0], &d))
            r = 1; /* a title line */
    }
    k->has_header = 0;
    for (size_t c = 0; r < t->nrows && c < t->nfields[r]; c++) {
        const char *f = t->field[r][c];
        int d;
        if (!is_blank(f) && !is_number(f) && !is_time(f, &d) && !is_clock(f) &&
            !date_shaped(f))
            k->has_header = 1;
    }
    k->first_data = r + (size_t)k->has_header;
}

/* The first non-empty value of column c (within the first rows). */
static const char *first_value(const px_csv_table *t, const px_columns *k,
                               long c)
{
    for (size_t r = k->first_data; r < t->nrows && r < k->first_data + 64; r++)
        if (!is_blank(cell(t, r, c)))
            return cell(t, r, c);
    return "";
}

static int name_has(const px_csv_table *t, const px_columns *k, long c,
                    const char *word)
{
    if (!k->has_header)
        return 0;
    const char *h = cell(t, k->first_data - 1, c);
    size_t n = strlen(word);
    for (; *h; h++)
        if (strncasecmp(h, word, n) == 0)
            return 1;
    return 0;
}

/* year;month;day;period as the first four fields (OMIE). */
static int ymd_period(const px_csv_table *t, const px_columns *k)
{
    size_t r = k->first_data;
    return r < t->nrows && t->nfields[r] >= 5 &&
           is_int_in(t->field[r][0], 1900, 2200) &&
           is_int_in(t->field[r][1], 1, 12) &&
           is_int_in(t->field[r][2], 1, 31) &&
           is_int_in(t->field[r][3], 1, 200);
}

/* The period column after a date column: the next integer column. */
static long period_after(const px_csv_table *t, const px_columns *k, long c)
{
    size_t w = width(t, k->first_data);
    for (long p = c + 1; (size_t)p < w; p++) {
        const char *v = first_value(t, k, p);
        if (is_int_in(v, 1, 200))
            return p;
        if (!is_blank(v))
            break;
    }
    return -1;
}

/* The list of column names, for messages. */
static void col_list(const px_csv_table *t, const px_columns *k, char *list,
                     size_t size)
{
    size_t w = width(t, k->first_data), used = 0;
    list[0] = '\0';
    for (size_t c = 0; c < w && used + 8 < size; c++) {
        char nm[64];
        col_name(t, k, (long)c, nm, sizeof nm);
        int n = snprintf(list + used, size - used, "%s'%s'", c ? ", " : "", nm);
        if (n < 0 || (size_t)n >= size - used) {
            snprintf(list + size - 5, 5, "...");
            break;
        }
        used += (size_t)n;
    }
}

/*
 * A column whose first value is not a time while (nearly) all the others
 * in the first rows are: a broken row in a time column, not a column
 * without times (reading it as one would stretch the series over one slot
 * per row).  1 + the first row that is not a time, 0 if the column is
 * not one; *date_only from the times.
 */
static size_t near_time(const px_csv_table *t, const px_columns *k, long c,
                        int *date_only)
{
    size_t nb = 0, nt = 0, first_bad = 0;
    for (size_t r = k->first_data; r < t->nrows && r < k->first_data + 64;
         r++) {
        const char *v = cell(t, r, c);
        int d;
        if (is_blank(v))
            continue;
        nb++;
        if (is_time(v, &d)) {
            if (nt++ == 0)
                *date_only = d;
        } else if (first_bad == 0) {
            first_bad = r + 1;
        }
    }
    return nt >= 2 && 4 * nt >= 3 * nb ? first_bad : 0;
}

/*
 * A column that the header names as a time column (time, date, timestamp,
 * Zeit, Datum, UTC) must hold times: when no column does (the guess found
 * none), its first value is not a time, and reading the file as prices in
 * sequence would drop its dates silently.  EPARSE naming the row; OK when
 * no column is so named or it is empty.
 */
static ecs_result time_named_untimed(const px_csv_table *t, const char *file,
                                     const px_columns *k, ecs_diag *diag)
{
    static const char *names[] = {"time", "date", "datum", "zeit", "utc"};
    size_t w = width(t, k->first_data);
    for (long c = 0; (size_t)c < w; c++) {
        int named = 0;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            named |= name_has(t, k, c, names[i]);
        if (!named)
            continue;
        for (size_t r = k->first_data; r < t->nrows && r < k->first_data + 64;
             r++) {
            if (is_blank(cell(t, r, c)))
                continue;
            char nm[64];
            col_name(t, k, c, nm, sizeof nm);
            return ecs_diag_set(diag, ECS_EPARSE, file, t->line[r],
                                "column %ld is named '%s' but '%s' is not a "
                                "time (ISO 8601 such as "
                                "2024-01-01T00:15:00.5+01:00, a day that the "
                                "month has): correct the times, or give "
                                "--time-column none to read one price per "
                                "slot in sequence",
                                c + 1, nm, cell(t, r, c));
        }
    }
    return ECS_OK;
}

/* No dates: rows in sequence, by time of day or one slot each. */
static ecs_result sequence(const px_csv_table *t, const char *file,
                           px_columns *k, ecs_price_series *s, long cc,
                           ecs_diag *diag)
{
    (void)file;
    (void)diag;
    k->layout = PX_TIME_SEQUENCE;
    k->time_col = cc;
    s->untimed = 1;
    if (cc >= 0) {
        col_name(t, k, cc, s->time_column, sizeof s->time_column);
        size_t used = strlen(s->time_column);
        snprintf(s->time_column + used, sizeof s->time_column - used,
                 " (times of day without dates, in sequence)");
    } else {
        snprintf(s->time_column, sizeof s->time_column,
                 "none (one price per slot, in sequence)");
    }
    return ECS_OK;
}

static ecs_result time_columns(const px_csv_table *t, const char *file,
                               const ecs_price_options *opt, px_columns *k,
                               ecs_price_series *s, ecs_diag *diag)
{
    long tc = -1;
    int date_only = 0;
    s->time_column_guessed = opt->time_column[0] == '\0';
    if (strcasecmp(opt->time_column, "none") == 0) {
        return sequence(t, file, k, s, -1, diag);
    } else if (!s->time_column_guessed) {
        ecs_result rc = resolve(t, k, opt->time_column, file, "--time-column",
                                &tc, diag);
        if (rc != ECS_OK)
            return rc;
        if (is_clock(first_value(t, k, tc)))
            return sequence(t, file, k, s, tc, diag);
        if (!is_time(first_value(t, k, tc), &date_only))
            return ecs_diag_set(diag, ECS_EPARSE, file, t->line[k->first_data],
                                "--time-column %s: '%s' is not a time",
                                opt->time_column, first_value(t, k, tc));
    } else if (ymd_period(t, k)) {
        k->layout = PX_TIME_DATE_PERIOD;
        k->time_col = -1;
        for (int i = 0; i < 3; i++)
            k->ymd_col[i] = i;
        k->period_col = 3;
        snprintf(s->time_column, sizeof s->time_column,
                 "year;month;day;period (columns 1-4)");
        return ECS_OK;
    } else {
        size_t w = width(t, k->first_data);
        size_t bad = 0; /* 1 + tc's first row that is not a time, 0: none */
        for (long c = 0; (size_t)c < w; c++) {
            int d = 0;
            size_t miss = 0;
            if (!is_time(first_value(t, k, c), &d) &&
                (miss = near_time(t, k, c, &d)) == 0)
                continue;
            if (tc < 0 || (name_has(t, k, c, "utc") && !name_has(t, k, tc, "utc"))) {
                tc = c;
                date_only = d;
                bad = miss;
            }
        }
        if (tc >= 0 && bad > 0) {
            char nm[64];
            col_name(t, k, tc, nm, sizeof nm);
            return ecs_diag_set(diag, ECS_EPARSE, file, t->line[bad - 1],
                                "'%s' in column %ld ('%s') is not a time, "
                                "but the other rows of the column are (ISO "
                                "8601 such as 2024-01-01T00:15:00.5+01:00, a "
                                "day that the month has): correct this row",
                                cell(t, bad - 1, tc), tc + 1, nm);
        }
        if (tc < 0) {
            for (long c = 0; (size_t)c < w; c++)
                if (is_clock(first_value(t, k, c)))
                    return sequence(t, file, k, s, c, diag);
            ecs_result rc = time_named_untimed(t, file, k, diag);
            if (rc != ECS_OK)
                return rc;
            size_t numeric = 0;
            for (long c = 0; (size_t)c < w; c++)
                numeric += is_number(first_value(t, k, c));
            if (numeric == 1 || w == 1)
                return sequence(t, file, k, s, -1, diag);
            char list[256];
            col_list(t, k, list, sizeof list);
            return ecs_diag_set(diag, ECS_EPARSE, file, t->line[k->first_data],
                                "no column holds dates or times (columns %s; "
                                "first row '%s'...): give --time-column C for "
                                "the time column, or --time-column none "
                                "--price-column C to read one price per slot",
                                list, first_value(t, k, 0));
        }
    }
    k->time_col = tc;
    k->layout = PX_TIME_STAMP;
    col_name(t, k, tc, s->time_column, sizeof s->time_column);
    s->naive_time_utc = name_has(t, k, tc, "utc");
    if (date_only && (size_t)(tc + 1) < width(t, k->first_data) &&
        is_clock(first_value(t, k, tc + 1))) {
        k->layout = PX_TIME_DATE_CLOCK;
        k->clock_col = tc + 1;
        char pn[64];
        col_name(t, k, k->clock_col, pn, sizeof pn);
        size_t used = strlen(s->time_column);
        snprintf(s->time_column + used, sizeof s->time_column - used, " + %s",
                 pn);
        return ECS_OK;
    }
    if (date_only) {
        k->layout = PX_TIME_DATE_PERIOD;
        k->ymd_col[0] = k->ymd_col[1] = k->ymd_col[2] = -1;
        k->period_col = period_after(t, k, tc);
        if (k->period_col < 0)
            return ecs_diag_set(diag, ECS_EPARSE, file, t->line[k->first_data],
                                "column '%s' holds dates without times, and "
                                "the column after it holds neither times of "
                                "day (00:00, 00 - 01) nor period numbers "
                                "(1..96): give --time-column for a column "
                                "with times", s->time_column);
        char pn[64];
        col_name(t, k, k->period_col, pn, sizeof pn);
        size_t used = strlen(s->time_column);
        snprintf(s->time_column + used, sizeof s->time_column - used, " + %s",
                 pn);
    }
    return ECS_OK;
}

static int is_time_col(const px_columns *k, long c)
{
    return c == k->time_col || c == k->period_col || c == k->clock_col ||
           c == k->ymd_col[0] ||
           c == k->ymd_col[1] || c == k->ymd_col[2] || c == k->filter_col;
}

/* Guess: a header naming a price (EUR preferred), else the last number. */
static long guess_price(const px_csv_table *t, const px_columns *k)
{
    static const char *names[] = {"price", "rrp", "lmp", "preis", "precio",
                                  "value"};
    size_t w = width(t, k->first_data);
    long best = -1;
    for (size_t i = 0; i < sizeof names / sizeof *names && best < 0; i++)
        for (long c = 0; (size_t)c < w; c++)
            if (!is_time_col(k, c) && name_has(t, k, c, names[i]) &&
                (best < 0 || (name_has(t, k, c, "eur") &&
                              !name_has(t, k, best, "eur"))))
                best = c;
    if (best >= 0)
        return best;
    for (long c = (long)w - 1; c >= 0; c--)
        if (!is_time_col(k, c) && is_number(first_value(t, k, c)))
            return c;
    return -1;
}

/* ecs_price_options.one_value_column: EPARSE when more than one column
 * besides the times holds numbers. */
static ecs_result one_number_column(const px_csv_table *t, const char *file,
                                    const px_columns *k, ecs_diag *diag)
{
    size_t w = width(t, k->first_data), n = 0, used = 0;
    char list[256] = "";
    for (long c = 0; (size_t)c < w; c++) {
        if (is_time_col(k, c) || !is_number(first_value(t, k, c)))
            continue;
        char nm[64];
        col_name(t, k, c, nm, sizeof nm);
        if (used + 8 < sizeof list) {
            int m = snprintf(list + used, sizeof list - used, "%s'%s'",
                             n ? ", " : "", nm);
            used = m < 0 ? used : used + (size_t)m;
            if (used >= sizeof list)
                used = sizeof list - 1;
        }
        n++;
    }
    if (n <= 1)
        return ECS_OK;
    return ecs_diag_set(diag, ECS_EPARSE, file, t->line[k->first_data],
                        "%zu columns hold numbers (%s) and none is named "
                        "as the one to read", n, list);
}

/* A unit token: letters (or the euro/cent signs), '/', letters. */
static int unit_token(const char *s, size_t n)
{
    const char *sl = memchr(s, '/', n);
    if (sl == NULL || sl == s || sl == s + n - 1)
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!(isalpha(c) || c == '/' || c >= 0x80))
            return 0;
    }
    return 1;
}

/* "Day-ahead Price (EUR/MWh)", "Price [EUR/MWh]", "Preis EUR/MWh",
 * "ct/kWh" -> the unit; "SpotPriceEUR" -> EUR. */
static void unit_from_name(const char *h, char *unit, size_t size)
{
    static const char *cur[] = {"EUR", "DKK", "USD", "AUD", "GBP", "NOK",
                                "SEK", "CHF", "PLN"};
    static const char *const br[][2] = {{"(", ")"}, {"[", "]"}};
    for (size_t b = 0; b < 2; b++) {
        const char *open = strstr(h, br[b][0]);
        const char *close = open ? strstr(open, br[b][1]) : NULL;
        if (open && close && memchr(open, '/', (size_t)(close - open))) {
            snprintf(unit, size, "%.*s", (int)(close - open - 1), open + 1);
            return;
        }
    }
    for (const char *p = h; *p;) {
        while (*p && (isspace((unsigned char)*p) || *p == '_' || *p == ':'))
            p++;
        const char *q = p;
        while (*q && !isspace((unsigned char)*q) && *q != '_' && *q != ':')
            q++;
        if (q > p && unit_token(p, (size_t)(q - p))) {
            snprintf(unit, size, "%.*s", (int)(q - p), p);
            return;
        }
        p = q;
    }
    size_t n = strlen(h);
    for (size_t i = 0; n >= 3 && i < sizeof cur / sizeof *cur; i++)
        if (strcmp(h + n - 3, cur[i]) == 0) {
            snprintf(unit, size, "%s", cur[i]);
            return;
        }
}

/* Fields of row r without the blank ones at its end. */
static size_t trimmed(const px_csv_table *t, size_t r)
{
    size_t n = t->nfields[r];
    while (n > 0 && is_blank(t->field[r][n - 1]))
        n--;
    return n;
}

/* Only digits (at least one), after an optional sign when sign is 1. */
static int digits_only(const char *s, int sign)
{
    if (sign && (*s == '-' || *s == '+'))
        s++;
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* In a comma-separated row, the first field c such that c and c + 1 read
 * as one number with a decimal comma (0,95 -> "0" and "95"; not epoch
 * seconds); -1 if none. */
static long decimal_comma(const px_csv_table *t, size_t r)
{
    if (t->sep != ',')
        return -1;
    for (size_t c = 0; c + 1 < t->nfields[r]; c++)
        if (digits_only(t->field[r][c], 1) && strlen(t->field[r][c]) < 10 &&
            digits_only(t->field[r][c + 1], 0))
            return (long)c;
    return -1;
}

/*
 * Every row as wide as the header (or, without one, as the first row):
 * blank fields at the end of a row are trailing separators, but a field
 * beyond the header's last, or a row that stops before the header's last
 * named column, is an error naming the line and the column -- a row read
 * against the wrong columns gives wrong prices without a word.  When a
 * decimal comma in a comma-separated file explains it, the message says
 * so and how to write it.
 */
static ecs_result check_widths(const px_csv_table *t, const char *file,
                               const px_columns *k, ecs_diag *diag)
{
    size_t ref = k->has_header ? k->first_data - 1 : k->first_data;
    size_t w = t->nfields[ref], wt = trimmed(t, ref);
    const char *what = k->has_header ? "the header" : "the first row";
    for (size_t r = ref + 1; r < t->nrows; r++) {
        size_t n = t->nfields[r], nt = trimmed(t, r);
        if (nt <= w && n >= wt)
            continue;
        /* the wider of the two rows shows a decimal comma, if any */
        size_t wide = nt > w ? r : ref;
        long dc = decimal_comma(t, wide);
        char nm[64], other[32];
        if (dc >= 0) {
            col_name(t, k, dc, nm, sizeof nm);
            if (wide == r)
                snprintf(other, sizeof other, "%s", what);
            else
                snprintf(other, sizeof other, "line %ld", t->line[r]);
            return ecs_diag_set(
                diag, ECS_EPARSE, file, t->line[wide],
                "%zu fields here, %zu in %s: '%s,%s' in column %ld ('%s') "
                "looks like a number with a decimal comma in a comma-separated "
                "file: write %s.%s, separate the fields with ';', or quote "
                "the number (\"%s,%s\")",
                wide == r ? nt : wt, wide == r ? w : n, other,
                t->field[wide][dc], t->field[wide][dc + 1], dc + 1, nm,
                t->field[wide][dc], t->field[wide][dc + 1], t->field[wide][dc],
                t->field[wide][dc + 1]);
        }
        if (nt > w) {
            col_name(t, k, (long)w, nm, sizeof nm);
            return ecs_diag_set(
                diag, ECS_EPARSE, file, t->line[r],
                "%zu fields here, %zu in %s: column %zu ('%s') is beyond the "
                "last; quote a field that holds the separator ('%c')",
                nt, w, what, w + 1, t->field[r][w], t->sep);
        }
        col_name(t, k, (long)n, nm, sizeof nm);
        return ecs_diag_set(
            diag, ECS_EPARSE, file, t->line[r],
            "%zu fields here, %zu in %s: column %zu ('%s') is missing; "
            "write an empty field for a missing value",
            n, wt, what, n + 1, nm);
    }
    return ECS_OK;
}

ecs_result px_columns_find(const px_csv_table *t, const char *file,
                            const ecs_price_options *opt, px_columns *k,
                            ecs_price_series *s, ecs_diag *diag)
{
    memset(k, 0, sizeof *k);
    k->time_col = k->period_col = k->price_col = k->filter_col = -1;
    k->clock_col = -1;
    k->ymd_col[0] = k->ymd_col[1] = k->ymd_col[2] = -1;
    find_header(t, k);
    if (k->first_data >= t->nrows)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0, "no data rows");
    ecs_result rc = check_widths(t, file, k, diag);
    if (rc != ECS_OK)
        return rc;
    if (opt->filter_column[0])
        rc = resolve(t, k, opt->filter_column, file, "--filter", &k->filter_col,
                     diag);
    if (rc == ECS_OK)
        rc = time_columns(t, file, opt, k, s, diag);
    if (rc != ECS_OK)
        return rc;
    s->price_column_guessed = opt->price_column[0] == '\0';
    if (!s->price_column_guessed) {
        rc = resolve(t, k, opt->price_column, file, "--price-column",
                     &k->price_col, diag);
        if (rc != ECS_OK)
            return rc;
    } else if (opt->one_value_column &&
               (rc = one_number_column(t, file, k, diag)) != ECS_OK) {
        return rc;
    } else if ((k->price_col = guess_price(t, k)) < 0) {
        char list[256];
        col_list(t, k, list, sizeof list);
        return ecs_diag_set(diag, ECS_EPARSE, file, t->line[k->first_data],
                            "no column holds prices (columns %s): give "
                            "--price-column C", list);
    }
    col_name(t, k, k->price_col, s->price_column, sizeof s->price_column);
    if (k->has_header)
        unit_from_name(cell(t, k->first_data - 1, k->price_col), s->unit,
                       sizeof s->unit);
    s->unit_from_header = s->unit[0] != '\0';
    if (!s->unit_from_header)
        snprintf(s->unit, sizeof s->unit, "%s", opt->unit);
    return ECS_OK;
}
