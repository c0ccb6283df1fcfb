/* ecsched batch: the parent.  Forks workers (one unit each), reads their
 * "S id" / "R id json" lines, appends whole lines to the results file,
 * records a crashed or timed-out case and restarts the rest of its unit. */
#include "batch/batch.h"
#include "run/grow.h"

#include "run/progress.h"
#include "ecsched/record.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

typedef struct job {
    size_t *ids;  /* pending cases of one unit, ascending */
    size_t n;
} job;

typedef struct slot {
    pid_t pid;        /* 0: free */
    int fd;
    job work;
    unsigned char *reported; /* per work.ids entry */
    size_t current;   /* index into work.ids of the case running */
    double started;   /* when the current case started */
    int killed;       /* the watchdog killed it */
    char *buf;
    size_t len, cap;
} slot;

typedef struct pool {
    const tool_batch_plan *plan;
    const tool_batch_fault *fault;
    tool_batch_store *st;
    tool_batch_stats *stats;
    job *queue;       /* units still to run (a stack; restarts go on top) */
    size_t nqueue, capqueue;
    slot *slots;
    int nslots;
    double t0, last_progress;
    int progress;     /* stderr is a terminal */
    ecs_result io_rc;
    ecs_diag *diag;
} pool;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static int push_job(pool *pl, job j)
{
    if (tool_grow(&pl->queue, pl->nqueue, &pl->capqueue, sizeof *pl->queue, 64) != 0)
        return -1;
    pl->queue[pl->nqueue++] = j;
    return 0;
}

static void child_main(pool *pl, slot *s, int wfd)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* no orphan after kill -9 of the parent */
#endif
    if (getppid() == 1)
        _exit(3);
    close(pl->st->fd); /* only the parent writes the results */
    tool_progress_enable(0); /* the parent's line is the progress */
    tool_batch_worker_run(pl->plan, s->work.ids, s->work.n, pl->fault, wfd);
    close(wfd);
    _exit(0);
}

static int spawn(pool *pl, slot *s, job j)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    memset(s, 0, sizeof *s);
    s->work = j;
    s->reported = calloc(j.n, 1);
    if (s->reported == NULL) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        free(s->reported);
        s->reported = NULL;
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        for (int k = 0; k < pl->nslots; k++)
            if (pl->slots[k].pid > 0)
                close(pl->slots[k].fd);
        child_main(pl, s, fds[1]);
    }
    close(fds[1]);
    s->pid = pid;
    s->fd = fds[0];
    s->started = ecs_clock_now();
    return 0;
}

static size_t index_of(const slot *s, size_t id)
{
    for (size_t k = 0; k < s->work.n; k++)
        if (s->work.ids[k] == id)
            return k;
    return (size_t)-1;
}

static void progress(pool *pl, int final)
{
    if (!pl->progress)
        return;
    double now = ecs_clock_now();
    if (!final && now - pl->last_progress < 0.2)
        return;
    pl->last_progress = now;
    const tool_batch_stats *st = pl->stats;
    size_t done = st->already + st->run;
    double el = now - pl->t0;
    double left = st->run > 0 ? el / (double)st->run * (double)(st->total - done) : NAN;
    char eta[32];
    if (isfinite(left))
        snprintf(eta, sizeof eta, "%d:%02d", (int)left / 60, (int)left % 60);
    else
        snprintf(eta, sizeof eta, "?");
    fprintf(stderr, "\rbatch: %zu/%zu cases, %zu failed, %d:%02d elapsed, %s left   %s",
            done, st->total, st->failed, (int)el / 60, (int)el % 60, eta,
            final ? "\n" : "");
    fflush(stderr);
}

static void record(pool *pl, const char *line, size_t len, const char *status)
{
    if (pl->io_rc != ECS_OK)
        return;
    pl->io_rc = tool_batch_store_append(pl->st, line, len, pl->diag);
    if (pl->io_rc != ECS_OK)
        return;
    tool_batch_stats *st = pl->stats;
    st->run++;
    int err = strcmp(status, "error") == 0, crash = strcmp(status, "crashed") == 0,
        tout = strcmp(status, "timeout") == 0;
    st->error += (size_t)err;
    st->crashed += (size_t)crash;
    st->timeout += (size_t)tout;
    st->failed += (size_t)(err || crash || tout);
    progress(pl, 0);
}

static void handle_line(pool *pl, slot *s, char *line)
{
    char *end;
    if (line[0] != 'S' && line[0] != 'R')
        return;
    unsigned long long id = strtoull(line + 2, &end, 10);
    size_t k = index_of(s, (size_t)id);
    if (k == (size_t)-1 || s->reported[k])
        return;
    if (line[0] == 'S') {
        s->current = k;
        s->started = ecs_clock_now();
        return;
    }
    s->reported[k] = 1;
    s->started = ecs_clock_now();
    json_t *row = json_loads(end + 1, 0, NULL);
    json_t *status = json_object_get(row, "status");
    size_t len = strlen(end + 1);
    end[1 + len] = '\n'; /* the line's own newline, cut by the reader */
    record(pl, end + 1, len + 1, json_is_string(status) ? json_string_value(status) : "");
    json_decref(row);
}

/* Read what a worker sent; 1 at end of file. */
static int drain(pool *pl, slot *s)
{
    for (;;) {
        if (s->cap - s->len < 4096) {
            size_t cap = s->cap ? 2 * s->cap : 65536;
            char *b = realloc(s->buf, cap + 1);
            if (b == NULL)
                return 1;
            s->buf = b;
            s->cap = cap;
        }
        ssize_t r = read(s->fd, s->buf + s->len, s->cap - s->len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 && errno == EAGAIN)
            return 0;
        if (r <= 0)
            return 1;
        s->len += (size_t)r;
        size_t at = 0;
        char *nl;
        while ((nl = memchr(s->buf + at, '\n', s->len - at)) != NULL) {
            *nl = '\0';
            handle_line(pl, s, s->buf + at);
            at = (size_t)(nl - s->buf) + 1;
        }
        memmove(s->buf, s->buf + at, s->len - at);
        s->len -= at;
        return 0; /* one read per poll round */
    }
}

static void record_failure(pool *pl, slot *s, int wstatus)
{
    size_t k = s->current;
    if (s->reported[k]) /* died between cases: blame the next one */
        for (k = 0; k < s->work.n && s->reported[k]; k++)
            ;
    if (k >= s->work.n)
        return;
    char err[128];
    const char *status = "crashed";
    if (s->killed) {
        status = "timeout";
        snprintf(err, sizeof err, "killed after %.0f s (--kill-after)", pl->plan->kill_after_s);
    } else if (WIFSIGNALED(wstatus)) {
        snprintf(err, sizeof err, "worker killed by signal %d (%s)", WTERMSIG(wstatus),
                 strsignal(WTERMSIG(wstatus)));
    } else {
        snprintf(err, sizeof err, "worker exited with status %d",
                 WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
    }
    tool_row row;
    tool_batch_row_init(&row, pl->plan, s->work.ids[k]);
    row.status = status;
    row.error = err;
    row.runtime_s = ecs_clock_now() - s->started;
    row.context = ecs_record_context(pl->plan->workers, row.runtime_s, NAN);
    char *line = tool_row_line(&row);
    tool_row_release(&row);
    if (line == NULL) {
        pl->io_rc = ecs_diag_set(pl->diag, ECS_ENOMEM, NULL, 0, "out of memory");
        return;
    }
    s->reported[k] = 1;
    record(pl, line, strlen(line), status);
    free(line);
}

/* A worker's pipe hit end of file: reap it, deal with what is missing. */
static void finish(pool *pl, slot *s)
{
    int wstatus = 0;
    while (waitpid(s->pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    close(s->fd);
    size_t missing = 0;
    for (size_t k = 0; k < s->work.n; k++)
        missing += !s->reported[k];

    if (missing > 0 && !interrupted) {
        record_failure(pl, s, wstatus);
        job rest = {malloc(s->work.n * sizeof(size_t)), 0};
        for (size_t k = 0; rest.ids && k < s->work.n; k++)
            if (!s->reported[k])
                rest.ids[rest.n++] = s->work.ids[k];
        if (rest.ids == NULL || (rest.n > 0 && push_job(pl, rest) != 0))
            pl->io_rc = ecs_diag_set(pl->diag, ECS_ENOMEM, NULL, 0, "out of memory");
        if (rest.n == 0)
            free(rest.ids);
    }
    free(s->work.ids);
    free(s->reported);
    free(s->buf);
    memset(s, 0, sizeof *s);
}

static void watchdog(pool *pl)
{
    double now = ecs_clock_now();
    for (int k = 0; k < pl->nslots; k++) {
        slot *s = &pl->slots[k];
        if (s->pid > 0 && !s->killed && now - s->started > pl->plan->kill_after_s) {
            kill(s->pid, SIGKILL);
            s->killed = 1;
        }
    }
}

static int active(const pool *pl)
{
    int n = 0;
    for (int k = 0; k < pl->nslots; k++)
        n += pl->slots[k].pid > 0;
    return n;
}

static void round_trip(pool *pl)
{
    struct pollfd pfd[pl->nslots > 0 ? pl->nslots : 1];
    int map[pl->nslots > 0 ? pl->nslots : 1], n = 0;
    for (int k = 0; k < pl->nslots; k++)
        if (pl->slots[k].pid > 0) {
            pfd[n].fd = pl->slots[k].fd;
            pfd[n].events = POLLIN;
            map[n++] = k;
        }
    int r = poll(pfd, (nfds_t)n, 100);
    for (int q = 0; r > 0 && q < n; q++)
        if (pfd[q].revents & (POLLIN | POLLHUP | POLLERR))
            if (drain(pl, &pl->slots[map[q]]))
                finish(pl, &pl->slots[map[q]]);
    if (pl->io_rc == ECS_OK)
        pl->io_rc = tool_batch_store_sync(pl->st, pl->diag);
    watchdog(pl);
}

static void stop_all(pool *pl)
{
    for (int k = 0; k < pl->nslots; k++)
        if (pl->slots[k].pid > 0)
            kill(pl->slots[k].pid, SIGKILL);
    for (int k = 0; k < pl->nslots; k++)
        if (pl->slots[k].pid > 0)
            finish(pl, &pl->slots[k]);
}

/* Queue one job per unit, last unit at the bottom so that units run in order. */
static int fill_queue(pool *pl, const size_t *ids, size_t n)
{
    size_t per = tool_batch_cases_per_unit(pl->plan);
    size_t end = n;
    while (end > 0) {
        size_t unit = ids[end - 1] / per, start = end;
        while (start > 0 && ids[start - 1] / per == unit)
            start--;
        job j = {malloc((end - start) * sizeof(size_t)), end - start};
        if (j.ids == NULL)
            return -1;
        memcpy(j.ids, ids + start, j.n * sizeof(size_t));
        if (push_job(pl, j) != 0) {
            free(j.ids);
            return -1;
        }
        end = start;
    }
    return 0;
}

ecs_result tool_batch_pool_run(const tool_batch_plan *plan, const size_t *ids,
                              size_t n, int jobs, const tool_batch_fault *fault,
                              tool_batch_store *st, tool_batch_stats *stats,
                              ecs_diag *diag)
{
    pool pl;
    memset(&pl, 0, sizeof pl);
    pl.plan = plan;
    pl.fault = fault;
    pl.st = st;
    pl.stats = stats;
    pl.diag = diag;
    pl.nslots = jobs;
    pl.t0 = ecs_clock_now();
    pl.progress = isatty(STDERR_FILENO);
    pl.slots = calloc((size_t)jobs, sizeof *pl.slots);
    if (pl.slots == NULL || fill_queue(&pl, ids, n) != 0)
        pl.io_rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    interrupted = 0;
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    progress(&pl, 0);
    while (pl.io_rc == ECS_OK && !interrupted && (pl.nqueue > 0 || active(&pl) > 0)) {
        for (int k = 0; k < pl.nslots && pl.nqueue > 0; k++) {
            if (pl.slots[k].pid != 0)
                continue;
            job j = pl.queue[--pl.nqueue];
            if (spawn(&pl, &pl.slots[k], j) != 0) {
                free(j.ids);
                pl.io_rc = ecs_diag_set(diag, ECS_EINTERNAL, NULL, 0,
                                        "cannot start a worker: %s", strerror(errno));
                break;
            }
        }
        round_trip(&pl);
    }
    stats->interrupted = interrupted != 0;
    stop_all(&pl);
    if (pl.io_rc == ECS_OK)
        pl.io_rc = tool_batch_store_sync(st, diag);
    progress(&pl, 1);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    for (size_t k = 0; k < pl.nqueue; k++)
        free(pl.queue[k].ids);
    free(pl.queue);
    free(pl.slots);
    stats->elapsed_s = ecs_clock_now() - pl.t0;
    return pl.io_rc;
}
