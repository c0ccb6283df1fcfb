/*
 * A set of search states (solver/core, private to the solver: the
 * makespan search, the ideals of the dynamic program): each
 * state is a vector of 32-bit words, stored exactly (no false positives)
 * in an arena and found through an open-addressing table of 64-bit hashes.
 * Memory is bounded: once the budget is spent, new states are not stored
 * (the search stays correct, it only prunes less).
 */
#ifndef ECSCHED_SOLVER_STATESET_H
#define ECSCHED_SOLVER_STATESET_H

#include <stddef.h>
#include <stdint.h>

typedef struct core_stateset {
    uint64_t *hash;   /* table: hash of each slot's state, 0 = empty */
    size_t *where;    /* table: arena offset of each slot's state */
    size_t cap;       /* table slots (a power of 2) */
    size_t count;     /* states stored */
    uint32_t *arena;  /* states: length word, then the words */
    size_t used, arena_cap;
    size_t max_bytes; /* budget for table + arena */
    int full;         /* 1 once the budget stopped an insertion */
} core_stateset;

/* An empty set with a memory budget in bytes; 0 on success, -1 on ENOMEM. */
int core_stateset_init(core_stateset *s, size_t max_bytes);

void core_stateset_release(core_stateset *s);

/*
 * Insert the state key[0..len-1].  Returns 1 if it was already present,
 * 0 if it was inserted (or could not be, for lack of budget).
 */
int core_stateset_visit(core_stateset *s, const uint32_t *key, size_t len);

#endif
