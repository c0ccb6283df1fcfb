/*
 * bench/cawosched/cws_run: one CaWoSched instance through ecsched's library
 * (cawosched.h, fixedmap.h), for bench_cawosched.sh.
 *
 *   cws_run DOT MAPPING SETUP [EXPORT.sched ...]
 *
 * Evaluates each schedule exported by CaWoSched (export.patch) with ecsched's
 * evaluator, runs ecsched's fixed-mapping scheduler from scratch and warm
 * started from the cheapest valid export, and the lower bound.  Prints one
 * JSON object per line: {"export": ...} per file, then {"ours": ...}.
 * Environment: CWS_TIME_LIMIT (seconds per scheduler run, default 0 = none);
 * CWS_MILP=SECONDS runs the exact MILP (fixedmap_milp.h), warm started from
 * ecsched's schedule, where the bound is below the cost and the problem has
 * at most CWS_MILP_MAX_TASKS tasks with transfers (default 1000).
 */
#include "ecsched/cawosched.h"
#include "ecsched/clock.h"
#include "ecsched/fixedmap.h"
#include "ecsched/fixedmap_milp.h"
#include "ecsched/graphio.h"
#include "ecsched/limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const ecs_diag *d, ecs_result rc)
{
    char buf[1024];
    ecs_diag_format(d, buf, sizeof buf);
    fprintf(stderr, "cws_run: %s (%s)\n", buf, ecs_result_name(rc));
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: cws_run DOT MAPPING SETUP [EXPORT.sched ...]\n");
        return 2;
    }
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_graph_read_params gp;
    ecs_graph_read_params_init(&gp);
    ecs_graph *g = NULL;
    ecs_cws_mapping *m = NULL;
    ecs_cws_setup *s = NULL;
    ecs_cws_problem *p = NULL;
    ecs_result rc;
    double t0 = ecs_clock_now();
    if ((rc = ecs_graph_read_file(argv[1], &gp, &g, &d)) != ECS_OK ||
        (rc = ecs_cws_mapping_read_file(argv[2], &m, &d)) != ECS_OK ||
        (rc = ecs_cws_setup_read_file(argv[3], &s, &d)) != ECS_OK ||
        (rc = ecs_cws_problem_build(g, m, s, &p, &d)) != ECS_OK)
        return die(&d, rc);
    double t_read = ecs_clock_now() - t0;
    long *start = malloc(p->n * sizeof *start);
    long *best_export = malloc(p->n * sizeof *best_export);
    long long best_export_cost = -1;
    const char *best_variant = "";
    for (int a = 4; a < argc; a++) {
        char *buf = NULL;
        size_t len = 0;
        ecs_limits lim;
        ecs_limits_init(&lim);
        if ((rc = ecs_read_file(argv[a], lim.max_input_bytes, &buf, &len, &d)) != ECS_OK)
            return die(&d, rc);
        long long theirs;
        rc = ecs_cws_starts_read_buffer(p, buf, len, argv[a], start, &theirs, &d);
        free(buf);
        if (rc != ECS_OK)
            return die(&d, rc);
        ecs_cws_eval ev;
        ecs_diag dv;
        ecs_diag_clear(&dv);
        rc = ecs_cws_evaluate(p, start, &ev, &dv);
        const char *base = strrchr(argv[a], '/');
        base = base ? base + 1 : argv[a];
        printf("{\"export\": \"%s\", \"theirs\": %lld, \"ours\": %lld, "
               "\"valid\": %d, \"why\": \"%s\"}\n",
               base, theirs, ev.cost, ev.valid, ev.valid ? "" : dv.msg);
        if (ev.valid && (best_export_cost < 0 || ev.cost < best_export_cost)) {
            best_export_cost = ev.cost;
            memcpy(best_export, start, p->n * sizeof *start);
            best_variant = base;
        }
    }
    ecs_fixedmap_params q;
    ecs_fixedmap_params_init(&q);
    const char *tl = getenv("CWS_TIME_LIMIT");
    if (tl)
        q.time_limit = atof(tl);
    ecs_fixedmap_stats st;
    if ((rc = ecs_fixedmap_schedule(p, &q, start, &st, &d)) != ECS_OK)
        return die(&d, rc);
    ecs_cws_eval ev;
    if ((rc = ecs_cws_evaluate(p, start, &ev, &d)) != ECS_OK)
        return die(&d, rc);
    long long bound;
    double tb = ecs_clock_now();
    if ((rc = ecs_fixedmap_bound(p, &bound, &d)) != ECS_OK)
        return die(&d, rc);
    tb = ecs_clock_now() - tb;
    long long milp_cost = -1, milp_bound = -1;
    int milp_opt = 0;
    double milp_sec = 0;
    const char *mv = getenv("CWS_MILP");
    const char *mm = getenv("CWS_MILP_MAX_TASKS");
    size_t milp_max = mm ? (size_t)atol(mm) : 1000;
    if (mv && atof(mv) > 0 && bound < st.cost && p->n <= milp_max) {
        long *ms = malloc(p->n * sizeof *ms);
        ecs_fixedmap_milp_result mr;
        if ((rc = ecs_fixedmap_milp(p, start, atof(mv), ms, &mr, &d)) != ECS_OK)
            return die(&d, rc);
        milp_cost = mr.cost;
        milp_bound = mr.bound;
        milp_opt = mr.optimal;
        milp_sec = mr.seconds;
        free(ms);
    }
    long long warm_cost = -1;
    double warm_sec = 0;
    if (best_export_cost >= 0) {
        ecs_fixedmap_stats sw;
        q.warm_start = best_export;
        if ((rc = ecs_fixedmap_schedule(p, &q, start, &sw, &d)) != ECS_OK)
            return die(&d, rc);
        warm_cost = sw.cost;
        warm_sec = sw.seconds;
    }
    printf("{\"ours\": %lld, \"eval\": %lld, \"bound\": %lld, \"start\": \"%s\", "
           "\"start_cost\": %lld, \"passes\": %d, \"seconds\": %.3f, "
           "\"read_seconds\": %.3f, \"bound_seconds\": %.3f, "
           "\"warm\": %lld, \"warm_seconds\": %.3f, \"best_export\": \"%s\", "
           "\"best_export_cost\": %lld, \"tasks\": %zu, \"transfers\": %zu, "
           "\"deadline\": %ld, \"processors\": %zu, \"milp\": %lld, "
           "\"milp_bound\": %lld, \"milp_optimal\": %d, \"milp_seconds\": %.3f}\n",
           st.cost, ev.cost, bound, st.best_start, st.start_cost, st.passes,
           st.seconds, t_read, tb, warm_cost, warm_sec, best_variant,
           best_export_cost, p->ncomp, p->n - p->ncomp, p->deadline, p->nprocs,
           milp_cost, milp_bound, milp_opt, milp_sec);
    free(start);
    free(best_export);
    ecs_cws_problem_free(p);
    ecs_cws_setup_free(s);
    ecs_cws_mapping_free(m);
    ecs_graph_free(g);
    return 0;
}
