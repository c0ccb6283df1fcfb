/*
 * Graphviz DOT reader (graphio.h): the subset task graph tools write
 * (CaWoSched: `strict digraph "G" { 0 [weight=5]; 0 -> 1 [size=3]; }`).
 * A tokenizer with line numbers, then a recursive-descent parser of the
 * statement list; node weights are work, edge sizes communication volumes.
 */
#include "graphio_internal.h"

#include "ecsched/graphio.h"
#include "ecsched/numparse.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum tk_kind {
    TK_END,
    TK_ID,    /* identifier, numeral or quoted string (text unquoted) */
    TK_PUNCT, /* { } [ ] ; , = : */
    TK_ARROW, /* -> */
    TK_UNDIR  /* -- */
} tk_kind;

typedef struct dot {
    const char *file;
    const char *p, *end;
    long line;
    /* current token */
    tk_kind kind;
    char *text; /* malloc'ed, for TK_ID */
    size_t tlen, tcap;
    int quoted;
    char punct;
    long tline;
    /* graph */
    int strict;
    gio_names names;
    double *weight; /* per task, NAN until given */
    size_t wcap;
    ecs_edge *e;
    size_t ne, ecap;
    ecs_diag *diag;
    ecs_result rc;
} dot;

static ecs_result fail(dot *d, long line, const char *fmt, const char *a,
                       const char *b)
{
    char msg[ECS_DIAG_MSG_MAX];
    snprintf(msg, sizeof msg, fmt, a, b);
    d->rc = ecs_diag_set(d->diag, ECS_EPARSE, d->file, line, "%s", msg);
    return d->rc;
}

static ecs_result nomem(dot *d)
{
    d->rc = ecs_diag_set(d->diag, ECS_ENOMEM, d->file, 0, "out of memory");
    return d->rc;
}

static int put(dot *d, char c)
{
    if (d->tlen + 1 >= d->tcap) {
        size_t cap = d->tcap ? 2 * d->tcap : 64;
        char *t = realloc(d->text, cap);
        if (t == NULL)
            return -1;
        d->text = t;
        d->tcap = cap;
    }
    d->text[d->tlen++] = c;
    d->text[d->tlen] = '\0';
    return 0;
}

/* Skip blanks and comments; a '#' line is a preprocessor line. */
static ecs_result skip(dot *d)
{
    int bol = d->p == d->end || d->line == 1;
    while (d->p < d->end) {
        char c = *d->p;
        if (c == '\n') {
            d->line++;
            d->p++;
            bol = 1;
        } else if (isspace((unsigned char)c)) {
            d->p++;
        } else if (c == '#' && bol) {
            while (d->p < d->end && *d->p != '\n')
                d->p++;
        } else if (c == '/' && d->p + 1 < d->end && d->p[1] == '/') {
            while (d->p < d->end && *d->p != '\n')
                d->p++;
        } else if (c == '/' && d->p + 1 < d->end && d->p[1] == '*') {
            long start = d->line;
            d->p += 2;
            while (d->p + 1 < d->end && !(d->p[0] == '*' && d->p[1] == '/')) {
                d->line += *d->p == '\n';
                d->p++;
            }
            if (d->p + 1 >= d->end) {
                char ln[32];
                snprintf(ln, sizeof ln, "%ld", start);
                return fail(d, start, "unterminated comment (opened on line %s)%s",
                            ln, "");
            }
            d->p += 2;
        } else {
            return ECS_OK;
        }
    }
    return ECS_OK;
}

static int id_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' ||
           (unsigned char)c >= 0x80;
}

static ecs_result next(dot *d)
{
    if (skip(d) != ECS_OK)
        return d->rc;
    d->tlen = 0;
    if (put(d, '\0') != 0)
        return nomem(d);
    d->tlen = 0;
    d->quoted = 0;
    d->tline = d->line;
    if (d->p >= d->end) {
        d->kind = TK_END;
        return ECS_OK;
    }
    char c = *d->p;
    if (c == '-' && d->p + 1 < d->end && (d->p[1] == '>' || d->p[1] == '-')) {
        d->kind = d->p[1] == '>' ? TK_ARROW : TK_UNDIR;
        d->p += 2;
        return ECS_OK;
    }
    if (strchr("{}[];,=:", c) != NULL) {
        d->kind = TK_PUNCT;
        d->punct = c;
        d->p++;
        return ECS_OK;
    }
    if (c == '"') {
        d->p++;
        while (d->p < d->end && *d->p != '"') {
            char ch = *d->p++;
            if (ch == '\\' && d->p < d->end) {
                if (*d->p == '\n') { /* line continuation */
                    d->line++;
                    d->p++;
                    continue;
                }
                if (*d->p == '"')
                    ch = *d->p++;
            }
            if (ch == '\n')
                d->line++;
            if (put(d, ch) != 0)
                return nomem(d);
        }
        if (d->p >= d->end)
            return fail(d, d->tline, "unterminated quoted string%s%s", "", "");
        d->p++;
        d->kind = TK_ID;
        d->quoted = 1;
        return ECS_OK;
    }
    if (c == '<')
        return fail(d, d->line, "HTML IDs (<...>) are not supported%s%s", "", "");
    if (id_char(c) || c == '-') {
        if (put(d, c) != 0)
            return nomem(d);
        d->p++;
        while (d->p < d->end && id_char(*d->p))
            if (put(d, *d->p++) != 0)
                return nomem(d);
        d->kind = TK_ID;
        return ECS_OK;
    }
    char s[2] = {c, '\0'};
    return fail(d, d->line, "unexpected character '%s'%s", s, "");
}

static int is_punct(const dot *d, char c)
{
    return d->kind == TK_PUNCT && d->punct == c;
}

static int is_kw(const dot *d, const char *kw)
{
    return d->kind == TK_ID && !d->quoted && strcasecmp(d->text, kw) == 0;
}

static const char *tok_desc(const dot *d)
{
    switch (d->kind) {
    case TK_END:
        return "the end of the file";
    case TK_ID:
        return d->text;
    case TK_PUNCT:
        return d->punct == '{'   ? "{"
               : d->punct == '}' ? "}"
               : d->punct == '[' ? "["
               : d->punct == ']' ? "]"
               : d->punct == ';' ? ";"
               : d->punct == ',' ? ","
               : d->punct == '=' ? "="
                                 : ":";
    case TK_ARROW:
        return "->";
    case TK_UNDIR:
        return "--";
    }
    return "?";
}

static ecs_result expect(dot *d, char c, const char *what)
{
    if (!is_punct(d, c))
        return fail(d, d->tline, "expected %s, found '%s'", what, tok_desc(d));
    return next(d);
}

/* The task called s[0..len) (seen on line), added if new. */
static ecs_result add_node(dot *d, const char *s, size_t len, long line,
                           size_t *idx)
{
    int r = gio_names_add(&d->names, s, len, line, idx);
    if (r < 0)
        return nomem(d);
    if (r == 1) {
        if (d->names.n > d->wcap) {
            size_t cap = d->wcap ? 2 * d->wcap : 64;
            double *w = realloc(d->weight, cap * sizeof *w);
            if (w == NULL)
                return nomem(d);
            d->weight = w;
            d->wcap = cap;
        }
        d->weight[*idx] = NAN;
    }
    if (is_punct(d, ':'))
        return fail(d, d->tline, "node ports ('%s:...') are not supported%s",
                    d->names.name[*idx], "");
    return ECS_OK;
}

/* The task called by the current ID token; moves past it. */
static ecs_result node_ref(dot *d, size_t *idx)
{
    if (d->kind != TK_ID)
        return fail(d, d->tline, "expected a node id, found '%s'%s", tok_desc(d),
                    "");
    if (!d->quoted && (is_kw(d, "subgraph") || is_kw(d, "node") ||
                       is_kw(d, "edge") || is_kw(d, "graph")))
        return fail(d, d->tline, "'%s' where a node id belongs (subgraphs are "
                    "not supported)%s", d->text, "");
    char *s = malloc(d->tlen + 1);
    if (s == NULL)
        return nomem(d);
    memcpy(s, d->text, d->tlen + 1);
    size_t len = d->tlen;
    long line = d->tline;
    ecs_result rc = next(d);
    if (rc == ECS_OK)
        rc = add_node(d, s, len, line, idx);
    free(s);
    return rc;
}

/* A number attribute value; -1 if it is not a finite number >= 0.  The
 * grammar of every reader (numparse.h): decimal with an optional
 * exponent, no hex ("0x10"), inf or nan. */
static int number(const char *s, double *v)
{
    double x;
    if (ecs_parse_double(s, &x) != ECS_OK || !(x >= 0))
        return -1;
    *v = x;
    return 0;
}

/* [a=b, c=d; ...]* ; weight/size are looked for under want (or NULL). */
static ecs_result attrs(dot *d, const char *want, double *val, int *given,
                        long *vline)
{
    while (is_punct(d, '[')) {
        if (next(d) != ECS_OK)
            return d->rc;
        while (!is_punct(d, ']')) {
            if (d->kind != TK_ID)
                return fail(d, d->tline, "expected an attribute name, found "
                            "'%s'%s", tok_desc(d), "");
            char key[64];
            snprintf(key, sizeof key, "%s", d->text);
            if (next(d) != ECS_OK || expect(d, '=', "'=' after an attribute "
                                                    "name") != ECS_OK)
                return d->rc;
            if (d->kind != TK_ID)
                return fail(d, d->tline, "attribute %s needs a value, found "
                            "'%s'", key, tok_desc(d));
            if (want != NULL && strcmp(key, want) == 0) {
                double v;
                if (number(d->text, &v) != 0)
                    return fail(d, d->tline, "%s '%s' is not a number >= 0 "
                                "(decimal, such as 5 or 2.5e3)", key, d->text);
                if (*given && v != *val) {
                    /* as two statements with different weights are */
                    char prev[32];
                    snprintf(prev, sizeof prev, "%.17g", *val);
                    return fail(d, d->tline, "%s is given twice here (%s "
                                "before): give it once", key, prev);
                }
                *val = v;
                *given = 1;
                *vline = d->tline;
            }
            if (next(d) != ECS_OK)
                return d->rc;
            if (is_punct(d, ',') || is_punct(d, ';'))
                if (next(d) != ECS_OK)
                    return d->rc;
        }
        if (next(d) != ECS_OK)
            return d->rc;
    }
    return ECS_OK;
}

static ecs_result add_edge(dot *d, size_t a, size_t b, long comm)
{
    if (d->ne == d->ecap) {
        size_t cap = d->ecap ? 2 * d->ecap : 256;
        ecs_edge *e = realloc(d->e, cap * sizeof *e);
        if (e == NULL)
            return nomem(d);
        d->e = e;
        d->ecap = cap;
    }
    d->e[d->ne].from = a;
    d->e[d->ne].to = b;
    d->e[d->ne].comm = comm;
    d->ne++;
    return ECS_OK;
}

static ecs_result statement(dot *d)
{
    if (is_kw(d, "graph") || is_kw(d, "node") || is_kw(d, "edge")) {
        if (next(d) != ECS_OK)
            return d->rc;
        return attrs(d, NULL, NULL, NULL, NULL);
    }
    if (is_kw(d, "subgraph") || is_punct(d, '{'))
        return fail(d, d->tline, "subgraphs are not supported%s%s", "", "");
    if (d->kind != TK_ID)
        return fail(d, d->tline, "expected a statement, found '%s'%s",
                    tok_desc(d), "");
    char *first = malloc(d->tlen + 1);
    if (first == NULL)
        return nomem(d);
    memcpy(first, d->text, d->tlen + 1);
    size_t flen = d->tlen;
    long line = d->tline;
    if (next(d) != ECS_OK) {
        free(first);
        return d->rc;
    }
    if (is_punct(d, '=')) { /* ID = ID: a graph attribute, ignored */
        free(first);
        if (next(d) != ECS_OK)
            return d->rc;
        if (d->kind != TK_ID)
            return fail(d, d->tline, "expected a value after '=', found '%s'%s",
                        tok_desc(d), "");
        return next(d);
    }
    size_t a;
    ecs_result rc = add_node(d, first, flen, line, &a);
    free(first);
    if (rc != ECS_OK)
        return rc;
    if (d->kind == TK_UNDIR)
        return fail(d, d->tline, "'--' is an undirected edge: a task graph is "
                    "a digraph with '->' edges%s%s", "", "");
    if (d->kind != TK_ARROW) {
        double w = 0;
        int given = 0;
        long wl = 0;
        if (attrs(d, "weight", &w, &given, &wl) != ECS_OK)
            return d->rc;
        if (given) {
            if (!isnan(d->weight[a]) && d->weight[a] != w) {
                char ln[32];
                snprintf(ln, sizeof ln, "%g", d->weight[a]);
                return fail(d, wl, "node '%s' was given weight %s before",
                            d->names.name[a], ln);
            }
            d->weight[a] = w;
        }
        return ECS_OK;
    }
    /* an edge chain */
    size_t chain[64], nc = 0;
    chain[nc++] = a;
    while (d->kind == TK_ARROW) {
        if (next(d) != ECS_OK)
            return d->rc;
        if (is_punct(d, '{') || is_kw(d, "subgraph"))
            return fail(d, d->tline, "subgraphs are not supported%s%s", "", "");
        if (nc == sizeof chain / sizeof *chain)
            return fail(d, d->tline, "an edge chain of more than 64 nodes%s%s",
                        "", "");
        if (node_ref(d, &chain[nc]) != ECS_OK)
            return d->rc;
        nc++;
    }
    double size = 0;
    int given = 0;
    long sl = 0;
    if (attrs(d, "size", &size, &given, &sl) != ECS_OK)
        return d->rc;
    if (size > (double)ECS_GRAPHIO_MAX_WORK)
        return fail(d, sl, "size %s is too large%s", "", "");
    for (size_t i = 0; i + 1 < nc; i++)
        if (add_edge(d, chain[i], chain[i + 1], (long)llround(size)) != ECS_OK)
            return d->rc;
    return ECS_OK;
}

static ecs_result parse(dot *d)
{
    if (next(d) != ECS_OK)
        return d->rc;
    if (is_kw(d, "strict")) {
        d->strict = 1;
        if (next(d) != ECS_OK)
            return d->rc;
    }
    if (is_kw(d, "graph"))
        return fail(d, d->tline, "an undirected graph: a task graph is a "
                    "'digraph'%s%s", "", "");
    if (!is_kw(d, "digraph"))
        return fail(d, d->tline, "expected 'digraph', found '%s'%s",
                    tok_desc(d), "");
    if (next(d) != ECS_OK)
        return d->rc;
    if (d->kind == TK_ID && next(d) != ECS_OK)
        return d->rc;
    if (expect(d, '{', "'{'") != ECS_OK)
        return d->rc;
    while (!is_punct(d, '}')) {
        if (d->kind == TK_END)
            return fail(d, d->tline, "the graph is not closed: '}' is "
                        "missing%s%s", "", "");
        if (is_punct(d, ';')) {
            if (next(d) != ECS_OK)
                return d->rc;
            continue;
        }
        if (statement(d) != ECS_OK)
            return d->rc;
    }
    if (next(d) != ECS_OK)
        return d->rc;
    if (d->kind != TK_END)
        return fail(d, d->tline, "'%s' after the end of the graph (one graph "
                    "per file)%s", tok_desc(d), "");
    return ECS_OK;
}

ecs_result ecs_dot_read_buffer(const char *buf, size_t len, const char *name,
                               double work_unit, ecs_graph **out,
                               ecs_diag *diag)
{
    *out = NULL;
    if (work_unit == 0)
        work_unit = 1;
    if (!(work_unit > 0))
        return ecs_diag_set(diag, ECS_EINVAL, name, 0,
                            "the work unit must be positive");
    dot d;
    memset(&d, 0, sizeof d);
    d.file = name;
    d.p = buf;
    d.end = buf + len;
    d.line = 1;
    d.diag = diag;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        d.p += 3;
    ecs_result rc = parse(&d);
    long *work = NULL;
    double file_work = 0;
    if (rc == ECS_OK && d.names.n > 0) {
        work = malloc(d.names.n * sizeof *work);
        if (work == NULL)
            rc = nomem(&d);
    }
    for (size_t i = 0; rc == ECS_OK && i < d.names.n; i++) {
        if (isnan(d.weight[i]))
            rc = fail(&d, d.names.line[i], "node '%s' has no weight: every "
                      "task needs [weight=WORK]%s", d.names.name[i], "");
        else if (gio_round_work(d.weight[i], work_unit, &work[i]) != 0)
            rc = fail(&d, d.names.line[i], "node '%s': its weight gives more "
                      "work units than the limit%s: give a larger --work-unit",
                      d.names.name[i], "");
        else
            file_work += d.weight[i];
    }
    if (rc == ECS_OK)
        rc = gio_build(name, &d.names, work, d.e, d.ne, 1, d.strict,
                       ECS_STG_DOT, work_unit, file_work, out, diag);
    free(work);
    free(d.text);
    free(d.weight);
    free(d.e);
    gio_names_free(&d.names);
    return rc;
}
