/* The library's version (see include/ecsched/version.h). */
#include "ecsched/version.h"

const char *ecs_version(void)
{
    return ECS_VERSION;
}
