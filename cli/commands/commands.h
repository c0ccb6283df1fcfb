/* The commands of `ecsched` (one file each: cli/commands/cmd_NAME.c). */
#ifndef ECSCHED_CLI_COMMANDS_H
#define ECSCHED_CLI_COMMANDS_H

typedef int (*ecs_cmd_fn)(int argc, char **argv);

typedef struct ecs_command {
    const char *name;
    const char *summary; /* one line */
    const char *usage;   /* full help text */
    ecs_cmd_fn run;      /* argv[0] is the command name */
} ecs_command;

/*
 * Every command, in the order `ecsched --help` lists them.  A command NAME
 * defines `const ecs_command ecs_command_NAME` in cli/commands/cmd_NAME.c; adding it
 * here is the only other step.
 */
#define ECS_COMMAND_LIST(X)                                                  \
    X(validate)                                                              \
    X(info)                                                                  \
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
    X(reproduce)

#define ECS_COMMAND_DECLARE(name) extern const ecs_command ecs_command_##name;
ECS_COMMAND_LIST(ECS_COMMAND_DECLARE)
#undef ECS_COMMAND_DECLARE

/* The command called name, or NULL. */
const ecs_command *ecs_command_find(const char *name);

/* Run the command line (argv[0] is the program). */
int ecs_cli_main(int argc, char **argv);

#endif
