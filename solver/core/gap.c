/* The relative gap between a cost and a lower bound (bound.h): one formula
 * for every method. */
#include "ecsched/bound.h"

#include <math.h>

double ecs_gap_rel(double cost, double bound)
{
    if (isnan(cost) || isnan(bound) || !isfinite(bound))
        return NAN;
    /* within rounding (a bound kept below its LP's value by 1e-10):
     * closed, also at a cost of 0 */
    if (cost - bound <= 1e-9 * (1.0 + fabs(bound)))
        return 0.0;
    double den = fabs(cost) > 1e-9 ? fabs(cost) : 1e-9;
    double gp = (cost - bound) / den;
    return gp > 0.0 ? gp : 0.0;
}

int ecs_gap_reached(double cost, double bound, double gap)
{
    double gp = ecs_gap_rel(cost, bound);
    return !isnan(gp) && gp <= gap + 1e-9;
}

double ecs_gap_target(double bound, double gap)
{
    return bound >= 0.0 ? bound / (1.0 - gap) : bound / (1.0 + gap);
}
