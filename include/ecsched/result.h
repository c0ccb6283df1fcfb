/*
 * ecsched: result codes and diagnostics shared by the whole API.
 *
 * Every fallible library function returns an ecs_result and, where a
 * message helps the user, fills an ecs_diag with "file:line: problem".
 * The codes are defined once, in ECS_RESULT_MAP, which yields the enum,
 * ecs_result_name() and ecs_strerror().  Library code never prints and never
 * exits: the command line decides what to do with a result.
 */
#ifndef ECSCHED_RESULT_H
#define ECSCHED_RESULT_H

#include <stddef.h>

/* X-macro: XX(ENUM_SUFFIX, "description") */
#define ECS_RESULT_MAP(XX)                                                  \
    XX(OK, "success")                                                       \
    XX(ENOMEM, "out of memory")                                             \
    XX(EIO, "cannot read or write a file")                                  \
    XX(EPARSE, "malformed input")                                           \
    XX(EINVAL, "invalid argument")                                          \
    XX(EINFEASIBLE, "no schedule meets the deadline")                       \
    XX(EVIOLATION, "the schedule breaks the model")                         \
    XX(ELIMIT, "a size or time limit was reached")                          \
    XX(ESOLVER, "the solver failed")                                        \
    XX(EINTERNAL, "internal error")                                         \
    XX(EUNSUPPORTED, "the method does not handle this platform")

typedef enum ecs_result {
#define ECS_RESULT_ENUM(name, msg) ECS_##name,
    ECS_RESULT_MAP(ECS_RESULT_ENUM)
#undef ECS_RESULT_ENUM
} ecs_result;

/* Short upper-case name of a result, e.g. "EPARSE". */
const char *ecs_result_name(ecs_result r);

/* Human-readable description of a result, e.g. "malformed input". */
const char *ecs_strerror(ecs_result r);

/* A diagnostic: where the problem is and what it is. */
#define ECS_DIAG_MSG_MAX 512
typedef struct ecs_diag {
    char file[256];           /* file name, or "" when not about a file */
    long line;                /* 1-based line number, 0 when unknown */
    char msg[ECS_DIAG_MSG_MAX]; /* the problem, one line, no trailing period */
} ecs_diag;

/* Clear a diagnostic.  NULL is accepted and ignored. */
void ecs_diag_clear(ecs_diag *d);

/*
 * Record a problem in d (NULL is accepted and ignored) and return code, so
 * that callers can write `return ecs_diag_set(d, ECS_EPARSE, f, ln, "...")`.
 * file may be NULL; line 0 means "no line".
 */
ecs_result ecs_diag_set(ecs_diag *d, ecs_result code, const char *file,
                        long line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Format "file:line: msg" (parts omitted when absent) into buf. */
void ecs_diag_format(const ecs_diag *d, char *buf, size_t size);

#endif
