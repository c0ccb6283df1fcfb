/*
 * ecsched: one scheduling problem, the argument of every method
 * (taskgraphs/instance.c; the model in docs/MODEL.md).
 *
 * An instance is a task graph, a platform, a price per slot and the
 * deadline D' (every task stops by slot D' - 1), with how D' was set.
 * Every method takes one: the checker (ecs_check_instance), the paper's
 * heuristic (heuristic.h), local search (local.h), the MILP (milp.h), the
 * bounds (bound.h), the dynamic program (dp.h), large-neighbourhood search
 * (lns.h) and the engine's ecs_solve (solve.h).
 *
 * Ownership.  An instance borrows what it is given: the graph, the
 * platform and the prices stay the caller's and must outlive the instance
 * unchanged.  What the instance derives from them it owns: the transitive
 * reduction of the graph (the solvers' precedence rows) and the time
 * windows of the tasks, computed once by ecs_instance_prepare and then
 * shared by every method that runs on it; a method given an instance that
 * was not prepared derives what it needs itself, each time.  So:
 *
 *     ecs_instance inst;
 *     ecs_instance_init(&inst, g, &platform, price, nprice, deadline);
 *     rc = ecs_instance_prepare(&inst, &diag);   (validates, derives)
 *     ... any method on &inst ...
 *     ecs_instance_release(&inst);
 *
 * The platform of today is one class of P identical PEs; per-class data and
 * energy sources are to be added as fields here, not as new arguments.
 */
#ifndef ECSCHED_INSTANCE_H
#define ECSCHED_INSTANCE_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"

/* How D' was set (recorded for documents; the methods read only D'). */
typedef enum ecs_deadline_rule {
    ECS_DEADLINE_GIVEN = 0,    /* D' given in slots */
    ECS_DEADLINE_EXTENSION = 1 /* D' = floor(M (1 + E)) for the base
                                  makespan M (ecs_deadline_extend) */
} ecs_deadline_rule;

/* "given" or "extension". */
const char *ecs_deadline_rule_name(ecs_deadline_rule r);

/* Time windows: the earliest first slot and the latest last slot of every
 * task under D' on P PEs (critical path and load bounds, docs/MODEL.md
 * "Time windows"). */
typedef struct ecs_windows {
    size_t n;
    long *es; /* earliest start */
    long *lf; /* latest stop */
} ecs_windows;

typedef struct ecs_instance {
    const ecs_graph *graph;       /* contracted: every task has work >= 1 */
    const ecs_platform *platform;
    const double *price;          /* price of slot l, finite */
    size_t nprice;                /* >= deadline */
    long deadline;                /* D' >= 1 */
    ecs_deadline_rule rule;       /* default ECS_DEADLINE_GIVEN */
    double extension;             /* E when rule is EXTENSION, else 0 */
    long base_makespan;           /* M that E extends, else 0 */
    /* derived by ecs_instance_prepare, owned (NULL / 0 before) */
    const ecs_graph *reduced;     /* graph's transitive reduction (or graph
                                     itself when it cannot be made) */
    ecs_windows windows;          /* of reduced; n = 0 before */
    int windows_empty;            /* some task's window is shorter than
                                     its work: no schedule meets D' */
    ecs_graph *reduced_owned_;    /* private */
} ecs_instance;

/* A borrowed instance as an expression, for one call (nothing derived; no
 * release needed): ecs_check_schedule(ECS_INSTANCE_BORROW(g, &p, price, n,
 * D), s, &report, &diag).  It lives until the end of the enclosing block. */
#define ECS_INSTANCE_BORROW(G_, P_, PRICE_, N_, D_)                           \
    (&(ecs_instance){.graph = (G_), .platform = (P_), .price = (PRICE_),     \
                     .nprice = (N_), .deadline = (D_)})

/* Fill inst to borrow g, p and price[0..nprice-1] with deadline D'; rule
 * GIVEN, nothing derived.  Never fails. */
void ecs_instance_init(ecs_instance *inst, const ecs_graph *g,
                       const ecs_platform *p, const double *price,
                       size_t nprice, long deadline);

/* OK, or EINVAL (diag says which) for a missing graph, platform or prices,
 * a platform not initialised (ecs_platform_init and its setters), a task
 * without work (contract the graph first), a deadline below 1, fewer
 * prices than D' or a price that is not finite.  Every method runs it
 * first. */
ecs_result ecs_instance_validate(const ecs_instance *inst, ecs_diag *diag);

/* Validate, then derive the reduction and the windows once (a second call
 * does nothing).  OK, EINVAL as ecs_instance_validate, ENOMEM. */
ecs_result ecs_instance_prepare(ecs_instance *inst, ecs_diag *diag);

/* The graph the solvers work on: inst->reduced once prepared, else the
 * graph itself. */
const ecs_graph *ecs_instance_solver_graph(const ecs_instance *inst);

/* Compute windows for g (inst's graph or its reduction: the same windows)
 * on inst's PEs and deadline into *w; *empty as windows_empty.  OK,
 * ENOMEM.  Release with ecs_windows_release. */
ecs_result ecs_windows_compute(const ecs_graph *g, int pes, long deadline,
                               ecs_windows *w, int *empty, ecs_diag *diag);

/* Free what w holds; NULL is accepted. */
void ecs_windows_release(ecs_windows *w);

/* Free what the instance derived (not what it borrows); NULL is
 * accepted.  The instance is as after ecs_instance_init. */
void ecs_instance_release(ecs_instance *inst);

#endif
