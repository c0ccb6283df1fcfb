/* Task graphs: construction, validation, topological order (graph.h). */
#include "ecsched/graph.h"

#include <stdlib.h>
#include <string.h>

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

void ecs_graph_free(ecs_graph *g)
{
    if (g == NULL)
        return;
    free(g->id);
    free(g->work);
    free(g->dummy);
    free(g->pred_off);
    free(g->pred);
    free(g->pred_comm);
    free(g->succ_off);
    free(g->succ);
    free(g->topo);
    free(g->source);
    free(g);
}

static ecs_graph *graph_alloc(size_t n, size_t m, int has_comm)
{
    ecs_graph *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    size_t nn = n ? n : 1, mm = m ? m : 1;
    g->n = n;
    g->nedges = m;
    g->id = malloc(nn * sizeof *g->id);
    g->work = malloc(nn * sizeof *g->work);
    g->dummy = calloc(nn, 1);
    g->pred_off = calloc(n + 1, sizeof *g->pred_off);
    g->pred = malloc(mm * sizeof *g->pred);
    g->succ_off = calloc(n + 1, sizeof *g->succ_off);
    g->succ = malloc(mm * sizeof *g->succ);
    g->topo = malloc(nn * sizeof *g->topo);
    if (has_comm)
        g->pred_comm = malloc(mm * sizeof *g->pred_comm);
    if (!g->id || !g->work || !g->dummy || !g->pred_off || !g->pred ||
        !g->succ_off || !g->succ || !g->topo || (has_comm && !g->pred_comm)) {
        ecs_graph_free(g);
        return NULL;
    }
    return g;
}

/* Sort each task's predecessor list (with its comm costs). */
static void sort_preds(ecs_graph *g)
{
    for (size_t v = 0; v < g->n; v++) {
        size_t a = g->pred_off[v], b = g->pred_off[v + 1];
        /* insertion sort: lists are short, and comm must follow */
        for (size_t i = a + 1; i < b; i++) {
            size_t p = g->pred[i];
            long c = g->pred_comm ? g->pred_comm[i] : 0;
            size_t j = i;
            while (j > a && g->pred[j - 1] > p) {
                g->pred[j] = g->pred[j - 1];
                if (g->pred_comm)
                    g->pred_comm[j] = g->pred_comm[j - 1];
                j--;
            }
            g->pred[j] = p;
            if (g->pred_comm)
                g->pred_comm[j] = c;
        }
    }
}

/* Kahn's algorithm; smallest index first among ready tasks is not needed. */
static int topo_sort(ecs_graph *g, size_t *cycle_task)
{
    size_t *indeg = calloc(g->n ? g->n : 1, sizeof *indeg);
    if (indeg == NULL)
        return -2;
    for (size_t v = 0; v < g->n; v++)
        indeg[v] = g->pred_off[v + 1] - g->pred_off[v];
    size_t head = 0, tail = 0;
    for (size_t v = 0; v < g->n; v++)
        if (indeg[v] == 0)
            g->topo[tail++] = v;
    while (head < tail) {
        size_t v = g->topo[head++];
        for (size_t k = g->succ_off[v]; k < g->succ_off[v + 1]; k++)
            if (--indeg[g->succ[k]] == 0)
                g->topo[tail++] = g->succ[k];
    }
    int rc = 0;
    if (tail < g->n) {
        rc = -1;
        for (size_t v = 0; v < g->n; v++)
            if (indeg[v] > 0) {
                *cycle_task = v;
                break;
            }
    }
    free(indeg);
    return rc;
}

static int check_unique_ids(const long *id, size_t n, long *dup)
{
    long *ids = malloc((n ? n : 1) * sizeof *ids);
    if (ids == NULL)
        return -2;
    if (n > 0)
        memcpy(ids, id, n * sizeof *ids);
    qsort(ids, n, sizeof *ids, cmp_long);
    int rc = 0;
    for (size_t i = 1; i < n; i++)
        if (ids[i] == ids[i - 1]) {
            *dup = ids[i];
            rc = -1;
            break;
        }
    free(ids);
    return rc;
}

ecs_result ecs_graph_build(size_t n, const long *id, const long *work,
                           const unsigned char *dummy, size_t m,
                           const ecs_edge *edges, int has_comm,
                           ecs_graph **out, ecs_diag *diag)
{
    *out = NULL;
    for (size_t i = 0; i < n; i++)
        if (work[i] < 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has negative work %ld", id[i],
                                work[i]);
    long dup = 0;
    int rc = check_unique_ids(id, n, &dup);
    if (rc == -2)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == -1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "duplicate task id %ld",
                            dup);
    for (size_t e = 0; e < m; e++) {
        if (edges[e].from >= n || edges[e].to >= n)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "edge %zu refers to a task index out of range",
                                e);
        if (edges[e].from == edges[e].to)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld depends on itself",
                                id[edges[e].from]);
        if (has_comm && edges[e].comm < 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "edge %ld -> %ld has negative communication cost %ld",
                                id[edges[e].from], id[edges[e].to], edges[e].comm);
    }
    ecs_graph *g = graph_alloc(n, m, has_comm);
    if (g == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (n > 0) { /* id and work may be NULL for the empty graph */
        memcpy(g->id, id, n * sizeof *id);
        memcpy(g->work, work, n * sizeof *work);
        if (dummy)
            memcpy(g->dummy, dummy, n);
    }
    g->meta.cp_length = -1;
    g->meta.parallelism = -1;
    for (size_t e = 0; e < m; e++) {
        g->pred_off[edges[e].to + 1]++;
        g->succ_off[edges[e].from + 1]++;
    }
    for (size_t v = 0; v < n; v++) {
        g->pred_off[v + 1] += g->pred_off[v];
        g->succ_off[v + 1] += g->succ_off[v];
    }
    size_t *pfill = calloc(n ? n : 1, sizeof *pfill);
    size_t *sfill = calloc(n ? n : 1, sizeof *sfill);
    if (pfill == NULL || sfill == NULL) {
        free(pfill);
        free(sfill);
        ecs_graph_free(g);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t e = 0; e < m; e++) {
        size_t a = edges[e].from, b = edges[e].to;
        size_t pi = g->pred_off[b] + pfill[b]++;
        g->pred[pi] = a;
        if (has_comm)
            g->pred_comm[pi] = edges[e].comm;
        g->succ[g->succ_off[a] + sfill[a]++] = b;
    }
    free(pfill);
    free(sfill);
    sort_preds(g);
    for (size_t v = 0; v < n; v++) {
        size_t a = g->succ_off[v], b = g->succ_off[v + 1];
        qsort(g->succ + a, b - a, sizeof *g->succ, cmp_size);
        for (size_t k = g->pred_off[v] + 1; k < g->pred_off[v + 1]; k++)
            if (g->pred[k] == g->pred[k - 1]) {
                long pa = g->id[g->pred[k]], pb = g->id[v];
                ecs_graph_free(g);
                return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                    "edge %ld -> %ld is given twice", pa, pb);
            }
    }
    size_t cyc = 0;
    rc = topo_sort(g, &cyc);
    if (rc != 0) {
        long cid = rc == -1 ? g->id[cyc] : 0;
        ecs_graph_free(g);
        if (rc == -2)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the graph has a cycle through task %ld", cid);
    }
    *out = g;
    return ECS_OK;
}

size_t ecs_graph_find(const ecs_graph *g, long id)
{
    /* ids are not necessarily sorted: O(1) where id == index or index + 1
     * (every STG layout), else a linear scan, O(n) */
    if (g->n == 0)
        return (size_t)-1;
    if (id >= 0 && (size_t)id < g->n && g->id[id] == id)
        return (size_t)id;
    if (id >= 1 && (size_t)(id - 1) < g->n && g->id[id - 1] == id)
        return (size_t)(id - 1);
    for (size_t i = 0; i < g->n; i++)
        if (g->id[i] == id)
            return i;
    return (size_t)-1;
}

void ecs_graph_top_levels(const ecs_graph *g, long *out)
{
    for (size_t k = 0; k < g->n; k++) {
        size_t v = g->topo[k];
        long t = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
            size_t u = g->pred[e];
            if (out[u] + g->work[u] > t)
                t = out[u] + g->work[u];
        }
        out[v] = t;
    }
}

void ecs_graph_bottom_levels(const ecs_graph *g, long *out)
{
    for (size_t k = g->n; k-- > 0;) {
        size_t v = g->topo[k];
        long b = 0;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            if (out[g->succ[e]] > b)
                b = out[g->succ[e]];
        out[v] = b + g->work[v];
    }
}

long ecs_graph_critical_path(const ecs_graph *g)
{
    if (g->n == 0)
        return 0;
    long *bl = malloc(g->n * sizeof *bl);
    if (bl == NULL)
        return -1;
    ecs_graph_bottom_levels(g, bl);
    long cp = 0;
    for (size_t v = 0; v < g->n; v++)
        if (bl[v] > cp)
            cp = bl[v];
    free(bl);
    return cp;
}

void ecs_graph_stats_compute(const ecs_graph *g, ecs_graph_stats *out)
{
    memset(out, 0, sizeof *out);
    for (size_t v = 0; v < g->n; v++) {
        out->total_work += g->work[v];
        if (!g->dummy[v])
            out->tasks++;
        if (g->work[v] > 0)
            out->work_tasks++;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
            if (!g->dummy[v] && !g->dummy[g->pred[e]])
                out->edges++;
    }
    out->critical_path = ecs_graph_critical_path(g);
    out->parallelism = out->critical_path > 0
                           ? (double)out->total_work / (double)out->critical_path
                           : 0.0;
}
