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
    p->nsite = 1;
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
    if (p->nclass > 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the PE classes set the number of PEs");
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
    if (p->nclass > 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "set the frequencies before the PE classes");
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
        p->micro[k] = micro[k];
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

ecs_result ecs_platform_add_site(ecs_platform *p, const char *name,
                                 int *site, ecs_diag *diag)
{
    int have = p->nsite < 1 ? 0 : p->nsite;
    if (name == NULL || name[0] == '\0' || strlen(name) >= ECS_NAME_MAX)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "a site name must have 1..%d characters",
                            ECS_NAME_MAX - 1);
    /* the unnamed default site is taken over by the first name */
    if (have == 1 && p->site_name[0][0] == '\0') {
        snprintf(p->site_name[0], ECS_NAME_MAX, "%s", name);
        *site = 0;
        return ECS_OK;
    }
    for (int s = 0; s < have; s++)
        if (strcmp(p->site_name[s], name) == 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "site '%s' is named twice", name);
    if (have >= ECS_MAX_SITES)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "at most %d sites", ECS_MAX_SITES);
    snprintf(p->site_name[have], ECS_NAME_MAX, "%s", name);
    p->nsite = have + 1;
    *site = have;
    return ECS_OK;
}

/* speed in micro-units if it has at most 6 decimals, else -1 */
static long speed_micro(double v)
{
    double m = v * 1e6;
    double r = nearbyint(m);
    if (!(v >= 0.0) || v > 1000.0 || fabs(m - r) > 1e-3)
        return -1;
    return (long)r;
}

ecs_result ecs_platform_add_class(ecs_platform *p, const ecs_pe_class *c,
                                  ecs_diag *diag)
{
    const char *nm = c->name[0] ? c->name : "(unnamed)";
    if (p->nclass >= ECS_MAX_CLASSES)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "at most %d PE classes", ECS_MAX_CLASSES);
    long before = p->nclass > 0 ? p->pes : 0;
    if (c->count < 1 || c->count > 100000 || before + c->count > 100000)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "class %s: count must be 1..100000 (and all classes together at most 100000 PEs), not %d",
                            nm, c->count);
    int nsite = p->nsite < 1 ? 1 : p->nsite;
    if (c->site < 0 || c->site >= nsite)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "class %s: site %d is not defined", nm, c->site);
    long sm[ECS_MAX_FREQS];
    for (size_t k = 0; k < p->nfreq; k++) {
        sm[k] = speed_micro(c->speed[k]);
        if (sm[k] < 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "class %s: speed %.9g at f = %s must be a number in [0, 1000] with at most 6 decimals",
                                nm, c->speed[k], p->freq_text[k]);
        if ((sm[k] == 0) != (p->freq_q[k] == 0))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "class %s: speed at f = %s must be %s", nm,
                                p->freq_text[k],
                                p->freq_q[k] == 0 ? "0" : "above 0");
        if (k > 0 && sm[k] >= sm[k - 1])
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "class %s: speeds must decrease with the frequency (%.9g at f = %s after %.9g)",
                                nm, c->speed[k], p->freq_text[k],
                                c->speed[k - 1]);
        if (!isfinite(c->power_of[k]) || c->power_of[k] < 0.0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "class %s: power at f = %s must be a number >= 0",
                                nm, p->freq_text[k]);
    }
    if (!isfinite(c->idle) || c->idle < 0.0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "class %s: idle power must be a number >= 0", nm);
    for (size_t k = 0; k < p->nfreq; k++)
        if (p->freq_q[k] > 0 && c->power_of[k] < c->idle)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "class %s: power at f = %s is below its idle power",
                                nm, p->freq_text[k]);
    /* the new grid: 1e6 over the gcd of every frequency and speed */
    size_t n = p->nclass;
    p->cls[n] = *c;
    p->cls[n].first_pe = (int)before;
    long g = 0;
    for (size_t k = 0; k < p->nfreq; k++)
        g = gcd_long(g, p->micro[k]);
    for (size_t q = 0; q < n; q++)
        for (size_t k = 0; k < p->nfreq; k++)
            g = gcd_long(g, speed_micro(p->cls[q].speed[k]));
    for (size_t k = 0; k < p->nfreq; k++)
        g = gcd_long(g, sm[k]);
    p->grid = 1000000 / g;
    for (size_t k = 0; k < p->nfreq; k++)
        p->freq_q[k] = p->micro[k] / g;
    p->nclass = n + 1;
    for (size_t q = 0; q <= n; q++)
        for (size_t k = 0; k < p->nfreq; k++)
            p->cls[q].speed_q[k] = speed_micro(p->cls[q].speed[k]) / g;
    p->pes = (int)(before + c->count);
    if (p->freq_q[p->nfreq - 1] == 0) /* waiting in place draws idle */
        p->cls[n].power_of[p->nfreq - 1] = c->idle;
    return ECS_OK;
}

int ecs_platform_pe_class(const ecs_platform *p, int pe)
{
    if (pe < 0 || pe >= p->pes)
        return -1;
    for (size_t c = 0; c < p->nclass; c++)
        if (pe < p->cls[c].first_pe + p->cls[c].count)
            return (int)c;
    return 0;
}

long ecs_platform_speed_q(const ecs_platform *p, int c, size_t k)
{
    if (p->nclass == 0 || c < 0 || (size_t)c >= p->nclass)
        return p->freq_q[k];
    return p->cls[c].speed_q[k];
}

double ecs_platform_power(const ecs_platform *p, int c, size_t k)
{
    if (p->nclass == 0 || c < 0 || (size_t)c >= p->nclass)
        return p->power_of[k];
    return p->cls[c].power_of[k];
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
    if (p->nclass > ECS_MAX_CLASSES || p->nsite < 1 ||
        p->nsite > ECS_MAX_SITES)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the platform is not initialised");
    long total = 0;
    for (size_t c = 0; c < p->nclass; c++) {
        const ecs_pe_class *q = &p->cls[c];
        if (q->count < 1 || q->site < 0 || q->site >= p->nsite ||
            q->first_pe != total || !isfinite(q->idle))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "PE class %zu is invalid: add classes with ecs_platform_add_class",
                                c);
        total += q->count;
    }
    if (p->nclass > 0 && total != p->pes)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the PE classes have %ld PEs, the platform %d",
                            total, p->pes);
    return ECS_OK;
}
