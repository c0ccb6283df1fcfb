/* Size limits on untrusted input (see include/ecsched/limits.h). */
#include "ecsched/limits.h"

#include <math.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ecs_limits_init(ecs_limits *l)
{
    l->max_input_bytes = 256LL << 20;
    l->max_tasks = 1000000;
    l->max_work = 1000000;
    l->max_slots = 1000000;
}

const char *ecs_limit_flag(ecs_limit_kind k)
{
    switch (k) {
    case ECS_LIMIT_INPUT_BYTES: return "--max-input-bytes";
    case ECS_LIMIT_TASKS: return "--max-tasks";
    case ECS_LIMIT_WORK: return "--max-work";
    case ECS_LIMIT_SLOTS: return "--max-slots";
    }
    return "?";
}

long long ecs_limit_value(const ecs_limits *l, ecs_limit_kind k)
{
    switch (k) {
    case ECS_LIMIT_INPUT_BYTES: return l->max_input_bytes;
    case ECS_LIMIT_TASKS: return l->max_tasks;
    case ECS_LIMIT_WORK: return l->max_work;
    case ECS_LIMIT_SLOTS: return l->max_slots;
    }
    return 0;
}

ecs_result ecs_limits_validate(const ecs_limits *l, ecs_diag *diag)
{
    static const ecs_limit_kind all[] = {ECS_LIMIT_INPUT_BYTES,
                                         ECS_LIMIT_TASKS, ECS_LIMIT_WORK,
                                         ECS_LIMIT_SLOTS};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        if (ecs_limit_value(l, all[k]) < 1)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "%s must be at least 1", ecs_limit_flag(all[k]));
    return ECS_OK;
}

ecs_result ecs_limits_check(const ecs_limits *l, ecs_limit_kind k,
                            double value, const char *file, long line,
                            const char *what, ecs_diag *diag)
{
    long long lim = ecs_limit_value(l, k);
    if (!(value > (double)lim)) /* NaN never comes here: a count */
        return ECS_OK;
    return ecs_diag_set(diag, ECS_EINVAL, file, line,
                        "%s %.0f, more than the limit of %lld (%s N raises it)",
                        what, value, lim, ecs_limit_flag(k));
}

int ecs_limits_parse(const char *s, long long *out)
{
    if (s == NULL || *s < '0' || *s > '9')
        return -1;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || end == s)
        return -1;
    unsigned long long mul = 1;
    if (*end != '\0') {
        int bin = end[1] == 'i';
        unsigned long long base = bin ? 1024 : 1000;
        switch (*end) {
        case 'k': case 'K': mul = base; break;
        case 'M': mul = base * base; break;
        case 'G': mul = base * base * base; break;
        default: return -1;
        }
        if (end[1 + bin] != '\0')
            return -1;
    }
    if (v < 1 || v > (unsigned long long)(1LL << 62) / mul)
        return -1;
    *out = (long long)(v * mul);
    return 0;
}

ecs_result ecs_read_file(const char *path, long long max_bytes, char **text,
                         size_t *len, ecs_diag *diag)
{
    *text = NULL;
    *len = 0;
    int is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (is_stdin)
        path = "(stdin)";
    if (fd < 0)
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot open: %s",
                            strerror(errno));
    struct stat sb;
    if (fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        if (!is_stdin)
            close(fd);
        return ecs_diag_set(diag, ECS_EIO, path, 0, "is a directory");
    }
    size_t cap = 65536, n = 0;
    if (S_ISREG(sb.st_mode) && sb.st_size > 0 &&
        (long long)sb.st_size <= max_bytes)
        cap = (size_t)sb.st_size + 1;
    char *buf = malloc(cap);
    ecs_result rc = ECS_OK;
    for (;;) {
        if (buf == NULL) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
            break;
        }
        if (n + 1 >= cap) {
            size_t ncap = cap * 2;
            if ((long long)cap > max_bytes + 1)
                ncap = cap; /* unreachable: stopped below */
            char *nb = realloc(buf, ncap);
            if (nb == NULL) {
                free(buf);
                buf = NULL;
                continue;
            }
            buf = nb;
            cap = ncap;
        }
        size_t want = cap - 1 - n;
        if ((long long)(n + want) > max_bytes + 1)
            want = (size_t)(max_bytes + 1 - (long long)n);
        ssize_t got = read(fd, buf + n, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            rc = ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read: %s",
                              strerror(errno));
            break;
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if ((long long)n > max_bytes) {
            rc = ecs_diag_set(diag, ECS_EINVAL, path, 0,
                              "the file is longer than the limit of %lld "
                              "bytes (%s N raises it)",
                              max_bytes,
                              ecs_limit_flag(ECS_LIMIT_INPUT_BYTES));
            break;
        }
    }
    if (!is_stdin)
        close(fd);
    if (rc != ECS_OK) {
        free(buf);
        return rc;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return ECS_OK;
}

ecs_result ecs_check_time_limit(double seconds, ecs_diag *diag)
{
    if (!(seconds > 0.0) || !isfinite(seconds))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "time limit must be a positive number of seconds");
    return ECS_OK;
}

ecs_result ecs_check_gap(double gap, ecs_diag *diag)
{
    if (!(gap >= 0.0) || !(gap < 1.0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "relative gap must be in [0, 1)");
    return ECS_OK;
}
