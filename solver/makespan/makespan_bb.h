/*
 * The makespan search's state (solver/, private): the branch-and-bound in
 * makespan.c and its node bounds and state keys in makespan_bounds.c.
 */
#ifndef ECSCHED_SOLVER_MAKESPAN_BB_H
#define ECSCHED_SOLVER_MAKESPAN_BB_H

#include <stddef.h>
#include <stdint.h>

#include "ecsched/graph.h"
#include "ecsched/makespan.h"

#include "core/stateset.h"

/* A candidate child: task (its rank while sorting) and start slot. */
typedef struct cand {
    size_t v;
    long start;
} cand;

/* The search: static data, the partial schedule of the current node (with
 * undo in makespan.c), scratch, the incumbent and the limits. */
typedef struct bb {
    const ecs_graph *g;
    size_t n;
    int pes;
    /* static data */
    long *bl;          /* bottom level, own work included */
    long *tail;        /* bl - work */
    long *rank;        /* priority position of each task (0 = first) */
    size_t *by_tail;   /* tasks by decreasing tail */
    /* the current partial schedule */
    unsigned char *done;
    long *start, *fin;
    int *pe;
    size_t *left;      /* unscheduled predecessors */
    long *pe_free;
    size_t ndone;
    long s_last, r_last, cur_ms, rest_work;
    /* scratch */
    long *est, *avail;
    cand *heads;       /* (est, task) of the unscheduled tasks */
    uint32_t *key;
    size_t nwords;     /* bitmap words of a key */
    cand *cbuf;        /* candidate lists of the active nodes */
    size_t clen, ccap;
    /* incumbent and limits */
    long best;
    long *best_start;
    int *best_pe;
    long root_lb;
    double t_begin, t_limit;
    unsigned long long nodes, node_limit;
    unsigned long long phase_nodes, phase_limit; /* 0: no phase limit */
    int stopped, use_seen, nomem, out_of_time;
    int energetic;     /* energetic reasoning at nodes */
    const ecs_makespan_params *prm; /* limits and the progress callback */
    double next_progress;
    core_stateset seen;
} bb;

/* qsort orders of candidates: by start (then index) up, or down. */
int ecs_bb_cmp_cand_asc(const void *a, const void *b);
int ecs_bb_cmp_cand_desc(const void *a, const void *b);

/*
 * Time from which every unscheduled task starts (max of the last start and
 * the earliest PE free time); fills b->avail with the sorted profile.
 */
long ecs_bb_node_t0(bb *b);

/*
 * 1 if the current node cannot lead to a schedule better than b->best:
 * critical-path bound (fills b->est) and head/tail load bounds.
 */
int ecs_bb_node_cut(bb *b, long t0);

/* The current state's key in b->key (after the bounds: it reuses
 * b->avail); its length. */
size_t ecs_bb_state_key(bb *b, long t0);

#endif
