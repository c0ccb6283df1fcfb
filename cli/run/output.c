/* Atomic output files: nothing half-written. */
#include "run/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

ecs_result ecs_cli_write_file(const char *path, const char *text,
                              ecs_diag *diag)
{
    size_t len = strlen(text);
    if (strcmp(path, "-") == 0) {
        if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0)
            return ecs_diag_set(diag, ECS_EIO, "stdout", 0, "write failed");
        return ECS_OK;
    }
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (tmp == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (f == NULL) {
        ecs_result rc = ecs_diag_set(diag, ECS_EIO, path, 0,
                                     "cannot write: %s", strerror(errno));
        free(tmp);
        return rc;
    }
    int bad = fwrite(text, 1, len, f) != len;
    bad |= fflush(f) != 0;
    bad |= fsync(fileno(f)) != 0 && errno != EINVAL;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        ecs_result rc = ecs_diag_set(diag, ECS_EIO, path, 0,
                                     "cannot write: %s", strerror(errno));
        remove(tmp);
        free(tmp);
        return rc;
    }
    free(tmp);
    return ECS_OK;
}

ecs_result ecs_cli_write_json(const char *path, const json_t *doc,
                              ecs_diag *diag)
{
    char *text = json_dumps(doc, ECS_JSON_FLAGS);
    if (text == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "cannot format JSON");
    size_t len = strlen(text);
    char *withnl = realloc(text, len + 2);
    if (withnl == NULL) {
        free(text);
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    }
    withnl[len] = '\n';
    withnl[len + 1] = '\0';
    ecs_result rc = ecs_cli_write_file(path, withnl, diag);
    free(withnl);
    return rc;
}

ecs_result ecs_cli_write_doc(const ecs_cli_model *m, const json_t *doc,
                             ecs_diag *diag)
{
    ecs_result rc = ECS_OK;
    if (m->out_path != NULL)
        rc = ecs_cli_write_json(m->out_path, doc, diag);
    if (rc == ECS_OK && m->json)
        rc = ecs_cli_write_json("-", doc, diag);
    return rc;
}
