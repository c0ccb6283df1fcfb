/*
 * Internal to heuristic/local_*.c: the interval-cost cache, the search
 * state and the chain move of the local heuristic (local.h).
 *
 *   local_cost.c    interval costs per (distinct work, first slot), lazily
 *   local_chain.c   the state (intervals, load), the chain DP move, kicks,
 *                   placement from scratch, PEs by start slot
 *   local_tree.c    the tree DP move
 *   local_cut.c     the cut move (a stage boundary shifted)
 *   local_search.c  starts, rounds of moves, iterated local search, the result
 *   local_params.c  parameters, names, release
 */
#ifndef ECSCHED_LOCAL_INTERNAL_H
#define ECSCHED_LOCAL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ecsched/local.h"

#include "ecsched/rng.h"

/* ---- interval costs (local_cost.c) ---- */

typedef struct lh_cache {
    const ecs_platform *p;
    const double *price;
    const int *len;      /* slot lengths (instance.h), NULL: uniform */
    long D;              /* slots 0..D-1 */
    size_t ncls;         /* distinct works */
    long *cls_work;      /* work of each class */
    long *cls_lmax;      /* longest interval costed for each class */
    double **row;        /* ncls * D rows, NULL until costed */
    double **block;      /* arena blocks of LH_BLOCK doubles */
    size_t nblock, cap_block;
    size_t cur_block, used; /* fill point */
    size_t max_blocks;   /* flush when more would be needed */
    double *scratch;     /* DP space for the largest work */
    double *tmp;         /* one row, for intervals longer than lmax */
    unsigned long computed; /* rows costed (flushes included) */
    double t_end;        /* lh_row costs no new row from then on (lh_now
                            seconds; 0: no limit) */
    int late;            /* lh_row refused a row: the time is up */
} lh_cache;

/* The one clock of the local heuristic: CLOCK_MONOTONIC seconds. */
double lh_now(void);

/* A task with two sort keys, for the starts built from scratch (both
 * models); lh_cmp_key orders by k1, then k2, then the task index (qsort). */
typedef struct lh_key {
    long k1, k2;
    size_t i;
} lh_key;
int lh_cmp_key(const void *a, const void *b);

/* Classes of g's works, Lmax per class (local.h, "Interval lengths"), an
 * empty cache of at most max_bytes; *cls (n entries, malloc'ed) gets each
 * task's class.  -1 when out of memory. */
int lh_cache_init(lh_cache *c, const ecs_graph *g, const ecs_platform *p,
                  const double *price, long D, double max_bytes,
                  size_t **cls);
void lh_cache_release(lh_cache *c);

/* Costs of [s, s+t] for t = 0..*len-1 for class cls, *len = min(Lmax,
 * D - s); valid until the next lh_row call.  NULL when out of memory, or,
 * with c->late set, when a new row would be needed after c->t_end. */
const double *lh_row(lh_cache *c, size_t cls, long s, long *len);

/* Cost of [s, e] for class cls, any length (HUGE_VAL if the work does not
 * fit), whatever the time; NAN when out of memory. */
double lh_cost(lh_cache *c, size_t cls, long s, long e);

/* ---- the state and the chain move (local_chain.c) ---- */

typedef struct lh_state {
    const ecs_graph *g;
    const ecs_platform *p;
    long D;
    int P;
    size_t n;
    lh_cache *cache;
    const size_t *cls;   /* class of each task */
    long *s, *e;         /* each task's interval */
    double *c;           /* its cost */
    int *load;           /* tasks per slot */
    /* chain workspace */
    int *pos;            /* 1 + position in the current chain, 0 if not in it */
    long *lo, *hi;       /* per chain position */
    size_t *off;         /* per chain position, into F, G, A, GA */
    long *ns, *ne;       /* the chain's new intervals */
    size_t chain_cap;
    double *F, *G;
    long *A, *GA;
    size_t dp_cap;
    long *nb;            /* next blocked slot, D + 1 */
    /* tree workspace (local_tree.c) */
    long *tlo, *thi, *tns, *tne;
    size_t *toff;
    size_t tree_cap, tcells;
    double *tV, *tH;
    long *tVA, *tHA;
    size_t tdp_cap;
    unsigned char *dirty; /* tasks whose neighbourhood changed since they
                             were last searched (set by every move) */
    long *os, *oe;       /* n: old intervals of the tasks a move moves */
    long *touch;         /* D + 2: slots a move touched, then prefix counts */
    int oom;             /* an allocation failed */
    unsigned long moves, improved;
    const long *due;     /* the instance's latest last slots, or NULL */
    const long *cum;     /* with slot lengths: cum[l] = len_0 + .. +
                            len_{l-1}, l = 0..D; NULL on the uniform grid */
} lh_state;

/* With slot lengths (cum): the earliest last slot of task t from first
 * slot s, and its latest first slot to last slot e, at f = 1 (slots
 * outside 0..D-1 count one unit).  Both are nondecreasing in s, e. */
long lh_end_len(const lh_state *st, size_t t, long s);
long lh_begin_len(const lh_state *st, size_t t, long e);

/* The earliest last slot of task t run at f = 1 from slot s: the fewest
 * slots whose lengths hold its work (s + w - 1 on the uniform grid). */
static inline long lh_end(const lh_state *st, size_t t, long s)
{
    return st->cum == NULL ? s + st->g->work[t] - 1 : lh_end_len(st, t, s);
}

/* The latest first slot of task t run at f = 1 to slot e (e - w + 1 on
 * the uniform grid). */
static inline long lh_begin(const lh_state *st, size_t t, long e)
{
    return st->cum == NULL ? e - st->g->work[t] + 1 : lh_begin_len(st, t, e);
}

/* The latest last slot task t may take: D' - 1, or its due slot. */
static inline long lh_last(const lh_state *st, size_t t)
{
    return st->due != NULL && st->due[t] < st->D - 1 ? st->due[t] : st->D - 1;
}

/* A state for g with every task unplaced; -1 when out of memory. */
int lh_state_init(lh_state *st, const ecs_graph *g, const ecs_platform *p,
                  long D, lh_cache *cache, const size_t *cls);
void lh_state_release(lh_state *st);

/* Copy the intervals, costs and load of src into dst (same g). */
void lh_state_copy(lh_state *dst, const lh_state *src);

/* Unplace every task. */
void lh_state_clear(lh_state *st);

/* Set task i to [s, e] (adds to the load, costs it). */
void lh_state_set(lh_state *st, size_t i, long s, long e);

/* After a move of set[0..k-1] from the intervals os[j], oe[j] (the
 * tasks hold their new ones): mark dirty the moved tasks, their
 * predecessors and successors, and every task that runs in a slot within
 * one of the old or new intervals or next to it. */
void lh_moved(lh_state *st, const size_t *set, size_t k);

/* Sum of the task costs. */
double lh_state_total(const lh_state *st);

/*
 * Re-place the chain ch[0..k-1] optimally with every other task fixed
 * (local.h).  The chain must list distinct placed tasks; it is rejected
 * (0) when its order contradicts a precedence among its tasks or when no
 * placement beats the current one by more than a rounding tolerance.
 * Returns 1 when the chain was moved (cheaper).
 */
int lh_chain(lh_state *st, const size_t *ch, size_t k);

/*
 * Re-place the tree nodes[0..k-1] optimally with every other task fixed:
 * nodes[0] is the root; for j > 0, parent[j] < j is the position of its
 * parent and rel[j] is 0 when nodes[j] precedes its parent, 1 when it
 * succeeds it.  Rejected (0) when a precedence edge between two nodes is
 * not a tree edge, when the placement found would put more than P tasks
 * in a slot (siblings are placed independently) or is not cheaper.
 * Returns 1 when the tree was moved (local_tree.c).
 */
int lh_tree(lh_state *st, const size_t *nodes, const size_t *parent,
            const unsigned char *rel, size_t k);

/*
 * The cut move (local_cut.c): set[0..na-1] are tasks that end in slot x,
 * set[na..na+nb-1] tasks that start in slot x + 1; all of A's ends and
 * all of B's starts move by the same delta, the cheapest that keeps
 * lengths, Lmax, precedence with the other tasks and capacity (A takes
 * the slots B leaves and the reverse), if cheaper.  Returns 1 when moved.
 */
int lh_cut(lh_state *st, const size_t *set, size_t na, size_t nb, long x);

/*
 * Perturb: move task t to a random interval (the r1-th start with room, a
 * length from r2) that keeps precedence and capacity, whatever it costs.
 * Returns 1 when it moved.
 */
int lh_kick(lh_state *st, size_t t, uint64_t r1, uint64_t r2);

/* Perturb: shrink task t to its work at f = 1 from its first slot (or, if
 * late, up to its last): frees slots.  Returns 1 when it changed. */
int lh_shrink(lh_state *st, size_t t, int late);

/*
 * Place the tasks of `order` (every task once, predecessors first) one by
 * one, each in its cheapest interval that starts after its predecessors,
 * ends by lf[i] and uses slots below P; 0 when every task found one.
 */
int lh_place_all(lh_state *st, const size_t *order, const long *lf);

/*
 * Serial schedule generation at f = 1 into an empty state: the tasks in a
 * topological order that takes the lowest prio first among the ready
 * ones (order, n entries, receives it), each at the earliest start after
 * its predecessors with `work` consecutive slots below P.  0 when every
 * task ends before D, -1 otherwise (the state is then partly filled).
 */
int lh_serial(lh_state *st, const long *prio, size_t *order);

/* PEs for the current intervals, greedily by start slot (ties by task
 * index), each to the lowest free PE; rows[k] lists the tasks of the PEs
 * in PE order and start order, row_off[q] .. row_off[q+1] - 1 those of PE
 * q.  pe, rows: n entries; row_off: P + 1; order: n entries of space.
 * 0; -1 if more than P would be needed (a bug), -2 out of memory. */
int lh_assign_pes(const lh_state *st, int *pe, size_t *rows, size_t *row_off,
                  size_t *order);

/* Tolerance under which a new placement does not count as cheaper. */
static inline double lh_tol(double c)
{
    return 1e-10 * (1.0 + (c < 0 ? -c : c));
}

/* Add d to the load of slots s..e. */
void lh_load_add(lh_state *st, long s, long e, int d);

/* Prefix minima of v[0..R-1]: m[x] = min v[0..x], arg[x] = lo plus the
 * first index where it is reached. */
void lh_prefix_min(const double *v, long R, long lo, double *m, long *arg);

/* Lift the k tasks t[] off the load for a move: their cost (returned),
 * and the span of their position windows lo[j]..hi[j] in *L0..*H0, whose
 * next blocked slots (nb) are then brought up to date. */
double lh_lift(lh_state *st, const size_t *t, size_t k, const long *lo,
               const long *hi);

/* Commit a move: the k tasks t[] to [ns[j], ne[j]] (old intervals kept in
 * os/oe), the caches told; or, without it, put them back on the load. */
void lh_commit(lh_state *st, const size_t *t, size_t k, const long *ns,
               const long *ne);
void lh_putback(lh_state *st, const size_t *t, size_t k);

/* ---- the extended model (local_ext.c) ---- */

/* ecs_local_run on an extended instance (ecs_instance_extended), its
 * parameters validated and *out cleared; start may be NULL or infeasible
 * (a start is then built). */
ecs_result lh_local_ext_run(const ecs_instance *inst,
                            const ecs_schedule *start,
                            const ecs_local_params *prm,
                            ecs_local_result *out, ecs_diag *diag);

/* ecs_local_mix on an extended, uniform instance, *out cleared. */
ecs_result lh_local_ext_mix(const ecs_instance *inst,
                            const ecs_schedule *const *sched, size_t k,
                            ecs_local_result *out, ecs_diag *diag);

#endif
