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

/* The figures of one rung (no diag: a rung too fine to read is not an
 * error here). */
static ecs_result probe(const char *buf, size_t len, const char *name,
                        const ecs_graph_read_params *params, double unit,
                        ecs_rounding *out);

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
    /* the rungs, each once (20 is also 2 x 10) */
    size_t m = 0;
    for (size_t k = 0; k < n; k++)
        if (m == 0 || fabs(ladder[k] - ladder[m - 1]) > 1e-12 * ladder[k])
            ladder[m++] = ladder[k];
    /* bisection for the coarsest rung within the tolerance: the rounding
     * shrinks with the unit (it adds less than one unit a task), so
     * "within" is false on the coarse end and true on the fine end; a
     * rung too fine to read counts as not within */
    ecs_rounding at[96];
    signed char known[96];
    memset(known, 0, sizeof known);
    size_t lo = 0, hi = m; /* the first within is in [lo, hi]; m: none */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (probe(buf, len, name, params, ladder[mid], &at[mid]) == ECS_OK)
            known[mid] = at[mid].relative <= tolerance ? 1 : -1;
        else
            known[mid] = -2; /* unreadable */
        if (known[mid] == 1)
            hi = mid;
        else if (known[mid] == -2)
            hi = mid; /* finer ones cannot be read either */
        else
            lo = mid + 1;
    }
    size_t pick = lo;
    if (pick < m && known[pick] == 1) {
        /* the next coarser rungs, in case the rounding is not monotone */
        while (pick > 0 &&
               probe(buf, len, name, params, ladder[pick - 1], &at[pick - 1]) ==
                   ECS_OK &&
               at[pick - 1].relative <= tolerance)
            pick--;
    } else {
        /* none within: the finest rung that can be read */
        pick = m;
        for (size_t k = lo < m ? lo : m; k-- > 0;)
            if (known[k] == -1 ||
                (known[k] == 0 &&
                 probe(buf, len, name, params, ladder[k], &at[k]) == ECS_OK)) {
                pick = k;
                break;
            }
        if (pick == m)
            return ecs_diag_set(diag, ECS_EINVAL, name, 0,
                                "no work unit from %g down can be read", top);
    }
    ecs_rounding best = at[pick];
    /* the tasks that gained more than half a unit at the pick */
    ecs_graph_read_params p = *params;
    p.work_unit = best.work_unit;
    rc = ecs_graph_rounding(buf, len, name, &p, out, diag);
    return rc;
}

static ecs_result probe(const char *buf, size_t len, const char *name,
                        const ecs_graph_read_params *params, double unit,
                        ecs_rounding *out)
{
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_result rc = read_at(buf, len, name, params, unit, &g, &d);
    memset(out, 0, sizeof *out);
    if (rc == ECS_OK)
        figures(g, out);
    ecs_graph_free(g);
    return rc;
}
