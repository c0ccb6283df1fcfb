/* Growing arrays (cli/run/grow.h). */
#include "run/grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

size_t tool_grow_cap(size_t cap, size_t first)
{
    return cap ? 2 * cap : first;
}

int tool_resize(void *pp, size_t n, size_t elem)
{
    if (n == 0 || elem == 0 || n > SIZE_MAX / elem)
        return -1; /* realloc(p, 0) would free p */
    void *p;
    memcpy(&p, pp, sizeof p);
    void *np = realloc(p, n * elem);
    if (np == NULL)
        return -1;
    memcpy(pp, &np, sizeof np);
    return 0;
}

int tool_grow(void *pp, size_t n, size_t *cap, size_t elem, size_t first)
{
    if (n < *cap)
        return 0;
    size_t c = tool_grow_cap(*cap, first);
    if (c <= *cap || tool_resize(pp, c, elem) != 0) /* c <= *cap: overflow */
        return -1;
    *cap = c;
    return 0;
}
