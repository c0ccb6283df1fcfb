/* The root restart's smaller model (milp_restart.h; why removing the
 * columns is valid: docs/MODEL.md "MILP, strong formulation"). */
#include "milp_restart.h"

#include <stdint.h>
#include <stdlib.h>

long milp_model_reduce(const milp_model *m, const double *lb,
                       const double *ub, milp_model *out, size_t *keep)
{
    size_t *col = malloc((m->ncols ? m->ncols : 1) * sizeof *col);
    size_t *row = malloc((m->nrows ? m->nrows : 1) * sizeof *row);
    size_t *cnt = calloc(m->nrows ? m->nrows : 1, sizeof *cnt);
    milp_model_init(out, 0);
    long kept = -1;
    if (col == NULL || row == NULL || cnt == NULL)
        goto done;
    size_t k = 0;
    for (size_t j = 0; j < m->ncols; j++) {
        col[j] = SIZE_MAX;
        if (lb[j] == 0.0 && ub[j] == 0.0)
            continue; /* fixed at 0: no solution left uses it */
        col[j] = k;
        keep[k++] = j;
        milp_model_col(out, lb[j], ub[j], m->integer[j], m->obj[j], "c");
    }
    for (size_t q = 1; q <= m->nnz; q++)
        if (col[m->ja[q] - 1] != SIZE_MAX)
            cnt[m->ia[q] - 1]++;
    for (size_t r = 0; r < m->nrows; r++) {
        row[r] = SIZE_MAX;
        int zero_fits = m->sense[r] == MILP_ROW_LE   ? 0.0 <= m->rhs[r]
                        : m->sense[r] == MILP_ROW_GE ? 0.0 >= m->rhs[r]
                                                     : m->rhs[r] == 0.0;
        if (cnt[r] > 0 || !zero_fits) /* (an empty row that 0 breaks: the
                                         LP says there is no solution) */
            row[r] = milp_model_row(out, (milp_sense)m->sense[r], m->rhs[r],
                                    "r");
    }
    for (size_t q = 1; q <= m->nnz; q++) {
        size_t j = col[m->ja[q] - 1], r = row[m->ia[q] - 1];
        if (j != SIZE_MAX && r != SIZE_MAX)
            milp_model_nz(out, r, j, m->ar[q]);
    }
    if (!out->oom)
        kept = (long)k;
done:
    if (kept < 0)
        milp_model_release(out);
    free(col);
    free(row);
    free(cnt);
    return kept;
}
