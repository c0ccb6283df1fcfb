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
    size_t *order;   /* the tasks with a job, in submission order */
    size_t nt;
    size_t *rank;    /* task -> position in order */
    unsigned char *job; /* task -> 1 when it gets a job (not a dummy) */
    size_t *dep_off, *dep; /* task -> its predecessors with a job (through
                              layout dummies) */
    long long *beg, *end; /* task -> seconds from slot 0 (unscaled): its
                             first slot's start and last slot's end; a
                             task without work: its predecessors' last end */
} ctx;

/* A run of slots at one frequency inside a task. */
typedef struct seg {
    long first, last;
    int k;
} seg;

/* The clock time secs after slot 0's start ("+N s" without a clock). */
static void clock_secs(const ctx *c, long long secs, char *buf, size_t n)
{
    if (!c->in->has_clock) {
        snprintf(buf, n, "slot 0 + %lld s", secs);
        return;
    }
    time_t t = (time_t)(c->in->slot0_utc + secs +
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

/* The first #SBATCH lines of task i's job (node: NULL for none). */
static void job_head(const ctx *c, FILE *f, size_t i, const char *node)
{
    fprintf(f, "#!/bin/sh\n#SBATCH --job-name=%s-%ld\n#SBATCH --ntasks=1\n",
            c->par->job_prefix, c->in->g->id[i]);
    if (node != NULL)
        fprintf(f, "#SBATCH --nodelist=%s\n", node);
    if (c->par->partition != NULL)
        fprintf(f, "#SBATCH --partition=%s\n", c->par->partition);
}

/* The task's command: its own, else the template. */
static void job_command(const ctx *c, FILE *f, size_t i, long long secs,
                        long slots)
{
    const ecs_slurm_input *in = c->in;
    if (in->command != NULL && in->command[i] != NULL) {
        fprintf(f, "# its command, from the graph:\n%s\n", in->command[i]);
        return;
    }
    char v[4][32];
    snprintf(v[0], sizeof v[0], "%ld", in->g->id[i]);
    snprintf(v[1], sizeof v[1], "%lld", secs);
    snprintf(v[2], sizeof v[2], "%ld", slots);
    snprintf(v[3], sizeof v[3], "%ld", in->g->work[i]);
    const char *vals[] = {v[0], v[1], v[2], v[3]};
    expand(f, c->par->command, TASK_KEYS, vals);
    fputc('\n', f);
}

/* A job step, so that --cpu-freq applies. */
static const char SRUN_STEP[] = "if [ \"${1:-}\" != task ]; then\n"
                                "  exec srun --ntasks=1 sh \"$0\" task\n"
                                "fi\n";

/* The job of a task without work: no PE, no slot; after its
 * predecessors. */
static int zero_work_job(const ctx *c, FILE *f, size_t i)
{
    char a[48];
    clock_secs(c, c->beg[i], a, sizeof a);
    job_head(c, f, i, NULL);
    fprintf(f, "#SBATCH --output=task-%ld.out\n", c->in->g->id[i]);
    fprintf(f, "# Task %ld of %s (work 0): no PE or slot of its own; it runs\n"
               "# once its predecessors ended (planned: %s).\n",
            c->in->g->id[i], c->in->doc, a);
    fprintf(f, "set -u\n%s", SRUN_STEP);
    job_command(c, f, i, 0, 0);
    return 0;
}

static int job_write(const ctx *c, FILE *f, void *arg)
{
    job_arg *ja = arg;
    size_t i = ja->i;
    int *wrapped = &ja->wrapped;
    const ecs_slurm_input *in = c->in;
    if (in->g->work[i] <= 0)
        return zero_work_job(c, f, i);
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
    job_head(c, f, i, node);
    size_t first_busy = 0;
    while (first_busy < n && p->freq_q[sg[first_busy].k] == 0)
        first_busy++;
    if (!wrap && in->khz != NULL && first_busy < n)
        fprintf(f, "#SBATCH --cpu-freq=%ld\n", khz_of(c, t->pe, sg[first_busy].k));
    fprintf(f, "#SBATCH --output=task-%ld.out\n", id);
    char a[48], b[48];
    clock_secs(c, in->boundary[t->start], a, sizeof a);
    clock_secs(c, in->boundary[t->stop + 1], b, sizeof b);
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
        fputs(SRUN_STEP, f);
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
        int waits = 0; /* a wait in place after the first slot at f > 0 */
        for (size_t q = first_busy + 1; q < n; q++)
            waits |= p->freq_q[sg[q].k] == 0;
        if (waits)
            fprintf(f, "  upto() { [ \"$(date +%%s)\" -lt $((origin + $1)) ]; }"
                       "  # before ORIGIN + $1\n");
        if (first_busy > 0)
            fprintf(f, "  at %lld  # the first slot at f > 0\n",
                    offset(c, sg[first_busy].first));
        /* a job that Slurm starts late, inside a wait, starts after it */
        for (size_t q = first_busy + 1; q < n; q++)
            if (p->freq_q[sg[q].k] == 0) {
                long long e = offset(c, q + 1 < n ? sg[q + 1].first : t->stop + 1);
                fprintf(f, "  if ! upto %lld && upto %lld; then at %lld; fi"
                           "  # started in its wait at f = 0\n",
                        offset(c, sg[q].first), e, e);
            }
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
        /* setsid makes the group an instant after "&" returns: a STOP
         * due at once must not reach for it before it exists */
        if (waits)
            fprintf(f, "    until kill -s 0 -- -\"$task\" 2>/dev/null"
                       " || ! kill -s 0 \"$task\" 2>/dev/null; do sleep 0.05; done"
                       "  # its group exists\n");
        int stopped = 0;
        for (size_t q = first_busy + 1; q < n; q++) {
            char s[96];
            seg_text(c, &sg[q], s, sizeof s);
            fprintf(f, "    at %lld; ", offset(c, sg[q].first));
            if (p->freq_q[sg[q].k] == 0) {
                /* a wait already over (a late start) is skipped */
                fprintf(f, "upto %lld && kill -s STOP -- -\"$task\"  # %s (waits)\n",
                        offset(c, q + 1 < n ? sg[q + 1].first : t->stop + 1), s);
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
    job_command(c, f, i, secs, t->stop - t->start + 1);
    free(sg);
    return 0;
}

/* A task's place in the submission order: by start, then by its place
 * in the graph's topological order. */
typedef struct okey {
    long long beg;
    size_t topo, i;
} okey;

static int by_start(const void *pa, const void *pb)
{
    const okey *a = pa, *b = pb;
    if (a->beg != b->beg)
        return a->beg < b->beg ? -1 : 1;
    return (a->topo > b->topo) - (a->topo < b->topo);
}

/* What the submit line and plan.tsv say of task i: its PE or "-". */
static void pe_text(const ctx *c, size_t i, char *buf, size_t n)
{
    if (c->in->g->work[i] > 0)
        snprintf(buf, n, "PE %d", c->in->s->task[i].pe);
    else
        snprintf(buf, n, "no work");
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
    clock_secs(c, 0, a, sizeof a);
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
        char when[48], pe[32];
        clock_secs(c, c->beg[i], when, sizeof when);
        pe_text(c, i, pe, sizeof pe);
        fprintf(f, "j%zu=$(sub %ld %lld %lld \"", q + 1, in->g->id[i],
                c->beg[i] / c->par->time_scale, c->end[i] / c->par->time_scale);
        for (size_t e = c->dep_off[i]; e < c->dep_off[i + 1]; e++)
            fprintf(f, "%s$j%zu", e == c->dep_off[i] ? "" : ":", c->rank[c->dep[e]] + 1);
        fprintf(f, "\")  # task %ld: %s, %s\n", in->g->id[i], pe, when);
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
        if (in->g->work[i] > 0) {
            const char *node = node_of(c, t->pe);
            fprintf(f, "%ld\t%d\t%s\t%ld\t%ld\t", in->g->id[i], t->pe,
                    node ? node : "", t->start, t->stop);
        } else {
            fprintf(f, "%ld\t\t\t\t\t", in->g->id[i]);
        }
        fprintf(f, "%lld\t%lld\t", c->beg[i] / c->par->time_scale,
                c->end[i] / c->par->time_scale);
        for (size_t e = c->dep_off[i]; e < c->dep_off[i + 1]; e++)
            fprintf(f, "%s%ld", e == c->dep_off[i] ? "" : ",", in->g->id[c->dep[e]]);
        fputc('\n', f);
    }
    return 0;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* c->dep: each job's predecessors with a job, reached back through
 * layout dummies (each once); 0 or -1 out of memory. */
static int job_deps(ctx *c)
{
    const ecs_graph *g = c->in->g;
    size_t n = g->n, cap = g->nedges + 16, m = 0;
    c->dep_off = calloc(n + 1, sizeof *c->dep_off);
    c->dep = malloc(cap * sizeof *c->dep);
    size_t *stack = malloc((n + 1) * sizeof *stack);
    size_t *seen = malloc((n + 1) * sizeof *seen);
    int rc = c->dep_off && c->dep && stack && seen ? 0 : -1;
    for (size_t i = 0; i < n; i++)
        if (seen != NULL)
            seen[i] = (size_t)-1;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        c->dep_off[i] = m;
        if (!c->job[i])
            continue;
        size_t top = 0;
        for (size_t e = g->pred_off[i]; e < g->pred_off[i + 1]; e++)
            stack[top++] = g->pred[e];
        while (rc == 0 && top > 0) {
            size_t p = stack[--top];
            if (seen[p] == i)
                continue;
            seen[p] = i;
            if (!c->job[p]) { /* a dummy: its own predecessors */
                for (size_t e = g->pred_off[p]; e < g->pred_off[p + 1]; e++)
                    if (top < n)
                        stack[top++] = g->pred[e];
                continue;
            }
            if (m == cap) {
                size_t *nd = realloc(c->dep, (cap *= 2) * sizeof *nd);
                if (nd == NULL) {
                    rc = -1;
                    break;
                }
                c->dep = nd;
            }
            c->dep[m++] = p;
        }
    }
    if (c->dep_off != NULL)
        c->dep_off[n] = m;
    /* each task's in the graph's order of tasks */
    for (size_t i = 0; rc == 0 && i < n; i++)
        qsort(c->dep + c->dep_off[i], c->dep_off[i + 1] - c->dep_off[i],
              sizeof *c->dep, cmp_size);
    free(stack);
    free(seen);
    return rc;
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
    ctx c = {in, par, diag, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    size_t n = in->g->n;
    c.order = malloc((n + 1) * sizeof *c.order);
    c.rank = malloc((n + 1) * sizeof *c.rank);
    c.job = calloc(n + 1, 1);
    c.beg = calloc(n + 1, sizeof *c.beg);
    c.end = calloc(n + 1, sizeof *c.end);
    okey *key = malloc((n + 1) * sizeof *key);
    if (c.order == NULL || c.rank == NULL || c.job == NULL || c.beg == NULL ||
        c.end == NULL || key == NULL) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, in->doc, 0, "out of memory");
        goto done;
    }
    /* a job for every task but a layout's dummies; those with work are
     * checked and placed */
    for (size_t i = 0; i < n; i++) {
        c.job[i] = in->g->dummy == NULL || !in->g->dummy[i];
        if (in->g->work[i] <= 0)
            continue;
        if ((rc = check_task(&c, i)) != ECS_OK)
            goto done;
        c.beg[i] = in->boundary[in->s->task[i].start];
        c.end[i] = in->boundary[in->s->task[i].stop + 1];
    }
    if (job_deps(&c) != 0) {
        rc = ecs_diag_set(diag, ECS_ENOMEM, in->doc, 0, "out of memory");
        goto done;
    }
    /* a task without work: when its last predecessor ends (in a
     * topological order, so that its predecessors are known) */
    for (size_t q = 0; q < n; q++) {
        size_t i = in->g->topo[q];
        c.rank[i] = q; /* topological position, for the order's ties */
        if (in->g->work[i] > 0)
            continue;
        long long b = 0;
        for (size_t e = in->g->pred_off[i]; e < in->g->pred_off[i + 1]; e++)
            b = c.end[in->g->pred[e]] > b ? c.end[in->g->pred[e]] : b;
        c.beg[i] = c.end[i] = b;
    }
    for (size_t i = 0; i < n; i++)
        if (c.job[i])
            key[c.nt++] = (okey){c.beg[i], c.rank[i], i};
    qsort(key, c.nt, sizeof *key, by_start);
    size_t deps = 0;
    for (size_t q = 0; q < c.nt; q++) {
        size_t i = key[q].i;
        c.order[q] = i;
        c.rank[i] = q;
        deps += c.dep_off[i + 1] - c.dep_off[i];
    }
    /* a topological order: precedence puts a predecessor's end at or
     * before its successor's start (checked: afterok would otherwise hold
     * back a job the plan starts earlier) */
    for (size_t q = 0; q < c.nt; q++) {
        size_t i = c.order[q];
        for (size_t e = c.dep_off[i]; e < c.dep_off[i + 1]; e++) {
            size_t pr = c.dep[e];
            if (c.rank[pr] >= q || c.end[pr] > c.beg[i] ||
                (in->g->work[pr] > 0 && in->g->work[i] > 0 &&
                 in->s->task[pr].stop >= in->s->task[i].start)) {
                rc = ecs_diag_set(diag, ECS_EINVAL, in->doc, 0,
                                  "task %ld starts before its predecessor %ld ends: "
                                  "not a schedule to run (validate it)",
                                  in->g->id[i], in->g->id[pr]);
                goto done;
            }
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
    free(key);
    free(c.order);
    free(c.rank);
    free(c.job);
    free(c.beg);
    free(c.end);
    free(c.dep_off);
    free(c.dep);
    if (rc != ECS_OK)
        ecs_slurm_files_release(out);
    return rc;
}
