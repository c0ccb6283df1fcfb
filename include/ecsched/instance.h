/*
 * ecsched: one scheduling problem, the argument of every method
 * (taskgraphs/instance.c; the model in docs/MODEL.md).
 *
 * An instance is a task graph, a platform, a price per slot and the
 * deadline D' (every task stops by slot D' - 1), with how D' was set.
 * Every method takes one: the checker (ecs_check_schedule), the paper's
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
 * The extended model (docs/MODEL.md "Heterogeneous platforms"): PE classes
 * live in the platform (platform.h); what varies by slot lives here: a
 * price series per site, a power cap per site and slot, and limited energy
 * sources (own solar, wind) per site and slot.  An instance without them
 * (site NULL, nsource 0) and a platform without classes is the paper's
 * model, on which every method runs unchanged.
 */
#ifndef ECSCHED_INSTANCE_H
#define ECSCHED_INSTANCE_H

#include <stddef.h>

#include "ecsched/graph.h"
#include "ecsched/limits.h"
#include "ecsched/platform.h"
#include "ecsched/result.h"

/* How D' was set (recorded for documents; the methods read only D'). */
typedef enum ecs_deadline_rule {
    ECS_DEADLINE_GIVEN = 0,    /* D' given in slots */
    ECS_DEADLINE_EXTENSION = 1 /* D' = floor(M (1 + E)) for the base
                                  makespan M (ecs_decimal_extend) */
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

/* What a site has beyond its PEs: its own prices and cap per slot. */
typedef struct ecs_site {
    const double *price; /* nprice values (the instance's); NULL: the
                            instance's price */
    const double *cap;   /* nprice values: the most energy the site may
                            draw in a slot (idle included), >= 0, +inf for
                            none; NULL: no cap */
} ecs_site;

/* A limited energy source of a site: up to volume[l] energy in slot l at
 * price (the prices' normalised unit per energy unit), used before the
 * grid when it is cheaper than the grid's price in that slot. */
typedef struct ecs_source {
    char name[ECS_NAME_MAX];
    int site;
    double price;
    const double *volume; /* nprice values, finite, >= 0 */
} ecs_source;

#define ECS_MAX_SOURCES 16

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
    /* the extended model (NULL / 0: the paper's) */
    const ecs_site *site;         /* platform->nsite entries, or NULL: every
                                     site has the instance's price, no cap */
    const ecs_source *source;     /* nsource sources */
    size_t nsource;               /* <= ECS_MAX_SOURCES */
    /* Latest last slot of each task (graph->n values, each with
     * work - 1 <= due[i] < D'), or NULL: D' - 1 for every task.  The
     * fixed prefix of a re-plan (replan.h) pins a running task with it.
     * Honoured by the windows (ecs_instance_prepare clamps lf to it and
     * propagates), ecs_local_run on the paper's platform and ecs_milp_solve
     * (the strong formulation, on a prepared instance); the methods that
     * would ignore it refuse it (ecs_instance_require_no_due).  The
     * checker does not judge it. */
    const long *due;
    /* slots of different lengths (docs/MODEL.md "Slots of different
     * lengths"): slot_len[l] >= 1 is slot l's length in units (the unit
     * being the length in which one PE at f = 1 does one work unit), for
     * l < nprice; NULL: every slot is one unit (the uniform grid).  Not
     * with due (a re-plan on lengths is EUNSUPPORTED). */
    const int *slot_len;
} ecs_instance;

/* EUNSUPPORTED (diag: "METHOD does not handle tasks with a latest last
 * slot (a re-plan's fixed prefix): ...") when inst->due is set, else OK. */
ecs_result ecs_instance_require_no_due(const ecs_instance *inst,
                                       const char *method, ecs_diag *diag);

/* Slot l's length in units: slot_len[l], or 1 without lengths. */
long ecs_instance_slot_len(const ecs_instance *inst, long l);

/* The windows of g (inst's graph or its reduction) under inst: those of
 * ecs_windows_compute_platform on the uniform grid; with slot lengths,
 * those of the graph whose works are ceil(w_i / longest slot) (a task
 * needs at least that many slots wherever it runs).  OK, ENOMEM. */
ecs_result ecs_windows_compute_instance(const ecs_instance *inst,
                                        const ecs_graph *g, ecs_windows *w,
                                        int *empty, ecs_diag *diag);

/* 1 when inst uses the extended model: PE classes, sites, sources or caps
 * (every method says whether it handles it, else ECS_EUNSUPPORTED). */
int ecs_instance_extended(const ecs_instance *inst);

/* EUNSUPPORTED (diag: "METHOD handles the paper's platform only: ...")
 * when inst is extended or has slot lengths, else OK.  For methods of the
 * paper's model. */
ecs_result ecs_instance_require_paper(const ecs_instance *inst,
                                      const char *method, ecs_diag *diag);

/* EUNSUPPORTED (diag: "METHOD handles slots of one length only ...") when
 * inst has slot lengths, else OK.  For methods that count one work unit
 * per slot at f = 1. */
ecs_result ecs_instance_require_uniform(const ecs_instance *inst,
                                        const char *method, ecs_diag *diag);

/* The price of slot l at site s (l < nprice). */
double ecs_instance_price(const ecs_instance *inst, int site, long l);

/*
 * The cost of drawing energy e >= 0 at site s in slot l: the cheapest
 * cover by the site's sources (each up to its volume, at its price, used
 * only where cheaper than the grid) and the grid (unlimited, at the
 * site's price); convex and piecewise linear in e.  Without sources,
 * e times the price.
 */
double ecs_instance_slot_cost(const ecs_instance *inst, int site, long l,
                              double e);

/* The sources that cover a draw at site s in slot l, in the order the
 * cover takes them: those of the site cheaper than its price in slot l
 * and not empty there, by price, ties by index; their indices into
 * order[] (room for ECS_MAX_SOURCES); returns how many.  The one place
 * that order is decided (ecs_instance_slot_cover, and the tables of the
 * local search that price a draw the same way). */
size_t ecs_instance_slot_sources(const ecs_instance *inst, int site, long l,
                                 size_t order[]);

/* The same cover in parts: from_source[j] for every source j of the
 * instance (0 for other sites'; may be NULL), the grid's share in *grid
 * (may be NULL); returns the cost. */
double ecs_instance_slot_cover(const ecs_instance *inst, int site, long l,
                               double e, double *from_source, double *grid);

/* The cap of site s in slot l (+inf when none). */
double ecs_instance_cap(const ecs_instance *inst, int site, long l);

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
 * prices than D', a price that is not finite, a due slot outside
 * work - 1 .. D' - 1 or a slot length outside 1..ECS_SLOT_LEN_MAX;
 * EUNSUPPORTED for slot lengths on the extended model or with due.  Every
 * method runs it first. */
ecs_result ecs_instance_validate(const ecs_instance *inst, ecs_diag *diag);

/* Validate, then derive the reduction and the windows once (a second call
 * does nothing; with due, lf_i <= due[i], propagated to the predecessors).  OK, EINVAL as ecs_instance_validate, ENOMEM. */
ecs_result ecs_instance_prepare(ecs_instance *inst, ecs_diag *diag);

/*
 * The instance without what cannot bind, so that a method chooses its
 * route on what matters (docs/MODEL.md "What cannot bind"):
 *  - a source that has no volume, or is never cheaper than its site's
 *    grid, in every slot of 0..D'-1 is dropped;
 *  - a site's cap that is at least the site's peak draw in every slot
 *    (every PE idle, plus min(count, tasks) PEs of each class at their
 *    largest draw) is dropped;
 *  - a site whose slot cost is linear on 0..peak in every slot (its
 *    cheapest source cheaper than the grid covers the peak, or none has
 *    volume there) gets that slope as its price and loses its sources;
 *  - what is left, when it is one class at one site with speed f, no
 *    idle draw, the instance's prices, no source and no cap, is the
 *    paper's platform with the class's energies (power_of).
 * Every schedule costs the same on the view as on inst and is feasible on
 * one when on the other.  The view borrows inst (its graph, reduction and
 * windows); inst must outlive it.  v->changed is 0 when nothing was
 * dropped (v->inst is then a plain copy).  OK, or ENOMEM.  Release with
 * ecs_instance_view_release.
 */
typedef struct ecs_instance_view {
    ecs_instance inst;          /* the view (borrows; never prepare it) */
    ecs_platform platform;
    ecs_site site[ECS_MAX_SITES];
    ecs_source source[ECS_MAX_SOURCES];
    double *price_owned_[ECS_MAX_SITES]; /* private */
    int changed;                /* something was dropped */
    int sources_dropped;        /* sources dropped */
    int caps_dropped;           /* sites whose cap was dropped */
    int linear_sites;           /* sites made linear */
    int paper;                  /* the view is the paper's model */
} ecs_instance_view;

ecs_result ecs_instance_view_make(const ecs_instance *inst,
                                  ecs_instance_view *v, ecs_diag *diag);

/* Free what the view owns (NULL allowed). */
void ecs_instance_view_release(ecs_instance_view *v);

/* The graph the solvers work on: inst->reduced once prepared, else the
 * graph itself. */
const ecs_graph *ecs_instance_solver_graph(const ecs_instance *inst);

/* Compute windows for g (inst's graph or its reduction: the same windows)
 * on inst's PEs and deadline into *w; *empty as windows_empty.  OK,
 * ENOMEM.  Release with ecs_windows_release. */
ecs_result ecs_windows_compute(const ecs_graph *g, int pes, long deadline,
                               ecs_windows *w, int *empty, ecs_diag *diag);

/* The same on platform p: the paper's platform as above; with PE classes
 * a task takes at least ceil(w G / the fastest speed) slots and the
 * machine does at most the sum of count times top speed per slot
 * (docs/MODEL.md "Heterogeneous platforms"). */
ecs_result ecs_windows_compute_platform(const ecs_graph *g,
                                        const ecs_platform *p, long deadline,
                                        ecs_windows *w, int *empty,
                                        ecs_diag *diag);

/* Free what w holds; NULL is accepted. */
void ecs_windows_release(ecs_windows *w);

/* Free what the instance derived (not what it borrows); NULL is
 * accepted.  The instance is as after ecs_instance_init. */
void ecs_instance_release(ecs_instance *inst);

#endif
