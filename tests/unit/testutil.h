/* Shared helpers of the cmocka unit tests (the functions in testutil.c,
 * linked into every test binary). */
#ifndef ECSCHED_TESTUTIL_H
#define ECSCHED_TESTUTIL_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "ecsched/graph.h"
#include "ecsched/instance.h"
#include "ecsched/milp.h"
#include "ecsched/platform.h"
#include "ecsched/schedule.h"
#include "ecsched/solve.h"

/* cmocka 1.1.5 has no assert_double_equal. */
#define assert_close(a, b, tol)                                              \
    do {                                                                     \
        double a_ = (double)(a), b_ = (double)(b);                           \
        if (!(fabs(a_ - b_) <= (tol))) {                                     \
            print_error("%s = %.12g, %s = %.12g, differ by more than %g\n",  \
                        #a, a_, #b, b_, (double)(tol));                      \
            fail();                                                          \
        }                                                                    \
    } while (0)

/*
 * The shared data directory (../shared/data relative to the project, or
 * $ECSCHED_SHARED_DATA), or NULL when absent: tests that need it skip.
 */
static inline const char *test_shared_data(void)
{
    const char *env = getenv("ECSCHED_SHARED_DATA");
    struct stat st;
    if (env && stat(env, &st) == 0)
        return env;
    if (stat("../shared/data/stg", &st) == 0)
        return "../shared/data";
    return NULL;
}

/* Skip the current test, saying why, when the shared data is absent. */
#define SKIP_WITHOUT_SHARED_DATA(dir)                                        \
    do {                                                                     \
        if ((dir) == NULL) {                                                 \
            fprintf(stderr, "skipped: ../shared/data not found "            \
                            "(set ECSCHED_SHARED_DATA)\n");                 \
            skip();                                                          \
        }                                                                    \
    } while (0)

/* The tolerance of a comparison between two costs near v. */
static inline double tu_tol(double v)
{
    return 1e-6 * (1.0 + fabs(v));
}

/* ---- seeded PRNG: splitmix64 (ecsched/rng.h) on a bare state word, so
 * that a seed fixes a test's instances on every machine ---- */
uint64_t tu_rng_next(uint64_t *s);
long tu_rng_int(uint64_t *s, long lo, long hi); /* lo..hi inclusive */
double tu_rng_unit(uint64_t *s);                /* [0, 1) */

/* ---- instances ---- */

#define TU_BF_MAXN 4 /* the brute-force oracle's tasks at most */
#define TU_BF_MAXT 8 /* and slots */

/* The graph of n tasks with ids 1..n, the given work and m edges,
 * asserting it is valid. */
ecs_graph *tu_graph(size_t n, const long *work, size_t m,
                    const ecs_edge *edges);

/* A random DAG: n tasks (n >= 1) of work 1..maxw, an edge i -> j (i < j)
 * with probability pe, so that tasks are in topological order. */
ecs_graph *tu_random_graph(uint64_t *s, size_t n, long maxw, double pe);

/* n prices: with probability neg a negative one in (-1, 0], else one in
 * [0.1, 1.1). */
void tu_random_prices(uint64_t *s, double *price, long n, double neg);

/* A platform of pes PEs, the frequency set and power model given as on the
 * command line ("1,0.5,0", "static:0.4"), asserting they are valid. */
void tu_platform(ecs_platform *p, int pes, const char *freqs,
                 const char *power);

/* Add a class of the extended model to p (F set): its name, count, site,
 * speed[k] and power[k] for every frequency of F and its idle energy,
 * asserting it is valid. */
void tu_add_class(ecs_platform *p, const char *name, int count, int site,
                  const double *speed, const double *power, double idle);

/* Two sites: two slow PEs east (speeds 1, 0.5; powers 1, 0.3; idle 0.1),
 * two fast ones west (speeds 2, 1; powers 3, 1; idle 0.2); F = {1, 0.5, 0}. */
void tu_slow_east_fast_west(ecs_platform *p);

/* East's and west's prices over T slots, cheap at one and dear at the
 * other by turns of half slots (east cheap first). */
void tu_opposite_prices(double *pe, double *pw, int T, int half);

/* docs/MODEL.md's worked platform into p: F = {1, 0.5, 0}; fast (speeds
 * 2, 1; powers 4, 1.5; idle 0.5) and slow (speeds 1, 0.5; powers 1, 0.4;
 * idle 0.2), one PE each; grid 2. */
void tu_worked_platform(ecs_platform *p);

/* CaWoSched's files for tiny random instances (docs/cawosched.md): a DOT
 * graph of n tasks (ids 0..n-1, weights 1..3, each edge i -> j, i < j,
 * with probability 1/2 and size 0..2) into dot, returning the total weight;
 * and a setup of 2 processors (idle 0..2, 0..2, links 0..1; work 1..4,
 * links 0..2; C 1..3) with deadline D and two intervals (budgets 0..8, the
 * second from a unit in 1..D-1) into setup. */
long tu_cws_random_dot(uint64_t *s, int n, char *dot, size_t size);
void tu_cws_random_setup2(uint64_t *s, long D, char *setup, size_t size);

/* The makespan solver's schedule of g on pes PEs at f = 1 (1 s limit). */
ecs_schedule *tu_base_schedule(const ecs_graph *g, int pes);

/* Asserts a and b the same schedule: as many tasks, each on the same PE
 * in the same slots at the same frequencies. */
void tu_assert_same_schedule(const ecs_schedule *a, const ecs_schedule *b);

/* A tiny random instance for the brute-force oracle: 1 to 4 tasks of work
 * 1 or 2 (an edge with probability 0.4), 1 or 2 PEs with frequencies freqs
 * and power model power, 2 to tmax slots, each price negative with
 * probability neg.  Free g. */
typedef struct tu_tiny {
    ecs_graph *g;
    ecs_platform p;
    long T;
    double price[TU_BF_MAXT];
} tu_tiny;
void tu_tiny_draw(uint64_t *seed, const char *freqs, const char *power,
                  long tmax, double neg, tu_tiny *x);

/* ---- the oracles ---- */

/* The MILP in formulation f, warm-started with warm (or NULL), with a
 * 120 s limit that the tests' small instances never reach; asserts that it
 * ran (ECS_OK, printing the diag otherwise).  Release *r. */
void tu_milp(const ecs_graph *g, const ecs_platform *p, const double *price,
             long D, ecs_milp_formulation f, const ecs_schedule *warm,
             ecs_milp_result *r);

/* The optimum cost of g (tasks in topological order, at most TU_BF_MAXN)
 * in T slots (at most TU_BF_MAXT) by enumeration: every interval, every
 * PE and every frequency profile of every task, independent of the
 * solvers' windows, dominance rules and capacity rows; HUGE_VAL when no
 * schedule meets T. */
double tu_brute_force(const ecs_graph *g, const ecs_platform *p,
                      const double *price, long T);

/* The same on slots of different lengths (slot_len[l] units for slot l;
 * NULL: every slot 1): a slot does q_k * slot_len[l] grid steps and costs
 * power_k * price[l] * slot_len[l] (docs/MODEL.md "Slots of different
 * lengths"). */
double tu_brute_force_len(const ecs_graph *g, const ecs_platform *p,
                          const double *price, const int *slot_len, long T);

/* The same with a re-plan's fixed prefix (replan.h): every task that
 * starts before now in old runs as it ran there (PE, slots, frequencies,
 * its cost included), every other task starts at now or later. */
double tu_brute_force_fixed(const ecs_graph *g, const ecs_platform *p,
                            const double *price, long T,
                            const ecs_schedule *old, long now);

/* The brute-force oracle of the extended model (docs/MODEL.md
 * "Heterogeneous platforms"). */
#define TU_BFX_MAXN 3 /* tasks at most */
#define TU_BFX_MAXT 5 /* and slots (D') */

/*
 * The optimum cost of inst (extended or not: classes, sites, per-site
 * prices, sources, caps) by enumeration: every task's PE, interval inside
 * 0 .. D'-1 and frequency profile, with its own arithmetic for the draw
 * (idle of every PE in every slot of 0 .. D'-1 plus busy minus idle), the
 * cheapest cover (sources cheaper than the grid by price, up to their
 * volume, then the grid) and the caps (the checker's tolerance, 1e-9
 * relative).  It calls neither ecs_check_schedule nor
 * ecs_instance_slot_cost.  Profiles that wait at f = 0 in their first or
 * last slot are skipped (the same draw as the shorter interval, which
 * every other task finds at least as free) and PEs of one class are
 * interchangeable (a task takes a PE of its class at most one above the
 * highest one earlier tasks use).  At most TU_BFX_MAXN tasks in
 * topological order and D' <= TU_BFX_MAXT; HUGE_VAL when no schedule
 * meets D' under the caps.
 */
double tu_brute_force_ext(const ecs_instance *inst);

/* A tiny random instance of the extended model within the oracle's
 * limits (test_cheapest, test_stages_ext): 1-3 tasks of work 1-3 (edges
 * with probability edge_p), D' 2-5, prices with probability neg negative;
 * two classes (fast: 1 PE, speeds 2, 1; slow: 2 PEs, 1 with 3 tasks,
 * speeds 1, 0.5) of random powers and idle draw; a source of random
 * volume and price when rep is even, a random cap when rep is a multiple
 * of 3.  inst points into the case: keep it in place; tu_ext_case_free. */
typedef struct tu_ext_case {
    ecs_graph *g;
    ecs_platform p;
    double price[TU_BFX_MAXT], vol[TU_BFX_MAXT], cap[TU_BFX_MAXT];
    ecs_source src;
    ecs_site site;
    ecs_instance inst;
} tu_ext_case;

void tu_ext_case_random(tu_ext_case *c, uint64_t *seed, int rep,
                        double edge_p, double neg);
void tu_ext_case_free(tu_ext_case *c);

/* The phases of a solve result, in order, as "start,fluid,dp_beam,dp". */
void tu_solve_trace(const ecs_solve_result *r, char *buf, size_t len);

/* ---- quick and long tests ---- */

/* Whether the long runs are wanted: ECS_TEST_LONG=1, set by `make check`. */
int tu_long(void);

/* Run the quick tests, then the slow ones when tu_long(); only the tests
 * whose names match ECS_TEST_FILTER (a cmocka pattern) when it is set.
 * Returns the number of failed tests. */
int tu_run(const struct CMUnitTest *quick, size_t nquick,
           const struct CMUnitTest *slow, size_t nslow);
#define TU_RUN(quick, slow)                                                  \
    tu_run(quick, sizeof quick / sizeof *quick, slow,                        \
           sizeof slow / sizeof *slow)

#endif
