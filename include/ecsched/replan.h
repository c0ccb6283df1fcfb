/*
 * ecsched: re-planning when new prices arrive (engine/replan.c;
 * docs/MODEL.md "Re-planning").
 *
 * A plan made on one price series runs until slot `now`; then new prices
 * arrive (tomorrow's day-ahead prices, published around noon).  What ran
 * before `now` stays as it ran, and the rest is optimised again under the
 * new prices, with the same deadline D':
 *
 *  - a task that started before `now` (start < now) is fixed: its PE,
 *    start, stop and every frequency are kept.  That includes a task
 *    running at `now` (start < now <= stop): nothing of it changes, its
 *    frequencies after `now` included;
 *  - every other task (start >= now) is free: PE, interval and
 *    frequencies, inside slots now .. D'-1.
 *
 * The remainder is a sub-instance on slots now .. D'-1 (slot 0 of it is
 * slot `now`): the free tasks with their edges, and one task per running
 * task with work stop - now + 1 and due slot stop - now (instance.h
 * `due`), so that it runs exactly in now .. stop at f = 1, occupies a PE
 * there and precedes its successors as the running task does; finished
 * tasks end before `now` and need nothing.  Its cost differs from the
 * remainder's by a constant (the running tasks' slots at f = 1 against
 * their own frequencies), so an optimum of the sub-instance is an optimum
 * of the re-plan.  The old plan's remainder is a feasible start of it.
 * After the method, the PEs are renamed so that each running task's
 * stand-in lands on the running task's PE (PEs are identical), and the
 * whole plan goes through the checker under the new prices.
 *
 * Methods: KEEP (the old plan, re-priced), LOCAL (local search from the
 * old remainder, local.h), MILP (local search for local_share of the
 * time, then the strong MILP warm-started with its schedule, milp.h).
 * The others (the paper's heuristic, the dynamic program, LNS, solve's
 * plan) move tasks outside windows they cannot be told about, so they
 * refuse a re-plan (ecs_instance_require_no_due).  The paper's platform
 * only: on an extended platform a running task's draw shares each slot's
 * cost with the other tasks, which a stand-in at f = 1 would not draw
 * (EUNSUPPORTED).
 *
 * Never worse: the result costs at most what the old plan costs under the
 * new prices (both methods start from its remainder and keep it unless
 * they find cheaper; a final comparison by the checker keeps the old plan
 * otherwise).
 */
#ifndef ECSCHED_REPLAN_H
#define ECSCHED_REPLAN_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "ecsched/instance.h"
#include "ecsched/problem.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

/* XX(ENUM_SUFFIX, "name in output") */
#define ECS_REPLAN_METHOD_MAP(XX)                                             \
    XX(KEEP, "keep")   /* the old plan as it is, re-priced */                 \
    XX(LOCAL, "local") /* local search from the old remainder */              \
    XX(MILP, "milp")   /* local search, then the strong MILP */

typedef enum ecs_replan_method {
#define ECS_REPLAN_METHOD_ENUM(name, key) ECS_REPLAN_##name,
    ECS_REPLAN_METHOD_MAP(ECS_REPLAN_METHOD_ENUM)
#undef ECS_REPLAN_METHOD_ENUM
} ecs_replan_method;

/* "keep", "local", "milp". */
const char *ecs_replan_method_name(ecs_replan_method m);

/* Parse a method name into *out: OK, or EUNSUPPORTED for a method of
 * the table that cannot re-plan (its reason in diag), EINVAL for an
 * unknown name (diag names the accepted ones). */
ecs_result ecs_replan_method_parse(const char *name, ecs_replan_method *out,
                                   ecs_diag *diag);

/* What a task became in the re-plan. XX(ENUM_SUFFIX, "name in output") */
#define ECS_REPLAN_CHANGE_MAP(XX)                                             \
    XX(DONE, "done")       /* finished before now: kept */                    \
    XX(RUNNING, "running") /* running at now: kept */                         \
    XX(SAME, "same")       /* free, and unchanged */                          \
    XX(PE, "pe")           /* free: only its PE changed */                    \
    XX(FREQ, "freq")       /* free: same PE and interval, other            \
                              frequencies */                                  \
    XX(MOVED, "moved")     /* free: another start or stop */

typedef enum ecs_replan_change {
#define ECS_REPLAN_CHANGE_ENUM(name, key) ECS_CHANGE_##name,
    ECS_REPLAN_CHANGE_MAP(ECS_REPLAN_CHANGE_ENUM)
#undef ECS_REPLAN_CHANGE_ENUM
    ECS_CHANGE_COUNT
} ecs_replan_change;

/* "done", "running", "same", "pe", "freq", "moved". */
const char *ecs_replan_change_name(ecs_replan_change c);

typedef struct ecs_replan_params {
    ecs_replan_method method; /* default MILP */
    double time_limit_s;      /* wall clock for the call, default 60; > 0 */
    double local_share;       /* MILP: local search's share, default 0.2,
                                 in (0, 1) */
    uint64_t seed;            /* local search's, default 1 */
    double mip_gap;           /* the MILP's relative gap, default 0 */
} ecs_replan_params;

/* Fill params with the defaults. */
void ecs_replan_params_init(ecs_replan_params *prm);

/* EINVAL (diag says which) for a limit that is not positive, a share
 * outside (0, 1), a gap outside [0, 1), an unknown method. */
ecs_result ecs_replan_params_validate(const ecs_replan_params *prm,
                                      ecs_diag *diag);

typedef struct ecs_replan_result {
    ecs_schedule *schedule; /* the new plan, every task of inst->graph */
    long now;               /* the slot re-planned from (0 for now <= 0) */
    size_t count[ECS_CHANGE_COUNT]; /* tasks by what they became */
    unsigned char *change;  /* graph->n entries: ecs_replan_change */
    double cost;            /* the new plan under inst's prices (checker) */
    double keep_cost;       /* the old plan under inst's prices */
    double spent;           /* slots before now under inst's prices (the
                               same in both plans) */
    double fixed_cost;      /* the fixed tasks (done and running), whole */
    double bound;           /* a lower bound on every plan that keeps the
                               fixed tasks (MILP), NAN if none */
    int optimal;            /* the MILP proved the re-plan optimal */
    int kept;               /* the old plan is returned (no cheaper one) */
    size_t sub_tasks;       /* tasks of the sub-instance (free + running) */
    double runtime_s;
} ecs_replan_result;

/*
 * Re-plan `old` (a feasible schedule of inst's graph, contracted) from
 * slot `now` on inst: the graph, the paper's platform, the NEW prices
 * (at least D' of them) and D'.  now <= 0 plans every task afresh.  OK
 * with out filled; EINVAL when old is not feasible on inst (the
 * checker's words), when no task starts at or after now (nothing to
 * re-plan: diag names the last start and the makespan) or for bad
 * params; EUNSUPPORTED on an extended platform; ENOMEM; ESOLVER;
 * EINTERNAL when the new plan fails the checker (a bug).  Release *out
 * with ecs_replan_result_release (also after an error).
 */
ecs_result ecs_replan(const ecs_instance *inst, const ecs_schedule *old,
                      long now, const ecs_replan_params *prm,
                      ecs_replan_result *out, ecs_diag *diag);

/* Free what a result holds; NULL is accepted. */
void ecs_replan_result_release(ecs_replan_result *r);

/*
 * The slot of a time `text` on a grid whose slot 0 starts at first_utc
 * (seconds since 1970, UTC; 0: no clock times) with slots of
 * slot_minutes, clock times in zone_minutes (local = UTC + offset):
 *  - a whole number: that slot;
 *  - "HH:MM": that clock time on the day of slot 0;
 *  - a time stamp as the price loader reads it ("2016-10-19T12:00+02:00",
 *    "...Z", naive "2016-10-19 12:00" in the zone).
 * A time inside a slot gives the next slot (the slot that has begun is
 * under way).  *slot may be negative (before slot 0).  EINVAL naming the
 * forms for anything else, or a clock time without clock times.
 */
ecs_result ecs_replan_now_parse(const char *text, long long first_utc,
                                int slot_minutes, int zone_minutes,
                                long *slot, ecs_diag *diag);

/* A re-plan of a schedule document (ecs_replan_document). */
typedef struct ecs_replan_run {
    ecs_setup m;         /* the document's terms, the new prices */
    ecs_problem pb;      /* the problem under them: D' as recorded */
    int have_pb;
    ecs_schedule *old;   /* the document's plan */
    char old_command[32]; /* the command that made it */
    double old_cost;     /* its cost under its own prices (the document's) */
    long now_asked;      /* the slot of TIME (may be < 0) */
    char now_time[48];   /* slot now as an ISO time, "" without clock */
    ecs_replan_result res;
    json_t *doc;         /* the new document */
} ecs_replan_run;

/*
 * Re-plan the schedule document at doc_path (written by a command on the
 * paper's platform) from TIME `now` under the price series prices_spec
 * (a file or built-in, read with the document's price options: its slot
 * length, its zone, from its first slot on, never repeated), with the
 * document's graph (graph.file, found by flags->find_file), PEs,
 * frequencies, power, work unit and deadline.  flags gives find_file,
 * limits, watts (0: the document's) and the new file's columns
 * (price_column, time_column, filter; "" = the loader's guess), its unit
 * ("" = the document's) and utc offset (when given).  run->doc is the new document: the head of
 * every schedule document under the new prices, "replan" (now, the old
 * plan's document, command, cost and tasks, what changed, the costs) and
 * the record ("model" with the new price source, so that validate judges
 * the new plan under the new prices).  EIO for a missing file, EPARSE,
 * EINVAL for a document of another model (CaWoSched's, a compare
 * document, one written by hand), prices that do not cover the horizon
 * and the errors of ecs_replan; EUNSUPPORTED on an extended platform.
 * Release with ecs_replan_run_release (also after an error).
 */
ecs_result ecs_replan_document(const char *doc_path, const char *prices_spec,
                               const char *now, const ecs_setup *flags,
                               const ecs_replan_params *prm,
                               ecs_replan_run *run, ecs_diag *diag);

/* Free what a run holds; NULL is accepted. */
void ecs_replan_run_release(ecs_replan_run *run);

/*
 * What validate adds for a re-planned document (one with "replan"): every
 * task that started before replan.now in replan.old.tasks is in s as it
 * was (PE, start, stop, frequencies), and every other task of s starts at
 * now or later.  *now gets replan.now and *fixed the tasks kept (-1 and
 * 0 for a document without "replan", which passes).  OK, EVIOLATION
 * naming the first task that breaks it (its STG id, the slot), EPARSE
 * for a "replan" object that cannot be read, ENOMEM.
 */
ecs_result ecs_replan_check(const json_t *doc, const char *path,
                            const ecs_graph *g, const ecs_platform *p,
                            const ecs_schedule *s, long *now, size_t *fixed,
                            ecs_diag *diag);

#ifdef __cplusplus
}
#endif

#endif
