/* The root restart of the MILP (docs/MODEL.md "MILP, strong formulation":
 * the root restart), not public: the model without the columns that
 * reduced-cost fixing and bound propagation fixed at 0. */
#ifndef ECSCHED_MILP_RESTART_H
#define ECSCHED_MILP_RESTART_H

#include <stddef.h>

#include "milp_internal.h"

/*
 * *out = m without its columns fixed at 0 by the bounds lb, ub (ncols
 * values each: the bounds after fixing; the columns kept take them) and
 * without the rows left with no column whose right-hand side 0 satisfies;
 * names are not kept.  keep (m->ncols entries) receives, for k below the
 * count returned, the column of m that column k of *out is.  Returns the
 * columns kept, or -1 when out of memory (then *out holds nothing).
 */
long milp_model_reduce(const milp_model *m, const double *lb,
                       const double *ub, milp_model *out, size_t *keep);

#endif
