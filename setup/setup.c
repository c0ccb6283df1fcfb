/* The set-up of a problem: defaults, loading the graph and the prices,
 * the checks of sizes and horizons (ecsched/setup.h). */
#include "ecsched/setup.h"

#include "ecsched/stg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ecs_deadline_rule ecs_setup_deadline_rule(const ecs_setup *m)
{
    return m->deadline > 0 ? ECS_DEADLINE_GIVEN : ECS_DEADLINE_EXTENSION;
}

const char *ecs_setup_find(const ecs_setup *m, const char *path, char *buf,
                           size_t size)
{
    return m->find_file != NULL ? m->find_file(path, buf, size) : path;
}

void ecs_setup_init(ecs_setup *m)
{
    memset(m, 0, sizeof *m);
    ecs_platform_init(&m->platform);
    ecs_price_options_init(&m->price_opt);
    m->deadline = -1;
    m->format = ECS_STG_AUTO;
    ecs_limits_init(&m->limits);
    m->idle_watts = -1;
    m->rounding_tolerance = 0.01;
    m->power_cap_kw = -1;
}

void ecs_setup_graph_params(const ecs_setup *m, ecs_graph_read_params *p)
{
    ecs_graph_read_params_init(p);
    p->format = m->format;
    p->work_unit = m->work_unit;
    p->default_runtime_unit = 60.0 * m->price_opt.slot_minutes;
}

ecs_result ecs_setup_read_graph(const char *path, const ecs_setup *m,
                              ecs_graph **out, ecs_diag *diag)
{
    ecs_graph_read_params p;
    ecs_setup_graph_params(m, &p);
    char found[4096];
    if (strcmp(path, "-") != 0)
        path = ecs_setup_find(m, path, found, sizeof found);
    char *text = NULL;
    size_t len = 0;
    ecs_result rc = ecs_read_file(path, m->limits.max_input_bytes, &text, &len,
                                  diag);
    if (rc != ECS_OK)
        return rc;
    const char *name = strcmp(path, "-") == 0 ? "(stdin)" : path;
    if (m->work_unit_auto && m->work_unit <= 0) {
        /* --work-unit auto not resolved by the command (tool_work_unit_auto
         * says what it picks): the same pick, for this read */
        ecs_rounding r;
        p.work_unit = 0;
        rc = ecs_graph_auto_work_unit(text, len, name, &p,
                                      m->rounding_tolerance, &r, diag);
        p.work_unit = r.work_unit;
    }
    if (rc == ECS_OK)
        rc = ecs_graph_read_buffer(text, len, name, &p, out, diag);
    free(text);
    if (rc == ECS_OK) {
        rc = ecs_check_graph(&m->limits, *out, path, diag);
        if (rc != ECS_OK) {
            ecs_graph_free(*out);
            *out = NULL;
        }
    }
    return rc;
}

ecs_result ecs_setup_auto_work_unit(ecs_setup *m, const char *path,
                                    ecs_rounding *r, int *seconds,
                                    ecs_diag *diag)
{
    if (strcmp(path, "-") == 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--work-unit auto reads the graph more than "
                            "once: give a file, not standard input");
    char found[4096];
    const char *name = ecs_setup_find(m, path, found, sizeof found);
    char *text = NULL;
    size_t len = 0;
    ecs_result rc = ecs_read_file(name, m->limits.max_input_bytes, &text,
                                  &len, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_graph_read_params p;
    ecs_setup_graph_params(m, &p);
    p.work_unit = 0;
    rc = ecs_graph_auto_work_unit(text, len, name, &p, m->rounding_tolerance,
                                  r, diag);
    *seconds = ecs_graph_detect_format(text, len) == ECS_STG_WFFORMAT;
    free(text);
    if (rc == ECS_OK)
        m->work_unit = r->work_unit;
    return rc;
}

ecs_result ecs_setup_check_horizon(const ecs_setup *m, const ecs_graph *g,
                                 long deadline, ecs_diag *diag)
{
    const char *file = g->source ? g->source : NULL;
    long cp = ecs_graph_critical_path(g), total = 0;
    for (size_t i = 0; i < g->n; i++)
        total += g->work[i];
    long pes = m->platform.pes > 0 ? m->platform.pes : 1;
    long load = (total + pes - 1) / pes;
    const char *shrink =
        g->format == ECS_STG_WFFORMAT
            ? "a larger --work-unit (seconds per work unit; default: the slot "
              "length) or a longer --slot-minutes shrinks it"
            : "--work-unit N (N file units per work unit) shrinks it";
    if (cp > ECS_MAX_HORIZON)
        return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                            "the critical path is %ld slots (total work %ld), "
                            "more than the %ld slots the model is meant for: "
                            "%s", cp, total, ECS_MAX_HORIZON, shrink);
    if (load > ECS_MAX_HORIZON)
        return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                            "the total work %ld on %ld PEs needs at least %ld "
                            "slots, more than the %ld slots the model is "
                            "meant for: more PEs (-p) or %s",
                            total, pes, load, ECS_MAX_HORIZON, shrink);
    if (deadline > ECS_MAX_HORIZON)
        return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                            "the deadline D' = %ld slots is more than the %ld "
                            "slots the model is meant for: a smaller "
                            "--deadline or --extension",
                            deadline, ECS_MAX_HORIZON);
    return ECS_OK;
}

ecs_result ecs_setup_load_graph(const char *path, const ecs_setup *m,
                              ecs_graph **raw, ecs_graph **work,
                              ecs_diag *diag)
{
    ecs_graph *g = NULL;
    ecs_result rc = ecs_setup_read_graph(path, m, &g, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_setup_check_horizon(m, g, 0, diag);
    if (rc == ECS_OK)
        rc = ecs_graph_contract(g, work, diag);
    if (rc != ECS_OK || raw == NULL)
        ecs_graph_free(g);
    else
        *raw = g;
    return rc;
}

ecs_result ecs_setup_load_prices(const ecs_setup *m, size_t nslots,
                               ecs_slot_prices *out, ecs_diag *diag)
{
    const char *spec = m->prices_spec ? m->prices_spec : ECS_DEFAULT_PRICES;
    char found[4096];
    if (!ecs_prices_is_builtin(spec))
        spec = ecs_setup_find(m, spec, found, sizeof found);
    ecs_result rc = ecs_check_slots(&m->limits, (long long)nslots, NULL,
                                        "the horizon", diag);
    if (rc != ECS_OK)
        return rc;
    ecs_price_options o = m->price_opt;
    o.limits = &m->limits;
    if (m->prices_text == NULL)
        return ecs_prices_resolve(spec, &o, nslots, out, diag);
    /* in memory: read, resample and normalise as ecs_prices_resolve */
    ecs_price_series s;
    ecs_price_resampled r;
    memset(&r, 0, sizeof r);
    rc = ecs_prices_read_buffer(m->prices_text, m->prices_len,
                                m->prices_spec ? m->prices_spec : "(memory)",
                                &o, &s, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_prices_resample(&s, &o, nslots, &r, diag);
    if (rc == ECS_OK)
        rc = ecs_prices_slots(&s, &r, &o, nslots, out, diag);
    ecs_price_resampled_release(&r);
    ecs_price_series_release(&s);
    return rc;
}

ecs_result ecs_check_slots(const ecs_limits *l, long long slots,
                               const char *file, const char *what,
                               ecs_diag *diag)
{
    char buf[160];
    snprintf(buf, sizeof buf, "%s asks for", what);
    return ecs_limits_check(l, ECS_LIMIT_SLOTS, (double)slots, file, 0, buf,
                            diag);
}

ecs_result ecs_check_graph(const ecs_limits *l, const ecs_graph *g,
                               const char *file, ecs_diag *diag)
{
    ecs_result rc = ecs_limits_check(l, ECS_LIMIT_TASKS, (double)g->n, file,
                                     0, "the graph has tasks:", diag);
    double total = 0.0;
    for (size_t i = 0; rc == ECS_OK && i < g->n; i++) {
        char what[96];
        snprintf(what, sizeof what, "task %ld has work", g->id[i]);
        rc = ecs_limits_check(l, ECS_LIMIT_WORK, (double)g->work[i], file, 0,
                               what, diag);
        total += (double)g->work[i];
    }
    /* the makespan is at least the critical path and at most the total
     * work: refuse a horizon that cannot fit before solving for it */
    if (rc == ECS_OK && total > (double)l->max_slots)
        rc = ecs_limits_check(l, ECS_LIMIT_SLOTS,
                              (double)ecs_graph_critical_path(g), file, 0,
                              "the critical path needs slots:", diag);
    return rc;
}

ecs_result ecs_json_load(const char *path, const ecs_limits *l,
                             json_t **out, ecs_diag *diag)
{
    *out = NULL;
    ecs_limits def;
    if (l == NULL) {
        ecs_limits_init(&def);
        l = &def;
    }
    char *text = NULL;
    size_t len = 0;
    ecs_result rc = ecs_read_file(path, l->max_input_bytes, &text, &len, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_json_parse(text, len, path, out, diag);
    free(text);
    return rc;
}

ecs_result ecs_json_parse(const char *text, size_t len, const char *name,
                          json_t **out, ecs_diag *diag)
{
    *out = NULL;
    size_t skip = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    json_error_t err;
    json_t *root = json_loadb(text + skip, len - skip, JSON_REJECT_DUPLICATES,
                              &err);
    if (root == NULL)
        return ecs_diag_set(diag, ECS_EPARSE, name,
                            err.line > 0 ? err.line : 0, "%s (column %d)",
                            err.text, err.column);
    *out = root;
    return ECS_OK;
}
