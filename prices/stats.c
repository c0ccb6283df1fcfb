/* min, max and mean of a price vector. */
#include "internal.h"

#include <math.h>
#include <string.h>

void ecs_prices_stats(const double *v, size_t n, ecs_price_stats *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0)
        return;
    double sum = 0.0;
    out->min = out->max = v[0];
    for (size_t i = 0; i < n; i++) {
        if (v[i] < out->min)
            out->min = v[i];
        if (v[i] > out->max)
            out->max = v[i];
        sum += v[i];
    }
    out->mean = sum / (double)n;
    if (!isfinite(out->mean)) { /* the sum overflowed: divide first */
        out->mean = 0.0;
        for (size_t i = 0; i < n; i++)
            out->mean += v[i] / (double)n;
    }
}
