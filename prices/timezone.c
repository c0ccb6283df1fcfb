/*
 * Named time zones (--utc-offset Europe/Berlin) through the C library:
 * TZ is set for the duration of a file's conversion (under a mutex, and
 * restored afterwards), and local times go through mktime/localtime_r, so
 * the system's zoneinfo (the tzdata package) decides every offset.
 */
#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t tz_lock = PTHREAD_MUTEX_INITIALIZER;
static char saved_tz[256];
static int had_tz;

static const char *zone_dir(void)
{
    const char *d = getenv("TZDIR");
    return d && d[0] ? d : "/usr/share/zoneinfo";
}

int px_tz_valid(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= 64 || name[0] == '/' || strstr(name, "..") != NULL)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9') || c == '/' || c == '_' || c == '-' ||
              c == '+'))
            return 0;
    }
    /* a zone name has a letter (so "+01" stays an offset) */
    int letter = 0;
    for (size_t i = 0; i < n; i++)
        letter |= (name[i] >= 'A' && name[i] <= 'Z') ||
                  (name[i] >= 'a' && name[i] <= 'z');
    if (!letter)
        return 0;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", zone_dir(), name);
    return access(path, R_OK) == 0;
}

const char *px_tz_dir(void)
{
    return zone_dir();
}

void px_tz_begin(const char *zone)
{
    pthread_mutex_lock(&tz_lock);
    const char *old = getenv("TZ");
    had_tz = old != NULL;
    snprintf(saved_tz, sizeof saved_tz, "%s", old ? old : "");
    setenv("TZ", zone, 1);
    tzset();
}

void px_tz_end(void)
{
    if (had_tz)
        setenv("TZ", saved_tz, 1);
    else
        unsetenv("TZ");
    tzset();
    pthread_mutex_unlock(&tz_lock);
}

/* mktime of the wall-clock local with a given isdst; 1 if the result
 * shows the same wall clock (a valid reading), 0 otherwise. */
static int reading(long long local, int isdst, long long *utc)
{
    struct tm tm, back;
    memset(&tm, 0, sizeof tm);
    int y, mo, d, h, mi, s;
    px_ts_civil(local, &y, &mo, &d, &h, &mi, &s);
    tm.tm_year = y - 1900;
    tm.tm_mon = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    tm.tm_isdst = isdst;
    time_t t = mktime(&tm);
    if (t == (time_t)-1 && !(y == 1969 && mo == 12 && d == 31))
        return 0;
    if (localtime_r(&t, &back) == NULL)
        return 0;
    if (back.tm_year != y - 1900 || back.tm_mon != mo - 1 ||
        back.tm_mday != d || back.tm_hour != h || back.tm_min != mi ||
        back.tm_sec != s)
        return 0;
    if (isdst >= 0 && (back.tm_isdst > 0) != (isdst > 0))
        return 0;
    *utc = (long long)t;
    return 1;
}

int px_tz_local_to_utc(long long local, long long *utc, long long *alt)
{
    long long a = 0, b = 0;
    int ra = reading(local, 0, &a), rb = reading(local, 1, &b);
    if (!ra && !rb) {
        if (!reading(local, -1, &a))
            return -1; /* skipped by a daylight-saving change */
        ra = 1;
    }
    if (ra && rb && a != b) {
        *utc = a < b ? a : b; /* the first occurrence */
        *alt = a < b ? b : a;
    } else {
        *utc = ra ? a : b;
        *alt = *utc;
    }
    return 0;
}

int px_price_local_to_utc(const ecs_price_options *opt, long long local,
                           long long *utc, long long *alt)
{
    if (opt->utc_zone[0] != '\0')
        return px_tz_local_to_utc(local, utc, alt);
    *utc = *alt = local - 60LL * opt->utc_offset_minutes;
    return 0;
}

ecs_result px_price_opt_time(const ecs_price_options *opt, const char *text,
                              long long *utc, ecs_diag *diag)
{
    px_ts t;
    if (px_ts_scan(text, strlen(text), &t) != 0)
        return ecs_diag_set(diag, ECS_EPARSE, NULL, 0,
                            "'%s' is not a time such as 2016-10-19T00:00+02:00",
                            text);
    if (t.has_offset) {
        *utc = t.local - 60LL * t.offset_min;
        return ECS_OK;
    }
    if (!opt->utc_offset_given)
        return ecs_diag_set(diag, ECS_EPARSE, NULL, 0,
                            "'%s' has no UTC offset: write one (Z, +02:00) or "
                            "give --utc-offset", text);
    if (opt->utc_zone[0] != '\0')
        px_tz_begin(opt->utc_zone);
    long long alt;
    int r = px_price_local_to_utc(opt, t.local, utc, &alt);
    if (opt->utc_zone[0] != '\0')
        px_tz_end();
    if (r != 0)
        return ecs_diag_set(diag, ECS_EPARSE, NULL, 0,
                            "local time '%s' does not exist in %s", text,
                            opt->utc_zone);
    return ECS_OK;
}
