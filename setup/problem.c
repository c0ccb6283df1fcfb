/* The problem every scheduling command starts from: the graph, the base
 * schedule (makespan-optimal, or the user's --base), D' and the prices. */
#include "ecsched/problem.h"

#include "ecsched/clock.h"
#include "ecsched/listsched.h"
#include "ecsched/makespan.h"
#include "ecsched/record.h"

#include <limits.h>
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

/* The makespan solver on the paper's platform, or on equal PEs of an
 * extended one (every task of work w taking dur[i] = ceil(w G / q_0)
 * slots; dur NULL: the graph's work). */
static ecs_result base_search(const ecs_setup *m, const ecs_graph *g,
                              const long *dur, int pes, double time_limit_s,
                              ecs_problem *pb, ecs_diag *diag)
{
    ecs_graph *h = NULL;
    if (dur != NULL) {
        size_t ne = g->pred_off[g->n], k = 0;
        ecs_edge *e = malloc((ne ? ne : 1) * sizeof *e);
        if (e == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        for (size_t v = 0; v < g->n; v++)
            for (size_t q = g->pred_off[v]; q < g->pred_off[v + 1]; q++)
                e[k++] = (ecs_edge){g->pred[q], v, 0};
        ecs_result rc = ecs_graph_build(g->n, g->id, dur, NULL, ne, e, 0, &h, diag);
        free(e);
        if (rc != ECS_OK)
            return rc;
    }
    ecs_makespan_params prm;
    ecs_makespan_params_init(&prm);
    prm.time_limit_s = time_limit_s;
    prm.progress = m->base_progress;
    ecs_makespan_result r;
    ecs_result rc = ecs_makespan_solve(h ? h : g, pes, &prm, &r, diag);
    if (m->base_progress != NULL && m->base_progress_done != NULL)
        m->base_progress_done();
    ecs_graph_free(h);
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

/* A lower bound on the makespan of g on classes at f = 1: the critical
 * path at the fastest class's durations, and the work over the machine's
 * grid steps per slot. */
static long classes_lower_bound(const ecs_graph *g, const ecs_platform *p)
{
    long vmax = 0, cap = 0, *bl = malloc((g->n ? g->n : 1) * sizeof *bl);
    for (size_t c = 0; c < p->nclass; c++) {
        if (p->cls[c].speed_q[0] > vmax)
            vmax = p->cls[c].speed_q[0];
        cap += p->cls[c].count * p->cls[c].speed_q[0];
    }
    if (bl == NULL || vmax <= 0 || cap <= 0) {
        free(bl);
        return 1;
    }
    double total = 0;
    long lb = 1;
    for (size_t k = g->n; k-- > 0;) {
        size_t v = g->topo[k];
        long best = 0;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            if (bl[g->succ[e]] > best)
                best = bl[g->succ[e]];
        bl[v] = (g->work[v] * p->grid + vmax - 1) / vmax + best;
        if (bl[v] > lb)
            lb = bl[v];
        total += (double)g->work[v] * (double)p->grid;
    }
    free(bl);
    long load = (long)ceil(total / (double)cap - 1e-9);
    return load > lb ? load : lb;
}

/*
 * The base of an extended platform (docs/MODEL.md "Base schedule"): on
 * equal PEs (one top speed) without a cap that can bind, the makespan
 * solver as on the paper's platform (the same M, so the same D', with or
 * without a source); otherwise the list schedule on the classes, under the
 * caps where a cap can bind (below the site's draw with every PE busy at
 * f = 1), so that D' = floor(M (1 + E)) is met by some schedule.
 */
static ecs_result plat_base(const ecs_setup *m, double time_limit_s,
                            ecs_problem *pb, ecs_diag *diag)
{
    const ecs_platform *p = &m->platform;
    const ecs_graph *g = pb->g;
    double t = ecs_clock_now();
    int equal = 1, any_cap = 0;
    for (size_t c = 1; c < p->nclass; c++)
        equal &= p->cls[c].speed_q[0] == p->cls[0].speed_q[0];
    for (int s = 0; s < m->plat.nsite; s++)
        any_cap |= m->plat.site[s].cap_kw >= 0 || m->plat.site[s].cap.spec[0];
    /* the caps over a horizon no list schedule outlasts when one task at
     * a time fits: every task one after the other on the slowest class */
    const double *caps[ECS_MAX_SITES] = {0};
    int binds = 0;
    ecs_slot_prices sp;
    ecs_ext ext;
    memset(&ext, 0, sizeof ext);
    size_t h = 0;
    if (any_cap) {
        long vmin = LONG_MAX;
        for (size_t c = 0; c < p->nclass; c++)
            if (p->cls[c].speed_q[0] < vmin)
                vmin = p->cls[c].speed_q[0];
        for (size_t v = 0; v < g->n; v++)
            h += (size_t)((g->work[v] * p->grid + vmin - 1) / vmin);
        h = 2 * h + 1;
        /* planned over more slots than the problem may need: repeated
         * here even under --no-repeat (the problem's own load says it
         * if its horizon outlasts a series) */
        ecs_setup *mm = malloc(sizeof *mm);
        if (mm == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        *mm = *m;
        mm->price_opt.no_repeat = 0;
        for (int s = 0; s < mm->plat.nsite; s++) {
            mm->plat.site[s].prices.opt.no_repeat = 0;
            mm->plat.site[s].cap.opt.no_repeat = 0;
        }
        for (size_t j = 0; j < mm->plat.nsource; j++)
            mm->plat.source[j].volume.opt.no_repeat = 0;
        ecs_result rc = ecs_plat_load(mm, h, &sp, &ext, diag);
        free(mm);
        if (rc != ECS_OK)
            return rc;
        ecs_slot_prices_release(&sp);
        double peak[ECS_MAX_SITES] = {0};
        for (size_t c = 0; c < p->nclass; c++)
            peak[p->cls[c].site] += p->cls[c].count * p->cls[c].power_of[0];
        for (int s = 0; s < ext.nsite; s++)
            for (size_t l = 0; ext.cap[s] != NULL && l < h && !binds; l++)
                binds = ext.cap[s][l] < peak[s] - 1e-9 * (1.0 + peak[s]);
        for (int s = 0; binds && s < ext.nsite; s++)
            caps[s] = ext.cap[s];
    }
    ecs_result rc;
    if (equal && !binds) {
        ecs_ext_release(&ext);
        long *dur = NULL;
        if (p->cls[0].speed_q[0] != p->grid) {
            dur = malloc((g->n ? g->n : 1) * sizeof *dur);
            if (dur == NULL)
                return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            for (size_t v = 0; v < g->n; v++)
                dur[v] = (g->work[v] * p->grid + p->cls[0].speed_q[0] - 1) /
                         p->cls[0].speed_q[0];
        }
        rc = base_search(m, g, dur, p->pes, time_limit_s, pb, diag);
        free(dur);
        return rc;
    }
    rc = ecs_listsched_platform_capped(g, p, binds ? caps : NULL, h,
                                       &pb->base, diag);
    ecs_ext_release(&ext);
    if (rc == ECS_EINFEASIBLE && diag != NULL) {
        char why[sizeof diag->msg];
        snprintf(why, sizeof why, "%s", diag->msg);
        return ecs_diag_set(diag, rc, NULL, 0, "the base schedule: %s; raise "
                            "the power cap", why);
    }
    if (rc != ECS_OK)
        return rc;
    pb->base_makespan = ecs_schedule_makespan(pb->base);
    pb->base_lower_bound = classes_lower_bound(g, p);
    pb->base_optimal = pb->base_makespan <= pb->base_lower_bound;
    pb->base_list = 1;
    pb->base_capped = binds;
    pb->base_runtime_s = ecs_clock_now() - t;
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
        pb->base_lower_bound = m->plat.on ? classes_lower_bound(pb->g, &m->platform)
                                          : ecs_makespan_lower_bound(pb->g, m->platform.pes);
        pb->base_optimal = 0;
        return ECS_OK;
    }
    if (m->plat.on)
        return plat_base(m, time_limit_s, pb, diag);
    return base_search(m, pb->g, NULL, m->platform.pes, time_limit_s, pb, diag);
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
    inst->slot_len = pb->prices.slot_len;
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

/* Whether the base is the makespan search's, replayed on slots of
 * different lengths by fit_base (its lower bound stays the uniform grid's,
 * in work units). */
static int base_on_lengths(const ecs_problem *pb)
{
    return pb->have_prices && pb->prices.slot_len != NULL &&
           !pb->base_from_file && !pb->ext.on;
}

/* Slots of different lengths: the base replayed on them (the makespan
 * search's order, each task in the fewest slots at f = 1), its makespan M
 * and D' from it; the prices already cover max(D', M) slots of the
 * uniform base, which is no shorter. */
static ecs_result fit_base(const ecs_setup *m, ecs_problem *pb,
                           ecs_diag *diag)
{
    ecs_schedule *s = ecs_schedule_fit_lengths(pb->g, pb->base,
                                               pb->prices.slot_len,
                                               pb->prices.n);
    if (s == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_schedule_free(pb->base);
    pb->base = s;
    pb->base_makespan = ecs_schedule_makespan(s);
    pb->base_optimal = 0; /* the search's order, not a search on lengths */
    return ecs_setup_deadline(m, pb->base_makespan, &pb->deadline, diag);
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
    if (base_on_lengths(pb)) {
        rc = fit_base(m, pb, diag);
        if (rc != ECS_OK)
            return rc;
    }
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
        pb->base_cost += ecs_check_task_cost_len(&m->platform,
                                                 pb->prices.price,
                                                 pb->prices.slot_len,
                                                 pb->prices.n,
                                                 &pb->base->task[i]);
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

const char *ecs_problem_base_method(const ecs_problem *pb)
{
    return pb->base_from_file ? "file"
           : pb->base_capped  ? "list_under_cap"
           : pb->base_list    ? "list"
                              : "makespan_search";
}

void ecs_problem_base_text(const ecs_problem *pb, char *buf, size_t n)
{
    const char *how = pb->base_from_file ? "from --base, "
                      : pb->base_capped  ? "a list schedule under the power cap, "
                      : pb->base_list    ? "a list schedule on the PE classes, "
                                         : "";
    if (pb->base_optimal)
        snprintf(buf, n, "%sproven optimal", how);
    else if (base_on_lengths(pb))
        snprintf(buf, n, "%snot proven optimal (the makespan search's order "
                 "replayed on the slot lengths; a lower bound: %ld work units "
                 "at f = 1)", how, pb->base_lower_bound);
    else if (pb->base_from_file)
        snprintf(buf, n, "from --base (not proven optimal)");
    else
        snprintf(buf, n, "%snot proven optimal (lower bound %ld%s)", how,
                 pb->base_lower_bound,
                 pb->base_list ? "" : ": the search stopped at --makespan-limit");
}

json_t *ecs_problem_base_json(const ecs_problem *pb, double makespan_limit_s)
{
    ecs_json_kv kv[] = {
        {"makespan", json_integer(pb->base_makespan)},
        {"method", json_string(ecs_problem_base_method(pb))},
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
