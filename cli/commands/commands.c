/* The command table, `ecsched help`, `--help` and `--version`. */
#include "commands/commands.h"

#include "run/cli.h"
#include "run/output.h"
#include "run/suggest.h"

#include <string.h>

#define TOOL_COMMAND_ENTRY(name) &tool_command_##name,
static const tool_command *const tool_commands[] = {
    TOOL_COMMAND_LIST(TOOL_COMMAND_ENTRY) NULL,
};
#undef TOOL_COMMAND_ENTRY


const tool_command *tool_command_find(const char *name)
{
    for (size_t k = 0; tool_commands[k] != NULL; k++)
        if (strcmp(tool_commands[k]->name, name) == 0)
            return tool_commands[k];
    return NULL;
}

/* "unknown command 'X'" with the closest command's name when one is near. */
static void unknown_command(const char *name)
{
    const char *names[sizeof tool_commands / sizeof *tool_commands];
    size_t n = 0;
    for (size_t k = 0; tool_commands[k] != NULL; k++)
        names[n++] = tool_commands[k]->name;
    const char *near = tool_closest(name, names, n);
    if (near != NULL)
        fprintf(stderr, "ecsched: unknown command '%s' (did you mean '%s'?)\n",
                name, near);
    else
        fprintf(stderr, "ecsched: unknown command '%s'\n", name);
}

int tool_print_help(const char *cmd, FILE *f)
{
    const tool_command *c = tool_command_find(cmd);
    if (c == NULL)
        return -1;
    fputs(c->usage, f);
    return 0;
}

static void print_overview(FILE *f)
{
    fprintf(f,
            "ecsched %s: energy-cost scheduling of task graphs on PEs with\n"
            "frequency scaling under time-varying electricity prices.\n"
            "\n"
            "Usage: ecsched COMMAND [ARGS]\n"
            "\n"
            "Commands:\n",
            ECS_VERSION);
    for (size_t k = 0; tool_commands[k] != NULL; k++)
        fprintf(f, "  %-10s %s\n", tool_commands[k]->name,
                tool_commands[k]->summary);
    fprintf(f, "\n"
               "'ecsched help COMMAND' or 'ecsched COMMAND --help' for details.\n"
               "Exit codes: 0 ok, 1 infeasible or deadline missed, 2 bad input\n"
               "or usage, 3 internal or solver failure.\n");
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return TOOL_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_overview(stdout);
        return TOOL_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("ecsched %s\n", ECS_VERSION);
        return TOOL_EXIT_OK;
    }
    if (strcmp(name, "help") == 0) {
        if (argc < 3) {
            print_overview(stdout);
            return TOOL_EXIT_OK;
        }
        if (tool_print_help(argv[2], stdout) != 0) {
            unknown_command(argv[2]);
            return TOOL_EXIT_USAGE;
        }
        return TOOL_EXIT_OK;
    }
    const tool_command *c = tool_command_find(name);
    if (c == NULL) {
        unknown_command(name);
        fprintf(stderr, "Try 'ecsched --help'.\n");
        return TOOL_EXIT_USAGE;
    }
    return c->run(argc - 1, argv + 1);
}

int tool_main(int argc, char **argv)
{
    int rc = dispatch(argc, argv);
    if (tool_close_stdout() != 0 && rc == TOOL_EXIT_OK)
        rc = tool_exit_code(ECS_EIO);
    return rc;
}
