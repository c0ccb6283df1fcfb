/* The JSON schedule document: what ecsched writes reads back to the same
 * schedule, model and prices, and the checker agrees on both. */
#include "testutil.h"

#include <unistd.h>

#include "run/cli.h"
#include "run/model.h"
#include "run/output.h"

#include "ecsched/check.h"
#include "ecsched/graph.h"
#include "ecsched/platform.h"
#include "ecsched/schedule.h"
#include "ecsched/stg.h"

/*
 * A feasible schedule built by hand on the contracted graph: tasks one
 * after another in topological order, alternating over the PEs; every
 * third task waits one slot at f = 0 first, every other task does each
 * work unit in two slots at 0.6 + 0.4 (F must hold 1, 0.6, 0.4, 0).
 */
static ecs_schedule *serial_schedule(const ecs_graph *g, const ecs_platform *p)
{
    int i1 = ecs_platform_freq_index(p, 1), i6 = ecs_platform_freq_index(p, 0.6),
        i4 = ecs_platform_freq_index(p, 0.4), i0 = ecs_platform_freq_index(p, 0);
    assert_true(i1 >= 0 && i6 >= 0 && i4 >= 0 && i0 >= 0);
    ecs_schedule *s = ecs_schedule_new(g->n);
    long t = 0;
    unsigned char f[64];
    for (size_t k = 0; k < g->n; k++) {
        size_t v = g->topo[k];
        long w = g->work[v], len = 0;
        assert_true(w > 0 && 2 * w + 1 <= 64);
        if (k % 3 == 0)
            f[len++] = (unsigned char)i0;
        for (long u = 0; u < w; u++) {
            if (k % 2) {
                f[len++] = (unsigned char)i6;
                f[len++] = (unsigned char)i4;
            } else {
                f[len++] = (unsigned char)i1;
            }
        }
        assert_int_equal(ecs_schedule_place(s, v, (int)(k % (size_t)p->pes), t,
                                            t + len - 1, f, 0),
                         ECS_OK);
        t += len;
    }
    return s;
}

static void round_trip(const ecs_platform *p, const double *price, size_t n,
                       const char *power, const char *freqs)
{
    ecs_graph *raw = NULL, *g = NULL;
    ecs_diag d;
    tool_model m;
    tool_model_init(&m);
    assert_int_equal(ecs_setup_load_graph("data/stg/rand0000.stg", &m,
                                        &raw, &g, &d),
                     ECS_OK);
    ecs_schedule *s = serial_schedule(g, p);
    ecs_check_report rep;
    long makespan = ecs_schedule_makespan(s);
    assert_true((size_t)makespan <= n);
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, price, n, makespan + 3), s, &rep, NULL),
                     ECS_OK);
    ecs_slot_prices sp;
    memset(&sp, 0, sizeof sp);
    sp.n = n;
    sp.price = (double *)price;
    sp.normalized_by = 1;
    sp.slot_minutes = 60;
    snprintf(sp.source, sizeof sp.source, "test");
    ecs_doc_info info = {"test", "data/stg/rand0000.stg", raw, p, &sp,
                         makespan + 3, &rep, 1, 123.5, "feasible", 0.25, NULL, NULL, NULL};
    json_t *doc = ecs_document_new(&info);
    assert_non_null(doc);
    assert_int_equal(ecs_document_add_tasks(doc, g, p, s), 0);
    char dir[] = "/tmp/ecsched-test-doc-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/s.json", dir);
    assert_int_equal(tool_write_json(path, doc, &d), ECS_OK);
    json_decref(doc);

    /* the model keys come back */
    ecs_doc_model dm;
    ecs_schedule *r = NULL;
    assert_int_equal(ecs_document_read(path, NULL, g, p, &r, &dm, &d), ECS_OK);
    assert_int_equal(dm.pes, p->pes);
    assert_string_equal(dm.power, power);
    assert_int_equal(dm.deadline, makespan + 3);
    assert_string_equal(dm.price_source, "test");
    assert_int_equal(dm.nprice, n);
    for (size_t l = 0; l < n; l++)
        assert_close(dm.price[l], price[l], 1e-11 * (1 + fabs(price[l])));
    ecs_platform q;
    ecs_platform_init(&q);
    assert_int_equal(ecs_platform_set_freqs(&q, dm.freqs, &d), ECS_OK);
    ecs_platform want;
    ecs_platform_init(&want);
    assert_int_equal(ecs_platform_set_freqs(&want, freqs, &d), ECS_OK);
    assert_int_equal(q.nfreq, want.nfreq);
    assert_int_equal(q.grid, want.grid);
    for (size_t k = 0; k < q.nfreq; k++)
        assert_int_equal(q.freq_q[k], want.freq_q[k]);

    /* the same schedule, slot by slot */
    for (size_t v = 0; v < g->n; v++) {
        const ecs_sched_task *a = &s->task[v], *b = &r->task[v];
        assert_int_equal(b->pe, a->pe);
        assert_int_equal(b->start, a->start);
        assert_int_equal(b->stop, a->stop);
        assert_memory_equal(b->freq, a->freq, (size_t)(a->stop - a->start + 1));
    }
    ecs_check_report rep2;
    assert_int_equal(ecs_check_schedule(ECS_INSTANCE_BORROW(g, p, dm.price, dm.nprice, dm.deadline), r, &rep2, NULL),
                     ECS_OK);
    assert_int_equal(rep2.makespan, rep.makespan);
    assert_close(rep2.cost, rep.cost, 1e-9 * (1 + fabs(rep.cost)));

    /* the head of the document: graph counts of rand0000 (manifest: 50
     * tasks, 96 edges), cost and base cost */
    json_error_t err;
    json_t *root = json_load_file(path, 0, &err);
    assert_non_null(root);
    json_t *gr = json_object_get(root, "graph");
    assert_int_equal(json_integer_value(json_object_get(gr, "tasks")), 50);
    assert_int_equal(json_integer_value(json_object_get(gr, "edges")), 96);
    assert_close(json_number_value(json_object_get(root, "cost")), rep.cost,
                 1e-9 * (1 + fabs(rep.cost)));
    assert_close(json_number_value(json_object_get(root, "base_cost")), 123.5,
                 0);
    assert_int_equal(json_integer_value(json_object_get(root, "makespan")),
                     makespan);
    assert_true(json_is_true(json_object_get(root, "meets_deadline")));
    assert_int_equal(json_array_size(json_object_get(root, "tasks")), 50);
    json_decref(root);

    ecs_doc_model_release(&dm);
    ecs_schedule_free(r);
    ecs_schedule_free(s);
    ecs_graph_free(g);
    ecs_graph_free(raw);
    unlink(path);
    rmdir(dir);
}

static void test_default_model(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_diag d;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, 3, &d), ECS_OK);
    static double price[1024];
    for (size_t l = 0; l < 1024; l++)
        price[l] = (double)(l % 24 + 1) / 24;
    round_trip(&p, price, 1024, "quadratic", "1,0.8,0.6,0.4,0.2,0");
}

static void test_other_model(void **state)
{
    (void)state;
    ecs_platform p;
    ecs_diag d;
    ecs_platform_init(&p);
    assert_int_equal(ecs_platform_set_pes(&p, 2, &d), ECS_OK);
    assert_int_equal(ecs_platform_set_freqs(&p, "1,0.85,0.6,0.4,0.15,0", &d),
                     ECS_OK);
    assert_int_equal(ecs_platform_set_power(&p, "static:0.4", &d), ECS_OK);
    /* negative and irrational prices, as real markets and resampling give */
    static double price[1024];
    for (size_t l = 0; l < 1024; l++)
        price[l] = sin((double)l) * 0.7 - 0.1;
    round_trip(&p, price, 1024, "static:0.4", "1,0.85,0.6,0.4,0.15,0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_model),
        cmocka_unit_test(test_other_model),
    };
    return cmocka_run_group_tests_name("doc", tests, NULL, NULL);
}
