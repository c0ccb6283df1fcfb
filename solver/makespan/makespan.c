/*
 * Makespan-optimal schedules at f = 1 (makespan.h): depth-first
 * branch-and-bound in the spirit of DF/IHS (Kasahara & Narita 1984).
 *
 * Search space.  A node appends one ready task to a sequence; the task
 * starts at max(its ready time, earliest PE free time) on the PE that fits
 * best (the latest-free PE that is free by then).  The PE multiset, not the
 * PE index, is what the search sees: identical PEs are never told apart.
 * Only sequences whose (start, priority rank) pairs increase
 * lexicographically are generated.  This loses nothing: from any optimal
 * schedule, rescheduling its tasks in (start, rank) order with this rule
 * starts every task no later, so repeating it reaches an optimal schedule
 * that the rule reproduces in that order (a semi-active, start-ordered
 * schedule).  Each such schedule is generated once.
 *
 * Pruning.  A node is cut when its bound reaches the incumbent: the
 * critical-path bound (earliest starts through the unscheduled part plus
 * bottom levels) and head/tail load bounds against the PE availability
 * profile.  States already seen (scheduled set, effective PE profile,
 * effective finish times of the tasks with unscheduled successors, and the
 * start/rank of the last step where it still constrains) are cut too.  The
 * search stops as soon as the incumbent meets the root lower bound
 * (ecs_makespan_lower_bound), or at the time or node limit.  Node bounds
 * and state keys: makespan_bounds.c.
 *
 * Phases.  A first run in CP/MISF order with a node budget settles the easy
 * cases; short restarts under randomly perturbed priorities (no seen set)
 * may find a better incumbent; then the complete run with a fresh seen set
 * uses the time that is left.  Any run that finishes within its budget
 * proves optimality: every rank order gives a complete search.
 */
#include "ecsched/makespan.h"
#include "ecsched/clock.h"

#include "ecsched/listsched.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "makespan_bb.h"

/* Memory budget of the set of seen states. */
#define SEEN_MAX_BYTES ((size_t)192 << 20)
/* Nodes between two looks at the clock. */
#define CLOCK_EVERY 256

void ecs_makespan_params_init(ecs_makespan_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 10.0;
    prm->first_nodes = 20000;
    prm->restarts = 10;
    prm->restart_nodes = 2000;
    prm->node_energetic = 1;
    prm->progress_every_s = 0.5;
}

void ecs_makespan_result_release(ecs_makespan_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    r->schedule = NULL;
}

/* ---- moves ---- */

typedef struct undo {
    int q;
    long pe_free, s_last, r_last, cur_ms;
} undo;

static void apply(bb *b, size_t v, long s, undo *u)
{
    int q = -1;
    for (int p = 0; p < b->pes; p++)
        if (b->pe_free[p] <= s && (q < 0 || b->pe_free[p] > b->pe_free[q]))
            q = p;
    u->q = q;
    u->pe_free = b->pe_free[q];
    u->s_last = b->s_last;
    u->r_last = b->r_last;
    u->cur_ms = b->cur_ms;
    b->done[v] = 1;
    b->start[v] = s;
    b->fin[v] = s + b->g->work[v];
    b->pe[v] = q;
    b->pe_free[q] = b->fin[v];
    b->s_last = s;
    b->r_last = b->rank[v];
    if (b->fin[v] > b->cur_ms)
        b->cur_ms = b->fin[v];
    b->ndone++;
    b->rest_work -= b->g->work[v];
    for (size_t x = b->g->succ_off[v]; x < b->g->succ_off[v + 1]; x++)
        b->left[b->g->succ[x]]--;
}

static void revert(bb *b, size_t v, const undo *u)
{
    for (size_t x = b->g->succ_off[v]; x < b->g->succ_off[v + 1]; x++)
        b->left[b->g->succ[x]]++;
    b->rest_work += b->g->work[v];
    b->ndone--;
    b->done[v] = 0;
    b->pe_free[u->q] = u->pe_free;
    b->s_last = u->s_last;
    b->r_last = u->r_last;
    b->cur_ms = u->cur_ms;
}

/* Children of the current node, pushed on cbuf (v holds the rank while
 * sorting); returns how many. */
static size_t push_children(bb *b)
{
    const ecs_graph *g = b->g;
    long mf = b->pe_free[0];
    for (int q = 1; q < b->pes; q++)
        if (b->pe_free[q] < mf)
            mf = b->pe_free[q];
    size_t base = b->clen, cnt = 0;
    for (size_t v = 0; v < b->n; v++) {
        if (b->done[v] || b->left[v] != 0)
            continue;
        long s = mf;
        for (size_t x = g->pred_off[v]; x < g->pred_off[v + 1]; x++)
            if (b->fin[g->pred[x]] > s)
                s = b->fin[g->pred[x]];
        if (s < b->s_last || (s == b->s_last && b->rank[v] < b->r_last))
            continue;
        if (s + b->bl[v] >= b->best)
            continue;
        if (b->clen == b->ccap) {
            size_t nc = b->ccap * 2;
            cand *nb = realloc(b->cbuf, nc * sizeof *nb);
            if (nb == NULL) {
                b->nomem = 1;
                b->stopped = 1;
                break;
            }
            b->cbuf = nb;
            b->ccap = nc;
        }
        b->cbuf[b->clen].v = (size_t)b->rank[v];
        b->cbuf[b->clen].start = s;
        b->clen++;
        cnt++;
    }
    qsort(b->cbuf + base, cnt, sizeof *b->cbuf, ecs_bb_cmp_cand_asc);
    return cnt;
}

static void record_incumbent(bb *b)
{
    b->best = b->cur_ms;
    memcpy(b->best_start, b->start, b->n * sizeof *b->start);
    memcpy(b->best_pe, b->pe, b->n * sizeof *b->pe);
}

/* Look at the clock: time limit and progress reports. */
static void clock_tick(bb *b)
{
    double el = ecs_clock_now() - b->t_begin;
    if (el >= b->t_limit)
        b->out_of_time = 1;
    const ecs_makespan_params *prm = b->prm;
    if (prm->progress != NULL && el >= b->next_progress) {
        ecs_progress pg = {"makespan", el, (double)b->best,
                           (double)b->root_lb, NAN, b->nodes};
        prm->progress(prm->progress_ctx, &pg);
        b->next_progress = el + prm->progress_every_s;
    }
}

static int out_of_budget(bb *b)
{
    if (b->node_limit && b->nodes >= b->node_limit)
        b->out_of_time = 1;
    if (b->nodes % CLOCK_EVERY == 0)
        clock_tick(b);
    return b->out_of_time ||
           (b->phase_limit && b->phase_nodes >= b->phase_limit);
}

static void dfs(bb *b, const size_t *by_rank)
{
    if (b->ndone == b->n) {
        if (b->cur_ms < b->best)
            record_incumbent(b);
        return;
    }
    b->nodes++;
    b->phase_nodes++;
    if (out_of_budget(b)) {
        b->stopped = 1;
        return;
    }
    size_t base = b->clen;
    size_t cnt = push_children(b);
    for (size_t i = 0; i < cnt && !b->stopped && b->best > b->root_lb; i++) {
        cand c = b->cbuf[base + i];
        size_t v = by_rank[c.v];
        if (c.start + b->bl[v] >= b->best)
            continue;
        undo u;
        apply(b, v, c.start, &u);
        long t0 = ecs_bb_node_t0(b);
        int go = b->ndone == b->n || !ecs_bb_node_cut(b, t0);
        if (go && b->use_seen && b->ndone < b->n) {
            size_t len = ecs_bb_state_key(b, t0);
            go = !core_stateset_visit(&b->seen, b->key, len);
        }
        if (go)
            dfs(b, by_rank);
        revert(b, v, &u);
    }
    b->clen = base;
}

/* ---- setup ---- */

static void bb_free(bb *b)
{
    free(b->bl);
    free(b->tail);
    free(b->rank);
    free(b->by_tail);
    free(b->done);
    free(b->start);
    free(b->fin);
    free(b->pe);
    free(b->left);
    free(b->pe_free);
    free(b->est);
    free(b->avail);
    free(b->heads);
    free(b->key);
    free(b->cbuf);
    free(b->best_start);
    free(b->best_pe);
}

static int bb_alloc(bb *b, size_t n, int pes)
{
    size_t m = n ? n : 1, p = (size_t)pes;
    b->bl = malloc(m * sizeof *b->bl);
    b->tail = malloc(m * sizeof *b->tail);
    b->rank = malloc(m * sizeof *b->rank);
    b->by_tail = malloc(m * sizeof *b->by_tail);
    b->done = calloc(m, 1);
    b->start = calloc(m, sizeof *b->start);
    b->fin = calloc(m, sizeof *b->fin);
    b->pe = calloc(m, sizeof *b->pe);
    b->left = malloc(m * sizeof *b->left);
    b->pe_free = calloc(p, sizeof *b->pe_free);
    b->est = calloc(m, sizeof *b->est);
    b->avail = calloc(p, sizeof *b->avail);
    b->heads = malloc(m * sizeof *b->heads);
    b->nwords = (n + 31) / 32;
    b->key = malloc((b->nwords + 2 + p + m) * sizeof *b->key);
    b->ccap = 4 * m;
    b->cbuf = malloc(b->ccap * sizeof *b->cbuf);
    b->best_start = malloc(m * sizeof *b->best_start);
    b->best_pe = malloc(m * sizeof *b->best_pe);
    return b->bl && b->tail && b->rank && b->by_tail && b->done && b->start &&
           b->fin && b->pe && b->left && b->pe_free && b->est && b->avail &&
           b->heads && b->key && b->cbuf && b->best_start && b->best_pe;
}

/* Priority ranks (CP/MISF: bottom level, more successors, index) and the
 * tasks by decreasing tail. */
static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* seed 0: CP/MISF; otherwise bottom levels scaled by random factors in
 * [1, 1.3) (a restart's diversification). */
static void bb_order(bb *b, size_t *by_rank, uint64_t seed)
{
    const ecs_graph *g = b->g;
    cand *tmp = b->heads;
    uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
    for (size_t v = 0; v < b->n; v++) {
        /* bottom level major, number of successors minor */
        long scale = seed ? 1000 + (long)(rng_next(&x) % 300) : 1;
        tmp[v].v = v;
        tmp[v].start = b->bl[v] * scale * (long)(b->n + 1) +
                       (long)(g->succ_off[v + 1] - g->succ_off[v]);
    }
    qsort(tmp, b->n, sizeof *tmp, ecs_bb_cmp_cand_desc);
    /* cmp_cand_desc breaks ties by higher index first: restore lower first */
    for (size_t i = 0; i < b->n;) {
        size_t j = i;
        while (j < b->n && tmp[j].start == tmp[i].start)
            j++;
        for (size_t a = i, z = j - 1; a < z; a++, z--) {
            cand t = tmp[a];
            tmp[a] = tmp[z];
            tmp[z] = t;
        }
        i = j;
    }
    for (size_t k = 0; k < b->n; k++) {
        by_rank[k] = tmp[k].v;
        b->rank[tmp[k].v] = (long)k;
    }
    for (size_t v = 0; v < b->n; v++) {
        tmp[v].v = v;
        tmp[v].start = b->tail[v];
    }
    qsort(tmp, b->n, sizeof *tmp, ecs_bb_cmp_cand_desc);
    for (size_t k = 0; k < b->n; k++)
        b->by_tail[k] = tmp[k].v;
}

static void bb_reset(bb *b)
{
    const ecs_graph *g = b->g;
    b->rest_work = 0;
    for (size_t v = 0; v < b->n; v++) {
        b->left[v] = g->pred_off[v + 1] - g->pred_off[v];
        b->rest_work += g->work[v];
    }
    b->s_last = 0;
    b->r_last = -1;
    b->cur_ms = 0;
    b->ndone = 0;
    b->clen = 0;
}

static void take_list_schedule(bb *b, const ecs_schedule *s)
{
    b->best = ecs_schedule_makespan(s);
    for (size_t v = 0; v < b->n; v++) {
        b->best_start[v] = s->task[v].start;
        b->best_pe[v] = s->task[v].pe;
    }
}

static ecs_result build_result(const bb *b, ecs_schedule **out)
{
    ecs_schedule *s = ecs_schedule_new(b->n);
    if (s == NULL)
        return ECS_ENOMEM;
    for (size_t v = 0; v < b->n; v++) {
        ecs_result rc = ecs_schedule_place(s, v, b->best_pe[v],
                                           b->best_start[v],
                                           b->best_start[v] + b->g->work[v] - 1,
                                           NULL, 0);
        if (rc != ECS_OK) {
            ecs_schedule_free(s);
            return rc;
        }
    }
    *out = s;
    return ECS_OK;
}

ecs_result ecs_makespan_params_validate(const ecs_makespan_params *prm,
                                        ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (prm->time_limit_s != prm->time_limit_s)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "makespan: time limit is not a number");
    if (prm->progress != NULL && !(prm->progress_every_s > 0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "makespan: progress_every_s must be > 0");
    if (prm->restarts < 0 || (prm->restarts > 0 && prm->restart_nodes == 0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "makespan: restarts need a node budget "
                            "(restarts %d, restart_nodes %llu)",
                            prm->restarts, prm->restart_nodes);
    return ECS_OK;
}

static ecs_result validate_input(const ecs_graph *g, int pes,
                                 const ecs_makespan_params *prm,
                                 ecs_diag *diag)
{
    if (pes < 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "makespan: needs at least 1 PE, got %d", pes);
    ecs_result rc = ecs_makespan_params_validate(prm, diag);
    if (rc != ECS_OK)
        return rc;
    for (size_t v = 0; v < g->n; v++)
        if (g->work[v] <= 0)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "makespan: task %ld has no work: contract the "
                                "graph first",
                                g->id[v]);
    return ECS_OK;
}

/* Run the search from the list schedule; fills the result fields. */
/*
 * One depth-first search from the root under the rank order of `seed`,
 * within phase_limit nodes (0: none); seen states only when `seen`.
 * Returns 1 when it settled optimality (exhausted, or met the root bound).
 */
static int run_phase(bb *b, size_t *by_rank, unsigned long long phase_limit,
                     int seen, uint64_t seed)
{
    bb_order(b, by_rank, seed);
    bb_reset(b);
    b->phase_nodes = 0;
    b->phase_limit = phase_limit;
    b->stopped = 0;
    b->use_seen = 0;
    if (seen && b->best < (long)INT32_MAX &&
        core_stateset_init(&b->seen, SEEN_MAX_BYTES) == 0)
        b->use_seen = 1;
    dfs(b, by_rank);
    if (b->use_seen)
        core_stateset_release(&b->seen);
    b->use_seen = 0;
    return !b->stopped || b->best <= b->root_lb;
}

/*
 * The search: a first budgeted run in CP/MISF order settles the easy
 * cases; then short restarts under perturbed orders look for a better
 * incumbent; then the complete run with the time that is left.
 */
static void bb_search(bb *b, const ecs_makespan_params *prm, size_t *by_rank,
                      ecs_makespan_result *out)
{
    b->t_limit = prm->time_limit_s;
    b->node_limit = prm->node_limit;
    b->energetic = prm->node_energetic;
    b->prm = prm;
    b->next_progress = prm->progress_every_s;
    ecs_graph_bottom_levels(b->g, b->bl);
    for (size_t v = 0; v < b->n; v++)
        b->tail[v] = b->bl[v] - b->g->work[v];
    int settled = b->best <= b->root_lb;
    if (!settled && prm->time_limit_s > 0 &&
        b->n <= ECS_MAKESPAN_SEARCH_MAX_TASKS) {
        settled = run_phase(b, by_rank, prm->first_nodes, 1, 0);
        for (int r = 1; !settled && !b->out_of_time && !b->nomem &&
                        r <= prm->restarts && prm->first_nodes > 0;
             r++)
            settled = run_phase(b, by_rank, prm->restart_nodes, 0,
                                (uint64_t)r);
        if (!settled && !b->out_of_time && !b->nomem && prm->first_nodes > 0)
            settled = run_phase(b, by_rank, 0, 1, 0);
    }
    out->nodes = b->nodes;
    out->optimal = settled;
    out->lower_bound = settled ? b->best : b->root_lb;
}

ecs_result ecs_makespan_solve(const ecs_graph *g, int pes,
                              const ecs_makespan_params *prm,
                              ecs_makespan_result *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    ecs_result rc = validate_input(g, pes, prm, diag);
    if (rc != ECS_OK)
        return rc;
    bb b;
    memset(&b, 0, sizeof b);
    b.g = g;
    b.n = g->n;
    b.pes = pes;
    b.t_begin = ecs_clock_now();
    ecs_schedule *ls = NULL;
    size_t *by_rank = malloc((g->n ? g->n : 1) * sizeof *by_rank);
    rc = ecs_listsched_run(g, pes, &ls, diag);
    out->list_runtime_s = ecs_clock_now() - b.t_begin;
    if (rc == ECS_OK && (by_rank == NULL || !bb_alloc(&b, g->n, pes)))
        rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    if (rc == ECS_OK) {
        take_list_schedule(&b, ls);
        out->list_makespan = b.best;
        double t = ecs_clock_now();
        b.root_lb = ecs_makespan_lower_bound(g, pes);
        out->bound_runtime_s = ecs_clock_now() - t;
        bb_search(&b, prm, by_rank, out);
        if (b.nomem)
            rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    if (rc == ECS_OK) {
        out->makespan = b.best;
        rc = build_result(&b, &out->schedule);
        if (rc != ECS_OK)
            ecs_diag_set(diag, rc, NULL, 0, "makespan: %s", ecs_strerror(rc));
    }
    out->runtime_s = ecs_clock_now() - b.t_begin;
    ecs_schedule_free(ls);
    free(by_rank);
    bb_free(&b);
    if (rc != ECS_OK)
        ecs_makespan_result_release(out);
    return rc;
}
