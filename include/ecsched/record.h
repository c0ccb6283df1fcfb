/*
 * ecsched: what makes a result row or a schedule document self-describing
 * (setup/record.c): the model, the price source with a content hash, and
 * the run context.  The case key of a row is built from these objects
 * (the command's cli/run/rows.h), so every input that changes a result changes the key.
 */
#ifndef ECSCHED_RECORD_H
#define ECSCHED_RECORD_H

#include "ecsched/document.h"
#include "ecsched/prices.h"
#include "ecsched/setup.h"

#include <stdint.h>

/*
 * The price source of prices_spec under the loader options o:
 * {"spec", "file_hash" ("fnv1a64:<16 hex digits>" of the file's bytes, null
 * for a built-in), "options": {slot_minutes, no_repeat, price_column,
 * time_column, filter, utc_offset_minutes (null when not given), stamp,
 * fill, start, unit}}.  NULL with diag (EIO) when a file cannot be read.
 */
json_t *ecs_record_price_source(const char *prices_spec,
                                const ecs_price_options *o, ecs_diag *diag);

/* The inverse of the "options" of ecs_record_price_source: *o from the
 * recorded object (defaults for what it lacks; j not an object: the
 * defaults).  EINVAL (diag says which) for a value the loader refuses. */
ecs_result ecs_record_price_options_read(const json_t *j, ecs_price_options *o,
                                        ecs_diag *diag);

/* FNV-1a 64 of the bytes of the file at path into *out: 0, or -1 with
 * diag (EIO) when it cannot be read. */
/* FNV-1a 64 of n bytes at p (the documents' "fnv1a64:" hashes). */
uint64_t ecs_record_fnv_bytes(const void *p, size_t n);

int ecs_record_fnv_file(const char *path, uint64_t *out, ecs_diag *diag);

/*
 * The model of m with the given price source (stolen): {"freqs", "power",
 * "deadline_rule" ("extension" or "deadline"), "price_source"}: null
 * (the given one released) on a platform whose every site has its own
 * prices, which uses no --prices.  P, E and the price name stay top-level
 * row fields.  NULL when out of memory.
 */
json_t *ecs_record_model(const ecs_setup *m, json_t *price_source);

/* The run context: {"host", "cpu_model", "workers", "wall_s", "cpu_s"}
 * (cpu_model from /proc/cpuinfo, null where unknown; workers: processes
 * that ran cases at the same time, 1 for a single command).  NULL when out
 * of memory. */
json_t *ecs_record_context(int workers, double wall_s, double cpu_s);

/* "optimal", "time_limit" (the makespan search stopped at its limit) or
 * "from_file" (--base): the base schedule's status. */
const char *ecs_record_base_status(int from_file, int optimal);

#endif
