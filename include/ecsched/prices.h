/*
 * ecsched: price schedules (docs/MODEL.md "Prices").
 *
 * A price series is what a file or a built-in gives: points (UTC start,
 * length, price) in the original currency and unit.  The schedulers use
 * per-slot prices: the series resampled to the slot length (time-weighted,
 * i.e. energy-weighted at constant power, where the series is finer;
 * repeated where it is coarser), repeated cyclically where it is shorter
 * than the slots needed, and normalised by the largest price of the whole
 * resampled series (if none is positive, by the largest absolute price; if
 * all are 0, by 1).
 *
 * The three steps are separate functions (ecs_prices_load,
 * ecs_prices_resample, ecs_prices_slots); ecs_prices_resolve runs all three.
 */
#ifndef ECSCHED_PRICES_H
#define ECSCHED_PRICES_H

#include <stddef.h>

#include "ecsched/limits.h"
#include "ecsched/result.h"

/* The built-in schedules, in the order `--help` lists them. */
#define ECS_PRICES_BUILTIN_NAMES "flat, increasing, alternating, epex-2016-10-19"

/* The per-slot prices the schedulers use. */
typedef struct ecs_slot_prices {
    size_t n;              /* number of slots */
    double *price;         /* n normalised prices (slot 0 .. n-1) */
    double normalized_by;  /* price = original / normalized_by */
    int slot_minutes;      /* slot length; with slot_len, the unit the
                            * lengths count in (their greatest common
                            * divisor) */
    int *slot_len;         /* n lengths in units of slot_minutes (slot l
                            * lasts slot_len[l] * slot_minutes minutes), or
                            * NULL: every slot lasts slot_minutes (the
                            * uniform grid); see slots_from_prices */
    int repeated;          /* 1 if the series was repeated to reach n slots */
    char source[256];      /* built-in name or file path */
    char unit[32];         /* e.g. "EUR/MWh", "" if unknown */
    size_t cycle;          /* slots in one pass of the series (before repetition) */
    long long first_utc;   /* UTC start of slot 0 (seconds since 1970), 0 for
                            * the synthetic built-ins */
    int zone_known;        /* 1 when the series' first time had a UTC offset */
    int zone_minutes;      /* that offset (local = UTC + offset), for clock
                            * times in the price file's zone */
} ecs_slot_prices;

/* Free the arrays of a slot price set (not the struct itself). */
void ecs_slot_prices_release(ecs_slot_prices *sp);

/* Minutes from the start of slot 0 to the start of slot `slot` (>= 0; a
 * boundary: slot n is the end of slot n - 1): slot * slot_minutes on the
 * uniform grid, the sum of the lengths before it with slot_len (slots
 * beyond n lasting slot_minutes). */
long long ecs_slot_prices_minutes_to(const ecs_slot_prices *sp, long slot);

/* What a timestamp marks: the start or the end of its interval. */
typedef enum ecs_price_stamp {
    ECS_PRICE_STAMP_START = 0,
    ECS_PRICE_STAMP_END
} ecs_price_stamp;

/* What to do with a missing interval. */
typedef enum ecs_price_fill {
    ECS_PRICE_FILL_NONE = 0, /* a gap is an error naming the row */
    ECS_PRICE_FILL_PREVIOUS, /* repeat the price before the gap */
    ECS_PRICE_FILL_LINEAR    /* interpolate between the prices around it */
} ecs_price_fill;

#define ECS_PRICE_NAME_MAX 128

/*
 * How a price SPEC is loaded and turned into slots.  Fill with
 * ecs_price_options_init, then set fields (ecs_price_options_set parses the
 * command-line spelling of each).  Strings are copied in; "" = not given.
 */
typedef struct ecs_price_options {
    int slot_minutes;       /* slot length, 1..1440, default 60 */
    int slots_from_prices;  /* 1 (--slot-minutes prices): one slot per
                               point of the series, as long as the point
                               (docs/MODEL.md "Slots of different
                               lengths"); a series whose points are all of
                               one length gives the uniform grid of that
                               length */
    int no_repeat;          /* 1: a series shorter than the slots needed is an error */
    char price_column[ECS_PRICE_NAME_MAX]; /* header name or 1-based number; "" = guess */
    char time_column[ECS_PRICE_NAME_MAX];  /* header name or 1-based number; "" = guess */
    char filter_column[ECS_PRICE_NAME_MAX]; /* keep rows where this column ... */
    char filter_value[ECS_PRICE_NAME_MAX];  /* ... equals this value; "" = no filter */
    int utc_offset_given;   /* 1 if --utc-offset was given */
    int utc_offset_minutes; /* offset of naive local times (local = UTC + offset) */
    char utc_zone[64];      /* or a time zone of the system's zoneinfo
                               (e.g. "Europe/Berlin"); "" = a fixed offset */
    ecs_price_stamp stamp;  /* timestamps mark interval starts (default) or ends */
    ecs_price_fill fill;    /* gaps: error (default), previous, linear */
    char start[64];         /* first slot's time (ISO 8601); "" = the first point */
    char unit[32];          /* currency/unit when the header gives none; "" = unknown */
    const ecs_limits *limits; /* input bytes and slots (max_input_bytes,
                                 max_slots); NULL = ecs_limits_init's */
    int one_value_column;   /* 1: without price_column, a file with more
                               than one column of numbers besides the times
                               is an error (EPARSE naming them): a series
                               that is not prices (a green supply), where
                               the guess by a price-like name does not
                               apply */
} ecs_price_options;

/* Fill options with defaults. */
void ecs_price_options_init(ecs_price_options *o);

/* EINVAL (diag says which) for a slot length outside 1..1440 minutes, a
 * UTC offset beyond 18 hours, an unknown stamp or fill mode, a column name
 * or time that is not NUL-terminated; what every reader checks first. */
ecs_result ecs_price_options_validate(const ecs_price_options *o,
                                      ecs_diag *diag);

/* The option keys that ecs_price_options_set understands. */
typedef enum ecs_price_key {
    ECS_PRICE_KEY_SLOT_MINUTES, /* "15", or "prices": the series' own
                                   periods (slots_from_prices) */
    ECS_PRICE_KEY_NO_REPEAT,    /* value ignored */
    ECS_PRICE_KEY_PRICE_COLUMN, /* "SpotPriceEUR" or "6" */
    ECS_PRICE_KEY_TIME_COLUMN,  /* "HourUTC" or "1" */
    ECS_PRICE_KEY_FILTER,       /* "PriceArea=DK1" */
    ECS_PRICE_KEY_UTC_OFFSET,   /* "+01:00", "-0500", "+10", "Z", "0", or a
                                   zone: "Europe/Berlin" */
    ECS_PRICE_KEY_STAMP,        /* "start" or "end" */
    ECS_PRICE_KEY_FILL,         /* "none", "previous" or "linear" */
    ECS_PRICE_KEY_START,        /* an ISO 8601 time */
    ECS_PRICE_KEY_UNIT          /* "EUR/MWh" */
} ecs_price_key;

/*
 * Set one option from its command-line spelling.  Returns ECS_OK, or
 * ECS_EINVAL with a message naming the option and the accepted values.
 */
ecs_result ecs_price_options_set(ecs_price_options *o, ecs_price_key key,
                                 const char *value, ecs_diag *diag);

/* ---- time ---- */

/*
 * Parse a time as the loader does: "2016-10-19T00:00:00+02:00", "...Z",
 * "+0200", naive "2016-10-19 00:00" (local time at utc_offset_minutes when
 * have_offset is 1, else an error), "2024/02/13 00:05:00",
 * "16/07/2023 00:00:00" (day first), "19.10.2016 00:00", or a date alone.
 * *utc gets seconds since 1970-01-01 UTC.  Returns ECS_OK or ECS_EPARSE
 * (diag message only, no file).
 */
ecs_result ecs_prices_time_parse(const char *text, int have_offset,
                                 int utc_offset_minutes, long long *utc,
                                 ecs_diag *diag);

/* Format a UTC time as "2016-10-18T22:00Z" into buf (at least 24 bytes). */
void ecs_prices_time_format(long long utc, char *buf, size_t size);

/* ---- series ---- */

/* One point of a series: the interval [start, start + minutes*60). */
typedef struct ecs_price_point {
    long long start;  /* UTC seconds since 1970 */
    int minutes;      /* interval length */
    double price;     /* original currency and unit */
    long row;         /* 1-based line of the file, 0 if filled or built in */
} ecs_price_point;

/* The synthetic built-ins are defined per slot, not on a time axis. */
typedef enum ecs_price_kind {
    ECS_PRICE_DATA = 0,   /* points on a time axis (a file or epex-2016-10-19) */
    ECS_PRICE_FLAT,       /* 1, 1, 1, ... */
    ECS_PRICE_INCREASING, /* 10 for slots 0..19, then 20, 30, ... */
    ECS_PRICE_ALTERNATING /* 5, 50, 5, 50, ... */
} ecs_price_kind;

/* A loaded series and what loading it found. */
typedef struct ecs_price_series {
    ecs_price_kind kind;
    size_t n;               /* points (after sorting and filling) */
    ecs_price_point *pt;    /* n points, ascending, contiguous */
    char source[256];       /* built-in name or file path */
    char unit[32];          /* from the header, else --unit, else "" */
    int unit_from_header;   /* 1 if the header gave the unit */
    char price_column[ECS_PRICE_NAME_MAX]; /* the column read, "" for built-ins */
    int price_column_guessed;
    char time_column[ECS_PRICE_NAME_MAX];  /* e.g. "HourUTC", or "year;month;day;period" */
    int time_column_guessed;
    int naive_time_utc;     /* 1 if naive times were taken as UTC (header says UTC) */
    int resolution_minutes; /* most common point length */
    size_t points_read;     /* data rows read (after --filter) */
    size_t rows_filtered;   /* rows dropped by --filter */
    size_t empty_skipped;   /* leading/trailing rows with an empty price */
    size_t gaps_filled;     /* intervals added by --fill */
    int sorted;             /* 1 if the file was newest first */
    int untimed;            /* 1 if the file has no dates and no --start
                               placed it: the points start at 0 (1970) */
    int utf16;              /* 1 if the file was UTF-16, converted */
    int zone_known;         /* 1 if the first row's time had a UTC offset */
    int zone_minutes;       /* that offset in minutes (local = UTC + offset) */
} ecs_price_series;

/* Free what a series holds (not the struct); NULL is accepted. */
void ecs_price_series_release(ecs_price_series *s);

/* 1 if name is a built-in schedule. */
int ecs_prices_is_builtin(const char *name);

/* The series of a built-in (no file access).  EINVAL if unknown. */
ecs_result ecs_prices_builtin(const char *name, ecs_price_series *out,
                              ecs_diag *diag);

/*
 * Read a price CSV (layouts: docs/reference.md "Prices") from the
 * len bytes at text; name is used in messages.  out is overwritten.
 * Errors (EPARSE, EINVAL) name the file and line.
 */
ecs_result ecs_prices_read_buffer(const char *text, size_t len,
                                  const char *name,
                                  const ecs_price_options *opt,
                                  ecs_price_series *out, ecs_diag *diag);

/* Read a price CSV file (EIO if unreadable). */
ecs_result ecs_prices_read_file(const char *path, const ecs_price_options *opt,
                                ecs_price_series *out, ecs_diag *diag);

/* A built-in name or a file path. */
ecs_result ecs_prices_load(const char *spec, const ecs_price_options *opt,
                           ecs_price_series *out, ecs_diag *diag);

/* ---- slots ---- */

/* One pass of a series on the slot grid, in original units. */
typedef struct ecs_price_resampled {
    size_t m;            /* slots */
    double *value;       /* m prices, original units */
    long long first_utc; /* start of slot 0 (0 for synthetic built-ins) */
    int slot_minutes;    /* with len: the unit of the lengths */
    int *len;            /* m lengths in units of slot_minutes, or NULL:
                            every slot slot_minutes long */
    int periodic;        /* 1: cycling it is its definition (flat, alternating) */
} ecs_price_resampled;

void ecs_price_resampled_release(ecs_price_resampled *r);

/*
 * Resample s to opt->slot_minutes from opt->start (default: the first
 * point) to the end of the series.  With opt->slots_from_prices, one slot
 * per point from opt->start (a point's start) instead: slot_minutes the
 * greatest common divisor of the points' lengths and len their lengths
 * in that unit (NULL when they are all one length); EINVAL for a
 * synthetic built-in (defined per slot, not in time).  A slot's price is the time-weighted
 * average of the points overlapping it (a last slot that the series covers
 * only in part averages over the part covered).  The synthetic built-ins
 * give one value per slot: flat and alternating one period, increasing
 * max(min_slots, 21) values.
 */
ecs_result ecs_prices_resample(const ecs_price_series *s,
                               const ecs_price_options *opt, size_t min_slots,
                               ecs_price_resampled *out, ecs_diag *diag);

/*
 * The largest value of v[0..n-1] if one is positive, else the largest
 * absolute value, else (all 0, or n = 0) 1.
 */
double ecs_prices_norm_factor(const double *v, size_t n);

/*
 * nslots per-slot prices from a resampled series: slot l takes
 * value[l mod m] / ecs_prices_norm_factor(value, m) (and length
 * len[l mod m] when r has lengths).  repeated is set when
 * nslots > m (unless the series is periodic by definition); with
 * opt->no_repeat that is an error (EINVAL).  nslots may be below m.
 */
ecs_result ecs_prices_slots(const ecs_price_series *s,
                            const ecs_price_resampled *r,
                            const ecs_price_options *opt, size_t nslots,
                            ecs_slot_prices *out, ecs_diag *diag);

/*
 * Merge runs of consecutive slots of equal price into one slot each (a
 * coarsening: docs/MODEL.md "Merging slots"): slots 0 .. horizon-1 and
 * horizon .. n-1 are merged apart, so that the boundary horizon (D') is a
 * boundary of out, and no merged slot is longer than ECS_SLOT_LEN_MAX
 * units.  out has the merged prices and their lengths in units of
 * in->slot_minutes (slot_len NULL when nothing merged), the rest of in's
 * fields; (*first)[j] is the first slot of in in merged slot j, for j =
 * 0 .. out->n (malloc'ed, (*first)[out->n] = in->n).  OK, ENOMEM.
 */
ecs_result ecs_slot_prices_merge(const ecs_slot_prices *in, size_t horizon,
                                 ecs_slot_prices *out, size_t **first,
                                 ecs_diag *diag);

/* min, max and mean of n values (all 0 when n = 0). */
typedef struct ecs_price_stats {
    double min, max, mean;
} ecs_price_stats;

void ecs_prices_stats(const double *v, size_t n, ecs_price_stats *out);

/*
 * Resolve SPEC (a built-in name: flat, increasing, alternating,
 * epex-2016-10-19; or a CSV file path) into nslots per-slot prices:
 * load, resample, repeat and normalise.  out is overwritten; release it
 * with ecs_slot_prices_release.
 */
ecs_result ecs_prices_resolve(const char *spec, const ecs_price_options *opt,
                              size_t nslots, ecs_slot_prices *out,
                              ecs_diag *diag);

#endif
