/* Interim price module: the flat built-in only (replaced by issue 3). */
#include "ecsched/prices.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ecs_slot_prices_release(ecs_slot_prices *sp)
{
    if (sp == NULL)
        return;
    free(sp->price);
    sp->price = NULL;
    sp->n = 0;
}

void ecs_price_options_init(ecs_price_options *o)
{
    memset(o, 0, sizeof *o);
    o->slot_minutes = 60;
}

ecs_result ecs_prices_resolve(const char *spec, const ecs_price_options *opt,
                              size_t nslots, ecs_slot_prices *out,
                              ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    if (strcmp(spec, "flat") != 0 && strcmp(spec, "epex-2016-10-19") != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "unknown price schedule '%s'", spec);
    out->price = malloc((nslots ? nslots : 1) * sizeof *out->price);
    if (out->price == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t l = 0; l < nslots; l++)
        out->price[l] = 1.0;
    out->n = nslots;
    out->normalized_by = 1.0;
    out->slot_minutes = opt->slot_minutes;
    snprintf(out->source, sizeof out->source, "flat");
    return ECS_OK;
}
