/* Shared pieces of the DOT and WfFormat readers (graphio_internal.h). */
#include "graphio_internal.h"

#include "ecsched/graphio.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return (size_t)h;
}

void gio_names_free(gio_names *t)
{
    if (t == NULL)
        return;
    for (size_t i = 0; i < t->n; i++)
        free(t->name[i]);
    free(t->name);
    free(t->line);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

size_t gio_names_find(const gio_names *t, const char *s, size_t len)
{
    if (t->nslot == 0)
        return (size_t)-1;
    for (size_t h = hash(s, len) & (t->nslot - 1);; h = (h + 1) & (t->nslot - 1)) {
        size_t k = t->slot[h];
        if (k == 0)
            return (size_t)-1;
        const char *nm = t->name[k - 1];
        if (strlen(nm) == len && memcmp(nm, s, len) == 0)
            return k - 1;
    }
}

static int rehash(gio_names *t, size_t nslot)
{
    size_t *slot = calloc(nslot, sizeof *slot);
    if (slot == NULL)
        return -1;
    for (size_t i = 0; i < t->n; i++) {
        size_t h = hash(t->name[i], strlen(t->name[i])) & (nslot - 1);
        while (slot[h] != 0)
            h = (h + 1) & (nslot - 1);
        slot[h] = i + 1;
    }
    free(t->slot);
    t->slot = slot;
    t->nslot = nslot;
    return 0;
}

int gio_names_add(gio_names *t, const char *s, size_t len, long line,
                  size_t *idx)
{
    size_t k = gio_names_find(t, s, len);
    if (k != (size_t)-1) {
        *idx = k;
        return 0;
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        char **nm = realloc(t->name, cap * sizeof *nm);
        if (nm == NULL)
            return -1;
        t->name = nm;
        long *ln = realloc(t->line, cap * sizeof *ln);
        if (ln == NULL)
            return -1;
        t->line = ln;
        t->cap = cap;
    }
    if (2 * (t->n + 1) > t->nslot &&
        rehash(t, t->nslot ? 2 * t->nslot : 128) != 0)
        return -1;
    char *c = malloc(len + 1);
    if (c == NULL)
        return -1;
    memcpy(c, s, len);
    c[len] = '\0';
    t->name[t->n] = c;
    t->line[t->n] = line;
    size_t h = hash(s, len) & (t->nslot - 1);
    while (t->slot[h] != 0)
        h = (h + 1) & (t->nslot - 1);
    t->slot[h] = t->n + 1;
    *idx = t->n++;
    return 1;
}

/* A whole number 0..10^15 written plainly (no sign, no leading zeros). */
static int plain_id(const char *s, long *out)
{
    size_t n = strlen(s);
    if (n == 0 || n > 15 || (n > 1 && s[0] == '0'))
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 0;
}

void gio_ids(const gio_names *t, long *id)
{
    for (size_t i = 0; i < t->n; i++)
        if (plain_id(t->name[i], &id[i]) != 0) {
            for (size_t k = 0; k < t->n; k++)
                id[k] = (long)k + 1;
            return;
        }
}

int gio_round_work(double v, double unit, long *out)
{
    if (!isfinite(v) || v < 0 || !(unit > 0))
        return -1;
    double q = v / unit;
    if (!(q <= (double)ECS_GRAPHIO_MAX_WORK))
        return -1;
    double r = nearbyint(q);
    double w = fabs(q - r) <= 1e-9 * (r > 1 ? r : 1) ? r : ceil(q);
    if (w == 0 && v > 0)
        w = 1; /* rounding up: a task that takes any time is no zero-work task */
    *out = (long)w;
    return 0;
}

int gio_skip_task(const ecs_graph *g, size_t i)
{
    return g->dummy[i] &&
           (g->pred_off[i] == g->pred_off[i + 1] ||
            g->succ_off[i] == g->succ_off[i + 1]);
}

static int cmp_edge(const void *a, const void *b)
{
    const ecs_edge *x = a, *y = b;
    if (x->to != y->to)
        return (x->to > y->to) - (x->to < y->to);
    return (x->from > y->from) - (x->from < y->from);
}

/* A task on a cycle, or (size_t)-1.  Edges sorted by target. */
static ecs_result find_cycle(size_t n, const ecs_edge *e, size_t m,
                             size_t *task)
{
    size_t *indeg = calloc(n ? n : 1, sizeof *indeg);
    size_t *off = calloc(n + 1, sizeof *off);
    size_t *succ = malloc((m ? m : 1) * sizeof *succ);
    size_t *queue = malloc((n ? n : 1) * sizeof *queue);
    unsigned char *seen = calloc(n ? n : 1, 1);
    ecs_result rc = ECS_ENOMEM;
    if (!indeg || !off || !succ || !queue || !seen)
        goto done;
    for (size_t k = 0; k < m; k++) {
        off[e[k].from + 1]++;
        indeg[e[k].to]++;
    }
    for (size_t v = 0; v < n; v++)
        off[v + 1] += off[v];
    size_t *fill = queue; /* reuse as a cursor array before the search */
    for (size_t v = 0; v < n; v++)
        fill[v] = off[v];
    for (size_t k = 0; k < m; k++)
        succ[fill[e[k].from]++] = e[k].to;
    size_t head = 0, tail = 0;
    for (size_t v = 0; v < n; v++)
        if (indeg[v] == 0)
            queue[tail++] = v;
    while (head < tail) {
        size_t v = queue[head++];
        for (size_t k = off[v]; k < off[v + 1]; k++)
            if (--indeg[succ[k]] == 0)
                queue[tail++] = succ[k];
    }
    *task = (size_t)-1;
    if (tail < n) {
        /* walk back through remaining predecessors until one repeats */
        size_t v = 0;
        while (indeg[v] == 0)
            v++;
        while (!seen[v]) {
            seen[v] = 1;
            /* edges are sorted by target: find a remaining predecessor */
            size_t lo = 0, hi = m;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (e[mid].to < v)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            size_t next = v;
            for (size_t k = lo; k < m && e[k].to == v; k++)
                if (indeg[e[k].from] > 0) {
                    next = e[k].from;
                    break;
                }
            v = next;
        }
        *task = v;
    }
    rc = ECS_OK;
done:
    free(indeg);
    free(off);
    free(succ);
    free(queue);
    free(seen);
    return rc;
}

ecs_result gio_build(const char *file, const gio_names *t, const long *work,
                     ecs_edge *e, size_t m, int has_comm, int merge_dups,
                     ecs_stg_format fmt, double work_unit, double file_work,
                     ecs_graph **out, ecs_diag *diag)
{
    *out = NULL;
    size_t n = t->n;
    if (n == 0)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0, "the graph has no tasks");
    for (size_t k = 0; k < m; k++)
        if (e[k].from == e[k].to)
            return ecs_diag_set(diag, ECS_EPARSE, file, t->line[e[k].to],
                                "task '%s' depends on itself",
                                t->name[e[k].to]);
    if (m > 0)
        qsort(e, m, sizeof *e, cmp_edge);
    size_t w = 0;
    for (size_t k = 0; k < m; k++) {
        if (w > 0 && e[w - 1].from == e[k].from && e[w - 1].to == e[k].to) {
            if (!merge_dups)
                return ecs_diag_set(diag, ECS_EPARSE, file,
                                    t->line[e[k].to],
                                    "the edge '%s' -> '%s' is given twice",
                                    t->name[e[k].from], t->name[e[k].to]);
            continue;
        }
        e[w++] = e[k];
    }
    m = w;
    size_t cyc;
    if (find_cycle(n, e, m, &cyc) != ECS_OK)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    if (cyc != (size_t)-1)
        return ecs_diag_set(diag, ECS_EPARSE, file, t->line[cyc],
                            "the graph has a cycle through task '%s'",
                            t->name[cyc]);
    double total = 0;
    for (size_t i = 0; i < n; i++)
        total += (double)work[i];
    if (total > ECS_GRAPHIO_MAX_TOTAL)
        return ecs_diag_set(diag, ECS_EPARSE, file, 0,
                            "the total work %.0f exceeds %.0f work units: give "
                            "a larger --work-unit", total,
                            ECS_GRAPHIO_MAX_TOTAL);
    long *id = malloc(n * sizeof *id);
    if (id == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, file, 0, "out of memory");
    gio_ids(t, id);
    ecs_result rc = ecs_graph_build(n, id, work, NULL, m, e, has_comm, out, diag);
    free(id);
    if (rc != ECS_OK)
        return rc;
    (*out)->format = fmt;
    (*out)->meta.work_unit = work_unit;
    (*out)->meta.file_work = file_work;
    return ECS_OK;
}
