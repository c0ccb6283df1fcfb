/* Model flags shared by the scheduling commands, and input loading. */
#include "run/cli.h"
#include "run/model.h"
#include "run/datapath.h"
#include "run/progress.h"

#include "ecsched/platform_file.h"
#include "ecsched/stg.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The base search's progress line, while progress lines are on. */
static void base_progress(void *ctx, const ecs_progress *p)
{
    if (tool_progress_on())
        tool_makespan_progress(ctx, p);
}

void tool_model_init(tool_model *m)
{
    ecs_setup_init(m);
    m->find_file = tool_data_path;
    m->base_progress = base_progress;
    m->base_progress_done = tool_progress_done;
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
    case TOOL_OPT_REMAP:
        m->remap = 1;
        return 1;
    case TOOL_OPT_MAPPING_OUT:
        m->mapping_out_path = arg;
        return 1;
    case TOOL_OPT_GREEN:
        m->green_path = arg;
        return 1;
    case TOOL_OPT_GREEN_COLUMN:
        m->green_column = arg;
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

void tool_note_repeated(const char *cmd, const ecs_slot_prices *sp)
{
    if (sp == NULL || !sp->repeated)
        return;
    if (sp->slot_len != NULL) {
        char d[48];
        ecs_fmt_duration(1, (int)(ecs_slot_prices_minutes_to(sp, (long)sp->cycle)),
                         d, sizeof d);
        fprintf(stderr,
                "ecsched %s: note: the prices (%s) cover %zu slots (%s) and "
                "are repeated to fill %zu slots (--no-repeat makes this an "
                "error)\n",
                cmd, sp->source, sp->cycle, d, sp->n);
        return;
    }
    fprintf(stderr,
            "ecsched %s: note: the prices (%s) cover %zu slots of %d minutes "
            "and are repeated to fill %zu slots (--no-repeat makes this an "
            "error)\n",
            cmd, sp->source, sp->cycle, sp->slot_minutes, sp->n);
}


void tool_note_green(const char *cmd, const tool_model *m, const ecs_ext *ext)
{
    if (m->green_path == NULL || ext == NULL || !ext->on || ext->nsource == 0 ||
        !ext->source_column_guessed[0] || ext->source_column[0][0] == '\0')
        return;
    fprintf(stderr,
            "ecsched %s: note: --green %s: the green supply (kWh per point) "
            "is column '%s', the only one with numbers (--green-column C "
            "names it)\n",
            cmd, m->green_path, ext->source_column[0]);
}
