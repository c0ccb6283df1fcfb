/* Zero-work contraction: precedence passes through zero-work tasks. */
#include "ecsched/graph.h"

#include <stdlib.h>
#include <string.h>

/*
 * For each positive-work task v, its positive-work predecessors reached
 * through chains of zero-work tasks.  A stamp array deduplicates edges.
 */
typedef struct edge_buf {
    ecs_edge *e;
    size_t n, cap;
} edge_buf;

static int edge_push(edge_buf *b, size_t from, size_t to, long comm)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 64;
        ecs_edge *e = realloc(b->e, cap * sizeof *e);
        if (e == NULL)
            return -1;
        b->e = e;
        b->cap = cap;
    }
    b->e[b->n].from = from;
    b->e[b->n].to = to;
    b->e[b->n].comm = comm;
    b->n++;
    return 0;
}

ecs_result ecs_graph_contract(const ecs_graph *g, ecs_graph **out,
                              ecs_diag *diag)
{
    *out = NULL;
    size_t n = g->n, nn = n ? n : 1;
    size_t *newidx = malloc(nn * sizeof *newidx);
    size_t *stamp = malloc(nn * sizeof *stamp);
    size_t *stack = malloc(nn * sizeof *stack);
    long *id = malloc(nn * sizeof *id), *work = malloc(nn * sizeof *work);
    edge_buf eb = {0};
    ecs_result rc = ECS_OK;
    if (!newidx || !stamp || !stack || !id || !work) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        goto done;
    }
    size_t k = 0;
    for (size_t v = 0; v < n; v++) {
        newidx[v] = (size_t)-1;
        stamp[v] = (size_t)-1;
        if (g->work[v] > 0) {
            newidx[v] = k;
            id[k] = g->id[v];
            work[k] = g->work[v];
            k++;
        }
    }
    for (size_t v = 0; v < n; v++) {
        if (g->work[v] <= 0)
            continue;
        /* depth-first search backwards through zero-work predecessors */
        size_t top = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
            size_t u = g->pred[e];
            if (stamp[u] == v)
                continue;
            stamp[u] = v;
            if (g->work[u] > 0) {
                long c = g->pred_comm ? g->pred_comm[e] : 0;
                if (edge_push(&eb, newidx[u], newidx[v], c) != 0)
                    goto nomem;
            } else {
                stack[top++] = u;
            }
        }
        while (top > 0) {
            size_t z = stack[--top];
            for (size_t e = g->pred_off[z]; e < g->pred_off[z + 1]; e++) {
                size_t u = g->pred[e];
                if (stamp[u] == v)
                    continue;
                stamp[u] = v;
                if (g->work[u] > 0) {
                    if (edge_push(&eb, newidx[u], newidx[v], 0) != 0)
                        goto nomem;
                } else {
                    stack[top++] = u;
                }
            }
        }
    }
    rc = ecs_graph_build(k, id, work, NULL, eb.n, eb.e, g->pred_comm != NULL,
                         out, diag);
    if (rc == ECS_OK) {
        (*out)->format = g->format;
        (*out)->meta = g->meta;
        if (g->source) {
            (*out)->source = strdup(g->source);
            if ((*out)->source == NULL)
                goto nomem;
        }
    }
    goto done;
nomem:
    ecs_graph_free(*out);
    *out = NULL;
    rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
done:
    free(newidx);
    free(stamp);
    free(stack);
    free(id);
    free(work);
    free(eb.e);
    return rc;
}
