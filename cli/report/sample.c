/* The one statistics module (cli/report/sample.h). */
#include "report/sample.h"
#include "run/grow.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int tool_sample_add(tool_sample *s, double x)
{
    if (tool_grow(&s->v, s->n, &s->cap, sizeof *s->v, 64) != 0)
        return -1;
    s->v[s->n++] = x;
    return 0;
}

double tool_sample_sum(const tool_sample *s)
{
    double t = 0;
    for (size_t i = 0; i < s->n; i++)
        t += s->v[i];
    return s->n ? t : NAN;
}

double tool_sample_mean(const tool_sample *s)
{
    return s->n ? tool_sample_sum(s) / (double)s->n : NAN;
}

double tool_sample_max(const tool_sample *s)
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

void tool_sort_doubles(double *v, size_t n)
{
    if (n > 1)
        qsort(v, n, sizeof *v, cmp_double);
}

double tool_sample_median(tool_sample *s)
{
    if (s->n == 0)
        return NAN;
    tool_sort_doubles(s->v, s->n);
    return s->n % 2 ? s->v[s->n / 2] : (s->v[s->n / 2 - 1] + s->v[s->n / 2]) / 2;
}

void tool_sample_release(tool_sample *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}
