/* Real units for what a person reads (ecsched/units.h). */
#include "ecsched/units.h"

#include "ecsched/document.h"
#include "ecsched/platform_file.h"

#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void ecs_fmt_duration(long slots, int slot_minutes, char *buf, size_t n)
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

/* The critical path of g in slots on the fastest class of p at its top
 * frequency: every task ceil(w G / max_c speed_q[c][0]) slots. */
static long fastest_critical_path(const ecs_graph *g, const ecs_platform *p,
                                  ecs_diag *diag, ecs_result *rc)
{
    long v = 1;
    for (size_t c = 0; c < p->nclass; c++)
        if (p->cls[c].speed_q[0] > v)
            v = p->cls[c].speed_q[0];
    long grid = p->grid > 0 ? p->grid : 1, cp = 0;
    long *fin = calloc(g->n ? g->n : 1, sizeof *fin);
    if (fin == NULL) {
        *rc = ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
        return 0;
    }
    for (size_t k = 0; k < g->n; k++) {
        size_t i = g->topo[k];
        long start = 0;
        for (size_t e = g->pred_off[i]; e < g->pred_off[i + 1]; e++)
            if (fin[g->pred[e]] > start)
                start = fin[g->pred[e]];
        fin[i] = start + (g->work[i] * grid + v - 1) / v;
        if (fin[i] > cp)
            cp = fin[i];
    }
    free(fin);
    return cp;
}

/* Slots of different lengths: the critical path on them (every task on
 * a PE of its own, in topological order, replayed on the lengths) and the
 * base's makespan on them; no PE count. */
static ecs_result lengths_advice(const ecs_problem *pb,
                                 ecs_makespan_advice *a, ecs_diag *diag)
{
    const ecs_graph *g = pb->g;
    ecs_schedule *own = ecs_schedule_new(g->n);
    ecs_result rc = own != NULL ? ECS_OK : ECS_ENOMEM;
    for (size_t k = 0; rc == ECS_OK && k < g->n; k++) {
        size_t i = g->topo[k];
        rc = ecs_schedule_place(own, i, (int)i, (long)k, (long)k, NULL, 0);
    }
    ecs_schedule *cp = rc == ECS_OK
                           ? ecs_schedule_fit_lengths(g, own, pb->prices.slot_len,
                                                      pb->prices.n)
                           : NULL;
    ecs_schedule_free(own);
    if (cp == NULL)
        return ecs_diag_set(diag, ECS_ENOMEM, NULL, 0, "out of memory");
    a->critical_path = ecs_schedule_makespan(cp);
    ecs_schedule_free(cp);
    a->least_deadline = pb->base_makespan > a->critical_path
                            ? pb->base_makespan
                            : a->critical_path;
    a->least_proven = 0;
    a->lower_bound = a->critical_path;
    a->pes_needed = 0;
    a->pes_needed_proven = 0;
    return ECS_OK;
}

ecs_result ecs_problem_advice(const ecs_problem *pb, int pes,
                          ecs_makespan_advice *a, ecs_diag *diag)
{
    long D = pb->deadline > 0 ? pb->deadline : 1;
    ecs_result rc = ecs_makespan_advise(pb->g, pes, D, pb->base_makespan,
                                        pb->base_optimal,
                                        pb->base_lower_bound, a, diag);
    if (rc == ECS_OK && pb->have_prices && pb->prices.slot_len != NULL)
        return lengths_advice(pb, a, diag);
    if (rc != ECS_OK || pb->platform == NULL || pb->platform->nclass == 0)
        return rc;
    /* PE classes: the critical path on the fastest; more PEs of identical
     * kind is no advice for a platform of classes */
    a->critical_path = fastest_critical_path(pb->g, pb->platform, diag, &rc);
    a->pes_needed = 0;
    a->pes_needed_proven = 0;
    a->classes = 1;
    return rc;
}

/* "3 h": slots 0..slots-1 of sp as a duration ("?" without sp). */
static void fmt_span(const ecs_slot_prices *sp, long slots, char *buf,
                     size_t n)
{
    if (sp != NULL && sp->slot_len != NULL)
        ecs_fmt_duration((long)ecs_slot_prices_minutes_to(sp, slots), 1, buf,
                         n);
    else
        ecs_fmt_duration(slots, sp != NULL ? sp->slot_minutes : 0, buf, n);
}

static json_int_t span_minutes(const ecs_slot_prices *sp, long slots)
{
    return sp != NULL ? (json_int_t)ecs_slot_prices_minutes_to(sp, slots) : 0;
}

void ecs_advice_text(const ecs_makespan_advice *a, int pes,
                     const ecs_slot_prices *sp, char *buf, size_t n)
{
    char least[48], cp[48];
    fmt_span(sp, a->least_deadline, least, sizeof least);
    fmt_span(sp, a->critical_path, cp, sizeof cp);
    int k = snprintf(buf, n,
                     "the least makespan on %d PE%s is %ld slots (%s, %s); "
                     "the critical path%s is %ld slots (%s)",
                     pes, pes == 1 ? "" : "s", a->least_deadline, least,
                     a->least_proven ? "proven" : "the best found",
                     a->classes ? " on the fastest class" : "",
                     a->critical_path, cp);
    if (k < 0 || (size_t)k >= n)
        return;
    if (a->deadline < a->critical_path)
        k += snprintf(buf + k, n - (size_t)k,
                      ", longer than the deadline %s; "
                      "use --deadline %ld or more",
                      a->classes ? "whatever the PEs" : "on any number of PEs",
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

json_t *ecs_advice_json(const ecs_makespan_advice *a,
                        const ecs_slot_prices *sp)
{
    int slot_minutes = sp != NULL ? sp->slot_minutes : 0;
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
            json_integer(span_minutes(sp, a->least_deadline))) ||
        put(o, "critical_path_minutes",
            json_integer(span_minutes(sp, a->critical_path)))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

void ecs_zone_of(const ecs_setup *m, const ecs_slot_prices *sp,
                     ecs_zone *z)
{
    memset(z, 0, sizeof *z);
    if (m != NULL && m->price_opt.utc_offset_given) {
        snprintf(z->name, sizeof z->name, "%s", m->price_opt.utc_zone);
        z->minutes = m->price_opt.utc_offset_minutes;
        z->from = 2;
    } else if (sp != NULL && sp->zone_known) {
        z->minutes = sp->zone_minutes;
        z->from = 1;
    }
}

int ecs_has_clock(const ecs_slot_prices *sp)
{
    return sp != NULL && sp->first_utc != 0 && sp->slot_minutes > 0;
}

/* The offset of zone z at utc, in minutes. */
static int offset_at(const ecs_zone *z, long long utc)
{
    if (z->name[0] == '\0')
        return z->minutes;
    /* a named zone: the C library's zoneinfo (the command is one thread) */
    const char *old = getenv("TZ");
    char saved[256];
    int had = old != NULL;
    if (had)
        snprintf(saved, sizeof saved, "%s", old);
    setenv("TZ", z->name, 1);
    tzset();
    time_t t = (time_t)utc;
    struct tm tm;
    int off = localtime_r(&t, &tm) != NULL ? (int)(tm.tm_gmtoff / 60) : 0;
    if (had)
        setenv("TZ", saved, 1);
    else
        unsetenv("TZ");
    tzset();
    return off;
}

static void fmt_offset(int off, char *buf, size_t n)
{
    int a = off < 0 ? -off : off;
    snprintf(buf, n, "%c%02d:%02d", off < 0 ? '-' : '+', a / 60, a % 60);
}

void ecs_zone_label(const ecs_zone *z, char *buf, size_t n)
{
    if (z->name[0] != '\0')
        snprintf(buf, n, "%s", z->name);
    else if (z->minutes == 0)
        snprintf(buf, n, "UTC");
    else
        fmt_offset(z->minutes, buf, n);
}

int ecs_fmt_clock(const ecs_zone *z, const ecs_slot_prices *sp,
                      long slot, int iso, char *buf, size_t n)
{
    if (!ecs_has_clock(sp)) {
        if (n > 0)
            buf[0] = '\0';
        return 0;
    }
    long long utc = sp->first_utc + ecs_slot_prices_minutes_to(sp, slot) * 60;
    int off = offset_at(z, utc);
    time_t t = (time_t)(utc + 60LL * off);
    struct tm tm;
    if (gmtime_r(&t, &tm) == NULL) {
        snprintf(buf, n, "?");
        return 0;
    }
    char zs[16];
    if (z->minutes == 0 && z->name[0] == '\0')
        snprintf(zs, sizeof zs, iso ? "Z" : "UTC");
    else
        fmt_offset(off, zs, sizeof zs);
    snprintf(buf, n, "%04d-%02d-%02d%s%02d:%02d%s%s", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, iso ? "T" : " ", tm.tm_hour,
             tm.tm_min, iso ? "" : " ", zs);
    return 1;
}

void ecs_energy_of(const ecs_setup *m, const ecs_slot_prices *sp,
                       const ecs_schedule *s, double cost,
                       ecs_energy *out)
{
    memset(out, 0, sizeof *out);
    out->energy = ecs_check_energy_len(s, &m->platform,
                                       sp != NULL ? sp->slot_len : NULL,
                                       sp != NULL ? sp->n : 0);
    if (sp != NULL && sp->slot_len != NULL)
        out->unit_minutes = sp->slot_minutes;
    out->kwh = out->money = NAN;
    if (!(m->watts > 0) || sp == NULL || sp->slot_minutes < 1)
        return;
    double hours = (double)sp->slot_minutes / 60.0;
    out->has_kwh = 1;
    out->kwh = out->energy * m->watts * hours / 1000.0;
    double per_mw; /* the cost in money for 1 MW per PE */
    if (ecs_document_money(sp, cost, &per_mw, out->currency, sizeof out->currency)) {
        out->money = per_mw * m->watts / 1e6;
        out->has_money = isfinite(out->money);
    }
}

void ecs_energy_of_problem(const ecs_problem *pb, const ecs_setup *m,
                            const ecs_schedule *s, double cost,
                            ecs_energy *out)
{
    if (pb == NULL || !pb->ext.on) {
        ecs_energy_of(m, pb ? &pb->prices : NULL, s, cost, out);
        return;
    }
    memset(out, 0, sizeof *out);
    out->energy = out->kwh = out->money = NAN;
    ecs_energy_split e;
    ecs_diag d;
    const ecs_instance *inst = &pb->inst;
    if (s == NULL || ecs_check_energy_split(inst, s, &e, &d) != ECS_OK)
        return;
    out->has_kwh = 1;
    out->kwh = e.total;
    /* cost * normalized_by / 1000 is money for prices per MWh and kWh */
    double per_mwh;
    if (ecs_document_money(&pb->prices, e.cost, &per_mwh, out->currency,
                       sizeof out->currency)) {
        out->money = per_mwh / (pb->prices.slot_minutes / 60.0) / 1000.0;
        out->has_money = isfinite(out->money);
    }
    (void)cost;
    ecs_ext_split_text(inst, &pb->ext, &pb->prices, s, out->split,
                        sizeof out->split);
}

void ecs_fmt_energy(const ecs_setup *m, const ecs_energy *e,
                        char *buf, size_t n)
{
    if (e->split[0] != '\0') {
        snprintf(buf, n, "%s", e->split);
        return;
    }
    if (!e->has_kwh && e->unit_minutes > 0) {
        char d[48];
        ecs_fmt_duration(1, e->unit_minutes, d, sizeof d);
        snprintf(buf, n, "%.6g PE-slots of %s at f = 1 (--watts W gives kWh "
                         "and money)", e->energy, d);
        return;
    }
    if (!e->has_kwh) {
        snprintf(buf, n, "%.6g PE-slots at f = 1 (--watts W gives kWh and "
                         "money)", e->energy);
        return;
    }
    int k = snprintf(buf, n, "%.6g kWh", e->kwh);
    if (k < 0 || (size_t)k >= n)
        return;
    if (e->has_money)
        k += snprintf(buf + k, n - (size_t)k, ", %.2f %s", e->money,
                      e->currency);
    else if (e->currency[0] != '\0')
        k += snprintf(buf + k, n - (size_t)k, ", n/a %s", e->currency);
    if (k >= 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, " at %g W per PE", m->watts);
    if (!e->has_money && e->currency[0] == '\0' && m->prices_spec != NULL &&
        !ecs_prices_is_builtin(m->prices_spec) && k >= 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, ECS_MONEY_UNKNOWN_TEXT);
}

static json_t *clock_json(const ecs_zone *z, const ecs_slot_prices *sp,
                          long slot)
{
    char buf[64];
    return ecs_fmt_clock(z, sp, slot, 1, buf, sizeof buf)
               ? json_string(buf)
               : json_null();
}

static json_t *num_or_null(int has, double v)
{
    return has && isfinite(v) ? ecs_json_num(v) : json_null();
}

int ecs_document_add_units(json_t *d, const ecs_doc_info *in)
{
    const ecs_slot_prices *sp = in->prices;
    const ecs_check_report *c = in->check;
    const ecs_setup *m = in->model;
    int sm = sp != NULL ? sp->slot_minutes : 0;
    ecs_energy e;
    memset(&e, 0, sizeof e);
    int has_e = c != NULL && m != NULL && in->schedule != NULL;
    if (has_e)
        ecs_energy_of_problem(in->problem, m, in->schedule, c->cost, &e);
    ecs_zone z;
    ecs_zone_of(m, sp, &z);
    char zl[64];
    ecs_zone_label(&z, zl, sizeof zl);
    int clock = ecs_has_clock(sp);
    int watts = m != NULL && m->watts > 0;
    return put(d, "energy", num_or_null(has_e, e.energy)) ||
           put(d, "energy_kwh", num_or_null(has_e && e.has_kwh, e.kwh)) ||
           put(d, "watts", num_or_null(watts, watts ? m->watts : 0)) ||
           put(d, "idle_watts", num_or_null(watts && m->idle_watts >= 0,
                                            watts ? m->idle_watts : 0)) ||
           put(d, "deadline_minutes",
               in->deadline > 0 && sm > 0
                   ? json_integer((json_int_t)ecs_slot_prices_minutes_to(
                         sp, in->deadline))
                   : json_null()) ||
           put(d, "makespan_minutes",
               c != NULL && sm > 0
                   ? json_integer((json_int_t)ecs_slot_prices_minutes_to(
                         sp, c->makespan))
                   : json_null()) ||
           put(d, "zone", clock ? json_string(zl) : json_null()) ||
           put(d, "start_time", clock_json(&z, sp, 0)) ||
           put(d, "deadline_time",
               in->deadline > 0 ? clock_json(&z, sp, in->deadline)
                                : json_null()) ||
           put(d, "end_time",
               c != NULL ? clock_json(&z, sp, c->makespan) : json_null());
}

void ecs_fmt_slots(const ecs_slot_prices *sp, long slots, char *buf,
                   size_t n)
{
    char d[48];
    if (sp != NULL && sp->slot_len != NULL) /* minutes of one minute */
        ecs_fmt_duration((long)ecs_slot_prices_minutes_to(sp, slots), 1, d,
                         sizeof d);
    else
        ecs_fmt_duration(slots, sp != NULL ? sp->slot_minutes : 0, d,
                         sizeof d);
    snprintf(buf, n, "%ld slot%s = %s", slots, slots == 1 ? "" : "s", d);
}

void ecs_fmt_slot_info(const ecs_setup *m, const ecs_slot_prices *sp,
                           char *buf, size_t n)
{
    char d[160];
    ecs_fmt_duration(1, sp->slot_minutes, d, sizeof d);
    if (sp->slot_len != NULL) { /* the shortest to the longest */
        int lo = sp->slot_len[0], hi = sp->slot_len[0];
        for (size_t l = 1; l < sp->n; l++) {
            lo = sp->slot_len[l] < lo ? sp->slot_len[l] : lo;
            hi = sp->slot_len[l] > hi ? sp->slot_len[l] : hi;
        }
        char a[32], b[32], u[32];
        ecs_fmt_duration(lo, sp->slot_minutes, a, sizeof a);
        ecs_fmt_duration(hi, sp->slot_minutes, b, sizeof b);
        ecs_fmt_duration(1, sp->slot_minutes, u, sizeof u);
        snprintf(d, sizeof d, "%s to %s (the prices' periods; a work unit is %s at f = 1)", a, b, u);
    }
    if (!ecs_has_clock(sp)) {
        snprintf(buf, n, "slots of %s, no clock times", d);
        return;
    }
    ecs_zone z;
    ecs_zone_of(m, sp, &z);
    char zl[64];
    ecs_zone_label(&z, zl, sizeof zl);
    snprintf(buf, n, "slots of %s, times in %s", d, zl);
}

