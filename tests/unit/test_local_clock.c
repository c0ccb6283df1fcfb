/* The extended local search gives the same schedule whatever the clock
 * says (heuristic/local_ext.c: GLPK's work limits LX_WIN_LP_ITS,
 * LX_WIN_ITS, LX_RC_LP_ITS, LX_RC_ITS in place of its time limits on
 * graphs of up to LX_STALL_TASKS tasks; bench/results/local_ext.md
 * "Eleventh round").  GLPK reads the time by gettimeofday (glp_time); this
 * test binary defines gettimeofday itself, so that GLPK's clock can be
 * made to run 2 s per reading, as on a machine loaded so that each
 * reading comes seconds after the last: every time limit of GLPK then
 * binds at its first check.  The library's own clock (the local search's
 * time limit, by clock_gettime) is not touched. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/listsched.h"
#include "ecsched/local.h"

#include <string.h>
#include <sys/time.h>
#include <time.h>

static int fast_clock;       /* 1: each reading 2 s after the last */
static long long fake_us;    /* the fast clock's time (microseconds) */
static unsigned long reads;  /* readings of the fast clock */

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    (void)tz;
    if (fast_clock) {
        reads++;
        fake_us += 2000000;
        tv->tv_sec = (time_t)(fake_us / 1000000);
        tv->tv_usec = (suseconds_t)(fake_us % 1000000);
        return 0;
    }
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return -1;
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = (suseconds_t)(ts.tv_nsec / 1000);
    return 0;
}

/* A random graph of 20 tasks on the two sites, D' = 24, from nothing,
 * seeds 1 to 3: with the true clock and with the fast one, the same
 * schedule task by task at the same cost to the bit and the same kicks;
 * GLPK read the fast clock (it ran).  On main's code (the time limits
 * LX_WIN_MS, LX_RC_MS) the fast clock stops every window LP at its first
 * check and the costs differ. */
static void test_local_clock_same(void **state)
{
    (void)state;
    ecs_platform p;
    tu_slow_east_fast_west(&p);
    uint64_t gs = 53;
    ecs_graph *g = tu_random_graph(&gs, 20, 4, 0.25);
    enum { T = 24 };
    double pe[T], pw[T];
    tu_opposite_prices(pe, pw, T, 4);
    ecs_site site[2] = {{.price = NULL, .cap = NULL}, {.price = pw, .cap = NULL}};
    ecs_instance inst;
    ecs_instance_init(&inst, g, &p, pe, T, T);
    inst.site = site;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        ecs_local_result r[2];
        for (int k = 0; k < 2; k++) {
            ecs_local_params prm;
            ecs_local_params_init(&prm);
            prm.seed = seed;
            prm.max_stall = 40;
            prm.time_limit_s = 600; /* the library's clock: never binds */
            ecs_diag d;
            ecs_diag_clear(&d);
            fast_clock = k;
            reads = 0;
            ecs_result rc = ecs_local_run(&inst, NULL, &prm, &r[k], &d);
            fast_clock = 0;
            assert_int_equal(rc, ECS_OK);
            ecs_check_report rep;
            assert_int_equal(ecs_check_schedule(&inst, r[k].schedule, &rep, &d), ECS_OK);
            assert_close(rep.cost, r[k].cost, 1e-12);
            if (k == 1)
                assert_true(reads > 0); /* GLPK ran under the fast clock */
        }
        assert_close(r[0].cost, r[1].cost, 0.0);
        assert_int_equal(r[0].kicks, r[1].kicks);
        tu_assert_same_schedule(r[0].schedule, r[1].schedule);
        ecs_local_result_release(&r[0]);
        ecs_local_result_release(&r[1]);
    }
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_local_clock_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
