/* ecsched batch: the results file.  One writer (flock), whole lines only:
 * a partial last line left by a killed run is cut on open; a last line
 * that is a complete result and lacks only its newline (an editor, a copy)
 * is kept and given its newline. */
#include "batch/batch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static ecs_result read_all(int fd, const char *path, char **out, size_t *len,
                           ecs_diag *diag)
{
    struct stat sb;
    if (fstat(fd, &sb) != 0)
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read: %s", strerror(errno));
    size_t n = (size_t)sb.st_size, got = 0;
    char *buf = malloc(n + 1);
    if (buf == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    while (got < n) {
        ssize_t r = pread(fd, buf + got, n - got, (off_t)got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            free(buf);
            return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read: %s",
                                r < 0 ? strerror(errno) : "file shrank");
        }
        got += (size_t)r;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return ECS_OK;
}

/* Keys of the rows of the whole lines buf[0..len-1]. */
static ecs_result parse_keys(tool_batch_store *st, const char *buf, size_t len,
                             ecs_diag *diag)
{
    tool_rows rows;
    memset(&rows, 0, sizeof rows);
    ecs_result rc = tool_rows_parse(buf, len, st->path, &rows, diag);
    if (rc == ECS_OK && rows.n > 0) {
        st->keys = calloc(rows.n, sizeof *st->keys);
        if (st->keys == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, st->path, 0, "out of memory");
    }
    for (size_t k = 0; rc == ECS_OK && k < rows.n; k++) {
        st->keys[k] = tool_row_key(rows.row[k]);
        if (st->keys[k] == NULL)
            rc = ecs_diag_set(diag, ECS_ENOMEM, st->path, 0, "out of memory");
        else
            st->nkeys++;
    }
    tool_rows_release(&rows);
    if (rc == ECS_OK && st->nkeys > 0)
        qsort(st->keys, st->nkeys, sizeof *st->keys, cmp_str);
    return rc;
}

ecs_result tool_batch_store_open(const char *path, tool_batch_store *st,
                                ecs_diag *diag)
{
    memset(st, 0, sizeof *st);
    st->path = path;
    st->fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (st->fd < 0)
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot open: %s", strerror(errno));
    if (flock(st->fd, LOCK_EX | LOCK_NB) != 0) {
        ecs_result rc = ecs_diag_set(diag, ECS_EIO, path, 0,
                                     errno == EWOULDBLOCK
                                         ? "another ecsched batch is writing this file"
                                         : "cannot lock: %s",
                                     strerror(errno));
        tool_batch_store_close(st);
        return rc;
    }
    char *buf = NULL;
    size_t len = 0;
    ecs_result rc = read_all(st->fd, path, &buf, &len, diag);
    if (rc == ECS_OK) {
        size_t whole = tool_rows_whole(buf, len);
        if (whole == len && len > 0 && buf[len - 1] != '\n' &&
            (write(st->fd, "\n", 1) != 1 || fsync(st->fd) != 0))
            rc = ecs_diag_set(diag, ECS_EIO, path, 0,
                              "cannot end the last line: %s", strerror(errno));
        if (whole < len) {
            if (ftruncate(st->fd, (off_t)whole) != 0 || fsync(st->fd) != 0)
                rc = ecs_diag_set(diag, ECS_EIO, path, 0,
                                  "cannot cut the partial last line: %s", strerror(errno));
            st->truncated = len - whole;
        }
        if (rc == ECS_OK)
            rc = parse_keys(st, buf, whole, diag);
    }
    free(buf);
    if (rc != ECS_OK)
        tool_batch_store_close(st);
    return rc;
}

int tool_batch_store_has(const tool_batch_store *st, const char *key)
{
    return st->nkeys > 0 &&
           bsearch(&key, st->keys, st->nkeys, sizeof *st->keys, cmp_str) != NULL;
}

ecs_result tool_batch_store_append(tool_batch_store *st, const char *line,
                                  size_t len, ecs_diag *diag)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(st->fd, line + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return ecs_diag_set(diag, ECS_EIO, st->path, 0, "cannot write: %s",
                                w < 0 ? strerror(errno) : "no progress");
        done += (size_t)w;
    }
    st->dirty = 1;
    return ECS_OK;
}

ecs_result tool_batch_store_sync(tool_batch_store *st, ecs_diag *diag)
{
    if (!st->dirty)
        return ECS_OK;
    st->dirty = 0;
    if (fdatasync(st->fd) != 0 && errno != EINVAL)
        return ecs_diag_set(diag, ECS_EIO, st->path, 0, "cannot sync: %s", strerror(errno));
    return ECS_OK;
}

void tool_batch_store_close(tool_batch_store *st)
{
    if (st->fd >= 0)
        close(st->fd);
    st->fd = -1;
    for (size_t k = 0; k < st->nkeys; k++)
        free(st->keys[k]);
    free(st->keys);
    st->keys = NULL;
    st->nkeys = 0;
}
