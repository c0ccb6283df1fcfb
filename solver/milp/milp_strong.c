/* The strong formulation (docs/MODEL.md "MILP, strong formulation"): one binary
 * per kept interval of each task with its exact cost, one assignment row
 * per task, cumulative "started by l" (S) and "completed by l" (C)
 * variables, a capacity row per slot (at most P tasks active) and
 * precedence S_{b,l} <= C_{a,l-1} per edge and slot.  PEs are assigned after
 * the solve (milp_extract.c). */
#include "milp_internal.h"

#include <stdlib.h>
#include <string.h>

#define NO_COL ((size_t)-1)

double milp_strong_estimate(const ecs_graph *g, const ecs_windows *w,
                                long deadline)
{
    double nz = 3.0 * core_windows_intervals(g, w);
    for (size_t i = 0; i < g->n; i++) {
        double L = (double)(w->lf[i] - w->es[i] + 1);
        if (L < 0)
            L = 0;
        nz += 4.0 * L + 2.0 * L; /* S and C chains, capacity */
        for (size_t e = g->succ_off[i]; e < g->succ_off[i + 1]; e++)
            nz += 2.0 * L;
    }
    (void)deadline;
    return nz;
}

/* A term of a row: a column, or a constant when the variable is fixed. */
typedef struct term {
    size_t col;
    double val; /* constant value when col == NO_COL */
} term;

static term term_at(long first, long last, size_t col0, long l)
{
    term t = {NO_COL, 0.0};
    if (l < first)
        return t;
    if (l > last) {
        t.val = 1.0;
        return t;
    }
    t.col = col0 + (size_t)(l - first);
    return t;
}

static term start_term(const milp_strong_map *mp, size_t i, long l)
{
    return term_at(mp->s_first[i], mp->s_last[i], mp->s_col[i], l);
}

static term done_term(const milp_strong_map *mp, size_t i, long l)
{
    return term_at(mp->c_first[i], mp->c_last[i], mp->c_col[i], l);
}

static int map_alloc(milp_strong_map *mp, size_t n)
{
    size_t k = n ? n : 1;
    memset(mp, 0, sizeof *mp);
    mp->n = n;
    mp->x_off = calloc(k + 1, sizeof *mp->x_off);
    mp->s_first = calloc(k, sizeof(long));
    mp->s_last = calloc(k, sizeof(long));
    mp->c_first = calloc(k, sizeof(long));
    mp->c_last = calloc(k, sizeof(long));
    mp->s_col = calloc(k, sizeof(size_t));
    mp->c_col = calloc(k, sizeof(size_t));
    mp->twin = malloc(k * sizeof(size_t));
    return mp->x_off && mp->s_first && mp->s_last && mp->c_first &&
                   mp->c_last && mp->s_col && mp->c_col && mp->twin
               ? 0
               : -1;
}

void milp_strong_map_release(milp_strong_map *mp)
{
    if (mp == NULL)
        return;
    free(mp->x_off);
    free(mp->s_first);
    free(mp->s_last);
    free(mp->c_first);
    free(mp->c_last);
    free(mp->s_col);
    free(mp->c_col);
    free(mp->twin);
    memset(mp, 0, sizeof *mp);
}

/* Interval columns and the assignment row of task i. */
static void add_intervals(const ecs_graph *g, const core_ivals *iv,
                          size_t i, milp_model *m, milp_strong_map *mp)
{
    size_t row = milp_model_row(m, MILP_ROW_EQ, 1.0, "one_%ld", g->id[i]);
    long smin = 0, smax = 0, emin = 0, emax = 0;
    for (size_t v = iv->off[i]; v < iv->off[i + 1]; v++) {
        const core_interval *x = &iv->iv[v];
        size_t c = milp_model_col(m, 0.0, 1.0, MILP_COL_INT, x->cost,
                                      "x_%ld_%ld_%ld",
                                      g->id[i], x->s, x->e);
        milp_model_nz(m, row, c, 1.0);
        if (v == iv->off[i] || x->s < smin)
            smin = x->s;
        if (v == iv->off[i] || x->s > smax)
            smax = x->s;
        if (v == iv->off[i] || x->e < emin)
            emin = x->e;
        if (v == iv->off[i] || x->e > emax)
            emax = x->e;
    }
    mp->s_first[i] = smin;
    mp->s_last[i] = smax - 1;
    mp->c_first[i] = emin;
    mp->c_last[i] = emax - 1;
}

/* S_{i,l} = S_{i,l-1} + sum_{s_v = l} x_v, likewise C with e_v. */
static void add_chain(const ecs_graph *g, const core_ivals *iv, size_t i,
                      int by_end, milp_model *m, milp_strong_map *mp)
{
    long first = by_end ? mp->c_first[i] : mp->s_first[i];
    long last = by_end ? mp->c_last[i] : mp->s_last[i];
    size_t col0 = m->ncols, row0 = m->nrows;
    if (last < first) {
        if (by_end)
            mp->c_col[i] = col0;
        else
            mp->s_col[i] = col0;
        return;
    }
    for (long l = first; l <= last; l++)
        milp_model_col(m, 0.0, 1.0, MILP_COL_IMPLIED, 0.0, "%c_%ld_%ld",
                           by_end ? 'C' : 'S', g->id[i], l);
    for (long l = first; l <= last; l++) {
        size_t r = milp_model_row(m, MILP_ROW_EQ, 0.0, "%s_%ld_%ld",
                                      by_end ? "cdef" : "sdef", g->id[i], l);
        milp_model_nz(m, r, col0 + (size_t)(l - first), 1.0);
        if (l > first)
            milp_model_nz(m, r, col0 + (size_t)(l - first) - 1, -1.0);
    }
    for (size_t v = iv->off[i]; v < iv->off[i + 1]; v++) {
        long at = by_end ? iv->iv[v].e : iv->iv[v].s;
        if (at <= last)
            milp_model_nz(m, row0 + (size_t)(at - first),
                              mp->x_off[i] + (v - iv->off[i]), -1.0);
    }
    if (by_end)
        mp->c_col[i] = col0;
    else
        mp->s_col[i] = col0;
}

/* Add `sign * term` to row r; returns the constant part moved right. */
static double add_term(milp_model *m, size_t r, term t, double sign)
{
    if (t.col == NO_COL)
        return sign * t.val;
    milp_model_nz(m, r, t.col, sign);
    return 0.0;
}

/* At most P tasks active in slot l: sum_i S_{i,l} - C_{i,l-1} <= P
 * (P - busy[l] with busy). */
static void add_capacity(const ecs_graph *g, const ecs_platform *p,
                         long deadline, const int *busy, milp_model *m,
                         const milp_strong_map *mp)
{
    for (long l = 0; l < deadline; l++) {
        long live = 0, cap = p->pes - (busy != NULL ? busy[l] : 0);
        for (size_t i = 0; i < g->n; i++)
            live += mp->s_first[i] <= l && l <= mp->c_last[i] + 1;
        if (live <= cap)
            continue;
        size_t r = milp_model_row(m, MILP_ROW_LE, 0.0, "cap_%ld", l);
        double cst = 0.0;
        for (size_t i = 0; i < g->n; i++) {
            cst += add_term(m, r, start_term(mp, i, l), 1.0);
            cst += add_term(m, r, done_term(mp, i, l - 1), -1.0);
        }
        m->rhs[r] = (double)cap - cst;
    }
}

/* Edge a -> b: S_{b,l} <= C_{a,l-1} wherever it is not trivially true. */
static void add_precedence(const ecs_graph *g, milp_model *m,
                           const milp_strong_map *mp)
{
    for (size_t a = 0; a < g->n; a++)
        for (size_t k = g->succ_off[a]; k < g->succ_off[a + 1]; k++) {
            size_t b = g->succ[k];
            for (long l = mp->s_first[b]; l <= mp->c_last[a] + 1; l++) {
                size_t r = milp_model_row(m, MILP_ROW_LE, 0.0,
                                              "prec_%ld_%ld_%ld", g->id[a],
                                              g->id[b], l);
                double cst = add_term(m, r, start_term(mp, b, l), 1.0);
                cst += add_term(m, r, done_term(mp, a, l - 1), -1.0);
                m->rhs[r] = -cst;
            }
        }
}

/* Tasks i and j interchangeable: the same work, predecessors, successors
 * (sorted lists) and kept intervals (sorted by (s, e)) with the same costs. */
static int same_task(const ecs_graph *g, const core_ivals *iv, size_t i,
                     size_t j)
{
    size_t np = g->pred_off[i + 1] - g->pred_off[i];
    size_t ns = g->succ_off[i + 1] - g->succ_off[i];
    size_t nv = iv->off[i + 1] - iv->off[i];
    if (g->work[i] != g->work[j] || np != g->pred_off[j + 1] - g->pred_off[j] ||
        ns != g->succ_off[j + 1] - g->succ_off[j] ||
        nv != iv->off[j + 1] - iv->off[j])
        return 0;
    for (size_t k = 0; k < np; k++)
        if (g->pred[g->pred_off[i] + k] != g->pred[g->pred_off[j] + k])
            return 0;
    for (size_t k = 0; k < ns; k++)
        if (g->succ[g->succ_off[i] + k] != g->succ[g->succ_off[j] + k])
            return 0;
    for (size_t k = 0; k < nv; k++) {
        const core_interval *a = &iv->iv[iv->off[i] + k];
        const core_interval *b = &iv->iv[iv->off[j] + k];
        if (a->s != b->s || a->e != b->e || a->cost != b->cost)
            return 0;
    }
    return 1;
}

typedef struct task_key {
    unsigned long long h;
    size_t i;
} task_key;

static int by_key(const void *a, const void *b)
{
    const task_key *x = a, *y = b;
    if (x->h != y->h)
        return x->h < y->h ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

static unsigned long long mix(unsigned long long h, unsigned long long v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

/* mp->twin: the groups of interchangeable tasks (tasks with work and
 * intervals only), each task's twin the one before it by index; 0, or -1
 * when out of memory. */
static int find_twins(const ecs_graph *g, const core_ivals *iv,
                      milp_strong_map *mp)
{
    size_t n = g->n;
    for (size_t i = 0; i < n; i++)
        mp->twin[i] = NO_COL;
    task_key *key = malloc((n ? n : 1) * sizeof *key);
    size_t *last = malloc((n ? n : 1) * sizeof *last);
    if (key == NULL || last == NULL) {
        free(key);
        free(last);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned long long h = (unsigned long long)g->work[i];
        for (size_t k = g->pred_off[i]; k < g->pred_off[i + 1]; k++)
            h = mix(h, g->pred[k]);
        h = mix(h, 0xffffffffULL);
        for (size_t k = g->succ_off[i]; k < g->succ_off[i + 1]; k++)
            h = mix(h, g->succ[k]);
        h = mix(h, iv->off[i + 1] - iv->off[i]);
        key[i].h = h;
        key[i].i = i;
        last[i] = i;
    }
    qsort(key, n, sizeof *key, by_key);
    for (size_t a = 0; a < n;) {
        size_t b = a + 1;
        while (b < n && key[b].h == key[a].h)
            b++;
        for (size_t q = a + 1; q < b; q++) {
            size_t j = key[q].i;
            if (g->work[j] <= 0 || iv->off[j + 1] == iv->off[j])
                continue;
            for (size_t r = a; r < q; r++) { /* the first equal leader */
                size_t i = key[r].i;
                if (mp->twin[i] == NO_COL && same_task(g, iv, i, j)) {
                    mp->twin[j] = last[i];
                    last[i] = j;
                    break;
                }
            }
        }
        a = b;
    }
    free(key);
    free(last);
    return 0;
}

/* Symmetry rows: S_{t,l} >= S_{j,l} for t = twin[j], wherever S is a
 * column of both (their ranges are the same). */
static void add_symmetry(const ecs_graph *g, milp_model *m,
                         const milp_strong_map *mp)
{
    for (size_t j = 0; j < g->n; j++) {
        size_t t = mp->twin[j];
        if (t == NO_COL)
            continue;
        for (long l = mp->s_first[j]; l <= mp->s_last[j]; l++) {
            size_t r = milp_model_row(m, MILP_ROW_GE, 0.0, "sym_%ld_%ld_%ld",
                                      g->id[t], g->id[j], l);
            milp_model_nz(m, r, mp->s_col[t] + (size_t)(l - mp->s_first[t]),
                          1.0);
            milp_model_nz(m, r, mp->s_col[j] + (size_t)(l - mp->s_first[j]),
                          -1.0);
        }
    }
}

ecs_result milp_strong_build(const ecs_graph *g, const ecs_platform *p,
                                 long deadline, const ecs_windows *w,
                                 const core_ivals *iv, const int *busy,
                                 milp_model *m, milp_strong_map *mp,
                                 ecs_diag *diag)
{
    (void)w;
    if (map_alloc(mp, g->n) != 0) {
        milp_strong_map_release(mp);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t i = 0; i < g->n; i++) {
        mp->x_off[i] = m->ncols;
        add_intervals(g, iv, i, m, mp);
        mp->x_off[i + 1] = m->ncols;
    }
    for (size_t i = 0; i < g->n; i++) {
        add_chain(g, iv, i, 0, m, mp);
        add_chain(g, iv, i, 1, m, mp);
    }
    add_capacity(g, p, deadline, busy, m, mp);
    add_precedence(g, m, mp);
    if (find_twins(g, iv, mp) != 0)
        m->oom = 1;
    else
        add_symmetry(g, m, mp);
    if (m->oom) {
        milp_strong_map_release(mp);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                            "out of memory while building the model");
    }
    return ECS_OK;
}
