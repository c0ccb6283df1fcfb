/* ecsched report: reading batch result lines. */
#include "report/report.h"
#include "run/keyed.h"

#include "run/rows.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tool_report_rows_release(tool_report_rows *r)
{
    if (r == NULL)
        return;
    tool_rows rows = {r->row, r->n, 0};
    tool_rows_release(&rows);
    memset(r, 0, sizeof *r);
}

/* Keep the first of each case key, in the order of the files and lines. */
static ecs_result dedupe(tool_report_rows *r, ecs_diag *diag)
{
    if (r->n < 2)
        return ECS_OK;
    tool_keyed *k = calloc(r->n, sizeof *k);
    unsigned char *drop = calloc(r->n, 1);
    int bad = k == NULL || drop == NULL;
    for (size_t i = 0; !bad && i < r->n; i++) {
        k[i] = (tool_keyed){tool_row_key(r->row[i]), i};
        bad = k[i].key == NULL;
    }
    if (bad) {
        tool_keyed_free(k, r->n);
        free(drop);
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    tool_keyed_sort(k, r->n);
    for (size_t i = 1; i < r->n; i++)
        if (strcmp(k[i].key, k[i - 1].key) == 0)
            drop[k[i].at] = 1;
    size_t m = 0, n = r->n;
    for (size_t i = 0; i < n; i++) {
        if (drop[i]) {
            json_decref(r->row[i]);
            r->duplicates++;
        } else {
            r->row[m++] = r->row[i];
        }
    }
    r->n = m;
    tool_keyed_free(k, n);
    free(drop);
    return ECS_OK;
}

ecs_result tool_report_load(const char *const *paths, size_t npaths,
                           tool_report_rows *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    tool_rows rows;
    memset(&rows, 0, sizeof rows);
    ecs_result rc = ECS_OK;
    for (size_t k = 0; rc == ECS_OK && k < npaths; k++)
        rc = tool_rows_read(paths[k], 0, &rows, diag);
    out->row = rows.row;
    out->n = rows.n;
    out->partial = rows.partial;
    if (rc == ECS_OK)
        rc = dedupe(out, diag);
    if (rc != ECS_OK)
        tool_report_rows_release(out);
    return rc;
}
