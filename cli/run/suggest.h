/* "Did you mean": the closest name to a mistyped one (cli/run/suggest.c). */
#ifndef ECSCHED_CLI_SUGGEST_H
#define ECSCHED_CLI_SUGGEST_H

#include <getopt.h>
#include <stddef.h>

/* The candidate closest to word by edit distance (insertions, deletions,
 * substitutions, and swaps of neighbours), when that distance is at most
 * 2 and at most a third of word's length (rounded up); else NULL.  Ties:
 * the first candidate. */
const char *tool_closest(const char *word, const char *const *cand,
                            size_t n);

/* For an unknown long option word ("--extention", "--extention=1"): the
 * closest of longopts' names, written "--name" into buf; 0 when none is
 * close (buf ""). */
int tool_closest_option(const char *word, const struct option *longopts,
                           char *buf, size_t size);

#endif
