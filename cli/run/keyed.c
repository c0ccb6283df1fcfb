/* Items grouped by a string key (cli/run/keyed.h). */
#include "run/keyed.h"

#include <stdlib.h>
#include <string.h>

static int cmp_keyed(const void *a, const void *b)
{
    const tool_keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c != 0 ? c : (x->at > y->at) - (x->at < y->at);
}

void tool_keyed_sort(tool_keyed *k, size_t n)
{
    if (n > 1)
        qsort(k, n, sizeof *k, cmp_keyed);
}

void tool_keyed_free(tool_keyed *k, size_t n)
{
    for (size_t i = 0; k != NULL && i < n; i++)
        free(k[i].key);
    free(k);
}
