/* ecsched reproduce: the heuristic-only experiments, run in-process. */
#include "report/reproduce_run.h"

#include "ecsched/heuristic.h"
#include "ecsched/milp.h"
#include "ecsched/numparse.h"
#include "run/problem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ecs_repro_heur_init(ecs_repro_heur *h)
{
    memset(h, 0, sizeof *h);
    h->prices = "epex-2016-10-19";
    h->makespan_time_limit_s = 10;
    h->with_base = 1;
    h->milp_time_limit_s = 60;
}

static json_t *row_head(const char *graph, long pes, double e,
                        const char *prices, const char *method)
{
    json_t *r = json_object();
    json_object_set_new(r, "graph", json_string(graph));
    json_object_set_new(r, "pes", json_integer(pes));
    json_object_set_new(r, "extension", ecs_json_num(e));
    json_object_set_new(r, "prices", json_string(prices));
    json_object_set_new(r, "method", json_string(method));
    return r;
}

/* The rest of a row, in batch's key order. */
static void row_tail(json_t *r, double cost, double base_cost, const char *status,
                     long makespan, long deadline, double runtime,
                     const char *error, const ecs_cli_problem *pb)
{
    int ok = error == NULL;
    json_object_set_new(r, "cost", ok ? ecs_json_num(cost) : json_null());
    json_object_set_new(r, "base_cost",
                        pb ? ecs_json_num(base_cost) : json_null());
    json_object_set_new(r, "optimum", json_null());
    json_object_set_new(r, "bound", json_null());
    json_object_set_new(r, "status", json_string(status));
    json_object_set_new(r, "makespan", ok ? json_integer(makespan) : json_null());
    json_object_set_new(r, "deadline", pb ? json_integer(deadline) : json_null());
    json_object_set_new(r, "meets_deadline",
                        ok ? json_boolean(makespan <= deadline) : json_null());
    json_object_set_new(r, "runtime_s", ecs_json_num(runtime));
    json_object_set_new(r, "error", ok ? json_null() : json_string(error));
    json_object_set_new(r, "tasks", pb ? json_integer((json_int_t)pb->g->n)
                                       : json_null());
    json_object_set_new(r, "base_optimal",
                        pb ? json_boolean(pb->base_optimal) : json_null());
}

typedef struct run_ctx {
    const ecs_repro_heur *h;
    json_t *rows;
} run_ctx;

/* One heuristic mode on a loaded problem: a row, its schedule checked. */
static void heur_row(run_ctx *cx, const ecs_cli_model *m,
                     const ecs_cli_problem *pb, const char *graph, double e,
                     ecs_heur_mode mode, ecs_schedule **best, double *best_cost)
{
    json_t *r = row_head(graph, m->platform.pes, e, m->prices_spec,
                         ecs_heur_mode_name(mode));
    ecs_heur_params prm;
    ecs_heur_params_init(&prm);
    prm.mode = mode;
    ecs_heur_result res;
    memset(&res, 0, sizeof res);
    ecs_diag d;
    ecs_diag_clear(&d);
    double t0 = ecs_cli_now();
    ecs_result rc = ecs_heur_run(pb->g, &m->platform, pb->prices.price,
                                 pb->prices.n, pb->deadline, pb->base, &prm,
                                 &res, &d);
    double t = ecs_cli_now() - t0;
    ecs_check_report rep;
    char err[ECS_DIAG_MSG_MAX + 64] = "";
    if (rc != ECS_OK) {
        ecs_diag_format(&d, err, sizeof err);
    } else if (ecs_check_schedule(pb->g, &m->platform, pb->prices.price,
                                  pb->prices.n, pb->deadline, res.schedule,
                                  &rep) != ECS_OK) {
        snprintf(err, sizeof err, "checker: %s", rep.msg);
    }
    row_tail(r, res.cost, pb->base_cost, err[0] ? "error" : "feasible",
             err[0] ? 0 : ecs_schedule_makespan(res.schedule), pb->deadline,
             t, err[0] ? err : NULL, pb);
    json_array_append_new(cx->rows, r);
    if (!err[0] && (*best == NULL || res.cost < *best_cost)) {
        ecs_schedule *c = ecs_schedule_copy(res.schedule);
        if (c) {
            ecs_schedule_free(*best);
            *best = c;
            *best_cost = res.cost;
        }
    }
    ecs_heur_result_release(&res);
}

/* The MILP at the same D', warm-started
 * with the best heuristic schedule; its row, and the proven optimum copied
 * into the heuristic rows of the case (rows[first..]). */
static void milp_row(run_ctx *cx, const ecs_cli_model *m,
                     const ecs_cli_problem *pb, const char *graph, double e,
                     const ecs_schedule *warm, size_t first)
{
    json_t *r = row_head(graph, m->platform.pes, e, m->prices_spec, "milp");
    ecs_milp_params prm;
    ecs_milp_params_init(&prm);
    prm.time_limit_s = cx->h->milp_time_limit_s;
    prm.warm_start = warm;
    ecs_milp_result res;
    memset(&res, 0, sizeof res);
    ecs_diag d;
    ecs_diag_clear(&d);
    double t0 = ecs_cli_now();
    ecs_result rc = ecs_milp_solve(pb->g, &m->platform, pb->prices.price,
                                   pb->prices.n, pb->deadline, &prm, &res, &d);
    double t = ecs_cli_now() - t0;
    char err[ECS_DIAG_MSG_MAX + 64] = "";
    ecs_check_report rep;
    if (rc != ECS_OK)
        ecs_diag_format(&d, err, sizeof err);
    else if (res.schedule == NULL)
        snprintf(err, sizeof err, "no schedule (%s)",
                 ecs_milp_status_name(res.status));
    else if (ecs_check_schedule(pb->g, &m->platform, pb->prices.price,
                                pb->prices.n, pb->deadline, res.schedule,
                                &rep) != ECS_OK)
        snprintf(err, sizeof err, "checker: %s", rep.msg);
    int proven = !err[0] && res.status == ECS_MILP_OPTIMAL;
    row_tail(r, res.cost, pb->base_cost,
             rc == ECS_OK ? ecs_milp_status_name(res.status) : "error",
             err[0] ? 0 : ecs_schedule_makespan(res.schedule), pb->deadline, t,
             err[0] ? err : NULL, pb);
    if (proven)
        json_object_set_new(r, "optimum", ecs_json_num(res.cost));
    if (rc == ECS_OK && !err[0])
        json_object_set_new(r, "bound", ecs_json_num(res.bound));
    json_array_append_new(cx->rows, r);
    for (size_t i = first; proven && i + 1 < json_array_size(cx->rows); i++)
        json_object_set_new(json_array_get(cx->rows, i), "optimum",
                            ecs_json_num(res.cost));
    ecs_milp_result_release(&res);
}


static ecs_result model_for(const ecs_repro_heur *h, long pes,
                            const char *ext, const char *prices,
                            ecs_cli_model *m, ecs_diag *diag)
{
    ecs_cli_model_init(m);
    m->prices_spec = prices;
    if (ecs_platform_set_pes(&m->platform, pes, diag) != ECS_OK)
        return ECS_EINVAL;
    m->pes_given = 1;
    if (h->power && ecs_platform_set_power(&m->platform, h->power, diag) !=
                        ECS_OK)
        return ECS_EINVAL;
    m->power_given = h->power != NULL;
    if (ecs_parse_decimal(ext, &m->extension) != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "extension '%s' is not a decimal", ext);
    m->extension_given = 1;
    return ECS_OK;
}

/* Rows for a case that could not be set up. */
static void error_rows(run_ctx *cx, const char *graph, long pes, double e,
                       const char *prices, const ecs_diag *d)
{
    char err[ECS_DIAG_MSG_MAX + 300];
    ecs_diag_format(d, err, sizeof err);
    for (int k = 0; k < 3; k++) {
        static const char *const meth[] = {"base", "sweep", "binary"};
        json_t *r = row_head(graph, pes, e, prices, meth[k]);
        row_tail(r, 0, 0, "error", 0, 0, 0, err, NULL);
        json_array_append_new(cx->rows, r);
    }
}

/* D', prices and base cost of pb for the extension in m (the base
 * schedule stays: it is computed once per graph and P). */
static ecs_result set_extension(const ecs_cli_model *m, ecs_cli_problem *pb,
                                ecs_diag *diag)
{
    ecs_result rc = ecs_cli_deadline(m, pb->base_makespan, &pb->deadline, diag);
    if (rc != ECS_OK)
        return rc;
    if (pb->have_prices)
        ecs_slot_prices_release(&pb->prices);
    pb->have_prices = 0;
    long n = pb->deadline > pb->base_makespan ? pb->deadline
                                              : pb->base_makespan;
    rc = ecs_cli_load_prices(m, (size_t)(n > 0 ? n : 1), &pb->prices, diag);
    if (rc != ECS_OK)
        return rc;
    pb->have_prices = 1;
    pb->base_cost = 0;
    for (size_t i = 0; i < pb->g->n; i++)
        pb->base_cost += ecs_check_task_cost(&m->platform, pb->prices.price,
                                             pb->prices.n, &pb->base->task[i]);
    return ECS_OK;
}

/* base, sweep, binary for one graph and P over every price schedule and
 * E; the base schedule is computed once. */
static ecs_result one_pair(run_ctx *cx, const char *graph, long pes,
                           size_t *done, size_t total, ecs_diag *diag)
{
    const ecs_repro_heur *h = cx->h;
    char pbuf[512], *price[16];
    size_t np = 0;
    snprintf(pbuf, sizeof pbuf, "%s", h->prices);
    char *save = NULL;
    for (char *t = strtok_r(pbuf, ",", &save); t && np < 16;
         t = strtok_r(NULL, ",", &save))
        price[np++] = t;
    ecs_cli_model m;
    ecs_result rc = model_for(h, pes, h->ext[0], price[0], &m, diag);
    if (rc != ECS_OK)
        return rc;
    ecs_cli_problem pb;
    ecs_diag d;
    ecs_diag_clear(&d);
    double t0 = ecs_cli_now();
    int loaded = ecs_cli_problem_load(&m, graph, h->makespan_time_limit_s,
                                      &pb, &d) == ECS_OK;
    double base_time = ecs_cli_now() - t0;
    for (size_t q = 0; q < np && rc == ECS_OK; q++)
        for (size_t k = 0; k < h->next; k++) {
            rc = model_for(h, pes, h->ext[k], price[q], &m, diag);
            if (rc != ECS_OK)
                break;
            double e = ecs_decimal_value(m.extension);
            if (loaded && (q > 0 || k > 0) &&
                set_extension(&m, &pb, &d) != ECS_OK) {
                error_rows(cx, graph, pes, e, price[q], &d);
                continue;
            }
            if (!loaded) {
                error_rows(cx, graph, pes, e, price[q], &d);
                continue;
            }
            if (h->with_base) {
                json_t *r = row_head(graph, pes, e, price[q], "base");
                row_tail(r, pb.base_cost, pb.base_cost, "feasible",
                         pb.base_makespan, pb.deadline, base_time, NULL, &pb);
                json_array_append_new(cx->rows, r);
            }
            size_t first = json_array_size(cx->rows);
            ecs_schedule *best = NULL;
            double best_cost = 0;
            heur_row(cx, &m, &pb, graph, e, ECS_HEUR_SWEEP, &best, &best_cost);
            heur_row(cx, &m, &pb, graph, e, ECS_HEUR_BINARY, &best, &best_cost);
            if (h->with_milp)
                milp_row(cx, &m, &pb, graph, e, best, first);
            ecs_schedule_free(best);
            if (isatty(2))
                fprintf(stderr, "\r  %zu/%zu cases", ++*done, total);
        }
    if (loaded)
        ecs_cli_problem_release(&pb);
    return rc;
}

/* Rows as JSON lines (stable key order). */
static char *to_lines(const json_t *rows)
{
    size_t cap = 4096, len = 0, i;
    char *s = malloc(cap);
    json_t *r;
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    json_array_foreach(rows, i, r)
    {
        char *line = json_dumps(r, JSON_COMPACT | JSON_PRESERVE_ORDER |
                                       JSON_REAL_PRECISION(12));
        if (line == NULL) {
            free(s);
            return NULL;
        }
        size_t n = strlen(line);
        if (len + n + 2 > cap) {
            while (len + n + 2 > cap)
                cap *= 2;
            char *ns = realloc(s, cap);
            if (ns == NULL) {
                free(line);
                free(s);
                return NULL;
            }
            s = ns;
        }
        memcpy(s + len, line, n);
        len += n;
        s[len++] = '\n';
        s[len] = '\0';
        free(line);
    }
    return s;
}

ecs_result ecs_repro_heur_run(const ecs_repro_heur *h, const char *out_path,
                              size_t *ncases, ecs_diag *diag)
{
    run_ctx cx = {h, json_array()};
    if (cx.rows == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, out_path, 0, "out of memory");
    size_t nprices = 1;
    for (const char *c = h->prices; *c; c++)
        nprices += *c == ',';
    size_t total = h->ngraphs * h->npes * nprices * h->next, done = 0;
    int tty = isatty(2);
    ecs_result rc = ECS_OK;
    for (size_t g = 0; g < h->ngraphs && rc == ECS_OK; g++)
        for (size_t p = 0; p < h->npes && rc == ECS_OK; p++)
            rc = one_pair(&cx, h->graphs[g], h->pes[p], &done, total, diag);
    if (tty)
        fprintf(stderr, "\n");
    char *text = rc == ECS_OK ? to_lines(cx.rows) : NULL;
    if (rc == ECS_OK && text == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, out_path, 0, "out of memory");
    if (rc == ECS_OK)
        rc = ecs_cli_write_file(out_path, text, diag);
    free(text);
    *ncases = json_array_size(cx.rows);
    json_decref(cx.rows);
    return rc;
}
