/* ecsched export --slurm DOC -o DIR: a schedule as Slurm batch jobs. */
#include "run/cli.h"
#include "run/model.h"
#include "run/args.h"
#include "run/output.h"
#include "commands/commands.h"

#include "ecsched/document.h"
#include "ecsched/graphio.h"
#include "ecsched/numparse.h"
#include "ecsched/platform_file.h"
#include "ecsched/slurm.h"

#include <stdlib.h>
#include <string.h>

static const char *CMD = "export";

int tool_cmd_export(int argc, char **argv);

const tool_command tool_command_export = {
    "export", "write a schedule as Slurm jobs (sbatch scripts)",
    "Usage: ecsched export --slurm SCHEDULE.json -o DIR [--force]\n"
    "                      [--graph FILE] [--nodes LIST] [--khz LIST]\n"
    "                      [--command TEMPLATE] [--freq-command TEMPLATE]\n"
    "                      [--time-scale N] [--origin WHEN]\n"
    "                      [--partition NAME] [--job-prefix NAME]\n"
    "\n"
    "Writes what sbatch needs to run the schedule: DIR/submit.sh submits one\n"
    "job per task (DIR/task-ID.sh) in a topological order, each with\n"
    "--begin at its first slot's clock time and --dependency=afterok on its\n"
    "predecessors' jobs (their ids captured from sbatch --parsable; a failed\n"
    "job cancels its dependants), on its PE's node (--nodelist) at its\n"
    "frequency (--cpu-freq in kHz, the command run under srun); where a\n"
    "task's frequency changes or it waits at f = 0, a wrapper switches at\n"
    "the slot boundaries.  DIR/plan.tsv lists the jobs; submit.sh writes\n"
    "DIR/jobs.tsv (task, job id, begin, planned end).  The graph (the\n"
    "document's graph.file) gives the dependencies and, for WfCommons files,\n"
    "the tasks' commands.  Slurm starts a job no earlier than --begin, on\n"
    "its next scheduling pass; it does not hold the plan otherwise\n"
    "(docs/reference.md \"export\").\n"
    "\n"
    "  --slurm            the format (the only one)\n"
    "  -o, --out DIR      the directory to write (new or empty; written\n"
    "                     atomically)\n"
    "  --force            replace DIR when it holds files\n"
    "  --graph FILE       the graph (default: the document's graph.file)\n"
    "  --nodes LIST       node names: one per PE, or one for all (default:\n"
    "                     the platform file's \"nodes\", else none: Slurm\n"
    "                     chooses)\n"
    "  --khz LIST         kHz per frequency above 0 of the document's F, for\n"
    "                     the paper's platform (default: the platform\n"
    "                     file's \"cpu_freq_khz\", else none: no frequency set)\n"
    "  --command T        a task's command when the graph has none (default\n"
    "                     '" ECS_SLURM_DEFAULT_COMMAND "'; {id}, {seconds}, {slots},\n"
    "                     {work})\n"
    "  --freq-command T   what switches the frequency in a wrapper (default\n"
    "                     '" ECS_SLURM_DEFAULT_FREQ_COMMAND "')\n"
    "  --time-scale N     divide every time by N (720: a 1-hour slot takes\n"
    "                     5 s), for tests; default 1\n"
    "  --origin WHEN      when slot 0 starts: now, now+SECONDS (at\n"
    "                     submission) or @SECONDS since 1970 UTC (default:\n"
    "                     the document's clock time; submit.sh also reads\n"
    "                     ECSCHED_ORIGIN)\n"
    "  --partition NAME   every job's --partition\n"
    "  --job-prefix NAME  job names NAME-ID (default ecs)\n"
    "\n"
    "Exit 0: written; 2: bad document, graph or arguments, a PE without a\n"
    "node or a frequency without kHz, DIR not empty (file and problem\n"
    "named), nothing written.\n",
    tool_cmd_export};

enum {
    OPT_SLURM = TOOL_OPT_COMMAND_BASE,
    OPT_FORCE,
    OPT_GRAPH,
    OPT_NODES,
    OPT_KHZ,
    OPT_COMMAND,
    OPT_FREQ_COMMAND,
    OPT_TIME_SCALE,
    OPT_ORIGIN,
    OPT_PARTITION,
    OPT_JOB_PREFIX
};

typedef struct export_job {
    const char *doc, *out, *graph, *nodes, *khz;
    int slurm, force;
    ecs_slurm_params par;
} export_job;

static int own_option(void *ctx, int c, const char *arg, const char *word)
{
    export_job *j = ctx;
    (void)word;
    long v;
    switch (c) {
    case 'o': j->out = arg; return 0;
    case OPT_SLURM: j->slurm = 1; return 0;
    case OPT_FORCE: j->force = 1; return 0;
    case OPT_GRAPH: j->graph = arg; return 0;
    case OPT_NODES: j->nodes = arg; return 0;
    case OPT_KHZ: j->khz = arg; return 0;
    case OPT_COMMAND: j->par.command = arg; return 0;
    case OPT_FREQ_COMMAND: j->par.freq_command = arg; return 0;
    case OPT_TIME_SCALE:
        if (ecs_parse_long(arg, &v) != 0 || v < 1 || v > 1000000)
            return tool_usage_error(CMD, "--time-scale needs a whole number "
                                         "from 1 to 1000000, not '%s'", arg);
        j->par.time_scale = v;
        return 0;
    case OPT_ORIGIN: j->par.origin = arg; return 0;
    case OPT_PARTITION: j->par.partition = arg; return 0;
    case OPT_JOB_PREFIX: j->par.job_prefix = arg; return 0;
    default: return TOOL_NOT_OWN;
    }
}

static int parse_args(export_job *j, int argc, char **argv)
{
    static const struct option opts[] = {
        {"slurm", no_argument, 0, OPT_SLURM},
        {"out", required_argument, 0, 'o'},
        {"force", no_argument, 0, OPT_FORCE},
        {"graph", required_argument, 0, OPT_GRAPH},
        {"nodes", required_argument, 0, OPT_NODES},
        {"khz", required_argument, 0, OPT_KHZ},
        {"command", required_argument, 0, OPT_COMMAND},
        {"freq-command", required_argument, 0, OPT_FREQ_COMMAND},
        {"time-scale", required_argument, 0, OPT_TIME_SCALE},
        {"origin", required_argument, 0, OPT_ORIGIN},
        {"partition", required_argument, 0, OPT_PARTITION},
        {"job-prefix", required_argument, 0, OPT_JOB_PREFIX},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    tool_argspec spec;
    tool_argspec_init(&spec, CMD, opts, NULL, own_option, j);
    spec.shortopts = ":o:h";
    int pr = tool_parse_one(&spec, argc, argv, "needs one SCHEDULE.json", &j->doc);
    if (pr != 0)
        return pr;
    if (!j->slurm)
        return tool_usage_error(CMD, "give the format: --slurm");
    if (j->out == NULL)
        return tool_usage_error(CMD, "give the directory to write: -o DIR");
    ecs_diag d;
    if (ecs_slurm_params_validate(&j->par, &d) != ECS_OK)
        return tool_usage_error(CMD, "%s", d.msg);
    return 0;
}

/* Everything the export reads, released at once. */
typedef struct loaded {
    tool_model m;
    ecs_doc_model dm;
    ecs_graph *raw, *g;
    ecs_schedule *s;
    ecs_plat_slurm ps;
    char **node;        /* --nodes, per PE */
    long *khz;          /* --khz */
    char **cmd;         /* per task of raw */
    long long *boundary;
} loaded;

static void loaded_release(loaded *L)
{
    ecs_doc_model_release(&L->dm);
    if (L->cmd != NULL && L->raw != NULL)
        for (size_t i = 0; i < L->raw->n; i++)
            free(L->cmd[i]);
    free(L->cmd);
    ecs_graph_free(L->raw);
    ecs_graph_free(L->g);
    ecs_schedule_free(L->s);
    ecs_plat_slurm_release(&L->ps);
    if (L->node != NULL)
        for (int q = 0; q < L->m.platform.pes; q++)
            free(L->node[q]);
    free(L->node);
    free(L->khz);
    free(L->boundary);
}

/* The next comma-separated item of *s into buf; 0, or -1 at the end. */
static int next_item(const char **s, char *buf, size_t n)
{
    if (*s == NULL)
        return -1;
    const char *c = strchr(*s, ',');
    size_t len = c ? (size_t)(c - *s) : strlen(*s);
    snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), *s);
    *s = c ? c + 1 : NULL;
    return 0;
}

/* --nodes LIST: one name per PE or one for all. */
static ecs_result nodes_flag(loaded *L, const char *list, ecs_diag *diag)
{
    int pes = L->m.platform.pes, n = 0;
    char name[256];
    for (const char *s = list; next_item(&s, name, sizeof name) == 0;)
        n++;
    if (n != 1 && n != pes)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--nodes gives %d names: give one per PE (%d) or "
                            "one for all", n, pes);
    L->node = calloc((size_t)pes, sizeof *L->node);
    if (L->node == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    const char *s = list;
    for (int q = 0; q < pes; q++) {
        if (q < n)
            next_item(&s, name, sizeof name);
        if (!ecs_slurm_name_ok(name))
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--nodes: '%s' is not a node name (letters, "
                                "digits, '.', '_', '-')", name);
        if ((L->node[q] = strdup(name)) == NULL)
            return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    }
    return ECS_OK;
}

/* --khz LIST: one per frequency above 0 of F, for the paper's platform. */
static ecs_result khz_flag(loaded *L, const char *list, ecs_diag *diag)
{
    const ecs_platform *p = &L->m.platform;
    size_t busy = 0;
    for (size_t k = 0; k < p->nfreq; k++)
        busy += p->freq_q[k] > 0;
    L->khz = calloc(ECS_MAX_FREQS * (p->nclass ? p->nclass : 1), sizeof *L->khz);
    if (L->khz == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    char item[64];
    size_t k = 0;
    for (const char *s = list; next_item(&s, item, sizeof item) == 0; k++) {
        long v;
        if (k >= busy || ecs_parse_long(item, &v) != 0 || v < 1 || v > 1000000000)
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "--khz needs %zu whole numbers of kHz (one per "
                                "frequency above 0 of F), not '%s'", busy, list);
        for (size_t c = 0; c < (p->nclass ? p->nclass : 1); c++)
            L->khz[c * ECS_MAX_FREQS + k] = v;
    }
    if (k != busy)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "--khz gives %zu values: give one per frequency above "
                            "0 of F (%zu)", k, busy);
    return ECS_OK;
}

/* The tasks' commands of a WfCommons graph, by task of the graph read. */
static ecs_result graph_commands(loaded *L, const char *path, ecs_diag *diag)
{
    if (L->raw->format != ECS_STG_WFFORMAT)
        return ECS_OK;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return ecs_diag_set(diag, ECS_EIO, path, 0, "cannot read");
    char *buf = NULL;
    size_t len = 0, cap = 0, r;
    do {
        if (len + 65536 > cap) {
            char *nb = realloc(buf, cap = cap * 2 + 65536);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                return ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
            }
            buf = nb;
        }
        r = fread(buf + len, 1, cap - len, f);
        len += r;
    } while (r > 0);
    fclose(f);
    size_t n = 0;
    long *id = NULL;
    char **cmd = NULL;
    ecs_result rc = ecs_wfformat_commands(buf, len, path, &n, &id, &cmd, diag);
    free(buf);
    if (rc != ECS_OK)
        return rc;
    L->cmd = calloc(L->raw->n, sizeof *L->cmd);
    if (L->cmd == NULL)
        rc = ecs_diag_set(diag, ECS_ENOMEM, path, 0, "out of memory");
    for (size_t k = 0; rc == ECS_OK && k < n; k++) {
        size_t i = ecs_graph_find(L->raw, id[k]);
        if (i != (size_t)-1 && cmd[k] != NULL) {
            L->cmd[i] = cmd[k];
            cmd[k] = NULL;
        }
    }
    ecs_wfformat_commands_free(n, id, cmd);
    return rc;
}

static ecs_result load(export_job *j, loaded *L, ecs_diag *diag)
{
    tool_model *m = &L->m;
    tool_model_init(m);
    json_t *root = NULL;
    ecs_result rc = ecs_json_load(j->doc, NULL, &root, diag);
    if (rc != ECS_OK)
        return rc;
    int several = json_is_array(json_object_get(root, "methods"));
    json_decref(root);
    if (several)
        return ecs_diag_set(diag, ECS_EPARSE, j->doc, 0,
                            "a compare document holds several schedules: export "
                            "the document of one method (its command's -o FILE)");
    rc = ecs_document_read_model(j->doc, NULL, &L->dm, diag);
    if (rc != ECS_OK)
        return rc;
    const ecs_doc_model *dm = &L->dm;
    if (dm->slot_len != NULL)
        return ecs_diag_set(diag, ECS_EUNSUPPORTED, j->doc, 0,
                            "a document on slots of different lengths "
                            "(prices.per_slot_minutes): export --slurm "
                            "handles slots of one length only (its --begin "
                            "times and wrappers count slot_minutes a slot)");
    const char *gpath = j->graph ? j->graph : dm->graph_file;
    if (gpath[0] == '\0')
        return ecs_diag_set(diag, ECS_EPARSE, j->doc, 0,
                            "names no graph file (graph.file): give --graph FILE");
    if (dm->slot_minutes > 0) {
        m->price_opt.slot_minutes = dm->slot_minutes;
        m->slot_minutes_given = 1;
    }
    if (dm->work_unit_s > 0)
        m->work_unit = dm->work_unit_s;
    int plat_file = dm->has_platform && dm->plat_file[0] != '\0';
    /* F: the platform file's, else the document's */
    if (!plat_file && dm->freqs[0] != '\0' &&
        (rc = ecs_platform_set_freqs(&m->platform, dm->freqs, diag)) != ECS_OK)
        return ecs_diag_set(diag, ECS_EPARSE, j->doc, 0, "freqs: %s", diag->msg);
    if (plat_file) {
        m->platform_path = dm->plat_file;
        if ((rc = ecs_plat_resolve(m, diag)) != ECS_OK)
            return rc;
        if ((rc = ecs_plat_slurm_read(m, &L->ps, diag)) != ECS_OK)
            return rc;
    } else if (dm->pes >= 1 &&
               (rc = ecs_platform_set_pes(&m->platform, dm->pes, diag)) != ECS_OK) {
        return rc;
    }
    if (dm->pes >= 1 && dm->pes != m->platform.pes)
        return ecs_diag_set(diag, ECS_EPARSE, j->doc, 0,
                            "has %ld PEs, its platform %s %d", dm->pes,
                            dm->plat_file, m->platform.pes);
    if ((rc = ecs_setup_load_graph(gpath, m, &L->raw, &L->g, diag)) != ECS_OK)
        return rc;
    /* the graph as read: every task that is not a layout's dummy gets a
     * job, those without work too */
    if ((rc = ecs_document_read(j->doc, NULL, L->raw, &m->platform, &L->s, NULL,
                                diag)) != ECS_OK)
        return rc;
    if (j->nodes != NULL && L->ps.node != NULL)
        return ecs_diag_set(diag, ECS_EINVAL, dm->plat_file, 0,
                            "names the nodes and --nodes gives them: give one");
    if (j->khz != NULL && L->ps.khz != NULL)
        return ecs_diag_set(diag, ECS_EINVAL, dm->plat_file, 0,
                            "gives cpu_freq_khz and --khz gives them: give one");
    if (L->ps.missing_nodes[0] != '\0')
        return ecs_diag_set(diag, ECS_EPARSE, dm->plat_file, 0,
                            "class '%s' names no nodes while another does: give "
                            "every class \"nodes\"", L->ps.missing_nodes);
    if (L->ps.missing_khz[0] != '\0')
        return ecs_diag_set(diag, ECS_EPARSE, dm->plat_file, 0,
                            "class '%s' gives no cpu_freq_khz while another does: "
                            "give every class \"cpu_freq_khz\"", L->ps.missing_khz);
    if (j->nodes != NULL && (rc = nodes_flag(L, j->nodes, diag)) != ECS_OK)
        return rc;
    if (j->khz != NULL && (rc = khz_flag(L, j->khz, diag)) != ECS_OK)
        return rc;
    if ((rc = graph_commands(L, gpath, diag)) != ECS_OK)
        return rc;
    long last = 0;
    for (size_t i = 0; i < L->s->n; i++)
        if (L->s->task[i].pe >= 0 && L->s->task[i].stop > last)
            last = L->s->task[i].stop;
    return ecs_doc_model_slot_offsets(dm, j->doc, (size_t)last + 2, &L->boundary, diag);
}

int tool_cmd_export(int argc, char **argv)
{
    export_job j;
    memset(&j, 0, sizeof j);
    ecs_slurm_params_init(&j.par);
    int pr = parse_args(&j, argc, argv);
    if (pr != 0)
        return tool_parse_exit(CMD, pr);
    ecs_diag diag;
    ecs_diag_clear(&diag);
    loaded L;
    memset(&L, 0, sizeof L);
    ecs_slurm_files files;
    memset(&files, 0, sizeof files);
    ecs_result rc = load(&j, &L, &diag);
    if (rc == ECS_OK) {
        size_t last = 0;
        for (size_t i = 0; i < L.s->n; i++)
            if (L.s->task[i].pe >= 0 && (size_t)L.s->task[i].stop + 2 > last)
                last = (size_t)L.s->task[i].stop + 2;
        ecs_slurm_input in = {
            .doc = j.doc,
            .g = L.raw,
            .s = L.s,
            .p = &L.m.platform,
            .boundary = L.boundary,
            .nboundary = last,
            .has_clock = L.dm.has_first_slot,
            .slot0_utc = L.dm.first_slot_utc,
            .zone_minutes = L.dm.zone_minutes,
            .node = (const char *const *)(L.node ? L.node : L.ps.node),
            .khz = L.khz ? L.khz : L.ps.khz,
            .command = (const char *const *)L.cmd,
        };
        rc = ecs_slurm_export(&in, &j.par, &files, &diag);
    }
    if (rc == ECS_OK) {
        tool_dir_file *df = calloc(files.n + 1, sizeof *df);
        if (df == NULL) {
            rc = ecs_diag_set(&diag, ECS_ENOMEM, NULL, 0, "out of memory");
        } else {
            for (size_t k = 0; k < files.n; k++)
                df[k] = (tool_dir_file){files.file[k].name, files.file[k].text,
                                        files.file[k].executable};
            rc = tool_write_dir(j.out, df, files.n, j.force, &diag);
            free(df);
        }
    }
    if (rc == ECS_OK) {
        int nodes = L.node != NULL || L.ps.node != NULL;
        int khz = L.khz != NULL || L.ps.khz != NULL;
        printf("wrote %s: %zu jobs (submit.sh, task-ID.sh, plan.tsv), %zu "
               "dependencies, %zu with a frequency wrapper\n",
               j.out, files.jobs, files.dependencies, files.switching);
        printf("nodes        %s\n", nodes ? "from the PEs (--nodelist)"
                                          : "any (no names: --nodes or the platform's \"nodes\")");
        printf("frequencies  %s\n", khz ? "--cpu-freq in kHz, switched by the wrapper where they change"
                                        : "not set (no kHz: --khz or the platform's \"cpu_freq_khz\")");
        printf("slot 0       %s\n",
               j.par.origin ? j.par.origin : "the document's clock time (ECSCHED_ORIGIN overrides)");
        if (j.par.time_scale > 1)
            printf("time scale   1/%ld (a slot of %d min takes %ld s)\n", j.par.time_scale,
                   L.dm.slot_minutes, L.dm.slot_minutes * 60L / j.par.time_scale);
    }
    ecs_slurm_files_release(&files);
    loaded_release(&L);
    if (rc != ECS_OK) {
        tool_error(CMD, &diag);
        return tool_exit_code(rc);
    }
    return TOOL_EXIT_OK;
}
