/*
 * ecsched: the one clock of the library and the command (common/clock.c).
 * Every elapsed time, time limit and progress interval is measured with it.
 */
#ifndef ECSCHED_CLOCK_H
#define ECSCHED_CLOCK_H

/* Seconds on the monotonic clock (CLOCK_MONOTONIC) since an arbitrary
 * origin: only differences mean something.  Never fails. */
double ecs_clock_now(void);

/* CPU seconds used by this process so far (CLOCK_PROCESS_CPUTIME_ID), for
 * the run context of result rows; 0 where the clock is missing. */
double ecs_clock_cpu(void);

#endif
