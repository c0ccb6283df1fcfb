/* Answers a user can act on (issue 28): the energy of a schedule
 * (ecs_check_energy) by hand and against the checker's cost at price 1. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
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
    assert_int_equal(ecs_check_schedule(g, &p, one, 3, 3, s, &rep), ECS_OK);
    assert_close(rep.cost, 2.5, 1e-12);
    assert_int_equal(ecs_platform_set_power(&p, "static:0.5", NULL), ECS_OK);
    assert_close(ecs_check_energy(s, &p), 3.125, 1e-12);
    assert_close(ecs_check_energy(NULL, &p), 0.0, 0.0);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_energy_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
