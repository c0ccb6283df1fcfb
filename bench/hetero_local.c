/*
 * Benchmark driver of local search on the extended model (issue 26;
 * bench/bench_hetero_local.sh builds and runs it).  For one graph: a
 * two-class platform (half the PEs "fast": speed f, 150/125/100/80/65 W at
 * f = 1..0.2, idle 40 W; half "slow": speed f/2, 65/57/50/44/39 W, idle
 * 30 W) at one site with solar (the hourly PV profile times PV_KW, free)
 * and the day-ahead prices of the series file, 60-minute slots, energies
 * in kWh; D' = floor(1.2 M) for the makespan M of ecs_listsched_platform.
 * Local search from nothing (its own start) with the given time limit and
 * seed 1.  Prints one CSV row:
 *   graph,n,pes,M,D,start_cost,cost,runtime_s,moves,kicks,stop
 * Usage: hetero_local SERIES GRAPH.stg PES PV_KW TIME_LIMIT [MILP_LIMIT]
 * With MILP_LIMIT, the MILP (ecs_milp_solve, warm-started with local's
 * schedule) runs too and the row gets milp_status,milp_cost,milp_bound,
 * milp_s.
 * SERIES: lines "price solar_profile" (price per MWh, capacity factor),
 * one per hour, repeated cyclically over D'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/listsched.h"
#include "ecsched/local.h"
#include "ecsched/milp.h"
#include "ecsched/stg.h"

static int add(ecs_platform *p, const char *name, int count, double sp,
               const double *watts, double idle_w)
{
    ecs_pe_class c;
    memset(&c, 0, sizeof c);
    snprintf(c.name, sizeof c.name, "%s", name);
    c.count = count;
    for (size_t k = 0; k < p->nfreq; k++) {
        c.speed[k] = sp * p->freq[k];
        c.power_of[k] = (p->freq[k] > 0 ? watts[k] : idle_w) / 1000.0;
    }
    c.idle = idle_w / 1000.0;
    ecs_diag d;
    ecs_diag_clear(&d);
    if (ecs_platform_add_class(p, &c, &d) != ECS_OK) {
        fprintf(stderr, "class %s: %s\n", name, d.msg);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: hetero_local SERIES GRAPH PES PV_KW TIME\n");
        return 2;
    }
    double pr[48], pv[48];
    int m = 0;
    FILE *f = fopen(argv[1], "r");
    while (f != NULL && m < 48 && fscanf(f, "%lf %lf", &pr[m], &pv[m]) == 2)
        m++;
    if (f != NULL)
        fclose(f);
    if (m < 1) {
        fprintf(stderr, "%s: lines of price and profile wanted\n", argv[1]);
        return 2;
    }
    int pes = atoi(argv[3]);
    double pv_kw = atof(argv[4]), limit = atof(argv[5]);
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_graph *raw = NULL, *g = NULL;
    if (ecs_stg_read_file(argv[2], ECS_STG_AUTO, &raw, &d) != ECS_OK ||
        ecs_graph_contract(raw, &g, &d) != ECS_OK) {
        fprintf(stderr, "%s\n", d.msg);
        return 2;
    }
    ecs_platform p;
    ecs_platform_init(&p);
    if (ecs_platform_set_freqs(&p, "1,0.8,0.6,0.4,0.2,0", &d) != ECS_OK ||
        add(&p, "fast", pes / 2, 1.0, (const double[]){150, 125, 100, 80, 65},
            40) != 0 ||
        add(&p, "slow", pes - pes / 2, 0.5,
            (const double[]){65, 57, 50, 44, 39}, 30) != 0)
        return 2;
    ecs_schedule *base = NULL;
    if (ecs_listsched_platform(g, &p, &base, &d) != ECS_OK) {
        fprintf(stderr, "%s\n", d.msg);
        return 2;
    }
    long M = ecs_schedule_makespan(base), D = M * 12 / 10;
    double *price = malloc((size_t)D * sizeof *price);
    double *vol = malloc((size_t)D * sizeof *vol);
    double mx = 0;
    for (int l = 0; l < m; l++)
        if (pr[l] > mx)
            mx = pr[l];
    for (long l = 0; l < D; l++) {
        price[l] = pr[l % m] / mx;
        vol[l] = pv[l % m] * pv_kw;
    }
    ecs_source src = {.name = "solar", .site = 0, .price = 0, .volume = vol};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, price, (size_t)D, D);
    inst.rule = ECS_DEADLINE_EXTENSION;
    inst.extension = 0.2;
    inst.base_makespan = M;
    inst.source = &src;
    inst.nsource = 1;
    if (ecs_instance_prepare(&inst, &d) != ECS_OK) {
        fprintf(stderr, "%s\n", d.msg);
        return 2;
    }
    ecs_local_params prm;
    ecs_local_params_init(&prm);
    prm.time_limit_s = limit;
    ecs_local_result r;
    ecs_result rc = ecs_local_run(&inst, NULL, &prm, &r, &d);
    if (rc != ECS_OK) {
        fprintf(stderr, "%s: %s\n", argv[2], d.msg);
        return 1;
    }
    const char *name = strrchr(argv[2], '/');
    printf("%s,%zu,%d,%ld,%ld,%.6f,%.6f,%.3f,%lu,%lu,%s",
           name ? name + 1 : argv[2], g->n, pes, M, D, r.start_cost, r.cost,
           r.runtime_s, r.moves, r.kicks, ecs_local_stop_name(r.stop));
    if (argc == 7) {
        ecs_milp_params mp;
        ecs_milp_params_init(&mp);
        mp.time_limit_s = atof(argv[6]);
        mp.warm_start = r.schedule;
        ecs_milp_result mr;
        if (ecs_milp_solve(&inst, &mp, &mr, &d) != ECS_OK) {
            fprintf(stderr, "%s: milp: %s\n", argv[2], d.msg);
            printf(",error,,,\n");
        } else {
            printf(",%s,%.6f,%.6f,%.3f\n", ecs_milp_status_name(mr.status),
                   mr.cost, mr.bound, mr.runtime_s);
            ecs_milp_result_release(&mr);
        }
    } else {
        printf("\n");
    }
    ecs_local_result_release(&r);
    ecs_instance_release(&inst);
    ecs_schedule_free(base);
    ecs_graph_free(raw);
    ecs_graph_free(g);
    free(price);
    free(vol);
    return 0;
}
