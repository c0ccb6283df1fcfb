/* ecsched: entry point. */
#include "commands/commands.h"

int main(int argc, char **argv)
{
    return ecs_cli_main(argc, argv);
}
