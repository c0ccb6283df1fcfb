/*
 * ecsched: the platform: P identical PEs, a discrete frequency set F and a
 * power model (docs/MODEL.md "Platform").
 *
 * Frequencies are held exactly on an integer grid: every frequency is
 * freq_q[k] / grid, and one work unit is `grid` grid steps, so work sums are
 * compared with integers, never with floating-point tolerances.
 */
#ifndef ECSCHED_PLATFORM_H
#define ECSCHED_PLATFORM_H

#include <stddef.h>

#include "ecsched/result.h"

#define ECS_MAX_FREQS 32

typedef enum ecs_power_model {
    ECS_POWER_QUADRATIC = 0, /* power(f) = f^2 */
    ECS_POWER_STATIC         /* power(f) = s + (1-s) f^3 for f > 0, power(0) = 0 */
} ecs_power_model;

typedef struct ecs_platform {
    int pes;                       /* number of PEs, >= 1 */
    size_t nfreq;                  /* |F| */
    double freq[ECS_MAX_FREQS];    /* strictly decreasing, freq[0] = 1 */
    long freq_q[ECS_MAX_FREQS];    /* freq[k] * grid, exact integers */
    long grid;                     /* grid steps per work unit (= freq_q[0]) */
    char freq_text[ECS_MAX_FREQS][16]; /* the decimals as given, e.g. "0.8" */
    ecs_power_model power;
    double static_share;           /* s of the static model */
    char power_text[32];           /* "quadratic" or "static:0.4" */
    double power_of[ECS_MAX_FREQS]; /* power(freq[k]) */
} ecs_platform;

/*
 * Defaults: 1 PE, F = {1, 0.8, 0.6, 0.4, 0.2, 0}, quadratic power.
 */
void ecs_platform_init(ecs_platform *p);

/*
 * Set F from a comma-separated list of decimals, e.g. "1,0.8,0.6,0.4,0.2,0".
 * The list must be strictly decreasing, start at 1 and lie in [0, 1], with
 * at most 6 decimals; otherwise EINVAL with a message.
 */
ecs_result ecs_platform_set_freqs(ecs_platform *p, const char *list,
                                  ecs_diag *diag);

/* Set the power model from "quadratic" or "static:S" with S in [0, 1]. */
ecs_result ecs_platform_set_power(ecs_platform *p, const char *spec,
                                  ecs_diag *diag);

/* Set the number of PEs (1..100000). */
ecs_result ecs_platform_set_pes(ecs_platform *p, long pes, ecs_diag *diag);

/* Index of frequency f = q / grid (grid steps), or -1 if not in F. */
int ecs_platform_freq_index_q(const ecs_platform *p, long q);

/* Index of frequency value f (compared on the grid), or -1 if not in F. */
int ecs_platform_freq_index(const ecs_platform *p, double f);

/* 1 if 0 is in F (tasks can wait in place), else 0. */
int ecs_platform_has_zero(const ecs_platform *p);

/* OK, or EINVAL (diag says which) when p was not set up by
 * ecs_platform_init and its setters: no PE, no or too many frequencies, a
 * frequency grid that does not start at 1, a frequency below 0 or a power
 * that is not a number. */
ecs_result ecs_platform_validate(const ecs_platform *p, ecs_diag *diag);

#endif
