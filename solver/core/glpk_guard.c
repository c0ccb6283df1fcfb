/* The one guard around the library's GLPK calls (glpk_guard.h). */
#include "glpk_guard.h"

#include "ecsched/clock.h"

#include <glpk.h>
#include <limits.h>

/* GLPK's terminal, swallowed: on an error GLPK turns its output back on
 * to print the message, which the library must not print. */
static int silence(void *info, const char *s)
{
    (void)info;
    (void)s;
    return 1;
}

static void on_error(void *info)
{
    glpk_guard *g = info;
    longjmp(g->jb, 1);
}

ecs_result glpk_guard_begin(glpk_guard *g, int verbose, ecs_diag *diag)
{
    g->armed = 0;
    g->silenced = 0;
    g->old_term = GLP_OFF;
    if (glp_at_error())
        return ecs_diag_set(diag, ECS_ESOLVER, NULL, 0,
                            "GLPK is in its error state after an earlier "
                            "GLPK error; the program must call glp_free_env() "
                            "before solving again");
    g->old_term = glp_term_out(verbose ? GLP_ON : GLP_OFF);
    if (!verbose) {
        glp_term_hook(silence, NULL);
        g->silenced = 1;
    }
    return ECS_OK;
}

void glpk_guard_arm(glpk_guard *g)
{
    glp_error_hook(on_error, g);
    g->armed = 1;
}

void glpk_guard_end(glpk_guard *g)
{
    if (g->armed)
        glp_error_hook(NULL, NULL);
    g->armed = 0;
    if (g->silenced)
        glp_term_hook(NULL, NULL);
    g->silenced = 0;
    glp_term_out(g->old_term);
}

ecs_result glpk_guard_failed(glpk_guard *g, ecs_diag *diag)
{
    g->armed = 1; /* the hook is still GLPK's: remove it */
    glpk_guard_end(g);
    return ecs_diag_set(diag, ECS_ESOLVER, NULL, 0,
                        "GLPK reported an internal error (GLPK is now in its "
                        "error state: glp_free_env() before solving again)");
}

int glpk_ms_until(double t)
{
    double left = t - ecs_clock_now();
    if (left <= 0.001)
        return 1;
    if (left * 1000.0 >= (double)INT_MAX)
        return INT_MAX;
    return (int)(left * 1000.0);
}
