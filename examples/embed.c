/*
 * embed.c: ecsched as a library, through its public API only.
 *
 * Reads an STG task graph, computes the makespan-optimal base schedule on P
 * PEs at full speed, sets the deadline D' = floor(M (1 + E)), scales the
 * base schedule with the budget heuristic (sweep mode) under the built-in
 * day-ahead prices, checks the result with the checker and prints the
 * costs: the same figures as `ecsched heuristic GRAPH -p P --extension E`.
 *
 * Build it against an installed ecsched (make install PREFIX=DIR):
 *
 *   export PKG_CONFIG_PATH=DIR/lib/pkgconfig
 *   cc examples/embed.c $(pkg-config --cflags --libs ecsched) -o embed
 *   LD_LIBRARY_PATH=DIR/lib ./embed DIR/share/ecsched/stg/rand0000.stg 4 0.2
 *
 * That links the shared library (libecsched.so.0); for the static one:
 *
 *   cc examples/embed.c $(pkg-config --cflags ecsched) \
 *      $(pkg-config --variable=libdir ecsched)/libecsched.a \
 *      $(pkg-config --libs-only-l --static ecsched | sed 's/-lecsched//')
 *
 * The program owns GLPK's environment: the MILP (not used here) leaves it
 * alone, and a program that solves MILPs frees it with glp_free_env() when
 * it no longer needs GLPK.
 *
 * Usage: embed GRAPH.stg [P [E [T]]]   (default P = 4, E = 0.2, no solve)
 * Exit 0: a checked schedule that meets D'; 1: a library call failed.
 */
#include <ecsched.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Print what failed and why (the library itself never prints). */
static int fail(const char *what, ecs_result rc, const ecs_diag *d)
{
    char where[1024] = "";
    if (d != NULL)
        ecs_diag_format(d, where, sizeof where);
    fprintf(stderr, "embed: %s: %s (%s)%s%s\n", what, ecs_strerror(rc),
            ecs_result_name(rc), where[0] ? ": " : "", where);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 5) {
        fprintf(stderr, "usage: embed GRAPH.stg [P [E [T]]]\n");
        return 2;
    }
    long pes = 4;
    ecs_decimal ext = {2, 1}; /* 0.2 */
    double limit = 0.0;       /* no solve */
    if ((argc > 2 && ecs_parse_long(argv[2], &pes) != 0) ||
        (argc > 3 && ecs_parse_decimal(argv[3], &ext) != 0) ||
        (argc > 4 && (ecs_parse_double(argv[4], &limit) != 0 || !(limit > 0)))) {
        fprintf(stderr, "embed: P must be an integer, E a decimal, T a "
                        "positive number of seconds\n");
        return 2;
    }

    /* The headers compiled in and the library linked must agree. */
    printf("library   ecsched %s (headers %s)\n", ecs_version(), ECS_VERSION);
    if (strtol(ecs_version(), NULL, 10) != ECS_VERSION_MAJOR)
        return fail("version", ECS_EINVAL, NULL);

    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc;
    int status = 1;
    ecs_graph *raw = NULL, *g = NULL;
    ecs_makespan_result base;
    ecs_heur_result heur;
    ecs_solve_result sol;
    ecs_slot_prices prices;
    memset(&base, 0, sizeof base);
    memset(&heur, 0, sizeof heur);
    memset(&sol, 0, sizeof sol);
    memset(&prices, 0, sizeof prices);

    /* 1. The graph: read it, drop the zero-work tasks (the layout's dummy
     *    entry and exit) by contracting them. */
    rc = ecs_stg_read_file(argv[1], ECS_STG_AUTO, &raw, &diag);
    if (rc == ECS_OK)
        rc = ecs_graph_contract(raw, &g, &diag);
    if (rc != ECS_OK) {
        fail("graph", rc, &diag);
        goto out;
    }

    /* 2. The machine: P identical PEs, the default frequencies
     *    1, 0.8, ..., 0 and power model f^2 (ecs_platform_init). */
    ecs_platform p;
    ecs_platform_init(&p);
    rc = ecs_platform_set_pes(&p, pes, &diag);
    if (rc != ECS_OK) {
        fail("platform", rc, &diag);
        goto out;
    }

    /* 3. The base schedule: minimal makespan at f = 1. */
    ecs_makespan_params mprm;
    ecs_makespan_params_init(&mprm);
    rc = ecs_makespan_solve(g, (int)pes, &mprm, &base, &diag);
    if (rc != ECS_OK) {
        fail("makespan", rc, &diag);
        goto out;
    }

    /* 4. The deadline D' = floor(M (1 + E)) and D' per-slot prices. */
    long deadline;
    if (ecs_decimal_extend(base.makespan, ext, &deadline) != 0) {
        fail("deadline", ECS_EINVAL, NULL);
        goto out;
    }
    ecs_price_options popt;
    ecs_price_options_init(&popt);
    rc = ecs_prices_resolve("epex-2016-10-19", &popt, (size_t)deadline,
                            &prices, &diag);
    if (rc != ECS_OK) {
        fail("prices", rc, &diag);
        goto out;
    }

    /* 5. The problem: graph, platform, prices and deadline, borrowed by
     *    one instance that every method takes. */
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, prices.price, prices.n, deadline);
    inst.rule = ECS_DEADLINE_EXTENSION;
    inst.base_makespan = base.makespan;
    rc = ecs_instance_validate(&inst, &diag);
    if (rc != ECS_OK) {
        fail("instance", rc, &diag);
        goto out;
    }

    /* 6. The heuristic (sweep over 100 budgets, the defaults). */
    ecs_heur_params hprm;
    ecs_heur_params_init(&hprm);
    rc = ecs_heur_run(&inst, base.schedule, &hprm, &heur, &diag);
    if (rc != ECS_OK) {
        fail("heuristic", rc, &diag);
        goto out;
    }

    /* 7. The checker, the one judge of feasibility and cost: a result and
     *    a diagnostic like every step, the report for cost and makespan. */
    ecs_check_report rep;
    rc = ecs_check_schedule(&inst, heur.schedule, &rep, &diag);
    if (rc != ECS_OK) {
        fail("checker", rc, &diag);
        goto out;
    }

    printf("graph     %s (%zu tasks with work)\n", argv[1], g->n);
    printf("pes       %ld\n", pes);
    printf("base      makespan %ld%s, cost %.6f\n", base.makespan,
           base.optimal ? " (proven optimal)" : "", heur.base_cost);
    printf("deadline  %ld\n", deadline);
    printf("heuristic cost %.6f, makespan %ld, saving %.2f%%\n", heur.cost,
           rep.makespan, 100.0 * (heur.base_cost - heur.cost) / heur.base_cost);
    printf("checker   %s, cost %.6f\n", rep.meets_deadline ? "feasible" : "late",
           rep.cost);
    status = rep.meets_deadline ? 0 : 1;

    /* 8. The engine, given a time limit: what `ecsched solve` runs (the
     *    start from the same base, then the plan of solve.h). */
    if (limit > 0.0 && status == 0) {
        ecs_solve_params sprm;
        ecs_solve_params_init(&sprm);
        sprm.time_limit_s = limit;
        sprm.base = base.schedule;
        rc = ecs_solve(&inst, NULL, &sprm, &sol, &diag);
        if (rc != ECS_OK) {
            status = fail("solve", rc, &diag);
            goto out;
        }
        printf("solve     %s, cost %.6f, bound %.6f (%s), mode %s, found by %s\n",
               ecs_solve_status_name(sol.status), sol.cost, sol.bound,
               ecs_bound_method_name(sol.bound_method),
               ecs_solve_mode_name(sol.mode), ecs_found_by_name(sol.found_by));
        /* the schedule: each task's PE and slots, in the graph's order */
        printf("schedule ");
        for (size_t i = 0; sol.schedule != NULL && i < sol.schedule->n; i++) {
            const ecs_sched_task *t = &sol.schedule->task[i];
            printf(" %d:%ld-%ld", t->pe, t->start, t->stop);
        }
        printf("\n");
    }

out:
    ecs_solve_result_release(&sol);
    ecs_heur_result_release(&heur);
    ecs_slot_prices_release(&prices);
    ecs_makespan_result_release(&base);
    ecs_graph_free(g);
    ecs_graph_free(raw);
    return status;
}
