/* The commands of `ecsched` (one file each: cli/cmd_NAME.c). */
#ifndef ECSCHED_CLI_COMMANDS_H
#define ECSCHED_CLI_COMMANDS_H

typedef int (*ecs_cmd_fn)(int argc, char **argv);

typedef struct ecs_command {
    const char *name;
    const char *summary; /* one line */
    const char *usage;   /* full help text */
    ecs_cmd_fn run;
} ecs_command;

/* The table, ended by an entry with name NULL. */
extern const ecs_command ecs_commands[];

/* The command called name, or NULL. */
const ecs_command *ecs_command_find(const char *name);

/* Run the command line (argv[0] is the program). */
int ecs_cli_main(int argc, char **argv);

int ecs_cmd_validate(int argc, char **argv);

#endif
