/* Size limits on the command line: the --max-* flags and the checks the
 * commands share (the one general mechanism of issue 17; the library
 * side is include/ecsched/limits.h). */
#include "run/cli.h"
#include "run/model.h"

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

int tool_limit_option(ecs_limits *l, int opt, const char *arg,
                         ecs_diag *diag)
{
    long long *field;
    const char *flag;
    switch (opt) {
    case TOOL_OPT_MAX_INPUT_BYTES:
        field = &l->max_input_bytes;
        flag = ecs_limit_flag(ECS_LIMIT_INPUT_BYTES);
        break;
    case TOOL_OPT_MAX_TASKS:
        field = &l->max_tasks;
        flag = ecs_limit_flag(ECS_LIMIT_TASKS);
        break;
    case TOOL_OPT_MAX_WORK:
        field = &l->max_work;
        flag = ecs_limit_flag(ECS_LIMIT_WORK);
        break;
    case TOOL_OPT_MAX_SLOTS:
        field = &l->max_slots;
        flag = ecs_limit_flag(ECS_LIMIT_SLOTS);
        break;
    default:
        return 0;
    }
    if (ecs_limits_parse(arg, field) != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "%s needs a whole number from 1 (suffix k, M, G, "
                            "Ki, Mi, Gi allowed), not '%s'",
                            flag, arg),
               -1;
    return 1;
}

FILE *tool_fopen_read(const char *path, ecs_diag *diag)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read: %s",
                     strerror(errno));
        return NULL;
    }
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
        fclose(f);
        ecs_diag_set(diag, ECS_EIO, path, 0, "is a directory");
        return NULL;
    }
    return f;
}
