/*
 * ecsched: a small seeded pseudo-random generator, for the graph generators
 * and every randomised method (header-only, public so that a seeded run is
 * reproducible from its seed on every machine).
 *
 * splitmix64 (Steele, Lea, Flood 2014, as published by Vigna): one 64-bit
 * state word, no global state.  Everything built on it is integer
 * arithmetic, so the same seed gives the same numbers on every machine.
 */
#ifndef ECSCHED_RNG_H
#define ECSCHED_RNG_H

#include <stdint.h>

typedef struct ecs_rng {
    uint64_t state;
} ecs_rng;

static inline void ecs_rng_seed(ecs_rng *r, uint64_t seed)
{
    r->state = seed;
}

/* The next 64 random bits. */
static inline uint64_t ecs_rng_next(ecs_rng *r)
{
    uint64_t z = (r->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Uniform in 0..k-1 (k >= 1), without modulo bias (rejection). */
static inline uint64_t ecs_rng_below(ecs_rng *r, uint64_t k)
{
    uint64_t reject = (0 - k) % k; /* 2^64 mod k */
    uint64_t x;
    do
        x = ecs_rng_next(r);
    while (x < reject);
    return x % k;
}

/*
 * A Bernoulli threshold for probability p: ecs_rng_hit() is true with
 * probability threshold / 2^53.  p is turned into an integer once, so the
 * draws themselves involve no floating point.
 */
static inline uint64_t ecs_rng_threshold(double p)
{
    if (!(p > 0))
        return 0;
    if (p >= 1)
        return UINT64_C(1) << 53;
    return (uint64_t)(p * 9007199254740992.0); /* p * 2^53, exact scaling */
}

static inline int ecs_rng_hit(ecs_rng *r, uint64_t threshold)
{
    return (ecs_rng_next(r) >> 11) < threshold;
}

#endif
