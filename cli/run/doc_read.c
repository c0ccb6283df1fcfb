/* The JSON schedule document: reading (validate, --base, plots). */
#include "run/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TASK_SLOTS 100000000L

void ecs_doc_model_release(ecs_doc_model *dm)
{
    if (dm == NULL)
        return;
    free(dm->price);
    dm->price = NULL;
    dm->nprice = 0;
}

static ecs_result read_model(const char *path, json_t *root, ecs_doc_model *dm,
                             ecs_diag *diag)
{
    memset(dm, 0, sizeof *dm);
    dm->pes = -1;
    dm->deadline = -1;
    json_t *v = json_object_get(root, "pes");
    if (json_is_integer(v))
        dm->pes = (long)json_integer_value(v);
    v = json_object_get(root, "deadline");
    if (json_is_integer(v))
        dm->deadline = (long)json_integer_value(v);
    v = json_object_get(root, "power");
    if (json_is_string(v))
        snprintf(dm->power, sizeof dm->power, "%s", json_string_value(v));
    v = json_object_get(root, "freqs");
    if (json_is_array(v)) {
        size_t k;
        json_t *f;
        size_t len = 0;
        json_array_foreach(v, k, f)
        {
            if (!json_is_number(f))
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "freqs[%zu] is not a number", k);
            int w = snprintf(dm->freqs + len, sizeof dm->freqs - len, "%s%.9g",
                             k ? "," : "", json_number_value(f));
            if (w < 0 || (size_t)w >= sizeof dm->freqs - len)
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "freqs: list too long");
            len += (size_t)w;
        }
    }
    json_t *pr = json_object_get(root, "prices");
    json_t *per = json_is_object(pr) ? json_object_get(pr, "per_slot") : NULL;
    if (json_is_array(per) && json_array_size(per) > 0) {
        dm->nprice = json_array_size(per);
        dm->price = malloc(dm->nprice * sizeof *dm->price);
        if (dm->price == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
        for (size_t l = 0; l < dm->nprice; l++) {
            json_t *x = json_array_get(per, l);
            if (!json_is_number(x))
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "prices.per_slot[%zu] is not a number", l);
            dm->price[l] = json_number_value(x);
        }
        json_t *src = json_object_get(pr, "source");
        if (json_is_string(src))
            snprintf(dm->price_source, sizeof dm->price_source, "%s",
                     json_string_value(src));
    }
    return ECS_OK;
}

static int get_int(json_t *o, const char *key, long *out)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v))
        return -1;
    *out = (long)json_integer_value(v);
    return 0;
}

static ecs_result read_task(const char *path, size_t k, json_t *t,
                            const ecs_graph *g, const ecs_platform *p,
                            ecs_schedule *s, ecs_diag *diag)
{
    long id, pe, start, stop, work;
    if (!json_is_object(t))
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] is not an object", k);
    if (get_int(t, "id", &id) != 0)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: \"id\" missing or not an integer", k);
    const char *miss = get_int(t, "pe", &pe) != 0        ? "pe"
                       : get_int(t, "start", &start) != 0 ? "start"
                       : get_int(t, "stop", &stop) != 0   ? "stop"
                                                          : NULL;
    if (miss)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] (task %ld): \"%s\" missing or not an integer",
                            k, id, miss);
    size_t i = ecs_graph_find(g, id);
    if (i == (size_t)-1)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: the graph has no task %ld with work", k,
                            id);
    if (s->task[i].pe >= 0)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: task %ld is listed twice", k, id);
    if (get_int(t, "work", &work) == 0 && work != g->work[i])
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu]: task %ld has work %ld here but %ld in the graph (another graph?)",
                            k, id, work, g->work[i]);
    if (pe < 0 || start < 0 || stop < start || stop - start >= MAX_TASK_SLOTS)
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] (task %ld): pe %ld, slots %ld..%ld are not a valid placement",
                            k, id, pe, start, stop);
    size_t len = (size_t)(stop - start + 1);
    json_t *f = json_object_get(t, "freqs");
    unsigned char *idx = malloc(len);
    if (idx == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    if (f == NULL || json_is_null(f)) {
        memset(idx, 0, len); /* f = 1 in every slot */
    } else if (!json_is_array(f) || json_array_size(f) != len) {
        free(idx);
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "tasks[%zu] (task %ld): \"freqs\" must list %zu frequencies, one per slot %ld..%ld",
                            k, id, len, start, stop);
    } else {
        for (size_t l = 0; l < len; l++) {
            json_t *x = json_array_get(f, l);
            if (!json_is_number(x)) {
                free(idx);
                return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                    "tasks[%zu] (task %ld): freqs[%zu] is not a number",
                                    k, id, l);
            }
            int ki = ecs_platform_freq_index(p, json_number_value(x));
            idx[l] = ki < 0 ? (unsigned char)255 : (unsigned char)ki;
        }
    }
    ecs_result rc = ecs_schedule_place(s, i, (int)pe, start, stop, idx, 0);
    free(idx);
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, path, 0, "%s", ecs_strerror(rc));
    return ECS_OK;
}

ecs_result ecs_doc_read(const char *path, const ecs_graph *g,
                        const ecs_platform *p, ecs_schedule **out,
                        ecs_doc_model *dm, ecs_diag *diag)
{
    *out = NULL;
    json_error_t err;
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &err);
    if (root == NULL) {
        FILE *f = fopen(path, "r");
        if (f == NULL)
            return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot open");
        fclose(f);
        return ecs_diag_set(diag, ECS_EPARSE, path, err.line, "%s", err.text);
    }
    ecs_result rc = ECS_OK;
    ecs_doc_model local;
    ecs_doc_model *m = dm ? dm : &local;
    ecs_schedule *s = NULL;
    json_t *tasks = json_object_get(root, "tasks");
    if (!json_is_object(root)) {
        rc = ecs_diag_set(diag, ECS_EPARSE, path, 0,
                          "not a schedule document (expected an object)");
        memset(m, 0, sizeof *m);
        goto done;
    }
    rc = read_model(path, root, m, diag);
    if (rc != ECS_OK)
        goto done;
    if (!json_is_array(tasks)) {
        rc = ecs_diag_set(diag, ECS_EPARSE, path, 0,
                          "\"tasks\" missing or not an array");
        goto done;
    }
    s = ecs_schedule_new(g->n);
    if (s == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
        goto done;
    }
    size_t k;
    json_t *t;
    json_array_foreach(tasks, k, t)
    {
        rc = read_task(path, k, t, g, p, s, diag);
        if (rc != ECS_OK)
            goto done;
    }
done:
    json_decref(root);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        ecs_doc_model_release(m);
        return rc;
    }
    if (dm == NULL)
        ecs_doc_model_release(&local);
    *out = s;
    return ECS_OK;
}

ecs_result ecs_doc_read_model(const char *path, ecs_doc_model *dm,
                              ecs_diag *diag)
{
    json_error_t err;
    memset(dm, 0, sizeof *dm);
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &err);
    if (root == NULL) {
        FILE *f = fopen(path, "r");
        if (f == NULL)
            return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot open");
        fclose(f);
        return ecs_diag_set(diag, ECS_EPARSE, path, err.line, "%s", err.text);
    }
    ecs_result rc = json_is_object(root)
                        ? read_model(path, root, dm, diag)
                        : ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                       "not a schedule document (expected an object)");
    json_decref(root);
    if (rc != ECS_OK)
        ecs_doc_model_release(dm);
    return rc;
}
