/* Size limits on the command line: the --max-* flags and the checks the
 * commands share (the one general mechanism of issue 17; the library
 * side is include/ecsched/limits.h). */
#include "run/cli.h"

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

ecs_result tool_check_slots(const ecs_limits *l, long long slots,
                               const char *file, const char *what,
                               ecs_diag *diag)
{
    char buf[160];
    snprintf(buf, sizeof buf, "%s asks for", what);
    return ecs_limits_check(l, ECS_LIMIT_SLOTS, (double)slots, file, 0, buf,
                            diag);
}

ecs_result tool_check_graph(const ecs_limits *l, const ecs_graph *g,
                               const char *file, ecs_diag *diag)
{
    ecs_result rc = ecs_limits_check(l, ECS_LIMIT_TASKS, (double)g->n, file,
                                     0, "the graph has tasks:", diag);
    double total = 0.0;
    for (size_t i = 0; rc == ECS_OK && i < g->n; i++) {
        char what[96];
        snprintf(what, sizeof what, "task %ld has work", g->id[i]);
        rc = ecs_limits_check(l, ECS_LIMIT_WORK, (double)g->work[i], file, 0,
                               what, diag);
        total += (double)g->work[i];
    }
    /* the makespan is at least the critical path and at most the total
     * work: refuse a horizon that cannot fit before solving for it */
    if (rc == ECS_OK && total > (double)l->max_slots)
        rc = ecs_limits_check(l, ECS_LIMIT_SLOTS,
                              (double)ecs_graph_critical_path(g), file, 0,
                              "the critical path needs slots:", diag);
    return rc;
}

ecs_result tool_load_json(const char *path, const ecs_limits *l,
                             json_t **out, ecs_diag *diag)
{
    *out = NULL;
    ecs_limits def;
    if (l == NULL) {
        ecs_limits_init(&def);
        l = &def;
    }
    char *text = NULL;
    size_t len = 0;
    ecs_result rc = ecs_read_file(path, l->max_input_bytes, &text, &len, diag);
    if (rc != ECS_OK)
        return rc;
    size_t skip = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    json_error_t err;
    json_t *root = json_loadb(text + skip, len - skip, JSON_REJECT_DUPLICATES,
                              &err);
    free(text);
    if (root == NULL)
        return ecs_diag_set(diag, ECS_EPARSE, path,
                            err.line > 0 ? err.line : 0, "%s (column %d)",
                            err.text, err.column);
    *out = root;
    return ECS_OK;
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
