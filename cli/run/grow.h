/*
 * Growing arrays: one rule for the command side (cli/run/grow.c).  A full
 * array doubles, from `first` elements when it is empty.  The arrays are
 * plain `T *` with a count and a capacity kept by their owner.
 */
#ifndef ECSCHED_CLI_GROW_H
#define ECSCHED_CLI_GROW_H

#include <stddef.h>

/* The capacity that follows cap when the array is full: 2 cap, or first
 * when cap is 0. */
size_t tool_grow_cap(size_t cap, size_t first);

/* Resize the array *pp (pp points to a `T *`) to n >= 1 elements of elem
 * bytes; 0, or -1 when out of memory, n or elem is 0 or n * elem
 * overflows (*pp unchanged). */
int tool_resize(void *pp, size_t n, size_t elem);

/* Room for element n of the array *pp of *cap elements: when n == *cap it
 * grows (tool_grow_cap) and *cap follows.  0, or -1 when out of memory or the
 * capacity would overflow (array and *cap unchanged). */
int tool_grow(void *pp, size_t n, size_t *cap, size_t elem, size_t first);

#endif
