/* Model flags shared by the scheduling commands, and input loading. */
#include "run/cli.h"
#include "run/datapath.h"

#include "ecsched/stg.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void tool_model_init(tool_model *m)
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

/* Loader flags of --prices, passed on to the price module. */
int tool_price_flag(ecs_price_options *o, int opt, const char *arg,
                       ecs_diag *diag);

int tool_model_option(tool_model *m, int opt, const char *arg,
                         ecs_diag *diag)
{
    long v;
    switch (opt) {
    case TOOL_OPT_PES:
        if (ecs_parse_long(arg, &v) != 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "-p needs a whole number, not '%s'", arg),
                   -1;
        if (ecs_platform_set_pes(&m->platform, v, diag) != ECS_OK)
            return -1;
        m->pes_given = 1;
        return 1;
    case TOOL_OPT_OUT:
        m->out_path = arg;
        return 1;
    case TOOL_OPT_FREQS:
        if (ecs_platform_set_freqs(&m->platform, arg, diag) != ECS_OK)
            return -1;
        m->freqs_given = 1;
        return 1;
    case TOOL_OPT_POWER:
        if (ecs_platform_set_power(&m->platform, arg, diag) != ECS_OK)
            return -1;
        m->power_given = 1;
        return 1;
    case TOOL_OPT_PRICES:
        m->prices_spec = arg;
        return 1;
    case TOOL_OPT_DEADLINE:
        if (ecs_parse_long(arg, &v) != 0 || v < 1)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--deadline needs a positive number of slots, not '%s'",
                                arg),
                   -1;
        m->deadline = v;
        return 1;
    case TOOL_OPT_EXTENSION:
        if (ecs_parse_decimal(arg, &m->extension) != 0 ||
            m->extension.mantissa < 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--extension needs a decimal >= 0 such as 0.2, not '%s'",
                                arg),
                   -1;
        m->extension_given = 1;
        return 1;
    case TOOL_OPT_FORMAT:
        if (ecs_stg_format_parse(arg, &m->format, NULL) != ECS_OK)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--format must be auto, standard, proto, comm, "
                                "dot or wfformat, not '%s'",
                                arg),
                   -1;
        return 1;
    case TOOL_OPT_WORK_UNIT: {
        double u;
        if (strcmp(arg, "auto") == 0) {
            m->work_unit_auto = 1;
            m->work_unit = 0;
            return 1;
        }
        if (ecs_parse_double(arg, &u) != 0 || !(u >= 1e-6 && u <= 1e9))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--work-unit needs a number from 0.000001 to "
                                "1e9 (seconds of work at f = 1 per work unit "
                                "for WfFormat, file units for STG and DOT), "
                                "not '%s'",
                                arg),
                   -1;
        m->work_unit = u;
        m->work_unit_auto = 0;
        return 1;
    }
    case TOOL_OPT_ROUNDING_TOLERANCE: {
        double t;
        if (ecs_parse_double(arg, &t) != 0 || !(t >= 0 && t <= 10))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--rounding-tolerance needs a fraction of the "
                                "work from 0 to 10 (0.01: rounding may add "
                                "1%%), not '%s'",
                                arg),
                   -1;
        m->rounding_tolerance = t;
        return 1;
    }
    case TOOL_OPT_WATTS: {
        /* W or W:IDLE, watts of one PE at f = 1 and idle */
        char w[64];
        const char *colon = strchr(arg, ':');
        size_t n = colon ? (size_t)(colon - arg) : strlen(arg);
        double wv = 0, iv = -1;
        int bad = n == 0 || n >= sizeof w;
        if (!bad) {
            memcpy(w, arg, n);
            w[n] = '\0';
            bad = ecs_parse_double(w, &wv) != 0 || !(wv > 0 && wv <= 1e9) ||
                  (colon && (ecs_parse_double(colon + 1, &iv) != 0 ||
                             !(iv >= 0 && iv <= 1e9)));
        }
        if (bad)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--watts needs W or W:IDLE, the watts of one "
                                "PE at f = 1 (above 0, at most 1e9) and idle "
                                "(0 or more), e.g. 400 or 400:80, not '%s'",
                                arg),
                   -1;
        m->watts = wv;
        m->idle_watts = iv;
        return 1;
    }
    case TOOL_OPT_PLATFORM:
        m->platform_path = arg;
        return 1;
    case TOOL_OPT_MAPPING:
        m->mapping_path = arg;
        return 1;
    case TOOL_OPT_GREEN:
        m->green_path = arg;
        return 1;
    case TOOL_OPT_GREEN_PRICE: {
        double x;
        if (ecs_parse_double(arg, &x) != 0 || !(fabs(x) <= 1e9))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--green-price needs the price of the green "
                                "energy in the prices' currency per MWh, e.g. "
                                "0 or 35.5, not '%s'",
                                arg),
                   -1;
        m->green_price = x;
        m->green_price_given = 1;
        return 1;
    }
    case TOOL_OPT_POWER_CAP: {
        double x;
        if (ecs_parse_double(arg, &x) != 0 || !(x >= 0 && x <= 1e12))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--power-cap needs the most power the PEs may "
                                "draw together in kW (0 or more, idle "
                                "included), e.g. 2.5, not '%s'",
                                arg),
                   -1;
        m->power_cap_kw = x;
        return 1;
    }
    case TOOL_OPT_BASE:
        m->base_path = arg;
        return 1;
    case TOOL_OPT_JSON:
        m->json = 1;
        return 1;
    case 'h':
    case TOOL_OPT_HELP:
        m->help = 1;
        return 1;
    case TOOL_OPT_SLOT_MINUTES:
    case TOOL_OPT_NO_REPEAT:
    case TOOL_OPT_PRICE_COLUMN:
    case TOOL_OPT_FILTER:
    case TOOL_OPT_UTC_OFFSET:
    case TOOL_OPT_STAMP:
    case TOOL_OPT_FILL:
    case TOOL_OPT_START:
    case TOOL_OPT_UNIT:
    case TOOL_OPT_TIME_COLUMN:
        m->slot_minutes_given |= opt == TOOL_OPT_SLOT_MINUTES;
        return tool_price_flag(&m->price_opt, opt, arg, diag) == 0 ? 1 : -1;
    case TOOL_OPT_MAX_INPUT_BYTES:
    case TOOL_OPT_MAX_TASKS:
    case TOOL_OPT_MAX_WORK:
    case TOOL_OPT_MAX_SLOTS:
        return tool_limit_option(&m->limits, opt, arg, diag);
    default:
        return 0;
    }
}

void tool_graph_params(const tool_model *m, ecs_graph_read_params *p)
{
    ecs_graph_read_params_init(p);
    p->format = m->format;
    p->work_unit = m->work_unit;
    p->default_runtime_unit = 60.0 * m->price_opt.slot_minutes;
}

ecs_result tool_read_graph(const char *path, const tool_model *m,
                              ecs_graph **out, ecs_diag *diag)
{
    ecs_graph_read_params p;
    tool_graph_params(m, &p);
    char found[4096];
    if (strcmp(path, "-") != 0)
        path = tool_data_path(path, found, sizeof found);
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
        rc = tool_check_graph(&m->limits, *out, path, diag);
        if (rc != ECS_OK) {
            ecs_graph_free(*out);
            *out = NULL;
        }
    }
    return rc;
}

ecs_result tool_check_horizon(const tool_model *m, const ecs_graph *g,
                                 long deadline, long base_makespan,
                                 ecs_diag *diag)
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
    if (cp > TOOL_MAX_HORIZON)
        return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                            "the critical path is %ld slots (total work %ld), "
                            "more than the %ld slots the model is meant for: "
                            "%s", cp, total, TOOL_MAX_HORIZON, shrink);
    if (load > TOOL_MAX_HORIZON)
        return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                            "the total work %ld on %ld PEs needs at least %ld "
                            "slots, more than the %ld slots the model is "
                            "meant for: more PEs (-p) or %s",
                            total, pes, load, TOOL_MAX_HORIZON, shrink);
    if (deadline > TOOL_MAX_HORIZON && base_makespan > 0 &&
        base_makespan <= TOOL_MAX_HORIZON) {
        /* the largest E in thousandths with floor(M (1 + E)) <= max */
        long e3 = (TOOL_MAX_HORIZON - base_makespan) * 1000 / base_makespan;
        return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                            "the deadline D' = %ld slots is more than the %ld "
                            "slots the model is meant for: --deadline %ld, or "
                            "--extension %ld.%03ld or less (base makespan "
                            "%ld slots)",
                            deadline, TOOL_MAX_HORIZON, TOOL_MAX_HORIZON,
                            e3 / 1000, e3 % 1000, base_makespan);
    }
    if (deadline > TOOL_MAX_HORIZON)
        return ecs_diag_set(diag, ECS_EINVAL, file, 0,
                            "the deadline D' = %ld slots is more than the %ld "
                            "slots the model is meant for: a smaller "
                            "--deadline or --extension",
                            deadline, TOOL_MAX_HORIZON);
    return ECS_OK;
}

ecs_result tool_load_graph(const char *path, const tool_model *m,
                              ecs_graph **raw, ecs_graph **work,
                              ecs_diag *diag)
{
    ecs_graph *g = NULL;
    ecs_result rc = tool_read_graph(path, m, &g, diag);
    if (rc != ECS_OK)
        return rc;
    rc = tool_check_horizon(m, g, 0, 0, diag);
    if (rc == ECS_OK)
        rc = ecs_graph_contract(g, work, diag);
    if (rc != ECS_OK || raw == NULL)
        ecs_graph_free(g);
    else
        *raw = g;
    return rc;
}

void tool_note_repeated(const char *cmd, const ecs_slot_prices *sp)
{
    if (sp == NULL || !sp->repeated)
        return;
    fprintf(stderr,
            "ecsched %s: note: the prices (%s) cover %zu slots of %d minutes "
            "and are repeated to fill %zu slots (--no-repeat makes this an "
            "error)\n",
            cmd, sp->source, sp->cycle, sp->slot_minutes, sp->n);
}

ecs_result tool_load_prices(const tool_model *m, size_t nslots,
                               ecs_slot_prices *out, ecs_diag *diag)
{
    const char *spec = m->prices_spec ? m->prices_spec : TOOL_DEFAULT_PRICES;
    char found[4096];
    if (!ecs_prices_is_builtin(spec))
        spec = tool_data_path(spec, found, sizeof found);
    ecs_result rc = tool_check_slots(&m->limits, (long long)nslots, NULL,
                                        "the horizon", diag);
    if (rc != ECS_OK)
        return rc;
    ecs_price_options o = m->price_opt;
    o.limits = &m->limits;
    return ecs_prices_resolve(spec, &o, nslots, out, diag);
}
