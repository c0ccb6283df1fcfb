/* Names of the stop reasons (progress.h). */
#include "ecsched/progress.h"

const char *ecs_stop_name(ecs_stop s)
{
    switch (s) {
#define ECS_STOP_NAME(name, key)                                              \
    case ECS_STOP_##name:                                                     \
        return key;
        ECS_STOP_MAP(ECS_STOP_NAME)
#undef ECS_STOP_NAME
    }
    return "unknown";
}
