/* A solver-neutral model: columns, rows and coefficient triplets, built by
 * the formulations and loaded into GLPK by the driver. */
#include "milp_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void milp_model_init(milp_model *m, int names)
{
    memset(m, 0, sizeof *m);
    m->names = names;
}

static void free_names(char **v, size_t n)
{
    if (v == NULL)
        return;
    for (size_t k = 0; k < n; k++)
        free(v[k]);
    free(v);
}

void milp_model_release(milp_model *m)
{
    if (m == NULL)
        return;
    free(m->obj);
    free(m->lb);
    free(m->ub);
    free(m->integer);
    free(m->sense);
    free(m->rhs);
    free(m->ia);
    free(m->ja);
    free(m->ar);
    free_names(m->col_name, m->ncols);
    free_names(m->row_name, m->nrows);
    memset(m, 0, sizeof *m);
}

/* Grow *p (elements of size sz) to cap elements; 0 or -1. */
static int grow(void **p, size_t cap, size_t sz)
{
    void *q = realloc(*p, cap * sz);
    if (q == NULL)
        return -1;
    *p = q;
    return 0;
}

static int reserve_cols(milp_model *m)
{
    if (m->ncols < m->cap_cols)
        return 0;
    size_t cap = m->cap_cols ? 2 * m->cap_cols : 256;
    if (grow((void **)&m->obj, cap, sizeof *m->obj) ||
        grow((void **)&m->lb, cap, sizeof *m->lb) ||
        grow((void **)&m->ub, cap, sizeof *m->ub) ||
        grow((void **)&m->integer, cap, 1) ||
        (m->names && grow((void **)&m->col_name, cap, sizeof(char *))))
        return -1;
    m->cap_cols = cap;
    return 0;
}

static int reserve_rows(milp_model *m)
{
    if (m->nrows < m->cap_rows)
        return 0;
    size_t cap = m->cap_rows ? 2 * m->cap_rows : 256;
    if (grow((void **)&m->sense, cap, 1) ||
        grow((void **)&m->rhs, cap, sizeof *m->rhs) ||
        (m->names && grow((void **)&m->row_name, cap, sizeof(char *))))
        return -1;
    m->cap_rows = cap;
    return 0;
}

static char *vformat(const char *fmt, va_list ap)
{
    char buf[64];
    vsnprintf(buf, sizeof buf, fmt, ap);
    size_t len = strlen(buf) + 1;
    char *s = malloc(len);
    if (s != NULL)
        memcpy(s, buf, len);
    return s;
}

size_t milp_model_col(milp_model *m, double lb, double ub, int integer,
                          double obj, const char *fmt, ...)
{
    if (m->oom || reserve_cols(m) != 0) {
        m->oom = 1;
        return 0;
    }
    size_t j = m->ncols;
    m->obj[j] = obj;
    m->lb[j] = lb;
    m->ub[j] = ub;
    m->integer[j] = (unsigned char)(integer == MILP_COL_INT ||
                                            integer == MILP_COL_IMPLIED
                                        ? integer
                                        : MILP_COL_CONT);
    if (m->names) {
        va_list ap;
        va_start(ap, fmt);
        m->col_name[j] = vformat(fmt, ap);
        va_end(ap);
        if (m->col_name[j] == NULL)
            m->oom = 1;
    }
    m->ncols++;
    return j;
}

size_t milp_model_row(milp_model *m, milp_sense sense, double rhs,
                          const char *fmt, ...)
{
    if (m->oom || reserve_rows(m) != 0) {
        m->oom = 1;
        return 0;
    }
    size_t r = m->nrows;
    m->sense[r] = (unsigned char)sense;
    m->rhs[r] = rhs;
    if (m->names) {
        va_list ap;
        va_start(ap, fmt);
        m->row_name[r] = vformat(fmt, ap);
        va_end(ap);
        if (m->row_name[r] == NULL)
            m->oom = 1;
    }
    m->nrows++;
    return r;
}

void milp_model_nz(milp_model *m, size_t row, size_t col, double a)
{
    if (m->oom)
        return;
    if (m->nnz + 1 >= m->cap_nnz) {
        size_t cap = m->cap_nnz ? 2 * m->cap_nnz : 4096;
        if (grow((void **)&m->ia, cap, sizeof *m->ia) ||
            grow((void **)&m->ja, cap, sizeof *m->ja) ||
            grow((void **)&m->ar, cap, sizeof *m->ar)) {
            m->oom = 1;
            return;
        }
        m->cap_nnz = cap;
    }
    m->nnz++; /* triplets are 1-based: slot 0 stays unused */
    m->ia[m->nnz] = (int)row + 1;
    m->ja[m->nnz] = (int)col + 1;
    m->ar[m->nnz] = a;
}

/* Copy n elements of size sz (at least one allocated); NULL on failure. */
static void *dup(const void *src, size_t n, size_t sz)
{
    void *d = malloc((n ? n : 1) * sz);
    if (d != NULL && n > 0)
        memcpy(d, src, n * sz);
    return d;
}

int milp_model_copy(milp_model *to, const milp_model *from)
{
    milp_model_init(to, 0);
    to->ncols = to->cap_cols = from->ncols;
    to->nrows = to->cap_rows = from->nrows;
    to->nnz = from->nnz;
    to->cap_nnz = from->nnz + 1;
    to->obj = dup(from->obj, from->ncols, sizeof *to->obj);
    to->lb = dup(from->lb, from->ncols, sizeof *to->lb);
    to->ub = dup(from->ub, from->ncols, sizeof *to->ub);
    to->integer = dup(from->integer, from->ncols, 1);
    to->sense = dup(from->sense, from->nrows, 1);
    to->rhs = dup(from->rhs, from->nrows, sizeof *to->rhs);
    to->ia = dup(from->ia, from->nnz + 1, sizeof *to->ia);
    to->ja = dup(from->ja, from->nnz + 1, sizeof *to->ja);
    to->ar = dup(from->ar, from->nnz + 1, sizeof *to->ar);
    if (to->obj == NULL || to->lb == NULL || to->ub == NULL ||
        to->integer == NULL || to->sense == NULL || to->rhs == NULL ||
        to->ia == NULL || to->ja == NULL || to->ar == NULL) {
        milp_model_release(to);
        return -1;
    }
    return 0;
}
