/* ecsched: entry point.  The GLPK environment is the program's, not the
 * library's (include/ecsched/milp.h): the command frees it at exit (batch
 * workers leave through _exit, where the system takes it back). */
#include "commands/commands.h"

#include <glpk.h>
#include <stdlib.h>

static void free_glpk_env(void)
{
    glp_free_env();
}

int main(int argc, char **argv)
{
    atexit(free_glpk_env);
    return tool_main(argc, argv);
}
