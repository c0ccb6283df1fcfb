/* Output files: nothing half-written, nothing replaced that is not a file. */
#include "run/output.h"
#include "run/model.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>
#include <time.h>
#include <unistd.h>

/* Write all of buf to fd (retrying short writes and EINTR); 0 or -1. */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, buf, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return -1;
        }
        buf += w;
        len -= (size_t)w;
    }
    return 0;
}

/* A target that is not a regular file (device, FIFO, socket): written in
 * place, never replaced, never created. */
static ecs_result write_in_place(const char *path, const char *text,
                                 size_t len, ecs_diag *diag)
{
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write: %s",
                            strerror(errno));
    int bad = write_all(fd, text, len) != 0;
    int e = errno;
    if (close(fd) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (bad)
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write: %s",
                            strerror(e));
    return ECS_OK;
}

/* Create a fresh temporary next to target: O_CREAT | O_EXCL | O_NOFOLLOW
 * (as mkstemp, so a planted file or symlink is never opened), mode 0666
 * less the umask like any new file; the name goes to *tmp (malloc'ed). */
static int create_temp(const char *target, char **tmp)
{
    const char *slash = strrchr(target, '/');
    size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
    const char *base = slash ? slash + 1 : target;
    size_t n = dirlen + strlen(base) + 32;
    char *name = malloc(n);
    if (name == NULL) {
        errno = ENOMEM;
        return -1;
    }
    static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long long x = (unsigned long long)ts.tv_nsec * 2654435761ULL ^
                           (unsigned long long)ts.tv_sec << 20 ^
                           (unsigned long long)getpid() << 40;
    for (int attempt = 0; attempt < 100; attempt++) {
        char rnd[11];
        for (int k = 0; k < 10; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            rnd[k] = digits[x % (sizeof digits - 1)];
        }
        rnd[10] = '\0';
        snprintf(name, n, "%.*s.%s.%s.tmp", (int)dirlen, target, base, rnd);
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
                                O_NOCTTY | O_CLOEXEC, 0666);
        if (fd >= 0) {
            *tmp = name;
            return fd;
        }
        if (errno != EEXIST)
            break;
    }
    int e = errno;
    free(name);
    errno = e;
    return -1;
}

/* fsync the directory holding path, so that the rename lasts. */
static void sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[PATH_MAX];
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

/* A regular file (or a new one): a temporary in its directory, fsync,
 * rename over it; an existing file keeps its permission bits. */
static ecs_result replace_file(const char *path, const struct stat *old,
                               const char *text, size_t len, ecs_diag *diag)
{
    char *tmp = NULL;
    int fd = create_temp(path, &tmp);
    if (fd < 0)
        return ecs_diag_set(diag, ECS_EIO, path, 0,
                            "cannot write: %s",
                            strerror(errno));
    int bad = 0, e = 0;
    if (old != NULL && fchmod(fd, old->st_mode & 07777) != 0)
        bad = 1;
    if (!bad && write_all(fd, text, len) != 0)
        bad = 1;
    if (!bad && fsync(fd) != 0 && errno != EINVAL)
        bad = 1;
    e = errno;
    if (close(fd) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (!bad && rename(tmp, path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        unlink(tmp);
        free(tmp);
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write: %s",
                            strerror(e));
    }
    free(tmp);
    sync_dir(path);
    return ECS_OK;
}

ecs_result tool_write_file(const char *path, const char *text,
                              ecs_diag *diag)
{
    size_t len = strlen(text);
    if (strcmp(path, "-") == 0) {
        if (fwrite(text, 1, len, stdout) != len || fflush(stdout) != 0)
            return ecs_diag_set(diag, ECS_EIO, "standard output", 0,
                                "write failed: %s", strerror(errno));
        return ECS_OK;
    }
    if (path[0] == '\0')
        return ecs_diag_set(diag, ECS_EIO, path, 0, "empty file name");
    /* A symlink is followed to what it names: that is the target. */
    char *real = NULL;
    struct stat sb;
    if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode)) {
        real = realpath(path, NULL);
        if (real == NULL && errno != ENOENT)
            return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write: %s",
                                strerror(errno));
    }
    const char *target = real ? real : path;
    ecs_result rc;
    if (stat(target, &sb) != 0) {
        if (errno == ENOENT)
            rc = replace_file(target, NULL, text, len, diag);
        else
            rc = ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write: %s",
                              strerror(errno));
    } else if (S_ISDIR(sb.st_mode)) {
        rc = ecs_diag_set(diag, ECS_EIO, path, 0, "is a directory");
    } else if (S_ISREG(sb.st_mode)) {
        rc = replace_file(target, &sb, text, len, diag);
    } else {
        rc = write_in_place(target, text, len, diag);
    }
    if (rc != ECS_OK && real != NULL && diag != NULL)
        snprintf(diag->file, sizeof diag->file, "%s", path);
    free(real);
    return rc;
}

int tool_close_stdout(void)
{
    int pending = __fpending(stdout) > 0;
    int prev_fail = ferror(stdout) != 0;
    errno = 0;
    int close_fail = fclose(stdout) != 0;
    int e = errno;
    if (prev_fail || (close_fail && (pending || e != EBADF))) {
        if (!close_fail)
            e = 0;
        fprintf(stderr, "ecsched: write error on standard output%s%s\n",
                e ? ": " : "", e ? strerror(e) : "");
        return -1;
    }
    return 0;
}
ecs_result tool_write_json(const char *path, const json_t *doc,
                              ecs_diag *diag)
{
    /* the library's text of a document, so that every writer gives the
     * same bytes */
    char *withnl = ecs_document_text(doc);
    if (withnl == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "cannot format JSON");
    ecs_result rc = tool_write_file(path, withnl, diag);
    free(withnl);
    return rc;
}

ecs_result tool_write_doc(const tool_model *m, const json_t *doc,
                             ecs_diag *diag)
{
    ecs_result rc = ECS_OK;
    if (m->out_path != NULL)
        rc = tool_write_json(m->out_path, doc, diag);
    if (rc == ECS_OK && m->json)
        rc = tool_write_json("-", doc, diag);
    return rc;
}

/* g as text (tool_graph_output): *text to free. */
static ecs_result graph_text(const ecs_graph *g, tool_graph_fmt fmt,
                             const void *ctx, char **text, ecs_diag *diag)
{
    size_t len = 0;
    FILE *f = open_memstream(text, &len);
    if (f == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    ecs_result rc = fmt(f, g, ctx, diag);
    if (fclose(f) != 0 && rc == ECS_OK)
        rc = ECS_ENOMEM;
    if (rc != ECS_OK)
        return ecs_diag_set(diag, rc, NULL, 0, "cannot format the graph: %s",
                            ecs_strerror(rc));
    return ECS_OK;
}

int tool_graph_output(const char *cmd, ecs_result rc, const ecs_graph *g,
                         tool_graph_fmt fmt, const void *ctx,
                         const char *path, ecs_diag *diag)
{
    char *text = NULL;
    if (rc == ECS_OK)
        rc = graph_text(g, fmt, ctx, &text, diag);
    if (rc == ECS_OK)
        rc = tool_write_file(path ? path : "-", text, diag);
    free(text);
    if (rc != ECS_OK) {
        tool_error(cmd, diag);
    } else if (path && strcmp(path, "-") != 0) {
        ecs_graph_stats st;
        ecs_graph_stats_compute(g, &st);
        printf("%s: %zu tasks, %zu edges, critical path %ld, total work %ld\n",
               path, st.tasks, st.edges, st.critical_path, st.total_work);
    }
    return tool_exit_code(rc);
}

/* Remove the tree at path (a directory this process made or was asked
 * to replace; symlinks are removed, never followed); 0 or -1. */
static int remove_tree(const char *path)
{
    struct stat sb;
    if (lstat(path, &sb) != 0)
        return -1;
    if (!S_ISDIR(sb.st_mode))
        return unlink(path);
    DIR *d = opendir(path);
    if (d == NULL)
        return -1;
    struct dirent *e;
    int bad = 0;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *p = malloc(n);
        if (p == NULL) {
            bad = 1;
            break;
        }
        snprintf(p, n, "%s/%s", path, e->d_name);
        bad |= remove_tree(p) != 0;
        free(p);
    }
    closedir(d);
    return bad || rmdir(path) != 0 ? -1 : 0;
}

/* 1 if the directory at path holds an entry, 0 if empty, -1 on error. */
static int dir_has_entries(const char *path)
{
    DIR *d = opendir(path);
    if (d == NULL)
        return -1;
    struct dirent *e;
    int any = 0;
    while (!any && (e = readdir(d)) != NULL)
        any = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return any;
}

/* A fresh directory beside path: "path.tmp-XXXXXX" (malloc'ed) or NULL. */
static char *temp_beside(const char *path, const char *what)
{
    size_t n = strlen(path) + 16;
    char *t = malloc(n);
    if (t == NULL)
        return NULL;
    snprintf(t, n, "%s.%s-XXXXXX", path, what);
    if (mkdtemp(t) == NULL) {
        free(t);
        return NULL;
    }
    return t;
}

ecs_result tool_write_dir(const char *path, const tool_dir_file *f, size_t n,
                          int force, ecs_diag *diag)
{
    size_t plen = strlen(path);
    while (plen > 1 && path[plen - 1] == '/')
        plen--;
    char *dir = strndup(path, plen);
    if (dir == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    struct stat sb;
    int exists = lstat(dir, &sb) == 0;
    ecs_result rc = ECS_OK;
    if (exists && !S_ISDIR(sb.st_mode))
        rc = ecs_diag_set(diag, ECS_EIO, path, 0,
                          "exists and is not a directory");
    else if (exists && !force && dir_has_entries(dir) != 0)
        rc = ecs_diag_set(diag, ECS_EIO, path, 0,
                          "is not empty: give --force to replace it, or "
                          "another directory");
    char *tmp = rc == ECS_OK ? temp_beside(dir, "tmp") : NULL;
    if (rc == ECS_OK && tmp == NULL)
        rc = ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write: %s",
                          strerror(errno));
    for (size_t k = 0; rc == ECS_OK && k < n; k++) {
        size_t m = strlen(tmp) + strlen(f[k].name) + 2;
        char *fp = malloc(m);
        if (fp == NULL) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
            break;
        }
        snprintf(fp, m, "%s/%s", tmp, f[k].name);
        int fd = open(fp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
                      f[k].executable ? 0755 : 0644);
        int bad = fd < 0 || write_all(fd, f[k].text, strlen(f[k].text)) != 0;
        int e = errno;
        if (fd >= 0 && close(fd) != 0 && !bad) {
            bad = 1;
            e = errno;
        }
        if (bad)
            rc = ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write %s: %s",
                              f[k].name, strerror(e));
        free(fp);
    }
    char *old = NULL;
    if (rc == ECS_OK && exists) {
        /* aside first: rename() replaces only an empty directory */
        old = temp_beside(dir, "old");
        if (old == NULL || rmdir(old) != 0 || rename(dir, old) != 0)
            rc = ecs_diag_set(diag, ECS_EIO, path, 0, "cannot replace: %s",
                              strerror(errno));
    }
    if (rc == ECS_OK && rename(tmp, dir) != 0) {
        rc = ecs_diag_set(diag, ECS_EIO, path, 0, "cannot write: %s",
                          strerror(errno));
        if (old != NULL)
            rename(old, dir); /* put it back */
        free(old);
        old = NULL;
    }
    if (rc != ECS_OK && tmp != NULL)
        remove_tree(tmp);
    if (rc == ECS_OK && old != NULL)
        remove_tree(old);
    if (rc == ECS_OK)
        sync_dir(dir);
    free(old);
    free(tmp);
    free(dir);
    return rc;
}
