/* DOT and WfFormat writers (graphio.h). */
#include "graphio_internal.h"

#include "ecsched/graphio.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A DOT ID: bare when it is a numeral or a plain identifier. */
static void dot_id(FILE *f, const char *s)
{
    int bare = s[0] != '\0';
    for (const char *p = s; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
              (*p >= 'A' && *p <= 'Z') || *p == '_'))
            bare = 0;
    if (bare && s[0] >= '0' && s[0] <= '9')
        for (const char *p = s; *p; p++)
            if (!(*p >= '0' && *p <= '9'))
                bare = 0;
    if (bare) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (const char *p = s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', f);
        fputc(*p == '\n' ? ' ' : *p, f);
    }
    fputc('"', f);
}

ecs_result ecs_dot_write(FILE *f, const ecs_graph *g, const char *name,
                         const char *comment, ecs_diag *diag)
{
    if (comment != NULL) {
        fputs("// ", f);
        for (const char *p = comment; *p; p++)
            fputs(*p == '\n' ? "\n// " : (char[2]){*p, '\0'}, f);
        fputc('\n', f);
    }
    fputs("strict digraph ", f);
    dot_id(f, name ? name : "G");
    fputs(" {\n", f);
    for (size_t i = 0; i < g->n; i++)
        if (!gio_skip_task(g, i))
            fprintf(f, "  %ld [weight=%ld];\n", g->id[i], g->work[i]);
    for (size_t v = 0; v < g->n; v++) {
        if (gio_skip_task(g, v))
            continue;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
            size_t u = g->pred[e];
            if (gio_skip_task(g, u))
                continue;
            if (g->pred_comm)
                fprintf(f, "  %ld -> %ld [size=%ld];\n", g->id[u], g->id[v],
                        g->pred_comm[e]);
            else
                fprintf(f, "  %ld -> %ld;\n", g->id[u], g->id[v]);
        }
    }
    fputs("}\n", f);
    if (fflush(f) != 0 || ferror(f))
        return ecs_diag_set(diag, ECS_EIO, NULL, 0, "cannot write the graph");
    return ECS_OK;
}

static json_t *id_string(long id)
{
    char b[32];
    snprintf(b, sizeof b, "%ld", id);
    return json_string(b);
}

ecs_result ecs_wfformat_write(FILE *f, const ecs_graph *g, const char *name,
                              double work_unit, ecs_diag *diag)
{
    if (!(work_unit > 0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the work unit must be positive");
    json_t *root = json_object(), *wfl = json_object(), *spec = json_object(),
           *exec = json_object(), *st = json_array(), *et = json_array();
    int bad = !root || !wfl || !spec || !exec || !st || !et;
    if (!bad) {
        json_object_set_new(root, "name", json_string(name ? name : "workflow"));
        json_object_set_new(root, "description",
                            json_string("Task graph written by ecsched; "
                                        "runtimes are work units times the "
                                        "work unit"));
        json_object_set_new(root, "schemaVersion", json_string("1.5"));
        json_object_set_new(root, "workflow", wfl);
        json_object_set_new(wfl, "specification", spec);
        json_object_set_new(wfl, "execution", exec);
        json_object_set_new(spec, "tasks", st);
        json_object_set_new(spec, "files", json_array());
        json_object_set_new(exec, "makespanInSeconds",
                            json_real((double)ecs_graph_critical_path(g) *
                                      work_unit));
        json_object_set_new(exec, "executedAt",
                            json_string("1970-01-01T00:00:00+00:00"));
        json_object_set_new(exec, "tasks", et);
    } else {
        json_decref(wfl);
        json_decref(spec);
        json_decref(exec);
        json_decref(st);
        json_decref(et);
    }
    for (size_t v = 0; !bad && v < g->n; v++) {
        if (gio_skip_task(g, v))
            continue;
        json_t *t = json_object(), *par = json_array(), *chi = json_array(),
               *x = json_object();
        bad = !t || !par || !chi || !x;
        char nm[48];
        snprintf(nm, sizeof nm, "task_%ld", g->id[v]);
        for (size_t e = g->pred_off[v]; !bad && e < g->pred_off[v + 1]; e++)
            if (!gio_skip_task(g, g->pred[e]))
                bad = json_array_append_new(par, id_string(g->id[g->pred[e]]));
        for (size_t e = g->succ_off[v]; !bad && e < g->succ_off[v + 1]; e++)
            if (!gio_skip_task(g, g->succ[e]))
                bad = json_array_append_new(chi, id_string(g->id[g->succ[e]]));
        if (bad) {
            json_decref(t);
            json_decref(par);
            json_decref(chi);
            json_decref(x);
            break;
        }
        json_object_set_new(t, "name", json_string(nm));
        json_object_set_new(t, "id", id_string(g->id[v]));
        json_object_set_new(t, "parents", par);
        json_object_set_new(t, "children", chi);
        json_object_set_new(t, "inputFiles", json_array());
        json_object_set_new(t, "outputFiles", json_array());
        json_object_set_new(x, "id", id_string(g->id[v]));
        json_object_set_new(x, "runtimeInSeconds",
                            json_real((double)g->work[v] * work_unit));
        bad = json_array_append_new(st, t) || json_array_append_new(et, x);
    }
    if (bad) {
        json_decref(root);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    int w = json_dumpf(root, f, JSON_INDENT(2) | JSON_REAL_PRECISION(12));
    json_decref(root);
    if (w != 0 || fputc('\n', f) == EOF || fflush(f) != 0 || ferror(f))
        return ecs_diag_set(diag, ECS_EIO, NULL, 0, "cannot write the graph");
    return ECS_OK;
}
