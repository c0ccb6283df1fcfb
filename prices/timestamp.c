/* Timestamps of price files: ISO 8601 and the common spreadsheet layouts. */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

long long px_ts_days(long long y, int m, int d)
{
    /* H. Hinnant's days_from_civil. */
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int px_ts_month_days(long long y, int m)
{
    static const int d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d[m - 1] + (m == 2 && leap);
}

/* A cursor over s[0..len). */
typedef struct cur {
    const char *p, *end;
} cur;

/* Exactly n digits. */
static int digits(cur *c, int n, int *out)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (c->p >= c->end || !isdigit((unsigned char)*c->p))
            return -1;
        v = v * 10 + (*c->p++ - '0');
    }
    *out = v;
    return 0;
}

static int lit(cur *c, char ch)
{
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return 0;
    }
    return -1;
}

static int peek_digits(const cur *c, int n)
{
    for (int i = 0; i < n; i++)
        if (c->p + i >= c->end || !isdigit((unsigned char)c->p[i]))
            return 0;
    return 1;
}

/* YYYY-MM-DD, YYYY/MM/DD, DD/MM/YYYY, DD.MM.YYYY. */
static int scan_date(cur *c, int *y, int *m, int *d)
{
    if (peek_digits(c, 4)) {
        if (digits(c, 4, y) != 0 || c->p >= c->end)
            return -1;
        char sep = *c->p;
        if (sep != '-' && sep != '/')
            return -1;
        c->p++;
        return digits(c, 2, m) || lit(c, sep) || digits(c, 2, d) ? -1 : 0;
    }
    if (digits(c, 2, d) != 0 || c->p >= c->end)
        return -1;
    char sep = *c->p;
    if (sep != '/' && sep != '.')
        return -1;
    c->p++;
    return digits(c, 2, m) || lit(c, sep) || digits(c, 4, y) ? -1 : 0;
}

/* HH:MM[:SS[.fff]] (ISO 8601: any number of fraction digits, after a
 * point or a comma); *s is rounded to the nearest second (half up), so it
 * may be 60: callers add it as seconds. */
static int scan_clock(cur *c, int *h, int *mi, int *s)
{
    *s = 0;
    if (digits(c, 2, h) || lit(c, ':') || digits(c, 2, mi))
        return -1;
    int up = 0;
    if (lit(c, ':') == 0) {
        if (digits(c, 2, s))
            return -1;
        if (lit(c, '.') == 0 || lit(c, ',') == 0) {
            if (c->p >= c->end || !isdigit((unsigned char)*c->p))
                return -1;
            up = *c->p >= '5';
            while (c->p < c->end && isdigit((unsigned char)*c->p))
                c->p++;
        }
    }
    if (*h > 23 || *mi > 59 || *s > 59)
        return -1;
    *s += up;
    return 0;
}

/* Z, +HH, +HHMM, +HH:MM (also "-"). */
static int scan_offset(cur *c, int *minutes)
{
    if (lit(c, 'Z') == 0) {
        *minutes = 0;
        return 0;
    }
    if (c->p >= c->end || (*c->p != '+' && *c->p != '-'))
        return -1;
    int sign = *c->p++ == '-' ? -1 : 1, h, m = 0;
    if (digits(c, 2, &h))
        return -1;
    if (lit(c, ':') == 0) {
        if (digits(c, 2, &m))
            return -1;
    } else if (peek_digits(c, 2) && digits(c, 2, &m)) {
        return -1;
    }
    if (h > 18 || m > 59)
        return -1;
    *minutes = sign * (h * 60 + m);
    return 0;
}

static void trim(const char **s, size_t *len)
{
    while (*len > 0 && isspace((unsigned char)**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len > 0 && isspace((unsigned char)(*s)[*len - 1]))
        (*len)--;
}

/* Epoch seconds: exactly 10 digits, 2000-01-01 .. 2100-01-01 UTC. */
static int scan_epoch(const char *s, size_t len, px_ts *out)
{
    if (len != 10)
        return -1;
    long long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    if (v < 946684800LL || v > 4102444800LL)
        return -1;
    out->local = v;
    out->has_offset = 1;
    out->offset_min = 0;
    out->date_only = 0;
    return 0;
}

int px_ts_scan(const char *s, size_t len, px_ts *out)
{
    trim(&s, &len);
    if (scan_epoch(s, len, out) == 0)
        return 0;
    cur c = {s, s + len};
    int y, mo, d, h = 0, mi = 0, sec = 0, off = 0, has_off = 0, date_only = 1;
    if (scan_date(&c, &y, &mo, &d) != 0 || mo < 1 || mo > 12 || d < 1 ||
        d > px_ts_month_days(y, mo))
        return -1;
    if (c.p < c.end && (*c.p == 'T' || *c.p == ' ')) {
        c.p++;
        while (c.p < c.end && *c.p == ' ')
            c.p++;
        if (scan_clock(&c, &h, &mi, &sec) != 0)
            return -1;
        date_only = 0;
        while (c.p < c.end && *c.p == ' ')
            c.p++;
        if (c.p < c.end) {
            if (scan_offset(&c, &off) != 0)
                return -1;
            has_off = 1;
        }
    }
    if (c.p != c.end)
        return -1;
    out->local = px_ts_days(y, mo, d) * 86400LL + h * 3600LL + mi * 60LL + sec;
    out->has_offset = has_off;
    out->offset_min = off;
    out->date_only = date_only;
    return 0;
}

/* H, HH, H:MM, HH:MM or HH:MM:SS (hours 0..24), as seconds. */
static int scan_tod(cur *c, long *sec)
{
    int h = 0, m = 0, s = 0, nd = 0;
    while (c->p < c->end && isdigit((unsigned char)*c->p) && nd < 2) {
        h = h * 10 + (*c->p++ - '0');
        nd++;
    }
    if (nd == 0)
        return -1;
    if (lit(c, ':') == 0) {
        if (digits(c, 2, &m))
            return -1;
        if (lit(c, ':') == 0 && digits(c, 2, &s))
            return -1;
    } else if (nd == 1) {
        /* a lone one-digit hour is fine too ("0 - 1") */
    }
    if (h > 24 || m > 59 || s > 59 || (h == 24 && (m || s)))
        return -1;
    *sec = h * 3600L + m * 60L + s;
    return 0;
}

int px_ts_scan_clock(const char *s, size_t len, long *start, long *end)
{
    trim(&s, &len);
    cur c = {s, s + len};
    long a, b;
    if (scan_tod(&c, &a) != 0)
        return -1;
    if (c.p == c.end) {
        /* a clock time needs the colon: a bare "7" is a number */
        if (memchr(s, ':', len) == NULL || a >= 86400)
            return -1;
        *start = a;
        *end = -1;
        return 1;
    }
    while (c.p < c.end && *c.p == ' ')
        c.p++;
    if (lit(&c, '-') != 0)
        return -1;
    while (c.p < c.end && *c.p == ' ')
        c.p++;
    if (scan_tod(&c, &b) != 0 || c.p != c.end || a >= 86400)
        return -1;
    if (b <= a)
        b += 86400;
    if (b - a > 86400)
        return -1;
    *start = a;
    *end = b;
    return 2;
}

void px_ts_civil(long long local, int *y, int *mo, int *d, int *h, int *mi,
                  int *s)
{
    long long days = local >= 0 ? local / 86400 : -((-local + 86399) / 86400);
    long long sod = local - days * 86400;
    long long z = days + 719468;
    long long era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long yy = yoe + era * 400;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *mo = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yy + (*mo <= 2));
    *h = (int)(sod / 3600);
    *mi = (int)(sod / 60 % 60);
    *s = (int)(sod % 60);
}

int px_ts_scan_interval(const char *s, size_t len, px_ts *a, px_ts *b)
{
    for (size_t i = 1; i + 2 < len; i++)
        if (s[i] == '-' && s[i - 1] == ' ' && s[i + 1] == ' ')
            return px_ts_scan(s, i, a) == 0 &&
                           px_ts_scan(s + i + 1, len - i - 1, b) == 0
                       ? 0
                       : -1;
    return -1;
}

int px_ts_parse_offset(const char *s, int *minutes)
{
    size_t len = strlen(s);
    trim(&s, &len);
    if (len == 1 && s[0] == '0') {
        *minutes = 0;
        return 0;
    }
    cur c = {s, s + len};
    int m;
    if (scan_offset(&c, &m) != 0 || c.p != c.end)
        return -1;
    *minutes = m;
    return 0;
}

ecs_result ecs_prices_time_parse(const char *text, int have_offset,
                                 int utc_offset_minutes, long long *utc,
                                 ecs_diag *diag)
{
    px_ts t;
    if (px_ts_scan(text, strlen(text), &t) != 0)
        return ecs_diag_set(diag, ECS_EPARSE, NULL, 0,
                            "'%s' is not a time such as 2016-10-19T00:00+02:00",
                            text);
    if (!t.has_offset && !have_offset)
        return ecs_diag_set(diag, ECS_EPARSE, NULL, 0,
                            "'%s' has no UTC offset: write one (Z, +02:00) or "
                            "give --utc-offset",
                            text);
    *utc = t.local - 60LL * (t.has_offset ? t.offset_min : utc_offset_minutes);
    return ECS_OK;
}

void ecs_prices_time_format(long long utc, char *buf, size_t size)
{
    long long days = utc >= 0 ? utc / 86400 : -((-utc + 86399) / 86400);
    long long sod = utc - days * 86400;
    /* H. Hinnant's civil_from_days. */
    long long z = days + 719468;
    long long era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long y = yoe + era * 400;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    long long d = doy - (153 * mp + 2) / 5 + 1;
    long long m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    snprintf(buf, size, "%04lld-%02lld-%02lldT%02lld:%02lldZ", y, m, d,
             sod / 3600, sod / 60 % 60);
}
