/* Parameters, names and results of the local heuristic (local.h). */
#include "ecsched/local.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const stop_names[] = {
#define ECS_LOCAL_STOP_NAME(name, key) key,
    ECS_LOCAL_STOP_MAP(ECS_LOCAL_STOP_NAME)
#undef ECS_LOCAL_STOP_NAME
};

const char *ecs_local_stop_name(ecs_local_stop s)
{
    switch (s) {
    case ECS_LOCAL_CONVERGED:
    case ECS_LOCAL_TIME_LIMIT:
    case ECS_LOCAL_ROUND_LIMIT:
    case ECS_LOCAL_EFFORT:
        return stop_names[s];
    }
    return "unknown";
}

void ecs_local_params_init(ecs_local_params *prm)
{
    memset(prm, 0, sizeof *prm);
    prm->time_limit_s = 10.0;
    prm->seed = 1;
    prm->max_rounds = 1000;
    prm->scratch_start = 1;
    prm->max_stall = 100;
    prm->cache_mb = 256.0;
    prm->ruin_start = 0;
    prm->progress_every_s = 1.0;
}

ecs_result ecs_local_params_validate(const ecs_local_params *prm,
                                     ecs_diag *diag)
{
    if (prm == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "no parameters");
    if (!isfinite(prm->time_limit_s) || prm->time_limit_s <= 0.0 ||
        prm->time_limit_s > ECS_LOCAL_MAX_TIME_S)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the time limit must be a number of seconds > 0 "
                            "and <= %g, not %g",
                            ECS_LOCAL_MAX_TIME_S, prm->time_limit_s);
    if (prm->max_rounds < 1 || prm->max_rounds > ECS_LOCAL_MAX_ROUNDS)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "max_rounds must be 1..%ld, not %ld",
                            ECS_LOCAL_MAX_ROUNDS, prm->max_rounds);
    if (prm->scratch_start != 0 && prm->scratch_start != 1)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "scratch_start must be 0 or 1, not %d",
                            prm->scratch_start);
    if (prm->max_stall < 0 || prm->max_stall > ECS_LOCAL_MAX_ROUNDS)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "max_stall must be 0..%ld, not %ld",
                            ECS_LOCAL_MAX_ROUNDS, prm->max_stall);
    if (!isfinite(prm->cache_mb) || prm->cache_mb < 1.0 ||
        prm->cache_mb > 1e7)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "cache_mb must be 1..1e7, not %g", prm->cache_mb);
    if (prm->progress != NULL &&
        (!isfinite(prm->progress_every_s) || prm->progress_every_s <= 0))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "progress_every_s must be > 0, not %g",
                            prm->progress_every_s);
    return ECS_OK;
}

void ecs_local_result_release(ecs_local_result *r)
{
    if (r == NULL)
        return;
    ecs_schedule_free(r->schedule);
    memset(r, 0, sizeof *r);
}
