/* Task graph files in every format: detection, reading, work units
 * (graphio.h). */
#include "graphio_internal.h"

#include "ecsched/graphio.h"
#include "ecsched/stg.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void ecs_graph_read_params_init(ecs_graph_read_params *p)
{
    memset(p, 0, sizeof *p);
    p->format = ECS_STG_AUTO;
    p->work_unit = 0;
    p->default_runtime_unit = 3600;
}

static int unit_ok(double u)
{
    return isfinite(u) && u >= 1e-6 && u <= 1e9;
}

ecs_result ecs_graph_read_params_validate(const ecs_graph_read_params *p,
                                          ecs_diag *diag)
{
    if (ecs_stg_format_name(p->format)[0] == 'u') /* "unknown" */
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "unknown graph format %d",
                            (int)p->format);
    if (p->work_unit != 0 && !unit_ok(p->work_unit))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--work-unit must be a number of seconds from "
                            "0.000001 to 1e9, not %g", p->work_unit);
    if (!unit_ok(p->default_runtime_unit))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the default work unit must be from 0.000001 to "
                            "1e9 seconds, not %g", p->default_runtime_unit);
    return ECS_OK;
}

static int word_at(const char *p, const char *end, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(end - p) >= n && strncasecmp(p, w, n) == 0 &&
           (p + n == end || !(isalnum((unsigned char)p[n]) || p[n] == '_'));
}

ecs_stg_format ecs_graph_detect_format(const char *buf, size_t len)
{
    const char *p = buf, *end = buf + len;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        p += 3;
    for (;;) {
        while (p < end && isspace((unsigned char)*p))
            p++;
        if (p + 1 < end && p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
        } else if (p + 1 < end && p[0] == '/' && p[1] == '*') {
            const char *q = p + 2;
            while (q + 1 < end && !(q[0] == '*' && q[1] == '/'))
                q++;
            if (q + 1 >= end)
                return ECS_STG_AUTO;
            p = q + 2;
        } else {
            break;
        }
    }
    if (p < end && *p == '{')
        return ECS_STG_WFFORMAT;
    if (word_at(p, end, "digraph") || word_at(p, end, "strict") ||
        word_at(p, end, "graph"))
        return ECS_STG_DOT;
    return ECS_STG_AUTO;
}

/* STG weights divided by a work unit other than 1. */
static ecs_result scale_stg(ecs_graph *g, double unit, const char *name,
                            ecs_diag *diag)
{
    double total = 0;
    for (size_t i = 0; i < g->n; i++)
        total += (double)g->work[i];
    g->meta.file_work = total;
    g->meta.work_unit = unit;
    if (unit == 1)
        return ECS_OK;
    for (size_t i = 0; i < g->n; i++) {
        long w;
        if (gio_round_work((double)g->work[i], unit, &w) != 0)
            return ecs_diag_set(diag, ECS_EPARSE, name, 0,
                                "task %ld: work %ld / --work-unit %g is out "
                                "of range", g->id[i], g->work[i], unit);
        g->work[i] = w;
    }
    return ECS_OK;
}

ecs_result ecs_graph_read_buffer(const char *buf, size_t len,
                                 const char *name,
                                 const ecs_graph_read_params *params,
                                 ecs_graph **out, ecs_diag *diag)
{
    *out = NULL;
    ecs_result rc = ecs_graph_read_params_validate(params, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_stg_format f = params->format;
    if (f == ECS_STG_AUTO)
        f = ecs_graph_detect_format(buf, len);
    double unit = params->work_unit;
    switch (f) {
    case ECS_STG_WFFORMAT:
        rc = ecs_wfformat_read_buffer(
            buf, len, name, unit > 0 ? unit : params->default_runtime_unit, out,
            diag);
        break;
    case ECS_STG_DOT:
        rc = ecs_dot_read_buffer(buf, len, name, unit > 0 ? unit : 1, out, diag);
        break;
    case ECS_STG_AUTO:
    case ECS_STG_STANDARD:
    case ECS_STG_PROTO:
    case ECS_STG_COMM:
        rc = ecs_stg_read_buffer(buf, len, name, f, out, diag);
        if (rc == ECS_OK)
            rc = scale_stg(*out, unit > 0 ? unit : 1, name, diag);
        break;
    }
    if (rc == ECS_OK && (*out)->source == NULL) {
        (*out)->source = strdup(name);
        if ((*out)->source == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
    }
    if (rc != ECS_OK) {
        ecs_graph_free(*out);
        *out = NULL;
    }
    return rc;
}

ecs_result ecs_graph_read_file(const char *path,
                               const ecs_graph_read_params *params,
                               ecs_graph **out, ecs_diag *diag)
{
    *out = NULL;
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "(stdin)" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (f == NULL)
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot open: %s",
                            strerror(errno));
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int oom = 0;
    for (;;) {
        if (len == cap) {
            size_t ncap = cap ? 2 * cap : 65536;
            char *nb = realloc(buf, ncap);
            if (nb == NULL) {
                oom = 1;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int err = ferror(f);
    int e = errno;
    if (!is_stdin)
        fclose(f);
    if (oom || err) {
        free(buf);
        return oom ? ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory")
                   : ecs_diag_set(diag, ECS_EIO, name, 0, "cannot read: %s",
                                  strerror(e));
    }
    ecs_result rc = ecs_graph_read_buffer(buf, len, name, params, out, diag);
    free(buf);
    return rc;
}
