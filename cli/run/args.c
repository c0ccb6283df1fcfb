/* The option loop shared by the commands (cli.h "shared option loop"). */
#include "run/args.h"
#include "run/model.h"
#include "run/cawosched_cli.h"
#include "ecsched/platform_file.h"
#include "run/suggest.h"

#include <errno.h>
#include <stdlib.h>

void tool_argspec_init(tool_argspec *s, const char *cmd,
                          const struct option *longopts, tool_model *m,
                          tool_own_fn own, void *ctx)
{
    s->cmd = cmd;
    s->shortopts = TOOL_MODEL_SHORTOPTS;
    s->longopts = longopts;
    s->model = m;
    s->rejected = NULL;
    s->own = own;
    s->ctx = ctx;
    s->help_now = 0;
    s->cws = 0;
    s->defer_plat = 0;
}

static int is_rejected(const int *rejected, int opt)
{
    for (const int *r = rejected; r != NULL && *r != 0; r++)
        if (*r == opt)
            return 1;
    return 0;
}

/* One option: 0 to go on, else an exit code (message printed). */
static int one_option(const tool_argspec *s, int c, const char *word,
                      int *help)
{
    if (c == '?') {
        char near[96];
        if (tool_closest_option(word, s->longopts, near, sizeof near))
            return tool_usage_error(s->cmd, "bad option '%s' (did you mean "
                                               "'%s'?)", word, near);
        return tool_usage_error(s->cmd, "bad option '%s'", word);
    }
    if (c == ':')
        return tool_usage_error(s->cmd, "option '%s' needs a value", word);
    if (s->own != NULL) {
        int e = s->own(s->ctx, c, optarg, word);
        if (e != TOOL_NOT_OWN)
            return e;
    }
    if (is_rejected(s->rejected, c))
        return tool_usage_error(s->cmd, "option '%s' does not apply here",
                                   word);
    if (s->model == NULL) { /* a command without the model flags */
        if (c != 'h' && c != TOOL_OPT_HELP)
            return tool_usage_error(s->cmd, "option '%s' does not apply here",
                                       word);
        *help = 1;
        return 0;
    }
    ecs_diag diag;
    int r = tool_model_option(s->model, c, optarg, &diag);
    if (r < 0)
        return tool_usage_error(s->cmd, "%s", diag.msg);
    if (r == 0)
        return tool_usage_error(s->cmd, "option '%s' does not apply here",
                                   word);
    return 0;
}

int tool_parse_args(const tool_argspec *s, int argc, char **argv,
                       int *first)
{
    int c, help = 0;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, s->shortopts, s->longopts, NULL)) !=
           -1) {
        /* the option's own word: with a separate value ("--deadline 100")
         * that is the word before the value */
        const char *word = optarg != NULL && optind >= 2 &&
                                   optarg == argv[optind - 1]
                               ? argv[optind - 2]
                               : argv[optind - 1];
        int e = one_option(s, c, word, &help);
        if (e != 0)
            return e;
        if (s->help_now && (s->model != NULL ? s->model->help : help))
            return -1;
    }
    if (s->model != NULL ? s->model->help : help)
        return -1;
    if (s->model != NULL) {
        /* the extended platform: a file or the shortcuts, once every flag
         * is known (--slot-minutes, --freqs may come after --platform) */
        int e = tool_cws_detect(s->cmd, s->model, s->cws);
        if (e != 0)
            return e;
        ecs_diag diag;
        ecs_result rc = s->defer_plat ? ECS_OK : ecs_plat_resolve(s->model, &diag);
        if (rc != ECS_OK) {
            tool_error(s->cmd, &diag);
            return tool_exit_code(rc);
        }
    }
    *first = optind;
    return 0;
}

int tool_parse_one(const tool_argspec *s, int argc, char **argv,
                      const char *need, const char **arg)
{
    int first, pr = tool_parse_args(s, argc, argv, &first);
    if (pr != 0)
        return pr;
    if (argc - first != 1)
        return tool_usage_error(s->cmd, "%s", need);
    *arg = argv[first];
    return 0;
}

int tool_parse_none(const tool_argspec *s, int argc, char **argv)
{
    int first, pr = tool_parse_args(s, argc, argv, &first);
    if (pr == 0 && first != argc)
        return tool_usage_error(s->cmd, "unexpected argument '%s'",
                                   argv[first]);
    return pr;
}

int tool_parse_exit(const char *cmd, int pr)
{
    if (pr >= 0)
        return pr;
    tool_print_help(cmd, stdout);
    return TOOL_EXIT_OK;
}

int tool_parse_seed(const char *s, uint64_t *out)
{
    if (s == NULL || *s < '0' || *s > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || v > UINT64_MAX)
        return -1;
    *out = (uint64_t)v;
    return 0;
}
