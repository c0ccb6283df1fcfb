/* Rounding to whole work units: ecs_graph_rounding and
 * ecs_graph_auto_work_unit (graphio.h). */
#include "ecsched/graphio.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The unit a read with params uses (graphio.h "Work units"). */
static double unit_of(const ecs_graph *g)
{
    return g->meta.work_unit > 0 ? g->meta.work_unit : 1.0;
}

static void figures(const ecs_graph *g, ecs_rounding *out)
{
    long long total = 0;
    for (size_t i = 0; i < g->n; i++)
        total += g->work[i];
    out->work_unit = unit_of(g);
    out->file_work = g->meta.file_work;
    out->added = (double)total * out->work_unit - g->meta.file_work;
    if (out->added < 0) /* within the reader's 1e-9 snapping */
        out->added = 0;
    out->relative = g->meta.file_work > 0 ? out->added / g->meta.file_work : 0;
}

static ecs_result read_at(const char *buf, size_t len, const char *name,
                          const ecs_graph_read_params *params, double unit,
                          ecs_graph **g, ecs_diag *diag)
{
    ecs_graph_read_params p = *params;
    p.work_unit = unit;
    return ecs_graph_read_buffer(buf, len, name, &p, g, diag);
}

ecs_result ecs_graph_rounding(const char *buf, size_t len, const char *name,
                              const ecs_graph_read_params *params,
                              ecs_rounding *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    ecs_graph *g = NULL, *h = NULL;
    ecs_result rc = read_at(buf, len, name, params, params->work_unit, &g, diag);
    if (rc != ECS_OK)
        return rc;
    figures(g, out);
    if (out->added > 0 && out->work_unit / 2 >= 1e-6) {
        rc = read_at(buf, len, name, params, out->work_unit / 2, &h, diag);
        if (rc == ECS_OK && h->n == g->n)
            for (size_t i = 0; i < g->n; i++)
                /* x = file / unit: ceil(2x) = 2 ceil(x) - 1 exactly when
                 * 0 < x - floor(x) <= 1/2 */
                out->tasks_over_half += h->work[i] == 2 * g->work[i] - 1 &&
                                        h->work[i] % 2 == 1;
        else if (rc != ECS_OK) /* finer than readable: not counted */
            rc = ECS_OK;
    }
    ecs_graph_free(h);
    ecs_graph_free(g);
    return rc;
}

static int desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

ecs_result ecs_graph_auto_work_unit(const char *buf, size_t len,
                                    const char *name,
                                    const ecs_graph_read_params *params,
                                    double tolerance, ecs_rounding *out,
                                    ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    if (!(tolerance >= 0 && tolerance <= 10))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the rounding tolerance must be a fraction from "
                            "0 to 10 (--rounding-tolerance)");
    /* the format's default unit and the largest task, from a first read */
    ecs_graph *g = NULL;
    ecs_result rc = read_at(buf, len, name, params, 0, &g, diag);
    if (rc != ECS_OK)
        return rc;
    double top = unit_of(g);
    long maxw = 0;
    for (size_t i = 0; i < g->n; i++)
        maxw = g->work[i] > maxw ? g->work[i] : maxw;
    if ((double)maxw * unit_of(g) > top)
        top = (double)maxw * unit_of(g);
    ecs_graph_free(g);
    double ladder[96];
    size_t n = 0;
    static const double times[] = {15,   20,   30,    60,    120,   300,
                                   600,  900,  1200,  1800,  3600,  7200,
                                   10800, 14400, 21600, 43200, 86400};
    for (double dec = 1e-3; dec <= 1e9 && n + 3 < 96; dec *= 10) {
        static const double m[] = {1, 2, 5};
        for (int k = 0; k < 3; k++) {
            double u = m[k] * dec;
            if (u <= top * (1 + 1e-12))
                ladder[n++] = u;
        }
    }
    for (size_t k = 0; k < sizeof times / sizeof *times && n < 96; k++)
        if (times[k] <= top * (1 + 1e-12))
            ladder[n++] = times[k];
    qsort(ladder, n, sizeof *ladder, desc);
    ecs_rounding best;
    int have = 0;
    for (size_t k = 0; k < n; k++) {
        if (k > 0 && fabs(ladder[k] - ladder[k - 1]) <= 1e-12 * ladder[k])
            continue; /* 20 and 2 x 10 */
        ecs_diag d;
        rc = read_at(buf, len, name, params, ladder[k], &g, &d);
        if (rc != ECS_OK)
            break; /* too fine to read (work above the reader's limit) */
        ecs_rounding r;
        memset(&r, 0, sizeof r);
        figures(g, &r);
        ecs_graph_free(g);
        g = NULL;
        best = r;
        have = 1;
        if (r.relative <= tolerance)
            break;
    }
    if (!have)
        return ecs_diag_set(diag, ECS_EINVAL, name, 0,
                            "no work unit from %g down can be read", top);
    /* the tasks that gained more than half a unit at the pick */
    ecs_graph_read_params p = *params;
    p.work_unit = best.work_unit;
    rc = ecs_graph_rounding(buf, len, name, &p, out, diag);
    return rc;
}
