/* Result codes and diagnostics (see include/ecsched/result.h). */
#include "ecsched/result.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *ecs_result_name(ecs_result r)
{
    switch (r) {
#define ECS_RESULT_NAME(name, msg) case ECS_##name: return #name;
        ECS_RESULT_MAP(ECS_RESULT_NAME)
#undef ECS_RESULT_NAME
    }
    return "UNKNOWN";
}

const char *ecs_strerror(ecs_result r)
{
    switch (r) {
#define ECS_RESULT_MSG(name, msg) case ECS_##name: return msg;
        ECS_RESULT_MAP(ECS_RESULT_MSG)
#undef ECS_RESULT_MSG
    }
    return "unknown error";
}

void ecs_diag_clear(ecs_diag *d)
{
    if (d == NULL)
        return;
    d->file[0] = '\0';
    d->line = 0;
    d->msg[0] = '\0';
}

ecs_result ecs_diag_set(ecs_diag *d, ecs_result code, const char *file,
                        long line, const char *fmt, ...)
{
    if (d == NULL)
        return code;
    snprintf(d->file, sizeof d->file, "%s", file ? file : "");
    d->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    return code;
}

void ecs_diag_format(const ecs_diag *d, char *buf, size_t size)
{
    if (size == 0)
        return;
    buf[0] = '\0';
    if (d == NULL)
        return;
    if (d->file[0] != '\0' && d->line > 0)
        snprintf(buf, size, "%s:%ld: %s", d->file, d->line, d->msg);
    else if (d->file[0] != '\0')
        snprintf(buf, size, "%s: %s", d->file, d->msg);
    else
        snprintf(buf, size, "%s", d->msg);
}
