/* The commands of `ecsched` (one file each: cli/commands/cmd_NAME.c). */
#ifndef ECSCHED_CLI_COMMANDS_H
#define ECSCHED_CLI_COMMANDS_H

typedef int (*tool_cmd_fn)(int argc, char **argv);

typedef struct tool_command {
    const char *name;
    const char *summary; /* one line */
    const char *usage;   /* full help text */
    tool_cmd_fn run;      /* argv[0] is the command name */
} tool_command;

/*
 * Every command, in the order `ecsched --help` lists them.  A command NAME
 * defines `const tool_command tool_command_NAME` in cli/commands/cmd_NAME.c; adding it
 * here is the only other step.
 */
#define TOOL_COMMAND_LIST(X)                                                  \
    X(validate)                                                              \
    X(info)                                                                  \
    X(convert)                                                               \
    X(generate)                                                              \
    X(prices)                                                                \
    X(makespan)                                                              \
    X(heuristic)                                                             \
    X(milp)                                                                  \
    X(solve)                                                                 \
    X(compare)                                                               \
    X(batch)                                                                 \
    X(report)                                                                \
    X(plot)                                                                  \
    X(export)                                                                \
    X(replan)                                                                \
    X(reproduce)

#define TOOL_COMMAND_DECLARE(name) extern const tool_command tool_command_##name;
TOOL_COMMAND_LIST(TOOL_COMMAND_DECLARE)
#undef TOOL_COMMAND_DECLARE

/* The command called name, or NULL. */
const tool_command *tool_command_find(const char *name);

/* Run the command line (argv[0] is the program). */
int tool_main(int argc, char **argv);

#endif
