/* batch: case numbering, shards, case keys and the result line. */
#include "testutil.h"
#include "run/model.h"

#include "batch/batch.h"

static char *graphs[] = {"a.stg", "b.stg", "c.stg"};

static void plan3(tool_batch_plan *p)
{
    ecs_diag d;
    tool_batch_plan_init(p);
    p->graph = graphs;
    p->ngraph = 3;
    assert_int_equal(tool_batch_parse_pes(p, "2,4,8", &d), 0);
    assert_int_equal(tool_batch_parse_ext(p, "0,0.05", &d), 0);
    assert_int_equal(tool_batch_parse_prices(p, "flat,alternating", &d), 0);
    assert_int_equal(tool_batch_parse_methods(p, "binary,base", &d), 0);
}

static void test_numbering(void **state)
{
    (void)state;
    tool_batch_plan p;
    plan3(&p);
    assert_int_equal(tool_batch_ncases(&p), 3 * 3 * 2 * 2 * 2);
    assert_int_equal(tool_batch_nunits(&p), 9);
    /* methods in run order whatever the order given */
    assert_int_equal(p.method[0], TOOL_METHOD_BASE);
    assert_int_equal(p.method[1], TOOL_METHOD_BINARY);
    int seen[3][3][2][2][2] = {{{{{0}}}}};
    for (size_t id = 0; id < tool_batch_ncases(&p); id++) {
        tool_batch_case c;
        tool_batch_case_of(&p, id, &c);
        seen[c.graph][c.pes][c.ext][c.prices][c.method]++;
        /* a unit is one graph and P */
        assert_int_equal(id / tool_batch_cases_per_unit(&p), c.graph * 3 + c.pes);
    }
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            for (int e = 0; e < 2; e++)
                for (int r = 0; r < 2; r++)
                    for (int m = 0; m < 2; m++)
                        assert_int_equal(seen[a][b][e][r][m], 1);
}

static void test_shards_partition(void **state)
{
    (void)state;
    tool_batch_plan p;
    plan3(&p);
    for (long n = 1; n <= 5; n++) {
        int count[9] = {0};
        for (long k = 1; k <= n; k++) {
            p.shard_k = k;
            p.shard_n = n;
            for (size_t u = 0; u < tool_batch_nunits(&p); u++)
                count[u] += tool_batch_unit_in_shard(&p, u);
        }
        for (size_t u = 0; u < 9; u++)
            assert_int_equal(count[u], 1);
    }
}

static void test_line_and_keys(void **state)
{
    (void)state;
    tool_batch_plan p;
    plan3(&p);
    size_t id = 37;
    tool_row row;
    tool_batch_row_init(&row, &p, id);
    row.status = "feasible";
    row.cost = 12.5;
    row.base_cost = 20;
    row.makespan = 9;
    row.deadline = 10;
    row.meets_deadline = 1;
    row.runtime_s = 0.25;
    char *line = tool_row_line(&row);
    assert_non_null(line);
    tool_batch_case c;
    tool_batch_case_of(&p, id, &c);
    char want[2048];
    snprintf(want, sizeof want,
             "{\"tool\":\"ecsched\",\"version\":\"%s\",\"graph\":\"%s\",\"tasks\":null,"
             "\"pes\":%ld,\"extension\":%s,\"prices\":\"%s\",\"method\":\"%s\","
             "\"model\":{\"freqs\":[1.0,0.8,0.6,0.4,0.2,0.0],\"power\":\"quadratic\","
             "\"deadline_rule\":\"extension\",\"work_unit_s\":null,\"price_source\":null},"
             "\"params\":{\"makespan_limit_s\":10.0,\"sigma\":2.0,\"rel_tol\":0.001,"
             "\"max_bisections\":64},"
             "\"status\":\"feasible\",\"cost\":12.5,\"base_cost\":20.0,\"optimum\":null,"
             "\"bound\":null,\"gap\":null,\"bound_method\":null,\"found_by\":null,"
             "\"makespan\":9,\"deadline\":10,"
             "\"meets_deadline\":true,\"runtime_s\":0.25,\"base_makespan\":null,"
             "\"base_status\":null,\"base_makespan_optimal\":null,\"base_runtime_s\":null,"
             "\"error\":null,\"context\":null}\n",
             ECS_VERSION, graphs[c.graph], p.pes[c.pes], c.ext ? "0.05" : "0.0",
             p.prices[c.prices], tool_method_name(p.method[c.method]));
    assert_string_equal(line, want);
    json_t *o = json_loads(line, 0, NULL);
    char *k1 = tool_row_key(o), *k2 = tool_batch_case_key(&p, id);
    assert_string_equal(k1, k2);
    free(k1);
    free(k2);
    json_decref(o);
    free(line);
    tool_row_release(&row);
}

/* A list-valued parameter is an axis; keys follow every input that
 * changes a result and only those. */
static void test_grid_keys(void **state)
{
    (void)state;
    tool_batch_plan p;
    ecs_diag d;
    tool_batch_plan_init(&p);
    p.graph = graphs;
    p.ngraph = 1;
    assert_int_equal(tool_batch_parse_pes(&p, "2", &d), 0);
    assert_int_equal(tool_batch_parse_methods(&p, "sweep,milp", &d), 0);
    assert_int_equal(tool_param_grid_option(&p.grid, TOOL_OPT_PARAM + TOOL_PARAM_SIGMA, "1,2", 1, &d), 1);
    assert_int_equal(tool_param_grid_option(&p.grid, TOOL_OPT_PARAM + TOOL_PARAM_TIME_LIMIT, "5", 0, &d), 1);
    /* a list where one value is wanted */
    assert_int_equal(tool_param_grid_option(&p.grid, TOOL_OPT_PARAM + TOOL_PARAM_GAP, "0,0.1", 0, &d), -1);
    tool_batch_plan_complete(&p);
    assert_int_equal(p.nvariant, 2);
    assert_int_equal(tool_batch_ncases(&p), 4); /* (sweep, milp) x sigma 1, 2 */
    /* ids: variant-major, methods in run order (sweep, milp) */
    char *sweep1 = tool_batch_case_key(&p, 0), *milp1 = tool_batch_case_key(&p, 1),
         *sweep2 = tool_batch_case_key(&p, 2), *milp2 = tool_batch_case_key(&p, 3);
    assert_string_not_equal(sweep1, sweep2); /* sigma changes the heuristic */
    assert_string_equal(milp1, milp2);       /* ... not the MILP: run once */
    assert_non_null(strstr(milp1, "\"time_limit_s\":5.0"));
    /* another frequency set: another case */
    assert_int_equal(ecs_platform_set_freqs(&p.model.platform, "1,0.5,0", &d), ECS_OK);
    char *sweep1f = tool_batch_case_key(&p, 0);
    assert_string_not_equal(sweep1, sweep1f);
    free(sweep1);
    free(milp1);
    free(sweep2);
    free(milp2);
    free(sweep1f);
    tool_batch_plan_release(&p);
}

static void test_bad_lists(void **state)
{
    (void)state;
    tool_batch_plan p;
    ecs_diag d;
    tool_batch_plan_init(&p);
    assert_int_equal(tool_batch_parse_pes(&p, "2,2", &d), -1);
    assert_non_null(strstr(d.msg, "given twice"));
    assert_int_equal(tool_batch_parse_pes(&p, "0", &d), -1);
    assert_int_equal(tool_batch_parse_pes(&p, ",", &d), -1);
    assert_int_equal(tool_batch_parse_ext(&p, "-0.1", &d), -1);
    assert_int_equal(tool_batch_parse_ext(&p, "0.1,0.10", &d), -1);
    assert_int_equal(tool_batch_parse_methods(&p, "base,foo", &d), -1);
    assert_int_equal(tool_batch_parse_shard(&p, "0/3", &d), -1);
    assert_int_equal(tool_batch_parse_shard(&p, "3", &d), -1);
    assert_int_equal(tool_batch_parse_shard(&p, "3/3", &d), 0);
    assert_int_equal(p.shard_k, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbering),
        cmocka_unit_test(test_shards_partition),
        cmocka_unit_test(test_line_and_keys),
        cmocka_unit_test(test_bad_lists),
        cmocka_unit_test(test_grid_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
