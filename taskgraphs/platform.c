/* The platform: PEs, frequency grid, power model (platform.h). */
#include "ecsched/platform.h"

#include "ecsched/numparse.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static long gcd_long(long a, long b)
{
    while (b != 0) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a < 0 ? -a : a;
}

static double power_value(const ecs_platform *p, double f)
{
    if (p->power == ECS_POWER_QUADRATIC)
        return f * f;
    if (f <= 0.0)
        return 0.0;
    return p->static_share + (1.0 - p->static_share) * f * f * f;
}

static void refresh_power(ecs_platform *p)
{
    for (size_t k = 0; k < p->nfreq; k++)
        p->power_of[k] = power_value(p, p->freq[k]);
}

void ecs_platform_init(ecs_platform *p)
{
    memset(p, 0, sizeof *p);
    p->pes = 1;
    p->power = ECS_POWER_QUADRATIC;
    snprintf(p->power_text, sizeof p->power_text, "quadratic");
    ecs_result rc = ecs_platform_set_freqs(p, "1,0.8,0.6,0.4,0.2,0", NULL);
    (void)rc; /* the default list is valid */
}

ecs_result ecs_platform_set_pes(ecs_platform *p, long pes, ecs_diag *diag)
{
    if (pes < 1 || pes > 100000)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "number of PEs must be 1..100000, not %ld", pes);
    p->pes = (int)pes;
    return ECS_OK;
}

ecs_result ecs_platform_set_freqs(ecs_platform *p, const char *list,
                                  ecs_diag *diag)
{
    ecs_decimal dec[ECS_MAX_FREQS];
    char text[ECS_MAX_FREQS][16];
    size_t n = 0;
    const char *s = list;
    if (list == NULL || *list == '\0')
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "empty frequency list");
    for (;;) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        char buf[32];
        if (n == ECS_MAX_FREQS)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "at most %d frequencies", ECS_MAX_FREQS);
        if (len == 0 || len >= sizeof buf || len >= sizeof text[0])
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "frequency %zu of '%s' is empty or too long",
                                n + 1, list);
        memcpy(buf, s, len);
        buf[len] = '\0';
        if (ecs_parse_decimal(buf, &dec[n]) != 0 || dec[n].scale > 6)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "frequency '%s' is not a decimal number with at most 6 decimals",
                                buf);
        memcpy(text[n], buf, len + 1);
        n++;
        if (comma == NULL)
            break;
        s = comma + 1;
    }
    /* everything in micro-units, then reduce by the gcd */
    long micro[ECS_MAX_FREQS];
    for (size_t k = 0; k < n; k++) {
        long long m = dec[k].mantissa;
        for (int d = dec[k].scale; d < 6; d++)
            m *= 10;
        if (m < 0 || m > 1000000)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "frequency %s is outside [0, 1]", text[k]);
        micro[k] = (long)m;
    }
    if (micro[0] != 1000000)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the frequency list must start with 1, not %s",
                            text[0]);
    for (size_t k = 1; k < n; k++)
        if (micro[k] >= micro[k - 1])
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "frequencies must be strictly decreasing: %s after %s",
                                text[k], text[k - 1]);
    long g = 0;
    for (size_t k = 0; k < n; k++)
        g = gcd_long(g, micro[k]);
    p->nfreq = n;
    p->grid = micro[0] / g;
    for (size_t k = 0; k < n; k++) {
        p->freq_q[k] = micro[k] / g;
        p->freq[k] = (double)micro[k] / 1e6;
        memcpy(p->freq_text[k], text[k], sizeof text[k]);
    }
    refresh_power(p);
    return ECS_OK;
}

ecs_result ecs_platform_set_power(ecs_platform *p, const char *spec,
                                  ecs_diag *diag)
{
    if (spec != NULL && strcmp(spec, "quadratic") == 0) {
        p->power = ECS_POWER_QUADRATIC;
        p->static_share = 0.0;
        snprintf(p->power_text, sizeof p->power_text, "quadratic");
        refresh_power(p);
        return ECS_OK;
    }
    if (spec != NULL && strncmp(spec, "static:", 7) == 0) {
        double s;
        if (ecs_parse_double(spec + 7, &s) != 0 || s < 0.0 || s > 1.0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "static share in '%s' must be a number in [0, 1]",
                                spec);
        p->power = ECS_POWER_STATIC;
        p->static_share = s;
        snprintf(p->power_text, sizeof p->power_text, "static:%s", spec + 7);
        refresh_power(p);
        return ECS_OK;
    }
    return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                        "unknown power model '%s' (quadratic or static:S)",
                        spec ? spec : "");
}

int ecs_platform_freq_index_q(const ecs_platform *p, long q)
{
    for (size_t k = 0; k < p->nfreq; k++)
        if (p->freq_q[k] == q)
            return (int)k;
    return -1;
}

int ecs_platform_freq_index(const ecs_platform *p, double f)
{
    double q = f * (double)p->grid;
    long qr = lround(q);
    if (fabs(q - (double)qr) > 1e-6)
        return -1;
    return ecs_platform_freq_index_q(p, qr);
}

int ecs_platform_has_zero(const ecs_platform *p)
{
    return p->nfreq > 0 && p->freq_q[p->nfreq - 1] == 0;
}

ecs_result ecs_platform_validate(const ecs_platform *p, ecs_diag *diag)
{
    if (p == NULL || p->pes < 1 || p->nfreq < 1 ||
        p->nfreq > ECS_MAX_FREQS || p->grid < 1 || p->freq_q[0] != p->grid)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the platform is not initialised");
    for (size_t k = 0; k < p->nfreq; k++)
        if (p->freq_q[k] < 0 || !isfinite(p->power_of[k]))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "frequency %zu is invalid", k);
    return ECS_OK;
}
