/* Real units for what a person reads (cli/run/units.h). */
#include "run/units.h"

#include <string.h>

void ecs_cli_fmt_duration(long slots, int slot_minutes, char *buf, size_t n)
{
    if (slot_minutes < 1) {
        snprintf(buf, n, "?");
        return;
    }
    long long min = (long long)slots * slot_minutes;
    long long h = min / 60, m = min % 60;
    if (h == 0)
        snprintf(buf, n, "%lld min", m);
    else if (m == 0)
        snprintf(buf, n, "%lld h", h);
    else
        snprintf(buf, n, "%lld h %lld min", h, m);
}

ecs_result ecs_cli_advice(const ecs_cli_problem *pb, int pes,
                          ecs_makespan_advice *a, ecs_diag *diag)
{
    long D = pb->deadline > 0 ? pb->deadline : 1;
    return ecs_makespan_advise(pb->g, pes, D, pb->base_makespan,
                               pb->base_optimal, pb->base_lower_bound, a,
                               diag);
}

void ecs_cli_advice_text(const ecs_makespan_advice *a, int pes,
                         int slot_minutes, char *buf, size_t n)
{
    char least[48], cp[48];
    ecs_cli_fmt_duration(a->least_deadline, slot_minutes, least, sizeof least);
    ecs_cli_fmt_duration(a->critical_path, slot_minutes, cp, sizeof cp);
    int k = snprintf(buf, n,
                     "the least makespan on %d PE%s is %ld slots (%s, %s); "
                     "the critical path is %ld slots (%s)",
                     pes, pes == 1 ? "" : "s", a->least_deadline, least,
                     a->least_proven ? "proven" : "the best found", a->critical_path,
                     cp);
    if (k < 0 || (size_t)k >= n)
        return;
    if (a->deadline < a->critical_path)
        k += snprintf(buf + k, n - (size_t)k,
                      ", longer than the deadline on any number of PEs; "
                      "use --deadline %ld or more",
                      a->least_deadline);
    else if (a->pes_needed > 0)
        k += snprintf(buf + k, n - (size_t)k,
                      "; use --deadline %ld or more, or -p %d (%s)",
                      a->least_deadline, a->pes_needed,
                      a->pes_needed_proven ? "the fewest PEs that do"
                                           : "enough PEs, maybe not the fewest");
    else
        snprintf(buf + k, n - (size_t)k, "; use --deadline %ld or more",
                 a->least_deadline);
}

static int put(json_t *o, const char *key, json_t *v)
{
    return v == NULL || json_object_set_new(o, key, v) != 0 ? -1 : 0;
}

json_t *ecs_cli_advice_json(const ecs_makespan_advice *a, int slot_minutes)
{
    json_t *o = json_object();
    if (o == NULL ||
        put(o, "deadline", json_integer(a->deadline)) ||
        put(o, "critical_path", json_integer(a->critical_path)) ||
        put(o, "least_deadline", json_integer(a->least_deadline)) ||
        put(o, "least_proven", json_boolean(a->least_proven)) ||
        put(o, "lower_bound", json_integer(a->lower_bound)) ||
        put(o, "pes_needed", a->pes_needed > 0 ? json_integer(a->pes_needed)
                                               : json_null()) ||
        put(o, "pes_needed_proven", json_boolean(a->pes_needed > 0 &&
                                                 a->pes_needed_proven)) ||
        put(o, "slot_minutes", json_integer(slot_minutes)) ||
        put(o, "least_deadline_minutes",
            json_integer((json_int_t)a->least_deadline * slot_minutes)) ||
        put(o, "critical_path_minutes",
            json_integer((json_int_t)a->critical_path * slot_minutes))) {
        json_decref(o);
        return NULL;
    }
    return o;
}
