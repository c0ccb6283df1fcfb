/* The one statistics module (cli/report/sample.h). */
#include "report/sample.h"
#include "run/grow.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int ecs_sample_add(ecs_sample *s, double x)
{
    if (ecs_grow(&s->v, s->n, &s->cap, sizeof *s->v, 64) != 0)
        return -1;
    s->v[s->n++] = x;
    return 0;
}

double ecs_sample_sum(const ecs_sample *s)
{
    double t = 0;
    for (size_t i = 0; i < s->n; i++)
        t += s->v[i];
    return s->n ? t : NAN;
}

double ecs_sample_mean(const ecs_sample *s)
{
    return s->n ? ecs_sample_sum(s) / (double)s->n : NAN;
}

double ecs_sample_max(const ecs_sample *s)
{
    double m = -INFINITY;
    for (size_t i = 0; i < s->n; i++)
        m = s->v[i] > m ? s->v[i] : m;
    return s->n ? m : NAN;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void ecs_sort_doubles(double *v, size_t n)
{
    if (n > 1)
        qsort(v, n, sizeof *v, cmp_double);
}

double ecs_sample_median(ecs_sample *s)
{
    if (s->n == 0)
        return NAN;
    ecs_sort_doubles(s->v, s->n);
    return s->n % 2 ? s->v[s->n / 2] : (s->v[s->n / 2 - 1] + s->v[s->n / 2]) / 2;
}

void ecs_sample_release(ecs_sample *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}
