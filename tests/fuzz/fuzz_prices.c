/* libFuzzer target: the price CSV loader (every layout, both encodings),
 * on a fixed slot length or the series' own periods, then resampling, normalisation and the figures `prices` prints. */
#include "ecsched/prices.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ecs_price_options opt;
    ecs_price_options_init(&opt);
    ecs_limits lim;
    ecs_limits_init(&lim);
    lim.max_slots = 200000; /* keep one run short; the limit is checked */
    opt.limits = &lim;
    /* the input's length picks loader options (the bytes are all file, so
     * that seeds are real files) */
    {
        unsigned o = (unsigned)(size * 2654435761u >> 7);
        opt.utc_offset_given = (o & 1) != 0;
        opt.utc_offset_minutes = (o & 2) ? 60 : 0;
        opt.stamp = (o & 4) ? ECS_PRICE_STAMP_END : ECS_PRICE_STAMP_START;
        opt.fill = (o >> 3) % 3 == 0   ? ECS_PRICE_FILL_NONE
                   : (o >> 3) % 3 == 1 ? ECS_PRICE_FILL_PREVIOUS
                                       : ECS_PRICE_FILL_LINEAR;
        opt.slot_minutes = (o & 0x20) ? 15 : 60;
        opt.slots_from_prices = (o & 0x40) != 0; /* --slot-minutes prices */
    }
    ecs_diag d;
    ecs_price_series s;
    if (ecs_prices_read_buffer((const char *)data, size, "fuzz.csv", &opt, &s,
                               &d) != ECS_OK)
        return 0;
    ecs_price_resampled r;
    if (ecs_prices_resample(&s, &opt, 48, &r, &d) == ECS_OK) {
        ecs_slot_prices sp;
        if (ecs_prices_slots(&s, &r, &opt, 48, &sp, &d) == ECS_OK) {
            for (size_t l = 0; l < sp.n; l++) {
                if (!isfinite(sp.price[l]))
                    abort(); /* a non-finite price must be an error */
                if (sp.slot_len != NULL && sp.slot_len[l] < 1)
                    abort(); /* a period's slot lasts a unit at least */
            }
            ecs_price_stats st;
            ecs_prices_stats(r.value, r.m, &st);
            if (!isfinite(st.mean) || !isfinite(st.min) || !isfinite(st.max))
                abort();
            ecs_slot_prices_release(&sp);
        }
        ecs_price_resampled_release(&r);
    }
    ecs_price_series_release(&s);
    return 0;
}
