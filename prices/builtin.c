/* Built-in price schedules (docs/MODEL.md "Prices"). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * EPEX day-ahead, DE-AT-LU, 2016-10-19, EUR/MWh, hours from local
 * midnight (+02:00): data/prices/de_at_lu_2016-10-19_hourly.csv
 * (sources in data/SOURCES.md).
 */
static const double EPEX_2016_10_19[24] = {
    30.27, 28.99, 28.95, 29.08, 30.32, 30.85, 36.66, 47.5,
    48.68, 48.47, 49.29, 49.29, 47.99, 45.92, 42.01, 41.27,
    42.12, 48.32, 48.95, 49.0,  44.49, 35.2,  34.99, 31.26};

/* 2016-10-18T22:00Z, local midnight of 2016-10-19 at +02:00. */
#define EPEX_2016_10_19_START (17092LL * 86400 + 22 * 3600)

typedef struct builtin {
    const char *name;
    ecs_price_kind kind;
} builtin;

static const builtin BUILTINS[] = {
    {"flat", ECS_PRICE_FLAT},
    {"increasing", ECS_PRICE_INCREASING},
    {"alternating", ECS_PRICE_ALTERNATING},
    {"epex-2016-10-19", ECS_PRICE_DATA},
};

static const builtin *find(const char *name)
{
    for (size_t i = 0; i < sizeof BUILTINS / sizeof *BUILTINS; i++)
        if (strcmp(BUILTINS[i].name, name) == 0)
            return &BUILTINS[i];
    return NULL;
}

int ecs_prices_is_builtin(const char *name)
{
    return find(name) != NULL;
}

ecs_result ecs_prices_builtin(const char *name, ecs_price_series *out,
                              ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    const builtin *b = find(name);
    if (b == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "unknown price schedule '%s' (built-ins: %s)", name,
                            ECS_PRICES_BUILTIN_NAMES);
    out->kind = b->kind;
    snprintf(out->source, sizeof out->source, "%s", b->name);
    if (b->kind != ECS_PRICE_DATA)
        return ECS_OK;
    size_t n = sizeof EPEX_2016_10_19 / sizeof *EPEX_2016_10_19;
    out->pt = malloc(n * sizeof *out->pt);
    if (out->pt == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < n; i++) {
        out->pt[i].start = EPEX_2016_10_19_START + 3600LL * (long long)i;
        out->pt[i].minutes = 60;
        out->pt[i].price = EPEX_2016_10_19[i];
        out->pt[i].row = 0;
    }
    out->n = out->points_read = n;
    out->resolution_minutes = 60;
    snprintf(out->unit, sizeof out->unit, "EUR/MWh");
    out->zone_known = 1; /* the EPEX day in Paris and Berlin: CEST */
    out->zone_minutes = 120;
    return ECS_OK;
}
