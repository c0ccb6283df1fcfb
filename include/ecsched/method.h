/*
 * ecsched: every method in one table (engine/method.c), as SCIP lists its
 * plugins in scipdefplugins.c.  A row is a method's name, its role (start,
 * bound, exact, improve), the models it handles (the paper's platform, the
 * extended platform, CaWoSched's fixed mapping, CaWoSched's platform with
 * the mapping chosen; docs/MODEL.md "Which methods handle it" holds the
 * same table and a test holds the one against the other) and the function
 * that runs it on any of them through one signature.  `solve`'s plan
 * (solve.h), the command's `--methods`, `compare`, the CaWoSched plans (the
 * row `solve` on a fixed mapping and with the mapping chosen) and the
 * Python package compose from it, and a method asked for a model it does
 * not handle says so from its row (ecs_method_require).
 *
 *     const ecs_method *m = ecs_method_find("local");
 *     ecs_method_args a;
 *     ecs_method_args_init(&a);
 *     a.inst = &inst;                      (prepared: instance.h)
 *     a.time_limit_s = 10;
 *     ecs_method_out out;
 *     rc = ecs_method_run(m, &a, &out, &diag);   (EUNSUPPORTED: the model)
 *     ... out.schedule, out.cost, out.bound ...
 *     ecs_method_out_release(&out);
 *
 * Adding a method is one row: write its run function (ecs_method_fn below:
 * read the args, fill out, leave the checker to ecs_method_run) in the
 * file of its family or in engine/method.c, and add the row to the table
 * in engine/method.c with its name, role, models and a line of what it
 * is; add the same row to docs/MODEL.md's table (tests/unit/test_method.c
 * fails until both agree).  Nothing else lists methods.
 */
#ifndef ECSCHED_METHOD_H
#define ECSCHED_METHOD_H

#include <stddef.h>
#include <stdint.h>

#include "ecsched/cawosched.h"
#include "ecsched/check.h"
#include "ecsched/fixedmap_milp.h"
#include "ecsched/instance.h"
#include "ecsched/progress.h"
#include "ecsched/remap.h"
#include "ecsched/result.h"
#include "ecsched/schedule.h"

/* What a method does.  XX(ENUM_SUFFIX, "name") */
#define ECS_METHOD_ROLE_MAP(XX)                                               \
    XX(START, "start")     /* makes a schedule from nothing */               \
    XX(BOUND, "bound")     /* proves a lower bound on every schedule */      \
    XX(EXACT, "exact")     /* a schedule and a bound, optimal given time */  \
    XX(IMPROVE, "improve") /* makes a given schedule cheaper */

typedef enum ecs_method_role {
#define ECS_METHOD_ROLE_ENUM(name, key) ECS_ROLE_##name,
    ECS_METHOD_ROLE_MAP(ECS_METHOD_ROLE_ENUM)
#undef ECS_METHOD_ROLE_ENUM
} ecs_method_role;

/* "start", "bound", "exact", "improve". */
const char *ecs_method_role_name(ecs_method_role r);

/* The models, one bit each.  XX(ENUM_SUFFIX, bit, "name")
 *  PAPER     identical PEs, one price (the paper)
 *  EXTENDED  PE classes, sites, sources, caps (ecs_instance_extended)
 *  FIXEDMAP  CaWoSched's fixed mapping: its setup, each task's processor
 *            and each processor's order given, the starts chosen
 *            (cawosched.h)
 *  FREEMAP   CaWoSched's platform with the mapping chosen: its setup, each
 *            task's processor, each processor's order and the starts (and
 *            with frequencies each task's) chosen, transfers on the links
 *            between processors (remap.h)
 *  SLOTS     the paper's platform on slots of different lengths
 *            (instance.h slot_len; docs/MODEL.md "Slots of different
 *            lengths") */
#define ECS_MODEL_MAP(XX)                                                     \
    XX(PAPER, 1u, "paper")                                                    \
    XX(EXTENDED, 2u, "extended")                                              \
    XX(FIXEDMAP, 4u, "fixedmap")                                              \
    XX(FREEMAP, 8u, "freemap")                                                \
    XX(SLOTS, 16u, "slots")

typedef enum ecs_model {
#define ECS_MODEL_ENUM(name, bit, key) ECS_MODEL_##name = bit,
    ECS_MODEL_MAP(ECS_MODEL_ENUM)
#undef ECS_MODEL_ENUM
} ecs_model;

/* "paper", "extended", "fixedmap", "freemap"; "?" for anything else. */
const char *ecs_model_name(ecs_model m);

/* What a method is given.  One problem: inst (the paper's or the extended
 * model, by ecs_instance_extended), cws (the fixed mapping), or graph and
 * cws_setup (CaWoSched's platform with the mapping chosen). */
typedef struct ecs_method_args {
    const ecs_instance *inst;   /* prepared once by the caller, or NULL */
    const ecs_cws_problem *cws; /* or NULL */
    const ecs_graph *graph;     /* the mapping chosen: the graph, */
    const ecs_cws_setup *cws_setup; /* CaWoSched's setup (both, or
                                       neither), */
    const ecs_cws_mapping *cws_map; /* and a mapping to start from (the
                                       search's params.given), or NULL */
    const ecs_schedule *start;  /* a schedule of inst to start from: the
                                   base for base, sweep and binary; the
                                   start of local, lns and solve; the MILP's
                                   warm start; NULL: the method makes its own
                                   (the makespan search's base, then the
                                   sweep, on the paper's model) */
    const long *cws_start;      /* the fixed mapping's start times (cws->n),
                                   a valid schedule, or NULL */
    double time_limit_s;        /* > 0, default 60; 0: none, where the
                                   method allows it (the fixed mapping's
                                   scheduler and plan); the mapping
                                   search's default (10 s) with the
                                   mapping chosen */
    double gap;                 /* exact methods: stop at this relative gap,
                                   default 0 */
    uint64_t seed;              /* default 1 */
    const void *params;         /* the method's own params, the type its row
                                   names (e.g. ecs_local_params for local),
                                   used as they are; NULL (default): their
                                   defaults with the limit, gap and seed
                                   above.  With the mapping chosen, every
                                   row's is ecs_remap_params (freqs: the
                                   frequencies; remap_bound reads only
                                   them); solve's plan gives the search
                                   0.9 of time_limit_s (when > 0) less the
                                   bound's time, and stops it at the
                                   bound */
    ecs_progress_fn progress;   /* the MILP's progress, or NULL */
    void *progress_ctx;
} ecs_method_args;

/* Fill a with the defaults (nothing set, 60 s, gap 0, seed 1). */
void ecs_method_args_init(ecs_method_args *a);

/* What a method gives. */
typedef struct ecs_method_out {
    ecs_schedule *schedule;  /* a schedule of inst that passed the
                                checker, or NULL */
    long *cws_start;         /* CaWoSched's models: the problem's (cws, or
                                cws_problem below) n start times that
                                ecs_cws_evaluate accepts, or NULL */
    ecs_cws_mapping *cws_map;     /* the mapping chosen: the mapping, */
    ecs_cws_problem *cws_problem; /* and its problem (with frequencies,
                                     ecs_cws_problem_build_freq's), or
                                     NULL */
    ecs_check_report check;  /* the checker on schedule */
    double cost;             /* its cost (checker or evaluator), NAN */
    double bound;            /* a proven lower bound on every schedule's
                                cost, NAN */
    double gap;              /* (cost - bound) relative, NAN */
    int optimal;             /* cost proven optimal (gap 0 asked for) */
    char status[24];         /* "feasible", "fallback" (the heuristic kept
                                its base), "optimal", "infeasible",
                                "no_solution", "bound" (a bound alone) */
    const char *bound_method;/* who proved the bound ("milp", "fluid",
                                "fixedmap", ...), or NULL */
    const char *found_by;    /* who found the schedule (solve), or NULL */
    double start_cost;       /* CaWoSched's models: the best start's cost
                                (the scheduler's, the mapping search's
                                given, list and relaxation mappings'),
                                NAN */
    const char *note;        /* CaWoSched's plans: why the MILP did not
                                run, or NULL */
    int milp_ran;            /* the fixed mapping's plan ran the MILP */
    ecs_fixedmap_milp_result milp; /* what it gave (milp_ran) */
    int remap_ran;           /* the mapping search ran */
    ecs_remap_stats remap;   /* what it did (remap_ran) */
    double runtime_s;
} ecs_method_out;

/* Free what out holds (schedule, cws_start, cws_map, cws_problem); NULL is
 * accepted. */
void ecs_method_out_release(ecs_method_out *out);

/* The run function of a row: fill out (zeroed, cost, bound, gap and
 * start_cost NAN) from a; OK for every outcome (status says which),
 * else an error code with diag. */
typedef ecs_result (*ecs_method_fn)(const ecs_method_args *a,
                                    ecs_method_out *out, ecs_diag *diag);

/* One row of the table. */
typedef struct ecs_method {
    const char *name;     /* "local", as on the command line */
    ecs_method_role role;
    unsigned models;      /* the ECS_MODEL_* bits it handles */
    const char *what;     /* what it is, for messages: "the paper's
                             heuristic (budget sweep)" */
    const char *params;   /* the type of args.params: "ecs_local_params" */
    ecs_method_fn run;
} ecs_method;

/* The fixed mapping's plan (the row solve on FIXEDMAP) runs its MILP only
 * on problems of at most this many tasks, transfers included (the
 * time-indexed model grows with the windows). */
#define ECS_METHOD_CWS_MILP_MAX_TASKS 1000

/* The table, in the order the command lists the methods; *n rows. */
const ecs_method *ecs_methods(size_t *n);

/* The row named `name`, or NULL. */
const ecs_method *ecs_method_find(const char *name);

/* The model of an instance: EXTENDED when ecs_instance_extended, SLOTS
 * when it has slot lengths (instance.h), else PAPER. */
ecs_model ecs_instance_model(const ecs_instance *inst);

/* The model of what can bind in inst into *model: the model of its view
 * (ecs_instance_view_make: sources of zero volume and caps above the peak
 * dropped), so PAPER for an extended platform whose extended features
 * cannot bind.  Every schedule costs the same on either.  OK, or ENOMEM. */
ecs_result ecs_instance_binding_model(const ecs_instance *inst,
                                      ecs_model *model, ecs_diag *diag);

/* The model of args: FIXEDMAP when cws is set, FREEMAP when cws_setup
 * is, else inst's. */
ecs_model ecs_method_args_model(const ecs_method_args *a);

/* 1 when m handles model. */
int ecs_method_handles(const ecs_method *m, ecs_model model);

/* OK when m handles model; else EUNSUPPORTED, diag from the row: "WHAT
 * handles MODELS only, not MODEL; use A, B or C" (the improving and exact
 * rows that handle it, or the bounds for a bound). */
ecs_result ecs_method_require(const ecs_method *m, ecs_model model,
                              ecs_diag *diag);

/*
 * Run m: ecs_method_require on a's model, the row's run function, then
 * the checker on its schedule (out->check, out->cost) or the evaluator on
 * its start times.  A row that does not handle the extended platform runs
 * on the instance's view when what makes it extended cannot bind
 * (ecs_instance_binding_model: the sweep with a zero-volume source is the
 * paper's sweep); the checker judges the schedule on a->inst itself.  OK with out filled for every outcome; EUNSUPPORTED
 * (above), EINVAL (a missing or doubled problem, bad params), EVIOLATION
 * when the checker rejects the schedule (out->check says why; the base
 * below D' is such a case, which a caller may report), and the method's
 * codes (CaWoSched's rows: EINFEASIBLE when no schedule meets the
 * deadline, diag says why).  Release out with ecs_method_out_release, also
 * after an error.
 */
ecs_result ecs_method_run(const ecs_method *m, const ecs_method_args *a,
                          ecs_method_out *out, ecs_diag *diag);

#endif
