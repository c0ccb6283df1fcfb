/* The local heuristic (local.h): starts, rounds of chain moves, the checked
 * result. */
#include "local_internal.h"

#include "ecsched/check.h"
#include "ecsched/profile.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Longest tight chain tried (tasks). */
#define LH_TIGHT_MAX 24

/* Tasks on either side of a dirty one in a PE stretch re-timed; a stretch
 * is re-timed in windows of at most LH_ROW_WINDOW tasks. */
#define LH_ROW_REACH 6
#define LH_ROW_WINDOW 64

/* Largest tree tried (tasks). */
#define LH_TREE_MAX 16

/* Above this many tasks, max_stall is scaled down by LH_STALL_TASKS / n,
 * to no less than LH_STALL_MIN kicks. */
#define LH_STALL_TASKS 100
#define LH_STALL_MIN 5

/* Tasks kicked at once, at most. */
#define LH_KICK_TASKS 3

/* Relists: share of the kicks (%), on graphs up to this many tasks. */
#define LH_RELIST_PCT 30
#define LH_RELIST_TASKS 200

/* Priority units per slot in a relist (the random delay's resolution). */
#define LH_PRIO_SCALE 64

/* Partners tried per task by the swap pass. */
#define LH_SWAP_TRIES 4

typedef struct lh_run {
    const ecs_instance *inst;
    const ecs_graph *g;
    const ecs_platform *p;
    const double *price;
    long D;
    const ecs_local_params *prm;
    double t_end;
    int out_of_time;
    ecs_rng rng;
    lh_cache cache;
    size_t *cls;
    size_t *perm;     /* n */
    size_t *chain;    /* n */
    size_t *rows;     /* n */
    size_t *row_off;  /* P + 1 */
    size_t *order;    /* n */
    int *pe;          /* n */
    size_t *qperm;    /* P */
    size_t *end_off;  /* D + 1: tasks by last slot (a snapshot) */
    size_t *end_list; /* n */
    size_t *start_off; /* D + 1: tasks by first slot (a snapshot) */
    size_t *start_list; /* n */
    unsigned *mark;   /* n: tree membership by stamp */
    long *prio;       /* n: priorities of a relist */
    long *cum;        /* D + 1: units before each slot (slot lengths), or
                         NULL */
    unsigned stamp;
    long rounds;
    ecs_local_stop stop;
    const lh_state *st, *alt; /* their moves count against max_moves */
    int out_of_effort;
    double t0, t_report;      /* the start; the next progress report */
} lh_run;

/* The time limit or the effort budget (moves tried) is spent. */
static int time_up(lh_run *r)
{
    if (!r->out_of_time && r->prm->max_moves > 0 && r->st != NULL &&
        r->st->moves + (r->alt != NULL ? r->alt->moves : 0) >=
            r->prm->max_moves) {
        r->out_of_time = 1;
        r->out_of_effort = 1;
    }
    double now = r->out_of_time ? 0 : lh_now();
    if (!r->out_of_time && now >= r->t_end)
        r->out_of_time = 1;
    if (!r->out_of_time && r->prm->progress != NULL && now >= r->t_report) {
        ecs_progress pr = {"local", now - r->t0,
                           r->st != NULL ? lh_state_total(r->st) : NAN, NAN,
                           NAN, (unsigned long long)r->rounds};
        r->prm->progress(r->prm->progress_ctx, &pr);
        r->t_report = now + r->prm->progress_every_s;
    }
    return r->out_of_time;
}

static void shuffle(ecs_rng *rng, size_t *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)ecs_rng_below(rng, i);
        size_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

/* Re-time the PEs: on every PE, the stretches of tasks (in start order)
 * within LH_ROW_REACH tasks of a dirty one, PEs in random order.  From a
 * start where every task is dirty, each PE is re-timed whole (in windows of
 * LH_ROW_WINDOW tasks). */
static void pass_rows(lh_run *r, lh_state *st)
{
    if (lh_assign_pes(st, r->pe, r->rows, r->row_off, r->order) != 0) {
        st->oom = 1;
        return;
    }
    size_t P = (size_t)st->P;
    for (size_t q = 0; q < P; q++)
        r->qperm[q] = q;
    shuffle(&r->rng, r->qperm, P);
    for (size_t k = 0; k < P && !time_up(r); k++) {
        size_t q = r->qperm[k];
        size_t a = r->row_off[q], b = r->row_off[q + 1];
        size_t x = a;
        while (x < b) {
            while (x < b && !st->dirty[r->rows[x]])
                x++;
            if (x == b)
                break;
            size_t lo = x >= a + LH_ROW_REACH ? x - LH_ROW_REACH : a;
            size_t hi = x; /* last dirty task of the stretch */
            for (size_t y = x + 1; y < b && y <= hi + 2 * LH_ROW_REACH; y++)
                if (st->dirty[r->rows[y]])
                    hi = y;
            size_t end = hi + LH_ROW_REACH + 1 < b ? hi + LH_ROW_REACH + 1 : b;
            /* windows of at most LH_ROW_WINDOW tasks, overlapping by
             * LH_ROW_REACH: the DP's space stays bounded */
            for (size_t a0 = lo; end - a0 > 1 && !time_up(r);
                 a0 += LH_ROW_WINDOW - LH_ROW_REACH) {
                size_t len = end - a0 < LH_ROW_WINDOW ? end - a0 : LH_ROW_WINDOW;
                lh_chain(st, r->rows + a0, len);
                if (a0 + len == end)
                    break;
            }
            x = end;
        }
    }
}

/* Snapshot of the tasks by last slot: end_list[end_off[l] ..
 * end_off[l+1] - 1] end in slot l. */
static void index_ends(lh_run *r, const lh_state *st)
{
    size_t D = (size_t)st->D;
    memset(r->end_off, 0, (D + 1) * sizeof *r->end_off);
    for (size_t i = 0; i < st->n; i++)
        r->end_off[st->e[i]]++;
    size_t sum = 0;
    for (size_t l = 0; l <= D; l++) {
        size_t c = r->end_off[l];
        r->end_off[l] = sum;
        sum += c;
    }
    for (size_t i = 0; i < st->n; i++)
        r->end_list[r->end_off[st->e[i]]++] = i;
    for (size_t l = D; l > 0; l--)
        r->end_off[l] = r->end_off[l - 1];
    r->end_off[0] = 0;
}

/* A task ending right before slot s (preferring a predecessor of t), or
 * (size_t)-1. */
static size_t blocker_before(lh_run *r, const lh_state *st, size_t t)
{
    const ecs_graph *g = st->g;
    long s = st->s[t];
    size_t found = (size_t)-1, seen = 0;
    for (size_t x = g->pred_off[t]; x < g->pred_off[t + 1]; x++) {
        size_t q = g->pred[x];
        if (st->e[q] == s - 1 && ecs_rng_below(&r->rng, ++seen) == 0)
            found = q;
    }
    if (found != (size_t)-1 || s == 0)
        return found;
    for (size_t k = r->end_off[s - 1]; k < r->end_off[s]; k++) {
        size_t q = r->end_list[k];
        if (st->e[q] == s - 1 && ecs_rng_below(&r->rng, ++seen) == 0)
            found = q;
    }
    return found;
}

/* A task starting right after t (preferring a successor), or -1. */
static size_t blocker_after(lh_run *r, const lh_state *st, size_t t)
{
    const ecs_graph *g = st->g;
    long e = st->e[t];
    size_t found = (size_t)-1, seen = 0;
    for (size_t x = g->succ_off[t]; x < g->succ_off[t + 1]; x++) {
        size_t q = g->succ[x];
        if (st->s[q] == e + 1 && ecs_rng_below(&r->rng, ++seen) == 0)
            found = q;
    }
    return found;
}

/* The tight chain through t: back through the tasks that end right
 * before each one starts (a predecessor preferred), forward through the
 * successors that start right after; re-placed if it has 2 tasks or more. */
static int tight_chain(lh_run *r, lh_state *st, size_t t)
{
    size_t *buf = r->chain, back[LH_TIGHT_MAX];
    size_t nb = 0, k = 0, cur = t;
    while (nb < LH_TIGHT_MAX / 2) {
        size_t b = blocker_before(r, st, cur);
        if (b == (size_t)-1)
            break;
        back[nb++] = b;
        cur = b;
    }
    while (nb > 0)
        buf[k++] = back[--nb];
    buf[k++] = t;
    cur = t;
    while (k < LH_TIGHT_MAX) {
        size_t a = blocker_after(r, st, cur);
        if (a == (size_t)-1)
            break;
        buf[k++] = a;
        cur = a;
    }
    return k > 1 && lh_chain(st, buf, k);
}

/* Swaps: a task b that ends inside a's interval (from the snapshot) and a,
 * re-placed in the reverse of their order by start. */
static int swaps(lh_run *r, lh_state *st, size_t a)
{
    for (int tries = 0; tries < LH_SWAP_TRIES; tries++) {
        long l = st->s[a] + (long)ecs_rng_below(
                                &r->rng, (uint64_t)(st->e[a] - st->s[a] + 1));
        size_t lo = r->end_off[l], hi = r->end_off[l + 1];
        if (hi == lo)
            continue;
        size_t b = r->end_list[lo + (size_t)ecs_rng_below(&r->rng, hi - lo)];
        if (b == a || st->e[b] != l)
            continue;
        size_t sw[2] = {a, b};
        if (st->s[b] > st->s[a]) {
            sw[0] = b;
            sw[1] = a;
        }
        if (lh_chain(st, sw, 2))
            return 1;
    }
    return 0;
}

/* q's only precedence edge into the marked set is the one to x. */
static int joins_only(const lh_run *r, const ecs_graph *g, size_t q, size_t x)
{
    for (size_t y = g->pred_off[q]; y < g->pred_off[q + 1]; y++)
        if (g->pred[y] != x && r->mark[g->pred[y]] == r->stamp)
            return 0;
    for (size_t y = g->succ_off[q]; y < g->succ_off[q + 1]; y++)
        if (g->succ[y] != x && r->mark[g->succ[y]] == r->stamp)
            return 0;
    return 1;
}

/* The tree of tasks around t joined by tight precedence edges (a
 * predecessor ending right before, a successor starting right after),
 * breadth first, at most LH_TREE_MAX tasks; returns its size. */
static size_t tight_tree(lh_run *r, const lh_state *st, size_t t,
                         size_t *nodes, size_t *parent, unsigned char *rel)
{
    const ecs_graph *g = st->g;
    if (++r->stamp == 0) {
        memset(r->mark, 0, st->n * sizeof *r->mark);
        r->stamp = 1;
    }
    size_t k = 0;
    nodes[k++] = t;
    r->mark[t] = r->stamp;
    for (size_t h = 0; h < k && k < LH_TREE_MAX; h++) {
        size_t x = nodes[h];
        for (int dir = 0; dir < 2; dir++) {
            const size_t *nbr = dir == 0 ? g->pred : g->succ;
            const size_t *off = dir == 0 ? g->pred_off : g->succ_off;
            for (size_t y = off[x]; y < off[x + 1] && k < LH_TREE_MAX; y++) {
                size_t q = nbr[y];
                int tight = dir == 0 ? st->e[q] == st->s[x] - 1
                                     : st->s[q] == st->e[x] + 1;
                if (!tight || r->mark[q] == r->stamp ||
                    !joins_only(r, g, q, x))
                    continue;
                r->mark[q] = r->stamp;
                nodes[k] = q;
                parent[k] = h;
                rel[k] = (unsigned char)dir;
                k++;
            }
        }
    }
    return k;
}

/* Every move around every dirty task, tasks in random order; a task none
 * of whose moves pays is clean until a move near it dirties it again. */
static void pass_tasks(lh_run *r, lh_state *st)
{
    size_t nodes[LH_TREE_MAX], parent[LH_TREE_MAX];
    unsigned char rel[LH_TREE_MAX];
    for (size_t i = 0; i < st->n; i++)
        r->perm[i] = i;
    shuffle(&r->rng, r->perm, st->n);
    for (size_t q = 0; q < st->n && !time_up(r) && !st->oom; q++) {
        size_t t = r->perm[q];
        if (!st->dirty[t])
            continue;
        int moved = lh_chain(st, &t, 1);
        moved |= tight_chain(r, st, t);
        size_t k = tight_tree(r, st, t, nodes, parent, rel);
        if (k > 1)
            moved |= lh_tree(st, nodes, parent, rel, k);
        moved |= swaps(r, st, t);
        if (!moved)
            st->dirty[t] = 0;
    }
}

/* Snapshot of the tasks by first slot (start_off, start_list as for the
 * ends). */
static void index_starts(lh_run *r, const lh_state *st)
{
    size_t D = (size_t)st->D;
    memset(r->start_off, 0, (D + 1) * sizeof *r->start_off);
    for (size_t i = 0; i < st->n; i++)
        r->start_off[st->s[i]]++;
    size_t sum = 0;
    for (size_t l = 0; l <= D; l++) {
        size_t c = r->start_off[l];
        r->start_off[l] = sum;
        sum += c;
    }
    for (size_t i = 0; i < st->n; i++)
        r->start_list[r->start_off[st->s[i]]++] = i;
    for (size_t l = D; l > 0; l--)
        r->start_off[l] = r->start_off[l - 1];
    r->start_off[0] = 0;
}

/* A task with a predecessor (dir 0) or successor (dir 1) right next to it
 * in time. */
static int has_tight(const lh_state *st, size_t t, int dir)
{
    const ecs_graph *g = st->g;
    const size_t *nbr = dir == 0 ? g->pred : g->succ;
    const size_t *off = dir == 0 ? g->pred_off : g->succ_off;
    for (size_t y = off[t]; y < off[t + 1]; y++)
        if (dir == 0 ? st->e[nbr[y]] == st->s[t] - 1
                     : st->s[nbr[y]] == st->e[t] + 1)
            return 1;
    return 0;
}

/* Cut moves at every slot boundary x | x+1 with a dirty task on either
 * side: A the tasks ending in x with a successor starting in x + 1, B the
 * tasks starting in x + 1 with a predecessor ending in x (from snapshots
 * taken at the start of the pass, checked again before use). */
static void pass_cuts(lh_run *r, lh_state *st)
{
    index_ends(r, st);
    index_starts(r, st);
    size_t *set = r->chain;
    for (long x = 0; x + 1 < st->D && !time_up(r) && !st->oom; x++) {
        size_t na = 0, nb = 0;
        int dirty = 0;
        for (size_t k = r->end_off[x]; k < r->end_off[x + 1]; k++) {
            size_t i = r->end_list[k];
            if (st->e[i] == x && has_tight(st, i, 1)) {
                set[na++] = i;
                dirty |= st->dirty[i];
            }
        }
        for (size_t k = r->start_off[x + 1]; k < r->start_off[x + 2]; k++) {
            size_t j = r->start_list[k];
            if (st->s[j] == x + 1 && has_tight(st, j, 0)) {
                set[na + nb++] = j;
                dirty |= st->dirty[j];
            }
        }
        if (dirty)
            lh_cut(st, set, na, nb, x);
    }
}

static int any_dirty(const lh_state *st)
{
    for (size_t i = 0; i < st->n; i++)
        if (st->dirty[i])
            return 1;
    return 0;
}

/* Rounds of moves around the dirty tasks until none is left (a local
 * optimum), the time or the round limit. */
static void search(lh_run *r, lh_state *st)
{
    for (long round = 0;; round++) {
        if (time_up(r) || st->oom) {
            r->stop = r->out_of_effort ? ECS_LOCAL_EFFORT : ECS_LOCAL_TIME_LIMIT;
            return;
        }
        if (!any_dirty(st)) {
            r->stop = ECS_LOCAL_CONVERGED;
            return;
        }
        if (round == r->prm->max_rounds) {
            r->stop = ECS_LOCAL_ROUND_LIMIT;
            return;
        }
        r->rounds++;
        pass_rows(r, st);
        pass_cuts(r, st);
        index_ends(r, st);
        pass_tasks(r, st);
    }
}

/* ---- inputs ---- */

static ecs_result check_inputs(const ecs_instance *inst,
                               const ecs_schedule *start, double *cost,
                               ecs_diag *diag)
{
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    if (g == NULL || p == NULL || inst->price == NULL || start == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "graph, platform, prices and start are required");
    if (start->n != g->n)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the start schedule has %zu tasks, the graph %zu",
                            start->n, g->n);
    for (size_t i = 0; i < g->n; i++) {
        if (g->work[i] <= 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld has no work: the local heuristic "
                                "needs a contracted graph", g->id[i]);
        if (g->work[i] > LONG_MAX / 4 / p->grid)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "task %ld: work %ld is too large", g->id[i],
                                g->work[i]);
    }
    ecs_result rc = ecs_check_prices(inst->price, inst->nprice,
                                     inst->deadline, diag);
    if (rc != ECS_OK)
        return rc;
    if (inst->due != NULL && (rc = ecs_instance_validate(inst, diag)) != ECS_OK)
        return rc;
    for (size_t i = 0; inst->due != NULL && i < g->n && i < start->n; i++)
        if (start->task[i].pe >= 0 && start->task[i].stop > inst->due[i])
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "the start schedule is not feasible: task %ld "
                                "stops in slot %ld, after its due slot %ld",
                                g->id[i], start->task[i].stop, inst->due[i]);
    ecs_check_report rep;
    rc = ecs_check_schedule(inst, start, &rep, NULL);
    if (rc == ECS_OK) {
        *cost = rep.cost;
        return ECS_OK;
    }
    if (rc == ECS_EVIOLATION)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the start schedule is not feasible: %s", rep.msg);
    return ecs_diag_set(diag, rc, NULL, 0, "the start schedule does not fit "
                                           "the graph");
}

static int run_alloc(lh_run *r)
{
    size_t n = r->g->n ? r->g->n : 1, P = (size_t)r->p->pes;
    r->perm = malloc(n * sizeof *r->perm);
    r->chain = malloc(n * sizeof *r->chain);
    r->rows = malloc(n * sizeof *r->rows);
    r->order = malloc(n * sizeof *r->order);
    r->pe = malloc(n * sizeof *r->pe);
    r->end_list = malloc(n * sizeof *r->end_list);
    r->row_off = malloc((P + 1) * sizeof *r->row_off);
    r->qperm = malloc(P * sizeof *r->qperm);
    r->end_off = malloc(((size_t)r->D + 1) * sizeof *r->end_off);
    r->start_off = malloc(((size_t)r->D + 2) * sizeof *r->start_off);
    r->start_list = malloc(n * sizeof *r->start_list);
    r->mark = calloc(n, sizeof *r->mark);
    r->prio = malloc(n * sizeof *r->prio);
    return r->perm && r->chain && r->rows && r->order && r->pe &&
                   r->end_list && r->row_off && r->qperm && r->end_off &&
                   r->mark && r->prio && r->start_off && r->start_list
               ? 0
               : -1;
}

static void run_release(lh_run *r)
{
    free(r->perm);
    free(r->chain);
    free(r->rows);
    free(r->order);
    free(r->pe);
    free(r->end_list);
    free(r->row_off);
    free(r->qperm);
    free(r->end_off);
    free(r->start_off);
    free(r->start_list);
    free(r->mark);
    free(r->prio);
    free(r->cum);
    free(r->cls);
    lh_cache_release(&r->cache);
}

/* The schedule of a state: PEs by start, profiles by the DP. */
static ecs_result export(lh_run *r, const lh_state *st, ecs_schedule **out,
                         ecs_diag *diag)
{
    *out = NULL;
    int a = lh_assign_pes(st, r->pe, r->rows, r->row_off, r->order);
    if (a == -1)
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                            "the local heuristic's intervals need more than "
                            "%d PEs", st->P);
    if (a != 0)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_schedule *s = ecs_schedule_new(st->n);
    unsigned char *f = malloc((size_t)st->D);
    ecs_result rc = s && f ? ECS_OK : ECS_ENOMEM;
    for (size_t i = 0; rc == ECS_OK && i < st->n; i++) {
        double c;
        rc = ecs_profile_cheapest_len(st->p, r->price, r->cache.len,
                                      st->g->work[i], st->s[i], st->e[i], f,
                                      &c);
        if (rc == ECS_OK)
            rc = ecs_schedule_place(s, i, r->pe[i], st->s[i], st->e[i], f, 0);
    }
    free(f);
    if (rc != ECS_OK) {
        ecs_schedule_free(s);
        if (rc == ECS_ENOMEM)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                            "the local heuristic chose an interval that "
                            "cannot hold its task's work");
    }
    *out = s;
    return ECS_OK;
}

/* ---- the scratch start ---- */


/* scratch_start with slot lengths: the latest finish of every task is
 * its window's (ecs_windows_compute_instance: the works counted in the
 * longest slots), its latest start the latest first slot that holds its
 * work at f = 1 to there. */
static int scratch_start_len(lh_run *r, lh_state *st)
{
    const ecs_graph *g = r->g;
    size_t n = g->n ? g->n : 1;
    ecs_windows w;
    int empty = 0;
    memset(&w, 0, sizeof w);
    lh_key *k = malloc(n * sizeof *k);
    int rc = -1;
    if (k == NULL ||
        ecs_windows_compute_instance(r->inst, g, &w, &empty, NULL) != ECS_OK) {
        st->oom = 1;
    } else if (!empty) {
        for (size_t i = 0; i < g->n; i++) {
            k[i].k1 = lh_begin(st, i, w.lf[i]);
            k[i].k2 = w.es[i];
            k[i].i = i;
        }
        qsort(k, g->n, sizeof *k, lh_cmp_key);
        for (size_t i = 0; i < g->n; i++)
            r->order[i] = k[i].i;
        rc = lh_place_all(st, r->order, w.lf);
    }
    ecs_windows_release(&w);
    free(k);
    return rc;
}

/*
 * Place every task from scratch: in the order of their latest start (ties:
 * earliest start), each in its cheapest interval that starts after its
 * predecessors and ends by its latest finish, the deadline minus the
 * longest path of work after it.  0 when every task got an interval.
 */
static int scratch_start(lh_run *r, lh_state *st)
{
    if (st->cum != NULL)
        return scratch_start_len(r, st);
    const ecs_graph *g = r->g;
    size_t n = g->n ? g->n : 1;
    long *tl = malloc(n * sizeof *tl), *bl = malloc(n * sizeof *bl);
    long *lf = malloc(n * sizeof *lf);
    lh_key *k = malloc(n * sizeof *k);
    int rc = -1;
    if (tl && bl && lf && k) {
        ecs_graph_top_levels(g, tl);
        ecs_graph_bottom_levels(g, bl);
        for (size_t i = 0; i < g->n; i++) {
            lf[i] = r->D - 1 - (bl[i] - g->work[i]);
            k[i].k1 = r->D - bl[i]; /* latest start */
            k[i].k2 = tl[i];
            k[i].i = i;
        }
        qsort(k, g->n, sizeof *k, lh_cmp_key);
        for (size_t i = 0; i < g->n; i++)
            r->order[i] = k[i].i;
        rc = lh_place_all(st, r->order, lf);
    }
    free(tl);
    free(bl);
    free(lf);
    free(k);
    return rc;
}

/* Search from the start and, if asked, from scratch; the cheaper is in
 * best.  1 when out of memory. */
static int descend(lh_run *r, const ecs_schedule *start, lh_state *best,
                   lh_state *alt, ecs_local_result *out)
{
    for (size_t i = 0; i < best->n; i++)
        lh_state_set(best, i, start->task[i].start, start->task[i].stop);
    memset(best->dirty, 1, best->n);
    search(r, best);
    if (best->oom)
        return 1;
    if (!r->prm->scratch_start || time_up(r) || scratch_start(r, alt) != 0)
        return alt->oom;
    memset(alt->dirty, 1, alt->n);
    search(r, alt);
    if (lh_state_total(alt) < lh_state_total(best)) {
        lh_state_copy(best, alt);
        out->from_scratch = 1;
    }
    return alt->oom;
}

/* ---- iterated local search ---- */

/* Kick 1..LH_KICK_TASKS random tasks of alt: each, at even odds, to a
 * random interval that keeps precedence and capacity or shrunk to its work
 * at f = 1 (at one end of its interval, which frees slots); the shrink is
 * also the fall-back when no other interval has room. */
static void kick_tasks(lh_run *r, lh_state *alt)
{
    size_t n = alt->n;
    memset(alt->dirty, 0, n);
    size_t nk = 1 + (size_t)ecs_rng_below(&r->rng,
                                          n < LH_KICK_TASKS ? n : LH_KICK_TASKS);
    for (size_t q = 0; q < nk; q++) {
        size_t t = (size_t)ecs_rng_below(&r->rng, n);
        uint64_t r1 = ecs_rng_next(&r->rng), r2 = ecs_rng_next(&r->rng);
        if ((r2 & 1) || !lh_kick(alt, t, r1, r2 >> 1))
            lh_shrink(alt, t, (int)(r1 & 1));
    }
}

/* Rebuild alt from scratch at f = 1 by serial schedule generation, tasks by
 * their start in best plus a random delay of up to `noise` slots (noise
 * drawn in 1..D'/2); 0 when it meets D'. */
static int kick_relist(lh_run *r, const lh_state *best, lh_state *alt)
{
    size_t n = best->n;
    uint64_t noise = 1 + ecs_rng_below(&r->rng, (uint64_t)(r->D / 2 + 1));
    for (size_t i = 0; i < n; i++)
        r->prio[i] = best->s[i] * LH_PRIO_SCALE +
                     (long)ecs_rng_below(&r->rng, noise * LH_PRIO_SCALE + 1);
    lh_state_clear(alt);
    if (lh_serial(alt, r->prio, r->order) != 0)
        return -1;
    memset(alt->dirty, 1, n);
    return 0;
}

/*
 * Kick, search, keep the cheaper, until max_stall kicks in a row found
 * nothing (scaled down above LH_STALL_TASKS tasks), the time or out of
 * memory (returns 1).  Relists (kick_relist) are LH_RELIST_PCT % of the
 * kicks on graphs up to LH_RELIST_TASKS tasks, none above.
 */
static int iterate(lh_run *r, lh_state *best, lh_state *alt,
                   ecs_local_result *out)
{
    size_t n = best->n;
    long stall_max = r->prm->max_stall;
    if (n > LH_STALL_TASKS) {
        stall_max = (long)((double)stall_max * LH_STALL_TASKS / (double)n);
        if (stall_max < LH_STALL_MIN)
            stall_max = r->prm->max_stall < LH_STALL_MIN ? r->prm->max_stall
                                                         : LH_STALL_MIN;
    }
    for (long stall = 0; n > 0 && stall < stall_max && !time_up(r); stall++) {
        out->kicks++;
        int relist = n <= LH_RELIST_TASKS &&
                     ecs_rng_below(&r->rng, 100) < LH_RELIST_PCT;
        if (relist) {
            if (kick_relist(r, best, alt) != 0)
                continue;
        } else {
            lh_state_copy(alt, best);
            kick_tasks(r, alt);
        }
        search(r, alt);
        if (alt->oom)
            return 1;
        double a = lh_state_total(alt), b = lh_state_total(best);
        if (a < b - 1e-10 * (1.0 + fabs(b))) {
            lh_state_copy(best, alt);
            out->kicks_improved++;
            stall = -1;
        }
    }
    return 0;
}

static ecs_result local_run_on(const ecs_instance *inst,
                               const ecs_schedule *start,
                               const ecs_local_params *prm,
                               ecs_local_result *out, ecs_diag *diag);

/* The route is chosen on what can bind (ecs_instance_view_make, as solve
 * and milp do): a source of zero volume or a cap above the peak leaves the
 * paper's platform the paper's local search, with the same result and
 * speed as without it.  Without a start the extended search runs (it
 * builds one; the paper's needs one). */
ecs_result ecs_local_run(const ecs_instance *inst, const ecs_schedule *start,
                         const ecs_local_params *prm, ecs_local_result *out,
                         ecs_diag *diag)
{
    if (inst == NULL || start == NULL || !ecs_instance_extended(inst))
        return local_run_on(inst, start, prm, out, diag);
    ecs_instance_view v;
    ecs_result rc = ecs_instance_view_make(inst, &v, diag);
    if (rc == ECS_OK)
        rc = local_run_on(v.changed ? &v.inst : inst, start, prm, out, diag);
    ecs_instance_view_release(&v);
    return rc;
}

ecs_result ecs_local_mix(const ecs_instance *inst,
                         const ecs_schedule *const *sched, size_t k,
                         ecs_local_result *out, ecs_diag *diag)
{
    if (out == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no result");
    memset(out, 0, sizeof *out);
    if (inst == NULL || inst->platform == NULL || !ecs_instance_extended(inst))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the mix of schedules works on the extended "
                            "model (classes, sites, sources or caps)");
    if (sched == NULL && k > 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no schedules");
    ecs_result rc = ecs_instance_require_uniform(inst, "the mix of schedules",
                                                 diag);
    return rc != ECS_OK ? rc : lh_local_ext_mix(inst, sched, k, out, diag);
}

static ecs_result local_run_on(const ecs_instance *inst,
                               const ecs_schedule *start,
                               const ecs_local_params *prm,
                               ecs_local_result *out, ecs_diag *diag)
{
    if (out == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no result");
    memset(out, 0, sizeof *out);
    double t0 = lh_now();
    ecs_result rc = ecs_local_params_validate(prm, diag);
    if (rc == ECS_OK && (inst == NULL || inst->platform == NULL))
        rc = ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                          "graph, platform, prices and start are required");
    if (rc == ECS_OK && ecs_instance_extended(inst))
        rc = ecs_instance_require_uniform(inst, "local search on the "
                                                "extended platform", diag);
    if (rc == ECS_OK && ecs_instance_extended(inst))
        return lh_local_ext_run(inst, start, prm, out, diag);
    if (rc == ECS_OK)
        rc = check_inputs(inst, start, &out->start_cost, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_graph *g = inst->graph;
    const ecs_platform *p = inst->platform;
    const double *price = inst->price;
    long deadline = inst->deadline;
    lh_run r;
    memset(&r, 0, sizeof r);
    r.inst = inst;
    r.g = g;
    r.p = p;
    r.price = price;
    r.D = deadline;
    r.prm = prm;
    r.t_end = t0 + prm->time_limit_s;
    r.t0 = t0;
    r.t_report = t0 + prm->progress_every_s;
    ecs_rng_seed(&r.rng, prm->seed);
    lh_state st, alt;
    memset(&st, 0, sizeof st);
    memset(&alt, 0, sizeof alt);
    int bad = lh_cache_init(&r.cache, g, p, price, deadline,
                            prm->cache_mb * 1048576.0, &r.cls) != 0 ||
              run_alloc(&r) != 0 ||
              lh_state_init(&st, g, p, deadline, &r.cache, r.cls) != 0 ||
              lh_state_init(&alt, g, p, deadline, &r.cache, r.cls) != 0;
    r.cache.t_end = r.t_end;
    r.cache.len = inst->slot_len;
    if (!bad && inst->slot_len != NULL) {
        r.cum = malloc(((size_t)deadline + 1) * sizeof *r.cum);
        bad = r.cum == NULL;
        for (long l = 0; !bad && l <= deadline; l++)
            r.cum[l] = l == 0 ? 0 : r.cum[l - 1] + inst->slot_len[l - 1];
    }
    st.cum = alt.cum = r.cum;
    st.due = alt.due = inst->due;
    r.st = &st;
    r.alt = &alt;
    if (!bad)
        bad = descend(&r, start, &st, &alt, out) ||
              iterate(&r, &st, &alt, out);
    if (r.stop != ECS_LOCAL_TIME_LIMIT && r.stop != ECS_LOCAL_EFFORT &&
        time_up(&r))
        r.stop = r.out_of_effort ? ECS_LOCAL_EFFORT : ECS_LOCAL_TIME_LIMIT;
    out->moves = st.moves + alt.moves;
    out->improved = st.improved + alt.improved;
    lh_state_release(&alt);
    ecs_schedule *res = NULL;
    if (bad)
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    else
        rc = export(&r, &st, &res, diag);
    out->rows = r.cache.computed;
    out->rounds = r.rounds;
    out->stop = r.stop;
    lh_state_release(&st);
    run_release(&r);
    if (rc != ECS_OK)
        return rc;
    ecs_check_report rep;
    if (ecs_check_schedule(inst, res, &rep, NULL) != ECS_OK) {
        ecs_schedule_free(res);
        return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                            "the local heuristic's schedule fails the "
                            "checker: %s", rep.msg);
    }
    for (size_t i = 0; inst->due != NULL && i < res->n; i++)
        if (res->task[i].stop > inst->due[i]) {
            long id = g->id[i], stop = res->task[i].stop, due = inst->due[i];
            ecs_schedule_free(res);
            return ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                "the local heuristic's schedule stops task %ld "
                                "in slot %ld, after its due slot %ld",
                                id, stop, due);
        }
    if (rep.cost > out->start_cost) {
        ecs_schedule_free(res);
        res = ecs_schedule_copy(start);
        if (res == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        out->kept_start = 1;
        rep.cost = out->start_cost;
        rep.makespan = ecs_schedule_makespan(start);
    }
    out->schedule = res;
    out->cost = rep.cost;
    out->makespan = rep.makespan;
    out->runtime_s = lh_now() - t0;
    return ECS_OK;
}
