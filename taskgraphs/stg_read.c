/*
 * STG reader (stg.h): the standard Kasahara layout, the prototype layout and
 * the layout with communication costs.
 *
 * The input is first cut into whitespace-separated tokens, each with its
 * line number; "#" starts a comment that runs to the end of its line, and
 * comments of the form "key : value" fill the metadata (CP Length,
 * Parallelism, precedence generator).  Records are then read token by token,
 * so line length, line endings, a missing final newline and the order of
 * the records do not matter.  Every error names the file, a line and the
 * problem; the reader checks everything itself before it hands a graph to
 * ecs_graph_build, so that the messages can name lines.
 */
#include "ecsched/graph.h"
#include "ecsched/stg.h"
#include "ecsched/limits.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Limits that keep every sum of work far from overflow. */
#define STG_MAX_TASKS 10000000L          /* tasks in a header */
#define STG_MAX_WORK 1000000000000L      /* work of one task (1e12) */
#define STG_MAX_TOTAL 1000000000000000LL /* sum of work (1e15) */
#define STG_MAX_COMM 1000000000000L      /* one communication cost */

/* ------------------------------------------------------------------ */
/* Tokens                                                              */

typedef struct tok {
    const char *s;
    size_t len;
    long line;
} tok;

typedef struct reader {
    const char *name; /* for diagnostics */
    tok *t;
    size_t nt, cap;
    ecs_stg_meta meta;
    long last_line; /* line of the end of the input */
} reader;

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
           c == '\f';
}

static int push_tok(reader *r, const char *s, size_t len, long line)
{
    if (r->nt == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 1024;
        tok *t = realloc(r->t, cap * sizeof *t);
        if (t == NULL)
            return -1;
        r->t = t;
        r->cap = cap;
    }
    r->t[r->nt].s = s;
    r->t[r->nt].len = len;
    r->t[r->nt].line = line;
    r->nt++;
    return 0;
}

static void trim(const char **s, size_t *len)
{
    while (*len > 0 && is_space((unsigned char)**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len > 0 && is_space((unsigned char)(*s)[*len - 1]))
        (*len)--;
}

/* Case-insensitive comparison of s[0..len) with a NUL-terminated key,
 * treating runs of blanks as one blank. */
static int key_is(const char *s, size_t len, const char *key)
{
    size_t i = 0;
    while (*key) {
        if (i >= len)
            return 0;
        if (*key == ' ') {
            if (!is_space((unsigned char)s[i]))
                return 0;
            while (i < len && is_space((unsigned char)s[i]))
                i++;
            key++;
            continue;
        }
        if (tolower((unsigned char)s[i]) != tolower((unsigned char)*key))
            return 0;
        i++;
        key++;
    }
    return i == len;
}

/*
 * Strict integer: optional sign, then decimal digits only.
 * Returns 0, -1 (not a number) or -2 (out of range of long).
 */
static int parse_int(const char *s, size_t len, long *out)
{
    size_t i = 0;
    int neg = 0;
    if (len > 0 && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        i = 1;
    }
    if (i == len)
        return -1;
    unsigned long long v = 0, lim = neg ? (unsigned long long)LONG_MAX + 1
                                        : (unsigned long long)LONG_MAX;
    int over = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (lim - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
    }
    if (over)
        return -2;
    if (neg)
        *out = v == (unsigned long long)LONG_MAX + 1 ? LONG_MIN
                                                    : -(long)v;
    else
        *out = (long)v;
    return 0;
}

/* Strict non-negative decimal "123" or "4.763637" as a double. */
static int parse_real(const char *s, size_t len, double *out)
{
    double v = 0, scale = 1;
    int digits = 0, point = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '.' && !point) {
            point = 1;
        } else if (s[i] >= '0' && s[i] <= '9') {
            if (digits >= 18)
                return -1;
            v = v * 10 + (s[i] - '0');
            if (point)
                scale *= 10;
            digits++;
        } else {
            return -1;
        }
    }
    if (digits == 0)
        return -1;
    *out = v / scale;
    return 0;
}

/* The comment text after '#': pick up "key : value" metadata. */
static void comment_meta(reader *r, const char *s, size_t len)
{
    const char *colon = memchr(s, ':', len);
    if (colon == NULL)
        return;
    const char *k = s, *v = colon + 1;
    size_t klen = (size_t)(colon - s), vlen = len - klen - 1;
    trim(&k, &klen);
    trim(&v, &vlen);
    /* first word of the value */
    size_t w = 0;
    while (w < vlen && !is_space((unsigned char)v[w]))
        w++;
    if (w == 0)
        return;
    if (key_is(k, klen, "CP Length")) {
        long cp;
        if (parse_int(v, w, &cp) == 0 && cp >= 0)
            r->meta.cp_length = cp;
    } else if (key_is(k, klen, "Parallelism")) {
        double p;
        if (parse_real(v, w, &p) == 0)
            r->meta.parallelism = p;
    } else if (key_is(k, klen, "Precedence constraints generator")) {
        size_t n = w < sizeof r->meta.generator - 1
                       ? w
                       : sizeof r->meta.generator - 1;
        for (size_t i = 0; i < n; i++)
            if (!isprint((unsigned char)v[i]))
                return;
        memcpy(r->meta.generator, v, n);
        r->meta.generator[n] = '\0';
    }
}

static int tokenize(reader *r, const char *buf, size_t len)
{
    long line = 1;
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)buf[i];
        if (c == '\n') {
            line++;
            i++;
        } else if (is_space(c)) {
            i++;
        } else if (c == '#') {
            size_t j = i + 1;
            while (j < len && buf[j] != '\n')
                j++;
            comment_meta(r, buf + i + 1, j - i - 1);
            i = j;
        } else {
            size_t j = i;
            while (j < len && !is_space((unsigned char)buf[j]))
                j++;
            if (push_tok(r, buf + i, j - i, line) != 0)
                return -1;
            i = j;
        }
    }
    r->last_line = line;
    /* a final newline ends the last line rather than starting a new one */
    if (len > 0 && buf[len - 1] == '\n' && line > 1)
        r->last_line = line - 1;
    return 0;
}

/* A token quoted for a message: at most 24 characters, non-printable as '?'. */
static const char *show(const tok *t, char *buf, size_t size)
{
    size_t n = t->len, max = 24, k = 0;
    buf[k++] = '\'';
    for (size_t i = 0; i < n && i < max && k + 5 < size; i++) {
        unsigned char c = (unsigned char)t->s[i];
        buf[k++] = isprint(c) ? (char)c : '?';
    }
    if (n > max && k + 5 < size) {
        buf[k++] = '.';
        buf[k++] = '.';
        buf[k++] = '.';
    }
    buf[k++] = '\'';
    buf[k] = '\0';
    return buf;
}

/* ------------------------------------------------------------------ */
/* Records                                                             */

typedef struct recs {
    size_t n, cap;
    long *id, *work, *line;
    size_t *off; /* n+1 offsets into pred */
    size_t np, pcap;
    long *pred, *pcomm, *pline;
} recs;

static void recs_free(recs *R)
{
    free(R->id);
    free(R->work);
    free(R->line);
    free(R->off);
    free(R->pred);
    free(R->pcomm);
    free(R->pline);
    memset(R, 0, sizeof *R);
}

static int recs_add(recs *R, long id, long work, long line)
{
    if (R->n + 1 >= R->cap) {
        size_t cap = R->cap ? 2 * R->cap : 256;
        long *a = realloc(R->id, cap * sizeof *a);
        if (a == NULL)
            return -1;
        R->id = a;
        a = realloc(R->work, cap * sizeof *a);
        if (a == NULL)
            return -1;
        R->work = a;
        a = realloc(R->line, cap * sizeof *a);
        if (a == NULL)
            return -1;
        R->line = a;
        size_t *o = realloc(R->off, (cap + 1) * sizeof *o);
        if (o == NULL)
            return -1;
        R->off = o;
        R->cap = cap;
    }
    if (R->n == 0)
        R->off[0] = 0;
    R->id[R->n] = id;
    R->work[R->n] = work;
    R->line[R->n] = line;
    R->n++;
    R->off[R->n] = R->np;
    return 0;
}

static int recs_add_pred(recs *R, long pred, long comm, long line)
{
    if (R->np == R->pcap) {
        size_t cap = R->pcap ? 2 * R->pcap : 1024;
        long *a = realloc(R->pred, cap * sizeof *a);
        if (a == NULL)
            return -1;
        R->pred = a;
        a = realloc(R->pcomm, cap * sizeof *a);
        if (a == NULL)
            return -1;
        R->pcomm = a;
        a = realloc(R->pline, cap * sizeof *a);
        if (a == NULL)
            return -1;
        R->pline = a;
        R->pcap = cap;
    }
    R->pred[R->np] = pred;
    R->pcomm[R->np] = comm;
    R->pline[R->np] = line;
    R->np++;
    R->off[R->n] = R->np; /* the current (last) record grows */
    return 0;
}

/* One layout attempt: its diagnostic and, on success, its graph. */
typedef struct layout {
    ecs_stg_format fmt;
    long n;       /* tasks in the header */
    long pes;     /* processors in the header, 0 if none */
    long hline;   /* header line */
    size_t first; /* index of the first record token */
} layout;

static ecs_result nomem(ecs_diag *d, const reader *r)
{
    return ecs_diag_set(d, ECS_ENOMEM, r->name, 0, "out of memory");
}

/*
 * Read a number from token *pos for `what` of the record starting at rline.
 * On end of input: the "truncated" error, naming what is missing.
 */
static ecs_result next_num(const reader *r, size_t *pos, long rline,
                           long rid, const char *what, long *out,
                           long *tline, ecs_diag *d)
{
    char b[40];
    if (*pos >= r->nt) {
        if (rid == LONG_MIN)
            return ecs_diag_set(d, ECS_EPARSE, r->name, rline,
                                "the file ends too early: %s is missing",
                                what);
        return ecs_diag_set(d, ECS_EPARSE, r->name, rline,
                            "the file ends inside the record of task %ld: "
                            "%s is missing",
                            rid, what);
    }
    const tok *t = &r->t[(*pos)++];
    if (tline)
        *tline = t->line;
    int rc = parse_int(t->s, t->len, out);
    if (rc == -2)
        return ecs_diag_set(d, ECS_EPARSE, r->name, t->line,
                            "number %s is too large (%s)", show(t, b, sizeof b),
                            what);
    if (rc != 0)
        return ecs_diag_set(d, ECS_EPARSE, r->name, t->line,
                            "expected %s, found %s", what,
                            show(t, b, sizeof b));
    return ECS_OK;
}

/* Read all records after the header. */
static ecs_result read_records(const reader *r, const layout *L, recs *R,
                               ecs_diag *d)
{
    int comm = L->fmt == ECS_STG_COMM;
    size_t maxrec = comm ? (size_t)L->n : (size_t)L->n + 2;
    long maxpred = comm ? L->n - 1 : L->n + 1;
    size_t pos = L->first;
    char what[96];
    while (pos < r->nt) {
        if (R->n == maxrec) {
            const tok *t = &r->t[pos];
            char b[40];
            return ecs_diag_set(
                d, ECS_EPARSE, r->name, t->line,
                "unexpected %s after the last record: the header says %ld "
                "tasks, so at most %zu records",
                show(t, b, sizeof b), L->n, maxrec);
        }
        long id, work, np, rline = r->t[pos].line;
        ecs_result rc = next_num(r, &pos, rline, LONG_MIN, "a task id", &id,
                                 NULL, d);
        if (rc != ECS_OK)
            return rc;
        rc = next_num(r, &pos, rline, id, "the work", &work, NULL, d);
        if (rc != ECS_OK)
            return rc;
        rc = next_num(r, &pos, rline, id, "the number of predecessors", &np,
                      NULL, d);
        if (rc != ECS_OK)
            return rc;
        if (np < 0)
            return ecs_diag_set(d, ECS_EPARSE, r->name, rline,
                                "task %ld has a negative number of "
                                "predecessors (%ld)",
                                id, np);
        if (np > maxpred)
            return ecs_diag_set(d, ECS_EPARSE, r->name, rline,
                                "task %ld claims %ld predecessors, more than "
                                "the %ld other tasks",
                                id, np, maxpred < 0 ? 0 : maxpred);
        if (recs_add(R, id, work, rline) != 0)
            return nomem(d, r);
        for (long k = 0; k < np; k++) {
            long p, c = 0, pl = rline;
            snprintf(what, sizeof what,
                     "predecessor %ld of %ld", k + 1, np);
            rc = next_num(r, &pos, rline, id, what, &p, &pl, d);
            if (rc != ECS_OK)
                return rc;
            if (comm) {
                snprintf(what, sizeof what,
                         "the communication cost of predecessor %ld of %ld",
                         k + 1, np);
                rc = next_num(r, &pos, rline, id, what, &c, NULL, d);
                if (rc != ECS_OK)
                    return rc;
                if (c < 0)
                    return ecs_diag_set(d, ECS_EPARSE, r->name, pl,
                                        "edge %ld -> %ld has a negative "
                                        "communication cost (%ld)",
                                        p, id, c);
                if (c > STG_MAX_COMM)
                    return ecs_diag_set(d, ECS_EPARSE, r->name, pl,
                                        "edge %ld -> %ld: communication cost "
                                        "%ld is too large (at most %ld)",
                                        p, id, c, STG_MAX_COMM);
            }
            if (recs_add_pred(R, p, c, pl) != 0)
                return nomem(d, r);
        }
    }
    return ECS_OK;
}

/* Find a cycle among tasks left over by Kahn's algorithm and describe it. */
static ecs_result report_cycle(const reader *r, const recs *R,
                               const size_t *pidx, const size_t *indeg,
                               ecs_diag *d)
{
    size_t n = R->n, v = 0;
    while (v < n && indeg[v] == 0)
        v++;
    if (v == n)
        return ecs_diag_set(d, ECS_EINTERNAL, r->name, 0, "cycle not found");
    long *seen = malloc(n * sizeof *seen); /* step at which v was visited */
    size_t *path = malloc(n * sizeof *path);
    if (seen == NULL || path == NULL) {
        free(seen);
        free(path);
        return nomem(d, r);
    }
    for (size_t i = 0; i < n; i++)
        seen[i] = -1;
    /* walk backwards through predecessors that are also left over */
    size_t len = 0;
    while (seen[v] < 0) {
        seen[v] = (long)len;
        path[len++] = v;
        size_t next = v;
        for (size_t k = R->off[v]; k < R->off[v + 1]; k++)
            if (indeg[pidx[k]] > 0) {
                next = pidx[k];
                break;
            }
        v = next;
    }
    /* path[seen[v]..len) is the cycle, listed successor -> predecessor */
    size_t a = (size_t)seen[v], clen = len - a;
    char msg[300];
    size_t k = 0;
    msg[0] = '\0';
    for (size_t i = 0; i <= clen && i <= 8; i++) {
        size_t t = path[len - 1 - (i % clen)];
        if (i == 8 && clen > 8) {
            k += (size_t)snprintf(msg + k, sizeof msg - k, " -> ...");
            break;
        }
        k += (size_t)snprintf(msg + k, sizeof msg - k, "%s%ld",
                              i ? " -> " : "", R->id[t]);
        if (k >= sizeof msg)
            break;
    }
    long line = R->line[path[len - 1]];
    free(seen);
    free(path);
    return ecs_diag_set(d, ECS_EPARSE, r->name, line,
                        "the precedence constraints form a cycle: %s", msg);
}

/* Check the records against the layout and build the graph. */
static ecs_result check_and_build(const reader *r, const layout *L,
                                  const recs *R, ecs_graph **out, ecs_diag *d)
{
    int comm = L->fmt == ECS_STG_COMM;
    long lo = 0, hi = comm ? L->n - 1 : L->n + 1;
    size_t need = comm ? (size_t)L->n : (size_t)L->n + 2;
    size_t min = L->fmt == ECS_STG_PROTO ? need - 1 : need;
    if (R->n < min) {
        if (L->fmt == ECS_STG_PROTO)
            return ecs_diag_set(
                d, ECS_EPARSE, r->name, r->last_line,
                "the file ends after %zu records, but the header says %ld "
                "tasks: %zu records (tasks 1..%ld and the exit %ld, and "
                "optionally the entry 0)",
                R->n, L->n, min, L->n, L->n + 1);
        return ecs_diag_set(d, ECS_EPARSE, r->name, r->last_line,
                            "the file ends after %zu records, but the header "
                            "says %ld tasks: %zu records (ids %ld..%ld)",
                            R->n, L->n, need, lo, hi);
    }
    size_t range = (size_t)(hi - lo + 1);
    size_t *idx = malloc((range ? range : 1) * sizeof *idx);
    size_t *pidx = malloc((R->np ? R->np : 1) * sizeof *pidx);
    size_t *stamp = malloc((R->n ? R->n : 1) * sizeof *stamp);
    size_t *indeg = calloc(R->n ? R->n : 1, sizeof *indeg);
    size_t *soff = calloc(R->n + 1, sizeof *soff);
    size_t *succ = malloc((R->np ? R->np : 1) * sizeof *succ);
    size_t *queue = malloc((R->n ? R->n : 1) * sizeof *queue);
    long *gid = malloc((R->n ? R->n : 1) * sizeof *gid);
    long *gwork = malloc((R->n ? R->n : 1) * sizeof *gwork);
    unsigned char *gdummy = calloc(R->n ? R->n : 1, 1);
    size_t *gpos = malloc((R->n ? R->n : 1) * sizeof *gpos);
    ecs_edge *edges = malloc((R->np ? R->np : 1) * sizeof *edges);
    ecs_result rc = ECS_OK;
    if (!idx || !pidx || !stamp || !indeg || !soff || !succ || !queue ||
        !gid || !gwork || !gdummy || !gpos || !edges) {
        rc = nomem(d, r);
        goto done;
    }
    for (size_t i = 0; i < range; i++)
        idx[i] = (size_t)-1;
    /* ids: in range, unique */
    for (size_t v = 0; v < R->n; v++) {
        long id = R->id[v];
        if (id < lo || id > hi) {
            rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->line[v],
                              "task id %ld is out of range: the header's %ld "
                              "tasks have ids %ld..%ld",
                              id, L->n, lo, hi);
            goto done;
        }
        size_t *slot = &idx[id - lo];
        if (*slot != (size_t)-1) {
            rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->line[v],
                              "task id %ld appears twice (also on line %ld)",
                              id, R->line[*slot]);
            goto done;
        }
        *slot = v;
    }
    for (long id = lo; id <= hi; id++)
        if (idx[id - lo] == (size_t)-1 &&
            !(L->fmt == ECS_STG_PROTO && id == 0)) {
            rc = ecs_diag_set(d, ECS_EPARSE, r->name, L->hline,
                              "the header says %ld tasks, but task %ld has "
                              "no record",
                              L->n, id);
            goto done;
        }
    /* work */
    long long total = 0;
    for (size_t v = 0; v < R->n; v++) {
        long id = R->id[v], w = R->work[v];
        if (w < 0) {
            rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->line[v],
                              "task %ld has negative work (%ld)", id, w);
            goto done;
        }
        if (w > STG_MAX_WORK) {
            rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->line[v],
                              "task %ld: work %ld is too large (at most %ld)",
                              id, w, STG_MAX_WORK);
            goto done;
        }
        total += w;
        if (total > STG_MAX_TOTAL) {
            rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->line[v],
                              "the total work exceeds %lld", STG_MAX_TOTAL);
            goto done;
        }
        int dummy = !comm && (id == 0 || id == L->n + 1);
        if (dummy && w != 0) {
            rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->line[v],
                              "task %ld is the dummy %s task of the %s "
                              "layout and must have work 0, not %ld",
                              id, id == 0 ? "entry" : "exit",
                              ecs_stg_format_name(L->fmt), w);
            goto done;
        }
    }
    /* predecessors: known, not itself, not twice */
    for (size_t v = 0; v < R->n; v++)
        stamp[v] = (size_t)-1;
    for (size_t v = 0; v < R->n; v++) {
        for (size_t k = R->off[v]; k < R->off[v + 1]; k++) {
            long p = R->pred[k];
            if (p < lo || p > hi || idx[p - lo] == (size_t)-1) {
                rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->pline[k],
                                  "task %ld: predecessor %ld is not a task "
                                  "of the graph",
                                  R->id[v], p);
                goto done;
            }
            size_t u = idx[p - lo];
            if (u == v) {
                rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->pline[k],
                                  "task %ld lists itself as a predecessor",
                                  R->id[v]);
                goto done;
            }
            if (stamp[u] == v) {
                rc = ecs_diag_set(d, ECS_EPARSE, r->name, R->pline[k],
                                  "task %ld lists predecessor %ld twice",
                                  R->id[v], p);
                goto done;
            }
            stamp[u] = v;
            pidx[k] = u;
            indeg[v]++;
            soff[u + 1]++;
        }
    }
    /* cycles: Kahn's algorithm on the records */
    for (size_t v = 0; v < R->n; v++)
        soff[v + 1] += soff[v];
    for (size_t v = 0; v < R->n; v++)
        stamp[v] = soff[v];
    for (size_t v = 0; v < R->n; v++)
        for (size_t k = R->off[v]; k < R->off[v + 1]; k++)
            succ[stamp[pidx[k]]++] = v;
    size_t head = 0, tail = 0;
    for (size_t v = 0; v < R->n; v++)
        if (indeg[v] == 0)
            queue[tail++] = v;
    while (head < tail) {
        size_t v = queue[head++];
        for (size_t k = soff[v]; k < soff[v + 1]; k++)
            if (--indeg[succ[k]] == 0)
                queue[tail++] = succ[k];
    }
    if (tail < R->n) {
        rc = report_cycle(r, R, pidx, indeg, d);
        goto done;
    }
    /* the graph, tasks in id order */
    size_t g = 0;
    for (size_t i = 0; i < range; i++) {
        size_t v = idx[i];
        if (v == (size_t)-1)
            continue;
        gpos[v] = g;
        gid[g] = R->id[v];
        gwork[g] = R->work[v];
        gdummy[g] = !comm && (R->id[v] == 0 || R->id[v] == L->n + 1);
        g++;
    }
    size_t m = 0;
    for (size_t i = 0; i < range; i++) {
        size_t v = idx[i];
        if (v == (size_t)-1)
            continue;
        for (size_t k = R->off[v]; k < R->off[v + 1]; k++) {
            edges[m].from = gpos[pidx[k]];
            edges[m].to = gpos[v];
            edges[m].comm = R->pcomm[k];
            m++;
        }
    }
    ecs_diag sub;
    ecs_diag_clear(&sub);
    rc = ecs_graph_build(g, gid, gwork, gdummy, m, edges, comm, out, &sub);
    if (rc != ECS_OK) {
        /* cannot happen after the checks above, except out of memory */
        rc = ecs_diag_set(d, rc == ECS_ENOMEM ? ECS_ENOMEM : ECS_EPARSE,
                          r->name, 0, "%s", sub.msg);
        goto done;
    }
    (*out)->format = L->fmt;
    (*out)->meta = r->meta;
    (*out)->meta.header_pes = L->pes;
    (*out)->source = strdup(r->name);
    if ((*out)->source == NULL) {
        ecs_graph_free(*out);
        *out = NULL;
        rc = nomem(d, r);
    }
done:
    free(idx);
    free(pidx);
    free(stamp);
    free(indeg);
    free(soff);
    free(succ);
    free(queue);
    free(gid);
    free(gwork);
    free(gdummy);
    free(gpos);
    free(edges);
    return rc;
}

/* Parse the header for layout L->fmt (tokens on the header line: hc). */
static ecs_result read_header(const reader *r, size_t hc, layout *L,
                              ecs_diag *d)
{
    char b[40];
    const tok *t = &r->t[0];
    L->hline = t->line;
    long v;
    int rc = parse_int(t->s, t->len, &v);
    if (rc != 0)
        return ecs_diag_set(d, ECS_EPARSE, r->name, t->line,
                            "header: expected the number of tasks, found %s%s",
                            show(t, b, sizeof b),
                            rc == -2 ? " (too large)" : "");
    if (v < 0)
        return ecs_diag_set(d, ECS_EPARSE, r->name, t->line,
                            "header: negative number of tasks (%ld)", v);
    if (v > STG_MAX_TASKS)
        return ecs_diag_set(d, ECS_EPARSE, r->name, t->line,
                            "header: %ld tasks is too many (at most %ld)", v,
                            STG_MAX_TASKS);
    L->n = v;
    L->pes = 0;
    L->first = 1;
    if (hc == 2) {
        t = &r->t[1];
        rc = parse_int(t->s, t->len, &v);
        if (rc != 0)
            return ecs_diag_set(
                d, ECS_EPARSE, r->name, t->line,
                "header: expected the number of processors, found %s%s",
                show(t, b, sizeof b), rc == -2 ? " (too large)" : "");
        if (v < 1)
            return ecs_diag_set(d, ECS_EPARSE, r->name, t->line,
                                "header: the number of processors must be "
                                "positive, not %ld",
                                v);
        L->pes = v;
        L->first = 2;
    }
    return ECS_OK;
}

static ecs_result read_layout(const reader *r, ecs_stg_format fmt, size_t hc,
                              ecs_graph **out, ecs_diag *d)
{
    layout L;
    memset(&L, 0, sizeof L);
    L.fmt = fmt;
    ecs_result rc = read_header(r, hc, &L, d);
    if (rc != ECS_OK)
        return rc;
    recs R;
    memset(&R, 0, sizeof R);
    rc = read_records(r, &L, &R, d);
    if (rc == ECS_OK)
        rc = check_and_build(r, &L, &R, out, d);
    recs_free(&R);
    return rc;
}

ecs_result ecs_stg_read_buffer(const char *buf, size_t len, const char *name,
                               ecs_stg_format format, ecs_graph **out,
                               ecs_diag *diag)
{
    *out = NULL;
    reader r;
    memset(&r, 0, sizeof r);
    r.name = name ? name : "<input>";
    r.meta.cp_length = -1;
    r.meta.parallelism = -1;
    if (format != ECS_STG_AUTO && format != ECS_STG_STANDARD &&
        format != ECS_STG_PROTO && format != ECS_STG_COMM)
        return ecs_diag_set(diag, ECS_EINVAL, r.name, 0,
                            "unknown STG layout %d", (int)format);
    ecs_result rc = ECS_OK;
    if (tokenize(&r, buf, len) != 0) {
        rc = nomem(diag, &r);
        goto done;
    }
    if (r.nt == 0) {
        rc = ecs_diag_set(diag, ECS_EPARSE, r.name, 0,
                          len == 0 ? "the file is empty"
                                   : "the file has no task graph, only "
                                     "comments or blanks");
        goto done;
    }
    size_t hc = 1;
    while (hc < r.nt && r.t[hc].line == r.t[0].line)
        hc++;
    long hl = r.t[0].line;
    if (hc >= 3) {
        rc = ecs_diag_set(
            diag, ECS_EPARSE, r.name, hl,
            "the header is missing or malformed: expected the number of "
            "tasks alone (standard layout) or 'tasks processors' (proto and "
            "comm layouts) on the first line, found %zu fields",
            hc);
        goto done;
    }
    if (format == ECS_STG_STANDARD && hc != 1) {
        rc = ecs_diag_set(diag, ECS_EPARSE, r.name, hl,
                          "the standard layout has the number of tasks alone "
                          "on the header line, found 2 fields (a proto or "
                          "comm file?)");
        goto done;
    }
    if ((format == ECS_STG_PROTO || format == ECS_STG_COMM) && hc != 2) {
        rc = ecs_diag_set(diag, ECS_EPARSE, r.name, hl,
                          "the %s layout has 'tasks processors' on the header "
                          "line, found 1 field (a standard file?)",
                          ecs_stg_format_name(format));
        goto done;
    }
    if (format != ECS_STG_AUTO) {
        rc = read_layout(&r, format, hc, out, diag);
        goto done;
    }
    if (hc == 1) {
        rc = read_layout(&r, ECS_STG_STANDARD, hc, out, diag);
        goto done;
    }
    /* two fields: try both the proto and the comm layout, strictly */
    ecs_graph *gp = NULL, *gc = NULL;
    ecs_diag dp, dc;
    ecs_diag_clear(&dp);
    ecs_diag_clear(&dc);
    ecs_result rp = read_layout(&r, ECS_STG_PROTO, hc, &gp, &dp);
    ecs_result rcm = read_layout(&r, ECS_STG_COMM, hc, &gc, &dc);
    if (rp == ECS_OK && rcm == ECS_OK) {
        ecs_graph_free(gp);
        ecs_graph_free(gc);
        rc = ecs_diag_set(diag, ECS_EPARSE, r.name, hl,
                          "the file reads both as the proto and as the comm "
                          "layout; choose one with --format");
    } else if (rp == ECS_OK) {
        *out = gp;
    } else if (rcm == ECS_OK) {
        *out = gc;
    } else if (rp == ECS_ENOMEM || rcm == ECS_ENOMEM) {
        rc = nomem(diag, &r);
    } else {
        /* neither: report both, at the line of the later error */
        long line = dp.line > dc.line ? dp.line : dc.line;
        char msg[ECS_DIAG_MSG_MAX];
        snprintf(msg, sizeof msg,
                 "neither the proto nor the comm layout fits: as proto, "
                 "line %ld: %.200s; as comm, line %ld: %.200s",
                 dp.line, dp.msg, dc.line, dc.msg);
        rc = ecs_diag_set(diag, ECS_EPARSE, r.name, line, "%s", msg);
    }
done:
    free(r.t);
    return rc;
}

ecs_result ecs_stg_read_file(const char *path, ecs_stg_format format,
                             ecs_graph **out, ecs_diag *diag)
{
    *out = NULL;
    ecs_limits lim;
    ecs_limits_init(&lim);
    char *buf = NULL;
    size_t len = 0;
    ecs_result rc = ecs_read_file(path, lim.max_input_bytes, &buf, &len, diag);
    if (rc != ECS_OK)
        return rc;
    rc = ecs_stg_read_buffer(buf, len, path, format, out, diag);
    free(buf);
    return rc;
}
