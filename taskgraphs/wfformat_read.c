/*
 * WfCommons WfFormat JSON reader (graphio.h): schema 1.5 (specification
 * and execution), 1.4 (workflow.tasks[]) and the older workflow.jobs[].
 *
 * jansson gives lines only for syntax errors; for the other errors the
 * line is that of the task's `"id": "X"` (or `"name"`) in the text.
 */
#include "graphio_internal.h"

#include "ecsched/graphio.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wf {
    const char *file;
    const char *buf;
    size_t len;
    const char *id_key;      /* "id" or "name" */
    const char *runtime_key; /* "runtimeInSeconds" or "runtime" */
    gio_names names;
    gio_names byname; /* the tasks' "name"s when unique (older files refer
                         to parents by name), else empty */
} wf;

/* Line of `"KEY" : "NAME"` in the text, 0 if not found. */
static long line_of(const wf *w, const char *name)
{
    size_t nl = strlen(name), kl = strlen(w->id_key);
    for (size_t i = 0; i + nl + 2 <= w->len; i++) {
        if (w->buf[i] != '"' || memcmp(w->buf + i + 1, name, nl) != 0 ||
            w->buf[i + 1 + nl] != '"')
            continue;
        size_t j = i;
        while (j > 0 && (w->buf[j - 1] == ' ' || w->buf[j - 1] == '\t' ||
                         w->buf[j - 1] == '\n' || w->buf[j - 1] == '\r'))
            j--;
        if (j == 0 || w->buf[j - 1] != ':')
            continue;
        j--;
        while (j > 0 && (w->buf[j - 1] == ' ' || w->buf[j - 1] == '\t' ||
                         w->buf[j - 1] == '\n' || w->buf[j - 1] == '\r'))
            j--;
        if (j < kl + 2 || w->buf[j - 1] != '"' ||
            memcmp(w->buf + j - 1 - kl, w->id_key, kl) != 0 ||
            w->buf[j - 2 - kl] != '"')
            continue;
        long line = 1;
        for (size_t k = 0; k < i; k++)
            line += w->buf[k] == '\n';
        return line;
    }
    return 0;
}

/* One pass over the text: the line of each task's `"id": "X"`. */
static void fill_lines(wf *w)
{
    long line = 1;
    const char *key = NULL; /* the last string, when a ':' followed it */
    size_t keylen = 0, kl = strlen(w->id_key);
    const char *last = NULL;
    size_t lastlen = 0;
    for (size_t i = 0; i < w->len; i++) {
        char c = w->buf[i];
        if (c == '\n') {
            line++;
        } else if (c == '"') {
            size_t j = i + 1;
            while (j < w->len && w->buf[j] != '"') {
                if (w->buf[j] == '\\')
                    j++;
                j++;
            }
            if (j >= w->len)
                return;
            if (key != NULL && keylen == kl && memcmp(key, w->id_key, kl) == 0) {
                size_t k = gio_names_find(&w->names, w->buf + i + 1, j - i - 1);
                if (k != (size_t)-1 && w->names.line[k] == 0)
                    w->names.line[k] = line;
            }
            key = NULL;
            last = w->buf + i + 1;
            lastlen = j - i - 1;
            i = j;
            continue;
        } else if (c == ':') {
            key = last;
            keylen = lastlen;
            continue;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            continue;
        }
        key = NULL;
        last = NULL;
    }
}

static ecs_result bad(const wf *w, const char *task, ecs_diag *diag,
                      const char *fmt, const char *a, const char *b)
{
    char msg[ECS_DIAG_MSG_MAX];
    snprintf(msg, sizeof msg, fmt, a, b);
    long line = 0;
    if (task != NULL) {
        size_t k = gio_names_find(&w->names, task, strlen(task));
        line = k != (size_t)-1 && w->names.line[k] > 0 ? w->names.line[k]
                                                       : line_of(w, task);
    }
    return ecs_diag_set(diag, ECS_EPARSE, w->file, line, "%s", msg);
}

/* The task list and which keys it uses. */
static ecs_result find_tasks(wf *w, json_t *root, json_t **tasks,
                             json_t **exec, ecs_diag *diag)
{
    json_t *wfl = json_object_get(root, "workflow");
    if (!json_is_object(root) || !json_is_object(wfl))
        return ecs_diag_set(diag, ECS_EPARSE, w->file, 1,
                            "not a WfFormat file: no \"workflow\" object");
    json_t *spec = json_object_get(wfl, "specification");
    *exec = NULL;
    w->id_key = "id";
    w->runtime_key = "runtimeInSeconds";
    if (json_is_object(spec)) { /* 1.5 */
        *tasks = json_object_get(spec, "tasks");
        json_t *ex = json_object_get(wfl, "execution");
        *exec = json_is_object(ex) ? json_object_get(ex, "tasks") : NULL;
        if (!json_is_array(*exec))
            return ecs_diag_set(diag, ECS_EPARSE, w->file, 0,
                                "workflow.execution.tasks is missing: the "
                                "runtimes are needed (WfFormat 1.5)");
    } else if (json_is_array(json_object_get(wfl, "tasks"))) { /* 1.4 */
        *tasks = json_object_get(wfl, "tasks");
    } else if (json_is_array(json_object_get(wfl, "jobs"))) { /* <= 1.3 */
        *tasks = json_object_get(wfl, "jobs");
        w->id_key = "name";
        w->runtime_key = "runtime";
    } else {
        *tasks = NULL;
    }
    if (!json_is_array(*tasks))
        return ecs_diag_set(diag, ECS_EPARSE, w->file, 0,
                            "no task list: expected workflow.specification."
                            "tasks (WfFormat 1.5) or workflow.tasks (1.4)");
    if (json_array_size(*tasks) == 0)
        return ecs_diag_set(diag, ECS_EPARSE, w->file, 0,
                            "the workflow has no tasks");
    return ECS_OK;
}

static const char *task_id(const wf *w, json_t *t)
{
    json_t *id = json_object_get(t, w->id_key);
    if (!json_is_string(id) && strcmp(w->id_key, "id") == 0)
        id = json_object_get(t, "name"); /* 1.4 files without ids */
    return json_is_string(id) ? json_string_value(id) : NULL;
}

/* A task reference: an id, else (older files) a name. */
static size_t find_ref(const wf *w, const char *r)
{
    size_t k = gio_names_find(&w->names, r, strlen(r));
    if (k == (size_t)-1 && w->byname.n == w->names.n)
        k = gio_names_find(&w->byname, r, strlen(r));
    return k;
}

static ecs_result runtime_of(const wf *w, json_t *t, const char *name,
                             double *rt, ecs_diag *diag)
{
    json_t *r = json_object_get(t, w->runtime_key);
    if (r == NULL && strcmp(w->runtime_key, "runtimeInSeconds") == 0)
        r = json_object_get(t, "runtime");
    if (!json_is_number(r))
        return bad(w, name, diag, "task '%s' has no %s (a number of seconds)",
                   name, w->runtime_key);
    *rt = json_number_value(r);
    if (!isfinite(*rt) || *rt < 0)
        return bad(w, name, diag, "task '%s': %s is negative", name,
                   w->runtime_key);
    return ECS_OK;
}

typedef struct edges {
    ecs_edge *e;
    size_t n, cap;
} edges;

static int push(edges *E, size_t from, size_t to)
{
    if (E->n == E->cap) {
        size_t cap = E->cap ? 2 * E->cap : 256;
        ecs_edge *x = realloc(E->e, cap * sizeof *x);
        if (x == NULL)
            return -1;
        E->e = x;
        E->cap = cap;
    }
    E->e[E->n].from = from;
    E->e[E->n].to = to;
    E->e[E->n].comm = 0;
    E->n++;
    return 0;
}

static int cmp_pair(const void *a, const void *b)
{
    const ecs_edge *x = a, *y = b;
    if (x->from != y->from)
        return (x->from > y->from) - (x->from < y->from);
    return (x->to > y->to) - (x->to < y->to);
}

/* Is (from, to) in the sorted pair list? */
static int has_pair(const edges *E, size_t from, size_t to)
{
    ecs_edge key = {from, to, 0};
    return E->n > 0 &&
           bsearch(&key, E->e, E->n, sizeof key, cmp_pair) != NULL;
}

/*
 * Every (parent, child) pair that a "parents" list (into P) or a
 * "children" list (into C) names, sorted: the cross-check of the two
 * lists is then a binary search per entry, O(E log E) in all (a scan of
 * the other task's list per entry was quadratic in a task's edges).
 * Entries that are not strings or name no task are left out here; the
 * pass in file order reports them.
 */
static int collect_pairs(const wf *w, json_t *tasks, edges *P, edges *C)
{
    size_t i, j;
    json_t *t, *v;
    json_array_foreach(tasks, i, t)
    {
        json_array_foreach(json_object_get(t, "parents"), j, v)
        {
            const char *s = json_string_value(v);
            size_t k = s ? find_ref(w, s) : (size_t)-1;
            if (k != (size_t)-1 && push(P, k, i) != 0)
                return -1;
        }
        json_array_foreach(json_object_get(t, "children"), j, v)
        {
            const char *s = json_string_value(v);
            size_t k = s ? find_ref(w, s) : (size_t)-1;
            if (k != (size_t)-1 && push(C, i, k) != 0)
                return -1;
        }
    }
    if (P->n > 1)
        qsort(P->e, P->n, sizeof *P->e, cmp_pair);
    if (C->n > 1)
        qsort(C->e, C->n, sizeof *C->e, cmp_pair);
    return 0;
}

/* Edges from the parents lists, checked against the children lists. */
static ecs_result read_edges(const wf *w, json_t *tasks, const edges *P,
                             const edges *C, edges *E, ecs_diag *diag);

static ecs_result read_tasks(wf *w, json_t *tasks, json_t *exec,
                             double unit, long *work, double *file_work,
                             edges *E, ecs_diag *diag)
{
    size_t n = json_array_size(tasks), i;
    json_t *t;
    /* names first */
    json_array_foreach(tasks, i, t)
    {
        const char *id = json_is_object(t) ? task_id(w, t) : NULL;
        if (id == NULL)
            return ecs_diag_set(diag, ECS_EPARSE, w->file, 0,
                                "task %zu of the task list has no \"%s\" string",
                                i + 1, w->id_key);
        size_t k;
        int r = gio_names_add(&w->names, id, strlen(id), 0, &k);
        if (r < 0)
            return ecs_diag_set(diag, ECS_ENOMEM, w->file, 0, "out of memory");
        if (r == 0)
            return bad(w, id, diag, "task id '%s' is given twice%s", id, "");
    }
    fill_lines(w);
    json_array_foreach(tasks, i, t)
    {
        json_t *nm = json_object_get(t, "name");
        size_t k;
        int r = json_is_string(nm)
                    ? gio_names_add(&w->byname, json_string_value(nm),
                                    strlen(json_string_value(nm)), 0, &k)
                    : 0;
        if (r < 0)
            return ecs_diag_set(diag, ECS_ENOMEM, w->file, 0, "out of memory");
        if (r == 0) { /* missing or repeated: names are not references */
            gio_names_free(&w->byname);
            break;
        }
    }
    /* runtimes */
    double *rt = calloc(n, sizeof *rt);
    unsigned char *have = calloc(n, 1);
    if (rt == NULL || have == NULL) {
        free(rt);
        free(have);
        return ecs_diag_set(diag, ECS_ENOMEM, w->file, 0, "out of memory");
    }
    ecs_result rc = ECS_OK;
    json_t *src = exec ? exec : tasks;
    json_array_foreach(src, i, t)
    {
        const char *id = json_is_object(t) ? task_id(w, t) : NULL;
        size_t k = id ? gio_names_find(&w->names, id, strlen(id)) : (size_t)-1;
        if (id == NULL) {
            rc = ecs_diag_set(diag, ECS_EPARSE, w->file, 0,
                              "workflow.execution.tasks[%zu] has no \"id\"", i);
            break;
        }
        if (k == (size_t)-1) {
            rc = ecs_diag_set(diag, ECS_EPARSE, w->file, 0,
                              "workflow.execution.tasks names task '%s', which "
                              "the specification does not have", id);
            break;
        }
        double v = 0;
        if ((rc = runtime_of(w, t, id, &v, diag)) != ECS_OK)
            break;
        if (have[k] && v != rt[k]) {
            /* which run to take is not ours to guess */
            char both[96];
            snprintf(both, sizeof both, "%.17g s and %.17g s", rt[k], v);
            rc = bad(w, id, diag,
                     "task '%s' has two runtimes in workflow.execution.tasks "
                     "(%s): keep one entry per task", id, both);
            break;
        }
        rt[k] = v;
        have[k] = 1;
    }
    *file_work = 0;
    for (size_t k = 0; rc == ECS_OK && k < n; k++) {
        if (!have[k]) {
            rc = bad(w, w->names.name[k], diag,
                     "task '%s' has no runtime in workflow.execution.tasks%s",
                     w->names.name[k], "");
            break;
        }
        if (gio_round_work(rt[k], unit, &work[k]) != 0)
            rc = bad(w, w->names.name[k], diag,
                     "task '%s': its runtime gives more work units than the "
                     "limit%s: give a larger --work-unit",
                     w->names.name[k], "");
        *file_work += rt[k];
    }
    free(rt);
    free(have);
    if (rc != ECS_OK)
        return rc;
    edges P = {NULL, 0, 0}, C = {NULL, 0, 0};
    if (collect_pairs(w, tasks, &P, &C) != 0)
        rc = ecs_diag_set(diag, ECS_ENOMEM, w->file, 0, "out of memory");
    else
        rc = read_edges(w, tasks, &P, &C, E, diag);
    free(P.e);
    free(C.e);
    return rc;
}

static ecs_result read_edges(const wf *w, json_t *tasks, const edges *P,
                             const edges *C, edges *E, ecs_diag *diag)
{
    size_t i;
    json_t *t;
    /* edges from parents; children must agree */
    json_array_foreach(tasks, i, t)
    {
        const char *id = task_id(w, t);
        json_t *par = json_object_get(t, "parents");
        json_t *chi = json_object_get(t, "children");
        if (par != NULL && !json_is_array(par))
            return bad(w, id, diag, "task '%s': \"parents\" is not a list%s",
                       id, "");
        if (chi != NULL && !json_is_array(chi))
            return bad(w, id, diag, "task '%s': \"children\" is not a list%s",
                       id, "");
        size_t j;
        json_t *v;
        json_array_foreach(par, j, v)
        {
            const char *p = json_string_value(v);
            size_t k = p ? find_ref(w, p) : (size_t)-1;
            if (p == NULL)
                return bad(w, id, diag, "task '%s': a parent is not a string%s",
                           id, "");
            if (k == (size_t)-1)
                return bad(w, id, diag, "task '%s' has an unknown parent '%s'",
                           id, p);
            json_t *pc = json_object_get(json_array_get(tasks, k), "children");
            if (pc != NULL && !has_pair(C, k, i))
                return bad(w, id, diag,
                           "task '%s' lists '%s' as a parent, but that task does "
                           "not list it as a child", id, p);
            if (push(E, k, i) != 0)
                return ecs_diag_set(diag, ECS_ENOMEM, w->file, 0, "out of memory");
        }
        json_array_foreach(chi, j, v)
        {
            const char *c = json_string_value(v);
            size_t k = c ? find_ref(w, c) : (size_t)-1;
            if (c == NULL)
                return bad(w, id, diag, "task '%s': a child is not a string%s",
                           id, "");
            if (k == (size_t)-1)
                return bad(w, id, diag, "task '%s' has an unknown child '%s'",
                           id, c);
            if (!has_pair(P, i, k))
                return bad(w, id, diag,
                           "task '%s' lists '%s' as a child, but that task does "
                           "not list it as a parent", id, c);
        }
    }
    return ECS_OK;
}

/* The text parsed into *root (NULL when it is not JSON: the error), w
 * set up and the task lists found (find_tasks: its error with *root set). */
static ecs_result wf_open(const char *buf, size_t len, const char *name, wf *w,
                          json_t **root, json_t **tasks, json_t **exec,
                          ecs_diag *diag)
{
    json_error_t err;
    *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &err);
    if (*root == NULL)
        return ecs_diag_set(diag, ECS_EPARSE, name, err.line > 0 ? err.line : 0,
                            "not valid JSON: %s (column %d)", err.text,
                            err.column);
    memset(w, 0, sizeof *w);
    w->file = name;
    w->buf = buf;
    w->len = len;
    return find_tasks(w, *root, tasks, exec, diag);
}

ecs_result ecs_wfformat_read_buffer(const char *buf, size_t len,
                                    const char *name, double work_unit,
                                    ecs_graph **out, ecs_diag *diag)
{
    *out = NULL;
    if (!(work_unit > 0))
        return ecs_diag_set(diag, ECS_EINVAL, name, 0,
                            "the work unit must be positive");
    wf w;
    json_t *root = NULL, *tasks = NULL, *exec = NULL;
    ecs_result rc = wf_open(buf, len, name, &w, &root, &tasks, &exec, diag);
    if (root == NULL)
        return rc;
    edges E = {NULL, 0, 0};
    long *work = NULL;
    double file_work = 0;
    if (rc == ECS_OK) {
        work = calloc(json_array_size(tasks), sizeof *work);
        if (work == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
    }
    if (rc == ECS_OK)
        rc = read_tasks(&w, tasks, exec, work_unit, work, &file_work, &E, diag);
    if (rc == ECS_OK)
        rc = gio_build(name, &w.names, work, E.e, E.n, 0, 0, ECS_STG_WFFORMAT,
                       work_unit, file_work, out, diag);
    free(work);
    free(E.e);
    gio_names_free(&w.names);
    gio_names_free(&w.byname);
    json_decref(root);
    return rc;
}

/* "program arg ..." of a command object, malloc'ed; NULL if none. */
static char *command_text(json_t *c)
{
    json_t *prog = json_object_get(c, "program");
    if (!json_is_string(prog) || json_string_length(prog) == 0)
        return NULL;
    size_t len = json_string_length(prog) + 1, i;
    json_t *a;
    json_t *args = json_object_get(c, "arguments");
    json_array_foreach(args, i, a)
        len += json_is_string(a) ? json_string_length(a) + 1 : 0;
    char *s = malloc(len);
    if (s == NULL)
        return NULL;
    size_t k = (size_t)snprintf(s, len, "%s", json_string_value(prog));
    json_array_foreach(args, i, a)
        if (json_is_string(a))
            k += (size_t)snprintf(s + k, len - k, " %s", json_string_value(a));
    return s;
}

void ecs_wfformat_commands_free(size_t n, long *id, char **cmd)
{
    for (size_t k = 0; cmd != NULL && k < n; k++)
        free(cmd[k]);
    free(cmd);
    free(id);
}

ecs_result ecs_wfformat_commands(const char *buf, size_t len, const char *name,
                                 size_t *n, long **id, char ***cmd,
                                 ecs_diag *diag)
{
    *n = 0;
    *id = NULL;
    *cmd = NULL;
    wf w;
    json_t *root = NULL, *tasks = NULL, *exec = NULL;
    ecs_result rc = wf_open(buf, len, name, &w, &root, &tasks, &exec, diag);
    if (root == NULL)
        return rc;
    size_t nt = rc == ECS_OK ? json_array_size(tasks) : 0, i;
    json_t *t;
    long *ids = rc == ECS_OK ? calloc(nt, sizeof *ids) : NULL;
    char **cmds = rc == ECS_OK ? calloc(nt, sizeof *cmds) : NULL;
    if (rc == ECS_OK && (ids == NULL || cmds == NULL))
        rc = ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
    json_array_foreach(tasks, i, t)
    {
        if (rc != ECS_OK)
            break;
        const char *tid = json_is_object(t) ? task_id(&w, t) : NULL;
        size_t k;
        int r = tid ? gio_names_add(&w.names, tid, strlen(tid), 0, &k) : 1;
        if (tid == NULL || r == 0)
            rc = ecs_diag_set(diag, ECS_EPARSE, name, 0,
                              "task %zu of the task list has no unique \"%s\"",
                              i + 1, w.id_key);
        else if (r < 0)
            rc = ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
    }
    if (rc == ECS_OK)
        gio_ids(&w.names, ids);
    json_array_foreach(exec ? exec : tasks, i, t)
    {
        if (rc != ECS_OK)
            break;
        const char *tid = json_is_object(t) ? task_id(&w, t) : NULL;
        size_t k = tid ? gio_names_find(&w.names, tid, strlen(tid)) : (size_t)-1;
        json_t *c = json_object_get(t, "command");
        if (k == (size_t)-1 || !json_is_object(c) || cmds[k] != NULL)
            continue;
        cmds[k] = command_text(c);
        if (cmds[k] == NULL && json_is_string(json_object_get(c, "program")) &&
            json_string_length(json_object_get(c, "program")) > 0)
            rc = ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
    }
    gio_names_free(&w.names);
    json_decref(root);
    if (rc != ECS_OK) {
        ecs_wfformat_commands_free(nt, ids, cmds);
        return rc;
    }
    *n = nt;
    *id = ids;
    *cmd = cmds;
    return ECS_OK;
}
