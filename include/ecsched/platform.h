/*
 * ecsched: the platform: P identical PEs, a discrete frequency set F and a
 * power model (docs/MODEL.md "Platform"); or, for the extended model
 * (docs/MODEL.md "Heterogeneous platforms"), classes of PEs, each with its
 * own count, site, speed and power at every frequency of F, and idle power.
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
#define ECS_MAX_CLASSES 16
#define ECS_MAX_SITES 8
#define ECS_NAME_MAX 32

typedef enum ecs_power_model {
    ECS_POWER_QUADRATIC = 0, /* power(f) = f^2 */
    ECS_POWER_STATIC         /* power(f) = s + (1-s) f^3 for f > 0, power(0) = 0 */
} ecs_power_model;

/*
 * One class of identical PEs of the extended model.  Frequencies are the
 * platform's F (one index k for every class); what a class makes of them
 * is its own:
 *  - speed[k]: work units one PE does in one slot at f_k.  speed = f is
 *    the paper's model; a class twice as fast has speed[k] = 2 f_k.  0 at
 *    f = 0 and only there; strictly decreasing in k; at most 6 decimals.
 *  - power_of[k]: the energy one busy PE of the class draws in a slot at
 *    f_k (at f = 0, a task waiting in place: the idle draw), in the model's
 *    energy unit (docs/MODEL.md; the command line uses kWh);
 *  - idle: the energy per slot of a PE that is on and has no task (every
 *    PE is on over the whole horizon, slots 0 .. D'-1).
 * Busy or not, a PE draws at least idle: in a slot, a PE's draw is idle
 * plus (power_of[k] - idle) while a task runs on it at f_k.
 */
typedef struct ecs_pe_class {
    char name[ECS_NAME_MAX];
    int count;                      /* PEs of the class, 1..100000 */
    int site;                       /* 0 .. nsite-1 */
    int first_pe;                   /* set by ecs_platform_add_class */
    double speed[ECS_MAX_FREQS];
    long speed_q[ECS_MAX_FREQS];    /* speed[k] * grid, exact (set) */
    double power_of[ECS_MAX_FREQS];
    double idle;
    /* as given, for reports only (0 when not known) */
    double watts[ECS_MAX_FREQS];
    double idle_watts;
} ecs_pe_class;

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
    /* The extended model (nclass > 0; ecs_platform_add_class).  PEs are
     * numbered class by class: class c owns PEs first_pe .. first_pe +
     * count - 1, and pes is the sum of the counts.  power, static_share
     * and power_of above are then unused. */
    size_t nclass;
    ecs_pe_class cls[ECS_MAX_CLASSES];
    int nsite;                                /* sites named, >= 1 */
    char site_name[ECS_MAX_SITES][ECS_NAME_MAX];
    long micro[ECS_MAX_FREQS];                /* freq[k] * 1e6, exact */
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

/*
 * Name site number nsite (0 the first) and return its index in *site;
 * EINVAL for an empty or too long name, a name already used or more than
 * ECS_MAX_SITES sites.  A platform without sites has one, unnamed.
 */
ecs_result ecs_platform_add_site(ecs_platform *p, const char *name,
                                 int *site, ecs_diag *diag);

/*
 * Add a class (the extended model): c's name, count, site, speed[k] for
 * every k < nfreq, power_of[k], idle (watts, idle_watts for reports) are
 * read; first_pe and speed_q are set, and the grid is refined so that every
 * speed lies on it (freq_q of F and speed_q of every class are rescaled).
 * Set F first (ecs_platform_set_freqs after a class is EINVAL).  EINVAL
 * (diag names the class and the rule) for a count outside 1..100000 or
 * above 100000 PEs in all, an unknown site, a speed that is negative, not
 * 0 exactly where f = 0, not strictly decreasing, above 1000 or with more
 * than 6 decimals, a power or idle energy that is negative or not finite,
 * a busy power below idle, or more than ECS_MAX_CLASSES classes.
 */
ecs_result ecs_platform_add_class(ecs_platform *p, const ecs_pe_class *c,
                                  ecs_diag *diag);

/* The class of PE pe (0 for the paper's platform; -1 outside 0..pes-1). */
int ecs_platform_pe_class(const ecs_platform *p, int pe);

/* Work grid steps of one slot at f_k on a PE of class c (freq_q[k] for the
 * paper's platform, whatever c). */
long ecs_platform_speed_q(const ecs_platform *p, int c, size_t k);

/* Energy of a busy PE of class c at f_k in one slot (power_of[k] for the
 * paper's platform). */
double ecs_platform_power(const ecs_platform *p, int c, size_t k);

/* OK, or EINVAL (diag says which) when p was not set up by
 * ecs_platform_init and its setters: no PE, no or too many frequencies, a
 * frequency grid that does not start at 1, a frequency below 0 or a power
 * that is not a number. */
ecs_result ecs_platform_validate(const ecs_platform *p, ecs_diag *diag);

#endif
