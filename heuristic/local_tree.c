/* The tree move of the local heuristic: re-place a set of tasks whose
 * precedence edges form a tree (a task with several predecessors that all
 * end right before it, and theirs...) optimally, every other task fixed,
 * by dynamic programming from the leaves to the root. */
#include "local_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int ensure_tree(lh_state *st, size_t k, size_t cells)
{
    if (k > st->tree_cap) {
        size_t cap = k > 2 * st->tree_cap ? k : 2 * st->tree_cap;
        long *lo = realloc(st->tlo, cap * sizeof *lo);
        if (lo != NULL)
            st->tlo = lo;
        long *hi = realloc(st->thi, cap * sizeof *hi);
        if (hi != NULL)
            st->thi = hi;
        size_t *off = realloc(st->toff, cap * sizeof *off);
        if (off != NULL)
            st->toff = off;
        long *ns = realloc(st->tns, cap * sizeof *ns);
        if (ns != NULL)
            st->tns = ns;
        long *ne = realloc(st->tne, cap * sizeof *ne);
        if (ne != NULL)
            st->tne = ne;
        if (lo == NULL || hi == NULL || off == NULL || ns == NULL ||
            ne == NULL)
            return -1;
        st->tree_cap = cap;
    }
    if (cells > st->tdp_cap) {
        size_t cap = cells > 2 * st->tdp_cap ? cells : 2 * st->tdp_cap;
        double *V = realloc(st->tV, cap * sizeof *V);
        if (V != NULL)
            st->tV = V;
        double *H = realloc(st->tH, cap * sizeof *H);
        if (H != NULL)
            st->tH = H;
        long *VA = realloc(st->tVA, cap * sizeof *VA);
        if (VA != NULL)
            st->tVA = VA;
        long *HA = realloc(st->tHA, cap * sizeof *HA);
        if (HA != NULL)
            st->tHA = HA;
        if (V == NULL || H == NULL || VA == NULL || HA == NULL)
            return -1;
        st->tdp_cap = cap;
    }
    return 0;
}

/* The member edge q - t_j is the tree edge between them. */
static int tree_edge(const lh_state *st, const size_t *parent,
                     const unsigned char *rel, size_t j, size_t q, int q_pred)
{
    size_t c = (size_t)st->pos[q] - 1;
    if (j > 0 && parent[j] == c)
        return rel[j] == (q_pred ? 1 : 0);
    if (c > 0 && parent[c] == j)
        return rel[c] == (q_pred ? 0 : 1);
    return 0;
}

/* Bounds from the non-members and the tree edges; 0 if a member edge is
 * not a tree edge or a task has no room. */
static int tree_bounds(lh_state *st, const size_t *nodes, const size_t *parent,
                       const unsigned char *rel, size_t k)
{
    const ecs_graph *g = st->g;
    for (size_t j = 0; j < k; j++) {
        size_t t = nodes[j];
        long lo = 0, hi = lh_last(st, t);
        for (size_t x = g->pred_off[t]; x < g->pred_off[t + 1]; x++) {
            size_t q = g->pred[x];
            if (st->pos[q] != 0) {
                if (!tree_edge(st, parent, rel, j, q, 1))
                    return 0;
            } else if (st->e[q] + 1 > lo) {
                lo = st->e[q] + 1;
            }
        }
        for (size_t x = g->succ_off[t]; x < g->succ_off[t + 1]; x++) {
            size_t q = g->succ[x];
            if (st->pos[q] != 0) {
                if (!tree_edge(st, parent, rel, j, q, 0))
                    return 0;
            } else if (st->s[q] - 1 < hi) {
                hi = st->s[q] - 1;
            }
        }
        st->tlo[j] = lo;
        st->thi[j] = hi;
    }
    /* children tighten parents, then parents children */
    for (size_t j = k; j-- > 1;) {
        size_t a = parent[j];
        if (rel[j] == 0) { /* j before a */
            long lo = lh_end(st, nodes[j], st->tlo[j]) + 1;
            if (lo > st->tlo[a])
                st->tlo[a] = lo;
        } else {
            long hi = lh_begin(st, nodes[j], st->thi[j]) - 1;
            if (hi < st->thi[a])
                st->thi[a] = hi;
        }
    }
    for (size_t j = 1; j < k; j++) {
        size_t a = parent[j];
        if (rel[j] == 0) {
            long hi = lh_begin(st, nodes[a], st->thi[a]) - 1;
            if (hi < st->thi[j])
                st->thi[j] = hi;
        } else {
            long lo = lh_end(st, nodes[a], st->tlo[a]) + 1;
            if (lo > st->tlo[j])
                st->tlo[j] = lo;
        }
    }
    size_t total = 0;
    for (size_t j = 0; j < k; j++) {
        if (lh_end(st, nodes[j], st->tlo[j]) > st->thi[j])
            return 0;
        st->toff[j] = total;
        total += (size_t)(st->thi[j] - st->tlo[j] + 1);
    }
    st->tcells = total;
    return 1;
}

/* H of child c at y: pred-type, min over its ends <= y; succ-type, min
 * over its starts >= y. */
static double child_value(const lh_state *st, const unsigned char *rel,
                          size_t c, long y)
{
    long lo = st->tlo[c], hi = st->thi[c];
    const double *H = st->tH + st->toff[c];
    if (rel[c] == 0) {
        if (y < lo)
            return HUGE_VAL;
        return H[(y > hi ? hi : y) - lo];
    }
    if (y > hi)
        return HUGE_VAL;
    return H[(y < lo ? lo : y) - lo];
}

/* The DP of node j (its children done); 0 when out of memory. */
static int tree_node(lh_state *st, const size_t *nodes, const size_t *parent,
                     const unsigned char *rel, size_t k, size_t j)
{
    size_t t = nodes[j];
    long lo = st->tlo[j], hi = st->thi[j];
    long R = hi - lo + 1;
    double *V = st->tV + st->toff[j], *H = st->tH + st->toff[j];
    long *VA = st->tVA + st->toff[j], *HA = st->tHA + st->toff[j];
    int by_s = j > 0 && rel[j] == 1;
    for (long x = 0; x < R; x++)
        V[x] = HUGE_VAL;
    for (long s = lo, e0; (e0 = lh_end(st, t, s)) <= hi; s++) {
        if (st->nb[s] <= e0)
            continue;
        double ps = 0.0;
        for (size_t c = j + 1; c < k && ps != HUGE_VAL; c++)
            if (parent[c] == j && rel[c] == 0)
                ps += child_value(st, rel, c, s - 1);
        if (ps == HUGE_VAL)
            continue;
        long len;
        const double *row = lh_row(st->cache, st->cls[t], s, &len);
        if (row == NULL)
            return 0;
        long emax = s + len - 1;
        if (emax > hi)
            emax = hi;
        if (emax > st->nb[s] - 1)
            emax = st->nb[s] - 1;
        for (long e = e0; e <= emax; e++) {
            double v = ps + row[e - s];
            for (size_t c = j + 1; c < k && v != HUGE_VAL; c++)
                if (parent[c] == j && rel[c] == 1)
                    v += child_value(st, rel, c, e + 1);
            long x = by_s ? s - lo : e - lo;
            if (v < V[x]) {
                V[x] = v;
                VA[x] = by_s ? e : s;
            }
        }
    }
    if (by_s) { /* suffix minima over starts */
        H[R - 1] = V[R - 1];
        HA[R - 1] = hi;
        for (long x = R - 1; x-- > 0;) {
            if (V[x] <= H[x + 1]) {
                H[x] = V[x];
                HA[x] = lo + x;
            } else {
                H[x] = H[x + 1];
                HA[x] = HA[x + 1];
            }
        }
    } else { /* prefix minima over ends */
        lh_prefix_min(V, R, lo, H, HA);
    }
    return 1;
}


int lh_tree(lh_state *st, const size_t *nodes, const size_t *parent,
            const unsigned char *rel, size_t k)
{
    if (k == 0 || st->n < k || ensure_tree(st, k, 0) != 0) {
        if (k > 0)
            st->oom = 1;
        return 0;
    }
    st->moves++;
    for (size_t j = 0; j < k; j++)
        st->pos[nodes[j]] = (int)j + 1;
    int moved = 0;
    if (!tree_bounds(st, nodes, parent, rel, k))
        goto out;
    if (ensure_tree(st, k, st->tcells) != 0) {
        st->oom = 1;
        goto out;
    }
    double old = lh_lift(st, nodes, k, st->tlo, st->thi);
    int ok = 1;
    for (size_t j = k; ok && j-- > 0;)
        ok = tree_node(st, nodes, parent, rel, k, j);
    if (!ok && !st->cache->late)
        st->oom = 1; /* late: the time is up, the move is dropped */
    long R0 = st->thi[0] - st->tlo[0] + 1;
    double best = ok ? st->tH[st->toff[0] + (size_t)(R0 - 1)] : HUGE_VAL;
    if (ok && best < old - lh_tol(old)) {
        for (size_t j = 0; j < k; j++) {
            long lo = st->tlo[j];
            const long *VA = st->tVA + st->toff[j], *HA = st->tHA + st->toff[j];
            if (j == 0) {
                st->tne[0] = HA[R0 - 1];
                st->tns[0] = VA[st->tne[0] - lo];
            } else if (rel[j] == 0) {
                long y = st->tns[parent[j]] - 1;
                if (y > st->thi[j])
                    y = st->thi[j];
                st->tne[j] = HA[y - lo];
                st->tns[j] = VA[st->tne[j] - lo];
            } else {
                long y = st->tne[parent[j]] + 1;
                if (y < lo)
                    y = lo;
                st->tns[j] = HA[y - lo];
                st->tne[j] = VA[st->tns[j] - lo];
            }
        }
        /* siblings may share a slot: the joint load must fit */
        int fits = 1;
        for (size_t j = 0; j < k; j++)
            lh_load_add(st, st->tns[j], st->tne[j], 1);
        for (size_t j = 0; fits && j < k; j++)
            for (long l = st->tns[j]; l <= st->tne[j]; l++)
                if (st->load[l] > st->P) {
                    fits = 0;
                    break;
                }
        for (size_t j = 0; j < k; j++)
            lh_load_add(st, st->tns[j], st->tne[j], -1);
        if (fits) {
            lh_commit(st, nodes, k, st->tns, st->tne);
            moved = 1;
        }
    }
    if (!moved)
        lh_putback(st, nodes, k);
out:
    for (size_t j = 0; j < k; j++)
        st->pos[nodes[j]] = 0;
    return moved;
}
