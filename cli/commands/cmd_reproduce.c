/* ecsched reproduce: the paper's experiments (section 5), our figures
 * beside the paper's. */
#include "run/cli.h"
#include "run/datapath.h"
#include "commands/commands.h"
#include "ecsched/numparse.h"
#include "report/plots.h"
#include "report/reproduce_report.h"
#include "report/reproduce_run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char *CMD = "reproduce";

int ecs_cmd_reproduce(int argc, char **argv);

const ecs_command ecs_command_reproduce = {
    "reproduce", "rerun the paper's experiments and compare with its figures",
    "Usage: ecsched reproduce [--quick] [--out DIR] [-j N] [--time-limit S]\n"
    "                         [--graphs DIR] [--report-only]\n"
    "\n"
    "Runs the design of Gerhards & Keller (PARS 2017, section 5) on the 32\n"
    "bundled graphs (data/paper32, 8-32 tasks) through `ecsched batch` and\n"
    "`ecsched heuristic --landscape`, then writes DIR/REPORT.md setting our\n"
    "figures beside the paper's, and the plots in DIR/plots/:\n"
    "  1. saving of the heuristic over the base schedule, E = 0 .. 1 (Fig. 2)\n"
    "  2. budget landscapes (Fig. 3) and sweep vs binary search\n"
    "  3. heuristic over the proven optimum at E = 0.05 and 0.2\n"
    "  4. flat, increasing and alternating prices at E = 0.05\n"
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
    ecs_cmd_reproduce};

enum { OPT_QUICK = 1100, OPT_TIME, OPT_GRAPHS, OPT_REPORT_ONLY, OPT_HELP };

#define MAX_GRAPHS 256
#define QUICK_PICK 5

typedef struct repro {
    int quick, report_only, help;
    const char *out, *graphs_dir, *jobs;
    double time_limit;
    char time_arg[32];
    char *graph[MAX_GRAPHS];
    size_t ngraph;
    const char *pes, *ext_saving;
    char exe[4096];
    int failed_steps;
} repro;

/* ---- arguments ---- */

static int parse_args(repro *r, int argc, char **argv)
{
    static const struct option opts[] = {
        {"quick", no_argument, 0, OPT_QUICK},
        {"out", required_argument, 0, 'o'},
        {"time-limit", required_argument, 0, OPT_TIME},
        {"graphs", required_argument, 0, OPT_GRAPHS},
        {"report-only", no_argument, 0, OPT_REPORT_ONLY},
        {"help", no_argument, 0, OPT_HELP},
        {0, 0, 0, 0}};
    int c;
    long j;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "o:j:h", opts, NULL)) != -1) {
        switch (c) {
        case OPT_QUICK: r->quick = 1; break;
        case 'o': r->out = optarg; break;
        case 'j':
            if (ecs_parse_long(optarg, &j) != 0 || j < 1 || j > 1024)
                return ecs_cli_usage_error(CMD, "-j needs 1..1024 workers");
            r->jobs = optarg;
            break;
        case OPT_TIME:
            if (ecs_parse_double(optarg, &r->time_limit) != 0 ||
                !(r->time_limit > 0))
                return ecs_cli_usage_error(CMD,
                                           "--time-limit needs seconds > 0");
            break;
        case OPT_GRAPHS: r->graphs_dir = optarg; break;
        case OPT_REPORT_ONLY: r->report_only = 1; break;
        case 'h':
        case OPT_HELP: r->help = 1; break;
        default:
            return ecs_cli_usage_error(CMD, "bad option '%s'",
                                       argv[optind - 1]);
        }
    }
    if (r->help)
        return -1;
    if (optind != argc)
        return ecs_cli_usage_error(CMD, "unexpected argument '%s'",
                                   argv[optind]);
    return 0;
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

/* ---- running steps (this very binary as a child) ---- */

static void find_exe(repro *r, const char *argv0)
{
    ssize_t n = readlink("/proc/self/exe", r->exe, sizeof r->exe - 1);
    if (n > 0)
        r->exe[n] = '\0';
    else
        snprintf(r->exe, sizeof r->exe, "%s", argv0);
}

/* Run argv (argv[0] = exe); stdout appended to DIR/reproduce.log, stderr
 * inherited (progress).  Returns the exit code, or -1 if it did not run. */
static int run_child(const repro *r, char **args)
{
    char log[4096];
    snprintf(log, sizeof log, "%s/reproduce.log", r->out);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log,
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    pid_t pid;
    int rc = posix_spawn(&pid, r->exe, &fa, NULL, args, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

typedef struct argbuf {
    char *a[MAX_GRAPHS + 40];
    size_t n;
} argbuf;

static void arg(argbuf *b, const char *s)
{
    if (b->n + 1 < sizeof b->a / sizeof b->a[0])
        b->a[b->n++] = (char *)s;
    b->a[b->n] = NULL;
}

/* One batch experiment into DIR/file. */
static void batch_step(repro *r, const char *title, const char *file,
                       const char *ext, const char *prices,
                       const char *methods, const char *power, int milp)
{
    char out[4096];
    snprintf(out, sizeof out, "%s/%s", r->out, file);
    argbuf b = {{0}, 0};
    arg(&b, r->exe);
    arg(&b, "batch");
    for (size_t i = 0; i < r->ngraph; i++)
        arg(&b, r->graph[i]);
    arg(&b, "-p");
    arg(&b, r->pes);
    arg(&b, "--extension");
    arg(&b, ext);
    arg(&b, "--prices");
    arg(&b, prices);
    arg(&b, "--methods");
    arg(&b, methods);
    if (milp) {
        arg(&b, "--time-limit");
        arg(&b, r->time_arg);
    }
    if (power) {
        arg(&b, "--power");
        arg(&b, power);
    }
    if (r->jobs) {
        arg(&b, "-j");
        arg(&b, r->jobs);
    }
    arg(&b, "--out");
    arg(&b, out);
    printf("%-34s -> %s\n", title, out);
    fflush(stdout);
    double t0 = ecs_cli_now();
    int rc = run_child(r, b.a);
    if (rc != 0 && rc != 1) { /* 1: some case missed its deadline */
        ecs_cli_errorf(CMD, "%s: `ecsched batch` %s %d; the report marks "
                            "it as not run",
                       title, rc < 0 ? "could not start, code" : "exit",
                       rc);
        r->failed_steps++;
    } else {
        printf("  done in %.0f s\n", ecs_cli_now() - t0);
    }
}

/* Budget landscapes at E = 0.2 for every graph and P. */
static void landscape_step(repro *r)
{
    if (ecs_command_find("heuristic") == NULL) {
        ecs_cli_errorf(CMD, "this build has no `ecsched heuristic`: no "
                            "landscapes");
        r->failed_steps++;
        return;
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/landscape", r->out);
    mkdir(dir, 0777);
    printf("%-34s -> %s/\n", "2. budget landscapes (E = 0.2)", dir);
    fflush(stdout);
    char pes[64];
    snprintf(pes, sizeof pes, "%s", r->pes);
    int failed = 0;
    for (size_t i = 0; i < r->ngraph && !failed; i++) {
        const char *base = strrchr(r->graph[i], '/');
        base = base ? base + 1 : r->graph[i];
        for (char *p = pes, *save = NULL, *tok;
             (tok = strtok_r(p, ",", &save)) != NULL && !failed; p = NULL) {
            char csv[4096 + 512], stem[256];
            snprintf(stem, sizeof stem, "%s", base);
            stem[strlen(stem) > 4 ? strlen(stem) - 4 : 0] = '\0';
            snprintf(csv, sizeof csv, "%s/%s_p%s.csv", dir, stem, tok);
            struct stat st;
            if (stat(csv, &st) == 0 && st.st_size > 0)
                continue; /* done in an earlier run */
            argbuf b = {{0}, 0};
            arg(&b, r->exe);
            arg(&b, "heuristic");
            arg(&b, r->graph[i]);
            arg(&b, "-p");
            arg(&b, tok);
            arg(&b, "--extension");
            arg(&b, "0.2");
            arg(&b, "--steps");
            arg(&b, "1000");
            arg(&b, "--landscape");
            arg(&b, csv);
            int rc = run_child(r, b.a);
            if (rc != 0 && rc != 1) {
                ecs_cli_errorf(CMD, "landscapes: `ecsched heuristic "
                                    "--landscape` exit %d; the report marks "
                                    "them as missing",
                               rc);
                failed = 1;
            }
        }
        snprintf(pes, sizeof pes, "%s", r->pes);
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
    size_t heur = g * np * (ne * 3 + 2 * 2 + 3 * 2 + 3) + g * np;
    size_t milp = g * np * (2 + 3);
    long workers = 0;
    if (r->jobs == NULL || ecs_parse_long(r->jobs, &workers) != ECS_OK)
        workers = sysconf(_SC_NPROCESSORS_ONLN); /* -j was checked */
    if (workers < 1)
        workers = 1;
    double worst = (double)milp * r->time_limit / (double)workers;
    printf("reproduce: %s run, %zu graphs, P = %s, %zu heuristic runs and "
           "%zu MILPs (at most %g s each)\n",
           r->quick ? "quick" : "full", g, r->pes, heur, milp, r->time_limit);
    if (ecs_command_find("batch") == NULL)
        printf("expected duration: seconds for the heuristic parts; the "
               "MILPs one after the other (no `ecsched batch` in this "
               "build): up to %.1f h (%.0f min), usually much less\n",
               (double)milp * r->time_limit / 3600,
               (double)milp * r->time_limit / 60);
    else
        printf("expected duration: seconds for the heuristic parts; the "
               "MILPs up to %.1f h on %ld worker%s (%.0f min), usually much "
               "less (most prove optimality in seconds)\n",
               worst / 3600, workers, workers == 1 ? "" : "s", worst / 60);
    fflush(stdout);
}

/* Split a comma list (copied into buf) into at most max items. */
static size_t split(const char *list, char *buf, size_t size, char **item,
                    size_t max)
{
    snprintf(buf, size, "%s", list);
    size_t n = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t && n < max;
         t = strtok_r(NULL, ",", &save))
        item[n++] = t;
    return n;
}

/* A heuristic-only experiment, in-process (base, sweep, binary). */
static void heur_step(repro *r, const char *title, const char *file,
                      const char *exts, const char *prices, const char *power,
                      int milp)
{
    char pbuf[128], ebuf[256], *pitem[16], *eitem[32];
    size_t np = split(r->pes, pbuf, sizeof pbuf, pitem, 16);
    size_t ne = split(exts, ebuf, sizeof ebuf, eitem, 32);
    long pes[16];
    for (size_t i = 0; i < np; i++)
        if (ecs_parse_long(pitem[i], &pes[i]) != ECS_OK)
            pes[i] = 0; /* r->pes is built in; set_pes rejects 0 */
    ecs_repro_heur h;
    ecs_repro_heur_init(&h);
    h.graphs = (const char *const *)r->graph;
    h.ngraphs = r->ngraph;
    h.pes = pes;
    h.npes = np;
    h.ext = (const char *const *)eitem;
    h.next = ne;
    h.power = power;
    h.prices = prices;
    h.with_base = !milp;
    h.with_milp = milp;
    h.milp_time_limit_s = r->time_limit;
    char out[4096];
    snprintf(out, sizeof out, "%s/%s", r->out, file);
    printf("%-34s -> %s\n", title, out);
    fflush(stdout);
    double t0 = ecs_cli_now();
    size_t rows = 0;
    ecs_diag d;
    ecs_diag_clear(&d);
    if (ecs_repro_heur_run(&h, out, &rows, &d) != ECS_OK) {
        ecs_cli_error(CMD, &d);
        r->failed_steps++;
        return;
    }
    printf("  %zu rows in %.1f s\n", rows, ecs_cli_now() - t0);
}

static void run_all(repro *r)
{
    static const char *EPEX = "epex-2016-10-19";
    announce(r);
    heur_step(r, "1. saving vs extension (Fig. 2)", "saving.jsonl",
              r->ext_saving, EPEX, NULL, 0);
    landscape_step(r);
    if (ecs_command_find("batch") == NULL) {
        /* in-process, one MILP after the other, not resumable */
        heur_step(r, "3. heuristic over optimal", "optimal.jsonl",
                  "0.05,0.2", EPEX, NULL, 1);
        heur_step(r, "4. price schedules", "prices.jsonl", "0.05",
                  "flat,increasing,alternating", NULL, 1);
    } else {
        batch_step(r, "3. heuristic over optimal", "optimal.jsonl",
                   "0.05,0.2", EPEX, "sweep,binary,milp", NULL, 1);
        batch_step(r, "4. price schedules", "prices.jsonl", "0.05",
                   "flat,increasing,alternating", "sweep,binary,milp", NULL,
                   1);
    }
    heur_step(r, "5. static power", "static.jsonl", "0.2", EPEX, "static:0.4",
              0);
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
    json_t **all = NULL;
    size_t n = 0;
    ecs_result rc = ECS_OK;
    for (size_t f = 0; f < 3 && rc == ECS_OK; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", r->out, files[f]);
        json_t **rows;
        size_t k;
        rc = ecs_jsonl_read(path, &rows, &k, diag);
        if (rc != ECS_OK || k == 0)
            continue;
        json_t **na = realloc(all, (n + k) * sizeof *na);
        if (na == NULL) {
            ecs_jsonl_free(rows, k);
            rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
            break;
        }
        all = na;
        memcpy(all + n, rows, k * sizeof *rows);
        n += k;
        free(rows);
    }
    char *land[4096];
    size_t nland = rc == ECS_OK ? landscape_files(r, land, 4096) : 0;
    char pdir[4096];
    snprintf(pdir, sizeof pdir, "%s/plots", r->out);
    ecs_report_plots_result res;
    if (rc == ECS_OK)
        rc = ecs_report_plots_write(all, n, pdir, (const char *const *)land,
                                    nland, &res, diag);
    for (size_t i = 0; i < nland; i++)
        free(land[i]);
    ecs_jsonl_free(all, n);
    return rc;
}

static ecs_result write_report(const repro *r, double elapsed, ecs_diag *diag)
{
    ecs_reproduce_setup su = {r->quick, r->ngraph, r->graphs_dir, r->pes,
                              r->ext_saving, r->time_limit, elapsed,
                              sysconf(_SC_NPROCESSORS_ONLN)};
    char *md = NULL;
    ecs_result rc = write_plots(r, diag);
    if (rc == ECS_OK)
        rc = ecs_reproduce_report(r->out, &su, "plots", &md, diag);
    char path[4096];
    snprintf(path, sizeof path, "%s/REPORT.md", r->out);
    if (rc == ECS_OK)
        rc = ecs_cli_write_file(path, md, diag);
    free(md);
    if (rc == ECS_OK)
        printf("report: %s (plots in %s/plots/)\n", path, r->out);
    return rc;
}

int ecs_cmd_reproduce(int argc, char **argv)
{
    repro r;
    memset(&r, 0, sizeof r);
    r.out = "reproduce";
    r.graphs_dir = "data/paper32";
    int pr = parse_args(&r, argc, argv);
    if (pr != 0)
        return ecs_cli_parse_exit(CMD, pr);
    char graphs_dir[4096]; /* the bundled graphs also from an install */
    r.graphs_dir = ecs_cli_data_path(r.graphs_dir, graphs_dir, sizeof graphs_dir);
    if (r.time_limit <= 0)
        r.time_limit = r.quick ? 10 : 60;
    snprintf(r.time_arg, sizeof r.time_arg, "%g", r.time_limit);
    r.pes = r.quick ? "2,4" : "2,4,8,16";
    r.ext_saving = r.quick ? "0,0.05,0.1,0.2,0.5,1"
                           : "0,0.05,0.1,0.15,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1";
    find_exe(&r, argv[0]);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_result rc = r.report_only ? ECS_OK : list_graphs(&r, &diag);
    if (rc == ECS_OK && mkdir(r.out, 0777) != 0 && errno != EEXIST)
        rc = ecs_diag_set(&diag, ECS_EIO, r.out, 0, "cannot create: %s",
                          strerror(errno));
    double t0 = ecs_cli_now();
    if (rc == ECS_OK && !r.report_only)
        run_all(&r);
    if (rc == ECS_OK)
        rc = write_report(&r, r.report_only ? -1 : ecs_cli_now() - t0, &diag);
    for (size_t i = 0; i < r.ngraph; i++)
        free(r.graph[i]);
    if (rc != ECS_OK) {
        ecs_cli_error(CMD, &diag);
        return ecs_cli_exit_code(rc);
    }
    return r.failed_steps ? ECS_EXIT_INTERNAL : ECS_EXIT_OK;
}
