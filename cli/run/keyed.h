/*
 * Items grouped by a string key (cli/run/keyed.c): the batch's pending
 * cases, the report's duplicate rows and its instances all sort (key,
 * index) pairs so that equal keys stand together, the first index first.
 */
#ifndef ECSCHED_CLI_KEYED_H
#define ECSCHED_CLI_KEYED_H

#include <stddef.h>

typedef struct tool_keyed {
    char *key;   /* malloc'ed (tool_keyed_free frees it) */
    size_t at;   /* the item's index */
} tool_keyed;

/* Sort by key, equal keys by index. */
void tool_keyed_sort(tool_keyed *k, size_t n);

/* Free the n keys, then the array; k may be NULL. */
void tool_keyed_free(tool_keyed *k, size_t n);

#endif
