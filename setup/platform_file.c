/* The extended platform on the command line (cli/run/platform_file.h). */
#include "ecsched/platform_file.h"

#include "ecsched/record.h"
#include "ecsched/slurm.h"
#include "ecsched/units.h"

#include "ecsched/listsched.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading the file ---- */

typedef struct pctx {
    const char *file;           /* as the messages name it */
    char dir[ECS_PLAT_PATH];   /* for relative paths, "" = cwd */
    ecs_diag *diag;
    const ecs_setup *m;
} pctx;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static ecs_result bad(const pctx *c, const char *key, const char *fmt, ...)
{
    char buf[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return ecs_diag_set(c->diag, ECS_EPARSE, c->file, 0, "%s: %s", key, buf);
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "a list";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "?";
}

/* Every key of o is one of known (NULL-terminated). */
static ecs_result only_keys(const pctx *c, const char *path, const json_t *o,
                            const char *const *known)
{
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)o, k, v) {
        int ok = 0;
        for (const char *const *q = known; *q != NULL && !ok; q++)
            ok = strcmp(*q, k) == 0;
        if (!ok) {
            char list[300] = "";
            size_t n = 0;
            for (const char *const *q = known; *q != NULL; q++)
                n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0,
                                      "%s%s", q == known ? "" : ", ", *q);
            char where[200];
            snprintf(where, sizeof where, "%s%s%s", path, path[0] ? "." : "", k);
            return bad(c, where, "unknown key (known here: %s)", list);
        }
    }
    return ECS_OK;
}

static void key_of(char *buf, size_t n, const char *path, const char *k)
{
    snprintf(buf, n, "%s%s%s", path, path[0] ? "." : "", k);
}

/* A number at o.k: 0 absent (default kept), 1 read, -1 error. */
static int get_num(const pctx *c, const char *path, const json_t *o,
                   const char *k, double lo, double hi, double *out)
{
    json_t *v = json_object_get(o, k);
    if (v == NULL)
        return 0;
    char key[200];
    key_of(key, sizeof key, path, k);
    if (!json_is_number(v))
        return bad(c, key, "needs a number, not %s", type_name(v)), -1;
    double x = json_number_value(v);
    if (!(x >= lo && x <= hi))
        return bad(c, key, "must be from %g to %g, not %g", lo, hi, x), -1;
    *out = x;
    return 1;
}

static int get_str(const pctx *c, const char *path, const json_t *o,
                   const char *k, const char **out)
{
    json_t *v = json_object_get(o, k);
    if (v == NULL)
        return 0;
    char key[200];
    key_of(key, sizeof key, path, k);
    if (!json_is_string(v) || json_string_length(v) == 0)
        return bad(c, key, "needs a non-empty string, not %s",
                   json_is_string(v) ? "\"\"" : type_name(v)),
               -1;
    *out = json_string_value(v);
    return 1;
}

/* A name: 1..ECS_NAME_MAX-1 characters. */
static int get_name(const pctx *c, const char *path, const json_t *o,
                    char *out)
{
    const char *s;
    int r = get_str(c, path, o, "name", &s);
    char key[200];
    key_of(key, sizeof key, path, "name");
    if (r == 0)
        return bad(c, key, "is missing"), -1;
    if (r < 0)
        return -1;
    if (strlen(s) >= ECS_NAME_MAX)
        return bad(c, key, "must be at most %d characters, not '%s'",
                   ECS_NAME_MAX - 1, s),
               -1;
    snprintf(out, ECS_NAME_MAX, "%s", s);
    return 1;
}

/* A file name relative to the platform file (built-in names as they are). */
static int resolve_path(const pctx *c, const char *key, const char *spec,
                        char *out)
{
    int n;
    if (ecs_prices_is_builtin(spec) || spec[0] == '/' || c->dir[0] == '\0')
        n = snprintf(out, ECS_PLAT_PATH, "%s", spec);
    else
        n = snprintf(out, ECS_PLAT_PATH, "%s/%s", c->dir, spec);
    if (n < 0 || n >= ECS_PLAT_PATH)
        return bad(c, key, "the path is longer than %d characters",
                   ECS_PLAT_PATH - 1),
               -1;
    return 0;
}

/* The loader keys of a series object and what they set. */
static const struct {
    const char *key;
    ecs_price_key pk;
} SERIES_KEYS[] = {
    {"column", ECS_PRICE_KEY_PRICE_COLUMN}, {"time_column", ECS_PRICE_KEY_TIME_COLUMN},
    {"filter", ECS_PRICE_KEY_FILTER},       {"utc_offset", ECS_PRICE_KEY_UTC_OFFSET},
    {"stamp", ECS_PRICE_KEY_STAMP},         {"fill", ECS_PRICE_KEY_FILL},
    {"start", ECS_PRICE_KEY_START},         {"unit", ECS_PRICE_KEY_UNIT},
};
#define NSERIES_KEYS (sizeof SERIES_KEYS / sizeof *SERIES_KEYS)

/*
 * A series at o (the object holding "file" and the loader keys, or, when
 * str_ok, a string: the file or built-in alone).  The loader options start
 * from the command's slot length, start and limits; the rest are the
 * series' own.
 */
static int read_series(const pctx *c, const char *path, const json_t *o,
                       int str_ok, int scale_ok, ecs_series_spec *out)
{
    memset(out, 0, sizeof *out);
    ecs_price_options_init(&out->opt);
    out->opt.slot_minutes = c->m->price_opt.slot_minutes;
    out->opt.no_repeat = c->m->price_opt.no_repeat;
    snprintf(out->opt.start, sizeof out->opt.start, "%s", c->m->price_opt.start);
    out->scale = 1.0;
    if (str_ok && json_is_string(o)) {
        if (json_string_length(o) == 0)
            return bad(c, path, "needs a file name or a built-in, not \"\""), -1;
        return resolve_path(c, path, json_string_value(o), out->spec);
    }
    if (!json_is_object(o))
        return bad(c, path, "needs %s, not %s",
                   str_ok ? "a file name or an object {\"file\": ...}"
                          : "an object",
                   type_name(o)),
               -1;
    const char *f;
    char key[200];
    int r = get_str(c, path, o, "file", &f);
    key_of(key, sizeof key, path, "file");
    if (r == 0)
        return bad(c, key, "is missing (the series' file, or a built-in)"), -1;
    if (r < 0 || resolve_path(c, key, f, out->spec) != 0)
        return -1;
    for (size_t q = 0; q < NSERIES_KEYS; q++) {
        const char *v;
        r = get_str(c, path, o, SERIES_KEYS[q].key, &v);
        if (r < 0)
            return -1;
        ecs_diag d;
        if (r > 0 && ecs_price_options_set(&out->opt, SERIES_KEYS[q].pk, v, &d) != ECS_OK) {
            key_of(key, sizeof key, path, SERIES_KEYS[q].key);
            return bad(c, key, "%s", d.msg), -1;
        }
    }
    if (scale_ok && get_num(c, path, o, "scale", 0, 1e12, &out->scale) < 0)
        return -1;
    return 0;
}

/* Keys a series object may have (besides the caller's own). */
#define SERIES_KEY_NAMES "file", "column", "time_column", "filter", "utc_offset", \
                         "stamp", "fill", "start", "unit"

static int read_site(const pctx *c, size_t i, const json_t *o, ecs_plat_spec *pl)
{
    char path[64];
    snprintf(path, sizeof path, "sites[%zu]", i);
    if (!json_is_object(o))
        return bad(c, path, "needs an object, not %s", type_name(o)), -1;
    static const char *const known[] = {"name", "prices", "sources", "power_cap_kw",
                                        "power_cap_file", NULL};
    if (only_keys(c, path, o, known) != ECS_OK)
        return -1;
    struct ecs_plat_site *s = &pl->site[i];
    if (get_name(c, path, o, s->name) < 0)
        return -1;
    for (size_t q = 0; q < i; q++)
        if (strcmp(pl->site[q].name, s->name) == 0)
            return bad(c, path, "the name '%s' is used by sites[%zu] too", s->name, q),
                   -1;
    json_t *pr = json_object_get(o, "prices");
    char key[200];
    if (pr != NULL) {
        key_of(key, sizeof key, path, "prices");
        if (json_is_object(pr)) {
            static const char *const pk[] = {SERIES_KEY_NAMES, "scale", NULL};
            if (only_keys(c, key, pr, pk) != ECS_OK)
                return -1;
        }
        if (read_series(c, key, pr, 1, 1, &s->prices) != 0)
            return -1;
        s->has_prices = 1;
    }
    s->cap_kw = -1;
    if (get_num(c, path, o, "power_cap_kw", 0, 1e12, &s->cap_kw) < 0)
        return -1;
    json_t *cf = json_object_get(o, "power_cap_file");
    if (cf != NULL) {
        key_of(key, sizeof key, path, "power_cap_file");
        if (s->cap_kw >= 0)
            return bad(c, key, "give power_cap_kw or power_cap_file, not both"), -1;
        if (json_is_object(cf)) {
            static const char *const ck[] = {SERIES_KEY_NAMES, "scale", NULL};
            if (only_keys(c, key, cf, ck) != ECS_OK)
                return -1;
        }
        if (read_series(c, key, cf, 1, 1, &s->cap) != 0)
            return -1;
    }
    json_t *src = json_object_get(o, "sources");
    if (src == NULL)
        return 0;
    key_of(key, sizeof key, path, "sources");
    if (!json_is_array(src))
        return bad(c, key, "needs a list, not %s", type_name(src)), -1;
    for (size_t j = 0; j < json_array_size(src); j++) {
        char sp[240];
        snprintf(sp, sizeof sp, "%.200s[%zu]", key, j);
        if (pl->nsource >= ECS_MAX_SOURCES)
            return bad(c, sp, "at most %d sources in all", ECS_MAX_SOURCES), -1;
        json_t *so = json_array_get(src, j);
        if (!json_is_object(so))
            return bad(c, sp, "needs an object, not %s", type_name(so)), -1;
        static const char *const sk[] = {"name", "price", "scale", SERIES_KEY_NAMES, NULL};
        if (only_keys(c, sp, so, sk) != ECS_OK)
            return -1;
        struct ecs_plat_source *u = &pl->source[pl->nsource];
        if (get_name(c, sp, so, u->name) < 0)
            return -1;
        for (size_t q = 0; q < pl->nsource; q++)
            if (strcmp(pl->source[q].name, u->name) == 0)
                return bad(c, sp, "the source name '%s' is used twice", u->name), -1;
        u->site = (int)i;
        u->price_mwh = 0;
        if (get_num(c, sp, so, "price", -1e9, 1e9, &u->price_mwh) < 0 ||
            read_series(c, sp, so, 0, 1, &u->volume) != 0)
            return -1;
        u->volume.opt.one_value_column = 1;
        pl->nsource++;
    }
    return 0;
}

/* "1,0.8,0.6" from a list of numbers with at most 6 decimals. */
static int read_freqs(const pctx *c, const json_t *a, char *list, size_t n)
{
    const char *key = "frequencies";
    if (!json_is_array(a) || json_array_size(a) == 0)
        return bad(c, key, "needs a non-empty list of numbers, such as [1, 0.8, 0.6, 0]"), -1;
    if (json_array_size(a) > ECS_MAX_FREQS)
        return bad(c, key, "at most %d frequencies", ECS_MAX_FREQS), -1;
    size_t k = 0;
    list[0] = '\0';
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *v = json_array_get(a, i);
        char kk[64];
        snprintf(kk, sizeof kk, "frequencies[%zu]", i);
        if (!json_is_number(v))
            return bad(c, kk, "needs a number, not %s", type_name(v)), -1;
        double f = json_number_value(v);
        char t[40];
        snprintf(t, sizeof t, "%.6f", f);
        if (!(fabs(f) < 1e6) || fabs(strtod(t, NULL) - f) > 1e-12)
            return bad(c, kk, "needs at most 6 decimals, not %.17g", f), -1;
        /* trim the zeros after the point */
        size_t e = strlen(t);
        while (e > 0 && t[e - 1] == '0')
            t[--e] = '\0';
        if (e > 0 && t[e - 1] == '.')
            t[--e] = '\0';
        k += (size_t)snprintf(list + k, k < n ? n - k : 0, "%s%s", i ? "," : "", t);
    }
    return k < n ? 0 : (bad(c, key, "too long"), -1);
}

/* A class's "nodes" (a name per PE, or one for them all) and
 * "cpu_freq_khz" (one per frequency above 0, or one per frequency with 0
 * at f = 0), for Slurm: checked; node[0..count-1] and khz[0..nfreq-1] get
 * them when not NULL (node entries point into o).  0 (absent keys give
 * nothing), -1 with the message. */
static int read_slurm_keys(const pctx *c, const char *path, const json_t *o,
                           int count, const ecs_platform *p,
                           const char **node, long *khz)
{
    char key[200];
    json_t *nv = json_object_get(o, "nodes");
    key_of(key, sizeof key, path, "nodes");
    if (nv != NULL) {
        size_t n = json_is_array(nv) ? json_array_size(nv) : 1;
        if (!json_is_array(nv) && !json_is_string(nv))
            return bad(c, key, "needs a list of %d node names (one per PE) or one "
                       "name for them all, not %s", count, type_name(nv)), -1;
        if (json_is_array(nv) && n != (size_t)count)
            return bad(c, key, "needs %d node names (one per PE of the class), "
                       "not %zu", count, n), -1;
        for (size_t q = 0; q < n; q++) {
            json_t *v = json_is_array(nv) ? json_array_get(nv, q) : nv;
            const char *s = json_is_string(v) ? json_string_value(v) : NULL;
            if (!ecs_slurm_name_ok(s))
                return bad(c, key, "[%zu] needs a node name (letters, digits, "
                           "'.', '_', '-'), not %s", q,
                           s ? (s[0] ? "this string" : "\"\"") : type_name(v)), -1;
        }
        for (int q = 0; node != NULL && q < count; q++)
            node[q] = json_string_value(json_is_array(nv) ? json_array_get(nv, (size_t)q) : nv);
    }
    json_t *kv = json_object_get(o, "cpu_freq_khz");
    key_of(key, sizeof key, path, "cpu_freq_khz");
    if (kv != NULL) {
        size_t busy = p->nfreq - (ecs_platform_has_zero(p) ? 1 : 0);
        size_t n = json_is_array(kv) ? json_array_size(kv) : 0;
        if (!json_is_array(kv) || (n != busy && n != p->nfreq))
            return bad(c, key, "needs a list of kHz, one per frequency above 0 "
                       "(%zu), not %s%zu", busy, json_is_array(kv) ? "" : "a non-list ",
                       n), -1;
        for (size_t q = 0; q < n; q++) {
            json_t *v = json_array_get(kv, q);
            double x = json_is_number(v) ? json_number_value(v) : -1;
            int zero = p->freq_q[q] == 0;
            if (!(zero ? x == 0 : (x >= 1 && x <= 1e9 && x == floor(x))))
                return bad(c, key, "[%zu] (f = %s) needs %s, not %s", q,
                           p->freq_text[q], zero ? "0" : "a whole number of kHz "
                           "from 1 to 1e9", json_is_number(v) ? "that" : type_name(v)), -1;
            if (khz != NULL)
                khz[q] = (long)x;
        }
    }
    return 0;
}

/* A class as given: its power before conversion to kWh per slot. */
typedef struct class_in {
    ecs_pe_class c;
    int speed_is_f;      /* speed = f exactly (a scalar 1) */
    int power_model;     /* 1: {"quadratic": W} or {"static": W, ...} */
    char power_text[32]; /* its --power spelling */
    double watts_top;    /* W */
} class_in;

static int read_class(const pctx *c, size_t i, const json_t *o,
                      const ecs_plat_spec *pl, ecs_platform *p, class_in *ci)
{
    char path[64], key[200];
    snprintf(path, sizeof path, "classes[%zu]", i);
    memset(ci, 0, sizeof *ci);
    if (!json_is_object(o))
        return bad(c, path, "needs an object, not %s", type_name(o)), -1;
    static const char *const known[] = {"name", "count", "site", "speed", "watts",
                                        "idle_watts", "nodes", "cpu_freq_khz", NULL};
    if (only_keys(c, path, o, known) != ECS_OK)
        return -1;
    ecs_pe_class *k = &ci->c;
    if (get_name(c, path, o, k->name) < 0)
        return -1;
    double cnt = 0;
    int r = get_num(c, path, o, "count", 1, 100000, &cnt);
    key_of(key, sizeof key, path, "count");
    if (r == 0)
        return bad(c, key, "is missing (the number of PEs of the class)"), -1;
    if (r < 0)
        return -1;
    if (cnt != floor(cnt))
        return bad(c, key, "needs a whole number, not %g", cnt), -1;
    k->count = (int)cnt;
    if (read_slurm_keys(c, path, o, k->count, p, NULL, NULL) != 0)
        return -1;
    const char *site = NULL;
    r = get_str(c, path, o, "site", &site);
    if (r < 0)
        return -1;
    key_of(key, sizeof key, path, "site");
    if (r == 0 && pl->nsite > 1)
        return bad(c, key, "is missing (the platform has %d sites)", pl->nsite), -1;
    k->site = 0;
    if (r > 0) {
        k->site = -1;
        for (int s = 0; s < pl->nsite; s++)
            if (strcmp(pl->site[s].name, site) == 0)
                k->site = s;
        if (k->site < 0)
            return bad(c, key, "no site is named '%s'", site), -1;
    }
    /* speed: a factor of f, or one value per frequency */
    json_t *sv = json_object_get(o, "speed");
    key_of(key, sizeof key, path, "speed");
    if (sv == NULL || json_is_number(sv)) {
        double s = sv ? json_number_value(sv) : 1.0;
        if (!(s > 0 && s <= 1000))
            return bad(c, key, "must be above 0 and at most 1000, not %g", s), -1;
        ci->speed_is_f = s == 1.0;
        for (size_t q = 0; q < p->nfreq; q++) {
            double v = round(s * p->freq[q] * 1e6) / 1e6;
            if (fabs(v - s * p->freq[q]) > 1e-9)
                return bad(c, key, "%g times f = %s has more than 6 decimals; give "
                           "one speed per frequency", s, p->freq_text[q]), -1;
            k->speed[q] = v;
        }
    } else if (json_is_array(sv)) {
        if (json_array_size(sv) != p->nfreq)
            return bad(c, key, "needs one speed per frequency (%zu), not %zu",
                       p->nfreq, json_array_size(sv)), -1;
        for (size_t q = 0; q < p->nfreq; q++) {
            json_t *v = json_array_get(sv, q);
            if (!json_is_number(v))
                return bad(c, key, "[%zu] needs a number, not %s", q, type_name(v)), -1;
            k->speed[q] = json_number_value(v);
        }
    } else {
        return bad(c, key, "needs a number (times f) or a list (one per "
                   "frequency), not %s", type_name(sv)), -1;
    }
    double idle = 0;
    if (get_num(c, path, o, "idle_watts", 0, 1e9, &idle) < 0)
        return -1;
    k->idle_watts = idle;
    json_t *wv = json_object_get(o, "watts");
    key_of(key, sizeof key, path, "watts");
    if (wv == NULL)
        return bad(c, key, "is missing (a list, one per frequency above 0, or "
                   "{\"quadratic\": W} or {\"static\": W, \"share\": S})"), -1;
    if (json_is_array(wv)) {
        size_t busy = p->nfreq - (ecs_platform_has_zero(p) ? 1 : 0);
        size_t n = json_array_size(wv);
        if (n != busy && n != p->nfreq)
            return bad(c, key, "needs one value per frequency above 0 (%zu), not %zu",
                       busy, n), -1;
        for (size_t q = 0; q < n; q++) {
            json_t *v = json_array_get(wv, q);
            if (!json_is_number(v) || !(json_number_value(v) >= 0 &&
                                        json_number_value(v) <= 1e9))
                return bad(c, key, "[%zu] needs a number of watts from 0 to 1e9", q), -1;
            k->watts[q] = json_number_value(v);
        }
        if (n < p->nfreq)
            k->watts[p->nfreq - 1] = idle;
        else if (ecs_platform_has_zero(p) &&
                 fabs(k->watts[p->nfreq - 1] - idle) > 1e-9 * (1.0 + idle))
            /* a PE at f = 0 draws its idle power (docs/MODEL.md "PE
             * classes"): another value would be replaced, not used */
            return bad(c, key, "[%zu] gives %g W at f = 0, but a PE at f = 0 "
                       "draws its idle_watts %g: give %zu values (f > 0 only) "
                       "or %g at f = 0", p->nfreq - 1, k->watts[p->nfreq - 1],
                       idle, busy, idle), -1;
        for (size_t q = 0; q < p->nfreq; q++)
            if (p->freq_q[q] > 0 && k->watts[q] < idle)
                return bad(c, key, "%g W at f = %s is below idle_watts %g",
                           k->watts[q], p->freq_text[q], idle), -1;
    } else if (json_is_object(wv)) {
        static const char *const wk[] = {"quadratic", "static", "share", NULL};
        if (only_keys(c, key, wv, wk) != ECS_OK)
            return -1;
        double w = 0, share = 0;
        int quad = get_num(c, key, wv, "quadratic", 0, 1e9, &w);
        int stat = quad == 0 ? get_num(c, key, wv, "static", 0, 1e9, &w) : 0;
        if (quad < 0 || stat < 0)
            return -1;
        if (quad > 0 && json_object_get(wv, "static") != NULL)
            return bad(c, key, "give quadratic or static, not both"), -1;
        if (quad == 0 && stat == 0)
            return bad(c, key, "needs {\"quadratic\": W} or {\"static\": W, \"share\": S}"), -1;
        if (get_num(c, key, wv, "share", 0, 1, &share) < 0)
            return -1;
        if (quad > 0 && json_object_get(wv, "share") != NULL)
            return bad(c, key, "share goes with static, not quadratic"), -1;
        if (!(w > 0))
            return bad(c, key, "needs the watts at f = 1 above 0"), -1;
        if (w < idle)
            return bad(c, key, "%g W at f = 1 is below idle_watts %g", w, idle), -1;
        ecs_platform tmp = *p;
        char spec[40];
        if (quad > 0)
            snprintf(spec, sizeof spec, "quadratic");
        else
            snprintf(spec, sizeof spec, "static:%.6g", share);
        ecs_diag d;
        if (ecs_platform_set_power(&tmp, spec, &d) != ECS_OK)
            return bad(c, key, "%s", d.msg), -1;
        /* idle plus the model's share of the rest: W at f = 1, idle at 0 */
        for (size_t q = 0; q < p->nfreq; q++)
            k->watts[q] = p->freq_q[q] == 0 ? idle : idle + (w - idle) * tmp.power_of[q];
        ci->power_model = 1;
        snprintf(ci->power_text, sizeof ci->power_text, "%s", tmp.power_text);
        ci->watts_top = w;
    } else {
        return bad(c, key, "needs a list or an object, not %s", type_name(wv)), -1;
    }
    return 0;
}

/* Energies of class k in kWh per slot from its watts. */
static void to_kwh(ecs_pe_class *k, size_t nfreq, int slot_minutes)
{
    double h = slot_minutes / 60.0;
    for (size_t q = 0; q < nfreq; q++)
        k->power_of[q] = k->watts[q] * h / 1000.0;
    k->idle = k->idle_watts * h / 1000.0;
}

static ecs_result add_class(const pctx *c, size_t i, ecs_platform *p,
                            const ecs_pe_class *k)
{
    ecs_diag d;
    if (ecs_platform_add_class(p, k, &d) != ECS_OK) {
        char key[64];
        snprintf(key, sizeof key, "classes[%zu]", i);
        return bad(c, key, "%s", d.msg);
    }
    return ECS_OK;
}

/* The platform file, parsed into m. */
static ecs_result read_file(ecs_setup *m, const char *path, ecs_diag *diag)
{
    pctx c = {path, "", diag, m};
    const char *slash = strrchr(path, '/');
    if (slash != NULL)
        snprintf(c.dir, sizeof c.dir, "%.*s", (int)(slash - path), path);
    if (slash == path)
        snprintf(c.dir, sizeof c.dir, "/");
    json_t *root = NULL;
    ecs_result rc;
    if (m->platform_text != NULL) {
        c.dir[0] = '\0';
        rc = ecs_limits_check(&m->limits, ECS_LIMIT_INPUT_BYTES,
                              (double)m->platform_len, path, 0,
                              "the platform has bytes:", diag);
        if (rc == ECS_OK)
            rc = ecs_json_parse(m->platform_text, m->platform_len, path,
                                &root, diag);
    } else {
        rc = ecs_json_load(path, &m->limits, &root, diag);
    }
    if (rc != ECS_OK)
        return rc;
    ecs_plat_spec *pl = &m->plat;
    class_in *ci = NULL;
    rc = ECS_EPARSE;
    if (!json_is_object(root)) {
        bad(&c, "(top)", "needs an object {\"classes\": [...], ...}, not %s", type_name(root));
        goto out;
    }
    static const char *const known[] = {"frequencies", "slot_minutes", "sites", "classes",
                                        "$schema", "description", NULL};
    if (only_keys(&c, "", root, known) != ECS_OK)
        goto out;
    /* the slot length first: the series and the energies depend on it */
    double sm = 0;
    int r = get_num(&c, "", root, "slot_minutes", 1, 1440, &sm);
    if (r < 0)
        goto out;
    if (r > 0) {
        if (sm != floor(sm)) {
            bad(&c, "slot_minutes", "needs a whole number of minutes, not %g", sm);
            goto out;
        }
        if (m->slot_minutes_given && (int)sm != m->price_opt.slot_minutes) {
            bad(&c, "slot_minutes", "is %d, but --slot-minutes gives %d: give one",
                (int)sm, m->price_opt.slot_minutes);
            goto out;
        }
        m->price_opt.slot_minutes = (int)sm;
        m->slot_minutes_given = 1;
    }
    json_t *fr = json_object_get(root, "frequencies");
    if (fr != NULL) {
        char list[ECS_MAX_FREQS * 16];
        if (m->freqs_given) {
            bad(&c, "frequencies", "the file and --freqs both give them: give one");
            goto out;
        }
        if (read_freqs(&c, fr, list, sizeof list) != 0)
            goto out;
        ecs_diag d;
        if (ecs_platform_set_freqs(&m->platform, list, &d) != ECS_OK) {
            bad(&c, "frequencies", "%s", d.msg);
            goto out;
        }
    }
    json_t *sites = json_object_get(root, "sites");
    if (sites != NULL) {
        if (!json_is_array(sites) || json_array_size(sites) == 0) {
            bad(&c, "sites", "needs a non-empty list of sites, not %s", type_name(sites));
            goto out;
        }
        if (json_array_size(sites) > ECS_MAX_SITES) {
            bad(&c, "sites", "at most %d sites, not %zu", ECS_MAX_SITES,
                json_array_size(sites));
            goto out;
        }
        pl->nsite = (int)json_array_size(sites);
        for (size_t i = 0; i < json_array_size(sites); i++)
            if (read_site(&c, i, json_array_get(sites, i), pl) != 0)
                goto out;
    } else {
        pl->nsite = 1;
        snprintf(pl->site[0].name, sizeof pl->site[0].name, "site");
        pl->site[0].cap_kw = -1;
    }
    for (int s = 0; s < pl->nsite; s++)
        if (pl->site[s].has_prices && m->prices_spec != NULL) {
            bad(&c, "sites", "site '%s' has its prices and --prices gives some: "
                "give one (a site without \"prices\" takes --prices)", pl->site[s].name);
            goto out;
        }
    json_t *cls = json_object_get(root, "classes");
    if (cls == NULL) {
        bad(&c, "classes", "is missing (a list of PE classes)");
        goto out;
    }
    if (!json_is_array(cls) || json_array_size(cls) == 0) {
        bad(&c, "classes", "needs a non-empty list of classes, not %s", type_name(cls));
        goto out;
    }
    size_t ncls = json_array_size(cls);
    if (ncls > ECS_MAX_CLASSES) {
        bad(&c, "classes", "at most %d classes, not %zu", ECS_MAX_CLASSES, ncls);
        goto out;
    }
    ci = calloc(ncls, sizeof *ci);
    if (ci == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < ncls; i++) {
        if (read_class(&c, i, json_array_get(cls, i), pl, &m->platform, &ci[i]) != 0)
            goto out;
        for (size_t q = 0; q < i; q++)
            if (strcmp(ci[q].c.name, ci[i].c.name) == 0) {
                bad(&c, "classes", "the name '%s' is used by classes[%zu] and [%zu]",
                    ci[i].c.name, q, i);
                goto out;
            }
    }
    /* the paper's platform, byte for byte: one class, one site, nothing
     * beyond -p, --power, --watts and --prices */
    const struct ecs_plat_site *s0 = &pl->site[0];
    if (ncls == 1 && pl->nsite == 1 && pl->nsource == 0 && s0->cap_kw < 0 &&
        s0->cap.spec[0] == '\0' && ci[0].speed_is_f && ci[0].power_model &&
        ci[0].c.idle_watts == 0) {
        ecs_diag d;
        if (ecs_platform_set_pes(&m->platform, ci[0].c.count, &d) != ECS_OK ||
            ecs_platform_set_power(&m->platform, ci[0].power_text, &d) != ECS_OK) {
            bad(&c, "classes[0]", "%s", d.msg);
            goto out;
        }
        m->watts = ci[0].watts_top;
        /* the file says them (validate takes no PE count from a document) */
        m->pes_given = m->power_given = 1;
        m->freqs_given |= fr != NULL;
        if (s0->has_prices) {
            /* the site's prices become --prices with its loader options;
             * its spec lives in m->plat */
            m->prices_spec = s0->prices.spec;
            m->price_opt = s0->prices.opt;
        }
        pl->on = 0;
        rc = ECS_OK;
        goto out;
    }
    for (int s = 0; s < pl->nsite; s++) {
        int idx;
        ecs_diag d;
        if (ecs_platform_add_site(&m->platform, pl->site[s].name, &idx, &d) != ECS_OK) {
            char key[64];
            snprintf(key, sizeof key, "sites[%d]", s);
            bad(&c, key, "%s", d.msg);
            goto out;
        }
    }
    for (size_t i = 0; i < ncls; i++) {
        to_kwh(&ci[i].c, m->platform.nfreq, m->price_opt.slot_minutes);
        if (add_class(&c, i, &m->platform, &ci[i].c) != ECS_OK)
            goto out;
    }
    pl->on = 1;
    rc = ECS_OK;
out:
    free(ci);
    json_decref(root);
    return rc;
}

/* The one class and site of --watts W:IDLE, --green and --power-cap. */
static ecs_result shortcuts(ecs_setup *m, ecs_diag *diag)
{
    const char *flag = m->green_path ? "--green" : m->power_cap_kw >= 0 ? "--power-cap"
                                                                         : "--watts W:IDLE";
    if (!(m->watts > 0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "%s needs --watts W (the watts of one PE at f = 1, "
                            "and W:IDLE for its idle draw): energies in kWh",
                            flag);
    ecs_plat_spec *pl = &m->plat;
    class_in ci;
    memset(&ci, 0, sizeof ci);
    snprintf(ci.c.name, sizeof ci.c.name, "pe");
    ci.c.count = m->platform.pes;
    double idle = m->idle_watts > 0 ? m->idle_watts : 0;
    if (idle > m->watts)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--watts %g:%g: the idle draw is above the watts at f = 1",
                            m->watts, idle);
    ci.c.idle_watts = idle;
    for (size_t q = 0; q < m->platform.nfreq; q++) {
        ci.c.speed[q] = m->platform.freq[q];
        ci.c.watts[q] = m->platform.freq_q[q] == 0
                            ? idle
                            : idle + (m->watts - idle) * m->platform.power_of[q];
    }
    pl->nsite = 1;
    snprintf(pl->site[0].name, sizeof pl->site[0].name, "site");
    pl->site[0].cap_kw = m->power_cap_kw;
    if (m->green_path != NULL) {
        struct ecs_plat_source *u = &pl->source[0];
        snprintf(u->name, sizeof u->name, "green");
        u->site = 0;
        u->price_mwh = m->green_price;
        ecs_price_options_init(&u->volume.opt);
        u->volume.opt.slot_minutes = m->price_opt.slot_minutes;
        u->volume.opt.no_repeat = m->price_opt.no_repeat;
        snprintf(u->volume.opt.start, sizeof u->volume.opt.start, "%s",
                 m->price_opt.start);
        u->volume.opt.one_value_column = 1;
        ecs_diag d;
        if (m->green_column != NULL &&
            ecs_price_options_set(&u->volume.opt, ECS_PRICE_KEY_PRICE_COLUMN,
                                  m->green_column, &d) != ECS_OK)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--green-column: %s",
                                d.msg);
        u->volume.scale = 1.0;
        char found[ECS_PLAT_PATH];
        if (snprintf(u->volume.spec, sizeof u->volume.spec, "%s",
                     ecs_prices_is_builtin(m->green_path)
                         ? m->green_path
                         : ecs_setup_find(m, m->green_path, found, sizeof found)) >=
            (int)sizeof u->volume.spec)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--green: the path is too long");
        pl->nsource = 1;
    }
    ecs_diag d;
    if (ecs_platform_add_site(&m->platform, "site", &(int){0}, &d) != ECS_OK)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "%s", d.msg);
    to_kwh(&ci.c, m->platform.nfreq, m->price_opt.slot_minutes);
    if (ecs_platform_add_class(&m->platform, &ci.c, &d) != ECS_OK)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "--watts: %s", d.msg);
    pl->on = 1;
    return ECS_OK;
}

ecs_result ecs_plat_resolve(ecs_setup *m, ecs_diag *diag)
{
    int shortcut = m->idle_watts > 0 || m->green_path != NULL || m->power_cap_kw >= 0;
    if (m->green_price_given && m->green_path == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--green-price needs --green FILE");
    if (m->green_column != NULL && m->green_path == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--green-column needs --green FILE");
    if (m->plat.resolved || m->plat.on || m->platform.nclass > 0)
        return ECS_OK; /* resolved before (a batch case's copy) */
    m->plat.resolved = 1;
    int file = m->platform_path != NULL || m->platform_text != NULL;
    if (!file && !shortcut)
        return ECS_OK;
    m->plat.flags = m->platform;
    if (!file)
        return shortcuts(m, diag);
    const char *clash = m->pes_given           ? "-p"
                        : m->power_given       ? "--power"
                        : m->watts > 0         ? "--watts"
                        : m->green_path        ? "--green"
                        : m->power_cap_kw >= 0 ? "--power-cap"
                                               : NULL;
    if (clash != NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "give %s or --platform, not both (the platform "
                            "file says it: classes, watts, sources, power caps)",
                            clash);
    char found[ECS_PLAT_PATH];
    const char *name = m->platform_path ? m->platform_path : "(memory)";
    const char *path = m->platform_text != NULL
                           ? name
                           : ecs_setup_find(m, name, found, sizeof found);
    snprintf(m->plat.path, sizeof m->plat.path, "%s", path);
    ecs_result rc = read_file(m, m->plat.path, diag);
    if (rc != ECS_OK)
        return rc;
    uint64_t h;
    if (m->platform_text != NULL)
        h = ecs_record_fnv_bytes(m->platform_text, m->platform_len);
    else if (ecs_record_fnv_file(m->plat.path, &h, diag) != 0)
        return ECS_EIO;
    snprintf(m->plat.hash, sizeof m->plat.hash, "fnv1a64:%016llx",
             (unsigned long long)h);
    return ECS_OK;
}

ecs_result ecs_plat_set_pes(ecs_setup *m, int pes, ecs_diag *diag)
{
    if (!m->plat.on || m->plat.path[0] != '\0')
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the platform file gives the PEs");
    m->platform = m->plat.flags;
    m->plat.on = 0;
    m->plat.resolved = 0;
    m->plat.nsource = 0;
    ecs_result rc = ecs_platform_set_pes(&m->platform, pes, diag);
    return rc == ECS_OK ? ecs_plat_resolve(m, diag) : rc;
}

/* ---- the series on the slot grid ---- */

/* One pass of a series (original units) and what it says. */
typedef struct pass {
    ecs_price_series s;
    ecs_price_resampled r;
} pass;

static void pass_release(pass *p)
{
    ecs_price_resampled_release(&p->r);
    ecs_price_series_release(&p->s);
}

/* Load spec on the grid of site 0 (start at first_utc when the series
 * has times and no start of its own). */
static ecs_result load_pass(const ecs_setup *m, const ecs_series_spec *sp,
                            const char *what, long long first_utc,
                            size_t nslots, pass *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    ecs_price_options o = sp->opt;
    o.limits = &m->limits;
    o.slot_minutes = m->price_opt.slot_minutes;
    ecs_result rc = ecs_prices_load(sp->spec, &o, &out->s, diag);
    if (rc == ECS_OK && first_utc != 0 && o.start[0] == '\0' &&
        out->s.kind == ECS_PRICE_DATA && !out->s.untimed && out->s.n > 0) {
        /* on site 0's grid: its first slot must be in the series (no
         * --start of the user's to name) */
        const ecs_price_point *z = &out->s.pt[out->s.n - 1];
        long long a = out->s.pt[0].start, b = z->start + z->minutes * 60LL;
        if (first_utc < a || first_utc >= b) {
            char t0[32], ta[32], tb[32];
            ecs_prices_time_format(first_utc, t0, sizeof t0);
            ecs_prices_time_format(a, ta, sizeof ta);
            ecs_prices_time_format(b, tb, sizeof tb);
            rc = ecs_diag_set(diag, ECS_EINVAL, sp->spec, 0,
                              "%s: the series (%s to %s) does not cover the "
                              "first slot, %s (where the prices start, and "
                              "every series with them): give %s",
                              what, ta, tb, t0,
                              m->plat.path[0] == '\0'
                                  ? "--prices of the series' days"
                                  : "prices of the series' days, or the "
                                    "series its own \"start\"");
        }
        ecs_prices_time_format(first_utc, o.start, sizeof o.start);
    }
    if (rc == ECS_OK)
        rc = ecs_prices_resample(&out->s, &o, nslots, &out->r, diag);
    if (rc == ECS_OK && out->r.m == 0)
        rc = ecs_diag_set(diag, ECS_EINVAL, sp->spec, 0, "%s: no values", what);
    if (rc == ECS_OK && nslots > out->r.m && !out->r.periodic && o.no_repeat)
        rc = ecs_diag_set(diag, ECS_EINVAL, sp->spec, 0,
                          "%s: the series covers %zu slots, fewer than the %zu "
                          "needed (--no-repeat)", what, out->r.m, nslots);
    if (rc != ECS_OK) {
        /* name what the series is for */
        if (strstr(diag->msg, what) == NULL) {
            char msg[sizeof diag->msg];
            snprintf(msg, sizeof msg, "%.100s: %.400s", what, diag->msg);
            snprintf(diag->msg, sizeof diag->msg, "%s", msg);
        }
        pass_release(out);
    }
    return rc;
}

/* n values of the pass, repeated, times f (malloc). */
static double *spread(const pass *p, size_t n, double f)
{
    double *v = malloc((n ? n : 1) * sizeof *v);
    for (size_t l = 0; v && l < n; l++)
        v[l] = p->r.value[l % p->r.m] * f;
    return v;
}

void ecs_ext_release(ecs_ext *ext)
{
    if (ext == NULL)
        return;
    for (int s = 1; s < ECS_MAX_SITES; s++)
        free(ext->price[s]);
    for (int s = 0; s < ECS_MAX_SITES; s++)
        free(ext->cap[s]);
    for (size_t j = 0; j < ECS_MAX_SOURCES; j++)
        free(ext->volume[j]);
    memset(ext, 0, sizeof *ext);
}

ecs_result ecs_plat_load(const ecs_setup *m, size_t nslots,
                          ecs_slot_prices *sp0, ecs_ext *ext,
                          ecs_diag *diag)
{
    /* both are outputs: released below on an error, so never garbage */
    memset(ext, 0, sizeof *ext);
    memset(sp0, 0, sizeof *sp0);
    if (!m->plat.on)
        return ecs_setup_load_prices(m, nslots, sp0, diag);
    if (m->prices_text != NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "an extended platform reads its sites' prices "
                            "from files or built-ins, not from prices in "
                            "memory");
    const ecs_plat_spec *pl = &m->plat;
    ecs_result rc = ecs_check_slots(&m->limits, (long long)nslots, NULL,
                                     "the horizon", diag);
    if (rc != ECS_OK)
        return rc;
    pass pp[ECS_MAX_SITES];
    memset(pp, 0, sizeof pp);
    int npass = 0;
    /* every site's prices: its own, else the command's --prices */
    char found[4096];
    for (int s = 0; rc == ECS_OK && s < pl->nsite; s++) {
        ecs_series_spec cmdp;
        const ecs_series_spec *sp = &pl->site[s].prices;
        if (!pl->site[s].has_prices) {
            const char *spec = m->prices_spec ? m->prices_spec : ECS_DEFAULT_PRICES;
            if (!ecs_prices_is_builtin(spec))
                spec = ecs_setup_find(m, spec, found, sizeof found);
            memset(&cmdp, 0, sizeof cmdp);
            snprintf(cmdp.spec, sizeof cmdp.spec, "%s", spec);
            cmdp.opt = m->price_opt;
            cmdp.scale = 1;
            sp = &cmdp;
        }
        char what[80];
        snprintf(what, sizeof what, "prices of site '%s'", pl->site[s].name);
        rc = load_pass(m, sp, what, s > 0 ? pp[0].r.first_utc : 0, nslots, &pp[s], diag);
        if (rc == ECS_OK) {
            npass = s + 1;
            for (size_t l = 0; l < pp[s].r.m; l++)
                pp[s].r.value[l] *= sp->scale;
            snprintf(ext->price_source[s], sizeof ext->price_source[s], "%s", sp->spec);
            if (s > 0 && pp[s].s.unit[0] && pp[0].s.unit[0] &&
                strcmp(pp[s].s.unit, pp[0].s.unit) != 0)
                rc = ecs_diag_set(diag, ECS_EINVAL, sp->spec, 0,
                                  "the prices of site '%s' are in %s, those of "
                                  "site '%s' in %s: every site needs one currency",
                                  pl->site[s].name, pp[s].s.unit, pl->site[0].name,
                                  pp[0].s.unit);
        }
        if (rc == ECS_OK && s == 0) {
            ecs_price_options o = sp->opt;
            o.limits = &m->limits;
            rc = ecs_prices_slots(&pp[0].s, &pp[0].r, &o, nslots, sp0, diag);
        }
    }
    if (rc == ECS_OK) {
        /* one factor over every site's pass */
        size_t tot = 0;
        for (int s = 0; s < pl->nsite; s++)
            tot += pp[s].r.m;
        double *all = malloc(tot * sizeof *all);
        if (all == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        size_t k = 0;
        for (int s = 0; all && s < pl->nsite; s++)
            for (size_t l = 0; l < pp[s].r.m; l++)
                all[k++] = pp[s].r.value[l];
        ext->normalized_by = all ? ecs_prices_norm_factor(all, tot) : 1;
        free(all);
    }
    for (int s = 0; rc == ECS_OK && s < pl->nsite; s++) {
        double *v = s == 0 ? sp0->price : spread(&pp[s], nslots, 1.0);
        if (v == NULL) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            break;
        }
        for (size_t l = 0; l < nslots; l++)
            v[l] = pp[s].r.value[l % pp[s].r.m] / ext->normalized_by;
        ext->price[s] = v;
        ext->site[s].price = v;
    }
    if (rc == ECS_OK) {
        sp0->normalized_by = ext->normalized_by;
        if (!sp0->repeated)
            for (int s = 1; s < pl->nsite; s++)
                sp0->repeated |= nslots > pp[s].r.m && !pp[s].r.periodic;
    }
    for (int s = 0; s < npass; s++)
        pass_release(&pp[s]);
    double hours = m->price_opt.slot_minutes / 60.0;
    long long first = sp0->first_utc;
    /* caps: kW times the slot's hours */
    for (int s = 0; rc == ECS_OK && s < pl->nsite; s++) {
        const struct ecs_plat_site *st = &pl->site[s];
        if (st->cap_kw >= 0) {
            ext->cap[s] = malloc(nslots * sizeof(double));
            if (ext->cap[s] == NULL)
                rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            for (size_t l = 0; ext->cap[s] && l < nslots; l++)
                ext->cap[s][l] = st->cap_kw * hours;
        } else if (st->cap.spec[0] != '\0') {
            pass p;
            char what[80];
            snprintf(what, sizeof what, "power cap of site '%s'", st->name);
            rc = load_pass(m, &st->cap, what, first, nslots, &p, diag);
            if (rc == ECS_OK) {
                ext->cap[s] = spread(&p, nslots, st->cap.scale * hours);
                for (size_t l = 0; ext->cap[s] && rc == ECS_OK && l < nslots; l++)
                    if (!(ext->cap[s][l] >= 0))
                        rc = ecs_diag_set(diag, ECS_EINVAL, st->cap.spec, 0,
                                          "%s: slot %zu has %g kW, not a power >= 0",
                                          what, l, ext->cap[s][l] / hours);
                if (ext->cap[s] == NULL && rc == ECS_OK)
                    rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
                pass_release(&p);
            }
        }
        ext->site[s].cap = ext->cap[s];
    }
    /* sources: kWh per point of the series, as mean power over a slot */
    for (size_t j = 0; rc == ECS_OK && j < pl->nsource; j++) {
        const struct ecs_plat_source *u = &pl->source[j];
        pass p;
        char what[80];
        snprintf(what, sizeof what, "source '%s'", u->name);
        rc = load_pass(m, &u->volume, what, first, nslots, &p, diag);
        if (rc == ECS_EPARSE && strstr(diag->msg, "none is named as the one") != NULL) {
            size_t k = strlen(diag->msg);
            snprintf(diag->msg + k, sizeof diag->msg - k, ": give %s",
                     pl->path[0] == '\0' ? "--green-column C"
                                         : "the source's \"column\"");
        }
        if (rc != ECS_OK)
            break;
        snprintf(ext->source_column[j], sizeof ext->source_column[j], "%s",
                 p.s.price_column);
        ext->source_column_guessed[j] = p.s.price_column_guessed;
        int res = p.s.kind == ECS_PRICE_DATA && p.s.resolution_minutes > 0
                      ? p.s.resolution_minutes
                      : m->price_opt.slot_minutes;
        double f = u->volume.scale * m->price_opt.slot_minutes / res;
        ext->volume[j] = spread(&p, nslots, f);
        pass_release(&p);
        if (ext->volume[j] == NULL) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            break;
        }
        for (size_t l = 0; rc == ECS_OK && l < nslots; l++)
            if (!(ext->volume[j][l] >= 0) || !isfinite(ext->volume[j][l]))
                rc = ecs_diag_set(diag, ECS_EINVAL, u->volume.spec, 0,
                                  "%s: slot %zu has %g kWh, not an energy >= 0",
                                  what, l, ext->volume[j][l]);
        ecs_source *src = &ext->source[j];
        snprintf(src->name, sizeof src->name, "%s", u->name);
        src->site = u->site;
        src->price = u->price_mwh / ext->normalized_by;
        src->volume = ext->volume[j];
    }
    ext->nsite = pl->nsite;
    ext->nsource = pl->nsource;
    ext->n = nslots;
    ext->on = 1;
    if (rc != ECS_OK) {
        ecs_ext_release(ext);
        ecs_slot_prices_release(sp0);
        memset(sp0, 0, sizeof *sp0);
    }
    return rc;
}

void ecs_ext_instance(const ecs_ext *ext, ecs_instance *inst)
{
    if (ext == NULL || !ext->on)
        return;
    inst->site = ext->site;
    inst->source = ext->source;
    inst->nsource = ext->nsource;
}

/* ---- documents ---- */

static int set(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

static json_t *num_list(const double *v, size_t n)
{
    json_t *a = json_array();
    for (size_t k = 0; a && k < n; k++)
        if (json_array_append_new(a, ecs_json_num(v[k])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

static json_t *series_json(const ecs_series_spec *sp)
{
    if (sp->spec[0] == '\0')
        return json_null();
    json_t *o = json_object();
    ecs_diag d;
    json_t *src = ecs_record_price_source(sp->spec, &sp->opt, &d);
    if (o == NULL || src == NULL || set(o, "source", src) ||
        set(o, "scale", ecs_json_num(sp->scale))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *ecs_plat_json(const ecs_setup *m)
{
    const ecs_plat_spec *pl = &m->plat;
    if (!pl->on)
        return json_null();
    const ecs_platform *p = &m->platform;
    json_t *o = json_object(), *sites = json_array(), *cls = json_array();
    int bad_ = o == NULL || sites == NULL || cls == NULL;
    for (int s = 0; !bad_ && s < pl->nsite; s++) {
        const struct ecs_plat_site *st = &pl->site[s];
        json_t *so = json_object(), *srcs = json_array();
        bad_ = so == NULL || srcs == NULL;
        for (size_t j = 0; !bad_ && j < pl->nsource; j++) {
            const struct ecs_plat_source *u = &pl->source[j];
            if (u->site != s)
                continue;
            json_t *uo = json_object();
            bad_ = uo == NULL || set(uo, "name", json_string(u->name)) ||
                   set(uo, "price_per_mwh", ecs_json_num(u->price_mwh)) ||
                   set(uo, "volume", series_json(&u->volume)) ||
                   json_array_append_new(srcs, uo) != 0;
        }
        bad_ = bad_ || set(so, "name", json_string(st->name)) ||
               set(so, "prices", st->has_prices ? series_json(&st->prices) : json_null()) ||
               set(so, "power_cap_kw", st->cap_kw >= 0 ? ecs_json_num(st->cap_kw) : json_null()) ||
               set(so, "power_cap_file", series_json(&st->cap)) ||
               set(so, "sources", srcs);
        if (bad_ && so == NULL)
            json_decref(srcs);
        bad_ = bad_ || json_array_append_new(sites, so) != 0;
    }
    for (size_t c = 0; !bad_ && c < p->nclass; c++) {
        const ecs_pe_class *k = &p->cls[c];
        json_t *co = json_object();
        bad_ = co == NULL || set(co, "name", json_string(k->name)) ||
               set(co, "count", json_integer(k->count)) ||
               set(co, "site", json_string(pl->site[k->site].name)) ||
               set(co, "first_pe", json_integer(k->first_pe)) ||
               set(co, "speed", num_list(k->speed, p->nfreq)) ||
               set(co, "watts", num_list(k->watts, p->nfreq)) ||
               set(co, "idle_watts", ecs_json_num(k->idle_watts)) ||
               set(co, "kwh_per_slot", num_list(k->power_of, p->nfreq)) ||
               json_array_append_new(cls, co) != 0;
    }
    bad_ = bad_ || set(o, "file", pl->path[0] ? ecs_json_text(pl->path) : json_null()) ||
           set(o, "hash", pl->hash[0] ? json_string(pl->hash) : json_null()) ||
           set(o, "slot_minutes", json_integer(m->price_opt.slot_minutes)) ||
           set(o, "freqs", num_list(p->freq, p->nfreq)) ||
           set(o, "sites", sites) || set(o, "classes", cls);
    if (bad_) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Money of a normalised cost: cost * normalized_by / 1000 when the
 * prices are per MWh (energies in kWh). */
static int money_of(const ecs_slot_prices *sp, double norm, double cost,
                    double *money, char *unit, size_t n)
{
    size_t k = sp ? strlen(sp->unit) : 0;
    if (k <= 4 || strcmp(sp->unit + k - 4, "/MWh") != 0 || !isfinite(cost))
        return 0;
    *money = cost * norm / 1000.0;
    snprintf(unit, n, "%.*s", (int)(k - 4), sp->unit);
    return 1;
}

json_t *ecs_ext_split_json(const ecs_instance *inst, const ecs_ext *ext,
                            const ecs_slot_prices *sp,
                            const ecs_schedule *s)
{
    if (ext == NULL || !ext->on || s == NULL)
        return json_null();
    ecs_energy_split e;
    ecs_diag d;
    if (ecs_check_energy_split(inst, s, &e, &d) != ECS_OK)
        return NULL;
    double money = NAN;
    char unit[32] = "";
    int hm = money_of(sp, ext->normalized_by, e.cost, &money, unit, sizeof unit);
    json_t *o = json_object(), *srcs = json_array();
    int bad_ = o == NULL || srcs == NULL;
    double green = 0;
    for (size_t j = 0; !bad_ && j < ext->nsource; j++) {
        double mj = NAN;
        char u2[32];
        int h2 = money_of(sp, ext->normalized_by, e.source_cost[j], &mj, u2, sizeof u2);
        green += e.source[j];
        json_t *uo = json_object();
        bad_ = uo == NULL || set(uo, "name", json_string(ext->source[j].name)) ||
               set(uo, "kwh", ecs_json_num(e.source[j])) ||
               set(uo, "cost", ecs_json_num(e.source_cost[j])) ||
               set(uo, "money", h2 ? ecs_json_num(mj) : json_null()) ||
               json_array_append_new(srcs, uo) != 0;
    }
    double gm = NAN;
    char u3[32];
    int h3 = money_of(sp, ext->normalized_by, e.grid_cost, &gm, u3, sizeof u3);
    bad_ = bad_ || set(o, "horizon", json_integer(e.horizon)) ||
           set(o, "kwh", ecs_json_num(e.total)) ||
           set(o, "base_load_kwh", ecs_json_num(e.idle)) ||
           set(o, "task_kwh", ecs_json_num(e.total - e.idle)) ||
           set(o, "grid_kwh", ecs_json_num(e.grid)) ||
           set(o, "grid_cost", ecs_json_num(e.grid_cost)) ||
           set(o, "grid_money", h3 ? ecs_json_num(gm) : json_null()) ||
           set(o, "green_kwh", ecs_json_num(green)) ||
           set(o, "green_share", e.total > 0 ? ecs_json_num(green / e.total) : json_null()) ||
           set(o, "cost", ecs_json_num(e.cost)) ||
           set(o, "money", hm ? ecs_json_num(money) : json_null()) ||
           set(o, "money_unit", hm ? json_string(unit) : json_null()) ||
           set(o, "normalized_by", ecs_json_num(ext->normalized_by)) ||
           set(o, "sources", srcs);
    if (bad_) {
        if (o == NULL)
            json_decref(srcs);
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *ecs_ext_slots_json(const ecs_instance *inst, const ecs_ext *ext,
                            const ecs_schedule *s)
{
    if (ext == NULL || !ext->on || s == NULL)
        return json_null();
    long h = ecs_check_horizon(inst, s);
    if (h > (long)ext->n)
        h = (long)ext->n;
    if (h < 0)
        h = 0;
    double *draw = malloc((size_t)(ext->nsite > 0 ? ext->nsite : 1) *
                          (size_t)(h > 0 ? h : 1) * sizeof *draw);
    json_t *a = json_array();
    int bad_ = draw == NULL || a == NULL;
    /* what every source gives in every slot: the cover of the draw */
    size_t ns = ext->nsource ? ext->nsource : 1;
    double *used = calloc(ns * (size_t)(h > 0 ? h : 1), sizeof *used);
    double part[ECS_MAX_SOURCES];
    bad_ = bad_ || used == NULL;
    if (!bad_)
        ecs_check_draw(inst, s, h, draw);
    for (int q = 0; !bad_ && q < ext->nsite; q++)
        for (long l = 0; l < h; l++) {
            ecs_instance_slot_cover(inst, q, l, draw[(size_t)q * (size_t)h + (size_t)l],
                                    part, NULL);
            for (size_t j = 0; j < ext->nsource; j++)
                if (ext->source[j].site == q)
                    used[j * (size_t)h + (size_t)l] = part[j];
        }
    for (int q = 0; !bad_ && q < ext->nsite; q++) {
        json_t *o = json_object(), *srcs = json_array();
        bad_ = o == NULL || srcs == NULL;
        for (size_t j = 0; !bad_ && j < ext->nsource; j++) {
            if (ext->source[j].site != q)
                continue;
            json_t *u = json_object();
            bad_ = u == NULL || set(u, "name", json_string(ext->source[j].name)) ||
                   set(u, "kwh_per_slot", num_list(ext->volume[j], (size_t)h)) ||
                   set(u, "used_kwh_per_slot", num_list(used + j * (size_t)h, (size_t)h)) ||
                   json_array_append_new(srcs, u) != 0;
        }
        bad_ = bad_ || set(o, "name", json_string(inst->platform->site_name[q])) ||
               set(o, "price_per_slot", num_list(ext->price[q], (size_t)h)) ||
               set(o, "cap_kwh_per_slot", ext->cap[q] ? num_list(ext->cap[q], (size_t)h)
                                                      : json_null()) ||
               set(o, "draw_kwh_per_slot", num_list(draw + (size_t)q * (size_t)h, (size_t)h)) ||
               set(o, "sources", srcs);
        if (bad_ && o == NULL)
            json_decref(srcs);
        bad_ = bad_ || json_array_append_new(a, o) != 0;
    }
    free(draw);
    free(used);
    if (bad_) {
        json_decref(a);
        return NULL;
    }
    return a;
}

void ecs_ext_split_text(const ecs_instance *inst, const ecs_ext *ext,
                         const ecs_slot_prices *sp, const ecs_schedule *s,
                         char *buf, size_t n)
{
    if (n > 0)
        buf[0] = '\0';
    ecs_energy_split e;
    ecs_diag d;
    if (ext == NULL || !ext->on || s == NULL ||
        ecs_check_energy_split(inst, s, &e, &d) != ECS_OK)
        return;
    size_t k = (size_t)snprintf(buf, n, "%.3f kWh (", e.total);
    double green = 0;
    for (size_t j = 0; j < ext->nsource && k < n; j++) {
        green += e.source[j];
        k += (size_t)snprintf(buf + k, n - k, "%s %.3f kWh, ", ext->source[j].name,
                              e.source[j]);
    }
    if (k < n)
        k += (size_t)snprintf(buf + k, n - k, "grid %.3f kWh; base load %.3f kWh",
                              e.grid, e.idle);
    if (k < n && ext->nsource > 0)
        k += (size_t)snprintf(buf + k, n - k, "; %.1f %% green",
                              e.total > 0 ? 100.0 * green / e.total : 0.0);
    double money;
    char unit[32];
    if (k < n)
        k += (size_t)snprintf(buf + k, n - k, ")");
    if (k < n && money_of(sp, ext->normalized_by, e.cost, &money, unit, sizeof unit))
        snprintf(buf + k, n - k, ", %.2f %s", money, unit);
    else if (k < n && sp != NULL && sp->unit[0] == '\0' && !ecs_prices_is_builtin(sp->source))
        snprintf(buf + k, n - k, ECS_MONEY_UNKNOWN_TEXT);
}

/* ---- what the file says for Slurm ---- */

void ecs_plat_slurm_release(ecs_plat_slurm *s)
{
    if (s == NULL)
        return;
    for (int q = 0; s->node != NULL && q < s->pes; q++)
        free(s->node[q]);
    free(s->node);
    free(s->khz);
    memset(s, 0, sizeof *s);
}

ecs_result ecs_plat_slurm_read(const ecs_setup *m, ecs_plat_slurm *out,
                               ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    if (m->platform_path == NULL)
        return ECS_OK;
    const char *path = m->platform_path;
    pctx c = {path, "", diag, m};
    json_t *root = NULL;
    ecs_result rc = m->platform_text != NULL
                        ? ecs_json_parse(m->platform_text, m->platform_len, path,
                                         &root, diag)
                        : ecs_json_load(path, &m->limits, &root, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_platform *p = &m->platform;
    json_t *cls = json_object_get(root, "classes");
    size_t ncls = json_array_size(cls);
    const char **node = calloc((size_t)p->pes + 1, sizeof *node);
    long *khz = calloc((ncls + 1) * ECS_MAX_FREQS, sizeof *khz);
    int nodes = 0, khzs = 0, first = 0;
    rc = node && khz ? ECS_OK : ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    for (size_t i = 0; rc == ECS_OK && i < ncls; i++) {
        json_t *o = json_array_get(cls, i);
        json_t *cnt = json_object_get(o, "count");
        int count = json_is_number(cnt) ? (int)json_number_value(cnt) : 0;
        char where[64];
        snprintf(where, sizeof where, "classes[%zu]", i);
        if (count < 1 || first + count > p->pes) {
            rc = bad(&c, where, "its count does not match the platform read");
            break;
        }
        if (read_slurm_keys(&c, where, o, count, p, node + first,
                            khz + i * ECS_MAX_FREQS) != 0) {
            rc = ECS_EPARSE;
            break;
        }
        json_t *nm = json_object_get(o, "name");
        const char *name = json_is_string(nm) ? json_string_value(nm) : where;
        if (json_object_get(o, "nodes") != NULL)
            nodes++;
        else if (out->missing_nodes[0] == '\0')
            snprintf(out->missing_nodes, sizeof out->missing_nodes, "%.*s", ECS_NAME_MAX - 1, name);
        if (json_object_get(o, "cpu_freq_khz") != NULL)
            khzs++;
        else if (out->missing_khz[0] == '\0')
            snprintf(out->missing_khz, sizeof out->missing_khz, "%.*s", ECS_NAME_MAX - 1, name);
        first += count;
    }
    out->pes = p->pes;
    out->nclass = (int)ncls;
    if (rc == ECS_OK && nodes > 0) {
        out->node = calloc((size_t)p->pes, sizeof *out->node);
        if (out->node == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
        for (int q = 0; rc == ECS_OK && q < p->pes; q++)
            if (node[q] != NULL && (out->node[q] = strdup(node[q])) == NULL)
                rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    }
    if (nodes == 0)
        out->missing_nodes[0] = '\0';
    if (khzs == 0)
        out->missing_khz[0] = '\0';
    if (rc == ECS_OK && khzs > 0) {
        out->khz = khz;
        khz = NULL;
    }
    free(node);
    free(khz);
    json_decref(root);
    if (rc != ECS_OK)
        ecs_plat_slurm_release(out);
    return rc;
}
