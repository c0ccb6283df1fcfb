/*
 * ecsched: price schedules (MODEL.md "Prices").
 *
 * A price series is what a file or a built-in gives; the schedulers use
 * per-slot prices: resampled to the slot length, repeated cyclically where
 * the series is shorter than the deadline, and normalised.
 */
#ifndef ECSCHED_PRICES_H
#define ECSCHED_PRICES_H

#include <stddef.h>

#include "ecsched/result.h"

/* The per-slot prices the schedulers use. */
typedef struct ecs_slot_prices {
    size_t n;              /* number of slots */
    double *price;         /* n normalised prices (slot 0 .. n-1) */
    double normalized_by;  /* price = original / normalized_by */
    int slot_minutes;      /* slot length */
    int repeated;          /* 1 if the series was repeated to reach n slots */
    char source[256];      /* built-in name or file path */
    char unit[32];         /* e.g. "EUR/MWh", "" if unknown */
} ecs_slot_prices;

/* Free the arrays of a slot price set (not the struct itself). */
void ecs_slot_prices_release(ecs_slot_prices *sp);

/* How a price SPEC is loaded and turned into slots. */
typedef struct ecs_price_options {
    int slot_minutes; /* slot length, default 60 */
    int no_repeat;    /* 1: a series shorter than the slots needed is an error */
} ecs_price_options;

/* Fill options with defaults. */
void ecs_price_options_init(ecs_price_options *o);

/*
 * Resolve SPEC (a built-in name: flat, increasing, alternating,
 * epex-2016-10-19; or a CSV file path) into nslots per-slot prices.
 * out is overwritten; release it with ecs_slot_prices_release.
 */
ecs_result ecs_prices_resolve(const char *spec, const ecs_price_options *opt,
                              size_t nslots, ecs_slot_prices *out,
                              ecs_diag *diag);

#endif
