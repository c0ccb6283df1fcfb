/* ecsched reproduce: the paper's experiments (section 5), our figures
 * beside the paper's. */
#include "run/cli.h"
#include "run/args.h"
#include "run/output.h"
#include "batch/batch.h"
#include "run/datapath.h"
#include "commands/commands.h"
#include "ecsched/milp.h"
#include "ecsched/numparse.h"
#include "report/plots.h"
#include "report/reproduce_report.h"
#include "report/reproduce_run.h"
#include "run/rows.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *CMD = "reproduce";

int tool_cmd_reproduce(int argc, char **argv);

const tool_command tool_command_reproduce = {
    "reproduce", "rerun the paper's experiments and compare with its figures",
    "Usage: ecsched reproduce [--quick] [--out DIR] [-j N] [--time-limit S]\n"
    "                         [--graphs DIR] [--report-only]\n"
    "\n"
    "Runs the design of Gerhards & Keller (PARS 2017, section 5) on the 32\n"
    "bundled graphs (data/paper32, 8-32 tasks) on the engine of `ecsched\n"
    "batch` and the heuristic's landscape, in process, then writes DIR/REPORT.md setting our\n"
    "figures beside the paper's, and the plots in DIR/plots/:\n"
    "  1. saving of the heuristic over the base schedule, E = 0 .. 1 (Fig. 2)\n"
    "  2. budget landscapes (Fig. 3) and sweep vs binary search\n"
    "  3. heuristic over the proven optimum at E = 0.05 and 0.2 (sweep and\n"
    "     binary, and our local heuristic beside them)\n"
    "  4. flat, increasing and alternating prices at E = 0.05 (the same)\n"
    "  5. static power 0.4 + 0.6 f^3 at E = 0.2\n"
    "Results go to DIR/*.jsonl; the batches resume, so running the same\n"
    "command again after an interruption does only the missing cases.\n"
    "\n"
    "  --quick          5 graphs, P = 2 and 4, MILP limit 10 s: a few\n"
    "                   minutes on 2 cores\n"
    "  --out DIR        run directory (default reproduce)\n"
    "  -j N             batch workers (default: the batch's own default)\n"
    "  --time-limit S   per MILP (default 10 quick, 60 full; the paper: 480)\n"
    "  --graphs DIR     the graphs (default data/paper32)\n"
    "  --report-only    run nothing; rewrite REPORT.md and plots from DIR\n"
    "\n"
    "The full run (32 graphs, P = 2, 4, 8, 16) says its expected duration\n"
    "before it starts.  Exit 0: all experiments ran; 3: some did not (the\n"
    "report marks them); 2: bad usage.\n",
    tool_cmd_reproduce};

enum { OPT_QUICK = 1100, OPT_TIME, OPT_GRAPHS, OPT_REPORT_ONLY };

#define MAX_GRAPHS 256
#define QUICK_PICK 5
/* The quick run's MILP time limit; the full run takes the MILP's default. */
#define QUICK_TIME_LIMIT_S 10.0
/* The landscapes: E and sweep steps (Figure 3). */
#define LANDSCAPE_E "0.2"
#define LANDSCAPE_STEPS 1000

typedef struct repro {
    int quick, report_only;
    const char *out, *graphs_dir;
    int jobs;                 /* batch workers, 0: the engine's default */
    double time_limit;
    char *graph[MAX_GRAPHS];
    size_t ngraph;
    const char *pes, *ext_saving;
    int failed_steps;
    int interrupted;          /* a batch step was interrupted: stop */
} repro;

/* ---- arguments ---- */

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    repro *r = ctx;
    (void)word;
    long j;
    switch (c) {
    case OPT_QUICK: r->quick = 1; return 0;
    case 'o': r->out = arg; return 0;
    case 'j':
        if (ecs_parse_long(arg, &j) != 0 || j < 1 || j > 1024)
            return tool_usage_error(CMD, "-j needs 1..1024 workers");
        r->jobs = (int)j;
        return 0;
    case OPT_TIME:
        if (ecs_parse_double(arg, &r->time_limit) != 0 || !(r->time_limit > 0))
            return tool_usage_error(CMD, "--time-limit needs seconds > 0");
        return 0;
    case OPT_GRAPHS: r->graphs_dir = arg; return 0;
    case OPT_REPORT_ONLY: r->report_only = 1; return 0;
    default: return TOOL_NOT_OWN;
    }
}

static int parse_args(repro *r, int argc, char **argv)
{
    static const struct option opts[] = {
        {"quick", no_argument, 0, OPT_QUICK},
        {"out", required_argument, 0, 'o'},
        {"time-limit", required_argument, 0, OPT_TIME},
        {"graphs", required_argument, 0, OPT_GRAPHS},
        {"report-only", no_argument, 0, OPT_REPORT_ONLY},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, NULL, own_option, r);
    spec.shortopts = "o:j:h";
    return tool_parse_none(&spec, argc, argv);
}

/* ---- graphs ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .stg files of the graphs directory, sorted; --quick keeps an even
 * spread of QUICK_PICK of them (small to large). */
static ecs_result list_graphs(repro *r, ecs_diag *diag)
{
    DIR *dp = opendir(r->graphs_dir);
    if (dp == NULL)
        return ecs_diag_set(diag, ECS_EIO, r->graphs_dir, 0,
                            "cannot open: %s", strerror(errno));
    struct dirent *de;
    while ((de = readdir(dp)) != NULL && r->ngraph < MAX_GRAPHS) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".stg") != 0)
            continue;
        size_t n = strlen(r->graphs_dir) + len + 2;
        char *p = malloc(n);
        if (p == NULL)
            break;
        snprintf(p, n, "%s/%s", r->graphs_dir, de->d_name);
        r->graph[r->ngraph++] = p;
    }
    closedir(dp);
    if (r->ngraph == 0)
        return ecs_diag_set(diag, ECS_EIO, r->graphs_dir, 0,
                            "no .stg files");
    qsort(r->graph, r->ngraph, sizeof *r->graph, cmp_str);
    if (r->quick && r->ngraph > QUICK_PICK) {
        char *keep[QUICK_PICK];
        for (size_t k = 0; k < QUICK_PICK; k++)
            keep[k] = r->graph[k * (r->ngraph - 1) / (QUICK_PICK - 1) * 2 / 3];
        for (size_t i = 0; i < r->ngraph; i++) {
            int kept = 0;
            for (size_t k = 0; k < QUICK_PICK; k++)
                kept |= r->graph[i] == keep[k];
            if (!kept)
                free(r->graph[i]);
        }
        memcpy(r->graph, keep, sizeof keep);
        r->ngraph = QUICK_PICK;
    }
    return ECS_OK;
}

/* ---- running steps: batch plans on the batch engine, landscapes ---- */

/* One experiment: a batch plan over the graphs and P into DIR/file, run
 * by the engine of `ecsched batch` (resumable). */
static void batch_step(repro *r, const char *title, const char *file,
                       const char *ext, const char *prices,
                       const char *methods, const char *power)
{
    if (r->interrupted)
        return;
    char out[4096];
    snprintf(out, sizeof out, "%s/%s", r->out, file);
    printf("%-34s -> %s\n", title, out);
    fflush(stdout);
    double t0 = ecs_clock_now();
    tool_batch_plan plan;
    tool_batch_plan_init(&plan);
    plan.graph = r->graph;
    plan.ngraph = r->ngraph;
    plan.grid.v[TOOL_PARAM_TIME_LIMIT][0] = r->time_limit;
    plan.grid.n[TOOL_PARAM_TIME_LIMIT] = 1;
    ecs_diag d;
    ecs_diag_clear(&d);
    ecs_result rc = ECS_OK;
    if (tool_batch_parse_pes(&plan, r->pes, &d) != 0 ||
        tool_batch_parse_ext(&plan, ext, &d) != 0 ||
        tool_batch_parse_prices(&plan, prices, &d) != 0 ||
        tool_batch_parse_methods(&plan, methods, &d) != 0)
        rc = ECS_EINVAL;
    if (rc == ECS_OK && power != NULL) {
        rc = ecs_platform_set_power(&plan.model.platform, power, &d);
        plan.model.power_given = 1;
    }
    tool_batch_plan_complete(&plan);
    tool_batch_fault none;
    memset(&none, 0, sizeof none);
    tool_batch_stats st;
    memset(&st, 0, sizeof st);
    if (rc == ECS_OK)
        rc = tool_batch_execute(&plan, out, r->jobs, &none, &st, &d);
    tool_batch_plan_release(&plan);
    if (rc != ECS_OK) {
        tool_error(CMD, &d);
        tool_errorf(CMD, "%s: not run; the report marks it", title);
        r->failed_steps++;
        return;
    }
    r->interrupted = st.interrupted;
    if (st.failed > 0 || st.interrupted) {
        tool_errorf(CMD, "%s: %zu of %zu cases failed%s; the report marks "
                            "them", title, st.failed, st.total,
                       st.interrupted ? " (interrupted)" : "");
        r->failed_steps++;
    }
    printf("  %zu cases (%zu run now) in %.1f s\n", st.total, st.run,
           ecs_clock_now() - t0);
}

/* Budget landscapes at E = 0.2 for every graph and P, in process. */
static void landscape_step(repro *r)
{
    if (r->interrupted)
        return;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/landscape", r->out);
    mkdir(dir, 0777);
    printf("%-34s -> %s/\n", "2. budget landscapes (E = 0.2)", dir);
    fflush(stdout);
    char pes[64];
    int failed = 0;
    for (size_t i = 0; i < r->ngraph && !failed; i++) {
        const char *base = strrchr(r->graph[i], '/');
        base = base ? base + 1 : r->graph[i];
        snprintf(pes, sizeof pes, "%s", r->pes);
        for (char *p = pes, *save = NULL, *tok;
             (tok = strtok_r(p, ",", &save)) != NULL && !failed; p = NULL) {
            char csv[4096 + 512], stem[256];
            snprintf(stem, sizeof stem, "%s", base);
            stem[strlen(stem) > 4 ? strlen(stem) - 4 : 0] = '\0';
            snprintf(csv, sizeof csv, "%s/%s_p%s.csv", dir, stem, tok);
            struct stat st;
            if (stat(csv, &st) == 0 && st.st_size > 0)
                continue; /* done in an earlier run */
            long p_ = 0;
            ecs_diag d;
            ecs_diag_clear(&d);
            if (ecs_parse_long(tok, &p_) != 0 ||
                tool_repro_landscape(r->graph[i], p_, LANDSCAPE_E, LANDSCAPE_STEPS,
                                    csv, &d) != ECS_OK) {
                tool_error(CMD, &d);
                tool_errorf(CMD, "landscapes: the report marks them as "
                                    "missing");
                failed = 1;
            }
        }
    }
    r->failed_steps += failed;
}

/* Cases per experiment, and the worst-case duration of the full run. */
static void announce(const repro *r)
{
    size_t np = 1;
    for (const char *p = r->pes; *p; p++)
        np += *p == ',';
    size_t ne = 1;
    for (const char *p = r->ext_saving; *p; p++)
        ne += *p == ',';
    size_t g = r->ngraph;
    size_t heur = g * np * (ne * 3 + 2 * 3 + 3 * 3 + 3) + g * np;
    size_t milp = g * np * (2 + 3);
    long workers = r->jobs > 0 ? r->jobs : tool_batch_default_jobs();
    double worst = (double)milp * r->time_limit / (double)workers;
    printf("reproduce: %s run, %zu graphs, P = %s, %zu heuristic runs and "
           "%zu MILPs (at most %g s each)\n",
           r->quick ? "quick" : "full", g, r->pes, heur, milp, r->time_limit);
    printf("expected duration: seconds for the heuristic parts; the "
           "MILPs up to %.1f h on %ld worker%s (%.0f min), usually much "
           "less (most prove optimality in seconds)\n",
           worst / 3600, workers, workers == 1 ? "" : "s", worst / 60);
    fflush(stdout);
}

static void run_all(repro *r)
{
    announce(r);
    batch_step(r, "1. saving vs extension (Fig. 2)", "saving.jsonl",
               r->ext_saving, ECS_DEFAULT_PRICES, "base,sweep,binary", NULL);
    landscape_step(r);
    batch_step(r, "3. heuristic over optimal", "optimal.jsonl", "0.05,0.2",
               ECS_DEFAULT_PRICES, "sweep,binary,local,milp", NULL);
    batch_step(r, "4. price schedules", "prices.jsonl", "0.05",
               "flat,increasing,alternating", "sweep,binary,local,milp", NULL);
    batch_step(r, "5. static power", "static.jsonl", "0.2", ECS_DEFAULT_PRICES,
               "base,sweep,binary", "static:0.4");
}

/* ---- report and plots ---- */

static size_t landscape_files(const repro *r, char **files, size_t max)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/landscape", r->out);
    DIR *dp = opendir(dir);
    size_t n = 0;
    if (dp == NULL)
        return 0;
    struct dirent *de;
    while ((de = readdir(dp)) != NULL && n < max) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".csv") != 0)
            continue;
        size_t sz = strlen(dir) + len + 2;
        files[n] = malloc(sz);
        if (files[n] == NULL)
            break;
        snprintf(files[n++], sz, "%s/%s", dir, de->d_name);
    }
    closedir(dp);
    qsort(files, n, sizeof *files, cmp_str);
    return n;
}

/* Plots from experiments 1, 3, 4 (static power has its own model). */
static ecs_result write_plots(const repro *r, ecs_diag *diag)
{
    static const char *const files[] = {"saving.jsonl", "optimal.jsonl",
                                        "prices.jsonl"};
    tool_rows all;
    memset(&all, 0, sizeof all);
    ecs_result rc = ECS_OK;
    for (size_t f = 0; f < 3 && rc == ECS_OK; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", r->out, files[f]);
        rc = tool_rows_read(path, 1, &all, diag);
    }
    char *land[4096];
    size_t nland = rc == ECS_OK ? landscape_files(r, land, 4096) : 0;
    char pdir[4096];
    snprintf(pdir, sizeof pdir, "%s/plots", r->out);
    tool_report_plots_result res;
    if (rc == ECS_OK)
        rc = tool_report_plots_write(all.row, all.n, pdir, (const char *const *)land,
                                    nland, &res, diag);
    for (size_t i = 0; i < nland; i++)
        free(land[i]);
    tool_rows_release(&all);
    return rc;
}

static ecs_result write_report(const repro *r, double elapsed, ecs_diag *diag)
{
    tool_reproduce_setup su = {r->quick, r->ngraph, r->graphs_dir, r->pes,
                              r->ext_saving, r->time_limit, elapsed,
                              sysconf(_SC_NPROCESSORS_ONLN)};
    char *md = NULL;
    ecs_result rc = write_plots(r, diag);
    if (rc == ECS_OK)
        rc = tool_reproduce_report(r->out, &su, "plots", &md, diag);
    char path[4096];
    snprintf(path, sizeof path, "%s/REPORT.md", r->out);
    if (rc == ECS_OK)
        rc = tool_write_file(path, md, diag);
    free(md);
    if (rc == ECS_OK)
        printf("report: %s (plots in %s/plots/)\n", path, r->out);
    return rc;
}

int tool_cmd_reproduce(int argc, char **argv)
{
    repro r;
    memset(&r, 0, sizeof r);
    r.out = "reproduce";
    r.graphs_dir = "data/paper32";
    int pr = parse_args(&r, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    char graphs_dir[4096]; /* the bundled graphs also from an install */
    r.graphs_dir = tool_data_path(r.graphs_dir, graphs_dir, sizeof graphs_dir);
    if (r.time_limit <= 0) {
        ecs_milp_params milp;
        ecs_milp_params_init(&milp);
        r.time_limit = r.quick ? QUICK_TIME_LIMIT_S : milp.time_limit_s;
    }
    r.pes = r.quick ? "2,4" : "2,4,8,16";
    r.ext_saving = r.quick ? "0,0.05,0.1,0.2,0.5,1"
                           : "0,0.05,0.1,0.15,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1";
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = r.report_only ? ECS_OK : list_graphs(&r, &diag);
    if (rc == ECS_OK && mkdir(r.out, 0777) != 0 && errno != EEXIST)
        rc = ecs_diag_set(&diag, ECS_EIO, r.out, 0, "cannot create: %s",
                          strerror(errno));
    double t0 = ecs_clock_now();
    if (rc == ECS_OK && !r.report_only)
        run_all(&r);
    if (rc == ECS_OK)
        rc = write_report(&r, r.report_only ? -1 : ecs_clock_now() - t0, &diag);
    for (size_t i = 0; i < r.ngraph; i++)
        free(r.graph[i]);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    if (r.interrupted)
        return TOOL_EXIT_INTERRUPTED;
    return r.failed_steps ? TOOL_EXIT_INTERNAL : TOOL_EXIT_OK;
}
