/* Progress lines and the solver log on stderr (cli/run/progress.h). */
#include "run/progress.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>

static int disabled;
static int line_open;

int tool_progress_on(void)
{
    return !disabled && isatty(STDERR_FILENO);
}

void tool_progress_enable(int on)
{
    disabled = !on;
}

void tool_makespan_progress(void *ctx, const ecs_progress *p)
{
    (void)ctx;
    fprintf(stderr, "\rmakespan: %.1f s, best %.0f, bound %.0f, %llu nodes   ",
            p->elapsed_s, p->cost, p->bound, p->nodes);
    fflush(stderr);
    line_open = 1;
}

void tool_milp_progress(void *ctx, const ecs_progress *p)
{
    (void)ctx;
    char inc[32] = "none", bd[32] = "?", gap[32] = "?";
    if (!isnan(p->cost))
        snprintf(inc, sizeof inc, "%.6g", p->cost);
    if (!isnan(p->bound))
        snprintf(bd, sizeof bd, "%.6g", p->bound);
    if (!isnan(p->gap))
        snprintf(gap, sizeof gap, "%.1f%%", 100.0 * p->gap);
    fprintf(stderr, "\rmilp: %.1f s, incumbent %s, bound %s, gap %s, %llu nodes   ",
            p->elapsed_s, inc, bd, gap, p->nodes);
    fflush(stderr);
    line_open = 1;
}

void tool_local_progress(void *ctx, const ecs_progress *p)
{
    (void)ctx;
    char c[48] = "";
    if (!isnan(p->cost))
        snprintf(c, sizeof c, ", cost %.6g (the schedule under search)", p->cost);
    fprintf(stderr, "\rlocal: %.1f s%s, %llu rounds   ", p->elapsed_s, c,
            p->nodes);
    fflush(stderr);
    line_open = 1;
}

void tool_progress_done(void)
{
    if (line_open)
        fputc('\n', stderr);
    line_open = 0;
}

void tool_log_stderr(void *ctx, const char *text)
{
    (void)ctx;
    fputs(text, stderr);
}
