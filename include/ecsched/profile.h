/*
 * ecsched: the cheapest frequency profile of one task over an interval of
 * slots (docs/MODEL.md "MILP, strong formulation": once a task's interval [s, e]
 * is fixed, its cheapest profile does not depend on any other task).
 *
 * For `work` units over slots s..e under per-slot prices price[l], choose
 * one frequency index per slot so that sum freq_q >= work * grid (exactly,
 * on the platform's integer grid) at the least sum power(f_l) * price[l]:
 * a multiple-choice knapsack, solved exactly by dynamic programming over
 * the work done so far (0 .. work * grid grid steps; work beyond the need
 * is allowed, which pays where prices are negative).
 *
 * Every function here runs the same one-slot DP step in the same order, so
 * that a cost computed by any of them for the same (work, s, e) is the same
 * double, bit for bit: the MILP's interval costs, the profiles it extracts
 * and the local heuristic's costs agree exactly.
 *
 * Prices are plain arrays (price[l] for every slot used; the caller checks
 * that they are finite); the work is > 0 and work * grid must fit a long.
 * Nothing here allocates except ecs_profile_cheapest.
 */
#ifndef ECSCHED_PROFILE_H
#define ECSCHED_PROFILE_H

#include <stddef.h>

#include "ecsched/platform.h"
#include "ecsched/result.h"

/* Doubles of scratch space ecs_profile_costs_from and ecs_profile_window
 * need for `work`: 2 * (work * grid + 1). */
size_t ecs_profile_scratch(const ecs_platform *p, long work);

/*
 * Costs of the intervals [s, s + t] for t = 0 .. len-1, in one DP sweep
 * from s: cost[t] = the cheapest profile's cost, HUGE_VAL where no profile
 * over s..s+t finishes the work.  Reads price[s .. s+len-1]; scratch holds
 * ecs_profile_scratch(p, work) doubles.
 */
void ecs_profile_costs_from(const ecs_platform *p, const double *price,
                            long work, long s, long len, double *cost,
                            double *scratch);

/*
 * Costs of every interval inside a window of L slots starting at slot es:
 * c[a * L + b] is the cost of [es + a, es + b] for 0 <= a <= b < L, and
 * HUGE_VAL for a > b and where no profile finishes the work (c holds L * L
 * doubles).  Row a is ecs_profile_costs_from(es + a, L - a).
 */
void ecs_profile_window(const ecs_platform *p, const double *price, long work,
                        long es, long L, double *c, double *scratch);

/*
 * The cheapest profile for `work` units over slots s..e (s <= e): fills
 * freq[0 .. e-s] with indices into F and *cost (the same double as
 * ecs_profile_costs_from gives for this interval).  ECS_EINFEASIBLE when no
 * profile finishes the work (freq and *cost untouched), ECS_ENOMEM (it
 * allocates (e-s+1) * (work * grid + 1) bytes of choices and two rows of
 * doubles).
 */
ecs_result ecs_profile_cheapest(const ecs_platform *p, const double *price,
                                long work, long s, long e,
                                unsigned char *freq, double *cost);

/*
 * The same three on slots of different lengths (docs/MODEL.md "Slots of
 * different lengths"): slot_len[l] >= 1 is slot l's length in units, so
 * that frequency index k does q_k * slot_len[l] grid steps there and costs
 * power_k * price[l] * slot_len[l]; slot_len NULL is the uniform grid (the
 * functions above, the same doubles bit for bit).  slot_len is read where
 * price is.
 */
void ecs_profile_costs_from_len(const ecs_platform *p, const double *price,
                                const int *slot_len, long work, long s,
                                long len, double *cost, double *scratch);

void ecs_profile_window_len(const ecs_platform *p, const double *price,
                            const int *slot_len, long work, long es, long L,
                            double *c, double *scratch);

ecs_result ecs_profile_cheapest_len(const ecs_platform *p, const double *price,
                                    const int *slot_len, long work, long s,
                                    long e, unsigned char *freq, double *cost);

#endif
