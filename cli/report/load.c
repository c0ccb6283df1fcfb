/* ecsched report: reading batch result lines. */
#include "report/report.h"

#include "batch/batch.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ecs_report_rows_release(ecs_report_rows *r)
{
    if (r == NULL)
        return;
    for (size_t k = 0; k < r->n; k++)
        json_decref(r->row[k]);
    free(r->row);
    memset(r, 0, sizeof *r);
}

typedef struct loader {
    ecs_report_rows *out;
    size_t cap;
    char **keys; /* keys of out->row, for duplicates */
} loader;

static ecs_result add(loader *ld, json_t *row, char *key, const char *path)
{
    ecs_report_rows *r = ld->out;
    if (r->n == ld->cap) {
        size_t cap = ld->cap ? 2 * ld->cap : 256;
        json_t **rr = realloc(r->row, cap * sizeof *rr);
        char **kk = rr ? realloc(ld->keys, cap * sizeof *kk) : NULL;
        if (rr)
            r->row = rr;
        if (kk == NULL)
            return ecs_diag_set(NULL, ECS_ENOMEM, path, 0, "out of memory");
        ld->keys = kk;
        ld->cap = cap;
    }
    r->row[r->n] = row;
    ld->keys[r->n++] = key;
    return ECS_OK;
}

static ecs_result load_file(loader *ld, const char *path, ecs_diag *diag)
{
    FILE *f = ecs_cli_fopen_read(path, diag);
    if (f == NULL)
        return ECS_EIO;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long ln = 0;
    ecs_result rc = ECS_OK;
    while (rc == ECS_OK && (len = getline(&line, &cap, f)) >= 0) {
        ln++;
        int whole = len > 0 && line[len - 1] == '\n';
        if (len == 0 || (len == 1 && whole))
            continue;
        json_error_t err;
        json_t *row = json_loadb(line, (size_t)len, 0, &err);
        char *key = row ? ecs_batch_row_key(row) : NULL;
        if (key == NULL) {
            json_decref(row);
            if (!whole) { /* a batch still writing, or killed */
                ld->out->partial++;
                break;
            }
            rc = ecs_diag_set(diag, ECS_EPARSE, path, ln,
                              row ? "not a batch result line (graph, pes, extension, "
                                    "prices, method)"
                                  : "not JSON: %s",
                              err.text);
            break;
        }
        rc = add(ld, row, key, path);
        if (rc != ECS_OK) {
            json_decref(row);
            free(key);
            ecs_diag_set(diag, rc, path, 0, "out of memory");
        }
    }
    free(line);
    fclose(f);
    return rc;
}

typedef struct keyed {
    const char *key;
    size_t at;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c != 0 ? c : (x->at > y->at) - (x->at < y->at);
}

/* Keep the first of each case key, in the order of the files and lines. */
static ecs_result dedupe(loader *ld, ecs_diag *diag)
{
    ecs_report_rows *r = ld->out;
    if (r->n < 2)
        return ECS_OK;
    keyed *k = malloc(r->n * sizeof *k);
    unsigned char *drop = calloc(r->n, 1);
    if (k == NULL || drop == NULL) {
        free(k);
        free(drop);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    for (size_t i = 0; i < r->n; i++)
        k[i] = (keyed){ld->keys[i], i};
    qsort(k, r->n, sizeof *k, cmp_keyed);
    for (size_t i = 1; i < r->n; i++)
        if (strcmp(k[i].key, k[i - 1].key) == 0)
            drop[k[i].at] = 1;
    size_t m = 0;
    for (size_t i = 0; i < r->n; i++) {
        if (drop[i]) {
            json_decref(r->row[i]);
            r->duplicates++;
        } else {
            r->row[m++] = r->row[i];
        }
    }
    r->n = m;
    free(k);
    free(drop);
    return ECS_OK;
}

ecs_result ecs_report_load(const char *const *paths, size_t npaths,
                           ecs_report_rows *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    loader ld = {out, 0, NULL};
    ecs_result rc = ECS_OK;
    for (size_t k = 0; rc == ECS_OK && k < npaths; k++)
        rc = load_file(&ld, paths[k], diag);
    size_t nkeys = out->n;
    if (rc == ECS_OK)
        rc = dedupe(&ld, diag);
    for (size_t k = 0; k < nkeys && ld.keys; k++)
        free(ld.keys[k]);
    free(ld.keys);
    if (rc != ECS_OK)
        ecs_report_rows_release(out);
    return rc;
}
