/* CaWoSched's fixed-mapping problem on the command line (cawosched_cli.h). */
#include "run/cawosched_cli.h"

#include "ecsched/cws_doc.h"
#include "run/model.h"
#include "run/output.h"

#include "ecsched/cawosched.h"
#include "ecsched/fixedmap.h"
#include "ecsched/fixedmap_milp.h"
#include "ecsched/method.h"
#include "ecsched/remap.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- detection and flags ---- */

/* 1 when path holds CaWoSched's setup: its first character (after blanks
 * and a UTF-8 BOM) is a digit (the deadline).  0 otherwise (JSON, or
 * anything the platform reader then names the problem of), for "-" and for
 * a file that cannot be opened. */
static int is_cws_setup(const char *path)
{
    if (path == NULL || strcmp(path, "-") == 0)
        return 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return 0;
    unsigned char buf[256];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    size_t k = 0;
    if (n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF)
        k = 3;
    while (k < n && (buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\r' ||
                     buf[k] == '\n'))
        k++;
    return k < n && buf[k] >= '0' && buf[k] <= '9';
}

int tool_cws_active(const tool_model *m)
{
    return m->cws_setup_path != NULL;
}

int tool_cws_detect(const char *cmd, tool_model *m, int cws)
{
    if (is_cws_setup(m->platform_path)) {
        m->cws_setup_path = m->platform_path;
        m->platform_path = NULL;
    }
    int remapping = m->remap || m->mapping_out_path != NULL;
    if (remapping && (cws != 1 || strcmp(cmd, "validate") == 0)) {
        /* a command that runs a method of the table: the table's words */
        ecs_diag why;
        ecs_diag_clear(&why);
        const ecs_method *row = ecs_method_find(cmd);
        ecs_method_require(row, ECS_MODEL_FREEMAP, &why);
        return tool_usage_error(cmd, "%s: %s%schoosing the mapping "
                                     "(CaWoSched's problem, docs/cawosched.md) "
                                     "runs with solve and heuristic --mode "
                                     "local only",
                                m->remap ? "--remap" : "--mapping-out",
                                row != NULL ? why.msg : "",
                                row != NULL ? "; " : "");
    }
    if (remapping && m->cws_setup_path == NULL)
        return tool_usage_error(cmd, "%s needs --platform with CaWoSched's "
                                     "setup file",
                                m->remap ? "--remap" : "--mapping-out");
    if (m->cws_setup_path == NULL && m->mapping_path == NULL)
        return 0;
    if (cws == 2) { /* convert: the setup, and a mapping for the base */
        if (m->mapping_path != NULL && m->cws_setup_path == NULL)
            return tool_usage_error(cmd, "--mapping needs --platform with "
                                         "CaWoSched's setup");
        return 0;
    }
    if (!cws) {
        /* a command that runs a method of the table: the table's words */
        ecs_diag why;
        ecs_diag_clear(&why);
        ecs_method_require(ecs_method_find(cmd), ECS_MODEL_FIXEDMAP, &why);
        return tool_usage_error(
            cmd, "%s: %s%sa fixed mapping (CaWoSched's problem, "
                 "docs/cawosched.md) runs with solve, heuristic --mode local "
                 "and validate only; 'ecsched convert GRAPH --platform SETUP' "
                 "writes ecsched's own files for the free mapping",
            m->mapping_path != NULL ? "--mapping" : m->cws_setup_path,
            ecs_method_find(cmd) != NULL ? why.msg : "",
            ecs_method_find(cmd) != NULL ? "; " : "");
    }
    if (m->cws_setup_path == NULL)
        return tool_usage_error(
            cmd, "--mapping needs --platform with CaWoSched's setup file "
                 "(a fixed mapping is CaWoSched's problem; ecsched's own "
                 "platforms choose the mapping)");
    if (m->mapping_path == NULL && !m->remap && strcmp(cmd, "validate") != 0)
        return tool_usage_error(
            cmd, "%s is CaWoSched's setup: give its mapping with --mapping "
                 "FILE, or --remap to choose one (or 'ecsched convert' it for "
                 "the free mapping)",
            m->cws_setup_path);
    /* flags the setup answers: an error, never ignored */
    struct {
        int given;
        const char *flag, *why;
    } clash[] = {
        {m->pes_given, "-p", "the mapping gives the processors"},
        {m->power_given, "--power", "the setup gives the powers"},
        {m->watts > 0, "--watts", "the setup gives the powers"},
        {m->prices_spec != NULL, "--prices", "the setup gives the brown cost and green budget"},
        {m->green_path != NULL, "--green", "the setup gives the green budget"},
        {m->green_price_given, "--green-price", "green power is free in CaWoSched's model"},
        {m->power_cap_kw >= 0, "--power-cap", "CaWoSched's model has no power cap"},
        {m->deadline >= 0, "--deadline", "the setup gives the deadline"},
        {m->extension_given, "--extension", "the setup gives the deadline"},
        {m->base_path != NULL, "--base", "the setup gives the deadline"},
        {m->work_unit > 0 || m->work_unit_auto, "--work-unit", "a task lasts its weight in time units"},
        {m->slot_minutes_given, "--slot-minutes", "CaWoSched's time unit has no length"},
    };
    for (size_t k = 0; k < sizeof clash / sizeof *clash; k++)
        if (clash[k].given)
            return tool_usage_error(cmd, "%s does not apply to CaWoSched's "
                                         "problem (--platform %s): %s",
                                    clash[k].flag, m->cws_setup_path,
                                    clash[k].why);
    if (m->freqs_given && !m->remap &&
        (m->platform.nfreq != 1 || m->platform.freq[0] != 1.0))
        return tool_usage_error(cmd, "--freqs must be 1 with CaWoSched's "
                                     "setup and a fixed mapping: its model has "
                                     "one speed (a task lasts its weight); "
                                     "--remap chooses frequencies too");
    return 0;
}

/* A cost or energy for people (ecs_cws_amount's scale): "%lld", or with
 * four decimals. */
static const char *amount_text(long long v, long scale, char *buf, size_t size)
{
    if (scale <= 1)
        snprintf(buf, size, "%lld", v);
    else
        snprintf(buf, size, "%.4f", (double)v / (double)scale);
    return buf;
}

static void print_human(const ecs_cws_run *r)
{
    const ecs_cws_problem *p = r->in->p;
    size_t P = p->nprocs;
    printf("%-12s CaWoSched's %s (docs/cawosched.md)\n", "problem",
           r->remap ? "model, mapping chosen" : "fixed mapping");
    printf("%-12s %zu + %zu transfers on %zu processors and %zu links\n",
           "tasks", p->ncomp, p->n - p->ncomp, P, P * (P - 1));
    printf("%-12s %ld time units", "deadline", p->deadline);
    if (r->start != NULL)
        printf(" (makespan %ld)", r->ev.makespan);
    printf("\n");
    char a1[48], a2[48], a3[48];
    const long sc = p->scale;
    if (r->start != NULL) {
        printf("%-12s %s (brown energy %s x brown cost %ld)\n", "cost",
               amount_text(r->ev.cost, sc, a1, sizeof a1),
               amount_text(r->ev.brown, sc, a2, sizeof a2), p->brown_cost);
        printf("%-12s %s (idle %s per unit)\n", "energy",
               amount_text(r->ev.energy, sc, a1, sizeof a1),
               amount_text(p->base, sc, a2, sizeof a2));
    }
    if (p->freq != NULL && r->start != NULL) {
        size_t slow = 0;
        for (size_t i = 0; i < p->ncomp; i++)
            slow += p->freq[i] < 1;
        printf("%-12s %zu of %zu tasks below f = 1\n", "frequencies", slow,
               p->ncomp);
    }
    if (r->violation != NULL)
        printf("%-12s %s\n", "violation", r->violation);
    if (r->bound >= 0) {
        printf("%-12s %s (%s)\n", "bound", amount_text(r->bound, sc, a3, sizeof a3),
               r->bound_method);
        if (r->start != NULL)
            printf("%-12s %.4f%%\n", "gap", 100.0 * ecs_cws_gap(r->ev.cost, r->bound));
    }
    printf("%-12s %s\n", "status", r->status);
    if (r->found_by != NULL) {
        printf("%-12s %s", "found by", r->found_by);
        if (r->start_cost >= 0)
            printf(" (best start %s)", amount_text(r->start_cost, sc, a1, sizeof a1));
        printf("\n");
    }
    if (r->remap != NULL) {
        const ecs_remap_stats *x = r->remap;
        printf("%-12s %ld mappings scheduled, %ld taken, from %s", "remap",
               x->evals, x->accepted, x->best_start);
        if (x->given_cost >= 0)
            printf(" (given mapping %s)", amount_text(x->given_cost, sc, a1, sizeof a1));
        printf("\n");
    }
    if (r->m->mapping_out_path != NULL)
        printf("%-12s %s\n", "mapping", r->m->mapping_out_path);
    if (r->milp_ran)
        printf("%-12s %s, cost %lld, bound %lld, %.3f s (%zu columns)\n",
               "milp", r->milp_optimal ? "optimal" : "stopped", r->milp_cost,
               r->milp_bound, r->milp_s, r->milp_cols);
    else if (r->milp_note != NULL)
        printf("%-12s not run: %s\n", "milp", r->milp_note);
    printf("%-12s %.3f s\n", "runtime", r->runtime_s);
}

static int finish(const ecs_cws_run *r, int code)
{
    ecs_diag d;
    ecs_diag_clear(&d);
    if (r->m->out_path != NULL || r->m->json) {
        json_t *doc = ecs_cws_document(r);
        ecs_result rc = doc == NULL ? ecs_diag_set(&d, ECS_ENOMEM, NULL, 0,
                                                   "cannot build the JSON document")
                                    : tool_write_doc(r->m, doc, &d);
        json_decref(doc);
        if (rc != ECS_OK) {
            tool_error(r->cmd, &d);
            return tool_exit_code(rc);
        }
    }
    if (!r->m->json)
        print_human(r);
    return code;
}

/* ---- solve and local ---- */

/* Write the mapping of in to m->mapping_out_path (CaWoSched's text). */
static ecs_result write_mapping(const tool_model *m, const ecs_cws_files *in,
                                ecs_diag *d)
{
    if (m->mapping_out_path == NULL)
        return ECS_OK;
    char *text = NULL;
    ecs_result rc = ecs_cws_mapping_text(in->map, &text, d);
    if (rc == ECS_OK)
        rc = tool_write_file(m->mapping_out_path, text, d);
    free(text);
    return rc;
}

int tool_cws_run(const char *cmd, const tool_model *m, const char *graph_path,
                 const tool_cws_opts *o)
{
    double t0 = ecs_clock_now();
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_cws_files in;
    ecs_result rc = ecs_cws_files_load(m, graph_path, &in, &d);
    if (rc != ECS_OK) {
        tool_error(cmd, &d);
        ecs_cws_files_release(&in);
        return tool_exit_code(rc);
    }
    ecs_cws_run r;
    memset(&r, 0, sizeof r);
    r.cmd = cmd;
    r.method = o->method == TOOL_CWS_SOLVE ? "solve" : "local";
    r.graph_path = graph_path;
    r.m = m;
    r.in = &in;
    r.bound = -1;
    r.start_cost = -1;
    int code = TOOL_EXIT_OK;
    ecs_method_out out;
    memset(&out, 0, sizeof out);
    /* the method table's row (ecsched/method.h): on a fixed mapping local
     * is the scheduler, solve the plan of scheduler, bound and MILP; with
     * the mapping chosen (--remap) remap is the mapping search, solve the
     * plan of its bound and the search stopping at it */
    ecs_method_args a;
    ecs_method_args_init(&a);
    a.time_limit_s = o->time_limit_s;
    a.gap = o->gap;
    a.seed = o->seed;
    const char *row = r.method;
    ecs_remap_params q;
    if (m->remap) {
        ecs_remap_params_init(&q);
        q.freqs = ecs_cws_remap_freqs(m, &q.nfreqs);
        q.seed = o->seed;
        if (o->time_limit_s > 0)
            q.time_limit = o->time_limit_s;
        a.params = &q;
        a.graph = in.g;
        a.cws_setup = in.setup;
        a.cws_map = in.map;
        if (o->method == TOOL_CWS_LOCAL)
            row = "remap";
    } else
        a.cws = in.p;
    rc = ecs_method_run(ecs_method_find(row), &a, &out, &d);
    if (rc == ECS_EINFEASIBLE && m->remap) {
        /* no mapping meets the deadline: no problem to document */
        tool_error(cmd, &d);
        code = TOOL_EXIT_INFEASIBLE;
        goto done;
    }
    if (rc == ECS_EINFEASIBLE) {
        /* no schedule: the document says so, exit 1 */
        tool_error(cmd, &d);
        r.status = "infeasible";
        r.runtime_s = ecs_clock_now() - t0;
        code = finish(&r, TOOL_EXIT_INFEASIBLE);
        goto done;
    }
    if (rc != ECS_OK)
        goto fail;
    if (out.remap_ran) {
        /* the chosen mapping and its problem replace the given ones */
        ecs_cws_mapping_free(in.map);
        ecs_cws_problem_free(in.p);
        in.map = out.cws_map;
        in.p = out.cws_problem;
        out.cws_map = NULL;
        out.cws_problem = NULL;
        r.remap = &out.remap;
    }
    const long *start = out.cws_start;
    r.found_by = out.found_by;
    r.start_cost = isnan(out.start_cost) ? -1 : (long long)out.start_cost;
    if (!isnan(out.bound)) {
        r.bound = (long long)out.bound;
        r.bound_method = out.bound_method;
    }
    r.milp_note = out.note;
    if (out.milp_ran) {
        r.milp_ran = 1;
        r.milp_optimal = out.milp.optimal;
        r.milp_cost = out.milp.cost;
        r.milp_bound = out.milp.bound;
        r.milp_s = out.milp.seconds;
        r.milp_cols = out.milp.cols;
        r.milp_rows = out.milp.rows;
    }
    /* the schedule as the evaluator sees it: the figures printed */
    ecs_diag ed;
    ecs_diag_clear(&ed);
    rc = ecs_cws_evaluate(in.p, start, &r.ev, &ed);
    if (rc != ECS_OK) {
        ecs_diag_set(&d, ECS_EINTERNAL, NULL, 0,
                     "internal: the schedule fails the evaluator: %s", ed.msg);
        rc = ECS_EINTERNAL;
        goto fail;
    }
    if ((rc = write_mapping(m, &in, &d)) != ECS_OK)
        goto fail;
    r.start = start;
    r.status = r.bound >= r.ev.cost ? "optimal" : "feasible";
    r.runtime_s = ecs_clock_now() - t0;
    code = finish(&r, TOOL_EXIT_OK);
    goto done;
fail:
    tool_error(cmd, &d);
    code = tool_exit_code(rc);
done:
    ecs_method_out_release(&out);
    ecs_cws_files_release(&in);
    return code;
}

/* ---- validate ---- */

/* Without --mapping: the mapping the document records ("mapping":
 * {"order": [[ids of processor 0], ...]}), and its problem, into in. */
static ecs_result doc_mapping(ecs_cws_files *in, const json_t *doc,
                              const char *name, ecs_diag *d)
{
    const json_t *o = doc ? json_object_get(json_object_get(doc, "mapping"), "order") : NULL;
    if (!json_is_array(o))
        return ecs_diag_set(d, ECS_EPARSE, name, 0,
                            "the schedule does not record its mapping "
                            "(\"mapping\": {\"order\": [...]}): give it "
                            "with --mapping FILE");
    size_t P = json_array_size(o), n = 0;
    for (size_t q = 0; q < P; q++)
        n += json_array_size(json_array_get(o, q));
    ecs_cws_mapping *map = calloc(1, sizeof *map);
    if (map == NULL || (map->off = calloc(P + 1, sizeof *map->off)) == NULL ||
        (map->task = malloc((n ? n : 1) * sizeof *map->task)) == NULL) {
        ecs_cws_mapping_free(map);
        return ecs_diag_set(d, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    map->nprocs = P;
    for (size_t q = 0; q < P; q++) {
        const json_t *l = json_array_get(o, q);
        for (size_t j = 0; j < json_array_size(l); j++) {
            const json_t *x = json_array_get(l, j);
            if (!json_is_integer(x)) {
                ecs_cws_mapping_free(map);
                return ecs_diag_set(d, ECS_EPARSE, name, 0,
                                    "mapping.order[%zu][%zu] must be a task id",
                                    q, j);
            }
            map->task[map->ntasks++] = (long)json_integer_value(x);
        }
        map->off[q + 1] = map->ntasks;
    }
    in->map = map;
    ecs_result rc = ecs_cws_problem_build(in->g, map, in->setup, &in->p, d);
    if (rc != ECS_OK) {
        char msg[ECS_DIAG_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", d->msg);
        ecs_diag_set(d, rc, name, 0, "the recorded mapping: %s", msg);
    }
    return rc;
}

/* A document whose tasks have "freq" (--remap --freqs): the problem again
 * with those frequencies (ecs_cws_problem_build_freq). */
static ecs_result doc_freqs(ecs_cws_files *in, const json_t *doc, const char *name,
                            ecs_diag *d)
{
    const json_t *ta = json_object_get(doc, "tasks");
    size_t n = in->g->n, k;
    const json_t *o;
    int any = 0;
    json_array_foreach(ta, k, o) any |= json_object_get(o, "freq") != NULL;
    if (!any)
        return ECS_OK;
    double *f = malloc((n ? n : 1) * sizeof *f);
    if (f == NULL)
        return ecs_diag_set(d, ECS_ENOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < n; i++)
        f[i] = 1;
    ecs_result rc = ECS_OK;
    json_array_foreach(ta, k, o)
    {
        const json_t *id = json_object_get(o, "id"), *fq = json_object_get(o, "freq");
        size_t i = json_is_integer(id) ? ecs_graph_find(in->g, (long)json_integer_value(id))
                                       : (size_t)-1;
        if (fq == NULL)
            continue;
        if (i >= n || !json_is_number(fq)) {
            rc = ecs_diag_set(d, ECS_EPARSE, name, 0,
                              "tasks[%zu]: needs a task id of the graph and a "
                              "number freq", k);
            break;
        }
        f[i] = json_number_value(fq);
    }
    ecs_cws_problem *p = NULL;
    if (rc == ECS_OK)
        rc = ecs_cws_problem_build_freq(in->g, in->map, in->setup, f,
                                        ECS_CWS_FREQ_SCALE, &p, d);
    if (rc == ECS_OK) {
        ecs_cws_problem_free(in->p);
        in->p = p;
    } else if (d->file[0] == '\0') {
        char msg[ECS_DIAG_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", d->msg);
        ecs_diag_set(d, rc, name, 0, "%s", msg);
    }
    free(f);
    return rc;
}

int tool_cws_validate(const char *cmd, const tool_model *m,
                      const char *graph_path, const char *sched_path)
{
    double t0 = ecs_clock_now();
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_cws_files in;
    char *buf = NULL;
    size_t len = 0;
    long *start = NULL;
    json_t *doc = NULL;
    ecs_result rc = ecs_cws_files_load(m, graph_path, &in, &d);
    if (rc == ECS_OK)
        rc = ecs_read_file(sched_path, m->limits.max_input_bytes, &buf, &len, &d);
    size_t k = 0;
    while (rc == ECS_OK && k < len && strchr(" \t\r\n", buf[k]) != NULL)
        k++;
    if (rc == ECS_OK && k < len && buf[k] == '{') {
        json_error_t je;
        if ((doc = json_loadb(buf, len, 0, &je)) == NULL)
            rc = ecs_diag_set(&d, ECS_EPARSE, sched_path, je.line, "%s",
                              je.text);
    }
    if (rc == ECS_OK && in.p == NULL) /* no --mapping: the document's */
        rc = doc_mapping(&in, doc, sched_path, &d);
    if (rc == ECS_OK && doc != NULL) /* --remap --freqs: the tasks' */
        rc = doc_freqs(&in, doc, sched_path, &d);
    if (rc == ECS_OK && (start = malloc((in.p->n ? in.p->n : 1) * sizeof *start)) == NULL)
        rc = ecs_diag_set(&d, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == ECS_OK)
        rc = ecs_cws_starts_read_any(in.p, buf, len, sched_path, start, &d);
    free(buf);
    json_decref(doc);
    int code;
    if (rc != ECS_OK) {
        tool_error(cmd, &d);
        code = tool_exit_code(rc);
    } else {
        ecs_cws_run r;
        memset(&r, 0, sizeof r);
        r.cmd = cmd;
        r.method = "validate";
        r.graph_path = graph_path;
        r.m = m;
        r.in = &in;
        r.bound = -1;
        r.start_cost = -1;
        ecs_diag vd;
        ecs_diag_clear(&vd);
        rc = ecs_cws_evaluate(in.p, start, &r.ev, &vd);
        r.start = start;
        if (rc == ECS_EVIOLATION) {
            r.violation = vd.msg;
            r.status = "invalid";
            tool_errorf(cmd, "%s: %s", sched_path, vd.msg);
        } else if (rc != ECS_OK) {
            tool_error(cmd, &vd);
            code = tool_exit_code(rc);
            goto done;
        } else
            r.status = "valid";
        r.runtime_s = ecs_clock_now() - t0;
        code = finish(&r, r.ev.valid ? TOOL_EXIT_OK : TOOL_EXIT_INFEASIBLE);
    }
done:
    free(start);
    ecs_cws_files_release(&in);
    return code;
}

/* ---- convert: CaWoSched's setup as ecsched's platform ---- */

/* Append printf output to a growing buffer; -1 when out of memory. */
static int cat(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int cat(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(*buf ? *buf + *len : NULL, *buf ? *cap - *len : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return -1;
        if (*buf != NULL && *len + (size_t)k < *cap) {
            *len += (size_t)k;
            return 0;
        }
        size_t nc = (*cap ? *cap * 2 : 4096) + (size_t)k;
        char *nb = realloc(*buf, nc);
        if (nb == NULL)
            return -1;
        *buf = nb;
        *cap = nc;
    }
}

/* Path of a file beside out (out without ".json", then sfx). */
static void beside(const char *out, const char *sfx, char *path, size_t size)
{
    size_t n = strlen(out);
    if (n > 5 && strcmp(out + n - 5, ".json") == 0)
        n -= 5;
    snprintf(path, size, "%.*s%s", (int)n, out, sfx);
}

static const char *base_of(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The fixed mapping's schedule (ecsched's scheduler) as a base schedule
 * of the converted platform: CaWoSched's processor k is the PE pe[k]
 * (classes in order, PEs class by class), transfers dropped; one slot per
 * time unit at f = 1.  Written to path. */
static ecs_result write_base(const tool_model *m, const char *graph_path,
                             const size_t *pe, const char *path, ecs_diag *d)
{
    ecs_cws_files in;
    ecs_result rc = ecs_cws_files_load(m, graph_path, &in, d);
    long *start = NULL;
    char *text = NULL;
    json_t *doc = NULL, *tasks = NULL;
    if (rc == ECS_OK && (start = malloc((in.p->n ? in.p->n : 1) * sizeof *start)) == NULL)
        rc = ecs_diag_set(d, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_fixedmap_params q;
    ecs_fixedmap_params_init(&q);
    if (rc == ECS_OK)
        rc = ecs_fixedmap_schedule(in.p, &q, start, NULL, d);
    if (rc == ECS_OK) {
        tasks = json_array();
        int bad = tasks == NULL;
        for (size_t i = 0; !bad && i < in.p->ncomp; i++) {
            if (in.p->dur[i] <= 0)
                continue;
            json_t *o = json_pack("{s:I, s:I, s:I, s:I}", "id",
                                  (json_int_t)in.p->graph_id[i], "pe",
                                  (json_int_t)pe[in.p->proc[i]], "start",
                                  (json_int_t)start[i], "stop",
                                  (json_int_t)(start[i] + in.p->dur[i] - 1));
            bad = o == NULL || json_array_append_new(tasks, o) != 0;
        }
        char desc[1024];
        snprintf(desc, sizeof desc,
                 "the fixed mapping %s's schedule by ecsched's scheduler, "
                 "transfers dropped, as a base for the converted platform "
                 "(solve GRAPH --platform ... --base THIS)", m->mapping_path);
        if (!bad)
            doc = json_pack("{s:s, s:O}", "description", desc, "tasks", tasks);
        text = ecs_json_dumps_line(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        rc = text == NULL ? ecs_diag_set(d, ECS_ENOMEM, NULL, 0, "out of memory")
                          : tool_write_file(path, text, d);
    }
    free(text);
    json_decref(doc);
    json_decref(tasks);
    free(start);
    ecs_cws_files_release(&in);
    return rc;
}

int tool_cws_convert_platform(const char *cmd, const tool_model *m,
                              const char *graph_path, const char *out)
{
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_cws_setup *s = NULL;
    ecs_result rc = ecs_cws_setup_read_file(m->cws_setup_path, &s, &d);
    if (rc != ECS_OK) {
        tool_error(cmd, &d);
        return tool_exit_code(rc);
    }
    size_t P = s->nprocs;
    long long links = 0, shortfall = 0;
    for (size_t k = P; k < P * P; k++)
        links += s->idle[k];
    char ppath[ECS_PLAT_PATH + 32], gpath[ECS_PLAT_PATH + 32];
    beside(out, ".prices.csv", ppath, sizeof ppath);
    beside(out, ".green.csv", gpath, sizeof gpath);
    char *pc = NULL, *gc = NULL, *js = NULL;
    size_t pl = 0, pcap = 0, gl = 0, gcap = 0;
    int bad = cat(&pc, &pl, &pcap, "price\n") ||
              cat(&gc, &gl, &gcap, "green_kwh\n");
    for (size_t k = 0; !bad && k < s->nintervals; k++)
        for (long t = s->bound[k]; !bad && t < s->bound[k + 1]; t++) {
            long long g = s->budget[k] - links;
            if (g < 0)
                shortfall -= g;
            bad = cat(&pc, &pl, &pcap, "%lld\n", 1000LL * s->brown_cost) ||
                  cat(&gc, &gl, &gcap, "%lld\n", g > 0 ? g : 0);
        }
    /* the classes: one per distinct (idle, work) pair, in order of first
     * appearance */
    json_t *classes = json_array();
    size_t ncls = 0;
    bad = bad || classes == NULL;
    for (size_t k = 0; !bad && k < P; k++) {
        size_t first = k, count = 0;
        for (size_t i = 0; i < k; i++)
            if (s->idle[i] == s->idle[k] && s->work[i] == s->work[k])
                first = i;
        if (first != k)
            continue;
        for (size_t i = k; i < P; i++)
            count += s->idle[i] == s->idle[k] && s->work[i] == s->work[k];
        char name[64];
        snprintf(name, sizeof name, "idle%ld_work%ld", s->idle[k], s->work[k]);
        json_t *w = json_object();
        bad = w == NULL ||
              json_object_set_new(w, "quadratic",
                                  json_integer(1000LL * (s->idle[k] + s->work[k])));
        ecs_json_kv kv[] = {
            {"name", json_string(name)},
            {"count", json_integer((json_int_t)count)},
            {"speed", json_integer(1)},
            {"watts", w},
            {"idle_watts", json_integer(1000LL * s->idle[k])},
        };
        json_t *c = ecs_json_object_kv(kv, sizeof kv / sizeof *kv);
        bad = c == NULL || json_array_append_new(classes, c) != 0;
        ncls++;
    }
    /* PEs class by class: processor k's PE */
    size_t *pe = malloc((P ? P : 1) * sizeof *pe), next = 0;
    bad = bad || pe == NULL;
    for (size_t k = 0; !bad && k < P; k++) {
        int seen = 0;
        for (size_t i = 0; i < k; i++)
            seen |= s->idle[i] == s->idle[k] && s->work[i] == s->work[k];
        if (seen)
            continue;
        for (size_t i = k; i < P; i++)
            if (s->idle[i] == s->idle[k] && s->work[i] == s->work[k])
                pe[i] = next++;
    }
    char desc[2048];
    snprintf(desc, sizeof desc,
             "CaWoSched's setup %s converted by ecsched convert "
             "(docs/cawosched.md): %zu processors in %zu classes (one per "
             "(idle, work) power pair; CaWoSched's power unit = 1 kW, busy "
             "draw idle + work at f = 1, idle + work f^2 below), one slot = "
             "one time unit, the green budget per unit in kWh per slot, the "
             "grid at the brown cost %ld per kWh, so that ecsched's cost is "
             "CaWoSched's brown energy and cost_money its cost.  Run with "
             "--deadline %ld.  Not carried over: the mapping (ecsched "
             "chooses it) and communication (no transfers; the %zu links' "
             "idle draw %lld per unit is taken from the green budget, and "
             "the %lld units of it the budget does not cover cost %lld in "
             "CaWoSched's model and nothing here)",
             m->cws_setup_path, P, ncls, s->brown_cost, s->deadline,
             P * (P - 1), links, shortfall, shortfall * s->brown_cost);
    if (!bad) {
        json_t *src = json_pack("[{s:s, s:s, s:i}]", "name", "green", "file",
                                base_of(gpath), "price", 0);
        json_t *site = json_pack("[{s:s, s:{s:s, s:s}, s:o}]", "name", "site",
                                 "prices", "file", base_of(ppath), "unit",
                                 "CWS/MWh", "sources", src);
        json_t *doc = site == NULL ? NULL
                                   : json_pack("{s:s, s:i, s:o, s:O}",
                                               "description", desc,
                                               "slot_minutes", 60, "sites",
                                               site, "classes", classes);
        bad = doc == NULL;
        if (!bad)
            js = ecs_json_dumps_line(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        json_decref(doc);
        bad = js == NULL;
    }
    json_decref(classes);
    if (bad)
        rc = ecs_diag_set(&d, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == ECS_OK)
        rc = tool_write_file(ppath, pc, &d);
    if (rc == ECS_OK)
        rc = tool_write_file(gpath, gc, &d);
    if (rc == ECS_OK)
        rc = tool_write_file(out, js, &d);
    char bpath[ECS_PLAT_PATH + 32] = "";
    if (rc == ECS_OK && m->mapping_path != NULL) {
        beside(out, ".base.json", bpath, sizeof bpath);
        rc = write_base(m, graph_path, pe, bpath, &d);
    }
    free(pe);
    free(pc);
    free(gc);
    free(js);
    long D = s->deadline;
    ecs_cws_setup_free(s);
    if (rc != ECS_OK) {
        tool_error(cmd, &d);
        return tool_exit_code(rc);
    }
    fprintf(stderr, "ecsched %s: wrote %s (%zu classes; %s, %s%s%s); "
                    "schedule with --platform %s --deadline %ld%s%s\n",
            cmd, out, ncls, base_of(ppath), base_of(gpath),
            bpath[0] ? ", " : "", base_of(bpath), out, D,
            bpath[0] ? " --base " : "", bpath);
    return TOOL_EXIT_OK;
}
