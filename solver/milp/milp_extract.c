/* Schedules from MILP solutions and solutions from schedules (warm starts)
 * for both formulations. */
#include "milp_internal.h"

#include "ecsched/profile.h"

#include <stdlib.h>
#include <string.h>

/* ---- strong ---- */

static void set_chain(double *x, size_t col0, long first, long last, long at)
{
    for (long l = first; l <= last; l++)
        x[col0 + (size_t)(l - first)] = l >= at ? 1.0 : 0.0;
}

void milp_strong_vector(const core_ivals *iv,
                            const milp_strong_map *map, size_t n,
                            size_t *pick, double *x, size_t ncols)
{
    /* insertion into each group's chain of twins, by start */
    for (size_t j = 0; map->twin != NULL && j < n; j++)
        for (size_t k = j, t; (t = map->twin[k]) != (size_t)-1 &&
                              iv->iv[pick[t]].s > iv->iv[pick[k]].s;
             k = t) {
            size_t rk = pick[k] - iv->off[k], rt = pick[t] - iv->off[t];
            pick[k] = iv->off[k] + rt;
            pick[t] = iv->off[t] + rk;
        }
    memset(x, 0, ncols * sizeof *x);
    for (size_t i = 0; i < n; i++) {
        size_t v = pick[i];
        x[map->x_off[i] + (v - iv->off[i])] = 1.0;
        set_chain(x, map->s_col[i], map->s_first[i], map->s_last[i],
                  iv->iv[v].s);
        set_chain(x, map->c_col[i], map->c_first[i], map->c_last[i],
                  iv->iv[v].e);
    }
}

double *milp_strong_from_schedule(const ecs_graph *g,
                                      const core_ivals *iv,
                                      const milp_strong_map *map,
                                      size_t ncols, const ecs_schedule *s)
{
    double *x = calloc(ncols ? ncols : 1, sizeof *x);
    size_t *pick = calloc(g->n ? g->n : 1, sizeof *pick);
    if (x == NULL || pick == NULL || s == NULL || s->n != g->n) {
        free(x);
        free(pick);
        return NULL;
    }
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        pick[i] = t->pe < 0 ? (size_t)-1
                            : core_ivals_best_inside(iv, i, t->start,
                                                         t->stop);
        if (pick[i] == (size_t)-1) {
            free(x);
            free(pick);
            return NULL;
        }
    }
    milp_strong_vector(iv, map, g->n, pick, x, ncols);
    free(pick);
    return x;
}

typedef struct chosen {
    size_t task;
    long s, e;
} chosen;

/* The interval picked for each task (value > 0.5). */
static int pick_intervals(const ecs_graph *g, const core_ivals *iv,
                          const milp_strong_map *map, const double *x,
                          chosen *ch)
{
    for (size_t i = 0; i < g->n; i++) {
        size_t best = (size_t)-1;
        for (size_t v = iv->off[i]; v < iv->off[i + 1]; v++)
            if (x[map->x_off[i] + (v - iv->off[i])] > 0.5)
                best = v;
        if (best == (size_t)-1)
            return -1;
        ch[i].task = i;
        ch[i].s = iv->iv[best].s;
        ch[i].e = iv->iv[best].e;
    }
    return 0;
}

/* The PEs of the chosen intervals (ecs_assign_pes): 0, -1 when a slot
 * has more than pes tasks, -2 out of memory. */
static int assign_pes(const chosen *ch, size_t n, int pes, int *pe_of)
{
    long *st = malloc((n ? n : 1) * sizeof *st);
    long *en = malloc((n ? n : 1) * sizeof *en);
    ecs_result rc = ECS_ENOMEM;
    if (st != NULL && en != NULL) {
        for (size_t k = 0; k < n; k++) {
            st[ch[k].task] = ch[k].s;
            en[ch[k].task] = ch[k].e;
        }
        rc = ecs_assign_pes(n, st, en, pes, pe_of, NULL);
    }
    free(st);
    free(en);
    return rc == ECS_OK ? 0 : rc == ECS_ENOMEM ? -2 : -1;
}

static ecs_result place_profiles(const ecs_graph *g, const ecs_platform *p,
                                 const double *price, const int *slot_len,
                                 const chosen *ch,
                                 const int *pe_of, ecs_schedule *s,
                                 ecs_diag *diag)
{
    for (size_t k = 0; k < g->n; k++) {
        size_t i = ch[k].task;
        long len = ch[k].e - ch[k].s + 1;
        unsigned char *f = malloc((size_t)len);
        double cost;
        ecs_result rc = f ? ecs_profile_cheapest_len(p, price, slot_len,
                                                     g->work[i], ch[k].s,
                                                     ch[k].e, f, &cost)
                          : ECS_ENOMEM;
        if (rc == ECS_OK)
            rc = ecs_schedule_place(s, i, pe_of[i], ch[k].s, ch[k].e, f, 0);
        free(f);
        if (rc != ECS_OK)
            return ecs_diag_set(diag, rc == ECS_ENOMEM ? ECS_ENOMEM
                                                       : ECS_EINTERNAL,
                                NULL, 0, "task %ld: no profile for [%ld, %ld]",
                                g->id[i], ch[k].s, ch[k].e);
    }
    return ECS_OK;
}

ecs_result milp_strong_extract(const ecs_graph *g, const ecs_platform *p,
                                   const double *price, const int *slot_len,
                                   const core_ivals *iv,
                                   const milp_strong_map *map,
                                   const double *x, ecs_schedule **out,
                                   ecs_diag *diag)
{
    size_t n = g->n ? g->n : 1;
    chosen *ch = malloc(n * sizeof *ch);
    int *pe_of = malloc(n * sizeof *pe_of);
    ecs_schedule *s = ecs_schedule_new(g->n);
    ecs_result rc = ECS_OK;
    if (ch == NULL || pe_of == NULL || s == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    else if (pick_intervals(g, iv, map, x, ch) != 0)
        rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                          "the solution picks no interval for some task");
    else {
        int a = assign_pes(ch, g->n, p->pes, pe_of);
        if (a == -2)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        else if (a != 0)
            rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                              "more than P tasks in a slot");
        else
            rc = place_profiles(g, p, price, slot_len, ch, pe_of, s, diag);
    }
    free(ch);
    free(pe_of);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return rc;
    }
    *out = s;
    return ECS_OK;
}

/* ---- paper ---- */

#define X(i, j, k, l) milp_paper_x(mp, (i), (j), (k), (l))

double *milp_paper_from_schedule(const ecs_graph *g,
                                     const milp_paper_map *mp,
                                     size_t ncols, const ecs_schedule *s)
{
    double *x = calloc(ncols ? ncols : 1, sizeof *x);
    if (x == NULL || s == NULL || s->n != g->n) {
        free(x);
        return NULL;
    }
    for (size_t i = 0; i < g->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0 || (size_t)t->pe >= mp->pes || t->start < 0 ||
            (size_t)t->stop >= mp->slots) {
            free(x);
            return NULL;
        }
        size_t j = (size_t)t->pe;
        for (long l = t->start; l <= t->stop; l++)
            x[X(i, j, t->freq[l - t->start], (size_t)l)] = 1.0;
        x[mp->z0 + i * mp->pes + j] = 1.0;
        x[mp->y0 + i * mp->slots + (size_t)t->start] = 1.0;
        x[mp->Y0 + i * mp->slots + (size_t)t->stop] = 1.0;
    }
    return x;
}

/* Index of the entry > 0.5 among x[first + k * stride], k < n. */
static long argone(const double *x, size_t first, size_t n, size_t stride)
{
    for (size_t k = 0; k < n; k++)
        if (x[first + k * stride] > 0.5)
            return (long)k;
    return -1;
}

ecs_result milp_paper_extract(const ecs_graph *g,
                                  const milp_paper_map *mp,
                                  const double *x, ecs_schedule **out,
                                  ecs_diag *diag)
{
    ecs_schedule *s = ecs_schedule_new(g->n);
    unsigned char *f = malloc(mp->slots ? mp->slots : 1);
    if (s == NULL || f == NULL) {
        ecs_schedule_free(s);
        free(f);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    ecs_result rc = ECS_OK;
    for (size_t i = 0; rc == ECS_OK && i < g->n; i++) {
        long j = argone(x, mp->z0 + i * mp->pes, mp->pes, 1);
        long a = argone(x, mp->y0 + i * mp->slots, mp->slots, 1);
        long b = argone(x, mp->Y0 + i * mp->slots, mp->slots, 1);
        if (j < 0 || a < 0 || b < a) {
            rc = ECS_EINTERNAL;
            break;
        }
        for (long l = a; rc == ECS_OK && l <= b; l++) {
            long k = argone(x, X(i, (size_t)j, 0, (size_t)l), mp->nfreq,
                            mp->slots);
            if (k < 0)
                rc = ECS_EINTERNAL;
            else
                f[l - a] = (unsigned char)k;
        }
        if (rc == ECS_OK)
            rc = ecs_schedule_place(s, i, (int)j, a, b, f, 0);
    }
    free(f);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        return ecs_diag_set(diag, rc, NULL, 0,
                            "the paper model's solution is not a schedule");
    }
    *out = s;
    return ECS_OK;
}
