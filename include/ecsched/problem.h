/* ecsched: the problem a scheduling method starts from, assembled from a
 * set-up (setup/problem.c): the graph, the base schedule, the deadline
 * rule and D', the prices (and an extended platform's series). */
#ifndef ECSCHED_PROBLEM_H
#define ECSCHED_PROBLEM_H

#include "ecsched/document.h"
#include "ecsched/instance.h"
#include "ecsched/platform_file.h"
#include "ecsched/setup.h"

/* D' from --deadline N, or floor(makespan * (1 + E)) exactly. */
ecs_result ecs_setup_deadline(const ecs_setup *m, long makespan, long *out,
                            ecs_diag *diag);

/*
 * Read a user's base schedule (--base): tasks [{id, pe, start, stop}] at
 * f = 1 (freqs optional), checked by the checker; a base that breaks the
 * model is bad input (EPARSE).
 */
ecs_result ecs_read_base(const char *path, const ecs_limits *lim,
                             const ecs_graph *g,
                             const ecs_platform *p, ecs_schedule **out,
                             ecs_diag *diag);

/* Everything a scheduling command needs before it schedules. */
typedef struct ecs_problem {
    const char *graph_path;
    ecs_graph *raw;            /* the graph as read (for the document) */
    ecs_graph *g;              /* contracted: the tasks with work */
    ecs_schedule *base;        /* base schedule at f = 1 */
    long base_makespan;        /* M */
    int base_optimal;          /* M proven optimal (0 for a user's --base) */
    long base_lower_bound;     /* proven lower bound on M */
    unsigned long long base_nodes; /* search nodes of the makespan solver */
    double base_runtime_s;
    int base_from_file;        /* 1 when --base gave it */
    int base_list;             /* 1: the list schedule of an extended
                                  platform's classes (status "list") */
    int base_capped;           /* 1: that list schedule under a cap that
                                  can bind */
    long deadline;             /* D' */
    ecs_slot_prices prices;    /* per-slot prices of slots 0..n-1, n >= D' */
    int have_prices;
    double base_cost;          /* cost of the base under these prices */
    ecs_ext ext;              /* the extended platform's sites, sources,
                                  caps on the slot grid (ext.on = 0: the
                                  paper's) */
    const ecs_platform *platform; /* m's, for ecs_problem_instance */
} ecs_problem;

/* The instance of pb (borrowing its graph, prices, platform and the
 * extended platform's sites and sources), deadline D'.  Nothing derived:
 * no release needed. */
void ecs_problem_instance(const ecs_problem *pb, ecs_instance *inst);

/* The same on platform p into *buf, returned: for one call, as
 * ECS_PROBLEM_INSTANCE(pb, p). */
ecs_instance *ecs_problem_inst(const ecs_problem *pb, const ecs_platform *p,
                                ecs_instance *buf);
#define ECS_PROBLEM_INSTANCE(PB_, P_) ecs_problem_inst((PB_), (P_), &(ecs_instance){0})

/*
 * Load the graph (m->format), get the base schedule (m->base_path, else the
 * makespan solver with makespan_time_limit_s), compute D' (--deadline or
 * --extension) and the per-slot prices for max(D', M) slots, and the base
 * cost.  A deadline below the base makespan is allowed (the commands report
 * it).  Release with ecs_problem_release.
 */
ecs_result ecs_problem_load(const ecs_setup *m, const char *graph_path,
                                double makespan_time_limit_s,
                                ecs_problem *out, ecs_diag *diag);

/* (Re)load pb's prices (and an extended platform's sites, sources and
 * caps) for max(D', M) slots and the base's cost under them. */
ecs_result ecs_problem_prices(const ecs_setup *m, ecs_problem *pb,
                               ecs_diag *diag);

/*
 * The head of a schedule document for this problem: command cmd, the
 * graph file and graph as read, the platform of m, the prices, D' and the
 * base cost.  The caller sets check, status and runtime_s.
 */
void ecs_problem_doc_info(const ecs_problem *pb,
                              const ecs_setup *m, const char *cmd,
                              ecs_doc_info *in);


/* How the base was made: "makespan_search" (the makespan solver),
 * "list" (the list schedule on classes), "list_under_cap" (the same under
 * a cap that can bind) or "file" (--base). */
const char *ecs_problem_base_method(const ecs_problem *pb);

/* The same for people, with whether M is proven optimal ("proven
 * optimal", "a list schedule under the power cap (not proven optimal;
 * lower bound 3)"). */
void ecs_problem_base_text(const ecs_problem *pb, char *buf, size_t n);

/* What the document says of the base: "base": {makespan, status
 * (ecs_record_base_status), optimal, lower_bound, nodes, runtime_s,
 * makespan_limit_s}.  NULL when out of memory. */
json_t *ecs_problem_base_json(const ecs_problem *pb, double makespan_limit_s);

/*
 * Append what makes a schedule document self-describing: "model"
 * (run/record.h, with the price source's file hash), "params" (stolen;
 * may be NULL: omitted), "base" (ecs_problem_base_json) and "context"
 * (this process: 1 worker, wall and CPU time since t0 and c0 of
 * ecs_clock_now and ecs_clock_cpu).  -1 when out of memory or the price
 * file cannot be read again.
 */
int ecs_document_add_record(json_t *doc, const ecs_problem *pb,
                           const ecs_setup *m, json_t *params,
                           double makespan_limit_s, double t0, double c0);

/* Free what a problem holds; NULL is accepted. */
void ecs_problem_release(ecs_problem *pb);

#endif
