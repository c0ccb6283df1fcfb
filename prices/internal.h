/*
 * Internal pieces of the price loader (not public API).  One concern per
 * file: timestamp.c, number.c, csv_read.c, columns.c, series_build.c,
 * resample.c, normalize.c, builtin.c, options.c, load.c.
 */
#ifndef ECSCHED_PRICES_INTERNAL_H
#define ECSCHED_PRICES_INTERNAL_H

#include <stddef.h>

#include "ecsched/numparse.h"
#include "ecsched/prices.h"

/* Limits that keep a malformed file from asking for absurd memory. */
#define PX_PRICE_MAX_MINUTES (31 * 24 * 60) /* longest interval: 31 days */

/* ---- timestamp.c ---- */

/* A time as written: local seconds, and its offset when it has one. */
typedef struct px_ts {
    long long local;  /* seconds since 1970 of the wall-clock time */
    int has_offset;   /* 1 if Z or +hh:mm was written */
    int offset_min;   /* local = UTC + offset */
    int date_only;    /* 1 if no time of day was written */
} px_ts;

/* Parse one time (no interval) from s[0..len).  0 or -1. */
int px_ts_scan(const char *s, size_t len, px_ts *out);

/* Parse "A - B" (an interval, both times).  0 or -1 (not an interval). */
int px_ts_scan_interval(const char *s, size_t len, px_ts *a, px_ts *b);

/* Parse a UTC offset "+01:00", "-0500", "+10", "Z", "0".  0 or -1. */
int px_ts_parse_offset(const char *s, int *minutes);

/* Days in month m (1..12) of year y (Gregorian leap years). */
int px_ts_month_days(long long y, int m);

/* Days since 1970-01-01 of a proleptic Gregorian date. */
long long px_ts_days(long long y, int m, int d);

/* The calendar fields of local seconds since 1970. */
void px_ts_civil(long long local, int *y, int *mo, int *d, int *h, int *mi,
                  int *s);

/*
 * A time of day "HH:MM[:SS]" (returns 1, *end = -1) or an hour range
 * "HH - HH", "HH:MM - HH:MM" (returns 2; an end at or before the start is
 * on the next day, "23 - 00" ends at 24:00); seconds after midnight.
 * -1 if neither.
 */
int px_ts_scan_clock(const char *s, size_t len, long *start, long *end);

/* ---- timezone.c ---- */

/* 1 if name is a time zone of the system's zoneinfo (Europe/Berlin). */
int px_tz_valid(const char *name);

/* The zoneinfo directory ($TZDIR or /usr/share/zoneinfo). */
const char *px_tz_dir(void);

/* Convert in zone between begin and end (a process-wide lock: TZ is set
 * and restored). */
void px_tz_begin(const char *zone);
void px_tz_end(void);

/*
 * Local wall-clock seconds -> UTC in the current zone: 0, with *alt the
 * later reading of an ambiguous time (the repeated hour of a
 * daylight-saving change; else *alt = *utc); -1 if the local time does
 * not exist (skipped by a change).
 */
int px_tz_local_to_utc(long long local, long long *utc, long long *alt);

/*
 * A naive local time through the options: --utc-offset as a fixed offset
 * or a zone (then between px_tz_begin/end).  0, or -1 (nonexistent).
 */
int px_price_local_to_utc(const ecs_price_options *opt, long long local,
                           long long *utc, long long *alt);

/* A time as --start gives it: its own offset, else --utc-offset (an
 * offset or a zone; takes the zone lock itself).  ECS_OK or ECS_EPARSE
 * (message only). */
ecs_result px_price_opt_time(const ecs_price_options *opt, const char *text,
                              long long *utc, ecs_diag *diag);

/* ---- number.c ---- */

/*
 * Parse one price: C-locale decimal, optional sign and exponent, a decimal
 * comma accepted in place of the point, thousands separators in groups of
 * three when the other mark ends them ("1.234,56", "1,234.56");
 * surrounding blanks ignored.  0 ok, 1 empty, -1 not one number.
 */
int px_price_number(const char *s, size_t len, double *out);

/* ---- csv_read.c ---- */

/* A table of text fields, row by row, with the file line of each row. */
typedef struct px_csv_table {
    size_t nrows;
    size_t *nfields;  /* per row */
    char ***field;    /* field[r][c], NUL-terminated */
    long *line;       /* 1-based file line where row r starts */
    char sep;         /* ',', ';' or '\t' */
    int had_bom;
    int utf16;        /* 1 UTF-16le, 2 UTF-16be (converted), 0 not */
    int end_marker;   /* 1 if an end-of-file marker line ended the data */
} px_csv_table;

/*
 * Split text into rows and fields with libcsv (strict quoting): a UTF-8
 * BOM is skipped, UTF-16 text (with a BOM, or NUL bytes in every other
 * place) is converted to UTF-8 first, the separator (tab, ',' or ';') is
 * a tab if the first line has one and no more commas or semicolons, ';' if
 * it has none of the three (one column: "38,5" is a decimal comma), else
 * the more frequent of ',' and ';', blank lines are dropped, a line "*"
 * (an end-of-file marker) ends the data.  Other NUL bytes are an error.
 */
ecs_result px_csv_split(const char *text, size_t len, const char *name,
                         px_csv_table *out, ecs_diag *diag);

void px_csv_table_free(px_csv_table *t);

/* ---- columns.c ---- */

/* Where the time and price of a row are. */
typedef enum px_time_layout {
    PX_TIME_STAMP,       /* one column: a time, or an interval "A - B" */
    PX_TIME_DATE_PERIOD, /* year;month;day;period or date;period */
    PX_TIME_DATE_CLOCK,  /* a date column and a time-of-day or hour-range
                             column ("00:00", "00 - 01") */
    PX_TIME_SEQUENCE     /* no dates: rows follow each other, each one
                             slot (time_col -1) or as long as the hour
                             range or time step of time_col says */
} px_time_layout;

typedef struct px_columns {
    size_t first_data;   /* index of the first data row in the table */
    int has_header;
    px_time_layout layout;
    long time_col;       /* stamp column, or date column for date;period */
    long ymd_col[3];     /* year, month, day columns (-1 if a date column) */
    long period_col;
    long clock_col;      /* PX_TIME_DATE_CLOCK: the time-of-day column */
    long price_col;
    long filter_col;     /* -1: no filter */
} px_columns;

/*
 * Find the header, the time and price columns (guessing where the options
 * do not say) and the filter column; fills the series' metadata (column
 * names, guessed flags, unit from the header).
 */
ecs_result px_columns_find(const px_csv_table *t, const char *name,
                            const ecs_price_options *opt, px_columns *out,
                            ecs_price_series *s, ecs_diag *diag);

/* ---- series_build.c ---- */

/* Table rows -> sorted, checked, (filled) points in s. */
ecs_result px_series_build(const px_csv_table *t, const px_columns *c,
                            const char *name, const ecs_price_options *opt,
                            ecs_price_series *s, ecs_diag *diag);

#endif
