/* The end of the scheduling commands (cli/run/outcome.h). */
#include "run/outcome.h"
#include "run/output.h"

#include "ecsched/units.h"
#include "run/notes.h"

#include <math.h>
#include <string.h>

static int exit_for(ecs_milp_status s)
{
    switch (s) {
    case ECS_MILP_OPTIMAL:
    case ECS_MILP_FEASIBLE:
        return TOOL_EXIT_OK;
    case ECS_MILP_INFEASIBLE:
        return TOOL_EXIT_INFEASIBLE;
    case ECS_MILP_NO_SOLUTION:
        return TOOL_EXIT_INTERNAL;
    }
    return TOOL_EXIT_INTERNAL;
}

json_t *tool_outcome_doc(const ecs_doc_info *head, const tool_outcome_run *run,
                        tool_outcome_keys_fn keys, const void *job)
{
    json_t *k = json_object();
    if (k == NULL || keys(k, job) != 0) {
        json_decref(k);
        return NULL;
    }
    return ecs_document_problem(head, k, tool_method_params_json(run->method, run->mp),
                                tool_base_limit(run->mp), run->t0, run->c0);
}

static json_t *finish_doc(const tool_outcome *o, const ecs_check_report *rep)
{
    ecs_doc_info info;
    ecs_problem_doc_info(o->pb, o->m, o->cmd, &info);
    info.check = o->schedule != NULL ? rep : NULL;
    info.status = ecs_milp_status_name(o->status);
    info.runtime_s = o->runtime_s;
    info.schedule = o->schedule;
    return tool_outcome_doc(&info, &o->run, o->keys, o->job);
}

void tool_outcome_print_problem(const tool_outcome *o)
{
    const ecs_problem *pb = o->pb;
    printf("%-12s %s (%zu tasks with work)\n", "graph", pb->graph_path, pb->g->n);
    printf("%-12s %d\n", "pes", o->m->platform.pes);
    char info[256], d[64], b[64];
    ecs_fmt_slot_info(o->m, &pb->prices, info, sizeof info);
    char src[1200];
    tool_fmt_price_sources(o->m, pb, src, sizeof src);
    printf("%-12s %s (%s)\n", "prices", src, info);
    ecs_fmt_slots(&pb->prices, pb->deadline, d, sizeof d);
    ecs_fmt_slots(&pb->prices, pb->base_makespan, b, sizeof b);
    printf("%-12s %s (base makespan %s%s)\n", "deadline", d, b,
           pb->base_optimal ? ", optimal" : "");
}

void tool_outcome_print_solution(const tool_outcome *o, const ecs_check_report *rep)
{
    printf("%-12s %s\n", "status", ecs_milp_status_name(o->status));
    if (o->schedule == NULL)
        return;
    double base = o->pb->base_cost;
    printf("%-12s %.6f (base %.6f", "cost", rep->cost, base);
    if (fabs(base) > 1e-12)
        printf(", %+.1f%%", 100.0 * (rep->cost - base) / fabs(base));
    printf("; normalised)\n");
    ecs_energy e;
    char text[160], mk[64];
    ecs_energy_of_problem(o->pb, o->m, o->schedule, rep->cost, &e);
    ecs_fmt_energy(o->m, &e, text, sizeof text);
    printf("%-12s %s\n", "energy", text);
    ecs_fmt_slots(&o->pb->prices, rep->makespan, mk, sizeof mk);
    printf("%-12s %s (%s)\n", "makespan", mk,
           rep->meets_deadline ? "meets the deadline" : "misses the deadline");
    tool_print_clock(o->m, &o->pb->prices, o->schedule, o->pb->deadline, 12);
}

int tool_outcome_finish(const tool_outcome *o)
{
    const ecs_problem *pb = o->pb;
    ecs_check_report rep;
    memset(&rep, 0, sizeof rep);
    rep.cost = NAN;
    if (o->schedule != NULL &&
        ecs_check_schedule(&pb->inst, o->schedule, &rep, NULL) != ECS_OK) {
        tool_errorf(o->cmd, "internal error: the schedule breaks the model: %s",
                       rep.msg);
        return TOOL_EXIT_INTERNAL;
    }
    json_t *doc = finish_doc(o, &rep);
    ecs_makespan_advice adv;
    int have_adv = 0;
    if (doc != NULL && o->status == ECS_MILP_INFEASIBLE) {
        /* what would do: in the document and the message */
        ecs_diag ad;
        have_adv = ecs_problem_advice(pb, o->m->platform.pes, &adv, &ad) == ECS_OK;
        if (have_adv &&
            json_object_set_new(doc, "advice",
                                ecs_advice_json(&adv, &pb->prices)) != 0) {
            json_decref(doc);
            doc = NULL;
        }
    }
    if (doc == NULL) {
        tool_errorf(o->cmd, "out of memory");
        return TOOL_EXIT_INTERNAL;
    }
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = tool_write_doc(o->m, doc, &diag);
    json_decref(doc);
    if (rc != ECS_OK) {
        tool_error(o->cmd, &diag);
        return tool_exit_code(rc);
    }
    if (!o->m->json)
        o->print(o, &rep);
    if (o->status == ECS_MILP_INFEASIBLE) {
        char adv_text[512] = "";
        if (have_adv)
            ecs_advice_text(&adv, o->m->platform.pes,
                                &pb->prices, adv_text,
                                sizeof adv_text);
        fprintf(stderr, "ecsched %s: no schedule meets the deadline %ld%s%s\n",
                o->cmd, pb->deadline, have_adv ? ": " : "", adv_text);
    }
    if (o->status == ECS_MILP_NO_SOLUTION)
        fprintf(stderr, "ecsched %s: the time limit was reached before any "
                        "schedule was found\n", o->cmd);
    return exit_for(o->status);
}

int tool_outcome_exit(const tool_outcome *o, ecs_result rc, const ecs_diag *diag)
{
    if (rc == ECS_OK)
        return tool_outcome_finish(o);
    tool_error(o->cmd, diag);
    return tool_exit_code(rc);
}

int tool_outcome_add_bound(json_t *doc, ecs_milp_status status, double bound,
                          double gap)
{
    return json_object_set_new(doc, "optimal",
                               json_boolean(status == ECS_MILP_OPTIMAL)) ||
                   json_object_set_new(doc, "bound", ecs_json_num(bound)) ||
                   json_object_set_new(doc, "gap", ecs_json_num(gap))
               ? -1
               : 0;
}
