/* Price loader options: defaults and their command-line spelling. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

void ecs_price_options_init(ecs_price_options *o)
{
    memset(o, 0, sizeof *o);
    o->slot_minutes = 60;
    o->stamp = ECS_PRICE_STAMP_START;
    o->fill = ECS_PRICE_FILL_NONE;
}

static int terminated(const char *s, size_t size)
{
    return memchr(s, '\0', size) != NULL;
}

ecs_result ecs_price_options_validate(const ecs_price_options *o,
                                      ecs_diag *diag)
{
    if (o == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no price options");
    if (o->slot_minutes < 1 || o->slot_minutes > 24 * 60)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the slot length must be 1..1440 minutes, not %d",
                            o->slot_minutes);
    if (o->utc_offset_minutes < -18 * 60 || o->utc_offset_minutes > 18 * 60)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "a UTC offset of %d minutes is beyond 18 hours",
                            o->utc_offset_minutes);
    if ((o->stamp != ECS_PRICE_STAMP_START && o->stamp != ECS_PRICE_STAMP_END) ||
        (o->fill != ECS_PRICE_FILL_NONE && o->fill != ECS_PRICE_FILL_PREVIOUS &&
         o->fill != ECS_PRICE_FILL_LINEAR))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "unknown timestamp or gap-filling mode");
    if (!terminated(o->price_column, sizeof o->price_column) ||
        !terminated(o->time_column, sizeof o->time_column) ||
        !terminated(o->filter_column, sizeof o->filter_column) ||
        !terminated(o->filter_value, sizeof o->filter_value) ||
        !terminated(o->utc_zone, sizeof o->utc_zone) ||
        !terminated(o->start, sizeof o->start) ||
        !terminated(o->unit, sizeof o->unit))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "a price option's text is not terminated");
    return ECS_OK;
}

static ecs_result copy(char *dst, size_t size, const char *v, const char *opt,
                       ecs_diag *diag)
{
    if (v[0] == '\0' || strlen(v) >= size)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "%s needs a value of 1..%zu characters", opt,
                            size - 1);
    memcpy(dst, v, strlen(v) + 1);
    return ECS_OK;
}

static ecs_result set_filter(ecs_price_options *o, const char *v,
                             ecs_diag *diag)
{
    const char *eq = strchr(v, '=');
    size_t n = eq ? (size_t)(eq - v) : 0;
    if (eq == NULL || n == 0 || n >= sizeof o->filter_column ||
        strlen(eq + 1) >= sizeof o->filter_value)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--filter needs COLUMN=VALUE (e.g. PriceArea=DK1), "
                            "not '%s'", v);
    memcpy(o->filter_column, v, n);
    o->filter_column[n] = '\0';
    memcpy(o->filter_value, eq + 1, strlen(eq + 1) + 1);
    return ECS_OK;
}

ecs_result ecs_price_options_set(ecs_price_options *o, ecs_price_key key,
                                 const char *v, ecs_diag *diag)
{
    long n;
    long long t;
    switch (key) {
    case ECS_PRICE_KEY_SLOT_MINUTES:
        if (strcmp(v, "prices") == 0) {
            o->slots_from_prices = 1;
            return ECS_OK;
        }
        if (ecs_parse_long(v, &n) != 0 || n < 1 || n > 24 * 60)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--slot-minutes must be 1..1440 or 'prices', not '%s'", v);
        o->slot_minutes = (int)n;
        o->slots_from_prices = 0;
        return ECS_OK;
    case ECS_PRICE_KEY_NO_REPEAT:
        o->no_repeat = 1;
        return ECS_OK;
    case ECS_PRICE_KEY_PRICE_COLUMN:
        return copy(o->price_column, sizeof o->price_column, v,
                    "--price-column", diag);
    case ECS_PRICE_KEY_TIME_COLUMN:
        return copy(o->time_column, sizeof o->time_column, v, "--time-column",
                    diag);
    case ECS_PRICE_KEY_FILTER:
        return set_filter(o, v, diag);
    case ECS_PRICE_KEY_UTC_OFFSET:
        o->utc_zone[0] = '\0';
        if (px_ts_parse_offset(v, &o->utc_offset_minutes) != 0) {
            if (!px_tz_valid(v))
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "--utc-offset needs an offset such as "
                                    "+01:00, -0500, +10 or Z, or a time zone "
                                    "such as Europe/Berlin, not '%s' (no such "
                                    "zone in %s: is the tzdata package "
                                    "installed?)", v, px_tz_dir());
            snprintf(o->utc_zone, sizeof o->utc_zone, "%s", v);
            o->utc_offset_minutes = 0;
        }
        o->utc_offset_given = 1;
        return ECS_OK;
    case ECS_PRICE_KEY_STAMP:
        if (strcmp(v, "start") == 0)
            o->stamp = ECS_PRICE_STAMP_START;
        else if (strcmp(v, "end") == 0)
            o->stamp = ECS_PRICE_STAMP_END;
        else
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--stamp must be start or end, not '%s'", v);
        return ECS_OK;
    case ECS_PRICE_KEY_FILL:
        if (strcmp(v, "none") == 0)
            o->fill = ECS_PRICE_FILL_NONE;
        else if (strcmp(v, "previous") == 0)
            o->fill = ECS_PRICE_FILL_PREVIOUS;
        else if (strcmp(v, "linear") == 0)
            o->fill = ECS_PRICE_FILL_LINEAR;
        else
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--fill must be none, previous or linear, not "
                                "'%s'", v);
        return ECS_OK;
    case ECS_PRICE_KEY_START:
        /* Checked for syntax now; the offset may come from --utc-offset. */
        if (ecs_prices_time_parse(v, 1, 0, &t, diag) != ECS_OK)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--start needs a time such as "
                                "2016-10-19T06:00+02:00, not '%s'", v);
        return copy(o->start, sizeof o->start, v, "--start", diag);
    case ECS_PRICE_KEY_UNIT:
        return copy(o->unit, sizeof o->unit, v, "--unit", diag);
    }
    return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "unknown price option");
}
