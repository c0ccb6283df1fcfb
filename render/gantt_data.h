/* ecsched: a schedule document as the Gantt chart needs it (render/gantt.c). */
#ifndef ECSCHED_RENDER_GANTT_DATA_H
#define ECSCHED_RENDER_GANTT_DATA_H

#include <stddef.h>

#include <jansson.h>

#include "ecsched/result.h"

#define RD_GANTT_MAX_FREQS 32

typedef struct rd_gantt_task {
    long id, work, pe, start, stop; /* work -1 when absent */
    double *f;                      /* stop - start + 1 frequencies */
} rd_gantt_task;

typedef struct rd_gantt_data {
    long pes;
    long deadline;      /* -1 when absent */
    long now;           /* a re-plan's replan.now, -1 when absent */
    long makespan;      /* max stop + 1, from the tasks */
    size_t nprice;
    double *price;      /* prices.per_slot, or NULL */
    size_t ntask;
    rd_gantt_task *task;
    size_t nfreq;
    double freq[RD_GANTT_MAX_FREQS]; /* decreasing, for the legend */
    char command[64], graph[256], price_source[128];
    double normalized_by;  /* prices.normalized_by, 0 when absent */
    char unit[32];         /* prices.unit, "" when unknown */
    long slot_minutes;     /* prices.slot_minutes, 0 when absent */
    long *slot_pos;        /* slots of different lengths
                              (prices.per_slot_minutes): slot_pos[l] is
                              the start of slot l in units of
                              slot_minutes, l = 0 .. nprice; NULL: l */
    int has_clock;         /* prices.first_slot_utc given */
    long long first_utc;   /* its seconds since 1970 (UTC) */
    int zone_minutes;      /* clock times' offset: of the document's
                              "start_time" (local = UTC + offset), 0: UTC */
    char zone[64];         /* the document's "zone", "UTC" when absent */
    int has_cost, has_base_cost;
    double cost, base_cost;
    /* an extended platform (the document's "platform" and
     * "sites_per_slot"): PE classes for the lanes, per site its prices,
     * cap, draw and green supply per slot; nclass = nsite = 0 otherwise */
    size_t nclass;
    struct rd_gantt_class {
        char name[32];
        long first, count;
    } cls[16];
    size_t nsite;
    struct rd_gantt_site {
        char name[32];
        size_t n;                    /* slots of each series */
        double *price, *cap, *draw;  /* cap NULL: none */
        double *green;               /* every source of the site, summed */
        int has_green;
    } site[8];
} rd_gantt_data;

/* Where slot boundary l lies on the time axis, in units of slot_minutes
 * (l itself on the uniform grid; slots beyond the prices one unit). */
double rd_gantt_pos(const rd_gantt_data *d, long l);

/*
 * Read and check what the chart needs from a schedule document (keys as in
 * docs/reference.md "JSON schedule"; "pes" defaults to the largest PE + 1, "freqs" of a
 * task to all 1).  EPARSE naming file and task index, ENOMEM.  Release with
 * rd_gantt_data_release in every case.
 */
ecs_result rd_gantt_data_read(const json_t *doc, const char *file,
                               rd_gantt_data *d, ecs_diag *diag);

void rd_gantt_data_release(rd_gantt_data *d);

#endif
