/* Split a price file into rows and fields with libcsv. */
#include "internal.h"

#include "ecsched/text.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

typedef struct split_state {
    px_csv_table *t;
    size_t cap_rows;
    char **row;          /* fields of the row being read */
    size_t nf, cap_f;
    long cur_line;       /* line being fed to the parser */
    long row_line;       /* line of the row's first field, 0 before it */
    int oom;
    int stop;            /* end marker seen */
} split_state;

static void on_field(void *s, size_t len, void *data)
{
    split_state *st = data;
    if (st->oom || st->stop)
        return;
    if (st->nf == 0)
        st->row_line = st->cur_line;
    if (st->nf == st->cap_f) {
        size_t cap = st->cap_f ? st->cap_f * 2 : 8;
        char **r = realloc(st->row, cap * sizeof *r);
        if (r == NULL) {
            st->oom = 1;
            return;
        }
        st->row = r;
        st->cap_f = cap;
    }
    char *f = malloc(len + 1);
    if (f == NULL) {
        st->oom = 1;
        return;
    }
    if (len > 0)
        memcpy(f, s, len);
    f[len] = '\0';
    st->row[st->nf++] = f;
}

static void drop_row(split_state *st)
{
    for (size_t i = 0; i < st->nf; i++)
        free(st->row[i]);
    st->nf = 0;
}

static void on_row(int c, void *data)
{
    (void)c;
    split_state *st = data;
    if (st->oom || st->stop) {
        drop_row(st);
        return;
    }
    if (st->nf == 1 && strcmp(st->row[0], "*") == 0) {
        st->stop = 1; /* end-of-file marker (OMIE files) */
        st->t->end_marker = 1;
        drop_row(st);
        return;
    }
    px_csv_table *t = st->t;
    if (t->nrows == st->cap_rows) {
        size_t cap = st->cap_rows ? st->cap_rows * 2 : 64;
        size_t *nf = realloc(t->nfields, cap * sizeof *nf);
        if (nf)
            t->nfields = nf;
        char ***fl = realloc(t->field, cap * sizeof *fl);
        if (fl)
            t->field = fl;
        long *ln = realloc(t->line, cap * sizeof *ln);
        if (ln)
            t->line = ln;
        if (!nf || !fl || !ln) {
            st->oom = 1;
            drop_row(st);
            return;
        }
        st->cap_rows = cap;
    }
    char **fields = malloc((st->nf ? st->nf : 1) * sizeof *fields);
    if (fields == NULL) {
        st->oom = 1;
        drop_row(st);
        return;
    }
    memcpy(fields, st->row, st->nf * sizeof *fields);
    t->field[t->nrows] = fields;
    t->nfields[t->nrows] = st->nf;
    t->line[t->nrows] = st->row_line;
    t->nrows++;
    st->nf = 0;
}

/* The separator: a tab if the first line has at least as many tabs as
 * ',' and ';' (and one), else ';' if it has more of them than ','. */
static char guess_sep(const char *text, size_t len)
{
    size_t semi = 0, comma = 0, tab = 0;
    int quoted = 0;
    for (size_t i = 0; i < len && (quoted || (text[i] != '\n' && text[i] != '\r'));
         i++) {
        if (text[i] == '"')
            quoted = !quoted;
        else if (!quoted && text[i] == ';')
            semi++;
        else if (!quoted && text[i] == ',')
            comma++;
        else if (!quoted && text[i] == '\t')
            tab++;
    }
    if (tab > 0 && tab >= semi && tab >= comma)
        return '\t';
    if (semi == 0 && comma == 0)
        return ';'; /* one column: decimal commas stay in their field */
    return semi > comma ? ';' : ',';
}

void px_csv_table_free(px_csv_table *t)
{
    if (t == NULL)
        return;
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t c = 0; c < t->nfields[r]; c++)
            free(t->field[r][c]);
        free(t->field[r]);
    }
    free(t->field);
    free(t->nfields);
    free(t->line);
    memset(t, 0, sizeof *t);
}

/* UTF-16 (le or be) to UTF-8; *out malloc'ed.  -1 on a bad surrogate
 * (*bad_at gets the line), -2 out of memory. */
static int utf16_to_utf8(const unsigned char *s, size_t len, int le,
                         char **out, size_t *olen, long *bad_at)
{
    char *o = malloc(len / 2 * 3 + 1);
    if (o == NULL)
        return -2;
    size_t n = 0;
    long line = 1;
    for (size_t i = 0; i + 1 < len; i += 2) {
        unsigned u = le ? (unsigned)(s[i] | s[i + 1] << 8)
                        : (unsigned)(s[i] << 8 | s[i + 1]);
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 3 >= len) {
                free(o);
                *bad_at = line;
                return -1;
            }
            unsigned v = le ? (unsigned)(s[i + 2] | s[i + 3] << 8)
                            : (unsigned)(s[i + 2] << 8 | s[i + 3]);
            if (v < 0xDC00 || v > 0xDFFF) {
                free(o);
                *bad_at = line;
                return -1;
            }
            u = 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00);
            i += 2;
        } else if (u >= 0xDC00 && u <= 0xDFFF) {
            free(o);
            *bad_at = line;
            return -1;
        }
        line += u == '\n';
        if (u < 0x80) {
            o[n++] = (char)u;
        } else if (u < 0x800) {
            o[n++] = (char)(0xC0 | u >> 6);
            o[n++] = (char)(0x80 | (u & 0x3F));
        } else if (u < 0x10000) {
            o[n++] = (char)(0xE0 | u >> 12);
            o[n++] = (char)(0x80 | (u >> 6 & 0x3F));
            o[n++] = (char)(0x80 | (u & 0x3F));
        } else {
            o[n++] = (char)(0xF0 | u >> 18);
            o[n++] = (char)(0x80 | (u >> 12 & 0x3F));
            o[n++] = (char)(0x80 | (u >> 6 & 0x3F));
            o[n++] = (char)(0x80 | (u & 0x3F));
        }
    }
    o[n] = '\0';
    *out = o;
    *olen = n;
    return 0;
}

/* UTF-16: a BOM, or (without one) NUL in every odd (le) or even (be)
 * byte of the first line.  Returns 1 le, 2 be, 0 not UTF-16; *skip gets
 * the BOM length. */
static int utf16_kind(const unsigned char *s, size_t len, size_t *skip)
{
    *skip = 0;
    if (len >= 2 && s[0] == 0xFF && s[1] == 0xFE) {
        *skip = 2;
        return 1;
    }
    if (len >= 2 && s[0] == 0xFE && s[1] == 0xFF) {
        *skip = 2;
        return 2;
    }
    size_t n = len < 64 ? len & ~(size_t)1 : 64;
    if (n < 4)
        return 0;
    int le = 1, be = 1;
    for (size_t i = 0; i < n; i += 2) {
        le &= s[i] != 0 && s[i + 1] == 0;
        be &= s[i] == 0 && s[i + 1] != 0;
    }
    return le ? 1 : be ? 2 : 0;
}

static ecs_result split_utf8(const char *text, size_t len, const char *name,
                             px_csv_table *out, ecs_diag *diag);

/* The message for a NUL byte at text[at] (line counted up to it). */
static ecs_result nul_byte(const char *text, size_t at, const char *name,
                           ecs_diag *diag)
{
    long line = 1;
    for (size_t i = 0; i < at; i++)
        line += text[i] == '\n';
    return ecs_diag_set(diag, ECS_EPARSE, name, line,
                        "a NUL byte: not a text file (UTF-32 or a "
                        "spreadsheet file such as .xlsx?): save it as "
                        "UTF-8 CSV");
}

ecs_result px_csv_split(const char *text, size_t len, const char *name,
                         px_csv_table *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    /* UTF-32: its little-endian BOM begins like UTF-16's (FF FE), and
     * read as UTF-16 it is text with a NUL after every character */
    if (len >= 4 && (memcmp(text, "\xFF\xFE\0\0", 4) == 0 ||
                     memcmp(text, "\0\0\xFE\xFF", 4) == 0))
        return nul_byte(text, 0, name, diag);
    size_t skip;
    int kind = utf16_kind((const unsigned char *)text, len, &skip);
    if (kind != 0) {
        char *u = NULL;
        size_t ulen = 0;
        long bad_at = 0;
        int r = utf16_to_utf8((const unsigned char *)text + skip, len - skip,
                              kind == 1, &u, &ulen, &bad_at);
        if (r == -2)
            return ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
        if (r == -1)
            return ecs_diag_set(diag, ECS_EPARSE, name, bad_at,
                                "the file is UTF-16 (%s) with a broken "
                                "surrogate pair: save it as UTF-8 CSV",
                                kind == 1 ? "little-endian" : "big-endian");
        const char *unul = memchr(u, '\0', ulen);
        ecs_result rc = unul != NULL
                            ? nul_byte(u, (size_t)(unul - u), name, diag)
                            : split_utf8(u, ulen, name, out, diag);
        out->utf16 = kind;
        free(u);
        return rc;
    }
    const char *nul = memchr(text, '\0', len);
    if (nul != NULL)
        return nul_byte(text, (size_t)(nul - text), name, diag);
    /* A file that is not UTF-8 (nor UTF-16) is Windows-1252 (Latin-1 with
     * the euro sign at 0x80), as spreadsheet exports are: decoded, so that
     * column names and units are UTF-8 everywhere after. */
    if (!ecs_utf8_valid(text, len)) {
        size_t ulen = len;
        char *decoded = ecs_cp1252_to_utf8(text, len, &ulen);
        if (decoded == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
        ecs_result rc = split_utf8(decoded, ulen, name, out, diag);
        free(decoded);
        return rc;
    }
    return split_utf8(text, len, name, out, diag);
}

static ecs_result split_utf8(const char *text, size_t len, const char *name,
                             px_csv_table *out, ecs_diag *diag)
{
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
        out->had_bom = 1;
    }
    out->sep = guess_sep(text, len);
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0)
        return ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
    csv_set_delim(&p, (unsigned char)out->sep);
    split_state st;
    memset(&st, 0, sizeof st);
    st.t = out;
    st.cur_line = 1;
    ecs_result rc = ECS_OK;
    size_t pos = 0;
    while (pos < len && !st.stop && !st.oom) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - (text + pos)) + 1 : len - pos;
        if (csv_parse(&p, text + pos, n, on_field, on_row, &st) != n) {
            rc = ecs_diag_set(diag, ECS_EPARSE, name, st.cur_line,
                              "malformed CSV (%s)",
                              csv_strerror(csv_error(&p)));
            break;
        }
        pos += n;
        st.cur_line++;
    }
    if (rc == ECS_OK && !st.stop &&
        csv_fini(&p, on_field, on_row, &st) != 0)
        rc = ecs_diag_set(diag, ECS_EPARSE, name, st.cur_line - 1,
                          "malformed CSV: unterminated quoted field");
    csv_free(&p);
    drop_row(&st);
    free(st.row);
    if (rc == ECS_OK && st.oom)
        rc = ecs_diag_set(diag, ECS_ENOMEM, name, 0, "out of memory");
    if (rc != ECS_OK)
        px_csv_table_free(out);
    return rc;
}
