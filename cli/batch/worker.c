/* ecsched batch: the worker process.  One unit (graph, P): the base schedule
 * once, then per (E, prices) the wanted methods; "S id" before each case,
 * "R id json" when its line is final. */
#include "batch/batch.h"
#include "run/model.h"

#include "ecsched/record.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void tool_batch_fault_parse(const char *text, tool_batch_fault *f)
{
    memset(f, 0, sizeof *f);
    char buf[64], *m, *p;
    if (text == NULL || snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
        return;
    if ((m = strchr(buf, ':')) == NULL || (p = strchr(m + 1, ':')) == NULL)
        return;
    *m++ = '\0';
    *p++ = '\0';
    int action = strcmp(buf, "crash") == 0 ? 1 : strcmp(buf, "hang") == 0 ? 2 : 0;
    if (action == 0 || tool_method_parse(m, &f->method) != 0 ||
        ecs_parse_long(p, &f->pes) != 0)
        return;
    f->action = action;
}

typedef struct worker {
    const tool_batch_plan *plan;
    const tool_batch_fault *fault;
    int fd;
    long pes;
    size_t sub;              /* current (E, prices) index: case id / nmethod */
    int slot[TOOL_METHOD_COUNT]; /* method -> index in plan->method */
    tool_model model;
    ecs_problem pb;
    int loaded;              /* 1 problem loaded, -1 graph or base failed */
    ecs_diag load_diag;
} worker;

static void send_all(int fd, const char *s, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, s, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            _exit(3); /* the parent is gone */
        s += w;
        len -= (size_t)w;
    }
}

static void send_start(worker *w, size_t id)
{
    char buf[64];
    int n = snprintf(buf, sizeof buf, "S %zu\n", id);
    send_all(w->fd, buf, (size_t)n);
}

static void send_row(worker *w, size_t id, const tool_row *row)
{
    char *line = tool_row_line(row);
    if (line == NULL)
        _exit(3);
    char head[64];
    int n = snprintf(head, sizeof head, "R %zu ", id);
    char *msg = malloc((size_t)n + strlen(line) + 1);
    if (msg == NULL)
        _exit(3);
    memcpy(msg, head, (size_t)n);
    strcpy(msg + n, line);
    send_all(w->fd, msg, strlen(msg));
    free(msg);
    free(line);
}

static void before_method(tool_method m, void *arg)
{
    worker *w = arg;
    send_start(w, w->sub * w->plan->nmethod + (size_t)w->slot[m]);
    const tool_batch_fault *f = w->fault;
    if (f->action != 0 && f->method == m && f->pes == w->pes) {
        if (f->action == 1)
            abort();
        for (;;)
            sleep(60);
    }
}

/* A new E and price schedule on the loaded graph and base. */
static ecs_result retarget(worker *w, ecs_diag *diag)
{
    ecs_problem *pb = &w->pb;
    ecs_result rc = ecs_setup_deadline(&w->model, pb->base_makespan, &pb->deadline, diag);
    if (rc != ECS_OK)
        return rc;
    return ecs_problem_prices(&w->model, pb, diag);
}

static ecs_result prepare(worker *w, size_t first_id, ecs_diag *diag)
{
    tool_batch_case c;
    tool_batch_case_of(w->plan, first_id, &c);
    if (w->loaded == 0) {
        /* graph and base once, with flat prices and E = 0; the real E and
         * prices follow in retarget() so that their errors stay per case */
        tool_model m0 = w->model;
        m0.prices_spec = "flat";
        m0.extension_given = 0;
        memset(&m0.extension, 0, sizeof m0.extension);
        ecs_result rc = ecs_problem_load(&m0, w->plan->graph[c.graph],
                                             w->plan->makespan_limit_s, &w->pb,
                                             &w->load_diag);
        w->loaded = rc == ECS_OK ? 1 : -1;
    }
    if (w->loaded < 0) {
        *diag = w->load_diag;
        return ECS_EINVAL;
    }
    w->model.extension = w->plan->ext[c.ext];
    w->model.extension_given = 1;
    w->model.prices_spec = w->plan->prices[c.prices];
    return retarget(w, diag);
}

static void fill_row(const worker *w, const tool_method_set *set, int k,
                     tool_row *row, char *err, size_t errsize)
{
    const ecs_problem *pb = &w->pb;
    const tool_method_out *o = &set->out[k];
    row->tasks = (long)pb->g->n;
    row->base_cost = pb->base_cost;
    row->deadline = pb->deadline;
    row->base_makespan = pb->base_makespan;
    row->base_makespan_optimal = pb->base_optimal;
    row->base_status = pb->base_list ? "list"
                                     : ecs_record_base_status(pb->base_from_file, pb->base_optimal);
    row->base_runtime_s = pb->base_runtime_s;
    row->context = ecs_record_context(w->plan->workers, o->runtime_s, o->cpu_s);
    /* the instance's best bound and proven optimum: from the MILP and
     * solve, whichever of them ran */
    tool_method_set_best(set, &row->bound, &row->optimum);
    row->runtime_s = o->runtime_s;
    if (set->rc[k] != ECS_OK) {
        ecs_diag_format(&set->diag[k], err, errsize);
        row->error = err;
        row->status = "error";
        return;
    }
    row->status = o->status;
    if (k == TOOL_METHOD_MILP || k == TOOL_METHOD_SOLVE)
        row->gap = o->gap;
    row->bound_method = o->bound_method;
    row->found_by = o->found_by;
    if (o->schedule != NULL && pb->ext.on)
        row->energy_split = ecs_ext_split_json(&pb->inst,
                                                &pb->ext, &pb->prices, o->schedule);
    if (o->schedule != NULL) {
        row->cost = o->check.cost;
        row->makespan = o->check.makespan;
        row->meets_deadline = o->check.meets_deadline;
    }
}

/* Cases ids[0..n-1] of one (E, prices). */
static void run_sub(worker *w, const size_t *ids, size_t n)
{
    ecs_diag diag;
    ecs_diag_clear(&diag);
    char err[1024];
    send_start(w, ids[0]);
    ecs_result rc = prepare(w, ids[0], &diag);
    if (rc != ECS_OK) {
        ecs_diag_format(&diag, err, sizeof err);
        for (size_t k = 0; k < n; k++) {
            tool_row row;
            tool_batch_row_init(&row, w->plan, ids[k]);
            row.error = err;
            send_row(w, ids[k], &row);
            tool_row_release(&row);
        }
        return;
    }
    tool_method_set set;
    memset(&set, 0, sizeof set);
    for (size_t k = 0; k < n; k++)
        set.want[w->plan->method[ids[k] % w->plan->nmethod]] = 1;
    tool_method_params prm;
    tool_batch_case_params(w->plan, ids[0], &prm);
    tool_method_ctx ctx = {&w->pb, &w->model.platform, NULL, NULL, prm.time_limit_s, 0, &prm};
    tool_methods_run(&ctx, &set, before_method, w);
    for (size_t k = 0; k < n; k++) {
        tool_row row;
        tool_batch_row_init(&row, w->plan, ids[k]);
        fill_row(w, &set, (int)w->plan->method[ids[k] % w->plan->nmethod], &row, err,
                 sizeof err);
        send_row(w, ids[k], &row);
        tool_row_release(&row);
    }
    tool_method_set_release(&set);
}

void tool_batch_worker_run(const tool_batch_plan *plan, const size_t *ids,
                          size_t n, const tool_batch_fault *fault, int fd)
{
    worker w;
    memset(&w, 0, sizeof w);
    w.plan = plan;
    w.fault = fault;
    w.fd = fd;
    w.model = plan->model;
    for (size_t k = 0; k < plan->nmethod; k++)
        w.slot[plan->method[k]] = (int)k;
    if (n == 0)
        return;
    tool_batch_case c;
    tool_batch_case_of(plan, ids[0], &c);
    w.pes = plan->pes[c.pes];
    if (w.model.plat.on && w.model.plat.path[0] == '\0') {
        /* the shortcuts' one class has the case's PEs */
        ecs_diag d;
        if (ecs_plat_set_pes(&w.model, w.pes, &d) != ECS_OK)
            _exit(3); /* it resolved before with one PE */
    } else if (!w.model.plat.on) {
        ecs_platform_set_pes(&w.model.platform, w.pes, NULL);
    }
    w.model.pes_given = 1;
    for (size_t i = 0; i < n;) {
        w.sub = ids[i] / plan->nmethod;
        size_t j = i;
        while (j < n && ids[j] / plan->nmethod == w.sub)
            j++;
        run_sub(&w, ids + i, j - i);
        i = j;
    }
    if (w.loaded > 0)
        ecs_problem_release(&w.pb);
}
