/* Parameters, modes and results of the budget heuristic (heuristic.h). */
#include "ecsched/heuristic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ecs_heur_mode_name(ecs_heur_mode m)
{
    switch (m) {
    case ECS_HEUR_SWEEP:
        return "sweep";
    case ECS_HEUR_BINARY:
        return "binary";
    }
    return "unknown";
}

ecs_result ecs_heur_mode_parse(const char *name, ecs_heur_mode *out,
                               ecs_diag *diag)
{
    if (name != NULL && strcmp(name, "sweep") == 0)
        *out = ECS_HEUR_SWEEP;
    else if (name != NULL && strcmp(name, "binary") == 0)
        *out = ECS_HEUR_BINARY;
    else
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "unknown heuristic mode '%s' (sweep or binary)",
                            name ? name : "");
    return ECS_OK;
}

void ecs_heur_params_init(ecs_heur_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->mode = ECS_HEUR_SWEEP;
    prm->steps = 100;
    prm->sigma = 2.0;
    prm->rel_tol = 1e-3;
    prm->max_bisections = 64;
}

static int mode_known(ecs_heur_mode m)
{
    switch (m) {
    case ECS_HEUR_SWEEP:
    case ECS_HEUR_BINARY:
        return 1;
    }
    return 0;
}

ecs_result ecs_heur_params_validate(const ecs_heur_params *prm,
                                    ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (!mode_known(prm->mode))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "mode must be sweep or binary");
    if (prm->steps < 1 || prm->steps > ECS_HEUR_MAX_STEPS)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "steps must be 1..%ld, not %ld",
                            ECS_HEUR_MAX_STEPS, prm->steps);
    if (!isfinite(prm->sigma) || prm->sigma <= 0.0 || prm->sigma > 1e12)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "sigma must be a number > 0 (and <= 1e12), not %g",
                            prm->sigma);
    if (!isfinite(prm->rel_tol) || prm->rel_tol <= 0.0 || prm->rel_tol >= 1.0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "rel_tol must lie in (0, 1), not %g", prm->rel_tol);
    if (prm->max_bisections < 1 || prm->max_bisections > 1000)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "max_bisections must be 1..1000, not %d",
                            prm->max_bisections);
    return ECS_OK;
}

void ecs_heur_result_release(ecs_heur_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    free(r->cand);
    memset(r, 0, sizeof *r);
}
