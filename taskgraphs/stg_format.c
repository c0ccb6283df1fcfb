/* Names of the STG layouts (graph.h). */
#include "ecsched/graph.h"

#include <string.h>

const char *ecs_stg_format_name(ecs_stg_format f)
{
    switch (f) {
    case ECS_STG_AUTO:
        return "auto";
    case ECS_STG_STANDARD:
        return "standard";
    case ECS_STG_PROTO:
        return "proto";
    case ECS_STG_COMM:
        return "comm";
    }
    return "unknown";
}

ecs_result ecs_stg_format_parse(const char *name, ecs_stg_format *out,
                                ecs_diag *diag)
{
    static const ecs_stg_format all[] = {ECS_STG_AUTO, ECS_STG_STANDARD,
                                         ECS_STG_PROTO, ECS_STG_COMM};
    for (size_t i = 0; name != NULL && i < sizeof all / sizeof all[0]; i++)
        if (strcmp(name, ecs_stg_format_name(all[i])) == 0) {
            *out = all[i];
            return ECS_OK;
        }
    return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                        "unknown STG layout '%s' (auto, standard, proto or "
                        "comm)", name ? name : "");
}
