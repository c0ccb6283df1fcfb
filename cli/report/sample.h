/*
 * ecsched report: the one statistics module (cli/report/sample.c): a
 * growing sample of numbers and its mean, median, maximum and sum, for the
 * report tables and the reproduce report.
 */
#ifndef ECSCHED_CLI_SAMPLE_H
#define ECSCHED_CLI_SAMPLE_H

#include <stddef.h>

typedef struct ecs_sample {
    double *v;     /* n values (malloc), in insertion order until sorted */
    size_t n, cap;
} ecs_sample;

/* Append x; 0, or -1 when out of memory (the sample is unchanged). */
int ecs_sample_add(ecs_sample *s, double x);

/* NAN for an empty sample. */
double ecs_sample_sum(const ecs_sample *s);
double ecs_sample_mean(const ecs_sample *s);
double ecs_sample_max(const ecs_sample *s);

/* The median (mean of the two middle values for even n); sorts s->v. */
double ecs_sample_median(ecs_sample *s);

/* Sort v[0..n-1] ascending (no NaN). */
void ecs_sort_doubles(double *v, size_t n);

/* Free the values; the sample is empty again. */
void ecs_sample_release(ecs_sample *s);

#endif
