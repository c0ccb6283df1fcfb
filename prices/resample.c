/* A series on the slot grid: time-weighted averages, or repetition. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ecs_price_resampled_release(ecs_price_resampled *r)
{
    if (r == NULL)
        return;
    free(r->value);
    free(r->len);
    memset(r, 0, sizeof *r);
}

/* The synthetic built-ins: one value per slot (docs/MODEL.md "Prices"). */
static ecs_result synthetic(ecs_price_kind kind, size_t min_slots,
                            ecs_price_resampled *out, ecs_diag *diag)
{
    size_t m = 1;
    switch (kind) {
    case ECS_PRICE_FLAT:
        m = 1;
        break;
    case ECS_PRICE_ALTERNATING:
        m = 2;
        break;
    case ECS_PRICE_INCREASING:
        m = min_slots > 21 ? min_slots : 21;
        break;
    case ECS_PRICE_DATA:
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0, "not synthetic");
    }
    out->value = malloc(m * sizeof *out->value);
    if (out->value == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t l = 0; l < m; l++)
        out->value[l] = kind == ECS_PRICE_FLAT          ? 1.0
                        : kind == ECS_PRICE_ALTERNATING ? (l % 2 ? 50.0 : 5.0)
                        : l < 20                        ? 10.0
                                                        : 10.0 * (double)(l - 18);
    out->m = m;
    out->periodic = kind != ECS_PRICE_INCREASING;
    return ECS_OK;
}

/* First slot start: --start, or the first point. */
static ecs_result grid_start(const ecs_price_series *s,
                             const ecs_price_options *opt, long long *t0,
                             ecs_diag *diag)
{
    long long first = s->pt[0].start;
    long long end = s->pt[s->n - 1].start + s->pt[s->n - 1].minutes * 60LL;
    *t0 = first;
    if (opt->start[0] == '\0')
        return ECS_OK;
    ecs_diag inner;
    if (px_price_opt_time(opt, opt->start, t0, &inner) != ECS_OK)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--start: %s",
                            inner.msg);
    if (*t0 < first || *t0 >= end) {
        char a[32], b[32], c[32];
        ecs_prices_time_format(*t0, a, sizeof a);
        ecs_prices_time_format(first, b, sizeof b);
        ecs_prices_time_format(end, c, sizeof c);
        return ecs_diag_set(diag, ECS_EINVAL, s->source, 0,
                            "--start %s is outside the series (%s to %s)", a,
                            b, c);
    }
    return ECS_OK;
}

static long gcd(long a, long b)
{
    while (b != 0) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* One slot per point from t0 (a point's start): the points' lengths in
 * units of their greatest common divisor (docs/MODEL.md "Slots of
 * different lengths"). */
static ecs_result by_points(const ecs_price_series *s,
                            const ecs_price_options *opt, long long t0,
                            ecs_price_resampled *out, ecs_diag *diag)
{
    size_t first = 0;
    while (first < s->n && s->pt[first].start < t0)
        first++;
    if (first == s->n || s->pt[first].start != t0) {
        char a[32];
        ecs_prices_time_format(t0, a, sizeof a);
        return ecs_diag_set(diag, ECS_EINVAL, s->source, 0,
                            "--start %s is not the start of a price period "
                            "(--slot-minutes prices cuts slots at the "
                            "periods' bounds)", a);
    }
    size_t m = s->n - first;
    ecs_limits def;
    ecs_limits_init(&def);
    const ecs_limits *lim = opt->limits ? opt->limits : &def;
    ecs_result rc = ecs_limits_check(lim, ECS_LIMIT_SLOTS, (double)m,
                                     s->source, 0,
                                     "the series has periods:", diag);
    if (rc != ECS_OK)
        return rc;
    long unit = 0, longest = 0;
    for (size_t j = first; j < s->n; j++) {
        unit = gcd(s->pt[j].minutes, unit);
        if (s->pt[j].minutes > longest)
            longest = s->pt[j].minutes;
    }
    if (longest / unit > ECS_SLOT_LEN_MAX)
        return ecs_diag_set(diag, ECS_EINVAL, s->source, 0,
                            "periods of %ld and %ld minutes: the longest "
                            "is more than %d times their common unit",
                            unit, longest, ECS_SLOT_LEN_MAX);
    out->value = malloc(m * sizeof *out->value);
    out->len = unit != longest ? malloc(m * sizeof *out->len) : NULL;
    if (out->value == NULL || (unit != longest && out->len == NULL)) {
        ecs_price_resampled_release(out);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t l = 0; l < m; l++) {
        out->value[l] = s->pt[first + l].price;
        if (out->len != NULL)
            out->len[l] = (int)(s->pt[first + l].minutes / unit);
    }
    out->m = m;
    out->first_utc = t0;
    out->slot_minutes = (int)unit;
    return ECS_OK;
}

ecs_result ecs_prices_resample(const ecs_price_series *s,
                               const ecs_price_options *opt, size_t min_slots,
                               ecs_price_resampled *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->slot_minutes = opt->slot_minutes;
    if (s->kind != ECS_PRICE_DATA && opt->slots_from_prices)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--slot-minutes prices does not apply to '%s' "
                            "(defined per slot, not in time)", s->source);
    if (s->kind != ECS_PRICE_DATA) {
        if (opt->start[0] != '\0')
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--start does not apply to '%s' (defined per "
                                "slot, not in time)", s->source);
        return synthetic(s->kind, min_slots, out, diag);
    }
    if (s->n == 0)
        return ecs_diag_set(diag, ECS_EINVAL, s->source, 0, "no prices");
    long long t0, len = 60LL * opt->slot_minutes;
    ecs_result rc = grid_start(s, opt, &t0, diag);
    if (rc != ECS_OK)
        return rc;
    if (opt->slots_from_prices)
        return by_points(s, opt, t0, out, diag);
    long long end = s->pt[s->n - 1].start + s->pt[s->n - 1].minutes * 60LL;
    long long slots = (end - t0 + len - 1) / len;
    ecs_limits def;
    ecs_limits_init(&def);
    const ecs_limits *lim = opt->limits ? opt->limits : &def;
    char what[96];
    snprintf(what, sizeof what, "the series spans slots of %d minutes:",
             opt->slot_minutes);
    rc = ecs_limits_check(lim, ECS_LIMIT_SLOTS, (double)slots, s->source, 0,
                          what, diag);
    if (rc != ECS_OK)
        return rc;
    size_t m = (size_t)slots;
    out->value = malloc(m * sizeof *out->value);
    if (out->value == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    out->m = m;
    out->first_utc = t0;
    size_t i = 0; /* first point that may overlap the slot */
    for (size_t l = 0; l < m; l++) {
        long long a = t0 + (long long)l * len, b = a + len;
        double sum = 0.0;
        long long covered = 0;
        while (i < s->n && s->pt[i].start + s->pt[i].minutes * 60LL <= a)
            i++;
        for (size_t j = i; j < s->n && s->pt[j].start < b; j++) {
            long long pa = s->pt[j].start, pb = pa + s->pt[j].minutes * 60LL;
            long long ov = (pb < b ? pb : b) - (pa > a ? pa : a);
            if (ov > 0) {
                /* weights <= 1: finite prices give a finite sum */
                sum += s->pt[j].price * ((double)ov / (double)len);
                covered += ov;
            }
        }
        out->value[l] = covered > 0 ? sum * ((double)len / (double)covered)
                                    : 0.0;
        if (!isfinite(out->value[l])) {
            char t[32];
            ecs_prices_time_format(a, t, sizeof t);
            ecs_price_resampled_release(out);
            return ecs_diag_set(diag, ECS_EINVAL, s->source, 0,
                                "the average price of the slot at %s is not a "
                                "finite number: the prices are too large", t);
        }
    }
    return ECS_OK;
}
