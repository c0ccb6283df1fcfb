/* What the commands tell people about their inputs (cli/run/notes.h). */
#include "run/notes.h"
#include "run/model.h"

#include "run/datapath.h"

#include "ecsched/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tool_print_clock(const tool_model *m, const ecs_slot_prices *sp,
                         long makespan, long deadline, int width)
{
    ecs_zone z;
    ecs_zone_of(m, sp, &z);
    char a[64], b[64], c[64];
    if (makespan < 0 || !ecs_fmt_clock(&z, sp, 0, 0, a, sizeof a))
        return;
    ecs_fmt_clock(&z, sp, makespan, 0, b, sizeof b);
    printf("%-*s %s\n", width, "start", a);
    if (deadline > 0 && ecs_fmt_clock(&z, sp, deadline, 0, c, sizeof c))
        printf("%-*s %s (deadline %s)\n", width, "end", b, c);
    else
        printf("%-*s %s\n", width, "end", b);
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
    char u[48], fix[96] = "";
    fmt_unit(r.work_unit, seconds, u, sizeof u);
    ecs_rounding a;
    p.work_unit = 0;
    if (text != NULL &&
        ecs_graph_auto_work_unit(text, len, name, &p, 0.01, &a, &d) == ECS_OK &&
        a.relative <= 0.01)
        snprintf(fix, sizeof fix, "--work-unit %g keeps it under 1%%", a.work_unit);
    else
        snprintf(fix, sizeof fix, "no --work-unit down to 0.001 keeps it under 1%%");
    free(text);
    char half[96] = "";
    size_t tasks = 0;
    for (size_t i = 0; i < raw->n; i++)
        tasks += raw->work[i] > 0;
    if (r.tasks_over_half > 0)
        snprintf(half, sizeof half, "; %zu of %zu tasks gain more than half a slot",
                 r.tasks_over_half, tasks);
    fprintf(stderr,
            "ecsched %s: warning: rounding every task up to whole work units "
            "of %s adds %.1f%% of the work%s: %s (--work-unit auto picks the "
            "coarsest unit within --rounding-tolerance)\n",
            cmd, u, 100.0 * r.relative, half, fix);
}
