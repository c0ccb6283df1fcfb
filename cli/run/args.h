/*
 * ecsched command line: the option loop every command shares
 * (cli/run/args.c).
 */
#ifndef ECSCHED_CLI_ARGS_H
#define ECSCHED_CLI_ARGS_H

#include <stdint.h>

#include "run/model.h"

/* ---- the shared option loop of the commands (cli/run/args.c) ---- */

/* Returned by an tool_own_fn for an option that is not its own. */
#define TOOL_NOT_OWN (-1)

/*
 * A command's own options.  Called for every option getopt_long returns,
 * before the model flags are looked at, with the option id, its argument
 * (or NULL) and the argv word last consumed (argv[optind - 1]).  Returns 0
 * if it handled the option, TOOL_NOT_OWN to pass it on to the model
 * flags, or an exit code after printing the usage error.
 */
typedef int (*tool_own_fn)(void *ctx, int opt, const char *arg,
                              const char *word);

typedef struct tool_argspec {
    const char *cmd;                /* command name, for messages */
    const char *shortopts;          /* default TOOL_MODEL_SHORTOPTS */
    const struct option *longopts;  /* the command's getopt_long table */
    tool_model *model;           /* filled by tool_model_option; NULL
                                       for a command without the model
                                       flags: then only -h and --help
                                       (TOOL_OPT_HELP) are handled here */
    const int *rejected;            /* model flag ids that do not apply to
                                       the command, 0-terminated; or NULL */
    tool_own_fn own;             /* the command's own options, or NULL */
    void *ctx;                      /* passed to own */
    int help_now;                   /* 1: --help ends the parsing at once
                                       (options after it are not looked
                                       at); default 0 */
    int cws;                        /* 1: the command runs CaWoSched's
                                       fixed-mapping problem (--mapping,
                                       a CaWoSched setup as --platform);
                                       2: it converts a setup (convert);
                                       default 0: those are usage errors */
    int defer_plat;                 /* 1: the caller resolves the extended
                                       platform itself (ecs_plat_resolve,
                                       validate: after the document's
                                       terms); default 0: once parsed */
} tool_argspec;

/* The command's option table, model and own options (own may be NULL:
 * none; ctx is passed to own); defaults: model short options, no rejected
 * flags, --help read like any option. */
void tool_argspec_init(tool_argspec *s, const char *cmd,
                          const struct option *longopts, tool_model *m,
                          tool_own_fn own, void *ctx);

/*
 * The option loop every scheduling command shares: resets getopt
 * (optind = 1, opterr = 0), then for each option: unknown (or a missing
 * value, unless shortopts begins with ':') -> "bad option 'WORD'"; a
 * missing value when shortopts begins with ':' -> "option 'WORD' needs a
 * value"; the command's own options; a rejected or unknown
 * model flag -> "option 'WORD' does not apply here"; a bad model flag
 * value -> its message.  Returns 0 with *first set to the index of the
 * first positional argument, -1 if --help was given, or an exit code after
 * printing the usage error (tool_usage_error).
 */
int tool_parse_args(const tool_argspec *s, int argc, char **argv,
                       int *first);

/*
 * The commands that take one positional argument (GRAPH): tool_parse_args,
 * then exactly one positional argument, stored in *arg, else the usage
 * error `need` (e.g. "needs one GRAPH").  Returns as tool_parse_args.
 */
int tool_parse_one(const tool_argspec *s, int argc, char **argv,
                      const char *need, const char **arg);

/* The commands without positional arguments: tool_parse_args, then
 * "unexpected argument 'WORD'" for the first one given.  Returns as
 * tool_parse_args. */
int tool_parse_none(const tool_argspec *s, int argc, char **argv);

/*
 * What a command returns when its argument parsing did not say "go on"
 * (pr != 0): for pr < 0 (--help) prints the help on stdout and gives
 * TOOL_EXIT_OK, else gives pr, the exit code of the usage error.
 */
int tool_parse_exit(const char *cmd, int pr);

/* A random seed: a strict unsigned decimal (no sign, no blanks) up to
 * 18446744073709551615 (--seed of generate and heuristic); 0 or -1. */
int tool_parse_seed(const char *s, uint64_t *out);

#endif
