/* Schedules: storage of PE, interval and per-slot frequencies (schedule.h). */
#include "ecsched/schedule.h"

#include <stdlib.h>
#include <string.h>

ecs_schedule *ecs_schedule_new(size_t n)
{
    ecs_schedule *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->n = n;
    s->task = calloc(n ? n : 1, sizeof *s->task);
    if (s->task == NULL) {
        free(s);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        s->task[i].pe = -1;
    return s;
}

void ecs_schedule_free(ecs_schedule *s)
{
    if (s == NULL)
        return;
    for (size_t i = 0; i < s->n; i++)
        free(s->task[i].freq);
    free(s->task);
    free(s);
}

ecs_schedule *ecs_schedule_copy(const ecs_schedule *s)
{
    ecs_schedule *c = ecs_schedule_new(s->n);
    if (c == NULL)
        return NULL;
    for (size_t i = 0; i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0)
            continue;
        if (ecs_schedule_place(c, i, t->pe, t->start, t->stop, t->freq, 0) !=
            ECS_OK) {
            ecs_schedule_free(c);
            return NULL;
        }
    }
    return c;
}

ecs_result ecs_schedule_place(ecs_schedule *s, size_t i, int pe, long start,
                              long stop, const unsigned char *freq,
                              unsigned char fill)
{
    if (i >= s->n || stop < start || pe < 0)
        return ECS_EINVAL;
    size_t len = (size_t)(stop - start + 1);
    unsigned char *f = malloc(len);
    if (f == NULL)
        return ECS_ENOMEM;
    if (freq)
        memcpy(f, freq, len);
    else
        memset(f, fill, len);
    ecs_sched_task *t = &s->task[i];
    free(t->freq);
    t->pe = pe;
    t->start = start;
    t->stop = stop;
    t->freq = f;
    return ECS_OK;
}

void ecs_schedule_unplace(ecs_schedule *s, size_t i)
{
    if (i >= s->n)
        return;
    free(s->task[i].freq);
    s->task[i].freq = NULL;
    s->task[i].pe = -1;
}

long ecs_schedule_makespan(const ecs_schedule *s)
{
    long m = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->task[i].pe >= 0 && s->task[i].stop + 1 > m)
            m = s->task[i].stop + 1;
    return m;
}

int ecs_schedule_pes_used(const ecs_schedule *s)
{
    int p = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->task[i].pe + 1 > p)
            p = s->task[i].pe + 1;
    return p;
}
