/*
 * ecsched: a schedule as Slurm jobs (`ecsched export --slurm`,
 * docs/reference.md "export"): one batch job per task with --begin at its
 * first slot, --dependency=afterok on its predecessors' jobs, the node of
 * its PE, its frequency (--cpu-freq, or a wrapper that switches at the
 * slot boundaries where it changes), and a submit script that submits the
 * jobs in a topological order, capturing `sbatch --parsable` ids.
 *
 * The library writes no file: ecs_slurm_export returns the files' names
 * and texts, the caller writes them (the command: into a new directory,
 * atomically).
 */
#ifndef ECSCHED_SLURM_H
#define ECSCHED_SLURM_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The task's command when the graph gives none: it sleeps for the task's
 * scheduled span (scaled), so that a test can run it. */
#define ECS_SLURM_DEFAULT_COMMAND "sleep {seconds}"
/* What switches the frequency at a slot boundary inside a job. */
#define ECS_SLURM_DEFAULT_FREQ_COMMAND "cpupower frequency-set -f {khz}"

/*
 * The export's choices.  Templates take {id} (the task's id), {seconds}
 * (its span from its first slot's start to its last slot's end, scaled,
 * whole seconds), {slots} (the span in slots) and {work} (its work units);
 * the frequency command takes {khz}.
 */
typedef struct ecs_slurm_params {
    const char *command;      /* a task without a command of its own:
                                 default ECS_SLURM_DEFAULT_COMMAND */
    const char *freq_command; /* default ECS_SLURM_DEFAULT_FREQ_COMMAND */
    long time_scale;          /* every time from slot 0 and every duration
                                 divided by it (>= 1, default 1): 720 makes a
                                 1-hour slot 5 s; a slot must stay a whole
                                 number of seconds */
    const char *origin;       /* when slot 0 starts: NULL the document's
                                 clock time (slot0_utc), "now" or "now+S"
                                 (S seconds) the moment of submission, or
                                 seconds since 1970 UTC ("@1795811128") */
    const char *partition;    /* --partition of every job; NULL: none */
    const char *job_prefix;   /* job names PREFIX-ID (default "ecs") */
} ecs_slurm_params;

/* Defaults as above. */
void ecs_slurm_params_init(ecs_slurm_params *p);

/* 1 when s is a name Slurm and a shell read as it is (a node, partition
 * or job name): 1 to 200 of [A-Za-z0-9._-]; else 0. */
int ecs_slurm_name_ok(const char *s);

/* ECS_OK, or EINVAL naming the field: an empty template, a template
 * whose braces name no placeholder of its kind, a time scale below 1, an
 * origin that is not of the forms above, an empty partition or prefix, or
 * one with characters a shell or Slurm would read otherwise. */
ecs_result ecs_slurm_params_validate(const ecs_slurm_params *p,
                                     ecs_diag *diag);

/* What the jobs are made of. */
typedef struct ecs_slurm_input {
    const char *doc;              /* the document's name, for comments */
    const ecs_graph *g;           /* the graph as read (not contracted):
                                     every task but a layout's dummy gets a
                                     job, a task without work too (it runs
                                     when its predecessors ended) */
    const ecs_schedule *s;        /* of g: its tasks with work placed
                                     (checked by the caller) */
    const ecs_platform *p;        /* F, and the classes of PEs */
    const long long *boundary;    /* seconds from slot 0's start to the
                                     start of slot l, l = 0 .. nboundary-1
                                     (slot l ends at boundary[l + 1]) */
    size_t nboundary;             /* > the last slot s uses */
    int has_clock;                /* slot0_utc is known */
    long long slot0_utc;          /* slot 0's start, seconds since 1970 */
    int zone_minutes;             /* the document's zone, for comments */
    const char *const *node;      /* per PE, the Slurm node; NULL (or a
                                     NULL entry): none (no --nodelist) */
    const long *khz;              /* per class c (0 for the paper's
                                     platform) and frequency k:
                                     khz[c * ECS_MAX_FREQS + k], 0 at
                                     f = 0; NULL: unknown (no --cpu-freq,
                                     no switching) */
    const char *const *command;   /* per task of g, its own command; NULL
                                     (or a NULL entry): the template */
} ecs_slurm_input;

/* One file of the export: DIR/name, executable or not. */
typedef struct ecs_slurm_file {
    char *name;
    char *text;
    int executable;
} ecs_slurm_file;

typedef struct ecs_slurm_files {
    size_t n;
    ecs_slurm_file *file;
    size_t jobs;        /* tasks = jobs */
    size_t switching;   /* jobs with a wrapper (frequency changes or waits) */
    size_t dependencies; /* afterok edges */
} ecs_slurm_files;

/*
 * The files: submit.sh (submits every job in a topological order: by
 * start, then by g's topological order; each job's --begin is ECSCHED_ORIGIN plus its
 * first slot's offset, computed at submission with GNU date in the local
 * zone that sbatch reads; the ids go to jobs.tsv), task-ID.sh per task
 * (#SBATCH lines, the command under srun so that --cpu-freq applies, or
 * the wrapper), and plan.tsv (task, PE, node, first and last slot,
 * offsets of its start and end in seconds, its predecessors).  EINVAL
 * (diag names the task or PE) for a task on a PE without a node when
 * another PE has one, a frequency without kHz, a slot past nboundary, a
 * span that is not a whole number of seconds after scaling, or no clock
 * time and no origin; ENOMEM.  Release with ecs_slurm_files_release.
 */
ecs_result ecs_slurm_export(const ecs_slurm_input *in,
                            const ecs_slurm_params *par,
                            ecs_slurm_files *out, ecs_diag *diag);

/* Free the files; NULL and a zeroed struct are accepted. */
void ecs_slurm_files_release(ecs_slurm_files *f);

#ifdef __cplusplus
}
#endif

#endif
