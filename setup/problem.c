/* The problem every scheduling command starts from: the graph, the base
 * schedule (makespan-optimal, or the user's --base), D' and the prices. */
#include "ecsched/problem.h"

#include "ecsched/clock.h"
#include "ecsched/listsched.h"
#include "ecsched/makespan.h"
#include "ecsched/record.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ecs_result ecs_setup_deadline(const ecs_setup *m, long makespan, long *out,
                            ecs_diag *diag)
{
    if (m->deadline > 0 && m->extension_given)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "give --extension or --deadline, not both");
    if (m->deadline > 0) {
        *out = m->deadline;
        return ecs_check_slots(&m->limits, m->deadline, NULL,
                                   "--deadline", diag);
    }
    if (ecs_decimal_extend(makespan, m->extension, out) != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--extension is too large");
    return ecs_check_slots(&m->limits, *out, NULL,
                               "the deadline makespan * (1 + --extension)",
                               diag);
}

ecs_result ecs_read_base(const char *path, const ecs_limits *lim,
                             const ecs_graph *g,
                             const ecs_platform *p, ecs_schedule **out,
                             ecs_diag *diag)
{
    ecs_schedule *s = NULL;
    ecs_result rc = ecs_document_read(path, lim, g, p, &s, NULL, diag);
    if (rc != ECS_OK)
        return rc;
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0)
            continue;
        int full = t->stop - t->start + 1 == g->work[i];
        for (long l = t->start; full && l <= t->stop; l++)
            full = t->freq[l - t->start] == 0;
        if (!full) {
            long want = t->start + g->work[i] - 1; /* t dies with s */
            ecs_schedule_free(s);
            return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                                "task %ld: a base schedule runs every task at f = 1 "
                                "(stop = start + work - 1 = %ld)",
                                g->id[i], want);
        }
    }
    long m = ecs_schedule_makespan(s);
    double *zero = calloc((size_t)(m > 0 ? m : 1), sizeof *zero);
    if (zero == NULL) {
        ecs_schedule_free(s);
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    }
    ecs_check_report r;
    rc = ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, zero, (size_t)(m > 0 ? m : 1), 0), s, &r, NULL);
    free(zero);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return ecs_diag_set(diag, ECS_EPARSE, path, 0,
                            "not a valid base schedule: %s", r.msg);
    }
    *out = s;
    return ECS_OK;
}

static ecs_result load_base(const ecs_setup *m, double time_limit_s,
                            ecs_problem *pb, ecs_diag *diag)
{
    if (m->base_path != NULL) {
        ecs_result rc = ecs_read_base(m->base_path, &m->limits, pb->g,
                                          &m->platform,
                                          &pb->base, diag);
        if (rc != ECS_OK)
            return rc;
        if (ecs_schedule_pes_used(pb->base) > m->platform.pes)
            return ecs_diag_set(diag, ECS_EPARSE, m->base_path, 0,
                                "the base schedule uses %d PEs, but -p gives %d",
                                ecs_schedule_pes_used(pb->base),
                                m->platform.pes);
        pb->base_from_file = 1;
        pb->base_makespan = ecs_schedule_makespan(pb->base);
        pb->base_lower_bound = ecs_makespan_lower_bound(pb->g, m->platform.pes);
        pb->base_optimal = 0;
        return ECS_OK;
    }
    if (m->plat.on) {
        /* the extended platform: a list schedule whose every task does its
         * work on any class at f = 1 (ecs_plat_base) */
        double t = ecs_clock_now();
        ecs_result rc = ecs_plat_base(pb->g, &m->platform, &pb->base, diag);
        if (rc != ECS_OK)
            return rc;
        pb->base_makespan = ecs_schedule_makespan(pb->base);
        pb->base_lower_bound = 1;
        pb->base_optimal = 0;
        pb->base_list = 1;
        pb->base_runtime_s = ecs_clock_now() - t;
        return ECS_OK;
    }
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    prm.time_limit_s = time_limit_s;
    prm.progress = m->base_progress;
    ecs_makespan_result r;
    ecs_result rc = ecs_makespan_solve(pb->g, m->platform.pes, &prm, &r, diag);
    if (m->base_progress != NULL && m->base_progress_done != NULL)
        m->base_progress_done();
    if (rc != ECS_OK)
        return rc;
    pb->base = r.schedule;
    pb->base_makespan = r.makespan;
    pb->base_optimal = r.optimal;
    pb->base_lower_bound = r.lower_bound;
    pb->base_nodes = r.nodes;
    pb->base_runtime_s = r.runtime_s;
    return ECS_OK;
}

ecs_result ecs_problem_load(const ecs_setup *m, const char *graph_path,
                                double makespan_time_limit_s,
                                ecs_problem *pb, ecs_diag *diag)
{
    memset(pb, 0, sizeof *pb);
    ecs_graph *raw = NULL;
    ecs_result rc = ecs_setup_read_graph(graph_path, m, &raw, diag);
    if (rc != ECS_OK)
        return rc;
    return ecs_problem_assemble(m, raw, graph_path, makespan_time_limit_s,
                                pb, diag);
}

ecs_result ecs_problem_assemble(const ecs_setup *m, ecs_graph *raw,
                                const char *graph_path,
                                double makespan_time_limit_s,
                                ecs_problem *pb, ecs_diag *diag)
{
    memset(pb, 0, sizeof *pb);
    pb->graph_path = graph_path;
    pb->raw = raw;
    ecs_result rc = ecs_setup_check_horizon(m, raw, 0, diag);
    if (rc == ECS_OK)
        rc = ecs_graph_contract(raw, &pb->g, diag);
    if (rc == ECS_OK)
        rc = load_base(m, makespan_time_limit_s, pb, diag);
    if (rc == ECS_OK)
        rc = ecs_setup_deadline(m, pb->base_makespan, &pb->deadline, diag);
    if (rc == ECS_OK && pb->deadline > ECS_MAX_HORIZON &&
        pb->base_makespan > 0 && pb->base_makespan <= ECS_MAX_HORIZON) {
        /* the deadline alone is too long: name what fits, the largest E
         * in thousandths with floor(M (1 + E)) <= ECS_MAX_HORIZON */
        long M = pb->base_makespan;
        long e3 = (ECS_MAX_HORIZON - M) * 1000 / M;
        rc = ecs_diag_set(diag, ECS_EINVAL, pb->raw->source, 0,
                          "the deadline D' = %ld slots is more than the %ld "
                          "slots the model is meant for: --deadline %ld, or "
                          "--extension %ld.%03ld or less (base makespan %ld "
                          "slots)",
                          pb->deadline, ECS_MAX_HORIZON, ECS_MAX_HORIZON,
                          e3 / 1000, e3 % 1000, M);
    }
    if (rc == ECS_OK)
        rc = ecs_setup_check_horizon(m, pb->raw, pb->deadline, diag);
    if (rc == ECS_OK)
        rc = ecs_problem_prices(m, pb, diag);
    if (rc != ECS_OK)
        ecs_problem_release(pb);
    return rc;
}

/* An instance that borrows pb's graph, platform, prices and extended
 * platform, deadline D'; nothing derived. */
static void problem_borrow(const ecs_problem *pb, ecs_instance *inst)
{
    ecs_instance_init(inst, pb->g, pb->platform, pb->prices.price,
                      pb->prices.n, pb->deadline);
    ecs_ext_instance(&pb->ext, inst);
}

/* pb->inst on pb's graph, platform, prices and extended platform, with
 * the deadline rule; prepared when valid (an invalid one, e.g. D' = 0 of
 * an empty graph, is left for the methods to refuse with their words). */
static ecs_result problem_instance(const ecs_setup *m, ecs_problem *pb,
                                   ecs_diag *diag)
{
    ecs_instance *inst = &pb->inst;
    problem_borrow(pb, inst);
    inst->rule = ecs_setup_deadline_rule(m);
    if (inst->rule == ECS_DEADLINE_EXTENSION) {
        inst->extension = ecs_decimal_value(m->extension);
        inst->base_makespan = pb->base_makespan;
    }
    if (ecs_instance_validate(inst, NULL) != ECS_OK)
        return ECS_OK;
    return ecs_instance_prepare(inst, diag);
}

ecs_result ecs_problem_prices(const ecs_setup *m, ecs_problem *pb,
                               ecs_diag *diag)
{
    ecs_instance_release(&pb->inst);
    if (pb->have_prices)
        ecs_slot_prices_release(&pb->prices);
    ecs_ext_release(&pb->ext);
    pb->have_prices = 0;
    pb->platform = &m->platform;
    long n = pb->deadline > pb->base_makespan ? pb->deadline : pb->base_makespan;
    ecs_result rc = ecs_plat_load(m, (size_t)(n > 0 ? n : 1), &pb->prices,
                                   &pb->ext, diag);
    if (rc != ECS_OK)
        return rc;
    pb->have_prices = 1;
    pb->base_cost = 0.0;
    rc = problem_instance(m, pb, diag);
    if (rc != ECS_OK)
        return rc;
    if (pb->ext.on) {
        /* every PE is on until D' (or the base's makespan when longer) */
        ecs_instance inst;
        problem_borrow(pb, &inst);
        inst.deadline = n;
        /* the cost of its draw, also when it breaks a cap (the checker
         * stops at the first violation) */
        ecs_energy_split e;
        if (ecs_check_energy_split(&inst, pb->base, &e, diag) != ECS_OK)
            return ECS_ENOMEM;
        pb->base_cost = e.cost;
        return ECS_OK;
    }
    for (size_t i = 0; i < pb->g->n; i++)
        pb->base_cost += ecs_check_task_cost(&m->platform, pb->prices.price,
                                             pb->prices.n, &pb->base->task[i]);
    return ECS_OK;
}

void ecs_problem_release(ecs_problem *pb)
{
    if (pb == NULL)
        return;
    ecs_instance_release(&pb->inst);
    ecs_schedule_free(pb->base);
    ecs_graph_free(pb->g);
    ecs_graph_free(pb->raw);
    if (pb->have_prices)
        ecs_slot_prices_release(&pb->prices);
    ecs_ext_release(&pb->ext);
    memset(pb, 0, sizeof *pb);
}


void ecs_problem_doc_info(const ecs_problem *pb,
                              const ecs_setup *m, const char *cmd,
                              ecs_doc_info *in)
{
    memset(in, 0, sizeof *in);
    in->command = cmd;
    in->graph_file = pb->graph_path;
    in->raw = pb->raw;
    in->platform = &m->platform;
    in->prices = &pb->prices;
    in->deadline = pb->deadline;
    in->has_base_cost = 1;
    in->base_cost = pb->base_cost;
    in->model = m;
    in->problem = pb;
}

json_t *ecs_problem_base_json(const ecs_problem *pb, double makespan_limit_s)
{
    ecs_json_kv kv[] = {
        {"makespan", json_integer(pb->base_makespan)},
        {"status", json_string(pb->base_list ? "list"
                                              : ecs_record_base_status(pb->base_from_file, pb->base_optimal))},
        {"optimal", json_boolean(pb->base_optimal)},
        {"lower_bound", json_integer(pb->base_lower_bound)},
        {"nodes", pb->base_from_file || pb->base_list ? json_null()
                                                      : json_integer((json_int_t)pb->base_nodes)},
        {"runtime_s", ecs_json_num(pb->base_runtime_s)},
        {"makespan_limit_s", pb->base_from_file || pb->base_list ? json_null()
                                                                 : ecs_json_num(makespan_limit_s)},
    };
    return ecs_json_object_kv(kv, sizeof kv / sizeof *kv);
}

int ecs_document_add_record(json_t *doc, const ecs_problem *pb,
                           const ecs_setup *m, json_t *params,
                           double makespan_limit_s, double t0, double c0)
{
    ecs_diag d;
    json_t *ps = ecs_record_price_source(m->prices_spec, &m->price_opt, &d);
    json_t *model = ps ? ecs_record_model(m, ps) : NULL;
    json_t *base = ecs_problem_base_json(pb, makespan_limit_s);
    json_t *ctx = ecs_record_context(1, ecs_clock_now() - t0, ecs_clock_cpu() - c0);
    int bad = model == NULL || base == NULL || ctx == NULL;
    bad = bad || json_object_set(doc, "model", model) != 0;
    bad = bad || (params != NULL && json_object_set(doc, "params", params) != 0);
    bad = bad || json_object_set(doc, "base", base) != 0;
    bad = bad || json_object_set(doc, "context", ctx) != 0;
    json_decref(model);
    json_decref(params);
    json_decref(base);
    json_decref(ctx);
    return bad ? -1 : 0;
}
