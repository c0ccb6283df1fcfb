/* Exit codes, error messages and the clock of the command line. */
#include "run/cli.h"

#include <stdarg.h>

int tool_exit_code(ecs_result r)
{
    switch (r) {
    case ECS_OK:
        return TOOL_EXIT_OK;
    case ECS_EINFEASIBLE:
    case ECS_EVIOLATION:
        return TOOL_EXIT_INFEASIBLE;
    case ECS_EPARSE:
    case ECS_EINVAL:
    case ECS_EIO:
    case ECS_EUNSUPPORTED:
        return TOOL_EXIT_USAGE;
    case ECS_ENOMEM:
    case ECS_ELIMIT:
    case ECS_ESOLVER:
    case ECS_EINTERNAL:
        return TOOL_EXIT_INTERNAL;
    }
    return TOOL_EXIT_INTERNAL;
}

void tool_error(const char *cmd, const ecs_diag *d)
{
    char buf[1024];
    ecs_diag_format(d, buf, sizeof buf);
    fprintf(stderr, "ecsched %s: %s\n", cmd, buf[0] ? buf : "failed");
}

/* "ecsched CMD: " and the message, without the newline. */
static void vmessage(const char *cmd, const char *fmt, va_list ap)
{
    fprintf(stderr, "ecsched %s: ", cmd);
    vfprintf(stderr, fmt, ap);
}

void tool_errorf(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int tool_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmessage(cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'ecsched %s --help'.\n", cmd);
    return TOOL_EXIT_USAGE;
}

