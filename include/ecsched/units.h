/*
 * Real units for what a person reads (setup/units.c): durations of slots
 * in hours and minutes, and the advice when no schedule meets a deadline.
 */
#ifndef ECSCHED_UNITS_H
#define ECSCHED_UNITS_H

#include "ecsched/problem.h"

#include "ecsched/makespan.h"

/* slots * slot_minutes as "44 h", "1 h 30 min", "45 min" ("0 min" for 0;
 * "?" when slot_minutes < 1). */
void ecs_fmt_duration(long slots, int slot_minutes, char *buf, size_t n);

/* The zone clock times are shown in: --utc-offset (a fixed offset, or a
 * zone of the system's zoneinfo), else the price file's (the offset of its
 * first time), else UTC. */
typedef struct ecs_zone {
    char name[64];   /* "Europe/Berlin" for a named zone, else "" */
    int minutes;     /* the fixed offset (local = UTC + offset) */
    int from;        /* 0 UTC (nothing known), 1 the price file, 2 --utc-offset */
} ecs_zone;

void ecs_zone_of(const ecs_setup *m, const ecs_slot_prices *sp,
                     ecs_zone *z);

/* 1 when the prices have timestamps (a file or epex-2016-10-19 with
 * dates), so slots have clock times. */
int ecs_has_clock(const ecs_slot_prices *sp);

/* The clock time of the start of slot `slot` (a boundary: slot D' is the
 * end of slot D' - 1) in zone z: "2016-10-19 00:00 +02:00" (iso 0) or
 * "2016-10-19T00:00+02:00" (iso 1).  0 and "" when the prices have no
 * timestamps. */
int ecs_fmt_clock(const ecs_zone *z, const ecs_slot_prices *sp,
                      long slot, int iso, char *buf, size_t n);

/* The zone's label: "UTC", "+02:00", or "Europe/Berlin". */
void ecs_zone_label(const ecs_zone *z, char *buf, size_t n);

/* Energy and money of a schedule. */
typedef struct ecs_energy {
    double energy;      /* PE-slots at f = 1 (ecs_check_energy); with slot
                           lengths, PE-slots of unit_minutes */
    int unit_minutes;   /* slots of different lengths: the unit; 0 else */
    int has_kwh;        /* --watts given */
    double kwh;         /* energy x watts x slot hours / 1000 */
    int has_money;      /* --watts given, prices per MWh, finite */
    double money;       /* cost x normalized_by x slot hours x watts / 1e6 */
    char currency[32];  /* "EUR" of "EUR/MWh" */
    char split[400];    /* an extended platform: kWh by source, money
                           (ecs_ext_split_text); "" else */
} ecs_energy;

/* The energy and money of s (cost: its checked, normalised cost). */
void ecs_energy_of(const ecs_setup *m, const ecs_slot_prices *sp,
                       const ecs_schedule *s, double cost,
                       ecs_energy *out);

/* The same for a schedule of pb: on an extended platform, from the
 * energy split (every kWh drawn, idle included, and the money of the
 * objective); energy (PE-slots) is then NaN. */
void ecs_energy_of_problem(const ecs_problem *pb, const ecs_setup *m,
                            const ecs_schedule *s, double cost,
                            ecs_energy *out);

/* What the energy lines say for money when the prices' unit is unknown
 * (no unit in the price file's header and no --unit). */
#define ECS_MONEY_UNKNOWN_TEXT \
    ", money n/a (the prices' unit is unknown: --unit EUR/MWh gives it)"

/* "12.5 kWh, 3.21 EUR at 400 W per PE" (or "n/a" for money that is not
 * finite, ECS_MONEY_UNKNOWN_TEXT without a unit, or the hint to pass
 * --watts). */
void ecs_fmt_energy(const ecs_setup *m, const ecs_energy *e,
                        char *buf, size_t n);

/* The document's real units (schedule.schema.json): energy (PE-slots at
 * f = 1), energy_kwh, watts, idle_watts (null without --watts),
 * deadline_minutes, makespan_minutes, zone, start_time (slot 0),
 * deadline_time (end of slot D' - 1), end_time (end of the makespan):
 * clock times with their offset, null without timestamps or a schedule.
 * 0, or -1 when out of memory. */
int ecs_document_add_units(json_t *d, const ecs_doc_info *in);

/* "66 slots = 66 h": slots 0 .. slots-1 of sp and how long they last. */
void ecs_fmt_slots(const ecs_slot_prices *sp, long slots, char *buf,
                   size_t n);

/* "slots of 60 min, times in +02:00" (or "..., no clock times" for
 * prices without timestamps). */
void ecs_fmt_slot_info(const ecs_setup *m, const ecs_slot_prices *sp,
                           char *buf, size_t n);




/* What would make pb's deadline feasible on pes PEs: ecs_makespan_advise
 * with the base's makespan (proven when the makespan search proved it).
 * On slots of different lengths: the base's makespan on them and the
 * critical path on them (each task from the first slot after its
 * predecessors, in the fewest slots at f = 1), no PE count. */
ecs_result ecs_problem_advice(const ecs_problem *pb, int pes,
                          ecs_makespan_advice *a, ecs_diag *diag);

/* The advice for people, one sentence after "no schedule meets the
 * deadline D'": the least deadline (in slots and hours) and what to pass,
 * the critical path, and the PE count that would do. */
void ecs_advice_text(const ecs_makespan_advice *a, int pes,
                     const ecs_slot_prices *sp, char *buf, size_t n);

/* The advice for programs: {critical_path, least_deadline, least_proven,
 * lower_bound, pes_needed (null: none), pes_needed_proven, slot_minutes,
 * least_deadline_minutes, critical_path_minutes} (schedule.schema.json
 * "advice").  NULL when out of memory. */
json_t *ecs_advice_json(const ecs_makespan_advice *a,
                        const ecs_slot_prices *sp);

#endif
