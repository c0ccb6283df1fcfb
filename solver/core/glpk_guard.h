/*
 * ecsched: the one guard around every GLPK call of the library
 * (solver/core/glpk_guard.c), not public.  ecsched.h promises that the
 * library never prints and never aborts; GLPK prints to the terminal and,
 * on an internal error (a bad index, a corrupt basis, its memory limit),
 * turns its output back on, prints and calls abort() unless an error hook
 * takes over.  The guard turns the terminal output off and swallows what
 * GLPK prints anyway (unless the caller asks for output; the program's own
 * terminal hook is removed at the end), installs the hook that jumps
 * back to the caller, and on such an error restores both and gives
 * ESOLVER.  Every file that calls GLPK runs its GLPK part inside one:
 *
 *     glpk_guard gd;
 *     ecs_result rc = glpk_guard_begin(&gd, 0, diag);  (ESOLVER: GLPK is
 *     if (rc != ECS_OK)                                 in its error state)
 *         return rc;
 *     if (setjmp(gd.jb) != 0) {       (GLPK failed: free what is the
 *         ...                          caller's, not GLPK's objects)
 *         return glpk_guard_failed(&gd, diag);
 *     }
 *     glpk_guard_arm(&gd);
 *     ... glp_* calls ...
 *     glpk_guard_end(&gd);
 *
 * setjmp stays in the caller (a jump back into a returned frame is
 * undefined), hence the three steps.  Recovery: after an error GLPK's
 * environment is in its error state (glp_at_error()) with the objects it
 * held; they belong to the program, which must call glp_free_env() before
 * GLPK is used again; the library never calls glp_free_env() (it would free
 * the program's own GLPK objects), so every later guarded call answers
 * ESOLVER at glpk_guard_begin until then.
 */
#ifndef ECSCHED_SOLVER_CORE_GLPK_GUARD_H
#define ECSCHED_SOLVER_CORE_GLPK_GUARD_H

#include <setjmp.h>

#include "ecsched/result.h"

typedef struct glpk_guard {
    jmp_buf jb;   /* where GLPK's error hook jumps to */
    int old_term; /* GLPK's terminal output before begin */
    int armed;    /* the error hook is installed */
    int silenced; /* a terminal hook swallows GLPK's output */
} glpk_guard;

/* ESOLVER (diag says so) when GLPK is in its error state; else OK with
 * GLPK's terminal output on when `verbose`, off and swallowed otherwise
 * (the old setting kept in g).  Call setjmp(g->jb) and glpk_guard_arm next. */
ecs_result glpk_guard_begin(glpk_guard *g, int verbose, ecs_diag *diag);

/* Install the error hook (after setjmp(g->jb) returned 0). */
void glpk_guard_arm(glpk_guard *g);

/* The hook removed and the terminal output as before begin. */
void glpk_guard_end(glpk_guard *g);

/* GLPK's time limit (tm_lim, ms) for a call that must end by the clock's
 * t (ecs_clock_now seconds): at least 1, at most INT_MAX. */
int glpk_ms_until(double t);

/* After setjmp(g->jb) returned non-zero: glpk_guard_end, then ESOLVER with
 * a message that says how to recover. */
ecs_result glpk_guard_failed(glpk_guard *g, ecs_diag *diag);

#endif
