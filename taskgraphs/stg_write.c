/*
 * STG writer (stg.h): the standard Kasahara layout, with fresh dummy entry
 * and exit tasks, tasks renumbered 1..n in the topological order that takes
 * the smallest id first, and a "#" block with CP Length and Parallelism.
 */
#include "ecsched/graph.h"
#include "ecsched/stg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* A binary min-heap of task indices ordered by STG id.                */

typedef struct heap {
    size_t *a;
    size_t n;
    const long *id;
} heap;

static int before(const heap *h, size_t x, size_t y)
{
    return h->id[h->a[x]] < h->id[h->a[y]];
}

static void swap(size_t *a, size_t x, size_t y)
{
    size_t t = a[x];
    a[x] = a[y];
    a[y] = t;
}

static void heap_push(heap *h, size_t v)
{
    size_t k = h->n++;
    h->a[k] = v;
    while (k > 0 && before(h, k, (k - 1) / 2)) {
        swap(h->a, k, (k - 1) / 2);
        k = (k - 1) / 2;
    }
}

static size_t heap_pop(heap *h)
{
    size_t top = h->a[0];
    h->a[0] = h->a[--h->n];
    size_t k = 0;
    for (;;) {
        size_t l = 2 * k + 1, r = l + 1, m = k;
        if (l < h->n && before(h, l, m))
            m = l;
        if (r < h->n && before(h, r, m))
            m = r;
        if (m == k)
            break;
        swap(h->a, k, m);
        k = m;
    }
    return top;
}

/* ------------------------------------------------------------------ */
/* The graph as it is written.                                         */

typedef struct plan {
    size_t m;          /* tasks written (without the new dummies) */
    size_t *order;     /* order[k]: graph index of new id k+1 */
    size_t *newid;     /* newid[v]: 1..m, or 0 when v is dropped */
    unsigned char *keep;
    size_t edges;      /* edges between written tasks */
    size_t sources, sinks;
    long cp, total;
} plan;

static void plan_free(plan *P)
{
    free(P->order);
    free(P->newid);
    free(P->keep);
}

/* A layout dummy that is a source or a sink is replaced by the new ones. */
static int dropped(const ecs_graph *g, size_t v)
{
    return g->dummy[v] && (g->pred_off[v] == g->pred_off[v + 1] ||
                           g->succ_off[v] == g->succ_off[v + 1]);
}

static int make_order(const ecs_graph *g, plan *P)
{
    size_t n = g->n;
    size_t *indeg = calloc(n ? n : 1, sizeof *indeg);
    heap h = {malloc((n ? n : 1) * sizeof(size_t)), 0, g->id};
    if (indeg == NULL || h.a == NULL) {
        free(indeg);
        free(h.a);
        return -1;
    }
    for (size_t v = 0; v < n; v++) {
        P->keep[v] = !dropped(g, v);
        P->m += P->keep[v];
    }
    for (size_t v = 0; v < n; v++)
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
            if (P->keep[v] && P->keep[g->pred[e]])
                indeg[v]++;
    for (size_t v = 0; v < n; v++)
        if (P->keep[v] && indeg[v] == 0)
            heap_push(&h, v);
    size_t k = 0;
    while (h.n > 0) {
        size_t v = heap_pop(&h);
        P->order[k++] = v;
        P->newid[v] = k;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++) {
            size_t w = g->succ[e];
            if (P->keep[w] && --indeg[w] == 0)
                heap_push(&h, w);
        }
    }
    free(indeg);
    free(h.a);
    return 0;
}

/* Edge counts, sources, sinks, critical path and total work. */
static int measure(const ecs_graph *g, plan *P)
{
    long *level = calloc(g->n ? g->n : 1, sizeof *level); /* finish time */
    if (level == NULL)
        return -1;
    for (size_t k = 0; k < P->m; k++) {
        size_t v = P->order[k];
        long start = 0;
        size_t np = 0, ns = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
            size_t u = g->pred[e];
            if (!P->keep[u])
                continue;
            np++;
            if (level[u] > start)
                start = level[u];
        }
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            ns += P->keep[g->succ[e]];
        level[v] = start + g->work[v];
        P->edges += np;
        P->sources += np == 0;
        P->sinks += ns == 0;
        P->total += g->work[v];
        if (level[v] > P->cp)
            P->cp = level[v];
    }
    free(level);
    return 0;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* One record per line; every field right-aligned in 11 columns with at
 * least one blank before it, as in the STG files. */
static int write_records(FILE *f, const ecs_graph *g, const plan *P)
{
    size_t *buf = malloc((g->n ? g->n : 1) * sizeof *buf);
    if (buf == NULL)
        return -1;
    fprintf(f, " %10zu\n", P->m);
    fprintf(f, " %10d %10d %10d\n", 0, 0, 0);
    for (size_t k = 0; k < P->m; k++) {
        size_t v = P->order[k], np = 0;
        for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
            if (P->keep[g->pred[e]])
                buf[np++] = P->newid[g->pred[e]];
        qsort(buf, np, sizeof *buf, cmp_size);
        fprintf(f, " %10zu %10ld %10zu", k + 1, g->work[v], np ? np : 1);
        if (np == 0)
            fprintf(f, " %10d", 0);
        for (size_t i = 0; i < np; i++)
            fprintf(f, " %10zu", buf[i]);
        fputc('\n', f);
    }
    size_t ns = 0;
    for (size_t k = 0; k < P->m; k++) {
        size_t v = P->order[k], out = 0;
        for (size_t e = g->succ_off[v]; e < g->succ_off[v + 1]; e++)
            out += P->keep[g->succ[e]];
        if (out == 0)
            buf[ns++] = k + 1;
    }
    fprintf(f, " %10zu %10d %10zu", P->m + 1, 0, ns ? ns : 1);
    if (ns == 0)
        fprintf(f, " %10d", 0);
    for (size_t i = 0; i < ns; i++)
        fprintf(f, " %10zu", buf[i]);
    fputc('\n', f);
    free(buf);
    return 0;
}

static void write_comment(FILE *f, const char *comment)
{
    const char *s = comment;
    while (s && *s) {
        size_t len = strcspn(s, "\r\n");
        fprintf(f, len ? "# %.*s\n" : "#\n", (int)len, s);
        s += len;
        if (*s == '\r')
            s++;
        if (*s == '\n')
            s++;
    }
}

static void write_info(FILE *f, const ecs_graph *g, const plan *P,
                       const char *comment)
{
    write_comment(f, comment);
    if (g->meta.generator[0])
        fprintf(f, "# Precedence constraints generator : %s\n",
                g->meta.generator);
    fprintf(f, "#   Tasks             : %zu (+dummy tasks : 2)\n", P->m);
    fprintf(f, "#   Edges             : %zu (+dummy edges : %zu)\n", P->edges,
            P->m ? P->sources + P->sinks : 1);
    if (g->pred_comm)
        fprintf(f, "#   Communication costs of the source graph are not "
                   "written\n");
    fprintf(f, "# CP Length           : %ld\n", P->cp);
    fprintf(f, "# Parallelism         : %.6f\n",
            P->cp > 0 ? (double)P->total / (double)P->cp : 0.0);
}

ecs_result ecs_stg_write(FILE *f, const ecs_graph *g, const char *comment,
                         ecs_diag *diag)
{
    size_t n = g->n ? g->n : 1;
    plan P;
    memset(&P, 0, sizeof P);
    P.order = malloc(n * sizeof *P.order);
    P.newid = calloc(n, sizeof *P.newid);
    P.keep = calloc(n, 1);
    ecs_result rc = ECS_OK;
    if (P.order == NULL || P.newid == NULL || P.keep == NULL ||
        make_order(g, &P) != 0 || measure(g, &P) != 0 ||
        write_records(f, g, &P) != 0) {
        rc = ecs_diag_set(diag, ferror(f) ? ECS_EIO : ECS_ENOMEM, NULL, 0,
                          ferror(f) ? "writing the STG file failed"
                                    : "out of memory");
    } else {
        write_info(f, g, &P, comment);
        if (fflush(f) != 0 || ferror(f))
            rc = ecs_diag_set(diag, ECS_EIO, NULL, 0,
                              "writing the STG file failed");
    }
    plan_free(&P);
    return rc;
}
