/* The paper's formulation (Gerhards & Keller 2017, constraints (1)-(12))
 * with the corrections of docs/MODEL.md "MILP, paper formulation":
 * per-slot linking for (7) and (9), start <= stop for (10), (11) for every task, (12) with >= 1.  The
 * frequency 0, when in F, is one of the k: a mapped slot at f = 0 keeps the
 * PE (waits in place) and costs nothing.  Slots 0..D'-1, no windows: this
 * is the reproduction and the independent cross-check of the strong model. */
#include "milp_internal.h"

#include <string.h>

double milp_paper_estimate(const ecs_graph *g, const ecs_platform *p,
                               long deadline)
{
    double n = (double)g->n, P = (double)p->pes, K = (double)p->nfreq;
    double T = (double)deadline;
    return n * P * K * T * (P + 6.0) + n * T * (T + 1.0) + 8.0 * n * T +
           n * P + 4.0 * T * (double)g->nedges;
}

size_t milp_paper_x(const milp_paper_map *mp, size_t i, size_t j,
                        size_t k, size_t l)
{
    return mp->x0 + ((i * mp->pes + j) * mp->nfreq + k) * mp->slots + l;
}

static void add_columns(const ecs_graph *g, const ecs_platform *p,
                        const double *price, milp_model *m,
                        milp_paper_map *mp)
{
    mp->x0 = m->ncols;
    for (size_t i = 0; i < mp->n; i++)
        for (size_t j = 0; j < mp->pes; j++)
            for (size_t k = 0; k < mp->nfreq; k++)
                for (size_t l = 0; l < mp->slots; l++)
                    milp_model_col(m, 0.0, 1.0, MILP_COL_INT,
                                       p->power_of[k] * price[l],
                                       "x_%ld_%zu_%zu_%zu", g->id[i], j, k, l);
    mp->z0 = m->ncols;
    for (size_t i = 0; i < mp->n; i++)
        for (size_t j = 0; j < mp->pes; j++)
            milp_model_col(m, 0.0, 1.0, MILP_COL_INT, 0.0, "z_%ld_%zu", g->id[i], j);
    mp->y0 = m->ncols;
    for (size_t i = 0; i < mp->n; i++)
        for (size_t l = 0; l < mp->slots; l++)
            milp_model_col(m, 0.0, 1.0, MILP_COL_INT, 0.0, "y_%ld_%zu", g->id[i], l);
    mp->Y0 = m->ncols;
    for (size_t i = 0; i < mp->n; i++)
        for (size_t l = 0; l < mp->slots; l++)
            milp_model_col(m, 0.0, 1.0, MILP_COL_INT, 0.0, "Y_%ld_%zu", g->id[i], l);
}

#define X(i, j, k, l) milp_paper_x(mp, (i), (j), (k), (l))
#define Z(i, j) (mp->z0 + (i) * mp->pes + (j))
#define YS(i, l) (mp->y0 + (i) * mp->slots + (l))
#define YE(i, l) (mp->Y0 + (i) * mp->slots + (l))

/* (1) one frequency per task, PE and slot; (3) one task per PE and slot. */
static void rows_1_3(milp_model *m, const milp_paper_map *mp)
{
    for (size_t i = 0; i < mp->n; i++)
        for (size_t j = 0; j < mp->pes; j++)
            for (size_t l = 0; l < mp->slots; l++) {
                size_t r = milp_model_row(m, MILP_ROW_LE, 1.0,
                                              "c1_%zu_%zu_%zu", i, j, l);
                for (size_t k = 0; k < mp->nfreq; k++)
                    milp_model_nz(m, r, X(i, j, k, l), 1.0);
            }
    for (size_t j = 0; j < mp->pes; j++)
        for (size_t l = 0; l < mp->slots; l++) {
            size_t r = milp_model_row(m, MILP_ROW_LE, 1.0, "c3_%zu_%zu", j, l);
            for (size_t i = 0; i < mp->n; i++)
                for (size_t k = 0; k < mp->nfreq; k++)
                    milp_model_nz(m, r, X(i, j, k, l), 1.0);
        }
}

/* (2) the work, exactly on the grid: sum x * q_k >= w_i * grid. */
static void rows_2(const ecs_graph *g, const ecs_platform *p,
                   milp_model *m, const milp_paper_map *mp)
{
    for (size_t i = 0; i < mp->n; i++) {
        size_t r = milp_model_row(m, MILP_ROW_GE,
                                      (double)(g->work[i] * p->grid), "c2_%zu", i);
        for (size_t j = 0; j < mp->pes; j++)
            for (size_t k = 0; k < mp->nfreq; k++)
                if (p->freq_q[k] > 0)
                    for (size_t l = 0; l < mp->slots; l++)
                        milp_model_nz(m, r, X(i, j, k, l),
                                          (double)p->freq_q[k]);
    }
}

/* (4) nothing on another PE than the chosen one; (5) one PE per task. */
static void rows_4_5(milp_model *m, const milp_paper_map *mp)
{
    double T = (double)mp->slots;
    for (size_t i = 0; i < mp->n; i++) {
        for (size_t j = 0; j < mp->pes; j++) {
            size_t r = milp_model_row(m, MILP_ROW_LE, T, "c4_%zu_%zu", i, j);
            for (size_t j2 = 0; j2 < mp->pes; j2++)
                for (size_t k = 0; j2 != j && k < mp->nfreq; k++)
                    for (size_t l = 0; l < mp->slots; l++)
                        milp_model_nz(m, r, X(i, j2, k, l), 1.0);
            milp_model_nz(m, r, Z(i, j), T);
        }
        size_t r = milp_model_row(m, MILP_ROW_EQ, 1.0, "c5_%zu", i);
        for (size_t j = 0; j < mp->pes; j++)
            milp_model_nz(m, r, Z(i, j), 1.0);
    }
}

/* (6), (8) one start and one stop; (7), (9) corrected per-slot linking:
 * sum_{j,k} x_{i,j,k,l} <= sum_{l'' <= l} y and <= sum_{l'' >= l} Y. */
static void rows_6_9(milp_model *m, const milp_paper_map *mp)
{
    for (size_t i = 0; i < mp->n; i++) {
        size_t r6 = milp_model_row(m, MILP_ROW_EQ, 1.0, "c6_%zu", i);
        size_t r8 = milp_model_row(m, MILP_ROW_EQ, 1.0, "c8_%zu", i);
        for (size_t l = 0; l < mp->slots; l++) {
            milp_model_nz(m, r6, YS(i, l), 1.0);
            milp_model_nz(m, r8, YE(i, l), 1.0);
        }
        for (size_t l = 0; l < mp->slots; l++) {
            size_t r7 = milp_model_row(m, MILP_ROW_LE, 0.0, "c7_%zu_%zu", i, l);
            size_t r9 = milp_model_row(m, MILP_ROW_LE, 0.0, "c9_%zu_%zu", i, l);
            for (size_t j = 0; j < mp->pes; j++)
                for (size_t k = 0; k < mp->nfreq; k++) {
                    milp_model_nz(m, r7, X(i, j, k, l), 1.0);
                    milp_model_nz(m, r9, X(i, j, k, l), 1.0);
                }
            for (size_t l2 = 0; l2 <= l; l2++)
                milp_model_nz(m, r7, YS(i, l2), -1.0);
            for (size_t l2 = l; l2 < mp->slots; l2++)
                milp_model_nz(m, r9, YE(i, l2), -1.0);
        }
    }
}

/* (10) corrected: start <= stop; (11) contiguity: mapped slots =
 * stop - start + 1. */
static void rows_10_11(milp_model *m, const milp_paper_map *mp)
{
    for (size_t i = 0; i < mp->n; i++) {
        size_t r10 = milp_model_row(m, MILP_ROW_LE, 0.0, "c10_%zu", i);
        size_t r11 = milp_model_row(m, MILP_ROW_EQ, 1.0, "c11_%zu", i);
        for (size_t l = 1; l < mp->slots; l++) {
            milp_model_nz(m, r10, YS(i, l), (double)l);
            milp_model_nz(m, r10, YE(i, l), -(double)l);
            milp_model_nz(m, r11, YS(i, l), (double)l);
            milp_model_nz(m, r11, YE(i, l), -(double)l);
        }
        for (size_t j = 0; j < mp->pes; j++)
            for (size_t k = 0; k < mp->nfreq; k++)
                for (size_t l = 0; l < mp->slots; l++)
                    milp_model_nz(m, r11, X(i, j, k, l), 1.0);
    }
}

/* (12) corrected: start_b - stop_a >= 1 for every edge a -> b. */
static void rows_12(const ecs_graph *g, milp_model *m,
                    const milp_paper_map *mp)
{
    for (size_t a = 0; a < mp->n; a++)
        for (size_t e = g->succ_off[a]; e < g->succ_off[a + 1]; e++) {
            size_t b = g->succ[e];
            size_t r = milp_model_row(m, MILP_ROW_GE, 1.0, "c12_%zu_%zu", a, b);
            for (size_t l = 1; l < mp->slots; l++) {
                milp_model_nz(m, r, YS(b, l), (double)l);
                milp_model_nz(m, r, YE(a, l), -(double)l);
            }
        }
}

ecs_result milp_paper_build(const ecs_graph *g, const ecs_platform *p,
                                const double *price, long deadline,
                                milp_model *m, milp_paper_map *mp,
                                ecs_diag *diag)
{
    memset(mp, 0, sizeof *mp);
    mp->n = g->n;
    mp->pes = (size_t)p->pes;
    mp->nfreq = p->nfreq;
    mp->slots = (size_t)deadline;
    add_columns(g, p, price, m, mp);
    rows_1_3(m, mp);
    rows_2(g, p, m, mp);
    rows_4_5(m, mp);
    rows_6_9(m, mp);
    rows_10_11(m, mp);
    rows_12(g, m, mp);
    if (m->oom)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0,
                            "out of memory while building the model");
    return ECS_OK;
}
