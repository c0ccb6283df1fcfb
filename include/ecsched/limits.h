/*
 * ecsched: size limits on untrusted input, the one mechanism (issue 17).
 *
 * A small file must not cost gigabytes or minutes: every size that work or
 * memory grows with is checked against these limits before anything large
 * is allocated or computed.  The command line exposes each field as a flag
 * (the FLAG column below) and every message names the flag that raises the
 * limit.  Defaults, set only by ecs_limits_init, are generous for real use
 * (the paper's graphs have at most 5000 tasks of work at most 10 and
 * deadlines of a few thousand slots).
 */
#ifndef ECSCHED_LIMITS_H
#define ECSCHED_LIMITS_H

#include <stddef.h>

#include "ecsched/result.h"

/* The longest slot of slots of different lengths, in units of the
 * shortest common length (a week of one-minute units). */
#define ECS_SLOT_LEN_MAX 10080

typedef struct ecs_limits {
    long long max_input_bytes; /* bytes of one input file (--max-input-bytes),
                                  default 256 MiB */
    long long max_tasks;       /* tasks of a graph (--max-tasks), default 1e6 */
    long long max_work;        /* work of one task (--max-work), default 1e6 */
    long long max_slots;       /* slots of the horizon: deadline, makespan,
                                  a schedule's last slot (--max-slots),
                                  default 1e6 */
} ecs_limits;

/* Which limit a check is about. */
typedef enum ecs_limit_kind {
    ECS_LIMIT_INPUT_BYTES,
    ECS_LIMIT_TASKS,
    ECS_LIMIT_WORK,
    ECS_LIMIT_SLOTS
} ecs_limit_kind;

/* Fill l with the defaults. */
void ecs_limits_init(ecs_limits *l);

/* The checks every method's parameters share (one message each): EINVAL
 * (diag says which) for a time limit that is not a positive, finite number
 * of seconds; for a relative gap outside [0, 1). */
ecs_result ecs_check_time_limit(double seconds, ecs_diag *diag);
ecs_result ecs_check_gap(double gap, ecs_diag *diag);

/* EINVAL (diag names the flag) for a limit below 1. */
ecs_result ecs_limits_validate(const ecs_limits *l, ecs_diag *diag);

/* The flag of a limit, e.g. "--max-slots". */
const char *ecs_limit_flag(ecs_limit_kind k);

/* The value of a limit in l. */
long long ecs_limit_value(const ecs_limits *l, ecs_limit_kind k);

/*
 * Check value (what the input asks for) against limit k.  Returns ECS_OK,
 * or EINVAL with diag = "file:line: WHAT VALUE is more than the limit of
 * LIMIT (FLAG N raises it)".  file may be NULL, line 0; what says what was
 * asked, e.g. "task 7 has work".  value is a double so that sums that
 * overflow a long still compare right.
 */
ecs_result ecs_limits_check(const ecs_limits *l, ecs_limit_kind k,
                            double value, const char *file, long line,
                            const char *what, ecs_diag *diag);

/*
 * Parse the command-line value of a limit: a whole number >= 1 with an
 * optional suffix k, M, G (powers of 1000) or Ki, Mi, Gi (powers of 1024).
 * Returns 0, or -1 (*out untouched).
 */
int ecs_limits_parse(const char *s, long long *out);

/*
 * Read a whole file into memory (*text malloc'ed, NUL-terminated, *len
 * bytes), at most max_bytes of it (limit ECS_LIMIT_INPUT_BYTES): a longer
 * file or stream (e.g. /dev/zero) stops there with EINVAL naming
 * --max-input-bytes.  A directory is EIO "is a directory"; an unopenable
 * file EIO with the system's reason.  "-" reads standard input (named
 * "(stdin)" in messages; not closed).  Nothing is allocated on failure.
 */
ecs_result ecs_read_file(const char *path, long long max_bytes, char **text,
                         size_t *len, ecs_diag *diag);

#endif
