/*
 * ecsched: internals of the MILP solver (solver/milp_*.c), not public.
 *
 * The pieces, one file each:
 *   (time windows and interval costs c(i,s,e) are solver-wide: core/core.h)
 *   milp_model.c      a solver-neutral model (columns, rows, triplets)
 *   milp_strong.c     the strong formulation as such a model
 *   milp_paper.c      the paper's formulation (corrected) as such a model
 *   milp_glpk.c       the GLPK driver: its run set up from the params
 *                     (milp_run_init), limits, warm start, bound, inside
 *                     the GLPK guard (core/glpk_guard.h)
 *   milp_extract.c    schedules from solutions, solutions from schedules
 *   milp.c            parameters, validation, ecs_milp_solve
 */
#ifndef ECSCHED_MILP_INTERNAL_H
#define ECSCHED_MILP_INTERNAL_H

#include <stddef.h>

#include "ecsched/milp.h"

#include "core/core.h"

/* ---- solver-neutral model (milp_model.c) ---- */

typedef enum milp_sense { MILP_ROW_LE, MILP_ROW_GE, MILP_ROW_EQ } milp_sense;

/* What a column is (integer[j]). */
typedef enum milp_col_kind {
    MILP_COL_CONT = 0,   /* continuous */
    MILP_COL_INT = 1,    /* an integer decision (an interval's binary) */
    MILP_COL_IMPLIED = 2 /* integral in every solution whose MILP_COL_INT
                           columns are (the strong model's cumulative S and
                           C); declared integer to GLPK, so that branch and
                           bound may branch on it ("task i started by slot
                           l" or not), and otherwise treated as continuous */
} milp_col_kind;

/* milp_run.pcost: how branch and bound branches (0: GLPK's default rule
 * on the MILP_COL_INT columns, one tree). */
enum { MILP_PCOST_TWO_TREES = 1, MILP_PCOST_ONE_TREE = 2 };

typedef struct milp_model {
    size_t ncols, nrows, nnz;
    size_t cap_cols, cap_rows, cap_nnz;
    double *obj, *lb, *ub;
    unsigned char *integer; /* milp_col_kind */
    unsigned char *sense;
    double *rhs;
    int *ia, *ja; /* 1-based triplets for glp_load_matrix (slot 0 unused) */
    double *ar;
    int names;    /* 1: keep names (for LP/MPS export) */
    char **col_name, **row_name;
    int oom;      /* an allocation failed */
} milp_model;

void milp_model_init(milp_model *m, int names);
void milp_model_release(milp_model *m);

/* Add a column of kind `integer` (milp_col_kind); returns its 0-based
 * index (check m->oom). */
size_t milp_model_col(milp_model *m, double lb, double ub, int integer,
                          double obj, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Add a row; returns its 0-based index. */
size_t milp_model_row(milp_model *m, milp_sense sense, double rhs,
                          const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Add coefficient a at (row, col), 0-based. */
void milp_model_nz(milp_model *m, size_t row, size_t col, double a);

/* *to = a copy of from without names (rows may be added to it); 0, or -1
 * when out of memory (then *to holds nothing). */
int milp_model_copy(milp_model *to, const milp_model *from);

/* ---- formulations ---- */

/* Strong formulation: column layout for extraction and warm starts. */
typedef struct milp_strong_map {
    size_t n;
    size_t *x_off; /* task i's interval columns: x_off[i] .. x_off[i+1]-1,
                      in the order of core_ivals */
    long *s_first, *s_last; /* S_{i,l} columns for l in [s_first, s_last] */
    size_t *s_col;          /* column of S_{i,s_first} (consecutive) */
    long *c_first, *c_last; /* C_{i,l} columns for l in [c_first, c_last] */
    size_t *c_col;
    size_t *twin; /* the task before i in its group of interchangeable
                     tasks (same work, predecessors, successors and kept
                     intervals), which starts no later (the symmetry
                     rows), or (size_t)-1 */
} milp_strong_map;

/* Estimated non-zeros of the strong model before it is built. */
double milp_strong_estimate(const ecs_graph *g, const ecs_windows *w,
                                long deadline);

/* The strong model of g; busy (NULL: none) counts per slot the tasks
 * outside g that keep their intervals there (a neighbourhood's fixed
 * tasks): slot l's capacity row allows P - busy[l] of g's tasks. */
ecs_result milp_strong_build(const ecs_graph *g, const ecs_platform *p,
                                 long deadline, const ecs_windows *w,
                                 const core_ivals *iv, const int *busy,
                                 milp_model *m, milp_strong_map *map,
                                 ecs_diag *diag);
void milp_strong_map_release(milp_strong_map *map);

/* Paper formulation: x_{i,j,k,l}, z_{i,j}, y_{i,l}, Y_{i,l}. */
typedef struct milp_paper_map {
    size_t n, pes, nfreq, slots;
    size_t x0, z0, y0, Y0; /* first column of each block */
} milp_paper_map;

double milp_paper_estimate(const ecs_graph *g, const ecs_platform *p,
                               long deadline);

ecs_result milp_paper_build(const ecs_graph *g, const ecs_platform *p,
                                const double *price, long deadline,
                                milp_model *m, milp_paper_map *map,
                                ecs_diag *diag);

/* Column of x_{i,j,k,l} etc. */
size_t milp_paper_x(const milp_paper_map *mp, size_t i, size_t j,
                        size_t k, size_t l);

/* ---- the extended model (milp_ext.c) ---- */

/* Estimated non-zeros of the extended model on g (the solver graph of
 * inst) with windows w. */
double milp_ext_estimate(const ecs_instance *inst, const ecs_graph *g,
                             const ecs_windows *w);

/* Solve the extended model of inst on its solver graph g with windows w
 * (not empty); out as ecs_milp_solve's (its schedule checked on inst). */
ecs_result milp_ext_solve(const ecs_instance *inst, const ecs_graph *g,
                              const ecs_windows *w,
                              const ecs_milp_params *prm, double t0,
                              ecs_milp_result *out, ecs_diag *diag);

/* Column generation over (task, class, interval, profile) columns of the
 * extended model (milp_ext_cg.c). */
typedef struct milp_ext_cg_result {
    double bound;            /* the LP bound when the pricing converged,
                                less 1e-10 relative; NAN otherwise */
    double lp_value;         /* the last master LP's value (NAN: none) */
    size_t columns;          /* columns generated */
    unsigned rounds;         /* master LPs solved */
    ecs_schedule *schedule;  /* from the MILP over the columns, or NULL;
                                the caller checks and frees it */
    double *ivb;             /* when asked and the last duals give a
                                Lagrangian bound: for task i on class c in
                                slots s..e, a lower bound on the cost of
                                every schedule that runs it so,
                                ivb[ivb_off[i] + (c * len + s - es) * len +
                                e - es] (len, es: task i's window; HUGE_VAL
                                where no profile fits); NULL otherwise.
                                The caller frees ivb and ivb_off. */
    size_t *ivb_off;         /* n offsets into ivb */
    long banned;             /* (task, class) pairs that probing proved
                                dearer than ub */
    int probed;              /* probing ran (with ub, or the column
                                MILP's schedule when cheaper) */
    long split_nodes;        /* nodes of the splits after probing */
    long rounded;            /* schedules cheaper than ub found by
                                rounding the probes' and splits' LPs */
} milp_ext_cg_result;

/* Seeded with the columns of the feasible schedule start (nothing when it
 * is NULL or leaves the windows): price until no column has a negative
 * reduced cost or t_end; then (want_ivb) when ub, the cost of start, is
 * finite, probing on the classes, and the bound of every task's intervals
 * at the last duals (docs/MODEL.md "Column generation, extended model"),
 * then the MILP over the columns until mip_end.  p has classes
 * (as_classes).  With bans, bound and ivb bound the schedules not dearer
 * than ub (bound is at most ub).  purge: ecs_milp_params.ext_purge.
 * smooth in [0, 1): the pricing's duals
 * are smooth times the duals of the best Lagrangian bound so far plus the
 * rest times the master's (0: the master's; docs/MODEL.md "Column
 * generation, extended model", "At scale"); prec_rows_max > 0: at most
 * about that many precedence rows, every k-th slot's (0: all).  OK;
 * ESOLVER; ENOMEM. */
ecs_result milp_ext_colgen(const ecs_instance *inst,
                               const ecs_platform *p, const ecs_graph *g,
                               const ecs_windows *w,
                               const ecs_schedule *start, double t_end,
                               double mip_end, int want_ivb, double ub,
                               int purge, double smooth,
                               size_t prec_rows_max,
                               milp_ext_cg_result *out, ecs_diag *diag);

/* ---- schedules and solutions (milp_extract.c) ---- */

/* Column values (ncols) of schedule s in the strong model, with every
 * interval replaced by the cheapest kept one inside it; NULL if one is
 * missing (then s is not usable) or out of memory. */
double *milp_strong_from_schedule(const ecs_graph *g,
                                      const core_ivals *iv,
                                      const milp_strong_map *map,
                                      size_t ncols, const ecs_schedule *s);

/* The schedule of a strong solution x (ncols values): intervals chosen,
 * PEs assigned greedily by start slot, profiles by DP. */
ecs_result milp_strong_extract(const ecs_graph *g, const ecs_platform *p,
                                   const double *price, const int *slot_len,
                                   const core_ivals *iv,
                                   const milp_strong_map *map,
                                   const double *x, ecs_schedule **out,
                                   ecs_diag *diag);

double *milp_paper_from_schedule(const ecs_graph *g,
                                     const milp_paper_map *mp,
                                     size_t ncols, const ecs_schedule *s);

ecs_result milp_paper_extract(const ecs_graph *g,
                                  const milp_paper_map *mp,
                                  const double *x, ecs_schedule **out,
                                  ecs_diag *diag);

/* ---- LP rounding heuristic for the strong model (milp_round.c) ---- */

typedef struct milp_rounder {
    const ecs_graph *g;
    const ecs_platform *p;
    long deadline;
    const core_ivals *iv;
    const milp_strong_map *map;
    size_t ncols;
    const int *busy; /* tasks outside g per slot (milp_strong_build), or
                        NULL */
    /* work space */
    const double *lp;
    int *used;       /* tasks per slot */
    long *stop;      /* chosen stop per task */
    size_t *pick;    /* chosen interval per task */
    double *key;     /* LP expected start per task */
    unsigned char *done; /* task placed */
} milp_rounder;

ecs_result milp_rounder_init(milp_rounder *r, const ecs_graph *g,
                                 const ecs_platform *p, long deadline,
                                 const core_ivals *iv, const int *busy,
                                 const milp_strong_map *map, size_t ncols);
void milp_rounder_release(milp_rounder *r);

/* The milp_run round hook: tasks, ready ones by LP expected start,
 * take the fitting interval (precedence, capacity) with the largest LP
 * value, else a cheap one ending no later than the LP's, else the one that
 * ends first; 0 when every task got one. */
int milp_round(void *rounder, const double *lp, double *x);

/* Column values of a choice of one interval per task (pick[i] indexes
 * iv).  pick is first reordered within each group of interchangeable tasks
 * (map->twin) so that a task starts no earlier than its twin, as the
 * symmetry rows ask: the same intervals, the same cost, a schedule just as
 * feasible. */
void milp_strong_vector(const core_ivals *iv,
                            const milp_strong_map *map, size_t n,
                            size_t *pick, double *x, size_t ncols);

/* ---- GLPK driver (milp_glpk.c) ---- */

typedef struct milp_run {
    /* in */
    const milp_model *model;
    const double *warm;   /* ncols values or NULL */
    double t_end;         /* wall-clock deadline (CLOCK_MONOTONIC seconds):
                             every GLPK call and heuristic stops by then */
    double mip_gap;
    int verbose;
    void (*log)(void *ctx, const char *text);  /* verbose output, or NULL */
    void *log_ctx;
    ecs_progress_fn progress; /* or NULL */
    void *progress_ctx;
    double progress_every_s;
    double t_start;       /* when the solve started (progress) */
    const char *write_lp, *write_mps;
    /* out */
    int lp_infeasible;    /* the LP relaxation has no solution */
    int mip_status;       /* 0 none, 1 optimal, 2 feasible, 3 infeasible */
    double obj;           /* objective of the incumbent */
    double bound;         /* best bound (NAN if unknown) */
    double root_bound;    /* NAN if unknown */
    unsigned long long nodes;
    double *x;            /* incumbent column values (ncols), malloc'ed */
    int warm_accepted;
    int warm_valid;       /* warm satisfies the model's rows and bounds */
    /* optional primal heuristic: from the LP values lp (ncols) write an
     * integer feasible x (ncols) and return 0, or return -1 */
    int (*round)(void *ctx, const double *lp, double *x);
    void *round_ctx;
    unsigned long rounded; /* incumbents the heuristic supplied */
    int dive;              /* run the diving heuristic after the root */
    unsigned long long max_nodes; /* stop after this many nodes (0: none) */
    int pcost;             /* MILP_PCOST_TWO_TREES: GLPK's default rule
                              (Driebeck-Tomlin) on the MILP_COL_INT columns
                              with half the time, then the MILP_COL_IMPLIED
                              columns integer too and pseudo-costs
                              (milp_pcost.h); MILP_PCOST_ONE_TREE: that
                              second tree alone, from the root; 0: the
                              first tree alone */
    int sift;              /* root LP by sifting the integer columns from
                              the warm start's (when there is one) */
    int dive_improved;     /* the dive found a better incumbent */
    int rcfix;             /* reduced-cost fixing with bound propagation
                              at the root from the incumbent, the root LP
                              again while it fixes (milp_rcfix.h) */
    long fixed;            /* out: columns whose bounds it tightened */
    int zerohalf;          /* rounds of zero-half cuts at the root
                              before branch and bound (milp_zerohalf.h) */
    unsigned long zh_cuts; /* out: zero-half cuts added */
    int nodecuts;          /* zero-half cuts at the trees' nodes too
                              (milp_glpk.c node_cuts): 1 once a tree has
                              run 5 s, 2 from its first node, 0 none */
    unsigned long nc_cuts; /* out: cuts offered there */
    int bestfirst;         /* node selection (milp_glpk.c on_tree): 2 the
                              active node of the lowest bound at every
                              node (no dive after a branching), 1 so once
                              the gap to the incumbent is within
                              BF_GAP, 0 GLPK's (dive, then best local
                              bound on backtracking) */
    unsigned long bf_selected; /* out: nodes it selected */
    int sbprobe;           /* strong-branching probes at the root before
                              branch and bound (milp_sbprobe.h): 1 where
                              the root gap is at least 0.5 %, 2 always */
    double sbprobe_share;  /* with this share of the time left */
    long sb_probed;        /* out: columns probed */
    int cuts;              /* GLPK's mixed-integer rounding and
                              Gomory mixed-integer cuts in the tree (0:
                              none) */
    double split_end;      /* the two trees split the time up to this
                              clock time (ecs_milp_params.split_limit_s;
                              t_end when 0) */
    int restart;           /* the root restart after reduced-cost fixing
                              (milp_restart.h; ecs_milp_params.restart):
                              1 where it removes enough, 2 whenever it
                              removes a column, 0 none */
    long removed;          /* out: columns the restart removed */
    int plain_restart;     /* the restart's smaller model solved plain
                              (below; ecs_milp_params.restart_plain) */
    int reruns;            /* a restart's smaller model: this many more
                              restarts, each when its tree finds a
                              schedule that closes RERUN_SHARE of the
                              room between the incumbent and the root
                              LP (the tree stops there, the fixing runs
                              again with it, milp_glpk.c again) */
    int plain;             /* one tree by GLPK's default rule with the
                              MILP_COL_IMPLIED columns integer too, best
                              local bound on backtracking and GLPK's own
                              cuts (Gomory, MIR, cover, clique), none of
                              ours (the smaller model of a restart with
                              ecs_milp_params.restart_plain) */
    double stop_below;     /* with stop_by: end the tree at an incumbent */
    double stop_by;        /* of objective below stop_below found before
                              this clock time (0: never), for a caller
                              that restarts from it */
    int stopped;           /* out: the tree ended so */
} milp_run;

/* run zeroed, then the caller's limits, log, progress and exports from
 * prm: model m, warm start warm (or NULL), the solve begun at t0 and due
 * at t_end; bound, root bound and objective NAN. */
void milp_run_init(milp_run *run, const milp_model *m,
                       const double *warm, const ecs_milp_params *prm,
                       double t0, double t_end);

/* Load the model into GLPK, export it if asked, solve.  OK with run's out
 * fields set; ESOLVER when GLPK fails (diag says how); EIO for an export
 * that cannot be written; ENOMEM. */
ecs_result milp_glpk_solve(milp_run *run, ecs_diag *diag);

#endif
