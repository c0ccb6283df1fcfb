/* ecsched info GRAPH...: figures about task graphs. */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "run/datapath.h"
#include "ecsched/platform_file.h"
#include "commands/commands.h"

#include "ecsched/stg.h"

#include <stdlib.h>
#include <string.h>

static const char *CMD = "info";

int tool_cmd_info(int argc, char **argv);

const tool_command tool_command_info = {
    "info", "figures about task graphs (tasks, edges, critical path)",
    "Usage: ecsched info GRAPH... [--json] [--format F] [--work-unit U]\n"
    "       ecsched info --platform FILE [--prices SPEC] [--json]\n"
    "\n"
    "For every graph file (STG, DOT, WfFormat; '-' is standard input): its\n"
    "format, tasks and edges (layout dummies and their edges not counted),\n"
    "critical path and total work (in work units), parallelism (total work\n"
    "/ critical path), the rounding of the file's work to work units\n"
    "(total work * work unit - the file's total, relative to the file's\n"
    "total), and the file's own CP Length where an STG '#' block has one,\n"
    "with whether it agrees.\n"
    "People get one aligned row per file; --json gives a JSON array with\n"
    "one object per file, in the order given.\n"
    "\n"
    "A file that cannot be read is named on standard error (file:line:\n"
    "problem) and the other files are still reported; in JSON it gets an\n"
    "object {file, error}.\n"
    "Exit 0: every file read and every CP Length agrees; 1: some file's\n"
    "CP Length differs from its critical path; 2: some file is unreadable\n"
    "or bad usage.\n"
    "\n"
    "With --platform (graphs optional): the platform over one pass of site\n"
    "0's prices: per class its PEs, site, speed, watts and idle watts at\n"
    "f = 1; per site its prices (min..max), cap and green energy (kWh over\n"
    "the pass, peak kW).\n"
    "\n"
    "  --json         the figures as JSON\n"
    "  --platform FILE  a platform file (docs/schema/platform.schema.json)\n"
    "  --prices SPEC  prices of the sites that have none of their own\n"
    "  --format F     auto (default: by content), standard, proto, comm,\n"
    "                 dot, wfformat\n"
    "  --work-unit U  file units per work unit (rounded up): seconds for\n"
    "                 WfFormat runtimes (default: the slot length), weights\n"
    "                 for STG and DOT (default 1)\n"
    "  --slot-minutes M  the slot length (default 60)\n"
    "  --max-input-bytes N  bytes read from one file (default 256Mi)\n",
    tool_cmd_info};

enum { OPT_JSON = TOOL_OPT_COMMAND_BASE };

/* One file's figures, or its error. */
typedef struct info_row {
    const char *file;
    int ok;
    char error[1024];
    ecs_stg_format format;
    ecs_graph_stats st;
    ecs_stg_meta meta;
} info_row;

/* The rounding error in file units (total work * unit - file total). */
static double rounding(const info_row *r)
{
    return (double)r->st.total_work * r->meta.work_unit - r->meta.file_work;
}

static int cp_agrees(const info_row *r)
{
    return r->meta.cp_length == r->st.critical_path;
}

static void read_row(info_row *r, const tool_model *m)
{
    ecs_diag diag;
    ecs_diag_clear(&diag);
    ecs_graph *g = NULL;
    ecs_result rc = ecs_setup_read_graph(r->file, m, &g, &diag);
    if (rc != ECS_OK) {
        ecs_diag_format(&diag, r->error, sizeof r->error);
        return;
    }
    r->ok = 1;
    r->format = g->format;
    r->meta = g->meta;
    ecs_graph_stats_compute(g, &r->st);
    ecs_graph_free(g);
}

/* ---- the table ---- */

enum { COLS = 9 };
static const char *const HEAD[COLS] = {"file", "format", "tasks", "edges",
                                       "cp", "work", "parallelism",
                                       "rounding", "file_cp"};
static const int LEFT[COLS] = {1, 1, 0, 0, 0, 0, 0, 0, 1};

static void cells(const info_row *r, char c[COLS][64])
{
    snprintf(c[0], 64, "%s", "");
    snprintf(c[1], 64, "%s", ecs_stg_format_name(r->format));
    snprintf(c[2], 64, "%zu", r->st.tasks);
    snprintf(c[3], 64, "%zu", r->st.edges);
    snprintf(c[4], 64, "%ld", r->st.critical_path);
    snprintf(c[5], 64, "%ld", r->st.total_work);
    snprintf(c[6], 64, "%.3f", r->st.parallelism);
    if (rounding(r) == 0 || r->meta.file_work <= 0)
        snprintf(c[7], 64, "0");
    else
        snprintf(c[7], 64, "+%.1f%%", 100.0 * rounding(r) / r->meta.file_work);
    if (r->meta.cp_length < 0)
        snprintf(c[8], 64, "-");
    else
        snprintf(c[8], 64, "%ld (%s)", r->meta.cp_length,
                 cp_agrees(r) ? "agrees" : "DIFFERS");
}

static void print_table(const info_row *rows, size_t n)
{
    size_t w[COLS];
    char c[COLS][64];
    for (int k = 0; k < COLS; k++)
        w[k] = strlen(HEAD[k]);
    for (size_t i = 0; i < n; i++) {
        if (!rows[i].ok)
            continue;
        cells(&rows[i], c);
        if (strlen(rows[i].file) > w[0])
            w[0] = strlen(rows[i].file);
        for (int k = 1; k < COLS; k++)
            if (strlen(c[k]) > w[k])
                w[k] = strlen(c[k]);
    }
    for (int k = 0; k < COLS - 1; k++)
        printf(LEFT[k] ? "%-*s  " : "%*s  ", (int)w[k], HEAD[k]);
    printf("%s\n", HEAD[COLS - 1]);
    for (size_t i = 0; i < n; i++) {
        if (!rows[i].ok)
            continue;
        cells(&rows[i], c);
        printf("%-*s  ", (int)w[0], rows[i].file);
        for (int k = 1; k < COLS - 1; k++)
            printf(LEFT[k] ? "%-*s  " : "%*s  ", (int)w[k], c[k]);
        printf("%s\n", c[COLS - 1]);
    }
}

/* ---- JSON ---- */

static json_t *row_json(const info_row *r)
{
    json_t *o = json_object();
    if (o == NULL)
        return NULL;
    json_object_set_new(o, "file", ecs_json_text(r->file));
    if (!r->ok) {
        json_object_set_new(o, "error", ecs_json_text(r->error));
        return o;
    }
    const ecs_stg_meta *m = &r->meta;
    json_object_set_new(o, "format", json_string(ecs_stg_format_name(r->format)));
    json_object_set_new(o, "tasks", json_integer((json_int_t)r->st.tasks));
    json_object_set_new(o, "edges", json_integer((json_int_t)r->st.edges));
    json_object_set_new(o, "work_tasks",
                        json_integer((json_int_t)r->st.work_tasks));
    json_object_set_new(o, "critical_path", json_integer(r->st.critical_path));
    json_object_set_new(o, "total_work", json_integer(r->st.total_work));
    json_object_set_new(o, "parallelism", ecs_json_num(r->st.parallelism));
    json_object_set_new(o, "work_unit", ecs_json_num(m->work_unit));
    json_object_set_new(o, "file_work", ecs_json_num(m->file_work));
    json_object_set_new(o, "rounding_error", ecs_json_num(rounding(r)));
    json_object_set_new(o, "rounding_error_relative",
                        m->file_work > 0
                            ? ecs_json_num(rounding(r) / m->file_work)
                            : json_null());
    json_object_set_new(o, "file_cp_length", m->cp_length >= 0
                                                 ? json_integer(m->cp_length)
                                                 : json_null());
    json_object_set_new(o, "cp_agrees", m->cp_length >= 0
                                            ? json_boolean(cp_agrees(r))
                                            : json_null());
    json_object_set_new(o, "file_parallelism", m->parallelism >= 0
                                                   ? ecs_json_num(m->parallelism)
                                                   : json_null());
    json_object_set_new(o, "generator", m->generator[0]
                                            ? ecs_json_text(m->generator)
                                            : json_null());
    json_object_set_new(o, "header_pes", m->header_pes > 0
                                             ? json_integer(m->header_pes)
                                             : json_null());
    return o;
}

static int print_json(const info_row *rows, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        if (json_array_append_new(a, row_json(&rows[i])) != 0) {
            json_decref(a);
            a = NULL;
        }
    ecs_diag diag;
    ecs_result rc = a ? tool_write_json("-", a, &diag) : ECS_ENOMEM;
    json_decref(a);
    if (rc != ECS_OK)
        tool_errorf(CMD, "cannot write the JSON output");
    return rc == ECS_OK ? 0 : -1;
}

/* ---- the command ---- */

typedef struct info_args {
    int json;
    tool_model m; /* --format, --work-unit, --slot-minutes */
    int first; /* argv index of the first file */
} info_args;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    info_args *a = ctx;
    (void)arg;
    (void)word;
    if (c != OPT_JSON)
        return TOOL_NOT_OWN;
    a->json = 1;
    return 0;
}

/* The job's defaults, then the command line: 0 to go on, -1 for --help,
 * else an exit code. */
static int parse_args(info_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    tool_model_init(&a->m);
    static const struct option opts[] = {
        {"json", no_argument, 0, OPT_JSON},
        {"format", required_argument, 0, TOOL_OPT_FORMAT},
        {"work-unit", required_argument, 0, TOOL_OPT_WORK_UNIT},
        {"slot-minutes", required_argument, 0, TOOL_OPT_SLOT_MINUTES},
        {"help", no_argument, 0, 'h'},
        {"max-input-bytes", required_argument, 0, TOOL_OPT_MAX_INPUT_BYTES},
        {"platform", required_argument, 0, TOOL_OPT_PLATFORM},
        {"prices", required_argument, 0, TOOL_OPT_PRICES},
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, &a->m, own_option, a);
    spec.shortopts = ":h";
    int pr = tool_parse_args(&spec, argc, argv, &a->first);
    if (pr != 0)
        return pr;
    if (a->first >= argc && a->m.platform_path == NULL)
        return tool_usage_error(CMD, "needs at least one GRAPH file (or --platform FILE)");
    return 0;
}

/* ---- the platform ---- */

/* min, max of v[0..n-1] times k */
static void range(const double *v, size_t n, double k, double *lo, double *hi)
{
    *lo = *hi = n > 0 ? v[0] * k : 0;
    for (size_t l = 1; l < n; l++) {
        *lo = v[l] * k < *lo ? v[l] * k : *lo;
        *hi = v[l] * k > *hi ? v[l] * k : *hi;
    }
}

/* The platform over one pass of site 0's prices: 0, or an exit code. */
static int platform_info(const info_args *a)
{
    const tool_model *m = &a->m;
    ecs_diag diag;
    ecs_slot_prices sp;
    ecs_ext ext;
    if (!m->plat.on) {
        tool_errorf(CMD, "%s: the paper's platform (one class at one site, "
                         "speed f, no idle, sources or cap): -p %d --power %s "
                         "--watts %g",
                    m->platform_path, m->platform.pes, m->platform.power_text,
                    m->watts);
        return TOOL_EXIT_OK;
    }
    ecs_result rc = ecs_plat_load(m, 1, &sp, &ext, &diag);
    size_t n = rc == ECS_OK ? sp.cycle : 0;
    if (rc == ECS_OK) {
        ecs_slot_prices_release(&sp);
        ecs_ext_release(&ext);
        rc = ecs_plat_load(m, n > 0 ? n : 1, &sp, &ext, &diag);
    }
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    const ecs_platform *p = &m->platform;
    double hours = sp.slot_minutes / 60.0, k = ext.normalized_by;
    size_t ul = strlen(sp.unit);
    char unit[40];
    snprintf(unit, sizeof unit, "%s", sp.unit[0] ? sp.unit : "(no unit)");
    json_t *doc = NULL;
    if (a->json) {
        doc = json_object();
        json_object_set_new(doc, "platform", ecs_plat_json(m));
        json_object_set_new(doc, "slots", json_integer((json_int_t)sp.n));
        json_object_set_new(doc, "slot_minutes", json_integer(sp.slot_minutes));
        json_object_set_new(doc, "unit", json_string(sp.unit));
    } else {
        printf("platform  %s (%s)\n", m->plat.path, m->plat.hash);
        printf("slots     %zu of %d min (one pass of site %s's prices)\n", sp.n,
               sp.slot_minutes, p->site_name[0]);
        printf("\n%-12s %6s  %-12s %8s %9s %8s\n", "class", "PEs", "site",
               "speed", "watts", "idle W");
        for (size_t c = 0; c < p->nclass; c++)
            printf("%-12s %6d  %-12s %8g %9g %8g\n", p->cls[c].name, p->cls[c].count,
                   p->site_name[p->cls[c].site], p->cls[c].speed[0],
                   p->cls[c].watts[0], p->cls[c].idle_watts);
        printf("\n%-12s %-24s %7s  %-26s %s\n", "site", "prices", "cap kW",
               "green kWh (peak kW)", "price file");
    }
    json_t *sites = a->json ? json_array() : NULL;
    for (int q = 0; q < ext.nsite; q++) {
        double lo, hi;
        range(ext.price[q], sp.n, k, &lo, &hi);
        double cap = ext.cap[q] ? ext.cap[q][0] / hours : -1;
        char green[256] = "";
        size_t gl = 0;
        json_t *srcs = a->json ? json_array() : NULL;
        for (size_t j = 0; j < ext.nsource; j++) {
            if (ext.source[j].site != q)
                continue;
            double tot = 0, peak = 0;
            for (size_t l = 0; l < sp.n; l++) {
                tot += ext.volume[j][l];
                peak = ext.volume[j][l] / hours > peak ? ext.volume[j][l] / hours : peak;
            }
            if (gl < sizeof green)
                gl += (size_t)snprintf(green + gl, sizeof green - gl, "%s%s %.3f (%.3f)",
                                       gl ? ", " : "", ext.source[j].name, tot, peak);
            if (srcs) {
                json_t *u = json_object();
                json_object_set_new(u, "name", json_string(ext.source[j].name));
                json_object_set_new(u, "kwh", ecs_json_num(tot));
                json_object_set_new(u, "peak_kw", ecs_json_num(peak));
                json_array_append_new(srcs, u);
            }
        }
        const char *src = strrchr(ext.price_source[q], '/');
        src = src ? src + 1 : ext.price_source[q];
        if (sites) {
            json_t *o = json_object();
            json_object_set_new(o, "name", json_string(p->site_name[q]));
            json_object_set_new(o, "prices", ecs_json_text(ext.price_source[q]));
            json_object_set_new(o, "price_min", ecs_json_num(lo));
            json_object_set_new(o, "price_max", ecs_json_num(hi));
            json_object_set_new(o, "cap_kw", cap >= 0 ? ecs_json_num(cap) : json_null());
            json_object_set_new(o, "sources", srcs);
            json_array_append_new(sites, o);
        } else {
            char pr[80], cp[32];
            snprintf(pr, sizeof pr, "%.2f..%.2f%s%s", lo, hi, ul ? " " : "",
                     ul ? unit : "");
            snprintf(cp, sizeof cp, cap >= 0 ? "%g" : "-", cap);
            printf("%-12s %-24s %7s  %-26s %s\n", p->site_name[q], pr, cp,
                   green[0] ? green : "-", src);
        }
    }
    int code = TOOL_EXIT_OK;
    if (doc) {
        json_object_set_new(doc, "sites", sites);
        if (tool_write_json("-", doc, &diag) != ECS_OK)
            code = TOOL_EXIT_INTERNAL;
        json_decref(doc);
    }
    ecs_slot_prices_release(&sp);
    ecs_ext_release(&ext);
    return code;
}

int tool_cmd_info(int argc, char **argv)
{
    info_args a;
    int pr = parse_args(&a, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    if (a.m.platform_path != NULL) {
        int code = platform_info(&a);
        if (code != TOOL_EXIT_OK || a.first >= argc)
            return code;
    }
    size_t n = (size_t)(argc - a.first);
    info_row *rows = calloc(n, sizeof *rows);
    if (rows == NULL) {
        tool_errorf(CMD, "out of memory");
        return TOOL_EXIT_INTERNAL;
    }
    int bad = 0, differs = 0;
    size_t good = 0;
    for (size_t i = 0; i < n; i++) {
        rows[i].file = argv[a.first + (int)i];
        read_row(&rows[i], &a.m);
        if (!rows[i].ok) {
            fprintf(stderr, "ecsched %s: %s\n", CMD, rows[i].error);
            bad = 1;
            continue;
        }
        good++;
        if (rows[i].meta.cp_length >= 0 && !cp_agrees(&rows[i])) {
            tool_errorf(CMD,
                           "%s: the file says CP Length %ld, but its critical "
                           "path is %ld",
                           rows[i].file, rows[i].meta.cp_length,
                           rows[i].st.critical_path);
            differs = 1;
        }
    }
    int out = 0;
    if (a.json)
        out = print_json(rows, n);
    else if (good > 0)
        print_table(rows, n);
    free(rows);
    if (out != 0)
        return TOOL_EXIT_INTERNAL;
    return bad ? TOOL_EXIT_USAGE : differs ? TOOL_EXIT_INFEASIBLE : TOOL_EXIT_OK;
}
