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

#include "ecsched/instance.h"
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

#ifdef __cplusplus
}
#endif

#endif
