/* ecsched plot SCHEDULE.json -o gantt.svg: a Gantt chart as SVG. */
#include "run/cli.h"
#include "run/args.h"
#include "run/output.h"
#include "ecsched/document.h"
#include "ecsched/numparse.h"
#include "commands/commands.h"
#include "ecsched/gantt.h"

#include <stdlib.h>
#include <string.h>

static const char *CMD = "plot";

int tool_cmd_plot(int argc, char **argv);

const tool_command tool_command_plot = {
    "plot", "draw a schedule document as an SVG Gantt chart",
    "Usage: ecsched plot SCHEDULE.json [-o FILE.svg] [--title TEXT]\n"
    "                    [--width PX] [--no-labels] [--method NAME]\n"
    "\n"
    "Draws any schedule document (docs/reference.md \"JSON schedule\") as a\n"
    "Gantt chart: one row per PE, slots on the x axis, each task a box\n"
    "labelled with its id (where the label fits) and shaded per slot by\n"
    "frequency; under it the price per slot on the same time axis; the\n"
    "deadline D' and the makespan as vertical lines; a legend; the command,\n"
    "cost and saving in the title.\n"
    "Hovering over a task in a browser shows its PE, slots and frequencies.\n"
    "A re-planned document (ecsched replan) also has its now marked.\n"
    "The document alone is enough: no graph file is needed.\n"
    "\n"
    "  -o, --out FILE   write the SVG atomically to FILE (default: stdout)\n"
    "  --title TEXT     replace the first title line\n"
    "  --width PX       width of the time axis in pixels (default: 22 per\n"
    "                   slot, within 640..3200)\n"
    "  --no-labels      no task labels\n"
    "  --method NAME    the schedule of method NAME inside a compare document\n"
    "                   (the first one of that name when compare ran a grid)\n"
    "\n"
    "Exit 0: written; 2: unreadable document (file and problem named),\n"
    "nothing written.\n",
    tool_cmd_plot};

enum { OPT_TITLE = 1100, OPT_WIDTH, OPT_NO_LABELS, OPT_METHOD };

typedef struct plot_args {
    const char *in, *out, *method;
    ecs_gantt_options opt;
} plot_args;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    plot_args *a = ctx;
    (void)word;
    double w;
    switch (c) {
    case 'o': a->out = arg; return 0;
    case OPT_TITLE: a->opt.title = arg; return 0;
    case OPT_WIDTH:
        if (ecs_parse_double(arg, &w) != 0 || !(w >= 100) || w > 100000)
            return tool_usage_error(
                CMD, "--width needs a number of pixels in 100..100000");
        a->opt.width = w;
        return 0;
    case OPT_NO_LABELS: a->opt.labels = 0; return 0;
    case OPT_METHOD: a->method = arg; return 0;
    default: return TOOL_NOT_OWN;
    }
}

static int parse_args(plot_args *a, int argc, char **argv)
{
    static const struct option opts[] = {
        {"out", required_argument, 0, 'o'},
        {"title", required_argument, 0, OPT_TITLE},
        {"width", required_argument, 0, OPT_WIDTH},
        {"no-labels", no_argument, 0, OPT_NO_LABELS},
        {"method", required_argument, 0, OPT_METHOD},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, NULL, own_option, a);
    spec.shortopts = "o:h";
    return tool_parse_one(&spec, argc, argv, "needs one SCHEDULE.json", &a->in);
}

int tool_cmd_plot(int argc, char **argv)
{
    plot_args a;
    memset(&a, 0, sizeof a);
    ecs_gantt_options_init(&a.opt);
    a.out = "-";
    int pr = parse_args(&a, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    json_t *doc = NULL;
    ecs_result rc = ecs_json_load(a.in, NULL, &doc, &diag);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    if (a.method == NULL && json_is_array(json_object_get(doc, "methods"))) {
        json_decref(doc);
        ecs_diag_set(&diag, ECS_EPARSE, a.in, 0,
                     "a compare document holds several schedules: choose one with "
                     "--method NAME");
        tool_error(CMD, &diag);
        return TOOL_EXIT_USAGE;
    }
    if (a.method != NULL) {
        json_t *one = NULL;
        ecs_document_pick_method(doc, a.in, a.method, &one, &diag);
        json_decref(doc);
        if (one == NULL) {
            tool_error(CMD, &diag);
            return TOOL_EXIT_USAGE;
        }
        doc = one;
    }
    char *svg = NULL;
    ecs_gantt_stats st;
    rc = ecs_gantt_render(doc, a.in, &a.opt, &svg, &st, &diag);
    json_decref(doc);
    if (rc == ECS_OK)
        rc = tool_write_file(a.out, svg, &diag);
    free(svg);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    if (strcmp(a.out, "-") != 0)
        printf("wrote %s: %ld PE%s, %zu tasks, %zu labelled, %ld slots\n",
               a.out, st.pes, st.pes == 1 ? "" : "s", st.tasks, st.labels,
               st.slots);
    return TOOL_EXIT_OK;
}
