/* What the commands tell people about their inputs (cli/run/notes.h). */
#include "run/notes.h"
#include "run/model.h"

#include "run/datapath.h"

#include "ecsched/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tool_fmt_price_sources(const tool_model *m, const ecs_problem *pb,
                            char *buf, size_t n)
{
    if (!pb->ext.on || pb->ext.nsite < 2) {
        snprintf(buf, n, "%s", pb->prices.source);
        return;
    }
    size_t k = 0;
    buf[0] = '\0';
    for (int s = 0; s < pb->ext.nsite && k < n; s++) {
        int w = snprintf(buf + k, n - k, "%s%s %s", s ? ", " : "",
                         m->platform.site_name[s], pb->ext.price_source[s]);
        if (w < 0)
            break;
        k += (size_t)w;
    }
}

void tool_print_clock(const tool_model *m, const ecs_slot_prices *sp,
                      const ecs_schedule *s, long deadline, int width)
{
    ecs_zone z;
    ecs_zone_of(m, sp, &z);
    char h0[64], dl[64], a[64], b[64];
    long first, end;
    if (!ecs_check_work_span(s, &m->platform, &first, &end) ||
        !ecs_fmt_clock(&z, sp, 0, 0, h0, sizeof h0))
        return;
    if (deadline > 0 && ecs_fmt_clock(&z, sp, deadline, 0, dl, sizeof dl))
        printf("%-*s %s to %s (slot 0 to the deadline)\n", width, "horizon",
               h0, dl);
    ecs_fmt_clock(&z, sp, first, 0, a, sizeof a);
    ecs_fmt_clock(&z, sp, end, 0, b, sizeof b);
    printf("%-*s %s (the first task)\n", width, "start", a);
    printf("%-*s %s (the last task)\n", width, "end", b);
}

/* The graph file's text (path as the commands resolve it), or NULL for
 * standard input or an unreadable file. */
static char *graph_text(const tool_model *m, const char *path,
                        const char **name, size_t *len, ecs_result *rc,
                        ecs_diag *diag)
{
    static char found[4096];
    if (strcmp(path, "-") == 0) {
        *rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                     "--work-unit auto reads the graph more than once: give "
                     "a file, not standard input");
        return NULL;
    }
    *name = tool_data_path(path, found, sizeof found);
    char *text = NULL;
    *rc = ecs_read_file(*name, m->limits.max_input_bytes, &text, len, diag);
    return *rc == ECS_OK ? text : NULL;
}

/* "3600 s" (WfFormat) or "2 file units" */
static void fmt_unit(double u, int seconds, char *buf, size_t n)
{
    snprintf(buf, n, seconds ? "%g s" : "%g file units", u);
}

ecs_result tool_work_unit_auto(const char *cmd, tool_model *m,
                                  const char *path, ecs_diag *diag)
{
    if (!m->work_unit_auto)
        return ECS_OK;
    ecs_rounding r;
    int seconds = 0;
    ecs_result rc = ecs_setup_auto_work_unit(m, path, &r, &seconds, diag);
    if (rc != ECS_OK)
        return rc;
    char u[48];
    fmt_unit(r.work_unit, seconds, u, sizeof u);
    fprintf(stderr,
            "ecsched %s: note: --work-unit auto: %s per work unit (rounding "
            "adds %.2f%% of the work, %s --rounding-tolerance %g%%)\n",
            cmd, u, 100.0 * r.relative,
            r.relative <= m->rounding_tolerance ? "within" : "the finest unit; above",
            100.0 * m->rounding_tolerance);
    return ECS_OK;
}

/* "5 times the slots" or "1/60 of the slots" */
static void times_slots(double k, char *buf, size_t n)
{
    if (k >= 1)
        snprintf(buf, n, "%g times the slots", k);
    else
        snprintf(buf, n, "1/%g of the slots", 1 / k);
}

void tool_note_rounding(const char *cmd, const tool_model *m,
                           const char *path, const ecs_graph *raw)
{
    if (raw == NULL || !(raw->meta.file_work > 0))
        return;
    ecs_rounding r;
    memset(&r, 0, sizeof r);
    long long total = 0;
    for (size_t i = 0; i < raw->n; i++)
        total += raw->work[i];
    r.work_unit = raw->meta.work_unit > 0 ? raw->meta.work_unit : 1.0;
    r.added = (double)total * r.work_unit - raw->meta.file_work;
    r.relative = r.added > 0 ? r.added / raw->meta.file_work : 0;
    if (!(r.added > 1e-9 * raw->meta.file_work))
        return; /* whole units as written */
    if (m->work_unit_auto && r.relative <= m->rounding_tolerance)
        return; /* what the user asked for */
    const char *name = path;
    size_t len = 0;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result trc;
    char *text = strcmp(path, "-") == 0 ? NULL
                                        : graph_text(m, path, &name, &len, &trc, &d);
    ecs_graph_read_params p;
    ecs_setup_graph_params(m, &p);
    p.work_unit = r.work_unit;
    ecs_rounding full;
    if (text != NULL && ecs_graph_rounding(text, len, name, &p, &full, &d) == ECS_OK)
        r.tasks_over_half = full.tasks_over_half;
    /* more than 10%, or tasks changed by more than half a slot while the
     * whole is above the 1% a finer unit would keep it under */
    if (!(r.relative > 0.10) && !(r.tasks_over_half > 0 && r.relative > 0.01)) {
        free(text);
        return;
    }
    int seconds = raw->format == ECS_STG_WFFORMAT;
    int sm = m->price_opt.slot_minutes;
    char u[48], slot[48];
    fmt_unit(r.work_unit, seconds, u, sizeof u);
    ecs_fmt_duration(1, sm, slot, sizeof slot);
    char half[96] = "";
    size_t tasks = 0;
    for (size_t i = 0; i < raw->n; i++)
        tasks += raw->work[i] > 0;
    if (r.tasks_over_half > 0)
        snprintf(half, sizeof half, "; %zu of %zu tasks gain more than half a slot",
                 r.tasks_over_half, tasks);
    fprintf(stderr,
            "ecsched %s: warning: rounding every task up to whole work units "
            "of %s (one slot of %s at f = 1) adds %.1f%% of the work%s:\n",
            cmd, u, slot, 100.0 * r.relative, half);
    /* in real time (WfFormat seconds): the slot length, the unit the
     * slot's seconds; the rounding shrinks with the unit, so 1 minute
     * first, then the coarsest length within 1% */
    if (seconds && text != NULL) {
        static const int ladder[] = {1440, 720, 360, 240, 180, 120, 60, 30,
                                     20, 15, 10, 5, 2, 1};
        size_t nl = sizeof ladder / sizeof *ladder;
        ecs_rounding q;
        int best = 0;
        double rel = 0;
        p.work_unit = 60;
        if (ecs_graph_rounding(text, len, name, &p, &q, &d) == ECS_OK) {
            best = 1;
            rel = q.relative;
            for (size_t k = 0; rel <= 0.01 && k + 1 < nl; k++) {
                p.work_unit = 60.0 * ladder[k];
                if (ecs_graph_rounding(text, len, name, &p, &q, &d) == ECS_OK &&
                    q.relative <= 0.01) {
                    best = ladder[k];
                    rel = q.relative;
                    break;
                }
            }
        }
        if (best > 0) {
            char bs[48];
            ecs_fmt_duration(1, best, bs, sizeof bs);
            char k[48];
            times_slots(r.work_unit / (60.0 * best), k, sizeof k);
            fprintf(stderr,
                    "ecsched %s:   --slot-minutes %d%s keeps time real (a "
                    "slot of %s does %d s of work; %s) and %s %.1f%%%s\n",
                    cmd, best,
                    m->work_unit > 0 && !m->work_unit_auto ? " without --work-unit" : "",
                    bs, 60 * best, k, rel <= 0.01 ? "adds" : "still adds",
                    100.0 * rel,
                    rel <= 0.01 ? "" : ": no slot length keeps it under 1%, "
                                       "the tasks are too short");
        }
    }
    /* the unit on the same slots: a stretch of time when it is seconds */
    ecs_rounding a;
    p.work_unit = 0;
    if (text != NULL &&
        ecs_graph_auto_work_unit(text, len, name, &p, 0.01, &a, &d) == ECS_OK &&
        a.relative <= 0.01) {
        char k[48], fine[64] = "";
        times_slots(r.work_unit / a.work_unit, k, sizeof k);
        if (seconds && sm > 1 && a.work_unit < 60)
            snprintf(fine, sizeof fine, "; with --slot-minutes 1, %g-fold",
                     60.0 / a.work_unit);
        if (seconds)
            fprintf(stderr,
                    "ecsched %s:   --work-unit %g keeps it under 1%% but "
                    "stretches time %g-fold: a slot of %s does %g s of work "
                    "(%s%s)\n",
                    cmd, a.work_unit, 60.0 * sm / a.work_unit, slot,
                    a.work_unit, k, fine);
        else
            fprintf(stderr,
                    "ecsched %s:   --work-unit %g keeps it under 1%% (%g file "
                    "units a work unit: %s)\n",
                    cmd, a.work_unit, a.work_unit, k);
    } else {
        fprintf(stderr, "ecsched %s:   no --work-unit down to 0.001 keeps it "
                        "under 1%%\n", cmd);
    }
    free(text);
    fprintf(stderr, "ecsched %s:   (--work-unit auto picks the coarsest unit "
                    "within --rounding-tolerance)\n", cmd);
}
