/* The checker, the platform and the graph core against hand-computed facts. */
#include "testutil.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/numparse.h"
#include "ecsched/platform.h"
#include "ecsched/schedule.h"

/*
 * Graph used throughout (ids in brackets, work after the colon):
 *   [1]A:2 --> [3]C:1 --> [4]Z:0 --> [5]D:2
 *   [2]B:1 --/
 */
typedef struct fixture {
    ecs_graph *g;
    ecs_platform p;
    ecs_schedule *s;
    double price[8];
} fixture;

static int setup(void **state)
{
    static const long id[] = {1, 2, 3, 4, 5};
    static const long work[] = {2, 1, 1, 0, 2};
    static const ecs_edge e[] = {{0, 2, 0}, {1, 2, 0}, {2, 3, 0}, {3, 4, 0}};
    fixture *f = calloc(1, sizeof *f);
    ecs_diag d;
    assert_int_equal(ecs_graph_build(5, id, work, NULL, 4, e, 0, &f->g, &d),
                     ECS_OK);
    ecs_platform_init(&f->p);
    assert_int_equal(ecs_platform_set_pes(&f->p, 2, &d), ECS_OK);
    f->s = ecs_schedule_new(5);
    /* A PE0 0..1, B PE1 0, C PE0 2, D PE1 3..4, all at f = 1 */
    assert_int_equal(ecs_schedule_place(f->s, 0, 0, 0, 1, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(f->s, 1, 1, 0, 0, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(f->s, 2, 0, 2, 2, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(f->s, 4, 1, 3, 4, NULL, 0), ECS_OK);
    for (int l = 0; l < 8; l++)
        f->price[l] = l + 1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    ecs_schedule_free(f->s);
    ecs_graph_free(f->g);
    free(f);
    return 0;
}

static ecs_result check(fixture *f, long deadline, ecs_check_report *r)
{
    return ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, deadline), f->s, r, NULL);
}

static void test_feasible_cost(void **state)
{
    fixture *f = *state;
    ecs_check_report r;
    assert_int_equal(check(f, 5, &r), ECS_OK);
    assert_int_equal(r.makespan, 5);
    assert_true(r.meets_deadline);
    /* A: 1+2, B: 1, C: 3, D: 4+5 */
    assert_close(r.cost, 16.0, 1e-12);
    assert_int_equal(r.first.kind, ECS_VIOLATION_NONE);
}

static void test_scaled_frequencies(void **state)
{
    fixture *f = *state;
    /* A over 0..2 at 0.8, 0.8, 0.4 = 2.0 exactly; C moves to slot 3 and D
     * to 4..5 */
    unsigned char fa[] = {1, 1, 3};
    ecs_schedule_place(f->s, 0, 0, 0, 2, fa, 0);
    ecs_schedule_place(f->s, 2, 0, 3, 3, NULL, 0);
    ecs_schedule_place(f->s, 4, 1, 4, 5, NULL, 0);
    ecs_check_report r;
    assert_int_equal(check(f, 6, &r), ECS_OK);
    /* A: .64*1 + .64*2 + .16*3 = 2.4; B: 1; C: 4; D: 5 + 6 */
    assert_close(r.cost, 2.4 + 1 + 4 + 11, 1e-12);
    assert_int_equal(r.makespan, 6);
}

static void test_work_short(void **state)
{
    fixture *f = *state;
    unsigned char fa[] = {1, 1, 4}; /* 0.8 + 0.8 + 0.2 = 1.8 < 2 */
    ecs_schedule_place(f->s, 0, 0, 0, 2, fa, 0);
    ecs_schedule_place(f->s, 2, 0, 3, 3, NULL, 0);
    ecs_schedule_place(f->s, 4, 1, 4, 5, NULL, 0);
    ecs_check_report r;
    assert_int_equal(check(f, 0, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_WORK);
    assert_int_equal(r.first.task, 0);
    assert_non_null(strstr(r.msg, "task 1"));
}

static void test_overlap(void **state)
{
    fixture *f = *state;
    ecs_schedule_place(f->s, 1, 0, 1, 1, NULL, 0); /* B on PE0 in A's slot */
    ecs_check_report r;
    assert_int_equal(check(f, 0, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_OVERLAP);
    assert_int_equal(r.first.pe, 0);
    assert_int_equal(r.first.slot, 1);
}

static void test_precedence_direct(void **state)
{
    fixture *f = *state;
    ecs_schedule_place(f->s, 2, 1, 1, 1, NULL, 0); /* C while A runs */
    ecs_check_report r;
    assert_int_equal(check(f, 0, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_PRECEDENCE);
    assert_int_equal(r.first.task, 2);
    assert_int_equal(r.first.other, 0);
}

static void test_precedence_through_zero_work(void **state)
{
    fixture *f = *state;
    ecs_schedule_place(f->s, 4, 1, 2, 3, NULL, 0); /* D with C, via Z */
    ecs_check_report r;
    assert_int_equal(check(f, 0, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_PRECEDENCE);
    assert_int_equal(r.first.task, 4);
    assert_int_equal(r.first.other, 2);
    assert_non_null(strstr(r.msg, "predecessor 3"));
}

static void test_deadline(void **state)
{
    fixture *f = *state;
    ecs_check_report r;
    assert_int_equal(check(f, 4, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_DEADLINE);
    assert_int_equal(r.first.slot, 4);
    assert_false(r.meets_deadline);
}

static void test_frequency_not_in_f(void **state)
{
    fixture *f = *state;
    unsigned char fb[] = {9};
    ecs_schedule_place(f->s, 1, 1, 0, 0, fb, 0);
    ecs_check_report r;
    assert_int_equal(check(f, 0, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_FREQUENCY);
}

static void test_pe_range_and_unscheduled(void **state)
{
    fixture *f = *state;
    ecs_check_report r;
    ecs_schedule_place(f->s, 1, 2, 0, 0, NULL, 0);
    assert_int_equal(check(f, 0, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_PE_RANGE);
    ecs_schedule_unplace(f->s, 1);
    assert_int_equal(check(f, 0, &r), ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_UNSCHEDULED);
}

static void test_no_price(void **state)
{
    fixture *f = *state;
    ecs_check_report r;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 4, 0), f->s, &r, NULL),
                     ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_NO_PRICE);
}

static void test_negative_prices(void **state)
{
    fixture *f = *state;
    for (int l = 0; l < 8; l++)
        f->price[l] = -(l + 1);
    ecs_check_report r;
    assert_int_equal(check(f, 5, &r), ECS_OK);
    assert_close(r.cost, -16.0, 1e-12);
}

static void test_mismatch(void **state)
{
    fixture *f = *state;
    ecs_schedule *s = ecs_schedule_new(3);
    ecs_check_report r;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, 0), s, &r, NULL),
                     ECS_EINVAL);
    ecs_schedule_free(s);
}

/* The checker's diagnostic (ecs_check_schedule): the code is returned, the
 * message is the report's and names the STG ids, the PE and the slot. */
static void test_diag_violation(void **state)
{
    fixture *f = *state;
    ecs_schedule_place(f->s, 1, 0, 1, 1, NULL, 0); /* B on PE0 in A's slot */
    ecs_check_report r;
    ecs_diag d;
    ecs_diag_set(&d, ECS_EIO, "stale.json", 9, "stale");
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, 0), f->s, &r, &d),
                     ECS_EVIOLATION);
    assert_string_equal(d.msg, "tasks 1 and 2 both use PE 0 in slot 1");
    assert_string_equal(d.msg, r.msg);
    assert_string_equal(d.file, ""); /* not about a file */
    assert_int_equal(d.line, 0);
    assert_int_equal(r.first.kind, ECS_VIOLATION_OVERLAP); /* still filled */
    /* precedence through the zero-work task: its STG ids, PE and slot */
    ecs_schedule_place(f->s, 1, 1, 0, 0, NULL, 0);
    ecs_schedule_place(f->s, 4, 1, 2, 3, NULL, 0); /* D with C, via Z */
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, 0), f->s, &r, &d),
                     ECS_EVIOLATION);
    assert_string_equal(d.msg, "task 5 starts on PE 1 in slot 2, but its "
                               "predecessor 3 stops in slot 2");
    /* NULL is accepted and gives the same result and report */
    ecs_check_report r2;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, 0), f->s, &r2, NULL),
                     ECS_EVIOLATION);
    assert_string_equal(r2.msg, d.msg);
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, 0), f->s, &r2, NULL),
                     ECS_EVIOLATION);
    assert_string_equal(r2.msg, d.msg);
}

static void test_diag_mismatch_and_feasible(void **state)
{
    fixture *f = *state;
    ecs_check_report r;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_schedule *s = ecs_schedule_new(3);
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, 0), s, &r, &d),
                     ECS_EINVAL);
    assert_string_equal(d.msg, "the schedule has 3 tasks, the graph 5");
    ecs_schedule_free(s);
    /* a feasible schedule leaves the diagnostic as it was */
    ecs_diag_set(&d, ECS_EIO, "keep.json", 7, "untouched");
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(f->g, &f->p, f->price, 8, 5), f->s, &r, &d),
                     ECS_OK);
    assert_string_equal(d.file, "keep.json");
    assert_int_equal(d.line, 7);
    assert_string_equal(d.msg, "untouched");
    assert_close(r.cost, 16.0, 1e-12);
}

/* Exactness: ten slots at 0.1 finish one work unit, nine do not. */
static void test_exact_grid(void **state)
{
    (void)state;
    static const long id[] = {0};
    static const long work[] = {1};
    ecs_graph *g;
    ecs_platform p;
    ecs_diag d;
    double price[16];
    for (int l = 0; l < 16; l++)
        price[l] = 1;
    assert_int_equal(ecs_graph_build(1, id, work, NULL, 0, NULL, 0, &g, &d),
                     ECS_OK);
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_freqs(&p, "1,0.3,0.1,0", &d), ECS_OK);
    assert_int_equal(p.grid, 10);
    ecs_schedule *s = ecs_schedule_new(1);
    ecs_schedule_place(s, 0, 0, 0, 9, NULL, 2);
    ecs_check_report r;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, 16, 0), s, &r, NULL), ECS_OK);
    assert_close(r.cost, 10 * 0.01, 1e-12);
    ecs_schedule_place(s, 0, 0, 0, 8, NULL, 2);
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, 16, 0), s, &r, NULL),
                     ECS_EVIOLATION);
    assert_int_equal(r.first.kind, ECS_VIOLATION_WORK);
    /* 0.3 + 0.3 + 0.3 + 0.1 = 1 exactly */
    unsigned char mix[] = {1, 1, 1, 2};
    ecs_schedule_place(s, 0, 0, 0, 3, mix, 0);
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, 16, 0), s, &r, NULL), ECS_OK);
    ecs_schedule_free(s);
    ecs_graph_free(g);
}

static void test_platform_freqs(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_diag d;
    ecs_platform_init(&p);
    assert_int_equal(p.nfreq, 6);
    assert_int_equal(p.grid, 5);
    assert_int_equal(p.freq_q[1], 4);
    assert_true(ecs_platform_has_zero(&p));
    assert_int_equal(ecs_platform_freq_index(&p, 0.6), 2);
    assert_int_equal(ecs_platform_freq_index(&p, 0.5), -1);
    assert_int_equal(ecs_platform_set_freqs(&p, "1,0.25,0", &d), ECS_OK);
    assert_int_equal(p.grid, 4);
    const char *bad[] = {"0.9,0.5",  "1,0.9,0.9", "1,1.5", "1,-0.2",
                         "1,abc",    "",          "1,,0",  "1,0.5,0.7",
                         "1,0.0000001"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        ecs_platform q;
        ecs_platform_init(&q);
        assert_int_equal(ecs_platform_set_freqs(&q, bad[k], &d), ECS_EINVAL);
        assert_true(strlen(d.msg) > 0);
        assert_int_equal(q.nfreq, 6); /* unchanged */
    }
    assert_int_equal(ecs_platform_set_freqs(&p, "1,0.5", &d), ECS_OK);
    assert_false(ecs_platform_has_zero(&p));
}

static void test_platform_power(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_diag d;
    ecs_platform_init(&p);
    assert_close(p.power_of[1], 0.64, 1e-12);
    assert_int_equal(ecs_platform_set_power(&p, "static:0.4", &d), ECS_OK);
    assert_close(p.power_of[0], 1.0, 1e-12);
    assert_close(p.power_of[2], 0.4 + 0.6 * 0.216, 1e-12);
    assert_close(p.power_of[5], 0.0, 0);
    assert_int_equal(ecs_platform_set_power(&p, "static:1.5", &d), ECS_EINVAL);
    assert_int_equal(ecs_platform_set_power(&p, "cubic", &d), ECS_EINVAL);
    assert_int_equal(ecs_platform_set_pes(&p, 0, &d), ECS_EINVAL);
}

static void test_decimal_extension(void **state)
{
    (void)state;
    ecs_decimal e;
    long out;
    assert_int_equal(ecs_parse_decimal("0.2", &e), 0);
    assert_int_equal(ecs_decimal_extend(40, e, &out), 0);
    assert_int_equal(out, 48); /* not 47 */
    assert_int_equal(ecs_parse_decimal("0.05", &e), 0);
    assert_int_equal(ecs_decimal_extend(55, e, &out), 0);
    assert_int_equal(out, 57);
    assert_int_equal(ecs_parse_decimal("1", &e), 0);
    assert_int_equal(ecs_decimal_extend(33, e, &out), 0);
    assert_int_equal(out, 66);
    assert_int_equal(ecs_parse_decimal("0", &e), 0);
    assert_int_equal(ecs_decimal_extend(33, e, &out), 0);
    assert_int_equal(out, 33);
    assert_int_equal(ecs_parse_decimal("1.2.3", &e), ECS_EPARSE);
    assert_int_equal(ecs_parse_decimal("", &e), ECS_EPARSE);
    assert_int_equal(ecs_parse_decimal("-", &e), ECS_EPARSE);
    assert_int_equal(ecs_parse_decimal("0.2x", &e), ECS_EPARSE);
}

static void test_graph_errors_and_contraction(void **state)
{
    (void)state;
    ecs_graph *g = NULL, *c = NULL;
    ecs_diag d;
    long id[] = {0, 1, 2, 3};
    long work[] = {0, 3, 0, 4};
    ecs_edge cyc[] = {{1, 3, 0}, {3, 1, 0}};
    assert_int_equal(ecs_graph_build(4, id, work, NULL, 2, cyc, 0, &g, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "cycle"));
    long dup[] = {0, 1, 1, 3};
    assert_int_equal(ecs_graph_build(4, dup, work, NULL, 0, NULL, 0, &g, &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "duplicate"));
    long neg[] = {0, -3, 0, 4};
    assert_int_equal(ecs_graph_build(4, id, neg, NULL, 0, NULL, 0, &g, &d),
                     ECS_EINVAL);
    /* 0 -> 1 -> 2 -> 3 with 0 and 2 zero-work: contracted 1 -> 3 */
    ecs_edge chain[] = {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}};
    assert_int_equal(ecs_graph_build(4, id, work, NULL, 3, chain, 0, &g, &d),
                     ECS_OK);
    assert_int_equal(ecs_graph_critical_path(g), 7);
    assert_int_equal(ecs_graph_contract(g, &c, &d), ECS_OK);
    assert_int_equal(c->n, 2);
    assert_int_equal(c->nedges, 1);
    assert_int_equal(c->id[0], 1);
    assert_int_equal(c->id[1], 3);
    assert_int_equal(c->pred[c->pred_off[1]], 0);
    assert_int_equal(ecs_graph_critical_path(c), 7);
    assert_int_equal(ecs_graph_find(c, 3), 1);
    assert_int_equal(ecs_graph_find(c, 2), (size_t)-1);
    ecs_graph_free(c);
    ecs_graph_free(g);
}

/* ecs_check_prices: D' >= 1, at least D' prices, finite prices below D'. */
static void test_check_prices(void **state)
{
    (void)state;
    double price[4] = {1.0, NAN, 2.0, INFINITY};
    ecs_diag d;
    assert_int_equal(ecs_check_prices(price, 1, 1, &d), ECS_OK);
    assert_int_equal(ecs_check_prices(price, 4, 0, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "at least 1"));
    assert_int_equal(ecs_check_prices(price, 2, 3, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "2 prices for a deadline of 3 slots"));
    assert_int_equal(ecs_check_prices(price, 4, 2, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "slot 1"));
    double ok[4] = {1.0, -0.5, 2.0, INFINITY};
    assert_int_equal(ecs_check_prices(ok, 4, 3, &d), ECS_OK);
    assert_int_equal(ecs_check_prices(ok, 4, 4, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "slot 3"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_feasible_cost, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scaled_frequencies, setup, teardown),
        cmocka_unit_test_setup_teardown(test_work_short, setup, teardown),
        cmocka_unit_test_setup_teardown(test_overlap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_precedence_direct, setup, teardown),
        cmocka_unit_test_setup_teardown(test_precedence_through_zero_work, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_deadline, setup, teardown),
        cmocka_unit_test_setup_teardown(test_frequency_not_in_f, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pe_range_and_unscheduled, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_no_price, setup, teardown),
        cmocka_unit_test_setup_teardown(test_negative_prices, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mismatch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_diag_violation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_diag_mismatch_and_feasible, setup,
                                        teardown),
        cmocka_unit_test(test_exact_grid),
        cmocka_unit_test(test_platform_freqs),
        cmocka_unit_test(test_platform_power),
        cmocka_unit_test(test_decimal_extension),
        cmocka_unit_test(test_graph_errors_and_contraction),
        cmocka_unit_test(test_check_prices),
    };
    return cmocka_run_group_tests_name("check", tests, NULL, NULL);
}
