/* ecsched batch: the engine that batch and reproduce share: defaults of
 * the lists, input checks, the results file, the pending cases, the pool. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include "batch/batch.h"
#include "run/model.h"
#include "run/keyed.h"

#include "ecsched/record.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int tool_batch_default_jobs(void)
{
#ifdef CPU_COUNT
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

void tool_batch_plan_complete(tool_batch_plan *plan)
{
    ecs_diag diag;
    if (plan->next == 0)
        tool_batch_parse_ext(plan, "0", &diag);
    if (plan->nprices == 0)
        tool_batch_parse_prices(plan, ECS_DEFAULT_PRICES, &diag);
    if (plan->nmethod == 0)
        for (int k = 0; k < TOOL_METHOD_COUNT; k++)
            if (tool_method_default((tool_method)k))
                plan->method[plan->nmethod++] = (tool_method)k;
    plan->nvariant = tool_param_grid_size(&plan->grid);
    tool_method_params p;
    double longest = 0;
    for (size_t v = 0; v < plan->nvariant; v++) {
        tool_param_grid_point(&plan->grid, v, &p);
        if (p.time_limit_s > longest)
            longest = p.time_limit_s;
    }
    if (p.makespan_limit_given)
        plan->makespan_limit_s = p.makespan_limit_s;
    if (plan->kill_after_s <= 0)
        plan->kill_after_s = TOOL_BATCH_KILL_FACTOR * longest +
                             plan->makespan_limit_s + TOOL_BATCH_KILL_MARGIN_S;
}

/* Bad graphs and price schedules are bad input: found before any work.
 * Each price source is recorded with its file hash. */
static ecs_result check_inputs(tool_batch_plan *plan, ecs_diag *diag)
{
    for (size_t k = 0; k < plan->ngraph; k++) {
        ecs_graph *g = NULL;
        ecs_result rc = ecs_setup_load_graph(plan->graph[k], &plan->model, NULL, &g, diag);
        ecs_graph_free(g);
        if (rc != ECS_OK)
            return rc;
    }
    for (size_t k = 0; k < plan->nprices; k++) {
        tool_model m = plan->model;
        m.prices_spec = plan->prices[k];
        m.price_opt.no_repeat = 0;
        ecs_slot_prices sp;
        ecs_result rc = ecs_setup_load_prices(&m, 1, &sp, diag);
        if (rc != ECS_OK)
            return rc;
        ecs_slot_prices_release(&sp);
        json_decref(plan->price_source[k]);
        plan->price_source[k] = ecs_record_price_source(plan->prices[k],
                                                        &plan->model.price_opt, diag);
        if (plan->price_source[k] == NULL)
            return ECS_EIO;
    }
    return ECS_OK;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The cases of this shard that the file does not hold yet, ascending.  A
 * case whose key an earlier case of the plan has (a grid axis its method
 * does not use, e.g. --sigma for the MILP) is run once. */
static size_t *pending(const tool_batch_plan *plan, const tool_batch_store *st,
                       tool_batch_stats *stats, size_t *n)
{
    size_t total = tool_batch_ncases(plan), per = tool_batch_cases_per_unit(plan);
    size_t *ids = malloc((total ? total : 1) * sizeof *ids);
    tool_keyed *k = malloc((total ? total : 1) * sizeof *k);
    size_t nk = 0;
    int bad = ids == NULL || k == NULL;
    for (size_t u = 0; !bad && u < tool_batch_nunits(plan); u++) {
        if (!tool_batch_unit_in_shard(plan, u))
            continue;
        for (size_t id = u * per; !bad && id < (u + 1) * per; id++) {
            k[nk] = (tool_keyed){tool_batch_case_key(plan, id), id};
            bad = k[nk].key == NULL;
            nk += !bad;
        }
    }
    *n = 0;
    if (!bad && nk > 0) {
        tool_keyed_sort(k, nk);
        for (size_t i = 0; i < nk; i++) {
            if (i > 0 && strcmp(k[i].key, k[i - 1].key) == 0)
                continue; /* the same case again */
            stats->total++;
            if (tool_batch_store_has(st, k[i].key))
                stats->already++;
            else
                ids[(*n)++] = k[i].at;
        }
        qsort(ids, *n, sizeof *ids, cmp_size);
    }
    tool_keyed_free(k, nk);
    if (bad) {
        free(ids);
        return NULL;
    }
    return ids;
}

ecs_result tool_batch_execute(tool_batch_plan *plan, const char *out_path,
                             int jobs, const tool_batch_fault *fault,
                             tool_batch_stats *stats, ecs_diag *diag)
{
    memset(stats, 0, sizeof *stats);
    ecs_result rc = check_inputs(plan, diag);
    tool_batch_store st;
    if (rc != ECS_OK)
        return rc;
    rc = tool_batch_store_open(out_path, &st, diag);
    if (rc != ECS_OK)
        return rc;
    stats->truncated = st.truncated;
    size_t n = 0;
    size_t *ids = pending(plan, &st, stats, &n);
    if (ids == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    plan->workers = jobs > 0 ? jobs : tool_batch_default_jobs();
    if (rc == ECS_OK && n > 0)
        rc = tool_batch_pool_run(plan, ids, n, plan->workers, fault, &st, stats, diag);
    free(ids);
    tool_batch_store_close(&st);
    return rc;
}
