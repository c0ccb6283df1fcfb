/* The seeded generator: reference values of its PRNG, determinism, and the
 * properties of the graphs (acyclic, sizes, work range, edge density). */
#include "testutil.h"

#include "ecsched/graph.h"
#include "ecsched/stg.h"

#include "ecsched/rng.h"

/* splitmix64 reference values (Rosetta Code "Pseudo-random
 * numbers/Splitmix64": the first five integers for seed 1234567). */
static void test_splitmix_reference(void **state)
{
    (void)state;
    static const uint64_t want[] = {
        UINT64_C(6457827717110365317), UINT64_C(3203168211198807973),
        UINT64_C(9817491932198370423), UINT64_C(4593380528125082431),
        UINT64_C(16408922859458223821)};
    ecs_rng r;
    ecs_rng_seed(&r, 1234567);
    for (size_t k = 0; k < 5; k++)
        assert_true(ecs_rng_next(&r) == want[k]);
}

static void test_rng_below_and_hit(void **state)
{
    (void)state;
    ecs_rng r;
    ecs_rng_seed(&r, 42);
    long count[10] = {0};
    for (int k = 0; k < 100000; k++) {
        uint64_t x = ecs_rng_below(&r, 10);
        assert_true(x < 10);
        count[x]++;
    }
    /* 10000 expected per bucket, sd about 95: 6 sd either side */
    for (int b = 0; b < 10; b++)
        assert_true(count[b] > 9430 && count[b] < 10570);
    for (int k = 0; k < 1000; k++) {
        assert_true(ecs_rng_below(&r, 1) == 0);
        assert_false(ecs_rng_hit(&r, ecs_rng_threshold(0.0)));
        assert_true(ecs_rng_hit(&r, ecs_rng_threshold(1.0)));
    }
    assert_true(ecs_rng_threshold(0.5) == (UINT64_C(1) << 52));
    long hits = 0;
    uint64_t t = ecs_rng_threshold(0.25);
    for (int k = 0; k < 100000; k++)
        hits += ecs_rng_hit(&r, t);
    /* 25000 expected, sd about 137 */
    assert_true(hits > 24200 && hits < 25800);
}

static ecs_graph *gen(size_t n, ecs_gen_method m, unsigned long seed,
                      long max_work, double avg)
{
    ecs_gen_params p;
    ecs_gen_params_init(&p);
    p.tasks = n;
    p.method = m;
    p.seed = seed;
    p.max_work = max_work;
    p.avg_preds = avg;
    ecs_graph *g = NULL;
    ecs_diag d;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_OK);
    return g;
}

static int same_graph(const ecs_graph *a, const ecs_graph *b)
{
    if (a->n != b->n || a->nedges != b->nedges)
        return 0;
    for (size_t v = 0; v < a->n; v++)
        if (a->id[v] != b->id[v] || a->work[v] != b->work[v] ||
            a->pred_off[v + 1] != b->pred_off[v + 1])
            return 0;
    for (size_t e = 0; e < a->nedges; e++)
        if (a->pred[e] != b->pred[e])
            return 0;
    return 1;
}

static char *write_text(const ecs_graph *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_int_equal(ecs_stg_write(f, g, "test", NULL), ECS_OK);
    fclose(f);
    return text;
}

static void test_deterministic(void **state)
{
    (void)state;
    static const ecs_gen_method methods[] = {ECS_GEN_SAMEPROB, ECS_GEN_LAYERED,
                                             ECS_GEN_FORKJOIN};
    for (int m = 0; m < 3; m++) {
        ecs_gen_method method = methods[m];
        ecs_graph *a = gen(m == 2 ? 300 : 60, method, 12345, 10, 3);
        ecs_graph *b = gen(m == 2 ? 300 : 60, method, 12345, 10, 3);
        ecs_graph *c = gen(m == 2 ? 300 : 60, method, 12346, 10, 3);
        assert_true(same_graph(a, b));
        assert_false(same_graph(a, c));
        char *ta = write_text(a), *tb = write_text(b), *tc = write_text(c);
        assert_string_equal(ta, tb);
        assert_true(strcmp(ta, tc) != 0);
        free(ta);
        free(tb);
        free(tc);
        ecs_graph_free(a);
        ecs_graph_free(b);
        ecs_graph_free(c);
    }
}

/* Longest chain of tasks (counted in tasks) among the real tasks. */
static size_t longest_chain(const ecs_graph *g)
{
    size_t *len = calloc(g->n, sizeof *len), best = 0;
    for (size_t k = 0; k < g->n; k++) {
        size_t v = g->topo[k];
        if (g->dummy[v])
            continue;
        size_t l = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
            if (!g->dummy[g->pred[e]] && len[g->pred[e]] > l)
                l = len[g->pred[e]];
        len[v] = l + 1;
        if (len[v] > best)
            best = len[v];
    }
    free(len);
    return best;
}

/* The structure every generated graph has. */
static void check_shape(const ecs_graph *g, size_t n, long max_work,
                        long *work_seen)
{
    assert_int_equal(g->n, n + 2);
    for (size_t v = 0; v < g->n; v++) {
        assert_int_equal(g->id[v], (long)v);
        int dummy = v == 0 || v == n + 1;
        assert_int_equal(g->dummy[v], dummy);
        if (dummy) {
            assert_int_equal(g->work[v], 0);
        } else {
            assert_true(g->work[v] >= 1 && g->work[v] <= max_work);
            work_seen[g->work[v]]++;
        }
        size_t np = g->pred_off[v + 1] - g->pred_off[v];
        size_t ns = g->succ_off[v + 1] - g->succ_off[v];
        assert_true(v == 0 ? np == 0 : np > 0);
        assert_true(v == n + 1 ? ns == 0 : ns > 0);
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
            size_t u = g->pred[e];
            assert_true(u < v); /* ids are a topological order */
            if (u == 0) /* the entry precedes only tasks without preds */
                assert_int_equal(np, 1);
        }
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            if (g->succ[e] == n + 1)
                assert_int_equal(ns, 1);
    }
    ecs_graph_stats st;
    ecs_graph_stats_compute(g, &st);
    assert_int_equal(st.tasks, n);
}

static void test_shape_and_work_range(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 2, 3, 8, 32, 50, 100};
    for (int m = 0; m < 2; m++)
        for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
            for (unsigned long seed = 0; seed < 20; seed++) {
                size_t n = sizes[k];
                long seen[8] = {0};
                double avg = n > 4 ? 2 : ((double)n - 1) / 2;
                ecs_graph *g = gen(n, m ? ECS_GEN_LAYERED : ECS_GEN_SAMEPROB,
                                   seed, 7, avg);
                check_shape(g, n, 7, seen);
                if (m)
                    assert_true(longest_chain(g) <= ecs_gen_layers(n));
                ecs_graph_free(g);
            }
    /* every work value 1..max_work occurs in a large graph */
    long seen[11] = {0};
    ecs_graph *g = gen(2000, ECS_GEN_SAMEPROB, 99, 10, 1);
    check_shape(g, 2000, 10, seen);
    for (int w = 1; w <= 10; w++)
        assert_true(seen[w] > 100);
    ecs_graph_free(g);
}

/* Over many seeds the average number of predecessors is near the target:
 * the expected number of edges is avg * n for both methods. */
static void check_density(ecs_gen_method m, size_t n, double avg)
{
    double sum = 0;
    int seeds = 200;
    for (int s = 0; s < seeds; s++) {
        ecs_graph *g = gen(n, m, (unsigned long)s * 7919 + 1, 10, avg);
        ecs_graph_stats st;
        ecs_graph_stats_compute(g, &st);
        sum += (double)st.edges / (double)n;
        ecs_graph_free(g);
    }
    assert_close(sum / seeds, avg, 0.1);
}

static void test_density(void **state)
{
    (void)state;
    check_density(ECS_GEN_SAMEPROB, 50, 2);
    check_density(ECS_GEN_SAMEPROB, 50, 1.92); /* STG 50/rand0000 */
    check_density(ECS_GEN_SAMEPROB, 32, 4);
    check_density(ECS_GEN_LAYERED, 50, 2);
    check_density(ECS_GEN_LAYERED, 100, 8.47); /* STG 100/rand0053 */
    /* the densest sameprob graph is the complete DAG */
    ecs_graph *g = gen(20, ECS_GEN_SAMEPROB, 5, 10, 9.5);
    assert_int_equal(g->nedges, 20 * 19 / 2 + 2);
    assert_int_equal(longest_chain(g), 20);
    ecs_graph_free(g);
    /* no edges at all: a layered graph is n independent tasks */
    g = gen(30, ECS_GEN_LAYERED, 5, 10, 0);
    assert_int_equal(g->nedges, 2 * 30);
    ecs_graph_free(g);
}

static void test_layers(void **state)
{
    (void)state;
    /* the STG set's layered graphs: 50 tasks in 5 layers, 100 in 10,
     * 300 in 30 (average width 10) */
    assert_int_equal(ecs_gen_layers(50), 5);
    assert_int_equal(ecs_gen_layers(100), 10);
    assert_int_equal(ecs_gen_layers(300), 30);
    assert_int_equal(ecs_gen_layers(1), 1);
    assert_int_equal(ecs_gen_layers(2), 2);
    assert_int_equal(ecs_gen_layers(14), 2);
    assert_int_equal(ecs_gen_layers(25), 3);
    /* dense layered graphs use every layer: chain length = layers */
    ecs_graph *g = gen(100, ECS_GEN_LAYERED, 3, 10, 20);
    assert_int_equal(longest_chain(g), 10);
    ecs_graph_free(g);
}

static void test_bad_params(void **state)
{
    (void)state;
    ecs_gen_params p;
    ecs_graph *g = NULL;
    ecs_diag d;
    ecs_gen_params_init(&p);
    assert_int_equal(p.tasks, 50);
    assert_int_equal(p.max_work, 10);
    assert_close(p.avg_preds, 2.0, 0);
    p.tasks = 0;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "tasks"));
    assert_null(g);
    p.tasks = ECS_GEN_MAX_TASKS + 1;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_EINVAL);
    ecs_gen_params_init(&p);
    p.max_work = 0;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "work"));
    ecs_gen_params_init(&p);
    p.avg_preds = -1;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_EINVAL);
    p.avg_preds = NAN;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_EINVAL);
    p.avg_preds = 24.6; /* more than (50 - 1) / 2 */
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "impossible"));
    p.avg_preds = 24.5;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_OK);
    ecs_graph_free(g);
    ecs_gen_params_init(&p);
    p.method = (ecs_gen_method)7;
    assert_int_equal(ecs_stg_generate(&p, &g, &d), ECS_EINVAL);
    ecs_gen_method m;
    assert_int_equal(ecs_gen_method_parse("layered", &m, &d), ECS_OK);
    assert_int_equal(m, ECS_GEN_LAYERED);
    assert_int_equal(ecs_gen_method_parse("sameprob", &m, NULL), ECS_OK);
    assert_int_equal(m, ECS_GEN_SAMEPROB);
    assert_int_equal(ecs_gen_method_parse("layrprob", &m, &d), ECS_EINVAL);
    assert_int_equal(m, ECS_GEN_SAMEPROB); /* untouched */
    assert_string_equal(d.msg, "unknown generator method 'layrprob' "
                               "(sameprob, layered or forkjoin)");
    assert_int_equal(ecs_gen_method_parse("forkjoin", &m, NULL), ECS_OK);
    assert_int_equal(m, ECS_GEN_FORKJOIN);
    assert_int_equal(ecs_gen_method_parse(NULL, &m, NULL), ECS_EINVAL);
    assert_string_equal(ecs_gen_method_name(ECS_GEN_LAYERED), "layered");
}

/* A fork-join pipeline read back stage by stage from its edges alone:
 * from a fork f, its successors are the stage's parallel tasks, each with
 * exactly the predecessor f and the one successor j (the join), j has them
 * all as predecessors and at most one successor, the next fork.  Returns
 * the number of stages and fills widths[]. */
static size_t read_stages(const ecs_graph *g, size_t n, size_t *widths)
{
    size_t fork = 1, stages = 0, covered = 0;
    while (fork <= n) {
        size_t ns = g->succ_off[fork + 1] - g->succ_off[fork];
        size_t first = g->succ[g->succ_off[fork]];
        size_t join = g->succ[g->succ_off[first]];
        assert_int_equal(g->pred_off[join + 1] - g->pred_off[join], ns);
        for (size_t e = g->succ_off[fork]; e < g->succ_off[fork + 1]; e++) {
            size_t t = g->succ[e];
            assert_int_equal(t, fork + 1 + (e - g->succ_off[fork]));
            assert_int_equal(g->pred_off[t + 1] - g->pred_off[t], 1);
            assert_int_equal(g->pred[g->pred_off[t]], fork);
            assert_int_equal(g->succ_off[t + 1] - g->succ_off[t], 1);
            assert_int_equal(g->succ[g->succ_off[t]], join);
        }
        assert_int_equal(join, fork + ns + 1);
        assert_int_equal(g->succ_off[join + 1] - g->succ_off[join], 1);
        widths[stages++] = ns;
        covered += ns + 2;
        fork = g->succ[g->succ_off[join]]; /* the next fork, or the exit */
        assert_int_equal(fork, join + 1);
        if (fork <= n) /* the next fork has the join alone before it */
            assert_int_equal(g->pred_off[fork + 1] - g->pred_off[fork], 1);
    }
    assert_int_equal(covered, n);
    return stages;
}

static void test_forkjoin(void **state)
{
    (void)state;
    static const size_t sizes[] = {12, 13, 40, 62, 63, 73, 74, 75, 300, 1000};
    size_t widths[200];
    long hist[61] = {0};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
        for (unsigned long seed = 0; seed < 20; seed++) {
            size_t n = sizes[k];
            long seen[11] = {0};
            ecs_graph *g = gen(n, ECS_GEN_FORKJOIN, seed, 10, 2);
            check_shape(g, n, 10, seen);
            assert_string_equal(g->meta.generator, "forkjoin");
            size_t st = read_stages(g, n, widths), wsum = 0;
            for (size_t s = 0; s < st; s++) {
                assert_true(widths[s] >= ECS_GEN_FJ_MIN_WIDTH &&
                            widths[s] <= ECS_GEN_FJ_MAX_WIDTH);
                wsum += widths[s];
                if (n == 1000)
                    hist[widths[s]]++;
            }
            /* real edges: two per parallel task, one between stages; and
             * the dummies' two */
            assert_int_equal(g->nedges, 2 * wsum + (st - 1) + 2);
            /* 12..62 tasks: one stage; 63..74: two */
            if (n <= 62)
                assert_int_equal(st, 1);
            else if (n <= 74)
                assert_int_equal(st, 2);
            ecs_graph_free(g);
        }
    /* the widths of full stages cover 10..60: both ends drawn */
    assert_true(hist[10] > 0 && hist[60] > 0);
    /* below 12 tasks the stage is narrower; below 3 a chain */
    for (size_t n = 1; n <= 11; n++) {
        long seen[11] = {0};
        ecs_graph *g = gen(n, ECS_GEN_FORKJOIN, 3, 10, 0);
        check_shape(g, n, 10, seen);
        assert_int_equal(g->nedges, n < 3 ? (n - 1) + 2 : 2 * (n - 2) + 2);
        assert_int_equal(longest_chain(g), n < 3 ? n : 3);
        ecs_graph_free(g);
    }
}

/* forkjoin with chains as branches (--chain 2:4): every stage a fork,
 * branches that are chains of 2..4 tasks (fork -> first, each task one
 * successor, the last -> join) and a join, each task in exactly one; only
 * the last stage's last branch may be shorter; both ends of the lengths
 * drawn; the same seed gives the same graph, and chains 1..1 the graph of
 * plain forkjoin. */
static void test_forkjoin_chains(void **state)
{
    (void)state;
    static const size_t sizes[] = {24, 40, 150, 1000};
    long lens[5] = {0};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
        for (unsigned long seed = 0; seed < 10; seed++) {
            size_t n = sizes[k];
            ecs_gen_params p;
            ecs_gen_params_init(&p);
            p.tasks = n;
            p.method = ECS_GEN_FORKJOIN;
            p.seed = seed;
            p.chain_min = 2;
            p.chain_max = 4;
            ecs_graph *g = NULL, *again = NULL;
            assert_int_equal(ecs_stg_generate(&p, &g, NULL), ECS_OK);
            assert_int_equal(ecs_stg_generate(&p, &again, NULL), ECS_OK);
            assert_true(same_graph(g, again));
            ecs_graph_free(again);
            long seen[11] = {0};
            check_shape(g, n, 10, seen);
            size_t fork = 1, covered = 0, short_ones = 0, edges = 0;
            while (fork <= n) {
                size_t join = 0, inner = 0;
                for (size_t e = g->succ_off[fork]; e < g->succ_off[fork + 1];
                     e++) {
                    size_t t = g->succ[e], len = 1;
                    assert_int_equal(g->pred_off[t + 1] - g->pred_off[t], 1);
                    while (g->succ_off[t + 1] - g->succ_off[t] == 1 &&
                           g->pred_off[g->succ[g->succ_off[t]] + 1] -
                                   g->pred_off[g->succ[g->succ_off[t]]] ==
                               1) {
                        t = g->succ[g->succ_off[t]];
                        len++;
                    }
                    assert_int_equal(g->succ_off[t + 1] - g->succ_off[t], 1);
                    size_t j = g->succ[g->succ_off[t]];
                    assert_true(join == 0 || j == join);
                    join = j;
                    if (len < 2)
                        short_ones++;
                    assert_true(len <= 4);
                    lens[len]++;
                    inner += len;
                    edges += len + 1;
                }
                assert_int_equal(join, fork + inner + 1);
                covered += inner + 2;
                fork = join + 1;
                if (fork <= n)
                    edges++; /* join -> next fork */
            }
            assert_int_equal(covered, n);
            assert_true(short_ones <= 1);
            assert_int_equal(g->nedges, edges + 2); /* and the dummies' */
            ecs_graph_free(g);
        }
    assert_true(lens[2] > 0 && lens[4] > 0);
    /* chains of one: the plain forkjoin graph */
    ecs_gen_params p;
    ecs_gen_params_init(&p);
    p.tasks = 300;
    p.method = ECS_GEN_FORKJOIN;
    ecs_graph *a = NULL, *b = gen(300, ECS_GEN_FORKJOIN, 1, 10, 2);
    p.chain_min = p.chain_max = 1;
    assert_int_equal(ecs_stg_generate(&p, &a, NULL), ECS_OK);
    assert_true(same_graph(a, b));
    ecs_graph_free(a);
    ecs_graph_free(b);
}

static void test_params_validate(void **state)
{
    (void)state;
    ecs_gen_params p;
    ecs_gen_params_init(&p);
    assert_int_equal(ecs_gen_params_validate(&p, NULL), ECS_OK);
    p.avg_preds = 30.0; /* more than (50 - 1) / 2 */
    ecs_diag d;
    assert_int_equal(ecs_gen_params_validate(&p, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "impossible"));
    ecs_gen_params_init(&p);
    p.seed = UINT64_MAX; /* the whole 64-bit range is a seed */
    assert_int_equal(ecs_gen_params_validate(&p, NULL), ECS_OK);
    /* chains as branches: 1 <= min <= max <= ECS_GEN_FJ_MAX_CHAIN, and
     * for forkjoin only */
    ecs_gen_params_init(&p);
    p.method = ECS_GEN_FORKJOIN;
    p.chain_min = 2;
    p.chain_max = ECS_GEN_FJ_MAX_CHAIN;
    assert_int_equal(ecs_gen_params_validate(&p, NULL), ECS_OK);
    p.chain_max = ECS_GEN_FJ_MAX_CHAIN + 1;
    assert_int_equal(ecs_gen_params_validate(&p, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "chain lengths"));
    p.chain_min = 3;
    p.chain_max = 2;
    assert_int_equal(ecs_gen_params_validate(&p, NULL), ECS_EINVAL);
    p.chain_min = 0;
    assert_int_equal(ecs_gen_params_validate(&p, NULL), ECS_EINVAL);
    p.chain_min = 1;
    p.chain_max = 2;
    p.method = ECS_GEN_LAYERED;
    assert_int_equal(ecs_gen_params_validate(&p, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "forkjoin method only"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params_validate),
        cmocka_unit_test(test_splitmix_reference),
        cmocka_unit_test(test_rng_below_and_hit),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_shape_and_work_range),
        cmocka_unit_test(test_density),
        cmocka_unit_test(test_layers),
        cmocka_unit_test(test_forkjoin),
        cmocka_unit_test(test_forkjoin_chains),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests_name("stg_generate", tests, NULL, NULL);
}
