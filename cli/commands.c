/* The command table, `ecsched help`, `--help` and `--version`. */
#include "commands.h"

#include "cli.h"

#include <string.h>

#define MODEL_FLAGS_HELP                                                     \
    "Model flags:\n"                                                         \
    "  -p, --pes P          number of identical PEs (default 1)\n"          \
    "  --freqs LIST         frequencies, strictly decreasing from 1\n"      \
    "                       (default 1,0.8,0.6,0.4,0.2,0)\n"                \
    "  --power MODEL        quadratic (f^2, default) or static:S\n"         \
    "                       (S + (1-S) f^3 for f > 0)\n"                    \
    "  --prices SPEC        built-in (flat, increasing, alternating,\n"     \
    "                       epex-2016-10-19: default) or a CSV file\n"      \
    "  --slot-minutes M     slot length for CSV prices (default 60)\n"      \
    "  --no-repeat          error if prices are shorter than the deadline\n" \
    "  --format F           STG layout: auto, standard, proto, comm\n"

const ecs_command ecs_commands[] = {
    {"validate", "check a schedule and compute its cost and makespan",
     "Usage: ecsched validate GRAPH SCHEDULE.json [model flags]\n"
     "                        [--deadline N] [--json]\n"
     "\n"
     "Runs the checker on a schedule document: work done exactly, one task\n"
     "per PE and slot, precedence (through zero-work tasks), the deadline,\n"
     "frequencies from F.  PEs, frequencies, power, deadline and per-slot\n"
     "prices come from the document unless given as flags.\n"
     "Exit 0: feasible (cost and makespan printed); 1: the first violation\n"
     "is named (task, PE, slot); 2: unreadable input.\n"
     "\n"
     "  --deadline N   D' (slots 0..N-1); default: the document's\n"
     "  --json         the result as JSON\n"
     "\n" MODEL_FLAGS_HELP,
     ecs_cmd_validate},
    {NULL, NULL, NULL, NULL},
};

const ecs_command *ecs_command_find(const char *name)
{
    for (const ecs_command *c = ecs_commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

int ecs_cli_print_help(const char *cmd, FILE *f)
{
    const ecs_command *c = ecs_command_find(cmd);
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
    for (const ecs_command *c = ecs_commands; c->name; c++)
        fprintf(f, "  %-10s %s\n", c->name, c->summary);
    fprintf(f, "\n"
               "'ecsched help COMMAND' or 'ecsched COMMAND --help' for details.\n"
               "Exit codes: 0 ok, 1 infeasible or deadline missed, 2 bad input\n"
               "or usage, 3 internal or solver failure.\n");
}

int ecs_cli_main(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return ECS_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        print_overview(stdout);
        return ECS_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("ecsched %s\n", ECS_VERSION);
        return ECS_EXIT_OK;
    }
    if (strcmp(name, "help") == 0) {
        if (argc < 3) {
            print_overview(stdout);
            return ECS_EXIT_OK;
        }
        if (ecs_cli_print_help(argv[2], stdout) != 0) {
            fprintf(stderr, "ecsched: unknown command '%s'\n", argv[2]);
            return ECS_EXIT_USAGE;
        }
        return ECS_EXIT_OK;
    }
    const ecs_command *c = ecs_command_find(name);
    if (c == NULL) {
        fprintf(stderr, "ecsched: unknown command '%s'\nTry 'ecsched --help'.\n",
                name);
        return ECS_EXIT_USAGE;
    }
    return c->run(argc - 1, argv + 1);
}
