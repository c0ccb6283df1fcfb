/* Answers a user can act on (issue 28): the energy of a schedule
 * (ecs_check_energy) by hand and against the checker's cost at price 1. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/graphio.h"
#include "ecsched/platform.h"
#include "ecsched/schedule.h"

/* Two independent tasks on F = {1, 0.5, 0}: A (work 2) on PE 0 at f = 1
 * in slots 0..1 (power 1 + 1), B (work 1) on PE 1 at f = 0.5 in slots
 * 0..1 (0.25 + 0.25) and an idle f = 0 slot 2 (0): 2.5 PE-slots with the
 * quadratic model; with static:0.5 (0.5 + 0.5 f^3): 2 + 2 (0.5 + 0.0625)
 * = 3.125.  The checker's cost with every price 1 is the same number. */
static void test_energy_by_hand(void **state)
{
    (void)state;
    long id[2] = {1, 2}, work[2] = {2, 1};
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_graph_build(2, id, work, NULL, 0, NULL, 0, &g, &d),
                     ECS_OK);
    ecs_platform p;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, 2, NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_freqs(&p, "1,0.5,0", NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_power(&p, "quadratic", NULL), ECS_OK);
    ecs_schedule *s = ecs_schedule_new(2);
    unsigned char fb[3] = {1, 1, 2};
    assert_int_equal(ecs_schedule_place(s, 0, 0, 0, 1, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(s, 1, 1, 0, 2, fb, 0), ECS_OK);
    assert_close(ecs_check_energy(s, &p), 2.5, 1e-12);
    double one[3] = {1, 1, 1};
    ecs_check_report rep;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, one, 3, 3), s, &rep, NULL),
                     ECS_OK);
    assert_close(rep.cost, 2.5, 1e-12);
    assert_int_equal(ecs_platform_set_power(&p, "static:0.5", NULL), ECS_OK);
    assert_close(ecs_check_energy(s, &p), 3.125, 1e-12);
    assert_close(ecs_check_energy(NULL, &p), 0.0, 0.0);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

/* Three independent WfFormat tasks of 0.6, 1.2 and 10 s, by hand.  At
 * 1 s per work unit: 1 + 2 + 10 = 13 s for 11.8 s written, 1.2 s added
 * (10.169%); 1.2 s gains 0.8 of a unit (more than half), 0.6 s gains 0.4
 * (not), 10 s nothing: one task over half.  At 0.5 s: 2 + 3 + 20 units =
 * 12.5 s, 0.7 s added (5.932%); 0.6 s gains 0.4 s = 0.8 of a unit and
 * 1.2 s 0.3 s = 0.6 of a unit: two over half.  --work-unit auto at 1%: 3600 .. 0.5 s all add more; 0.2 s
 * gives 3 + 6 + 50 units exactly (0%): the coarsest rung within 1%.  At
 * 5%: 0.2 s too (0.5 s adds 5.9%).  At 20%: 1 s (10.2%); 2 s would add
 * 2 + 2 + 10 = 14 s, 18.6% -- within 20% too, and coarser: 2 s. */
static const char WF3[] =
    "{\"schemaVersion\": \"1.4\", \"workflow\": {\"tasks\": ["
    "{\"id\": \"a\", \"parents\": [], \"children\": [], \"runtimeInSeconds\": 0.6},"
    "{\"id\": \"b\", \"parents\": [], \"children\": [], \"runtimeInSeconds\": 1.2},"
    "{\"id\": \"c\", \"parents\": [], \"children\": [], \"runtimeInSeconds\": 10}"
    "]}}";

static void test_rounding_by_hand(void **state)
{
    (void)state;
    ecs_graph_read_params p;
    ecs_graph_read_params_init(&p);
    ecs_rounding r;
    ecs_diag d;
    p.work_unit = 1;
    assert_int_equal(ecs_graph_rounding(WF3, sizeof WF3 - 1, "wf3", &p, &r, &d),
                     ECS_OK);
    assert_close(r.work_unit, 1.0, 0);
    assert_close(r.file_work, 11.8, 1e-9);
    assert_close(r.added, 1.2, 1e-9);
    assert_close(r.relative, 1.2 / 11.8, 1e-9);
    assert_int_equal(r.tasks_over_half, 1);
    p.work_unit = 0.5;
    assert_int_equal(ecs_graph_rounding(WF3, sizeof WF3 - 1, "wf3", &p, &r, &d),
                     ECS_OK);
    assert_close(r.added, 0.7, 1e-9);
    assert_int_equal(r.tasks_over_half, 2);
    p.work_unit = 0; /* the default: 3600 s, every task one unit */
    assert_int_equal(ecs_graph_rounding(WF3, sizeof WF3 - 1, "wf3", &p, &r, &d),
                     ECS_OK);
    assert_close(r.added, 3 * 3600 - 11.8, 1e-6);
    assert_int_equal(r.tasks_over_half, 3);
    const double tol[] = {0.01, 0.05, 0.20}, want[] = {0.2, 0.2, 2};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(ecs_graph_auto_work_unit(WF3, sizeof WF3 - 1, "wf3",
                                                  &p, tol[k], &r, &d),
                         ECS_OK);
        assert_close(r.work_unit, want[k], 1e-12);
        assert_true(r.relative <= tol[k]);
    }
    assert_int_equal(ecs_graph_auto_work_unit(WF3, sizeof WF3 - 1, "wf3", &p,
                                              -1, &r, &d),
                     ECS_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_energy_by_hand),
        cmocka_unit_test(test_rounding_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
