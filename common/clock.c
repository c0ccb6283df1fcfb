/* The one clock (include/ecsched/clock.h). */
#include "ecsched/clock.h"

#include <time.h>

static double seconds_of(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double ecs_clock_now(void)
{
    return seconds_of(CLOCK_MONOTONIC);
}

double ecs_clock_cpu(void)
{
    return seconds_of(CLOCK_PROCESS_CPUTIME_ID);
}
