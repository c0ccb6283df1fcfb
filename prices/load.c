/* Loading a price SPEC: a built-in or a file; the whole pipeline. */
#include "internal.h"

#include "ecsched/text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ecs_price_series_release(ecs_price_series *s)
{
    if (s == NULL)
        return;
    free(s->pt);
    s->pt = NULL;
    s->n = 0;
}

ecs_result ecs_prices_read_buffer(const char *text, size_t len,
                                  const char *name,
                                  const ecs_price_options *opt,
                                  ecs_price_series *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->kind = ECS_PRICE_DATA;
    snprintf(out->source, sizeof out->source, "%s", name);
    ecs_result rc = ecs_price_options_validate(opt, diag);
    if (rc != ECS_OK)
        return rc;
    px_csv_table t;
    rc = px_csv_split(text, len, name, &t, diag);
    if (rc != ECS_OK)
        return rc;
    out->utf16 = t.utf16 != 0;
    px_columns k;
    rc = px_columns_find(&t, name, opt, &k, out, diag);
    if (rc == ECS_OK)
        rc = px_series_build(&t, &k, name, opt, out, diag);
    px_csv_table_free(&t);
    if (rc != ECS_OK)
        ecs_price_series_release(out);
    return rc;
}

ecs_result ecs_prices_read_file(const char *path, const ecs_price_options *opt,
                                ecs_price_series *out, ecs_diag *diag)
{
    char *text = NULL;
    size_t len = 0;
    memset(out, 0, sizeof *out);
    ecs_result rc = ecs_price_options_validate(opt, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_limits def;
    ecs_limits_init(&def);
    const ecs_limits *lim = opt->limits ? opt->limits : &def;
    rc = ecs_read_file(path, lim->max_input_bytes, &text, &len, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_prices_read_buffer(text, len, path, opt, out, diag);
    free(text);
    return rc;
}

ecs_result ecs_prices_load(const char *spec, const ecs_price_options *opt,
                           ecs_price_series *out, ecs_diag *diag)
{
    if (ecs_prices_is_builtin(spec))
        return ecs_prices_builtin(spec, out, diag);
    ecs_result rc = ecs_prices_read_file(spec, opt, out, diag);
    if (rc == ECS_EIO && diag != NULL && access(spec, F_OK) != 0) {
        ecs_diag_set(diag, ECS_EIO, spec, 0,
                     "no such file, and not a built-in price schedule (%s)",
                     ECS_PRICES_BUILTIN_NAMES);
    }
    return rc;
}

ecs_result ecs_prices_resolve(const char *spec, const ecs_price_options *opt,
                              size_t nslots, ecs_slot_prices *out,
                              ecs_diag *diag)
{
    ecs_price_series s;
    ecs_price_resampled r;
    memset(out, 0, sizeof *out);
    memset(&r, 0, sizeof r);
    ecs_result rc = ecs_prices_load(spec, opt, &s, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_prices_resample(&s, opt, nslots, &r, diag);
    if (rc == ECS_OK)
        rc = ecs_prices_slots(&s, &r, opt, nslots, out, diag);
    ecs_price_resampled_release(&r);
    ecs_price_series_release(&s);
    return rc;
}
