/* The set-up layer (setup/): a problem assembled from a graph built in
 * memory and prices in memory, against figures worked out by hand; the
 * platform file from memory hashed as its file; the document writer's
 * order and its refusals. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ecsched/document.h"
#include "ecsched/platform_file.h"
#include "ecsched/problem.h"
#include "ecsched/record.h"
#include "ecsched/setup.h"

/* FNV-1a 64 of "" and "a": the published test vectors. */
static void test_fnv_vectors(void **state)
{
    (void)state;
    assert_true(ecs_record_fnv_bytes("", 0) == 0xcbf29ce484222325ULL);
    assert_true(ecs_record_fnv_bytes("a", 1) == 0xaf63dc4c8601ec8cULL);
}

/* a -> b, work 1 each (ids 1, 2) */
static ecs_graph *chain(void)
{
    long id[] = {1, 2}, work[] = {1, 1};
    ecs_edge e = {0, 1, 0};
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_graph_build(2, id, work, NULL, 1, &e, 0, &g, &d), ECS_OK);
    return g;
}

static const char PRICES[] = "price\n1\n1\n1\n1\n";

/*
 * One PE, E = 1: the base runs a then b at f = 1 (M = 2), D' = floor(2 x
 * 2) = 4; flat prices of 1 (normalised by 1): the base costs power(1) = 1
 * a slot, 2 in all.  The instance stores the rule, E and M and is
 * prepared (its reduction derived).
 */
static void test_assemble_in_memory(void **state)
{
    (void)state;
    ecs_setup m;
    ecs_setup_init(&m);
    ecs_diag d;
    assert_int_equal(ecs_platform_set_pes(&m.platform, 1, &d), ECS_OK);
    assert_int_equal(ecs_parse_decimal("1", &m.extension), ECS_OK);
    m.extension_given = 1;
    m.prices_spec = "(memory)";
    m.prices_text = PRICES;
    m.prices_len = sizeof PRICES - 1;
    ecs_problem pb;
    assert_int_equal(ecs_problem_assemble(&m, chain(), "", 1.0, &pb, &d), ECS_OK);
    assert_int_equal(pb.base_makespan, 2);
    assert_int_equal(pb.deadline, 4);
    assert_true(pb.base_optimal);
    assert_true(pb.prices.n >= 4);
    assert_close(pb.base_cost, 2.0, 1e-12);
    assert_int_equal(pb.inst.rule, ECS_DEADLINE_EXTENSION);
    assert_close(pb.inst.extension, 1.0, 0);
    assert_int_equal(pb.inst.base_makespan, 2);
    assert_int_equal(pb.inst.deadline, 4);
    assert_non_null(pb.inst.reduced);
    assert_int_equal(pb.inst.windows.n, 2);

    /* the document of the base: the head in its order, the method's keys
     * after it, the record, the tasks last; the checker's cost */
    ecs_doc_request rq = {"heuristic", "feasible", pb.base, 0.5,
                          "{\"mode\": \"test\", \"steps\": 3}",
                          "{\"sigma\": 2.0}", 1.0, 0, 0, 0};
    char *text = NULL;
    assert_int_equal(ecs_document_problem_text(&pb, &m, &rq, &text, &d), ECS_OK);
    json_error_t err;
    json_t *doc = json_loads(text, 0, &err);
    assert_non_null(doc);
    assert_true(text[strlen(text) - 1] == '\n');
    assert_string_equal(json_string_value(json_object_get(doc, "command")), "heuristic");
    assert_close(json_real_value(json_object_get(doc, "cost")), 2.0, 1e-12);
    assert_int_equal(json_integer_value(json_object_get(doc, "deadline")), 4);
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(doc, "model"), "deadline_rule")),
                        "extension");
    const char *order[] = {"tool", "runtime_s", "mode", "steps", "model",
                           "params", "base", "context", "tasks"};
    size_t at = 0;
    const char *k;
    json_t *v;
    json_object_foreach(doc, k, v) {
        if (at < sizeof order / sizeof *order && strcmp(k, order[at]) == 0)
            at++;
    }
    assert_int_equal(at, sizeof order / sizeof *order);
    assert_int_equal(json_array_size(json_object_get(doc, "tasks")), 2);
    json_decref(doc);
    free(text);

    /* keys that are not an object: EPARSE, nothing written */
    rq.keys_json = "[1]";
    text = NULL;
    assert_int_equal(ecs_document_problem_text(&pb, &m, &rq, &text, &d), ECS_EPARSE);
    assert_null(text);
    assert_non_null(strstr(d.msg, "not a JSON object"));
    ecs_problem_release(&pb);
}

static const char PLATFORM[] =
    "{\"classes\": [{\"name\": \"a\", \"count\": 2, \"speed\": 1, "
    "\"watts\": {\"quadratic\": 400}, \"idle_watts\": 50}], "
    "\"sites\": [{\"name\": \"s\", \"prices\": \"flat\"}]}\n";

/* The platform file's JSON in memory: the same platform as the file, its
 * hash the file's; prices in memory do not go with it (EINVAL). */
static void test_platform_text_is_its_file(void **state)
{
    (void)state;
    char path[] = "/tmp/ecs_test_setup_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, PLATFORM, sizeof PLATFORM - 1), (ssize_t)(sizeof PLATFORM - 1));
    close(fd);
    ecs_setup a, b;
    ecs_setup_init(&a);
    ecs_setup_init(&b);
    a.platform_path = path;
    b.platform_text = PLATFORM;
    b.platform_len = sizeof PLATFORM - 1;
    ecs_diag d;
    assert_int_equal(ecs_plat_resolve(&a, &d), ECS_OK);
    assert_int_equal(ecs_plat_resolve(&b, &d), ECS_OK);
    unlink(path);
    assert_true(a.plat.on && b.plat.on);
    assert_string_equal(a.plat.hash, b.plat.hash);
    assert_string_equal(b.plat.path, "(memory)");
    assert_int_equal(a.platform.pes, 2);
    assert_int_equal(b.platform.pes, 2);
    b.prices_text = PRICES;
    b.prices_len = sizeof PRICES - 1;
    ecs_problem pb;
    assert_int_equal(ecs_problem_assemble(&b, chain(), "", 1.0, &pb, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "memory"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fnv_vectors),
        cmocka_unit_test(test_assemble_in_memory),
        cmocka_unit_test(test_platform_text_is_its_file),
    };
    return cmocka_run_group_tests_name("setup", tests, NULL, NULL);
}
