/* Per-slot prices: cyclic repetition and normalisation (docs/MODEL.md "Prices"). */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ecs_slot_prices_release(ecs_slot_prices *sp)
{
    if (sp == NULL)
        return;
    free(sp->price);
    free(sp->slot_len);
    sp->price = NULL;
    sp->slot_len = NULL;
    sp->n = 0;
}

long long ecs_slot_prices_minutes_to(const ecs_slot_prices *sp, long slot)
{
    if (sp->slot_len == NULL)
        return (long long)slot * sp->slot_minutes;
    long long units = 0;
    for (long l = 0; l < slot; l++)
        units += (size_t)l < sp->n ? sp->slot_len[l] : 1;
    return units * sp->slot_minutes;
}

ecs_result ecs_slot_prices_merge(const ecs_slot_prices *in, size_t horizon,
                                 ecs_slot_prices *out, size_t **first,
                                 ecs_diag *diag)
{
    *out = *in;
    out->price = NULL;
    out->slot_len = NULL;
    size_t n = in->n;
    size_t *f = malloc((n + 1) * sizeof *f);
    double *price = malloc((n ? n : 1) * sizeof *price);
    int *len = malloc((n ? n : 1) * sizeof *len);
    if (f == NULL || price == NULL || len == NULL) {
        free(f);
        free(price);
        free(len);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    size_t m = 0;
    int merged = 0;
    for (size_t l = 0; l < n; l++) {
        int w = in->slot_len != NULL ? in->slot_len[l] : 1;
        if (m > 0 && l != horizon && price[m - 1] == in->price[l] &&
            len[m - 1] + w <= ECS_SLOT_LEN_MAX) {
            len[m - 1] += w;
            merged = 1;
            continue;
        }
        f[m] = l;
        price[m] = in->price[l];
        len[m] = w;
        m++;
    }
    f[m] = n;
    out->n = m;
    out->price = price;
    if (merged || in->slot_len != NULL) {
        out->slot_len = len;
    } else {
        free(len);
    }
    *first = f;
    return ECS_OK;
}

double ecs_prices_norm_factor(const double *v, size_t n)
{
    double max = 0.0, absmax = 0.0;
    int positive = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] > 0.0 && (!positive || v[i] > max)) {
            max = v[i];
            positive = 1;
        }
        if (fabs(v[i]) > absmax)
            absmax = fabs(v[i]);
    }
    if (positive)
        return max;
    return absmax > 0.0 ? absmax : 1.0;
}

ecs_result ecs_prices_slots(const ecs_price_series *s,
                            const ecs_price_resampled *r,
                            const ecs_price_options *opt, size_t nslots,
                            ecs_slot_prices *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    if (r->m == 0)
        return ecs_diag_set(diag, ECS_EINVAL, s->source, 0, "no prices");
    int repeated = nslots > r->m && !r->periodic;
    if (repeated && opt->no_repeat)
        return ecs_diag_set(diag, ECS_EINVAL, s->source, 0,
                            "the prices cover %zu slots of %d minutes, %zu are "
                            "needed (--no-repeat forbids repeating them)",
                            r->m, r->slot_minutes, nslots);
    out->price = malloc((nslots ? nslots : 1) * sizeof *out->price);
    if (r->len != NULL)
        out->slot_len = malloc((nslots ? nslots : 1) * sizeof *out->slot_len);
    if (out->price == NULL || (r->len != NULL && out->slot_len == NULL)) {
        ecs_slot_prices_release(out);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t l = 0; r->len != NULL && l < nslots; l++)
        out->slot_len[l] = r->len[l % r->m];
    double f = ecs_prices_norm_factor(r->value, r->m);
    for (size_t l = 0; l < nslots; l++) {
        out->price[l] = r->value[l % r->m] / f;
        if (!isfinite(out->price[l])) {
            size_t at = l % r->m;
            ecs_slot_prices_release(out);
            return ecs_diag_set(diag, ECS_EINVAL, s->source, 0,
                                "slot %zu: price %g divided by the largest "
                                "price %g is not a finite number (prices "
                                "too far apart)",
                                at, r->value[at], f);
        }
    }
    out->n = nslots;
    out->normalized_by = f;
    out->slot_minutes = r->slot_minutes;
    out->repeated = repeated;
    out->cycle = r->m;
    out->first_utc = r->first_utc;
    out->zone_known = s->zone_known;
    out->zone_minutes = s->zone_minutes;
    snprintf(out->source, sizeof out->source, "%s", s->source);
    snprintf(out->unit, sizeof out->unit, "%s", s->unit);
    return ECS_OK;
}
