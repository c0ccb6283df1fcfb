/* The GLPK driver shared by both formulations: load the model, export it if
 * asked, solve the LP relaxation (the root bound; by sifting from the warm
 * start's columns on the strong model), then branch and bound with the warm
 * start injected as the first incumbent (presolve off, so columns keep their
 * numbers), the best bound recorded in the callback.  The time limit is a
 * wall-clock deadline (run->t_end) for everything: every glp_simplex and
 * glp_intopt gets the time left (tm_lim, ms), the callback stops the search
 * (glp_ios_terminate) before a node LP would run past it, and whenever it
 * runs out the warm start (or a better incumbent) is kept.  A GLPK error
 * never aborts the process: the error hook jumps back here.
 *
 * The GLPK environment (per thread) belongs to the program, which may hold
 * GLPK objects of its own: glp_free_env() is never called here, since it
 * would destroy them.  Every solve deletes its problem, so GLPK's memory
 * returns to where it was after each call (tests/unit/test_milp_env.c).
 * After a GLPK error the environment is in GLPK's error state (GLPK's manual
 * asks the program to call glp_free_env() then): the problem is left to it
 * and every later solve in that thread fails at once until the program has
 * freed the environment. */
#include "core/glpk_guard.h"
#include "milp_dive.h"
#include "milp_pcost.h"
#include "milp_rcfix.h"
#include "milp_restart.h"
#include "milp_sbprobe.h"
#include "milp_zerohalf.h"
#include "ecsched/clock.h"
#include "milp_internal.h"

#include <glpk.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct restart_state restart_state;

typedef struct glpk_ctx {
    milp_run *run;
    glp_prob *lp;
    double *warm1; /* 1-based copy of the warm start */
    double *lpx;   /* LP values at a node (0-based) */
    double *heur1; /* 1-based rounded solution */
    int injected;
    double t_start; /* when the root LP started */
    double root_s;  /* how long it took */
    int root_its;   /* and its simplex iterations */
    double last_cb; /* time of the previous callback */
    double max_gap; /* longest time between callbacks: a node LP */
    double next_progress; /* when the progress callback is due */
    milp_pcost *pc;   /* pseudo-costs, while a tree branches by them */
    double sb_left;       /* seconds left for its strong branching */
    milp_rows rows;       /* the matrix by rows, for propagation (or none) */
    double *lb, *ub;      /* the columns' bounds after fixing (or NULL) */
    milp_model cm;          /* the model and the root's cuts (have_cm) */
    int have_cm;
    int nsb;              /* the probes' best columns (1-based): the trees
                             branch on the first fractional one of them */
    int sb_col[MILP_SB_TOP];
    int sb_sel[MILP_SB_TOP]; /* GLP_DN_BRNCH or GLP_UP_BRNCH: child first */
    restart_state *rs;    /* the root restart under way, or NULL */
    double bf_last;       /* best_first: the bound of the node last
                             selected in this tree */
    unsigned long bf_down; /* selections below it (none: a check) */
    /* zero-half cuts at the nodes (run->nodecuts; node_cuts) */
    int nc_node, nc_count; /* the node last cut (number, tree size then) */
    int nc_rounds;        /* rounds there so far */
    double nc_z;          /* its LP value before the last round */
    double nc_t0;         /* when the tree began */
    double nc_time;       /* seconds spent separating in this tree */
    double *nc_x;         /* the node LP's point (ncols), or NULL */
    int *nc_ind;          /* a cut's columns and values (1-based) */
    double *nc_val;
} glpk_ctx;

/* The model with the cuts added at the root (c->cm) and it by rows
 * (c->rows), built when first needed or stale; 0 or -1. */
static int need_rows(glpk_ctx *c)
{
    if (!c->have_cm) {
        if (milp_model_copy(&c->cm, c->run->model) != 0)
            return -1;
        c->have_cm = 1;
    }
    if (c->rows.row_off != NULL && c->rows.nrows == c->cm.nrows)
        return 0;
    milp_rows_release(&c->rows);
    return milp_rows_init(&c->rows, &c->cm);
}

/* The node cuts' work arrays; 0 or -1. */
static int need_nc(glpk_ctx *c)
{
    size_t n = c->cm.ncols;
    if (c->nc_x == NULL)
        c->nc_x = malloc((n ? n : 1) * sizeof *c->nc_x);
    if (c->nc_ind == NULL)
        c->nc_ind = malloc((n + 1) * sizeof *c->nc_ind);
    if (c->nc_val == NULL)
        c->nc_val = malloc((n + 1) * sizeof *c->nc_val);
    return c->nc_x != NULL && c->nc_ind != NULL && c->nc_val != NULL ? 0 : -1;
}

static int ms_left(const glpk_ctx *c)
{
    return glpk_ms_until(c->run->t_end);
}

/* run->bound raised to b (a bound proved) when b is above it. */
static void raise_bound(milp_run *run, double b)
{
    if (isnan(run->bound) || b > run->bound)
        run->bound = b;
}

/* The best bound and the node count, readable only in the callback. */
static void record_bound(glp_tree *T, glpk_ctx *c)
{
    int best = glp_ios_best_node(T);
    if (best != 0) {
        raise_bound(c->run, glp_ios_node_bound(T, best));
    }
    int a_cnt, n_cnt, t_cnt;
    glp_ios_tree_size(T, &a_cnt, &n_cnt, &t_cnt);
    c->run->nodes = (unsigned long long)t_cnt;
}

/* Past the wall-clock deadline? */
static int over(const glpk_ctx *c)
{
    return ecs_clock_now() >= c->run->t_end;
}

/* In branch and bound: would the next node LP end past the deadline?  GLPK
 * gives a node's LP no time limit, and one node LP of a large model can take
 * tens of seconds: stop when less time is left than the longest gap seen
 * between two callbacks (at first, a tenth of the root LP's time). */
static int node_would_overrun(glpk_ctx *c)
{
    double t = ecs_clock_now();
    if (c->last_cb > 0.0 && t - c->last_cb > c->max_gap)
        c->max_gap = t - c->last_cb;
    else if (c->last_cb == 0.0)
        c->max_gap = 0.1 * c->root_s;
    c->last_cb = t;
    return t + c->max_gap >= c->run->t_end;
}

/* The progress callback, at most every progress_every_s seconds. */
static void report_progress(glp_tree *T, glpk_ctx *c)
{
    milp_run *r = c->run;
    double t = ecs_clock_now();
    if (r->progress == NULL || t < c->next_progress)
        return;
    c->next_progress = t + r->progress_every_s;
    glp_prob *lp = glp_ios_get_prob(T);
    ecs_progress p;
    memset(&p, 0, sizeof p);
    p.phase = "milp";
    p.elapsed_s = t - r->t_start;
    p.cost = glp_mip_status(lp) == GLP_FEAS || glp_mip_status(lp) == GLP_OPT
                      ? glp_mip_obj_val(lp)
                      : NAN;
    p.bound = r->bound;
    p.gap = isnan(p.cost) ? NAN : glp_ios_mip_gap(T);
    p.nodes = r->nodes;
    r->progress(r->progress_ctx, &p);
}

/* GLPK's terminal output, to the caller's log. */
static int on_term(void *info, const char *s)
{
    milp_run *r = info;
    r->log(r->log_ctx, s);
    return 1; /* GLPK prints nothing itself */
}

/* At a node of depth below SB_DEPTH, branch on the first of the probes'
 * columns that is fractional there; 1 when it did (0: the tree's own rule
 * chooses, which finds schedules deeper down: branching on the probes'
 * columns at every depth left rand0003 at P = 4, E = 0.05 without its
 * optimal schedule in 120 s, where main proved it). */
#define SB_DEPTH 8
static int sb_branch(glp_tree *T, glpk_ctx *c)
{
    if (glp_ios_node_level(T, glp_ios_curr_node(T)) >= SB_DEPTH)
        return 0;
    for (int q = 0; q < c->nsb; q++)
        if (glp_ios_can_branch(T, c->sb_col[q])) {
            glp_ios_branch_upon(T, c->sb_col[q], c->sb_sel[q]);
            return 1;
        }
    return 0;
}

/*
 * Zero-half cuts at the nodes of the trees (run->nodecuts; docs/MODEL.md
 * "MILP, strong formulation": cuts at the nodes): at GLP_ICUTGEN, the
 * node LP's point separated over the model's rows and the root's cuts
 * (c->cm), the cuts offered to GLPK's local pool (it adds those it finds
 * useful to the node's LP, which its children inherit, and solves the LP
 * again).  Each cut holds for every integer solution of the model, so at
 * every node.  Again at the same node while the last round raised its LP
 * and at most NC_ROUNDS times, at most NC_CUTS a round; the separation
 * kept within NC_SHARE of the tree's time (measured on rand0093 at P = 4,
 * E = 0.05, 40 s: 200 cuts a round or a half of the time made the node
 * LPs so slow that the trees ran 23-35 nodes instead of about 500).  With
 * run->nodecuts 1 only once the tree has run NC_AFTER seconds: the trees
 * that close sooner close sooner without them (paper32 at P = 4: 40.9
 * against 24.4 s in all with cuts from the first node); 2: from the
 * first node.
 */
#define NC_ROUNDS 3
#define NC_SHARE 0.2
#define NC_CUTS 50
#define NC_AFTER 5.0
static void node_cuts(glp_tree *T, glpk_ctx *c)
{
    milp_run *run = c->run;
    int p = glp_ios_curr_node(T), a_cnt, n_cnt, t_cnt;
    glp_ios_tree_size(T, &a_cnt, &n_cnt, &t_cnt);
    glp_prob *lp = glp_ios_get_prob(T);
    double z = glp_get_obj_val(lp), t = ecs_clock_now();
    if (c->nc_t0 == 0.0)
        c->nc_t0 = t;
    if (p == c->nc_node && t_cnt == c->nc_count) { /* a round again */
        if (c->nc_rounds >= NC_ROUNDS ||
            !(z > c->nc_z + 1e-7 * (1.0 + fabs(z))))
            return; /* (the last round raised nothing) */
    } else {
        c->nc_node = p;
        c->nc_count = t_cnt;
        c->nc_rounds = 0;
    }
    if ((run->nodecuts == 1 && t - c->nc_t0 < NC_AFTER) ||
        c->nc_time > NC_SHARE * (t - c->nc_t0) + 0.01 || need_rows(c) != 0 ||
        need_nc(c) != 0)
        return;
    size_t n = c->cm.ncols;
    for (size_t j = 0; j < n; j++)
        c->nc_x[j] = glp_get_col_prim(lp, (int)j + 1);
    milp_cuts cuts;
    milp_cuts_init(&cuts);
    long k = milp_zerohalf(&c->cm, &c->rows, c->nc_x, 4000, NC_CUTS, 1e-2,
                           &cuts);
    for (long q = 0; q < k; q++) {
        size_t a = cuts.off[q], len = cuts.off[q + 1] - a;
        for (size_t u = 0; u < len; u++) {
            c->nc_ind[u + 1] = (int)cuts.col[a + u] + 1;
            c->nc_val[u + 1] = cuts.val[a + u];
        }
        glp_ios_add_row(T, NULL, 101, 0, (int)len, c->nc_ind, c->nc_val,
                        GLP_UP, cuts.rhs[q]);
    }
    milp_cuts_release(&cuts);
    if (k > 0)
        run->nc_cuts += (unsigned long)k;
    c->nc_rounds++;
    c->nc_z = z;
    c->nc_time += ecs_clock_now() - t;
}

/* Best-first node selection (run->bestfirst; docs/MODEL.md "MILP, strong
 * formulation"): GLPK asks at GLP_ISELECT before every node and by default
 * dives into a child of the node just branched, backtracking to the best
 * local bound only when a dive ends; the bound rises only as the lowest
 * active node is solved.  Here the active node of the lowest bound is
 * taken before every node: with an incumbent near the optimum those are
 * the nodes a proof must solve anyway.  1: once the relative gap is within
 * BF_GAP (further off, the dives find better schedules). */
#define BF_GAP 0.01
static void best_first(glp_tree *T, glpk_ctx *c)
{
    int a_cnt, n_cnt, t_cnt;
    glp_ios_tree_size(T, &a_cnt, &n_cnt, &t_cnt);
    if (a_cnt < 2 ||
        (c->run->bestfirst == 1 && !(glp_ios_mip_gap(T) <= BF_GAP)))
        return; /* (one node: GLPK takes it) */
    int b = glp_ios_best_node(T);
    if (b != 0) {
        glp_ios_select_node(T, b);
        c->run->bf_selected++;
        /* (the lowest bound never falls: a child's is at least its
         * parent's; a check that the tests read) */
        double z = glp_ios_node_bound(T, b);
        c->bf_down += c->bf_last > z + 1e-9 * (1.0 + fabs(z));
        c->bf_last = z;
    }
}

/* The budgets of the root's dive and probes and of strong branching
 * count to the split's end (split_limit_s): a MILP given more time than
 * the split planned spends no more of it on them than it would have, the
 * rest goes to the second tree (rand0004 and rand0064 at P = 4, E = 0.2,
 * proven within the planned grant). */
static double sb_end(const milp_run *run)
{
    return run->split_end > 0.0 && run->split_end < run->t_end
               ? run->split_end
               : run->t_end;
}

static void on_tree(glp_tree *T, void *info)
{
    glpk_ctx *c = info;
    if (glp_ios_reason(T) == GLP_ISELECT && c->run->bestfirst) {
        best_first(T, c);
        return;
    }
    if (glp_ios_reason(T) == GLP_IHEUR && c->warm1 != NULL && !c->injected) {
        c->injected = 1;
        if (glp_ios_heur_sol(T, c->warm1) == 0)
            c->run->warm_accepted = 1;
    }
    if (node_would_overrun(c)) {
        record_bound(T, c);
        glp_ios_terminate(T); /* tm_lim alone lets a node LP overrun */
        return;
    }
    if (glp_ios_reason(T) == GLP_IHEUR && c->run->round != NULL &&
        c->lpx != NULL && !over(c)) {
        glp_prob *lp = glp_ios_get_prob(T);
        size_t n = c->run->model->ncols;
        for (size_t j = 0; j < n; j++)
            c->lpx[j] = glp_get_col_prim(lp, (int)j + 1);
        c->heur1[0] = 0.0;
        if (c->run->round(c->run->round_ctx, c->lpx, c->heur1 + 1) == 0 &&
            glp_ios_heur_sol(T, c->heur1) == 0)
            c->run->rounded++;
    }
    if (glp_ios_reason(T) == GLP_ICUTGEN && c->run->nodecuts && !over(c))
        node_cuts(T, c);
    if (glp_ios_reason(T) == GLP_IBRANCH && sb_branch(T, c)) {
        /* (near the root: on a column whose children the probes proved
         * best there) */
    } else if (glp_ios_reason(T) == GLP_IBRANCH && c->pc != NULL &&
        !(glp_ios_mip_gap(T) <= c->run->mip_gap)) {
        /* strong branching: a tenth of the time left a node, a quarter of
         * the tree's time in all (GLPK's own rule has no limit); none
         * within the gap, where GLPK stops at its next node */
        double t = ecs_clock_now(), left = sb_end(c->run) - t;
        double sb = 0.1 * left < c->sb_left ? 0.1 * left : c->sb_left;
        milp_pcost_branch(c->pc, T, t + (sb > 0.0 ? sb : 0.0));
        c->sb_left -= ecs_clock_now() - t;
    }
    record_bound(T, c);
    report_progress(T, c);
    if (c->run->max_nodes > 0 && c->run->nodes >= c->run->max_nodes)
        glp_ios_terminate(T); /* the effort budget */
    if (glp_ios_reason(T) == GLP_IBINGO && ecs_clock_now() < c->run->stop_by &&
        glp_mip_obj_val(glp_ios_get_prob(T)) < c->run->stop_below) {
        c->run->stopped = 1; /* the caller restarts from this incumbent */
        glp_ios_terminate(T);
    }
}

static void load(glp_prob *lp, const milp_model *m)
{
    glp_set_obj_dir(lp, GLP_MIN);
    if (m->nrows > 0)
        glp_add_rows(lp, (int)m->nrows);
    if (m->ncols > 0)
        glp_add_cols(lp, (int)m->ncols);
    for (size_t r = 0; r < m->nrows; r++) {
        int t = m->sense[r] == MILP_ROW_LE   ? GLP_UP
                : m->sense[r] == MILP_ROW_GE ? GLP_LO
                                            : GLP_FX;
        glp_set_row_bnds(lp, (int)r + 1, t, m->rhs[r], m->rhs[r]);
        if (m->names)
            glp_set_row_name(lp, (int)r + 1, m->row_name[r]);
    }
    for (size_t j = 0; j < m->ncols; j++) {
        int col = (int)j + 1;
        glp_set_col_bnds(lp, col, m->lb[j] == m->ub[j] ? GLP_FX : GLP_DB,
                         m->lb[j], m->ub[j]);
        glp_set_obj_coef(lp, col, m->obj[j]);
        if (m->integer[j])
            glp_set_col_kind(lp, col, GLP_IV);
        if (m->names)
            glp_set_col_name(lp, col, m->col_name[j]);
    }
    if (m->nnz > 0)
        glp_load_matrix(lp, (int)m->nnz, m->ia, m->ja, m->ar);
}

/* Write through a temporary file, so that no half model is left behind. */
static ecs_result export(glp_prob *lp, const char *path, int mps,
                         ecs_diag *diag)
{
    size_t len = strlen(path) + 8;
    char *tmp = malloc(len);
    if (tmp == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    snprintf(tmp, len, "%s.tmp", path);
    int bad = mps ? glp_write_mps(lp, GLP_MPS_FILE, NULL, tmp)
                  : glp_write_lp(lp, NULL, tmp);
    if (!bad && rename(tmp, path) != 0)
        bad = 1;
    if (bad)
        remove(tmp);
    free(tmp);
    if (bad)
        return ecs_diag_set(diag, ECS_EIO, path, 0,
                            "cannot write the model (%s format)",
                            mps ? "MPS" : "CPLEX LP");
    return ECS_OK;
}

/* Largest violation of the model's rows and bounds by x (0-based). */
static double violation(const milp_model *m, const double *x)
{
    double *act = calloc(m->nrows ? m->nrows : 1, sizeof *act), worst = 0.0;
    if (act == NULL)
        return HUGE_VAL;
    for (size_t q = 1; q <= m->nnz; q++)
        act[m->ia[q] - 1] += m->ar[q] * x[m->ja[q] - 1];
    for (size_t r = 0; r < m->nrows; r++) {
        double d = act[r] - m->rhs[r];
        double v = m->sense[r] == MILP_ROW_LE   ? d
                   : m->sense[r] == MILP_ROW_GE ? -d
                                               : fabs(d);
        if (v > worst)
            worst = v;
    }
    for (size_t j = 0; j < m->ncols; j++) {
        if (m->lb[j] - x[j] > worst)
            worst = m->lb[j] - x[j];
        if (x[j] - m->ub[j] > worst)
            worst = x[j] - m->ub[j];
    }
    free(act);
    return worst;
}

static ecs_result prepare_warm(glpk_ctx *c, ecs_diag *diag)
{
    const milp_model *m = c->run->model;
    if (c->run->round != NULL) {
        c->lpx = malloc((m->ncols + 1) * sizeof *c->lpx);
        c->heur1 = malloc((m->ncols + 1) * sizeof *c->heur1);
        if (c->lpx == NULL || c->heur1 == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    if (c->run->warm == NULL || violation(m, c->run->warm) > 1e-6)
        return ECS_OK; /* nothing usable to inject */
    c->run->warm_valid = 1;
    c->warm1 = malloc((m->ncols + 1) * sizeof *c->warm1);
    if (c->warm1 == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    c->warm1[0] = 0.0;
    memcpy(c->warm1 + 1, c->run->warm, m->ncols * sizeof *c->warm1);
    return ECS_OK;
}

/* Reduced costs d (ncols) of every column from the row duals y (nrows). */
static void reduced_costs(const milp_model *m, glp_prob *lp, double *y,
                          double *d)
{
    for (size_t r = 0; r < m->nrows; r++)
        y[r] = glp_get_row_dual(lp, (int)r + 1);
    for (size_t j = 0; j < m->ncols; j++)
        d[j] = m->obj[j];
    for (size_t q = 1; q <= m->nnz; q++)
        d[m->ja[q] - 1] -= m->ar[q] * y[m->ia[q] - 1];
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, z = *(const double *)b;
    return x < z ? -1 : x > z;
}

/* Give column j back its bounds of the model. */
static void unfix(glp_prob *lp, const milp_model *m, size_t j)
{
    glp_set_col_bnds(lp, (int)j + 1, m->lb[j] == m->ub[j] ? GLP_FX : GLP_DB,
                     m->lb[j], m->ub[j]);
}

typedef struct sift_ws {
    unsigned char *in; /* column in the working LP */
    double *y, *d, *v;
    size_t *cand;
} sift_ws;

/* One pricing round: bring in the (at most batch) columns of most negative
 * reduced cost; the number brought in. */
static size_t sift_price(glpk_ctx *c, sift_ws *ws, size_t batch)
{
    const milp_model *m = c->run->model;
    reduced_costs(m, c->lp, ws->y, ws->d);
    size_t k = 0;
    for (size_t j = 0; j < m->ncols; j++)
        if (!ws->in[j] && ws->d[j] < -1e-9) {
            ws->v[k] = ws->d[j];
            ws->cand[k++] = j;
        }
    if (k > batch) { /* keep those at or below the batch-th value */
        qsort(ws->v, k, sizeof *ws->v, by_value);
        double t = ws->v[batch - 1];
        size_t kept = 0;
        for (size_t q = 0; q < k && kept < batch; q++)
            if (ws->d[ws->cand[q]] <= t)
                ws->cand[kept++] = ws->cand[q];
        k = kept;
    }
    for (size_t q = 0; q < k; q++) {
        ws->in[ws->cand[q]] = 1;
        unfix(c->lp, m, ws->cand[q]);
    }
    return k;
}

/*
 * Sifting (column generation over the model's own columns) for the root LP
 * of a model whose integer columns are many and whose warm start is
 * feasible: the LP starts with the warm start's integer columns only (the
 * others fixed at 0, which GLPK's simplex leaves out of its working LP), and
 * each round brings in the columns of most negative reduced cost, until
 * none is left; then every column is given back its bounds, nonbasic at 0
 * with a non-negative reduced cost, so the basis is optimal for the whole
 * LP.  On the strong model's long horizons this is far faster than the
 * simplex over every interval column.
 */
static void sift_root(glpk_ctx *c, glp_smcp *sm)
{
    const milp_model *m = c->run->model;
    size_t n = m->ncols;
    sift_ws ws;
    ws.in = calloc(n ? n : 1, 1);
    ws.y = malloc((m->nrows ? m->nrows : 1) * sizeof *ws.y);
    ws.d = malloc((n ? n : 1) * sizeof *ws.d);
    ws.v = malloc((n ? n : 1) * sizeof *ws.v);
    ws.cand = malloc((n ? n : 1) * sizeof *ws.cand);
    if (ws.in != NULL && ws.y != NULL && ws.d != NULL && ws.v != NULL &&
        ws.cand != NULL) {
        for (size_t j = 0; j < n; j++) {
            ws.in[j] = m->integer[j] != MILP_COL_INT || c->warm1[j + 1] > 0.5;
            if (!ws.in[j])
                glp_set_col_bnds(c->lp, (int)j + 1, GLP_FX, 0.0, 0.0);
        }
        glp_adv_basis(c->lp, 0);
        size_t batch = 2000; /* measured: 500..4000 within 15% */
        for (;;) {
            sm->tm_lim = ms_left(c);
            if (over(c) || glp_simplex(c->lp, sm) != 0 ||
                glp_get_status(c->lp) != GLP_OPT ||
                sift_price(c, &ws, batch) == 0)
                break;
        }
        for (size_t j = 0; j < n; j++)
            if (!ws.in[j])
                unfix(c->lp, m, j);
    }
    free(ws.in);
    free(ws.y);
    free(ws.d);
    free(ws.v);
    free(ws.cand);
}

/* The LP relaxation; 1 when branch and bound can follow. */
static int solve_root(glpk_ctx *c)
{
    c->t_start = ecs_clock_now();
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = c->run->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
    sm.presolve = GLP_OFF;
    if (c->run->sift && c->warm1 != NULL)
        sift_root(c, &sm); /* leaves an optimal or near-optimal basis */
    else
        glp_adv_basis(c->lp, 0); /* triangular start: fewer iterations */
    sm.tm_lim = ms_left(c);
    int ret = glp_simplex(c->lp, &sm);
    c->root_s = ecs_clock_now() - c->t_start;
    c->root_its = glp_get_it_cnt(c->lp);
    if (ret == 0 && glp_get_status(c->lp) == GLP_OPT) {
        c->run->root_bound = glp_get_obj_val(c->lp);
        c->run->bound = c->run->root_bound;
        return 1;
    }
    if (ret == 0 && (glp_get_status(c->lp) == GLP_NOFEAS ||
                     glp_get_prim_stat(c->lp) == GLP_NOFEAS))
        c->run->lp_infeasible = 1;
    return 0;
}

/* Objective of a 1-based column vector. */
static double objective(const milp_model *m, const double *x1)
{
    double z = 0.0;
    for (size_t j = 0; j < m->ncols; j++)
        z += m->obj[j] * x1[j + 1];
    return z;
}

/* A line of the verbose log (printf's format). */
static void say(const milp_run *run, const char *fmt, ...)
{
    if (!run->verbose || run->log == NULL)
        return;
    char line[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    run->log(run->log_ctx, line);
}

/* Dive with half the time left; a better solution becomes the warm start. */
static ecs_result dive(glpk_ctx *c, ecs_diag *diag)
{
    const milp_model *m = c->run->model;
    double *best = malloc((m->ncols + 1) * sizeof *best);
    if (best == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    double best_obj = HUGE_VAL;
    if (c->warm1 != NULL) {
        memcpy(best, c->warm1 + 1, m->ncols * sizeof *best);
        best_obj = objective(m, c->warm1);
    }
    double t_end = ecs_clock_now() + 0.5 * (sb_end(c->run) - ecs_clock_now());
    int r = milp_dive(c->lp, c->run, t_end, best, &best_obj);
    if (r < 0) {
        free(best);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    if (r > 0) {
        c->run->dive_improved = 1;
        if (c->warm1 == NULL)
            c->warm1 = malloc((m->ncols + 1) * sizeof *c->warm1);
        if (c->warm1 == NULL) {
            free(best);
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        }
        c->warm1[0] = 0.0;
        memcpy(c->warm1 + 1, best, m->ncols * sizeof *best);
        c->injected = 0;
    }
    free(best);
    return ECS_OK;
}

/* Back to the root LP optimum after the dive (from the saved basis). */
static int resolve_root(glpk_ctx *c)
{
    glp_smcp sm;
    glp_init_smcp(&sm);
    sm.msg_lev = c->run->verbose ? GLP_MSG_ERR : GLP_MSG_OFF;
    sm.presolve = GLP_OFF;
    sm.tm_lim = ms_left(c);
    return glp_simplex(c->lp, &sm) == 0 && glp_get_status(c->lp) == GLP_OPT;
}

/* Column j's bounds in the LP: [lb, ub]. */
static void set_bounds(glp_prob *lp, size_t j, double lb, double ub)
{
    glp_set_col_bnds(lp, (int)j + 1, lb == ub ? GLP_FX : GLP_DB, lb, ub);
}

/* c->lb, c->ub: the columns' bounds now, from the model's at first; 0, or
 * -1 when out of memory. */
static int need_bounds(glpk_ctx *c)
{
    const milp_model *m = &c->cm;
    size_t n = m->ncols;
    if (c->lb != NULL)
        return 0;
    c->lb = malloc(n * sizeof *c->lb);
    c->ub = malloc(n * sizeof *c->ub);
    if (c->lb == NULL || c->ub == NULL)
        return -1;
    memcpy(c->lb, m->lb, n * sizeof *c->lb);
    memcpy(c->ub, m->ub, n * sizeof *c->ub);
    return 0;
}

/*
 * Reduced-cost fixing at the root (run->rcfix; milp_rcfix.h): with the
 * incumbent's cost U and the root LP's duals, tighten every integer
 * column that no schedule of cost at most U can move off its bound,
 * propagate over the rows (a task's intervals fixed at a start fix its
 * S and C there, and through the precedence rows its neighbours'), and
 * solve the root LP again on the smaller model; again while a round
 * tightens a hundredth of the columns or more (at most 8 rounds).  The
 * LP's value then bounds the schedules of cost at most U, so min(LP, U)
 * bounds them all.  0 when the root LP could not be solved again.
 */
static int fix_root(glpk_ctx *c)
{
    milp_run *run = c->run;
    if (!run->rcfix || c->warm1 == NULL || over(c) ||
        run->model->ncols == 0 || need_rows(c) != 0)
        return 1; /* (out of memory: no fixing, still correct) */
    const milp_model *m = &c->cm; /* the model and the root's cuts */
    size_t n = m->ncols;
    if (need_bounds(c) != 0)
        return 1;
    double *y = malloc((m->nrows ? m->nrows : 1) * sizeof *y);
    double *d = malloc(n * sizeof *d), *nlb = malloc(n * sizeof *nlb);
    double *nub = malloc(n * sizeof *nub);
    int ok = 1;
    double U = objective(run->model, c->warm1);
    for (int round = 0; y != NULL && d != NULL && nlb != NULL &&
                        nub != NULL && round < 8 && !over(c);
         round++) {
        for (size_t r = 0; r < m->nrows; r++)
            y[r] = glp_get_row_dual(c->lp, (int)r + 1);
        memcpy(nlb, c->lb, n * sizeof *nlb);
        memcpy(nub, c->ub, n * sizeof *nub);
        double L = milp_rc_lagrangian(m, y, nlb, nub, d);
        if (milp_rc_fix(m, d, L, U, nlb, nub) == 0 ||
            milp_propagate(m, &c->rows, nlb, nub, 20 * m->nrows + 1000) < 0)
            break; /* (-1 cannot be while the incumbent fits the bounds) */
        size_t changed = 0;
        for (size_t j = 0; j < n; j++)
            if (nlb[j] != c->lb[j] || nub[j] != c->ub[j]) {
                set_bounds(c->lp, j, nlb[j], nub[j]);
                changed++;
            }
        memcpy(c->lb, nlb, n * sizeof *nlb);
        memcpy(c->ub, nub, n * sizeof *nub);
        run->fixed += (long)changed;
        if (!resolve_root(c)) {
            ok = 0;
            break;
        }
        double z = glp_get_obj_val(c->lp);
        raise_bound(run, z < U ? z : U);
        say(run,
            "reduced-cost fixing: %zu columns tightened, root LP %.10g "
            "(incumbent %.10g)\n",
            changed, z, U);
        if (changed < n / 100 + 1)
            break;
    }
    free(y);
    free(d);
    free(nlb);
    free(nub);
    return ok;
}

/* Add cut q of cuts to the LP and to c->cm; 0 or -1. */
static int add_cut(glpk_ctx *c, const milp_cuts *cuts, size_t q, int *ind,
                   double *val)
{
    size_t a = cuts->off[q], len = cuts->off[q + 1] - a;
    size_t r = milp_model_row(&c->cm, MILP_ROW_LE, cuts->rhs[q], "zh");
    for (size_t t = 0; t < len; t++) {
        ind[t + 1] = (int)cuts->col[a + t] + 1;
        val[t + 1] = cuts->val[a + t];
        milp_model_nz(&c->cm, r, cuts->col[a + t], cuts->val[a + t]);
    }
    if (c->cm.oom)
        return -1;
    int row = glp_add_rows(c->lp, 1);
    glp_set_mat_row(c->lp, row, (int)len, ind, val);
    glp_set_row_bnds(c->lp, row, GLP_UP, cuts->rhs[q], cuts->rhs[q]);
    return 0;
}

/* Drop the root's cuts that do not bind at the LP optimum (their rows'
 * auxiliary variables are basic: the basis stays valid and optimal), so
 * that the trees' node LPs carry only the cuts that lift the bound; c->cm
 * becomes the model and the cuts kept.  0 or -1 (out of memory). */
static int drop_slack_cuts(glpk_ctx *c)
{
    if (!c->have_cm)
        return 0;
    int m0 = (int)c->run->model->nrows, nr = glp_get_num_rows(c->lp);
    if (nr <= m0)
        return 0;
    int *num = malloc((size_t)(nr - m0 + 1) * sizeof *num), k = 0;
    int nc = glp_get_num_cols(c->lp);
    int *ind = malloc((size_t)(nc + 1) * sizeof *ind);
    double *val = malloc((size_t)(nc + 1) * sizeof *val);
    if (num == NULL || ind == NULL || val == NULL) {
        free(num), free(ind), free(val);
        return -1;
    }
    for (int i = m0 + 1; i <= nr; i++)
        if (glp_get_row_stat(c->lp, i) == GLP_BS)
            num[++k] = i;
    if (k > 0)
        glp_del_rows(c->lp, k, num);
    milp_model_release(&c->cm);
    milp_rows_release(&c->rows);
    c->have_cm = 0;
    int bad = milp_model_copy(&c->cm, c->run->model) != 0;
    c->have_cm = !bad;
    nr = glp_get_num_rows(c->lp);
    for (int i = m0 + 1; !bad && i <= nr; i++) {
        int len = glp_get_mat_row(c->lp, i, ind, val);
        size_t r = milp_model_row(&c->cm, MILP_ROW_LE,
                                  glp_get_row_ub(c->lp, i), "zh");
        for (int t = 1; t <= len; t++)
            milp_model_nz(&c->cm, r, (size_t)ind[t] - 1, val[t]);
        bad = c->cm.oom;
    }
    say(c->run, "zero-half at the root: %d cuts bind and stay, %d dropped\n",
        nr - m0, k);
    free(num), free(ind), free(val);
    return bad ? -1 : 0;
}

/*
 * Rounds of zero-half cuts at the root before branch and bound (run->
 * zerohalf): each round separates at the root LP's point, adds the cuts
 * to the LP as rows (so both trees of solve_two_trees start from them,
 * and reduced-cost fixing sees them), and solves the LP again by the dual
 * simplex; while a round lifts the LP by more than 1e-7 relative, at
 * most ZH_ROUNDS rounds (the clock only as a safety cap).  The LP's
 * value then bounds every schedule of cost at most the incumbent's
 * (fixing) or every schedule (no fixing): min(LP, incumbent) is a bound
 * either way.  0 when the LP could not be solved again.
 */
#define ZH_ROUNDS 20
static int root_cuts(glpk_ctx *c)
{
    milp_run *run = c->run;
    if (!run->zerohalf || over(c) || need_rows(c) != 0)
        return 1;
    size_t n = c->cm.ncols;
    /* SCIP's choices (milp_zerohalf.h): the zero-slack rows as pivots of
     * their largest odd column, violation above 0.05, at most 5 % of the
     * columns plus 100 non-zeros, 20 cuts a round by efficacy, none of
     * cosine above 0.1 with a cut kept before it */
    milp_zh_opts zo = {4000, 20, 0.05, 1.0, n / 20 + 100, 0.1, 1, 1};
    /* the clock only as a safety cap (half of the time left; none but
     * the limit under an effort budget, whose runs do not depend on it) */
    double t_now = ecs_clock_now();
    double t_stop = run->max_nodes > 0 ? HUGE_VAL
                                       : t_now + 0.5 * (sb_end(run) - t_now);
    double *x = malloc((n ? n : 1) * sizeof *x);
    int *ind = malloc((n + 1) * sizeof *ind);
    double *val = malloc((n + 1) * sizeof *val);
    int ok = 1;
    double z = glp_get_obj_val(c->lp);
    for (int round = 0; x != NULL && ind != NULL && val != NULL &&
                        round < ZH_ROUNDS && ecs_clock_now() < t_stop;
         round++) {
        if (need_rows(c) != 0)
            break;
        for (size_t j = 0; j < n; j++)
            x[j] = glp_get_col_prim(c->lp, (int)j + 1);
        milp_cuts cuts;
        milp_cuts_init(&cuts);
        long k = milp_zerohalf_opts(&c->cm, &c->rows, x, &zo, &cuts);
        long off = 0; /* cuts the incumbent violates: none, as every cut
                         holds for every integer solution (a self-check
                         the tests read in the log) */
        for (long q = 0; q < k; q++) {
            if (c->warm1 != NULL) {
                double a = -cuts.rhs[q];
                for (size_t t = cuts.off[q]; t < cuts.off[q + 1]; t++)
                    a += cuts.val[t] * c->warm1[cuts.col[t] + 1];
                off += a > 1e-6;
            }
            if (add_cut(c, &cuts, (size_t)q, ind, val) != 0) {
                k = q;
                break;
            }
        }
        milp_cuts_release(&cuts);
        if (k <= 0)
            break;
        run->zh_cuts += (unsigned long)k;
        glp_smcp sm;
        glp_init_smcp(&sm);
        sm.msg_lev = GLP_MSG_OFF;
        sm.presolve = GLP_OFF;
        sm.meth = GLP_DUALP;
        sm.tm_lim = ms_left(c);
        if (glp_simplex(c->lp, &sm) != 0 || glp_get_status(c->lp) != GLP_OPT) {
            ok = 0;
            break;
        }
        double z1 = glp_get_obj_val(c->lp);
        say(run,
            "zero-half at the root: round %d, %ld cuts, LP %.10g (%.1f s), "
            "%ld violated by the incumbent\n",
            round + 1, k, z1, ecs_clock_now() - run->t_start, off);
        int lifted = z1 > z + 1e-7 * (1.0 + fabs(z));
        z = z1;
        if (c->warm1 != NULL) {
            double U = objective(run->model, c->warm1);
            raise_bound(run, z < U ? z : U);
        }
        if (!lifted)
            break;
    }
    free(x);
    free(ind);
    free(val);
    if (ok && drop_slack_cuts(c) != 0)
        ok = 0;
    return ok;
}

/*
 * Strong-branching probes at the root (run->sbprobe; milp_sbprobe.h) with
 * run->sbprobe_share of the time left: the children of the fractional
 * columns by the dual simplex, those above the incumbent's cost ruled out
 * (the column fixed to the other side and propagated), the best of the
 * children's minima a bound.  1 when branch and bound follows; 2 when the
 * probes proved the incumbent optimal; 0 when the root LP could not be
 * solved again.
 */
#define PROBE_EXTRA_ITS 500 /* (about a twentieth of a second on paper32) */

static int probe_root(glpk_ctx *c)
{
    milp_run *run = c->run;
    if (!run->sbprobe || c->warm1 == NULL || over(c) ||
        run->model->ncols == 0 || need_rows(c) != 0 || need_bounds(c) != 0)
        return 1; /* (out of memory: no probes, still correct) */
    /* a budget of counted work: three quarters of the simplex iterations
     * the root LP took and PROBE_EXTRA_ITS more, about the root LP's time
     * and a twentieth of a second (a probe's iteration costs about a
     * third more than the root's: restored bases, the Lagrangian bound;
     * measured on the 50-task graphs at P = 4), so that a run that ends
     * within its time gives the same probes, tree and schedule on every
     * run (until the twelfth round the budget was that time itself:
     * paper32's g21 at P = 4 probed 25 to 31 columns from run to run and
     * ended on one of two optimal schedules); a share of the time left
     * caps it only as a safety.  About one root LP: small models close
     * sooner by branching (measured: five root LPs and a quarter of a
     * second doubled paper32's sum at P = 4, 13.5 -> 24.2 s, where the
     * probes ran to that limit and tightened nothing; the 50-task cases'
     * probes end within one root LP) */
    double U = objective(run->model, c->warm1), t = ecs_clock_now();
    double z0 = glp_get_obj_val(c->lp);
    /* a root gap under half a per cent closes sooner by the trees' own
     * branching (measured on paper32 at P = 4: g27, g29-g31 at 0.02-0.16 %
     * took 1.5-2.2 times as long with the probes and their branching; the
     * 50-task cases they prove start at 0.7-0.8 %) */
    if (run->sbprobe == 1 && U - z0 <= 0.005 * fabs(U))
        return 1;
    double t_stop = t + run->sbprobe_share * (sb_end(run) - t);
    long its = 3L * c->root_its / 4 + PROBE_EXTRA_ITS;
    milp_sb_out o;
    int rc = milp_sb_probe(c->lp, &c->cm, &c->rows, c->lb, c->ub, U, t_stop,
                           run->t_end, 1000, its, 4, &o);
    run->fixed += o.fixed;
    run->sb_probed += o.probed;
    double b = o.proved || o.bound > U ? U : o.bound;
    if (rc == 0 && !o.proved) {
        double z = glp_get_obj_val(c->lp); /* the root LP now */
        if (z > b)
            b = z < U ? z : U;
    }
    raise_bound(run, b);
    say(run,
        "strong-branching probes: %ld columns probed, %ld tightened, bound "
        "%.10g%s (%.1f s, %ld iterations; root LP %.1f s, %d iterations)\n",
        o.probed, o.fixed, b, o.proved ? ", proved" : "",
        ecs_clock_now() - t, o.iterations, c->root_s, c->root_its);
    if (o.proved)
        return 2;
    /* the trees branch on the probes' best columns only where the probes
     * closed a tenth of the root gap: where they lift nothing their ranking
     * says little, and branching on it cost the epigenomics workflow at
     * P = 4 351 nodes against 51 (rand0064 and rand0004 at P = 4,
     * E = 0.2, which it proves: 22 % and 12 %) */
    if (run->sbprobe == 1 && b - z0 < 0.1 * (U - z0))
        return rc == -2 ? 0 : 1;
    for (int q = 0; rc == 0 && q < o.ntop; q++) {
        c->sb_col[q] = (int)o.top_col[q] + 1;
        c->sb_sel[q] = o.top_up[q] ? GLP_DN_BRNCH : GLP_UP_BRNCH;
        c->nsb = q + 1;
    }
    return rc == -2 ? 0 : 1; /* (-1: out of memory, the LP as it was) */
}

/* The time ran out before branch and bound: the incumbent is the answer. */
static ecs_result keep_incumbent(glpk_ctx *c, ecs_diag *diag)
{
    if (c->warm1 == NULL)
        return ECS_OK;
    size_t n = c->run->model->ncols;
    c->run->x = malloc((n ? n : 1) * sizeof *c->run->x);
    if (c->run->x == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    memcpy(c->run->x, c->warm1 + 1, n * sizeof *c->run->x);
    c->run->obj = objective(c->run->model, c->warm1);
    c->run->mip_status = 2;
    return ECS_OK;
}

/* Branch and bound from the root LP; by pseudo-costs when pcost is set,
 * else by GLPK's default rule (Driebeck-Tomlin). */
static ecs_result solve_tree(glpk_ctx *c, int pcost, ecs_diag *diag)
{
    glp_iocp io;
    glp_init_iocp(&io);
    io.msg_lev = c->run->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
    io.presolve = GLP_OFF;
    io.tm_lim = ms_left(c);
    io.mip_gap = c->run->mip_gap;
    io.cb_func = on_tree;
    io.cb_info = c;
    c->nc_t0 = c->nc_time = 0.0; /* (node cuts: this tree's time) */
    c->bf_last = -HUGE_VAL; /* (best_first: this tree's nodes) */
    c->nc_node = 0;
    if (c->run->plain) { /* docs/MODEL.md "MILP, strong formulation" */
        io.bt_tech = GLP_BT_BLB;
        io.gmi_cuts = io.mir_cuts = io.cov_cuts = io.clq_cuts = GLP_ON;
    }
    if (c->run->cuts) { /* docs/MODEL.md "MILP, extended model" */
        io.mir_cuts = GLP_ON;
        io.gmi_cuts = GLP_ON;
    }
    if (pcost) {
        c->pc = milp_pcost_new(glp_get_num_cols(c->lp));
        c->sb_left = 0.25 * (sb_end(c->run) - ecs_clock_now());
    }
    unsigned long nc0 = c->run->nc_cuts;
    int ret = glp_intopt(c->lp, &io);
    if (c->run->nodecuts)
        say(c->run, "node cuts: %lu offered in %.1f s of the tree's %.1f s\n",
            c->run->nc_cuts - nc0, c->nc_time,
            c->nc_t0 > 0.0 ? ecs_clock_now() - c->nc_t0 : 0.0);
    say(c->run, "best-first: %lu nodes selected, %lu below the last\n",
        c->run->bf_selected, c->bf_down);
    milp_pcost_free(c->pc);
    c->pc = NULL;
    int st = glp_mip_status(c->lp);
    if (ret != 0 && ret != GLP_ETMLIM && ret != GLP_EMIPGAP &&
        ret != GLP_ESTOP)
        return ecs_diag_set(diag, ECS_ESOLVER, NULL, 0,
                            "GLPK glp_intopt failed (code %d)", ret);
    if (st == GLP_OPT || (st == GLP_FEAS && ret == GLP_EMIPGAP))
        c->run->mip_status = 1;
    else if (st == GLP_FEAS)
        c->run->mip_status = 2;
    else if (st == GLP_NOFEAS)
        c->run->mip_status = 3;
    if (c->run->mip_status == 1 || c->run->mip_status == 2) {
        size_t n = c->run->model->ncols;
        c->run->x = malloc((n ? n : 1) * sizeof *c->run->x);
        if (c->run->x == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        for (size_t j = 0; j < n; j++)
            c->run->x[j] = glp_mip_col_val(c->lp, (int)j + 1);
        c->run->obj = glp_mip_obj_val(c->lp);
    }
    if (c->run->mip_status == 1 && ret == 0)
        c->run->bound = c->run->obj;
    if (c->run->mip_status == 0)
        return keep_incumbent(c, diag); /* stopped before it was injected */
    return ECS_OK;
}

/* Declare the MILP_COL_IMPLIED columns integer (GLP_IV) or not. */
static void implied_kind(glpk_ctx *c, int kind)
{
    const milp_model *m = c->run->model;
    for (size_t j = 0; j < m->ncols; j++)
        if (m->integer[j] == MILP_COL_IMPLIED)
            glp_set_col_kind(c->lp, (int)j + 1, kind);
    for (int q = 0; q < c->nsb; q++) /* branched on near the root */
        glp_set_col_kind(c->lp, c->sb_col[q], GLP_IV);
}

/* The tree's best schedule (run->x, not NULL) as the next warm start
 * (c->warm1, 1-based), its integer columns rounded: integral now, to the
 * last bit.  0; -1 out of memory (c->warm1 unchanged). */
static int keep_warm(glpk_ctx *c)
{
    const milp_run *run = c->run;
    size_t n = run->model->ncols;
    if (c->warm1 == NULL)
        c->warm1 = malloc((n + 1) * sizeof *c->warm1);
    if (c->warm1 == NULL)
        return -1;
    c->warm1[0] = 0.0;
    for (size_t j = 0; j < n; j++)
        c->warm1[j + 1] = run->model->integer[j] == MILP_COL_CONT
                              ? run->x[j]
                              : round(run->x[j]);
    return 0;
}

/*
 * Branch and bound in two trees (run->pcost): first GLPK's default rule on
 * the interval binaries alone (the cumulative columns continuous) with half
 * of the time, which closes the small models and those whose LP bound is
 * tight in few nodes (generated 31- and 32-task graphs at P = 4: 0.3 and
 * 5 s, against 6 and 20 s by pseudo-costs from the root, whose strong
 * branching alone takes seconds; at P = 2 the first tree alone took 26 s of
 * a 60 s limit, a fifth was too little); then, if the gap is still open, a
 * new tree from the root with the cumulative columns integer and
 * pseudo-costs (milp_pcost.h), warm-started with the best schedule so far,
 * which closes the models whose LP bound is weak (docs/MODEL.md "MILP,
 * strong formulation").  The bound is the better of the two trees'.
 */
static ecs_result solve_two_trees(glpk_ctx *c, ecs_diag *diag)
{
    milp_run *run = c->run;
    double t_end = run->t_end;
    implied_kind(c, GLP_CV);
    /* (split_end: where the caller gives more time than the split is
     * planned for, the rest goes to the second tree) */
    double split = run->split_end > 0.0 ? run->split_end : t_end;
    run->t_end = ecs_clock_now() + 0.5 * (split - ecs_clock_now());
    ecs_result rc = solve_tree(c, 0, diag);
    run->t_end = t_end;
    implied_kind(c, GLP_IV);
    if (rc != ECS_OK || run->mip_status == 1 || run->mip_status == 3 ||
        over(c) || run->stopped)
        return rc;
    /* the first tree's best schedule starts the second */
    if (run->x != NULL && keep_warm(c) != 0)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    c->injected = 0;
    double *x1 = run->x, obj1 = run->obj, bound1 = run->bound;
    int st1 = run->mip_status;
    run->x = NULL;
    c->last_cb = 0.0; /* node times start again */
    if (resolve_root(c) && fix_root(c)) /* the first tree's incumbent */
        rc = solve_tree(c, 1, diag);
    /* (a second tree stopped before it began reports the problem object's
     * stale MIP status: only a solution that satisfies the rows counts) */
    if (rc == ECS_OK &&
        (run->x == NULL || !(run->obj <= obj1) ||
         violation(run->model, run->x) > 1e-6)) {
        /* the second tree found nothing better: the first's stands */
        free(run->x);
        run->x = x1;
        run->obj = obj1;
        if (run->mip_status != 1)
            run->mip_status = st1;
        x1 = NULL;
    }
    free(x1);
    if (!isnan(bound1) && !(run->bound >= bound1))
        run->bound = bound1;
    return rc;
}

/* ---- the root restart (milp_restart.h) ---- */

struct restart_state {
    milp_run *outer;        /* the run on the whole model */
    milp_model red;         /* it without the columns fixed at 0 */
    size_t *keep;           /* red's column k is the model's keep[k] */
    unsigned char *gone;    /* the model's columns removed */
    double *warm;           /* the warm start on red (0-based) */
    double *full_lp, *full_x; /* the rounder's arguments on the model */
    milp_run sub;           /* the run on red */
    glpk_ctx sc;
    int have_red, have_sc;
};

static ecs_result run_guarded(glpk_ctx *c, ecs_diag *diag);
static void restore(glpk_ctx *c);

static void restart_free(restart_state *rs)
{
    if (rs == NULL)
        return;
    if (rs->have_sc) { /* (a GLPK error in the smaller model's solve) */
        milp_pcost_free(rs->sc.pc);
        restore(&rs->sc);
    }
    if (rs->have_red)
        milp_model_release(&rs->red);
    free(rs->sub.x);
    free(rs->keep);
    free(rs->gone);
    free(rs->warm);
    free(rs->full_lp);
    free(rs->full_x);
    free(rs);
}

/* The rounding heuristic on the smaller model: the model's own on the LP
 * point with the removed columns at 0; its schedule counts when it uses
 * none of them (0), else 1. */
static int restart_round(void *ctx, const double *lp, double *x)
{
    restart_state *rs = ctx;
    const milp_run *outer = rs->outer;
    size_t n = outer->model->ncols;
    memset(rs->full_lp, 0, n * sizeof *rs->full_lp);
    for (size_t k = 0; k < rs->red.ncols; k++)
        rs->full_lp[rs->keep[k]] = lp[k];
    int r = outer->round(outer->round_ctx, rs->full_lp, rs->full_x);
    if (r != 0)
        return r;
    for (size_t j = 0; j < n; j++)
        if (rs->gone[j] && rs->full_x[j] != 0.0)
            return 1;
    for (size_t k = 0; k < rs->red.ncols; k++)
        x[k] = rs->full_x[rs->keep[k]];
    return 0;
}

/* The smaller model's answer as the model's: its schedule (the columns
 * removed at 0) when no dearer than the incumbent U, else the incumbent;
 * its bound, which bounds every schedule of cost at most U (docs/MODEL.md),
 * capped at the best schedule's cost. */
static ecs_result restart_back(glpk_ctx *c, restart_state *rs, double U,
                               ecs_diag *diag)
{
    milp_run *run = c->run, *sub = &rs->sub;
    run->nodes = sub->nodes;
    run->fixed = sub->fixed;
    run->sb_probed = sub->sb_probed;
    run->zh_cuts = sub->zh_cuts;
    run->nc_cuts = sub->nc_cuts;
    run->bf_selected = sub->bf_selected;
    run->rounded = sub->rounded;
    run->warm_accepted = sub->warm_accepted;
    run->stopped = sub->stopped;
    if (sub->x != NULL && (sub->mip_status == 1 || sub->mip_status == 2) &&
        sub->obj <= U + 1e-9 * (fabs(U) > 1.0 ? fabs(U) : 1.0)) {
        size_t n = run->model->ncols;
        run->x = calloc(n ? n : 1, sizeof *run->x);
        if (run->x == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        for (size_t k = 0; k < rs->red.ncols; k++)
            run->x[rs->keep[k]] = sub->x[k];
        run->obj = sub->obj;
        run->mip_status = sub->mip_status;
    } else {
        ecs_result r = keep_incumbent(c, diag);
        if (r != ECS_OK)
            return r;
    }
    if (!isnan(sub->bound) && sub->mip_status != 3)
        raise_bound(run, sub->bound < run->obj ? sub->bound : run->obj);
    return ECS_OK;
}

/*
 * The root restart (run->restart): after reduced-cost fixing, the model
 * without the columns fixed at 0 (and the rows left empty) is solved from
 * its own root as the whole model would be (root LP, fixing, probes, the
 * trees; GLPK's node LPs and our callbacks then work on the columns that
 * can still take a value).  With run->restart 1 only where at least
 * RESTART_SHARE of the columns go and the root gap is at least half a per
 * cent (smaller gaps close sooner by branching: the probes' gate) and
 * the time left is at least four root LPs' (the restart solves one again);
 * 3 (the large models of ecs_milp_params.restart 3) as 1 at any root gap;
 * 2: whenever a column goes.  1 when the restart ran the rest of the solve
 * (*rc its result), 0 when the caller goes on.
 */
#define RESTART_SHARE 0.2
#ifndef RERUN_SHARE
#define RERUN_SHARE 0.25
#endif
static int restart_root(glpk_ctx *c, ecs_result *rc, ecs_diag *diag)
{
    milp_run *run = c->run;
    if (!run->restart || c->warm1 == NULL || c->lb == NULL || !c->have_cm ||
        over(c))
        return 0;
    const milp_model *m = &c->cm; /* the model and the root's cuts */
    size_t n = m->ncols, zero = 0;
    for (size_t j = 0; j < n; j++)
        zero += c->lb[j] == 0.0 && c->ub[j] == 0.0;
    double U = objective(run->model, c->warm1), z = glp_get_obj_val(c->lp);
    if (zero == 0 ||
        (run->restart != 2 && ((double)zero < RESTART_SHARE * (double)n ||
                               (run->restart == 1 && U - z <= 0.005 * fabs(U)) ||
                               run->t_end - ecs_clock_now() < 4.0 * c->root_s)))
        return 0; /* (1, 3: and time for four root LPs: it solves one
                     again) */
    restart_state *rs = calloc(1, sizeof *rs);
    if (rs == NULL)
        return 0; /* (out of memory: no restart, still correct) */
    rs->keep = malloc((n ? n : 1) * sizeof *rs->keep);
    rs->gone = malloc(n ? n : 1);
    rs->warm = malloc((n ? n : 1) * sizeof *rs->warm);
    if (run->round != NULL) {
        rs->full_lp = malloc((n ? n : 1) * sizeof *rs->full_lp);
        rs->full_x = malloc((n ? n : 1) * sizeof *rs->full_x);
    }
    long k = -1;
    if (rs->keep != NULL && rs->gone != NULL && rs->warm != NULL &&
        (run->round == NULL || (rs->full_lp != NULL && rs->full_x != NULL)))
        k = milp_model_reduce(m, c->lb, c->ub, &rs->red, rs->keep);
    if (k < 0) {
        restart_free(rs);
        return 0;
    }
    rs->have_red = 1;
    memset(rs->gone, 1, n);
    for (long q = 0; q < k; q++) {
        rs->gone[rs->keep[q]] = 0;
        rs->warm[q] = c->warm1[rs->keep[q] + 1];
    }
    run->removed = (long)n - k;
    say(run, "root restart: %ld of %zu columns removed, %zu of %zu rows "
             "left (root LP %.10g, incumbent %.10g)\n",
        run->removed, n, rs->red.nrows, m->nrows, z, U);
    glp_delete_prob(c->lp); /* (its memory, before the smaller model's) */
    c->lp = NULL;
    rs->outer = run;
    milp_run *sub = &rs->sub;
    *sub = *run;
    sub->model = &rs->red;
    sub->warm = rs->warm;
    sub->restart = 0;
    sub->removed = 0;
    sub->write_lp = sub->write_mps = NULL;
    sub->dive = 0;     /* (it ran on the whole model) */
    sub->zerohalf = 0; /* (the cuts kept are rows of red) */
    if (run->plain_restart) { /* GLPK's own tree on the smaller model */
        sub->plain = 1;
        sub->pcost = 0;
        sub->bestfirst = 0;
        sub->nodecuts = 0;
        sub->sbprobe = 0;
    }
    /* (reruns: the smaller model's tree stops at a schedule that closes
     * RERUN_SHARE of the room U - z, to fix and restart again with it;
     * the clock only as the limit) */
    sub->stop_by = 0.0;
    if (run->reruns > 0) {
        sub->stop_below = U - RERUN_SHARE * (U - z);
        sub->stop_by = run->t_end;
    }
    sub->x = NULL;
    sub->round = run->round != NULL ? restart_round : NULL;
    sub->round_ctx = rs;
    c->rs = rs;
    rs->sc.run = sub;
    rs->have_sc = 1;
    *rc = prepare_warm(&rs->sc, diag);
    if (*rc == ECS_OK)
        *rc = run_guarded(&rs->sc, diag);
    restore(&rs->sc);
    rs->have_sc = 0;
    if (*rc == ECS_OK)
        *rc = restart_back(c, rs, U, diag);
    c->rs = NULL;
    restart_free(rs);
    return 1;
}

/* Branch and bound from the root as run asks (plain, one tree, two). */
static ecs_result trees(glpk_ctx *c, ecs_diag *diag)
{
    milp_run *run = c->run;
    if (run->plain) {
        implied_kind(c, GLP_IV);
        return solve_tree(c, 0, diag);
    }
    if (run->pcost == MILP_PCOST_ONE_TREE) {
        implied_kind(c, GLP_IV);
        return solve_tree(c, 1, diag);
    }
    if (run->pcost == MILP_PCOST_TWO_TREES)
        return solve_two_trees(c, diag);
    implied_kind(c, GLP_CV); /* the first of two trees alone */
    return solve_tree(c, 0, diag);
}

/*
 * The tree stopped at a schedule that closed RERUN_SHARE of the room
 * (run->reruns, set by restart_root): that schedule becomes the
 * incumbent U, the root LP is solved again, reduced-cost fixing runs
 * with the new U (every column it fixes takes that value in every
 * schedule of cost at most U), and the model restarts without the
 * columns fixed at 0 (restart_root, whenever a column goes), else the
 * trees run again.  The stopped tree's schedule stands where nothing
 * cheaper is found.
 */
static ecs_result again(glpk_ctx *c, ecs_diag *diag)
{
    milp_run *run = c->run;
    if (keep_warm(c) != 0)
        return ECS_OK; /* (out of memory: the stopped tree's answer) */
    c->injected = 0;
    free(run->x);
    run->x = NULL;
    run->mip_status = 0;
    run->stopped = 0;
    run->reruns--;
    run->stop_by = 0.0;
    say(run, "rerun: the tree stopped at %.10g\n",
        objective(run->model, c->warm1));
    ecs_result rc = ECS_OK;
    if (over(c) || !resolve_root(c) || !fix_root(c))
        return keep_incumbent(c, diag);
    int r0 = run->restart;
    run->restart = 2;
    int done = restart_root(c, &rc, diag);
    run->restart = r0;
    if (done)
        return rc;
    rc = trees(c, diag);
    if (rc == ECS_OK && run->x == NULL)
        rc = keep_incumbent(c, diag);
    return rc;
}

static ecs_result run_guarded(glpk_ctx *c, ecs_diag *diag)
{
    milp_run *run = c->run;
    c->lp = glp_create_prob();
    load(c->lp, run->model);
    ecs_result rc = ECS_OK;
    if (run->write_lp != NULL)
        rc = export(c->lp, run->write_lp, 0, diag);
    if (rc == ECS_OK && run->write_mps != NULL)
        rc = export(c->lp, run->write_mps, 1, diag);
    if (rc == ECS_OK && !over(c) && solve_root(c)) {
        if (run->dive && !over(c))
            rc = dive(c, diag);
        int pr = 0;
        if (rc == ECS_OK && !over(c) && resolve_root(c) && fix_root(c) &&
            root_cuts(c) && fix_root(c))
            pr = restart_root(c, &rc, diag) ? 3 : probe_root(c);
        if (pr == 3) {
            /* the restart solved the smaller model: its answer stands */
        } else if (pr == 2) { /* nothing cheaper than the incumbent is left */
            rc = keep_incumbent(c, diag);
            run->mip_status = 1;
        } else if (pr == 1) {
            rc = trees(c, diag);
            if (rc == ECS_OK && run->stopped && run->reruns > 0 &&
                run->x != NULL)
                rc = again(c, diag);
        } else if (rc == ECS_OK) {
            rc = keep_incumbent(c, diag);
        }
    } else if (rc == ECS_OK && !run->lp_infeasible) {
        rc = keep_incumbent(c, diag); /* the root LP ran out of time */
    }
    if (c->lp != NULL)
        glp_delete_prob(c->lp);
    c->lp = NULL;
    return rc;
}

/* GLPK's terminal hook removed, the work arrays freed
 * (after a solve, or after a GLPK error). */
static void restore(glpk_ctx *c)
{
    restart_free(c->rs); /* (after a GLPK error in the restart) */
    c->rs = NULL;
    free(c->warm1);
    free(c->lpx);
    free(c->heur1);
    free(c->lb);
    free(c->ub);
    free(c->nc_x);
    free(c->nc_ind);
    free(c->nc_val);
    milp_rows_release(&c->rows);
    if (c->have_cm)
        milp_model_release(&c->cm);
}

void milp_run_init(milp_run *run, const milp_model *m,
                       const double *warm, const ecs_milp_params *prm,
                       double t0, double t_end)
{
    memset(run, 0, sizeof *run);
    run->model = m;
    run->warm = warm;
    run->t_end = t_end;
    run->split_end = prm->split_limit_s > 0.0 && t0 + prm->split_limit_s < t_end
                         ? t0 + prm->split_limit_s
                         : t_end;
    run->mip_gap = prm->mip_gap;
    run->verbose = prm->verbose;
    run->log = prm->log;
    run->log_ctx = prm->log_ctx;
    run->progress = prm->progress;
    run->progress_ctx = prm->progress_ctx;
    run->progress_every_s = prm->progress_every_s;
    run->t_start = t0;
    run->max_nodes = prm->max_nodes;
    run->write_lp = prm->write_lp;
    run->write_mps = prm->write_mps;
    run->bound = run->root_bound = run->obj = NAN;
}

ecs_result milp_glpk_solve(milp_run *run, ecs_diag *diag)
{
    glpk_ctx c;
    memset(&c, 0, sizeof c);
    c.run = run;
    run->bound = NAN;
    run->root_bound = NAN;
    run->obj = NAN;
    run->mip_status = 0;
    run->lp_infeasible = 0;
    run->nodes = 0;
    run->x = NULL;
    run->warm_accepted = 0;
    run->warm_valid = 0;
    run->dive_improved = 0;
    run->fixed = 0;
    run->zh_cuts = 0;
    run->nc_cuts = 0;
    run->bf_selected = 0;
    run->removed = 0;
    run->stopped = 0;
    glpk_guard gd;
    ecs_result rc = glpk_guard_begin(&gd, run->verbose, diag);
    if (rc != ECS_OK)
        return rc;
    rc = prepare_warm(&c, diag);
    if (rc != ECS_OK) {
        glpk_guard_end(&gd);
        free(c.lpx);
        free(c.heur1);
        return rc;
    }
    if (setjmp(gd.jb) != 0) {
        /* c.lp stays with the environment (GLPK's error state) */
        if (run->verbose && run->log != NULL)
            glp_term_hook(NULL, NULL);
        restore(&c);
        milp_pcost_free(c.pc);
        free(run->x);
        run->x = NULL;
        return glpk_guard_failed(&gd, diag);
    }
    glpk_guard_arm(&gd);
    if (run->verbose && run->log != NULL)
        glp_term_hook(on_term, run);
    rc = run_guarded(&c, diag);
    if (run->verbose && run->log != NULL)
        glp_term_hook(NULL, NULL);
    restore(&c);
    glpk_guard_end(&gd);
    return rc;
}
