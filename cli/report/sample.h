/*
 * ecsched report: the one statistics module (cli/report/sample.c): a
 * growing sample of numbers and its mean, median, maximum and sum, for the
 * report tables and the reproduce report.
 */
#ifndef ECSCHED_CLI_SAMPLE_H
#define ECSCHED_CLI_SAMPLE_H

#include <stddef.h>

typedef struct tool_sample {
    double *v;     /* n values (malloc), in insertion order until sorted */
    size_t n, cap;
} tool_sample;

/* Append x; 0, or -1 when out of memory (the sample is unchanged). */
int tool_sample_add(tool_sample *s, double x);

/* NAN for an empty sample. */
double tool_sample_sum(const tool_sample *s);
double tool_sample_mean(const tool_sample *s);
double tool_sample_max(const tool_sample *s);

/* The median (mean of the two middle values for even n); sorts s->v. */
double tool_sample_median(tool_sample *s);

/* Sort v[0..n-1] ascending (no NaN). */
void tool_sort_doubles(double *v, size_t n);

/* Free the values; the sample is empty again. */
void tool_sample_release(tool_sample *s);

#endif
