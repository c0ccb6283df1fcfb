/* ecsched: internals of the bound room (solver/bound/), not public.
 *
 *   bound.c       parameters, names, ecs_bound_compute (fluid bound
 *                 first, then column generation inside the GLPK guard,
 *                 core/glpk_guard.h, then the Lagrangian)
 *   kernels.c     the work space, the pricing DP step, the suffix sums
 *   colgen.c      column generation: master LP, pricing, separation
 *   chains.c      the chain decomposition and the chains' pricing
 *   lagrangian.c  the Lagrangian relaxation over chains
 *   stages.c      the bound by stages between bottleneck tasks
 *   fluid.c       the fluid bound
 *   fluid_ext.c   the fluid bound of the extended model, its pieces
 *   stages_ext.c  the bound by stages of the extended model
 *   granular_ext.c the granular bound of the extended model
 * (docs/MODEL.md "Cost lower bounds") */
#ifndef ECSCHED_BOUND_INTERNAL_H
#define ECSCHED_BOUND_INTERNAL_H

#include "core/core.h"
#include "ecsched/bound.h"

#include <glpk.h>
#include <stddef.h>
#include <stdlib.h>

/* A growable int vector. */
typedef struct ivec {
    int *v;
    size_t n, cap;
} ivec;

static inline int bnd_ivec_push(ivec *a, int x)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 8;
        int *nv = realloc(a->v, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        a->v = nv;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}


/* The state of one ecs_bound_compute: the master LP (GLPK) and everything
 * the pricing, the separation and the Lagrangian share. */
typedef struct cg {
    const ecs_instance *inst; /* the problem, passed down whole */
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long D;
    ecs_windows w;           /* owned windows, when not the instance's */
    const ecs_windows *wp;   /* the windows in use */
    int stages_sweep;        /* ecs_bound_params.stages_sweep */
    glp_prob *lp;
    double t_end;
    /* columns (GLPK index j, 1-based): task (-1 for a slack), s, e */
    int *col_task;
    long *col_s, *col_e;
    size_t ncol, cap_col;
    ivec *task_cols; /* per task: its columns */
    ivec *rows_in, *rows_out; /* per task: precedence rows (0-based
                                 numbers) where it is b, where it is a */
    double *u;             /* duals of the assignment rows */
    long *ps, *pe;         /* priced interval per task */
    /* precedence rows: edge index (into g->succ), slot l */
    size_t *edge_off;      /* per edge: offset into have[] for l = lo */
    long *edge_lo, *edge_hi;
    size_t *edge_from;     /* task a of each edge */
    unsigned char *have;   /* the row (edge, l) is in the master */
    int *row_edge;         /* per precedence row (from row n+D+1 on) */
    int *row_age;          /* rounds the row has been slack in a row */
    long *row_l;
    size_t nprec, cap_prec;
    /* per task dense arrays over its window */
    size_t *woff;
    double *sx, *cx;       /* cumulative start / completion of the LP */
    double *pin, *pout;    /* precedence duals by slot, then suffix sums */
    /* pricing work space */
    double *cur, *nxt, *mu;
    /* dual smoothing (Wentges): the duals of the best bound so far */
    double *u_rmp, *mu_rmp, *mu_pre; /* the master's duals, prefix sums */
    double *u_c, *mu_c;
    int have_center;
    double *mu_fluid;      /* the fluid bound's capacity prices (>= 0) */
    /* the Lagrangian's chains: tasks chain[chain_off[k] .. chain_off[k+1]-1]
     * along a path of the graph; per window position of each task the
     * cheapest cost of its chain up to it finishing by that slot (cbv), the
     * slot where that finish is (cbe) and the start of a finish there
     * (cbs) */
    size_t *chain, *chain_off, nchain;
    double *cbv;
    long *cbe, *cbs;
    double fluid;          /* its value, -HUGE_VAL if none */
    double stop_at;        /* stop once the bound reaches it */
    long lagr_max;         /* the Lagrangian's steps at most, 0: none */
    long *st, *stn;
    unsigned char *fbuf;
    double scale;          /* magnitude of costs, for tolerances */
} cg;

static inline size_t bnd_edge_count(const ecs_graph *g)
{
    return g->succ_off[g->n];
}


/* Allocate / free the work space of c (kernels.c; c->g, c->wp set); heavy 0: without
 * the arrays over every window slot the pricing needs (pin, pout); 0 or
 * -1. */
int bnd_alloc(cg *c, int heavy);
void bnd_free(cg *c);

/* One slot of the pricing DP (kernels.c). */
void bnd_dp_step(const ecs_platform *p, long W, double r, double m,
                 double **curp, long **stp, double **nxtp, long **stnp);

/* pin and pout as suffix sums over the later slots (kernels.c). */
void bnd_pin_pout_sums(cg *c);

/* Column generation within c->t_end (colgen.c): OK, ENOMEM, or the error
 * of costing an interval. */
ecs_result bnd_colgen_run(cg *c, const ecs_bound_params *prm,
                          ecs_bound_result *out);

/* The chain decomposition (chains.c): 0 or -1 (memory). */
int bnd_make_chains(cg *c);

/* The cheapest cost of chain k at the current prices (chains.c). */
double bnd_price_chain(cg *c, size_t k);

/* The Lagrangian relaxation from the fluid bound's prices, given an upper
 * bound ub (a schedule's cost); raises out->bound (lagrangian.c). */
void bnd_lagrangian(cg *c, double ub, int edges, ecs_bound_result *out);

/* The lower convex envelope of one PE's cost in a slot of price `price`:
 * the points (0, 0) and (f_k, price power(f_k)); fills slope[] and width[]
 * (work units) of its pieces by increasing f and returns their number (at
 * most nfreq); hull holds nfreq + 1 longs of scratch (fluid.c). */
size_t bnd_envelope(const ecs_platform *p, double price, long *hull,
                    double *slope, double *width);

/* The bound by stages (stages.c; docs/MODEL.md "The bound by stages"):
 * the graph's bottleneck tasks (comparable with every other task) cut every
 * schedule into stages; a DP over their intervals, with the fluid bound of
 * the work between each two of them inside the slots between.  Returns the
 * bound, or -HUGE_VAL when there is no bottleneck, the time (t_end) ran out,
 * memory ran out or no stage sequence fits. */
double bnd_stages(cg *c, double t_end, long max_blocks);

/* The minimum's choices, when asked: for bottleneck j (0-based, of m) and
 * slot x of its window es[j] .. (cells off[j] .. off[j+1]-1),
 * arg_s[bnd_trace_at(tr, j, x)] is the start of b_j in the least F_j(x)
 * (its finish at x) and arg_e[...] the finish of b_{j-1} in the least
 * G_j(x) (b_j starting at x; j >= 1); last_e the last bottleneck's finish
 * in the minimum.  Both arrays hold off[m] longs (the windows' slots:
 * linear in tasks + slots where the windows are), filled by the run;
 * exact is the exact pass's value (the bound by stages, as bnd_stages's
 * when it reaches that pass), -HUGE_VAL when the time ran out before. */
typedef struct bnd_stage_trace {
    long *arg_s, *arg_e;
    size_t *off; /* m + 1 */
    long *es;    /* m: each bottleneck's window's first slot */
    long last_e;
    double exact;
} bnd_stage_trace;

static inline size_t bnd_trace_at(const bnd_stage_trace *tr, size_t j,
                                  long x)
{
    return tr->off[j] + (size_t)(x - tr->es[j]);
}

/* A trace for the bottlenecks bp[0..m-1] over c's windows (stages.c),
 * empty first (every pointer NULL): 0, or -1 when out of memory or its
 * cells would pass max_cells (nothing left allocated then). */
int bnd_stage_trace_alloc(const cg *c, const size_t *bp, size_t m,
                          size_t max_cells, bnd_stage_trace *tr);
void bnd_stage_trace_free(bnd_stage_trace *tr);

/* bnd_stages, filling tr (may be NULL) for the minimum's choices.  The
 * passes price the stages' first slots in blocks (16 per
 * bottleneck window, then 4 times more each pass, up to the exact pass or
 * max_blocks, 0: no cap): each pass's value is a bound, so the bound is
 * the largest value of the passes done in time.  With tr each pass is the
 * DP restricted to one e per block (the one of least cost so far, the
 * stage priced from it: choices a schedule can follow), its value no
 * bound unless exact; the passes are 16 and 64 blocks, then the exact
 * one, and tr keeps the choices of the least value. */
double bnd_stages_trace(cg *c, double t_end, long max_blocks,
                        bnd_stage_trace *tr);

/* The longest path ending just before task v inside a stage: the most of
 * dist[u] over v's predecessors u that are in the stage (in[u]), or 0;
 * the bound by stages walks a stage's tasks in topological order with
 * dist[v] = this + v's own length (stages.c: its work; stages_ext.c: its
 * fewest slots). */
static inline long bnd_stage_pred_dist(const ecs_graph *g, size_t v,
                                       const unsigned char *in,
                                       const long *dist)
{
    long d = 0;
    for (size_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++)
        if (in[g->pred[e]] && dist[g->pred[e]] > d)
            d = dist[g->pred[e]];
    return d;
}

/* The bottleneck tasks of g (comparable with every other task), in
 * topological order: fills pos_out[0..] with their positions in g->topo
 * and returns their number; (size_t)-1 when out of memory (stages.c). */
size_t bnd_bottlenecks(const ecs_graph *g, size_t *pos_out);

/* The stages' paths (stages.c): the tasks of every stage (between the
 * bottlenecks bp[0..m-1], positions in g->topo) covered by disjoint paths
 * of the graph inside the stage, in one pass in topological order: a task
 * continues the heaviest path (by work) that ends at one of its
 * predecessors in the stage, or starts a new one.  Fills next[v] (the task
 * after v on its path, SIZE_MAX for the last and for the bottlenecks) and
 * first[v] (1 when v starts a path); 0, or -1 when out of memory.  The
 * tasks of one path are pairwise comparable: no two run in one slot. */
int bnd_stage_paths(const ecs_graph *g, const size_t *bp, size_t m,
                    size_t *next, unsigned char *first);

/* The fluid greedy's pieces of the extended model (fluid_ext.c;
 * docs/MODEL.md "Fluid bound, extended model"): slot l's least cost of work
 * above the idle draw is convex and piecewise linear, its pieces
 * off[l] .. off[l+1]-1 of rate (cost per grid step, >= 0) and amount
 * (grid steps), every site's; base the idle draw's cost over 0..D-1. */
typedef struct bnd_ext_pieces {
    long D;
    size_t *off;
    double *rate, *amount;
    double base;
} bnd_ext_pieces;

/* 0; 1 when some cap is below the idle draw (no schedule); -1 out of
 * memory; -2 a power below the idle draw, or a negative price unless
 * relax.  With relax, a slot and site that pays a negative price (its
 * grid's, or a source's) adds to base its least cost over every draw its
 * PEs can make under its cap, and its work pieces cost 0: a lower bound
 * of any schedule's cost there (docs/MODEL.md "Stages, extended
 * model"). */
int bnd_ext_pieces_make(const ecs_instance *inst, int relax,
                        bnd_ext_pieces *pc);
/* As bnd_ext_pieces_make with the work of one PE of class `only` alone
 * (its hull's segments once, at its site; every other PE idle): the
 * least extra cost of that PE's work in each slot when it is the only
 * one working (the bound by stages' bottlenecks, docs/MODEL.md "Stages,
 * extended model"); BND_EXT_ALL: bnd_ext_pieces_make. */
#define BND_EXT_ALL ((size_t)-1)
int bnd_ext_pieces_make_class(const ecs_instance *inst, int relax,
                              size_t only, bnd_ext_pieces *pc);
void bnd_ext_pieces_free(bnd_ext_pieces *pc);

/* A piece of a convex curve: amount (grid steps of work or energy) at a
 * rate (energy per step, cost per energy or cost per step). */
typedef struct bnd_fpiece {
    double rate, amount;
} bnd_fpiece;

/* A class as the extended model's LPs see it (fluid_ext.c): one class
 * (the PEs of the paper's platform) where the platform has none. */
typedef struct bnd_ext_class {
    int count, site;
    const long *sq;   /* speed_q */
    const double *pw; /* power_of */
    double idle;
} bnd_ext_class;

bnd_ext_class bnd_ext_class_of(const ecs_platform *p, size_t c);

/* The idle draw of every PE of site s (fluid_ext.c). */
double bnd_ext_site_idle(const ecs_platform *p, int s);

/* The energy pieces of site s in slot l above its idle draw idle: the
 * sources cheaper than the grid by price (as ecs_instance_slot_cover),
 * then the grid (amount HUGE_VAL), the cap not applied; the idle draw
 * takes the cheapest first, so the cheapest fill of E above idle by
 * these pieces costs g_{s,l}(idle + E) - g_{s,l}(idle).  out holds
 * nsource + 1.  Returns how many; *room the energy the cap leaves above
 * idle (< 0: infeasible; +inf without a cap) (fluid_ext.c). */
int bnd_ext_energy_pieces(const ecs_instance *inst, int s, long l,
                          double idle, bnd_fpiece *out, double *room);

/* The windows of the extended model's bounds (fluid_ext.c): the
 * instance's when prepared for its graph, else computed into *own
 * (ecs_windows_compute_platform; release *own after).  *w NULL when they
 * cannot be computed (the bounds then do without); *empty 1 when the
 * critical path exceeds D'.  OK, or ENOMEM. */
ecs_result bnd_ext_windows(const ecs_instance *inst, ecs_windows *own,
                           const ecs_windows **w, int *empty);

/* EINVAL (diag) for a missing instance, graph, platform, value or
 * deadline (the extended model's bounds, fluid_ext.c). */
ecs_result bnd_ext_check_input(const ecs_instance *inst, const double *value,
                               ecs_diag *diag);

/* A schedule of the extended model from the bound by stages' ranges
 * (stagesched.c; docs/MODEL.md "Stages, extended model"): lo[i] .. hi[i]
 * task i's part's slots (every task of a stage the stage's, a
 * bottleneck its own).  Part by part in time: a stage's paths
 * (bnd_stage_paths) each to the PE where it fits at the top speed and
 * adds the least estimated cost (or, with `from` not NULL, where a
 * stage's paths each run on one PE there and fit: that deal, each PE's
 * paths in their order there), the deal improved by descent on the PEs'
 * exact costs, each PE's tasks on their cheapest
 * intervals at its class's profile and its site's prices (a part that
 * needs more slots pushes the rest later); a bottleneck on the class of
 * least cost in its range.  *out NULL where the graph's stages are not
 * independent paths or the schedule passes D' (the caller checks the
 * schedule: the caps and the sources are not looked at).  0, or -1 out
 * of memory.  price: NULL (each site's grid prices), or each site's
 * prices of D' slots in their place. */
int bnd_stages_ext_build(const ecs_instance *inst, const long *lo,
                         const long *hi, const ecs_schedule *from,
                         double *const *price, double t_end,
                         ecs_schedule **out);

/* The PE re-timing (docs/MODEL.md "Stages, extended model"): PE by PE,
 * round after round while one gains, the PE's tasks of the feasible
 * schedule s in their order there re-timed together by the builder's
 * chain DP (each interval at its cheapest profile at the class's speeds
 * and powers and the site's grid prices), each within its predecessors'
 * and successors' slots on the other PEs; kept where the checker's cost
 * falls.  Any graph.  s is feasible (the caller checks it), s_cost its
 * cost.  *out: a new schedule cheaper than s (*cost its cost), or NULL.
 * 0, or -1 out of memory. */
int bnd_retime_pes(const ecs_instance *inst, const ecs_schedule *s,
                   double s_cost, double t_end, ecs_schedule **out,
                   double *cost);

/* The stage LNS (docs/MODEL.md "Stages, extended model"): on the parts of
 * the feasible schedule s (each stage's slots between its bottlenecks'
 * intervals there, each bottleneck's interval) the stage builder
 * (bnd_stages_ext_build) with those ranges from s's deal, then part by
 * part in time its
 * tasks in place of s's wherever the checker's cost falls.  *out: a new
 * schedule cheaper than s (*cost its cost), or NULL (no gain, no stages,
 * the time out at t_end).  s is feasible (the caller checks it), s_cost
 * its cost.  0, or -1 out of memory. */
int bnd_stages_ext_improve(const ecs_instance *inst, const ecs_schedule *s,
                           double s_cost, double t_end, ecs_schedule **out,
                           double *cost);

/* The fluid pieces of a window of slots, by slope in a Fenwick tree (cap,
 * cost), for the cheapest-W query of the bounds by stages (stages.c and
 * stages_ext.c; solver/bound/sweep.c).  Pieces of one slope share a rank:
 * repeated prices make few ranks. */
typedef struct bnd_sweep {
    size_t npc;            /* ranks: distinct slopes */
    size_t *slot_off;      /* D + 1: slot l's pieces slot_off[l] .. */
    size_t *rank;          /* by piece (slot order) */
    double *cap;           /* by piece */
    double *slope;         /* by rank */
    double *fcap, *fcost;  /* Fenwick, 1-based */
    size_t *touched;       /* the nodes touched since the last reset */
    size_t ntouched;
    unsigned char *mark;
    double negcap, total;  /* inserted: of negative slope, in all */
    long lo, hi;           /* the window (bnd_sweep_window): lo .. hi,
                              none when hi < lo */
} bnd_sweep;

/* The sweep of D slots whose pieces are slope[q], cap[q] (slot order,
 * slot l's at slot_off[l] .. slot_off[l + 1] - 1; copied), empty.  0, or
 * -1 out of memory (nothing to free). */
int bnd_sweep_init(bnd_sweep *z, long D, const size_t *slot_off,
                   const double *slope, const double *cap);
void bnd_sweep_free(bnd_sweep *z);

/* Empty it (the nodes touched only: exact zeros). */
void bnd_sweep_reset(bnd_sweep *z);

/* Slot l's pieces in (sign 1) or out again (-1). */
void bnd_sweep_add_slot(bnd_sweep *z, long l, double sign);

/* The slots a .. b inserted and no other (a > b: none), moving the ends
 * of the window already there when that is shorter than starting anew.
 * Taking slots out again leaves rounding in the tree's sums (a few ulps
 * of its largest), which the bounds' final tolerance covers. */
void bnd_sweep_window(bnd_sweep *z, long a, long b);

/* The fluid cost of W units among the inserted pieces: every piece of
 * negative slope, then the cheapest until W, at most everything inserted
 * (the caller checks that W fits: never more than the exact value). */
double bnd_sweep_query(const bnd_sweep *z, double W);

#endif
