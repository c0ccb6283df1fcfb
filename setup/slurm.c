/* A schedule as Slurm jobs (include/ecsched/slurm.h). */
#include "ecsched/slurm.h"

#include "ecsched/version.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void ecs_slurm_params_init(ecs_slurm_params *p)
{
    memset(p, 0, sizeof *p);
    p->command = ECS_SLURM_DEFAULT_COMMAND;
    p->freq_command = ECS_SLURM_DEFAULT_FREQ_COMMAND;
    p->time_scale = 1;
    p->job_prefix = "ecs";
}

/* The placeholders of a task's template and of the frequency command. */
static const char *const TASK_KEYS[] = {"id", "seconds", "slots", "work", NULL};
static const char *const FREQ_KEYS[] = {"khz", NULL};

/* Length of the placeholder name at s (after '{', up to '}'), or 0 when
 * s does not hold one ({ followed by letters and a }). */
static size_t placeholder(const char *s)
{
    size_t n = 0;
    while (islower((unsigned char)s[n]))
        n++;
    return n > 0 && s[n] == '}' ? n : 0;
}

static int known(const char *const *keys, const char *s, size_t n)
{
    for (; *keys != NULL; keys++)
        if (strlen(*keys) == n && strncmp(*keys, s, n) == 0)
            return 1;
    return 0;
}

/* Every {name} of t (not ${...}, which is the shell's) is one of keys. */
static ecs_result check_template(const char *field, const char *t,
                                 const char *const *keys, ecs_diag *diag)
{
    if (t == NULL || t[0] == '\0')
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0, "%s is empty", field);
    for (const char *s = t; *s != '\0'; s++) {
        if (*s != '{' || (s > t && s[-1] == '$'))
            continue;
        size_t n = placeholder(s + 1);
        if (n > 0 && !known(keys, s + 1, n)) {
            char list[80] = "";
            size_t k = 0;
            for (const char *const *q = keys; *q != NULL; q++)
                k += (size_t)snprintf(list + k, sizeof list - k, "%s{%s}",
                                      q == keys ? "" : ", ", *q);
            return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                                "%s: '{%.*s}' is no placeholder (known: %s)",
                                field, (int)n, s + 1, list);
        }
    }
    return ECS_OK;
}

int ecs_slurm_name_ok(const char *s)
{
    if (s == NULL || s[0] == '\0' || strlen(s) > 200)
        return 0;
    for (; *s != '\0'; s++)
        if (!isalnum((unsigned char)*s) && *s != '.' && *s != '_' && *s != '-')
            return 0;
    return 1;
}

/* "now", "now+S", "@S": 0 and the kind (1 now, 2 at) and value, else -1. */
static int parse_origin(const char *s, int *kind, long long *v)
{
    char *end;
    if (strcmp(s, "now") == 0) {
        *kind = 1;
        *v = 0;
        return 0;
    }
    if (strncmp(s, "now+", 4) == 0 && isdigit((unsigned char)s[4])) {
        *v = strtoll(s + 4, &end, 10);
        *kind = 1;
        return *end == '\0' && *v <= 100000000LL ? 0 : -1;
    }
    if (s[0] == '@' && isdigit((unsigned char)s[1])) {
        *v = strtoll(s + 1, &end, 10);
        *kind = 2;
        return *end == '\0' && *v <= 32503680000LL ? 0 : -1;
    }
    return -1;
}

ecs_result ecs_slurm_params_validate(const ecs_slurm_params *p,
                                     ecs_diag *diag)
{
    ecs_result rc = check_template("the command template", p->command,
                                   TASK_KEYS, diag);
    if (rc == ECS_OK)
        rc = check_template("the frequency command", p->freq_command,
                            FREQ_KEYS, diag);
    if (rc != ECS_OK)
        return rc;
    if (p->time_scale < 1 || p->time_scale > 1000000)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the time scale must be from 1 to 1000000, not %ld",
                            p->time_scale);
    int kind;
    long long v;
    if (p->origin != NULL && parse_origin(p->origin, &kind, &v) != 0)
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the origin must be now, now+SECONDS or @SECONDS "
                            "(since 1970 UTC), not '%s'", p->origin);
    if (p->partition != NULL && !ecs_slurm_name_ok(p->partition))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the partition '%s' is not a name (letters, digits, "
                            "'.', '_', '-')", p->partition);
    if (!ecs_slurm_name_ok(p->job_prefix))
        return ecs_diag_set(diag, ECS_EINVAL, NULL, 0,
                            "the job name prefix '%s' is not a name (letters, "
                            "digits, '.', '_', '-')",
                            p->job_prefix ? p->job_prefix : "");
    return ECS_OK;
}

void ecs_slurm_files_release(ecs_slurm_files *f)
{
    if (f == NULL)
        return;
    for (size_t k = 0; k < f->n; k++) {
        free(f->file[k].name);
        free(f->file[k].text);
    }
    free(f->file);
    memset(f, 0, sizeof *f);
}

/* ---- the export ---- */

/* What writer w writes (0, or -1 when it fails), as a malloc'ed text;
 * NULL when out of memory. */
struct ctx;
typedef int (*text_writer)(const struct ctx *c, FILE *f, void *arg);

static char *text_of(const struct ctx *c, text_writer w, void *arg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        return NULL;
    int bad = w(c, f, arg) != 0;
    if (fclose(f) != 0 || bad) {
        free(text);
        return NULL;
    }
    return text;
}

typedef struct ctx {
    const ecs_slurm_input *in;
    const ecs_slurm_params *par;
    ecs_diag *diag;
    size_t *order;   /* tasks with work, in submission order */
    size_t nt;
    size_t *rank;    /* task -> position in order */
} ctx;

/* A run of slots at one frequency inside a task. */
typedef struct seg {
    long first, last;
    int k;
} seg;

static void clock_text(const ctx *c, long slot, char *buf, size_t n)
{
    if (!c->in->has_clock) {
        snprintf(buf, n, "slot %ld", slot);
        return;
    }
    time_t t = (time_t)(c->in->slot0_utc + c->in->boundary[slot] +
                        (long long)c->in->zone_minutes * 60);
    struct tm tm;
    gmtime_r(&t, &tm);
    int z = c->in->zone_minutes, az = z < 0 ? -z : z;
    snprintf(buf, n, "%04d-%02d-%02d %02d:%02d %c%02d:%02d", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, z < 0 ? '-' : '+',
             az / 60, az % 60);
}

static int pe_class(const ctx *c, int pe)
{
    int k = ecs_platform_pe_class(c->in->p, pe);
    return k < 0 ? 0 : k;
}

static long khz_of(const ctx *c, int pe, int k)
{
    return c->in->khz ? c->in->khz[(size_t)pe_class(c, pe) * ECS_MAX_FREQS + (size_t)k] : 0;
}

static const char *node_of(const ctx *c, int pe)
{
    return c->in->node ? c->in->node[pe] : NULL;
}

/* The scaled seconds from slot 0 to boundary l. */
static long long offset(const ctx *c, long l)
{
    return c->in->boundary[l] / c->par->time_scale;
}

static void expand(FILE *f, const char *t, const char *const *keys,
                   const char *const *vals)
{
    for (const char *s = t; *s != '\0'; s++) {
        size_t n;
        if (*s == '{' && !(s > t && s[-1] == '$') && (n = placeholder(s + 1)) > 0) {
            size_t q = 0;
            while (keys[q] != NULL &&
                   !(strlen(keys[q]) == n && strncmp(keys[q], s + 1, n) == 0))
                q++;
            if (keys[q] != NULL) {
                fputs(vals[q], f);
                s += n + 1;
                continue;
            }
        }
        fputc(*s, f);
    }
}

static void freq_line(const ctx *c, FILE *f, long khz)
{
    char v[32];
    snprintf(v, sizeof v, "%ld", khz);
    const char *vals[] = {v};
    expand(f, c->par->freq_command, FREQ_KEYS, vals);
}

/* Check everything of task i before any text: its slots on the grid, a
 * whole number of seconds, the node and the kHz it needs. */
static ecs_result check_task(const ctx *c, size_t i)
{
    const ecs_sched_task *t = &c->in->s->task[i];
    const ecs_platform *p = c->in->p;
    long id = c->in->g->id[i];
    if (t->pe < 0 || t->pe >= p->pes)
        return ecs_diag_set(c->diag, ECS_EINVAL, c->in->doc, 0,
                            "task %ld has no PE of the platform", id);
    if (t->stop + 1 >= (long)c->in->nboundary)
        return ecs_diag_set(c->diag, ECS_EINVAL, c->in->doc, 0,
                            "task %ld ends in slot %ld, after the slots known "
                            "(%zu)", id, t->stop, c->in->nboundary - 1);
    for (long l = t->start; l <= t->stop + 1; l++)
        if (c->in->boundary[l] % c->par->time_scale != 0)
            return ecs_diag_set(c->diag, ECS_EINVAL, c->in->doc, 0,
                                "--time-scale %ld: slot %ld starts %lld s after "
                                "slot 0, not a whole number of seconds once "
                                "scaled (task %ld); choose a factor that divides "
                                "the slot length in seconds",
                                c->par->time_scale, l, c->in->boundary[l], id);
    if (c->in->node != NULL && c->in->node[t->pe] == NULL)
        return ecs_diag_set(c->diag, ECS_EINVAL, c->in->doc, 0,
                            "task %ld runs on PE %d, which has no node name "
                            "(other PEs have one)", id, t->pe);
    if (c->in->khz == NULL)
        return ECS_OK;
    for (long l = t->start; l <= t->stop; l++) {
        int k = t->freq[l - t->start];
        if (k < 0 || (size_t)k >= p->nfreq)
            return ecs_diag_set(c->diag, ECS_EINVAL, c->in->doc, 0,
                                "task %ld: slot %ld has no frequency of F", id, l);
        if (p->freq_q[k] > 0 && khz_of(c, t->pe, k) <= 0) {
            int cl = pe_class(c, t->pe);
            return ecs_diag_set(c->diag, ECS_EINVAL, c->in->doc, 0,
                                "task %ld runs at f = %s on PE %d%s%s%s, which has "
                                "no kHz for it", id, p->freq_text[k], t->pe,
                                p->nclass ? " (class " : "",
                                p->nclass ? p->cls[cl].name : "",
                                p->nclass ? ")" : "");
        }
    }
    return ECS_OK;
}

/* The runs of equal frequency of task i into sg (stop-start+1 room). */
static size_t segments(const ecs_sched_task *t, seg *sg)
{
    size_t n = 0;
    for (long l = t->start; l <= t->stop; l++) {
        int k = t->freq[l - t->start];
        if (n > 0 && sg[n - 1].k == k)
            sg[n - 1].last = l;
        else
            sg[n++] = (seg){l, l, k};
    }
    return n;
}

static void seg_text(const ctx *c, const seg *s, char *buf, size_t n)
{
    if (s->first == s->last)
        snprintf(buf, n, "slot %ld: f = %s", s->first, c->in->p->freq_text[s->k]);
    else
        snprintf(buf, n, "slots %ld..%ld: f = %s", s->first, s->last,
                 c->in->p->freq_text[s->k]);
}

/* task-ID.sh of task i. */
/* task-ID.sh of task ja->i (ja->wrapped: with a wrapper). */
typedef struct job_arg {
    size_t i;
    int wrapped;
} job_arg;

static int job_write(const ctx *c, FILE *f, void *arg)
{
    job_arg *ja = arg;
    size_t i = ja->i;
    int *wrapped = &ja->wrapped;
    const ecs_slurm_input *in = c->in;
    const ecs_platform *p = in->p;
    const ecs_sched_task *t = &in->s->task[i];
    long id = in->g->id[i];
    size_t ns = (size_t)(t->stop - t->start + 1);
    seg *sg = malloc(ns * sizeof *sg);
    if (sg == NULL)
        return -1;
    size_t n = segments(t, sg);
    int zero = 0, busy = 0;
    for (size_t q = 0; q < n; q++) {
        zero |= p->freq_q[sg[q].k] == 0;
        busy += p->freq_q[sg[q].k] > 0;
    }
    /* a wrapper where the task waits or (with kHz) changes frequency */
    int wrap = zero || (in->khz != NULL && busy > 1);
    *wrapped = wrap;
    const char *node = node_of(c, t->pe);
    fprintf(f, "#!/bin/sh\n#SBATCH --job-name=%s-%ld\n#SBATCH --ntasks=1\n",
            c->par->job_prefix, id);
    if (node != NULL)
        fprintf(f, "#SBATCH --nodelist=%s\n", node);
    if (c->par->partition != NULL)
        fprintf(f, "#SBATCH --partition=%s\n", c->par->partition);
    size_t first_busy = 0;
    while (first_busy < n && p->freq_q[sg[first_busy].k] == 0)
        first_busy++;
    if (!wrap && in->khz != NULL && first_busy < n)
        fprintf(f, "#SBATCH --cpu-freq=%ld\n", khz_of(c, t->pe, sg[first_busy].k));
    fprintf(f, "#SBATCH --output=task-%ld.out\n", id);
    char a[48], b[48];
    clock_text(c, t->start, a, sizeof a);
    clock_text(c, t->stop + 1, b, sizeof b);
    long long secs = offset(c, t->stop + 1) - offset(c, t->start);
    fprintf(f, "# Task %ld of %s (work %ld): PE %d", id, in->doc, in->g->work[i], t->pe);
    if (node != NULL)
        fprintf(f, " (node %s)", node);
    fprintf(f, ", slots %ld..%ld,\n# %s to %s (%ld slots, %lld s", t->start,
            t->stop, a, b, t->stop - t->start + 1, secs);
    if (c->par->time_scale > 1)
        fprintf(f, " at time scale 1/%ld", c->par->time_scale);
    fprintf(f, ").\n");
    if (in->khz == NULL && busy > 1)
        fprintf(f, "# Its frequency changes, but no kHz are known: none is set.\n");
    for (size_t q = 0; q < n; q++) {
        char s[96];
        seg_text(c, &sg[q], s, sizeof s);
        fprintf(f, "#   %s%s\n", s, p->freq_q[sg[q].k] == 0 ? " (waits in place)" : "");
    }
    fprintf(f, "set -u\n");
    if (!wrap) {
        /* a job step, so that --cpu-freq applies */
        fprintf(f, "if [ \"${1:-}\" != task ]; then\n"
                   "  exec srun --ntasks=1 sh \"$0\" task\n"
                   "fi\n");
    } else {
        fprintf(f,
                "# The wrapper: the task runs in its own process group; at each slot\n"
                "# boundary (ECSCHED_ORIGIN plus the offset) the frequency is switched,\n"
                "# and the task is stopped while it waits in place at f = 0.\n"
                "if [ \"${1:-}\" != task ]; then\n"
                "  origin=${ECSCHED_ORIGIN:?submit with submit.sh, which sets it}\n"
                "  at() {  # until ORIGIN + $1 (within 0.1 s)\n"
                "    t=$((origin + $1))\n"
                "    while now=$(date +%%s); [ \"$now\" -lt \"$t\" ]; do\n"
                "      if [ $((t - now)) -gt 2 ]; then sleep $((t - now - 2)); else sleep 0.1; fi\n"
                "    done\n"
                "  }\n");
        if (first_busy > 0)
            fprintf(f, "  at %lld  # the first slot at f > 0\n",
                    offset(c, sg[first_busy].first));
        if (first_busy < n && in->khz != NULL) {
            char s[96];
            seg_text(c, &sg[first_busy], s, sizeof s);
            fputs("  ", f);
            freq_line(c, f, khz_of(c, t->pe, sg[first_busy].k));
            fprintf(f, "  # %s\n", s);
        }
        fprintf(f, "  setsid sh \"$0\" task &\n  task=$!\n  (\n");
        if (first_busy + 1 >= n)
            fprintf(f, "    :  # nothing to switch after the first slot at f > 0\n");
        int stopped = 0;
        for (size_t q = first_busy + 1; q < n; q++) {
            char s[96];
            seg_text(c, &sg[q], s, sizeof s);
            fprintf(f, "    at %lld; ", offset(c, sg[q].first));
            if (p->freq_q[sg[q].k] == 0) {
                fprintf(f, "kill -s STOP -- -\"$task\"  # %s (waits)\n", s);
                stopped = 1;
                continue;
            }
            if (stopped)
                fprintf(f, "kill -s CONT -- -\"$task\"; ");
            stopped = 0;
            if (in->khz != NULL)
                freq_line(c, f, khz_of(c, t->pe, sg[q].k));
            else
                fprintf(f, ":");
            fprintf(f, "  # %s\n", s);
        }
        if (stopped)
            fprintf(f, "    at %lld; kill -s CONT -- -\"$task\"  # the end of its slots\n",
                    offset(c, t->stop + 1));
        fprintf(f, "  ) &\n"
                   "  switcher=$!\n"
                   "  rc=0; wait \"$task\" || rc=$?\n"
                   "  kill \"$switcher\" 2>/dev/null\n"
                   "  exit \"$rc\"\n"
                   "fi\n");
    }
    if (in->command != NULL && in->command[i] != NULL) {
        fprintf(f, "# its command, from the graph:\n%s\n", in->command[i]);
    } else {
        char v[4][32];
        snprintf(v[0], sizeof v[0], "%ld", id);
        snprintf(v[1], sizeof v[1], "%lld", secs);
        snprintf(v[2], sizeof v[2], "%ld", t->stop - t->start + 1);
        snprintf(v[3], sizeof v[3], "%ld", in->g->work[i]);
        const char *vals[] = {v[0], v[1], v[2], v[3]};
        expand(f, c->par->command, TASK_KEYS, vals);
        fputc('\n', f);
    }
    free(sg);
    return 0;
}

/* A task's place in the submission order: by first slot, then by id. */
typedef struct okey {
    long start, id;
    size_t i;
} okey;

static int by_start(const void *pa, const void *pb)
{
    const okey *a = pa, *b = pb;
    if (a->start != b->start)
        return a->start < b->start ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

static int submit_write(const ctx *c, FILE *f, void *arg)
{
    const ecs_slurm_input *in = c->in;
    size_t deps = *(const size_t *)arg;
    int kind = 2;
    long long v = in->slot0_utc;
    if (c->par->origin != NULL)
        parse_origin(c->par->origin, &kind, &v);
    char a[48];
    clock_text(c, 0, a, sizeof a);
    fprintf(f,
            "#!/bin/sh\n"
            "# %zu Slurm jobs, one per task of %s (ecsched %s export --slurm).\n"
            "# `sh submit.sh` submits them in a topological order (by first slot):\n"
            "# each job may start at its first slot (--begin) once its predecessors\n"
            "# ended well (--dependency=afterok, %zu in all); a failed job cancels its\n"
            "# dependants (--kill-on-invalid-dep=yes).  Slot 0 starts at\n"
            "# ECSCHED_ORIGIN (seconds since 1970 UTC; the plan: %s%s);\n"
            "# times are divided by %ld.  The job ids go to jobs.tsv.\n"
            "set -eu\n"
            "cd \"$(dirname \"$0\")\"\n",
            c->nt, in->doc, ECS_VERSION, deps, a,
            kind == 1 ? ", here: the moment of submission" : "",
            c->par->time_scale);
    if (kind == 1)
        fprintf(f, ": \"${ECSCHED_ORIGIN:=$(($(date +%%s) + %lld))}\"\n", v);
    else
        fprintf(f, ": \"${ECSCHED_ORIGIN:=%lld}\"\n", v);
    fprintf(f,
            "export ECSCHED_ORIGIN\n"
            "if [ \"$ECSCHED_ORIGIN\" -lt \"$(date +%%s)\" ]; then\n"
            "  echo \"submit.sh: note: slot 0 ($(date -d \"@$ECSCHED_ORIGIN\")) is past: \"\\\n"
            "       \"jobs whose slots are past start when Slurm can\" >&2\n"
            "fi\n"
            "printf 'task\\tjob\\tbegin\\tend\\n' >jobs.tsv\n"
            "# sub TASK BEGIN END DEPS: submit task-TASK.sh, print its job id\n"
            "sub() {\n"
            "  b=$((ECSCHED_ORIGIN + $2))\n"
            "  j=$(sbatch --parsable --begin=\"$(date -d \"@$b\" +%%Y-%%m-%%dT%%H:%%M:%%S)\" \\\n"
            "      ${4:+--dependency=afterok:$4 --kill-on-invalid-dep=yes} \"task-$1.sh\")\n"
            "  j=${j%%%%;*}\n"
            "  printf '%%s\\t%%s\\t%%s\\t%%s\\n' \"$1\" \"$j\" \"$b\" \"$((ECSCHED_ORIGIN + $3))\" >>jobs.tsv\n"
            "  echo \"$j\"\n"
            "}\n");
    for (size_t q = 0; q < c->nt; q++) {
        size_t i = c->order[q];
        const ecs_sched_task *t = &in->s->task[i];
        char when[48];
        clock_text(c, t->start, when, sizeof when);
        fprintf(f, "j%zu=$(sub %ld %lld %lld \"", q + 1, in->g->id[i],
                offset(c, t->start), offset(c, t->stop + 1));
        int first = 1;
        for (size_t e = in->g->pred_off[i]; e < in->g->pred_off[i + 1]; e++) {
            fprintf(f, "%s$j%zu", first ? "" : ":", c->rank[in->g->pred[e]] + 1);
            first = 0;
        }
        fprintf(f, "\")  # task %ld: PE %d, %s\n", in->g->id[i], t->pe, when);
    }
    fprintf(f, "echo \"submit.sh: %zu jobs submitted (their ids: jobs.tsv)\"\n", c->nt);
    return 0;
}

static int plan_write(const ctx *c, FILE *f, void *arg)
{
    (void)arg;
    const ecs_slurm_input *in = c->in;
    fprintf(f, "task\tpe\tnode\tstart_slot\tstop_slot\tbegin_s\tend_s\tpredecessors\n");
    for (size_t q = 0; q < c->nt; q++) {
        size_t i = c->order[q];
        const ecs_sched_task *t = &in->s->task[i];
        const char *node = node_of(c, t->pe);
        fprintf(f, "%ld\t%d\t%s\t%ld\t%ld\t%lld\t%lld\t", in->g->id[i], t->pe,
                node ? node : "", t->start, t->stop, offset(c, t->start),
                offset(c, t->stop + 1));
        for (size_t e = in->g->pred_off[i]; e < in->g->pred_off[i + 1]; e++)
            fprintf(f, "%s%ld", e == in->g->pred_off[i] ? "" : ",",
                    in->g->id[in->g->pred[e]]);
        fputc('\n', f);
    }
    return 0;
}

/* Append a file (room for cap files: doubled when full); takes text. */
static int add_file(ecs_slurm_files *out, size_t *cap, const char *name,
                    char *text, int x)
{
    if (out->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        ecs_slurm_file *nf = realloc(out->file, nc * sizeof *nf);
        if (nf == NULL) {
            free(text);
            return -1;
        }
        out->file = nf;
        *cap = nc;
    }
    char *nm = strdup(name);
    if (nm == NULL || text == NULL) {
        free(nm);
        free(text);
        return -1;
    }
    out->file[out->n++] = (ecs_slurm_file){nm, text, x};
    return 0;
}

ecs_result ecs_slurm_export(const ecs_slurm_input *in,
                            const ecs_slurm_params *par,
                            ecs_slurm_files *out, ecs_diag *diag)
{
    memset(out, 0, sizeof *out);
    ecs_result rc = ecs_slurm_params_validate(par, diag);
    if (rc != ECS_OK)
        return rc;
    if (in->g == NULL || in->s == NULL || in->p == NULL || in->boundary == NULL ||
        in->s->n != in->g->n)
        return ecs_diag_set(diag, ECS_EINVAL, in->doc, 0,
                            "no schedule, graph, platform or slot times to export");
    if (!in->has_clock && par->origin == NULL)
        return ecs_diag_set(diag, ECS_EINVAL, in->doc, 0,
                            "the prices have no clock times, so slot 0 has none: "
                            "give an origin (now, now+SECONDS or @SECONDS)");
    ctx c = {in, par, diag, NULL, 0, NULL};
    c.order = malloc((in->g->n + 1) * sizeof *c.order);
    c.rank = malloc((in->g->n + 1) * sizeof *c.rank);
    if (c.order == NULL || c.rank == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, in->doc, 0, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < in->g->n; i++) {
        if (in->g->work[i] <= 0)
            continue;
        if ((rc = check_task(&c, i)) != ECS_OK)
            goto done;
        c.order[c.nt++] = i;
    }
    okey *key = malloc((c.nt + 1) * sizeof *key);
    if (key == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, in->doc, 0, "out of memory");
        goto done;
    }
    for (size_t q = 0; q < c.nt; q++)
        key[q] = (okey){in->s->task[c.order[q]].start, in->g->id[c.order[q]],
                        c.order[q]};
    qsort(key, c.nt, sizeof *key, by_start);
    for (size_t q = 0; q < c.nt; q++)
        c.order[q] = key[q].i;
    free(key);
    size_t deps = 0;
    for (size_t q = 0; q < c.nt; q++) {
        size_t i = c.order[q];
        c.rank[i] = q;
        deps += in->g->pred_off[i + 1] - in->g->pred_off[i];
    }
    /* a topological order: precedence puts a predecessor's last slot
     * before its successor's first (checked: afterok would otherwise
     * hold back a job the plan starts earlier) */
    for (size_t q = 0; q < c.nt; q++) {
        size_t i = c.order[q];
        for (size_t e = in->g->pred_off[i]; e < in->g->pred_off[i + 1]; e++)
            if (in->g->work[in->g->pred[e]] <= 0 || c.rank[in->g->pred[e]] >= q ||
                in->s->task[in->g->pred[e]].stop >= in->s->task[i].start) {
                rc = ecs_diag_set(diag, ECS_EINVAL, in->doc, 0,
                                  "task %ld starts before its predecessor %ld ends: "
                                  "not a schedule to run (validate it)",
                                  in->g->id[i], in->g->id[in->g->pred[e]]);
                goto done;
            }
    }
    out->jobs = c.nt;
    out->dependencies = deps;
    size_t cap = 0;
    if (add_file(out, &cap, "submit.sh", text_of(&c, submit_write, &deps), 1) != 0 ||
        add_file(out, &cap, "plan.tsv", text_of(&c, plan_write, NULL), 0) != 0) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, in->doc, 0, "out of memory");
        goto done;
    }
    for (size_t q = 0; q < c.nt; q++) {
        size_t i = c.order[q];
        char name[48];
        snprintf(name, sizeof name, "task-%ld.sh", in->g->id[i]);
        job_arg ja = {i, 0};
        if (add_file(out, &cap, name, text_of(&c, job_write, &ja), 1) != 0) {
            rc = ecs_diag_set(diag, ECS_ENOMEM, in->doc, 0, "out of memory");
            goto done;
        }
        out->switching += (size_t)ja.wrapped;
    }
done:
    free(c.order);
    free(c.rank);
    if (rc != ECS_OK)
        ecs_slurm_files_release(out);
    return rc;
}
