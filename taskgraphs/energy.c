/* ecs_check_energy (check.h): power(f) summed over a schedule's slots;
 * ecs_check_work_span: the slots in which work is done. */
#include "ecsched/check.h"

double ecs_check_energy(const ecs_schedule *s, const ecs_platform *p)
{
    return ecs_check_energy_len(s, p, NULL, 0);
}

double ecs_check_energy_len(const ecs_schedule *s, const ecs_platform *p,
                            const int *slot_len, size_t nslot)
{
    double e = 0.0;
    if (s == NULL || p == NULL)
        return 0.0;
    for (size_t i = 0; i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0 || t->freq == NULL)
            continue;
        for (long l = t->start; l <= t->stop; l++) {
            unsigned char k = t->freq[l - t->start];
            if (k < p->nfreq && slot_len != NULL && l >= 0 &&
                (size_t)l < nslot)
                e += p->power_of[k] * (double)slot_len[l];
            else if (k < p->nfreq)
                e += p->power_of[k];
        }
    }
    return e;
}

int ecs_check_work_span(const ecs_schedule *s, const ecs_platform *p,
                        long *first, long *end)
{
    long a = -1, b = 0;
    for (size_t i = 0; s != NULL && p != NULL && i < s->n; i++) {
        const ecs_sched_task *t = &s->task[i];
        if (t->pe < 0 || t->freq == NULL)
            continue;
        for (long l = t->start; l <= t->stop; l++) {
            unsigned char k = t->freq[l - t->start];
            if (k >= p->nfreq || p->freq[k] <= 0.0)
                continue;
            if (a < 0 || l < a)
                a = l;
            if (l + 1 > b)
                b = l + 1;
        }
    }
    *first = a < 0 ? 0 : a;
    *end = a < 0 ? 0 : b;
    return a >= 0;
}
