/* Transitive reduction: the edges no longer path implies. */
#include "ecsched/graph.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

ecs_result ecs_graph_transitive_reduction(const ecs_graph *g, ecs_graph **out,
                                          ecs_diag *diag)
{
    *out = NULL;
    if (g == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no graph");
    size_t n = g->n;
    if (n > ECS_GRAPH_REDUCE_MAX_TASKS)
        return ecs_diag_set(diag, ECS_ELIMIT, NULL, 0,
                            "%zu tasks: more than the %d the transitive "
                            "reduction takes",
                            n, ECS_GRAPH_REDUCE_MAX_TASKS);
    size_t words = (n + 63) / 64, nn = n ? n : 1;
    /* desc[v]: the tasks reachable from v (bit per task); rank[v]: v's
     * place in the topological order */
    uint64_t *desc = calloc(nn * (words ? words : 1), sizeof *desc);
    uint64_t *acc = calloc(words ? words : 1, sizeof *acc);
    size_t *rank = malloc(nn * sizeof *rank);
    size_t *order = malloc(nn * sizeof *order);
    ecs_edge *e = malloc((g->nedges ? g->nedges : 1) * sizeof *e);
    ecs_result rc = ECS_OK;
    if (!desc || !acc || !rank || !order || !e) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    for (size_t t = 0; t < n; t++)
        rank[g->topo[t]] = t;
    size_t m = 0;
    /* sinks first; a task's successors by topological rank: an edge
     * v -> w is implied when w is reached through a successor of v ranked
     * before w (every path from v to w passes through such a one) */
    for (size_t t = n; t-- > 0;) {
        size_t v = g->topo[t];
        size_t k0 = g->succ_off[v], k1 = g->succ_off[v + 1], d = 0;
        for (size_t k = k0; k < k1; k++)
            order[d++] = k;
        /* insertion sort by rank: out-degrees are small */
        for (size_t a = 1; a < d; a++) {
            size_t x = order[a], b = a;
            while (b > 0 && rank[g->succ[order[b - 1]]] > rank[g->succ[x]]) {
                order[b] = order[b - 1];
                b--;
            }
            order[b] = x;
        }
        memset(acc, 0, words * sizeof *acc);
        for (size_t a = 0; a < d; a++) {
            size_t k = order[a], w = g->succ[k];
            if (acc[w / 64] >> (w % 64) & 1u)
                continue; /* implied */
            acc[w / 64] |= (uint64_t)1 << (w % 64);
            const uint64_t *dw = desc + w * words;
            for (size_t q = 0; q < words; q++)
                acc[q] |= dw[q];
            e[m].from = v;
            e[m].to = w;
            e[m].comm = 0;
            m++;
        }
        memcpy(desc + v * words, acc, words * sizeof *acc);
    }
    if (g->pred_comm != NULL) /* the communication cost of each kept edge */
        for (size_t q = 0; q < m; q++) {
            size_t w = e[q].to;
            for (size_t k = g->pred_off[w]; k < g->pred_off[w + 1]; k++)
                if (g->pred[k] == e[q].from)
                    e[q].comm = g->pred_comm[k];
        }
    rc = ecs_graph_build(n, g->id, g->work, g->dummy, m, e,
                         g->pred_comm != NULL, out, diag);
    if (rc == ECS_OK) {
        (*out)->format = g->format;
        (*out)->meta = g->meta;
        if (g->source != NULL) {
            (*out)->source = strdup(g->source);
            if ((*out)->source == NULL) {
                ecs_graph_free(*out);
                *out = NULL;
                rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
            }
        }
    }
done:
    free(desc);
    free(acc);
    free(rank);
    free(order);
    free(e);
    return rc;
}
