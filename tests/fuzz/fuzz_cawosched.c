/* libFuzzer target: CaWoSched's setup and mapping readers
 * (include/ecsched/cawosched.h) and, on inputs "MAPPING%%SETUP", the
 * problem of a fixed 4-task graph with that mapping and setup, its
 * evaluation, the fixed-mapping scheduler and the bound (fixedmap.h). */
#include "ecsched/cawosched.h"
#include "ecsched/fixedmap.h"
#include "ecsched/graphio.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *dot =
    "digraph { 0 [weight=2]; 1 [weight=1]; 2 [weight=3]; 3 [weight=1]; "
    "0 -> 1 [size=1]; 0 -> 2 [size=2]; 1 -> 3 [size=1]; 2 -> 3 [size=1]; }";

static void check_msg(const ecs_diag *d)
{
    if (memchr(d->msg, '\0', sizeof d->msg) == NULL)
        abort(); /* a message always ends */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *buf = (const char *)data;
    ecs_diag d;
    const char *sep = NULL;
    for (size_t i = 0; i + 1 < size && !sep; i++)
        if (buf[i] == '%' && buf[i + 1] == '%')
            sep = buf + i;
    if (sep == NULL) {
        ecs_cws_setup *s = NULL;
        if (ecs_cws_setup_read_buffer(buf, size, "fuzz.input", &s, &d) != ECS_OK) {
            if (s != NULL)
                abort();
            check_msg(&d);
        }
        ecs_cws_setup_free(s);
        ecs_cws_mapping *m = NULL;
        if (ecs_cws_mapping_read_buffer(buf, size, "fuzz.map", &m, &d) != ECS_OK) {
            if (m != NULL)
                abort();
            check_msg(&d);
        }
        ecs_cws_mapping_free(m);
        return 0;
    }
    ecs_graph *g = NULL;
    ecs_cws_mapping *m = NULL;
    ecs_cws_setup *s = NULL;
    ecs_cws_problem *p = NULL;
    if (ecs_dot_read_buffer(dot, strlen(dot), "g.dot", 1, &g, &d) != ECS_OK)
        abort();
    size_t ml = (size_t)(sep - buf);
    if (ecs_cws_mapping_read_buffer(buf, ml, "fuzz.map", &m, &d) == ECS_OK &&
        ecs_cws_setup_read_buffer(sep + 2, size - ml - 2, "fuzz.input", &s, &d) == ECS_OK &&
        s->deadline <= 10000 && s->nprocs <= 16 &&
        ecs_cws_problem_build(g, m, s, &p, &d) == ECS_OK) {
        long *est = malloc(p->n * sizeof *est), *st = malloc(p->n * sizeof *st);
        if (!est || !st)
            abort();
        long mk = ecs_cws_earliest(p, est);
        ecs_cws_eval ev;
        ecs_result rc = ecs_cws_evaluate(p, est, &ev, &d);
        if ((mk <= p->deadline) != (rc == ECS_OK) && rc != ECS_ELIMIT)
            abort(); /* ASAP is valid exactly when it meets the deadline */
        ecs_fixedmap_stats fs;
        if (ecs_fixedmap_schedule(p, NULL, st, &fs, &d) == ECS_OK) {
            long long lb;
            if (ecs_cws_evaluate(p, st, &ev, &d) != ECS_OK || ev.cost != fs.cost)
                abort();
            if (ecs_fixedmap_bound(p, &lb, &d) != ECS_OK || lb > fs.cost)
                abort();
        }
        free(est);
        free(st);
    }
    check_msg(&d);
    ecs_cws_problem_free(p);
    ecs_cws_setup_free(s);
    ecs_cws_mapping_free(m);
    ecs_graph_free(g);
    return 0;
}
